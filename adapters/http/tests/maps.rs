//! Maps and bracketed keys: `filter[team]=core` and JSON objects into
//! `BTreeMap`/`HashMap`, `tags[]=a` into lists.

use binder_http::request::{Body, Parts};
use binder_http::Bind;
use std::collections::{BTreeMap, HashMap};

#[derive(Bind, Debug)]
struct Search<'r> {
    #[bind(query)]
    filter: BTreeMap<String, &'r str>,
    #[bind(query)]
    min: HashMap<String, u32>,
    #[bind(query)]
    tags: Vec<&'r str>,
    #[bind(query)]
    page: Option<u32>,
}

fn query(q: &str) -> Parts<'_, '_> {
    Parts {
        query: Some(q),
        ..Parts::default()
    }
}

#[test]
fn bracketed_keys_fill_maps_and_lists() {
    let q = "filter[status]=open&filter%5Bteam%5D=core&filter[e]=&filter[a][b]=x&tags[]=a&tags=b&min[price]=10&page[x]=9&page=2&filter[status]=late";
    let s = Search::bind(&query(q)).unwrap();
    assert_eq!(
        s.filter.into_iter().collect::<Vec<_>>(),
        [
            ("e".to_owned(), ""),
            ("status".to_owned(), "open"),
            ("team".to_owned(), "core")
        ]
    );
    assert_eq!(s.min.get("price"), Some(&10));
    assert_eq!(s.tags, ["a", "b"]);
    assert_eq!(s.page, Some(2));
}

#[test]
fn a_bad_map_value_names_its_entry() {
    let err = Search::bind(&query("min[price]=cheap&min[qty]=1")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "query: min[price]: expected an unsigned integer"
    );
    let err = Search::bind(&query("filter=flat")).unwrap_err();
    assert_eq!(err.to_string(), "query: filter: expected an object");
}

#[derive(Bind, Debug)]
struct Counts<'r> {
    #[bind(body)]
    counts: BTreeMap<&'r str, u32>,
    #[bind(body)]
    labels: HashMap<String, String>,
}

#[test]
fn json_objects_fill_maps_with_paths_and_duplicates_refused() {
    let ok = Counts::bind(&Parts {
        body: Body::Json(br#"{"counts":{"a":1,"b":2},"labels":{"x":"p"}}"#),
        ..Parts::default()
    })
    .unwrap();
    assert_eq!(ok.counts.get("b"), Some(&2));
    assert_eq!(ok.labels["x"], "p");
    let err = Counts::bind(&Parts {
        body: Body::Json(br#"{"counts":{"a":"x","b":1,"b":2,"c":[1]},"labels":null}"#),
        ..Parts::default()
    })
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: counts[a]: expected an unsigned integer\n\
         body: counts[b]: sent more than once\n\
         body: counts[c]: expected a single value, not an array or object"
    );
}
