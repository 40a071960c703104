//! `#[bind(deny_unknown_fields)]`: a JSON member, a query or form key or a
//! multipart part no field has is refused (`unknown`, under its name as
//! sent), in the body and in the type's nested JSON objects; a type without
//! it skips them, as before.

use binder_http::request::{Body, Parts};
use binder_http::{Bind, BindError, FieldErrorKind};

#[derive(Bind, Debug, PartialEq)]
#[bind(deny_unknown_fields)]
struct Address {
    #[bind(body)]
    city: String,
}

#[derive(Bind, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
struct Signup {
    email: String,
    age: Option<u8>,
    address: Option<Address>,
    #[bind(query)]
    page: Option<u32>,
}

#[derive(Bind, Debug, PartialEq)]
#[bind(body)]
struct Lenient {
    email: String,
    address: Option<Address>,
}

fn json<'r, T: Bind<'r>>(body: &'r [u8]) -> Result<T, BindError> {
    with(Some("page=2"), b"application/json", body)
}

fn with<'r, T: Bind<'r>>(
    query: Option<&'r str>,
    ct: &'r [u8],
    body: &'r [u8],
) -> Result<T, BindError> {
    T::bind(&Parts {
        query,
        body: Body::classify(Some(ct), body),
        ..Parts::default()
    })
}

#[test]
fn a_query_form_or_multipart_key_no_field_has_is_refused() {
    let form = b"application/x-www-form-urlencoded";
    let ok = with::<Signup>(Some("page=1"), form, b"email=a&age=3&address[city]=Oslo").unwrap();
    assert_eq!((ok.page, ok.age), (Some(1), Some(3)));
    // Keys after every field was read still count: the scan reads them all.
    let err = with::<Signup>(
        Some("page=1&utm_source=x&p%61ge2=1"),
        form,
        b"email=a&age=3&admin=1&address[city]=C&addr[city]=D&email[x]=1",
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "query: utm_source: not a field this request takes\n\
         query: page2: not a field this request takes\n\
         body: admin: not a field this request takes\n\
         body: addr[city]: not a field this request takes\n\
         body: email[x]: not a field this request takes"
    );
    // A key sent empty is named `""`.
    let err = with::<Signup>(Some("=1&page=2"), form, b"email=a&=x").unwrap_err();
    assert_eq!(
        err.to_string(),
        "query: \"\": not a field this request takes\nbody: \"\": not a field this request takes"
    );
    let parts = b"--B\r\nContent-Disposition: form-data; name=email\r\n\r\na\r\n\
                  --B\r\nContent-Disposition: form-data; name=note\r\n\r\nn\r\n\
                  --B\r\nContent-Disposition: form-data; name=doc; filename=d.txt\r\n\r\nD\r\n--B--\r\n";
    let err = with::<Signup>(None, b"multipart/form-data; boundary=B", parts).unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: note: not a field this request takes\n\
         body: doc: not a field this request takes"
    );
}

#[test]
fn a_member_no_field_has_is_refused_under_its_name() {
    let ok = json::<Signup>(br#"{"email":"a@b.c","address":{"city":"Oslo"}}"#).unwrap();
    assert_eq!(ok.address.unwrap().city, "Oslo");
    let err = json::<Signup>(
        br#"{"email":"a@b.c","admin":true,"address":{"city":"Oslo","zip":"0150"},"age":300,"x\u0079":[1,{"deep":2}]}"#,
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: age: out of range for the field's type\n\
         body: address.zip: not a field this request takes\n\
         body: admin: not a field this request takes\n\
         body: …: not a field this request takes"
    );
    let codes: Vec<&str> = err
        .fields()
        .unwrap()
        .as_slice()
        .iter()
        .map(|e| e.kind().code())
        .collect();
    assert_eq!(codes, ["invalid", "unknown", "unknown", "unknown"]);
    assert!(matches!(
        err.fields().unwrap().as_slice()[2].kind(),
        FieldErrorKind::Unknown
    ));
    // The member names are what was sent, and bounded: a long one is
    // clipped, and max_errors bounds how many are listed.
    let many: String = (0..500).map(|i| format!(r#""k{i}":{i},"#)).collect();
    let body = format!(r#"{{{many}"email":"e"}}"#);
    let err = json::<Signup>(body.as_bytes()).unwrap_err();
    assert!(err.fields().unwrap().as_slice().len() <= binder_http::Limits::DEFAULT.max_errors);
}

#[test]
fn a_type_without_it_skips_unknown_members_but_its_nested_type_decides_for_itself() {
    let ok = json::<Lenient>(br#"{"email":"a@b.c","admin":true}"#).unwrap();
    assert_eq!(ok.email, "a@b.c");
    // `Address` denies its own unknown members, wherever it is nested.
    let err = json::<Lenient>(br#"{"email":"a@b.c","address":{"city":"C","zip":1}}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: address.zip: not a field this request takes"
    );
}
