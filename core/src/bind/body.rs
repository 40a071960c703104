//! [`Body`]: a request's body classified by its `Content-Type`.

use crate::limits::Formats;

/// A request's body, classified by its `Content-Type`.
///
/// ```
/// use binder_core::bind::Body;
///
/// fn describe(body: Body<'_>) -> String {
///     match body {
///         Body::None => "no body".into(),
///         Body::Json(b) => format!("{} bytes of JSON", b.len()),
///         Body::Form(b) => format!("{} bytes of form", b.len()),
///         Body::Multipart { boundary, .. } => format!("multipart, boundary {}", String::from_utf8_lossy(boundary.as_bytes())),
///         Body::Invalid(e) => format!("unreadable: {e}"),
///         _ => "not read by binder".into(),
///     }
/// }
///
/// assert_eq!(describe(Body::classify(Some(b"application/json"), b"{}")), "2 bytes of JSON");
/// assert_eq!(describe(Body::classify(Some(b"multipart/form-data; boundary=xy"), b"--xy--")), "multipart, boundary xy");
/// assert!(describe(Body::classify(Some(b"multipart/form-data"), b"--xy--")).starts_with("unreadable"));
/// assert_eq!(describe(Body::classify(Some(b"text/csv"), b"a,b")), "not read by binder");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Body<'r> {
    /// No body, or an empty one.
    #[default]
    None,
    /// `application/json` or any `+json` type.
    Json(&'r [u8]),
    /// `application/x-www-form-urlencoded`.
    Form(&'r [u8]),
    /// `multipart/form-data` with its boundary.
    Multipart {
        /// The body bytes (and, with the `bytes` feature, the `Bytes` they
        /// are, when the adapter holds one).
        body: crate::multipart::Input<'r>,
        /// The boundary from the `Content-Type` parameter.
        boundary: crate::multipart::Boundary,
    },
    /// A body binder reads, with a `Content-Type` it cannot use (a
    /// multipart type without a valid boundary).
    Invalid(crate::Error),
    /// A body of a type binder does not read (or with no `Content-Type`).
    Unsupported,
    /// A JSON or urlencoded body whose `Content-Type` declares a `charset`
    /// other than UTF-8. binder reads both as UTF-8 only (JSON exchanged
    /// between systems is UTF-8, RFC 8259 §8.1; the urlencoded parser
    /// decodes UTF-8), so a type with `body` fields answers it with
    /// [`BindError::UnsupportedCharset`](super::BindError::UnsupportedCharset) (415), not with a field error per
    /// text field.
    UnsupportedCharset {
        /// The body bytes.
        body: &'r [u8],
        /// The format it would be read as: [`Formats::JSON`] or
        /// [`Formats::FORM`].
        format: Formats,
    },
    /// A body in a format of the service's own: the request walks it
    /// ([`Request::walk_custom`](super::Request::walk_custom)), as
    /// [`WithFormat`](super::WithFormat) does with a
    /// [`TextFormat`](super::TextFormat). Read only by a type whose `#[bind(accept = ..)]`
    /// names `custom`.
    Custom(&'r [u8]),
}

impl<'r> Body<'r> {
    /// Classifies `body` by its `Content-Type` value:
    /// - an empty body is [`Body::None`], whatever its type;
    /// - `application/json`, or any `type/subtype+json`, is JSON;
    /// - `application/x-www-form-urlencoded` is a form;
    /// - `multipart/form-data` is multipart, or [`Body::Invalid`] when its
    ///   boundary is missing or malformed;
    /// - anything else, or no `Content-Type`, is [`Body::Unsupported`].
    ///
    /// Type names are matched in any ASCII case. A JSON or urlencoded body
    /// with a `charset` parameter other than UTF-8 (`utf-8` or `utf8` in any
    /// case, quoted or not) is [`Body::UnsupportedCharset`]; multipart's
    /// own `charset` is not read (each part carries its own `Content-Type`).
    /// Other parameters are ignored.
    ///
    /// ```
    /// use binder_core::bind::Body;
    /// use binder_core::Formats;
    ///
    /// let b = b"{}";
    /// assert_eq!(Body::classify(Some(b"Application/JSON; charset=utf-8"), b), Body::Json(b));
    /// assert_eq!(Body::classify(Some(b"application/json;charset=\"UTF8\""), b), Body::Json(b));
    /// assert_eq!(Body::classify(Some(b"application/problem+json"), b), Body::Json(b));
    /// assert_eq!(
    ///     Body::classify(Some(b"application/json; charset=ISO-8859-1"), b),
    ///     Body::UnsupportedCharset { body: b, format: Formats::JSON },
    /// );
    /// assert_eq!(Body::classify(Some(b"text/plain"), b), Body::Unsupported);
    /// assert_eq!(Body::classify(None, b""), Body::None);
    /// ```
    pub fn classify(content_type: Option<&'r [u8]>, body: &'r [u8]) -> Body<'r> {
        if body.is_empty() {
            return Body::None;
        }
        let Some(ct) = content_type else {
            return Body::Unsupported;
        };
        // The spellings nearly every client sends, as sent: one compare.
        match ct {
            b"application/json" => return Body::Json(body),
            b"application/x-www-form-urlencoded" => return Body::Form(body),
            _ if ct.starts_with(b"multipart/form-data; ") => return multipart(ct, body),
            _ => {}
        }
        // The parameters, from the first `;` (the essence holds none).
        let (essence, params) = match ct.iter().position(|&b| b == b';') {
            Some(at) => ct.split_at(at),
            None => (ct, &[][..]),
        };
        let essence = trim_ascii(essence);
        if essence.eq_ignore_ascii_case(b"application/x-www-form-urlencoded") {
            return utf8_only(Body::Form(body), params, body, Formats::FORM);
        }
        if essence.eq_ignore_ascii_case(b"multipart/form-data") {
            return multipart(ct, body);
        }
        let Some(slash) = essence.iter().position(|&b| b == b'/') else {
            return Body::Unsupported;
        };
        let (kind, subtype) = (&essence[..slash], &essence[slash + 1..]);
        let json = subtype.eq_ignore_ascii_case(b"json")
            || (subtype.len() >= 5 && subtype[subtype.len() - 5..].eq_ignore_ascii_case(b"+json"));
        if json && !kind.is_empty() {
            return utf8_only(Body::Json(body), params, body, Formats::JSON);
        }
        Body::Unsupported
    }
}

/// A `multipart/form-data` body with the boundary of its `Content-Type`
/// value `ct`, or the reason it has none.
#[inline]
fn multipart<'r>(ct: &[u8], body: &'r [u8]) -> Body<'r> {
    match crate::multipart::Boundary::from_content_type(ct) {
        Ok(boundary) => Body::Multipart {
            body: crate::multipart::Input::new(body),
            boundary,
        },
        Err(e) => Body::Invalid(e),
    }
}

/// `text`, unless `params` (a `Content-Type` value from its first `;`)
/// declares a charset other than UTF-8.
#[cfg_attr(not(debug_assertions), inline(always))]
fn utf8_only<'r>(text: Body<'r>, params: &[u8], body: &'r [u8], format: Formats) -> Body<'r> {
    if params.is_empty() || charset_is_utf8(params) {
        text
    } else {
        Body::UnsupportedCharset { body, format }
    }
}

/// Whether every `charset` parameter in `params` (a `Content-Type` value
/// from its first `;`) names UTF-8: `utf-8` or `utf8` in any ASCII case, as
/// a token or a quoted string (RFC 9110 §5.6.6: its quoted pairs undone).
/// No `charset` parameter is UTF-8; an unterminated quoted one is not. A
/// parameter that does not parse is skipped to the next `;`; values are
/// walked as quoted strings, so a `;` or a `charset=` inside another
/// parameter's quoted value is not read as a parameter of its own. Spaces
/// around `=` (which RFC 9110 does not allow) are tolerated, so
/// `charset = latin1` is still read as a charset.
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
    let n = params.len();
    let mut i = 0;
    while i < n {
        if params[i] != b';' {
            i += 1; // the rest of a parameter that did not parse
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
            // A quoted string: at most five bytes (`utf-8`) are kept.
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
            i += 1; // the closing quote
            if charset && (!closed || len > value.len() || !is_utf8(&value[..len])) {
                return false;
            }
        } else {
            let start = i;
            while i < n && params[i] != b';' {
                i += 1;
            }
            if charset && !is_utf8(trim_ascii(&params[start..i])) {
                return false;
            }
        }
    }
    true
}

impl<'r> Body<'r> {
    /// [`Body::classify`] of a body held as `bytes::Bytes`: a multipart
    /// body keeps it, so uploaded files share its buffer
    /// ([`UploadedFile`](super::UploadedFile)) instead of being copied.
    ///
    /// ```
    /// use binder_core::bind::Body;
    /// use bytes::Bytes;
    ///
    /// let body = Bytes::from_static(b"--B\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--B--\r\n");
    /// let Body::Multipart { body: input, .. } = Body::classify_bytes(Some(b"multipart/form-data; boundary=B"), &body) else {
    ///     panic!("multipart");
    /// };
    /// // The parts will know the `Bytes` they are slices of.
    /// assert_eq!(input.owner(), Some(&body));
    /// // Any other type is classified as `Body::classify` does.
    /// assert_eq!(Body::classify_bytes(Some(b"application/json"), &Bytes::from_static(b"1")), Body::Json(b"1"));
    /// ```
    #[cfg(feature = "bytes")]
    pub fn classify_bytes(content_type: Option<&'r [u8]>, body: &'r bytes::Bytes) -> Body<'r> {
        match Body::classify(content_type, body) {
            Body::Multipart { boundary, .. } => Body::Multipart {
                body: crate::multipart::Input::shared(body),
                boundary,
            },
            other => other,
        }
    }
}

fn trim_ascii(mut s: &[u8]) -> &[u8] {
    while let [b' ' | b'\t', rest @ ..] = s {
        s = rest;
    }
    while let [rest @ .., b' ' | b'\t'] = s {
        s = rest;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ct(value: &'static str) -> Body<'static> {
        Body::classify(Some(value.as_bytes()), b"x")
    }

    #[test]
    fn utf8_charsets_are_text_in_any_spelling() {
        for value in [
            "application/json",
            "application/json;charset=utf-8",
            "application/json; charset=UTF-8",
            "application/json; CHARSET=Utf8",
            "application/json; charset=\"utf-8\"",
            "application/json; charset=\"u\\tf-8\"",
            "application/json ; charset = utf-8 ; q=1",
            "application/json; a=\"x;charset=latin1\"; charset=utf-8",
            "application/json; charset=utf-8; charset=utf8",
            "application/json; nonsense; charset=utf-8",
        ] {
            assert_eq!(ct(value), Body::Json(b"x"), "{value}");
        }
        assert_eq!(
            ct("application/x-www-form-urlencoded; charset=UTF-8"),
            Body::Form(b"x")
        );
    }

    #[test]
    fn other_charsets_are_refused_for_json_and_forms_only() {
        for value in [
            "application/json; charset=ISO-8859-1",
            "application/json; charset=\"latin1\"",
            "application/json; charset=\"utf-8x\"",
            "application/json; charset=",
            "application/json; charset=\"\"",
            "application/json; charset = utf-16",
            "application/json; charset=utf-8; charset=latin1",
            "application/json; charset=\"utf-8",
            "application/json; charset=utf-8 x",
        ] {
            assert_eq!(
                ct(value),
                Body::UnsupportedCharset {
                    body: b"x",
                    format: Formats::JSON
                },
                "{value}"
            );
        }
        assert_eq!(
            ct("application/x-www-form-urlencoded; charset=windows-1252"),
            Body::UnsupportedCharset {
                body: b"x",
                format: Formats::FORM
            }
        );
        // Multipart's own charset is not read; each part has its own.
        assert!(matches!(
            ct("multipart/form-data; charset=latin1; boundary=B"),
            Body::Multipart { .. }
        ));
        assert_eq!(ct("text/plain; charset=latin1"), Body::Unsupported);
    }
}
