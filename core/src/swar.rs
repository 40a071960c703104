//! Searching eight bytes at a time with plain `u64` arithmetic (SWAR).
//!
//! Query pairs, form values and cookie names are short: a `memchr` call
//! costs as much to set up as scanning one of them (`PERF-NOTES`), and a
//! byte loop pays a load, a table lookup and a branch per byte. Here one
//! word is tested for every needle at once: a byte of `word ^ needle * LO`
//! is zero exactly where the needle is, and `(v - LO) & !v & HI` flags zero
//! bytes. Flags above the lowest true one can be false (a borrow carries
//! upward), so only the lowest flag is ever used, and it is always exact.
//!
//! The crate's one home for these tricks: the JSON reader's string and
//! member-name scans and the ASCII check of `text` take their constants and
//! [`flags`] from here, and the number scan a long fraction's digits
//! ([`leading_digits`], [`digits_value`]).

/// `0x01` in every byte.
pub(crate) const LO: u64 = 0x0101_0101_0101_0101;
/// `0x80` in every byte: the flag bits.
pub(crate) const HI: u64 = 0x8080_8080_8080_8080;

/// Flags (high bit per byte) where `word` holds any of `needles`; only the
/// lowest flag is exact.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn flags<const N: usize>(word: u64, needles: [u8; N]) -> u64 {
    let mut found = 0;
    let mut k = 0;
    while k < N {
        let v = word ^ (LO * u64::from(needles[k]));
        found |= v.wrapping_sub(LO) & !v & HI;
        k += 1;
    }
    found
}

/// The index of the first byte at or after `i` that is one of `needles`, or
/// `input.len()` if there is none.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn find_any<const N: usize>(input: &[u8], mut i: usize, needles: [u8; N]) -> usize {
    let Some(rest) = input.get(i..) else {
        return input.len();
    };
    // `chunks_exact` keeps the loop to one pointer bump and one compare.
    let mut words = rest.chunks_exact(8);
    for chunk in &mut words {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
        let found = flags(word, needles);
        if found != 0 {
            return i + (found.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    // Fewer than eight bytes left: test them as one word too, padded with
    // zero bytes above them (flags there, for a zero needle, are masked).
    let rem = input.len().saturating_sub(i);
    if rem == 0 {
        return input.len();
    }
    let word = match input.last_chunk::<8>() {
        // Re-read the last eight bytes and shift the ones already seen out.
        Some(last) => u64::from_le_bytes(*last) >> (8 * (8 - rem)),
        // An input shorter than a word (a number, a flag): a byte loop is
        // cheaper than assembling a word.
        None => {
            return input[i..]
                .iter()
                .position(|b| needles.contains(b))
                .map_or(input.len(), |k| i + k)
        }
    };
    let found = flags(word, needles) & ((1u64 << (8 * rem)) - 1);
    if found != 0 {
        i + (found.trailing_zeros() / 8) as usize
    } else {
        input.len()
    }
}

/// How many ASCII digits `word` starts with (its bytes in input order,
/// as `u64::from_le_bytes` reads them): 0 to 8.
///
/// A byte is a digit when its high nibble is 3 and stays 3 when 6 is
/// added (`0x30..=0x39` become `0x36..=0x3F`; `0x3A..=0x3F` reach `0x40`).
/// The word-wide add carries into a byte only out of a byte of `0xFA` or
/// more, which is no digit: every byte up to the first that is not a digit
/// is judged exactly, and only that first one is read. Three constants,
/// where masking the low nibbles first (no carry at all) needed five.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn leading_digits(word: u64) -> usize {
    const HIGH: u64 = 0xF0F0_F0F0_F0F0_F0F0;
    let threes = LO * 0x30;
    let not_digit = ((word & HIGH) ^ threes) | ((word.wrapping_add(LO * 6) & HIGH) ^ threes);
    // No flag at all: eight digits (`trailing_zeros` of zero is 64).
    (not_digit.trailing_zeros() / 8) as usize
}

/// The value of the first `n` bytes of `word` (1 to 8 of them), which are
/// ASCII digits as [`leading_digits`] counted them, the first the most
/// significant.
///
/// The digits are moved to the word's top bytes, so that the bytes below
/// them are zeros: leading zeros of an eight-digit number. Then three
/// multiplies combine neighbours: digit pairs into two-digit values, those
/// into four-digit values, those into the eight-digit value.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn digits_value(word: u64, n: usize) -> u64 {
    debug_assert!((1..=8).contains(&n));
    let v = (word << (64 - 8 * n)) & (LO * 0x0F);
    // Each even byte: ten times its digit plus the next byte's.
    let v = (v.wrapping_mul(10 << 8 | 1) >> 8) & 0x00FF_00FF_00FF_00FF;
    // Each even 16-bit lane: a hundred times its pair plus the next's.
    let v = (v.wrapping_mul(100 << 16 | 1) >> 16) & 0x0000_FFFF_0000_FFFF;
    // The low lane: ten thousand times the first four digits plus the rest.
    v.wrapping_mul(10_000 << 32 | 1) >> 32
}

/// `10^n` for `n` from 0 to 8: what a value read so far is scaled by
/// before [`digits_value`]'s `n` more digits are added.
pub(crate) const SCALE: [u64; 9] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Every placement of every byte value in an otherwise-digit word:
    /// the count of leading digits and their value, as a byte loop finds
    /// them.
    #[test]
    fn digit_runs_match_a_byte_loop() {
        let base = *b"31415926";
        let mut words = alloc::vec![base, *b"00000000", *b"99999999", *b"12345678"];
        for at in 0..8 {
            for b in 0..=255u8 {
                let mut w = base;
                w[at] = b;
                words.push(w);
                let mut w = *b"98765432";
                w[at] = b;
                words.push(w);
            }
        }
        // Two bytes changed: a carry out of the first (0xFA and up) must
        // not hide it, whatever follows.
        for lo in 0..8 {
            for hi in lo + 1..8 {
                for a in [0x00, 0x2F, 0x3A, 0x3F, 0x40, 0xF9, 0xFA, 0xFF] {
                    for b in [0x00, 0x30, 0x39, 0x3A, 0xF9, 0xFF] {
                        let mut w = base;
                        w[lo] = a;
                        w[hi] = b;
                        words.push(w);
                    }
                }
            }
        }
        for w in words {
            let expect_n = w.iter().take_while(|b| b.is_ascii_digit()).count();
            let word = u64::from_le_bytes(w);
            assert_eq!(leading_digits(word), expect_n, "{w:?}");
            for n in 1..=expect_n {
                let expect = w[..n]
                    .iter()
                    .fold(0u64, |v, d| v * 10 + u64::from(d - b'0'));
                assert_eq!(digits_value(word, n), expect, "{w:?} {n}");
                assert_eq!(SCALE[n], 10u64.pow(n as u32));
            }
        }
    }

    fn naive(input: &[u8], i: usize, needles: &[u8]) -> usize {
        input[i.min(input.len())..]
            .iter()
            .position(|b| needles.contains(b))
            .map_or(input.len(), |p| p + i)
    }

    #[test]
    fn agrees_with_a_byte_loop_everywhere() {
        // Every needle at every position of inputs around word size, with
        // bytes that tempt borrow mistakes (0x00, 0x01, 0x80, 0xff, n ± 1).
        let fill = [0x00u8, 0x01, 0x25, 0x27, 0x80, 0xff, b'a', 0x3c, 0x3e];
        for len in 0..20 {
            for f in fill {
                for pos in 0..len {
                    for needle in [b'&', b'=', b'%', b'+', 0] {
                        let mut v = alloc::vec![f; len];
                        v[pos] = needle;
                        for start in 0..=len {
                            let set = [b'&', b'=', b'%', b'+', 0];
                            assert_eq!(find_any(&v, start, set), naive(&v, start, &set));
                            assert_eq!(find_any(&v, start, [needle]), naive(&v, start, &[needle]));
                        }
                    }
                }
            }
        }
    }
}
