//! Lists inside lists and maps (`Vec<Vec<T>>`, `BTreeMap<u32, Vec<u32>>`),
//! and `Option<Vec<T>>`, which tells a list not sent from an empty one.

use binder_http::request::{Body, Parts};
use binder_http::Bind;
use std::collections::BTreeMap;

#[derive(Bind, Debug, PartialEq)]
struct Geo {
    #[bind(body, default)]
    rings: Vec<Vec<(f64, f64)>>,
    #[bind(body, default)]
    grid: Vec<Vec<Vec<u8>>>,
    #[bind(body, default)]
    topics: BTreeMap<u32, Vec<u32>>,
    #[bind(body)]
    labels: Option<Vec<String>>,
}

fn json(body: &str) -> Result<Geo, binder_http::BindError> {
    Geo::bind(&Parts {
        body: Body::classify(Some(b"application/json"), body.as_bytes()),
        ..Parts::default()
    })
}

fn form(body: &str) -> Result<Geo, binder_http::BindError> {
    Geo::bind(&Parts {
        body: Body::classify(Some(b"application/x-www-form-urlencoded"), body.as_bytes()),
        ..Parts::default()
    })
}

#[test]
fn lists_of_lists_bind_from_json_arrays() {
    let g = json(
        r#"{"rings": [[[0, 0], [1.5, 0]], [], [[2, 3]]],
            "grid": [[[1, 2], [3]], [[]]],
            "topics": {"107888604": [1, 2, 3], "1": []}}"#,
    )
    .unwrap();
    assert_eq!(
        g.rings,
        vec![vec![(0.0, 0.0), (1.5, 0.0)], vec![], vec![(2.0, 3.0)]]
    );
    assert_eq!(g.grid, vec![vec![vec![1, 2], vec![3]], vec![vec![]]]);
    assert_eq!(
        g.topics.into_iter().collect::<Vec<_>>(),
        [(1, vec![]), (107_888_604, vec![1, 2, 3])]
    );
    assert_eq!(g.labels, None);
}

#[test]
fn an_inner_null_is_no_element_and_a_lone_value_a_list_of_one() {
    let g = json(r#"{"grid": [null, [[7]], [8]]}"#).unwrap();
    assert_eq!(g.grid, vec![vec![vec![7]], vec![vec![8]]]);
}

#[test]
fn a_failing_element_deep_in_lists_names_every_index() {
    let err = json(r#"{"rings": [[[0, 0]], [[1, 1], [2, "x"]]], "grid": [[[1, 300]]], "topics": {"5": [1, -1]}}"#)
        .unwrap_err();
    let paths: Vec<String> = err
        .fields()
        .unwrap()
        .as_slice()
        .iter()
        .map(|e| e.path().to_string())
        .collect();
    assert_eq!(
        paths,
        ["rings[1][1][1]", "grid[0][0][1]", "topics[5][1]"],
        "{err}"
    );
    // A row of the wrong shape is a field error, and the body is still read.
    let err = json(r#"{"rings": [{"a": 1}], "labels": ["a"]}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: rings[0]: expected an array of 2 values"
    );
}

#[test]
fn option_vec_tells_not_sent_from_empty() {
    assert_eq!(json(r#"{"labels": []}"#).unwrap().labels, Some(vec![]));
    assert_eq!(json(r#"{"labels": null}"#).unwrap().labels, None);
    assert_eq!(json("{}").unwrap().labels, None);
    assert_eq!(
        json(r#"{"labels": ["a", "b"]}"#).unwrap().labels,
        Some(vec!["a".to_owned(), "b".to_owned()])
    );
    assert_eq!(form("").unwrap().labels, None);
    assert_eq!(
        form("labels=a&labels=b").unwrap().labels,
        Some(vec!["a".to_owned(), "b".to_owned()])
    );
    assert_eq!(
        form("labels[]=a").unwrap().labels,
        Some(vec!["a".to_owned()])
    );
}

#[test]
fn rows_of_a_grid_bind_from_indexed_keys() {
    let g = form("grid[1][0][]=3&grid[0][0][]=1&grid[0][0][]=2&grid[0][1][]=9").unwrap();
    assert_eq!(g.grid, vec![vec![vec![1, 2], vec![9]], vec![vec![3]]]);
    let err = form("grid[0][0][]=1&grid[0][0][]=x").unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: grid[0][0][1]: expected an unsigned integer"
    );
}
