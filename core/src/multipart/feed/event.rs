//! What a [`Feed`] hands out: the [`Chunk`] it reads, its [`Event`]s and
//! [`PartHead`]s, and the [`CarryTooSmall`] error.

use super::super::parts::{disposition, headers};
use super::super::Param;
use super::{Feed, State, Step};
use crate::error::{Error, ErrorKind};
use core::fmt;

/// A carry too small for [`Feed::new`]: it must hold the delimiter and a
/// part's whole header block.
///
/// ```
/// use binder_core::multipart::{Boundary, Feed};
/// use binder_core::Limits;
///
/// let boundary = Boundary::new(b"b")?;
/// let mut carry = [0u8; 100];
/// let err = Feed::new(&boundary, &mut carry, &Limits::DEFAULT).unwrap_err();
/// // `\r\n--b`, then 8 KiB of headers and their empty line.
/// assert_eq!((err.carry(), err.delimiter(), err.header_block()), (100, 5, 8 * 1024 + 2));
/// assert_eq!(err.needed(), 5 + 8 * 1024 + 2);
/// assert!(err.to_string().contains("8199"));
/// # Ok::<(), binder_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CarryTooSmall {
    pub(super) carry: usize,
    pub(super) delimiter: usize,
    pub(super) header_block: usize,
}

impl CarryTooSmall {
    /// The carry's length.
    #[inline]
    pub fn carry(&self) -> usize {
        self.carry
    }

    /// The delimiter's length, `\r\n--` and the boundary.
    #[inline]
    pub fn delimiter(&self) -> usize {
        self.delimiter
    }

    /// The longest header block, [`Limits::max_part_header_bytes`](crate::Limits::max_part_header_bytes) and the
    /// empty line's CRLF.
    #[inline]
    pub fn header_block(&self) -> usize {
        self.header_block
    }

    /// The carry length needed: the delimiter and the header block.
    #[inline]
    pub fn needed(&self) -> usize {
        self.delimiter.saturating_add(self.header_block)
    }
}

impl fmt::Display for CarryTooSmall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a multipart carry of {} bytes cannot hold the delimiter ({} bytes) and a part's header block ({} bytes, max_part_header_bytes + 2): it needs {}",
            self.carry,
            self.delimiter,
            self.header_block,
            self.needed()
        )
    }
}

impl core::error::Error for CarryTooSmall {}

/// The head of the part whose header block is `block` (all of it the
/// one-shot scan reads), starting at body offset `start`, and the length
/// of the block with its empty line.
pub(super) fn read_head(
    block: &[u8],
    start: usize,
    max_header_bytes: usize,
    max_headers: usize,
) -> Result<(PartHead<'_>, usize), Error> {
    let moved = |e: Error| Error::new(e.kind(), start + e.offset());
    let h = headers(block, 0, max_header_bytes, max_headers).map_err(moved)?;
    let Some((ds, de)) = h.disposition else {
        return Err(Error::new(ErrorKind::InvalidContentDisposition, start));
    };
    let (name, filename) = disposition(block, ds, de).map_err(moved)?;
    Ok((
        PartHead {
            name,
            filename,
            content_type: h.content_type.map(|(s, e)| &block[s..e]),
            headers: &block[..h.end],
            offset: start,
        },
        h.end + 2,
    ))
}

/// One chunk of the body in a [`Feed`], read event by event with
/// [`Chunk::next`] (a lending iterator: each event borrows the chunk or
/// the carry until the next call).
///
/// ```
/// use binder_core::multipart::{Boundary, Event, Feed};
/// use binder_core::Limits;
///
/// let boundary = Boundary::new(b"b")?;
/// let mut carry = vec![0u8; Feed::carry_len(&Limits::DEFAULT)];
/// let mut feed = Feed::new(&boundary, &mut carry, &Limits::DEFAULT).expect("fits");
/// let mut input = feed.input(b"--b\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--b--");
/// assert!(matches!(input.next()?, Some(Event::Part(_))));
/// assert_eq!(input.next()?, Some(Event::Data(b"1")));
/// assert_eq!(input.next()?, Some(Event::End));
/// assert_eq!(input.next()?, None);
/// # Ok::<(), binder_core::Error>(())
/// ```
pub struct Chunk<'f, 'c, 'b> {
    pub(super) feed: &'f mut Feed<'c>,
    pub(super) bytes: &'b [u8],
}

impl Chunk<'_, '_, '_> {
    /// The next event of the chunk, or `None` once it is read.
    ///
    /// ```
    /// use binder_core::multipart::{Boundary, Event, Feed};
    /// use binder_core::{ErrorKind, Limits};
    ///
    /// let boundary = Boundary::new(b"b")?;
    /// let mut carry = vec![0u8; Feed::carry_len(&Limits::DEFAULT)];
    /// let mut feed = Feed::new(&boundary, &mut carry, &Limits::DEFAULT).expect("fits");
    /// let mut input = feed.input(b"--b\r\nContent-Disposition: form-data\r\n\r\n");
    /// let err = input.next().unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::MissingPartName, 26));
    /// assert_eq!(input.next()?, None); // nothing after an error
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// What the one-shot scan reports for the body, once: afterwards the
    /// feed reads nothing more, and [`Feed::finish`] returns it again.
    #[allow(clippy::should_implement_trait)] // lending: not an `Iterator`
    pub fn next(&mut self) -> Result<Option<Event<'_>>, Error> {
        let step = self.feed.step(self.bytes)?;
        let feed = &mut *self.feed;
        Ok(Some(match step {
            Step::Wait => return Ok(None),
            Step::Data(from, to) => Event::Data(&self.bytes[from..to]),
            Step::Held(n) => Event::Data(&feed.delimiter[..n]),
            Step::End => Event::End,
            Step::Head {
                start,
                in_chunk,
                from,
                to,
            } => {
                let block: &[u8] = if in_chunk {
                    &self.bytes[from..to]
                } else {
                    &feed.block[..to]
                };
                match read_head(block, start, feed.max_header_bytes, feed.max_headers) {
                    Ok((head, len)) => {
                        if in_chunk {
                            feed.at = from + len;
                        }
                        feed.state = State::Data;
                        feed.matched = 0;
                        Event::Part(head)
                    }
                    Err(e) => {
                        feed.state = State::Failed(e);
                        return Err(e);
                    }
                }
            }
        }))
    }
}

impl fmt::Debug for Chunk<'_, '_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Chunk")
            .field("feed", &*self.feed)
            .field("len", &self.bytes.len())
            .finish()
    }
}

/// What [`Chunk::next`] read.
///
/// ```
/// use binder_core::multipart::{Boundary, Event, Feed};
/// use binder_core::Limits;
///
/// let boundary = Boundary::new(b"b")?;
/// let mut carry = vec![0u8; Feed::carry_len(&Limits::DEFAULT)];
/// let mut feed = Feed::new(&boundary, &mut carry, &Limits::DEFAULT).expect("fits");
/// let mut kinds = Vec::new();
/// for chunk in [&b"--b\r\nContent-Disposition: form-data; name=a\r\n\r\nab\r"[..], b"\ncd\r\n--b--"] {
///     let mut input = feed.input(chunk);
///     while let Some(event) = input.next()? {
///         kinds.push(match event {
///             Event::Part(_) => "part".to_string(),
///             Event::Data(bytes) => String::from_utf8_lossy(bytes).into_owned(),
///             Event::End => "end".to_string(),
///         });
///     }
/// }
/// feed.finish()?;
/// // The CR at the first chunk's end was held back: it might have begun
/// // the delimiter.
/// assert_eq!(kinds, ["part", "ab", "\r", "\ncd", "end"]);
/// # Ok::<(), binder_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event<'a> {
    /// A part begins: its head. Its data follows.
    Part(PartHead<'a>),
    /// The next piece of the current part's data, never empty.
    Data(&'a [u8]),
    /// The current part is complete: its closing delimiter was read.
    End,
}

/// A part's head: [`Part`](crate::multipart::Part) without the data, with the same
/// accessors and meaning.
///
/// ```
/// use binder_core::multipart::{Boundary, Event, Feed};
/// use binder_core::Limits;
///
/// let boundary = Boundary::new(b"b")?;
/// let mut carry = vec![0u8; Feed::carry_len(&Limits::DEFAULT)];
/// let mut feed = Feed::new(&boundary, &mut carry, &Limits::DEFAULT).expect("fits");
/// let mut input = feed.input(b"--b\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"a.txt\"\r\n\
///                              Content-Type: text/plain\r\n\r\nhello\r\n--b--");
/// let Some(Event::Part(head)) = input.next()? else { panic!("a part") };
/// assert_eq!(head.name().raw(), b"doc");
/// assert_eq!(head.filename().map(|f| f.raw()), Some(&b"a.txt"[..]));
/// assert!(head.is_file());
/// assert_eq!(head.content_type(), Some(&b"text/plain"[..]));
/// assert!(head.headers().starts_with(b"Content-Disposition: form-data;"));
/// assert_eq!(head.offset(), 5);
/// # Ok::<(), binder_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartHead<'a> {
    name: Param<'a>,
    filename: Option<Param<'a>>,
    content_type: Option<&'a [u8]>,
    headers: &'a [u8],
    offset: usize,
}

impl<'a> PartHead<'a> {
    /// The `name` parameter of the part's `Content-Disposition` (never empty).
    #[inline]
    pub fn name(&self) -> Param<'a> {
        self.name
    }

    /// The `filename` parameter, if the part has one (a file input).
    #[inline]
    pub fn filename(&self) -> Option<Param<'a>> {
        self.filename
    }

    /// Whether the part has a `filename` parameter, as a file input's part
    /// always does.
    #[inline]
    pub fn is_file(&self) -> bool {
        self.filename.is_some()
    }

    /// The `Content-Type` header's value, trimmed, not interpreted.
    #[inline]
    pub fn content_type(&self) -> Option<&'a [u8]> {
        self.content_type
    }

    /// The part's header lines as sent, each with its CRLF, without the
    /// empty line that ends them.
    #[inline]
    pub fn headers(&self) -> &'a [u8] {
        self.headers
    }

    /// The byte offset of the part's first header line in the body.
    #[inline]
    pub fn offset(&self) -> usize {
        self.offset
    }
}
