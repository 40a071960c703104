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
