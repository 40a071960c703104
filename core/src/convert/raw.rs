//! [`Raw`]: a value as the request holds it, decoded once, the way its
//! target type needs.

use super::{utf8, FromText, Ref, Text};
use crate::error::{ValueError, ValueErrorKind};
use crate::json::JsonStr;

/// How a [`Raw`] value is escaped on the wire.
///
/// ```
/// use binder_core::convert::{Escapes, Raw};
///
/// assert_eq!(Raw::form(b"a+b").escapes(), Escapes::Form);
/// assert_eq!(Raw::form(b"ab").escapes(), Escapes::None); // nothing to decode
/// assert_eq!(Raw::path(b"a%20b").escapes(), Escapes::Path);
/// assert_eq!(Raw::plain(b"a+b").escapes(), Escapes::None);
/// ```
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
    ///
    /// ```
    /// use binder_core::convert::{FromText, Raw};
    ///
    /// // A multipart text part, or a header: taken as it is, `+` and all.
    /// assert_eq!(String::from_raw(Raw::plain(b"1+1=2")).unwrap(), "1+1=2");
    /// ```
    #[inline]
    pub const fn plain(bytes: &'r [u8]) -> Self {
        Raw {
            repr: Repr::Bytes(bytes, Escapes::None),
        }
    }

    /// Urlencoded bytes; borrowed as they are when they hold no `%` or `+`.
    ///
    /// ```
    /// use binder_core::convert::{FromText, Raw};
    ///
    /// assert_eq!(String::from_raw(Raw::form(b"1%2B1+%3D+2")).unwrap(), "1+1 = 2");
    /// assert_eq!(<&str>::from_raw(Raw::form(b"plain")), Ok("plain")); // borrowed
    /// ```
    #[inline]
    pub fn form(bytes: &'r [u8]) -> Self {
        Self::form_flagged(bytes, crate::percent::needs_decoding(bytes))
    }

    /// Urlencoded bytes whose scan already knows whether they hold `%` or `+`.
    ///
    /// ```
    /// use binder_core::convert::{Escapes, Raw};
    /// use binder_core::form;
    ///
    /// let pair = form::pairs(b"q=a+b").next().unwrap()?;
    /// let raw = Raw::form_flagged(pair.value_as_sent(), pair.value_needs_decoding());
    /// assert_eq!(raw.escapes(), Escapes::Form);
    /// # Ok::<(), binder_core::Error>(())
    /// ```
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
    ///
    /// ```
    /// use binder_core::convert::{FromText, Raw};
    ///
    /// // A router already turned `%2541` into `%41`: it is not decoded again.
    /// assert_eq!(String::from_raw(Raw::decoded_text("%41")).unwrap(), "%41");
    /// assert_eq!(String::from_raw(Raw::path_text("%41")).unwrap(), "A");
    /// ```
    #[inline]
    pub const fn decoded_text(text: &'r str) -> Self {
        Raw {
            repr: Repr::Text(text, Escapes::None),
        }
    }

    /// A URL path segment, known to be UTF-8, percent-encoded.
    ///
    /// ```
    /// use binder_core::convert::{FromText, Raw};
    ///
    /// // In a path, `+` is itself.
    /// assert_eq!(String::from_raw(Raw::path_text("C++%20notes")).unwrap(), "C++ notes");
    /// ```
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
    ///
    /// ```
    /// use binder_core::convert::{FromText, Raw};
    /// use binder_core::ValueErrorKind;
    ///
    /// assert_eq!(u32::from_raw(Raw::path(b"%34%32")), Ok(42));
    /// // Decoded bytes that are not UTF-8 are refused, never replaced.
    /// assert_eq!(String::from_raw(Raw::path(b"%FF")).unwrap_err().kind(), ValueErrorKind::InvalidUtf8);
    /// ```
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
    ///
    /// ```
    /// use binder_core::convert::{FromText, Raw};
    ///
    /// assert_eq!(String::from_raw(Raw::form_unscanned(b"a+b")).unwrap(), "a b");
    /// assert_eq!(<&str>::from_raw(Raw::form_unscanned(b"ab")), Ok("ab")); // borrowed after all
    /// ```
    #[inline]
    pub const fn form_unscanned(bytes: &'r [u8]) -> Self {
        Raw {
            repr: Repr::Bytes(bytes, Escapes::Form),
        }
    }

    /// The bytes as sent.
    ///
    /// ```
    /// use binder_core::convert::Raw;
    ///
    /// assert_eq!(Raw::form(b"a+b").bytes(), b"a+b"); // not decoded
    /// ```
    #[inline]
    pub const fn bytes(&self) -> &'r [u8] {
        match self.repr {
            Repr::Bytes(bytes, _) => bytes,
            Repr::Json(text, _) | Repr::Text(text, _) => text.as_bytes(),
        }
    }

    /// How the bytes are escaped.
    ///
    /// ```
    /// use binder_core::convert::{Escapes, Raw};
    /// use binder_core::json::Reader;
    ///
    /// assert_eq!(Raw::form(b"%41").escapes(), Escapes::Form);
    /// assert_eq!(Raw::json(Reader::new(br#""plain""#).read_str()?).escapes(), Escapes::None);
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub const fn escapes(&self) -> Escapes {
        match self.repr {
            Repr::Bytes(_, escapes) => escapes,
            Repr::Json(_, true) => Escapes::Json,
            Repr::Json(_, false) => Escapes::None,
            Repr::Text(_, escapes) => escapes,
        }
    }

    /// Whether the value is a JSON string's ([`Raw::json`]).
    #[inline]
    pub(crate) const fn is_json_string(&self) -> bool {
        matches!(self.repr, Repr::Json(..))
    }

    /// Whether the value is empty (decoding never empties a non-empty value).
    ///
    /// ```
    /// use binder_core::convert::Raw;
    ///
    /// // `age=` sends an empty value: `None` for an `Option<u32>` field.
    /// assert!(Raw::form(b"").is_empty());
    /// assert!(!Raw::form(b"+").is_empty()); // a space, once decoded
    /// ```
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
    ///
    /// ```
    /// use binder_core::convert::{Raw, Ref};
    ///
    /// let mut scratch = [0u8; 8];
    /// assert_eq!(Raw::form(b"ab").decode(&mut scratch), Some(Ref::Borrowed(&b"ab"[..])));
    /// assert_eq!(&*Raw::form(b"a+b").decode(&mut scratch).unwrap(), b"a b");
    /// assert_eq!(Raw::form(b"%41%42%43").decode(&mut [0u8; 2]), None); // does not fit
    /// ```
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
    /// ```
    /// use binder_core::convert::Raw;
    /// use binder_core::{ValueError, ValueErrorKind};
    ///
    /// /// A hex color, `#rrggbb`: ASCII only, so no UTF-8 check is needed.
    /// fn color(raw: Raw<'_>) -> Result<u32, ValueError> {
    ///     raw.with_bytes(|b| match b {
    ///         [b'#', hex @ ..] if hex.len() == 6 => core::str::from_utf8(hex)
    ///             .ok()
    ///             .and_then(|h| u32::from_str_radix(h, 16).ok())
    ///             .ok_or(ValueError::custom("expected #rrggbb")),
    ///         _ => Err(ValueError::custom("expected #rrggbb")),
    ///     })
    /// }
    ///
    /// assert_eq!(color(Raw::form(b"%23ff8000")), Ok(0xff8000)); // `%23` is `#`
    /// assert_eq!(color(Raw::form(b"red")).unwrap_err().kind(), ValueErrorKind::Custom("expected #rrggbb"));
    /// ```
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
    /// ```
    /// use binder_core::convert::Raw;
    /// use binder_core::ValueError;
    ///
    /// let parse = |b: &[u8]| -> Result<i32, ValueError> {
    ///     core::str::from_utf8(b).ok().and_then(|s| s.parse().ok()).ok_or(ValueError::custom("expected a number"))
    /// };
    /// // `+` may be a space in a form: a value that parses with one is decoded and parsed again.
    /// let plus_free = |b: &[u8]| !b.contains(&b'+');
    /// assert_eq!(Raw::form(b"42").parse_ascii(parse, plus_free), Ok(42));
    /// assert_eq!(Raw::form(b"%34%32").parse_ascii(parse, plus_free), Ok(42));
    /// assert!(Raw::form(b"+42").parse_ascii(parse, plus_free).is_err()); // " 42" once decoded
    /// assert_eq!(Raw::path(b"+42").parse_ascii(parse, |_| true), Ok(42));
    /// ```
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
    /// ```
    /// use binder_core::convert::{Raw, Ref};
    /// use binder_core::ValueErrorKind;
    ///
    /// // Borrowed when nothing changes; decoded into scratch otherwise.
    /// let borrowed = Raw::form(b"tea").with_text(|t| Ok(matches!(t, Ref::Borrowed(_))));
    /// assert_eq!(borrowed, Ok(true));
    /// let len = Raw::form(b"caf%C3%A9").with_text(|t| Ok(t.chars().count()));
    /// assert_eq!(len, Ok(4));
    /// let err = Raw::form(b"%FF").with_text(|_| Ok(())).unwrap_err();
    /// assert_eq!(err.kind(), ValueErrorKind::InvalidUtf8);
    /// ```
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
    /// ```
    /// use binder_core::convert::Raw;
    ///
    /// assert_eq!(Raw::form(b"Ada+Lovelace").into_string().unwrap(), "Ada Lovelace");
    /// assert!(Raw::form(b"%C3").into_string().is_err());
    /// ```
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
            _ => self.into_string_rare(),
        }
    }

    /// [`into_string`](Self::into_string) of the rarer shapes (escaped
    /// bytes, path escapes, escaped JSON): out of line, so that the common
    /// ones inline where the caller knows them.
    #[cfg(feature = "alloc")]
    #[inline(never)]
    fn into_string_rare(self) -> Result<alloc::string::String, ValueError> {
        self.into_cow().map(alloc::borrow::Cow::into_owned)
    }

    /// The decoded text: borrowed when nothing changes, else decoded into
    /// exactly one allocation.
    ///
    /// ```
    /// use binder_core::convert::Raw;
    /// use std::borrow::Cow;
    ///
    /// assert!(matches!(Raw::form(b"plain").into_cow(), Ok(Cow::Borrowed("plain"))));
    /// assert_eq!(Raw::form(b"a%2Fb").into_cow().unwrap(), Cow::<str>::Owned("a/b".into()));
    /// ```
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

/// A JSON string's conversions: they belong to this layer (above the
/// reader, which knows nothing of [`FromText`]).
impl<'a> JsonStr<'a> {
    /// The string as a [`Raw`] value, for any [`FromText`] type: decoded
    /// once, in the way the type needs.
    ///
    /// ```
    /// use binder_core::{convert::FromText, json::Reader};
    ///
    /// let s = Reader::new(br#""\u0034\u0032""#).read_str()?;
    /// assert_eq!(u8::from_raw(s.to_raw()), Ok(42));
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub const fn to_raw(&self) -> Raw<'a> {
        Raw::json(*self)
    }

    /// Converts the string into `T` through [`FromText`]: `&'a str` takes it
    /// only when it has no escapes, `Cow<'a, str>` borrows it then.
    ///
    /// ```
    /// let s = binder_core::json::Reader::new(br#""on""#).read_str()?;
    /// assert_eq!(s.parse::<bool>(), Ok(true));
    /// assert_eq!(s.parse::<&str>(), Ok("on"));
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// What `T` refuses, as [`FromText::from_raw`] says.
    #[inline]
    pub fn parse<T: FromText<'a>>(&self) -> Result<T, ValueError> {
        T::from_raw(self.to_raw())
    }
}

#[cfg(all(test, feature = "alloc"))]
mod raw_tests {
    use super::*;
    use crate::convert::FromText;
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
