//! PATCH: `Option<Option<T>>` tells a member absent (`None`), `null`
//! (`Some(None)`) and a value (`Some(Some(v))`) apart, for scalars, text
//! and nested structs; forms can clear non-text fields with an empty value.

use binder_http::request::{Body, Parts};
use binder_http::Bind;
use std::borrow::Cow;

#[derive(Bind, Debug, PartialEq)]
struct Address {
    #[bind(body)]
    city: String,
    #[bind(body)]
    zip: Option<String>,
}

#[derive(Bind, Debug, PartialEq)]
struct EditUser<'r> {
    #[bind(body)]
    nickname: Option<Option<Cow<'r, str>>>,
    #[bind(body)]
    age: Option<Option<u8>>,
    #[bind(body)]
    admin: Option<Option<bool>>,
    #[bind(body)]
    address: Option<Option<Address>>,
}

fn json(body: &[u8]) -> Result<EditUser<'_>, binder_http::BindError> {
    EditUser::bind(&Parts {
        body: Body::classify(Some(b"application/json"), body),
        ..Parts::default()
    })
}

#[test]
fn absent_null_and_a_value_are_three_answers() {
    let e = json(br#"{"nickname":null,"age":37,"address":{"city":"Paris"}}"#).unwrap();
    assert_eq!(e.nickname, Some(None));
    assert_eq!(e.age, Some(Some(37)));
    assert_eq!(e.admin, None);
    let city = Address {
        city: "Paris".into(),
        zip: None,
    };
    assert_eq!(e.address, Some(Some(city)));
    let e = json(br#"{"nickname":"ada","address":null,"admin":false}"#).unwrap();
    assert_eq!(
        (e.nickname, e.age, e.admin, e.address),
        (
            Some(Some("ada".into())),
            None,
            Some(Some(false)),
            Some(None)
        )
    );
    let e = json(b"{}").unwrap();
    assert_eq!(
        (e.nickname, e.age, e.admin, e.address),
        (None, None, None, None)
    );
}

#[test]
fn a_wrong_value_is_still_an_error_and_a_member_twice_a_duplicate() {
    let err = json(br#"{"age":300,"admin":"maybe","address":{"zip":"1"}}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: age: out of range for the field's type\nbody: admin: expected true, false, 1, 0, on or off\nbody: address.city: a value is required"
    );
    let err = json(br#"{"age":null,"age":3}"#).unwrap_err();
    assert_eq!(err.to_string(), "body: age: sent more than once");
}

#[test]
fn a_form_clears_with_an_empty_value_where_the_type_is_not_text() {
    let form = |body: &'static [u8]| {
        EditUser::bind(&Parts {
            body: Body::Form(body),
            ..Parts::default()
        })
        .unwrap()
    };
    let e = form(b"age=&nickname=&address[city]=Oslo");
    assert_eq!(e.age, Some(None)); // cleared
    assert_eq!(e.nickname, Some(Some("".into()))); // text: the empty text
    assert_eq!(e.admin, None); // not sent
    assert_eq!(e.address.unwrap().unwrap().city, "Oslo");
    let e = form(b"age=9&admin=on");
    assert_eq!(
        (e.age, e.admin, e.address),
        (Some(Some(9)), Some(Some(true)), None)
    );
}

#[test]
fn multipart_reads_an_empty_text_part_as_a_form_value() {
    let body = b"--B\r\nContent-Disposition: form-data; name=age\r\n\r\n\r\n\
                 --B\r\nContent-Disposition: form-data; name=admin\r\n\r\n1\r\n--B--\r\n";
    let e = EditUser::bind(&Parts {
        body: Body::classify(Some(b"multipart/form-data; boundary=B"), body),
        ..Parts::default()
    })
    .unwrap();
    assert_eq!(
        (e.age, e.admin, e.nickname),
        (Some(None), Some(Some(true)), None)
    );
}
