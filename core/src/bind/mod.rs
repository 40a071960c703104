//! The binding engine that `#[derive(Bind)]` targets: the [`Bind`] trait,
//! the [`Request`] view adapters implement, field types ([`Field`]) and
//! errors ([`Errors`]).
//!
//! A bind walks each source of a request once: path parameters, the query
//! string, the headers (cookies included) and the body. Generated code
//! dispatches each key to its field with a `match` on the key's bytes and
//! keeps which fields were bound in a stack [`Bits`](crate::Bits). Nothing is
//! allocated for bookkeeping, and nothing for errors until one happens.

mod body;
#[cfg(feature = "alloc")]
pub(crate) mod boxed;
mod context;
pub(crate) mod cx;
#[cfg(feature = "serde")]
mod de;
mod errors;
pub(crate) mod field;
mod field_path;
mod file;
pub(crate) mod flatten;
mod format;
pub mod json;
#[cfg(feature = "alloc")]
mod list;
#[cfg(feature = "alloc")]
mod map_field;
mod patch;
mod raw_json;
mod tuple;
pub(crate) mod variant;

pub use body::Body;
#[cfg(feature = "alloc")]
pub use context::ContextValues;
pub use context::{Context, WithContext};
pub use cx::FieldCx;
pub use errors::{BindError, Errors, FieldError, FieldErrorKind, Source};
pub use field::{Field, Rejected, Value};
pub use field_path::{next_segment, parse_index, split_path, FieldPath, KeyBytes, Segment};
pub use file::FilePart;
#[cfg(feature = "bytes")]
pub use file::UploadedFile;
pub use format::{TextFormat, WithFormat};
#[cfg(feature = "alloc")]
pub use list::Element;
pub use raw_json::RawJson;

use crate::limits::Limits;

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

    /// Whether `Self` has `#[bind(context)]` fields: an adapter that finds
    /// context values beside a request (binder-axum, in its extensions)
    /// looks them up only then. The derive sets it.
    const READS_CONTEXT: bool = false;

    /// The names of the form body keys `Self` reads (a key's name is the
    /// key, or what comes before its first `[` or `.`, as in `items[0]`):
    /// what [`form::Keep`](crate::form::Keep) keeps of a body read in
    /// chunks. `None`, the default, when any key may matter: a type with
    /// `deny_unknown_fields` (it reports every key it has no field for),
    /// a flattened field, a `raw_body` or `whole_body` field, or a type
    /// the derive did not write. The derive sets it.
    #[doc(hidden)]
    const FORM_KEYS: Option<&'static [&'static str]> = None;

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

    /// Calls `f` with each context value's name and value: what the
    /// service adds about the request (an authenticated user, a tenant),
    /// for `#[bind(context)]` fields. The default has none; [`WithContext`]
    /// hands over a [`Context`]'s.
    #[inline]
    fn context<F: FnMut(&str, crate::convert::Raw<'r>)>(&self, f: F) {
        let _ = f;
    }

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
