//! Short names: packing and matching; members taken in the order
//! expected.

use super::members::{short_name, short_name_word, Expect};
use super::Reader;

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

/// A reader of `input` (an object) where its first member starts, or
/// (`first` false) its second.
fn at_member(input: &[u8], first: bool) -> Reader<'_> {
    let mut r = Reader::new(input);
    r.begin_object().unwrap();
    if !first {
        assert!(r.next_member(&mut [0u8; 4]).unwrap().is_some());
        r.skip_value().unwrap();
    }
    r
}

#[test]
fn expected_members_are_taken_exactly_as_compact_json_writes_them() {
    // Every name length up to the two words' capacity (13 bytes) is taken
    // when it comes next, written compactly, as the first member or after
    // a comma, near the input's end or not; nothing else is, and nothing
    // is consumed then.
    for n in 0..=15usize {
        let name: alloc::vec::Vec<u8> = (0..n).map(|i| b'a' + (i % 26) as u8).collect();
        let expect = Expect::new(&name, 7);
        assert_eq!(expect.field, 7);
        let member = [&b"\""[..], &name, b"\":"].concat();
        for tail in [&b"1}"[..], b"1234567890123456789}"] {
            for first in [true, false] {
                let mut input = if first {
                    b"{".to_vec()
                } else {
                    b"{\"x\":0,".to_vec()
                };
                let at = input.len();
                input.extend_from_slice(&member);
                input.extend_from_slice(tail);
                let mut r = at_member(&input, first);
                let before = r.offset();
                let taken = r.take_expected(&expect);
                assert_eq!(taken, n <= 13, "{input:?}");
                if taken {
                    assert_eq!(r.offset(), at + member.len());
                    assert_eq!(
                        r.read_number().unwrap().as_str(),
                        core::str::from_utf8(&tail[..tail.len() - 1]).unwrap()
                    );
                } else {
                    assert_eq!(r.offset(), before);
                }
                // One byte off anywhere in the member: not taken.
                for i in 0..member.len() {
                    let mut other = input.clone();
                    other[at + i] ^= 0x20;
                    let mut r = at_member(&other, first);
                    assert!(!r.take_expected(&expect), "{other:?}");
                }
            }
        }
    }
    // Whitespace, a missing comma, a name that needs escapes: not taken.
    for (input, name) in [
        (&b"{ \"a\":1}"[..], &b"a"[..]),
        (b"{\"a\" :1}", b"a"),
        (b"{\"a\"", b"a"),
        (b"{\"q\\\"\":1}", b"q\""),
        (b"{\"t\\t\":1}", b"t\t"),
    ] {
        let mut r = Reader::new(input);
        r.begin_object().unwrap();
        assert!(!r.take_expected(&Expect::new(name, 0)), "{input:?}");
    }
    // Whitespace where a name or its comma is due marks the document as
    // not compact (the walk stops trying); another name does not.
    for (input, first, compact) in [
        (&b"{ \"a\":1}"[..], true, false),
        (b"{\"b\":1}", true, true),
        (b"{\"x\":0, \"a\":1}", false, false),
        (b"{\"x\":0 ,\"a\":1}", false, false),
        (b"{\"x\":0,\n\"a\":1}", false, false),
        (b"{\"x\":0,\"b\":1}", false, true),
        (b"{\"x\":0}", false, true),
    ] {
        let mut r = at_member(input, first);
        assert!(!r.take_expected(&Expect::new(b"a", 0)), "{input:?}");
        assert_eq!(r.compact(), compact, "{input:?}");
    }
    // Only where a member is due: not in an array, not where a value is.
    let mut r = Reader::new(b"[\"a\":1]");
    r.begin_array().unwrap();
    assert!(!r.take_expected(&Expect::new(b"a", 0)));
    let mut r = Reader::new(b"{\"a\":\"a\":1}");
    r.begin_object().unwrap();
    assert!(r.take_expected(&Expect::new(b"a", 0)));
    assert!(!r.take_expected(&Expect::new(b"a", 0)));
    let mut r = Reader::new(b"{\"a\":1,\"a\":2}");
    r.begin_object().unwrap();
    assert!(r.take_expected(&Expect::new(b"a", 0)));
    assert!(!r.take_expected(&Expect::new(b"a", 0)));
}

/// Fractions of every length from 1 to 24 digits (read byte by byte, then
/// eight at a time, then byte by byte near the input's end), after
/// integer parts of several lengths, with and without an exponent, at the
/// input's end or followed by more: each number is read whole, and its
/// value is the correctly rounded one `str::parse` gives.
#[test]
fn fractions_of_every_length_read_as_text_parses_them() {
    use alloc::string::String;
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut digit = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        char::from(b'0' + (seed % 10) as u8)
    };
    let mut read = 0;
    for int in ["0", "7", "-65", "123456789", "-98765432109876543210"] {
        for len in 1..=24 {
            for exp in ["", "e5", "E-3", "e+12"] {
                let mut text = String::from(int);
                text.push('.');
                for _ in 0..len {
                    text.push(digit());
                }
                text.push_str(exp);
                let expect: f64 = text.parse().expect("a float");
                for (before, after) in [("", ""), ("[", "]"), ("[", ",1]"), ("[", "    ]")] {
                    let input = alloc::format!("{before}{text}{after}");
                    let mut r = Reader::new(input.as_bytes());
                    if !before.is_empty() {
                        r.begin_array().unwrap();
                        assert!(r.next_element().unwrap());
                    }
                    let n = r.read_number().unwrap();
                    assert_eq!(n.as_str(), text, "{input}");
                    assert_eq!(
                        n.parse::<f64>().unwrap().to_bits(),
                        expect.to_bits(),
                        "{input}"
                    );
                    read += 1;
                }
            }
        }
    }
    assert_eq!(read, 5 * 24 * 4 * 4);
}

#[test]
fn indentation_after_a_line_break_ends_where_a_byte_loop_ends() {
    // Runs of 0-40 spaces (past two sixteen-byte blocks) from every offset
    // a block can start at, ended by each kind of byte that can follow
    // (another whitespace byte, a token, a byte that is no token), or by
    // the input's end, with 0-17 bytes after: the end of the run and the
    // byte there are the byte loop's.
    let model = |bytes: &[u8], mut at: usize| {
        while bytes
            .get(at)
            .is_some_and(|&c| matches!(c, b' ' | b'\t' | b'\n' | b'\r'))
        {
            at += 1;
        }
        (at, bytes.get(at).copied())
    };
    let ends: [&[u8]; 9] = [
        b"", b"\"", b"}", b"\t\"", b"\r\n  ]", b"\n\n1", b"\x00", b"\x80", b" \x0b",
    ];
    let mut checked = 0;
    for lead in 0..16 {
        for run in 0..=40 {
            for end in ends {
                for slack in 0..=17 {
                    let mut bytes = alloc::vec![b'x'; lead];
                    bytes.resize(lead + run, b' ');
                    bytes.extend_from_slice(end);
                    bytes.resize(bytes.len() + slack, b'7');
                    assert_eq!(
                        super::after_line_break(&bytes, lead),
                        model(&bytes, lead),
                        "{bytes:?} from {lead}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 16 * 41 * 9 * 18);
}
