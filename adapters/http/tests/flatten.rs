//! `#[bind(flatten)]`: one struct's members read as another's own keys,
//! from the query, a form or multipart body, JSON and path values; under
//! `deny_unknown_fields`; named in errors by the key as sent.

use binder_http::request::{Body, Parts};
use binder_http::{Bind, BindError};

/// One paging struct, shared by two query structs.
#[derive(Bind, Debug, PartialEq)]
#[bind(query)]
struct Pagination {
    #[bind(default = 1)]
    page: u32,
    #[bind(default = 20)]
    per_page: u32,
}

#[derive(Bind, Debug, PartialEq)]
struct SearchItems {
    #[bind(query)]
    q: String,
    #[bind(query, flatten)]
    paging: Pagination,
}

#[derive(Bind, Debug, PartialEq)]
#[bind(query, deny_unknown_fields)]
struct ListUsers {
    role: Option<String>,
    #[bind(flatten)]
    paging: Pagination,
    #[bind(flatten)]
    filters: Filters,
}

/// Members that repeat, nest and are required.
#[derive(Bind, Debug, PartialEq)]
#[bind(query)]
struct Filters {
    tag: Vec<String>,
    sort: Option<Sort>,
}

#[derive(Bind, Debug, PartialEq)]
#[bind(query)]
struct Sort {
    by: String,
    #[bind(default)]
    desc: bool,
}

#[derive(Bind, Debug, PartialEq)]
#[bind(query)]
struct Cursor {
    after: String,
    limit: Option<u8>,
}

#[derive(Bind, Debug, PartialEq)]
struct Feed {
    #[bind(query)]
    topic: String,
    #[bind(query, flatten)]
    cursor: Cursor,
}

fn query(q: &str) -> Parts<'_, '_> {
    Parts {
        query: Some(q),
        ..Parts::default()
    }
}

fn shown(err: BindError) -> Vec<String> {
    let BindError::Fields(errors) = err else {
        panic!("field errors, not {err:?}")
    };
    errors.as_slice().iter().map(ToString::to_string).collect()
}

#[test]
fn a_flattened_structs_members_are_the_parents_own_keys() {
    let s = SearchItems::bind(&query("page=2&per_page=50&q=tea")).unwrap();
    assert_eq!(
        s,
        SearchItems {
            q: "tea".into(),
            paging: Pagination {
                page: 2,
                per_page: 50
            }
        }
    );
    // The parent's own key first: its scan does not stop once `q` is
    // bound, the flattened keys come after it.
    let s = SearchItems::bind(&query("q=tea&per_page=5&page=3")).unwrap();
    assert_eq!(
        s.paging,
        Pagination {
            page: 3,
            per_page: 5
        }
    );
    // A key sent encoded.
    let s = SearchItems::bind(&query("q=tea&per%5Fpage=7")).unwrap();
    assert_eq!(
        s.paging,
        Pagination {
            page: 1,
            per_page: 7
        }
    );
}

#[test]
fn a_flattened_struct_of_defaults_binds_with_no_keys() {
    let s = SearchItems::bind(&query("q=tea")).unwrap();
    assert_eq!(
        s.paging,
        Pagination {
            page: 1,
            per_page: 20
        }
    );
    let u = ListUsers::bind(&Parts::default()).unwrap();
    assert_eq!(
        u,
        ListUsers {
            role: None,
            paging: Pagination {
                page: 1,
                per_page: 20
            },
            filters: Filters {
                tag: vec![],
                sort: None
            }
        }
    );
}

#[test]
fn one_struct_flattened_into_two() {
    let u = ListUsers::bind(&query(
        "role=admin&tag=a&page=4&sort[by]=name&tag=b&sort.desc=true",
    ))
    .unwrap();
    assert_eq!(u.role.as_deref(), Some("admin"));
    assert_eq!(
        u.paging,
        Pagination {
            page: 4,
            per_page: 20
        }
    );
    assert_eq!(
        u.filters,
        Filters {
            tag: vec!["a".into(), "b".into()],
            sort: Some(Sort {
                by: "name".into(),
                desc: true
            })
        }
    );
    let s = SearchItems::bind(&query("q=x&per_page=9")).unwrap();
    assert_eq!(s.paging.per_page, 9);
}

#[test]
fn deny_unknown_fields_refuses_only_what_no_struct_takes() {
    let err =
        ListUsers::bind(&query("role=a&page=2&pages=3&sort[by]=x&sort[up]=1&tag=t")).unwrap_err();
    assert_eq!(
        shown(err),
        [
            "query: pages: not a field this request takes",
            "query: sort[up]: not a field this request takes"
        ]
    );
    // Without it, an unknown key is skipped.
    let s = SearchItems::bind(&query("q=a&pages=3&page=2")).unwrap();
    assert_eq!(s.paging.page, 2);
}

#[test]
fn failures_are_named_by_the_key_as_sent() {
    let err = SearchItems::bind(&query("q=t&page=x&per_page=-1")).unwrap_err();
    assert_eq!(
        shown(err),
        [
            "query: page: expected an unsigned integer",
            "query: per_page: expected an unsigned integer"
        ]
    );
    // A required member missing, and one nested deeper.
    let err = Feed::bind(&query("topic=t&limit=3")).unwrap_err();
    assert_eq!(shown(err), ["query: after: a value is required"]);
    let err = ListUsers::bind(&query("sort[desc]=true")).unwrap_err();
    assert_eq!(shown(err), ["query: sort.by: a value is required"]);
    let f = Feed::bind(&query("after=abc&topic=t")).unwrap();
    assert_eq!((f.cursor.after.as_str(), f.cursor.limit), ("abc", None));
}

/// The body's flattened struct, from each format.
#[derive(Bind, Debug, PartialEq)]
#[bind(body)]
struct Contact {
    name: String,
    email: Option<String>,
}

#[derive(Bind, Debug, PartialEq)]
struct Signup {
    #[bind(body)]
    plan: String,
    #[bind(body, flatten)]
    contact: Contact,
    #[bind(query, flatten)]
    paging: Pagination,
}

#[test]
fn the_body_flattens_from_forms_multipart_and_json() {
    let want = Signup {
        plan: "pro".into(),
        contact: Contact {
            name: "Ada".into(),
            email: Some("ada@example.com".into()),
        },
        paging: Pagination {
            page: 2,
            per_page: 20,
        },
    };
    let form = Signup::bind(&Parts {
        query: Some("page=2"),
        body: Body::Form(b"name=Ada&plan=pro&email=ada%40example.com"),
        ..Parts::default()
    })
    .unwrap();
    assert_eq!(form, want);

    let multipart = b"--B\r\nContent-Disposition: form-data; name=plan\r\n\r\npro\r\n\
--B\r\nContent-Disposition: form-data; name=name\r\n\r\nAda\r\n\
--B\r\nContent-Disposition: form-data; name=email\r\n\r\nada@example.com\r\n--B--";
    let parts = Signup::bind(&Parts {
        query: Some("page=2"),
        body: Body::classify(Some(b"multipart/form-data; boundary=B"), multipart),
        ..Parts::default()
    })
    .unwrap();
    assert_eq!(parts, want);

    let json = Signup::bind(&Parts {
        query: Some("page=2"),
        body: Body::Json(br#"{"plan":"pro","name":"Ada","email":"ada@example.com","x":[1]}"#),
        ..Parts::default()
    })
    .unwrap();
    assert_eq!(json, want);

    // Failures from JSON, named by the member as sent.
    let err = Signup::bind(&Parts {
        body: Body::Json(br#"{"plan":"pro","email":3}"#),
        ..Parts::default()
    })
    .unwrap_err();
    assert_eq!(shown(err), ["body: name: a value is required"]);
    let err = Signup::bind(&Parts {
        body: Body::Json(br#"{"plan":"pro","name":["A"]}"#),
        ..Parts::default()
    })
    .unwrap_err();
    assert_eq!(
        shown(err),
        ["body: name: expected a single value, not an array or object"]
    );
    // A malformed body is reported once, by the parent's scan.
    let err = Signup::bind(&Parts {
        body: Body::Json(br#"{"plan":"pro","name":"#),
        ..Parts::default()
    })
    .unwrap_err();
    assert!(matches!(err, BindError::Malformed { .. }), "{err:?}");
}

#[derive(Bind, Debug, PartialEq)]
#[bind(path)]
struct RepoPath {
    owner: String,
    repo: String,
}

#[derive(Bind, Debug, PartialEq)]
struct Issue {
    #[bind(path)]
    number: u32,
    #[bind(path, flatten)]
    repo: RepoPath,
}

#[test]
fn path_values_flatten() {
    let i = Issue::bind(&Parts {
        path: &[("owner", "rust-lang"), ("number", "7"), ("repo", "rust")],
        ..Parts::default()
    })
    .unwrap();
    assert_eq!(
        (i.number, i.repo.owner.as_str(), i.repo.repo.as_str()),
        (7, "rust-lang", "rust")
    );
}

/// A struct with a flattened field, itself another's member.
#[derive(Bind, Debug, PartialEq)]
struct Saved {
    #[bind(body)]
    name: String,
    #[bind(body)]
    search: SearchItems,
}

#[test]
fn a_parent_with_a_flattened_field_nests() {
    let s = Saved::bind(&Parts {
        body: Body::Form(b"name=n&search[q]=tea&search[page]=3"),
        ..Parts::default()
    })
    .unwrap();
    assert_eq!(s.search.q, "tea");
    assert_eq!(
        s.search.paging,
        Pagination {
            page: 3,
            per_page: 20
        }
    );

    let s = Saved::bind(&Parts {
        body: Body::Json(br#"{"name":"n","search":{"per_page":4,"q":"tea"}}"#),
        ..Parts::default()
    })
    .unwrap();
    assert_eq!(
        s.search.paging,
        Pagination {
            page: 1,
            per_page: 4
        }
    );

    // Failures under the parent's path, by the member's own key.
    let err = Saved::bind(&Parts {
        body: Body::Form(b"name=n&search[q]=tea&search[page]=x"),
        ..Parts::default()
    })
    .unwrap_err();
    assert_eq!(
        shown(err),
        ["body: search.page: expected an unsigned integer"]
    );
    let err = Saved::bind(&Parts {
        body: Body::Json(br#"{"name":"n","search":{"q":"tea","page":"x"}}"#),
        ..Parts::default()
    })
    .unwrap_err();
    assert_eq!(
        shown(err),
        ["body: search.page: expected an unsigned integer"]
    );
}

/// A generic parent: the flattened type is a parameter.
#[derive(Bind, Debug, PartialEq)]
struct Listing<P> {
    #[bind(query)]
    q: Option<String>,
    #[bind(query, flatten)]
    paging: P,
}

#[test]
fn the_flattened_type_may_be_a_parameter() {
    let l = Listing::<Pagination>::bind(&query("page=3")).unwrap();
    assert_eq!(
        (l.q, l.paging),
        (
            None,
            Pagination {
                page: 3,
                per_page: 20
            }
        )
    );
    let l = Listing::<Cursor>::bind(&query("q=a&after=z")).unwrap();
    assert_eq!(l.paging.after, "z");
    let err = Listing::<Cursor>::bind(&query("q=a")).unwrap_err();
    assert_eq!(shown(err), ["query: after: a value is required"]);
}
