//! A fixed-size bit set on the stack: which fields of a struct were bound.
//!
//! Generated code keeps one bit per field in a `Bits<W>` of `W` 64-bit words,
//! so bookkeeping never allocates, whatever the number of fields.

/// A set of `W * 64` bits, all clear at first.
///
/// ```
/// use binder_core::Bits;
///
/// let mut seen = Bits::<2>::new();
/// assert!(seen.insert(70));
/// assert!(!seen.insert(70));
/// assert!(seen.contains(70) && !seen.contains(3));
/// assert_eq!(seen.len(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bits<const W: usize>([u64; W]);

/// How many 64-bit words hold `n` bits: the `W` for a struct of `n` fields.
///
/// ```
/// assert_eq!(binder_core::bits::words_for(64), 1);
/// assert_eq!(binder_core::bits::words_for(65), 2);
/// assert_eq!(binder_core::bits::words_for(0), 1);
/// ```
pub const fn words_for(n: usize) -> usize {
    if n == 0 {
        1
    } else {
        n.div_ceil(64)
    }
}

impl<const W: usize> Bits<W> {
    /// How many bits the set holds.
    pub const CAPACITY: usize = W * 64;

    /// An empty set.
    #[inline]
    pub const fn new() -> Self {
        Bits([0; W])
    }

    /// The set of bits `0..n`: every field of an `n`-field struct.
    ///
    /// # Panics
    /// If `n` exceeds [`Self::CAPACITY`] (at compile time in a `const`).
    #[inline]
    pub const fn first(n: usize) -> Self {
        assert!(n <= Self::CAPACITY, "more bits than the set holds");
        let mut words = [0u64; W];
        let mut i = 0;
        while i < W {
            let lo = i * 64;
            words[i] = if n >= lo + 64 {
                u64::MAX
            } else if n > lo {
                (1u64 << (n - lo)) - 1
            } else {
                0
            };
            i += 1;
        }
        Bits(words)
    }

    /// Whether bit `i` is set.
    #[inline]
    pub const fn contains(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }

    /// Sets bit `i`; returns whether it was clear before.
    #[inline]
    pub const fn insert(&mut self, i: usize) -> bool {
        let word = &mut self.0[i / 64];
        let mask = 1 << (i % 64);
        let was_clear = *word & mask == 0;
        *word |= mask;
        was_clear
    }

    /// Clears bit `i`.
    #[inline]
    pub const fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }

    /// Whether every bit of `other` is set in `self`.
    #[inline]
    pub const fn is_superset(&self, other: &Self) -> bool {
        let mut i = 0;
        while i < W {
            if self.0[i] & other.0[i] != other.0[i] {
                return false;
            }
            i += 1;
        }
        true
    }

    /// Whether no bit is set.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        let mut i = 0;
        while i < W {
            if self.0[i] != 0 {
                return false;
            }
            i += 1;
        }
        true
    }

    /// How many bits are set.
    #[inline]
    pub const fn len(&self) -> usize {
        let mut n = 0;
        let mut i = 0;
        while i < W {
            n += self.0[i].count_ones() as usize;
            i += 1;
        }
        n
    }
}

/// A set of bytes, as 256 bits: the first bytes of a source's keys, for
/// skipping pairs no field can want.
///
/// ```
/// use binder_core::bits::ByteSet;
///
/// const FIRST: ByteSet = ByteSet::new().with(b'n').with(b'a');
/// assert!(FIRST.contains(b'n') && !FIRST.contains(b'p'));
/// assert!(ByteSet::all().contains(0xff));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ByteSet([u64; 4]);

impl ByteSet {
    /// The empty set.
    #[inline]
    pub const fn new() -> Self {
        ByteSet([0; 4])
    }

    /// Every byte.
    #[inline]
    pub const fn all() -> Self {
        ByteSet([u64::MAX; 4])
    }

    /// This set and `b`.
    #[inline]
    pub const fn with(mut self, b: u8) -> Self {
        self.0[(b / 64) as usize] |= 1 << (b % 64);
        self
    }

    /// Whether `b` is in the set.
    #[inline]
    pub const fn contains(&self, b: u8) -> bool {
        self.0[(b / 64) as usize] & (1 << (b % 64)) != 0
    }
}

impl Default for ByteSet {
    #[inline]
    fn default() -> Self {
        Self::new()
    }
}

impl<const W: usize> Default for Bits<W> {
    #[inline]
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_sets_exactly_n_bits() {
        for n in [0, 1, 63, 64, 65, 127, 128] {
            let b = Bits::<2>::first(n);
            assert_eq!(b.len(), n);
            for i in 0..128 {
                assert_eq!(b.contains(i), i < n, "n={n} i={i}");
            }
        }
    }

    #[test]
    fn superset_and_remove() {
        let all = Bits::<2>::first(100);
        let mut seen = Bits::<2>::new();
        for i in 0..100 {
            assert!(!seen.is_superset(&all));
            seen.insert(i);
        }
        assert!(seen.is_superset(&all));
        seen.remove(99);
        assert!(!seen.is_superset(&all));
        assert!(!seen.is_empty());
        assert!(Bits::<3>::new().is_empty());
    }
}
