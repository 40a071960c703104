//! One pass over a `multipart/form-data` body held in memory, handing out
//! each part as slices of the body: a file's bytes are never copied.
//!
//! Implements [RFC 7578](https://www.rfc-editor.org/rfc/rfc7578) over the
//! [RFC 2046 §5.1.1](https://www.rfc-editor.org/rfc/rfc2046#section-5.1.1)
//! body syntax, with the [HTML standard's] escaping of field names and
//! filenames. Nothing here allocates, with or without the `alloc` feature
//! (only [`Param::to_cow`] can, and only when a value needs decoding).
//!
//! ```
//! use binder_core::multipart::{self, Boundary};
//!
//! let boundary = Boundary::from_content_type(b"multipart/form-data; boundary=XyZ")?;
//! let body = b"--XyZ\r\n\
//!     Content-Disposition: form-data; name=\"title\"\r\n\r\n\
//!     Q3\r\n\
//!     --XyZ\r\n\
//!     Content-Disposition: form-data; name=\"avatar\"; filename=\"a.png\"\r\n\
//!     Content-Type: image/png\r\n\r\n\
//!     \x89PNG\r\n\
//!     --XyZ--\r\n";
//! let mut parts = multipart::parts(body, &boundary);
//! let title = parts.next().unwrap()?;
//! assert_eq!((title.name().raw(), title.data()), (&b"title"[..], &b"Q3"[..]));
//! let avatar = parts.next().unwrap()?;
//! assert_eq!(avatar.filename().unwrap().raw(), b"a.png");
//! assert_eq!(avatar.content_type(), Some(&b"image/png"[..]));
//! assert_eq!(avatar.data(), b"\x89PNG");
//! assert!(parts.next().is_none());
//! # Ok::<(), binder_core::Error>(())
//! ```
//!
//! # What is accepted
//! - **Boundary** ([`Boundary::from_content_type`]): the type must be
//!   `multipart/form-data` (any ASCII case); parameters are RFC 9110
//!   `name=value` pairs separated by `;` (names in any case, no spaces
//!   around `=`), the value a token or a quoted string. The `boundary` value
//!   must appear once and be 1 to 70 RFC 2046 `bchars` (letters, digits,
//!   `'()+_,-./:=?` and space, not ending in a space); a quoted boundary is
//!   unquoted (it can hold no escapes: `\` and `"` are not `bchars`).
//! - **Delimiters**: the body's first delimiter is `--boundary` at the start
//!   of the body or at the start of a line (`\r\n--boundary`); everything
//!   before it (the preamble) is ignored. A part ends at the first
//!   `\r\n--boundary` after its headers. After a delimiter comes either `--`
//!   (the close delimiter: whatever follows, the epilogue, is ignored) or
//!   optional transport padding (spaces and tabs) then CRLF; anything else is
//!   [`InvalidDelimiter`](ErrorKind::InvalidDelimiter), because the boundary
//!   must never appear inside a part. A body that ends before the close
//!   delimiter is [`UnexpectedEnd`](ErrorKind::UnexpectedEnd). A body with no
//!   part at all (`--boundary--`, what a browser sends for an empty form) is
//!   accepted.
//! - **Part headers**: `name: value` lines (the name an RFC 9110 token, no
//!   space before the colon; the value spaces, tabs, visible ASCII or bytes
//!   from 0x80, trimmed of spaces and tabs), each ending in CRLF, then an
//!   empty line. No line folding. `Content-Disposition` and `Content-Type`
//!   (any case) may each appear once
//!   ([`DuplicatePartHeader`](ErrorKind::DuplicatePartHeader)); other headers
//!   are checked and kept in [`Part::headers`], not interpreted.
//! - **Content-Disposition**: the type `form-data` (any case), then
//!   `; param=value` pairs (spaces and tabs allowed around `;` and `=`), each
//!   value a token or an RFC 9110 quoted string, whose quoted pairs (`\x`)
//!   stand for `x`. Parameter names are matched in any case; a `name=` or
//!   `filename=` inside another parameter's quoted value is part of that value
//!   and never taken. `filename*=` is ignored, as RFC 7578 §4.2 says.
//!   `name` is required and must not be empty
//!   ([`MissingPartName`](ErrorKind::MissingPartName)); a repeated `name` or
//!   `filename` is an error, not first- or last-wins.
//! - **Escapes in names and filenames**: browsers and curl follow the
//!   [HTML standard], which writes `"` as `%22`, CR as `%0D` and LF as `%0A`
//!   inside the quoted value and escapes nothing else; [`Param::decoded`]
//!   turns exactly those three back (hex digits in either case), together
//!   with the quoted pairs. `\%22` stays `%22`. A token (unquoted) value is
//!   never decoded. A value with nothing to decode is borrowed as it is.
//! - **An empty file input** arrives as a part with `filename=""` and no
//!   data; [`Part::is_empty_file`] says so, and the binder binds it as no
//!   file.
//!
//! # Line endings: CRLF only
//! Every line ending in the body's structure (after a delimiter, after each
//! part header, the empty line, before the next delimiter) must be CRLF. A
//! body written with bare LF is refused (the line after the first delimiter
//! fails with [`InvalidDelimiter`](ErrorKind::InvalidDelimiter), a bare LF
//! among part headers with [`PartHeaderSyntax`](ErrorKind::PartHeaderSyntax))
//! and a bare LF inside part data is data. multer also requires CRLF around
//! delimiters; Go's `mime/multipart` instead switches to LF mode when the
//! first delimiter line ends in LF. We do not: RFC 2046 and RFC 7578 require
//! CRLF, every browser and curl send it, and a second line-ending dialect is
//! one more way for two parsers to disagree about where a part ends.
//!
//! # Intended divergences from multer
//! The differential tests (`tests/common/multipart_oracle.rs`, shared with
//! the `multipart` fuzz target) compare with [multer] 3 and exclude exactly
//! these:
//! 1. The first delimiter must begin the body or a line; multer takes the
//!    first `--boundary` anywhere, even mid-line in the preamble.
//! 2. multer does not check the `Content-Disposition` (no `form-data`
//!    check, a missing or empty name is a part with no name, malformed
//!    parameters are read leniently); we refuse such a part
//!    ([`InvalidContentDisposition`](ErrorKind::InvalidContentDisposition),
//!    [`MissingPartName`](ErrorKind::MissingPartName)).
//! 3. multer finds `name` and `filename` by searching for the text, so a
//!    decoy inside another quoted value, a `filename*=` before `filename=`,
//!    an upper-case parameter name or a name that is not UTF-8 reads
//!    differently; it unescapes only `\"` and decodes no `%22`/`%0D`/`%0A`.
//!    Names and filenames are compared only where none of that applies.
//! 4. A repeated `Content-Disposition` or `Content-Type` is last-wins in
//!    multer; here it is [`DuplicatePartHeader`](ErrorKind::DuplicatePartHeader).
//! 5. multer's header parser (httparse) accepts a bare LF as a header line
//!    ending; here it is [`PartHeaderSyntax`](ErrorKind::PartHeaderSyntax).
//! 6. [`Part::content_type`] is the raw header value; multer parses it as a
//!    media type and reports none when that fails.
//! 7. Limits: multer allows 32 headers a part and has no part count or
//!    header byte limit; [`Limits`] applies here.
//!
//! # Cost
//! Time is linear in the body: part data is searched with one
//! [`memchr::memmem::Finder`] for `\r\n--` (built once per process with the
//! `std` feature, once per body without it), and each
//! hit is compared with the boundary; since a boundary holds no CR, two
//! comparisons never look at the same byte, so a body dense with near-miss
//! delimiters costs no more than one pass. Part headers are read by a
//! table-driven byte loop that stops at
//! [`Limits::max_part_header_bytes`]. Errors end the scan: the iterator
//! returns the error once, then `None`.
//!
//! [HTML standard]: https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#multipart-form-data
//! [multer]: https://docs.rs/multer

use crate::convert::Ref;
use crate::error::{Error, ErrorKind};
use crate::limits::Limits;
use core::fmt;
use memchr::memmem::Finder;

/// The longest boundary RFC 2046 allows, in bytes.
pub const MAX_BOUNDARY_LEN: usize = 70;

/// Byte classes, one bit each, looked up in [`CLASS`].
const TCHAR: u8 = 1; // RFC 9110 token character
const VALUE: u8 = 2; // allowed in a header value: HTAB, SP, VCHAR, obs-text
const BCHAR: u8 = 4; // RFC 2046 boundary character
const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if c == b'\t' || (c >= 0x20 && c != 0x7f) {
            t[b] |= VALUE;
        }
        if c.is_ascii_alphanumeric() {
            t[b] |= TCHAR | BCHAR;
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
        i += 1;
    }
    t
};

#[inline]
fn is(b: u8, class: u8) -> bool {
    CLASS[b as usize] & class != 0
}

/// A validated multipart boundary, held by value (at most 70 bytes), so it
/// need not outlive the `Content-Type` header it came from.
///
/// ```
/// use binder_core::multipart::Boundary;
///
/// let b = Boundary::from_content_type(b"Multipart/Form-Data; charset=utf-8; BOUNDARY=\"a b\"")?;
/// assert_eq!(b.as_bytes(), b"a b");
/// assert!(Boundary::new(b"").is_err());
/// # Ok::<(), binder_core::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Boundary {
    bytes: [u8; MAX_BOUNDARY_LEN],
    len: u8,
}

impl Boundary {
    /// Checks `raw` is a boundary: 1 to 70 RFC 2046 `bchars`, not ending in
    /// a space.
    ///
    /// ```
    /// use binder_core::{multipart::Boundary, ErrorKind};
    ///
    /// assert!(Boundary::new(b"----WebKitFormBoundary7MA4YWxkTrZu0gW").is_ok());
    /// let err = Boundary::new(&[b'a'; 71]).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::InvalidBoundary);
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidBoundary`], at the offending byte of `raw`.
    pub fn new(raw: &[u8]) -> Result<Boundary, Error> {
        let invalid = |at| Err(Error::new(ErrorKind::InvalidBoundary, at));
        if raw.is_empty() {
            return invalid(0);
        }
        if raw.len() > MAX_BOUNDARY_LEN {
            return invalid(MAX_BOUNDARY_LEN);
        }
        if let Some(at) = raw.iter().position(|&b| !is(b, BCHAR)) {
            return invalid(at);
        }
        if raw[raw.len() - 1] == b' ' {
            return invalid(raw.len() - 1);
        }
        let mut bytes = [0u8; MAX_BOUNDARY_LEN];
        bytes[..raw.len()].copy_from_slice(raw);
        Ok(Boundary {
            bytes,
            len: raw.len() as u8,
        })
    }

    /// Reads the boundary from a `Content-Type` header value, which must be
    /// `multipart/form-data` with exactly one valid `boundary` parameter.
    ///
    /// ```
    /// use binder_core::{multipart::Boundary, ErrorKind};
    ///
    /// let ct = b"multipart/form-data; boundary=----binderBoundary7MA4YWxkTrZu0gW";
    /// assert_eq!(Boundary::from_content_type(ct)?.as_bytes(), b"----binderBoundary7MA4YWxkTrZu0gW");
    /// let twice = Boundary::from_content_type(b"multipart/form-data; boundary=a; boundary=b");
    /// assert_eq!(twice.unwrap_err().kind(), ErrorKind::InvalidBoundary);
    /// let json = Boundary::from_content_type(b"application/json");
    /// assert_eq!(json.unwrap_err().kind(), ErrorKind::NotFormData);
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::NotFormData`] for another media type;
    /// [`ErrorKind::InvalidBoundary`] for a missing, empty, repeated or
    /// invalid boundary or malformed parameters. The offset is into `value`.
    pub fn from_content_type(value: &[u8]) -> Result<Boundary, Error> {
        let invalid = |at| Err(Error::new(ErrorKind::InvalidBoundary, at));
        let mut i = skip_ows(value, 0);
        let type_start = i;
        i = skip_token(value, i);
        let slash = i;
        if value.get(slash) != Some(&b'/') {
            return Err(Error::new(ErrorKind::NotFormData, type_start));
        }
        i = skip_token(value, slash + 1);
        if !value[type_start..slash].eq_ignore_ascii_case(b"multipart")
            || !value[slash + 1..i].eq_ignore_ascii_case(b"form-data")
        {
            return Err(Error::new(ErrorKind::NotFormData, type_start));
        }
        let mut found: Option<(usize, usize)> = None;
        // RFC 9110 parameters: *( OWS ";" OWS [ name "=" value ] ).
        loop {
            i = skip_ows(value, i);
            match value.get(i) {
                None => break,
                Some(b';') => i = skip_ows(value, i + 1),
                Some(_) => return invalid(i),
            }
            if i == value.len() || value[i] == b';' {
                continue; // an empty parameter
            }
            let name_start = i;
            i = skip_token(value, i);
            if i == name_start || value.get(i) != Some(&b'=') {
                return invalid(i);
            }
            let name = &value[name_start..i];
            i += 1;
            let (start, end) = if value.get(i) == Some(&b'"') {
                // A quoted boundary with a quoted pair keeps its `\`, which
                // `Boundary::new` refuses: no boundary needs an escape.
                let q =
                    quoted(value, i).map_err(|at| Error::new(ErrorKind::InvalidBoundary, at))?;
                let span = (i + 1, q.end);
                i = q.end + 1;
                span
            } else {
                let start = i;
                i = skip_token(value, i);
                if i == start {
                    return invalid(i);
                }
                (start, i)
            };
            if name.eq_ignore_ascii_case(b"boundary") {
                if found.is_some() {
                    return invalid(name_start);
                }
                found = Some((start, end));
            }
        }
        let Some((start, end)) = found else {
            return invalid(value.len());
        };
        Boundary::new(&value[start..end])
            .map_err(|e| Error::new(ErrorKind::InvalidBoundary, start + e.offset()))
    }

    /// The boundary's bytes, without the leading `--`.
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

impl fmt::Debug for Boundary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A boundary is chosen by the client but is structure, not content.
        write!(f, "Boundary(\"{}\")", self.as_bytes().escape_ascii())
    }
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

/// A quoted string scanned by [`quoted`].
struct Quoted {
    /// Index of the closing quote.
    end: usize,
    /// Whether the content holds a quoted pair or a `%22`/`%0D`/`%0A`.
    needs_decoding: bool,
}

/// Scans the RFC 9110 quoted string whose opening quote is at `v[open]`.
/// `Err` holds the offset of an invalid byte, or `v.len()` if unterminated.
#[inline]
fn quoted(v: &[u8], open: usize) -> Result<Quoted, usize> {
    let mut i = open + 1;
    let mut needs_decoding = false;
    while i < v.len() {
        let b = v[i];
        match b {
            b'"' => {
                return Ok(Quoted {
                    end: i,
                    needs_decoding,
                })
            }
            b'\\' => {
                match v.get(i + 1) {
                    Some(&n) if is(n, VALUE) => {}
                    Some(_) => return Err(i + 1),
                    None => return Err(v.len()),
                }
                needs_decoding = true;
                i += 2;
            }
            b'%' => {
                needs_decoding |= html_escape(v.get(i + 1..i + 3)).is_some();
                i += 1;
            }
            _ if is(b, VALUE) => i += 1,
            _ => return Err(i),
        }
    }
    Err(v.len())
}

/// The byte an HTML-standard escape stands for: the two bytes after a `%`.
#[inline]
fn html_escape(hex: Option<&[u8]>) -> Option<u8> {
    match hex? {
        b"22" => Some(b'"'),
        b"0D" | b"0d" => Some(b'\r'),
        b"0A" | b"0a" => Some(b'\n'),
        _ => None,
    }
}

/// A multipart body's bytes and, with the `bytes` feature, the
/// `bytes::Bytes` they are, when the adapter holds one: every [`Part`] then
/// knows it ([`Part::owner`]), so an uploaded file can share the body's
/// buffer instead of copying it (`bind::UploadedFile`).
///
/// ```
/// use binder_core::multipart::Input;
///
/// let body = b"--b--";
/// let input = Input::new(body);
/// assert_eq!(input.bytes(), body);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Input<'a> {
    bytes: &'a [u8],
    #[cfg(feature = "bytes")]
    owner: Option<&'a bytes::Bytes>,
}

impl<'a> Input<'a> {
    /// Bytes with no `Bytes` behind them.
    #[inline]
    pub const fn new(bytes: &'a [u8]) -> Self {
        Input {
            bytes,
            #[cfg(feature = "bytes")]
            owner: None,
        }
    }

    /// The whole of `body`, which its parts can share.
    #[cfg(feature = "bytes")]
    #[inline]
    pub fn shared(body: &'a bytes::Bytes) -> Self {
        Input {
            bytes: body,
            owner: Some(body),
        }
    }

    /// The body's bytes.
    #[inline]
    pub const fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The `Bytes` the body is, if the adapter handed one.
    #[cfg(feature = "bytes")]
    #[inline]
    pub fn owner(&self) -> Option<&'a bytes::Bytes> {
        self.owner
    }
}

impl<'a> From<&'a [u8]> for Input<'a> {
    #[inline]
    fn from(bytes: &'a [u8]) -> Self {
        Input::new(bytes)
    }
}

impl core::ops::Deref for Input<'_> {
    type Target = [u8];

    #[inline]
    fn deref(&self) -> &[u8] {
        self.bytes
    }
}

/// Starts scanning `body` with [`Limits::DEFAULT`].
///
/// ```
/// use binder_core::multipart::{parts, Boundary};
///
/// let boundary = Boundary::new(b"b")?;
/// let body = b"preamble\r\n--b\r\nContent-Disposition: form-data; name=x\r\n\r\n1\r\n--b--epilogue";
/// let names: Vec<_> = parts(body, &boundary).map(|p| p.map(|p| p.name().raw())).collect::<Result<_, _>>()?;
/// assert_eq!(names, [b"x"]);
/// # Ok::<(), binder_core::Error>(())
/// ```
#[inline]
pub fn parts<'a>(body: &'a [u8], boundary: &Boundary) -> Parts<'a> {
    parts_with(body, boundary, &Limits::DEFAULT)
}

/// Starts scanning `body` under `limits` ([`Limits::max_parts`],
/// [`Limits::max_part_header_bytes`], [`Limits::max_part_headers`]).
///
/// ```
/// use binder_core::{multipart, ErrorKind, Limits};
///
/// let mut limits = Limits::DEFAULT;
/// limits.max_parts = 1;
/// let boundary = multipart::Boundary::new(b"b")?;
/// let body = b"--b\r\nContent-Disposition: form-data; name=a\r\n\r\n\r\n\
///              --b\r\nContent-Disposition: form-data; name=b\r\n\r\n\r\n--b--";
/// let mut it = multipart::parts_with(body, &boundary, &limits);
/// assert!(it.next().unwrap().is_ok());
/// assert_eq!(it.next().unwrap().unwrap_err().kind(), ErrorKind::TooManyParts);
/// assert!(it.next().is_none());
/// # Ok::<(), binder_core::Error>(())
/// ```
#[inline]
pub fn parts_with<'a>(body: &'a [u8], boundary: &Boundary, limits: &Limits) -> Parts<'a> {
    parts_in(Input::new(body), boundary, limits)
}

/// [`parts_with`] over an [`Input`]: with the `bytes` feature, each part
/// knows the `Bytes` the body is ([`Part::owner`]).
#[inline]
pub fn parts_in<'a>(input: Input<'a>, boundary: &Boundary, limits: &Limits) -> Parts<'a> {
    Parts {
        body: input.bytes,
        #[cfg(feature = "bytes")]
        owner: input.owner,
        pos: 0,
        state: State::Start,
        count: 0,
        max_parts: limits.max_parts,
        max_header_bytes: limits.max_part_header_bytes,
        max_headers: limits.max_part_headers,
        boundary: *boundary,
        finder: finder(),
    }
}

/// The `\r\n--` searcher, by reference to one built once per process
/// (with `std`), or by value, built once per body (without).
#[cfg(feature = "std")]
type Searcher = &'static Finder<'static>;
#[cfg(not(feature = "std"))]
type Searcher = Finder<'static>;

/// Builds or fetches the [`Searcher`]. Building one costs ~250 instructions
/// a body (x86-64, callgrind) and makes `Parts` 416 bytes instead of 136;
/// fetching is an atomic load.
#[inline]
fn finder() -> Searcher {
    #[cfg(feature = "std")]
    {
        static FINDER: std::sync::OnceLock<Finder<'static>> = std::sync::OnceLock::new();
        FINDER.get_or_init(|| Finder::new(b"\r\n--"))
    }
    #[cfg(not(feature = "std"))]
    {
        Finder::new(b"\r\n--")
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Before the first delimiter.
    Start,
    /// `pos` is at the `--` of a delimiter.
    Delimiter,
    /// After the close delimiter or an error.
    Done,
}

/// Iterator of the [`Part`]s of a multipart body, in order.
///
/// Yields `Err` once when the body is malformed or a limit is passed, then
/// ends: a part after an error is never returned.
#[derive(Clone, Debug)]
pub struct Parts<'a> {
    body: &'a [u8],
    #[cfg(feature = "bytes")]
    owner: Option<&'a bytes::Bytes>,
    pos: usize,
    state: State,
    count: usize,
    max_parts: usize,
    max_header_bytes: usize,
    max_headers: usize,
    boundary: Boundary,
    finder: Searcher,
}

impl<'a> Parts<'a> {
    #[cold]
    fn fail(&mut self, kind: ErrorKind, offset: usize) -> Option<Result<Part<'a>, Error>> {
        self.state = State::Done;
        Some(Err(Error::new(kind, offset)))
    }

    /// The offset of the first `\r\n--boundary` at or after `from`.
    #[inline]
    fn find_delimiter(&self, mut from: usize) -> Option<usize> {
        let body = self.body;
        let boundary = self.boundary.as_bytes();
        while let Some(k) = self.finder.find(&body[from..]) {
            let at = from + k;
            if body[at + 4..].starts_with(boundary) {
                return Some(at);
            }
            // `\r\n--` cannot overlap itself, and the boundary holds no CR,
            // so no later delimiter starts before `at + 4`.
            from = at + 4;
        }
        None
    }
}

/// What the header lines of one part said.
struct Headers {
    /// Index of the empty line that ends them.
    end: usize,
    disposition: Option<(usize, usize)>,
    content_type: Option<(usize, usize)>,
}

impl<'a> Parts<'a> {
    /// Reads the header lines starting at `start`, up to the empty line.
    #[inline]
    fn headers(&self, start: usize) -> Result<Headers, Error> {
        let body = self.body;
        let len = body.len();
        let limit = start.saturating_add(self.max_header_bytes);
        // Every header byte, CRLF included, lies before `stop`.
        let stop = len.min(limit);
        // Needing a byte at or past `stop`: the body ended, or the headers
        // are too long.
        let past = || {
            if stop == len {
                Error::new(ErrorKind::UnexpectedEnd, len)
            } else {
                Error::new(ErrorKind::PartHeadersTooLong, start)
            }
        };
        let mut out = Headers {
            end: start,
            disposition: None,
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
                (None, _) | (Some(b'\r'), None) => {
                    return Err(Error::new(ErrorKind::UnexpectedEnd, len))
                }
                _ => {}
            }
            if count == self.max_headers {
                return Err(Error::new(ErrorKind::TooManyPartHeaders, i));
            }
            count += 1;
            let line = i;
            while i < stop && is(body[i], TCHAR) {
                i += 1;
            }
            if i == stop {
                return Err(past());
            }
            if i == line || body[i] != b':' {
                return Err(Error::new(ErrorKind::PartHeaderSyntax, i));
            }
            let colon = i;
            i += 1;
            while i < stop && is(body[i], VALUE) {
                i += 1;
            }
            if i + 1 >= stop {
                return Err(past());
            }
            if body[i] != b'\r' {
                return Err(Error::new(ErrorKind::PartHeaderSyntax, i));
            }
            if body[i + 1] != b'\n' {
                return Err(Error::new(ErrorKind::PartHeaderSyntax, i + 1));
            }
            let (vs, mut ve) = (skip_ows(body, colon + 1), i);
            while ve > vs && (body[ve - 1] == b' ' || body[ve - 1] == b'\t') {
                ve -= 1;
            }
            let name = &body[line..colon];
            let slot = if name.eq_ignore_ascii_case(b"content-disposition") {
                Some(&mut out.disposition)
            } else if name.eq_ignore_ascii_case(b"content-type") {
                Some(&mut out.content_type)
            } else {
                None
            };
            if let Some(slot) = slot {
                if slot.is_some() {
                    return Err(Error::new(ErrorKind::DuplicatePartHeader, line));
                }
                *slot = Some((vs, ve));
            }
            i += 2;
        }
    }
}

/// Parses a `Content-Disposition` value `body[start..end]` into its `name`
/// and `filename`.
#[inline]
fn disposition(
    body: &[u8],
    start: usize,
    end: usize,
) -> Result<(Param<'_>, Option<Param<'_>>), Error> {
    let v = &body[..end];
    let invalid = |at| Err(Error::new(ErrorKind::InvalidContentDisposition, at));
    let mut i = skip_token(v, start);
    if !v[start..i].eq_ignore_ascii_case(b"form-data") {
        return invalid(start);
    }
    let mut name: Option<Param<'_>> = None;
    let mut filename: Option<Param<'_>> = None;
    loop {
        i = skip_ows(v, i);
        match v.get(i) {
            None => break,
            Some(b';') => i = skip_ows(v, i + 1),
            Some(_) => return invalid(i),
        }
        let param_start = i;
        i = skip_token(v, i);
        if i == param_start {
            return invalid(i);
        }
        let param = &v[param_start..i];
        i = skip_ows(v, i);
        if v.get(i) != Some(&b'=') {
            return invalid(i);
        }
        i = skip_ows(v, i + 1);
        let value = if v.get(i) == Some(&b'"') {
            let q =
                quoted(v, i).map_err(|at| Error::new(ErrorKind::InvalidContentDisposition, at))?;
            let p = Param {
                raw: &v[i + 1..q.end],
                quoted: true,
                needs_decoding: q.needs_decoding,
            };
            i = q.end + 1;
            p
        } else {
            let value_start = i;
            i = skip_token(v, i);
            if i == value_start {
                return invalid(i);
            }
            Param {
                raw: &v[value_start..i],
                quoted: false,
                needs_decoding: false,
            }
        };
        let slot = if param.eq_ignore_ascii_case(b"name") {
            &mut name
        } else if param.eq_ignore_ascii_case(b"filename") {
            &mut filename
        } else {
            continue; // `filename*` (RFC 7578 §4.2) and anything else
        };
        if slot.is_some() {
            return invalid(param_start);
        }
        *slot = Some(value);
    }
    match name {
        Some(name) if !name.raw.is_empty() => Ok((name, filename)),
        _ => Err(Error::new(ErrorKind::MissingPartName, start)),
    }
}

impl<'a> Iterator for Parts<'a> {
    type Item = Result<Part<'a>, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        let body = self.body;
        let len = body.len();
        let blen = self.boundary.as_bytes().len();
        match self.state {
            State::Done => return None,
            State::Delimiter => {}
            State::Start => {
                let at_start =
                    body.starts_with(b"--") && body[2..].starts_with(self.boundary.as_bytes());
                self.pos = if at_start {
                    0
                } else {
                    match self.find_delimiter(0) {
                        Some(at) => at + 2,
                        None => return self.fail(ErrorKind::UnexpectedEnd, len),
                    }
                };
                self.state = State::Delimiter;
            }
        }
        // `body[pos..]` starts with `--boundary`.
        let mut i = self.pos + 2 + blen;
        if body[i..].starts_with(b"--") {
            self.state = State::Done;
            return None;
        }
        i = skip_ows(body, i);
        match body.get(i..i + 2) {
            Some(b"\r\n") => {}
            Some(_) => return self.fail(ErrorKind::InvalidDelimiter, i),
            None if body.get(i).is_none_or(|&b| b == b'\r') => {
                return self.fail(ErrorKind::UnexpectedEnd, len)
            }
            None => return self.fail(ErrorKind::InvalidDelimiter, i),
        }
        let start = i + 2;
        if self.count == self.max_parts {
            return self.fail(ErrorKind::TooManyParts, start);
        }
        self.count += 1;
        let headers = match self.headers(start) {
            Ok(h) => h,
            Err(e) => return self.fail(e.kind(), e.offset()),
        };
        let Some((ds, de)) = headers.disposition else {
            return self.fail(ErrorKind::InvalidContentDisposition, start);
        };
        let (name, filename) = match disposition(body, ds, de) {
            Ok(v) => v,
            Err(e) => return self.fail(e.kind(), e.offset()),
        };
        let data_start = headers.end + 2;
        let Some(end) = self.find_delimiter(data_start) else {
            return self.fail(ErrorKind::UnexpectedEnd, len);
        };
        self.pos = end + 2;
        Some(Ok(Part {
            name,
            filename,
            content_type: headers.content_type.map(|(s, e)| &body[s..e]),
            headers: &body[start..headers.end],
            data: &body[data_start..end],
            offset: start,
            #[cfg(feature = "bytes")]
            owner: self.owner,
        }))
    }
}

impl core::iter::FusedIterator for Parts<'_> {}

/// One part of a multipart body: slices of the body, nothing copied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part<'a> {
    name: Param<'a>,
    filename: Option<Param<'a>>,
    content_type: Option<&'a [u8]>,
    headers: &'a [u8],
    data: &'a [u8],
    offset: usize,
    #[cfg(feature = "bytes")]
    owner: Option<&'a bytes::Bytes>,
}

impl<'a> Part<'a> {
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

    /// Whether this is what a browser sends for a file input with no file
    /// chosen: `filename=""` and no data. Bind it as no file, not as an
    /// empty file.
    ///
    /// ```
    /// use binder_core::multipart::{parts, Boundary};
    ///
    /// let body = b"--b\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"\"\r\n\
    ///              Content-Type: application/octet-stream\r\n\r\n\r\n--b--\r\n";
    /// let part = parts(body, &Boundary::new(b"b")?).next().unwrap()?;
    /// assert!(part.is_file() && part.is_empty_file());
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[inline]
    pub fn is_empty_file(&self) -> bool {
        matches!(self.filename, Some(f) if f.raw.is_empty()) && self.data.is_empty()
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

    /// The part's content: a slice of the body, up to (not including) the
    /// CRLF before the next delimiter.
    #[inline]
    pub fn data(&self) -> &'a [u8] {
        self.data
    }

    /// The byte offset of the part's first header line in the body.
    #[inline]
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The `Bytes` the whole body is, when the scan was started on one
    /// ([`Input::shared`]): [`Part::data`] and the other slices are slices
    /// of it, and `owner.slice_ref(part.data())` shares them without a copy.
    #[cfg(feature = "bytes")]
    #[inline]
    pub fn owner(&self) -> Option<&'a bytes::Bytes> {
        self.owner
    }
}

/// A `Content-Disposition` parameter value (`name` or `filename`) as sent,
/// with the scan's note of whether decoding changes it.
///
/// ```
/// use binder_core::multipart::{parts, Boundary};
///
/// let body = b"--b\r\nContent-Disposition: form-data; name=\"a%22b\\\\c\"\r\n\r\n\r\n--b--";
/// let name = parts(body, &Boundary::new(b"b")?).next().unwrap()?.name();
/// assert_eq!(name.raw(), br#"a%22b\\c"#);
/// let mut scratch = [0u8; 16];
/// assert_eq!(&*name.decoded(&mut scratch).unwrap(), br#"a"b\c"#);
/// # Ok::<(), binder_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param<'a> {
    raw: &'a [u8],
    quoted: bool,
    needs_decoding: bool,
}

impl<'a> Param<'a> {
    /// The value as sent: between the quotes for a quoted value, escapes
    /// intact.
    #[inline]
    pub fn raw(&self) -> &'a [u8] {
        self.raw
    }

    /// Whether the value was a quoted string (rather than a token).
    #[inline]
    pub fn is_quoted(&self) -> bool {
        self.quoted
    }

    /// Whether the value holds a quoted pair (`\x`) or one of `%22`, `%0D`,
    /// `%0A`, so that decoding changes it.
    #[inline]
    pub fn needs_decoding(&self) -> bool {
        self.needs_decoding
    }

    /// The decoded value: borrowed when nothing changes, else written into
    /// `scratch`. `None` if it does not fit (a scratch as long as
    /// [`raw`](Param::raw) always fits).
    #[inline]
    pub fn decoded<'s>(&self, scratch: &'s mut [u8]) -> Option<Ref<'a, 's, [u8]>> {
        if !self.needs_decoding {
            return Some(Ref::Borrowed(self.raw));
        }
        let raw = self.raw;
        let mut i = 0;
        let mut o = 0;
        while i < raw.len() {
            let b = raw[i];
            let (out, step) = match b {
                // A valid quoted string never ends in a lone backslash.
                b'\\' => (raw[i + 1], 2),
                b'%' => match html_escape(raw.get(i + 1..i + 3)) {
                    Some(c) => (c, 3),
                    None => (b, 1),
                },
                _ => (b, 1),
            };
            *scratch.get_mut(o)? = out;
            o += 1;
            i += step;
        }
        Some(Ref::Copied(&scratch[..o]))
    }

    /// The decoded value, borrowed when nothing changes.
    ///
    /// ```
    /// use binder_core::multipart::{parts, Boundary};
    ///
    /// let body = b"--b\r\nContent-Disposition: form-data; name=f; filename=\"%22x%22.txt\"\r\n\r\n\r\n--b--";
    /// let part = parts(body, &Boundary::new(b"b")?).next().unwrap()?;
    /// assert_eq!(part.filename().unwrap().to_cow(), br#""x".txt"#.as_slice());
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn to_cow(&self) -> alloc::borrow::Cow<'a, [u8]> {
        use alloc::borrow::Cow;
        if !self.needs_decoding {
            return Cow::Borrowed(self.raw);
        }
        let mut out = alloc::vec![0u8; self.raw.len()];
        let n = self.decoded(&mut out).map_or(0, |d| d.len());
        out.truncate(n);
        Cow::Owned(out)
    }
}
