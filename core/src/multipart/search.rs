//! Finding a part's closing delimiter, `\r\n--boundary`: the search is
//! most of a multipart scan's cost (a file's bytes are read only here).
//!
//! Three searchers, each where it is cheapest:
//! - a table search (Horspool's) for the whole delimiter, when the body is
//!   large enough to repay the table (built once per body, from a boundary
//!   long enough to skip far): on a file's bytes it looks at one byte in
//!   about the delimiter's length;
//! - otherwise `memchr` for CR, giving way to memmem's `\r\n--` searcher
//!   where CRs come dense (text with CRLF lines);
//! - past [`WHOLE_DELIMITER_AFTER`] bytes of one part, memmem's searcher
//!   for the whole delimiter (vectorised: the fastest per byte on large
//!   files, and its build is repaid there).
//!
//! A boundary holds no CR, so a candidate that fails never hides a
//! delimiter that starts inside it: every searcher is linear.

use super::Parts;

impl Parts<'_> {
    /// The offset of the first `\r\n--boundary` at or after `from`.
    ///
    /// The body's table ([`Skip`]), or else CR and the shared `\r\n--`
    /// searcher, look through the first [`WHOLE_DELIMITER_AFTER`] bytes;
    /// past them (a large part, a file), memmem's searcher for the whole
    /// delimiter takes over, built once for the rest of this part's data.
    #[inline]
    pub(super) fn find_delimiter(&self, from: usize) -> Option<usize> {
        let body = self.body;
        let window = from.saturating_add(WHOLE_DELIMITER_AFTER);
        if window >= body.len() {
            return self.find_short(from, body.len());
        }
        // A delimiter starting before `window` is found whole by the short
        // search (its check reads past the window); the rest by the long.
        self.find_short(from, (window + 3).min(body.len()))
            .or_else(|| self.find_whole(window))
    }

    /// [`Parts::find_delimiter`] with `\r\n--` starting before `end - 3`.
    #[inline]
    fn find_short(&self, mut from: usize, end: usize) -> Option<usize> {
        if let Some(skip) = &self.skip {
            return self.find_skipping(skip, from, end);
        }
        let body = self.body;
        let boundary = self.boundary.as_bytes();
        // CR alone first: memchr's one-byte search is about a third of the
        // pair search's cost, and in a file's bytes a CR is rare (one in
        // 256 of random bytes). Once CRs come denser than one in
        // `CR_SPACING` bytes (text with CRLF lines), the `\r\n--` searcher
        // takes the rest, so a false CR costs at most a few instructions a
        // byte over the pair search.
        let start = from;
        let mut false_crs = 0;
        while false_crs <= CR_SPARE + (from - start) / CR_SPACING {
            let at = from + memchr::memchr(b'\r', &body[from..end])?;
            if at + 4 > end {
                return None;
            }
            if body[at + 1..].starts_with(b"\n--") && body[at + 4..].starts_with(boundary) {
                return Some(at);
            }
            from = at + 1;
            false_crs += 1;
        }
        while let Some(k) = self.finder.find(&body[from..end]) {
            let at = from + k;
            if body[at + 4..].starts_with(boundary) {
                return Some(at);
            }
            // `\r\n--` cannot overlap itself, and the boundary holds no CR,
            // so no later delimiter starts before `at + 4`.
            from = at + 4;
        }
        None
    }

    /// [`Parts::find_delimiter`] by a searcher for the whole delimiter,
    /// built for this call (a few thousand instructions, paid only after
    /// [`WHOLE_DELIMITER_AFTER`] bytes of one part's data).
    #[cold]
    #[inline(never)]
    fn find_whole(&self, from: usize) -> Option<usize> {
        let boundary = self.boundary.as_bytes();
        let mut needle = [0u8; 4 + super::MAX_BOUNDARY_LEN];
        needle[..4].copy_from_slice(b"\r\n--");
        needle[4..4 + boundary.len()].copy_from_slice(boundary);
        let finder = memchr::memmem::Finder::new(&needle[..4 + boundary.len()]);
        finder.find(&self.body[from..]).map(|k| from + k)
    }
}

/// How many bytes of one part's data the first searchers scan before
/// memmem's searcher for the whole `\r\n--boundary` takes over. On random
/// bytes (a file) it costs 0.35 instructions a byte against 0.48 for the
/// `\r\n--` searcher (memchr 2.8, AVX2, callgrind), vectorised, and about
/// 2,500 to build: from 64 KiB on, the build is at most a tenth of the
/// scan before it, and small parts never pay it. Small under test and
/// fuzzing, so that every searcher meets ordinary inputs: 16 bytes under
/// test (whose own test runs the table search over long bodies), 128
/// under fuzzing, a window in which the table search's unchecked moves
/// run too (they need four delimiters' length of it).
#[cfg(not(any(test, fuzzing)))]
pub(super) const WHOLE_DELIMITER_AFTER: usize = 64 * 1024;
#[cfg(test)]
pub(super) const WHOLE_DELIMITER_AFTER: usize = 16;
#[cfg(all(fuzzing, not(test)))]
pub(super) const WHOLE_DELIMITER_AFTER: usize = 128;

/// How many CRs that start no delimiter [`Parts::find_short`]'s CR search
/// passes before it may give way to the `\r\n--` searcher, and the
/// spacing of CRs (one per so many bytes) it keeps going at.
const CR_SPARE: usize = 4;
const CR_SPACING: usize = 128;

/// Horspool's table for one delimiter: how far the search may move when
/// the last byte under its window is a given byte.
#[derive(Clone, Copy, Debug)]
pub(super) struct Skip {
    shift: [u8; 256],
    /// The move past a window whose last byte is the delimiter's own last
    /// byte (which has shift 0, so a candidate is checked) but which is
    /// not the delimiter.
    last: u8,
}

/// The shortest boundary a [`Skip`] is built for: a table search moves by
/// at most the delimiter's length, so a short one gains little over CR.
#[cfg(not(any(test, fuzzing)))]
const SKIP_MIN_BOUNDARY: usize = 8;
/// The shortest body a [`Skip`] is built for: building it costs about 150
/// instructions, which a small body's CR search costs in all.
#[cfg(not(any(test, fuzzing)))]
const SKIP_MIN_BODY: usize = 1024;
#[cfg(any(test, fuzzing))]
const SKIP_MIN_BOUNDARY: usize = 1;
#[cfg(any(test, fuzzing))]
const SKIP_MIN_BODY: usize = 64;

impl Skip {
    /// The table for `\r\n--boundary`, if this body is worth one.
    #[inline]
    pub(super) fn for_body(body: &[u8], boundary: &[u8]) -> Option<Skip> {
        if body.len() < SKIP_MIN_BODY || boundary.len() < SKIP_MIN_BOUNDARY {
            return None;
        }
        Some(Skip::new(boundary))
    }

    #[inline]
    fn new(boundary: &[u8]) -> Skip {
        // At most 4 + 70 = 74: every shift fits a byte.
        #[allow(clippy::cast_possible_truncation)]
        let len = (4 + boundary.len()) as u8;
        let mut shift = [len; 256];
        let mut set = |b: u8, at: usize| {
            #[allow(clippy::cast_possible_truncation)]
            {
                shift[usize::from(b)] = len - 1 - at as u8;
            }
        };
        for (at, &b) in b"\r\n--".iter().enumerate() {
            set(b, at);
        }
        let (&end, rest) = boundary.split_last().expect("a boundary is never empty");
        for (at, &b) in rest.iter().enumerate() {
            set(b, 4 + at);
        }
        let last = shift[usize::from(end)];
        shift[usize::from(end)] = 0;
        Skip { shift, last }
    }
}

impl Parts<'_> {
    /// [`Parts::find_short`] by the table: the first delimiter starting at
    /// or after `from` whose `\r\n--` ends by `end`.
    #[inline]
    fn find_skipping(&self, skip: &Skip, mut from: usize, end: usize) -> Option<usize> {
        let body = self.body;
        let boundary = self.boundary.as_bytes();
        let len = 4 + boundary.len();
        let stop = end.checked_sub(4)?.min(body.len().checked_sub(len)?);
        // `tail[p]` is the last byte of the window starting at `p`, for
        // every `p` up to `stop`: one bounds check a step.
        let tail = body.get(len - 1..stop + len)?;
        // Below it, four moves (each at most `len`) stay inside `tail`.
        let fast_end = tail.len().saturating_sub(4 * len);
        loop {
            // Moves taken without a test for a candidate: its byte's
            // shift is 0, so once on a candidate the search stays there.
            while from < fast_end {
                from += usize::from(skip.shift[usize::from(tail[from])]);
                from += usize::from(skip.shift[usize::from(tail[from])]);
                from += usize::from(skip.shift[usize::from(tail[from])]);
                match skip.shift[usize::from(tail[from])] {
                    0 => break,
                    k => from += usize::from(k),
                }
            }
            let &b = tail.get(from)?;
            match skip.shift[usize::from(b)] {
                0 => {
                    if body[from] == b'\r'
                        && body[from + 1..from + 4] == *b"\n--"
                        && body[from + 4..from + len] == *boundary
                    {
                        return Some(from);
                    }
                    from += usize::from(skip.last);
                }
                k => from += usize::from(k),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{parts_with, Boundary, Parts};
    use super::{Skip, WHOLE_DELIMITER_AFTER};
    use crate::Limits;

    /// Bytes drawn from what delimiters are made of, with whole
    /// delimiters and near misses planted: every `from`, the searcher
    /// switch and its window's edge meet every kind of neighbour.
    fn body(seed: u64, len: usize, boundary: &[u8]) -> alloc::vec::Vec<u8> {
        let mut x = seed | 1;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut out = alloc::vec::Vec::new();
        while out.len() < len {
            match next() % 10 {
                0 => out.extend_from_slice(b"\r\n--"),
                1 => {
                    out.extend_from_slice(b"\r\n--");
                    out.extend_from_slice(boundary);
                }
                2 => {
                    out.extend_from_slice(b"\r\n--");
                    let cut = (next() as usize) % boundary.len();
                    out.extend_from_slice(&boundary[..cut]);
                }
                // A delimiter with one byte of its `\r\n--` wrong.
                8 | 9 => {
                    let mut near = *b"\r\n--";
                    near[(next() % 4) as usize] = b'x';
                    out.extend_from_slice(&near);
                    out.extend_from_slice(boundary);
                }
                3 => out.push(b'\r'),
                4 => out.push(b'-'),
                _ => out.push(b"xab\n"[(next() % 4) as usize]),
            }
        }
        out
    }

    /// The table search alone over whole bodies (under test
    /// `find_delimiter` hands it at most [`WHOLE_DELIMITER_AFTER`] bytes,
    /// too few for its unchecked moves): from every offset, the first
    /// delimiter a plain search finds.
    #[test]
    fn the_table_search_finds_the_first_delimiter_over_long_bodies() {
        let limits = Limits::DEFAULT;
        let boundaries = [&b"ab"[..], b"a", b"ab-x", b"b-a-b-a", b"q8Zx-_a9Zq8Zx-_a9Z"];
        for (seed, raw) in (7..).zip(boundaries) {
            let boundary = Boundary::new(raw).unwrap();
            let delimiter = [&b"\r\n--"[..], raw].concat();
            for len in [64, 100, 333, 1000, 2500] {
                let body = body(seed * 1000 + len as u64, len, raw);
                let mut parts: Parts<'_> = parts_with(&body, &boundary, &limits);
                parts.skip = Some(Skip::new(raw));
                for from in 0..=body.len() {
                    let want = memchr::memmem::find(&body[from..], &delimiter).map(|k| from + k);
                    let got = parts.find_short(from, body.len());
                    assert_eq!(got, want, "{body:?} from {from}");
                }
            }
        }
    }

    #[test]
    fn the_delimiter_is_found_where_a_plain_search_finds_it() {
        assert_eq!(WHOLE_DELIMITER_AFTER, 16, "small under test");
        let limits = Limits::DEFAULT;
        let boundaries = [&b"ab"[..], b"a", b"ab-x", b"xxbxa", b"aaaa", b"b-a-b-a"];
        for (seed, raw) in (1..).zip(boundaries) {
            let boundary = Boundary::new(raw).unwrap();
            let delimiter = [&b"\r\n--"[..], raw].concat();
            for len in [0, 3, 15, 16, 17, 19, 20, 21, 40, 63, 64, 65, 200] {
                let body = body(seed * 1000 + len as u64, len, raw);
                let mut parts: Parts<'_> = parts_with(&body, &boundary, &limits);
                // Under test a table is built from 64 bytes on; each body
                // is searched with and without one.
                assert_eq!(parts.skip.is_some(), body.len() >= 64);
                for table in [false, true] {
                    parts.skip = table.then(|| Skip::new(raw));
                    for from in 0..=body.len() {
                        let want =
                            memchr::memmem::find(&body[from..], &delimiter).map(|k| from + k);
                        let got = parts.find_delimiter(from);
                        assert_eq!(got, want, "{body:?} from {from}, table {table}");
                    }
                }
            }
        }
    }
}
