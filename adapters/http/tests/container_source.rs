//! A source on the struct (`#[bind(query)]`, `#[bind(body)]`, ...) for every
//! field that names none; fields with their own keep it, `skip` and
//! `raw_body` fields are untouched, and nested structs bind with theirs.
#![allow(dead_code)]

use binder_http::request::{Body, Parts};
use binder_http::Bind;
use std::borrow::Cow;

#[derive(Bind, Debug)]
#[bind(query)]
struct Search<'r> {
    q: Cow<'r, str>,
    page: u32,
    tag: Vec<&'r str>,
    #[bind(query = "per_page", default = 20)]
    per: u32,
    #[bind(header = "X-Trace")]
    trace: Option<&'r str>,
    #[bind(skip)]
    computed: u8,
}

#[test]
fn fields_without_a_source_take_the_structs() {
    let req = Parts {
        query: Some("q=rust+lang&page=2&tag=a&tag=b"),
        headers: &[("x-trace", b"t1")],
        ..Parts::default()
    };
    let s = Search::bind(&req).unwrap();
    assert_eq!(
        (s.q.as_ref(), s.page, s.tag),
        ("rust lang", 2, vec!["a", "b"])
    );
    assert_eq!((s.per, s.trace, s.computed), (20, Some("t1"), 0));
    // Errors name the struct's source, as a field's own would.
    let err = Search::bind(&Parts {
        query: Some("page=x"),
        ..Parts::default()
    })
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "query: q: a value is required\nquery: page: expected an unsigned integer"
    );
}

#[derive(Bind, Debug)]
#[bind(header)]
struct Client<'r> {
    user_agent: &'r str,
    x_request_id: u64,
    #[bind(header = "Accept-Language")]
    lang: Option<&'r str>,
    #[bind(cookie)]
    session: &'r str,
}

#[test]
fn a_struct_header_source_names_headers_as_a_fields_would() {
    let req = Parts {
        headers: &[
            ("User-Agent", b"curl/8"),
            ("X-Request-ID", b"42"),
            ("Cookie", b"session=s1"),
        ],
        ..Parts::default()
    };
    let c = Client::bind(&req).unwrap();
    assert_eq!(
        (c.user_agent, c.x_request_id, c.lang, c.session),
        ("curl/8", 42, None, "s1")
    );
}

#[derive(Bind, Debug)]
#[bind(body, rename_all = "camelCase")]
struct Hook<'r> {
    event_type: &'r str,
    #[bind(query)]
    retry: Option<u8>,
    #[bind(raw_body)]
    raw: &'r [u8],
}

#[test]
fn raw_body_and_own_sources_are_untouched_and_rename_all_applies() {
    let body = br#"{"eventType":"push"}"#;
    let req = Parts {
        query: Some("retry=1"),
        body: Body::Json(body),
        ..Parts::default()
    };
    let h = Hook::bind(&req).unwrap();
    assert_eq!((h.event_type, h.retry, h.raw), ("push", Some(1), &body[..]));
}

/// A nested struct with a struct-level source: binds as a JSON object's
/// members, and from `items[0][sku]` form and multipart names.
#[derive(Bind, Debug, PartialEq)]
#[bind(body)]
struct Item {
    sku: String,
    qty: u32,
    #[bind(body, default)]
    gift: bool,
}

#[derive(Bind, Debug)]
#[bind(body)]
struct Cart {
    items: Vec<Item>,
    shipping: Option<Address>,
    #[bind(query)]
    dry_run: bool,
}

#[derive(Bind, Debug, PartialEq)]
#[bind(body)]
struct Address {
    city: String,
}

fn item(sku: &str, qty: u32) -> Item {
    Item {
        sku: sku.into(),
        qty,
        gift: false,
    }
}

#[test]
fn nested_structs_with_a_struct_source_bind_from_json_forms_and_multipart() {
    let json = br#"{"items":[{"sku":"a","qty":1},{"sku":"b","qty":2,"gift":true}],"shipping":{"city":"Cork"}}"#;
    let c = Cart::bind(&Parts {
        query: Some("dry_run=true"),
        body: Body::Json(json),
        ..Parts::default()
    })
    .unwrap();
    assert_eq!(c.items[0], item("a", 1));
    assert!(c.items[1].gift && c.dry_run);
    assert_eq!(c.shipping.unwrap().city, "Cork");

    let form = b"items[0][sku]=a&items[0][qty]=1&shipping.city=Cork";
    let c = Cart::bind(&Parts {
        query: Some("dry_run=false"),
        body: Body::Form(form),
        ..Parts::default()
    })
    .unwrap();
    assert_eq!(c.items, [item("a", 1)]);
    assert_eq!(c.shipping.unwrap().city, "Cork");

    let multipart = b"--B\r\nContent-Disposition: form-data; name=\"items[0][sku]\"\r\n\r\nm\r\n\
                      --B\r\nContent-Disposition: form-data; name=\"items[0].qty\"\r\n\r\n4\r\n--B--\r\n";
    let c = Cart::bind(&Parts {
        query: Some("dry_run=1"),
        body: Body::classify(Some(b"multipart/form-data; boundary=B"), multipart),
        ..Parts::default()
    })
    .unwrap();
    assert_eq!(c.items, [item("m", 4)]);

    // A nested member's errors name its path.
    let bad = br#"{"items":[{"sku":"a","qty":1},{"sku":"b","qty":-2}],"shipping":{}}"#;
    let err = Cart::bind(&Parts {
        query: Some("dry_run=true"),
        body: Body::Json(bad),
        ..Parts::default()
    })
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: items[1].qty: expected an unsigned integer\nbody: shipping.city: a value is required"
    );
}

#[derive(Bind, Debug)]
#[bind(body)]
struct Once {
    name: String,
    age: u32,
    nick: Option<String>,
}

/// `name[]` names the value itself, and the first value wins whichever
/// spelling came first: a parser that let a later one win would read a
/// request differently from one that keeps the first.
#[test]
fn the_first_value_wins_whether_sent_plain_or_with_empty_brackets() {
    let bind = |body: &'static [u8]| {
        Once::bind(&Parts {
            body: Body::Form(body),
            ..Parts::default()
        })
    };
    let o = bind(b"name=a&name[]=b&age=36&age[]=x&nick[]=n1&nick=n2&nick[]=n3").unwrap();
    assert_eq!(
        (o.name.as_str(), o.age, o.nick.as_deref()),
        ("a", 36, Some("n1"))
    );
    let o = bind(b"name[]=b&name=a&age[]=7&age=x").unwrap();
    assert_eq!((o.name.as_str(), o.age), ("b", 7));
}
