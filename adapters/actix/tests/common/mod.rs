//! A payload built in the test: it yields the chunks it is given (or a
//! transport error), always ready, and counts what it hands out, so a test
//! can say how far the extractor read.
// Each test crate uses a different part of it.
#![allow(dead_code)]

use actix_web::dev::Payload;
use actix_web::error::PayloadError;
use actix_web::web::Bytes;
use futures_util::stream;
use std::cell::Cell;
use std::rc::Rc;

/// What a [`chunks`] payload handed out.
#[derive(Debug, Default)]
pub struct Tally {
    pub chunks: Cell<usize>,
    pub bytes: Cell<usize>,
    pub polls: Cell<usize>,
}

/// The end of a [`chunks`] payload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The payload ends.
    Eof,
    /// The connection closed early (actix's `PayloadError::Incomplete`).
    Incomplete,
    /// An I/O error.
    Io,
}

/// A payload of these chunks, then `end`.
pub fn chunks(chunks: &[&'static [u8]], end: End) -> (Payload, Rc<Tally>) {
    let tally = Rc::new(Tally::default());
    let mut steps: Vec<Option<Result<Bytes, PayloadError>>> = chunks
        .iter()
        .map(|c| Some(Ok(Bytes::from_static(c))))
        .collect();
    match end {
        End::Eof => {}
        End::Incomplete => steps.push(Some(Err(PayloadError::Incomplete(None)))),
        End::Io => steps.push(Some(Err(PayloadError::Io(std::io::Error::other("reset"))))),
    }
    let t = Rc::clone(&tally);
    let mut steps = steps.into_iter();
    let s = stream::poll_fn(move |_| {
        t.polls.set(t.polls.get() + 1);
        let next = steps.next().flatten();
        if let Some(Ok(b)) = &next {
            t.chunks.set(t.chunks.get() + 1);
            t.bytes.set(t.bytes.get() + b.len());
        }
        std::task::Poll::Ready(next)
    });
    (
        Payload::Stream {
            payload: Box::pin(s),
        },
        tally,
    )
}
