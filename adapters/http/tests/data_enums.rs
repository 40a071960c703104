//! `#[derive(Bind)]` on enums with data: a field's type bound from JSON in
//! serde's shapes, externally tagged (`"Unit"`, `{"Circle": {"r": 1.5}}`),
//! internally tagged (`{"type": "circle", "r": 1.5}`, the tag anywhere in
//! the object) and adjacently tagged (`{"t": "Circle", "c": {..}}`), with
//! serde's names (`rename_all`, `rename`, `alias`, `rename_all_fields`);
//! errors under the value's path, never the value sent; and a
//! differential test against serde_json on the same types.

use binder_http::field::ValueErrorKind;
use binder_http::request::{Body, Parts};
use binder_http::{Bind, Error, FieldErrorKind};
use binder_test_support::counting::{measure, Counting};

#[global_allocator]
static ALLOC: Counting = Counting;

#[derive(Bind, serde::Deserialize, Debug, PartialEq)]
struct Inner {
    #[bind(body)]
    n: u8,
}

/// Externally tagged, serde's default.
#[derive(Bind, serde::Deserialize, Debug, PartialEq)]
enum Shape {
    Unit,
    #[bind(alias = "Sq")]
    #[serde(alias = "Sq")]
    Square(f64),
    Point(i32, i32),
    Circle {
        r: f64,
        label: Option<String>,
    },
    Wrap(Inner),
}

/// Internally tagged, names in kebab-case.
#[derive(Bind, serde::Deserialize, Debug, PartialEq)]
#[bind(tag = "type", rename_all = "kebab-case")]
#[serde(tag = "type", rename_all = "kebab-case")]
enum Tagged {
    Nothing,
    Circle {
        r: f64,
        label: Option<String>,
    },
    InReview {
        // binder's rule for a list: absent is empty.
        #[serde(default)]
        tags: Vec<u8>,
    },
    Wrap(Inner),
}

/// Adjacently tagged.
#[derive(Bind, serde::Deserialize, Debug, PartialEq)]
#[bind(tag = "t", content = "c")]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Unit,
    Square(f64),
    Point(i32, i32),
    Circle { r: f64 },
}

#[derive(Bind, Debug, PartialEq)]
struct Doc {
    #[bind(body)]
    shape: Option<Shape>,
    #[bind(body)]
    tagged: Option<Tagged>,
    #[bind(body)]
    adjacent: Option<Adjacent>,
}

fn json(body: &str) -> Result<Doc, Error> {
    Ok(Doc::bind(&Parts {
        body: Body::Json(body.as_bytes()),
        ..Parts::default()
    })?)
}

/// Each failure as its path and its detail (or code).
fn failures(err: &Error) -> Vec<(String, String)> {
    err.fields()
        .unwrap_or_else(|| panic!("not field errors: {err:?}"))
        .as_slice()
        .iter()
        .map(|f| (f.path().to_string(), f.kind().detail().to_owned()))
        .collect()
}

fn fails(body: &str) -> Vec<(String, String)> {
    failures(&json(body).unwrap_err())
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
        .collect()
}

fn shape(body: &str) -> Shape {
    json(&format!(r#"{{"shape": {body}}}"#))
        .unwrap_or_else(|e| panic!("{body}: {e}"))
        .shape
        .unwrap()
}

#[test]
fn externally_tagged_unit_newtype_tuple_and_struct_variants_bind() {
    assert_eq!(shape(r#""Unit""#), Shape::Unit);
    // As serde_json: a unit variant as an object holding `null` too.
    assert_eq!(shape(r#"{"Unit": null}"#), Shape::Unit);
    assert_eq!(shape(r#"{"Square": 2.5}"#), Shape::Square(2.5));
    assert_eq!(shape(r#"{"Sq": 2}"#), Shape::Square(2.0));
    assert_eq!(shape(r#"{"Point": [1, -2]}"#), Shape::Point(1, -2));
    assert_eq!(
        shape(r#"{"Circle": {"label": "c", "r": 1.5, "other": [1, {"x": 2}]}}"#),
        Shape::Circle {
            r: 1.5,
            label: Some("c".into())
        }
    );
    assert_eq!(
        shape(r#"{"Circle": {"r": 1}}"#),
        Shape::Circle {
            r: 1.0,
            label: None
        }
    );
    assert_eq!(shape(r#"{"Wrap": {"n": 7}}"#), Shape::Wrap(Inner { n: 7 }));
    // Escaped names are decoded first.
    assert_eq!(shape(r#""\u0055nit""#), Shape::Unit);
    assert_eq!(
        shape(r#"{"\u0043ircle": {"\u0072": 3}}"#),
        Shape::Circle {
            r: 3.0,
            label: None
        }
    );
    // `null` is no value: `None` for an `Option`.
    assert_eq!(json(r#"{"shape": null}"#).unwrap().shape, None);
}

fn tagged(body: &str) -> Tagged {
    json(&format!(r#"{{"tagged": {body}}}"#))
        .unwrap_or_else(|e| panic!("{body}: {e}"))
        .tagged
        .unwrap()
}

#[test]
fn internally_tagged_variants_bind_with_the_tag_anywhere() {
    assert_eq!(tagged(r#"{"type": "nothing"}"#), Tagged::Nothing);
    // A unit variant's other members are skipped, as serde skips them.
    assert_eq!(
        tagged(r#"{"x": 1, "type": "nothing", "y": [2]}"#),
        Tagged::Nothing
    );
    let circle = Tagged::Circle {
        r: 1.5,
        label: Some("a".into()),
    };
    assert_eq!(
        tagged(r#"{"type": "circle", "r": 1.5, "label": "a"}"#),
        circle
    );
    // The tag last, in the middle, escaped: the object is read again.
    assert_eq!(
        tagged(r#"{"r": 1.5, "label": "a", "type": "circle"}"#),
        circle
    );
    assert_eq!(
        tagged(r#"{"r": 1.5, "type": "circle", "label": "a"}"#),
        circle
    );
    assert_eq!(
        tagged(r#"{"label": "a", "\u0074ype": "circle", "r": 1.5}"#),
        circle
    );
    assert_eq!(
        tagged(r#"{"tags": [1, 2], "type": "in-review"}"#),
        Tagged::InReview { tags: vec![1, 2] }
    );
    // A newtype variant holding a struct: the struct takes the object's
    // members, the tag among them skipped.
    assert_eq!(
        tagged(r#"{"type": "wrap", "n": 3}"#),
        Tagged::Wrap(Inner { n: 3 })
    );
    assert_eq!(
        tagged(r#"{"n": 3, "type": "wrap"}"#),
        Tagged::Wrap(Inner { n: 3 })
    );
}

fn adjacent(body: &str) -> Adjacent {
    json(&format!(r#"{{"adjacent": {body}}}"#))
        .unwrap_or_else(|e| panic!("{body}: {e}"))
        .adjacent
        .unwrap()
}

#[test]
fn adjacently_tagged_variants_bind_with_content_before_or_after_the_tag() {
    assert_eq!(adjacent(r#"{"t": "Unit"}"#), Adjacent::Unit);
    assert_eq!(adjacent(r#"{"t": "Unit", "c": null}"#), Adjacent::Unit);
    assert_eq!(
        adjacent(r#"{"t": "Square", "c": 2}"#),
        Adjacent::Square(2.0)
    );
    assert_eq!(
        adjacent(r#"{"c": [1, 2], "t": "Point"}"#),
        Adjacent::Point(1, 2)
    );
    assert_eq!(
        adjacent(r#"{"c": {"r": 4}, "x": 0, "t": "Circle"}"#),
        Adjacent::Circle { r: 4.0 }
    );
    assert_eq!(
        fails(r#"{"adjacent": {"t": "Circle"}}"#),
        pairs(&[("adjacent.c", "a value is required")])
    );
    assert_eq!(
        fails(r#"{"adjacent": {"t": "Circle", "c": {}, "c": {"r": 1}}}"#),
        pairs(&[
            ("adjacent.c.r", "a value is required"),
            ("adjacent.c", "sent more than once")
        ])
    );
}

#[test]
fn names_follow_rename_all_rename_alias_and_rename_all_fields() {
    #[derive(Bind, Debug, PartialEq)]
    #[bind(rename_all = "SCREAMING_SNAKE_CASE", rename_all_fields = "camelCase")]
    enum Event {
        SignedUp {
            user_id: u32,
            #[bind(rename = "when")]
            at: u64,
        },
        #[bind(rename = "bye", alias = "logout", rename_all = "kebab-case")]
        LoggedOut {
            user_id: u32,
            #[bind(alias = "why")]
            reason_text: Option<String>,
        },
        PingPong,
    }
    #[derive(Bind, Debug)]
    struct Events {
        #[bind(body)]
        events: Vec<Event>,
    }
    let body = br#"{"events": [
        {"SIGNED_UP": {"userId": 1, "when": 9}},
        {"bye": {"user-id": 2}},
        {"logout": {"user-id": 3, "why": "done"}},
        "PING_PONG",
        {"PING_PONG": null}
    ]}"#;
    let got = Events::bind(&Parts {
        body: Body::Json(body),
        ..Parts::default()
    })
    .unwrap();
    assert_eq!(
        got.events,
        [
            Event::SignedUp { user_id: 1, at: 9 },
            Event::LoggedOut {
                user_id: 2,
                reason_text: None
            },
            Event::LoggedOut {
                user_id: 3,
                reason_text: Some("done".into())
            },
            Event::PingPong,
            Event::PingPong,
        ]
    );
    // The variant's own spelling is replaced by `rename`.
    let err = Events::bind(&Parts {
        body: Body::Json(br#"{"events": [{"LOGGED_OUT": {"user-id": 2}}]}"#),
        ..Parts::default()
    })
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: events[0]: expected one of: SIGNED_UP, bye, PING_PONG"
    );
}

#[test]
fn enums_bind_inside_lists_nested_structs_and_boxes() {
    #[derive(Bind, Debug, PartialEq)]
    #[bind(tag = "op", rename_all = "lowercase")]
    enum Expr {
        Num { value: f64 },
        Neg { arg: Box<Expr> },
        Add { args: Vec<Expr> },
    }
    #[derive(Bind, Debug, PartialEq)]
    struct Step {
        #[bind(body)]
        name: String,
        #[bind(body)]
        expr: Expr,
    }
    #[derive(Bind, Debug, PartialEq)]
    struct Plan {
        #[bind(body)]
        steps: Vec<Step>,
        #[bind(body)]
        first: Option<Box<Shape>>,
    }
    let body = br#"{"first": {"Point": [0, 0]}, "steps": [
        {"name": "a", "expr": {"op": "num", "value": 1}},
        {"expr": {"arg": {"value": 2, "op": "num"}, "op": "neg"}, "name": "b"},
        {"name": "c", "expr": {"op": "add", "args": [{"op": "num", "value": 3}, {"args": [], "op": "add"}]}}
    ]}"#;
    let plan = Plan::bind(&Parts {
        body: Body::Json(body),
        ..Parts::default()
    })
    .unwrap();
    let num = |value| Expr::Num { value };
    assert_eq!(plan.first, Some(Box::new(Shape::Point(0, 0))));
    assert_eq!(plan.steps[0].expr, num(1.0));
    assert_eq!(
        plan.steps[1].expr,
        Expr::Neg {
            arg: Box::new(num(2.0))
        }
    );
    assert_eq!(
        plan.steps[2].expr,
        Expr::Add {
            args: vec![num(3.0), Expr::Add { args: vec![] }]
        }
    );
    // Errors deep inside carry their whole path.
    let bad = br#"{"steps": [{"name": "a", "expr": {"op": "neg", "arg": {"op": "add", "args": [{"op": "num"}, {"op": "mul"}]}}}]}"#;
    let err = Error::from(
        Plan::bind(&Parts {
            body: Body::Json(bad),
            ..Parts::default()
        })
        .unwrap_err(),
    );
    assert_eq!(
        failures(&err),
        pairs(&[
            ("steps[0].expr.arg.args[0].value", "a value is required"),
            (
                "steps[0].expr.arg.args[1].op",
                "expected one of: num, neg, add"
            ),
        ])
    );
}

#[test]
fn empty_variants_and_raw_names_bind_as_serde_reads_them() {
    #[derive(Bind, serde::Deserialize, Debug, PartialEq)]
    #[allow(non_camel_case_types)]
    enum Odd {
        Empty(),
        Bare {},
        r#match(u8),
    }
    #[derive(Bind, serde::Deserialize, Debug, PartialEq)]
    struct O {
        #[bind(body)]
        o: Odd,
    }
    for (doc, want) in [
        (r#"{"o": {"Empty": []}}"#, Some(Odd::Empty())),
        (r#"{"o": {"Bare": {"x": 1}}}"#, Some(Odd::Bare {})),
        (r#"{"o": {"match": 4}}"#, Some(Odd::r#match(4))),
        (r#"{"o": {"Empty": [1]}}"#, None),
        (r#"{"o": {"Bare": []}}"#, None),
        (r#"{"o": "Empty"}"#, None),
        (r#"{"o": {"r#match": 4}}"#, None),
    ] {
        let ours = O::bind(&Parts {
            body: Body::Json(doc.as_bytes()),
            ..Parts::default()
        });
        assert_eq!(ours.ok().map(|o| o.o), want, "{doc}");
        let theirs = serde_json::from_str::<O>(doc).ok().map(|o| o.o);
        // serde takes a struct from an array (`{"Bare": []}`); binder does not.
        if !doc.contains(r#""Bare": []"#) {
            assert_eq!(theirs, want, "serde_json: {doc}");
        }
    }
}

#[test]
fn an_unknown_variant_is_refused_under_its_path_with_the_accepted_names() {
    let secret = "hunter2-variant";
    let body = format!(
        r#"{{"shape": "{secret}", "tagged": {{"type": "{secret}"}}, "adjacent": {{"t": "{secret}", "c": 1}}}}"#
    );
    let err = json(&body).unwrap_err();
    assert_eq!(
        failures(&err),
        pairs(&[
            (
                "shape",
                "expected one of: Unit, Square, Point, Circle, Wrap"
            ),
            (
                "tagged.type",
                "expected one of: nothing, circle, in-review, wrap"
            ),
            ("adjacent.t", "expected one of: Unit, Square, Point, Circle"),
        ])
    );
    assert!(!err.to_string().contains(secret));
    assert!(!err.problem_json().contains(secret));
    match err.fields().unwrap().as_slice()[0].kind() {
        FieldErrorKind::Invalid(e) => assert!(matches!(
            e.kind(),
            ValueErrorKind::NotOneOf {
                accepted: ["Unit", "Square", "Point", "Circle", "Wrap"],
                ..
            }
        )),
        other => panic!("{other:?}"),
    }
    // As an object's one member's name too, its value read and dropped.
    assert_eq!(
        fails(r#"{"shape": {"Hexagon": {"r": [1]}}}"#),
        pairs(&[(
            "shape",
            "expected one of: Unit, Square, Point, Circle, Wrap"
        )])
    );
}

#[test]
fn a_missing_tag_a_wrong_shape_and_a_missing_field_are_field_errors() {
    let cases: &[(&str, &[(&str, &str)])] = &[
        (
            r#"{"tagged": {"r": 1}}"#,
            &[("tagged.type", "a value is required")],
        ),
        (
            r#"{"tagged": {"type": 3, "r": 1}}"#,
            &[("tagged.type", "expected the variant's name, a string")],
        ),
        (
            r#"{"tagged": "circle"}"#,
            &[("tagged", "expected an object")],
        ),
        (
            r#"{"tagged": {"type": "circle", "type": "circle", "r": 1}}"#,
            &[("tagged.type", "sent more than once")],
        ),
        (
            r#"{"tagged": {"type": "wrap", "n": 1, "type": "wrap"}}"#,
            &[("tagged.type", "sent more than once")],
        ),
        (
            r#"{"tagged": {"type": "circle", "label": "x"}}"#,
            &[("tagged.r", "a value is required")],
        ),
        (
            r#"{"shape": {"Circle": {"label": "x"}}}"#,
            &[("shape.Circle.r", "a value is required")],
        ),
        (
            r#"{"shape": {"Circle": {"r": "wide"}}}"#,
            &[("shape.Circle.r", "expected a finite number")],
        ),
        (
            r#"{"shape": 3}"#,
            &[(
                "shape",
                "expected a variant's name, or an object with one member named by the variant",
            )],
        ),
        (
            r#"{"shape": "Circle"}"#,
            &[(
                "shape",
                "expected an object with one member, named by the variant: this variant holds a value",
            )],
        ),
        (
            r#"{"shape": {}}"#,
            &[("shape", "expected an object with one member, named by the variant")],
        ),
        (
            r#"{"shape": {"Unit": null, "Square": 1}}"#,
            &[("shape", "expected an object with one member, named by the variant")],
        ),
        (
            r#"{"shape": {"Unit": 1}}"#,
            &[("shape.Unit", "expected null")],
        ),
        (
            r#"{"shape": {"Square": null}}"#,
            &[("shape.Square", "a value is required")],
        ),
        (
            r#"{"shape": {"Point": [1]}}"#,
            &[("shape.Point", "expected an array of 2 values")],
        ),
        (
            r#"{"shape": {"Point": [1, 2, 3]}}"#,
            &[("shape.Point", "expected an array of 2 values")],
        ),
        (
            r#"{"shape": {"Point": [1, null]}}"#,
            &[("shape.Point[1]", "a value is required")],
        ),
        (
            r#"{"shape": {"Point": [1.5, 2]}}"#,
            &[("shape.Point[0]", "expected an integer")],
        ),
        (
            r#"{"shape": {"Circle": [1.5]}}"#,
            &[("shape.Circle", "expected an object")],
        ),
        (
            r#"{"shape": {"Circle": {"r": 1, "r": 2}}}"#,
            &[("shape.Circle.r", "sent more than once")],
        ),
    ];
    for (body, want) in cases {
        assert_eq!(fails(body), pairs(want), "{body}");
    }
}

#[test]
fn a_json_syntax_error_still_ends_the_bind() {
    for body in [
        r#"{"shape": {"Circle": {"r": 1,}}}"#,
        r#"{"shape": {"Point": [1 2]}}"#,
        r#"{"tagged": {"r": [1, }, "type": "circle"}}"#,
        r#"{"tagged": {"r": 1, "type": "circle" "#,
        r#"{"shape": "Unit"  "#,
    ] {
        let err = json(body).unwrap_err();
        assert!(err.fields().is_none(), "{body}: {err}");
        assert_eq!(err.status(), 400, "{body}");
    }
}

#[test]
fn deny_unknown_fields_refuses_members_no_variant_field_takes() {
    #[derive(Bind, Debug, PartialEq)]
    #[bind(tag = "kind", deny_unknown_fields)]
    enum Strict {
        A { x: u8 },
        B,
    }
    #[derive(Bind, Debug)]
    struct S {
        #[bind(body)]
        s: Strict,
    }
    let bind = |b: &'static str| {
        S::bind(&Parts {
            body: Body::Json(b.as_bytes()),
            ..Parts::default()
        })
    };
    assert_eq!(
        bind(r#"{"s": {"x": 1, "kind": "A"}}"#).unwrap().s,
        Strict::A { x: 1 }
    );
    let err = Error::from(bind(r#"{"s": {"kind": "A", "x": 1, "y": 2}}"#).unwrap_err());
    assert_eq!(
        failures(&err),
        pairs(&[("s.y", "not a field this request takes")])
    );
    let err = Error::from(bind(r#"{"s": {"z": 0, "kind": "B"}}"#).unwrap_err());
    assert_eq!(
        failures(&err),
        pairs(&[("s.z", "not a field this request takes")])
    );
}

#[test]
fn text_sources_refuse_a_data_enum_and_take_a_unit_only_one() {
    #[derive(Bind, Debug, PartialEq)]
    #[bind(rename_all = "lowercase")]
    enum Sort {
        Asc,
        #[bind(alias = "down")]
        Desc,
    }
    #[derive(Bind, Debug)]
    struct Q {
        #[bind(query)]
        shape: Option<Shape>,
        #[bind(query)]
        sort: Vec<Sort>,
        #[bind(body)]
        by: Sort,
    }
    let q = |query: &'static str| {
        Q::bind(&Parts {
            query: Some(query),
            body: Body::Json(br#"{"by": {"desc": null}}"#),
            ..Parts::default()
        })
    };
    let ok = q("sort=asc&sort=down").unwrap();
    assert_eq!(
        (ok.shape, ok.sort, ok.by),
        (None, vec![Sort::Asc, Sort::Desc], Sort::Desc)
    );
    let err = Error::from(q("shape=Unit&sort=up").unwrap_err());
    assert_eq!(
        failures(&err),
        pairs(&[
            ("shape", "expected an object"),
            ("sort[0]", "expected one of: asc, desc"),
        ])
    );
}

#[test]
fn a_clean_bind_allocates_only_what_the_value_owns() {
    #[derive(Bind, Debug, PartialEq)]
    #[bind(tag = "type")]
    enum Borrowed<'r> {
        Text { body: &'r str, size: u32 },
        Point { at: (i32, i32) },
    }
    #[derive(Bind, Debug, PartialEq)]
    enum Ext<'r> {
        Text { body: &'r str },
        Point(i32, i32),
        Unit,
    }
    #[derive(Bind, Debug)]
    struct B<'r> {
        #[bind(body)]
        a: Borrowed<'r>,
        #[bind(body)]
        b: Borrowed<'r>,
        #[bind(body)]
        c: Ext<'r>,
        #[bind(body)]
        d: Ext<'r>,
        #[bind(body)]
        e: [Ext<'r>; 2],
    }
    let body = br#"{"a": {"size": 1, "body": "x", "type": "Text"}, "b": {"type": "Text", "body": "y", "size": 2},
        "c": {"Text": {"body": "z"}}, "d": {"Point": [1, 2]}, "e": ["Unit", {"Unit": null}]}"#;
    let req = Parts {
        body: Body::Json(body),
        ..Parts::default()
    };
    let (b, blocks, _) = measure(|| B::bind(&req).unwrap());
    assert_eq!(blocks, 0);
    assert_eq!(b.a, Borrowed::Text { body: "x", size: 1 });
    assert_eq!(b.b, Borrowed::Text { body: "y", size: 2 });
    assert_eq!((b.c, b.d), (Ext::Text { body: "z" }, Ext::Point(1, 2)));
    assert_eq!(b.e, [Ext::Unit, Ext::Unit]);
}

/// The same three enums bound by binder and deserialized by serde_json,
/// on generated documents: both accept with equal values, or both refuse.
///
/// The documents keep to what both read alike: binder also converts a
/// JSON string to a number field (`"1.5"` into `f64`) and a number or a
/// boolean to a text field, takes one lone value or `null` as a list, and
/// never takes an array for a struct (serde does, in order), an internally
/// tagged enum from an array or a variant's index for its name; the
/// generator sends none of those.
#[derive(Bind, serde::Deserialize, Debug, PartialEq)]
struct Diff {
    #[bind(body)]
    shape: Option<Shape>,
    #[bind(body)]
    tagged: Option<Tagged>,
    #[bind(body)]
    adjacent: Option<Adjacent>,
}

/// xorshift64*: the documents are the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }

    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// A value of `values`: one refused about one time in eight.
    fn value(&mut self, (good, bad): Values) -> &'static str {
        if self.chance(12) {
            self.pick(bad)
        } else {
            self.pick(good)
        }
    }
}

/// A field type's values: ones it takes, and (sent now and then) ones it
/// refuses.
type Values = (&'static [&'static str], &'static [&'static str]);

const F64: Values = (
    &["1", "1.5", "-2e3", "0"],
    &["null", "true", "[1]", "{}", r#""x""#],
);
const I32: Values = (
    &["1", "-7", "0"],
    &["1.5", "3000000000", "null", "[]", r#""a""#],
);
const LABEL: Values = (&[r#""a""#, r#""\u00e9t\u00e9""#, "null"], &["[]", "{}"]);
const U8: Values = (&["0", "255", "7"], &["256", "-1", "null", r#""z""#]);
const TAGS: Values = (&["[]", "[1, 2]", "[3]"], &["[300]", "{}", "[[]]"]);
const ANY: &[&str] = &[
    "null",
    "1",
    r#""s""#,
    "[]",
    "{}",
    r#"{"r": 1}"#,
    "[1, 2]",
    "true",
];

/// An object of `fields` (name, values), each sent most times, sometimes
/// twice, with a member no field has now and then, in a random order (in
/// the order given, `fixed` first, three times in ten); and `fixed`
/// members wherever they fall.
fn object(rng: &mut Rng, fields: &[(&str, Values)], fixed: &[String]) -> String {
    let mut members: Vec<String> = fixed.to_vec();
    for (name, values) in fields {
        let times = match rng.below(20) {
            0 => 0,
            1 => 2,
            _ => 1,
        };
        for _ in 0..times {
            members.push(format!(r#""{name}": {}"#, rng.value(*values)));
        }
    }
    if rng.chance(30) {
        members.push(format!(r#""extra": {}"#, rng.pick(ANY)));
    }
    if !rng.chance(30) {
        for i in (1..members.len()).rev() {
            members.swap(i, rng.below(i + 1));
        }
    }
    format!("{{{}}}", members.join(", "))
}

const CIRCLE: &[(&str, Values)] = &[("r", F64), ("label", LABEL)];
const INNER: &[(&str, Values)] = &[("n", U8)];

/// An externally tagged `Shape`'s value, or the variant named `name`'s
/// content (right most times, anything now and then).
fn shape_content(rng: &mut Rng, name: &str) -> String {
    if rng.chance(10) {
        return rng.pick(ANY).to_owned();
    }
    match name {
        "Unit" | "\\u0055nit" => rng.pick(&["null", "{}", "1"]).to_owned(),
        "Square" | "Sq" => rng.value(F64).to_owned(),
        "Point" => match rng.below(6) {
            0 => rng.pick(&["null", "{}", "1"]).to_owned(),
            _ => {
                let n = rng.pick(&["0", "1", "2", "2", "2", "3"]).parse().unwrap();
                let xs: Vec<&str> = (0..n).map(|_| rng.value(I32)).collect();
                format!("[{}]", xs.join(", "))
            }
        },
        "Circle" | "\\u0043ircle" => match rng.below(8) {
            0 => rng.pick(&["null", "1", r#""c""#]).to_owned(),
            _ => object(rng, CIRCLE, &[]),
        },
        "Wrap" => match rng.below(8) {
            0 => rng.pick(&["null", "2"]).to_owned(),
            _ => object(rng, INNER, &[]),
        },
        _ => rng.pick(ANY).to_owned(),
    }
}

fn shape_doc(rng: &mut Rng) -> String {
    const NAMES: &[&str] = &[
        "Unit",
        "Square",
        "Sq",
        "Point",
        "Circle",
        "Wrap",
        "Square",
        "Point",
        "Circle",
        "Wrap",
        "unit",
        "Nope",
        "\\u0055nit",
        "\\u0043ircle",
    ];
    match rng.below(10) {
        0 | 1 => format!(r#""{}""#, rng.pick(NAMES)),
        2 => match rng.below(3) {
            0 => "{}".to_owned(),
            _ => {
                let (a, b) = (rng.pick(NAMES), rng.pick(NAMES));
                let (ca, cb) = (shape_content(rng, a), shape_content(rng, b));
                format!(r#"{{"{a}": {ca}, "{b}": {cb}}}"#)
            }
        },
        3 => rng.pick(&["3", "true", "[]", "null"]).to_owned(),
        _ => {
            let name = rng.pick(NAMES);
            format!(r#"{{"{name}": {}}}"#, shape_content(rng, name))
        }
    }
}

fn tagged_doc(rng: &mut Rng) -> String {
    const NAMES: &[&str] = &[
        r#""nothing""#,
        r#""circle""#,
        r#""in-review""#,
        r#""wrap""#,
        r#""circle""#,
        r#""in-review""#,
        r#""wrap""#,
        r#""Circle""#,
        r#""nope""#,
        r#""\u0063ircle""#,
        "null",
        "true",
        "{}",
    ];
    if rng.chance(5) {
        return rng.pick(&["null", r#""circle""#, "3"]).to_owned();
    }
    let tag_name = rng.pick(&["type", "type", "type", "\\u0074ype"]);
    let tags = match rng.below(10) {
        0 => 0,
        1 => 2,
        _ => 1,
    };
    let value = rng.pick(NAMES);
    let fixed: Vec<String> = (0..tags)
        .map(|i| {
            let v = if i == 0 { value } else { rng.pick(NAMES) };
            format!(r#""{tag_name}": {v}"#)
        })
        .collect();
    let fields: &[(&str, Values)] = match value {
        r#""circle""# | r#""\u0063ircle""# => CIRCLE,
        r#""in-review""# => &[("tags", TAGS)],
        r#""wrap""# => INNER,
        _ => &[("r", F64), ("n", U8), ("tags", TAGS)],
    };
    object(rng, fields, &fixed)
}

fn adjacent_doc(rng: &mut Rng) -> String {
    const NAMES: &[&str] = &[
        r#""Unit""#,
        r#""Square""#,
        r#""Point""#,
        r#""Circle""#,
        r#""Square""#,
        r#""Point""#,
        r#""Circle""#,
        r#""unit""#,
        r#""Nope""#,
        "null",
        "true",
    ];
    let name = rng.pick(NAMES);
    let mut fixed = Vec::new();
    for _ in 0..rng.pick(&["0", "1", "1", "1", "1", "2"]).parse().unwrap() {
        fixed.push(format!(r#""t": {name}"#));
    }
    let content = name.trim_matches('"');
    for _ in 0..rng.pick(&["0", "1", "1", "1", "2"]).parse().unwrap() {
        fixed.push(format!(r#""c": {}"#, shape_content(rng, content)));
    }
    object(rng, &[], &fixed)
}

#[test]
fn binds_as_serde_json_deserializes_on_generated_documents() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut accepted, mut refused) = (0, 0);
    for i in 0..1500 {
        let (field, value) = match i % 3 {
            0 => ("shape", shape_doc(&mut rng)),
            1 => ("tagged", tagged_doc(&mut rng)),
            _ => ("adjacent", adjacent_doc(&mut rng)),
        };
        let doc = format!(r#"{{"{field}": {value}}}"#);
        // Every other document compact, as serializers write it: members
        // in declaration order are then taken by the expected-member
        // compares.
        let doc = if i % 2 == 0 {
            String::from_utf8(binder_test_support::generate::json_compact(doc.as_bytes())).unwrap()
        } else {
            doc
        };
        let ours = Diff::bind(&Parts {
            body: Body::Json(doc.as_bytes()),
            ..Parts::default()
        });
        let theirs = serde_json::from_str::<Diff>(&doc);
        match (ours, theirs) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a, b, "{doc}");
                accepted += 1;
            }
            (Err(e), Err(_)) => {
                assert!(e.fields().is_some(), "{doc}: not a field error: {e}");
                refused += 1;
            }
            (Ok(a), Err(e)) => panic!("{doc}\nbinder took {a:?}\nserde_json refused: {e}"),
            (Err(e), Ok(b)) => panic!("{doc}\nbinder refused: {e}\nserde_json took {b:?}"),
        }
    }
    // Both outcomes are well represented.
    assert!(
        accepted > 300 && refused > 300,
        "{accepted} accepted, {refused} refused"
    );
}
