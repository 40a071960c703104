//! Numbers from ASCII text: integers through `lexical-core`, floats through
//! one Clinger fast path (used by text conversion and by JSON numbers
//! alike), Eisel and Lemire's product behind it (`num/lemire.rs`) and
//! `lexical-core` behind both. A leaf below `convert` and `json`.

mod lemire;

use crate::error::{ValueError, ValueErrorKind};

/// An integer type text converts into: what [`plain_int`] needs to read
/// it without `lexical-core`.
pub(crate) trait Int: lexical_core::FromLexical {
    /// Whether a `-` may lead.
    const SIGNED: bool;
    /// The most digits any of which fit: `MAX`'s digits but one
    /// ([`plain_int`] reads at most four of them, so its `u64` never
    /// overflows).
    const DIGITS: usize;
    /// `m` (below `10^DIGITS`), negated when `negative`.
    fn from_plain(m: u64, negative: bool) -> Self;
}

macro_rules! int {
    ($signed:literal: $($t:ty),*) => {$(
        impl Int for $t {
            const SIGNED: bool = $signed;
            const DIGITS: usize = <$t>::MAX.ilog10() as usize;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)]
            fn from_plain(m: u64, negative: bool) -> Self {
                // `m < 10^min(DIGITS, 4) <= MAX`: the cast keeps it, the
                // negation cannot overflow.
                let v = m as $t;
                if $signed && negative { v.wrapping_neg() } else { v }
            }
        }
    )*};
}
int!(false: u8, u16, u32, u64, u128, usize);
int!(true: i8, i16, i32, i64, i128, isize);

/// The most digits [`plain_int`] reads: past four, `lexical-core`'s
/// eight-digits-a-step parse is as cheap or cheaper than a byte loop (a
/// byte loop to `DIGITS` cost citm_catalog's nine-digit map keys about 9
/// instructions each and twitter's 18-digit string ids about 40).
const SHORT_INT: usize = 4;

/// A short plain integer (`36`, `-7`: an optional `-` for a signed `T`,
/// then 1 to 4 ASCII digits, and no more than [`Int::DIGITS`], leading
/// zeros allowed): its value, the one `lexical-core` gives. `None` for
/// anything else (a sign `+`, more digits, any other byte), which
/// `lexical-core` then reads.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn plain_int<T: Int>(bytes: &[u8]) -> Option<T> {
    let (negative, digits) = match bytes {
        [b'-', rest @ ..] if T::SIGNED => (true, rest),
        _ => (false, bytes),
    };
    let most = if T::DIGITS < SHORT_INT {
        T::DIGITS
    } else {
        SHORT_INT
    };
    if digits.is_empty() || digits.len() > most {
        return None;
    }
    let mut m: u64 = 0;
    for &c in digits {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        m = m * 10 + u64::from(d);
    }
    Some(T::from_plain(m, negative))
}

#[inline]
pub(crate) fn parse_int<T: Int>(
    bytes: &[u8],
    not_a_number: ValueErrorKind,
) -> Result<T, ValueError> {
    use lexical_core::Error as E;
    if let Some(v) = plain_int::<T>(bytes) {
        return Ok(v);
    }
    lexical_core::parse::<T>(bytes).map_err(|e| {
        ValueError::new(match e {
            E::Overflow(_) | E::Underflow(_) => ValueErrorKind::OutOfRange,
            _ => not_a_number,
        })
    })
}

pub(crate) fn parse_float<T: lexical_core::FromLexical + Float>(
    bytes: &[u8],
) -> Result<T, ValueError> {
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
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn plain_decimal<T: Float>(bytes: &[u8]) -> Option<T> {
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
    if seen == 0 || seen > 19 {
        return None;
    }
    // At most 19 digits after the point: the cast cannot wrap.
    let scale = -(scale as i32);
    decimal(mantissa, scale, negative)
}

/// Clinger's fast path, the one both text and JSON numbers take: a
/// mantissa and a power of ten that are both exact in `T` give, in one
/// correctly rounded multiply or divide, the correctly rounded value of
/// `mantissa * 10^scale`. `None` when either is not exact (`lexical-core`
/// reads those).
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn exact<T: Float>(mantissa: u64, scale: i32, negative: bool) -> Option<T> {
    let k = scale.unsigned_abs() as usize;
    if mantissa > T::EXACT_MANTISSA || k > T::EXACT_POW10 {
        return None;
    }
    let v = T::from_u64(mantissa);
    let v = if scale < 0 {
        v.div(T::pow10(k))
    } else {
        v.mul(T::pow10(k))
    };
    Some(if negative { v.neg() } else { v })
}

/// `mantissa * 10^scale` correctly rounded to `T`, for a mantissa of at
/// most 19 digits: Clinger's fast path when both are exact in `T`, else
/// Eisel and Lemire's product (`num/lemire.rs`). `None` when neither
/// decides or the value overflows: `lexical-core` reads the text.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn decimal<T: Float>(mantissa: u64, scale: i32, negative: bool) -> Option<T> {
    if let Some(v) = exact(mantissa, scale, negative) {
        return Some(v);
    }
    if mantissa == 0 {
        // Zero times any power of ten (Clinger's path takes small ones).
        let zero = T::from_bits64(0);
        return Some(if negative { zero.neg() } else { zero });
    }
    let v: T = lemire::lemire(mantissa, scale)?;
    Some(if negative { v.neg() } else { v })
}

/// Exact powers of ten: every one up to 1e22 is an `f64`.
const EXACT_POWERS: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// What float conversion needs of `f32` and `f64`.
pub(crate) trait Float: Copy {
    /// The largest integer and power of ten the type holds exactly.
    const EXACT_MANTISSA: u64;
    const EXACT_POW10: usize;
    /// The significand's bits, the hidden one included.
    const MANTISSA_BITS: u32;
    /// Eisel-Lemire's bounds: the biased exponent of the significand's
    /// lowest bit less one (`-1023`, `-127`); the biased exponent of
    /// infinity; the powers of ten below which every `u64` rounds to zero
    /// and above which to infinity; the range of powers where a tie is
    /// possible.
    const MIN_EXPONENT: i32;
    const INFINITE_POWER: i32;
    const SMALLEST_POW10: i32;
    const LARGEST_POW10: i32;
    const MIN_ROUND_TO_EVEN: i32;
    const MAX_ROUND_TO_EVEN: i32;
    /// The float whose bits are the low bits of `bits`.
    fn from_bits64(bits: u64) -> Self;
    fn is_finite(self) -> bool;
    fn from_u64(m: u64) -> Self;
    fn pow10(k: usize) -> Self;
    fn div(self, by: Self) -> Self;
    fn mul(self, by: Self) -> Self;
    fn neg(self) -> Self;
}

macro_rules! float {
    ($($t:ty: $bits:expr, $pow:expr, $int:ty, $lemire:expr);*) => {$(
        impl Float for $t {
            const EXACT_MANTISSA: u64 = 1 << $bits;
            const EXACT_POW10: usize = $pow;
            const MANTISSA_BITS: u32 = $bits;
            const MIN_EXPONENT: i32 = $lemire.0;
            const INFINITE_POWER: i32 = $lemire.1;
            const SMALLEST_POW10: i32 = $lemire.2;
            const LARGEST_POW10: i32 = $lemire.3;
            const MIN_ROUND_TO_EVEN: i32 = $lemire.4;
            const MAX_ROUND_TO_EVEN: i32 = $lemire.5;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(clippy::cast_possible_truncation)]
            fn from_bits64(bits: u64) -> Self {
                <$t>::from_bits(bits as $int)
            }
            #[inline]
            fn is_finite(self) -> bool {
                <$t>::is_finite(self)
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_u64(m: u64) -> Self {
                m as $t
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn pow10(k: usize) -> Self {
                EXACT_POWERS[k] as $t
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn div(self, by: Self) -> Self {
                self / by
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn mul(self, by: Self) -> Self {
                self * by
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn neg(self) -> Self {
                -self
            }
        }
    )*};
}
float!(
    f64: 53, 22, u64, (-1023, 0x7FF, -342, 308, -4, 23);
    f32: 24, 10, u32, (-127, 0xFF, -65, 38, -17, 10)
);

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

#[cfg(test)]
mod tests {
    use super::*;

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

    /// The plain-integer fast path gives what `lexical-core` gives, for
    /// every width, on the edges of each (its `DIGITS` and one more, its
    /// `MIN` and `MAX`, signs, leading zeros) and on 100,000 generated
    /// digit strings; it takes every plain value of up to four digits (and
    /// `DIGITS`) and leaves the rest (a `+`, one digit more, any other
    /// byte) to `lexical-core`.
    #[test]
    fn plain_ints_equal_lexical() {
        fn one<T: Int + PartialEq + core::fmt::Debug>(s: &str) -> bool {
            let b = s.as_bytes();
            let want = lexical_core::parse::<T>(b).ok();
            match plain_int::<T>(b) {
                Some(v) => {
                    assert_eq!(Some(v), want, "{s}");
                    true
                }
                None => false,
            }
        }
        fn all(s: &str) -> usize {
            [
                one::<u8>(s),
                one::<u16>(s),
                one::<u32>(s),
                one::<u64>(s),
                one::<u128>(s),
                one::<usize>(s),
                one::<i8>(s),
                one::<i16>(s),
                one::<i32>(s),
                one::<i64>(s),
                one::<i128>(s),
                one::<isize>(s),
            ]
            .iter()
            .filter(|&&t| t)
            .count()
        }
        // Taken by every width, by the signed ones only, by none.
        for s in ["0", "7", "36", "00", "09", "-0", "-1", "-99"] {
            let want = if s.starts_with('-') { 6 } else { 12 };
            assert_eq!(all(s), want, "{s}");
        }
        for s in [
            "", "-", "+1", "+", "--1", "1-", " 1", "1 ", "1.0", "1e2", "0x1", "١", "a", "-a",
        ] {
            assert_eq!(all(s), 0, "{s}");
        }
        // Each width's bound: DIGITS digits taken (four at most), one more
        // left.
        assert!(plain_int::<u8>(b"99").is_some() && plain_int::<u8>(b"255").is_none());
        assert!(plain_int::<i8>(b"-99").is_some() && plain_int::<i8>(b"-128").is_none());
        assert!(plain_int::<u16>(b"9999").is_some() && plain_int::<u16>(b"65535").is_none());
        assert!(plain_int::<u32>(b"9999").is_some() && plain_int::<u32>(b"10000").is_none());
        assert!(plain_int::<i64>(b"-9999").is_some() && plain_int::<i64>(b"-10000").is_none());
        assert!(plain_int::<u128>(b"0036").is_some() && plain_int::<u128>(b"00036").is_none());
        for s in [
            "255",
            "256",
            "-128",
            "-129",
            "65535",
            "4294967295",
            "4294967296",
            "18446744073709551615",
            "18446744073709551616",
            "9223372036854775807",
            "-9223372036854775808",
            "-9223372036854775809",
            "0000000000000000000036",
            "000000000000000000036",
            "00000000036",
            "0000000000036",
        ] {
            all(s);
        }
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let mut taken = 0;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let len = (x % 7) as usize;
            let mut s = alloc::string::String::new();
            if x & (1 << 40) != 0 {
                s.push('-');
            }
            let mut y = x >> 8;
            for i in 0..len {
                // Now and then a byte that is not a digit.
                if (x >> (i + 30)) & 63 == 0 {
                    s.push('x');
                } else {
                    s.push(char::from(b'0' + (y % 10) as u8));
                }
                y = (y / 10).wrapping_add(x >> (i % 50));
            }
            taken += all(&s);
        }
        assert!(taken > 250_000, "{taken}");
    }

    /// Clinger's path then Eisel-Lemire's round as `lexical-core`
    /// (correctly rounded) on ties, on 17-digit coordinates, and on 300,000
    /// generated mantissas and scales from 10^-350 to 10^349; overflow is
    /// left to `lexical-core`.
    #[test]
    fn decimal_rounds_as_lexical() {
        fn check(m: u64, scale: i32) {
            let text = alloc::format!("{m}e{scale}");
            for negative in [false, true] {
                let sign = if negative { "-" } else { "" };
                let text = alloc::format!("{sign}{text}");
                let want = lexical_core::parse::<f64>(text.as_bytes()).unwrap();
                match decimal::<f64>(m, scale, negative) {
                    Some(v) => assert_eq!(v.to_bits(), want.to_bits(), "f64 {text}"),
                    None => assert!(want.is_infinite(), "f64 {text}"),
                }
                let want = lexical_core::parse::<f32>(text.as_bytes()).unwrap();
                match decimal::<f32>(m, scale, negative) {
                    Some(v) => assert_eq!(v.to_bits(), want.to_bits(), "f32 {text}"),
                    None => assert!(want.is_infinite(), "f32 {text}"),
                }
            }
        }
        // Ties: to even, in both directions, from both paths.
        assert_eq!(
            decimal::<f64>(9_007_199_254_740_993, 0, false),
            Some(9_007_199_254_740_992.0)
        );
        assert_eq!(
            decimal::<f64>(9_007_199_254_740_995, 0, false),
            Some(9_007_199_254_740_996.0)
        );
        assert_eq!(decimal::<f32>(167_772_170, -1, false), Some(16_777_216.0));
        assert_eq!(decimal::<f32>(167_772_190, -1, false), Some(16_777_220.0));
        // Just past a tie: the remainder decides.
        assert_eq!(
            decimal::<f32>(1_677_721_700_001, -5, false),
            Some(16_777_218.0)
        );
        assert_eq!(
            decimal::<f64>(65_613_616_999_999_977, -15, true),
            "-65.613616999999977".parse().ok()
        );
        // Past Clinger's and the old integer path's ranges, and to the
        // edges: overflow is left to `lexical-core`, underflow is zero.
        assert_eq!(decimal::<f64>(1, -20, false), Some(1e-20));
        assert_eq!(decimal::<f64>(1, 309, false), None);
        assert_eq!(decimal::<f32>(1, 39, false), None);
        assert_eq!(
            decimal::<f64>(1, -400, true).map(f64::to_bits),
            Some((-0.0f64).to_bits())
        );
        assert_eq!(
            decimal::<f64>(0, -3, true).map(f64::to_bits),
            Some((-0.0f64).to_bits())
        );
        assert_eq!(decimal::<f64>(0, 400, false), Some(0.0));
        for (m, scale) in [
            (1, -19),
            (u64::MAX, -19),
            (u64::MAX, 0),
            (u64::MAX, 19),
            (1, 38),
            (9_999_999_999_999_999_999, -1),
        ] {
            check(m, scale);
        }
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        for _ in 0..300_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let digits = 1 + (x % 19) as u32;
            let m = (x >> 7) % 10u64.pow(digits);
            #[allow(clippy::cast_possible_wrap, clippy::cast_possible_truncation)]
            let scale = ((x >> 50) % 700) as i32 - 350;
            check(m, scale);
        }
    }

    #[test]
    fn exact_takes_only_exact_operands() {
        assert_eq!(exact::<f64>(1 << 53, 22, false), Some(9007199254740992e22));
        assert_eq!(exact::<f64>((1 << 53) + 1, 0, false), None);
        assert_eq!(exact::<f64>(1, 23, false), None);
        assert_eq!(exact::<f64>(125, -2, true), Some(-1.25));
        assert_eq!(exact::<f32>(1 << 24, 10, false), Some(16777216e10));
        assert_eq!(exact::<f32>(1, 11, false), None);
        assert_eq!(exact::<f32>(1, -11, false), None);
    }
}
