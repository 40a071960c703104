//! `form::Keep`: a form body read in chunks through a small buffer that
//! keeps only the pairs a derived type reads, then binds the type from the
//! kept bytes: the same value (or the same field errors) as binding the
//! whole body at once, on bodies far larger than the buffer.

use binder_core::bind::{Body, Parts};
use binder_core::{form, Bind, BindError, Error, ErrorKind, Limits};
use binder_derive::BindCore;
use binder_test_support::generate::Rng;
use std::collections::BTreeMap;

#[derive(BindCore, Debug, PartialEq)]
#[bind(crate = "binder_core")]
struct Address<'r> {
    #[bind(body)]
    city: &'r str,
    #[bind(body)]
    zip: Option<u32>,
}

#[derive(BindCore, Debug, PartialEq)]
#[bind(crate = "binder_core", body)]
struct Reading<'r> {
    sensor: &'r str,
    #[bind(body = "c")]
    celsius: Vec<i16>,
    note: Option<String>,
    addr: Option<Address<'r>>,
    tags: BTreeMap<String, u8>,
    ok: bool,
    #[bind(query)]
    page: Option<u32>,
}

#[derive(BindCore, Debug, PartialEq)]
#[bind(crate = "binder_core", body, deny_unknown_fields)]
struct Strict {
    sensor: String,
    c: Option<i16>,
}

#[test]
fn the_derive_lists_the_body_keys() {
    assert_eq!(
        <Reading as Bind>::FORM_KEYS,
        Some(&["sensor", "c", "note", "addr", "tags", "ok"][..])
    );
    // It must see every unknown key to report it.
    assert_eq!(<Strict as Bind>::FORM_KEYS, None);
}

const KNOWN: &[&[u8]] = &[
    b"sensor",
    b"c",
    b"note",
    b"addr[city]",
    b"addr.zip",
    b"addr[zip]",
    b"tags[a]",
    b"tags[b]",
    b"ok",
    b"%73ensor",
    b"no%74e",
    b"ta+gs[x]",
];
const UNKNOWN: &[&[u8]] = &[
    b"sensors",
    b"sensor_id",
    b"cc",
    b"addr2",
    b"[addr]",
    b"page",
    b"x",
    b"%",
    b"no%2",
    b"okay",
    b"",
    b"taggs[a]",
];
const VALUES: &[&[u8]] = &[
    b"",
    b"t1",
    b"-4",
    b"300",
    b"70000",
    b"true",
    b"off",
    b"caf%C3%A9",
    b"a+b",
    b"%FF",
    b"12",
];

/// A body of `known` pairs the type reads among many it does not, with
/// long values, so that it is far larger than the buffer.
fn body(rng: &mut Rng, pairs: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for i in 0..pairs {
        if i > 0 {
            out.extend_from_slice(if rng.below(8) == 0 { b"&&" } else { b"&" });
        }
        if rng.below(10) == 0 {
            out.extend_from_slice(rng.pick(KNOWN));
            out.push(b'=');
            out.extend_from_slice(rng.pick(VALUES));
        } else {
            out.extend_from_slice(rng.pick(UNKNOWN));
            out.push(b'=');
            for _ in 0..rng.below(40) {
                out.push(*rng.pick(&[&b'z', &b'%', &b'+', &b'=', &b'9']));
            }
        }
    }
    out
}

fn whole<'r, T: Bind<'r>>(body: &'r [u8], limits: &Limits) -> Result<T, BindError> {
    T::bind_with(
        &Parts {
            query: Some("page=2"),
            body: Body::Form(body),
            ..Parts::default()
        },
        limits,
    )
}

/// The kept bytes of `body` in chunks of `len`, through a `cap`-byte buffer.
fn keep<'r, T: Bind<'r>>(
    body: &[u8],
    len: usize,
    buf: &'r mut [u8],
    limits: &Limits,
) -> Result<&'r [u8], Error> {
    let mut keep = form::Keep::for_bind::<T>(buf, limits);
    for chunk in body.chunks(len) {
        keep.push(chunk)?;
    }
    keep.finish()
}

#[test]
fn binds_as_the_whole_body_does_through_a_small_buffer() {
    let mut rng = Rng::new(0x6ee9_0001);
    let limits = Limits::DEFAULT;
    let mut compared = 0;
    for round in 0..300 {
        let pairs = 200 + rng.below(500);
        let body = body(&mut rng, pairs);
        assert!(body.len() > 4 * 1024, "{}", body.len());
        let want = whole::<Reading>(&body, &limits);
        let mut first: Option<Vec<u8>> = None;
        // Every chunk size in turn, across the rounds; the kept bytes
        // never depend on it.
        for len in [1 + round % 300, 1 + (round * 7 + 3) % 300] {
            let mut buf = [0u8; 1024];
            match keep::<Reading>(&body, len, &mut buf, &limits) {
                Ok(kept) => {
                    assert!(kept.len() <= 1024);
                    let got = whole::<Reading>(kept, &limits);
                    assert_eq!(got, want, "kept {:?}", String::from_utf8_lossy(kept));
                    if let Some(first) = &first {
                        assert_eq!(&first[..], kept);
                    }
                    first = Some(kept.to_vec());
                    compared += 1;
                }
                Err(e) => {
                    // Only when the kept pairs and the longest pair passed
                    // the buffer.
                    assert_eq!(e.kind(), ErrorKind::PairTooLong);
                    let mut big = vec![0u8; body.len()];
                    let kept = keep::<Reading>(&body, len, &mut big, &limits).unwrap();
                    assert!(kept.len() + 50 > 1024, "{} kept", kept.len());
                }
            }
        }
    }
    assert!(compared > 400, "{compared}");
}

#[test]
fn every_chunk_size_from_one_to_three_hundred() {
    let mut rng = Rng::new(0x6ee9_0002);
    let body = body(&mut rng, 600);
    let limits = Limits::DEFAULT;
    let want = whole::<Reading>(&body, &limits);
    assert!(want.is_ok() || matches!(want, Err(BindError::Fields(_))));
    let mut big = vec![0u8; body.len()];
    let reference = keep::<Reading>(&body, body.len(), &mut big, &limits)
        .unwrap()
        .to_vec();
    assert!(reference.len() < 1024 && body.len() > 10 * 1024);
    for len in 1..=300 {
        let mut buf = [0u8; 1024];
        let kept = keep::<Reading>(&body, len, &mut buf, &limits).unwrap();
        assert_eq!(kept, &reference[..], "chunks of {len}");
        assert_eq!(whole::<Reading>(kept, &limits), want, "chunks of {len}");
    }
}

#[test]
fn deny_unknown_fields_still_reports_unknown_keys() {
    let body = b"sensor=t1&extra=1&c=4&other%5Bx%5D=2";
    let limits = Limits::DEFAULT;
    let want = whole::<Strict>(body, &limits);
    assert!(matches!(&want, Err(BindError::Fields(f)) if f.as_slice().len() == 2));
    for len in 1..=body.len() {
        let mut buf = [0u8; 64];
        let kept = keep::<Strict>(body, len, &mut buf, &limits).unwrap();
        assert_eq!(kept, body);
        assert_eq!(whole::<Strict>(kept, &limits), want);
    }
}

#[test]
fn the_buffer_limit_at_and_past_it() {
    let limits = Limits::DEFAULT;
    // 16 bytes: `sensor=t1&` (10) kept, then 6 bytes of room.
    let at = b"x=1&sensor=t1&zzzzzz&ok=on";
    let past_unknown = b"x=1&sensor=t1&zzzzzzz&ok=on";
    let past_kept = b"x=1&sensor=t1&ok=onnn";
    for len in 1..=past_unknown.len() {
        let mut buf = [0u8; 16];
        let kept = keep::<Reading>(at, len, &mut buf, &limits).unwrap();
        assert_eq!(kept, b"sensor=t1&ok=on");
        let mut buf = [0u8; 16];
        let err = keep::<Reading>(past_unknown, len, &mut buf, &limits).unwrap_err();
        assert_eq!(err, Error::new(ErrorKind::PairTooLong, 14));
        let mut buf = [0u8; 16];
        let err = keep::<Reading>(past_kept, len, &mut buf, &limits);
        assert_eq!(err, Err(Error::new(ErrorKind::PairTooLong, 14)));
    }
    // A pair the type does not read costs only its key, however long its
    // value: it is dropped as it streams past, never held.
    let mut long = b"sensor=t1&notes=".to_vec();
    long.extend_from_slice(&[b'n'; 100]);
    long.extend_from_slice(b"&ok=on");
    for len in 1..=long.len() {
        let mut buf = [0u8; 16];
        let kept = keep::<Reading>(&long, len, &mut buf, &limits).unwrap();
        assert_eq!(kept, b"sensor=t1&ok=on", "chunks of {len}");
    }
    // Exactly full: the last kept pair ends the buffer.
    let mut buf = [0u8; 16];
    let kept = keep::<Reading>(b"sensor=t1&ok=off", 3, &mut buf, &limits).unwrap();
    assert_eq!(kept, b"sensor=t1&ok=off");
    let mut buf = [0u8; 16];
    let err = keep::<Reading>(b"sensor=t1&ok=off&c=1", 3, &mut buf, &limits).unwrap_err();
    assert_eq!(err, Error::new(ErrorKind::PairTooLong, 17));
}

#[test]
fn the_scan_limits_apply_to_every_pair() {
    let mut limits = Limits::DEFAULT;
    limits.max_pairs = 3;
    let mut buf = [0u8; 64];
    assert!(keep::<Reading>(b"a=1&b=2&sensor=t1", 2, &mut buf, &limits).is_ok());
    let mut buf = [0u8; 64];
    let err = keep::<Reading>(b"a=1&b=2&sensor=t1&d", 2, &mut buf, &limits).unwrap_err();
    assert_eq!(err, Error::new(ErrorKind::TooManyPairs, 18));
    limits.max_key_len = 6;
    let mut buf = [0u8; 64];
    let err = keep::<Reading>(b"sensor=t1&sensors=2", 2, &mut buf, &limits).unwrap_err();
    assert_eq!(err, Error::new(ErrorKind::KeyTooLong, 10));
    // After an error, every call returns it.
    let mut buf = [0u8; 64];
    let mut keep = form::Keep::for_bind::<Reading>(&mut buf, &limits);
    assert!(keep.push(b"sensors=1").is_err());
    assert_eq!(
        keep.push(b"&ok=1").unwrap_err().kind(),
        ErrorKind::KeyTooLong
    );
    assert_eq!(keep.finish().unwrap_err().kind(), ErrorKind::KeyTooLong);
}

#[test]
fn the_kept_bytes_are_the_kept_pairs_joined_by_ampersands() {
    let limits = Limits::DEFAULT;
    for (body, want) in [
        (&b"sensor=t1&x=1"[..], &b"sensor=t1"[..]),
        (b"x=1&&sensor=t1&&", b"sensor=t1"),
        (b"ok&x&c=1&y=", b"ok&c=1"),
        (b"x=1&y=2", b""),
        (b"", b""),
    ] {
        for len in 1..=body.len().max(1) {
            let mut buf = [0u8; 32];
            let kept = keep::<Reading>(body, len, &mut buf, &limits).unwrap();
            assert_eq!(kept, want, "{body:?} in chunks of {len}");
        }
    }
}
