//! The streaming read: the body's frames fed to the resumable multipart
//! scanner, file parts written to the store (temporary files, a sink),
//! text parts and every part's headers copied into the in-memory body the
//! target binds from.

use super::file::{write_placeholder, Stored};
use super::sink::{FileHead, Store};
use super::{SpoolError, SpoolOptions, SpooledBody};
use binder_core::multipart::{Boundary, Event, Feed, PartHead};
use binder_core::ErrorKind;
use binder_http::{BindError, Error, Source};
use bytes::{Buf, Bytes};
use http_body_util::BodyExt;

/// The part being read.
enum Current<W> {
    /// Between parts.
    None,
    /// A text part: its data goes into the in-memory body.
    Text,
    /// A file part: its data goes to the store's writer; whether its
    /// filename is empty (with no data, an empty file input), and the bytes
    /// written.
    File(W, bool, u64),
}

/// What the read has built so far. Dropped before the end (an error, the
/// future dropped), it aborts the file being written and discards the
/// files finished.
struct Out<'o, S: Store> {
    options: &'o SpoolOptions,
    store: &'o S,
    boundary: &'o [u8],
    /// The in-memory body the target binds from.
    synth: Vec<u8>,
    files: Vec<Option<Stored<S::Output>>>,
    current: Current<S::Open>,
}

impl<S: Store> Drop for Out<'_, S> {
    fn drop(&mut self) {
        if let Current::File(open, ..) = std::mem::replace(&mut self.current, Current::None) {
            self.store.abort_file(open);
        }
        for stored in self.files.drain(..).flatten() {
            self.store.discard_file(stored.value);
        }
    }
}

/// A limit of `n` bytes, as [`Error::TooLarge`] states it.
fn too_large(n: u64) -> SpoolError {
    let limit = usize::try_from(n).unwrap_or(usize::MAX);
    Error::TooLarge { limit }.into()
}

/// A scanner error: the body is malformed or passed a part limit (400).
fn malformed(error: binder_core::Error) -> SpoolError {
    BindError::Malformed {
        source: Source::Body,
        error,
    }
    .into()
}

impl<S: Store> Out<'_, S> {
    /// Adds `bytes` to the in-memory body, under `limits.max_body_bytes`.
    fn keep(&mut self, bytes: &[u8]) -> Result<(), SpoolError> {
        let limit = self.options.limits.max_body_bytes;
        if self.synth.len() + bytes.len() > limit {
            return Err(too_large(limit as u64));
        }
        self.synth.extend_from_slice(bytes);
        Ok(())
    }

    /// A part begins: its delimiter and headers into the in-memory body, and
    /// a temporary file for a file part.
    async fn part(&mut self, head: &PartHead<'_>) -> Result<(), SpoolError> {
        let headers = head.headers();
        let boundary = self.boundary;
        self.keep(b"--")?;
        self.keep(boundary)?;
        self.keep(b"\r\n")?;
        self.keep(headers)?;
        self.keep(b"\r\n")?;
        self.current = if let Some(filename) = head.filename() {
            if self.files.len() >= self.options.max_files {
                return Err(malformed(binder_core::Error::new(
                    ErrorKind::TooManyParts,
                    head.offset(),
                )));
            }
            let open = self
                .store
                .open_file(&FileHead::of(head, filename), self.options)
                .await
                .map_err(SpoolError::Io)?;
            Current::File(open, filename.raw().is_empty(), 0)
        } else {
            Current::Text
        };
        Ok(())
    }

    /// The next piece of the current part's data (a slice of the frame, or
    /// of the scanner's carry).
    async fn data(&mut self, bytes: &[u8]) -> Result<(), SpoolError> {
        let store = self.store;
        match &mut self.current {
            Current::File(open, _, len) => {
                let limit = self.options.max_file_bytes;
                if *len + bytes.len() as u64 > limit {
                    return Err(too_large(limit));
                }
                *len += bytes.len() as u64;
                store.write_file(open, bytes).await.map_err(SpoolError::Io)
            }
            Current::Text => self.keep(bytes),
            Current::None => Ok(()),
        }
    }

    /// The current part is complete: a file is closed, its placeholder
    /// written in its data's place.
    async fn end(&mut self) -> Result<(), SpoolError> {
        match std::mem::replace(&mut self.current, Current::None) {
            // An empty file input: no data in the in-memory body either,
            // so that every field type reads it as no value, as in memory.
            Current::File(open, true, 0) => self.store.abort_file(open),
            Current::File(open, _, len) => {
                let value = self
                    .store
                    .finish_file(open, len)
                    .await
                    .map_err(SpoolError::Io)?;
                let index = self.files.len();
                self.files.push(Some(Stored { value, len }));
                let mut placeholder = Vec::with_capacity(40);
                write_placeholder(&mut placeholder, index);
                self.keep(&placeholder)?;
            }
            Current::Text | Current::None => {}
        }
        self.keep(b"\r\n")
    }
}

/// Streams a multipart `body` of `boundary`, declared `declared` bytes
/// long, under `options`.
pub(super) async fn spool<B, S: Store>(
    body: B,
    boundary: &Boundary,
    declared: Option<u64>,
    options: &SpoolOptions,
    store: &S,
) -> Result<SpooledBody<S::Output>, SpoolError>
where
    B: http_body::Body,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    let total = options.max_total_bytes;
    if declared.is_some_and(|n| n > total) {
        return Err(too_large(total));
    }
    let mut carry = vec![0u8; Feed::carry_len(&options.limits)];
    let mut feed = Feed::new(boundary, &mut carry, &options.limits)
        .map_err(|e| SpoolError::Io(std::io::Error::other(e.to_string())))?;
    let mut out = Out {
        options,
        store,
        boundary: boundary.as_bytes(),
        synth: Vec::new(),
        files: Vec::new(),
        current: Current::None,
    };
    let mut body = std::pin::pin!(body);
    let mut received: u64 = 0;
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|e| Error::Read(e.into()))?;
        let Ok(mut data) = frame.into_data() else {
            continue; // trailers
        };
        let data: Bytes = data.copy_to_bytes(data.remaining());
        if data.is_empty() {
            continue;
        }
        received += data.len() as u64;
        if let Some(declared) = declared.filter(|&n| received > n) {
            return Err(Error::LongerThanDeclared { declared }.into());
        }
        if received > total {
            return Err(too_large(total));
        }
        let mut input = feed.input(&data);
        while let Some(event) = input.next().map_err(malformed)? {
            match event {
                Event::Part(head) => out.part(&head).await?,
                Event::Data(bytes) => out.data(bytes).await?,
                Event::End => out.end().await?,
            }
        }
    }
    if let Some(n) = declared.filter(|&n| received < n) {
        return Err(Error::Incomplete {
            declared: n,
            received,
        }
        .into());
    }
    if received == 0 {
        // No body at all: bound as the in-memory path binds it (no body).
        return Ok(SpooledBody {
            bytes: Bytes::new(),
            files: Vec::new(),
        });
    }
    feed.finish().map_err(malformed)?;
    out.keep(b"--")?;
    out.keep(boundary.as_bytes())?;
    out.keep(b"--\r\n")?;
    Ok(SpooledBody {
        bytes: Bytes::from(std::mem::take(&mut out.synth)),
        files: std::mem::take(&mut out.files),
    })
}
