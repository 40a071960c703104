//! binder for axum 0.8: [`Bound<T>`], an extractor that binds an owned `T`
//! from the whole request (path parameters from the matched route, query,
//! headers, cookies, body) and rejects with the same problem+json responses
//! as the other adapters.
//!
//! ```no_run
//! use axum::{routing::post, Router};
//! use binder_axum::Bound;
//! use binder_http::Bind;
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
//! # Path parameters
//! Cut out of the path the router matched by the route's template
//! (`MatchedPath`; the whole template under `Router::nest`, against
//! `OriginalUri`), with nothing allocated, and handed to binder as sent: a
//! value is percent-decoded once (`%2541` binds `%41`), and one that is not
//! UTF-8 once decoded is a field error. A template that cannot be followed
//! falls back to axum's `RawPathParams`.
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
//! binder's).
//!
//! ```no_run
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

use axum::extract::{FromRequest, FromRequestParts, RawPathParams, Request};
use axum::response::{IntoResponse, Response};
use binder_http::{Bind, Decoded, Limits};
use http_body::Body as _;

/// An owned `T` bound from the request. The body is read as
/// `binder_hyper::read_request` reads it (its `Content-Length` strictly, by
/// `binder_http::length`; never past its declared length), under the body
/// limit described in the [crate docs](crate#body-limit).
#[derive(Debug, Clone, Copy, Default)]
pub struct Bound<T>(pub T);

/// Why [`Bound`] rejected a request: answers 400, 413 or 415 with an
/// `application/problem+json` body listing every failing field.
#[derive(Debug)]
pub struct BoundRejection(binder_hyper::Error);

impl BoundRejection {
    /// The status the rejection answers with.
    pub fn status(&self) -> http::StatusCode {
        self.0.status()
    }
}

impl IntoResponse for BoundRejection {
    fn into_response(self) -> Response {
        self.0.into_response().map(axum::body::Body::new)
    }
}

impl std::fmt::Display for BoundRejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.0, f)
    }
}

impl std::error::Error for BoundRejection {}

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

impl<T, S> FromRequest<S> for Bound<T>
where
    T: for<'r> Bind<'r>,
    S: Send + Sync,
{
    type Rejection = BoundRejection;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let (mut parts, body) = req.into_parts();
        let limits = parts
            .extensions
            .get::<Limits>()
            .copied()
            .unwrap_or_default();
        // The declared length is read, and the body under it, exactly as
        // binder-hyper does (`binder_http::length`).
        let declared = binder_http::length::from_headers(&parts.headers)
            .map_err(|e| BoundRejection(e.into()))?;
        let limit = body_limit(&mut parts.extensions, &body, &limits);
        let bytes = binder_hyper::read_body(body, declared, limit)
            .await
            .map_err(BoundRejection)?;
        // Path parameters cut out of the routed path by the matched
        // template, raw (binder decodes them once); else axum's
        // `RawPathParams`, which axum has decoded (bound as they are).
        if let Some(matched) = path::Matched::of(&parts) {
            let req = binder_http::HttpRequest::with_bytes(&parts, &bytes, matched);
            return bind_to(&req, &limits);
        }
        let raw = RawPathParams::from_request_parts(&mut parts, state)
            .await
            .ok();
        let req =
            binder_http::HttpRequest::with_bytes(&parts, &bytes, Decoded(path::Raw(raw.as_ref())));
        bind_to(&req, &limits)
    }
}

/// Binds an owned `T` from `req`.
fn bind_to<'r, T: Bind<'r>>(
    req: &impl binder_http::Request<'r>,
    limits: &Limits,
) -> Result<Bound<T>, BoundRejection> {
    T::bind_with(req, limits)
        .map(Bound)
        .map_err(|e| BoundRejection(binder_hyper::Error::from_bind(&e)))
}
