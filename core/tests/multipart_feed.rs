//! `multipart::Feed`, the resumable scan, against the one-shot scan
//! (`multipart::parts_with`): generated bodies, valid and mangled, cut
//! into chunks at every point, one byte at a time and at random; near
//! misses of the delimiter planted at chunk edges; every error kind; every
//! limit at and past it; the carry's size.

use binder_core::multipart::{self, Boundary, CarryTooSmall, Event, Feed};
use binder_core::{ErrorKind, Limits};
use binder_test_support::generate::Rng;
use binder_test_support::multipart_feed::{check_feed, check_feed_splits, feed, random_cuts};
use binder_test_support::multipart_oracle::{build, check_multipart, mangle, ours, random_spec};

fn b(raw: &str) -> Boundary {
    Boundary::new(raw.as_bytes()).unwrap()
}

/// Limits small enough to be met by generated bodies, or the defaults.
fn random_limits(rng: &mut Rng) -> Limits {
    let mut l = Limits::DEFAULT;
    if rng.below(3) == 0 {
        l.max_parts = rng.below(5);
        l.max_part_header_bytes = rng.below(160);
        l.max_part_headers = rng.below(4);
    }
    l
}

#[test]
fn generated_bodies_read_as_the_one_shot_scan_in_every_split() {
    let mut rng = Rng::new(0x6665_6564);
    let (mut bodies, mut parts, mut errors, mut held, mut carried) = (0, 0, 0, 0, 0);
    let mut kinds = std::collections::BTreeSet::new();
    for i in 0..1_500 {
        let spec = random_spec(&mut rng);
        let Some((boundary, mut body, _)) = build(&spec) else {
            continue;
        };
        if i % 3 != 0 {
            mangle(&mut body, &spec.boundary, i, 1 + rng.below(3));
        }
        // The one-shot scan the feed is held to, itself held to multer.
        check_multipart(&body, &boundary);
        let limits = random_limits(&mut rng);
        let rounds = if body.len() > 400 { 4 } else { 20 };
        check_feed_splits(&body, &boundary, &limits, &mut rng, rounds);
        let fed = feed(
            &body,
            &boundary,
            &limits,
            &random_cuts(&mut rng, body.len(), 3),
        );
        bodies += 1;
        parts += fed.parts.len();
        held += fed.held_pieces;
        carried += fed.carried_heads;
        if let Some(e) = fed.error {
            errors += 1;
            kinds.insert(format!("{:?}", e.kind()));
        }
    }
    // Every case is met, often.
    let tally = (bodies, parts, errors, held, carried);
    assert!(bodies > 1_400 && parts > 1_000 && errors > 400, "{tally:?}");
    assert!(held > 50 && carried > 300, "{tally:?}");
    assert!(kinds.len() >= 9, "{kinds:?}");
    println!("{tally:?} {kinds:?}");
}

/// `\r\n--bounda` then a chunk break then `x`: the held-back bytes were
/// data. And each prefix of the delimiter at a chunk's end, then the rest
/// of it, or a wrong byte, or a CR (which may start the delimiter again).
#[test]
fn near_misses_at_chunk_edges_are_data() {
    let boundary = b("boundary");
    let delimiter = b"\r\n--boundary";
    let head = b"--boundary\r\nContent-Disposition: form-data; name=f\r\n\r\n";
    let mut rng = Rng::new(7);
    let mut held = 0;
    for k in 1..delimiter.len() {
        for next in [&b"x"[..], b"\r", b"\r\n--boundary", b"-", b"\n"] {
            let mut body = head.to_vec();
            body.extend_from_slice(b"data");
            body.extend_from_slice(&delimiter[..k]);
            let cut = body.len();
            body.extend_from_slice(next);
            body.extend_from_slice(b"tail\r\n--boundary--");
            let fed = check_feed(&body, &boundary, &Limits::DEFAULT, &[cut]);
            assert_eq!(fed.parts.len(), 1);
            // The data is what lies between the head and the delimiter that
            // ends it, near miss included.
            let data = &fed.parts[0].data;
            assert!(data.starts_with(b"data\r"), "{data:?}");
            held += fed.held_pieces;
            check_feed_splits(&body, &boundary, &Limits::DEFAULT, &mut rng, 10);
        }
    }
    assert!(held >= 4 * (delimiter.len() - 1), "held back {held} times");
}

/// A body of one large part in chunks: the data is handed out from the
/// chunks (zero copy) but for held-back delimiter prefixes.
#[test]
fn large_data_is_handed_out_from_the_chunks() {
    let boundary = b("XyZ");
    let mut body = b"--XyZ\r\nContent-Disposition: form-data; name=f; filename=a\r\n\r\n".to_vec();
    let mut rng = Rng::new(3);
    let data: Vec<u8> = (0..300_000)
        .map(|_| match rng.below(50) {
            0 => b'\r',
            1 => b'\n',
            2 => b'-',
            _ => rng.next_u64() as u8,
        })
        .collect();
    body.extend_from_slice(&data);
    body.extend_from_slice(b"\r\n--XyZ--\r\n");
    for size in [1, 2, 3, 7, 64, 4096, 65_536] {
        let cuts: Vec<usize> = (size..body.len()).step_by(size).collect();
        let fed = check_feed(&body, &boundary, &Limits::DEFAULT, &cuts);
        assert_eq!(fed.parts[0].data, data);
        // A piece from the carry only where a chunk ended in a CR or
        // what follows it.
        assert!(fed.held_pieces <= cuts.len(), "{size}: {}", fed.held_pieces);
    }
}

/// One body for each error the one-shot scan reports, checked to report
/// it, in every split.
#[test]
fn every_error_kind_at_the_same_offset() {
    let limits = Limits::DEFAULT;
    let ok = "--b\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n";
    let cases: &[(&str, ErrorKind)] = &[
        ("", ErrorKind::UnexpectedEnd),
        ("preamble only", ErrorKind::UnexpectedEnd),
        ("x--b\r\n", ErrorKind::UnexpectedEnd), // mid-line: preamble
        ("--b", ErrorKind::UnexpectedEnd),
        ("--b \t ", ErrorKind::UnexpectedEnd),
        ("--b\r", ErrorKind::UnexpectedEnd),
        ("--b\r\n", ErrorKind::UnexpectedEnd),
        (
            "--b\r\nContent-Disposition: form-data; name=a\r\n",
            ErrorKind::UnexpectedEnd,
        ),
        (
            "--b\r\nContent-Disposition: form-data; name=a\r\n\r\n1",
            ErrorKind::UnexpectedEnd,
        ),
        (
            "--b\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--b",
            ErrorKind::UnexpectedEnd,
        ),
        ("--bx", ErrorKind::InvalidDelimiter),
        ("--b-", ErrorKind::InvalidDelimiter),
        ("--b-x", ErrorKind::InvalidDelimiter),
        ("--b \t-", ErrorKind::InvalidDelimiter),
        ("--b\rx", ErrorKind::InvalidDelimiter),
        ("--b\n", ErrorKind::InvalidDelimiter),
        ("--b  x\r\n", ErrorKind::InvalidDelimiter),
        (
            "--b\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--bb--",
            ErrorKind::InvalidDelimiter,
        ),
        (
            "--b\r\nno colon\r\n\r\n\r\n--b--",
            ErrorKind::PartHeaderSyntax,
        ),
        (
            "--b\r\nX: a\rb\r\n\r\n\r\n--b--",
            ErrorKind::PartHeaderSyntax,
        ),
        ("--b\r\nX: a\n\r\n\r\n--b--", ErrorKind::PartHeaderSyntax),
        ("--b\r\nX: \x01\r\n\r\n", ErrorKind::PartHeaderSyntax),
        ("--b\r\nX : a\r\n", ErrorKind::PartHeaderSyntax),
        ("--b\r\nX: a\r", ErrorKind::UnexpectedEnd),
        ("--b\r\nX: a\r\n\r", ErrorKind::UnexpectedEnd),
        (
            "--b\r\nContent-Type: a\r\ncontent-type: b\r\n\r\n\r\n--b--",
            ErrorKind::DuplicatePartHeader,
        ),
        (
            "--b\r\nX: a\r\n\r\n\r\n--b--",
            ErrorKind::InvalidContentDisposition,
        ),
        (
            "--b\r\nContent-Disposition: attachment; name=a\r\n\r\n\r\n--b--",
            ErrorKind::InvalidContentDisposition,
        ),
        (
            "--b\r\nContent-Disposition: form-data; name=a; name=b\r\n\r\n\r\n--b--",
            ErrorKind::InvalidContentDisposition,
        ),
        (
            "--b\r\nContent-Disposition: form-data; name=\"a\r\n\r\n\r\n--b--",
            ErrorKind::InvalidContentDisposition,
        ),
        (
            "--b\r\nContent-Disposition: form-data\r\n\r\n\r\n--b--",
            ErrorKind::MissingPartName,
        ),
        (
            "--b\r\nContent-Disposition: form-data; name=\"\"\r\n\r\n\r\n--b--",
            ErrorKind::MissingPartName,
        ),
    ];
    let mut rng = Rng::new(11);
    for &(body, kind) in cases {
        for prefix in ["", ok] {
            let body = if prefix.is_empty() || !body.starts_with("--b") {
                body.to_string()
            } else {
                format!("{prefix}{body}")
            };
            let want = ours(body.as_bytes(), &b("b"), &limits).1.map(|e| e.kind());
            assert_eq!(want, Some(kind), "the case {body:?} is not what it says");
            check_feed_splits(body.as_bytes(), &b("b"), &limits, &mut rng, 30);
        }
    }
}

fn parts_body(n: usize) -> Vec<u8> {
    let mut body = Vec::new();
    for i in 0..n {
        body.extend_from_slice(
            format!("--b\r\nContent-Disposition: form-data; name=p{i}\r\n\r\n{i}\r\n").as_bytes(),
        );
    }
    body.extend_from_slice(b"--b--");
    body
}

/// A part with header lines of `n` bytes in all (CRLFs included).
fn header_bytes_body(n: usize) -> Vec<u8> {
    let line = b"Content-Disposition: form-data; name=a\r\n";
    assert!(n >= line.len() + 4);
    let pad = n - line.len() - 4; // `X:` and its CRLF
    let mut body = b"--b\r\n".to_vec();
    body.extend_from_slice(line);
    body.extend_from_slice(b"X:");
    body.extend(std::iter::repeat_n(b'v', pad));
    body.extend_from_slice(b"\r\n\r\ndata\r\n--b--");
    body
}

fn headers_body(n: usize) -> Vec<u8> {
    let mut body = b"--b\r\nContent-Disposition: form-data; name=a\r\n".to_vec();
    for i in 1..n {
        body.extend_from_slice(format!("X-{i}: v\r\n").as_bytes());
    }
    body.extend_from_slice(b"\r\ndata\r\n--b--");
    body
}

#[test]
fn every_limit_at_and_past() {
    let mut rng = Rng::new(5);
    let boundary = b("b");
    for n in 0..5 {
        let mut limits = Limits::DEFAULT;
        limits.max_parts = n;
        let at = parts_body(n);
        assert_eq!(ours(&at, &boundary, &limits).1, None);
        check_feed_splits(&at, &boundary, &limits, &mut rng, 20);
        let past = parts_body(n + 1);
        let want = ours(&past, &boundary, &limits).1.unwrap().kind();
        assert_eq!(want, ErrorKind::TooManyParts);
        check_feed_splits(&past, &boundary, &limits, &mut rng, 20);
    }
    for n in [44, 45, 60, 100, 300] {
        let mut limits = Limits::DEFAULT;
        limits.max_part_header_bytes = n;
        let at = header_bytes_body(n);
        assert_eq!(ours(&at, &boundary, &limits).1, None);
        check_feed_splits(&at, &boundary, &limits, &mut rng, 20);
        let past = header_bytes_body(n + 1);
        let want = ours(&past, &boundary, &limits).1.unwrap().kind();
        assert_eq!(want, ErrorKind::PartHeadersTooLong);
        check_feed_splits(&past, &boundary, &limits, &mut rng, 20);
        // Cut short anywhere around the limit.
        for end in past.len().saturating_sub(20)..past.len() {
            check_feed_splits(&past[..end], &boundary, &limits, &mut rng, 2);
        }
    }
    for n in 1..6 {
        let mut limits = Limits::DEFAULT;
        limits.max_part_headers = n;
        let at = headers_body(n);
        assert_eq!(ours(&at, &boundary, &limits).1, None);
        check_feed_splits(&at, &boundary, &limits, &mut rng, 20);
        let past = headers_body(n + 1);
        let want = ours(&past, &boundary, &limits).1.unwrap().kind();
        assert_eq!(want, ErrorKind::TooManyPartHeaders);
        check_feed_splits(&past, &boundary, &limits, &mut rng, 20);
    }
    // A header limit of 0: only a part with no header lines passes them
    // (and fails for its missing disposition).
    let mut limits = Limits::DEFAULT;
    limits.max_part_header_bytes = 0;
    for body in [
        &b"--b\r\n\r\n\r\n--b--"[..],
        b"--b\r\nX",
        b"--b\r\nX: y\r\n\r\n\r\n--b--",
    ] {
        check_feed_splits(body, &boundary, &limits, &mut rng, 5);
    }
}

#[test]
fn the_carry_must_hold_the_delimiter_and_a_header_block() {
    let mut limits = Limits::DEFAULT;
    limits.max_part_header_bytes = 100;
    let boundary = b("0123456789");
    let needed = 4 + 10 + 100 + 2;
    let mut carry = vec![0u8; needed - 1];
    let err: CarryTooSmall = Feed::new(&boundary, &mut carry, &limits).unwrap_err();
    assert_eq!(
        (err.carry(), err.delimiter(), err.header_block()),
        (needed - 1, 14, 102)
    );
    assert_eq!(err.needed(), needed);
    assert!(err.to_string().contains(&needed.to_string()), "{err}");
    let mut carry = vec![0u8; needed];
    assert!(Feed::new(&boundary, &mut carry, &limits).is_ok());
    // `carry_len` fits the longest boundary.
    let longest = Boundary::new(&[b'x'; multipart::MAX_BOUNDARY_LEN]).unwrap();
    let mut carry = vec![0u8; Feed::carry_len(&limits)];
    assert!(Feed::new(&longest, &mut carry, &limits).is_ok());
    let mut short = vec![0u8; Feed::carry_len(&limits) - 1];
    assert!(Feed::new(&longest, &mut short, &limits).is_err());
    // A header limit no carry can hold.
    limits.max_part_header_bytes = usize::MAX;
    assert_eq!(Feed::carry_len(&limits), usize::MAX);
    assert!(Feed::new(&boundary, &mut carry, &limits).is_err());
}

/// A header block held whole in the carry at the limit: the carry is
/// exactly `carry_len` and the block straddles chunks one byte at a time.
#[test]
fn a_header_block_at_the_limit_fits_the_carry_exactly() {
    let boundary = b("b");
    let mut rng = Rng::new(9);
    for n in [44, 50, 64] {
        let mut limits = Limits::DEFAULT;
        limits.max_part_header_bytes = n;
        for body in [
            header_bytes_body(n),
            header_bytes_body(n + 1),
            header_bytes_body(n + 2),
        ] {
            let mut carry = vec![0u8; 5 + n + 2];
            let mut feed = Feed::new(&boundary, &mut carry, &limits).unwrap();
            let mut parts = 0;
            let mut err = None;
            for byte in body.chunks(1) {
                let mut input = feed.input(byte);
                loop {
                    match input.next() {
                        Ok(Some(Event::Part(_))) => parts += 1,
                        Ok(Some(_)) => {}
                        Ok(None) => break,
                        Err(e) => {
                            err = Some(e);
                            break;
                        }
                    }
                }
            }
            let err = err.or(feed.finish().err());
            let (want_parts, want_err) = ours(&body, &boundary, &limits);
            assert_eq!((parts, err), (want_parts.len(), want_err));
            check_feed_splits(&body, &boundary, &limits, &mut rng, 5);
        }
    }
}

#[test]
fn the_feed_is_send_when_the_carry_is() {
    fn send<T: Send>(_: &T) {}
    let boundary = b("b");
    let mut carry = vec![0u8; Feed::carry_len(&Limits::DEFAULT)];
    let mut feed = Feed::new(&boundary, &mut carry, &Limits::DEFAULT).unwrap();
    send(&feed);
    let input = feed.input(b"--b--");
    send(&input);
}

#[test]
#[should_panic(expected = "read to its end")]
fn a_chunk_left_unread_panics_at_the_next() {
    let boundary = b("b");
    let mut carry = vec![0u8; Feed::carry_len(&Limits::DEFAULT)];
    let mut feed = Feed::new(&boundary, &mut carry, &Limits::DEFAULT).unwrap();
    {
        let mut input =
            feed.input(b"--b\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--b--");
        assert!(matches!(input.next(), Ok(Some(Event::Part(_)))));
    } // left with its data and the end unread
    feed.input(b"more");
}

/// After the close delimiter the epilogue is skipped, and a chunk that
/// errs may be left unread.
#[test]
fn after_the_end_or_an_error_chunks_are_skipped() {
    let boundary = b("b");
    let mut carry = vec![0u8; Feed::carry_len(&Limits::DEFAULT)];
    let mut feed = Feed::new(&boundary, &mut carry, &Limits::DEFAULT).unwrap();
    let mut input = feed.input(b"--b--epilogue\r\n--b\r\n");
    assert_eq!(input.next(), Ok(None));
    assert_eq!(feed.input(b"--b\r\nmore").next(), Ok(None));
    assert_eq!(feed.finish(), Ok(()));

    let mut carry = vec![0u8; Feed::carry_len(&Limits::DEFAULT)];
    let mut feed = Feed::new(&boundary, &mut carry, &Limits::DEFAULT).unwrap();
    let err = feed.input(b"--bx and more").next().unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidDelimiter, 3));
    assert_eq!(feed.input(b"--b--").next(), Ok(None));
    assert_eq!(feed.finish(), Err(err));
}
