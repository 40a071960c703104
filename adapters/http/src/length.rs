//! A request body's declared length: every `Content-Length` value read
//! strictly, in one place, for every adapter.
//!
//! [`parse`] works on header values as bytes, so an adapter on any `http`
//! version (or none) can call it; [`from_headers`] is the same on an
//! `http` 1 [`HeaderMap`](http::HeaderMap).
//!
//! # Rules
//! - A value is `1*DIGIT` ([RFC 9110 §8.6]); spaces and tabs (OWS) around
//!   a list element are allowed. A sign (`+7`, `-7`), hex (`0x7`), any other
//!   byte inside or after the digits (`7a`, `7 7`), an empty value or list
//!   element, and a value past `u64::MAX` are malformed: a 400, never
//!   "length unknown" (which would read the body as if no length were
//!   declared).
//! - Several `Content-Length` lines, or a comma-separated list (`7, 7`),
//!   are one length when every value is the same ([RFC 9110 §8.6],
//!   [RFC 9112 §6.3] item 5); any two that differ (`7, 8`, or a line `7` and
//!   a line `8`) are a 400.
//! - `Transfer-Encoding` together with `Content-Length` is refused (400).
//!   [RFC 9112 §6.1] lets a server either drop the `Content-Length` and
//!   read the body as the transfer coding says, or refuse the request.
//!   Refusing is the choice that cannot be smuggled through: when two hops
//!   disagree on which header frames the body, the bytes one of them takes
//!   for the body's tail are a second request to the other.
//! - No `Content-Length` is `Ok(None)`: the length is unknown (a chunked
//!   body, or no body), and the body is read to its end under the limit.
//!
//! A [`LengthError`] never carries or echoes the value it refused.
//!
//! ```
//! use binder_http::length::{self, LengthError};
//!
//! assert_eq!(length::parse([&b"42"[..]], false), Ok(Some(42)));
//! assert_eq!(length::parse([&b"42, 42"[..], b"42"], false), Ok(Some(42)));
//! assert_eq!(length::parse([], true), Ok(None));
//! assert_eq!(length::parse([&b"+42"[..]], false), Err(LengthError::NotDigits));
//! assert_eq!(length::parse([&b"42"[..], b"43"], false), Err(LengthError::Conflicting));
//! assert_eq!(length::parse([&b"42"[..]], true), Err(LengthError::WithTransferEncoding));
//! ```
//!
//! [RFC 9110 §8.6]: https://www.rfc-editor.org/rfc/rfc9110#section-8.6
//! [RFC 9112 §6.1]: https://www.rfc-editor.org/rfc/rfc9112#section-6.1
//! [RFC 9112 §6.3]: https://www.rfc-editor.org/rfc/rfc9112#section-6.3

use core::fmt;

/// Why a request's declared length was refused. Every kind answers 400;
/// none carries the value it refused.
///
/// ```
/// use binder_http::length::{parse, LengthError};
///
/// let err = parse([&b"7"[..], b"8"], false).unwrap_err();
/// assert_eq!(err, LengthError::Conflicting);
/// // As the adapters' error: a 400 that names no value.
/// let err = binder_http::Error::from(err);
/// assert_eq!(err.status(), 400);
/// assert_eq!(err.to_string(), "the Content-Length values differ");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LengthError {
    /// A value or list element is not `1*DIGIT`: empty, signed, hex, or with
    /// any other byte inside or after the digits.
    NotDigits,
    /// A value's digits are past `u64::MAX`.
    Overflow,
    /// Two values (lines, or elements of a list) differ.
    Conflicting,
    /// `Content-Length` together with `Transfer-Encoding`.
    WithTransferEncoding,
}

impl LengthError {
    /// A short message, never containing the refused value.
    ///
    /// ```
    /// use binder_http::length::{parse, LengthError};
    ///
    /// let err = parse([&b"12345678901234567890123"[..]], false).unwrap_err();
    /// assert_eq!(err, LengthError::Overflow);
    /// assert_eq!(err.as_str(), "the Content-Length is too large a number");
    /// assert!(!err.as_str().contains("1234"));
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            LengthError::NotDigits => "the Content-Length is not a decimal number",
            LengthError::Overflow => "the Content-Length is too large a number",
            LengthError::Conflicting => "the Content-Length values differ",
            LengthError::WithTransferEncoding => {
                "a Content-Length together with a Transfer-Encoding is refused"
            }
        }
    }
}

impl fmt::Display for LengthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::error::Error for LengthError {}

/// The declared length from every `Content-Length` value, in the order
/// they arrived, and whether a `Transfer-Encoding` header is present (see
/// the [module docs](self) for the rules).
///
/// ```
/// use binder_http::length::{parse, LengthError};
///
/// assert_eq!(parse([&b" 7\t"[..]], false), Ok(Some(7)));
/// assert_eq!(parse([&b"0x7"[..]], false), Err(LengthError::NotDigits));
/// assert_eq!(parse([&b"18446744073709551616"[..]], false), Err(LengthError::Overflow));
/// ```
///
/// # Errors
/// [`LengthError`]: a value that is not `1*DIGIT` or passes `u64`, values
/// that differ, or any `Content-Length` with a `Transfer-Encoding`.
pub fn parse<'a, I>(values: I, transfer_encoding: bool) -> Result<Option<u64>, LengthError>
where
    I: IntoIterator<Item = &'a [u8]>,
{
    let mut length = Length::default();
    for value in values {
        if transfer_encoding {
            return Err(LengthError::WithTransferEncoding);
        }
        length.add(value);
        if let Some(e) = length.error {
            return Err(e);
        }
    }
    length.finish(transfer_encoding)
}

/// The declared length so far, from `Content-Length` values taken in the
/// order they arrived: [`parse`]'s rules, with the verdict kept for the
/// end, so that a caller that learns of a `Transfer-Encoding` only after
/// the values (one pass over a header map) answers as [`parse`] does.
#[derive(Default)]
struct Length {
    declared: Option<u64>,
    /// The first value's or element's error: the answer, unless a
    /// `Transfer-Encoding` turns up.
    error: Option<LengthError>,
    /// A value was seen.
    any: bool,
}

impl Length {
    fn add(&mut self, value: &[u8]) {
        self.any = true;
        if self.error.is_some() {
            return;
        }
        // The usual value: digits alone, too few to pass `u64`.
        if (1..20).contains(&value.len()) && value.iter().all(u8::is_ascii_digit) {
            let n = value.iter().fold(0, |n, &b| n * 10 + u64::from(b - b'0'));
            self.element(Ok(n));
            return;
        }
        for element in value.split(|&b| b == b',') {
            if !self.element(digits(trim_ows(element))) {
                return;
            }
        }
    }

    /// Takes one list element's verdict; whether it was a length that
    /// agrees with the ones before.
    fn element(&mut self, n: Result<u64, LengthError>) -> bool {
        match n {
            Ok(n) if self.declared.is_some_and(|d| d != n) => {
                self.error = Some(LengthError::Conflicting);
            }
            Ok(n) => {
                self.declared = Some(n);
                return true;
            }
            Err(e) => self.error = Some(e),
        }
        false
    }

    fn finish(self, transfer_encoding: bool) -> Result<Option<u64>, LengthError> {
        match self.error {
            _ if transfer_encoding && self.any => Err(LengthError::WithTransferEncoding),
            Some(e) => Err(e),
            None => Ok(self.declared),
        }
    }
}

/// `1*DIGIT` as a `u64`. A value with a stray byte is `NotDigits` however
/// many digits come first, so the kind never depends on where it stands.
fn digits(bytes: &[u8]) -> Result<u64, LengthError> {
    if bytes.is_empty() || !bytes.iter().all(u8::is_ascii_digit) {
        return Err(LengthError::NotDigits);
    }
    bytes
        .iter()
        .try_fold(0u64, |n, &b| {
            n.checked_mul(10)?.checked_add(u64::from(b - b'0'))
        })
        .ok_or(LengthError::Overflow)
}

/// `bytes` without the spaces and tabs (OWS) around it.
fn trim_ows(bytes: &[u8]) -> &[u8] {
    let ows = |b: &u8| *b == b' ' || *b == b'\t';
    let start = bytes.iter().position(|b| !ows(b)).unwrap_or(bytes.len());
    let end = bytes.iter().rposition(|b| !ows(b)).map_or(start, |i| i + 1);
    &bytes[start..end]
}

/// [`parse`] on an `http` 1 header map: every `Content-Length` line, and
/// whether there is a `Transfer-Encoding` line.
///
/// ```
/// let req = http::Request::post("/").header("content-length", "7").body(())?;
/// assert_eq!(binder_http::length::from_headers(req.headers()), Ok(Some(7)));
/// # Ok::<(), http::Error>(())
/// ```
///
/// # Errors
/// As [`parse`].
pub fn from_headers(headers: &http::HeaderMap) -> Result<Option<u64>, LengthError> {
    if headers.len() <= SCAN {
        // One pass, a name compare a line: cheaper than the two hashed
        // lookups below for a map this small (see `SCAN`).
        let (mut length, mut transfer_encoding) = (Length::default(), false);
        for (name, value) in headers {
            if *name == http::header::CONTENT_LENGTH {
                length.add(value.as_bytes());
            } else if *name == http::header::TRANSFER_ENCODING {
                transfer_encoding = true;
            }
        }
        return length.finish(transfer_encoding);
    }
    let lengths = headers.get_all(http::header::CONTENT_LENGTH);
    if lengths.iter().next().is_none() {
        // No length: `Transfer-Encoding` alone is no conflict, and is not
        // looked up.
        return Ok(None);
    }
    parse(
        lengths.iter().map(http::HeaderValue::as_bytes),
        headers.contains_key(http::header::TRANSFER_ENCODING),
    )
}

/// [`from_headers`] reads a map of up to this many header lines in one
/// pass over them; a larger one by lookups. Measured (callgrind, a map of
/// `n` lines with one `Content-Length`): the pass costs about 190
/// instructions at 3 lines, 240 at 5, 310 at 8 and 360 at 10; the two
/// lookups about 310 whatever the size.
const SCAN: usize = 8;

#[cfg(test)]
mod tests {
    use super::{from_headers, parse, LengthError};
    use LengthError::*;

    /// One header line's value, no Transfer-Encoding.
    fn one(value: &str) -> Result<Option<u64>, LengthError> {
        parse([value.as_bytes()], false)
    }

    #[test]
    fn digits_are_the_length() {
        for (value, n) in [
            ("0", 0),
            ("7", 7),
            ("007", 7),
            ("2097152", 2_097_152),
            ("18446744073709551615", u64::MAX),
            (" 7", 7),
            ("7 ", 7),
            ("\t7\t", 7),
        ] {
            assert_eq!(one(value), Ok(Some(n)), "{value:?}");
        }
    }

    #[test]
    fn anything_but_digits_is_malformed_not_unknown() {
        for value in [
            "", " ", "+7", "-7", "-0", "0x7", "0X7", "7a", "a7", "7 7", "7\t7", "7.0", "7e0",
            "1_000", "seven", "\u{663}", "7\u{a0}", "\u{a0}7", "7;", "\"7\"", "7\r", "\x0b7",
        ] {
            assert_eq!(one(value), Err(NotDigits), "{value:?}");
        }
        // Not UTF-8 (obs-text in a header value).
        assert_eq!(parse([&b"7\xff"[..]], false), Err(NotDigits));
    }

    #[test]
    fn past_u64_is_malformed() {
        for value in [
            "18446744073709551616",
            "99999999999999999999",
            "184467440737095516150",
            "100000000000000000000000000000000",
        ] {
            assert_eq!(one(value), Err(Overflow), "{value:?}");
        }
        // A value that is not all digits is malformed, however many digits
        // come before the stray byte.
        assert_eq!(one("99999999999999999999x"), Err(NotDigits));
        assert_eq!(one("7, 99999999999999999999x"), Err(NotDigits));
        // Leading zeros do not overflow.
        assert_eq!(
            one("000000000000000000000000018446744073709551615"),
            Ok(Some(u64::MAX))
        );
    }

    #[test]
    fn equal_values_are_one_length() {
        assert_eq!(one("7, 7"), Ok(Some(7)));
        assert_eq!(one("7,7,7"), Ok(Some(7)));
        assert_eq!(one("7 ,\t07"), Ok(Some(7)));
        assert_eq!(parse([&b"7"[..], b"7"], false), Ok(Some(7)));
        assert_eq!(parse([&b"7"[..], b"7, 7"], false), Ok(Some(7)));
    }

    #[test]
    fn differing_values_conflict() {
        assert_eq!(one("7, 8"), Err(Conflicting));
        assert_eq!(one("7,7,8"), Err(Conflicting));
        assert_eq!(parse([&b"7"[..], b"8"], false), Err(Conflicting));
        assert_eq!(parse([&b"7, 7"[..], b"7, 8"], false), Err(Conflicting));
    }

    #[test]
    fn a_list_with_a_malformed_element_is_malformed() {
        for value in ["7,", ",7", "7,,7", "7, ", "7, +7", "7, x"] {
            assert_eq!(one(value), Err(NotDigits), "{value:?}");
        }
        assert_eq!(parse([&b"7"[..], b""], false), Err(NotDigits));
        assert_eq!(parse([&b"7"[..], b"7x"], false), Err(NotDigits));
        assert_eq!(one("7, 18446744073709551616"), Err(Overflow));
    }

    #[test]
    fn a_transfer_encoding_with_a_length_is_refused() {
        assert_eq!(parse([&b"7"[..]], true), Err(WithTransferEncoding));
        // Whatever the value: the pair alone is refused.
        assert_eq!(parse([&b"x"[..]], true), Err(WithTransferEncoding));
        assert_eq!(parse([&b"7"[..], b"8"], true), Err(WithTransferEncoding));
        // Transfer-Encoding alone: the length is unknown.
        assert_eq!(parse([], true), Ok(None));
    }

    #[test]
    fn no_length_is_unknown() {
        assert_eq!(parse([], false), Ok(None));
    }

    #[test]
    fn from_headers_reads_every_line() {
        let mut h = http::HeaderMap::new();
        assert_eq!(from_headers(&h), Ok(None));
        h.append("content-length", "7".parse().unwrap());
        assert_eq!(from_headers(&h), Ok(Some(7)));
        h.append("content-length", "7".parse().unwrap());
        assert_eq!(from_headers(&h), Ok(Some(7)));
        h.append("content-length", "8".parse().unwrap());
        assert_eq!(from_headers(&h), Err(Conflicting));
        let mut h = http::HeaderMap::new();
        h.append("content-length", "+7".parse().unwrap());
        assert_eq!(from_headers(&h), Err(NotDigits));
        let mut h = http::HeaderMap::new();
        h.append("content-length", "7".parse().unwrap());
        h.append("transfer-encoding", "chunked".parse().unwrap());
        assert_eq!(from_headers(&h), Err(WithTransferEncoding));
        h.remove("content-length");
        assert_eq!(from_headers(&h), Ok(None));
    }

    /// The one pass over a small map answers as `parse` does over the
    /// map's lookups, in every order of lines, on both sides of `SCAN`.
    #[test]
    fn one_pass_and_lookups_agree() {
        use http::header::{HeaderName, HeaderValue, CONTENT_LENGTH, TRANSFER_ENCODING};
        let lookups = |h: &http::HeaderMap| {
            parse(
                h.get_all(CONTENT_LENGTH).iter().map(HeaderValue::as_bytes),
                h.contains_key(TRANSFER_ENCODING),
            )
        };
        let values = [
            "7",
            "7, 7",
            "8",
            "+7",
            "",
            " 7 ",
            "7,,7",
            "0007",
            "9999999999999999999",
            "18446744073709551615",
            "18446744073709551616",
            "99999999999999999999",
        ];
        let mut checked = 0;
        for filler in [0, 3, super::SCAN - 2, super::SCAN, super::SCAN + 4] {
            for a in values {
                for b in [None, Some("7"), Some("8"), Some("x")] {
                    for te in [None, Some(0), Some(1), Some(2)] {
                        let mut h = http::HeaderMap::new();
                        let mut lines: Vec<(HeaderName, &str)> = vec![(CONTENT_LENGTH, a)];
                        lines.extend(b.map(|b| (CONTENT_LENGTH, b)));
                        if let Some(at) = te {
                            lines.insert(at.min(lines.len()), (TRANSFER_ENCODING, "chunked"));
                        }
                        for i in 0..filler {
                            let name = HeaderName::try_from(format!("x-filler-{i}")).unwrap();
                            lines.insert(i % (lines.len() + 1), (name, "v"));
                        }
                        for (name, value) in lines {
                            h.append(name, HeaderValue::from_str(value).unwrap());
                        }
                        assert_eq!(from_headers(&h), lookups(&h), "{h:?}");
                        checked += 1;
                    }
                }
            }
        }
        assert_eq!(checked, 5 * values.len() * 4 * 4);
    }

    #[test]
    fn messages_never_echo_the_value() {
        for e in [NotDigits, Overflow, Conflicting, WithTransferEncoding] {
            let m = e.to_string();
            assert!(!m.chars().any(|c| c.is_ascii_digit()), "{m}");
        }
    }
}
