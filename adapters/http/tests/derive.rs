//! `#[derive(Bind)]` through the public API: values, semantics, errors.
#![allow(dead_code)]

use binder_http::request::{Body, Parts};
use binder_http::{Bind, BindError, Limits};
use std::borrow::Cow;

const QUERY5: &str = include_str!("../../../benches/workloads/query5.txt");
const FORM5: &[u8] = include_bytes!("../../../benches/workloads/form5.txt");
const COOKIE6: &[u8] = include_bytes!("../../../benches/workloads/cookie6.txt");

#[derive(Bind, Debug, PartialEq)]
struct User {
    #[bind(query)]
    name: String,
    #[bind(query)]
    age: u32,
    #[bind(query)]
    email: String,
    #[bind(query)]
    admin: bool,
    #[bind(query)]
    score: f64,
}

#[derive(Bind, Debug, PartialEq)]
struct UserRef<'r> {
    #[bind(body)]
    name: Cow<'r, str>,
    #[bind(body)]
    age: u32,
    #[bind(body)]
    email: Cow<'r, str>,
    #[bind(body)]
    admin: bool,
    #[bind(body)]
    score: f64,
}

fn query(q: &str) -> Parts<'_, '_> {
    Parts {
        query: Some(q),
        ..Parts::default()
    }
}

#[test]
fn binds_the_query_workload() {
    let user = User::bind(&query(QUERY5)).unwrap();
    assert_eq!(
        user,
        User {
            name: "Ada Lovelace".into(),
            age: 36,
            email: "ada@example.org".into(),
            admin: true,
            score: 99.5
        }
    );
}

#[test]
fn binds_the_form_workload_borrowing_what_needs_no_decoding() {
    let req = Parts {
        body: Body::Form(FORM5),
        ..Parts::default()
    };
    let user = UserRef::bind(&req).unwrap();
    assert_eq!(user.name, "Ada Lovelace");
    assert!(matches!(user.name, Cow::Owned(_)), "`+` had to be decoded");
    assert_eq!(user.email, "ada@example.org");
    assert_eq!((user.age, user.admin, user.score), (36, true, 99.5));
}

#[derive(Bind, Debug)]
struct Session<'r> {
    #[bind(cookie)]
    session: &'r str,
    #[bind(cookie)]
    lang: Option<String>,
}

#[test]
fn binds_cookies_by_name_from_the_workload_header() {
    let req = Parts {
        headers: &[("Cookie", COOKIE6)],
        ..Parts::default()
    };
    let s = Session::bind(&req).unwrap();
    assert_eq!(
        s.session,
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl"
    );
    assert_eq!(s.lang.as_deref(), Some("en"));
}

#[test]
fn reads_every_cookie_header_line() {
    let req = Parts {
        headers: &[
            ("cookie", b"theme=dark"),
            ("cookie", b"lang=fr; session=s1"),
        ],
        ..Parts::default()
    };
    let s = Session::bind(&req).unwrap();
    assert_eq!((s.session, s.lang.as_deref()), ("s1", Some("fr")));
}

#[test]
fn the_cookie_limit_spans_every_header_line_at_and_past() {
    // Lines too short to pass the limit on their own are counted when the
    // next line comes: the limit is the request's, not each line's.
    let mut limits = Limits::default();
    limits.max_cookies = 4;
    fn lines<'r>(
        lines: &'r [(&'r str, &'r [u8])],
        limits: &Limits,
    ) -> Result<Session<'r>, BindError> {
        let req = Parts {
            headers: lines,
            ..Parts::default()
        };
        Session::bind_with(&req, limits)
    }
    let bind = |l| lines(l, &limits);
    let at: &[(&str, &[u8])] = &[
        ("cookie", b"a=1; b=2"),
        ("cookie", b"c=1; flag"),
        ("cookie", b"session=s1"),
    ];
    assert_eq!(bind(at).unwrap().session, "s1");
    let past: &[(&str, &[u8])] = &[
        ("cookie", b"a=1; b=2"),
        ("cookie", b"c=1; d=2"),
        ("cookie", b"session=s1"),
    ];
    assert_eq!(
        bind(past).unwrap_err().to_string(),
        "cookie: more cookies than the limit allows at byte 0"
    );
    // Each line alone is under the limit; four lines of one cookie each
    // reach it, a fifth passes it.
    let one: &[u8] = b"x=1";
    let four = [
        ("cookie", one),
        ("cookie", one),
        ("cookie", one),
        ("cookie", b"session=s"),
    ];
    assert_eq!(bind(&four).unwrap().session, "s");
    let five = [
        ("cookie", one),
        ("cookie", one),
        ("cookie", one),
        ("cookie", one),
        ("cookie", b"session=s"),
    ];
    assert!(bind(&five).is_err());
}

#[derive(Bind, Debug, PartialEq)]
struct Semantics<'r> {
    #[bind(query)]
    tags: Vec<&'r str>,
    #[bind(query)]
    ids: Vec<u32>,
    #[bind(query)]
    page: Option<u32>,
    #[bind(query)]
    q: Option<&'r str>,
    #[bind(query, default = 20)]
    limit: u32,
    #[bind(query, default)]
    sort: String,
    #[bind(query = "first")]
    first: &'r str,
    #[bind(skip)]
    computed: u8,
}

#[test]
fn missing_empty_repeated_and_defaults() {
    let s = Semantics::bind(&query(
        "tags=a&tags=b&ids=1&ids=&ids=3&page=&q=&first=x&first=y",
    ))
    .unwrap();
    assert_eq!(
        s,
        Semantics {
            tags: vec!["a", "b"],
            ids: vec![1, 3],
            page: None,
            q: Some(""),
            limit: 20,
            sort: String::new(),
            first: "x",
            computed: 0,
        }
    );
    let s = Semantics::bind(&query("first=&limit=5")).unwrap();
    assert_eq!(
        (s.tags.len(), s.page, s.q, s.limit, s.first),
        (0, None, None, 5, "")
    );
}

#[derive(Bind, Debug)]
struct Everything<'r> {
    #[bind(path = "team")]
    team_id: u32,
    #[bind(query)]
    page: u32,
    #[bind(query)]
    ids: Vec<u8>,
    #[bind(header = "X-Count")]
    count: i8,
    #[bind(cookie = "session", required)]
    session: &'r str,
    #[bind(body)]
    email: &'r str,
    #[bind(body)]
    qty: u32,
}

#[test]
fn every_failing_field_of_every_source_is_reported_at_once() {
    let req = Parts {
        path: &[("team", "x")],
        query: Some("page=-1&ids=1&ids=300"),
        headers: &[("X-Count", b"200"), ("cookie", b"session=")],
        body: Body::Form(b"email=a%40b&qty=1.5"),
    };
    let err = Everything::bind(&req).unwrap_err();
    assert_eq!(
        err.to_string(),
        "path: team: expected an unsigned integer\n\
         query: page: expected an unsigned integer\n\
         query: ids[1]: out of range for the field's type\n\
         header: x-count: out of range for the field's type\n\
         cookie: session: a non-empty value is required\n\
         body: email: expected the value unescaped (no percent-encoding, + or backslash escapes)\n\
         body: qty: expected an unsigned integer"
    );
    let fields = err.fields().unwrap();
    assert_eq!(fields.as_slice().len(), 7);
    assert_eq!(fields.as_slice()[2].kind().code(), "invalid");
}

#[test]
fn missing_fields_are_each_named() {
    let err = Everything::bind(&Parts::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "path: team: a value is required\n\
         query: page: a value is required\n\
         header: x-count: a value is required\n\
         cookie: session: a value is required\n\
         body: email: a value is required\n\
         body: qty: a value is required"
    );
}

#[test]
fn error_list_is_bounded_with_a_dropped_count() {
    let mut limits = Limits::default();
    limits.max_errors = 2;
    let err = Everything::bind_with(&Parts::default(), &limits).unwrap_err();
    let fields = err.fields().unwrap();
    assert_eq!((fields.as_slice().len(), fields.dropped()), (2, 4));
    assert!(err.to_string().ends_with("\nand 4 more"));
}

#[test]
fn a_pair_limit_is_a_request_error_not_a_silent_truncation() {
    let mut limits = Limits::default();
    limits.max_pairs = 2;
    let err = User::bind_with(&query("a=1&b=2&name=x"), &limits).unwrap_err();
    assert!(matches!(err, BindError::Malformed { .. }), "{err:?}");
    assert_eq!(
        err.to_string(),
        "query: more pairs than the limit allows at byte 8"
    );
}

#[test]
fn unsupported_body_with_body_fields_is_415_material() {
    let req = Parts {
        body: Body::Unsupported,
        ..Parts::default()
    };
    assert_eq!(
        UserRef::bind(&req).unwrap_err(),
        BindError::UnsupportedMediaType
    );
    // A type without body fields never looks at the body.
    assert!(User::bind(&Parts {
        body: Body::Unsupported,
        ..query(QUERY5)
    })
    .is_ok());
}

#[derive(Bind, Debug)]
#[bind(rename_all = "camelCase")]
struct Renamed {
    #[bind(query)]
    dry_run: bool,
    #[bind(query = "x_y")]
    explicit: u8,
    #[bind(header)]
    x_request_id: u8,
}

#[test]
fn rename_all_and_header_names() {
    let req = Parts {
        query: Some("dryRun=on&x_y=1"),
        headers: &[("X-REQUEST-ID", b"7")],
        ..Parts::default()
    };
    let r = Renamed::bind(&req).unwrap();
    assert_eq!((r.dry_run, r.explicit, r.x_request_id), (true, 1, 7));
}

#[test]
fn percent_encoded_keys_match() {
    let s = Semantics::bind(&query("t%61gs=a&%66irst=b")).unwrap();
    assert_eq!((s.tags, s.first), (vec!["a"], "b"));
}

#[derive(Bind, Debug)]
struct Wide {
    #[bind(query)]
    f00: u8,
    #[bind(query)]
    f01: u8,
    #[bind(query)]
    f02: u8,
    #[bind(query)]
    f03: u8,
    #[bind(query)]
    f04: u8,
    #[bind(query)]
    f05: u8,
    #[bind(query)]
    f06: u8,
    #[bind(query)]
    f07: u8,
    #[bind(query)]
    f08: u8,
    #[bind(query)]
    f09: u8,
    #[bind(query)]
    f10: u8,
    #[bind(query)]
    f11: u8,
    #[bind(query)]
    f12: u8,
    #[bind(query)]
    f13: u8,
    #[bind(query)]
    f14: u8,
    #[bind(query)]
    f15: u8,
    #[bind(query)]
    f16: u8,
    #[bind(query)]
    f17: u8,
    #[bind(query)]
    f18: u8,
    #[bind(query)]
    f19: u8,
    #[bind(query)]
    f20: u8,
    #[bind(query)]
    f21: u8,
    #[bind(query)]
    f22: u8,
    #[bind(query)]
    f23: u8,
    #[bind(query)]
    f24: u8,
    #[bind(query)]
    f25: u8,
    #[bind(query)]
    f26: u8,
    #[bind(query)]
    f27: u8,
    #[bind(query)]
    f28: u8,
    #[bind(query)]
    f29: u8,
    #[bind(query)]
    f30: u8,
    #[bind(query)]
    f31: u8,
    #[bind(query)]
    f32: u8,
    #[bind(query)]
    f33: u8,
    #[bind(query)]
    f34: u8,
    #[bind(query)]
    f35: u8,
    #[bind(query)]
    f36: u8,
    #[bind(query)]
    f37: u8,
    #[bind(query)]
    f38: u8,
    #[bind(query)]
    f39: u8,
    #[bind(query)]
    f40: u8,
    #[bind(query)]
    f41: u8,
    #[bind(query)]
    f42: u8,
    #[bind(query)]
    f43: u8,
    #[bind(query)]
    f44: u8,
    #[bind(query)]
    f45: u8,
    #[bind(query)]
    f46: u8,
    #[bind(query)]
    f47: u8,
    #[bind(query)]
    f48: u8,
    #[bind(query)]
    f49: u8,
    #[bind(query)]
    f50: u8,
    #[bind(query)]
    f51: u8,
    #[bind(query)]
    f52: u8,
    #[bind(query)]
    f53: u8,
    #[bind(query)]
    f54: u8,
    #[bind(query)]
    f55: u8,
    #[bind(query)]
    f56: u8,
    #[bind(query)]
    f57: u8,
    #[bind(query)]
    f58: u8,
    #[bind(query)]
    f59: u8,
    #[bind(query)]
    f60: u8,
    #[bind(query)]
    f61: u8,
    #[bind(query)]
    f62: u8,
    #[bind(query)]
    f63: u8,
    #[bind(query)]
    f64: u8,
    #[bind(query)]
    f65: u8,
    #[bind(query, default)]
    f66: u8,
}

#[test]
fn structs_wider_than_64_fields_bind() {
    let q: String = (0..66).map(|i| format!("f{i:02}={i}&")).collect();
    let w = Wide::bind(&query(&q)).unwrap();
    assert_eq!((w.f00, w.f63, w.f64, w.f65, w.f66), (0, 63, 64, 65, 0));
    let err = Wide::bind(&query("f00=1")).unwrap_err();
    assert_eq!(err.fields().unwrap().as_slice().len(), 65);
}

#[derive(Bind, Debug)]
struct Ordered {
    #[bind(body)]
    first: u8,
    #[bind(cookie)]
    second: u8,
    #[bind(query)]
    third: Vec<u8>,
    #[bind(path)]
    fourth: u8,
}

#[test]
fn errors_are_listed_in_declaration_order_not_scan_order() {
    let req = Parts {
        path: &[("fourth", "x")],
        query: Some("third=1&third=x&third=y"),
        body: Body::Form(b"first=-1"),
        ..Parts::default()
    };
    let err = Ordered::bind(&req).unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: first: expected an unsigned integer\n\
         cookie: second: a value is required\n\
         query: third[1]: expected an unsigned integer\n\
         query: third[2]: expected an unsigned integer\n\
         path: fourth: expected an unsigned integer"
    );
}

#[derive(Bind, Debug)]
#[bind(validate = Range::check)]
struct Range {
    #[bind(query)]
    from: u32,
    #[bind(query)]
    to: u32,
}

impl Range {
    fn check(&self, errors: &mut binder_http::Errors) {
        if self.to < self.from {
            errors.invalid(binder_http::Source::Query, "to", "must not be below `from`");
        }
    }
}

#[test]
fn validation_runs_after_a_clean_bind_and_joins_the_error_list() {
    assert_eq!(Range::bind(&query("from=1&to=5")).unwrap().to, 5);
    let err = Range::bind(&query("from=5&to=1")).unwrap_err();
    assert_eq!(err.to_string(), "query: to: must not be below `from`");
    // A failed bind never reaches validation.
    let err = Range::bind(&query("from=x&to=1")).unwrap_err();
    assert_eq!(err.to_string(), "query: from: expected an unsigned integer");
}

#[derive(Bind, Debug)]
struct Parsing {
    #[bind(query, from_str)]
    ip: std::net::IpAddr,
    #[bind(query, from_str)]
    nets: Vec<std::net::Ipv4Addr>,
    #[bind(query, from_str)]
    port: Option<std::num::NonZeroU16>,
    #[bind(query, from_str, default = std::time::Duration::from_secs(1).as_secs().into())]
    secs: u64,
}

#[test]
fn from_str_binds_any_fromstr_type_in_every_shape() {
    let p = Parsing::bind(&query("ip=::1&nets=10.0.0.1&nets=10.0.0.2&port=8080")).unwrap();
    assert!(p.ip.is_loopback());
    assert_eq!(p.nets.len(), 2);
    assert_eq!(p.port.map(|p| p.get()), Some(8080));
    assert_eq!(p.secs, 1);
    let err = Parsing::bind(&query("ip=x&nets=1.2.3.4&nets=y&port=0")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "query: ip: not a valid value for the field's type\n\
         query: nets[1]: not a valid value for the field's type\n\
         query: port: not a valid value for the field's type"
    );
}

#[derive(Bind, Debug)]
struct Webhook<'r> {
    #[bind(header = "x-signature")]
    signature: &'r str,
    #[bind(raw_body)]
    payload: &'r [u8],
}

#[derive(Bind, Debug)]
struct TextHook<'r> {
    #[bind(raw_body)]
    text: &'r str,
}

#[test]
fn raw_body_takes_the_whole_body_whatever_its_type() {
    let req = http::Request::post("/hook")
        .header("x-signature", "sig")
        .header("content-type", "application/octet-stream")
        .body(b"\x00\x01 any bytes".to_vec())
        .unwrap();
    // No body field and an unsupported type: no 415, the bytes as sent.
    let w: Webhook = binder_http::bind(&req, &[]).unwrap();
    assert_eq!(
        (w.signature, w.payload),
        ("sig", &b"\x00\x01 any bytes"[..])
    );
    let bad = http::Request::post("/").body(b"\xff".to_vec()).unwrap();
    let err = binder_http::bind::<TextHook, _>(&bad, &[]).unwrap_err();
    assert_eq!(err.to_string(), "body: text: not valid UTF-8");
}

/// A quoted cookie value (`pref="dark mode"`, as browsers send it): its
/// quotes stripped by default, kept with `keep_quotes`, on the fast path
/// (`name=` recognised) and the slow one (a name with spaces before `=`).
#[test]
fn quoted_cookies_are_unquoted_unless_keep_quotes() {
    #[derive(Bind, Debug)]
    struct C<'r> {
        #[bind(cookie)]
        pref: &'r str,
        #[bind(cookie, keep_quotes)]
        x: &'r str,
    }
    #[derive(Bind, Debug)]
    struct Only<'r> {
        #[bind(cookie, keep_quotes)]
        pref: &'r str,
    }
    for header in [
        &b"x=\"2\"; pref=\"dark mode\""[..],
        b"pref  =  \"dark mode\" ;x =\"2\"",
    ] {
        let req = Parts {
            headers: &[("cookie", header)],
            ..Parts::default()
        };
        let c = C::bind(&req).unwrap();
        assert_eq!((c.pref, c.x), ("dark mode", "\"2\""));
        assert_eq!(Only::bind(&req).unwrap().pref, "\"dark mode\"");
    }
}
