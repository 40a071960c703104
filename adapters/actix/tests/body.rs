//! The body policy through `Bound<T>`: the same rules as binder-hyper,
//! driven with `FromRequest` on payloads that count what they hand out.

mod common;

use actix_web::dev::Payload;
use actix_web::test::TestRequest;
use actix_web::{web, FromRequest};
use binder_actix::{Bound, BoundRejection, Error, ACTIX_DEFAULT_LIMIT};
use binder_http::length::LengthError;
use binder_http::{Bind, Limits};
use common::{chunks, End, Tally};
use std::rc::Rc;

#[derive(Bind, Debug)]
struct Note {
    #[bind(body)]
    text: String,
}

/// Extracts a `Note` from a form request with these `Content-Length` lines
/// (and `Transfer-Encoding: chunked` when `te`), whose payload yields
/// `parts` then `end`, in an app configured by `app`.
async fn extract_in(
    app: impl FnOnce(TestRequest) -> TestRequest,
    lengths: &[&str],
    te: bool,
    parts: &[&'static [u8]],
    end: End,
) -> (Result<String, BoundRejection>, Rc<Tally>) {
    let mut t = TestRequest::post()
        .uri("/notes")
        .insert_header(("content-type", "application/x-www-form-urlencoded"));
    for l in lengths {
        t = t.append_header(("content-length", *l));
    }
    if te {
        t = t.insert_header(("transfer-encoding", "chunked"));
    }
    let req = app(t).to_http_request();
    let (mut payload, tally) = chunks(parts, end);
    let got = Bound::<Note>::from_request(&req, &mut payload).await;
    (got.map(|Bound(n)| n.text), tally)
}

async fn extract(
    lengths: &[&str],
    te: bool,
    parts: &[&'static [u8]],
) -> (Result<String, BoundRejection>, Rc<Tally>) {
    extract_in(|t| t, lengths, te, parts, End::Eof).await
}

/// Refused with `kind`, as a 400, the payload never polled.
async fn refused(lengths: &[&str], te: bool, kind: LengthError) {
    let (got, tally) = extract(lengths, te, &[b"text=ab"]).await;
    let rej = got.expect_err("refused");
    assert_eq!(rej.status(), 400, "{lengths:?}");
    assert!(
        matches!(rej.0, Error::Length(k) if k == kind),
        "{lengths:?}: {rej}"
    );
    assert_eq!(tally.polls.get(), 0, "{lengths:?}: the payload was polled");
}

#[actix_web::test]
async fn malformed_lengths_are_400_and_nothing_is_read() {
    refused(&["+7"], false, LengthError::NotDigits).await;
    refused(&["-7"], false, LengthError::NotDigits).await;
    refused(&["0x7"], false, LengthError::NotDigits).await;
    refused(&["7a"], false, LengthError::NotDigits).await;
    refused(&[""], false, LengthError::NotDigits).await;
    refused(&["18446744073709551616"], false, LengthError::Overflow).await;
    refused(&["7, 8"], false, LengthError::Conflicting).await;
    refused(&["7", "8"], false, LengthError::Conflicting).await;
    refused(&["7"], true, LengthError::WithTransferEncoding).await;
}

#[actix_web::test]
async fn agreeing_lengths_and_chunked_bodies_bind() {
    for lengths in [&["7"][..], &["7, 7"], &["7", "7"], &[]] {
        let (got, _) = extract(lengths, false, &[b"te", b"xt=", b"ab"]).await;
        assert_eq!(got.expect("binds"), "ab", "{lengths:?}");
    }
    let (got, _) = extract(&[], true, &[b"text", b"=ab"]).await;
    assert_eq!(got.expect("binds"), "ab");
}

#[actix_web::test]
async fn a_declared_length_over_the_limit_is_413_before_reading() {
    let small = |t: TestRequest| {
        let mut l = Limits::DEFAULT;
        l.max_body_bytes = 4;
        t.app_data(l)
    };
    let (got, tally) = extract_in(small, &["7"], false, &[b"text=ab"], End::Eof).await;
    let rej = got.expect_err("too large");
    assert_eq!(rej.status(), 413);
    assert!(matches!(rej.0, Error::TooLarge { limit: 4 }), "{rej}");
    assert_eq!(tally.polls.get(), 0);
    // actix's PayloadConfig, the same way; the limit found out exactly.
    let cfg = |t: TestRequest| t.app_data(web::PayloadConfig::new(5));
    let (got, tally) = extract_in(cfg, &["7"], false, &[b"text=ab"], End::Eof).await;
    assert!(matches!(
        got.expect_err("too large").0,
        Error::TooLarge { limit: 5 }
    ));
    assert_eq!(tally.polls.get(), 0);
}

#[actix_web::test]
async fn an_unknown_length_is_read_to_the_limit_plus_one_at_most() {
    for (name, app) in [
        (
            "binder",
            (|t: TestRequest| {
                let mut l = Limits::DEFAULT;
                l.max_body_bytes = 5;
                t.app_data(l)
            }) as fn(TestRequest) -> TestRequest,
        ),
        ("actix", |t| t.app_data(web::PayloadConfig::new(5))),
        ("actix data", |t| {
            t.app_data(web::Data::new(web::PayloadConfig::new(5)))
        }),
    ] {
        let (got, tally) =
            extract_in(app, &[], true, &[b"tex", b"t=", b"ab", b"cd"], End::Eof).await;
        let rej = got.expect_err("too large");
        assert!(
            matches!(rej.0, Error::TooLarge { limit: 5 }),
            "{name}: {rej}"
        );
        // Stopped at the chunk that passed 5 bytes: 7 read, none after.
        assert_eq!((tally.chunks.get(), tally.bytes.get()), (3, 7), "{name}");
    }
}

#[actix_web::test]
async fn a_short_body_is_incomplete_400() {
    let (got, tally) = extract(&["10"], false, &[b"text", b"=ab"]).await;
    let rej = got.expect_err("incomplete");
    assert_eq!(rej.status(), 400);
    assert!(
        matches!(
            rej.0,
            Error::Incomplete {
                declared: 10,
                received: 7
            }
        ),
        "{rej}"
    );
    assert_eq!(tally.bytes.get(), 7);
    // A connection closed early, as actix says it: the same error.
    let (got, _) = extract_in(|t| t, &["10"], false, &[b"text"], End::Incomplete).await;
    assert!(matches!(
        got.expect_err("incomplete").0,
        Error::Incomplete {
            declared: 10,
            received: 4
        }
    ));
}

#[actix_web::test]
async fn a_transport_error_is_a_read_error_400() {
    let (got, _) = extract_in(|t| t, &[], true, &[b"text"], End::Io).await;
    let rej = got.expect_err("read");
    assert_eq!(rej.status(), 400);
    assert!(matches!(rej.0, Error::Read(_)), "{rej}");
}

#[actix_web::test]
async fn a_longer_body_is_refused_at_the_chunk_that_passes_its_length() {
    let (got, tally) = extract(&["7"], false, &[b"text", b"=ab&x", b"=1", b"&y=2"]).await;
    let rej = got.expect_err("longer");
    assert_eq!(rej.status(), 400);
    assert!(
        matches!(rej.0, Error::LongerThanDeclared { declared: 7 }),
        "{rej}"
    );
    assert_eq!(
        (tally.chunks.get(), tally.bytes.get(), tally.polls.get()),
        (2, 9, 2)
    );
}

#[actix_web::test]
async fn a_body_in_one_chunk_is_not_copied() {
    #[derive(Bind)]
    struct Raw {
        #[bind(raw_body)]
        at: Ptr,
    }
    /// Where the body bound from lay.
    struct Ptr(usize);
    impl<'r> binder_http::FromBody<'r> for Ptr {
        fn from_body(b: &'r [u8]) -> Result<Self, binder_http::field::ValueError> {
            Ok(Ptr(b.as_ptr() as usize))
        }
    }
    static BODY: &[u8] = b"text=ab";
    let req = TestRequest::post()
        .insert_header(("content-type", "text/plain"))
        .to_http_request();
    let (mut payload, _) = chunks(&[BODY], End::Eof);
    let Bound(r) = Bound::<Raw>::from_request(&req, &mut payload)
        .await
        .unwrap();
    assert_eq!(r.at.0, BODY.as_ptr() as usize);
}

#[actix_web::test]
async fn actix_default_limit_is_what_actix_refuses() {
    // The constant binder-actix uses without a PayloadConfig is the limit of
    // actix's own `web::Bytes` extractor.
    for (n, refused) in [
        (ACTIX_DEFAULT_LIMIT, false),
        (ACTIX_DEFAULT_LIMIT + 1, true),
    ] {
        let req = TestRequest::post()
            .insert_header(("content-length", n))
            .to_http_request();
        let got = web::Bytes::from_request(&req, &mut Payload::None).await;
        assert_eq!(got.is_err(), refused, "{n}");
    }
}

#[actix_web::test]
async fn a_payload_config_limit_is_found_exactly() {
    // On one thread, so the limit found last is a (checked) guess each
    // time: right for the repeated 5, wrong for every other.
    for limit in [0, 1, 2, 3, 7, 100, 4095, 4096, 262_143, 1 << 20, 5, 5, 3, 1] {
        // Chunked: binder must find the limit to read under it.
        let cfg = move |t: TestRequest| t.app_data(web::PayloadConfig::new(limit));
        let mut l = Limits::DEFAULT;
        l.max_body_bytes = 2 << 20;
        let body: &'static [u8] =
            Box::leak(vec![b'a'; (limit + 1).min(3 << 20)].into_boxed_slice());
        let (got, _) = extract_in(move |t| cfg(t).app_data(l), &[], true, &[body], End::Eof).await;
        match got {
            Err(BoundRejection(Error::TooLarge { limit: found })) => assert_eq!(found, limit),
            other => panic!("{limit}: {other:?}"),
        }
    }
}
