//! An axum 0.8 server that binds its requests with binder.
//!
//! `cargo run --release -p binder-axum --example api` starts it on
//! 127.0.0.1:3001 (`BINDER_ADDR=127.0.0.1:8080` to move it) and prints curl
//! lines to try:
//! - `POST /teams/{team}/orders`: a JSON body (or a form) with the path, a
//!   query value and a header, into an owned struct (`Bound<T>`);
//! - `POST /signup`: an urlencoded form, as a browser sends it;
//! - `POST /upload`: a multipart form with a file, answered with the file's
//!   name, type and size (the file is a slice of the request body, not a
//!   copy: `UploadedFile`);
//! - `POST /v2/teams/{team}/orders`: the orders route with the app's own
//!   error shape: the handler takes `Result<Bound<T>, BoundRejection>` and
//!   maps the rejection into `{"error":{...}}` with `?`;
//! - `GET /me/orders`: a middleware signs the caller in (a toy: the bearer
//!   token is the user id) and hands the user to the handler's struct as a
//!   `#[bind(context)]` field, beside a query value.
//!
//! A bad request answers `application/problem+json` listing every failing
//! field (or, on the `/v2` route, the app's JSON).

use axum::extract::Request;
use axum::http::StatusCode;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use binder_axum::{Bound, BoundRejection, ContextValues};
use binder_http::{Bind, UploadedFile};
use serde_json::{json, Value};

/// An order: path, query, header and body values in one struct.
#[derive(Bind, Debug)]
pub struct CreateOrder {
    #[bind(path = "team")]
    team_id: u32,
    #[bind(query, default)]
    dry_run: bool,
    #[bind(header = "X-Request-ID")]
    trace: Option<String>,
    #[bind(body, required)]
    email: String,
    #[bind(body)]
    sku: String,
    #[bind(body)]
    qty: u32,
    #[bind(body)]
    note: Option<String>,
}

impl CreateOrder {
    fn reply(&self) -> Value {
        json!({
            "team": self.team_id,
            "dry_run": self.dry_run,
            "trace": self.trace,
            "email": self.email,
            "sku": self.sku,
            "qty": self.qty,
            "note": self.note,
        })
    }
}

async fn create_order(Bound(order): Bound<CreateOrder>) -> Json<Value> {
    Json(order.reply())
}

/// A sign-up form: a blank number input is `None`, a checkbox `on`.
#[derive(Bind, Debug)]
pub struct Signup {
    #[bind(body, required)]
    name: String,
    #[bind(body)]
    age: Option<u8>,
    #[bind(body, default)]
    newsletter: bool,
}

async fn signup(Bound(s): Bound<Signup>) -> Json<Value> {
    Json(json!({ "name": s.name, "age": s.age, "newsletter": s.newsletter }))
}

/// A multipart upload: a title and a file.
#[derive(Bind, Debug)]
pub struct Upload {
    #[bind(body, required)]
    title: String,
    #[bind(body)]
    file: UploadedFile,
}

async fn upload(Bound(u): Bound<Upload>) -> Json<Value> {
    let f = &u.file;
    Json(json!({
        "title": u.title,
        "name": f.filename(),
        "type": f.content_type(),
        "size": f.len(),
    }))
}

/// The app's own error shape: `{"error":{"status":..,"message":..,
/// "fields":[{"field":..,"code":..}]}}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
    fields: Vec<Value>,
}

impl From<BoundRejection> for ApiError {
    fn from(r: BoundRejection) -> Self {
        // Field errors, each with its source, path and code; anything else
        // (too large, malformed, 415) by its message.
        match r.fields() {
            Some(errors) => ApiError {
                status: r.status(),
                message: "the request has invalid fields".to_owned(),
                fields: errors
                    .as_slice()
                    .iter()
                    .map(|e| {
                        json!({
                            "field": e.path().to_string(),
                            "code": e.kind().code(),
                            "source": e.source().as_str(),
                        })
                    })
                    .collect(),
            },
            None => ApiError {
                status: r.status(),
                message: r.to_string(),
                fields: Vec::new(),
            },
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = json!({
            "error": {
                "status": self.status.as_u16(),
                "message": self.message,
                "fields": self.fields,
            }
        });
        (self.status, Json(body)).into_response()
    }
}

async fn create_order_v2(
    order: Result<Bound<CreateOrder>, BoundRejection>,
) -> Result<Json<Value>, ApiError> {
    let Bound(order) = order?;
    Ok(Json(order.reply()))
}

/// The signed-in caller's orders: who is asking comes from the sign-in
/// layer (`context`), never from what the client sends.
#[derive(Bind, Debug)]
pub struct MyOrders {
    #[bind(context)]
    user: u64,
    #[bind(query, default = 1)]
    page: u32,
}

async fn my_orders(Bound(q): Bound<MyOrders>) -> Json<Value> {
    Json(json!({ "user": q.user, "page": q.page }))
}

/// A toy sign-in layer: `Authorization: Bearer <user id>` (a real one
/// verifies a token); no header is a 401 before the handler runs.
async fn sign_in(mut req: Request, next: Next) -> Response {
    let user = req
        .headers()
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::to_owned);
    let Some(user) = user else {
        return StatusCode::UNAUTHORIZED.into_response();
    };
    let mut context = ContextValues::new();
    context.insert("user", user);
    req.extensions_mut().insert(context);
    next.run(req).await
}

/// The example's routes.
pub fn app() -> Router {
    Router::new()
        .route("/teams/{team}/orders", post(create_order))
        .route("/signup", post(signup))
        .route("/upload", post(upload))
        .route("/v2/teams/{team}/orders", post(create_order_v2))
        .route(
            "/me/orders",
            get(my_orders).route_layer(middleware::from_fn(sign_in)),
        )
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let addr = std::env::var("BINDER_ADDR").unwrap_or_else(|_| "127.0.0.1:3001".into());
    let listener = tokio::net::TcpListener::bind(&addr).await?;
    let base = format!("http://{}", listener.local_addr()?);
    println!("binder axum example on {base}\n");
    println!("A JSON body with the path, a query value and a header:");
    println!(
        "  curl -s -X POST '{base}/teams/42/orders?dry_run=true' -H 'X-Request-ID: 7f3c' -H 'Content-Type: application/json' -d '{{\"email\":\"ada@example.org\",\"sku\":\"SKU-1234\",\"qty\":3}}'"
    );
    println!("A form, as a browser sends it:");
    println!("  curl -s -X POST '{base}/signup' -d 'name=Ada&age=&newsletter=on'");
    println!("An upload (answers the file's name, type and size):");
    println!("  curl -s -X POST '{base}/upload' -F title=Q3 -F 'file=@Cargo.toml;type=text/plain'");
    println!("Every failing field at once, as application/problem+json:");
    println!(
        "  curl -s -X POST '{base}/teams/x/orders' -H 'Content-Type: application/json' -d '{{\"email\":\"\",\"qty\":-1}}'"
    );
    println!("The signed-in caller (from the sign-in layer) beside a query value:");
    println!("  curl -s '{base}/me/orders?page=2' -H 'Authorization: Bearer 42'");
    println!("The same through the app's own error shape:");
    println!(
        "  curl -s -X POST '{base}/v2/teams/x/orders' -H 'Content-Type: application/json' -d '{{\"email\":\"\",\"qty\":-1}}'"
    );
    println!();
    axum::serve(listener, app()).await
}
