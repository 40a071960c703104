//! Text to value: integers of every width, floats, `bool`, `char` and
//! strings, through one trait, [`FromText`].
//!
//! A value reaches a conversion as a [`Text`]: either borrowed from the
//! request (`Ref::Borrowed`, it lives as long as the request) or copied into a
//! short-lived scratch buffer because decoding changed it (`Ref::Copied`).
//! `&'a str` accepts only the first; `Cow<'a, str>` borrows the first and
//! owns the second; every other type does not care.
//!
//! Rules, chosen on purpose:
//! - Integers: optional sign (`-` only for signed types, `+` for all), ASCII
//!   digits, nothing else; past the type's range is [`OutOfRange`], never
//!   wrapped or clamped. `1e3` and `1.0` are not integers.
//! - Floats: decimal with optional fraction and exponent; `NaN`, `inf` and
//!   `infinity` are refused (a `NaN` slips past every range check a handler
//!   writes), and so is a finite-looking value too large for the type.
//! - `bool`: `true`, `false`, `on`, `off` in any ASCII case, `1`, `0`. A
//!   checkbox sends `on`.
//! - Invalid UTF-8 is [`InvalidUtf8`], never replaced with U+FFFD.
//!
//! [`OutOfRange`]: crate::ValueErrorKind::OutOfRange
//! [`InvalidUtf8`]: crate::ValueErrorKind::InvalidUtf8

use crate::error::{ValueError, ValueErrorKind};
use core::ops::Deref;

/// A value borrowed either from the request (`'a`) or from a scratch buffer
/// that lives only for the call (`'s`).
#[derive(Debug, PartialEq, Eq)]
pub enum Ref<'a, 's, T: ?Sized> {
    /// Borrowed from the input: lives as long as the request.
    Borrowed(&'a T),
    /// Copied into scratch because decoding changed it.
    Copied(&'s T),
}

// Manual impls: a derive would demand `T: Clone`, which `str` is not.
impl<T: ?Sized> Clone for Ref<'_, '_, T> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: ?Sized> Copy for Ref<'_, '_, T> {}

impl<T: ?Sized> Deref for Ref<'_, '_, T> {
    type Target = T;
    #[inline]
    fn deref(&self) -> &T {
        match *self {
            Ref::Borrowed(v) => v,
            Ref::Copied(v) => v,
        }
    }
}

/// Text ready for conversion: valid UTF-8, decoded.
pub type Text<'a, 's> = Ref<'a, 's, str>;

impl<'a, 's> Ref<'a, 's, [u8]> {
    /// Checks the bytes are UTF-8, keeping where they are borrowed from.
    ///
    /// # Errors
    /// [`ValueErrorKind::InvalidUtf8`] if they are not.
    #[inline]
    pub fn to_text(self) -> Result<Text<'a, 's>, ValueError> {
        Ok(match self {
            Ref::Borrowed(b) => Ref::Borrowed(utf8(b)?),
            Ref::Copied(b) => Ref::Copied(utf8(b)?),
        })
    }
}

/// `bytes` as `&str`, or [`ValueErrorKind::InvalidUtf8`].
///
/// # Errors
/// If `bytes` is not UTF-8.
#[inline]
pub fn utf8(bytes: &[u8]) -> Result<&str, ValueError> {
    crate::text::from_utf8(bytes).map_err(|_| ValueError::new(ValueErrorKind::InvalidUtf8))
}

/// How a [`Raw`] value is escaped on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Escapes {
    /// Nothing to decode: the bytes are the value.
    None,
    /// `application/x-www-form-urlencoded`: `+` is a space, `%XX` a byte.
    Form,
    /// A URL path segment: `%XX` is a byte, `+` is itself.
    Path,
    /// A JSON string's escapes (`\n`, `\u00e9`, surrogate pairs), already
    /// checked by the [`json`](crate::json) reader: made only by
    /// [`Raw::json`].
    Json,
}

/// Stack scratch for decoding a value that a non-text type converts from.
/// Numbers, `bool` and `char` are far shorter; longer values decode into an
/// allocation under `alloc`, and are [`ValueErrorKind::TooLong`] without it.
const STACK_SCRATCH: usize = 128;

/// A value as the request holds it, not yet decoded: the bytes and how they
/// are escaped. Decoding happens once, in the way the target type needs: into
/// stack scratch for a number, straight into one allocation for a `String`.
///
/// ```
/// use binder_core::convert::{FromText, Raw};
///
/// assert_eq!(u32::from_raw(Raw::form(b"%33%36")), Ok(36));
/// assert_eq!(String::from_raw(Raw::form(b"Ada+Lovelace")).unwrap(), "Ada Lovelace");
/// assert!(<&str>::from_raw(Raw::form(b"a+b")).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Raw<'r> {
    repr: Repr<'r>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Repr<'r> {
    /// Bytes as sent, not known to be UTF-8.
    Bytes(&'r [u8], Escapes),
    /// A JSON string's body, and whether it has escapes: UTF-8 already (the
    /// reader checks the whole body once), so never checked again.
    Json(&'r str, bool),
    /// Text known to be UTF-8 (a query string as `http::Uri` holds it, a
    /// form body checked once, a path segment), percent-escaped or not:
    /// never checked again, and only bytes made by `%XX` are checked when
    /// it is decoded.
    Text(&'r str, Escapes),
}

impl<'r> Raw<'r> {
    /// Bytes that need no decoding.
    #[inline]
    pub const fn plain(bytes: &'r [u8]) -> Self {
        Raw {
            repr: Repr::Bytes(bytes, Escapes::None),
        }
    }

    /// Urlencoded bytes; borrowed as they are when they hold no `%` or `+`.
    #[inline]
    pub fn form(bytes: &'r [u8]) -> Self {
        Self::form_flagged(bytes, crate::percent::needs_decoding(bytes))
    }

    /// Urlencoded bytes whose scan already knows whether they hold `%` or `+`.
    #[inline]
    pub const fn form_flagged(bytes: &'r [u8], needs_decoding: bool) -> Self {
        let escapes = if needs_decoding {
            Escapes::Form
        } else {
            Escapes::None
        };
        Raw {
            repr: Repr::Bytes(bytes, escapes),
        }
    }

    /// Urlencoded text, known to be UTF-8, not yet looked at for escapes:
    /// decoding finds out, in the same pass, and checks only the bytes
    /// that `%XX` escapes make.
    ///
    /// ```
    /// use binder_core::convert::{FromText, Raw};
    ///
    /// assert_eq!(String::from_raw(Raw::form_text("caf%C3%A9+au+lait")).unwrap(), "café au lait");
    /// assert!(String::from_raw(Raw::form_text("%C3")).is_err());
    /// ```
    #[inline]
    pub const fn form_text(text: &'r str) -> Self {
        Raw {
            repr: Repr::Text(text, Escapes::Form),
        }
    }

    /// Text that is already decoded (a path value a router decoded): taken
    /// as it is.
    #[inline]
    pub const fn decoded_text(text: &'r str) -> Self {
        Raw {
            repr: Repr::Text(text, Escapes::None),
        }
    }

    /// A URL path segment, known to be UTF-8, percent-encoded.
    #[inline]
    pub fn path_text(text: &'r str) -> Self {
        let escapes = if text.as_bytes().contains(&b'%') {
            Escapes::Path
        } else {
            Escapes::None
        };
        Raw {
            repr: Repr::Text(text, escapes),
        }
    }

    /// A URL path segment, percent-encoded.
    #[inline]
    pub fn path(bytes: &'r [u8]) -> Self {
        let escapes = if bytes.contains(&b'%') {
            Escapes::Path
        } else {
            Escapes::None
        };
        Raw {
            repr: Repr::Bytes(bytes, escapes),
        }
    }

    /// A JSON string from the [`json`](crate::json) reader: borrowed as it
    /// is when it has no escapes, and never checked for UTF-8 again.
    ///
    /// ```
    /// use binder_core::convert::{Escapes, FromText, Raw};
    /// use binder_core::json::Reader;
    ///
    /// let raw = Raw::json(Reader::new(br#""caf\u00e9""#).read_str()?);
    /// assert_eq!(raw.escapes(), Escapes::Json);
    /// assert_eq!(String::from_raw(raw).unwrap(), "café");
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub const fn json(s: crate::json::JsonStr<'r>) -> Self {
        Raw {
            repr: Repr::Json(s.raw(), s.has_escapes()),
        }
    }

    /// Urlencoded bytes not yet looked at for escapes: decoding finds out,
    /// in the same pass.
    #[inline]
    pub const fn form_unscanned(bytes: &'r [u8]) -> Self {
        Raw {
            repr: Repr::Bytes(bytes, Escapes::Form),
        }
    }

    /// The bytes as sent.
    #[inline]
    pub const fn bytes(&self) -> &'r [u8] {
        match self.repr {
            Repr::Bytes(bytes, _) => bytes,
            Repr::Json(text, _) | Repr::Text(text, _) => text.as_bytes(),
        }
    }

    /// How the bytes are escaped.
    #[inline]
    pub const fn escapes(&self) -> Escapes {
        match self.repr {
            Repr::Bytes(_, escapes) => escapes,
            Repr::Json(_, true) => Escapes::Json,
            Repr::Json(_, false) => Escapes::None,
            Repr::Text(_, escapes) => escapes,
        }
    }

    /// Whether the value is empty (decoding never empties a non-empty value).
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.bytes().is_empty()
    }

    /// The text itself when nothing needs decoding: borrowed, checked for
    /// UTF-8 unless the reader already did.
    #[inline]
    fn plain_text(&self) -> Option<Result<&'r str, ValueError>> {
        match self.repr {
            Repr::Bytes(bytes, Escapes::None) => Some(utf8(bytes)),
            Repr::Json(text, false) | Repr::Text(text, Escapes::None) => Some(Ok(text)),
            _ => None,
        }
    }

    /// The decoded bytes: borrowed when nothing changes, else written into
    /// `scratch`. `None` if they do not fit.
    #[inline]
    pub fn decode<'s>(&self, scratch: &'s mut [u8]) -> Option<Ref<'r, 's, [u8]>> {
        let out = match self.repr {
            Repr::Bytes(bytes, Escapes::None) => return Some(Ref::Borrowed(bytes)),
            Repr::Json(text, false) | Repr::Text(text, Escapes::None) => {
                return Some(Ref::Borrowed(text.as_bytes()))
            }
            Repr::Text(text, Escapes::Form) => {
                return crate::percent::decode_ref::<true>(text.as_bytes(), scratch)
            }
            Repr::Text(text, Escapes::Path) => {
                return crate::percent::decode_ref::<false>(text.as_bytes(), scratch)
            }
            // One pass: borrowed after all when no escape is found.
            Repr::Bytes(bytes, Escapes::Form) => {
                return crate::percent::decode_ref::<true>(bytes, scratch)
            }
            Repr::Bytes(bytes, Escapes::Path) => {
                return crate::percent::decode_ref::<false>(bytes, scratch)
            }
            Repr::Json(text, true) => crate::json::unescape_into(text, scratch),
            // Only `Raw::json` makes JSON escapes, and as `Repr::Json`.
            Repr::Bytes(_, Escapes::Json) | Repr::Text(_, Escapes::Json) => None,
        };
        out.map(Ref::Copied)
    }

    /// Decodes if needed, then calls `f` with the bytes: borrowed when
    /// nothing changes, else decoded into stack scratch (or, for a long
    /// value under `alloc`, one allocation). No UTF-8 check: for types that
    /// read ASCII only (numbers, `bool`) and refuse anything else.
    ///
    /// # Errors
    /// [`ValueErrorKind::TooLong`] (a long escaped value without `alloc`),
    /// or what `f` returns.
    #[inline]
    pub fn with_bytes<T>(
        self,
        f: impl FnOnce(&[u8]) -> Result<T, ValueError>,
    ) -> Result<T, ValueError> {
        // Most values need no decoding: no scratch for them.
        match self.repr {
            Repr::Bytes(bytes, Escapes::None) => return f(bytes),
            Repr::Text(text, Escapes::None) | Repr::Json(text, false) => return f(text.as_bytes()),
            Repr::Bytes(bytes, Escapes::Form) if !crate::percent::needs_decoding(bytes) => {
                return f(bytes)
            }
            Repr::Text(text, Escapes::Form) if !crate::percent::needs_decoding(text.as_bytes()) => {
                return f(text.as_bytes())
            }
            _ => {}
        }
        self.with_escaped_bytes(f)
    }

    /// Converts a value that is ASCII when valid (a number, a flag) without
    /// looking for escapes first: `parse` reads the bytes as sent, and its
    /// result stands unless they may hold an escape, which a successful
    /// parse rules out except where `unescaped` says otherwise (a `+` that
    /// a number's sign and a space share). Only then is the value decoded
    /// and parsed again.
    ///
    /// # Errors
    /// What `parse` returns for the decoded value.
    #[inline]
    pub fn parse_ascii<T>(
        self,
        parse: impl Fn(&[u8]) -> Result<T, ValueError>,
        unescaped: impl FnOnce(&[u8]) -> bool,
    ) -> Result<T, ValueError> {
        let (bytes, plain) = match self.repr {
            Repr::Bytes(b, Escapes::None) => (b, true),
            Repr::Text(t, Escapes::None) | Repr::Json(t, false) => (t.as_bytes(), true),
            Repr::Bytes(b, _) => (b, false),
            Repr::Text(t, _) | Repr::Json(t, true) => (t.as_bytes(), false),
        };
        if plain {
            return parse(bytes);
        }
        match parse(bytes) {
            Ok(v) if unescaped(bytes) => Ok(v),
            _ => self.with_escaped_bytes(parse),
        }
    }

    /// [`Raw::with_bytes`] for a value that holds escapes.
    #[inline(never)]
    fn with_escaped_bytes<T>(
        self,
        f: impl FnOnce(&[u8]) -> Result<T, ValueError>,
    ) -> Result<T, ValueError> {
        let mut stack = [0u8; STACK_SCRATCH];
        match self.decode(&mut stack) {
            Some(decoded) => f(&decoded),
            None => self.with_long_bytes(f),
        }
    }

    #[cfg(feature = "alloc")]
    #[cold]
    fn with_long_bytes<T>(
        self,
        f: impl FnOnce(&[u8]) -> Result<T, ValueError>,
    ) -> Result<T, ValueError> {
        f(&self.decode_vec())
    }

    #[cfg(not(feature = "alloc"))]
    #[cold]
    fn with_long_bytes<T>(
        self,
        _: impl FnOnce(&[u8]) -> Result<T, ValueError>,
    ) -> Result<T, ValueError> {
        Err(ValueError::new(ValueErrorKind::TooLong))
    }

    /// Decodes and checks UTF-8, then calls `f` with the text: borrowed when
    /// nothing changes, else decoded into stack scratch (or, for a long value
    /// under `alloc`, one allocation).
    ///
    /// # Errors
    /// [`ValueErrorKind::InvalidUtf8`], [`ValueErrorKind::TooLong`] (a long
    /// escaped value without `alloc`), or what `f` returns.
    #[inline]
    pub fn with_text<T>(
        self,
        f: impl FnOnce(Text<'r, '_>) -> Result<T, ValueError>,
    ) -> Result<T, ValueError> {
        if let Some(text) = self.plain_text() {
            return f(Ref::Borrowed(text?));
        }
        let mut stack = [0u8; STACK_SCRATCH];
        if let Some(decoded) = self.decode(&mut stack) {
            return f(decoded.to_text()?);
        }
        self.with_long_text(f)
    }

    #[cfg(feature = "alloc")]
    #[cold]
    fn with_long_text<T>(
        self,
        f: impl FnOnce(Text<'r, '_>) -> Result<T, ValueError>,
    ) -> Result<T, ValueError> {
        let owned = self.decode_vec();
        f(Ref::Copied(utf8(&owned)?))
    }

    #[cfg(not(feature = "alloc"))]
    #[cold]
    fn with_long_text<T>(
        self,
        _: impl FnOnce(Text<'r, '_>) -> Result<T, ValueError>,
    ) -> Result<T, ValueError> {
        Err(ValueError::new(ValueErrorKind::TooLong))
    }

    #[cfg(feature = "alloc")]
    fn decode_vec(&self) -> alloc::vec::Vec<u8> {
        match self.repr {
            Repr::Bytes(bytes, Escapes::Form) => {
                crate::percent::decode_cow_with::<true>(bytes).into_owned()
            }
            Repr::Text(text, Escapes::Form) => {
                crate::percent::decode_cow_with::<true>(text.as_bytes()).into_owned()
            }
            Repr::Bytes(bytes, Escapes::Path) => {
                crate::percent::decode_cow_with::<false>(bytes).into_owned()
            }
            Repr::Text(text, Escapes::Path) => {
                crate::percent::decode_cow_with::<false>(text.as_bytes()).into_owned()
            }
            Repr::Json(text, true) => crate::json::unescape_string(text).into_bytes(),
            _ => self.bytes().to_vec(),
        }
    }

    /// The decoded text, owned: one allocation, no `Cow` in between.
    ///
    /// # Errors
    /// [`ValueErrorKind::InvalidUtf8`] if the decoded bytes are not UTF-8.
    #[cfg(feature = "alloc")]
    #[inline]
    pub fn into_string(self) -> Result<alloc::string::String, ValueError> {
        use alloc::string::String;
        match self.repr {
            Repr::Bytes(bytes, Escapes::None) => utf8(bytes).map(String::from),
            Repr::Text(text, Escapes::None) | Repr::Json(text, false) => Ok(String::from(text)),
            Repr::Text(text, Escapes::Form) => crate::percent::decode_text_owned::<true>(text),
            _ => self.into_cow().map(alloc::borrow::Cow::into_owned),
        }
    }

    /// The decoded text: borrowed when nothing changes, else decoded into
    /// exactly one allocation.
    ///
    /// # Errors
    /// [`ValueErrorKind::InvalidUtf8`] if the decoded bytes are not UTF-8.
    #[cfg(feature = "alloc")]
    #[inline]
    pub fn into_cow(self) -> Result<alloc::borrow::Cow<'r, str>, ValueError> {
        use alloc::borrow::Cow;
        if let Some(text) = self.plain_text() {
            return Ok(Cow::Borrowed(text?));
        }
        let decoded = match self.repr {
            // Decoded JSON escapes are UTF-8 by construction.
            Repr::Json(text, _) => return Ok(Cow::Owned(crate::json::unescape_string(text))),
            // Built from the text's own runs; only escaped bytes checked.
            Repr::Text(text, Escapes::Form) => return crate::percent::decode_text::<true>(text),
            Repr::Text(text, Escapes::Path) => return crate::percent::decode_text::<false>(text),
            Repr::Text(text, _) => return Ok(Cow::Borrowed(text)),
            // One pass: borrowed after all when no escape is found.
            Repr::Bytes(bytes, Escapes::Form) => crate::percent::decode_cow_with::<true>(bytes),
            Repr::Bytes(bytes, Escapes::Path) => crate::percent::decode_cow_with::<false>(bytes),
            Repr::Bytes(bytes, _) => Cow::Borrowed(bytes),
        };
        match decoded {
            Cow::Borrowed(b) => utf8(b).map(Cow::Borrowed),
            Cow::Owned(v) => alloc::string::String::from_utf8(v)
                .map(Cow::Owned)
                .map_err(|_| ValueError::new(ValueErrorKind::InvalidUtf8)),
        }
    }
}

/// A type a text value converts into.
///
/// ```
/// use binder_core::convert::{FromText, Ref};
///
/// assert_eq!(u16::from_text(Ref::Borrowed("8080")), Ok(8080));
/// assert!(<&str>::from_text(Ref::Copied("decoded")).is_err());
/// assert_eq!(bool::from_text(Ref::Borrowed("on")), Ok(true));
/// ```
pub trait FromText<'a>: Sized {
    /// Whether this is a text type, for which an empty value is a value
    /// (`Some("")`). For any other type an empty value into `Option<T>` means
    /// `None`, the way HTML forms send a blank optional input.
    const IS_TEXT: bool = false;

    /// Converts `text` into `Self`.
    ///
    /// # Errors
    /// A [`ValueError`] saying what was expected, never echoing the text.
    fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError>;

    /// Converts a value not yet decoded. The default decodes into stack
    /// scratch and calls [`FromText::from_text`]; owned text types decode
    /// straight into their one allocation instead.
    ///
    /// # Errors
    /// As [`Raw::with_text`] and [`FromText::from_text`].
    #[inline]
    fn from_raw(raw: Raw<'a>) -> Result<Self, ValueError> {
        raw.with_text(Self::from_text)
    }

    /// Converts a JSON number. The default converts its text (a `String`
    /// keeps the digits as sent); numeric types use the digits the reader
    /// already collected.
    ///
    /// # Errors
    /// The type's own error.
    #[inline]
    fn from_json_number(n: crate::json::Number<'a>) -> Result<Self, ValueError> {
        Self::from_raw(Raw::plain(n.as_str().as_bytes()))
    }

    /// Converts a JSON string from the [`json`](crate::json) reader. The
    /// default converts it as any [`Raw`] value; text types take it
    /// borrowed when it has no escapes, without the detour.
    ///
    /// # Errors
    /// As [`FromText::from_raw`].
    #[inline]
    fn from_json_str(s: crate::json::JsonStr<'a>) -> Result<Self, ValueError> {
        Self::from_raw(Raw::json(s))
    }

    /// Converts a JSON `true` or `false`. The default converts the word as
    /// text (a `String` field keeps it); `bool` takes it as it is.
    ///
    /// # Errors
    /// As [`FromText::from_raw`].
    #[inline]
    fn from_json_bool(b: bool) -> Result<Self, ValueError> {
        Self::from_raw(Raw::plain(if b { b"true" } else { b"false" }))
    }
}

/// Converts raw bytes that need no decoding (UTF-8 is still checked).
///
/// ```
/// assert_eq!(binder_core::convert::parse_text::<i8>(b"-128"), Ok(-128));
/// assert!(binder_core::convert::parse_text::<i8>(b"128").is_err());
/// ```
///
/// # Errors
/// [`ValueErrorKind::InvalidUtf8`], or the type's own error.
#[inline]
pub fn parse_text<'a, T: FromText<'a>>(raw: &'a [u8]) -> Result<T, ValueError> {
    T::from_text(Ref::Borrowed(utf8(raw)?))
}

/// Converts through [`core::str::FromStr`], for user types: any parse error
/// becomes `ValueError::custom(expected)`.
///
/// ```
/// use std::net::Ipv4Addr;
/// use binder_core::convert::{from_str, Ref};
///
/// let ip: Ipv4Addr = from_str(Ref::Borrowed("10.0.0.1"), "expected an IPv4 address").unwrap();
/// assert_eq!(ip, Ipv4Addr::new(10, 0, 0, 1));
/// ```
///
/// # Errors
/// `ValueError::custom(expected)` when `T::from_str` fails.
#[inline]
pub fn from_str<T: core::str::FromStr>(
    text: Text<'_, '_>,
    expected: &'static str,
) -> Result<T, ValueError> {
    text.parse().map_err(|_| ValueError::custom(expected))
}

/// A value converted through [`core::str::FromStr`]: a field of type
/// `Parsed<T>` (or `#[bind(from_str)]` on a `T`, `Option<T>` or `Vec<T>`
/// field) binds any `T: FromStr`. A parse failure is reported as
/// "not a valid value for the field's type", never with the value.
///
/// ```
/// use binder_core::convert::{FromText, Parsed, Ref};
/// use std::net::IpAddr;
///
/// let ip = Parsed::<IpAddr>::from_text(Ref::Borrowed("::1")).unwrap();
/// assert!(ip.0.is_loopback());
/// assert!(Parsed::<IpAddr>::from_text(Ref::Borrowed("nope")).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Parsed<T>(pub T);

impl<'a, T: core::str::FromStr> FromText<'a> for Parsed<T> {
    #[inline]
    fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError> {
        from_str(text, "not a valid value for the field's type").map(Parsed)
    }
}

impl<'a> FromText<'a> for &'a str {
    const IS_TEXT: bool = true;
    #[inline]
    fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError> {
        match text {
            Ref::Borrowed(s) => Ok(s),
            Ref::Copied(_) => Err(ValueError::new(ValueErrorKind::NeedsDecoding)),
        }
    }
    #[inline]
    fn from_json_str(s: crate::json::JsonStr<'a>) -> Result<Self, ValueError> {
        match s.as_str() {
            Some(text) => Ok(text),
            None => escaped_json_str(s),
        }
    }
}

/// A JSON string with escapes into a type that only borrows: refused, as
/// [`FromText::from_raw`] refuses it.
#[cold]
#[inline(never)]
fn escaped_json_str<'a, T: FromText<'a>>(s: crate::json::JsonStr<'a>) -> Result<T, ValueError> {
    T::from_raw(Raw::json(s))
}

#[cfg(feature = "alloc")]
impl<'a> FromText<'a> for alloc::borrow::Cow<'a, str> {
    const IS_TEXT: bool = true;
    #[inline]
    fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError> {
        use alloc::borrow::{Cow, ToOwned};
        Ok(match text {
            Ref::Borrowed(s) => Cow::Borrowed(s),
            Ref::Copied(s) => Cow::Owned(s.to_owned()),
        })
    }
    #[inline]
    fn from_raw(raw: Raw<'a>) -> Result<Self, ValueError> {
        raw.into_cow()
    }
    #[inline]
    fn from_json_str(s: crate::json::JsonStr<'a>) -> Result<Self, ValueError> {
        Ok(s.to_cow())
    }
}

#[cfg(feature = "alloc")]
impl<'a> FromText<'a> for alloc::string::String {
    const IS_TEXT: bool = true;
    #[inline]
    fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError> {
        Ok(alloc::string::String::from(&*text))
    }
    #[inline]
    fn from_raw(raw: Raw<'a>) -> Result<Self, ValueError> {
        raw.into_string()
    }
    #[inline]
    fn from_json_str(s: crate::json::JsonStr<'a>) -> Result<Self, ValueError> {
        Ok(match s.as_str() {
            Some(text) => alloc::string::String::from(text),
            None => crate::json::unescape_string(s.raw()),
        })
    }
}

macro_rules! from_text_int {
    ($kind:ident: $($t:ty),*) => {$(
        impl<'a> FromText<'a> for $t {
            #[inline]
            fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError> {
                parse_int::<$t>(text.as_bytes(), ValueErrorKind::$kind)
            }
            #[inline]
            fn from_raw(raw: Raw<'a>) -> Result<Self, ValueError> {
                // A parsed integer holds no `%`; a `+` only as its sign.
                raw.parse_ascii(
                    |b| parse_int::<$t>(b, ValueErrorKind::$kind),
                    |b| b.first() != Some(&b'+'),
                )
            }
            #[inline]
            fn from_json_number(n: crate::json::Number<'a>) -> Result<Self, ValueError> {
                n.parse::<$t>()
            }
        }
    )*};
}
from_text_int!(NotUnsigned: u8, u16, u32, u64, u128, usize);
from_text_int!(NotSigned: i8, i16, i32, i64, i128, isize);

#[inline]
fn parse_int<T: lexical_core::FromLexical>(
    bytes: &[u8],
    not_a_number: ValueErrorKind,
) -> Result<T, ValueError> {
    use lexical_core::Error as E;
    lexical_core::parse::<T>(bytes).map_err(|e| {
        ValueError::new(match e {
            E::Overflow(_) | E::Underflow(_) => ValueErrorKind::OutOfRange,
            _ => not_a_number,
        })
    })
}

macro_rules! from_text_float {
    ($($t:ty),*) => {$(
        impl<'a> FromText<'a> for $t {
            #[inline]
            fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError> {
                parse_float::<$t>(text.as_bytes())
            }
            #[inline]
            fn from_raw(raw: Raw<'a>) -> Result<Self, ValueError> {
                // A plain decimal holds no escape: as sent is as decoded.
                if let Some(v) = plain_decimal::<$t>(raw.bytes()) {
                    return Ok(v);
                }
                // A parsed float holds no `%`; a `+` as a sign.
                raw.parse_ascii(parse_float::<$t>, |b| !b.contains(&b'+'))
            }
            #[inline]
            fn from_json_number(n: crate::json::Number<'a>) -> Result<Self, ValueError> {
                n.parse::<$t>()
            }
        }
    )*};
}
from_text_float!(f32, f64);

#[inline]
fn parse_float<T: lexical_core::FromLexical + Float>(bytes: &[u8]) -> Result<T, ValueError> {
    if let Some(v) = plain_decimal::<T>(bytes) {
        return Ok(v);
    }
    let v: T =
        lexical_core::parse(bytes).map_err(|_| ValueError::new(ValueErrorKind::NotAFloat))?;
    if v.is_finite() {
        Ok(v)
    } else {
        Err(ValueError::new(non_finite_kind(bytes)))
    }
}

/// A plain decimal (`99.5`, `-12`, `0.25`: an optional `-`, digits, an
/// optional `.` and digits, at most 19 digits, no exponent) whose digits and
/// power of ten are both exact in `T`: Clinger's fast path, one correctly
/// rounded divide, the value `lexical-core` gives. `None` for anything
/// else, which `lexical-core` then reads.
#[inline(always)]
fn plain_decimal<T: Float>(bytes: &[u8]) -> Option<T> {
    let (negative, digits) = match bytes {
        [b'-', rest @ ..] => (true, rest),
        _ => (false, bytes),
    };
    if digits.len() > 20 {
        return None;
    }
    let mut mantissa: u64 = 0;
    let mut seen = 0u32;
    let mut point = None;
    for (i, &c) in digits.iter().enumerate() {
        match c {
            b'0'..=b'9' => {
                // 19 digits at most fit; more are refused below.
                mantissa = mantissa.wrapping_mul(10).wrapping_add(u64::from(c - b'0'));
                seen += 1;
            }
            b'.' if point.is_none() => point = Some(i),
            _ => return None,
        }
    }
    let scale = match point {
        // Digits on both sides of the point.
        Some(at) if at > 0 && at + 1 < digits.len() => digits.len() - at - 1,
        Some(_) => return None,
        None => 0,
    };
    if seen == 0 || seen > 19 || mantissa > T::EXACT_MANTISSA || scale > T::EXACT_POW10 {
        return None;
    }
    let v = T::from_u64(mantissa).div(T::pow10(scale));
    Some(if negative { v.neg() } else { v })
}

/// Exact powers of ten: every one up to 1e22 is an `f64`.
pub(crate) const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// What float conversion needs of `f32` and `f64`.
trait Float: Copy {
    /// The largest integer and power of ten the type holds exactly.
    const EXACT_MANTISSA: u64;
    const EXACT_POW10: usize;
    fn is_finite(self) -> bool;
    fn from_u64(m: u64) -> Self;
    fn pow10(k: usize) -> Self;
    fn div(self, by: Self) -> Self;
    fn neg(self) -> Self;
}

macro_rules! float {
    ($($t:ty: $bits:expr, $pow:expr);*) => {$(
        impl Float for $t {
            const EXACT_MANTISSA: u64 = 1 << $bits;
            const EXACT_POW10: usize = $pow;
            #[inline]
            fn is_finite(self) -> bool {
                <$t>::is_finite(self)
            }
            #[inline(always)]
            fn from_u64(m: u64) -> Self {
                m as $t
            }
            #[inline(always)]
            fn pow10(k: usize) -> Self {
                POW10[k] as $t
            }
            #[inline(always)]
            fn div(self, by: Self) -> Self {
                self / by
            }
            #[inline(always)]
            fn neg(self) -> Self {
                -self
            }
        }
    )*};
}
float!(f64: 53, 22; f32: 24, 10);

/// Why a float parsed to a non-finite value: written as a number too large
/// for the type, or spelled `NaN`/`inf`.
#[inline]
fn non_finite_kind(bytes: &[u8]) -> ValueErrorKind {
    let unsigned = match bytes.first() {
        Some(b'+' | b'-') => &bytes[1..],
        _ => bytes,
    };
    match unsigned.first() {
        Some(b'0'..=b'9' | b'.') => ValueErrorKind::OutOfRange,
        _ => ValueErrorKind::NotAFloat,
    }
}

impl<'a> FromText<'a> for bool {
    #[inline]
    fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError> {
        parse_bool(text.as_bytes())
    }
    #[inline]
    fn from_raw(raw: Raw<'a>) -> Result<Self, ValueError> {
        // Every accepted spelling is letters and digits: never escaped.
        raw.parse_ascii(parse_bool, |_| true)
    }
    #[inline]
    fn from_json_bool(b: bool) -> Result<Self, ValueError> {
        Ok(b)
    }
}

/// `1`, `0`, or `true`, `false`, `on`, `off` in any case. The words are
/// compared a whole word at a time: a byte ORed with `0x20` is a lower-case
/// letter exactly when it is that letter or its capital.
#[inline]
fn parse_bool(b: &[u8]) -> Result<bool, ValueError> {
    const fn word<const N: usize>(s: &[u8; N]) -> u32 {
        let mut w = [0u8; 4];
        let mut i = 0;
        while i < N {
            w[i] = s[i];
            i += 1;
        }
        u32::from_le_bytes(w)
    }
    let lower = |s: &[u8]| {
        let mut w = [0u8; 4];
        w[..s.len()].copy_from_slice(s);
        u32::from_le_bytes(w) | word(&[0x20; 4]) & (u32::MAX >> (32 - 8 * s.len()))
    };
    match b.len() {
        1 if b[0] == b'1' => Ok(true),
        1 if b[0] == b'0' => Ok(false),
        2 if lower(b) == word(b"on") => Ok(true),
        3 if lower(b) == word(b"off") => Ok(false),
        4 if lower(b) == word(b"true") => Ok(true),
        5 if lower(&b[..4]) == word(b"fals") && b[4] | 0x20 == b'e' => Ok(false),
        _ => Err(ValueError::new(ValueErrorKind::NotABool)),
    }
}

impl<'a> FromText<'a> for char {
    #[inline]
    fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError> {
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(ValueError::new(ValueErrorKind::NotAChar)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word-at-a-time spellings equal the byte-by-byte definition on
    /// every short string over the letters involved, their capitals, their
    /// neighbours and the bytes that differ from them in bit 0x20 alone.
    #[test]
    fn bools_equal_the_case_insensitive_spellings() {
        use alloc::{vec, vec::Vec};
        fn slow(b: &[u8]) -> Option<bool> {
            match b {
                b"1" => Some(true),
                b"0" => Some(false),
                _ if b.eq_ignore_ascii_case(b"true") || b.eq_ignore_ascii_case(b"on") => Some(true),
                _ if b.eq_ignore_ascii_case(b"false") || b.eq_ignore_ascii_case(b"off") => {
                    Some(false)
                }
                _ => None,
            }
        }
        let mut alphabet: Vec<u8> = b"01truefalsonf".to_vec();
        for c in b"truefalsonf01".iter() {
            alphabet.extend([c ^ 0x20, c.wrapping_add(1), c.wrapping_sub(1), c | 0x80]);
        }
        alphabet.sort_unstable();
        alphabet.dedup();
        // Every string of length 0..=3 over the alphabet, every byte at
        // every position of each spelling (and its capitals), and length 6.
        let mut inputs: Vec<Vec<u8>> = vec![vec![]];
        for len in 1..=3 {
            let mut next = Vec::new();
            for s in inputs.iter().filter(|s| s.len() == len - 1) {
                for &c in &alphabet {
                    let mut t = s.clone();
                    t.push(c);
                    next.push(t);
                }
            }
            inputs.extend(next);
        }
        for word in [
            &b"true"[..],
            b"TRUE",
            b"false",
            b"FALSE",
            b"on",
            b"off",
            b"OFF",
            b"falsee",
        ] {
            for at in 0..word.len() {
                for c in 0..=255u8 {
                    let mut t = word.to_vec();
                    t[at] = c;
                    inputs.push(t);
                }
            }
        }
        let mut accepted = 0;
        for input in &inputs {
            let got = parse_bool(input).ok();
            assert_eq!(got, slow(input), "{input:?}");
            accepted += usize::from(got.is_some());
        }
        assert!(accepted > 60, "{accepted}");
    }
    use crate::ValueErrorKind as K;

    fn p<'a, T: FromText<'a>>(s: &'a str) -> Result<T, K> {
        T::from_text(Ref::Borrowed(s)).map_err(|e| e.kind())
    }

    /// The plain-decimal fast path gives exactly what `lexical-core` gives,
    /// on hand-picked edges and on 200,000 generated decimals, and leaves
    /// everything it does not take to `lexical-core`.
    #[test]
    fn plain_decimals_equal_lexical() {
        fn both(s: &str) {
            let b = s.as_bytes();
            let want64 = lexical_core::parse::<f64>(b).ok();
            if let Some(v) = plain_decimal::<f64>(b) {
                assert_eq!(Some(v.to_bits()), want64.map(f64::to_bits), "{s}");
            }
            let want32 = lexical_core::parse::<f32>(b).ok();
            if let Some(v) = plain_decimal::<f32>(b) {
                assert_eq!(Some(v.to_bits()), want32.map(f32::to_bits), "{s}");
            }
        }
        let edges = [
            "0",
            "-0",
            "0.1",
            "0.3",
            "99.5",
            "-12.25",
            "9007199254740992",
            "9007199254740993",
            "16777216",
            "16777217",
            "1.0000000000000000000",
            "0.0000000000000000000001",
            "4.35",
            "123456.789",
            "1.",
            ".5",
            "-",
            "-.",
            "1.2.3",
            "+1",
            "1e5",
            "",
            "00.5",
        ];
        for s in edges {
            both(s);
        }
        assert!(plain_decimal::<f64>(b"99.5").is_some());
        for s in ["1.", ".5", "-", "+1", "1e5", "", "1.2.3"] {
            assert!(plain_decimal::<f64>(s.as_bytes()).is_none(), "{s}");
        }
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let digits = (x % 21) as usize;
            let point = (x >> 8) as usize % (digits + 2);
            let mut s = alloc::string::String::new();
            if x & (1 << 40) != 0 {
                s.push('-');
            }
            let mut y = x >> 20;
            for i in 0..digits {
                if i == point {
                    s.push('.');
                }
                s.push(char::from(b'0' + (y % 10) as u8));
                y = y / 10 + (x >> (i % 50));
            }
            both(&s);
        }
    }

    #[test]
    fn integers_at_every_edge() {
        assert_eq!(p::<u8>("255"), Ok(255));
        assert_eq!(p::<u8>("256"), Err(K::OutOfRange));
        assert_eq!(p::<i8>("-128"), Ok(-128));
        assert_eq!(p::<i8>("-129"), Err(K::OutOfRange));
        assert_eq!(p::<u64>("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(p::<u64>("18446744073709551616"), Err(K::OutOfRange));
        assert_eq!(p::<i64>("-9223372036854775808"), Ok(i64::MIN));
        assert_eq!(
            p::<u128>("340282366920938463463374607431768211455"),
            Ok(u128::MAX)
        );
        assert_eq!(p::<u32>("+36"), Ok(36));
        assert_eq!(p::<u32>("-1"), Err(K::NotUnsigned));
        for bad in ["", " 1", "1 ", "1e3", "1.0", "0x10", "1_000", "+", "-", "٣"] {
            assert_eq!(p::<u32>(bad), Err(K::NotUnsigned), "{bad:?}");
            assert_eq!(p::<i32>(bad), Err(K::NotSigned), "{bad:?}");
        }
    }

    #[test]
    fn integers_agree_with_core_on_a_sweep() {
        // core's `from_str` is the oracle for plain decimal text.
        let samples = [
            "0",
            "00",
            "007",
            "-0",
            "+0",
            "-",
            "+",
            "++1",
            "--1",
            "1-",
            "12a",
            "65535",
            "65536",
            "-32768",
            "-32769",
            "4294967295",
            "4294967296",
            "99999999999999999999",
        ];
        for s in samples {
            assert_eq!(p::<u16>(s).ok(), s.parse::<u16>().ok(), "{s}");
            assert_eq!(p::<i16>(s).ok(), s.parse::<i16>().ok(), "{s}");
            assert_eq!(p::<u32>(s).ok(), s.parse::<u32>().ok(), "{s}");
            assert_eq!(p::<i64>(s).ok(), s.parse::<i64>().ok(), "{s}");
        }
    }

    #[test]
    fn floats_are_finite_or_refused() {
        assert_eq!(p::<f64>("99.5"), Ok(99.5));
        assert_eq!(p::<f64>("-1e3"), Ok(-1000.0));
        assert_eq!(p::<f64>("1e400"), Err(K::OutOfRange));
        assert_eq!(p::<f32>("1e39"), Err(K::OutOfRange));
        assert_eq!(p::<f32>("3.4e38"), Ok(3.4e38));
        for bad in [
            "NaN", "nan", "inf", "-inf", "Infinity", "", "1.2.3", "1e", "e5", " 1",
        ] {
            assert_eq!(p::<f64>(bad), Err(K::NotAFloat), "{bad:?}");
        }
    }

    #[test]
    fn finite_floats_agree_with_core() {
        let samples = [
            "0",
            "-0",
            "1.",
            ".5",
            "1e-400",
            "2.2250738585072014e-308",
            "0.1",
            "123456789012345678901234567890",
        ];
        for s in samples {
            assert_eq!(p::<f64>(s).ok(), s.parse::<f64>().ok(), "{s}");
        }
    }

    #[test]
    fn bools_and_chars() {
        for t in ["true", "TRUE", "True", "on", "ON", "1"] {
            assert_eq!(p::<bool>(t), Ok(true), "{t}");
        }
        for f in ["false", "off", "Off", "0"] {
            assert_eq!(p::<bool>(f), Ok(false), "{f}");
        }
        for bad in ["", "yes", "2", "t", " true"] {
            assert_eq!(p::<bool>(bad), Err(K::NotABool), "{bad}");
        }
        assert_eq!(p::<char>("é"), Ok('é'));
        assert_eq!(p::<char>(""), Err(K::NotAChar));
        assert_eq!(p::<char>("ab"), Err(K::NotAChar));
    }

    #[test]
    fn borrowed_str_refuses_decoded_text() {
        assert_eq!(<&str>::from_text(Ref::Borrowed("a")), Ok("a"));
        assert_eq!(
            <&str>::from_text(Ref::Copied("a")).unwrap_err().kind(),
            K::NeedsDecoding
        );
        const { assert!(<&str as FromText>::IS_TEXT && !<u8 as FromText>::IS_TEXT) };
    }

    #[test]
    fn invalid_utf8_is_refused() {
        assert_eq!(
            parse_text::<&str>(b"\xff").unwrap_err().kind(),
            K::InvalidUtf8
        );
        assert_eq!(
            Ref::<[u8]>::Copied(b"\xc3(").to_text().unwrap_err().kind(),
            K::InvalidUtf8
        );
    }
}

#[cfg(all(test, feature = "alloc"))]
mod raw_tests {
    use super::*;
    use crate::ValueErrorKind as K;
    use alloc::{borrow::Cow, string::String};

    #[test]
    fn owned_text_decodes_once_and_borrows_when_plain() {
        assert!(matches!(
            Cow::<str>::from_raw(Raw::form(b"plain")),
            Ok(Cow::Borrowed("plain"))
        ));
        assert_eq!(Cow::<str>::from_raw(Raw::form(b"a+%C3%A9")).unwrap(), "a é");
        assert_eq!(String::from_raw(Raw::path(b"a+%2F")).unwrap(), "a+/");
        assert_eq!(
            String::from_raw(Raw::form(b"%FF")).unwrap_err().kind(),
            K::InvalidUtf8
        );
    }

    #[test]
    fn long_escaped_numbers_still_convert() {
        let mut long = alloc::vec::Vec::new();
        for _ in 0..200 {
            long.extend_from_slice(b"%30"); // "0"
        }
        long.extend_from_slice(b"%34%32");
        assert_eq!(u8::from_raw(Raw::form(&long)), Ok(42));
        assert_eq!(bool::from_raw(Raw::form(b"%6Fn")), Ok(true));
    }
}
