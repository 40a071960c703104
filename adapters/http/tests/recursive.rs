//! A struct that holds itself (a comment thread, a category tree) binds from
//! JSON and from bracketed form, query and multipart names, bounded by the
//! depth limit: past it a depth error, never a stack overflow.

use binder_http::request::{Body, Parts};
use binder_http::{Bind, ErrorKind, Limits};
use std::collections::BTreeMap;

#[derive(Bind, Debug, PartialEq)]
struct Comment {
    #[bind(body)]
    text: String,
    #[bind(body, default)]
    replies: Vec<Comment>,
}

#[derive(Bind, Debug, PartialEq)]
struct Category {
    #[bind(body)]
    name: String,
    #[bind(body, default)]
    children: BTreeMap<String, Category>,
}

fn json(body: &[u8]) -> Parts<'_, '_> {
    Parts {
        body: Body::Json(body),
        ..Parts::default()
    }
}

#[test]
fn a_comment_thread_binds_from_json() {
    let body = br#"{"text":"a","replies":[{"text":"b","replies":[{"text":"c"}]},{"text":"d"}]}"#;
    let c = Comment::bind(&json(body)).unwrap();
    assert_eq!(c.text, "a");
    assert_eq!(c.replies.len(), 2);
    assert_eq!(c.replies[0].replies[0].text, "c");
    assert!(c.replies[1].replies.is_empty());
    // An error deep in the tree is named by its whole path.
    let bad = br#"{"text":"a","replies":[{"text":"b","replies":[{"text":7},{"replies":[]}]}]}"#;
    let err = Comment::bind(&json(bad)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: replies[0].replies[1].text: a value is required"
    );
}

#[test]
fn a_category_tree_binds_from_json_maps() {
    let body = br#"{"name":"root","children":{"x":{"name":"X","children":{"y":{"name":"Y"}}}}}"#;
    let c = Category::bind(&json(body)).unwrap();
    assert_eq!(c.children["x"].children["y"].name, "Y");
}

#[test]
fn a_comment_thread_binds_from_bracketed_form_names() {
    let body = b"text=a&replies[0][text]=b&replies[0][replies][0][text]=c&replies[1][text]=d";
    let c = Comment::bind(&Parts {
        body: Body::Form(body),
        ..Parts::default()
    })
    .unwrap();
    assert_eq!(c.replies.len(), 2);
    assert_eq!(c.replies[0].replies[0].text, "c");
    assert_eq!(c.replies[1].text, "d");
}

/// `{"text":"x","replies":[` nested `depth` times.
fn deep(depth: usize) -> Vec<u8> {
    let mut b = Vec::new();
    for _ in 0..depth {
        b.extend_from_slice(br#"{"text":"x","replies":["#);
    }
    b.extend_from_slice(br#"{"text":"leaf"}"#);
    for _ in 0..depth {
        b.extend_from_slice(b"]}");
    }
    b
}

#[test]
fn the_depth_limit_bounds_a_recursive_bind_at_and_past_it() {
    // Each level is an object and an array: 2 levels of JSON nesting.
    let limits = Limits::DEFAULT;
    let levels = limits.max_json_depth / 2 - 1;
    let at = deep(levels);
    let mut c = Comment::bind_with(&json(&at), &limits).unwrap();
    let mut depth = 0;
    while let Some(next) = c.replies.pop() {
        c = next;
        depth += 1;
    }
    assert_eq!((depth, c.text.as_str()), (levels, "leaf"));
    let past = deep(levels + 1);
    let err = Comment::bind_with(&json(&past), &limits).unwrap_err();
    match err {
        binder_http::BindError::Malformed { error, .. } => {
            assert_eq!(error.kind(), ErrorKind::JsonTooDeep)
        }
        other => panic!("{other:?}"),
    }
}

/// 256 KiB in an optimised build (CI runs this test with `--release`); an
/// unoptimised build's frames are several times larger, so it gets 2 MiB,
/// the default for a spawned thread.
const STACK: usize = if cfg!(debug_assertions) {
    2 << 20
} else {
    256 << 10
};

#[test]
fn a_recursive_bind_at_the_default_limit_fits_a_256_kib_stack() {
    let body = deep(Limits::DEFAULT.max_json_depth / 2 - 1);
    let t = std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || {
            let c = Comment::bind(&json(&body)).map(|c| c.text);
            // A depth error past the limit, on the same small stack.
            let past = deep(Limits::DEFAULT.max_json_depth);
            let err = Comment::bind(&json(&past)).is_err();
            (c, err)
        })
        .unwrap();
    let (c, err) = t.join().expect("no stack overflow");
    assert_eq!(c.unwrap(), "x");
    assert!(err);
}

/// A reply chain: each comment holds at most one reply, boxed.
#[derive(Bind, Debug, PartialEq)]
struct Reply {
    #[bind(body)]
    text: String,
    #[bind(body)]
    next: Option<Box<Reply>>,
}

/// A box that is always there.
#[derive(Bind, Debug, PartialEq)]
struct Wrapper {
    #[bind(body)]
    inner: Box<Reply>,
    #[bind(query)]
    page: Box<u32>,
}

#[test]
fn an_optional_box_of_self_binds_from_json_and_from_form_names() {
    let body = br#"{"text":"a","next":{"text":"b","next":{"text":"c"}}}"#;
    let r = Reply::bind(&json(body)).unwrap();
    let c = r.next.as_ref().and_then(|b| b.next.as_ref()).unwrap();
    assert_eq!(
        (r.text.as_str(), c.text.as_str(), c.next.is_none()),
        ("a", "c", true)
    );
    let from_form = Reply::bind(&Parts {
        body: Body::Form(b"text=a&next[text]=b&next[next][text]=c"),
        ..Parts::default()
    })
    .unwrap();
    assert_eq!(from_form, r);
    // `null` and an absent member are both no reply.
    assert_eq!(
        Reply::bind(&json(br#"{"text":"a","next":null}"#))
            .unwrap()
            .next,
        None
    );
    // A failure inside is named by its path.
    let err = Reply::bind(&json(br#"{"text":"a","next":{"next":{"text":1}}}"#)).unwrap_err();
    assert_eq!(err.to_string(), "body: next.text: a value is required");
}

#[test]
fn a_box_binds_what_its_content_binds() {
    let w = Wrapper::bind(&Parts {
        query: Some("page=3"),
        body: Body::Json(br#"{"inner":{"text":"x"}}"#),
        ..Parts::default()
    })
    .unwrap();
    assert_eq!((*w.page, w.inner.text.as_str()), (3, "x"));
    let err = Wrapper::bind(&Parts {
        query: Some("page=x"),
        body: Body::Json(b"{}"),
        ..Parts::default()
    })
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: inner: a value is required\nquery: page: expected an unsigned integer"
    );
}

/// `{"text":"x","next":` nested `depth` times.
fn chain(depth: usize) -> Vec<u8> {
    let mut b = Vec::new();
    for _ in 0..depth {
        b.extend_from_slice(br#"{"text":"x","next":"#);
    }
    b.extend_from_slice(br#"{"text":"leaf"}"#);
    b.extend(std::iter::repeat_n(b'}', depth));
    b
}

#[test]
fn a_boxed_chain_is_bounded_by_the_depth_limit_at_and_past_it() {
    let limits = Limits::DEFAULT;
    let levels = limits.max_json_depth - 1;
    let mut r = Reply::bind_with(&json(&chain(levels)), &limits).unwrap();
    let mut depth = 0;
    while let Some(next) = r.next.take() {
        r = *next;
        depth += 1;
    }
    assert_eq!((depth, r.text.as_str()), (levels, "leaf"));
    let err = Reply::bind_with(&json(&chain(levels + 1)), &limits).unwrap_err();
    match err {
        binder_http::BindError::Malformed { error, .. } => {
            assert_eq!(error.kind(), ErrorKind::JsonTooDeep)
        }
        other => panic!("{other:?}"),
    }
    // At the default limit on a small stack, and past it.
    let t = std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || {
            let ok = Reply::bind(&json(&chain(levels))).is_ok();
            let past = Reply::bind(&json(&chain(levels + 1))).is_err();
            (ok, past)
        })
        .unwrap();
    assert_eq!(t.join().expect("no stack overflow"), (true, true));
}
