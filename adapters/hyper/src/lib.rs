//! binder for hyper 1 (and any `http_body::Body`): read a request body
//! under a size policy, bind, and give the body back so later handlers can
//! read it again.
//!
//! # Body policy
//! - The declared length is every `Content-Length` line read strictly by
//!   [`binder_http::length`]: `1*DIGIT`; a sign, hex, other bytes, an empty
//!   value or one past `u64` is a 400 ([`Error::Length`]), never "length
//!   unknown"; repeated lines or a list agree or it is a 400; a
//!   `Content-Length` with a `Transfer-Encoding` is refused (400, the
//!   request-smuggling-safe choice RFC 9112 §6.1 allows). Nothing is read
//!   then. (hyper's own HTTP/1 parser already refuses most of these before
//!   binder sees them, and drops a `Content-Length` sent with a
//!   `Transfer-Encoding`; the helper holds for every other body source.)
//! - A `Content-Length` over the limit is refused (413) before one byte is
//!   read.
//! - The buffer is sized from `Content-Length` but never above 64 KiB up
//!   front; it grows by doubling as data actually arrives, never past the
//!   limit, and at most limit + 1 bytes are read. A client that declares a
//!   large body and sends nothing costs nothing.
//! - A body that ends before its `Content-Length` is an error (400,
//!   [`Error::Incomplete`]), not a short body bound as if whole; a transport
//!   failure is its own error ([`Error::Read`], 400). A body that goes on
//!   past its `Content-Length` is refused (400,
//!   [`Error::LongerThanDeclared`]) at the frame that passes it: no frame
//!   after it is polled. Chunked bodies are bounded by the limit the same
//!   way.
//! - A body that arrives in one frame is handed back as that frame's
//!   `Bytes`: not copied at all.
//!
//! ```no_run
//! # async fn handler(req: http::Request<hyper::body::Incoming>) -> http::Response<http_body_util::Full<bytes::Bytes>> {
//! use binder_hyper::{Bind, Limits};
//!
//! #[derive(Bind)]
//! struct Page {
//!     #[bind(query)]
//!     page: u32,
//! }
//!
//! match binder_hyper::bind::<Page, _>(req, &[], &Limits::default()).await {
//!     Ok((page, _req)) => http::Response::new(format!("page {}", page.page).into()),
//!     Err(e) => e.to_response(),
//! }
//! # }
//! ```
//!
//! # One dependency
//! This crate re-exports the derive and every type a handler names, so an
//! application's `Cargo.toml` needs no other binder crate: `#[derive(Bind)]`
//! from here generates code that names `binder_hyper` alone. (Feature
//! `matchit` binds path parameters straight from `&matchit::Params`.) The
//! attributes, each with an example: [`binder_http::guide`].
//!
//! ```
//! use binder_hyper::request::Parts;
//! use binder_hyper::{Bind, Formats, Limits};
//!
//! #[derive(Bind)]
//! #[bind(query)]
//! struct Page {
//!     page: u32,
//!     per_page: Option<u32>,
//! }
//!
//! let mut limits = Limits::DEFAULT;
//! limits.formats = Formats::JSON; // no form posts to this service
//! let p = Page::bind_with(&Parts { query: Some("page=2"), ..Parts::default() }, &limits).unwrap();
//! assert_eq!((p.page, p.per_page), (2, None));
//! ```
#![cfg_attr(feature = "spool", doc = include_str!("spool/uploads.md"))]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod body;
#[cfg(feature = "spool")]
pub mod spool;

pub use binder_http::Error;
pub use body::{read_body, read_request};
#[cfg(feature = "spool")]
pub use spool::{
    bind_spooled, bind_spooled_to, spool_body, spool_body_to, SpoolError, SpoolOptions,
    SpooledBody, SpooledFile, StoredFile,
};

/// The trait a bound type implements.
pub use binder_core::bind::Bind;
/// Derives [`Bind`](trait@Bind) for a struct, with generated code naming
/// this crate; the attributes: [`binder_http::guide`].
pub use binder_derive::BindHyper as Bind;
/// Derives [`FromText`](trait@FromText) for an enum of unit variants, with
/// generated code naming this crate; see "Enums" in [`binder_http::guide::types`].
pub use binder_derive::FromTextHyper as FromText;
/// The trait a field's type implements to bind from one text value.
pub use binder_http::convert::FromText;
pub use binder_http::{
    bind_parts, bind_parts_with, length, request, BindError, Context, ContextValues, Decoded,
    ErrorKind, Errors, FieldError, FieldErrorKind, FieldPath, FilePart, Formats, FromBody,
    HttpRequest, Limits, OwnedBind, PathParams, RawJson, Source, TextFormat, UploadedFile,
    WithContext, WithFormat, PROBLEM_JSON,
};
/// Text conversion and the field-type API, for a field type or a
/// [`TextFormat`] of your own.
pub use binder_http::{convert, field};

/// What generated code names. Not a public API.
#[doc(hidden)]
pub use binder_http::__private_0_1;

use bytes::Bytes;
use http_body_util::Full;

/// Reads `req`'s body under `limits.max_body_bytes`, binds an owned `T`
/// from it and the request's other parts, and returns `T` with the request
/// rebuilt around the body bytes, so later handlers can read it again.
/// An uploaded file bound as `binder_http::UploadedFile` is a slice of
/// those bytes, not a copy.
///
/// For types that borrow from the request, read first with
/// [`read_request`], then bind from the parts and bytes with
/// [`bind_parts`].
///
/// ```
/// use binder_hyper::{Bind, Limits, UploadedFile};
/// use bytes::Bytes;
/// use http_body_util::{BodyExt, Full};
///
/// #[derive(Bind)]
/// struct Upload {
///     #[bind(path)]
///     team: u32,
///     #[bind(body)]
///     doc: UploadedFile,
/// }
///
/// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
/// let body = "--B\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"a.txt\"\r\n\r\nhello\r\n--B--\r\n";
/// let req = http::Request::post("/teams/7/docs")
///     .header("content-type", "multipart/form-data; boundary=B")
///     .body(Full::new(Bytes::from(body)))?;
/// let (up, req) = binder_hyper::bind::<Upload, _>(req, &[("team", "7")], &Limits::DEFAULT).await?;
/// assert_eq!((up.team, up.doc.filename(), &up.doc.data()[..]), (7, "a.txt", &b"hello"[..]));
/// // The request is handed back with its body, to be read again.
/// assert_eq!(req.into_body().collect().await?.to_bytes(), body);
///
/// // Over the limit: a 413, before the body is read.
/// let mut limits = Limits::DEFAULT;
/// limits.max_body_bytes = 16;
/// let big = http::Request::post("/teams/7/docs")
///     .header("content-length", body.len())
///     .body(Full::new(Bytes::from(body)))?;
/// let err = binder_hyper::bind::<Upload, _>(big, &[("team", "7")], &limits).await.err().unwrap();
/// assert_eq!(err.status(), 413);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// # })?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// `#[bind(context)]` fields bind from the [`ContextValues`] in the
/// request's extensions, if a layer put some there.
///
/// # Errors
/// [`Error::TooLarge`] (413); [`Error::Length`], [`Error::Incomplete`],
/// [`Error::LongerThanDeclared`] and [`Error::Bind`] (400, or 415 for an
/// unsupported body type); [`Error::Read`] for the transport's error.
pub async fn bind<T, B>(
    req: http::Request<B>,
    path: &[(&str, &str)],
    limits: &Limits,
) -> Result<(T, http::Request<Full<Bytes>>), Error>
where
    T: OwnedBind,
    B: http_body::Body,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    let (parts, bytes) = read_request(req, limits.max_body_bytes).await?;
    // Over the body's `Bytes`: an `UploadedFile` shares its buffer.
    let req = binder_http::HttpRequest::with_bytes(&parts, &bytes, path);
    // `#[bind(context)]` fields: the `ContextValues` a layer put in the
    // request's extensions (looked up only for a type that has them).
    let bound = binder_http::request::bind_in(req, &parts.extensions, limits)?;
    Ok((bound, http::Request::from_parts(parts, Full::new(bytes))))
}
