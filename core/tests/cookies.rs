//! Cookie scanning against the `cookie` crate's `Cookie::split_parse`.

use binder_core::{cookie, ErrorKind, Limits};
use binder_test_support::generate::{cookie_text, Rng};
use binder_test_support::oracle::{check_cookie, check_cookie_limit};

#[test]
fn seeds_match_the_oracle() {
    let seeds = [
        "",
        ";",
        ";;",
        "a=1",
        " a = 1 ",
        "a=\"1\"",
        "a=\"",
        "a=\"\"\"",
        "a=1;b=2",
        "a",
        "=1",
        "a==",
        "a=b=c",
        "  ;  a=1  ;  ",
        "a=1;\tb=2;\r\nc=3",
        "a=\u{a0}1",
        "\u{a0}a=1",
        "é=€",
        "a=\0",
        "a=x\\y",
        "__Host-x=1; =__Host-x=evil",
        include_str!("../../benches/workloads/cookie6.txt"),
    ];
    for seed in seeds {
        check_cookie(seed);
    }
}

#[test]
fn two_hundred_thousand_generated_headers_match_the_oracle() {
    let mut rng = Rng::new(0x00c0_0c1e);
    for _ in 0..200_000 {
        let input = cookie_text(&mut rng, 48);
        check_cookie(&input);
    }
}

#[test]
fn the_workload_header_has_six_cookies() {
    let header = include_bytes!("../../benches/workloads/cookie6.txt");
    let names: Vec<&[u8]> = cookie::cookies(header).map(|c| c.unwrap().name()).collect();
    assert_eq!(
        names,
        [
            &b"_ga"[..],
            b"theme",
            b"session",
            b"lang",
            b"consent",
            b"cart"
        ]
    );
}

#[test]
fn cookie_limit_at_and_past() {
    let mut limits = Limits::DEFAULT;
    limits.max_cookies = 3_000;
    let mut header = String::new();
    for i in 0..3_000 {
        header.push_str(&format!("c{i}=v; "));
    }
    assert!(cookie::cookies_with(header.as_bytes(), &limits).all(|c| c.is_ok()));
    header.push_str("extra=1");
    let last = cookie::cookies_with(header.as_bytes(), &limits)
        .last()
        .unwrap();
    assert_eq!(last.unwrap_err().kind(), ErrorKind::TooManyCookies);
}

#[test]
fn every_limit_counts_exactly_what_was_read_whatever_the_way_it_was_read() {
    // Limits up to 11 on headers up to 40 bytes: headers both shorter and
    // longer than a limit can pass (a short one counted only when asked),
    // each piece taken at random as a skip, a cookie or a value.
    let mut rng = Rng::new(0x11_3175);
    for _ in 0..100_000 {
        let text = cookie_text(&mut rng, 40);
        let max = rng.below(12);
        check_cookie_limit(text.as_bytes(), max, |_| rng.below(3) as u8);
    }
}
