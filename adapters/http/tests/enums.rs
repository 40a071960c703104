//! `#[derive(FromText)]` on unit enums: a variant from one text value in
//! every source (path, query, header, cookie, form, multipart text, JSON
//! string), with `rename_all`, `rename` and `alias`; a value that is none of
//! them is refused under the field's name with the accepted spellings, never
//! the value.

use binder_http::convert::parse_text;
use binder_http::field::ValueErrorKind;
use binder_http::request::{Body, Parts};
use binder_http::{Bind, Error, FieldErrorKind, FromText};

#[derive(FromText, Debug, PartialEq, Clone, Copy)]
#[bind(rename_all = "snake_case")]
enum Status {
    Active,
    InReview,
    #[bind(rename = "gone", alias = "deleted", alias = "removed")]
    Archived,
}

#[derive(FromText, Debug, PartialEq)]
enum Sort {
    Asc,
    Desc,
}

#[derive(Bind, Debug, PartialEq)]
struct Everywhere {
    #[bind(path = "status")]
    path: Status,
    #[bind(query)]
    sort: Option<Sort>,
    #[bind(query = "status")]
    filter: Vec<Status>,
    #[bind(header = "X-Status")]
    header: Status,
    #[bind(cookie)]
    pref: Status,
    #[bind(body)]
    body: Status,
}

fn bind<'r>(
    query: &'r str,
    cookie: &'r [u8],
    ct: &'r [u8],
    body: &'r [u8],
) -> Result<Everywhere, Error> {
    let headers: &[(&str, &[u8])] = &[("x-status", b"in_review"), ("cookie", cookie)];
    Ok(Everywhere::bind(&Parts {
        path: &[("status", "active")],
        query: Some(query),
        headers,
        body: Body::classify(Some(ct), body),
    })?)
}

#[test]
fn a_variant_binds_from_every_source() {
    let want = Everywhere {
        path: Status::Active,
        sort: Some(Sort::Desc),
        filter: vec![Status::Archived, Status::Archived, Status::InReview],
        header: Status::InReview,
        pref: Status::Archived,
        body: Status::Active,
    };
    let query = "sort=Desc&status=gone&status=deleted&status=in%5Freview";
    let cookie = b"pref=removed";
    let json = bind(query, cookie, b"application/json", br#"{"body":"active"}"#).unwrap();
    assert_eq!(json, want);
    // An escaped JSON string is decoded first.
    let escaped = bind(
        query,
        cookie,
        b"application/json",
        br#"{"body":"\u0061ctive"}"#,
    );
    assert_eq!(escaped.unwrap(), want);
    let form = bind(
        query,
        cookie,
        b"application/x-www-form-urlencoded",
        b"body=active",
    );
    assert_eq!(form.unwrap(), want);
    let multipart = b"--B\r\nContent-Disposition: form-data; name=body\r\n\r\nactive\r\n--B--\r\n";
    let up = bind(query, cookie, b"multipart/form-data; boundary=B", multipart);
    assert_eq!(up.unwrap(), want);
    // An absent optional enum is `None`, and so is a blank one, the way a
    // form's empty `<select>` sends it.
    for q in ["status=gone", "sort=&status=gone"] {
        let e = bind(q, cookie, b"application/json", br#"{"body":"active"}"#).unwrap();
        assert_eq!((e.sort, e.filter), (None, vec![Status::Archived]));
    }
}

#[test]
fn an_unknown_spelling_is_refused_with_the_spellings_not_the_value() {
    let err = bind(
        "sort=DESC&status=Active&status=in_review",
        b"pref=secret-value",
        b"application/json",
        br#"{"body":7}"#,
    )
    .unwrap_err();
    let text = err.to_string();
    assert!(
        !text.contains("DESC") && !text.contains("secret-value"),
        "{text}"
    );
    let fields = match &err {
        Error::Bind(e) => e.fields().unwrap().as_slice().to_vec(),
        other => panic!("{other:?}"),
    };
    let failed: Vec<(String, &str)> = fields
        .iter()
        .map(|f| (f.path().to_string(), f.kind().detail()))
        .collect();
    let status = "expected one of: active, in_review, gone";
    assert_eq!(
        failed,
        [
            ("sort".to_owned(), "expected one of: Asc, Desc"),
            ("status[0]".to_owned(), status),
            ("pref".to_owned(), status),
            ("body".to_owned(), status),
        ]
    );
    // The spellings come as a list too, for a response that offers them.
    match fields[1].kind() {
        FieldErrorKind::Invalid(e) => assert!(matches!(
            e.kind(),
            ValueErrorKind::NotOneOf {
                accepted: ["active", "in_review", "gone"],
                ..
            }
        )),
        other => panic!("{other:?}"),
    }
    let problem = err.problem_json();
    assert!(problem.contains(
        r#"{"source":"query","field":"sort","code":"invalid","detail":"expected one of: Asc, Desc"}"#
    ), "{problem}");
    assert!(
        !problem.contains("DESC") && !problem.contains("secret"),
        "{problem}"
    );
}

#[test]
fn spellings_are_exact_and_aliases_select_their_variant() {
    assert_eq!(parse_text::<Status>(b"gone"), Ok(Status::Archived));
    assert_eq!(parse_text::<Status>(b"deleted"), Ok(Status::Archived));
    assert_eq!(parse_text::<Status>(b"removed"), Ok(Status::Archived));
    // `rename` replaces the variant's own spelling.
    for refused in [
        &b"archived"[..],
        b"Archived",
        b"Active",
        b"ACTIVE",
        b"active ",
        b"",
        b"\xff",
    ] {
        assert!(parse_text::<Status>(refused).is_err(), "{refused:?}");
    }
    assert_eq!(parse_text::<Sort>(b"Asc"), Ok(Sort::Asc));
    assert!(parse_text::<Sort>(b"asc").is_err());
}

/// Every rename rule on a two-word variant, as serde spells variants.
#[test]
fn rename_all_spells_variants_as_serde_does() {
    macro_rules! spelled {
        ($rule:literal, $word:literal) => {{
            #[derive(FromText, Debug, PartialEq)]
            #[bind(rename_all = $rule)]
            enum E {
                InReview,
            }
            assert_eq!(parse_text::<E>($word.as_bytes()), Ok(E::InReview), $rule);
        }};
    }
    spelled!("lowercase", "inreview");
    spelled!("UPPERCASE", "INREVIEW");
    spelled!("PascalCase", "InReview");
    spelled!("camelCase", "inReview");
    spelled!("snake_case", "in_review");
    spelled!("SCREAMING_SNAKE_CASE", "IN_REVIEW");
    spelled!("kebab-case", "in-review");
}

/// A newtype reads its field's type: every source, JSON numbers, strings
/// and booleans as the field's type takes them, a borrowed one borrowing,
/// and the field's own errors.
#[derive(FromText, Debug, PartialEq, Clone, Copy)]
struct UserId(u64);

#[derive(FromText, Debug, PartialEq)]
struct Name<'r>(std::borrow::Cow<'r, str>);

#[derive(FromText, Debug, PartialEq)]
struct Flag(bool);

#[derive(Bind, Debug)]
struct Lookup<'r> {
    #[bind(path = "id")]
    id: UserId,
    #[bind(query)]
    also: Vec<UserId>,
    #[bind(query)]
    nick: Option<Name<'r>>,
    #[bind(body)]
    owner: UserId,
    #[bind(body)]
    name: Name<'r>,
    #[bind(body)]
    flag: Flag,
}

#[test]
fn a_newtype_binds_as_its_field_does() {
    let path = [("id", "7")];
    let json = br#"{"owner":42,"name":"Ada","flag":true}"#;
    let req = Parts {
        path: &path,
        query: Some("also=1&also=2&nick="),
        body: Body::classify(Some(b"application/json"), json),
        ..Parts::default()
    };
    let l = Lookup::bind(&req).unwrap();
    assert_eq!(
        (l.id, l.also, l.owner),
        (UserId(7), vec![UserId(1), UserId(2)], UserId(42))
    );
    // Text keeps an empty value (`Some("")`), as `Option<Cow<str>>` does.
    assert_eq!(l.nick, Some(Name("".into())));
    assert!(matches!(l.name.0, std::borrow::Cow::Borrowed("Ada")));
    assert_eq!(l.flag, Flag(true));
    let form = Parts {
        body: Body::classify(
            Some(b"application/x-www-form-urlencoded"),
            b"owner=42&name=Ada+L&flag=on",
        ),
        ..req
    };
    let l = Lookup::bind(&form).unwrap();
    assert_eq!(
        (l.owner, &*l.name.0, l.flag),
        (UserId(42), "Ada L", Flag(true))
    );
    let bad = Parts {
        query: Some("also=-1"),
        body: Body::classify(
            Some(b"application/json"),
            br#"{"owner":1.5,"name":7,"flag":"yes"}"#,
        ),
        ..req
    };
    let err = Lookup::bind(&bad).unwrap_err().to_string();
    assert_eq!(
        err,
        "query: also[0]: expected an unsigned integer\nbody: owner: expected an unsigned integer\nbody: flag: expected true, false, 1, 0, on or off"
    );
}
