//! `Spooled<T>` and `SpooledTo<K, T>` (feature `spool`) through actix-web's
//! test utilities: a file's name, type, size and bytes; every limit at and
//! past it; no temporary file left after an error, a failed bind or a
//! dropped request; a sink's writer aborted on a failure.
#![cfg(feature = "spool")]

use actix_web::dev::Payload;
use actix_web::error::PayloadError;
use actix_web::test::{self, TestRequest};
use actix_web::web::Bytes;
use actix_web::{web, App, FromRequest};
use binder_actix::spool::{FileHead, Sink};
use binder_actix::{SpoolError, SpoolOptions, Spooled, SpooledFile, SpooledTo, StoredFile};
use binder_http::Bind;
use futures_util::future::{select, Either};
use std::path::Path;
use std::sync::Mutex;

const CT: (&str, &str) = ("content-type", "multipart/form-data; boundary=B");

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
        assert_eq!(data.len() as u64, doc.len());
        let sum: u64 = data.iter().map(|&b| u64::from(b)).sum();
        out += &format!(
            " {}:{}:{}:{sum}",
            doc.filename(),
            doc.content_type().unwrap_or("-"),
            doc.len()
        );
    }
    out // the files are deleted with `up`
}

fn file(n: usize, seed: u8) -> Vec<u8> {
    (0..n)
        .map(|i| (i as u8).wrapping_mul(7).wrapping_add(seed))
        .collect()
}

fn sum(data: &[u8]) -> u64 {
    data.iter().map(|&b| u64::from(b)).sum()
}

/// A title and these files (`name`, content type or none, bytes), as `docs`.
fn body(files: &[(&str, Option<&str>, &[u8])]) -> Vec<u8> {
    let mut b = b"--B\r\nContent-Disposition: form-data; name=title\r\n\r\nQ3\r\n".to_vec();
    for (name, ct, data) in files {
        b.extend_from_slice(
            format!("--B\r\nContent-Disposition: form-data; name=docs; filename={name}\r\n")
                .as_bytes(),
        );
        if let Some(ct) = ct {
            b.extend_from_slice(format!("Content-Type: {ct}\r\n").as_bytes());
        }
        b.extend_from_slice(b"\r\n");
        b.extend_from_slice(data);
        b.extend_from_slice(b"\r\n");
    }
    b.extend_from_slice(b"--B--\r\n");
    b
}

fn files_in(dir: &Path) -> usize {
    std::fs::read_dir(dir).unwrap().count()
}

/// The status and body of posting `body` to the app with these options
/// (the temporary files in `dir`).
fn post(dir: &Path, layer: impl FnOnce(&mut SpoolOptions), body: Vec<u8>) -> (u16, String) {
    let mut options = SpoolOptions::default();
    options.temp_dir = Some(dir.to_owned());
    layer(&mut options);
    actix_web::rt::System::new().block_on(async move {
        let app = test::init_service(
            App::new()
                .app_data(web::Data::new(options))
                .route("/teams/{team}/docs", web::post().to(upload)),
        )
        .await;
        let req = TestRequest::post()
            .uri("/teams/7/docs")
            .insert_header(CT)
            .set_payload(body)
            .to_request();
        let res = test::call_service(&app, req).await;
        let status = res.status().as_u16();
        let text = String::from_utf8(test::read_body(res).await.to_vec()).unwrap();
        (status, text)
    })
}

#[test]
fn files_bind_with_their_name_type_size_and_bytes_and_are_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (file(600_000, 1), file(1, 2));
    let sent = body(&[("a.bin", Some("image/png"), &a), ("b.txt", None, &b)]);
    let (status, text) = post(dir.path(), |_| {}, sent);
    assert_eq!(status, 200, "{text}");
    assert_eq!(
        text,
        format!(
            "7 Q3 a.bin:image/png:600000:{} b.txt:-:1:{}",
            sum(&a),
            sum(&b)
        )
    );
    assert_eq!(files_in(dir.path()), 0);
}

#[test]
fn a_file_at_the_limit_binds_and_one_byte_more_is_413() {
    let dir = tempfile::tempdir().unwrap();
    let limit = |o: &mut SpoolOptions| o.max_file_bytes = 5000;
    assert_eq!(
        post(dir.path(), limit, body(&[("a", None, &file(5000, 0))])).0,
        200
    );
    let (status, text) = post(
        dir.path(),
        limit,
        body(&[("a", None, &file(10, 0)), ("b", None, &file(5001, 0))]),
    );
    assert_eq!(status, 413, "{text}");
    assert!(text.contains("\"status\":413"), "{text}");
    assert_eq!(files_in(dir.path()), 0);
}

#[test]
fn files_and_the_body_at_their_limits_bind_and_past_them_fail() {
    let dir = tempfile::tempdir().unwrap();
    let two = body(&[("a", None, b"1"), ("b", None, b"2")]);
    let three = body(&[("a", None, b"1"), ("b", None, b"2"), ("c", None, b"3")]);
    let files = |o: &mut SpoolOptions| o.max_files = 2;
    assert_eq!(post(dir.path(), files, two.clone()).0, 200);
    assert_eq!(post(dir.path(), files, three).0, 400);
    let n = two.len() as u64;
    assert_eq!(
        post(dir.path(), |o| o.max_total_bytes = n, two.clone()).0,
        200
    );
    assert_eq!(post(dir.path(), |o| o.max_total_bytes = n - 1, two).0, 413);
    assert_eq!(files_in(dir.path()), 0);
}

#[test]
fn a_failed_bind_and_a_connection_lost_mid_file_leave_no_file() {
    let dir = tempfile::tempdir().unwrap();
    // No title: the bind fails after the file was spooled.
    let sent = body(&[("a", None, &file(100_000, 0))]);
    let untitled =
        sent[b"--B\r\nContent-Disposition: form-data; name=title\r\n\r\nQ3\r\n".len()..].to_vec();
    assert_eq!(post(dir.path(), |_| {}, untitled).0, 400);
    assert_eq!(files_in(dir.path()), 0);
    // The connection fails halfway through the file.
    let mut options = SpoolOptions::default();
    options.temp_dir = Some(dir.path().to_owned());
    actix_web::rt::System::new().block_on(async {
        let (req, _) = TestRequest::post()
            .insert_header(CT)
            .app_data(options)
            .to_http_parts();
        let (mut sender, p) = actix_http::h1::Payload::create(false);
        let mut payload = Payload::from(p);
        let fut = Spooled::<Upload>::from_request(&req, &mut payload);
        sender.feed_data(Bytes::copy_from_slice(&sent[..60_000]));
        sender.set_error(PayloadError::Incomplete(None));
        let err = fut.await.err().expect("an error");
        assert!(
            matches!(err.0, SpoolError::Request(binder_actix::Error::Read(_))),
            "{err:?}"
        );
    });
    assert_eq!(files_in(dir.path()), 0);
}

#[test]
fn a_request_dropped_mid_file_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let sent = body(&[("a", None, &file(2_000_000, 0))]);
    let mut options = SpoolOptions::default();
    options.temp_dir = Some(dir.path().to_owned());
    actix_web::rt::System::new().block_on(async {
        let (req, _) = TestRequest::post()
            .insert_header(CT)
            .app_data(options)
            .to_http_parts();
        let (mut sender, p) = actix_http::h1::Payload::create(false);
        let mut payload = Payload::from(p);
        let fut = Spooled::<Upload>::from_request(&req, &mut payload);
        sender.feed_data(Bytes::copy_from_slice(&sent[..1_000_000]));
        // The client stops sending: the extraction waits.
        let wait = Box::pin(actix_web::rt::time::sleep(
            std::time::Duration::from_millis(200),
        ));
        match select(fut, wait).await {
            Either::Left(_) => panic!("bound a body that never ended"),
            Either::Right(((), fut)) => {
                assert_eq!(files_in(dir.path()), 1, "spooling, not yet dropped");
                drop(fut);
            }
        }
        assert_eq!(files_in(dir.path()), 0);
        drop(sender);
    });
    assert_eq!(files_in(dir.path()), 0);
}

/// A sink that keeps files in memory and records the writers it aborts.
#[derive(Default)]
struct Memory {
    aborted: Mutex<Vec<usize>>,
}

impl Sink for Memory {
    type Writer = Vec<u8>;
    type Output = Vec<u8>;

    async fn open(&self, _: &FileHead<'_>) -> std::io::Result<Vec<u8>> {
        Ok(Vec::new())
    }

    async fn finish(&self, bytes: Vec<u8>, len: u64) -> std::io::Result<Vec<u8>> {
        assert_eq!(bytes.len() as u64, len);
        Ok(bytes)
    }

    fn abort(&self, w: Vec<u8>) {
        self.aborted.lock().unwrap().push(w.len());
    }
}

#[derive(Bind)]
struct ToSink {
    #[bind(body)]
    docs: Vec<StoredFile<Vec<u8>>>,
}

async fn to_sink(SpooledTo(up, _): SpooledTo<Memory, ToSink>) -> String {
    let lens: Vec<String> = up
        .docs
        .iter()
        .map(|d| format!("{}:{}", d.filename(), sum(d.value())))
        .collect();
    lens.join(" ")
}

#[test]
fn a_sink_in_the_app_data_gets_the_files_and_its_writer_is_aborted_past_a_limit() {
    let (a, b) = (file(300_000, 3), file(20, 4));
    let sink = web::Data::new(Memory::default());
    let mut options = SpoolOptions::default();
    options.max_file_bytes = 300_000;
    let app_sink = sink.clone();
    actix_web::rt::System::new().block_on(async move {
        let app = test::init_service(
            App::new()
                .app_data(app_sink)
                .app_data(options)
                .route("/", web::post().to(to_sink)),
        )
        .await;
        let ok = TestRequest::post()
            .uri("/")
            .insert_header(CT)
            .set_payload(body(&[("a", None, &a), ("b", None, &b)]))
            .to_request();
        assert_eq!(
            test::call_and_read_body(&app, ok).await,
            format!("a:{} b:{}", sum(&a), sum(&b))
        );
        let past = TestRequest::post()
            .uri("/")
            .insert_header(CT)
            .set_payload(body(&[("a", None, &file(300_001, 0))]))
            .to_request();
        assert_eq!(test::call_service(&app, past).await.status(), 413);
    });
    let aborted = sink.aborted.lock().unwrap();
    assert_eq!(aborted.len(), 1);
    assert!(aborted[0] <= 300_000, "{aborted:?}");
}

#[test]
fn without_the_sink_in_the_app_data_it_is_500() {
    actix_web::rt::System::new().block_on(async {
        let app = test::init_service(App::new().route("/", web::post().to(to_sink))).await;
        let req = TestRequest::post()
            .uri("/")
            .insert_header(CT)
            .set_payload(body(&[("a", None, b"1")]))
            .to_request();
        let res = test::call_service(&app, req).await;
        assert_eq!(res.status(), 500);
        let text = test::read_body(res).await;
        assert!(!text.is_empty() && !String::from_utf8_lossy(&text).contains("app data"));
    });
}
