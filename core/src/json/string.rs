//! Strings: scanning a string body, validating its escapes, and decoding
//! them three ways (borrowed, into scratch, into a `Cow`).

use crate::borrow::{Ref, Text};
use crate::error::{ValueError, ValueErrorKind};
use crate::swar::{HI, LO};

/// The index of the first byte at or after `i` that ends a run of plain
/// string bytes: `"`, `\` or a control byte (below 0x20); `bytes.len()` if
/// none does.
///
/// Eight bytes at a time, as `crate::swar` does, but with a range test that
/// a list of needles cannot express. XOR with 0x02 maps `"` to 0x20 and
/// keeps the control bytes below 0x20 (and nothing else below 0x21), so one
/// borrow in `t - 0x21` flags both; XOR with `\` zeroes a backslash, which
/// borrows in `- 1`; and one `!w` keeps only bytes below 0x80 (a byte at or
/// above 0x80 is no needle, and borrows in neither). Flags above the lowest
/// true one may be false (a borrow carries upward), so only the lowest is
/// used.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) fn find_stop(bytes: &[u8], mut i: usize) -> usize {
    while let Some(chunk) = bytes.get(i..i.wrapping_add(8)) {
        let w = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
        let t = w ^ (LO * 0x02);
        let b = w ^ (LO * u64::from(b'\\'));
        let found = (t.wrapping_sub(LO * 0x21) | b.wrapping_sub(LO)) & !w & HI;
        if found != 0 {
            return i + (found.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while let Some(&c) = bytes.get(i) {
        if c == b'"' || c == b'\\' || c < 0x20 {
            return i;
        }
        i += 1;
    }
    bytes.len()
}

/// Why an escape is not valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum EscapeError {
    /// The input ends inside the escape.
    Eof,
    /// Not one of RFC 8259's escapes, or `\u` without four hex digits.
    Invalid,
    /// A surrogate escape that is not half of a pair.
    LoneSurrogate,
}

/// The value of four hex digits at `bytes[i..i + 4]`.
#[inline]
fn hex4(bytes: &[u8], i: usize) -> Result<u32, EscapeError> {
    let mut v = 0;
    for k in i..i + 4 {
        let c = *bytes.get(k).ok_or(EscapeError::Eof)?;
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            _ => return Err(EscapeError::Invalid),
        };
        v = v << 4 | u32::from(d);
    }
    Ok(v)
}

/// The character the escape at `bytes[j]` (a `\`) stands for and how many
/// bytes it takes, following
/// [RFC 8259 §7](https://www.rfc-editor.org/rfc/rfc8259#section-7): a
/// surrogate pair is one character written as two `\u` escapes, and half of
/// one alone is an error.
#[inline]
pub(super) fn escape_at(bytes: &[u8], j: usize) -> Result<(char, usize), EscapeError> {
    let c = match *bytes.get(j + 1).ok_or(EscapeError::Eof)? {
        b'"' => '"',
        b'\\' => '\\',
        b'/' => '/',
        b'b' => '\x08',
        b'f' => '\x0c',
        b'n' => '\n',
        b'r' => '\r',
        b't' => '\t',
        b'u' => return unicode_escape(bytes, j),
        _ => return Err(EscapeError::Invalid),
    };
    Ok((c, 2))
}

#[cold]
fn unicode_escape(bytes: &[u8], j: usize) -> Result<(char, usize), EscapeError> {
    let hi = hex4(bytes, j + 2)?;
    let (code, used) = match hi {
        0xD800..=0xDBFF => {
            match (bytes.get(j + 6), bytes.get(j + 7)) {
                (Some(b'\\'), Some(b'u')) => {}
                (None, _) | (Some(b'\\'), None) => return Err(EscapeError::Eof),
                _ => return Err(EscapeError::LoneSurrogate),
            }
            let lo = hex4(bytes, j + 8)?;
            if !(0xDC00..=0xDFFF).contains(&lo) {
                return Err(EscapeError::LoneSurrogate);
            }
            (0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00), 12)
        }
        0xDC00..=0xDFFF => return Err(EscapeError::LoneSurrogate),
        _ => (hi, 6),
    };
    // Never `None`: surrogates were handled above and pairs stay below 0x110000.
    char::from_u32(code)
        .map(|c| (c, used))
        .ok_or(EscapeError::Invalid)
}

/// Where unescaped text goes.
trait Sink {
    /// Appends a run of plain text; `None` if it does not fit.
    fn text(&mut self, run: &str) -> Option<()>;
    /// Appends one decoded character; `None` if it does not fit.
    fn char(&mut self, c: char) -> Option<()>;
}

/// A caller's scratch buffer, filled from the front.
struct Scratch<'s> {
    buf: &'s mut [u8],
    len: usize,
}

impl Sink for Scratch<'_> {
    #[inline]
    fn text(&mut self, run: &str) -> Option<()> {
        let end = self.len + run.len();
        self.buf
            .get_mut(self.len..end)?
            .copy_from_slice(run.as_bytes());
        self.len = end;
        Some(())
    }

    #[inline]
    fn char(&mut self, c: char) -> Option<()> {
        let end = self.len + c.len_utf8();
        c.encode_utf8(self.buf.get_mut(self.len..end)?);
        self.len = end;
        Some(())
    }
}

#[cfg(feature = "alloc")]
impl Sink for alloc::string::String {
    #[inline]
    fn text(&mut self, run: &str) -> Option<()> {
        self.push_str(run);
        Some(())
    }

    #[inline]
    fn char(&mut self, c: char) -> Option<()> {
        self.push(c);
        Some(())
    }
}

/// Decodes the escapes of `raw` (a string body) into `out`, run by run.
/// `None` if `out` is full or an escape is not valid (a body the reader
/// scanned never has one).
fn unescape(raw: &str, out: &mut impl Sink) -> Option<()> {
    let bytes = raw.as_bytes();
    let mut i = 0;
    loop {
        let j = crate::swar::find_any(bytes, i, [b'\\']);
        // `i` and `j` are at ASCII bytes (or the end), so both are char
        // boundaries and `get` never fails.
        out.text(raw.get(i..j)?)?;
        if j == bytes.len() {
            return Some(());
        }
        let (c, used) = escape_at(bytes, j).ok()?;
        out.char(c)?;
        i = j + used;
    }
}

/// Decodes the escapes of a scanned string body into the front of `scratch`.
/// `None` if it does not fit; a scratch as long as `raw` always does
/// (decoding never lengthens).
#[inline]
pub(crate) fn unescape_into<'s>(raw: &str, scratch: &'s mut [u8]) -> Option<&'s [u8]> {
    let mut out = Scratch {
        buf: scratch,
        len: 0,
    };
    unescape(raw, &mut out)?;
    let len = out.len;
    Some(&out.buf[..len])
}

/// Decodes the escapes of a scanned string body into one allocation of at
/// most `raw.len()` bytes.
#[cfg(feature = "alloc")]
pub(crate) fn unescape_string(raw: &str) -> alloc::string::String {
    let mut out = alloc::string::String::with_capacity(raw.len());
    // Never `None` for a body the reader scanned (`JsonStr` is made nowhere
    // else); what was decoded is kept rather than panicking if it were.
    let _ = unescape(raw, &mut out);
    out
}

/// A JSON string as the input holds it: the bytes between the quotes, valid
/// UTF-8 with every escape checked, and whether it has any escapes.
///
/// Decoding is offered three ways: borrowed when there is nothing to decode
/// ([`JsonStr::as_str`]), into a caller's scratch buffer
/// ([`JsonStr::decode`]), or (feature `alloc`) into a `Cow`
/// ([`JsonStr::to_cow`]). [`JsonStr::to_raw`] hands it to any
/// [`FromText`](crate::convert::FromText) type, exactly as a query value is.
///
/// ```
/// use binder_core::json::Reader;
///
/// let mut r = Reader::new(br#"["plain", "tab\there"]"#);
/// r.begin_array()?;
/// r.next_element()?;
/// let plain = r.read_str()?;
/// assert_eq!(plain.as_str(), Some("plain"));
/// r.next_element()?;
/// let escaped = r.read_str()?;
/// assert_eq!((escaped.raw(), escaped.has_escapes()), ("tab\\there", true));
/// let mut scratch = [0u8; 16];
/// assert_eq!(&*escaped.decode(&mut scratch)?, "tab\there");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JsonStr<'a> {
    raw: &'a str,
    escaped: bool,
}

impl<'a> JsonStr<'a> {
    /// Only the reader makes one, from a body it scanned and validated.
    #[inline]
    pub(super) const fn new(raw: &'a str, escaped: bool) -> Self {
        JsonStr { raw, escaped }
    }

    /// The string as written between its quotes, escapes and all.
    ///
    /// ```
    /// let s = binder_core::json::Reader::new(br#""a\/b""#).read_str()?;
    /// assert_eq!(s.raw(), "a\\/b");
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub const fn raw(&self) -> &'a str {
        self.raw
    }

    /// Whether the string has escapes, so decoding changes it.
    ///
    /// ```
    /// let s = binder_core::json::Reader::new(br#""caf\u00e9""#).read_str()?;
    /// assert!(s.has_escapes());
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub const fn has_escapes(&self) -> bool {
        self.escaped
    }

    /// The string borrowed from the input, when it has no escapes.
    ///
    /// ```
    /// let s = binder_core::json::Reader::new("\"café\"".as_bytes()).read_str()?;
    /// assert_eq!(s.as_str(), Some("café"));
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub const fn as_str(&self) -> Option<&'a str> {
        if self.escaped {
            None
        } else {
            Some(self.raw)
        }
    }

    /// The decoded string: borrowed from the input when it has no escapes
    /// (`Ref::Borrowed`), else decoded into the front of `scratch`
    /// (`Ref::Copied`). A scratch as long as [`JsonStr::raw`] always
    /// suffices: decoding never lengthens.
    ///
    /// ```
    /// use binder_core::{convert::Ref, json::Reader, ValueErrorKind};
    ///
    /// let s = Reader::new(br#""\ud83d\ude00!""#).read_str()?;
    /// let mut scratch = [0u8; 8];
    /// assert_eq!(s.decode(&mut scratch)?, Ref::Copied("😀!"));
    /// let mut small = [0u8; 4];
    /// assert_eq!(s.decode(&mut small).unwrap_err().kind(), ValueErrorKind::TooLong);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`ValueErrorKind::TooLong`] if the decoded string does not fit in
    /// `scratch`: never truncated.
    #[inline]
    pub fn decode<'s>(&self, scratch: &'s mut [u8]) -> Result<Text<'a, 's>, ValueError> {
        if !self.escaped {
            return Ok(Ref::Borrowed(self.raw));
        }
        let bytes =
            unescape_into(self.raw, scratch).ok_or(ValueError::new(ValueErrorKind::TooLong))?;
        Ref::Copied(bytes).to_text()
    }

    /// The decoded string, borrowed when it has no escapes, else decoded
    /// into exactly one allocation.
    ///
    /// ```
    /// use std::borrow::Cow;
    ///
    /// let s = binder_core::json::Reader::new(br#""line\nbreak""#).read_str()?;
    /// assert_eq!(s.to_cow(), Cow::<str>::Owned("line\nbreak".into()));
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[inline]
    pub fn to_cow(&self) -> alloc::borrow::Cow<'a, str> {
        if self.escaped {
            alloc::borrow::Cow::Owned(unescape_string(self.raw))
        } else {
            alloc::borrow::Cow::Borrowed(self.raw)
        }
    }
}

/// A member's name, ready to be matched against field names: borrowed from
/// the input when written without escapes, else decoded into the scratch
/// passed to [`Reader::next_member`](super::Reader::next_member).
///
/// A name whose decoded bytes do not fit in that scratch has no
/// [`Name::key`] (`None`): it cannot be any name the scratch was sized for,
/// so a `match` on `key()` sends it to the arm that skips unknown members,
/// and [`Name::raw`] still gives it whole to a caller that wants it (a map
/// with `String` keys).
///
/// ```
/// use binder_core::json::Reader;
///
/// let mut r = Reader::new(br#"{"id": 1, "\u0069d": 2, "long\u0020name": 3}"#);
/// let mut scratch = [0u8; 4];
/// let mut seen = Vec::new();
/// r.begin_object()?;
/// while let Some(name) = r.next_member(&mut scratch)? {
///     match name.key() {
///         Some(b"id") => seen.push(r.read_number()?.parse::<u8>()?),
///         _ => {
///             assert_eq!(name.raw().raw(), "long\\u0020name");
///             r.skip_value()?;
///         }
///     }
/// }
/// r.finish()?;
/// assert_eq!(seen, [1, 2]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Name<'a, 's> {
    /// The name as written between its quotes: UTF-8, as the reader
    /// checked, but kept as bytes so that matching makes no `str`.
    raw: &'a [u8],
    escaped: bool,
    key: Option<Ref<'a, 's, [u8]>>,
}

impl<'a, 's> Name<'a, 's> {
    /// Decodes `raw` into `scratch` only when it has escapes.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn new(raw: &'a [u8], escaped: bool, scratch: &'s mut [u8]) -> Self {
        let key = if escaped {
            decode_name(raw, scratch)
        } else {
            Some(Ref::Borrowed(raw))
        };
        Name { raw, escaped, key }
    }

    /// The decoded name's bytes, for a `match`; `None` if it did not fit
    /// in the scratch.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn key(&self) -> Option<&[u8]> {
        self.key.as_deref()
    }

    /// The decoded name as text, borrowed or in scratch; `None` if it did
    /// not fit in the scratch.
    ///
    /// ```
    /// use binder_core::{convert::Ref, json::Reader};
    ///
    /// let mut r = Reader::new(br#"{"caf\u00e9": 1, "tea": 2}"#);
    /// let mut scratch = [0u8; 8];
    /// r.begin_object()?;
    /// let name = r.next_member(&mut scratch)?.unwrap();
    /// assert_eq!(name.text(), Some(Ref::Copied("café"))); // decoded into scratch
    /// r.skip_value()?;
    /// let name = r.next_member(&mut scratch)?.unwrap();
    /// assert_eq!(name.text(), Some(Ref::Borrowed("tea")));
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub fn text(&self) -> Option<Text<'a, 's>> {
        // Never an error: the reader checked the input is UTF-8, and
        // decoding escapes gives UTF-8.
        self.key.and_then(|k| k.to_text().ok())
    }

    /// The name as written, to decode some other way.
    #[inline]
    pub fn raw(&self) -> JsonStr<'a> {
        // Never the empty default: the reader checked the input is UTF-8
        // and both ends of the name are at quotes.
        JsonStr::new(
            core::str::from_utf8(self.raw).unwrap_or_default(),
            self.escaped,
        )
    }
}

/// A name with escapes, decoded into `scratch`; `None` if it does not fit.
#[cold]
#[inline(never)]
fn decode_name<'a, 's>(raw: &'a [u8], scratch: &'s mut [u8]) -> Option<Ref<'a, 's, [u8]>> {
    let raw = core::str::from_utf8(raw).ok()?;
    unescape_into(raw, scratch).map(Ref::Copied)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stops_agree_with_a_byte_loop() {
        let fill = [
            b'a', 0x1f, 0x20, 0x21, 0x7f, 0x80, 0x9f, 0xa0, 0xff, b'"', b'\\',
        ];
        for len in 0..20 {
            for f in fill {
                for pos in 0..len {
                    for stop in [b'"', b'\\', 0x00, 0x1f, b'a'] {
                        let mut v = alloc::vec![f; len];
                        v[pos] = stop;
                        for start in 0..=len {
                            let want = v[start..]
                                .iter()
                                .position(|&c| c == b'"' || c == b'\\' || c < 0x20)
                                .map_or(len, |p| p + start);
                            assert_eq!(find_stop(&v, start), want, "{v:?} from {start}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn every_byte_before_every_byte_agrees_with_a_byte_loop() {
        let is_stop = |c: u8| c == b'"' || c == b'\\' || c < 0x20;
        for f in 0..=255u8 {
            for c in 0..=255u8 {
                for pos in [0, 1, 6, 7, 8, 13] {
                    let mut v = [f; 16];
                    v[pos] = c;
                    let want = v.iter().position(|&b| is_stop(b)).unwrap_or(16);
                    assert_eq!(find_stop(&v, 0), want, "{f:#x} with {c:#x} at {pos}");
                }
            }
        }
    }

    #[test]
    fn escapes_decode_and_refuse_as_rfc_8259_says() {
        let ok: &[(&str, char, usize)] = &[
            (r#"\""#, '"', 2),
            (r"\/", '/', 2),
            (r"\b", '\x08', 2),
            (r"\u00e9", 'é', 6),
            (r"\u00E9x", 'é', 6),
            (r"\ud83d\ude00", '😀', 12),
            (r"\uDBFF\uDFFF", '\u{10FFFF}', 12),
            (r"\u0000", '\0', 6),
        ];
        for (s, c, n) in ok {
            assert_eq!(escape_at(s.as_bytes(), 0), Ok((*c, *n)), "{s}");
        }
        let bad: &[(&str, EscapeError)] = &[
            (r"\", EscapeError::Eof),
            (r"\u12", EscapeError::Eof),
            (r"\x", EscapeError::Invalid),
            (r"\U0041", EscapeError::Invalid),
            (r"\u12g4", EscapeError::Invalid),
            (r"\ud800", EscapeError::Eof),
            (r"\ud800\", EscapeError::Eof),
            (r"\ud800x", EscapeError::LoneSurrogate),
            (r"\ud800\n", EscapeError::LoneSurrogate),
            (r"\ud800\u0041", EscapeError::LoneSurrogate),
            (r"\ud800\ud800", EscapeError::LoneSurrogate),
            (r"\udc00", EscapeError::LoneSurrogate),
            (r"\ud800\uzzzz", EscapeError::Invalid),
        ];
        for (s, e) in bad {
            assert_eq!(escape_at(s.as_bytes(), 0), Err(*e), "{s}");
        }
    }

    #[test]
    fn scratch_too_small_is_none_never_truncation() {
        let mut buf = [0u8; 3];
        assert_eq!(unescape_into(r"ab\n", &mut buf), Some(&b"ab\n"[..]));
        assert_eq!(unescape_into(r"abc\n", &mut buf), None);
        assert_eq!(unescape_into(r"a\u00e9", &mut buf), Some("aé".as_bytes()));
        assert_eq!(unescape_into(r"ab\u00e9", &mut buf), None);
    }
}
