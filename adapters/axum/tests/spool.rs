//! `Spooled<T>` (feature `spool`): text and files through a router, the
//! options from an `Extension`, axum's `DefaultBodyLimit` not applied, and
//! no temporary file left behind.
#![cfg(feature = "spool")]

use axum::body::Body;
use axum::extract::DefaultBodyLimit;
use axum::routing::post;
use axum::{Extension, Router};
use binder_axum::{Bind, Limits, SpoolOptions, Spooled, SpooledFile};
use binder_test_support::frames::Frames;
use bytes::Bytes;
use std::path::Path;
use tower::ServiceExt;

#[derive(Bind)]
struct Upload {
    #[bind(path)]
    team: u32,
    #[bind(body)]
    title: String,
    #[bind(body)]
    docs: Vec<SpooledFile>,
}

/// Answers with what was bound, each file read back from its path.
async fn upload(Spooled(up): Spooled<Upload>) -> String {
    let mut out = format!("{} {}", up.team, up.title);
    for doc in &up.docs {
        let data = std::fs::read(doc.path()).unwrap();
        out += &format!(" {}:{}:{}", doc.filename(), doc.len(), data.len());
        assert_eq!(data.len() as u64, doc.len());
    }
    // Dropped here: deleted.
    out
}

fn file(n: usize, seed: u8) -> Vec<u8> {
    (0..n)
        .map(|i| (i as u8).wrapping_mul(7).wrapping_add(seed))
        .collect()
}

fn body(files: &[(&str, &[u8])]) -> Vec<u8> {
    let mut b = b"--B\r\nContent-Disposition: form-data; name=title\r\n\r\nQ3\r\n".to_vec();
    for (name, data) in files {
        b.extend_from_slice(b"--B\r\nContent-Disposition: form-data; name=docs; filename=");
        b.extend_from_slice(name.as_bytes());
        b.extend_from_slice(b"\r\n\r\n");
        b.extend_from_slice(data);
        b.extend_from_slice(b"\r\n");
    }
    b.extend_from_slice(b"--B--\r\n");
    b
}

fn app(dir: &Path, layer: impl FnOnce(&mut SpoolOptions)) -> Router {
    let mut options = SpoolOptions::default();
    options.temp_dir = Some(dir.to_owned());
    layer(&mut options);
    Router::new()
        .route("/teams/{team}/docs", post(upload))
        .layer(Extension(options))
}

fn request(body: Body) -> http::Request<Body> {
    http::Request::post("/teams/7/docs")
        .header("content-type", "multipart/form-data; boundary=B")
        .body(body)
        .unwrap()
}

async fn answer(app: Router, req: http::Request<Body>) -> (u16, String) {
    let res = app.oneshot(req).await.unwrap();
    let status = res.status().as_u16();
    let bytes = axum::body::to_bytes(res.into_body(), 1 << 20)
        .await
        .unwrap();
    (status, String::from_utf8(bytes.to_vec()).unwrap())
}

fn run<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(f)
}

fn files_in(dir: &Path) -> usize {
    std::fs::read_dir(dir).unwrap().count()
}

#[test]
fn text_and_files_bind_past_axums_body_limit() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (file(3_000_000, 1), file(17, 2));
    let sent = body(&[("a.bin", &a), ("b.bin", &b)]);
    // axum's own limit is not applied: the spool's replace it.
    let app = app(dir.path(), |_| {}).layer(DefaultBodyLimit::max(1024));
    let frames = Frames::new(
        sent.chunks(8192)
            .map(Bytes::copy_from_slice)
            .collect::<Vec<_>>(),
    );
    let (status, text) = run(answer(app, request(Body::new(frames))));
    assert_eq!(
        (status, text.as_str()),
        (200, "7 Q3 a.bin:3000000:3000000 b.bin:17:17")
    );
    assert_eq!(files_in(dir.path()), 0);
}

#[test]
fn the_options_and_limits_from_extensions_apply() {
    let dir = tempfile::tempdir().unwrap();
    let sent = body(&[("a.bin", &file(100, 0))]);
    let small = app(dir.path(), |o| o.max_file_bytes = 99);
    let (status, _) = run(answer(small, request(Body::from(sent.clone()))));
    assert_eq!(status, 413);
    let fits = app(dir.path(), |o| o.max_file_bytes = 100);
    let (status, _) = run(answer(fits, request(Body::from(sent.clone()))));
    assert_eq!(status, 200);
    // No `SpoolOptions`: the defaults, with the `Limits` in the extensions.
    let mut limits = Limits::DEFAULT;
    limits.max_parts = 1;
    let router = Router::new()
        .route("/teams/{team}/docs", post(upload))
        .layer(Extension(limits));
    let (status, problem) = run(answer(router, request(Body::from(sent))));
    assert_eq!(status, 400);
    assert!(problem.contains("more multipart parts"), "{problem}");
    assert_eq!(files_in(dir.path()), 0);
}

#[test]
fn a_body_that_fails_mid_file_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let sent = body(&[("a.bin", &file(1_000_000, 0))]);
    let cut = Frames::new(
        sent[..600_000]
            .chunks(8192)
            .map(Bytes::copy_from_slice)
            .collect::<Vec<_>>(),
    )
    .then_fail();
    let (status, _) = run(answer(app(dir.path(), |_| {}), request(Body::new(cut))));
    assert_eq!(status, 400);
    assert_eq!(files_in(dir.path()), 0);
}

#[test]
fn a_failed_bind_deletes_its_files_claimed_or_not() {
    let dir = tempfile::tempdir().unwrap();
    let mut sent = body(&[("a.bin", &file(1000, 0))]);
    // A file part no field takes, before the close delimiter.
    sent.truncate(sent.len() - b"--B--\r\n".len());
    sent.extend_from_slice(
        b"--B\r\nContent-Disposition: form-data; name=stray; filename=s\r\n\r\nx\r\n--B--\r\n",
    );
    let req = http::Request::post("/teams/x/docs")
        .header("content-type", "multipart/form-data; boundary=B")
        .body(Body::from(sent))
        .unwrap();
    let (status, problem) = run(answer(app(dir.path(), |_| {}), req));
    assert_eq!(status, 400);
    assert!(
        problem.contains(r#""source":"path","field":"team""#),
        "{problem}"
    );
    assert_eq!(files_in(dir.path()), 0);
}
