//! [`FromText`] for common types outside the standard scalars, each read
//! by its own crate's parser straight from the decoded text (no serde round
//! trip): IP addresses and socket addresses (always), `uuid::Uuid`
//! (feature `uuid`), `time::OffsetDateTime` from RFC 3339 and `time::Date`
//! from `YYYY-MM-DD` (feature `time`), `chrono`'s `DateTime<FixedOffset>`,
//! `DateTime<Utc>` and `NaiveDate` (feature `chrono`), `rust_decimal::Decimal`
//! (feature `rust_decimal`). None is text: an empty value into
//! an `Option` of one is `None`. Refusals say what was expected, never the
//! value.

use super::{FromText, JsonKinds, Text};
use crate::error::ValueError;
use core::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

/// `FromText` through `core::str::FromStr`, refused with `expected`.
macro_rules! from_str_text {
    ($($ty:ty => $expected:literal),* $(,)?) => {$(
        impl<'a> FromText<'a> for $ty {
            const JSON: JsonKinds = JsonKinds::STRING;
            #[inline]
            fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError> {
                text.parse().map_err(|_| ValueError::custom($expected))
            }
        }
    )*};
}

from_str_text! {
    IpAddr => "expected an IP address",
    Ipv4Addr => "expected an IPv4 address",
    Ipv6Addr => "expected an IPv6 address",
    SocketAddr => "expected an IP address and port",
}

/// A UUID in any spelling `uuid` parses: hyphenated, simple (32 hex
/// digits), braced or a URN, either case.
#[cfg(feature = "uuid")]
impl<'a> FromText<'a> for uuid::Uuid {
    const JSON: JsonKinds = JsonKinds::STRING;
    #[inline]
    fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError> {
        uuid::Uuid::try_parse_ascii(text.as_bytes())
            .map_err(|_| ValueError::custom("expected a UUID"))
    }
}

/// An RFC 3339 date and time with its offset (`2024-05-01T12:30:00Z`,
/// `2024-05-01T14:30:00+02:00`).
#[cfg(feature = "time")]
impl<'a> FromText<'a> for time::OffsetDateTime {
    const JSON: JsonKinds = JsonKinds::STRING;
    #[inline]
    fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError> {
        time::OffsetDateTime::parse(&text, &time::format_description::well_known::Rfc3339)
            .map_err(|_| ValueError::custom("expected an RFC 3339 date and time"))
    }
}

/// A calendar date, `YYYY-MM-DD` (ISO 8601's extended form).
#[cfg(feature = "time")]
impl<'a> FromText<'a> for time::Date {
    const JSON: JsonKinds = JsonKinds::STRING;
    #[inline]
    fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError> {
        use time::format_description::well_known::{iso8601, Iso8601};
        const DATE: iso8601::EncodedConfig = iso8601::Config::DEFAULT
            .set_formatted_components(iso8601::FormattedComponents::Date)
            .encode();
        // Only the extended form: `20240501` is refused, as a form's
        // `<input type="date">` never sends it.
        if text.len() != 10 {
            return Err(ValueError::custom("expected a date, YYYY-MM-DD"));
        }
        time::Date::parse(&text, &Iso8601::<DATE>)
            .map_err(|_| ValueError::custom("expected a date, YYYY-MM-DD"))
    }
}

/// An RFC 3339 date and time with its offset, kept.
#[cfg(feature = "chrono")]
impl<'a> FromText<'a> for chrono::DateTime<chrono::FixedOffset> {
    const JSON: JsonKinds = JsonKinds::STRING;
    #[inline]
    fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError> {
        chrono::DateTime::parse_from_rfc3339(&text)
            .map_err(|_| ValueError::custom("expected an RFC 3339 date and time"))
    }
}

/// An RFC 3339 date and time, in UTC.
#[cfg(feature = "chrono")]
impl<'a> FromText<'a> for chrono::DateTime<chrono::Utc> {
    const JSON: JsonKinds = JsonKinds::STRING;
    #[inline]
    fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError> {
        chrono::DateTime::<chrono::FixedOffset>::from_text(text)
            .map(|t| t.with_timezone(&chrono::Utc))
    }
}

/// A calendar date, `YYYY-MM-DD`.
#[cfg(feature = "chrono")]
impl<'a> FromText<'a> for chrono::NaiveDate {
    const JSON: JsonKinds = JsonKinds::STRING;
    #[inline]
    fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError> {
        let refused = || ValueError::custom("expected a date, YYYY-MM-DD");
        if text.len() != 10 {
            return Err(refused());
        }
        text.parse().map_err(|_| refused())
    }
}

/// A decimal number, exactly: refused rather than rounded when it has
/// more digits than a `Decimal` holds; an exponent (`1.5e3`, as a JSON
/// number may have) is read exactly too. A JSON number arrives as its
/// digits as sent.
#[cfg(feature = "rust_decimal")]
impl<'a> FromText<'a> for rust_decimal::Decimal {
    const JSON: JsonKinds = JsonKinds::NUMBER.or(JsonKinds::STRING);
    #[inline]
    fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError> {
        let parsed = if text.contains(['e', 'E']) {
            rust_decimal::Decimal::from_scientific(&text)
        } else {
            rust_decimal::Decimal::from_str_exact(&text)
        };
        parsed.map_err(|_| ValueError::custom("expected a decimal number"))
    }
}
