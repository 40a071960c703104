//! Field types: what a field can be, and how each binds.
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
