//! Tuples and fixed-size arrays from JSON arrays of exactly their length,
//! `()` from `null`; each element bound as its own type under its index.

use binder_http::request::{Body, Parts};
use binder_http::Bind;

#[derive(Bind, Debug, PartialEq)]
struct Shape {
    #[bind(body)]
    point: (f64, f64),
    #[bind(body)]
    ring: Vec<(f64, f64)>,
    #[bind(body)]
    rgba: Option<[u8; 4]>,
    #[bind(body)]
    tagged: Option<(String, u32, bool)>,
    #[bind(body, default)]
    nothing: Option<()>,
}

fn json(body: &[u8]) -> Result<Shape, binder_http::BindError> {
    Shape::bind(&Parts {
        body: Body::classify(Some(b"application/json"), body),
        ..Parts::default()
    })
}

#[test]
fn tuples_and_arrays_bind_from_arrays_of_their_length() {
    let s = json(
        br#"{"point":[2.5,-1],"ring":[[0,0],[1,0],[1,1]],"rgba":[255,0,128,7],
            "tagged":["a",3,true],"nothing":null}"#,
    )
    .unwrap();
    assert_eq!(
        s,
        Shape {
            point: (2.5, -1.0),
            ring: vec![(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)],
            rgba: Some([255, 0, 128, 7]),
            tagged: Some(("a".into(), 3, true)),
            nothing: Some(()),
        }
    );
    let s = json(br#"{"point":[0,0],"ring":[],"rgba":null}"#).unwrap();
    assert_eq!(
        (s.ring.len(), s.rgba, s.tagged, s.nothing),
        (0, None, None, None)
    );
}

#[test]
fn a_wrong_length_a_null_element_or_a_bad_one_is_refused_where_it_is() {
    let err = json(
        br#"{"point":[1],"ring":[[0,0,0],[1,"x"]],"rgba":[1,2,3,256],
            "tagged":["a",null,true],"nothing":0}"#,
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: point: expected an array of 2 values\n\
         body: ring[0]: expected an array of 2 values\n\
         body: ring[1][1]: expected a finite number\n\
         body: rgba[3]: out of range for the field's type\n\
         body: tagged[1]: a value is required\n\
         body: nothing: expected null"
    );
    let err = json(br#"{"point":{"x":1},"ring":5}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: point: expected an array of 2 values\nbody: ring: expected an array of 2 values"
    );
    // A form value cannot be a tuple.
    let err = Shape::bind(&Parts {
        body: Body::Form(b"point=1,2&ring=3"),
        ..Parts::default()
    })
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: point: expected an array\nbody: ring[0]: expected an array"
    );
}

/// `Arc<str>` and `Rc<str>`: text shared once bound, decoded like `String`.
#[test]
fn shared_text_binds_decoded() {
    use std::rc::Rc;
    use std::sync::Arc;
    #[derive(Bind, Debug)]
    struct Shared {
        #[bind(query)]
        name: Arc<str>,
        #[bind(query)]
        tags: Vec<Rc<str>>,
        #[bind(body)]
        note: Option<Arc<str>>,
    }
    let s = Shared::bind(&Parts {
        query: Some("name=Ada+Lovelace&tags=a%26b&tags="),
        body: Body::classify(Some(b"application/json"), br#"{"note":"caf\u00e9"}"#),
        ..Parts::default()
    })
    .unwrap();
    assert_eq!(
        (&*s.name, s.note.as_deref()),
        ("Ada Lovelace", Some("café"))
    );
    assert_eq!(s.tags.iter().map(|t| &**t).collect::<Vec<_>>(), ["a&b", ""]);
}

/// Malformed JSON where a tuple or one of its elements is due: the syntax
/// error at the byte where it is (the same whether the tuple dispatches on
/// a peeked kind or on the first byte), and a `null` element missing.
#[test]
fn malformed_tuples_are_refused_at_the_byte() {
    let cases: [(&[u8], &str); 10] = [
        (
            br#"{"point":[1,]}"#,
            "a byte not allowed here in JSON at byte 12",
        ),
        (
            br#"{"point":[}"#,
            "a byte not allowed here in JSON at byte 10",
        ),
        (
            br#"{"point":}"#,
            "a byte not allowed here in JSON at byte 9",
        ),
        (
            br#"{"point":[1,2,]}"#,
            "a byte not allowed here in JSON at byte 14",
        ),
        (
            br#"{"point":[nul]}"#,
            "a byte not allowed here in JSON at byte 13",
        ),
        (
            br#"{"point":nul}"#,
            "a byte not allowed here in JSON at byte 12",
        ),
        (br#"{"point":[1,2"#, "the JSON ends early at byte 13"),
        (
            br#"{"point":[ null , 2 ]}"#,
            "point[0]: a value is required",
        ),
        (
            br#"{"point": x}"#,
            "a byte not allowed here in JSON at byte 10",
        ),
        (
            br#"{"point":[1, x]}"#,
            "a byte not allowed here in JSON at byte 13",
        ),
    ];
    for (input, want) in cases {
        let err = json(input).map(|_| ()).unwrap_err();
        assert_eq!(err.to_string(), format!("body: {want}"), "{input:?}");
    }
}
