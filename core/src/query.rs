//! One pass over a URL query string: the bytes after `?`, without it.
//!
//! A query string is parsed exactly as an `application/x-www-form-urlencoded`
//! body is (the WHATWG URL standard's `URLSearchParams` does the same), so
//! this module hands out the [`form`](crate::form) scanner under its own
//! name. The `form_urlencoded` crate is the oracle for both.
//!
//! ```
//! let mut scratch = [0u8; 64];
//! let pair = binder_core::query::pairs(b"q=caf%C3%A9+au+lait").next().unwrap()?;
//! assert_eq!(pair.decoded_value(&mut scratch).unwrap().to_text()?.as_ref() as &str, "café au lait");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use crate::form::{pairs, pairs_with, Pair, Pairs};
