//! The order of `mixed.http` (`benches/workloads/`), owned and borrowed,
//! as the workloads define it, and the request itself.

use binder_http::Bind;
use std::borrow::Cow;

/// `mixed.http`: a whole request (request line, headers, JSON body).
pub const MIXED: &[u8] = include_bytes!("../../../benches/workloads/mixed.http");

/// `mixed.http` as an `http::Request`, the way a server hands it over.
pub fn mixed_request<B: From<Vec<u8>>>() -> http::Request<B> {
    let head_end = MIXED
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head");
    let head = std::str::from_utf8(&MIXED[..head_end]).expect("ascii");
    let mut lines = head.split("\r\n");
    let mut start = lines.next().expect("a request line").split(' ');
    let (method, target) = (start.next().expect("method"), start.next().expect("target"));
    let mut req = http::Request::builder().method(method).uri(target);
    for line in lines {
        let (name, value) = line.split_once(": ").expect("a header");
        req = req.header(name, value);
    }
    req.body(B::from(MIXED[head_end + 4..].to_vec()))
        .expect("a request")
}

/// Owned: every text field a `String`.
#[derive(Bind, Debug, PartialEq)]
pub struct CreateOrder {
    #[bind(path = "team")]
    pub team_id: u32,
    #[bind(query)]
    pub dry_run: bool,
    #[bind(query)]
    pub limit: u32,
    #[bind(header = "X-Request-ID")]
    pub trace: String,
    #[bind(cookie)]
    pub session: String,
    #[bind(body, required)]
    pub email: String,
    #[bind(body)]
    pub sku: String,
    #[bind(body)]
    pub qty: u32,
    #[bind(body)]
    pub note: Option<String>,
    #[bind(body)]
    pub express: bool,
}

/// Borrowed: every text field a `Cow` that borrows unless decoding changes it.
#[derive(Bind, Debug, PartialEq)]
pub struct CreateOrderRef<'r> {
    #[bind(path = "team")]
    pub team_id: u32,
    #[bind(query)]
    pub dry_run: bool,
    #[bind(query)]
    pub limit: u32,
    #[bind(header = "X-Request-ID")]
    pub trace: Cow<'r, str>,
    #[bind(cookie)]
    pub session: Cow<'r, str>,
    #[bind(body, required)]
    pub email: Cow<'r, str>,
    #[bind(body)]
    pub sku: Cow<'r, str>,
    #[bind(body)]
    pub qty: u32,
    #[bind(body)]
    pub note: Option<Cow<'r, str>>,
    #[bind(body)]
    pub express: bool,
}

/// Borrowed as the benches bind it: `&str` for the request id, the session
/// and the SKU (a bind error if they needed decoding), `Cow` for the email
/// and the note.
#[derive(Bind, Debug, PartialEq)]
pub struct CreateOrderStr<'r> {
    #[bind(path = "team")]
    pub team_id: u32,
    #[bind(query)]
    pub dry_run: bool,
    #[bind(query)]
    pub limit: u32,
    #[bind(header = "X-Request-ID")]
    pub trace: &'r str,
    #[bind(cookie)]
    pub session: &'r str,
    #[bind(body, required)]
    pub email: Cow<'r, str>,
    #[bind(body)]
    pub sku: &'r str,
    #[bind(body)]
    pub qty: u32,
    #[bind(body)]
    pub note: Option<Cow<'r, str>>,
    #[bind(body)]
    pub express: bool,
}
