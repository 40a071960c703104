//! Any bytes as a query string: binder's scan equals `form_urlencoded::parse`,
//! and the bind path's skipping walk agrees with the full scan under a
//! first-byte filter and limits chosen by the input's first two bytes.
#![no_main]

use binder_test_support::oracle;

use binder_core::bits::ByteSet;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    oracle::check_urlencoded(data);
    if let [sel, lim, rest @ ..] = data {
        let mut first = ByteSet::new();
        for (bit, b) in [b'a', b'b', b'=', b'%', b'0', 0xff, b'k', b'&']
            .into_iter()
            .enumerate()
        {
            if sel & (1 << bit) != 0 {
                first = first.with(b);
            }
        }
        let mut limits = oracle::unlimited();
        if lim & 0x80 != 0 {
            limits.max_pairs = usize::from(lim & 0x07);
            limits.max_key_len = usize::from((lim >> 3) & 0x0f);
        }
        oracle::check_walk(rest, &first, &limits);
    }
});
