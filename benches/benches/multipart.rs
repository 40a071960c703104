//! `multipart4k`: binder against multer (axum's `Multipart`), instructions
//! and allocations.
use binder_bench::*;
use iai_callgrind::{
    library_benchmark, library_benchmark_group, main, Dhat, EntryPoint, LibraryBenchmarkConfig,
};
use std::hint::black_box;

fn checked(body: &'static [u8]) -> &'static [u8] {
    check_all();
    body
}

#[library_benchmark]
#[bench::multipart4k(checked(MULTIPART4K))]
fn binder_owned(body: &'static [u8]) -> Upload<'static> {
    binder_multipart::<Upload>(black_box(body), MULTIPART4K_TYPE)
}

#[library_benchmark]
#[bench::multipart4k(checked(MULTIPART4K))]
fn binder_borrowed(body: &'static [u8]) -> UploadRef<'static> {
    binder_multipart::<UploadRef>(black_box(body), MULTIPART4K_TYPE)
}

#[library_benchmark]
#[bench::multipart4k(checked(MULTIPART4K))]
fn multer(body: &'static [u8]) -> MulterUpload {
    multer_upload(black_box(body), MULTIPART4K_TYPE)
}

library_benchmark_group!(name = multipart; benchmarks = binder_owned, binder_borrowed, multer);

main!(
    config = LibraryBenchmarkConfig::default().tool(Dhat::default().entry_point(EntryPoint::Custom(
        "*::__iai_callgrind_wrapper_mod::*".into()
    )));
    library_benchmark_groups = multipart
);
