//! Arbitrary pairs, encoded by `form_urlencoded::Serializer` and then mangled
//! by arbitrary splices: binder's scan equals the oracle's on the result, and
//! on the clean encoding gives back exactly the pairs that were encoded.
#![no_main]

use binder_test_support::oracle;

#[derive(Debug, arbitrary::Arbitrary)]
struct Input {
    pairs: Vec<(String, String)>,
    splice: Vec<u8>,
    at: u16,
}

libfuzzer_sys::fuzz_target!(|input: Input| {
    let mut ser = form_urlencoded::Serializer::new(String::new());
    for (k, v) in &input.pairs {
        ser.append_pair(k, v);
    }
    let encoded = ser.finish();
    let decoded = oracle::ours_urlencoded(encoded.as_bytes());
    let want: Vec<(Vec<u8>, Vec<u8>)> = input
        .pairs
        .iter()
        .map(|(k, v)| (k.clone().into_bytes(), v.clone().into_bytes()))
        .collect();
    assert_eq!(decoded, want, "round trip of {encoded:?}");

    let mut mangled = encoded.into_bytes();
    let at = usize::from(input.at) % (mangled.len() + 1);
    mangled.splice(at..at, input.splice.iter().copied());
    oracle::check_urlencoded(&mangled);
});
