//! Where a body is cut into chunks or frames, shared by the targets that
//! feed a body piece by piece (`multipart_feed`, `spool_diff`).

/// The cut offsets `sizes` makes in a body of `len` bytes.
pub fn cuts(sizes: &[u8], len: usize) -> Vec<usize> {
    let ones = [1u8];
    let sizes = if sizes.iter().all(|&s| s == 0) {
        &ones[..]
    } else {
        sizes
    };
    let mut out = Vec::new();
    let mut at = 0;
    for &s in sizes.iter().cycle() {
        if at >= len {
            break;
        }
        at += usize::from(s);
        out.push(at.min(len));
    }
    out
}
