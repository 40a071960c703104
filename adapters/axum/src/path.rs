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

#![cfg_attr(not(feature = "matched-path"), allow(dead_code))]

use axum::extract::RawPathParams;
#[cfg(feature = "matched-path")]
use axum::extract::{MatchedPath, OriginalUri};
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
    let (mut t, mut p) = (template, path);
    loop {
        // A literal run, compared whole. (Byte loops: template runs and path
        // segments are short, and `str::find`'s searchers cost more to set
        // up than these scans.)
        let end = t
            .bytes()
            .position(|b| b == b'{' || b == b'}')
            .unwrap_or(t.len());
        let Some(rest) = p.strip_prefix(&t[..end]) else {
            return false;
        };
        (t, p) = (&t[end..], rest);
        let Some(&brace) = t.as_bytes().first() else {
            return p.is_empty();
        };
        if t.as_bytes().get(1) == Some(&brace) {
            // `{{` or `}}`: a literal brace.
            let Some(rest) = p.strip_prefix(char::from(brace)) else {
                return false;
            };
            (t, p) = (&t[2..], rest);
            continue;
        }
        if brace == b'}' {
            return false;
        }
        let Some(close) = t.bytes().position(|b| b == b'}') else {
            return false;
        };
        let name = &t[1..close];
        t = &t[close + 1..];
        if let Some(name) = name.strip_prefix('*') {
            // A catch-all ends the template and takes the non-empty rest.
            if !t.is_empty() || p.is_empty() {
                return false;
            }
            if !name.starts_with(PRIVATE) {
                f(name, p);
            }
            return true;
        }
        if !t.is_empty() && !t.starts_with('/') {
            return false; // a suffix after a parameter: not axum 0.8's syntax
        }
        let end = p.bytes().position(|b| b == b'/').unwrap_or(p.len());
        if end == 0 {
            return false;
        }
        if !name.starts_with(PRIVATE) {
            f(name, &p[..end]);
        }
        p = &p[end..];
    }
}

/// Parameters a [`Matched`] keeps from the walk that checked the path fits
/// its template; a route with more is walked again when bound.
const KEPT: usize = 4;

/// The matched template and routed path of a request, when the path fits
/// the template: its parameters, raw, as the checking walk found them (up
/// to [`KEPT`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Matched<'r> {
    template: &'r str,
    path: &'r str,
    kept: [(&'r str, &'r str); KEPT],
    count: usize,
}

impl<'r> Matched<'r> {
    /// The template and path of `parts`, if axum matched a route and the
    /// path fits it (never without the `matched-path` feature).
    #[cfg(not(feature = "matched-path"))]
    pub(crate) fn of(_: &'r http::request::Parts) -> Option<Self> {
        None
    }

    /// The template and path of `parts`, if axum matched a route and the
    /// path fits it.
    #[cfg(feature = "matched-path")]
    pub(crate) fn of(parts: &'r http::request::Parts) -> Option<Self> {
        let template = parts.extensions.get::<MatchedPath>()?.as_str();
        let path = parts
            .extensions
            .get::<OriginalUri>()
            .map_or(parts.uri.path(), |o| o.0.path());
        let mut kept = [("", ""); KEPT];
        let mut count = 0;
        let fits = walk(template, path, |name, value| {
            if let Some(slot) = kept.get_mut(count) {
                *slot = (name, value);
            }
            count += 1;
        });
        fits.then_some(Matched {
            template,
            path,
            kept,
            count,
        })
    }
}

impl<'r> PathParams<'r> for Matched<'r> {
    #[inline]
    fn each(&self, mut f: impl FnMut(&str, &'r str)) {
        match self.kept.get(..self.count) {
            Some(kept) => {
                for &(name, value) in kept {
                    f(name, value);
                }
            }
            None => {
                walk(self.template, self.path, f);
            }
        }
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
        assert_eq!(params("/café/{x}/é", "/café/ü/é"), p(&[("x", "ü")]));
        assert_eq!(
            params("/s/{*__private__axum_nest_tail_param}", "/s/a"),
            p(&[])
        );
    }

    /// The walk's rule, written the slow way: the template cut into
    /// pieces first, then the path matched piece by piece.
    fn reference(template: &str, path: &str) -> Option<Vec<(String, String)>> {
        enum Piece {
            Lit(String),
            Param(String),
            Rest(String),
        }
        let mut pieces = Vec::new();
        let mut lit = String::new();
        let mut rest = template;
        while let Some(c) = rest.chars().next() {
            if rest.starts_with("{{") || rest.starts_with("}}") {
                lit.push(c);
                rest = &rest[2..];
            } else if c == '}' {
                return None;
            } else if c == '{' {
                let close = rest.find('}')?;
                let name = &rest[1..close];
                rest = &rest[close + 1..];
                pieces.push(Piece::Lit(std::mem::take(&mut lit)));
                match name.strip_prefix('*') {
                    Some(n) if rest.is_empty() => pieces.push(Piece::Rest(n.into())),
                    Some(_) => return None,
                    None if rest.is_empty() || rest.starts_with('/') => {
                        pieces.push(Piece::Param(name.into()))
                    }
                    None => return None,
                }
            } else {
                lit.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
        pieces.push(Piece::Lit(lit));
        let (mut out, mut p) = (Vec::new(), path);
        for piece in pieces {
            match piece {
                Piece::Lit(l) => p = p.strip_prefix(l.as_str())?,
                Piece::Param(n) => {
                    let v = p.split('/').next().filter(|v| !v.is_empty())?;
                    if !n.starts_with(super::PRIVATE) {
                        out.push((n, v.to_owned()));
                    }
                    p = &p[v.len()..];
                }
                Piece::Rest(n) => {
                    if p.is_empty() {
                        return None;
                    }
                    if !n.starts_with(super::PRIVATE) {
                        out.push((n, p.to_owned()));
                    }
                    p = "";
                }
            }
        }
        p.is_empty().then_some(out)
    }

    /// For every template and path of up to four pieces over an alphabet that
    /// holds each byte the walk treats apart (`/`, both braces, a
    /// multi-byte character), the walk and the reference agree.
    #[test]
    fn the_walk_agrees_with_the_reference_everywhere_small() {
        const T: &[&str] = &["/", "a", "é", "{x}", "{*r}", "{{", "}}", "{", "}"];
        const P: &[&str] = &["/", "a", "é", "{", "}"];
        fn all(alphabet: &[&str], len: usize) -> Vec<String> {
            let mut out = vec![String::new()];
            let mut last = vec![String::new()];
            for _ in 0..len {
                last = last
                    .iter()
                    .flat_map(|s| alphabet.iter().map(move |a| format!("{s}{a}")))
                    .collect();
                out.extend(last.iter().cloned());
            }
            out
        }
        let (templates, paths) = (all(T, 4), all(P, 4));
        let mut fits = 0;
        for t in &templates {
            for p in &paths {
                let got = params(t, p);
                assert_eq!(got, reference(t, p), "template {t:?}, path {p:?}");
                fits += usize::from(got.is_some());
            }
        }
        assert!(fits > 1_000, "{fits}");
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
        assert_eq!(params("/ab/{x}", "/a"), None); // the path ends inside a literal
        assert_eq!(params("/café/{x}", "/cafe/1"), None);
        assert_eq!(params("/é/{x}", "/\u{e8}/1"), None); // same first byte
    }
}
