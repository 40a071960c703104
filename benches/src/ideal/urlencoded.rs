//! Ideal floors for the urlencoded workloads (`query5.txt`, `query100.txt`,
//! `form5.txt`): the 5-field user bound from a query string ([`User`],
//! [`UserRef`]) and from an `application/x-www-form-urlencoded` body
//! ([`FormUser`], [`FormUserRef`]), written for exactly those structs.
//!
//! The rules are binder's (`core/src/form/mod.rs`, `convert/`, `percent.rs`
//! and the derive's `pairs_loop`), which a query and a form body share:
//! - pieces split on `&` (empty ones skipped); the key ends at the first
//!   `=` (none: the value is empty); at most 1,000 pieces and keys of at
//!   most 1,024 bytes as sent, checked on every piece read, unknown or not;
//! - `+` is a space and `%XX` a byte, in keys and values; a `%` without two
//!   hex digits is itself; a key is compared decoded;
//! - a field's first value is taken, whether its key was `name` or
//!   `name[]`, and later repeats are ignored (not even converted);
//!   `name[x]`, `name.x` are ignored;
//! - the scan stops as soon as every field has a value: nothing after it
//!   is read (limits included);
//! - text is the decoded bytes checked for UTF-8 (borrowed when the value
//!   holds no `%` or `+`); numbers and `bool` are parsed from the decoded
//!   value (`u32` and `f64` as `lexical-core` reads them, `f64` finite;
//!   `bool`: `1`, `0`, `true`, `false`, `on`, `off` in any case).
//!
//! A query and a form body differ in no rule, only in what is known of the
//! input: a query is `&str` (the HTTP parser checked it), so a value is
//! text as it is and only bytes made by `%XX` are checked; a body is bytes,
//! checked for UTF-8 once, whole (binder checks it for ASCII once), and
//! then read as a query is. A body that is not UTF-8 is still read (its
//! other pairs may hold anything): then each text value is checked, after
//! decoding (`\xC3%A9` is `é`).
//!
//! What a generator knows here and binder's derive does not use: the five
//! keys (a key sent encoded decodes into seven bytes at most, or names
//! nothing), the types (`age` is parsed while its `&` is looked for; a
//! piece no key starts is skipped with one word's look when its `&` is in
//! it), and the limits (an input of at most 1,024 bytes can pass neither,
//! so its scan neither counts pieces nor measures keys). Numbers fall back
//! to `lexical-core`, as binder's do, for anything but a plain value.

use crate::{FormUser, FormUserRef, User, UserRef};
use std::borrow::Cow;

/// Why a floor refused its input: binder refuses it too (the floor stops
/// at the first reason and does not say which).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reject;

/// `Limits::DEFAULT.max_pairs`.
const MAX_PAIRS: usize = 1_000;
/// `Limits::DEFAULT.max_key_len`.
const MAX_KEY_LEN: usize = 1_024;

/// The user from a query string (`query5.txt`, `query100.txt`), owned, as
/// `binder_query::<User>` binds it.
///
/// # Errors
/// [`Reject`] where binder refuses the query.
#[inline]
pub fn ideal_user(q: &str) -> Result<User, Reject> {
    let (name, age, email, admin, score) = user::<_, String>(q)?;
    Ok(User {
        name,
        age,
        email,
        admin,
        score,
    })
}

/// The user from a query string, its text borrowed unless it was decoded,
/// as `binder_query::<UserRef>` binds it.
///
/// # Errors
/// [`Reject`] where binder refuses the query.
#[inline]
pub fn ideal_user_ref(q: &str) -> Result<UserRef<'_>, Reject> {
    let (name, age, email, admin, score) = user::<_, Cow<'_, str>>(q)?;
    Ok(UserRef {
        name,
        age,
        email,
        admin,
        score,
    })
}

/// The user from a urlencoded body (`form5.txt`), owned, as
/// `binder_form::<FormUser>` binds it.
///
/// # Errors
/// [`Reject`] where binder refuses the body.
#[inline]
pub fn ideal_form_user(body: &[u8]) -> Result<FormUser, Reject> {
    let (name, age, email, admin, score) = match std::str::from_utf8(body) {
        Ok(text) => user::<_, String>(text)?,
        Err(_) => user::<_, String>(Bytes(body))?,
    };
    Ok(FormUser {
        name,
        age,
        email,
        admin,
        score,
    })
}

/// The user from a urlencoded body, its text borrowed unless it was
/// decoded, as `binder_form::<FormUserRef>` binds it.
///
/// # Errors
/// [`Reject`] where binder refuses the body.
#[inline]
pub fn ideal_form_user_ref(body: &[u8]) -> Result<FormUserRef<'_>, Reject> {
    let (name, age, email, admin, score) = match std::str::from_utf8(body) {
        Ok(text) => user::<_, Cow<'_, str>>(text)?,
        Err(_) => user::<_, Cow<'_, str>>(Bytes(body))?,
    };
    Ok(FormUserRef {
        name,
        age,
        email,
        admin,
        score,
    })
}

/// What the floor knows of its input: text already (a query) or bytes (a
/// body).
trait Input<'a>: Copy {
    fn bytes(self) -> &'a [u8];
    /// `bytes[i..j]`, holding no escape, as text.
    fn plain(self, i: usize, j: usize) -> Result<&'a str, Reject>;
    /// `bytes[i..j]`, holding an escape, decoded into one `String`.
    fn decoded(self, i: usize, j: usize) -> Result<String, Reject>;
}

impl<'a> Input<'a> for &'a str {
    #[inline(always)]
    fn bytes(self) -> &'a [u8] {
        self.as_bytes()
    }
    #[inline(always)]
    fn plain(self, i: usize, j: usize) -> Result<&'a str, Reject> {
        // Cut at ASCII bytes or the ends: always char boundaries.
        self.get(i..j).ok_or(Reject)
    }
    #[inline(always)]
    fn decoded(self, i: usize, j: usize) -> Result<String, Reject> {
        decode_str(self.get(i..j).ok_or(Reject)?)
    }
}

/// A body that is not UTF-8: bytes, each text value checked.
#[derive(Clone, Copy)]
struct Bytes<'a>(&'a [u8]);

impl<'a> Input<'a> for Bytes<'a> {
    #[inline(always)]
    fn bytes(self) -> &'a [u8] {
        self.0
    }
    #[inline(always)]
    fn plain(self, i: usize, j: usize) -> Result<&'a str, Reject> {
        std::str::from_utf8(&self.0[i..j]).map_err(|_| Reject)
    }
    #[inline(always)]
    fn decoded(self, i: usize, j: usize) -> Result<String, Reject> {
        let raw = &self.0[i..j];
        match std::str::from_utf8(raw) {
            Ok(text) => decode_str(text),
            // Bytes that are not UTF-8 as sent may be once decoded
            // (`\xC3%A9`): decode, then check.
            Err(_) => decode_bytes(Vec::with_capacity(raw.len()), raw, 0),
        }
    }
}

/// A text field's value: owned, or borrowed when nothing was decoded.
trait Text<'a>: Sized {
    fn plain(s: &'a str) -> Self;
    fn owned(s: String) -> Self;
}

impl<'a> Text<'a> for String {
    #[inline(always)]
    fn plain(s: &'a str) -> Self {
        String::from(s)
    }
    #[inline(always)]
    fn owned(s: String) -> Self {
        s
    }
}

impl<'a> Text<'a> for Cow<'a, str> {
    #[inline(always)]
    fn plain(s: &'a str) -> Self {
        Cow::Borrowed(s)
    }
    #[inline(always)]
    fn owned(s: String) -> Self {
        Cow::Owned(s)
    }
}

const NAME: u8 = 1;
const AGE: u8 = 2;
const EMAIL: u8 = 4;
const ADMIN: u8 = 8;
const SCORE: u8 = 16;
const ALL: u8 = NAME | AGE | EMAIL | ADMIN | SCORE;

/// The first bytes of the pieces a scan takes: a field's key's, and `%`
/// and `+`, which may decode to any.
const TAKEN: [bool; 256] = {
    let mut t = [false; 256];
    let mut k = 0;
    let firsts = *b"aens%+";
    while k < firsts.len() {
        t[firsts[k] as usize] = true;
        k += 1;
    }
    t
};

/// The fields as the scan fills them: a bit in `seen` once a field has its
/// value (a refused value ends the scan, so a seen field always has one).
struct Slots<T> {
    seen: u8,
    name: Option<T>,
    age: u32,
    email: Option<T>,
    admin: bool,
    score: f64,
}

/// The user's fields from `input`: an input of at most 1,024 bytes can
/// pass neither limit (its keys are that short, and it holds at most 512
/// pieces), so its scan neither counts pieces nor measures keys.
#[inline(always)]
fn user<'a, I: Input<'a>, T: Text<'a>>(input: I) -> Result<(T, u32, T, bool, f64), Reject> {
    if input.bytes().len() <= MAX_KEY_LEN {
        scan::<false, I, T>(input)
    } else {
        scan::<true, I, T>(input)
    }
}

/// The one pass: each piece recognised by its first byte and its `key=`
/// as sent; any other piece a field's key may start (or `%`, `+`) is split
/// and its key decoded; the rest are skipped with a search for their `&`.
/// The cursor is the rest of the input (`rest`), not an index: the skip
/// loop then carries nothing the fields' arms would need.
///
/// With `LIMITS` false (an input too short to pass them, see [`user`]),
/// pieces are not counted and keys not measured.
#[inline(always)]
fn scan<'a, const LIMITS: bool, I: Input<'a>, T: Text<'a>>(
    input: I,
) -> Result<(T, u32, T, bool, f64), Reject> {
    let b = input.bytes();
    let mut s = Slots::<T> {
        seen: 0,
        name: None,
        age: 0,
        email: None,
        admin: false,
        score: 0.0,
    };
    let mut rest = b;
    let mut left = MAX_PAIRS;
    loop {
        // The next piece a field's key may start, past empty ones and
        // those skipped with a search for their `&` alone (and a look at
        // their key's length, past 1,024 bytes).
        let first = loop {
            let Some(&c) = rest.first() else {
                return finish(s);
            };
            if c != b'&' {
                if LIMITS {
                    if left == 0 {
                        return Err(Reject);
                    }
                    left -= 1;
                }
                if TAKEN[usize::from(c)] {
                    break c;
                }
                // Most are short: their `&` is in the eight bytes after
                // the first, and their key then far below the limit.
                if let Some(w) = rest.get(1..).and_then(<[u8]>::first_chunk::<8>) {
                    let found = flags(u64::from_le_bytes(*w), [b'&']);
                    if found != 0 {
                        rest = after(rest, 1 + (found.trailing_zeros() / 8) as usize);
                        continue;
                    }
                }
                rest = skip_long::<LIMITS>(rest)?;
            } else {
                rest = &rest[1..];
            }
        };
        let at = b.len() - rest.len();
        rest = match first {
            b'n' if rest.starts_with(b"name=") => {
                let (end, escaped) = text_end(&rest[5..]);
                if s.seen & NAME == 0 {
                    s.seen |= NAME;
                    s.name = Some(text(input, at + 5, at + 5 + end, escaped)?);
                }
                after(rest, 5 + end)
            }
            b'a' if rest.starts_with(b"age=") => {
                let v = &rest[4..];
                let end = if s.seen & AGE == 0 {
                    s.seen |= AGE;
                    let (age, end) = match u32_fast(v) {
                        Some(fast) => fast,
                        None => {
                            let end = find(v, 0, [b'&']);
                            (to_u32(&v[..end])?, end)
                        }
                    };
                    s.age = age;
                    end
                } else {
                    find(v, 0, [b'&'])
                };
                after(rest, 4 + end)
            }
            b'e' if rest.starts_with(b"email=") => {
                let (end, escaped) = text_end(&rest[6..]);
                if s.seen & EMAIL == 0 {
                    s.seen |= EMAIL;
                    s.email = Some(text(input, at + 6, at + 6 + end, escaped)?);
                }
                after(rest, 6 + end)
            }
            b'a' if rest.starts_with(b"admin=") => {
                let v = &rest[6..];
                let end = if s.seen & ADMIN == 0 {
                    s.seen |= ADMIN;
                    let (admin, end) = match bool_fast(v) {
                        Some(fast) => fast,
                        None => {
                            let end = find(v, 0, [b'&']);
                            (to_bool(&v[..end])?, end)
                        }
                    };
                    s.admin = admin;
                    end
                } else {
                    find(v, 0, [b'&'])
                };
                after(rest, 6 + end)
            }
            b's' if rest.starts_with(b"score=") => {
                let v = &rest[6..];
                let end = if s.seen & SCORE == 0 {
                    s.seen |= SCORE;
                    let (score, end) = match f64_fast(v) {
                        Some(fast) => fast,
                        None => {
                            let end = find(v, 0, [b'&']);
                            (to_f64(&v[..end])?, end)
                        }
                    };
                    s.score = score;
                    end
                } else {
                    find(v, 0, [b'&'])
                };
                after(rest, 6 + end)
            }
            _ => after(b, piece(input, at, &mut s)?),
        };
        if s.seen == ALL {
            return finish(s);
        }
    }
}

/// `rest` past its first `end` bytes and the `&` after them.
#[inline(always)]
fn after(rest: &[u8], end: usize) -> &[u8] {
    rest.get(end + 1..).unwrap_or_default()
}

/// Skips a piece no field's key starts whose `&` is not in its first
/// nine bytes: the `&` searched, the key's length checked (with
/// `LIMITS`); the rest after the `&`.
#[inline(never)]
fn skip_long<const LIMITS: bool>(rest: &[u8]) -> Result<&[u8], Reject> {
    let end = find(rest, 1, [b'&']);
    if LIMITS && end > MAX_KEY_LEN && find(&rest[..end], 0, [b'=']) > MAX_KEY_LEN {
        return Err(Reject);
    }
    Ok(after(rest, end))
}

#[inline(always)]
fn finish<T>(s: Slots<T>) -> Result<(T, u32, T, bool, f64), Reject> {
    match (s.seen, s.name, s.email) {
        (ALL, Some(name), Some(email)) => Ok((name, s.age, email, s.admin, s.score)),
        _ => Err(Reject),
    }
}

/// A piece taken whole (rare in clean requests): its key decoded and
/// compared with each field's name and with `name[]`; where the piece
/// ends (its `&` or the end).
#[cold]
#[inline(never)]
fn piece<'a, I: Input<'a>, T: Text<'a>>(
    input: I,
    pos: usize,
    s: &mut Slots<T>,
) -> Result<usize, Reject> {
    let b = input.bytes();
    let key_end = find(b, pos, [b'&', b'=']);
    if key_end - pos > MAX_KEY_LEN {
        return Err(Reject);
    }
    let (start, end) = match b.get(key_end) {
        Some(b'=') => (key_end + 1, find(b, key_end + 1, [b'&'])),
        _ => (key_end, key_end),
    };
    let v = &b[start..end];
    // The longest key that names something is `email[]`: 7 bytes.
    let mut key = [0u8; 7];
    let Some(n) = decode_short(&b[pos..key_end], &mut key) else {
        return Ok(end);
    };
    // The first value wins, whether its key was `key` or `key[]`.
    let bit = match &key[..n] {
        b"name" | b"name[]" => NAME,
        b"age" | b"age[]" => AGE,
        b"email" | b"email[]" => EMAIL,
        b"admin" | b"admin[]" => ADMIN,
        b"score" | b"score[]" => SCORE,
        _ => return Ok(end),
    };
    if s.seen & bit == 0 {
        match bit {
            NAME => s.name = Some(text(input, start, end, needs_decoding(v))?),
            AGE => s.age = to_u32(v)?,
            EMAIL => s.email = Some(text(input, start, end, needs_decoding(v))?),
            ADMIN => s.admin = to_bool(v)?,
            _ => s.score = to_f64(v)?,
        }
        s.seen |= bit;
    }
    Ok(end)
}

/// Decodes a key into `out`; `None` if it decodes to more bytes than `out`
/// holds (then it names no field).
#[inline]
fn decode_short(key: &[u8], out: &mut [u8; 7]) -> Option<usize> {
    let mut i = 0;
    let mut n = 0;
    while i < key.len() {
        let (byte, used) = decode_at(key, i);
        *out.get_mut(n)? = byte;
        n += 1;
        i += used;
    }
    Some(n)
}

/// A text value: borrowed when it holds no escape, else decoded.
#[inline(always)]
fn text<'a, I: Input<'a>, T: Text<'a>>(
    input: I,
    start: usize,
    end: usize,
    escaped: bool,
) -> Result<T, Reject> {
    if escaped {
        input.decoded(start, end).map(T::owned)
    } else {
        input.plain(start, end).map(T::plain)
    }
}

/// Where the text value `v` starts ends (its `&` or the end), and whether
/// it holds `%` or `+`.
#[inline(always)]
fn text_end(v: &[u8]) -> (usize, bool) {
    let i = find(v, 0, [b'&', b'%', b'+']);
    match v.get(i) {
        Some(b'%' | b'+') => (find(v, i + 1, [b'&']), true),
        _ => (i, false),
    }
}

/// Whether decoding would change `v`.
#[inline]
fn needs_decoding(v: &[u8]) -> bool {
    find(v, 0, [b'%', b'+']) < v.len()
}

/// The value of a hex digit, or `0xFF`.
#[inline(always)]
fn hex(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        b'A'..=b'F' => c - b'A' + 10,
        _ => 0xFF,
    }
}

/// The byte at `b[i]` decodes to, and how many bytes it used: `+` a space,
/// `%XX` its byte, anything else (a `%` without two hex digits too) itself.
#[inline(always)]
fn decode_at(b: &[u8], i: usize) -> (u8, usize) {
    match b[i] {
        b'+' => (b' ', 1),
        b'%' => match escape(b, i) {
            Some(c) => (c, 3),
            None => (b'%', 1),
        },
        c => (c, 1),
    }
}

/// The byte `%XX` at `b[i]` stands for, if it is one.
#[inline(always)]
fn escape(b: &[u8], i: usize) -> Option<u8> {
    match b.get(i + 1..i + 3) {
        Some(&[h, l]) => {
            let (h, l) = (hex(h), hex(l));
            (h | l != 0xFF).then_some(h << 4 | l)
        }
        _ => None,
    }
}

/// Decodes text (known UTF-8) into one `String`: its runs copied as text,
/// escapes that make ASCII pushed as characters; the first escape making
/// a byte past ASCII turns the rest into bytes, checked once at the end.
#[inline]
fn decode_str(s: &str) -> Result<String, Reject> {
    let b = s.as_bytes();
    let mut out = String::with_capacity(b.len());
    let mut i = 0;
    loop {
        let j = find(b, i, [b'%', b'+']);
        // Cut at ASCII bytes or the ends: char boundaries.
        out.push_str(s.get(i..j).ok_or(Reject)?);
        if j == b.len() {
            return Ok(out);
        }
        let (d, used) = decode_at(b, j);
        if d >= 0x80 {
            return decode_bytes(out.into_bytes(), b, j);
        }
        out.push(char::from(d));
        i = j + used;
    }
}

/// Decodes `b[i..]` onto `out`, then checks the whole for UTF-8.
#[cold]
fn decode_bytes(mut out: Vec<u8>, b: &[u8], mut i: usize) -> Result<String, Reject> {
    while i < b.len() {
        let (c, used) = decode_at(b, i);
        out.push(c);
        i += used;
    }
    String::from_utf8(out).map_err(|_| Reject)
}

/// Calls `f` with `v` decoded (on the stack when it fits, as binder
/// does; decoding never lengthens).
#[inline]
fn with_decoded<R>(v: &[u8], f: impl FnOnce(&[u8]) -> R) -> R {
    if !needs_decoding(v) {
        return f(v);
    }
    let mut stack = [0u8; 128];
    let mut heap = Vec::new();
    let out: &mut [u8] = if v.len() <= stack.len() {
        &mut stack
    } else {
        heap.resize(v.len(), 0);
        &mut heap
    };
    let (mut i, mut n) = (0, 0);
    while i < v.len() {
        let (c, used) = decode_at(v, i);
        out[n] = c;
        n += 1;
        i += used;
    }
    f(&out[..n])
}

/// `age` as sent, at the start of `v`: 1 to 9 ASCII digits up to its `&`
/// or the end (then no escape, no sign, no overflow), and where it ends;
/// `None` for anything else.
#[inline(always)]
fn u32_fast(v: &[u8]) -> Option<(u32, usize)> {
    let mut n = 0u32;
    let mut i = 0;
    while let Some(&c) = v.get(i) {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            if c != b'&' {
                return None;
            }
            break;
        }
        if i == 9 {
            return None; // a tenth digit: may overflow
        }
        n = n * 10 + u32::from(d);
        i += 1;
    }
    (i > 0).then_some((n, i))
}

/// A `u32` from a value as sent, decoded.
#[inline]
fn to_u32(v: &[u8]) -> Result<u32, Reject> {
    with_decoded(v, |d| lexical_core::parse::<u32>(d).map_err(|_| Reject))
}

/// `admin` as sent, at the start of `v`: `true` or `false` up to its `&`
/// or the end, and where it ends.
#[inline(always)]
fn bool_fast(v: &[u8]) -> Option<(bool, usize)> {
    let ends = |at: usize| matches!(v.get(at), None | Some(b'&'));
    if v.starts_with(b"true") && ends(4) {
        Some((true, 4))
    } else if v.starts_with(b"false") && ends(5) {
        Some((false, 5))
    } else {
        None
    }
}

/// A `bool` from a value as sent, decoded: `1`, `0`, `true`, `false`,
/// `on`, `off`, in any ASCII case.
#[inline]
fn to_bool(v: &[u8]) -> Result<bool, Reject> {
    with_decoded(v, |d| {
        let mut w = [0u8; 5];
        match w.get_mut(..d.len()) {
            Some(w) => {
                w.copy_from_slice(d);
                w.make_ascii_lowercase();
            }
            None => return Err(Reject),
        }
        match &w[..d.len()] {
            b"1" | b"on" | b"true" => Ok(true),
            b"0" | b"off" | b"false" => Ok(false),
            _ => Err(Reject),
        }
    })
}

/// Exact powers of ten in `f64`.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// `score` as sent, at the start of `v`: a plain decimal up to its `&` or the end (an optional
/// `-`, digits, an optional `.` with digits on both sides, at most 19
/// digits, exact in `f64`): Clinger's fast path, one correctly rounded
/// divide, the value `lexical-core` gives. `None` for anything else.
#[inline(always)]
fn f64_fast(v: &[u8]) -> Option<(f64, usize)> {
    let negative = v.first() == Some(&b'-');
    let first = usize::from(negative);
    let mut i = first;
    let mut mantissa = 0u64;
    let mut point = usize::MAX;
    loop {
        match v.get(i) {
            Some(&c @ b'0'..=b'9') => {
                mantissa = mantissa.wrapping_mul(10).wrapping_add(u64::from(c - b'0'));
            }
            Some(b'.') if point == usize::MAX => point = i,
            None | Some(b'&') => break,
            Some(_) => return None,
        }
        i += 1;
    }
    let len = i - first;
    let (digits, scale) = if point == usize::MAX {
        (len, 0)
    } else if point > first && point + 1 < i {
        (len - 1, i - point - 1)
    } else {
        return None;
    };
    if digits == 0 || digits > 19 || mantissa > 1 << 53 || scale > 22 {
        return None;
    }
    let x = mantissa as f64 / POW10[scale];
    Some((if negative { -x } else { x }, i))
}

/// An `f64` from a value as sent, decoded: finite only.
#[inline]
fn to_f64(v: &[u8]) -> Result<f64, Reject> {
    with_decoded(v, |d| {
        // A plain decimal to its end (a decoded `&` stops it short).
        if let Some((v, _)) = f64_fast(d).filter(|&(_, end)| end == d.len()) {
            return Ok(v);
        }
        match lexical_core::parse::<f64>(d) {
            Ok(v) if v.is_finite() => Ok(v),
            _ => Err(Reject),
        }
    })
}

/// `0x01` in every byte.
const LO: u64 = 0x0101_0101_0101_0101;
/// `0x80` in every byte.
const HI: u64 = 0x8080_8080_8080_8080;

/// High bits where `w` holds any of `needles`; only the lowest is exact.
#[inline(always)]
fn flags<const N: usize>(w: u64, needles: [u8; N]) -> u64 {
    let mut found = 0;
    let mut k = 0;
    while k < N {
        let v = w ^ (LO * u64::from(needles[k]));
        found |= v.wrapping_sub(LO) & !v & HI;
        k += 1;
    }
    found
}

/// The index of the first byte at or after `i` that is one of `needles`
/// (`b.len()` if none), eight bytes at a time.
#[inline(always)]
pub(crate) fn find<const N: usize>(b: &[u8], mut i: usize, needles: [u8; N]) -> usize {
    // Two words a step while sixteen bytes are left, then one.
    while let Some(w) = b.get(i..i.wrapping_add(16)) {
        let (lo, hi) = w.split_at(8);
        let lo = flags(
            u64::from_le_bytes(lo.try_into().unwrap_or_default()),
            needles,
        );
        let hi = flags(
            u64::from_le_bytes(hi.try_into().unwrap_or_default()),
            needles,
        );
        if lo | hi != 0 {
            let k = if lo != 0 {
                lo.trailing_zeros()
            } else {
                64 + hi.trailing_zeros()
            };
            return i + (k / 8) as usize;
        }
        i += 16;
    }
    if let Some(w) = b.get(i..i.wrapping_add(8)) {
        let found = flags(
            u64::from_le_bytes(w.try_into().unwrap_or_default()),
            needles,
        );
        if found != 0 {
            return i + (found.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    // Fewer than eight left: the last eight bytes, those seen shifted out.
    let rem = b.len().saturating_sub(i);
    if rem == 0 {
        return b.len();
    }
    match b.last_chunk::<8>() {
        Some(w) => {
            let w = u64::from_le_bytes(*w) >> (8 * (8 - rem));
            let found = flags(w, needles) & (u64::MAX >> (8 * (8 - rem)));
            if found != 0 {
                i + (found.trailing_zeros() / 8) as usize
            } else {
                b.len()
            }
        }
        None => b[i..]
            .iter()
            .position(|c| needles.contains(c))
            .map_or(b.len(), |k| i + k),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{expected_user, FORM5, QUERY100, QUERY5};
    use binder_http::request::{Body, Parts};
    use binder_http::Bind;

    fn binder_q<'r, T: Bind<'r>>(q: &'r str) -> Result<T, Reject> {
        T::bind(&Parts {
            query: Some(q),
            ..Parts::default()
        })
        .map_err(|_| Reject)
    }

    fn binder_f<'r, T: Bind<'r>>(body: &'r [u8]) -> Result<T, Reject> {
        T::bind(&Parts {
            body: Body::Form(body),
            ..Parts::default()
        })
        .map_err(|_| Reject)
    }

    /// A text value as compared: its text, whether it is borrowed, and
    /// where (borrowed) or its capacity (owned: the same allocation).
    type Tv = (String, bool, usize);

    fn owned(s: &str, cap: usize) -> Tv {
        (s.to_owned(), false, cap)
    }

    #[allow(clippy::ptr_arg)] // the variant is what is compared
    fn cow(c: &Cow<'_, str>) -> Tv {
        match c {
            Cow::Borrowed(s) => (s.to_string(), true, s.as_ptr() as usize),
            Cow::Owned(s) => owned(s, s.capacity()),
        }
    }

    type Uv = (Tv, u32, Tv, bool, u64);

    macro_rules! view {
        ($f:ident, $t:ty, $text:expr) => {
            fn $f(u: &$t) -> Uv {
                let text = $text;
                (
                    text(&u.name),
                    u.age,
                    text(&u.email),
                    u.admin,
                    u.score.to_bits(),
                )
            }
        };
    }
    view!(user, User, |s: &String| owned(s, s.capacity()));
    view!(user_ref, UserRef<'_>, cow);
    view!(form_user, FormUser, |s: &String| owned(s, s.capacity()));
    view!(form_user_ref, FormUserRef<'_>, cow);

    /// Every floor against binder on `q` as a query (when it is text) and
    /// as a form body; whether binder accepted it as a body.
    fn check(q: &[u8]) -> bool {
        let show = String::from_utf8_lossy(q);
        if let Ok(q) = std::str::from_utf8(q) {
            let want = binder_q::<User>(q).map(|u| user(&u));
            assert_eq!(ideal_user(q).map(|u| user(&u)), want, "query {show:?}");
            let want = binder_q::<UserRef>(q).map(|u| user_ref(&u));
            assert_eq!(
                ideal_user_ref(q).map(|u| user_ref(&u)),
                want,
                "query ref {show:?}"
            );
        }
        let want = binder_f::<FormUser>(q).map(|u| form_user(&u));
        assert_eq!(
            ideal_form_user(q).map(|u| form_user(&u)),
            want,
            "form {show:?}"
        );
        let want = binder_f::<FormUserRef>(q).map(|u| form_user_ref(&u));
        assert_eq!(
            ideal_form_user_ref(q).map(|u| form_user_ref(&u)),
            want,
            "form ref {show:?}"
        );
        want.is_ok()
    }

    #[test]
    fn workloads_bind_as_binder_binds_them() {
        let want = expected_user();
        for q in [QUERY5, QUERY100] {
            assert_eq!(ideal_user(q), Ok(crate::binder_query::<User>(q)));
            assert_eq!(ideal_user(q), Ok(expected_user()));
            let r = ideal_user_ref(q).unwrap();
            assert_eq!(user_ref(&r), user_ref(&crate::binder_query::<UserRef>(q)));
            assert_eq!((&*r.name, &*r.email), (&*want.name, &*want.email));
            assert!(check(q.as_bytes()));
        }
        let f = ideal_form_user(FORM5).unwrap();
        assert_eq!(
            form_user(&f),
            form_user(&crate::binder_form::<FormUser>(FORM5))
        );
        assert_eq!((&*f.name, f.age, f.score), ("Ada Lovelace", 36, 99.5));
        let r = ideal_form_user_ref(FORM5).unwrap();
        assert_eq!(
            form_user_ref(&r),
            form_user_ref(&crate::binder_form::<FormUserRef>(FORM5))
        );
        // Nothing to decode: borrowed from the input.
        let q = "name=Ada&age=36&email=ada@example.org&admin=true&score=99.5";
        let r = ideal_user_ref(q).unwrap();
        assert!(matches!(
            (r.name, r.email),
            (Cow::Borrowed(_), Cow::Borrowed(_))
        ));
    }

    const BASE: &str = "name=Ada%20Lovelace&age=36&email=ada%40example.org&admin=true&score=99.5";

    /// `BASE` with the field `key`'s whole piece replaced by `piece`.
    fn with(key: &str, piece: &str) -> String {
        BASE.split('&')
            .map(|p| {
                if p.split('=').next() == Some(key) {
                    piece
                } else {
                    p
                }
            })
            .collect::<Vec<_>>()
            .join("&")
    }

    #[test]
    fn variants_bind_as_binder_binds_them() {
        let mut cases: Vec<Vec<u8>> = Vec::new();
        let mut add = |s: &str| cases.push(s.as_bytes().to_vec());
        add(BASE);
        add("");
        add("&&&");
        add(&format!("&&{BASE}&&"));
        add(&format!("{BASE}&name=Bob&age=x&admin=maybe"));
        add(&format!("x=1&{BASE}&y"));
        add(&format!("=&={BASE}"));
        // Each field missing, and in another order.
        for key in ["name", "age", "email", "admin", "score"] {
            add(&with(key, ""));
            add(&with(key, key)); // no `=`: an empty value
            add(&with(key, &format!("{key}=")));
            add(&format!(
                "{}&{}",
                with(key, ""),
                with(key, "").split('&').rev().collect::<Vec<_>>().join("&")
            ));
        }
        let rev: Vec<&str> = BASE.split('&').rev().collect();
        add(&rev.join("&"));
        // Repeats: the first plain value wins, later ones are not read.
        add(&format!("name=Bob&{BASE}"));
        add(&format!("age=x&{BASE}"));
        add(&with("age", "age=36&age=x"));
        add(&with("age", "age=x&age=36"));
        add(&with("name", "name=A&name=%FF"));
        add("name=a&name=b&age=1&email=e&admin=0&score=1");
        // `key[]` is the key itself (the first value wins); other paths
        // are ignored.
        for (piece, at) in [
            ("name[]=Bob", "name"),
            ("name%5B%5D=Bob", "name"),
            ("%6Eame[]=Bob", "name"),
            ("age[]=7", "age"),
            ("age[]=x", "age"),
            ("age[]=", "age"),
            ("admin[]=off", "admin"),
            ("score[]=1e3", "score"),
            ("email[]=", "email"),
            ("email[]=%FF", "email"),
            ("name[x]=Bob", "name"),
            ("name.x=Bob", "name"),
            ("name[][]=Bob", "name"),
            ("name[=Bob", "name"),
            ("name]=Bob", "name"),
            ("name.=Bob", "name"),
            ("age.x=x", "age"),
        ] {
            add(&with(
                at,
                &format!(
                    "{}&{piece}",
                    with(at, at)
                        .split('&')
                        .find(|p| p.starts_with(at))
                        .unwrap_or("")
                ),
            ));
            add(&format!("{piece}&{BASE}"));
            add(&format!("{BASE}&{piece}"));
            add(&with(at, piece));
            // Before all fields are seen (so still read).
            add(&format!(
                "{}&{piece}&{}",
                &BASE[..BASE.find("&score").unwrap()],
                "score=1"
            ));
        }
        // Keys sent encoded.
        for key in [
            "%6Eame",
            "n%61me",
            "%6E%61%6D%65",
            "nam%65",
            "%6eame",
            "name+",
            "+name",
            "na+me",
            "name%3D",
            "%61ge",
            "ag%65",
            "%65mail",
            "%61dmin",
            "%73core",
            "sco%72e",
            "%",
            "%zz",
            "%6",
            "n%6",
            "name%",
            "%2Bname",
        ] {
            add(&format!("{key}=Bob&{BASE}"));
            add(&with("name", &format!("{key}=Bob")));
            add(&with("age", &format!("{key}=7")));
        }
        // Text values.
        for v in [
            "",
            "+",
            "%",
            "%%",
            "%4",
            "%4g",
            "%zz",
            "%41",
            "%41%42",
            "a+b",
            "%2B",
            "%25",
            "%26",
            "%3D",
            "%C3%A9",
            "%c3%a9",
            "%C3",
            "%C3%",
            "%C3%2",
            "%C3%28",
            "%C3+",
            "%C3%A9%A9",
            "%E2%82%AC",
            "%E2%82",
            "%E2%82a",
            "%F0%9F%98%80",
            "%F0%9F%98",
            "%ED%A0%80",
            "%C0%80",
            "%80",
            "%FF",
            "%fe%ff",
            "%00",
            "é",
            "%C3é",
            "é%A9",
            "aé+%20é",
            "=",
            "a=b",
            "%F4%90%80%80",
            "%EF%BB%BF",
        ] {
            add(&with("name", &format!("name={v}")));
            add(&with("email", &format!("email={v}")));
            add(&with("name", &format!("name[]={v}")));
        }
        let long = "x".repeat(200);
        add(&with("name", &format!("name={long}")));
        add(&with("name", &format!("name={long}%20{long}")));
        add(&with("name", &format!("name={long}%C3%A9")));
        add(&with("name", &format!("name={long}%FF")));
        // Integers.
        for v in [
            "0",
            "00",
            "036",
            "+36",
            "%2B36",
            "-0",
            "-1",
            "4294967295",
            "4294967296",
            "99999999999999999999",
            "999999999",
            "1000000000",
            "0000000000036",
            "3%36",
            "%33%36",
            "%20",
            " 36",
            "36 ",
            "+",
            "-",
            "1e2",
            "1.0",
            "0x1F",
            "١٢",
            "36%",
            "%336",
            "3+6",
            "36&",
            "3%266",
        ] {
            add(&with("age", &format!("age={v}")));
            add(&with("age", &format!("age[]={v}")));
        }
        let zeros = "%30".repeat(200);
        add(&with("age", &format!("age={zeros}36")));
        add(&with("age", &format!("age={}", "0".repeat(300))));
        // Flags.
        for v in [
            "true", "TRUE", "True", "tRuE", "on", "ON", "On", "off", "OFF", "1", "0", "false",
            "FALSE", "FaLsE", "yes", "no", "tru", "truee", "%74rue", "t%72ue", "%54RUE", "01", "",
            "+", "true+", "%20true", "of", "offf", "2", "-1",
        ] {
            add(&with("admin", &format!("admin={v}")));
        }
        // Floats.
        for v in [
            "99.5",
            "-99.5",
            "+99.5",
            "%2B99.5",
            "99.",
            ".5",
            "-.5",
            "1e3",
            "1E-3",
            "1e+3",
            "1e%2B3",
            "1e+3",
            "NaN",
            "nan",
            "inf",
            "-inf",
            "infinity",
            "Infinity",
            "1e400",
            "-1e400",
            "1e-400",
            "0.1",
            "0.3",
            "9007199254740993",
            "9007199254740992",
            "12345678901234567890",
            "1234567890123456789",
            "1.7976931348623157e308",
            "1.7976931348623159e308",
            "99.5.1",
            "9%39.5",
            "99,5",
            "0x10",
            "1_000",
            " 1",
            "1 ",
            "-",
            "-0",
            "0",
            "-0.0",
            "00.5",
            "1.0000000000000000000",
            "0.0000000000000000000001",
            "4.35",
            "123456.789",
            "%39%39.%35",
            "99%2E5",
            "5e-324",
            "2.2250738585072014e-308",
            "1e22",
            "1e23",
            "99.5e0",
            ".",
            "e5",
            "1e",
            "1.5e",
            "99999999999999999999",
            "0.99999999999999999999",
            "900719925474099.3",
            "9007199254740993.5",
            "1.2345678901234567891",
            "18446744073709551616",
            "-18446744073709551617.5",
            "0.0000000000000000000000001",
            "12345678901234567.1",
            "%2D1.5",
            "-%31.5",
        ] {
            add(&with("score", &format!("score={v}")));
            add(&with("score", &format!("score[]={v}")));
        }
        // Decimals of every length around the fast path's bounds.
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..3_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let digits = (x % 23) as usize;
            let point = (x >> 8) as usize % (digits + 2);
            let mut v = String::new();
            if x & (1 << 40) != 0 {
                v.push('-');
            }
            let mut y = x >> 20;
            for i in 0..digits {
                if i == point {
                    v.push('.');
                }
                v.push(char::from(b'0' + (y % 10) as u8));
                y = y / 10 + (x >> (i % 50));
            }
            add(&with("score", &format!("score={v}")));
        }
        // Bytes a body may hold that a query cannot.
        for v in [
            &b"\xff"[..],
            b"\xc3\xa9",
            b"\xc3%A9",
            b"%C3\xa9",
            b"\xc3",
            b"\xc3+",
            b"a\x80",
            b"\xe2\x82\xac",
            b"\xe2%82%AC",
            b"\xf0\x9f\x98\x80",
        ] {
            for key in ["name", "email"] {
                let mut c = format!("{key}=").into_bytes();
                c.extend_from_slice(v);
                let mut q = with(key, "").into_bytes();
                q.push(b'&');
                q.extend_from_slice(&c);
                cases.push(q);
            }
            let mut q = v.to_vec();
            q.extend_from_slice(b"=1&");
            q.extend_from_slice(BASE.as_bytes());
            q.push(b'&');
            q.extend_from_slice(v);
            cases.push(q);
            let mut q = with("age", "age=").into_bytes();
            q.extend_from_slice(v);
            cases.push(q);
        }
        let (mut ok, mut err) = (0, 0);
        for c in &cases {
            if check(c) {
                ok += 1;
            } else {
                err += 1;
            }
        }
        assert!(ok > 200 && err > 200, "{ok} accepted, {err} refused");
    }

    #[test]
    fn limits_as_binder_applies_them() {
        let pairs = |n: usize| {
            (0..n)
                .map(|i| format!("p{i}=v"))
                .collect::<Vec<_>>()
                .join("&")
        };
        let mut cases = Vec::new();
        for n in [994, 995, 996, 1000, 1001, 2000] {
            cases.push(format!("{}&{BASE}", pairs(n)));
            cases.push(format!("{BASE}&{}", pairs(n)));
            cases.push(format!(
                "{}&&&{}",
                pairs(n),
                &BASE[..BASE.find("&score").unwrap()]
            ));
            cases.push(format!("{}&&{}&{BASE}", pairs(n / 2), pairs(n / 2)));
            cases.push(format!("{}&{BASE}", "&".repeat(n)));
            // Pieces a field's key starts are counted too.
            cases.push(format!("{}&{BASE}", "a=1&".repeat(n)));
            cases.push(format!("{}&{BASE}", "%61=1&".repeat(n)));
            cases.push(format!("{}&{BASE}", "name=x&".repeat(n)));
            cases.push(format!("{}&{BASE}", "age=1&".repeat(n)));
        }
        for len in [1023, 1024, 1025, 2000] {
            for first in ["x", "n", "a", "%", "+", "name", "age"] {
                let key = format!("{first}{}", "k".repeat(len - first.len()));
                cases.push(format!("{key}=1&{BASE}"));
                cases.push(format!("{key}&{BASE}"));
                cases.push(format!("{key}={}&{BASE}", "=".repeat(10)));
                cases.push(format!("{BASE}&{key}=1"));
                cases.push(format!(
                    "{}&{key}&score=1",
                    &BASE[..BASE.find("&score").unwrap()]
                ));
                // The key ends at its first `=`, however long the value.
                cases.push(format!("{first}={key}&{BASE}"));
            }
            let key = "%6E".repeat(len / 3);
            cases.push(format!("{key}=1&{BASE}"));
            cases.push(format!("name%5B%5D{key}=1&{BASE}"));
        }
        let (mut ok, mut err) = (0, 0);
        for c in &cases {
            if check(c.as_bytes()) {
                ok += 1;
            } else {
                err += 1;
            }
        }
        assert!(ok > 50 && err > 50, "{ok} accepted, {err} refused");
    }

    /// xorshift64: a fixed sequence, the same on every run.
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

    /// `base` with one to four random edits: a byte deleted, a token
    /// inserted or put in a byte's place, or a slice of the input repeated
    /// elsewhere (a repeated pair).
    fn mutate(rng: &mut Rng, base: &[u8], tokens: &[&[u8]]) -> Vec<u8> {
        let mut v = base.to_vec();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(v.len() + 1);
            match rng.below(4) {
                0 if at < v.len() => {
                    v.remove(at);
                }
                1 | 0 => {
                    let t = tokens[rng.below(tokens.len())];
                    v.splice(at..at, t.iter().copied());
                }
                2 if at < v.len() => {
                    let t = tokens[rng.below(tokens.len())];
                    v.splice(at..at + 1, t.iter().copied());
                }
                _ => {
                    let from = rng.below(v.len() + 1);
                    let to = (from + rng.below(24)).min(v.len());
                    let piece = v[from..to].to_vec();
                    v.splice(at..at, piece);
                }
            }
        }
        v
    }

    const TOKENS: &[&[u8]] = &[
        b"&",
        b"&",
        b"=",
        b"%",
        b"+",
        b"%2",
        b"%20",
        b"%41",
        b"%C3%A9",
        b"%FF",
        b"%26",
        b"%3D",
        b"%2B",
        b"%5B%5D",
        b"[]",
        b"[",
        b"]",
        b".",
        b"n",
        b"a",
        b"e",
        b"s",
        b"name=",
        b"age=",
        b"admin=",
        b"email=",
        b"score=",
        b"name[]=",
        b"0",
        b"1",
        b"9",
        b"-",
        b"e",
        b"E",
        b".5",
        b"x",
        b"t",
        b"f",
        b"on",
        b"true",
        b"\xc3\xa9",
        b"\xff",
        b"\xc3",
        b"\x80",
        b" ",
        b"%6E",
        b"%61",
        b"%6e%61me",
        b"&&",
        b"inf",
        b"1e400",
    ];

    #[test]
    fn mutations_bind_as_binder_binds_them() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        for base in [QUERY5.as_bytes(), FORM5, QUERY100.as_bytes()] {
            let (mut ok, mut err, mut text) = (0, 0, 0);
            for _ in 0..25_000 {
                let v = mutate(&mut rng, base, TOKENS);
                text += usize::from(std::str::from_utf8(&v).is_ok());
                if check(&v) {
                    ok += 1;
                } else {
                    err += 1;
                }
            }
            assert!(
                ok > 2_000 && err > 2_000 && text > 15_000,
                "{ok} accepted, {err} refused, {text} text"
            );
        }
        // Past 1,024 bytes (where the scan counts pieces and measures
        // keys): a long pair before or after the edited fields.
        let pad = format!("pad={}", "x".repeat(1_100));
        let (mut ok, mut err) = (0, 0);
        for i in 0..20_000 {
            let mut v = mutate(&mut rng, QUERY5.as_bytes(), TOKENS);
            if i % 2 == 0 {
                v.push(b'&');
                v.extend_from_slice(pad.as_bytes());
            } else {
                v.splice(0..0, format!("{pad}&").bytes());
            }
            if check(&v) {
                ok += 1;
            } else {
                err += 1;
            }
        }
        assert!(ok > 2_000 && err > 2_000, "{ok} accepted, {err} refused");
    }
}
