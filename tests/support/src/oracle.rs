//! Differential checks of binder-core's scanners against their oracles.
//! Shared by binder-core's tests and the cargo-fuzz targets, so the tests
//! and the fuzzers check exactly the same thing. Each check panics on a
//! difference.

use binder_core::convert::Ref;
use binder_core::{cookie, form, Limits};
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
