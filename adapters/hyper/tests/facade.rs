//! `#[derive(Bind)]` and every type a handler names, through binder-hyper
//! alone: nothing here names `binder_http`. (The proof that no other
//! binder crate is needed at all is `tests/only-hyper`, whose Cargo.toml
//! names binder-hyper and nothing else of binder's.)

use binder_hyper::{Bind, Errors, FilePart, Formats, HttpRequest, Limits, Source};
use binder_test_support::frames::ready;
use bytes::Bytes;
use http_body_util::Full;

#[derive(Bind, Debug)]
#[bind(body, accept = "json, form", validate = Order::check)]
struct Order {
    #[bind(path = "team")]
    team: u32,
    #[bind(header = "X-Request-ID")]
    trace: String,
    email: String,
    qty: u32,
}

impl Order {
    fn check(&self, errors: &mut Errors) {
        if self.qty == 0 {
            errors.invalid(Source::Body, "qty", "at least 1");
        }
    }
}

fn post(ct: &str, body: &'static str) -> http::Request<Full<Bytes>> {
    http::Request::post("/teams/42/orders")
        .header("x-request-id", "r1")
        .header("content-type", ct)
        .body(Full::new(Bytes::from_static(body.as_bytes())))
        .unwrap()
}

#[test]
fn a_handler_binds_through_binder_hyper_alone() {
    let limits = Limits::default();
    let req = post("application/json", r#"{"email":"a@b","qty":2}"#);
    let (o, _req) = ready(binder_hyper::bind::<Order, _>(
        req,
        &[("team", "42")],
        &limits,
    ))
    .unwrap();
    assert_eq!(
        (o.team, o.trace.as_str(), o.email.as_str(), o.qty),
        (42, "r1", "a@b", 2)
    );

    let req = post("application/x-www-form-urlencoded", "email=a%40b&qty=0");
    let err = ready(binder_hyper::bind::<Order, _>(
        req,
        &[("team", "42")],
        &limits,
    ))
    .unwrap_err();
    assert_eq!(err.status(), 400);

    // `accept` leaves multipart out; the service's setting leaves forms out.
    let req = post("multipart/form-data; boundary=B", "--B--\r\n");
    let err = ready(binder_hyper::bind::<Order, _>(
        req,
        &[("team", "42")],
        &limits,
    ))
    .unwrap_err();
    assert_eq!(err.status(), 415);
    let mut json_only = Limits::default();
    json_only.formats = Formats::JSON;
    let req = post("application/x-www-form-urlencoded", "email=a%40b&qty=1");
    let err = ready(binder_hyper::bind::<Order, _>(
        req,
        &[("team", "42")],
        &json_only,
    ))
    .unwrap_err();
    assert_eq!(err.status(), 415);
}

#[derive(Bind, Debug)]
#[bind(body)]
struct Upload<'r> {
    title: &'r str,
    file: Option<FilePart<'r>>,
}

#[test]
fn a_borrowed_type_binds_from_read_parts_through_binder_hyper() {
    let body = "--B\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nQ3\r\n\
                --B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n\r\nhi\r\n--B--\r\n";
    let req = post("multipart/form-data; boundary=B", body);
    let (parts, bytes) = ready(binder_hyper::read_request(req, 1 << 20)).unwrap();
    let view = HttpRequest::from_parts(&parts, &bytes, &[]);
    let up = Upload::bind(&view).unwrap();
    assert_eq!((up.title, up.file.unwrap().data()), ("Q3", &b"hi"[..]));
    // The same parts with a body that has no title part.
    let up: Result<Upload<'_>, binder_hyper::Error> =
        binder_hyper::bind_parts(&parts, b"--B--\r\n", &[]);
    let err = up.unwrap_err();
    assert_eq!(err.to_string(), "body: title: a value is required");
    assert_eq!(err.status(), http::StatusCode::BAD_REQUEST);
}

/// `#[bind(context)]` through binder-hyper's one-call bind: the
/// `ContextValues` a layer put in the request's extensions.
#[test]
fn context_values_in_the_extensions_bind() {
    #[derive(Bind, Debug)]
    struct Mine {
        #[bind(context)]
        user: u64,
        #[bind(query)]
        page: u32,
    }
    let mut req = http::Request::get("/orders?page=2")
        .body(Full::new(Bytes::new()))
        .unwrap();
    let mut values = binder_hyper::ContextValues::new();
    values.insert("user", "42");
    req.extensions_mut().insert(values);
    let (mine, _) = ready(binder_hyper::bind::<Mine, _>(req, &[], &Limits::DEFAULT)).unwrap();
    assert_eq!((mine.user, mine.page), (42, 2));

    let bare = http::Request::get("/orders?page=2")
        .body(Full::new(Bytes::new()))
        .unwrap();
    let err = ready(binder_hyper::bind::<Mine, _>(bare, &[], &Limits::DEFAULT)).unwrap_err();
    assert_eq!(err.status(), 400);
}
