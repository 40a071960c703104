//! Any bytes as a JSON body: binder-core's reader (walked and skipped) agrees
//! with serde_json, but for the divergences documented in the oracle.
#![no_main]

use binder_test_support::json_oracle;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    json_oracle::check_json(data);
});
