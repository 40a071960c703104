//! binder for the `http` crate: bind an `http::Request` (or its parts and
//! body bytes) into a struct, and turn a failed bind into an RFC 9457
//! `application/problem+json` response. The one crate users of `http`
//! depend on: it re-exports the derive and the binding engine of
//! `binder-core` (`binder-hyper` and `binder-axum` re-export what their
//! users need in turn, so those depend on them alone).
//!
//! ```
//! use binder_http::Bind;
//!
//! #[derive(Bind, Debug)]
//! struct CreateOrder<'r> {
//!     #[bind(path = "team")]
//!     team_id: u32,
//!     #[bind(query)]
//!     dry_run: Option<bool>,
//!     #[bind(header = "X-Request-ID")]
//!     trace: &'r str,
//!     #[bind(cookie)]
//!     session: Option<String>,
//!     #[bind(body, required)]
//!     email: std::borrow::Cow<'r, str>,
//! }
//!
//! let req = http::Request::post("/teams/42/orders?dry_run=on")
//!     .header("x-request-id", "7f3c")
//!     .header("cookie", "theme=dark; session=abc")
//!     .header("content-type", "application/x-www-form-urlencoded")
//!     .body(b"email=ada%40example.org".to_vec())?;
//! let order: CreateOrder = binder_http::bind(&req, &[("team", "42")]).unwrap();
//! assert_eq!(order.team_id, 42);
//! assert_eq!(order.dry_run, Some(true));
//! assert_eq!((order.trace, order.session.as_deref()), ("7f3c", Some("abc")));
//! assert_eq!(order.email, "ada@example.org");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Every attribute, with a runnable example: [`guide`]. A request as binder
//! reads it (an `http` one, or [`request::Parts`] over plain slices in a
//! test): [`request`]. A field type of your own: [`field`].
//!
//! # Semantics
//! - A missing field that is not an `Option`, a `Vec` or `#[bind(default)]`
//!   is a `missing` error; `required` also refuses an empty value.
//! - An empty value (`age=`) into `Option<T>` is `None` when `T` is not text
//!   (what an HTML form sends for a blank number input); for text it is
//!   `Some("")`.
//! - A repeated key: a scalar takes the first value, a `Vec` every value.
//! - Percent-decoding and `+` follow WHATWG urlencoded parsing; a value that
//!   does not decode to UTF-8 is a field error, never replaced.
//! - Every failing field of every source is reported in one error, each with
//!   its source and path; messages never echo the submitted value.
//! - A body in a format the struct (`#[bind(accept = "...")]`) or
//!   [`Limits::formats`] does not accept, or a JSON or urlencoded body in a
//!   charset other than UTF-8, answers 415 before any field is read.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod error;
pub mod field;
pub mod guide;
pub mod length;
mod problem;
pub mod request;

pub use binder_core::bind::{
    Bind, BindError, Context, ContextValues, Errors, FieldError, FieldErrorKind, FieldPath,
    FilePart, FromBody, OwnedBind, RawJson, Source, TextFormat, UploadedFile, WithContext,
    WithFormat,
};
/// Text-to-value conversion: implement
/// [`FromText`] for a type of your own.
pub use binder_core::convert;
/// The trait a field's type implements to bind from one text value.
pub use binder_core::convert::FromText;
/// The JSON pull reader a [`Field`](field::Field) or
/// [`Value`](field::Value) of your own is handed ([`json::Reader`]), what it
/// hands out (the [`json::Kind`] of the next value, strings as
/// [`json::JsonStr`], numbers as [`json::Number`]) and its depth bound
/// ([`json::MAX_DEPTH`]).
pub use binder_core::json;
pub use binder_core::{ErrorKind, Formats, Limits};
/// Derives [`Bind`](trait@Bind) for a struct; see the crate docs.
pub use binder_derive::Bind;
/// Derives [`FromText`](trait@FromText) for an enum of unit variants
/// (`?sort=asc`, `"status": "active"`); see "Enums" in [`guide::types`].
pub use binder_derive::FromText;
pub use error::Error;
pub use problem::PROBLEM_JSON;
pub use request::{bind, bind_parts, bind_parts_with, Decoded, HttpRequest, PathParams};

#[doc(hidden)]
pub use binder_core::__private_0_1;
