//! What only `#[derive(Bind)]` output calls. Not a public API: it may change
//! in any release.

#[cfg(feature = "alloc")]
pub use crate::bind::boxed::Boxed;
use crate::bind::cx::fail_cold;
pub use crate::bind::field::offer_in;
pub use crate::bind::flatten::{
    finish_flat, finish_flat_in, flat_json, flat_json_body, flat_slot, offer_flat, offer_flat_in,
    Flat, Flatten,
};
pub use crate::bind::json::begin_nested;
pub use crate::bind::split_path;
pub use crate::bind::variant::{
    adjacent, close_external, needs_value, newtype_json, object_open, open_external, open_internal,
    rest_of_tagged, seq_close, seq_open, tag_again, unit_json, Piece, Tag, Tagged,
};
pub use crate::bind::FieldCx;
pub use crate::bind::Value;
pub use crate::bind::{
    Bind, BindError, Body, Errors, Field, FieldError, FieldErrorKind, FieldPath, FromBody,
    OwnedBind, Rejected, Request, Segment, Source,
};
pub use crate::bits::{words_for, Bits, ByteSet};
#[cfg(feature = "serde")]
pub use crate::convert::Serde;
pub use crate::convert::{FromText, JsonKinds, Parsed, Raw, Ref, Text};
pub use crate::cookie::Cursor as CookieCursor;
pub use crate::error::{Error, ValueError, ValueErrorKind};
pub use crate::form::Cursor;
pub use crate::json::reader::Expect as JsonExpect;
pub use crate::json::{JsonStr, Kind, Number, Reader};
pub use crate::limits::{Formats, Limits};
pub use core::default::Default;
pub use core::marker::PhantomData;
pub use core::option::Option::{self, None, Some};
pub use core::result::Result::{self, Err, Ok};

/// Decoded keys longer than this cannot name a field (generated code
/// refuses longer names at compile time, see [`key_fits`]), so they are
/// skipped undecoded. Header names are lower-cased in a buffer this long
/// too.
pub const MAX_KEY: usize = 128;

/// Whether `key` can name a field: at most [`MAX_KEY`] bytes. Generated
/// code asserts it in a `const`, so a longer key fails to compile.
pub const fn key_fits(key: &str) -> bool {
    key.len() <= MAX_KEY
}

/// The word the JSON reader packs from a member name's first bytes when
/// the name is `key`: the key and its closing quote, little-endian,
/// zero-padded; 0 (which no short name packs to) for a key it cannot
/// recognise that way: eight bytes or more, or holding `"`, `\` or a
/// control byte (which a JSON string writes escaped). Generated code
/// matches words with these, as `const`s.
pub const fn json_word(key: &str) -> u64 {
    match crate::json::short_name_word(key.as_bytes()) {
        Some(w) => w,
        None => 0,
    }
}

/// The member named `key`, bound by field `field`, as a JSON object's
/// walk expects it when members come in declaration order, compactly
/// written ([`members`]). Generated code lists a type's members with
/// these, as a `const`.
pub const fn json_expect(key: &str, field: usize) -> JsonExpect {
    JsonExpect::new(key.as_bytes(), field)
}

/// Offers `raw` to a field, recording a refusal (or, for a `required` field,
/// an empty value) under `source` and `key`.
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn offer<'r, T: Field<'r>>(
    slot: &mut T::Slot,
    raw: Raw<'r>,
    required: bool,
    errors: &mut Errors,
    field: usize,
    source: Source,
    key: &'static str,
) {
    if required && raw.is_empty() {
        fail_key(errors, field, source, key, FieldErrorKind::Empty);
        return;
    }
    if let Err(rejected) = T::offer(slot, raw) {
        refused(errors, field, source, key, rejected);
    }
}

/// [`offer`] out of line: one copy per field type, shared by every struct,
/// for the paths a clean request seldom takes (a key sent encoded).
#[inline(never)]
pub fn offer_shared<'r, T: Field<'r>>(
    slot: &mut T::Slot,
    raw: Raw<'r>,
    required: bool,
    errors: &mut Errors,
    field: usize,
    source: Source,
    key: &'static str,
) {
    offer::<T>(slot, raw, required, errors, field, source, key);
}

/// Records `kind` for the field declared at `field`, named `key`. Out of
/// line and cold: a clean request never calls it, and each call site of a
/// generated struct stays one call.
#[cold]
#[inline(never)]
fn fail_key(
    errors: &mut Errors,
    field: usize,
    source: Source,
    key: &'static str,
    kind: FieldErrorKind,
) {
    errors.push(FieldError::new(source, FieldPath::key(key), kind).for_field(field));
}

/// Records a field's refusal of a value (at the refused element's index
/// for a list), out of line as [`fail_key`].
#[cold]
#[inline(never)]
fn refused(
    errors: &mut Errors,
    field: usize,
    source: Source,
    key: &'static str,
    rejected: Rejected,
) {
    let mut path = FieldPath::key(key);
    if let Some(i) = rejected.index {
        path = path.with(Segment::Index(i));
    }
    errors.push(
        FieldError::new(source, path, FieldErrorKind::Invalid(rejected.error)).for_field(field),
    );
}

/// Settles a field's final value: the value taken; else, when the field
/// has no error saying why there is none (nothing was sent, or a JSON
/// `null`, or an empty file input), its default, or `missing`.
#[cfg_attr(not(debug_assertions), inline(always))]
#[allow(clippy::too_many_arguments)]
pub fn settle<T>(
    value: Option<T>,
    seen: bool,
    default: Option<fn() -> T>,
    errors: &mut Errors,
    field: usize,
    source: Source,
    key: &'static str,
) -> Option<T> {
    if value.is_some() {
        return value;
    }
    if seen && errors.has_field(field) {
        return None; // refused: its error says why
    }
    if let Some(default) = default {
        return Some(default());
    }
    fail_key(errors, field, source, key, FieldErrorKind::Missing);
    None
}

/// [`settle`] for a member of a nested JSON object: the `missing` error,
/// if any, is named by the object's path and `key`, built only then.
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn settle_in<'r, T>(
    value: Option<T>,
    seen: bool,
    default: Option<fn() -> T>,
    cx: &mut FieldCx<'_, 'r>,
    key: &'static str,
) -> Option<T> {
    if value.is_some() {
        return value;
    }
    let field = cx.field();
    if seen && cx.errors().has_field(field) {
        return None; // refused: its error says why
    }
    if let Some(default) = default {
        return Some(default());
    }
    cx.fail_at(key, FieldErrorKind::Missing);
    None
}

/// The whole body into a `#[bind(raw_body)]` field, recording a refusal
/// under the field's name.
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn raw_body<'r, T: crate::bind::FromBody<'r>>(
    bytes: &'r [u8],
    errors: &mut Errors,
    field: usize,
    key: &'static str,
) -> Option<T> {
    match T::from_body(bytes) {
        Ok(v) => Some(v),
        Err(e) => {
            fail_key(errors, field, Source::Body, key, FieldErrorKind::Invalid(e));
            None
        }
    }
}

/// Offers a JSON member's value to a field. A `required` field refuses an
/// empty string; a member sent twice is `duplicate` (its value still read).
///
/// # Errors
/// A JSON syntax error.
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn offer_json<'r, T: Field<'r>>(
    slot: &mut T::Slot,
    first: bool,
    r: &mut Reader<'r>,
    required: bool,
    cx: &mut FieldCx<'_, 'r>,
) -> Result<(), Error> {
    if !first {
        r.skip_value()?;
        fail_cold(cx.reborrow(), FieldErrorKind::Duplicate);
        return Ok(());
    }
    if required && r.value_byte()? == b'"' {
        let s = r.str_here()?;
        if s.raw().is_empty() {
            fail_cold(cx.reborrow(), FieldErrorKind::Empty);
        } else if let Err(rejected) = T::offer(slot, Raw::json(s)) {
            fail_cold(cx.reborrow(), FieldErrorKind::Invalid(rejected.error));
        }
        return Ok(());
    }
    T::offer_json(slot, r, cx)
}

/// Reads a whole JSON body as one field's value (`#[bind(whole_body)]`):
/// any JSON value, as a member's would be offered, under the field's name
/// (`items[3].sku`), the reader's limits applying as to any body, strict
/// for a `#[bind(strict)]` type.
///
/// # Errors
/// A syntax error or a limit passed: [`BindError::Malformed`].
#[inline(never)]
pub fn scan_whole_json<'r, T: Field<'r>, const STRICT: bool>(
    slot: &mut T::Slot,
    body: &'r [u8],
    limits: &Limits,
    required: bool,
    errors: &mut Errors,
    field: usize,
    key: &'static str,
) -> Result<(), BindError> {
    let mut r = Reader::with_limits(body, limits);
    r.set_strict(STRICT);
    let mut cx = FieldCx::new(errors, field, key);
    let mut read = || -> Result<(), Error> {
        offer_json::<T>(slot, true, &mut r, required, &mut cx)?;
        r.finish()
    };
    read().map_err(|error| BindError::Malformed {
        source: Source::Body,
        error,
    })
}

/// What [`members`]' lookups return for a name that is no field's.
pub const NO_FIELD: usize = usize::MAX;

/// Walks a JSON body once, to its end: the top-level value must be an
/// object (or `null`, no members); each member is looked up as
/// [`members`] does, and `f` gets the field's index and the reader
/// positioned at its value, which it must read or skip. `N` is the
/// longest field name, as for [`members`].
///
/// # Errors
/// A syntax error or a limit passed: [`BindError::Malformed`].
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn scan_json<'r, const N: usize>(
    body: &'r [u8],
    limits: &Limits,
    order: &[JsonExpect],
    known: impl Fn(u64) -> usize,
    named: impl Fn(&[u8]) -> usize,
    mut f: impl FnMut(usize, &mut Reader<'r>) -> Result<(), Error>,
) -> Result<(), BindError> {
    scan_json_with::<N, false, false>(body, limits, order, known, named, |field, _, r| f(field, r))
}

/// [`scan_json`] for a type that denies unknown fields: `f` also gets a
/// member no field has ([`NO_FIELD`]), with its name as sent (`…` when it
/// has escapes), and must read or skip its value.
///
/// # Errors
/// As [`scan_json`].
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn scan_json_or_unknown<'r, const N: usize>(
    body: &'r [u8],
    limits: &Limits,
    order: &[JsonExpect],
    known: impl Fn(u64) -> usize,
    named: impl Fn(&[u8]) -> usize,
    f: impl FnMut(usize, &'r str, &mut Reader<'r>) -> Result<(), Error>,
) -> Result<(), BindError> {
    scan_json_with::<N, true, false>(body, limits, order, known, named, f)
}

/// [`scan_json_or_unknown`] (`UNKNOWN`) or [`scan_json`] (`f` then never
/// sees [`NO_FIELD`]) for a `#[bind(strict)]` type: the reader is strict
/// (see [`Reader::set_strict`]).
///
/// # Errors
/// As [`scan_json`].
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn scan_json_strict<'r, const N: usize, const UNKNOWN: bool>(
    body: &'r [u8],
    limits: &Limits,
    order: &[JsonExpect],
    known: impl Fn(u64) -> usize,
    named: impl Fn(&[u8]) -> usize,
    f: impl FnMut(usize, &'r str, &mut Reader<'r>) -> Result<(), Error>,
) -> Result<(), BindError> {
    scan_json_with::<N, UNKNOWN, true>(body, limits, order, known, named, f)
}

/// [`scan_json`] (`UNKNOWN` false: `f` never sees [`NO_FIELD`]) or
/// [`scan_json_or_unknown`], strict or not.
#[cfg_attr(not(debug_assertions), inline(always))]
fn scan_json_with<'r, const N: usize, const UNKNOWN: bool, const STRICT: bool>(
    body: &'r [u8],
    limits: &Limits,
    order: &[JsonExpect],
    known: impl Fn(u64) -> usize,
    named: impl Fn(&[u8]) -> usize,
    mut f: impl FnMut(usize, &'r str, &mut Reader<'r>) -> Result<(), Error>,
) -> Result<(), BindError> {
    let mut r = Reader::with_limits(body, limits);
    if STRICT {
        r.set_strict(true);
    }
    walk_json::<N, UNKNOWN>(&mut r, order, &known, &named, &mut f).map_err(|error| {
        BindError::Malformed {
            source: Source::Body,
            error,
        }
    })
}

/// The body's walk, out of line: the bind's other sources (a form body, a
/// query) keep a small frame whatever the JSON fields inline.
#[inline(never)]
fn walk_json<'r, const N: usize, const UNKNOWN: bool>(
    r: &mut Reader<'r>,
    order: &[JsonExpect],
    known: &impl Fn(u64) -> usize,
    named: &impl Fn(&[u8]) -> usize,
    f: &mut impl FnMut(usize, &'r str, &mut Reader<'r>) -> Result<(), Error>,
) -> Result<(), Error> {
    match r.value_byte()? {
        b'{' => {
            r.object_here()?;
            members_with::<N, UNKNOWN>(r, order, known, named, f)?;
        }
        b'n' => r.null_here()?,
        _ => {
            r.peek()?;
            return Err(Error::new(crate::ErrorKind::JsonUnexpectedType, r.offset()));
        }
    }
    r.finish()
}

/// Walks an object's members (its `{` already read), finding each one's
/// field without scanning its name when it can: first by `order`, the
/// fields' members in declaration order (`json_expect`), each taken by a
/// word compare while the input sends them so, compactly written; then
/// `known` maps the word [`Reader`] packs from a short name's first bytes
/// (see `json::reader::members::short_name`) to a field index, and only a
/// name it does not know is read and decoded, for `named` to map. A name
/// no field has ([`NO_FIELD`]) is skipped with its value; otherwise `f`
/// gets the field index and the reader at the value, which it must read
/// or skip.
///
/// # Errors
/// A JSON syntax error.
///
/// `N` is the longest field name: a longer decoded name matches none, and
/// the scratch for escaped names is no larger than it needs to be.
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn members<'r, const N: usize>(
    r: &mut Reader<'r>,
    order: &[JsonExpect],
    known: impl Fn(u64) -> usize,
    named: impl Fn(&[u8]) -> usize,
    mut f: impl FnMut(usize, &mut Reader<'r>) -> Result<(), Error>,
) -> Result<(), Error> {
    members_with::<N, false>(r, order, known, named, |field, _, r| f(field, r))
}

/// [`members`] for a type that denies unknown fields: `f` also gets a
/// member no field has ([`NO_FIELD`]), with its name as sent (`…` when it
/// has escapes), and must read or skip its value. A known member's name is
/// not looked at (`""`).
///
/// # Errors
/// A JSON syntax error.
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn members_or_unknown<'r, const N: usize>(
    r: &mut Reader<'r>,
    order: &[JsonExpect],
    known: impl Fn(u64) -> usize,
    named: impl Fn(&[u8]) -> usize,
    f: impl FnMut(usize, &'r str, &mut Reader<'r>) -> Result<(), Error>,
) -> Result<(), Error> {
    members_with::<N, true>(r, order, known, named, f)
}

/// [`members`] (`UNKNOWN` false: `f` never sees [`NO_FIELD`]) or
/// [`members_or_unknown`].
#[cfg_attr(not(debug_assertions), inline(always))]
fn members_with<'r, const N: usize, const UNKNOWN: bool>(
    r: &mut Reader<'r>,
    order: &[JsonExpect],
    known: impl Fn(u64) -> usize,
    named: impl Fn(&[u8]) -> usize,
    mut f: impl FnMut(usize, &'r str, &mut Reader<'r>) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut scratch = [0u8; N];
    // The members as `order` lists them while the input has them in that
    // order, compactly written; from the first that is not, the general
    // walk. One call of `f`, so that it inlines.
    let mut next = if r.compact() { 0 } else { order.len() };
    loop {
        let (field, name) = match order.get(next) {
            Some(expect) if r.take_expected(expect) => {
                next += 1;
                (expect.field, "")
            }
            _ => {
                next = order.len();
                let Some(word) = r.member_start()? else {
                    break;
                };
                let field = known(word);
                if field != NO_FIELD {
                    r.take_short_name(word)?;
                    (field, "")
                } else {
                    let sent = r.member_name(&mut scratch)?;
                    let field = match sent.key() {
                        Some(key) => named(key),
                        None => NO_FIELD,
                    };
                    if field == NO_FIELD {
                        if !UNKNOWN {
                            r.skip_value()?;
                            continue;
                        }
                        (field, sent.raw().as_str().unwrap_or("…"))
                    } else {
                        (field, "")
                    }
                }
            }
        };
        f(field, name, r)?;
    }
    Ok(())
}

/// Records a key no field has (a query or form key, a multipart part's
/// name), for a type that denies unknown fields: `unknown` under the key
/// as sent (decoded; `…` if it is not UTF-8).
#[cold]
#[inline(never)]
pub fn unknown_key(errors: &mut Errors, source: Source, key: &[u8]) {
    unknown_member(errors, source, core::str::from_utf8(key).unwrap_or("…"));
}

/// Records a member no field has, for a type that denies unknown fields:
/// `unknown` under the member's name as sent.
#[cold]
#[inline(never)]
pub fn unknown_member(errors: &mut Errors, source: Source, name: &str) {
    errors.push(FieldError::new(
        source,
        FieldPath::member(name),
        FieldErrorKind::Unknown,
    ));
}

/// Offers a multipart part to a field, recording a refusal (or, for a
/// `required` field, an empty value) under `key`. An empty file input (a
/// browser's `filename=""` with no data) is no value for any field type:
/// it adds nothing to a `Vec`, leaves an `Option` `None`, and leaves any
/// other field to its default or `missing`.
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn offer_part<'r, T: Field<'r>>(
    slot: &mut T::Slot,
    part: &crate::multipart::Part<'r>,
    required: bool,
    errors: &mut Errors,
    field: usize,
    key: &'static str,
) {
    let empty_input = part.is_empty_file();
    if empty_input && !required {
        return;
    }
    if required && (empty_input || (!part.is_file() && part.data().is_empty())) {
        fail_key(errors, field, Source::Body, key, FieldErrorKind::Empty);
        return;
    }
    if let Err(rejected) = T::offer_part(slot, part) {
        refused(errors, field, Source::Body, key, rejected);
    } else if !T::CLAIMS_HELD && part.is_file() && held_file(part.data()).is_some() {
        held_elsewhere(errors, field, key);
    }
}

/// The first bytes of a file part's data in a spooled upload's in-memory
/// body: the file is held elsewhere (a temporary file, a sink), and the
/// decimal number that follows names it (binder-hyper's `spool`). No
/// delimiter can start inside it (a delimiter starts with CR LF).
pub const HELD_FILE: &[u8] = b"\0binder:held-file:";

/// The number a held file's placeholder names, if `data` is one.
pub fn held_file(data: &[u8]) -> Option<usize> {
    let digits = data.strip_prefix(HELD_FILE)?;
    if digits.is_empty() || digits.len() > 19 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(digits.iter().fold(0usize, |n, d| {
        n.saturating_mul(10).saturating_add(usize::from(d - b'0'))
    }))
}

/// Records a field of a type that does not claim held files offered one
/// (see [`Value::CLAIMS_HELD`](crate::bind::Value::CLAIMS_HELD)).
#[cold]
#[inline(never)]
fn held_elsewhere(errors: &mut Errors, field: usize, key: &'static str) {
    let error = crate::ValueError::new(crate::ValueErrorKind::Custom(
        "a file of a spooled upload: declare the field as a SpooledFile or StoredFile (binder-hyper's spool), or bind in memory",
    ));
    refused(errors, field, Source::Body, key, Rejected::from(error));
}

/// Walks multipart parts once, to the end of the body (a malformed tail
/// fails the whole body, so there is no early stop), handing `f` each
/// decoded part name and the part.
///
/// # Errors
/// A malformed body or a limit passed: [`BindError::Malformed`].
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn scan_parts<'r>(
    body: crate::multipart::Input<'r>,
    boundary: &crate::multipart::Boundary,
    limits: &Limits,
    mut f: impl FnMut(&[u8], &crate::multipart::Part<'r>),
) -> Result<(), BindError> {
    let mut key_buf = [0u8; MAX_KEY];
    for part in crate::multipart::parts_in(body, boundary, limits) {
        let part = part.map_err(|error| BindError::Malformed {
            source: Source::Body,
            error,
        })?;
        // A name too long to decode here cannot be a field's name.
        if let Some(name) = part.name().decoded(&mut key_buf) {
            f(&name, &part);
        }
    }
    Ok(())
}

/// Hands `f` a urlencoded pair's decoded key and its value; a key too long
/// to decode here cannot be a field's name, so `f` is not called.
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn with_key<'r>(
    (pair, raw): (crate::form::Pair<'r>, Raw<'r>),
    f: impl FnOnce(Ref<'r, '_, [u8]>, Raw<'r>),
) {
    if pair.key_needs_decoding() {
        let mut key_buf = [0u8; MAX_KEY];
        if let Some(key) = crate::percent::decode_into(pair.key_as_sent(), &mut key_buf) {
            f(Ref::Copied(key), raw);
        }
    } else {
        f(Ref::Borrowed(pair.key_as_sent()), raw);
    }
}

/// Where a key's path after the field's name starts: its first `[` or `.`
/// (`items[0][sku]`, `address.city`), if it has a name before it.
#[inline]
pub fn path_start(key: &[u8]) -> Option<usize> {
    key.iter()
        .position(|&b| b == b'[' || b == b'.')
        .filter(|&at| at > 0)
}

/// Offers a key with a path (`name[..]`, `name.x`) to the field `name`
/// (see [`Field::offer_path`]); returns whether the field took it. Out
/// of line: one copy per field type, for keys a clean request seldom sends.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
pub fn offer_path<'r, T: Field<'r>>(
    slot: &mut T::Slot,
    key: Ref<'r, '_, [u8]>,
    at: usize,
    raw: Raw<'r>,
    errors: &mut Errors,
    field: usize,
    source: Source,
    name: &'static str,
) -> bool {
    let path = match key {
        Ref::Borrowed(k) => Ref::Borrowed(&k[at..]),
        Ref::Copied(k) => Ref::Copied(&k[at..]),
    };
    T::offer_path(
        slot,
        path,
        raw,
        &mut FieldCx::with_source(errors, field, name, source),
    )
}

/// `#[bind(serde)]` names `Serde<T>` and calls [`require_serde`]: nothing
/// with the `serde` feature on.
#[cfg(feature = "serde")]
#[doc(hidden)]
#[macro_export]
macro_rules! __binder_require_serde_0_1 {
    () => {};
}

/// Without the `serde` feature, `#[bind(serde)]` fails to compile with
/// this one message (at the derive: an error made in another crate's
/// macro is shown where the derive was).
#[cfg(not(feature = "serde"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __binder_require_serde_0_1 {
    () => {
        ::core::compile_error!(
            "`#[bind(serde)]` needs binder's `serde` feature: enable it on the binder crate you depend on (`binder-http = { version = \"0.1\", features = [\"serde\"] }`; binder-core, binder-hyper, binder-axum and binder-actix have it too)"
        );
    };
}

pub use crate::__binder_require_serde_0_1 as require_serde;

/// What `#[bind(serde)]` names without the `serde` feature: a stand-in
/// that binds nothing, so that the one error is [`require_serde`]'s.
#[cfg(not(feature = "serde"))]
pub struct Serde<T>(pub T);

#[cfg(not(feature = "serde"))]
impl<'r, T> Value<'r> for Serde<T> {
    fn from_raw(_: Raw<'r>) -> Result<Self, ValueError> {
        Err(ValueError::custom("the serde feature is off"))
    }

    crate::bind::field::no_members!();
}
