//! An arbitrary body cut into arbitrary chunks (empty ones and single
//! bytes among them), read by `form::Feed` with an arbitrary carry under
//! arbitrary limits: exactly the one-shot scan of the whole body (pairs,
//! offsets, decoding flags, the error and its offset), a pair longer than
//! the carry refused wherever it falls. And `form::Keep` on the same
//! chunks keeps exactly what a model on the one-shot scan keeps.
#![no_main]

use binder_test_support::{feed_oracle, oracle};

#[derive(Debug, arbitrary::Arbitrary)]
struct Input {
    body: Vec<u8>,
    lens: Vec<u8>,
    /// `None`: a carry as long as the body (the one-shot scan exactly).
    cap: Option<u8>,
    max_pairs: Option<u8>,
    max_key_len: Option<u8>,
}

libfuzzer_sys::fuzz_target!(|input: Input| {
    let mut limits = oracle::unlimited();
    if let Some(n) = input.max_pairs {
        limits.max_pairs = usize::from(n % 16);
    }
    if let Some(n) = input.max_key_len {
        limits.max_key_len = usize::from(n % 32);
    }
    let cap = input.cap.map_or(input.body.len(), |c| usize::from(c % 64));
    let lens: Vec<usize> = input.lens.iter().map(|&l| usize::from(l % 32)).collect();
    feed_oracle::check_feed(&input.body, &lens, &limits, cap);
    feed_oracle::check_keep(&input.body, &lens, &limits, cap);
});
