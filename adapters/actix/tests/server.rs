//! `Bound<T>` behind a real `HttpServer` on loopback, driven by a raw
//! `TcpStream` client: actix's own HTTP/1 parser in front of binder. Every
//! socket has a 10 s timeout; the server is stopped at the end.

use actix_web::{web, App, HttpServer};
use binder_actix::Bound;
use binder_http::Bind;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::mpsc;
use std::time::Duration;

#[derive(Bind)]
struct CreateOrder {
    #[bind(path = "team")]
    team_id: u32,
    #[bind(query)]
    dry_run: bool,
    #[bind(header = "X-Request-ID")]
    trace: String,
    #[bind(cookie)]
    session: String,
    #[bind(body, required)]
    email: String,
    #[bind(body, default)]
    qty: u32,
}

async fn create(Bound(o): Bound<CreateOrder>) -> String {
    format!(
        "{} {} {} {} {} {}",
        o.team_id, o.dry_run, o.trace, o.session, o.email, o.qty
    )
}

/// Sends `raw` on a new connection and reads the whole answer (the server
/// closes: every request says `Connection: close`).
fn exchange(addr: std::net::SocketAddr, raw: &[u8]) -> String {
    let mut s = TcpStream::connect(addr).expect("connects");
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    s.set_write_timeout(Some(Duration::from_secs(10))).unwrap();
    s.write_all(raw).expect("sends");
    let mut out = Vec::new();
    s.read_to_end(&mut out).expect("reads");
    String::from_utf8_lossy(&out).into_owned()
}

fn request(path: &str, headers: &str, body: &str) -> Vec<u8> {
    format!(
        "POST {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\nX-Request-ID: r1\r\n\
         Cookie: a=1; session=s9\r\n{headers}Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

#[test]
fn binds_behind_a_real_server() {
    let (tx, rx) = mpsc::channel();
    let server = std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let srv = HttpServer::new(|| {
                App::new()
                    .app_data(web::PayloadConfig::new(64))
                    .route("/teams/{team}/orders", web::post().to(create))
            })
            .workers(1)
            .disable_signals()
            .bind(("127.0.0.1", 0))
            .expect("binds");
            let addr = srv.addrs()[0];
            let srv = srv.run();
            tx.send((addr, srv.handle())).unwrap();
            srv.await
        })
    });
    let (addr, handle) = rx.recv_timeout(Duration::from_secs(30)).expect("starts");

    let json = "Content-Type: application/json\r\n";
    let ok = exchange(
        addr,
        &request(
            "/teams/42/orders?dry_run=on",
            json,
            r#"{"email":"a@b","qty":3}"#,
        ),
    );
    assert!(ok.starts_with("HTTP/1.1 200"), "{ok}");
    assert!(ok.ends_with("42 true r1 s9 a@b 3"), "{ok}");

    // Path values decoded once, behind actix's parser and router.
    let ok = exchange(
        addr,
        &request("/teams/%34%32/orders?dry_run=0", json, r#"{"email":"a@b"}"#),
    );
    assert!(ok.ends_with("42 false r1 s9 a@b 0"), "{ok}");

    // Every failing field, as problem+json.
    let bad = exchange(
        addr,
        &request(
            "/teams/x/orders?dry_run=maybe",
            json,
            r#"{"email":"","qty":-1}"#,
        ),
    );
    assert!(bad.starts_with("HTTP/1.1 400"), "{bad}");
    assert!(
        bad.to_ascii_lowercase()
            .contains("content-type: application/problem+json"),
        "{bad}"
    );
    assert!(
        bad.contains(r#""detail":"4 fields failed to bind""#),
        "{bad}"
    );

    // Over the PayloadConfig's 64 bytes: 413 before the body is read.
    let big = format!(r#"{{"email":"{}"}}"#, "a".repeat(100));
    let too = exchange(addr, &request("/teams/1/orders?dry_run=1", json, &big));
    assert!(too.starts_with("HTTP/1.1 413"), "{too}");
    assert!(too.contains("limit of 64 bytes"), "{too}");

    // Chunked, over the limit too.
    let mut chunked =
        b"POST /teams/1/orders?dry_run=1 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\
        X-Request-ID: r1\r\nCookie: session=s\r\nContent-Type: application/json\r\n\
        Transfer-Encoding: chunked\r\n\r\n"
            .to_vec();
    for _ in 0..4 {
        chunked.extend_from_slice(b"20\r\n");
        chunked.extend_from_slice(&[b' '; 32]);
        chunked.extend_from_slice(b"\r\n");
    }
    chunked.extend_from_slice(b"0\r\n\r\n");
    let too = exchange(addr, &chunked);
    assert!(too.starts_with("HTTP/1.1 413"), "{too}");

    actix_web::rt::System::new().block_on(handle.stop(true));
    server.join().expect("server thread").expect("server ran");
}
