//! Uploads larger than memory (`bind_spooled`, feature `spool`): values and
//! file bytes as sent, every limit at and past it, and no temporary file
//! left behind by a failure, an unclaimed part or a dropped value. Each test
//! spools into a directory of its own and counts the files in it.
#![cfg(feature = "spool")]

use binder_hyper::{Bind, Error, SpoolError, SpoolOptions, SpooledFile};
use binder_test_support::frames::Frames;
use bytes::Bytes;
use std::path::Path;

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
            b.extend_from_slice(b"\"\r\nContent-Type: application/octet-stream");
        }
        b.extend_from_slice(b"\r\n\r\n");
        b.extend_from_slice(data);
        b.extend_from_slice(b"\r\n");
    }
    b.extend_from_slice(b"--XyZ--\r\n");
    b
}

/// `body` cut into frames of `size` bytes.
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

fn options(dir: &Path) -> SpoolOptions {
    let mut o = SpoolOptions::default();
    o.temp_dir = Some(dir.to_owned());
    o
}

fn files_in(dir: &Path) -> usize {
    std::fs::read_dir(dir).unwrap().count()
}

fn run<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap()
        .block_on(f)
}

/// Bytes that look like multipart framing: CR, LF, dashes, the boundary's
/// prefix, with every byte value.
fn tricky(n: usize, seed: u8) -> Vec<u8> {
    let pattern: &[u8] = b"\r\n--XyY\r\n-\r\r\n--Xy";
    (0..n)
        .map(|i| match i % 97 {
            k if k < pattern.len() => pattern[k],
            // Never the `Z` that would finish `\r\n--XyZ`.
            _ => match (i as u8).wrapping_mul(31).wrapping_add(seed) {
                b'Z' => b'z',
                b => b,
            },
        })
        .collect()
}

#[derive(Bind)]
struct Upload {
    #[bind(body)]
    title: String,
    #[bind(body)]
    count: u32,
    #[bind(body)]
    avatar: SpooledFile,
    #[bind(body)]
    docs: Vec<SpooledFile>,
    #[bind(body)]
    extra: Option<SpooledFile>,
}

#[test]
fn text_and_files_bind_with_the_bytes_sent_in_any_framing() {
    let dir = tempfile::tempdir().unwrap();
    let (a, d1, d2) = (tricky(300_000, 1), tricky(5, 2), tricky(1_000_001, 3));
    let sent = body(&[
        ("title", None, "Q3 \r\n--XyY plan".as_bytes()),
        ("avatar", Some("me.png"), &a),
        ("count", None, b"42"),
        ("docs", Some("a %22b%22.txt"), &d1),
        ("docs", Some("c.bin"), &d2),
        ("extra", Some(""), b""), // an empty file input: no file
    ]);
    assert_eq!(
        sent.windows(7).filter(|w| w == b"\r\n--XyZ").count(),
        6,
        "the data itself never makes a delimiter"
    );
    for size in [1, 7, 4096, 65_536, sent.len()] {
        let up: Upload = run(binder_hyper::bind_spooled(
            request(frames(&sent, size)),
            &[],
            &options(dir.path()),
        ))
        .unwrap();
        assert_eq!((up.title.as_str(), up.count), ("Q3 \r\n--XyY plan", 42));
        assert_eq!(
            (up.avatar.filename(), up.avatar.len()),
            ("me.png", a.len() as u64)
        );
        assert_eq!(up.avatar.content_type(), Some("application/octet-stream"));
        assert_eq!(std::fs::read(up.avatar.path()).unwrap(), a);
        assert_eq!(up.docs.len(), 2);
        assert_eq!(up.docs[0].filename(), "a \"b\".txt");
        assert_eq!(std::fs::read(up.docs[0].path()).unwrap(), d1);
        assert_eq!(std::fs::read(up.docs[1].path()).unwrap(), d2);
        assert!(up.extra.is_none());
        assert_eq!(files_in(dir.path()), 3, "the empty input's file is gone");
        drop(up);
        assert_eq!(files_in(dir.path()), 0, "dropped: deleted");
    }
}

#[derive(Bind)]
struct One {
    #[bind(body)]
    doc: SpooledFile,
}

fn one(sent: &[u8], o: &SpoolOptions) -> Result<One, SpoolError> {
    run(binder_hyper::bind_spooled(
        request(frames(sent, 1000)),
        &[],
        o,
    ))
}

/// A file written in several of the writer's 1 MiB chunks, each
/// allocated on disk before its write: the bytes read back are the bytes
/// sent, and the file is as long as they are (no allocated block past its
/// end counted in its size).
#[test]
fn a_file_of_several_write_chunks_reads_back_as_sent() {
    let dir = tempfile::tempdir().unwrap();
    const MIB: usize = 1024 * 1024;
    // Whole chunks (the last one allocated too), and a partial last chunk.
    for (len, size) in [(3 * MIB, 65_536), (2 * MIB + 1_234_567, 1_000_003)] {
        let data = tricky(len, 9);
        let sent = body(&[("doc", Some("big.bin"), &data)]);
        let up: One = run(binder_hyper::bind_spooled(
            request(frames(&sent, size)),
            &[],
            &options(dir.path()),
        ))
        .unwrap();
        assert_eq!(up.doc.len(), data.len() as u64);
        let path = up.doc.path();
        assert_eq!(std::fs::metadata(path).unwrap().len(), data.len() as u64);
        assert!(std::fs::read(path).unwrap() == data, "the bytes differ");
    }
    assert_eq!(files_in(dir.path()), 0);
}

fn too_large(r: Result<One, SpoolError>, limit: usize) {
    match r {
        Err(SpoolError::Request(Error::TooLarge { limit: l })) => assert_eq!(l, limit),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("bound past the limit"),
    }
}

fn code(r: &Result<impl Sized, SpoolError>) -> String {
    let Err(e) = r else { panic!("bound") };
    e.request().unwrap().problem_json()
}

#[test]
fn a_file_at_the_limit_binds_and_one_byte_more_is_413() {
    let dir = tempfile::tempdir().unwrap();
    let mut o = options(dir.path());
    o.max_file_bytes = 10_000;
    let at = body(&[("doc", Some("a"), &tricky(10_000, 0))]);
    assert_eq!(one(&at, &o).unwrap().doc.len(), 10_000);
    let past = body(&[("doc", Some("a"), &tricky(10_001, 0))]);
    too_large(one(&past, &o), 10_000);
    assert_eq!(files_in(dir.path()), 0);
}

#[test]
fn a_body_at_the_total_limit_binds_and_one_byte_more_is_413() {
    let dir = tempfile::tempdir().unwrap();
    let mut o = options(dir.path());
    let at = body(&[("doc", Some("a"), &tricky(10_000, 0))]);
    o.max_total_bytes = at.len() as u64;
    assert_eq!(one(&at, &o).unwrap().doc.len(), 10_000);
    let past = body(&[("doc", Some("a"), &tricky(10_001, 0))]);
    too_large(one(&past, &o), at.len());
    assert_eq!(files_in(dir.path()), 0);
    // Declared past it: refused before a byte is read.
    let req = http::Request::post("/")
        .header("content-type", CT)
        .header("content-length", past.len())
        .body(Frames::new([Bytes::from(past.clone())]))
        .unwrap();
    let frames = req.body().tally();
    too_large(run(binder_hyper::bind_spooled(req, &[], &o)), at.len());
    assert_eq!(frames.frames(), 0);
}

#[derive(Bind)]
struct Many {
    #[bind(body)]
    f: Vec<SpooledFile>,
    #[bind(body)]
    t: Vec<String>,
}

fn many(files: usize, texts: usize, o: &SpoolOptions) -> Result<Many, SpoolError> {
    let mut parts: Vec<P<'_>> = Vec::new();
    parts.extend((0..files).map(|_| ("f", Some("x"), &b"data"[..])));
    parts.extend((0..texts).map(|_| ("t", None, &b"text"[..])));
    run(binder_hyper::bind_spooled(
        request(frames(&body(&parts), 64)),
        &[],
        o,
    ))
}

#[test]
fn files_and_parts_at_their_limits_bind_and_one_more_fails() {
    let dir = tempfile::tempdir().unwrap();
    let mut o = options(dir.path());
    o.max_files = 3;
    o.limits.max_parts = 5;
    let up = many(3, 2, &o).unwrap();
    assert_eq!((up.f.len(), up.t.len()), (3, 2));
    drop(up);
    let r = many(4, 0, &o);
    assert!(code(&r).contains(r#""code":"limit""#), "{}", code(&r));
    assert_eq!(files_in(dir.path()), 0);
    let r = many(3, 3, &o);
    assert!(code(&r).contains("more multipart parts"), "{}", code(&r));
    assert_eq!(files_in(dir.path()), 0);
}

#[test]
fn text_held_in_memory_at_its_limit_binds_and_one_byte_more_is_413() {
    let dir = tempfile::tempdir().unwrap();
    let mut o = options(dir.path());
    // The in-memory body: the part's delimiter, headers, placeholder and
    // the close delimiter; the text counts, the file's bytes do not.
    let text = vec![b'a'; 1000];
    let sent = |text: &[u8]| body(&[("t", None, text), ("f", Some("x"), &tricky(50_000, 0))]);
    let placeholder = [binder_core::__private_0_1::HELD_FILE, b"0"].concat();
    let synth = body(&[("t", None, &text), ("f", Some("x"), &placeholder)]).len();
    o.limits.max_body_bytes = synth;
    let r: Result<Many, _> = run(binder_hyper::bind_spooled(
        request(frames(&sent(&text), 512)),
        &[],
        &o,
    ));
    assert_eq!(r.unwrap().t[0].len(), 1000);
    let r: Result<Many, _> = run(binder_hyper::bind_spooled(
        request(frames(&sent(&[b'a'; 1001]), 512)),
        &[],
        &o,
    ));
    match r {
        Err(SpoolError::Request(Error::TooLarge { limit })) => assert_eq!(limit, synth),
        _ => panic!("not 413"),
    }
    assert_eq!(files_in(dir.path()), 0);
}

#[test]
fn a_body_that_fails_mid_file_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let sent = body(&[("doc", Some("a"), &tricky(2_000_000, 0))]);
    let cut = Frames::new(
        sent[..1_000_000]
            .chunks(4096)
            .map(Bytes::copy_from_slice)
            .collect::<Vec<_>>(),
    )
    .then_fail();
    let r: Result<One, _> = run(binder_hyper::bind_spooled(
        request(cut),
        &[],
        &options(dir.path()),
    ));
    assert!(matches!(r, Err(SpoolError::Request(Error::Read(_)))));
    assert_eq!(files_in(dir.path()), 0);
    // Cut short without an error: the close delimiter never came.
    let short = frames(&sent[..1_000_000], 4096);
    let r: Result<One, _> = run(binder_hyper::bind_spooled(
        request(short),
        &[],
        &options(dir.path()),
    ));
    assert!(code(&r).contains("malformed"), "{}", code(&r));
    assert_eq!(files_in(dir.path()), 0);
}

#[test]
fn a_future_dropped_mid_file_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let sent = body(&[("doc", Some("a"), &tricky(3_000_000, 0))]);
    // A body that stops sending halfway: the future waits forever.
    let (tx, rx) = tokio::sync::mpsc::channel::<Bytes>(4);
    let stream = Channel(rx);
    let o = options(dir.path());
    run(async {
        let bind = binder_hyper::bind_spooled::<One, _>(request(stream), &[], &o);
        let feed = async {
            for c in sent[..1_500_000].chunks(65_536) {
                tx.send(Bytes::copy_from_slice(c)).await.unwrap();
            }
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
            assert_eq!(files_in(dir.path()), 1, "spooling, not yet dropped");
        };
        tokio::select! {
            _ = bind => panic!("bound a body that never ended"),
            () = feed => {}
        }
        // The bind's future is dropped.
        assert_eq!(files_in(dir.path()), 0);
    });
    assert_eq!(files_in(dir.path()), 0);
}

/// A body whose frames come from a channel: it waits while none is sent.
struct Channel(tokio::sync::mpsc::Receiver<Bytes>);

impl http_body::Body for Channel {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Bytes>, std::io::Error>>> {
        self.0
            .poll_recv(cx)
            .map(|b| b.map(|b| Ok(http_body::Frame::data(b))))
    }
}

#[derive(Bind)]
struct Named {
    #[bind(body)]
    #[allow(dead_code)] // required: its absence fails the bind
    title: String,
    #[bind(body)]
    doc: Option<SpooledFile>,
}

#[test]
fn files_no_field_claims_and_files_of_a_failed_bind_are_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let o = options(dir.path());
    let sent = body(&[
        ("title", None, b"t"),
        ("doc", Some("a"), b"kept"),
        ("stray", Some("b"), b"unclaimed"),
    ]);
    let up: Named = run(binder_hyper::bind_spooled(
        request(frames(&sent, 16)),
        &[],
        &o,
    ))
    .unwrap();
    assert_eq!(files_in(dir.path()), 1, "the stray part's file is gone");
    assert_eq!(
        std::fs::read(up.doc.as_ref().unwrap().path()).unwrap(),
        b"kept"
    );
    drop(up);
    // No title: the bind fails, and the claimed file goes with it.
    let sent = body(&[("doc", Some("a"), b"kept"), ("stray", Some("b"), b"x")]);
    let r: Result<Named, _> = run(binder_hyper::bind_spooled(
        request(frames(&sent, 16)),
        &[],
        &o,
    ));
    assert!(code(&r).contains(r#""field":"title""#), "{}", code(&r));
    assert_eq!(files_in(dir.path()), 0);
}

#[test]
fn text_sent_to_a_spooled_file_field_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let o = options(dir.path());
    // A text part whose data is what a placeholder looks like.
    let sent = body(&[("doc", None, b"0"), ("x", Some("a"), b"file")]);
    let r = one(&sent, &o);
    assert!(
        code(&r).contains("expected an uploaded file"),
        "{}",
        code(&r)
    );
    assert_eq!(files_in(dir.path()), 0);
    // A form body, and a file bound in memory by `bind`: refused too.
    let form = http::Request::post("/")
        .header("content-type", "application/x-www-form-urlencoded")
        .body(http_body_util::Full::new(Bytes::from_static(b"doc=0")))
        .unwrap();
    let r: Result<One, _> = run(binder_hyper::bind_spooled(form, &[], &o));
    assert!(
        code(&r).contains("expected an uploaded file"),
        "{}",
        code(&r)
    );
    let mem = request(http_body_util::Full::new(Bytes::from(body(&[(
        "doc",
        Some("a"),
        b"0",
    )]))));
    let r = run(binder_hyper::bind::<One, _>(
        mem,
        &[],
        &binder_hyper::Limits::DEFAULT,
    ));
    let Err(e) = r else { panic!("bound in memory") };
    assert!(
        e.problem_json().contains("bind_spooled"),
        "{}",
        e.problem_json()
    );
}

#[test]
fn persist_keeps_the_file_and_drop_deletes_it() {
    let dir = tempfile::tempdir().unwrap();
    let keep = tempfile::tempdir().unwrap();
    let o = options(dir.path());
    let sent = body(&[("doc", Some("a"), b"persisted")]);
    let up = one(&sent, &o).unwrap();
    let temp = up.doc.path().to_owned();
    assert!(temp.starts_with(dir.path()));
    up.doc.persist(keep.path().join("kept")).unwrap();
    assert!(!temp.exists());
    assert_eq!(
        std::fs::read(keep.path().join("kept")).unwrap(),
        b"persisted"
    );
    let up = one(&sent, &o).unwrap();
    let temp = up.doc.path().to_owned();
    assert!(temp.exists());
    drop(up);
    assert!(!temp.exists());
    assert_eq!(files_in(dir.path()), 0);
}

/// The same target with files in memory (`bind`) and spooled
/// (`bind_spooled`).
#[derive(Bind)]
struct MemForm {
    #[bind(body)]
    title: Option<String>,
    #[bind(body)]
    count: Option<u32>,
    #[bind(body)]
    avatar: Option<binder_hyper::UploadedFile>,
    #[bind(body)]
    docs: Vec<binder_hyper::UploadedFile>,
}

#[derive(Bind)]
struct SpoolForm {
    #[bind(body)]
    title: Option<String>,
    #[bind(body)]
    count: Option<u32>,
    #[bind(body)]
    avatar: Option<SpooledFile>,
    #[bind(body)]
    docs: Vec<SpooledFile>,
}

/// A file as bound: filename, content type, bytes.
type F = (String, Option<String>, Vec<u8>);

fn mem_files(f: &binder_hyper::UploadedFile) -> F {
    let ct = f.content_type().map(str::to_owned);
    (f.filename().to_owned(), ct, f.data().to_vec())
}

fn spool_files(f: &SpooledFile) -> F {
    let ct = f.content_type().map(str::to_owned);
    (
        f.filename().to_owned(),
        ct,
        std::fs::read(f.path()).unwrap(),
    )
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A random multipart body over `MemForm`'s names (and a stray one):
/// text and file parts, quoted and token names, escaped and empty
/// filenames, content types (one not UTF-8), data with near-delimiters,
/// and now and then a body cut short or a header broken.
fn random_body(rng: &mut Rng) -> Vec<u8> {
    let names = ["title", "count", "avatar", "docs", "stray", "\"docs\""];
    let filenames = [
        "a.txt",
        "\"say %22hi%22.txt\"",
        "\"\"",
        "\"caf\u{e9}.png\"",
        "x",
    ];
    let mut b = Vec::new();
    for _ in 0..rng.below(6) {
        b.extend_from_slice(b"--XyZ\r\nContent-Disposition: form-data; name=");
        b.extend_from_slice(names[rng.below(names.len())].as_bytes());
        if rng.below(2) == 0 {
            b.extend_from_slice(b"; filename=");
            b.extend_from_slice(filenames[rng.below(filenames.len())].as_bytes());
        }
        b.extend_from_slice(b"\r\n");
        match rng.below(4) {
            0 => b.extend_from_slice(b"Content-Type: text/plain\r\n"),
            1 => b.extend_from_slice(b"Content-Type: \xff\r\n"),
            _ => {}
        }
        b.extend_from_slice(b"\r\n");
        match rng.below(4) {
            0 => {}
            1 => b.extend_from_slice(b"42"),
            2 => b.extend_from_slice(&tricky(rng.below(300_000), rng.below(256) as u8)),
            _ => b.extend_from_slice(&tricky(rng.below(40), 9)),
        }
        b.extend_from_slice(b"\r\n");
    }
    b.extend_from_slice(b"--XyZ--\r\n");
    match rng.below(10) {
        0 => b.truncate(rng.below(b.len())),
        1 => {
            let at = rng.below(b.len());
            b[at] = b'\n';
        }
        _ => {}
    }
    b
}

#[test]
fn spooled_binds_every_body_as_the_in_memory_bind_does() {
    let dir = tempfile::tempdir().unwrap();
    let o = options(dir.path());
    let mut rng = Rng(0x5eed_cafe);
    let (mut ok, mut failed) = (0, 0);
    for _ in 0..300 {
        let sent = random_body(&mut rng);
        let frame = 1 + rng.below(70_000);
        let mem = run(binder_hyper::bind::<MemForm, _>(
            request(http_body_util::Full::new(Bytes::from(sent.clone()))),
            &[],
            &binder_hyper::Limits::DEFAULT,
        ));
        let spooled: Result<SpoolForm, _> = run(binder_hyper::bind_spooled(
            request(frames(&sent, frame)),
            &[],
            &o,
        ));
        match (mem, spooled) {
            (Ok((m, _)), Ok(s)) => {
                ok += 1;
                assert_eq!((&m.title, m.count), (&s.title, s.count));
                assert_eq!(
                    m.avatar.as_ref().map(mem_files),
                    s.avatar.as_ref().map(spool_files)
                );
                let md: Vec<F> = m.docs.iter().map(mem_files).collect();
                let sd: Vec<F> = s.docs.iter().map(spool_files).collect();
                assert_eq!(md, sd);
            }
            (Err(m), Err(SpoolError::Request(s))) => {
                failed += 1;
                assert_eq!(m.problem_json(), s.problem_json());
            }
            (m, s) => panic!(
                "in memory {:?}, spooled {:?}, body {:?}",
                m.err().map(|e| e.problem_json()),
                s.err().map(|e| e.to_string()),
                String::from_utf8_lossy(&sent[..sent.len().min(400)])
            ),
        }
        assert_eq!(files_in(dir.path()), 0);
    }
    assert!(ok > 50 && failed > 50, "{ok} bound, {failed} refused");
}

#[test]
fn multipart_refused_by_the_service_is_415_and_never_read() {
    let dir = tempfile::tempdir().unwrap();
    let mut o = options(dir.path());
    o.limits.formats = binder_hyper::Formats::JSON;
    let sent = frames(&body(&[("doc", Some("a"), &tricky(100_000, 0))]), 1000);
    let tally = sent.tally();
    let r: Result<One, _> = run(binder_hyper::bind_spooled(request(sent), &[], &o));
    match r {
        Err(e) => assert_eq!(e.status(), 415),
        Ok(_) => panic!("bound a refused format"),
    }
    assert_eq!((tally.frames(), files_in(dir.path())), (0, 0));
}
