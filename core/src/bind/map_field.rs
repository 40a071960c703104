//! `Field` for map types (`BTreeMap`, and `HashMap` with `std`): entries
//! from `name[key]=value` pairs or from a JSON object's members.

use super::field::{segment_text, Field, Rejected};
use super::list::Element;
use super::split_path;
use super::FieldCx;
use super::{FieldErrorKind, Segment};
use crate::convert::{FromText, Raw, Ref};
use crate::error::{Error, ValueError};
use crate::json::{Kind, Reader};

/// `Field` for a map type: entries from `name[key]=value` pairs or from a
/// JSON object's members. A key sent twice keeps its first value in a form
/// (as scalars do) and is `duplicate` in JSON.
#[cfg(feature = "alloc")]
macro_rules! map_field {
    ($map:ident, [$($bound:tt)*] $(, $s:ident: [$($sbound:tt)*])?) => {
        impl<'r, K, V $(, $s)?> Field<'r> for $map<K, V $(, $s)?>
        where
            K: FromText<'r> + $($bound)*,
            V: Element<'r>,
            $($s: $($sbound)*,)?
        {
            type Slot = $map<K, V $(, $s)?>;

            const REPEATS: bool = true;
            const CLAIMS_HELD: bool = V::CLAIMS_HELD;

            #[inline]
            fn slot() -> Self::Slot {
                Default::default()
            }

            /// A plain `name=value` for a map field is refused.
            #[inline]
            fn offer(_: &mut Self::Slot, _: Raw<'r>) -> Result<(), Rejected> {
                Err(ValueError::new(crate::ValueErrorKind::ExpectedObject).into())
            }

            #[inline]
            fn offer_part(_: &mut Self::Slot, _: &crate::multipart::Part<'r>) -> Result<(), Rejected> {
                Err(ValueError::new(crate::ValueErrorKind::ExpectedObject).into())
            }

            /// `name[key]=value`: one entry, the first value of a repeated
            /// key kept; deeper keys (`name[a][b]`) name nothing.
            #[inline]
            fn offer_path(
                slot: &mut Self::Slot,
                path: Ref<'r, '_, [u8]>,
                raw: Raw<'r>,
                cx: &mut FieldCx<'_, 'r>,
            ) -> bool {
                let Some((seg, rest)) = split_path(path) else {
                    return false;
                };
                if !rest.is_empty() || path.first() != Some(&b'[') {
                    return false;
                }
                let mut at = cx.at(Segment::MapKey(segment_text(seg)));
                let key = match crate::convert::utf8(&seg)
                    .and_then(|text| K::from_text(Ref::Copied(text)))
                {
                    Ok(key) => key,
                    Err(e) => {
                        at.fail(FieldErrorKind::Invalid(e));
                        return true;
                    }
                };
                if let Entry::Vacant(e) = slot.entry(key) {
                    match V::from_raw(raw) {
                        Ok(v) => {
                            e.insert(v);
                        }
                        Err(err) => at.fail(FieldErrorKind::Invalid(err)),
                    }
                }
                true
            }

            fn offer_json(
                slot: &mut Self::Slot,
                r: &mut Reader<'r>,
                cx: &mut FieldCx<'_, 'r>,
            ) -> Result<(), Error> {
                match r.peek()? {
                    Kind::Object => {}
                    Kind::Null => return r.read_null(),
                    _ => {
                        r.skip_value()?;
                        cx.fail(FieldErrorKind::WrongType("expected an object"));
                        return Ok(());
                    }
                }
                r.begin_object()?;
                let mut scratch = [0u8; 0];
                while let Some(name) = r.next_member(&mut scratch)? {
                    let raw_name = name.raw();
                    let mut at = cx.at(Segment::MapKey(raw_name.raw()));
                    let key = match K::from_raw(Raw::json(raw_name)) {
                        Ok(k) => k,
                        Err(e) => {
                            r.skip_value()?;
                            at.fail(FieldErrorKind::Invalid(e));
                            continue;
                        }
                    };
                    match slot.entry(key) {
                        Entry::Occupied(_) => {
                            r.skip_value()?;
                            at.fail(FieldErrorKind::Duplicate);
                        }
                        Entry::Vacant(e) => {
                            if let Some(v) = V::from_json(r, &mut at)? {
                                e.insert(v);
                            }
                        }
                    }
                }
                Ok(())
            }

            #[inline]
            fn finish(slot: Self::Slot, _: &mut FieldCx<'_, 'r>) -> Option<Self> {
                Some(slot)
            }
        }
    };
}

#[cfg(feature = "alloc")]
mod maps {
    use super::*;
    use alloc::collections::btree_map::{BTreeMap, Entry};

    map_field!(BTreeMap, [Ord]);
}

#[cfg(feature = "std")]
mod hash_maps {
    use super::*;
    use std::collections::hash_map::{Entry, HashMap};

    map_field!(HashMap, [Eq + core::hash::Hash], S: [core::hash::BuildHasher + Default]);
}
