//! The memory a spooled upload costs: a 64 MiB file fed in 64 KiB frames
//! keeps the heap of the thread that reads it under a fixed budget (the two
//! 1 MiB write buffers, a frame, the scanner, the in-memory body), whatever
//! the file's size.
#![cfg(feature = "spool")]

use binder_hyper::{Bind, SpoolOptions, SpooledFile};
use binder_test_support::counting::{peak, Counting};
use bytes::Bytes;
use http_body::Frame;
use std::pin::Pin;
use std::task::{Context, Poll};

#[global_allocator]
static ALLOC: Counting = Counting;

const BUDGET: usize = 5 << 19;
const FRAME: usize = 64 * 1024;

/// A multipart body of one `len`-byte file, made frame by frame as it is
/// read (so that the body itself is never in memory).
struct Upload {
    head: Option<Bytes>,
    left: usize,
    tail: Option<Bytes>,
}

impl Upload {
    fn new(len: usize) -> Self {
        Upload {
            head: Some(Bytes::from_static(
                b"--B\r\nContent-Disposition: form-data; name=doc; filename=big.bin\r\n\r\n",
            )),
            left: len,
            tail: Some(Bytes::from_static(b"\r\n--B--\r\n")),
        }
    }
}

impl http_body::Body for Upload {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, std::io::Error>>> {
        let next = if let Some(head) = self.head.take() {
            Some(head)
        } else if self.left > 0 {
            let n = self.left.min(FRAME);
            self.left -= n;
            Some(Bytes::from(vec![(self.left % 251) as u8; n]))
        } else {
            self.tail.take()
        };
        Poll::Ready(next.map(|b| Ok(Frame::data(b))))
    }
}

#[derive(Bind)]
struct One {
    #[bind(body)]
    doc: SpooledFile,
}

#[test]
fn a_64_mib_upload_keeps_the_heap_under_2_5_mib() {
    let dir = tempfile::tempdir().unwrap();
    let mut options = SpoolOptions::default();
    options.temp_dir = Some(dir.path().to_owned());
    let rt = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let len = 64 << 20;
    let req = http::Request::post("/")
        .header("content-type", "multipart/form-data; boundary=B")
        .body(Upload::new(len))
        .unwrap();
    let (up, heap) = peak(|| {
        rt.block_on(binder_hyper::bind_spooled::<One, _>(req, &[], &options))
            .unwrap()
    });
    assert_eq!(up.doc.len(), len as u64);
    assert_eq!(std::fs::metadata(up.doc.path()).unwrap().len(), len as u64);
    assert!(heap < BUDGET, "peak heap {heap} bytes");
    eprintln!("peak heap: {heap} bytes for a {len}-byte upload");
}
