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
    /// Where the carry starts in `carry`: 0, or past the pairs a
    /// [`Keep`](super::Keep) has kept in its front.
    start: usize,
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
    /// For a [`Keep`]: the keys of the pairs it keeps; every other pair is
    /// skipped once its key is known, never held or handed out.
    filter: Option<&'static [&'static str]>,
    /// The pair under way is one the filter drops: its bytes are skipped
    /// up to its `&`.
    skipping: bool,
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
            start: 0,
            held: 0,
            key_end: None,
            held_at: 0,
            fed: 0,
            count: 0,
            max_pairs: limits.max_pairs,
            max_key_len: limits.max_key_len,
            done: false,
            filter: None,
            skipping: false,
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
        let start = self.start;
        Ok(Some(carried(
            &carry[start..start + self.held],
            self.held_at,
        )))
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
        let room = self.carry.len() - self.start;
        if key_len > self.max_key_len && self.max_key_len <= room {
            Some(ErrorKind::KeyTooLong)
        } else if len > room {
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

    /// Appends `more` (no `&` in it) to the held pair, checking its
    /// limits first. With a filter, once the key is whole: a pair the
    /// filter drops is let go (`skipping`), the rest of it never held.
    fn hold(&mut self, more: &[u8]) -> Result<(), Error> {
        if self.key_end.is_none() {
            let eq = find_any(more, 0, [b'=']);
            if eq < more.len() {
                let key_end = self.held + eq;
                if self.filter.is_some() {
                    self.append(&more[..eq], key_end)?;
                    if !self.wants_held() {
                        self.skipping = true;
                        self.held = 0;
                        return Ok(());
                    }
                    self.key_end = Some(key_end);
                    return self.append(&more[eq..], key_end);
                }
                self.key_end = Some(key_end);
            }
        }
        let key_len = self.key_end.unwrap_or(self.held + more.len());
        self.append(more, key_len)
    }

    /// Appends `more` to the held pair, whose key is `key_len` bytes so
    /// far, if the limits allow.
    fn append(&mut self, more: &[u8], key_len: usize) -> Result<(), Error> {
        let len = self.held + more.len();
        if let Some(kind) = self.over(key_len, len) {
            return Err(self.fail(kind, self.held_at));
        }
        self.carry[self.start + self.held..self.start + len].copy_from_slice(more);
        self.held = len;
        Ok(())
    }

    /// Whether the filter (if any) keeps the held pair, by its key.
    fn wants_held(&self) -> bool {
        let start = self.start;
        wanted(
            self.filter,
            &carried(&self.carry[start..start + self.held], 0),
        )
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
    #[inline]
    pub fn next(&mut self) -> Result<Option<Pair<'_>>, Error> {
        Ok(self.placed()?.map(|(pair, _)| pair))
    }

    /// [`Input::next`], and where the pair's bytes are.
    fn placed(&mut self) -> Result<Option<(Pair<'_>, Place)>, Error> {
        // The loop returns a pair in the chunk; it ends with one held.
        let len = loop {
            if self.feed.done {
                return Ok(None);
            }
            if self.feed.skipping || self.feed.held > 0 {
                if !self.go_on()? {
                    return Ok(None);
                }
                let feed = &mut *self.feed;
                if feed.held == 0 {
                    continue; // a pair the filter drops ended
                }
                let len = feed.held;
                // A pair without `=` ends with its key: the filter sees it now.
                let keep = feed.key_end.is_some() || feed.filter.is_none() || feed.wants_held();
                feed.held = 0;
                feed.key_end = None;
                if keep {
                    break len;
                }
                continue;
            }
            match self.fresh()? {
                Fresh::End => return Ok(None),
                Fresh::Dropped => continue,
                Fresh::Pair(at, (key_end, value_start, end, flags)) => {
                    let piece = &self.chunk[at..at + end];
                    let pair = Pair {
                        key: &piece[..key_end],
                        value: &piece[value_start..],
                        offset: self.base + at,
                        flags,
                    };
                    return Ok(Some((pair, Place::Chunk(at, end))));
                }
            }
        };
        let feed = &*self.feed;
        let start = feed.start;
        let pair = carried(&feed.carry[start..start + len], feed.held_at);
        Ok(Some((pair, Place::Carry(len))))
    }

    /// Takes the pair under way (held or skipped) on to the chunk's first
    /// `&`: whether it ended there (the held pair is then whole, or
    /// `held == 0` when it was skipped), else the chunk is used up.
    fn go_on(&mut self) -> Result<bool, Error> {
        let chunk = self.chunk;
        let end = find_any(chunk, self.pos, [b'&']);
        let feed = &mut *self.feed;
        if !feed.skipping {
            feed.hold(&chunk[self.pos..end])?;
        }
        if end == chunk.len() {
            self.pos = end;
            return Ok(false);
        }
        self.pos = end + 1;
        feed.skipping = false;
        Ok(true)
    }

    /// Starts the next pair in the chunk: one wholly in it, at `(at,
    /// len)`; or one the filter drops, skipped; or the end of the chunk
    /// (the pair that goes on past it held or skipped).
    fn fresh(&mut self) -> Result<Fresh, Error> {
        let feed = &mut *self.feed;
        let chunk = self.chunk;
        let mut pos = self.pos;
        while pos < chunk.len() && chunk[pos] == b'&' {
            pos += 1;
        }
        if pos == chunk.len() {
            self.pos = pos;
            return Ok(Fresh::End);
        }
        let at = self.base + pos;
        if feed.count == feed.max_pairs {
            return Err(feed.fail(ErrorKind::TooManyPairs, at));
        }
        feed.count += 1;
        let piece = &chunk[pos..];
        let parsed = parse_pair::<false>(piece, 0);
        let (key_end, _, end, _) = parsed;
        if end == piece.len() {
            // No `&` in the rest of the chunk: the pair may go on.
            feed.held_at = at;
            feed.hold(piece)?;
            self.pos = chunk.len();
            return Ok(Fresh::End);
        }
        if feed.filter.is_some() {
            // Its key must fit, as if it had straddled two chunks.
            if let Some(kind) = feed.over(key_end, key_end) {
                return Err(feed.fail(kind, at));
            }
            if !wanted(feed.filter, &carried(&piece[..key_end], 0)) {
                self.pos = pos + end + 1;
                return Ok(Fresh::Dropped);
            }
        }
        if let Some(kind) = feed.over(key_end, end) {
            return Err(feed.fail(kind, at));
        }
        self.pos = pos + end + 1;
        Ok(Fresh::Pair(pos, parsed))
    }

    /// Keeps the pair [`Input::placed`] just returned from `place` in the
    /// front of the buffer, with a `&` after it when there is room (a
    /// pair as long as the room left is the last that fits anyway).
    fn keep(&mut self, place: Place) {
        let feed = &mut *self.feed;
        let start = feed.start;
        let len = match place {
            Place::Chunk(at, len) => {
                feed.carry[start..start + len].copy_from_slice(&self.chunk[at..at + len]);
                len
            }
            Place::Carry(len) => len,
        };
        // `over` has checked that the pair fits the room.
        if start + len < feed.carry.len() {
            feed.carry[start + len] = b'&';
            feed.start = start + len + 1;
        } else {
            feed.start = start + len;
        }
    }
}

/// What [`Input::fresh`] found.
enum Fresh {
    End,
    Dropped,
    /// At, and the pair's `parse_pair`.
    Pair(usize, (usize, usize, usize, u8)),
}

/// Where a pair [`Input::placed`] returned lies: in the chunk (at, len), or
/// in the front of the carry (len).
#[derive(Clone, Copy)]
enum Place {
    Chunk(usize, usize),
    Carry(usize),
}

/// Keeps, in the front of a buffer, only the pairs of an urlencoded body
/// (read in chunks, through a [`Feed`]) whose key a type binds, dropping
/// the others as they stream past: the kept bytes are then a form body to
/// bind the type from at once, exactly as it binds from the whole body.
///
/// A pair is kept when its decoded key, or the key's name before its
/// first `[` or `.` (`items[0][sku]`, `address.city`), is one of the
/// keys given: [`Keep::for_bind`] takes those of a `#[derive(Bind)]` type's
/// body fields, or keeps every pair when the type may read any key
/// (`deny_unknown_fields`, which must see each unknown key to report it; a
/// flattened field). A pair is dropped as soon as its key is known: its
/// value, however long, is skipped and never held. So a body with many
/// keys (or long values) the type does not read binds in a small buffer;
/// pairs kept are copied once.
///
/// The buffer is both the store of kept pairs (each with its `&`) and,
/// after them, the [`Feed`]'s carry. What must fit in the room left (the
/// buffer's length less what is kept) is every key, and every pair kept;
/// past it the body is refused with [`ErrorKind::PairTooLong`] at the
/// pair's offset, wherever the chunks fall (with every key kept, every
/// pair must fit, as in a [`Feed`]). The limits apply to every pair of the
/// body, as [`Pairs`](super::Pairs) applies them (a bind of a whole body
/// may stop reading once every field it takes is bound, and then not see
/// a limit passed after that).
///
/// ```
/// use binder_core::bind::{Body, Parts};
/// use binder_core::{form, Bind, Limits};
///
/// #[derive(binder_derive::BindCore, Debug, PartialEq)]
/// #[bind(crate = "binder_core")]
/// struct Reading<'r> {
///     #[bind(body)]
///     sensor: &'r str,
///     #[bind(body)]
///     celsius: Vec<i16>,
/// }
///
/// // 40 unknown pairs around the three the type reads.
/// let mut body = Vec::new();
/// for i in 0..20 {
///     body.extend_from_slice(format!("noise{i}=xxxxxxxxxx&").as_bytes());
/// }
/// body.extend_from_slice(b"sensor=t1&celsius=-4&celsius=5&firmware=");
/// body.extend_from_slice(&[b'f'; 500]); // dropped unread, longer than the buffer
/// for i in 0..20 {
///     body.extend_from_slice(format!("&more{i}=yyyyyyyyyy").as_bytes());
/// }
///
/// let mut buf = [0u8; 64];
/// let mut keep = form::Keep::for_bind::<Reading>(&mut buf, &Limits::DEFAULT);
/// for chunk in body.chunks(7) {
///     keep.push(chunk)?;
/// }
/// let kept = keep.finish()?;
/// assert_eq!(kept, b"sensor=t1&celsius=-4&celsius=5");
/// let r = Reading::bind(&Parts { body: Body::Form(kept), ..Parts::default() }).unwrap();
/// assert_eq!(r, Reading { sensor: "t1", celsius: vec![-4, 5] });
/// assert!(body.len() > 10 * buf.len());
/// # Ok::<(), binder_core::Error>(())
/// ```
#[derive(Debug)]
pub struct Keep<'b> {
    feed: Feed<'b>,
    /// The error a push returned: every later call returns it.
    failed: Option<Error>,
}

impl<'b> Keep<'b> {
    /// Keeps in `buf` the pairs whose key's name is in `keys` (`None`:
    /// every pair), reading under `limits`.
    ///
    /// ```
    /// use binder_core::{form::Keep, Limits};
    ///
    /// let mut buf = [0u8; 16];
    /// let mut keep = Keep::new(&mut buf, Some(&["a", "c"]), &Limits::DEFAULT);
    /// keep.push(b"a=1&b=2&c[x]=3&%61=4")?;
    /// assert_eq!(keep.finish()?, b"a=1&c[x]=3&%61=4");
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub fn new(buf: &'b mut [u8], keys: Option<&'static [&'static str]>, limits: &Limits) -> Self {
        let mut feed = Feed::new(buf, limits);
        feed.filter = keys;
        Keep { feed, failed: None }
    }

    /// [`Keep::new`] with the form keys `T` binds (every key when it may
    /// read any; see the type's docs).
    #[inline]
    pub fn for_bind<'r, T: crate::Bind<'r>>(buf: &'b mut [u8], limits: &Limits) -> Self {
        Keep::new(buf, T::FORM_KEYS, limits)
    }

    /// The next chunk of the body.
    ///
    /// # Errors
    /// [`ErrorKind::TooManyPairs`], [`ErrorKind::KeyTooLong`] or
    /// [`ErrorKind::PairTooLong`] at the offset in the body of the pair
    /// that passed the limit; every later call returns the same error.
    pub fn push(&mut self, chunk: &[u8]) -> Result<(), Error> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        let mut input = self.feed.input(chunk);
        loop {
            // The feed hands out only the pairs the filter keeps.
            let placed = match input.placed() {
                Ok(placed) => placed.map(|(_, place)| place),
                Err(e) => {
                    self.failed = Some(e);
                    return Err(e);
                }
            };
            let Some(place) = placed else {
                return Ok(());
            };
            input.keep(place);
        }
    }

    /// The body has ended: the kept pairs, as a form body.
    ///
    /// # Errors
    /// The error a [`Keep::push`] returned, if one did.
    pub fn finish(self) -> Result<&'b [u8], Error> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        let feed = &self.feed;
        // The last pair, if the body ended in it (a pair the filter drops
        // is never held).
        let last =
            feed.held > 0 && (feed.key_end.is_some() || feed.filter.is_none() || feed.wants_held());
        let (start, held) = (feed.start, feed.held);
        let buf: &'b [u8] = self.feed.carry;
        let end = if last {
            start + held
        } else if start > 0 && buf[start - 1] == b'&' {
            // The `&` after the last kept pair (no pair holds one).
            start - 1
        } else {
            start
        };
        Ok(&buf[..end])
    }
}

/// Whether `pair`'s key, or its name before a path, is in `keys`. A key
/// too long to decode into a field's longest key is no field's (the bind
/// drops it too).
fn wanted(keys: Option<&[&str]>, pair: &Pair<'_>) -> bool {
    let Some(keys) = keys else {
        return true;
    };
    let mut scratch = [0u8; crate::__private_0_1::MAX_KEY];
    let Some(key) = pair.decoded_key(&mut scratch) else {
        return false;
    };
    let name = match crate::__private_0_1::path_start(&key) {
        Some(at) => &key[..at],
        None => &key[..],
    };
    keys.iter()
        .any(|k| k.as_bytes() == &key[..] || k.as_bytes() == name)
}
