//! How each field type takes values: once (scalars), maybe (`Option`), or
//! every time (`Vec`).

use super::FieldCx;
use super::{FieldErrorKind, Segment};
use crate::convert::{FromText, Raw, Ref};
use crate::error::{Error, ValueError};
use crate::json::Reader;

/// A value a field refused, with the list index it had, if any.
///
/// ```
/// use binder_core::bind::{Field, Rejected};
/// use binder_core::convert::Raw;
/// use binder_core::ValueErrorKind;
///
/// let mut tags = <Vec<u8> as Field>::slot();
/// <Vec<u8> as Field>::offer(&mut tags, Raw::form(b"1")).unwrap();
/// let rejected: Rejected = <Vec<u8> as Field>::offer(&mut tags, Raw::form(b"x")).unwrap_err();
/// assert_eq!(rejected.index, Some(1)); // reported as `tags[1]`
/// assert_eq!(rejected.error.kind(), ValueErrorKind::NotUnsigned);
/// ```
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

/// The [`Value`] items of a value that has no members (it is sent whole):
/// pieces sent by key are ignored, and none makes a value.
macro_rules! no_members {
    () => {
        type Partial = ();

        #[inline]
        fn partial() {}

        #[inline]
        fn offer_member(
            _: &mut (),
            _: crate::convert::Ref<'r, '_, [u8]>,
            _: crate::convert::Raw<'r>,
            _: &mut crate::bind::FieldCx<'_, 'r>,
        ) -> bool {
            false
        }

        #[inline]
        fn finish_partial(_: (), _: &mut crate::bind::FieldCx<'_, 'r>) -> Option<Self> {
            None
        }
    };
}
pub(crate) use no_members;

/// One value of a field: converted from text (a query, form, header, cookie
/// or path value, or a JSON string), from a multipart part, and so on.
///
/// Implemented for every [`FromText`] type and for
/// [`FilePart`](super::FilePart); a field of type `T`, `Option<T>` or
/// `Vec<T>` binds for any `T: Value` (see [`Field`]).
///
/// A value that takes a multipart part its own way implements it:
///
/// ```
/// use binder_core::bind::{Bind, Body, FieldCx, Parts, Value};
/// use binder_core::convert::{FromText, Raw, Ref};
/// use binder_core::multipart::Part;
/// use binder_core::ValueError;
///
/// /// Text sent as a form value or as an uploaded file's content.
/// struct Content<'r>(&'r str);
///
/// impl<'r> Value<'r> for Content<'r> {
///     const IS_TEXT: bool = true;
///
///     fn from_raw(raw: Raw<'r>) -> Result<Self, ValueError> {
///         <&str as FromText>::from_raw(raw).map(Content)
///     }
///
///     fn from_part(part: &Part<'r>) -> Result<Option<Self>, ValueError> {
///         // A file is taken too (the default refuses it).
///         binder_core::convert::utf8(part.data()).map(|text| Some(Content(text)))
///     }
///
///     // Sent whole, never in pieces (`content[x]=...` names nothing).
///     type Partial = ();
///     fn partial() {}
///     fn offer_member(_: &mut (), _: Ref<'r, '_, [u8]>, _: Raw<'r>, _: &mut FieldCx<'_, 'r>) -> bool {
///         false
///     }
///     fn finish_partial(_: (), _: &mut FieldCx<'_, 'r>) -> Option<Self> {
///         None
///     }
/// }
///
/// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
/// struct Post<'r> {
///     #[bind(body)]
///     body: Content<'r>,
/// }
///
/// let ct = Some(&b"multipart/form-data; boundary=B"[..]);
/// let file = b"--B\r\nContent-Disposition: form-data; name=body; filename=post.md\r\n\r\n# Hi\r\n--B--";
/// let req = Parts { body: Body::classify(ct, file), ..Parts::default() };
/// assert_eq!(Post::bind(&req).unwrap().body.0, "# Hi");
/// let form = Parts { body: Body::Form(b"body=plain"), ..Parts::default() };
/// assert_eq!(Post::bind(&form).unwrap().body.0, "plain");
/// ```
pub trait Value<'r>: Sized {
    /// Whether an empty value is a value of this type (text types) or means
    /// absent (`age=` into `Option<u32>` is `None`).
    const IS_TEXT: bool = false;

    /// Whether the value has members sent as separate keys (a nested
    /// struct): its field then takes every key, like a list.
    const MEMBERS: bool = false;

    /// Whether this type takes a file part whose bytes are held elsewhere:
    /// in a spooled upload (binder-hyper's `bind_spooled`), each file
    /// part's data is a placeholder naming the file, which only the
    /// spooled file types (binder-hyper's `SpooledFile`, `StoredFile`)
    /// claim. A field of any other type offered such a part fails, with a
    /// message naming the field, rather than take the placeholder for the
    /// file's bytes. (The placeholder starts with a NUL byte and
    /// `binder:held-file:`; a file sent with exactly such bytes to a body
    /// bound in memory fails the same way.)
    const CLAIMS_HELD: bool = false;

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
    fn from_json(r: &mut Reader<'r>, cx: &mut FieldCx<'_, 'r>) -> Result<Option<Self>, Error> {
        super::json::scalar(r, cx, Self::from_raw)
    }

    /// Whether the type takes a JSON number as its own kind, converted by
    /// [`Value::from_json_number`] as [`Value::from_json`] would: a tuple
    /// or fixed-size array of such types then reads an array of numbers
    /// written without whitespace (`[-65.6,43.1]`) in one step.
    const JSON_NUMBER: bool = false;

    /// Converts a JSON number, for a type whose [`Value::JSON_NUMBER`] is
    /// true: what [`Value::from_json`] gives for that number. Called for no
    /// other type (the default converts the number's text with
    /// [`Value::from_raw`], as the default `from_json` does).
    ///
    /// # Errors
    /// The conversion's error.
    #[inline]
    fn from_json_number(n: crate::json::Number<'r>) -> Result<Self, ValueError> {
        Self::from_raw(Raw::plain(n.as_str().as_bytes()))
    }

    /// What collects a value sent in pieces by form or query keys
    /// (`address[city]=..&address.zip=..`); `()` for a value sent whole.
    type Partial;

    /// An empty [`Value::Partial`].
    fn partial() -> Self::Partial;

    /// Offers one piece: `path` is the key after the field's name (`[city]`,
    /// `.city`, `[0][sku]`). Returns whether the piece named a member (it is
    /// ignored otherwise); failures are recorded in `cx`.
    fn offer_member(
        partial: &mut Self::Partial,
        path: Ref<'r, '_, [u8]>,
        raw: Raw<'r>,
        cx: &mut FieldCx<'_, 'r>,
    ) -> bool;

    /// The value the pieces make; missing members are recorded in `cx`.
    fn finish_partial(partial: Self::Partial, cx: &mut FieldCx<'_, 'r>) -> Option<Self>;
}

impl<'r, T: FromText<'r>> Value<'r> for T {
    const IS_TEXT: bool = T::IS_TEXT;

    fn from_raw(raw: Raw<'r>) -> Result<Self, ValueError> {
        T::from_raw(raw)
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn from_json(r: &mut Reader<'r>, cx: &mut FieldCx<'_, 'r>) -> Result<Option<Self>, Error> {
        super::json::text_value(r, cx)
    }

    const JSON_NUMBER: bool = T::JSON.takes(crate::convert::JsonKinds::NUMBER);

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn from_json_number(n: crate::json::Number<'r>) -> Result<Self, ValueError> {
        T::from_json_number(n)
    }

    // Text has no members: a piece is ignored.
    no_members!();
}

#[cfg(feature = "alloc")]
/// A key step as text for an error path: itself when it was sent as is
/// (so it lives as long as the request), `…` when it was decoded.
#[inline]
pub fn segment_text<'r>(seg: Ref<'r, '_, [u8]>) -> &'r str {
    match seg {
        Ref::Borrowed(b) => core::str::from_utf8(b).unwrap_or("…"),
        Ref::Copied(_) => "…",
    }
}

/// Offers a value sent whole to a field, recording a refusal in `cx`.
pub fn offer_in<'r, F: Field<'r>>(slot: &mut F::Slot, raw: Raw<'r>, cx: &mut FieldCx<'_, 'r>) {
    if let Err(rejected) = F::offer(slot, raw) {
        match rejected.index {
            Some(i) => cx
                .at(Segment::Index(i))
                .fail(FieldErrorKind::Invalid(rejected.error)),
            None => cx.fail(FieldErrorKind::Invalid(rejected.error)),
        }
    }
}

/// A field's type: how it collects values while sources are scanned, and
/// what it is when they are done.
///
/// Implemented for every [`Value`] type `T` (one value: the first sent),
/// `Option<T>` (absent is `None`; an empty value is `None` unless `T` is
/// text), `Option<Option<T>>` (a PATCH: absent, `null` and a value apart)
/// and, with `alloc`, `Vec<T>` (every value, in order; `T` any
/// [`Element`](super::Element): a value or a list of them) and
/// `Option<Vec<T>>` (a list not sent is `None`).
///
/// ```
/// use binder_core::bind::{Errors, Field, FieldCx};
/// use binder_core::convert::Raw;
///
/// let mut slot = <Option<u32> as Field>::slot();
/// <Option<u32> as Field>::offer(&mut slot, Raw::form(b"")).unwrap();
/// let mut errors = Errors::new(10);
/// let mut cx = FieldCx::new(&mut errors, 0, "age");
/// assert_eq!(<Option<u32> as Field>::finish(slot, &mut cx), Some(None));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be bound from a request value",
    label = "neither `FromText` nor `Field` is implemented for this type",
    note = "bindable: integers, floats, bool, char, &str, Cow<str>, String, FilePart, Option<T>, Option<Option<T>>, Vec<T>, Option<Vec<T>>, Vec<Vec<T>>, tuples and [T; N] (from JSON arrays), maps, Box<T>, nested structs deriving Bind, any type implementing `FromText` (or `FromStr`, through `#[bind(from_str)]`), and any type implementing `Field` (see the `field` module of binder-http)",
    note = "an enum of unit variants read from one value (`?sort=asc`) or a newtype: `#[derive(FromText)]` on it; an enum with data, read from JSON: `#[derive(Bind)]` on it",
    note = "a type implementing `serde::Deserialize`: `#[bind(serde)]` on the field (feature `serde`)"
)]
pub trait Field<'r>: Sized {
    /// What holds values during the scan.
    type Slot;

    /// Whether every repeat of a key is kept (so a scan can not stop early).
    const REPEATS: bool = false;

    /// As [`Value::CLAIMS_HELD`]: whether the field takes a file part whose
    /// bytes are held elsewhere (a spooled upload's placeholder).
    const CLAIMS_HELD: bool = false;

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
        cx: &mut FieldCx<'_, 'r>,
    ) -> Result<(), Error>;

    /// Offers one piece of a value sent by form or query keys: `path` is
    /// the key after the field's name (`[]`, `[city]`, `.city`, `[0][sku]`,
    /// `[team]` for a map). Returns whether the field took it (a key naming
    /// nothing in the field is ignored); failures are recorded in `cx`.
    fn offer_path(
        slot: &mut Self::Slot,
        path: Ref<'r, '_, [u8]>,
        raw: Raw<'r>,
        cx: &mut FieldCx<'_, 'r>,
    ) -> bool;

    /// The field's value once every source is scanned; `None` if a value
    /// was required and none was taken. Members missing from a value sent
    /// in pieces are recorded in `cx`.
    fn finish(slot: Self::Slot, cx: &mut FieldCx<'_, 'r>) -> Option<Self>;
}

/// Whether a part is an empty text value, which an `Option` or `Vec` of a
/// non-text type skips.
#[inline]
pub(super) fn blank_part(is_text: bool, part: &crate::multipart::Part<'_>) -> bool {
    !is_text && !part.is_file() && part.data().is_empty()
}

/// Offers a piece to a value's partial, made only when a piece names a
/// member (so `page[x]=1` never makes `page` look sent).
#[inline]
pub(super) fn offer_partial<'r, T: Value<'r>>(
    partial: &mut Option<T::Partial>,
    path: Ref<'r, '_, [u8]>,
    raw: Raw<'r>,
    cx: &mut FieldCx<'_, 'r>,
) -> bool {
    match partial {
        Some(p) => T::offer_member(p, path, raw, cx),
        None => {
            let mut p = T::partial();
            let taken = T::offer_member(&mut p, path, raw, cx);
            if taken {
                *partial = Some(p);
            }
            taken
        }
    }
}

/// A scalar or `Option` field's piece of a value sent by keys: `name[]` is
/// the value itself, kept only if no value came before it (the first value
/// wins, as for `name` sent twice); anything else goes to the value's
/// members.
fn offer_whole_or_piece<'r, F, T>(
    slot: &mut (Option<T>, Option<T::Partial>),
    path: Ref<'r, '_, [u8]>,
    raw: Raw<'r>,
    cx: &mut FieldCx<'_, 'r>,
) -> bool
where
    F: Field<'r, Slot = (Option<T>, Option<T::Partial>)>,
    T: Value<'r>,
{
    if is_empty_brackets(&path) {
        if slot.0.is_none() {
            offer_in::<F>(slot, raw, cx);
        }
        return true;
    }
    offer_partial::<T>(&mut slot.1, path, raw, cx)
}

/// The value sent whole, else the one its pieces make.
#[inline]
fn whole_or_pieces<'r, T: Value<'r>>(
    slot: (Option<T>, Option<T::Partial>),
    cx: &mut FieldCx<'_, 'r>,
) -> Option<T> {
    match slot {
        (Some(v), _) => Some(v),
        (None, Some(p)) => T::finish_partial(p, cx),
        (None, None) => None,
    }
}

/// Whether `path` is `[]`: the field's own name, as lists spell it.
#[inline]
pub(super) fn is_empty_brackets(path: &[u8]) -> bool {
    path == b"[]"
}

impl<'r, T: Value<'r>> Field<'r> for T {
    /// The value sent whole, and the pieces of one sent in pieces.
    type Slot = (Option<T>, Option<T::Partial>);

    const REPEATS: bool = T::MEMBERS;
    const CLAIMS_HELD: bool = T::CLAIMS_HELD;

    #[inline]
    fn slot() -> Self::Slot {
        (None, None)
    }

    #[inline]
    fn offer(slot: &mut Self::Slot, raw: Raw<'r>) -> Result<(), Rejected> {
        slot.0 = Some(T::from_raw(raw)?);
        Ok(())
    }

    fn offer_part(
        slot: &mut Self::Slot,
        part: &crate::multipart::Part<'r>,
    ) -> Result<(), Rejected> {
        if let Some(v) = T::from_part(part)? {
            slot.0 = Some(v);
        }
        Ok(())
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn offer_json(
        slot: &mut Self::Slot,
        r: &mut Reader<'r>,
        cx: &mut FieldCx<'_, 'r>,
    ) -> Result<(), Error> {
        if let Some(v) = T::from_json(r, cx)? {
            slot.0 = Some(v);
        }
        Ok(())
    }

    #[inline]
    fn offer_path(
        slot: &mut Self::Slot,
        path: Ref<'r, '_, [u8]>,
        raw: Raw<'r>,
        cx: &mut FieldCx<'_, 'r>,
    ) -> bool {
        offer_whole_or_piece::<Self, T>(slot, path, raw, cx)
    }

    #[inline]
    fn finish(slot: Self::Slot, cx: &mut FieldCx<'_, 'r>) -> Option<T> {
        whole_or_pieces(slot, cx)
    }
}

impl<'r, T: Value<'r>> Field<'r> for Option<T> {
    type Slot = (Option<T>, Option<T::Partial>);

    const REPEATS: bool = T::MEMBERS;
    const CLAIMS_HELD: bool = T::CLAIMS_HELD;

    #[inline]
    fn slot() -> Self::Slot {
        (None, None)
    }

    #[inline]
    fn offer(slot: &mut Self::Slot, raw: Raw<'r>) -> Result<(), Rejected> {
        if raw.is_empty() && !T::IS_TEXT {
            return Ok(()); // a blank optional input: `age=` is None
        }
        slot.0 = Some(T::from_raw(raw)?);
        Ok(())
    }

    fn offer_part(
        slot: &mut Self::Slot,
        part: &crate::multipart::Part<'r>,
    ) -> Result<(), Rejected> {
        if blank_part(T::IS_TEXT, part) {
            return Ok(());
        }
        slot.0 = T::from_part(part)?;
        Ok(())
    }

    fn offer_json(
        slot: &mut Self::Slot,
        r: &mut Reader<'r>,
        cx: &mut FieldCx<'_, 'r>,
    ) -> Result<(), Error> {
        slot.0 = T::from_json(r, cx)?;
        Ok(())
    }

    #[inline]
    fn offer_path(
        slot: &mut Self::Slot,
        path: Ref<'r, '_, [u8]>,
        raw: Raw<'r>,
        cx: &mut FieldCx<'_, 'r>,
    ) -> bool {
        offer_whole_or_piece::<Self, T>(slot, path, raw, cx)
    }

    #[inline]
    fn finish(slot: Self::Slot, cx: &mut FieldCx<'_, 'r>) -> Option<Option<T>> {
        Some(whole_or_pieces(slot, cx))
    }
}

/// `bytes::Bytes` fields: any value's bytes, decoded (one copy); a file
/// part's content too (to share the body's buffer instead, bind a
/// [`FilePart`](super::FilePart) and call `slice_of`).
#[cfg(feature = "bytes")]
impl<'r> Value<'r> for bytes::Bytes {
    #[inline]
    fn from_raw(raw: Raw<'r>) -> Result<Self, ValueError> {
        raw.with_bytes(|b| Ok(bytes::Bytes::copy_from_slice(b)))
    }

    #[inline]
    fn from_part(part: &crate::multipart::Part<'r>) -> Result<Option<Self>, ValueError> {
        Ok(Some(bytes::Bytes::copy_from_slice(part.data())))
    }

    no_members!();
}
