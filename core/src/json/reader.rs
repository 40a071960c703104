//! The pull reader.

use super::number::Number;
use super::string::{escape_at, find_stop, EscapeError, JsonStr, Name};
use super::Kind;
use crate::error::{Error, ErrorKind};
use crate::limits::Limits;

/// The deepest nesting a [`Reader`] tracks, whatever
/// [`Limits::max_json_depth`] says: one bit a level, kept on the stack.
pub const MAX_DEPTH: usize = 1024;

const STACK_WORDS: usize = MAX_DEPTH / 64;

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
            objects: [0; STACK_WORDS],
        }
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

    #[inline(always)]
    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    /// Skips whitespace; the next byte, not consumed.
    #[inline(always)]
    fn skip_ws(&mut self) -> Option<u8> {
        let bytes = self.bytes();
        while let Some(&c) = bytes.get(self.pos) {
            if c > b' ' || !matches!(c, b' ' | b'\t' | b'\n' | b'\r') {
                return Some(c);
            }
            self.pos += 1;
        }
        None
    }

    /// Skips whitespace; the next byte, or the end-of-input error.
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline]
    pub fn peek(&mut self) -> Result<Kind, Error> {
        let c = self.value_start()?;
        match kind_of(c) {
            Some(kind) => Ok(kind),
            None => Err(self.unexpected(self.pos)),
        }
    }

    #[inline(always)]
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
    #[inline(always)]
    fn in_object(&self) -> bool {
        self.object
    }

    /// Consumes the closing byte at `pos` and leaves the container.
    #[inline(always)]
    fn close(&mut self) {
        self.pos += 1;
        self.depth -= 1;
        self.object = self.object_at_depth();
    }

    /// Whether the container at `depth` is an object, from the bit stack.
    #[inline(always)]
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
    #[inline(always)]
    fn pop(&mut self) {
        self.close();
        self.state = State::Next;
    }

    /// Opens an object: the caller then calls [`Reader::next_member`] until
    /// it returns `None`.
    ///
    /// ```
    /// let mut r = binder_core::json::Reader::new(b"{}");
    /// r.begin_object()?;
    /// assert!(r.next_member(&mut [])?.is_none());
    /// r.finish()?;
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::JsonUnexpectedType`] if the value is not an object;
    /// [`ErrorKind::JsonTooDeep`] past the depth limit; as
    /// [`Reader::peek`].
    #[inline(always)]
    pub fn begin_object(&mut self) -> Result<(), Error> {
        let c = self.value_start()?;
        if c != b'{' {
            return Err(self.mismatch(c));
        }
        self.object_here()
    }

    /// Opens the object whose `{` is at `pos`, where a value is due (as
    /// [`Reader::value_byte`] found).
    #[inline(always)]
    pub(crate) fn object_here(&mut self) -> Result<(), Error> {
        self.push(true)?;
        self.state = State::First;
        Ok(())
    }

    /// Opens an array: the caller then reads a value each time
    /// [`Reader::next_element`] returns `true`.
    ///
    /// ```
    /// let mut r = binder_core::json::Reader::new(b"[true, false]");
    /// let mut all = Vec::new();
    /// r.begin_array()?;
    /// while r.next_element()? {
    ///     all.push(r.read_bool()?);
    /// }
    /// r.finish()?;
    /// assert_eq!(all, [true, false]);
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`Reader::begin_object`].
    #[inline(always)]
    pub fn begin_array(&mut self) -> Result<(), Error> {
        let c = self.value_start()?;
        if c != b'[' {
            return Err(self.mismatch(c));
        }
        self.array_here()
    }

    /// Opens the array whose `[` is at `pos`, where a value is due (as
    /// [`Reader::value_byte`] found).
    #[inline(always)]
    pub(crate) fn array_here(&mut self) -> Result<(), Error> {
        self.push(false)?;
        self.state = State::First;
        Ok(())
    }

    /// The next member's name, its colon consumed, or `None` at the object's
    /// `}`. The caller must then read or skip the member's value.
    ///
    /// A name written without escapes is borrowed from the input; one with
    /// escapes is decoded into `scratch`, and if it does not fit,
    /// [`Name::key`] is `None` (see [`Name`]): size `scratch` to the longest
    /// name you match.
    ///
    /// ```
    /// let mut r = binder_core::json::Reader::new(br#"{"a": 1, "b": 2}"#);
    /// let mut names = Vec::new();
    /// r.begin_object()?;
    /// while let Some(name) = r.next_member(&mut [0u8; 8])? {
    ///     names.push(name.raw().raw());
    ///     r.skip_value()?;
    /// }
    /// assert_eq!(names, ["a", "b"]);
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::JsonUnexpected`] for a missing comma or colon, a name
    /// that is not a string, or a trailing comma; string errors as
    /// [`Reader::read_str`]; [`ErrorKind::JsonOutOfOrder`] outside an object
    /// or where a value is due.
    #[inline(always)]
    pub fn next_member<'s>(
        &mut self,
        scratch: &'s mut [u8],
    ) -> Result<Option<Name<'a, 's>>, Error> {
        if matches!(self.state, State::Value | State::Failed) || !self.in_object() {
            return Err(self.out_of_order());
        }
        let mut c = self.next_byte()?;
        if c == b'}' {
            self.pop();
            return Ok(None);
        }
        if self.state == State::Next {
            if c != b',' {
                return Err(self.unexpected(self.pos));
            }
            self.pos += 1;
            c = self.next_byte()?;
        }
        let (start, end, escaped) = self.name(c)?;
        self.state = State::Value;
        // Matched as bytes: no `str` is made unless asked for.
        let raw = slice(self.bytes(), start, end);
        Ok(Some(Name::new(raw, escaped, scratch)))
    }

    /// Starts the next member, as [`Reader::next_member`] does (its first
    /// lines are the same on purpose: one shared helper returning the
    /// name's first byte measured 6% more instructions on json5), but stops
    /// at its name's opening quote: `None` at the object's `}`, else the
    /// name's first bytes as [`short_name`] packs them. The caller then
    /// either takes the name whole with [`Reader::take_short_name`] (when
    /// the word is one it knows) or reads it with [`Reader::member_name`].
    #[inline(always)]
    pub(crate) fn member_start(&mut self) -> Result<Option<u64>, Error> {
        if matches!(self.state, State::Value | State::Failed) || !self.in_object() {
            return Err(self.out_of_order());
        }
        let mut c = self.next_byte()?;
        if c == b'}' {
            self.pop();
            return Ok(None);
        }
        if self.state == State::Next {
            if c != b',' {
                return Err(self.unexpected(self.pos));
            }
            self.pos += 1;
            c = self.next_byte()?;
        }
        if c != b'"' {
            return Err(self.unexpected(self.pos));
        }
        Ok(Some(short_name(self.bytes(), self.pos + 1)))
    }

    /// Takes the name [`Reader::member_start`] stopped at, whose word (not
    /// 0) the caller matched against a name it knows, and its colon: the
    /// word holds the whole name and its closing quote, so nothing is
    /// scanned.
    #[inline(always)]
    pub(crate) fn take_short_name(&mut self, word: u64) -> Result<(), Error> {
        // The closing quote is the word's highest non-zero byte.
        let len = (63 - word.leading_zeros() as usize) / 8;
        self.pos += len + 2;
        if self.next_byte()? != b':' {
            return Err(self.unexpected(self.pos));
        }
        self.pos += 1;
        self.state = State::Value;
        Ok(())
    }

    /// Reads the name [`Reader::member_start`] stopped at, and its colon,
    /// as [`Reader::next_member`] does.
    #[inline(always)]
    pub(crate) fn member_name<'s>(&mut self, scratch: &'s mut [u8]) -> Result<Name<'a, 's>, Error> {
        let (start, end, escaped) = self.name(b'"')?;
        self.state = State::Value;
        let raw = slice(self.bytes(), start, end);
        Ok(Name::new(raw, escaped, scratch))
    }

    /// A member's name starting with `c` at `pos`, and its colon: where the
    /// name's text starts and ends, and whether it has escapes.
    #[inline(always)]
    fn name(&mut self, c: u8) -> Result<(usize, usize, bool), Error> {
        if c != b'"' {
            return Err(self.unexpected(self.pos));
        }
        let span = self.scan_string()?;
        if self.next_byte()? != b':' {
            return Err(self.unexpected(self.pos));
        }
        self.pos += 1;
        Ok(span)
    }

    /// Whether the array has another element, its comma consumed; `false`
    /// at the array's `]`. After `true` the caller must read or skip the
    /// element.
    ///
    /// ```
    /// use binder_core::{json::Reader, ErrorKind};
    ///
    /// let mut r = Reader::new(b"[1,]");
    /// r.begin_array()?;
    /// assert!(r.next_element()?);
    /// r.skip_value()?;
    /// assert!(r.next_element()?);
    /// assert_eq!(r.skip_value().unwrap_err().kind(), ErrorKind::JsonUnexpected);
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::JsonUnexpected`] for a missing comma;
    /// [`ErrorKind::JsonOutOfOrder`] outside an array or where a value is
    /// due.
    #[inline(always)]
    pub fn next_element(&mut self) -> Result<bool, Error> {
        if matches!(self.state, State::Value | State::Failed) || self.depth == 0 || self.in_object()
        {
            return Err(self.out_of_order());
        }
        let c = self.next_byte()?;
        if c == b']' {
            self.pop();
            return Ok(false);
        }
        if self.state == State::Next {
            if c != b',' {
                return Err(self.unexpected(self.pos));
            }
            self.pos += 1;
        }
        self.state = State::Value;
        Ok(true)
    }

    /// Reads a string, checking it (UTF-8, escapes, no control characters)
    /// but decoding nothing: see [`JsonStr`] for the three ways to decode.
    ///
    /// ```
    /// let mut r = binder_core::json::Reader::new(br#""ada@example.org""#);
    /// assert_eq!(r.read_str()?.as_str(), Some("ada@example.org"));
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::JsonUnexpectedType`] if the value is not a string;
    /// [`ErrorKind::JsonControlChar`], [`ErrorKind::JsonInvalidEscape`],
    /// [`ErrorKind::JsonLoneSurrogate`], [`ErrorKind::JsonInvalidUtf8`],
    /// [`ErrorKind::JsonEof`]; as [`Reader::peek`].
    #[inline(always)]
    pub fn read_str(&mut self) -> Result<JsonStr<'a>, Error> {
        let c = self.value_start()?;
        if c != b'"' {
            return Err(self.mismatch(c));
        }
        self.str_here()
    }

    /// Reads the string whose `"` is at `pos`, where a value is due (as
    /// [`Reader::value_byte`] found).
    #[inline(always)]
    pub(crate) fn str_here(&mut self) -> Result<JsonStr<'a>, Error> {
        let text = self.text;
        let start = self.pos + 1;
        let (end, escaped) = self.string_end(start)?;
        // Both ends are at quotes, so the slice never fails; sliced before
        // `pos` moves, so the end's boundary check reuses the quote just read.
        let s = JsonStr::new(text.get(start..end).unwrap_or_default(), escaped);
        self.pos = end + 1;
        self.state = State::Next;
        Ok(s)
    }

    /// Scans the string whose opening quote is at `pos`: where its text
    /// starts and ends (at the closing quote), and whether it has escapes.
    #[inline(always)]
    fn scan_string(&mut self) -> Result<(usize, usize, bool), Error> {
        let start = self.pos + 1;
        let (end, escaped) = self.string_end(start)?;
        self.pos = end + 1;
        Ok((start, end, escaped))
    }

    /// Where the string whose text starts at `start` ends (its closing
    /// quote), and whether it has escapes; `pos` is left alone. Only a
    /// failure touches the reader.
    #[inline(always)]
    fn string_end(&mut self, start: usize) -> Result<(usize, bool), Error> {
        let bytes = self.bytes();
        let mut i = start;
        let mut escaped = false;
        loop {
            i = find_stop(bytes, i);
            match bytes.get(i) {
                Some(b'"') => return Ok((i, escaped)),
                Some(b'\\') => {
                    escaped = true;
                    match escape_at(bytes, i) {
                        Ok((_, used)) => i += used,
                        Err(e) => return Err(self.bad_escape(e, i)),
                    }
                }
                Some(_) => return Err(self.fail(ErrorKind::JsonControlChar, i)),
                None => return Err(self.eof()),
            }
        }
    }

    /// The escape at `i` (a `\`) is not valid.
    #[cold]
    #[inline(never)]
    fn bad_escape(&mut self, e: EscapeError, i: usize) -> Error {
        match e {
            EscapeError::Eof => self.eof(),
            EscapeError::Invalid => self.fail(ErrorKind::JsonInvalidEscape, i),
            EscapeError::LoneSurrogate => self.fail(ErrorKind::JsonLoneSurrogate, i),
        }
    }

    /// Reads a number, checking its syntax but converting nothing: see
    /// [`Number::parse`].
    ///
    /// ```
    /// use binder_core::{json::Reader, ErrorKind};
    ///
    /// assert_eq!(Reader::new(b"99.5").read_number()?.parse::<f64>(), Ok(99.5));
    /// let err = Reader::new(b"012").read_number().unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::JsonInvalidNumber, 1));
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::JsonUnexpectedType`] if the value is not a number;
    /// [`ErrorKind::JsonInvalidNumber`] for a leading zero or a missing
    /// digit; as [`Reader::peek`].
    #[inline(always)]
    pub fn read_number(&mut self) -> Result<Number<'a>, Error> {
        let c = self.value_start()?;
        self.number_here(c)
    }

    /// Reads the number whose first byte, `c` (`-` or a digit), is at
    /// `pos`, where a value is due (as [`Reader::value_byte`] found).
    #[inline(always)]
    pub(crate) fn number_here(&mut self, c: u8) -> Result<Number<'a>, Error> {
        let n = self.scan_number(c)?;
        self.state = State::Next;
        Ok(n)
    }

    /// Scans the number whose first byte, `c`, is at `pos`:
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, gathering on
    /// the way what a fast conversion needs: the digits as one integer and
    /// the power of ten to scale it by (see [`Number::parse`]). A byte that
    /// starts another value is a type error.
    #[inline(always)]
    fn scan_number(&mut self, c: u8) -> Result<Number<'a>, Error> {
        let bytes = self.bytes();
        let start = self.pos;
        let mut i = start;
        let mut d = c.wrapping_sub(b'0');
        if d > 9 {
            if c != b'-' {
                return Err(self.mismatch(c));
            }
            i += 1;
            d = match bytes.get(i) {
                Some(&c) => c.wrapping_sub(b'0'),
                None => return Err(self.bad_number(i)),
            };
            if d > 9 {
                return Err(self.bad_number(i));
            }
        }
        let first = i;
        let mut mantissa = u64::from(d);
        i += 1;
        if d == 0 {
            if bytes.get(i).is_some_and(u8::is_ascii_digit) {
                return Err(self.fail(ErrorKind::JsonInvalidNumber, i));
            }
        } else {
            i = digits(bytes, i, &mut mantissa);
        }
        // Significant digits, a leading zero counted (harmless: the count
        // only decides whether the mantissa is exact).
        let count = i - first;
        let next = bytes.get(i).copied().unwrap_or_default();
        if next != b'.' && next | 0x20 != b'e' {
            // An integer: the common case.
            self.pos = i;
            let fast = (count <= FAST_DIGITS).then_some((mantissa, 0));
            return Ok(Number::new(
                slice(bytes, start, i),
                true,
                first > start,
                fast,
            ));
        }
        self.scan_fraction(bytes, start, first, i, count, mantissa)
    }

    /// The rest of a number that has a fraction or an exponent, from the
    /// `.` or `e` at `i`.
    #[inline(always)]
    fn scan_fraction(
        &mut self,
        bytes: &'a [u8],
        start: usize,
        first: usize,
        mut i: usize,
        mut count: usize,
        mut mantissa: u64,
    ) -> Result<Number<'a>, Error> {
        let mut fraction = 0;
        if bytes.get(i) == Some(&b'.') {
            i += 1;
            if !bytes.get(i).is_some_and(u8::is_ascii_digit) {
                return Err(self.bad_number(i));
            }
            let from = i;
            i = digits(bytes, i, &mut mantissa);
            fraction = i - from;
            count += fraction;
        }
        let mut exp: u64 = 0;
        let mut exp_digits = 0;
        let mut exp_negative = false;
        if matches!(bytes.get(i), Some(b'e' | b'E')) {
            i += 1;
            match bytes.get(i) {
                Some(b'-') => {
                    exp_negative = true;
                    i += 1;
                }
                Some(b'+') => i += 1,
                _ => {}
            }
            if !bytes.get(i).is_some_and(u8::is_ascii_digit) {
                return Err(self.bad_number(i));
            }
            let from = i;
            i = digits(bytes, i, &mut exp);
            exp_digits = i - from;
        }
        self.pos = i;
        // At most 19 digits always fit a `u64`; an exponent of at most four
        // digits and a fraction of at most 19 always fit an `i32`.
        let fast = (count <= FAST_DIGITS && exp_digits <= 4).then(|| {
            let exp = exp as i32;
            let scale = (if exp_negative { -exp } else { exp }) - fraction as i32;
            (mantissa, scale)
        });
        Ok(Number::new(
            slice(bytes, start, i),
            false,
            first > start,
            fast,
        ))
    }

    /// A digit is missing at `i`.
    #[cold]
    fn bad_number(&mut self, i: usize) -> Error {
        if i >= self.text.len() {
            return self.eof();
        }
        self.fail(ErrorKind::JsonInvalidNumber, i)
    }

    /// Reads `true` or `false`.
    ///
    /// ```
    /// assert!(binder_core::json::Reader::new(b"true").read_bool()?);
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::JsonUnexpectedType`] if the value is not a boolean;
    /// [`ErrorKind::JsonUnexpected`] for a misspelt literal; as
    /// [`Reader::peek`].
    #[inline(always)]
    pub fn read_bool(&mut self) -> Result<bool, Error> {
        let c = self.value_start()?;
        if c != b't' && c != b'f' {
            return Err(self.mismatch(c));
        }
        self.bool_here(c)
    }

    /// Reads the `true` or `false` whose first byte, `c` (`t` or `f`), is
    /// at `pos`, where a value is due (as [`Reader::value_byte`] found).
    #[inline(always)]
    pub(crate) fn bool_here(&mut self, c: u8) -> Result<bool, Error> {
        let v = c == b't';
        self.literal(if v { b"true" } else { b"false" })?;
        self.state = State::Next;
        Ok(v)
    }

    /// Reads `null`.
    ///
    /// ```
    /// let mut r = binder_core::json::Reader::new(b"[null]");
    /// r.begin_array()?;
    /// r.next_element()?;
    /// r.read_null()?;
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::JsonUnexpectedType`] if the value is not `null`;
    /// [`ErrorKind::JsonUnexpected`] for a misspelt literal; as
    /// [`Reader::peek`].
    #[inline(always)]
    pub fn read_null(&mut self) -> Result<(), Error> {
        let c = self.value_start()?;
        if c != b'n' {
            return Err(self.mismatch(c));
        }
        self.null_here()
    }

    /// Reads the `null` whose `n` is at `pos`, where a value is due (as
    /// [`Reader::value_byte`] found).
    #[inline(always)]
    pub(crate) fn null_here(&mut self) -> Result<(), Error> {
        self.literal(b"null")?;
        self.state = State::Next;
        Ok(())
    }

    /// Consumes `word` at `pos`.
    #[inline(always)]
    fn literal(&mut self, word: &[u8]) -> Result<(), Error> {
        let bytes = self.bytes();
        let end = self.pos + word.len();
        if bytes.get(self.pos..end) == Some(word) {
            self.pos = end;
            return Ok(());
        }
        Err(self.bad_literal(word))
    }

    #[cold]
    fn bad_literal(&mut self, word: &[u8]) -> Error {
        let bytes = self.bytes();
        let at = (self.pos..self.pos + word.len())
            .zip(word)
            .find(|&(i, w)| bytes.get(i) != Some(w))
            .map_or(self.pos, |(i, _)| i);
        self.unexpected(at)
    }

    /// Skips the next value, checking all of it as strictly as reading it
    /// would (nesting depth included) but decoding nothing. It walks nested
    /// arrays and objects in a loop, never by recursion.
    ///
    /// ```
    /// use binder_core::{json::Reader, ErrorKind};
    ///
    /// let mut r = Reader::new(br#"[{"a": [1, {"b": null}]}, "x"]"#);
    /// r.begin_array()?;
    /// r.next_element()?;
    /// r.skip_value()?;
    /// r.next_element()?;
    /// assert_eq!(r.read_str()?.as_str(), Some("x"));
    ///
    /// let mut bad = Reader::new(br#"{"a": [1, 2}"#);
    /// assert_eq!(bad.skip_value().unwrap_err().kind(), ErrorKind::JsonUnexpected);
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// Any syntax error in the value, or [`ErrorKind::JsonTooDeep`]; as
    /// [`Reader::peek`].
    pub fn skip_value(&mut self) -> Result<(), Error> {
        if self.state != State::Value {
            return Err(self.out_of_order());
        }
        let base = self.depth;
        loop {
            // A value is due.
            let c = self.next_byte()?;
            match c {
                b'{' => {
                    self.push(true)?;
                    let c = self.next_byte()?;
                    if c != b'}' {
                        self.name(c)?;
                        continue;
                    }
                    self.close();
                }
                b'[' => {
                    self.push(false)?;
                    if self.next_byte()? != b']' {
                        continue;
                    }
                    self.close();
                }
                b'"' => {
                    self.scan_string()?;
                }
                b'-' | b'0'..=b'9' => {
                    self.scan_number(c)?;
                }
                b't' => self.literal(b"true")?,
                b'f' => self.literal(b"false")?,
                b'n' => self.literal(b"null")?,
                _ => return Err(self.unexpected(self.pos)),
            }
            // A value is complete: close what it completes, up to the next
            // value due.
            loop {
                if self.depth == base {
                    self.state = State::Next;
                    return Ok(());
                }
                let c = self.next_byte()?;
                let object = self.in_object();
                if c == b',' {
                    self.pos += 1;
                    if object {
                        let c = self.next_byte()?;
                        self.name(c)?;
                    }
                    break;
                }
                if c != if object { b'}' } else { b']' } {
                    return Err(self.unexpected(self.pos));
                }
                self.close();
            }
        }
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

/// The end of a run of ASCII digits starting at `i`, each appended to
/// `value` (which wraps past 19 digits: the caller then ignores it).
#[inline(always)]
fn digits(bytes: &[u8], mut i: usize, value: &mut u64) -> usize {
    while let Some(&c) = bytes.get(i) {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        *value = value.wrapping_mul(10).wrapping_add(u64::from(d));
        i += 1;
    }
    i
}

/// The first bytes of a member's name starting at `i` (after its opening
/// quote), through its closing quote, as a little-endian `u64`, the bytes
/// after the quote zeroed: `age"` for `"age": 1`. 0 when no `"` is among
/// the eight bytes at `i` (a name of eight bytes or more).
///
/// The first `"` may be escaped or follow a control byte, so the word
/// names a member only when the caller knows it: a name of at most seven
/// bytes, none of them `"`, `\` or a control byte, followed by `"`.
/// Matching such a word proves the string is that
/// name, written without escapes.
#[inline(always)]
pub(crate) fn short_name(bytes: &[u8], i: usize) -> u64 {
    let w = match bytes.get(i..i.wrapping_add(8)) {
        Some(chunk) => u64::from_le_bytes(chunk.try_into().unwrap_or_default()),
        None => short_tail(bytes, i),
    };
    const LO: u64 = 0x0101_0101_0101_0101;
    let q = w ^ (LO * u64::from(b'"'));
    // The lowest flag is exact: the lowest byte equal to `"`.
    let found = q.wrapping_sub(LO) & !q & (LO << 7);
    if found == 0 {
        return 0;
    }
    w & (u64::MAX >> (63 - found.trailing_zeros()))
}

/// The input's last bytes from `i`, fewer than eight, zero-padded.
#[cold]
fn short_tail(bytes: &[u8], i: usize) -> u64 {
    let mut buf = [0u8; 8];
    let rest = bytes.get(i..).unwrap_or_default();
    let n = rest.len().min(8);
    buf[..n].copy_from_slice(&rest[..n]);
    u64::from_le_bytes(buf)
}

/// The word [`short_name`] gives for a member named `name`, if a name
/// can be recognised by its word: at most seven bytes, none of them `"`,
/// `\` or a control byte. Generated code matches words with these, as
/// `const`s (`__private::json_word`).
pub(crate) const fn short_name_word(name: &[u8]) -> Option<u64> {
    if name.len() > 7 {
        return None;
    }
    let mut buf = [0u8; 8];
    let mut i = 0;
    while i < name.len() {
        let b = name[i];
        if b < 0x20 || b == b'"' || b == b'\\' {
            return None;
        }
        buf[i] = b;
        i += 1;
    }
    buf[i] = b'"';
    Some(u64::from_le_bytes(buf))
}

/// Decimal digits that always fit a `u64`.
const FAST_DIGITS: usize = 19;

/// `bytes[start..end]`: the scan read every byte of it, so it never
/// panics (and the compiler, seeing that, checks nothing).
#[inline(always)]
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
mod tests {
    use super::*;

    #[test]
    fn short_names_pack_through_their_first_quote() {
        // Every way a name can start, at every distance from the input's
        // end: the word is a known name's exactly when the name is that
        // name, written as is.
        let names: &[&[u8]] = &[b"", b"a", b"age", b"seven77", b"eight888", b"caf\xc3\xa9"];
        for name in names {
            let word = short_name_word(name);
            for tail in [&b""[..], b":", b":1}", b" : 12345678}"] {
                let mut input = alloc::vec![b'"'];
                input.extend_from_slice(name);
                input.push(b'"');
                input.extend_from_slice(tail);
                let got = short_name(&input, 1);
                assert_eq!(word.is_some_and(|w| w == got), name.len() <= 7, "{input:?}");
                if name.len() <= 7 {
                    assert_eq!((63 - got.leading_zeros() as usize) / 8, name.len());
                }
            }
        }
        assert_eq!(short_name(b"\"abcdefgh\"", 1), 0);
        assert_eq!(short_name(b"\"ab", 1), 0);
        assert_eq!(
            short_name(b"\"a\\\"\"", 1),
            u64::from_le_bytes(*b"a\\\"\0\0\0\0\0")
        );
        assert_eq!(short_name_word(b"a\\"), None);
        assert_eq!(short_name_word(b"a\""), None);
        assert_eq!(short_name_word(b"t\t"), None);
    }
}
