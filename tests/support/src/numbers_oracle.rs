//! The one-step read of an array of numbers (a tuple or fixed-size array
//! of number types from `[-65.6,43.1]`) against the element-by-element walk
//! it shortcuts: the same values, the same field errors, the same syntax
//! errors at the same offsets, and the reader left in the same place.
//! Shared by binder-core's tests and the `json_diff` fuzz target. Each
//! check panics on a difference.

use binder_core::bind::{Errors, FieldCx, Value};
use binder_core::convert::{Raw, Ref};
use binder_core::json::Reader;
use binder_core::{Error, Limits, ValueError};

/// `T` as the walk reads it: the same value, but not `JSON_NUMBER`, so a
/// tuple or array of it never takes the one-step read.
#[derive(Debug, PartialEq)]
pub struct Walked<T>(pub T);

impl<'r, T: Value<'r>> Value<'r> for Walked<T> {
    fn from_raw(raw: Raw<'r>) -> Result<Self, ValueError> {
        T::from_raw(raw).map(Walked)
    }

    fn from_json(r: &mut Reader<'r>, cx: &mut FieldCx<'_, 'r>) -> Result<Option<Self>, Error> {
        Ok(T::from_json(r, cx)?.map(Walked))
    }

    type Partial = ();

    fn partial() {}

    fn offer_member(_: &mut (), _: Ref<'r, '_, [u8]>, _: Raw<'r>, _: &mut FieldCx<'_, 'r>) -> bool {
        false
    }

    fn finish_partial(_: (), _: &mut FieldCx<'_, 'r>) -> Option<Self> {
        None
    }
}

/// Binds `V` from the first element of the array `input` should be
/// (`[value,7]`) with the depth limit `depth`, then reads the rest: what
/// the bind returned, the field errors (none after a syntax error, which
/// ends a bind and drops them), and how the rest read, as text.
fn bind<'r, V: Value<'r> + core::fmt::Debug>(input: &'r [u8], depth: usize) -> String {
    let mut limits = Limits::DEFAULT;
    limits.max_json_depth = depth;
    let mut r = Reader::with_limits(input, &limits);
    let mut errors = Errors::new(100);
    let out = (|| {
        r.begin_array()?;
        if !r.next_element()? {
            return Ok((None, None, false));
        }
        let v = V::from_json(&mut r, &mut FieldCx::new(&mut errors, 0, "p"))?;
        let more = r.next_element()?;
        let next = if more {
            Some(r.read_number()?.as_str())
        } else {
            None
        };
        let end = more && r.next_element()?;
        r.finish()?;
        Ok::<_, Error>((v, next, end))
    })();
    match out {
        Ok(out) => format!("{out:?} {errors:?}"),
        Err(e) => format!("{e:?}"),
    }
}

/// Binds `Fast` (read in one step where it can be) and `Slow` (its
/// elements [`Walked`]) from `input`: both must read it alike. Whether a
/// value was bound.
pub fn same<'r, Fast, Slow>(input: &'r [u8], depth: usize) -> bool
where
    Fast: Value<'r> + core::fmt::Debug,
    Slow: Value<'r> + core::fmt::Debug,
{
    let fast = bind::<Fast>(input, depth);
    let slow = bind::<Slow>(input, depth).replace("Walked(", "");
    // `Walked(x)` prints as `x)` once its name is dropped: drop every `)`
    // from both to compare.
    assert_eq!(
        fast.replace(')', ""),
        slow.replace(')', ""),
        "{:?} depth {depth}",
        String::from_utf8_lossy(input)
    );
    fast.starts_with("(Some(")
}

/// Every tuple and array shape checked, on `input` at depth limits 128, 2
/// and 1 (where the array itself is one level too deep): how many shapes
/// bound a value.
pub fn check_numbers(input: &[u8]) -> usize {
    let mut bound = 0;
    for depth in [128, 2, 1] {
        bound += usize::from(same::<(f64, f64), (Walked<f64>, Walked<f64>)>(input, depth));
        bound += usize::from(same::<(u8, i32), (Walked<u8>, Walked<i32>)>(input, depth));
        bound += usize::from(same::<(f32,), (Walked<f32>,)>(input, depth));
        bound += usize::from(
            same::<(u32, f64, i8), (Walked<u32>, Walked<f64>, Walked<i8>)>(input, depth),
        );
        bound += usize::from(same::<[u8; 2], [Walked<u8>; 2]>(input, depth));
        bound += usize::from(same::<[f64; 3], [Walked<f64>; 3]>(input, depth));
        bound += usize::from(same::<[i64; 1], [Walked<i64>; 1]>(input, depth));
    }
    bound
}
