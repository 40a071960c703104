//! One pass over a `Cookie` request header value: its `name=value` pairs.
//!
//! Parsing follows [RFC 6265 §5.4](https://www.rfc-editor.org/rfc/rfc6265#section-5.4)
//! as the `cookie` crate's `Cookie::split_parse` reads it (the oracle in the
//! differential tests):
//! - split on `;`; trim each piece; skip a piece that is empty, has no `=`,
//!   or has an empty name (browsers send none of these; skipping them is
//!   what `split_parse` callers get after dropping its errors);
//! - the name is the trimmed text before the first `=`, the value the
//!   trimmed text after it (later `=` belong to the value);
//! - one pair of surrounding double quotes is stripped from the value
//!   (`cookie`'s `value_trimmed`);
//! - no percent-decoding: cookie values are opaque, as `split_parse` keeps
//!   them.
//!
//! Intended divergences, each pinned by a test:
//! - Trimming removes ASCII whitespace (space, `\t`, `\n`, `\x0b`, `\x0c`,
//!   `\r`) only; the oracle, working on `str`, also trims Unicode spaces such
//!   as U+00A0. A header value is bytes, not text.
//! - The scan works on bytes, so a header with non-UTF-8 bytes (obs-text) is
//!   still read; text conversions then check each value's UTF-8.
//! - More than [`Limits::max_cookies`] cookies ends the scan with an
//!   [`Error`]; the oracle has no limit.
//!
//! A request may carry several `Cookie` header lines (HTTP/2 splits them):
//! scan each with [`cookies_max`], passing what is left of the limit.

use crate::error::{Error, ErrorKind};
use crate::limits::Limits;

/// Scans a `Cookie` header value with [`Limits::DEFAULT`].
///
/// ```
/// let found: Vec<_> = binder_core::cookie::cookies(b"theme=dark; session=\"abc\"; =x; lang")
///     .map(|c| c.map(|c| (c.name(), c.value())))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(found, [(&b"theme"[..], &b"dark"[..]), (b"session", b"abc")]);
/// # Ok::<(), binder_core::Error>(())
/// ```
#[inline]
pub fn cookies(header: &[u8]) -> Cookies<'_> {
    cookies_max(header, Limits::DEFAULT.max_cookies)
}

/// Scans a `Cookie` header value under [`Limits::max_cookies`].
///
/// ```
/// use binder_core::{cookie, ErrorKind, Limits};
///
/// let mut limits = Limits::DEFAULT;
/// limits.max_cookies = 2;
/// let err = cookie::cookies_with(b"a=1; b=2; c=3", &limits).find_map(Result::err).unwrap();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::TooManyCookies, 10));
/// ```
#[inline]
pub fn cookies_with<'a>(header: &'a [u8], limits: &Limits) -> Cookies<'a> {
    cookies_max(header, limits.max_cookies)
}

/// Scans a `Cookie` header value, failing on the `max + 1`th cookie.
///
/// ```
/// let mut it = binder_core::cookie::cookies_max(b"a=1; b=2", 1);
/// assert!(it.next().unwrap().is_ok());
/// assert!(it.next().unwrap().is_err());
/// assert_eq!(it.count(), 0);
/// ```
#[inline]
pub fn cookies_max(header: &[u8], max: usize) -> Cookies<'_> {
    Cookies {
        cur: Cursor::new(header, max),
    }
}

/// Iterator of the [`Cookie`]s of one header value, in order.
///
/// Yields `Err` once when the limit is passed, then ends.
///
/// ```
/// use binder_core::cookie;
///
/// // Several `Cookie` lines (HTTP/2 sends one per cookie), under one limit.
/// let mut left = 3;
/// let mut names = Vec::new();
/// for line in [&b"a=1; b=2"[..], b"c=3", b"d=4"] {
///     let mut it = cookie::cookies_max(line, left);
///     for c in it.by_ref() {
///         match c {
///             Ok(c) => names.push(c.name()),
///             Err(e) => assert_eq!(e.kind(), binder_core::ErrorKind::TooManyCookies),
///         }
///     }
///     left = it.remaining();
/// }
/// assert_eq!(names, [b"a", b"b", b"c"]);
/// ```
#[derive(Clone, Debug)]
pub struct Cookies<'a> {
    cur: Cursor<'a>,
}

impl Cookies<'_> {
    /// How many more cookies the limit allows (see [`Cursor::remaining`]:
    /// ask once a line is read, not after every cookie).
    ///
    /// ```
    /// let mut it = binder_core::cookie::cookies_max(b"a=1; b=2", 5);
    /// it.next();
    /// assert_eq!(it.remaining(), 4);
    /// ```
    #[inline]
    pub fn remaining(&self) -> usize {
        self.cur.remaining()
    }
}

/// Whether `b` is whitespace that trimming removes.
#[inline]
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

#[inline]
fn trim(mut s: &[u8]) -> &[u8] {
    while let [first, rest @ ..] = s {
        if !is_space(*first) {
            break;
        }
        s = rest;
    }
    while let [rest @ .., last] = s {
        if !is_space(*last) {
            break;
        }
        s = rest;
    }
    s
}

impl<'a> Iterator for Cookies<'a> {
    type Item = Result<Cookie<'a>, Error>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        while self.cur.next().is_some() {
            match self.cur.cookie() {
                Ok(Some(c)) => return Some(Ok(c)),
                Ok(None) => {}
                Err(e) => return Some(Err(e)),
            }
        }
        None
    }
}

/// A cursor over the pieces of one `Cookie` header value, for code that
/// recognises names itself: `#[derive(Bind)]` output looks at a piece's
/// first byte, compares its start with a field's `name=` as a fixed-size
/// array, and only then searches for the value's end. Pieces it does not
/// recognise go through [`Cursor::cookie`] (any name: spaces before its
/// `=`) or [`Cursor::skip`] (a name no field starts with), which still
/// counts it against the limit (in a header long enough to pass it; a
/// shorter one is counted by [`Cursor::remaining`]). [`Cookies`] is this
/// cursor taking every piece whole.
///
/// ```
/// use binder_core::cookie::Cursor;
///
/// let mut c = Cursor::new(b"theme=dark; lang=\"en\"; x", 10);
/// let mut lang = None;
/// while let Some(first) = c.next() {
///     if first == b'l' && c.starts_with(b"lang=") {
///         lang = Some(c.value(5)?);
///     } else {
///         c.skip()?;
///     }
/// }
/// assert_eq!(lang, Some(&b"en"[..]));
/// assert_eq!(c.remaining(), 8);
/// # Ok::<(), binder_core::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Cursor<'a> {
    /// The whole header value.
    header: &'a [u8],
    /// From the current position to the end: between [`Cursor::next`] and
    /// the piece's take, from the piece's first byte that is neither
    /// whitespace nor `;`.
    rest: &'a [u8],
    left: usize,
    /// Whether the header is long enough to hold more than `left`
    /// cookies. A shorter one cannot pass the limit, so its pieces are
    /// not counted as they are read (a skipped piece is then searched for
    /// its `;` alone), and [`Cursor::remaining`] counts them when asked.
    counts: bool,
}

impl<'a> Cursor<'a> {
    /// A cursor before the first piece of `header`, allowing `max` cookies.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn new(header: &'a [u8], max: usize) -> Self {
        Cursor {
            header,
            rest: header,
            left: max,
            counts: may_pass(header.len(), max),
        }
    }

    /// How many more cookies the limit allows, after the pieces taken so
    /// far. For a header too short to pass the limit they are counted now,
    /// in one more pass over what was read: ask once a header is read (to
    /// pass on to the next `Cookie` line), not after every piece.
    #[inline]
    pub fn remaining(&self) -> usize {
        if self.counts {
            return self.left;
        }
        self.count_taken()
    }

    /// What is left of the limit after the pieces taken from a header too
    /// short to pass it: out of line, as the derive asks only when another
    /// `Cookie` line follows one that did not bind every cookie field (an
    /// HTTP/2 client's split cookies, a pass over each such line).
    #[cold]
    #[inline(never)]
    fn count_taken(&self) -> usize {
        let taken = &self.header[..self.header.len() - self.rest.len()];
        let mut again = Cursor {
            header: taken,
            rest: taken,
            left: self.left,
            counts: true,
        };
        while again.next().is_some() {
            // Cannot fail: `taken` holds at most `left` cookies.
            let _ = again.skip();
        }
        again.left
    }

    /// Moves to the next piece's first byte that is neither whitespace nor
    /// `;`, and returns it; `None` at the end. The piece must then be taken
    /// with [`Cursor::value`], [`Cursor::cookie`] or [`Cursor::skip`].
    ///
    /// ```
    /// use binder_core::cookie::Cursor;
    ///
    /// let mut c = Cursor::new(b" ;; theme=dark;lang=en", 10);
    /// assert_eq!(c.next(), Some(b't')); // spaces and empty pieces skipped
    /// c.skip()?;
    /// assert_eq!(c.next(), Some(b'l'));
    /// c.skip()?;
    /// assert_eq!(c.next(), None);
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<u8> {
        // The separator browsers send, `; `, then a name.
        if let [b';', b' ', b, ..] = *self.rest {
            if b != b';' && !is_space(b) {
                self.rest = &self.rest[2..];
                return Some(b);
            }
        }
        loop {
            match *self.rest {
                [] => return None,
                [b';', ref tail @ ..] => self.rest = tail,
                [b, ref tail @ ..] if is_space(b) => self.rest = tail,
                [b, ..] => return Some(b),
            }
        }
    }

    /// Whether the current piece starts with `name_eq`, a name and its `=`:
    /// its name is exactly that name.
    ///
    /// ```
    /// use binder_core::cookie::Cursor;
    ///
    /// let mut c = Cursor::new(b"lang_pref=en", 10);
    /// c.next();
    /// assert!(c.starts_with(b"lang_pref="));
    /// assert!(!c.starts_with(b"lang=")); // the whole name, with its `=`
    /// ```
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn starts_with<const N: usize>(&self, name_eq: &[u8; N]) -> bool {
        self.rest.first_chunk::<N>() == Some(name_eq)
    }

    /// Where the current piece starts (before it is taken).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn at(&self) -> usize {
        self.header.len() - self.rest.len()
    }

    /// Counts one cookie, the piece starting at `start`, against the limit.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn count(&mut self, start: usize) -> Result<(), Error> {
        if !self.counts {
            return Ok(());
        }
        if self.left == 0 {
            let error = Error::new(ErrorKind::TooManyCookies, start);
            self.rest = &[];
            return Err(error);
        }
        self.left -= 1;
        Ok(())
    }

    /// Takes the current piece's value, after its first `name_eq_len` bytes
    /// (a `name=` that [`Cursor::starts_with`] matched): trimmed, one pair
    /// of surrounding quotes removed.
    ///
    /// ```
    /// use binder_core::cookie::Cursor;
    ///
    /// let mut c = Cursor::new(b"pref=\"dark mode\" ; x=1", 10);
    /// c.next();
    /// assert!(c.starts_with(b"pref="));
    /// assert_eq!(c.value(5)?, b"dark mode");
    /// assert_eq!(c.remaining(), 9);
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::TooManyCookies`]: the scan ends.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn value(&mut self, name_eq_len: usize) -> Result<&'a [u8], Error> {
        self.value_as_sent(name_eq_len).map(unquote)
    }

    /// [`Cursor::value`] with its quotes kept: the value trimmed, as sent
    /// (`"dark mode"` with its quotes).
    ///
    /// ```
    /// use binder_core::cookie::Cursor;
    ///
    /// let mut c = Cursor::new(b"pref=\"dark mode\"", 10);
    /// c.next();
    /// assert_eq!(c.value_as_sent(5)?, b"\"dark mode\"");
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::TooManyCookies`]: the scan ends.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn value_as_sent(&mut self, name_eq_len: usize) -> Result<&'a [u8], Error> {
        self.count(self.at())?;
        let v = self.rest.get(name_eq_len..).unwrap_or_default();
        let end = crate::swar::find_any(v, 0, [b';']);
        let (value, rest) = v.split_at(end);
        self.rest = rest;
        Ok(trim(value))
    }

    /// Takes the current piece whole: the cookie, or `None` if it is none
    /// (no `=`, or an empty name).
    ///
    /// ```
    /// use binder_core::cookie::Cursor;
    ///
    /// let mut c = Cursor::new(b"a b = 1; flag; =x", 10);
    /// c.next();
    /// let cookie = c.cookie()?.unwrap();
    /// assert_eq!((cookie.name(), cookie.value()), (&b"a b"[..], &b"1"[..]));
    /// c.next();
    /// assert_eq!(c.cookie()?, None); // no `=`: not a cookie
    /// c.next();
    /// assert_eq!(c.cookie()?, None); // an empty name
    /// assert_eq!(c.remaining(), 9); // only the cookie counted
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::TooManyCookies`]: the scan ends.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn cookie(&mut self) -> Result<Option<Cookie<'a>>, Error> {
        let start = self.at();
        let end = crate::swar::find_any(self.rest, 0, [b';']);
        let (piece, rest) = self.rest.split_at(end);
        self.rest = rest;
        let eq = crate::swar::find_any(piece, 0, [b'=']);
        if eq == piece.len() {
            return Ok(None); // no `=`: not a pair
        }
        // Leading whitespace is behind us: the name is empty only when the
        // piece starts with its `=`.
        let name = trim(&piece[..eq]);
        if name.is_empty() {
            return Ok(None);
        }
        self.count(start)?;
        Ok(Some(Cookie {
            name,
            value: trim(&piece[eq + 1..]),
            offset: start,
        }))
    }

    /// Skips the current piece (a name no field starts with), counting it
    /// against the limit if it is a cookie.
    ///
    /// ```
    /// use binder_core::{cookie::Cursor, ErrorKind};
    ///
    /// let mut c = Cursor::new(b"flag; a=1; b=2", 1);
    /// c.next();
    /// c.skip()?; // not a cookie: not counted
    /// c.next();
    /// c.skip()?; // a cookie: counted
    /// c.next();
    /// assert_eq!(c.skip().unwrap_err().kind(), ErrorKind::TooManyCookies);
    /// assert_eq!(c.next(), None); // the scan ended
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::TooManyCookies`]: the scan ends.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn skip(&mut self) -> Result<(), Error> {
        let rest = self.rest;
        if !self.counts {
            let end = crate::swar::find_any(rest, 0, [b';']);
            self.rest = rest.get(end..).unwrap_or_default();
            return Ok(());
        }
        let mut end = crate::swar::find_any(rest, 0, [b';', b'=']);
        if rest.get(end) == Some(&b'=') {
            if end > 0 {
                self.count(self.at())?;
            }
            end = crate::swar::find_any(rest, end + 1, [b';']);
        }
        self.rest = rest.get(end..).unwrap_or_default();
        Ok(())
    }
}

/// Whether a header of `len` bytes can hold more than `max` cookies: each
/// is at least a name byte and its `=`, and the next starts past a `;`, so
/// `max + 1` of them take at least `3 * max + 2` bytes.
#[cfg_attr(not(debug_assertions), inline(always))]
fn may_pass(len: usize, max: usize) -> bool {
    len >= max.saturating_mul(3).saturating_add(2)
}

/// Strips one pair of surrounding double quotes.
#[cfg_attr(not(debug_assertions), inline(always))]
fn unquote(value: &[u8]) -> &[u8] {
    match value {
        [b'"', inner @ .., b'"'] => inner,
        _ => value,
    }
}

impl core::iter::FusedIterator for Cookies<'_> {}

/// One cookie: a name and its value, as slices of the header.
///
/// ```
/// let header = b"theme=dark;  session=\"abc\"";
/// let c = binder_core::cookie::cookies(header).nth(1).unwrap()?;
/// assert_eq!(c.name(), b"session");
/// assert_eq!(c.value(), b"abc");
/// assert_eq!(c.value_as_sent(), b"\"abc\"");
/// assert_eq!(&header[c.offset()..][..7], b"session");
/// # Ok::<(), binder_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cookie<'a> {
    name: &'a [u8],
    /// Trimmed, quotes kept.
    value: &'a [u8],
    offset: usize,
}

impl<'a> Cookie<'a> {
    /// The cookie's name, trimmed.
    #[inline]
    pub fn name(&self) -> &'a [u8] {
        self.name
    }

    /// The cookie's value, trimmed, one pair of surrounding quotes removed
    /// (`pref="dark mode"` gives `dark mode`), as the `cookie` crate's
    /// `value_trimmed` reads it.
    #[inline]
    pub fn value(&self) -> &'a [u8] {
        unquote(self.value)
    }

    /// The cookie's value as sent, trimmed, its quotes kept
    /// (`pref="dark mode"` gives `"dark mode"`).
    ///
    /// ```
    /// let c = binder_core::cookie::cookies(b"a=1;  pref=\"dark mode\"").nth(1).unwrap()?;
    /// assert_eq!(c.value(), b"dark mode");
    /// assert_eq!(c.value_as_sent(), b"\"dark mode\"");
    /// assert_eq!(c.offset(), 6); // the `p`, not the spaces before it
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub fn value_as_sent(&self) -> &'a [u8] {
        self.value
    }

    /// The byte offset in the header value of the cookie's first byte (its
    /// name, after any `;` and whitespace before it).
    #[inline]
    pub fn offset(&self) -> usize {
        self.offset
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn pairs(s: &str) -> Vec<(&str, &str)> {
        cookies(s.as_bytes())
            .map(|c| c.unwrap())
            .map(|c| {
                (
                    core::str::from_utf8(c.name()).unwrap(),
                    core::str::from_utf8(c.value()).unwrap(),
                )
            })
            .collect()
    }

    #[test]
    fn reads_what_the_cookie_crate_reads() {
        assert!(pairs("").is_empty());
        assert!(pairs(";;  ; ").is_empty());
        assert_eq!(
            pairs(" ;   a=1 ;  ; =v ; ;;c===  "),
            [("a", "1"), ("c", "==")]
        );
        assert_eq!(
            pairs("a=\"\"; b=\"; c=\"x\"\""),
            [("a", ""), ("b", "\""), ("c", "x\"")]
        );
        assert_eq!(pairs("n a m e = v a l "), [("n a m e", "v a l")]);
    }

    #[test]
    fn host_prefix_trick_binds_the_real_cookie_by_name() {
        // `=__Host-x=evil` has an empty name: skipped, not read as `__Host-x`.
        assert_eq!(
            pairs("=__Host-x=evil; __Host-x=good"),
            [("__Host-x", "good")]
        );
    }

    #[test]
    fn cookie_limit_is_exact() {
        assert_eq!(
            cookies_max(b"a=1;b=2;;c", 2).filter(Result::is_ok).count(),
            2
        );
        let r: Vec<_> = cookies_max(b"a=1;b=2; c=3", 2).collect();
        assert_eq!(r[2], Err(Error::new(ErrorKind::TooManyCookies, 9)));
        assert_eq!(r.len(), 3);
    }

    #[test]
    fn the_shortest_header_past_the_limit_is_counted() {
        // `max + 1` one-byte cookies with empty values and one `;` between:
        // `3 * max + 2` bytes, the fewest that pass the limit.
        for max in 0..6 {
            let past: Vec<u8> = [&b"a="[..]].repeat(max + 1).join(&b';');
            assert_eq!(past.len(), 3 * max + 2);
            assert!(Cursor::new(&past, max).counts);
            assert!(!Cursor::new(&past[..past.len() - 1], max).counts);
            let got: Vec<_> = cookies_max(&past, max).collect();
            assert_eq!(got.len(), max + 1);
            assert_eq!(
                got[max],
                Err(Error::new(ErrorKind::TooManyCookies, 3 * max))
            );
            // One cookie fewer, at the limit: all read, nothing left.
            let at = &past[..past.len() - 3.min(past.len())];
            let mut it = cookies_max(at, max);
            assert_eq!(it.by_ref().filter(Result::is_ok).count(), max);
            assert_eq!(it.remaining(), 0);
        }
    }

    #[test]
    fn offsets_point_at_each_cookies_name() {
        let header = b" a=1;b=2 ;\t c = 3;; d=\"4\"";
        let got: Vec<(usize, &[u8], &[u8])> = cookies(header)
            .map(|c| c.unwrap())
            .map(|c| (c.offset(), c.name(), c.value_as_sent()))
            .collect();
        assert_eq!(
            got,
            [
                (1, &b"a"[..], &b"1"[..]),
                (5, b"b", b"2"),
                (12, b"c", b"3"),
                (20, b"d", b"\"4\""),
            ]
        );
        for (offset, name, _) in got {
            assert!(header[offset..].starts_with(name));
        }
    }

    #[test]
    fn values_as_sent_keep_their_quotes() {
        let mut c = Cursor::new(b"pref=\"dark mode\"; x=\"", 10);
        assert_eq!(c.next(), Some(b'p'));
        assert_eq!(c.value_as_sent(5), Ok(&b"\"dark mode\""[..]));
        assert_eq!(c.next(), Some(b'x'));
        assert_eq!(c.value_as_sent(2), Ok(&b"\""[..]));
        let c = cookies(b"x=\"\"").next().unwrap().unwrap();
        assert_eq!((c.value(), c.value_as_sent()), (&b""[..], &b"\"\""[..]));
    }

    #[test]
    fn unicode_space_is_not_trimmed_divergence() {
        assert_eq!(pairs("a=\u{a0}x"), [("a", "\u{a0}x")]);
    }
}
