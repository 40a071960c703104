//! `#[bind(strict)]`: a JSON body's scalars bind only into types that take
//! their kind (`"42"` is not a `u32`, `42` not a `String`), and a list
//! takes only an array; the lenient default converts them from text.

use binder_http::convert::Text;
use binder_http::field::ValueError;
use binder_http::request::{Body, Parts};
use binder_http::{Bind, FromText};

#[derive(FromText, Debug, PartialEq)]
#[bind(rename_all = "lowercase")]
enum Role {
    Admin,
    Member,
}

#[derive(FromText, Debug, PartialEq)]
struct UserId(u64);

/// A type of the user's own, which says nothing of its JSON kind: taken
/// from any scalar.
#[derive(Debug, PartialEq)]
struct Loose(String);

impl<'a> FromText<'a> for Loose {
    fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError> {
        Ok(Loose(text.to_string()))
    }
}

#[derive(Bind, Debug, PartialEq)]
#[bind(body, strict)]
struct Strict {
    n: u32,
    name: String,
    on: bool,
    tags: Vec<u32>,
    role: Role,
    id: UserId,
    loose: Loose,
    inner: Inner,
    #[bind(query, default)]
    page: u32,
}

#[derive(Bind, Debug, PartialEq)]
#[bind(body)]
struct Inner {
    x: f64,
}

#[derive(Bind, Debug, PartialEq)]
#[bind(body)]
struct Lenient {
    n: u32,
    name: String,
    on: bool,
    tags: Vec<u32>,
    role: Role,
    id: UserId,
    loose: Loose,
    inner: Inner,
}

#[derive(Bind, Debug, PartialEq)]
#[bind(body, strict, deny_unknown_fields)]
struct StrictDeny {
    n: u32,
}

fn parts<'a>(query: Option<&'a str>, body: &'a str) -> Parts<'a, 'a> {
    Parts {
        query,
        body: Body::classify(Some(b"application/json"), body.as_bytes()),
        ..Parts::default()
    }
}

const CROSS: &str = r#"{"n": "42", "name": 7, "on": "true", "tags": 5, "role": 1,
    "id": "9", "loose": 3, "inner": {"x": "1.5"}}"#;

const EXACT: &str = r#"{"n": 42, "name": "7", "on": true, "tags": [5], "role": "admin",
    "id": 9, "loose": "3", "inner": {"x": 1.5}}"#;

#[test]
fn strict_refuses_every_scalar_of_another_kind_and_names_the_kind() {
    let err = Strict::bind(&parts(None, CROSS)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: n: expected a number\n\
         body: name: expected a string\n\
         body: on: expected true or false\n\
         body: tags: expected an array\n\
         body: role: expected a string\n\
         body: id: expected a number\n\
         body: inner.x: expected a number"
    );
}

#[test]
fn strict_binds_values_of_their_own_kind_and_other_sources_as_ever() {
    let s = Strict::bind(&parts(Some("page=3"), EXACT)).unwrap();
    assert_eq!(
        s,
        Strict {
            n: 42,
            name: "7".to_owned(),
            on: true,
            tags: vec![5],
            role: Role::Admin,
            id: UserId(9),
            loose: Loose("3".to_owned()),
            inner: Inner { x: 1.5 },
            page: 3,
        }
    );
    // A type that names no JSON kind takes any scalar, strict or not.
    let s = Strict::bind(&parts(
        None,
        &EXACT.replace(r#""loose": "3""#, r#""loose": 3"#),
    ))
    .unwrap();
    assert_eq!(s.loose, Loose("3".to_owned()));
}

#[test]
fn the_default_converts_across_kinds() {
    let cross = CROSS.replace(r#""role": 1"#, r#""role": "member""#);
    let l = Lenient::bind(&parts(None, &cross)).unwrap();
    assert_eq!(
        l,
        Lenient {
            n: 42,
            name: "7".to_owned(),
            on: true,
            tags: vec![5],
            role: Role::Member,
            id: UserId(9),
            loose: Loose("3".to_owned()),
            inner: Inner { x: 1.5 },
        }
    );
}

#[test]
fn strict_and_deny_unknown_fields_together() {
    let err = StrictDeny::bind(&parts(None, r#"{"n": "1", "m": 2}"#)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: n: expected a number\nbody: m: not a field this request takes"
    );
    assert_eq!(StrictDeny::bind(&parts(None, r#"{"n": 1}"#)).unwrap().n, 1);
}

/// The same fields under serde's derive: the oracle of the differential
/// test below.
#[derive(serde::Deserialize, Debug, PartialEq)]
struct SerdeTwin {
    a: u32,
    b: String,
    c: bool,
    d: f64,
    #[serde(default)]
    e: Option<Vec<u32>>,
    f: Option<u8>,
    g: char,
    // binder's rule, strict or not: a list not sent (or `null`) is empty.
    #[serde(default)]
    h: Option<Vec<Vec<i8>>>,
}

#[derive(Bind, Debug, PartialEq)]
#[bind(body, strict)]
struct StrictTwin {
    a: u32,
    b: String,
    c: bool,
    d: f64,
    e: Vec<u32>,
    f: Option<u8>,
    g: char,
    h: Vec<Vec<i8>>,
}

/// Under `strict`, binder accepts exactly the documents serde_json accepts
/// into the same fields, with the same values: every member drawn from
/// values of every kind, some of the field's own kind and some not.
#[test]
fn strict_accepts_what_serde_accepts_with_equal_values() {
    const VALUES: &[&str] = &[
        "0",
        "7",
        "-1",
        "255",
        "256",
        "4294967296",
        "1.5",
        "-0.0",
        "1e2",
        "2E-3",
        r#""x""#,
        r#""7""#,
        r#""é""#,
        r#""\u00e9""#,
        r#""ab""#,
        r#""""#,
        "true",
        "false",
        "null",
        "[]",
        "[1]",
        "[1, 2]",
        r#"["1"]"#,
        "[[1], [2, -3]]",
        "[[1], 2]",
        "[null]",
        "[[300]]",
        "{}",
        r#"{"a": 1}"#,
    ];
    let mut rng = binder_test_support::generate::Rng::new(11);
    let (mut accepted, mut refused) = (0, 0);
    for _ in 0..20_000 {
        let mut doc = String::from("{");
        for (i, name) in ["a", "b", "c", "d", "e", "f", "g", "h"].iter().enumerate() {
            // Now and then a member is left out.
            if rng.below(40) == 0 {
                continue;
            }
            if doc.len() > 1 {
                doc.push(',');
            }
            let v = if rng.below(4) != 0 {
                // A value of the field's own kind, more often than chance.
                [
                    "7",
                    r#""s""#,
                    "true",
                    "2.5",
                    "[1, 2]",
                    "3",
                    r#""c""#,
                    "[[1], []]",
                ][i]
            } else {
                rng.pick(VALUES)
            };
            doc.push_str(&format!("\"{name}\": {v}"));
        }
        doc.push('}');
        let ours = StrictTwin::bind(&parts(None, &doc));
        let theirs = serde_json::from_str::<SerdeTwin>(&doc);
        match (ours, theirs) {
            (Ok(o), Ok(t)) => {
                accepted += 1;
                assert_eq!(
                    (o.a, &o.b, o.c, o.d.to_bits(), &o.e, o.f, o.g, &o.h),
                    (
                        t.a,
                        &t.b,
                        t.c,
                        t.d.to_bits(),
                        &t.e.unwrap_or_default(),
                        t.f,
                        t.g,
                        &t.h.unwrap_or_default()
                    ),
                    "{doc}"
                );
            }
            (Err(_), Err(_)) => refused += 1,
            (o, t) => panic!("{doc}: binder {o:?}, serde_json {t:?}"),
        }
    }
    // Both outcomes were drawn often enough to mean something.
    assert!(accepted > 200 && refused > 200, "{accepted} {refused}");
}

#[derive(Bind, Debug, PartialEq)]
#[bind(strict)]
struct StrictWhole {
    #[bind(whole_body)]
    ids: Vec<u32>,
}

#[derive(Bind, Debug, PartialEq)]
#[bind(body)]
struct Paging {
    #[bind(default)]
    page: u32,
}

#[derive(Bind, Debug, PartialEq)]
#[bind(body, strict)]
struct StrictFlat {
    q: String,
    #[bind(flatten)]
    paging: Paging,
}

#[test]
fn strict_holds_for_a_whole_body_and_a_flattened_struct() {
    let err = StrictWhole::bind(&parts(None, r#"[1, "2"]"#)).unwrap_err();
    assert_eq!(err.to_string(), "body: ids[1]: expected a number");
    assert_eq!(
        StrictWhole::bind(&parts(None, "[1, 2]")).unwrap().ids,
        [1, 2]
    );
    let err = StrictFlat::bind(&parts(None, r#"{"q": "tea", "page": "2"}"#)).unwrap_err();
    assert_eq!(err.to_string(), "body: page: expected a number");
    let s = StrictFlat::bind(&parts(None, r#"{"q": "tea", "page": 2}"#)).unwrap();
    assert_eq!(s.paging.page, 2);
}
