//! Nested structs and lists of them from form, query and multipart keys:
//! `address[city]`, `address.city`, `items[0][sku]`, `items[0].sku`.
#![allow(dead_code)]

use binder_http::request::{Body, Parts};
use binder_http::Bind;

#[derive(Bind, Debug, PartialEq)]
struct Address {
    #[bind(body)]
    city: String,
    #[bind(body, default)]
    zip: String,
}

#[derive(Bind, Debug, PartialEq)]
struct Item {
    #[bind(body)]
    sku: String,
    #[bind(body)]
    qty: u32,
}

#[derive(Bind, Debug)]
struct Order {
    #[bind(body)]
    address: Address,
    #[bind(body)]
    billing: Option<Address>,
    #[bind(body)]
    items: Vec<Item>,
    #[bind(body)]
    note: Option<String>,
}

fn form(body: &[u8]) -> Parts<'_, '_> {
    Parts {
        body: Body::Form(body),
        ..Parts::default()
    }
}

#[test]
fn brackets_and_dots_build_nested_structs_and_lists() {
    let body = b"address[city]=Dublin&address.zip=D01&items[1][sku]=b&items[0].sku=a&items[0][qty]=1&items[1].qty=2&note=hi";
    let o = Order::bind(&form(body)).unwrap();
    assert_eq!(
        o.address,
        Address {
            city: "Dublin".into(),
            zip: "D01".into()
        }
    );
    assert_eq!(o.billing, None);
    assert_eq!(
        o.items,
        [
            Item {
                sku: "a".into(),
                qty: 1
            },
            Item {
                sku: "b".into(),
                qty: 2
            }
        ]
    );
    assert_eq!(o.note.as_deref(), Some("hi"));
}

#[test]
fn nested_failures_and_missing_members_name_their_path() {
    let body = b"address[zip]=1&billing[city]=X&items[0][sku]=a&items[0][qty]=x&items[7][qty]=3&address[unknown]=1";
    let err = Order::bind(&form(body)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: address.city: a value is required\n\
         body: items[0].qty: expected an unsigned integer\n\
         body: items[7].sku: a value is required"
    );
}

#[test]
fn unknown_members_and_bad_paths_name_nothing() {
    let body = b"address[city]=C&address[a][b]=1&address[=1&items[x][sku]=q&items[]=w";
    let err = Order::bind(&form(body)).unwrap_err();
    // `items[]=w` offers a whole value to a list of structs: refused.
    assert_eq!(err.to_string(), "body: items[0]: expected an object");
}

#[test]
fn queries_and_multipart_names_nest_the_same_way() {
    #[derive(Bind, Debug)]
    struct Paging {
        #[bind(query)]
        size: u32,
        #[bind(query, default)]
        page: u32,
    }
    #[derive(Bind, Debug)]
    struct Q {
        #[bind(query)]
        paging: Paging,
    }
    let q = Q::bind(&Parts {
        query: Some("paging[size]=20&paging.page=3"),
        ..Parts::default()
    })
    .unwrap();
    assert_eq!((q.paging.size, q.paging.page), (20, 3));

    let body = b"--B\r\nContent-Disposition: form-data; name=\"items[0][sku]\"\r\n\r\nm1\r\n--B\r\nContent-Disposition: form-data; name=\"items[0][qty]\"\r\n\r\n4\r\n--B\r\nContent-Disposition: form-data; name=\"address.city\"\r\n\r\nCork\r\n--B--\r\n";
    let req = Parts {
        body: Body::classify(Some(b"multipart/form-data; boundary=B"), body),
        ..Parts::default()
    };
    let o = Order::bind(&req).unwrap();
    assert_eq!(
        (
            o.items[0].sku.as_str(),
            o.items[0].qty,
            o.address.city.as_str()
        ),
        ("m1", 4, "Cork")
    );
}

#[test]
fn a_hidden_huge_index_costs_one_element() {
    let body =
        b"address[city]=C&items[18446744073709551615][sku]=a&items[18446744073709551615][qty]=1";
    let o = Order::bind(&form(body)).unwrap();
    assert_eq!(o.items.len(), 1);
}

/// A nested struct binds every bound field as a member, from JSON as from
/// keys: a field it declares from another source (`page` from the query,
/// when the struct is bound alone) is a member like any other once nested.
#[test]
fn a_nested_struct_binds_every_field_as_a_member_in_every_format() {
    #[derive(Bind, Debug, PartialEq)]
    struct Inner {
        #[bind(body)]
        name: String,
        #[bind(query, default)]
        page: u32,
    }
    #[derive(Bind, Debug)]
    struct Outer {
        #[bind(body)]
        inner: Inner,
    }
    let from_form = Outer::bind(&form(b"inner[name]=a&inner[page]=7")).unwrap();
    let from_json = Outer::bind(&Parts {
        body: Body::Json(br#"{"inner":{"name":"a","page":7}}"#),
        ..Parts::default()
    })
    .unwrap();
    assert_eq!(
        from_json.inner,
        Inner {
            name: "a".into(),
            page: 7
        }
    );
    assert_eq!(from_form.inner, from_json.inner);
    // Bound alone, the struct takes `page` from the query, not the body.
    let alone = Inner::bind(&Parts {
        query: Some("page=2"),
        body: Body::Json(br#"{"name":"b","page":9}"#),
        ..Parts::default()
    })
    .unwrap();
    assert_eq!(
        alone,
        Inner {
            name: "b".into(),
            page: 2
        }
    );
}
