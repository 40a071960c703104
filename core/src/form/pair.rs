//! One `key=value` piece of a scan ([`Pair`]) and its decoding.

use crate::convert::Ref;
use crate::percent;

pub(super) const KEY_ESCAPED: u8 = 1;
pub(super) const VALUE_ESCAPED: u8 = 2;
/// The value was not searched for escapes (see [`walk`](super::walk)).
pub(super) const VALUE_UNSCANNED: u8 = 4;

/// One `key=value` piece, as raw slices of the input, with the scan's note of
/// whether each needs decoding.
///
/// ```
/// let mut it = binder_core::form::pairs(b"q=caf%C3%A9+au+lait&page=2");
/// let q = it.next().unwrap()?;
/// assert_eq!((q.key_as_sent(), q.value_as_sent()), (&b"q"[..], &b"caf%C3%A9+au+lait"[..]));
/// assert!(!q.key_needs_decoding() && q.value_needs_decoding());
/// let page = it.next().unwrap()?;
/// assert_eq!(page.offset(), 20);
/// assert!(!page.value_needs_decoding());
/// # Ok::<(), binder_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Pair<'a> {
    pub(super) key: &'a [u8],
    pub(super) value: &'a [u8],
    pub(super) offset: usize,
    pub(super) flags: u8,
}

/// Pairs are equal when their bytes, offsets and decoding needs are, however
/// much of the value the scan looked at.
impl PartialEq for Pair<'_> {
    fn eq(&self, other: &Self) -> bool {
        (self.key, self.value, self.offset) == (other.key, other.value, other.offset)
            && self.key_needs_decoding() == other.key_needs_decoding()
            && self.value_needs_decoding() == other.value_needs_decoding()
    }
}

impl Eq for Pair<'_> {}

impl<'a> Pair<'a> {
    /// The key as sent, not decoded ([`Pair::decoded_key`] decodes it).
    #[inline]
    pub fn key_as_sent(&self) -> &'a [u8] {
        self.key
    }

    /// The value as sent, not decoded (empty when the piece had no `=`;
    /// [`Pair::decoded_value`] decodes it, [`Pair::raw_value`] hands it to
    /// a conversion).
    #[inline]
    pub fn value_as_sent(&self) -> &'a [u8] {
        self.value
    }

    /// The byte offset of the pair in the input.
    #[inline]
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Whether the key holds `%` or `+`, so decoding may change it.
    #[inline]
    pub fn key_needs_decoding(&self) -> bool {
        self.flags & KEY_ESCAPED != 0
    }

    /// Whether the value holds `%` or `+`, so decoding may change it.
    #[inline]
    pub fn value_needs_decoding(&self) -> bool {
        if self.flags & VALUE_UNSCANNED != 0 {
            return percent::needs_decoding(self.value);
        }
        self.flags & VALUE_ESCAPED != 0
    }

    /// The value as a [`Raw`](crate::convert::Raw) ready for conversion,
    /// without a second look at it when the scan already knows.
    ///
    /// ```
    /// use binder_core::convert::FromText;
    ///
    /// let pair = binder_core::form::pairs(b"qty=%31%32").next().unwrap()?;
    /// assert_eq!(u32::from_raw(pair.raw_value()), Ok(12));
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub fn raw_value(&self) -> crate::convert::Raw<'a> {
        if self.flags & VALUE_UNSCANNED != 0 {
            crate::convert::Raw::form_unscanned(self.value)
        } else {
            crate::convert::Raw::form_flagged(self.value, self.flags & VALUE_ESCAPED != 0)
        }
    }

    /// The decoded key: borrowed when nothing changes, else written into
    /// `scratch`. `None` if it does not fit in `scratch` (a scratch as long
    /// as the key always fits).
    ///
    /// ```
    /// let pair = binder_core::form::pairs(b"a%5Bb%5D=1").next().unwrap()?;
    /// let mut scratch = [0u8; 16];
    /// assert_eq!(&*pair.decoded_key(&mut scratch).unwrap(), b"a[b]");
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub fn decoded_key<'s>(&self, scratch: &'s mut [u8]) -> Option<Ref<'a, 's, [u8]>> {
        decode_flagged(self.key, self.key_needs_decoding(), scratch)
    }

    /// The decoded value: borrowed when nothing changes, else written into
    /// `scratch`; `None` if it does not fit.
    ///
    /// ```
    /// use binder_core::convert::Ref;
    ///
    /// let mut it = binder_core::form::pairs(b"a=x+y&b=xy");
    /// let mut scratch = [0u8; 8];
    /// assert_eq!(&*it.next().unwrap()?.decoded_value(&mut scratch).unwrap(), b"x y");
    /// // Nothing to decode: borrowed from the input.
    /// assert_eq!(it.next().unwrap()?.decoded_value(&mut scratch), Some(Ref::Borrowed(&b"xy"[..])));
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub fn decoded_value<'s>(&self, scratch: &'s mut [u8]) -> Option<Ref<'a, 's, [u8]>> {
        decode_flagged(self.value, self.value_needs_decoding(), scratch)
    }

    /// The decoded key, borrowed when nothing changes.
    ///
    /// ```
    /// use std::borrow::Cow;
    ///
    /// let pair = binder_core::form::pairs(b"filter%5Bteam%5D=7").next().unwrap()?;
    /// assert_eq!(pair.key_cow(), Cow::<[u8]>::Owned(b"filter[team]".to_vec()));
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[inline]
    pub fn key_cow(&self) -> alloc::borrow::Cow<'a, [u8]> {
        cow_flagged(self.key, self.key_needs_decoding())
    }

    /// The decoded value, borrowed when nothing changes.
    ///
    /// ```
    /// let pair = binder_core::form::pairs(b"name=Ada+Lovelace").next().unwrap()?;
    /// assert_eq!(pair.value_cow(), b"Ada Lovelace".as_slice());
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[inline]
    pub fn value_cow(&self) -> alloc::borrow::Cow<'a, [u8]> {
        cow_flagged(self.value, self.value_needs_decoding())
    }
}

#[inline]
fn decode_flagged<'a, 's>(
    raw: &'a [u8],
    escaped: bool,
    scratch: &'s mut [u8],
) -> Option<Ref<'a, 's, [u8]>> {
    if escaped {
        percent::decode_into(raw, scratch).map(Ref::Copied)
    } else {
        Some(Ref::Borrowed(raw))
    }
}

#[cfg(feature = "alloc")]
#[inline]
fn cow_flagged(raw: &[u8], escaped: bool) -> alloc::borrow::Cow<'_, [u8]> {
    if escaped {
        percent::decode_cow(raw)
    } else {
        alloc::borrow::Cow::Borrowed(raw)
    }
}
