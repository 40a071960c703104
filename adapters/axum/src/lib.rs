//! binder for axum 0.8: [`Bound<T>`], an extractor that binds an owned `T`
//! from the whole request (path parameters from the matched route, query,
//! headers, cookies, body) and rejects with the same problem+json responses
//! as the other adapters; [`Binder`], which reads the request and binds
//! inside the handler, for targets that borrow from the request. Uploaded
//! files in owned targets: `binder_http::UploadedFile`, a slice of the
//! request body's buffer (not a copy).
//!
//! ```
//! use axum::{routing::post, Router};
//! use binder_axum::{Bind, Bound};
//!
//! #[derive(Bind)]
//! struct CreateOrder {
//!     #[bind(path = "team")]
//!     team_id: u32,
//!     #[bind(body, required)]
//!     email: String,
//! }
//!
//! async fn create(Bound(order): Bound<CreateOrder>) -> String {
//!     format!("{} for team {}", order.email, order.team_id)
//! }
//!
//! let app: Router = Router::new().route("/teams/{team}/orders", post(create));
//! ```
//!
//! # One dependency
//! This crate re-exports the derive and the types a handler names, so an
//! application's `Cargo.toml` needs no other binder crate:
//! `#[derive(Bind)]` from here generates code that names `binder_axum`
//! alone. The attributes, each with an example: [`binder_http::guide`].
//!
//! # Path parameters
//! Cut out of the path the router matched by the route's template
//! (`MatchedPath`; the whole template under `Router::nest`, against
//! `OriginalUri`), with nothing allocated, and handed to binder as sent: a
//! value is percent-decoded once (`%2541` binds `%41`), and one that is not
//! UTF-8 once decoded is a field error. A template that cannot be followed
//! falls back to axum's `RawPathParams`, as does the crate without its
//! default `matched-path` feature (which turns on axum's `matched-path` and
//! `original-uri`, both axum defaults).
//!
//! # Body limit
//! The body is read under the smaller of two limits, and a body past it
//! answers 413 (a `Content-Length` past it before one byte is read):
//! - axum's, as its own extractors (`Bytes`, `Json`, `Form`) apply it:
//!   `DefaultBodyLimit::max(n)` from a layer, 2,097,152 bytes without one,
//!   none after `DefaultBodyLimit::disable()`;
//! - binder's, [`Limits::max_body_bytes`] (2 MiB by default): put a
//!   [`Limits`] in the request's extensions to change it and the other
//!   limits, e.g. with `.layer(axum::Extension(limits))`.
//!
//! So to accept bodies past 2 MiB, raise both (or disable axum's and raise
//! binder's). For uploads larger than memory, the `spool` feature's
//! `Spooled<T>` streams each file part to a temporary file as it arrives
//! (a `SpooledFile` field), under limits of its own (`SpoolOptions`) that
//! replace both.
//!
//! ```
//! use axum::{extract::DefaultBodyLimit, routing::post, Extension, Router};
//! # async fn upload() {}
//! let mut limits = binder_http::Limits::default();
//! limits.max_body_bytes = 16 << 20;
//! let app: Router = Router::new()
//!     .route("/upload", post(upload))
//!     .layer(DefaultBodyLimit::max(16 << 20))
//!     .layer(Extension(limits));
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod limit;
mod path;
#[cfg(feature = "spool")]
#[path = "spool.rs"]
mod spooled;

use axum::extract::{FromRequest, FromRequestParts, RawPathParams, Request};
use axum::response::{IntoResponse, Response};
pub use binder_http::OwnedBind;
use binder_http::{Decoded, HttpRequest};
use bytes::Bytes;
use http::request::Parts;
use http_body::Body as _;

/// The trait a bound type implements.
pub use binder_core::bind::Bind;
/// Derives [`Bind`](trait@Bind) for a struct, with generated code naming
/// this crate; the attributes: [`binder_http::guide`].
pub use binder_derive::BindAxum as Bind;
/// Derives [`FromText`](trait@FromText) for an enum of unit variants, with
/// generated code naming this crate; see "Enums" in [`binder_http::guide::types`].
pub use binder_derive::FromTextAxum as FromText;
/// The trait a field's type implements to bind from one text value.
pub use binder_http::convert::FromText;
/// Text conversion and the field-type API, for a field type or a
/// [`TextFormat`] of your own.
pub use binder_http::{convert, field};
pub use binder_http::{
    BindError, Context, ContextValues, Error, ErrorKind, Errors, FieldError, FieldErrorKind,
    FieldPath, FilePart, Formats, FromBody, Limits, RawJson, Source, TextFormat, UploadedFile,
    WithContext, WithFormat, PROBLEM_JSON,
};

#[cfg(feature = "spool")]
pub use binder_hyper::{SpoolError, SpoolOptions, SpooledFile, StoredFile};
#[cfg(feature = "spool")]
pub use spooled::{Spooled, SpooledRejection, SpooledTo};
/// Where spooled files go ([`SpooledTo`]): [`Sink`](spool::Sink), a
/// destination of the service's own, and what it is handed.
#[cfg(feature = "spool")]
pub mod spool {
    pub use binder_hyper::spool::{FileHead, Sink, Store, TempFiles};
}

/// What generated code names. Not a public API.
#[doc(hidden)]
pub use binder_http::__private_0_1;

/// An owned `T` bound from the request. The body is read as
/// `binder_hyper::read_request` reads it (its `Content-Length` strictly, by
/// `binder_http::length`; never past its declared length), under the body
/// limit described in the [crate docs](crate#body-limit).
///
/// `T` must own what it holds ([`OwnedBind`], which `#[derive(Bind)]`
/// implements for a struct without a lifetime: `String`, numbers,
/// [`UploadedFile`], ...): the request is gone when the handler runs. For a
/// `T` that borrows from the request (`&'r str`, `Cow<'r, str>`,
/// `FilePart<'r>`), extract a [`Binder`] and bind inside the handler. The
/// compiler says so for `Bound<Borrowing<'_>>`: "`Borrowing` borrows from the
/// request, so it cannot outlive it" (at a route, axum's `#[debug_handler]`
/// shows that message where rustc alone reports "`Handler<_, _>` is not
/// implemented").
///
/// ```
/// use axum::{body::Body, routing::post, Router};
/// use binder_axum::{Bind, Bound, PROBLEM_JSON};
/// use tower::ServiceExt;
///
/// #[derive(Bind)]
/// struct Note {
///     #[bind(path)]
///     id: u32,
///     #[bind(body)]
///     text: String,
/// }
///
/// async fn save(Bound(note): Bound<Note>) -> String {
///     format!("{}: {}", note.id, note.text)
/// }
///
/// let app = Router::new().route("/notes/{id}", post(save));
/// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
/// let req = http::Request::post("/notes/7")
///     .header("content-type", "application/json")
///     .body(Body::from(r#"{"text":"hi"}"#))?;
/// let res = app.clone().oneshot(req).await?;
/// assert_eq!(res.status(), 200);
/// assert_eq!(axum::body::to_bytes(res.into_body(), 1024).await?, "7: hi");
///
/// // A failing field: 400, problem+json.
/// let req = http::Request::post("/notes/x")
///     .header("content-type", "application/json")
///     .body(Body::from(r#"{"text":"hi"}"#))?;
/// let res = app.oneshot(req).await?;
/// assert_eq!(res.status(), 400);
/// assert_eq!(res.headers()["content-type"], PROBLEM_JSON);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// # })?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Bound<T>(pub T);

/// Why [`Bound`] or [`Binder`] rejected a request: the one error type of
/// every binder adapter, [`binder_http::Error`], to match on
/// (`rejection.0` or through `Deref`) or to answer with as it is: 400, 413
/// or 415 with an `application/problem+json` body listing every failing
/// field.
///
/// ```
/// use axum::response::IntoResponse;
/// use binder_axum::BoundRejection;
///
/// fn my_shape(rejection: BoundRejection) -> axum::response::Response {
///     match rejection.fields() {
///         // Field errors: answer in the application's own shape.
///         Some(fields) => (rejection.status(), format!("{} fields to fix", fields.as_slice().len())).into_response(),
///         // Anything else (too large, malformed, 415): the default.
///         None => rejection.into_response(),
///     }
/// }
///
/// let too_large = BoundRejection(binder_axum::Error::TooLarge { limit: 1024 });
/// let res = my_shape(too_large);
/// assert_eq!(res.status(), 413);
/// assert_eq!(res.headers()["content-type"], binder_axum::PROBLEM_JSON);
///
/// let mut errors = binder_axum::Errors::new(10);
/// errors.invalid(binder_axum::Source::Query, "page", "a page number");
/// let fields = BoundRejection(binder_axum::BindError::Fields(errors).into());
/// let res = my_shape(fields);
/// assert_eq!(res.status(), 400);
/// assert_eq!(res.headers()["content-type"], "text/plain; charset=utf-8");
/// ```
#[derive(Debug)]
pub struct BoundRejection(pub binder_http::Error);

impl std::ops::Deref for BoundRejection {
    type Target = binder_http::Error;

    fn deref(&self) -> &binder_http::Error {
        &self.0
    }
}

impl From<binder_http::Error> for BoundRejection {
    fn from(e: binder_http::Error) -> Self {
        BoundRejection(e)
    }
}

impl IntoResponse for BoundRejection {
    fn into_response(self) -> Response {
        self.0.to_response::<axum::body::Body>()
    }
}

impl std::fmt::Display for BoundRejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.0, f)
    }
}

impl std::error::Error for BoundRejection {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

/// The request read and held, to bind from inside the handler: for targets
/// that borrow from the request (`&'r str`, `Cow<'r, str>`, `FilePart<'r>`),
/// which [`Bound`] cannot hand over. The body is read as [`Bound`] reads it
/// (same limits, same rejections); binding happens in [`Binder::bind`],
/// whose error is the same [`BoundRejection`], so `?` works in a handler
/// returning `Result<_, BoundRejection>` (or any error with a `From` it).
///
/// ```
/// use axum::{body::Body, routing::post, Router};
/// use binder_axum::{Bind, Binder, BoundRejection, FilePart};
/// use std::borrow::Cow;
/// use tower::ServiceExt;
///
/// #[derive(Bind)]
/// struct Upload<'r> {
///     #[bind(path)]
///     team: Cow<'r, str>,
///     #[bind(body)]
///     title: Cow<'r, str>,
///     #[bind(body)]
///     doc: FilePart<'r>,
/// }
///
/// async fn upload(binder: Binder) -> Result<String, BoundRejection> {
///     let up: Upload = binder.bind()?;
///     Ok(format!("{}: {} ({} bytes)", up.team, up.title, up.doc.data().len()))
/// }
///
/// let app: Router = Router::new().route("/teams/{team}/upload", post(upload));
/// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
/// let body = "--B\r\nContent-Disposition: form-data; name=title\r\n\r\nQ3 plan\r\n\
///             --B\r\nContent-Disposition: form-data; name=doc; filename=plan.txt\r\n\r\nhello\r\n--B--\r\n";
/// let req = http::Request::post("/teams/core/upload")
///     .header("content-type", "multipart/form-data; boundary=B")
///     .body(Body::from(body))?;
/// let res = app.oneshot(req).await?;
/// assert_eq!(axum::body::to_bytes(res.into_body(), 1024).await?, "core: Q3 plan (5 bytes)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// # })?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Binder {
    parts: Parts,
    body: Bytes,
    limits: Limits,
    /// axum's path parameters, kept only when the route's template could
    /// not be followed (see the crate docs).
    raw: Option<RawPathParams>,
}

/// `body` with `req`, the held request as binder reads it: its path
/// parameters cut out of the routed path by the matched template, or
/// axum's decoded ones (see the crate docs). (A macro: the two are of two
/// types.)
macro_rules! with_request {
    ($binder:ident, |$req:ident| $body:expr) => {{
        let (parts, bytes) = (&$binder.parts, &$binder.body);
        match path::Matched::of(parts) {
            Some(matched) => {
                let $req = HttpRequest::with_bytes(parts, bytes, matched);
                $body
            }
            None => {
                let raw = Decoded(path::Raw($binder.raw.as_ref()));
                let $req = HttpRequest::with_bytes(parts, bytes, raw);
                $body
            }
        }
    }};
}

impl Binder {
    /// Binds `T` from the held request, borrowing from it.
    ///
    /// ```
    /// use axum::extract::FromRequest;
    /// use binder_axum::{Bind, Binder};
    ///
    /// #[derive(Bind)]
    /// struct Search<'r> {
    ///     #[bind(query)]
    ///     q: &'r str,
    ///     #[bind(query)]
    ///     page: u32,
    /// }
    ///
    /// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
    /// let req = http::Request::get("/search?q=tea&page=2").body(axum::body::Body::empty())?;
    /// let binder = Binder::from_request(req, &()).await?;
    /// let s: Search = binder.bind()?;
    /// assert_eq!((s.q, s.page), ("tea", 2));
    /// // Every failing field, in one rejection.
    /// let req = http::Request::get("/search?page=x").body(axum::body::Body::empty())?;
    /// let binder = Binder::from_request(req, &()).await?;
    /// let err = binder.bind::<Search>().err().unwrap();
    /// assert_eq!(err.fields().unwrap().as_slice().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// # })?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A [`BoundRejection`] (400 or 415) listing every failing field.
    pub fn bind<'r, T: Bind<'r>>(&'r self) -> Result<T, BoundRejection> {
        with_request!(self, |req| bind_to(
            req,
            &self.parts.extensions,
            &self.limits
        ))
    }

    /// Binds `T` from the held request as [`Binder::bind`] does, with a
    /// body in `format` (a [`TextFormat`] of the service's own) read for
    /// `T`'s `body` fields when `T` accepts `custom`
    /// (`binder_http::guide::bodies`, "accept").
    ///
    /// ```
    /// use axum::extract::FromRequest;
    /// use binder_axum::{Bind, Binder, TextFormat};
    /// use binder_axum::convert::{Raw, Ref};
    /// use binder_axum::{field::Error, ErrorKind, Limits};
    ///
    /// /// `key=value` lines, `text/x-lines`.
    /// struct Lines;
    ///
    /// impl TextFormat for Lines {
    ///     fn reads(&self, content_type: Option<&[u8]>) -> bool {
    ///         content_type == Some(b"text/x-lines")
    ///     }
    ///
    ///     fn walk<'r, F>(&self, body: &'r [u8], _: &Limits, mut f: F) -> Result<(), Error>
    ///     where
    ///         F: FnMut(Ref<'r, '_, [u8]>, Raw<'r>),
    ///     {
    ///         for line in body.split(|&b| b == b'\n') {
    ///             let eq = line.iter().position(|&b| b == b'=');
    ///             let eq = eq.ok_or(Error::new(ErrorKind::BodySyntax, 0))?;
    ///             f(Ref::Borrowed(&line[..eq]), Raw::plain(&line[eq + 1..]));
    ///         }
    ///         Ok(())
    ///     }
    /// }
    ///
    /// #[derive(Bind)]
    /// #[bind(accept = "json, custom")]
    /// struct Note<'r> {
    ///     #[bind(body)]
    ///     title: &'r str,
    /// }
    ///
    /// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
    /// let req = http::Request::post("/notes")
    ///     .header("content-type", "text/x-lines")
    ///     .body(axum::body::Body::from("title=Tea"))?;
    /// let binder = Binder::from_request(req, &()).await?;
    /// assert_eq!(binder.bind_format::<Note, _>(Lines)?.title, "Tea");
    /// // Without the format, the body is of a type binder does not read.
    /// assert_eq!(binder.bind::<Note>().err().unwrap().status(), 415);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// # })?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Binder::bind`]; a body that does not follow `format` is a 400.
    pub fn bind_format<'r, T: Bind<'r>, F: TextFormat>(
        &'r self,
        format: F,
    ) -> Result<T, BoundRejection> {
        with_request!(self, |req| bind_to(
            WithFormat::new(req, format),
            &self.parts.extensions,
            &self.limits
        ))
    }

    /// Binds `T` from the held request as [`Binder::bind`] does, with
    /// `context`'s values (a [`Context`]: what a layer found out about the
    /// request, the signed-in user...) for `T`'s `#[bind(context)]` fields.
    ///
    /// ```
    /// use axum::extract::FromRequest;
    /// use binder_axum::{Bind, Binder, Context};
    /// use binder_axum::convert::Raw;
    ///
    /// /// What an authentication layer put in the request's extensions.
    /// #[derive(Clone)]
    /// struct User(String);
    ///
    /// impl<'r> Context<'r> for &'r User {
    ///     fn each<F: FnMut(&str, Raw<'r>)>(&self, mut f: F) {
    ///         f("user", Raw::decoded_text(&self.0));
    ///     }
    /// }
    ///
    /// #[derive(Bind)]
    /// struct MyOrders<'r> {
    ///     #[bind(context)]
    ///     user: &'r str,
    ///     #[bind(query)]
    ///     page: u32,
    /// }
    ///
    /// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
    /// let mut req = http::Request::get("/orders?page=2").body(axum::body::Body::empty())?;
    /// req.extensions_mut().insert(User("ada".into()));
    /// let binder = Binder::from_request(req, &()).await?;
    /// let user = binder.parts().extensions.get::<User>().expect("signed in");
    /// let o: MyOrders = binder.bind_with_context(user)?;
    /// assert_eq!((o.user, o.page), ("ada", 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// # })?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Binder::bind`]; a missing or invalid context value is a field
    /// error under the source `context`.
    pub fn bind_with_context<'r, T: Bind<'r>, C: Context<'r>>(
        &'r self,
        context: C,
    ) -> Result<T, BoundRejection> {
        with_request!(self, |req| bind_to(
            WithContext::new(req, context),
            &self.parts.extensions,
            &self.limits
        ))
    }

    /// The request's head.
    ///
    /// ```
    /// use axum::extract::FromRequest;
    /// use binder_axum::Binder;
    ///
    /// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
    /// let req = http::Request::get("/files?sort=name").header("accept", "text/html").body(axum::body::Body::empty())?;
    /// let binder = Binder::from_request(req, &()).await?;
    /// assert_eq!(binder.parts().uri.query(), Some("sort=name"));
    /// assert_eq!(binder.parts().headers["accept"], "text/html");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// # })?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parts(&self) -> &Parts {
        &self.parts
    }

    /// The request's body, as read.
    ///
    /// ```
    /// use axum::extract::FromRequest;
    /// use binder_axum::Binder;
    ///
    /// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
    /// let req = http::Request::post("/echo").body(axum::body::Body::from("hello"))?;
    /// let binder = Binder::from_request(req, &()).await?;
    /// assert_eq!(binder.body(), "hello");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// # })?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn body(&self) -> &Bytes {
        &self.body
    }

    /// The limits the body was read and is bound under: a [`Limits`] in
    /// the request's extensions (`axum::Extension(limits)` as a layer), else
    /// [`Limits::DEFAULT`].
    ///
    /// ```
    /// use axum::extract::FromRequest;
    /// use binder_axum::Binder;
    ///
    /// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
    /// let mut limits = binder_axum::Limits::DEFAULT;
    /// limits.max_pairs = 10;
    /// let mut req = http::Request::get("/").body(axum::body::Body::empty())?;
    /// req.extensions_mut().insert(limits);
    /// let binder = Binder::from_request(req, &()).await?;
    /// assert_eq!(binder.limits().max_pairs, 10);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// # })?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The request's head and body.
    ///
    /// ```
    /// use axum::extract::FromRequest;
    /// use binder_axum::Binder;
    ///
    /// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
    /// let req = http::Request::put("/doc").body(axum::body::Body::from("v2"))?;
    /// let (parts, body) = Binder::from_request(req, &()).await?.into_parts();
    /// // Rebuilt, to hand on.
    /// let req = http::Request::from_parts(parts, axum::body::Body::from(body));
    /// assert_eq!(req.method(), "PUT");
    /// assert_eq!(axum::body::to_bytes(req.into_body(), 16).await?, "v2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// # })?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn into_parts(self) -> (Parts, Bytes) {
        (self.parts, self.body)
    }
}

impl<S: Send + Sync> FromRequest<S> for Binder {
    type Rejection = BoundRejection;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let (mut parts, body) = req.into_parts();
        let (limits, declared, limit) = prepare(&mut parts, &body)?;
        let body = binder_hyper::read_body(body, declared, limit)
            .await
            .map_err(BoundRejection)?;
        let raw = match path::Matched::of(&parts) {
            Some(_) => None,
            None => RawPathParams::from_request_parts(&mut parts, state)
                .await
                .ok(),
        };
        Ok(Binder {
            parts,
            body,
            limits,
            raw,
        })
    }
}

impl<T, S> FromRequest<S> for Bound<T>
where
    T: OwnedBind,
    S: Send + Sync,
{
    type Rejection = BoundRejection;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let (mut parts, body) = req.into_parts();
        let (limits, declared, limit) = prepare(&mut parts, &body)?;
        let bytes = binder_hyper::read_body(body, declared, limit)
            .await
            .map_err(BoundRejection)?;
        // Path parameters cut out of the routed path by the matched
        // template, raw (binder decodes them once); else axum's
        // `RawPathParams`, which axum has decoded (bound as they are).
        if let Some(matched) = path::Matched::of(&parts) {
            let req = HttpRequest::with_bytes(&parts, &bytes, matched);
            return bind_to(req, &parts.extensions, &limits).map(Bound);
        }
        let raw = RawPathParams::from_request_parts(&mut parts, state)
            .await
            .ok();
        let req = HttpRequest::with_bytes(&parts, &bytes, Decoded(path::Raw(raw.as_ref())));
        bind_to(req, &parts.extensions, &limits).map(Bound)
    }
}

/// The limits of a request, and its declared length and body limit (see
/// the crate docs); the body is read by the caller, so that no async layer
/// of binder's own moves the request's head around.
fn prepare(
    parts: &mut Parts,
    body: &axum::body::Body,
) -> Result<(Limits, Option<u64>, usize), BoundRejection> {
    let limits = parts
        .extensions
        .get::<Limits>()
        .copied()
        .unwrap_or_default();
    // The declared length is read, and the body under it, exactly as
    // binder-hyper does (`binder_http::length`).
    let declared =
        binder_http::length::from_headers(&parts.headers).map_err(|e| BoundRejection(e.into()))?;
    let limit = body_limit(&mut parts.extensions, body, &limits);
    Ok((limits, declared, limit))
}

/// The body limit for a request: the smaller of binder's and axum's (see
/// the crate docs). An empty body needs no limit and is not probed.
fn body_limit(
    extensions: &mut http::Extensions,
    body: &axum::body::Body,
    limits: &Limits,
) -> usize {
    let ours = limits.max_body_bytes;
    if body.is_end_stream() {
        return ours;
    }
    limit::axum_limit(extensions).map_or(ours, |axum| axum.min(ours))
}

/// Binds `T` from `req`, with the [`ContextValues`] a layer put in the
/// request's `extensions` when `T` has `#[bind(context)]` fields (only
/// then are they looked up).
fn bind_to<'r, T: Bind<'r>>(
    req: impl binder_http::request::Request<'r>,
    extensions: &'r http::Extensions,
    limits: &Limits,
) -> Result<T, BoundRejection> {
    binder_http::request::bind_in(req, extensions, limits).map_err(|e| BoundRejection(e.into()))
}
