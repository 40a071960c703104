//! Binding JSON values: how a scalar reads one ([`scalar`]), and how a
//! nested struct's object opens ([`begin_nested`]). Where a value sits is
//! [`FieldCx`], for every source.
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
//! - A tuple or `[T; N]` takes an array of exactly its length, element by
//!   element (`point[1]` in errors); `()` takes `null`.
//! - Under `#[bind(strict)]` ([`Reader::set_strict`]) a scalar binds only a
//!   type that takes its kind ([`FromText::JSON`]), a list only an array,
//!   and `null` is no element of a list: anything else is `wrong_type`,
//!   naming the kind expected. A list not sent is still empty, and `null`
//!   for a whole field still no value.
//! - A member sent twice for one field is a field error (`duplicate`): a
//!   first-wins and a last-wins parser disagreeing is how request smuggling
//!   starts.

use super::cx::{fail_cold, FieldCx};
use super::errors::FieldErrorKind;
use crate::convert::{FromText, JsonKinds, Raw};
use crate::error::{Error, ValueError};
use crate::json::Reader;

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
    cx: &mut FieldCx<'_, 'r>,
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
    cx: &mut FieldCx<'_, 'r>,
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
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn text_value<'r, T: FromText<'r>>(
    r: &mut Reader<'r>,
    cx: &mut FieldCx<'_, 'r>,
) -> Result<Option<T>, Error> {
    let c = r.value_byte()?;
    // The kinds the type takes as its own are read inline; any other kind
    // (converted from its text, or refused under `#[bind(strict)]`) out of
    // line, one copy per type.
    let v = if c == b'"' && T::JSON.takes(JsonKinds::STRING) {
        T::from_json_str(r.str_here()?)
    } else if (c == b'-' || c.is_ascii_digit()) && T::JSON.takes(JsonKinds::NUMBER) {
        T::from_json_number(r.number_here(c)?)
    } else if (c == b't' || c == b'f') && T::JSON.takes(JsonKinds::BOOL) {
        T::from_json_bool(r.bool_here(c)?)
    } else {
        return other_kind(r, cx.reborrow(), c);
    };
    match v {
        Ok(v) => Ok(Some(v)),
        Err(e) => {
            invalid(cx.reborrow(), e);
            Ok(None)
        }
    }
}

/// [`text_value`] at a value of a kind the type does not take as its own:
/// a scalar converted from its text (refused as `wrong_type` in a strict
/// bind), or anything else as [`other_value`] reads it.
#[inline(never)]
fn other_kind<'r, T: FromText<'r>>(
    r: &mut Reader<'r>,
    cx: FieldCx<'_, 'r>,
    c: u8,
) -> Result<Option<T>, Error> {
    let scalar = c == b'"' || c == b'-' || c.is_ascii_digit() || c == b't' || c == b'f';
    if !scalar {
        return other_value(r, cx, c);
    }
    if r.is_strict() {
        r.skip_value()?;
        fail_cold(cx, FieldErrorKind::WrongType(T::JSON.expected()));
        return Ok(None);
    }
    let v = if c == b'"' {
        T::from_json_str(r.str_here()?)
    } else if c == b't' || c == b'f' {
        T::from_json_bool(r.bool_here(c)?)
    } else {
        T::from_json_number(r.number_here(c)?)
    };
    match v {
        Ok(v) => Ok(Some(v)),
        Err(e) => {
            invalid(cx, e);
            Ok(None)
        }
    }
}

/// The values [`text_value`] does not expect, at `c`: `null`, an array
/// or object refused, a byte that starts no value.
#[inline(never)]
fn other_value<T>(r: &mut Reader<'_>, mut cx: FieldCx<'_, '_>, c: u8) -> Result<Option<T>, Error> {
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
pub(super) fn invalid(cx: FieldCx<'_, '_>, e: ValueError) {
    fail_cold(cx, FieldErrorKind::Invalid(e));
}

/// Reads an object's opening for a nested struct: `Ok(true)` when members
/// follow; `Ok(false)` for `null` (no value) or anything else (recorded in
/// `cx` as `wrong_type`, its bytes read).
///
/// # Errors
/// A syntax error.
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn begin_nested<'r>(r: &mut Reader<'r>, cx: &mut FieldCx<'_, 'r>) -> Result<bool, Error> {
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
fn not_nested(r: &mut Reader<'_>, cx: FieldCx<'_, '_>, c: u8) -> Result<bool, Error> {
    if c == b'n' {
        r.null_here()?;
    } else {
        r.skip_value()?;
        fail_cold(cx, FieldErrorKind::WrongType("expected an object"));
    }
    Ok(false)
}
