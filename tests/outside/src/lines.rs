//! The "add a body format" checklist, proved from outside binder: a body
//! format of the user's own, [`Lines`], read for `#[derive(Bind)]` types'
//! `body` fields with binder's public API alone (no edit to binder-core
//! or the derive, nothing `#[doc(hidden)]`).
//!
//! The format is `key: value` lines (`text/x-lines`): `\n` or `\r\n`
//! ends a line; an empty line, or one whose first byte is `#`, is
//! skipped; a key is one or more bytes other than `:`, space and tab,
//! written from the line's start; the value is the rest after the `:`,
//! spaces and tabs around it dropped, taken as it is (nothing decodes).
//! A key is a field's `body` key, or a path into one as a form's is
//! (`items[0][sku]: a`); a key repeated is a list's next value.
//!
//! ```
//! use binder_http::{Bind, HttpRequest, WithFormat};
//! use binder_outside_check::lines::Lines;
//!
//! #[derive(Bind)]
//! #[bind(accept = "json, custom")]
//! struct Note {
//!     #[bind(body)]
//!     title: String,
//!     #[bind(body)]
//!     tags: Vec<String>,
//! }
//!
//! let req = http::Request::post("/notes")
//!     .header("content-type", "text/x-lines")
//!     .body(&b"title: Tea & cake\ntags: a+b\ntags: c"[..])?;
//! let note = Note::bind(&WithFormat::new(HttpRequest::from_request(&req, &[]), Lines))
//!     .map_err(binder_http::Error::from)?;
//! assert_eq!((note.title.as_str(), &note.tags[..]), ("Tea & cake", &["a+b".to_owned(), "c".to_owned()][..]));
//! # Ok::<(), Box<dyn std::error::Error + Send + Sync>>(())
//! ```

use binder_http::convert::{Raw, Ref};
use binder_http::{ErrorKind, Limits, TextFormat};

/// The media type [`Lines`] reads, parameters aside.
pub const MEDIA_TYPE: &[u8] = b"text/x-lines";

/// `key: value` lines (see the module docs).
#[derive(Clone, Copy, Debug, Default)]
pub struct Lines;

impl TextFormat for Lines {
    /// `text/x-lines`, in any ASCII case, with or without parameters.
    fn reads(&self, content_type: Option<&[u8]>) -> bool {
        let Some(ct) = content_type else {
            return false;
        };
        let essence = ct.split(|&b| b == b';').next().unwrap_or_default();
        essence.trim_ascii().eq_ignore_ascii_case(MEDIA_TYPE)
    }

    fn walk<'r, F>(
        &self,
        body: &'r [u8],
        limits: &Limits,
        mut f: F,
    ) -> Result<(), binder_http::field::Error>
    where
        F: FnMut(Ref<'r, '_, [u8]>, Raw<'r>),
    {
        let fail = |kind, at| Err(binder_http::field::Error::new(kind, at));
        let mut pairs = 0;
        let mut start = 0;
        while start < body.len() {
            let end = body[start..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(body.len(), |i| start + i);
            let line = &body[start..end];
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            let at = start;
            start = end + 1;
            if line.is_empty() || line[0] == b'#' {
                continue;
            }
            let key_len = line
                .iter()
                .position(|&b| matches!(b, b':' | b' ' | b'\t'))
                .unwrap_or(line.len());
            let rest = line[key_len..].trim_ascii_start();
            let Some(value) = rest.strip_prefix(b":") else {
                return fail(ErrorKind::BodySyntax, at + key_len);
            };
            if key_len == 0 {
                return fail(ErrorKind::BodySyntax, at);
            }
            if key_len > limits.max_key_len {
                return fail(ErrorKind::KeyTooLong, at);
            }
            pairs += 1;
            if pairs > limits.max_pairs {
                return fail(ErrorKind::TooManyPairs, at);
            }
            f(
                Ref::Borrowed(&line[..key_len]),
                Raw::plain(value.trim_ascii()),
            );
        }
        Ok(())
    }
}
