//! Any bytes as a query string: binder's scan equals `form_urlencoded::parse`.
#![no_main]

#[path = "../../core/tests/common/oracle.rs"]
mod oracle;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    oracle::check_urlencoded(data);
});
