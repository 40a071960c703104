//! Body formats of a service's own: a [`TextFormat`] walks its body as
//! keys and text values, and [`WithFormat`] hands it to any [`Request`],
//! so a derived type's `body` fields bind from it with no change to
//! binder or to the derive.

use super::{Body, Request};
use crate::convert::{Raw, Ref};
use crate::{Error, Limits};

/// A body format whose pieces are keys and text values (`key: value`
/// lines, a CSV header row and one record, a `text/plain` form...), read
/// for a type's `body` fields.
///
/// A key is matched as a field's `body` key is in a urlencoded form:
/// whole, or as a path (`items[0][sku]`, `address[city]`) into a nested
/// struct, list or map. A value is a [`Raw`]: [`Raw::plain`] bytes are
/// taken as they are, [`Raw::form`] ones are percent-decoded. A key may be
/// handed over borrowed from the body ([`Ref::Borrowed`], which a
/// borrowing map key can keep) or decoded into scratch ([`Ref::Copied`]).
///
/// A type reads a custom format only when its `#[bind(accept = ..)]` names
/// `custom` (and [`Limits::formats`] keeps
/// [`Formats::CUSTOM`](crate::Formats::CUSTOM), as the default does):
/// see [`WithFormat`] for a whole example. A format is checked as
/// binder's scanners are, by walking bodies and looking at what it hands
/// over:
///
/// ```
/// use binder_core::bind::TextFormat;
/// use binder_core::convert::{Raw, Ref};
/// use binder_core::{Error, ErrorKind, Limits};
///
/// /// One `key,value` record per line, `text/csv`.
/// struct Csv;
///
/// impl TextFormat for Csv {
///     fn reads(&self, content_type: Option<&[u8]>) -> bool {
///         content_type.is_some_and(|ct| ct.starts_with(b"text/csv"))
///     }
///
///     fn walk<'r, F>(&self, body: &'r [u8], limits: &Limits, mut f: F) -> Result<(), Error>
///     where
///         F: FnMut(Ref<'r, '_, [u8]>, Raw<'r>),
///     {
///         let mut at = 0;
///         for (n, line) in body.split(|&b| b == b'\n').enumerate() {
///             if n == limits.max_pairs {
///                 return Err(Error::new(ErrorKind::TooManyPairs, at));
///             }
///             let comma = line.iter().position(|&b| b == b',');
///             let comma = comma.ok_or(Error::new(ErrorKind::BodySyntax, at))?;
///             f(Ref::Borrowed(&line[..comma]), Raw::plain(&line[comma + 1..]));
///             at += line.len() + 1;
///         }
///         Ok(())
///     }
/// }
///
/// assert!(Csv.reads(Some(b"text/csv; header=absent")) && !Csv.reads(None));
/// let mut pairs = Vec::new();
/// Csv.walk(b"qty,3\nsku,a+b", &Limits::DEFAULT, |key, value| {
///     pairs.push((key.to_vec(), value.bytes()));
/// })?;
/// assert_eq!(pairs, [(b"qty".to_vec(), &b"3"[..]), (b"sku".to_vec(), b"a+b")]);
/// let err = Csv.walk(b"qty,3\nsku", &Limits::DEFAULT, |_, _| {}).unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::BodySyntax, 6));
/// # Ok::<(), Error>(())
/// ```
pub trait TextFormat {
    /// Whether a body with this `Content-Type` value (`None` when none was
    /// sent) is in this format. Asked only of a body binder does not read
    /// itself (JSON, urlencoded and multipart bodies never are).
    fn reads(&self, content_type: Option<&[u8]>) -> bool;

    /// Walks `body` once, calling `f` with each key and value in order.
    ///
    /// # Errors
    /// A body that does not follow the format
    /// ([`ErrorKind::BodySyntax`](crate::ErrorKind::BodySyntax), at the
    /// offending byte), or one past `limits` (as the urlencoded scanner
    /// reports them: [`ErrorKind::TooManyPairs`](crate::ErrorKind::TooManyPairs)
    /// past [`Limits::max_pairs`], [`ErrorKind::KeyTooLong`](crate::ErrorKind::KeyTooLong)
    /// past [`Limits::max_key_len`]). Binding stops there and answers
    /// [`BindError::Malformed`](super::BindError::Malformed) with the
    /// source `body`.
    fn walk<'r, F>(&self, body: &'r [u8], limits: &Limits, f: F) -> Result<(), Error>
    where
        F: FnMut(Ref<'r, '_, [u8]>, Raw<'r>);
}

impl<T: TextFormat + ?Sized> TextFormat for &T {
    #[inline]
    fn reads(&self, content_type: Option<&[u8]>) -> bool {
        (**self).reads(content_type)
    }

    #[inline]
    fn walk<'r, F>(&self, body: &'r [u8], limits: &Limits, f: F) -> Result<(), Error>
    where
        F: FnMut(Ref<'r, '_, [u8]>, Raw<'r>),
    {
        (**self).walk(body, limits, f)
    }
}

/// A request whose body may also be in a [`TextFormat`] of the service's
/// own: a body of a type binder does not read, and that the format
/// [`reads`](TextFormat::reads), is [`Body::Custom`], walked by the format.
/// Everything else is the wrapped request's.
///
/// The wrapped request's [`Request::raw_body`] must return the body's bytes
/// whatever its type (the `http`, hyper, axum and actix adapters' requests
/// do). One format per request: a `WithFormat` around another would walk
/// every [`Body::Custom`] with the outer one's format.
///
/// ```
/// use binder_core::bind::{Bind, BindError, Body, Parts, TextFormat, WithFormat};
/// use binder_core::convert::{Raw, Ref};
/// use binder_core::{Error, ErrorKind, Limits};
///
/// /// `key=value` lines, `text/x-lines`.
/// struct Lines;
///
/// impl TextFormat for Lines {
///     fn reads(&self, content_type: Option<&[u8]>) -> bool {
///         content_type == Some(b"text/x-lines")
///     }
///
///     fn walk<'r, F>(&self, body: &'r [u8], _: &Limits, mut f: F) -> Result<(), Error>
///     where
///         F: FnMut(Ref<'r, '_, [u8]>, Raw<'r>),
///     {
///         let mut at = 0;
///         for line in body.split(|&b| b == b'\n') {
///             let eq = line.iter().position(|&b| b == b'=');
///             let eq = eq.ok_or(Error::new(ErrorKind::BodySyntax, at))?;
///             f(Ref::Borrowed(&line[..eq]), Raw::plain(&line[eq + 1..]));
///             at += line.len() + 1;
///         }
///         Ok(())
///     }
/// }
///
/// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
/// #[bind(accept = "form, custom")]
/// struct Note<'r> {
///     #[bind(query)]
///     draft: bool,
///     #[bind(body)]
///     title: &'r str,
///     #[bind(body)]
///     tags: Vec<u32>,
/// }
///
/// // `Parts` holds a body already classified; an adapter's request
/// // (`binder_http::HttpRequest`...) is classified by its `Content-Type`.
/// let body = Body::Custom(b"title=a+b\ntags=1\ntags=2");
/// let req = Parts { query: Some("draft=true"), body, ..Parts::default() };
/// let with_lines = WithFormat::new(req, Lines);
/// assert_eq!(with_lines.request().query, Some("draft=true"));
/// let note = Note::bind(&with_lines).unwrap();
/// assert_eq!((note.draft, note.title, note.tags), (true, "a+b", vec![1, 2]));
///
/// let bad = Parts { body: Body::Custom(b"title=x\nnonsense"), ..req };
/// let err = Note::bind(&WithFormat::new(bad, Lines)).err().unwrap();
/// assert!(matches!(err, BindError::Malformed { error, .. } if error.offset() == 8));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct WithFormat<R, F> {
    request: R,
    format: F,
}

impl<R, F> WithFormat<R, F> {
    /// `request`, with bodies in `format` read as [`Body::Custom`].
    #[inline]
    pub const fn new(request: R, format: F) -> Self {
        WithFormat { request, format }
    }

    /// The wrapped request.
    #[inline]
    pub const fn request(&self) -> &R {
        &self.request
    }
}

impl<'r, R: Request<'r>, F: TextFormat> Request<'r> for WithFormat<R, F> {
    const PATH_DECODED: bool = R::PATH_DECODED;

    #[inline]
    fn path_params<P: FnMut(&str, &'r str)>(&self, f: P) {
        self.request.path_params(f);
    }

    #[inline]
    fn query(&self) -> Option<&'r str> {
        self.request.query()
    }

    #[inline]
    fn headers<H: FnMut(&[u8], &'r [u8]) -> bool>(&self, f: H) {
        self.request.headers(f);
    }

    fn body(&self) -> Body<'r> {
        match self.request.body() {
            Body::Unsupported => {
                let mut content_type = None;
                self.request.headers(|name, value| {
                    if name == b"content-type" {
                        content_type = Some(value);
                    }
                    content_type.is_none()
                });
                if self.format.reads(content_type) {
                    Body::Custom(self.request.raw_body())
                } else {
                    Body::Unsupported
                }
            }
            body => body,
        }
    }

    #[inline]
    fn context<C: FnMut(&str, Raw<'r>)>(&self, f: C) {
        self.request.context(f);
    }

    #[inline]
    fn walk_custom<W>(&self, body: &'r [u8], limits: &Limits, f: W) -> Result<(), Error>
    where
        W: FnMut(Ref<'r, '_, [u8]>, Raw<'r>),
    {
        self.format.walk(body, limits, f)
    }

    #[inline]
    fn raw_body(&self) -> &'r [u8] {
        self.request.raw_body()
    }
}
