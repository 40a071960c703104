//! `multipart::Feed`, the resumable scan, against the one-shot scan, through
//! the check `cargo test` runs (`binder_test_support::multipart_feed`):
//! a body (any bytes, or built from arbitrary parts and then mangled by
//! arbitrary edits) cut into chunks of arbitrary sizes (empty chunks and
//! one byte at a time among them), under the default or arbitrary small
//! limits: the same parts and the same error at the same offset.
#![no_main]

#[path = "shared/multipart_input.rs"]
mod shared;
#[path = "shared/cuts.rs"]
mod cuts;

use binder_core::Limits;
use binder_test_support::multipart_feed::check_feed;
use binder_test_support::multipart_oracle::{self, mangle};

#[derive(Debug, arbitrary::Arbitrary)]
enum Body {
    Raw(Vec<u8>),
    Built {
        preamble: Vec<u8>,
        epilogue: Vec<u8>,
        parts: Vec<shared::Part>,
        seed: u64,
        edits: u8,
    },
}

#[derive(Debug, arbitrary::Arbitrary)]
struct Input {
    boundary: Vec<u8>,
    body: Body,
    /// Chunk lengths, used in turn until the body is cut; all zero (or
    /// none) is one byte at a time.
    sizes: Vec<u8>,
    /// `(max_parts, max_part_header_bytes, max_part_headers)`, or the
    /// defaults.
    limits: Option<(u8, u8, u8)>,
}

libfuzzer_sys::fuzz_target!(|input: Input| {
    let boundary = shared::boundary(&input.boundary);
    let body = match input.body {
        Body::Raw(body) => body,
        Body::Built {
            preamble,
            epilogue,
            parts,
            seed,
            edits,
        } => {
            let spec = shared::spec(&boundary, preamble, epilogue, parts, seed);
            let Some((_, mut body, _)) = multipart_oracle::build(&spec) else {
                return;
            };
            mangle(&mut body, boundary.as_bytes(), seed, usize::from(edits % 8));
            body
        }
    };
    let mut limits = Limits::DEFAULT;
    if let Some((parts, header_bytes, headers)) = input.limits {
        limits.max_parts = usize::from(parts % 8);
        limits.max_part_header_bytes = usize::from(header_bytes);
        limits.max_part_headers = usize::from(headers % 8);
    }
    check_feed(&body, &boundary, &limits, &cuts::cuts(&input.sizes, body.len()));
});
