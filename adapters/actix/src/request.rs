//! An actix-web request and its body bytes as a [`Request`] binder reads.

use actix_web::http::header;
use actix_web::HttpRequest;
use binder_http::request::{Body, Request};

/// A view of an actix-web request and its body bytes for binding: path
/// parameters from the matched route, the query string, the headers (every
/// line of a repeated header) and the body. Builds nothing and copies
/// nothing.
///
/// [`Bound`](crate::Bound) uses it for owned targets; a handler that reads
/// the body itself binds a type that borrows from the request with it:
///
/// ```
/// use actix_web::{test::TestRequest, web};
/// use binder_actix::ActixRequest;
/// use binder_http::Bind;
///
/// #[derive(Bind)]
/// struct Search<'r> {
///     #[bind(path)]
///     team: u32,
///     #[bind(query)]
///     q: &'r str,
///     #[bind(header = "X-Request-ID")]
///     trace: &'r str,
/// }
///
/// let req = TestRequest::with_uri("/teams/7/search?q=rust")
///     .insert_header(("x-request-id", "7f3c"))
///     .param("team", "7")
///     .to_http_request();
/// let body = web::Bytes::new();
/// let s = Search::bind(&ActixRequest::new(&req, &body)).unwrap();
/// assert_eq!((s.team, s.q, s.trace), (7, "rust", "7f3c"));
/// ```
///
/// # Path parameters
/// actix-router matches routes against a partly decoded path: every
/// percent-escape is decoded except `%25` (`%`), `%2F` (`/`) and `%2B`
/// (`+`), and bytes that then are not UTF-8 are replaced by U+FFFD. Those
/// values are neither raw nor decoded: `%2%41` matches as `%2A`, which a
/// second decoding would make `*`. So the view hands binder the *raw* text
/// of each parameter, the bytes of the request's URI that actix matched,
/// and binder decodes it exactly once (`%2541` binds `%41`, `a%20b` binds
/// `a b`, `%FF` is a field error rather than U+FFFD). When the path has no
/// escape actix decodes, its values are the URI's bytes already and are
/// passed as they are.
#[derive(Clone, Copy, Debug)]
pub struct ActixRequest<'r> {
    req: &'r HttpRequest,
    body: &'r [u8],
}

impl<'r> ActixRequest<'r> {
    /// A view of `req` whose body is `body`.
    ///
    /// ```
    /// use actix_web::test::TestRequest;
    /// use binder_actix::ActixRequest;
    /// use binder_http::Bind;
    ///
    /// #[derive(Bind)]
    /// #[bind(body)]
    /// struct Login<'r> {
    ///     user: &'r str,
    ///     remember: Option<bool>,
    /// }
    ///
    /// let req = TestRequest::post()
    ///     .insert_header(("content-type", "application/json"))
    ///     .to_http_request();
    /// let body = br#"{"user":"ada"}"#;
    /// let login = Login::bind(&ActixRequest::new(&req, body)).unwrap();
    /// assert_eq!((login.user, login.remember), ("ada", None));
    /// ```
    #[inline]
    pub fn new(req: &'r HttpRequest, body: &'r [u8]) -> Self {
        ActixRequest { req, body }
    }
}

impl<'r> Request<'r> for ActixRequest<'r> {
    // Raw values: see "Path parameters" above.
    const PATH_DECODED: bool = false;

    #[inline]
    fn path_params<F: FnMut(&str, &'r str)>(&self, mut f: F) {
        let info = self.req.match_info();
        let matched = info.as_str();
        // The URI the match info was made from (the same as the request's,
        // unless a middleware rewrote one and not the other).
        let raw = info.get_ref().uri().path();
        let unchanged = core::ptr::eq(matched, raw);
        for (name, value) in info.iter() {
            if unchanged {
                f(name, value);
            } else {
                f(name, raw_value(raw, matched, value).unwrap_or(value));
            }
        }
    }

    #[inline]
    fn query(&self) -> Option<&'r str> {
        // `HttpRequest::query_string` is this with "" for no query.
        self.req.uri().query()
    }

    #[inline]
    fn headers<F: FnMut(&[u8], &'r [u8]) -> bool>(&self, mut f: F) {
        // actix's `HeaderName`s are lower case; its map yields a name once
        // for each of its lines, so several `Cookie` lines are all read.
        for (name, value) in self.req.headers() {
            if !f(name.as_str().as_bytes(), value.as_bytes()) {
                break;
            }
        }
    }

    #[inline]
    fn body(&self) -> Body<'r> {
        let ct = self
            .req
            .headers()
            .get(header::CONTENT_TYPE)
            .map(header::HeaderValue::as_bytes);
        Body::classify(ct, self.body)
    }

    #[inline]
    fn raw_body(&self) -> &'r [u8] {
        self.body
    }
}

/// The bytes actix-router leaves encoded: `%`, `/` and `+`.
#[inline]
fn protected(b: u8) -> bool {
    matches!(b, b'%' | b'/' | b'+')
}

#[inline]
fn hex(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// The next byte of actix-router's requoted path at `raw[i..]`, and how
/// many raw bytes it stands for (3 for a decoded escape, else 1). The same
/// rule as `actix_router::Quoter::requote` with `%`, `/` and `+` protected.
#[inline]
fn requoted_at(raw: &[u8], i: usize) -> (u8, usize) {
    if let [b'%', h, l, ..] = raw[i..] {
        if let (Some(h), Some(l)) = (hex(h), hex(l)) {
            let b = h << 4 | l;
            if !(b < 0x80 && protected(b)) {
                return (b, 3);
            }
        }
    }
    (raw[i], 1)
}

/// The raw text of `value`, a slice of `matched` (actix's requoted path
/// made from `raw`), as the range of `raw` that actix decoded into it.
///
/// Replays the requoting (escapes decoded but `%25`, `%2F`, `%2B`) and the
/// lossy UTF-8 conversion (each invalid sequence one U+FFFD) over `raw`,
/// checking every byte against `matched`. `None` when `value` is not inside
/// `matched` (a static parameter a service added), or when the replay does
/// not give `matched` (never expected: the value is then passed as it is).
fn raw_value<'r>(raw: &'r str, matched: &str, value: &str) -> Option<&'r str> {
    let start = (value.as_ptr() as usize).checked_sub(matched.as_ptr() as usize)?;
    let end = start + value.len();
    if end > matched.len() {
        return None;
    }
    let (rb, mb) = (raw.as_bytes(), matched.as_bytes());
    let (mut i, mut j) = (0usize, 0usize);
    let mut from = None;
    loop {
        if j == start && from.is_none() {
            from = Some(i);
        }
        if j == end {
            return raw.get(from?..i);
        }
        if j > end || i >= rb.len() {
            return None;
        }
        // The next character of the requoted bytes: up to 4 of them.
        let mut window = [0u8; 4];
        let mut taken = [0usize; 4];
        let (mut n, mut at) = (0, i);
        while n < 4 && at < rb.len() {
            let (b, used) = requoted_at(rb, at);
            window[n] = b;
            taken[n] = used;
            n += 1;
            at += used;
        }
        let (units, out): (usize, &[u8]) = match core::str::from_utf8(&window[..n]) {
            Ok(_) => (utf8_width(window[0]), &window[..utf8_width(window[0])]),
            Err(e) if e.valid_up_to() > 0 => {
                (utf8_width(window[0]), &window[..utf8_width(window[0])])
            }
            Err(e) => (e.error_len().unwrap_or(n), "\u{FFFD}".as_bytes()),
        };
        if mb.get(j..j + out.len()) != Some(out) {
            return None;
        }
        i += taken[..units].iter().sum::<usize>();
        j += out.len();
    }
}

/// The length of the UTF-8 character whose first byte is `b` (valid).
#[inline]
fn utf8_width(b: u8) -> usize {
    match b {
        0x00..=0x7f => 1,
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        _ => 4,
    }
}

#[cfg(test)]
mod tests {
    use super::raw_value;

    /// actix-router's own requoting of `raw`, as `Url::new` does it.
    fn requote(raw: &str) -> String {
        let uri: actix_web::http::Uri = raw.parse().unwrap();
        let url = actix_web::dev::Url::new(uri);
        url.path().to_owned()
    }

    /// The raw text of the whole `matched` path and of `matched[a..b]`.
    fn back(raw: &str, a: usize, b: usize) -> Option<String> {
        let matched = requote(raw);
        raw_value(raw, &matched, &matched[a..b]).map(str::to_owned)
    }

    #[test]
    fn a_requoted_path_maps_back_to_its_raw_bytes() {
        for raw in [
            "/a%20b",
            "/%2541",
            "/%2%41",
            "/%%341",
            "/x%2Fy%2f%2B+z",
            "/%C3%A9t%C3%A9",
            "/%FF%FE/%E2%82",
            "/%E2%82%AC%E2",
            "/%F0%9F%98%80/%80%80%80%80",
            "/%ed%a0%80",
            "/%c0%af",
            "/caf%C3%A9%",
            "/%",
            "/%4",
            "/%zz%41",
        ] {
            let matched = requote(raw);
            assert_eq!(back(raw, 0, matched.len()).as_deref(), Some(raw), "{raw}");
            // Every char-boundary split maps to a split of the raw path.
            for a in (0..=matched.len()).filter(|&a| matched.is_char_boundary(a)) {
                let got = back(raw, a, matched.len()).expect(raw);
                assert!(raw.ends_with(&got), "{raw} {a}");
                assert_eq!(requote(&format!("/{got}")), format!("/{}", &matched[a..]));
            }
        }
    }

    #[test]
    fn a_segment_maps_to_its_raw_segment() {
        let raw = "/u/%2%41/a%20b/%2541/%FF";
        let matched = requote(raw);
        assert_eq!(matched, "/u/%2A/a b/%2541/\u{FFFD}");
        let seg = |s: &str| {
            let a = matched.find(s).unwrap();
            raw_value(raw, &matched, &matched[a..a + s.len()]).map(str::to_owned)
        };
        assert_eq!(seg("%2A").as_deref(), Some("%2%41"));
        assert_eq!(seg("a b").as_deref(), Some("a%20b"));
        assert_eq!(seg("%2541").as_deref(), Some("%2541"));
        assert_eq!(seg("\u{FFFD}").as_deref(), Some("%FF"));
    }
}
