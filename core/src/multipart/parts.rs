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

    /// The offset of the first `\r\n--boundary` at or after `from`.
    #[inline]
    fn find_delimiter(&self, mut from: usize) -> Option<usize> {
        let body = self.body;
        let boundary = self.boundary.as_bytes();
        while let Some(k) = self.finder.find(&body[from..]) {
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
}

/// What the header lines of one part said.
struct Headers {
    /// Index of the empty line that ends them.
    end: usize,
    disposition: Option<(usize, usize)>,
    content_type: Option<(usize, usize)>,
}

impl<'a> Parts<'a> {
    /// Reads the header lines starting at `start`, up to the empty line.
    #[inline]
    fn headers(&self, start: usize) -> Result<Headers, Error> {
        let body = self.body;
        let len = body.len();
        let limit = start.saturating_add(self.max_header_bytes);
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
            if count == self.max_headers {
                return Err(Error::new(ErrorKind::TooManyPartHeaders, i));
            }
            count += 1;
            let line = i;
            while i < stop && is(body[i], TCHAR) {
                i += 1;
            }
            if i == stop {
                return Err(past());
            }
            if i == line || body[i] != b':' {
                return Err(Error::new(ErrorKind::PartHeaderSyntax, i));
            }
            let colon = i;
            i += 1;
            while i < stop && is(body[i], VALUE) {
                i += 1;
            }
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
            let name = &body[line..colon];
            let slot = if name.eq_ignore_ascii_case(b"content-disposition") {
                Some(&mut out.disposition)
            } else if name.eq_ignore_ascii_case(b"content-type") {
                Some(&mut out.content_type)
            } else {
                None
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
}

/// Parses a `Content-Disposition` value `body[start..end]` into its `name`
/// and `filename`.
#[inline]
fn disposition(
    body: &[u8],
    start: usize,
    end: usize,
) -> Result<(Param<'_>, Option<Param<'_>>), Error> {
    let v = &body[..end];
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
        let headers = match self.headers(start) {
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
