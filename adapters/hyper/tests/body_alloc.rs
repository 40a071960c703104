//! Allocation budgets of `read_body`, measured with a counting allocator.

use binder_test_support::counting::{measure, Counting};
use binder_test_support::frames::{ready, Frames};
use bytes::Bytes;

#[global_allocator]
static ALLOC: Counting = Counting;

/// Bytes allocated on this thread (the tests run on several) while running
/// `f`.
fn allocated<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let (out, _, bytes) = measure(f);
    (out, bytes)
}

/// What the read itself may allocate beyond the buffer the policy allows:
/// the error value and the future's own state.
const SMALL: usize = 1024;
/// The most the policy ever reserves up front.
const PRESIZE_CAP: usize = 64 * 1024;

#[test]
fn a_lying_content_length_costs_at_most_the_presize_cap() {
    // Declares 10 MB under a 16 MiB limit, sends 10 bytes in two frames
    // (forcing the buffer path), then ends.
    let chunks = Frames::new([Bytes::from_static(b"email="), Bytes::from_static(b"a%40b")]);
    let (result, bytes) =
        allocated(|| ready(binder_hyper::read_body(chunks, Some(10_000_000), 16 << 20)));
    assert!(matches!(
        result,
        Err(binder_hyper::Error::Incomplete {
            declared: 10_000_000,
            received: 11
        })
    ));
    assert!(bytes <= PRESIZE_CAP + SMALL, "allocated {bytes} bytes");
}

#[test]
fn a_body_in_one_frame_is_not_copied() {
    let frame = Bytes::from(vec![b'x'; 100_000]);
    let ptr = frame.as_ptr();
    let chunks = Frames::new([frame]);
    let (result, bytes) =
        allocated(|| ready(binder_hyper::read_body(chunks, Some(100_000), 1 << 20)));
    let body = result.unwrap();
    assert_eq!(body.as_ptr(), ptr);
    assert!(bytes <= SMALL, "allocated {bytes} bytes");
}

#[test]
fn a_growing_body_doubles_and_never_passes_the_limit() {
    let chunks = Frames::new((0..100).map(|_| vec![b'y'; 1000]));
    let (result, bytes) = allocated(|| ready(binder_hyper::read_body(chunks, None, 100_000)));
    assert_eq!(result.unwrap().len(), 100_000);
    // Doubling from 2,000 up to the 100,000 limit: every reservation added
    // up (each reallocation counted whole) stays under 3x the body.
    const GROWTH_BUDGET: usize = 3 * 100_000;
    assert!(bytes <= GROWTH_BUDGET, "allocated {bytes} bytes");
    let chunks = Frames::new((0..101).map(|_| vec![b'y'; 1000]));
    let result = ready(binder_hyper::read_body(chunks, None, 100_000));
    assert!(matches!(
        result,
        Err(binder_hyper::Error::TooLarge { limit: 100_000 })
    ));
}
