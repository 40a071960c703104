//! The `#[bind(...)]` attributes, each with an example that runs as a test.
//!
//! # Sources
//! Every field names where its value comes from, with an optional name
//! (default: the field's name; for headers, the field's name with `_` as
//! `-`). Each source is read once per request, whatever the number of
//! fields.
//!
//! ```
//! use binder_http::request::{Body, Parts};
//! use binder_http::Bind;
//!
//! #[derive(Bind)]
//! struct Sources<'r> {
//!     #[bind(path = "team")]          // a router's path parameter
//!     team_id: u32,
//!     #[bind(query)]                  // ?page=2
//!     page: u32,
//!     #[bind(header = "X-Request-ID")] // any case
//!     trace: &'r str,
//!     #[bind(header)]                 // the name `x-api-version`
//!     x_api_version: u8,
//!     #[bind(cookie)]                 // Cookie: session=...
//!     session: &'r str,
//!     #[bind(body)]                   // JSON, urlencoded or multipart
//!     email: String,
//! }
//!
//! let req = Parts {
//!     path: &[("team", "42")],
//!     query: Some("page=2"),
//!     headers: &[("X-Request-ID", b"7f3c"), ("X-API-Version", b"3"), ("Cookie", b"session=abc")],
//!     body: Body::Form(b"email=ada%40example.org"),
//! };
//! let s = Sources::bind(&req).unwrap();
//! assert_eq!((s.team_id, s.page, s.trace, s.x_api_version), (42, 2, "7f3c", 3));
//! assert_eq!((s.session, s.email.as_str()), ("abc", "ada@example.org"));
//! ```
//!
//! # `context`: what the service knows about the request
//! A sixth source holds what the request does not carry as sent but the
//! service found out about it: the user an authentication layer signed
//! in, the tenant a host name maps to. `#[bind(context)]` fields bind from
//! a [`Context`](crate::Context) put beside the request with
//! [`WithContext`](crate::WithContext) (a list of pairs, a
//! [`ContextValues`](crate::ContextValues), or a type of your own), by
//! name, converted as text, with the same defaults, lists and errors
//! (under the source `context`). binder-axum's extractors, binder-actix's
//! `Bound<T>` and binder-hyper's `bind` take a `ContextValues` from the
//! request's extensions, where a middleware put it;
//! `binder_axum::Binder::bind_with_context` takes any `Context`.
//!
//! ```
//! use binder_http::request::Parts;
//! use binder_http::{Bind, WithContext};
//!
//! #[derive(Bind)]
//! struct MyOrders<'r> {
//!     #[bind(context = "user")]
//!     user_id: u64,
//!     #[bind(context)]
//!     tenant: &'r str,
//!     #[bind(query)]
//!     page: u32,
//! }
//!
//! let req = Parts { query: Some("page=2"), ..Parts::default() };
//! let o = MyOrders::bind(&WithContext::new(req, [("user", "42"), ("tenant", "acme")])).unwrap();
//! assert_eq!((o.user_id, o.tenant, o.page), (42, "acme", 2));
//! // A value the client sends cannot stand in for one: the query is not the context.
//! let forged = Parts { query: Some("page=2&user=1&tenant=evil"), ..Parts::default() };
//! assert!(MyOrders::bind(&forged).is_err());
//! ```
//!
//! # A source for the whole struct
//! A source on the struct (`#[bind(query)]`, `#[bind(body)]`, ...) is the
//! source of every field that names none; a field with its own keeps it,
//! and `skip` and `raw_body` fields are untouched. Names follow the same
//! rules as a field's own source: `rename_all` renames them, and under
//! `#[bind(header)]` a field `user_agent` is the header `user-agent`. A
//! nested struct (a JSON object's members, `lines[0][sku]` in a form) binds
//! every bound field as a member, whatever source the field names (that
//! source counts only when the struct is bound alone), so `#[bind(body)]`
//! on it is all it needs.
//!
//! ```
//! use binder_http::request::{Body, Parts};
//! use binder_http::Bind;
//!
//! #[derive(Bind)]
//! #[bind(query)]
//! struct Search<'r> {
//!     q: &'r str,
//!     page: Option<u32>,
//!     #[bind(header = "X-Trace")]
//!     trace: Option<&'r str>,
//! }
//!
//! let req = Parts { query: Some("q=rust&page=2"), headers: &[("X-Trace", b"t1")], ..Parts::default() };
//! let s = Search::bind(&req).unwrap();
//! assert_eq!((s.q, s.page, s.trace), ("rust", Some(2), Some("t1")));
//!
//! #[derive(Bind)]
//! #[bind(body)]
//! struct Line<'r> {
//!     sku: &'r str,
//!     qty: u32,
//! }
//!
//! #[derive(Bind)]
//! #[bind(body)]
//! struct Order<'r> {
//!     lines: Vec<Line<'r>>,
//!     note: Option<&'r str>,
//! }
//!
//! let json = Parts { body: Body::Json(br#"{"lines":[{"sku":"a","qty":2}]}"#), ..Parts::default() };
//! let form = Parts { body: Body::Form(b"lines[0][sku]=a&lines[0][qty]=2"), ..Parts::default() };
//! for req in [json, form] {
//!     let o = Order::bind(&req).unwrap();
//!     assert_eq!((o.lines[0].sku, o.lines[0].qty, o.note), ("a", 2, None));
//! }
//! ```
//!
//! # Path values are raw
//! A router hands binder path parameters as they are in the request's
//! path, percent-encoded (matchit's `Params`, axum's `RawPathParams`, the
//! `path` of [`Parts`](crate::request::Parts)); binder decodes each exactly once,
//! into the field's type. A router that has already decoded its values
//! must not be given to binder as they are: `%2541` would become `%41`
//! there and `A` here.
//!
//! ```
//! use binder_http::request::Parts;
//! use binder_http::Bind;
//!
//! #[derive(Bind)]
//! struct File {
//!     #[bind(path)]
//!     name: String,
//! }
//!
//! let f = File::bind(&Parts { path: &[("name", "100%25%20done")], ..Parts::default() }).unwrap();
//! assert_eq!(f.name, "100% done");
//! ```
//!
//! # Cookies: quotes
//! A cookie value sent in double quotes (`pref="dark mode"`) binds without
//! them, as the `cookie` crate reads it; `keep_quotes` binds it as sent.
//!
//! ```
//! use binder_http::request::Parts;
//! use binder_http::Bind;
//!
//! #[derive(Bind)]
//! struct Prefs<'r> {
//!     #[bind(cookie)]
//!     theme: &'r str,
//!     #[bind(cookie, keep_quotes)]
//!     pref: &'r str,
//! }
//!
//! let req = Parts { headers: &[("Cookie", b"theme=\"dark\"; pref=\"dark mode\"")], ..Parts::default() };
//! let p = Prefs::bind(&req).unwrap();
//! assert_eq!((p.theme, p.pref), ("dark", "\"dark mode\""));
//! ```
//!
//! # Names: `rename_all`
//! A container attribute renames every field that has no explicit name
//! (`lowercase`, `UPPERCASE`, `PascalCase`, `camelCase`, `snake_case`,
//! `SCREAMING_SNAKE_CASE`, `kebab-case`); header names are not renamed.
//!
//! ```
//! use binder_http::request::Parts;
//! use binder_http::Bind;
//!
//! #[derive(Bind)]
//! #[bind(rename_all = "camelCase")]
//! struct Search {
//!     #[bind(query)]
//!     page_size: u32,
//!     #[bind(query = "q")]
//!     search_text: String,
//! }
//!
//! let s = Search::bind(&Parts { query: Some("pageSize=50&q=rust"), ..Parts::default() }).unwrap();
//! assert_eq!((s.page_size, s.search_text.as_str()), (50, "rust"));
//! ```
//!
//! # Missing, empty and present
//! A field that is not an `Option`, a `Vec` or defaulted must be sent.
//! `Option<T>` is `None` when absent, and also when sent empty if `T` is not
//! text (an HTML form sends a blank number input as `age=`); for text it is
//! `Some("")`. `required` refuses an empty value as well as a missing one.
//!
//! ```
//! use binder_http::request::Parts;
//! use binder_http::Bind;
//!
//! #[derive(Bind, Debug)]
//! struct Profile<'r> {
//!     #[bind(query)]
//!     age: Option<u32>,
//!     #[bind(query)]
//!     bio: Option<&'r str>,
//!     #[bind(query, required)]
//!     name: &'r str,
//! }
//!
//! let q = |q: &'static str| Profile::bind(&Parts { query: Some(q), ..Parts::default() });
//! let p = q("age=&bio=&name=ada").unwrap();
//! assert_eq!((p.age, p.bio, p.name), (None, Some(""), "ada"));
//! assert_eq!(q("name=").unwrap_err().to_string(), "query: name: a non-empty value is required");
//! assert_eq!(q("").unwrap_err().to_string(), "query: name: a value is required");
//! ```
//!
//! # PATCH: absent, `null` or a value
//! `Option<Option<T>>` tells the three apart in JSON: a member not sent is
//! `None` (leave it), `null` is `Some(None)` (clear it), a value is
//! `Some(Some(v))`. A form cannot send `null`: an empty value clears a
//! field that is not text (`age=` is `Some(None)`), and is the empty text
//! for a text field.
//!
//! ```
//! use binder_http::request::{Body, Parts};
//! use binder_http::Bind;
//!
//! #[derive(Bind)]
//! struct EditUser {
//!     #[bind(body)]
//!     nickname: Option<Option<String>>,
//!     #[bind(body)]
//!     age: Option<Option<u8>>,
//!     #[bind(body)]
//!     email: Option<Option<String>>,
//! }
//!
//! let body = br#"{"nickname": null, "age": 37}"#;
//! let req = Parts { body: Body::classify(Some(b"application/json"), body), ..Parts::default() };
//! let edit = EditUser::bind(&req).unwrap();
//! assert_eq!((edit.nickname, edit.age, edit.email), (Some(None), Some(Some(37)), None));
//! ```
//!
//! # `deny_unknown_fields`: refuse what no field takes
//! By default a key no field takes is skipped: a JSON member (its bytes
//! still checked), a query or form key, a multipart part. On a struct,
//! `#[bind(deny_unknown_fields)]` refuses each one instead, as `unknown`
//! under its name as sent (a JSON name with escapes as `…`): JSON members
//! in the body's object and in the struct's objects wherever it is nested,
//! query keys when the struct has query fields, and form keys and
//! multipart parts when it has body fields (a bracketed key naming no
//! member, `address[zip]`, too). Every key is then read (no early stop
//! once the fields are bound); every unknown one is listed (up to
//! `max_errors`), after the fields' own errors. Headers and cookies are
//! never refused: clients and proxies add their own.
//!
//! ```
//! use binder_http::request::{Body, Parts};
//! use binder_http::Bind;
//!
//! #[derive(Bind, Debug)]
//! #[bind(body, deny_unknown_fields)]
//! struct Signup {
//!     email: String,
//!     age: Option<u8>,
//! }
//!
//! let body = br#"{"email": "ada@example.org", "admin": true}"#;
//! let req = Parts { body: Body::classify(Some(b"application/json"), body), ..Parts::default() };
//! let err = Signup::bind(&req).unwrap_err();
//! assert_eq!(err.to_string(), "body: admin: not a field this request takes");
//! assert_eq!(err.fields().unwrap().as_slice()[0].kind().code(), "unknown");
//! ```
//!
//! # `strict`: JSON values of their own kind only
//! By default a JSON body is read leniently, as a form is: a scalar
//! converts from its text into any field type that takes that text (`"42"`
//! binds a `u32`, `42` a `String`, `"true"` a `bool`), and a lone value
//! where a list is due is a list of one. `#[bind(strict)]` on a struct
//! reads its JSON body as serde does: a string binds only a type that
//! takes strings (text, `char`, enums deriving `FromText`, dates, ids...),
//! a number only a number type, `true`/`false` only `bool`, a list only
//! an array (and `null` is no element of it); anything else is
//! `wrong_type`, naming the kind expected. A member absent or `null` is
//! still no value (`missing`, `None`, the default, an empty list: use
//! `Option<Vec<T>>` to tell an absent list from an empty one). It
//! holds in every object and array of the body, nested structs included.
//! Query, form, header, cookie and path values are text and bind as ever.
//! A `FromText` type of your own takes any kind unless it sets
//! [`FromText::JSON`](crate::convert::FromText::JSON) (a derived newtype
//! takes its field's kinds).
//!
//! ```
//! use binder_http::request::{Body, Parts};
//! use binder_http::Bind;
//!
//! #[derive(Bind, Debug)]
//! #[bind(body, strict)]
//! struct Order {
//!     qty: u32,
//!     sku: String,
//!     tags: Vec<String>,
//! }
//!
//! let json = |b: &'static str| Parts {
//!     body: Body::classify(Some(b"application/json"), b.as_bytes()),
//!     ..Parts::default()
//! };
//! let err = Order::bind(&json(r#"{"qty": "2", "sku": 1234, "tags": "new"}"#)).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "body: qty: expected a number\nbody: sku: expected a string\nbody: tags: expected an array"
//! );
//! let o = Order::bind(&json(r#"{"qty": 2, "sku": "1234", "tags": ["new"]}"#)).unwrap();
//! assert_eq!((o.qty, o.sku.as_str(), o.tags.len()), (2, "1234", 1));
//! ```
//!
//! # Generic structs
//! A struct may have type and const parameters beside the request's
//! lifetime. Each generated impl carries them, bounded by what binding
//! asks of each field type that names one (`Vec<T>: Field<'r>`), so
//! `Page<T>` binds for every `T` its fields can bind, and owns what it
//! holds (`OwnedBind`, for extractors) when it has no lifetime. A field
//! holding the struct itself (`children: Vec<Tree<T>>`) needs no bound of
//! its own; two generic structs holding each other do not compile (each
//! one's bound asks for the other's).
//!
//! ```
//! use binder_http::request::{Body, Parts};
//! use binder_http::Bind;
//!
//! #[derive(Bind, Debug)]
//! struct Page<T> {
//!     #[bind(body)]
//!     items: Vec<T>,
//!     #[bind(body)]
//!     total: u64,
//! }
//!
//! #[derive(Bind, Debug)]
//! struct Item {
//!     #[bind(body)]
//!     sku: String,
//! }
//!
//! #[derive(Bind, Debug)]
//! struct Envelope<'r, T> {
//!     #[bind(body)]
//!     data: T,
//!     #[bind(header = "x-id")]
//!     id: &'r str,
//! }
//!
//! let json = br#"{"items": [{"sku": "a"}, {"sku": "b"}], "total": 2}"#;
//! let p = Page::<Item>::bind(&Parts { body: Body::Json(json), ..Parts::default() }).unwrap();
//! assert_eq!((p.items[1].sku.as_str(), p.total), ("b", 2));
//! let form = Parts { body: Body::Form(b"items=4&items=5&total=2"), ..Parts::default() };
//! assert_eq!(Page::<u32>::bind(&form).unwrap().items, [4, 5]);
//!
//! let req = Parts { headers: &[("X-Id", b"r-7")], body: Body::Json(br#"{"data": [1, 2]}"#), ..Parts::default() };
//! let e = Envelope::<Vec<u8>>::bind(&req).unwrap();
//! assert_eq!((e.data, e.id), (vec![1, 2], "r-7"));
//! ```
//!
//! # `flatten`: one struct's members as another's own keys
//! `#[bind(query, flatten)]` on a field whose type is a struct deriving
//! `Bind` reads that struct's members as the parent's own keys:
//! `?q=tea&page=2` binds `q` on the parent and `page` on the flattened
//! struct, so one `Pagination` serves every list endpoint. A key the
//! parent has no field for is offered to each flattened field in turn
//! (the parent's own keys come first); the flattened struct is then built
//! from what it took, so one whose members are all `Option` or `default`
//! binds with no key at all, and a missing required member is reported.
//! Failures are named by the key as sent (`page`, not `paging.page`).
//!
//! Sources: the query, path values and the body. From a form, a multipart
//! body's text parts (not files) or a custom format, key by key; keys reach
//! the flattened struct decoded into a scratch copy, so a map inside it
//! keys by owned text (`String`), and a key longer than 256 bytes is not
//! offered. From a JSON body, the flattened struct reads the body's object
//! again on its own, taking its members and skipping the rest: a member
//! both structs have binds in both, and a flattened struct that itself
//! denies unknown fields refuses the parent's members. With
//! `deny_unknown_fields` on the parent, a key neither struct takes is
//! refused; as the parent cannot tell which JSON members the flattened one
//! takes, a flattened `body` field with `deny_unknown_fields` needs the
//! body restricted to forms (`accept = "form, multipart"`), else it does
//! not compile. Headers and cookies cannot be flattened. Flattening makes
//! the struct's scans of those sources read every key (no early stop once
//! its fields are bound).
//!
//! ```
//! use binder_http::request::{Body, Parts};
//! use binder_http::Bind;
//!
//! #[derive(Bind, Debug, PartialEq)]
//! #[bind(query)]
//! struct Pagination {
//!     #[bind(default = 1)]
//!     page: u32,
//!     #[bind(default = 20)]
//!     per_page: u32,
//! }
//!
//! #[derive(Bind, Debug)]
//! struct SearchItems {
//!     #[bind(query)]
//!     q: String,
//!     #[bind(query, flatten)]
//!     paging: Pagination,
//! }
//!
//! #[derive(Bind, Debug)]
//! #[bind(query, deny_unknown_fields)]
//! struct ListUsers {
//!     role: Option<String>,
//!     #[bind(flatten)]
//!     paging: Pagination,
//! }
//!
//! let s = SearchItems::bind(&Parts { query: Some("page=2&per_page=50&q=tea"), ..Parts::default() }).unwrap();
//! assert_eq!((s.q.as_str(), s.paging), ("tea", Pagination { page: 2, per_page: 50 }));
//! let u = ListUsers::bind(&Parts { query: Some("role=admin"), ..Parts::default() }).unwrap();
//! assert_eq!(u.paging, Pagination { page: 1, per_page: 20 });
//!
//! let err = SearchItems::bind(&Parts { query: Some("q=tea&page=x"), ..Parts::default() }).unwrap_err();
//! assert_eq!(err.to_string(), "query: page: expected an unsigned integer");
//! let err = ListUsers::bind(&Parts { query: Some("page=2&pages=3"), ..Parts::default() }).unwrap_err();
//! assert_eq!(err.to_string(), "query: pages: not a field this request takes");
//! ```
//!
//! # `whole_body`: the whole JSON body as one field
//! `#[bind(whole_body)]` binds the whole JSON document to one field, read
//! as a member's value would be: a top-level array into a `Vec` (or a
//! tuple, an array), a scalar, or an object into a nested struct. Failures
//! are named under the field's name (`items[3].sku`); the body's limits
//! apply as to any JSON body. The struct then has no other `body` field (a
//! `raw_body` field may still take the bytes as sent) and accepts only
//! JSON: any other body is refused with `BindError::UnsupportedMediaType`
//! (415), before any field is read. No body at all leaves the field to its
//! type (an empty `Vec`, `None`), its `default` or `missing`. As another
//! struct's member, the field is a member like any other (`{"items": [..]}`).
//!
//! ```
//! use binder_http::request::{Body, Parts};
//! use binder_http::{Bind, BindError};
//!
//! #[derive(Bind, Debug)]
//! struct NewItem {
//!     #[bind(body)]
//!     sku: String,
//! }
//!
//! #[derive(Bind, Debug)]
//! struct CreateMany {
//!     #[bind(whole_body)]
//!     items: Vec<NewItem>,
//!     #[bind(query)]
//!     dry_run: Option<bool>,
//! }
//!
//! let body = br#"[{"sku": "a"}, {"sku": "b"}]"#;
//! let req = Parts { query: Some("dry_run=true"), body: Body::Json(body), ..Parts::default() };
//! let c = CreateMany::bind(&req).unwrap();
//! assert_eq!((c.items.len(), c.dry_run), (2, Some(true)));
//!
//! let err = CreateMany::bind(&Parts { body: Body::Json(br#"[{"sku": "a"}, {}]"#), ..Parts::default() }).unwrap_err();
//! assert_eq!(err.to_string(), "body: items[1].sku: a value is required");
//! let form = CreateMany::bind(&Parts { body: Body::Form(b"sku=a"), ..Parts::default() });
//! assert!(matches!(form, Err(BindError::UnsupportedMediaType)));
//! ```
//!
//! # Tuples and fixed-size arrays
//! A tuple (up to six elements) or an array `[T; N]` (up to 32 named in
//! errors) binds from a JSON array of exactly its length, each element as
//! its own type under its index (`point[1]`); `()` binds from `null`. They
//! are JSON shapes: a form or query value is refused (`expected an
//! array`), a `Vec` takes repeated keys.
//!
//! ```
//! use binder_http::request::{Body, Parts};
//! use binder_http::Bind;
//!
//! #[derive(Bind, Debug)]
//! struct Route {
//!     #[bind(body)]
//!     path: Vec<(f64, f64)>,
//!     #[bind(body)]
//!     color: [u8; 3],
//! }
//!
//! let body = br#"{"path": [[2.35, 48.85], [13.4, 52.52]], "color": [255, 128, 0]}"#;
//! let req = Parts { body: Body::classify(Some(b"application/json"), body), ..Parts::default() };
//! let r = Route::bind(&req).unwrap();
//! assert_eq!((r.path[1], r.color), ((13.4, 52.52), [255, 128, 0]));
//! let short = br#"{"path": [[2.35]], "color": [255, 128, 0]}"#;
//! let err = Route::bind(&Parts { body: Body::classify(Some(b"application/json"), short), ..req }).unwrap_err();
//! assert_eq!(err.to_string(), "body: path[0]: expected an array of 2 values");
//! ```
//!
//! # Repeated keys
//! A scalar takes the first value; a `Vec` takes every value in order
//! (`tags=a&tags=b`).
//!
//! ```
//! use binder_http::request::Parts;
//! use binder_http::Bind;
//!
//! #[derive(Bind)]
//! struct Filter<'r> {
//!     #[bind(query)]
//!     tag: Vec<&'r str>,
//!     #[bind(query)]
//!     sort: &'r str,
//! }
//!
//! let f = Filter::bind(&Parts { query: Some("tag=a&sort=new&tag=b&sort=old"), ..Parts::default() }).unwrap();
//! assert_eq!((f.tag, f.sort), (vec!["a", "b"], "new"));
//! ```
//!
//! # `default`, `default = expr` and `skip`
//! A defaulted field takes `Default::default()` or the expression when it
//! gets no value: nothing sent, a JSON `null`, or an empty file input (a
//! value that is sent but invalid is still an error). Without a default,
//! the same cases are `missing`. A skipped field is never read and takes
//! `Default::default()`.
//!
//! ```
//! use binder_http::request::{Body, Parts};
//! use binder_http::Bind;
//!
//! #[derive(Bind)]
//! struct Page {
//!     #[bind(query, default)]
//!     offset: u64,
//!     #[bind(query, default = 20)]
//!     limit: u32,
//!     #[bind(skip)]
//!     computed: Vec<u8>,
//! }
//!
//! let p = Page::bind(&Parts { query: Some("offset=40"), ..Parts::default() }).unwrap();
//! assert_eq!((p.offset, p.limit, p.computed.len()), (40, 20, 0));
//!
//! #[derive(Bind, Debug)]
//! struct Json {
//!     #[bind(body, default = 20)]
//!     limit: u32,
//!     #[bind(body)]
//!     offset: u64,
//! }
//! let req = Parts { body: Body::Json(br#"{"limit":null,"offset":null}"#), ..Parts::default() };
//! // `null` is no value: the default for `limit`, `missing` for `offset`.
//! assert_eq!(Json::bind(&req).unwrap_err().to_string(), "body: offset: a value is required");
//! ```
//!
//! # Borrowing and decoding
//! `&'r str` borrows from the request and refuses a value that needs
//! decoding (it has `%` escapes or `+`); `Cow<'r, str>` borrows when it can
//! and owns a decoded copy when it must; `String` always owns.
//!
//! ```
//! use binder_http::request::Parts;
//! use binder_http::Bind;
//! use std::borrow::Cow;
//!
//! #[derive(Bind)]
//! struct Names<'r> {
//!     #[bind(query)]
//!     a: Cow<'r, str>,
//!     #[bind(query)]
//!     b: Cow<'r, str>,
//! }
//!
//! let n = Names::bind(&Parts { query: Some("a=plain&b=Ada+Lovelace"), ..Parts::default() }).unwrap();
//! assert!(matches!(n.a, Cow::Borrowed("plain")));
//! assert!(matches!(n.b, Cow::Owned(ref s) if s == "Ada Lovelace"));
//! ```
//!
//! # Enums: `#[derive(FromText)]`
//! An enum of unit variants binds from one value in every source (a query
//! or form value, a header, a cookie, a path segment, a multipart text
//! part, a JSON string), as a field's type or inside `Option` and `Vec`.
//! Each variant is spelled as written (as serde spells it), or as the
//! enum's `rename_all` says (serde's rules for variants: `InReview` is
//! `in_review` in `snake_case`), or as its own `rename`; any number of
//! `alias` spellings select it too. Spellings are exact (case included).
//! Anything else is refused under the field's name with the spellings
//! (`expected one of: active, in_review, gone`), never the value sent;
//! [`ValueErrorKind::NotOneOf`](crate::field::ValueErrorKind::NotOneOf)
//! carries them as a list too, for a form that offers them again.
//!
//! ```
//! use binder_http::request::{Body, Parts};
//! use binder_http::{Bind, FromText};
//!
//! #[derive(FromText, Debug, PartialEq)]
//! #[bind(rename_all = "snake_case")]
//! enum Status {
//!     Active,
//!     InReview,
//!     #[bind(rename = "gone", alias = "deleted")]
//!     Archived,
//! }
//!
//! #[derive(FromText, Debug, PartialEq)]
//! enum Sort { Asc, Desc }
//!
//! #[derive(Bind, Debug)]
//! struct Filter {
//!     #[bind(query)]
//!     sort: Option<Sort>,
//!     #[bind(query)]
//!     status: Vec<Status>,
//!     #[bind(body)]
//!     set: Status,
//! }
//!
//! let req = Parts {
//!     query: Some("sort=Desc&status=in_review&status=deleted"),
//!     body: Body::classify(Some(b"application/json"), br#"{"set":"active"}"#),
//!     ..Parts::default()
//! };
//! let f = Filter::bind(&req).unwrap();
//! assert_eq!((f.sort, f.status, f.set), (Some(Sort::Desc), vec![Status::InReview, Status::Archived], Status::Active));
//!
//! let err = Filter::bind(&Parts { query: Some("sort=up"), ..req }).unwrap_err();
//! assert_eq!(err.to_string(), "query: sort: expected one of: Asc, Desc");
//! ```
//!
//! On a newtype, `#[derive(FromText)]` reads the field's type and wraps
//! it, in every source and from JSON numbers, strings and booleans as the
//! field's type takes them (a newtype of `Cow<str>` borrows as it does):
//!
//! ```
//! use binder_http::request::Parts;
//! use binder_http::{Bind, FromText};
//! use std::borrow::Cow;
//!
//! #[derive(FromText, Debug, PartialEq)]
//! struct UserId(u64);
//!
//! #[derive(FromText)]
//! struct Nick<'r>(Cow<'r, str>);
//!
//! #[derive(Bind)]
//! struct Lookup<'r> {
//!     #[bind(query)]
//!     id: UserId,
//!     #[bind(query)]
//!     nick: Nick<'r>,
//! }
//!
//! let l = Lookup::bind(&Parts { query: Some("id=7&nick=ada"), ..Parts::default() }).unwrap();
//! assert_eq!(l.id, UserId(7));
//! assert!(matches!(l.nick.0, Cow::Borrowed("ada")));
//! ```
//!
//! # Enums with data in JSON
//! `#[derive(Bind)]` on an enum makes it a field's type bound from a JSON
//! body in serde's shapes (the same attributes, under `bind`):
//!
//! - externally tagged, the default: a unit variant as its name
//!   (`"Unit"`, or `{"Unit": null}`), any other as an object of one member
//!   named by the variant: `{"Square": 2.0}` (newtype), `{"Point": [1, 2]}`
//!   (tuple), `{"Circle": {"r": 1.5}}` (struct);
//! - internally tagged, `#[bind(tag = "type")]`: `{"type": "circle", "r":
//!   1.5}`, the tag anywhere in the object; unit, struct and newtype
//!   variants (a newtype's struct takes the object's other members);
//! - adjacently tagged, `#[bind(tag = "t", content = "c")]`: `{"t":
//!   "Square", "c": 2.0}`, in either order.
//!
//! Variants are named as `#[derive(FromText)]` names them (`rename_all`,
//! `rename`, `alias`); a struct variant's fields by their own `rename` and
//! `alias`, the variant's `rename_all` or the enum's `rename_all_fields`
//! (serde's rules for fields), and a field may take `default`, `default =
//! expr` or `skip`. A field of a variant is any field type (`Option<T>`,
//! `Vec<T>`, nested structs, tuples, `Box<T>` for an enum that holds
//! itself), with errors under its path: `shape.Circle.r` (the variant's
//! member, externally tagged), `shape.r` (internally tagged), `shape.c.r`
//! (adjacently). A name that is no variant's is refused with the names
//! accepted ([`ValueErrorKind::NotOneOf`](crate::field::ValueErrorKind::NotOneOf)),
//! never the name sent; a missing tag, a value of the wrong shape and a
//! missing field are field errors; a JSON syntax error still ends the bind.
//! Members no field takes are skipped, or refused with
//! `deny_unknown_fields` on the enum.
//!
//! When the tag is not the object's first member, binder reads the object
//! twice (checking, not decoding, up to the tag, then binding it from the
//! start) where serde buffers it; a clean bind allocates nothing beyond
//! what the value owns. Binder refuses two things serde takes: an array for
//! a struct variant, and a variant's index for its name. Query and form values
//! are text, so a field of an enum with data refuses them (`expected an
//! object`); an enum of unit variants only, externally tagged, binds from
//! text as `#[derive(FromText)]` would (and from JSON as serde reads it;
//! derive one or the other, not both). Type parameters are not supported;
//! one lifetime is (`&'r str` fields).
//!
//! ```
//! use binder_http::request::{Body, Parts};
//! use binder_http::Bind;
//!
//! #[derive(Bind, Debug, PartialEq)]
//! #[bind(tag = "type", rename_all = "snake_case")]
//! enum Shape {
//!     Circle { r: f64 },
//!     Rect { w: f64, h: f64 },
//!     #[bind(alias = "nothing")]
//!     Empty,
//! }
//!
//! #[derive(Bind, Debug, PartialEq)]
//! enum Fill {
//!     None,
//!     Solid(u32),
//!     Gradient { from: u32, to: u32 },
//! }
//!
//! #[derive(Bind, Debug)]
//! struct Drawing {
//!     #[bind(body)]
//!     shapes: Vec<Shape>,
//!     #[bind(body)]
//!     fill: Option<Fill>,
//! }
//!
//! let body = br#"{"shapes": [{"type": "circle", "r": 1.5}, {"w": 2, "h": 3, "type": "rect"}, {"type": "nothing"}],
//!                 "fill": {"Gradient": {"from": 0, "to": 255}}}"#;
//! let d = Drawing::bind(&Parts { body: Body::Json(body), ..Parts::default() }).unwrap();
//! assert_eq!(d.shapes, [Shape::Circle { r: 1.5 }, Shape::Rect { w: 2.0, h: 3.0 }, Shape::Empty]);
//! assert_eq!(d.fill, Some(Fill::Gradient { from: 0, to: 255 }));
//!
//! let bad = br#"{"shapes": [{"type": "hexagon"}, {"type": "rect", "w": 1}], "fill": "Solid"}"#;
//! let err = Drawing::bind(&Parts { body: Body::Json(bad), ..Parts::default() }).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "body: shapes[0].type: expected one of: circle, rect, empty\n\
//!      body: shapes[1].h: a value is required\n\
//!      body: fill: expected an object with one member, named by the variant: this variant holds a value"
//! );
//! ```
//!
//! # `serde`: any `Deserialize` type
//! With binder-http's `serde` feature (binder-hyper, binder-axum and
//! binder-actix forward theirs to it), `#[bind(serde)]` on a `T`,
//! `Option<T>` or `Vec<T>` field binds any `T: serde::Deserialize`: a
//! `uuid::Uuid`, a `time::Date`, a `serde_json::Value`, an enum or a
//! struct of your own. A field of type `binder_http::convert::Serde<T>`
//! is the same without the attribute.
//!
//! - From JSON, `T` reads the member through binder's own reader (not
//!   serde_json): its limits hold, depth included; strings are borrowed
//!   when they have no escapes, so `&'r str` members borrow from the body;
//!   a syntax error anywhere in the value is a malformed body, and what
//!   `T` refuses is one field error under the path of the member that
//!   failed (`lines[0].qty`), the rest of the body still bound.
//! - From a text value (path, query, header, cookie, form field, multipart
//!   text part, context), `T` reads the decoded text: numbers and `bool`
//!   parse as binder's own fields parse them, strings are borrowed when
//!   nothing was decoded, an enum's unit variants are named by the text.
//!   A blank value into an `Option` is `None`.
//! - Messages never hold what was sent: serde's own (`invalid value:
//!   string "x"`) become "not a valid value for the field's type",
//!   "expected a value of another type", "expected one of the accepted
//!   values" (the variants listed beside it), and `missing` or `duplicate`
//!   under the member's own path.
//! - `null` for the field itself is no value, as for every field; inside
//!   the value it is `T`'s to read (`None` for an `Option` member).
//! - Not with `from_str` or `required` (a compile error says why).
//!
//! [`RawJson`](crate::RawJson) (no feature needed) keeps a member exactly
//! as sent, borrowed from the body and checked, for a part of it read
//! later or handed on.
//!
//! ```
//! use binder_http::request::{Body, Parts};
//! use binder_http::{Bind, RawJson};
//! use serde::Deserialize;
//!
//! #[derive(Deserialize, Debug, PartialEq)]
//! #[serde(rename_all = "lowercase")]
//! enum Sort { Asc, Desc }
//!
//! #[derive(Deserialize, Debug, PartialEq)]
//! struct Line<'a> { sku: &'a str, qty: u32 }
//!
//! #[derive(Bind)]
//! struct Order<'r> {
//!     #[bind(path, serde)]
//!     id: uuid::Uuid,
//!     #[bind(query, serde)]
//!     sort: Option<Sort>,
//!     #[bind(body, serde)]
//!     lines: Vec<Line<'r>>,
//!     #[bind(body, serde)]
//!     meta: Option<serde_json::Value>,
//!     #[bind(body)]
//!     hook: Option<RawJson<'r>>,
//! }
//!
//! let body = br#"{"lines": [{"sku": "A-1", "qty": 2}], "meta": {"tags": ["x"]}, "hook": {"url": "/h"}}"#;
//! let req = Parts {
//!     path: &[("id", "67e55044-10b1-426f-9247-bb680e5fe0c8")],
//!     query: Some("sort=desc"),
//!     headers: &[],
//!     body: Body::Json(body),
//! };
//! let o = Order::bind(&req).unwrap();
//! assert_eq!(o.id.to_string(), "67e55044-10b1-426f-9247-bb680e5fe0c8");
//! assert_eq!((o.sort, o.lines[0].sku, o.lines[0].qty), (Some(Sort::Desc), "A-1", 2));
//! assert_eq!(o.meta.unwrap()["tags"][0], "x");
//! assert_eq!(o.hook.unwrap().as_str(), r#"{"url": "/h"}"#);
//!
//! let bad = Parts {
//!     path: &[("id", "7")],
//!     query: Some("sort=up"),
//!     headers: &[],
//!     body: Body::Json(br#"{"lines": [{"sku": "A-1", "qty": "two"}]}"#),
//! };
//! assert_eq!(
//!     Order::bind(&bad).err().unwrap().to_string(),
//!     "path: id: not a valid value for the field's type\n\
//!      query: sort: expected one of the accepted values\n\
//!      body: lines[0].qty: expected a value of another type"
//! );
//! ```
//!
//! # `from_str`: any `FromStr` type
//! On a `T`, `Option<T>` or `Vec<T>` field whose `T: FromStr`. (Or
//! implement [`binder_http::convert::FromText`](crate::convert::FromText)
//! for full control.)
//!
//! ```
//! use binder_http::request::Parts;
//! use binder_http::Bind;
//! use std::net::IpAddr;
//!
//! #[derive(Bind)]
//! struct Allow {
//!     #[bind(query, from_str)]
//!     ip: Vec<IpAddr>,
//! }
//!
//! let a = Allow::bind(&Parts { query: Some("ip=10.0.0.1&ip=::1"), ..Parts::default() }).unwrap();
//! assert_eq!(a.ip.len(), 2);
//! ```
//!
//! # Files
//! `FilePart` binds a multipart file part, borrowed from the body. An empty
//! file input (what a browser sends for a file input with no file chosen:
//! `filename=""` and no data) is no value for every field type, `FilePart`,
//! `bytes::Bytes` or text alike: `Option<_>` is `None`, a `Vec<_>` gets no
//! element, and any other field takes its default or is `missing` (or, if
//! `required`, `empty`). A file with a name and no bytes is a real, empty
//! file.
//!
//! ```
//! use binder_http::request::{Body, Parts};
//! use binder_http::{Bind, FilePart};
//!
//! #[derive(Bind)]
//! struct Upload<'r> {
//!     #[bind(body)]
//!     title: &'r str,
//!     #[bind(body)]
//!     avatar: Option<FilePart<'r>>,
//! }
//!
//! let body = b"--X\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nQ3\r\n\
//!              --X\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"a.png\"\r\n\r\n\
//!              PNG\r\n--X--\r\n";
//! let req = Parts { body: Body::classify(Some(b"multipart/form-data; boundary=X"), body), ..Parts::default() };
//! let up = Upload::bind(&req).unwrap();
//! assert_eq!(up.title, "Q3");
//! assert_eq!(up.avatar.unwrap().data(), b"PNG");
//! ```
//!
//! For an owned struct (axum's `Bound<T>`, `binder_hyper::bind`),
//! [`UploadedFile`](crate::UploadedFile) holds the file without borrowing:
//! its bytes are a `bytes::Bytes` slice of the request body's `Bytes` (no
//! copy when the adapter holds the body as `Bytes`, one copy otherwise), its
//! filename and content type `&str` (a part whose name or type is not UTF-8
//! fails the field; bind `FilePart` to take any bytes).
//!
//! ```
//! use binder_http::{Bind, HttpRequest, UploadedFile};
//!
//! #[derive(Bind)]
//! struct Upload {
//!     #[bind(body)]
//!     avatar: UploadedFile,
//! }
//!
//! let body = bytes::Bytes::from_static(b"--X\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"a.png\"\r\n\
//!     Content-Type: image/png\r\n\r\nPNG\r\n--X--\r\n");
//! let (parts, ()) = http::Request::post("/").header("content-type", "multipart/form-data; boundary=X").body(())?.into_parts();
//! let up = Upload::bind(&HttpRequest::with_bytes(&parts, &body, &[][..])).unwrap();
//! assert_eq!((up.avatar.filename(), up.avatar.content_type()), ("a.png", Some("image/png")));
//! assert_eq!(&up.avatar.data()[..], b"PNG");
//! // The same memory as the body: nothing was copied.
//! assert!(body.as_ptr_range().contains(&up.avatar.data().as_ptr()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Uploads larger than memory: with the `spool` feature of binder-hyper,
//! binder-axum and binder-actix, `binder_hyper::bind_spooled` and the
//! `Spooled<T>` extractors stream each file part to a temporary file as it
//! arrives, and a `SpooledFile` field holds it (its path, filename, content
//! type and size; deleted when dropped unless persisted); text fields bind
//! as here. To send the files elsewhere (an object store, a hasher),
//! implement `binder_hyper::spool::Sink` and take `StoredFile` fields
//! (`bind_spooled_to`, `SpooledTo<K, T>`). In a spooled bind, a field of
//! `UploadedFile`, `FilePart` or `Bytes` offered a file fails, naming the
//! field. See binder-hyper's crate docs, "Uploads larger than memory".
//!
//! # `validate`: checks after binding
//! A container attribute naming a `fn(&Self, &mut Errors)`, run only
//! when every field bound; what it records joins the same error list.
//!
//! ```
//! use binder_http::request::Parts;
//! use binder_http::{Bind, Errors, Source};
//!
//! #[derive(Bind, Debug)]
//! #[bind(validate = Range::check)]
//! struct Range {
//!     #[bind(query)]
//!     from: u32,
//!     #[bind(query)]
//!     to: u32,
//! }
//!
//! impl Range {
//!     fn check(&self, errors: &mut Errors) {
//!         if self.to < self.from {
//!             errors.invalid(Source::Query, "to", "must not be below `from`");
//!         }
//!     }
//! }
//!
//! let err = Range::bind(&Parts { query: Some("from=5&to=1"), ..Parts::default() }).unwrap_err();
//! assert_eq!(err.to_string(), "query: to: must not be below `from`");
//! ```
//!
//! # Every error at once
//! Every failing field of every source is reported, in declaration order,
//! each with its source and path; the list is bounded by
//! `Limits::max_errors` and counts what it dropped. No message contains a
//! submitted value.
//!
//! ```
//! use binder_http::request::Parts;
//! use binder_http::Bind;
//!
//! #[derive(Bind, Debug)]
//! struct Order {
//!     #[bind(path)]
//!     team: u32,
//!     #[bind(query)]
//!     ids: Vec<u8>,
//!     #[bind(header = "x-count")]
//!     count: i8,
//! }
//!
//! let req = Parts {
//!     path: &[("team", "x")],
//!     query: Some("ids=1&ids=300"),
//!     ..Parts::default()
//! };
//! assert_eq!(
//!     Order::bind(&req).unwrap_err().to_string(),
//!     "path: team: expected an unsigned integer\n\
//!      query: ids[1]: out of range for the field's type\n\
//!      header: x-count: a value is required"
//! );
//! ```
//!
//! # `crate = "..."`: generated code behind a re-export
//! The generated code names the crate the derive came from
//! (`::binder_http`; `::binder_hyper` or `::binder_axum` for theirs, so an
//! application that depends on one of those alone needs nothing else); a
//! crate that reaches binder through a re-export under another name says
//! where.
//!
//! ```
//! mod facade {
//!     pub(super) use binder_http as binder;
//! }
//!
//! #[derive(facade::binder::Bind)]
//! #[bind(crate = "facade::binder")]
//! struct Q {
//!     #[bind(query)]
//!     q: u8,
//! }
//! # use binder_http::Bind as _;
//! # assert_eq!(Q::bind(&binder_http::request::Parts { query: Some("q=1"), ..Default::default() }).unwrap().q, 1);
//! ```
//!
//! # Field types
//! Integers, floats, `bool`, `char`, `&str`, `Cow<str>`, `String`,
//! `Arc<str>`, `Rc<str>`,
//! `FilePart`, nested structs deriving `Bind` (from a JSON object), any
//! `FromText` type (enums and newtypes through `#[derive(FromText)]`; IP
//! and socket addresses; `uuid::Uuid` with the `uuid` feature,
//! `time::OffsetDateTime` from RFC 3339 and `time::Date` with `time`,
//! `chrono`'s `DateTime<FixedOffset>`, `DateTime<Utc>` and `NaiveDate` with
//! `chrono`, an exact `rust_decimal::Decimal` with `rust_decimal`),
//! tuples and `[T; N]` (from JSON arrays), [`RawJson`](crate::RawJson),
//! `Option`/`Vec` of these, lists of lists (`Vec<Vec<(f64, f64)>>`),
//! `Option<Vec<T>>` (`None` when the list was not sent, `Some(vec![])`
//! for `[]`), `Option<Option<T>>` (PATCH), `BTreeMap`/`HashMap` of them
//! or of lists with `FromText` keys, `Box<T>`/`Option<Box<T>>` of any
//! of them, any `serde::Deserialize` type through `#[bind(serde)]` (feature
//! `serde`), and any type implementing [`Field`](crate::field::Field) (see
//! [`field`](crate::field)). A struct may hold itself (`Vec<Self>`,
//! `Option<Box<Self>>`, a map of `Self`): the JSON depth limit bounds how
//! deep a request nests it. Anything else is a compile error that names the
//! type and lists what binds:
//!
//! ```compile_fail
//! use binder_http::Bind;
//!
//! struct Point { x: u32 }
//!
//! #[derive(Bind)]
//! struct S {
//!     #[bind(query)]
//!     p: Point, // error: `Point` cannot be bound from a request value
//! }
//! ```
//!
//! # JSON bodies and nested structs
//! `body` fields bind from a JSON object's members as from form fields; a
//! nested struct binds from a member holding an object, a `Vec` from an
//! array; errors name the path (`items[1].qty`).
//!
//! ```
//! use binder_http::request::{Body, Parts};
//! use binder_http::Bind;
//!
//! #[derive(Bind, Debug)]
//! struct Item<'r> {
//!     #[bind(body)]
//!     sku: &'r str,
//!     #[bind(body)]
//!     qty: u32,
//! }
//!
//! #[derive(Bind, Debug)]
//! struct Cart<'r> {
//!     #[bind(body)]
//!     items: Vec<Item<'r>>,
//! }
//!
//! let ok = Cart::bind(&Parts { body: Body::Json(br#"{"items":[{"sku":"a","qty":1}]}"#), ..Parts::default() });
//! assert_eq!(ok.unwrap().items[0].sku, "a");
//! let bad = Cart::bind(&Parts { body: Body::Json(br#"{"items":[{"sku":"a","qty":1},{"sku":"b","qty":-1}]}"#), ..Parts::default() });
//! assert_eq!(bad.unwrap_err().to_string(), "body: items[1].qty: expected an unsigned integer");
//! ```
//!
//! # `accept`: the body formats a struct binds from
//! `body` fields bind from a JSON, urlencoded or multipart body, whichever
//! arrives, unless the struct names the formats it takes:
//! `#[bind(accept = "json")]`, `#[bind(accept = "form, multipart")]`
//! (`json` is `application/json` and any `+json` type, `form` is
//! `application/x-www-form-urlencoded`, `multipart` is
//! `multipart/form-data`). A body in any other format answers 415
//! ([`BindError::UnsupportedMediaType`](crate::BindError::UnsupportedMediaType))
//! before any field of any source is read, and the scans of the formats
//! left out are not even generated. A JSON API whose clients authenticate
//! with cookies should say `accept = "json"`: an HTML form on another site
//! can post urlencoded, multipart and `text/plain` bodies with the user's
//! cookies and no CORS preflight, but not JSON (see `SECURITY.md`).
//!
//! [`Limits::formats`](crate::Limits::formats) sets the same for a whole
//! service (every format by default); a body binds only in a format both
//! the struct and the setting accept.
//!
//! A fourth word, `custom`, names a body format of the service's own: a
//! [`TextFormat`](crate::TextFormat) that walks its body as keys and text
//! values, handed to the request with [`WithFormat`](crate::WithFormat)
//! (`WithFormat::new(HttpRequest::from_request(&req, &[]), MyFormat)`).
//! Its keys reach `body` fields as a urlencoded form's do, paths into
//! nested structs and lists included. A struct reads it only when its
//! `accept` names `custom` (it is not in the default set: a `text/plain`
//! format is one a cross-site form can post).
//!
//! ```
//! use binder_http::request::{Body, Parts};
//! use binder_http::{Bind, BindError, Formats, Limits};
//!
//! #[derive(Bind, Debug)]
//! #[bind(accept = "json")]
//! struct Transfer<'r> {
//!     #[bind(body)]
//!     to: &'r str,
//!     #[bind(body)]
//!     cents: u64,
//! }
//!
//! let json = Parts { body: Body::Json(br#"{"to":"bob","cents":500}"#), ..Parts::default() };
//! assert_eq!(Transfer::bind(&json).unwrap().cents, 500);
//! // What a cross-site HTML form sends: refused.
//! let form = Parts { body: Body::Form(b"to=mallory&cents=99999"), ..Parts::default() };
//! assert_eq!(Transfer::bind(&form).unwrap_err(), BindError::UnsupportedMediaType);
//!
//! // A struct that takes every format, under a service's setting.
//! #[derive(Bind, Debug)]
//! struct Note {
//!     #[bind(body)]
//!     text: String,
//! }
//! let mut limits = Limits::DEFAULT;
//! limits.formats = Formats::JSON;
//! let form = Parts { body: Body::Form(b"text=hi"), ..Parts::default() };
//! assert_eq!(Note::bind(&form).unwrap().text, "hi");
//! assert_eq!(Note::bind_with(&form, &limits).unwrap_err(), BindError::UnsupportedMediaType);
//! ```
//!
//! # Charsets
//! JSON and urlencoded bodies are read as UTF-8 (JSON between systems is
//! UTF-8, RFC 8259 §8.1; the urlencoded parser decodes UTF-8). A
//! `Content-Type` that declares another `charset` answers 415
//! ([`BindError::UnsupportedCharset`](crate::BindError::UnsupportedCharset)),
//! not a field error per text field; `utf-8` and `utf8`, in any case,
//! quoted or not, are read. A multipart body's own `charset` is not read:
//! each part may carry its own `Content-Type`.
//!
//! ```
//! use binder_http::{Bind, BindError};
//!
//! #[derive(Bind, Debug)]
//! struct Signup {
//!     #[bind(body)]
//!     name: String,
//! }
//!
//! let post = |ct: &str, body: &[u8]| {
//!     http::Request::post("/signup").header("content-type", ct).body(body.to_vec()).unwrap()
//! };
//! let latin1 = post("application/x-www-form-urlencoded; charset=windows-1252", b"name=Zo%EB");
//! let err = binder_http::bind::<Signup, _>(&latin1, &[]).unwrap_err();
//! assert_eq!(err.bind_error(), Some(&BindError::UnsupportedCharset));
//! assert_eq!(err.status(), 415);
//! let utf8 = post("application/json; charset=\"UTF-8\"", "{\"name\":\"Zoë\"}".as_bytes());
//! assert_eq!(binder_http::bind::<Signup, _>(&utf8, &[]).unwrap().name, "Zoë");
//! ```
//!
//! # `raw_body`: the whole body
//! A field takes the body's bytes as sent, whatever its `Content-Type`
//! (`&[u8]`, `Vec<u8>`, or UTF-8 checked as `&str`, `Cow<str>`, `String`):
//! for signed webhooks and proxies. A type with only `raw_body` fields never
//! answers 415.
//!
//! ```
//! use binder_http::Bind;
//!
//! #[derive(Bind)]
//! struct Webhook<'r> {
//!     #[bind(header = "X-Signature")]
//!     signature: &'r str,
//!     #[bind(raw_body)]
//!     payload: &'r [u8],
//! }
//!
//! let req = http::Request::post("/hook")
//!     .header("x-signature", "sha256=ab")
//!     .header("content-type", "application/octet-stream")
//!     .body(vec![0u8, 1, 2])
//!     .unwrap();
//! let hook: Webhook = binder_http::bind(&req, &[]).unwrap();
//! assert_eq!(hook.payload, [0, 1, 2]);
//! ```
//!
//! # Nested names in forms, queries and multipart
//! `address[city]` and `address.city` bind a nested struct's member;
//! `items[0][sku]` and `items[0].sku` build element 0 of a list of structs
//! (elements in the order of their indices); `tags[]` adds to a list;
//! `filter[team]` fills a map. Errors name the path.
//!
//! ```
//! use binder_http::request::{Body, Parts};
//! use binder_http::Bind;
//!
//! #[derive(Bind, Debug)]
//! struct Line {
//!     #[bind(body)]
//!     sku: String,
//!     #[bind(body)]
//!     qty: u32,
//! }
//!
//! #[derive(Bind, Debug)]
//! struct Order {
//!     #[bind(body)]
//!     lines: Vec<Line>,
//! }
//!
//! let body = b"lines[1][sku]=b&lines[0][sku]=a&lines[0][qty]=1&lines[1].qty=2";
//! let o = Order::bind(&Parts { body: Body::Form(body), ..Parts::default() }).unwrap();
//! assert_eq!((o.lines[0].sku.as_str(), o.lines[1].qty), ("a", 2));
//! let bad = Order::bind(&Parts { body: Body::Form(b"lines[0][sku]=a"), ..Parts::default() });
//! assert_eq!(bad.unwrap_err().to_string(), "body: lines[0].qty: a value is required");
//! ```
//!
//! # Bodies in pieces
//! Every adapter reads a body whole before binding (up to
//! [`Limits::max_body_bytes`](crate::Limits::max_body_bytes)). A server
//! that cannot hold a form body whole (a device with a few KiB of RAM, a
//! proxy) reads it in chunks with binder-core's `form` module, which needs
//! no allocator: `form::Feed` hands out the pairs each chunk completes (the
//! pairs, offsets and errors of the one-shot scan, a pair that straddles
//! two chunks gathered in a buffer of the caller's), and `form::Keep` keeps
//! in one small buffer only the pairs a derived struct reads (any other
//! is dropped once its key is read, its value skipped), so that the struct
//! then binds from the kept bytes exactly as from the whole body. A pair
//! longer than the buffer (for `Keep`: a pair kept, or a key, longer than
//! the room the kept pairs leave) is refused, `ErrorKind::PairTooLong`,
//! wherever the chunks fall;
//! [`Limits::max_pairs`](crate::Limits::max_pairs) counts every pair,
//! kept or not.
//!
//! ```
//! use binder_core::form;
//! use binder_http::request::{Body, Parts};
//! use binder_http::{Bind, Limits};
//!
//! #[derive(Bind, Debug)]
//! #[bind(body)]
//! struct Settings<'r> {
//!     device: &'r str,
//!     interval: u16,
//! }
//!
//! // 25 KiB of keys the struct does not read, around the two it does.
//! let mut body = b"device=probe-7&".to_vec();
//! for i in 0..900 {
//!     body.extend_from_slice(format!("ui{i}=xxxxxxxxxxxxxxxxxxxxx&").as_bytes());
//! }
//! body.extend_from_slice(b"interval=30");
//!
//! // Every pair, a chunk at a time: what the one-shot scan yields.
//! let (mut carry, mut count) = ([0u8; 64], 0);
//! let mut feed = form::Feed::new(&mut carry, &Limits::DEFAULT);
//! for chunk in body.chunks(256) {
//!     let mut input = feed.input(chunk);
//!     while let Some(_pair) = input.next()? {
//!         count += 1;
//!     }
//! }
//! let last = feed.finish()?.unwrap();
//! assert_eq!((count + 1, last.key_as_sent()), (902, &b"interval"[..]));
//!
//! // Only what `Settings` reads, in a 1 KiB buffer, then one bind.
//! let mut buf = [0u8; 1024];
//! let mut keep = form::Keep::for_bind::<Settings>(&mut buf, &Limits::DEFAULT);
//! for chunk in body.chunks(256) {
//!     keep.push(chunk)?;
//! }
//! let kept = keep.finish()?;
//! assert_eq!(kept, b"device=probe-7&interval=30");
//! let s = Settings::bind(&Parts { body: Body::Form(kept), ..Parts::default() }).unwrap();
//! assert_eq!((s.device, s.interval), ("probe-7", 30));
//! # Ok::<(), binder_core::Error>(())
//! ```
//!
//! `tests/nostd-stream` in the repository binds this way on a
//! `thumbv7em-none-eabihf` target, without an allocator.
//!
//! # `bytes::Bytes`
//! A `Bytes` field takes any value's bytes (one copy). An uploaded file
//! bound as `FilePart` is shared with the request's `Bytes` body, without a
//! copy, by `FilePart::slice_of(&body)`.
