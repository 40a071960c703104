//! `multipart4k`: binder against multer (axum's `Multipart`), instructions
//! and allocations.
use binder_bench::*;
use iai_callgrind::{
    library_benchmark, library_benchmark_group, main, Dhat, EntryPoint, LibraryBenchmarkConfig,
};
use std::hint::black_box;

// Each bench's body is a `*_run` function its setup also runs (to warm
// up, `binder_bench::warmed`); the bench `black_box`es its result so the
// call is not a tail call and the bench stays on the stack, where DHAT's
// entry point finds it.

#[library_benchmark]
#[bench::multipart4k(warmed(MULTIPART4K, binder_owned_run))]
fn binder_owned(body: &'static [u8]) -> Upload<'static> {
    black_box(binder_owned_run(body))
}

fn binder_owned_run(body: &'static [u8]) -> Upload<'static> {
    binder_multipart::<Upload>(black_box(body), MULTIPART4K_TYPE)
}

#[library_benchmark]
#[bench::multipart4k(warmed(MULTIPART4K, binder_borrowed_run))]
fn binder_borrowed(body: &'static [u8]) -> UploadRef<'static> {
    black_box(binder_borrowed_run(body))
}

fn binder_borrowed_run(body: &'static [u8]) -> UploadRef<'static> {
    binder_multipart::<UploadRef>(black_box(body), MULTIPART4K_TYPE)
}

#[library_benchmark]
#[bench::multipart4k(warmed(MULTIPART4K, multer_run))]
fn multer(body: &'static [u8]) -> MulterUpload {
    black_box(multer_run(body))
}

fn multer_run(body: &'static [u8]) -> MulterUpload {
    multer_upload(black_box(body), MULTIPART4K_TYPE)
}

// The floor at the limit (`binder_bench::ideal::multipart`): code written
// for exactly this upload, as strict as binder, the same allocations; the
// content type trimmed inside the call, as `binder_multipart` trims it.

#[library_benchmark]
#[bench::multipart4k(warmed(MULTIPART4K, ideal_owned_run))]
fn ideal_owned(body: &'static [u8]) -> ideal::multipart::IdealUpload<'static> {
    black_box(ideal_owned_run(body))
}

fn ideal_owned_run(body: &'static [u8]) -> ideal::multipart::IdealUpload<'static> {
    ideal::multipart::ideal_upload(black_box(body), MULTIPART4K_TYPE.trim_ascii_end())
        .expect("binds")
}

#[library_benchmark]
#[bench::multipart4k(warmed(MULTIPART4K, ideal_borrowed_run))]
fn ideal_borrowed(body: &'static [u8]) -> ideal::multipart::IdealUploadRef<'static> {
    black_box(ideal_borrowed_run(body))
}

fn ideal_borrowed_run(body: &'static [u8]) -> ideal::multipart::IdealUploadRef<'static> {
    ideal::multipart::ideal_upload_ref(black_box(body), MULTIPART4K_TYPE.trim_ascii_end())
        .expect("binds")
}

library_benchmark_group!(name = multipart; benchmarks = binder_owned, binder_borrowed, multer, ideal_owned, ideal_borrowed);

main!(
    config = LibraryBenchmarkConfig::default().tool(Dhat::default().entry_point(EntryPoint::Custom(
        "*::__iai_callgrind_wrapper_mod::*".into()
    )));
    library_benchmark_groups = multipart
);
