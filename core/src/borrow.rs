//! Values borrowed from the request or from a call's scratch: [`Ref`] and
//! [`Text`], the shared vocabulary of the scanners (`percent`, `json`) and
//! the conversions above them. A leaf: it names no other module but the
//! errors and the UTF-8 check, so every layer can use it without a cycle.
//! Re-exported from [`convert`](crate::convert), where it is documented.

use crate::error::{ValueError, ValueErrorKind};
use core::ops::Deref;

/// A value borrowed either from the request (`'a`) or from a scratch buffer
/// that lives only for the call (`'s`).
///
/// ```
/// use binder_core::convert::Ref;
/// use binder_core::percent;
///
/// let mut scratch = [0u8; 16];
/// // Nothing to decode: borrowed from the input, as long-lived as it.
/// assert!(matches!(percent::decode(b"tea", &mut scratch), Some(Ref::Borrowed(b"tea"))));
/// // Decoded: copied into the scratch, which lives only for the call.
/// let decoded = percent::decode(b"t%C3%A9", &mut scratch).unwrap();
/// assert!(matches!(decoded, Ref::Copied(_)));
/// assert_eq!(&*decoded, "té".as_bytes()); // either way, a `&[u8]` through `Deref`
/// ```
#[derive(Debug, PartialEq, Eq)]
pub enum Ref<'a, 's, T: ?Sized> {
    /// Borrowed from the input: lives as long as the request.
    Borrowed(&'a T),
    /// Copied into scratch because decoding changed it.
    Copied(&'s T),
}

// Manual impls: a derive would demand `T: Clone`, which `str` is not.
impl<T: ?Sized> Clone for Ref<'_, '_, T> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: ?Sized> Copy for Ref<'_, '_, T> {}

impl<T: ?Sized> Deref for Ref<'_, '_, T> {
    type Target = T;
    #[inline]
    fn deref(&self) -> &T {
        match *self {
            Ref::Borrowed(v) => v,
            Ref::Copied(v) => v,
        }
    }
}

/// Text ready for conversion: valid UTF-8, decoded.
///
/// ```
/// use binder_core::convert::{FromText, Ref, Text};
///
/// let text: Text<'_, '_> = Ref::Borrowed("42");
/// assert_eq!(u8::from_text(text), Ok(42));
/// assert_eq!(text.len(), 2);
/// ```
pub type Text<'a, 's> = Ref<'a, 's, str>;

impl<'a, 's> Ref<'a, 's, [u8]> {
    /// Checks the bytes are UTF-8, keeping where they are borrowed from.
    ///
    /// ```
    /// use binder_core::convert::Ref;
    ///
    /// assert_eq!(Ref::Borrowed(&b"ok"[..]).to_text(), Ok(Ref::Borrowed("ok")));
    /// assert!(Ref::Copied(&b"\xff"[..]).to_text().is_err());
    /// ```
    ///
    /// # Errors
    /// [`ValueErrorKind::InvalidUtf8`] if they are not.
    #[inline]
    pub fn to_text(self) -> Result<Text<'a, 's>, ValueError> {
        Ok(match self {
            Ref::Borrowed(b) => Ref::Borrowed(utf8(b)?),
            Ref::Copied(b) => Ref::Copied(utf8(b)?),
        })
    }
}

/// `bytes` as `&str`, or [`ValueErrorKind::InvalidUtf8`].
///
/// ```
/// use binder_core::{convert::utf8, ValueErrorKind};
///
/// assert_eq!(utf8("café".as_bytes()), Ok("café"));
/// assert_eq!(utf8(b"caf\xe9").unwrap_err().kind(), ValueErrorKind::InvalidUtf8);
/// ```
///
/// # Errors
/// If `bytes` is not UTF-8.
#[inline]
pub fn utf8(bytes: &[u8]) -> Result<&str, ValueError> {
    crate::text::from_utf8(bytes).map_err(|_| ValueError::new(ValueErrorKind::InvalidUtf8))
}
