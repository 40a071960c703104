//! Writing one file part to its temporary file: the pieces of data
//! gathered (slices of the body's frames, shared, not copied; a piece that
//! is not, copied), each `CHUNK` of them written on tokio's blocking pool
//! while the next one gathers (two at most per upload).

use bytes::Bytes;
use std::fs::File;
use std::io::{self, Write as _};
use std::path::Path;
use tempfile::TempPath;
use tokio::task::JoinHandle;

/// Bytes gathered before a write is handed to the blocking pool.
pub(crate) const CHUNK: usize = 256 * 1024;

/// Pieces shorter than this are copied together into one (so that a body
/// of tiny frames makes few pieces).
const SMALL: usize = 16 * 1024;

/// A write in flight: the file and the buffer come back with its result.
type Pending = JoinHandle<(File, Vec<Bytes>, io::Result<()>)>;

/// One temporary file being written. (`pub` in a private module: the
/// `Open` type of `TempFiles`' `Store` impl, nameable by no one.)
#[doc(hidden)]
#[derive(Debug)]
pub struct Disk {
    /// The file, while no write is in flight.
    file: Option<File>,
    path: TempPath,
    /// The pieces gathered, and their bytes.
    buf: Vec<Bytes>,
    /// Short pieces, copied together.
    small: Vec<u8>,
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
            small: Vec::new(),
            gathered: 0,
            spare: Vec::new(),
            pending: None,
            len: 0,
        })
    }

    /// Appends `data`: shared when it is a long slice of `frame`, else
    /// copied. `CHUNK` bytes gathered are handed to the blocking pool.
    pub(crate) async fn write(&mut self, data: &[u8], frame: &Bytes) -> io::Result<()> {
        self.len += data.len() as u64;
        self.gathered += data.len();
        let (whole, part) = (frame.as_ptr_range(), data.as_ptr_range());
        if data.len() < SMALL || part.start < whole.start || whole.end < part.end {
            if self.small.capacity() == 0 {
                self.small.reserve_exact(SMALL);
            }
            self.small.extend_from_slice(data);
            if self.small.len() >= SMALL {
                self.seal_small();
            }
        } else {
            self.seal_small();
            self.buf.push(frame.slice_ref(data));
        }
        if self.gathered >= CHUNK {
            self.flush().await?;
        }
        Ok(())
    }

    /// Ends the piece of short pieces, if any.
    fn seal_small(&mut self) {
        if !self.small.is_empty() {
            self.buf.push(Bytes::from(std::mem::take(&mut self.small)));
        }
    }

    /// Waits for the write in flight, then starts writing the buffer.
    async fn flush(&mut self) -> io::Result<()> {
        self.seal_small();
        self.wait().await?;
        let Some(mut file) = self.file.take() else {
            return Err(io::Error::other("the temporary file was lost"));
        };
        let buf = std::mem::replace(&mut self.buf, std::mem::take(&mut self.spare));
        self.gathered = 0;
        self.pending = Some(tokio::task::spawn_blocking(move || {
            let result = write_pieces(&mut file, &buf);
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
        if self.gathered > 0 {
            self.flush().await?;
        }
        self.wait().await?;
        drop(self.file.take());
        Ok((self.path, self.len))
    }
}

/// Writes `pieces` whole, many to a system call.
fn write_pieces(file: &mut File, pieces: &[Bytes]) -> io::Result<()> {
    let mut slices: Vec<io::IoSlice<'_>> = pieces.iter().map(|p| io::IoSlice::new(p)).collect();
    let mut left = &mut slices[..];
    while !left.is_empty() {
        match file.write_vectored(left) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => io::IoSlice::advance_slices(&mut left, n),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}
