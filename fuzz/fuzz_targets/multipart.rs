//! multipart/form-data, three ways, all through the checks `cargo test`
//! runs (`binder_test_support::multipart_oracle`):
//! - any boundary and body bytes, with any small limits: no panic, every
//!   part a slice of the body, and the same reading as multer (or both
//!   reject, or a documented divergence);
//! - a body built from arbitrary parts: read back exactly, agreed by multer,
//!   then mangled by arbitrary edits and compared again;
//! - any `Content-Type` value: no panic, and the boundary multer reads.
#![no_main]

use binder_core::multipart::Boundary;
use binder_core::Limits;
use binder_test_support::multipart_oracle::{
    self, check_content_type, check_multipart, check_roundtrip, mangle, ours,
};

#[derive(Debug, arbitrary::Arbitrary)]
struct Part {
    name: Vec<u8>,
    filename: Option<Vec<u8>>,
    content_type: Option<Vec<u8>>,
    data: Vec<u8>,
}

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
        parts: Vec<Part>,
        seed: u64,
        edits: u8,
    },
    ContentType(Vec<u8>),
}

/// Any bytes as a valid boundary: kept if valid, else mapped onto `bchars`.
fn boundary(raw: &[u8]) -> Boundary {
    Boundary::new(raw).unwrap_or_else(|_| {
        const B: &[u8] = b"abcXYZ0129'()+_,-./:=?";
        let mapped: Vec<u8> = raw
            .iter()
            .take(70)
            .map(|&b| B[b as usize % B.len()])
            .collect();
        Boundary::new(&mapped).unwrap_or_else(|_| Boundary::new(b"b").unwrap())
    })
}

libfuzzer_sys::fuzz_target!(|input: Input| match input {
    Input::Raw {
        boundary: raw,
        body,
        limits: (parts, header_bytes, headers),
    } => {
        let boundary = boundary(&raw);
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
        let spec = multipart_oracle::Spec {
            boundary: self::boundary(&boundary).as_bytes().to_vec(),
            preamble,
            epilogue,
            parts: parts
                .into_iter()
                .map(|p| multipart_oracle::SpecPart {
                    name: p.name,
                    filename: p.filename,
                    content_type: p.content_type,
                    data: p.data,
                })
                .collect(),
            seed,
        };
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
