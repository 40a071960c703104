//! Hostile input through every source: bounded time and memory, clear
//! errors, never a panic, never a submitted value echoed back, no request's
//! data in another's. Each budget is a constant beside its reason.
#![allow(dead_code)]

use binder_http::request::{Body, Parts};
use binder_http::{Bind, BindError, ErrorKind, Limits};
use binder_test_support::counting::{measure, peak, Counting};
use std::borrow::Cow;
use std::time::{Duration, Instant};

#[global_allocator]
static ALLOC: Counting = Counting;

fn json(body: &[u8]) -> Parts<'_, '_> {
    Parts {
        body: Body::Json(body),
        ..Parts::default()
    }
}

fn query(q: &str) -> Parts<'_, '_> {
    Parts {
        query: Some(q),
        ..Parts::default()
    }
}

/// The kind of a request-level error.
fn malformed(e: &BindError) -> ErrorKind {
    match e {
        BindError::Malformed { error, .. } => error.kind(),
        other => panic!("expected a malformed source, got {other:?}"),
    }
}

#[derive(Bind, Debug)]
struct Numbers {
    #[bind(body)]
    n: Vec<u32>,
}

/// An 8 MB array into `Vec<u32>`: the list's doubling keeps at most its old
/// and new buffers live, each at most the body's size for numbers of four
/// digits or more, so the peak stays under twice the body.
#[test]
fn an_8_mb_array_into_vec_u32_peaks_under_twice_the_body() {
    const PEAK_OVER_BODY: usize = 2;
    let mut body = b"{\"n\":[".to_vec();
    while body.len() < 8 << 20 {
        body.extend_from_slice(b"1000,");
    }
    body.extend_from_slice(b"1000]}");
    let req = json(&body);
    let (bound, bytes) = peak(|| Numbers::bind(&req));
    assert_eq!(bound.unwrap().n.len(), (body.len() - 12) / 5 + 1);
    assert!(
        bytes <= PEAK_OVER_BODY * body.len(),
        "peak {bytes} for a {} byte body",
        body.len()
    );
}

/// 100,000 levels of nesting: a depth error at the limit, no stack overflow
/// (nothing recurses), and nothing allocated.
#[test]
fn a_hundred_thousand_levels_are_a_depth_error_without_allocating() {
    const ALLOWED: usize = 0;
    let body = [b"{\"n\":".to_vec(), b"[".repeat(100_000)].concat();
    let req = json(&body);
    let (result, blocks, _) = measure(|| Numbers::bind(&req));
    assert_eq!(malformed(&result.unwrap_err()), ErrorKind::JsonTooDeep);
    assert_eq!(blocks, ALLOWED);
}

#[derive(Bind, Debug)]
struct Deep<'r> {
    #[bind(body)]
    a: Option<Inner<'r>>,
}

#[derive(Bind, Debug)]
struct Inner<'r> {
    #[bind(body)]
    b: Option<&'r str>,
}

/// A deep optional value under a raised depth limit (the reader tracks at
/// most `MAX_DEPTH` levels): skipped in linear time (10x the levels cost
/// about 10x the time) and without allocating.
#[test]
fn a_deep_optional_value_is_skipped_in_linear_time() {
    const RATIO: f64 = 15.0;
    let mut limits = Limits::default();
    limits.max_json_depth = binder_http::json::MAX_DEPTH;
    let doc = |levels: usize| {
        let mut b = b"{\"a\":{\"c\":".to_vec();
        b.extend(std::iter::repeat_n(&b"{\"c\":"[..], levels).flatten());
        b.extend_from_slice(b"1");
        b.extend(std::iter::repeat_n(b'}', levels + 2));
        b
    };
    let time = |body: &[u8]| {
        let req = json(body);
        (0..5)
            .map(|_| {
                let t = Instant::now();
                let (r, blocks, _) = measure(|| Deep::bind_with(&req, &limits));
                assert!(r.unwrap().a.unwrap().b.is_none());
                assert_eq!(blocks, 0);
                t.elapsed()
            })
            .min()
            .unwrap()
    };
    let levels = binder_http::json::MAX_DEPTH - 8;
    let (small, large) = (time(&doc(levels / 10)), time(&doc(levels)));
    let ratio = large.as_secs_f64() / small.as_secs_f64().max(1e-9);
    assert!(
        ratio < RATIO || large < Duration::from_millis(5),
        "{small:?} vs {large:?}"
    );
}

#[derive(Bind, Debug)]
struct Email<'r> {
    #[bind(body)]
    email: &'r str,
}

/// 100,000 unknown members: checked and skipped, nothing allocated.
#[test]
fn a_hundred_thousand_unknown_members_allocate_nothing() {
    const ALLOWED: usize = 0;
    let mut body = b"{".to_vec();
    for i in 0..100_000 {
        body.extend_from_slice(format!("\"k{i}\":[{i},{{\"x\":null}}],").as_bytes());
    }
    body.extend_from_slice(b"\"email\":\"a@b\"}");
    let req = json(&body);
    let (bound, blocks, _) = measure(|| Email::bind(&req));
    assert_eq!(bound.unwrap().email, "a@b");
    assert_eq!(blocks, ALLOWED);
}

#[derive(Bind, Debug)]
struct Wide {
    #[bind(body)]
    f00: Option<u8>,
    #[bind(body)]
    f01: Option<u8>,
    #[bind(body)]
    f02: Option<u8>,
    #[bind(body)]
    f03: Option<u8>,
    #[bind(body)]
    f04: Option<u8>,
    #[bind(body)]
    f05: Option<u8>,
    #[bind(body)]
    f06: Option<u8>,
    #[bind(body)]
    f07: Option<u8>,
    #[bind(body)]
    f08: Option<u8>,
    #[bind(body)]
    f09: Option<u8>,
    #[bind(body)]
    f10: Option<u8>,
    #[bind(body)]
    f11: Option<u8>,
    #[bind(body)]
    f12: Option<u8>,
    #[bind(body)]
    f13: Option<u8>,
    #[bind(body)]
    f14: Option<u8>,
    #[bind(body)]
    f15: Option<u8>,
    #[bind(body)]
    f16: Option<u8>,
    #[bind(body)]
    f17: Option<u8>,
    #[bind(body)]
    f18: Option<u8>,
    #[bind(body)]
    f19: Option<u8>,
    #[bind(body)]
    f20: Option<u8>,
    #[bind(body)]
    f21: Option<u8>,
    #[bind(body)]
    f22: Option<u8>,
    #[bind(body)]
    f23: Option<u8>,
    #[bind(body)]
    f24: Option<u8>,
    #[bind(body)]
    f25: Option<u8>,
    #[bind(body)]
    f26: Option<u8>,
    #[bind(body)]
    f27: Option<u8>,
    #[bind(body)]
    f28: Option<u8>,
    #[bind(body)]
    f29: Option<u8>,
    #[bind(body)]
    f30: Option<u8>,
    #[bind(body)]
    f31: Option<u8>,
}

#[derive(Bind, Debug)]
struct ManyWide {
    #[bind(body)]
    rows: Vec<Wide>,
}

/// 100,000 empty objects into a 32-field struct: nothing per clean object,
/// only the list's own growth (one block per doubling).
#[test]
fn a_hundred_thousand_empty_objects_allocate_only_the_list() {
    const LIST_GROWTH_BLOCKS: usize = 20;
    let mut body = b"{\"rows\":[".to_vec();
    for i in 0..100_000 {
        if i > 0 {
            body.push(b',');
        }
        body.extend_from_slice(b"{}");
    }
    body.extend_from_slice(b"]}");
    let req = json(&body);
    let (bound, blocks, _) = measure(|| ManyWide::bind(&req));
    assert_eq!(bound.unwrap().rows.len(), 100_000);
    assert!(blocks <= LIST_GROWTH_BLOCKS, "{blocks} blocks");
}

#[derive(Bind, Debug)]
struct Page {
    #[bind(query)]
    page: u32,
    #[bind(query, default)]
    tags: Vec<u8>,
}

/// A million pairs: the limit's error comes at pair 1,001, before anything
/// proportional to the query is allocated.
#[test]
fn a_million_pair_query_fails_at_the_limit_without_allocating() {
    const ALLOWED: usize = 0;
    let q = "a=1&".repeat(1_000_000) + "page=1";
    let req = query(&q);
    let (result, blocks, _) = measure(|| Page::bind(&req));
    let err = result.unwrap_err();
    assert_eq!(malformed(&err), ErrorKind::TooManyPairs);
    assert_eq!(blocks, ALLOWED);
}

#[test]
fn a_one_megabyte_key_is_a_limit_error() {
    let q = "k".repeat(1 << 20) + "=1&page=2";
    assert_eq!(
        malformed(&Page::bind(&query(&q)).unwrap_err()),
        ErrorKind::KeyTooLong
    );
}

#[derive(Bind, Debug)]
struct Texts<'r> {
    #[bind(query)]
    a: Option<Cow<'r, str>>,
    #[bind(query)]
    b: Option<String>,
    #[bind(query)]
    c: Option<&'r str>,
    #[bind(query)]
    d: Vec<String>,
}

#[test]
fn bad_escapes_invalid_utf8_and_nul_bytes() {
    // `%zz` is kept as text (WHATWG); an escape decoding to invalid UTF-8 or
    // overlong UTF-8 is a field error, never replaced; NUL is a character.
    let t = Texts::bind(&query("a=%zz%&b=a%00b&c=x")).unwrap();
    assert_eq!(
        (t.a.as_deref(), t.b.as_deref(), t.c),
        (Some("%zz%"), Some("a\0b"), Some("x"))
    );
    let err = Texts::bind(&query("a=%FF&b=%C0%AF&c=%E2%82&d=ok&d=%80")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "query: a: not valid UTF-8\nquery: b: not valid UTF-8\nquery: c: not valid UTF-8\nquery: d[1]: not valid UTF-8"
    );
}

#[test]
fn repeated_keys_semicolons_and_cookie_name_tricks() {
    #[derive(Bind, Debug)]
    struct R<'r> {
        #[bind(query)]
        a: &'r str,
        #[bind(query)]
        b: Vec<&'r str>,
        #[bind(cookie = "__Host-x")]
        host: &'r str,
    }
    let req = Parts {
        query: Some("a=first;b=x&a=second&b=1&b=2"),
        headers: &[("cookie", b"=__Host-x=evil; __Host-x=good; __Host-x=later")],
        ..Parts::default()
    };
    let r = R::bind(&req).unwrap();
    assert_eq!((r.a, r.b, r.host), ("first;b=x", vec!["1", "2"], "good"));
}

#[test]
fn lone_surrogates_and_huge_numbers() {
    assert_eq!(
        malformed(&Email::bind(&json(br#"{"email":"\ud800"}"#)).unwrap_err()),
        ErrorKind::JsonLoneSurrogate
    );
    #[derive(Bind, Debug)]
    struct Ints {
        #[bind(body)]
        a: i8,
        #[bind(body)]
        b: u8,
        #[bind(body)]
        c: i16,
        #[bind(body)]
        d: u16,
        #[bind(body)]
        e: i32,
        #[bind(body)]
        f: u32,
        #[bind(body)]
        g: i64,
        #[bind(body)]
        h: u64,
        #[bind(body)]
        i: i128,
        #[bind(body)]
        j: u128,
        #[bind(body)]
        k: isize,
        #[bind(body)]
        l: usize,
        #[bind(body)]
        m: f32,
        #[bind(body)]
        n: f64,
    }
    let huge = "9".repeat(60);
    let body = format!(
        r#"{{"a":{huge},"b":{huge},"c":-{huge},"d":{huge},"e":{huge},"f":-1,"g":-{huge},"h":{huge},"i":{huge},"j":{huge},"k":{huge},"l":{huge},"m":1e60,"n":1e400}}"#
    );
    let err = Ints::bind(&json(body.as_bytes())).unwrap_err();
    let fields = err.fields().unwrap().as_slice();
    assert_eq!(fields.len(), 14, "{err}");
    assert!(fields.iter().all(|e| e.kind().code() == "invalid"), "{err}");
}

#[test]
fn a_multipart_body_cut_at_every_offset_never_panics() {
    #[derive(Bind, Debug)]
    struct U<'r> {
        #[bind(body)]
        title: Option<&'r str>,
        #[bind(body)]
        file: Option<binder_http::FilePart<'r>>,
    }
    let body: &[u8] = b"--B\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nQ3\r\n--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--B--\r\n";
    for cut in 0..=body.len() {
        let req = Parts {
            body: Body::classify(Some(b"multipart/form-data; boundary=B"), &body[..cut]),
            ..Parts::default()
        };
        let result = U::bind(&req);
        if cut >= body.len() - 2 {
            assert!(result.is_ok(), "cut at {cut}");
        } else if cut > 0 {
            assert!(
                matches!(result, Err(BindError::Malformed { .. })),
                "cut at {cut}: {result:?}"
            );
        }
    }
}

/// A secret sent in every source, failing everywhere: no error message and
/// no problem document repeats it.
#[test]
fn errors_never_echo_a_submitted_value() {
    const SECRET: &str = "hunter2-SECRET";
    #[derive(Bind, Debug)]
    struct S {
        #[bind(path)]
        p: u8,
        #[bind(query)]
        q: u8,
        #[bind(header = "x-h")]
        h: u8,
        #[bind(cookie)]
        c: u8,
        #[bind(body)]
        b: u8,
    }
    let secret = SECRET.as_bytes();
    let cookie = format!("c={SECRET}");
    let q = format!("q={SECRET}");
    let body = format!(r#"{{"b":"{SECRET}"}}"#);
    let req = Parts {
        path: &[("p", SECRET)],
        query: Some(&q),
        headers: &[("x-h", secret), ("cookie", cookie.as_bytes())],
        body: Body::Json(body.as_bytes()),
    };
    let err = S::bind(&req).unwrap_err();
    assert_eq!(err.fields().unwrap().as_slice().len(), 5);
    for text in [
        err.to_string(),
        format!("{err:?}"),
        binder_http::Error::from(err.clone()).problem_json(),
    ] {
        assert!(!text.contains(SECRET), "{text}");
    }
}

/// Many threads binding different requests at once, into borrowed and
/// owned types: each gets exactly its own values.
#[test]
fn concurrent_binds_never_see_each_others_data() {
    #[derive(Bind, Debug)]
    struct Owned {
        #[bind(query)]
        id: u32,
        #[bind(body)]
        name: String,
    }
    #[derive(Bind, Debug)]
    struct Borrowed<'r> {
        #[bind(query)]
        id: u32,
        #[bind(body)]
        name: &'r str,
    }
    std::thread::scope(|s| {
        for t in 0..8u32 {
            s.spawn(move || {
                for i in 0..2_000u32 {
                    let id = t * 100_000 + i;
                    let q = format!("id={id}");
                    let body = format!(r#"{{"name":"n{id}"}}"#);
                    let req = Parts {
                        query: Some(&q),
                        body: Body::Json(body.as_bytes()),
                        ..Parts::default()
                    };
                    let o = Owned::bind(&req).unwrap();
                    let b = Borrowed::bind(&req).unwrap();
                    assert_eq!((o.id, o.name.as_str()), (id, format!("n{id}").as_str()));
                    assert_eq!((b.id, b.name), (id, format!("n{id}").as_str()));
                }
            });
        }
    });
}
