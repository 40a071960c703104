//! An actix-web 4 server that binds every source of a request into one
//! struct with `binder_actix::Bound`.
//!
//! `cargo run --release -p binder-actix --example server` starts it on
//! 127.0.0.1:3002 (`BINDER_ADDR=127.0.0.1:8080` to move it) and prints curl
//! lines to try. `POST /teams/{team}/orders` binds `CreateOrder` from the
//! path, query, a header, a cookie and the body (JSON or urlencoded), and
//! answers it as JSON; `POST /uploads` binds a multipart form with a file.
//! A bad request answers `application/problem+json` listing every failing
//! field.

use actix_web::{web, App, HttpResponse, HttpServer};
use binder_actix::Bound;
use binder_http::Bind;
use serde::Serialize;

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

/// A multipart upload: text fields, a repeated field, and a file. `Bound`
/// binds owned types, so the file's bytes are copied into `Bytes`.
#[derive(Bind)]
struct Upload {
    #[bind(body, required)]
    title: String,
    #[bind(body)]
    tags: Vec<String>,
    #[bind(body)]
    avatar: Option<bytes::Bytes>,
}

#[derive(Serialize)]
struct UploadReply {
    title: String,
    tags: Vec<String>,
    avatar_bytes: Option<usize>,
}

async fn create_order(Bound(order): Bound<CreateOrder>) -> HttpResponse {
    HttpResponse::Ok().json(order)
}

async fn upload(Bound(up): Bound<Upload>) -> HttpResponse {
    HttpResponse::Ok().json(UploadReply {
        title: up.title,
        tags: up.tags,
        avatar_bytes: up.avatar.map(|f| f.len()),
    })
}

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    let addr = std::env::var("BINDER_ADDR").unwrap_or_else(|_| "127.0.0.1:3002".into());
    let server = HttpServer::new(|| {
        App::new()
            // binder reads under the smaller of binder's `Limits` (2 MiB by
            // default) and actix's `PayloadConfig` (256 KiB by default).
            .app_data(web::PayloadConfig::new(1 << 20))
            .route("/teams/{team}/orders", web::post().to(create_order))
            .route("/uploads", web::post().to(upload))
    })
    .bind(&addr)?;
    let base = format!("http://{}", server.addrs()[0]);
    println!("binder-actix example server on {base}\n");
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
    println!("Unsupported body type (415), malformed JSON (400), too large (413):");
    println!("  curl -s -X POST '{base}/teams/42/orders' -H 'Content-Type: text/plain' -d 'hello'");
    println!(
        "  curl -s -X POST '{base}/teams/42/orders' -H 'Content-Type: application/json' -d '{{\"email\": NOT JSON'"
    );
    println!(
        "  head -c 2000000 /dev/zero | curl -s -X POST '{base}/teams/42/orders' -H 'Content-Type: application/json' --data-binary @-"
    );
    println!();
    server.run().await
}
