//! `#[bind(context)]` fields inside axum: a middleware finds out who is
//! calling and puts `ContextValues` in the request's extensions;
//! `Bound<T>` (and `Binder`) bind them beside the request's own sources.

use axum::body::Body;
use axum::extract::Request;
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use binder_axum::{Bind, Bound, ContextValues};
use tower::ServiceExt;

#[derive(Bind)]
struct MyOrders {
    #[bind(context)]
    user: u64,
    #[bind(context)]
    roles: Vec<String>,
    #[bind(query)]
    page: u32,
}

async fn my_orders(Bound(o): Bound<MyOrders>) -> String {
    format!("{} {:?} {}", o.user, o.roles, o.page)
}

/// What an authentication layer does: here, every caller is user 42.
async fn auth(mut req: Request, next: Next) -> Response {
    let mut values = ContextValues::new();
    values.insert("user", "42");
    values.insert("roles", "admin");
    values.insert("roles", "ops");
    req.extensions_mut().insert(values);
    next.run(req).await
}

async fn call(app: Router, uri: &str) -> (u16, String) {
    let req = http::Request::get(uri).body(Body::empty()).unwrap();
    let res = app.oneshot(req).await.unwrap();
    let status = res.status().as_u16();
    let body = axum::body::to_bytes(res.into_body(), 1 << 16)
        .await
        .unwrap();
    (status, String::from_utf8(body.to_vec()).unwrap())
}

#[tokio::test]
async fn a_middlewares_values_bind_into_the_handlers_struct() {
    let app = Router::new()
        .route("/orders", get(my_orders))
        .layer(middleware::from_fn(auth));
    let (status, body) = call(app, "/orders?page=2").await;
    assert_eq!((status, body.as_str()), (200, r#"42 ["admin", "ops"] 2"#));
}

#[tokio::test]
async fn without_the_layer_the_context_fields_are_missing() {
    let app = Router::new().route("/orders", get(my_orders));
    let (status, body) = call(app, "/orders?page=2").await;
    assert_eq!(status, 400);
    assert!(body.contains(r#""source":"context""#), "{body}");
    assert!(body.contains(r#""field":"user""#), "{body}");
}
