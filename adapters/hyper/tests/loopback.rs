//! The whole path over real loopback TCP: a hyper server binds with
//! binder-hyper, a raw `TcpStream` client sends the bytes.

use binder_http::{Bind, Limits};
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// The body limit of the test server.
const LIMIT: usize = 1024;

#[derive(Bind, Debug)]
struct Order {
    #[bind(path = "team")]
    team: u32,
    #[bind(query)]
    dry_run: Option<bool>,
    #[bind(header = "X-Request-ID")]
    trace: String,
    #[bind(cookie)]
    session: Option<String>,
    #[bind(body, required)]
    email: String,
    #[bind(body, default)]
    pad: String,
}

async fn handle(
    req: http::Request<hyper::body::Incoming>,
) -> Result<http::Response<Full<Bytes>>, Infallible> {
    let mut limits = Limits::default();
    limits.max_body_bytes = LIMIT;
    Ok(
        match binder_hyper::bind::<Order, _>(req, &[("team", "42")], &limits).await {
            Ok((order, req)) => {
                // The body is handed back: read it again.
                let again = req
                    .into_body()
                    .collect()
                    .await
                    .expect("infallible")
                    .to_bytes();
                http::Response::new(Full::new(Bytes::from(format!(
                    "team={} dry_run={:?} trace={} session={:?} email={} pad={} body_again={}",
                    order.team,
                    order.dry_run,
                    order.trace,
                    order.session,
                    order.email,
                    order.pad.len(),
                    again.len()
                ))))
            }
            Err(e) => e.to_response(),
        },
    )
}

async fn server() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                return;
            };
            tokio::spawn(async move {
                let _ = http1::Builder::new()
                    .half_close(true)
                    .serve_connection(TokioIo::new(stream), service_fn(handle))
                    .await;
            });
        }
    });
    addr
}

/// Sends `head` then `body` in writes of `chunk` bytes, half-closes, and
/// returns the status and body of the answer.
async fn send(addr: SocketAddr, head: &str, body: &[u8], chunk: usize) -> (u16, String) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.set_nodelay(true).unwrap();
    s.write_all(head.as_bytes()).await.unwrap();
    for piece in body.chunks(chunk.max(1)) {
        s.write_all(piece).await.unwrap();
        s.flush().await.unwrap();
    }
    s.shutdown().await.unwrap();
    let mut out = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut out))
        .await
        .expect("answered in time")
        .unwrap();
    let text = String::from_utf8_lossy(&out).into_owned();
    let status = text[9..12].parse().unwrap();
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    (status, body)
}

fn post(len: usize, ct: &str) -> String {
    format!(
        "POST /teams/42/orders?dry_run=on HTTP/1.1\r\nHost: t\r\nX-Request-ID: r1\r\nCookie: a=1; session=s\r\nContent-Type: {ct}\r\nContent-Length: {len}\r\nConnection: close\r\n\r\n"
    )
}

const FORM: &str = "application/x-www-form-urlencoded";

/// A form body of exactly `n` bytes.
fn body_of(n: usize) -> Vec<u8> {
    let mut b = b"email=a%40b&pad=".to_vec();
    b.resize(n, b'x');
    b
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn binds_every_source_and_hands_the_body_back() {
    let addr = server().await;
    let body = b"email=ada%40example.org";
    let (status, text) = send(addr, &post(body.len(), FORM), body, usize::MAX).await;
    assert_eq!(status, 200, "{text}");
    assert_eq!(
        text,
        "team=42 dry_run=Some(true) trace=r1 session=Some(\"s\") email=ada@example.org pad=0 body_again=23"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn field_errors_answer_400_problem_json() {
    let addr = server().await;
    let head = "POST /teams/42/orders?dry_run=maybe HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 6\r\nConnection: close\r\n\r\n";
    let (status, text) = send(addr, head, b"email=", usize::MAX).await;
    assert_eq!(status, 400);
    assert!(text.starts_with(r#"{"type":"about:blank","title":"Bad Request","status":400,"detail":"3 fields failed to bind""#), "{text}");
    for field in [
        r#""field":"dry_run""#,
        r#""field":"x-request-id""#,
        r#""field":"email","code":"empty""#,
    ] {
        assert!(text.contains(field), "{field} in {text}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unsupported_body_type_answers_415() {
    let addr = server().await;
    let (status, _) = send(addr, &post(5, "text/plain"), b"hello", usize::MAX).await;
    assert_eq!(status, 415);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_of_exactly_the_limit_binds_and_one_more_byte_is_413() {
    let addr = server().await;
    let at = body_of(LIMIT);
    let (status, text) = send(addr, &post(at.len(), FORM), &at, usize::MAX).await;
    assert_eq!(status, 200, "{text}");
    assert!(text.ends_with(&format!("body_again={LIMIT}")), "{text}");
    let past = body_of(LIMIT + 1);
    let (status, _) = send(addr, &post(past.len(), FORM), &past, usize::MAX).await;
    assert_eq!(status, 413);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chunked_body_past_the_limit_is_413() {
    let addr = server().await;
    let head = "POST /teams/42/orders HTTP/1.1\r\nHost: t\r\nX-Request-ID: r\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
    let mut body = Vec::new();
    for piece in body_of(LIMIT + 10).chunks(100) {
        body.extend_from_slice(format!("{:x}\r\n", piece.len()).as_bytes());
        body.extend_from_slice(piece);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(b"0\r\n\r\n");
    let (status, _) = send(addr, head, &body, 37).await;
    assert_eq!(status, 413);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_declared_length_over_the_limit_is_413_before_reading() {
    let addr = server().await;
    let (status, _) = send(addr, &post(10_000_000, FORM), b"email=x", usize::MAX).await;
    assert_eq!(status, 413);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lying_content_length_is_an_error_not_a_short_body() {
    let addr = server().await;
    let (status, text) = send(addr, &post(500, FORM), b"email=a%40b", usize::MAX).await;
    // hyper reports the early end as a read error; either way, not a bind.
    assert_eq!(status, 400, "{text}");
    assert!(!text.contains("email=a"), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_byte_writes_bind_exactly_like_one_write() {
    let addr = server().await;
    let body = body_of(300);
    let whole = send(addr, &post(body.len(), FORM), &body, usize::MAX).await;
    let bytewise = send(addr, &post(body.len(), FORM), &body, 1).await;
    assert_eq!(whole.0, 200);
    assert_eq!(whole, bytewise);
}
