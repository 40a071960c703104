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

mod ext;
mod impls;
mod raw;
#[cfg(feature = "serde")]
pub(crate) mod serde;
#[cfg(test)]
mod tests;

#[cfg(feature = "serde")]
pub use self::serde::Serde;
pub use crate::borrow::{utf8, Ref, Text};
pub use raw::{Escapes, Raw};

use crate::error::ValueError;

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

    /// The JSON values the type takes as its own: under
    /// `#[bind(strict)]` any other kind is refused (`"42"` into a `u32`,
    /// `42` into a `String`) instead of converted from its text. The
    /// default takes every kind, so a type of your own is never refused
    /// for its JSON kind unless it says which it takes.
    const JSON: JsonKinds = JsonKinds::ANY;

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

/// The kinds of JSON scalar a [`FromText`] type takes as its own
/// ([`FromText::JSON`]): strings, numbers, booleans, or a union of them.
///
/// ```
/// use binder_core::convert::{FromText, JsonKinds};
///
/// assert!(<u32 as FromText>::JSON.takes(JsonKinds::NUMBER));
/// assert!(!<u32 as FromText>::JSON.takes(JsonKinds::STRING));
/// assert_eq!(<String as FromText>::JSON, JsonKinds::STRING);
/// assert!(JsonKinds::STRING.or(JsonKinds::NUMBER).takes(JsonKinds::NUMBER));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JsonKinds(u8);

impl JsonKinds {
    /// JSON strings.
    ///
    /// ```
    /// use binder_core::convert::{FromText, JsonKinds};
    /// assert_eq!(<char as FromText>::JSON, JsonKinds::STRING);
    /// ```
    pub const STRING: Self = JsonKinds(1);
    /// JSON numbers.
    ///
    /// ```
    /// use binder_core::convert::{FromText, JsonKinds};
    /// assert_eq!(<f64 as FromText>::JSON, JsonKinds::NUMBER);
    /// ```
    pub const NUMBER: Self = JsonKinds(2);
    /// `true` and `false`.
    ///
    /// ```
    /// use binder_core::convert::{FromText, JsonKinds};
    /// assert_eq!(<bool as FromText>::JSON, JsonKinds::BOOL);
    /// ```
    pub const BOOL: Self = JsonKinds(4);
    /// Every scalar kind.
    ///
    /// ```
    /// use binder_core::convert::JsonKinds;
    /// let all = JsonKinds::STRING.or(JsonKinds::NUMBER).or(JsonKinds::BOOL);
    /// assert_eq!(all, JsonKinds::ANY);
    /// ```
    pub const ANY: Self = JsonKinds(7);

    /// Both kinds' values.
    ///
    /// ```
    /// use binder_core::convert::JsonKinds;
    /// let text_or_number = JsonKinds::STRING.or(JsonKinds::NUMBER);
    /// assert!(text_or_number.takes(JsonKinds::STRING) && !text_or_number.takes(JsonKinds::BOOL));
    /// ```
    #[must_use]
    pub const fn or(self, other: Self) -> Self {
        JsonKinds(self.0 | other.0)
    }

    /// Whether every kind of `kind` is taken.
    ///
    /// ```
    /// use binder_core::convert::JsonKinds;
    /// assert!(JsonKinds::ANY.takes(JsonKinds::BOOL));
    /// assert!(!JsonKinds::NUMBER.takes(JsonKinds::ANY));
    /// ```
    #[must_use]
    pub const fn takes(self, kind: Self) -> bool {
        self.0 & kind.0 == kind.0
    }

    /// What a strict bind tells a value of another kind.
    ///
    /// ```
    /// use binder_core::convert::JsonKinds;
    /// assert_eq!(JsonKinds::NUMBER.expected(), "expected a number");
    /// ```
    #[must_use]
    pub const fn expected(self) -> &'static str {
        match self.0 {
            1 => "expected a string",
            2 => "expected a number",
            4 => "expected true or false",
            3 => "expected a string or a number",
            5 => "expected a string, true or false",
            6 => "expected a number, true or false",
            _ => "expected a string, a number, true or false",
        }
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
/// [`ValueErrorKind::InvalidUtf8`](crate::ValueErrorKind::InvalidUtf8), or the type's own error.
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
