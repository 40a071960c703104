//! The `#[bind(...)]` attributes, each with an example that runs as a test.
//!
//! Two more chapters: the field types a struct can hold ([`types`]: text,
//! numbers, enums, serde types, files) and the request bodies it binds from
//! ([`bodies`]: JSON, forms, multipart, formats and charsets).
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

pub mod bodies;
pub mod types;
