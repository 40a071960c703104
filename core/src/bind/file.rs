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
        let whole = body.as_ptr_range();
        let part = self.data.as_ptr_range();
        if whole.start <= part.start && part.end <= whole.end {
            body.slice_ref(self.data)
        } else {
            bytes::Bytes::copy_from_slice(self.data)
        }
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
