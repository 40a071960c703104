//! `#[bind(context)]`: values the service adds about a request (an
//! authenticated user, a tenant) bind beside the request's own sources,
//! through `WithContext` around any request, with the same conversions,
//! defaults, lists and errors as any other source.

use binder_http::convert::Raw;
use binder_http::request::{Body, Parts};
use binder_http::{
    Bind, BindError, Context, FieldErrorKind, HttpRequest, Source, TextFormat, WithContext,
    WithFormat,
};
use std::borrow::Cow;

#[derive(Bind, Debug, PartialEq)]
struct Order<'r> {
    #[bind(context)]
    tenant: &'r str,
    #[bind(context = "user")]
    user_id: u64,
    #[bind(context)]
    roles: Vec<Cow<'r, str>>,
    #[bind(context, default = 1)]
    shard: u8,
    #[bind(context)]
    admin: Option<bool>,
    #[bind(path)]
    team: u32,
    #[bind(query)]
    page: u32,
    #[bind(body)]
    sku: String,
}

/// What an authentication layer found, handed over without a list.
struct Auth {
    user: String,
    roles: Vec<String>,
}

impl<'r> Context<'r> for &'r Auth {
    fn each<F: FnMut(&str, Raw<'r>)>(&self, mut f: F) {
        f("tenant", Raw::decoded_text("acme"));
        f("user", Raw::decoded_text(&self.user));
        for role in &self.roles {
            f("roles", Raw::decoded_text(role));
        }
    }
}

fn request() -> http::Request<Vec<u8>> {
    http::Request::post("/teams/7/orders?page=2")
        .header("content-type", "application/json")
        .body(br#"{"sku":"A-1"}"#.to_vec())
        .unwrap()
}

#[test]
fn context_values_bind_beside_every_source() {
    let req = request();
    let path = [("team", "7")];
    let auth = Auth {
        user: "42".into(),
        roles: vec!["admin".into(), "ops".into()],
    };
    let with = WithContext::new(HttpRequest::from_request(&req, &path), &auth);
    let o = Order::bind(&with).unwrap();
    assert_eq!(
        o,
        Order {
            tenant: "acme",
            user_id: 42,
            roles: vec![Cow::Borrowed("admin"), Cow::Borrowed("ops")],
            shard: 1,
            admin: None,
            team: 7,
            page: 2,
            sku: "A-1".into(),
        }
    );
    // Borrowed from the context, which outlives the bind.
    assert!(matches!(o.roles[0], Cow::Borrowed(_)));
}

#[test]
fn a_list_of_pairs_is_a_context_and_values_are_taken_as_they_are() {
    let req = request();
    let path = [("team", "7")];
    let pairs = [
        ("tenant", "a+b%20c"),
        ("user", "9"),
        ("admin", "true"),
        ("shard", "3"),
    ];
    let o = Order::bind(&WithContext::new(
        HttpRequest::from_request(&req, &path),
        &pairs[..],
    ))
    .unwrap();
    assert_eq!(
        (o.tenant, o.user_id, o.admin, o.shard),
        ("a+b%20c", 9, Some(true), 3)
    );
}

#[test]
fn missing_and_invalid_context_values_are_field_errors_under_context() {
    let req = request();
    let path = [("team", "7")];
    // No context at all: the required ones are missing.
    let err = Order::bind(&HttpRequest::from_request(&req, &path)).unwrap_err();
    let BindError::Fields(errors) = &err else {
        panic!("{err:?}");
    };
    let got: Vec<_> = errors
        .as_slice()
        .iter()
        .map(|e| (e.source(), e.path().to_string(), e.kind()))
        .collect();
    assert_eq!(
        got,
        [
            (Source::Context, "tenant".into(), FieldErrorKind::Missing),
            (Source::Context, "user".into(), FieldErrorKind::Missing),
        ]
    );
    // A value that does not convert: invalid, never echoed.
    let pairs = [("tenant", "acme"), ("user", "secret-token")];
    let err = Order::bind(&WithContext::new(
        HttpRequest::from_request(&req, &path),
        pairs,
    ))
    .unwrap_err();
    let text = binder_http::Error::from(err).problem_json();
    assert!(text.contains(r#""source":"context""#), "{text}");
    assert!(text.contains(r#""field":"user""#), "{text}");
    assert!(!text.contains("secret-token"), "{text}");
}

#[derive(Bind, Debug, PartialEq)]
#[bind(context, rename_all = "camelCase")]
struct Caller<'r> {
    user_id: u64,
    tenant_name: &'r str,
    #[bind(query)]
    page: Option<u32>,
}

#[test]
fn a_struct_level_context_source_and_renaming_apply() {
    let req = Parts {
        query: Some("page=3"),
        ..Parts::default()
    };
    let c = Caller::bind(&WithContext::new(
        req,
        [("userId", "5"), ("tenantName", "acme"), ("page", "9")],
    ))
    .unwrap();
    assert_eq!(
        c,
        Caller {
            user_id: 5,
            tenant_name: "acme",
            page: Some(3)
        }
    );
}

/// `key=value` lines, `text/x-lines`.
struct Lines;

impl TextFormat for Lines {
    fn reads(&self, content_type: Option<&[u8]>) -> bool {
        content_type == Some(b"text/x-lines")
    }

    fn walk<'r, F>(
        &self,
        body: &'r [u8],
        _: &binder_http::Limits,
        mut f: F,
    ) -> Result<(), binder_http::field::Error>
    where
        F: FnMut(binder_http::convert::Ref<'r, '_, [u8]>, Raw<'r>),
    {
        for line in body.split(|&b| b == b'\n') {
            let eq = line.iter().position(|&b| b == b'=').unwrap_or(line.len());
            f(
                binder_http::convert::Ref::Borrowed(&line[..eq]),
                Raw::plain(line.get(eq + 1..).unwrap_or_default()),
            );
        }
        Ok(())
    }
}

#[derive(Bind, Debug)]
#[bind(accept = "custom")]
struct Note<'r> {
    #[bind(context)]
    user: u64,
    #[bind(body)]
    title: &'r str,
}

#[test]
fn a_context_and_a_format_wrap_one_request_in_either_order() {
    let parts = Parts {
        body: Body::Custom(b"title=tea"),
        ..Parts::default()
    };
    let a = Note::bind(&WithContext::new(
        WithFormat::new(parts, Lines),
        [("user", "4")],
    ))
    .unwrap();
    let b = Note::bind(&WithFormat::new(
        WithContext::new(parts, [("user", "4")]),
        Lines,
    ))
    .unwrap();
    assert_eq!((a.user, a.title, b.user, b.title), (4, "tea", 4, "tea"));
}
