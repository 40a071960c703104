//! The uploads example (`examples/uploads.rs`, feature `spool`) on
//! loopback: files larger than axum's default body limit answered with
//! their names, types and sizes, and no temporary file left behind by a
//! finished upload or by a client that stops halfway.
#![cfg(feature = "spool")]

#[allow(dead_code)]
#[path = "../examples/uploads.rs"]
mod uploads;

use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const BOUNDARY: &str = "------------------------8f2c1e";

/// The multipart body's head (a title, then the first file's headers),
/// and the text between the first file's data and the second's, and the
/// tail after the second's.
fn pieces() -> (String, String, String) {
    let head = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nQ3 exports\r\n\
         --{BOUNDARY}\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.csv\"\r\n\
         Content-Type: text/csv\r\n\r\n"
    );
    let middle = format!(
        "\r\n--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"files\"; filename=\"b.bin\"\r\n\
         Content-Type: application/octet-stream\r\n\r\n"
    );
    let tail = format!("\r\n--{BOUNDARY}--\r\n");
    (head, middle, tail)
}

fn request_head(len: usize) -> String {
    format!(
        "POST /teams/7/uploads HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\
         Content-Type: multipart/form-data; boundary={BOUNDARY}\r\nContent-Length: {len}\r\n\r\n"
    )
}

/// Files in `dir`, after giving the server up to two seconds to clean up.
async fn files_left(dir: &std::path::Path) -> usize {
    let mut left = 0;
    for _ in 0..200 {
        left = std::fs::read_dir(dir).unwrap().count();
        if left == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    left
}

#[tokio::test]
async fn the_uploads_example_streams_files_past_the_body_limit_and_leaves_none() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().to_path_buf();
    // The example reads its temporary directory from the environment when
    // it builds its router; this file's one test is the only reader.
    std::env::set_var("BINDER_SPOOL_DIR", &dir);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = tokio::spawn(async move { axum::serve(listener, uploads::app()).await });

    // Two files, 3 MiB and 5 MiB: past axum's 2 MiB default body limit.
    let (head, middle, tail) = pieces();
    let (a, b) = (vec![b'a'; 3 << 20], vec![0x5a; 5 << 20]);
    let len = head.len() + a.len() + middle.len() + b.len() + tail.len();
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(request_head(len).as_bytes()).await.unwrap();
    s.write_all(head.as_bytes()).await.unwrap();
    for piece in a.chunks(64 << 10) {
        s.write_all(piece).await.unwrap();
    }
    s.write_all(middle.as_bytes()).await.unwrap();
    for piece in b.chunks(100_000) {
        s.write_all(piece).await.unwrap();
    }
    s.write_all(tail.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.unwrap();
    let text = String::from_utf8(out).unwrap();
    let (status, body) = text.split_once("\r\n\r\n").expect("a response");
    assert!(status.starts_with("HTTP/1.1 200"), "{text}");
    let got: serde_json::Value = serde_json::from_str(body).unwrap();
    assert_eq!(
        got,
        serde_json::json!({
            "team": 7,
            "title": "Q3 exports",
            "files": [
                {"name": "a.csv", "type": "text/csv", "bytes": 3 << 20},
                {"name": "b.bin", "type": "application/octet-stream", "bytes": 5 << 20},
            ],
        })
    );
    assert_eq!(files_left(&dir).await, 0, "the handler dropped its files");

    // A client that stops halfway through a file: the server's temporary
    // file goes with the connection.
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(request_head(len).as_bytes()).await.unwrap();
    s.write_all(head.as_bytes()).await.unwrap();
    s.write_all(&a[..1 << 20]).await.unwrap();
    // Wait until the server has started the file, then hang up.
    for _ in 0..200 {
        if std::fs::read_dir(&dir).unwrap().count() > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "a file being written"
    );
    drop(s);
    assert_eq!(
        files_left(&dir).await,
        0,
        "an abandoned upload leaves no file"
    );

    server.abort();
}
