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
    core::str::from_utf8(bytes).map_err(|_| ValueError::new(ValueErrorKind::InvalidUtf8))
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
            Repr::Json(text, _) => text.as_bytes(),
        }
    }

    /// How the bytes are escaped.
    #[inline]
    pub const fn escapes(&self) -> Escapes {
        match self.repr {
            Repr::Bytes(_, escapes) => escapes,
            Repr::Json(_, true) => Escapes::Json,
            Repr::Json(_, false) => Escapes::None,
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
            Repr::Json(text, false) => Some(Ok(text)),
            _ => None,
        }
    }

    /// The decoded bytes: borrowed when nothing changes, else written into
    /// `scratch`. `None` if they do not fit.
    #[inline]
    pub fn decode<'s>(&self, scratch: &'s mut [u8]) -> Option<Ref<'r, 's, [u8]>> {
        let out = match self.repr {
            Repr::Bytes(bytes, Escapes::None) => return Some(Ref::Borrowed(bytes)),
            Repr::Json(text, false) => return Some(Ref::Borrowed(text.as_bytes())),
            // One pass: borrowed after all when no escape is found.
            Repr::Bytes(bytes, Escapes::Form) => {
                return crate::percent::decode_ref::<true>(bytes, scratch)
            }
            Repr::Bytes(bytes, Escapes::Path) => {
                return crate::percent::decode_ref::<false>(bytes, scratch)
            }
            Repr::Json(text, true) => crate::json::unescape_into(text, scratch),
            // Only `Raw::json` makes JSON escapes, and as `Repr::Json`.
            Repr::Bytes(_, Escapes::Json) => None,
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
        if let Repr::Bytes(bytes, Escapes::None) = self.repr {
            return f(bytes);
        }
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
            Repr::Bytes(bytes, Escapes::Path) => {
                crate::percent::decode_cow_with::<false>(bytes).into_owned()
            }
            Repr::Json(text, true) => crate::json::unescape_string(text).into_bytes(),
            _ => self.bytes().to_vec(),
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
        raw.into_cow().map(alloc::borrow::Cow::into_owned)
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
                raw.with_bytes(|b| parse_int::<$t>(b, ValueErrorKind::$kind))
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
                raw.with_bytes(parse_float::<$t>)
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
    let v: T =
        lexical_core::parse(bytes).map_err(|_| ValueError::new(ValueErrorKind::NotAFloat))?;
    if v.is_finite() {
        Ok(v)
    } else {
        Err(ValueError::new(non_finite_kind(bytes)))
    }
}

/// What float conversion needs of `f32` and `f64`.
trait Float: Copy {
    fn is_finite(self) -> bool;
}
impl Float for f32 {
    #[inline]
    fn is_finite(self) -> bool {
        f32::is_finite(self)
    }
}
impl Float for f64 {
    #[inline]
    fn is_finite(self) -> bool {
        f64::is_finite(self)
    }
}

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
        raw.with_bytes(parse_bool)
    }
    #[inline]
    fn from_json_bool(b: bool) -> Result<Self, ValueError> {
        Ok(b)
    }
}

#[inline]
fn parse_bool(b: &[u8]) -> Result<bool, ValueError> {
    match b {
        b"1" => Ok(true),
        b"0" => Ok(false),
        _ if b.eq_ignore_ascii_case(b"true") || b.eq_ignore_ascii_case(b"on") => Ok(true),
        _ if b.eq_ignore_ascii_case(b"false") || b.eq_ignore_ascii_case(b"off") => Ok(false),
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
    use crate::ValueErrorKind as K;

    fn p<'a, T: FromText<'a>>(s: &'a str) -> Result<T, K> {
        T::from_text(Ref::Borrowed(s)).map_err(|e| e.kind())
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
