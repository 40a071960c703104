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
//! The differential tests and fuzz targets compare [`from_utf8`] with
//! `core::str::from_utf8` on every input they make (through the public
//! conversions that call it).
#![allow(unsafe_code)]

use crate::swar::HI;

/// Whether every byte is below `0x80`: one OR per eight bytes, no early
/// exit (text is nearly always ASCII, so there is nothing to exit early for).
#[inline(always)]
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

/// `bytes` as text if they are UTF-8: ASCII proved a word at a time,
/// anything else checked by `core::str::from_utf8`.
///
/// # Errors
/// As `core::str::from_utf8`.
#[inline]
pub(crate) fn from_utf8(bytes: &[u8]) -> Result<&str, core::str::Utf8Error> {
    if is_ascii(bytes) {
        // SAFETY: every byte is below 0x80 (checked just above), and a
        // sequence of ASCII bytes is valid UTF-8.
        return Ok(unsafe { core::str::from_utf8_unchecked(bytes) });
    }
    core::str::from_utf8(bytes)
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
    #[inline(always)]
    pub(crate) fn checked(bytes: &'a [u8]) -> Self {
        Slice {
            bytes,
            ascii: is_ascii(bytes),
        }
    }

    /// `bytes`, not known to be ASCII.
    #[inline(always)]
    pub(crate) fn unknown(bytes: &'a [u8]) -> Self {
        Slice {
            bytes,
            ascii: false,
        }
    }

    #[inline(always)]
    pub(crate) fn bytes(self) -> &'a [u8] {
        self.bytes
    }

    #[inline(always)]
    pub(crate) fn is_ascii(self) -> bool {
        self.ascii
    }

    /// The bytes from `start` on (empty past the end).
    #[inline(always)]
    pub(crate) fn from(self, start: usize) -> Self {
        Slice {
            bytes: self.bytes.get(start..).unwrap_or_default(),
            ascii: self.ascii,
        }
    }

    /// The bytes before `end` (all of them past the end).
    #[inline(always)]
    pub(crate) fn to(self, end: usize) -> Self {
        Slice {
            bytes: self.bytes.get(..end).unwrap_or(self.bytes),
            ascii: self.ascii,
        }
    }

    /// The bytes as text, if they are known to be ASCII.
    #[inline(always)]
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
