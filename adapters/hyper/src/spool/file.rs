//! [`SpooledFile`], an uploaded file streamed to a temporary file, and the
//! per-call registry a bind claims the spooled files from.

use binder_core::bind::{FieldCx, Value};
use binder_core::convert::{Raw, Ref};
use binder_core::multipart::Part;
use binder_core::{ValueError, ValueErrorKind};
use std::cell::RefCell;
use std::path::Path;
use tempfile::TempPath;

/// An uploaded file that was streamed to a temporary file as it arrived
/// ([`bind_spooled`](crate::bind_spooled)): its path, the filename and
/// content type as sent, and its size. The temporary file is deleted when
/// the value is dropped, unless it is kept with [`SpooledFile::persist`] or
/// [`SpooledFile::into_temp_path`].
///
/// As a field type, as `UploadedFile`: `SpooledFile` requires a file,
/// `Option<SpooledFile>` takes one if sent, `Vec<SpooledFile>` every file
/// sent under the name; an empty file input (a browser's `filename=""` with
/// no data) is no file, and text sent where a file is expected is refused
/// (`expected_file`). A `SpooledFile` binds only through `bind_spooled` (or
/// `binder_axum::Spooled`): from a body bound in memory it is refused.
///
/// The filename is decoded as `UploadedFile`'s is (`%22` to `"`, `%0D`,
/// `%0A`, quoted pairs); a filename or `Content-Type` that is not UTF-8
/// fails the field. The filename is the client's choice: never use it as a
/// path unchecked.
///
/// ```
/// use binder_hyper::{Bind, SpoolOptions, SpooledFile};
/// use bytes::Bytes;
/// use http_body_util::Full;
///
/// #[derive(Bind)]
/// struct Upload {
///     #[bind(body)]
///     doc: SpooledFile,
/// }
///
/// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
/// let body = "--B\r\nContent-Disposition: form-data; name=doc; filename=\"a.txt\"\r\n\
///             Content-Type: text/plain\r\n\r\nhello\r\n--B--\r\n";
/// let req = http::Request::post("/docs")
///     .header("content-type", "multipart/form-data; boundary=B")
///     .body(Full::new(Bytes::from(body)))?;
/// let up: Upload = binder_hyper::bind_spooled(req, &[], &SpoolOptions::default()).await?;
/// let doc = up.doc;
/// assert_eq!((doc.filename(), doc.content_type(), doc.len()), ("a.txt", Some("text/plain"), 5));
/// assert!(!doc.is_empty());
/// assert_eq!(std::fs::read(doc.path())?, b"hello");
/// let path = doc.path().to_owned();
/// drop(doc); // the temporary file goes with it
/// assert!(!path.exists());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// # })?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct SpooledFile {
    path: TempPath,
    filename: String,
    content_type: Option<String>,
    len: u64,
}

/// A spooled file before a field claims it: its temporary path and size.
#[derive(Debug)]
pub(crate) struct Spool {
    pub(crate) path: TempPath,
    pub(crate) len: u64,
}

impl SpooledFile {
    /// Where the file's bytes are (a temporary file, deleted with the value).
    #[inline]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The filename, decoded (see the type's docs). A client-chosen name:
    /// never use it as a path unchecked.
    #[inline]
    pub fn filename(&self) -> &str {
        &self.filename
    }

    /// The part's `Content-Type` as sent, if any.
    #[inline]
    pub fn content_type(&self) -> Option<&str> {
        self.content_type.as_deref()
    }

    /// The file's size in bytes.
    #[inline]
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the file is empty (sent with a name and no bytes).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Moves the file to `path` (replacing a file there) and keeps it: it is
    /// no longer deleted. A rename when `path` is on the temporary file's
    /// filesystem; else a copy, then the temporary file is deleted.
    ///
    /// ```
    /// # use binder_hyper::{Bind, SpoolOptions, SpooledFile};
    /// # #[derive(Bind)] struct Upload { #[bind(body)] doc: SpooledFile }
    /// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
    /// # let body = "--B\r\nContent-Disposition: form-data; name=doc; filename=a.txt\r\n\r\nhello\r\n--B--\r\n";
    /// # let req = http::Request::post("/").header("content-type", "multipart/form-data; boundary=B")
    /// #     .body(http_body_util::Full::new(bytes::Bytes::from(body)))?;
    /// let up: Upload = binder_hyper::bind_spooled(req, &[], &SpoolOptions::default()).await?;
    /// let dir = tempfile::tempdir()?;
    /// let kept = dir.path().join("doc.txt");
    /// up.doc.persist(&kept)?;
    /// assert_eq!(std::fs::read(&kept)?, b"hello");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// # })?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// The filesystem's; the temporary file is then deleted.
    pub fn persist(self, path: impl AsRef<Path>) -> std::io::Result<()> {
        let path = path.as_ref();
        match self.path.persist(path) {
            Ok(()) => Ok(()),
            // Another filesystem (`EXDEV`) or any other refusal: copy.
            Err(e) => std::fs::copy(&e.path, path).map(drop),
        }
    }

    /// The temporary path, which deletes the file when dropped: to keep it
    /// longer than the value, hand it on or call `keep()` on it.
    ///
    /// ```
    /// # use binder_hyper::{Bind, SpoolOptions, SpooledFile};
    /// # #[derive(Bind)] struct Upload { #[bind(body)] doc: SpooledFile }
    /// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
    /// # let body = "--B\r\nContent-Disposition: form-data; name=doc; filename=a.txt\r\n\r\nhello\r\n--B--\r\n";
    /// # let req = http::Request::post("/").header("content-type", "multipart/form-data; boundary=B")
    /// #     .body(http_body_util::Full::new(bytes::Bytes::from(body)))?;
    /// let up: Upload = binder_hyper::bind_spooled(req, &[], &SpoolOptions::default()).await?;
    /// let temp = up.doc.into_temp_path();
    /// assert_eq!(std::fs::read(&temp)?, b"hello");
    /// let path = temp.keep()?; // no longer deleted
    /// std::fs::remove_file(path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// # })?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn into_temp_path(self) -> TempPath {
        self.path
    }

    /// The spooled file a file part's placeholder names, with its filename
    /// and content type; `None` for an empty file input.
    fn claim(part: &Part<'_>) -> Result<Option<Self>, ValueError> {
        let Some(name) = part.filename() else {
            return Err(ValueError::new(ValueErrorKind::ExpectedFile));
        };
        if part.is_empty_file() {
            return Ok(None); // an empty file input: nothing was spooled
        }
        let spool = placeholder(part.data())
            .and_then(take)
            .ok_or(ValueError::new(ValueErrorKind::Custom(
                "a spooled file (bound by binder_hyper::bind_spooled)",
            )))?;
        if name.raw().is_empty() && spool.len == 0 {
            return Ok(None); // an empty file input; its file goes now
        }
        let not_utf8 = || {
            ValueError::new(ValueErrorKind::Custom(
                "the filename or Content-Type is not UTF-8",
            ))
        };
        let filename = String::from_utf8(name.to_cow().into_owned()).map_err(|_| not_utf8())?;
        let content_type = match part.content_type() {
            Some(t) => Some(std::str::from_utf8(t).map_err(|_| not_utf8())?.to_owned()),
            None => None,
        };
        Ok(Some(SpooledFile {
            path: spool.path,
            filename,
            content_type,
            len: spool.len,
        }))
    }
}

impl<'r> Value<'r> for SpooledFile {
    /// Text sent where a file is expected is refused.
    #[inline]
    fn from_raw(_: Raw<'r>) -> Result<Self, ValueError> {
        Err(ValueError::new(ValueErrorKind::ExpectedFile))
    }

    /// A file part claims its spooled file; a text part is refused.
    fn from_part(part: &Part<'r>) -> Result<Option<Self>, ValueError> {
        SpooledFile::claim(part)
    }

    // A file has no members.
    type Partial = ();

    #[inline]
    fn partial() {}

    #[inline]
    fn offer_member(_: &mut (), _: Ref<'r, '_, [u8]>, _: Raw<'r>, _: &mut FieldCx<'_, 'r>) -> bool {
        false
    }

    #[inline]
    fn finish_partial(_: (), _: &mut FieldCx<'_, 'r>) -> Option<Self> {
        None
    }
}

/// The placeholder the synthesized body holds for spooled file `index`:
/// its number in decimal (digits never make a delimiter, which starts with
/// CR LF).
pub(crate) fn write_placeholder(out: &mut Vec<u8>, index: usize) {
    use std::io::Write as _;
    let _ = write!(out, "{index}"); // a `Vec` takes every byte
}

/// The index a placeholder names.
fn placeholder(data: &[u8]) -> Option<usize> {
    if data.is_empty() || data.len() > 20 || !data.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(data).ok()?.parse().ok()
}

thread_local! {
    /// The spooled files of the bind running on this thread, by index,
    /// each taken by the field that claims it.
    static CLAIMS: RefCell<Option<Vec<Option<Spool>>>> = const { RefCell::new(None) };
}

/// Takes spooled file `index` from the running bind's registry.
fn take(index: usize) -> Option<Spool> {
    CLAIMS.with(|c| c.borrow_mut().as_mut()?.get_mut(index)?.take())
}

/// Runs `bind` with `files` claimable by index; every file no field claimed
/// (an unknown part name, a failed bind, a panic) is deleted when this
/// returns. `bind` is synchronous: nothing else runs on this thread
/// meanwhile.
pub(crate) fn with_claims<R>(files: Vec<Option<Spool>>, bind: impl FnOnce() -> R) -> R {
    /// Puts the previous registry back, dropping this call's files.
    struct Reset(Option<Vec<Option<Spool>>>);
    impl Drop for Reset {
        fn drop(&mut self) {
            let prev = self.0.take();
            let ours = CLAIMS.with(|c| std::mem::replace(&mut *c.borrow_mut(), prev));
            drop(ours); // outside the borrow: deletes the unclaimed files
        }
    }
    let prev = CLAIMS.with(|c| c.borrow_mut().replace(files));
    let _reset = Reset(prev);
    bind()
}
