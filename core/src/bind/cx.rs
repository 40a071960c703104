//! [`FieldCx`]: where the value being bound sits, for every source (a
//! query value, a form piece, a multipart part, a JSON member), and where
//! its failures go.

use super::errors::{Errors, FieldError, FieldErrorKind, Source};
use super::field_path::{FieldPath, Segment};

/// Where a value sits: the top-level field (its index, source and key),
/// or one step further in than another place, linked to it. A step
/// copies nothing from the place it is linked to: the field and source
/// are read from the root, and the path built, only when an error needs
/// them.
#[derive(Clone, Copy, Debug)]
enum Node<'p, 'r> {
    Root {
        field: usize,
        source: Source,
        key: &'static str,
    },
    Step {
        parent: &'p Node<'p, 'r>,
        segment: Segment<'r>,
    },
}

impl Node<'_, '_> {
    /// The root this place is linked to: its field and source.
    fn root(&self) -> (usize, Source) {
        let mut node = self;
        loop {
            match node {
                Node::Root { field, source, .. } => return (*field, *source),
                Node::Step { parent, .. } => node = parent,
            }
        }
    }
}

/// Where the JSON value being bound sits: the error list, the top-level
/// field it belongs to (errors are listed in declaration order), and its
/// path (`items[2].qty`), kept as links and rendered only on failure.
///
/// ```
/// use binder_core::bind::{Errors, FieldErrorKind, FieldCx, Segment};
///
/// let mut errors = Errors::new(10);
/// let mut cx = FieldCx::new(&mut errors, 0, "items");
/// // Deep in the value: `items[2].qty` is missing.
/// cx.at(Segment::Index(2)).fail_at("qty", FieldErrorKind::Missing);
/// assert_eq!(cx.path().to_string(), "items");
/// assert_eq!(errors.to_string(), "body: items[2].qty: a value is required");
/// ```
#[derive(Debug)]
pub struct FieldCx<'e, 'r> {
    errors: &'e mut Errors,
    node: Node<'e, 'r>,
}

impl<'e, 'r> FieldCx<'e, 'r> {
    /// The body value of the top-level field declared at `field`, named
    /// `key`.
    ///
    /// ```
    /// use binder_core::bind::{Errors, FieldErrorKind, FieldCx};
    ///
    /// let mut errors = Errors::new(10);
    /// FieldCx::new(&mut errors, 3, "email").fail(FieldErrorKind::Empty);
    /// assert_eq!(errors.to_string(), "body: email: a non-empty value is required");
    /// assert!(errors.has_field(3));
    /// ```
    #[inline]
    pub fn new(errors: &'e mut Errors, field: usize, key: &'static str) -> Self {
        Self::with_source(errors, field, key, Source::Body)
    }

    /// The value of the top-level field declared at `field`, named `key`,
    /// from `source`.
    ///
    /// ```
    /// use binder_core::bind::{Errors, FieldErrorKind, FieldCx, Source};
    ///
    /// let mut errors = Errors::new(10);
    /// FieldCx::with_source(&mut errors, 0, "filter", Source::Query).fail(FieldErrorKind::Missing);
    /// assert_eq!(errors.as_slice()[0].source(), Source::Query);
    /// ```
    #[inline]
    pub fn with_source(
        errors: &'e mut Errors,
        field: usize,
        key: &'static str,
        source: Source,
    ) -> Self {
        FieldCx {
            errors,
            node: Node::Root { field, source, key },
        }
    }

    /// The members of a flattened struct (`#[bind(flatten)]`) of the
    /// top-level field declared at `field`: each is named by its own key,
    /// as sent (`page`, not `pagination.page`).
    #[inline]
    pub(crate) fn flattened(errors: &'e mut Errors, field: usize, source: Source) -> Self {
        Self::with_source(errors, field, FLATTENED, source)
    }

    /// A value one step further in: a member (`Segment::Key`) or an element
    /// (`Segment::Index`).
    ///
    /// ```
    /// use binder_core::bind::{Errors, FieldCx, Segment};
    ///
    /// let mut errors = Errors::new(10);
    /// let mut cx = FieldCx::new(&mut errors, 0, "tags");
    /// assert_eq!(cx.at(Segment::Index(4)).path().to_string(), "tags[4]");
    /// assert_eq!(cx.at(Segment::MapKey("team")).path().to_string(), "tags[team]");
    /// ```
    #[inline]
    pub fn at(&mut self, segment: Segment<'r>) -> FieldCx<'_, 'r> {
        FieldCx {
            errors: &mut *self.errors,
            node: Node::Step {
                parent: &self.node,
                segment,
            },
        }
    }

    /// This context again, for as long as the borrow: to hand by value to
    /// an out-of-line failure path ([`fail_cold`]), so that a context only
    /// ever failed that way is built in that path alone.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn reborrow(&mut self) -> FieldCx<'_, 'r> {
        FieldCx {
            errors: &mut *self.errors,
            node: self.node,
        }
    }

    /// Records that the value here failed.
    ///
    /// ```
    /// use binder_core::bind::{Errors, FieldErrorKind, FieldCx, Segment};
    /// use binder_core::ValueErrorKind;
    ///
    /// let mut errors = Errors::new(10);
    /// let mut cx = FieldCx::new(&mut errors, 0, "ids");
    /// cx.at(Segment::Index(1)).fail(FieldErrorKind::Invalid(ValueErrorKind::NotUnsigned.into()));
    /// assert_eq!(errors.to_string(), "body: ids[1]: expected an unsigned integer");
    /// ```
    // Out of line and cold: failing is the rare path, and its path building
    // and push are then one copy in binder-core, not one at every field.
    #[cold]
    #[inline(never)]
    pub fn fail(&mut self, kind: FieldErrorKind) {
        let path = self.path();
        let (field, source) = self.node.root();
        self.errors
            .push(FieldError::new(source, path, kind).for_field(field));
    }

    /// Records that the member `key` of the object here failed.
    ///
    /// ```
    /// use binder_core::bind::{Errors, FieldErrorKind, FieldCx};
    ///
    /// let mut errors = Errors::new(10);
    /// FieldCx::new(&mut errors, 0, "address").fail_at("city", FieldErrorKind::Missing);
    /// assert_eq!(errors.as_slice()[0].path().to_string(), "address.city");
    /// ```
    #[cold]
    #[inline(never)]
    pub fn fail_at(&mut self, key: &'static str, kind: FieldErrorKind) {
        self.at(Segment::Key(key)).fail(kind);
    }

    /// The path here, built from its links: every segment, root first
    /// (see [`FieldPath`] for paths deeper than it holds inline).
    ///
    /// ```
    /// use binder_core::bind::{Errors, FieldCx, Segment};
    ///
    /// let mut errors = Errors::new(10);
    /// let mut cx = FieldCx::new(&mut errors, 0, "items");
    /// let mut item = cx.at(Segment::Index(0));
    /// assert_eq!(item.at(Segment::Key("sku")).path().to_string(), "items[0].sku");
    /// ```
    pub fn path(&self) -> FieldPath {
        // Replays the links from the root, recursing up first: as deep as
        // the bind that made them, which recursed as deep.
        fn root(segment: Segment<'_>) -> FieldPath {
            match segment {
                Segment::Key(k) => FieldPath::key(k),
                Segment::Member(m) => FieldPath::member(m),
                other => FieldPath::key("").with(other),
            }
        }
        fn replay<'r>(node: &Node<'_, 'r>) -> FieldPath {
            match *node {
                Node::Root { key, .. } => root(Segment::Key(key)),
                Node::Step { parent, segment } => match parent {
                    // A flattened struct's root is no step: its member is.
                    Node::Root { key: FLATTENED, .. } => root(segment),
                    _ => replay(parent).with(segment),
                },
            }
        }
        replay(&self.node)
    }

    /// The top-level field this value belongs to.
    ///
    /// ```
    /// use binder_core::bind::{Errors, FieldCx, Segment};
    ///
    /// let mut errors = Errors::new(10);
    /// let mut cx = FieldCx::new(&mut errors, 2, "items");
    /// assert_eq!(cx.at(Segment::Index(5)).field(), 2); // the top-level field's index
    /// ```
    #[inline]
    pub fn field(&self) -> usize {
        self.node.root().0
    }

    /// The error list.
    ///
    /// ```
    /// use binder_core::bind::{Errors, FieldCx, Source};
    ///
    /// let mut errors = Errors::new(10);
    /// let mut cx = FieldCx::new(&mut errors, 0, "range");
    /// // An error of the application's own, through the same list.
    /// cx.errors().invalid(Source::Body, "range", "start after end");
    /// assert_eq!(errors.to_string(), "body: range: start after end");
    /// ```
    #[inline]
    pub fn errors(&mut self) -> &mut Errors {
        self.errors
    }
}

/// The root key of a flattened struct's members (see
/// [`FieldCx::flattened`]): no field has an empty key.
const FLATTENED: &str = "";

/// Records that the value at `cx` failed, out of line: `cx` comes by value
/// ([`FieldCx::reborrow`]) so that the hot path never builds it.
#[cold]
#[inline(never)]
pub(crate) fn fail_cold(mut cx: FieldCx<'_, '_>, kind: FieldErrorKind) {
    cx.fail(kind);
}
