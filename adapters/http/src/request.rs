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
///
/// A router of your own implements it for its match:
///
/// ```
/// use binder_http::{Bind, HttpRequest, PathParams};
///
/// /// What a router matched for `/teams/{team}/files/{name}`.
/// struct TeamFile<'r> {
///     team: &'r str,
///     name: &'r str,
/// }
///
/// impl<'r> PathParams<'r> for TeamFile<'r> {
///     fn each(&self, mut f: impl FnMut(&str, &'r str)) {
///         f("team", self.team);
///         f("name", self.name);
///     }
/// }
///
/// #[derive(Bind)]
/// #[bind(path)]
/// struct File {
///     team: u32,
///     name: String,
/// }
///
/// let (parts, ()) = http::Request::get("/teams/7/files/a%20b.txt").body(())?.into_parts();
/// let matched = TeamFile { team: "7", name: "a%20b.txt" };
/// let file = File::bind(&HttpRequest::with_params(&parts, b"", matched)).unwrap();
/// assert_eq!((file.team, file.name.as_str()), (7, "a b.txt"));
/// # Ok::<(), http::Error>(())
/// ```
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
///
/// ```
/// use binder_http::{Bind, HttpRequest};
///
/// #[derive(Bind)]
/// struct Move<'r> {
///     #[bind(path)]
///     id: u64,
///     #[bind(header = "If-Match")]
///     etag: &'r str,
///     #[bind(body)]
///     to: &'r str,
/// }
///
/// let (parts, body) = http::Request::put("/boxes/9")
///     .header("if-match", "\"v3\"")
///     .header("content-type", "application/json")
///     .body(br#"{"to":"shelf"}"#.to_vec())?
///     .into_parts();
/// let req = HttpRequest::from_parts(&parts, &body, &[("id", "9")]);
/// let m = Move::bind(&req).unwrap();
/// assert_eq!((m.id, m.etag, m.to), (9, "\"v3\"", "shelf"));
/// # Ok::<(), http::Error>(())
/// ```
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
    ///
    /// ```
    /// use binder_http::{Bind, HttpRequest};
    ///
    /// #[derive(Bind)]
    /// struct Team {
    ///     #[bind(path)]
    ///     team: u32,
    /// }
    ///
    /// let (parts, ()) = http::Request::get("/teams/42").body(())?.into_parts();
    /// // Any `PathParams`: a slice of pairs, ...
    /// let req = HttpRequest::with_params(&parts, b"", &[("team", "42")][..]);
    /// assert_eq!(Team::bind(&req).unwrap().team, 42);
    /// // ... or, with the `matchit` feature, what a matchit router matched.
    /// # #[cfg(feature = "matchit")] {
    /// let mut router = matchit::Router::new();
    /// router.insert("/teams/{team}", ())?;
    /// let matched = router.at(parts.uri.path())?;
    /// let req = HttpRequest::with_params(&parts, b"", &matched.params);
    /// assert_eq!(Team::bind(&req).unwrap().team, 42);
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
    ///
    /// ```
    /// use binder_http::{Bind, HttpRequest, UploadedFile};
    /// use bytes::Bytes;
    ///
    /// #[derive(Bind)]
    /// struct Upload {
    ///     #[bind(body)]
    ///     doc: UploadedFile,
    /// }
    ///
    /// let body = Bytes::from_static(
    ///     b"--B\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"a.txt\"\r\n\r\nhello\r\n--B--\r\n",
    /// );
    /// let (parts, ()) = http::Request::post("/upload")
    ///     .header("content-type", "multipart/form-data; boundary=B")
    ///     .body(())?
    ///     .into_parts();
    /// let req = HttpRequest::with_bytes(&parts, &body, &[][..]);
    /// let doc = Upload::bind(&req).unwrap().doc;
    /// assert_eq!((doc.filename(), &doc.data()[..]), ("a.txt", &b"hello"[..]));
    /// // A slice of `body`'s buffer, not a copy.
    /// assert!(body.as_ptr_range().contains(&doc.data().as_ptr()));
    /// # Ok::<(), http::Error>(())
    /// ```
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
    ///
    /// ```
    /// use binder_http::{Bind, HttpRequest};
    ///
    /// #[derive(Bind)]
    /// struct Tag {
    ///     #[bind(path)]
    ///     tag: String,
    /// }
    ///
    /// let (parts, body) = http::Request::get("/tags/caf%C3%A9").body(Vec::new())?.into_parts();
    /// let req = HttpRequest::from_parts(&parts, &body, &[("tag", "caf%C3%A9")]);
    /// assert_eq!(Tag::bind(&req).unwrap().tag, "café"); // decoded once
    /// # Ok::<(), http::Error>(())
    /// ```
    #[inline]
    pub fn from_parts(
        parts: &'r http::request::Parts,
        body: &'r [u8],
        path: &'a [(&'a str, &'r str)],
    ) -> Self {
        Self::with_params(parts, body, path)
    }

    /// A view of a whole request whose body is in memory.
    ///
    /// ```
    /// use binder_http::{Bind, HttpRequest};
    ///
    /// #[derive(Bind)]
    /// #[bind(body)]
    /// struct Login<'r> {
    ///     user: &'r str,
    ///     remember: bool,
    /// }
    ///
    /// let req = http::Request::post("/login")
    ///     .header("content-type", "application/x-www-form-urlencoded")
    ///     .body("user=ada&remember=on")?;
    /// let login = Login::bind(&HttpRequest::from_request(&req, &[])).unwrap();
    /// assert_eq!((login.user, login.remember), ("ada", true));
    /// # Ok::<(), http::Error>(())
    /// ```
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
/// ```
/// use binder_http::Bind;
///
/// #[derive(Bind)]
/// struct Item {
///     #[bind(path)]
///     id: u32,
///     #[bind(query)]
///     fields: Vec<String>,
/// }
///
/// let req = http::Request::get("/items/5?fields=name&fields=price").body(Vec::<u8>::new())?;
/// let item: Item = binder_http::bind(&req, &[("id", "5")]).unwrap();
/// assert_eq!((item.id, item.fields), (5, vec!["name".to_owned(), "price".to_owned()]));
///
/// let bad = http::Request::get("/items/x").body(Vec::<u8>::new())?;
/// let err = binder_http::bind::<Item, _>(&bad, &[("id", "x")]).err().unwrap();
/// assert_eq!(err.to_string(), "path: id: expected an unsigned integer");
/// # Ok::<(), http::Error>(())
/// ```
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
/// ```
/// use binder_http::Bind;
///
/// #[derive(Bind)]
/// struct Comment<'r> {
///     #[bind(path)]
///     post: u32,
///     #[bind(body)]
///     text: std::borrow::Cow<'r, str>,
/// }
///
/// let (parts, body) = http::Request::post("/posts/3/comments")
///     .header("content-type", "application/json")
///     .body(br#"{"text":"caf\u00e9"}"#.to_vec())?
///     .into_parts();
/// let c: Comment = binder_http::bind_parts(&parts, &body, &[("post", "3")]).unwrap();
/// assert_eq!((c.post, &*c.text), (3, "café"));
/// # Ok::<(), http::Error>(())
/// ```
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
/// ```
/// use binder_http::{Bind, Formats, Limits};
///
/// #[derive(Bind, Debug)]
/// struct Note<'r> {
///     #[bind(body)]
///     text: &'r str,
/// }
///
/// // A JSON-only service: a form post is refused before a field is read.
/// let mut limits = Limits::DEFAULT;
/// limits.formats = Formats::JSON;
/// let (parts, body) = http::Request::post("/notes")
///     .header("content-type", "application/x-www-form-urlencoded")
///     .body(b"text=hi".to_vec())?
///     .into_parts();
/// let err = binder_http::bind_parts_with::<Note>(&parts, &body, &[], &limits).unwrap_err();
/// assert_eq!(err.status(), 415);
/// assert!(binder_http::bind_parts_with::<Note>(&parts, &body, &[], &Limits::DEFAULT).is_ok());
/// # Ok::<(), http::Error>(())
/// ```
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

/// Binds `T` from `req` under `limits`, with the
/// [`ContextValues`](binder_core::bind::ContextValues) a layer put in the
/// request's `extensions` when `T` has `#[bind(context)]` fields (looked
/// up only for such a type): how binder-hyper's and binder-axum's
/// extractors bind, for an adapter of your own over `http` types.
///
/// ```
/// use binder_http::{Bind, ContextValues, HttpRequest, Limits};
///
/// #[derive(Bind)]
/// struct Mine {
///     #[bind(context = "user")]
///     user: u64,
///     #[bind(query)]
///     page: u32,
/// }
///
/// let mut req = http::Request::get("/mine?page=2").body(Vec::new())?;
/// let mut values = ContextValues::new();
/// values.insert("user", "42");
/// req.extensions_mut().insert(values);
/// let (parts, body) = req.into_parts();
/// let http_req = HttpRequest::from_parts(&parts, &body, &[]);
/// let mine: Mine = binder_http::request::bind_in(http_req, &parts.extensions, &Limits::DEFAULT)?;
/// assert_eq!((mine.user, mine.page), (42, 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The [`BindError`](binder_core::bind::BindError) `T::bind_with` returns.
#[inline]
pub fn bind_in<'r, T: Bind<'r>>(
    req: impl Request<'r>,
    extensions: &'r http::Extensions,
    limits: &Limits,
) -> Result<T, binder_core::bind::BindError> {
    use binder_core::bind::{ContextValues, WithContext};
    let values = if T::READS_CONTEXT {
        extensions.get::<ContextValues>()
    } else {
        None
    };
    match values {
        Some(values) => T::bind_with(&WithContext::new(req, values), limits),
        None => T::bind_with(&req, limits),
    }
}
