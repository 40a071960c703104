//! An uploaded file in an owned struct bound by `binder_hyper::bind`: its
//! bytes are a slice of the body's own buffer, not a copy.

use binder_http::{Bind, Limits, UploadedFile};
use bytes::Bytes;
use http_body_util::Full;

#[derive(Bind, Debug)]
struct Upload {
    #[bind(body)]
    title: String,
    #[bind(body)]
    avatar: UploadedFile,
    #[bind(body)]
    extra: Vec<UploadedFile>,
}

const BODY: &[u8] = b"--XX\r\n\
Content-Disposition: form-data; name=\"title\"\r\n\r\nQ3\r\n\
--XX\r\n\
Content-Disposition: form-data; name=\"avatar\"; filename=\"chart.png\"\r\n\
Content-Type: image/png\r\n\r\n\x89PNG-bytes\r\n\
--XX\r\n\
Content-Disposition: form-data; name=\"extra\"; filename=\"a.txt\"\r\n\r\nA\r\n\
--XX\r\n\
Content-Disposition: form-data; name=\"extra\"; filename=\"\"\r\n\r\n\r\n\
--XX--\r\n";

#[tokio::test]
async fn the_file_is_a_slice_of_the_body_buffer() {
    // One `Bytes` frame, as hyper hands a body that arrived in one read.
    let body = Bytes::from(BODY.to_vec());
    let req = http::Request::post("/upload")
        .header("content-type", "multipart/form-data; boundary=XX")
        .header("content-length", body.len())
        .body(Full::new(body.clone()))
        .unwrap();
    let (up, _req) = binder_hyper::bind::<Upload, _>(req, &[], &Limits::default())
        .await
        .unwrap();
    assert_eq!(up.title, "Q3");
    let a = &up.avatar;
    assert_eq!(
        (a.filename(), a.content_type(), a.len(), &a.data()[..]),
        ("chart.png", Some("image/png"), 10, &b"\x89PNG-bytes"[..])
    );
    let buffer = body.as_ptr_range();
    let inside = |b: &Bytes| {
        let r = b.as_ptr_range();
        buffer.start <= r.start && r.end <= buffer.end
    };
    assert!(inside(a.data()), "the file's bytes were copied");
    // The empty file input is no file.
    assert_eq!(up.extra.len(), 1);
    assert_eq!(
        (up.extra[0].filename(), &up.extra[0].data()[..]),
        ("a.txt", &b"A"[..])
    );
    assert!(inside(up.extra[0].data()));
}
