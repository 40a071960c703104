//! Any text as a `Cookie` header: binder's scan equals
//! `cookie::Cookie::split_parse`; any bytes: no panic, every slice in bounds.
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
        }
    }
});
