//! Writing one file part to its temporary file: the pieces of data
//! gathered (slices of the body's frames, shared, not copied; a piece that
//! is not, copied), each `CHUNK` of them written on tokio's blocking pool
//! while the next one gathers (two at most per upload).

use std::fs::File;
use std::io::{self, Write as _};
use bytes::Bytes;
use std::path::Path;
use tempfile::TempPath;
use tokio::task::JoinHandle;

/// Bytes gathered before a write is handed to the blocking pool.
pub(crate) const CHUNK: usize = 256 * 1024;

/// A write in flight: the file and the buffer come back with its result.
type Pending = JoinHandle<(File, Vec<Bytes>, io::Result<()>)>;

/// One temporary file being written.
pub(crate) struct Disk {
    /// The file, while no write is in flight.
    file: Option<File>,
    path: TempPath,
    /// The pieces gathered, and their bytes.
    buf: Vec<Bytes>,
    gathered: usize,
    /// The list the last write used, kept to fill next.
    spare: Vec<Bytes>,
    pending: Option<Pending>,
    len: u64,
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
            gathered: 0,
            spare: Vec::new(),
            pending: None,
            len: 0,
        })
    }

    /// Bytes written so far (buffered included).
    pub(crate) fn len(&self) -> u64 {
        self.len
    }

    /// Appends `data`: shared when it is a slice of `frame`, else copied.
    /// `CHUNK` bytes gathered are handed to the blocking pool.
    pub(crate) async fn write(&mut self, data: &[u8], frame: &Bytes) -> io::Result<()> {
        if data.is_empty() {
            return Ok(());
        }
        self.len += data.len() as u64;
        let (whole, part) = (frame.as_ptr_range(), data.as_ptr_range());
        let piece = if whole.start <= part.start && part.end <= whole.end {
            frame.slice_ref(data)
        } else {
            Bytes::copy_from_slice(data)
        };
        self.gathered += piece.len();
        self.buf.push(piece);
        if self.gathered >= CHUNK {
            self.flush().await?;
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
        self.gathered = 0;
        self.pending = Some(tokio::task::spawn_blocking(move || {
            let result = buf.iter().try_for_each(|piece| file.write_all(piece));
            (file, buf, result)
        }));
        Ok(())
    }

    /// Waits for the write in flight, if any.
    async fn wait(&mut self) -> io::Result<()> {
        if let Some(pending) = self.pending.take() {
            let (file, mut spare, result) = pending.await.map_err(io::Error::other)?;
            // The pieces are let go here, on the thread that got them.
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
