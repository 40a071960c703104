//! A request as binder reads it: the [`Request`] trait a bound type reads
//! its sources through, [`HttpRequest`] (an `http` request, its parts and
//! body bytes, and the router's [`PathParams`]), [`Parts`] (a request over
//! plain slices, for tests and for servers whose types are not `http`'s) and
//! [`Body`] (the body, classified by its `Content-Type`).
//!
//! The names are this module's, not the crate root's: `Parts`, `Body` and
//! `Request` are also `http`'s and axum's, so a handler that imports both
//! writes `request::Parts` (or `use binder_http::request::{Body, Parts};`
//! in a test module).
//!
//! ```
//! use binder_http::request::{Body, Parts};
//! use binder_http::Bind;
//!
//! #[derive(Bind)]
//! struct Search<'r> {
//!     #[bind(query)]
//!     page: u32,
//!     #[bind(header = "X-Request-ID")]
//!     trace: &'r str,
//!     #[bind(body)]
//!     q: &'r str,
//! }
//!
//! let req = Parts {
//!     query: Some("page=2"),
//!     headers: &[("X-Request-ID", b"7f3c")],
//!     body: Body::classify(Some(b"application/json"), br#"{"q":"tea"}"#),
//!     ..Parts::default()
//! };
//! let s = Search::bind(&req).unwrap();
//! assert_eq!((s.page, s.trace, s.q), (2, "7f3c", "tea"));
//! ```

use crate::Error;
use binder_core::bind::Bind;
pub use binder_core::bind::{Body, Parts, Request};
use binder_core::Limits;

/// The path parameters a router matched: names and raw (percent-encoded)
/// values. Implemented for `&[(&str, &str)]` and, with the `matchit`
/// feature, for `&matchit::Params`; [`Decoded`] marks values a router has
/// already decoded.
pub trait PathParams<'r> {
    /// Whether the values are decoded already (see [`Decoded`]).
    const DECODED: bool = false;

    /// Calls `f` with each parameter.
    fn each(&self, f: impl FnMut(&str, &'r str));
}

/// Path parameters whose values the router has already percent-decoded
/// (axum's `RawPathParams`, despite its name, are): bound as they are, never
/// decoded a second time.
///
/// ```
/// use binder_http::{Bind, Decoded, HttpRequest};
///
/// #[derive(Bind)]
/// struct File {
///     #[bind(path)]
///     name: String,
/// }
///
/// let (parts, ()) = http::Request::get("/files/%2541").body(())?.into_parts();
/// // The router decoded `%2541` to `%41`: binder must not make it `A`.
/// let params = [("name", "%41")];
/// let req = HttpRequest::with_params(&parts, b"", Decoded(&params[..]));
/// assert_eq!(File::bind(&req).unwrap().name, "%41");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Decoded<P>(pub P);

impl<'r, P: PathParams<'r>> PathParams<'r> for Decoded<P> {
    const DECODED: bool = true;

    #[inline]
    fn each(&self, f: impl FnMut(&str, &'r str)) {
        self.0.each(f);
    }
}

impl<'r> PathParams<'r> for &[(&str, &'r str)] {
    #[inline]
    fn each(&self, mut f: impl FnMut(&str, &'r str)) {
        for (name, value) in self.iter() {
            f(name, value);
        }
    }
}

#[cfg(feature = "matchit")]
impl<'r> PathParams<'r> for &matchit::Params<'_, 'r> {
    #[inline]
    fn each(&self, mut f: impl FnMut(&str, &'r str)) {
        for (name, value) in self.iter() {
            f(name, value);
        }
    }
}

/// A view of an `http` request for binding: its URI, headers, body bytes
/// and the path parameters the router matched. Builds nothing and copies
/// nothing; every method walks the `http` structures in place.
#[derive(Clone, Copy, Debug)]
pub struct HttpRequest<'a, 'r, P = &'a [(&'a str, &'r str)]> {
    uri: &'r http::Uri,
    headers: &'r http::HeaderMap,
    body: &'r [u8],
    /// The body as the `Bytes` it is, when the adapter holds one.
    shared: Option<&'r bytes::Bytes>,
    path: P,
    _params: core::marker::PhantomData<&'a ()>,
}

impl<'r, P: PathParams<'r>> HttpRequest<'_, 'r, P> {
    /// A view of `parts` and `body` with any router's path parameters, such
    /// as `&matchit::Params` (feature `matchit`).
    #[inline]
    pub fn with_params(parts: &'r http::request::Parts, body: &'r [u8], path: P) -> Self {
        HttpRequest {
            uri: &parts.uri,
            headers: &parts.headers,
            body,
            shared: None,
            path,
            _params: core::marker::PhantomData,
        }
    }

    /// [`HttpRequest::with_params`] over a body held as `Bytes` (as
    /// `binder_hyper::read_request` returns it): an [`UploadedFile`](crate::UploadedFile)
    /// then shares the body's buffer instead of copying its bytes.
    #[inline]
    pub fn with_bytes(parts: &'r http::request::Parts, body: &'r bytes::Bytes, path: P) -> Self {
        HttpRequest {
            shared: Some(body),
            ..Self::with_params(parts, body, path)
        }
    }
}

impl<'a, 'r> HttpRequest<'a, 'r> {
    /// A view of `parts` and `body`, with `path` from the router (raw,
    /// percent-encoded values).
    #[inline]
    pub fn from_parts(
        parts: &'r http::request::Parts,
        body: &'r [u8],
        path: &'a [(&'a str, &'r str)],
    ) -> Self {
        Self::with_params(parts, body, path)
    }

    /// A view of a whole request whose body is in memory.
    #[inline]
    pub fn from_request<B: AsRef<[u8]>>(
        req: &'r http::Request<B>,
        path: &'a [(&'a str, &'r str)],
    ) -> Self {
        HttpRequest {
            uri: req.uri(),
            headers: req.headers(),
            body: req.body().as_ref(),
            shared: None,
            path,
            _params: core::marker::PhantomData,
        }
    }
}

impl<'r, P: PathParams<'r>> Request<'r> for HttpRequest<'_, 'r, P> {
    const PATH_DECODED: bool = P::DECODED;

    #[inline]
    fn path_params<F: FnMut(&str, &'r str)>(&self, f: F) {
        self.path.each(f);
    }

    #[inline]
    fn query(&self) -> Option<&'r str> {
        self.uri.query()
    }

    #[inline]
    fn headers<F: FnMut(&[u8], &'r [u8]) -> bool>(&self, mut f: F) {
        // `HeaderName`s are lower case already; every line of a repeated
        // header is passed, so several `Cookie` lines are all read.
        for (name, value) in self.headers {
            if !f(name.as_str().as_bytes(), value.as_bytes()) {
                break;
            }
        }
    }

    #[inline]
    fn body(&self) -> Body<'r> {
        let ct = self
            .headers
            .get(http::header::CONTENT_TYPE)
            .map(http::HeaderValue::as_bytes);
        match self.shared {
            Some(bytes) => Body::classify_bytes(ct, bytes),
            None => Body::classify(ct, self.body),
        }
    }

    #[inline]
    fn raw_body(&self) -> &'r [u8] {
        self.body
    }
}

/// Binds `T` from a whole request whose body is in memory, under
/// [`Limits::DEFAULT`].
///
/// # Errors
/// [`Error::Bind`], as [`Bind::bind_with`] fails.
#[inline]
pub fn bind<'r, T, B>(req: &'r http::Request<B>, path: &[(&str, &'r str)]) -> Result<T, Error>
where
    T: Bind<'r>,
    B: AsRef<[u8]>,
{
    T::bind(&HttpRequest::from_request(req, path)).map_err(Error::Bind)
}

/// Binds `T` from request parts and body bytes, under [`Limits::DEFAULT`].
///
/// # Errors
/// [`Error::Bind`], as [`Bind::bind_with`] fails.
#[inline]
pub fn bind_parts<'r, T: Bind<'r>>(
    parts: &'r http::request::Parts,
    body: &'r [u8],
    path: &[(&str, &'r str)],
) -> Result<T, Error> {
    bind_parts_with(parts, body, path, &Limits::DEFAULT)
}

/// Binds `T` from request parts and body bytes under `limits`.
///
/// # Errors
/// [`Error::Bind`], as [`Bind::bind_with`] fails.
#[inline]
pub fn bind_parts_with<'r, T: Bind<'r>>(
    parts: &'r http::request::Parts,
    body: &'r [u8],
    path: &[(&str, &'r str)],
    limits: &Limits,
) -> Result<T, Error> {
    T::bind_with(&HttpRequest::from_parts(parts, body, path), limits).map_err(Error::Bind)
}
