//! Every bound on the work and memory one request may cost.
//!
//! Passing a limit is always a clear error ([`ErrorKind`](crate::ErrorKind)),
//! never a panic, never silent truncation: a pair past
//! [`Limits::max_pairs`] is not dropped, it fails the scan. [`Limits`] also
//! carries the body [`Formats`] a service accepts.

/// Bounds on one request. Start from [`Limits::DEFAULT`] and change fields:
///
/// ```
/// use binder_core::Limits;
///
/// let mut limits = Limits::DEFAULT;
/// limits.max_pairs = 100;
/// assert_eq!(limits.max_cookies, 3_000);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Body bytes read at most. Default 2 MiB (axum: 2 MB).
    pub max_body_bytes: usize,
    /// Pairs in one query string or one urlencoded body, empty pairs (`&&`)
    /// not counted. Default 1,000 (PHP, Django).
    pub max_pairs: usize,
    /// Bytes in one query or form key, as sent (before decoding).
    /// Default 1,024.
    pub max_key_len: usize,
    /// Cookies in one request, across every `Cookie` header. Default 3,000.
    pub max_cookies: usize,
    /// Nesting depth of a JSON body. Default 128 (serde_json).
    pub max_json_depth: usize,
    /// Parts in one multipart body. Default 1,000.
    pub max_parts: usize,
    /// Header bytes in one multipart part. Default 8 KiB.
    pub max_part_header_bytes: usize,
    /// Header lines in one multipart part. Default 16.
    pub max_part_headers: usize,
    /// Field errors reported; the rest are counted, not kept. Default 100.
    pub max_errors: usize,
    /// The body formats a type with `body` fields binds from, with its own
    /// `#[bind(accept = "...")]`: a body in any other answers 415
    /// ([`BindError::UnsupportedMediaType`](crate::BindError::UnsupportedMediaType))
    /// before a field is read. Default [`Formats::ALL`]; a service whose
    /// endpoints are JSON APIs authenticated by cookies sets
    /// [`Formats::JSON`], so no cross-site form post binds (see
    /// `SECURITY.md`).
    pub formats: Formats,
}

impl Limits {
    /// The defaults, each documented on its field.
    ///
    /// ```
    /// use binder_core::{Formats, Limits};
    ///
    /// let d = Limits::DEFAULT;
    /// assert_eq!((d.max_body_bytes, d.max_pairs, d.max_json_depth), (2 * 1024 * 1024, 1_000, 128));
    /// assert_eq!(d.formats, Formats::ALL);
    /// assert_eq!(Limits::default(), d);
    /// ```
    pub const DEFAULT: Limits = Limits {
        max_body_bytes: 2 * 1024 * 1024,
        max_pairs: 1_000,
        max_key_len: 1_024,
        max_cookies: 3_000,
        max_json_depth: 128,
        max_parts: 1_000,
        max_part_header_bytes: 8 * 1024,
        max_part_headers: 16,
        max_errors: 100,
        formats: Formats::ALL,
    };
}

impl Default for Limits {
    #[inline]
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// The body formats a bind reads: a small bit set of [`Formats::JSON`],
/// [`Formats::FORM`] and [`Formats::MULTIPART`], combined with `|` or
/// [`Formats::union`].
///
/// [`Limits::formats`] holds the formats a service accepts (all of them by
/// default); `#[bind(accept = "...")]` holds a type's (JSON, urlencoded
/// and multipart when it names none; `custom` only when named). A bind reads a body
/// only in a format both accept, and answers any other with
/// [`BindError::UnsupportedMediaType`](crate::BindError::UnsupportedMediaType)
/// (415) before reading a field.
///
/// ```
/// use binder_core::{Formats, Limits};
///
/// // A service whose endpoints are JSON APIs: no form posts anywhere.
/// let mut limits = Limits::DEFAULT;
/// limits.formats = Formats::JSON;
/// assert!(Limits::DEFAULT.formats.contains(Formats::FORM | Formats::MULTIPART));
/// assert!(!limits.formats.contains(Formats::FORM));
/// assert_eq!(Formats::ALL.intersection(Formats::JSON), Formats::JSON);
/// assert_eq!(Formats::ALL, Formats::JSON | Formats::FORM | Formats::MULTIPART | Formats::CUSTOM);
/// assert_eq!(format!("{:?}", Formats::NONE), "Formats(none)");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Formats(u8);

impl Formats {
    /// No format: no body with fields binds.
    pub const NONE: Formats = Formats(0);
    /// `application/json` and any `+json` type.
    pub const JSON: Formats = Formats(1);
    /// `application/x-www-form-urlencoded`.
    pub const FORM: Formats = Formats(2);
    /// `multipart/form-data`.
    pub const MULTIPART: Formats = Formats(4);
    /// A format of the service's own, read by a
    /// [`TextFormat`](crate::bind::TextFormat) the adapter was given
    /// ([`Body::Custom`](crate::bind::Body::Custom)). A type reads it only
    /// when it names it: `#[bind(accept = "json, custom")]`.
    pub const CUSTOM: Formats = Formats(8);
    /// Every format: the default setting. (What a type reads is also
    /// what its `#[bind(accept = ..)]` names: JSON, urlencoded and
    /// multipart when it names none.)
    pub const ALL: Formats = Formats(15);

    /// The formats in `self` or `other`.
    ///
    /// ```
    /// use binder_core::Formats;
    ///
    /// let text = Formats::JSON.union(Formats::FORM);
    /// assert_eq!(text, Formats::JSON | Formats::FORM);
    /// assert!(text.contains(Formats::FORM) && !text.contains(Formats::MULTIPART));
    /// ```
    #[inline]
    #[must_use]
    pub const fn union(self, other: Formats) -> Formats {
        Formats(self.0 | other.0)
    }

    /// The formats in both `self` and `other`.
    ///
    /// ```
    /// use binder_core::Formats;
    ///
    /// // What a type accepts, within what the service accepts.
    /// let service = Formats::JSON | Formats::MULTIPART;
    /// let endpoint = Formats::JSON | Formats::FORM;
    /// assert_eq!(service.intersection(endpoint), Formats::JSON);
    /// assert_eq!(service & endpoint, Formats::JSON);
    /// ```
    #[inline]
    #[must_use]
    pub const fn intersection(self, other: Formats) -> Formats {
        Formats(self.0 & other.0)
    }

    /// The formats in `self` and not in `other`.
    ///
    /// ```
    /// use binder_core::Formats;
    ///
    /// let no_forms = Formats::ALL.difference(Formats::FORM);
    /// assert_eq!(no_forms, Formats::JSON | Formats::MULTIPART | Formats::CUSTOM);
    /// assert!(Formats::JSON.difference(Formats::ALL).is_empty());
    /// ```
    #[inline]
    #[must_use]
    pub const fn difference(self, other: Formats) -> Formats {
        Formats(self.0 & !other.0)
    }

    /// Whether every format in `other` is in `self`.
    ///
    /// ```
    /// use binder_core::Formats;
    ///
    /// assert!(Formats::ALL.contains(Formats::JSON | Formats::FORM));
    /// assert!(!Formats::JSON.contains(Formats::JSON | Formats::FORM));
    /// assert!(Formats::JSON.contains(Formats::NONE));
    /// ```
    #[inline]
    pub const fn contains(self, other: Formats) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether there is no format in `self`.
    ///
    /// ```
    /// use binder_core::Formats;
    ///
    /// assert!(Formats::NONE.is_empty());
    /// assert!(Formats::FORM.intersection(Formats::JSON).is_empty());
    /// assert!(!Formats::MULTIPART.is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl core::ops::BitOr for Formats {
    type Output = Formats;

    #[inline]
    fn bitor(self, other: Formats) -> Formats {
        self.union(other)
    }
}

impl core::ops::BitAnd for Formats {
    type Output = Formats;

    #[inline]
    fn bitand(self, other: Formats) -> Formats {
        self.intersection(other)
    }
}

impl core::fmt::Debug for Formats {
    /// `Formats(json | form)`, `Formats(none)`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Formats(")?;
        let mut sep = "";
        for (bit, name) in [
            (Formats::JSON, "json"),
            (Formats::FORM, "form"),
            (Formats::MULTIPART, "multipart"),
            (Formats::CUSTOM, "custom"),
        ] {
            if self.contains(bit) {
                f.write_str(sep)?;
                f.write_str(name)?;
                sep = " | ";
            }
        }
        if sep.is_empty() {
            f.write_str("none")?;
        }
        f.write_str(")")
    }
}
