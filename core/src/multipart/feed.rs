//! [`Feed`], the resumable multipart scan: its state machine over chunks,
//! and the part headers read by the one-shot scan's functions
//! (`parts.rs`) on each header block whole.

use super::boundary::MAX_BOUNDARY_LEN;
use super::search::WHOLE_DELIMITER_AFTER;
use super::{finder, Boundary, Searcher};
use crate::error::{Error, ErrorKind};
use crate::limits::Limits;
use core::fmt;
use memchr::memmem::Finder;

mod event;

use event::read_head;
pub use event::{CarryTooSmall, Chunk, Event, PartHead};

/// The multipart scan of [`parts`](super::parts), resumable, for a body
/// that arrives in chunks (an upload too large to hold, written to a file
/// as it comes).
///
/// The body is handed in chunks of any size, down to one byte
/// ([`Feed::input`]); each chunk is read with [`Chunk::next`] into
/// [`Event`]s: for each part its head ([`PartHead`]: the name, filename,
/// content type and header lines), then its data in pieces as they arrive,
/// then its end. [`Feed::finish`] says whether the body was whole. Pull
/// style: the caller may do anything between two events (an async caller
/// awaits a file write), and the feed holds no callback.
///
/// ```
/// use binder_core::multipart::{Boundary, Event, Feed};
/// use binder_core::Limits;
///
/// let boundary = Boundary::from_content_type(b"multipart/form-data; boundary=XyZ")?;
/// let body = b"--XyZ\r\n\
///     Content-Disposition: form-data; name=\"avatar\"; filename=\"a.png\"\r\n\
///     Content-Type: image/png\r\n\r\n\
///     \x89PNG...\r\n\
///     --XyZ--\r\n";
/// let limits = Limits::DEFAULT;
/// let mut carry = vec![0u8; Feed::carry_len(&limits)];
/// let mut feed = Feed::new(&boundary, &mut carry, &limits).expect("the carry fits");
/// let (mut name, mut file) = (Vec::new(), Vec::new());
/// for chunk in body.chunks(5) {
///     let mut input = feed.input(chunk);
///     while let Some(event) = input.next()? {
///         match event {
///             Event::Part(head) => name = head.name().raw().to_vec(),
///             Event::Data(bytes) => file.extend_from_slice(bytes), // or write to a file
///             Event::End => assert_eq!(file, b"\x89PNG..."),
///         }
///     }
/// }
/// feed.finish()?;
/// assert_eq!((&name[..], &file[..]), (&b"avatar"[..], &b"\x89PNG..."[..]));
/// # Ok::<(), binder_core::Error>(())
/// ```
///
/// # The same reading as the one-shot scan
/// The feed reads every body exactly as [`parts_with`](super::parts_with)
/// reads it whole, under the same [`Limits`]: the same parts (the
/// concatenated [`Event::Data`] pieces are [`Part::data`](super::Part::data)),
/// the same error of the same [`ErrorKind`] at the same offset, every offset
/// counted in the whole body. Part headers are read by the one-shot scan's
/// own functions, on the header block whole (in the chunk, or in the carry
/// when it straddles chunks). One difference is in when, not what: the
/// one-shot scan returns a part once its closing delimiter is found, so a
/// body cut short in a part's data is an error without that part; the feed
/// reports the part's head and data as they arrive, and the error
/// ([`UnexpectedEnd`](ErrorKind::UnexpectedEnd)) from [`Feed::finish`]. A
/// part is complete only at its [`Event::End`].
///
/// # Memory: the carry
/// The feed allocates nothing and holds a fixed state; the caller lends it
/// a buffer, the carry, of [`Feed::carry_len`] bytes (the delimiter, and a
/// part's header block at its limit, [`Limits::max_part_header_bytes`],
/// with its empty line). A header block that straddles two chunks is
/// copied there until it is whole; nothing else is. Data is handed out as
/// slices of the chunk; a chunk that ends in what may be the start of a
/// delimiter (a CR and up to the delimiter's length after it) keeps those
/// bytes back, and hands them out from the delimiter the carry holds if
/// the next chunk shows they were data.
///
/// # Cost
/// A part's data is searched as the one-shot scan searches it: for
/// `\r\n--` with the searcher it shares (built once per process with the
/// `std` feature), each hit compared with the boundary; past a part's
/// first 64 KiB (a file), for the whole `\r\n--boundary` with a
/// [`memchr::memmem::Finder`] built then, once per feed (a few thousand
/// instructions): in large chunks the feed costs about what `memmem` costs
/// finding the delimiter alone. Each chunk adds a `memrchr` over its last
/// bytes (the delimiter's length) and a few branches. Measured
/// (`benches/benches/large.rs`, callgrind, x86-64 AVX2): an upload with a
/// 1 MiB file fed in 64 KiB chunks costs 402,599 instructions, 1.09x
/// `memmem` finding its delimiters in the whole body (368,576) and 1.11x
/// the one-shot scan (361,383); with a 64 MiB file, 1.02x both. The 4 KiB
/// form of the `multipart` bench, fed whole, about 8,200 (the one-shot
/// scan: 4,700).
///
/// # Reading one chunk
///
/// ```
/// use binder_core::multipart::{Boundary, Event, Feed};
/// use binder_core::{ErrorKind, Limits};
///
/// let boundary = Boundary::new(b"b")?;
/// let mut carry = [0u8; 256];
/// let mut limits = Limits::DEFAULT;
/// limits.max_part_header_bytes = 128;
/// let mut feed = Feed::new(&boundary, &mut carry, &limits).expect("256 bytes fit");
/// let mut input = feed.input(b"--b\r\nContent-Disposition: form-data; name=a\r\n\r\nhello wor");
/// assert!(matches!(input.next()?, Some(Event::Part(head)) if head.name().raw() == b"a"));
/// assert_eq!(input.next()?, Some(Event::Data(b"hello wor")));
/// assert_eq!(input.next()?, None); // the chunk is read: feed the next
/// // The body ends in the part's data.
/// assert_eq!(feed.finish().unwrap_err().kind(), ErrorKind::UnexpectedEnd);
/// # Ok::<(), binder_core::Error>(())
/// ```
pub struct Feed<'c> {
    /// `\r\n--boundary`, at the start of the carry.
    delimiter: &'c [u8],
    /// The rest of the carry: a header block straddling chunks.
    block: &'c mut [u8],
    /// The `\r\n--` searcher the one-shot scan shares.
    short: Searcher,
    /// A searcher for the whole delimiter, built once a part's data has
    /// been searched past [`WHOLE_DELIMITER_AFTER`] bytes (a file).
    whole: Option<Finder<'c>>,
    /// Data bytes of the current part searched so far.
    searched: usize,
    state: State,
    /// How many bytes of the delimiter the bytes before `at` end with
    /// (`Preamble`, `Data`): held back, not yet data.
    matched: usize,
    /// Header bytes in `block` (`Headers`).
    held: usize,
    /// How much of `\r\n\r\n` the header bytes read so far end with.
    scan: u8,
    count: usize,
    max_parts: usize,
    max_header_bytes: usize,
    max_headers: usize,
    /// The body offset of the current chunk's first byte.
    base: usize,
    /// The next byte of the current chunk to read.
    at: usize,
    /// The current chunk's length.
    len: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Before the first delimiter: bytes are skipped.
    Preamble,
    /// In a part's data.
    Data,
    /// Just after `--boundary`.
    AfterBoundary,
    /// In the transport padding after `--boundary`.
    Padding,
    /// After `--boundary-`, the `-` at this offset.
    Dash(usize),
    /// After a delimiter's CR, at this offset.
    Cr(usize),
    /// In the header block of a part starting at this offset.
    Headers(usize),
    /// After the close delimiter: the epilogue is skipped.
    Closed,
    /// After an error, which [`Feed::finish`] repeats.
    Failed(Error),
}

/// What [`Feed::step`] found, as offsets (nothing borrowed).
enum Step {
    /// The chunk is read.
    Wait,
    /// `bytes[from..to]` of the chunk are data.
    Data(usize, usize),
    /// The first bytes of the delimiter, held back, were data.
    Held(usize),
    /// The header block of the part starting at `start` is whole: in the
    /// chunk (`bytes[from..to]`), or the first `to` bytes of the carry.
    Head {
        start: usize,
        in_chunk: bool,
        from: usize,
        to: usize,
    },
    End,
}

impl<'c> Feed<'c> {
    /// A carry length enough for any boundary under `limits`: the longest
    /// delimiter (`\r\n--` and [`MAX_BOUNDARY_LEN`](super::MAX_BOUNDARY_LEN)
    /// bytes) and a header block of [`Limits::max_part_header_bytes`] with
    /// its empty line.
    ///
    /// ```
    /// use binder_core::multipart::Feed;
    /// use binder_core::Limits;
    ///
    /// assert_eq!(Feed::carry_len(&Limits::DEFAULT), 4 + 70 + 8 * 1024 + 2);
    /// ```
    #[inline]
    pub const fn carry_len(limits: &Limits) -> usize {
        (4 + MAX_BOUNDARY_LEN + 2).saturating_add(limits.max_part_header_bytes)
    }

    /// Starts the scan of one body, with `carry` as the feed's memory.
    ///
    /// ```
    /// use binder_core::multipart::{Boundary, Feed};
    /// use binder_core::Limits;
    ///
    /// let boundary = Boundary::new(b"b")?;
    /// let mut carry = vec![0u8; Feed::carry_len(&Limits::DEFAULT)];
    /// let mut feed = Feed::new(&boundary, &mut carry, &Limits::DEFAULT).expect("fits");
    /// feed.input(b"--b--").next()?;
    /// assert!(feed.finish().is_ok());
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`CarryTooSmall`] if `carry` is shorter than the delimiter
    /// (`\r\n--boundary`) and [`Limits::max_part_header_bytes`] + 2 bytes.
    pub fn new(
        boundary: &Boundary,
        carry: &'c mut [u8],
        limits: &Limits,
    ) -> Result<Feed<'c>, CarryTooSmall> {
        let boundary = boundary.as_bytes();
        let too_small = CarryTooSmall {
            carry: carry.len(),
            delimiter: 4 + boundary.len(),
            header_block: limits.max_part_header_bytes.saturating_add(2),
        };
        if carry.len() < too_small.needed() {
            return Err(too_small);
        }
        let (delimiter, block) = carry.split_at_mut(too_small.delimiter);
        delimiter[..4].copy_from_slice(b"\r\n--");
        delimiter[4..].copy_from_slice(boundary);
        let delimiter: &'c [u8] = delimiter;
        Ok(Feed {
            delimiter,
            block,
            short: finder(),
            whole: None,
            searched: 0,
            state: State::Preamble,
            // The body's first delimiter may begin it without a CRLF: as
            // if one came before.
            matched: 2,
            held: 0,
            scan: 0,
            count: 0,
            max_parts: limits.max_parts,
            max_header_bytes: limits.max_part_header_bytes,
            max_headers: limits.max_part_headers,
            base: 0,
            at: 0,
            len: 0,
        })
    }

    /// Hands the feed the body's next bytes, to read with [`Chunk::next`]
    /// until it returns `None` (or an error).
    ///
    /// ```
    /// use binder_core::multipart::{Boundary, Event, Feed};
    /// use binder_core::Limits;
    ///
    /// let boundary = Boundary::new(b"b")?;
    /// let mut carry = vec![0u8; Feed::carry_len(&Limits::DEFAULT)];
    /// let mut feed = Feed::new(&boundary, &mut carry, &Limits::DEFAULT).expect("fits");
    /// let mut events = 0;
    /// // One byte at a time: the header block waits in the carry.
    /// for byte in b"--b\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--b--".chunks(1) {
    ///     let mut input = feed.input(byte);
    ///     while let Some(event) = input.next()? {
    ///         events += 1;
    ///         if let Event::Part(head) = event {
    ///             assert_eq!((head.name().raw(), head.offset()), (&b"a"[..], 5));
    ///         }
    ///     }
    /// }
    /// feed.finish()?;
    /// assert_eq!(events, 3); // the part, its data `1`, its end
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Panics
    /// If the previous chunk was not read to its end (its [`Chunk`]
    /// dropped before `next` returned `None` or an error): its unread bytes
    /// are gone, and the body could not be read right.
    pub fn input<'f, 'b>(&'f mut self, bytes: &'b [u8]) -> Chunk<'f, 'c, 'b> {
        self.check_read();
        self.base += self.len;
        self.at = 0;
        self.len = bytes.len();
        Chunk { feed: self, bytes }
    }

    /// Ends the body: `Ok` if the close delimiter was read, else the error,
    /// the same as the one-shot scan's at the body's end (an error
    /// [`Chunk::next`] returned before is returned again).
    ///
    /// ```
    /// use binder_core::multipart::{Boundary, Feed};
    /// use binder_core::{ErrorKind, Limits};
    ///
    /// let boundary = Boundary::new(b"b")?;
    /// let mut carry = vec![0u8; Feed::carry_len(&Limits::DEFAULT)];
    /// let mut feed = Feed::new(&boundary, &mut carry, &Limits::DEFAULT).expect("fits");
    /// while feed.input(b"no delimiter here").next()?.is_some() {}
    /// let err = feed.finish().unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::UnexpectedEnd, 17));
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// What the one-shot scan reports for a body that ends here (most often
    /// [`ErrorKind::UnexpectedEnd`]; a part header block cut short may be
    /// any of the part header errors).
    ///
    /// # Panics
    /// If the last chunk was not read to its end, as [`Feed::input`].
    pub fn finish(&mut self) -> Result<(), Error> {
        self.check_read();
        let end = self.base + self.len;
        let err = match self.state {
            State::Closed => return Ok(()),
            State::Failed(e) => return Err(e),
            State::Dash(at) => Error::new(ErrorKind::InvalidDelimiter, at),
            State::Headers(start) => match read_head(
                &self.block[..self.held],
                start,
                self.max_header_bytes,
                self.max_headers,
            ) {
                Err(e) => e,
                Ok(_) => Error::new(ErrorKind::UnexpectedEnd, end),
            },
            _ => Error::new(ErrorKind::UnexpectedEnd, end),
        };
        self.state = State::Failed(err);
        Err(err)
    }

    #[inline]
    fn check_read(&self) {
        assert!(
            self.at == self.len || matches!(self.state, State::Closed | State::Failed(_)),
            "multipart::Feed: a chunk was left before it was read to its end"
        );
    }

    #[cold]
    fn fail(&mut self, kind: ErrorKind, at: usize) -> Result<Step, Error> {
        let e = Error::new(kind, at);
        self.state = State::Failed(e);
        Err(e)
    }

    /// Reads `bytes` (the current chunk) from `at` to the next event.
    fn step(&mut self, bytes: &[u8]) -> Result<Step, Error> {
        loop {
            let rest = &bytes[self.at..];
            match self.state {
                State::Closed | State::Failed(_) => {
                    self.at = bytes.len();
                    return Ok(Step::Wait);
                }
                State::Preamble | State::Data => {
                    let data = self.state == State::Data;
                    if self.matched > 0 {
                        // Bytes held back: the delimiter goes on in this
                        // chunk, or they were data.
                        let want = &self.delimiter[self.matched..];
                        let n = want.len().min(rest.len());
                        if rest[..n] == want[..n] {
                            self.at += n;
                            if n < want.len() {
                                self.matched += n;
                                return Ok(Step::Wait);
                            }
                            self.matched = 0;
                            self.state = State::AfterBoundary;
                            if data {
                                return Ok(Step::End);
                            }
                            continue;
                        }
                        // The delimiter holds one CR, its first byte: none
                        // of the held bytes after it starts another.
                        let held = core::mem::replace(&mut self.matched, 0);
                        if data {
                            return Ok(Step::Held(held));
                        }
                        continue;
                    }
                    if rest.is_empty() {
                        return Ok(Step::Wait);
                    }
                    let from = self.at;
                    let end = match self.find(rest) {
                        Some(k) => {
                            // The whole delimiter, taken as held: the next
                            // step passes it.
                            self.at = from + k + self.delimiter.len();
                            self.matched = self.delimiter.len();
                            k
                        }
                        None => {
                            // Hold back a tail that may start a delimiter:
                            // from the last CR, if what follows it is one's
                            // first bytes (no earlier CR can start one).
                            let tail = rest.len().saturating_sub(self.delimiter.len() - 1);
                            let keep = memchr::memrchr(b'\r', &rest[tail..])
                                .map(|r| tail + r)
                                .filter(|&cr| self.delimiter.starts_with(&rest[cr..]));
                            let end = keep.unwrap_or(rest.len());
                            self.matched = rest.len() - end;
                            self.at = bytes.len();
                            end
                        }
                    };
                    if data && end > 0 {
                        return Ok(Step::Data(from, from + end));
                    }
                }
                State::AfterBoundary | State::Padding => {
                    let Some(&b) = rest.first() else {
                        return Ok(Step::Wait);
                    };
                    let at = self.base + self.at;
                    self.at += 1;
                    self.state = match b {
                        b'-' if self.state == State::AfterBoundary => State::Dash(at),
                        b' ' | b'\t' => State::Padding,
                        b'\r' => State::Cr(at),
                        _ => return self.fail(ErrorKind::InvalidDelimiter, at),
                    };
                }
                State::Dash(at) => {
                    let Some(&b) = rest.first() else {
                        return Ok(Step::Wait);
                    };
                    if b != b'-' {
                        return self.fail(ErrorKind::InvalidDelimiter, at);
                    }
                    self.at += 1;
                    self.state = State::Closed;
                }
                State::Cr(at) => {
                    let Some(&b) = rest.first() else {
                        return Ok(Step::Wait);
                    };
                    if b != b'\n' {
                        return self.fail(ErrorKind::InvalidDelimiter, at);
                    }
                    self.at += 1;
                    let start = self.base + self.at;
                    if self.count == self.max_parts {
                        return self.fail(ErrorKind::TooManyParts, start);
                    }
                    self.count += 1;
                    self.state = State::Headers(start);
                    self.held = 0;
                    self.searched = 0;
                    // The delimiter line's CRLF: a block that starts with
                    // CRLF is empty.
                    self.scan = 2;
                }
                State::Headers(start) => return Ok(self.header_bytes(start, bytes)),
            }
        }
    }

    /// The first whole delimiter in `rest`. As the one-shot scan searches
    /// (`search.rs`): the shared `\r\n--` searcher, each hit compared with
    /// the boundary (which holds no CR, so no later delimiter starts before
    /// the hit's end); past [`WHOLE_DELIMITER_AFTER`] bytes of one part's
    /// data, memmem's searcher for the whole delimiter, built once a feed.
    /// A delimiter cut by the chunk's end is not found here: the caller
    /// holds it back.
    #[inline]
    fn find(&mut self, rest: &[u8]) -> Option<usize> {
        if self.whole.is_none() && self.searched > WHOLE_DELIMITER_AFTER {
            self.whole = Some(Finder::new(self.delimiter));
        }
        if let Some(whole) = &self.whole {
            return whole.find(rest);
        }
        let boundary = &self.delimiter[4..];
        let mut from = 0;
        while let Some(k) = self.short.find(&rest[from..]) {
            let at = from + k;
            if rest[at + 4..].starts_with(boundary) {
                return Some(at);
            }
            from = at + 4;
        }
        self.searched += rest.len();
        None
    }

    /// Gathers the header block of the part starting at `start`: whole
    /// once it holds its empty line, or `max_header_bytes + 2` bytes (the
    /// most the one-shot scan reads of it), or at the body's end. Read in
    /// the chunk when it is whole there, else in the carry.
    fn header_bytes(&mut self, start: usize, bytes: &[u8]) -> Step {
        let rest = &bytes[self.at..];
        let need = self.max_header_bytes.saturating_add(2);
        if self.held == 0 {
            let window = &rest[..rest.len().min(need)];
            let mut scan = self.scan;
            if let Some(end) = block_end(&mut scan, window) {
                return Step::Head {
                    start,
                    in_chunk: true,
                    from: self.at,
                    to: self.at + end,
                };
            }
            if window.len() == need {
                return Step::Head {
                    start,
                    in_chunk: true,
                    from: self.at,
                    to: self.at + need,
                };
            }
            self.block[..rest.len()].copy_from_slice(rest);
            self.held = rest.len();
            self.scan = scan;
            self.at = bytes.len();
            return Step::Wait;
        }
        let take = rest.len().min(need - self.held);
        let end = block_end(&mut self.scan, &rest[..take]);
        let n = end.unwrap_or(take);
        self.block[self.held..self.held + n].copy_from_slice(&rest[..n]);
        self.held += n;
        self.at += n;
        if end.is_some() || self.held == need {
            return Step::Head {
                start,
                in_chunk: false,
                from: 0,
                to: self.held,
            };
        }
        Step::Wait
    }
}

/// Reads `bytes` on from a match of `scan` bytes of `\r\n\r\n`: the
/// index just past the first whole match, or `None` (with `scan` updated).
#[inline]
fn block_end(scan: &mut u8, bytes: &[u8]) -> Option<usize> {
    let mut i = 0;
    while i < bytes.len() {
        if *scan == 0 {
            i += memchr::memchr(b'\r', &bytes[i..])?;
        }
        *scan = match (bytes[i], *scan) {
            (b'\r', 2) => 3,
            (b'\r', _) => 1,
            (b'\n', 1) => 2,
            (b'\n', 3) => {
                *scan = 0;
                return Some(i + 1);
            }
            _ => 0,
        };
        i += 1;
    }
    None
}

impl fmt::Debug for Feed<'_> {
    /// The state and offsets, never the body's bytes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Feed")
            .field("state", &self.state)
            .field("offset", &(self.base + self.at))
            .field("parts", &self.count)
            .finish_non_exhaustive()
    }
}
