//! `Bounded<T, N>`, the user's own field type, bound from `http::Request`s
//! as a user binds them (`binder_http::bind`): from every source a list
//! takes, at its limit and past it, and with element errors compared with
//! what binder's own `Vec<T>` reports for the same input.

use binder_http::field::{ValueError, ValueErrorKind};
use binder_http::{Bind, BindError, FieldErrorKind, OwnedBind, Source};
use binder_outside_check::{Bounded, TOO_MANY};

type Request = http::Request<Vec<u8>>;

fn get(query: &str) -> Request {
    http::Request::get(format!("/search?{query}"))
        .body(Vec::new())
        .unwrap()
}

fn post(content_type: &str, body: &[u8]) -> Request {
    http::Request::post("/search")
        .header("content-type", content_type)
        .body(body.to_vec())
        .unwrap()
}

fn json(body: &str) -> Request {
    post("application/json", body.as_bytes())
}

fn form(body: &str) -> Request {
    post("application/x-www-form-urlencoded", body.as_bytes())
}

/// A multipart body with one text part per `(name, value)`.
fn multipart(parts: &[(&str, &str)]) -> Request {
    let mut body = String::new();
    for (name, value) in parts {
        body.push_str(&format!(
            "--X\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
        ));
    }
    body.push_str("--X--\r\n");
    post("multipart/form-data; boundary=X", body.as_bytes())
}

/// Binds `T` as a handler would, keeping the bind error to compare.
fn bind<T: OwnedBind>(req: &Request) -> Result<T, BindError> {
    binder_http::bind(req, &[]).map_err(|e| e.bind_error().expect("a bind error").clone())
}

/// The one field error of a failed bind: (source, path, kind).
fn only_error(err: &BindError) -> (Source, String, FieldErrorKind) {
    let BindError::Fields(errors) = err else {
        panic!("expected field errors, got {err:?}");
    };
    let [e] = errors.as_slice() else {
        panic!("expected one field error, got {errors:?}");
    };
    (e.source(), e.path().to_string(), e.kind())
}

#[derive(Bind, Debug)]
struct Search {
    #[bind(query)]
    tag: Bounded<String, 3>,
}

#[derive(Bind, Debug)]
struct Tags {
    #[bind(body)]
    tags: Bounded<String, 3>,
}

#[test]
fn binds_from_a_json_array() {
    let t: Tags = bind(&json(r#"{"tags": ["a","b"]}"#)).unwrap();
    assert_eq!(t.tags.as_slice(), ["a", "b"]);
    // A lone value is the list's one element, `null` adds nothing: as `Vec`.
    let t: Tags = bind(&json(r#"{"tags": "a"}"#)).unwrap();
    assert_eq!(t.tags.as_slice(), ["a"]);
    let t: Tags = bind(&json(r#"{"tags": ["a", null, "b"]}"#)).unwrap();
    assert_eq!(t.tags.as_slice(), ["a", "b"]);
    let t: Tags = bind(&json(r#"{"tags": null}"#)).unwrap();
    assert!(t.tags.is_empty());
    // Nothing sent is an empty list, not `missing`: as `Vec`.
    let t: Tags = bind(&json("{}")).unwrap();
    assert!(t.tags.is_empty());
}

#[test]
fn binds_from_repeated_query_keys() {
    let s: Search = bind(&get("tag=a&tag=b")).unwrap();
    assert_eq!(s.tag.as_slice(), ["a", "b"]);
    // Bracketed names too, in the order sent, and decoded values.
    let s: Search = bind(&get("tag[]=a&tag[5]=b&tag=c+d")).unwrap();
    assert_eq!(s.tag.as_slice(), ["a", "b", "c d"]);
    let s: Search = bind(&get("other=1")).unwrap();
    assert!(s.tag.is_empty());
}

#[test]
fn binds_from_repeated_form_keys_and_multipart_parts() {
    let t: Tags = bind(&form("tags=a&tags=b%20c")).unwrap();
    assert_eq!(t.tags.as_slice(), ["a", "b c"]);
    let t: Tags = bind(&multipart(&[("tags", "a"), ("tags", "b")])).unwrap();
    assert_eq!(t.tags.as_slice(), ["a", "b"]);
}

/// Every source a list takes, with `n` values for `Tags::tags`.
fn tags_sent(n: usize) -> Vec<(&'static str, Request)> {
    let values: Vec<String> = (0..n).map(|i| format!("t{i}")).collect();
    let pairs = values
        .iter()
        .map(|v| format!("tags={v}"))
        .collect::<Vec<_>>()
        .join("&");
    let array = values
        .iter()
        .map(|v| format!("\"{v}\""))
        .collect::<Vec<_>>()
        .join(",");
    let parts: Vec<(&str, &str)> = values.iter().map(|v| ("tags", v.as_str())).collect();
    vec![
        ("form", form(&pairs)),
        ("json", json(&format!(r#"{{"tags":[{array}]}}"#))),
        ("multipart", multipart(&parts)),
    ]
}

#[test]
fn binds_exactly_at_the_limit() {
    let s: Search = bind(&get("tag=a&tag=b&tag=c")).unwrap();
    assert_eq!(s.tag.as_slice(), ["a", "b", "c"]);
    for (format, req) in tags_sent(3) {
        let t: Tags = bind(&req).unwrap_or_else(|e| panic!("{format}: {e}"));
        assert_eq!(t.tags.as_slice(), ["t0", "t1", "t2"], "{format}");
    }
}

#[test]
fn refuses_one_past_the_limit_with_a_value_error() {
    let too_many = FieldErrorKind::Invalid(ValueError::custom(TOO_MANY));
    let err = bind::<Search>(&get("tag=a&tag=b&tag=c&tag=d")).unwrap_err();
    assert_eq!(only_error(&err), (Source::Query, "tag".into(), too_many));
    assert_eq!(
        err.to_string(),
        "query: tag: more values than the field holds"
    );
    // A bracketed fourth value counts as well.
    let err = bind::<Search>(&get("tag=a&tag=b&tag=c&tag[]=d")).unwrap_err();
    assert_eq!(only_error(&err), (Source::Query, "tag".into(), too_many));
    for (format, req) in tags_sent(4) {
        let err = bind::<Tags>(&req).unwrap_err();
        assert_eq!(
            only_error(&err),
            (Source::Body, "tags".into(), too_many),
            "{format}"
        );
    }
    // Far past it: still the one error, and the JSON body still read to
    // its end (a syntax error after the list is reported, not skipped).
    let many = format!("[{}]", vec!["\"x\""; 1000].join(","));
    let err = bind::<Tags>(&json(&format!(r#"{{"tags":{many}}}"#))).unwrap_err();
    assert_eq!(only_error(&err).2, too_many);
    let err = bind::<Tags>(&json(&format!(r#"{{"tags":{many},}}"#))).unwrap_err();
    assert!(matches!(err, BindError::Malformed { .. }), "{err:?}");
    // And the problem+json a client gets says what went wrong.
    let err = binder_http::bind::<Search, _>(&get("tag=a&tag=b&tag=c&tag=d"), &[]).unwrap_err();
    assert_eq!(err.status(), 400);
    assert!(err.problem_json().contains(
        r#"{"source":"query","field":"tag","code":"invalid","detail":"more values than the field holds"}"#
    ));
}

#[test]
fn values_past_the_limit_are_not_converted() {
    #[derive(Bind, Debug)]
    struct Ids {
        #[bind(query)]
        id: Bounded<u32, 2>,
    }
    // The third value would be invalid; it is past the limit, so the one
    // error is the limit's.
    let err = bind::<Ids>(&get("id=1&id=2&id=x")).unwrap_err();
    assert_eq!(only_error(&err).1, "id");
    assert_eq!(
        only_error(&err).2,
        FieldErrorKind::Invalid(ValueError::custom(TOO_MANY))
    );
    // Blank values add nothing to a list of numbers, so take no place.
    let ids: Ids = bind(&get("id=&id=1&id=&id=2")).unwrap();
    assert_eq!(ids.id.as_slice(), [1, 2]);
}

#[derive(Bind, Debug, PartialEq)]
struct BoundedIds {
    #[bind(query)]
    q: Bounded<u32, 4>,
    #[bind(body)]
    id: Bounded<u32, 4>,
}

#[derive(Bind, Debug, PartialEq)]
struct VecIds {
    #[bind(query)]
    q: Vec<u32>,
    #[bind(body)]
    id: Vec<u32>,
}

/// The same request into `Bounded<u32, 4>` and `Vec<u32>` fields: the same
/// values, or the same errors (sources, paths, kinds, order).
fn same_as_vec(req: &Request) -> Result<Vec<u32>, BindError> {
    let bounded = bind::<BoundedIds>(req);
    let vec = bind::<VecIds>(req);
    match (bounded, vec) {
        (Ok(b), Ok(v)) => {
            assert_eq!((b.q.as_slice(), b.id.as_slice()), (&v.q[..], &v.id[..]));
            Ok(v.id)
        }
        (Err(b), Err(v)) => {
            assert_eq!(b, v, "Bounded and Vec report differently");
            Err(v)
        }
        (b, v) => panic!("Bounded: {b:?}, Vec: {v:?}"),
    }
}

#[test]
fn element_errors_are_reported_as_vec_reports_them() {
    let invalid = |kind| FieldErrorKind::Invalid(ValueError::new(kind));
    let cases: Vec<(Request, Source, &str, FieldErrorKind)> = vec![
        (
            get("q=1&q=x&q=3"),
            Source::Query,
            "q[1]",
            invalid(ValueErrorKind::NotUnsigned),
        ),
        (
            get("q[]=1&q[]=99999999999"),
            Source::Query,
            "q[1]",
            invalid(ValueErrorKind::OutOfRange),
        ),
        (
            form("id=1&id=-2"),
            Source::Body,
            "id[1]",
            invalid(ValueErrorKind::NotUnsigned),
        ),
        (
            multipart(&[("id", "7"), ("id", "x")]),
            Source::Body,
            "id[1]",
            invalid(ValueErrorKind::NotUnsigned),
        ),
        (
            json(r#"{"id":[1,"x",3]}"#),
            Source::Body,
            "id[1]",
            invalid(ValueErrorKind::NotUnsigned),
        ),
        (
            json(r#"{"id":[1,2.5]}"#),
            Source::Body,
            "id[1]",
            invalid(ValueErrorKind::NotUnsigned),
        ),
        (
            json(r#"{"id":[1,[2]]}"#),
            Source::Body,
            "id[1]",
            FieldErrorKind::WrongType("expected a single value, not an array or object"),
        ),
        // A lone value answers under the field's own path.
        (
            json(r#"{"id":"x"}"#),
            Source::Body,
            "id",
            invalid(ValueErrorKind::NotUnsigned),
        ),
        (
            json(r#"{"id":[1],"id":[2]}"#),
            Source::Body,
            "id",
            FieldErrorKind::Duplicate,
        ),
    ];
    for (req, source, path, kind) in cases {
        let err = same_as_vec(&req).unwrap_err();
        assert_eq!(only_error(&err), (source, path.to_string(), kind));
    }
    // Several at once, in the same order.
    let req = post("application/x-www-form-urlencoded", b"id=a&id=2&id=&id=-3");
    let err = same_as_vec(&req).unwrap_err();
    let BindError::Fields(errors) = &err else {
        panic!()
    };
    let paths: Vec<String> = errors
        .as_slice()
        .iter()
        .map(|e| e.path().to_string())
        .collect();
    assert_eq!(paths, ["id[0]", "id[3]"]);
    // And the same values where both bind.
    assert_eq!(same_as_vec(&form("id=1&id=&id=2")), Ok(vec![1, 2]));
    assert_eq!(same_as_vec(&json(r#"{"id":[1,null,2]}"#)), Ok(vec![1, 2]));
}

#[derive(Bind, Debug, PartialEq)]
#[bind(body)]
struct Line {
    sku: String,
    qty: u32,
}

#[derive(Bind, Debug)]
#[bind(body)]
struct Order {
    lines: Bounded<Line, 2>,
}

#[derive(Bind, Debug)]
#[bind(body)]
struct VecOrder {
    lines: Vec<Line>,
}

#[test]
fn elements_with_members_bind_from_objects_and_pieces() {
    let line = |sku: &str, qty| Line {
        sku: sku.into(),
        qty,
    };
    let o: Order = bind(&json(
        r#"{"lines":[{"sku":"a","qty":1},{"sku":"b","qty":2}]}"#,
    ))
    .unwrap();
    assert_eq!(o.lines.as_slice(), [line("a", 1), line("b", 2)]);
    let o: Order = bind(&form(
        "lines[1][sku]=b&lines[0][sku]=a&lines[0][qty]=1&lines[1].qty=2",
    ))
    .unwrap();
    assert_eq!(o.lines.as_slice(), [line("a", 1), line("b", 2)]);
    let v: VecOrder = bind(&form(
        "lines[1][sku]=b&lines[0][sku]=a&lines[0][qty]=1&lines[1].qty=2",
    ))
    .unwrap();
    assert_eq!(o.lines.as_slice(), v.lines);

    // A member missing, or refused, is reported as `Vec<Line>` reports it.
    for body in ["lines[0][sku]=a", "lines[0][sku]=a&lines[0][qty]=x"] {
        let bounded = bind::<Order>(&form(body)).unwrap_err();
        let vec = bind::<VecOrder>(&form(body)).unwrap_err();
        assert_eq!(bounded, vec, "{body}");
    }
    let body = r#"{"lines":[{"sku":"a","qty":1},{"sku":"b"}]}"#;
    assert_eq!(
        bind::<Order>(&json(body)).unwrap_err(),
        bind::<VecOrder>(&json(body)).unwrap_err()
    );
    assert_eq!(
        bind::<Order>(&json(body)).unwrap_err().to_string(),
        "body: lines[1].qty: a value is required"
    );

    // A third element, sent whole or in pieces, is past the limit.
    let too_many = (
        Source::Body,
        "lines".to_string(),
        FieldErrorKind::Invalid(ValueError::custom(TOO_MANY)),
    );
    let three = r#"{"lines":[{"sku":"a","qty":1},{"sku":"b","qty":2},{"sku":"c","qty":3}]}"#;
    assert_eq!(
        only_error(&bind::<Order>(&json(three)).unwrap_err()),
        too_many
    );
    let three = "lines[0][sku]=a&lines[0][qty]=1&lines[1][sku]=b&lines[1][qty]=2&lines[2][sku]=c&lines[2][qty]=3";
    assert_eq!(
        only_error(&bind::<Order>(&form(three)).unwrap_err()),
        too_many
    );
}

#[test]
fn an_owned_struct_with_a_bounded_field_is_an_extractor_type() {
    // What binder-axum's `Bound<T>` and binder-actix require of `T`.
    fn owned<T: OwnedBind>() {}
    owned::<Search>();
    owned::<Order>();
}

#[test]
fn any_from_str_element_through_parsed() {
    // `#[bind(from_str)]` wraps only `T`, `Option<T>` and `Vec<T>` (the
    // derive reads the type's name), so a `Bounded` of a `FromStr` type
    // names `Parsed` itself.
    use binder_http::convert::Parsed;
    use std::net::IpAddr;

    #[derive(Bind, Debug)]
    struct Allow {
        #[bind(query)]
        ip: Bounded<Parsed<IpAddr>, 2>,
    }
    let a: Allow = bind(&get("ip=10.0.0.1&ip=::1")).unwrap();
    assert!(a.ip[1].0.is_loopback());
    let err = bind::<Allow>(&get("ip=10.0.0.1&ip=nope")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "query: ip[1]: not a valid value for the field's type"
    );
}
