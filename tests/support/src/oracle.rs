//! Differential checks of binder-core's scanners against their oracles.
//! Shared by binder-core's tests and the cargo-fuzz targets, so the tests
//! and the fuzzers check exactly the same thing. Each check panics on a
//! difference.

use binder_core::convert::Ref;
use binder_core::{cookie, form, ErrorKind, Limits};
use std::borrow::Cow;

/// No limits: the oracles have none, so limits are tested on their own.
pub fn unlimited() -> Limits {
    let mut l = Limits::DEFAULT;
    l.max_pairs = usize::MAX;
    l.max_key_len = usize::MAX;
    l.max_cookies = usize::MAX;
    l
}

/// An independent byte-exact decoder: `+` to space, then `percent_encoding`.
fn reference_decode(raw: &[u8]) -> Vec<u8> {
    let plus: Vec<u8> = raw
        .iter()
        .map(|&b| if b == b'+' { b' ' } else { b })
        .collect();
    percent_encoding::percent_decode(&plus).collect()
}

/// Our scan of `input`, decoded two ways (scratch and `Cow`) that must agree.
pub fn ours_urlencoded(input: &[u8]) -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut out = Vec::new();
    let mut scratch = vec![0u8; input.len()];
    for pair in form::pairs_with(input, &unlimited()) {
        let pair = pair.expect("no limits, so no error");
        let key = pair.key_cow().into_owned();
        let value = pair.value_cow().into_owned();
        // The scan's flags must borrow exactly when decoding changes nothing.
        assert_eq!(
            pair.key_needs_decoding(),
            pair.key_as_sent().iter().any(|&b| b == b'%' || b == b'+')
        );
        assert_eq!(
            pair.value_needs_decoding(),
            pair.value_as_sent().iter().any(|&b| b == b'%' || b == b'+')
        );
        assert_eq!(
            key,
            reference_decode(pair.key_as_sent()),
            "key of {input:?}"
        );
        assert_eq!(
            value,
            reference_decode(pair.value_as_sent()),
            "value of {input:?}"
        );
        assert_eq!(&*pair.decoded_key(&mut scratch).unwrap(), &key[..]);
        assert_eq!(&*pair.decoded_value(&mut scratch).unwrap(), &value[..]);
        // Text conversion refuses exactly the non-UTF-8 results.
        let text = Ref::<[u8]>::Borrowed(&value).to_text();
        assert_eq!(text.is_ok(), std::str::from_utf8(&value).is_ok());
        // Decoding text known to be UTF-8 (checking only escaped bytes)
        // equals decoding the bytes and checking them all.
        if let Ok(raw) = std::str::from_utf8(pair.value_as_sent()) {
            use binder_core::convert::{FromText, Raw};
            let got = String::from_raw(Raw::form_text(raw)).ok();
            assert_eq!(
                got,
                String::from_utf8(value.clone()).ok(),
                "text of {input:?}"
            );
            let path: Vec<u8> = percent_encoding::percent_decode(raw.as_bytes()).collect();
            let got = String::from_raw(Raw::path_text(raw)).ok();
            assert_eq!(got, String::from_utf8(path).ok(), "path text of {input:?}");
            check_ascii_parses(Raw::form_text(raw), &value);
        }
        check_ascii_parses(
            binder_core::convert::Raw::form(pair.value_as_sent()),
            &value,
        );
        check_text(pair.value_as_sent());
        check_text(input);
        out.push((key, value));
    }
    out
}

/// `form::pairs` equals `form_urlencoded::parse`: same pairs, same order,
/// same decoded bytes (compared through the oracle's lossy UTF-8, the one
/// intended divergence: we keep bytes and refuse non-UTF-8 as text).
pub fn check_urlencoded(input: &[u8]) {
    let ours = ours_urlencoded(input);
    let oracle: Vec<(Cow<str>, Cow<str>)> = form_urlencoded::parse(input).collect();
    assert_eq!(ours.len(), oracle.len(), "pair count of {input:?}");
    for ((k, v), (ok, ov)) in ours.iter().zip(&oracle) {
        assert_eq!(String::from_utf8_lossy(k), *ok, "key of {input:?}");
        assert_eq!(String::from_utf8_lossy(v), *ov, "value of {input:?}");
    }
}

/// `cookie::cookies` equals `cookie::Cookie::split_parse` (errors dropped,
/// quotes trimmed as `value_trimmed` does), except for the documented
/// divergence: Unicode (non-ASCII) whitespace is not trimmed here, so such
/// inputs are compared only for not panicking.
pub fn check_cookie(input: &str) {
    check_cookie_cursor(input.as_bytes(), usize::MAX);
    check_cookie_cursor(input.as_bytes(), input.len() % 4);
    let bytes = input.as_bytes();
    for max in [0, 1, 2, bytes.len() / 3, bytes.len() % 7] {
        check_cookie_limit(bytes, max, |i| bytes.get(i).map_or(0, |b| b >> 1));
    }
    check_text(input.as_bytes());
    let ours: Vec<(&[u8], &[u8])> = cookie::cookies_with(input.as_bytes(), &unlimited())
        .map(|c| c.expect("no limits, so no error"))
        .map(|c| (c.name(), c.value()))
        .collect();
    if input.chars().any(|c| c.is_whitespace() && !c.is_ascii()) {
        return;
    }
    let oracle: Vec<(String, String)> = ::cookie::Cookie::split_parse(input)
        .filter_map(Result::ok)
        .map(|c| (c.name().to_owned(), c.value_trimmed().to_owned()))
        .collect();
    assert_eq!(ours.len(), oracle.len(), "cookie count of {input:?}");
    for ((n, v), (on, ov)) in ours.iter().zip(&oracle) {
        assert_eq!(*n, on.as_bytes(), "name in {input:?}");
        assert_eq!(*v, ov.as_bytes(), "value in {input:?}");
    }
}

/// `cookie::Cursor` recognising `a=` and `ab=` by compare (the derive's
/// fast path), taking pieces that start with `b` whole and skipping the
/// rest, agrees with `cookie::Cookies`: the same values for `a` and `ab`,
/// the same cookies starting with `b`, the same count against the limit and
/// the same error.
pub fn check_cookie_cursor<'a>(input: &'a [u8], max: usize) {
    let mut want = Vec::new();
    let mut want_err = None;
    let mut all = cookie::cookies_max(input, max);
    for c in &mut all {
        match c {
            Ok(c) if matches!(c.name(), b"a" | b"ab") || c.name().starts_with(b"b") => {
                want.push((c.name(), c.value()))
            }
            Ok(_) => {}
            Err(e) => want_err = Some(e),
        }
    }
    let mut got = Vec::new();
    let mut c = cookie::Cursor::new(input, max);
    let mut step = |c: &mut cookie::Cursor<'a>, b: u8| -> Result<(), binder_core::Error> {
        match b {
            b'a' if c.starts_with(b"a=") => got.push((&b"a"[..], c.value(2)?)),
            b'a' if c.starts_with(b"ab=") => got.push((&b"ab"[..], c.value(3)?)),
            b'a' | b'b' => {
                if let Some(k) = c.cookie()? {
                    if matches!(k.name(), b"a" | b"ab") || k.name().starts_with(b"b") {
                        got.push((k.name(), k.value()));
                    }
                }
            }
            _ => c.skip()?,
        }
        Ok(())
    };
    let mut err = None;
    while let Some(b) = c.next() {
        if let Err(e) = step(&mut c, b) {
            err = Some(e);
            break;
        }
    }
    assert_eq!(got, want, "cursor cookies of {input:?}");
    assert_eq!(err, want_err, "cursor error of {input:?}");
    assert_eq!(c.remaining(), all.remaining(), "cookies left in {input:?}");
}

/// The pieces a `cookie::Cursor` visits (not empty once trimmed), each with
/// where its `=` is if it is a cookie (an `=` after a name of at least one
/// byte): the model the limit counts by.
fn cookie_pieces(header: &[u8]) -> Vec<Option<usize>> {
    let space = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r');
    header
        .split(|&b| b == b';')
        .map(|p| &p[p.iter().position(|b| !space(b)).unwrap_or(p.len())..])
        .filter(|p| !p.is_empty())
        .map(|p| p.iter().position(|&b| b == b'=').filter(|&eq| eq > 0))
        .collect()
}

/// `cookie::Cursor` under a limit of `max` counts exactly the cookies read,
/// however each piece is taken (`way(i)` picks piece `i`'s: a skip, a whole
/// cookie, or a value after its `name=` as the derive's fast path takes
/// it): what is left equals the model's after every piece, and the piece
/// past the limit, and only it, fails with `TooManyCookies` and ends the
/// scan. Headers too short to pass the limit are counted only when asked,
/// so both kinds are checked with small limits.
pub fn check_cookie_limit(header: &[u8], max: usize, mut way: impl FnMut(usize) -> u8) {
    let model = cookie_pieces(header);
    let mut c = cookie::Cursor::new(header, max);
    let mut read = 0;
    for (i, &eq) in model.iter().enumerate() {
        assert!(
            c.next().is_some(),
            "{header:?}: piece {i} of {}",
            model.len()
        );
        let taken = match (way(i) % 3, eq) {
            (1, _) => c.cookie().map(|_| ()),
            (2, Some(eq)) => c.value(eq + 1).map(|_| ()),
            _ => c.skip(),
        };
        if eq.is_some() {
            read += 1;
        }
        if read > max {
            let e = taken.expect_err("the cookie past the limit");
            assert_eq!(e.kind(), ErrorKind::TooManyCookies, "{header:?} max {max}");
            assert_eq!(c.next(), None, "the scan of {header:?} ends");
            return;
        }
        taken.unwrap_or_else(|e| panic!("{header:?} max {max} piece {i}: {e:?}"));
        assert_eq!(c.remaining(), max - read, "{header:?} max {max} piece {i}");
    }
    assert_eq!(c.next(), None, "{header:?}: more pieces than the model's");
    assert_eq!(c.remaining(), max - read, "{header:?} max {max}");
}

/// `form::walk` (the bind path's skipping scan) agrees with `form::Pairs`:
/// it hands over exactly the pairs whose key starts with a byte of `first`
/// (or `%`, `+`), and fails at the same pair with the same error.
pub fn check_walk(input: &[u8], first: &binder_core::bits::ByteSet, limits: &Limits) {
    let mut want = Vec::new();
    let mut want_err = None;
    for item in form::pairs_with(input, limits) {
        match item {
            Ok(p) => {
                let b = p.key_as_sent().first().copied();
                // An empty key (`=v`) starts with `=`: wanted only if `=` is in the set.
                let b = b.unwrap_or(b'=');
                if first.contains(b) || b == b'%' || b == b'+' {
                    want.push(p);
                }
            }
            Err(e) => want_err = Some(e),
        }
    }
    let mut got = Vec::new();
    let result = form::walk(input, limits, first, |p| {
        got.push(p);
        false
    });
    assert_eq!(got, want, "walked pairs of {input:?}");
    assert_eq!(result.err(), want_err, "walk error of {input:?}");
    check_cursor(input, limits);
}

/// `form::Cursor` recognising `a=` and `ab=` by compare (the derive's fast
/// path) and taking every other piece whole agrees with `form::Pairs`: same
/// keys, same values, same error at the same pair.
pub fn check_cursor(input: &[u8], limits: &Limits) {
    let mut want = Vec::new();
    let mut want_err = None;
    for item in form::pairs_with(input, limits) {
        match item {
            Ok(p) => want.push((p.key_as_sent(), p.value_as_sent())),
            Err(e) => want_err = Some(e),
        }
    }
    let mut got = Vec::new();
    let mut c = form::Cursor::new(input, limits);
    let err = loop {
        match c.next() {
            Ok(None) => break None,
            Err(e) => break Some(e),
            Ok(Some(b'a')) if c.starts_with(b"a=") => got.push((&b"a"[..], c.value(2).bytes())),
            Ok(Some(b'a')) if c.starts_with(b"ab=") => got.push((&b"ab"[..], c.value(3).bytes())),
            Ok(Some(_)) => match c.pair_raw() {
                Ok((p, raw)) => {
                    assert_eq!(p.value_as_sent(), raw.bytes());
                    got.push((p.key_as_sent(), p.value_as_sent()));
                }
                Err(e) => break Some(e),
            },
        }
    };
    assert_eq!(got, want, "cursor pairs of {input:?}");
    assert_eq!(err, want_err, "cursor error of {input:?}");
}

/// Numbers and flags parsed from the value as sent (escapes ruled out by a
/// successful parse) equal parsing the decoded value.
fn check_ascii_parses(raw: binder_core::convert::Raw<'_>, decoded: &[u8]) {
    use binder_core::convert::{parse_text, FromText};
    fn same<'a, T: FromText<'a> + PartialEq + std::fmt::Debug>(
        raw: binder_core::convert::Raw<'a>,
        decoded: &'a [u8],
    ) {
        let want = parse_text::<T>(decoded);
        let got = T::from_raw(raw);
        assert_eq!(got.is_ok(), want.is_ok(), "{raw:?} vs decoded {decoded:?}");
        if let (Ok(g), Ok(w)) = (&got, &want) {
            assert_eq!(g, w, "{raw:?}");
        }
    }
    same::<u32>(raw, decoded);
    same::<i64>(raw, decoded);
    same::<u8>(raw, decoded);
    same::<bool>(raw, decoded);
    same::<f64>(raw, decoded);
    same::<f32>(raw, decoded);
}

/// Bytes become text exactly when `core::str::from_utf8` says they are
/// UTF-8 (binder's check takes an ASCII fast path first).
pub fn check_text(bytes: &[u8]) {
    use binder_core::convert::{FromText, Raw};
    let got = <&str>::from_raw(Raw::plain(bytes)).ok();
    assert_eq!(got, std::str::from_utf8(bytes).ok(), "text of {bytes:?}");
}
