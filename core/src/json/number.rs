//! Numbers: the raw text the reader validated, converted on demand into
//! every integer width and `f32`/`f64`.

use crate::convert::{FromText, Ref};
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
    raw: &'a str,
    integer: bool,
}

impl<'a> Number<'a> {
    /// Only the reader makes one, from text it validated.
    #[inline]
    pub(super) const fn new(raw: &'a str, integer: bool) -> Self {
        Number { raw, integer }
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
        self.raw
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
    #[inline]
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

/// Decimal digits that always fit a `u64`.
const FAST_DIGITS: usize = 19;

macro_rules! from_number_int {
    ($kind:ident: $($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl FromNumber for $t {
            #[inline]
            fn from_number(n: Number<'_>) -> Result<Self, ValueError> {
                let not_this = ValueError::new(ValueErrorKind::$kind);
                if !n.integer {
                    return Err(not_this);
                }
                let bytes = n.raw.as_bytes();
                let (negative, digits) = match bytes {
                    [b'-', rest @ ..] => (true, rest),
                    _ => (false, bytes),
                };
                if negative && <$t>::MIN == 0 {
                    return Err(not_this);
                }
                if digits.len() > FAST_DIGITS {
                    // Rare: 128-bit values, or out of range anyway.
                    return <$t as FromText>::from_text(Ref::Borrowed(n.raw));
                }
                let mut v: u64 = 0;
                for &d in digits {
                    v = v * 10 + u64::from(d - b'0');
                }
                let v = if negative { -i128::from(v) } else { i128::from(v) };
                <$t>::try_from(v).map_err(|_| ValueError::new(ValueErrorKind::OutOfRange))
            }
        }
    )*};
}
from_number_int!(NotUnsigned: u8, u16, u32, u64, u128, usize);
from_number_int!(NotSigned: i8, i16, i32, i64, i128, isize);

/// The decimal parts of a number that a fast path can take whole: the
/// digits as one integer (at most 19 of them), the power of ten to scale it
/// by, and the sign. `None` for anything longer.
#[inline]
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
                if digits > FAST_DIGITS {
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

/// Exact powers of ten: every one up to 1e22 is an `f64`.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

macro_rules! from_number_float {
    ($($t:ty: $mantissa_bits:expr, $max_pow:expr);*) => {$(
        impl sealed::Sealed for $t {}
        impl FromNumber for $t {
            /// Clinger's fast path: a mantissa and a power of ten that are
            /// both exact in the type give, in one correctly rounded multiply
            /// or divide, the correctly rounded value. Anything else goes to
            /// `lexical-core`.
            #[inline]
            fn from_number(n: Number<'_>) -> Result<Self, ValueError> {
                if let Some((m, scale, negative)) = decimal(n.raw) {
                    if m == 0 {
                        return Ok(if negative { -0.0 } else { 0.0 });
                    }
                    if m <= 1 << $mantissa_bits && scale.unsigned_abs() <= $max_pow {
                        let v = m as $t;
                        let p = POW10[scale.unsigned_abs() as usize] as $t;
                        let v = if scale < 0 { v / p } else { v * p };
                        return Ok(if negative { -v } else { v });
                    }
                }
                <$t as FromText>::from_text(Ref::Borrowed(n.raw))
            }
        }
    )*};
}
from_number_float!(f64: 53, 22; f32: 24, 10);

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
            let n = Number::new(s, false);
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
