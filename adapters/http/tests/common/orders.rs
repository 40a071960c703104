//! The order of `mixed.http`, owned and borrowed, as the workloads define it.

use binder_http::Bind;
use std::borrow::Cow;

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
