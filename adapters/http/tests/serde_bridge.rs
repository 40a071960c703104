//! The serde bridge: `#[bind(serde)]` and `convert::Serde<T>` bind any
//! `serde::Deserialize` type, from JSON through binder's own reader and
//! from text values through a text deserializer; `RawJson` keeps a member
//! as written.
//!
//! binder-core's `serde` feature is on for these tests through
//! binder-http's dev-dependency on binder-core (so `cargo test -p
//! binder-http` runs them as `cargo test --workspace` does); an
//! application turns on binder-http's own `serde` feature.

use binder_http::convert::{FromText, Raw, Serde};
use binder_http::field::{Value, ValueErrorKind};
use binder_http::request::{Body, Parts};
use binder_http::{Bind, BindError, ErrorKind, FieldErrorKind, Limits, RawJson};
use binder_test_support::counting::{measure, Counting};
use serde::Deserialize;
use std::borrow::Cow;
use std::collections::BTreeMap;
use uuid::Uuid;

#[global_allocator]
static ALLOC: Counting = Counting;

const A: &str = "67e55044-10b1-426f-9247-bb680e5fe0c8";
const B: &str = "a1a2a3a4-b1b2-c1c2-d1d2-d3d4d5d6d7d8";

fn uuid(s: &str) -> Uuid {
    Uuid::parse_str(s).unwrap()
}

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

/// Every field error's source, path and message, one line each.
fn errors<T: std::fmt::Debug>(r: Result<T, BindError>) -> String {
    match r {
        Err(e @ BindError::Fields(_)) => e.to_string(),
        other => panic!("expected field errors, got {other:?}"),
    }
}

/// The malformed body's error kind.
fn malformed<T: std::fmt::Debug>(r: Result<T, BindError>) -> ErrorKind {
    match r {
        Err(BindError::Malformed { error, .. }) => error.kind(),
        other => panic!("expected a malformed body, got {other:?}"),
    }
}

// ---------------------------------------------------------------- uuid

#[derive(Bind, Debug)]
struct Ids {
    #[bind(path, serde)]
    id: Uuid,
    #[bind(query, serde)]
    parent: Option<Uuid>,
    #[bind(header = "X-Trace", serde)]
    trace: Uuid,
    #[bind(cookie, serde)]
    session: Uuid,
    #[bind(body, serde)]
    owner: Uuid,
}

#[test]
fn uuid_binds_from_every_source() {
    let cookie = format!("session={B}");
    let headers = [("X-Trace", A.as_bytes()), ("Cookie", cookie.as_bytes())];
    let q = format!("parent={B}");
    let body = format!(r#"{{"owner": "{A}"}}"#);
    for body in [
        Body::Json(body.as_bytes()),
        Body::Form(format!("owner={A}").leak().as_bytes()),
    ] {
        let req = Parts {
            path: &[("id", A)],
            query: Some(&q),
            headers: &headers,
            body,
        };
        let ids = Ids::bind(&req).unwrap();
        assert_eq!(
            (ids.id, ids.parent, ids.trace, ids.session, ids.owner),
            (uuid(A), Some(uuid(B)), uuid(A), uuid(B), uuid(A))
        );
    }
}

#[test]
fn refused_values_are_field_errors_without_the_value() {
    let req = Parts {
        path: &[("id", "SECRET-1")],
        query: Some("parent=SECRET-2"),
        headers: &[("X-Trace", b"SECRET-3"), ("Cookie", b"session=SECRET-4")],
        body: Body::Json(br#"{"owner": 12345}"#),
    };
    let text = errors(Ids::bind(&req));
    assert_eq!(
        text,
        "path: id: not a valid value for the field's type\n\
         query: parent: not a valid value for the field's type\n\
         header: x-trace: not a valid value for the field's type\n\
         cookie: session: not a valid value for the field's type\n\
         body: owner: expected a value of another type"
    );
    assert!(!text.contains("SECRET") && !text.contains("12345"));
    let err = Ids::bind(&req).err().unwrap();
    let kinds: Vec<&str> = err
        .fields()
        .unwrap()
        .as_slice()
        .iter()
        .map(|e| e.kind().code())
        .collect();
    assert_eq!(
        kinds,
        ["invalid", "invalid", "invalid", "invalid", "wrong_type"]
    );
}

// ---------------------------------------------------------------- time

/// An RFC 3339 timestamp (`time`'s own serde format is another).
#[derive(Deserialize, Debug, PartialEq)]
struct At(#[serde(with = "time::serde::rfc3339")] time::OffsetDateTime);

#[derive(Bind, Debug)]
struct Window {
    #[bind(query, serde)]
    since: At,
    #[bind(body, serde)]
    until: Option<At>,
}

#[test]
fn time_from_rfc3339_text_and_json() {
    let req = Parts {
        query: Some("since=2024-05-01T12%3A00%3A00%2B02%3A00"),
        body: Body::Json(br#"{"until": "2024-05-02T00:00:00Z"}"#),
        ..Parts::default()
    };
    let w = Window::bind(&req).unwrap();
    assert_eq!(w.since.0, time::macros::datetime!(2024-05-01 12:00 +2));
    assert_eq!(
        w.until.unwrap().0,
        time::macros::datetime!(2024-05-02 0:00 UTC)
    );

    let bad = Parts {
        query: Some("since=yesterday"),
        body: Body::Json(br#"{"until": "2024-13-02T00:00:00Z"}"#),
        ..Parts::default()
    };
    assert_eq!(
        errors(Window::bind(&bad)),
        "query: since: not a valid value for the field's type\n\
         body: until: not a valid value for the field's type"
    );
}

// ------------------------------------------------- structs and enums

#[derive(Deserialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Sort {
    Asc,
    Desc,
}

#[derive(Deserialize, Debug, PartialEq)]
enum Shipping<'a> {
    Pickup,
    Courier(u32),
    Post {
        #[serde(borrow)]
        city: Cow<'a, str>,
        express: bool,
    },
}

#[derive(Deserialize, Debug, PartialEq)]
struct Line<'a> {
    sku: &'a str,
    qty: u8,
    #[serde(default)]
    note: Option<&'a str>,
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Order<'a> {
    #[serde(borrow)]
    lines: Vec<Line<'a>>,
    #[serde(borrow)]
    shipping: Shipping<'a>,
    #[serde(default, borrow)]
    labels: BTreeMap<&'a str, i64>,
    price: f64,
}

#[derive(Bind, Debug)]
struct Checkout<'r> {
    #[bind(query, serde)]
    sort: Option<Sort>,
    #[bind(body, serde)]
    order: Order<'r>,
    #[bind(body)]
    coupon: Option<&'r str>,
}

const ORDER: &[u8] = br#"{
    "order": {
        "lines": [{"sku": "A-1", "qty": 2}, {"sku": "B-2", "qty": 1, "note": "gift"}],
        "shipping": {"Post": {"city": "Li\u00e8ge", "express": true}},
        "labels": {"team": -3},
        "price": 12.5
    },
    "coupon": "SPRING"
}"#;

fn within(body: &[u8], s: &str) -> bool {
    body.as_ptr_range().contains(&s.as_ptr())
}

#[test]
fn derived_structs_and_enums_bind_from_a_json_body_borrowing_strings() {
    let req = Parts {
        query: Some("sort=desc"),
        body: Body::Json(ORDER),
        ..Parts::default()
    };
    let c = Checkout::bind(&req).unwrap();
    assert_eq!(c.sort, Some(Sort::Desc));
    assert_eq!(c.coupon, Some("SPRING"));
    let o = &c.order;
    assert_eq!(
        o.lines,
        [
            Line {
                sku: "A-1",
                qty: 2,
                note: None
            },
            Line {
                sku: "B-2",
                qty: 1,
                note: Some("gift")
            },
        ]
    );
    assert!(within(ORDER, o.lines[1].sku) && within(ORDER, o.lines[1].note.unwrap()));
    assert!(within(ORDER, o.labels.keys().next().unwrap()));
    assert_eq!(o.labels[&"team"], -3);
    assert_eq!(o.price, 12.5);
    // Escaped: decoded into the Cow, owned.
    match &o.shipping {
        Shipping::Post {
            city: Cow::Owned(city),
            express: true,
        } => assert_eq!(city, "Liège"),
        other => panic!("{other:?}"),
    }

    for (shipping, want) in [
        (r#""Pickup""#, Shipping::Pickup),
        (r#"{"Pickup": null}"#, Shipping::Pickup),
        (r#"{"Courier": 7}"#, Shipping::Courier(7)),
    ] {
        let body = format!(r#"{{"order": {{"lines": [], "shipping": {shipping}, "price": 1}}}}"#);
        assert_eq!(
            Checkout::bind(&json(body.as_bytes()))
                .unwrap()
                .order
                .shipping,
            want
        );
    }
}

#[test]
fn refusals_are_named_by_the_member_that_failed_and_the_rest_binds() {
    let body = br#"{
        "coupon": [7],
        "order": {
            "lines": [{"sku": "A-1", "qty": 300}, {"qty": 1}, {"sku": "SECRET", "qty": "SECRET"}],
            "shipping": {"Post": {"city": "X", "express": "SECRET"}},
            "price": 1
        }
    }"#;
    // Serde stops at the first refusal in a value: `lines[0].qty`.
    assert_eq!(
        errors(Checkout::bind(&json(body))),
        "body: order.lines[0].qty: out of range for the field's type\n\
         body: coupon: expected a single value, not an array or object"
    );
    let cases: &[(&str, &str)] = &[
        (
            r#"{"lines": [{"sku": "A-1", "qty": 1}, {"qty": 1}], "shipping": "Pickup", "price": 1}"#,
            "body: order.lines[1].sku: a value is required",
        ),
        (
            r#"{"lines": [{"sku": "A", "qty": "SECRET"}], "shipping": "Pickup", "price": 1}"#,
            "body: order.lines[0].qty: expected a value of another type",
        ),
        (
            r#"{"lines": [], "shipping": {"Post": {"city": "X", "express": "SECRET"}}, "price": 1}"#,
            "body: order.shipping.Post.express: expected a value of another type",
        ),
        (
            r#"{"lines": [], "shipping": "Teleport", "price": 1}"#,
            "body: order.shipping: expected one of the accepted values",
        ),
        (
            r#"{"lines": [], "shipping": "Pickup", "price": 1, "SECRET": [1, {"a": 2}]}"#,
            "body: order[SECRET]: not a member the field's type has",
        ),
        (
            r#"{"lines": [], "shipping": "Pickup", "price": 1, "price": 2}"#,
            "body: order.price: sent more than once",
        ),
        (
            r#"{"lines": [], "shipping": "Pickup", "labels": {"a": 1.5}, "price": 1}"#,
            "body: order.labels[a]: expected an integer",
        ),
        (
            r#"{"lines": [], "shipping": "Pickup", "price": 1e400}"#,
            "body: order.price: out of range for the field's type",
        ),
        (
            r#"{"lines": [], "shipping": "Pickup"}"#,
            "body: order.price: a value is required",
        ),
        (
            r#"[1, 2]"#,
            "body: order[0]: expected a value of another type",
        ),
        (
            r#""SECRET""#,
            "body: order: expected a value of another type",
        ),
    ];
    for (order, want) in cases {
        let body = format!(r#"{{"order": {order}, "coupon": "ok"}}"#);
        let got = errors(Checkout::bind(&json(body.as_bytes())));
        assert_eq!(&got, want, "{order}");
        assert!(
            !got.contains("SECRET") || order.contains(r#""SECRET":"#),
            "{got}"
        );
    }
    // The variants are offered beside the message.
    let body = br#"{"order": {"lines": [], "shipping": "Teleport", "price": 1}}"#;
    let err = Checkout::bind(&json(body)).err().unwrap();
    match err.fields().unwrap().as_slice()[0].kind() {
        FieldErrorKind::Invalid(e) => match e.kind() {
            ValueErrorKind::NotOneOf { accepted, .. } => {
                assert_eq!(accepted, ["Pickup", "Courier", "Post"])
            }
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    }
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Amount<'a> {
    Cents(u64),
    Text(&'a str),
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(tag = "type", rename_all = "lowercase")]
enum Event {
    Click { x: i32, y: i32 },
    Close,
}

#[derive(Bind, Debug)]
struct Tagged<'r> {
    #[bind(body, serde)]
    amount: Amount<'r>,
    #[bind(body, serde)]
    event: Event,
}

#[test]
fn untagged_and_internally_tagged_enums_read_through_deserialize_any() {
    let t = Tagged::bind(&json(
        br#"{"amount": 150, "event": {"y": -2, "type": "click", "x": 1}}"#,
    ))
    .unwrap();
    assert_eq!(
        (t.amount, t.event),
        (Amount::Cents(150), Event::Click { x: 1, y: -2 })
    );
    let t = Tagged::bind(&json(br#"{"amount": "1.50", "event": {"type": "close"}}"#)).unwrap();
    assert_eq!((t.amount, t.event), (Amount::Text("1.50"), Event::Close));
    assert_eq!(
        errors(Tagged::bind(&json(
            br#"{"amount": [], "event": {"type": "open"}}"#
        ))),
        "body: amount: not a valid value for the field's type\n\
         body: event[type]: expected one of the accepted values"
    );
    // A syntax error inside a value buffered for an untagged enum.
    assert_eq!(
        malformed(Tagged::bind(&json(
            br#"{"amount": [1,], "event": {"type": "close"}}"#
        ))),
        ErrorKind::JsonUnexpected
    );
}

// ---------------------------------------------------- serde_json::Value

#[derive(Bind, Debug)]
struct Hook {
    #[bind(body)]
    event: String,
    #[bind(body, serde)]
    extra: serde_json::Value,
    #[bind(body, serde)]
    meta: Option<serde_json::Value>,
}

#[test]
fn serde_json_value_fields() {
    let extra = r#"{"a": [1, -2, 3.5, "x\ny", null, true, {}], "b": {"c": 18446744073709551615}}"#;
    let body = format!(r#"{{"event": "push", "extra": {extra}}}"#);
    let h = Hook::bind(&json(body.as_bytes())).unwrap();
    assert_eq!(h.event, "push");
    assert_eq!(
        h.extra,
        serde_json::from_str::<serde_json::Value>(extra).unwrap()
    );
    assert_eq!(h.meta, None);
    // `null` is no value, as for every field.
    let h = Hook::bind(&json(br#"{"event": "e", "extra": 1, "meta": null}"#)).unwrap();
    assert_eq!((h.extra, h.meta), (serde_json::json!(1), None));
    assert_eq!(
        errors(Hook::bind(&json(br#"{"event": "e", "extra": null}"#))),
        "body: extra: a value is required"
    );
    // From text: a string.
    #[derive(Bind, Debug)]
    struct Q {
        #[bind(query, serde)]
        v: serde_json::Value,
    }
    assert_eq!(
        Q::bind(&query("v=%5B1%5D")).unwrap().v,
        serde_json::json!("[1]")
    );
}

// ---------------------------------------------- Option, Vec, the text rules

#[derive(Bind, Debug)]
struct Listing {
    #[bind(query, serde)]
    ids: Vec<Uuid>,
    #[bind(query, serde)]
    sort: Option<Sort>,
    #[bind(query, serde)]
    page: Option<u32>,
}

#[test]
fn option_and_vec_from_repeated_query_keys() {
    let q = format!("ids={A}&sort=asc&ids={B}&ids[]={A}&page=");
    let l = Listing::bind(&query(&q)).unwrap();
    assert_eq!(l.ids, [uuid(A), uuid(B), uuid(A)]);
    assert_eq!((l.sort, l.page), (Some(Sort::Asc), None)); // `page=`: blank, None
    let l = Listing::bind(&query("sort=")).unwrap();
    assert_eq!((l.ids.len(), l.sort, l.page), (0, None, None));
    let q = format!("ids={A}&ids=SECRET&sort=up&page=-1");
    let text = errors(Listing::bind(&query(&q)));
    assert_eq!(
        text,
        "query: ids[1]: not a valid value for the field's type\n\
         query: sort: expected one of the accepted values\n\
         query: page: expected an unsigned integer"
    );
    // From JSON: an array element by element, or a lone value.
    #[derive(Bind, Debug)]
    struct J {
        #[bind(body, serde)]
        ids: Vec<Uuid>,
    }
    let body = format!(r#"{{"ids": ["{A}", "{B}"]}}"#);
    assert_eq!(
        J::bind(&json(body.as_bytes())).unwrap().ids,
        [uuid(A), uuid(B)]
    );
    let body = format!(r#"{{"ids": "{A}"}}"#);
    assert_eq!(J::bind(&json(body.as_bytes())).unwrap().ids, [uuid(A)]);
    let body = format!(r#"{{"ids": ["{A}", 7]}}"#);
    assert_eq!(
        errors(J::bind(&json(body.as_bytes()))),
        "body: ids[1]: expected a value of another type"
    );
}

/// A newtype of `u64`, as a serde type.
#[derive(Deserialize, Debug, PartialEq, Clone, Copy)]
struct UserId(u64);

#[test]
fn text_values_convert_as_binders_own_types_do() {
    fn both<'r, T>(raw: Raw<'r>) -> (Result<T, ValueErrorKind>, Result<T, ValueErrorKind>)
    where
        T: FromText<'r> + Deserialize<'r>,
    {
        let ours = <Serde<T> as Value<'r>>::from_raw(raw)
            .map(|s| s.0)
            .map_err(|e| e.kind());
        let plain = T::from_raw(raw).map_err(|e| e.kind());
        (ours, plain)
    }
    let raws = [
        Raw::form(b"42"),
        Raw::form(b"%34%32"),
        Raw::form(b"+42"),
        Raw::form(b"%2B42"),
        Raw::form(b"-7"),
        Raw::form(b"300"),
        Raw::form(b"1e3"),
        Raw::form(b"1.5"),
        Raw::form(b"NaN"),
        Raw::form(b"on"),
        Raw::form(b"FALSE"),
        Raw::form(b"x"),
        Raw::form(b""),
        Raw::form(b"%FF"),
        Raw::path(b"%C3%A9"),
        Raw::plain(b"1+1"),
        Raw::json(
            binder_http::json::Reader::new(br#""\u0034""#)
                .read_str()
                .unwrap(),
        ),
    ];
    for raw in raws {
        let (a, b) = both::<u8>(raw);
        assert_eq!(a, b, "u8 {raw:?}");
        let (a, b) = both::<i64>(raw);
        assert_eq!(a, b, "i64 {raw:?}");
        let (a, b) = both::<f64>(raw);
        assert_eq!(a.map(f64::to_bits), b.map(f64::to_bits), "f64 {raw:?}");
        let (a, b) = both::<bool>(raw);
        assert_eq!(a, b, "bool {raw:?}");
        let (a, b) = both::<char>(raw);
        assert_eq!(a, b, "char {raw:?}");
        let (a, b) = both::<String>(raw);
        assert_eq!(a, b, "String {raw:?}");
    }
    // `&str` borrows what needed no decoding; what did is not borrowed.
    let s = <Serde<&str> as Value>::from_raw(Raw::form(b"tea"))
        .unwrap()
        .0;
    assert_eq!(s, "tea");
    assert!(<Serde<&str> as Value>::from_raw(Raw::form(b"t+a")).is_err());
    // A newtype struct is its field; `()` an empty value.
    let id = <Serde<UserId> as Value>::from_raw(Raw::form(b"%39"))
        .unwrap()
        .0;
    assert_eq!(id, UserId(9));
    assert!(<Serde<()> as Value>::from_raw(Raw::form(b"")).is_ok());
    // No sequence or map from one text value.
    let e = <Serde<Vec<u8>> as Value>::from_raw(Raw::form(b"1")).unwrap_err();
    assert_eq!(e.kind(), ValueErrorKind::ExpectedArray);
    let e = <Serde<Line> as Value>::from_raw(Raw::form(b"1")).unwrap_err();
    assert_eq!(e.kind(), ValueErrorKind::ExpectedObject);
}

// ------------------------------------------------------- malformed bodies

#[derive(Bind, Debug)]
struct Extra<'r> {
    #[bind(body, serde)]
    extra: serde_json::Value,
    #[bind(body, serde)]
    order: Option<Order<'r>>,
    #[bind(body)]
    n: Option<u32>,
}

#[test]
fn a_syntax_error_inside_a_serde_field_is_a_malformed_body() {
    for (body, kind) in [
        (&br#"{"extra": [1, 2,]}"#[..], ErrorKind::JsonUnexpected),
        (br#"{"extra": {"a" 1}}"#, ErrorKind::JsonUnexpected),
        (br#"{"extra": "\x"}"#, ErrorKind::JsonInvalidEscape),
        (br#"{"extra": 01}"#, ErrorKind::JsonInvalidNumber),
        (b"{\"extra\": [\"\xff\"]}", ErrorKind::JsonInvalidUtf8),
        (br#"{"extra": [1, 2"#, ErrorKind::JsonEof),
        // After a refusal in the same value, in a part the type never
        // reads: still a malformed body.
        (
            br#"{"extra": 1, "order": {"lines": 7, "x": [1,]}}"#,
            ErrorKind::JsonUnexpected,
        ),
        (
            br#"{"extra": 1, "order": {"lines": [], "shipping": "Pickup", "price": 1, "x": {]}}"#,
            ErrorKind::JsonUnexpected,
        ),
        (
            br#"{"extra": 1, "order": {"lines": [{"sku": "A", "qty": 1, "skipped": [tru]}]}}"#,
            ErrorKind::JsonUnexpected,
        ),
        // Past the value: the body goes on being read.
        (br#"{"extra": 1, "n": 2,}"#, ErrorKind::JsonUnexpected),
    ] {
        assert_eq!(
            malformed(Extra::bind(&json(body))),
            kind,
            "{}",
            String::from_utf8_lossy(body)
        );
    }
    // A refused value is read to its end: what follows binds.
    let body = br#"{"order": {"lines": "no", "deep": [1, {"k": [2, {"j": null}]}]}, "extra": {"k": 1}, "n": 3}"#;
    let err = Extra::bind(&json(body)).err().unwrap();
    assert_eq!(
        err.to_string(),
        "body: order.lines: expected a value of another type"
    );
    let body =
        br#"{"order": {"lines": [], "shipping": "Pickup", "price": 2}, "extra": {"k": 1}, "n": 3}"#;
    let e = Extra::bind(&json(body)).unwrap();
    assert_eq!((e.extra, e.n), (serde_json::json!({"k": 1}), Some(3)));
    assert_eq!(e.order.unwrap().price, 2.0);
}

#[test]
fn the_depth_limit_holds_inside_serde_values() {
    let mut limits = Limits::DEFAULT;
    limits.max_json_depth = 4;
    // The body's object is level 1: `extra` may nest three more.
    let at = br#"{"extra": [[{"a": 1}]]}"#;
    let e = Extra::bind_with(&json(at), &limits).unwrap();
    assert_eq!(e.extra, serde_json::json!([[{"a": 1}]]));
    let past = br#"{"extra": [[{"a": []}]]}"#;
    let err = Extra::bind_with(&json(past), &limits).err().unwrap();
    assert!(err.is_limit(), "{err:?}");
    assert_eq!(
        malformed(Extra::bind_with(&json(past), &limits)),
        ErrorKind::JsonTooDeep
    );
    // Deep past serde_json's own recursion limit, within binder's.
    let mut limits = Limits::DEFAULT;
    limits.max_json_depth = 300;
    let deep = format!(r#"{{"extra": {}1{}}}"#, "[".repeat(250), "]".repeat(250));
    let e = Extra::bind_with(&json(deep.as_bytes()), &limits).unwrap();
    let mut v = &e.extra;
    for _ in 0..250 {
        v = &v[0];
    }
    assert_eq!(v, &serde_json::json!(1));
    let deeper = format!(r#"{{"extra": {}1{}}}"#, "[".repeat(300), "]".repeat(300));
    assert_eq!(
        malformed(Extra::bind_with(&json(deeper.as_bytes()), &limits)),
        ErrorKind::JsonTooDeep
    );
}

// ------------------------------------------------------------- RawJson

#[derive(Bind, Debug)]
struct Raws<'r> {
    #[bind(body)]
    payload: RawJson<'r>,
    #[bind(body)]
    extra: Option<RawJson<'r>>,
    #[bind(body)]
    list: Vec<RawJson<'r>>,
}

#[test]
fn raw_json_keeps_a_member_exactly_as_written() {
    let body = br#"{"payload" :  { "a": [1, "\u00e9"], "b": null }  , "list": [ 1 ,"x", {} ] , "extra": -0.5e3 }"#;
    let r = Raws::bind(&json(body)).unwrap();
    assert_eq!(r.payload.as_str(), r#"{ "a": [1, "\u00e9"], "b": null }"#);
    assert!(within(body, r.payload.as_str()));
    assert_eq!(r.extra.map(|e| e.as_str()), Some("-0.5e3"));
    let list: Vec<&str> = r.list.iter().map(RawJson::as_str).collect();
    assert_eq!(list, ["1", r#""x""#, "{}"]);
    // `null` is no value; a malformed member, a malformed body.
    let r = Raws::bind(&json(br#"{"payload": "s", "extra": null}"#)).unwrap();
    assert_eq!((r.payload.as_str(), r.extra), (r#""s""#, None));
    assert_eq!(
        errors(Raws::bind(&json(br#"{"payload": null}"#))),
        "body: payload: a value is required"
    );
    assert_eq!(
        malformed(Raws::bind(&json(br#"{"payload": [1 2]}"#))),
        ErrorKind::JsonUnexpected
    );
    let mut limits = Limits::DEFAULT;
    limits.max_json_depth = 2;
    assert_eq!(
        malformed(Raws::bind_with(&json(br#"{"payload": [[1]]}"#), &limits)),
        ErrorKind::JsonTooDeep
    );

    // From text: one JSON value sent as it is.
    #[derive(Bind, Debug)]
    struct T<'r> {
        #[bind(query)]
        filter: Option<RawJson<'r>>,
        #[bind(body)]
        meta: Option<RawJson<'r>>,
    }
    let parts = |q: &'static str, body: &'static [u8]| Parts {
        query: Some(q),
        body: Body::classify(Some(b"multipart/form-data; boundary=B"), body),
        ..Parts::default()
    };
    let meta =
        b"--B\r\nContent-Disposition: form-data; name=meta\r\n\r\n {\"tags\": [\"a\"]}\n\r\n--B--";
    let t = T::bind(&parts("filter=[1,2]", meta)).unwrap();
    assert_eq!(t.filter.unwrap().as_str(), "[1,2]");
    assert_eq!(t.meta.unwrap().as_str(), r#"{"tags": ["a"]}"#);
    let none = b"--B--";
    assert_eq!(
        errors(T::bind(&parts("filter=%5B1%5D", none))),
        "query: filter: expected the value unescaped (no percent-encoding, + or backslash escapes)"
    );
    assert_eq!(
        errors(T::bind(&parts("filter=SECRET", none))),
        "query: filter: expected a JSON value"
    );
}

// --------------------------------------------------------- allocation

#[derive(Deserialize)]
struct Flat<'a> {
    sku: &'a str,
    qty: u32,
    price: f64,
    gift: bool,
    sort: Sort,
    note: Option<&'a str>,
    tags: (u8, i64),
}

#[derive(Bind)]
struct Borrowing<'r> {
    #[bind(body, serde)]
    flat: Flat<'r>,
    #[bind(query, serde)]
    sort: Sort,
    #[bind(body)]
    raw: RawJson<'r>,
}

#[test]
fn nothing_is_allocated_that_the_value_does_not_own() {
    let body = br#"{"raw": [1, {"a": 2}], "flat": {"sku": "A-1", "qty": 3, "price": 9.75, "gift": true, "sort": "asc", "note": null, "tags": [1, -2], "ignored": {"x": [1, "y"]}, "n\u0061me": 1}}"#;
    let req = Parts {
        query: Some("sort=desc"),
        body: Body::Json(body),
        ..Parts::default()
    };
    let (b, blocks, bytes) = measure(|| Borrowing::bind(&req).unwrap());
    assert_eq!((blocks, bytes), (0, 0));
    assert_eq!(
        (b.flat.sku, b.flat.qty, b.flat.price, b.flat.gift),
        ("A-1", 3, 9.75, true)
    );
    assert_eq!(
        (b.flat.sort, b.sort, b.flat.note, b.flat.tags),
        (Sort::Asc, Sort::Desc, None, (1, -2))
    );
    assert_eq!(b.raw.as_str(), r#"[1, {"a": 2}]"#);
}

// ------------------------------------------------ against serde_json

#[derive(Deserialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Mode {
    Fast,
    Slow(u16),
    Custom { level: i8 },
}

#[derive(Deserialize, Debug, PartialEq)]
struct Typed {
    a: u8,
    b: i64,
    c: f64,
    d: String,
    e: Option<bool>,
    f: Vec<u32>,
    g: Mode,
    h: (i16, f64),
    i: BTreeMap<String, serde_json::Value>,
}

#[derive(Bind, Debug)]
struct DiffValue {
    #[bind(body, serde)]
    v: serde_json::Value,
}

#[derive(Bind, Debug)]
struct DiffTyped {
    #[bind(body, serde)]
    v: Typed,
}

/// What serde_json reads `{"v": <doc>}` as, beside binder.
#[derive(Deserialize)]
struct Wrapper<T> {
    v: T,
}

/// Compares binder and serde_json on `body`: the same value when serde_json
/// reads one; an error from binder when serde_json refuses it. Whether
/// they read a value.
fn agree<T, B>(body: &[u8], bound: impl Fn(B) -> T) -> bool
where
    T: std::fmt::Debug + PartialEq + for<'de> Deserialize<'de>,
    B: for<'r> Bind<'r>,
{
    let theirs = serde_json::from_slice::<Wrapper<T>>(body);
    let ours = B::bind(&json(body)).map(&bound);
    match (theirs, ours) {
        (Ok(t), Ok(o)) => {
            assert_eq!(o, t.v, "{}", String::from_utf8_lossy(body));
            true
        }
        (Err(_), Err(_)) => false,
        (Ok(t), Err(e)) => panic!(
            "binder refused what serde_json read ({:?}): {e}\n{}",
            t.v,
            String::from_utf8_lossy(body)
        ),
        (Err(t), Ok(o)) => panic!(
            "binder read {o:?}, serde_json refused: {t}\n{}",
            String::from_utf8_lossy(body)
        ),
    }
}

#[test]
fn binds_what_serde_json_reads_from_random_documents() {
    use binder_test_support::generate::{json_doc, Rng};
    let mut rng = Rng::new(0x5e7d_e000);
    let mut read = 0;
    for _ in 0..4000 {
        let doc = json_doc(&mut rng, 20);
        let mut body = b"{\"v\": ".to_vec();
        body.extend_from_slice(&doc);
        body.push(b'}');
        // Where the two differ on purpose: `null` is no value for a field;
        // a number past `f64` is refused by binder as a field error and by
        // serde_json as a document error (both refuse).
        if let Ok(w) = serde_json::from_slice::<Wrapper<serde_json::Value>>(&body) {
            read += 1;
            if w.v.is_null() {
                let err = DiffValue::bind(&json(&body)).err().unwrap();
                assert_eq!(err.to_string(), "body: v: a value is required");
                continue;
            }
        }
        agree::<serde_json::Value, DiffValue>(&body, |d| d.v);
    }
    assert!(read > 1500, "{read} documents read");

    // A typed struct, from members of the right type mostly: each
    // member's values, those `Typed` takes, then those it refuses.
    type Values = (&'static [&'static str], &'static [&'static str]);
    const MEMBERS: &[(&str, Values)] = &[
        (
            "a",
            (
                &["0", "255", "12"],
                &["256", "-1", "1.0", "1e2", "\"7\"", "null", "-0"],
            ),
        ),
        (
            "b",
            (
                &["-9223372036854775808", "9223372036854775807", "-5", "0"],
                &["9223372036854775808", "3.5", "true", "-1e0"],
            ),
        ),
        (
            "c",
            (
                &[
                    "0.1",
                    "-2.5e-3",
                    "1e308",
                    "17",
                    "-0.0",
                    "123456789012345678901234567890",
                    "4.35",
                    "2.2250738585072014e-308",
                    "9007199254740993",
                    "1e-400",
                ],
                &["1e400", "\"1\"", "null"],
            ),
        ),
        (
            "d",
            (
                &[
                    r#""plain""#,
                    r#""esc\u00e9\n\"""#,
                    r#""\ud83d\ude00""#,
                    r#""""#,
                ],
                &["1", "[]"],
            ),
        ),
        ("e", (&["true", "false", "null"], &["1", r#""true""#])),
        (
            "f",
            (
                &["[]", "[1, 2, 4294967295]"],
                &["[4294967296]", "[-1]", "[1,]", "7", "null", "[1, [2]]"],
            ),
        ),
        (
            "g",
            (
                &[
                    r#""fast""#,
                    r#"{"slow": 3}"#,
                    r#"{"custom": {"level": -3}}"#,
                    r#"{"fast": null}"#,
                ],
                &[
                    r#""Fast""#,
                    r#"{"slow": 70000}"#,
                    r#"{"custom": {}}"#,
                    r#"{"slow": 1, "fast": null}"#,
                    r#"{}"#,
                    "[]",
                    r#""slow""#,
                ],
            ),
        ),
        (
            "h",
            (
                &["[1, 2.5]", "[-1, 1e1]"],
                &["[1]", "[1, 2, 3]", "[32768, 1]", "{}"],
            ),
        ),
        (
            "i",
            (
                &[
                    r#"{}"#,
                    r#"{"a": [1, {"b": null}], "\u00e9": "x"}"#,
                    r#"{"a": 1, "a": 2}"#,
                ],
                &["[]", r#"{"a": [1,]}"#],
            ),
        ),
        ("extra", (&[r#"[1, {"x": "y"}]"#], &[r#"[1, {"x": "y",}]"#])),
    ];
    let mut typed = 0;
    for _ in 0..3000 {
        let mut members: Vec<String> = MEMBERS
            .iter()
            .map(|(name, (good, bad))| {
                let value = if rng.below(12) == 0 {
                    rng.pick(bad)
                } else {
                    rng.pick(good)
                };
                format!(r#""{name}": {value}"#)
            })
            .collect();
        // Shuffled, one dropped now and then.
        for k in (1..members.len()).rev() {
            members.swap(k, rng.below(k + 1));
        }
        if rng.below(4) == 0 {
            members.pop();
        }
        let body = format!(r#"{{"v": {{{}}}}}"#, members.join(", "));
        typed += usize::from(agree::<Typed, DiffTyped>(body.as_bytes(), |d| d.v));
    }
    assert!(typed > 600, "{typed} typed documents read");
}
