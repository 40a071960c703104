//! Short names: packing and matching.

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
