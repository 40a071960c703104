//! `Bound<T>` inside a real axum router.

use axum::body::Body;
use axum::routing::post;
use axum::Router;
use binder_axum::Bound;
use binder_axum::{Bind, Limits};
use binder_test_support::frames;
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

/// A form request of `n` bytes (`text=xxx…`), with its `Content-Length`
/// when `declared`, else streamed in two frames with no length.
fn note(n: usize, declared: bool) -> http::Request<Body> {
    let body = format!("text={}", "x".repeat(n - 5));
    let b =
        http::Request::post("/notes").header("content-type", "application/x-www-form-urlencoded");
    if declared {
        b.header("content-length", body.len())
            .body(Body::from(body))
            .unwrap()
    } else {
        let (a, z) = body.split_at(body.len() / 2);
        let frames = frames::Frames::new([a.to_owned(), z.to_owned()]);
        b.body(Body::new(frames)).unwrap()
    }
}

#[derive(Bind)]
struct Note {
    #[bind(body)]
    text: String,
}

async fn note_len(Bound(n): Bound<Note>) -> String {
    n.text.len().to_string()
}

#[tokio::test]
async fn axum_default_body_limit_is_honoured() {
    use axum::extract::DefaultBodyLimit;
    let app = Router::new()
        .route("/notes", post(note_len))
        .layer(DefaultBodyLimit::max(10));
    for declared in [true, false] {
        let (status, body, ct) = call(app.clone(), note(100, declared)).await;
        assert_eq!(status, 413, "declared: {declared}: {body}");
        assert_eq!(ct.as_deref(), Some("application/problem+json"));
        assert!(body.contains("limit of 10 bytes"), "{body}");
        // At the limit it binds.
        let (status, body, _) = call(app.clone(), note(10, declared)).await;
        assert_eq!((status, body.as_str()), (200, "5"), "declared: {declared}");
    }
}

/// The body is read through axum's own `Limited`; what it refuses is
/// answered as binder's read would answer it, and a declared length past
/// the limit is refused before the body is polled.
#[tokio::test]
async fn axums_limit_is_answered_as_binders_read_answers() {
    use axum::extract::DefaultBodyLimit;
    let app = Router::new()
        .route("/notes", post(note_len))
        .layer(DefaultBodyLimit::max(10));
    let post = |declared: Option<usize>, frames: &[&str]| {
        let frames = frames::Frames::new(frames.iter().map(|f| f.to_string()));
        let tally = frames.tally();
        let mut b = http::Request::post("/notes")
            .header("content-type", "application/x-www-form-urlencoded");
        if let Some(n) = declared {
            b = b.header("content-length", n);
        }
        (b.body(Body::new(frames)).unwrap(), tally)
    };
    // Declared past the limit: 413, the body never polled.
    let (req, tally) = post(Some(100), &["text=", "x"]);
    let (status, body, _) = call(app.clone(), req).await;
    assert_eq!(status, 413, "{body}");
    assert!(body.contains("limit of 10 bytes"), "{body}");
    assert_eq!(tally.polls(), 0);
    // Declared under the limit, one frame past both: more than declared (400).
    let (req, _) = post(Some(7), &["text=xxxxxxxxxx"]);
    let (status, body, _) = call(app.clone(), req).await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("longer than the 7 bytes"), "{body}");
    // Undeclared, past the limit at the second frame: 413, read no further.
    let (req, tally) = post(None, &["text=x", "xxxxx", "x"]);
    let (status, body, _) = call(app.clone(), req).await;
    assert_eq!(status, 413, "{body}");
    assert!(body.contains("limit of 10 bytes"), "{body}");
    assert_eq!(tally.frames(), 2);
    // At the limit, in frames, declared or not: bound.
    for declared in [None, Some(10)] {
        let (req, _) = post(declared, &["text=x", "xxxx"]);
        assert_eq!(call(app.clone(), req).await.0, 200, "{declared:?}");
    }
    // A transport failure is still a failed read (400), not a limit.
    let frames = frames::Frames::new(["text="]).then_fail();
    let req = http::Request::post("/notes")
        .header("content-type", "application/x-www-form-urlencoded")
        .body(Body::new(frames))
        .unwrap();
    let (status, body, _) = call(app, req).await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("could not be read"), "{body}");
}

#[tokio::test]
async fn the_smaller_of_axums_and_binders_limit_applies() {
    use axum::extract::DefaultBodyLimit;
    let mut small = Limits::default();
    small.max_body_bytes = 20;
    // binder's limit under axum's.
    let app = Router::new()
        .route("/notes", post(note_len))
        .layer(DefaultBodyLimit::max(1000))
        .layer(axum::Extension(small));
    assert_eq!(call(app.clone(), note(21, true)).await.0, 413);
    assert_eq!(call(app, note(20, true)).await.0, 200);
    // `disable()` leaves binder's limit alone.
    let app = Router::new()
        .route("/notes", post(note_len))
        .layer(DefaultBodyLimit::disable())
        .layer(axum::Extension(small));
    assert_eq!(call(app.clone(), note(21, false)).await.0, 413);
    assert_eq!(call(app, note(20, false)).await.0, 200);
    // `disable()` alone: binder's default (2 MiB).
    let app = Router::new()
        .route("/notes", post(note_len))
        .layer(DefaultBodyLimit::disable());
    let n = Limits::DEFAULT.max_body_bytes;
    assert_eq!(call(app.clone(), note(n, true)).await.0, 200);
    assert_eq!(call(app, note(n + 1, true)).await.0, 413);
    // No layer: axum's default of 2,097,152 bytes, as its own extractors.
    let app = Router::new().route("/notes", post(note_len));
    assert_eq!(call(app, note(2_097_152 + 1, false)).await.0, 413);
}

#[derive(Bind)]
struct TeamFile {
    #[bind(path)]
    team: String,
    #[bind(path)]
    rest: String,
}

async fn team_file(Bound(f): Bound<TeamFile>) -> String {
    format!("{}|{}", f.team, f.rest)
}

async fn get(app: Router, uri: &str) -> (u16, String) {
    let req = http::Request::get(uri).body(Body::empty()).unwrap();
    let (status, body, _) = call(app, req).await;
    (status, body)
}

#[tokio::test]
async fn a_wildcard_takes_the_rest_of_the_path_decoded_once() {
    let app = Router::new().route("/teams/{team}/files/{*rest}", axum::routing::get(team_file));
    assert_eq!(
        get(app.clone(), "/teams/core/files/a/b%20c/d").await,
        (200, "core|a/b c/d".into())
    );
    assert_eq!(
        get(app.clone(), "/teams/c%2541/files/%2541").await,
        (200, "c%41|%41".into())
    );
    assert_eq!(
        get(app, "/teams/x/files/a%2Fb").await,
        (200, "x|a/b".into())
    );
}

#[tokio::test]
async fn literal_segments_and_escaped_braces_are_matched_around_the_values() {
    #[derive(Bind)]
    struct V {
        #[bind(path)]
        version: u32,
        #[bind(path)]
        id: String,
    }
    async fn h(Bound(v): Bound<V>) -> String {
        format!("{} {}", v.version, v.id)
    }
    let app = Router::new()
        .route("/api/v{version}/items/{id}/details", axum::routing::get(h))
        .route("/lit/{{x}}/{version}/{id}", axum::routing::get(h));
    assert_eq!(
        get(app.clone(), "/api/v2/items/a%2Db/details").await,
        (200, "2 a-b".into())
    );
    assert_eq!(
        get(app.clone(), "/lit/{x}/3/q%21").await,
        (200, "3 q!".into())
    );
    assert_eq!(get(app, "/lit/%7Bx%7D/3/q").await.0, 404);
}

#[tokio::test]
async fn nested_routers_bind_the_outer_and_inner_parameters() {
    let inner = Router::new().route("/files/{*rest}", axum::routing::get(team_file));
    let app = Router::new().nest("/teams/{team}", inner);
    assert_eq!(
        get(app.clone(), "/teams/t%201/files/x/y").await,
        (200, "t 1|x/y".into())
    );
    // Twice nested, under a literal prefix.
    let inner = Router::new().route("/files/{*rest}", axum::routing::get(team_file));
    let mid = Router::new().nest("/teams/{team}", inner);
    let app = Router::new().nest("/api/v1", mid);
    assert_eq!(
        get(app, "/api/v1/teams/%2541/files/z").await,
        (200, "%41|z".into())
    );
}

// With the template walk (feature `matched-path`): axum's own list drops a
// value that is not UTF-8, so the fallback reports it missing.
#[cfg(feature = "matched-path")]
#[tokio::test]
async fn a_value_that_is_not_utf8_once_decoded_is_a_field_error() {
    let app = Router::new().route("/teams/{team}/files/{*rest}", axum::routing::get(team_file));
    let (status, body) = get(app, "/teams/%FF/files/x").await;
    assert_eq!(status, 400, "{body}");
    // Said as what it is, not as a missing value.
    assert!(
        body.contains(r#""source":"path","field":"team","code":"invalid""#),
        "{body}"
    );
}

#[tokio::test]
async fn an_uploaded_file_reaches_the_handler_as_a_slice_of_the_body() {
    use binder_http::UploadedFile;
    #[derive(Bind)]
    struct Upload {
        #[bind(body)]
        doc: UploadedFile,
        #[bind(body)]
        more: Vec<UploadedFile>,
        #[bind(body)]
        none: Option<UploadedFile>,
    }
    async fn h(Bound(u): Bound<Upload>) -> String {
        let d = &u.doc;
        let r = d.data().as_ptr_range();
        format!(
            "{} {:?} {} {:?} {} {} {}",
            d.filename(),
            d.content_type(),
            d.len(),
            u.more.iter().map(|m| m.filename()).collect::<Vec<_>>(),
            u.none.is_none(),
            r.start as usize,
            r.end as usize
        )
    }
    let body = bytes::Bytes::from(
        b"--XX\r\n\
Content-Disposition: form-data; name=\"doc\"; filename=\"r%221%22.pdf\"\r\n\
Content-Type: application/pdf\r\n\r\n%PDF-1.7 data\r\n\
--XX\r\n\
Content-Disposition: form-data; name=\"more\"; filename=\"b.txt\"\r\n\r\nB\r\n\
--XX\r\n\
Content-Disposition: form-data; name=\"none\"; filename=\"\"\r\n\r\n\r\n\
--XX--\r\n"
            .to_vec(),
    );
    let app = Router::new().route("/upload", post(h));
    let req = http::Request::post("/upload")
        .header("content-type", "multipart/form-data; boundary=XX")
        .header("content-length", body.len())
        .body(Body::from(body.clone()))
        .unwrap();
    let (status, got, _) = call(app, req).await;
    assert_eq!(status, 200, "{got}");
    let (text, range) = got
        .rsplit_once(' ')
        .map(|(a, end)| {
            let (text, start) = a.rsplit_once(' ').unwrap();
            (
                text.to_owned(),
                (
                    start.parse::<usize>().unwrap(),
                    end.parse::<usize>().unwrap(),
                ),
            )
        })
        .unwrap();
    assert_eq!(
        text,
        r#"r"1".pdf Some("application/pdf") 13 ["b.txt"] true"#
    );
    let buffer = body.as_ptr_range();
    assert!(
        buffer.start as usize <= range.0 && range.1 <= buffer.end as usize,
        "the file's bytes were copied"
    );
}

#[derive(Bind)]
struct Borrowed<'r> {
    #[bind(path)]
    team: std::borrow::Cow<'r, str>,
    #[bind(header = "X-Request-ID")]
    trace: &'r str,
    #[bind(body)]
    title: std::borrow::Cow<'r, str>,
    #[bind(body)]
    doc: Option<binder_http::FilePart<'r>>,
}

async fn borrowed(binder: binder_axum::Binder) -> Result<String, binder_axum::BoundRejection> {
    let b: Borrowed = binder.bind()?;
    let doc = b.doc.map(|d| d.data().len());
    // The file is a slice of the body the binder holds.
    if let Some(d) = b.doc {
        assert!(binder.body().as_ptr_range().contains(&d.data().as_ptr()));
    }
    Ok(format!("{} {} {} {doc:?}", b.team, b.trace, b.title))
}

fn borrowed_app() -> Router {
    let inner = Router::new().route("/notes", post(borrowed));
    Router::new().nest("/teams/{team}", inner)
}

#[tokio::test]
async fn a_binder_binds_borrowing_targets_inside_the_handler() {
    let body = "--XX\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nQ%203\r\n\
--XX\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"a\"\r\n\r\nabc\r\n--XX--\r\n";
    let req = http::Request::post("/teams/c%C3%B6re/notes")
        .header("x-request-id", "r7")
        .header("content-type", "multipart/form-data; boundary=XX")
        .body(Body::from(body))
        .unwrap();
    let (status, got, _) = call(borrowed_app(), req).await;
    assert_eq!((status, got.as_str()), (200, "cöre r7 Q%203 Some(3)"));
    let req = http::Request::post("/teams/core/notes")
        .header("x-request-id", "r7")
        .header("content-type", "application/x-www-form-urlencoded")
        .body(Body::from("title=a+b"))
        .unwrap();
    let (status, got, _) = call(borrowed_app(), req).await;
    assert_eq!((status, got.as_str()), (200, "core r7 a b None"));
}

#[tokio::test]
async fn a_binders_errors_answer_through_question_mark_like_bounds() {
    // No `X-Request-ID`, no title: both fields, one problem+json answer.
    let req = http::Request::post("/teams/core/notes")
        .header("content-type", "application/x-www-form-urlencoded")
        .body(Body::from("x=1"))
        .unwrap();
    let (status, got, ct) = call(borrowed_app(), req).await;
    assert_eq!(status, 400);
    assert_eq!(ct.as_deref(), Some("application/problem+json"));
    assert!(
        got.contains(r#""detail":"2 fields failed to bind""#),
        "{got}"
    );
    // The body is read under the same limits as `Bound`'s.
    let app = borrowed_app().layer(axum::extract::DefaultBodyLimit::max(4));
    let req = http::Request::post("/teams/core/notes")
        .header("x-request-id", "r7")
        .header("content-type", "application/x-www-form-urlencoded")
        .body(Body::from("title=toolong"))
        .unwrap();
    assert_eq!(call(app, req).await.0, 413);
}

#[tokio::test]
async fn routes_with_up_to_four_parameters_and_with_more_bind_each_one() {
    // Up to four are kept from the walk that checks the route; a fifth
    // has them walked again. Each value lands on its own field either way.
    #[derive(Bind)]
    struct Many {
        #[bind(path)]
        a: String,
        #[bind(path)]
        b: u32,
        #[bind(path)]
        c: String,
        #[bind(path)]
        d: u32,
        #[bind(path)]
        e: Option<String>,
        #[bind(path)]
        f: Option<String>,
    }
    async fn h(Bound(m): Bound<Many>) -> String {
        format!("{} {} {} {} {:?} {:?}", m.a, m.b, m.c, m.d, m.e, m.f)
    }
    let app = Router::new()
        .route("/four/{a}/{b}/{c}/{d}", axum::routing::get(h))
        .route("/five/{a}/{b}/{c}/{d}/{e}", axum::routing::get(h))
        .route("/six/{a}/{b}/x/{c}/{d}/{e}/{*f}", axum::routing::get(h));
    assert_eq!(
        get(app.clone(), "/four/p%20q/2/r/4").await,
        (200, "p q 2 r 4 None None".into())
    );
    assert_eq!(
        get(app.clone(), "/five/p/2/r%21/4/s").await,
        (200, "p 2 r! 4 Some(\"s\") None".into())
    );
    assert_eq!(
        get(app.clone(), "/six/p/2/x/r/4/s/t/u%2Fv").await,
        (200, "p 2 r 4 Some(\"s\") Some(\"t/u/v\")".into())
    );
    let (status, body) = get(app, "/five/p/two/r/4/s").await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains(r#""field":"b""#), "{body}");
}
