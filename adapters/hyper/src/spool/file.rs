//! [`SpooledFile`], an uploaded file streamed to a temporary file,
//! [`StoredFile`], one streamed to a [`Sink`](super::Sink), and the per-call
//! registry a bind claims the spooled files from.

use binder_core::__private_0_1::{held_file, HELD_FILE};
use binder_core::bind::{FieldCx, Value};
use binder_core::convert::{Raw, Ref};
use binder_core::multipart::Part;
use binder_core::{ValueError, ValueErrorKind};
use std::any::Any;
use std::cell::{Cell, RefCell};
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

/// A spooled file before a field claims it: what the store made of it
/// (a temporary path, a sink's output) and its size.
#[derive(Debug)]
pub(crate) struct Stored<O> {
    pub(crate) value: O,
    pub(crate) len: u64,
}

/// What a field claims: the stored file, its filename and content type.
struct Claimed<O> {
    stored: Stored<O>,
    /// The number of the registry it was claimed from.
    registry: u64,
    filename: String,
    content_type: Option<String>,
}

/// The stored file a file part's placeholder names, with its filename and
/// content type; `None` for an empty file input.
fn claim<O: 'static>(part: &Part<'_>) -> Result<Option<Claimed<O>>, ValueError> {
    let Some(name) = part.filename() else {
        return Err(ValueError::new(ValueErrorKind::ExpectedFile));
    };
    if part.is_empty_file() {
        return Ok(None); // an empty file input: nothing was spooled
    }
    let index = placeholder(part.data()).ok_or(ValueError::new(ValueErrorKind::Custom(
        "a spooled file (bound by binder_hyper::bind_spooled)",
    )))?;
    let (stored, registry) = take::<O>(index)?;
    if name.raw().is_empty() && stored.len == 0 {
        // An empty file input: no value. Its file goes back to the
        // registry, handed to the store's `discard` with the unclaimed.
        give_back::<O>(registry, stored.value, 0);
        return Ok(None);
    }
    let not_utf8 = || {
        ValueError::new(ValueErrorKind::Custom(
            "the filename or Content-Type is not UTF-8",
        ))
    };
    let text = || {
        let filename = String::from_utf8(name.to_cow().into_owned()).ok()?;
        let content_type = match part.content_type() {
            Some(t) => Some(std::str::from_utf8(t).ok()?.to_owned()),
            None => None,
        };
        Some((filename, content_type))
    };
    let Some((filename, content_type)) = text() else {
        // The field fails; its file goes back to be discarded.
        give_back::<O>(registry, stored.value, stored.len);
        return Err(not_utf8());
    };
    Ok(Some(Claimed {
        stored,
        registry,
        filename,
        content_type,
    }))
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

    /// The spooled file a file part's placeholder names.
    fn claim(part: &Part<'_>) -> Result<Option<Self>, ValueError> {
        Ok(claim::<TempPath>(part)?.map(|c| SpooledFile {
            path: c.stored.value,
            filename: c.filename,
            content_type: c.content_type,
            len: c.stored.len,
        }))
    }
}

impl<'r> Value<'r> for SpooledFile {
    const CLAIMS_HELD: bool = true;

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

/// An uploaded file that was streamed to a [`Sink`](super::Sink) of the
/// service's own as it arrived ([`bind_spooled_to`](crate::bind_spooled_to)):
/// what the sink made of it (its [`Output`](super::Sink::Output): an
/// object's key, a digest, ...), the filename and content type as sent,
/// and its size. Binds as [`SpooledFile`] does (`Option` and `Vec` of it
/// too, an empty file input as no file, text refused), from files of a
/// sink whose output is `O`; a file the target does not take is handed to
/// the sink's [`discard`](super::Sink::discard).
///
/// ```
/// use binder_hyper::spool::{FileHead, Sink};
/// use binder_hyper::{Bind, SpoolOptions, StoredFile};
///
/// /// Counts the bytes and keeps nothing (`tokio::io::sink()` writes nowhere).
/// struct Count;
///
/// impl Sink for Count {
///     type Writer = tokio::io::Sink;
///     type Output = u64;
///
///     async fn open(&self, _: &FileHead<'_>) -> std::io::Result<tokio::io::Sink> {
///         Ok(tokio::io::sink())
///     }
///
///     async fn finish(&self, _: tokio::io::Sink, len: u64) -> std::io::Result<u64> {
///         Ok(len)
///     }
/// }
///
/// #[derive(Bind)]
/// struct Upload {
///     #[bind(body)]
///     docs: Vec<StoredFile<u64>>,
/// }
///
/// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
/// let body = "--B\r\nContent-Disposition: form-data; name=docs; filename=a.txt\r\nContent-Type: text/plain\r\n\r\nhello\r\n\
///             --B\r\nContent-Disposition: form-data; name=docs; filename=b.txt\r\n\r\nworld!\r\n--B--\r\n";
/// let req = http::Request::post("/").header("content-type", "multipart/form-data; boundary=B")
///     .body(http_body_util::Full::new(bytes::Bytes::from(body)))?;
/// let up: Upload = binder_hyper::bind_spooled_to(req, &[], &SpoolOptions::default(), &Count).await?;
/// let [a, b] = &up.docs[..] else { panic!("two files") };
/// assert_eq!((a.filename(), a.content_type(), *a.value()), ("a.txt", Some("text/plain"), 5));
/// assert_eq!((b.filename(), b.content_type(), b.len()), ("b.txt", None, 6));
/// assert!(!b.is_empty());
/// let total: u64 = up.docs.into_iter().map(StoredFile::into_value).sum();
/// assert_eq!(total, 11);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// # })?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct StoredFile<O> {
    /// `None` only once taken by `into_value`.
    value: Option<O>,
    filename: String,
    content_type: Option<String>,
    len: u64,
    /// The registry it was claimed from, and how to hand it back there
    /// when dropped during that bind (see `give_back`).
    registry: u64,
    back: fn(u64, O, u64),
}

impl<O> Drop for StoredFile<O> {
    fn drop(&mut self) {
        if let Some(value) = self.value.take() {
            (self.back)(self.registry, value, self.len);
        }
    }
}

impl<O> StoredFile<O> {
    /// What the sink made of the file.
    #[inline]
    pub fn value(&self) -> &O {
        match &self.value {
            Some(value) => value,
            None => unreachable!("a StoredFile's value is taken only with the StoredFile"),
        }
    }

    /// What the sink made of the file, taken.
    #[inline]
    pub fn into_value(mut self) -> O {
        match self.value.take() {
            Some(value) => value,
            None => unreachable!("a StoredFile's value is taken only with the StoredFile"),
        }
    }

    /// The filename, decoded as [`SpooledFile::filename`] is. A
    /// client-chosen name: never use it as a path unchecked.
    #[inline]
    pub fn filename(&self) -> &str {
        &self.filename
    }

    /// The part's `Content-Type` as sent, if any.
    #[inline]
    pub fn content_type(&self) -> Option<&str> {
        self.content_type.as_deref()
    }

    /// The bytes written to the sink.
    #[inline]
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the file is empty (sent with a name and no bytes).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl<'r, O: Send + 'static> Value<'r> for StoredFile<O> {
    const CLAIMS_HELD: bool = true;

    /// Text sent where a file is expected is refused.
    #[inline]
    fn from_raw(_: Raw<'r>) -> Result<Self, ValueError> {
        Err(ValueError::new(ValueErrorKind::ExpectedFile))
    }

    /// A file part claims its stored file; a text part is refused.
    fn from_part(part: &Part<'r>) -> Result<Option<Self>, ValueError> {
        Ok(claim::<O>(part)?.map(|c| StoredFile {
            value: Some(c.stored.value),
            filename: c.filename,
            content_type: c.content_type,
            len: c.stored.len,
            registry: c.registry,
            back: give_back::<O>,
        }))
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

/// The placeholder the synthesized body holds for stored file `index`:
/// core's held-file marker and the index in decimal (no delimiter starts
/// inside it: a delimiter starts with CR LF). Only the types that claim
/// held files take it; any other field type offered it fails
/// (`Value::CLAIMS_HELD`).
pub(crate) fn write_placeholder(out: &mut Vec<u8>, index: usize) {
    use std::io::Write as _;
    out.extend_from_slice(HELD_FILE);
    let _ = write!(out, "{index}"); // a `Vec` takes every byte
}

/// The index a placeholder names.
fn placeholder(data: &[u8]) -> Option<usize> {
    held_file(data)
}

/// The registry of one bind: its number and the stored files.
struct Registry<O> {
    id: u64,
    files: Vec<Option<Stored<O>>>,
}

thread_local! {
    /// The stored files of the bind running on this thread, by index, each
    /// taken by the field that claims it: a `Registry<O>` of the bind's
    /// store's output `O`.
    static CLAIMS: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
    /// The number of the next registry.
    static NEXT: Cell<u64> = const { Cell::new(0) };
}

/// Takes stored file `index` from the running bind's registry, with the
/// registry's number.
fn take<O: 'static>(index: usize) -> Result<(Stored<O>, u64), ValueError> {
    CLAIMS.with(|c| {
        let mut c = c.borrow_mut();
        let registry = c.as_mut().ok_or(ValueError::new(ValueErrorKind::Custom(
            "a spooled file (bound by binder_hyper::bind_spooled)",
        )))?;
        let registry = registry
            .downcast_mut::<Registry<O>>()
            .ok_or(ValueError::new(ValueErrorKind::Custom(
                "a file of another store: this upload's files went to a different sink",
            )))?;
        let stored =
            registry
                .files
                .get_mut(index)
                .and_then(Option::take)
                .ok_or(ValueError::new(ValueErrorKind::Custom(
                    "a spooled file (bound by binder_hyper::bind_spooled)",
                )))?;
        Ok((stored, registry.id))
    })
}

/// Hands a claimed file dropped during its own bind (the bind failed, or
/// a later part replaced it) back to that bind's registry, whose unclaimed
/// files go to the store's `discard`. Anywhere else, it is dropped.
fn give_back<O: 'static>(id: u64, value: O, len: u64) {
    let value = CLAIMS.with(|c| {
        let Ok(mut c) = c.try_borrow_mut() else {
            return Some(value);
        };
        match c.as_mut().and_then(|r| r.downcast_mut::<Registry<O>>()) {
            Some(registry) if registry.id == id => {
                registry.files.push(Some(Stored { value, len }));
                None
            }
            _ => Some(value),
        }
    });
    drop(value); // outside the borrow
}

/// Runs `bind` with `files` claimable by index, and returns what it made
/// with the files no field claimed (an unknown part name, a failed bind).
/// On a panic they are dropped. `bind` is synchronous: nothing else runs
/// on this thread meanwhile.
pub(crate) fn with_claims<O: 'static, R>(
    files: Vec<Option<Stored<O>>>,
    bind: impl FnOnce() -> R,
) -> (R, Vec<Option<Stored<O>>>) {
    /// Puts the previous registry back (on a panic: dropping this call's
    /// files).
    struct Reset(Option<Option<Box<dyn Any>>>);
    impl Reset {
        fn restore(&mut self) -> Option<Box<dyn Any>> {
            let prev = self.0.take()?;
            CLAIMS.with(|c| std::mem::replace(&mut *c.borrow_mut(), prev))
        }
    }
    impl Drop for Reset {
        fn drop(&mut self) {
            let ours = self.restore();
            drop(ours); // outside the borrow: lets the unclaimed files go
        }
    }
    if files.is_empty() {
        return (bind(), files); // nothing to claim: no registry
    }
    let id = NEXT.with(|n| {
        let id = n.get();
        n.set(id.wrapping_add(1));
        id
    });
    let registry: Box<dyn Any> = Box::new(Registry { id, files });
    let prev = CLAIMS.with(|c| c.borrow_mut().replace(registry));
    let mut reset = Reset(Some(prev));
    let bound = bind();
    let left = reset
        .restore()
        .and_then(|ours| ours.downcast::<Registry<O>>().ok())
        .map(|ours| ours.files)
        .unwrap_or_default();
    (bound, left)
}
