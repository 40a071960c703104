//! Every bound on the work and memory one request may cost.
//!
//! Passing a limit is always a clear error ([`ErrorKind`](crate::ErrorKind)),
//! never a panic, never silent truncation: a pair past
//! [`Limits::max_pairs`] is not dropped, it fails the scan.

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
}

impl Limits {
    /// The defaults, each documented on its field.
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
    };
}

impl Default for Limits {
    #[inline]
    fn default() -> Self {
        Limits::DEFAULT
    }
}
