//! The engine under `binder`: borrowed-slice scanners for every source of an
//! HTTP request, percent-decoding, text-to-value conversion, fixed-size bit
//! sets, errors and limits.
//!
//! `binder-core` is `#![no_std]` and knows nothing of `http` or `hyper`. It
//! reads bytes the caller already holds and hands back slices of them: with
//! the `alloc` feature off nothing in this crate can allocate, and with it on,
//! nothing allocates unless the result must own bytes (a `String` field, or a
//! `Cow` whose text had to be decoded).
//!
//! | module | reads |
//! |---|---|
//! | [`query`] | a URL query string (the bytes after `?`) |
//! | [`form`] | an `application/x-www-form-urlencoded` body |
//! | [`cookie`] | a `Cookie` header value |
//! | [`multipart`] | a `multipart/form-data` body, part by part, zero-copy |
//! | [`json`] | a JSON body, strictly (RFC 8259), as a pull reader |
//! | [`percent`] | percent-decoding of one key or value |
//! | [`convert`] | text to integers, floats, `bool`, `char` and strings |
//! | [`bind`] | the engine `#[derive(Bind)]` targets |
//! | [`bits`] | which fields were bound, on the stack |
//! | [`error`] | request-level scan errors and field-level value errors |
//! | [`limits`] | every bound on work and memory, with safe defaults |
//!
//! ```
//! use binder_core::query;
//!
//! let mut age = None;
//! for pair in query::pairs(b"name=Ada&age=36") {
//!     let pair = pair?;
//!     if pair.key_as_sent() == b"age" {
//!         age = Some(binder_core::convert::parse_text::<u32>(pair.value_as_sent())?);
//!     }
//! }
//! assert_eq!(age, Some(36));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//! - `alloc`: owned conversions (`String`, `Cow::Owned`) and `Cow`-returning
//!   decoders.
//! - `std` (default): implies `alloc`.
//! - `derive`: `#[derive(Bind)]` for users of this crate alone.
//! - `serde`: fields of any `serde::Deserialize` type
//!   ([`convert::Serde`](crate::convert), `#[bind(serde)]`), read from JSON
//!   through [`json::Reader`] and from text values; implies `alloc`.
#![no_std]
// `unsafe` is refused everywhere but `text` (one measured block).
#![deny(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(any(feature = "alloc", test))]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod bind;
pub mod bits;
mod borrow;
pub mod convert;
pub mod cookie;
pub mod error;
pub mod form;
pub mod json;
pub mod limits;
pub mod multipart;
mod num;
pub mod percent;
pub mod query;
mod swar;
mod text;

#[doc(hidden)]
#[path = "__private.rs"]
pub mod __private_0_1;

pub use bind::{Bind, BindError, Request};
pub use bits::Bits;
pub use error::{Error, ErrorKind, ValueError, ValueErrorKind};
pub use limits::{Formats, Limits};

/// Derives [`Bind`](trait@Bind) with generated code naming `binder_core`
/// (feature `derive`); see `binder-http` for the attributes.
#[cfg(feature = "derive")]
pub use binder_derive::BindCore as Bind;
/// Derives [`FromText`](convert::FromText) for an enum of unit variants
/// (feature `derive`), naming `binder_core`; see `binder-http`'s guide.
#[cfg(feature = "derive")]
pub use binder_derive::FromTextCore as FromText;
