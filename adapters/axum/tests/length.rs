//! The declared length through `Bound<T>`: the same rules as binder-hyper
//! (one helper, `binder_http::length`), driven with `FromRequest` on
//! requests whose bodies count what they hand out.

use axum::body::Body;
use axum::extract::FromRequest;
use binder_axum::Bind;
use binder_axum::{Bound, BoundRejection};
use binder_http::length::LengthError;
use binder_test_support::frames::{ready, Frames, Tally};
use bytes::Bytes;
use std::sync::Arc;

#[derive(Bind, Debug)]
struct Note {
    #[bind(body)]
    text: String,
}

/// Extracts a `Note` from a form request with these `Content-Length` lines
/// (and `Transfer-Encoding: chunked` when `te`), whose body yields `frames`.
fn extract(
    lengths: &[&[u8]],
    te: bool,
    frames: &[&'static [u8]],
) -> (Result<String, BoundRejection>, Arc<Tally>) {
    let mut b =
        http::Request::post("/notes").header("content-type", "application/x-www-form-urlencoded");
    for l in lengths {
        b = b.header("content-length", http::HeaderValue::from_bytes(l).unwrap());
    }
    if te {
        b = b.header("transfer-encoding", "chunked");
    }
    let body = Frames::new(frames.iter().copied().map(Bytes::from_static));
    let tally = body.tally();
    let req: http::Request<Body> = b.body(Body::new(body)).unwrap();
    let got = ready(Bound::<Note>::from_request(req, &()));
    (got.map(|Bound(n)| n.text), tally)
}

/// Refused with `kind`, as a 400, the body never polled.
fn refused(lengths: &[&[u8]], te: bool, kind: LengthError) {
    let (got, tally) = extract(lengths, te, &[b"text=ab"]);
    let rej = got.expect_err("refused");
    assert_eq!(rej.status(), 400, "{lengths:?}");
    assert_eq!(rej.to_string(), kind.to_string(), "{lengths:?}");
    assert_eq!(tally.polls(), 0, "{lengths:?}: the body was polled");
}

/// The body `text=ab` (7 bytes) bound under `lengths`.
fn binds(lengths: &[&[u8]], frames: &[&'static [u8]]) {
    let (got, _) = extract(lengths, false, frames);
    assert_eq!(got.expect("binds"), "ab", "{lengths:?}");
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
}

#[test]
fn an_empty_length_is_400() {
    refused(&[b""], false, LengthError::NotDigits);
}

#[test]
fn a_length_past_u64_is_400() {
    refused(&[b"18446744073709551616"], false, LengthError::Overflow);
}

#[test]
fn a_list_of_equal_lengths_is_one_length() {
    binds(&[b"7, 7"], &[b"text=ab"]);
}

#[test]
fn a_list_of_differing_lengths_is_400() {
    refused(&[b"7, 8"], false, LengthError::Conflicting);
}

#[test]
fn two_equal_lines_are_one_length() {
    binds(&[b"7", b"7"], &[b"text=ab"]);
}

#[test]
fn two_differing_lines_are_400() {
    refused(&[b"7", b"8"], false, LengthError::Conflicting);
}

#[test]
fn transfer_encoding_with_a_length_is_400() {
    refused(&[b"7"], true, LengthError::WithTransferEncoding);
    let (got, _) = extract(&[], true, &[b"text", b"=ab"]);
    assert_eq!(got.expect("binds"), "ab");
}

#[test]
fn a_short_body_is_incomplete_400() {
    let (got, tally) = extract(&[b"10"], false, &[b"text", b"=ab"]);
    let rej = got.expect_err("incomplete");
    assert_eq!(rej.status(), 400);
    assert_eq!(
        rej.to_string(),
        binder_hyper::Error::Incomplete {
            declared: 10,
            received: 7
        }
        .to_string()
    );
    assert_eq!(tally.bytes(), 7);
}

#[test]
fn a_longer_body_is_refused_at_the_frame_that_passes_its_length() {
    let (got, tally) = extract(&[b"7"], false, &[b"text", b"=ab&x", b"=1", b"&y=2"]);
    let rej = got.expect_err("longer");
    assert_eq!(rej.status(), 400);
    assert_eq!(
        rej.to_string(),
        binder_hyper::Error::LongerThanDeclared { declared: 7 }.to_string()
    );
    assert_eq!((tally.frames(), tally.bytes(), tally.polls()), (2, 9, 2));
}

#[test]
fn a_body_of_exactly_its_length_binds() {
    binds(&[b"7"], &[b"text=ab"]);
    binds(&[b"7"], &[b"te", b"xt=", b"ab"]);
    binds(&[], &[b"te", b"xt=", b"ab"]);
}
