//! Request bodies: JSON, forms and multipart, the formats a struct
//! accepts, charsets, and bodies that arrive in pieces.
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
