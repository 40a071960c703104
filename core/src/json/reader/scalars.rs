//! Scalars: strings, numbers and the literals `true`, `false` and `null`.

use super::{slice, Reader, State};
use crate::error::{Error, ErrorKind};
use crate::json::number::Number;
use crate::json::string::{escape_at, find_stop, EscapeError, JsonStr};
use crate::swar;

impl<'a> Reader<'a> {
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
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn read_str(&mut self) -> Result<JsonStr<'a>, Error> {
        let c = self.value_start()?;
        if c != b'"' {
            return Err(self.mismatch(c));
        }
        self.str_here()
    }

    /// Reads the string whose `"` is at `pos`, where a value is due (as
    /// [`Reader::value_byte`] found).
    #[cfg_attr(not(debug_assertions), inline(always))]
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
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn scan_string(&mut self) -> Result<(usize, usize, bool), Error> {
        let start = self.pos + 1;
        let (end, escaped) = self.string_end(start)?;
        self.pos = end + 1;
        Ok((start, end, escaped))
    }

    /// Where the string whose text starts at `start` ends (its closing
    /// quote), and whether it has escapes; `pos` is left alone. Only a
    /// failure touches the reader.
    #[cfg_attr(not(debug_assertions), inline(always))]
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
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn read_number(&mut self) -> Result<Number<'a>, Error> {
        let c = self.value_start()?;
        self.number_here(c)
    }

    /// Reads the number whose first byte, `c` (`-` or a digit), is at
    /// `pos`, where a value is due (as [`Reader::value_byte`] found).
    #[cfg_attr(not(debug_assertions), inline(always))]
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
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn scan_number(&mut self, c: u8) -> Result<Number<'a>, Error> {
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
    #[cfg_attr(not(debug_assertions), inline(always))]
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
            i = fraction_digits(bytes, i, &mut mantissa);
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
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn read_bool(&mut self) -> Result<bool, Error> {
        let c = self.value_start()?;
        if c != b't' && c != b'f' {
            return Err(self.mismatch(c));
        }
        self.bool_here(c)
    }

    /// Reads the `true` or `false` whose first byte, `c` (`t` or `f`), is
    /// at `pos`, where a value is due (as [`Reader::value_byte`] found).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn bool_here(&mut self, c: u8) -> Result<bool, Error> {
        let v = c == b't';
        self.literal(if v { b"true" } else { b"false" })?;
        self.state = State::Next;
        Ok(v)
    }

    /// Reads `null`.
    ///
    /// ```
    /// use binder_core::{json::Reader, ErrorKind};
    ///
    /// let mut r = Reader::new(b"[null, 0]");
    /// r.begin_array()?;
    /// r.next_element()?;
    /// r.read_null()?;
    /// r.next_element()?;
    /// // Not null: an error, and nothing consumed.
    /// assert_eq!(r.read_null().unwrap_err().kind(), ErrorKind::JsonUnexpectedType);
    /// assert_eq!(r.read_number()?.as_str(), "0");
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::JsonUnexpectedType`] if the value is not `null`;
    /// [`ErrorKind::JsonUnexpected`] for a misspelt literal; as
    /// [`Reader::peek`].
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn read_null(&mut self) -> Result<(), Error> {
        let c = self.value_start()?;
        if c != b'n' {
            return Err(self.mismatch(c));
        }
        self.null_here()
    }

    /// Reads the `null` whose `n` is at `pos`, where a value is due (as
    /// [`Reader::value_byte`] found).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn null_here(&mut self) -> Result<(), Error> {
        self.literal(b"null")?;
        self.state = State::Next;
        Ok(())
    }

    /// Consumes `word` at `pos`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn literal(&mut self, word: &[u8]) -> Result<(), Error> {
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
}

/// The end of a run of ASCII digits starting at `i`, each appended to
/// `value` (which wraps past 19 digits: the caller then ignores it).
#[cfg_attr(not(debug_assertions), inline(always))]
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

/// [`digits`] for a fraction, whose runs are long (a float written to
/// its full precision has 15 to 17 digits). The first two digits byte by
/// byte (prices, `99.5`, end there); then, where sixteen bytes are left,
/// two words in straight-line code ([`swar`]'s digit tricks), which end
/// a full-precision float (canada -5.0% against a loop over words, which
/// carried its constants and position between iterations); then a word
/// at a time while eight bytes are left; the rest byte by byte.
///
/// Inlined only where debug assertions are off: with `#[inline]` alone an
/// optimised build calls it (canada +9.7%); inlined into a debug build, its
/// locals and the word helpers' join the frame of the recursive walks
/// that read numbers, and a serde value 250 arrays deep no longer fits a
/// test thread's stack (`serde_bridge` `the_depth_limit_holds_inside_serde_values`).
#[cfg_attr(not(debug_assertions), inline(always))]
fn fraction_digits(bytes: &[u8], mut i: usize, value: &mut u64) -> usize {
    for _ in 0..SHORT_FRACTION {
        match bytes.get(i) {
            Some(&c) if c.is_ascii_digit() => {
                *value = value.wrapping_mul(10).wrapping_add(u64::from(c - b'0'));
                i += 1;
            }
            _ => return i,
        }
    }
    // Stopping here keeps a two-digit fraction off the word path (items1000
    // -1.8% against going on to the words).
    if !bytes.get(i).is_some_and(u8::is_ascii_digit) {
        return i;
    }
    // Two words at once where sixteen bytes are left: a float written to
    // its full precision ends in the second (no loop, so no state carried
    // between words).
    if let Some(chunk) = bytes.get(i..).and_then(<[u8]>::first_chunk::<16>) {
        let (lo, hi) = chunk.split_at(8);
        let lo = u64::from_le_bytes(lo.try_into().unwrap_or_default());
        let n = swar::leading_digits(lo);
        if n < 8 {
            if n > 0 {
                append_digits(value, lo, n);
            }
            return i + n;
        }
        append_digits(value, lo, 8);
        i += 8;
        let hi = u64::from_le_bytes(hi.try_into().unwrap_or_default());
        let n = swar::leading_digits(hi);
        if n > 0 {
            append_digits(value, hi, n);
        }
        i += n;
        if n < 8 {
            return i;
        }
    }
    while let Some(chunk) = bytes.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        let word = u64::from_le_bytes(*chunk);
        let n = swar::leading_digits(word);
        if n == 0 {
            return i;
        }
        append_digits(value, word, n);
        i += n;
        if n < 8 {
            return i;
        }
    }
    digits(bytes, i, value)
}

/// Appends to `value` the first `n` digits of `word` (1 to 8 of them, as
/// [`swar::leading_digits`] counted them).
#[cfg_attr(not(debug_assertions), inline(always))]
fn append_digits(value: &mut u64, word: u64, n: usize) {
    *value = value
        .wrapping_mul(swar::SCALE[n])
        .wrapping_add(swar::digits_value(word, n));
}

/// The fraction digits [`fraction_digits`] reads byte by byte first.
const SHORT_FRACTION: usize = 2;

/// Decimal digits that always fit a `u64`.
const FAST_DIGITS: usize = 19;
