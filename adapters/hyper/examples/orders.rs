//! A hyper 1 server that binds every source of a request into one struct.
//!
//! `cargo run --release --example orders` starts it on 127.0.0.1:3000
//! (`BINDER_ADDR=127.0.0.1:8080` to move it) and prints curl lines to try.
//! `POST /teams/{team}/orders` binds `CreateOrder` from the path, query,
//! a header, a cookie and the body (JSON or urlencoded), and answers it as
//! JSON; `POST /uploads` binds a multipart form with a file. A bad request
//! answers `application/problem+json` listing every failing field.

use binder_http::Bind;
use bytes::Bytes;
use http_body_util::Full;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use serde::Serialize;
use std::convert::Infallible;
use std::sync::Arc;
use tokio::net::TcpListener;

/// The order of `../../benches/workloads/mixed.http`.
#[derive(Bind, Serialize, Debug)]
struct CreateOrder {
    #[bind(path = "team")]
    team_id: u32,
    #[bind(query)]
    dry_run: bool,
    #[bind(query, default = 20)]
    limit: u32,
    #[bind(header = "X-Request-ID")]
    trace: String,
    #[bind(cookie)]
    session: String,
    #[bind(body, required)]
    email: String,
    #[bind(body)]
    sku: String,
    #[bind(body)]
    qty: u32,
    #[bind(body)]
    note: Option<String>,
    #[bind(body, default)]
    express: bool,
}

/// A multipart upload: text fields, a repeated field, and a file borrowed
/// from the body (so this one is bound in two steps: read, then bind).
#[derive(Bind)]
struct Upload<'r> {
    #[bind(body, required)]
    title: &'r str,
    #[bind(body)]
    tags: Vec<&'r str>,
    #[bind(body)]
    avatar: Option<binder_http::FilePart<'r>>,
}

#[derive(Serialize)]
struct UploadReply<'r> {
    title: &'r str,
    tags: &'r [&'r str],
    avatar_bytes: Option<usize>,
    avatar_type: Option<String>,
}

#[derive(Clone, Copy)]
enum Route {
    CreateOrder,
    Upload,
}

fn json(status: http::StatusCode, body: String) -> http::Response<Full<Bytes>> {
    let mut res = http::Response::new(Full::new(Bytes::from(body)));
    *res.status_mut() = status;
    res.headers_mut().insert(
        http::header::CONTENT_TYPE,
        http::HeaderValue::from_static("application/json"),
    );
    res
}

async fn handle(
    router: Arc<matchit::Router<Route>>,
    req: http::Request<Incoming>,
) -> Result<http::Response<Full<Bytes>>, Infallible> {
    let path = req.uri().path().to_owned();
    let Ok(matched) = router.at(&path) else {
        return Ok(json(
            http::StatusCode::NOT_FOUND,
            r#"{"error":"not found"}"#.into(),
        ));
    };
    if req.method() != http::Method::POST {
        return Ok(json(
            http::StatusCode::METHOD_NOT_ALLOWED,
            r#"{"error":"use POST"}"#.into(),
        ));
    }
    let params: Vec<(&str, &str)> = matched.params.iter().collect();
    let limits = binder_http::Limits::default();
    Ok(match matched.value {
        Route::CreateOrder => {
            match binder_hyper::bind::<CreateOrder, _>(req, &params, &limits).await {
                Ok((order, _req)) => json(
                    http::StatusCode::OK,
                    serde_json::to_string(&order).expect("serializes"),
                ),
                Err(e) => e.to_response(),
            }
        }
        Route::Upload => {
            let (parts, body) = match binder_hyper::read_request(req, limits.max_body_bytes).await {
                Ok(read) => read,
                Err(e) => return Ok(e.to_response()),
            };
            // Path parameters straight from the router, not collected.
            let view = binder_http::HttpRequest::with_params(&parts, &body, &matched.params);
            match Upload::bind_with(&view, &limits) {
                Ok(up) => {
                    let reply = UploadReply {
                        title: up.title,
                        tags: &up.tags,
                        avatar_bytes: up.avatar.map(|f| f.data().len()),
                        avatar_type: up
                            .avatar
                            .and_then(|f| f.content_type())
                            .map(|t| String::from_utf8_lossy(t).into_owned()),
                    };
                    json(
                        http::StatusCode::OK,
                        serde_json::to_string(&reply).expect("serializes"),
                    )
                }
                Err(e) => binder_hyper::Error::from(e).to_response(),
            }
        }
    })
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let addr = std::env::var("BINDER_ADDR").unwrap_or_else(|_| "127.0.0.1:3000".into());
    let mut router = matchit::Router::new();
    router.insert("/teams/{team}/orders", Route::CreateOrder)?;
    router.insert("/uploads", Route::Upload)?;
    let router = Arc::new(router);
    let listener = TcpListener::bind(&addr).await?;
    let base = format!("http://{}", listener.local_addr()?);
    println!("binder example server on {base}\n");
    println!("Bind every source (path, query, header, cookie, JSON body):");
    println!(
        "  curl -s -X POST '{base}/teams/42/orders?dry_run=true&limit=10' -H 'X-Request-ID: 7f3c' -H 'Cookie: theme=dark; session=abc' -H 'Content-Type: application/json' -d '{{\"email\":\"ada@example.org\",\"sku\":\"SKU-1234\",\"qty\":3,\"note\":\"gift wrap\",\"express\":false}}'"
    );
    println!("The same from an urlencoded form:");
    println!(
        "  curl -s -X POST '{base}/teams/42/orders?dry_run=true' -H 'X-Request-ID: 7f3c' -H 'Cookie: session=abc' -d 'email=ada%40example.org&sku=SKU-1234&qty=3'"
    );
    println!("Every failing field at once, as application/problem+json:");
    println!(
        "  curl -s -X POST '{base}/teams/x/orders?dry_run=maybe' -H 'X-Request-ID: 7f3c' -H 'Content-Type: application/json' -d '{{\"email\":\"\",\"qty\":-1,\"qty\":2}}'"
    );
    println!("A multipart upload with a file:");
    println!(
        "  curl -s -X POST '{base}/uploads' -F title=Q3 -F tags=finance -F tags=q3 -F 'avatar=@Cargo.toml;type=text/plain'"
    );
    println!("Unsupported body type (415), malformed JSON (400):");
    println!("  curl -s -X POST '{base}/teams/42/orders' -H 'Content-Type: text/plain' -d 'hello'");
    println!(
        "  curl -s -X POST '{base}/teams/42/orders' -H 'Content-Type: application/json' -d '{{\"email\": NOT JSON'"
    );
    println!();
    loop {
        let (stream, _) = listener.accept().await?;
        let router = Arc::clone(&router);
        tokio::spawn(async move {
            let service = service_fn(move |req| handle(Arc::clone(&router), req));
            if let Err(e) = http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service)
                .await
            {
                eprintln!("connection error: {e}");
            }
        });
    }
}
