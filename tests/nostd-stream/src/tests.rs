extern crate std;

use super::*;
use binder_core::ErrorKind;
use std::vec::Vec;

/// A body of about 20 KiB: the four settings among 600 pairs the struct
/// does not read.
fn big_body(extra: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    for i in 0..300 {
        body.extend_from_slice(std::format!("ui_state_{i}=xxxxxxxxxxxxxxxxxxx&").as_bytes());
    }
    body.extend_from_slice(b"device=probe-7&interval=30&enabled=on&threshold=-12&");
    body.extend_from_slice(extra);
    // A field the struct does not read, four times the buffer.
    body.extend_from_slice(b"&firmware_blob=");
    body.resize(body.len() + 4 * BUF, b'f');
    for i in 0..300 {
        body.extend_from_slice(std::format!("&csrf_{i}=yyyyyyyyyyyyyyyyyyyy").as_bytes());
    }
    body
}

#[test]
fn binds_a_body_twenty_times_the_buffer() {
    let body = big_body(b"");
    assert!(body.len() > 16 * BUF);
    let mut buf = [0u8; BUF];
    let s = bind_slice(&body, &mut buf).unwrap();
    assert_eq!(
        s,
        Settings {
            device: "probe-7",
            interval: 30,
            enabled: true,
            threshold: Some(-12)
        }
    );
    // The same as binding the whole body at once.
    let whole = Settings::bind(&Parts {
        body: Body::Form(&body),
        ..Parts::default()
    })
    .unwrap();
    assert_eq!(whole, s);
}

#[test]
fn field_errors_and_the_buffer_limit() {
    let mut buf = [0u8; BUF];
    let err = bind_slice(b"device=x&interval=-1&enabled=maybe", &mut buf).unwrap_err();
    assert_eq!(err.fields().unwrap().as_slice().len(), 2);
    // The kept pairs fill the buffer: a body past it is refused, not cut.
    let mut long = Vec::from(&b"device="[..]);
    long.resize(BUF, b'd');
    let mut buf = [0u8; BUF];
    assert!(bind_slice(&long, &mut buf).is_err_and(|e| e.fields().is_some()));
    long.push(b'd');
    let mut buf = [0u8; BUF];
    let err = bind_slice(&long, &mut buf).unwrap_err();
    assert!(
        matches!(err, BindError::Malformed { error, .. } if error.kind() == ErrorKind::PairTooLong)
    );
}
