//! [`FromText`] for the standard types: strings, integers, floats, `bool`
//! and `char`.

use super::{FromText, JsonKinds, Raw, Ref, Text};
use crate::error::{ValueError, ValueErrorKind};
use crate::num::{parse_float, parse_int, plain_decimal};

impl<'a> FromText<'a> for &'a str {
    const IS_TEXT: bool = true;
    const JSON: JsonKinds = JsonKinds::STRING;
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
    const JSON: JsonKinds = JsonKinds::STRING;
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
    const JSON: JsonKinds = JsonKinds::STRING;
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

/// Shared text: one allocation, the reference count's and the text's
/// (decoded into scratch first when it was escaped).
#[cfg(feature = "alloc")]
macro_rules! from_text_shared_str {
    ($($ptr:ty),*) => {$(
        impl<'a> FromText<'a> for $ptr {
            const IS_TEXT: bool = true;
            const JSON: JsonKinds = JsonKinds::STRING;
            #[inline]
            fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError> {
                Ok(<$ptr>::from(&*text))
            }
        }
    )*};
}

#[cfg(feature = "alloc")]
from_text_shared_str!(alloc::sync::Arc<str>, alloc::rc::Rc<str>);

macro_rules! from_text_int {
    ($kind:ident: $($t:ty),*) => {$(
        impl<'a> FromText<'a> for $t {
            const JSON: JsonKinds = JsonKinds::NUMBER;
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

macro_rules! from_text_float {
    ($($t:ty),*) => {$(
        impl<'a> FromText<'a> for $t {
            const JSON: JsonKinds = JsonKinds::NUMBER;
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

impl<'a> FromText<'a> for bool {
    const JSON: JsonKinds = JsonKinds::BOOL;
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
pub(super) fn parse_bool(b: &[u8]) -> Result<bool, ValueError> {
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
    const JSON: JsonKinds = JsonKinds::STRING;
    #[inline]
    fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError> {
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(ValueError::new(ValueErrorKind::NotAChar)),
        }
    }
}
