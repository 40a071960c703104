//! [`Error`]: why reading or binding a request failed, one type for every
//! adapter, owned (`Send + Sync + 'static`), so `?` carries it into
//! `Box<dyn Error + Send + Sync>`, anyhow or an application's own error.

use crate::length::LengthError;
use binder_core::bind::{BindError, Errors};
use http::StatusCode;

/// Why reading or binding a request failed.
///
/// Every adapter answers with this one type: the read-side failures
/// (too large, a refused `Content-Length`, a body cut short or too long, a
/// transport error) and the bind failures ([`Error::Bind`]: every failing
/// field with its source, path, kind and stable code, or a source that could
/// not be read, or a body type refused). [`Error::status`] says how to
/// answer; [`Error::problem_json`] writes the RFC 9457 body;
/// [`Error::fields`] hands the field errors to an application that answers
/// in its own shape (an HTML form re-rendered with per-field messages, its
/// own JSON).
///
/// It owns its data, so `?` works in a function that owns the request:
///
/// ```
/// use binder_http::Bind;
///
/// #[derive(Bind)]
/// struct Page<'r> {
///     #[bind(query)]
///     q: &'r str,
/// }
///
/// fn handle(req: http::Request<Vec<u8>>) -> Result<String, Box<dyn std::error::Error + Send + Sync>> {
///     let page: Page = binder_http::bind(&req, &[])?;
///     Ok(page.q.to_owned())
/// }
///
/// let ok = http::Request::get("/?q=rust").body(Vec::new())?;
/// assert_eq!(handle(ok).unwrap(), "rust");
/// let bad = http::Request::get("/").body(Vec::new())?;
/// let err = handle(bad).unwrap_err();
/// let err = err.downcast_ref::<binder_http::Error>().unwrap();
/// assert_eq!(err.status(), 400);
/// assert_eq!(err.fields().unwrap().as_slice()[0].path().to_string(), "q");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// Binding failed: every failing field (400), a source that could not
    /// be read or passed a limit (400), or a body of a type or charset
    /// binder does not read (415).
    Bind(BindError),
    /// The body is larger than the limit, as declared or as sent: 413.
    TooLarge {
        /// The limit, in bytes.
        limit: usize,
    },
    /// The declared length is refused: a `Content-Length` that is not
    /// `1*DIGIT`, values that differ, or a `Content-Length` with a
    /// `Transfer-Encoding` (see [`crate::length`]): 400. Nothing was read.
    Length(LengthError),
    /// The body went on past its `Content-Length`: 400. Reading stopped at
    /// the frame that passed it.
    LongerThanDeclared {
        /// Bytes declared.
        declared: u64,
    },
    /// The body ended before its `Content-Length`: 400.
    Incomplete {
        /// Bytes declared.
        declared: u64,
        /// Bytes received.
        received: u64,
    },
    /// The transport failed while the body was read: 400.
    Read(Box<dyn std::error::Error + Send + Sync>),
}

impl Error {
    /// The HTTP status this error answers with: 413 for a body over the
    /// limit, 415 for a body type or charset binder does not read, 400 for
    /// everything else.
    ///
    /// ```
    /// use binder_http::request::{Body, Parts};
    /// use binder_http::Bind;
    ///
    /// #[derive(Bind, Debug)]
    /// struct B { #[bind(body)] n: u32 }
    ///
    /// let err = binder_http::Error::from(B::bind(&Parts { body: Body::Unsupported, ..Parts::default() }).unwrap_err());
    /// assert_eq!(err.status(), 415);
    /// ```
    pub fn status(&self) -> StatusCode {
        match self {
            Error::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Error::Bind(e) if e.is_unsupported() => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            _ => StatusCode::BAD_REQUEST,
        }
    }

    /// The field errors, when binding failed field by field.
    ///
    /// ```
    /// use binder_http::request::Parts;
    /// use binder_http::Bind;
    ///
    /// #[derive(Bind, Debug)]
    /// #[bind(query)]
    /// struct Q { page: u32, size: u32 }
    ///
    /// let err = binder_http::Error::from(Q::bind(&Parts { query: Some("page=x"), ..Parts::default() }).unwrap_err());
    /// let fields = err.fields().unwrap();
    /// let paths: Vec<String> = fields.as_slice().iter().map(|e| e.path().to_string()).collect();
    /// assert_eq!(paths, ["page", "size"]);
    /// assert!(binder_http::Error::TooLarge { limit: 10 }.fields().is_none());
    /// ```
    pub fn fields(&self) -> Option<&Errors> {
        match self {
            Error::Bind(e) => e.fields(),
            _ => None,
        }
    }

    /// The bind error, when binding (not reading) failed.
    ///
    /// ```
    /// use binder_http::request::{Body, Parts};
    /// use binder_http::{Bind, BindError};
    ///
    /// #[derive(Bind, Debug)]
    /// struct B { #[bind(body)] n: u32 }
    ///
    /// let err = binder_http::Error::from(B::bind(&Parts { body: Body::Unsupported, ..Parts::default() }).unwrap_err());
    /// assert_eq!(err.bind_error(), Some(&BindError::UnsupportedMediaType));
    /// assert_eq!(binder_http::Error::Incomplete { declared: 9, received: 4 }.bind_error(), None);
    /// ```
    pub fn bind_error(&self) -> Option<&BindError> {
        match self {
            Error::Bind(e) => Some(e),
            _ => None,
        }
    }

    /// Whether the request passed one of binder's bounds (a body over the
    /// limit, too many pairs, cookies or parts, a key or part header too
    /// long, JSON nested too deep), as opposed to being malformed or
    /// failing field by field.
    ///
    /// ```
    /// use binder_http::request::Parts;
    /// use binder_http::{Bind, Limits};
    ///
    /// #[derive(Bind, Debug)]
    /// struct Q { #[bind(query)] a: Vec<u8> }
    ///
    /// let mut limits = Limits::DEFAULT;
    /// limits.max_pairs = 1;
    /// let err = binder_http::Error::from(Q::bind_with(&Parts { query: Some("a=1&a=2"), ..Parts::default() }, &limits).unwrap_err());
    /// assert!(err.is_limit());
    /// assert!(!binder_http::Error::from(Q::bind(&Parts { query: Some("a=x"), ..Parts::default() }).unwrap_err()).is_limit());
    /// ```
    pub fn is_limit(&self) -> bool {
        match self {
            Error::TooLarge { .. } => true,
            Error::Bind(e) => e.is_limit(),
            _ => false,
        }
    }

    /// The RFC 9457 `application/problem+json` body for this error: its
    /// status, a detail, and for field errors every field with its source,
    /// path, stable code and message (never a submitted value).
    ///
    /// ```
    /// use binder_http::request::Parts;
    /// use binder_http::Bind;
    ///
    /// #[derive(Bind, Debug)]
    /// struct Q { #[bind(query)] page: u32 }
    ///
    /// let err = binder_http::Error::from(Q::bind(&Parts::default()).unwrap_err());
    /// assert_eq!(
    ///     err.problem_json(),
    ///     r#"{"type":"about:blank","title":"Bad Request","status":400,"detail":"1 field failed to bind","errors":[{"source":"query","field":"page","code":"missing","detail":"a value is required"}]}"#
    /// );
    /// let too_large = binder_http::Error::TooLarge { limit: 1024 };
    /// assert!(too_large.problem_json().contains(r#""status":413"#));
    /// ```
    pub fn problem_json(&self) -> String {
        crate::problem::write(self)
    }

    /// The whole response: the status, `Content-Type:
    /// application/problem+json` and [`Error::problem_json`], in any body
    /// type made from a `String` (`String`, `http_body_util::Full<Bytes>`,
    /// `axum::body::Body`, ...).
    ///
    /// ```
    /// let err = binder_http::Error::TooLarge { limit: 1024 };
    /// let res: http::Response<String> = err.to_response();
    /// assert_eq!(res.status(), 413);
    /// assert_eq!(res.headers()["content-type"], binder_http::PROBLEM_JSON);
    /// assert_eq!(res.body(), &err.problem_json());
    /// ```
    pub fn to_response<B: From<String>>(&self) -> http::Response<B> {
        let mut res = http::Response::new(B::from(self.problem_json()));
        *res.status_mut() = self.status();
        res.headers_mut().insert(
            http::header::CONTENT_TYPE,
            http::HeaderValue::from_static(crate::PROBLEM_JSON),
        );
        res
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Bind(e) => std::fmt::Display::fmt(e, f),
            Error::TooLarge { limit } => {
                write!(f, "the body is larger than the limit of {limit} bytes")
            }
            Error::Length(e) => std::fmt::Display::fmt(e, f),
            Error::LongerThanDeclared { declared } => write!(
                f,
                "the body is longer than the {declared} bytes its Content-Length declared"
            ),
            Error::Incomplete { declared, received } => write!(
                f,
                "the body ended after {received} of the {declared} bytes its Content-Length declared"
            ),
            Error::Read(_) => f.write_str("the body could not be read"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Bind(e) => Some(e),
            Error::Read(e) => Some(&**e),
            Error::Length(e) => Some(e),
            _ => None,
        }
    }
}

impl From<BindError> for Error {
    #[inline]
    fn from(e: BindError) -> Self {
        Error::Bind(e)
    }
}

impl From<LengthError> for Error {
    #[inline]
    fn from(e: LengthError) -> Self {
        Error::Length(e)
    }
}
