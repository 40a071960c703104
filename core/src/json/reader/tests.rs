//! Short names: packing and matching; whitespace runs.

use super::members::{short_name, short_name_word};

#[test]
fn short_names_pack_through_their_first_quote() {
    // Every way a name can start, at every distance from the input's
    // end: the word is a known name's exactly when the name is that
    // name, written as is.
    let names: &[&[u8]] = &[b"", b"a", b"age", b"seven77", b"eight888", b"caf\xc3\xa9"];
    for name in names {
        let word = short_name_word(name);
        for tail in [&b""[..], b":", b":1}", b" : 12345678}"] {
            let mut input = alloc::vec![b'"'];
            input.extend_from_slice(name);
            input.push(b'"');
            input.extend_from_slice(tail);
            let got = short_name(&input, 1);
            assert_eq!(word.is_some_and(|w| w == got), name.len() <= 7, "{input:?}");
            if name.len() <= 7 {
                assert_eq!((63 - got.leading_zeros() as usize) / 8, name.len());
            }
        }
    }
    assert_eq!(short_name(b"\"abcdefgh\"", 1), 0);
    assert_eq!(short_name(b"\"ab", 1), 0);
    assert_eq!(
        short_name(b"\"a\\\"\"", 1),
        u64::from_le_bytes(*b"a\\\"\0\0\0\0\0")
    );
    assert_eq!(short_name_word(b"a\\"), None);
    assert_eq!(short_name_word(b"a\""), None);
    assert_eq!(short_name_word(b"t\t"), None);
}

/// Indentation of every length from 0 to 40 after a newline, mixed with
/// tabs and carriage returns, before a value, a comma, a closing bracket
/// and the end: walked as without it, and an error just past it reported
/// at its byte.
#[test]
fn indentation_is_skipped_whole() {
    use crate::error::ErrorKind;
    use alloc::string::String;
    for k in 0..40 {
        for pad in [" ", "\t", "\r", " \t"] {
            let ws = |n: usize| {
                let mut s = String::from("\n");
                s.push_str(&" ".repeat(n));
                s.push_str(pad);
                s.push_str(&" ".repeat(k - n));
                s
            };
            let doc = alloc::format!("[{}1{},{}2{}]{}", ws(k), ws(k / 2), ws(0), ws(k), ws(k / 3));
            let mut r = super::Reader::new(doc.as_bytes());
            r.begin_array().unwrap();
            let mut all = alloc::vec::Vec::new();
            while r.next_element().unwrap() {
                all.push(r.read_number().unwrap().parse::<u8>().unwrap());
            }
            r.finish().unwrap();
            assert_eq!(all, [1, 2], "{doc:?}");
            let bad = alloc::format!("{}x", ws(k));
            let err = super::Reader::new(bad.as_bytes()).skip_value().unwrap_err();
            assert_eq!(
                (err.kind(), err.offset()),
                (ErrorKind::JsonUnexpected, bad.len() - 1)
            );
        }
    }
}
