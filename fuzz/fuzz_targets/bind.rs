//! Arbitrary requests (method, path parameters, query, headers, cookies,
//! content type, body) bound through binder-http into representative
//! derived structs: never a panic, a bounded error list, a bounded memory
//! budget per bind, and binding the same request twice gives the same
//! result. A body of the service's own format (`text/x-pairs`, `key=value`
//! lines, through `WithFormat`) reaches a struct that accepts `custom`,
//! with context values (`WithContext`) beside it. `Shapes` binds every
//! field type beyond the scalars (enums, enums with data, PATCH, tuples,
//! raw JSON, serde); `Lists` nested lists and maps of lists, bound
//! strictly; `Flat` flattened structs; `Whole` a whole-body array. The
//! body also binds as JSON into `Everything`, `Strict` and `Lists` as it
//! does with a space after each `{` and `,` (members expected in
//! declaration order, compactly written, against the general walk).
#![no_main]

use arbitrary::Arbitrary;
use binder_http::convert::{Raw, Ref};
use binder_http::request::Request;
use binder_http::{
    Bind, BindError, ErrorKind, FilePart, HttpRequest, Limits, TextFormat, WithContext, WithFormat,
};
use binder_test_support::counting::{measure, Counting};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// Counts what the fuzzing thread allocates (libFuzzer runs the target on
/// one thread).
#[global_allocator]
static ALLOC: Counting = Counting;

/// What one bind may allocate: the owned values it returns are at most the
/// request's bytes decoded (each list's doubling at most twice that), and
/// the error list is bounded by `max_errors`, whatever the request.
fn budget(request_bytes: usize) -> usize {
    64 * 1024 + 8 * request_bytes
}

#[derive(Debug, Arbitrary)]
struct Input {
    path: Vec<(String, String)>,
    query: Vec<u8>,
    headers: Vec<(u8, Vec<u8>)>,
    content_type: u8,
    boundary_ok: bool,
    body: Vec<u8>,
    small_limits: bool,
}

#[derive(Bind, Debug, PartialEq)]
struct Item<'r> {
    #[bind(body)]
    sku: Cow<'r, str>,
    #[bind(body, default)]
    qty: u32,
    #[bind(body)]
    price: Option<f64>,
}

#[derive(Bind, Debug, PartialEq)]
struct Everything<'r> {
    #[bind(path)]
    team: Option<u32>,
    #[bind(path = "name")]
    name: Option<Cow<'r, str>>,
    #[bind(query)]
    page: Option<u16>,
    #[bind(query)]
    tags: Vec<&'r str>,
    #[bind(query)]
    filter: BTreeMap<String, i64>,
    #[bind(header = "x-id")]
    id: Option<&'r str>,
    #[bind(cookie)]
    session: Option<Cow<'r, str>>,
    #[bind(body)]
    email: Option<String>,
    #[bind(body)]
    items: Vec<Item<'r>>,
    #[bind(body)]
    file: Option<FilePart<'r>>,
    #[bind(body)]
    flag: Option<bool>,
}

#[derive(Bind, Debug, PartialEq)]
struct Strict<'r> {
    #[bind(query, required)]
    q: &'r str,
    #[bind(body, required)]
    email: Cow<'r, str>,
    #[bind(body)]
    n: i8,
    #[bind(cookie)]
    c: char,
}

#[derive(binder_http::FromText, Debug, PartialEq)]
#[bind(rename_all = "snake_case")]
enum Status {
    Active,
    OnHold,
    #[bind(rename = "gone", alias = "deleted")]
    Archived,
}

#[derive(binder_http::FromText, Debug, PartialEq)]
struct Nick<'r>(Cow<'r, str>);

#[derive(serde::Deserialize, Debug, PartialEq)]
struct Line<'a> {
    sku: &'a str,
    qty: Option<u32>,
    tags: Vec<String>,
}

/// An enum with data, externally tagged (the default): every variant kind.
#[derive(Bind, Debug, PartialEq)]
#[bind(rename_all = "lowercase")]
enum Shape<'r> {
    Unit,
    #[bind(alias = "sq")]
    Square(f64),
    Point(i32, i32),
    Circle {
        r: f64,
        #[bind(rename = "l")]
        label: Option<Cow<'r, str>>,
    },
    Items(Vec<Item<'r>>),
}

/// Internally tagged (the tag anywhere in the object: read twice when it
/// is not first), holding itself.
#[derive(Bind, Debug, PartialEq)]
#[bind(tag = "t", deny_unknown_fields)]
enum Tagged<'r> {
    A,
    B {
        x: u8,
        next: Option<Box<Tagged<'r>>>,
    },
    C(Item<'r>),
}

/// Adjacently tagged.
#[derive(Bind, Debug, PartialEq)]
#[bind(tag = "t", content = "c")]
enum Adjacent {
    A,
    B(u8),
    C(i8, i8),
    D { y: Vec<u8> },
}

/// The field types beyond the scalars: enums and newtypes through the
/// `FromText` derive, PATCH fields, tuples and arrays, raw JSON, serde
/// types, and the types parsed by their own crates; every key no field
/// takes refused (`deny_unknown_fields`).
#[derive(Bind, Debug, PartialEq)]
#[bind(deny_unknown_fields)]
struct Shapes<'r> {
    #[bind(query)]
    status: Vec<Status>,
    #[bind(query)]
    nick: Option<Nick<'r>>,
    #[bind(query)]
    ip: Option<std::net::IpAddr>,
    #[bind(header = "x-id")]
    id: Option<uuid::Uuid>,
    #[bind(cookie)]
    since: Option<time::Date>,
    #[bind(body)]
    at: Option<time::OffsetDateTime>,
    #[bind(body)]
    when: Option<chrono::DateTime<chrono::Utc>>,
    #[bind(body)]
    amount: Vec<rust_decimal::Decimal>,
    #[bind(body)]
    patch: Option<Option<u8>>,
    #[bind(body)]
    point: Option<(f64, f64)>,
    #[bind(body)]
    ring: Vec<[i16; 2]>,
    #[bind(body)]
    unit: Option<()>,
    #[bind(body)]
    raw: Option<binder_http::RawJson<'r>>,
    #[bind(body, serde)]
    lines: Option<Vec<Line<'r>>>,
    #[bind(body, serde)]
    any: Option<serde_json::Value>,
    #[bind(body)]
    shape: Option<Shape<'r>>,
    #[bind(body)]
    tagged: Vec<Tagged<'r>>,
    #[bind(body)]
    adj: Option<Adjacent>,
}

/// Lists of lists, maps of lists and `Option<Vec<T>>`, read strictly
/// (`#[bind(strict)]`: JSON scalars only into types of their kind).
#[derive(Bind, Debug, PartialEq)]
#[bind(strict)]
struct Lists<'r> {
    #[bind(body)]
    rings: Vec<Vec<(f32, f32)>>,
    #[bind(body)]
    grid: Option<Vec<Vec<Vec<u8>>>>,
    #[bind(body)]
    topics: BTreeMap<u32, Vec<u32>>,
    #[bind(body)]
    names: Option<Vec<Cow<'r, str>>>,
    #[bind(query)]
    rows: Vec<Vec<i64>>,
    #[bind(body)]
    flags: Vec<bool>,
    #[bind(body)]
    level: Option<Status>,
}

/// A struct shared by flattening: its members read as the parent's own
/// keys in every source the parent reads it from.
#[derive(Bind, Debug, PartialEq)]
struct Paging {
    #[bind(query, default)]
    page: u32,
    #[bind(query)]
    per_page: Option<u8>,
    #[bind(query)]
    sort: Vec<Status>,
}

/// `flatten` from the query and the body (form, multipart, JSON read
/// again), beside fields of the parent's own.
#[derive(Bind, Debug, PartialEq)]
#[bind(strict)]
struct Flat<'r> {
    #[bind(query)]
    q: Option<Cow<'r, str>>,
    #[bind(query, flatten)]
    paging: Paging,
    #[bind(body, flatten)]
    body_paging: Paging,
    #[bind(body)]
    note: Option<String>,
}

/// The whole JSON body as one field (a top-level array).
#[derive(Bind, Debug, PartialEq)]
struct Whole<'r> {
    #[bind(whole_body)]
    items: Vec<Item<'r>>,
    #[bind(query)]
    dry_run: Option<bool>,
}

/// A body format of the service's own: `key=value` lines, values
/// percent-decoded as a form's, under the pair and key limits.
struct Pairs;

impl TextFormat for Pairs {
    fn reads(&self, content_type: Option<&[u8]>) -> bool {
        content_type == Some(b"text/x-pairs")
    }

    fn walk<'r, F>(
        &self,
        body: &'r [u8],
        limits: &Limits,
        mut f: F,
    ) -> Result<(), binder_http::field::Error>
    where
        F: FnMut(Ref<'r, '_, [u8]>, Raw<'r>),
    {
        let mut at = 0;
        for (n, line) in body.split(|&b| b == b'\n').enumerate() {
            let fail = |kind| Err(binder_http::field::Error::new(kind, at));
            if n == limits.max_pairs {
                return fail(ErrorKind::TooManyPairs);
            }
            let Some(eq) = line.iter().position(|&b| b == b'=') else {
                return fail(ErrorKind::BodySyntax);
            };
            if eq > limits.max_key_len {
                return fail(ErrorKind::KeyTooLong);
            }
            f(Ref::Borrowed(&line[..eq]), Raw::form(&line[eq + 1..]));
            at += line.len() + 1;
        }
        Ok(())
    }
}

#[derive(Bind, Debug, PartialEq)]
#[bind(accept = "json, custom")]
struct Custom<'r> {
    #[bind(context)]
    user: Option<u64>,
    #[bind(context = "name")]
    roles: Vec<&'r str>,
    #[bind(query)]
    page: Option<u16>,
    #[bind(body)]
    email: Option<Cow<'r, str>>,
    #[bind(body)]
    items: Vec<Item<'r>>,
    #[bind(body)]
    tags: BTreeMap<String, &'r str>,
    #[bind(body, required)]
    n: i8,
}

const HEADER_NAMES: [&str; 6] = [
    "x-id",
    "cookie",
    "cookie",
    "accept",
    "x-other",
    "content-length",
];
const CONTENT_TYPES: [&str; 8] = [
    "application/json",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=B",
    "multipart/form-data",
    "text/plain",
    "application/vnd.api+json; charset=utf-8",
    "text/x-pairs",
    "",
];

fn check<'r, T: Bind<'r> + PartialEq + std::fmt::Debug>(
    req: &impl Request<'r>,
    limits: &Limits,
    request_bytes: usize,
) {
    let (first, _, spent) = measure(|| T::bind_with(req, limits));
    assert!(
        spent <= budget(request_bytes),
        "{spent} bytes for a {request_bytes} byte request"
    );
    let second = T::bind_with(req, limits);
    assert_eq!(first, second, "binding twice differs");
    if let Err(BindError::Fields(errors)) = &first {
        assert!(errors.as_slice().len() <= limits.max_errors);
        // Rendering never panics, and every error names a field.
        for e in errors.as_slice() {
            assert!(!e.path().to_string().is_empty());
        }
        let _ = first.as_ref().unwrap_err().to_string();
        let _ = binder_http::Error::from(first.as_ref().unwrap_err().clone()).problem_json();
    }
}

/// `T` binds `body` as JSON as it binds `json_spaced(body)`: members taken
/// in declaration order by word compares find what the general walk finds.
/// Offsets of syntax errors differ (the spaces), so only their kind is
/// compared.
fn same_spaced<'r, T: Bind<'r> + PartialEq + std::fmt::Debug>(
    body: &'r [u8],
    spaced: &'r [u8],
    limits: &Limits,
) {
    use binder_http::request::{Body, Parts};
    let compact = T::bind_with(
        &Parts {
            body: Body::Json(body),
            ..Parts::default()
        },
        limits,
    );
    let general = T::bind_with(
        &Parts {
            body: Body::Json(spaced),
            ..Parts::default()
        },
        limits,
    );
    match (&compact, &general) {
        (Ok(a), Ok(b)) => assert_eq!(a, b),
        (
            Err(BindError::Malformed { source, error }),
            Err(BindError::Malformed {
                source: s,
                error: e,
            }),
        ) => assert_eq!((source, error.kind()), (s, e.kind())),
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
        _ => panic!("compact {compact:?}, spaced {general:?}"),
    }
}

libfuzzer_sys::fuzz_target!(|input: Input| {
    let mut builder = http::Request::post("/");
    let query = String::from_utf8_lossy(&input.query).into_owned();
    // Only what a URI can hold: http::Uri refuses the rest, as a server would.
    let uri_ok: String = query
        .chars()
        .filter(|c| c.is_ascii_graphic() && *c != '#')
        .collect();
    builder = builder.uri(format!("/?{uri_ok}"));
    let ct = CONTENT_TYPES[usize::from(input.content_type) % CONTENT_TYPES.len()];
    if !ct.is_empty() {
        let ct = if input.boundary_ok {
            ct.to_owned()
        } else {
            ct.replace("=B", "=")
        };
        builder = builder.header("content-type", ct);
    }
    for (name, value) in input.headers.iter().take(8) {
        let name = HEADER_NAMES[usize::from(*name) % HEADER_NAMES.len()];
        if let Ok(v) = http::HeaderValue::from_bytes(value) {
            builder = builder.header(name, v);
        }
    }
    let Ok(req) = builder.body(input.body.clone()) else {
        return;
    };
    let path: Vec<(&str, &str)> = input
        .path
        .iter()
        .take(4)
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let view = HttpRequest::from_request(&req, &path);
    let mut limits = Limits::default();
    if input.small_limits {
        limits.max_pairs = 3;
        limits.max_cookies = 2;
        limits.max_json_depth = 4;
        limits.max_parts = 2;
        limits.max_errors = 2;
        limits.max_key_len = 8;
    }
    let request_bytes = input.body.len()
        + req.uri().to_string().len()
        + req
            .headers()
            .iter()
            .map(|(n, v)| n.as_str().len() + v.len())
            .sum::<usize>()
        + input
            .path
            .iter()
            .map(|(k, v)| k.len() + v.len())
            .sum::<usize>();
    check::<Everything>(&view, &limits, request_bytes);
    check::<Strict>(&view, &limits, request_bytes);
    check::<Shapes>(&view, &limits, request_bytes);
    check::<Lists>(&view, &limits, request_bytes);
    check::<Flat>(&view, &limits, request_bytes);
    check::<Whole>(&view, &limits, request_bytes);
    // The path's pairs again, as context values (names and values alike
    // arbitrary).
    let custom = WithContext::new(WithFormat::new(view, Pairs), &path[..]);
    check::<Custom>(&custom, &limits, request_bytes);
    let spaced = binder_test_support::generate::json_spaced(&input.body);
    same_spaced::<Everything>(&input.body, &spaced, &limits);
    same_spaced::<Strict>(&input.body, &spaced, &limits);
    same_spaced::<Lists>(&input.body, &spaced, &limits);
});
