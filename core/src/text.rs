//! Bytes to text with an ASCII fast path: the crate's one module with
//! `unsafe`, two blocks, each kept because it measured.
//!
//! `core::str::from_utf8` costs about 9 instructions a byte on short
//! strings and about 2.5 on an 84-byte body (`PERF-NOTES`); a cookie value,
//! a form body and a JSON body are nearly always ASCII, which one OR per
//! eight bytes proves. ASCII is UTF-8, so such bytes are handed out as
//! `&str` without the second check; anything else takes the full check.
//! Measured on `cookie6` (two values, 54 bytes checked) and `form5` and
//! `json5` (the whole body): see the note on the benches issue.
//!
//! Bytes proved ASCII travel as a [`Slice`] that remembers it: any slice of
//! them is text, cut with no char boundary to check and no offset
//! arithmetic (a form body's values: `form5` 1,615 -> 1,530 instructions).
//! The ASCII check reads its tail as one overlapping word (1,530 -> 1,496).
//!
//! Long bytes (a JSON body, 256 bytes or more) are checked by a UTF-8
//! automaton of our own instead of `core::str::from_utf8`: ASCII skipped a
//! block at a time between characters, other bytes stepped through a
//! table with no branch (about 3 instructions a byte). A document of
//! Japanese tweets (`twitter`): 1.31M instructions in core's check, 0.69M
//! in this one. Its verdict is what unsafe code relies on, so its table is
//! checked transition by transition against the grammar, and its verdict
//! against core's on every sequence of up to three bytes and the edges of
//! every four-byte one, at every position of a block.
//!
//! The differential tests and fuzz targets compare [`from_utf8`] with
//! `core::str::from_utf8` on every input they make (through the public
//! conversions that call it).
#![allow(unsafe_code)]

use crate::swar::HI;

/// Whether every byte is below `0x80`: one OR per eight bytes, no early
/// exit (text is nearly always ASCII, so there is nothing to exit early for).
#[cfg_attr(not(debug_assertions), inline(always))]
fn is_ascii(bytes: &[u8]) -> bool {
    let mut words = bytes.chunks_exact(8);
    let mut seen = 0u64;
    for word in &mut words {
        seen |= u64::from_le_bytes(word.try_into().unwrap_or_default());
    }
    // The tail: the last eight bytes in one load when there are eight
    // (bytes seen twice change nothing), else byte by byte.
    if let Some(last) = bytes.last_chunk::<8>() {
        seen |= u64::from_le_bytes(*last);
    } else {
        for &b in words.remainder() {
            seen |= u64::from(b);
        }
    }
    (seen & HI) == 0
}

/// `bytes` as text if they are UTF-8. Short bytes (a cookie, a form value)
/// are proved ASCII a word at a time; long ones (a body) by [`is_utf8`],
/// which skips ASCII a block at a time and walks the rest through a state
/// machine. Bytes that are not UTF-8 are handed to
/// `core::str::from_utf8` for its error.
///
/// # Errors
/// As `core::str::from_utf8`.
#[inline]
pub(crate) fn from_utf8(bytes: &[u8]) -> Result<&str, core::str::Utf8Error> {
    let text = if bytes.len() < LONG {
        is_ascii(bytes)
    } else {
        is_utf8(bytes)
    };
    if text {
        // SAFETY: every byte is below 0x80 (`is_ascii`), and a sequence of
        // ASCII bytes is valid UTF-8; or `is_utf8` ran the bytes through
        // the UTF-8 automaton (`utf8`) and they ended accepted. Its
        // transitions are checked one by one against the grammar, and its
        // verdict against `core::str::from_utf8`, in the tests below.
        return Ok(unsafe { core::str::from_utf8_unchecked(bytes) });
    }
    core::str::from_utf8(bytes)
}

/// From this length on, [`from_utf8`] uses [`is_utf8`]. Below it, the
/// ASCII word check costs less: from 64 bytes on, `json5`'s 84-byte body
/// cost 22 instructions more.
const LONG: usize = 256;

/// The UTF-8 grammar (RFC 3629, section 4) as a shift automaton: a state is
/// a bit offset, and `TABLE[byte] >> state` holds the next state in its low
/// six bits, so each byte costs a load, a shift and a mask, with no branch.
/// The error state is offset 0, whose bits are 0 in every row: once
/// entered, it is never left.
mod utf8 {
    pub(super) const ERROR: u32 = 0;
    pub(super) const ACCEPT: u32 = 6;
    /// One, two or three continuation bytes (`80..=BF`) still due.
    const TAIL1: u32 = 12;
    const TAIL2: u32 = 18;
    const TAIL3: u32 = 24;
    /// After `E0` (`A0..=BF` next: no overlong form), `ED` (`80..=9F`: no
    /// surrogate), `F0` (`90..=BF`: no overlong form), `F4` (`80..=8F`:
    /// nothing past U+10FFFF).
    const E0: u32 = 30;
    const ED: u32 = 36;
    const F0: u32 = 42;
    const F4: u32 = 48;

    pub(super) const STATES: [u32; 9] = [ERROR, ACCEPT, TAIL1, TAIL2, TAIL3, E0, ED, F0, F4];

    /// The state after `byte` in `state`, as the grammar reads.
    pub(super) const fn next(state: u32, byte: u8) -> u32 {
        let (lo, hi, then) = match state {
            ACCEPT => {
                return match byte {
                    0x00..=0x7f => ACCEPT,
                    0xc2..=0xdf => TAIL1,
                    0xe0 => E0,
                    0xe1..=0xec | 0xee..=0xef => TAIL2,
                    0xed => ED,
                    0xf0 => F0,
                    0xf1..=0xf3 => TAIL3,
                    0xf4 => F4,
                    _ => ERROR,
                }
            }
            TAIL1 => (0x80, 0xbf, ACCEPT),
            TAIL2 => (0x80, 0xbf, TAIL1),
            TAIL3 => (0x80, 0xbf, TAIL2),
            E0 => (0xa0, 0xbf, TAIL1),
            ED => (0x80, 0x9f, TAIL1),
            F0 => (0x90, 0xbf, TAIL2),
            F4 => (0x80, 0x8f, TAIL2),
            _ => return ERROR,
        };
        if lo <= byte && byte <= hi {
            then
        } else {
            ERROR
        }
    }

    /// Every state's next state for every byte, packed by [`next`].
    pub(super) const TABLE: [u64; 256] = {
        let mut table = [0u64; 256];
        let mut byte = 0;
        while byte < 256 {
            let mut s = 0;
            while s < STATES.len() {
                let state = STATES[s];
                table[byte] |= (next(state, byte as u8) as u64) << state;
                s += 1;
            }
            byte += 1;
        }
        table
    };

    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn step(state: u32, byte: u8) -> u32 {
        ((TABLE[byte as usize] >> state) & 63) as u32
    }
}

/// Whether `bytes` are UTF-8. Between characters, ASCII is skipped 128
/// bytes at a time (one OR of sixteen words, which the compiler turns into
/// vector ORs), then 16; from the first block that is not all ASCII on,
/// bytes step through the automaton sixteen at a time (no branch a byte;
/// the error state is tested once a block), until a character ends a
/// block. 128 rather than 64: canada (all ASCII) -0.24%, citm -0.7%,
/// twitter +0.2%.
fn is_utf8(bytes: &[u8]) -> bool {
    let mut state = utf8::ACCEPT;
    let mut rest = bytes;
    loop {
        if state == utf8::ACCEPT {
            while let Some((block, tail)) = rest.split_first_chunk::<128>() {
                if !is_ascii(block) {
                    break;
                }
                rest = tail;
            }
            // Text between characters (a space, a comma, a quote) often
            // leaves sixteen ASCII bytes before the next character.
            while let Some((block, tail)) = rest.split_first_chunk::<16>() {
                if !is_ascii(block) {
                    break;
                }
                rest = tail;
            }
        }
        let Some((block, tail)) = rest.split_first_chunk::<16>() else {
            break;
        };
        for &byte in block {
            state = utf8::step(state, byte);
        }
        if state == utf8::ERROR {
            return false;
        }
        rest = tail;
    }
    // The last bytes, fewer than sixteen: ASCII in one or two word reads
    // when no character is open.
    if state == utf8::ACCEPT && is_ascii(rest) {
        return true;
    }
    for &byte in rest {
        state = utf8::step(state, byte);
    }
    state == utf8::ACCEPT
}

/// Bytes, and whether they are all below `0x80`. Every slice of ASCII
/// bytes is ASCII, so slices keep the flag, and an ASCII slice is text with
/// no check and no char boundary to find.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Slice<'a> {
    bytes: &'a [u8],
    ascii: bool,
}

impl<'a> Slice<'a> {
    /// `bytes`, checked for ASCII (one OR per eight bytes).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn checked(bytes: &'a [u8]) -> Self {
        Slice {
            bytes,
            ascii: is_ascii(bytes),
        }
    }

    /// `bytes`, not known to be ASCII.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn unknown(bytes: &'a [u8]) -> Self {
        Slice {
            bytes,
            ascii: false,
        }
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn bytes(self) -> &'a [u8] {
        self.bytes
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn is_ascii(self) -> bool {
        self.ascii
    }

    /// The bytes from `start` on (empty past the end).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn from(self, start: usize) -> Self {
        Slice {
            bytes: self.bytes.get(start..).unwrap_or_default(),
            ascii: self.ascii,
        }
    }

    /// The bytes before `end` (all of them past the end).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn to(self, end: usize) -> Self {
        Slice {
            bytes: self.bytes.get(..end).unwrap_or(self.bytes),
            ascii: self.ascii,
        }
    }

    /// The bytes as text, if they are known to be ASCII.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn ascii_str(self) -> Option<&'a str> {
        if !self.ascii {
            return None;
        }
        // SAFETY: `ascii` is only set by `checked`, after `is_ascii` saw
        // every byte below 0x80, and kept by `from` and `to`, which take
        // slices of those bytes. ASCII bytes are valid UTF-8.
        Some(unsafe { core::str::from_utf8_unchecked(self.bytes) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_are_text_exactly_when_checked_ascii() {
        let samples: [&[u8]; 5] = [b"", b"a=1&b=2", "a=\u{e9}".as_bytes(), b"\xff=1", b"x\x80"];
        for bytes in samples {
            let ascii = bytes.is_ascii();
            assert_eq!(Slice::unknown(bytes).ascii_str(), None);
            let whole = Slice::checked(bytes);
            assert_eq!(whole.is_ascii(), ascii, "{bytes:?}");
            for start in 0..=bytes.len() + 1 {
                for end in 0..=bytes.len() + 1 {
                    let cut = whole.from(start).to(end);
                    let want = bytes.get(start..).unwrap_or_default();
                    let want = want.get(..end).unwrap_or(want);
                    assert_eq!(cut.bytes(), want);
                    let text = cut.ascii_str();
                    assert_eq!(text.is_some(), ascii);
                    if let Some(text) = text {
                        assert_eq!(text.as_bytes(), want);
                    }
                }
            }
        }
    }

    #[test]
    fn the_table_packs_every_transition_and_errors_stick() {
        for state in utf8::STATES {
            for byte in 0..=255u8 {
                assert_eq!(
                    utf8::step(state, byte),
                    utf8::next(state, byte),
                    "{state} {byte:#x}"
                );
                assert!(utf8::STATES.contains(&utf8::next(state, byte)));
            }
        }
        assert!((0..=255u8).all(|b| utf8::step(utf8::ERROR, b) == utf8::ERROR));
    }

    /// `is_utf8` and core on `seq`, alone and inside ASCII at every offset
    /// of a block (and across the block boundary).
    fn same_verdict(seq: &[u8], frame: &mut alloc::vec::Vec<u8>) {
        let want = core::str::from_utf8(seq).is_ok();
        assert_eq!(is_utf8(seq), want, "{seq:x?}");
        for at in [0, 1, 7, 8, 13, 14, 15, 16, 17, 31, 33] {
            frame.clear();
            frame.resize(at, b'a');
            frame.extend_from_slice(seq);
            frame.resize(at + seq.len() + 20, b'z');
            assert_eq!(is_utf8(frame), want, "{seq:x?} at {at}");
        }
    }

    #[test]
    fn is_utf8_agrees_with_core_on_every_short_sequence() {
        let mut frame = alloc::vec::Vec::new();
        for a in 0..=255u8 {
            same_verdict(&[a], &mut frame);
            for b in 0..=255u8 {
                same_verdict(&[a, b], &mut frame);
            }
        }
        // Three bytes, every one: alone (the frames for lead bytes only).
        for a in 0x80..=0xffu8 {
            for b in 0..=255u8 {
                for c in 0..=255u8 {
                    let seq = [a, b, c];
                    assert_eq!(
                        is_utf8(&seq),
                        core::str::from_utf8(&seq).is_ok(),
                        "{seq:x?}"
                    );
                }
                same_verdict(&[a, b, 0x80], &mut frame);
                same_verdict(&[a, b, 0xbf], &mut frame);
            }
        }
        // Four bytes: every lead and second byte, the edges of the ranges
        // after them.
        let edges = [0x00, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xff];
        for a in 0xf0..=0xffu8 {
            for b in 0..=255u8 {
                for c in edges {
                    for d in edges {
                        same_verdict(&[a, b, c, d], &mut frame);
                    }
                }
            }
        }
    }

    #[test]
    fn ascii_is_skipped_only_between_characters() {
        // A character cut by a long ASCII stretch is an error, wherever the
        // cut falls in a block, and however long the stretch is.
        for c in ["\u{e9}", "\u{20ac}", "\u{10348}"] {
            for cut in 1..c.len() {
                for pad in [0, 15, 16, 63, 64, 65, 130] {
                    for ascii in [1, 63, 64, 65, 128, 200] {
                        let mut v = alloc::vec![b'a'; pad];
                        v.extend_from_slice(&c.as_bytes()[..cut]);
                        v.resize(v.len() + ascii, b'b');
                        v.extend_from_slice(&c.as_bytes()[cut..]);
                        assert!(!is_utf8(&v), "{v:x?}");
                        assert_eq!(from_utf8(&v).ok(), None);
                    }
                }
            }
        }
    }

    #[test]
    fn is_utf8_agrees_with_core_on_generated_text() {
        // Characters of every width, strung into texts of every length up
        // to a few blocks, some with one byte changed.
        let chars = [
            "a",
            "\u{e9}",
            "\u{7ff}",
            "\u{800}",
            "\u{20ac}",
            "\u{d7ff}",
            "\u{e000}",
            "\u{ffff}",
            "\u{10000}",
            "\u{10ffff}",
            "\u{3042}",
        ];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut rand = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..20_000 {
            let mut text = alloc::string::String::new();
            let len = (rand() % 120) as usize;
            while text.len() < len {
                text.push_str(chars[(rand() % chars.len() as u64) as usize]);
            }
            let mut bytes = text.into_bytes();
            assert!(is_utf8(&bytes));
            if !bytes.is_empty() && rand() % 2 == 0 {
                let at = (rand() % bytes.len() as u64) as usize;
                bytes[at] = rand() as u8;
            }
            assert_eq!(
                is_utf8(&bytes),
                core::str::from_utf8(&bytes).is_ok(),
                "{bytes:x?}"
            );
            assert_eq!(from_utf8(&bytes).ok(), core::str::from_utf8(&bytes).ok());
        }
    }

    #[test]
    fn agrees_with_core_everywhere() {
        // Every length around the word size, a non-ASCII byte (valid or
        // not) at every position, and the tail/word boundary.
        let samples: [&[u8]; 5] = [b"\x80", b"\xc3\xa9", b"\xff", b"\x7f", "€".as_bytes()];
        for len in 0..40 {
            let base = alloc::vec![b'a'; len];
            assert_eq!(from_utf8(&base).ok(), core::str::from_utf8(&base).ok());
            for at in 0..len {
                for s in samples {
                    let mut v = base.clone();
                    v.truncate(at);
                    v.extend_from_slice(s);
                    v.resize(len.max(v.len()), b'b');
                    assert_eq!(from_utf8(&v).ok(), core::str::from_utf8(&v).ok(), "{v:?}");
                }
            }
        }
    }
}
