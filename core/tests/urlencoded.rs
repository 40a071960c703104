//! Query and form scanning against `form_urlencoded` (the oracle) and the
//! WHATWG web-platform-tests vectors.

use binder_core::{form, query, ErrorKind, Limits, ValueErrorKind};
use binder_test_support::generate::{urlencoded_bytes, Rng};
use binder_test_support::oracle::{check_urlencoded, check_walk, ours_urlencoded};

#[test]
fn seeds_match_the_oracle() {
    let seeds: &[&[u8]] = &[
        b"",
        b"&&",
        b"=",
        b"a==b",
        b"%",
        b"%4",
        b"%zz",
        b"%00",
        b"+",
        b"%2B",
        b"\xff=\xfe",
        b"caf\xc3\xa9=na\xc3\xafve",
        b"\xef\xbb\xbfa=1",
        b"%EF%BB%BFa=%ef%bb%bf",
        b"a=1;b=2",
        b"a+b=c+d",
        b"a%2",
        b"%%%",
        b"=&=",
        b"k=%F0%9F%98%80",
        b"k=%F0%9F%98",
        b"name=Ada%20Lovelace&age=36&email=ada%40example.org&admin=true&score=99.5",
    ];
    for seed in seeds {
        check_urlencoded(seed);
    }
}

#[test]
fn two_hundred_thousand_generated_inputs_match_the_oracle() {
    let mut rng = Rng::new(0x00b1_de12);
    for _ in 0..200_000 {
        let input = urlencoded_bytes(&mut rng, 40);
        check_urlencoded(&input);
    }
}

#[test]
fn the_skipping_walk_agrees_with_the_full_scan() {
    use binder_core::bits::ByteSet;
    let mut rng = Rng::new(0x0000_3a1c);
    for _ in 0..100_000 {
        let input = urlencoded_bytes(&mut rng, 40);
        let mut first = ByteSet::new();
        for _ in 0..rng.below(4) {
            first = first.with(*rng.pick(&[&b'a', &b'b', &b'A', &b'=', &b'%', &b'0', &0xff]));
        }
        let mut limits = Limits::DEFAULT;
        if rng.below(2) == 0 {
            limits.max_pairs = rng.below(4);
            limits.max_key_len = rng.below(6);
        }
        check_walk(&input, &first, &limits);
    }
    check_walk(b"aaaaaaaaaaaaaaaaaaaa=1&b", &ByteSet::new(), &{
        let mut l = Limits::DEFAULT;
        l.max_key_len = 4;
        l
    });
}

#[test]
fn the_workload_query_decodes_as_expected() {
    let got = ours_urlencoded(include_bytes!("../../benches/workloads/query5.txt"));
    let text: Vec<(&str, &str)> = got
        .iter()
        .map(|(k, v)| {
            (
                std::str::from_utf8(k).unwrap(),
                std::str::from_utf8(v).unwrap(),
            )
        })
        .collect();
    assert_eq!(
        text,
        [
            ("name", "Ada Lovelace"),
            ("age", "36"),
            ("email", "ada@example.org"),
            ("admin", "true"),
            ("score", "99.5")
        ]
    );
}

/// The WPT vectors apply WHATWG's lossy UTF-8 decoding. Where the decoded
/// bytes are UTF-8 they must be exactly the expected string; where they are
/// not (the vector shows U+FFFD), text conversion must refuse them.
#[test]
fn wpt_urlencoded_parser_vectors() {
    let data: serde_json::Value = serde_json::from_str(include_str!(
        "data/wpt-urlencoded/urlencoded-parser-data.json"
    ))
    .unwrap();
    let cases = data.as_array().unwrap();
    assert_eq!(cases.len(), 35);
    for case in cases {
        let input = case["input"].as_str().unwrap();
        let want: Vec<(&str, &str)> = case["output"]
            .as_array()
            .unwrap()
            .iter()
            .map(|kv| (kv[0].as_str().unwrap(), kv[1].as_str().unwrap()))
            .collect();
        let got = ours_urlencoded(input.as_bytes());
        assert_eq!(got.len(), want.len(), "{input:?}");
        for ((k, v), (wk, wv)) in got.iter().zip(&want) {
            for (bytes, expected) in [(k, wk), (v, wv)] {
                match std::str::from_utf8(bytes) {
                    Ok(s) => assert_eq!(s, *expected, "{input:?}"),
                    Err(_) => {
                        assert!(expected.contains('\u{FFFD}'), "{input:?}");
                        assert_eq!(String::from_utf8_lossy(bytes), *expected, "{input:?}");
                        let err = binder_core::convert::parse_text::<&str>(bytes).unwrap_err();
                        assert_eq!(err.kind(), ValueErrorKind::InvalidUtf8);
                    }
                }
            }
        }
    }
}

#[test]
fn semicolon_is_not_a_separator() {
    let got = ours_urlencoded(b"a=1;b=2&b=3");
    assert_eq!(
        got,
        [
            (b"a".to_vec(), b"1;b=2".to_vec()),
            (b"b".to_vec(), b"3".to_vec())
        ]
    );
}

#[test]
fn a_pair_past_the_limit_is_never_returned() {
    let mut limits = Limits::DEFAULT;
    limits.max_pairs = 1_000;
    let mut input = Vec::new();
    for i in 0..1_000 {
        input.extend_from_slice(format!("k{i}=v&").as_bytes());
    }
    // Exactly at the limit: every pair, no error.
    assert_eq!(
        query::pairs_with(&input, &limits)
            .filter(Result::is_ok)
            .count(),
        1_000
    );
    assert!(query::pairs_with(&input, &limits).all(|p| p.is_ok()));
    // One past it: the 1,001st pair (a hidden admin flag) is an error, not a pair.
    input.extend_from_slice(b"admin=true");
    let items: Vec<_> = form::pairs_with(&input, &limits).collect();
    assert_eq!(items.len(), 1_001);
    let err = items[1_000].unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooManyPairs);
    assert_eq!(err.offset(), input.len() - b"admin=true".len());
    assert!(!items.iter().flatten().any(|p| p.key_as_sent() == b"admin"));
}

#[test]
fn a_key_at_the_limit_passes_and_one_past_fails() {
    let limits = Limits::DEFAULT;
    let at = [b'k'; 1_024];
    let mut input = at.to_vec();
    input.extend_from_slice(b"=1");
    assert!(form::pairs_with(&input, &limits).all(|p| p.is_ok()));
    input.insert(0, b'k');
    let err = form::pairs_with(&input, &limits)
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::KeyTooLong);
}
