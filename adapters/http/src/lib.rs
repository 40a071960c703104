//! binder for the `http` crate: the one crate users depend on.
//!
//! It re-exports the derive and the binding engine of `binder-core`. The
//! `http::Request` integration itself is tracked by the adapters issue;
//! today a request is bound from [`Parts`], plain slices of it.
//!
//! ```
//! use binder_http::{Bind, Parts};
//!
//! #[derive(Bind, Debug)]
//! struct Page<'r> {
//!     #[bind(query)]
//!     page: u32,
//!     #[bind(query = "q")]
//!     search: Option<&'r str>,
//!     #[bind(header = "X-Request-ID")]
//!     trace: &'r str,
//! }
//!
//! let req = Parts {
//!     query: Some(b"page=2&q=rust"),
//!     headers: &[("x-request-id", b"abc")],
//!     ..Parts::default()
//! };
//! let page = Page::bind(&req)?;
//! assert_eq!((page.page, page.search, page.trace), (2, Some("rust"), "abc"));
//! # Ok::<(), binder_http::BindError>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub use binder_core as core;
pub use binder_core::bind::{
    Bind, BindError, Body, Errors, FieldError, FieldErrorKind, FieldPath, Parts, Request, Source,
};
pub use binder_core::Limits;
/// Derives [`Bind`](trait@Bind) for a struct; see the crate docs.
pub use binder_derive::Bind;

#[doc(hidden)]
pub use binder_core::__private;
