//! Writing one file part to its temporary file: bytes gathered into a
//! buffer, each full buffer written on tokio's blocking pool while the next
//! one fills (two buffers at most per upload).

use std::fs::File;
use std::io::{self, Write as _};
use std::path::Path;
use tempfile::TempPath;
use tokio::task::JoinHandle;

/// Bytes gathered before a write is handed to the blocking pool.
pub(crate) const CHUNK: usize = 256 * 1024;

/// A write in flight: the file and the buffer come back with its result.
type Pending = JoinHandle<(File, Vec<u8>, io::Result<()>)>;

/// One temporary file being written.
pub(crate) struct Disk {
    /// The file, while no write is in flight.
    file: Option<File>,
    path: TempPath,
    buf: Vec<u8>,
    /// The buffer the last write used, kept to fill next.
    spare: Vec<u8>,
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
            spare: Vec::new(),
            pending: None,
            len: 0,
        })
    }

    /// Bytes written so far (buffered included).
    pub(crate) fn len(&self) -> u64 {
        self.len
    }

    /// Appends `data`, handing a full buffer to the blocking pool.
    pub(crate) async fn write(&mut self, mut data: &[u8]) -> io::Result<()> {
        self.len += data.len() as u64;
        while !data.is_empty() {
            if self.buf.capacity() == 0 {
                self.buf.reserve_exact(CHUNK);
            }
            let room = CHUNK - self.buf.len();
            let n = room.min(data.len());
            self.buf.extend_from_slice(&data[..n]);
            data = &data[n..];
            if self.buf.len() == CHUNK {
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
        let mut buf = std::mem::replace(&mut self.buf, std::mem::take(&mut self.spare));
        self.pending = Some(tokio::task::spawn_blocking(move || {
            let result = file.write_all(&buf);
            buf.clear();
            (file, buf, result)
        }));
        Ok(())
    }

    /// Waits for the write in flight, if any.
    async fn wait(&mut self) -> io::Result<()> {
        if let Some(pending) = self.pending.take() {
            let (file, spare, result) = pending.await.map_err(io::Error::other)?;
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
