//! Any bytes as a JSON body: binder-core's reader (walked and skipped) agrees
//! with serde_json, but for the divergences documented in the oracle; and,
//! as an array's first element, a tuple or array of numbers reads in one
//! step as the element-by-element walk reads it.
#![no_main]

use binder_test_support::{json_oracle, numbers_oracle};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    json_oracle::check_json(data);
    let mut element = Vec::with_capacity(data.len() + 4);
    element.push(b'[');
    element.extend_from_slice(data);
    element.extend_from_slice(b",7]");
    numbers_oracle::check_numbers(&element);
});
