//! Path parameters straight from a matchit router (feature `matchit`).
#![cfg(feature = "matchit")]

use binder_http::{Bind, HttpRequest};

#[derive(Bind)]
struct Show<'r> {
    #[bind(path = "team")]
    team: u32,
    #[bind(path)]
    name: std::borrow::Cow<'r, str>,
}

#[test]
fn binds_from_matchit_params_without_copying_them() {
    let mut router = matchit::Router::new();
    router.insert("/teams/{team}/users/{name}", ()).unwrap();
    let (parts, _) = http::Request::get("/teams/7/users/ada%20l")
        .body(())
        .unwrap()
        .into_parts();
    let matched = router.at(parts.uri.path()).unwrap();
    let req = HttpRequest::with_params(&parts, b"", &matched.params);
    let s = Show::bind(&req).unwrap();
    assert_eq!((s.team, &*s.name), (7, "ada l"));
}

/// matchit hands over parameters as they are in the path (raw): binder
/// decodes each once, so `%2541` binds as `%41`, never `A`.
#[test]
fn raw_matchit_params_are_decoded_exactly_once() {
    let mut router = matchit::Router::new();
    router.insert("/teams/{team}/users/{name}", ()).unwrap();
    let (parts, _) = http::Request::get("/teams/7/users/%2541")
        .body(())
        .unwrap()
        .into_parts();
    let matched = router.at(parts.uri.path()).unwrap();
    assert_eq!(matched.params.get("name"), Some("%2541"));
    let req = HttpRequest::with_params(&parts, b"", &matched.params);
    let s = Show::bind(&req).unwrap();
    assert_eq!(&*s.name, "%41");
}
