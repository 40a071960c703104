//! A failed bind as an RFC 9457 problem details response.
//!
//! ```json
//! {"type":"about:blank","title":"Bad Request","status":400,
//!  "detail":"2 fields failed to bind",
//!  "errors":[{"source":"query","field":"filter[team]","code":"invalid",
//!             "detail":"expected an unsigned integer"}]}
//! ```
//!
//! Built only when a bind failed; never echoes a submitted value (field
//! paths are the client's names, with control characters escaped).

use crate::error::Error;
use binder_core::bind::{BindError, Errors};
use core::fmt::Write as _;

/// The media type of a problem details body.
///
/// ```
/// let res: http::Response<String> = binder_http::Error::TooLarge { limit: 8 }.to_response();
/// assert_eq!(res.headers()[http::header::CONTENT_TYPE], binder_http::PROBLEM_JSON);
/// assert_eq!(binder_http::PROBLEM_JSON, "application/problem+json");
/// ```
pub const PROBLEM_JSON: &str = "application/problem+json";

/// The problem details body for `error` (see [`Error::problem_json`]).
///
/// ```
/// use binder_http::request::Parts;
/// use binder_http::Bind;
///
/// #[derive(Bind, Debug)]
/// struct Q { #[bind(query)] page: u32 }
///
/// let err = binder_http::Error::from(Q::bind(&Parts { query: Some("page=x"), ..Parts::default() }).unwrap_err());
/// assert_eq!(
///     err.problem_json(),
///     r#"{"type":"about:blank","title":"Bad Request","status":400,"detail":"1 field failed to bind","errors":[{"source":"query","field":"page","code":"invalid","detail":"expected an unsigned integer"}]}"#
/// );
/// ```
pub(crate) fn write(error: &Error) -> String {
    let status = error.status();
    let mut out = String::with_capacity(256);
    out.push_str(r#"{"type":"about:blank","title":"#);
    push_json_str(&mut out, status.canonical_reason().unwrap_or("Error"));
    let _ = write!(out, r#","status":{}"#, status.as_u16());
    match error {
        Error::Bind(BindError::Fields(errors)) => push_fields(&mut out, errors),
        Error::Bind(BindError::Malformed { source, error }) => {
            out.push_str(r#","detail":"#);
            push_json_str(&mut out, &format!("{source}: {error}"));
            let code = if error.kind().is_limit() {
                "limit"
            } else {
                "malformed"
            };
            let _ = write!(
                out,
                r#","errors":[{{"source":"{}","code":"{code}","offset":{}}}]"#,
                source.as_str(),
                error.offset()
            );
        }
        other => {
            out.push_str(r#","detail":"#);
            push_json_str(&mut out, &other.to_string());
        }
    }
    out.push('}');
    out
}

/// The detail line and the list of field errors. The detail counts errors
/// and fields apart: `7 errors in 6 fields`.
fn push_fields(out: &mut String, errors: &Errors) {
    let kept = errors.as_slice().len();
    let fields = errors.field_count();
    let dropped = errors.dropped();
    let s = |n: usize| if n == 1 { "" } else { "s" };
    out.push_str(r#","detail":""#);
    if kept == fields && dropped == 0 {
        let _ = write!(out, "{fields} field{} failed to bind", s(fields));
    } else {
        let _ = write!(
            out,
            "{kept} error{} in {fields} field{}",
            s(kept),
            s(fields)
        );
        if dropped > 0 {
            let _ = write!(out, ", and {dropped} more not listed");
        }
    }
    out.push('"');
    out.push_str(r#","errors":["#);
    for (i, e) in errors.as_slice().iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, r#"{{"source":"{}","field":"#, e.source().as_str());
        push_json_str(out, &e.path().to_string());
        let _ = write!(out, r#","code":"{}","detail":"#, e.kind().code());
        push_json_str(out, e.kind().detail());
        out.push('}');
    }
    out.push(']');
    if dropped > 0 {
        let _ = write!(out, r#","dropped":{dropped}"#);
    }
}

/// Writes `s` as a JSON string.
fn push_json_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_strings_escape_quotes_backslashes_and_controls() {
        let mut s = String::new();
        push_json_str(&mut s, "a\"b\\c\nd\u{1}é");
        assert_eq!(s, r#""a\"b\\c\u000ad\u0001é""#);
    }
}
