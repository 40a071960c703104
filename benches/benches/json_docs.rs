//! The json-benchmark documents (canada, citm_catalog, twitter) bound
//! strictly into typed structs (`binder_bench::json_docs`): binder against
//! serde_json, sonic-rs and simd-json, owned and borrowed, instructions and
//! allocations. Each row's function binds the document its bench id names;
//! the result types differ per document, so a row returns them in an enum
//! ([`Owned`], [`Borrowed`]).
use binder_bench::json_docs::*;
use binder_bench::{binder_json, serde_json_into, sonic_rs_into};
use iai_callgrind::{
    library_benchmark, library_benchmark_group, main, Dhat, EntryPoint, LibraryBenchmarkConfig,
};
use std::hint::black_box;

// As in `json.rs`: each bench's body is a `*_run` function its setup also
// runs (checked against serde_json's result, then warmed,
// `binder_bench::json_docs::warmed_doc`); the bench `black_box`es its
// result so the call is not a tail call and DHAT's entry point sees it.

#[library_benchmark]
#[bench::canada(warmed_doc(Doc::Canada, serde_json_owned, binder_owned_run))]
#[bench::citm_catalog(warmed_doc(Doc::CitmCatalog, serde_json_owned, binder_owned_run))]
#[bench::twitter(warmed_doc(Doc::Twitter, serde_json_owned, binder_owned_run))]
fn binder_owned(doc: Doc) -> Owned {
    black_box(binder_owned_run(doc))
}

fn binder_owned_run(doc: Doc) -> Owned {
    let b = black_box(doc.bytes());
    match doc {
        Doc::Canada => Owned::Canada(binder_json(b)),
        Doc::CitmCatalog => Owned::CitmCatalog(binder_json(b)),
        Doc::Twitter => Owned::Twitter(binder_json(b)),
    }
}

#[library_benchmark]
#[bench::canada(warmed_doc(Doc::Canada, serde_json_borrowed, binder_borrowed_run))]
#[bench::citm_catalog(warmed_doc(Doc::CitmCatalog, serde_json_borrowed, binder_borrowed_run))]
#[bench::twitter(warmed_doc(Doc::Twitter, serde_json_borrowed, binder_borrowed_run))]
fn binder_borrowed(doc: Doc) -> Borrowed<'static> {
    black_box(binder_borrowed_run(doc))
}

fn binder_borrowed_run(doc: Doc) -> Borrowed<'static> {
    let b = black_box(doc.bytes());
    match doc {
        Doc::Canada => Borrowed::Canada(binder_json(b)),
        Doc::CitmCatalog => Borrowed::CitmCatalog(binder_json(b)),
        Doc::Twitter => Borrowed::Twitter(binder_json(b)),
    }
}

#[library_benchmark]
#[bench::canada(warmed_doc(Doc::Canada, serde_json_owned, serde_json_owned_run))]
#[bench::citm_catalog(warmed_doc(Doc::CitmCatalog, serde_json_owned, serde_json_owned_run))]
#[bench::twitter(warmed_doc(Doc::Twitter, serde_json_owned, serde_json_owned_run))]
fn serde_json_owned(doc: Doc) -> Owned {
    black_box(serde_json_owned_run(doc))
}

fn serde_json_owned_run(doc: Doc) -> Owned {
    let b = black_box(doc.bytes());
    match doc {
        Doc::Canada => Owned::Canada(serde_json_into(b)),
        Doc::CitmCatalog => Owned::CitmCatalog(serde_json_into(b)),
        Doc::Twitter => Owned::Twitter(serde_json_into(b)),
    }
}

#[library_benchmark]
#[bench::canada(warmed_doc(Doc::Canada, serde_json_borrowed, serde_json_borrowed_run))]
#[bench::citm_catalog(warmed_doc(Doc::CitmCatalog, serde_json_borrowed, serde_json_borrowed_run))]
#[bench::twitter(warmed_doc(Doc::Twitter, serde_json_borrowed, serde_json_borrowed_run))]
fn serde_json_borrowed(doc: Doc) -> Borrowed<'static> {
    black_box(serde_json_borrowed_run(doc))
}

fn serde_json_borrowed_run(doc: Doc) -> Borrowed<'static> {
    let b = black_box(doc.bytes());
    match doc {
        Doc::Canada => Borrowed::Canada(serde_json_into(b)),
        Doc::CitmCatalog => Borrowed::CitmCatalog(serde_json_into(b)),
        Doc::Twitter => Borrowed::Twitter(serde_json_into(b)),
    }
}

#[library_benchmark]
#[bench::canada(warmed_doc(Doc::Canada, serde_json_owned, sonic_rs_owned_run))]
#[bench::citm_catalog(warmed_doc(Doc::CitmCatalog, serde_json_owned, sonic_rs_owned_run))]
#[bench::twitter(warmed_doc(Doc::Twitter, serde_json_owned, sonic_rs_owned_run))]
fn sonic_rs_owned(doc: Doc) -> Owned {
    black_box(sonic_rs_owned_run(doc))
}

fn sonic_rs_owned_run(doc: Doc) -> Owned {
    let b = black_box(doc.bytes());
    match doc {
        Doc::Canada => Owned::Canada(sonic_rs_into(b)),
        Doc::CitmCatalog => Owned::CitmCatalog(sonic_rs_into(b)),
        Doc::Twitter => Owned::Twitter(sonic_rs_into(b)),
    }
}

// simd-json parses in place: the row copies the body first (counted: one
// block of the body's size), as a server holding the request's body must.
#[library_benchmark]
#[bench::canada(warmed_doc(Doc::Canada, serde_json_owned, simd_json_run))]
#[bench::citm_catalog(warmed_doc(Doc::CitmCatalog, serde_json_owned, simd_json_run))]
#[bench::twitter(warmed_doc(Doc::Twitter, serde_json_owned, simd_json_run))]
fn simd_json(doc: Doc) -> Owned {
    black_box(simd_json_run(doc))
}

fn simd_json_run(doc: Doc) -> Owned {
    let b = black_box(doc.bytes());
    match doc {
        Doc::Canada => Owned::Canada(simd_json_into(b)),
        Doc::CitmCatalog => Owned::CitmCatalog(simd_json_into(b)),
        Doc::Twitter => Owned::Twitter(simd_json_into(b)),
    }
}

library_benchmark_group!(
    name = json_docs;
    benchmarks = binder_owned, binder_borrowed, serde_json_owned, serde_json_borrowed,
        sonic_rs_owned, simd_json
);

// DHAT counts an allocation only when the bench's wrapper is in its stack
// trace, and keeps 12 frames of a trace by default: twitter's statuses nest
// deeper than that (a retweeted status's user's entities' URLs), and their
// allocations went uncounted (binder_owned 2,619 blocks of 2,766, sonic-rs
// 1,920 of 2,773; `tests/json_docs_alloc.rs` counts them all). 500 frames
// keeps every one.
main!(
    config = LibraryBenchmarkConfig::default().tool(
        Dhat::with_args(["num-callers=500"])
            .entry_point(EntryPoint::Custom("*::__iai_callgrind_wrapper_mod::*".into()))
    );
    library_benchmark_groups = json_docs
);
