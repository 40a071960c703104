//! Instructions (callgrind) and allocations (DHAT, counted inside each
//! benchmark function, so only the bind itself) for the query, form and
//! cookie workloads: binder against serde_urlencoded (axum's `Query` and
//! `Form`), the cookie crate, and hand-written floors.
use binder_bench::*;
use iai_callgrind::{
    library_benchmark, library_benchmark_group, main, Dhat, EntryPoint, LibraryBenchmarkConfig,
};
use std::hint::black_box;

fn checked<T>(input: T) -> T {
    check_all();
    input
}

#[library_benchmark]
#[bench::query5(checked(QUERY5))]
#[bench::query100(checked(QUERY100))]
fn binder_owned(q: &'static str) -> User {
    binder_query::<User>(black_box(q))
}

#[library_benchmark]
#[bench::query5(checked(QUERY5))]
#[bench::query100(checked(QUERY100))]
fn binder_borrowed(q: &'static str) -> UserRef<'static> {
    binder_query::<UserRef>(black_box(q))
}

#[library_benchmark]
#[bench::query5(checked(QUERY5.as_bytes()))]
#[bench::query100(checked(QUERY100.as_bytes()))]
#[bench::form5(checked(FORM5))]
fn serde_urlencoded_owned(q: &'static [u8]) -> User {
    serde_urlencoded_user(black_box(q))
}

#[library_benchmark]
#[bench::query5(checked(QUERY5.as_bytes()))]
#[bench::query100(checked(QUERY100.as_bytes()))]
#[bench::form5(checked(FORM5))]
fn serde_urlencoded_borrowed(q: &'static [u8]) -> UserRef<'static> {
    serde_urlencoded_user_ref(black_box(q))
}

#[library_benchmark]
#[bench::query5(checked(QUERY5.as_bytes()))]
#[bench::query100(checked(QUERY100.as_bytes()))]
#[bench::form5(checked(FORM5))]
fn floor_owned(q: &'static [u8]) -> User {
    floor_user(black_box(q))
}

#[library_benchmark]
#[bench::query5(checked(QUERY5.as_bytes()))]
#[bench::query100(checked(QUERY100.as_bytes()))]
#[bench::form5(checked(FORM5))]
fn floor_borrowed(q: &'static [u8]) -> UserRef<'static> {
    floor_user_ref(black_box(q))
}

#[library_benchmark]
#[bench::form5(checked(FORM5))]
fn binder_form_owned(b: &'static [u8]) -> FormUser {
    binder_form::<FormUser>(black_box(b))
}

#[library_benchmark]
#[bench::form5(checked(FORM5))]
fn binder_form_borrowed(b: &'static [u8]) -> FormUserRef<'static> {
    binder_form::<FormUserRef>(black_box(b))
}

#[library_benchmark]
#[bench::cookie6(checked(COOKIE6))]
fn binder_cookie_owned(h: &'static [u8]) -> Cookies {
    binder_cookie::<Cookies>(black_box(h))
}

#[library_benchmark]
#[bench::cookie6(checked(COOKIE6))]
fn binder_cookie_borrowed(h: &'static [u8]) -> CookiesRef<'static> {
    binder_cookie::<CookiesRef>(black_box(h))
}

#[library_benchmark]
#[bench::cookie6(checked(COOKIE6))]
fn cookie_crate_owned(h: &'static [u8]) -> Cookies {
    cookie_crate(black_box(h))
}

#[library_benchmark]
#[bench::cookie6(checked(COOKIE6))]
fn floor_cookie_owned(h: &'static [u8]) -> Cookies {
    floor_cookie(black_box(h))
}

#[library_benchmark]
#[bench::cookie6(checked(COOKIE6))]
fn cookie_crate_borrowed(h: &'static [u8]) -> CookiesRef<'static> {
    cookie_crate_ref(black_box(h))
}

#[library_benchmark]
#[bench::cookie6(checked(COOKIE6))]
fn floor_cookie_borrowed(h: &'static [u8]) -> CookiesRef<'static> {
    floor_cookie_ref(black_box(h))
}

library_benchmark_group!(
    name = urlencoded;
    benchmarks = binder_owned, binder_borrowed, serde_urlencoded_owned, serde_urlencoded_borrowed,
        floor_owned, floor_borrowed, binder_form_owned, binder_form_borrowed
);

library_benchmark_group!(
    name = cookies;
    benchmarks = binder_cookie_owned, binder_cookie_borrowed, cookie_crate_owned, floor_cookie_owned,
        cookie_crate_borrowed, floor_cookie_borrowed
);

main!(
    config = LibraryBenchmarkConfig::default().tool(Dhat::default().entry_point(EntryPoint::Custom(
        "*::__iai_callgrind_wrapper_mod::*".into()
    )));
    library_benchmark_groups = urlencoded, cookies
);
