//! The JSON side of [`Serde`] (feature `serde`): a `serde::Deserializer`
//! over binder's [`Reader`], and the [`Value`] impl that reads a member
//! with it and records what the type refuses under the field's path.
//!
//! How a JSON value reaches the type, chosen on purpose (serde_json's
//! choices, so a type reads the same JSON as it does there):
//! - Strings are borrowed when they have no escapes
//!   (`visit_borrowed_str`); with escapes they are decoded into stack
//!   scratch (`visit_str`) or, for `deserialize_string` and a string too
//!   long for the scratch, into the one `String` handed over
//!   (`visit_string`). Member names likewise, as the type's keys.
//! - A number the type asks for by type (`deserialize_u8`, ...,
//!   `deserialize_f64`) converts with [`Number::parse`], exactly (errors
//!   are binder's: `out of range for the field's type`); asked for as
//!   anything, it is a `u64`, else an `i64`, else an `f64` (`-0` is the
//!   float `-0.0`, as serde_json reads it).
//! - `null` is `visit_unit`, and `None` to `deserialize_option`; an enum is
//!   a string (a unit variant) or an object of one member (the variant and
//!   its value); a struct reads an object or an array.
//! - A value the type never asks for, or stops reading part way (a
//!   refusal), is still read and checked to its end, so the rest of the
//!   body binds as if it had been read whole. A syntax error anywhere ends
//!   the bind, whatever the type did with the error it was handed.

use crate::bind::errors::FieldErrorKind;
use crate::bind::field::{no_members, Value};
use crate::bind::FieldCx;
use crate::convert::serde::{TextDeserializer, TextError, WRONG_LENGTH, WRONG_TYPE};
use crate::convert::{Raw, Ref, Serde, Text};
use crate::error::{Error, ValueError};
use crate::json::{JsonStr, Number, Reader};
use ::serde::de::{Deserializer, Visitor};

/// The value of a reader call, or its syntax error, kept and returned.
macro_rules! tri {
    ($de:expr, $call:expr) => {
        match $call {
            Ok(v) => v,
            Err(e) => return Err($de.syntax_error(e)),
        }
    };
}

mod access;
mod error;

use access::{Elements, Members, Variant};
pub(crate) use error::DeError;

/// From any source, into any `T: Deserialize<'r>`: see [`Serde`].
impl<'r, T: ::serde::Deserialize<'r>> Value<'r> for Serde<T> {
    #[inline]
    fn from_raw(raw: Raw<'r>) -> Result<Self, ValueError> {
        T::deserialize(TextDeserializer::<TextError>::raw(raw))
            .map(Serde)
            .map_err(|e| e.0)
    }

    #[inline]
    fn from_json(r: &mut Reader<'r>, cx: &mut FieldCx<'_, 'r>) -> Result<Option<Self>, Error> {
        deserialize_json::<T>(r, cx).map(|v| v.map(Serde))
    }

    no_members!();
}

/// Reads one JSON value into `T`: the value, or `None` for `null` (no
/// value) or a value `T` refused (recorded in `cx`, under the path of the
/// member or element that failed), the value read to its end either way.
///
/// # Errors
/// A syntax error, or a limit passed: the body is malformed.
fn deserialize_json<'r, T: ::serde::Deserialize<'r>>(
    r: &mut Reader<'r>,
    cx: &mut FieldCx<'_, 'r>,
) -> Result<Option<T>, Error> {
    if r.value_byte()? == b'n' {
        r.null_here()?;
        return Ok(None);
    }
    let base = r.depth();
    let mut de = JsonDe {
        r: &mut *r,
        syntax: None,
    };
    let out = T::deserialize(&mut de);
    if let Some(e) = de.syntax {
        return Err(e);
    }
    // What the type never asked for.
    r.skip_to_depth(base)?;
    match out {
        Ok(v) => Ok(Some(v)),
        Err(e) => {
            e.record(cx);
            Ok(None)
        }
    }
}

/// A member's name, or a string naming a variant, read as text.
pub(super) type KeyDe<'r, 's> = TextDeserializer<'r, 's, DeError<'r>>;

/// Decoded member names up to this long are decoded on the stack.
pub(super) const KEY_SCRATCH: usize = 128;
/// Decoded strings up to this long are decoded on the stack (for a type
/// that copies what it keeps, or keeps nothing).
const STR_SCRATCH: usize = 256;

/// A `serde::Deserializer` over binder's reader, standing where a value is
/// due.
struct JsonDe<'x, 'r> {
    r: &'x mut Reader<'r>,
    /// The first syntax error the reader returned: the bind ends with it,
    /// whatever a visitor did with the error it was handed.
    syntax: Option<Error>,
}

impl<'r> JsonDe<'_, 'r> {
    /// Keeps `e`, the first syntax error, and says the JSON is malformed.
    #[cold]
    #[inline(never)]
    pub(super) fn syntax_error(&mut self, e: Error) -> DeError<'r> {
        if self.syntax.is_none() {
            self.syntax = Some(e);
        }
        DeError::syntax()
    }

    /// After a type refused a value that started at depth `base`: reads the
    /// rest of it, so that what follows reads as if it had been read whole.
    #[cold]
    #[inline(never)]
    pub(super) fn recover(&mut self, base: usize, e: DeError<'r>) -> DeError<'r> {
        if e.is_syntax() {
            return e;
        }
        match self.r.skip_to_depth(base) {
            Ok(()) => e,
            Err(syntax) => self.syntax_error(syntax),
        }
    }

    /// The value whose first byte, `c`, is at the reader's position, as
    /// the JSON says (`deserialize_any`).
    fn any_at<V: Visitor<'r>>(&mut self, c: u8, visitor: V) -> Result<V::Value, DeError<'r>> {
        match c {
            b'"' => {
                let s = tri!(self, self.r.str_here());
                visit_str(s, visitor)
            }
            b'-' | b'0'..=b'9' => {
                let n = tri!(self, self.r.number_here(c));
                visit_number(n, visitor)
            }
            b't' | b'f' => visitor.visit_bool(tri!(self, self.r.bool_here(c))),
            b'n' => {
                tri!(self, self.r.null_here());
                visitor.visit_unit()
            }
            b'[' => {
                tri!(self, self.r.array_here());
                self.seq(visitor)
            }
            b'{' => {
                tri!(self, self.r.object_here());
                self.map(visitor, &[])
            }
            _ => {
                let e = self.r.not_a_value();
                Err(self.syntax_error(e))
            }
        }
    }

    /// An array's elements, its `[` read; its `]` is due after what the
    /// type reads.
    fn seq<V: Visitor<'r>>(&mut self, visitor: V) -> Result<V::Value, DeError<'r>> {
        let mut elements = Elements {
            de: &mut *self,
            index: 0,
            done: false,
        };
        let value = visitor.visit_seq(&mut elements)?;
        if !elements.done && tri!(self, self.r.next_element()) {
            return Err(DeError::invalid(WRONG_LENGTH));
        }
        Ok(value)
    }

    /// An object's members, its `{` read; `fields` are the struct's
    /// members, if it is one (to name a failing member in the path).
    fn map<V: Visitor<'r>>(
        &mut self,
        visitor: V,
        fields: &'static [&'static str],
    ) -> Result<V::Value, DeError<'r>> {
        let mut members = Members {
            de: &mut *self,
            fields,
            key: None,
            pending: false,
            done: false,
        };
        let value = visitor.visit_map(&mut members)?;
        let (pending, done) = (members.pending, members.done);
        if pending || !done && tri!(self, self.r.next_member(&mut [])).is_some() {
            return Err(DeError::invalid(WRONG_LENGTH));
        }
        Ok(value)
    }

    /// An externally tagged enum's object, its `{` read: one member, the
    /// variant's name and its value.
    fn variant_object<V: Visitor<'r>>(
        &mut self,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError<'r>> {
        let mut scratch = [0u8; KEY_SCRATCH];
        let Some(name) = tri!(self, self.r.next_member(&mut scratch)) else {
            return Err(DeError::new(FieldErrorKind::WrongType(WRONG_TYPE)));
        };
        let owned;
        let name = match name.text() {
            Some(text) => text,
            None => {
                owned = name.raw().to_cow();
                Ref::Copied(&*owned)
            }
        };
        let mut taken = false;
        let value = visitor.visit_enum(Variant {
            de: &mut *self,
            name,
            variants,
            taken: &mut taken,
        })?;
        if !taken || tri!(self, self.r.next_member(&mut [])).is_some() {
            return Err(DeError::invalid(WRONG_LENGTH));
        }
        Ok(value)
    }
}

/// A string as the type asks for it: borrowed when it has no escapes.
#[inline]
fn visit_str<'r, V: Visitor<'r>>(s: JsonStr<'r>, visitor: V) -> Result<V::Value, DeError<'r>> {
    match s.as_str() {
        Some(text) => visitor.visit_borrowed_str(text),
        None => with_decoded(s, |text: Text<'r, '_>| match text {
            Ref::Borrowed(t) => visitor.visit_borrowed_str(t),
            Ref::Copied(t) => visitor.visit_str(t),
        }),
    }
}

/// `f` with a string's decoded text: borrowed when it has no escapes,
/// else decoded on the stack or, past [`STR_SCRATCH`] bytes, into one
/// allocation.
#[inline(never)]
fn with_decoded<'r, R>(s: JsonStr<'r>, f: impl FnOnce(Text<'r, '_>) -> R) -> R {
    let mut scratch = [0u8; STR_SCRATCH];
    match s.decode(&mut scratch) {
        Ok(text) => f(text),
        Err(_) => f(Ref::Copied(&s.to_cow())),
    }
}

/// A number asked for as anything: `u64`, else `i64`, else `f64`.
#[inline]
fn visit_number<'r, V: Visitor<'r>>(n: Number<'r>, visitor: V) -> Result<V::Value, DeError<'r>> {
    if n.is_integer() {
        if let Ok(v) = n.parse::<u64>() {
            return visitor.visit_u64(v);
        }
        if let Ok(v) = n.parse::<i64>() {
            // Only `-0` is a negative integer that reads 0.
            return if v == 0 {
                visitor.visit_f64(-0.0)
            } else {
                visitor.visit_i64(v)
            };
        }
    }
    visitor.visit_f64(n.parse::<f64>()?)
}

/// `deserialize_$t` converts a number exactly into `$t`, and leaves any
/// other value to the type (which refuses it, as a rule).
macro_rules! number {
    ($($method:ident $visit:ident $t:ty),* $(,)?) => {$(
        #[inline]
        fn $method<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, DeError<'r>> {
            let c = tri!(self, self.r.value_byte());
            if c != b'-' && !c.is_ascii_digit() {
                return self.any_at(c, visitor);
            }
            let n = tri!(self, self.r.number_here(c));
            visitor.$visit(n.parse::<$t>()?)
        }
    )*};
}

impl<'r> Deserializer<'r> for &mut JsonDe<'_, 'r> {
    type Error = DeError<'r>;

    #[inline]
    fn deserialize_any<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, DeError<'r>> {
        let c = tri!(self, self.r.value_byte());
        self.any_at(c, visitor)
    }

    number! {
        deserialize_i8 visit_i8 i8,
        deserialize_i16 visit_i16 i16,
        deserialize_i32 visit_i32 i32,
        deserialize_i64 visit_i64 i64,
        deserialize_i128 visit_i128 i128,
        deserialize_u8 visit_u8 u8,
        deserialize_u16 visit_u16 u16,
        deserialize_u32 visit_u32 u32,
        deserialize_u64 visit_u64 u64,
        deserialize_u128 visit_u128 u128,
        deserialize_f32 visit_f32 f32,
        deserialize_f64 visit_f64 f64,
    }

    #[inline]
    fn deserialize_bool<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, DeError<'r>> {
        match tri!(self, self.r.value_byte()) {
            c @ (b't' | b'f') => visitor.visit_bool(tri!(self, self.r.bool_here(c))),
            c => self.any_at(c, visitor),
        }
    }

    #[inline]
    fn deserialize_char<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, DeError<'r>> {
        self.deserialize_str(visitor)
    }

    #[inline]
    fn deserialize_str<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, DeError<'r>> {
        self.deserialize_any(visitor)
    }

    /// With escapes, decoded into the one `String` the type keeps.
    #[inline]
    fn deserialize_string<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, DeError<'r>> {
        match tri!(self, self.r.value_byte()) {
            b'"' => {
                let s = tri!(self, self.r.str_here());
                match s.as_str() {
                    Some(text) => visitor.visit_borrowed_str(text),
                    None => visitor.visit_string(s.to_cow().into_owned()),
                }
            }
            c => self.any_at(c, visitor),
        }
    }

    /// A string's bytes (decoded), or an array of numbers.
    #[inline]
    fn deserialize_bytes<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, DeError<'r>> {
        match tri!(self, self.r.value_byte()) {
            b'"' => {
                let s = tri!(self, self.r.str_here());
                match s.as_str() {
                    Some(text) => visitor.visit_borrowed_bytes(text.as_bytes()),
                    None => {
                        with_decoded(s, |text: Text<'r, '_>| visitor.visit_bytes(text.as_bytes()))
                    }
                }
            }
            c => self.any_at(c, visitor),
        }
    }

    #[inline]
    fn deserialize_byte_buf<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, DeError<'r>> {
        self.deserialize_bytes(visitor)
    }

    #[inline]
    fn deserialize_option<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, DeError<'r>> {
        if tri!(self, self.r.value_byte()) == b'n' {
            tri!(self, self.r.null_here());
            return visitor.visit_none();
        }
        visitor.visit_some(self)
    }

    #[inline]
    fn deserialize_unit<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, DeError<'r>> {
        self.deserialize_any(visitor)
    }

    #[inline]
    fn deserialize_unit_struct<V: Visitor<'r>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, DeError<'r>> {
        self.deserialize_unit(visitor)
    }

    #[inline]
    fn deserialize_newtype_struct<V: Visitor<'r>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, DeError<'r>> {
        visitor.visit_newtype_struct(self)
    }

    #[inline]
    fn deserialize_seq<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, DeError<'r>> {
        self.deserialize_any(visitor)
    }

    #[inline]
    fn deserialize_tuple<V: Visitor<'r>>(
        self,
        _: usize,
        visitor: V,
    ) -> Result<V::Value, DeError<'r>> {
        self.deserialize_any(visitor)
    }

    #[inline]
    fn deserialize_tuple_struct<V: Visitor<'r>>(
        self,
        _: &'static str,
        _: usize,
        visitor: V,
    ) -> Result<V::Value, DeError<'r>> {
        self.deserialize_any(visitor)
    }

    #[inline]
    fn deserialize_map<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, DeError<'r>> {
        self.deserialize_any(visitor)
    }

    /// An object (or, as serde_json reads a struct, an array).
    #[inline]
    fn deserialize_struct<V: Visitor<'r>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError<'r>> {
        match tri!(self, self.r.value_byte()) {
            b'{' => {
                tri!(self, self.r.object_here());
                self.map(visitor, fields)
            }
            c => self.any_at(c, visitor),
        }
    }

    /// A string names a unit variant; an object of one member names a
    /// variant and holds its value.
    #[inline]
    fn deserialize_enum<V: Visitor<'r>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError<'r>> {
        match tri!(self, self.r.value_byte()) {
            b'"' => {
                let s = tri!(self, self.r.str_here());
                let text = |text: Text<'r, '_>| {
                    TextDeserializer::<DeError<'r>>::new(text)
                        .deserialize_enum(name, variants, visitor)
                };
                match s.as_str() {
                    Some(t) => text(Ref::Borrowed(t)),
                    None => with_decoded(s, text),
                }
            }
            b'{' => {
                tri!(self, self.r.object_here());
                self.variant_object(variants, visitor)
            }
            c => self.any_at(c, visitor),
        }
    }

    #[inline]
    fn deserialize_identifier<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, DeError<'r>> {
        self.deserialize_str(visitor)
    }

    #[inline]
    fn deserialize_ignored_any<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, DeError<'r>> {
        tri!(self, self.r.skip_value());
        visitor.visit_unit()
    }
}
