//! Values a service adds about a request, bound by `#[bind(context)]`
//! fields: a [`Context`] hands them over by name, and [`WithContext`]
//! puts one beside any [`Request`]'s own sources.

use super::{Body, Request};
use crate::convert::{Raw, Ref};
use crate::{Error, Limits};

/// Named values a service knows about a request that the request does not
/// carry as sent: the user an authentication layer found, the tenant a
/// host name maps to, the client's address. `#[bind(context)]` fields
/// bind from them as from any other source (by name, converted as text,
/// errors under the source `context`).
///
/// Implemented for a list of `(name, value)` pairs, each value taken as
/// it is (nothing decodes); a type of the service's own implements it to
/// hand over what it holds without building a list.
///
/// ```
/// use binder_core::bind::Context;
/// use binder_core::convert::Raw;
///
/// /// What an authentication layer found.
/// struct Auth {
///     user: String,
///     admin: bool,
/// }
///
/// impl<'r> Context<'r> for &'r Auth {
///     fn each<F: FnMut(&str, Raw<'r>)>(&self, mut f: F) {
///         f("user", Raw::decoded_text(&self.user));
///         f("admin", Raw::decoded_text(if self.admin { "true" } else { "false" }));
///     }
/// }
///
/// let auth = Auth { user: "ada".into(), admin: true };
/// let mut seen = Vec::new();
/// (&auth).each(|name, value| seen.push((name.to_owned(), value.bytes())));
/// assert_eq!(seen, [("user".to_owned(), &b"ada"[..]), ("admin".to_owned(), b"true")]);
/// ```
pub trait Context<'r> {
    /// Calls `f` with each value's name and value.
    fn each<F: FnMut(&str, Raw<'r>)>(&self, f: F);
}

impl<'r> Context<'r> for &[(&str, &'r str)] {
    #[inline]
    fn each<F: FnMut(&str, Raw<'r>)>(&self, mut f: F) {
        for (name, value) in *self {
            f(name, Raw::decoded_text(value));
        }
    }
}

impl<'r, const N: usize> Context<'r> for [(&str, &'r str); N] {
    #[inline]
    fn each<F: FnMut(&str, Raw<'r>)>(&self, f: F) {
        self.as_slice().each(f);
    }
}

/// Context values held by name, for a layer that finds them out before
/// the handler binds (an authentication middleware): binder-axum's
/// extractors bind `#[bind(context)]` fields from the `ContextValues` in a
/// request's extensions.
///
/// ```
/// use binder_core::bind::{Bind, Parts, WithContext, ContextValues};
///
/// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
/// struct Me {
///     #[bind(context)]
///     user: u64,
/// }
///
/// let mut values = ContextValues::new();
/// values.insert("user", "42");
/// assert_eq!(values.get("user"), Some("42"));
/// let me = Me::bind(&WithContext::new(Parts::default(), &values)).unwrap();
/// assert_eq!(me.user, 42);
/// ```
#[cfg(feature = "alloc")]
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ContextValues {
    values: alloc::vec::Vec<(alloc::borrow::Cow<'static, str>, alloc::string::String)>,
}

#[cfg(feature = "alloc")]
impl ContextValues {
    /// No values.
    #[must_use]
    pub const fn new() -> Self {
        ContextValues {
            values: alloc::vec::Vec::new(),
        }
    }

    /// Adds `value` under `name` (a name added twice is a list's next
    /// value, or the first one for a single value).
    pub fn insert(
        &mut self,
        name: impl Into<alloc::borrow::Cow<'static, str>>,
        value: impl Into<alloc::string::String>,
    ) {
        self.values.push((name.into(), value.into()));
    }

    /// The first value under `name`.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

#[cfg(feature = "alloc")]
impl<'r> Context<'r> for &'r ContextValues {
    #[inline]
    fn each<F: FnMut(&str, Raw<'r>)>(&self, mut f: F) {
        for (name, value) in &self.values {
            f(name, Raw::decoded_text(value));
        }
    }
}

/// A request with a [`Context`] beside its own sources: `#[bind(context)]`
/// fields bind from the context; everything else is the wrapped
/// request's.
///
/// ```
/// use binder_core::bind::{Bind, Parts, WithContext};
///
/// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
/// struct Orders<'r> {
///     #[bind(context)]
///     tenant: &'r str,
///     #[bind(context = "user")]
///     user_id: u64,
///     #[bind(query)]
///     page: u32,
/// }
///
/// let req = Parts { query: Some("page=2"), ..Parts::default() };
/// let with = WithContext::new(req, [("tenant", "acme"), ("user", "42")]);
/// assert_eq!(with.request().query, Some("page=2"));
/// let o = Orders::bind(&with).unwrap();
/// assert_eq!((o.tenant, o.user_id, o.page), ("acme", 42, 2));
///
/// // Without a context the field is missing, under its source.
/// let err = Orders::bind(&req).err().unwrap();
/// assert_eq!(err.to_string(), "context: tenant: a value is required\ncontext: user: a value is required");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct WithContext<R, C> {
    request: R,
    context: C,
}

impl<R, C> WithContext<R, C> {
    /// `request`, with `context`'s values for `#[bind(context)]` fields.
    #[inline]
    pub const fn new(request: R, context: C) -> Self {
        WithContext { request, context }
    }

    /// The wrapped request.
    #[inline]
    pub const fn request(&self) -> &R {
        &self.request
    }
}

impl<'r, R: Request<'r>, C: Context<'r>> Request<'r> for WithContext<R, C> {
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

    #[inline]
    fn body(&self) -> Body<'r> {
        self.request.body()
    }

    #[inline]
    fn context<F: FnMut(&str, Raw<'r>)>(&self, f: F) {
        self.context.each(f);
    }

    #[inline]
    fn walk_custom<W>(&self, body: &'r [u8], limits: &Limits, f: W) -> Result<(), Error>
    where
        W: FnMut(Ref<'r, '_, [u8]>, Raw<'r>),
    {
        self.request.walk_custom(body, limits, f)
    }

    #[inline]
    fn raw_body(&self) -> &'r [u8] {
        self.request.raw_body()
    }
}
