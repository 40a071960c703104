//! Field errors, collected across every source of one bind.
//!
//! Nothing here allocates until something fails: [`Errors`] starts as an
//! empty `Vec` (no allocation) under `alloc`, or a fixed `heapless` list
//! without it. Paths are kept as segments (`items`, `2`, `qty`) and rendered
//! (`items[2].qty`) only when displayed. No error holds or prints the value a
//! client sent.

use super::field_path::FieldPath;
use crate::error::{Error, ValueError};
use core::fmt;

/// Where a value came from.
///
/// ```
/// use binder_core::bind::{Bind, Parts, Source};
///
/// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
/// # struct Q { #[bind(query)] page: u32, #[bind(cookie)] session: String }
/// let err = Q::bind(&Parts::default()).err().unwrap();
/// let sources: Vec<Source> = err.fields().unwrap().as_slice().iter().map(|e| e.source()).collect();
/// assert_eq!(sources, [Source::Query, Source::Cookie]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Source {
    /// A path parameter from the router.
    Path,
    /// The query string.
    Query,
    /// A request header.
    Header,
    /// A cookie.
    Cookie,
    /// The body: JSON, urlencoded form or multipart.
    Body,
    /// A value the service adds about the request (an authenticated user,
    /// a tenant), handed over by a [`Context`](super::Context).
    Context,
}

impl Source {
    /// The source's name as used in error reports: `path`, `query`,
    /// `header`, `cookie`, `body`, `context`.
    ///
    /// ```
    /// use binder_core::bind::Source;
    ///
    /// assert_eq!(Source::Header.as_str(), "header");
    /// assert_eq!(Source::Body.to_string(), "body");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Source::Path => "path",
            Source::Query => "query",
            Source::Header => "header",
            Source::Cookie => "cookie",
            Source::Body => "body",
            Source::Context => "context",
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What is wrong with one field.
///
/// ```
/// use binder_core::bind::{Bind, Body, FieldErrorKind, Parts};
/// use binder_core::ValueErrorKind;
///
/// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
/// struct Order<'r> {
///     #[bind(body)]
///     sku: &'r str,
///     #[bind(body, required)]
///     note: &'r str,
///     #[bind(body)]
///     qty: u32,
///     #[bind(body)]
///     gift: bool,
///     #[bind(body)]
///     email: String,
/// }
///
/// let body = br#"{"note": "", "qty": "many", "gift": [true], "email": "a@b", "email": "c@d"}"#;
/// let err = Order::bind(&Parts { body: Body::Json(body), ..Parts::default() }).err().unwrap();
/// let kinds: Vec<FieldErrorKind> = err.fields().unwrap().as_slice().iter().map(|e| e.kind()).collect();
/// assert_eq!(kinds[0], FieldErrorKind::Missing); // sku
/// assert_eq!(kinds[1], FieldErrorKind::Empty); // note
/// assert_eq!(kinds[2], FieldErrorKind::Invalid(ValueErrorKind::NotUnsigned.into())); // qty
/// assert!(matches!(kinds[3], FieldErrorKind::WrongType(_))); // gift
/// assert_eq!(kinds[4], FieldErrorKind::Duplicate); // email
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FieldErrorKind {
    /// No value was sent for a field that needs one.
    Missing,
    /// A `required` field was sent an empty value.
    Empty,
    /// The value did not convert into the field's type.
    Invalid(ValueError),
    /// A JSON member was sent twice for one field.
    Duplicate,
    /// A value of the wrong JSON type (an object for a number, say); the
    /// string says what was expected.
    WrongType(&'static str),
    /// A member no field has, sent to a type that denies unknown fields
    /// (`#[bind(deny_unknown_fields)]`).
    Unknown,
}

impl FieldErrorKind {
    /// A stable machine-readable code: `missing`, `empty`, `invalid`,
    /// `duplicate`, `wrong_type`, `unknown`.
    ///
    /// ```
    /// use binder_core::bind::FieldErrorKind;
    /// use binder_core::ValueErrorKind;
    ///
    /// assert_eq!(FieldErrorKind::Missing.code(), "missing");
    /// assert_eq!(FieldErrorKind::Invalid(ValueErrorKind::NotABool.into()).code(), "invalid");
    /// assert_eq!(FieldErrorKind::WrongType("expected a number").code(), "wrong_type");
    /// ```
    pub const fn code(&self) -> &'static str {
        match self {
            FieldErrorKind::Missing => "missing",
            FieldErrorKind::Empty => "empty",
            FieldErrorKind::Invalid(_) => "invalid",
            FieldErrorKind::Duplicate => "duplicate",
            FieldErrorKind::WrongType(_) => "wrong_type",
            FieldErrorKind::Unknown => "unknown",
        }
    }

    /// A human description, never containing the submitted value.
    ///
    /// ```
    /// use binder_core::bind::FieldErrorKind;
    /// use binder_core::ValueErrorKind;
    ///
    /// assert_eq!(FieldErrorKind::Empty.detail(), "a non-empty value is required");
    /// assert_eq!(FieldErrorKind::Invalid(ValueErrorKind::NotABool.into()).detail(), "expected true, false, 1, 0, on or off");
    /// assert_eq!(FieldErrorKind::WrongType("expected a number").detail(), "expected a number");
    /// ```
    pub const fn detail(&self) -> &'static str {
        match self {
            FieldErrorKind::Missing => "a value is required",
            FieldErrorKind::Empty => "a non-empty value is required",
            FieldErrorKind::Invalid(e) => e.kind().as_str(),
            FieldErrorKind::Duplicate => "sent more than once",
            FieldErrorKind::WrongType(expected) => expected,
            FieldErrorKind::Unknown => "not a field this request takes",
        }
    }
}

/// One failing field: its source, its path and what is wrong.
///
/// ```
/// use binder_core::bind::{Bind, FieldErrorKind, Parts, Source};
///
/// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
/// # struct Q { #[bind(query)] tags: Vec<u8> }
/// let err = Q::bind(&Parts { query: Some("tags=1&tags=x"), ..Parts::default() }).err().unwrap();
/// let e = &err.fields().unwrap().as_slice()[0];
/// assert_eq!(e.source(), Source::Query);
/// assert_eq!(e.path().to_string(), "tags[1]");
/// assert_eq!(e.kind().code(), "invalid");
/// assert!(matches!(e.kind(), FieldErrorKind::Invalid(_)));
/// assert_eq!(e.to_string(), "query: tags[1]: expected an unsigned integer");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    source: Source,
    path: FieldPath,
    kind: FieldErrorKind,
    /// The field's declaration index, then the order found: the sort key
    /// that lists errors in declaration order.
    rank: (u32, u32),
}

impl FieldError {
    /// A field error.
    ///
    /// ```
    /// use binder_core::bind::{FieldError, FieldErrorKind, FieldPath, Source};
    ///
    /// let e = FieldError::new(Source::Header, FieldPath::key("x-tenant"), FieldErrorKind::Missing);
    /// assert_eq!(e.to_string(), "header: x-tenant: a value is required");
    /// ```
    #[inline]
    pub const fn new(source: Source, path: FieldPath, kind: FieldErrorKind) -> Self {
        FieldError {
            source,
            path,
            kind,
            rank: (u32::MAX, 0),
        }
    }

    /// This error, for the field declared at `index` (errors are listed in
    /// declaration order).
    ///
    /// ```
    /// use binder_core::bind::{Errors, FieldError, FieldErrorKind, FieldPath, Source};
    ///
    /// let missing = |key| FieldError::new(Source::Query, FieldPath::key(key), FieldErrorKind::Missing);
    /// let mut errors = Errors::new(10);
    /// errors.push(missing("b").for_field(1));
    /// errors.push(missing("a").for_field(0));
    /// errors.sort_by_field();
    /// assert_eq!(errors.as_slice()[0].path().to_string(), "a");
    /// assert!(errors.has_field(0) && errors.has_field(1) && !errors.has_field(2));
    /// ```
    #[inline]
    pub const fn for_field(mut self, index: usize) -> Self {
        self.rank.0 = if index > u32::MAX as usize {
            u32::MAX
        } else {
            index as u32
        };
        self
    }

    /// Where the value came from.
    #[inline]
    pub const fn source(&self) -> Source {
        self.source
    }

    /// The field's path as the client named it.
    #[inline]
    pub const fn path(&self) -> &FieldPath {
        &self.path
    }

    /// What is wrong.
    #[inline]
    pub const fn kind(&self) -> FieldErrorKind {
        self.kind
    }
}

impl fmt::Display for FieldError {
    /// `query: age: expected an unsigned integer`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}: {}", self.source, self.path, self.kind.detail())
    }
}

#[cfg(feature = "alloc")]
type List = alloc::vec::Vec<FieldError>;
/// Without an allocator at most this many errors are kept.
#[cfg(not(feature = "alloc"))]
const FIXED_ERRORS: usize = 16;
#[cfg(not(feature = "alloc"))]
type List = heapless::Vec<FieldError, FIXED_ERRORS>;

/// Every failing field of one bind, in the order found, bounded by
/// [`Limits::max_errors`](crate::Limits::max_errors) with a count of what
/// was dropped. Empty (and unallocated) until something fails.
///
/// ```
/// use binder_core::bind::{Errors, FieldError, FieldErrorKind, FieldPath, Source};
///
/// let missing = |key| FieldError::new(Source::Body, FieldPath::key(key), FieldErrorKind::Missing);
/// let mut errors = Errors::new(2);
/// assert!(errors.is_empty() && !errors.is_full());
/// for key in ["a", "b", "c"] {
///     errors.push(missing(key));
/// }
/// assert!(errors.is_full());
/// assert_eq!(errors.as_slice().len(), 2);
/// assert_eq!(errors.dropped(), 1);
/// assert_eq!(errors.to_string(), "body: a: a value is required\nbody: b: a value is required\nand 1 more");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Errors {
    list: List,
    max: usize,
    dropped: usize,
    found: u32,
    /// Which of the first 64 fields have an error, kept or dropped.
    failed: u64,
}

impl Errors {
    /// An empty list keeping at most `max` errors.
    ///
    /// ```
    /// use binder_core::bind::Errors;
    /// use binder_core::Limits;
    ///
    /// let errors = Errors::new(Limits::DEFAULT.max_errors);
    /// assert!(errors.is_empty());
    /// assert_eq!(errors.as_slice(), []);
    /// ```
    #[inline]
    pub const fn new(max: usize) -> Self {
        Errors {
            list: List::new(),
            max,
            dropped: 0,
            found: 0,
            failed: 0,
        }
    }

    /// Records `error`, or counts it as dropped past the bound.
    ///
    /// ```
    /// use binder_core::bind::{Errors, FieldError, FieldErrorKind, FieldPath, Source};
    ///
    /// let mut errors = Errors::new(1);
    /// errors.push(FieldError::new(Source::Path, FieldPath::key("id"), FieldErrorKind::Missing));
    /// errors.push(FieldError::new(Source::Path, FieldPath::key("v"), FieldErrorKind::Missing));
    /// assert_eq!((errors.as_slice().len(), errors.dropped()), (1, 1));
    /// ```
    #[inline]
    pub fn push(&mut self, mut error: FieldError) {
        error.rank.1 = self.found;
        self.found = self.found.saturating_add(1);
        if error.rank.0 < 64 {
            self.failed |= 1 << error.rank.0;
        }
        if self.list.len() >= self.max {
            self.dropped += 1;
            return;
        }
        #[cfg(feature = "alloc")]
        self.list.push(error);
        #[cfg(not(feature = "alloc"))]
        if self.list.push(error).is_err() {
            self.dropped += 1;
        }
    }

    /// Whether nothing failed.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.list.is_empty() && self.dropped == 0
    }

    /// The errors kept, in the order found.
    #[inline]
    pub fn as_slice(&self) -> &[FieldError] {
        &self.list
    }

    /// How many errors were found past the bound and not kept.
    #[inline]
    pub fn dropped(&self) -> usize {
        self.dropped
    }

    /// Orders the kept errors by the declaration order of their fields (an
    /// error not tied to a field last), keeping the order found within one
    /// field. Sorts in place; allocates nothing.
    ///
    /// ```
    /// use binder_core::bind::{Errors, FieldError, FieldErrorKind, FieldPath, Source};
    ///
    /// let error = |key, i| FieldError::new(Source::Body, FieldPath::key(key), FieldErrorKind::Empty).for_field(i);
    /// let mut errors = Errors::new(10);
    /// errors.invalid(Source::Body, "total", "at most 100"); // a validation hook's: no field
    /// errors.push(error("name", 1));
    /// errors.push(error("id", 0));
    /// errors.sort_by_field();
    /// let order: Vec<String> = errors.as_slice().iter().map(|e| e.path().to_string()).collect();
    /// assert_eq!(order, ["id", "name", "total"]);
    /// ```
    pub fn sort_by_field(&mut self) {
        self.list.sort_unstable_by_key(|e| e.rank);
    }

    /// Records that the field `key` from `source` holds a value the
    /// application refuses, for validation hooks. `detail` says what is
    /// expected and must not contain the submitted value.
    ///
    /// ```
    /// use binder_core::bind::{Errors, Source};
    ///
    /// let mut errors = Errors::new(100);
    /// errors.invalid(Source::Query, "limit", "at most 100");
    /// assert_eq!(errors.to_string(), "query: limit: at most 100");
    /// ```
    pub fn invalid(&mut self, source: Source, key: &'static str, detail: &'static str) {
        self.push(FieldError::new(
            source,
            FieldPath::key(key),
            FieldErrorKind::Invalid(ValueError::custom(detail)),
        ));
    }

    /// How many distinct fields the kept errors fall on (errors not tied to
    /// a field, a validation hook's, count one each).
    ///
    /// ```
    /// use binder_core::bind::{Errors, FieldError, FieldErrorKind, FieldPath, Source};
    ///
    /// let mut errors = Errors::new(10);
    /// for (i, key) in [(0, "a"), (0, "a"), (1, "b")] {
    ///     errors.push(FieldError::new(Source::Query, FieldPath::key(key), FieldErrorKind::Missing).for_field(i));
    /// }
    /// assert_eq!((errors.as_slice().len(), errors.field_count()), (3, 2));
    /// ```
    pub fn field_count(&self) -> usize {
        let list = self.as_slice();
        list.iter()
            .enumerate()
            .filter(|(i, e)| {
                e.rank.0 == u32::MAX || !list[..*i].iter().any(|p| p.rank.0 == e.rank.0)
            })
            .count()
    }

    /// Whether an error was recorded for the field declared at `index`,
    /// kept or dropped past the bound (for the first 64 fields; past them,
    /// whether one is kept).
    ///
    /// ```
    /// use binder_core::bind::{Errors, FieldError, FieldErrorKind, FieldPath, Source};
    ///
    /// let mut errors = Errors::new(0); // keeps none, counts all
    /// errors.push(FieldError::new(Source::Query, FieldPath::key("q"), FieldErrorKind::Missing).for_field(3));
    /// assert!(errors.as_slice().is_empty());
    /// assert!(errors.has_field(3)); // dropped, still known
    /// assert!(!errors.has_field(0));
    /// ```
    pub fn has_field(&self, index: usize) -> bool {
        if index < 64 {
            return self.failed & (1 << index) != 0;
        }
        self.list.iter().any(|e| e.rank.0 as usize == index)
    }

    /// Whether the list is full, so further errors are only counted.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.list.len() >= self.max
    }
}

impl fmt::Display for Errors {
    /// One line per field; a last line counts the dropped ones.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.list.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            fmt::Display::fmt(e, f)?;
        }
        if self.dropped > 0 {
            if !self.list.is_empty() {
                f.write_str("\n")?;
            }
            write!(f, "and {} more", self.dropped)?;
        }
        Ok(())
    }
}

/// Why a bind failed.
///
/// ```
/// use binder_core::bind::{Bind, BindError, Body, Parts, Source};
/// use binder_core::ErrorKind;
///
/// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
/// # struct B { #[bind(body)] n: u32 }
/// let bind = |body| B::bind(&Parts { body, ..Parts::default() });
/// // A field failed: every failing field is listed.
/// assert!(matches!(bind(Body::Json(br#"{"n": -1}"#)), Err(BindError::Fields(_))));
/// // The body could not be read at all.
/// let Err(BindError::Malformed { source, error }) = bind(Body::Json(b"{")) else { panic!() };
/// assert_eq!((source, error.kind()), (Source::Body, ErrorKind::JsonEof));
/// // A body binder does not read, or not in UTF-8: 415.
/// assert_eq!(bind(Body::Unsupported).err(), Some(BindError::UnsupportedMediaType));
/// let latin1 = Body::classify(Some(b"application/json; charset=latin1"), b"{}");
/// assert_eq!(bind(latin1).err(), Some(BindError::UnsupportedCharset));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BindError {
    /// One or more fields failed (HTTP 400); every one is listed.
    Fields(Errors),
    /// A source could not be read at all: a malformed body, or a limit
    /// passed (HTTP 400).
    Malformed {
        /// Which source.
        source: Source,
        /// What and where.
        error: Error,
    },
    /// The body's `Content-Type` is not one binder reads, or is a format
    /// the type (`#[bind(accept = "...")]`) or the service
    /// ([`Limits::formats`](crate::Limits::formats)) does not accept, and
    /// the type has body fields (HTTP 415).
    UnsupportedMediaType,
    /// A JSON or urlencoded body's `Content-Type` declares a `charset`
    /// other than UTF-8, and the type has body fields (HTTP 415): binder
    /// reads those formats as UTF-8 only.
    UnsupportedCharset,
}

impl BindError {
    /// The field errors, if that is what this is.
    ///
    /// ```
    /// use binder_core::bind::BindError;
    ///
    /// assert!(BindError::UnsupportedMediaType.fields().is_none());
    /// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
    /// # struct Q { #[bind(query)] page: u32 }
    /// use binder_core::bind::{Bind, Parts};
    /// let err = Q::bind(&Parts::default()).err().unwrap();
    /// assert_eq!(err.fields().unwrap().field_count(), 1);
    /// ```
    pub fn fields(&self) -> Option<&Errors> {
        match self {
            BindError::Fields(e) => Some(e),
            _ => None,
        }
    }

    /// Whether a source passed one of binder's bounds (see
    /// [`ErrorKind::is_limit`](crate::ErrorKind::is_limit)).
    ///
    /// ```
    /// use binder_core::bind::{Bind, Body, Parts};
    /// use binder_core::Limits;
    ///
    /// # #[derive(binder_derive::BindCore)] #[bind(crate = "binder_core")]
    /// # struct B { #[bind(body)] tags: Vec<u8> }
    /// let mut limits = Limits::DEFAULT;
    /// limits.max_json_depth = 2;
    /// let req = |body| Parts { body: Body::Json(body), ..Parts::default() };
    /// // Nested three deep: past the limit, even in a member no field takes.
    /// assert!(B::bind_with(&req(br#"{"x": [[1]], "tags": [1]}"#), &limits).err().unwrap().is_limit());
    /// // Malformed: not a limit.
    /// assert!(!B::bind_with(&req(br#"{"tags": [1]"#), &limits).err().unwrap().is_limit());
    /// ```
    pub fn is_limit(&self) -> bool {
        matches!(self, BindError::Malformed { error, .. } if error.kind().is_limit())
    }

    /// Whether the body is of a type (or charset) binder does not read:
    /// HTTP 415.
    ///
    /// ```
    /// use binder_core::bind::BindError;
    ///
    /// assert!(BindError::UnsupportedMediaType.is_unsupported());
    /// assert!(BindError::UnsupportedCharset.is_unsupported());
    /// ```
    pub fn is_unsupported(&self) -> bool {
        matches!(
            self,
            BindError::UnsupportedMediaType | BindError::UnsupportedCharset
        )
    }
}

impl fmt::Display for BindError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BindError::Fields(e) => fmt::Display::fmt(e, f),
            BindError::Malformed { source, error } => write!(f, "{source}: {error}"),
            BindError::UnsupportedMediaType => {
                f.write_str("the body's Content-Type is not a format this endpoint accepts")
            }
            BindError::UnsupportedCharset => {
                f.write_str("the body's Content-Type declares a charset other than UTF-8")
            }
        }
    }
}

impl core::error::Error for BindError {}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn max_errors_at_and_past() {
        let one = || FieldError::new(Source::Body, FieldPath::key("n"), FieldErrorKind::Missing);
        let mut at = Errors::new(3);
        (0..3).for_each(|_| at.push(one()));
        assert_eq!((at.as_slice().len(), at.dropped()), (3, 0));
        at.push(one());
        assert_eq!((at.as_slice().len(), at.dropped()), (3, 1));
        assert!(at.is_full() && !at.is_empty());
    }

    #[test]
    fn errors_are_bounded_and_count_the_rest() {
        let mut errors = Errors::new(2);
        assert!(errors.is_empty());
        for _ in 0..5 {
            errors.push(FieldError::new(
                Source::Query,
                FieldPath::key("a"),
                FieldErrorKind::Missing,
            ));
        }
        assert_eq!(errors.as_slice().len(), 2);
        assert_eq!(errors.dropped(), 3);
        assert_eq!(
            errors.to_string(),
            "query: a: a value is required\nquery: a: a value is required\nand 3 more"
        );
    }
}
