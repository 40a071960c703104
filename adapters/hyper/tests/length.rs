//! The declared length, through `read_request` and `bind`: every malformed
//! or conflicting `Content-Length` is a 400 before anything is read, and a
//! body is read exactly to its declared length, never past it.

use binder_http::length::LengthError;
use binder_http::Bind;
use binder_hyper::{read_request, Error};
use binder_test_support::frames::{ready, Frames, Tally};
use bytes::Bytes;
use std::sync::Arc;

/// The limit the reads run under: far above every body here.
const LIMIT: usize = 1024;

/// A request with these `Content-Length` lines (and `Transfer-Encoding:
/// chunked` when `te`), whose body yields `frames`.
fn request(
    lengths: &[&[u8]],
    te: bool,
    frames: &[&'static [u8]],
) -> (http::Request<Frames>, Arc<Tally>) {
    let mut b =
        http::Request::post("/orders").header("content-type", "application/x-www-form-urlencoded");
    for l in lengths {
        b = b.header("content-length", http::HeaderValue::from_bytes(l).unwrap());
    }
    if te {
        b = b.header("transfer-encoding", "chunked");
    }
    let body = Frames::new(frames.iter().copied().map(Bytes::from_static));
    let tally = body.tally();
    (b.body(body).unwrap(), tally)
}

/// Reads `lengths` + `frames` under [`LIMIT`].
fn read(
    lengths: &[&[u8]],
    te: bool,
    frames: &[&'static [u8]],
) -> (Result<Bytes, Error>, Arc<Tally>) {
    let (req, tally) = request(lengths, te, frames);
    (ready(read_request(req, LIMIT)).map(|(_, b)| b), tally)
}

/// `lengths` are refused with `kind`, as a 400, and the body is never polled.
fn refused(lengths: &[&[u8]], te: bool, kind: LengthError) {
    let (got, tally) = read(lengths, te, &[b"1234567"]);
    match got {
        Err(e @ Error::Length(k)) if k == kind => {
            assert_eq!(e.status(), 400);
            assert_eq!(e.to_string(), kind.to_string());
        }
        other => panic!("{lengths:?}: {other:?}, expected Length({kind:?})"),
    }
    assert_eq!(tally.polls(), 0, "{lengths:?}: the body was polled");
}

#[test]
fn a_signed_length_is_400() {
    refused(&[b"+7"], false, LengthError::NotDigits);
    refused(&[b"-7"], false, LengthError::NotDigits);
}

#[test]
fn a_hex_length_is_400() {
    refused(&[b"0x7"], false, LengthError::NotDigits);
}

#[test]
fn trailing_or_inner_garbage_is_400() {
    refused(&[b"7a"], false, LengthError::NotDigits);
    refused(&[b"7 7"], false, LengthError::NotDigits);
    refused(&[b"7.0"], false, LengthError::NotDigits);
    refused(&[b"7\xff"], false, LengthError::NotDigits);
}

#[test]
fn an_empty_length_is_400() {
    refused(&[b""], false, LengthError::NotDigits);
    refused(&[b"7,"], false, LengthError::NotDigits);
}

#[test]
fn a_length_past_u64_is_400() {
    refused(&[b"18446744073709551616"], false, LengthError::Overflow);
}

#[test]
fn a_list_of_equal_lengths_is_one_length() {
    let (got, _) = read(&[b"7, 7"], false, &[b"1234567"]);
    assert_eq!(got.unwrap(), "1234567");
}

#[test]
fn a_list_of_differing_lengths_is_400() {
    refused(&[b"7, 8"], false, LengthError::Conflicting);
}

#[test]
fn two_equal_lines_are_one_length() {
    let (got, _) = read(&[b"7", b"7"], false, &[b"1234567"]);
    assert_eq!(got.unwrap(), "1234567");
}

#[test]
fn two_differing_lines_are_400() {
    refused(&[b"7", b"8"], false, LengthError::Conflicting);
}

#[test]
fn transfer_encoding_with_a_length_is_400() {
    refused(&[b"7"], true, LengthError::WithTransferEncoding);
    // Transfer-Encoding alone: read to the end.
    let (got, _) = read(&[], true, &[b"123", b"4567"]);
    assert_eq!(got.unwrap(), "1234567");
}

#[test]
fn a_short_body_is_incomplete_not_a_transport_error() {
    let (got, tally) = read(&[b"10"], false, &[b"123", b"4567"]);
    assert!(
        matches!(
            got,
            Err(Error::Incomplete {
                declared: 10,
                received: 7
            })
        ),
        "{got:?}"
    );
    assert_eq!(got.unwrap_err().status(), 400);
    assert_eq!(tally.bytes(), 7);
    // A transport failure is its own error.
    let (req, _) = request(&[b"10"], false, &[]);
    let (parts, _) = req.into_parts();
    let failing = http::Request::from_parts(parts, Frames::new([&b"123"[..]]).then_fail());
    let got = ready(read_request(failing, LIMIT));
    assert!(matches!(got, Err(Error::Read(_))), "{got:?}");
}

#[test]
fn a_longer_body_is_refused_at_the_frame_that_passes_its_length() {
    // 5 declared: the second frame takes it to 6; the third is never polled.
    let (got, tally) = read(&[b"5"], false, &[b"abc", b"def", b"ghi"]);
    assert!(
        matches!(got, Err(Error::LongerThanDeclared { declared: 5 })),
        "{got:?}"
    );
    assert_eq!(got.unwrap_err().status(), 400);
    assert_eq!((tally.frames(), tally.bytes(), tally.polls()), (2, 6, 2));
    // Exactly the declared bytes, then one more frame: refused there.
    let (got, tally) = read(&[b"5"], false, &[b"abcde", b"f", b"ghi"]);
    assert!(
        matches!(got, Err(Error::LongerThanDeclared { declared: 5 })),
        "{got:?}"
    );
    assert_eq!((tally.frames(), tally.bytes()), (2, 6));
    // One frame past the length: refused, as the length error, even when
    // it passes the limit too.
    let big: &'static [u8] = Box::leak(vec![b'x'; LIMIT + 10].into_boxed_slice());
    let (got, tally) = read(&[b"5"], false, &[big, b"more"]);
    assert!(
        matches!(got, Err(Error::LongerThanDeclared { declared: 5 })),
        "{got:?}"
    );
    assert_eq!(tally.frames(), 1);
    // A zero length and one byte.
    let (got, _) = read(&[b"0"], false, &[b"x"]);
    assert!(
        matches!(got, Err(Error::LongerThanDeclared { declared: 0 })),
        "{got:?}"
    );
}

#[test]
fn a_body_of_exactly_its_length_is_read_whole() {
    // One frame: handed back as that frame, not copied.
    let (req, tally) = request(&[b"5"], false, &[]);
    let (parts, _) = req.into_parts();
    let frame = Bytes::from_static(b"hello");
    let ptr = frame.as_ptr();
    let one = Frames::new([frame]);
    let one_tally = one.tally();
    let got = ready(read_request(http::Request::from_parts(parts, one), LIMIT))
        .unwrap()
        .1;
    assert_eq!((got.as_ref(), got.as_ptr()), (&b"hello"[..], ptr));
    assert_eq!(tally.polls(), 0);
    assert_eq!(one_tally.frames(), 1);
    // Several frames: copied, in order.
    let (got, tally) = read(&[b"11"], false, &[b"hello", b" ", b"world"]);
    assert_eq!(got.unwrap(), "hello world");
    assert_eq!(tally.bytes(), 11);
    // No length: read to the end.
    let (got, _) = read(&[], false, &[b"hello", b" ", b"world"]);
    assert_eq!(got.unwrap(), "hello world");
}

#[test]
fn a_length_over_the_limit_is_413_before_reading_and_malformed_beats_it() {
    let (got, tally) = read(&[b"1025"], false, &[b"x"]);
    assert!(
        matches!(got, Err(Error::TooLarge { limit: LIMIT })),
        "{got:?}"
    );
    assert_eq!(tally.polls(), 0);
    // Malformed is a 400 whatever its digits say.
    refused(&[b"99999999999999999999"], false, LengthError::Overflow);
    refused(&[b"1025, 1026"], false, LengthError::Conflicting);
}

#[derive(Bind, Debug)]
struct Order {
    #[bind(body)]
    email: String,
}

#[test]
fn bind_answers_a_malformed_length_with_problem_json_that_never_echoes_it() {
    let (req, tally) = request(&[b"+1234567"], false, &[b"email=a"]);
    let got = ready(binder_hyper::bind::<Order, _>(
        req,
        &[],
        &binder_http::Limits::default(),
    ));
    let err = got.unwrap_err();
    assert!(
        matches!(err, Error::Length(LengthError::NotDigits)),
        "{err:?}"
    );
    let res = err.to_response::<http_body_util::Full<bytes::Bytes>>();
    assert_eq!(res.status(), 400);
    assert_eq!(res.headers()["content-type"], binder_http::PROBLEM_JSON);
    let body = ready(http_body_util::BodyExt::collect(res.into_body()))
        .unwrap()
        .to_bytes();
    let body = std::str::from_utf8(&body).unwrap();
    assert!(body.contains("not a decimal number"), "{body}");
    assert!(!body.contains("1234567"), "{body}");
    assert_eq!(tally.polls(), 0);
    // The same body under a good length binds.
    let (req, _) = request(&[b"7"], false, &[b"email=a"]);
    let got = ready(binder_hyper::bind::<Order, _>(
        req,
        &[],
        &binder_http::Limits::default(),
    ));
    assert_eq!(got.unwrap().0.email, "a");
}
