//! Uploads to a sink of the service's own (`bind_spooled_to`, feature
//! `spool`): the bytes each writer gets are the part's under any framing,
//! every limit at and past it applies as to temporary files, and every
//! writer opened is either finished or aborted, every output either taken
//! by a field or discarded, whatever fails.
#![cfg(feature = "spool")]

use binder_hyper::spool::{FileHead, Sink};
use binder_hyper::{Bind, Error, SpoolError, SpoolOptions, SpooledFile, StoredFile};
use binder_test_support::frames::Frames;
use bytes::Bytes;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

const CT: &str = "multipart/form-data; boundary=XyZ";

/// One part: name, filename (a file part) and data.
type P<'a> = (&'a str, Option<&'a str>, &'a [u8]);

fn body(parts: &[P<'_>]) -> Vec<u8> {
    let mut b = Vec::new();
    for (name, filename, data) in parts {
        b.extend_from_slice(b"--XyZ\r\nContent-Disposition: form-data; name=\"");
        b.extend_from_slice(name.as_bytes());
        b.extend_from_slice(b"\"");
        if let Some(f) = filename {
            b.extend_from_slice(b"; filename=\"");
            b.extend_from_slice(f.as_bytes());
            b.extend_from_slice(b"\"\r\nContent-Type: image/");
            b.extend_from_slice(name.as_bytes());
        }
        b.extend_from_slice(b"\r\n\r\n");
        b.extend_from_slice(data);
        b.extend_from_slice(b"\r\n");
    }
    b.extend_from_slice(b"--XyZ--\r\n");
    b
}

fn frames(body: &[u8], size: usize) -> Frames {
    Frames::new(
        body.chunks(size)
            .map(Bytes::copy_from_slice)
            .collect::<Vec<_>>(),
    )
}

fn request<B>(body: B) -> http::Request<B> {
    http::Request::post("/upload")
        .header("content-type", CT)
        .body(body)
        .unwrap()
}

fn run<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap()
        .block_on(f)
}

/// Bytes that look like multipart framing, with every byte value.
fn tricky(n: usize, seed: u8) -> Vec<u8> {
    let pattern: &[u8] = b"\r\n--XyY\r\n-\r\r\n--Xy";
    (0..n)
        .map(|i| match i % 97 {
            k if k < pattern.len() => pattern[k],
            _ => match (i as u8).wrapping_mul(31).wrapping_add(seed) {
                b'Z' => b'z',
                b => b,
            },
        })
        .collect()
}

/// What happened to the sink's files, by the order they were opened.
#[derive(Debug, Default)]
struct Log {
    /// `name/filename/content type` of each file opened.
    opened: Vec<String>,
    finished: Vec<usize>,
    /// The file, and the bytes it had when aborted.
    aborted: Vec<(usize, usize)>,
    discarded: Vec<usize>,
}

/// A sink that records, writes at most `step` bytes a call (so that
/// `write_all` loops), and fails a write once a file has `fail_at` bytes.
#[derive(Clone, Default)]
struct Recorder {
    log: Arc<Mutex<Log>>,
    step: usize,
    fail_at: Option<usize>,
}

struct Writer {
    id: usize,
    bytes: Vec<u8>,
    step: usize,
    fail_at: Option<usize>,
    shut: bool,
}

impl tokio::io::AsyncWrite for Writer {
    fn poll_write(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        assert!(!self.shut, "written after shutdown");
        if self
            .fail_at
            .is_some_and(|n| self.bytes.len() + buf.len() > n)
        {
            return Poll::Ready(Err(std::io::Error::other("the store is full")));
        }
        let n = buf.len().min(self.step.max(1));
        self.bytes.extend_from_slice(&buf[..n]);
        Poll::Ready(Ok(n))
    }

    fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        self.shut = true;
        Poll::Ready(Ok(()))
    }
}

/// A finished file: which it was, and its bytes.
#[derive(Debug)]
struct Object {
    id: usize,
    bytes: Vec<u8>,
}

impl Sink for Recorder {
    type Writer = Writer;
    type Output = Object;

    async fn open(&self, head: &FileHead<'_>) -> std::io::Result<Writer> {
        let mut log = self.log.lock().unwrap();
        let id = log.opened.len();
        let ct = head.content_type().unwrap_or("-");
        log.opened
            .push(format!("{}/{}/{ct}", head.name(), head.filename()));
        Ok(Writer {
            id,
            bytes: Vec::new(),
            step: self.step,
            fail_at: self.fail_at,
            shut: false,
        })
    }

    async fn finish(&self, w: Writer, len: u64) -> std::io::Result<Object> {
        assert!(w.shut, "finished before shutdown");
        assert_eq!(w.bytes.len() as u64, len);
        self.log.lock().unwrap().finished.push(w.id);
        Ok(Object {
            id: w.id,
            bytes: w.bytes,
        })
    }

    fn abort(&self, w: Writer) {
        self.log.lock().unwrap().aborted.push((w.id, w.bytes.len()));
    }

    fn discard(&self, o: Object) {
        self.log.lock().unwrap().discarded.push(o.id);
    }
}

impl Recorder {
    fn step(step: usize) -> Self {
        Recorder {
            step,
            ..Recorder::default()
        }
    }

    /// Every file opened was finished or aborted, every finished one taken
    /// (`taken`) or discarded.
    fn all_accounted(&self, taken: &[usize]) {
        let log = self.log.lock().unwrap();
        let mut ends: Vec<usize> = log
            .finished
            .iter()
            .copied()
            .chain(log.aborted.iter().map(|a| a.0))
            .collect();
        ends.sort_unstable();
        assert_eq!(ends, (0..log.opened.len()).collect::<Vec<_>>(), "{log:?}");
        let mut out: Vec<usize> = log.discarded.iter().chain(taken).copied().collect();
        out.sort_unstable();
        let mut finished = log.finished.clone();
        finished.sort_unstable();
        assert_eq!(out, finished, "{log:?}");
    }
}

#[derive(Bind)]
struct Upload {
    #[bind(body)]
    title: String,
    #[bind(body)]
    avatar: StoredFile<Object>,
    #[bind(body)]
    docs: Vec<StoredFile<Object>>,
    #[bind(body)]
    extra: Option<StoredFile<Object>>,
}

fn ids(up: &Upload) -> Vec<usize> {
    let mut ids = vec![up.avatar.value().id];
    ids.extend(up.docs.iter().map(|d| d.value().id));
    ids.extend(up.extra.iter().map(|d| d.value().id));
    ids
}

#[test]
fn each_writer_gets_its_parts_bytes_in_any_framing() {
    let avatar = tricky(70_000, 1);
    let doc0 = tricky(300_000, 2);
    let doc1 = tricky(1, 3);
    let sent = body(&[
        ("avatar", Some("me.png"), &avatar),
        ("title", None, b"Q3 \r\n-XyZ plan"),
        ("docs", Some("a.bin"), &doc0),
        ("skipped", Some("s.bin"), b"no field"),
        ("docs", Some("b.bin"), &doc1),
        ("docs", Some("empty.bin"), b""),
    ]);
    for (size, step) in [
        (1, 1),
        (7, 3),
        (64, 1000),
        (4096, 10),
        (65_536, 1 << 20),
        (sent.len(), 4096),
    ] {
        let sink = Recorder::step(step);
        let up: Upload = run(binder_hyper::bind_spooled_to(
            request(frames(&sent, size)),
            &[],
            &SpoolOptions::default(),
            &sink,
        ))
        .unwrap_or_else(|e| panic!("frames of {size}: {e}"));
        assert_eq!(up.title, "Q3 \r\n-XyZ plan");
        assert_eq!(up.avatar.value().bytes, avatar);
        assert_eq!(
            (up.avatar.filename(), up.avatar.content_type()),
            ("me.png", Some("image/avatar"))
        );
        assert_eq!(up.avatar.len(), avatar.len() as u64);
        let docs: Vec<(&str, &[u8], u64)> = up
            .docs
            .iter()
            .map(|d| (d.filename(), &d.value().bytes[..], d.len()))
            .collect();
        assert_eq!(
            docs,
            [
                ("a.bin", &doc0[..], doc0.len() as u64),
                ("b.bin", &doc1[..], 1),
                ("empty.bin", &b""[..], 0)
            ]
        );
        assert!(up.docs[2].is_empty() && up.extra.is_none());
        let log = sink.log.lock().unwrap();
        assert_eq!(
            log.opened,
            [
                "avatar/me.png/image/avatar",
                "docs/a.bin/image/docs",
                "skipped/s.bin/image/skipped",
                "docs/b.bin/image/docs",
                "docs/empty.bin/image/docs"
            ]
        );
        assert!(log.aborted.is_empty(), "{log:?}");
        assert_eq!(log.discarded, [2], "the part no field takes");
        drop(log);
        sink.all_accounted(&ids(&up));
    }
}

#[derive(Bind, Debug)]
struct One {
    #[bind(body)]
    doc: StoredFile<Object>,
}

fn one(sent: &[u8], o: &SpoolOptions, sink: &Recorder) -> Result<One, SpoolError> {
    run(binder_hyper::bind_spooled_to(
        request(frames(sent, 1000)),
        &[],
        o,
        sink,
    ))
}

fn status(r: &Result<impl Sized, SpoolError>) -> u16 {
    r.as_ref().err().map_or(200, |e| e.status().as_u16())
}

#[test]
fn a_file_at_the_limit_binds_and_one_byte_more_is_413_and_aborted() {
    let mut o = SpoolOptions::default();
    o.max_file_bytes = 5000;
    let at = body(&[("doc", Some("a"), &tricky(5000, 0))]);
    let sink = Recorder::step(100);
    let up = one(&at, &o, &sink).unwrap();
    assert_eq!(up.doc.len(), 5000);
    sink.all_accounted(&[up.doc.value().id]);
    // The body bigger too, so that only the file's limit can be the cause.
    let past = body(&[("doc", Some("a"), &tricky(5001, 0))]);
    let sink = Recorder::step(100);
    let r = one(&past, &o, &sink);
    assert_eq!(status(&r), 413);
    let log = sink.log.lock().unwrap();
    assert_eq!((log.finished.len(), log.aborted.len()), (0, 1), "{log:?}");
    assert!(
        log.aborted[0].1 <= 5000,
        "never more than the limit written"
    );
}

#[test]
fn files_at_their_limit_bind_and_one_more_fails_and_the_finished_are_discarded() {
    #[derive(Bind)]
    struct Many {
        #[bind(body)]
        doc: Vec<StoredFile<Object>>,
    }
    let mut o = SpoolOptions::default();
    o.max_files = 3;
    let file = tricky(2000, 5);
    let at = body(&[
        ("doc", Some("a"), &file),
        ("doc", Some("b"), &file),
        ("doc", Some("c"), &file),
    ]);
    let sink = Recorder::step(64);
    let many: Many = run(binder_hyper::bind_spooled_to(
        request(frames(&at, 333)),
        &[],
        &o,
        &sink,
    ))
    .unwrap();
    assert_eq!(many.doc.len(), 3);
    sink.all_accounted(&many.doc.iter().map(|d| d.value().id).collect::<Vec<_>>());
    let past = body(&[
        ("doc", Some("a"), &file),
        ("doc", Some("b"), &file),
        ("doc", Some("c"), &file),
        ("doc", Some("d"), &file),
    ]);
    let sink = Recorder::step(64);
    let r: Result<Many, _> = run(binder_hyper::bind_spooled_to(
        request(frames(&past, 333)),
        &[],
        &o,
        &sink,
    ));
    assert_eq!(status(&r), 400);
    let log = sink.log.lock().unwrap();
    assert_eq!(
        (log.opened.len(), log.finished.len()),
        (3, 3),
        "the fourth is never opened"
    );
    assert_eq!(log.discarded, [0, 1, 2]);
    drop(log);
    sink.all_accounted(&[]);
}

#[test]
fn a_body_at_the_total_limit_binds_and_one_byte_more_is_413() {
    let sent = body(&[("doc", Some("a"), &tricky(10_000, 9))]);
    let mut o = SpoolOptions::default();
    o.max_total_bytes = sent.len() as u64;
    let sink = Recorder::step(1 << 20);
    let up = one(&sent, &o, &sink).unwrap();
    assert_eq!(up.doc.len(), 10_000);
    o.max_total_bytes -= 1;
    let sink = Recorder::step(1 << 20);
    assert_eq!(status(&one(&sent, &o, &sink)), 413);
    sink.all_accounted(&[]);
}

#[test]
fn a_failure_mid_file_aborts_its_writer() {
    let sent = body(&[("doc", Some("a"), &tricky(200_000, 0))]);
    // The connection fails.
    let sink = Recorder::step(4096);
    let cut = Frames::new(
        sent[..100_000]
            .chunks(4096)
            .map(Bytes::copy_from_slice)
            .collect::<Vec<_>>(),
    )
    .then_fail();
    let r: Result<One, _> = run(binder_hyper::bind_spooled_to(
        request(cut),
        &[],
        &SpoolOptions::default(),
        &sink,
    ));
    assert!(matches!(r, Err(SpoolError::Request(Error::Read(_)))));
    assert_eq!(sink.log.lock().unwrap().aborted.len(), 1);
    sink.all_accounted(&[]);
    // The sink's writer fails: 500, and the writer is still aborted.
    let sink = Recorder {
        step: 4096,
        fail_at: Some(50_000),
        ..Recorder::default()
    };
    let r = one(&sent, &SpoolOptions::default(), &sink);
    assert!(matches!(r, Err(SpoolError::Io(_))));
    assert_eq!(status(&r), 500);
    let log = sink.log.lock().unwrap();
    assert_eq!(log.aborted.len(), 1, "{log:?}");
    assert!(log.aborted[0].1 <= 50_000);
}

#[test]
fn a_future_dropped_mid_file_aborts_its_writer() {
    let sent = body(&[("doc", Some("a"), &tricky(300_000, 0))]);
    let sink = Recorder::step(4096);
    let (tx, rx) = tokio::sync::mpsc::channel::<Bytes>(4);
    let o = SpoolOptions::default();
    run(async {
        let bind = binder_hyper::bind_spooled_to::<One, _, _>(request(Channel(rx)), &[], &o, &sink);
        let feed = async {
            for c in sent[..150_000].chunks(65_536) {
                tx.send(Bytes::copy_from_slice(c)).await.unwrap();
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            assert_eq!(
                sink.log.lock().unwrap().opened.len(),
                1,
                "writing, not yet dropped"
            );
        };
        tokio::select! {
            _ = bind => panic!("bound a body that never ended"),
            () = feed => {}
        }
    });
    let log = sink.log.lock().unwrap();
    assert_eq!(log.aborted.len(), 1, "{log:?}");
    assert!(log.aborted[0].1 > 0);
}

/// A body whose frames come from a channel: it waits while none is sent.
struct Channel(tokio::sync::mpsc::Receiver<Bytes>);

impl http_body::Body for Channel {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, std::io::Error>>> {
        self.0
            .poll_recv(cx)
            .map(|b| b.map(|b| Ok(http_body::Frame::data(b))))
    }
}

#[test]
fn a_failed_bind_discards_every_finished_file() {
    let sent = body(&[
        ("avatar", Some("me.png"), b"png"),
        ("docs", Some("a.bin"), b"aaa"),
        // No `title`: the bind fails.
    ]);
    let sink = Recorder::step(2);
    let r: Result<Upload, _> = run(binder_hyper::bind_spooled_to(
        request(frames(&sent, 5)),
        &[],
        &SpoolOptions::default(),
        &sink,
    ));
    assert_eq!(status(&r), 400);
    assert_eq!(sink.log.lock().unwrap().discarded.len(), 2);
    sink.all_accounted(&[]);
}

#[test]
fn a_field_of_another_store_is_refused() {
    #[derive(Bind)]
    struct Temp {
        #[bind(body)]
        doc: SpooledFile,
    }
    let sent = body(&[("doc", Some("a"), b"hello")]);
    // A temporary-file field, files sent to a sink: refused, and the
    // sink's file discarded.
    let sink = Recorder::step(2);
    let r: Result<Temp, _> = run(binder_hyper::bind_spooled_to(
        request(frames(&sent, 5)),
        &[],
        &SpoolOptions::default(),
        &sink,
    ));
    let e = r.map(|t| t.doc.len()).unwrap_err().to_string();
    assert!(e.contains("another store"), "{e}");
    sink.all_accounted(&[]);
    assert_eq!(sink.log.lock().unwrap().discarded, [0]);
    // A sink's field, files sent to temporary files: refused, no file left.
    let dir = tempfile::tempdir().unwrap();
    let mut o = SpoolOptions::default();
    o.temp_dir = Some(dir.path().to_owned());
    let r: Result<One, _> = run(binder_hyper::bind_spooled(
        request(frames(&sent, 5)),
        &[],
        &o,
    ));
    assert!(r.unwrap_err().to_string().contains("another store"));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// A file whose filename or `Content-Type` is not UTF-8 fails its field
/// after the sink finished it: its output is handed to `discard`, not
/// dropped (found by the `spool_diff` fuzz target).
#[test]
fn a_file_refused_for_its_filename_or_type_is_discarded() {
    for (from, to) in [(&b"NAME"[..], &b"\xd9"[..]), (b"image/doc", b"image/\xff")] {
        let mut sent = body(&[("doc", Some("NAME"), b"abc")]);
        let at = sent.windows(from.len()).position(|w| w == from).unwrap();
        sent.splice(at..at + from.len(), to.iter().copied());
        let sink = Recorder::step(2);
        let r = one(&sent, &SpoolOptions::default(), &sink);
        let e = r.map(|o| o.doc.len()).unwrap_err().to_string();
        assert!(e.contains("not UTF-8"), "{e}");
        assert_eq!(sink.log.lock().unwrap().discarded, [0]);
        sink.all_accounted(&[]);
    }
}
