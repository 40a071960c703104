//! `Bound<T>` inside actix-web apps, driven with actix's test utilities.

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::test::{call_service, init_service, read_body, TestRequest};
use actix_web::{web, App, HttpResponse, ResponseError};
use binder_actix::{Bound, BoundRejection, Error};
use binder_http::{Bind, Limits};

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
    #[bind(body, default)]
    qty: u32,
}

async fn create(Bound(o): Bound<CreateOrder>) -> String {
    format!(
        "{} {:?} {} {} {} {}",
        o.team_id, o.dry_run, o.trace, o.session, o.email, o.qty
    )
}

fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/teams/{team}/orders", web::post().to(create));
}

async fn answer<S, B>(app: &S, req: actix_http::Request) -> (u16, String, Option<String>)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let res = call_service(app, req).await;
    let status = res.status().as_u16();
    let ct = res
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned());
    let body = read_body(res).await;
    (status, String::from_utf8(body.to_vec()).unwrap(), ct)
}

fn order(uri: &str, ct: &str, body: &'static str) -> TestRequest {
    TestRequest::post()
        .uri(uri)
        .insert_header(("x-request-id", "r1"))
        .insert_header(("cookie", "a=1; session=s9"))
        .insert_header(("content-type", ct))
        .set_payload(body)
}

const FORM: &str = "application/x-www-form-urlencoded";

#[actix_web::test]
async fn binds_every_source_from_a_json_body() {
    let app = init_service(App::new().configure(routes)).await;
    let req = order(
        "/teams/42/orders?dry_run=1",
        "application/json",
        r#"{"email":"a@b","qty":3}"#,
    );
    let (status, body, _) = answer(&app, req.to_request()).await;
    assert_eq!((status, body.as_str()), (200, "42 Some(true) r1 s9 a@b 3"));
}

#[actix_web::test]
async fn binds_every_source_from_a_form_body() {
    let app = init_service(App::new().configure(routes)).await;
    let req = order("/teams/7/orders", FORM, "email=a%40b&qty=2");
    let (status, body, _) = answer(&app, req.to_request()).await;
    assert_eq!((status, body.as_str()), (200, "7 None r1 s9 a@b 2"));
}

#[actix_web::test]
async fn every_cookie_line_and_header_line_is_read() {
    #[derive(Bind)]
    struct Lines {
        #[bind(cookie)]
        b: String,
        #[bind(header = "X-Tag")]
        tags: Vec<String>,
    }
    async fn h(Bound(l): Bound<Lines>) -> String {
        format!("{} {:?}", l.b, l.tags)
    }
    let app = init_service(App::new().route("/", web::get().to(h))).await;
    let req = TestRequest::get()
        .uri("/")
        .append_header(("cookie", "a=1"))
        .append_header(("cookie", "b=2"))
        .append_header(("x-tag", "one"))
        .append_header(("x-tag", "two"))
        .to_request();
    let (status, body, _) = answer(&app, req).await;
    assert_eq!((status, body.as_str()), (200, r#"2 ["one", "two"]"#));
}

#[actix_web::test]
async fn binds_a_multipart_file_into_bytes_and_the_raw_body() {
    #[derive(Bind)]
    struct Upload {
        #[bind(body)]
        title: String,
        #[bind(body)]
        avatar: bytes::Bytes,
    }
    #[derive(Bind)]
    struct Raw {
        #[bind(raw_body)]
        raw: Vec<u8>,
    }
    async fn up(Bound(u): Bound<Upload>) -> String {
        format!("{} {:?}", u.title, u.avatar)
    }
    async fn raw(Bound(r): Bound<Raw>) -> String {
        format!("{}", r.raw.len())
    }
    let app = init_service(
        App::new()
            .route("/up", web::post().to(up))
            .route("/raw", web::post().to(raw)),
    )
    .await;
    let body = "--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nQ3\r\n\
                --XyZ\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"a.png\"\r\n\
                Content-Type: image/png\r\n\r\n\x01\x02\x03\r\n--XyZ--\r\n";
    let req = TestRequest::post()
        .uri("/up")
        .insert_header(("content-type", "multipart/form-data; boundary=XyZ"))
        .set_payload(body)
        .to_request();
    let (status, got, _) = answer(&app, req).await;
    assert_eq!((status, got.as_str()), (200, r#"Q3 b"\x01\x02\x03""#));
    let req = TestRequest::post()
        .uri("/raw")
        .insert_header(("content-type", "text/plain"))
        .set_payload("hello")
        .to_request();
    let (status, got, _) = answer(&app, req).await;
    assert_eq!((status, got.as_str()), (200, "5"));
}

/// `/u/{name}` answering the bound name, or the rejection's status and
/// first field code.
async fn name_app() -> impl Service<
    actix_http::Request,
    Response = ServiceResponse<impl MessageBody>,
    Error = actix_web::Error,
> {
    #[derive(Bind)]
    struct P {
        #[bind(path)]
        name: String,
    }
    async fn h(p: Result<Bound<P>, BoundRejection>) -> String {
        match p {
            Ok(Bound(p)) => p.name,
            Err(r) => format!(
                "{} {}",
                r.status().as_u16(),
                r.fields().unwrap().as_slice()[0].kind().code()
            ),
        }
    }
    init_service(
        App::new()
            .route("/u/{name}", web::get().to(h))
            .route("/s/{tail:.*}", web::get().to(h_tail)),
    )
    .await
}

async fn h_tail(Bound(p): Bound<Tail>) -> String {
    p.tail
}

#[derive(Bind)]
struct Tail {
    #[bind(path)]
    tail: String,
}

#[actix_web::test]
async fn path_values_are_percent_decoded_exactly_once() {
    let app = name_app().await;
    for (uri, want) in [
        ("/u/a%20b", "a b"),
        // `%2541` is `%41` decoded once; never `A`.
        ("/u/%2541", "%41"),
        ("/u/%2F%2f%2B+", "//++"),
        ("/u/caf%C3%A9", "café"),
        ("/u/plain", "plain"),
        // actix-router matches this as `%2A`; binder reads the raw `%2%41`.
        ("/u/%2%41", "%2A"),
        ("/u/%%341", "%41"),
        ("/u/100%", "100%"),
        // Not UTF-8 once decoded: a field error, not U+FFFD.
        ("/u/%FF", "400 invalid"),
        ("/s/a%2Fb/c%20d", "a/b/c d"),
    ] {
        let req = TestRequest::get().uri(uri).to_request();
        let (status, body, _) = answer(&app, req).await;
        assert_eq!((status, body.as_str()), (200, want), "{uri}");
    }
}

#[test]
fn a_parameter_a_service_added_is_passed_as_it_is() {
    #[derive(Bind)]
    struct P<'r> {
        #[bind(path)]
        name: &'r str,
    }
    // `param` adds a value that is not a slice of the path; the path has an
    // escape actix decodes, so binder-actix looks for its raw text.
    let req = TestRequest::with_uri("/u/a%20b")
        .param("name", "x")
        .to_http_request();
    let p = P::bind(&binder_actix::ActixRequest::new(&req, b"")).unwrap();
    assert_eq!(p.name, "x");
}

#[actix_web::test]
async fn field_errors_are_problem_json_with_every_field() {
    let app = init_service(App::new().configure(routes)).await;
    let req = TestRequest::post()
        .uri("/teams/x/orders?dry_run=maybe")
        .insert_header(("content-type", FORM))
        .set_payload("email=&qty=-1")
        .to_request();
    let (status, body, ct) = answer(&app, req).await;
    assert_eq!(status, 400);
    assert_eq!(ct.as_deref(), Some("application/problem+json"));
    assert!(
        body.contains(r#""detail":"6 fields failed to bind""#),
        "{body}"
    );
    for (source, field, code) in [
        ("path", "team", "invalid"),
        ("query", "dry_run", "invalid"),
        ("header", "x-request-id", "missing"),
        ("cookie", "session", "missing"),
        ("body", "email", "empty"),
        ("body", "qty", "invalid"),
    ] {
        let entry = format!(r#"{{"source":"{source}","field":"{field}","code":"{code}""#);
        assert!(body.contains(&entry), "{entry} in {body}");
    }
}

#[actix_web::test]
async fn an_unsupported_body_answers_415() {
    let app = init_service(App::new().configure(routes)).await;
    let req = order("/teams/1/orders", "text/plain", "x").to_request();
    let (status, body, ct) = answer(&app, req).await;
    assert_eq!(status, 415);
    assert_eq!(ct.as_deref(), Some("application/problem+json"));
    assert!(body.contains(r#""status":415"#), "{body}");
}

#[actix_web::test]
async fn a_malformed_content_length_answers_400_without_reading() {
    let app = init_service(App::new().configure(routes)).await;
    for lines in [&["+7"][..], &["0x7"], &["7, 8"], &["7", "8"], &[""]] {
        let mut req = order("/teams/1/orders", FORM, "email=a");
        for l in lines {
            req = req.append_header(("content-length", *l));
        }
        // `set_payload` set its own line first: drop it.
        let mut req = req.to_request();
        let head = req.head_mut();
        let mine: Vec<_> = head
            .headers
            .get_all("content-length")
            .skip(1)
            .cloned()
            .collect();
        head.headers.remove("content-length");
        for v in mine {
            head.headers
                .append(actix_web::http::header::CONTENT_LENGTH, v);
        }
        let (status, body, ct) = answer(&app, req).await;
        assert_eq!(status, 400, "{lines:?}");
        assert_eq!(ct.as_deref(), Some("application/problem+json"));
        assert!(body.contains("Content-Length"), "{lines:?}: {body}");
    }
}

#[actix_web::test]
async fn a_small_payload_config_answers_413() {
    let app = init_service(
        App::new()
            .app_data(web::PayloadConfig::new(8))
            .configure(routes),
    )
    .await;
    let (status, body, ct) = answer(
        &app,
        order("/teams/1/orders", FORM, "email=a%40b&qty=2").to_request(),
    )
    .await;
    assert_eq!(status, 413);
    assert_eq!(ct.as_deref(), Some("application/problem+json"));
    assert!(body.contains("limit of 8 bytes"), "{body}");
    // Within it, it binds.
    let (status, body, _) =
        answer(&app, order("/teams/1/orders", FORM, "email=a").to_request()).await;
    assert_eq!((status, body.as_str()), (200, "1 None r1 s9 a 0"));
    // As `Data<PayloadConfig>` too, the other place actix looks.
    let app = init_service(
        App::new()
            .app_data(web::Data::new(web::PayloadConfig::new(8)))
            .configure(routes),
    )
    .await;
    let (status, _, _) = answer(
        &app,
        order("/teams/1/orders", FORM, "email=a%40b&qty=2").to_request(),
    )
    .await;
    assert_eq!(status, 413);
}

#[actix_web::test]
async fn binder_limits_answer_413() {
    let mut limits = Limits::DEFAULT;
    limits.max_body_bytes = 8;
    for app in [
        init_service(App::new().app_data(limits).configure(routes)).await,
        init_service(
            App::new()
                .app_data(web::Data::new(limits))
                .configure(routes),
        )
        .await,
    ] {
        let (status, body, _) = answer(
            &app,
            order("/teams/1/orders", FORM, "email=a%40b&qty=2").to_request(),
        )
        .await;
        assert_eq!(status, 413);
        assert!(body.contains("limit of 8 bytes"), "{body}");
    }
    // The smaller of binder's and actix's.
    let app = init_service(
        App::new()
            .app_data(limits)
            .app_data(web::PayloadConfig::new(1 << 20))
            .configure(routes),
    )
    .await;
    let req = order("/teams/1/orders", FORM, "email=a%40b&qty=2").to_request();
    assert_eq!(answer(&app, req).await.0, 413);
}

#[actix_web::test]
async fn actix_default_payload_limit_applies_without_a_config() {
    let big: &'static str = Box::leak(format!("email={}", "a".repeat(300 * 1024)).into_boxed_str());
    let app = init_service(App::new().configure(routes)).await;
    let (status, body, _) = answer(&app, order("/teams/1/orders", FORM, big).to_request()).await;
    assert_eq!(status, 413);
    assert!(body.contains("limit of 262144 bytes"), "{body}");
    // Raised by a PayloadConfig, it binds.
    let app = init_service(
        App::new()
            .app_data(web::PayloadConfig::new(1 << 20))
            .configure(routes),
    )
    .await;
    let (status, _, _) = answer(&app, order("/teams/1/orders", FORM, big).to_request()).await;
    assert_eq!(status, 200);
}

#[actix_web::test]
async fn the_rejection_is_matched() {
    #[derive(Bind)]
    struct Q {
        #[bind(query)]
        page: u32,
    }
    async fn h(q: Result<Bound<Q>, BoundRejection>) -> String {
        match q {
            Ok(Bound(q)) => format!("page {}", q.page),
            Err(BoundRejection(Error::Bind(e))) => {
                format!("bind: {}", e.fields().unwrap().as_slice()[0].path())
            }
            Err(r) if r.is_limit() => "limit".into(),
            Err(r) => format!("other {}", r.status()),
        }
    }
    let app = init_service(
        App::new()
            .app_data(web::PayloadConfig::new(2))
            .route("/", web::post().to(h)),
    )
    .await;
    let req = TestRequest::post().uri("/?page=x").to_request();
    assert_eq!(answer(&app, req).await.1, "bind: page");
    let req = TestRequest::post().uri("/?page=3").to_request();
    assert_eq!(answer(&app, req).await.1, "page 3");
    let req = TestRequest::post()
        .uri("/?page=3")
        .insert_header(("content-type", FORM))
        .set_payload("abc")
        .to_request();
    assert_eq!(answer(&app, req).await.1, "limit");
}

#[actix_web::test]
async fn an_application_answers_in_its_own_shape() {
    // A handler that maps the rejection to its own error type...
    #[derive(Debug)]
    struct MyError(String);
    impl std::fmt::Display for MyError {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(&self.0)
        }
    }
    impl ResponseError for MyError {
        fn status_code(&self) -> StatusCode {
            StatusCode::UNPROCESSABLE_ENTITY
        }
        fn error_response(&self) -> HttpResponse {
            HttpResponse::UnprocessableEntity()
                .content_type("text/plain")
                .body(format!("fix: {}", self.0))
        }
    }
    async fn mine(o: Result<Bound<CreateOrder>, BoundRejection>) -> Result<String, MyError> {
        let Bound(o) = o.map_err(|r| {
            let fields = r.fields().map(|f| {
                f.as_slice()
                    .iter()
                    .map(|e| e.path().to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            });
            MyError(fields.unwrap_or_else(|| r.to_string()))
        })?;
        Ok(o.email)
    }
    // ...or an `InternalError` carrying a response built from it.
    async fn internal(
        o: Result<Bound<CreateOrder>, BoundRejection>,
    ) -> Result<String, actix_web::Error> {
        let Bound(o) = o.map_err(|r| {
            let res = HttpResponse::BadRequest()
                .content_type("application/json")
                .body(format!(
                    r#"{{"ok":false,"status":{}}}"#,
                    r.status().as_u16()
                ));
            actix_web::error::InternalError::from_response(r, res)
        })?;
        Ok(o.email)
    }
    let app = init_service(
        App::new()
            .route("/mine/{team}", web::post().to(mine))
            .route("/internal/{team}", web::post().to(internal)),
    )
    .await;
    let req = TestRequest::post()
        .uri("/mine/x")
        .insert_header(("content-type", FORM))
        .set_payload("qty=1")
        .to_request();
    let (status, body, ct) = answer(&app, req).await;
    assert_eq!(
        (status, body.as_str(), ct.as_deref()),
        (
            422,
            "fix: team,x-request-id,session,email",
            Some("text/plain")
        )
    );
    let req = TestRequest::post().uri("/internal/x").to_request();
    let (status, body, ct) = answer(&app, req).await;
    assert_eq!(
        (status, body.as_str(), ct.as_deref()),
        (
            400,
            r#"{"ok":false,"status":400}"#,
            Some("application/json")
        )
    );
}

#[test]
fn the_rejection_is_an_actix_response_error() {
    let r = BoundRejection(Error::TooLarge { limit: 4 });
    assert_eq!(r.status_code(), StatusCode::PAYLOAD_TOO_LARGE);
    let res = r.error_response();
    assert_eq!(res.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(
        res.headers().get("content-type").unwrap(),
        "application/problem+json"
    );
    // `Deref` and `.0` reach the error.
    assert!(r.is_limit());
    assert!(matches!(r.0, Error::TooLarge { limit: 4 }));
}

#[derive(Bind)]
struct MyOrders {
    #[bind(context)]
    user: u64,
    #[bind(query)]
    page: u32,
}

async fn my_orders(Bound(o): Bound<MyOrders>) -> String {
    format!("{} {}", o.user, o.page)
}

/// `#[bind(context)]`: what a middleware put in the request's extensions
/// binds beside the request's own sources; without it the field is
/// missing, under the source `context`.
#[actix_web::test]
async fn context_values_from_a_middleware_bind() {
    use actix_web::HttpMessage;
    let app = init_service(
        App::new()
            .wrap_fn(|req, srv| {
                let mut values = binder_http::ContextValues::new();
                values.insert("user", "42");
                req.extensions_mut().insert(values);
                srv.call(req)
            })
            .route("/orders", web::get().to(my_orders)),
    )
    .await;
    let req = TestRequest::get().uri("/orders?page=2").to_request();
    let (status, body, _) = answer(&app, req).await;
    assert_eq!((status, body.as_str()), (200, "42 2"));

    let bare = init_service(App::new().route("/orders", web::get().to(my_orders))).await;
    let req = TestRequest::get().uri("/orders?page=2").to_request();
    let (status, body, _) = answer(&bare, req).await;
    assert_eq!(status, 400);
    assert!(body.contains(r#""source":"context""#), "{body}");
}
