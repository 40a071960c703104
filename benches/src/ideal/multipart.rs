//! Ideal floor: `multipart4k.bin` bound into its upload (`title`, `tags`
//! twice, a file `avatar`), as `binder_multipart::<Upload>` and
//! `binder_multipart::<UploadRef>` bind it.
//!
//! Written for exactly that struct: the boundary read from the
//! `Content-Type` value on each call (the spelling browsers send read in
//! one compare, any other by the RFC 9110 parameter grammar), each
//! delimiter found by a Horspool search for the whole `\r\n--boundary`
//! (its shift table built per body: on a file's bytes it moves about a
//! delimiter's length a step, where a search for `\r\n--` or for the CR
//! stops at every stray CR), part header names matched a word at a time,
//! the `Content-Disposition` that browsers send read in place with the
//! three field names matched as words (any other spelling by the general
//! grammar), and the file a slice of the body. Strictness is binder's
//! (`binder_core::multipart` under `Limits::DEFAULT`, and the field rules
//! of `String`, `Vec<String>` and `FilePart`, including key paths such as
//! `tags[]` and `title[]` in a text part's name); see the tests.

/// The floor refused the request (binder refuses it too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reject;

/// The uploaded file: the filename as sent (between its quotes, escapes
/// not decoded, as binder's `FilePart::raw_filename`), the part's
/// `Content-Type` value (trimmed, not interpreted) and its bytes, all
/// borrowed from the body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IdealFile<'r> {
    /// The `filename` parameter as sent.
    pub filename: &'r [u8],
    /// The part's `Content-Type` header value, if any.
    pub content_type: Option<&'r [u8]>,
    /// The file's bytes: a slice of the body.
    pub data: &'r [u8],
}

/// The upload with owned text (binder's `Upload`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdealUpload<'r> {
    /// The `title` part.
    pub title: String,
    /// Every `tags` part, in order.
    pub tags: Vec<String>,
    /// The `avatar` file.
    pub avatar: IdealFile<'r>,
}

/// The upload with borrowed text (binder's `UploadRef`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdealUploadRef<'r> {
    /// The `title` part.
    pub title: &'r str,
    /// Every `tags` part, in order.
    pub tags: Vec<&'r str>,
    /// The `avatar` file.
    pub avatar: IdealFile<'r>,
}

/// Binds a `multipart/form-data` body into [`IdealUpload`]; `content_type`
/// is the request's `Content-Type` value as the HTTP parser hands it.
///
/// # Errors
/// [`Reject`] wherever binder refuses the request.
#[inline]
pub fn ideal_upload<'r>(body: &'r [u8], content_type: &[u8]) -> Result<IdealUpload<'r>, Reject> {
    let (title, tags, avatar) = upload::<String>(body, content_type)?;
    Ok(IdealUpload {
        title,
        tags,
        avatar,
    })
}

/// Binds a `multipart/form-data` body into [`IdealUploadRef`].
///
/// # Errors
/// [`Reject`] wherever binder refuses the request.
#[inline]
pub fn ideal_upload_ref<'r>(
    body: &'r [u8],
    content_type: &[u8],
) -> Result<IdealUploadRef<'r>, Reject> {
    let (title, tags, avatar) = upload::<&'r str>(body, content_type)?;
    Ok(IdealUploadRef {
        title,
        tags,
        avatar,
    })
}

/// A text field's type: owned or borrowed.
trait Text<'r>: Sized {
    fn make(s: &'r str) -> Self;
}

impl<'r> Text<'r> for String {
    #[inline(always)]
    fn make(s: &'r str) -> Self {
        String::from(s)
    }
}

impl<'r> Text<'r> for &'r str {
    #[inline(always)]
    fn make(s: &'r str) -> Self {
        s
    }
}

/// A text part's value: UTF-8, taken as it is.
#[inline(always)]
fn text<'r, T: Text<'r>>(data: &'r [u8]) -> Result<T, Reject> {
    match std::str::from_utf8(data) {
        Ok(s) => Ok(T::make(s)),
        Err(_) => Err(Reject),
    }
}

// Byte classes (RFC 9110 token, header value, RFC 2046 boundary, both).
const TCHAR: u8 = 1;
const VALUE: u8 = 2;
const BCHAR: u8 = 4;
const PLAIN: u8 = 8;
const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if c == b'\t' || (c >= 0x20 && c != 0x7f) {
            t[b] |= VALUE;
        }
        if c.is_ascii_alphanumeric() {
            t[b] |= TCHAR | BCHAR | PLAIN;
        }
        b += 1;
    }
    let tchars = b"!#$%&'*+-.^_`|~";
    let mut i = 0;
    while i < tchars.len() {
        t[tchars[i] as usize] |= TCHAR;
        i += 1;
    }
    let bchars = b"'()+_,-./:=? ";
    let mut i = 0;
    while i < bchars.len() {
        t[bchars[i] as usize] |= BCHAR;
        if t[bchars[i] as usize] & TCHAR != 0 {
            t[bchars[i] as usize] |= PLAIN;
        }
        i += 1;
    }
    t
};

#[inline(always)]
fn is(b: u8, class: u8) -> bool {
    CLASS[b as usize] & class != 0
}

#[inline]
fn skip_ows(v: &[u8], mut i: usize) -> usize {
    while i < v.len() && (v[i] == b' ' || v[i] == b'\t') {
        i += 1;
    }
    i
}

#[inline]
fn skip_token(v: &[u8], mut i: usize) -> usize {
    while i < v.len() && is(v[i], TCHAR) {
        i += 1;
    }
    i
}

/// The longest boundary RFC 2046 allows.
const MAX_BOUNDARY: usize = 70;
/// binder's `Limits::DEFAULT`: parts a body, header lines a part, header
/// bytes a part.
const MAX_PARTS: usize = 1_000;
const MAX_PART_HEADERS: usize = 16;
const MAX_PART_HEADER_BYTES: usize = 8 * 1024;
/// The longest decoded part name binder matches (`MAX_KEY`).
const MAX_KEY: usize = 128;

/// The boundary of a `multipart/form-data` `Content-Type` value, a slice
/// of it.
#[inline(always)]
fn boundary(ct: &[u8]) -> Result<&[u8], Reject> {
    const AS_SENT: &[u8] = b"multipart/form-data; boundary=";
    if let Some(rest) = ct.strip_prefix(AS_SENT) {
        // Every byte's class, and-ed: no branch a byte.
        let classes = rest.iter().fold(PLAIN, |acc, &b| acc & CLASS[b as usize]);
        if !rest.is_empty() && rest.len() <= MAX_BOUNDARY && classes != 0 {
            return Ok(rest);
        }
    }
    boundary_general(ct)
}

/// [`boundary`] for any spelling: `multipart/form-data` in any case, then
/// RFC 9110 parameters, exactly one `boundary` (a token or a quoted string
/// of 1 to 70 `bchars`, not ending in a space).
#[cold]
#[inline(never)]
fn boundary_general(v: &[u8]) -> Result<&[u8], Reject> {
    let mut i = skip_ows(v, 0);
    let type_start = i;
    i = skip_token(v, i);
    let slash = i;
    if v.get(slash) != Some(&b'/') {
        return Err(Reject);
    }
    i = skip_token(v, slash + 1);
    if !v[type_start..slash].eq_ignore_ascii_case(b"multipart")
        || !v[slash + 1..i].eq_ignore_ascii_case(b"form-data")
    {
        return Err(Reject);
    }
    let mut found: Option<&[u8]> = None;
    loop {
        i = skip_ows(v, i);
        match v.get(i) {
            None => break,
            Some(b';') => i = skip_ows(v, i + 1),
            Some(_) => return Err(Reject),
        }
        if i == v.len() || v[i] == b';' {
            continue;
        }
        let name_start = i;
        i = skip_token(v, i);
        if i == name_start || v.get(i) != Some(&b'=') {
            return Err(Reject);
        }
        let name = &v[name_start..i];
        i += 1;
        let value = if v.get(i) == Some(&b'"') {
            let (end, _) = quoted(v, i)?;
            let value = &v[i + 1..end];
            i = end + 1;
            value
        } else {
            let start = i;
            i = skip_token(v, i);
            if i == start {
                return Err(Reject);
            }
            &v[start..i]
        };
        if name.eq_ignore_ascii_case(b"boundary") {
            if found.is_some() {
                return Err(Reject);
            }
            found = Some(value);
        }
    }
    match found {
        Some(b)
            if !b.is_empty()
                && b.len() <= MAX_BOUNDARY
                && b.iter().all(|&c| is(c, BCHAR))
                && b[b.len() - 1] != b' ' =>
        {
            Ok(b)
        }
        _ => Err(Reject),
    }
}

/// The RFC 9110 quoted string opening at `v[open]`: the index of its
/// closing quote, and whether it holds a quoted pair or an HTML escape
/// (`%22`, `%0D`, `%0A`).
#[inline]
fn quoted(v: &[u8], open: usize) -> Result<(usize, bool), Reject> {
    let mut i = open + 1;
    let mut escaped = false;
    while i < v.len() {
        let b = v[i];
        match b {
            b'"' => return Ok((i, escaped)),
            b'\\' => {
                match v.get(i + 1) {
                    Some(&n) if is(n, VALUE) => {}
                    _ => return Err(Reject),
                }
                escaped = true;
                i += 2;
            }
            b'%' => {
                escaped |= html_escape(v.get(i + 1..i + 3)).is_some();
                i += 1;
            }
            _ if is(b, VALUE) => i += 1,
            _ => return Err(Reject),
        }
    }
    Err(Reject)
}

/// The byte an HTML escape's two hex digits stand for.
#[inline]
fn html_escape(hex: Option<&[u8]>) -> Option<u8> {
    match hex? {
        b"22" => Some(b'"'),
        b"0D" | b"0d" => Some(b'\r'),
        b"0A" | b"0a" => Some(b'\n'),
        _ => None,
    }
}

/// A `name` or `filename` parameter: as sent, and whether decoding
/// changes it.
#[derive(Clone, Copy)]
struct Param<'r> {
    raw: &'r [u8],
    escaped: bool,
}

/// What a part's header lines said.
struct Headers<'r> {
    /// The index of the empty line that ends them.
    end: usize,
    /// The `Content-Disposition` read in place: the field its name
    /// names, and its filename.
    read: Option<(Target, Option<Param<'r>>)>,
    /// The `Content-Disposition` value's span, for the general parse.
    span: Option<(usize, usize)>,
    content_type: Option<&'r [u8]>,
}

/// 8 bytes at `i`, little-endian, or `None` past the end.
#[inline(always)]
fn word(body: &[u8], i: usize) -> Option<u64> {
    let w: [u8; 8] = body.get(i..i + 8)?.try_into().ok()?;
    Some(u64::from_le_bytes(w))
}

/// A name's 8 bytes lower-cased where they are letters: `x | mask == w`
/// is an ASCII-case-insensitive compare (a `-` or `:` compares exactly).
const fn ci(s: &[u8; 8]) -> (u64, u64) {
    let mut mask = 0u64;
    let mut i = 0;
    while i < 8 {
        if s[i].is_ascii_alphabetic() {
            mask |= 0x20 << (8 * i);
        }
        i += 1;
    }
    (u64::from_le_bytes(*s), mask)
}

const CONTENT_: (u64, u64) = ci(b"content-");
const DISPOSIT: (u64, u64) = ci(b"disposit");
// `ion:` and `type:` are compared 4 and 5 bytes at a time below.

/// Reads the header lines from `start` up to the empty line.
#[inline(always)]
fn headers(body: &[u8], start: usize) -> Result<Headers<'_>, Reject> {
    let stop = start.saturating_add(MAX_PART_HEADER_BYTES);
    let mut out = Headers {
        end: start,
        read: None,
        span: None,
        content_type: None,
    };
    let mut count = 0;
    let mut i = start;
    loop {
        match (body.get(i), body.get(i + 1)) {
            (Some(b'\r'), Some(b'\n')) => {
                out.end = i;
                return Ok(out);
            }
            (None, _) | (Some(b'\r'), None) => return Err(Reject),
            _ => {}
        }
        if count == MAX_PART_HEADERS {
            return Err(Reject);
        }
        count += 1;
        let line = i;
        // `Content-Disposition:` or `Content-Type:`, in any case.
        let mut kind = 0u8;
        if let Some(w) = word(body, line) {
            if w | CONTENT_.1 == CONTENT_.0 {
                if let Some(w2) = word(body, line + 8) {
                    if w2 | DISPOSIT.1 == DISPOSIT.0 {
                        if let Some(t) = body.get(line + 16..line + 20) {
                            if t[0] | 0x20 == b'i'
                                && t[1] | 0x20 == b'o'
                                && t[2] | 0x20 == b'n'
                                && t[3] == b':'
                            {
                                kind = 1;
                            }
                        }
                    }
                }
                if kind == 0 {
                    if let Some(t) = body.get(line + 8..line + 13) {
                        if t[0] | 0x20 == b't'
                            && t[1] | 0x20 == b'y'
                            && t[2] | 0x20 == b'p'
                            && t[3] | 0x20 == b'e'
                            && t[4] == b':'
                        {
                            kind = 2;
                        }
                    }
                }
            }
        }
        let colon = match kind {
            1 => line + 19,
            2 => line + 12,
            _ => {
                let end = skip_token(body, line);
                if end == line || body.get(end) != Some(&b':') {
                    return Err(Reject);
                }
                end
            }
        };
        if kind == 1 {
            if out.read.is_some() || out.span.is_some() {
                return Err(Reject);
            }
            if let Some((read, lf)) = disposition_as_sent(body, colon + 1) {
                if lf >= stop {
                    return Err(Reject);
                }
                out.read = Some(read);
                i = lf + 1;
                continue;
            }
        }
        // The value: header-value bytes up to CRLF, trimmed.
        let mut e = colon + 1;
        while e < body.len() && is(body[e], VALUE) {
            e += 1;
        }
        if body.get(e..e + 2) != Some(b"\r\n") || e + 1 >= stop {
            return Err(Reject);
        }
        let s = skip_ows(body, colon + 1);
        let mut ve = e;
        while ve > s && (body[ve - 1] == b' ' || body[ve - 1] == b'\t') {
            ve -= 1;
        }
        match kind {
            1 => out.span = Some((s, ve)),
            2 => {
                if out.content_type.is_some() {
                    return Err(Reject);
                }
                out.content_type = Some(&body[s..ve]);
            }
            _ => {}
        }
        i = e + 2;
    }
}

/// Bytes that end a plain quoted value: `"`, and what sends it to the
/// general parse (`\`, `%`, a byte no header value holds).
const STOP: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = c == b'"' || c == b'\\' || c == b'%' || !(c == b'\t' || (c >= 0x20 && c != 0x7f));
        b += 1;
    }
    t
};

/// The closing quote of a plain quoted value whose first byte is at `i`.
#[inline(always)]
fn plain(body: &[u8], i: usize) -> Option<usize> {
    let at = i + body.get(i..)?.iter().position(|&b| STOP[b as usize])?;
    (body[at] == b'"').then_some(at)
}

/// The little-endian word of `s` (at most 8 bytes), and the mask of its
/// bytes.
const fn packed(s: &[u8]) -> (u64, u64) {
    let mut w = 0u64;
    let mut i = 0;
    while i < s.len() {
        w |= (s[i] as u64) << (8 * i);
        i += 1;
    }
    (
        w,
        if s.len() == 8 {
            u64::MAX
        } else {
            (1 << (8 * s.len())) - 1
        },
    )
}

const TITLE_Q: (u64, u64) = packed(b"title\"");
const TAGS_Q: (u64, u64) = packed(b"tags\"");
const AVATAR_Q: (u64, u64) = packed(b"avatar\"");

/// The `Content-Disposition` value browsers send, from just after its
/// colon: ` form-data; name="..."` and maybe `; filename="..."`, each
/// quoted value holding value bytes other than `\` and `%`, then CRLF.
/// The field its name names, its filename and the index of the LF;
/// `None` for anything else (read by the general parse, which reads these
/// as this does). The three field names are matched with the quote that
/// closes them, a word at a time.
#[inline(always)]
fn disposition_as_sent(body: &[u8], at: usize) -> Option<((Target, Option<Param<'_>>), usize)> {
    const NAME: &[u8] = b" form-data; name=\"";
    const FILENAME: &[u8] = b"; filename=\"";
    if body.get(at..at + NAME.len())? != NAME {
        return None;
    }
    let open = at + NAME.len();
    let (target, close) = match word(body, open) {
        Some(w) if w & TITLE_Q.1 == TITLE_Q.0 => (Target::Title, open + 5),
        Some(w) if w & TAGS_Q.1 == TAGS_Q.0 => (Target::Tags, open + 4),
        Some(w) if w & AVATAR_Q.1 == AVATAR_Q.0 => (Target::Avatar, open + 6),
        _ => {
            let close = plain(body, open)?;
            if close == open {
                return None; // an empty name: the general parse refuses it
            }
            (target(&body[open..close]), close)
        }
    };
    let after = close + 1;
    if body.get(after..after + 2) == Some(b"\r\n") {
        return Some(((target, None), after + 1));
    }
    if body.get(after..after + FILENAME.len())? != FILENAME {
        return None;
    }
    let fopen = after + FILENAME.len();
    let fclose = plain(body, fopen)?;
    if body.get(fclose + 1..fclose + 3) != Some(b"\r\n") {
        return None;
    }
    let filename = Param {
        raw: &body[fopen..fclose],
        escaped: false,
    };
    Some(((target, Some(filename)), fclose + 2))
}

/// A `Content-Disposition` value (`v[start..]`, trimmed) in any spelling:
/// `form-data` in any case, then `; param=value` pairs (spaces and tabs
/// around `;` and `=`), tokens or quoted strings; `name` required and not
/// empty, `name` and `filename` at most once each.
#[cold]
#[inline(never)]
fn disposition_general(v: &[u8], start: usize) -> Result<(Param<'_>, Option<Param<'_>>), Reject> {
    let mut i = skip_token(v, start);
    if !v[start..i].eq_ignore_ascii_case(b"form-data") {
        return Err(Reject);
    }
    let mut name: Option<Param<'_>> = None;
    let mut filename: Option<Param<'_>> = None;
    loop {
        i = skip_ows(v, i);
        match v.get(i) {
            None => break,
            Some(b';') => i = skip_ows(v, i + 1),
            Some(_) => return Err(Reject),
        }
        let param_start = i;
        i = skip_token(v, i);
        if i == param_start {
            return Err(Reject);
        }
        let param = &v[param_start..i];
        i = skip_ows(v, i);
        if v.get(i) != Some(&b'=') {
            return Err(Reject);
        }
        i = skip_ows(v, i + 1);
        let value = if v.get(i) == Some(&b'"') {
            let (end, escaped) = quoted(v, i)?;
            let p = Param {
                raw: &v[i + 1..end],
                escaped,
            };
            i = end + 1;
            p
        } else {
            let value_start = i;
            i = skip_token(v, i);
            if i == value_start {
                return Err(Reject);
            }
            Param {
                raw: &v[value_start..i],
                escaped: false,
            }
        };
        let slot = if param.eq_ignore_ascii_case(b"name") {
            &mut name
        } else if param.eq_ignore_ascii_case(b"filename") {
            &mut filename
        } else {
            continue;
        };
        if slot.is_some() {
            return Err(Reject);
        }
        *slot = Some(value);
    }
    match name {
        Some(n) if !n.raw.is_empty() => Ok((n, filename)),
        _ => Err(Reject),
    }
}

/// The delimiter searcher for one body: Horspool's search for the whole
/// `\r\n--boundary` (Hume and Sunday's tuned loop: the shift of the
/// delimiter's last byte is 0, so one table load a step both moves and
/// spots a candidate), its table built for this body (a 256-byte fill and
/// one store a delimiter byte). In a file's bytes most windows end in a
/// byte the delimiter does not hold, so the search moves a delimiter's
/// length at a time, one byte read a step; a candidate is compared only
/// when its last byte and its CR match. Linear: a boundary holds no CR, so
/// the bytes one compare matched after its CR start no other candidate.
struct Delimiter {
    needle: [u8; 4 + MAX_BOUNDARY],
    len: usize,
    shift: [u8; 256],
    /// The shift past a candidate that is not the delimiter.
    last_shift: usize,
}

impl Delimiter {
    #[inline(always)]
    fn new(boundary: &[u8]) -> Self {
        let len = 4 + boundary.len();
        let mut needle = [0u8; 4 + MAX_BOUNDARY];
        needle[..4].copy_from_slice(b"\r\n--");
        needle[4..len].copy_from_slice(boundary);
        #[allow(clippy::cast_possible_truncation)] // at most 74
        let mut shift = [len as u8; 256];
        for (i, &b) in needle[..len - 1].iter().enumerate() {
            #[allow(clippy::cast_possible_truncation)]
            {
                shift[b as usize] = (len - 1 - i) as u8;
            }
        }
        let last = needle[len - 1] as usize;
        let last_shift = shift[last] as usize;
        shift[last] = 0;
        Delimiter {
            needle,
            len,
            shift,
            last_shift,
        }
    }

    /// The offset of the first `\r\n--boundary` at or after `from`.
    #[inline(always)]
    fn find(&self, body: &[u8], mut from: usize) -> Option<usize> {
        let len = self.len;
        // `tail[p]` is the last byte of the window at `p`.
        let tail = body.get(len - 1..)?;
        loop {
            let &b = tail.get(from)?;
            match self.shift[b as usize] {
                0 => {
                    if body[from] == b'\r' && body[from..from + len] == self.needle[..len] {
                        return Some(from);
                    }
                    from += self.last_shift;
                }
                k => from += k as usize,
            }
        }
    }
}

/// What a part's name (decoded) makes of it: one of the three fields,
/// or, sent with a key path (`tags[]`, `tags.0`, `title[]`), what
/// binder's `offer_path` does with a text part.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    Title,
    Tags,
    Avatar,
    /// `title[]`: the title, unless one came before.
    TitlePath,
    /// `tags[]`, `tags[3]`, `tags.3`, `tags.`: one more tag.
    TagsPath,
    /// `avatar[]`: text where a file is due (unless one came before).
    AvatarPath,
    /// Anything else: ignored.
    Other,
}

/// The [`Target`] of a decoded name.
#[inline(always)]
fn target(key: &[u8]) -> Target {
    match key {
        b"title" => Target::Title,
        b"tags" => Target::Tags,
        b"avatar" => Target::Avatar,
        _ => path_target(key),
    }
}

/// The [`Target`] of a name that is none of the fields'.
#[cold]
#[inline(never)]
fn path_target(key: &[u8]) -> Target {
    let split = |n: usize| {
        (key.len() > n && (key[n] == b'[' || key[n] == b'.')).then(|| (&key[..n], &key[n..]))
    };
    if let Some((b"title", path)) = split(5) {
        return if path == b"[]" {
            Target::TitlePath
        } else {
            Target::Other
        };
    }
    if let Some((b"avatar", path)) = split(6) {
        return if path == b"[]" {
            Target::AvatarPath
        } else {
            Target::Other
        };
    }
    if let Some((b"tags", path)) = split(4) {
        // The first step: `[seg]rest` or `.seg rest`.
        let (seg, rest) = if path[0] == b'[' {
            match path.iter().position(|&b| b == b']') {
                Some(close) => (&path[1..close], &path[close + 1..]),
                None => return Target::Other,
            }
        } else {
            let rest = &path[1..];
            let end = rest
                .iter()
                .position(|&b| b == b'.' || b == b'[')
                .unwrap_or(rest.len());
            (&rest[..end], &rest[end..])
        };
        if rest.is_empty() && seg.iter().all(u8::is_ascii_digit) {
            return Target::TagsPath;
        }
    }
    Target::Other
}

/// The [`Target`] of a name holding escapes (quoted pairs, `%22`, `%0D`,
/// `%0A`), decoded; `Other` past [`MAX_KEY`] decoded bytes (a name binder
/// never matches).
#[cold]
#[inline(never)]
fn escaped_target(raw: &[u8]) -> Target {
    let mut out = [0u8; MAX_KEY];
    let (mut i, mut o) = (0, 0);
    while i < raw.len() {
        let b = raw[i];
        let (c, step) = match b {
            b'\\' => (raw[i + 1], 2),
            b'%' => match html_escape(raw.get(i + 1..i + 3)) {
                Some(c) => (c, 3),
                None => (b, 1),
            },
            _ => (b, 1),
        };
        match out.get_mut(o) {
            Some(slot) => *slot = c,
            None => return Target::Other,
        }
        o += 1;
        i += step;
    }
    target(&out[..o])
}

/// The whole bind: the boundary, every part to the close delimiter, each
/// field's rules.
#[inline(always)]
#[allow(clippy::type_complexity)]
fn upload<'r, T: Text<'r>>(
    body: &'r [u8],
    content_type: &[u8],
) -> Result<(T, Vec<T>, IdealFile<'r>), Reject> {
    // An empty body is no body: the fields are missing.
    if body.is_empty() {
        return Err(Reject);
    }
    let boundary = boundary(content_type)?;
    let blen = boundary.len();
    let len = body.len();
    let delimiter = Delimiter::new(boundary);
    let mut pos = if body.starts_with(b"--") && body[2..].starts_with(boundary) {
        0
    } else {
        delimiter.find(body, 0).ok_or(Reject)? + 2
    };
    let mut title: Option<T> = None;
    let mut title_seen = false;
    let mut tags: Vec<T> = Vec::new();
    let mut avatar: Option<IdealFile<'r>> = None;
    let mut avatar_seen = false;
    let mut count = 0;
    loop {
        // `body[pos..]` starts with `--boundary`.
        let mut i = pos + 2 + blen;
        if body[i..].starts_with(b"--") {
            break;
        }
        if body.get(i..i + 2) != Some(b"\r\n") {
            // Transport padding.
            while i < len && (body[i] == b' ' || body[i] == b'\t') {
                i += 1;
            }
            if body.get(i..i + 2) != Some(b"\r\n") {
                return Err(Reject);
            }
        }
        let start = i + 2;
        if count == MAX_PARTS {
            return Err(Reject);
        }
        count += 1;
        let h = headers(body, start)?;
        let (target, filename) = match h.read {
            Some(read) => read,
            None => match h.span {
                Some((s, e)) => {
                    let (name, filename) = disposition_general(&body[..e], s)?;
                    let target = if name.escaped {
                        escaped_target(name.raw)
                    } else {
                        target(name.raw)
                    };
                    (target, filename)
                }
                None => return Err(Reject),
            },
        };
        let data_start = h.end + 2;
        let end = delimiter.find(body, data_start).ok_or(Reject)?;
        let data = &body[data_start..end];
        pos = end + 2;

        // An empty file input (`filename=""`, no data) is no value.
        let empty_input = matches!(filename, Some(f) if f.raw.is_empty()) && data.is_empty();
        match target {
            // An empty file input is no value: it leaves the field unseen.
            Target::Title | Target::Avatar | Target::Tags if empty_input => {}
            // The first `title` and `avatar` parts only; every `tags`.
            Target::Title if !title_seen => {
                title_seen = true;
                if filename.is_none() {
                    title = Some(text(data)?);
                } else if !empty_input {
                    return Err(Reject);
                }
            }
            Target::Tags => {
                if filename.is_none() {
                    tags.push(text(data)?);
                } else if !empty_input {
                    return Err(Reject);
                }
            }
            Target::Avatar if !avatar_seen => {
                avatar_seen = true;
                match filename {
                    Some(_) if empty_input => {}
                    Some(f) => {
                        avatar = Some(IdealFile {
                            filename: f.raw,
                            content_type: h.content_type,
                            data,
                        })
                    }
                    None => return Err(Reject),
                }
            }
            // Key paths are read from text parts only.
            // The first value wins, whichever spelling brought it.
            Target::TitlePath if filename.is_none() => {
                title_seen = true;
                if title.is_none() {
                    title = Some(text(data)?);
                }
            }
            Target::TagsPath if filename.is_none() => tags.push(text(data)?),
            Target::AvatarPath if filename.is_none() && avatar.is_none() => return Err(Reject),
            _ => {}
        }
    }
    match (title, avatar) {
        (Some(title), Some(avatar)) => Ok((title, tags, avatar)),
        _ => Err(Reject),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Upload, UploadRef, MULTIPART4K, MULTIPART4K_TYPE};
    use binder_http::request::{Body, Parts};
    use binder_http::Bind;

    fn binder<'r, T: Bind<'r>>(body: &'r [u8], ct: &'r [u8]) -> Option<T> {
        T::bind(&Parts {
            body: Body::classify(Some(ct), body),
            ..Parts::default()
        })
        .ok()
    }

    fn file_of<'r>(f: &binder_http::FilePart<'r>) -> IdealFile<'r> {
        IdealFile {
            filename: f.raw_filename(),
            content_type: f.content_type(),
            data: f.data(),
        }
    }

    /// Floor and binder agree on `body` under `ct`, owned and borrowed;
    /// returns whether it was accepted.
    fn same(body: &[u8], ct: &[u8]) -> bool {
        let b = binder::<Upload>(body, ct);
        let f = ideal_upload(body, ct);
        match (&b, &f) {
            (Some(b), Ok(f)) => {
                assert_eq!(b.title, f.title, "{:?}", body.escape_ascii().to_string());
                assert_eq!(b.tags, f.tags);
                assert_eq!(file_of(&b.avatar), f.avatar);
                // Borrowed from the body, not copied.
                assert_eq!(f.avatar.data.as_ptr(), b.avatar.data().as_ptr());
            }
            (None, Err(_)) => {}
            _ => panic!(
                "binder {} floor {}: ct {:?} body {:?}",
                b.is_some(),
                f.is_ok(),
                ct.escape_ascii().to_string(),
                body.escape_ascii().to_string()
            ),
        }
        let b = binder::<UploadRef>(body, ct);
        let f = ideal_upload_ref(body, ct);
        match (&b, &f) {
            (Some(b), Ok(f)) => {
                assert_eq!(b.title, f.title);
                assert_eq!(b.title.as_ptr(), f.title.as_ptr());
                assert_eq!(b.tags, f.tags);
                assert_eq!(file_of(&b.avatar), f.avatar);
            }
            (None, Err(_)) => {}
            _ => panic!(
                "borrowed: binder {} floor {}: ct {:?} body {:?}",
                b.is_some(),
                f.is_ok(),
                ct.escape_ascii().to_string(),
                body.escape_ascii().to_string()
            ),
        }
        f.is_ok()
    }

    const CT: &[u8] = b"multipart/form-data; boundary=XyZ";

    /// A body of `parts` (header lines, data) with the boundary `XyZ`.
    fn build(parts: &[(&str, &[u8])], close: &str) -> Vec<u8> {
        let mut out = Vec::new();
        for (headers, data) in parts {
            out.extend_from_slice(b"--XyZ\r\n");
            out.extend_from_slice(headers.as_bytes());
            out.extend_from_slice(b"\r\n\r\n");
            out.extend_from_slice(data);
            out.extend_from_slice(b"\r\n");
        }
        out.extend_from_slice(close.as_bytes());
        out
    }

    const TITLE: &str = "Content-Disposition: form-data; name=\"title\"";
    const TAGS: &str = "Content-Disposition: form-data; name=\"tags\"";
    const AVATAR: &str =
        "Content-Disposition: form-data; name=\"avatar\"; filename=\"a.png\"\r\nContent-Type: image/png";

    fn small() -> Vec<u8> {
        build(
            &[
                (TITLE, b"Q3"),
                (TAGS, b"finance"),
                (TAGS, b"q3"),
                (AVATAR, b"\x89PNG\r\n\x1a\n\0\0"),
            ],
            "--XyZ--\r\n",
        )
    }

    #[test]
    fn the_workload_binds_as_binder_binds_it() {
        let up = ideal_upload(MULTIPART4K, MULTIPART4K_TYPE).unwrap();
        let b: Upload = crate::binder_multipart(MULTIPART4K, MULTIPART4K_TYPE);
        assert_eq!(up.title, "Quarterly report");
        assert_eq!(up.tags, ["finance", "q3"]);
        assert_eq!(up.avatar.data.len(), 4096);
        assert_eq!(up.avatar.filename, b"chart.png");
        assert_eq!(up.avatar.content_type, Some(&b"image/png"[..]));
        assert_eq!(up.title, b.title);
        assert_eq!(up.tags, b.tags);
        assert_eq!(up.avatar, file_of(&b.avatar));
        let r = ideal_upload_ref(MULTIPART4K, MULTIPART4K_TYPE).unwrap();
        let br: UploadRef = crate::binder_multipart(MULTIPART4K, MULTIPART4K_TYPE);
        assert_eq!((r.title, &r.tags), (br.title, &br.tags));
        assert!(MULTIPART4K.as_ptr_range().contains(&r.title.as_ptr()));
        assert!(MULTIPART4K.as_ptr_range().contains(&r.avatar.data.as_ptr()));
        assert!(same(MULTIPART4K, MULTIPART4K_TYPE));
        assert!(same(&small(), CT));
    }

    /// `body` with every `XyZ` replaced by `b`.
    fn replace(body: &[u8], b: &str) -> Vec<u8> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < body.len() {
            if body[i..].starts_with(b"XyZ") {
                out.extend_from_slice(b.as_bytes());
                i += 3;
            } else {
                out.push(body[i]);
                i += 1;
            }
        }
        out
    }

    #[test]
    fn content_types() {
        let body = small();
        let accepted = [
            &b"multipart/form-data; boundary=XyZ"[..],
            b"multipart/form-data;boundary=XyZ",
            b"Multipart/Form-Data; BOUNDARY=XyZ",
            b"multipart/form-data; boundary=\"XyZ\"",
            b"multipart/form-data; charset=latin1; boundary=XyZ",
            b"multipart/form-data; boundary=XyZ; charset=utf-8",
            b"multipart/form-data ; boundary=XyZ ",
            b" multipart/form-data;; boundary=XyZ;",
            b"multipart/form-data; a=\"x;boundary=q\"; boundary=XyZ",
            b"multipart/form-data; a=\"\\\"\"; boundary=XyZ",
            b"multipart/form-data;\tboundary=XyZ",
        ];
        for ct in accepted {
            assert!(same(&body, ct), "{:?}", ct.escape_ascii().to_string());
        }
        let refused = [
            &b"multipart/form-data"[..],
            b"multipart/form-data; boundary=",
            b"multipart/form-data; boundary=\"\"",
            b"multipart/form-data; boundary=XyZ; boundary=XyZ",
            b"multipart/form-data; boundary = XyZ",
            b"multipart/form-data; boundary=\"XyZ",
            b"multipart/form-data; boundary=\"X\\yZ\"",
            b"multipart/form-data; boundary=XyZ x",
            b"multipart/mixed; boundary=XyZ",
            b"application/json",
            b"application/x-www-form-urlencoded",
            b"text/plain",
            b"",
            b"multipart/form-data; boundary=XyZ\x00",
            b"multipart/form-data x; boundary=XyZ",
            b"multipart/form-data; boundary=Xy\"Z",
            b"multipart/form-data; =x; boundary=XyZ",
            b"multipart/form-data; a; boundary=XyZ",
        ];
        for ct in refused {
            assert!(!same(&body, ct), "{:?}", ct.escape_ascii().to_string());
        }
        // Boundaries of every length, in and out of the fast path's bytes.
        for n in [1usize, 69, 70, 71] {
            let b = "a".repeat(n);
            let ct = format!("multipart/form-data; boundary={b}");
            same(&replace(&small(), &b), ct.as_bytes());
            let quoted = format!("multipart/form-data; boundary=\"{b} x\"");
            same(&replace(&small(), &format!("{b} x")), quoted.as_bytes());
        }
        for b in [
            "a b", "a ", "a(b)", "a,b", "a/b", "a:b", "a=b", "a?b", "a'b", "a+b",
        ] {
            let body = replace(&small(), b);
            for ct in [
                format!("multipart/form-data; boundary={b}"),
                format!("multipart/form-data; boundary=\"{b}\""),
            ] {
                same(&body, ct.as_bytes());
            }
        }
        // An empty body is no body.
        assert!(!same(b"", CT));
    }

    #[test]
    fn hand_written_variants() {
        let ok_avatar: (&str, &[u8]) = (AVATAR, b"DATA");
        let title: (&str, &[u8]) = (TITLE, b"Q3");
        let tag: (&str, &[u8]) = (TAGS, b"a");
        let mut cases: Vec<Vec<u8>> = Vec::new();
        let c = |parts: &[(&str, &[u8])]| build(parts, "--XyZ--");
        // Field rules.
        cases.push(c(&[title, ok_avatar]));
        cases.push(c(&[ok_avatar]));
        cases.push(c(&[title]));
        cases.push(c(&[title, title, ok_avatar]));
        cases.push(c(&[(TITLE, b"a"), (TITLE, b"\xff"), ok_avatar]));
        cases.push(c(&[(TITLE, b"\xff"), (TITLE, b"a"), ok_avatar]));
        cases.push(c(&[(TITLE, b""), ok_avatar]));
        cases.push(c(&[(TITLE, "caf\u{e9}".as_bytes()), ok_avatar]));
        cases.push(c(&[(TAGS, b"\xc3"), title, ok_avatar]));
        cases.push(c(&[(TAGS, b""), title, ok_avatar, tag, tag]));
        cases.push(c(&[title, ok_avatar, ok_avatar]));
        cases.push(c(&[title, ok_avatar, (AVATAR, b"\xff")]));
        for (name, extra) in [
            ("title", ""),
            ("tags", ""),
            ("avatar", ""),
            ("title", "; filename=\"\""),
            ("tags", "; filename=\"\""),
            ("avatar", "; filename=\"\""),
            ("title", "; filename=\"t.txt\""),
            ("tags", "; filename=\"t.txt\""),
            ("avatar", "; filename=x"),
            ("title[]", ""),
            ("title[x]", ""),
            ("title.x", ""),
            ("title[]", "; filename=\"f\""),
            ("tags[]", ""),
            ("tags[0]", ""),
            ("tags[00]", ""),
            ("tags[x]", ""),
            ("tags[0][x]", ""),
            ("tags.3", ""),
            ("tags.", ""),
            ("tags.x", ""),
            ("tags.3.x", ""),
            ("tags.3[", ""),
            ("tags[", ""),
            ("tags[]x", ""),
            ("tags[]", "; filename=\"f\""),
            ("avatar[]", ""),
            ("avatar[0]", ""),
            ("avatar.x", ""),
            ("avatar[]", "; filename=\"f\""),
            ("Title", ""),
            ("tag", ""),
            ("titles", ""),
            ("[title", ""),
            (".tags", ""),
            ("ti\\tle", ""),
            ("ti%22tle", ""),
            ("title%0A", ""),
            ("ta\\gs", ""),
            ("tags\\[]", ""),
            ("av\\atar", ""),
        ] {
            let h = format!("Content-Disposition: form-data; name=\"{name}\"{extra}");
            for data in [&b""[..], b"v", b"\xff"] {
                cases.push(c(&[(&h, data), title, ok_avatar]));
                cases.push(c(&[title, ok_avatar, (&h, data)]));
                cases.push(c(&[(&h, data), ok_avatar]));
                cases.push(c(&[(&h, data), title]));
            }
        }
        // Long names, decoded or not.
        for n in [120usize, 127, 128, 129, 200] {
            for esc in ["", "\\"] {
                let long = format!("tags[{}]{esc}", "0".repeat(n));
                let h = format!("Content-Disposition: form-data; name=\"{long}\"");
                cases.push(c(&[(&h, b"x"), title, ok_avatar]));
                let long = format!("{esc}tags[{}]", "0".repeat(n));
                let h = format!("Content-Disposition: form-data; name=\"{long}\"");
                cases.push(c(&[(&h, b"x"), title, ok_avatar]));
            }
        }
        // Content-Disposition spellings.
        for d in [
            "form-data; name=title",
            "FORM-DATA; NAME=\"title\"",
            "form-data;name=\"title\"",
            "form-data ; name = \"title\" ",
            "form-data; name=\"title\";",
            "form-data; name=\"title\"; name=\"x\"",
            "form-data; name=\"\"",
            "form-data; filename=\"x\"",
            "form-data",
            "form-data; name",
            "form-data; name=",
            "form-data; name=\"title",
            "form-data; name=\"ti\\\"tle\"",
            "form-data; name=\"title\\\"",
            "form-data; name=\"title\"x",
            "form-data; name=\"title\" x",
            "form-data; x=\"name=\\\"y\\\"\"; name=\"title\"",
            "form-data; filename*=utf-8''x; name=title",
            "form-data; name=\"title\"; filename=\"a\"; filename=\"b\"",
            "attachment; name=\"title\"",
            "form-datax; name=\"title\"",
            "form-data;; name=\"title\"",
            "form-data; name=\"title\"\t",
            "form-data; name=\"t\title\"",
            "form-data; name=\"ti\x7ftle\"",
            "form-data; name=ti\"tle",
            "form-data; name=\"title\"; filename=\"\"",
            "form-data; name=\"title\"; filename=x",
        ] {
            let h = format!("Content-Disposition: {d}");
            cases.push(c(&[(&h, b"T"), ok_avatar]));
            let h = format!("Content-Disposition:{d}");
            cases.push(c(&[(&h, b"T"), ok_avatar]));
        }
        for d in [
            "form-data; name=\"avatar\"; filename=\"a\\\"b\"",
            "form-data; name=\"avatar\"; filename=\"a%22b\"",
            "form-data; name=\"avatar\"; filename=\"a%2\"",
            "form-data; name=\"avatar\"; filename=ab.png",
            "form-data; filename=\"a\"; name=\"avatar\"",
            "form-data; name=\"avatar\"; FILENAME=\"a\"",
            "form-data; name=\"avatar\"; filename=\"\u{e9}\"",
            "form-data; name=\"avatar\"; filename=\"\"",
            "form-data; name=\"avatar\"; filename=\"a\" ",
            "form-data; name=\"avatar\"; filename=\"a\"; x=y",
        ] {
            for ct in [
                "",
                "\r\nContent-Type: text/plain",
                "\r\ncontent-type:  a/b  ",
            ] {
                let h = format!("Content-Disposition: {d}{ct}");
                cases.push(c(&[title, (&h, b"D")]));
                cases.push(c(&[title, (&h, b"")]));
            }
        }
        // Header lines.
        for h in [
            "content-disposition: form-data; name=\"title\"",
            "CONTENT-DISPOSITION: form-data; name=\"title\"",
            "Content-Disposition : form-data; name=\"title\"",
            "Content-Disposition:form-data; name=\"title\"",
            " Content-Disposition: form-data; name=\"title\"",
            "Content-Disposition: form-data; name=\"title\"\r\nContent-Disposition: form-data; name=\"title\"",
            "Content-Disposition: form-data; name=\"title\"\r\nContent-Type: a\r\nContent-Type: b",
            "Content-Disposition: form-data; name=\"title\"\r\nX-A: 1",
            "X-A: 1\r\nContent-Disposition: form-data; name=\"title\"",
            "X-A:\r\nContent-Disposition: form-data; name=\"title\"",
            ": 1\r\nContent-Disposition: form-data; name=\"title\"",
            "X A: 1\r\nContent-Disposition: form-data; name=\"title\"",
            "X-A 1\r\nContent-Disposition: form-data; name=\"title\"",
            "X-A: \x01\r\nContent-Disposition: form-data; name=\"title\"",
            "X-A: \x7f\r\nContent-Disposition: form-data; name=\"title\"",
            "X-A: \u{ff}\t\r\nContent-Disposition: form-data; name=\"title\"",
            "X-A: 1\nContent-Disposition: form-data; name=\"title\"",
            "Content-Disposition: form-data; name=\"title\"\n",
            "Content-Type: text/plain",
            "Content-Disposition\r: form-data; name=\"title\"",
            "Content\rDisposition: form-data; name=\"title\"",
            "Content-Dispositio: form-data; name=\"title\"",
            "Content-Dispositionx: form-data; name=\"title\"",
            "Content-Typ: x\r\nContent-Disposition: form-data; name=\"title\"",
            "Content-Types: x\r\nContent-Disposition: form-data; name=\"title\"",
        ] {
            cases.push(c(&[(h, b"T"), ok_avatar]));
        }
        // Header counts and bytes.
        for n in [14usize, 15, 16, 17] {
            let mut h = String::from(TITLE);
            for _ in 0..n {
                h.push_str("\r\nX-Pad: 1");
            }
            cases.push(c(&[(&h, b"T"), ok_avatar]));
        }
        let head = "Content-Disposition: form-data; name=\"title\"\r\nX-Pad: ";
        for n in [
            8_100usize, 8_130, 8_140, 8_141, 8_142, 8_143, 8_144, 8_150, 8_200,
        ] {
            let h = format!("{head}{}", "p".repeat(n - head.len()));
            cases.push(c(&[(&h, b"T"), ok_avatar]));
            let h = format!("{TITLE}{}", " ".repeat(n - TITLE.len()));
            cases.push(c(&[(&h, b"T"), ok_avatar]));
        }
        // Delimiters, preamble, epilogue, padding, the end.
        let body = small();
        let s = |t: &str| t.as_bytes().to_vec();
        let mut with = |pre: &[u8], post: &[u8]| {
            let mut v = pre.to_vec();
            v.extend_from_slice(&body);
            v.extend_from_slice(post);
            cases.push(v);
        };
        with(b"preamble\r\n", b"");
        with(b"\r\n", b"");
        with(b"x--XyZ\r\n", b"");
        with(b"--XyZ", b"");
        with(b"", b"epilogue\r\n--XyZ\r\nbroken");
        let text = String::from_utf8_lossy(&body).into_owned();
        for (from, to) in [
            (
                "--XyZ\r\nContent-Disposition: form-data; name=\"tags\"",
                "--XyZ  \t\r\nContent-Disposition: form-data; name=\"tags\"",
            ),
            (
                "--XyZ\r\nContent-Disposition: form-data; name=\"tags\"",
                "--XyZ x\r\nContent-Disposition: form-data; name=\"tags\"",
            ),
            (
                "--XyZ\r\nContent-Disposition: form-data; name=\"tags\"",
                "--XyZx\r\nContent-Disposition: form-data; name=\"tags\"",
            ),
            (
                "--XyZ\r\nContent-Disposition: form-data; name=\"tags\"",
                "--XyZ\nContent-Disposition: form-data; name=\"tags\"",
            ),
            (
                "--XyZ\r\nContent-Disposition: form-data; name=\"tags\"",
                "--XyZ--\r\nContent-Disposition: form-data; name=\"tags\"",
            ),
            ("\r\n--XyZ--", "\r\n--XyZ-"),
            ("\r\n--XyZ--", "\r\n--XyZ"),
            ("\r\n--XyZ--", "\r\n--XyZ "),
            ("\r\n--XyZ--", "\r\n--XyZ\r"),
            ("\r\n--XyZ--", "\r\n--XyZ\r\n"),
            ("\r\n--XyZ--", "\r\n--XyZ -- "),
            ("\r\n--XyZ--", "\r\n--XyZ\t\r"),
            ("\r\n--XyZ--", ""),
            ("\r\n--XyZ--", "\r\n--XyZ--\r\n--XyZ\r\n"),
            ("Q3", "Q3\r\n--XyZa"),
            ("Q3", "Q3\r\n--Xy"),
            ("Q3", "Q3\r\n--XyZ"),
            ("finance", "fin\r\n-XyZ\r--XyZ\n--XyZ"),
            ("\r\n\r\nQ3", "\r\n\r\n"),
            ("\r\n\r\nQ3", "\r\n"),
        ] {
            cases.push(s(&text.replacen(from, to, 1)));
        }
        for n in 0..body.len() {
            cases.push(body[..n].to_vec());
        }
        // Part counts.
        for n in [998usize, 999, 1000, 1001] {
            let mut parts = vec![title, ok_avatar];
            parts.resize(n, tag);
            cases.push(c(&parts));
        }
        let mut accepted = 0;
        for case in &cases {
            accepted += usize::from(same(case, CT));
        }
        eprintln!("hand-written: {accepted} of {} accepted", cases.len());
        assert!(
            accepted > 100 && accepted < cases.len() - 100,
            "{accepted} of {}",
            cases.len()
        );
    }

    /// The delimiter search finds what a plain search for the whole
    /// delimiter finds, from every offset, in bytes dense with CRs, dashes,
    /// whole delimiters and near misses.
    #[test]
    fn the_delimiter_search_is_a_plain_search() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        for boundary in [
            &b"b"[..],
            b"ab",
            b"XyZ",
            b"a-b--",
            b"----binderBoundary7MA4YWxkTrZu0gW",
        ] {
            let d = Delimiter::new(boundary);
            let delimiter = [&b"\r\n--"[..], boundary].concat();
            for len in [0usize, 1, 5, 20, 40, 100, 300] {
                let mut body = Vec::new();
                while body.len() < len {
                    match rng.below(8) {
                        0 => body.extend_from_slice(&delimiter),
                        1 => body.extend_from_slice(&delimiter[..rng.below(delimiter.len())]),
                        2 => body.push(b'\r'),
                        3 => body.push(b'-'),
                        4 => body.push(*boundary.last().unwrap()),
                        _ => body.push(b"xab\n"[rng.below(4)]),
                    }
                }
                for from in 0..=body.len() {
                    let want = memchr::memmem::find(&body[from..], &delimiter).map(|k| from + k);
                    assert_eq!(d.find(&body, from), want, "{body:?} from {from}");
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

    fn mutate(rng: &mut Rng, base: &[u8], pieces: &[&[u8]]) -> Vec<u8> {
        let mut v = base.to_vec();
        for _ in 0..1 + rng.below(4) / 3 {
            let at = rng.below(v.len() + 1);
            match rng.below(4) {
                0 if at < v.len() => {
                    let n = 1 + rng.below(3.min(v.len() - at));
                    v.drain(at..at + n);
                }
                1 if at < v.len() => {
                    let p = pieces[rng.below(pieces.len())];
                    v[at] = p[0];
                }
                _ => {
                    let p = pieces[rng.below(pieces.len())];
                    v.splice(at..at, p.iter().copied());
                }
            }
        }
        v
    }

    const PIECES: &[&[u8]] = &[
        b"\r",
        b"\n",
        b"\r\n",
        b"-",
        b"--",
        b"\"",
        b";",
        b"=",
        b" ",
        b"\t",
        b"\\",
        b"%",
        b"%22",
        b":",
        b"a",
        b"X",
        b"y",
        b"Z",
        b"\x80",
        b"\xff",
        b"\xc3",
        b"\0",
        b"\x7f",
        b"[",
        b"]",
        b"[]",
        b".",
        b"0",
        b"name=",
        b"filename=",
        b"\r\n--XyZ",
        b"--XyZ",
        b"\r\n--XyZ--",
        b"title",
        b"tags",
        b"avatar",
        b"Content-Type: x\r\n",
        b"X-A: 1\r\n",
        b"Content-Disposition: form-data; name=\"tags\"\r\n",
        b"; filename=\"\"",
        b"\"\"",
        b"\r\n--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nT2",
        b"\r\n--XyZ\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\nt3",
        b"\r\n--XyZ\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"b\"\r\n\r\nF",
    ];

    #[test]
    fn randomized_mutations_of_the_workload() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let small = small();
        let mut accepted = 0;
        let n = 40_000;
        for k in 0..n {
            let base: &[u8] = if k % 8 == 0 { MULTIPART4K } else { &small };
            let ct: &[u8] = if k % 8 == 0 { MULTIPART4K_TYPE } else { CT };
            let pieces: Vec<&[u8]> = if k % 8 == 0 {
                PIECES
                    .iter()
                    .map(|p| {
                        if *p == b"\r\n--XyZ" {
                            &b"\r\n------binderBoundary7MA4YWxkTrZu0gW"[..]
                        } else {
                            p
                        }
                    })
                    .collect()
            } else {
                PIECES.to_vec()
            };
            let (body, ct) = if k % 16 == 1 {
                (small.clone(), mutate(&mut rng, ct, &pieces))
            } else if k % 8 == 0 {
                // Mutate the workload's head and tail, not only its file.
                let mut v = mutate(&mut rng, &base[..400], &pieces);
                v.extend_from_slice(&base[400..base.len() - 100]);
                v.extend(mutate(&mut rng, &base[base.len() - 100..], &pieces));
                (v, ct.to_vec())
            } else {
                (mutate(&mut rng, base, &pieces), ct.to_vec())
            };
            accepted += usize::from(same(&body, &ct));
        }
        eprintln!("randomized: {accepted} of {n} accepted");
        assert!(
            accepted > n / 20 && accepted < n * 9 / 10,
            "{accepted} of {n}"
        );
    }
}
