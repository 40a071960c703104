//! The boundary, from a `Content-Type` value, and the byte classes, token
//! and quoted-string scanning that it and the part headers share.

use crate::error::{Error, ErrorKind};
use core::fmt;

/// The longest boundary RFC 2046 allows, in bytes.
///
/// ```
/// use binder_core::multipart::{Boundary, MAX_BOUNDARY_LEN};
///
/// assert!(Boundary::new(&[b'x'; MAX_BOUNDARY_LEN]).is_ok());
/// assert!(Boundary::new(&[b'x'; MAX_BOUNDARY_LEN + 1]).is_err());
/// ```
pub const MAX_BOUNDARY_LEN: usize = 70;

/// Byte classes, one bit each, looked up in [`CLASS`].
pub(super) const TCHAR: u8 = 1; // RFC 9110 token character
pub(super) const VALUE: u8 = 2; // allowed in a header value: HTAB, SP, VCHAR, obs-text
const BCHAR: u8 = 4; // RFC 2046 boundary character
const PLAIN: u8 = 8; // both: a boundary a token holds (letters, digits, `'+_-.`)
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
    let mut b = 0;
    while b < 256 {
        if t[b] & (TCHAR | BCHAR) == TCHAR | BCHAR {
            t[b] |= PLAIN;
        }
        b += 1;
    }
    t
};

#[inline]
pub(super) fn is(b: u8, class: u8) -> bool {
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
        // What browsers and HTTP clients send, exactly: the type, one
        // parameter, a boundary of letters, digits and `'+_-.` (a token
        // and a boundary both). Read as the general parse reads it.
        const AS_SENT: &[u8] = b"multipart/form-data; boundary=";
        if let Some(rest) = value.strip_prefix(AS_SENT) {
            if (1..=MAX_BOUNDARY_LEN).contains(&rest.len())
                && rest.iter().fold(PLAIN, |ok, &b| ok & CLASS[usize::from(b)]) != 0
            {
                let mut bytes = [0u8; MAX_BOUNDARY_LEN];
                bytes[..rest.len()].copy_from_slice(rest);
                #[allow(clippy::cast_possible_truncation)] // at most 70
                return Ok(Boundary {
                    bytes,
                    len: rest.len() as u8,
                });
            }
        }
        Self::parse_content_type(value)
    }

    /// [`Boundary::from_content_type`] for any spelling (RFC 9110
    /// parameters, quoted values, any case).
    fn parse_content_type(value: &[u8]) -> Result<Boundary, Error> {
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
pub(super) fn skip_ows(v: &[u8], mut i: usize) -> usize {
    while i < v.len() && (v[i] == b' ' || v[i] == b'\t') {
        i += 1;
    }
    i
}

#[inline]
pub(super) fn skip_token(v: &[u8], mut i: usize) -> usize {
    while i < v.len() && is(v[i], TCHAR) {
        i += 1;
    }
    i
}

/// A quoted string scanned by [`quoted`].
pub(super) struct Quoted {
    /// Index of the closing quote.
    pub(super) end: usize,
    /// Whether the content holds a quoted pair or a `%22`/`%0D`/`%0A`.
    pub(super) needs_decoding: bool,
}

/// Scans the RFC 9110 quoted string whose opening quote is at `v[open]`.
/// `Err` holds the offset of an invalid byte, or `v.len()` if unterminated.
#[inline]
pub(super) fn quoted(v: &[u8], open: usize) -> Result<Quoted, usize> {
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
pub(super) fn html_escape(hex: Option<&[u8]>) -> Option<u8> {
    match hex? {
        b"22" => Some(b'"'),
        b"0D" | b"0d" => Some(b'\r'),
        b"0A" | b"0a" => Some(b'\n'),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{Boundary, MAX_BOUNDARY_LEN};

    /// The spelling read by the fast path is read exactly as the general
    /// parse reads it, boundary or error, for boundaries of every length
    /// and of bytes in and out of the fast path's set.
    #[test]
    fn the_fast_path_reads_as_the_general_parse() {
        let alphabet = b"aZ09'+_-.()/:=?, ;\"\\\t!#";
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut fast = 0;
        for n in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let len = (x % (MAX_BOUNDARY_LEN as u64 + 4)) as usize;
            let mut value = alloc::vec::Vec::from(&b"multipart/form-data; boundary="[..]);
            let mut y = x;
            for k in 0..len {
                // Mostly the fast path's own bytes, sometimes any other.
                let pick = if n % 3 == 0 {
                    y % alphabet.len() as u64
                } else {
                    y % 9
                };
                value.push(alphabet[pick as usize]);
                y = y.rotate_left(7) ^ (k as u64);
            }
            let (a, b) = (
                Boundary::from_content_type(&value),
                Boundary::parse_content_type(&value),
            );
            assert!(
                a == b,
                "{:?}",
                alloc::string::String::from_utf8_lossy(&value)
            );
            fast += usize::from(a.is_ok());
        }
        assert!(fast > 5_000, "the fast path was taken {fast} times");
    }
}
