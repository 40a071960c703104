//! `SpooledTo<K, T>` (feature `spool`): files written to the sink in the
//! request's extensions, through a router with path parameters; its
//! limits at and past them; a writer aborted when the upload fails, the
//! files no field takes discarded; 500 without a sink.
#![cfg(feature = "spool")]

use axum::body::Body;
use axum::routing::post;
use axum::{Extension, Router};
use binder_axum::spool::{FileHead, Sink};
use binder_axum::{Bind, SpoolOptions, SpooledTo, StoredFile};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use tower::ServiceExt;

/// Keeps each file in memory and records the writers aborted and the
/// files discarded (by field name).
#[derive(Clone, Default)]
struct Memory {
    log: Arc<Mutex<Vec<String>>>,
}

/// One file being written: its field name and bytes.
struct Writer(String, Vec<u8>);

impl tokio::io::AsyncWrite for Writer {
    fn poll_write(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        // At most 1000 bytes a call: `write_all` loops.
        let n = buf.len().min(1000);
        self.1.extend_from_slice(&buf[..n]);
        Poll::Ready(Ok(n))
    }

    fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Poll::Ready(Ok(()))
    }
}

impl Sink for Memory {
    type Writer = Writer;
    type Output = (String, Vec<u8>);

    async fn open(&self, head: &FileHead<'_>) -> std::io::Result<Writer> {
        Ok(Writer(head.name().into_owned(), Vec::new()))
    }

    async fn finish(&self, w: Writer, len: u64) -> std::io::Result<Self::Output> {
        assert_eq!(w.1.len() as u64, len);
        Ok((w.0, w.1))
    }

    fn abort(&self, w: Writer) {
        self.log.lock().unwrap().push(format!("abort {}", w.0));
    }

    fn discard(&self, o: Self::Output) {
        self.log.lock().unwrap().push(format!("discard {}", o.0));
    }
}

#[derive(Bind)]
struct Upload {
    #[bind(path)]
    team: u32,
    #[bind(body)]
    title: String,
    #[bind(body)]
    docs: Vec<StoredFile<(String, Vec<u8>)>>,
}

async fn upload(SpooledTo(up, _): SpooledTo<Memory, Upload>) -> String {
    let mut out = format!("{} {}", up.team, up.title);
    for doc in &up.docs {
        let data = &doc.value().1;
        assert_eq!(data.len() as u64, doc.len());
        out += &format!(
            " {}:{}:{}",
            doc.filename(),
            doc.len(),
            data.iter().map(|&b| u64::from(b)).sum::<u64>()
        );
    }
    out
}

fn file(n: usize, seed: u8) -> Vec<u8> {
    (0..n)
        .map(|i| (i as u8).wrapping_mul(7).wrapping_add(seed))
        .collect()
}

fn sum(data: &[u8]) -> u64 {
    data.iter().map(|&b| u64::from(b)).sum()
}

fn body(files: &[(&str, &str, &[u8])]) -> Vec<u8> {
    let mut b = b"--B\r\nContent-Disposition: form-data; name=title\r\n\r\nQ3\r\n".to_vec();
    for (name, filename, data) in files {
        b.extend_from_slice(
            format!(
                "--B\r\nContent-Disposition: form-data; name={name}; filename={filename}\r\n\r\n"
            )
            .as_bytes(),
        );
        b.extend_from_slice(data);
        b.extend_from_slice(b"\r\n");
    }
    b.extend_from_slice(b"--B--\r\n");
    b
}

fn app(sink: Option<Memory>, layer: impl FnOnce(&mut SpoolOptions)) -> Router {
    let mut options = SpoolOptions::default();
    layer(&mut options);
    let app = Router::new()
        .route("/teams/{team}/docs", post(upload))
        .layer(Extension(options));
    match sink {
        Some(sink) => app.layer(Extension(sink)),
        None => app,
    }
}

fn request(body: Vec<u8>) -> http::Request<Body> {
    http::Request::post("/teams/7/docs")
        .header("content-type", "multipart/form-data; boundary=B")
        .body(Body::from(body))
        .unwrap()
}

fn answer(app: Router, body: Vec<u8>) -> (u16, String) {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(async {
            let res = app.oneshot(request(body)).await.unwrap();
            let status = res.status().as_u16();
            let bytes = axum::body::to_bytes(res.into_body(), 1 << 20)
                .await
                .unwrap();
            (status, String::from_utf8(bytes.to_vec()).unwrap())
        })
}

#[test]
fn files_go_to_the_sink_in_the_extensions() {
    let (a, b) = (file(100_000, 1), file(3, 2));
    let sink = Memory::default();
    let sent = body(&[
        ("docs", "a.bin", &a),
        ("other", "x.bin", b"x"),
        ("docs", "b.bin", &b),
    ]);
    let (status, text) = answer(app(Some(sink.clone()), |_| {}), sent);
    assert_eq!(status, 200, "{text}");
    assert_eq!(
        text,
        format!("7 Q3 a.bin:100000:{} b.bin:3:{}", sum(&a), sum(&b))
    );
    assert_eq!(*sink.log.lock().unwrap(), ["discard other"]);
}

#[test]
fn a_file_at_the_limit_binds_and_one_byte_more_is_413_and_aborted() {
    let sink = Memory::default();
    let limit = |o: &mut SpoolOptions| o.max_file_bytes = 5000;
    let (status, text) = answer(
        app(Some(sink.clone()), limit),
        body(&[("docs", "a", &file(5000, 0))]),
    );
    assert_eq!((status, sink.log.lock().unwrap().len()), (200, 0), "{text}");
    let sent = body(&[("docs", "a", &file(100, 0)), ("docs", "b", &file(5001, 0))]);
    let (status, _) = answer(app(Some(sink.clone()), limit), sent);
    assert_eq!(status, 413);
    // The first file finished and was discarded; the second aborted.
    assert_eq!(*sink.log.lock().unwrap(), ["abort docs", "discard docs"]);
}

#[test]
fn files_at_their_limit_bind_and_one_more_is_refused() {
    let sink = Memory::default();
    let limit = |o: &mut SpoolOptions| o.max_files = 2;
    let two = body(&[("docs", "a", b"1"), ("docs", "b", b"2")]);
    assert_eq!(answer(app(Some(sink.clone()), limit), two).0, 200);
    let three = body(&[
        ("docs", "a", b"1"),
        ("docs", "b", b"2"),
        ("docs", "c", b"3"),
    ]);
    assert_eq!(answer(app(Some(sink.clone()), limit), three).0, 400);
    assert_eq!(*sink.log.lock().unwrap(), ["discard docs", "discard docs"]);
}

#[test]
fn without_a_sink_in_the_extensions_it_is_500() {
    let (status, text) = answer(app(None, |_| {}), body(&[("docs", "a", b"1")]));
    assert_eq!(status, 500);
    assert!(text.contains("Internal Server Error"), "{text}");
}
