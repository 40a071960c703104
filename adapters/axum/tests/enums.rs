//! `#[derive(FromText)]` through binder-axum alone: an enum field in a
//! handler's `Bound<T>`, bound from the query and a JSON body, and refused
//! with 400 and its spellings.

use axum::body::Body;
use axum::routing::post;
use axum::Router;
use binder_axum::{Bind, Bound, FromText};
use tower::ServiceExt;

#[derive(FromText, Debug)]
#[bind(rename_all = "lowercase")]
enum Sort {
    Asc,
    Desc,
}

#[derive(FromText, Debug)]
#[bind(rename_all = "kebab-case")]
enum Status {
    Active,
    OnHold,
}

#[derive(Bind)]
struct Update {
    #[bind(query)]
    sort: Sort,
    #[bind(body)]
    status: Status,
}

async fn update(Bound(u): Bound<Update>) -> String {
    format!("{:?} {:?}", u.sort, u.status)
}

async fn call(uri: &str, body: &'static str) -> (u16, String) {
    let app = Router::new().route("/", post(update));
    let req = http::Request::post(uri)
        .header("content-type", "application/json")
        .body(Body::from(body))
        .unwrap();
    let res = app.oneshot(req).await.unwrap();
    let status = res.status().as_u16();
    let body = axum::body::to_bytes(res.into_body(), 1 << 16)
        .await
        .unwrap();
    (status, String::from_utf8(body.to_vec()).unwrap())
}

#[tokio::test]
async fn an_enum_binds_in_a_handler_and_an_unknown_spelling_is_a_400() {
    assert_eq!(
        call("/?sort=desc", r#"{"status":"on-hold"}"#).await,
        (200, "Desc OnHold".to_owned())
    );
    let (status, body) = call("/?sort=sideways", r#"{"status":"paused"}"#).await;
    assert_eq!(status, 400);
    assert!(
        body.contains(r#""field":"sort","code":"invalid","detail":"expected one of: asc, desc""#),
        "{body}"
    );
    assert!(
        body.contains(r#""detail":"expected one of: active, on-hold""#),
        "{body}"
    );
    assert!(
        !body.contains("sideways") && !body.contains("paused"),
        "{body}"
    );
}
