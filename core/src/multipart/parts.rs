//! The [`Parts`] iterator: delimiters, part headers and the
//! `Content-Disposition`.

use super::boundary::{is, quoted, skip_ows, skip_token, TCHAR, VALUE};
use super::part::{Param, Part};
use super::{Parts, State};
use crate::error::{Error, ErrorKind};

impl<'a> Parts<'a> {
    #[cold]
    fn fail(&mut self, kind: ErrorKind, offset: usize) -> Option<Result<Part<'a>, Error>> {
        self.state = State::Done;
        Some(Err(Error::new(kind, offset)))
    }
}

/// Whether `head` holds `name` (a header name and its colon, as browsers
/// spell it) at `at`: the length is known, so the compare is inlined.
#[cfg_attr(not(debug_assertions), inline(always))]
fn as_sent<const N: usize>(head: &[u8], at: usize, name: &[u8; N]) -> bool {
    head.get(at..at + N).is_some_and(|s| s == name)
}

/// A header a part is read for.
#[derive(Clone, Copy)]
enum Known {
    Disposition,
    ContentType,
}

/// What the header lines of one part said.
pub(super) struct Headers {
    /// Index of the empty line that ends them.
    pub(super) end: usize,
    pub(super) disposition: Option<(usize, usize)>,
    pub(super) content_type: Option<(usize, usize)>,
}

/// Reads the header lines of `body` starting at `start`, up to the empty
/// line, under the limits `max_header_bytes` and `max_headers`. Reads no
/// byte at or past `start + max_header_bytes + 2`, nor past the end of the
/// first `\r\n\r\n` after `start` (or of a `\r\n` at `start`), and
/// reads a shorter `body` ending there the same: `multipart::Feed` hands
/// it only those bytes of a header block.
#[inline]
pub(super) fn headers(
    body: &[u8],
    start: usize,
    max_header_bytes: usize,
    max_headers: usize,
) -> Result<Headers, Error> {
    let len = body.len();
    let limit = start.saturating_add(max_header_bytes);
    // Every header byte, CRLF included, lies before `stop`.
    let stop = len.min(limit);
    // Needing a byte at or past `stop`: the body ended, or the headers
    // are too long.
    let past = || {
        if stop == len {
            Error::new(ErrorKind::UnexpectedEnd, len)
        } else {
            Error::new(ErrorKind::PartHeadersTooLong, start)
        }
    };
    let mut out = Headers {
        end: start,
        disposition: None,
        content_type: None,
    };
    let mut count = 0;
    let mut i = start;
    loop {
        match (body.get(i), body.get(i + 1)) {
            (Some(b'\r'), Some(b'\n')) => {
                out.end = i;
                return Ok(out);
            }
            (None, _) | (Some(b'\r'), None) => {
                return Err(Error::new(ErrorKind::UnexpectedEnd, len))
            }
            _ => {}
        }
        if count == max_headers {
            return Err(Error::new(ErrorKind::TooManyPartHeaders, i));
        }
        count += 1;
        let line = i;
        // The two names a part is read for, in any case: one compare
        // each (all token bytes) instead of the loop.
        let named = |name: &[u8]| {
            body.get(line..stop).is_some_and(|rest| {
                rest.get(name.len()) == Some(&b':') && rest[..name.len()].eq_ignore_ascii_case(name)
            })
        };
        // As browsers send them first: a compare of known length each.
        let head = &body[..stop];
        let known = if as_sent(head, line, b"Content-Disposition:") {
            Some((b"content-disposition".len(), Known::Disposition))
        } else if as_sent(head, line, b"Content-Type:") {
            Some((b"content-type".len(), Known::ContentType))
        } else if named(b"content-disposition") {
            Some((b"content-disposition".len(), Known::Disposition))
        } else if named(b"content-type") {
            Some((b"content-type".len(), Known::ContentType))
        } else {
            None
        };
        if let Some((len, _)) = known {
            i = line + len;
        } else {
            while i < stop && is(body[i], TCHAR) {
                i += 1;
            }
            if i == stop {
                return Err(past());
            }
            if i == line || body[i] != b':' {
                return Err(Error::new(ErrorKind::PartHeaderSyntax, i));
            }
        }
        let colon = i;
        i = value_end(body, i + 1, stop);
        if i + 1 >= stop {
            return Err(past());
        }
        if body[i] != b'\r' {
            return Err(Error::new(ErrorKind::PartHeaderSyntax, i));
        }
        if body[i + 1] != b'\n' {
            return Err(Error::new(ErrorKind::PartHeaderSyntax, i + 1));
        }
        let (vs, mut ve) = (skip_ows(body, colon + 1), i);
        while ve > vs && (body[ve - 1] == b' ' || body[ve - 1] == b'\t') {
            ve -= 1;
        }
        let slot = match known {
            Some((_, Known::Disposition)) => Some(&mut out.disposition),
            Some((_, Known::ContentType)) => Some(&mut out.content_type),
            None => None,
        };
        if let Some(slot) = slot {
            if slot.is_some() {
                return Err(Error::new(ErrorKind::DuplicatePartHeader, line));
            }
            *slot = Some((vs, ve));
        }
        i += 2;
    }
}

/// The first byte at or after `i`, before `stop`, that a header value
/// cannot hold (a control byte other than HTAB, or DEL), or `stop`.
///
/// A word at a time: in `w - 0x20..20 & !w & 0x80..80` the lowest flag is
/// exactly the lowest byte under 0x20 (a byte at or over 0x20 lends
/// nothing to the next), and in the same test on `w ^ 0x7f..7f` with
/// `0x01..01` the lowest byte that is DEL; only the lowest flag of the two
/// is read. An HTAB there is allowed: the scan goes on after it.
#[inline]
fn value_end(body: &[u8], mut i: usize, stop: usize) -> usize {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = ONES << 7;
    while let Some(chunk) = body.get(i..i + 8).filter(|_| i + 8 <= stop) {
        let w = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
        let control = w.wrapping_sub(ONES * 0x20) & !w & HIGH;
        let x = w ^ (ONES * 0x7f);
        let del = x.wrapping_sub(ONES) & !x & HIGH;
        let flags = control | del;
        if flags == 0 {
            i += 8;
            continue;
        }
        let at = i + (flags.trailing_zeros() / 8) as usize;
        if body[at] != b'\t' {
            return at;
        }
        i = at + 1;
    }
    while i < stop && is(body[i], VALUE) {
        i += 1;
    }
    i
}

/// What browsers send, exactly: `form-data; name="..."`, and maybe
/// `; filename="..."`, each quoted value free of `"`, `\` and `%`; read
/// as [`disposition`] reads it, or `None` for anything else. (The value's
/// bytes were checked as a header value's already.)
#[inline]
fn disposition_as_sent(
    v: &[u8],
    start: usize,
) -> Option<Result<(Param<'_>, Option<Param<'_>>), Error>> {
    /// A quoted value starting at `open` (after its `"`), up to a `"` with
    /// no `\` or `%` before it: its end.
    fn plain(v: &[u8], open: usize) -> Option<usize> {
        // Names and filenames are short: a byte loop costs less than a
        // `memchr3` call's setup (measured: multipart4k -~250).
        let at = open
            + v.get(open..)?
                .iter()
                .position(|&b| matches!(b, b'"' | b'\\' | b'%'))?;
        (v[at] == b'"').then_some(at)
    }
    let param = |raw| Param {
        raw,
        quoted: true,
        needs_decoding: false,
    };
    const NAME: &[u8] = b"form-data; name=\"";
    const FILENAME: &[u8] = b"; filename=\"";
    if !v.get(start..)?.starts_with(NAME) {
        return None;
    }
    let open = start + NAME.len();
    let close = plain(v, open)?;
    let name = param(&v[open..close]);
    let filename = match &v[close + 1..] {
        [] => None,
        rest if rest.starts_with(FILENAME) => {
            let fopen = close + 1 + FILENAME.len();
            let fclose = plain(v, fopen)?;
            if fclose + 1 != v.len() {
                return None;
            }
            Some(param(&v[fopen..fclose]))
        }
        _ => return None,
    };
    Some(if name.raw.is_empty() {
        Err(Error::new(ErrorKind::MissingPartName, start))
    } else {
        Ok((name, filename))
    })
}

/// Parses a `Content-Disposition` value `body[start..end]` into its `name`
/// and `filename`.
#[inline]
pub(super) fn disposition(
    body: &[u8],
    start: usize,
    end: usize,
) -> Result<(Param<'_>, Option<Param<'_>>), Error> {
    let v = &body[..end];
    if let Some(read) = disposition_as_sent(v, start) {
        return read;
    }
    disposition_general(v, start)
}

/// [`disposition`] for any spelling (RFC 6266 parameters in any case and
/// order, tokens or quoted strings, escapes).
fn disposition_general(v: &[u8], start: usize) -> Result<(Param<'_>, Option<Param<'_>>), Error> {
    let invalid = |at| Err(Error::new(ErrorKind::InvalidContentDisposition, at));
    let mut i = skip_token(v, start);
    if !v[start..i].eq_ignore_ascii_case(b"form-data") {
        return invalid(start);
    }
    let mut name: Option<Param<'_>> = None;
    let mut filename: Option<Param<'_>> = None;
    loop {
        i = skip_ows(v, i);
        match v.get(i) {
            None => break,
            Some(b';') => i = skip_ows(v, i + 1),
            Some(_) => return invalid(i),
        }
        let param_start = i;
        i = skip_token(v, i);
        if i == param_start {
            return invalid(i);
        }
        let param = &v[param_start..i];
        i = skip_ows(v, i);
        if v.get(i) != Some(&b'=') {
            return invalid(i);
        }
        i = skip_ows(v, i + 1);
        let value = if v.get(i) == Some(&b'"') {
            let q =
                quoted(v, i).map_err(|at| Error::new(ErrorKind::InvalidContentDisposition, at))?;
            let p = Param {
                raw: &v[i + 1..q.end],
                quoted: true,
                needs_decoding: q.needs_decoding,
            };
            i = q.end + 1;
            p
        } else {
            let value_start = i;
            i = skip_token(v, i);
            if i == value_start {
                return invalid(i);
            }
            Param {
                raw: &v[value_start..i],
                quoted: false,
                needs_decoding: false,
            }
        };
        let slot = if param.eq_ignore_ascii_case(b"name") {
            &mut name
        } else if param.eq_ignore_ascii_case(b"filename") {
            &mut filename
        } else {
            continue; // `filename*` (RFC 7578 §4.2) and anything else
        };
        if slot.is_some() {
            return invalid(param_start);
        }
        *slot = Some(value);
    }
    match name {
        Some(name) if !name.raw.is_empty() => Ok((name, filename)),
        _ => Err(Error::new(ErrorKind::MissingPartName, start)),
    }
}

impl<'a> Iterator for Parts<'a> {
    type Item = Result<Part<'a>, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        let body = self.body;
        let len = body.len();
        let blen = self.boundary.as_bytes().len();
        match self.state {
            State::Done => return None,
            State::Delimiter => {}
            State::Start => {
                let at_start =
                    body.starts_with(b"--") && body[2..].starts_with(self.boundary.as_bytes());
                self.pos = if at_start {
                    0
                } else {
                    match self.find_delimiter(0) {
                        Some(at) => at + 2,
                        None => return self.fail(ErrorKind::UnexpectedEnd, len),
                    }
                };
                self.state = State::Delimiter;
            }
        }
        // `body[pos..]` starts with `--boundary`.
        let mut i = self.pos + 2 + blen;
        if body[i..].starts_with(b"--") {
            self.state = State::Done;
            return None;
        }
        i = skip_ows(body, i);
        match body.get(i..i + 2) {
            Some(b"\r\n") => {}
            Some(_) => return self.fail(ErrorKind::InvalidDelimiter, i),
            None if body.get(i).is_none_or(|&b| b == b'\r') => {
                return self.fail(ErrorKind::UnexpectedEnd, len)
            }
            None => return self.fail(ErrorKind::InvalidDelimiter, i),
        }
        let start = i + 2;
        if self.count == self.max_parts {
            return self.fail(ErrorKind::TooManyParts, start);
        }
        self.count += 1;
        let headers = match headers(body, start, self.max_header_bytes, self.max_headers) {
            Ok(h) => h,
            Err(e) => return self.fail(e.kind(), e.offset()),
        };
        let Some((ds, de)) = headers.disposition else {
            return self.fail(ErrorKind::InvalidContentDisposition, start);
        };
        let (name, filename) = match disposition(body, ds, de) {
            Ok(v) => v,
            Err(e) => return self.fail(e.kind(), e.offset()),
        };
        let data_start = headers.end + 2;
        let Some(end) = self.find_delimiter(data_start) else {
            return self.fail(ErrorKind::UnexpectedEnd, len);
        };
        self.pos = end + 2;
        Some(Ok(Part {
            name,
            filename,
            content_type: headers.content_type.map(|(s, e)| &body[s..e]),
            headers: &body[start..headers.end],
            data: &body[data_start..end],
            offset: start,
            #[cfg(feature = "bytes")]
            owner: self.owner,
        }))
    }
}

impl core::iter::FusedIterator for Parts<'_> {}

#[cfg(test)]
mod tests {

    /// `value_end` stops where the byte-at-a-time scan it replaces stops,
    /// for every start and stop, on bytes dense with HTAB, DEL, CR, other
    /// controls and high bytes.
    #[test]
    fn value_end_is_the_byte_loop() {
        use super::super::boundary::{is, VALUE};
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for round in 0..400 {
            let bytes: alloc::vec::Vec<u8> = (0..40)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    let pick = [b'\t', 0x7f, b'\r', 0, 0x1f, 0x20, 0x80, 0xff, b'a', b'~'];
                    // Mostly value bytes, so that whole words pass.
                    if round % 2 == 0 && x % 5 != 0 {
                        b'a' + (x % 26) as u8
                    } else {
                        pick[(x % pick.len() as u64) as usize]
                    }
                })
                .collect();
            for start in 0..bytes.len() {
                for stop in start..=bytes.len() {
                    let mut want = start;
                    while want < stop && is(bytes[want], VALUE) {
                        want += 1;
                    }
                    assert_eq!(
                        super::value_end(&bytes, start, stop),
                        want,
                        "{bytes:?} {start}..{stop}"
                    );
                }
            }
        }
    }

    /// The fast path reads what it takes exactly as the general parse
    /// does (and takes the browser's spellings), on values built from the
    /// fast path's pieces and the bytes that must send it away.
    #[test]
    fn the_disposition_fast_path_reads_as_the_general_parse() {
        let pieces: [&[u8]; 12] = [
            b"form-data; name=\"",
            b"; filename=\"",
            b"\"",
            b"a",
            b"title",
            b"%22",
            b"\\",
            b";",
            b" ",
            b"=",
            b"name",
            b"FORM-DATA",
        ];
        let mut x: u64 = 0x1234_5678_9abc_def1;
        let mut taken = 0;
        for round in 0..50_000 {
            let mut v = alloc::vec::Vec::new();
            if round % 2 == 0 {
                v.extend_from_slice(pieces[0]);
            }
            for _ in 0..(x % 7) {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                v.extend_from_slice(pieces[(x % pieces.len() as u64) as usize]);
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if let Some(fast) = super::disposition_as_sent(&v, 0) {
                taken += 1;
                assert_eq!(fast, super::disposition_general(&v, 0), "{v:?}");
            }
        }
        assert!(taken > 1_000, "the fast path was taken {taken} times");
        // The browsers' spellings are taken.
        for v in [
            &b"form-data; name=\"title\""[..],
            b"form-data; name=\"avatar\"; filename=\"chart.png\"",
            b"form-data; name=\"f\"; filename=\"\"",
        ] {
            assert!(super::disposition_as_sent(v, 0).is_some(), "{v:?}");
        }
    }
}
