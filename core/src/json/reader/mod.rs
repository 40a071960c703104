//! The pull reader.
//!
//! This file holds the [`Reader`] itself: its state, the depth stack,
//! [`Reader::peek`], [`Reader::finish`] and the errors. Objects and arrays
//! are walked in `members`, scalars read in `scalars`, and any value
//! skipped in `skip`.

use super::Kind;
use crate::error::{Error, ErrorKind};
use crate::limits::Limits;

mod members;
mod scalars;
mod skip;

pub(crate) use members::short_name_word;
pub use members::Expect;

/// The deepest nesting a [`Reader`] tracks, whatever
/// [`Limits::max_json_depth`] says: one bit a level, kept on the stack.
///
/// ```
/// use binder_core::json::{Reader, MAX_DEPTH};
/// use binder_core::{ErrorKind, Limits};
///
/// let mut limits = Limits::DEFAULT;
/// limits.max_json_depth = usize::MAX; // asks for more than the reader tracks
/// let deep = "[".repeat(MAX_DEPTH + 1);
/// let err = Reader::with_limits(deep.as_bytes(), &limits).skip_value().unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::JsonTooDeep, MAX_DEPTH));
/// ```
pub const MAX_DEPTH: usize = 1024;

const STACK_WORDS: usize = MAX_DEPTH / 64;

/// Eight spaces, as one word (the same in either byte order).
const SPACES: u64 = u64::from_le_bytes([b' '; 8]);

/// JSON's whitespace (RFC 8259 §2): space, tab, line feed, carriage return.
/// Every other byte, and all of those above `b' '` tested first, ends a run.
#[cfg_attr(not(debug_assertions), inline(always))]
fn is_json_ws(c: u8) -> bool {
    c <= b' ' && matches!(c, b' ' | b'\t' | b'\n' | b'\r')
}

/// The rest of a whitespace run from `at`, just after a line break: the
/// indentation's spaces sixteen bytes (two words) a trip round the loop,
/// the last block's counted from the first byte that is not one, then
/// byte by byte. Where it ends, and the byte there.
///
/// Sixteen, not eight: citm_catalog indents 24 and 28 spaces deep, and at
/// a word a trip, each with its own bounds check, a line cost about 60
/// instructions there (now 49) and 40 in twitter (now 36).
///
/// Cold and out of line on purpose: only indented documents reach it, and
/// kept out of `skip_ws` it leaves the compact documents' loop as small as
/// a byte test (inlined, canada's rows were 4.7% dearer).
#[cold]
#[inline(never)]
fn after_line_break(bytes: &[u8], mut at: usize) -> (usize, Option<u8>) {
    while let Some(block) = bytes.get(at..).and_then(<[u8]>::first_chunk::<16>) {
        let (lo, hi) = le_words(block);
        // Zero bytes where a word has spaces; read little-endian, the
        // lowest set bit is in the first byte that is not a space.
        let lo = lo ^ SPACES;
        if lo != 0 {
            at += (lo.trailing_zeros() / 8) as usize;
            break;
        }
        let hi = hi ^ SPACES;
        if hi != 0 {
            at += 8 + (hi.trailing_zeros() / 8) as usize;
            break;
        }
        at += 16;
    }
    while let Some(&c) = bytes.get(at) {
        if !is_json_ws(c) {
            return (at, Some(c));
        }
        at += 1;
    }
    (at, None)
}

/// Sixteen bytes as two little-endian words: the first eight, the next.
#[cfg_attr(not(debug_assertions), inline(always))]
fn le_words(chunk: &[u8; 16]) -> (u64, u64) {
    let (lo, hi) = chunk.split_at(8);
    (
        u64::from_le_bytes(lo.try_into().unwrap_or_default()),
        u64::from_le_bytes(hi.try_into().unwrap_or_default()),
    )
}

/// What the reader expects next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// A value: at the start, after a member's name, after
    /// [`Reader::next_element`] returned `true`.
    Value,
    /// The first member or element of the container just opened, or its end.
    First,
    /// A value was just read: a comma or the container's end, or (at the top)
    /// the end of input.
    Next,
    /// A syntax error was returned: every later call fails.
    Failed,
}

/// A strict, zero-copy pull reader of one JSON document
/// ([RFC 8259](https://www.rfc-editor.org/rfc/rfc8259)).
///
/// The caller walks the document once, asking for what it expects:
/// [`peek`](Reader::peek) says what comes next,
/// [`begin_object`](Reader::begin_object) and
/// [`next_member`](Reader::next_member) walk an object,
/// [`begin_array`](Reader::begin_array) and
/// [`next_element`](Reader::next_element) an array, the `read_` methods
/// take one scalar, [`skip_value`](Reader::skip_value) validates and skips
/// any value, and [`finish`](Reader::finish) checks nothing follows.
///
/// ```
/// use binder_core::json::Reader;
///
/// let body = br#"{"name": "Ada", "age": 36, "tags": ["x"], "admin": true}"#;
/// let mut r = Reader::new(body);
/// let (mut name, mut age, mut admin) = (None, None, None);
/// let mut scratch = [0u8; 32];
/// r.begin_object()?;
/// while let Some(member) = r.next_member(&mut scratch)? {
///     match member.key() {
///         Some(b"name") => name = Some(r.read_str()?.as_str()),
///         Some(b"age") => age = Some(r.read_number()?.parse::<u32>()?),
///         Some(b"admin") => admin = Some(r.read_bool()?),
///         _ => r.skip_value()?,
///     }
/// }
/// r.finish()?;
/// assert_eq!((name, age, admin), (Some(Some("Ada")), Some(36), Some(true)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The reader never accepts what RFC 8259 refuses, whatever order the
/// caller calls it in: a call the grammar does not allow where the reader
/// stands is [`ErrorKind::JsonOutOfOrder`], and after a syntax error every
/// call fails. A value of another type than the one asked for is
/// [`ErrorKind::JsonUnexpectedType`] and consumes nothing, so the caller can
/// record a field error and [`skip_value`](Reader::skip_value).
#[derive(Clone, Debug)]
pub struct Reader<'a> {
    /// The input up to its first byte that is not UTF-8 (all of it when it
    /// is all UTF-8): reaching its end early is then that error.
    text: &'a str,
    pos: usize,
    /// Whether `text` is the whole input.
    complete: bool,
    state: State,
    depth: usize,
    max_depth: usize,
    /// Whether the innermost open container is an object (`false` when none
    /// is): bit `depth - 1` of `objects`, kept at hand.
    object: bool,
    /// Whether a bind through this reader refuses a scalar of another kind
    /// than its field's type takes (`#[bind(strict)]`).
    strict: bool,
    /// Whether members may still be written compactly, for
    /// [`Reader::take_expected`]: false from the first whitespace found
    /// where it looked for a member's name.
    compact: bool,
    /// Bit `d` set: the container at depth `d + 1` is an object.
    objects: [u64; STACK_WORDS],
}

impl<'a> Reader<'a> {
    /// A reader of `input` under [`Limits::DEFAULT`].
    ///
    /// The whole input is checked for UTF-8 here, once; a byte that is not
    /// is reported when the reader reaches it.
    ///
    /// ```
    /// use binder_core::{json::Reader, ErrorKind};
    ///
    /// let mut r = Reader::new(b"[\"ok\", \"\xff\"]");
    /// r.begin_array()?;
    /// r.next_element()?;
    /// assert_eq!(r.read_str()?.as_str(), Some("ok"));
    /// r.next_element()?;
    /// let err = r.read_str().unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::JsonInvalidUtf8, 8));
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub fn new(input: &'a [u8]) -> Self {
        Self::with_limits(input, &Limits::DEFAULT)
    }

    /// A reader of `input` under `limits` ([`Limits::max_json_depth`], of
    /// which at most [`MAX_DEPTH`] is honoured).
    ///
    /// ```
    /// use binder_core::{json::Reader, ErrorKind, Limits};
    ///
    /// let mut limits = Limits::DEFAULT;
    /// limits.max_json_depth = 1;
    /// let mut r = Reader::with_limits(b"[[]]", &limits);
    /// r.begin_array()?;
    /// r.next_element()?;
    /// let err = r.begin_array().unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::JsonTooDeep, 1));
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub fn with_limits(input: &'a [u8], limits: &Limits) -> Self {
        let (text, complete) = match crate::text::from_utf8(input) {
            Ok(text) => (text, true),
            Err(e) => (valid_prefix(input, e.valid_up_to()), false),
        };
        Reader {
            text,
            pos: 0,
            complete,
            state: State::Value,
            depth: 0,
            max_depth: if limits.max_json_depth < MAX_DEPTH {
                limits.max_json_depth
            } else {
                MAX_DEPTH
            },
            object: false,
            strict: false,
            compact: true,
            objects: [0; STACK_WORDS],
        }
    }

    /// Makes binds through this reader strict: a field refuses a JSON
    /// scalar of another kind than its type takes
    /// ([`FromText::JSON`](crate::convert::FromText::JSON): `"42"` into a
    /// `u32`), and a list refuses a lone value where an array is due.
    /// `#[bind(strict)]` sets it for a body.
    ///
    /// ```
    /// use binder_core::json::Reader;
    ///
    /// let mut r = Reader::new(b"1");
    /// assert!(!r.is_strict());
    /// r.set_strict(true);
    /// assert!(r.is_strict());
    /// ```
    #[inline]
    pub fn set_strict(&mut self, strict: bool) {
        self.strict = strict;
    }

    /// Whether binds through this reader are strict
    /// ([`Reader::set_strict`]).
    ///
    /// ```
    /// use binder_core::json::Reader;
    ///
    /// assert!(!Reader::new(b"[]").is_strict());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_strict(&self) -> bool {
        self.strict
    }

    /// The byte offset the reader has reached in the input.
    ///
    /// ```
    /// let mut r = binder_core::json::Reader::new(b" [1] ");
    /// r.begin_array()?;
    /// assert_eq!(r.offset(), 2);
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// How deep the reader stands: 0 outside every container.
    ///
    /// ```
    /// let mut r = binder_core::json::Reader::new(b"[[]]");
    /// r.begin_array()?;
    /// assert_eq!(r.depth(), 1);
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub fn depth(&self) -> usize {
        self.depth
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    /// Skips whitespace; the next byte, not consumed.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn skip_ws(&mut self) -> Option<u8> {
        let bytes = self.bytes();
        while let Some(&c) = bytes.get(self.pos) {
            if !is_json_ws(c) {
                return Some(c);
            }
            self.pos += 1;
            if c == b'\n' {
                let (at, next) = after_line_break(bytes, self.pos);
                self.pos = at;
                return next;
            }
        }
        None
    }

    /// Skips whitespace; the next byte, or the end-of-input error.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn next_byte(&mut self) -> Result<u8, Error> {
        match self.skip_ws() {
            Some(c) => Ok(c),
            None => Err(self.eof()),
        }
    }

    /// A syntax error: every later call fails.
    #[cold]
    #[inline(never)]
    fn fail(&mut self, kind: ErrorKind, at: usize) -> Error {
        self.state = State::Failed;
        Error::new(kind, at)
    }

    /// The input ended early: at its real end, or at a byte that is not
    /// UTF-8.
    #[cold]
    #[inline(never)]
    fn eof(&mut self) -> Error {
        let kind = if self.complete {
            ErrorKind::JsonEof
        } else {
            ErrorKind::JsonInvalidUtf8
        };
        self.fail(kind, self.text.len())
    }

    #[cold]
    #[inline(never)]
    fn unexpected(&mut self, at: usize) -> Error {
        if at >= self.text.len() {
            return self.eof();
        }
        self.fail(ErrorKind::JsonUnexpected, at)
    }

    #[cold]
    #[inline(never)]
    fn out_of_order(&mut self) -> Error {
        self.fail(ErrorKind::JsonOutOfOrder, self.pos)
    }

    /// The byte `c` at `pos` starts no value of the type asked for: a type
    /// error if it starts another value (nothing consumed), else a syntax
    /// error.
    #[cold]
    #[inline(never)]
    fn mismatch(&mut self, c: u8) -> Error {
        if kind_of(c).is_some() {
            Error::new(ErrorKind::JsonUnexpectedType, self.pos)
        } else {
            self.unexpected(self.pos)
        }
    }

    /// Where a value is due: the state is right, whitespace is skipped, and
    /// the value's first byte is returned, not consumed.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn value_start(&mut self) -> Result<u8, Error> {
        if self.state != State::Value {
            return Err(self.out_of_order());
        }
        self.next_byte()
    }

    /// Where a value is due, its first byte, not consumed: for a caller
    /// that dispatches on it and then calls the matching `_here` method
    /// ([`Reader::str_here`], [`Reader::number_here`], ...) or, for a byte
    /// that starts no value, [`Reader::not_a_value`]. One state check and
    /// one whitespace skip, where [`Reader::peek`] and a `read_` method take
    /// two.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn value_byte(&mut self) -> Result<u8, Error> {
        self.value_start()
    }

    /// The error for the byte at `pos`, which starts no value.
    #[cold]
    #[inline(never)]
    pub(crate) fn not_a_value(&mut self) -> Error {
        self.unexpected(self.pos)
    }

    /// What the next value is, without consuming it (whitespace aside). The
    /// value is checked only when it is read or skipped.
    ///
    /// ```
    /// use binder_core::json::{Kind, Reader};
    ///
    /// let mut r = Reader::new(b"  -1");
    /// assert_eq!(r.peek()?, Kind::Number);
    /// assert_eq!(r.read_number()?.as_str(), "-1");
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::JsonEof`], or [`ErrorKind::JsonUnexpected`] for a byte
    /// that starts no value; [`ErrorKind::JsonOutOfOrder`] where no value is
    /// due.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn peek(&mut self) -> Result<Kind, Error> {
        let c = self.value_start()?;
        match kind_of(c) {
            Some(kind) => Ok(kind),
            None => Err(self.unexpected(self.pos)),
        }
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn push(&mut self, object: bool) -> Result<(), Error> {
        let d = self.depth;
        if d >= self.max_depth {
            return Err(self.fail(ErrorKind::JsonTooDeep, self.pos));
        }
        let (word, bit) = (d / 64, 1u64 << (d % 64));
        if let Some(w) = self.objects.get_mut(word) {
            if object {
                *w |= bit;
            } else {
                *w &= !bit;
            }
        }
        self.depth = d + 1;
        self.object = object;
        self.pos += 1;
        Ok(())
    }

    /// Whether the innermost open container is an object (`false` when none
    /// is open).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn in_object(&self) -> bool {
        self.object
    }

    /// Consumes the closing byte at `pos` and leaves the container.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn close(&mut self) {
        self.pos += 1;
        self.depth -= 1;
        self.object = self.object_at_depth();
    }

    /// Whether the container at `depth` is an object, from the bit stack.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn object_at_depth(&self) -> bool {
        match self.depth.checked_sub(1) {
            Some(d) => self
                .objects
                .get(d / 64)
                .is_some_and(|w| w >> (d % 64) & 1 == 1),
            None => false,
        }
    }

    /// Consumes the closing byte at `pos`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn pop(&mut self) {
        self.close();
        self.state = State::Next;
    }

    /// Checks that only whitespace follows the value read.
    ///
    /// ```
    /// use binder_core::{json::Reader, ErrorKind};
    ///
    /// let mut r = Reader::new(b"{} \n");
    /// r.skip_value()?;
    /// r.finish()?;
    ///
    /// let mut r = Reader::new(b"{} x");
    /// r.skip_value()?;
    /// assert_eq!(r.finish().unwrap_err().kind(), ErrorKind::JsonTrailing);
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::JsonTrailing`] for anything but whitespace after the
    /// value; [`ErrorKind::JsonInvalidUtf8`] if the input is not UTF-8;
    /// [`ErrorKind::JsonOutOfOrder`] before the whole value was read.
    #[inline]
    pub fn finish(&mut self) -> Result<(), Error> {
        if self.state != State::Next || self.depth != 0 {
            return Err(self.out_of_order());
        }
        match self.skip_ws() {
            None if self.complete => Ok(()),
            None => Err(self.eof()),
            Some(_) => Err(self.fail(ErrorKind::JsonTrailing, self.pos)),
        }
    }
}

/// `bytes[start..end]`: the scan read every byte of it, so it never
/// panics (and the compiler, seeing that, checks nothing).
#[cfg_attr(not(debug_assertions), inline(always))]
fn slice(bytes: &[u8], start: usize, end: usize) -> &[u8] {
    &bytes[start..end]
}

/// What kind of value a byte starts, if any.
#[inline]
fn kind_of(c: u8) -> Option<Kind> {
    Some(match c {
        b'{' => Kind::Object,
        b'[' => Kind::Array,
        b'"' => Kind::String,
        b'-' | b'0'..=b'9' => Kind::Number,
        b't' | b'f' => Kind::Bool,
        b'n' => Kind::Null,
        _ => return None,
    })
}

/// The UTF-8 prefix of `input`, `valid_up_to` bytes long.
#[cold]
fn valid_prefix(input: &[u8], valid_up_to: usize) -> &str {
    core::str::from_utf8(&input[..valid_up_to]).unwrap_or_default()
}

#[cfg(test)]
mod tests;
