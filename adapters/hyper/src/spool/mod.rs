//! Uploads larger than memory (feature `spool`): a multipart body read
//! frame by frame, each file part written to a temporary file (or a
//! [`Sink`] of the service's own) as it arrives, the text parts kept in
//! memory and bound as [`bind`](crate::bind) binds them.
//!
//! How it binds: while the body streams, the text parts and every part's
//! headers are copied verbatim into a small multipart body in memory, of the
//! same boundary, in which each file part's data is replaced by a
//! placeholder naming its spooled file (the file parts are all the
//! server's: every file part the client sent was spooled). The target is
//! then bound from that body by the ordinary engine; a [`SpooledFile`]
//! (or [`StoredFile`]) field claims the file its placeholder names, and
//! every file no field claimed (a part name the target does not have, a
//! failed bind) is deleted (a sink's: handed to [`Sink::discard`]) before
//! the call returns. A body that fails mid-upload (a limit, a malformed
//! part, the connection lost, the future dropped) leaves no temporary file
//! behind (a sink's writer: handed to [`Sink::abort`]). The claims go
//! through a registry of the calling thread, set around the synchronous
//! bind (one allocation a request with files).
//!
//! Every file part is spooled, so in a spooled bind a file binds as a
//! [`SpooledFile`] (or `Option`/`Vec` of it; a [`StoredFile`] when the
//! files go to a [`Sink`]): a field of a type that takes a file's bytes in
//! memory (`UploadedFile`, `FilePart`, `bytes::Bytes`, a `Value` of your
//! own that reads `Part::data`) offered a file part fails, its error
//! naming the field (the placeholder is marked as a held file, and only
//! the types whose `Value::CLAIMS_HELD` is set take it). Text fields
//! refuse a file part as they do in memory.
//!
//! Limits ([`SpoolOptions`]): bytes per file, bytes in the whole body,
//! files per request, the parts and part headers of
//! [`Limits`] (`max_parts`, `max_part_header_bytes`,
//! `max_part_headers`), and the bytes held in memory (text parts and part
//! headers) under `limits.max_body_bytes`. A body that is not multipart is
//! read whole under `limits.max_body_bytes` and bound as `bind` binds it.

mod disk;
mod file;
mod sink;
mod stream;

pub use file::{SpooledFile, StoredFile};
pub use sink::{FileHead, Sink, Store, TempFiles};

use crate::{Error, Limits, OwnedBind};
use bytes::Bytes;
use file::Stored;
use std::path::PathBuf;
use tempfile::TempPath;

/// The limits and the temporary directory of a spooled upload
/// ([`bind_spooled`]). Start from [`SpoolOptions::default`] and change
/// fields:
///
/// ```
/// use binder_hyper::SpoolOptions;
///
/// let mut options = SpoolOptions::default();
/// options.max_file_bytes = 4 << 30; // 4 GiB a file
/// options.max_total_bytes = 8 << 30;
/// options.limits.max_parts = 50;
/// assert_eq!(options.max_files, 20);
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct SpoolOptions {
    /// The limits of the bind, as [`bind`](crate::bind) applies them;
    /// `max_body_bytes` bounds what is held in memory: the text parts and
    /// every part's headers (or the whole body, when it is not
    /// multipart). Default [`Limits::DEFAULT`].
    pub limits: Limits,
    /// Bytes in one file, at most: a file past it fails the upload (413).
    /// Default 1 GiB.
    pub max_file_bytes: u64,
    /// Bytes in the whole body, as sent, at most (413; a `Content-Length`
    /// past it before one byte is read). Default 1 GiB.
    pub max_total_bytes: u64,
    /// File parts in one request, at most (each is a temporary file): one
    /// more fails the upload (400: the multipart
    /// `TooManyParts` error, code `limit`). Default 20 (PHP's
    /// `max_file_uploads`).
    pub max_files: usize,
    /// Where temporary files are created; `None`: the system's temporary
    /// directory (`std::env::temp_dir`). Put it on the filesystem the
    /// files are to be kept on, so that [`SpooledFile::persist`] renames.
    pub temp_dir: Option<PathBuf>,
}

impl Default for SpoolOptions {
    fn default() -> Self {
        SpoolOptions {
            limits: Limits::DEFAULT,
            max_file_bytes: 1 << 30,
            max_total_bytes: 1 << 30,
            max_files: 20,
            temp_dir: None,
        }
    }
}

/// Why a spooled upload failed: the request's fault, as [`Error`] says
/// (400, 413 or 415), or the server's: a temporary file could not be
/// created or written (500).
///
/// ```
/// use binder_hyper::{Error, SpoolError};
///
/// let e = SpoolError::from(Error::TooLarge { limit: 8 });
/// assert_eq!(e.status(), 413);
/// assert!(matches!(e.request(), Some(Error::TooLarge { limit: 8 })));
/// let e = SpoolError::Io(std::io::Error::other("disk full"));
/// assert_eq!(e.status(), 500);
/// let res: http::Response<String> = e.to_response();
/// assert_eq!(res.status(), 500);
/// assert!(!res.body().contains("disk full")); // not told to the client
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum SpoolError {
    /// The request was refused, as [`bind`](crate::bind) refuses one.
    Request(Error),
    /// A temporary file could not be created or written.
    Io(std::io::Error),
}

impl SpoolError {
    /// The status to answer with: the request error's, or 500.
    pub fn status(&self) -> http::StatusCode {
        match self {
            SpoolError::Request(e) => e.status(),
            SpoolError::Io(_) => http::StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The request error, if that is what this is.
    pub fn request(&self) -> Option<&Error> {
        match self {
            SpoolError::Request(e) => Some(e),
            SpoolError::Io(_) => None,
        }
    }

    /// The whole response, `application/problem+json`: the request error's
    /// (see [`Error::to_response`]), or a bare 500 that says nothing of the
    /// server's filesystem.
    pub fn to_response<B: From<String>>(&self) -> http::Response<B> {
        match self {
            SpoolError::Request(e) => e.to_response(),
            SpoolError::Io(_) => {
                let body = r#"{"type":"about:blank","title":"Internal Server Error","status":500}"#;
                let mut res = http::Response::new(B::from(body.to_owned()));
                *res.status_mut() = http::StatusCode::INTERNAL_SERVER_ERROR;
                res.headers_mut().insert(
                    http::header::CONTENT_TYPE,
                    http::HeaderValue::from_static(crate::PROBLEM_JSON),
                );
                res
            }
        }
    }
}

impl From<Error> for SpoolError {
    fn from(e: Error) -> Self {
        SpoolError::Request(e)
    }
}

impl From<binder_http::BindError> for SpoolError {
    fn from(e: binder_http::BindError) -> Self {
        SpoolError::Request(e.into())
    }
}

impl std::fmt::Display for SpoolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SpoolError::Request(e) => std::fmt::Display::fmt(e, f),
            SpoolError::Io(e) => write!(f, "spooling an upload failed: {e}"),
        }
    }
}

impl std::error::Error for SpoolError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SpoolError::Request(e) => Some(e),
            SpoolError::Io(e) => Some(e),
        }
    }
}

/// A request body read by [`spool_body`]: the text parts and headers in
/// memory, the files on disk until a bind claims them ([`SpooledBody::bind`]).
/// Dropped unbound, it deletes its files.
///
/// ```
/// use binder_hyper::SpoolOptions;
/// use bytes::Bytes;
/// use http_body_util::Full;
///
/// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
/// let body = "--B\r\nContent-Disposition: form-data; name=title\r\n\r\nQ3\r\n\
///             --B\r\nContent-Disposition: form-data; name=doc; filename=a.txt\r\n\r\nhello\r\n--B--\r\n";
/// let req = http::Request::post("/")
///     .header("content-type", "multipart/form-data; boundary=B")
///     .body(Full::new(Bytes::from(body)))?;
/// let (parts, body) = req.into_parts();
/// let spooled = binder_hyper::spool_body(&parts, body, &SpoolOptions::default()).await?;
/// // The text as sent; the file's bytes replaced by its placeholder.
/// assert_eq!(spooled.files(), 1);
/// assert!(spooled.bytes().windows(2).any(|w| w == b"Q3"));
/// assert!(!spooled.bytes().windows(5).any(|w| w == b"hello"));
/// drop(spooled); // unbound: its file is deleted
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// # })?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// `O` is what the store made of each file: a [`TempPath`] for
/// [`TempFiles`], a sink's [`Sink::Output`] ([`spool_body_to`]).
#[derive(Debug)]
pub struct SpooledBody<O = TempPath> {
    bytes: Bytes,
    files: Vec<Option<Stored<O>>>,
}

impl<O: 'static> SpooledBody<O> {
    /// The body the target binds from: the text parts as sent, each file
    /// part's data replaced by a placeholder (the body as read, when it is
    /// not multipart).
    pub fn bytes(&self) -> &Bytes {
        &self.bytes
    }

    /// Files spooled (claimed or not).
    pub fn files(&self) -> usize {
        self.files.len()
    }

    /// Runs `bind` over [`SpooledBody::bytes`] with the spooled files to
    /// claim: each [`SpooledFile`] field takes its own. The files no field
    /// took are deleted when this returns. For an adapter with path
    /// parameters of its own (binder-axum); [`bind_spooled`] does it all.
    ///
    /// ```
    /// use binder_hyper::{Bind, HttpRequest, Limits, SpoolOptions, SpooledFile};
    /// use bytes::Bytes;
    /// use http_body_util::Full;
    ///
    /// #[derive(Bind)]
    /// struct Upload {
    ///     #[bind(path)]
    ///     team: u32,
    ///     #[bind(body)]
    ///     doc: SpooledFile,
    /// }
    ///
    /// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
    /// let body = "--B\r\nContent-Disposition: form-data; name=doc; filename=a.txt\r\n\r\nhello\r\n--B--\r\n";
    /// let req = http::Request::post("/teams/7/docs")
    ///     .header("content-type", "multipart/form-data; boundary=B")
    ///     .body(Full::new(Bytes::from(body)))?;
    /// let (parts, body) = req.into_parts();
    /// let spooled = binder_hyper::spool_body(&parts, body, &SpoolOptions::default()).await?;
    /// assert_eq!(spooled.files(), 1);
    /// let up: Upload = spooled.bind(|body| {
    ///     Upload::bind_with(&HttpRequest::with_bytes(&parts, body, &[("team", "7")][..]), &Limits::DEFAULT)
    /// })?;
    /// assert_eq!((up.team, up.doc.len()), (7, 5));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// # })?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn bind<R>(self, bind: impl FnOnce(&Bytes) -> R) -> R {
        let SpooledBody { bytes, files } = self;
        file::with_claims(files, || bind(&bytes)).0
    }

    /// As [`SpooledBody::bind`], handing the files no field took to
    /// `store`'s [`Sink::discard`] (dropping them, for [`TempFiles`]).
    ///
    /// ```
    /// use binder_hyper::spool::{FileHead, Sink};
    /// use binder_hyper::{Bind, HttpRequest, Limits, SpoolOptions};
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    ///
    /// /// Counts the files it was handed back.
    /// #[derive(Default)]
    /// struct Nowhere(AtomicUsize);
    ///
    /// impl Sink for Nowhere {
    ///     type Writer = tokio::io::Sink;
    ///     type Output = ();
    ///     async fn open(&self, _: &FileHead<'_>) -> std::io::Result<tokio::io::Sink> {
    ///         Ok(tokio::io::sink())
    ///     }
    ///     async fn finish(&self, _: tokio::io::Sink, _: u64) -> std::io::Result<()> {
    ///         Ok(())
    ///     }
    ///     fn discard(&self, (): ()) {
    ///         self.0.fetch_add(1, Ordering::Relaxed);
    ///     }
    /// }
    ///
    /// #[derive(Bind)]
    /// struct Title {
    ///     #[bind(body)]
    ///     title: String,
    /// }
    ///
    /// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
    /// let body = "--B\r\nContent-Disposition: form-data; name=title\r\n\r\nQ3\r\n\
    ///             --B\r\nContent-Disposition: form-data; name=doc; filename=a.txt\r\n\r\nhello\r\n--B--\r\n";
    /// let req = http::Request::post("/").header("content-type", "multipart/form-data; boundary=B")
    ///     .body(http_body_util::Full::new(bytes::Bytes::from(body)))?;
    /// let (parts, body) = req.into_parts();
    /// let sink = Nowhere::default();
    /// let spooled = binder_hyper::spool_body_to(&parts, body, &SpoolOptions::default(), &sink).await?;
    /// let t = spooled.bind_with(&sink, |body| {
    ///     Title::bind_with(&HttpRequest::with_bytes(&parts, body, &[][..]), &Limits::DEFAULT)
    /// })?;
    /// assert_eq!((t.title.as_str(), sink.0.load(Ordering::Relaxed)), ("Q3", 1)); // `doc`: no field
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// # })?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn bind_with<S, R>(self, store: &S, bind: impl FnOnce(&Bytes) -> R) -> R
    where
        S: Store<Output = O>,
    {
        let SpooledBody { bytes, files } = self;
        let (bound, left) = file::with_claims(files, || bind(&bytes));
        for stored in left.into_iter().flatten() {
            store.discard_file(stored.value);
        }
        bound
    }
}

/// Reads `body` (of a request with head `parts`) under `options`: a
/// multipart body streamed, its files to temporary files; any other read
/// whole under `options.limits.max_body_bytes`. Then bind with
/// [`SpooledBody::bind`]; [`bind_spooled`] does both.
///
/// ```
/// use binder_hyper::SpoolOptions;
/// use bytes::Bytes;
/// use http_body_util::Full;
///
/// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
/// let dir = tempfile::tempdir()?;
/// let mut options = SpoolOptions::default();
/// options.temp_dir = Some(dir.path().to_owned());
/// let body = "--B\r\nContent-Disposition: form-data; name=doc; filename=a.txt\r\n\r\nhello\r\n--B--\r\n";
/// let req = http::Request::post("/")
///     .header("content-type", "multipart/form-data; boundary=B")
///     .body(Full::new(Bytes::from(body)))?;
/// let (parts, body) = req.into_parts();
/// let spooled = binder_hyper::spool_body(&parts, body, &options).await?;
/// assert_eq!(std::fs::read_dir(dir.path())?.count(), 1); // on disk, unclaimed
/// drop(spooled);
/// assert_eq!(std::fs::read_dir(dir.path())?.count(), 0);
///
/// // A body that is not multipart: read whole, no file.
/// let req = http::Request::post("/").header("content-type", "application/json")
///     .body(Full::new(Bytes::from_static(b"{}")))?;
/// let (parts, body) = req.into_parts();
/// let spooled = binder_hyper::spool_body(&parts, body, &options).await?;
/// assert_eq!((spooled.files(), &spooled.bytes()[..]), (0, &b"{}"[..]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// # })?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`bind_spooled`], but for the bind's.
pub async fn spool_body<B>(
    parts: &http::request::Parts,
    body: B,
    options: &SpoolOptions,
) -> Result<SpooledBody, SpoolError>
where
    B: http_body::Body,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    spool_body_to(parts, body, options, &TempFiles).await
}

/// As [`spool_body`], the file parts written to `store` (a [`Sink`] of the
/// service's own, or [`TempFiles`]). Bind with [`SpooledBody::bind_with`]
/// (an example with a sink there).
///
/// ```
/// use binder_hyper::spool::TempFiles;
/// use binder_hyper::SpoolOptions;
///
/// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
/// let body = "--B\r\nContent-Disposition: form-data; name=doc; filename=a.txt\r\n\r\nhello\r\n--B--\r\n";
/// let req = http::Request::post("/").header("content-type", "multipart/form-data; boundary=B")
///     .body(http_body_util::Full::new(bytes::Bytes::from(body)))?;
/// let (parts, body) = req.into_parts();
/// let spooled = binder_hyper::spool_body_to(&parts, body, &SpoolOptions::default(), &TempFiles).await?;
/// assert_eq!(spooled.files(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// # })?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`bind_spooled_to`], but for the bind's.
pub async fn spool_body_to<B, S>(
    parts: &http::request::Parts,
    body: B,
    options: &SpoolOptions,
    store: &S,
) -> Result<SpooledBody<S::Output>, SpoolError>
where
    B: http_body::Body,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    S: Store,
{
    let declared = binder_http::length::from_headers(&parts.headers).map_err(Error::from)?;
    let content_type = parts.headers.get(http::header::CONTENT_TYPE);
    spool_body_from(
        content_type.map(|t| t.as_bytes()),
        declared,
        body,
        options,
        store,
    )
    .await
}

/// As [`spool_body_to`], from the request's `Content-Type` and declared
/// length (`Content-Length`, read by [`binder_http::length`]) rather than
/// its head: for a server of another `http` version (binder-actix).
///
/// ```
/// use binder_hyper::spool::TempFiles;
/// use binder_hyper::SpoolOptions;
/// use bytes::Bytes;
/// use http_body_util::Full;
///
/// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
/// let body = "--B\r\nContent-Disposition: form-data; name=doc; filename=a.txt\r\n\r\nhello\r\n--B--\r\n";
/// let ct = Some(&b"multipart/form-data; boundary=B"[..]);
/// let body = Full::new(Bytes::from(body));
/// let spooled = binder_hyper::spool::spool_body_from(ct, None, body, &SpoolOptions::default(), &TempFiles).await?;
/// assert_eq!(spooled.files(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// # })?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`bind_spooled_to`], but for the bind's.
pub async fn spool_body_from<B, S>(
    content_type: Option<&[u8]>,
    declared: Option<u64>,
    body: B,
    options: &SpoolOptions,
    store: &S,
) -> Result<SpooledBody<S::Output>, SpoolError>
where
    B: http_body::Body,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    S: Store,
{
    let boundary =
        content_type.and_then(|t| binder_core::multipart::Boundary::from_content_type(t).ok());
    let multipart = options
        .limits
        .formats
        .contains(binder_core::Formats::MULTIPART);
    match boundary {
        Some(boundary) if multipart => {
            stream::spool(body, &boundary, declared, options, store).await
        }
        // Multipart refused by the service: nothing is read, the target
        // binds from a body of no part (and answers 415 if it has body
        // fields, as in memory).
        Some(boundary) => {
            let mut bytes = b"--".to_vec();
            bytes.extend_from_slice(boundary.as_bytes());
            bytes.extend_from_slice(b"--\r\n");
            Ok(SpooledBody {
                bytes: Bytes::from(bytes),
                files: Vec::new(),
            })
        }
        None => {
            let limit = options.limits.max_body_bytes;
            let bytes = crate::read_body(body, declared, limit).await?;
            Ok(SpooledBody {
                bytes,
                files: Vec::new(),
            })
        }
    }
}

/// Reads `req`'s body with its file parts streamed to temporary files, and
/// binds an owned `T` from it and the request's other parts: uploads
/// larger than memory. File fields are [`SpooledFile`]s; text fields bind as
/// [`bind`](crate::bind) binds them. See the [`spool`](self) module for how,
/// and [`SpoolOptions`] for the limits.
///
/// ```
/// use binder_hyper::{Bind, SpoolOptions, SpooledFile};
/// use bytes::Bytes;
/// use http_body_util::Full;
///
/// #[derive(Bind)]
/// struct Upload {
///     #[bind(body)]
///     title: String,
///     #[bind(body)]
///     files: Vec<SpooledFile>,
/// }
///
/// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
/// let body = "--B\r\nContent-Disposition: form-data; name=title\r\n\r\nQ3\r\n\
///             --B\r\nContent-Disposition: form-data; name=files; filename=a.txt\r\n\r\nhello\r\n\
///             --B\r\nContent-Disposition: form-data; name=files; filename=b.txt\r\n\r\nworld!\r\n--B--\r\n";
/// let req = http::Request::post("/upload")
///     .header("content-type", "multipart/form-data; boundary=B")
///     .body(Full::new(Bytes::from(body)))?;
/// let up: Upload = binder_hyper::bind_spooled(req, &[], &SpoolOptions::default()).await?;
/// assert_eq!(up.title, "Q3");
/// assert_eq!(std::fs::read(up.files[1].path())?, b"world!");
///
/// // A file past the limit: 413, and no temporary file is left.
/// let mut options = SpoolOptions::default();
/// options.max_file_bytes = 5;
/// let req = http::Request::post("/upload")
///     .header("content-type", "multipart/form-data; boundary=B")
///     .body(Full::new(Bytes::from(body)))?;
/// let err = binder_hyper::bind_spooled::<Upload, _>(req, &[], &options).await.err().unwrap();
/// assert_eq!(err.status(), 413);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// # })?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`SpoolError::Request`]: as [`bind`](crate::bind), and 413 for a file,
/// the body or the text held in memory past its limit, 400 for a
/// malformed body or too many parts or files; [`SpoolError::Io`] (500) when
/// a temporary file cannot be created or written.
pub async fn bind_spooled<T, B>(
    req: http::Request<B>,
    path: &[(&str, &str)],
    options: &SpoolOptions,
) -> Result<T, SpoolError>
where
    T: OwnedBind,
    B: http_body::Body,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    bind_spooled_to(req, path, options, &TempFiles).await
}

/// As [`bind_spooled`], each file part written to `store` as it arrives:
/// a [`Sink`] of the service's own (an object store's upload, a hasher),
/// whose outputs [`StoredFile`] fields take; with [`TempFiles`], the same
/// as [`bind_spooled`]. A sink of the service's own: [`Sink`]'s example.
///
/// ```
/// use binder_hyper::spool::{FileHead, Sink};
/// use binder_hyper::{Bind, SpoolOptions, StoredFile};
///
/// /// Each file's bytes in memory.
/// struct Memory;
///
/// impl Sink for Memory {
///     type Writer = Vec<u8>;
///     type Output = Vec<u8>;
///     async fn open(&self, _: &FileHead<'_>) -> std::io::Result<Vec<u8>> {
///         Ok(Vec::new())
///     }
///     async fn finish(&self, bytes: Vec<u8>, _: u64) -> std::io::Result<Vec<u8>> {
///         Ok(bytes)
///     }
/// }
///
/// #[derive(Bind)]
/// struct Upload {
///     #[bind(body)]
///     doc: Option<StoredFile<Vec<u8>>>,
/// }
///
/// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
/// let body = "--B\r\nContent-Disposition: form-data; name=doc; filename=a.txt\r\n\r\nhello\r\n--B--\r\n";
/// let req = http::Request::post("/").header("content-type", "multipart/form-data; boundary=B")
///     .body(http_body_util::Full::new(bytes::Bytes::from(body)))?;
/// let up: Upload = binder_hyper::bind_spooled_to(req, &[], &SpoolOptions::default(), &Memory).await?;
/// assert_eq!(up.doc.map(StoredFile::into_value).as_deref(), Some(&b"hello"[..]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// # })?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`bind_spooled`]; [`SpoolError::Io`] (500) when the sink fails to
/// open, write, shut down or finish a file.
pub async fn bind_spooled_to<T, B, S>(
    req: http::Request<B>,
    path: &[(&str, &str)],
    options: &SpoolOptions,
    store: &S,
) -> Result<T, SpoolError>
where
    T: OwnedBind,
    B: http_body::Body,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    S: Store,
{
    let (parts, body) = req.into_parts();
    let spooled = spool_body_to(&parts, body, options, store).await?;
    let limits = &options.limits;
    let bound = spooled.bind_with(store, |bytes| {
        let req = binder_http::HttpRequest::with_bytes(&parts, bytes, path);
        binder_http::request::bind_in::<T>(req, &parts.extensions, limits)
    })?;
    Ok(bound)
}
