//! `json5` and `items1000`: binder against serde_json (axum's `Json`) and
//! sonic-rs, owned and borrowed, instructions and allocations.
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
#[bench::json5(warmed(JSON5, binder_user_owned_run))]
fn binder_user_owned(b: &'static [u8]) -> JsonUser {
    black_box(binder_user_owned_run(b))
}

fn binder_user_owned_run(b: &'static [u8]) -> JsonUser {
    binder_json::<JsonUser>(black_box(b))
}

#[library_benchmark]
#[bench::json5(warmed(JSON5, binder_user_borrowed_run))]
fn binder_user_borrowed(b: &'static [u8]) -> JsonUserRef<'static> {
    black_box(binder_user_borrowed_run(b))
}

fn binder_user_borrowed_run(b: &'static [u8]) -> JsonUserRef<'static> {
    binder_json::<JsonUserRef>(black_box(b))
}

#[library_benchmark]
#[bench::json5(warmed(JSON5, serde_json_user_owned_run))]
fn serde_json_user_owned(b: &'static [u8]) -> JsonUser {
    black_box(serde_json_user_owned_run(b))
}

fn serde_json_user_owned_run(b: &'static [u8]) -> JsonUser {
    serde_json_into::<JsonUser>(black_box(b))
}

#[library_benchmark]
#[bench::json5(warmed(JSON5, serde_json_user_borrowed_run))]
fn serde_json_user_borrowed(b: &'static [u8]) -> JsonUserRef<'static> {
    black_box(serde_json_user_borrowed_run(b))
}

fn serde_json_user_borrowed_run(b: &'static [u8]) -> JsonUserRef<'static> {
    serde_json_into::<JsonUserRef>(black_box(b))
}

#[library_benchmark]
#[bench::json5(warmed(JSON5, sonic_rs_user_owned_run))]
fn sonic_rs_user_owned(b: &'static [u8]) -> JsonUser {
    black_box(sonic_rs_user_owned_run(b))
}

fn sonic_rs_user_owned_run(b: &'static [u8]) -> JsonUser {
    sonic_rs_into::<JsonUser>(black_box(b))
}

#[library_benchmark]
#[bench::json5(warmed(JSON5, sonic_rs_user_borrowed_run))]
fn sonic_rs_user_borrowed(b: &'static [u8]) -> JsonUserRef<'static> {
    black_box(sonic_rs_user_borrowed_run(b))
}

fn sonic_rs_user_borrowed_run(b: &'static [u8]) -> JsonUserRef<'static> {
    sonic_rs_into::<JsonUserRef>(black_box(b))
}

#[library_benchmark]
#[bench::items1000(warmed(ITEMS1000, binder_cart_owned_run))]
fn binder_cart_owned(b: &'static [u8]) -> Cart {
    black_box(binder_cart_owned_run(b))
}

fn binder_cart_owned_run(b: &'static [u8]) -> Cart {
    binder_json::<Cart>(black_box(b))
}

#[library_benchmark]
#[bench::items1000(warmed(ITEMS1000, binder_cart_borrowed_run))]
fn binder_cart_borrowed(b: &'static [u8]) -> CartRef<'static> {
    black_box(binder_cart_borrowed_run(b))
}

fn binder_cart_borrowed_run(b: &'static [u8]) -> CartRef<'static> {
    binder_json::<CartRef>(black_box(b))
}

#[library_benchmark]
#[bench::items1000(warmed(ITEMS1000, serde_json_cart_owned_run))]
fn serde_json_cart_owned(b: &'static [u8]) -> Cart {
    black_box(serde_json_cart_owned_run(b))
}

fn serde_json_cart_owned_run(b: &'static [u8]) -> Cart {
    serde_json_into::<Cart>(black_box(b))
}

#[library_benchmark]
#[bench::items1000(warmed(ITEMS1000, serde_json_cart_borrowed_run))]
fn serde_json_cart_borrowed(b: &'static [u8]) -> CartRef<'static> {
    black_box(serde_json_cart_borrowed_run(b))
}

fn serde_json_cart_borrowed_run(b: &'static [u8]) -> CartRef<'static> {
    serde_json_into::<CartRef>(black_box(b))
}

#[library_benchmark]
#[bench::items1000(warmed(ITEMS1000, sonic_rs_cart_owned_run))]
fn sonic_rs_cart_owned(b: &'static [u8]) -> Cart {
    black_box(sonic_rs_cart_owned_run(b))
}

fn sonic_rs_cart_owned_run(b: &'static [u8]) -> Cart {
    sonic_rs_into::<Cart>(black_box(b))
}

#[library_benchmark]
#[bench::items1000(warmed(ITEMS1000, sonic_rs_cart_borrowed_run))]
fn sonic_rs_cart_borrowed(b: &'static [u8]) -> CartRef<'static> {
    black_box(sonic_rs_cart_borrowed_run(b))
}

fn sonic_rs_cart_borrowed_run(b: &'static [u8]) -> CartRef<'static> {
    sonic_rs_into::<CartRef>(black_box(b))
}

// The floors at the limit (`binder_bench::ideal::json`): code written for
// exactly these structs, as strict as binder, the same allocations.

#[library_benchmark]
#[bench::json5(warmed(JSON5, ideal_user_owned_run))]
fn ideal_user_owned(b: &'static [u8]) -> JsonUser {
    black_box(ideal_user_owned_run(b))
}

fn ideal_user_owned_run(b: &'static [u8]) -> JsonUser {
    ideal::json::ideal_json_user(black_box(b)).expect("binds")
}

#[library_benchmark]
#[bench::json5(warmed(JSON5, ideal_user_borrowed_run))]
fn ideal_user_borrowed(b: &'static [u8]) -> JsonUserRef<'static> {
    black_box(ideal_user_borrowed_run(b))
}

fn ideal_user_borrowed_run(b: &'static [u8]) -> JsonUserRef<'static> {
    ideal::json::ideal_json_user_ref(black_box(b)).expect("binds")
}

#[library_benchmark]
#[bench::items1000(warmed(ITEMS1000, ideal_cart_owned_run))]
fn ideal_cart_owned(b: &'static [u8]) -> Cart {
    black_box(ideal_cart_owned_run(b))
}

fn ideal_cart_owned_run(b: &'static [u8]) -> Cart {
    ideal::json::ideal_cart(black_box(b)).expect("binds")
}

#[library_benchmark]
#[bench::items1000(warmed(ITEMS1000, ideal_cart_borrowed_run))]
fn ideal_cart_borrowed(b: &'static [u8]) -> CartRef<'static> {
    black_box(ideal_cart_borrowed_run(b))
}

fn ideal_cart_borrowed_run(b: &'static [u8]) -> CartRef<'static> {
    ideal::json::ideal_cart_ref(black_box(b)).expect("binds")
}

library_benchmark_group!(
    name = json;
    benchmarks = binder_user_owned, binder_user_borrowed, serde_json_user_owned,
        serde_json_user_borrowed, sonic_rs_user_owned, sonic_rs_user_borrowed, binder_cart_owned,
        binder_cart_borrowed, serde_json_cart_owned, serde_json_cart_borrowed, sonic_rs_cart_owned,
        sonic_rs_cart_borrowed, ideal_user_owned, ideal_user_borrowed, ideal_cart_owned,
        ideal_cart_borrowed
);

main!(
    config = LibraryBenchmarkConfig::default().tool(Dhat::default().entry_point(EntryPoint::Custom(
        "*::__iai_callgrind_wrapper_mod::*".into()
    )));
    library_benchmark_groups = json
);
