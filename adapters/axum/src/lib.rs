//! binder for axum 0.8: [`Bound<T>`], an extractor that binds an owned `T`
//! from the whole request (path parameters from the matched route, query,
//! headers, cookies, body) and rejects with the same problem+json responses
//! as the other adapters.
//!
//! ```no_run
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
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use axum::extract::{FromRequest, FromRequestParts, RawPathParams, Request};
use axum::response::{IntoResponse, Response};
use binder_http::Decoded;

/// Derives [`Bind`](trait@Bind) for a struct, with generated code naming
/// this crate; the attributes: [`binder_http::guide`].
pub use binder_derive::BindAxum as Bind;
/// The trait a bound type implements.
pub use binder_http::core::bind::Bind;
pub use binder_http::{
    BindError, Error, ErrorKind, Errors, FieldError, FieldErrorKind, FieldPath, FilePart, Formats,
    FromBody, Limits, Parts, Source, PROBLEM_JSON,
};

/// What generated code names. Not a public API.
#[doc(hidden)]
pub use binder_http::__private;

/// An owned `T` bound from the request. The body is read as
/// `binder_hyper::read_request` reads it (its `Content-Length` strictly, by
/// `binder_http::length`; never past its declared length), under
/// [`Limits::DEFAULT`]'s `max_body_bytes`; to change limits, put a
/// `Limits` in the request's extensions (e.g. with a layer).
#[derive(Debug, Clone, Copy, Default)]
pub struct Bound<T>(pub T);

/// Why [`Bound`] rejected a request: the one error type of every binder
/// adapter, [`binder_http::Error`], to match on (`rejection.0` or through
/// `Deref`) or to answer with as it is: 400, 413 or 415 with an
/// `application/problem+json` body listing every failing field.
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

impl<T, S> FromRequest<S> for Bound<T>
where
    T: for<'r> Bind<'r>,
    S: Send + Sync,
{
    type Rejection = BoundRejection;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let limits = req
            .extensions()
            .get::<Limits>()
            .copied()
            .unwrap_or_default();
        // The declared length is read, and the body under it, exactly as
        // binder-hyper does (`binder_http::length`).
        let (mut parts, bytes) = binder_hyper::read_request(req, limits.max_body_bytes)
            .await
            .map_err(BoundRejection)?;
        // Path parameters as the router matched them; axum has decoded
        // them already (`RawPathParams` are decoded), so binder takes them
        // as they are and never decodes twice.
        let raw = RawPathParams::from_request_parts(&mut parts, state)
            .await
            .ok();
        let path: Vec<(&str, &str)> = raw.iter().flat_map(|p| p.iter()).collect();
        let req = binder_http::HttpRequest::with_params(&parts, &bytes, Decoded(&path[..]));
        T::bind_with(&req, &limits)
            .map(Bound)
            .map_err(|e| BoundRejection(e.into()))
    }
}
