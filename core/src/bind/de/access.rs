//! What a type walks a container with: an array's elements
//! ([`Elements`]), an object's members ([`Members`]), an externally tagged
//! enum's one member ([`Variant`]). Each names a refusal by the step it
//! happened at, and reads the rest of the value it happened in.

use super::{DeError, JsonDe, KeyDe, KEY_SCRATCH};
use crate::bind::field_path::Segment;
use crate::convert::serde::NOT_VALID;
use crate::convert::{Ref, Text};
use ::serde::de::{
    DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, VariantAccess, Visitor,
};

/// An array's elements, handed to the type one by one, each refusal
/// named by its index.
pub(super) struct Elements<'a, 'x, 'r> {
    pub(super) de: &'a mut JsonDe<'x, 'r>,
    pub(super) index: usize,
    /// Whether the `]` was read.
    pub(super) done: bool,
}

impl<'r> SeqAccess<'r> for Elements<'_, '_, 'r> {
    type Error = DeError<'r>;

    #[inline]
    fn next_element_seed<S: DeserializeSeed<'r>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, DeError<'r>> {
        if self.done || !tri!(self.de, self.de.r.next_element()) {
            self.done = true;
            return Ok(None);
        }
        let index = self.index;
        self.index += 1;
        let base = self.de.r.depth();
        match seed.deserialize(&mut *self.de) {
            Ok(v) => Ok(Some(v)),
            Err(e) => Err(self.de.recover(base, e).at(Segment::Index(index))),
        }
    }
}

/// An object's members, handed to the type one by one, each refusal
/// named by its member.
pub(super) struct Members<'a, 'x, 'r> {
    pub(super) de: &'a mut JsonDe<'x, 'r>,
    /// The struct's members, if it is one.
    pub(super) fields: &'static [&'static str],
    /// The last member's name, as a path names it.
    pub(super) key: Option<Segment<'r>>,
    /// Whether a member's name was read and its value is due.
    pub(super) pending: bool,
    /// Whether the `}` was read.
    pub(super) done: bool,
}

impl<'r> Members<'_, '_, 'r> {
    /// The path step of the last member read: a struct's member by its
    /// own name (`.qty`), any other by the name sent (`[key]`), an
    /// escaped one that names no member as `[…]`.
    #[cold]
    fn segment(&self) -> Segment<'r> {
        match self.key {
            Some(Segment::MapKey(k)) => match self.fields.iter().copied().find(|f| *f == k) {
                Some(f) => Segment::Key(f),
                None => Segment::MapKey(k),
            },
            Some(segment) => segment,
            None => Segment::MapKey("…"),
        }
    }
}

impl<'r> MapAccess<'r> for Members<'_, '_, 'r> {
    type Error = DeError<'r>;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'r>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, DeError<'r>> {
        if self.done {
            return Ok(None);
        }
        if self.pending {
            // A type that asked for two names in a row: the value between
            // them is read, and left.
            self.pending = false;
            tri!(self.de, self.de.r.skip_value());
        }
        let mut scratch = [0u8; KEY_SCRATCH];
        let Some(name) = tri!(self.de, self.de.r.next_member(&mut scratch)) else {
            self.done = true;
            return Ok(None);
        };
        self.pending = true;
        let key = match name.text() {
            Some(Ref::Borrowed(k)) => {
                self.key = Some(Segment::MapKey(k));
                seed.deserialize(KeyDe::new(Ref::Borrowed(k)))
            }
            Some(Ref::Copied(k)) => {
                self.key = Some(escaped_segment(k, self.fields));
                seed.deserialize(KeyDe::new(Ref::Copied(k)))
            }
            None => {
                let owned = name.raw().to_cow();
                self.key = Some(escaped_segment(&owned, self.fields));
                seed.deserialize(KeyDe::new(Ref::Copied(&*owned)))
            }
        };
        match key {
            Ok(k) => Ok(Some(k)),
            Err(e) => Err(e.at(self.segment())),
        }
    }

    #[inline]
    fn next_value_seed<S: DeserializeSeed<'r>>(
        &mut self,
        seed: S,
    ) -> Result<S::Value, DeError<'r>> {
        if !self.pending {
            // A value asked for with no name before it.
            return Err(DeError::invalid(NOT_VALID));
        }
        self.pending = false;
        let base = self.de.r.depth();
        match seed.deserialize(&mut *self.de) {
            Ok(v) => Ok(v),
            Err(e) => {
                let segment = self.segment();
                Err(self.de.recover(base, e).at(segment))
            }
        }
    }
}

/// The path step of a member whose name was written with escapes: a
/// struct's member by its own name, any other as `[…]` (the path keeps
/// names borrowed from the request only).
#[cold]
fn escaped_segment<'r>(name: &str, fields: &'static [&'static str]) -> Segment<'r> {
    match fields.iter().copied().find(|f| *f == name) {
        Some(f) => Segment::Key(f),
        None => Segment::MapKey("…"),
    }
}

/// An externally tagged enum's one member: the variant's name, then its
/// value.
pub(super) struct Variant<'a, 'x, 'r, 's> {
    pub(super) de: &'a mut JsonDe<'x, 'r>,
    pub(super) name: Text<'r, 's>,
    pub(super) variants: &'static [&'static str],
    /// Set once the value is read.
    pub(super) taken: &'a mut bool,
}

impl<'r> Variant<'_, '_, 'r, '_> {
    /// Reads the variant's value with `f`; a refusal is named by the
    /// variant (`.Card`).
    #[inline]
    fn value<T>(
        self,
        f: impl FnOnce(&mut JsonDe<'_, 'r>) -> Result<T, DeError<'r>>,
    ) -> Result<T, DeError<'r>> {
        *self.taken = true;
        let base = self.de.r.depth();
        match f(&mut *self.de) {
            Ok(v) => Ok(v),
            Err(e) => {
                let e = self.de.recover(base, e);
                Err(
                    match self.variants.iter().copied().find(|v| *v == &*self.name) {
                        Some(v) => e.at(Segment::Key(v)),
                        None => e,
                    },
                )
            }
        }
    }
}

impl<'r> EnumAccess<'r> for Variant<'_, '_, 'r, '_> {
    type Error = DeError<'r>;
    type Variant = Self;

    #[inline]
    fn variant_seed<S: DeserializeSeed<'r>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Self), DeError<'r>> {
        let variant = seed.deserialize(KeyDe::new(self.name))?;
        Ok((variant, self))
    }
}

impl<'r> VariantAccess<'r> for Variant<'_, '_, 'r, '_> {
    type Error = DeError<'r>;

    /// `{"Variant": null}`.
    #[inline]
    fn unit_variant(self) -> Result<(), DeError<'r>> {
        self.value(|de| <() as ::serde::Deserialize>::deserialize(de))
    }

    #[inline]
    fn newtype_variant_seed<S: DeserializeSeed<'r>>(
        self,
        seed: S,
    ) -> Result<S::Value, DeError<'r>> {
        self.value(|de| seed.deserialize(de))
    }

    #[inline]
    fn tuple_variant<V: Visitor<'r>>(self, _: usize, visitor: V) -> Result<V::Value, DeError<'r>> {
        self.value(|de| de.deserialize_seq(visitor))
    }

    #[inline]
    fn struct_variant<V: Visitor<'r>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError<'r>> {
        self.value(|de| de.deserialize_struct("", fields, visitor))
    }
}
