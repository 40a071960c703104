//! Field types of your own: the traits a field's type implements, and what
//! their methods are handed.
//!
//! A type converted from one value of text (an id, an enum, a date)
//! implements [`FromText`](crate::convert::FromText) alone: it is then a
//! [`Value`], and `T`, `Option<T>` and `Vec<T>` fields of it bind. A type
//! that takes its values its own way (a container, a value that keeps the
//! last of its repeats) implements [`Field`], the trait every field's type
//! implements. Its methods are handed:
//!
//! - a query, form, header, cookie or path value as a
//!   [`Raw`](crate::convert::Raw), not yet decoded;
//! - a multipart [`Part`] (its name and filename as [`Param`]s);
//! - a JSON value as the [`Reader`](crate::json::Reader) positioned on it
//!   (the [`json`](crate::json) module: [`Kind`](crate::json::Kind),
//!   strings, numbers), with a [`FieldCx`]: where in the request the value
//!   is, to record a failure under the field's path or under an element's
//!   ([`FieldCx::at`] with a [`Segment`]);
//! - a key's path after the field's name (`[0][sku]`, `.city`), which
//!   [`next_segment`] takes apart ([`split_path`] on [`KeyBytes`], keeping
//!   where each part is borrowed from; [`parse_index`] reads a list index).
//!
//! and they answer with a [`ValueError`] (a value that does not convert;
//! [`ValueErrorKind`] says why), a [`Rejected`] value (the same, with its
//! list index) or an [`Error`]: a malformed body, as the JSON reader reports
//! it, which ends the bind. That `Error` is a scanner's, where
//! [`crate::Error`] is the adapter's error a failed bind ends in.
//!
//! ```
//! use binder_http::convert::{Raw, Ref};
//! use binder_http::field::{Error, Field, FieldCx, Part, Rejected, Value};
//! use binder_http::json::Reader;
//! use binder_http::request::Parts;
//! use binder_http::Bind;
//!
//! /// The last value sent for a key (a plain field takes the first).
//! struct Last<T>(T);
//!
//! impl<'r, T: Value<'r>> Field<'r> for Last<T> {
//!     type Slot = Option<T>;
//!
//!     // Every repeat of the key is offered: a scan does not stop early.
//!     const REPEATS: bool = true;
//!
//!     fn slot() -> Option<T> {
//!         None
//!     }
//!
//!     fn offer(slot: &mut Option<T>, raw: Raw<'r>) -> Result<(), Rejected> {
//!         *slot = Some(T::from_raw(raw)?);
//!         Ok(())
//!     }
//!
//!     fn offer_part(slot: &mut Option<T>, part: &Part<'r>) -> Result<(), Rejected> {
//!         if let Some(v) = T::from_part(part)? {
//!             *slot = Some(v);
//!         }
//!         Ok(())
//!     }
//!
//!     fn offer_json(
//!         slot: &mut Option<T>,
//!         r: &mut Reader<'r>,
//!         cx: &mut FieldCx<'_, 'r>,
//!     ) -> Result<(), Error> {
//!         if let Some(v) = T::from_json(r, cx)? {
//!             *slot = Some(v);
//!         }
//!         Ok(())
//!     }
//!
//!     // `page[x]=1` names nothing in a value sent whole: not taken.
//!     fn offer_path(_: &mut Option<T>, _: Ref<'r, '_, [u8]>, _: Raw<'r>, _: &mut FieldCx<'_, 'r>) -> bool {
//!         false
//!     }
//!
//!     // `None`: no value was sent, and the field is `missing`.
//!     fn finish(slot: Option<T>, _: &mut FieldCx<'_, 'r>) -> Option<Self> {
//!         slot.map(Last)
//!     }
//! }
//!
//! #[derive(Bind)]
//! struct Page {
//!     #[bind(query)]
//!     page: Last<u32>,
//! }
//!
//! let p = Page::bind(&Parts { query: Some("page=1&page=3"), ..Parts::default() }).unwrap();
//! assert_eq!(p.page.0, 3);
//! let err = Page::bind(&Parts { query: Some("page=1&page=x"), ..Parts::default() }).err();
//! assert_eq!(err.unwrap().to_string(), "query: page: expected an unsigned integer");
//! ```
//!
//! A complete one, a bounded list over `heapless::Vec` that binds as
//! `Vec<T>` does from every source, is binder's `tests/outside`: a crate
//! that names binder-http alone and uses nothing but this module,
//! [`convert`](crate::convert), [`json`](crate::json) and the crate root.

pub use binder_core::bind::{next_segment, parse_index, split_path, KeyBytes};
pub use binder_core::bind::{Element, Field, FieldCx, Rejected, Segment, Value};
pub use binder_core::multipart::{Param, Part};
pub use binder_core::{Error, ValueError, ValueErrorKind};
