//! `Lines`, the user's own body format, bound from `http::Request`s as a
//! user binds them (`HttpRequest` wrapped in `WithFormat`): the same
//! values and the same field errors as the same request sent as a
//! urlencoded form, its syntax errors and limits, and the formats a type
//! or the service leaves out answering 415.

use binder_http::{
    Bind, BindError, ErrorKind, FieldErrorKind, Formats, HttpRequest, Limits, Source, WithFormat,
};
use binder_outside_check::lines::Lines;
use http::StatusCode;

type Request = http::Request<Vec<u8>>;

fn post(content_type: &str, body: &[u8]) -> Request {
    http::Request::post("/orders?dry_run=true")
        .header("content-type", content_type)
        .body(body.to_vec())
        .unwrap()
}

fn lines(body: &str) -> Request {
    post("text/x-lines", body.as_bytes())
}

fn form(body: &str) -> Request {
    post("application/x-www-form-urlencoded", body.as_bytes())
}

/// Binds `T` as a service that reads `Lines` does.
fn bind_with<'r, T: Bind<'r>>(req: &'r Request, limits: &Limits) -> Result<T, BindError> {
    T::bind_with(
        &WithFormat::new(HttpRequest::from_request(req, &[]), Lines),
        limits,
    )
}

fn bind<'r, T: Bind<'r>>(req: &'r Request) -> Result<T, BindError> {
    bind_with(req, &Limits::DEFAULT)
}

#[derive(Bind, Debug, PartialEq)]
struct Address {
    #[bind(body)]
    city: String,
    #[bind(body)]
    zip: Option<u32>,
}

#[derive(Bind, Debug, PartialEq)]
struct Line {
    #[bind(body)]
    sku: String,
    #[bind(body)]
    qty: u32,
}

#[derive(Bind, Debug, PartialEq)]
#[bind(accept = "form, custom")]
struct Order {
    #[bind(query)]
    dry_run: bool,
    #[bind(body)]
    email: String,
    #[bind(body)]
    qty: u32,
    #[bind(body)]
    express: Option<bool>,
    #[bind(body)]
    tags: Vec<String>,
    #[bind(body)]
    ship_to: Address,
    #[bind(body)]
    items: Vec<Line>,
    #[bind(body)]
    note: Option<String>,
}

const LINES: &str = "\
# an order
email: ada@example.org
qty:3
express :\ttrue\r
tags: a
tags: b

ship_to[city]: Paris
ship_to[zip]: 75001
items[0][sku]: SKU-1
items[0][qty]: 2
items[1][sku]: SKU-2
items[1][qty]: 1
";

const FORM: &str = "email=ada@example.org&qty=3&express=true&tags=a&tags=b\
    &ship_to[city]=Paris&ship_to[zip]=75001\
    &items[0][sku]=SKU-1&items[0][qty]=2&items[1][sku]=SKU-2&items[1][qty]=1";

#[test]
fn a_lines_body_binds_as_the_same_form_does() {
    let from_lines: Order = bind(&lines(LINES)).unwrap();
    let from_form: Order = bind(&form(FORM)).unwrap();
    assert_eq!(from_lines, from_form);
    assert_eq!(
        from_lines,
        Order {
            dry_run: true,
            email: "ada@example.org".into(),
            qty: 3,
            express: Some(true),
            tags: vec!["a".into(), "b".into()],
            ship_to: Address {
                city: "Paris".into(),
                zip: Some(75001)
            },
            items: vec![
                Line {
                    sku: "SKU-1".into(),
                    qty: 2
                },
                Line {
                    sku: "SKU-2".into(),
                    qty: 1
                }
            ],
            note: None,
        }
    );
}

#[test]
fn values_are_taken_as_sent_and_borrowed_from_the_body() {
    #[derive(Bind)]
    #[bind(accept = "custom")]
    struct Memo<'r> {
        #[bind(body)]
        note: &'r str,
        #[bind(body)]
        code: &'r str,
    }
    let req = lines("note: 50% off + tax\ncode: a%20b");
    let m: Memo = bind(&req).unwrap();
    assert_eq!((m.note, m.code), ("50% off + tax", "a%20b"));
    let body = req.body().as_ptr_range();
    assert!(body.contains(&m.note.as_ptr()), "borrowed from the body");
}

#[test]
fn field_errors_are_the_forms() {
    let bad_lines = "email: ada@example.org\nqty: many\nship_to[zip]: x\nitems[0][qty]: -1";
    let bad_form = "email=ada@example.org&qty=many&ship_to[zip]=x&items[0][qty]=-1";
    let errors = |err: BindError| {
        let BindError::Fields(errors) = err else {
            panic!("expected field errors, got {err:?}");
        };
        errors
            .as_slice()
            .iter()
            .map(|e| (e.source(), e.path().to_string(), e.kind()))
            .collect::<Vec<_>>()
    };
    let from_lines = errors(bind::<Order>(&lines(bad_lines)).unwrap_err());
    let from_form = errors(bind::<Order>(&form(bad_form)).unwrap_err());
    assert_eq!(from_lines, from_form);
    let paths: Vec<_> = from_lines
        .iter()
        .map(|(source, path, _)| (*source, path.as_str()))
        .collect();
    assert!(paths.contains(&(Source::Body, "qty")), "{paths:?}");
    assert!(paths.contains(&(Source::Body, "ship_to.city")), "{paths:?}");
    assert!(
        from_lines
            .iter()
            .any(|(_, path, kind)| path == "qty" && matches!(kind, FieldErrorKind::Invalid(_))),
        "{from_lines:?}"
    );
}

#[test]
fn a_line_without_a_colon_is_malformed_at_its_byte() {
    let err = bind::<Order>(&lines("email: a@b.c\nqty 3\n")).unwrap_err();
    let BindError::Malformed { source, error } = &err else {
        panic!("expected a malformed body, got {err:?}");
    };
    assert_eq!(*source, Source::Body);
    // Byte 16: after `qty` on the second line, where the `:` is due.
    assert_eq!((error.kind(), error.offset()), (ErrorKind::BodySyntax, 16));
    let err = binder_http::Error::from(err);
    assert_eq!(err.status(), StatusCode::BAD_REQUEST);
    assert!(!err.is_limit());
    let err = bind::<Order>(&lines(": no key")).unwrap_err();
    assert!(matches!(err, BindError::Malformed { error, .. } if error.offset() == 0));
}

#[test]
fn the_pair_and_key_limits_hold_at_the_limit_and_refuse_past_it() {
    #[derive(Bind, Debug)]
    #[bind(accept = "custom")]
    struct Tags {
        #[bind(body)]
        tag: Vec<u8>,
    }
    let mut limits = Limits::DEFAULT;
    limits.max_pairs = 3;
    let at = lines("tag: 1\ntag: 2\n# not a pair\ntag: 3");
    assert_eq!(bind_with::<Tags>(&at, &limits).unwrap().tag, [1, 2, 3]);
    let past = lines("tag: 1\ntag: 2\ntag: 3\ntag: 4");
    let err = bind_with::<Tags>(&past, &limits).unwrap_err();
    assert!(
        matches!(&err, BindError::Malformed { error, .. } if error.kind() == ErrorKind::TooManyPairs)
    );
    assert!(binder_http::Error::from(err).is_limit());

    let mut limits = Limits::DEFAULT;
    limits.max_key_len = 3;
    let at = lines("tag: 1");
    assert_eq!(bind_with::<Tags>(&at, &limits).unwrap().tag, [1]);
    let past = lines("tags: 1");
    let err = bind_with::<Tags>(&past, &limits).unwrap_err();
    assert!(
        matches!(&err, BindError::Malformed { error, .. } if error.kind() == ErrorKind::KeyTooLong)
    );
}

#[test]
fn a_type_or_a_service_that_leaves_custom_out_answers_415() {
    #[derive(Bind, Debug)]
    struct Default {
        #[bind(body)]
        _email: String,
    }
    #[derive(Bind, Debug)]
    #[bind(accept = "json, form, multipart")]
    struct Named {
        #[bind(body)]
        _email: String,
    }
    let req = lines("email: a@b.c\n_email: a@b.c");
    let unsupported = |err: BindError| {
        let err = binder_http::Error::from(err);
        assert_eq!(err.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    };
    unsupported(bind::<Default>(&req).unwrap_err());
    unsupported(bind::<Named>(&req).unwrap_err());
    // The type names it, the service's setting leaves it out.
    let mut limits = Limits::DEFAULT;
    limits.formats = Formats::ALL.difference(Formats::CUSTOM);
    unsupported(bind_with::<Order>(&req, &limits).unwrap_err());
    // Without the format, the body is of a type binder does not read.
    unsupported(Order::bind(&HttpRequest::from_request(&req, &[])).unwrap_err());
    // Another type than the format's is not the format's.
    unsupported(bind::<Order>(&post("text/plain", b"email: a@b.c")).unwrap_err());
}

#[test]
fn binders_own_formats_are_read_as_before() {
    #[derive(Bind, Debug, PartialEq)]
    #[bind(accept = "json, custom")]
    struct Api {
        #[bind(body)]
        email: String,
    }
    let json = post("application/json", br#"{"email":"a@b.c"}"#);
    assert_eq!(bind::<Api>(&json).unwrap().email, "a@b.c");
    let from_lines = bind::<Api>(&lines("email: a@b.c")).unwrap();
    assert_eq!(from_lines.email, "a@b.c");
    // A form is refused by a type that names only JSON and custom.
    let err = bind::<Api>(&form("email=a@b.c")).unwrap_err();
    assert!(matches!(err, BindError::UnsupportedMediaType));
    // An empty body is no body: a required field is missing.
    let err = bind::<Api>(&lines("")).unwrap_err();
    let BindError::Fields(errors) = err else {
        panic!("expected field errors");
    };
    assert_eq!(errors.as_slice()[0].kind(), FieldErrorKind::Missing);
}
