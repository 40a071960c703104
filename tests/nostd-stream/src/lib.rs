//! A `#![no_std]` crate with no allocator binds a `#[derive(Bind)]`
//! struct from a form body it never holds whole: the body is read in
//! 256-byte chunks, and [`form::Keep`] keeps, in a 1 KiB buffer, only the
//! pairs the struct reads (a device's settings form may carry far more).
//! CI builds it for `thumbv7em-none-eabihf`, where std does not exist.
//!
//! Measured figures (code size, stack) and how: `tests/nostd-stream/README.md`.
#![no_std]
#![forbid(unsafe_code)]

use binder_core::bind::{Body, Parts, Source};
use binder_core::{form, Bind, BindError, Limits};

/// The bytes read from the body at a time.
pub const CHUNK: usize = 256;
/// The buffer the kept pairs (and a pair straddling two chunks) live in.
pub const BUF: usize = 1024;

/// A device's settings, posted as a form (and only as a form: the bind
/// then holds no JSON or multipart code).
#[derive(Bind, Debug, PartialEq)]
#[bind(body, accept = "form")]
pub struct Settings<'r> {
    /// The device's name, borrowed from the buffer.
    pub device: &'r str,
    /// Seconds between two readings.
    pub interval: u16,
    /// Whether it reports at all.
    pub enabled: bool,
    /// An alarm threshold, if set.
    pub threshold: Option<i32>,
}

/// Binds [`Settings`] from a form body that `read` delivers: it fills the
/// chunk it is given (up to [`CHUNK`] bytes) and returns how many bytes it
/// wrote, 0 at the end of the body. The kept pairs live in `buf`, which
/// the result borrows from.
///
/// # Errors
/// [`BindError::Malformed`] when the body passes a limit (one pair longer
/// than the room left in `buf` among them); [`BindError::Fields`] when
/// fields fail.
pub fn bind_chunks<'b>(
    mut read: impl FnMut(&mut [u8; CHUNK]) -> usize,
    buf: &'b mut [u8; BUF],
) -> Result<Settings<'b>, BindError> {
    let limits = Limits::DEFAULT;
    let malformed = |error| BindError::Malformed {
        source: Source::Body,
        error,
    };
    let mut keep = form::Keep::for_bind::<Settings<'_>>(buf, &limits);
    let mut chunk = [0u8; CHUNK];
    loop {
        let n = read(&mut chunk).min(CHUNK);
        if n == 0 {
            break;
        }
        keep.push(&chunk[..n]).map_err(malformed)?;
    }
    let kept = keep.finish().map_err(malformed)?;
    Settings::bind_with(
        &Parts {
            body: Body::Form(kept),
            ..Parts::default()
        },
        &limits,
    )
}

/// [`bind_chunks`] from a body in memory, `CHUNK` bytes a read: what the
/// tests (and the stack measurement) drive.
///
/// # Errors
/// As [`bind_chunks`].
pub fn bind_slice<'b>(body: &[u8], buf: &'b mut [u8; BUF]) -> Result<Settings<'b>, BindError> {
    let mut rest = body;
    bind_chunks(
        |chunk| {
            let n = rest.len().min(CHUNK);
            chunk[..n].copy_from_slice(&rest[..n]);
            rest = &rest[n..];
            n
        },
        buf,
    )
}

#[cfg(test)]
mod tests;
