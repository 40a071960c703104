//! `json5` and `items1000`: binder against serde_json (axum's `Json`) and
//! sonic-rs, owned and borrowed, instructions and allocations.
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
#[bench::json5(checked(JSON5))]
fn binder_user_owned(b: &'static [u8]) -> JsonUser {
    binder_json::<JsonUser>(black_box(b))
}

#[library_benchmark]
#[bench::json5(checked(JSON5))]
fn binder_user_borrowed(b: &'static [u8]) -> JsonUserRef<'static> {
    binder_json::<JsonUserRef>(black_box(b))
}

#[library_benchmark]
#[bench::json5(checked(JSON5))]
fn serde_json_user_owned(b: &'static [u8]) -> JsonUser {
    serde_json_into::<JsonUser>(black_box(b))
}

#[library_benchmark]
#[bench::json5(checked(JSON5))]
fn serde_json_user_borrowed(b: &'static [u8]) -> JsonUserRef<'static> {
    serde_json_into::<JsonUserRef>(black_box(b))
}

#[library_benchmark]
#[bench::json5(checked(JSON5))]
fn sonic_rs_user_owned(b: &'static [u8]) -> JsonUser {
    sonic_rs_into::<JsonUser>(black_box(b))
}

#[library_benchmark]
#[bench::json5(checked(JSON5))]
fn sonic_rs_user_borrowed(b: &'static [u8]) -> JsonUserRef<'static> {
    sonic_rs_into::<JsonUserRef>(black_box(b))
}

#[library_benchmark]
#[bench::items1000(checked(ITEMS1000))]
fn binder_cart_owned(b: &'static [u8]) -> Cart {
    binder_json::<Cart>(black_box(b))
}

#[library_benchmark]
#[bench::items1000(checked(ITEMS1000))]
fn binder_cart_borrowed(b: &'static [u8]) -> CartRef<'static> {
    binder_json::<CartRef>(black_box(b))
}

#[library_benchmark]
#[bench::items1000(checked(ITEMS1000))]
fn serde_json_cart_owned(b: &'static [u8]) -> Cart {
    serde_json_into::<Cart>(black_box(b))
}

#[library_benchmark]
#[bench::items1000(checked(ITEMS1000))]
fn serde_json_cart_borrowed(b: &'static [u8]) -> CartRef<'static> {
    serde_json_into::<CartRef>(black_box(b))
}

#[library_benchmark]
#[bench::items1000(checked(ITEMS1000))]
fn sonic_rs_cart_owned(b: &'static [u8]) -> Cart {
    sonic_rs_into::<Cart>(black_box(b))
}

#[library_benchmark]
#[bench::items1000(checked(ITEMS1000))]
fn sonic_rs_cart_borrowed(b: &'static [u8]) -> CartRef<'static> {
    sonic_rs_into::<CartRef>(black_box(b))
}

library_benchmark_group!(
    name = json;
    benchmarks = binder_user_owned, binder_user_borrowed, serde_json_user_owned,
        serde_json_user_borrowed, sonic_rs_user_owned, sonic_rs_user_borrowed, binder_cart_owned,
        binder_cart_borrowed, serde_json_cart_owned, serde_json_cart_borrowed, sonic_rs_cart_owned,
        sonic_rs_cart_borrowed
);

main!(
    config = LibraryBenchmarkConfig::default().tool(Dhat::default().entry_point(EntryPoint::Custom(
        "*::__iai_callgrind_wrapper_mod::*".into()
    )));
    library_benchmark_groups = json
);
