//! Path parameters cost no allocation: they are cut out of the request's
//! path by the matched route's template and handed to binder raw, with no
//! per-request list. Measured with a counting allocator around the
//! extraction alone, inside a handler behind a real router. (Feature
//! `matched-path`, a default: without it, axum's `RawPathParams` are read.)
#![cfg(feature = "matched-path")]

use axum::body::Body;
use axum::extract::{FromRequest, Request};
use axum::routing::get;
use axum::Router;
use binder_axum::Bound;
use binder_http::Bind;
use binder_test_support::counting::{self, Counting};
use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};
use tower::ServiceExt;

#[global_allocator]
static ALLOC: Counting = Counting;

#[derive(Bind, Debug)]
struct Ids {
    #[bind(path)]
    team: u32,
    #[bind(path)]
    file: u64,
}

/// Polls `f` once on this thread: the extraction of an in-memory request
/// never waits.
fn now<F: Future>(f: F) -> F::Output {
    match pin!(f).poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(v) => v,
        Poll::Pending => panic!("the extraction waited"),
    }
}

/// Extracts `Ids` from `req` and says what it cost in blocks allocated.
async fn extract(req: Request) -> String {
    let (ids, blocks, bytes) = counting::measure(|| now(Bound::<Ids>::from_request(req, &())));
    let Bound(ids) = ids.expect("binds");
    format!("{} {} {blocks} {bytes}", ids.team, ids.file)
}

async fn call(app: Router, uri: &str) -> String {
    let req = http::Request::get(uri).body(Body::empty()).unwrap();
    let res = app.oneshot(req).await.unwrap();
    assert_eq!(res.status(), 200);
    let body = axum::body::to_bytes(res.into_body(), 1 << 10)
        .await
        .unwrap();
    String::from_utf8(body.to_vec()).unwrap()
}

#[tokio::test]
async fn path_parameters_allocate_nothing() {
    let app = Router::new().route("/teams/{team}/files/{file}", get(extract));
    assert_eq!(call(app, "/teams/7/files/%39").await, "7 9 0 0");
}

#[tokio::test]
async fn nested_path_parameters_allocate_nothing() {
    let inner = Router::new().route("/files/{file}", get(extract));
    let app = Router::new().nest("/teams/{team}", inner);
    assert_eq!(call(app, "/teams/7/files/9").await, "7 9 0 0");
}

#[tokio::test]
async fn literals_and_wildcards_allocate_nothing() {
    // `rest` is no field of `Ids`: walked past, not bound.
    let app = Router::new().route("/v{team}/files/{file}/{*rest}", get(extract));
    assert_eq!(call(app, "/v7/files/9/a/b").await, "7 9 0 0");
}
