//! Where spooled files go: a [`Sink`] of the service's own (an object
//! store's upload, a hasher, ...) or [`TempFiles`], the default; and
//! [`Store`], what the spooled read asks of either.

use super::disk::Disk;
use super::SpoolOptions;
use binder_core::multipart::{Param, PartHead};
use std::borrow::Cow;
use std::future::Future;
use std::io;
use tempfile::TempPath;
use tokio::io::{AsyncWrite, AsyncWriteExt};

/// The head of a file part, as a [`Sink`] gets it when the part begins:
/// the part's field name, the filename and the content type as sent.
///
/// ```
/// use binder_hyper::spool::FileHead;
///
/// let head = FileHead::new("doc", "a.txt", Some("text/plain"));
/// assert_eq!(head.name(), "doc");
/// assert_eq!(head.filename(), "a.txt");
/// assert_eq!(head.content_type(), Some("text/plain"));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct FileHead<'a> {
    name: HeadText<'a>,
    filename: HeadText<'a>,
    content_type: Option<&'a [u8]>,
}

/// A name as the scanner found it, or as given to [`FileHead::new`].
#[derive(Clone, Copy, Debug)]
enum HeadText<'a> {
    Sent(Param<'a>),
    Given(&'a str),
}

impl<'a> HeadText<'a> {
    fn text(self) -> Cow<'a, str> {
        match self {
            HeadText::Given(s) => Cow::Borrowed(s),
            HeadText::Sent(p) => match p.to_cow() {
                Cow::Borrowed(b) => String::from_utf8_lossy(b),
                Cow::Owned(v) => Cow::Owned(String::from_utf8_lossy(&v).into_owned()),
            },
        }
    }
}

impl<'a> FileHead<'a> {
    /// A head of these values, taken as decoded (to test a [`Sink`] with).
    pub fn new(name: &'a str, filename: &'a str, content_type: Option<&'a str>) -> Self {
        FileHead {
            name: HeadText::Given(name),
            filename: HeadText::Given(filename),
            content_type: content_type.map(str::as_bytes),
        }
    }

    /// The head of a file part the scanner found.
    pub(super) fn of(head: &PartHead<'a>, filename: Param<'a>) -> Self {
        FileHead {
            name: HeadText::Sent(head.name()),
            filename: HeadText::Sent(filename),
            content_type: head.content_type(),
        }
    }

    /// The part's field name, decoded (bytes that are not UTF-8 replaced).
    pub fn name(&self) -> Cow<'a, str> {
        self.name.text()
    }

    /// The filename, decoded (bytes that are not UTF-8 replaced). The
    /// client's choice: never use it as a path unchecked.
    pub fn filename(&self) -> Cow<'a, str> {
        self.filename.text()
    }

    /// The part's `Content-Type` as sent, if any and UTF-8.
    pub fn content_type(&self) -> Option<&'a str> {
        self.content_type.and_then(|t| std::str::from_utf8(t).ok())
    }
}

/// A destination of the service's own for uploaded files: each file part
/// is written to a writer it opens, as the part arrives, then finished
/// into an [`Output`](Sink::Output) that a [`StoredFile`](super::StoredFile)
/// field receives (with the filename, content type and size). Bind with
/// [`bind_spooled_to`](super::bind_spooled_to) (binder-axum:
/// `SpooledTo`). The limits of [`SpoolOptions`] apply as they do to
/// temporary files.
///
/// What happens to a file part:
/// - the part begins: [`open`](Sink::open) with its [`FileHead`];
/// - its bytes arrive: written to the writer (`write_all`), in pieces of
///   any size;
/// - it ends: the writer is shut down (`AsyncWriteExt::shutdown`), then
///   [`finish`](Sink::finish) makes the output;
/// - it fails (a limit, a malformed body, the connection lost, the
///   request's future dropped, a write or the shutdown failing), or it is
///   an empty file input (`filename=""`, no bytes): [`abort`](Sink::abort)
///   gets the writer. `abort` is synchronous, as it may run in a `Drop`:
///   start asynchronous cleanup (an object store's "abort upload") on a
///   task of its own;
/// - a finished output no field takes (a part name the target does not
///   have, a failed bind, a later part failing): [`discard`](Sink::discard).
///
/// ```
/// use binder_hyper::spool::{FileHead, Sink};
/// use binder_hyper::{Bind, SpoolOptions, StoredFile};
/// use bytes::Bytes;
/// use http_body_util::Full;
/// use std::sync::Mutex;
///
/// /// Keeps every file in memory under its field name (an object store's
/// /// client would start an upload in `open` instead).
/// #[derive(Default)]
/// struct Memory {
///     aborted: Mutex<Vec<String>>,
/// }
///
/// impl Sink for Memory {
///     type Writer = Vec<u8>; // tokio's `AsyncWrite` for `Vec<u8>`
///     type Output = Vec<u8>;
///
///     async fn open(&self, head: &FileHead<'_>) -> std::io::Result<Vec<u8>> {
///         assert_eq!(head.filename(), "a.txt");
///         Ok(Vec::new())
///     }
///
///     async fn finish(&self, writer: Vec<u8>, len: u64) -> std::io::Result<Vec<u8>> {
///         assert_eq!(writer.len() as u64, len);
///         Ok(writer)
///     }
///
///     fn abort(&self, writer: Vec<u8>) {
///         self.aborted.lock().unwrap().push(format!("{} bytes", writer.len()));
///     }
/// }
///
/// #[derive(Bind)]
/// struct Upload {
///     #[bind(body)]
///     title: String,
///     #[bind(body)]
///     doc: StoredFile<Vec<u8>>,
/// }
///
/// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
/// let body = "--B\r\nContent-Disposition: form-data; name=title\r\n\r\nQ3\r\n\
///             --B\r\nContent-Disposition: form-data; name=doc; filename=a.txt\r\n\r\nhello\r\n--B--\r\n";
/// let req = |body: &'static str| {
///     http::Request::post("/docs")
///         .header("content-type", "multipart/form-data; boundary=B")
///         .body(Full::new(Bytes::from(body)))
/// };
/// let sink = Memory::default();
/// let up: Upload = binder_hyper::bind_spooled_to(req(body)?, &[], &SpoolOptions::default(), &sink).await?;
/// assert_eq!((up.title.as_str(), up.doc.filename(), up.doc.len()), ("Q3", "a.txt", 5));
/// assert_eq!(up.doc.into_value(), b"hello");
///
/// // A file past its limit: the writer is aborted, the request is a 413.
/// let mut options = SpoolOptions::default();
/// options.max_file_bytes = 3;
/// let err = binder_hyper::bind_spooled_to::<Upload, _, _>(req(body)?, &[], &options, &sink).await.err().unwrap();
/// assert_eq!(err.status(), 413);
/// assert_eq!(*sink.aborted.lock().unwrap(), ["0 bytes"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// # })?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Sink: Sync {
    /// Where one file's bytes are written.
    type Writer: AsyncWrite + Unpin + Send;
    /// What a finished file is, handed to its [`StoredFile`](super::StoredFile)
    /// field (an object's key, a digest, the bytes).
    type Output: Send + 'static;

    /// A file part begins: a writer for its bytes.
    ///
    /// # Errors
    /// Fails the upload with [`SpoolError::Io`](super::SpoolError::Io) (500).
    fn open(&self, head: &FileHead<'_>) -> impl Future<Output = io::Result<Self::Writer>> + Send;

    /// A file part ended, `len` bytes written and the writer shut down:
    /// the output its field receives.
    ///
    /// # Errors
    /// Fails the upload with [`SpoolError::Io`](super::SpoolError::Io) (500).
    fn finish(
        &self,
        writer: Self::Writer,
        len: u64,
    ) -> impl Future<Output = io::Result<Self::Output>> + Send;

    /// The part failed, or was an empty file input: let the writer go
    /// (by default, dropped). Runs synchronously, perhaps in a `Drop`.
    fn abort(&self, writer: Self::Writer) {
        drop(writer);
    }

    /// A finished file no field took (by default, dropped).
    fn discard(&self, output: Self::Output) {
        drop(output);
    }
}

/// The default destination: each file part written to a temporary file
/// (through the `tempfile` crate, in `SpoolOptions::temp_dir`), held by a
/// [`SpooledFile`](super::SpooledFile) field. What
/// [`bind_spooled`](super::bind_spooled) uses.
///
/// ```
/// use binder_hyper::spool::TempFiles;
/// use binder_hyper::{Bind, SpoolOptions, SpooledFile};
///
/// #[derive(Bind)]
/// struct Upload {
///     #[bind(body)]
///     doc: SpooledFile,
/// }
///
/// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
/// let body = "--B\r\nContent-Disposition: form-data; name=doc; filename=a.txt\r\n\r\nhello\r\n--B--\r\n";
/// let req = http::Request::post("/").header("content-type", "multipart/form-data; boundary=B")
///     .body(http_body_util::Full::new(bytes::Bytes::from(body)))?;
/// // The same as `bind_spooled(req, &[], &options)`.
/// let up: Upload = binder_hyper::bind_spooled_to(req, &[], &SpoolOptions::default(), &TempFiles).await?;
/// assert_eq!(std::fs::read(up.doc.path())?, b"hello");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// # })?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct TempFiles;

mod private {
    pub trait Sealed {}
}

impl<K: Sink> private::Sealed for K {}
impl private::Sealed for TempFiles {}

/// Where a spooled read writes file parts: [`TempFiles`] or any [`Sink`]
/// (implemented by binder for both; implement [`Sink`]). Its methods are
/// the spooled read's own.
///
/// ```
/// use binder_hyper::spool::{Store, TempFiles};
///
/// fn output_of<S: Store>(_: &S) -> &'static str {
///     std::any::type_name::<S::Output>()
/// }
/// assert!(output_of(&TempFiles).ends_with("TempPath"));
/// ```
pub trait Store: Sync + private::Sealed {
    /// What a finished file is: a [`TempPath`] for [`TempFiles`], the
    /// sink's [`Sink::Output`].
    type Output: Send + 'static;
    #[doc(hidden)]
    type Open: Send;

    #[doc(hidden)]
    fn open_file(
        &self,
        head: &FileHead<'_>,
        options: &SpoolOptions,
    ) -> impl Future<Output = io::Result<Self::Open>> + Send;

    #[doc(hidden)]
    fn write_file(
        &self,
        open: &mut Self::Open,
        data: &[u8],
    ) -> impl Future<Output = io::Result<()>> + Send;

    #[doc(hidden)]
    fn finish_file(
        &self,
        open: Self::Open,
        len: u64,
    ) -> impl Future<Output = io::Result<Self::Output>> + Send;

    #[doc(hidden)]
    fn abort_file(&self, open: Self::Open);

    #[doc(hidden)]
    fn discard_file(&self, output: Self::Output);
}

impl Store for TempFiles {
    type Output = TempPath;
    type Open = Disk;

    async fn open_file(&self, _: &FileHead<'_>, options: &SpoolOptions) -> io::Result<Disk> {
        Disk::create(options.temp_dir.as_deref())
    }

    async fn write_file(&self, disk: &mut Disk, data: &[u8]) -> io::Result<()> {
        disk.write(data).await
    }

    async fn finish_file(&self, disk: Disk, _: u64) -> io::Result<TempPath> {
        disk.finish().await.map(|(path, _)| path)
    }

    fn abort_file(&self, disk: Disk) {
        drop(disk); // deletes the file
    }

    fn discard_file(&self, path: TempPath) {
        drop(path); // deletes the file
    }
}

impl<K: Sink> Store for K {
    type Output = K::Output;
    type Open = K::Writer;

    fn open_file(
        &self,
        head: &FileHead<'_>,
        _: &SpoolOptions,
    ) -> impl Future<Output = io::Result<K::Writer>> + Send {
        self.open(head)
    }

    async fn write_file(&self, w: &mut K::Writer, data: &[u8]) -> io::Result<()> {
        w.write_all(data).await
    }

    async fn finish_file(&self, mut w: K::Writer, len: u64) -> io::Result<K::Output> {
        if let Err(e) = w.shutdown().await {
            self.abort(w);
            return Err(e);
        }
        self.finish(w, len).await
    }

    fn abort_file(&self, w: K::Writer) {
        self.abort(w);
    }

    fn discard_file(&self, output: K::Output) {
        self.discard(output);
    }
}
