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
//! [`flags`] from here.

/// `0x01` in every byte.
pub(crate) const LO: u64 = 0x0101_0101_0101_0101;
/// `0x80` in every byte: the flag bits.
pub(crate) const HI: u64 = 0x8080_8080_8080_8080;

/// Flags (high bit per byte) where `word` holds any of `needles`; only the
/// lowest flag is exact.
#[inline(always)]
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
#[inline(always)]
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

#[cfg(test)]
mod tests {
    use super::*;

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
