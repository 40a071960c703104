//! The body formats a type accepts (`#[bind(accept = "...")]`) and a
//! service accepts (`Limits::formats`): a body in any other answers 415
//! before a field is read.
#![allow(dead_code)]

use binder_http::{Bind, BindError, Formats, Limits};

/// A JSON API: a cross-site HTML form must not bind it.
#[derive(Bind, Debug)]
#[bind(accept = "json")]
struct Transfer {
    #[bind(query)]
    dry_run: bool,
    #[bind(body)]
    to: String,
    #[bind(body)]
    cents: u64,
}

/// An HTML form handler: urlencoded or multipart, not JSON.
#[derive(Bind, Debug)]
#[bind(accept = "form, multipart")]
struct Comment {
    #[bind(body)]
    text: String,
}

/// Every format, as before.
#[derive(Bind, Debug)]
struct Open {
    #[bind(body)]
    text: String,
}

/// No body fields: never looks at the body.
#[derive(Bind, Debug)]
struct QueryOnly {
    #[bind(query)]
    page: u32,
}

const MULTIPART: &[u8] =
    b"--B\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\nhi\r\n--B--\r\n";

fn post(content_type: &str, body: &[u8]) -> http::Request<Vec<u8>> {
    http::Request::post("/x?dry_run=maybe&page=2")
        .header("content-type", content_type)
        .body(body.to_vec())
        .unwrap()
}

fn form(body: &str) -> http::Request<Vec<u8>> {
    post("application/x-www-form-urlencoded", body.as_bytes())
}

fn multipart() -> http::Request<Vec<u8>> {
    post("multipart/form-data; boundary=B", MULTIPART)
}

fn json(body: &str) -> http::Request<Vec<u8>> {
    post("application/json", body.as_bytes())
}

fn bind_with<'r, T: Bind<'r>>(
    req: &'r http::Request<Vec<u8>>,
    limits: &Limits,
) -> Result<T, BindError> {
    T::bind_with(&binder_http::HttpRequest::from_request(req, &[]), limits)
}

fn bind<'r, T: Bind<'r>>(req: &'r http::Request<Vec<u8>>) -> Result<T, BindError> {
    bind_with(req, &Limits::DEFAULT)
}

#[test]
fn a_json_only_struct_answers_a_form_415_before_reading_a_field() {
    // The query's `dry_run=maybe` is invalid too: no field is read, so the
    // answer is the 415 alone.
    for req in [
        form("to=mallory&cents=100000"),
        multipart(),
        post("text/plain", b"to=mallory&cents=100000"),
    ] {
        let err = bind::<Transfer>(&req).unwrap_err();
        assert_eq!(err, BindError::UnsupportedMediaType, "{req:?}");
        assert_eq!(binder_http::Error::from(err.clone()).status(), 415);
    }
    // A multipart body with no valid boundary is a format it does not take
    // either: 415, not 400.
    let req = post("multipart/form-data", MULTIPART);
    assert_eq!(
        bind::<Transfer>(&req).unwrap_err(),
        BindError::UnsupportedMediaType
    );
    // JSON binds (the query's error is then the only one).
    let req = json(r#"{"to":"bob","cents":5}"#);
    assert_eq!(
        bind::<Transfer>(&req).unwrap_err().to_string(),
        "query: dry_run: expected true, false, 1, 0, on or off"
    );
}

#[test]
fn a_form_only_struct_answers_json_415() {
    let req = json(r#"{"text":"hi"}"#);
    assert_eq!(
        bind::<Comment>(&req).unwrap_err(),
        BindError::UnsupportedMediaType
    );
    assert_eq!(bind::<Comment>(&form("text=hi")).unwrap().text, "hi");
    assert_eq!(bind::<Comment>(&multipart()).unwrap().text, "hi");
}

#[test]
fn a_format_refused_wins_over_its_charset() {
    // Not JSON, whatever its charset: the format is what is refused.
    let req = post(
        "application/x-www-form-urlencoded; charset=windows-1252",
        b"to=x&cents=1",
    );
    assert_eq!(
        bind::<Transfer>(&req).unwrap_err(),
        BindError::UnsupportedMediaType
    );
    // Accepted format, other charset: the charset is.
    let req = post("application/json; charset=ISO-8859-1", br#"{"to":"x"}"#);
    assert_eq!(
        bind::<Transfer>(&req).unwrap_err(),
        BindError::UnsupportedCharset
    );
}

#[test]
fn the_limits_setting_refuses_a_form_for_an_unrestricted_struct() {
    let mut limits = Limits::DEFAULT;
    limits.formats = Formats::JSON;
    for req in [form("text=hi"), multipart()] {
        assert_eq!(
            bind_with::<Open>(&req, &limits).unwrap_err(),
            BindError::UnsupportedMediaType
        );
        // The default setting takes every format.
        assert_eq!(bind::<Open>(&req).unwrap().text, "hi");
    }
    assert_eq!(
        bind_with::<Open>(&json(r#"{"text":"hi"}"#), &limits)
            .unwrap()
            .text,
        "hi"
    );
    // A charset the service's formats do not include is the format's 415.
    let req = post("application/x-www-form-urlencoded; charset=latin1", b"x");
    assert_eq!(
        bind_with::<Open>(&req, &limits).unwrap_err(),
        BindError::UnsupportedMediaType
    );
    // A type without body fields never looks at the body.
    assert_eq!(
        bind_with::<QueryOnly>(&form("text=hi"), &limits)
            .unwrap()
            .page,
        2
    );
}

#[test]
fn the_effective_set_is_the_structs_and_the_settings_intersection() {
    let mut limits = Limits::DEFAULT;
    limits.formats = Formats::JSON | Formats::MULTIPART;
    // `Comment` takes form and multipart; the service json and multipart.
    assert_eq!(
        bind_with::<Comment>(&multipart(), &limits).unwrap().text,
        "hi"
    );
    for req in [form("text=hi"), json(r#"{"text":"hi"}"#)] {
        assert_eq!(
            bind_with::<Comment>(&req, &limits).unwrap_err(),
            BindError::UnsupportedMediaType
        );
    }
    // Nothing in common: every body is refused; an empty body is no body.
    limits.formats = Formats::JSON;
    assert_eq!(
        bind_with::<Comment>(&multipart(), &limits).unwrap_err(),
        BindError::UnsupportedMediaType
    );
    let empty = post("application/x-www-form-urlencoded", b"");
    assert_eq!(
        bind_with::<Comment>(&empty, &limits)
            .unwrap_err()
            .to_string(),
        "body: text: a value is required"
    );
}

#[test]
fn a_415_says_so_in_problem_json() {
    let req = form("to=x");
    let err = bind::<Transfer>(&req).unwrap_err();
    assert_eq!(
        binder_http::Error::from(err).problem_json(),
        r#"{"type":"about:blank","title":"Unsupported Media Type","status":415,"detail":"the body's Content-Type is not a format this endpoint accepts"}"#
    );
}

#[test]
fn formats_combine_as_a_set() {
    assert_eq!(
        Formats::ALL,
        Formats::JSON | Formats::FORM | Formats::MULTIPART | Formats::CUSTOM
    );
    assert_eq!(Limits::DEFAULT.formats, Formats::ALL);
    assert!(Formats::NONE.is_empty() && !Formats::JSON.is_empty());
    assert!(Formats::ALL.contains(Formats::FORM | Formats::JSON));
    assert!(!Formats::JSON.contains(Formats::FORM));
    assert_eq!(
        Formats::ALL.difference(Formats::FORM),
        Formats::JSON | Formats::MULTIPART | Formats::CUSTOM
    );
    assert_eq!(Formats::ALL & Formats::FORM, Formats::FORM);
    assert_eq!(
        format!("{:?}", Formats::JSON | Formats::MULTIPART),
        "Formats(json | multipart)"
    );
    assert_eq!(format!("{:?}", Formats::NONE), "Formats(none)");
    assert_eq!(
        format!("{:?}", Formats::ALL),
        "Formats(json | form | multipart | custom)"
    );
    // Const constructors: a setting can be a constant.
    const API: Formats = Formats::JSON.union(Formats::MULTIPART);
    assert!(API.contains(Formats::MULTIPART));
}

thread_local! {
    /// How many `Counted` values this thread converted.
    static READS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// A value that counts its conversions.
#[derive(Debug)]
struct Counted;

impl std::str::FromStr for Counted {
    type Err = std::convert::Infallible;

    fn from_str(_: &str) -> Result<Self, Self::Err> {
        READS.with(|r| r.set(r.get() + 1));
        Ok(Counted)
    }
}

#[derive(Bind, Debug)]
#[bind(accept = "json")]
struct Watched {
    #[bind(path, from_str)]
    team: Counted,
    #[bind(query, from_str)]
    page: Counted,
    #[bind(header = "x-trace", from_str)]
    trace: Counted,
    #[bind(body)]
    text: String,
}

#[test]
fn no_field_of_any_source_is_read_before_a_refused_format_or_charset() {
    let reads = || READS.with(std::cell::Cell::get);
    let req = |ct: &str, body: &[u8]| {
        http::Request::post("/x?page=2")
            .header("x-trace", "t")
            .header("content-type", ct)
            .body(body.to_vec())
            .unwrap()
    };
    let path = [("team", "7")];
    let bind = |req: &http::Request<Vec<u8>>, limits: &Limits| {
        let view = binder_http::HttpRequest::from_request(req, &path);
        Watched::bind_with(&view, limits).map(|_| ()).map_err(|e| {
            // Rendered here: the error borrows the request.
            e.to_string()
        })
    };
    let mut json_off = Limits::DEFAULT;
    json_off.formats = Formats::FORM;
    for (req, limits, want) in [
        (
            req("application/x-www-form-urlencoded", b"text=x"),
            Limits::DEFAULT,
            "the body's Content-Type is not a format this endpoint accepts",
        ),
        (
            req("application/json; charset=latin1", br#"{"text":"x"}"#),
            Limits::DEFAULT,
            "the body's Content-Type declares a charset other than UTF-8",
        ),
        (
            req("application/json", br#"{"text":"x"}"#),
            json_off,
            "the body's Content-Type is not a format this endpoint accepts",
        ),
    ] {
        assert_eq!(bind(&req, &limits).unwrap_err(), want);
        assert_eq!(reads(), 0, "no field was read for {want}");
    }
    // A malformed body of an accepted format is found when it is scanned,
    // last: the other sources may have been read, and the bind fails whole.
    let malformed = req("application/json", br#"{"text":"x""#);
    assert_eq!(
        bind(&malformed, &Limits::DEFAULT).unwrap_err(),
        "body: the JSON ends early at byte 11"
    );
    READS.with(|r| r.set(0));
    bind(
        &req("application/json", br#"{"text":"x"}"#),
        &Limits::DEFAULT,
    )
    .unwrap();
    assert_eq!(reads(), 3);
}
