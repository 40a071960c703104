//! The workloads' target types and every contender that binds them: binder,
//! the peers a user would pick instead, a hand-written floor, and the floors
//! at the limit ([`ideal`]). Shared by
//! the iai-callgrind benches and the tests that check each contender's
//! result before anything is measured.
#![forbid(unsafe_code)]

use binder_http::request::{Body, Parts};
use binder_http::Bind;
use serde::Deserialize;
use std::borrow::Cow;

pub mod ideal;
pub mod json_docs;
pub mod large;
pub use large::*;

/// `query5.txt`.
pub const QUERY5: &str = include_str!("../workloads/query5.txt");
/// `query100.txt`.
pub const QUERY100: &str = include_str!("../workloads/query100.txt");
/// `form5.txt`.
pub const FORM5: &[u8] = include_bytes!("../workloads/form5.txt");
/// `cookie6.txt`.
pub const COOKIE6: &[u8] = include_bytes!("../workloads/cookie6.txt");

/// `json5.json`.
pub const JSON5: &[u8] = include_bytes!("../workloads/json5.json");
/// `items1000.json`.
pub const ITEMS1000: &[u8] = include_bytes!("../workloads/items1000.json");

/// `multipart4k.bin`.
pub const MULTIPART4K: &[u8] = include_bytes!("../workloads/multipart4k.bin");
/// `multipart4k.content-type`.
pub const MULTIPART4K_TYPE: &[u8] = include_bytes!("../workloads/multipart4k.content-type");

/// The upload of `multipart4k.bin`, owned text, the file borrowed (binder).
#[derive(Bind, Debug)]
pub struct Upload<'r> {
    #[bind(body)]
    pub title: String,
    #[bind(body)]
    pub tags: Vec<String>,
    #[bind(body)]
    pub avatar: binder_http::FilePart<'r>,
}

/// The upload, borrowed text (binder).
#[derive(Bind, Debug)]
pub struct UploadRef<'r> {
    #[bind(body)]
    pub title: &'r str,
    #[bind(body)]
    pub tags: Vec<&'r str>,
    #[bind(body)]
    pub avatar: binder_http::FilePart<'r>,
}

/// The upload as multer users hold it: owned text, the file as `Bytes`.
#[derive(Debug)]
pub struct MulterUpload {
    pub title: String,
    pub tags: Vec<String>,
    pub avatar_name: Option<String>,
    pub avatar_type: Option<String>,
    pub avatar: bytes::Bytes,
}

/// binder: a multipart body into `T`.
pub fn binder_multipart<'r, T: Bind<'r>>(body: &'r [u8], content_type: &'r [u8]) -> T {
    T::bind(&Parts {
        body: Body::classify(Some(content_type.trim_ascii_end()), body),
        ..Parts::default()
    })
    .expect("binds")
}

/// multer (what axum's `Multipart` uses), driven over the body as one chunk,
/// as a server holding the whole body would.
pub fn multer_upload(body: &'static [u8], content_type: &[u8]) -> MulterUpload {
    let ct = std::str::from_utf8(content_type.trim_ascii_end()).expect("ascii");
    let boundary = multer::parse_boundary(ct).expect("boundary");
    let stream = futures::stream::once(async move {
        Ok::<_, std::convert::Infallible>(bytes::Bytes::from_static(body))
    });
    let mut mp = multer::Multipart::new(stream, boundary);
    futures::executor::block_on(async move {
        let mut up = MulterUpload {
            title: String::new(),
            tags: Vec::new(),
            avatar_name: None,
            avatar_type: None,
            avatar: bytes::Bytes::new(),
        };
        while let Some(field) = mp.next_field().await.expect("field") {
            match field.name() {
                Some("title") => up.title = field.text().await.expect("text"),
                Some("tags") => up.tags.push(field.text().await.expect("text")),
                Some("avatar") => {
                    up.avatar_name = field.file_name().map(str::to_owned);
                    up.avatar_type = field.content_type().map(|m| m.to_string());
                    up.avatar = field.bytes().await.expect("bytes");
                }
                _ => {}
            }
        }
        up
    })
}

/// The 5-field user from a JSON body, owned.
#[derive(Bind, Deserialize, Debug, PartialEq)]
pub struct JsonUser {
    #[bind(body)]
    pub name: String,
    #[bind(body)]
    pub age: u32,
    #[bind(body)]
    pub email: String,
    #[bind(body)]
    pub admin: bool,
    #[bind(body)]
    pub score: f64,
}

/// The 5-field user from a JSON body, borrowed.
#[derive(Bind, Deserialize, Debug, PartialEq)]
pub struct JsonUserRef<'r> {
    #[bind(body)]
    #[serde(borrow)]
    pub name: Cow<'r, str>,
    #[bind(body)]
    pub age: u32,
    #[bind(body)]
    #[serde(borrow)]
    pub email: Cow<'r, str>,
    #[bind(body)]
    pub admin: bool,
    #[bind(body)]
    pub score: f64,
}

/// One line of the cart.
#[derive(Bind, Deserialize, Debug, PartialEq)]
pub struct Item {
    #[bind(body)]
    pub sku: String,
    #[bind(body)]
    pub qty: u32,
    #[bind(body)]
    pub price: f64,
}

/// The cart of `items1000.json`, owned.
#[derive(Bind, Deserialize, Debug, PartialEq)]
pub struct Cart {
    #[bind(body)]
    pub customer: String,
    #[bind(body)]
    pub items: Vec<Item>,
}

/// One line of the cart, borrowed.
#[derive(Bind, Deserialize, Debug, PartialEq)]
pub struct ItemRef<'r> {
    #[bind(body)]
    pub sku: &'r str,
    #[bind(body)]
    pub qty: u32,
    #[bind(body)]
    pub price: f64,
}

/// The cart, borrowed.
#[derive(Bind, Deserialize, Debug, PartialEq)]
pub struct CartRef<'r> {
    #[bind(body)]
    pub customer: &'r str,
    #[bind(body)]
    #[serde(borrow)]
    pub items: Vec<ItemRef<'r>>,
}

/// binder: a JSON body into `T`.
pub fn binder_json<'r, T: Bind<'r>>(body: &'r [u8]) -> T {
    T::bind(&Parts {
        body: Body::Json(body),
        ..Parts::default()
    })
    .expect("binds")
}

/// serde_json (what axum's `Json` uses) into `T`.
pub fn serde_json_into<'r, T: Deserialize<'r>>(body: &'r [u8]) -> T {
    serde_json::from_slice(body).expect("parses")
}

/// sonic-rs (SIMD JSON behind serde) into `T`: `from_slice`, which checks
/// UTF-8 as serde_json's does, and borrows unescaped strings as it does.
pub fn sonic_rs_into<'r, T: Deserialize<'r>>(body: &'r [u8]) -> T {
    sonic_rs::from_slice(body).expect("parses")
}

/// `mixed.http`, the order it carries (owned, and borrowed as binder binds
/// it here) and the request itself: shared with binder-http's tests.
pub use binder_test_support::orders::{mixed_request, CreateOrder, CreateOrderStr};

/// binder: `mixed.http` (a request already in memory, body and all).
pub fn binder_mixed<'r, T: Bind<'r>>(req: &'r http::Request<Vec<u8>>) -> T {
    binder_http::bind(req, &[("team", "42")]).expect("binds")
}

/// The 5-field user, owned (binder, query source).
#[derive(Bind, Deserialize, Debug, PartialEq)]
pub struct User {
    #[bind(query)]
    pub name: String,
    #[bind(query)]
    pub age: u32,
    #[bind(query)]
    pub email: String,
    #[bind(query)]
    pub admin: bool,
    #[bind(query)]
    pub score: f64,
}

/// The 5-field user, borrowed (binder, query source).
#[derive(Bind, Deserialize, Debug, PartialEq)]
pub struct UserRef<'r> {
    #[bind(query)]
    #[serde(borrow)]
    pub name: Cow<'r, str>,
    #[bind(query)]
    pub age: u32,
    #[bind(query)]
    #[serde(borrow)]
    pub email: Cow<'r, str>,
    #[bind(query)]
    pub admin: bool,
    #[bind(query)]
    pub score: f64,
}

/// The 5-field user from a form body, owned.
#[derive(Bind, Debug, PartialEq)]
pub struct FormUser {
    #[bind(body)]
    pub name: String,
    #[bind(body)]
    pub age: u32,
    #[bind(body)]
    pub email: String,
    #[bind(body)]
    pub admin: bool,
    #[bind(body)]
    pub score: f64,
}

/// The 5-field user from a form body, borrowed.
#[derive(Bind, Debug, PartialEq)]
pub struct FormUserRef<'r> {
    #[bind(body)]
    pub name: Cow<'r, str>,
    #[bind(body)]
    pub age: u32,
    #[bind(body)]
    pub email: Cow<'r, str>,
    #[bind(body)]
    pub admin: bool,
    #[bind(body)]
    pub score: f64,
}

/// Two cookies of `cookie6.txt`, owned.
#[derive(Bind, Debug, PartialEq)]
pub struct Cookies {
    #[bind(cookie)]
    pub session: String,
    #[bind(cookie)]
    pub lang: String,
}

/// Two cookies of `cookie6.txt`, borrowed.
#[derive(Bind, Debug, PartialEq)]
pub struct CookiesRef<'r> {
    #[bind(cookie)]
    pub session: &'r str,
    #[bind(cookie)]
    pub lang: &'r str,
}

/// binder: a query string into `T`, as `http::Uri::query` hands it over
/// (text: the HTTP parser has checked it).
pub fn binder_query<'r, T: Bind<'r>>(q: &'r str) -> T {
    T::bind(&Parts {
        query: Some(q),
        ..Parts::default()
    })
    .expect("binds")
}

/// binder: a form body into `T`.
pub fn binder_form<'r, T: Bind<'r>>(body: &'r [u8]) -> T {
    T::bind(&Parts {
        body: Body::Form(body),
        ..Parts::default()
    })
    .expect("binds")
}

/// binder: a `Cookie` header into `T`.
pub fn binder_cookie<'r, T: Bind<'r>>(header: &'r [u8]) -> T {
    let headers = [("cookie", header)];
    T::bind(&Parts {
        headers: &headers,
        ..Parts::default()
    })
    .expect("binds")
}

/// serde_urlencoded (what axum's `Query` and `Form` use).
pub fn serde_urlencoded_user(q: &[u8]) -> User {
    serde_urlencoded::from_bytes(q).expect("parses")
}

/// serde_urlencoded, borrowed.
pub fn serde_urlencoded_user_ref(q: &[u8]) -> UserRef<'_> {
    serde_urlencoded::from_bytes(q).expect("parses")
}

/// The hand-written floor: `form_urlencoded::parse` and a `match`.
pub fn floor_user(q: &[u8]) -> User {
    let (mut name, mut age, mut email, mut admin, mut score) = (None, None, None, None, None);
    for (k, v) in form_urlencoded::parse(q) {
        match &*k {
            "name" if name.is_none() => name = Some(v.into_owned()),
            "age" if age.is_none() => age = Some(v.parse().expect("age")),
            "email" if email.is_none() => email = Some(v.into_owned()),
            "admin" if admin.is_none() => admin = Some(v.parse().expect("admin")),
            "score" if score.is_none() => score = Some(v.parse().expect("score")),
            _ => {}
        }
    }
    User {
        name: name.expect("name"),
        age: age.expect("age"),
        email: email.expect("email"),
        admin: admin.expect("admin"),
        score: score.expect("score"),
    }
}

/// The hand-written floor, borrowed.
pub fn floor_user_ref(q: &[u8]) -> UserRef<'_> {
    let (mut name, mut age, mut email, mut admin, mut score) = (None, None, None, None, None);
    for (k, v) in form_urlencoded::parse(q) {
        match &*k {
            "name" if name.is_none() => name = Some(v),
            "age" if age.is_none() => age = Some(v.parse().expect("age")),
            "email" if email.is_none() => email = Some(v),
            "admin" if admin.is_none() => admin = Some(v.parse().expect("admin")),
            "score" if score.is_none() => score = Some(v.parse().expect("score")),
            _ => {}
        }
    }
    UserRef {
        name: name.expect("name"),
        age: age.expect("age"),
        email: email.expect("email"),
        admin: admin.expect("admin"),
        score: score.expect("score"),
    }
}

/// The `cookie` crate: `split_parse`, then pick the two by name.
pub fn cookie_crate(header: &[u8]) -> Cookies {
    let header = std::str::from_utf8(header).expect("utf-8");
    let (mut session, mut lang) = (None, None);
    for c in cookie::Cookie::split_parse(header).flatten() {
        match c.name() {
            "session" if session.is_none() => session = Some(c.value_trimmed().to_owned()),
            "lang" if lang.is_none() => lang = Some(c.value_trimmed().to_owned()),
            _ => {}
        }
    }
    Cookies {
        session: session.expect("session"),
        lang: lang.expect("lang"),
    }
}

/// The cookie crate, borrowed: `value_raw` is a slice of the header, its
/// quotes stripped as `value_trimmed` strips them.
pub fn cookie_crate_ref(header: &[u8]) -> CookiesRef<'_> {
    let header = std::str::from_utf8(header).expect("utf-8");
    let (mut session, mut lang) = (None, None);
    for c in cookie::Cookie::split_parse(header).flatten() {
        let value = || {
            let v = c.value_raw().expect("parsed from the header");
            v.strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .unwrap_or(v)
        };
        match c.name() {
            "session" if session.is_none() => session = Some(value()),
            "lang" if lang.is_none() => lang = Some(value()),
            _ => {}
        }
    }
    CookiesRef {
        session: session.expect("session"),
        lang: lang.expect("lang"),
    }
}

/// The hand-written floor, borrowed.
pub fn floor_cookie_ref(header: &[u8]) -> CookiesRef<'_> {
    let header = std::str::from_utf8(header).expect("utf-8");
    let (mut session, mut lang) = (None, None);
    for piece in header.split(';') {
        if let Some((n, v)) = piece.split_once('=') {
            match n.trim() {
                "session" if session.is_none() => session = Some(v.trim()),
                "lang" if lang.is_none() => lang = Some(v.trim()),
                _ => {}
            }
        }
    }
    CookiesRef {
        session: session.expect("session"),
        lang: lang.expect("lang"),
    }
}

/// The hand-written floor: `split(';')`, `split_once('=')`, `trim`.
pub fn floor_cookie(header: &[u8]) -> Cookies {
    let header = std::str::from_utf8(header).expect("utf-8");
    let (mut session, mut lang) = (None, None);
    for piece in header.split(';') {
        if let Some((n, v)) = piece.split_once('=') {
            match n.trim() {
                "session" if session.is_none() => session = Some(v.trim().to_owned()),
                "lang" if lang.is_none() => lang = Some(v.trim().to_owned()),
                _ => {}
            }
        }
    }
    Cookies {
        session: session.expect("session"),
        lang: lang.expect("lang"),
    }
}

/// The expected user of every 5-field workload.
pub fn expected_user() -> User {
    User {
        name: "Ada Lovelace".into(),
        age: 36,
        email: "ada@example.org".into(),
        admin: true,
        score: 99.5,
    }
}

/// The expected cookies of `cookie6.txt`.
pub fn expected_cookies() -> Cookies {
    Cookies {
        session: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl".into(),
        lang: "en".into(),
    }
}

/// How many times each bench's setup runs the measured call's code before
/// the measured call: enough that the code, the allocator's free lists and
/// its bins are as a server's thousandth request finds them (steady state).
/// Measured right after setup freed the checks' allocations, a row pays
/// glibc's one-off housekeeping (`malloc_consolidate`, `unlink_chunk`):
/// 72,852 of multer's 133,420 instructions. See benches/README.md.
pub const WARM_RUNS: usize = 8;

/// A bench's setup: every contender checked ([`check_all`]), then `run`
/// on `input` [`WARM_RUNS`] times, each result dropped; `input` back for
/// the measured call. `run` is the bench's own body (a function the bench
/// calls), so the contender keeps one call site and is compiled into the
/// bench as it would be into a handler.
pub fn warmed<I: Copy, T>(input: I, run: impl Fn(I) -> T) -> I {
    check_all();
    for _ in 0..WARM_RUNS {
        drop(std::hint::black_box(run(std::hint::black_box(input))));
    }
    input
}

/// Checks every contender's result once; benches call it before measuring.
pub fn check_all() {
    let want = expected_user();
    for q in [QUERY5, QUERY100] {
        assert_eq!(binder_query::<User>(q), want);
        let r: UserRef = binder_query(q);
        assert_eq!(
            (&*r.name, r.age, &*r.email, r.admin, r.score),
            ("Ada Lovelace", 36, "ada@example.org", true, 99.5)
        );
        assert_eq!(serde_urlencoded_user(q.as_bytes()), want);
        assert_eq!(serde_urlencoded_user_ref(q.as_bytes()).name, "Ada Lovelace");
        assert_eq!(floor_user(q.as_bytes()), want);
        assert_eq!(floor_user_ref(q.as_bytes()).email, "ada@example.org");
    }
    let f: FormUser = binder_form(FORM5);
    assert_eq!(
        (f.name.as_str(), f.age, f.email.as_str(), f.admin, f.score),
        ("Ada Lovelace", 36, "ada@example.org", true, 99.5)
    );
    let f: FormUserRef = binder_form(FORM5);
    assert_eq!((&*f.name, &*f.email), ("Ada Lovelace", "ada@example.org"));
    assert_eq!(serde_urlencoded_user(FORM5), want);
    assert_eq!(floor_user(FORM5), want);
    let c = expected_cookies();
    assert_eq!(binder_cookie::<Cookies>(COOKIE6), c);
    let r: CookiesRef = binder_cookie(COOKIE6);
    assert_eq!((r.session, r.lang), (c.session.as_str(), "en"));
    assert_eq!(cookie_crate(COOKIE6), c);
    let up: Upload = binder_multipart(MULTIPART4K, MULTIPART4K_TYPE);
    assert_eq!(
        (up.title.as_str(), up.tags.len(), up.avatar.data().len()),
        ("Quarterly report", 2, 4096)
    );
    assert!(MULTIPART4K
        .as_ptr_range()
        .contains(&up.avatar.data().as_ptr()));
    let up: UploadRef = binder_multipart(MULTIPART4K, MULTIPART4K_TYPE);
    assert_eq!(
        (up.title, up.tags, up.avatar.raw_filename()),
        ("Quarterly report", vec!["finance", "q3"], &b"chart.png"[..])
    );
    let j: JsonUser = binder_json(JSON5);
    assert_eq!(j, serde_json_into::<JsonUser>(JSON5));
    assert_eq!(
        (j.name.as_str(), j.age, j.score),
        ("Ada Lovelace", 36, 99.5)
    );
    assert_eq!(j, sonic_rs_into::<JsonUser>(JSON5));
    let j: JsonUserRef = binder_json(JSON5);
    assert_eq!(j, serde_json_into::<JsonUserRef>(JSON5));
    assert_eq!(j, sonic_rs_into::<JsonUserRef>(JSON5));
    // The borrowed rows borrow in every contender: no escapes in json5.
    for r in [
        binder_json::<JsonUserRef>(JSON5),
        serde_json_into(JSON5),
        sonic_rs_into(JSON5),
    ] {
        assert!(matches!(
            (r.name, r.email),
            (Cow::Borrowed(_), Cow::Borrowed(_))
        ));
    }
    let cart: Cart = binder_json(ITEMS1000);
    assert_eq!(cart.items.len(), 1000);
    assert_eq!(cart, serde_json_into::<Cart>(ITEMS1000));
    assert_eq!(cart, sonic_rs_into::<Cart>(ITEMS1000));
    let cart: CartRef = binder_json(ITEMS1000);
    assert_eq!(cart, serde_json_into::<CartRef>(ITEMS1000));
    assert_eq!(cart, sonic_rs_into::<CartRef>(ITEMS1000));
    let req = mixed_request::<Vec<u8>>();
    let o: CreateOrder = binder_mixed(&req);
    assert_eq!(
        (o.team_id, o.dry_run, o.limit, o.qty, o.sku.as_str()),
        (42, true, 10, 3, "SKU-1234")
    );
    assert_eq!(
        (o.session.len(), o.note.as_deref()),
        (50, Some("gift wrap"))
    );
    let o: CreateOrderStr = binder_mixed(&req);
    assert_eq!(
        (o.trace, &*o.email),
        ("7f3c2a9e-1b4d-4c8e-9f00-2a6b8d1e5c77", "ada@example.org")
    );
    let m = multer_upload(MULTIPART4K, MULTIPART4K_TYPE);
    assert_eq!(
        (m.title.as_str(), m.tags.len(), m.avatar.len()),
        ("Quarterly report", 2, 4096)
    );
    assert_eq!(floor_cookie(COOKIE6), c);
    let r = CookiesRef {
        session: &c.session,
        lang: &c.lang,
    };
    assert_eq!(cookie_crate_ref(COOKIE6), r);
    assert_eq!(floor_cookie_ref(COOKIE6), r);
    check_ideal();
}

/// The floors at the limit ([`ideal`]) bind what binder binds (their own
/// tests hold them to binder on many variants of each workload).
fn check_ideal() {
    for q in [QUERY5, QUERY100] {
        assert_eq!(ideal::urlencoded::ideal_user(q), Ok(binder_query(q)));
        assert_eq!(ideal::urlencoded::ideal_user_ref(q), Ok(binder_query(q)));
    }
    assert_eq!(
        ideal::urlencoded::ideal_form_user(FORM5),
        Ok(binder_form(FORM5))
    );
    assert_eq!(
        ideal::urlencoded::ideal_form_user_ref(FORM5),
        Ok(binder_form(FORM5))
    );
    assert_eq!(
        ideal::cookie::ideal_cookies(COOKIE6),
        Ok(binder_cookie(COOKIE6))
    );
    assert_eq!(
        ideal::cookie::ideal_cookies_ref(COOKIE6),
        Ok(binder_cookie(COOKIE6))
    );
    assert_eq!(ideal::json::ideal_json_user(JSON5), Ok(binder_json(JSON5)));
    assert_eq!(
        ideal::json::ideal_json_user_ref(JSON5),
        Ok(binder_json(JSON5))
    );
    assert_eq!(
        ideal::json::ideal_cart(ITEMS1000),
        Ok(binder_json(ITEMS1000))
    );
    assert_eq!(
        ideal::json::ideal_cart_ref(ITEMS1000),
        Ok(binder_json(ITEMS1000))
    );
    let ct = MULTIPART4K_TYPE.trim_ascii_end();
    let (up, want) = (
        ideal::multipart::ideal_upload(MULTIPART4K, ct).expect("binds"),
        binder_multipart::<Upload>(MULTIPART4K, MULTIPART4K_TYPE),
    );
    assert_eq!((&up.title, &up.tags), (&want.title, &want.tags));
    assert_eq!(
        (up.avatar.filename, up.avatar.content_type, up.avatar.data),
        (
            want.avatar.raw_filename(),
            want.avatar.content_type(),
            want.avatar.data()
        )
    );
    let (up, want) = (
        ideal::multipart::ideal_upload_ref(MULTIPART4K, ct).expect("binds"),
        binder_multipart::<UploadRef>(MULTIPART4K, MULTIPART4K_TYPE),
    );
    assert_eq!((up.title, &up.tags), (want.title, &want.tags));
    assert_eq!(up.avatar.data.as_ptr(), want.avatar.data().as_ptr());
    let req = mixed_request::<Vec<u8>>();
    let path = [("team", "42")];
    assert_eq!(
        ideal::mixed::ideal_order(&req, &path),
        Ok(binder_mixed(&req))
    );
    assert_eq!(
        ideal::mixed::ideal_order_str(&req, &path),
        Ok(binder_mixed(&req))
    );
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_contender_binds_the_expected_values() {
        super::check_all();
    }
}

/// axum 0.8's extractor stack on `mixed.http`, the way an axum user binds
/// it: Path, Query, TypedHeader, CookieJar and Json.
pub fn axum_extractor_router() -> axum::Router {
    axum::Router::new().route(
        "/teams/{team}/orders",
        axum::routing::post(axum_peer::handler),
    )
}

/// The same router with a handler that extracts nothing: what routing and
/// the response cost without binding.
pub fn axum_plain_router() -> axum::Router {
    axum::Router::new().route(
        "/teams/{team}/orders",
        axum::routing::post(|| async { "ok" }),
    )
}

/// axum's extractor router's route with `binder_axum::Bound<CreateOrder>`
/// as its one extractor, answering as that route does (the over-HTTP
/// harness's `binder-axum` server).
pub fn axum_bound_answer_router() -> axum::Router {
    axum::Router::new().route(
        "/teams/{team}/orders",
        axum::routing::post(bound_answer_handler),
    )
}

async fn bound_answer_handler(binder_axum::Bound(o): binder_axum::Bound<CreateOrder>) -> String {
    std::hint::black_box((&o.trace, &o.session, &o.email, &o.note, o.express));
    format!(
        "{} {} {} {} {}",
        o.team_id, o.dry_run, o.limit, o.sku, o.qty
    )
}

/// The bare router's route with `binder_axum::Bound<CreateOrder>` as its
/// one extractor: the handler keeps the order alive (`black_box`), drops
/// it and answers as the bare handler does.
pub fn axum_bound_router() -> axum::Router {
    axum::Router::new().route("/teams/{team}/orders", axum::routing::post(bound_handler))
}

async fn bound_handler(binder_axum::Bound(o): binder_axum::Bound<CreateOrder>) -> &'static str {
    std::hint::black_box(&o);
    "ok"
}

mod axum_peer {
    use axum::extract::{Path, Query};
    use axum::Json;
    use axum_extra::extract::CookieJar;
    use axum_extra::TypedHeader;
    use serde::Deserialize;

    /// `X-Request-ID` as a typed header, the way axum users read one.
    pub(crate) struct RequestId(String);

    static X_REQUEST_ID: http::HeaderName = http::HeaderName::from_static("x-request-id");

    impl headers::Header for RequestId {
        fn name() -> &'static http::HeaderName {
            &X_REQUEST_ID
        }
        fn decode<'i, I: Iterator<Item = &'i http::HeaderValue>>(
            values: &mut I,
        ) -> Result<Self, headers::Error> {
            let v = values.next().ok_or_else(headers::Error::invalid)?;
            Ok(RequestId(
                v.to_str()
                    .map_err(|_| headers::Error::invalid())?
                    .to_owned(),
            ))
        }
        fn encode<E: Extend<http::HeaderValue>>(&self, values: &mut E) {
            values.extend(http::HeaderValue::from_str(&self.0).ok());
        }
    }

    #[derive(Deserialize)]
    pub(crate) struct OrderQuery {
        pub(crate) dry_run: bool,
        pub(crate) limit: u32,
    }

    #[derive(Deserialize)]
    pub(crate) struct OrderBody {
        pub(crate) email: String,
        pub(crate) sku: String,
        pub(crate) qty: u32,
        pub(crate) note: Option<String>,
        pub(crate) express: bool,
    }

    pub(crate) async fn handler(
        Path(team): Path<u32>,
        Query(q): Query<OrderQuery>,
        TypedHeader(trace): TypedHeader<RequestId>,
        jar: CookieJar,
        Json(body): Json<OrderBody>,
    ) -> String {
        let session = jar.get("session").map(|c| c.value().to_owned());
        std::hint::black_box((&trace.0, &session, &body.email, &body.note, body.express));
        format!("{team} {} {} {} {}", q.dry_run, q.limit, body.sku, body.qty)
    }
}

/// `mixed.http` as actix-web's test utilities build a request: the body
/// one chunk of the payload, as actix's HTTP/1 decoder hands over a body
/// that arrived whole.
pub fn actix_mixed_request() -> actix_http::Request {
    let req = mixed_request::<Vec<u8>>();
    let mut t = actix_web::test::TestRequest::default()
        .method(actix_web::http::Method::POST)
        .uri(&req.uri().to_string());
    for (name, value) in req.headers() {
        t = t.insert_header((name.as_str(), value.as_bytes()));
    }
    t.set_payload(req.into_body()).to_request()
}

/// What the actix apps of the `mixed` bench route `POST /teams/{team}/orders` to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActixRoute {
    /// binder-actix's `Bound<CreateOrder>`.
    Bound,
    /// actix-web's own extractors: `web::Path`, `web::Query`, a typed
    /// `web::Header`, `HttpRequest::cookie`, `web::Json`.
    Extractors,
    /// A handler that extracts nothing: what routing and the response cost.
    Plain,
}

/// The values the `Bound` and `Extractors` routes extract from
/// `mixed.http`, as they check them when [`actix_check_next`] asked.
pub const ACTIX_MIXED_ANSWER: &str = "42 true 10 SKU-1234 3";

/// Makes the next answer of the `Bound` or `Extractors` route compare the
/// values it extracted with [`ACTIX_MIXED_ANSWER`] (it panics when they
/// differ); returns whether the last one asked did.
pub fn actix_check_next(on: bool) -> bool {
    actix_peer::CHECK.replace(on)
}

/// An actix-web 4 app routing `mixed.http` to `route`.
pub fn actix_app(
    route: ActixRoute,
) -> actix_web::App<
    impl actix_web::dev::ServiceFactory<
        actix_web::dev::ServiceRequest,
        Config = (),
        Response = actix_web::dev::ServiceResponse,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    use actix_web::web;
    let app = actix_web::App::new();
    match route {
        ActixRoute::Bound => app.route("/teams/{team}/orders", web::post().to(actix_peer::bound)),
        ActixRoute::Extractors => {
            app.route("/teams/{team}/orders", web::post().to(actix_peer::handler))
        }
        ActixRoute::Plain => app.route("/teams/{team}/orders", web::post().to(|| async { "ok" })),
    }
}

mod actix_peer {
    use super::CreateOrder;
    use crate::axum_peer::{OrderBody, OrderQuery};
    use actix_web::error::ParseError;
    use actix_web::http::header::{self, HeaderName, HeaderValue};
    use actix_web::{web, HttpMessage, HttpRequest};
    use binder_actix::Bound;

    /// `X-Request-ID` as a typed header, the way actix users read one.
    pub(crate) struct RequestId(String);

    impl header::TryIntoHeaderValue for RequestId {
        type Error = header::InvalidHeaderValue;
        fn try_into_value(self) -> Result<HeaderValue, Self::Error> {
            HeaderValue::from_str(&self.0)
        }
    }

    impl header::Header for RequestId {
        fn name() -> HeaderName {
            HeaderName::from_static("x-request-id")
        }
        fn parse<M: HttpMessage>(msg: &M) -> Result<Self, ParseError> {
            let v = msg.headers().get(Self::name()).ok_or(ParseError::Header)?;
            Ok(RequestId(
                v.to_str().map_err(|_| ParseError::Header)?.to_owned(),
            ))
        }
    }

    /// actix-web's own extractors. Like [`bound`], it hands every value to
    /// `black_box` and answers as the bare route does, so that the
    /// difference of the two routes is the extraction alone (and dropping
    /// what was extracted); the values are checked in setup through
    /// [`check`].
    pub(crate) async fn handler(
        team: web::Path<u32>,
        q: web::Query<OrderQuery>,
        trace: web::Header<RequestId>,
        req: HttpRequest,
        body: web::Json<OrderBody>,
    ) -> &'static str {
        let session = req.cookie("session").map(|c| c.value().to_owned());
        let (team, q, body) = (team.into_inner(), q.into_inner(), body.into_inner());
        check(
            &format_args!("{team} {} {} {} {}", q.dry_run, q.limit, body.sku, body.qty),
            std::hint::black_box((&trace.0 .0, &session, &body.email, &body.note, body.express)),
        )
    }

    /// binder-actix's `Bound`, answering as [`handler`] does.
    pub(crate) async fn bound(Bound(o): Bound<CreateOrder>) -> &'static str {
        check(
            &format_args!(
                "{} {} {} {} {}",
                o.team_id, o.dry_run, o.limit, o.sku, o.qty
            ),
            std::hint::black_box((&o.trace, &o.session, &o.email, &o.note, o.express)),
        )
    }

    std::thread_local! {
        /// Set in setup: the next answer is compared with the expected one.
        pub(crate) static CHECK: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }

    /// "ok", after comparing the values with `mixed.http`'s when [`CHECK`]
    /// is set (setup's request; never while measuring).
    #[inline]
    fn check<T>(values: &std::fmt::Arguments<'_>, _: T) -> &'static str {
        if CHECK.get() {
            assert_eq!(values.to_string(), super::ACTIX_MIXED_ANSWER);
            CHECK.set(false);
        }
        "ok"
    }
}
