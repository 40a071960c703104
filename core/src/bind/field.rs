//! How each field type takes values: once (scalars), maybe (`Option`), or
//! every time (`Vec`).

use super::json::JsonCx;
use crate::convert::{FromText, Raw};
use crate::error::{Error, ValueError};
#[cfg(feature = "alloc")]
use crate::json::Kind;
use crate::json::Reader;

/// A value a field refused, with the list index it had, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rejected {
    /// The index of the refused element, for list fields (`tags[1]`).
    pub index: Option<usize>,
    /// Why it was refused.
    pub error: ValueError,
}

impl From<ValueError> for Rejected {
    #[inline]
    fn from(error: ValueError) -> Self {
        Rejected { index: None, error }
    }
}

/// One value of a field: converted from text (a query, form, header, cookie
/// or path value, or a JSON string), from a multipart part, and so on.
///
/// Implemented for every [`FromText`] type and for
/// [`FilePart`](super::FilePart); a field of type `T`, `Option<T>` or
/// `Vec<T>` binds for any `T: Value` (see [`Field`]).
pub trait Value<'r>: Sized {
    /// Whether an empty value is a value of this type (text types) or means
    /// absent (`age=` into `Option<u32>` is `None`).
    const IS_TEXT: bool = false;

    /// Converts a value not yet decoded.
    ///
    /// # Errors
    /// The conversion's error.
    fn from_raw(raw: Raw<'r>) -> Result<Self, ValueError>;

    /// Converts a multipart part: text types take a text part's bytes as
    /// they are (multipart values are not percent-encoded) and refuse a
    /// file; `Ok(None)` is a part that carries no value (an empty file
    /// input).
    ///
    /// # Errors
    /// [`ValueErrorKind::UnexpectedFile`](crate::ValueErrorKind::UnexpectedFile)
    /// for a file part, or the conversion's error.
    #[inline]
    fn from_part(part: &crate::multipart::Part<'r>) -> Result<Option<Self>, ValueError> {
        if part.is_file() {
            return Err(ValueError::new(crate::ValueErrorKind::UnexpectedFile));
        }
        Self::from_raw(Raw::plain(part.data())).map(Some)
    }

    /// Reads one JSON value: the value, or `None` when there is none
    /// (`null`) or it failed (the failure recorded in `cx`). The default
    /// converts a string, number or boolean as text (see
    /// [`json::scalar`](super::json::scalar)).
    ///
    /// # Errors
    /// A JSON syntax error: the body is malformed and the bind ends.
    #[inline]
    fn from_json(r: &mut Reader<'r>, cx: &mut JsonCx<'_, 'r>) -> Result<Option<Self>, Error> {
        super::json::scalar(r, cx, Self::from_raw)
    }
}

impl<'r, T: FromText<'r>> Value<'r> for T {
    const IS_TEXT: bool = T::IS_TEXT;

    #[inline]
    fn from_raw(raw: Raw<'r>) -> Result<Self, ValueError> {
        T::from_raw(raw)
    }
}

/// A field's type: how it collects values while sources are scanned, and
/// what it is when they are done.
///
/// Implemented for every [`Value`] type `T` (one value: the first sent),
/// `Option<T>` (absent is `None`; an empty value is `None` unless `T` is
/// text) and, with `alloc`, `Vec<T>` (every value, in order).
///
/// ```
/// use binder_core::bind::Field;
/// use binder_core::convert::Raw;
///
/// let mut slot = <Option<u32> as Field>::slot();
/// <Option<u32> as Field>::offer(&mut slot, Raw::form(b"")).unwrap();
/// assert_eq!(<Option<u32> as Field>::finish(slot), Some(None));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be bound from a request value",
    label = "no `FromText` conversion for this type",
    note = "bindable: integers, floats, bool, char, &str, Cow<str>, String, FilePart, Option<T>, Vec<T>, and any type implementing binder_core::convert::FromText"
)]
pub trait Field<'r>: Sized {
    /// What holds values during the scan.
    type Slot;

    /// Whether every repeat of a key is kept (so a scan can not stop early).
    const REPEATS: bool = false;

    /// An empty slot.
    fn slot() -> Self::Slot;

    /// Offers one value. A scalar is offered only its first value.
    ///
    /// # Errors
    /// The value's conversion error, with its list index for lists.
    fn offer(slot: &mut Self::Slot, raw: Raw<'r>) -> Result<(), Rejected>;

    /// Offers one multipart part.
    ///
    /// # Errors
    /// As [`Value::from_part`], with its list index for lists.
    fn offer_part(slot: &mut Self::Slot, part: &crate::multipart::Part<'r>)
        -> Result<(), Rejected>;

    /// Offers one JSON value, read from `r`; failures are recorded in `cx`.
    ///
    /// # Errors
    /// A JSON syntax error: the body is malformed and the bind ends.
    fn offer_json(
        slot: &mut Self::Slot,
        r: &mut Reader<'r>,
        cx: &mut JsonCx<'_, 'r>,
    ) -> Result<(), Error>;

    /// Offers one `name[key]=value` pair (query or form). Maps take the
    /// entry (the first value of a repeated key); other fields take
    /// `name[]=value` as `name=value` and ignore any other key.
    ///
    /// # Errors
    /// The key's or value's conversion error.
    #[inline]
    fn offer_entry(slot: &mut Self::Slot, key: &[u8], raw: Raw<'r>) -> Result<(), Rejected> {
        if key.is_empty() {
            Self::offer(slot, raw)
        } else {
            Ok(())
        }
    }

    /// The field's value once every source is scanned; `None` if a value
    /// was required and none was taken.
    fn finish(slot: Self::Slot) -> Option<Self>;
}

/// Whether a part is an empty text value, which an `Option` or `Vec` of a
/// non-text type skips.
#[inline]
fn blank_part<'r, T: Value<'r>>(part: &crate::multipart::Part<'r>) -> bool {
    !T::IS_TEXT && !part.is_file() && part.data().is_empty()
}

impl<'r, T: Value<'r>> Field<'r> for T {
    type Slot = Option<T>;

    #[inline]
    fn slot() -> Option<T> {
        None
    }

    #[inline]
    fn offer(slot: &mut Option<T>, raw: Raw<'r>) -> Result<(), Rejected> {
        *slot = Some(T::from_raw(raw)?);
        Ok(())
    }

    #[inline]
    fn offer_part(slot: &mut Option<T>, part: &crate::multipart::Part<'r>) -> Result<(), Rejected> {
        if let Some(v) = T::from_part(part)? {
            *slot = Some(v);
        }
        Ok(())
    }

    #[inline]
    fn offer_json(
        slot: &mut Option<T>,
        r: &mut Reader<'r>,
        cx: &mut JsonCx<'_, 'r>,
    ) -> Result<(), Error> {
        if let Some(v) = T::from_json(r, cx)? {
            *slot = Some(v);
        }
        Ok(())
    }

    #[inline]
    fn finish(slot: Option<T>) -> Option<T> {
        slot
    }
}

impl<'r, T: Value<'r>> Field<'r> for Option<T> {
    type Slot = Option<T>;

    #[inline]
    fn slot() -> Option<T> {
        None
    }

    #[inline]
    fn offer(slot: &mut Option<T>, raw: Raw<'r>) -> Result<(), Rejected> {
        if raw.is_empty() && !T::IS_TEXT {
            return Ok(()); // a blank optional input: `age=` is None
        }
        *slot = Some(T::from_raw(raw)?);
        Ok(())
    }

    #[inline]
    fn offer_part(slot: &mut Option<T>, part: &crate::multipart::Part<'r>) -> Result<(), Rejected> {
        if blank_part::<T>(part) {
            return Ok(());
        }
        *slot = T::from_part(part)?;
        Ok(())
    }

    #[inline]
    fn offer_json(
        slot: &mut Option<T>,
        r: &mut Reader<'r>,
        cx: &mut JsonCx<'_, 'r>,
    ) -> Result<(), Error> {
        *slot = T::from_json(r, cx)?;
        Ok(())
    }

    #[inline]
    fn finish(slot: Option<T>) -> Option<Option<T>> {
        Some(slot)
    }
}

/// Gives the next list element its index, converts it (unless `blank`) and
/// keeps it, or reports the refusal under that index.
#[cfg(feature = "alloc")]
#[inline]
fn push_next<T>(
    slot: &mut (alloc::vec::Vec<T>, usize),
    blank: bool,
    convert: impl FnOnce() -> Result<Option<T>, ValueError>,
) -> Result<(), Rejected> {
    let index = slot.1;
    slot.1 += 1;
    if blank {
        return Ok(());
    }
    match convert() {
        Ok(v) => {
            slot.0.extend(v);
            Ok(())
        }
        Err(error) => Err(Rejected {
            index: Some(index),
            error,
        }),
    }
}

#[cfg(feature = "alloc")]
impl<'r, T: Value<'r>> Field<'r> for alloc::vec::Vec<T> {
    /// The values, and how many were offered (the next one's index).
    type Slot = (alloc::vec::Vec<T>, usize);

    const REPEATS: bool = true;

    #[inline]
    fn slot() -> Self::Slot {
        (alloc::vec::Vec::new(), 0)
    }

    #[inline]
    fn offer(slot: &mut Self::Slot, raw: Raw<'r>) -> Result<(), Rejected> {
        // A blank input adds nothing to a list of numbers.
        let blank = raw.is_empty() && !T::IS_TEXT;
        push_next(slot, blank, || T::from_raw(raw).map(Some))
    }

    #[inline]
    fn offer_part(
        slot: &mut Self::Slot,
        part: &crate::multipart::Part<'r>,
    ) -> Result<(), Rejected> {
        push_next(slot, blank_part::<T>(part), || T::from_part(part))
    }

    /// An array, element by element; `null` adds nothing; a single value
    /// is one element.
    #[inline]
    fn offer_json(
        slot: &mut Self::Slot,
        r: &mut Reader<'r>,
        cx: &mut JsonCx<'_, 'r>,
    ) -> Result<(), Error> {
        match r.peek()? {
            Kind::Array => {
                r.begin_array()?;
                while r.next_element()? {
                    let index = slot.1;
                    slot.1 += 1;
                    if let Some(v) = T::from_json(r, &mut cx.at(super::Segment::Index(index)))? {
                        slot.0.push(v);
                    }
                }
            }
            Kind::Null => r.read_null()?,
            _ => {
                let index = slot.1;
                slot.1 += 1;
                if let Some(v) = T::from_json(r, &mut cx.at(super::Segment::Index(index)))? {
                    slot.0.push(v);
                }
            }
        }
        Ok(())
    }

    #[inline]
    fn finish(slot: Self::Slot) -> Option<Self> {
        Some(slot.0)
    }
}

/// `Field` for a map type: entries from `name[key]=value` pairs or from a
/// JSON object's members. A key sent twice keeps its first value in a form
/// (as scalars do) and is `duplicate` in JSON.
#[cfg(feature = "alloc")]
macro_rules! map_field {
    ($map:ident, [$($bound:tt)*] $(, $s:ident: [$($sbound:tt)*])?) => {
        impl<'r, K, V $(, $s)?> Field<'r> for $map<K, V $(, $s)?>
        where
            K: FromText<'r> + $($bound)*,
            V: Value<'r>,
            $($s: $($sbound)*,)?
        {
            type Slot = $map<K, V $(, $s)?>;

            const REPEATS: bool = true;

            #[inline]
            fn slot() -> Self::Slot {
                Default::default()
            }

            /// A plain `name=value` for a map field is refused.
            #[inline]
            fn offer(_: &mut Self::Slot, _: Raw<'r>) -> Result<(), Rejected> {
                Err(ValueError::new(crate::ValueErrorKind::ExpectedObject).into())
            }

            #[inline]
            fn offer_part(_: &mut Self::Slot, _: &crate::multipart::Part<'r>) -> Result<(), Rejected> {
                Err(ValueError::new(crate::ValueErrorKind::ExpectedObject).into())
            }

            #[inline]
            fn offer_entry(slot: &mut Self::Slot, key: &[u8], raw: Raw<'r>) -> Result<(), Rejected> {
                let text = crate::convert::utf8(key)?;
                let key = K::from_text(crate::convert::Ref::Copied(text))?;
                if let Entry::Vacant(e) = slot.entry(key) {
                    e.insert(V::from_raw(raw)?);
                }
                Ok(())
            }

            fn offer_json(
                slot: &mut Self::Slot,
                r: &mut Reader<'r>,
                cx: &mut JsonCx<'_, 'r>,
            ) -> Result<(), Error> {
                match r.peek()? {
                    Kind::Object => {}
                    Kind::Null => return r.read_null(),
                    _ => {
                        r.skip_value()?;
                        cx.fail(crate::bind::FieldErrorKind::WrongType("expected an object"));
                        return Ok(());
                    }
                }
                r.begin_object()?;
                let mut scratch = [0u8; 0];
                while let Some(name) = r.next_member(&mut scratch)? {
                    let raw_name = name.raw();
                    let mut at = cx.at(crate::bind::Segment::MapKey(raw_name.raw()));
                    let key = match K::from_raw(Raw::json(raw_name)) {
                        Ok(k) => k,
                        Err(e) => {
                            r.skip_value()?;
                            at.fail(crate::bind::FieldErrorKind::Invalid(e));
                            continue;
                        }
                    };
                    match slot.entry(key) {
                        Entry::Occupied(_) => {
                            r.skip_value()?;
                            at.fail(crate::bind::FieldErrorKind::Duplicate);
                        }
                        Entry::Vacant(e) => {
                            if let Some(v) = V::from_json(r, &mut at)? {
                                e.insert(v);
                            }
                        }
                    }
                }
                Ok(())
            }

            #[inline]
            fn finish(slot: Self::Slot) -> Option<Self> {
                Some(slot)
            }
        }
    };
}

#[cfg(feature = "alloc")]
mod maps {
    use super::*;
    use alloc::collections::btree_map::{BTreeMap, Entry};

    map_field!(BTreeMap, [Ord]);
}

#[cfg(feature = "std")]
mod hash_maps {
    use super::*;
    use std::collections::hash_map::{Entry, HashMap};

    map_field!(HashMap, [Eq + core::hash::Hash], S: [core::hash::BuildHasher + Default]);
}
