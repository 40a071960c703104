//! [`Part`], one part of the body, and [`Param`], a `name` or `filename`.

use super::boundary::html_escape;
#[cfg(all(doc, feature = "bytes"))] // `Part::owner`'s doc link
use super::Input;
use crate::convert::Ref;

/// One part of a multipart body: slices of the body, nothing copied.
///
/// ```
/// use binder_core::multipart::{parts, Boundary};
///
/// let body = b"--b\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"a.txt\"\r\n\
///              Content-Type: text/plain\r\n\r\nhello\r\n--b--";
/// let part = parts(body, &Boundary::new(b"b")?).next().unwrap()?;
/// assert_eq!(part.name().raw(), b"doc");
/// assert_eq!(part.filename().map(|f| f.raw()), Some(&b"a.txt"[..]));
/// assert!(part.is_file());
/// assert_eq!(part.content_type(), Some(&b"text/plain"[..]));
/// assert!(part.headers().starts_with(b"Content-Disposition: form-data;"));
/// assert_eq!(part.data(), b"hello");
/// assert_eq!(part.offset(), 5); // after `--b` and its CRLF
/// # Ok::<(), binder_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part<'a> {
    pub(super) name: Param<'a>,
    pub(super) filename: Option<Param<'a>>,
    pub(super) content_type: Option<&'a [u8]>,
    pub(super) headers: &'a [u8],
    pub(super) data: &'a [u8],
    pub(super) offset: usize,
    #[cfg(feature = "bytes")]
    pub(super) owner: Option<&'a bytes::Bytes>,
}

impl<'a> Part<'a> {
    /// The `name` parameter of the part's `Content-Disposition` (never empty).
    #[inline]
    pub fn name(&self) -> Param<'a> {
        self.name
    }

    /// The `filename` parameter, if the part has one (a file input).
    #[inline]
    pub fn filename(&self) -> Option<Param<'a>> {
        self.filename
    }

    /// Whether the part has a `filename` parameter, as a file input's part
    /// always does.
    #[inline]
    pub fn is_file(&self) -> bool {
        self.filename.is_some()
    }

    /// Whether this is what a browser sends for a file input with no file
    /// chosen: `filename=""` and no data. Bind it as no file, not as an
    /// empty file.
    ///
    /// ```
    /// use binder_core::multipart::{parts, Boundary};
    ///
    /// let body = b"--b\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"\"\r\n\
    ///              Content-Type: application/octet-stream\r\n\r\n\r\n--b--\r\n";
    /// let part = parts(body, &Boundary::new(b"b")?).next().unwrap()?;
    /// assert!(part.is_file() && part.is_empty_file());
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub fn is_empty_file(&self) -> bool {
        matches!(self.filename, Some(f) if f.raw.is_empty()) && self.data.is_empty()
    }

    /// The `Content-Type` header's value, trimmed, not interpreted.
    #[inline]
    pub fn content_type(&self) -> Option<&'a [u8]> {
        self.content_type
    }

    /// The part's header lines as sent, each with its CRLF, without the
    /// empty line that ends them.
    #[inline]
    pub fn headers(&self) -> &'a [u8] {
        self.headers
    }

    /// The part's content: a slice of the body, up to (not including) the
    /// CRLF before the next delimiter.
    #[inline]
    pub fn data(&self) -> &'a [u8] {
        self.data
    }

    /// The byte offset of the part's first header line in the body.
    #[inline]
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The `Bytes` the whole body is, when the scan was started on one
    /// ([`Input::shared`]): [`Part::data`] and the other slices are slices
    /// of it, and `owner.slice_ref(part.data())` shares them without a copy.
    ///
    /// ```
    /// use binder_core::multipart::{parts_in, Boundary, Input};
    /// use binder_core::Limits;
    /// use bytes::Bytes;
    ///
    /// let body = Bytes::from_static(b"--b\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--b--");
    /// let part = parts_in(Input::shared(&body), &Boundary::new(b"b")?, &Limits::DEFAULT).next().unwrap()?;
    /// let owner = part.owner().unwrap();
    /// let data: Bytes = owner.slice_ref(part.data());
    /// assert_eq!(data.as_ptr(), part.data().as_ptr()); // the same memory
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[cfg(feature = "bytes")]
    #[inline]
    pub fn owner(&self) -> Option<&'a bytes::Bytes> {
        self.owner
    }
}

/// A `Content-Disposition` parameter value (`name` or `filename`) as sent,
/// with the scan's note of whether decoding changes it.
///
/// ```
/// use binder_core::multipart::{parts, Boundary};
///
/// let body = b"--b\r\nContent-Disposition: form-data; name=\"a%22b\\\\c\"\r\n\r\n\r\n--b--";
/// let name = parts(body, &Boundary::new(b"b")?).next().unwrap()?.name();
/// assert_eq!(name.raw(), br#"a%22b\\c"#);
/// let mut scratch = [0u8; 16];
/// assert_eq!(&*name.decoded(&mut scratch).unwrap(), br#"a"b\c"#);
/// # Ok::<(), binder_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param<'a> {
    pub(super) raw: &'a [u8],
    pub(super) quoted: bool,
    pub(super) needs_decoding: bool,
}

impl<'a> Param<'a> {
    /// The value as sent: between the quotes for a quoted value, escapes
    /// intact.
    #[inline]
    pub fn raw(&self) -> &'a [u8] {
        self.raw
    }

    /// Whether the value was a quoted string (rather than a token).
    ///
    /// ```
    /// use binder_core::multipart::{parts, Boundary};
    ///
    /// let body = b"--b\r\nContent-Disposition: form-data; name=a; filename=\"b\"\r\n\r\n\r\n--b--";
    /// let part = parts(body, &Boundary::new(b"b")?).next().unwrap()?;
    /// assert!(!part.name().is_quoted());
    /// assert!(part.filename().unwrap().is_quoted());
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub fn is_quoted(&self) -> bool {
        self.quoted
    }

    /// Whether the value holds a quoted pair (`\x`) or one of `%22`, `%0D`,
    /// `%0A`, so that decoding changes it.
    ///
    /// ```
    /// use binder_core::multipart::{parts, Boundary};
    ///
    /// let body = b"--b\r\nContent-Disposition: form-data; name=a; filename=\"%22q%22.txt\"\r\n\r\n\r\n--b--";
    /// let part = parts(body, &Boundary::new(b"b")?).next().unwrap()?;
    /// assert!(!part.name().needs_decoding());
    /// assert!(part.filename().unwrap().needs_decoding());
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub fn needs_decoding(&self) -> bool {
        self.needs_decoding
    }

    /// The decoded value: borrowed when nothing changes, else written into
    /// `scratch`. `None` if it does not fit (a scratch as long as
    /// [`raw`](Param::raw) always fits).
    ///
    /// ```
    /// use binder_core::convert::Ref;
    /// use binder_core::multipart::{parts, Boundary};
    ///
    /// // Quoted pairs (`\"`) and a browser's `%22`, `%0D`, `%0A` are undone.
    /// let body = b"--b\r\nContent-Disposition: form-data; name=\"a\\\"b%0Ac\"\r\n\r\n\r\n--b--";
    /// let name = parts(body, &Boundary::new(b"b")?).next().unwrap()?.name();
    /// let mut scratch = [0u8; 16];
    /// assert_eq!(name.decoded(&mut scratch), Some(Ref::Copied(&b"a\"b\nc"[..])));
    /// assert_eq!(name.decoded(&mut [0u8; 2]), None); // does not fit
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub fn decoded<'s>(&self, scratch: &'s mut [u8]) -> Option<Ref<'a, 's, [u8]>> {
        if !self.needs_decoding {
            return Some(Ref::Borrowed(self.raw));
        }
        unquote(self.raw, scratch).map(Ref::Copied)
    }

    /// The decoded value, borrowed when nothing changes.
    ///
    /// ```
    /// use binder_core::multipart::{parts, Boundary};
    ///
    /// let body = b"--b\r\nContent-Disposition: form-data; name=f; filename=\"%22x%22.txt\"\r\n\r\n\r\n--b--";
    /// let part = parts(body, &Boundary::new(b"b")?).next().unwrap()?;
    /// assert_eq!(part.filename().unwrap().to_cow(), br#""x".txt"#.as_slice());
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn to_cow(&self) -> alloc::borrow::Cow<'a, [u8]> {
        use alloc::borrow::Cow;
        if !self.needs_decoding {
            return Cow::Borrowed(self.raw);
        }
        let mut out = alloc::vec![0u8; self.raw.len()];
        let n = self.decoded(&mut out).map_or(0, |d| d.len());
        out.truncate(n);
        Cow::Owned(out)
    }
}

/// `raw` with its quoted pairs (`\"`) and a browser's `%22`, `%0D`, `%0A`
/// undone, written into `scratch`; `None` if it does not fit. Out of line,
/// one copy: [`Param::decoded`] inlines only its check.
fn unquote<'s>(raw: &[u8], scratch: &'s mut [u8]) -> Option<&'s [u8]> {
    let mut i = 0;
    let mut o = 0;
    while i < raw.len() {
        let b = raw[i];
        let (out, step) = match b {
            // A valid quoted string never ends in a lone backslash.
            b'\\' => (raw[i + 1], 2),
            b'%' => match html_escape(raw.get(i + 1..i + 3)) {
                Some(c) => (c, 3),
                None => (b, 1),
            },
            _ => (b, 1),
        };
        *scratch.get_mut(o)? = out;
        o += 1;
        i += step;
    }
    Some(&scratch[..o])
}
