//! The spooled read (`binder_hyper::spool_body_to` and
//! `SpooledBody::bind_with`, feature `spool`) against the in-memory bind:
//! a multipart body (any bytes, or built from arbitrary parts, then
//! mangled) cut into frames of arbitrary sizes (one byte at a time among
//! them), under the default or arbitrary small part limits, bound into a
//! struct of text and file fields both ways: the spooled bind succeeds
//! exactly when the in-memory one does, with the same text values and each
//! file's filename, content type and bytes (files to an in-memory sink);
//! when both fail, with the same status; every writer opened is finished
//! or aborted, every finished file taken or discarded. (Bodies holding a
//! held file's placeholder, `binder_core::__private_0_1::HELD_FILE`, are
//! skipped: in memory such a file is refused on purpose.)
#![no_main]

#[path = "shared/cuts.rs"]
mod cuts;

use binder_hyper::spool::{FileHead, Sink};
use binder_hyper::{Bind, HttpRequest, SpoolOptions, StoredFile, UploadedFile};
use binder_test_support::frames::Frames;
use binder_test_support::multipart_oracle::{self, mangle, Spec, SpecPart};
use bytes::Bytes;
use std::sync::atomic::{AtomicUsize, Ordering};

#[derive(Debug, arbitrary::Arbitrary)]
struct Part {
    /// The field it is sent to: `a`, `b`, `f`, `g`, or one no field has.
    name: u8,
    filename: Option<Vec<u8>>,
    content_type: Option<Vec<u8>>,
    data: Vec<u8>,
}

#[derive(Debug, arbitrary::Arbitrary)]
enum Body {
    Raw(Vec<u8>),
    Built {
        preamble: Vec<u8>,
        epilogue: Vec<u8>,
        parts: Vec<Part>,
        seed: u64,
        edits: u8,
    },
}

#[derive(Debug, arbitrary::Arbitrary)]
struct Input {
    body: Body,
    /// Frame lengths, used in turn; all zero (or none): one byte a frame.
    sizes: Vec<u8>,
    /// `(max_parts, max_files)`, or the defaults.
    limits: Option<(u8, u8)>,
}

const BOUNDARY: &[u8] = b"XyZ";

#[derive(Bind, Debug)]
struct Mem {
    #[bind(body)]
    a: Option<String>,
    #[bind(body)]
    b: Vec<String>,
    #[bind(body)]
    f: Vec<UploadedFile>,
    #[bind(body)]
    g: Option<UploadedFile>,
}

#[derive(Bind, Debug)]
struct Spooled {
    #[bind(body)]
    a: Option<String>,
    #[bind(body)]
    b: Vec<String>,
    #[bind(body)]
    f: Vec<StoredFile<Vec<u8>>>,
    #[bind(body)]
    g: Option<StoredFile<Vec<u8>>>,
}

/// Files in memory, counting writers and files in and out.
#[derive(Default)]
struct Memory {
    opened: AtomicUsize,
    ended: AtomicUsize,
    finished: AtomicUsize,
    discarded: AtomicUsize,
}

impl Sink for Memory {
    type Writer = Vec<u8>;
    type Output = Vec<u8>;

    async fn open(&self, _: &FileHead<'_>) -> std::io::Result<Vec<u8>> {
        self.opened.fetch_add(1, Ordering::Relaxed);
        Ok(Vec::new())
    }

    async fn finish(&self, bytes: Vec<u8>, len: u64) -> std::io::Result<Vec<u8>> {
        assert_eq!(bytes.len() as u64, len);
        self.ended.fetch_add(1, Ordering::Relaxed);
        self.finished.fetch_add(1, Ordering::Relaxed);
        Ok(bytes)
    }

    fn abort(&self, _: Vec<u8>) {
        self.ended.fetch_add(1, Ordering::Relaxed);
    }

    fn discard(&self, _: Vec<u8>) {
        self.discarded.fetch_add(1, Ordering::Relaxed);
    }
}

/// A file as both binds see it: filename, content type, bytes.
type File = (String, Option<String>, Vec<u8>);

fn mem_file(f: &UploadedFile) -> File {
    (
        f.filename().to_owned(),
        f.content_type().map(str::to_owned),
        f.data().to_vec(),
    )
}

fn spool_file(f: &StoredFile<Vec<u8>>) -> File {
    (
        f.filename().to_owned(),
        f.content_type().map(str::to_owned),
        f.value().clone(),
    )
}

/// The frames `sizes` cuts `body` into.
fn frames(body: &[u8], sizes: &[u8]) -> Vec<Bytes> {
    let mut at = 0;
    cuts::cuts(sizes, body.len())
        .into_iter()
        .map(|end| {
            let frame = Bytes::copy_from_slice(&body[at..end]);
            at = end;
            frame
        })
        .collect()
}

thread_local! {
    static RUNTIME: tokio::runtime::Runtime =
        tokio::runtime::Builder::new_current_thread().build().unwrap();
}

libfuzzer_sys::fuzz_target!(|input: Input| {
    let body = match input.body {
        Body::Raw(body) => body,
        Body::Built {
            preamble,
            epilogue,
            parts,
            seed,
            edits,
        } => {
            const NAMES: [&[u8]; 5] = [b"a", b"b", b"f", b"g", b"x"];
            let spec = Spec {
                boundary: BOUNDARY.to_vec(),
                preamble,
                epilogue,
                parts: parts
                    .into_iter()
                    .map(|p| SpecPart {
                        name: NAMES[usize::from(p.name) % NAMES.len()].to_vec(),
                        filename: p.filename,
                        content_type: p.content_type,
                        data: p.data,
                    })
                    .collect(),
                seed,
            };
            let Some((_, mut body, _)) = multipart_oracle::build(&spec) else {
                return;
            };
            mangle(&mut body, BOUNDARY, seed, usize::from(edits % 8));
            body
        }
    };
    // The one intended divergence: a file sent with a held file's
    // placeholder as its bytes is refused in memory (core's
    // `Value::CLAIMS_HELD`), while spooled its bytes go to the sink.
    let held = binder_core::__private_0_1::HELD_FILE;
    if body.windows(held.len()).any(|w| w == held) {
        return;
    }
    let mut options = SpoolOptions::default();
    if let Some((parts, files)) = input.limits {
        options.limits.max_parts = usize::from(parts % 8);
        options.max_files = usize::from(files % 8);
    }
    let req = http::Request::post("/")
        .header("content-type", "multipart/form-data; boundary=XyZ")
        .body(Frames::new(frames(&body, &input.sizes)))
        .unwrap();
    let (parts, sent) = req.into_parts();

    // In memory.
    let whole = Bytes::from(body);
    let mem = Mem::bind_with(
        &HttpRequest::with_bytes(&parts, &whole, &[][..]),
        &options.limits,
    )
    .map_err(binder_hyper::Error::from);
    // Spooled, files to memory.
    let sink = Memory::default();
    let spooled =
        RUNTIME.with(|rt| rt.block_on(binder_hyper::spool_body_to(&parts, sent, &options, &sink)));
    let spooled = spooled.and_then(|s| {
        s.bind_with(&sink, |bytes| {
            Spooled::bind_with(
                &HttpRequest::with_bytes(&parts, bytes, &[][..]),
                &options.limits,
            )
        })
        .map_err(binder_hyper::SpoolError::from)
    });
    let opened = sink.opened.load(Ordering::Relaxed);
    assert_eq!(
        opened,
        sink.ended.load(Ordering::Relaxed),
        "a writer neither finished nor aborted"
    );

    // The in-memory bind has no file-count limit: a body past `max_files`
    // fails spooled only.
    let files_sent = opened;
    match (&mem, &spooled) {
        (Ok(m), Ok(s)) => {
            assert_eq!((&m.a, &m.b), (&s.a, &s.b));
            let mf: Vec<File> = m.f.iter().map(mem_file).collect();
            let sf: Vec<File> = s.f.iter().map(spool_file).collect();
            assert_eq!(mf, sf);
            assert_eq!(m.g.as_ref().map(mem_file), s.g.as_ref().map(spool_file));
            let taken = s.f.len() + usize::from(s.g.is_some());
            assert_eq!(
                sink.finished.load(Ordering::Relaxed),
                taken + sink.discarded.load(Ordering::Relaxed)
            );
        }
        (Err(m), Err(s)) => {
            assert_eq!(
                sink.finished.load(Ordering::Relaxed),
                sink.discarded.load(Ordering::Relaxed)
            );
            if s.request().is_some() {
                assert_eq!(m.status(), s.status(), "{m:?} / {s:?}");
            }
        }
        (Ok(_), Err(s)) if files_sent >= options.max_files && s.status() == 400 => {}
        (m, s) => panic!("in memory {m:?}, spooled {s:?}"),
    }
});
