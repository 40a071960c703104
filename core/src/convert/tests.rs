//! Text conversion at its edges, against `core`'s parsers.

use super::impls::parse_bool;
use super::*;

/// The word-at-a-time spellings equal the byte-by-byte definition on
/// every short string over the letters involved, their capitals, their
/// neighbours and the bytes that differ from them in bit 0x20 alone.
#[test]
fn bools_equal_the_case_insensitive_spellings() {
    use alloc::{vec, vec::Vec};
    fn slow(b: &[u8]) -> Option<bool> {
        match b {
            b"1" => Some(true),
            b"0" => Some(false),
            _ if b.eq_ignore_ascii_case(b"true") || b.eq_ignore_ascii_case(b"on") => Some(true),
            _ if b.eq_ignore_ascii_case(b"false") || b.eq_ignore_ascii_case(b"off") => Some(false),
            _ => None,
        }
    }
    let mut alphabet: Vec<u8> = b"01truefalsonf".to_vec();
    for c in b"truefalsonf01".iter() {
        alphabet.extend([c ^ 0x20, c.wrapping_add(1), c.wrapping_sub(1), c | 0x80]);
    }
    alphabet.sort_unstable();
    alphabet.dedup();
    // Every string of length 0..=3 over the alphabet, every byte at
    // every position of each spelling (and its capitals), and length 6.
    let mut inputs: Vec<Vec<u8>> = vec![vec![]];
    for len in 1..=3 {
        let mut next = Vec::new();
        for s in inputs.iter().filter(|s| s.len() == len - 1) {
            for &c in &alphabet {
                let mut t = s.clone();
                t.push(c);
                next.push(t);
            }
        }
        inputs.extend(next);
    }
    for word in [
        &b"true"[..],
        b"TRUE",
        b"false",
        b"FALSE",
        b"on",
        b"off",
        b"OFF",
        b"falsee",
    ] {
        for at in 0..word.len() {
            for c in 0..=255u8 {
                let mut t = word.to_vec();
                t[at] = c;
                inputs.push(t);
            }
        }
    }
    let mut accepted = 0;
    for input in &inputs {
        let got = parse_bool(input).ok();
        assert_eq!(got, slow(input), "{input:?}");
        accepted += usize::from(got.is_some());
    }
    assert!(accepted > 60, "{accepted}");
}
use crate::ValueErrorKind as K;

fn p<'a, T: FromText<'a>>(s: &'a str) -> Result<T, K> {
    T::from_text(Ref::Borrowed(s)).map_err(|e| e.kind())
}

#[test]
fn integers_at_every_edge() {
    assert_eq!(p::<u8>("255"), Ok(255));
    assert_eq!(p::<u8>("256"), Err(K::OutOfRange));
    assert_eq!(p::<i8>("-128"), Ok(-128));
    assert_eq!(p::<i8>("-129"), Err(K::OutOfRange));
    assert_eq!(p::<u64>("18446744073709551615"), Ok(u64::MAX));
    assert_eq!(p::<u64>("18446744073709551616"), Err(K::OutOfRange));
    assert_eq!(p::<i64>("-9223372036854775808"), Ok(i64::MIN));
    assert_eq!(
        p::<u128>("340282366920938463463374607431768211455"),
        Ok(u128::MAX)
    );
    assert_eq!(p::<u32>("+36"), Ok(36));
    assert_eq!(p::<u32>("-1"), Err(K::NotUnsigned));
    for bad in ["", " 1", "1 ", "1e3", "1.0", "0x10", "1_000", "+", "-", "٣"] {
        assert_eq!(p::<u32>(bad), Err(K::NotUnsigned), "{bad:?}");
        assert_eq!(p::<i32>(bad), Err(K::NotSigned), "{bad:?}");
    }
}

#[test]
fn integers_agree_with_core_on_a_sweep() {
    // core's `from_str` is the oracle for plain decimal text.
    let samples = [
        "0",
        "00",
        "007",
        "-0",
        "+0",
        "-",
        "+",
        "++1",
        "--1",
        "1-",
        "12a",
        "65535",
        "65536",
        "-32768",
        "-32769",
        "4294967295",
        "4294967296",
        "99999999999999999999",
    ];
    for s in samples {
        assert_eq!(p::<u16>(s).ok(), s.parse::<u16>().ok(), "{s}");
        assert_eq!(p::<i16>(s).ok(), s.parse::<i16>().ok(), "{s}");
        assert_eq!(p::<u32>(s).ok(), s.parse::<u32>().ok(), "{s}");
        assert_eq!(p::<i64>(s).ok(), s.parse::<i64>().ok(), "{s}");
    }
}

/// Plain digit runs of every length up to past `u128`'s, at every width:
/// the value core's `from_str` gives, or out of range where core overflows
/// (never "not a number"); the same through a raw (query) value.
#[test]
fn digit_runs_of_every_length_agree_with_core() {
    fn check<'a, T>(s: &'a str)
    where
        T: FromText<'a> + core::str::FromStr + PartialEq + core::fmt::Debug,
    {
        let want = s.parse::<T>().ok();
        let got = p::<T>(s);
        match want {
            Some(v) => assert_eq!(got, Ok(v), "{s}"),
            None => assert_eq!(got, Err(K::OutOfRange), "{s}"),
        }
        let raw = T::from_raw(crate::convert::Raw::form(s.as_bytes())).map_err(|e| e.kind());
        assert_eq!(raw, got, "raw {s}");
    }
    // `check` of one text at each of the widths listed.
    macro_rules! check_as {
        ($s:expr; $($t:ty),+) => {
            $(check::<$t>($s);)+
        };
    }
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut text = alloc::string::String::new();
    for len in 1..=42 {
        for round in 0..24 {
            text.clear();
            for i in 0..len {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let d = match round {
                    0 => b'9',
                    1 => b'0' + u8::from(i == 0),
                    2 if i + 1 < len => b'0',
                    _ => b'0' + (seed >> 59) as u8 % 10,
                };
                text.push(char::from(d));
            }
            check_as!(&text; u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
        }
    }
    // Each width's edge, and one past it.
    for s in ["255", "256", "65535", "65536", "4294967295", "4294967296"] {
        check_as!(s; u8, u16, u32);
    }
    for s in ["127", "128", "32767", "32768", "2147483647", "2147483648"] {
        check_as!(s; i8, i16, i32);
    }
    for s in [
        "9223372036854775807",
        "9223372036854775808",
        "9999999999999999999",
    ] {
        check_as!(s; i64, u64);
    }
}

#[test]
fn floats_are_finite_or_refused() {
    assert_eq!(p::<f64>("99.5"), Ok(99.5));
    assert_eq!(p::<f64>("-1e3"), Ok(-1000.0));
    assert_eq!(p::<f64>("1e400"), Err(K::OutOfRange));
    assert_eq!(p::<f32>("1e39"), Err(K::OutOfRange));
    assert_eq!(p::<f32>("3.4e38"), Ok(3.4e38));
    for bad in [
        "NaN", "nan", "inf", "-inf", "Infinity", "", "1.2.3", "1e", "e5", " 1",
    ] {
        assert_eq!(p::<f64>(bad), Err(K::NotAFloat), "{bad:?}");
    }
}

#[test]
fn finite_floats_agree_with_core() {
    let samples = [
        "0",
        "-0",
        "1.",
        ".5",
        "1e-400",
        "2.2250738585072014e-308",
        "0.1",
        "123456789012345678901234567890",
    ];
    for s in samples {
        assert_eq!(p::<f64>(s).ok(), s.parse::<f64>().ok(), "{s}");
    }
}

#[test]
fn bools_and_chars() {
    for t in ["true", "TRUE", "True", "on", "ON", "1"] {
        assert_eq!(p::<bool>(t), Ok(true), "{t}");
    }
    for f in ["false", "off", "Off", "0"] {
        assert_eq!(p::<bool>(f), Ok(false), "{f}");
    }
    for bad in ["", "yes", "2", "t", " true"] {
        assert_eq!(p::<bool>(bad), Err(K::NotABool), "{bad}");
    }
    assert_eq!(p::<char>("é"), Ok('é'));
    assert_eq!(p::<char>(""), Err(K::NotAChar));
    assert_eq!(p::<char>("ab"), Err(K::NotAChar));
}

#[test]
fn borrowed_str_refuses_decoded_text() {
    assert_eq!(<&str>::from_text(Ref::Borrowed("a")), Ok("a"));
    assert_eq!(
        <&str>::from_text(Ref::Copied("a")).unwrap_err().kind(),
        K::NeedsDecoding
    );
    const { assert!(<&str as FromText>::IS_TEXT && !<u8 as FromText>::IS_TEXT) };
}

#[test]
fn invalid_utf8_is_refused() {
    assert_eq!(
        parse_text::<&str>(b"\xff").unwrap_err().kind(),
        K::InvalidUtf8
    );
    assert_eq!(
        Ref::<[u8]>::Copied(b"\xc3(").to_text().unwrap_err().kind(),
        K::InvalidUtf8
    );
}
