//! Enums with data, bound from JSON: the walks the `Value` impl that
//! `#[derive(Bind)]` writes for an enum calls, in serde's shapes.
//!
//! - Externally tagged (the default): a unit variant as its name
//!   (`"Unit"`), or an object of one member named by the variant and
//!   holding its value: `null` for a unit variant, the value of a newtype
//!   variant, an array for a tuple variant, an object for a struct variant
//!   ([`open_external`], [`close_external`]).
//! - Internally tagged (`tag = "type"`): an object whose member `type`
//!   names the variant, the variant's members beside it ([`open_internal`]).
//!   The tag may come anywhere: when it is not the object's first member,
//!   the object is read twice, once (skipping values, checked but not
//!   decoded) to find the tag and once to bind the variant, from a copy of
//!   the reader made at the object's start ([`Tag`]): no allocation, where
//!   serde buffers the members.
//! - Adjacently tagged (`tag = "t", content = "c"`): the tag names the
//!   variant, the member `c` holds its value as an externally tagged one
//!   would ([`adjacent`]).
//!
//! Rules, as for nested structs: `null` is no value (`None` for an
//! `Option`, `missing` otherwise); a variant's name that is none of the
//! enum's is `invalid` with the names it accepts (never the name sent); a
//! value of the wrong shape is `wrong_type`, its bytes still read and
//! checked; a JSON syntax error ends the bind.

use super::cx::FieldCx;
use super::errors::FieldErrorKind;
use super::field::{Field, Value};
use super::field_path::Segment;
use crate::error::{Error, ValueError};
use crate::json::Reader;
use core::marker::PhantomData;

/// The scratch a member's name is decoded into where only the tag's name
/// is looked for ([`Tag::whole`]): as long as a field's key may be
/// (`__private::MAX_KEY`).
const MAX_NAME: usize = 128;

/// What an externally tagged enum's value turned out to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tagged {
    /// A string naming the variant at this index.
    Name(usize),
    /// An object whose one member names the variant at this index: the
    /// reader stands at the member's value, which the caller reads, then
    /// calls [`close_external`].
    Member(usize),
    /// `null` (no value), or a value refused (recorded).
    None,
}

/// Where an externally tagged enum's value is neither a name nor an object.
const NAMED: &str = "expected a variant's name, or an object with one member named by the variant";
/// Where the object has no member, or more than one.
const ONE_MEMBER: &str = "expected an object with one member, named by the variant";
/// Where a variant that holds a value is named alone.
const HOLDS_VALUE: &str =
    "expected an object with one member, named by the variant: this variant holds a value";
/// Where an internally tagged enum's tag is not a string.
const TAG_STRING: &str = "expected the variant's name, a string";
/// Where an object is due.
const OBJECT: &str = "expected an object";

/// Records `kind` at `cx`, out of line.
#[cold]
#[inline(never)]
fn fail(cx: &mut FieldCx<'_, '_>, kind: FieldErrorKind) {
    cx.fail(kind);
}

/// Records `kind` at the member `key` of the object at `cx`, out of line.
#[cold]
#[inline(never)]
fn fail_member(cx: &mut FieldCx<'_, '_>, key: &'static str, kind: FieldErrorKind) {
    cx.fail_at(key, kind);
}

/// Reads the rest of an object whose current member's value was read:
/// every member left, skipped. Returns whether there was any.
#[inline]
fn skip_members(r: &mut Reader<'_>) -> Result<bool, Error> {
    let mut any = false;
    while r.next_member(&mut [])?.is_some() {
        any = true;
        r.skip_value()?;
    }
    Ok(any)
}

/// The variant a JSON string names, by `lookup` on its decoded text (at
/// most `N` bytes: a longer one names none).
#[inline]
fn variant_named<const N: usize>(
    r: &mut Reader<'_>,
    lookup: impl Fn(&[u8]) -> Option<usize>,
) -> Result<Option<usize>, Error> {
    let s = r.str_here()?;
    let mut scratch = [0u8; N];
    Ok(s.decode(&mut scratch)
        .ok()
        .and_then(|t| lookup(t.as_bytes())))
}

/// Opens an externally tagged enum's value: a string naming a variant, or
/// an object whose one member names it. `lookup` maps a decoded name (at
/// most `N` bytes) to its variant; a name it does not know is refused as
/// `unknown` (the enum's accepted names), at `cx`.
///
/// # Errors
/// A JSON syntax error.
#[inline]
pub fn open_external<'r, const N: usize>(
    r: &mut Reader<'r>,
    cx: &mut FieldCx<'_, 'r>,
    lookup: impl Fn(&[u8]) -> Option<usize>,
    unknown: ValueError,
) -> Result<Tagged, Error> {
    match r.value_byte()? {
        b'"' => match variant_named::<N>(r, lookup)? {
            Some(i) => Ok(Tagged::Name(i)),
            None => {
                fail(cx, FieldErrorKind::Invalid(unknown));
                Ok(Tagged::None)
            }
        },
        b'{' => {
            r.object_here()?;
            let mut scratch = [0u8; N];
            let found = match r.next_member(&mut scratch)? {
                Some(name) => name.key().and_then(lookup),
                None => {
                    fail(cx, FieldErrorKind::WrongType(ONE_MEMBER));
                    return Ok(Tagged::None);
                }
            };
            match found {
                Some(i) => Ok(Tagged::Member(i)),
                None => {
                    r.skip_value()?;
                    skip_members(r)?;
                    fail(cx, FieldErrorKind::Invalid(unknown));
                    Ok(Tagged::None)
                }
            }
        }
        b'n' => {
            r.null_here()?;
            Ok(Tagged::None)
        }
        _ => {
            r.skip_value()?;
            fail(cx, FieldErrorKind::WrongType(NAMED));
            Ok(Tagged::None)
        }
    }
}

/// Closes the object of an externally tagged enum's value after its one
/// member's value: `true` at its `}`; `false` when more members follow
/// (read, and refused at `cx`).
///
/// # Errors
/// A JSON syntax error.
#[inline]
pub fn close_external(r: &mut Reader<'_>, cx: &mut FieldCx<'_, '_>) -> Result<bool, Error> {
    if skip_members(r)? {
        fail(cx, FieldErrorKind::WrongType(ONE_MEMBER));
        return Ok(false);
    }
    Ok(true)
}

/// Records that a variant holding a value was sent as its name alone.
#[cold]
#[inline(never)]
pub fn needs_value(cx: &mut FieldCx<'_, '_>) {
    cx.fail(FieldErrorKind::WrongType(HOLDS_VALUE));
}

/// A unit variant's value, where one is sent (`{"Unit": null}`): `null`,
/// and nothing else (refused at `cx`).
///
/// # Errors
/// A JSON syntax error.
#[inline]
pub fn unit_json<'r>(r: &mut Reader<'r>, cx: &mut FieldCx<'_, 'r>) -> Result<bool, Error> {
    Ok(<() as Value>::from_json(r, cx)?.is_some())
}

/// How many errors `cx`'s list has recorded, kept or dropped.
#[inline]
fn recorded(cx: &mut FieldCx<'_, '_>) -> usize {
    let errors = cx.errors();
    errors.as_slice().len() + errors.dropped()
}

/// One value of a variant (a newtype variant's, a tuple variant's element):
/// a [`Field`]'s slot, and whether a value offered to it was refused (so
/// that a missing value is not reported on top of its refusal).
pub struct Piece<'r, F: Field<'r>> {
    slot: F::Slot,
    refused: bool,
    lt: PhantomData<&'r ()>,
}

impl<'r, F: Field<'r>> Default for Piece<'r, F> {
    #[inline]
    fn default() -> Self {
        Self::new()
    }
}

impl<'r, F: Field<'r>> Piece<'r, F> {
    /// An empty piece.
    #[inline]
    pub fn new() -> Self {
        Piece {
            slot: F::slot(),
            refused: false,
            lt: PhantomData,
        }
    }

    /// Offers the JSON value at `r`, its failures recorded at `cx`.
    ///
    /// # Errors
    /// A JSON syntax error.
    #[inline]
    pub fn offer(&mut self, r: &mut Reader<'r>, cx: &mut FieldCx<'_, 'r>) -> Result<(), Error> {
        let before = recorded(cx);
        F::offer_json(&mut self.slot, r, cx)?;
        self.refused |= recorded(cx) != before;
        Ok(())
    }

    /// Offers an array's next element, under its `index`; `false` (nothing
    /// offered) when the array has ended.
    ///
    /// # Errors
    /// A JSON syntax error.
    #[inline]
    pub fn element(
        &mut self,
        r: &mut Reader<'r>,
        cx: &mut FieldCx<'_, 'r>,
        index: usize,
    ) -> Result<bool, Error> {
        if !r.next_element()? {
            return Ok(false);
        }
        self.offer(r, &mut cx.at(Segment::Index(index)))?;
        Ok(true)
    }

    /// The value; `None` when there is none, `missing` at `cx` unless a
    /// refusal says why.
    #[inline]
    pub fn finish(self, cx: &mut FieldCx<'_, 'r>) -> Option<F> {
        let v = F::finish(self.slot, cx);
        if v.is_none() && !self.refused {
            fail(cx, FieldErrorKind::Missing);
        }
        v
    }

    /// [`Piece::finish`] for a tuple variant's element, under its `index`.
    #[inline]
    pub fn finish_at(self, cx: &mut FieldCx<'_, 'r>, index: usize) -> Option<F> {
        self.finish(&mut cx.at(Segment::Index(index)))
    }
}

/// A newtype variant's value: the JSON value at `r`, as the field type
/// `F` takes it.
///
/// # Errors
/// A JSON syntax error.
#[inline]
pub fn newtype_json<'r, F: Field<'r>>(
    r: &mut Reader<'r>,
    cx: &mut FieldCx<'_, 'r>,
) -> Result<Option<F>, Error> {
    let mut piece = Piece::<F>::new();
    piece.offer(r, cx)?;
    Ok(piece.finish(cx))
}

/// Opens a tuple variant's array: `true` at its first element; `false`
/// for `null` (`missing`) or any other value (refused as `expected`, its
/// bytes read).
///
/// # Errors
/// A JSON syntax error.
#[inline]
pub fn seq_open(
    r: &mut Reader<'_>,
    cx: &mut FieldCx<'_, '_>,
    expected: &'static str,
) -> Result<bool, Error> {
    match r.value_byte()? {
        b'[' => {
            r.array_here()?;
            Ok(true)
        }
        c => {
            not_open(r, cx, c, expected)?;
            Ok(false)
        }
    }
}

/// A variant's value that is not the container it needs: `null` is
/// `missing`, anything else `expected`.
#[cold]
#[inline(never)]
fn not_open(
    r: &mut Reader<'_>,
    cx: &mut FieldCx<'_, '_>,
    c: u8,
    expected: &'static str,
) -> Result<(), Error> {
    if c == b'n' {
        r.null_here()?;
        cx.fail(FieldErrorKind::Missing);
    } else {
        r.skip_value()?;
        cx.fail(FieldErrorKind::WrongType(expected));
    }
    Ok(())
}

/// Closes a tuple variant's array once its elements are offered (`full`:
/// every one was there): `true` when it held exactly that many; else
/// `false`, refused as `expected` (what is left read).
///
/// # Errors
/// A JSON syntax error.
#[inline]
pub fn seq_close(
    r: &mut Reader<'_>,
    cx: &mut FieldCx<'_, '_>,
    full: bool,
    expected: &'static str,
) -> Result<bool, Error> {
    let mut more = false;
    if full {
        while r.next_element()? {
            more = true;
            r.skip_value()?;
        }
    }
    if !full || more {
        fail(cx, FieldErrorKind::WrongType(expected));
        return Ok(false);
    }
    Ok(true)
}

/// Opens a struct variant's object: `true` at its members; `false` for
/// `null` (`missing`) or any other value (`wrong_type`).
///
/// # Errors
/// A JSON syntax error.
#[inline]
pub fn object_open(r: &mut Reader<'_>, cx: &mut FieldCx<'_, '_>) -> Result<bool, Error> {
    match r.value_byte()? {
        b'{' => {
            r.object_here()?;
            Ok(true)
        }
        c => {
            not_open(r, cx, c, OBJECT)?;
            Ok(false)
        }
    }
}

/// An internally (or adjacently) tagged enum's object, its tag read: the
/// variant it names, and how to read the object's members again.
#[derive(Debug)]
pub struct Tag<'r> {
    variant: usize,
    /// Whether the tag was the object's first member: the reader then
    /// stands just past it.
    first: bool,
    /// The reader at the object's `{`.
    start: Reader<'r>,
}

impl<'r> Tag<'r> {
    /// The index of the variant the tag names.
    #[inline]
    pub fn variant(&self) -> usize {
        self.variant
    }

    /// Readies `r` to walk the object's members for the variant: where it
    /// stands when the tag was the first member (returns `true`: the tag's
    /// member was read), else back at the object's first member (returns
    /// `false`: the walk meets the tag again, and skips it once).
    ///
    /// # Errors
    /// A JSON syntax error.
    #[inline]
    pub fn members(self, r: &mut Reader<'r>) -> Result<bool, Error> {
        if self.first {
            return Ok(true);
        }
        *r = self.start;
        r.object_here()?;
        Ok(false)
    }

    /// Puts `r` back at the object's `{`, for a newtype variant's value to
    /// read it whole (the tag's member among the rest: a struct skips it
    /// as a member it does not know). The members after the tag are read
    /// first, to refuse the tag sent twice (`duplicate`, and `false`).
    ///
    /// # Errors
    /// A JSON syntax error.
    #[inline]
    pub fn whole(
        self,
        r: &mut Reader<'r>,
        cx: &mut FieldCx<'_, 'r>,
        tag: &'static str,
    ) -> Result<bool, Error> {
        let mut scratch = [0u8; MAX_NAME];
        let mut again = false;
        while let Some(name) = r.next_member(&mut scratch)? {
            again |= name.key() == Some(tag.as_bytes());
            r.skip_value()?;
        }
        *r = self.start;
        if again {
            r.skip_value()?;
            fail_member(cx, tag, FieldErrorKind::Duplicate);
            return Ok(false);
        }
        Ok(true)
    }

    /// Puts `r` back at the object's `{` (to skip it).
    #[inline]
    pub fn restart(self, r: &mut Reader<'r>) {
        *r = self.start;
    }
}

/// Opens an internally tagged enum's value: an object whose member `tag`
/// holds the name of a variant (decoded, at most `N` bytes, mapped by
/// `lookup`). `None` for `null`, a value that is not an object, a tag
/// missing, not a string or naming no variant (`unknown`), each recorded
/// at `cx` (the tag's own failures under its name) with the object read
/// to its end.
///
/// # Errors
/// A JSON syntax error.
#[inline]
pub fn open_internal<'r, const N: usize>(
    r: &mut Reader<'r>,
    cx: &mut FieldCx<'_, 'r>,
    tag: &'static str,
    lookup: impl Fn(&[u8]) -> Option<usize>,
    unknown: ValueError,
) -> Result<Option<Tag<'r>>, Error> {
    match r.value_byte()? {
        b'{' => {}
        c => {
            if c == b'n' {
                r.null_here()?;
            } else {
                r.skip_value()?;
                fail(cx, FieldErrorKind::WrongType(OBJECT));
            }
            return Ok(None);
        }
    }
    let start = r.clone();
    r.object_here()?;
    let mut first = true;
    let mut scratch = [0u8; N];
    loop {
        match r.next_member(&mut scratch)? {
            None => {
                fail_member(cx, tag, FieldErrorKind::Missing);
                return Ok(None);
            }
            Some(name) if name.key() == Some(tag.as_bytes()) => break,
            Some(_) => {
                r.skip_value()?;
                first = false;
            }
        }
    }
    let found = match r.value_byte()? {
        b'"' => variant_named::<N>(r, lookup)?.ok_or(FieldErrorKind::Invalid(unknown)),
        b'n' => {
            r.null_here()?;
            Err(FieldErrorKind::Missing)
        }
        _ => {
            r.skip_value()?;
            Err(FieldErrorKind::WrongType(TAG_STRING))
        }
    };
    match found {
        Ok(variant) => Ok(Some(Tag {
            variant,
            first,
            start,
        })),
        Err(kind) => {
            skip_members(r)?;
            fail_member(cx, tag, kind);
            Ok(None)
        }
    }
}

/// The tag's member met while walking a variant's members: skipped the
/// first time (`read` false: the walk started over), `duplicate` after.
///
/// # Errors
/// A JSON syntax error.
#[inline]
pub fn tag_again(
    read: &mut bool,
    r: &mut Reader<'_>,
    cx: &mut FieldCx<'_, '_>,
    tag: &'static str,
) -> Result<(), Error> {
    r.skip_value()?;
    if *read {
        fail_member(cx, tag, FieldErrorKind::Duplicate);
    }
    *read = true;
    Ok(())
}

/// The members of an internally tagged unit variant's object, past its
/// tag (see [`Tag::members`]): skipped, or with `deny_unknown` refused
/// (`unknown`); the tag again is `duplicate`. Returns whether all was
/// clean.
///
/// # Errors
/// A JSON syntax error.
#[inline]
pub fn rest_of_tagged<'r, const N: usize>(
    r: &mut Reader<'r>,
    cx: &mut FieldCx<'_, 'r>,
    tag: &'static str,
    mut read: bool,
    deny_unknown: bool,
) -> Result<bool, Error> {
    let mut clean = true;
    let mut scratch = [0u8; N];
    while let Some(name) = r.next_member(&mut scratch)? {
        if name.key() == Some(tag.as_bytes()) {
            clean &= !read;
            tag_again(&mut read, r, cx, tag)?;
        } else {
            r.skip_value()?;
            if deny_unknown {
                clean = false;
                unknown_member(cx, name.raw().as_str().unwrap_or("…"));
            }
        }
    }
    Ok(clean)
}

/// Records a member no field of the variant takes, under its name as sent.
#[cold]
#[inline(never)]
fn unknown_member<'r>(cx: &mut FieldCx<'_, 'r>, name: &'r str) {
    cx.at(Segment::Member(name)).fail(FieldErrorKind::Unknown);
}

/// Reads an adjacently tagged enum's value: an object whose member `tag`
/// names the variant (as [`open_internal`] finds it) and whose member
/// `content` holds its value, read by `read` (given the variant's index
/// and the context of `content`); without `content`, `unit` gives the
/// variant if it holds no value (else `content` is `missing`). Other
/// members are skipped, or with `deny_unknown` refused; `tag` or `content`
/// twice is `duplicate`.
///
/// # Errors
/// A JSON syntax error.
#[inline]
#[allow(clippy::too_many_arguments)]
pub fn adjacent<'r, const N: usize, T>(
    r: &mut Reader<'r>,
    cx: &mut FieldCx<'_, 'r>,
    (tag, content): (&'static str, &'static str),
    lookup: impl Fn(&[u8]) -> Option<usize>,
    unknown: ValueError,
    deny_unknown: bool,
    mut read: impl FnMut(usize, &mut Reader<'r>, &mut FieldCx<'_, 'r>) -> Result<Option<T>, Error>,
    unit: impl FnOnce(usize) -> Option<T>,
) -> Result<Option<T>, Error> {
    let Some(found) = open_internal::<N>(r, cx, tag, lookup, unknown)? else {
        return Ok(None);
    };
    let variant = found.variant();
    let mut tag_read = found.members(r)?;
    let (mut clean, mut sent, mut value) = (true, false, None);
    let mut scratch = [0u8; N];
    while let Some(name) = r.next_member(&mut scratch)? {
        let key = name.key();
        if key == Some(tag.as_bytes()) {
            clean &= !tag_read;
            tag_again(&mut tag_read, r, cx, tag)?;
        } else if key == Some(content.as_bytes()) {
            if sent {
                r.skip_value()?;
                clean = false;
                fail_member(cx, content, FieldErrorKind::Duplicate);
            } else {
                sent = true;
                value = read(variant, r, &mut cx.at(Segment::Key(content)))?;
            }
        } else {
            r.skip_value()?;
            if deny_unknown {
                clean = false;
                unknown_member(cx, name.raw().as_str().unwrap_or("…"));
            }
        }
    }
    if !sent {
        value = unit(variant);
        if value.is_none() {
            fail_member(cx, content, FieldErrorKind::Missing);
        }
    }
    Ok(value.filter(|_| clean))
}
