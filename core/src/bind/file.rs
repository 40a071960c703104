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
///
/// ```
/// use binder_core::bind::{Bind, Body, FilePart, Parts};
///
/// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
/// struct Upload<'r> {
///     #[bind(body)]
///     avatar: FilePart<'r>,
///     #[bind(body)]
///     extra: Option<FilePart<'r>>,
/// }
///
/// let body = b"--B\r\nContent-Disposition: form-data; name=avatar; filename=\"me.png\"\r\n\
///              Content-Type: image/png\r\n\r\n\x89PNG\r\n\
///              --B\r\nContent-Disposition: form-data; name=extra; filename=\"\"\r\n\r\n\r\n--B--\r\n";
/// let req = Parts { body: Body::classify(Some(b"multipart/form-data; boundary=B"), body), ..Parts::default() };
/// let up = Upload::bind(&req).unwrap();
/// assert_eq!(up.avatar.raw_filename(), b"me.png");
/// assert_eq!(up.avatar.content_type(), Some(&b"image/png"[..]));
/// assert_eq!(up.avatar.data(), b"\x89PNG");
/// assert!(body.as_ptr_range().contains(&up.avatar.data().as_ptr())); // not copied
/// assert!(up.extra.is_none()); // an empty file input is no file
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FilePart<'r> {
    filename: Param<'r>,
    content_type: Option<&'r [u8]>,
    data: &'r [u8],
}

impl<'r> FilePart<'r> {
    /// The file part of `part`, if it is one.
    ///
    /// ```
    /// use binder_core::bind::FilePart;
    /// use binder_core::multipart::{parts, Boundary};
    ///
    /// let body = b"--B\r\nContent-Disposition: form-data; name=note\r\n\r\nhi\r\n\
    ///              --B\r\nContent-Disposition: form-data; name=doc; filename=a.txt\r\n\r\nDATA\r\n--B--";
    /// let files: Vec<FilePart<'_>> = parts(body, &Boundary::new(b"B")?)
    ///     .filter_map(|p| p.map(|p| FilePart::from_part(&p)).transpose())
    ///     .collect::<Result<_, _>>()?;
    /// assert_eq!(files.len(), 1);
    /// assert_eq!((files[0].raw_filename(), files[0].data()), (&b"a.txt"[..], &b"DATA"[..]));
    /// # Ok::<(), binder_core::Error>(())
    /// ```
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
    ///
    /// ```
    /// use binder_core::bind::FilePart;
    /// use binder_core::multipart::{parts, Boundary};
    ///
    /// // A browser escapes `"` in a filename as `%22`.
    /// let body = b"--B\r\nContent-Disposition: form-data; name=f; filename=\"say %22hi%22.txt\"\r\n\r\n\r\n--B--";
    /// let part = parts(body, &Boundary::new(b"B")?).next().unwrap()?;
    /// let file = FilePart::from_part(&part).unwrap();
    /// assert_eq!(file.raw_filename(), b"say %22hi%22.txt");
    /// let mut scratch = [0u8; 64];
    /// assert_eq!(&*file.filename(&mut scratch).unwrap(), b"say \"hi\".txt");
    /// assert!(file.filename(&mut [0u8; 4]).is_none()); // does not fit
    /// # Ok::<(), binder_core::Error>(())
    /// ```
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
    /// ```
    /// use binder_core::bind::UploadedFile;
    /// use binder_core::multipart::{parts_in, Boundary, Input};
    /// use binder_core::Limits;
    /// use bytes::Bytes;
    ///
    /// let body = Bytes::from_static(b"--B\r\nContent-Disposition: form-data; name=doc; filename=a.txt\r\n\r\nDATA\r\n--B--");
    /// let boundary = Boundary::new(b"B")?;
    /// let part = parts_in(Input::shared(&body), &boundary, &Limits::DEFAULT).next().unwrap()?;
    /// let file = UploadedFile::from_part(&part).unwrap().unwrap();
    /// assert_eq!((file.filename(), &file.data()[..]), ("a.txt", &b"DATA"[..]));
    /// assert!(body.as_ptr_range().contains(&file.data().as_ptr())); // shared, not copied
    /// # Ok::<(), binder_core::Error>(())
    /// ```
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
    ///
    /// ```
    /// use binder_core::bind::{Bind, Body, Parts, UploadedFile};
    /// use bytes::Bytes;
    ///
    /// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
    /// # struct U { #[bind(body)] f: UploadedFile }
    /// let body = Bytes::from_static(b"--B\r\nContent-Disposition: form-data; name=f; filename=a\r\n\r\nDATA\r\n--B--");
    /// let req = Parts { body: Body::classify_bytes(Some(b"multipart/form-data; boundary=B"), &body), ..Parts::default() };
    /// let data: Bytes = U::bind(&req).unwrap().f.into_data();
    /// assert_eq!(data, "DATA");
    /// ```
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
    ///
    /// ```
    /// use binder_core::bind::{Bind, Body, Parts, UploadedFile};
    ///
    /// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
    /// # struct U { #[bind(body)] f: Option<UploadedFile> }
    /// let bind = |body: &'static [u8]| {
    ///     let req = Parts { body: Body::classify(Some(b"multipart/form-data; boundary=B"), body), ..Parts::default() };
    ///     U::bind(&req).unwrap().f
    /// };
    /// // A file with a name and no bytes is an empty file ...
    /// let empty = bind(b"--B\r\nContent-Disposition: form-data; name=f; filename=a.txt\r\n\r\n\r\n--B--");
    /// assert!(empty.unwrap().is_empty());
    /// // ... where a file input with no file chosen is no file at all.
    /// assert!(bind(b"--B\r\nContent-Disposition: form-data; name=f; filename=\"\"\r\n\r\n\r\n--B--").is_none());
    /// ```
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
