//! Ideal floor: `mixed.http` bound into the order, as
//! `binder_mixed::<CreateOrder>` and `binder_mixed::<CreateOrderStr>` bind
//! it (`binder_http::bind` with the path value `team`).
//!
//! Written for exactly that struct: the path value `team`, the query keys
//! `dry_run` and `limit` (matched as `key=` words, the scan stopping once
//! both are read, as binder's does), one pass over the headers for
//! `Content-Type`, `X-Request-ID` and `Cookie` (the cookie scan stopping at
//! the first `session`), and a JSON reader for the body's five members
//! (their names matched a word at a time, unknown members validated and
//! skipped). Strictness is binder's under `Limits::DEFAULT`, for a JSON
//! body: binder also binds these fields from a urlencoded or multipart
//! body, which this floor, written for the JSON workload, refuses (see the
//! tests).

use crate::{CreateOrder, CreateOrderStr};
use std::borrow::Cow;

/// The floor refused the request (binder refuses it too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reject;

/// Binds `req` (its body in memory) and the router's path values into
/// [`CreateOrder`], every text field owned.
///
/// # Errors
/// [`Reject`] wherever binder refuses the request (for a JSON body).
#[inline]
pub fn ideal_order<B: AsRef<[u8]>>(
    req: &http::Request<B>,
    path: &[(&str, &str)],
) -> Result<CreateOrder, Reject> {
    let o = order::<Owned, B>(req, path)?;
    Ok(CreateOrder {
        team_id: o.team_id,
        dry_run: o.dry_run,
        limit: o.limit,
        trace: o.trace,
        session: o.session,
        email: o.email,
        sku: o.sku,
        qty: o.qty,
        note: o.note,
        express: o.express,
    })
}

/// Binds `req` into [`CreateOrderStr`]: the request id, the session and
/// the SKU borrowed (refused if the SKU needs unescaping), the email and
/// the note borrowed unless they need unescaping.
///
/// # Errors
/// [`Reject`] wherever binder refuses the request (for a JSON body).
#[inline]
pub fn ideal_order_str<'r, B: AsRef<[u8]>>(
    req: &'r http::Request<B>,
    path: &[(&str, &str)],
) -> Result<CreateOrderStr<'r>, Reject> {
    let o = order::<Borrowed, B>(req, path)?;
    Ok(CreateOrderStr {
        team_id: o.team_id,
        dry_run: o.dry_run,
        limit: o.limit,
        trace: o.trace,
        session: o.session,
        email: o.email,
        sku: o.sku,
        qty: o.qty,
        note: o.note,
        express: o.express,
    })
}

/// The order, its text fields of the target's types.
struct Order<'r, O: Out<'r>> {
    team_id: u32,
    dry_run: bool,
    limit: u32,
    trace: O::Plain,
    session: O::Plain,
    email: O::Text,
    sku: O::Plain,
    qty: u32,
    note: Option<O::Text>,
    express: bool,
}

/// A JSON string value as the body holds it: text with no escapes (or a
/// number's or literal's text), or a string's raw body with escapes.
#[derive(Clone, Copy)]
enum JText<'r> {
    Plain(&'r str),
    Escaped(&'r str),
}

/// The text fields' types: owned, or borrowed as `CreateOrderStr` borrows.
trait Out<'r> {
    /// The request id, the session and the SKU.
    type Plain;
    /// The email and the note.
    type Text;
    fn plain(s: &'r str) -> Self::Plain;
    /// A JSON value into `Plain`: a string with escapes is refused by a
    /// borrowing type.
    fn json_plain(t: JText<'r>) -> Result<Self::Plain, Reject>;
    fn json_text(t: JText<'r>) -> Self::Text;
}

struct Owned;
struct Borrowed;

impl<'r> Out<'r> for Owned {
    type Plain = String;
    type Text = String;
    #[inline(always)]
    fn plain(s: &'r str) -> String {
        String::from(s)
    }
    #[inline(always)]
    fn json_plain(t: JText<'r>) -> Result<String, Reject> {
        Ok(Self::json_text(t))
    }
    #[inline(always)]
    fn json_text(t: JText<'r>) -> String {
        match t {
            JText::Plain(s) => String::from(s),
            JText::Escaped(raw) => unescape(raw),
        }
    }
}

impl<'r> Out<'r> for Borrowed {
    type Plain = &'r str;
    type Text = Cow<'r, str>;
    #[inline(always)]
    fn plain(s: &'r str) -> &'r str {
        s
    }
    #[inline(always)]
    fn json_plain(t: JText<'r>) -> Result<&'r str, Reject> {
        match t {
            JText::Plain(s) => Ok(s),
            JText::Escaped(_) => Err(Reject),
        }
    }
    #[inline(always)]
    fn json_text(t: JText<'r>) -> Cow<'r, str> {
        match t {
            JText::Plain(s) => Cow::Borrowed(s),
            JText::Escaped(raw) => Cow::Owned(unescape(raw)),
        }
    }
}

/// binder's `Limits::DEFAULT`: pairs a query, key bytes, cookies a
/// request, JSON nesting.
const MAX_PAIRS: usize = 1_000;
const MAX_KEY_LEN: usize = 1_024;
const MAX_COOKIES: usize = 3_000;
const MAX_JSON_DEPTH: usize = 128;
/// The longest decoded key or name binder matches (`MAX_KEY`).
const MAX_KEY: usize = 128;

#[inline(always)]
fn utf8(b: &[u8]) -> Result<&str, Reject> {
    std::str::from_utf8(b).map_err(|_| Reject)
}

const LO: u64 = u64::from_ne_bytes([0x01; 8]);
const HI: u64 = u64::from_ne_bytes([0x80; 8]);

/// 8 bytes at `i`, little-endian.
#[inline(always)]
fn word(b: &[u8], i: usize) -> Option<u64> {
    Some(u64::from_le_bytes(b.get(i..i + 8)?.try_into().ok()?))
}

/// Flags (`0x80` in its byte) for the bytes of `w` equal to `c`: the
/// lowest flag is exact (a byte that matches borrows from no lower one).
#[inline(always)]
fn eq_flags(w: u64, c: u8) -> u64 {
    let x = w ^ (LO * u64::from(c));
    x.wrapping_sub(LO) & !x & HI
}

/// The first `c` at or after `i`, or `b.len()`: eight bytes a step.
#[inline(always)]
fn find(b: &[u8], mut i: usize, c: u8) -> usize {
    while let Some(w) = word(b, i) {
        let f = eq_flags(w, c);
        if f != 0 {
            return i + (f.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < b.len() && b[i] != c {
        i += 1;
    }
    i
}

/// The first `c` or `d` at or after `i`, or `b.len()`.
#[inline(always)]
fn find2(b: &[u8], mut i: usize, c: u8, d: u8) -> usize {
    while let Some(w) = word(b, i) {
        let f = eq_flags(w, c) | eq_flags(w, d);
        if f != 0 {
            return i + (f.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < b.len() && b[i] != c && b[i] != d {
        i += 1;
    }
    i
}

/// The whole bind.
#[inline(always)]
fn order<'r, O: Out<'r>, B: AsRef<[u8]>>(
    req: &'r http::Request<B>,
    path: &[(&str, &str)],
) -> Result<Order<'r, O>, Reject> {
    // The path value.
    let mut team_id = None;
    for (name, value) in path {
        if *name == "team" {
            team_id = Some(path_u32(value.as_bytes())?);
            break;
        }
    }
    let team_id = team_id.ok_or(Reject)?;

    // The query.
    let (dry_run, limit) = query(req.uri().query())?;

    // The headers, in one pass: the first `Content-Type` and
    // `X-Request-ID`, every `Cookie` line up to the first `session`.
    let mut content_type: Option<&[u8]> = None;
    let mut trace: Option<&'r [u8]> = None;
    let mut session: Option<&'r [u8]> = None;
    let mut cookies_left = MAX_COOKIES;
    for (name, value) in req.headers() {
        if *name == http::header::CONTENT_TYPE {
            if content_type.is_none() {
                content_type = Some(value.as_bytes());
            }
        } else if *name == http::header::COOKIE {
            if session.is_none() {
                session = cookie_session(value.as_bytes(), &mut cookies_left)?;
            }
        } else if name.as_str() == "x-request-id" && trace.is_none() {
            trace = Some(value.as_bytes());
        }
    }
    let trace = O::plain(utf8(trace.ok_or(Reject)?)?);
    let session = O::plain(utf8(session.ok_or(Reject)?)?);

    // The body: JSON only (see the module docs).
    let body = req.body().as_ref();
    if body.is_empty() || !is_json(content_type.ok_or(Reject)?) {
        return Err(Reject);
    }
    let b = json::<O>(body)?;
    Ok(Order {
        team_id,
        dry_run,
        limit,
        trace,
        session,
        email: b.email,
        sku: b.sku,
        qty: b.qty,
        note: b.note,
        express: b.express,
    })
}

// ---------------------------------------------------------------- numbers

/// A `u32` as binder's text conversion reads it (`lexical-core`'s
/// default: an optional `+`, ASCII digits, leading zeros allowed): up to
/// nine digits read here, anything else by lexical.
#[inline(always)]
fn parse_u32(b: &[u8]) -> Result<u32, Reject> {
    if !b.is_empty() && b.len() <= 9 {
        let mut v = 0u32;
        let mut ok = true;
        for &c in b {
            let d = c.wrapping_sub(b'0');
            ok &= d <= 9;
            v = v.wrapping_mul(10).wrapping_add(u32::from(d));
        }
        if ok {
            return Ok(v);
        }
    }
    parse_u32_slow(b)
}

#[cold]
#[inline(never)]
fn parse_u32_slow(b: &[u8]) -> Result<u32, Reject> {
    lexical_core::parse::<u32>(b).map_err(|_| Reject)
}

/// `true`, `false`, `on`, `off` in any ASCII case, `1`, `0`.
#[inline(always)]
fn parse_bool(b: &[u8]) -> Result<bool, Reject> {
    let lower = |s: &[u8]| -> [u8; 5] {
        let mut w = [0u8; 5];
        for (o, &c) in w.iter_mut().zip(s) {
            *o = c | 0x20;
        }
        w
    };
    match b {
        b"1" => Ok(true),
        b"0" => Ok(false),
        _ => match (b.len(), lower(b)) {
            (2, [b'o', b'n', ..]) => Ok(true),
            (3, [b'o', b'f', b'f', ..]) => Ok(false),
            (4, [b't', b'r', b'u', b'e', _]) => Ok(true),
            (5, [b'f', b'a', b'l', b's', b'e']) => Ok(false),
            _ => Err(Reject),
        },
    }
}

// --------------------------------------------------------- percent-decoding

#[inline(always)]
fn hex(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

/// Percent-decodes `input` (`+` a space when `plus`; a `%` not followed by
/// two hex digits stays itself) into `out`.
#[cold]
#[inline(never)]
fn percent_decode(input: &[u8], plus: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len());
    let mut i = 0;
    while i < input.len() {
        let c = input[i];
        if c == b'+' && plus {
            out.push(b' ');
            i += 1;
        } else if c == b'%' {
            match (
                input.get(i + 1).copied().and_then(hex),
                input.get(i + 2).copied().and_then(hex),
            ) {
                (Some(h), Some(l)) => {
                    out.push(h << 4 | l);
                    i += 3;
                }
                _ => {
                    out.push(b'%');
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The path value `team`: percent-encoded (`+` itself), then a `u32`.
#[inline(always)]
fn path_u32(v: &[u8]) -> Result<u32, Reject> {
    match parse_u32(v) {
        Ok(n) if !v.contains(&b'%') || v.first() != Some(&b'+') => Ok(n),
        Ok(_) => parse_u32(&percent_decode(v, false)),
        Err(_) if v.contains(&b'%') => parse_u32(&percent_decode(v, false)),
        Err(e) => Err(e),
    }
}

// ------------------------------------------------------------------- query

/// The query's `dry_run` and `limit`, as binder's scan reads them: pairs
/// split on `&` (empty ones skipped), each counted (at most 1,000) and its
/// key checked (at most 1,024 bytes), until both are read; keys
/// percent-decoded (`+` a space); the first of each key taken, `key[]`
/// being the key itself.
#[inline(always)]
fn query(q: Option<&str>) -> Result<(bool, u32), Reject> {
    let q = q.ok_or(Reject)?.as_bytes();
    let mut dry_run: Option<bool> = None;
    let mut limit: Option<u32> = None;
    let mut count = 0;
    let mut i = 0;
    while i < q.len() {
        if q[i] == b'&' {
            i += 1;
            continue;
        }
        if count == MAX_PAIRS {
            return Err(Reject);
        }
        count += 1;
        let piece = &q[i..];
        let (key, value, next) = if piece.starts_with(b"dry_run=") {
            let end = find(piece, 8, b'&');
            (Key::DryRun, &piece[8..end], i + end + 1)
        } else if piece.starts_with(b"limit=") {
            let end = find(piece, 6, b'&');
            (Key::Limit, &piece[6..end], i + end + 1)
        } else {
            let end = find(piece, 0, b'&');
            let key_end = piece[..end].iter().position(|&c| c == b'=').unwrap_or(end);
            if key_end > MAX_KEY_LEN {
                return Err(Reject);
            }
            let first = piece[0];
            if first != b'd' && first != b'l' && first != b'%' && first != b'+' {
                i += end + 1;
                continue;
            }
            let value = piece.get(key_end + 1..end).unwrap_or_default();
            (query_key(&piece[..key_end]), value, i + end + 1)
        };
        i = next;
        match key {
            Key::DryRun => {
                if dry_run.is_none() {
                    dry_run = Some(query_bool(value)?);
                }
            }
            Key::Limit => {
                if limit.is_none() {
                    limit = Some(query_u32(value)?);
                }
            }
            // `key[]` is the key itself: the first value wins.
            Key::DryRunWhole if dry_run.is_none() => dry_run = Some(query_bool(value)?),
            Key::LimitWhole if limit.is_none() => limit = Some(query_u32(value)?),
            Key::DryRunWhole | Key::LimitWhole | Key::Other => {}
        }
        if dry_run.is_some() && limit.is_some() {
            break;
        }
    }
    match (dry_run, limit) {
        (Some(d), Some(l)) => Ok((d, l)),
        _ => Err(Reject),
    }
}

/// What a query key (as sent) names.
enum Key {
    DryRun,
    Limit,
    /// `dry_run[]`: the key itself (the first value wins).
    DryRunWhole,
    /// `limit[]`.
    LimitWhole,
    Other,
}

/// A key not sent as `dry_run=` or `limit=`: decoded (when it holds `%`
/// or `+`; one past [`MAX_KEY`] decoded bytes names nothing), then
/// matched, with its path (`dry_run[]`).
#[cold]
#[inline(never)]
fn query_key(key: &[u8]) -> Key {
    let decoded;
    let key = if key.iter().any(|&c| c == b'%' || c == b'+') {
        decoded = percent_decode(key, true);
        if decoded.len() > MAX_KEY {
            return Key::Other;
        }
        &decoded[..]
    } else {
        key
    };
    match key {
        b"dry_run" => Key::DryRun,
        b"limit" => Key::Limit,
        b"dry_run[]" => Key::DryRunWhole,
        b"limit[]" => Key::LimitWhole,
        _ => Key::Other,
    }
}

/// A query value into a `bool`: as sent, else decoded.
#[inline(always)]
fn query_bool(v: &[u8]) -> Result<bool, Reject> {
    match parse_bool(v) {
        Ok(b) => Ok(b),
        Err(_) => query_bool_decoded(v),
    }
}

#[cold]
#[inline(never)]
fn query_bool_decoded(v: &[u8]) -> Result<bool, Reject> {
    if !v.iter().any(|&c| c == b'%' || c == b'+') {
        return Err(Reject);
    }
    parse_bool(&percent_decode(v, true))
}

/// A query value into a `u32`: as sent unless it starts with `+` (a
/// space, decoded), else decoded.
#[inline(always)]
fn query_u32(v: &[u8]) -> Result<u32, Reject> {
    match parse_u32(v) {
        Ok(n) if v.first() != Some(&b'+') => Ok(n),
        _ => query_u32_decoded(v),
    }
}

#[cold]
#[inline(never)]
fn query_u32_decoded(v: &[u8]) -> Result<u32, Reject> {
    if !v.iter().any(|&c| c == b'%' || c == b'+') {
        return Err(Reject);
    }
    parse_u32(&percent_decode(v, true))
}

// ----------------------------------------------------------------- cookies

/// Whitespace a cookie piece is trimmed of.
#[inline(always)]
fn cookie_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

#[inline(always)]
fn trim(mut s: &[u8]) -> &[u8] {
    while let [first, rest @ ..] = s {
        if !cookie_space(*first) {
            break;
        }
        s = rest;
    }
    while let [rest @ .., last] = s {
        if !cookie_space(*last) {
            break;
        }
        s = rest;
    }
    s
}

/// The `session` cookie of one `Cookie` line, if it holds one: pieces
/// split on `;`, trimmed; a piece with a `=` and a name is a cookie,
/// counted against the request's limit; the value trimmed and one pair of
/// quotes removed.
#[inline(always)]
fn cookie_session<'r>(header: &'r [u8], left: &mut usize) -> Result<Option<&'r [u8]>, Reject> {
    let mut i = 0;
    while i < header.len() {
        let c = header[i];
        if c == b';' || cookie_space(c) {
            i += 1;
            continue;
        }
        let piece = &header[i..];
        let eq = find2(piece, 0, b';', b'=');
        if piece.get(eq) != Some(&b'=') {
            i += eq;
            continue; // no `=`: not a cookie
        }
        let end = find(piece, eq + 1, b';');
        i += end;
        let piece = &piece[..end];
        // The piece starts at a byte that is not whitespace: its name is
        // empty only when it starts with its `=`.
        if eq == 0 {
            continue;
        }
        if *left == 0 {
            return Err(Reject);
        }
        *left -= 1;
        if trim(&piece[..eq]) == b"session" {
            let value = trim(&piece[eq + 1..]);
            let value = match value {
                [b'"', inner @ .., b'"'] => inner,
                _ => value,
            };
            return Ok(Some(value));
        }
    }
    Ok(None)
}

// ------------------------------------------------------------ content type

/// Whether binder reads a body of this `Content-Type` as JSON:
/// `application/json` or any `type/subtype+json` (any case), with no
/// `charset` other than UTF-8.
#[inline(always)]
fn is_json(ct: &[u8]) -> bool {
    if ct == b"application/json" {
        return true;
    }
    is_json_general(ct)
}

#[cold]
#[inline(never)]
fn is_json_general(ct: &[u8]) -> bool {
    fn trim_ows(mut s: &[u8]) -> &[u8] {
        while let [b' ' | b'\t', rest @ ..] = s {
            s = rest;
        }
        while let [rest @ .., b' ' | b'\t'] = s {
            s = rest;
        }
        s
    }
    if ct == b"application/x-www-form-urlencoded" || ct.starts_with(b"multipart/form-data; ") {
        return false;
    }
    let (essence, params) = match ct.iter().position(|&b| b == b';') {
        Some(at) => ct.split_at(at),
        None => (ct, &[][..]),
    };
    let essence = trim_ows(essence);
    if essence.eq_ignore_ascii_case(b"application/x-www-form-urlencoded")
        || essence.eq_ignore_ascii_case(b"multipart/form-data")
    {
        return false;
    }
    let Some(slash) = essence.iter().position(|&b| b == b'/') else {
        return false;
    };
    let (kind, subtype) = (&essence[..slash], &essence[slash + 1..]);
    let json = subtype.eq_ignore_ascii_case(b"json")
        || (subtype.len() >= 5 && subtype[subtype.len() - 5..].eq_ignore_ascii_case(b"+json"));
    json && !kind.is_empty() && (params.is_empty() || charset_is_utf8(params))
}

/// Whether every `charset` parameter in `params` (from the first `;`)
/// names UTF-8, as binder reads them.
fn charset_is_utf8(params: &[u8]) -> bool {
    fn is_utf8(name: &[u8]) -> bool {
        name.eq_ignore_ascii_case(b"utf-8") || name.eq_ignore_ascii_case(b"utf8")
    }
    fn ows(p: &[u8], mut i: usize) -> usize {
        while matches!(p.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        i
    }
    fn trim_ows(mut s: &[u8]) -> &[u8] {
        while let [b' ' | b'\t', rest @ ..] = s {
            s = rest;
        }
        while let [rest @ .., b' ' | b'\t'] = s {
            s = rest;
        }
        s
    }
    let n = params.len();
    let mut i = 0;
    while i < n {
        if params[i] != b';' {
            i += 1;
            continue;
        }
        i = ows(params, i + 1);
        let name_start = i;
        while i < n && !matches!(params[i], b';' | b'=' | b' ' | b'\t' | b'"') {
            i += 1;
        }
        let charset = params[name_start..i].eq_ignore_ascii_case(b"charset");
        i = ows(params, i);
        if params.get(i) != Some(&b'=') {
            continue;
        }
        i = ows(params, i + 1);
        if params.get(i) == Some(&b'"') {
            let mut value = [0u8; 5];
            let mut len = 0;
            i += 1;
            while i < n && params[i] != b'"' {
                if params[i] == b'\\' && i + 1 < n {
                    i += 1;
                }
                if len < value.len() {
                    value[len] = params[i];
                }
                len += 1;
                i += 1;
            }
            let closed = i < n;
            i += 1;
            if charset && (!closed || len > value.len() || !is_utf8(&value[..len])) {
                return false;
            }
        } else {
            let start = i;
            while i < n && params[i] != b';' {
                i += 1;
            }
            if charset && !is_utf8(trim_ows(&params[start..i])) {
                return false;
            }
        }
    }
    true
}

// -------------------------------------------------------------------- JSON

/// The body's five members.
struct BodyFields<'r, O: Out<'r>> {
    email: O::Text,
    sku: O::Plain,
    qty: u32,
    note: Option<O::Text>,
    express: bool,
}

/// The body decoded: `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`,
/// `\uXXXX` (surrogate pairs joined), into one allocation.
#[cold]
#[inline(never)]
fn unescape(raw: &str) -> String {
    let b = raw.as_bytes();
    let mut out = String::with_capacity(raw.len());
    let mut i = 0;
    while i < b.len() {
        let j = b[i..]
            .iter()
            .position(|&c| c == b'\\')
            .map_or(b.len(), |k| i + k);
        out.push_str(&raw[i..j]);
        if j == b.len() {
            break;
        }
        let (c, used) = escape_at(b, j).unwrap_or(('\u{fffd}', 2));
        out.push(c);
        i = j + used;
    }
    out
}

fn hex4(b: &[u8], i: usize) -> Option<u32> {
    let mut v = 0;
    for k in i..i + 4 {
        v = v << 4 | u32::from(hex(*b.get(k)?)?);
    }
    Some(v)
}

/// The escape at `b[j]` (a `\`): the character and the bytes it takes.
#[inline]
fn escape_at(b: &[u8], j: usize) -> Option<(char, usize)> {
    let c = match *b.get(j + 1)? {
        b'"' => '"',
        b'\\' => '\\',
        b'/' => '/',
        b'b' => '\x08',
        b'f' => '\x0c',
        b'n' => '\n',
        b'r' => '\r',
        b't' => '\t',
        b'u' => return unicode_escape(b, j),
        _ => return None,
    };
    Some((c, 2))
}

#[cold]
fn unicode_escape(b: &[u8], j: usize) -> Option<(char, usize)> {
    let hi = hex4(b, j + 2)?;
    let (code, used) = match hi {
        0xD800..=0xDBFF => {
            if b.get(j + 6..j + 8) != Some(b"\\u") {
                return None;
            }
            let lo = hex4(b, j + 8)?;
            if !(0xDC00..=0xDFFF).contains(&lo) {
                return None;
            }
            (0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00), 12)
        }
        0xDC00..=0xDFFF => return None,
        _ => (hi, 6),
    };
    char::from_u32(code).map(|c| (c, used))
}

/// A member name's first bytes and its closing quote, as a little-endian
/// word, and the mask of its bytes.
const fn name_word(s: &[u8]) -> (u64, u64) {
    let mut w = 0u64;
    let mut i = 0;
    while i < s.len() {
        w |= (s[i] as u64) << (8 * i);
        i += 1;
    }
    w |= (b'"' as u64) << (8 * i);
    (
        w,
        if i + 1 == 8 {
            u64::MAX
        } else {
            (1 << (8 * (i + 1))) - 1
        },
    )
}

const EMAIL: (u64, u64) = name_word(b"email");
const SKU: (u64, u64) = name_word(b"sku");
const QTY: (u64, u64) = name_word(b"qty");
const NOTE: (u64, u64) = name_word(b"note");
const EXPRESS: (u64, u64) = name_word(b"express");

#[derive(Clone, Copy, PartialEq, Eq)]
enum Member {
    Email,
    Sku,
    Qty,
    Note,
    Express,
    Other,
}

/// A strict RFC 8259 reader over the body (UTF-8 checked once, whole).
struct J<'r> {
    t: &'r str,
    b: &'r [u8],
    i: usize,
}

impl<'r> J<'r> {
    /// Skips whitespace; the next byte.
    #[inline(always)]
    fn ws(&mut self) -> Option<u8> {
        while let Some(&c) = self.b.get(self.i) {
            if c > b' ' || !matches!(c, b' ' | b'\t' | b'\n' | b'\r') {
                return Some(c);
            }
            self.i += 1;
        }
        None
    }

    /// The next byte after whitespace, or a refusal at the end.
    #[inline(always)]
    fn next(&mut self) -> Result<u8, Reject> {
        self.ws().ok_or(Reject)
    }

    /// The string whose opening quote is at `i`: its body's span and
    /// whether it holds escapes; `i` moves past its closing quote.
    #[inline(always)]
    fn string(&mut self) -> Result<(usize, usize, bool), Reject> {
        let b = self.b;
        let start = self.i + 1;
        let mut i = start;
        let mut escaped = false;
        loop {
            // Eight bytes a step to the first `"`, `\\` or control byte:
            // `w ^ 0x02` is under 0x21 exactly for a control byte or `"`.
            while let Some(w) = word(b, i) {
                let t = w ^ (LO * 0x02);
                let f = (t.wrapping_sub(LO * 0x21) | eq_flags(w, b'\\')) & !w & HI;
                if f != 0 {
                    i += (f.trailing_zeros() / 8) as usize;
                    break;
                }
                i += 8;
            }
            match b.get(i) {
                Some(b'"') => {
                    self.i = i + 1;
                    return Ok((start, i, escaped));
                }
                Some(b'\\') => {
                    escaped = true;
                    i += escape_at(b, i).ok_or(Reject)?.1;
                }
                Some(&c) if c < 0x20 => return Err(Reject),
                Some(_) => i += 1,
                None => return Err(Reject),
            }
        }
    }

    /// A string value's text.
    #[inline(always)]
    fn str_value(&mut self) -> Result<JText<'r>, Reject> {
        let (s, e, escaped) = self.string()?;
        let raw = self.t.get(s..e).ok_or(Reject)?;
        Ok(if escaped {
            JText::Escaped(raw)
        } else {
            JText::Plain(raw)
        })
    }

    /// The number starting at `i` (its first byte `c`): its text, and
    /// whether it is a non-negative integer; `i` moves past it.
    #[inline(always)]
    fn number(&mut self, c: u8) -> Result<(&'r str, bool), Reject> {
        let b = self.b;
        let start = self.i;
        let mut i = start;
        let negative = c == b'-';
        if negative {
            i += 1;
        }
        match b.get(i) {
            Some(b'0') => {
                i += 1;
                if b.get(i).is_some_and(u8::is_ascii_digit) {
                    return Err(Reject);
                }
            }
            Some(b'1'..=b'9') => {
                i += 1;
                while b.get(i).is_some_and(u8::is_ascii_digit) {
                    i += 1;
                }
            }
            _ => return Err(Reject),
        }
        let mut integer = true;
        if b.get(i) == Some(&b'.') {
            integer = false;
            i += 1;
            if !b.get(i).is_some_and(u8::is_ascii_digit) {
                return Err(Reject);
            }
            while b.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
        }
        if matches!(b.get(i), Some(b'e' | b'E')) {
            integer = false;
            i += 1;
            if matches!(b.get(i), Some(b'+' | b'-')) {
                i += 1;
            }
            if !b.get(i).is_some_and(u8::is_ascii_digit) {
                return Err(Reject);
            }
            while b.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
        }
        self.i = i;
        Ok((self.t.get(start..i).ok_or(Reject)?, integer && !negative))
    }

    /// The literal `word` at `i`.
    #[inline(always)]
    fn literal(&mut self, word: &[u8]) -> Result<(), Reject> {
        if self.b.get(self.i..self.i + word.len()) == Some(word) {
            self.i += word.len();
            Ok(())
        } else {
            Err(Reject)
        }
    }

    /// A value for a text field: a string, or a number's or literal's
    /// text; `None` for `null`; an array or object refused.
    #[inline(always)]
    fn text_value(&mut self) -> Result<Option<JText<'r>>, Reject> {
        match self.next()? {
            b'"' => self.str_value().map(Some),
            c @ (b'-' | b'0'..=b'9') => Ok(Some(JText::Plain(self.number(c)?.0))),
            b't' => {
                self.literal(b"true")?;
                Ok(Some(JText::Plain("true")))
            }
            b'f' => {
                self.literal(b"false")?;
                Ok(Some(JText::Plain("false")))
            }
            b'n' => {
                self.literal(b"null")?;
                Ok(None)
            }
            _ => Err(Reject),
        }
    }

    /// A value for the `u32` field.
    #[inline(always)]
    fn u32_value(&mut self) -> Result<u32, Reject> {
        match self.next()? {
            c @ (b'-' | b'0'..=b'9') => {
                let (text, unsigned_integer) = self.number(c)?;
                if !unsigned_integer || text.len() > 10 {
                    return Err(Reject);
                }
                let v: u64 = text.bytes().fold(0, |v, d| v * 10 + u64::from(d - b'0'));
                u32::try_from(v).map_err(|_| Reject)
            }
            b'"' => match self.str_value()? {
                JText::Plain(s) => parse_u32(s.as_bytes()),
                JText::Escaped(raw) => parse_u32(unescape(raw).as_bytes()),
            },
            _ => Err(Reject),
        }
    }

    /// A value for the `bool` field.
    #[inline(always)]
    fn bool_value(&mut self) -> Result<bool, Reject> {
        match self.next()? {
            b't' => self.literal(b"true").map(|()| true),
            b'f' => self.literal(b"false").map(|()| false),
            b'"' => match self.str_value()? {
                JText::Plain(s) => parse_bool(s.as_bytes()),
                JText::Escaped(raw) => parse_bool(unescape(raw).as_bytes()),
            },
            c @ (b'-' | b'0'..=b'9') => parse_bool(self.number(c)?.0.as_bytes()),
            _ => Err(Reject),
        }
    }

    /// A member's name (its opening quote at `i`) and its colon.
    #[inline(always)]
    fn name(&mut self) -> Result<Member, Reject> {
        let at = self.i + 1;
        let member = match self.b.get(at..at + 8) {
            Some(w) => {
                let w = u64::from_le_bytes(w.try_into().map_err(|_| Reject)?);
                let (m, len) = if w & EMAIL.1 == EMAIL.0 {
                    (Member::Email, 5)
                } else if w & SKU.1 == SKU.0 {
                    (Member::Sku, 3)
                } else if w & QTY.1 == QTY.0 {
                    (Member::Qty, 3)
                } else if w & NOTE.1 == NOTE.0 {
                    (Member::Note, 4)
                } else if w & EXPRESS.1 == EXPRESS.0 {
                    (Member::Express, 7)
                } else {
                    (Member::Other, 0)
                };
                if m != Member::Other {
                    self.i = at + len + 1;
                }
                m
            }
            None => Member::Other,
        };
        let member = if member == Member::Other {
            let (s, e, escaped) = self.string()?;
            let raw = &self.b[s..e];
            if escaped {
                escaped_member(self.t.get(s..e).ok_or(Reject)?)
            } else {
                member_of(raw)
            }
        } else {
            member
        };
        // The colon, most often right after the name.
        if self.b.get(self.i) != Some(&b':') && self.next()? != b':' {
            return Err(Reject);
        }
        self.i += 1;
        Ok(member)
    }

    /// Skips one value (checked, not decoded), with binder's depth limit:
    /// `depth` containers are open around it.
    fn skip_value(&mut self, depth: usize) -> Result<(), Reject> {
        // Bit `d` set: the container at `depth + d + 1` is an object.
        let mut objects: u128 = 0;
        let mut open = 0usize;
        loop {
            let c = self.next()?;
            match c {
                b'{' | b'[' => {
                    if depth + open >= MAX_JSON_DEPTH {
                        return Err(Reject);
                    }
                    let object = c == b'{';
                    if object {
                        objects |= 1 << open;
                    } else {
                        objects &= !(1 << open);
                    }
                    open += 1;
                    self.i += 1;
                    let c = self.next()?;
                    if c == if object { b'}' } else { b']' } {
                        self.i += 1;
                        open -= 1;
                    } else {
                        if object {
                            if c != b'"' {
                                return Err(Reject);
                            }
                            self.name_any()?;
                        }
                        continue;
                    }
                }
                b'"' => {
                    self.string()?;
                }
                b'-' | b'0'..=b'9' => {
                    self.number(c)?;
                }
                b't' => self.literal(b"true")?,
                b'f' => self.literal(b"false")?,
                b'n' => self.literal(b"null")?,
                _ => return Err(Reject),
            }
            // A value is complete: close what it completes.
            loop {
                if open == 0 {
                    return Ok(());
                }
                let c = self.next()?;
                let object = objects >> (open - 1) & 1 == 1;
                if c == b',' {
                    self.i += 1;
                    if object {
                        if self.next()? != b'"' {
                            return Err(Reject);
                        }
                        self.name_any()?;
                    }
                    break;
                }
                if c != if object { b'}' } else { b']' } {
                    return Err(Reject);
                }
                self.i += 1;
                open -= 1;
            }
        }
    }

    /// Any member name (its quote at `i`) and its colon.
    #[inline(always)]
    fn name_any(&mut self) -> Result<(), Reject> {
        self.string()?;
        if self.next()? != b':' {
            return Err(Reject);
        }
        self.i += 1;
        Ok(())
    }
}

#[inline(always)]
fn member_of(name: &[u8]) -> Member {
    match name {
        b"email" => Member::Email,
        b"sku" => Member::Sku,
        b"qty" => Member::Qty,
        b"note" => Member::Note,
        b"express" => Member::Express,
        _ => Member::Other,
    }
}

/// A name with escapes, decoded; past [`MAX_KEY`] bytes it names nothing.
#[cold]
#[inline(never)]
fn escaped_member(raw: &str) -> Member {
    let name = unescape(raw);
    if name.len() > MAX_KEY {
        return Member::Other;
    }
    member_of(name.as_bytes())
}

/// The body's members, as binder reads them: the top value an object
/// (`null` has no members: the fields are missing), each member's name
/// matched, a field's second member refused (`duplicate`), others skipped
/// (checked); only whitespace after it.
#[inline(always)]
fn json<'r, O: Out<'r>>(body: &'r [u8]) -> Result<BodyFields<'r, O>, Reject> {
    let t = utf8(body)?;
    let mut j = J { t, b: body, i: 0 };
    if j.next()? != b'{' {
        return Err(Reject);
    }
    j.i += 1;
    let mut email: Option<Option<O::Text>> = None;
    let mut sku: Option<Option<O::Plain>> = None;
    let mut qty: Option<u32> = None;
    let mut note: Option<Option<O::Text>> = None;
    let mut express: Option<bool> = None;
    let mut c = j.next()?;
    if c != b'}' {
        loop {
            if c != b'"' {
                return Err(Reject);
            }
            match j.name()? {
                Member::Email => {
                    if email.is_some() {
                        return Err(Reject);
                    }
                    // Required: an empty string is refused.
                    let v = j.text_value()?;
                    if let Some(JText::Plain("")) = v {
                        return Err(Reject);
                    }
                    email = Some(v.map(O::json_text));
                }
                Member::Sku => {
                    if sku.is_some() {
                        return Err(Reject);
                    }
                    sku = Some(match j.text_value()? {
                        Some(t) => Some(O::json_plain(t)?),
                        None => None,
                    });
                }
                Member::Qty => {
                    if qty.is_some() {
                        return Err(Reject);
                    }
                    qty = Some(j.u32_value()?);
                }
                Member::Note => {
                    if note.is_some() {
                        return Err(Reject);
                    }
                    note = Some(j.text_value()?.map(O::json_text));
                }
                Member::Express => {
                    if express.is_some() {
                        return Err(Reject);
                    }
                    express = Some(j.bool_value()?);
                }
                Member::Other => j.skip_value(1)?,
            }
            // The comma, most often right after the value, and the next
            // name's quote right after it.
            let sep = match j.b.get(j.i) {
                Some(&c @ (b',' | b'}')) => c,
                _ => j.next()?,
            };
            match sep {
                b',' => {
                    j.i += 1;
                    c = match j.b.get(j.i) {
                        Some(b'"') => b'"',
                        _ => j.next()?,
                    };
                }
                b'}' => break,
                _ => return Err(Reject),
            }
        }
    }
    j.i += 1;
    if j.ws().is_some() {
        return Err(Reject);
    }
    match (email, sku, qty, express) {
        (Some(Some(email)), Some(Some(sku)), Some(qty), Some(express)) => Ok(BodyFields {
            email,
            sku,
            qty,
            note: note.flatten(),
            express,
        }),
        _ => Err(Reject),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mixed_request;
    use binder_http::request::Body;

    const MIXED: &[u8] = include_bytes!("../../workloads/mixed.http");
    const PATH: &[(&str, &str)] = &[("team", "42")];

    /// An HTTP/1.1 request's bytes as an `http::Request` (as a server
    /// hands it over), or `None` where `http` refuses the target or a
    /// header.
    fn request(bytes: &[u8]) -> Option<http::Request<Vec<u8>>> {
        let head_end = bytes.windows(4).position(|w| w == b"\r\n\r\n")?;
        let head = &bytes[..head_end];
        let mut lines = head.split(|&b| b == b'\n');
        let start = lines.next()?.strip_suffix(b"\r")?;
        let mut parts = start.split(|&b| b == b' ');
        let (method, target) = (parts.next()?, parts.next()?);
        let mut req = http::Request::builder()
            .method(std::str::from_utf8(method).ok()?)
            .uri(std::str::from_utf8(target).ok()?);
        for line in lines {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            let colon = line.iter().position(|&b| b == b':')?;
            let value = line[colon + 1..]
                .strip_prefix(b" ")
                .unwrap_or(&line[colon + 1..]);
            let name = http::HeaderName::from_bytes(&line[..colon]).ok()?;
            let value = http::HeaderValue::from_bytes(value).ok()?;
            req = req.header(name, value);
        }
        req.body(bytes[head_end + 4..].to_vec()).ok()
    }

    /// Whether binder would read the body as a form or multipart, which
    /// this floor (for the JSON workload) refuses.
    fn form_or_multipart(req: &http::Request<Vec<u8>>) -> bool {
        let ct = req
            .headers()
            .get(http::header::CONTENT_TYPE)
            .map(http::HeaderValue::as_bytes);
        matches!(
            Body::classify(ct, req.body()),
            Body::Form(_) | Body::Multipart { .. }
        )
    }

    /// Floor and binder agree on `req` and `path`, owned and borrowed
    /// (the same values, borrowed where binder borrows); `Some(accepted)`,
    /// or `None` for a form or multipart body (out of the floor's scope).
    fn same(req: &http::Request<Vec<u8>>, path: &[(&str, &str)]) -> Option<bool> {
        let b = binder_http::bind::<CreateOrder, _>(req, path).ok();
        let f = ideal_order(req, path).ok();
        if form_or_multipart(req) {
            assert!(f.is_none());
            return None;
        }
        assert_eq!(b, f, "owned: {:?} {path:?}", show(req));
        let b = binder_http::bind::<CreateOrderStr, _>(req, path).ok();
        let f = ideal_order_str(req, path).ok();
        assert_eq!(b, f, "borrowed: {:?} {path:?}", show(req));
        if let (Some(b), Some(f)) = (&b, &f) {
            let owned = |c: &Cow<'_, str>| matches!(c, Cow::Owned(_));
            assert_eq!(owned(&b.email), owned(&f.email));
            assert_eq!(b.note.as_ref().map(owned), f.note.as_ref().map(owned));
            assert_eq!(b.trace.as_ptr(), f.trace.as_ptr());
            assert_eq!(b.session.as_ptr(), f.session.as_ptr());
            // A `true` or `false` sent as the SKU is a `&'static str`
            // ("true"): the same text, not necessarily the same constant
            // (an unoptimised build keeps one per crate).
            let in_body = |s: &str| req.body().as_ptr_range().contains(&s.as_ptr());
            assert_eq!(in_body(b.sku), in_body(f.sku));
            if in_body(b.sku) {
                assert_eq!(b.sku.as_ptr(), f.sku.as_ptr());
            }
        }
        Some(f.is_some())
    }

    fn show(req: &http::Request<Vec<u8>>) -> String {
        format!(
            "{} {:?} {}",
            req.uri(),
            req.headers(),
            String::from_utf8_lossy(req.body())
        )
    }

    /// `mixed.http` with its body replaced.
    fn with_body(body: &str) -> Vec<u8> {
        let head_end = MIXED.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
        let mut v = MIXED[..head_end + 4].to_vec();
        v.extend_from_slice(body.as_bytes());
        v
    }

    /// `mixed.http` with `from` replaced by `to` (once).
    fn with(from: &str, to: &str) -> Vec<u8> {
        let text = String::from_utf8(MIXED.to_vec()).unwrap();
        assert!(text.contains(from), "{from}");
        text.replacen(from, to, 1).into_bytes()
    }

    #[test]
    fn the_workload_binds_as_binder_binds_it() {
        let req = mixed_request::<Vec<u8>>();
        let o = ideal_order(&req, PATH).unwrap();
        assert_eq!(o, crate::binder_mixed::<CreateOrder>(&req));
        assert_eq!((o.team_id, o.dry_run, o.limit, o.qty), (42, true, 10, 3));
        assert_eq!(o.note.as_deref(), Some("gift wrap"));
        let s = ideal_order_str(&req, PATH).unwrap();
        assert_eq!(s, crate::binder_mixed::<CreateOrderStr>(&req));
        assert!(matches!(s.email, Cow::Borrowed(_)));
        assert!(req.body().as_ptr_range().contains(&s.sku.as_ptr()));
        assert_eq!(same(&req, PATH), Some(true));
        assert_eq!(same(&request(MIXED).unwrap(), PATH), Some(true));
    }

    /// A request's bytes and the router's path values.
    type Case = (Vec<u8>, &'static [(&'static str, &'static str)]);

    #[test]
    fn hand_written_variants() {
        let mut cases: Vec<Case> = Vec::new();
        // The path value.
        for team in [
            "42",
            "+42",
            "042",
            "4%32",
            "%34%32",
            "%2B42",
            "-1",
            "",
            "4294967295",
            "4294967296",
            "42x",
            "%",
            "4%3",
            "0",
            " 42",
            "42 ",
            "00000000000000000000042",
        ] {
            let path: &'static [(&'static str, &'static str)] =
                Box::leak(vec![("team", team)].into_boxed_slice());
            cases.push((MIXED.to_vec(), path));
        }
        cases.push((MIXED.to_vec(), &[]));
        cases.push((MIXED.to_vec(), &[("x", "1"), ("team", "7"), ("team", "x")]));
        cases.push((MIXED.to_vec(), &[("Team", "7")]));
        // The query.
        for q in [
            "dry_run=true&limit=10",
            "limit=10&dry_run=true",
            "dry_run=true",
            "limit=10",
            "",
            "&&dry_run=true&&limit=10&&",
            "dry_run=true&limit=10&dry_run=x",
            "dry_run=x&limit=10",
            "dry_run=true&dry_run=x&limit=10",
            "dry_run=on&limit=10",
            "dry_run=OFF&limit=10",
            "dry_run=1&limit=0",
            "dry_run=TRUE&limit=010",
            "dry_run=tru%65&limit=%31%30",
            "dry_run=true+&limit=10",
            "dry_run=true&limit=+10",
            "dry_run=true&limit=%2B10",
            "dry_run=true&limit=-1",
            "dry_run=true&limit=4294967296",
            "dry_run=true&limit=",
            "dry_run&limit=10",
            "dry_run=&limit=10",
            "dry%5Frun=false&limit=10",
            "dry+run=false&dry_run=true&limit=10",
            "%64ry_run=false&limit=10",
            "dry_run%3Dfalse&dry_run=true&limit=10",
            "dry_run[]=false&limit=10",
            "dry_run=true&dry_run[]=false&limit=10",
            "dry_run[]=false&dry_run=true&limit=10",
            "dry_run[x]=false&dry_run=true&limit=10",
            "dry_run.x=false&dry_run=true&limit=10",
            "limit[]=5&dry_run=true",
            "limit[]=5&limit=6&dry_run=true",
            "limit=6&limit[]=5&dry_run=true",
            "limit=6&dry_run=true&limit[]=5",
            "limit=6&dry_run=true&limit[]=x",
            "dry_run=true&limit=10&x=%zz",
            "x=1&dry_run=true&y&limit=10",
            "DRY_RUN=true&limit=10",
            "dry_run=true&limit=10#frag",
            "dry_run=%74%72%75%65&limit=1%30",
            "dry_run=true&limit=10%",
            "dry_run=true&limit=1%2",
        ] {
            let target = if q.is_empty() {
                "/teams/42/orders".to_owned()
            } else {
                format!("/teams/42/orders?{q}")
            };
            cases.push((
                with("/teams/42/orders?dry_run=true&limit=10", &target),
                PATH,
            ));
        }
        // Key lengths, pair counts.
        for n in [1_023usize, 1_024, 1_025] {
            for first in ["x", "d", "%"] {
                let key = format!("{first}{}", "k".repeat(n - 1));
                let q = format!("/teams/42/orders?{key}=1&dry_run=true&limit=10");
                cases.push((with("/teams/42/orders?dry_run=true&limit=10", &q), PATH));
                let q = format!("/teams/42/orders?dry_run=true&limit=10&{key}=1");
                cases.push((with("/teams/42/orders?dry_run=true&limit=10", &q), PATH));
            }
        }
        for n in [998usize, 999, 1_000] {
            let q = format!("/teams/42/orders?{}dry_run=true&limit=10", "a=1&".repeat(n));
            cases.push((with("/teams/42/orders?dry_run=true&limit=10", &q), PATH));
        }
        for n in [120usize, 127, 128, 129] {
            let q = format!(
                "/teams/42/orders?dry_run%5B%5D{}=x&dry_run=true&limit=10",
                "+".repeat(n - 9)
            );
            cases.push((with("/teams/42/orders?dry_run=true&limit=10", &q), PATH));
            let q = format!("/teams/42/orders?limit=10&dry_run={}1", "0".repeat(n));
            cases.push((with("/teams/42/orders?dry_run=true&limit=10", &q), PATH));
            let q = format!("/teams/42/orders?dry_run=true&limit={}1", "%30".repeat(n));
            cases.push((with("/teams/42/orders?dry_run=true&limit=10", &q), PATH));
        }
        // Headers.
        let id = "X-Request-ID: 7f3c2a9e-1b4d-4c8e-9f00-2a6b8d1e5c77\r\n";
        for h in [
            "",
            "X-Request-ID: \r\n",
            "X-Request-ID: a\r\nX-Request-ID: b\r\n",
            "x-request-id: lower\r\n",
            "X-Request-Id: caf\u{e9}\r\n",
            "X-Request-ID: \u{ff}\r\n",
        ] {
            cases.push((with(id, h), PATH));
        }
        let mut bad = with(id, "X-Request-ID: a\u{e9}b\r\n");
        // A lone obs-text byte: not UTF-8.
        let at = bad
            .windows(2)
            .position(|w| w == "\u{e9}".as_bytes())
            .unwrap();
        bad.remove(at);
        cases.push((bad, PATH));
        // Cookies.
        let cookie = "Cookie: theme=dark; session=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl; lang=en\r\n";
        for c in [
            "",
            "Cookie: session=abc\r\n",
            "Cookie: session=\"abc\"\r\n",
            "Cookie: session=\"abc\r\n",
            "Cookie: session=\r\n",
            "Cookie: session= a b \r\n",
            "Cookie: session =abc\r\n",
            "Cookie:  ;; session=abc;\r\n",
            "Cookie: Session=abc\r\n",
            "Cookie: sessions=abc\r\n",
            "Cookie: session\r\n",
            "Cookie: =x; session=abc\r\n",
            "Cookie: a=1\r\nCookie: session=two\r\n",
            "Cookie: session=one\r\nCookie: session=two\r\n",
            "Cookie: session=one; session=two\r\n",
            "Cookie: session=caf\u{e9}\r\n",
            "Cookie: theme=dark\r\n",
            "Cookie: session=a=b\r\n",
            "Cookie: session=\"\"\r\n",
            "Cookie: session=\"\r\n",
        ] {
            cases.push((with(cookie, c), PATH));
        }
        for n in [2_998usize, 2_999, 3_000, 3_001] {
            let c = format!("Cookie: {}session=abc\r\n", "a=1; ".repeat(n));
            cases.push((with(cookie, &c), PATH));
            let c = format!("Cookie: {}session=abc\r\n", "a; ".repeat(n));
            cases.push((with(cookie, &c), PATH));
            let c = format!("Cookie: session=abc; {}\r\n", "a=1; ".repeat(n));
            cases.push((with(cookie, &c), PATH));
            let c = format!("Cookie: {}\r\nCookie: session=abc\r\n", "a=1; ".repeat(n));
            cases.push((with(cookie, &c), PATH));
        }
        // Content types.
        let ct = "Content-Type: application/json\r\n";
        for c in [
            "",
            "Content-Type: application/JSON\r\n",
            "Content-Type: application/json; charset=utf-8\r\n",
            "Content-Type: application/json;charset=\"UTF8\"\r\n",
            "Content-Type: application/json; charset=latin1\r\n",
            "Content-Type: application/json; charset=\"utf-8\r\n",
            "Content-Type: application/json; a=\"x;charset=latin1\"; charset=utf-8\r\n",
            "Content-Type: application/json; charset = utf-8 \r\n",
            "Content-Type: application/problem+json\r\n",
            "Content-Type: /json\r\n",
            "Content-Type: +json\r\n",
            "Content-Type: x/+json\r\n",
            "Content-Type: application/jsonx\r\n",
            "Content-Type: text/plain\r\n",
            "Content-Type:  application/json \r\n",
            "Content-Type: application/json\r\nContent-Type: text/plain\r\n",
            "Content-Type: text/plain\r\nContent-Type: application/json\r\n",
            "Content-Type: application/x-www-form-urlencoded\r\n",
            "Content-Type: multipart/form-data; boundary=b\r\n",
            "Content-Type: multipart/form-data\r\n",
        ] {
            cases.push((with(ct, c), PATH));
        }
        // The body.
        for body in [
            r#"{"email":"ada@example.org","sku":"SKU-1234","qty":3,"note":"gift wrap","express":false}"#,
            r#"{"email":"a","sku":"s","qty":3,"express":true}"#,
            r#"{"email":"a","sku":"s","qty":3,"express":true,"note":null}"#,
            r#"{"email":"a","sku":"s","qty":3,"express":true,"note":"x","note":"y"}"#,
            r#"{"email":"a","sku":"s","qty":3,"express":true,"note":null,"note":null}"#,
            r#"{"email":"a","email":"b","sku":"s","qty":3,"express":true}"#,
            r#"{"email":null,"sku":"s","qty":3,"express":true}"#,
            r#"{"email":"","sku":"s","qty":3,"express":true}"#,
            r#"{"email":"\u0041","sku":"s","qty":3,"express":true}"#,
            r#"{"email":"a\"b","sku":"s\/","qty":3,"express":true}"#,
            r#"{"email":"a","sku":"s\n","qty":3,"express":true}"#,
            r#"{"email":"a","sku":"s","qty":3,"express":true,"note":"\ud83d\ude00"}"#,
            r#"{"email":"a","sku":"s","qty":3,"express":true,"note":"\ud83d"}"#,
            r#"{"email":"a","sku":"s","qty":3,"express":true,"note":"\ude00"}"#,
            r#"{"email":"a","sku":"s","qty":3,"express":true,"note":"\x"}"#,
            r#"{"email":"a","sku":"s","qty":3,"express":true,"note":"\u00e"}"#,
            r#"{"email":1,"sku":2.5e3,"qty":3,"express":true,"note":true}"#,
            r#"{"email":-0,"sku":false,"qty":3,"express":1,"note":0}"#,
            r#"{"email":"a","sku":"s","qty":"3","express":"on"}"#,
            r#"{"email":"a","sku":"s","qty":"+3","express":"TRUE"}"#,
            r#"{"email":"a","sku":"s","qty":"\u0033","express":"o\u006e"}"#,
            r#"{"email":"a","sku":"s","qty":"003","express":"0"}"#,
            r#"{"email":"a","sku":"s","qty":" 3","express":true}"#,
            r#"{"email":"a","sku":"s","qty":3.0,"express":true}"#,
            r#"{"email":"a","sku":"s","qty":3e0,"express":true}"#,
            r#"{"email":"a","sku":"s","qty":-0,"express":true}"#,
            r#"{"email":"a","sku":"s","qty":-3,"express":true}"#,
            r#"{"email":"a","sku":"s","qty":4294967295,"express":true}"#,
            r#"{"email":"a","sku":"s","qty":4294967296,"express":true}"#,
            r#"{"email":"a","sku":"s","qty":99999999999999999999999,"express":true}"#,
            r#"{"email":"a","sku":"s","qty":03,"express":true}"#,
            r#"{"email":"a","sku":"s","qty":null,"express":true}"#,
            r#"{"email":"a","sku":"s","qty":true,"express":true}"#,
            r#"{"email":"a","sku":"s","qty":[3],"express":true}"#,
            r#"{"email":"a","sku":"s","qty":3,"express":2}"#,
            r#"{"email":"a","sku":"s","qty":3,"express":-1}"#,
            r#"{"email":"a","sku":"s","qty":3,"express":1.0}"#,
            r#"{"email":"a","sku":"s","qty":3,"express":null}"#,
            r#"{"email":"a","sku":"s","qty":3,"express":"yes"}"#,
            r#"{"email":"a","sku":"s","qty":3,"express":{}}"#,
            r#"{"email":["a"],"sku":"s","qty":3,"express":true}"#,
            r#"{"email":"a","sku":{"x":1},"qty":3,"express":true}"#,
            r#"{"email":"a","sku":"s","qty":3,"express":true,"x":[1,{"a":[]},"s",null,true,false,-1.5e-3]}"#,
            r#"{"x":{"y":{"z":[[[]]]}},"email":"a","sku":"s","qty":3,"express":true}"#,
            r#"{"x":[1,],"email":"a","sku":"s","qty":3,"express":true}"#,
            r#"{"x":{"a":1,},"email":"a","sku":"s","qty":3,"express":true}"#,
            r#"{"x":{"a" 1},"email":"a","sku":"s","qty":3,"express":true}"#,
            r#"{"x":[1 2],"email":"a","sku":"s","qty":3,"express":true}"#,
            r#"{"x":01,"email":"a","sku":"s","qty":3,"express":true}"#,
            r#"{"x":1.,"email":"a","sku":"s","qty":3,"express":true}"#,
            r#"{"x":-,"email":"a","sku":"s","qty":3,"express":true}"#,
            r#"{"x":1e,"email":"a","sku":"s","qty":3,"express":true}"#,
            r#"{"x":1E+2,"email":"a","sku":"s","qty":3,"express":true}"#,
            r#"{"x":tru,"email":"a","sku":"s","qty":3,"express":true}"#,
            r#"{"x":nul,"email":"a","sku":"s","qty":3,"express":true}"#,
            r#"{"x":"\u12","email":"a","sku":"s","qty":3,"express":true}"#,
            r#"{"\u0065mail":"a","sku":"s","qty":3,"express":true}"#,
            r#"{"e\u006dail":"a","email":"b","sku":"s","qty":3,"express":true}"#,
            r#"{"Email":"a","email":"b","sku":"s","qty":3,"express":true}"#,
            r#"{"emai":"a","emails":"c","email":"b","sku":"s","qty":3,"express":true}"#,
            r#" { "email" : "a" , "sku" : "s" , "qty" : 3 , "express" : true } "#,
            "\t{\"email\":\"a\",\"sku\":\"s\",\"qty\":3,\"express\":true}\r\n",
            r#"{"email":"a","sku":"s","qty":3,"express":true}x"#,
            r#"{"email":"a","sku":"s","qty":3,"express":true}}"#,
            r#"{"email":"a","sku":"s","qty":3,"express":true,}"#,
            r#"{"email":"a","sku":"s","qty":3,"express":true"#,
            r#"{"email":"a","sku":"s","qty":3,"express":true,"#,
            r#"{"email":"a","sku":"s","qty":3,"express":true,"x"}"#,
            r#"{"email":"a","sku":"s","qty":3,"express":true,"x":}"#,
            r#"{"email":"a","sku":"s","qty":3,"express":true,x:1}"#,
            r#"{"email":"a" "sku":"s","qty":3,"express":true}"#,
            r#"{"email":"a","sku":"s","qty":3,"express":true,1:2}"#,
            r#"["email"]"#,
            r#"null"#,
            r#"{}"#,
            r#""#,
            "\u{feff}{\"email\":\"a\",\"sku\":\"s\",\"qty\":3,\"express\":true}",
            "{\"email\":\"a\u{e9}\",\"sku\":\"\u{e9}\",\"qty\":3,\"express\":true}",
            "{\"email\":\"a\tb\",\"sku\":\"s\",\"qty\":3,\"express\":true}",
            "{\"email\":\"a\u{7f}b\",\"sku\":\"s\",\"qty\":3,\"express\":true}",
        ] {
            cases.push((with_body(body), PATH));
        }
        // Not UTF-8, inside and outside strings.
        for (at, b) in [
            ("gift wrap", 0xffu8),
            ("SKU-1234", 0xc3),
            ("\"express\":false", 0x80),
        ] {
            let mut v = with_body(
                r#"{"email":"ada@example.org","sku":"SKU-1234","qty":3,"note":"gift wrap","express":false}"#,
            );
            let i = v
                .windows(at.len())
                .position(|w| w == at.as_bytes())
                .unwrap();
            v.insert(i + 1, b);
            cases.push((v, PATH));
        }
        // Depth.
        for n in [125usize, 126, 127, 128] {
            let body = format!(
                "{{\"x\":{}{},\"email\":\"a\",\"sku\":\"s\",\"qty\":3,\"express\":true}}",
                "[".repeat(n),
                "]".repeat(n)
            );
            cases.push((with_body(&body), PATH));
            let body = format!(
                "{{\"x\":{}1{},\"email\":\"a\",\"sku\":\"s\",\"qty\":3,\"express\":true}}",
                "{\"a\":".repeat(n),
                "}".repeat(n)
            );
            cases.push((with_body(&body), PATH));
        }
        // Long names.
        for n in [127usize, 128, 129] {
            let body = format!(
                "{{\"{}\\u0065\":1,\"email\":\"a\",\"sku\":\"s\",\"qty\":3,\"express\":true}}",
                "x".repeat(n)
            );
            cases.push((with_body(&body), PATH));
        }
        let mut accepted = 0;
        let mut compared = 0;
        for (bytes, path) in &cases {
            let Some(req) = request(bytes) else {
                continue;
            };
            if let Some(ok) = same(&req, path) {
                compared += 1;
                accepted += usize::from(ok);
            }
        }
        eprintln!(
            "hand-written: {accepted} of {compared} accepted ({} cases)",
            cases.len()
        );
        assert!(
            accepted > 60 && compared - accepted > 100,
            "{accepted} of {compared}"
        );
    }

    /// The word-at-a-time searches stop where byte loops stop, from every
    /// offset, on bytes dense with what they look for and its neighbours.
    #[test]
    fn word_searches_are_byte_loops() {
        let mut rng = Rng(0x0DDB_A11C_AFE5_EED5);
        let pick = [
            b';', b'=', b'&', b'"', b'\\', 0x00, 0x1f, 0x20, 0x21, 0x22, 0x23, 0x7f, 0x80, 0xff,
            b'a', b':', b'<',
        ];
        for _ in 0..2_000 {
            let len = rng.below(40);
            let v: Vec<u8> = (0..len)
                .map(|_| {
                    if rng.below(3) == 0 {
                        pick[rng.below(pick.len())]
                    } else {
                        b'a' + rng.below(26) as u8
                    }
                })
                .collect();
            for from in 0..=len {
                let at = |p: &dyn Fn(u8) -> bool| {
                    v[from..]
                        .iter()
                        .position(|&c| p(c))
                        .map_or(len, |k| from + k)
                };
                assert_eq!(find(&v, from, b';'), at(&|c| c == b';'), "{v:?} {from}");
                assert_eq!(
                    find2(&v, from, b';', b'='),
                    at(&|c| c == b';' || c == b'='),
                    "{v:?} {from}"
                );
                // A string's body: the first quote, backslash or control byte.
                let mut j = J {
                    t: "",
                    b: &v,
                    i: from.wrapping_sub(1),
                };
                if from > 0 {
                    let stop = at(&|c| c == b'"' || c == b'\\' || c < 0x20);
                    let got = j.string();
                    match v.get(stop) {
                        Some(b'"') => assert_eq!(got, Ok((from, stop, false)), "{v:?} {from}"),
                        _ => assert!(got.is_err() || v[stop] == b'\\', "{v:?} {from}"),
                    }
                }
            }
        }
    }

    /// xorshift64.
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

    const PIECES: &[&[u8]] = &[
        b"&",
        b"=",
        b"%",
        b"+",
        b"%2B",
        b"%30",
        b"[]",
        b";",
        b"; ",
        b"\"",
        b"\\",
        b"\\u0041",
        b"\\n",
        b",",
        b":",
        b"{",
        b"}",
        b"[",
        b"]",
        b" ",
        b"\t",
        b"0",
        b"1",
        b"9",
        b"-",
        b".",
        b"e",
        b"E",
        b"null",
        b"true",
        b"false",
        b"\xff",
        b"\xc3",
        b"\x7f",
        b"\x01",
        b"a",
        b"\r\n",
        b"email",
        b"sku",
        b"qty",
        b"note",
        b"express",
        b"dry_run",
        b"limit",
        b"session",
        b"x",
        b"\"x\":1,",
        b"\"note\":null,",
        b"\"qty\":4,",
        b"session=s; ",
        b"dry_run=0&",
        b"\r\nCookie: session=z",
        b"\r\nX-Request-ID: y",
        b"+json",
        b";charset=latin1",
    ];

    #[test]
    fn randomized_mutations_of_the_workload() {
        let mut rng = Rng(0x1234_5678_9ABC_DEF1);
        let (mut compared, mut accepted, mut n) = (0, 0, 0);
        let paths: [&[(&str, &str)]; 4] = [PATH, &[("team", "4%32")], &[("team", "x")], &[]];
        while n < 40_000 {
            let mut v = MIXED.to_vec();
            for _ in 0..1 + rng.below(4) / 3 {
                let at = rng.below(v.len() + 1);
                match rng.below(4) {
                    0 if at < v.len() => {
                        let k = 1 + rng.below(3.min(v.len() - at));
                        v.drain(at..at + k);
                    }
                    1 if at < v.len() => v[at] = PIECES[rng.below(PIECES.len())][0],
                    _ => {
                        let p = PIECES[rng.below(PIECES.len())];
                        v.splice(at..at, p.iter().copied());
                    }
                }
            }
            let path = if rng.below(16) == 0 {
                paths[rng.below(paths.len())]
            } else {
                PATH
            };
            let Some(req) = request(&v) else {
                continue;
            };
            n += 1;
            if let Some(ok) = same(&req, path) {
                compared += 1;
                accepted += usize::from(ok);
            }
        }
        eprintln!("randomized: {accepted} of {compared} accepted ({n} requests)");
        assert!(accepted > compared / 10 && accepted < compared * 9 / 10);
    }
}
