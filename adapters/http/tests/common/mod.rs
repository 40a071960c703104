//! Support shared by this crate's integration tests (what the workspace's
//! tests share is in `binder-test-support`).
#![allow(dead_code)]

/// `{"n":["x","x",...]}` with `n` invalid elements.
pub fn invalid_array(n: usize) -> Vec<u8> {
    let mut body = b"{\"n\":[".to_vec();
    for i in 0..n {
        if i > 0 {
            body.push(b',');
        }
        body.extend_from_slice(b"\"x\"");
    }
    body.extend_from_slice(b"]}");
    body
}
