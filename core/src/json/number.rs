//! Numbers: the raw text the reader validated, converted on demand into
//! every integer width and `f32`/`f64`.

use crate::error::{ValueError, ValueErrorKind};

/// A JSON number as the input holds it, its syntax checked against
/// [RFC 8259 §6](https://www.rfc-editor.org/rfc/rfc8259#section-6) but not
/// yet converted: [`Number::parse`] converts it into the field's type.
///
/// ```
/// use binder_core::{json::Reader, ValueErrorKind};
///
/// let n = Reader::new(b"300").read_number()?;
/// assert_eq!(n.as_str(), "300");
/// assert_eq!(n.parse::<u16>(), Ok(300));
/// assert_eq!(n.parse::<u8>().unwrap_err().kind(), ValueErrorKind::OutOfRange);
/// assert_eq!(n.parse::<f64>(), Ok(300.0));
/// # Ok::<(), binder_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Number<'a> {
    /// ASCII only, as the reader checked: [`Number::as_str`] cannot fail.
    raw: &'a [u8],
    /// When `exact`: the digits as one integer, and the power of ten to
    /// scale it by (the sign aside), gathered by the reader as it scanned.
    mantissa: u64,
    scale: i32,
    /// At most 19 digits and at most four of exponent.
    exact: bool,
    integer: bool,
    negative: bool,
}

impl<'a> Number<'a> {
    /// Only the reader makes one, from text it validated: `fast` is the
    /// mantissa and scale when the number has at most 19 digits and at most
    /// four of exponent.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) const fn new(
        raw: &'a [u8],
        integer: bool,
        negative: bool,
        fast: Option<(u64, i32)>,
    ) -> Self {
        let (mantissa, scale, exact) = match fast {
            Some((m, s)) => (m, s, true),
            None => (0, 0, false),
        };
        Number {
            raw,
            mantissa,
            scale,
            exact,
            integer,
            negative,
        }
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn negative(&self) -> bool {
        self.negative
    }

    /// The number as written.
    ///
    /// ```
    /// let n = binder_core::json::Reader::new(b"-1.5e3").read_number()?;
    /// assert_eq!(n.as_str(), "-1.5e3");
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub const fn as_str(&self) -> &'a str {
        // Never the empty default: the reader checked the bytes are ASCII.
        match core::str::from_utf8(self.raw) {
            Ok(text) => text,
            Err(_) => "",
        }
    }

    /// Whether it is written without a fraction or an exponent, so an
    /// integer type may take it.
    ///
    /// ```
    /// use binder_core::json::Reader;
    /// assert!(Reader::new(b"-12").read_number()?.is_integer());
    /// assert!(!Reader::new(b"1e2").read_number()?.is_integer());
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub const fn is_integer(&self) -> bool {
        self.integer
    }

    /// Converts the number into an integer of any width, `f32` or `f64`.
    ///
    /// As serde_json does, an integer type takes only a number written
    /// without a fraction or an exponent (`1.0` and `1e5` are refused), and
    /// a float must be finite (`1e400` is refused). Unlike serde_json, `-0`
    /// is the integer 0 for signed types (serde_json reads it as the float
    /// `-0.0`); as `str::parse` does, unsigned types refuse it.
    ///
    /// ```
    /// use binder_core::{json::Reader, ValueErrorKind as K};
    ///
    /// let n = |s: &'static [u8]| Reader::new(s).read_number().unwrap();
    /// assert_eq!(n(b"-128").parse::<i8>(), Ok(-128));
    /// assert_eq!(n(b"1.0").parse::<i32>().unwrap_err().kind(), K::NotSigned);
    /// assert_eq!(n(b"1e5").parse::<u32>().unwrap_err().kind(), K::NotUnsigned);
    /// assert_eq!(n(b"-1").parse::<u32>().unwrap_err().kind(), K::NotUnsigned);
    /// assert_eq!(n(b"1e400").parse::<f64>().unwrap_err().kind(), K::OutOfRange);
    /// assert_eq!(n(b"99.5").parse::<f32>(), Ok(99.5));
    /// ```
    ///
    /// # Errors
    /// [`ValueErrorKind::OutOfRange`] past the type's range (or an `f32`'s
    /// or `f64`'s finite range); [`ValueErrorKind::NotUnsigned`] or
    /// [`ValueErrorKind::NotSigned`] for a fraction, an exponent, or (into
    /// an unsigned type) a minus sign.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn parse<T: FromNumber>(&self) -> Result<T, ValueError> {
        T::from_number(*self)
    }
}

mod sealed {
    pub trait Sealed {}
}

/// A type a JSON [`Number`] converts into: every integer width, `f32` and
/// `f64`. Sealed.
///
/// ```
/// use binder_core::json::{FromNumber, Reader};
///
/// let n = Reader::new(b"7").read_number()?;
/// assert_eq!(u64::from_number(n), Ok(7));
/// # Ok::<(), binder_core::Error>(())
/// ```
pub trait FromNumber: Sized + sealed::Sealed {
    /// Converts `n`, as [`Number::parse`] describes.
    ///
    /// # Errors
    /// As [`Number::parse`].
    fn from_number(n: Number<'_>) -> Result<Self, ValueError>;
}

/// The slow paths, kept out of line so that the fast ones inline small:
/// the number's text, read as text conversion reads it.
#[cold]
#[inline(never)]
fn slow_int<T: crate::num::Int>(raw: &str, kind: ValueErrorKind) -> Result<T, ValueError> {
    crate::num::parse_int(raw.as_bytes(), kind)
}

#[cold]
#[inline(never)]
fn slow_float<T: lexical_core::FromLexical + crate::num::Float>(
    raw: &str,
) -> Result<T, ValueError> {
    crate::num::parse_float(raw.as_bytes())
}

#[cold]
#[inline(never)]
fn value_error(kind: ValueErrorKind) -> ValueError {
    ValueError::new(kind)
}

macro_rules! from_number_int {
    ($kind:ident: $($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl FromNumber for $t {
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_number(n: Number<'_>) -> Result<Self, ValueError> {
                if !n.integer {
                    return Err(value_error(ValueErrorKind::$kind));
                }
                let negative = n.negative();
                if negative && <$t>::MIN == 0 {
                    return Err(value_error(ValueErrorKind::$kind));
                }
                if !n.exact {
                    // Rare: 128-bit values, or out of range anyway.
                    return slow_int(n.as_str(), ValueErrorKind::$kind);
                }
                let v = if negative {
                    <$t>::try_from(-i128::from(n.mantissa)).ok()
                } else {
                    <$t>::try_from(n.mantissa).ok()
                };
                v.ok_or_else(|| value_error(ValueErrorKind::OutOfRange))
            }
        }
    )*};
}
from_number_int!(NotUnsigned: u8, u16, u32, u64, u128, usize);
from_number_int!(NotSigned: i8, i16, i32, i64, i128, isize);

/// The decimal parts of a number that a fast path can take whole: the
/// digits as one integer (at most 19 of them), the power of ten to scale it
/// by, and the sign. `None` for anything longer. The reference the reader's
/// scan is tested against.
#[cfg(test)]
fn decimal(raw: &str) -> Option<(u64, i32, bool)> {
    let bytes = raw.as_bytes();
    let (negative, mut i) = match bytes.first() {
        Some(b'-') => (true, 1),
        _ => (false, 0),
    };
    let mut mantissa: u64 = 0;
    let mut digits = 0;
    let mut scale: i32 = 0;
    let mut fraction = false;
    while let Some(&c) = bytes.get(i) {
        match c {
            b'0'..=b'9' => {
                digits += 1;
                if digits > 19 {
                    return None;
                }
                mantissa = mantissa * 10 + u64::from(c - b'0');
                scale -= i32::from(fraction);
            }
            b'.' => fraction = true,
            _ => break,
        }
        i += 1;
    }
    if i < bytes.len() {
        // An exponent: `e`, an optional sign, digits (the reader checked).
        let exp = bytes.get(i + 1..)?;
        let (sign, exp) = match exp {
            [b'-', rest @ ..] => (-1, rest),
            [b'+', rest @ ..] => (1, rest),
            _ => (1, exp),
        };
        if exp.len() > 4 {
            return None;
        }
        let mut e: i32 = 0;
        for &d in exp {
            e = e * 10 + i32::from(d - b'0');
        }
        scale += sign * e;
    }
    Some((mantissa, scale, negative))
}

macro_rules! from_number_float {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl FromNumber for $t {
            /// The digits the reader gathered, through the one float path
            /// text conversion takes too (`num::decimal`: Clinger's, then
            /// Eisel-Lemire's); anything else goes to `lexical-core`.
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_number(n: Number<'_>) -> Result<Self, ValueError> {
                if n.exact {
                    if let Some(v) = crate::num::decimal::<$t>(n.mantissa, n.scale, n.negative()) {
                        return Ok(v);
                    }
                }
                slow_float(n.as_str())
            }
        }
    )*};
}
from_number_float!(f64, f32);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_split_as_written() {
        assert_eq!(decimal("0"), Some((0, 0, false)));
        assert_eq!(decimal("-1.25"), Some((125, -2, true)));
        assert_eq!(decimal("12e3"), Some((12, 3, false)));
        assert_eq!(decimal("1.5E-3"), Some((15, -4, false)));
        assert_eq!(decimal("1.5e+3"), Some((15, 2, false)));
        assert_eq!(decimal("1e99999"), None);
        assert_eq!(decimal("12345678901234567890"), None);
    }

    #[test]
    fn the_scan_gathers_what_decimal_splits() {
        for s in [
            "0",
            "-0",
            "7",
            "-12",
            "0.5",
            "-1.25",
            "12e3",
            "1.5E-3",
            "1.5e+3",
            "0.000001",
            "1e0000",
            "1e00001",
            "1e9999",
            "1e99999",
            "1234567890123456789",
            "12345678901234567890",
            "-9223372036854775808",
            "0.1234567890123456789",
            "0.12345678901234567890",
            "123456789.0123456789",
            "99.5e-10",
        ] {
            let n = crate::json::Reader::new(s.as_bytes())
                .read_number()
                .unwrap();
            let fast = n.exact.then_some((n.mantissa, n.scale, n.negative()));
            assert_eq!(fast, decimal(s), "{s}");
        }
    }

    /// Fractions of every length from 1 to 40 digits, each followed by
    /// every tail from nothing to a long run of bytes: the scan reads
    /// fraction digits byte by byte, then two words at once where sixteen
    /// bytes are left, then a word at a time, so each length meets each
    /// way through at each distance from the input's end.
    #[test]
    fn fractions_of_every_length_at_every_distance_from_the_end() {
        let tails = [
            "",
            "]",
            ",",
            "e5",
            "E-12",
            ",7]",
            "]}   ",
            ",1234567890123456789]",
        ];
        for int in ["0", "7", "-65", "123456789"] {
            for len in 1..=40 {
                let fraction: alloc::string::String = (0..len)
                    .map(|k| char::from(b"3141592653"[k % 10]))
                    .collect();
                for tail in tails {
                    let number = alloc::format!("{int}.{fraction}");
                    // An exponent tail belongs to the number.
                    let whole = match tail.as_bytes().first() {
                        Some(b'e' | b'E') => alloc::format!("{number}{tail}"),
                        _ => number.clone(),
                    };
                    let text = alloc::format!("{number}{tail}");
                    let n = crate::json::Reader::new(text.as_bytes())
                        .read_number()
                        .unwrap();
                    assert_eq!(n.as_str(), whole, "{text}");
                    let fast = n.exact.then_some((n.mantissa, n.scale, n.negative()));
                    assert_eq!(fast, decimal(&whole), "{text}");
                    let want: f64 = lexical_core::parse(whole.as_bytes()).unwrap();
                    assert_eq!(
                        f64::from_number(n).unwrap().to_bits(),
                        want.to_bits(),
                        "{text}"
                    );
                }
            }
        }
    }

    #[test]
    fn fast_floats_equal_lexical() {
        for s in [
            "0.1",
            "0.3",
            "1.5",
            "2.25",
            "99.5",
            "-0.0",
            "1e22",
            "1e23",
            "9007199254740993",
            "9007199254740992",
            "123456.789e-5",
            "3.4e38",
            "1.17549435e-38",
            "4.35",
            "1e-22",
        ] {
            let n = crate::json::Reader::new(s.as_bytes())
                .read_number()
                .unwrap();
            let want: f64 = lexical_core::parse(s.as_bytes()).unwrap();
            assert_eq!(
                f64::from_number(n).unwrap().to_bits(),
                want.to_bits(),
                "{s}"
            );
            let want: f32 = lexical_core::parse(s.as_bytes()).unwrap();
            assert_eq!(
                f32::from_number(n).unwrap().to_bits(),
                want.to_bits(),
                "{s}"
            );
        }
    }
}
