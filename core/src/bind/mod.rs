//! The binding engine that `#[derive(Bind)]` targets: the [`Bind`] trait,
//! the [`Request`] view adapters implement, field types ([`Field`]) and
//! errors ([`Errors`]).
//!
//! A bind walks each source of a request once: path parameters, the query
//! string, the headers (cookies included) and the body. Generated code
//! dispatches each key to its field with a `match` on the key's bytes and
//! keeps which fields were bound in a stack [`Bits`](crate::Bits). Nothing is
//! allocated for bookkeeping, and nothing for errors until one happens.

mod errors;
pub(crate) mod field;
mod file;
pub mod json;

pub use errors::{BindError, Errors, FieldError, FieldErrorKind, FieldPath, Segment, Source};
pub use field::{Field, Rejected, Value};
pub use file::FilePart;
#[cfg(feature = "bytes")]
pub use file::UploadedFile;
pub use json::JsonCx;

use crate::limits::Limits;

/// A type that binds from a request.
///
/// Implemented by `#[derive(Bind)]`; `'r` is the request's lifetime, so
/// fields may borrow from it (`&'r str`, `Cow<'r, str>`).
pub trait Bind<'r>: Sized {
    /// Binds `Self` from `req` under `limits`, reporting every failing field.
    ///
    /// # Errors
    /// [`BindError::Fields`] lists every field that failed, with its source
    /// and path; [`BindError::Malformed`] when a source could not be read or
    /// passed a limit; [`BindError::UnsupportedMediaType`] when the type has
    /// body fields and the body is of a kind binder does not read.
    fn bind_with<R: Request<'r>>(req: &R, limits: &Limits) -> Result<Self, BindError>;

    /// [`Bind::bind_with`] under [`Limits::DEFAULT`].
    ///
    /// # Errors
    /// As [`Bind::bind_with`].
    #[inline]
    fn bind<R: Request<'r>>(req: &R) -> Result<Self, BindError> {
        Self::bind_with(req, &Limits::DEFAULT)
    }
}

/// A request's body, classified by its `Content-Type`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Body<'r> {
    /// No body, or an empty one.
    #[default]
    None,
    /// `application/json` or any `+json` type.
    Json(&'r [u8]),
    /// `application/x-www-form-urlencoded`.
    Form(&'r [u8]),
    /// `multipart/form-data` with its boundary.
    Multipart {
        /// The body bytes (and, with the `bytes` feature, the `Bytes` they
        /// are, when the adapter holds one).
        body: crate::multipart::Input<'r>,
        /// The boundary from the `Content-Type` parameter.
        boundary: crate::multipart::Boundary,
    },
    /// A body binder reads, with a `Content-Type` it cannot use (a
    /// multipart type without a valid boundary).
    Invalid(crate::Error),
    /// A body of a type binder does not read (or with no `Content-Type`).
    Unsupported,
}

impl<'r> Body<'r> {
    /// Classifies `body` by its `Content-Type` value:
    /// - an empty body is [`Body::None`], whatever its type;
    /// - `application/json`, or any `type/subtype+json`, is JSON;
    /// - `application/x-www-form-urlencoded` is a form;
    /// - `multipart/form-data` is multipart, or [`Body::Invalid`] when its
    ///   boundary is missing or malformed;
    /// - anything else, or no `Content-Type`, is [`Body::Unsupported`].
    ///
    /// Type names are matched in any ASCII case; parameters (`charset`) are
    /// ignored.
    ///
    /// ```
    /// use binder_core::bind::Body;
    ///
    /// let b = b"{}";
    /// assert_eq!(Body::classify(Some(b"Application/JSON; charset=utf-8"), b), Body::Json(b));
    /// assert_eq!(Body::classify(Some(b"application/problem+json"), b), Body::Json(b));
    /// assert_eq!(Body::classify(Some(b"text/plain"), b), Body::Unsupported);
    /// assert_eq!(Body::classify(None, b""), Body::None);
    /// ```
    pub fn classify(content_type: Option<&'r [u8]>, body: &'r [u8]) -> Body<'r> {
        if body.is_empty() {
            return Body::None;
        }
        let Some(ct) = content_type else {
            return Body::Unsupported;
        };
        let essence = trim_ascii(ct.split(|&b| b == b';').next().unwrap_or(&[]));
        if essence.eq_ignore_ascii_case(b"application/x-www-form-urlencoded") {
            return Body::Form(body);
        }
        if essence.eq_ignore_ascii_case(b"multipart/form-data") {
            return match crate::multipart::Boundary::from_content_type(ct) {
                Ok(boundary) => Body::Multipart {
                    body: crate::multipart::Input::new(body),
                    boundary,
                },
                Err(e) => Body::Invalid(e),
            };
        }
        let Some(slash) = essence.iter().position(|&b| b == b'/') else {
            return Body::Unsupported;
        };
        let (kind, subtype) = (&essence[..slash], &essence[slash + 1..]);
        let json = subtype.eq_ignore_ascii_case(b"json")
            || (subtype.len() >= 5 && subtype[subtype.len() - 5..].eq_ignore_ascii_case(b"+json"));
        if json && !kind.is_empty() {
            return Body::Json(body);
        }
        Body::Unsupported
    }
}

impl<'r> Body<'r> {
    /// [`Body::classify`] of a body held as `bytes::Bytes`: a multipart
    /// body keeps it, so uploaded files share its buffer
    /// ([`UploadedFile`]) instead of being copied.
    #[cfg(feature = "bytes")]
    pub fn classify_bytes(content_type: Option<&'r [u8]>, body: &'r bytes::Bytes) -> Body<'r> {
        match Body::classify(content_type, body) {
            Body::Multipart { boundary, .. } => Body::Multipart {
                body: crate::multipart::Input::shared(body),
                boundary,
            },
            other => other,
        }
    }
}

fn trim_ascii(mut s: &[u8]) -> &[u8] {
    while let [b' ' | b'\t', rest @ ..] = s {
        s = rest;
    }
    while let [rest @ .., b' ' | b'\t'] = s {
        s = rest;
    }
    s
}

/// What a bind reads from a request. Adapters implement it for their
/// request types; [`Parts`] implements it over plain slices.
///
/// Every method walks its source once, handing each item to `f`; none
/// allocates.
pub trait Request<'r> {
    /// Whether [`Request::path_params`] hands over values its router has
    /// already percent-decoded (bound as they are), rather than raw ones
    /// (decoded once by binder, the default). Never both: `%2541` is `%41`
    /// decoded once, and `A` decoded twice.
    const PATH_DECODED: bool = false;

    /// Calls `f` with each path parameter's name and value: raw
    /// (percent-encoded) unless [`Request::PATH_DECODED`].
    fn path_params<F: FnMut(&str, &'r str)>(&self, f: F);

    /// The raw query string, without the `?`.
    fn query(&self) -> Option<&'r str>;

    /// Calls `f` with each header line's name, in ASCII lower case, and
    /// value, in order, until `f` returns `false`. A `Cookie` header is
    /// passed like any other.
    fn headers<F: FnMut(&[u8], &'r [u8]) -> bool>(&self, f: F);

    /// The body, classified.
    fn body(&self) -> Body<'r>;

    /// The body's bytes as sent, whatever its type, for `#[bind(raw_body)]`
    /// fields. The default recovers them from [`Request::body`], which
    /// keeps no bytes for [`Body::Unsupported`] and [`Body::Invalid`]:
    /// adapters that hold the bytes return them.
    #[inline]
    fn raw_body(&self) -> &'r [u8] {
        match self.body() {
            Body::Json(b) | Body::Form(b) => b,
            Body::Multipart { body, .. } => body.bytes(),
            _ => &[],
        }
    }
}

/// A type the whole body converts into, for a `#[bind(raw_body)]` field:
/// `&[u8]` and `Vec<u8>` take the bytes as they are, `&str`, `Cow<str>` and
/// `String` take them as UTF-8 text.
///
/// ```
/// use binder_core::bind::FromBody;
///
/// assert_eq!(<&str>::from_body(b"{}"), Ok("{}"));
/// assert!(<&str>::from_body(b"\xff").is_err());
/// ```
pub trait FromBody<'r>: Sized {
    /// Converts the body's bytes.
    ///
    /// # Errors
    /// [`ValueErrorKind::InvalidUtf8`](crate::ValueErrorKind::InvalidUtf8)
    /// for a text type and bytes that are not UTF-8.
    fn from_body(bytes: &'r [u8]) -> Result<Self, crate::ValueError>;
}

impl<'r> FromBody<'r> for &'r [u8] {
    #[inline]
    fn from_body(bytes: &'r [u8]) -> Result<Self, crate::ValueError> {
        Ok(bytes)
    }
}

impl<'r> FromBody<'r> for &'r str {
    #[inline]
    fn from_body(bytes: &'r [u8]) -> Result<Self, crate::ValueError> {
        crate::convert::utf8(bytes)
    }
}

#[cfg(feature = "alloc")]
impl<'r> FromBody<'r> for alloc::borrow::Cow<'r, str> {
    #[inline]
    fn from_body(bytes: &'r [u8]) -> Result<Self, crate::ValueError> {
        crate::convert::utf8(bytes).map(alloc::borrow::Cow::Borrowed)
    }
}

#[cfg(feature = "alloc")]
impl<'r> FromBody<'r> for alloc::string::String {
    #[inline]
    fn from_body(bytes: &'r [u8]) -> Result<Self, crate::ValueError> {
        crate::convert::utf8(bytes).map(alloc::string::String::from)
    }
}

#[cfg(feature = "bytes")]
impl<'r> FromBody<'r> for bytes::Bytes {
    #[inline]
    fn from_body(bytes: &'r [u8]) -> Result<Self, crate::ValueError> {
        Ok(bytes::Bytes::copy_from_slice(bytes))
    }
}

#[cfg(feature = "alloc")]
impl<'r> FromBody<'r> for alloc::vec::Vec<u8> {
    #[inline]
    fn from_body(bytes: &'r [u8]) -> Result<Self, crate::ValueError> {
        Ok(bytes.to_vec())
    }
}

/// A request as plain slices: for tests, `no_std` users and adapters that
/// already hold the pieces.
///
/// ```
/// use binder_core::bind::{Body, Parts};
///
/// let req = Parts {
///     query: Some("page=2"),
///     headers: &[("X-Request-ID", b"abc")],
///     ..Parts::default()
/// };
/// # let _ = req;
/// ```
///
/// The lists may be short-lived (`'a`); only the values must live as long as
/// the bound struct borrows them (`'r`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Parts<'a, 'r> {
    /// Path parameters: name and raw value.
    pub path: &'a [(&'a str, &'r str)],
    /// The raw query string (as `http::Uri` holds it: text, not decoded).
    pub query: Option<&'r str>,
    /// Header lines: name (any case) and value.
    pub headers: &'a [(&'a str, &'r [u8])],
    /// The body.
    pub body: Body<'r>,
}

/// Header names longer than this are passed to `f` as they are, not
/// lower-cased (none of them can be a field's header, see the derive).
const HEADER_NAME_BUF: usize = 128;

impl<'r> Request<'r> for Parts<'_, 'r> {
    #[inline]
    fn path_params<F: FnMut(&str, &'r str)>(&self, mut f: F) {
        for (name, value) in self.path {
            f(name, value);
        }
    }

    #[inline]
    fn query(&self) -> Option<&'r str> {
        self.query
    }

    fn headers<F: FnMut(&[u8], &'r [u8]) -> bool>(&self, mut f: F) {
        let mut buf = [0u8; HEADER_NAME_BUF];
        for (name, value) in self.headers {
            let name = name.as_bytes();
            let go_on = if name.len() <= HEADER_NAME_BUF && name.iter().any(u8::is_ascii_uppercase)
            {
                let lower = &mut buf[..name.len()];
                lower.copy_from_slice(name);
                lower.make_ascii_lowercase();
                f(lower, value)
            } else {
                f(name, value)
            };
            if !go_on {
                break;
            }
        }
    }

    #[inline]
    fn body(&self) -> Body<'r> {
        self.body
    }
}
