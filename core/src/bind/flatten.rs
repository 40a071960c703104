//! `#[bind(flatten)]`: a struct's members read as its parent's own keys
//! (`?q=tea&page=2` binds `q` on the parent and `page` on the flattened
//! `Pagination`). What only generated code calls, through `__private`.
//!
//! The flattened field's slot is the member struct's [`Value::Partial`],
//! made up front: a key the parent has no field for is offered to it as a
//! member's name ([`offer_flat`]), and once every source is read the pieces
//! make the value ([`finish_flat`]), so a struct whose members are all
//! optional binds with no key at all. From JSON (a body, or the parent as
//! another's member) the member struct reads the same object again on its
//! own ([`flat_json_body`], [`flat_json`]), taking the members it has and
//! skipping the parent's. Its failures are named by the key as sent
//! (`page`), not under the field (`pagination.page`):
//! [`FieldCx::flattened`].

use super::{
    Bind, BindError, Errors, FieldCx, FieldError, FieldErrorKind, FieldPath, Source, Value,
};
use crate::convert::{Raw, Ref};
use crate::error::Error;
use crate::json::Reader;
use crate::limits::Limits;

/// A flattened field's slot: the value a JSON object made (and whether one
/// was read), and the pieces sent by keys.
pub struct Flat<'r, T: Value<'r>> {
    value: Option<T>,
    /// Whether a JSON object was read for it: its value, or its failures.
    read: bool,
    partial: T::Partial,
}

/// A type whose members can be read as another's keys: a struct deriving
/// `Bind` (which is also a [`Value`] with members).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened: `#[bind(flatten)]` reads the members of a struct deriving `Bind`",
    label = "not a struct deriving `Bind`",
    note = "to bind one value under the field's own name, drop `flatten`"
)]
pub trait Flatten<'r>: Value<'r> {}

impl<'r, T: Bind<'r> + Value<'r>> Flatten<'r> for T {}

/// An empty slot; the bound is where a type that is not a struct deriving
/// `Bind` fails to compile.
#[inline]
pub fn flat_slot<'r, T: Flatten<'r>>() -> Flat<'r, T> {
    Flat {
        value: None,
        read: false,
        partial: T::partial(),
    }
}

/// The longest key offered to a flattened field: a member's name is at
/// most `MAX_KEY` bytes, and the path after it (`[team]`) as long again.
const FLAT_KEY: usize = 2 * crate::__private_0_1::MAX_KEY;

/// Offers a key the parent has no field for (`page`, `filter[team]`) to
/// a flattened field, as the member struct's own key; returns whether it
/// took it. The key reaches the member struct copied (as a key sent
/// encoded does): a map inside it keys by owned text. Out of line: one copy
/// per member struct.
#[inline(never)]
pub fn offer_flat<'r, T: Value<'r>>(
    slot: &mut Flat<'r, T>,
    key: &[u8],
    raw: Raw<'r>,
    errors: &mut Errors,
    field: usize,
    source: Source,
) -> bool {
    // `.page`: the path a member's name has after its struct's name.
    let mut buf = [0u8; FLAT_KEY + 1];
    let Some(path) = buf.get_mut(..=key.len()) else {
        return false;
    };
    path[0] = b'.';
    path[1..].copy_from_slice(key);
    T::offer_member(
        &mut slot.partial,
        Ref::Copied(path),
        raw,
        &mut FieldCx::flattened(errors, field, source),
    )
}

/// [`offer_flat`] when the parent is itself a member of another struct:
/// `path` is the piece after the parent's name (`[page]`), and failures
/// go under the parent's path (`search.page`).
#[inline]
pub fn offer_flat_in<'r, T: Value<'r>>(
    slot: &mut Flat<'r, T>,
    path: Ref<'r, '_, [u8]>,
    raw: Raw<'r>,
    cx: &mut FieldCx<'_, 'r>,
) -> bool {
    T::offer_member(&mut slot.partial, path, raw, cx)
}

/// Reads a JSON body again for a flattened field: the member struct takes
/// its members from the body's object and skips the rest (the parent's),
/// strictly for a `#[bind(strict)]` parent.
///
/// # Errors
/// A syntax error or a limit passed (the parent's scan of the same body
/// reports it first).
#[inline(never)]
pub fn flat_json_body<'r, T: Value<'r>>(
    slot: &mut Flat<'r, T>,
    body: &'r [u8],
    limits: &Limits,
    strict: bool,
    errors: &mut Errors,
    field: usize,
) -> Result<(), BindError> {
    let mut r = Reader::with_limits(body, limits);
    r.set_strict(strict);
    let mut cx = FieldCx::flattened(errors, field, Source::Body);
    let mut read = || -> Result<(), Error> {
        flat_json(slot, &mut r, &mut cx)?;
        r.finish()
    };
    read().map_err(|error| BindError::Malformed {
        source: Source::Body,
        error,
    })
}

/// Reads the JSON object at `r` (the parent's, again) for a flattened
/// field, failures under `cx`.
///
/// # Errors
/// A JSON syntax error.
#[inline]
pub fn flat_json<'r, T: Value<'r>>(
    slot: &mut Flat<'r, T>,
    r: &mut Reader<'r>,
    cx: &mut FieldCx<'_, 'r>,
) -> Result<(), Error> {
    slot.value = T::from_json(r, cx)?;
    slot.read = true;
    Ok(())
}

/// A flattened field's value: what its JSON object made, else what its
/// pieces make (members missing recorded in `cx`); `None` when it failed.
#[inline]
pub fn finish_flat_in<'r, T: Value<'r>>(slot: Flat<'r, T>, cx: &mut FieldCx<'_, 'r>) -> Option<T> {
    if slot.value.is_some() {
        return slot.value;
    }
    let field = cx.field();
    if slot.read && cx.errors().has_field(field) {
        return None; // the object failed: its errors say why
    }
    T::finish_partial(slot.partial, cx)
}

/// [`finish_flat_in`] for a top-level field declared at `field`, named
/// `key`, from `source`: failures under the members' own keys.
#[inline]
pub fn finish_flat<'r, T: Value<'r>>(
    slot: Flat<'r, T>,
    errors: &mut Errors,
    field: usize,
    source: Source,
    key: &'static str,
) -> Option<T> {
    let value = finish_flat_in(slot, &mut FieldCx::flattened(errors, field, source));
    if value.is_none() && !errors.has_field(field) {
        // No member said why: name the field itself.
        errors.push(
            FieldError::new(source, FieldPath::key(key), FieldErrorKind::Missing).for_field(field),
        );
    }
    value
}
