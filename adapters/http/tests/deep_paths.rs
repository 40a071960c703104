//! Error paths of any depth: failures deep in a nested document render
//! fully, so different fields never look the same (in `Display`, `Debug`
//! and problem+json alike), and the list stays within `max_errors`.

// 60 nested types: an optimised build checks auto traits (`Unpin`) through
// every level, past the default limit of 128 (and of 256).
#![recursion_limit = "512"]
use binder_http::request::{Body, Parts};
use binder_http::{Bind, BindError, Limits};
use std::collections::HashSet;

/// `L0 { k: Vec<L1> }`, ..., `L59 { k: Vec<Leaf> }`: 60 levels of objects
/// in arrays.
macro_rules! chain {
    ($top:ident $next:ident $($rest:ident)*) => {
        #[derive(Bind, Debug)]
        #[allow(dead_code)]
        struct $top {
            #[bind(body)]
            k: Vec<$next>,
        }
        chain!($next $($rest)*);
    };
    ($last:ident) => {};
}

chain!(L0 L1 L2 L3 L4 L5 L6 L7 L8 L9 L10 L11 L12 L13 L14 L15 L16 L17 L18 L19 L20 L21 L22 L23 L24 L25 L26 L27 L28 L29 L30 L31 L32 L33 L34 L35 L36 L37 L38 L39 L40 L41 L42 L43 L44 L45 L46 L47 L48 L49 L50 L51 L52 L53 L54 L55 L56 L57 L58 L59 Leaf);

#[derive(Bind, Debug)]
#[allow(dead_code)]
struct Leaf {
    #[bind(body)]
    a: u32,
    #[bind(body)]
    b: u32,
    #[bind(body)]
    c: u32,
    #[bind(body)]
    d: u32,
    #[bind(body)]
    e: u32,
}

const MEMBERS: [&str; 5] = ["a", "b", "c", "d", "e"];
const DEPTH: usize = 60;
const BRANCH_AT: usize = 30;

/// Leaf `i` (of `n`, half under each of the two branches at level 30) has
/// every member but `MEMBERS[i % 5]` right, which is a string.
fn leaf(i: usize) -> String {
    let members: Vec<String> = MEMBERS
        .iter()
        .map(|m| {
            if *m == MEMBERS[i % 5] {
                format!("\"{m}\":\"x\"")
            } else {
                format!("\"{m}\":1")
            }
        })
        .collect();
    format!("{{{}}}", members.join(","))
}

/// The document: one object per level, two branches at level 30, `n / 2`
/// failing leaves under each; and the path each leaf's error must have.
fn document(n: usize) -> (String, Vec<String>) {
    fn level(depth: usize, first: usize, n: usize, prefix: &str, want: &mut Vec<String>) -> String {
        if depth == DEPTH {
            let leaves: Vec<String> = (0..n)
                .map(|j| {
                    let i = first + j;
                    want.push(format!("{prefix}[{j}].{}", MEMBERS[i % 5]));
                    leaf(i)
                })
                .collect();
            return format!("[{}]", leaves.join(","));
        }
        let branches = if depth == BRANCH_AT { 2 } else { 1 };
        let per = n / branches;
        let items: Vec<String> = (0..branches)
            .map(|b| {
                let p = format!("{prefix}[{b}].k");
                format!(
                    "{{\"k\":{}}}",
                    level(depth + 1, first + b * per, per, &p, want)
                )
            })
            .collect();
        format!("[{}]", items.join(","))
    }
    let mut want = Vec::new();
    let body = format!("{{\"k\":{}}}", level(1, 0, n, "k", &mut want));
    (body, want)
}

fn bind(body: &str, limits: &Limits) -> BindError {
    let req = Parts {
        body: Body::classify(Some(b"application/json"), body.as_bytes()),
        ..Parts::default()
    };
    L0::bind_with(&req, limits).unwrap_err()
}

#[test]
fn a_hundred_failing_leaves_sixty_levels_deep_render_distinct_paths() {
    let (body, want) = document(100);
    assert_eq!(want.len(), 100);
    let err = bind(&body, &Limits::DEFAULT);
    let errors = err.fields().expect("field errors");
    assert_eq!((errors.as_slice().len(), errors.dropped()), (100, 0));

    let shown: Vec<String> = errors
        .as_slice()
        .iter()
        .map(|e| e.path().to_string())
        .collect();
    let distinct: HashSet<&String> = shown.iter().collect();
    assert_eq!(distinct.len(), 100, "paths collide");
    let mut sorted_shown = shown.clone();
    sorted_shown.sort();
    let mut sorted_want = want.clone();
    sorted_want.sort();
    assert_eq!(sorted_shown, sorted_want);
    for e in errors.as_slice() {
        // Over 120 segments each, every one kept.
        assert!(e.path().len() > 2 * DEPTH, "{}", e.path().len());
        assert_eq!(e.path().elided(), 0);
    }

    // Display: one line per error, each with its own path.
    let display = err.to_string();
    let lines: HashSet<&str> = display.lines().collect();
    assert_eq!(lines.len(), 100);
    for path in &want {
        assert!(display.contains(&format!("body: {path}: ")), "{path}");
    }
    // Debug shows the same paths.
    let debug = format!("{err:?}");
    for path in &want {
        assert!(debug.contains(&format!("FieldPath(\"{path}\")")), "{path}");
    }
    // problem+json: each as a field.
    let problem = binder_http::Error::from(err.clone()).problem_json();
    for path in &want {
        assert!(problem.contains(&format!("\"field\":\"{path}\"")), "{path}");
    }
}

#[test]
fn deep_failures_past_max_errors_are_counted_not_kept() {
    let (body, _) = document(100);
    let mut limits = Limits::DEFAULT;
    limits.max_errors = 60;
    let err = bind(&body, &limits);
    let errors = err.fields().expect("field errors");
    assert_eq!((errors.as_slice().len(), errors.dropped()), (60, 40));
}
