//! A crate whose Cargo.toml names only `binder-axum` of binder's crates:
//! `#[derive(binder_axum::Bind)]`'s output must resolve through it alone
//! (it names `::binder_axum::__private_0_1`; `::binder_http` is not a name
//! here), inside a real axum router.
#![forbid(unsafe_code)]

use binder_axum::{Bind, Bound, Errors, Source};

/// A JSON API's order: the body's members, a path value and a header.
#[derive(Bind, Debug)]
#[bind(body, accept = "json", validate = Order::check)]
pub struct Order {
    /// From the route's `{team}`.
    #[bind(path = "team")]
    pub team: u32,
    /// From `X-Request-ID`.
    #[bind(header = "X-Request-ID")]
    pub trace: String,
    /// From the JSON body.
    pub email: String,
    /// From the JSON body.
    pub qty: u32,
}

impl Order {
    fn check(&self, errors: &mut Errors) {
        if self.qty == 0 {
            errors.invalid(Source::Body, "qty", "at least 1");
        }
    }
}

/// The handler: `Bound<Order>`, from binder-axum alone.
pub async fn create(Bound(o): Bound<Order>) -> String {
    format!("{} {} {} {}", o.team, o.trace, o.email, o.qty)
}

/// The app.
pub fn app() -> axum::Router {
    axum::Router::new().route("/teams/{team}/orders", axum::routing::post(create))
}

#[cfg(test)]
mod tests {
    use tower::ServiceExt;

    async fn call(ct: &str, body: &'static str) -> (u16, String) {
        let req = http::Request::post("/teams/7/orders")
            .header("x-request-id", "r1")
            .header("content-type", ct)
            .body(axum::body::Body::from(body))
            .unwrap();
        let res = super::app().oneshot(req).await.unwrap();
        let status = res.status().as_u16();
        let body = axum::body::to_bytes(res.into_body(), 1 << 20)
            .await
            .unwrap();
        (status, String::from_utf8(body.to_vec()).unwrap())
    }

    #[tokio::test]
    async fn extracts_with_binder_axum_alone() {
        assert_eq!(
            call("application/json", r#"{"email":"a@b","qty":2}"#).await,
            (200, "7 r1 a@b 2".into())
        );
        let (status, body) = call("application/json", r#"{"email":"a@b","qty":0}"#).await;
        assert_eq!(status, 400, "{body}");
        // A cross-site form post: refused before a field is read.
        let (status, _) = call("application/x-www-form-urlencoded", "email=a&qty=1").await;
        assert_eq!(status, 415);
    }
}
