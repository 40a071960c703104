//! JSON bodies through the derive: the mixed workload from every source,
#![allow(dead_code)]
//! nested structs and lists, and every JSON-specific rule.

mod common;

use binder_http::request::{Body, Parts};
use binder_http::{Bind, BindError};
use binder_test_support::orders::{mixed_request, CreateOrder, CreateOrderRef};
use std::borrow::Cow;

const ITEMS: &[u8] = include_bytes!("../../../benches/workloads/items1000.json");

#[test]
fn binds_the_mixed_workload_from_every_source() {
    let req: http::Request<Vec<u8>> = mixed_request();
    let o: CreateOrder = binder_http::bind(&req, &[("team", "42")]).unwrap();
    assert_eq!(
        o,
        CreateOrder {
            team_id: 42,
            dry_run: true,
            limit: 10,
            trace: "7f3c2a9e-1b4d-4c8e-9f00-2a6b8d1e5c77".into(),
            session: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl".into(),
            email: "ada@example.org".into(),
            sku: "SKU-1234".into(),
            qty: 3,
            note: Some("gift wrap".into()),
            express: false,
        }
    );
    let r: CreateOrderRef = binder_http::bind(&req, &[("team", "42")]).unwrap();
    for borrowed in [
        &r.trace,
        &r.session,
        &r.email,
        &r.sku,
        r.note.as_ref().unwrap(),
    ] {
        assert!(
            matches!(borrowed, Cow::Borrowed(_)),
            "{borrowed:?} was copied"
        );
    }
}

#[derive(Bind, Debug, PartialEq)]
struct Item<'r> {
    #[bind(body)]
    sku: &'r str,
    #[bind(body)]
    qty: u32,
    #[bind(body)]
    price: f64,
}

#[derive(Bind, Debug)]
struct Cart<'r> {
    #[bind(body)]
    customer: &'r str,
    #[bind(body)]
    items: Vec<Item<'r>>,
}

fn json(body: &[u8]) -> Parts<'_, '_> {
    Parts {
        body: Body::Json(body),
        ..Parts::default()
    }
}

#[test]
fn binds_nested_lists_of_structs_borrowing_every_string() {
    let cart = Cart::bind(&json(ITEMS)).unwrap();
    assert_eq!(cart.customer, "ada@example.org");
    assert_eq!(cart.items.len(), 1000);
    assert_eq!(
        cart.items[0],
        Item {
            sku: "SKU-0000",
            qty: 1,
            price: 1.5
        }
    );
    assert_eq!(cart.items[999].sku, "SKU-0999");
}

#[test]
fn nested_errors_name_their_path() {
    let body = br#"{"customer":"c","items":[{"sku":"a","qty":1,"price":1},{"sku":"b","qty":-2,"price":"x"},{"qty":3,"price":2},7]}"#;
    let err = Cart::bind(&json(body)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: items[1].qty: expected an unsigned integer\n\
         body: items[1].price: expected a finite number\n\
         body: items[2].sku: a value is required\n\
         body: items[3]: expected an object"
    );
}

#[derive(Bind, Debug)]
struct Rules<'r> {
    #[bind(body)]
    n: u32,
    #[bind(body)]
    s: Cow<'r, str>,
    #[bind(body)]
    num_as_text: String,
    #[bind(body)]
    flag: bool,
    #[bind(body)]
    maybe: Option<u8>,
    #[bind(body)]
    tags: Vec<u8>,
    #[bind(body)]
    one: Vec<u8>,
}

#[test]
fn json_values_convert_by_the_documented_rules() {
    let body = br#"{"n":"42","s":"caf\u00e9","num_as_text":123.50,"flag":true,"maybe":null,"tags":[1,2],"one":7,"unknown":{"deep":[1,{"x":null}]}}"#;
    let r = Rules::bind(&json(body)).unwrap();
    assert_eq!(
        (r.n, &*r.s, r.num_as_text.as_str(), r.flag),
        (42, "café", "123.50", true)
    );
    assert_eq!((r.maybe, r.tags, r.one), (None, vec![1, 2], vec![7]));
}

#[test]
fn wrong_kinds_duplicates_and_fractions_are_field_errors() {
    let body = br#"{"n":1.5,"s":["a"],"num_as_text":"x","flag":1e0,"maybe":{},"tags":[1,"x",300],"one":null,"n":2}"#;
    let err = Rules::bind(&json(body)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: n: expected an unsigned integer\n\
         body: n: sent more than once\n\
         body: s: expected a single value, not an array or object\n\
         body: flag: expected true, false, 1, 0, on or off\n\
         body: maybe: expected a single value, not an array or object\n\
         body: tags[1]: expected an unsigned integer\n\
         body: tags[2]: out of range for the field's type"
    );
}

#[test]
fn malformed_json_is_a_request_error_even_after_every_field() {
    for bad in [
        &br#"{"n":1,"s":"a","num_as_text":"1","flag":true,"tags":[],"one":[] , }"#[..],
        br#"{"n":1"#,
        br#"[1,2]"#,
        br#"{"n":1}{"#,
        br#"{"n":01}"#,
        b"\"just a string\"",
    ] {
        let err = Rules::bind(&json(bad)).unwrap_err();
        assert!(
            matches!(err, BindError::Malformed { .. }),
            "{:?}: {err:?}",
            String::from_utf8_lossy(bad)
        );
    }
}

#[test]
fn null_body_and_required_empty_strings() {
    #[derive(Bind, Debug)]
    struct R<'r> {
        #[bind(body, required)]
        email: &'r str,
        #[bind(body)]
        note: Option<&'r str>,
    }
    assert_eq!(
        R::bind(&json(b"null")).unwrap_err().to_string(),
        "body: email: a value is required"
    );
    assert_eq!(
        R::bind(&json(br#"{"email":"","note":""}"#))
            .unwrap_err()
            .to_string(),
        "body: email: a non-empty value is required"
    );
    assert_eq!(
        R::bind(&json(br#"{"email":null}"#))
            .unwrap_err()
            .to_string(),
        "body: email: a value is required"
    );
    let r = R::bind(&json(br#"{"email":"a","note":""}"#)).unwrap();
    assert_eq!((r.email, r.note), ("a", Some("")));
}

#[test]
fn a_borrowed_str_refuses_an_escaped_json_string_but_cow_takes_it() {
    #[derive(Bind, Debug)]
    struct B<'r> {
        #[bind(body)]
        a: &'r str,
    }
    let err = B::bind(&json(br#"{"a":"line\nbreak"}"#)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: a: expected the value unescaped (no percent-encoding, + or backslash escapes)"
    );
}

#[test]
fn escaped_member_names_match() {
    #[derive(Bind, Debug)]
    struct N {
        #[bind(body)]
        name: String,
    }
    assert_eq!(N::bind(&json(br#"{"n\u0061me":"x"}"#)).unwrap().name, "x");
}

#[test]
fn member_names_match_by_their_first_bytes_or_decoded_alike() {
    // Short names are recognised by their first eight bytes, the rest
    // (long, escaped, or holding `"` or `\`) by their decoded bytes: both
    // must find the same fields and nothing else.
    #[derive(Bind, Debug, PartialEq)]
    struct K {
        #[bind(body)]
        a: Option<u8>,
        #[bind(body)]
        age: Option<u8>,
        #[bind(body = "seven77")]
        seven: Option<u8>,
        #[bind(body = "eight888")]
        eight: Option<u8>,
        #[bind(body = "café")]
        cafe: Option<u8>,
        #[bind(body = "q\"")]
        quote: Option<u8>,
        #[bind(body = "x\\")]
        backslash: Option<u8>,
        #[bind(body = "t\t")]
        tab: Option<u8>,
    }
    fn k(body: &[u8]) -> Result<K, BindError> {
        K::bind(&json(body))
    }
    let none = K {
        a: None,
        age: None,
        seven: None,
        eight: None,
        cafe: None,
        quote: None,
        backslash: None,
        tab: None,
    };
    let all = br#"{"a":1,"age":2,"seven77":3,"eight888":4,"caf\u00e9":5,"q\"":6,"x\\":7,"t\t":8}"#;
    let want = K {
        a: Some(1),
        age: Some(2),
        seven: Some(3),
        eight: Some(4),
        cafe: Some(5),
        quote: Some(6),
        backslash: Some(7),
        tab: Some(8),
    };
    assert_eq!(k(all).unwrap(), want);
    let plain = "{\"a\" : 1 ,\"age\"\n:2,\"seven77\":3,\"eight888\":4,\"café\":5,\"q\\\"\":6,\"x\\\\\":7,\"t\\t\":8}";
    assert_eq!(k(plain.as_bytes()).unwrap(), want);
    let escaped = br#"{"\u0061":1,"ag\u0065":2,"seven7\u0037":3,"eight88\u0038":4}"#;
    let r = k(escaped).unwrap();
    assert_eq!(
        (r.a, r.age, r.seven, r.eight),
        (Some(1), Some(2), Some(3), Some(4))
    );
    // Near misses name nothing: prefixes, extensions, other escapes.
    for near in [
        &br#"{"ag":1}"#[..],
        br#"{"agex":1}"#,
        br#"{"":1}"#,
        br#"{"A":1}"#,
        br#"{"seven7":1}"#,
        br#"{"seven777":1}"#,
        br#"{"eight88":1}"#,
        br#"{"eight8888":1}"#,
        // Decoded, longer than the longest field name.
        br#"{"eight888\u0038":1}"#,
        br#"{"\u0065ight8888":1}"#,
        br#"{"cafe":1}"#,
        br#"{"q\\":1}"#,
        br#"{"q":1}"#,
        br#"{"b\bs":1}"#,
        br#"{"a\"":1}"#,
        br#"{"x\"":1}"#,
    ] {
        assert_eq!(k(near).unwrap(), none, "{}", String::from_utf8_lossy(near));
    }
    // A short name at the very end of the input, or cut short, is a
    // syntax error, never a match.
    for bad in [
        &br#"{"a"#[..],
        br#"{"a""#,
        br#"{"a":"#,
        br#"{"age"}"#,
        br#"{"age" 1}"#,
        b"{\"a\x01\":1}",
        b"{\"t\t\":1}",
        b"{\"a\xff\":1}",
    ] {
        assert!(
            matches!(k(bad), Err(BindError::Malformed { .. })),
            "{}",
            String::from_utf8_lossy(bad)
        );
    }
    // A name sent twice is a duplicate whichever way each was matched.
    assert_eq!(
        k(br#"{"age":1,"ag\u0065":2}"#).unwrap_err().to_string(),
        "body: age: sent more than once"
    );
}

#[test]
fn a_million_invalid_elements_report_max_errors_and_a_count() {
    #[derive(Bind, Debug)]
    struct V {
        #[bind(body)]
        n: Vec<u32>,
    }
    let body = common::invalid_array(1_000_000);
    let err = V::bind(&json(&body)).unwrap_err();
    let fields = err.fields().unwrap();
    assert_eq!(fields.as_slice().len(), 100);
    assert_eq!(fields.dropped(), 999_900);
    assert_eq!(fields.as_slice()[99].path().to_string(), "n[99]");
}

/// `null` is no value, as if the member were absent: a defaulted field
/// takes its default, any other non-`Option` field is `missing`.
#[test]
fn null_takes_the_default_and_is_never_invalid() {
    #[derive(Bind, Debug)]
    struct N {
        #[bind(body, default)]
        a: u32,
        #[bind(body, default = 7)]
        b: u32,
        #[bind(body)]
        c: u32,
        #[bind(body)]
        d: Option<u32>,
        #[bind(body)]
        inner: Inner,
    }
    #[derive(Bind, Debug)]
    struct Inner {
        #[bind(body, default = 3)]
        x: u32,
        #[bind(body)]
        y: u32,
    }
    let bind = |b: &'static [u8]| {
        N::bind(&Parts {
            body: Body::Json(b),
            ..Parts::default()
        })
    };
    let n = bind(br#"{"a":null,"b":null,"c":1,"d":null,"inner":{"x":null,"y":2}}"#).unwrap();
    assert_eq!(
        (n.a, n.b, n.c, n.d, n.inner.x, n.inner.y),
        (0, 7, 1, None, 3, 2)
    );

    let err = bind(br#"{"a":null,"c":null,"inner":{"y":null}}"#).unwrap_err();
    let got: Vec<(String, &str)> = err
        .fields()
        .unwrap()
        .as_slice()
        .iter()
        .map(|e| (e.path().to_string(), e.kind().code()))
        .collect();
    assert_eq!(
        got,
        [
            ("c".to_owned(), "missing"),
            ("inner.y".to_owned(), "missing")
        ]
    );
}

/// A single value where a list is due is its one element, and its error is
/// the field's own (`n`), not a made-up first element (`n[0]`).
#[test]
fn a_lone_value_for_a_list_fails_under_the_fields_own_path() {
    #[derive(Bind, Debug)]
    struct L {
        #[bind(body)]
        n: Vec<u32>,
        #[bind(body)]
        items: Vec<Item>,
    }
    #[derive(Bind, Debug)]
    struct Item {
        #[bind(body)]
        qty: u32,
    }
    let bind = |b: &'static [u8]| {
        L::bind(&Parts {
            body: Body::Json(b),
            ..Parts::default()
        })
    };
    let l = bind(br#"{"n":5,"items":{"qty":1}}"#).unwrap();
    assert_eq!((l.n, l.items.len()), (vec![5], 1));

    let err = bind(br#"{"n":{"a":1},"items":{"qty":"x"}}"#).unwrap_err();
    let got: Vec<(String, &str)> = err
        .fields()
        .unwrap()
        .as_slice()
        .iter()
        .map(|e| (e.path().to_string(), e.kind().code()))
        .collect();
    assert_eq!(
        got,
        [
            ("n".to_owned(), "wrong_type"),
            ("items.qty".to_owned(), "invalid")
        ]
    );
    // Inside an array, elements keep their indices.
    let err = bind(br#"{"n":[1,"x"],"items":[{"qty":1},{"qty":"x"}]}"#).unwrap_err();
    let got: Vec<String> = err
        .fields()
        .unwrap()
        .as_slice()
        .iter()
        .map(|e| e.path().to_string())
        .collect();
    assert_eq!(got, ["n[1]", "items[1].qty"]);
}

#[test]
fn members_in_declaration_order_bind_as_in_any_layout() {
    // Members sent in declaration order and written compactly are taken by
    // a word compare of `,"name":` each (`JsonExpect`); anything else by
    // the general walk. Every body below, and every one-byte edit of it,
    // binds the same as with a space after each `{` and `,` (which no
    // compare takes, so the general walk reads it all).
    #[derive(Bind, Debug, PartialEq)]
    struct Inner {
        #[bind(body)]
        x: u8,
        #[bind(body = "thirteen13131")]
        y: Option<bool>,
    }
    #[derive(Bind, Debug, PartialEq)]
    struct Ordered {
        #[bind(body)]
        a: u8,
        #[bind(body = "seven77")]
        seven: Option<String>,
        #[bind(body = "eight888")]
        eight: Option<u32>,
        #[bind(body = "thirteen13131")]
        thirteen: Option<u8>,
        #[bind(body = "fourteen141414")]
        fourteen: Option<u8>,
        #[bind(body = "q\"")]
        quote: Option<u8>,
        #[bind(body)]
        inner: Option<Inner>,
        #[bind(body)]
        z: Vec<u8>,
    }
    fn same(body: &[u8]) -> bool {
        let spaced = binder_test_support::generate::json_spaced(body);
        match (Ordered::bind(&json(body)), Ordered::bind(&json(&spaced))) {
            (Ok(a), Ok(b)) => a == b,
            (
                Err(BindError::Malformed { source, error }),
                Err(BindError::Malformed {
                    source: s,
                    error: e,
                }),
            ) => source == s && error.kind() == e.kind(),
            (Err(a), Err(b)) => a.to_string() == b.to_string(),
            _ => false,
        }
    }
    let members: &[&str] = &[
        r#""a":1"#,
        r#""seven77":"s""#,
        r#""eight888":8"#,
        r#""thirteen13131":13"#,
        r#""fourteen141414":14"#,
        r#""q\"":2"#,
        r#""inner":{"x":3,"thirteen13131":true}"#,
        r#""z":[1,2]"#,
    ];
    let object = |ms: &[&str]| format!("{{{}}}", ms.join(","));
    let whole = object(members);
    let all = Ordered::bind(&json(whole.as_bytes())).unwrap();
    assert_eq!(
        (all.a, all.thirteen, all.fourteen, all.quote, all.z.len()),
        (1, Some(13), Some(14), Some(2), 2)
    );
    assert_eq!(
        all.inner,
        Some(Inner {
            x: 3,
            y: Some(true)
        })
    );
    let mut bodies = vec![whole.clone()];
    for i in 0..members.len() {
        let mut ms = members.to_vec();
        bodies.push(object(&ms[..i]));
        ms.insert(i, r#""unknown":[{"a":1}]"#);
        bodies.push(object(&ms));
        ms.remove(i);
        ms.insert(i, members[i]);
        bodies.push(object(&ms));
        ms.remove(i);
        if i + 1 < ms.len() {
            ms.swap(i, i + 1);
            bodies.push(object(&ms));
        }
    }
    let edits: &[u8] = b" ,:\"{}[]0\\";
    let mut checked = 0;
    for body in &bodies {
        let body = body.as_bytes();
        assert!(same(body), "{}", String::from_utf8_lossy(body));
        for at in 0..body.len() {
            let mut cut = body.to_vec();
            cut.remove(at);
            assert!(same(&cut), "{}", String::from_utf8_lossy(&cut));
            for &c in edits {
                let mut edited = body.to_vec();
                edited[at] = c;
                assert!(same(&edited), "{}", String::from_utf8_lossy(&edited));
                let mut longer = body.to_vec();
                longer.insert(at, c);
                assert!(same(&longer), "{}", String::from_utf8_lossy(&longer));
                checked += 2;
            }
        }
    }
    assert!(checked > 50_000, "{checked}");
}

/// A struct of more than 64 body fields: the bits of fields taken in
/// declaration order are marked seen together, those past the first word
/// one by one.
macro_rules! wide {
    ($($f:ident)*) => {
        #[derive(Bind, Debug)]
        struct Wide {
            $(#[bind(body)] $f: u8,)*
        }
        const WIDE: &[&str] = &[$(stringify!($f)),*];
    };
}

wide!(
    f00 f01 f02 f03 f04 f05 f06 f07 f08 f09 f10 f11 f12 f13 f14 f15 f16 f17 f18 f19
    f20 f21 f22 f23 f24 f25 f26 f27 f28 f29 f30 f31 f32 f33 f34 f35 f36 f37 f38 f39
    f40 f41 f42 f43 f44 f45 f46 f47 f48 f49 f50 f51 f52 f53 f54 f55 f56 f57 f58 f59
    f60 f61 f62 f63 f64 f65 f66 f67 f68 f69
);

#[test]
fn members_past_the_sixty_fourth_field_are_seen_when_taken_in_order() {
    // Every member compact and in declaration order, `value(name)` each.
    fn body(value: impl Fn(&str) -> String, extra: &str) -> Vec<u8> {
        let members: Vec<String> = WIDE
            .iter()
            .map(|f| format!("\"{f}\":{}", value(f)))
            .collect();
        format!("{{{}{extra}}}", members.join(",")).into_bytes()
    }
    let all = Wide::bind(&json(&body(|_| "7".into(), ""))).unwrap();
    assert_eq!((all.f00, all.f63, all.f64, all.f69), (7, 7, 7, 7));
    // A refused value past the first word: its error alone, not "missing".
    let refused = body(
        |f| {
            if f == "f66" {
                "\"x\"".into()
            } else {
                "1".into()
            }
        },
        "",
    );
    let err = Wide::bind(&json(&refused)).unwrap_err();
    assert_eq!(err.fields().unwrap().as_slice().len(), 1, "{err}");
    assert!(err.to_string().starts_with("body: f66: "), "{err}");
    assert!(!err.to_string().contains("required"), "{err}");
    // Sent again after the walk left declaration order: a duplicate,
    // whichever word its bit is in.
    for again in ["f03", "f66"] {
        let twice = body(|_| "1".into(), &format!(",\"{again}\":2"));
        let err = Wide::bind(&json(&twice)).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("body: {again}: sent more than once")
        );
    }
}
