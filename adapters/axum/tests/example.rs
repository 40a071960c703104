//! The example server (`examples/api.rs`) on loopback: every route driven
//! over TCP with plain HTTP/1.1, status and body checked.

#[allow(dead_code)]
#[path = "../examples/api.rs"]
mod api;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Sends one request (`Connection: close`) and returns the status and body.
async fn send(addr: std::net::SocketAddr, head: &str, body: &[u8]) -> (u16, String) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "{head}\r\nHost: test\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    s.write_all(body).await.unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.unwrap();
    let text = String::from_utf8(out).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").expect("a response head");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, body.to_owned())
}

fn json(body: &str) -> serde_json::Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"))
}

#[tokio::test]
async fn every_route_of_the_example_over_tcp() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = tokio::spawn(async move { axum::serve(listener, api::app()).await });

    // JSON, with the path, a query value and a header.
    let (status, body) = send(
        addr,
        "POST /teams/42/orders?dry_run=true HTTP/1.1\r\nX-Request-ID: 7f3c\r\nContent-Type: application/json",
        br#"{"email":"ada@example.org","sku":"SKU-1","qty":3}"#,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        json(&body),
        serde_json::json!({"team":42,"dry_run":true,"trace":"7f3c","email":"ada@example.org","sku":"SKU-1","qty":3,"note":null})
    );

    // Every failing field, as problem+json.
    let (status, body) = send(
        addr,
        "POST /teams/x/orders HTTP/1.1\r\nContent-Type: application/json",
        br#"{"email":"","qty":-1}"#,
    )
    .await;
    assert_eq!(status, 400);
    let p = json(&body);
    assert_eq!(p["detail"], "4 fields failed to bind", "{body}");

    // A form.
    let (status, body) = send(
        addr,
        "POST /signup HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded",
        b"name=Ada+L&age=&newsletter=on",
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        json(&body),
        serde_json::json!({"name":"Ada L","age":null,"newsletter":true})
    );

    // An upload.
    let upload = b"--XX\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nQ3\r\n\
--XX\r\nContent-Disposition: form-data; name=\"file\"; filename=\"chart.png\"\r\n\
Content-Type: image/png\r\n\r\n\x89PNG0123456789\r\n--XX--\r\n";
    let (status, body) = send(
        addr,
        "POST /upload HTTP/1.1\r\nContent-Type: multipart/form-data; boundary=XX",
        upload,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        json(&body),
        serde_json::json!({"title":"Q3","name":"chart.png","type":"image/png","size":14})
    );

    // The app's own error shape: fields, and a non-field rejection (415).
    let (status, body) = send(
        addr,
        "POST /v2/teams/x/orders HTTP/1.1\r\nContent-Type: application/json",
        br#"{"email":"","sku":"A","qty":-1}"#,
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        json(&body),
        serde_json::json!({"error":{"status":400,"message":"the request has invalid fields","fields":[
            {"field":"team","code":"invalid","source":"path"},
            {"field":"email","code":"empty","source":"body"},
            {"field":"qty","code":"invalid","source":"body"},
        ]}})
    );
    let (status, body) = send(
        addr,
        "POST /v2/teams/1/orders HTTP/1.1\r\nContent-Type: text/plain",
        b"hello",
    )
    .await;
    assert_eq!(status, 415);
    assert_eq!(json(&body)["error"]["status"], 415, "{body}");
    let (status, body) = send(
        addr,
        "POST /v2/teams/1/orders HTTP/1.1\r\nContent-Type: application/json",
        br#"{"email":"a@b","sku":"A","qty":1}"#,
    )
    .await;
    assert_eq!(
        (status, json(&body)["team"].as_u64()),
        (200, Some(1)),
        "{body}"
    );

    // The signed-in caller, from the sign-in layer, beside a query value;
    // a `user` in the query is not the caller.
    let (status, body) = send(
        addr,
        "GET /me/orders?page=2&user=1 HTTP/1.1\r\nAuthorization: Bearer 42",
        b"",
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(json(&body), serde_json::json!({"user": 42, "page": 2}));
    let (status, _) = send(addr, "GET /me/orders HTTP/1.1", b"").await;
    assert_eq!(status, 401);
    let (status, body) = send(
        addr,
        "GET /me/orders HTTP/1.1\r\nAuthorization: Bearer ada",
        b"",
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains(r#""source":"context""#), "{body}");

    server.abort();
}
