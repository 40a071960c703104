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
//! Bytes proved ASCII stay [`Ascii`]: any slice of them is text, cut with
//! no char boundary to check (a form body's values: `form5` 1,615 -> 1,588
//! instructions).
//!
//! The differential tests and fuzz targets compare [`from_utf8`] with
//! `core::str::from_utf8` on every input they make (through the public
//! conversions that call it).
#![allow(unsafe_code)]

const HI: u64 = 0x8080_8080_8080_8080;

/// Whether every byte is below `0x80`: one OR per eight bytes, no early
/// exit (text is nearly always ASCII, so there is nothing to exit early for).
#[inline(always)]
fn is_ascii(bytes: &[u8]) -> bool {
    let mut words = bytes.chunks_exact(8);
    let mut seen = 0u64;
    for word in &mut words {
        seen |= u64::from_le_bytes(word.try_into().unwrap_or_default());
    }
    let mut tail = 0u8;
    for &b in words.remainder() {
        tail |= b;
    }
    (seen & HI) == 0 && tail < 0x80
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

/// Bytes that are all below `0x80`: every slice of them is text, with no
/// check and no char boundary to find.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ascii<'a>(&'a [u8]);

impl<'a> Ascii<'a> {
    /// The bytes `start..end` as text (empty if the range is out of bounds).
    #[inline(always)]
    pub(crate) fn slice(self, start: usize, end: usize) -> &'a str {
        let bytes = self.0.get(start..end).unwrap_or_default();
        // SAFETY: `self.0` holds only bytes below 0x80 (the one constructor,
        // `classify`, checked them); so does any slice of it, and a sequence
        // of ASCII bytes is valid UTF-8.
        unsafe { core::str::from_utf8_unchecked(bytes) }
    }
}

/// Bytes known to be text: all ASCII (any slice is text), or UTF-8 (only
/// slices cut at char boundaries are).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Text<'a> {
    Ascii(Ascii<'a>),
    Utf8(&'a str),
}

/// [`from_utf8`], saying whether the text is all ASCII.
///
/// # Errors
/// As `core::str::from_utf8`.
#[inline]
pub(crate) fn classify(bytes: &[u8]) -> Result<Text<'_>, core::str::Utf8Error> {
    if is_ascii(bytes) {
        return Ok(Text::Ascii(Ascii(bytes)));
    }
    core::str::from_utf8(bytes).map(Text::Utf8)
}

#[cfg(test)]
mod tests {
    use super::*;

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
