//! An axum 0.8 server that takes uploads larger than memory: each file part
//! is streamed to a temporary file as it arrives (`Spooled<T>`, feature
//! `spool`), so a 1 GiB upload costs the server about 2 MiB of heap.
//!
//! `cargo run --release -p binder-axum --features spool --example uploads`
//! starts it on 127.0.0.1:3003 (`BINDER_ADDR` to move it;
//! `BINDER_SPOOL_DIR` for the temporary files' directory, else the
//! system's) and prints a curl line to try:
//! - `POST /teams/{team}/uploads`: a title and any number of files (up to
//!   4 GiB each, 8 GiB in all, 100 files), answered with each file's name,
//!   type and size. The files are deleted when the handler is done with
//!   them; a handler that keeps one calls `file.persist(path)`.

use axum::extract::Extension;
use axum::routing::post;
use axum::{Json, Router};
use binder_axum::{Bind, SpoolOptions, Spooled, SpooledFile};
use serde_json::{json, Value};

/// A title and the files sent with it.
#[derive(Bind)]
pub struct Upload {
    #[bind(path)]
    team: u32,
    #[bind(body)]
    title: String,
    #[bind(body)]
    files: Vec<SpooledFile>,
}

async fn upload(Spooled(up): Spooled<Upload>) -> Json<Value> {
    let files: Vec<Value> = up
        .files
        .iter()
        .map(|f| json!({"name": f.filename(), "type": f.content_type(), "bytes": f.len()}))
        .collect();
    // `up.files[0].persist("/srv/uploads/...")` would keep one; dropped
    // here, every file is deleted.
    Json(json!({"team": up.team, "title": up.title, "files": files}))
}

/// The server's routes, with its spool options.
pub fn app() -> Router {
    let mut options = SpoolOptions::default();
    options.max_file_bytes = 4 << 30;
    options.max_total_bytes = 8 << 30;
    options.max_files = 100;
    options.temp_dir = std::env::var_os("BINDER_SPOOL_DIR").map(Into::into);
    Router::new()
        .route("/teams/{team}/uploads", post(upload))
        .layer(Extension(options))
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let addr = std::env::var("BINDER_ADDR").unwrap_or_else(|_| "127.0.0.1:3003".into());
    let listener = tokio::net::TcpListener::bind(&addr).await?;
    let base = format!("http://{}", listener.local_addr()?);
    println!("binder axum uploads example on {base}\n");
    println!("A title and two files, streamed to temporary files:");
    println!(
        "  curl -s -X POST '{base}/teams/7/uploads' -F title=Q3 -F 'files=@Cargo.toml;type=text/plain' -F 'files=@README.md'"
    );
    println!();
    axum::serve(listener, app()).await
}
