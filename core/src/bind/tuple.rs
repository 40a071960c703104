//! `Value` for tuples (`(f64, f64)`, up to six elements) and fixed-size
//! arrays (`[u8; 4]`, up to 32 elements): from a JSON array of exactly that
//! many values, each element bound as its own type under its index
//! (`point[1]` in errors). Text (a query or form value) is refused: a
//! sequence of text values binds into a `Vec`.

use super::field::Value;
use super::{FieldCx, FieldErrorKind, Segment};
use crate::convert::Raw;
use crate::error::{Error, ValueError, ValueErrorKind};
use crate::json::{Kind, Number, Reader};

/// Reads the array's next element into `slot` under its index: a `null`
/// where a value is due is `missing` there; a failure is recorded by the
/// element's own type. Returns `false` when the array has ended.
#[inline]
fn element<'r, T: Value<'r>>(
    r: &mut Reader<'r>,
    cx: &mut FieldCx<'_, 'r>,
    index: usize,
    slot: &mut Option<T>,
) -> Result<bool, Error> {
    if !r.next_element()? {
        return Ok(false);
    }
    let mut at = cx.at(Segment::Index(index));
    // The first byte, not the kind: the element's own `from_json` then
    // finds it with no second whitespace skip or kind lookup.
    if r.value_byte()? == b'n' {
        r.null_here()?;
        at.fail(FieldErrorKind::Missing);
    } else {
        *slot = T::from_json(r, &mut at)?;
    }
    Ok(true)
}

/// Converts the number at `index` of an array read whole
/// ([`Reader::numbers_here`]), recording a refusal under that index as the
/// element's own [`Value::from_json`] would.
#[cfg_attr(not(debug_assertions), inline(always))]
fn number_element<'r, T: Value<'r>>(
    n: Option<Number<'r>>,
    cx: &mut FieldCx<'_, 'r>,
    index: usize,
) -> Option<T> {
    converted(n.map(T::from_json_number), cx, index)
}

/// The number at `index` of an array read whole
/// ([`Reader::numbers_with`]) as converted, recording a refusal under that
/// index as the element's own [`Value::from_json`] would.
#[cfg_attr(not(debug_assertions), inline(always))]
fn converted<'r, T>(
    v: Option<Result<T, ValueError>>,
    cx: &mut FieldCx<'_, 'r>,
    index: usize,
) -> Option<T> {
    match v? {
        Ok(v) => Some(v),
        Err(e) => {
            super::json::invalid(cx.at(Segment::Index(index)), e);
            None
        }
    }
}

/// Opens the array a tuple or fixed-size array binds from: `Ok(true)` at
/// its first element; `Ok(false)` for `null` (no value) or any other value
/// (refused in `cx` as `expected`, its bytes still read).
#[inline]
fn open<'r>(
    r: &mut Reader<'r>,
    cx: &mut FieldCx<'_, 'r>,
    expected: &'static str,
) -> Result<bool, Error> {
    match r.value_byte()? {
        b'[' => {
            r.array_here()?;
            Ok(true)
        }
        b'n' => {
            r.null_here()?;
            Ok(false)
        }
        _ => {
            // Any other value (or a byte that starts none: refused by the
            // skip as by a peek).
            r.skip_value()?;
            cx.fail(FieldErrorKind::WrongType(expected));
            Ok(false)
        }
    }
}

/// Reads what is left of an array that was to end after `n` elements,
/// refusing it as `expected` if anything was.
#[inline]
fn close<'r>(
    r: &mut Reader<'r>,
    cx: &mut FieldCx<'_, 'r>,
    expected: &'static str,
) -> Result<(), Error> {
    let mut more = false;
    while r.next_element()? {
        more = true;
        r.skip_value()?;
    }
    if more {
        cx.fail(FieldErrorKind::WrongType(expected));
    }
    Ok(())
}

macro_rules! tuple_value {
    ($n:literal: $($t:ident $v:ident $i:tt),+) => {
        /// From a JSON array of exactly this many values.
        impl<'r, $($t: Value<'r>),+> Value<'r> for ($($t,)+) {
            #[inline]
            fn from_raw(_: Raw<'r>) -> Result<Self, ValueError> {
                Err(ValueError::new(ValueErrorKind::ExpectedArray))
            }

            fn from_json(r: &mut Reader<'r>, cx: &mut FieldCx<'_, 'r>) -> Result<Option<Self>, Error> {
                const EXPECTED: &str = concat!("expected an array of ", $n, " values");
                // Numbers only (a point, a pair of coordinates), written
                // compactly: read in one step.
                if $(<$t as Value<'r>>::JSON_NUMBER)&&+ && r.value_byte()? == b'[' {
                    // Each number converted as soon as it is read: no
                    // number kept for a second pass.
                    $(let mut $v: Option<Result<$t, ValueError>> = None;)+
                    let whole = r.numbers_with::<$n>(|i, n| match i {
                        $($i => $v = Some(<$t as Value<'r>>::from_json_number(n)),)+
                        _ => {}
                    })?;
                    if whole {
                        $(let $v = converted($v, cx, $i);)+
                        return Ok(match ($($v,)+) {
                            ($(Some($v),)+) => Some(($($v,)+)),
                            _ => None,
                        });
                    }
                }
                if !open(r, cx, EXPECTED)? {
                    return Ok(None);
                }
                $(let mut $v: Option<$t> = None;)+
                let mut short = false;
                $(
                    if !short && !element(r, cx, $i, &mut $v)? {
                        short = true;
                    }
                )+
                if short {
                    cx.fail(FieldErrorKind::WrongType(EXPECTED));
                } else {
                    close(r, cx, EXPECTED)?;
                }
                Ok(match ($($v,)+) {
                    ($(Some($v),)+) if !short => Some(($($v,)+)),
                    _ => None,
                })
            }

            no_members!();
        }
    };
}

use super::field::no_members;

tuple_value!(1: A a 0);
tuple_value!(2: A a 0, B b 1);
tuple_value!(3: A a 0, B b 1, C c 2);
tuple_value!(4: A a 0, B b 1, C c 2, D d 3);
tuple_value!(5: A a 0, B b 1, C c 2, D d 3, E e 4);
tuple_value!(6: A a 0, B b 1, C c 2, D d 3, E e 4, F f 5);

/// The refusal of an array of the wrong length, for `[T; N]`.
const fn array_expected(n: usize) -> &'static str {
    const MESSAGES: [&str; 33] = [
        "expected an empty array",
        "expected an array of 1 value",
        "expected an array of 2 values",
        "expected an array of 3 values",
        "expected an array of 4 values",
        "expected an array of 5 values",
        "expected an array of 6 values",
        "expected an array of 7 values",
        "expected an array of 8 values",
        "expected an array of 9 values",
        "expected an array of 10 values",
        "expected an array of 11 values",
        "expected an array of 12 values",
        "expected an array of 13 values",
        "expected an array of 14 values",
        "expected an array of 15 values",
        "expected an array of 16 values",
        "expected an array of 17 values",
        "expected an array of 18 values",
        "expected an array of 19 values",
        "expected an array of 20 values",
        "expected an array of 21 values",
        "expected an array of 22 values",
        "expected an array of 23 values",
        "expected an array of 24 values",
        "expected an array of 25 values",
        "expected an array of 26 values",
        "expected an array of 27 values",
        "expected an array of 28 values",
        "expected an array of 29 values",
        "expected an array of 30 values",
        "expected an array of 31 values",
        "expected an array of 32 values",
    ];
    if n < MESSAGES.len() {
        MESSAGES[n]
    } else {
        "expected an array of the field's length"
    }
}

/// From a JSON array of exactly `N` values.
impl<'r, T: Value<'r>, const N: usize> Value<'r> for [T; N] {
    #[inline]
    fn from_raw(_: Raw<'r>) -> Result<Self, ValueError> {
        Err(ValueError::new(ValueErrorKind::ExpectedArray))
    }

    fn from_json(r: &mut Reader<'r>, cx: &mut FieldCx<'_, 'r>) -> Result<Option<Self>, Error> {
        let expected = array_expected(N);
        if T::JSON_NUMBER && N > 0 && N <= 32 && r.value_byte()? == b'[' {
            if let Some(n) = r.numbers_here::<N>()? {
                let mut all = true;
                let items: [Option<T>; N] = core::array::from_fn(|i| {
                    let v = number_element::<T>(n[i], cx, i);
                    all &= v.is_some();
                    v
                });
                if !all {
                    return Ok(None);
                }
                return Ok(Some(items.map(|v| v.expect("every element is set"))));
            }
        }
        if !open(r, cx, expected)? {
            return Ok(None);
        }
        let mut items: [Option<T>; N] = core::array::from_fn(|_| None);
        let mut len = 0;
        while len < N && element(r, cx, len, &mut items[len])? {
            len += 1;
        }
        if len < N {
            cx.fail(FieldErrorKind::WrongType(expected));
            return Ok(None);
        }
        close(r, cx, expected)?;
        if items.iter().any(Option::is_none) {
            return Ok(None);
        }
        Ok(Some(items.map(|v| v.expect("every element is set"))))
    }

    no_members!();
}

/// `()` from `null` (and only from `null`): a member that must be sent
/// empty.
impl<'r> Value<'r> for () {
    #[inline]
    fn from_raw(raw: Raw<'r>) -> Result<Self, ValueError> {
        if raw.is_empty() {
            Ok(())
        } else {
            Err(ValueError::custom("expected no value"))
        }
    }

    fn from_json(r: &mut Reader<'r>, cx: &mut FieldCx<'_, 'r>) -> Result<Option<Self>, Error> {
        if r.peek()? == Kind::Null {
            r.skip_value()?;
            return Ok(Some(()));
        }
        r.skip_value()?;
        cx.fail(FieldErrorKind::WrongType("expected null"));
        Ok(None)
    }

    no_members!();
}
