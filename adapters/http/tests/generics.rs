//! Generic structs: type parameters (and the request's lifetime beside
//! them) carried by every generated impl, each field type that names a
//! parameter bound by what binding it needs.

use binder_http::request::{Body, Parts};
use binder_http::{Bind, BindError, OwnedBind};

#[derive(Bind, Debug, PartialEq)]
struct Page<T> {
    #[bind(body)]
    items: Vec<T>,
    #[bind(body)]
    total: u64,
}

#[derive(Bind, Debug, PartialEq)]
struct Item {
    #[bind(body)]
    sku: String,
    #[bind(body, default)]
    qty: u32,
}

/// A generic with the request's lifetime: the header borrows.
#[derive(Bind, Debug, PartialEq)]
struct Envelope<'r, T> {
    #[bind(body)]
    data: T,
    #[bind(header = "x-id")]
    id: &'r str,
}

/// A generic nested inside another struct, and a generic holding a
/// generic.
#[derive(Bind, Debug, PartialEq)]
struct Report {
    #[bind(query)]
    title: String,
    #[bind(query)]
    page: Page<u32>,
    #[bind(query)]
    wrapped: Option<Wrapper<Page<Item>>>,
}

#[derive(Bind, Debug, PartialEq)]
struct Wrapper<T> {
    #[bind(body)]
    inner: T,
}

/// Bounds and a where-clause of its own, a default type parameter, a
/// const parameter, and a parameter only in a skipped field.
#[derive(Bind, Debug, PartialEq)]
struct Fixed<T: Copy + Default, M = (), const N: usize = 2>
where
    T: PartialEq,
{
    #[bind(body)]
    point: [T; N],
    #[bind(body, default)]
    scale: T,
    #[bind(skip)]
    marker: Option<M>,
}

fn json(body: &[u8]) -> Parts<'_, '_> {
    Parts {
        body: Body::Json(body),
        ..Parts::default()
    }
}

fn form(body: &[u8]) -> Parts<'_, '_> {
    Parts {
        body: Body::Form(body),
        ..Parts::default()
    }
}

fn owned<T: OwnedBind>() {}

#[test]
fn one_generic_struct_binds_two_element_types_from_json() {
    let p = Page::<Item>::bind(&json(
        br#"{"items":[{"sku":"a","qty":2},{"sku":"b"}],"total":9}"#,
    ))
    .unwrap();
    assert_eq!(
        p,
        Page {
            items: vec![
                Item {
                    sku: "a".into(),
                    qty: 2
                },
                Item {
                    sku: "b".into(),
                    qty: 0
                }
            ],
            total: 9
        }
    );
    let p = Page::<u32>::bind(&json(br#"{"items":[1,2,3],"total":3}"#)).unwrap();
    assert_eq!((p.items, p.total), (vec![1, 2, 3], 3));

    // Each element type refuses in its own way, under the same path.
    let err = Page::<u32>::bind(&json(br#"{"items":[1,"x"],"total":1}"#)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: items[1]: expected an unsigned integer"
    );
    let err = Page::<Item>::bind(&json(br#"{"items":[{"qty":1}],"total":1}"#)).unwrap_err();
    assert_eq!(err.to_string(), "body: items[0].sku: a value is required");
}

#[test]
fn one_generic_struct_binds_two_element_types_from_forms() {
    let p = Page::<Item>::bind(&form(
        b"items[0][sku]=a&items[1][sku]=b&items[1][qty]=4&total=2",
    ))
    .unwrap();
    assert_eq!(
        p.items[1],
        Item {
            sku: "b".into(),
            qty: 4
        }
    );
    assert_eq!((p.items[0].sku.as_str(), p.total), ("a", 2));
    let p = Page::<u32>::bind(&form(b"items=5&items=6&total=2")).unwrap();
    assert_eq!(p.items, [5, 6]);
    let err = Page::<Item>::bind(&form(b"items[0][qty]=1&total=1")).unwrap_err();
    assert_eq!(err.to_string(), "body: items[0].sku: a value is required");
}

#[test]
fn generics_nest_in_other_structs_and_in_each_other() {
    let r = Report::bind(&Parts {
        query: Some(
            "title=t&page[items][]=1&page[items][]=2&page[total]=2\
             &wrapped[inner][items][0][sku]=z&wrapped[inner][total]=1",
        ),
        ..Parts::default()
    })
    .unwrap();
    assert_eq!(
        r.page,
        Page {
            items: vec![1, 2],
            total: 2
        }
    );
    let inner = r.wrapped.unwrap().inner;
    assert_eq!((inner.items[0].sku.as_str(), inner.total), ("z", 1));

    let err = Report::bind(&Parts {
        query: Some("title=t&page[items][]=x"),
        ..Parts::default()
    })
    .unwrap_err();
    let BindError::Fields(errors) = err else {
        panic!("field errors")
    };
    let shown: Vec<String> = errors.as_slice().iter().map(ToString::to_string).collect();
    assert_eq!(
        shown,
        [
            "query: page.items[0]: expected an unsigned integer",
            "query: page.total: a value is required"
        ]
    );
}

#[test]
fn a_generic_with_the_requests_lifetime_borrows() {
    let headers = [("x-id", &b"req-7"[..])];
    let req = Parts {
        headers: &headers,
        body: Body::Json(br#"{"data":[1,2]}"#),
        ..Parts::default()
    };
    let e = Envelope::<Vec<u8>>::bind(&req).unwrap();
    assert_eq!((e.data, e.id), (vec![1, 2], "req-7"));
    let e = Envelope::<Option<Item>>::bind(&Parts {
        headers: &headers,
        body: Body::Json(br#"{"data":{"sku":"s"}}"#),
        ..Parts::default()
    })
    .unwrap();
    assert_eq!(e.data.unwrap().sku, "s");
}

#[test]
fn const_parameters_defaults_and_the_structs_own_bounds_are_kept() {
    let f = Fixed::<i8>::bind(&json(br#"{"point":[-1,2],"scale":3}"#)).unwrap();
    assert_eq!((f.point, f.scale, f.marker), ([-1, 2], 3, None));
    let f = Fixed::<u8, String, 3>::bind(&json(br#"{"point":[1,2,3]}"#)).unwrap();
    assert_eq!((f.point, f.scale), ([1, 2, 3], 0));
    let err = Fixed::<u8, String, 3>::bind(&json(br#"{"point":[1,2]}"#)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: point: expected an array of 3 values"
    );
}

#[test]
fn a_generic_without_a_lifetime_owns_what_it_holds() {
    owned::<Page<Item>>();
    owned::<Page<String>>();
    owned::<Fixed<u8>>();
    owned::<Report>();
}

/// A generic struct that holds itself: its own type is bound through its
/// impl, not by a bound of its own.
#[derive(Bind, Debug, PartialEq)]
struct Tree<T> {
    #[bind(body)]
    value: T,
    #[bind(body, default)]
    children: Vec<Tree<T>>,
    #[bind(body)]
    first: Option<Box<Tree<T>>>,
}

#[test]
fn a_generic_struct_may_hold_itself() {
    let t = Tree::<u8>::bind(&json(
        br#"{"value":1,"children":[{"value":2,"children":[{"value":3}]}],"first":{"value":4}}"#,
    ))
    .unwrap();
    assert_eq!(t.children[0].children[0].value, 3);
    assert_eq!(t.first.unwrap().value, 4);
    let err = Tree::<u8>::bind(&json(br#"{"value":1,"children":[{"value":300}]}"#)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: children[0].value: out of range for the field's type"
    );
    let t = Tree::<String>::bind(&form(b"value=a&children[0][value]=b")).unwrap();
    assert_eq!(t.children[0].value, "b");
}
