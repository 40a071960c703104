//! Allocation budgets of whole binds, measured with a counting allocator.
#![allow(dead_code)]

use binder_http::request::{Body, Parts};
use binder_http::Bind;

mod common;

use binder_test_support::counting::{measure, Counting};
use binder_test_support::orders::{CreateOrder, CreateOrderRef};

#[global_allocator]
static ALLOC: Counting = Counting;

const MIXED_BODY: &[u8] = include_bytes!("../../../benches/workloads/mixed-body.json");
const COOKIE: &[u8] =
    b"theme=dark; session=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl; lang=en";

fn mixed<'a>(headers: &'a [(&'a str, &'static [u8])]) -> Parts<'a, 'static> {
    Parts {
        path: &[("team", "42")],
        query: Some("dry_run=true&limit=10"),
        headers,
        body: Body::Json(MIXED_BODY),
    }
}

const HEADERS: &[(&str, &[u8])] = &[
    ("host", b"api.example.org"),
    ("content-type", b"application/json"),
    ("x-request-id", b"7f3c2a9e-1b4d-4c8e-9f00-2a6b8d1e5c77"),
    ("cookie", COOKIE),
];

#[test]
fn the_borrowed_mixed_order_allocates_nothing() {
    let req = mixed(HEADERS);
    let (order, blocks, bytes) = measure(|| CreateOrderRef::bind(&req));
    let order = order.unwrap();
    assert_eq!(
        (order.qty, &*order.sku, &*order.email),
        (3, "SKU-1234", "ada@example.org")
    );
    assert_eq!((blocks, bytes), (0, 0));
}

#[test]
fn the_owned_mixed_order_allocates_only_its_strings() {
    let req = mixed(HEADERS);
    let (order, blocks, bytes) = measure(|| CreateOrder::bind(&req));
    let order = order.unwrap();
    let owned = [
        &order.trace,
        &order.session,
        &order.email,
        &order.sku,
        order.note.as_ref().unwrap(),
    ];
    // One allocation per owned `String`, each exactly its text.
    assert_eq!(blocks, owned.len());
    assert_eq!(bytes, owned.iter().map(|s| s.len()).sum::<usize>());
}

/// What the error list of a failed bind may hold: `max_errors` (100)
/// entries, each a few words, with the list's own doubling.
const ERROR_LIST_BUDGET: usize = 64 * 1024;

#[test]
fn a_million_invalid_elements_cost_a_bounded_error_list() {
    #[derive(Bind)]
    struct V {
        #[bind(body)]
        n: Vec<u32>,
    }
    let body = common::invalid_array(1_000_000);
    let req = Parts {
        body: Body::Json(&body),
        ..Parts::default()
    };
    let (result, _, bytes) = measure(|| V::bind(&req));
    let err = result.err().unwrap();
    let fields = err.fields().unwrap();
    assert_eq!((fields.as_slice().len(), fields.dropped()), (100, 999_900));
    assert!(
        bytes <= ERROR_LIST_BUDGET,
        "allocated {bytes} bytes for 100 errors"
    );
}

#[test]
fn a_clean_bind_allocates_nothing_for_bookkeeping_even_with_many_fields() {
    #[derive(Bind)]
    struct Wide<'r> {
        #[bind(query)]
        a: Option<u8>,
        #[bind(query)]
        b: Option<u8>,
        #[bind(query)]
        c: Option<&'r str>,
        #[bind(body)]
        d: Option<u8>,
        #[bind(body)]
        e: Option<bool>,
        #[bind(body)]
        f: Option<&'r str>,
        #[bind(cookie)]
        g: Option<&'r str>,
        #[bind(header)]
        h: Option<&'r str>,
    }
    let req = Parts {
        query: Some("a=1&b=&c=x"),
        headers: &[("cookie", b"g=1"), ("h", b"2")],
        body: Body::Json(br#"{"d":4,"e":true,"f":"y","other":[1,2,{"z":null}]}"#),
        ..Parts::default()
    };
    let (w, blocks, _) = measure(|| Wide::bind(&req));
    assert!(w.is_ok());
    assert_eq!(blocks, 0);
}
