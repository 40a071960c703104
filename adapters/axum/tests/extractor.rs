//! `Bound<T>` inside a real axum router.

use axum::body::Body;
use axum::routing::post;
use axum::Router;
use binder_axum::Bound;
use binder_axum::{Bind, Limits};
use tower::ServiceExt;

#[derive(Bind)]
struct CreateOrder {
    #[bind(path = "team")]
    team_id: u32,
    #[bind(query)]
    dry_run: Option<bool>,
    #[bind(header = "X-Request-ID")]
    trace: String,
    #[bind(cookie)]
    session: String,
    #[bind(body, required)]
    email: String,
}

async fn create(Bound(o): Bound<CreateOrder>) -> String {
    format!(
        "{} {:?} {} {} {}",
        o.team_id, o.dry_run, o.trace, o.session, o.email
    )
}

fn app() -> Router {
    Router::new().route("/teams/{team}/orders", post(create))
}

async fn call(app: Router, req: http::Request<Body>) -> (u16, String, Option<String>) {
    let res = app.oneshot(req).await.unwrap();
    let status = res.status().as_u16();
    let ct = res
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned());
    let body = axum::body::to_bytes(res.into_body(), 1 << 20)
        .await
        .unwrap();
    (status, String::from_utf8(body.to_vec()).unwrap(), ct)
}

fn order(path: &str, body: &'static str) -> http::Request<Body> {
    http::Request::post(path)
        .header("x-request-id", "r1")
        .header("cookie", "a=1; session=s9")
        .header("content-type", "application/x-www-form-urlencoded")
        .header("content-length", body.len())
        .body(Body::from(body))
        .unwrap()
}

#[tokio::test]
async fn binds_path_params_from_the_matched_route_and_every_other_source() {
    let (status, body, _) = call(app(), order("/teams/42/orders?dry_run=1", "email=a%40b")).await;
    assert_eq!((status, body.as_str()), (200, "42 Some(true) r1 s9 a@b"));
}

#[tokio::test]
async fn path_values_are_percent_decoded_once() {
    #[derive(Bind)]
    struct P {
        #[bind(path)]
        name: String,
    }
    async fn h(Bound(p): Bound<P>) -> String {
        p.name
    }
    let app = Router::new().route("/u/{name}", post(h));
    let req = http::Request::post("/u/a%20b+c")
        .body(Body::empty())
        .unwrap();
    let (status, body, _) = call(app.clone(), req).await;
    assert_eq!((status, body.as_str()), (200, "a b+c"));
    // `%2541` is `%41` decoded once; never `A`.
    let req = http::Request::post("/u/%2541").body(Body::empty()).unwrap();
    let (status, body, _) = call(app, req).await;
    assert_eq!((status, body.as_str()), (200, "%41"));
}

#[tokio::test]
async fn rejections_are_problem_json_with_every_field() {
    let (status, body, ct) = call(app(), order("/teams/x/orders?dry_run=maybe", "email=")).await;
    assert_eq!(status, 400);
    assert_eq!(ct.as_deref(), Some("application/problem+json"));
    assert!(
        body.contains(r#""detail":"3 fields failed to bind""#),
        "{body}"
    );
}

#[tokio::test]
async fn body_limits_from_extensions_answer_413() {
    let mut req = order("/teams/1/orders", "email=a%40b");
    let mut limits = Limits::default();
    limits.max_body_bytes = 4;
    req.extensions_mut().insert(limits);
    let (status, _, _) = call(app(), req).await;
    assert_eq!(status, 413);
}

#[tokio::test]
async fn an_unsupported_body_answers_415() {
    let req = http::Request::post("/teams/1/orders")
        .header("content-type", "text/plain")
        .body(Body::from("x"))
        .unwrap();
    let (status, _, _) = call(app(), req).await;
    assert_eq!(status, 415);
}
