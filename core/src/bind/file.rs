//! Uploaded files: a multipart file part bound without copying its bytes.

use super::field::{Field, Rejected};
use crate::convert::{Raw, Ref};
use crate::error::{ValueError, ValueErrorKind};
use crate::multipart::{Param, Part};

/// An uploaded file: its field name, filename and content type as sent, and
/// its bytes, all borrowed from the request body (nothing is copied).
///
/// As a field type: `FilePart` requires a file, `Option<FilePart>` takes
/// one if sent, `Vec<FilePart>` takes every file sent under the name. An
/// empty file input (a browser's `filename=""` with no data) is no file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FilePart<'r> {
    filename: Param<'r>,
    content_type: Option<&'r [u8]>,
    data: &'r [u8],
}

impl<'r> FilePart<'r> {
    /// The file part of `part`, if it is one.
    #[inline]
    pub fn from_part(part: &Part<'r>) -> Option<Self> {
        Some(FilePart {
            filename: part.filename()?,
            content_type: part.content_type(),
            data: part.data(),
        })
    }

    /// The filename as sent (HTML-escaped `%22`, `%0D`, `%0A` not decoded);
    /// see [`FilePart::filename`].
    #[inline]
    pub fn raw_filename(&self) -> &'r [u8] {
        self.filename.raw()
    }

    /// The filename, decoded (`%22` to `"`, and CR, LF): borrowed when
    /// nothing changes, else written into `scratch`; `None` if it does not
    /// fit. A client-chosen name: never use it as a path unchecked.
    #[inline]
    pub fn filename<'s>(&self, scratch: &'s mut [u8]) -> Option<Ref<'r, 's, [u8]>> {
        self.filename.decoded(scratch)
    }

    /// The part's `Content-Type`, as sent, if any.
    #[inline]
    pub fn content_type(&self) -> Option<&'r [u8]> {
        self.content_type
    }

    /// The file's bytes: a slice of the request body.
    #[inline]
    pub fn data(&self) -> &'r [u8] {
        self.data
    }
}

#[inline]
fn file_of<'r>(part: &Part<'r>) -> Result<Option<FilePart<'r>>, Rejected> {
    if !part.is_file() {
        return Err(ValueError::new(ValueErrorKind::ExpectedFile).into());
    }
    if part.is_empty_file() {
        return Ok(None);
    }
    Ok(FilePart::from_part(part))
}

#[inline]
fn text_is_not_a_file<T>(_: Raw<'_>) -> Result<T, Rejected> {
    Err(ValueError::new(ValueErrorKind::ExpectedFile).into())
}

impl<'r> Field<'r> for FilePart<'r> {
    type Slot = Option<FilePart<'r>>;

    #[inline]
    fn slot() -> Self::Slot {
        None
    }

    #[inline]
    fn offer(_: &mut Self::Slot, raw: Raw<'r>) -> Result<(), Rejected> {
        text_is_not_a_file(raw)
    }

    #[inline]
    fn finish(slot: Self::Slot) -> Option<Self> {
        slot
    }

    #[inline]
    fn offer_part(slot: &mut Self::Slot, part: &Part<'r>) -> Result<(), Rejected> {
        *slot = file_of(part)?;
        Ok(())
    }
}

impl<'r> Field<'r> for Option<FilePart<'r>> {
    type Slot = Option<FilePart<'r>>;

    #[inline]
    fn slot() -> Self::Slot {
        None
    }

    #[inline]
    fn offer(_: &mut Self::Slot, raw: Raw<'r>) -> Result<(), Rejected> {
        text_is_not_a_file(raw)
    }

    #[inline]
    fn finish(slot: Self::Slot) -> Option<Self> {
        Some(slot)
    }

    #[inline]
    fn offer_part(slot: &mut Self::Slot, part: &Part<'r>) -> Result<(), Rejected> {
        *slot = file_of(part)?;
        Ok(())
    }
}

#[cfg(feature = "alloc")]
impl<'r> Field<'r> for alloc::vec::Vec<FilePart<'r>> {
    type Slot = (alloc::vec::Vec<FilePart<'r>>, usize);

    const REPEATS: bool = true;

    #[inline]
    fn slot() -> Self::Slot {
        (alloc::vec::Vec::new(), 0)
    }

    #[inline]
    fn offer(slot: &mut Self::Slot, raw: Raw<'r>) -> Result<(), Rejected> {
        let index = slot.1;
        slot.1 += 1;
        text_is_not_a_file::<()>(raw).map_err(|r| Rejected {
            index: Some(index),
            ..r
        })
    }

    #[inline]
    fn finish(slot: Self::Slot) -> Option<Self> {
        Some(slot.0)
    }

    #[inline]
    fn offer_part(slot: &mut Self::Slot, part: &Part<'r>) -> Result<(), Rejected> {
        let index = slot.1;
        slot.1 += 1;
        match file_of(part) {
            Ok(Some(f)) => {
                slot.0.push(f);
                Ok(())
            }
            Ok(None) => Ok(()),
            Err(r) => Err(Rejected {
                index: Some(index),
                ..r
            }),
        }
    }
}
