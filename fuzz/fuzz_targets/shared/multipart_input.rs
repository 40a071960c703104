//! What the two multipart targets (`multipart`, `multipart_feed`) share:
//! an arbitrary part, any bytes made a valid boundary, and the body spec
//! the oracle builds from them.

use binder_core::multipart::Boundary;
use binder_test_support::multipart_oracle::{Spec, SpecPart};

#[derive(Debug, arbitrary::Arbitrary)]
pub struct Part {
    name: Vec<u8>,
    filename: Option<Vec<u8>>,
    content_type: Option<Vec<u8>>,
    data: Vec<u8>,
}

/// Any bytes as a valid boundary: kept if valid, else mapped onto `bchars`.
pub fn boundary(raw: &[u8]) -> Boundary {
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

/// The oracle's spec of a body of `parts` between `preamble` and
/// `epilogue`.
pub fn spec(
    boundary: &Boundary,
    preamble: Vec<u8>,
    epilogue: Vec<u8>,
    parts: Vec<Part>,
    seed: u64,
) -> Spec {
    Spec {
        boundary: boundary.as_bytes().to_vec(),
        preamble,
        epilogue,
        parts: parts
            .into_iter()
            .map(|p| SpecPart {
                name: p.name,
                filename: p.filename,
                content_type: p.content_type,
                data: p.data,
            })
            .collect(),
        seed,
    }
}
