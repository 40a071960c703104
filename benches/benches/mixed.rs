//! `mixed.http`: binder binding every source of the request against axum
//! 0.8's extractor stack (Path, Query, TypedHeader, CookieJar, Json). The
//! axum cost is the extractor router's run minus the same router with a
//! handler that extracts nothing (`axum_no_extractors`): the docs show both
//! rows and the ratio of binder to their difference. `binder_axum` is the
//! bare router's route with `binder_axum::Bound<CreateOrder>` as its one
//! extractor (its handler drops the order and answers as the bare one);
//! minus the bare router too, it is binder's whole cost inside axum:
//! reading the body, the path, binding, and dropping what it bound.
//!
//! And through actix-web 4: binder-actix's `Bound<CreateOrder>` route
//! (`binder_actix_bound`) and actix's own extractors (`web::Path`,
//! `web::Query`, a typed `web::Header`, `HttpRequest::cookie`, `web::Json`:
//! `actix_extractors`), each minus actix's bare route
//! (`actix_no_extractors`); the docs show `binder_actix` against
//! `actix_extraction`, both differences.
use binder_bench::*;
use iai_callgrind::{
    library_benchmark, library_benchmark_group, main, Dhat, EntryPoint, LibraryBenchmarkConfig,
};
use std::hint::black_box;

// Each bench's body is a `*_run` function its setup also runs (to warm
// up, `binder_bench::warmed`); the bench then pairs the result with the
// request, so the call is not a tail call and the bench stays on the
// stack, where DHAT's entry point finds it.
use tower::ServiceExt;

/// The request, once every contender is checked and `run` (the bench's
/// body) has bound it [`WARM_RUNS`] times (steady state).
fn request<T>(run: impl Fn(&http::Request<Vec<u8>>) -> T) -> http::Request<Vec<u8>> {
    let req = mixed_request();
    warmed(&req, run);
    req
}

/// [`request`] with the cookies split one per `Cookie` line, as an HTTP/2
/// client may send them (RFC 9113 §8.2.3): the session cookie on the
/// second line, so the first line binds no cookie field and the next
/// asks what is left of the cookie limit.
fn split_cookies_request<T>(run: impl Fn(&http::Request<Vec<u8>>) -> T) -> http::Request<Vec<u8>> {
    let mut req: http::Request<Vec<u8>> = mixed_request();
    let line = req
        .headers_mut()
        .remove(http::header::COOKIE)
        .expect("mixed.http has cookies");
    let line = line.to_str().expect("ASCII").to_owned();
    for cookie in line.split("; ") {
        let value = http::HeaderValue::from_str(cookie).expect("a cookie");
        req.headers_mut().append(http::header::COOKIE, value);
    }
    assert_eq!(
        req.headers().get_all(http::header::COOKIE).iter().count(),
        3
    );
    assert_eq!(
        binder_mixed::<CreateOrder>(&req),
        binder_mixed::<CreateOrder>(&mixed_request())
    );
    warmed(&req, run);
    req
}

// binder borrows the request and leaves it to the server: the request is
// handed back, so its drop (about 1,100 instructions of freeing the
// header map and body) is not counted as binding. axum's routers consume
// and drop theirs in both rows, so their difference excludes it too.
#[library_benchmark]
#[bench::mixed(request(binder_owned_run))]
#[bench::split_cookies(split_cookies_request(binder_owned_run))]
fn binder_owned(req: http::Request<Vec<u8>>) -> (CreateOrder, http::Request<Vec<u8>>) {
    let o = binder_owned_run(&req);
    (o, req)
}

fn binder_owned_run(req: &http::Request<Vec<u8>>) -> CreateOrder {
    binder_mixed::<CreateOrder>(black_box(req))
}

#[library_benchmark]
#[bench::mixed(request(binder_borrowed_run))]
#[bench::split_cookies(split_cookies_request(binder_borrowed_run))]
fn binder_borrowed(req: http::Request<Vec<u8>>) -> (usize, http::Request<Vec<u8>>) {
    let n = binder_borrowed_run(&req);
    (n, req)
}

fn binder_borrowed_run(req: &http::Request<Vec<u8>>) -> usize {
    let o = binder_mixed::<CreateOrderStr>(black_box(req));
    o.trace.len() + o.session.len()
}

// The floor at the limit (`binder_bench::ideal::mixed`): code written for
// exactly this order, as strict as binder for a JSON body, the same
// allocations.
#[library_benchmark]
#[bench::mixed(request(ideal_owned_run))]
fn ideal_owned(req: http::Request<Vec<u8>>) -> (CreateOrder, http::Request<Vec<u8>>) {
    let o = ideal_owned_run(&req);
    (o, req)
}

fn ideal_owned_run(req: &http::Request<Vec<u8>>) -> CreateOrder {
    ideal::mixed::ideal_order(black_box(req), &[("team", "42")]).expect("binds")
}

#[library_benchmark]
#[bench::mixed(request(ideal_borrowed_run))]
fn ideal_borrowed(req: http::Request<Vec<u8>>) -> (usize, http::Request<Vec<u8>>) {
    let n = ideal_borrowed_run(&req);
    (n, req)
}

fn ideal_borrowed_run(req: &http::Request<Vec<u8>>) -> usize {
    let o = ideal::mixed::ideal_order_str(black_box(req), &[("team", "42")]).expect("binds");
    o.trace.len() + o.session.len()
}

struct Axum {
    rt: tokio::runtime::Runtime,
    app: axum::Router,
    req: Option<http::Request<axum::body::Body>>,
}

/// Which router a bench runs.
#[derive(Clone, Copy, PartialEq)]
enum Route {
    Extractors,
    Plain,
    Bound,
}

fn axum_setup(route: Route) -> Axum {
    check_all();
    let rt = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a runtime");
    let app = match route {
        Route::Extractors => axum_extractor_router(),
        Route::Plain => axum_plain_router(),
        Route::Bound => axum_bound_router(),
    };
    // Requests through first: lazy initialisation is not the bind's cost,
    // and the measured one finds the allocator in steady state.
    for _ in 0..WARM_RUNS {
        let warm = rt
            .block_on(app.clone().oneshot(mixed_request::<axum::body::Body>()))
            .expect("answers");
        assert_eq!(warm.status(), 200);
        if route == Route::Extractors {
            let body = rt
                .block_on(axum::body::to_bytes(warm.into_body(), 1 << 10))
                .expect("a body");
            assert_eq!(&body[..], b"42 true 10 SKU-1234 3");
        }
    }
    Axum {
        rt,
        app,
        req: Some(mixed_request()),
    }
}

#[library_benchmark]
#[bench::mixed(axum_setup(Route::Extractors))]
fn axum_extractors(mut a: Axum) -> http::StatusCode {
    let req = a.req.take().expect("a request");
    a.rt.block_on(a.app.oneshot(black_box(req)))
        .expect("answers")
        .status()
}

#[library_benchmark]
#[bench::mixed(axum_setup(Route::Plain))]
fn axum_no_extractors(mut a: Axum) -> http::StatusCode {
    let req = a.req.take().expect("a request");
    a.rt.block_on(a.app.oneshot(black_box(req)))
        .expect("answers")
        .status()
}

#[library_benchmark]
#[bench::mixed(axum_setup(Route::Bound))]
fn binder_axum(mut a: Axum) -> http::StatusCode {
    let req = a.req.take().expect("a request");
    a.rt.block_on(a.app.oneshot(black_box(req)))
        .expect("answers")
        .status()
}

/// An actix-web app on a current-thread runtime (actix's `System`), with
/// one `mixed.http` request to send: the run is boxed because the app's
/// service type has no name. Each bench hands it back, so tearing the app
/// and the runtime down is not counted; the response is dropped in the
/// run, as a server drops it, in all three rows.
struct Actix {
    run: Box<dyn FnMut() -> u16>,
}

fn actix_setup(route: ActixRoute) -> Actix {
    check_all();
    let sys = actix_web::rt::System::new();
    let app = sys.block_on(actix_web::test::init_service(actix_app(route)));
    // Requests through first: lazy initialisation is not the bind's cost,
    // and the measured one finds the allocator in steady state. The first
    // checks the values the route extracted, too.
    for i in 0..WARM_RUNS {
        actix_check_next(i == 0 && route != ActixRoute::Plain);
        let warm = sys.block_on(actix_web::test::call_service(&app, actix_mixed_request()));
        assert_eq!(warm.status(), 200);
        assert!(!actix_check_next(false), "the values were checked");
        assert_eq!(sys.block_on(actix_web::test::read_body(warm)), "ok");
    }
    let mut req = Some(actix_mixed_request());
    Actix {
        run: Box::new(move || {
            let req = req.take().expect("a request");
            let res = sys.block_on(actix_web::test::call_service(&app, black_box(req)));
            res.status().as_u16()
        }),
    }
}

#[library_benchmark]
#[bench::mixed(actix_setup(ActixRoute::Bound))]
fn binder_actix_bound(mut a: Actix) -> (u16, Actix) {
    ((a.run)(), a)
}

#[library_benchmark]
#[bench::mixed(actix_setup(ActixRoute::Extractors))]
fn actix_extractors(mut a: Actix) -> (u16, Actix) {
    ((a.run)(), a)
}

#[library_benchmark]
#[bench::mixed(actix_setup(ActixRoute::Plain))]
fn actix_no_extractors(mut a: Actix) -> (u16, Actix) {
    ((a.run)(), a)
}

library_benchmark_group!(
    name = mixed;
    benchmarks = binder_owned, binder_borrowed, binder_axum, axum_extractors, axum_no_extractors,
        binder_actix_bound, actix_extractors, actix_no_extractors, ideal_owned, ideal_borrowed
);

main!(
    config = LibraryBenchmarkConfig::default().tool(Dhat::default().entry_point(EntryPoint::Custom(
        "*::__iai_callgrind_wrapper_mod::*".into()
    )));
    library_benchmark_groups = mixed
);
