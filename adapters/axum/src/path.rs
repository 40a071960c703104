//! Path parameters cut out of the request's raw path by the matched route's
//! template, with nothing allocated.
//!
//! axum's own `RawPathParams` are a per-request copy of the router's list
//! (decoded values, each in an `Arc`); cloning that list is an allocation,
//! and binding it needs another list of borrowed pairs. Instead, the route
//! template axum matched (`MatchedPath`, e.g. `/teams/{team}/files/{*rest}`,
//! the whole template under `Router::nest`) is walked against the path the
//! router matched (`OriginalUri`, which `nest` does not strip), and each
//! value is handed to binder as sent: raw, so binder decodes it once.
//!
//! A template this walk cannot follow, or a path that does not fit it (a
//! layer rewrote the URI), falls back to `RawPathParams`.

use axum::extract::{MatchedPath, OriginalUri, RawPathParams};
use binder_http::PathParams;

/// The parameter names axum keeps for itself (`nest_service`'s tail,
/// fallbacks); never handed to binder, as `RawPathParams` leaves them out.
const PRIVATE: &str = "__private__axum_";

/// Walks `template` against `path`, calling `f` with each parameter's name
/// and raw value. `false` when `path` does not fit `template` (then `f` may
/// have been called for the parameters before the point it stopped).
///
/// Templates as axum 0.8 (matchit 0.8) writes them: literal text, `{name}`
/// (one non-empty segment: up to the next `/`), `{*name}` (the non-empty
/// rest, at the end), `{{` and `}}` for literal braces. Literal text is
/// compared with the path as sent, byte for byte, as the router compares it.
pub(crate) fn walk<'t, 'p>(
    template: &'t str,
    path: &'p str,
    mut f: impl FnMut(&'t str, &'p str),
) -> bool {
    let (t, p) = (template.as_bytes(), path.as_bytes());
    let (mut i, mut j) = (0, 0);
    while i < t.len() {
        match (t[i], t.get(i + 1)) {
            (b'{', Some(b'{')) | (b'}', Some(b'}')) => {
                if p.get(j) != Some(&t[i]) {
                    return false;
                }
                i += 2;
                j += 1;
            }
            (b'{', _) => {
                let Some(len) = t[i + 1..].iter().position(|&b| b == b'}') else {
                    return false;
                };
                let name = &template[i + 1..i + 1 + len];
                i += len + 2;
                if let Some(name) = name.strip_prefix('*') {
                    // A catch-all ends the template and takes the rest.
                    let Some(rest) = path.get(j..).filter(|r| !r.is_empty()) else {
                        return false;
                    };
                    if i != t.len() {
                        return false;
                    }
                    if !name.starts_with(PRIVATE) {
                        f(name, rest);
                    }
                    return true;
                }
                if t.get(i).is_some_and(|&b| b != b'/') {
                    return false; // a suffix after a parameter: not axum 0.8's syntax
                }
                let end = p[j..]
                    .iter()
                    .position(|&b| b == b'/')
                    .map_or(p.len(), |k| j + k);
                let Some(value) = path.get(j..end).filter(|v| !v.is_empty()) else {
                    return false;
                };
                if !name.starts_with(PRIVATE) {
                    f(name, value);
                }
                j = end;
            }
            (b'}', _) => return false,
            (b, _) => {
                if p.get(j) != Some(&b) {
                    return false;
                }
                i += 1;
                j += 1;
            }
        }
    }
    j == p.len()
}

/// The matched template and routed path of a request, when the path fits
/// the template: its parameters, raw.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Matched<'r> {
    template: &'r str,
    path: &'r str,
}

impl<'r> Matched<'r> {
    /// The template and path of `parts`, if axum matched a route and the
    /// path fits it.
    pub(crate) fn of(parts: &'r http::request::Parts) -> Option<Self> {
        let template = parts.extensions.get::<MatchedPath>()?.as_str();
        let path = parts
            .extensions
            .get::<OriginalUri>()
            .map_or(parts.uri.path(), |o| o.0.path());
        walk(template, path, |_, _| {}).then_some(Matched { template, path })
    }
}

impl<'r> PathParams<'r> for Matched<'r> {
    #[inline]
    fn each(&self, f: impl FnMut(&str, &'r str)) {
        walk(self.template, self.path, f);
    }
}

/// axum's `RawPathParams`, values decoded by the router (bound through
/// `binder_http::Decoded`): the fallback.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Raw<'r>(pub(crate) Option<&'r RawPathParams>);

impl<'r> PathParams<'r> for Raw<'r> {
    #[inline]
    fn each(&self, mut f: impl FnMut(&str, &'r str)) {
        for (name, value) in self.0.iter().flat_map(|p| p.iter()) {
            f(name, value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::walk;

    fn params(template: &str, path: &str) -> Option<Vec<(String, String)>> {
        let mut out = Vec::new();
        walk(template, path, |n, v| {
            out.push((n.to_owned(), v.to_owned()))
        })
        .then_some(out)
    }

    fn p(pairs: &[(&str, &str)]) -> Option<Vec<(String, String)>> {
        Some(
            pairs
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect(),
        )
    }

    #[test]
    fn segments_wildcards_literals_and_escapes() {
        assert_eq!(params("/", "/"), p(&[]));
        assert_eq!(params("/a/{x}", "/a/1"), p(&[("x", "1")]));
        assert_eq!(
            params("/a/{x}/b/{y}", "/a/%20/b/2"),
            p(&[("x", "%20"), ("y", "2")])
        );
        assert_eq!(params("/v{n}/x", "/v2/x"), p(&[("n", "2")]));
        assert_eq!(params("/f/{*rest}", "/f/a/b/"), p(&[("rest", "a/b/")]));
        assert_eq!(params("/{{a}}/{x}", "/{a}/1"), p(&[("x", "1")]));
        assert_eq!(
            params("/s/{*__private__axum_nest_tail_param}", "/s/a"),
            p(&[])
        );
    }

    #[test]
    fn paths_that_do_not_fit_are_refused() {
        assert_eq!(params("/a/{x}", "/a/"), None); // empty value
        assert_eq!(params("/a/{x}", "/a/1/2"), None);
        assert_eq!(params("/a/{x}", "/b/1"), None);
        assert_eq!(params("/f/{*rest}", "/f/"), None);
        assert_eq!(params("/{{a}}", "/a"), None);
        assert_eq!(params("/{x}.png", "/a.png"), None); // a suffix: fall back
        assert_eq!(params("/{*a}/x", "/q/x"), None);
        assert_eq!(params("/{x", "/q"), None);
        assert_eq!(params("/x}", "/x}"), None);
        assert_eq!(params("/a", "/a/"), None);
    }
}
