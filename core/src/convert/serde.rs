//! [`Serde`]: a field of any [`Deserialize`](::serde::Deserialize) type
//! (feature `serde`), and the deserializer it reads a text value with (a
//! query, form, header, cookie, path or context value, a multipart text
//! part). JSON goes through binder's reader instead: `bind::de`.
//!
//! Rules of the text deserializer, chosen on purpose: a value converts as
//! binder's own [`FromText`] types do, so `#[bind(serde)]` changes nothing
//! a built-in field already reads.
//! - Integers, floats, `bool` and `char`, asked for by the type
//!   (`deserialize_u32`, ...), parse the text with [`FromText`]'s rules and
//!   fail with its errors (`expected an unsigned integer`, ...).
//! - Strings (`deserialize_str`, `string`, `identifier`, and `any`, which a
//!   type that does not say what it wants asks for) are the decoded text,
//!   borrowed when it needed no decoding (so `&'r str` and a borrowing
//!   `Cow` take it without a copy); bytes likewise.
//! - `Option` is `Some` of the text, a newtype struct is its field's
//!   text, `()` and a unit struct are an empty value, an enum is a unit
//!   variant named by the text; a sequence or map cannot be read from one
//!   text value (`expected an array`, `expected an object`).

use super::{FromText, Raw, Ref, Text};
use crate::error::{ValueError, ValueErrorKind};
use ::serde::de::{self, DeserializeSeed, Deserializer, EnumAccess, VariantAccess, Visitor};
use core::fmt;
use core::marker::PhantomData;

/// A field of any type that implements
/// [`serde::Deserialize`] (feature `serde`): a
/// `Serde<T>` field, or `#[bind(serde)]` on a `T`, `Option<T>` or `Vec<T>`
/// field, binds `T` from every source.
///
/// From JSON, `T` reads the member's value through binder's own reader,
/// its limits (depth included) in force: strings are borrowed when they
/// have no escapes, numbers are converted exactly (`u64`, `i64`, else
/// `f64`, as binder's float parse reads them), a syntax error anywhere in
/// the value ends the bind as a malformed body, and a value `T` refuses is
/// one field error, under the path of the member that failed
/// (`extra.items[1].qty`), the rest of the body still read. From a text
/// value, `T` reads the decoded text: numbers and `bool` as binder's
/// [`FromText`] types parse them, strings borrowed when nothing was
/// decoded, an enum's unit variants by name.
///
/// `null` for the field itself is no value, as for every field (`None`
/// for an `Option`, the default with `#[bind(default)]`, else `missing`);
/// inside the value, `null` is `T`'s to read. An empty text value into
/// `Option<Serde<T>>` is `None`.
///
/// Errors never carry what was sent: serde's own messages often do
/// (`invalid value: string "x"`), so each becomes a fixed one ("not a
/// valid value for the field's type", "expected a value of another type",
/// "expected one of the accepted values" with the variants, a missing or
/// duplicate member under its own path).
///
/// ```
/// use binder_core::bind::{Bind, Body, Parts};
/// use binder_core::convert::Serde;
/// use serde::Deserialize;
///
/// #[derive(Deserialize, Debug, PartialEq)]
/// #[serde(rename_all = "lowercase")]
/// enum Sort { Asc, Desc }
///
/// #[derive(Deserialize, Debug, PartialEq)]
/// struct Line<'a> { sku: &'a str, qty: u32 }
///
/// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
/// struct Order<'r> {
///     #[bind(query)]
///     sort: Serde<Sort>,
///     #[bind(body)]
///     lines: Vec<Serde<Line<'r>>>,
/// }
///
/// let req = Parts {
///     query: Some("sort=desc"),
///     body: Body::Json(br#"{"lines": [{"sku": "A-1", "qty": 2}]}"#),
///     ..Parts::default()
/// };
/// let order = Order::bind(&req).unwrap();
/// assert_eq!(order.sort.0, Sort::Desc);
/// assert_eq!(order.lines[0].0, Line { sku: "A-1", qty: 2 }); // `sku` borrowed from the body
///
/// let bad = Parts { query: Some("sort=up"), body: Body::Json(br#"{"lines": [{"sku": "A-1"}]}"#), ..Parts::default() };
/// let err = Order::bind(&bad).err().unwrap();
/// assert_eq!(err.to_string(), "query: sort: expected one of the accepted values\nbody: lines[0].qty: a value is required");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Serde<T>(pub T);

/// What a value of the wrong type is told: `expected` names no type, as
/// the messages serde builds would.
pub(crate) const WRONG_TYPE: &str = "expected a value of another type";
/// What any other refusal is told (`Parsed`'s message too).
pub(crate) const NOT_VALID: &str = "not a valid value for the field's type";
/// A sequence or map of another length than the type takes.
pub(crate) const WRONG_LENGTH: &str = "expected another number of values";
/// A member the type does not have (`#[serde(deny_unknown_fields)]`).
pub(crate) const UNKNOWN_MEMBER: &str = "not a member the field's type has";
/// A variant the type does not have; the variants are listed beside it.
pub(crate) const NOT_ONE_OF: &str = "expected one of the accepted values";

/// The error a text value's deserializer reports: a [`ValueError`] with a
/// fixed message, never the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TextError(pub(crate) ValueError);

impl From<ValueError> for TextError {
    #[inline]
    fn from(e: ValueError) -> Self {
        TextError(e)
    }
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl core::error::Error for TextError {}

impl de::Error for TextError {
    #[cold]
    fn custom<T: fmt::Display>(_: T) -> Self {
        TextError(ValueError::custom(NOT_VALID))
    }

    #[cold]
    fn invalid_type(_: de::Unexpected<'_>, _: &dyn de::Expected) -> Self {
        TextError(ValueError::custom(WRONG_TYPE))
    }

    #[cold]
    fn invalid_length(_: usize, _: &dyn de::Expected) -> Self {
        TextError(ValueError::custom(WRONG_LENGTH))
    }

    #[cold]
    fn unknown_variant(_: &str, expected: &'static [&'static str]) -> Self {
        TextError(ValueError::not_one_of(NOT_ONE_OF, expected))
    }

    #[cold]
    fn unknown_field(_: &str, _: &'static [&'static str]) -> Self {
        TextError(ValueError::custom(UNKNOWN_MEMBER))
    }
}

/// A text value's deserializer, read as [the module](self) says: a value
/// not yet decoded (a text source's) or a decoded text (an object's key, a
/// string naming an enum's variant). `E` is the error it reports in: a
/// [`TextError`] for a text source, the JSON deserializer's for the rest.
pub(crate) struct TextDeserializer<'r, 's, E> {
    input: Input<'r, 's>,
    error: PhantomData<E>,
}

/// What a [`TextDeserializer`] reads.
#[derive(Clone, Copy)]
enum Input<'r, 's> {
    /// Converted as a field of binder's own type converts it: numbers from
    /// the bytes as sent when they need no decoding.
    Raw(Raw<'r>),
    Text(Text<'r, 's>),
}

impl<'r, 's, E> TextDeserializer<'r, 's, E> {
    /// Over decoded text.
    #[inline]
    pub(crate) const fn new(text: Text<'r, 's>) -> Self {
        TextDeserializer {
            input: Input::Text(text),
            error: PhantomData,
        }
    }
}

impl<'r, E> TextDeserializer<'r, 'static, E> {
    /// Over a value not yet decoded.
    #[inline]
    pub(crate) const fn raw(raw: Raw<'r>) -> Self {
        TextDeserializer {
            input: Input::Raw(raw),
            error: PhantomData,
        }
    }
}

impl<'r, E: TextDeError> TextDeserializer<'r, '_, E> {
    /// The value as `T` converts it.
    #[inline]
    fn parse<T: FromText<'r>>(&self) -> Result<T, E> {
        Ok(match self.input {
            Input::Raw(raw) => T::from_raw(raw)?,
            Input::Text(text) => T::from_text(text)?,
        })
    }

    /// `f` with the decoded text.
    #[inline]
    fn with_text<R>(self, f: impl FnOnce(Text<'r, '_>) -> Result<R, E>) -> Result<R, E> {
        match self.input {
            Input::Raw(raw) => raw.with_text(|text| Ok(f(text)))?,
            Input::Text(text) => f(text),
        }
    }

    #[inline]
    fn is_empty(&self) -> bool {
        match self.input {
            Input::Raw(raw) => raw.is_empty(),
            Input::Text(text) => text.is_empty(),
        }
    }
}

/// The error type of a [`TextDeserializer`]: serde's, made from binder's
/// value errors too.
pub(crate) trait TextDeError: de::Error + From<ValueError> {}
impl<E: de::Error + From<ValueError>> TextDeError for E {}

/// `deserialize_$t` parses the text with `$t`'s [`FromText`].
macro_rules! parse_text {
    ($($method:ident $visit:ident $t:ty),* $(,)?) => {$(
        #[inline]
        fn $method<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, E> {
            visitor.$visit(self.parse::<$t>()?)
        }
    )*};
}

impl<'r, E: TextDeError> Deserializer<'r> for TextDeserializer<'r, '_, E> {
    type Error = E;

    #[inline]
    fn deserialize_any<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, E> {
        self.deserialize_str(visitor)
    }

    parse_text! {
        deserialize_bool visit_bool bool,
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
        deserialize_char visit_char char,
    }

    #[inline]
    fn deserialize_str<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, E> {
        self.with_text(|text| match text {
            Ref::Borrowed(s) => visitor.visit_borrowed_str(s),
            Ref::Copied(s) => visitor.visit_str(s),
        })
    }

    #[inline]
    fn deserialize_string<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, E> {
        self.deserialize_str(visitor)
    }

    #[inline]
    fn deserialize_identifier<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, E> {
        self.deserialize_str(visitor)
    }

    #[inline]
    fn deserialize_bytes<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, E> {
        self.with_text(|text| match text {
            Ref::Borrowed(s) => visitor.visit_borrowed_bytes(s.as_bytes()),
            Ref::Copied(s) => visitor.visit_bytes(s.as_bytes()),
        })
    }

    #[inline]
    fn deserialize_byte_buf<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, E> {
        self.deserialize_bytes(visitor)
    }

    #[inline]
    fn deserialize_option<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_some(self)
    }

    #[inline]
    fn deserialize_unit<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, E> {
        if self.is_empty() {
            visitor.visit_unit()
        } else {
            Err(ValueError::custom("expected no value").into())
        }
    }

    #[inline]
    fn deserialize_unit_struct<V: Visitor<'r>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, E> {
        self.deserialize_unit(visitor)
    }

    #[inline]
    fn deserialize_newtype_struct<V: Visitor<'r>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, E> {
        visitor.visit_newtype_struct(self)
    }

    #[inline]
    fn deserialize_seq<V: Visitor<'r>>(self, _: V) -> Result<V::Value, E> {
        Err(ValueError::new(ValueErrorKind::ExpectedArray).into())
    }

    #[inline]
    fn deserialize_tuple<V: Visitor<'r>>(self, _: usize, visitor: V) -> Result<V::Value, E> {
        self.deserialize_seq(visitor)
    }

    #[inline]
    fn deserialize_tuple_struct<V: Visitor<'r>>(
        self,
        _: &'static str,
        _: usize,
        visitor: V,
    ) -> Result<V::Value, E> {
        self.deserialize_seq(visitor)
    }

    #[inline]
    fn deserialize_map<V: Visitor<'r>>(self, _: V) -> Result<V::Value, E> {
        Err(ValueError::new(ValueErrorKind::ExpectedObject).into())
    }

    #[inline]
    fn deserialize_struct<V: Visitor<'r>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, E> {
        self.deserialize_map(visitor)
    }

    #[inline]
    fn deserialize_enum<V: Visitor<'r>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, E> {
        visitor.visit_enum(self)
    }

    #[inline]
    fn deserialize_ignored_any<V: Visitor<'r>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_unit()
    }
}

/// An enum from text: the text names a unit variant.
impl<'r, 's, E: TextDeError> EnumAccess<'r> for TextDeserializer<'r, 's, E> {
    type Error = E;
    type Variant = UnitOnly<E>;

    #[inline]
    fn variant_seed<S: DeserializeSeed<'r>>(self, seed: S) -> Result<(S::Value, UnitOnly<E>), E> {
        let variant = seed.deserialize(self)?;
        Ok((variant, UnitOnly(PhantomData)))
    }
}

/// A variant named by text alone: a unit variant, nothing else.
pub(crate) struct UnitOnly<E>(PhantomData<E>);

impl<'r, E: TextDeError> VariantAccess<'r> for UnitOnly<E> {
    type Error = E;

    #[inline]
    fn unit_variant(self) -> Result<(), E> {
        Ok(())
    }

    #[cold]
    fn newtype_variant_seed<S: DeserializeSeed<'r>>(self, _: S) -> Result<S::Value, E> {
        Err(E::invalid_type(
            de::Unexpected::UnitVariant,
            &"a variant with a value",
        ))
    }

    #[cold]
    fn tuple_variant<V: Visitor<'r>>(self, _: usize, _: V) -> Result<V::Value, E> {
        Err(E::invalid_type(
            de::Unexpected::UnitVariant,
            &"a tuple variant",
        ))
    }

    #[cold]
    fn struct_variant<V: Visitor<'r>>(
        self,
        _: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, E> {
        Err(E::invalid_type(
            de::Unexpected::UnitVariant,
            &"a struct variant",
        ))
    }
}
