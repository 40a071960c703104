//! Objects and arrays: opening them, walking an object's members (their
//! names, short ones packed into a word) and an array's elements.

use super::{slice, Reader, State};
use crate::error::Error;
#[cfg(doc)] // the methods' doc links
use crate::error::ErrorKind;
use crate::json::string::Name;
use crate::json::Number;

impl<'a> Reader<'a> {
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
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn begin_object(&mut self) -> Result<(), Error> {
        let c = self.value_start()?;
        if c != b'{' {
            return Err(self.mismatch(c));
        }
        self.object_here()
    }

    /// Opens the object whose `{` is at `pos`, where a value is due (as
    /// [`Reader::value_byte`] found).
    #[cfg_attr(not(debug_assertions), inline(always))]
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
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn begin_array(&mut self) -> Result<(), Error> {
        let c = self.value_start()?;
        if c != b'[' {
            return Err(self.mismatch(c));
        }
        self.array_here()
    }

    /// Opens the array whose `[` is at `pos`, where a value is due (as
    /// [`Reader::value_byte`] found).
    #[cfg_attr(not(debug_assertions), inline(always))]
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
    #[cfg_attr(not(debug_assertions), inline(always))]
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
    #[cfg_attr(not(debug_assertions), inline(always))]
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

    /// Takes the member `expect` describes if the input has it next,
    /// written as compact JSON writes it: a comma (unless it is the
    /// object's first member), the name in quotes and the colon, with no
    /// whitespace. Then the caller reads the member's value; otherwise
    /// nothing is consumed and the caller goes on with
    /// [`Reader::member_start`]. Two masked word compares, the comma
    /// among the sixteen bytes they read (a pattern of its own), where the
    /// general walk finds the comma, packs the name, looks it up and finds
    /// the colon.
    ///
    /// An indented document has whitespace where the name was looked for:
    /// from the first such miss on, [`Reader::compact`] is false.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn take_expected(&mut self, expect: &Expect) -> bool {
        let at = self.pos;
        let pattern = match self.state {
            State::Next if self.in_object() => {
                if expect.next.len == 0 {
                    return self.take_expected_long(expect);
                }
                &expect.next
            }
            State::First if self.in_object() => &expect.first,
            _ => return false,
        };
        match self.take_pattern(at, pattern) {
            Ok(()) => true,
            Err(lo) => {
                // Whitespace where the name (or the comma before it) is due.
                if super::is_json_ws(lo as u8)
                    || (lo as u8 == b',' && super::is_json_ws((lo >> 8) as u8))
                {
                    self.compact = false;
                }
                false
            }
        }
    }

    /// [`Reader::take_expected`] after a value, for a name too long for
    /// its comma to share the two words (13 bytes): the comma, then the
    /// name's own pattern.
    #[cold]
    #[inline(never)]
    fn take_expected_long(&mut self, expect: &Expect) -> bool {
        let at = self.pos;
        match self.bytes().get(at) {
            Some(b',') => {}
            Some(&c) => {
                if super::is_json_ws(c) {
                    self.compact = false;
                }
                return false;
            }
            None => return false,
        }
        match self.take_pattern(at + 1, &expect.first) {
            Ok(()) => true,
            Err(lo) => {
                if super::is_json_ws(lo as u8) {
                    self.compact = false;
                }
                false
            }
        }
    }

    /// Takes the member `pattern` matches at `at` (its value is due
    /// next), or leaves the reader as it is and returns the first of the
    /// two words it read.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn take_pattern(&mut self, at: usize, pattern: &Pattern) -> Result<(), u64> {
        let (lo, hi) = two_words(self.bytes(), at);
        if lo & pattern.masks[0] != pattern.words[0] || hi & pattern.masks[1] != pattern.words[1] {
            return Err(lo);
        }
        self.pos = at + pattern.len;
        self.state = State::Value;
        Ok(())
    }

    /// Whether members may still come compactly written: false once
    /// [`Reader::take_expected`] found whitespace where it looked for a
    /// name (an indented document), so that a walk stops trying.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn compact(&self) -> bool {
        self.compact
    }

    /// Takes the name [`Reader::member_start`] stopped at, whose word (not
    /// 0) the caller matched against a name it knows, and its colon: the
    /// word holds the whole name and its closing quote, so nothing is
    /// scanned.
    #[cfg_attr(not(debug_assertions), inline(always))]
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
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn member_name<'s>(&mut self, scratch: &'s mut [u8]) -> Result<Name<'a, 's>, Error> {
        let (start, end, escaped) = self.name(b'"')?;
        self.state = State::Value;
        let raw = slice(self.bytes(), start, end);
        Ok(Name::new(raw, escaped, scratch))
    }

    /// A member's name starting with `c` at `pos`, and its colon: where the
    /// name's text starts and ends, and whether it has escapes.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn name(&mut self, c: u8) -> Result<(usize, usize, bool), Error> {
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
    #[cfg_attr(not(debug_assertions), inline(always))]
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
}

impl<'a> Reader<'a> {
    /// At the `[` [`Reader::value_byte`] returned: an array of exactly `N`
    /// numbers written without whitespace (`[-65.6,43.1]`), read whole, the
    /// reader then as after any value. `Ok(None)`, nothing consumed, for any
    /// other array (whitespace in it, another length, another kind of
    /// element) or one past the depth limit: the caller then walks it
    /// element by element, which refuses it or reads it as this would.
    ///
    /// # Errors
    /// A number that is not valid JSON: the error a walk of the array
    /// gives, at the same offset.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn numbers_here<const N: usize>(
        &mut self,
    ) -> Result<Option<[Option<Number<'a>>; N]>, Error> {
        let mut out = [None; N];
        let whole = self.numbers_with::<N>(|i, n| {
            if let Some(slot) = out.get_mut(i) {
                *slot = Some(n);
            }
        })?;
        Ok(whole.then_some(out))
    }

    /// [`Reader::numbers_here`], handing each number to `each` with its
    /// index as soon as it is read: `Ok(true)` when the array was read
    /// whole. On `Ok(false)` (nothing consumed) the caller drops whatever
    /// `each` made of the numbers it was handed.
    ///
    /// # Errors
    /// As [`Reader::numbers_here`].
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn numbers_with<const N: usize>(
        &mut self,
        mut each: impl FnMut(usize, Number<'a>),
    ) -> Result<bool, Error> {
        if N == 0 || self.depth >= self.max_depth {
            return Ok(false);
        }
        let bytes = self.bytes();
        let start = self.pos;
        let mut sep = b'[';
        for i in 0..N {
            let c = match bytes.get(self.pos..).and_then(<[u8]>::first_chunk::<2>) {
                Some(&[s, c]) if s == sep && (c == b'-' || c.is_ascii_digit()) => c,
                _ => {
                    self.pos = start;
                    return Ok(false);
                }
            };
            self.pos += 1;
            each(i, self.scan_number(c)?);
            sep = b',';
        }
        if bytes.get(self.pos) != Some(&b']') {
            self.pos = start;
            return Ok(false);
        }
        self.pos += 1;
        self.state = State::Next;
        Ok(true)
    }
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
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn short_name(bytes: &[u8], i: usize) -> u64 {
    let w = match bytes.get(i..i.wrapping_add(8)) {
        Some(chunk) => u64::from_le_bytes(chunk.try_into().unwrap_or_default()),
        None => short_tail(bytes, i),
    };
    // The lowest flag is exact: the lowest byte equal to `"`.
    let found = crate::swar::flags(w, [b'"']);
    if found == 0 {
        return 0;
    }
    w & (u64::MAX >> (63 - found.trailing_zeros()))
}

/// The input's last bytes from `i`, fewer than eight, zero-padded: as
/// [`two_words_tail`] does, a shift of the input's last word when there is
/// one.
#[cold]
fn short_tail(bytes: &[u8], i: usize) -> u64 {
    if let Some(last) = bytes.last_chunk::<8>() {
        let skip = i.wrapping_sub(bytes.len() - 8);
        return if skip < 8 {
            u64::from_le_bytes(*last) >> (skip * 8)
        } else {
            0
        };
    }
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

/// A member an object's walk expects next: its name in quotes and its
/// colon (`"qty":`) as two little-endian words and their masks, for
/// [`Reader::take_expected`], once as an object's first member and once
/// after a comma (`,"qty":`). A name that cannot be matched this way
/// (longer than 13 bytes, or holding `"`, `\` or a control byte, which a
/// JSON string writes escaped) gets a pattern no input has; a name of 13
/// bytes leaves no room for the comma (`next` is then empty, and the comma
/// is checked on its own).
/// Named by generated code only (`__private::json_expect`).
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct Expect {
    first: Pattern,
    next: Pattern,
    /// The index of the field the member binds.
    pub field: usize,
}

/// Up to sixteen bytes to compare: two little-endian words, their masks
/// (the bytes that count) and how many bytes count (0: none can match).
#[derive(Clone, Copy, Debug)]
struct Pattern {
    words: [u64; 2],
    masks: [u64; 2],
    len: usize,
}

impl Pattern {
    /// A pattern no input has.
    const NEVER: Pattern = Pattern {
        words: [1, 0],
        masks: [0, 0],
        len: 0,
    };

    /// `lead` (empty or a comma), then `"name":`; [`Pattern::NEVER`] past
    /// sixteen bytes or for a name JSON would write escaped.
    const fn new(lead: &[u8], name: &[u8]) -> Pattern {
        let len = lead.len() + name.len() + 3;
        if len > 16 {
            return Pattern::NEVER;
        }
        let mut bytes = [0u8; 16];
        let mut at = 0;
        while at < lead.len() {
            bytes[at] = lead[at];
            at += 1;
        }
        bytes[at] = b'"';
        at += 1;
        let mut i = 0;
        while i < name.len() {
            let b = name[i];
            if b < 0x20 || b == b'"' || b == b'\\' {
                return Pattern::NEVER;
            }
            bytes[at] = b;
            at += 1;
            i += 1;
        }
        bytes[at] = b'"';
        bytes[at + 1] = b':';
        let mut masks = [0u64; 2];
        let mut k = 0;
        while k < len {
            masks[k / 8] |= 0xff << (8 * (k % 8));
            k += 1;
        }
        let (lo, hi) = split(bytes);
        Pattern {
            words: [u64::from_le_bytes(lo), u64::from_le_bytes(hi)],
            masks,
            len,
        }
    }
}

#[doc(hidden)]
impl Expect {
    /// The member named `name`, bound by field `field`.
    pub const fn new(name: &[u8], field: usize) -> Self {
        Expect {
            first: Pattern::new(b"", name),
            next: Pattern::new(b",", name),
            field,
        }
    }
}

/// The two halves of sixteen bytes.
const fn split(b: [u8; 16]) -> ([u8; 8], [u8; 8]) {
    let mut lo = [0u8; 8];
    let mut hi = [0u8; 8];
    let mut i = 0;
    while i < 8 {
        lo[i] = b[i];
        hi[i] = b[i + 8];
        i += 1;
    }
    (lo, hi)
}

/// The sixteen bytes at `i` as two little-endian words, zero-padded past
/// the input's end.
#[cfg_attr(not(debug_assertions), inline(always))]
fn two_words(bytes: &[u8], i: usize) -> (u64, u64) {
    match bytes.get(i..).and_then(<[u8]>::first_chunk::<16>) {
        Some(chunk) => super::le_words(chunk),
        None => two_words_tail(bytes, i),
    }
}

/// [`two_words`] near the input's end. An input of sixteen bytes or more
/// (every member after a small body's first few) gives its last sixteen,
/// moved down so that the byte at `i` comes first and the bytes past the
/// end read as zeros: a shift, where copying into a zeroed buffer cost a
/// `memcpy` call (json5's last member, about 20 Ir).
#[cold]
fn two_words_tail(bytes: &[u8], i: usize) -> (u64, u64) {
    if let Some(last) = bytes.last_chunk::<16>() {
        // `i` is past `len - 16` (its sixteen bytes did not fit), so the
        // shift is 1..=15 bytes while `i` is within the input.
        let skip = i.wrapping_sub(bytes.len() - 16);
        let v = if skip < 16 {
            u128::from_le_bytes(*last) >> (skip * 8)
        } else {
            0
        };
        return (v as u64, (v >> 64) as u64);
    }
    let mut buf = [0u8; 16];
    let rest = bytes.get(i..).unwrap_or_default();
    let n = rest.len().min(16);
    buf[..n].copy_from_slice(&rest[..n]);
    let (lo, hi) = split(buf);
    (u64::from_le_bytes(lo), u64::from_le_bytes(hi))
}

#[cfg(test)]
mod tests {
    use super::{short_tail, two_words};

    #[test]
    fn two_words_read_zero_padded_sixteen_bytes_anywhere() {
        let input: [u8; 40] = core::array::from_fn(|k| 0x41 + k as u8);
        for len in 0..=input.len() {
            let bytes = &input[..len];
            for i in 0..=len + 2 {
                let mut want = [0u8; 16];
                for (k, b) in want.iter_mut().enumerate() {
                    *b = bytes.get(i + k).copied().unwrap_or(0);
                }
                let (lo, hi) = two_words(bytes, i);
                let mut got = [0u8; 16];
                got[..8].copy_from_slice(&lo.to_le_bytes());
                got[8..].copy_from_slice(&hi.to_le_bytes());
                assert_eq!(got, want, "len {len}, at {i}");
            }
        }
    }

    #[test]
    fn short_tails_are_zero_padded() {
        let input: [u8; 20] = core::array::from_fn(|k| 0x61 + k as u8);
        for len in 0..=input.len() {
            let bytes = &input[..len];
            // `short_tail` is called where fewer than eight bytes are left.
            for i in len.saturating_sub(7)..=len + 2 {
                let mut want = [0u8; 8];
                for (k, b) in want.iter_mut().enumerate() {
                    *b = bytes.get(i + k).copied().unwrap_or(0);
                }
                assert_eq!(
                    short_tail(bytes, i),
                    u64::from_le_bytes(want),
                    "len {len}, at {i}"
                );
            }
        }
    }
}
