//! TEMPORARY: a minimal resumable multipart reader over the one-shot
//! scanner, with the API of `binder_core::multipart::Feed` (being written
//! on another branch), so that the spooled upload can be built and tested
//! before it lands. To be replaced by `binder_core::multipart::{Feed,
//! Event}`.
//!
//! It keeps the bytes not yet handed out in a window of its own (the
//! `carry` argument is unused): a part's data is handed out as it arrives,
//! less a tail as long as a delimiter, which may be the start of one. Each
//! part's headers are read by the one-shot scanner, on a one-part body
//! rebuilt around them.

use binder_core::multipart::{parts_with, Boundary};
use binder_core::{Error, ErrorKind, Limits};
use memchr::memmem;

/// The carry buffer's length the real `Feed` asks for (unused here).
pub(crate) fn carry_len(boundary: &Boundary, limits: &Limits) -> usize {
    limits.max_part_header_bytes + boundary.as_bytes().len() + 8
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Preamble,
    AfterDelimiter,
    Headers,
    Data,
    Done,
}

/// The reader's state between chunks.
pub(crate) struct Feed<'c> {
    boundary: Boundary,
    /// `\r\n--boundary`.
    delimiter: Vec<u8>,
    window: Vec<u8>,
    pos: usize,
    /// Body offset of `window[0]`.
    base: usize,
    state: State,
    parts: usize,
    limits: Limits,
    _carry: std::marker::PhantomData<&'c mut [u8]>,
}

/// One part's head.
pub(crate) struct Head {
    headers: Vec<u8>,
    is_file: bool,
    offset: usize,
}

impl Head {
    pub(crate) fn headers(&self) -> &[u8] {
        &self.headers
    }
    pub(crate) fn is_file(&self) -> bool {
        self.is_file
    }
    pub(crate) fn offset(&self) -> usize {
        self.offset
    }
}

/// What the reader found next.
pub(crate) enum Event<'a> {
    Part(Head),
    Data(&'a [u8]),
    End,
}

/// One chunk being read.
pub(crate) struct Input<'f, 'c> {
    feed: &'f mut Feed<'c>,
}

impl<'c> Feed<'c> {
    pub(crate) fn new(
        boundary: &Boundary,
        _carry: &'c mut [u8],
        limits: &Limits,
    ) -> Result<Self, Error> {
        let mut delimiter = b"\r\n--".to_vec();
        delimiter.extend_from_slice(boundary.as_bytes());
        Ok(Feed {
            boundary: *boundary,
            delimiter,
            window: Vec::new(),
            pos: 0,
            base: 0,
            state: State::Preamble,
            parts: 0,
            limits: *limits,
            _carry: std::marker::PhantomData,
        })
    }

    pub(crate) fn input<'f>(&'f mut self, chunk: &[u8]) -> Input<'f, 'c> {
        self.window.drain(..self.pos);
        self.base += self.pos;
        self.pos = 0;
        self.window.extend_from_slice(chunk);
        Input { feed: self }
    }

    pub(crate) fn finish(self) -> Result<(), Error> {
        if self.state == State::Done {
            Ok(())
        } else {
            Err(Error::new(
                ErrorKind::UnexpectedEnd,
                self.base + self.window.len(),
            ))
        }
    }
}

impl Input<'_, '_> {
    pub(crate) fn next(&mut self) -> Result<Option<Event<'_>>, Error> {
        let f = &mut *self.feed;
        let dl = f.delimiter.len();
        loop {
            let w = &f.window[f.pos..];
            let at = f.base + f.pos;
            match f.state {
                State::Preamble => {
                    if at == 0 && w.len() >= dl - 2 && w.starts_with(&f.delimiter[2..]) {
                        f.pos += dl - 2;
                        f.state = State::AfterDelimiter;
                    } else if let Some(i) = memmem::find(w, &f.delimiter) {
                        f.pos += i + dl;
                        f.state = State::AfterDelimiter;
                    } else if at == 0 && w.len() < dl - 2 && f.delimiter[2..].starts_with(w) {
                        return Ok(None);
                    } else {
                        f.pos += w.len().saturating_sub(dl - 1);
                        return Ok(None);
                    }
                }
                State::AfterDelimiter => {
                    if w.len() < 2 {
                        return Ok(None);
                    }
                    if w.starts_with(b"--") {
                        f.state = State::Done;
                        continue;
                    }
                    let pad = w.iter().take_while(|&&b| b == b' ' || b == b'\t').count();
                    if w.len() < pad + 2 {
                        return Ok(None);
                    }
                    if &w[pad..pad + 2] != b"\r\n" {
                        return Err(Error::new(ErrorKind::InvalidDelimiter, at));
                    }
                    f.pos += pad + 2;
                    f.state = State::Headers;
                }
                State::Headers => {
                    let Some(i) = memmem::find(w, b"\r\n\r\n") else {
                        if w.len() > f.limits.max_part_header_bytes + 4 {
                            return Err(Error::new(ErrorKind::PartHeadersTooLong, at));
                        }
                        return Ok(None);
                    };
                    f.parts += 1;
                    if f.parts > f.limits.max_parts {
                        return Err(Error::new(ErrorKind::TooManyParts, at));
                    }
                    let headers = w[..i + 2].to_vec();
                    let mut one = b"--".to_vec();
                    one.extend_from_slice(f.boundary.as_bytes());
                    one.extend_from_slice(b"\r\n");
                    one.extend_from_slice(&headers);
                    one.extend_from_slice(b"\r\n");
                    one.extend_from_slice(&f.delimiter);
                    one.extend_from_slice(b"--");
                    let part = parts_with(&one, &f.boundary, &f.limits)
                        .next()
                        .unwrap_or(Err(Error::new(ErrorKind::UnexpectedEnd, 0)))
                        .map_err(|e| Error::new(e.kind(), at))?;
                    let is_file = part.is_file();
                    f.pos += i + 4;
                    f.state = State::Data;
                    return Ok(Some(Event::Part(Head {
                        headers,
                        is_file,
                        offset: at,
                    })));
                }
                State::Data => match memmem::find(w, &f.delimiter) {
                    Some(0) => {
                        f.pos += dl;
                        f.state = State::AfterDelimiter;
                        return Ok(Some(Event::End));
                    }
                    Some(i) => {
                        f.pos += i;
                        return Ok(Some(Event::Data(&f.window[f.pos - i..f.pos])));
                    }
                    None => {
                        let safe = w.len().saturating_sub(dl - 1);
                        if safe == 0 {
                            return Ok(None);
                        }
                        f.pos += safe;
                        return Ok(Some(Event::Data(&f.window[f.pos - safe..f.pos])));
                    }
                },
                State::Done => {
                    f.pos = f.window.len();
                    return Ok(None);
                }
            }
        }
    }
}
