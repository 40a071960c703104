//! Eisel and Lemire's conversion of a decimal `w * 10^q` (`w` a nonzero
//! `u64`) into the nearest `f32` or `f64`: one 64-by-64-bit product with
//! the top 64 bits of a truncated power of five (rarely a second with the
//! next 64 bits), whose top bits are the float's significand. It decides
//! the correctly rounded value for all but a vanishing few inputs, where the
//! product's truncated bits leave the rounding open; those (and overflow)
//! give `None`, and `lexical-core` reads the text. The algorithm is the one
//! of Lemire, "Number Parsing at a Gigabyte per Second" (2021), and
//! Mushtak and Lemire, "Fast Number Parsing Without Fallback" (2023).
//!
//! The table, [`POW5`], is computed at compile time from exact big
//! integers: 651 entries of 16 bytes, 10,416 bytes in all.

use super::Float;

/// The smallest and largest powers of ten with an entry: below
/// `10^-342` every `u64` times the power rounds to zero, above `10^308`
/// to infinity, in `f64` (and so in `f32`).
const SMALLEST_POW10: i32 = -342;
const LARGEST_POW10: i32 = 308;

/// 64-bit words in the big integers the table is computed with: enough
/// for `2^b / 5^342` with `b` up to `2 * 795 + 128` (795 bits in 5^342).
const LIMBS: usize = 28;
type Big = [u64; LIMBS];

/// `5^q` for every `q` from [`SMALLEST_POW10`] to [`LARGEST_POW10`], as
/// `(high, low)` words of a 128-bit number with its top bit set: for
/// `q >= 0`, the top 128 bits of `5^q`, truncated; for `q < 0`, the top
/// 128 bits of `floor(2^b / 5^-q) + 1`, with `b` such that the quotient has
/// 128 bits when `q >= -27` and `128 + bits(5^-q)` bits below that (the
/// reciprocal's rounding the algorithm's error bound assumes).
static POW5: [(u64, u64); 651] = table();

const fn table() -> [(u64, u64); 651] {
    let mut t = [(0, 0); 651];
    // Non-negative powers: 5^q exactly, its top 128 bits.
    let mut p: Big = [0; LIMBS];
    p[0] = 1;
    let mut q = 0;
    while q <= LARGEST_POW10 {
        t[(q - SMALLEST_POW10) as usize] = top128(&p);
        p = mul5(&p);
        q += 1;
    }
    // Negative powers: `x` is floor(2^TOP / 5^n) exactly (a floor of a
    // floor divided again is the floor of the whole quotient), `p` is 5^n.
    const TOP: u32 = LIMBS as u32 * 64 - 1;
    let mut x: Big = [0; LIMBS];
    x[LIMBS - 1] = 1 << 63;
    let mut p: Big = [0; LIMBS];
    p[0] = 1;
    let mut n = 1;
    while n <= -SMALLEST_POW10 {
        x = div5(&x);
        p = mul5(&p);
        // 5^n is no power of two: its bit length is ceil(log2(5^n)).
        let z = bits(&p);
        let b = if n <= 27 { z + 127 } else { 2 * z + 128 };
        let f = add1(&shr(&x, TOP - b));
        t[(-n - SMALLEST_POW10) as usize] = top128(&f);
        n += 1;
    }
    t
}

const fn mul5(a: &Big) -> Big {
    let mut out: Big = [0; LIMBS];
    let mut carry: u128 = 0;
    let mut i = 0;
    while i < LIMBS {
        let v = a[i] as u128 * 5 + carry;
        out[i] = v as u64;
        carry = v >> 64;
        i += 1;
    }
    out
}

const fn div5(a: &Big) -> Big {
    let mut out: Big = [0; LIMBS];
    let mut rem: u128 = 0;
    let mut i = LIMBS;
    while i > 0 {
        i -= 1;
        let v = (rem << 64) | a[i] as u128;
        out[i] = (v / 5) as u64;
        rem = v % 5;
    }
    out
}

const fn add1(a: &Big) -> Big {
    let mut out = *a;
    let mut i = 0;
    while i < LIMBS {
        out[i] = out[i].wrapping_add(1);
        if out[i] != 0 {
            break;
        }
        i += 1;
    }
    out
}

/// The number of significant bits.
const fn bits(a: &Big) -> u32 {
    let mut i = LIMBS;
    while i > 0 {
        i -= 1;
        if a[i] != 0 {
            return i as u32 * 64 + 64 - a[i].leading_zeros();
        }
    }
    0
}

const fn shr(a: &Big, s: u32) -> Big {
    let mut out: Big = [0; LIMBS];
    let words = (s / 64) as usize;
    let r = s % 64;
    let mut i = 0;
    while i + words < LIMBS {
        let lo = a[i + words] >> r;
        let hi = if r > 0 && i + words + 1 < LIMBS {
            a[i + words + 1] << (64 - r)
        } else {
            0
        };
        out[i] = lo | hi;
        i += 1;
    }
    out
}

/// The top 128 bits, shifted up to bit 127 when shorter.
const fn top128(a: &Big) -> (u64, u64) {
    let n = bits(a);
    if n <= 128 {
        let v = ((a[1] as u128) << 64 | a[0] as u128) << (128 - n);
        (((v >> 64) as u64), v as u64)
    } else {
        let s = shr(a, n - 128);
        (s[1], s[0])
    }
}

/// `w * 10^q` correctly rounded to `T`, for a nonzero `w`; `None` when the
/// product leaves the rounding open or the value overflows `T` (the caller
/// reads the text with `lexical-core`, which refuses the overflow). The
/// sign is the caller's.
pub(crate) fn lemire<T: Float>(w: u64, q: i32) -> Option<T> {
    let explicit = T::MANTISSA_BITS - 1;
    if q < T::SMALLEST_POW10 {
        return Some(T::from_bits64(0));
    }
    if q > T::LARGEST_POW10 {
        return None;
    }
    let lz = w.leading_zeros();
    let w = w << lz;
    let (lo, hi) = product(q, w, explicit + 3);
    // The product's truncated part could carry into the bits kept.
    if lo == u64::MAX && !(-27..=55).contains(&q) {
        return None;
    }
    let upper = (hi >> 63) as u32;
    let shift = upper + 64 - explicit - 3;
    let mut m = hi >> shift;
    // floor(q * log2(10)) + 63, exact for |q| <= 1700.
    let log2 = ((q * (152_170 + 65_536)) >> 16) + 63;
    #[allow(clippy::cast_possible_wrap)]
    let mut e = log2 + upper as i32 - lz as i32 - T::MIN_EXPONENT;
    if e <= 0 {
        // Subnormal (or rounding up to the smallest normal): no tie can
        // arise here, 5^-q being past every `u64`.
        if -e + 1 >= 64 {
            return Some(T::from_bits64(0));
        }
        m >>= -e + 1;
        m += m & 1;
        m >>= 1;
        e = i32::from(m >= 1 << explicit);
        #[allow(clippy::cast_sign_loss)]
        return Some(T::from_bits64(m | (e as u64) << explicit));
    }
    // An exact tie (possible only for small `q`): to even.
    if lo <= 1
        && (T::MIN_ROUND_TO_EVEN..=T::MAX_ROUND_TO_EVEN).contains(&q)
        && m & 3 == 1
        && m << shift == hi
    {
        m &= !1;
    }
    m += m & 1;
    m >>= 1;
    if m >= 2 << explicit {
        m = 1 << explicit;
        e += 1;
    }
    m &= !(1 << explicit);
    if e >= T::INFINITE_POWER {
        return None;
    }
    #[allow(clippy::cast_sign_loss)]
    Some(T::from_bits64(m | (e as u64) << explicit))
}

/// The top 128 bits of `w * 5^q` (low word, high word), computed from the
/// power's high word alone unless the bits below the `precision` kept
/// ones are all set, when its low word could carry into them.
#[cfg_attr(not(debug_assertions), inline(always))]
fn product(q: i32, w: u64, precision: u32) -> (u64, u64) {
    let mask = u64::MAX >> precision;
    #[allow(clippy::cast_sign_loss)]
    let (p_hi, p_lo) = POW5[(q - SMALLEST_POW10) as usize];
    let first = u128::from(w) * u128::from(p_hi);
    #[allow(clippy::cast_possible_truncation)]
    let (mut lo, mut hi) = (first as u64, (first >> 64) as u64);
    if hi & mask == mask {
        #[allow(clippy::cast_possible_truncation)]
        let second = ((u128::from(w) * u128::from(p_lo)) >> 64) as u64;
        lo = lo.wrapping_add(second);
        if second > lo {
            hi += 1;
        }
    }
    (lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Entries worked out by hand: small powers shifted to bit 127, and
    /// 5^-1 as floor(2^130 / 5) + 1.
    #[test]
    fn table_entries_by_hand() {
        let at = |q: i32| POW5[(q - SMALLEST_POW10) as usize];
        assert_eq!(at(0), (1 << 63, 0));
        assert_eq!(at(1), (0xA000_0000_0000_0000, 0));
        assert_eq!(at(2), (0xC800_0000_0000_0000, 0));
        // 5^27 = 7450580596923828125 < 2^63: shifted up one bit.
        assert_eq!(at(27), (7_450_580_596_923_828_125 << 1, 0));
        // 2^130 / 5 = 0xCCCC...CCCC.CC: floor plus one ends in D.
        assert_eq!(at(-1), (0xCCCC_CCCC_CCCC_CCCC, 0xCCCC_CCCC_CCCC_CCCD));
        // Every entry has its top bit set.
        assert!(POW5.iter().all(|&(hi, _)| hi >> 63 == 1));
    }
}
