//! Scanning a multipart body costs time linear in its size, however dense it
//! is with near misses of the delimiter: whole, and fed in chunks to
//! `multipart::Feed` (whose chunk edges then cut near misses everywhere).
//!
//! Measured in this thread's CPU time, made robust for a shared machine: each shape is
//! scanned at 1x (640 KiB) and 10x (6.4 MiB), interleaved, 9 times each after a
//! warm-up, and the fastest 10x time must stay under 15x the fastest 1x time
//! (the minimum, not the median: other processes only ever add time, so the
//! fastest run is the one least disturbed). A quadratic scan would show 100x
//! (the deliberately quadratic variant tried once showed 95x); linear shows
//! 10x. The 1x body is ten times the 64 KiB a part's data is searched by
//! the first searchers before a vectorised one takes over (`search.rs` in
//! binder-core's multipart module): a body all inside that window would
//! put two searchers' costs in one ratio.

use binder_core::multipart::{self, Boundary, Event, Feed};
use binder_core::Limits;
use std::hint::black_box;
use std::time::Duration;

const BOUNDARY: &[u8] = b"----binderBoundary7MA4YWxkTrZu0gW";
const SMALL: usize = 10 * 64 * 1024;
const RUNS: usize = 9;

/// A body of one file part holding `data`.
fn one_part(data: &[u8]) -> Vec<u8> {
    let mut body = [b"--", BOUNDARY, b"\r\n"].concat();
    body.extend_from_slice(b"Content-Disposition: form-data; name=\"f\"; filename=\"x\"\r\n\r\n");
    body.extend_from_slice(data);
    body.extend_from_slice(&[b"\r\n--", BOUNDARY, b"--\r\n"].concat());
    body
}

/// `piece` repeated to `len` bytes.
fn repeat(piece: &[u8], len: usize) -> Vec<u8> {
    piece.iter().copied().cycle().take(len).collect()
}

/// How a body is scanned: whole, or fed to `multipart::Feed` in chunks of
/// `FEED_CHUNK` bytes.
#[derive(Clone, Copy, Debug)]
enum Scan {
    Whole,
    Fed,
}

/// A chunk size that cuts the shapes' repeated pieces at every offset.
const FEED_CHUNK: usize = 1000;

/// Scans `body` to the end; returns the time taken.
fn time(body: &[u8], limits: &Limits, scan: Scan) -> Duration {
    let boundary = Boundary::new(BOUNDARY).unwrap();
    let start = cpu_now();
    let mut bytes = 0;
    match scan {
        Scan::Whole => {
            for part in multipart::parts_with(black_box(body), &boundary, limits) {
                bytes += part.expect("a valid body").data().len();
            }
        }
        Scan::Fed => {
            let mut carry = vec![0u8; Feed::carry_len(limits)];
            let mut feed = Feed::new(&boundary, &mut carry, limits).unwrap();
            for chunk in black_box(body).chunks(FEED_CHUNK) {
                let mut input = feed.input(chunk);
                while let Some(event) = input.next().expect("a valid body") {
                    if let Event::Data(data) = event {
                        bytes += data.len();
                    }
                }
            }
            feed.finish().expect("a whole body");
        }
    }
    black_box(bytes);
    cpu_now() - start
}

/// This thread's CPU time: unlike the wall clock it does not count the time
/// other processes hold the cores, so a loaded machine cannot fake a
/// superlinear ratio.
fn cpu_now() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the clock id is a
    // constant the platform defines.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// The fastest time of the 10x body over the fastest time of the 1x body.
fn ratio(
    make: &impl Fn(usize) -> Vec<u8>,
    limits: &Limits,
    scan: Scan,
) -> (f64, Duration, Duration) {
    let (small, large) = (make(SMALL), make(10 * SMALL));
    time(&small, limits, scan);
    time(&large, limits, scan);
    let (mut s, mut l) = (Vec::new(), Vec::new());
    for _ in 0..RUNS {
        s.push(time(&small, limits, scan));
        l.push(time(&large, limits, scan));
    }
    s.sort();
    l.sort();
    let (s, l) = (s[0], l[0]);
    (l.as_secs_f64() / s.as_secs_f64(), s, l)
}

/// Whole and fed in chunks (`multipart::Feed`), each linear.
fn assert_linear(shape: &str, make: impl Fn(usize) -> Vec<u8>, limits: &Limits) {
    for scan in [Scan::Whole, Scan::Fed] {
        let (r, s, l) = ratio(&make, limits, scan);
        println!("{shape} ({scan:?}): 640 KiB {s:?}, 6.4 MiB {l:?}, ratio {r:.2}");
        assert!(
            r < 15.0,
            "{shape} ({scan:?}): 10x the input took {r:.1}x the time ({s:?} vs {l:?})"
        );
    }
}

/// One test, so the shapes never compete with each other for the cores.
#[test]
fn scanning_is_linear_in_the_body() {
    // `\r\n--` + the boundary minus its last byte, over and over.
    let miss = [b"\r\n--", &BOUNDARY[..BOUNDARY.len() - 1]].concat();
    assert_linear(
        "near misses",
        |n| one_part(&repeat(&miss, n)),
        &Limits::DEFAULT,
    );
    assert_linear(
        "\\r\\n-- runs",
        |n| one_part(&repeat(b"\r\n--", n)),
        &Limits::DEFAULT,
    );
    assert_linear("CR runs", |n| one_part(&repeat(b"\r", n)), &Limits::DEFAULT);

    let mut limits = Limits::DEFAULT;
    limits.max_parts = usize::MAX;
    let part = [
        b"--",
        BOUNDARY,
        b"\r\nContent-Disposition: form-data; name=\"k\"\r\nX-A: 1\r\n\r\nv\r\n",
    ]
    .concat();
    let parts = |n: usize| {
        let mut body = repeat(&part, n - n % part.len());
        body.extend_from_slice(&[b"--", BOUNDARY, b"--"].concat());
        body
    };
    assert_linear("small parts", parts, &limits);
}
