//! [`RawJson`]: a field that keeps a JSON value as the client wrote it.

use super::cx::FieldCx;
use super::field::{no_members, Value};
use crate::convert::{Raw, Ref};
use crate::error::{Error, ValueError, ValueErrorKind};
use crate::json::{Kind, Reader, MAX_DEPTH};
use crate::limits::Limits;
use core::fmt;

/// A JSON value as the client wrote it: the member's exact bytes, borrowed
/// from the body, checked as strictly as any value the reader reads (its
/// depth under [`Limits::max_json_depth`]) but not converted. For a part
/// of the body the service reads later, stores as it is, or hands on (to
/// serde_json, a JSON column, another service).
///
/// - From JSON: the value from its first byte to its last, without the
///   whitespace around it. `null` is no value, as for every field (`None`
///   for an `Option`, else `missing`).
/// - From a text value (a multipart text part, a header, a query, form or
///   cookie value): the text, when it is one JSON value (checked under
///   [`Limits::DEFAULT`]; whitespace around it is left out) sent as it is:
///   text that needed percent-decoding cannot be borrowed, and is refused
///   ([`ValueErrorKind::NeedsDecoding`]), as a `&str` field refuses it.
///   Anything else is refused as "expected a JSON value".
///
/// With `#[bind(required)]`, binder reads a JSON string member as text for
/// the emptiness check, which loses its quotes: such a member is refused,
/// so leave `required` off a `RawJson` field (`null` and absence are
/// `missing` already).
///
/// ```
/// use binder_core::bind::{Bind, Body, Parts, RawJson};
/// use binder_core::json::Kind;
///
/// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
/// struct Hook<'r> {
///     #[bind(body)]
///     event: &'r str,
///     #[bind(body)]
///     payload: RawJson<'r>,
///     #[bind(body)]
///     extra: Option<RawJson<'r>>,
/// }
///
/// let body = br#"{"event": "push", "payload": { "ref": "main", "size": [1, 2] } , "extra": null}"#;
/// let hook = Hook::bind(&Parts { body: Body::Json(body), ..Parts::default() }).unwrap();
/// assert_eq!(hook.payload.as_str(), r#"{ "ref": "main", "size": [1, 2] }"#); // as sent
/// assert_eq!(hook.payload.kind(), Kind::Object);
/// assert!(hook.extra.is_none());
///
/// // A malformed value is a malformed body, as anywhere in it.
/// let bad = br#"{"event": "push", "payload": {"ref": main}}"#;
/// assert!(Hook::bind(&Parts { body: Body::Json(bad), ..Parts::default() }).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RawJson<'r>(&'r str);

impl<'r> RawJson<'r> {
    /// `text` as a JSON value, when it is one (whitespace around it left
    /// out), checked under [`Limits::DEFAULT`].
    ///
    /// ```
    /// use binder_core::bind::RawJson;
    /// use binder_core::ErrorKind;
    ///
    /// assert_eq!(RawJson::new(" [1, 2] \n")?.as_str(), "[1, 2]");
    /// assert_eq!(RawJson::new("[1, 2").unwrap_err().kind(), ErrorKind::JsonEof);
    /// assert_eq!(RawJson::new("1 2").unwrap_err().kind(), ErrorKind::JsonTrailing);
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// The reader's syntax error, or [`ErrorKind::JsonTooDeep`](crate::ErrorKind::JsonTooDeep).
    pub fn new(text: &'r str) -> Result<Self, Error> {
        let mut r = Reader::new(text.as_bytes());
        let raw = r.read_raw()?;
        r.finish()?;
        Ok(RawJson(raw))
    }

    /// The value as written.
    ///
    /// ```
    /// let raw = binder_core::bind::RawJson::new(r#"{"a": "\u00e9"}"#)?;
    /// assert_eq!(raw.as_str(), r#"{"a": "\u00e9"}"#); // escapes and all
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub const fn as_str(&self) -> &'r str {
        self.0
    }

    /// The value as written, as bytes.
    ///
    /// ```
    /// let raw = binder_core::bind::RawJson::new("true")?;
    /// assert_eq!(raw.as_bytes(), b"true");
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub const fn as_bytes(&self) -> &'r [u8] {
        self.0.as_bytes()
    }

    /// What kind of value it is.
    ///
    /// ```
    /// use binder_core::{bind::RawJson, json::Kind};
    ///
    /// assert_eq!(RawJson::new("[]")?.kind(), Kind::Array);
    /// assert_eq!(RawJson::new("-1.5")?.kind(), Kind::Number);
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub fn kind(&self) -> Kind {
        match self.0.as_bytes().first() {
            Some(b'{') => Kind::Object,
            Some(b'[') => Kind::Array,
            Some(b'"') => Kind::String,
            Some(b't' | b'f') => Kind::Bool,
            Some(b'n') => Kind::Null,
            // `-` or a digit: the value was checked.
            _ => Kind::Number,
        }
    }

    /// A [`Reader`] over the value, to read it now: it was checked
    /// already, so its depth is bounded by the limit it was checked under
    /// (the reader tracks up to [`MAX_DEPTH`] levels).
    ///
    /// ```
    /// let raw = binder_core::bind::RawJson::new(r#"{"n": 7}"#)?;
    /// let mut r = raw.reader();
    /// r.begin_object()?;
    /// r.next_member(&mut [])?;
    /// assert_eq!(r.read_number()?.parse::<u8>()?, 7);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn reader(&self) -> Reader<'r> {
        let mut limits = Limits::DEFAULT;
        limits.max_json_depth = MAX_DEPTH;
        Reader::with_limits(self.0.as_bytes(), &limits)
    }
}

impl fmt::Display for RawJson<'_> {
    /// The value as written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl<'r> Value<'r> for RawJson<'r> {
    fn from_raw(raw: Raw<'r>) -> Result<Self, ValueError> {
        if raw.is_json_string() {
            // `required`'s check hands a JSON string over as text.
            return Err(ValueError::custom(
                "expected a JSON value other than a string",
            ));
        }
        raw.with_text(|text| match text {
            Ref::Borrowed(text) => {
                RawJson::new(text).map_err(|_| ValueError::custom("expected a JSON value"))
            }
            Ref::Copied(_) => Err(ValueError::new(ValueErrorKind::NeedsDecoding)),
        })
    }

    #[inline]
    fn from_json(r: &mut Reader<'r>, _: &mut FieldCx<'_, 'r>) -> Result<Option<Self>, Error> {
        if r.value_byte()? == b'n' {
            r.null_here()?;
            return Ok(None);
        }
        r.read_raw().map(|raw| Some(RawJson(raw)))
    }

    no_members!();
}
