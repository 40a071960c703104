//! `Box<T>` fields, for a struct that holds itself through an
//! `Option<Box<Self>>` (a linked reply, a parent) or a large value kept
//! off the stack.
//!
//! `Box` cannot be a [`Value`] itself: it is a fundamental type, so a crate
//! downstream may implement [`FromText`](crate::convert::FromText) for
//! `Box<ItsType>`, which would overlap core's impl of `Value` for every
//! `FromText` type. The derive binds a field declared `Box<T>` or
//! `Option<Box<T>>` through this wrapper instead, and unwraps it.

use super::{FieldCx, Value};
use crate::convert::{Raw, Ref};
use crate::error::{Error, ValueError};
use crate::json::Reader;
use alloc::boxed::Box;

/// A boxed value, as the derive binds a `Box<T>` field: every format
/// and every piece goes to `T`; the pieces of a value sent by keys are
/// boxed too (a struct that holds itself then has a partial state of
/// finite size), made only when a piece arrives.
#[derive(Debug, PartialEq)]
pub struct Boxed<T>(pub Box<T>);

impl<'r, T: Value<'r>> Value<'r> for Boxed<T> {
    const IS_TEXT: bool = T::IS_TEXT;
    const MEMBERS: bool = T::MEMBERS;
    const CLAIMS_HELD: bool = T::CLAIMS_HELD;

    #[inline]
    fn from_raw(raw: Raw<'r>) -> Result<Self, ValueError> {
        T::from_raw(raw).map(|v| Boxed(Box::new(v)))
    }

    #[inline]
    fn from_part(part: &crate::multipart::Part<'r>) -> Result<Option<Self>, ValueError> {
        Ok(T::from_part(part)?.map(|v| Boxed(Box::new(v))))
    }

    #[inline]
    fn from_json(r: &mut Reader<'r>, cx: &mut FieldCx<'_, 'r>) -> Result<Option<Self>, Error> {
        Ok(T::from_json(r, cx)?.map(|v| Boxed(Box::new(v))))
    }

    type Partial = Box<T::Partial>;

    #[inline]
    fn partial() -> Self::Partial {
        Box::new(T::partial())
    }

    #[inline]
    fn offer_member(
        partial: &mut Self::Partial,
        path: Ref<'r, '_, [u8]>,
        raw: Raw<'r>,
        cx: &mut FieldCx<'_, 'r>,
    ) -> bool {
        T::offer_member(partial, path, raw, cx)
    }

    #[inline]
    fn finish_partial(partial: Self::Partial, cx: &mut FieldCx<'_, 'r>) -> Option<Self> {
        T::finish_partial(*partial, cx).map(|v| Boxed(Box::new(v)))
    }
}
