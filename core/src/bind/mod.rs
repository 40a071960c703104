//! The binding engine that `#[derive(Bind)]` targets: the [`Bind`] trait,
//! the [`Request`] view adapters implement, field types ([`Field`]) and
//! errors ([`Errors`]).
//!
//! A bind walks each source of a request once: path parameters, the query
//! string, the headers (cookies included) and the body. Generated code
//! dispatches each key to its field with a `match` on the key's bytes and
//! keeps which fields were bound in a stack [`Bits`](crate::Bits). Nothing is
//! allocated for bookkeeping, and nothing for errors until one happens.

#[cfg(feature = "alloc")]
pub(crate) mod boxed;
pub(crate) mod cx;
mod errors;
pub(crate) mod field;
mod field_path;
mod file;
mod format;
pub mod json;
#[cfg(feature = "alloc")]
mod map_field;

pub use cx::FieldCx;
pub use errors::{BindError, Errors, FieldError, FieldErrorKind, Source};
pub use field::{Field, Rejected, Value};
pub use field_path::{next_segment, parse_index, split_path, FieldPath, KeyBytes, Segment};
pub use file::FilePart;
#[cfg(feature = "bytes")]
pub use file::UploadedFile;
pub use format::{TextFormat, WithFormat};

use crate::limits::{Formats, Limits};

/// A type that binds from a request.
///
/// Implemented by `#[derive(Bind)]`; `'r` is the request's lifetime, so
/// fields may borrow from it (`&'r str`, `Cow<'r, str>`).
///
/// ```
/// use binder_core::bind::{Bind, BindError, Parts};
/// use binder_core::Limits;
///
/// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
/// struct Search<'r> {
///     #[bind(query)]
///     q: &'r str,
///     #[bind(query)]
///     tags: Vec<u32>,
/// }
///
/// let req = Parts { query: Some("q=tea&tags=1&tags=2"), ..Parts::default() };
/// let s = Search::bind(&req).unwrap();
/// assert_eq!((s.q, s.tags), ("tea", vec![1, 2]));
///
/// // Under limits of your own: a query past `max_pairs` is not read.
/// let mut limits = Limits::DEFAULT;
/// limits.max_pairs = 2;
/// let err = Search::bind_with(&req, &limits).err().unwrap();
/// assert!(matches!(err, BindError::Malformed { .. }) && err.is_limit());
/// ```
pub trait Bind<'r>: Sized {
    /// Binds `Self` from `req` under `limits`, reporting every failing field.
    ///
    /// # Errors
    /// [`BindError::Fields`] lists every field that failed, with its source
    /// and path; [`BindError::Malformed`] when a source could not be read or
    /// passed a limit; [`BindError::UnsupportedMediaType`] when the type has
    /// body fields and the body is of a kind binder does not read, or of a
    /// format the type or [`Limits::formats`] does not accept (checked
    /// before any field is read); [`BindError::UnsupportedCharset`] for a
    /// JSON or urlencoded body in a charset other than UTF-8.
    fn bind_with<R: Request<'r>>(req: &R, limits: &Limits) -> Result<Self, BindError>;

    /// [`Bind::bind_with`] under [`Limits::DEFAULT`].
    ///
    /// # Errors
    /// As [`Bind::bind_with`].
    #[inline]
    fn bind<R: Request<'r>>(req: &R) -> Result<Self, BindError> {
        Self::bind_with(req, &Limits::DEFAULT)
    }
}

/// A bound type that owns everything it holds: it binds from a request of
/// any lifetime and outlives it (`for<'r> Bind<'r>`), as an extractor that
/// reads the body and hands the value to a handler needs.
/// `#[derive(Bind)]` implements it for a struct without a lifetime; a type
/// that borrows from the request (`&'r str`, `Cow<'r, str>`, `FilePart<'r>`)
/// cannot be one, and the compiler says so through this trait.
///
/// ```
/// use binder_core::bind::{Bind, OwnedBind, Parts};
///
/// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
/// # struct Page { #[bind(query)] page: u32 }
/// /// Binds from a query string that is gone when the value is returned.
/// fn from_query<T: OwnedBind>(query: String) -> Option<T> {
///     T::bind(&Parts { query: Some(&query), ..Parts::default() }).ok()
/// }
///
/// let page: Page = from_query("page=3".to_owned()).unwrap();
/// assert_eq!(page.page, 3);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` borrows from the request, so it cannot outlive it",
    label = "this type holds `&'r str`, `Cow<'r, str>`, `FilePart<'r>` or another borrowed field",
    note = "an extractor reads the request, binds, and hands the value on after the request is gone: bind a type that owns its fields (`String`, `UploadedFile`, ...)",
    note = "or keep the request and bind inside the handler: `binder_axum::Binder`, `binder_actix::ActixRequest`, `binder_http::bind_parts`"
)]
pub trait OwnedBind: for<'r> Bind<'r> {}

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
    /// [`BindError::UnsupportedCharset`] (415), not with a field error per
    /// text field.
    UnsupportedCharset {
        /// The body bytes.
        body: &'r [u8],
        /// The format it would be read as: [`Formats::JSON`] or
        /// [`Formats::FORM`].
        format: Formats,
    },
    /// A body in a format of the service's own: the request walks it
    /// ([`Request::walk_custom`]), as [`WithFormat`] does with a
    /// [`TextFormat`]. Read only by a type whose `#[bind(accept = ..)]`
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
            return match crate::multipart::Boundary::from_content_type(ct) {
                Ok(boundary) => Body::Multipart {
                    body: crate::multipart::Input::new(body),
                    boundary,
                },
                Err(e) => Body::Invalid(e),
            };
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

/// `text`, unless `params` (a `Content-Type` value from its first `;`)
/// declares a charset other than UTF-8.
#[inline(always)]
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
    /// ([`UploadedFile`]) instead of being copied.
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

/// What a bind reads from a request. Adapters implement it for their
/// request types; [`Parts`] implements it over plain slices.
///
/// Every method walks its source once, handing each item to `f`; none
/// allocates.
///
/// A server whose request type is not `http`'s implements it:
///
/// ```
/// use binder_core::bind::{Bind, Body, Request};
///
/// /// A request as a CGI script sees it.
/// struct Cgi<'r> {
///     query: &'r str,
///     content_type: Option<&'r [u8]>,
///     user_agent: &'r [u8],
///     stdin: &'r [u8],
/// }
///
/// impl<'r> Request<'r> for Cgi<'r> {
///     fn path_params<F: FnMut(&str, &'r str)>(&self, _: F) {}
///
///     fn query(&self) -> Option<&'r str> {
///         Some(self.query)
///     }
///
///     fn headers<F: FnMut(&[u8], &'r [u8]) -> bool>(&self, mut f: F) {
///         f(b"user-agent", self.user_agent);
///     }
///
///     fn body(&self) -> Body<'r> {
///         Body::classify(self.content_type, self.stdin)
///     }
/// }
///
/// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
/// struct Vote<'r> {
///     #[bind(query)]
///     poll: u32,
///     #[bind(header = "User-Agent")]
///     agent: &'r str,
///     #[bind(body)]
///     choice: &'r str,
/// }
///
/// let req = Cgi {
///     query: "poll=4",
///     content_type: Some(b"application/x-www-form-urlencoded"),
///     user_agent: b"curl/8",
///     stdin: b"choice=tea",
/// };
/// let v = Vote::bind(&req).unwrap();
/// assert_eq!((v.poll, v.agent, v.choice), (4, "curl/8", "tea"));
/// assert_eq!(req.raw_body(), b"choice=tea");
/// ```
pub trait Request<'r> {
    /// Whether [`Request::path_params`] hands over values its router has
    /// already percent-decoded (bound as they are), rather than raw ones
    /// (decoded once by binder, the default). Never both: `%2541` is `%41`
    /// decoded once, and `A` decoded twice.
    const PATH_DECODED: bool = false;

    /// Calls `f` with each path parameter's name and value: raw
    /// (percent-encoded) unless [`Request::PATH_DECODED`].
    fn path_params<F: FnMut(&str, &'r str)>(&self, f: F);

    /// The raw query string, without the `?`.
    fn query(&self) -> Option<&'r str>;

    /// Calls `f` with each header line's name, in ASCII lower case, and
    /// value, in order, until `f` returns `false`. A `Cookie` header is
    /// passed like any other.
    fn headers<F: FnMut(&[u8], &'r [u8]) -> bool>(&self, f: F);

    /// The body, classified.
    fn body(&self) -> Body<'r>;

    /// Walks a [`Body::Custom`] body (`body`, its bytes) once, calling `f`
    /// with each key and text value in order, as a [`TextFormat`] does;
    /// the default has nothing to walk. [`WithFormat`] implements it.
    ///
    /// # Errors
    /// The format's, for a body that does not follow it or passes a limit.
    #[inline]
    fn walk_custom<F>(&self, body: &'r [u8], limits: &Limits, f: F) -> Result<(), crate::Error>
    where
        F: FnMut(crate::convert::Ref<'r, '_, [u8]>, crate::convert::Raw<'r>),
    {
        let _ = (body, limits, f);
        Ok(())
    }

    /// The body's bytes as sent, whatever its type, for `#[bind(raw_body)]`
    /// fields. The default recovers them from [`Request::body`], which
    /// keeps no bytes for [`Body::Unsupported`] and [`Body::Invalid`]:
    /// adapters that hold the bytes return them.
    #[inline]
    fn raw_body(&self) -> &'r [u8] {
        match self.body() {
            Body::Json(b) | Body::Form(b) | Body::Custom(b) => b,
            Body::Multipart { body, .. } => body.bytes(),
            Body::UnsupportedCharset { body, .. } => body,
            _ => &[],
        }
    }
}

/// A type the whole body converts into, for a `#[bind(raw_body)]` field:
/// `&[u8]` and `Vec<u8>` take the bytes as they are, `&str`, `Cow<str>` and
/// `String` take them as UTF-8 text.
///
/// ```
/// use binder_core::bind::FromBody;
///
/// assert_eq!(<&str>::from_body(b"{}"), Ok("{}"));
/// assert!(<&str>::from_body(b"\xff").is_err());
/// ```
pub trait FromBody<'r>: Sized {
    /// Converts the body's bytes.
    ///
    /// # Errors
    /// [`ValueErrorKind::InvalidUtf8`](crate::ValueErrorKind::InvalidUtf8)
    /// for a text type and bytes that are not UTF-8.
    fn from_body(bytes: &'r [u8]) -> Result<Self, crate::ValueError>;
}

impl<'r> FromBody<'r> for &'r [u8] {
    #[inline]
    fn from_body(bytes: &'r [u8]) -> Result<Self, crate::ValueError> {
        Ok(bytes)
    }
}

impl<'r> FromBody<'r> for &'r str {
    #[inline]
    fn from_body(bytes: &'r [u8]) -> Result<Self, crate::ValueError> {
        crate::convert::utf8(bytes)
    }
}

#[cfg(feature = "alloc")]
impl<'r> FromBody<'r> for alloc::borrow::Cow<'r, str> {
    #[inline]
    fn from_body(bytes: &'r [u8]) -> Result<Self, crate::ValueError> {
        crate::convert::utf8(bytes).map(alloc::borrow::Cow::Borrowed)
    }
}

#[cfg(feature = "alloc")]
impl<'r> FromBody<'r> for alloc::string::String {
    #[inline]
    fn from_body(bytes: &'r [u8]) -> Result<Self, crate::ValueError> {
        crate::convert::utf8(bytes).map(alloc::string::String::from)
    }
}

#[cfg(feature = "bytes")]
impl<'r> FromBody<'r> for bytes::Bytes {
    #[inline]
    fn from_body(bytes: &'r [u8]) -> Result<Self, crate::ValueError> {
        Ok(bytes::Bytes::copy_from_slice(bytes))
    }
}

#[cfg(feature = "alloc")]
impl<'r> FromBody<'r> for alloc::vec::Vec<u8> {
    #[inline]
    fn from_body(bytes: &'r [u8]) -> Result<Self, crate::ValueError> {
        Ok(bytes.to_vec())
    }
}

/// A request as plain slices: for tests, `no_std` users and adapters that
/// already hold the pieces.
///
/// ```
/// use binder_core::bind::{Bind, Body, Parts};
///
/// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
/// struct Page<'r> {
///     #[bind(path)]
///     team: u32,
///     #[bind(query)]
///     page: u32,
///     #[bind(header = "X-Request-ID")]
///     trace: &'r str,
///     #[bind(body)]
///     sort: &'r str,
/// }
///
/// let req = Parts {
///     path: &[("team", "7")],
///     query: Some("page=2"),
///     headers: &[("X-Request-ID", b"abc")],
///     body: Body::Json(br#"{"sort":"name"}"#),
/// };
/// let p = Page::bind(&req).unwrap();
/// assert_eq!((p.team, p.page, p.trace, p.sort), (7, 2, "abc", "name"));
/// ```
///
/// The lists may be short-lived (`'a`); only the values must live as long as
/// the bound struct borrows them (`'r`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Parts<'a, 'r> {
    /// Path parameters: name and raw value.
    pub path: &'a [(&'a str, &'r str)],
    /// The raw query string (as `http::Uri` holds it: text, not decoded).
    pub query: Option<&'r str>,
    /// Header lines: name (any case) and value.
    pub headers: &'a [(&'a str, &'r [u8])],
    /// The body.
    pub body: Body<'r>,
}

/// Header names longer than this are passed to `f` as they are, not
/// lower-cased (none of them can be a field's header, see the derive).
const HEADER_NAME_BUF: usize = crate::__private_0_1::MAX_KEY;

impl<'r> Request<'r> for Parts<'_, 'r> {
    #[inline]
    fn path_params<F: FnMut(&str, &'r str)>(&self, mut f: F) {
        for (name, value) in self.path {
            f(name, value);
        }
    }

    #[inline]
    fn query(&self) -> Option<&'r str> {
        self.query
    }

    fn headers<F: FnMut(&[u8], &'r [u8]) -> bool>(&self, mut f: F) {
        let mut buf = [0u8; HEADER_NAME_BUF];
        for (name, value) in self.headers {
            let name = name.as_bytes();
            let go_on = if name.len() <= HEADER_NAME_BUF && name.iter().any(u8::is_ascii_uppercase)
            {
                let lower = &mut buf[..name.len()];
                lower.copy_from_slice(name);
                lower.make_ascii_lowercase();
                f(lower, value)
            } else {
                f(name, value)
            };
            if !go_on {
                break;
            }
        }
    }

    #[inline]
    fn body(&self) -> Body<'r> {
        self.body
    }
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
