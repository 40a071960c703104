//! Ideal floor: the JSON workloads (`json5.json` into [`JsonUser`] and
//! [`JsonUserRef`], `items1000.json` into [`Cart`] and [`CartRef`]), parsed
//! by code written for exactly these structs, as an ideal generator would
//! emit it: the members first expected in declaration order as compact JSON
//! writes them (`,"qty":` in one or two word compares, the value read
//! straight after), anything else taken by a general member loop from
//! where that stopped (names matched as words of the input: the name and
//! its closing quote in one compare); numbers converted as they are
//! scanned; strings found eight bytes at a time; one UTF-8 check of the
//! whole body (the one safe way to hand out `&str` slices of it).
//!
//! Strictness is binder's (its JSON reader and its field rules), checked
//! against `binder_json` by the tests below:
//! - the whole body must be UTF-8 and one RFC 8259 value: an object (a
//!   top-level `null` binds nothing, so a required field is missing),
//!   whitespace around it, nothing after it; every unknown member's value
//!   is checked as strictly as a read one, nesting at most 128 deep;
//! - a member name is matched after its escapes are decoded; a field sent
//!   twice is refused (`duplicate`), even when its first value was `null`;
//! - a text field takes a string (escapes decoded; `&str` refuses one with
//!   escapes, `Cow` borrows one without), a number as written, or
//!   `true`/`false` as the words;
//! - `u32` takes an integer without sign, fraction or exponent, or a string
//!   `lexical-core` reads as one; `f64` takes a number (bit-identical to
//!   binder: Clinger's fast path, then `lexical-core`), or a string read as
//!   text is (finite only); `bool` takes `true`/`false`, the numbers `0` and
//!   `1`, or a string `0`, `1`, `true`, `false`, `on`, `off` in any case;
//! - `null`, an array or an object where a single value is due refuses the
//!   body (`null` leaves the field missing); every field but `items` is
//!   required;
//! - `items` takes an array of items (a `null` element adds nothing), `null`
//!   (no items), or one lone item object; absent, it is empty.
//!
//! Allocations are binder's: one per owned string (an escaped one with the
//! capacity of its length as sent, as binder's decoder reserves), the item
//! list grown by `push` from empty, escaped numbers and flags decoded on
//! the stack.

use crate::{Cart, CartRef, Item, ItemRef, JsonUser, JsonUserRef};
use std::borrow::Cow;

/// The body is refused: binder would answer with an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reject;

type R<T> = Result<T, Reject>;

/// Binder's JSON depth limit (`Limits::DEFAULT.max_json_depth`).
const MAX_DEPTH: usize = 128;

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

// ---------------------------------------------------------------------------
// Bytes and tokens.

/// Skips whitespace from `i`.
#[inline(always)]
fn ws(b: &[u8], mut i: usize) -> usize {
    while let Some(&c) = b.get(i) {
        if c > b' ' || !matches!(c, b' ' | b'\t' | b'\n' | b'\r') {
            break;
        }
        i += 1;
    }
    i
}

/// The byte at `i` after whitespace (moving `i` to it); 0 at the end of
/// the body (a byte no token starts with, so every caller refuses it).
#[inline(always)]
fn next(b: &[u8], i: &mut usize) -> u8 {
    match b.get(*i) {
        Some(&c) if c > b' ' => c,
        _ => next_slow(b, i),
    }
}

#[inline(never)]
fn next_slow(b: &[u8], i: &mut usize) -> u8 {
    *i = ws(b, *i);
    b.get(*i).copied().unwrap_or(0)
}

/// The position after the `:` that follows a member name ending at `i`.
#[inline(always)]
fn colon(b: &[u8], mut i: usize) -> R<usize> {
    if next(b, &mut i) == b':' {
        Ok(i + 1)
    } else {
        Err(Reject)
    }
}

/// Consumes the literal `word` at `i`.
#[inline(always)]
fn literal(b: &[u8], i: usize, word: &[u8]) -> R<usize> {
    let end = i + word.len();
    if b.get(i..end) == Some(word) {
        Ok(end)
    } else {
        Err(Reject)
    }
}

/// Eight bytes at `i`, little-endian.
#[inline(always)]
fn word_at(b: &[u8], i: usize) -> Option<u64> {
    b.get(i..)
        .and_then(<[u8]>::first_chunk::<8>)
        .map(|w| u64::from_le_bytes(*w))
}

/// Eight bytes at `i`, little-endian; 0 (which no name's word is) when
/// fewer remain.
#[inline(always)]
fn word(b: &[u8], i: usize) -> u64 {
    word_at(b, i).unwrap_or(0)
}

/// A member name with its closing quote as a masked word: what
/// [`word`] gives after the opening quote when the name is `name`
/// (at most seven bytes, none needing an escape).
const fn key(name: &[u8]) -> (u64, u64) {
    let mut buf = [0u8; 8];
    let mut i = 0;
    while i < name.len() {
        buf[i] = name[i];
        i += 1;
    }
    buf[i] = b'"';
    let mask = if i == 7 {
        u64::MAX
    } else {
        (1u64 << (8 * (i + 1))) - 1
    };
    (u64::from_le_bytes(buf), mask)
}

/// Whether `w` starts with the name `k` and its closing quote.
#[inline(always)]
fn is(w: u64, k: (u64, u64)) -> bool {
    w & k.1 == k.0
}

/// A member as compact JSON writes it: its name with quotes and colon
/// (`"sku":`), after a comma when it follows another (`,"qty":`).
struct Compact {
    bytes: [u8; 16],
    len: usize,
}

const fn compact(name: &[u8], comma: bool) -> Compact {
    let mut bytes = [0u8; 16];
    let mut n = 0;
    if comma {
        bytes[0] = b',';
        n = 1;
    }
    bytes[n] = b'"';
    n += 1;
    let mut k = 0;
    while k < name.len() {
        bytes[n] = name[k];
        n += 1;
        k += 1;
    }
    bytes[n] = b'"';
    bytes[n + 1] = b':';
    Compact { bytes, len: n + 2 }
}

/// Whether `m` is written at `i`: the bytes compared as one or two words.
#[inline(always)]
fn at(b: &[u8], i: usize, m: &Compact) -> bool {
    b.get(i..i + m.len) == m.bytes.get(..m.len)
}

/// The index of the first `"`, `\` or control byte at or after `i`
/// (`b.len()` if none): eight bytes at a time.
#[inline(always)]
fn find_stop(b: &[u8], mut i: usize) -> usize {
    while let Some(w) = word_at(b, i) {
        let t = w ^ (LO * 0x02);
        let s = w ^ (LO * u64::from(b'\\'));
        let found = (t.wrapping_sub(LO * 0x21) | s.wrapping_sub(LO)) & !w & HI;
        if found != 0 {
            return i + (found.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while let Some(&c) = b.get(i) {
        if c == b'"' || c == b'\\' || c < 0x20 {
            return i;
        }
        i += 1;
    }
    b.len()
}

/// Scans a string whose text starts at `i` (after its opening quote):
/// where its closing quote is, and whether it has escapes.
#[inline(always)]
fn scan_str(b: &[u8], i: usize) -> R<(usize, bool)> {
    let end = find_stop(b, i);
    if b.get(end) == Some(&b'"') {
        return Ok((end, false));
    }
    scan_str_escaped(b, end)
}

/// The rest of a string from a stop that is not its closing quote.
#[cold]
#[inline(never)]
fn scan_str_escaped(b: &[u8], mut i: usize) -> R<(usize, bool)> {
    let mut escaped = false;
    loop {
        match b.get(i) {
            Some(b'"') => return Ok((i, escaped)),
            Some(b'\\') => {
                escaped = true;
                i += escape_at(b, i)?.1;
            }
            _ => return Err(Reject),
        }
        i = find_stop(b, i);
    }
}

/// Four hex digits at `i`.
fn hex4(b: &[u8], i: usize) -> R<u32> {
    let mut v = 0;
    for k in i..i + 4 {
        let c = *b.get(k).ok_or(Reject)?;
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            _ => return Err(Reject),
        };
        v = v << 4 | u32::from(d);
    }
    Ok(v)
}

/// The character the escape at `j` (a `\`) stands for and its length: RFC
/// 8259's escapes, a surrogate pair as one character, half of one refused.
fn escape_at(b: &[u8], j: usize) -> R<(char, usize)> {
    let c = match *b.get(j + 1).ok_or(Reject)? {
        b'"' => '"',
        b'\\' => '\\',
        b'/' => '/',
        b'b' => '\x08',
        b'f' => '\x0c',
        b'n' => '\n',
        b'r' => '\r',
        b't' => '\t',
        b'u' => {
            let hi = hex4(b, j + 2)?;
            let (code, used) = match hi {
                0xD800..=0xDBFF => {
                    if b.get(j + 6..j + 8) != Some(b"\\u") {
                        return Err(Reject);
                    }
                    let lo = hex4(b, j + 8)?;
                    if !(0xDC00..=0xDFFF).contains(&lo) {
                        return Err(Reject);
                    }
                    (0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00), 12)
                }
                0xDC00..=0xDFFF => return Err(Reject),
                _ => (hi, 6),
            };
            return char::from_u32(code).map(|c| (c, used)).ok_or(Reject);
        }
        _ => return Err(Reject),
    };
    Ok((c, 2))
}

/// Decodes a checked string body with escapes into one allocation sized
/// to the body as sent (what binder's decoder reserves).
#[cold]
#[inline(never)]
fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let b = raw.as_bytes();
    let mut i = 0;
    while let Some(j) = b[i..].iter().position(|&c| c == b'\\').map(|p| p + i) {
        out.push_str(raw.get(i..j).unwrap_or_default());
        // Checked by the scan: never an error here.
        let (c, used) = escape_at(b, j).unwrap_or(('\u{fffd}', b.len() - j));
        out.push(c);
        i = j + used;
    }
    out.push_str(raw.get(i..).unwrap_or_default());
    out
}

/// A string body with escapes, decoded into `buf` (a name to match, or a
/// number or flag to read, as binder decodes them into stack scratch);
/// `None` if it does not fit.
#[cold]
#[inline(never)]
fn decode_into<'s>(raw: &str, buf: &'s mut [u8]) -> Option<&'s [u8]> {
    let b = raw.as_bytes();
    let (mut i, mut n) = (0, 0);
    while let Some(&c) = b.get(i) {
        if c == b'\\' {
            let (c, used) = escape_at(b, i).ok()?;
            let mut tmp = [0u8; 4];
            let s = c.encode_utf8(&mut tmp).as_bytes();
            buf.get_mut(n..n + s.len())?.copy_from_slice(s);
            n += s.len();
            i += used;
        } else {
            *buf.get_mut(n)? = c;
            n += 1;
            i += 1;
        }
    }
    buf.get(..n)
}

/// A member name that its word did not match: scanned whole (its text
/// starting at `i`), decoded if escaped, and looked up in `names`. The
/// field's index (`names.len()` for none) and the position after the
/// closing quote.
#[cold]
#[inline(never)]
fn slow_key(t: &str, i: usize, names: &[&[u8]]) -> R<(usize, usize)> {
    let b = t.as_bytes();
    let (end, escaped) = scan_str(b, i)?;
    let raw = t.get(i..end).ok_or(Reject)?;
    // Longer than every field's name: a name that does not fit is none.
    let mut buf = [0u8; 16];
    let name = if escaped {
        decode_into(raw, &mut buf)
    } else {
        Some(raw.as_bytes())
    };
    let field = name
        .and_then(|n| names.iter().position(|k| *k == n))
        .unwrap_or(names.len());
    Ok((field, end + 1))
}

// ---------------------------------------------------------------------------
// Numbers.

/// The end of a number starting at `i`: its grammar checked
/// (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`).
fn scan_number(b: &[u8], mut i: usize) -> R<usize> {
    if b.get(i) == Some(&b'-') {
        i += 1;
    }
    match b.get(i) {
        Some(b'0') => {
            i += 1;
            if b.get(i).is_some_and(u8::is_ascii_digit) {
                return Err(Reject);
            }
        }
        Some(b'1'..=b'9') => i = digits_end(b, i + 1),
        _ => return Err(Reject),
    }
    if b.get(i) == Some(&b'.') {
        if !b.get(i + 1).is_some_and(u8::is_ascii_digit) {
            return Err(Reject);
        }
        i = digits_end(b, i + 2);
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !b.get(i).is_some_and(u8::is_ascii_digit) {
            return Err(Reject);
        }
        i = digits_end(b, i + 1);
    }
    Ok(i)
}

#[inline(always)]
fn digits_end(b: &[u8], mut i: usize) -> usize {
    while b.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    i
}

/// Appends the digits at `i` to `v` (wrapping past 19); their end.
#[inline(always)]
fn digits(b: &[u8], mut i: usize, v: &mut u64) -> usize {
    while let Some(&c) = b.get(i) {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        *v = v.wrapping_mul(10).wrapping_add(u64::from(d));
        i += 1;
    }
    i
}

/// A JSON number at `i` (its first byte a digit) into `u32`: an integer
/// without sign, fraction or exponent, at most `u32::MAX`. Its end.
#[inline(always)]
fn number_u32(b: &[u8], start: usize) -> R<(u32, usize)> {
    let mut v = 0u64;
    let i = digits(b, start, &mut v);
    let n = i - start;
    // A leading zero (`01`: a syntax error), more than ten digits, a
    // fraction or an exponent (no integer): all refused.
    if (n > 1 && b.get(start) == Some(&b'0'))
        || n > 10
        || v > u64::from(u32::MAX)
        || matches!(b.get(i), Some(b'.' | b'e' | b'E'))
    {
        return Err(Reject);
    }
    Ok((v as u32, i))
}

/// Exact powers of ten in `f64`.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// Clinger's fast path: `m * 10^scale` when both are exact in `f64`.
#[inline(always)]
fn exact(m: u64, scale: i32, negative: bool) -> Option<f64> {
    let k = scale.unsigned_abs() as usize;
    if m > 1 << 53 {
        return None;
    }
    let p = *POW10.get(k)?;
    let v = m as f64;
    let v = if scale < 0 { v / p } else { v * p };
    Some(if negative { -v } else { v })
}

/// A JSON number at `start` (`-` or a digit) into `f64`, as binder reads
/// it: the digits gathered as scanned, Clinger's fast path when they are
/// at most 19 and the exponent at most four digits, else the text read by
/// `lexical-core`; finite only. Its end.
#[inline(always)]
fn number_f64(b: &[u8], start: usize) -> R<(f64, usize)> {
    let mut i = start;
    let negative = b.get(i) == Some(&b'-');
    i += usize::from(negative);
    let first = i;
    let d = b.get(i).ok_or(Reject)?.wrapping_sub(b'0');
    if d > 9 {
        return Err(Reject);
    }
    let mut m = u64::from(d);
    i += 1;
    if d == 0 {
        if b.get(i).is_some_and(u8::is_ascii_digit) {
            return Err(Reject);
        }
    } else {
        i = digits(b, i, &mut m);
    }
    let mut count = i - first;
    let mut scale = 0i32;
    let mut exact_ok = true;
    let next = b.get(i).copied().unwrap_or_default();
    if next == b'.' || next | 0x20 == b'e' {
        let mut fraction = 0;
        if next == b'.' {
            i += 1;
            if !b.get(i).is_some_and(u8::is_ascii_digit) {
                return Err(Reject);
            }
            let from = i;
            i = digits(b, i, &mut m);
            fraction = i - from;
            count += fraction;
        }
        let mut exp = 0u64;
        let mut exp_digits = 0;
        let mut exp_negative = false;
        if matches!(b.get(i), Some(b'e' | b'E')) {
            i += 1;
            match b.get(i) {
                Some(b'-') => {
                    exp_negative = true;
                    i += 1;
                }
                Some(b'+') => i += 1,
                _ => {}
            }
            if !b.get(i).is_some_and(u8::is_ascii_digit) {
                return Err(Reject);
            }
            let from = i;
            i = digits(b, i, &mut exp);
            exp_digits = i - from;
        }
        exact_ok = exp_digits <= 4;
        if exact_ok {
            let e = exp as i32;
            scale = (if exp_negative { -e } else { e }) - fraction as i32;
        }
    }
    if exact_ok && count <= 19 {
        if m == 0 {
            return Ok((if negative { -0.0 } else { 0.0 }, i));
        }
        if let Some(v) = exact(m, scale, negative) {
            return Ok((v, i));
        }
    }
    Ok((float_text(&b[start..i])?, i))
}

/// Text into `f64` as binder's text conversion reads it: a plain decimal
/// through Clinger's fast path, else `lexical-core`; finite only.
#[cold]
#[inline(never)]
fn float_text(b: &[u8]) -> R<f64> {
    if let Some(v) = plain_decimal(b) {
        return Ok(v);
    }
    match lexical_core::parse::<f64>(b) {
        Ok(v) if v.is_finite() => Ok(v),
        _ => Err(Reject),
    }
}

/// `-`? digits (`.` digits)?, at most 19 digits, through Clinger's path.
fn plain_decimal(b: &[u8]) -> Option<f64> {
    let (negative, d) = match b {
        [b'-', rest @ ..] => (true, rest),
        _ => (false, b),
    };
    if d.len() > 20 {
        return None;
    }
    let (mut m, mut seen, mut point) = (0u64, 0u32, None);
    for (i, &c) in d.iter().enumerate() {
        match c {
            b'0'..=b'9' => {
                m = m.wrapping_mul(10).wrapping_add(u64::from(c - b'0'));
                seen += 1;
            }
            b'.' if point.is_none() => point = Some(i),
            _ => return None,
        }
    }
    let scale = match point {
        Some(at) if at > 0 && at + 1 < d.len() => d.len() - at - 1,
        Some(_) => return None,
        None => 0,
    };
    if seen == 0 || seen > 19 {
        return None;
    }
    exact(m, -(scale as i32), negative)
}

/// `1`, `0`, `true`, `false`, `on`, `off` (any case), as binder's `bool`
/// reads text.
fn text_bool(b: &[u8]) -> R<bool> {
    match b {
        b"1" => Ok(true),
        b"0" => Ok(false),
        _ if b.eq_ignore_ascii_case(b"true") || b.eq_ignore_ascii_case(b"on") => Ok(true),
        _ if b.eq_ignore_ascii_case(b"false") || b.eq_ignore_ascii_case(b"off") => Ok(false),
        _ => Err(Reject),
    }
}

// ---------------------------------------------------------------------------
// Skipping an unknown member's value.

/// The name at `i` (its opening quote) of a member being skipped, and its
/// colon: the position after the colon.
#[inline(always)]
fn skip_name(b: &[u8], mut i: usize) -> R<usize> {
    if next(b, &mut i) != b'"' {
        return Err(Reject);
    }
    let (end, _) = scan_str(b, i + 1)?;
    colon(b, end + 1)
}

/// Checks and skips the value at `i` (whitespace first), inside `depth`
/// open containers: without recursion, a bit a level for whether it is an
/// object, nesting at most [`MAX_DEPTH`] in all. Its end.
#[inline(never)]
fn skip_value(b: &[u8], mut i: usize, depth: usize) -> R<usize> {
    // Levels opened here, each bit set for an object.
    let mut open = 0usize;
    let mut objects = 0u128;
    loop {
        match next(b, &mut i) {
            c @ (b'{' | b'[') => {
                if depth + open >= MAX_DEPTH {
                    return Err(Reject);
                }
                let object = c == b'{';
                objects = objects & !(1 << open) | (u128::from(object) << open);
                open += 1;
                i += 1;
                let close = if object { b'}' } else { b']' };
                if next(b, &mut i) != close {
                    if object {
                        i = skip_name(b, i)?;
                    }
                    continue;
                }
                i += 1;
                open -= 1;
            }
            b'"' => i = scan_str(b, i + 1)?.0 + 1,
            b'-' | b'0'..=b'9' => i = scan_number(b, i)?,
            b't' => i = literal(b, i, b"true")?,
            b'f' => i = literal(b, i, b"false")?,
            b'n' => i = literal(b, i, b"null")?,
            _ => return Err(Reject),
        }
        // A value is complete: close what it completes.
        loop {
            if open == 0 {
                return Ok(i);
            }
            let object = objects >> (open - 1) & 1 == 1;
            let c = next(b, &mut i);
            if c == b',' {
                i += 1;
                if object {
                    i = skip_name(b, i)?;
                }
                break;
            }
            if c != if object { b'}' } else { b']' } {
                return Err(Reject);
            }
            i += 1;
            open -= 1;
        }
    }
}

// ---------------------------------------------------------------------------
// Field values.

/// What a text field is made of: borrowed text, owned text, or (for
/// `&str`) nothing when the string has escapes.
trait Text<'a>: Sized {
    /// Text as it stands in the body (or a word of binder's).
    fn plain(s: &'a str) -> Self;
    /// A string body with escapes.
    fn escaped(raw: &'a str) -> R<Self>;
}

impl<'a> Text<'a> for &'a str {
    #[inline(always)]
    fn plain(s: &'a str) -> Self {
        s
    }
    #[inline(always)]
    fn escaped(_: &'a str) -> R<Self> {
        Err(Reject)
    }
}

impl<'a> Text<'a> for Cow<'a, str> {
    #[inline(always)]
    fn plain(s: &'a str) -> Self {
        Cow::Borrowed(s)
    }
    #[inline(always)]
    fn escaped(raw: &'a str) -> R<Self> {
        Ok(Cow::Owned(unescape(raw)))
    }
}

impl<'a> Text<'a> for String {
    #[inline(always)]
    fn plain(s: &'a str) -> Self {
        String::from(s)
    }
    #[inline(always)]
    fn escaped(raw: &'a str) -> R<Self> {
        Ok(unescape(raw))
    }
}

/// A string's body starting at `i` (after its quote), as text: its
/// position after the closing quote.
#[inline(always)]
fn string(t: &str, i: usize) -> R<(&str, bool, usize)> {
    let (end, escaped) = scan_str(t.as_bytes(), i)?;
    let s = t
        .split_at_checked(end)
        .and_then(|(head, _)| head.split_at_checked(i))
        .ok_or(Reject)?
        .1;
    Ok((s, escaped, end + 1))
}

/// A text field's value at `i` (whitespace skipped): a string, a number as
/// written, or `true`/`false` as words.
#[inline(always)]
fn text_value<'a, S: Text<'a>>(t: &'a str, i: usize) -> R<(S, usize)> {
    let b = t.as_bytes();
    match b.get(i) {
        Some(b'"') => {
            let (s, escaped, end) = string(t, i + 1)?;
            let v = if escaped { S::escaped(s)? } else { S::plain(s) };
            Ok((v, end))
        }
        _ => text_other(t, i),
    }
}

#[cold]
#[inline(never)]
fn text_other<'a, S: Text<'a>>(t: &'a str, i: usize) -> R<(S, usize)> {
    let b = t.as_bytes();
    match b.get(i) {
        Some(b'-' | b'0'..=b'9') => {
            let end = scan_number(b, i)?;
            Ok((S::plain(t.get(i..end).ok_or(Reject)?), end))
        }
        Some(b't') => Ok((S::plain("true"), literal(b, i, b"true")?)),
        Some(b'f') => Ok((S::plain("false"), literal(b, i, b"false")?)),
        _ => Err(Reject),
    }
}

/// A string's decoded bytes handed to `f` (a number or flag read as text).
#[cold]
#[inline(never)]
fn string_as<T>(t: &str, i: usize, f: impl FnOnce(&[u8]) -> R<T>) -> R<(T, usize)> {
    let (s, escaped, end) = string(t, i + 1)?;
    if !escaped {
        return Ok((f(s.as_bytes())?, end));
    }
    // Decoded on the stack, as binder decodes (a longer one allocates).
    let mut buf = [0u8; 128];
    let v = match decode_into(s, &mut buf) {
        Some(decoded) => f(decoded)?,
        None => f(unescape(s).as_bytes())?,
    };
    Ok((v, end))
}

/// A `u32` field's value at `i`.
#[inline(always)]
fn u32_value(t: &str, i: usize) -> R<(u32, usize)> {
    let b = t.as_bytes();
    match b.get(i) {
        Some(b'0'..=b'9') => number_u32(b, i),
        Some(b'"') => string_as(t, i, |s| lexical_core::parse::<u32>(s).map_err(|_| Reject)),
        _ => Err(Reject),
    }
}

/// An `f64` field's value at `i`.
#[inline(always)]
fn f64_value(t: &str, i: usize) -> R<(f64, usize)> {
    let b = t.as_bytes();
    match b.get(i) {
        Some(b'-' | b'0'..=b'9') => number_f64(b, i),
        Some(b'"') => string_as(t, i, float_text),
        _ => Err(Reject),
    }
}

/// A `bool` field's value at `i`.
#[inline(always)]
fn bool_value(t: &str, i: usize) -> R<(bool, usize)> {
    let b = t.as_bytes();
    match b.get(i) {
        Some(b't') => Ok((true, literal(b, i, b"true")?)),
        Some(b'f') => Ok((false, literal(b, i, b"false")?)),
        _ => bool_other(t, i),
    }
}

#[cold]
#[inline(never)]
fn bool_other(t: &str, i: usize) -> R<(bool, usize)> {
    let b = t.as_bytes();
    match b.get(i) {
        Some(b'"') => string_as(t, i, text_bool),
        Some(b'-' | b'0'..=b'9') => {
            let end = scan_number(b, i)?;
            Ok((text_bool(&b[i..end])?, end))
        }
        _ => Err(Reject),
    }
}

/// Sets a field's slot, refusing a second value.
#[inline(always)]
fn set<T>(slot: &mut Option<T>, v: T) -> R<()> {
    if slot.is_some() {
        return Err(Reject);
    }
    *slot = Some(v);
    Ok(())
}

/// After a member's value at `i`: `true` at the next member's opening
/// quote (its comma consumed), `false` after the object's `}`.
#[inline(always)]
fn after_member(b: &[u8], i: &mut usize) -> R<bool> {
    match next(b, i) {
        b',' => {
            *i += 1;
            if next(b, i) != b'"' {
                return Err(Reject);
            }
            Ok(true)
        }
        b'}' => {
            *i += 1;
            Ok(false)
        }
        _ => Err(Reject),
    }
}

/// After an object's `{` at `i - 1`: whether a member follows (at its
/// quote) or the object is empty (its `}` consumed).
#[inline(always)]
fn first_member(b: &[u8], i: &mut usize) -> R<bool> {
    match next(b, i) {
        b'"' => Ok(true),
        b'}' => {
            *i += 1;
            Ok(false)
        }
        _ => Err(Reject),
    }
}

/// The whole body as text (one UTF-8 check), positioned after the
/// top-level object's `{`.
#[inline(always)]
fn open_body(body: &[u8]) -> R<(&str, usize)> {
    let t = std::str::from_utf8(body).map_err(|_| Reject)?;
    let mut i = 0;
    // `null` binds no member: every required field is missing.
    if next(t.as_bytes(), &mut i) != b'{' {
        return Err(Reject);
    }
    Ok((t, i + 1))
}

/// Only whitespace after the top-level value ending at `i`.
#[inline(always)]
fn close_body(b: &[u8], i: usize) -> R<()> {
    if ws(b, i) == b.len() {
        Ok(())
    } else {
        Err(Reject)
    }
}

// ---------------------------------------------------------------------------
// json5: the user.

const NAME: (u64, u64) = key(b"name");
const AGE: (u64, u64) = key(b"age");
const EMAIL: (u64, u64) = key(b"email");
const ADMIN: (u64, u64) = key(b"admin");
const SCORE: (u64, u64) = key(b"score");
const USER_NAMES: &[&[u8]] = &[b"name", b"age", b"email", b"admin", b"score"];
const M_NAME: Compact = compact(b"name", false);
const M_AGE: Compact = compact(b"age", true);
const M_EMAIL: Compact = compact(b"email", true);
const M_ADMIN: Compact = compact(b"admin", true);
const M_SCORE: Compact = compact(b"score", true);

/// The user's fields, `S` its text type.
#[inline(always)]
fn user<'a, S: Text<'a>>(body: &'a [u8]) -> R<(S, u32, S, bool, f64)> {
    let (t, mut i) = open_body(body)?;
    let b = t.as_bytes();
    let (mut name, mut age, mut email, mut admin, mut score) = (None, None, None, None, None);
    // The members in declaration order, written compactly (see `item`).
    let mut first = true;
    if at(b, i, &M_NAME) {
        i += M_NAME.len;
        next(b, &mut i);
        let (n, end) = text_value::<S>(t, i)?;
        i = end;
        if at(b, i, &M_AGE) {
            i += M_AGE.len;
            next(b, &mut i);
            let (a, end) = u32_value(t, i)?;
            i = end;
            if at(b, i, &M_EMAIL) {
                i += M_EMAIL.len;
                next(b, &mut i);
                let (e, end) = text_value::<S>(t, i)?;
                i = end;
                if at(b, i, &M_ADMIN) {
                    i += M_ADMIN.len;
                    next(b, &mut i);
                    let (ad, end) = bool_value(t, i)?;
                    i = end;
                    if at(b, i, &M_SCORE) {
                        i += M_SCORE.len;
                        next(b, &mut i);
                        let (sc, end) = f64_value(t, i)?;
                        i = end;
                        if b.get(i) == Some(&b'}') {
                            close_body(b, i + 1)?;
                            return Ok((n, a, e, ad, sc));
                        }
                        score = Some(sc);
                    }
                    admin = Some(ad);
                }
                email = Some(e);
            }
            age = Some(a);
        }
        name = Some(n);
        first = false;
    }
    let mut more = if first {
        first_member(b, &mut i)?
    } else {
        after_member(b, &mut i)?
    };
    while more {
        // At the name's opening quote.
        let (field, j) = match word(b, i + 1) {
            w if is(w, NAME) => (0, i + 6),
            w if is(w, AGE) => (1, i + 5),
            w if is(w, EMAIL) => (2, i + 7),
            w if is(w, ADMIN) => (3, i + 7),
            w if is(w, SCORE) => (4, i + 7),
            _ => slow_key(t, i + 1, USER_NAMES)?,
        };
        i = colon(b, j)?;
        next(b, &mut i);
        i = match field {
            0 => {
                let (v, end) = text_value::<S>(t, i)?;
                set(&mut name, v)?;
                end
            }
            1 => {
                let (v, end) = u32_value(t, i)?;
                set(&mut age, v)?;
                end
            }
            2 => {
                let (v, end) = text_value::<S>(t, i)?;
                set(&mut email, v)?;
                end
            }
            3 => {
                let (v, end) = bool_value(t, i)?;
                set(&mut admin, v)?;
                end
            }
            4 => {
                let (v, end) = f64_value(t, i)?;
                set(&mut score, v)?;
                end
            }
            _ => skip_value(b, i, 1)?,
        };
        more = after_member(b, &mut i)?;
    }
    close_body(b, i)?;
    match (name, age, email, admin, score) {
        (Some(name), Some(age), Some(email), Some(admin), Some(score)) => {
            Ok((name, age, email, admin, score))
        }
        _ => Err(Reject),
    }
}

/// `json5.json` (or any body) into [`JsonUser`], as `binder_json` binds
/// it: the same bodies accepted, the same values, one allocation per
/// string.
///
/// # Errors
/// [`Reject`] wherever binder refuses the body.
#[inline]
pub fn ideal_json_user(body: &[u8]) -> Result<JsonUser, Reject> {
    let (name, age, email, admin, score) = user::<String>(body)?;
    Ok(JsonUser {
        name,
        age,
        email,
        admin,
        score,
    })
}

/// `json5.json` into [`JsonUserRef`]: strings borrowed unless they have
/// escapes, as binder borrows them.
///
/// # Errors
/// [`Reject`] wherever binder refuses the body.
#[inline]
pub fn ideal_json_user_ref(body: &[u8]) -> Result<JsonUserRef<'_>, Reject> {
    let (name, age, email, admin, score) = user::<Cow<'_, str>>(body)?;
    Ok(JsonUserRef {
        name,
        age,
        email,
        admin,
        score,
    })
}

// ---------------------------------------------------------------------------
// items1000: the cart.

const SKU: (u64, u64) = key(b"sku");
const QTY: (u64, u64) = key(b"qty");
const PRICE: (u64, u64) = key(b"price");
const ITEM_NAMES: &[&[u8]] = &[b"sku", b"qty", b"price"];
const M_SKU: Compact = compact(b"sku", false);
const M_QTY: Compact = compact(b"qty", true);
const M_PRICE: Compact = compact(b"price", true);
const ITEMS: (u64, u64) = key(b"items");
const CART_NAMES: &[&[u8]] = &[b"customer", b"items"];

/// One item's object, its `{` at `i - 1`, inside `depth` containers (its
/// own included): its fields and the position after its `}`.
#[inline(always)]
fn item<'a, S: Text<'a>>(t: &'a str, mut i: usize, depth: usize) -> R<((S, u32, f64), usize)> {
    let b = t.as_bytes();
    let (mut sku, mut qty, mut price) = (None, None, None);
    // The members in declaration order, written compactly: each name with
    // its quotes and colon matched in one compare, the whole item made
    // here. Anything else is walked by the general loop below, from where
    // this one stopped.
    let mut first = true;
    if at(b, i, &M_SKU) {
        i += M_SKU.len;
        next(b, &mut i);
        let (s, end) = text_value::<S>(t, i)?;
        i = end;
        if at(b, i, &M_QTY) {
            i += M_QTY.len;
            next(b, &mut i);
            let (q, end) = u32_value(t, i)?;
            i = end;
            if at(b, i, &M_PRICE) {
                i += M_PRICE.len;
                next(b, &mut i);
                let (p, end) = f64_value(t, i)?;
                i = end;
                if b.get(i) == Some(&b'}') {
                    return Ok(((s, q, p), i + 1));
                }
                price = Some(p);
            }
            qty = Some(q);
        }
        sku = Some(s);
        first = false;
    }
    let mut more = if first {
        first_member(b, &mut i)?
    } else {
        after_member(b, &mut i)?
    };
    while more {
        let (field, j) = match word(b, i + 1) {
            w if is(w, SKU) => (0, i + 5),
            w if is(w, QTY) => (1, i + 5),
            w if is(w, PRICE) => (2, i + 7),
            _ => slow_key(t, i + 1, ITEM_NAMES)?,
        };
        i = colon(b, j)?;
        next(b, &mut i);
        i = match field {
            0 => {
                let (v, end) = text_value::<S>(t, i)?;
                set(&mut sku, v)?;
                end
            }
            1 => {
                let (v, end) = u32_value(t, i)?;
                set(&mut qty, v)?;
                end
            }
            2 => {
                let (v, end) = f64_value(t, i)?;
                set(&mut price, v)?;
                end
            }
            _ => skip_value(b, i, depth)?,
        };
        more = after_member(b, &mut i)?;
    }
    match (sku, qty, price) {
        (Some(sku), Some(qty), Some(price)) => Ok(((sku, qty, price), i)),
        _ => Err(Reject),
    }
}

/// The `items` value at `i` into `list`: an array of items (a `null`
/// element adds nothing), `null`, or one lone item. Its end.
#[inline(always)]
fn items<'a, S: Text<'a>, T>(
    t: &'a str,
    mut i: usize,
    list: &mut Vec<T>,
    make: impl Fn((S, u32, f64)) -> T,
) -> R<usize> {
    let b = t.as_bytes();
    match b.get(i) {
        Some(b'[') => {
            i += 1;
            if next(b, &mut i) == b']' {
                return Ok(i + 1);
            }
            loop {
                match next(b, &mut i) {
                    b'{' => {
                        let (v, end) = item::<S>(t, i + 1, 3)?;
                        list.push(make(v));
                        i = end;
                    }
                    b'n' => i = literal(b, i, b"null")?,
                    _ => return Err(Reject),
                }
                match next(b, &mut i) {
                    b',' => i += 1,
                    b']' => return Ok(i + 1),
                    _ => return Err(Reject),
                }
            }
        }
        Some(b'{') => {
            let (v, end) = item::<S>(t, i + 1, 2)?;
            list.push(make(v));
            Ok(end)
        }
        Some(b'n') => literal(b, i, b"null"),
        _ => Err(Reject),
    }
}

/// The cart's fields, `S` its text type, `T` its item type.
#[inline(always)]
fn cart<'a, S: Text<'a>, T>(body: &'a [u8], make: impl Fn((S, u32, f64)) -> T) -> R<(S, Vec<T>)> {
    let (t, mut i) = open_body(body)?;
    let b = t.as_bytes();
    let mut customer = None;
    let mut list = Vec::new();
    let mut items_seen = false;
    let mut more = first_member(b, &mut i)?;
    while more {
        // `customer` is eight bytes: its word holds no quote.
        let (field, j) = match word(b, i + 1) {
            w if w == u64::from_le_bytes(*b"customer") && b.get(i + 9) == Some(&b'"') => {
                (0, i + 10)
            }
            w if is(w, ITEMS) => (1, i + 7),
            _ => slow_key(t, i + 1, CART_NAMES)?,
        };
        i = colon(b, j)?;
        next(b, &mut i);
        i = match field {
            0 => {
                let (v, end) = text_value::<S>(t, i)?;
                set(&mut customer, v)?;
                end
            }
            1 => {
                if items_seen {
                    return Err(Reject);
                }
                items_seen = true;
                items(t, i, &mut list, &make)?
            }
            _ => skip_value(b, i, 1)?,
        };
        more = after_member(b, &mut i)?;
    }
    close_body(b, i)?;
    Ok((customer.ok_or(Reject)?, list))
}

/// `items1000.json` (or any body) into [`Cart`], as `binder_json` binds
/// it: one allocation per string, the item list grown by `push` as
/// binder's is.
///
/// # Errors
/// [`Reject`] wherever binder refuses the body.
#[inline]
pub fn ideal_cart(body: &[u8]) -> Result<Cart, Reject> {
    let (customer, items) =
        cart::<String, Item>(body, |(sku, qty, price)| Item { sku, qty, price })?;
    Ok(Cart { customer, items })
}

/// `items1000.json` into [`CartRef`]: every string borrowed (one with
/// escapes is refused, as binder's `&str` refuses it).
///
/// # Errors
/// [`Reject`] wherever binder refuses the body.
#[inline]
pub fn ideal_cart_ref(body: &[u8]) -> Result<CartRef<'_>, Reject> {
    let (customer, items) =
        cart::<&str, ItemRef<'_>>(body, |(sku, qty, price)| ItemRef { sku, qty, price })?;
    Ok(CartRef { customer, items })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{binder_json, ITEMS1000, JSON5};
    use binder_http::request::{Body, Parts};
    use binder_http::Bind;

    /// binder's answer, `None` where it refuses the body.
    fn binder<'r, T: Bind<'r>>(body: &'r [u8]) -> Option<T> {
        T::bind(&Parts {
            body: Body::Json(body),
            ..Parts::default()
        })
        .ok()
    }

    /// Equal, and both borrowed or both owned.
    fn same_cow(a: Option<&Cow<'_, str>>, b: Option<&Cow<'_, str>>) -> bool {
        a == b && matches!(a, Some(Cow::Borrowed(_))) == matches!(b, Some(Cow::Borrowed(_)))
    }

    /// Floor and binder agree on `body` for all four types; returns
    /// whether binder accepted it as a user and as a cart.
    fn check(body: &[u8]) -> (bool, bool) {
        let ctx = || String::from_utf8_lossy(body).into_owned();
        // The user, owned.
        let (f, o) = (ideal_json_user(body).ok(), binder::<JsonUser>(body));
        assert_eq!(f.is_some(), o.is_some(), "JsonUser ok: {}", ctx());
        if let (Some(f), Some(o)) = (&f, &o) {
            assert_eq!(f, o, "{}", ctx());
            assert_eq!(f.score.to_bits(), o.score.to_bits(), "{}", ctx());
            assert_eq!(f.name.capacity(), o.name.capacity(), "{}", ctx());
            assert_eq!(f.email.capacity(), o.email.capacity(), "{}", ctx());
        }
        let user_ok = o.is_some();
        // The user, borrowed.
        let (f, o) = (ideal_json_user_ref(body).ok(), binder::<JsonUserRef>(body));
        assert_eq!(f.is_some(), o.is_some(), "JsonUserRef ok: {}", ctx());
        if let (Some(f), Some(o)) = (&f, &o) {
            assert_eq!(f, o, "{}", ctx());
            assert_eq!(f.score.to_bits(), o.score.to_bits(), "{}", ctx());
            assert!(same_cow(Some(&f.name), Some(&o.name)), "{}", ctx());
            assert!(same_cow(Some(&f.email), Some(&o.email)), "{}", ctx());
        }
        // The cart, owned.
        let (f, o) = (ideal_cart(body).ok(), binder::<Cart>(body));
        assert_eq!(f.is_some(), o.is_some(), "Cart ok: {}", ctx());
        if let (Some(f), Some(o)) = (&f, &o) {
            assert_eq!(f, o, "{}", ctx());
            assert_eq!(f.customer.capacity(), o.customer.capacity(), "{}", ctx());
            assert_eq!(f.items.capacity(), o.items.capacity(), "{}", ctx());
            for (a, b) in f.items.iter().zip(&o.items) {
                assert_eq!(a.price.to_bits(), b.price.to_bits(), "{}", ctx());
                assert_eq!(a.sku.capacity(), b.sku.capacity(), "{}", ctx());
            }
        }
        let cart_ok = o.is_some();
        // The cart, borrowed.
        let (f, o) = (ideal_cart_ref(body).ok(), binder::<CartRef>(body));
        assert_eq!(f.is_some(), o.is_some(), "CartRef ok: {}", ctx());
        if let (Some(f), Some(o)) = (&f, &o) {
            assert_eq!(f, o, "{}", ctx());
            assert_eq!(f.items.capacity(), o.items.capacity(), "{}", ctx());
            for (a, b) in f.items.iter().zip(&o.items) {
                assert_eq!(a.price.to_bits(), b.price.to_bits(), "{}", ctx());
            }
        }
        (user_ok, cart_ok)
    }

    #[test]
    fn workloads_bind_as_binder_binds_them() {
        assert_eq!(
            ideal_json_user(JSON5).unwrap(),
            binder_json::<JsonUser>(JSON5)
        );
        assert_eq!(
            ideal_json_user_ref(JSON5).unwrap(),
            binder_json::<JsonUserRef>(JSON5)
        );
        let user = ideal_json_user_ref(JSON5).unwrap();
        assert!(matches!(user.name, Cow::Borrowed("Ada Lovelace")));
        assert_eq!(
            ideal_cart(ITEMS1000).unwrap(),
            binder_json::<Cart>(ITEMS1000)
        );
        assert_eq!(
            ideal_cart_ref(ITEMS1000).unwrap(),
            binder_json::<CartRef>(ITEMS1000)
        );
        assert_eq!(ideal_cart_ref(ITEMS1000).unwrap().items.len(), 1000);
        assert_eq!(check(JSON5), (true, false));
        assert_eq!(check(ITEMS1000), (false, true));
    }

    const U: &str =
        r#"{"name":"Ada Lovelace","age":36,"email":"ada@example.org","admin":true,"score":99.5}"#;
    const C: &str = r#"{"customer":"ada@example.org","items":[{"sku":"SKU-0000","qty":1,"price":1.5},{"sku":"SKU-0001","qty":2,"price":1.75}]}"#;

    /// The user with one member's value replaced.
    fn user_with(field: &str, value: &str) -> String {
        let mut members = vec![
            ("name", r#""Ada Lovelace""#),
            ("age", "36"),
            ("email", r#""ada@example.org""#),
            ("admin", "true"),
            ("score", "99.5"),
        ];
        for m in &mut members {
            if m.0 == field {
                m.1 = value;
            }
        }
        let body: Vec<String> = members
            .iter()
            .map(|(k, v)| format!("\"{k}\":{v}"))
            .collect();
        format!("{{{}}}", body.join(","))
    }

    /// The cart with one item, one member's value replaced.
    fn item_with(field: &str, value: &str) -> String {
        let mut members = vec![("sku", r#""SKU-1""#), ("qty", "2"), ("price", "1.5")];
        for m in &mut members {
            if m.0 == field {
                m.1 = value;
            }
        }
        let body: Vec<String> = members
            .iter()
            .map(|(k, v)| format!("\"{k}\":{v}"))
            .collect();
        format!(r#"{{"customer":"c","items":[{{{}}}]}}"#, body.join(","))
    }

    /// Values tried in every field: each scalar type's edges.
    #[rustfmt::skip]
    const VALUES: &[&str] = &[
        r#""""#, r#""x""#, r#""Ada""#, r#""a\"b""#, r#""a\\b""#, r#""a\/b""#, r#""\b\f\n\r\t""#,
        r#""\u00e9""#, r#""\u00E9""#, r#""\ud83d\ude00""#, r#""\ud800""#, r#""\udc00""#,
        r#""\ud800\u0041""#, r#""\ud800x""#, r#""\ud83d\ude00\ud83d\ude00""#, r#""\uDBFF\uDFFF""#,
        r#""\u0000""#, r#""\x""#, r#""\u12""#, r#""\u12g4""#, r#""\U0041""#, "\"a\tb\"", "\"a\u{1}b\"",
        "\"caf\u{e9}\"", "\"\u{1F600}\"", r#""\u0033\u0036""#, r#""\u0031""#, r#""\u0074rue""#,
        "0", "1", "-0", "-1", "36", "036", "00", "4294967295", "4294967296", "99999999999",
        "18446744073709551616", "12345678901234567890123", "1.0", "1.5", "-1.5", "1e2", "1E2",
        "1e+2", "1e-2", "0.1", "0.0", "-0.0", "99.5", "1.", ".5", "+1", "1e", "1e+", "-", "--1",
        "1.5e3", "1e400", "-1e400", "1e-400", "4e-320", "9007199254740993", "9007199254740992.0",
        "1.7976931348623157e308", "1.7976931348623159e308", "2.2250738585072014e-308",
        "0.30000000000000004", "123456789012345678901234567890", "1e00001", "1e99999",
        "0e99999", "3.14159265358979323846264338327950288", "1.2.3", "0x10", "1_000",
        "true", "false", "null", "tru", "fals", "nul", "True", "NULL", "truex", "nullnull",
        "[]", "[1]", "{}", r#"{"a":1}"#, "[null]", r#""0""#, r#""00""#, r#""+5""#, r#""-5""#,
        r#""-0""#, r#"" 5""#, r#""5 ""#, r#""4294967295""#, r#""4294967296""#, r#""1.5""#,
        r#""1e5""#, r#""inf""#, r#""NaN""#, r#""infinity""#, r#""-inf""#, r#""1e400""#,
        r#""+1.5""#, r#"".5""#, r#""5.""#, r#""00.5""#, r#""1_0""#, r#""0x1""#,
        r#""true""#, r#""TRUE""#, r#""on""#, r#""OFF""#, r#""yes""#, r#""0""#, r#""1""#,
        r#""2""#, r#""fAlSe""#, r#""\u006fn""#, r#""9999999999999999999999999""#,
        "\"\u{ff10}\"", "x", "", " ", "\"", "'a'", "\"unterminated",
    ];

    #[test]
    fn every_field_against_every_value() {
        let mut accepted = 0;
        let mut total = 0;
        for field in ["name", "age", "email", "admin", "score"] {
            for v in VALUES {
                let (user, _) = check(user_with(field, v).as_bytes());
                accepted += usize::from(user);
                total += 1;
            }
        }
        for field in ["sku", "qty", "price"] {
            for v in VALUES {
                let (_, cart) = check(item_with(field, v).as_bytes());
                accepted += usize::from(cart);
                total += 1;
            }
        }
        // Each value set holds both kinds.
        assert!(
            accepted > 100 && accepted < total - 100,
            "{accepted} of {total}"
        );
    }

    /// Hand-written bodies, each one rule.
    const CASES: &[&str] = &[
        U,
        C,
        // whitespace, everywhere it may be and where it may not
        " \t\n\r{\"name\" : \"Ada\" ,\n\"age\"\t:36 , \"email\":\"e\",\"admin\":true,\"score\":1 } \n",
        "\u{feff}{\"name\":\"Ada\",\"age\":36,\"email\":\"e\",\"admin\":true,\"score\":1}",
        "{\"name\":\"Ada\",\"age\":36,\"email\":\"e\",\"admin\":true,\"score\":1}\u{0c}",
        "{\"name\":\"Ada\",\"age\":36,\"email\":\"e\",\"admin\":true,\"score\":1}\u{a0}",
        " { \"customer\" : \"c\" , \"items\" : [ { \"sku\" : \"s\" , \"qty\" : 1 , \"price\" : 2 } , null ] } ",
        // order, unknown members, duplicates
        r#"{"score":1,"admin":false,"email":"e","age":0,"name":"n"}"#,
        r#"{"x":1,"name":"Ada","age":36,"email":"e","admin":true,"score":1,"y":[1,{"z":null}]}"#,
        r#"{"name":"Ada","name":"Bob","age":36,"email":"e","admin":true,"score":1}"#,
        r#"{"name":null,"name":"Bob","age":36,"email":"e","admin":true,"score":1}"#,
        r#"{"name":"Ada","age":36,"age":36,"email":"e","admin":true,"score":1}"#,
        r#"{"name":"Ada","age":36,"email":"e","admin":true,"score":1,"score":1}"#,
        r#"{"name":"Ada","age":36,"email":"e","admin":true,"admin":true,"score":1}"#,
        r#"{"n\u0061me":"Ada","age":36,"email":"e","admin":true,"score":1}"#,
        r#"{"name":"Ada","\u0061ge":36,"email":"e","admin":true,"score":1,"\u0061ge":1}"#,
        r#"{"name":"Ada","age":36,"email":"e","admin":true,"score":1,"nam\u0065":"x"}"#,
        r#"{"name ":"Ada","age":36,"email":"e","admin":true,"score":1}"#,
        r#"{"Name":"Ada","age":36,"email":"e","admin":true,"score":1}"#,
        r#"{"name":"Ada","age":36,"email":"e","admin":true}"#,
        r#"{"name":"Ada","age":36,"email":"e","admin":true,"score":null}"#,
        r#"{"name":"Ada","age":36,"email":"e","admin":true,"score":1,}"#,
        r#"{"name":"Ada","age":36,"email":"e","admin":true,"score":1}}"#,
        r#"{"name":"Ada","age":36,"email":"e","admin":true,"score":1} 1"#,
        r#"{"name":"Ada","age":36,"email":"e","admin":true,"score":1"#,
        r#"{"name":"Ada","age":36,"email":"e","admin":true "score":1}"#,
        r#"{"name":"Ada","age":36,"email":"e","admin":true,,"score":1}"#,
        r#"{"name":"Ada","age":36,"email":"e","admin":true,"score":1,"x":[1,]}"#,
        r#"{"name":"Ada","age":36,"email":"e","admin":true,"score":1,"x":{"a":1,}}"#,
        r#"{"name":"Ada","age":36,"email":"e","admin":true,"score":1,"x":{"a"}}"#,
        r#"{"name":"Ada","age":36,"email":"e","admin":true,"score":1,"x":{1:2}}"#,
        r#"{"name":"Ada","age":36,"email":"e","admin":true,"score":1,"x":[1 2]}"#,
        r#"{"name":"Ada","age":36,"email":"e","admin":true,"score":1,"x":"\ud800"}"#,
        r#"{"name":"Ada","age":36,"email":"e","admin":true,"score":1,"x":01}"#,
        r#"{"name":"Ada","age":36,"email":"e","admin":true,"score":1,"x":1e400}"#,
        r#"{"name":"Ada","age":36,"email":"e","admin":true,"score":1,"\ud800":1}"#,
        "{\"name\":\"Ada\",\"age\":36,\"email\":\"e\",\"admin\":true,\"score\":1,\"x\":\"\u{1}\"}",
        r#"{"name":"Ada","age":36,"email":"e","admin":true,"score":1,"x":tru}"#,
        r#"{"name":"Ada","age":36,"email":"e","admin":true,"score":1,"x":[[[[]]],{"":{}}]}"#,
        r#"null"#,
        r#"[]"#,
        r#""x""#,
        r#"{}"#,
        r#""#,
        r#"{"#,
        // the cart
        r#"{"customer":"c"}"#,
        r#"{"customer":"c","items":null}"#,
        r#"{"customer":"c","items":[]}"#,
        r#"{"customer":"c","items":[null,null]}"#,
        r#"{"customer":"c","items":{"sku":"s","qty":1,"price":2}}"#,
        r#"{"customer":"c","items":"x"}"#,
        r#"{"customer":"c","items":1}"#,
        r#"{"customer":"c","items":true}"#,
        r#"{"customer":"c","items":[[]]}"#,
        r#"{"customer":"c","items":["x"]}"#,
        r#"{"customer":"c","items":[{}]}"#,
        r#"{"customer":"c","items":[{"sku":"s","qty":1}]}"#,
        r#"{"customer":"c","items":[{"sku":"s","qty":1,"price":2,"sku":"t"}]}"#,
        r#"{"customer":"c","items":[{"sku":"s","qty":1,"price":2,"x":[{"y":1}]}]}"#,
        r#"{"customer":"c","items":[],"items":[]}"#,
        r#"{"customer":"c","items":null,"items":[]}"#,
        r#"{"items":[],"customer":"c"}"#,
        r#"{"items":[]}"#,
        r#"{"customer":"c","customer":"d"}"#,
        r#"{"customer":"c","customerx":"d"}"#,
        r#"{"custome":"c"}"#,
        r#"{"cust\u006fmer":"c"}"#,
        r#"{"customer":"c\u00e9"}"#,
        r#"{"customer":"c","items":[{"sku":"a\nb","qty":1,"price":2}]}"#,
        r#"{"customer":"c","items":[{"s\u006bu":"a","qty":1,"price":2}]}"#,
        r#"{"customer":"c","items":[{"sku":"a","qty":1,"price":2},]}"#,
        r#"{"customer":"c","items":[{"sku":"a","qty":1,"price":2} {"sku":"a","qty":1,"price":2}]}"#,
        r#"{"customer":"c","items":[{"sku":"a","qty":1,"price":2}}"#,
        r#"{"customer":"c","items":[{"sku":"a","qty":1,"price":2]}"#,
        r#"{"customer":"c","items":[{"sku":"a","qty":1,"price":2}"#,
        r#"{"customer":"c","items":[1]}"#,
        r#"{"customer":"c","items":[nul]}"#,
        r#"{"customer":"c","items":[{"sku":"a","qty":1,"price":2,"":0}]}"#,
        r#"{"customer":"c","items":[{"sku":"a","qty":1,"price":2,"pricex":0}]}"#,
        r#"{"customer":"c","items":[{"sku":"a","qty":1,"price":2,"pric":0}]}"#,
        r#"{"customer":"c","items":[{"sku":"a","qty":1,"price":2,"skus":0}]}"#,
        r#"{"customer":"c","items":[{"sku":"a","qty":1,"price":2,"very long member name":0}]}"#,
        r#"{"customer":"c","items":[{"sku":"a","qty":1,"price":2,"\u0070rice\u0078":0}]}"#,
    ];

    #[test]
    fn hand_written_cases() {
        for case in CASES {
            check(case.as_bytes());
        }
        // Bytes that are not UTF-8, inside and outside strings.
        let mut bad = U.as_bytes().to_vec();
        bad.insert(10, 0xff);
        check(&bad);
        let mut bad = U.as_bytes().to_vec();
        bad.extend_from_slice(b" \xc3");
        check(&bad);
        let mut bad = C.as_bytes().to_vec();
        bad.splice(20..20, *b"\xed\xa0\x80");
        check(&bad);
        let mut bad = U.as_bytes().to_vec();
        bad.splice(1..1, *b"\"\xe9\":1,");
        check(&bad);
    }

    /// Nesting at and past the limit of 128 levels, in each place an
    /// unknown value is skipped.
    #[test]
    fn depth_limit() {
        for n in 120..=130 {
            let deep = format!("{}{}", "[".repeat(n), "]".repeat(n));
            let deep_obj = format!("{}1{}", r#"{"a":"#.repeat(n), "}".repeat(n));
            for d in [&deep, &deep_obj] {
                check(format!(r#"{{"x":{d},"customer":"c"}}"#).as_bytes());
                check(
                    format!(
                        r#"{{"customer":"c","items":[{{"sku":"a","qty":1,"price":2,"x":{d}}}]}}"#
                    )
                    .as_bytes(),
                );
                check(
                    format!(
                        r#"{{"customer":"c","items":{{"sku":"a","qty":1,"price":2,"x":{d}}}}}"#
                    )
                    .as_bytes(),
                );
                check(
                    user_with("age", "36")
                        .replacen('{', &format!(r#"{{"x":{d},"#), 1)
                        .as_bytes(),
                );
            }
        }
    }

    /// Pieces inserted by the mutations: single bytes of each kind, and
    /// tokens that make (or break) a rule.
    #[rustfmt::skip]
    const PIECES: &[&[u8]] = &[
        b"{", b"}", b"[", b"]", b":", b",", b"\"", b"\\", b" ", b"\t", b"\n", b"\r", b"0", b"1",
        b"9", b".", b"e", b"E", b"+", b"-", b"t", b"f", b"n", b"u", b"l", b"a", b"s", b"x", b"/",
        b"\x00", b"\x1f", b"\x7f", b"\xc3", b"\xa9", b"\xff", b"\xed", b"\xa0", b"\x80",
        b"\\u00e9", b"\\ud83d\\ude00", b"\\ud800", b"\\udc00", b"\\n", b"\\\"", b"null", b"true",
        b"false", br#""sku":"x","#, br#""qty":3,"#, br#""price":1e2,"#, br#""name":"n","#,
        br#""age":"7","#, br#""admin":"on","#, br#""score":"1.5","#, br#""email":1,"#,
        br#""customer":"c","#, br#""items":[],"#, br#""x":{"y":[1,{"z":null}]},"#, b"1e400",
        b"-0", b"0.5", b"4294967296", br#"{"sku":"a","qty":1,"price":2},"#, b"null,", b"\xc3\xa9",
        b"\xf0\x9f\x98\x80", b"\xe2\x82",
    ];

    /// A xorshift generator, seeded: the same variants every run.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    fn mutate(rng: &mut Rng, base: &[u8]) -> Vec<u8> {
        let mut v = base.to_vec();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(v.len() + 1);
            match rng.below(4) {
                0 if at < v.len() => {
                    v.remove(at);
                }
                1 if at < v.len() => {
                    let piece = PIECES[rng.below(PIECES.len())];
                    v[at] = piece[0];
                }
                2 if at < v.len() => {
                    // Delete a run: a member, a value, a quote's worth.
                    let end = (at + 1 + rng.below(12)).min(v.len());
                    v.drain(at..end);
                }
                _ => {
                    let piece = PIECES[rng.below(PIECES.len())];
                    v.splice(at..at, piece.iter().copied());
                }
            }
        }
        v
    }

    /// Whitespace between tokens: mostly none, as compact JSON has it.
    fn space(rng: &mut Rng) -> &'static str {
        [" ", "", "", "", "", "", "\n  ", "\t", "\r\n"][rng.below(9)]
    }

    /// A value for an unknown member: any JSON, nested a little.
    fn any_value(rng: &mut Rng, depth: usize) -> String {
        match rng.below(if depth > 3 { 4 } else { 6 }) {
            0 => VALUES[rng.below(VALUES.len())].to_string(),
            1 => "null".to_string(),
            2 => r#""\u00e9x""#.to_string(),
            3 => "-1.5e-3".to_string(),
            4 => {
                let n = rng.below(3);
                let items: Vec<String> = (0..n).map(|_| any_value(rng, depth + 1)).collect();
                format!("[{}]", items.join(","))
            }
            _ => {
                let n = rng.below(3);
                let items: Vec<String> = (0..n)
                    .map(|k| format!("\"k{k}\":{}", any_value(rng, depth + 1)))
                    .collect();
                format!("{{{}}}", items.join(","))
            }
        }
    }

    /// A member name as sent: mostly plain, sometimes escaped, sometimes
    /// close to it.
    fn name_as_sent(rng: &mut Rng, name: &str) -> String {
        match rng.below(12) {
            0 => {
                // The first letter escaped.
                let mut c = name.chars();
                let first = c.next().unwrap_or('x');
                format!("\\u{:04x}{}", u32::from(first), c.as_str())
            }
            1 => format!("{name}x"),
            2 => name.to_uppercase(),
            _ => name.to_string(),
        }
    }

    /// An object of `members` (name, likely values): shuffled, some
    /// dropped, some repeated, unknown ones mixed in, values mostly
    /// plausible and sometimes any of [`VALUES`].
    fn object(
        rng: &mut Rng,
        members: &[(&str, &[&str])],
        inner: &dyn Fn(&mut Rng) -> String,
    ) -> String {
        let mut order: Vec<usize> = (0..members.len()).collect();
        for k in (1..order.len()).rev() {
            if rng.below(4) == 0 {
                order.swap(k, rng.below(k + 1));
            }
        }
        if rng.below(20) == 0 {
            order.remove(rng.below(order.len()));
        }
        if rng.below(20) == 0 {
            let k = order[rng.below(order.len())];
            order.insert(rng.below(order.len() + 1), k);
        }
        let mut parts = Vec::new();
        for (n, k) in order.into_iter().enumerate() {
            if rng.below(10) == 0 {
                parts.push(format!(
                    "\"extra{n}\"{}:{}{}",
                    space(rng),
                    space(rng),
                    any_value(rng, 0)
                ));
            }
            let (name, likely) = members[k];
            let value = if rng.below(10) == 0 {
                VALUES[rng.below(VALUES.len())].to_string()
            } else if likely.is_empty() {
                inner(rng)
            } else {
                likely[rng.below(likely.len())].to_string()
            };
            let name = name_as_sent(rng, name);
            parts.push(format!("\"{name}\"{}:{}{value}", space(rng), space(rng)));
        }
        let sep = format!("{},{}", space(rng), space(rng));
        format!("{{{}{}{}}}", space(rng), parts.join(&sep), space(rng))
    }

    /// Documents built at random from the structs' members: mostly
    /// accepted, each rule met now and then.
    #[test]
    fn randomized_documents() {
        const TEXT: &[&str] = &[
            r#""Ada""#,
            r#""a\nb""#,
            r#""caf\u00e9""#,
            r#""""#,
            "12",
            "true",
        ];
        const INT: &[&str] = &["0", "36", "4294967295", r#""7""#, "4294967296"];
        const FLOAT: &[&str] = &[
            "99.5",
            "-0.0",
            "1e2",
            "0.1",
            "123456789.123456789",
            r#""2.5""#,
        ];
        const FLAG: &[&str] = &["true", "false", "1", r#""on""#];
        let user: &[(&str, &[&str])] = &[
            ("name", TEXT),
            ("age", INT),
            ("email", TEXT),
            ("admin", FLAG),
            ("score", FLOAT),
        ];
        let item: &[(&str, &[&str])] = &[("sku", TEXT), ("qty", INT), ("price", FLOAT)];
        let items = |rng: &mut Rng| -> String {
            match rng.below(12) {
                0 => "null".to_string(),
                1 => object(rng, item, &|_| String::new()),
                _ => {
                    let n = rng.below(4);
                    let list: Vec<String> = (0..n)
                        .map(|_| {
                            if rng.below(15) == 0 {
                                "null".to_string()
                            } else {
                                object(rng, item, &|_| String::new())
                            }
                        })
                        .collect();
                    format!("[{}{}]", space(rng), list.join(","))
                }
            }
        };
        let cart: &[(&str, &[&str])] = &[("customer", TEXT), ("items", &[])];
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let (mut users, mut carts) = (0, 0);
        for _ in 0..20_000 {
            let body = format!(
                "{}{}",
                object(&mut rng, user, &|_| String::new()),
                space(&mut rng)
            );
            users += usize::from(check(body.as_bytes()).0);
            let body = object(&mut rng, cart, &items);
            carts += usize::from(check(body.as_bytes()).1);
        }
        // Most are accepted, many are not.
        assert!(users > 2_000 && users < 18_000, "{users}");
        assert!(carts > 2_000 && carts < 18_000, "{carts}");
    }

    #[test]
    fn randomized_mutations() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let small_cart = C.as_bytes();
        let mut counts = [0usize; 3];
        let mut accepted = 0;
        for base in [JSON5, small_cart] {
            for _ in 0..30_000 {
                let body = mutate(&mut rng, base);
                let (u, c) = check(&body);
                accepted += usize::from(u || c);
                counts[0] += 1;
            }
        }
        // The whole workload, fewer times (each variant is 41 KB).
        for _ in 0..300 {
            let body = mutate(&mut rng, ITEMS1000);
            let (_, c) = check(&body);
            accepted += usize::from(c);
            counts[1] += 1;
        }
        // Mutations of mutations: further from the workload.
        for _ in 0..10_000 {
            let base = if rng.below(2) == 0 { JSON5 } else { small_cart };
            let mut body = mutate(&mut rng, base);
            for _ in 0..rng.below(4) {
                body = mutate(&mut rng, &body);
            }
            let (u, c) = check(&body);
            accepted += usize::from(u || c);
            counts[2] += 1;
        }
        assert!(counts.iter().sum::<usize>() >= 70_000);
        // Both sides of the line are exercised.
        assert!(accepted > 5_000, "{accepted}");
    }
}
