//! Percent-decoding as the WHATWG URL standard's
//! [`application/x-www-form-urlencoded` parser](https://url.spec.whatwg.org/#urlencoded-parsing)
//! does it: `+` is a space, `%XX` (two hex digits, either case) is one byte,
//! and a `%` not followed by two hex digits stays a literal `%`.
//!
//! Decoding borrows when nothing changes. Otherwise it writes into a caller's
//! scratch buffer (no allocation, [`decode`]) or, with the `alloc` feature,
//! into a `Cow` ([`decode_cow`]). The decoded bytes need not be UTF-8; text
//! conversions check that afterwards and refuse, never replace, bad bytes.

use crate::borrow::Ref;

/// The value of a hex digit, or `0xFF` for any other byte.
const HEX: [u8; 256] = {
    let mut t = [0xFFu8; 256];
    let mut i = 0;
    while i < 10 {
        t[b'0' as usize + i] = i as u8;
        i += 1;
    }
    let mut i = 0;
    while i < 6 {
        t[b'a' as usize + i] = 10 + i as u8;
        t[b'A' as usize + i] = 10 + i as u8;
        i += 1;
    }
    t
};

/// Whether decoding `input` would change it: it holds `%` or `+`.
///
/// ```
/// assert!(binder_core::percent::needs_decoding(b"a+b"));
/// assert!(!binder_core::percent::needs_decoding(b"ada@example.org"));
/// ```
#[inline]
pub fn needs_decoding(input: &[u8]) -> bool {
    crate::swar::find_any(input, 0, [b'%', b'+']) != input.len()
}

/// The byte `%XX` at `input[i..]` stands for, if `input[i] == b'%'` is
/// followed by two hex digits.
#[inline]
fn escape_at(input: &[u8], i: usize) -> Option<u8> {
    let hi = HEX[*input.get(i + 1)? as usize];
    let lo = HEX[*input.get(i + 2)? as usize];
    if hi | lo == 0xFF {
        // 0xFF | x == 0xFF only when one of them is 0xFF: hex values are <= 15.
        None
    } else {
        Some(hi << 4 | lo)
    }
}

/// Decodes `input` into the front of `out` and returns the decoded bytes,
/// or `None` if `out` is too short. `out.len() >= input.len()` always
/// suffices: decoding never lengthens.
///
/// ```
/// let mut buf = [0u8; 32];
/// let out = binder_core::percent::decode_into(b"Ada+%4C%6fvelace%", &mut buf).unwrap();
/// assert_eq!(out, b"Ada Lovelace%");
/// ```
#[inline]
pub fn decode_into<'s>(input: &[u8], out: &'s mut [u8]) -> Option<&'s [u8]> {
    decode_with::<true>(input, out)
}

/// Like [`decode_into`] but for a URL path segment: `%XX` only, `+` stays
/// `+` (it means a space only in urlencoded data).
///
/// ```
/// let mut buf = [0u8; 8];
/// assert_eq!(binder_core::percent::decode_path_into(b"a+b%21", &mut buf).unwrap(), b"a+b!");
/// ```
#[inline]
pub fn decode_path_into<'s>(input: &[u8], out: &'s mut [u8]) -> Option<&'s [u8]> {
    decode_with::<false>(input, out)
}

/// Decodes run by run: bytes between escapes are copied whole.
fn decode_with<'s, const PLUS: bool>(input: &[u8], out: &'s mut [u8]) -> Option<&'s [u8]> {
    decode_from::<PLUS>(input, next_escape::<PLUS>(input, 0), out)
}

/// [`decode_with`] given `j`, the first escape's index (or `input.len()`).
fn decode_from<'s, const PLUS: bool>(
    input: &[u8],
    mut j: usize,
    out: &'s mut [u8],
) -> Option<&'s [u8]> {
    let mut i = 0;
    let mut n = 0;
    loop {
        let run = &input[i..j];
        out.get_mut(n..n + run.len())?.copy_from_slice(run);
        n += run.len();
        if j == input.len() {
            return Some(&out[..n]);
        }
        let (byte, used) = decode_at::<PLUS>(input, j);
        *out.get_mut(n)? = byte;
        n += 1;
        i = j + used;
        j = next_escape::<PLUS>(input, i);
    }
}

/// Decodes with one pass: borrowed when no escape is found, else written
/// into `scratch` (`None` if it does not fit).
#[inline]
pub(crate) fn decode_ref<'a, 's, const PLUS: bool>(
    input: &'a [u8],
    scratch: &'s mut [u8],
) -> Option<Ref<'a, 's, [u8]>> {
    let j = next_escape::<PLUS>(input, 0);
    if j == input.len() {
        return Some(Ref::Borrowed(input));
    }
    decode_from::<PLUS>(input, j, scratch).map(Ref::Copied)
}

/// The next `%` (or `+` when it means a space) at or after `i`.
#[cfg_attr(not(debug_assertions), inline(always))]
fn next_escape<const PLUS: bool>(input: &[u8], i: usize) -> usize {
    if PLUS {
        crate::swar::find_any(input, i, [b'%', b'+'])
    } else {
        crate::swar::find_any(input, i, [b'%'])
    }
}

/// The byte the escape at `input[j]` stands for, and how many bytes it used.
#[cfg_attr(not(debug_assertions), inline(always))]
fn decode_at<const PLUS: bool>(input: &[u8], j: usize) -> (u8, usize) {
    if PLUS && input[j] == b'+' {
        return (b' ', 1);
    }
    match escape_at(input, j) {
        Some(decoded) => (decoded, 3),
        None => (b'%', 1),
    }
}

/// Decodes `input`, borrowing it when nothing changes and otherwise writing
/// into `scratch`. `None` if the decoded bytes do not fit in `scratch`.
///
/// ```
/// use binder_core::{convert::Ref, percent::decode};
///
/// let mut scratch = [0u8; 16];
/// assert!(matches!(decode(b"plain", &mut scratch), Some(Ref::Borrowed(b"plain"))));
/// assert_eq!(&*decode(b"a%20b", &mut scratch).unwrap(), b"a b");
/// ```
#[inline]
pub fn decode<'a, 's>(input: &'a [u8], scratch: &'s mut [u8]) -> Option<Ref<'a, 's, [u8]>> {
    decode_ref::<true>(input, scratch)
}

/// Decodes `input`, borrowing it when nothing changes and otherwise
/// allocating exactly the decoded bytes.
///
/// ```
/// use std::borrow::Cow;
/// assert!(matches!(binder_core::percent::decode_cow(b"plain"), Cow::Borrowed(_)));
/// assert_eq!(binder_core::percent::decode_cow(b"%41+"), b"A ".as_slice());
/// ```
#[cfg(feature = "alloc")]
pub fn decode_cow(input: &[u8]) -> alloc::borrow::Cow<'_, [u8]> {
    decode_cow_with::<true>(input)
}

/// Decodes with one pass: borrowed when no escape is found, else into one
/// allocation of at most `input.len()` bytes.
#[cfg(feature = "alloc")]
pub(crate) fn decode_cow_with<const PLUS: bool>(input: &[u8]) -> alloc::borrow::Cow<'_, [u8]> {
    let mut j = next_escape::<PLUS>(input, 0);
    if j == input.len() {
        return alloc::borrow::Cow::Borrowed(input);
    }
    let mut out = alloc::vec::Vec::with_capacity(input.len());
    let mut i = 0;
    loop {
        out.extend_from_slice(&input[i..j]);
        if j == input.len() {
            return alloc::borrow::Cow::Owned(out);
        }
        let (byte, used) = decode_at::<PLUS>(input, j);
        out.push(byte);
        i = j + used;
        j = next_escape::<PLUS>(input, i);
    }
}

/// Decodes text already known to be UTF-8 with one pass: borrowed when no
/// escape is found, else one `String` built from the text's own runs, which
/// are never checked again; only the bytes `%XX` escapes make are checked,
/// a character at a time. The result equals decoding the bytes and then
/// checking all of them (the differential tests compare the two).
///
/// # Errors
/// [`ValueErrorKind::InvalidUtf8`](crate::ValueErrorKind::InvalidUtf8):
/// the escaped bytes are not UTF-8.
#[cfg(feature = "alloc")]
pub(crate) fn decode_text<const PLUS: bool>(
    text: &str,
) -> Result<alloc::borrow::Cow<'_, str>, crate::ValueError> {
    let j = next_escape::<PLUS>(text.as_bytes(), 0);
    if j == text.len() {
        return Ok(alloc::borrow::Cow::Borrowed(text));
    }
    decode_text_from::<PLUS>(text, j).map(alloc::borrow::Cow::Owned)
}

/// Decodes text known to be UTF-8 into a `String` (see [`decode_text`]).
///
/// # Errors
/// As [`decode_text`].
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn decode_text_owned<const PLUS: bool>(
    text: &str,
) -> Result<alloc::string::String, crate::ValueError> {
    let j = next_escape::<PLUS>(text.as_bytes(), 0);
    if j == text.len() {
        return Ok(alloc::string::String::from(text));
    }
    decode_text_from::<PLUS>(text, j)
}

/// [`decode_text`] from `j`, the first escape's index.
#[cfg(feature = "alloc")]
#[inline(never)]
fn decode_text_from<const PLUS: bool>(
    text: &str,
    mut j: usize,
) -> Result<alloc::string::String, crate::ValueError> {
    let input = text.as_bytes();
    let invalid = || crate::ValueError::new(crate::ValueErrorKind::InvalidUtf8);
    let mut out = alloc::string::String::with_capacity(input.len());
    let mut i = 0;
    loop {
        // `i` and `j` sit at ASCII bytes (or the ends): always boundaries.
        out.push_str(text.get(i..j).ok_or_else(invalid)?);
        if j == input.len() {
            return Ok(out);
        }
        i = if PLUS && input[j] == b'+' {
            out.push(' ');
            j + 1
        } else {
            match escape_at(input, j) {
                None => {
                    out.push('%');
                    j + 1
                }
                Some(b) if b < 0x80 => {
                    out.push(char::from(b));
                    j + 3
                }
                Some(lead) => push_escaped_char(input, j, lead, &mut out).ok_or_else(invalid)?,
            }
        };
        j = next_escape::<PLUS>(input, i);
    }
}

/// Pushes the character whose first byte `lead` the escape at `input[j]`
/// made, from that escape and the escapes right after it; returns where the
/// text goes on. `None` if they do not make one UTF-8 character: in text
/// that is UTF-8 itself, no byte between escapes can complete one.
#[cfg(feature = "alloc")]
#[cold]
fn push_escaped_char(
    input: &[u8],
    j: usize,
    lead: u8,
    out: &mut alloc::string::String,
) -> Option<usize> {
    let width = match lead {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let mut buf = [lead, 0, 0, 0];
    let mut at = j + 3;
    for b in &mut buf[1..width] {
        if input.get(at) != Some(&b'%') {
            return None;
        }
        *b = escape_at(input, at)?;
        at += 3;
    }
    out.push_str(core::str::from_utf8(&buf[..width]).ok()?);
    Some(at)
}

/// How many bytes `input` decodes to.
///
/// ```
/// assert_eq!(binder_core::percent::decoded_len(b"%41%4"), 3);
/// ```
pub fn decoded_len(input: &[u8]) -> usize {
    let mut i = 0;
    let mut n = 0;
    while i < input.len() {
        i += if input[i] == b'%' && escape_at(input, i).is_some() {
            3
        } else {
            1
        };
        n += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_follow_whatwg() {
        let cases: &[(&[u8], &[u8])] = &[
            (b"", b""),
            (b"%", b"%"),
            (b"%4", b"%4"),
            (b"%zz", b"%zz"),
            (b"%%41", b"%A"),
            (b"%4g", b"%4g"),
            (b"%00", b"\0"),
            (b"%ff%FF", b"\xff\xff"),
            (b"+%2B+", b" + "),
            (b"%e2%82%ac", "€".as_bytes()),
        ];
        for (input, want) in cases {
            let mut buf = [0u8; 16];
            assert_eq!(decode_into(input, &mut buf).unwrap(), *want, "{input:?}");
            assert_eq!(decoded_len(input), want.len());
        }
    }

    #[test]
    fn short_scratch_is_none_not_truncation() {
        let mut buf = [0u8; 2];
        assert_eq!(decode_into(b"abc", &mut buf), None);
        assert_eq!(decode_into(b"%41b", &mut buf).unwrap(), b"Ab");
    }
}
