//! Lists: `Vec<T>` fields (every value, in order), `Option<Vec<T>>` (a
//! list that tells "not sent" from "sent empty"), and lists of lists
//! (`Vec<Vec<T>>`, a map of lists) through [`Element`].

use super::field::{blank_part, offer_in, Field, Rejected, Value};
use super::{parse_index, split_path, FieldCx, FieldErrorKind, Segment};
use crate::convert::{Raw, Ref};
use crate::error::{Error, ValueError};
use crate::json::Reader;
use alloc::vec::Vec;

/// One element of a list or one value of a map: every [`Value`], and a
/// list of elements (so `Vec<Vec<(f64, f64)>>` and
/// `BTreeMap<u32, Vec<u32>>` bind). Implemented by binder; a type of your
/// own becomes an element by implementing [`Value`] (or
/// [`FromText`](crate::convert::FromText)).
///
/// A list inside a list binds from a JSON array, element by element
/// (`rings[1][0]` in errors), and from keys that index it
/// (`grid[0][]=1&grid[0][]=2&grid[1][]=3`).
///
/// ```
/// use binder_core::bind::{Bind, Body, Parts};
///
/// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
/// struct Polygon {
///     #[bind(body)]
///     rings: Vec<Vec<(f64, f64)>>,
/// }
///
/// let body = br#"{"rings": [[[0, 0], [1, 0], [0, 1]], [[0.2, 0.2]]]}"#;
/// let req = Parts { body: Body::classify(Some(b"application/json"), body), ..Parts::default() };
/// let p = Polygon::bind(&req).unwrap();
/// assert_eq!(p.rings, vec![vec![(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)], vec![(0.2, 0.2)]]);
/// ```
pub trait Element<'r>: Sized {
    /// As [`Value::IS_TEXT`].
    const IS_TEXT: bool;

    /// As [`Value::CLAIMS_HELD`].
    const CLAIMS_HELD: bool = false;

    /// As [`Value::Partial`].
    type Partial;

    /// As [`Value::from_raw`].
    ///
    /// # Errors
    /// The conversion's error.
    fn from_raw(raw: Raw<'r>) -> Result<Self, ValueError>;

    /// As [`Value::from_part`].
    ///
    /// # Errors
    /// The conversion's error.
    fn from_part(part: &crate::multipart::Part<'r>) -> Result<Option<Self>, ValueError>;

    /// As [`Value::from_json`].
    ///
    /// # Errors
    /// A JSON syntax error.
    fn from_json(r: &mut Reader<'r>, cx: &mut FieldCx<'_, 'r>) -> Result<Option<Self>, Error>;

    /// As [`Value::partial`].
    fn partial() -> Self::Partial;

    /// As [`Value::offer_member`].
    fn offer_member(
        partial: &mut Self::Partial,
        path: Ref<'r, '_, [u8]>,
        raw: Raw<'r>,
        cx: &mut FieldCx<'_, 'r>,
    ) -> bool;

    /// As [`Value::finish_partial`].
    fn finish_partial(partial: Self::Partial, cx: &mut FieldCx<'_, 'r>) -> Option<Self>;
}

impl<'r, T: Value<'r>> Element<'r> for T {
    const IS_TEXT: bool = T::IS_TEXT;
    const CLAIMS_HELD: bool = T::CLAIMS_HELD;

    type Partial = T::Partial;

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn from_raw(raw: Raw<'r>) -> Result<Self, ValueError> {
        T::from_raw(raw)
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn from_part(part: &crate::multipart::Part<'r>) -> Result<Option<Self>, ValueError> {
        T::from_part(part)
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn from_json(r: &mut Reader<'r>, cx: &mut FieldCx<'_, 'r>) -> Result<Option<Self>, Error> {
        T::from_json(r, cx)
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn partial() -> Self::Partial {
        T::partial()
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn offer_member(
        partial: &mut Self::Partial,
        path: Ref<'r, '_, [u8]>,
        raw: Raw<'r>,
        cx: &mut FieldCx<'_, 'r>,
    ) -> bool {
        T::offer_member(partial, path, raw, cx)
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn finish_partial(partial: Self::Partial, cx: &mut FieldCx<'_, 'r>) -> Option<Self> {
        T::finish_partial(partial, cx)
    }
}

/// A list as an element of another (a row of a grid, a ring of a
/// polygon): from a JSON array (`null` is no element), from one value as
/// a list of one, and from keys that index it (`grid[0][]=1`).
impl<'r, T: Element<'r>> Element<'r> for Vec<T> {
    const IS_TEXT: bool = false;
    const CLAIMS_HELD: bool = T::CLAIMS_HELD;

    type Partial = <Vec<T> as Field<'r>>::Slot;

    #[inline]
    fn from_raw(raw: Raw<'r>) -> Result<Self, ValueError> {
        T::from_raw(raw).map(|v| alloc::vec![v])
    }

    #[inline]
    fn from_part(part: &crate::multipart::Part<'r>) -> Result<Option<Self>, ValueError> {
        Ok(T::from_part(part)?.map(|v| alloc::vec![v]))
    }

    fn from_json(r: &mut Reader<'r>, cx: &mut FieldCx<'_, 'r>) -> Result<Option<Self>, Error> {
        if r.value_byte()? == b'n' {
            r.null_here()?;
            return Ok(None);
        }
        let mut slot = <Vec<T> as Field<'r>>::slot();
        <Vec<T> as Field<'r>>::offer_json(&mut slot, r, cx)?;
        Ok(Some(slot.0))
    }

    #[inline]
    fn partial() -> Self::Partial {
        <Vec<T> as Field<'r>>::slot()
    }

    #[inline]
    fn offer_member(
        partial: &mut Self::Partial,
        path: Ref<'r, '_, [u8]>,
        raw: Raw<'r>,
        cx: &mut FieldCx<'_, 'r>,
    ) -> bool {
        <Vec<T> as Field<'r>>::offer_path(partial, path, raw, cx)
    }

    #[inline]
    fn finish_partial(partial: Self::Partial, cx: &mut FieldCx<'_, 'r>) -> Option<Self> {
        <Vec<T> as Field<'r>>::finish(partial, cx)
    }
}

/// Gives the next list element its index, converts it (unless `blank`) and
/// keeps it, or reports the refusal under that index.
#[inline]
fn push_next<T>(
    list: &mut Vec<T>,
    offered: &mut usize,
    blank: bool,
    convert: impl FnOnce() -> Result<Option<T>, ValueError>,
) -> Result<(), Rejected> {
    let index = *offered;
    *offered += 1;
    if blank {
        return Ok(());
    }
    match convert() {
        Ok(v) => {
            list.extend(v);
            Ok(())
        }
        Err(error) => Err(Rejected {
            index: Some(index),
            error,
        }),
    }
}

impl<'r, T: Element<'r>> Field<'r> for Vec<T> {
    /// The values sent whole, how many were offered (the next one's
    /// index), and the elements sent in pieces (`items[3][sku]`) by index.
    type Slot = (Vec<T>, usize, Vec<(usize, T::Partial)>);

    const REPEATS: bool = true;
    const CLAIMS_HELD: bool = T::CLAIMS_HELD;

    #[inline]
    fn slot() -> Self::Slot {
        (Vec::new(), 0, Vec::new())
    }

    #[inline]
    fn offer(slot: &mut Self::Slot, raw: Raw<'r>) -> Result<(), Rejected> {
        // A blank input adds nothing to a list of numbers.
        let blank = raw.is_empty() && !T::IS_TEXT;
        push_next(&mut slot.0, &mut slot.1, blank, || {
            T::from_raw(raw).map(Some)
        })
    }

    fn offer_part(
        slot: &mut Self::Slot,
        part: &crate::multipart::Part<'r>,
    ) -> Result<(), Rejected> {
        push_next(
            &mut slot.0,
            &mut slot.1,
            blank_part(T::IS_TEXT, part),
            || T::from_part(part),
        )
    }

    /// An array, element by element; `null` adds nothing; a single value
    /// is one element.
    fn offer_json(
        slot: &mut Self::Slot,
        r: &mut Reader<'r>,
        cx: &mut FieldCx<'_, 'r>,
    ) -> Result<(), Error> {
        match r.value_byte()? {
            b'[' => {
                r.array_here()?;
                while r.next_element()? {
                    let index = slot.1;
                    slot.1 += 1;
                    if r.is_strict() && r.value_byte()? == b'n' {
                        // Strict: `null` is no element of any list.
                        r.null_here()?;
                        cx.at(Segment::Index(index))
                            .fail(FieldErrorKind::WrongType("expected a value, not null"));
                        continue;
                    }
                    if let Some(v) = T::from_json(r, &mut cx.at(Segment::Index(index)))? {
                        slot.0.push(v);
                    }
                }
            }
            b'n' => r.null_here()?,
            // Strict: an array is due.
            _ if r.is_strict() => {
                r.skip_value()?;
                cx.fail(FieldErrorKind::WrongType("expected an array"));
            }
            // A lone value is the list's one element, and answers for
            // itself under the field's own path (no made-up `[0]`).
            _ => {
                slot.1 += 1;
                if let Some(v) = T::from_json(r, cx)? {
                    slot.0.push(v);
                }
            }
        }
        Ok(())
    }

    /// `tags[]=a` and `tags[3]=a` add a value; `items[3][sku]=x` and
    /// `items[3].sku=x` build element 3 in pieces. Each index builds at
    /// most one element, so the pieces cost no more than the pairs sent.
    fn offer_path(
        slot: &mut Self::Slot,
        path: Ref<'r, '_, [u8]>,
        raw: Raw<'r>,
        cx: &mut FieldCx<'_, 'r>,
    ) -> bool {
        let Some((seg, rest)) = split_path(path) else {
            return false;
        };
        if rest.is_empty() && (seg.is_empty() || seg.iter().all(u8::is_ascii_digit)) {
            offer_in::<Self>(slot, raw, cx);
            return true;
        }
        let Some(index) = parse_index(&seg) else {
            return false;
        };
        let mut at = cx.at(Segment::Index(index));
        match slot.2.iter_mut().find(|(i, _)| *i == index) {
            Some((_, p)) => T::offer_member(p, rest, raw, &mut at),
            None => {
                let mut p = T::partial();
                let taken = T::offer_member(&mut p, rest, raw, &mut at);
                if taken {
                    slot.2.push((index, p));
                }
                taken
            }
        }
    }

    /// The values sent whole in the order sent, then the elements sent in
    /// pieces in the order of their indices.
    #[inline]
    fn finish(slot: Self::Slot, cx: &mut FieldCx<'_, 'r>) -> Option<Self> {
        let (mut list, _, mut pieces) = slot;
        pieces.sort_unstable_by_key(|(i, _)| *i);
        for (index, p) in pieces {
            if let Some(v) = T::finish_partial(p, &mut cx.at(Segment::Index(index))) {
                list.push(v);
            }
        }
        Some(list)
    }
}

/// A list that tells "not sent" (`None`) from "sent" (`Some`, maybe
/// empty): JSON `null` is not sent, `[]` is an empty list; any value, key
/// or part for the field makes it `Some`.
///
/// ```
/// use binder_core::bind::{Bind, Body, Parts};
///
/// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
/// struct Labels {
///     #[bind(body)]
///     add: Option<Vec<String>>,
///     #[bind(body)]
///     remove: Option<Vec<String>>,
/// }
///
/// let body = br#"{"add": []}"#;
/// let req = Parts { body: Body::classify(Some(b"application/json"), body), ..Parts::default() };
/// let l = Labels::bind(&req).unwrap();
/// assert_eq!((l.add, l.remove), (Some(vec![]), None));
/// ```
impl<'r, T: Element<'r>> Field<'r> for Option<Vec<T>> {
    /// Whether the list was sent, and the list's own slot.
    type Slot = (bool, <Vec<T> as Field<'r>>::Slot);

    const REPEATS: bool = true;
    const CLAIMS_HELD: bool = T::CLAIMS_HELD;

    #[inline]
    fn slot() -> Self::Slot {
        (false, <Vec<T> as Field<'r>>::slot())
    }

    #[inline]
    fn offer(slot: &mut Self::Slot, raw: Raw<'r>) -> Result<(), Rejected> {
        slot.0 = true;
        <Vec<T> as Field<'r>>::offer(&mut slot.1, raw)
    }

    fn offer_part(
        slot: &mut Self::Slot,
        part: &crate::multipart::Part<'r>,
    ) -> Result<(), Rejected> {
        slot.0 = true;
        <Vec<T> as Field<'r>>::offer_part(&mut slot.1, part)
    }

    #[inline]
    fn offer_json(
        slot: &mut Self::Slot,
        r: &mut Reader<'r>,
        cx: &mut FieldCx<'_, 'r>,
    ) -> Result<(), Error> {
        if r.value_byte()? == b'n' {
            return r.null_here();
        }
        slot.0 = true;
        <Vec<T> as Field<'r>>::offer_json(&mut slot.1, r, cx)
    }

    fn offer_path(
        slot: &mut Self::Slot,
        path: Ref<'r, '_, [u8]>,
        raw: Raw<'r>,
        cx: &mut FieldCx<'_, 'r>,
    ) -> bool {
        let taken = <Vec<T> as Field<'r>>::offer_path(&mut slot.1, path, raw, cx);
        slot.0 |= taken;
        taken
    }

    #[inline]
    fn finish(slot: Self::Slot, cx: &mut FieldCx<'_, 'r>) -> Option<Self> {
        if slot.0 {
            <Vec<T> as Field<'r>>::finish(slot.1, cx).map(Some)
        } else {
            Some(None)
        }
    }
}
