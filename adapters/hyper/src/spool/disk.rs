//! Writing one file part to its temporary file: the data copied into one
//! of two buffers of `CHUNK` bytes, each full one written on tokio's
//! blocking pool while the other fills, the same two buffers reused for the
//! whole file.
//!
//! Copied, not shared: holding slices of the body's frames until their
//! write ended kept hyper from reusing its read buffer, so every read
//! landed in memory fresh from the system. Six 255 MiB uploads on loopback
//! took the server 1.58 CPU-s and 101,822 page faults shared in 256 KiB
//! writes (1.52-1.65 CPU-s and up to 204,546 faults in 1 MiB ones), and
//! 0.96-1.03 CPU-s and 1,500-4,000 faults copied into 1 MiB buffers
//! (256 KiB buffers: 1.14-1.23 CPU-s; 2 MiB: 1.58-1.60).

use std::fs::File;
use std::io::{self, Write as _};
use std::path::Path;
use tempfile::TempPath;
use tokio::task::JoinHandle;

/// Bytes gathered before a write is handed to the blocking pool.
pub(crate) const CHUNK: usize = 1024 * 1024;

/// Allocates the blocks of `len` bytes at `at` in `file` before they are
/// written, its size unchanged. On ext4 a write into blocks so allocated
/// skips the delayed-allocation bookkeeping each page otherwise takes:
/// 1 GiB in 1 MiB writes took 0.20 s, 0.15 s with each MiB allocated first
/// (on this project's machines; on tmpfs it makes no difference). A hint:
/// a filesystem that cannot (or a full disk, which the write then reports)
/// leaves the write as it was.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn allocate(file: &File, at: u64, len: usize) {
    use rustix::fs::{fallocate, FallocateFlags};
    let _ = fallocate(file, FallocateFlags::KEEP_SIZE, at, len as u64);
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn allocate(_: &File, _: u64, _: usize) {}

/// A write in flight: the file and the buffer come back with its result.
type Pending = JoinHandle<(File, Vec<u8>, io::Result<()>)>;

/// One temporary file being written. (`pub` in a private module: the
/// `Open` type of `TempFiles`' `Store` impl, nameable by no one.)
#[doc(hidden)]
#[derive(Debug)]
pub struct Disk {
    /// The file, while no write is in flight.
    file: Option<File>,
    path: TempPath,
    /// The bytes gathered.
    buf: Vec<u8>,
    /// The buffer the last write used, kept to fill next.
    spare: Vec<u8>,
    pending: Option<Pending>,
    len: u64,
    /// The bytes handed to the blocking pool so far: where the next write
    /// starts.
    flushed: u64,
}

impl Disk {
    /// Creates a temporary file in `dir` (the system's temporary directory
    /// when `None`).
    pub(crate) fn create(dir: Option<&Path>) -> io::Result<Disk> {
        let mut builder = tempfile::Builder::new();
        builder.prefix(".binder-upload-");
        let file = match dir {
            Some(dir) => builder.tempfile_in(dir)?,
            None => builder.tempfile()?,
        };
        let (file, path) = file.into_parts();
        Ok(Disk {
            file: Some(file),
            path,
            buf: Vec::new(),
            spare: Vec::new(),
            pending: None,
            len: 0,
            flushed: 0,
        })
    }

    /// Appends `data`, copied. `CHUNK` bytes gathered are handed to the
    /// blocking pool. (The buffers grow as a `Vec` does: a small file
    /// takes a small one.)
    pub(crate) async fn write(&mut self, mut data: &[u8]) -> io::Result<()> {
        self.len += data.len() as u64;
        while !data.is_empty() {
            let room = CHUNK - self.buf.len();
            let (now, rest) = data.split_at(room.min(data.len()));
            self.buf.extend_from_slice(now);
            data = rest;
            if self.buf.len() >= CHUNK {
                self.flush().await?;
            }
        }
        Ok(())
    }

    /// Waits for the write in flight, then starts writing the buffer.
    async fn flush(&mut self) -> io::Result<()> {
        self.wait().await?;
        let Some(mut file) = self.file.take() else {
            return Err(io::Error::other("the temporary file was lost"));
        };
        let buf = std::mem::replace(&mut self.buf, std::mem::take(&mut self.spare));
        let at = self.flushed;
        self.flushed += buf.len() as u64;
        self.pending = Some(tokio::task::spawn_blocking(move || {
            // A full chunk only: a small file is not worth the call.
            if buf.len() >= CHUNK {
                allocate(&file, at, buf.len());
            }
            let result = file.write_all(&buf);
            (file, buf, result)
        }));
        Ok(())
    }

    /// Waits for the write in flight, if any.
    async fn wait(&mut self) -> io::Result<()> {
        if let Some(pending) = self.pending.take() {
            let (file, mut spare, result) = pending.await.map_err(io::Error::other)?;
            spare.clear();
            self.file = Some(file);
            self.spare = spare;
            result?;
        }
        Ok(())
    }

    /// Writes what is left and closes the file: its bytes are all on the
    /// filesystem when this returns.
    pub(crate) async fn finish(mut self) -> io::Result<(TempPath, u64)> {
        if !self.buf.is_empty() {
            self.flush().await?;
        }
        self.wait().await?;
        drop(self.file.take());
        Ok((self.path, self.len))
    }
}
