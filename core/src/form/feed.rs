//! An urlencoded body read as it arrives, chunk by chunk, in bounded
//! memory: [`Feed`].

use super::{parse_pair, Pair};
use crate::error::{Error, ErrorKind};
use crate::limits::Limits;
use crate::swar::find_any;

/// Reads an urlencoded body handed over in chunks of any size (down to one
/// byte), without allocating: a pull scanner for a body that is never
/// whole in memory.
///
/// Each chunk goes through [`Feed::input`], whose [`Input::next`] hands
/// out the pairs that chunk completes. A pair wholly inside one chunk is
/// borrowed from the chunk, not copied; only a pair that straddles chunks
/// is gathered in the carry buffer the caller gives [`Feed::new`]. The
/// body's last pair (with no `&` after it) comes from [`Feed::finish`].
///
/// It yields exactly the pairs [`Pairs`](super::Pairs) yields for the
/// whole body (same bytes, same offsets in the whole body, same decoding
/// flags) and fails where it fails, with the same [`Error`]: one more
/// limit aside. **A pair longer than the carry buffer is refused**, with
/// [`ErrorKind::PairTooLong`] at its offset, wherever the chunks fall
/// (even when it came whole in one chunk): so the result never depends on
/// how the body was cut. The length counted is the piece's: its key, its
/// `=` and its value, as sent. When a pair passes both this and
/// [`Limits::max_key_len`], the limit passed first reading the pair from
/// its start is the one reported (the key's on a tie).
///
/// After an error every call returns `Ok(None)`, as [`Pairs`](super::Pairs)
/// ends after its one `Err`.
///
/// ```
/// use binder_core::{form, Limits};
///
/// let body = b"name=Ada+Lovelace&age=36&tags=a&tags=b";
/// let mut carry = [0u8; 32];
/// let mut feed = form::Feed::new(&mut carry, &Limits::DEFAULT);
/// let mut seen = Vec::new();
/// for chunk in body.chunks(5) {
///     let mut input = feed.input(chunk);
///     while let Some(pair) = input.next()? {
///         seen.push((pair.key_cow().into_owned(), pair.value_cow().into_owned(), pair.offset()));
///     }
/// }
/// if let Some(pair) = feed.finish()? {
///     seen.push((pair.key_cow().into_owned(), pair.value_cow().into_owned(), pair.offset()));
/// }
/// // Exactly what the one-shot scan of the whole body gives.
/// let whole: Vec<_> = form::pairs(body)
///     .map(|p| p.map(|p| (p.key_cow().into_owned(), p.value_cow().into_owned(), p.offset())))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(seen, whole);
/// assert_eq!(seen[0].1, b"Ada Lovelace");
///
/// // A pair longer than the carry is refused, however it arrives.
/// let mut small = [0u8; 4];
/// let mut feed = form::Feed::new(&mut small, &Limits::DEFAULT);
/// let mut input = feed.input(b"a=1&long=value");
/// assert_eq!(input.next()?.unwrap().key_as_sent(), b"a");
/// let err = input.next().unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (binder_core::ErrorKind::PairTooLong, 4));
/// # Ok::<(), binder_core::Error>(())
/// ```
#[derive(Debug)]
pub struct Feed<'c> {
    carry: &'c mut [u8],
    /// Bytes of the pair in the carry, started in an earlier chunk and not
    /// yet ended by a `&` (0: none; a pair has at least one byte).
    held: usize,
    /// Where the held pair's key ends, once its `=` has arrived.
    key_end: Option<usize>,
    /// The held pair's offset in the body.
    held_at: usize,
    /// Bytes fed so far: the next chunk's offset in the body.
    fed: usize,
    count: usize,
    max_pairs: usize,
    max_key_len: usize,
    /// An error was returned: nothing more is read.
    done: bool,
}

impl<'c> Feed<'c> {
    /// A feed before the first byte of a body, read under `limits`
    /// ([`Limits::max_pairs`], [`Limits::max_key_len`]), gathering pairs
    /// that straddle chunks in `carry`: its length is the longest pair the
    /// feed takes.
    #[inline]
    pub fn new(carry: &'c mut [u8], limits: &Limits) -> Self {
        Feed {
            carry,
            held: 0,
            key_end: None,
            held_at: 0,
            fed: 0,
            count: 0,
            max_pairs: limits.max_pairs,
            max_key_len: limits.max_key_len,
            done: false,
        }
    }

    /// The next chunk of the body. Read the returned [`Input`] until it
    /// returns `Ok(None)` before giving the next chunk: bytes of a chunk
    /// whose input was dropped early are never read (and later offsets
    /// count them as read).
    #[inline]
    pub fn input<'a>(&'a mut self, chunk: &'a [u8]) -> Input<'a, 'c> {
        let base = self.fed;
        self.fed += chunk.len();
        Input {
            feed: self,
            chunk,
            base,
            pos: 0,
        }
    }

    /// The body has ended: its last pair, if it had one after its last `&`.
    ///
    /// # Errors
    /// None yet past those [`Input::next`] returned; `Result` so that a
    /// caller's `?` reads the same at every step.
    #[inline]
    pub fn finish(self) -> Result<Option<Pair<'c>>, Error> {
        if self.done || self.held == 0 {
            return Ok(None);
        }
        let carry: &'c [u8] = self.carry;
        Ok(Some(carried(&carry[..self.held], self.held_at)))
    }

    /// Bytes given to [`Feed::input`] so far.
    ///
    /// ```
    /// let mut carry = [0u8; 8];
    /// let mut feed = binder_core::form::Feed::new(&mut carry, &binder_core::Limits::DEFAULT);
    /// let mut input = feed.input(b"a=1&b");
    /// while input.next()?.is_some() {}
    /// assert_eq!(feed.fed(), 5);
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub fn fed(&self) -> usize {
        self.fed
    }

    /// The limit a pair passes with `len` bytes read so far, `key_len` of
    /// them its key: the key's first when it is passed no later.
    #[inline]
    fn over(&self, key_len: usize, len: usize) -> Option<ErrorKind> {
        if key_len > self.max_key_len && self.max_key_len <= self.carry.len() {
            Some(ErrorKind::KeyTooLong)
        } else if len > self.carry.len() {
            Some(ErrorKind::PairTooLong)
        } else {
            None
        }
    }

    #[cold]
    fn fail(&mut self, kind: ErrorKind, at: usize) -> Error {
        self.done = true;
        self.held = 0;
        Error::new(kind, at)
    }

    /// Appends `more` to the held pair, checking its limits first.
    fn hold(&mut self, more: &[u8]) -> Result<(), Error> {
        let start = self.held;
        let len = start + more.len();
        let key_len = match self.key_end {
            Some(end) => end,
            None => {
                let eq = find_any(more, 0, [b'=']);
                if eq < more.len() {
                    self.key_end = Some(start + eq);
                }
                start + eq
            }
        };
        if let Some(kind) = self.over(key_len, len) {
            return Err(self.fail(kind, self.held_at));
        }
        self.carry[start..len].copy_from_slice(more);
        self.held = len;
        Ok(())
    }
}

/// The pair `piece` (no `&` in it), found at `offset` in the body.
#[inline]
fn carried(piece: &[u8], offset: usize) -> Pair<'_> {
    let (key_end, value_start, _, flags) = parse_pair::<false>(piece, 0);
    Pair {
        key: &piece[..key_end],
        value: &piece[value_start..],
        offset,
        flags,
    }
}

/// One chunk of a [`Feed`]'s body: its pairs, in order, by
/// [`Input::next`].
///
/// ```
/// let mut carry = [0u8; 16];
/// let mut feed = binder_core::form::Feed::new(&mut carry, &binder_core::Limits::DEFAULT);
/// let mut input = feed.input(b"a=1&b=");
/// assert_eq!(input.next()?.unwrap().value_as_sent(), b"1");
/// assert!(input.next()?.is_none()); // `b=` may go on in the next chunk
/// let mut input = feed.input(b"22");
/// assert!(input.next()?.is_none());
/// let last = feed.finish()?.unwrap();
/// assert_eq!((last.key_as_sent(), last.value_as_sent(), last.offset()), (&b"b"[..], &b"22"[..], 4));
/// # Ok::<(), binder_core::Error>(())
/// ```
#[derive(Debug)]
pub struct Input<'a, 'c> {
    feed: &'a mut Feed<'c>,
    chunk: &'a [u8],
    /// The chunk's offset in the body.
    base: usize,
    /// Where the chunk's next unread byte is.
    pos: usize,
}

impl Input<'_, '_> {
    /// The next pair this chunk completes, borrowed from the chunk when it
    /// lies wholly in it, else from the feed's carry; `None` when the rest
    /// of the chunk (if any) is held for the next one.
    ///
    /// # Errors
    /// [`ErrorKind::TooManyPairs`], [`ErrorKind::KeyTooLong`] (as
    /// [`Pairs`](super::Pairs)) or [`ErrorKind::PairTooLong`], at the
    /// offset in the body of the pair that passed the limit; the feed then
    /// ends.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Result<Option<Pair<'_>>, Error> {
        let feed = &mut *self.feed;
        if feed.done {
            return Ok(None);
        }
        let chunk = self.chunk;
        if feed.held > 0 {
            // The held pair goes on to the chunk's first `&`.
            let end = find_any(chunk, self.pos, [b'&']);
            feed.hold(&chunk[self.pos..end])?;
            if end == chunk.len() {
                self.pos = end;
                return Ok(None);
            }
            self.pos = end + 1;
            let len = feed.held;
            feed.held = 0;
            feed.key_end = None;
            return Ok(Some(carried(&feed.carry[..len], feed.held_at)));
        }
        let mut pos = self.pos;
        while pos < chunk.len() && chunk[pos] == b'&' {
            pos += 1;
        }
        if pos == chunk.len() {
            self.pos = pos;
            return Ok(None);
        }
        let at = self.base + pos;
        if feed.count == feed.max_pairs {
            return Err(feed.fail(ErrorKind::TooManyPairs, at));
        }
        feed.count += 1;
        let piece = &chunk[pos..];
        let (key_end, value_start, end, flags) = parse_pair::<false>(piece, 0);
        if end == piece.len() {
            // No `&` in the rest of the chunk: the pair may go on.
            feed.held_at = at;
            feed.hold(piece)?;
            self.pos = chunk.len();
            return Ok(None);
        }
        if let Some(kind) = feed.over(key_end, end) {
            return Err(feed.fail(kind, at));
        }
        self.pos = pos + end + 1;
        Ok(Some(Pair {
            key: &piece[..key_end],
            value: &piece[value_start..end],
            offset: at,
            flags,
        }))
    }
}
