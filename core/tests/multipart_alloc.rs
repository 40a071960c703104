//! Scanning the multipart benchmark workload allocates nothing, and the
//! 4 KiB file comes back as a slice of the body, not a copy.
//!
//! Its own test binary, with a counting global allocator and a single test,
//! so that nothing else runs while the count is taken.

use binder_core::multipart::{self, Boundary};
use binder_test_support::counting::{Counting, Region};
use std::hint::black_box;

#[global_allocator]
static ALLOC: Counting = Counting;

const BODY: &[u8] = include_bytes!("../../benches/workloads/multipart4k.bin");
const CONTENT_TYPE: &[u8] = include_bytes!("../../benches/workloads/multipart4k.content-type");

/// A file part: filename, content type, bytes.
type File<'a> = (&'a [u8], Option<&'a [u8]>, &'a [u8]);

/// What binding `Upload` needs, gathered without allocating.
#[derive(Default)]
struct Upload<'a> {
    title: Option<&'a [u8]>,
    tags: [&'a [u8]; 2],
    tag_count: usize,
    avatar: Option<File<'a>>,
    parts: usize,
}

fn scan<'a>(body: &'a [u8], content_type: &[u8]) -> Result<Upload<'a>, binder_core::Error> {
    let boundary = Boundary::from_content_type(content_type.trim_ascii())?;
    let mut up = Upload::default();
    let mut scratch = [0u8; 64];
    for part in multipart::parts(body, &boundary) {
        let part = part?;
        up.parts += 1;
        // Names are compared decoded, as the binder does.
        let name = part.name().decoded(&mut scratch).expect("short names");
        match &*name {
            b"title" => up.title = Some(part.data()),
            b"tags" => {
                up.tags[up.tag_count.min(1)] = part.data();
                up.tag_count += 1;
            }
            b"avatar" => {
                let filename = part.filename().map(|f| f.raw());
                up.avatar = Some((
                    filename.unwrap_or_default(),
                    part.content_type(),
                    part.data(),
                ));
            }
            _ => {}
        }
    }
    Ok(up)
}

#[test]
fn scanning_the_workload_allocates_nothing_and_borrows_the_file() {
    let region = Region::new();
    let up = black_box(scan(black_box(BODY), black_box(CONTENT_TYPE)));
    let stats = region.change();
    assert_eq!(
        (
            stats.allocations,
            stats.reallocations,
            stats.bytes_allocated
        ),
        (0, 0, 0),
        "{stats:?}"
    );

    let up = up.unwrap();
    assert_eq!(up.parts, 4);
    assert_eq!(up.title, Some(&b"Quarterly report"[..]));
    assert_eq!((up.tag_count, up.tags), (2, [&b"finance"[..], b"q3"]));
    let (filename, content_type, data) = up.avatar.unwrap();
    assert_eq!(filename, b"chart.png");
    assert_eq!(content_type, Some(&b"image/png"[..]));
    assert_eq!(data.len(), 4096);
    // The file is the body's own bytes: its pointer range lies inside it.
    let body = BODY.as_ptr_range();
    let file = data.as_ptr_range();
    assert!(body.start <= file.start && file.end <= body.end);
    assert!(BODY.ends_with(&[data, b"\r\n------binderBoundary7MA4YWxkTrZu0gW--\r\n"].concat()));

    // The counter is live: the same scan plus one owned copy counts one.
    let region = Region::new();
    let copied = black_box(scan(BODY, CONTENT_TYPE).unwrap().avatar.unwrap().2.to_vec());
    assert_eq!(region.change().allocations, 1);
    drop(copied);
}
