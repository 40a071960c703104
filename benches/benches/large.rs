//! Large bodies (issue 17): binder's multipart scan over a 1 MiB and a
//! 64 MiB file, whole and fed in 64 KiB chunks (`multipart::Feed`),
//! against `memchr::memmem` finding the boundary delimiter in the same
//! bytes (`memmem`, the floor of any multipart scan); and a
//! urlencoded body of 10,000 pairs (1 MB) bound once against the same
//! shape of body at 100 pairs (10 KB) bound 100 times, the same bytes in
//! all: the 1 MB bind's instructions per byte against the 10 KB one's.
use binder_bench::*;
use iai_callgrind::{
    library_benchmark, library_benchmark_group, main, Dhat, EntryPoint, LibraryBenchmarkConfig,
};
use std::hint::black_box;

// Each bench's body is a `*_run` function its setup also runs (to warm
// up, `binder_bench::warmed`); the bench `black_box`es its result so the
// call is not a tail call and the bench stays on the stack, where DHAT's
// entry point finds it.

type Upload = (&'static [u8], &'static [u8]);

fn upload(file_len: usize) -> Upload {
    (
        large_multipart(file_len),
        Box::leak(large_multipart_type().into_boxed_slice()),
    )
}

fn upload_warmed<T>(file_len: usize, run: fn(Upload) -> T) -> Upload {
    warmed(upload(file_len), run)
}

#[library_benchmark]
#[bench::multipart1m(upload_warmed(1 << 20, binder_borrowed_run))]
#[bench::multipart64m(upload_warmed(64 << 20, binder_borrowed_run))]
fn binder_borrowed(up: Upload) -> usize {
    black_box(binder_borrowed_run(up))
}

fn binder_borrowed_run((body, content_type): Upload) -> usize {
    binder_large_upload(black_box(body), content_type)
}

// The resumable scan, `multipart::Feed`, over the same bytes in 64 KiB
// chunks (`binder_bench::binder_feed_upload`).
#[library_benchmark]
#[bench::multipart1m(upload_warmed(1 << 20, binder_feed_run))]
#[bench::multipart64m(upload_warmed(64 << 20, binder_feed_run))]
fn binder_feed(up: Upload) -> usize {
    black_box(binder_feed_run(up))
}

fn binder_feed_run((body, content_type): Upload) -> usize {
    binder_feed_upload(black_box(body), content_type)
}

#[library_benchmark]
#[bench::multipart1m(upload_warmed(1 << 20, memmem_run))]
#[bench::multipart64m(upload_warmed(64 << 20, memmem_run))]
fn memmem(up: Upload) -> usize {
    black_box(memmem_run(up))
}

fn memmem_run((body, _): Upload) -> usize {
    memmem_boundaries(black_box(body))
}

/// A urlencoded body of `pairs` pairs and the limits it binds under.
type Form = (&'static [u8], &'static binder_http::Limits);

fn form_warmed<T>(pairs: usize, run: fn(Form) -> T) -> Form {
    let limits: &'static _ = Box::leak(Box::new(large_form_limits(pairs)));
    warmed((large_form(pairs), limits), run)
}

#[library_benchmark]
#[bench::form1m(form_warmed(10_000, binder_1m_run))]
fn binder_1m(form: Form) -> usize {
    black_box(binder_1m_run(form))
}

fn binder_1m_run((body, limits): Form) -> usize {
    binder_bulk(black_box(body), limits)
}

#[library_benchmark]
#[bench::form1m(form_warmed(100, binder_10k_x100_run))]
fn binder_10k_x100(form: Form) -> usize {
    black_box(binder_10k_x100_run(form))
}

/// The 10 KB body bound 100 times: as many bytes as the 1 MB one.
fn binder_10k_x100_run((body, limits): Form) -> usize {
    (0..100).map(|_| binder_bulk(black_box(body), limits)).sum()
}

library_benchmark_group!(
    name = large;
    benchmarks = binder_borrowed, binder_feed, memmem, binder_1m, binder_10k_x100
);

main!(
    config = LibraryBenchmarkConfig::default().tool(Dhat::default().entry_point(EntryPoint::Custom(
        "*::__iai_callgrind_wrapper_mod::*".into()
    )));
    library_benchmark_groups = large
);
