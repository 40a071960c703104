//! One pass over `application/x-www-form-urlencoded` bytes: a form body, or
//! (through [`crate::query`]) a URL query string.
//!
//! Parsing follows the WHATWG URL standard's
//! [urlencoded parser](https://url.spec.whatwg.org/#urlencoded-parsing), with
//! the `form_urlencoded` crate as the oracle in differential tests:
//! - split on `&` (never on `;`), skipping empty pieces;
//! - the key is everything before the first `=`, the value everything after
//!   (no `=`: the whole piece is the key and the value is empty);
//! - `+` is a space and `%XX` a byte, applied by [`Pair::decoded_key`],
//!   [`Pair::decoded_value`] or their `Cow` forms, not by the scan.
//!
//! Intended divergences from the oracle, each pinned by a test:
//! - Decoded bytes that are not UTF-8 are kept as bytes here; text
//!   conversions then refuse them ([`ValueErrorKind::InvalidUtf8`]), where
//!   WHATWG replaces them with U+FFFD. Compare bytes, not strings.
//! - [`Limits::max_pairs`] and [`Limits::max_key_len`] end the scan with an
//!   [`Error`]; the oracle has no limits.
//!
//! A body that arrives in chunks is read by [`Feed`], in bounded memory,
//! with exactly the results of the one-shot scan.
//!
//! The scan searches eight bytes at a time and records, for
//! free, whether a key or value holds `%` or `+`: a value that does not is borrowed as it is,
//! with no second look.
//!
//! [`ValueErrorKind::InvalidUtf8`]: crate::ValueErrorKind::InvalidUtf8

use crate::error::{Error, ErrorKind};
use crate::limits::Limits;
use crate::swar::find_any;
use crate::text::Slice;

mod feed;
mod pair;
pub use feed::{Feed, Input, Keep};
pub use pair::Pair;
use pair::{KEY_ESCAPED, VALUE_ESCAPED, VALUE_UNSCANNED};

/// Scans `input` with [`Limits::DEFAULT`].
///
/// ```
/// let pairs: Vec<_> = binder_core::form::pairs(b"a=1&&b&c=x=y")
///     .map(|p| p.map(|p| (p.key_as_sent(), p.value_as_sent())))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(pairs, [(&b"a"[..], &b"1"[..]), (b"b", b""), (b"c", b"x=y")]);
/// # Ok::<(), binder_core::Error>(())
/// ```
#[inline]
pub fn pairs(input: &[u8]) -> Pairs<'_> {
    pairs_with(input, &Limits::DEFAULT)
}

/// Scans `input` under `limits` ([`Limits::max_pairs`],
/// [`Limits::max_key_len`]).
///
/// ```
/// use binder_core::{form, Limits, ErrorKind};
///
/// let mut limits = Limits::DEFAULT;
/// limits.max_key_len = 3;
/// let mut it = form::pairs_with(b"abc=1&abcd=2", &limits);
/// assert!(it.next().unwrap().is_ok());
/// assert_eq!(it.next().unwrap().unwrap_err().kind(), ErrorKind::KeyTooLong);
/// assert!(it.next().is_none());
/// ```
#[inline]
pub fn pairs_with<'a>(input: &'a [u8], limits: &Limits) -> Pairs<'a> {
    // Not checked for ASCII or UTF-8: a pair is handed out as bytes.
    Pairs {
        cursor: Cursor::with(Slice::unknown(input), None, limits),
    }
}

/// Iterator of the [`Pair`]s of urlencoded bytes, in order, each once.
///
/// Yields `Err` once when a limit is passed, then ends: a pair past the limit
/// is never returned.
///
/// ```
/// use binder_core::{form, ErrorKind, Limits};
///
/// let mut limits = Limits::DEFAULT;
/// limits.max_pairs = 2;
/// let mut it = form::pairs_with(b"a=1&&b=2&c=3", &limits);
/// assert_eq!(it.next().unwrap()?.key_as_sent(), b"a");
/// assert_eq!(it.next().unwrap()?.key_as_sent(), b"b"); // the empty piece is skipped
/// let err = it.next().unwrap().unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::TooManyPairs, 9));
/// assert!(it.next().is_none()); // `c` is never returned
/// # Ok::<(), binder_core::Error>(())
/// ```
///
/// It is the [`Cursor`] the derive's output reads, taking every piece
/// whole: one grammar, one set of limit rules.
#[derive(Clone, Debug)]
pub struct Pairs<'a> {
    cursor: Cursor<'a>,
}

impl<'a> Pairs<'a> {
    /// The byte offset where the next pair's scan starts.
    ///
    /// ```
    /// let mut it = binder_core::form::pairs(b"a=1&b=2");
    /// assert_eq!(it.offset(), 0);
    /// it.next();
    /// assert_eq!(it.offset(), 4); // at `b`
    /// ```
    #[inline]
    pub fn offset(&self) -> usize {
        self.cursor.offset()
    }
}

/// Where a key starting at `start` ends (at its `=`, its `&` or the end of
/// input), and whether it holds `%` or `+`.
#[cfg_attr(not(debug_assertions), inline(always))]
fn scan_key(input: &[u8], start: usize) -> (usize, bool) {
    let len = input.len();
    let mut escaped = false;
    let mut i = find_any(input, start, [b'&', b'=', b'%', b'+']);
    while i < len && (input[i] == b'%' || input[i] == b'+') {
        escaped = true;
        i = find_any(input, i + 1, [b'&', b'=', b'%', b'+']);
    }
    (i, escaped)
}

/// Where one pair starting at `start` ends: `(key_end, value_start, end,
/// flags)`, with `end` at the `&` or the end of input. With `LAZY`, the
/// value is only searched for its `&`: whether it holds escapes is left
/// for decoding to find out in its own pass.
#[cfg_attr(not(debug_assertions), inline(always))]
fn parse_pair<const LAZY: bool>(input: &[u8], start: usize) -> (usize, usize, usize, u8) {
    let len = input.len();
    let (key_end, key_escaped) = scan_key(input, start);
    let mut flags = if key_escaped { KEY_ESCAPED } else { 0 };
    if key_end == len || input[key_end] == b'&' {
        return (key_end, key_end, key_end, flags);
    }
    // The value: up to the next `&`; later `=` are value bytes.
    let value_start = key_end + 1;
    if LAZY {
        return (
            key_end,
            value_start,
            find_any(input, value_start, [b'&']),
            flags | VALUE_UNSCANNED,
        );
    }
    let mut i = find_any(input, value_start, [b'&', b'%', b'+']);
    while i < len && input[i] != b'&' {
        flags |= VALUE_ESCAPED;
        i = find_any(input, i + 1, [b'&', b'%', b'+']);
    }
    (key_end, value_start, i, flags)
}

impl<'a> Iterator for Pairs<'a> {
    type Item = Result<Pair<'a>, Error>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        match self.cursor.next() {
            Ok(None) => None,
            Ok(Some(_)) => Some(self.cursor.take_pair::<false>().map(|(pair, ..)| pair)),
            Err(e) => Some(Err(e)),
        }
    }
}

/// Walks the pairs of `input` once, calling `f` only for those whose key
/// starts with a byte in `first` (or with `%` or `+`, which may decode to
/// anything), until `f` returns `true`. Every other pair is skipped with a
/// search for its `&` alone, never split or decoded: a key whose first byte
/// no field's key starts with cannot decode into a field's key.
///
/// Limits apply to every pair, called or skipped, exactly as [`Pairs`]
/// applies them; the pairs passed to `f` are exactly those [`Pairs`] yields
/// that pass the filter (the differential tests check both).
///
/// ```
/// use binder_core::{bits::ByteSet, form, Limits};
///
/// let first = ByteSet::new().with(b'a');
/// let mut seen = Vec::new();
/// form::walk(b"x=1&age=36&b=2&%61=3", &Limits::DEFAULT, &first, |p| {
///     seen.push(p.key_as_sent());
///     false
/// })?;
/// assert_eq!(seen, [&b"age"[..], b"%61"]);
/// # Ok::<(), binder_core::Error>(())
/// ```
///
/// # Errors
/// [`ErrorKind::TooManyPairs`] or [`ErrorKind::KeyTooLong`], at the pair
/// that passed the limit; nothing after it is passed to `f`.
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn walk<'a>(
    input: &'a [u8],
    limits: &Limits,
    first: &crate::bits::ByteSet,
    mut f: impl FnMut(Pair<'a>) -> bool,
) -> Result<(), Error> {
    let mut c = Cursor::new(input, limits);
    let wanted = first.with(b'%').with(b'+');
    while let Some(b) = c.next()? {
        if !wanted.contains(b) {
            c.skip_unwanted(&wanted)?;
            continue;
        }
        if f(c.pair()?) {
            break;
        }
    }
    Ok(())
}

/// A cursor over the pieces of urlencoded bytes, for code that recognises
/// keys itself: `#[derive(Bind)]` output looks at a piece's first byte,
/// compares the piece's start with a field's `key=` as a fixed-size array
/// (an integer compare, no search), and only then scans the value. Pieces
/// it does not recognise go through [`Cursor::pair`] (any key: escaped,
/// with a path) or [`Cursor::skip`] (a key no field starts with).
///
/// Limits apply to every piece exactly as [`Pairs`] applies them.
///
/// ```
/// use binder_core::{form::Cursor, Limits};
///
/// let mut c = Cursor::new(b"age=36&x=1&%61ge=7", &Limits::DEFAULT);
/// let mut ages = Vec::new();
/// while let Some(first) = c.next()? {
///     if first == b'a' && c.starts_with(b"age=") {
///         ages.push(c.value(4).bytes());
///     } else if first == b'%' {
///         let pair = c.pair()?;
///         ages.push(pair.value_as_sent());
///     } else {
///         c.skip()?;
///     }
/// }
/// assert_eq!(ages, [&b"36"[..], b"7"]);
/// # Ok::<(), binder_core::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Cursor<'a> {
    /// The current piece and everything after it; when the input is all
    /// ASCII, every value cut from it is text with no check at all.
    rest: Slice<'a>,
    /// The input as text, when it is known to be UTF-8 (and not ASCII):
    /// values are then handed out as text, never checked again.
    text: Option<&'a str>,
    len: usize,
    count: usize,
    max_pairs: usize,
    max_key_len: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor before the first piece of `input`, checking it for UTF-8
    /// once: when it is, values are handed out as text
    /// ([`Raw::form_text`](crate::convert::Raw::form_text)), never checked
    /// again; otherwise as bytes, each checked when converted to text.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn new(input: &'a [u8], limits: &Limits) -> Self {
        let rest = Slice::checked(input);
        let text = if rest.is_ascii() {
            None
        } else {
            core::str::from_utf8(input).ok()
        };
        Self::with(rest, text, limits)
    }

    /// A cursor before the first piece of `text` (a query string as
    /// `http::Uri` holds it).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn text(text: &'a str, limits: &Limits) -> Self {
        Self::with(Slice::unknown(text.as_bytes()), Some(text), limits)
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn with(rest: Slice<'a>, text: Option<&'a str>, limits: &Limits) -> Self {
        Cursor {
            rest,
            text,
            len: rest.bytes().len(),
            count: 0,
            max_pairs: limits.max_pairs,
            max_key_len: limits.max_key_len,
        }
    }

    /// The current piece's offset in the input.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn offset(&self) -> usize {
        self.len - self.rest.bytes().len()
    }

    /// Moves to the next piece (past empty ones) and counts it: its first
    /// byte, or `None` at the end. The piece must then be taken with
    /// [`Cursor::value`], [`Cursor::pair`] or [`Cursor::skip`].
    ///
    /// # Errors
    /// [`ErrorKind::TooManyPairs`]: the scan ends.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Result<Option<u8>, Error> {
        loop {
            match *self.rest.bytes() {
                [] => return Ok(None),
                [b'&', ..] => self.rest = self.rest.from(1),
                [b, ..] => {
                    if self.count == self.max_pairs {
                        return Err(self.fail(ErrorKind::TooManyPairs));
                    }
                    self.count += 1;
                    return Ok(Some(b));
                }
            }
        }
    }

    #[cold]
    fn fail(&mut self, kind: ErrorKind) -> Error {
        let error = Error::new(kind, self.offset());
        self.rest = Slice::default();
        error
    }

    /// Whether the current piece starts with `key_eq`: a key as sent (no
    /// `%`, `+`, `&` or `=` in it) and its `=`, so its key is exactly that
    /// key. A key past [`Limits::max_key_len`] never matches (the piece
    /// then fails in [`Cursor::pair`]).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn starts_with<const N: usize>(&self, key_eq: &[u8; N]) -> bool {
        N <= self.max_key_len.saturating_add(1)
            && self.rest.bytes().first_chunk::<N>() == Some(key_eq)
    }

    /// Takes the current piece's value, after its first `key_eq_len` bytes
    /// (a `key=` that [`Cursor::starts_with`] matched), and moves past it.
    /// The value is searched for its `&` alone: whether it holds escapes is
    /// left to its conversion, which decodes in the same pass.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn value(&mut self, key_eq_len: usize) -> crate::convert::Raw<'a> {
        let start = self.offset() + key_eq_len;
        let v = self.rest.from(key_eq_len);
        let end = find_any(v.bytes(), 0, [b'&']);
        self.rest = v.from(end + 1);
        self.raw(v.to(end), start)
    }

    /// `value`, found at `start` in the input: text when the input is
    /// known to be ASCII (no check) or UTF-8 (cut at ASCII bytes or the
    /// ends, so at char boundaries), else bytes.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn raw(&self, value: Slice<'a>, start: usize) -> crate::convert::Raw<'a> {
        if let Some(text) = value.ascii_str() {
            return crate::convert::Raw::form_text(text);
        }
        let end = start + value.bytes().len();
        match self.text.and_then(|t| t.get(start..end)) {
            Some(text) => crate::convert::Raw::form_text(text),
            None => crate::convert::Raw::form_unscanned(value.bytes()),
        }
    }

    /// Takes the current piece whole, as [`Pairs`] yields it (but its value
    /// not yet searched for escapes), and moves past it.
    ///
    /// # Errors
    /// [`ErrorKind::KeyTooLong`]: the scan ends.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn pair(&mut self) -> Result<Pair<'a>, Error> {
        self.take_pair::<true>().map(|(pair, _, _)| pair)
    }

    /// [`Cursor::pair`] and the offset of the pair's value in the input;
    /// with `LAZY`, the value is not searched for escapes ([`Pairs`]
    /// searches it).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn take_pair<const LAZY: bool>(&mut self) -> Result<(Pair<'a>, Slice<'a>, usize), Error> {
        let rest = self.rest;
        let piece = rest.bytes();
        let (key_end, value_start, end, flags) = parse_pair::<LAZY>(piece, 0);
        if key_end > self.max_key_len {
            return Err(self.fail(ErrorKind::KeyTooLong));
        }
        let offset = self.offset();
        self.rest = rest.from(end + 1);
        let value = rest.to(end).from(value_start);
        let pair = Pair {
            key: &piece[..key_end],
            value: value.bytes(),
            offset,
            flags,
        };
        Ok((pair, value, offset + value_start))
    }

    /// [`Cursor::pair`], with the value ready for conversion (as text when
    /// the input is known to be UTF-8).
    ///
    /// # Errors
    /// [`ErrorKind::KeyTooLong`]: the scan ends.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn pair_raw(&mut self) -> Result<(Pair<'a>, crate::convert::Raw<'a>), Error> {
        let (pair, value, start) = self.take_pair::<true>()?;
        Ok((pair, self.raw(value, start)))
    }

    /// Skips the current piece with a search for its `&` alone: for a key
    /// whose first byte no field's key starts with (and not `%` or `+`, which
    /// may decode to anything).
    ///
    /// # Errors
    /// [`ErrorKind::KeyTooLong`]: the scan ends.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn skip(&mut self) -> Result<(), Error> {
        let piece = self.rest.bytes();
        let end = find_any(piece, 0, [b'&']);
        if end > self.max_key_len && find_any(&piece[..end], 0, [b'=']) > self.max_key_len {
            return Err(self.fail(ErrorKind::KeyTooLong));
        }
        self.rest = self.rest.from(end + 1);
        Ok(())
    }

    /// Skips the current piece as [`Cursor::skip`] does, then every piece
    /// after it whose first byte is not in `wanted` (counted as
    /// [`Cursor::next`] counts it, and under the same key limit), in one
    /// loop: the cursor is left before the next piece whose first byte is
    /// in `wanted`, which `next` then returns, or at the end. For a scan
    /// whose pieces are mostly keys no field starts with (a query full of
    /// parameters meant for others): each costs a search for its `&` and
    /// a set lookup, where going back to `next` and a `match` costs more.
    ///
    /// ```
    /// use binder_core::{bits::ByteSet, form::Cursor, Limits};
    ///
    /// let wanted = ByteSet::new().with(b'a');
    /// let mut c = Cursor::new(b"x=1&y=2&&z=3&age=36&w=4", &Limits::DEFAULT);
    /// assert_eq!(c.next()?, Some(b'x'));
    /// c.skip_unwanted(&wanted)?;
    /// assert_eq!(c.next()?, Some(b'a'));
    /// assert_eq!(c.value(4).bytes(), b"36");
    /// assert_eq!(c.next()?, Some(b'w'));
    /// c.skip_unwanted(&wanted)?;
    /// assert_eq!(c.next()?, None);
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::KeyTooLong`] or [`ErrorKind::TooManyPairs`] at the
    /// piece that passed the limit, as `skip` and `next` report it: the
    /// scan ends.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn skip_unwanted(&mut self, wanted: &crate::bits::ByteSet) -> Result<(), Error> {
        // This piece as `skip` takes it, in line: the caller's loop keeps
        // the search's constants at hand for its own values' searches.
        self.skip()?;
        match self.rest.bytes().first() {
            Some(&b) if b != b'&' && !wanted.contains(b) => {}
            _ => return Ok(()),
        }
        // A run of them: one loop, out of line and on values, so that the
        // cursor stays in registers where the derive's loop inlines it.
        let limits = (self.max_pairs, self.max_key_len);
        let (skipped, count, outcome) = skip_run(self.rest.bytes(), self.count, limits, wanted);
        self.count = count;
        self.rest = self.rest.from(skipped);
        outcome.map_err(|kind| self.fail(kind))
    }
}

/// The pieces [`Cursor::skip_unwanted`] skips after its first, over
/// `rest` (starting with one of them, not yet counted), with `count`
/// pieces counted so far under `(max_pairs, max_key_len)`: how many bytes
/// it skipped, the count after them, and the limit the piece there
/// passed, if one did.
#[inline(never)]
fn skip_run(
    mut rest: &[u8],
    mut count: usize,
    (max_pairs, max_key_len): (usize, usize),
    wanted: &crate::bits::ByteSet,
) -> (usize, usize, Result<(), ErrorKind>) {
    let len = rest.len();
    let outcome = loop {
        if count == max_pairs {
            break Err(ErrorKind::TooManyPairs);
        }
        count += 1;
        let end = find_any(rest, 0, [b'&']);
        if end > max_key_len && find_any(&rest[..end], 0, [b'=']) > max_key_len {
            break Err(ErrorKind::KeyTooLong);
        }
        // Past the `&` to the next piece (none: the input ended).
        let Some(next) = rest.get(end + 1..) else {
            rest = &[];
            break Ok(());
        };
        rest = next;
        let b = match rest.first() {
            None => break Ok(()),
            Some(&b'&') => {
                rest = past_ampersands(rest);
                match rest.first() {
                    None => break Ok(()),
                    Some(&b) => b,
                }
            }
            Some(&b) => b,
        };
        if wanted.contains(b) {
            break Ok(());
        }
    };
    (len - rest.len(), count, outcome)
}

/// `bytes` past the `&`s it starts with: empty pieces.
#[cold]
fn past_ampersands(bytes: &[u8]) -> &[u8] {
    let n = bytes.iter().take_while(|&&b| b == b'&').count();
    &bytes[n..]
}

impl core::iter::FusedIterator for Pairs<'_> {}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(input: &[u8]) -> alloc::vec::Vec<(&[u8], &[u8], usize)> {
        pairs(input)
            .map(|p| {
                p.map(|p| (p.key_as_sent(), p.value_as_sent(), p.offset()))
                    .unwrap()
            })
            .collect()
    }

    #[test]
    fn splits_like_whatwg() {
        assert!(raw(b"").is_empty());
        assert!(raw(b"&&&").is_empty());
        assert_eq!(raw(b"="), [(&b""[..], &b""[..], 0)]);
        assert_eq!(raw(b"a==b"), [(&b"a"[..], &b"=b"[..], 0)]);
        assert_eq!(raw(b"&a&"), [(&b"a"[..], &b""[..], 1)]);
        assert_eq!(raw(b"a;b=1"), [(&b"a;b"[..], &b"1"[..], 0)]);
    }

    #[test]
    fn flags_mark_exactly_what_needs_decoding() {
        let p: alloc::vec::Vec<_> = pairs(b"a+b=c&d=e%41&f=g=h+&i%=j")
            .map(Result::unwrap)
            .map(|p| (p.key_needs_decoding(), p.value_needs_decoding()))
            .collect();
        assert_eq!(
            p,
            [(true, false), (false, true), (false, true), (true, false)]
        );
    }

    #[test]
    fn pair_limit_is_exact_and_ends_the_scan() {
        let mut limits = Limits::DEFAULT;
        limits.max_pairs = 3;
        let at: alloc::vec::Vec<_> = pairs_with(b"a&&b&c", &limits).collect();
        assert!(at.iter().all(Result::is_ok) && at.len() == 3);
        let past: alloc::vec::Vec<_> = pairs_with(b"a&&b&c&d&e", &limits).collect();
        assert_eq!(past.len(), 4);
        assert_eq!(past[3], Err(Error::new(ErrorKind::TooManyPairs, 7)));
    }

    #[test]
    fn key_limit_counts_raw_key_bytes() {
        let mut limits = Limits::DEFAULT;
        limits.max_key_len = 3;
        assert!(pairs_with(b"abc=long-value-is-fine&a%4=1", &limits).all(|p| p.is_ok()));
        let err = pairs_with(b"x=1&%41bc=2", &limits)
            .nth(1)
            .unwrap()
            .unwrap_err();
        assert_eq!(err, Error::new(ErrorKind::KeyTooLong, 4));
    }
}
