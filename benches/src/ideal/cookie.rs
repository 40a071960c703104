//! Ideal floors for the cookie workload (`cookie6.txt`): the two cookies
//! `session` and `lang` from a `Cookie` header value, owned ([`Cookies`])
//! and borrowed ([`CookiesRef`]), written for exactly those structs.
//!
//! The rules are binder's (`core/src/cookie.rs` and the derive's
//! `cookie_loop`):
//! - pieces split on `;`; whitespace (space, `\t`, `\n`, `\x0b`, `\x0c`,
//!   `\r`) and `;` before a piece are skipped; a piece without `=` or with
//!   an empty name is no cookie;
//! - the name is the trimmed text before the first `=`, the value the
//!   trimmed text after it (`session = x` names `session`), with one pair
//!   of surrounding `"` stripped (the fields are not `keep_quotes`); no
//!   percent-decoding;
//! - a cookie's first value is taken; later ones are ignored, not even
//!   checked;
//! - at most 3,000 cookies, counted on every piece read that is a cookie;
//! - the scan stops as soon as both fields have a value: nothing after it
//!   is read (the limit and bad bytes included);
//! - a value must be UTF-8 (the header is bytes; other cookies may hold
//!   anything).
//!
//! What a generator knows here: the two names (a piece starting with
//! neither `s` nor `l` is only searched for its `=` and `;`, and only for
//! its `;` in a header too short to hold 3,001 cookies), and that
//! both values are checked once found, so the two are checked as one span
//! (`from_utf8` once, from a word boundary), each on its own only when the
//! span is not UTF-8. The owned floor allocates the two `String`s once
//! both values are known good, as binder's result owns them.

use super::urlencoded::find;
pub use super::urlencoded::Reject;
use crate::{Cookies, CookiesRef};

/// `Limits::DEFAULT.max_cookies`.
const MAX_COOKIES: usize = 3_000;

/// The cookies of a `Cookie` header value (`cookie6.txt`), owned, as
/// `binder_cookie::<Cookies>` binds them.
///
/// # Errors
/// [`Reject`] where binder refuses the header.
#[inline]
pub fn ideal_cookies(header: &[u8]) -> Result<Cookies, Reject> {
    // Checked first, allocated once both are found: the same two `String`s.
    let (session, lang) = cookies(header)?;
    Ok(Cookies {
        session: String::from(session),
        lang: String::from(lang),
    })
}

/// The cookies of a `Cookie` header value, borrowed, as
/// `binder_cookie::<CookiesRef>` binds them.
///
/// # Errors
/// [`Reject`] where binder refuses the header.
#[inline]
pub fn ideal_cookies_ref(header: &[u8]) -> Result<CookiesRef<'_>, Reject> {
    let (session, lang) = cookies(header)?;
    Ok(CookiesRef { session, lang })
}

/// Whether trimming removes `b`.
#[inline(always)]
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// `s` without whitespace at either end.
#[inline(always)]
fn trim(mut s: &[u8]) -> &[u8] {
    while let [first, rest @ ..] = s {
        if !is_space(*first) {
            break;
        }
        s = rest;
    }
    while let [rest @ .., last] = s {
        if !is_space(*last) {
            break;
        }
        s = rest;
    }
    s
}

/// A value as text.
#[inline(always)]
fn utf8(v: &[u8]) -> Result<&str, Reject> {
    std::str::from_utf8(v).map_err(|_| Reject)
}

/// Counts one cookie against the limit (with `LIMIT`).
#[inline(always)]
fn count<const LIMIT: bool>(left: &mut usize) -> Result<(), Reject> {
    if LIMIT {
        *left = left.checked_sub(1).ok_or(Reject)?;
    }
    Ok(())
}

/// The two values of `h`: a header shorter than 9,002 bytes cannot hold
/// 3,001 cookies (each is at least a name byte and its `=`, and the next
/// one starts past a `;`), so its scan does not count them.
#[inline(always)]
fn cookies(h: &[u8]) -> Result<(&str, &str), Reject> {
    if h.len() < 3 * MAX_COOKIES + 2 {
        scan::<false>(h)
    } else {
        scan::<true>(h)
    }
}

/// Where a value starting at `at` is, trimmed and unquoted (`start..end`),
/// and where its piece ends (its `;` or the end).
#[inline(always)]
fn value(h: &[u8], at: usize) -> (usize, usize, usize) {
    let stop = find(h, at, [b';']);
    let (mut start, mut end) = (at, stop);
    while start < end && is_space(h[start]) {
        start += 1;
    }
    while end > start && is_space(h[end - 1]) {
        end -= 1;
    }
    if end - start >= 2 && h[start] == b'"' && h[end - 1] == b'"' {
        (start, end) = (start + 1, end - 1);
    }
    (start, end, stop)
}

/// The one pass: each piece recognised by its first byte and its `name=`
/// as sent; any other piece starting as a field's name does is split and
/// its name trimmed; the rest are skipped (counted if they are cookies).
/// The values found are checked for UTF-8 once both are: a value is
/// refused or not whenever it is checked, and the scan reads nothing
/// else that could refuse the header.
///
/// Without `LIMIT` (see [`cookies`]), a skipped piece is only searched
/// for its `;`.
#[inline(always)]
fn scan<const LIMIT: bool>(h: &[u8]) -> Result<(&str, &str), Reject> {
    let mut pos = 0;
    let mut left = MAX_COOKIES;
    let mut session = None;
    let mut lang = None;
    loop {
        // The next piece a field's name may start, past `;`, whitespace
        // and the pieces no field's name starts.
        let first = loop {
            let c = match *h.get(pos..).unwrap_or_default() {
                // The separator browsers send, `; `, then a name.
                [b';', b' ', c, ..] if c != b';' && !is_space(c) => {
                    pos += 2;
                    c
                }
                [c, ..] => c,
                [] => return Err(Reject), // a cookie is missing
            };
            if c == b's' || c == b'l' {
                break c;
            }
            if c == b';' || is_space(c) {
                pos += 1;
                continue;
            }
            pos = skip::<LIMIT>(h, pos, &mut left)?;
        };
        let rest = &h[pos..];
        match first {
            b's' if rest.starts_with(b"session=") => {
                count::<LIMIT>(&mut left)?;
                let (start, end, stop) = value(h, pos + 8);
                session.get_or_insert((start, end));
                pos = stop;
            }
            b'l' if rest.starts_with(b"lang=") => {
                count::<LIMIT>(&mut left)?;
                let (start, end, stop) = value(h, pos + 5);
                lang.get_or_insert((start, end));
                pos = stop;
            }
            _ => pos = piece::<LIMIT>(h, pos, &mut left, &mut session, &mut lang)?,
        }
        if let (Some(s), Some(l)) = (session, lang) {
            return texts(h, s, l);
        }
    }
}

/// Skips a piece no field's name starts: counted if it is a cookie (a
/// name before an `=`); where the next piece starts (its `;` or the end).
#[inline(always)]
fn skip<const LIMIT: bool>(h: &[u8], pos: usize, left: &mut usize) -> Result<usize, Reject> {
    if !LIMIT {
        return Ok(find(h, pos, [b';']));
    }
    let end = find(h, pos, [b';', b'=']);
    if h.get(end) == Some(&b'=') {
        if end > pos {
            count::<LIMIT>(left)?;
        }
        return Ok(find(h, end + 1, [b';']));
    }
    Ok(end)
}

/// The two values as text: checked once as one span when they are
/// (the usual case: ASCII), else each on its own. The span starts at the
/// word boundary at or before the first value (bytes of its name, or of
/// the piece before it), where `from_utf8` takes ASCII a word pair at a
/// time from the first byte on rather than byte by byte up to alignment.
#[inline(always)]
fn texts(h: &[u8], s: (usize, usize), l: (usize, usize)) -> Result<(&str, &str), Reject> {
    let (first, hi) = (s.0.min(l.0), s.1.max(l.1));
    let lo = first.saturating_sub((h.as_ptr() as usize).wrapping_add(first) % 8);
    if let Ok(t) = std::str::from_utf8(&h[lo..hi]) {
        // Each value is cut at ASCII bytes or the header's end: char
        // boundaries of the span.
        if let (Some(s), Some(l)) = (t.get(s.0 - lo..s.1 - lo), t.get(l.0 - lo..l.1 - lo)) {
            return Ok((s, l));
        }
    }
    Ok((utf8(&h[s.0..s.1])?, utf8(&h[l.0..l.1])?))
}

/// A piece taken whole (a name the fast compare missed: `session =x`,
/// `sessions=x`, `lang`): its name trimmed and compared; where the next
/// piece starts.
#[cold]
#[inline(never)]
fn piece<const LIMIT: bool>(
    h: &[u8],
    pos: usize,
    left: &mut usize,
    session: &mut Option<(usize, usize)>,
    lang: &mut Option<(usize, usize)>,
) -> Result<usize, Reject> {
    let end = find(h, pos, [b';']);
    let p = &h[pos..end];
    let eq = find(p, 0, [b'=']);
    if eq == p.len() {
        return Ok(end); // no `=`: no cookie, not counted
    }
    let name = trim(&p[..eq]);
    if name.is_empty() {
        return Ok(end);
    }
    count::<LIMIT>(left)?;
    let slot = match name {
        b"session" => session,
        b"lang" => lang,
        _ => return Ok(end),
    };
    let (start, v_end, _) = value(h, pos + eq + 1);
    slot.get_or_insert((start, v_end));
    Ok(end)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{expected_cookies, COOKIE6};
    use binder_http::request::Parts;
    use binder_http::Bind;

    fn binder<'r, T: Bind<'r>>(header: &'r [u8]) -> Result<T, Reject> {
        let headers = [("cookie", header)];
        T::bind(&Parts {
            headers: &headers,
            ..Parts::default()
        })
        .map_err(|_| Reject)
    }

    /// Owned: the text and the allocation's size; borrowed: the text and
    /// where in the header it is.
    fn owned(c: &Cookies) -> [(String, usize); 2] {
        [
            (c.session.clone(), c.session.capacity()),
            (c.lang.clone(), c.lang.capacity()),
        ]
    }

    fn borrowed(c: &CookiesRef<'_>) -> [(String, usize); 2] {
        [
            (c.session.to_owned(), c.session.as_ptr() as usize),
            (c.lang.to_owned(), c.lang.as_ptr() as usize),
        ]
    }

    /// Both floors against binder on `h`; whether binder accepted it.
    fn check(h: &[u8]) -> bool {
        let show = String::from_utf8_lossy(h);
        let want = binder::<Cookies>(h).map(|c| owned(&c));
        assert_eq!(ideal_cookies(h).map(|c| owned(&c)), want, "{show:?}");
        let want = binder::<CookiesRef>(h).map(|c| borrowed(&c));
        assert_eq!(
            ideal_cookies_ref(h).map(|c| borrowed(&c)),
            want,
            "ref {show:?}"
        );
        want.is_ok()
    }

    #[test]
    fn workload_binds_as_binder_binds_it() {
        let c = ideal_cookies(COOKIE6).unwrap();
        assert_eq!(c, crate::binder_cookie::<Cookies>(COOKIE6));
        assert_eq!(c, expected_cookies());
        let r = ideal_cookies_ref(COOKIE6).unwrap();
        assert_eq!(
            borrowed(&r),
            borrowed(&crate::binder_cookie::<CookiesRef>(COOKIE6))
        );
        assert!(check(COOKIE6));
    }

    #[test]
    fn variants_bind_as_binder_binds_them() {
        let mut cases: Vec<Vec<u8>> = Vec::new();
        let mut add = |s: &[u8]| cases.push(s.to_vec());
        for s in [
            "session=abc; lang=en",
            "lang=en; session=abc",
            "session=abc;lang=en",
            "session=abc ;lang=en;",
            ";;; session=abc ;; ; lang=en ;;",
            "  session=abc  ;  lang=en  ",
            "\tsession=abc\t;\r\nlang=en\r\n",
            "\x0bsession=\x0cabc\x0c;\x0blang=en",
            "session=\u{a0}abc; lang=en\u{a0}",
            "",
            ";",
            " ; ",
            "session=abc",
            "lang=en",
            "session=; lang=",
            "session= ; lang=\"\"",
            "session=\"abc\"; lang=\"en\"",
            "session=\"abc; lang=en\"",
            "session=\"; lang=\"",
            "session=\"a\"b\"; lang=en",
            "session=a\"; lang=\"b",
            "session= \"abc\" ; lang=en",
            "session=\" abc \"; lang=en",
            "session==abc; lang=en=x",
            "session =abc; lang =en",
            " session = abc ; lang\t=\ten",
            "session; lang=en; session=abc",
            "session ; lang=en; session=abc",
            "Session=abc; lang=en",
            "sessions=abc; lang=en; session=x",
            "sessio=abc; lang=en",
            "s=abc; l=en; session=x; lang=y",
            "=session=abc; lang=en; session=real",
            "= session=abc; lang=en",
            "lang=en; lang=fr; session=a; session=b",
            "session=a; session=\u{e9}; lang=b",
            "session abc=x; lang=en; session=y",
            "ses sion=x; lang=en; session=y",
            "session=abc lang=en",
            "session=abc,lang=en",
            "session=abc; lang=en; consent=yes",
            "a=1; b=2; c; =d; session=x; e=5; lang=y; f=6",
            "lang=\u{e9}; session=\u{20ac}",
            "session=x; lang",
            "session=x; lang;",
            "session=x; lang ;lang=y",
            "session=x; =lang; lang=z",
            "session=x;lang=y;session=\u{1F600}",
        ] {
            add(s.as_bytes());
        }
        for s in [
            &b"session=\xff; lang=en"[..],
            b"session=abc; lang=\xc3",
            b"x=\xff; session=abc; lang=en",
            b"\xff; session=abc; lang=en",
            b"\xff=1; session=abc; lang=en",
            b"session=abc; lang=en; x=\xff",
            b"session=abc; session=\xff; lang=en",
            b"session=\xff; session=abc; lang=en",
            b"session=\"\xff\"; lang=en",
            b"session =\xff; lang=en",
            b"session=\xc3\xa9; lang=\xe2\x82\xac",
            b"session=a\x00b; lang=\x7f",
            b"session=a\x80; lang=en",
        ] {
            add(s);
        }
        let (mut ok, mut err) = (0, 0);
        for c in &cases {
            if check(c) {
                ok += 1;
            } else {
                err += 1;
            }
        }
        assert!(ok > 30 && err > 15, "{ok} accepted, {err} refused");
    }

    #[test]
    fn limit_as_binder_applies_it() {
        let both = "session=abc; lang=en";
        let mut cases = Vec::new();
        for n in [2997, 2998, 2999, 3000, 3001, 5000] {
            for other in ["x=1", "s=1", "l=1", "sessionx=1", "session =1", " a b = 1"] {
                let others = vec![other; n].join("; ");
                cases.push(format!("{others}; {both}"));
                cases.push(format!("session=abc; {others}; lang=en"));
                cases.push(format!("{both}; {others}"));
            }
            // Not cookies: never counted.
            for other in ["flag", "=x", "s", "l", "session", "= x"] {
                let others = vec![other; n].join("; ");
                cases.push(format!("{others}; {both}"));
            }
            cases.push(format!("{}; {both}", vec!["session=abc"; n].join("; ")));
            cases.push(format!("{}{both}", ";".repeat(n)));
        }
        // The shortest headers around the limit (binder's count is exact
        // however short the cookies are).
        for k in [2997, 2998, 2999, 3000] {
            cases.push(format!("{}session=;lang=", "a=;".repeat(k)));
            cases.push(format!("session=;{}lang=", "a=;".repeat(k)));
            cases.push(format!("{}s=;l=;session=;lang=", "a=;".repeat(k - 2)));
        }
        let (mut ok, mut err) = (0, 0);
        for c in &cases {
            if check(c.as_bytes()) {
                ok += 1;
            } else {
                err += 1;
            }
        }
        assert!(ok > 40 && err > 15, "{ok} accepted, {err} refused");
    }

    /// xorshift64: a fixed sequence, the same on every run.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    const TOKENS: &[&[u8]] = &[
        b";",
        b"; ",
        b";",
        b"=",
        b"==",
        b"\"",
        b"\"",
        b" ",
        b"  ",
        b"\t",
        b"\r\n",
        b"\x0b",
        b"\x0c",
        b"s",
        b"l",
        b"session=",
        b"lang=",
        b"session",
        b"lang",
        b"session =",
        b"\xff",
        b"\xc3\xa9",
        b"\xc3",
        b"\x80",
        b",",
        b"x=1; ",
        b"=x",
        b"e",
        b"n",
    ];

    /// `COOKIE6` with one to four random edits: a byte deleted, a token
    /// inserted or put in a byte's place, or a slice repeated elsewhere.
    fn mutate(rng: &mut Rng, base: &[u8]) -> Vec<u8> {
        let mut v = base.to_vec();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(v.len() + 1);
            match rng.below(4) {
                0 if at < v.len() => {
                    v.remove(at);
                }
                1 | 0 => {
                    let t = TOKENS[rng.below(TOKENS.len())];
                    v.splice(at..at, t.iter().copied());
                }
                2 if at < v.len() => {
                    let t = TOKENS[rng.below(TOKENS.len())];
                    v.splice(at..at + 1, t.iter().copied());
                }
                _ => {
                    let from = rng.below(v.len() + 1);
                    let to = (from + rng.below(40)).min(v.len());
                    let piece = v[from..to].to_vec();
                    v.splice(at..at, piece);
                }
            }
        }
        v
    }

    #[test]
    fn mutations_bind_as_binder_binds_them() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let (mut ok, mut err) = (0, 0);
        for i in 0..40_000 {
            // Half from the workload, half from its two fields alone (so
            // edits reach their names and separators more often).
            let base: &[u8] = if i % 2 == 0 {
                COOKIE6
            } else {
                b"session=\"abc\"; lang=en"
            };
            if check(&mutate(&mut rng, base)) {
                ok += 1;
            } else {
                err += 1;
            }
        }
        assert!(ok > 5_000 && err > 5_000, "{ok} accepted, {err} refused");
        // Past 9,001 bytes (where the scan counts cookies): a long cookie
        // before or after the edited ones.
        let pad = format!("pad={}", "x".repeat(9_100));
        let (mut ok, mut err) = (0, 0);
        for i in 0..20_000 {
            let mut v = mutate(&mut rng, COOKIE6);
            if i % 2 == 0 {
                v.extend_from_slice(b"; ");
                v.extend_from_slice(pad.as_bytes());
            } else {
                v.splice(0..0, format!("{pad}; ").bytes());
            }
            if check(&v) {
                ok += 1;
            } else {
                err += 1;
            }
        }
        assert!(ok > 2_000 && err > 2_000, "{ok} accepted, {err} refused");
    }
}
