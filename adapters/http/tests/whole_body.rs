//! `#[bind(whole_body)]`: the whole JSON body, of any shape (an array, a
//! scalar, an object), as one field's value; any other body refused.

use binder_http::request::{Body, Parts};
use binder_http::{Bind, BindError, Limits};

#[derive(Bind, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
struct NewItem {
    sku: String,
    #[bind(default = 1)]
    qty: u32,
}

#[derive(Bind, Debug, PartialEq)]
struct CreateMany {
    #[bind(whole_body)]
    items: Vec<NewItem>,
    #[bind(query)]
    dry_run: Option<bool>,
}

#[derive(Bind, Debug, PartialEq)]
struct Shapes<'r> {
    #[bind(whole_body)]
    pair: (&'r str, u32),
    #[bind(raw_body)]
    raw: &'r [u8],
}

#[derive(Bind, Debug, PartialEq)]
struct Count {
    #[bind(whole_body)]
    n: u64,
}

#[derive(Bind, Debug, PartialEq)]
struct MaybeOne {
    #[bind(whole_body)]
    item: Option<NewItem>,
}

fn json(body: &[u8]) -> Parts<'_, '_> {
    Parts {
        body: Body::Json(body),
        ..Parts::default()
    }
}

fn shown(err: BindError) -> Vec<String> {
    let BindError::Fields(errors) = err else {
        panic!("field errors, not {err:?}")
    };
    errors.as_slice().iter().map(ToString::to_string).collect()
}

#[test]
fn a_top_level_array_is_the_fields_value() {
    let c = CreateMany::bind(&Parts {
        query: Some("dry_run=true"),
        body: Body::Json(br#"[{"sku":"a","qty":3},{"sku":"b"}]"#),
        ..Parts::default()
    })
    .unwrap();
    assert_eq!(
        c,
        CreateMany {
            items: vec![
                NewItem {
                    sku: "a".into(),
                    qty: 3
                },
                NewItem {
                    sku: "b".into(),
                    qty: 1
                }
            ],
            dry_run: Some(true),
        }
    );
    // An empty array, `null` and no body at all: no items.
    for body in [Body::Json(b"[]"), Body::Json(b"null"), Body::None] {
        let c = CreateMany::bind(&Parts {
            body,
            ..Parts::default()
        })
        .unwrap();
        assert!(c.items.is_empty());
    }
}

#[test]
fn elements_fail_under_the_fields_name() {
    let err = CreateMany::bind(&json(
        br#"[{"sku":"a"},{"qty":2},{"sku":"c","qty":-1},{"sku":"d","extra":1}]"#,
    ))
    .unwrap_err();
    assert_eq!(
        shown(err),
        [
            "body: items[1].sku: a value is required",
            "body: items[2].qty: expected an unsigned integer",
            "body: items[3].extra: not a field this request takes",
        ]
    );
    // A lone object is the list's one element, as for any `Vec` field.
    let one = CreateMany::bind(&json(br#"{"sku":"a"}"#)).unwrap();
    assert_eq!(one.items.len(), 1);
    let err = CreateMany::bind(&json(br#"{"qty":"a"}"#)).unwrap_err();
    assert_eq!(
        shown(err),
        [
            "body: items.qty: expected an unsigned integer",
            "body: items.sku: a value is required"
        ]
    );
}

#[test]
fn any_shape_binds_whole() {
    let s = Shapes::bind(&json(br#"["tea", 7]"#)).unwrap();
    assert_eq!((s.pair, s.raw), (("tea", 7), &br#"["tea", 7]"#[..]));
    let err = Shapes::bind(&json(br#"["tea"]"#)).unwrap_err();
    assert_eq!(shown(err), ["body: pair: expected an array of 2 values"]);

    assert_eq!(Count::bind(&json(b" 42 ")).unwrap().n, 42);
    let err = Count::bind(&json(b"\"x\"")).unwrap_err();
    assert_eq!(shown(err), ["body: n: expected an unsigned integer"]);
    let err = Count::bind(&Parts::default()).unwrap_err();
    assert_eq!(shown(err), ["body: n: a value is required"]);

    let one = MaybeOne::bind(&json(br#"{"sku":"s"}"#)).unwrap();
    assert_eq!(one.item.unwrap().sku, "s");
    assert_eq!(MaybeOne::bind(&json(b"null")).unwrap().item, None);
    let err = MaybeOne::bind(&json(b"[1]")).unwrap_err();
    assert_eq!(shown(err), ["body: item: expected an object"]);
}

#[test]
fn a_body_that_is_not_json_is_refused() {
    let form = CreateMany::bind(&Parts {
        body: Body::Form(b"items[0][sku]=a"),
        ..Parts::default()
    });
    assert!(
        matches!(form, Err(BindError::UnsupportedMediaType)),
        "{form:?}"
    );
    let multipart = Count::bind(&Parts {
        body: Body::classify(
            Some(b"multipart/form-data; boundary=B"),
            b"--B\r\nContent-Disposition: form-data; name=n\r\n\r\n1\r\n--B--",
        ),
        ..Parts::default()
    });
    assert!(matches!(multipart, Err(BindError::UnsupportedMediaType)));
    // A service that turned JSON off.
    let mut limits = Limits::DEFAULT;
    limits.formats = binder_http::Formats::FORM;
    let off = Count::bind_with(&json(b"1"), &limits);
    assert!(
        matches!(off, Err(BindError::UnsupportedMediaType)),
        "{off:?}"
    );
}

#[test]
fn the_bodys_limits_apply() {
    let mut limits = Limits::DEFAULT;
    limits.max_json_depth = 2;
    // The array is one level, each item a second.
    assert!(CreateMany::bind_with(&json(br#"[{"sku":"a"}]"#), &limits).is_ok());
    let deep = CreateMany::bind_with(&json(br#"[{"sku":{"x":1}}]"#), &limits).unwrap_err();
    assert!(
        matches!(deep, BindError::Malformed { .. }) && deep.is_limit(),
        "{deep:?}"
    );

    let mut limits = Limits::DEFAULT;
    limits.max_errors = 2;
    let many = CreateMany::bind_with(&json(br#"[{},{},{},{}]"#), &limits).unwrap_err();
    let BindError::Fields(errors) = many else {
        panic!("field errors")
    };
    assert_eq!(errors.as_slice().len(), 2);

    for bad in [&b"[1,"[..], b"[] []", b"[{\"sku\":\"a\"}"] {
        let err = CreateMany::bind(&json(bad)).unwrap_err();
        assert!(matches!(err, BindError::Malformed { .. }), "{err:?}");
    }
}

/// The struct as another's member: its whole-body field is a member like
/// any other.
#[derive(Bind, Debug, PartialEq)]
struct Batch {
    #[bind(body)]
    create: CreateMany,
}

#[test]
fn nested_the_field_is_a_member() {
    let b = Batch::bind(&json(
        br#"{"create":{"items":[{"sku":"z"}],"dry_run":false}}"#,
    ))
    .unwrap();
    assert_eq!(b.create.items[0].sku, "z");
    assert_eq!(b.create.dry_run, Some(false));
}
