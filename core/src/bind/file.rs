//! Uploaded files: a multipart file part bound without copying its bytes.

use super::field::Value;
use crate::convert::{Raw, Ref};
use crate::error::{ValueError, ValueErrorKind};
use crate::multipart::{Param, Part};

/// An uploaded file: its field name, filename and content type as sent, and
/// its bytes, all borrowed from the request body (nothing is copied).
///
/// As a field type: `FilePart` requires a file, `Option<FilePart>` takes
/// one if sent, `Vec<FilePart>` takes every file sent under the name. An
/// empty file input (a browser's `filename=""` with no data) is no file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FilePart<'r> {
    filename: Param<'r>,
    content_type: Option<&'r [u8]>,
    data: &'r [u8],
}

impl<'r> FilePart<'r> {
    /// The file part of `part`, if it is one.
    #[inline]
    pub fn from_part(part: &Part<'r>) -> Option<Self> {
        Some(FilePart {
            filename: part.filename()?,
            content_type: part.content_type(),
            data: part.data(),
        })
    }

    /// The filename as sent (HTML-escaped `%22`, `%0D`, `%0A` not decoded);
    /// see [`FilePart::filename`].
    #[inline]
    pub fn raw_filename(&self) -> &'r [u8] {
        self.filename.raw()
    }

    /// The filename, decoded (`%22` to `"`, and CR, LF): borrowed when
    /// nothing changes, else written into `scratch`; `None` if it does not
    /// fit. A client-chosen name: never use it as a path unchecked.
    #[inline]
    pub fn filename<'s>(&self, scratch: &'s mut [u8]) -> Option<Ref<'r, 's, [u8]>> {
        self.filename.decoded(scratch)
    }

    /// The part's `Content-Type`, as sent, if any.
    #[inline]
    pub fn content_type(&self) -> Option<&'r [u8]> {
        self.content_type
    }

    /// The file's bytes: a slice of the request body.
    #[inline]
    pub fn data(&self) -> &'r [u8] {
        self.data
    }

    /// The file's bytes as a `Bytes` sharing `body`'s buffer, without a
    /// copy, when `body` is the request body the file was bound from (as
    /// `binder_hyper::read_request` returns it); a copy otherwise.
    ///
    /// ```
    /// use binder_core::bind::{Bind, Body, FilePart, Parts};
    /// use bytes::Bytes;
    ///
    /// let body = Bytes::from_static(b"--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a\"\r\n\r\nDATA\r\n--B--\r\n");
    /// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
    /// # struct U<'r> { #[bind(body)] f: FilePart<'r> }
    /// let req = Parts { body: Body::classify(Some(b"multipart/form-data; boundary=B"), &body), ..Parts::default() };
    /// let file = U::bind(&req).unwrap().f;
    /// let shared = file.slice_of(&body);
    /// assert_eq!(&shared[..], b"DATA");
    /// assert_eq!(shared.as_ptr(), file.data().as_ptr()); // the same memory
    /// ```
    #[cfg(feature = "bytes")]
    pub fn slice_of(&self, body: &bytes::Bytes) -> bytes::Bytes {
        share(Some(body), self.data)
    }
}

impl<'r> Value<'r> for FilePart<'r> {
    /// Text sent where a file is expected is refused.
    #[inline]
    fn from_raw(_: Raw<'r>) -> Result<Self, ValueError> {
        Err(ValueError::new(ValueErrorKind::ExpectedFile))
    }

    /// A file part is a file; an empty file input is no file.
    #[inline]
    fn from_part(part: &Part<'r>) -> Result<Option<Self>, ValueError> {
        if !part.is_file() {
            return Err(ValueError::new(ValueErrorKind::ExpectedFile));
        }
        if part.is_empty_file() {
            return Ok(None);
        }
        Ok(FilePart::from_part(part))
    }

    // A file has no members.
    super::field::no_members!();
}

/// An uploaded file that owns what it holds, for targets that own their
/// fields (`binder_axum::Bound<T>`, `binder_hyper::bind`): its filename and
/// content type as text, and its bytes as a `bytes::Bytes`.
///
/// When the adapter holds the body as one `Bytes` (binder-hyper's and
/// binder-axum's readers hand it over; [`Body::classify_bytes`](super::Body::classify_bytes)
/// keeps it) the file's bytes, and its filename and content type, are
/// slices of that buffer: nothing is copied, only its reference count
/// moves (a `Bytes` built from a `Vec` allocates its shared header once,
/// at the first slice, as every `Bytes::slice` does). A body held as a
/// plain `&[u8]` is copied: each of the three, once.
///
/// As a field type, as [`FilePart`]: `UploadedFile` requires a file,
/// `Option<UploadedFile>` takes one if sent, `Vec<UploadedFile>` every file
/// sent under the name; an empty file input (a browser's `filename=""`
/// with no data) is no file.
///
/// The filename is decoded as [`FilePart::filename`] decodes it (`%22` to
/// `"`, `%0D`, `%0A`, quoted pairs; only a name that changes is written
/// anew). A filename or `Content-Type` that is not UTF-8 fails the field
/// (`invalid`); to take any bytes, bind a [`FilePart`] from a borrowing
/// target instead. The filename is the client's choice: never use it as a
/// path unchecked.
///
/// ```
/// use binder_core::bind::{Bind, Body, Parts, UploadedFile};
/// use bytes::Bytes;
///
/// let body = Bytes::from_static(b"--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\nDATA\r\n--B--\r\n");
/// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
/// # struct U { #[bind(body)] f: UploadedFile }
/// let req = Parts {
///     body: Body::classify_bytes(Some(b"multipart/form-data; boundary=B"), &body),
///     ..Parts::default()
/// };
/// let file = U::bind(&req).unwrap().f;
/// assert_eq!((file.filename(), file.content_type(), file.len()), ("a.txt", Some("text/plain"), 4));
/// assert_eq!(&file.data()[..], b"DATA");
/// assert!(body.as_ptr_range().contains(&file.data().as_ptr())); // the body's own memory
/// ```
#[cfg(feature = "bytes")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UploadedFile {
    filename: bytes::Bytes,
    content_type: Option<bytes::Bytes>,
    data: bytes::Bytes,
}

#[cfg(feature = "bytes")]
impl UploadedFile {
    /// The file of `part`, if it is one, sharing `part`'s body when it
    /// knows it ([`Part::owner`]).
    ///
    /// # Errors
    /// A filename or `Content-Type` that is not UTF-8.
    pub fn from_part(part: &Part<'_>) -> Result<Option<Self>, ValueError> {
        let Some(name) = part.filename() else {
            return Ok(None);
        };
        let owner = part.owner();
        let filename = if name.needs_decoding() {
            bytes::Bytes::from(name.to_cow().into_owned())
        } else {
            share(owner, name.raw())
        };
        let content_type = part.content_type().map(|t| share(owner, t));
        let text = |b: &[u8]| core::str::from_utf8(b).is_ok();
        if !text(&filename) || !content_type.as_deref().is_none_or(text) {
            return Err(ValueError::new(ValueErrorKind::Custom(
                "the filename or Content-Type is not UTF-8",
            )));
        }
        Ok(Some(UploadedFile {
            filename,
            content_type,
            data: share(owner, part.data()),
        }))
    }

    /// The filename, decoded (see the type's docs). A client-chosen name:
    /// never use it as a path unchecked.
    #[inline]
    pub fn filename(&self) -> &str {
        // UTF-8, checked when bound.
        core::str::from_utf8(&self.filename).unwrap_or_default()
    }

    /// The part's `Content-Type` as sent, if any.
    #[inline]
    pub fn content_type(&self) -> Option<&str> {
        self.content_type
            .as_deref()
            .map(|t| core::str::from_utf8(t).unwrap_or_default())
    }

    /// The file's bytes.
    #[inline]
    pub fn data(&self) -> &bytes::Bytes {
        &self.data
    }

    /// The file's bytes, taken.
    #[inline]
    pub fn into_data(self) -> bytes::Bytes {
        self.data
    }

    /// The file's size in bytes.
    #[inline]
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// Whether the file is empty (sent with a name and no bytes).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
}

/// `slice` as a `Bytes`: a slice of `owner` when it lies within it, else a
/// copy.
#[cfg(feature = "bytes")]
#[inline]
fn share(owner: Option<&bytes::Bytes>, slice: &[u8]) -> bytes::Bytes {
    match owner {
        Some(body) if within(body, slice) => body.slice_ref(slice),
        _ => bytes::Bytes::copy_from_slice(slice),
    }
}

#[cfg(feature = "bytes")]
#[inline]
fn within(body: &[u8], slice: &[u8]) -> bool {
    let (whole, part) = (body.as_ptr_range(), slice.as_ptr_range());
    whole.start <= part.start && part.end <= whole.end
}

#[cfg(feature = "bytes")]
impl<'r> Value<'r> for UploadedFile {
    /// Text sent where a file is expected is refused.
    #[inline]
    fn from_raw(_: Raw<'r>) -> Result<Self, ValueError> {
        Err(ValueError::new(ValueErrorKind::ExpectedFile))
    }

    /// A file part is a file; an empty file input is no file.
    #[inline]
    fn from_part(part: &Part<'r>) -> Result<Option<Self>, ValueError> {
        if !part.is_file() {
            return Err(ValueError::new(ValueErrorKind::ExpectedFile));
        }
        if part.is_empty_file() {
            return Ok(None);
        }
        UploadedFile::from_part(part)
    }

    // A file has no members.
    super::field::no_members!();
}
