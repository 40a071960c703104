//! `Field` for `Option<Option<T>>`: a PATCH body's three states, a member
//! absent (`None`: leave it), `null` (`Some(None)`: clear it) and a value
//! (`Some(Some(v))`: set it).

use super::field::{
    blank_part, is_empty_brackets, offer_in, offer_partial, Field, Rejected, Value,
};
use super::FieldCx;
use crate::convert::{Raw, Ref};
use crate::error::Error;
use crate::json::Reader;

/// A field that tells absent, `null` and a value apart.
///
/// In JSON: a member not sent is `None`, `null` is `Some(None)`, a value is
/// `Some(Some(v))`. A form, query, header or cookie cannot send `null`: a
/// key not sent is `None`, and an empty value (`nickname=`) is `Some(None)`
/// for a type that is not text (as `Option<T>` takes it as `None`), the
/// empty text `Some(Some(""))` for a text type. In multipart, an empty text
/// part is read the same way, and an empty file input is no value (`None`).
///
/// ```
/// use binder_core::bind::{Bind, Body, Parts};
///
/// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
/// struct EditUser {
///     #[bind(body)]
///     nickname: Option<Option<String>>,
///     #[bind(body)]
///     age: Option<Option<u8>>,
///     #[bind(body)]
///     email: Option<Option<String>>,
/// }
///
/// let body = br#"{"nickname": null, "age": 37}"#;
/// let req = Parts { body: Body::classify(Some(b"application/json"), body), ..Parts::default() };
/// let edit = EditUser::bind(&req).unwrap();
/// assert_eq!(edit.nickname, Some(None)); // clear it
/// assert_eq!(edit.age, Some(Some(37))); // set it
/// assert_eq!(edit.email, None); // leave it
/// ```
impl<'r, T: Value<'r>> Field<'r> for Option<Option<T>> {
    type Slot = (Option<Option<T>>, Option<T::Partial>);

    const REPEATS: bool = T::MEMBERS;
    const CLAIMS_HELD: bool = T::CLAIMS_HELD;

    #[inline]
    fn slot() -> Self::Slot {
        (None, None)
    }

    #[inline]
    fn offer(slot: &mut Self::Slot, raw: Raw<'r>) -> Result<(), Rejected> {
        slot.0 = Some(if raw.is_empty() && !T::IS_TEXT {
            None
        } else {
            Some(T::from_raw(raw)?)
        });
        Ok(())
    }

    #[inline]
    fn offer_part(
        slot: &mut Self::Slot,
        part: &crate::multipart::Part<'r>,
    ) -> Result<(), Rejected> {
        if blank_part(T::IS_TEXT, part) {
            slot.0 = Some(None);
        } else if let Some(v) = T::from_part(part)? {
            slot.0 = Some(Some(v));
        }
        Ok(())
    }

    #[inline]
    fn offer_json(
        slot: &mut Self::Slot,
        r: &mut Reader<'r>,
        cx: &mut FieldCx<'_, 'r>,
    ) -> Result<(), Error> {
        // `None` is `null`, or a value that failed (recorded in `cx`, so
        // the bind fails and this slot is never read).
        slot.0 = Some(T::from_json(r, cx)?);
        Ok(())
    }

    #[inline]
    fn offer_path(
        slot: &mut Self::Slot,
        path: Ref<'r, '_, [u8]>,
        raw: Raw<'r>,
        cx: &mut FieldCx<'_, 'r>,
    ) -> bool {
        if is_empty_brackets(&path) {
            // The first value wins, as for the key sent plain twice.
            if slot.0.is_none() {
                offer_in::<Self>(slot, raw, cx);
            }
            return true;
        }
        offer_partial::<T>(&mut slot.1, path, raw, cx)
    }

    #[inline]
    fn finish(slot: Self::Slot, cx: &mut FieldCx<'_, 'r>) -> Option<Option<Option<T>>> {
        Some(match slot {
            (Some(v), _) => Some(v),
            (None, Some(p)) => T::finish_partial(p, cx).map(Some),
            (None, None) => None,
        })
    }
}
