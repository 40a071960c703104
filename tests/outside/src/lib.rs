//! The "add a field type" checklist, proved from outside binder: a user
//! crate that names only `binder-http` (and the container it wraps) gives
//! `#[derive(Bind)]` a field type of its own, with binder's public,
//! documented API alone (nothing `#[doc(hidden)]`, nothing from a
//! `__private*` module).
//!
//! The type is [`Bounded<T, N>`]: at most `N` values, held without an
//! allocation in a [`heapless::Vec`]. binder cannot know it (and the orphan
//! rule forbids implementing binder's traits for heapless's type here), so
//! it is a newtype, and it implements one trait:
//! [`Field`] (`binder_http::field::Field`), the trait every field's type
//! implements, with `Vec<T>`'s rules:
//!
//! - every value of a repeated query key or form name, in order
//!   (`tag=a&tag=b`, `tag[]=a`, `tag[1]=b`), and every multipart part of
//!   that name;
//! - a JSON array element by element, or a lone value as the list's one
//!   element; `null` adds nothing;
//! - elements sent in pieces (`lines[0][sku]=a&lines[0][qty]=1`), for
//!   element types that have members (nested structs);
//! - an element that does not convert is reported as `Vec<T>` reports it:
//!   `invalid` under the element's index (`tag[1]`), or under the field's
//!   own path for a lone JSON value;
//! - more than `N` elements are one `invalid` error under the field's path
//!   (`tag: more values than the field holds`), never a panic and never a
//!   list cut short; the elements past the limit are not converted.
//!
//! ```
//! use binder_http::request::Parts;
//! use binder_http::Bind;
//! use binder_outside_check::Bounded;
//!
//! #[derive(Bind, Debug)]
//! struct Search {
//!     #[bind(query)]
//!     tag: Bounded<String, 3>,
//! }
//!
//! let s = Search::bind(&Parts { query: Some("tag=a&tag=b"), ..Parts::default() }).unwrap();
//! assert_eq!(s.tag.as_slice(), ["a", "b"]);
//! let err = Search::bind(&Parts { query: Some("tag=a&tag=b&tag=c&tag=d"), ..Parts::default() });
//! assert_eq!(err.unwrap_err().to_string(), "query: tag: more values than the field holds");
//! ```
//!
//! And the "add a body format" checklist: [`lines::Lines`], a `key: value`
//! line format of the user's own, read for derived types' `body` fields.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod lines;

use binder_http::convert::Raw;
use binder_http::field::{
    parse_index, split_path, Error, Field, FieldCx, KeyBytes, Part, Rejected, Segment, Value,
    ValueError,
};
use binder_http::json::{Kind, Reader};
use binder_http::FieldErrorKind;

/// What a [`Bounded`] field is told when more than `N` values arrive. A
/// [`ValueError::custom`] message is a `&'static str`, so it cannot name
/// `N`.
pub const TOO_MANY: &str = "more values than the field holds";

/// At most `N` values of `T`, without an allocation: a field type that
/// binds as `Vec<T>` does, and refuses more than `N` values.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bounded<T, const N: usize>(pub heapless::Vec<T, N>);

impl<T, const N: usize> Bounded<T, N> {
    /// The values, in the order sent.
    pub fn as_slice(&self) -> &[T] {
        &self.0
    }

    /// The `heapless::Vec` inside.
    pub fn into_inner(self) -> heapless::Vec<T, N> {
        self.0
    }
}

impl<T, const N: usize> core::ops::Deref for Bounded<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.0
    }
}

/// What a [`Bounded`] field holds while a request's sources are scanned
/// ([`Field::Slot`]).
pub struct BoundedSlot<'r, T: Value<'r>, const N: usize> {
    /// The values sent whole, in order.
    items: heapless::Vec<T, N>,
    /// The elements sent in pieces (`lines[3][sku]`), by index.
    pieces: heapless::Vec<(usize, T::Partial), N>,
    /// How many values were offered, blanks included: the next one's index
    /// in an error's path, as `Vec<T>` counts them.
    offered: usize,
    /// How many elements were taken, refused ones included: never past `N`.
    taken: usize,
    /// Whether more than `N` arrived.
    over: bool,
}

impl<'r, T: Value<'r>, const N: usize> BoundedSlot<'r, T, N> {
    /// The next value's index.
    fn next_index(&mut self) -> usize {
        let index = self.offered;
        self.offered += 1;
        index
    }

    /// Takes a place for one more element: `false`, and the field over its
    /// limit, when `N` are taken.
    fn take_place(&mut self) -> bool {
        if self.taken == N {
            self.over = true;
            return false;
        }
        self.taken += 1;
        true
    }

    /// Keeps a converted value (its place taken first).
    fn keep(&mut self, value: T) {
        if self.items.push(value).is_err() {
            self.over = true; // never: a place was taken for it
        }
    }
}

impl<'r, T: Value<'r>, const N: usize> Field<'r> for Bounded<T, N> {
    type Slot = BoundedSlot<'r, T, N>;

    // Every repeat of a key is a value: a scan must not stop at the first.
    const REPEATS: bool = true;

    fn slot() -> Self::Slot {
        BoundedSlot {
            items: heapless::Vec::new(),
            pieces: heapless::Vec::new(),
            offered: 0,
            taken: 0,
            over: false,
        }
    }

    /// A query, form, header, cookie or path value: one element. A blank
    /// value adds nothing to a list of non-text values (as for `Vec<T>`).
    fn offer(slot: &mut Self::Slot, raw: Raw<'r>) -> Result<(), Rejected> {
        let index = slot.next_index();
        if (raw.is_empty() && !T::IS_TEXT) || !slot.take_place() {
            return Ok(());
        }
        match T::from_raw(raw) {
            Ok(v) => {
                slot.keep(v);
                Ok(())
            }
            Err(error) => Err(Rejected {
                index: Some(index),
                error,
            }),
        }
    }

    /// A multipart part: one element; a blank text part adds nothing to a
    /// list of non-text values, nor does an empty file input.
    fn offer_part(slot: &mut Self::Slot, part: &Part<'r>) -> Result<(), Rejected> {
        let index = slot.next_index();
        let blank = !T::IS_TEXT && !part.is_file() && part.data().is_empty();
        if blank || !slot.take_place() {
            return Ok(());
        }
        match T::from_part(part) {
            Ok(Some(v)) => slot.keep(v),
            Ok(None) => slot.taken -= 1, // no value: its place is free again
            Err(error) => {
                return Err(Rejected {
                    index: Some(index),
                    error,
                })
            }
        }
        Ok(())
    }

    /// An array, element by element (errors under `tags[i]`); `null` adds
    /// nothing; a lone value is the list's one element (errors under the
    /// field's own path). Elements past the limit are skipped unread.
    fn offer_json(
        slot: &mut Self::Slot,
        r: &mut Reader<'r>,
        cx: &mut FieldCx<'_, 'r>,
    ) -> Result<(), Error> {
        match r.peek()? {
            Kind::Array => {
                r.begin_array()?;
                while r.next_element()? {
                    let index = slot.next_index();
                    if r.peek()? == Kind::Null {
                        r.read_null()?;
                    } else if !slot.take_place() {
                        r.skip_value()?;
                    } else if let Some(v) = T::from_json(r, &mut cx.at(Segment::Index(index)))? {
                        slot.keep(v);
                    }
                }
            }
            Kind::Null => r.read_null()?,
            _ => {
                slot.next_index();
                if !slot.take_place() {
                    r.skip_value()?;
                } else if let Some(v) = T::from_json(r, cx)? {
                    slot.keep(v);
                }
            }
        }
        Ok(())
    }

    /// `tag[]=a` and `tag[3]=a` are values, in the order sent;
    /// `lines[3][sku]=a` and `lines[3].sku=a` build element 3 in pieces.
    fn offer_path(
        slot: &mut Self::Slot,
        path: KeyBytes<'r, '_>,
        raw: Raw<'r>,
        cx: &mut FieldCx<'_, 'r>,
    ) -> bool {
        let Some((seg, rest)) = split_path(path) else {
            return false;
        };
        if rest.is_empty() && seg.iter().all(u8::is_ascii_digit) {
            if let Err(rejected) = Self::offer(slot, raw) {
                let kind = FieldErrorKind::Invalid(rejected.error);
                match rejected.index {
                    Some(i) => cx.at(Segment::Index(i)).fail(kind),
                    None => cx.fail(kind),
                }
            }
            return true;
        }
        let Some(index) = parse_index(&seg) else {
            return false;
        };
        let mut at = cx.at(Segment::Index(index));
        if let Some((_, p)) = slot.pieces.iter_mut().find(|(i, _)| *i == index) {
            return T::offer_member(p, rest, raw, &mut at);
        }
        let mut p = T::partial();
        if !T::offer_member(&mut p, rest, raw, &mut at) {
            return false; // names no member: ignored, as `Vec<T>` ignores it
        }
        if slot.take_place() && slot.pieces.push((index, p)).is_err() {
            slot.over = true; // never: a place was taken for it
        }
        true
    }

    /// The values sent whole in the order sent, then the elements sent in
    /// pieces in the order of their indices; none, and one error under the
    /// field's path, when more than `N` arrived.
    fn finish(slot: Self::Slot, cx: &mut FieldCx<'_, 'r>) -> Option<Self> {
        let BoundedSlot {
            mut items,
            mut pieces,
            over,
            ..
        } = slot;
        if over {
            cx.fail(FieldErrorKind::Invalid(ValueError::custom(TOO_MANY)));
            return None;
        }
        pieces.sort_unstable_by_key(|(i, _)| *i);
        for (index, p) in pieces {
            if let Some(v) = T::finish_partial(p, &mut cx.at(Segment::Index(index))) {
                if items.push(v).is_err() {
                    cx.fail(FieldErrorKind::Invalid(ValueError::custom(TOO_MANY)));
                    return None; // never: a place was taken for it
                }
            }
        }
        Some(Bounded(items))
    }
}
