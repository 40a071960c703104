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

use binder_core::bind::{BindError, Errors};
use core::fmt::Write as _;
use http::StatusCode;

/// The media type of a problem details body.
pub const PROBLEM_JSON: &str = "application/problem+json";

/// The status a failed bind answers with: 400 for field errors and
/// malformed sources, 415 for a body binder does not read, a format not
/// accepted, or a charset other than UTF-8.
pub fn status_of(error: &BindError<'_>) -> StatusCode {
    match error {
        BindError::UnsupportedMediaType | BindError::UnsupportedCharset => {
            StatusCode::UNSUPPORTED_MEDIA_TYPE
        }
        _ => StatusCode::BAD_REQUEST,
    }
}

/// The problem details body for `error`.
///
/// ```
/// use binder_http::{Bind, Parts};
///
/// #[derive(Bind, Debug)]
/// struct Q { #[bind(query)] page: u32 }
///
/// let err = Q::bind(&Parts { query: Some("page=x"), ..Parts::default() }).unwrap_err();
/// assert_eq!(
///     binder_http::problem_json(&err),
///     r#"{"type":"about:blank","title":"Bad Request","status":400,"detail":"1 field failed to bind","errors":[{"source":"query","field":"page","code":"invalid","detail":"expected an unsigned integer"}]}"#
/// );
/// ```
pub fn problem_json(error: &BindError<'_>) -> String {
    let status = status_of(error);
    let mut out = String::with_capacity(256);
    out.push_str(r#"{"type":"about:blank","title":"#);
    push_json_str(&mut out, status.canonical_reason().unwrap_or("Error"));
    let _ = write!(out, r#","status":{}"#, status.as_u16());
    match error {
        BindError::Fields(errors) => push_fields(&mut out, errors),
        BindError::Malformed { source, error } => {
            out.push_str(r#","detail":"#);
            push_json_str(&mut out, &format!("{source}: {error}"));
            let _ = write!(
                out,
                r#","errors":[{{"source":"{}","code":"malformed","offset":{}}}]"#,
                source.as_str(),
                error.offset()
            );
        }
        BindError::UnsupportedMediaType => {
            out.push_str(
                r#","detail":"the body's Content-Type is not a format this endpoint accepts""#,
            );
        }
        BindError::UnsupportedCharset => {
            out.push_str(
                r#","detail":"the body's Content-Type declares a charset other than UTF-8""#,
            );
        }
        _ => {}
    }
    out.push('}');
    out
}

fn push_fields(out: &mut String, errors: &Errors<'_>) {
    let n = errors.as_slice().len() + errors.dropped();
    let _ = write!(
        out,
        r#","detail":"{n} field{} failed to bind""#,
        if n == 1 { "" } else { "s" }
    );
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
    if errors.dropped() > 0 {
        let _ = write!(out, r#","dropped":{}"#, errors.dropped());
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

/// `error` as a whole response: its status, `Content-Type:
/// application/problem+json`, and the problem details body.
pub fn to_response(error: &BindError<'_>) -> http::Response<String> {
    let mut res = http::Response::new(problem_json(error));
    *res.status_mut() = status_of(error);
    res.headers_mut().insert(
        http::header::CONTENT_TYPE,
        http::HeaderValue::from_static(PROBLEM_JSON),
    );
    res
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
