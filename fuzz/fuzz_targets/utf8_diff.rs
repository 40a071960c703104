//! Any bytes, alone and behind ASCII of several lengths (so that they reach
//! binder-core's UTF-8 automaton, which checks 256 bytes and more, at every
//! alignment of its blocks), with ASCII after them or not:
//! `convert::utf8` agrees with `core::str::from_utf8`.
#![no_main]

use binder_core::convert::utf8;

fn check(bytes: &[u8]) {
    assert_eq!(
        utf8(bytes).ok(),
        core::str::from_utf8(bytes).ok(),
        "{bytes:x?}"
    );
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    check(data);
    let mut padded = Vec::with_capacity(data.len() + 450);
    for pad in [1, 15, 16, 127, 256, 271] {
        padded.clear();
        padded.resize(pad, b' ');
        padded.extend_from_slice(data);
        check(&padded);
        padded.extend_from_slice(&[b'a'; 150]);
        check(&padded);
    }
});
