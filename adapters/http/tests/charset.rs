//! A JSON or urlencoded body declaring a charset other than UTF-8 answers
//! 415 "unsupported charset", never a field error per text field.
#![allow(dead_code)]

use binder_http::Bind;

#[derive(Bind, Debug)]
struct Signup {
    #[bind(query)]
    page: u32,
    #[bind(body)]
    name: String,
    #[bind(body)]
    city: String,
}

fn post(content_type: &str, body: &[u8]) -> http::Request<Vec<u8>> {
    http::Request::post("/signup?page=x")
        .header("content-type", content_type)
        .body(body.to_vec())
        .unwrap()
}

/// `Ok` or the status and problem+json detail of the error.
fn bind(req: &http::Request<Vec<u8>>) -> Result<Signup, (u16, String)> {
    binder_http::bind::<Signup, _>(req, &[]).map_err(|e| (e.status().as_u16(), e.problem_json()))
}

const CHARSET_DETAIL: &str =
    r#""detail":"the body's Content-Type declares a charset other than UTF-8""#;

#[test]
fn json_in_latin1_is_415_unsupported_charset_not_field_errors() {
    // "Zoë" and "Köln" in ISO-8859-1: not UTF-8.
    let req = post(
        "application/json; charset=ISO-8859-1",
        b"{\"name\":\"Zo\xeb\",\"city\":\"K\xf6ln\"}",
    );
    let (status, problem) = bind(&req).unwrap_err();
    assert_eq!(status, 415, "{problem}");
    assert!(problem.contains(CHARSET_DETAIL), "{problem}");
    assert!(
        !problem.contains("\"errors\""),
        "no field errors: {problem}"
    );
}

#[test]
fn a_form_in_windows_1252_is_415_unsupported_charset() {
    let req = post(
        "application/x-www-form-urlencoded; charset=windows-1252",
        b"name=Zo%EB&city=K%F6ln",
    );
    let (status, problem) = bind(&req).unwrap_err();
    assert_eq!(status, 415, "{problem}");
    assert!(problem.contains(CHARSET_DETAIL), "{problem}");
}

#[test]
fn utf8_in_any_spelling_is_read() {
    for ct in [
        "application/json; charset=UTF-8",
        "application/json; charset=\"utf-8\"",
        "application/json;charset=utf8",
    ] {
        let req = post(ct, "{\"name\":\"Zoë\",\"city\":\"Köln\"}".as_bytes());
        // Only the query's `page=x` fails: the body was read.
        let (status, problem) = bind(&req).unwrap_err();
        assert_eq!(status, 400, "{ct}: {problem}");
        assert!(problem.contains(r#""source":"query","field":"page""#));
    }
    let req = post(
        "application/x-www-form-urlencoded; charset=\"UTF-8\"",
        b"name=Zo%C3%AB&city=K%C3%B6ln",
    );
    assert_eq!(bind(&req).unwrap_err().0, 400);
}

#[test]
fn a_multipart_charset_is_not_read() {
    // Parts carry their own types; the body's `charset` means nothing.
    let body = b"--B\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nZo\xc3\xab\r\n\
                 --B\r\nContent-Disposition: form-data; name=\"city\"\r\n\r\nK\xc3\xb6ln\r\n--B--\r\n";
    let req = http::Request::post("/signup?page=2")
        .header(
            "content-type",
            "multipart/form-data; charset=latin1; boundary=B",
        )
        .body(body.to_vec())
        .unwrap();
    let s = bind(&req).unwrap();
    assert_eq!((s.name.as_str(), s.city.as_str()), ("Zoë", "Köln"));
}
