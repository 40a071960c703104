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
        input: header,
        pos: 0,
        left: max,
    }
}

/// Iterator of the [`Cookie`]s of one header value, in order.
///
/// Yields `Err` once when the limit is passed, then ends.
#[derive(Clone, Debug)]
pub struct Cookies<'a> {
    input: &'a [u8],
    pos: usize,
    left: usize,
}

impl Cookies<'_> {
    /// How many more cookies the limit allows.
    #[inline]
    pub fn remaining(&self) -> usize {
        self.left
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
        let input = self.input;
        while self.pos < input.len() {
            let start = self.pos;
            let end = crate::swar::find_any(input, start, [b';']);
            self.pos = end + 1;
            let piece = &input[start..end];
            let eq = crate::swar::find_any(piece, 0, [b'=']);
            if eq == piece.len() {
                continue; // no `=`: not a pair (an all-space piece lands here too)
            }
            let name = trim(&piece[..eq]);
            if name.is_empty() {
                continue;
            }
            if self.left == 0 {
                self.pos = input.len();
                return Some(Err(Error::new(ErrorKind::TooManyCookies, start)));
            }
            self.left -= 1;
            let mut value = trim(&piece[eq + 1..]);
            if let [b'"', inner @ .., b'"'] = value {
                value = inner;
            }
            return Some(Ok(Cookie {
                name,
                value,
                offset: start,
            }));
        }
        None
    }
}

impl core::iter::FusedIterator for Cookies<'_> {}

/// One cookie: a name and its value (surrounding quotes stripped), as slices
/// of the header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cookie<'a> {
    name: &'a [u8],
    value: &'a [u8],
    offset: usize,
}

impl<'a> Cookie<'a> {
    /// The cookie's name, trimmed.
    #[inline]
    pub fn name(&self) -> &'a [u8] {
        self.name
    }

    /// The cookie's value, trimmed, one pair of surrounding quotes removed.
    #[inline]
    pub fn value(&self) -> &'a [u8] {
        self.value
    }

    /// The byte offset of the piece in the header value.
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
        assert_eq!(r[2], Err(Error::new(ErrorKind::TooManyCookies, 8)));
        assert_eq!(r.len(), 3);
    }

    #[test]
    fn unicode_space_is_not_trimmed_divergence() {
        assert_eq!(pairs("a=\u{a0}x"), [("a", "\u{a0}x")]);
    }
}
