//! Binding JSON values: where a value sits ([`JsonCx`]) and how a scalar
//! reads one ([`scalar`]).
//!
//! Rules, chosen on purpose:
//! - A JSON string converts like a query value (`"42"` binds a `u32`), its
//!   escapes decoded once, borrowed when it has none.
//! - A JSON number converts from its text: a `String` field keeps the
//!   digits as sent, an integer refuses a fraction or an exponent (as serde
//!   does), a float takes it exactly.
//! - `true` and `false` bind a `bool` (and a text field as the words).
//! - `null` is no value, as if the member were absent: `None` for an
//!   `Option`, the default for a `#[bind(default)]` field, `missing`
//!   otherwise (never `invalid`: nothing was sent to be invalid).
//! - An array or object where a single value is due is a field error
//!   (`wrong_type`), its bytes still read and checked.
//! - A `Vec` takes an array, element by element (`tags[1]` in errors), or
//!   one single value as its one element (errors under the field's own
//!   path, `tags`).
//! - A member sent twice for one field is a field error (`duplicate`): a
//!   first-wins and a last-wins parser disagreeing is how request smuggling
//!   starts.

use super::errors::{Errors, FieldError, FieldErrorKind, Source};
use super::field_path::{FieldPath, Segment};
use crate::convert::{FromText, Raw};
use crate::error::{Error, ValueError};
use crate::json::Reader;

/// One step of the path to the value being bound, linked to the steps
/// before it: building a path costs nothing until an error needs it.
#[derive(Clone, Copy, Debug)]
struct Node<'p, 'r> {
    parent: Option<&'p Node<'p, 'r>>,
    segment: Segment<'r>,
}

/// Where the JSON value being bound sits: the error list, the top-level
/// field it belongs to (errors are listed in declaration order), and its
/// path (`items[2].qty`), kept as links and rendered only on failure.
///
/// ```
/// use binder_core::bind::{Errors, FieldErrorKind, JsonCx, Segment};
///
/// let mut errors = Errors::new(10);
/// let mut cx = JsonCx::new(&mut errors, 0, "items");
/// // Deep in the value: `items[2].qty` is missing.
/// cx.at(Segment::Index(2)).fail_at("qty", FieldErrorKind::Missing);
/// assert_eq!(cx.path().to_string(), "items");
/// assert_eq!(errors.to_string(), "body: items[2].qty: a value is required");
/// ```
#[derive(Debug)]
pub struct JsonCx<'e, 'r> {
    errors: &'e mut Errors,
    field: usize,
    source: Source,
    node: Node<'e, 'r>,
}

impl<'e, 'r> JsonCx<'e, 'r> {
    /// The body value of the top-level field declared at `field`, named
    /// `key`.
    ///
    /// ```
    /// use binder_core::bind::{Errors, FieldErrorKind, JsonCx};
    ///
    /// let mut errors = Errors::new(10);
    /// JsonCx::new(&mut errors, 3, "email").fail(FieldErrorKind::Empty);
    /// assert_eq!(errors.to_string(), "body: email: a non-empty value is required");
    /// assert!(errors.has_field(3));
    /// ```
    #[inline]
    pub fn new(errors: &'e mut Errors, field: usize, key: &'static str) -> Self {
        Self::with_source(errors, field, key, Source::Body)
    }

    /// The value of the top-level field declared at `field`, named `key`,
    /// from `source`.
    ///
    /// ```
    /// use binder_core::bind::{Errors, FieldErrorKind, JsonCx, Source};
    ///
    /// let mut errors = Errors::new(10);
    /// JsonCx::with_source(&mut errors, 0, "filter", Source::Query).fail(FieldErrorKind::Missing);
    /// assert_eq!(errors.as_slice()[0].source(), Source::Query);
    /// ```
    #[inline]
    pub fn with_source(
        errors: &'e mut Errors,
        field: usize,
        key: &'static str,
        source: Source,
    ) -> Self {
        JsonCx {
            errors,
            field,
            source,
            node: Node {
                parent: None,
                segment: Segment::Key(key),
            },
        }
    }

    /// A value one step further in: a member (`Segment::Key`) or an element
    /// (`Segment::Index`).
    ///
    /// ```
    /// use binder_core::bind::{Errors, JsonCx, Segment};
    ///
    /// let mut errors = Errors::new(10);
    /// let mut cx = JsonCx::new(&mut errors, 0, "tags");
    /// assert_eq!(cx.at(Segment::Index(4)).path().to_string(), "tags[4]");
    /// assert_eq!(cx.at(Segment::MapKey("team")).path().to_string(), "tags[team]");
    /// ```
    #[inline]
    pub fn at(&mut self, segment: Segment<'r>) -> JsonCx<'_, 'r> {
        JsonCx {
            errors: &mut *self.errors,
            field: self.field,
            source: self.source,
            node: Node {
                parent: Some(&self.node),
                segment,
            },
        }
    }

    /// This context again, for as long as the borrow: to hand by value to
    /// an out-of-line failure path ([`fail_cold`]), so that a context only
    /// ever failed that way is built in that path alone.
    #[inline(always)]
    pub(crate) fn reborrow(&mut self) -> JsonCx<'_, 'r> {
        JsonCx {
            errors: &mut *self.errors,
            field: self.field,
            source: self.source,
            node: self.node,
        }
    }

    /// Records that the value here failed.
    ///
    /// ```
    /// use binder_core::bind::{Errors, FieldErrorKind, JsonCx, Segment};
    /// use binder_core::ValueErrorKind;
    ///
    /// let mut errors = Errors::new(10);
    /// let mut cx = JsonCx::new(&mut errors, 0, "ids");
    /// cx.at(Segment::Index(1)).fail(FieldErrorKind::Invalid(ValueErrorKind::NotUnsigned.into()));
    /// assert_eq!(errors.to_string(), "body: ids[1]: expected an unsigned integer");
    /// ```
    #[inline]
    pub fn fail(&mut self, kind: FieldErrorKind) {
        let path = self.path();
        self.errors
            .push(FieldError::new(self.source, path, kind).for_field(self.field));
    }

    /// Records that the member `key` of the object here failed.
    ///
    /// ```
    /// use binder_core::bind::{Errors, FieldErrorKind, JsonCx};
    ///
    /// let mut errors = Errors::new(10);
    /// JsonCx::new(&mut errors, 0, "address").fail_at("city", FieldErrorKind::Missing);
    /// assert_eq!(errors.as_slice()[0].path().to_string(), "address.city");
    /// ```
    #[inline]
    pub fn fail_at(&mut self, key: &'static str, kind: FieldErrorKind) {
        self.at(Segment::Key(key)).fail(kind);
    }

    /// The path here, built from its links: every segment, root first
    /// (see [`FieldPath`] for paths deeper than it holds inline).
    ///
    /// ```
    /// use binder_core::bind::{Errors, JsonCx, Segment};
    ///
    /// let mut errors = Errors::new(10);
    /// let mut cx = JsonCx::new(&mut errors, 0, "items");
    /// let mut item = cx.at(Segment::Index(0));
    /// assert_eq!(item.at(Segment::Key("sku")).path().to_string(), "items[0].sku");
    /// ```
    pub fn path(&self) -> FieldPath {
        // Replays the links from the root, recursing up first: as deep as
        // the bind that made them, which recursed as deep.
        fn replay<'r>(node: &Node<'_, 'r>) -> FieldPath {
            match node.parent {
                None => match node.segment {
                    Segment::Key(k) => FieldPath::key(k),
                    other => FieldPath::key("").with(other),
                },
                Some(parent) => replay(parent).with(node.segment),
            }
        }
        replay(&self.node)
    }

    /// The top-level field this value belongs to.
    ///
    /// ```
    /// use binder_core::bind::{Errors, JsonCx, Segment};
    ///
    /// let mut errors = Errors::new(10);
    /// let mut cx = JsonCx::new(&mut errors, 2, "items");
    /// assert_eq!(cx.at(Segment::Index(5)).field(), 2); // the top-level field's index
    /// ```
    #[inline]
    pub fn field(&self) -> usize {
        self.field
    }

    /// The error list.
    ///
    /// ```
    /// use binder_core::bind::{Errors, JsonCx, Source};
    ///
    /// let mut errors = Errors::new(10);
    /// let mut cx = JsonCx::new(&mut errors, 0, "range");
    /// // An error of the application's own, through the same list.
    /// cx.errors().invalid(Source::Body, "range", "start after end");
    /// assert_eq!(errors.to_string(), "body: range: start after end");
    /// ```
    #[inline]
    pub fn errors(&mut self) -> &mut Errors {
        self.errors
    }
}

/// The first step of a form key's path after the field's name, and the
/// rest: `[city]` and `.city` give `city`, `[0][sku]` gives `0` then
/// `[sku]`, `[]` gives the empty step. `None` for anything else (an
/// unclosed bracket), which names no field.
///
/// ```
/// use binder_core::bind::json::next_segment;
///
/// assert_eq!(next_segment(b"[0][sku]"), Some((&b"0"[..], &b"[sku]"[..])));
/// assert_eq!(next_segment(b".city"), Some((&b"city"[..], &b""[..])));
/// assert_eq!(next_segment(b"[a"), None);
/// ```
#[inline]
pub fn next_segment(path: &[u8]) -> Option<(&[u8], &[u8])> {
    match path.first()? {
        b'[' => {
            let close = path.iter().position(|&b| b == b']')?;
            Some((&path[1..close], &path[close + 1..]))
        }
        b'.' => {
            let rest = &path[1..];
            let end = rest
                .iter()
                .position(|&b| b == b'.' || b == b'[')
                .unwrap_or(rest.len());
            Some((&rest[..end], &rest[end..]))
        }
        _ => None,
    }
}

/// What an array or object in place of a single value is told.
const NOT_SINGLE: &str = "expected a single value, not an array or object";

/// Reads one JSON value for a type that converts from text: the value, or
/// `None` when there is none (`null`) or it failed (recorded in `cx`).
///
/// # Errors
/// A syntax error: the body is malformed and the bind ends.
#[inline]
pub fn scalar<'r, T>(
    r: &mut Reader<'r>,
    cx: &mut JsonCx<'_, 'r>,
    convert: impl FnOnce(Raw<'r>) -> Result<T, ValueError>,
) -> Result<Option<T>, Error> {
    scalar_with(r, cx, convert, Err)
}

/// [`scalar`], with numbers converted by `number` (the digits the reader
/// collected) when it can, and as text when it gives the number back.
///
/// # Errors
/// A syntax error: the body is malformed and the bind ends.
#[inline]
pub fn scalar_with<'r, T>(
    r: &mut Reader<'r>,
    cx: &mut JsonCx<'_, 'r>,
    convert: impl FnOnce(Raw<'r>) -> Result<T, ValueError>,
    number: impl FnOnce(
        crate::json::Number<'r>,
    ) -> Result<Result<T, ValueError>, crate::json::Number<'r>>,
) -> Result<Option<T>, Error> {
    // One state check and whitespace skip, then dispatch on the byte.
    let c = r.value_byte()?;
    let raw = match c {
        b'"' => Raw::json(r.str_here()?),
        b'-' | b'0'..=b'9' => match number(r.number_here(c)?) {
            Ok(Ok(v)) => return Ok(Some(v)),
            Ok(Err(e)) => {
                cx.fail(FieldErrorKind::Invalid(e));
                return Ok(None);
            }
            Err(n) => Raw::plain(n.as_str().as_bytes()),
        },
        b't' | b'f' => Raw::plain(if r.bool_here(c)? { b"true" } else { b"false" }),
        b'n' => {
            r.null_here()?;
            return Ok(None);
        }
        b'[' | b'{' => {
            r.skip_value()?;
            cx.fail(FieldErrorKind::WrongType(NOT_SINGLE));
            return Ok(None);
        }
        _ => return Err(r.not_a_value()),
    };
    match convert(raw) {
        Ok(v) => Ok(Some(v)),
        Err(e) => {
            cx.fail(FieldErrorKind::Invalid(e));
            Ok(None)
        }
    }
}

/// Reads one JSON value for a [`FromText`] type: a string through
/// [`FromText::from_json_str`], a number through
/// [`FromText::from_json_number`] and a boolean through
/// [`FromText::from_json_bool`], inline (one of them is what a field
/// expects); anything else out of line, as [`scalar`] reads it.
///
/// # Errors
/// A syntax error: the body is malformed and the bind ends.
#[inline(always)]
pub(crate) fn text_value<'r, T: FromText<'r>>(
    r: &mut Reader<'r>,
    cx: &mut JsonCx<'_, 'r>,
) -> Result<Option<T>, Error> {
    let c = r.value_byte()?;
    let v = if c == b'"' {
        T::from_json_str(r.str_here()?)
    } else if c == b'-' || c.is_ascii_digit() {
        T::from_json_number(r.number_here(c)?)
    } else if c == b't' || c == b'f' {
        T::from_json_bool(r.bool_here(c)?)
    } else {
        return other_value(r, cx.reborrow(), c);
    };
    match v {
        Ok(v) => Ok(Some(v)),
        Err(e) => {
            invalid(cx.reborrow(), e);
            Ok(None)
        }
    }
}

/// The values [`text_value`] does not expect, at `c`: `null`, an array
/// or object refused, a byte that starts no value.
#[inline(never)]
fn other_value<T>(r: &mut Reader<'_>, mut cx: JsonCx<'_, '_>, c: u8) -> Result<Option<T>, Error> {
    match c {
        b'n' => {
            r.null_here()?;
            Ok(None)
        }
        b'[' | b'{' => {
            r.skip_value()?;
            cx.fail(FieldErrorKind::WrongType(NOT_SINGLE));
            Ok(None)
        }
        _ => Err(r.not_a_value()),
    }
}

/// Records a value the field's type refused.
#[cold]
#[inline(never)]
fn invalid(cx: JsonCx<'_, '_>, e: ValueError) {
    fail_cold(cx, FieldErrorKind::Invalid(e));
}

/// Records that the value at `cx` failed, out of line: `cx` comes by value
/// ([`JsonCx::reborrow`]) so that the hot path never builds it.
#[cold]
#[inline(never)]
pub(crate) fn fail_cold(mut cx: JsonCx<'_, '_>, kind: FieldErrorKind) {
    cx.fail(kind);
}

/// Reads an object's opening for a nested struct: `Ok(true)` when members
/// follow; `Ok(false)` for `null` (no value) or anything else (recorded in
/// `cx` as `wrong_type`, its bytes read).
///
/// # Errors
/// A syntax error.
#[inline(always)]
pub fn begin_nested<'r>(r: &mut Reader<'r>, cx: &mut JsonCx<'_, 'r>) -> Result<bool, Error> {
    match r.value_byte()? {
        b'{' => {
            r.object_here()?;
            Ok(true)
        }
        c => not_nested(r, cx.reborrow(), c),
    }
}

/// [`begin_nested`] at anything but an object, out of line.
#[cold]
#[inline(never)]
fn not_nested(r: &mut Reader<'_>, cx: JsonCx<'_, '_>, c: u8) -> Result<bool, Error> {
    if c == b'n' {
        r.null_here()?;
    } else {
        r.skip_value()?;
        fail_cold(cx, FieldErrorKind::WrongType("expected an object"));
    }
    Ok(false)
}
