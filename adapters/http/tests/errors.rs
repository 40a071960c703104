//! Errors compose with `?`: owned, `Send + Sync + 'static`, into
//! `Box<dyn Error + Send + Sync>` and anyhow, for owned and borrowed targets,
//! in functions that own the request; the problem details count errors and
//! fields apart; what the client reads never carries a developer's hint.

use binder_http::request::{Body, Parts};
use binder_http::{Bind, Error};
use std::borrow::Cow;

#[derive(Bind, Debug)]
#[allow(dead_code)]
struct Owned {
    #[bind(query)]
    page: u32,
    #[bind(query)]
    tags: Vec<String>,
}

#[derive(Bind, Debug)]
struct Borrowed<'r> {
    #[bind(query)]
    q: &'r str,
    #[bind(query)]
    sort: Cow<'r, str>,
}

fn request(uri: &str) -> http::Request<Vec<u8>> {
    http::Request::get(uri).body(Vec::new()).unwrap()
}

/// Owns the request; the bind's error leaves the function with `?`.
fn owned_boxed(
    req: http::Request<Vec<u8>>,
) -> Result<u32, Box<dyn std::error::Error + Send + Sync>> {
    let o: Owned = binder_http::bind(&req, &[])?;
    Ok(o.page)
}

fn borrowed_boxed(
    req: http::Request<Vec<u8>>,
) -> Result<String, Box<dyn std::error::Error + Send + Sync>> {
    let b: Borrowed = binder_http::bind(&req, &[])?;
    Ok(format!("{} {}", b.q, b.sort))
}

fn owned_anyhow(req: http::Request<Vec<u8>>) -> anyhow::Result<u32> {
    let o: Owned = binder_http::bind(&req, &[])?;
    Ok(o.page)
}

fn borrowed_anyhow(req: http::Request<Vec<u8>>) -> anyhow::Result<String> {
    let b: Borrowed = binder_http::bind(&req, &[])?;
    Ok(b.q.to_owned())
}

/// binder-core alone: `Bind::bind`'s error is owned too.
fn core_boxed(query: String) -> Result<u32, Box<dyn std::error::Error + Send + Sync>> {
    let parts = Parts {
        query: Some(&query),
        ..Parts::default()
    };
    Ok(Owned::bind(&parts)?.page)
}

#[test]
fn question_mark_carries_bind_errors_out_of_functions_that_own_the_request() {
    assert_eq!(owned_boxed(request("/?page=2")).unwrap(), 2);
    assert_eq!(borrowed_boxed(request("/?q=a&sort=b+c")).unwrap(), "a b c");
    assert_eq!(owned_anyhow(request("/?page=3")).unwrap(), 3);
    assert_eq!(borrowed_anyhow(request("/?q=z&sort=s")).unwrap(), "z");
    assert_eq!(core_boxed("page=4".into()).unwrap(), 4);

    let e = owned_boxed(request("/?page=x")).unwrap_err();
    let e = e.downcast_ref::<Error>().expect("a binder_http::Error");
    assert_eq!(e.status(), 400);
    assert_eq!(e.fields().unwrap().as_slice()[0].path().to_string(), "page");

    let e = borrowed_anyhow(request("/?sort=s")).unwrap_err();
    let e = e.downcast_ref::<Error>().expect("a binder_http::Error");
    assert_eq!(e.to_string(), "query: q: a value is required");

    let e = core_boxed("page=-1".into()).unwrap_err();
    assert!(e.downcast_ref::<binder_http::BindError>().is_some());
}

#[test]
fn errors_are_send_sync_static() {
    fn check<T: std::error::Error + Send + Sync + 'static>() {}
    check::<Error>();
    check::<binder_http::BindError>();
}

#[test]
fn the_detail_counts_errors_and_fields_apart() {
    #[derive(Bind, Debug)]
    #[allow(dead_code)]
    struct Many {
        #[bind(query)]
        n: Vec<u8>,
        #[bind(query)]
        a: u8,
    }
    // Six errors on `n`, one on `a`: seven errors in two fields.
    let parts = Parts {
        query: Some("n=x&n=y&n=z&n=300&n=-1&n=q&a=b"),
        ..Parts::default()
    };
    let e = Error::from(Many::bind(&parts).unwrap_err());
    let problem = e.problem_json();
    assert!(
        problem.contains(r#""detail":"7 errors in 2 fields""#),
        "{problem}"
    );
    // One error a field: the short form.
    let parts = Parts {
        query: Some("a=b"),
        ..Parts::default()
    };
    let e = Error::from(Many::bind(&parts).unwrap_err());
    assert!(e
        .problem_json()
        .contains(r#""detail":"1 field failed to bind""#));
    // Past max_errors: the rest is counted.
    let mut limits = binder_http::Limits::DEFAULT;
    limits.max_errors = 2;
    let parts = Parts {
        query: Some("n=x&n=y&n=z&a=b"),
        ..Parts::default()
    };
    let e = Error::from(Many::bind_with(&parts, &limits).unwrap_err());
    assert!(
        e.problem_json()
            .contains(r#""detail":"2 errors in 1 field, and 2 more not listed""#),
        "{}",
        e.problem_json()
    );
}

#[test]
fn the_client_reads_what_was_wrong_and_the_developer_hint_stays_in_debug() {
    #[derive(Bind, Debug)]
    #[allow(dead_code)]
    struct B<'r> {
        #[bind(body)]
        name: &'r str,
    }
    let req = Parts {
        body: Body::Form(b"name=Ada+Lovelace"),
        ..Parts::default()
    };
    let e = Error::from(B::bind(&req).unwrap_err());
    let client = format!("{e} {}", e.problem_json());
    assert!(
        !client.contains("Cow") && !client.contains("String"),
        "{client}"
    );
    assert!(client.contains("unescaped"), "{client}");
    let debug = format!("{e:?}");
    assert!(debug.contains("Cow<str> or String"), "{debug}");
}

#[test]
fn read_side_and_bind_side_failures_are_one_type_with_a_status() {
    let cases = [
        (Error::TooLarge { limit: 10 }, 413, true),
        (
            Error::Length(binder_http::length::LengthError::NotDigits),
            400,
            false,
        ),
        (
            Error::Incomplete {
                declared: 10,
                received: 3,
            },
            400,
            false,
        ),
        (Error::LongerThanDeclared { declared: 3 }, 400, false),
        (
            Error::Bind(binder_http::BindError::UnsupportedMediaType),
            415,
            false,
        ),
    ];
    for (e, status, limit) in cases {
        assert_eq!(e.status(), status, "{e}");
        assert_eq!(e.is_limit(), limit, "{e}");
        let res = e.to_response::<String>();
        assert_eq!(res.status(), status);
        assert_eq!(res.headers()["content-type"], binder_http::PROBLEM_JSON);
        assert!(res.body().contains(&format!(r#""status":{status}"#)));
    }
}
