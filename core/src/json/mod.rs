//! A strict, zero-copy pull reader of a JSON body
//! ([RFC 8259](https://www.rfc-editor.org/rfc/rfc8259)).
//!
//! [`Reader`] walks one document once, as `#[derive(Bind)]` output does: it
//! opens an object, matches each member's name as bytes, and reads the value
//! straight into the field's type or skips it. Nothing is allocated: strings
//! are handed out as [`JsonStr`] slices of the input (decoded only on request,
//! into the caller's scratch or, with `alloc`, a `Cow`), numbers as
//! [`Number`] slices (converted only on request). Nothing recurses either:
//! nesting is tracked with one bit a level, so a body of 100,000 `[` is a
//! clear [`ErrorKind::JsonTooDeep`], not a stack overflow.
//!
//! ```
//! use binder_core::json::Reader;
//!
//! let mut r = Reader::new(br#"{"sku": "SKU-1", "qty": 2, "price": 1.5, "gift": null}"#);
//! let mut scratch = [0u8; 16];
//! let (mut sku, mut qty, mut price) = ("", 0u32, 0f64);
//! r.begin_object()?;
//! while let Some(name) = r.next_member(&mut scratch)? {
//!     match name.key() {
//!         Some(b"sku") => sku = r.read_str()?.parse::<&str>()?,
//!         Some(b"qty") => qty = r.read_number()?.parse()?,
//!         Some(b"price") => price = r.read_number()?.parse()?,
//!         _ => r.skip_value()?, // unknown members are still checked
//!     }
//! }
//! r.finish()?;
//! assert_eq!((sku, qty, price), ("SKU-1", 2, 1.5));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Strictness
//! Every file of JSONTestSuite's `y_` set is accepted and every file of its
//! `n_` set refused (a test checks both), and serde_json is the oracle of a
//! differential test and a fuzz target. Refused, each with its own
//! [`ErrorKind`] and the byte offset where it was found:
//! - input that is not UTF-8 (the whole input is checked once, up front, and
//!   the error reported where the reader reaches it), a byte order mark;
//! - control characters in strings, escapes RFC 8259 does not define, a
//!   surrogate escape that is not half of a pair;
//! - trailing commas, leading zeros, `+1`, `.5`, `1.`, `NaN`, comments,
//!   single quotes, anything after the value but whitespace;
//! - nesting deeper than [`Limits::max_json_depth`] (default 128; the reader
//!   tracks at most [`MAX_DEPTH`] levels whatever the limit says).
//!
//! Member names are not checked for duplicates here: that is a field error
//! for the bind (`duplicate`), not a syntax error.
//!
//! # Divergences from serde_json (each pinned by the differential check)
//! - A number is accepted by its grammar alone: `1e400` is a number here,
//!   which [`Number::parse`] refuses for `f64` with
//!   [`ValueErrorKind::OutOfRange`]; serde_json refuses the whole document.
//! - `-0` converts to the integer 0 for signed types (as `str::parse` does);
//!   serde_json reads it as the float `-0.0`.
//! - Depth: with a limit of 128, serde_json refuses 128 levels and this
//!   reader accepts them (it refuses 129): the limit is the deepest nesting
//!   allowed.
//!
//! [`ErrorKind`]: crate::ErrorKind
//! [`ErrorKind::JsonTooDeep`]: crate::ErrorKind::JsonTooDeep
//! [`Limits::max_json_depth`]: crate::Limits::max_json_depth
//! [`ValueErrorKind::OutOfRange`]: crate::ValueErrorKind::OutOfRange

mod number;
pub(crate) mod reader;
mod string;

pub use number::{FromNumber, Number};
pub use reader::{Reader, MAX_DEPTH};
pub use string::{JsonStr, Name};

pub(crate) use reader::short_name_word;
pub(crate) use string::unescape_into;
#[cfg(feature = "alloc")]
pub(crate) use string::unescape_string;

/// What kind of value comes next, from its first byte.
///
/// ```
/// use binder_core::json::{Kind, Reader};
///
/// assert_eq!(Reader::new(b" {").peek()?, Kind::Object);
/// assert_eq!(Reader::new(b"false").peek()?, Kind::Bool);
/// # Ok::<(), binder_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `{`
    Object,
    /// `[`
    Array,
    /// `"`
    String,
    /// `-` or a digit
    Number,
    /// `true` or `false`
    Bool,
    /// `null`
    Null,
}
