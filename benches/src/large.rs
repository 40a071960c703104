//! Large bodies (issue 17): a multipart upload of a 1 MiB and a 64 MiB
//! file against `memchr::memmem` finding the boundary delimiter in the
//! same bytes, and a urlencoded body of 10,000 pairs (1 MiB) against the
//! same pairs 100 at a time (10 KiB), to show the scans stay linear.

use crate::binder_multipart;
use binder_http::request::{Body, Parts};
use binder_http::Bind;
use std::borrow::Cow;

/// The boundary of the large multipart bodies (a browser's shape).
pub const LARGE_BOUNDARY: &str = "----WebKitFormBoundary7MA4YWxkTrZu0gWlarge";

/// The `Content-Type` of the large multipart bodies.
pub fn large_multipart_type() -> Vec<u8> {
    format!("multipart/form-data; boundary={LARGE_BOUNDARY}").into_bytes()
}

/// `len` pseudo-random bytes (xorshift64, fixed seed): a compressed
/// file's bytes, in which the boundary delimiter does not occur.
fn noise(len: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(len + 8);
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    while out.len() < len {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        out.extend_from_slice(&x.to_le_bytes());
    }
    out.truncate(len);
    out
}

/// A `multipart/form-data` body in `multipart4k`'s shape (a title, two
/// tags, one file) whose file holds `file_len` bytes; leaked, as the
/// benches take `&'static` input.
pub fn large_multipart(file_len: usize) -> &'static [u8] {
    let mut body = Vec::with_capacity(file_len + 1024);
    let part = |body: &mut Vec<u8>, headers: &str| {
        body.extend_from_slice(format!("--{LARGE_BOUNDARY}\r\n{headers}\r\n\r\n").as_bytes());
    };
    part(&mut body, "Content-Disposition: form-data; name=\"title\"");
    body.extend_from_slice(b"Quarterly report\r\n");
    for tag in ["finance", "q3"] {
        part(&mut body, "Content-Disposition: form-data; name=\"tags\"");
        body.extend_from_slice(tag.as_bytes());
        body.extend_from_slice(b"\r\n");
    }
    part(
        &mut body,
        "Content-Disposition: form-data; name=\"avatar\"; filename=\"archive.bin\"\r\n\
         Content-Type: application/octet-stream",
    );
    body.extend_from_slice(&noise(file_len));
    body.extend_from_slice(format!("\r\n--{LARGE_BOUNDARY}--\r\n").as_bytes());
    Box::leak(body.into_boxed_slice())
}

/// binder: the large upload, text and file borrowed; the file's length.
pub fn binder_large_upload(body: &[u8], content_type: &[u8]) -> usize {
    let up: crate::UploadRef = binder_multipart(body, content_type);
    up.avatar.data().len() + up.tags.len() + up.title.len()
}

/// binder's resumable scan (`multipart::Feed`) over the large upload fed in
/// 64 KiB chunks, as a server reads it off the socket, its carry on the
/// stack: the bytes of data it handed out.
pub fn binder_feed_upload(body: &[u8], content_type: &[u8]) -> usize {
    use binder_core::multipart::{Boundary, Event, Feed};
    use binder_core::Limits;
    const CARRY: usize = Feed::carry_len(&Limits::DEFAULT);
    let boundary = Boundary::from_content_type(content_type).expect("a boundary");
    let mut carry = [0u8; CARRY];
    let mut feed = Feed::new(&boundary, &mut carry, &Limits::DEFAULT).expect("fits");
    let mut data = 0;
    for chunk in body.chunks(64 * 1024) {
        let mut input = feed.input(chunk);
        while let Some(event) = input.next().expect("a valid body") {
            if let Event::Data(bytes) = event {
                data += bytes.len();
            }
        }
    }
    feed.finish().expect("a whole body");
    data
}

/// The floor of a multipart scan: `memchr::memmem` finding every boundary
/// delimiter (`\r\n--` and the boundary) in the same bytes, the finder
/// built per call as a parser built per request would. Returns how many.
pub fn memmem_boundaries(body: &[u8]) -> usize {
    let delimiter = format!("\r\n--{LARGE_BOUNDARY}");
    memchr::memmem::find_iter(body, delimiter.as_bytes()).count()
}

/// Many values of one form name, borrowed where they can be.
#[derive(Bind, Debug)]
pub struct Bulk<'r> {
    /// Every `item`, in order.
    #[bind(body)]
    pub item: Vec<Cow<'r, str>>,
}

/// A urlencoded body of `pairs` pairs `item=...` of 100 bytes each
/// (some values `+`- and `%`-encoded); leaked.
pub fn large_form(pairs: usize) -> &'static [u8] {
    let mut body = Vec::with_capacity(pairs * 100);
    for i in 0..pairs {
        if i > 0 {
            body.push(b'&');
        }
        let value = if i % 4 == 0 {
            format!("order+{i:06}+for+Ada+Lovelace%2C+London+%E2%80%94+shipped+express")
        } else {
            format!(
                "order-{i:06}-sku-AB{:04}-qty-{:02}-warehouse-north-shelf-{:03}",
                i % 9973,
                i % 97,
                i % 211
            )
        };
        body.extend_from_slice(b"item=");
        body.extend_from_slice(value.as_bytes());
        // Each pair 100 bytes with its `&`.
        let pad = 99usize.saturating_sub(5 + value.len());
        body.extend(std::iter::repeat_n(b'x', pad));
    }
    Box::leak(body.into_boxed_slice())
}

/// The limits a large form binds under: its pairs allowed.
pub fn large_form_limits(pairs: usize) -> binder_http::Limits {
    let mut limits = binder_http::Limits::DEFAULT;
    limits.max_pairs = pairs;
    limits.max_body_bytes = usize::MAX;
    limits
}

/// binder: the large form's values; how many.
pub fn binder_bulk(body: &[u8], limits: &binder_http::Limits) -> usize {
    let bulk = Bulk::bind_with(
        &Parts {
            body: Body::Form(body),
            ..Parts::default()
        },
        limits,
    )
    .expect("binds");
    bulk.item.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_large_bodies_bind_and_the_floor_finds_every_boundary() {
        let body = large_multipart(1 << 20);
        let ct = large_multipart_type();
        let up: crate::UploadRef = binder_multipart(body, &ct);
        assert_eq!(up.avatar.data().len(), 1 << 20);
        assert_eq!(
            (up.title, &up.tags[..]),
            ("Quarterly report", &["finance", "q3"][..])
        );
        assert!(body.as_ptr_range().contains(&up.avatar.data().as_ptr()));
        // Four parts: four delimiters before them and the closing one.
        assert_eq!(memmem_boundaries(body), 4);
        // The feed hands out every part's data: the file, title and tags.
        let text = "Quarterly report".len() + "finance".len() + "q3".len();
        assert_eq!(binder_feed_upload(body, &ct), (1 << 20) + text);

        let form = large_form(10_000);
        assert_eq!(form.len(), 100 * 10_000 - 1);
        assert_eq!(binder_bulk(form, &large_form_limits(10_000)), 10_000);
        let small = large_form(100);
        assert_eq!(small.len(), 100 * 100 - 1);
        assert_eq!(binder_bulk(small, &large_form_limits(100)), 100);
        let bulk = Bulk::bind_with(
            &Parts {
                body: Body::Form(form),
                ..Parts::default()
            },
            &large_form_limits(10_000),
        )
        .unwrap();
        assert!(
            bulk.item[0].starts_with("order 000000 for Ada Lovelace, London — shipped expressxx")
        );
        assert!(bulk.item[1].starts_with("order-000001-sku-AB0001-qty-01"));
        assert!(matches!(bulk.item[1], Cow::Borrowed(_)));
    }
}
