//! Instructions (callgrind) and allocations (DHAT, counted inside each
//! benchmark function, so only the bind itself) for the query, form and
//! cookie workloads: binder against serde_urlencoded (axum's `Query` and
//! `Form`), the cookie crate, and hand-written floors.
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
#[bench::query5(warmed(QUERY5, binder_owned_run))]
#[bench::query100(warmed(QUERY100, binder_owned_run))]
fn binder_owned(q: &'static str) -> User {
    black_box(binder_owned_run(q))
}

fn binder_owned_run(q: &'static str) -> User {
    binder_query::<User>(black_box(q))
}

#[library_benchmark]
#[bench::query5(warmed(QUERY5, binder_borrowed_run))]
#[bench::query100(warmed(QUERY100, binder_borrowed_run))]
fn binder_borrowed(q: &'static str) -> UserRef<'static> {
    black_box(binder_borrowed_run(q))
}

fn binder_borrowed_run(q: &'static str) -> UserRef<'static> {
    binder_query::<UserRef>(black_box(q))
}

#[library_benchmark]
#[bench::query5(warmed(QUERY5.as_bytes(), serde_urlencoded_owned_run))]
#[bench::query100(warmed(QUERY100.as_bytes(), serde_urlencoded_owned_run))]
#[bench::form5(warmed(FORM5, serde_urlencoded_owned_run))]
fn serde_urlencoded_owned(q: &'static [u8]) -> User {
    black_box(serde_urlencoded_owned_run(q))
}

fn serde_urlencoded_owned_run(q: &'static [u8]) -> User {
    serde_urlencoded_user(black_box(q))
}

#[library_benchmark]
#[bench::query5(warmed(QUERY5.as_bytes(), serde_urlencoded_borrowed_run))]
#[bench::query100(warmed(QUERY100.as_bytes(), serde_urlencoded_borrowed_run))]
#[bench::form5(warmed(FORM5, serde_urlencoded_borrowed_run))]
fn serde_urlencoded_borrowed(q: &'static [u8]) -> UserRef<'static> {
    black_box(serde_urlencoded_borrowed_run(q))
}

fn serde_urlencoded_borrowed_run(q: &'static [u8]) -> UserRef<'static> {
    serde_urlencoded_user_ref(black_box(q))
}

#[library_benchmark]
#[bench::query5(warmed(QUERY5.as_bytes(), floor_owned_run))]
#[bench::query100(warmed(QUERY100.as_bytes(), floor_owned_run))]
#[bench::form5(warmed(FORM5, floor_owned_run))]
fn floor_owned(q: &'static [u8]) -> User {
    black_box(floor_owned_run(q))
}

fn floor_owned_run(q: &'static [u8]) -> User {
    floor_user(black_box(q))
}

#[library_benchmark]
#[bench::query5(warmed(QUERY5.as_bytes(), floor_borrowed_run))]
#[bench::query100(warmed(QUERY100.as_bytes(), floor_borrowed_run))]
#[bench::form5(warmed(FORM5, floor_borrowed_run))]
fn floor_borrowed(q: &'static [u8]) -> UserRef<'static> {
    black_box(floor_borrowed_run(q))
}

fn floor_borrowed_run(q: &'static [u8]) -> UserRef<'static> {
    floor_user_ref(black_box(q))
}

#[library_benchmark]
#[bench::form5(warmed(FORM5, binder_form_owned_run))]
fn binder_form_owned(b: &'static [u8]) -> FormUser {
    black_box(binder_form_owned_run(b))
}

fn binder_form_owned_run(b: &'static [u8]) -> FormUser {
    binder_form::<FormUser>(black_box(b))
}

#[library_benchmark]
#[bench::form5(warmed(FORM5, binder_form_borrowed_run))]
fn binder_form_borrowed(b: &'static [u8]) -> FormUserRef<'static> {
    black_box(binder_form_borrowed_run(b))
}

fn binder_form_borrowed_run(b: &'static [u8]) -> FormUserRef<'static> {
    binder_form::<FormUserRef>(black_box(b))
}

#[library_benchmark]
#[bench::cookie6(warmed(COOKIE6, binder_cookie_owned_run))]
fn binder_cookie_owned(h: &'static [u8]) -> Cookies {
    black_box(binder_cookie_owned_run(h))
}

fn binder_cookie_owned_run(h: &'static [u8]) -> Cookies {
    binder_cookie::<Cookies>(black_box(h))
}

#[library_benchmark]
#[bench::cookie6(warmed(COOKIE6, binder_cookie_borrowed_run))]
fn binder_cookie_borrowed(h: &'static [u8]) -> CookiesRef<'static> {
    black_box(binder_cookie_borrowed_run(h))
}

fn binder_cookie_borrowed_run(h: &'static [u8]) -> CookiesRef<'static> {
    binder_cookie::<CookiesRef>(black_box(h))
}

#[library_benchmark]
#[bench::cookie6(warmed(COOKIE6, cookie_crate_owned_run))]
fn cookie_crate_owned(h: &'static [u8]) -> Cookies {
    black_box(cookie_crate_owned_run(h))
}

fn cookie_crate_owned_run(h: &'static [u8]) -> Cookies {
    cookie_crate(black_box(h))
}

#[library_benchmark]
#[bench::cookie6(warmed(COOKIE6, floor_cookie_owned_run))]
fn floor_cookie_owned(h: &'static [u8]) -> Cookies {
    black_box(floor_cookie_owned_run(h))
}

fn floor_cookie_owned_run(h: &'static [u8]) -> Cookies {
    floor_cookie(black_box(h))
}

#[library_benchmark]
#[bench::cookie6(warmed(COOKIE6, cookie_crate_borrowed_run))]
fn cookie_crate_borrowed(h: &'static [u8]) -> CookiesRef<'static> {
    black_box(cookie_crate_borrowed_run(h))
}

fn cookie_crate_borrowed_run(h: &'static [u8]) -> CookiesRef<'static> {
    cookie_crate_ref(black_box(h))
}

#[library_benchmark]
#[bench::cookie6(warmed(COOKIE6, floor_cookie_borrowed_run))]
fn floor_cookie_borrowed(h: &'static [u8]) -> CookiesRef<'static> {
    black_box(floor_cookie_borrowed_run(h))
}

fn floor_cookie_borrowed_run(h: &'static [u8]) -> CookiesRef<'static> {
    floor_cookie_ref(black_box(h))
}

// The floors at the limit (`binder_bench::ideal`): code written for
// exactly these structs, as strict as binder, the same allocations.

#[library_benchmark]
#[bench::query5(warmed(QUERY5, ideal_owned_run))]
#[bench::query100(warmed(QUERY100, ideal_owned_run))]
fn ideal_owned(q: &'static str) -> User {
    black_box(ideal_owned_run(q))
}

fn ideal_owned_run(q: &'static str) -> User {
    ideal::urlencoded::ideal_user(black_box(q)).expect("binds")
}

#[library_benchmark]
#[bench::query5(warmed(QUERY5, ideal_borrowed_run))]
#[bench::query100(warmed(QUERY100, ideal_borrowed_run))]
fn ideal_borrowed(q: &'static str) -> UserRef<'static> {
    black_box(ideal_borrowed_run(q))
}

fn ideal_borrowed_run(q: &'static str) -> UserRef<'static> {
    ideal::urlencoded::ideal_user_ref(black_box(q)).expect("binds")
}

#[library_benchmark]
#[bench::form5(warmed(FORM5, ideal_form_owned_run))]
fn ideal_form_owned(b: &'static [u8]) -> FormUser {
    black_box(ideal_form_owned_run(b))
}

fn ideal_form_owned_run(b: &'static [u8]) -> FormUser {
    ideal::urlencoded::ideal_form_user(black_box(b)).expect("binds")
}

#[library_benchmark]
#[bench::form5(warmed(FORM5, ideal_form_borrowed_run))]
fn ideal_form_borrowed(b: &'static [u8]) -> FormUserRef<'static> {
    black_box(ideal_form_borrowed_run(b))
}

fn ideal_form_borrowed_run(b: &'static [u8]) -> FormUserRef<'static> {
    ideal::urlencoded::ideal_form_user_ref(black_box(b)).expect("binds")
}

#[library_benchmark]
#[bench::cookie6(warmed(COOKIE6, ideal_cookie_owned_run))]
fn ideal_cookie_owned(h: &'static [u8]) -> Cookies {
    black_box(ideal_cookie_owned_run(h))
}

fn ideal_cookie_owned_run(h: &'static [u8]) -> Cookies {
    ideal::cookie::ideal_cookies(black_box(h)).expect("binds")
}

#[library_benchmark]
#[bench::cookie6(warmed(COOKIE6, ideal_cookie_borrowed_run))]
fn ideal_cookie_borrowed(h: &'static [u8]) -> CookiesRef<'static> {
    black_box(ideal_cookie_borrowed_run(h))
}

fn ideal_cookie_borrowed_run(h: &'static [u8]) -> CookiesRef<'static> {
    ideal::cookie::ideal_cookies_ref(black_box(h)).expect("binds")
}

library_benchmark_group!(
    name = urlencoded;
    benchmarks = binder_owned, binder_borrowed, serde_urlencoded_owned, serde_urlencoded_borrowed,
        floor_owned, floor_borrowed, binder_form_owned, binder_form_borrowed, ideal_owned,
        ideal_borrowed, ideal_form_owned, ideal_form_borrowed
);

library_benchmark_group!(
    name = cookies;
    benchmarks = binder_cookie_owned, binder_cookie_borrowed, cookie_crate_owned, floor_cookie_owned,
        cookie_crate_borrowed, floor_cookie_borrowed, ideal_cookie_owned, ideal_cookie_borrowed
);

main!(
    config = LibraryBenchmarkConfig::default().tool(Dhat::default().entry_point(EntryPoint::Custom(
        "*::__iai_callgrind_wrapper_mod::*".into()
    )));
    library_benchmark_groups = urlencoded, cookies
);
