//! `form::Feed` (an urlencoded body in chunks) against the one-shot scan of
//! the whole body: every split into two, random multi-way splits down to
//! one byte, each limit at and past it, and the WPT vectors a byte at a
//! time.

use binder_core::{form, Error, ErrorKind, Limits};
use binder_test_support::feed_oracle::{check_feed, chunks, feed_reference, run_feed};
use binder_test_support::generate::{urlencoded_bytes, Rng};
use binder_test_support::oracle::unlimited;

/// Small limits half the time, so that each is passed somewhere.
fn limits(rng: &mut Rng) -> Limits {
    let mut l = unlimited();
    if rng.below(2) == 0 {
        l.max_pairs = rng.below(6);
        l.max_key_len = rng.below(8);
    }
    l
}

#[test]
fn every_split_into_two_chunks_gives_the_one_shot_result() {
    let mut rng = Rng::new(0x0f33_d002);
    for _ in 0..3_000 {
        let input = urlencoded_bytes(&mut rng, 48);
        let limits = limits(&mut rng);
        // A carry as long as the body: exactly the one-shot scan; and a
        // small one, so that PairTooLong comes up.
        let small = rng.below(12);
        for at in 0..=input.len() {
            check_feed(&input, &[at], &limits, input.len());
            check_feed(&input, &[at], &limits, small);
        }
    }
}

#[test]
fn random_multi_way_splits_give_the_one_shot_result() {
    let mut rng = Rng::new(0x0f33_d003);
    for _ in 0..30_000 {
        let input = urlencoded_bytes(&mut rng, 64);
        let limits = limits(&mut rng);
        let mut lens = Vec::new();
        let mut total = 0;
        while total < input.len() {
            // Empty chunks, single bytes, and longer runs.
            let len = match rng.below(4) {
                0 => rng.below(2),
                1 => 1,
                _ => rng.below(16),
            };
            lens.push(len);
            total += len;
        }
        let cap = if rng.below(3) == 0 {
            rng.below(16)
        } else {
            input.len()
        };
        check_feed(&input, &lens, &limits, cap);
        check_feed(&input, &vec![1; input.len()], &limits, cap);
    }
}

#[test]
fn seeds_in_one_byte_chunks() {
    let seeds: &[&[u8]] = &[
        b"",
        b"&",
        b"&&&",
        b"=",
        b"a",
        b"a=",
        b"=a",
        b"a==b",
        b"&a&",
        b"a=1&b=2",
        b"a%2",
        b"%%%=+&",
        b"a+b=c%20d&&e",
        b"name=Ada%20Lovelace&age=36&email=ada%40example.org&admin=true&score=99.5",
    ];
    for seed in seeds {
        for cap in [0, 1, 2, 3, 8, seed.len()] {
            check_feed(seed, &vec![1; seed.len()], &unlimited(), cap);
            check_feed(seed, &[], &unlimited(), cap);
        }
    }
}

/// Pairs of a feed of `input` in one-byte chunks with a `cap`-byte carry.
fn one_byte(input: &[u8], limits: &Limits, cap: usize) -> (usize, Option<Error>) {
    let (pairs, err) = run_feed(input, &chunks(input, &vec![1; input.len()]), limits, cap);
    (pairs.len(), err)
}

#[test]
fn the_pair_limit_at_and_past_it() {
    let mut limits = Limits::DEFAULT;
    limits.max_pairs = 3;
    let at = b"a=1&&b=2&c=3&";
    for lens in [vec![1; at.len()], vec![], vec![5, 1, 2]] {
        check_feed(at, &lens, &limits, 8);
    }
    assert_eq!(one_byte(at, &limits, 8), (3, None));
    let past = b"a=1&&b=2&c=3&d=4";
    assert_eq!(
        one_byte(past, &limits, 8),
        (3, Some(Error::new(ErrorKind::TooManyPairs, 13)))
    );
    check_feed(past, &[14], &limits, 8);
}

#[test]
fn the_key_limit_at_and_past_it() {
    let mut limits = Limits::DEFAULT;
    limits.max_key_len = 4;
    assert_eq!(one_byte(b"x=1&abcd=1", &limits, 16), (2, None));
    assert_eq!(
        one_byte(b"x=1&abcde=1", &limits, 16),
        (1, Some(Error::new(ErrorKind::KeyTooLong, 4)))
    );
    // A key with no `=` is the whole piece.
    assert_eq!(
        one_byte(b"x=1&abcde", &limits, 16),
        (1, Some(Error::new(ErrorKind::KeyTooLong, 4)))
    );
    // Passed by the carry first: the carry's limit.
    assert_eq!(
        one_byte(b"x=1&abcde=1", &limits, 3),
        (1, Some(Error::new(ErrorKind::PairTooLong, 4)))
    );
    // Both at once (a 5-byte key, a 4-byte carry): the key's.
    assert_eq!(
        one_byte(b"x=1&abcde=1", &limits, 4),
        (1, Some(Error::new(ErrorKind::KeyTooLong, 4)))
    );
}

#[test]
fn the_carry_limit_at_and_past_it_however_the_body_is_cut() {
    let body = b"a=1&key=value&z";
    // `key=value` is 9 bytes.
    for lens in [vec![], vec![1; body.len()], vec![5], vec![13]] {
        let chunks = chunks(body, &lens);
        let (pairs, err) = run_feed(body, &chunks, &unlimited(), 9);
        assert_eq!((pairs.len(), err), (3, None), "cut {lens:?}");
        let (pairs, err) = run_feed(body, &chunks, &unlimited(), 8);
        assert_eq!(
            (pairs.len(), err),
            (1, Some(Error::new(ErrorKind::PairTooLong, 4))),
            "cut {lens:?}"
        );
        assert_eq!(
            feed_reference(body, &unlimited(), 8),
            (pairs, err),
            "cut {lens:?}"
        );
    }
    assert!(ErrorKind::PairTooLong.is_limit());
}

#[test]
fn nothing_is_read_after_an_error() {
    let mut carry = [0u8; 2];
    let mut feed = form::Feed::new(&mut carry, &Limits::DEFAULT);
    let mut input = feed.input(b"ab");
    assert_eq!(input.next().unwrap(), None);
    let mut input = feed.input(b"c&a=1");
    let err = input.next().unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::PairTooLong, 0));
    assert_eq!(input.next().unwrap(), None);
    assert_eq!(feed.input(b"&b=2&").next().unwrap(), None);
    assert_eq!(feed.finish().unwrap(), None);
}

/// The WPT urlencoded-parser vectors, a byte at a time: exactly the
/// one-shot scan, and the decoded strings the vectors expect.
#[test]
fn wpt_urlencoded_parser_vectors_one_byte_at_a_time() {
    let data: serde_json::Value = serde_json::from_str(include_str!(
        "data/wpt-urlencoded/urlencoded-parser-data.json"
    ))
    .unwrap();
    let cases = data.as_array().unwrap();
    assert_eq!(cases.len(), 35);
    for case in cases {
        let input = case["input"].as_str().unwrap().as_bytes();
        let ones = vec![1; input.len()];
        check_feed(input, &ones, &unlimited(), input.len());
        check_feed(input, &ones, &unlimited(), 4);
        // Decoded by the accessors `Pair` shares with the one-shot scan.
        let mut got = Vec::new();
        let mut carry = vec![0u8; input.len()];
        let mut feed = form::Feed::new(&mut carry, &unlimited());
        for byte in input.chunks(1) {
            let mut it = feed.input(byte);
            while let Some(p) = it.next().unwrap() {
                got.push((p.key_cow().into_owned(), p.value_cow().into_owned()));
            }
        }
        if let Some(p) = feed.finish().unwrap() {
            got.push((p.key_cow().into_owned(), p.value_cow().into_owned()));
        }
        let want = case["output"].as_array().unwrap();
        assert_eq!(got.len(), want.len(), "{input:?}");
        for ((k, v), kv) in got.iter().zip(want) {
            assert_eq!(
                String::from_utf8_lossy(k),
                kv[0].as_str().unwrap(),
                "{input:?}"
            );
            assert_eq!(
                String::from_utf8_lossy(v),
                kv[1].as_str().unwrap(),
                "{input:?}"
            );
        }
    }
}

/// `form::Keep` (the pairs a type reads, kept in the front of the buffer
/// that is also the feed's carry) against a model on the one-shot scan.
#[test]
fn keep_keeps_what_the_model_keeps() {
    use binder_test_support::feed_oracle::check_keep;
    let mut rng = Rng::new(0x0f33_d004);
    for _ in 0..30_000 {
        let input = urlencoded_bytes(&mut rng, 64);
        let limits = limits(&mut rng);
        let lens: Vec<usize> = (0..rng.below(12)).map(|_| rng.below(10)).collect();
        let cap = if rng.below(2) == 0 {
            rng.below(24)
        } else {
            input.len() + 1
        };
        check_keep(&input, &lens, &limits, cap);
    }
    for seed in [
        &b"a=1&b=2&ab=3&a.b=4&a[x]=5&%61=6&a%2Eb=7"[..],
        b"&&a&&",
        b"a.=1&.a=2&[a]=3",
    ] {
        for cap in 0..=seed.len() + 1 {
            check_keep(seed, &vec![1; seed.len()], &unlimited(), cap);
            check_keep(seed, &[], &unlimited(), cap);
        }
    }
}
