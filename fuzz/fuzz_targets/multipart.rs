//! multipart/form-data, three ways, all through the checks `cargo test`
//! runs (`binder_test_support::multipart_oracle`):
//! - any boundary and body bytes, with any small limits: no panic, every
//!   part a slice of the body, and the same reading as multer (or both
//!   reject, or a documented divergence);
//! - a body built from arbitrary parts: read back exactly, agreed by multer,
//!   then mangled by arbitrary edits and compared again;
//! - any `Content-Type` value: no panic, and the boundary multer reads.
#![no_main]

#[path = "shared/multipart_input.rs"]
mod shared;

use binder_core::multipart::Boundary;
use binder_core::Limits;
use binder_test_support::multipart_oracle::{
    check_content_type, check_multipart, check_roundtrip, mangle, ours,
};

#[derive(Debug, arbitrary::Arbitrary)]
enum Input {
    Raw {
        boundary: Vec<u8>,
        body: Vec<u8>,
        limits: (u8, u16, u8),
    },
    Built {
        boundary: Vec<u8>,
        preamble: Vec<u8>,
        epilogue: Vec<u8>,
        parts: Vec<shared::Part>,
        seed: u64,
        edits: u8,
    },
    ContentType(Vec<u8>),
}

libfuzzer_sys::fuzz_target!(|input: Input| match input {
    Input::Raw {
        boundary: raw,
        body,
        limits: (parts, header_bytes, headers),
    } => {
        let boundary = shared::boundary(&raw);
        check_multipart(&body, &boundary);
        let mut limits = Limits::DEFAULT;
        limits.max_parts = usize::from(parts);
        limits.max_part_header_bytes = usize::from(header_bytes);
        limits.max_part_headers = usize::from(headers);
        ours(&body, &boundary, &limits);
    }
    Input::Built {
        boundary,
        preamble,
        epilogue,
        parts,
        seed,
        edits,
    } => {
        let spec = shared::spec(
            &shared::boundary(&boundary),
            preamble,
            epilogue,
            parts,
            seed,
        );
        if let Some((mut body, _)) = check_roundtrip(&spec) {
            if edits > 0 {
                mangle(&mut body, &spec.boundary, seed, usize::from(edits % 8));
                check_multipart(&body, &Boundary::new(&spec.boundary).unwrap());
            }
        }
    }
    Input::ContentType(value) => {
        check_content_type(&value);
    }
});
