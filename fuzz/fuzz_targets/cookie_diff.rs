//! Any text as a `Cookie` header: binder's scan equals
//! `cookie::Cookie::split_parse`; any bytes: no panic, every slice in bounds;
//! both: under small limits, the count against the limit equals a model's
//! whichever way each piece is taken.
#![no_main]

use binder_test_support::oracle;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    match std::str::from_utf8(data) {
        Ok(text) => oracle::check_cookie(text),
        Err(_) => {
            for c in binder_core::cookie::cookies(data) {
                let c = c.unwrap();
                assert!(!c.name().is_empty());
            }
            for max in [0, 1, data.len() / 3, data.len() % 7] {
                oracle::check_cookie_limit(data, max, |i| data.get(i).map_or(0, |b| b >> 1));
            }
        }
    }
});
