//! Feeding the multipart benchmark workload to `multipart::Feed`, in
//! chunks of every size from one byte to the whole body, allocates
//! nothing: the carry is the caller's (here on the stack), and the
//! events borrow it or the chunk.
//!
//! Its own test binary, with a counting global allocator and a single test,
//! so that nothing else runs while the count is taken.

use binder_core::multipart::{Boundary, Event, Feed};
use binder_core::Limits;
use binder_test_support::counting::{Counting, Region};
use std::hint::black_box;

#[global_allocator]
static ALLOC: Counting = Counting;

const BODY: &[u8] = include_bytes!("../../benches/workloads/multipart4k.bin");
const CONTENT_TYPE: &[u8] = include_bytes!("../../benches/workloads/multipart4k.content-type");
const CARRY: usize = Feed::carry_len(&Limits::DEFAULT);

/// Feeds `body` in chunks of `size` bytes: the parts and the data bytes.
fn feed(body: &[u8], size: usize) -> Result<(usize, usize), binder_core::Error> {
    let boundary = Boundary::from_content_type(CONTENT_TYPE.trim_ascii())?;
    let mut carry = [0u8; CARRY];
    let mut feed = Feed::new(&boundary, &mut carry, &Limits::DEFAULT).expect("fits");
    let (mut parts, mut data) = (0, 0);
    for chunk in body.chunks(size) {
        let mut input = feed.input(chunk);
        while let Some(event) = input.next()? {
            match event {
                Event::Part(_) => parts += 1,
                Event::Data(bytes) => data += bytes.len(),
                Event::End => {}
            }
        }
    }
    feed.finish()?;
    Ok((parts, data))
}

#[test]
fn feeding_the_workload_in_any_chunks_allocates_nothing() {
    for size in [1, 2, 7, 64, 1000, 4096, BODY.len()] {
        let region = Region::new();
        let got = black_box(feed(black_box(BODY), size));
        let stats = region.change();
        assert_eq!(
            (
                stats.allocations,
                stats.reallocations,
                stats.bytes_allocated
            ),
            (0, 0, 0),
            "chunks of {size}: {stats:?}"
        );
        // Four parts: the title, two tags and the 4 KiB file.
        let text = "Quarterly report".len() + "finance".len() + "q3".len();
        assert_eq!(got.unwrap(), (4, 4096 + text), "chunks of {size}");
    }
    // The counter is live: a carry on the heap counts one.
    let region = Region::new();
    let carry = black_box(vec![0u8; CARRY]);
    assert_eq!(region.change().allocations, 1);
    drop(carry);
}
