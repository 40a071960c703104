//! binder for actix-web 4: [`Bound<T>`], an extractor that binds an owned
//! `T` from the whole request (path parameters from the matched route,
//! query, headers, cookies, body) and rejects with the same problem+json
//! responses as the other adapters ([`BoundRejection`]).
//!
//! ```no_run
//! use actix_web::{web, App, HttpServer};
//! use binder_actix::Bound;
//! use binder_http::Bind;
//!
//! #[derive(Bind)]
//! struct CreateOrder {
//!     #[bind(path = "team")]
//!     team_id: u32,
//!     #[bind(body, required)]
//!     email: String,
//! }
//!
//! async fn create(Bound(order): Bound<CreateOrder>) -> String {
//!     format!("{} for team {}", order.email, order.team_id)
//! }
//!
//! # async fn run() -> std::io::Result<()> {
//! HttpServer::new(|| App::new().route("/teams/{team}/orders", web::post().to(create)))
//!     .bind("127.0.0.1:8080")?
//!     .run()
//!     .await
//! # }
//! ```
//!
//! # Body policy
//! The payload is read as `binder_hyper::read_body` reads a body:
//! - every `Content-Length` line is read strictly by
//!   [`binder_http::length`] (`1*DIGIT`, repeated values agree, none with a
//!   `Transfer-Encoding`), or the request is a 400 before anything is read;
//! - a declared length over the limit is a 413 before anything is read;
//! - at most limit + 1 bytes are read, and never a chunk past the declared
//!   length: a body longer than declared is a 400, one that ends short is a
//!   400 ([`Error::Incomplete`]);
//! - the buffer is presized from `Content-Length` up to 64 KiB and grows by
//!   doubling as data arrives; a body that arrives in one chunk is bound
//!   from that chunk, not copied.
//!
//! # Limits
//! The limit is the smaller of binder's and actix's:
//! - binder's `Limits` (body size, pairs, depth, errors, ...) come from the
//!   app data, as `Limits` or `web::Data<Limits>`, else
//!   [`Limits::DEFAULT`] (2 MiB of body);
//! - actix's is its `web::PayloadConfig` in the app data (as `PayloadConfig`
//!   or `web::Data<PayloadConfig>`, the lookup actix's own body extractors
//!   make), else actix's default of 256 KiB. `PayloadConfig` keeps its
//!   limit private (actix-web 4.0 to 4.18 have no getter), so binder asks
//!   actix: it puts the request's declared length to actix's own
//!   `web::Bytes` extractor, which refuses a length over the limit before
//!   reading (actix allocates its 8 KiB read buffer for that, and frees
//!   it). For a body of unknown length (chunked), and to report the limit
//!   in a 413, binder searches the limit out from actix's answers on
//!   requests built for the purpose: a binary search (about 20 of them),
//!   or 3 when the limit is the one last found on the thread (a guess that
//!   is checked, never trusted). `PayloadConfig`'s
//!   mime type condition is not applied: binder reads the `Content-Type`
//!   itself (415 for a type it does not read).
//!
//! ```
//! use actix_web::{web, App};
//! use binder_http::Limits;
//!
//! let mut limits = Limits::DEFAULT;
//! limits.max_body_bytes = 64 * 1024;
//! limits.max_pairs = 100;
//! let app = App::new()
//!     .app_data(limits)
//!     // actix's own limit, for every body extractor: binder reads under
//!     // the smaller of the two, 16 KiB here.
//!     .app_data(web::PayloadConfig::new(16 * 1024));
//! # let _ = app;
//! ```
//!
//! # Uploads larger than memory
//! With the `spool` feature, `Spooled<T>` reads a multipart
//! body chunk by chunk and streams each file part to a temporary file as
//! it arrives (a `SpooledFile` field: path, filename, content type, size;
//! deleted when dropped), or, with `SpooledTo<K, T>`, to a sink `K` of the
//! service's own in the app data (`StoredFile` fields); text fields bind
//! as `Bound` binds them. Its limits are a `SpoolOptions` in the app data
//! (per file, per request, files, parts, bytes held in memory), which
//! replace `PayloadConfig`'s. The same code as binder-hyper's
//! `bind_spooled`, over actix's payload.
//!
//! # What a request costs
//! On a request whose body comes in one chunk, with no `PayloadConfig` in
//! the app data, binder-actix allocates nothing itself: the future is a
//! named type (no box), the request is an `Rc` clone, the body is actix's
//! chunk and path parameters are borrowed from actix's match info. What the
//! bound `T` owns (its `String`s) is allocated by the bind. actix allocates
//! what it does for any handler: the request (pooled), the match info's
//! list of segments and, when the path has an escape it decodes, the
//! decoded path.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod payload;
mod request;
#[cfg(feature = "spool")]
#[path = "spool.rs"]
mod spooled;

pub use binder_http::Error;
#[cfg(feature = "spool")]
pub use binder_hyper::{SpoolError, SpoolOptions, SpooledFile, StoredFile};
pub use payload::ACTIX_DEFAULT_LIMIT;
pub use request::ActixRequest;
#[cfg(feature = "spool")]
pub use spooled::{Spooled, SpooledRejection, SpooledTo};
/// Where spooled files go ([`SpooledTo`]): [`Sink`](spool::Sink), a
/// destination of the service's own, and what it is handed.
#[cfg(feature = "spool")]
pub mod spool {
    pub use binder_hyper::spool::{FileHead, Sink, Store, TempFiles};
}

use actix_web::dev::Payload;
use actix_web::http::{header, StatusCode};
use actix_web::{web, FromRequest, HttpRequest, HttpResponse, ResponseError};
use binder_http::{Limits, OwnedBind};
use futures_core::Stream;
use payload::Reader;
use std::future::Future;
use std::marker::PhantomData;
use std::pin::Pin;
use std::task::{Context, Poll};

/// An owned `T` bound from the request: its path parameters, query,
/// headers, cookies and body (read under the policy and limits in the
/// [crate docs](crate)). Rejects with [`BoundRejection`].
///
/// ```
/// use actix_web::{test, web, App};
/// use binder_actix::Bound;
/// use binder_http::Bind;
///
/// #[derive(Bind)]
/// struct Note {
///     #[bind(path)]
///     id: u32,
///     #[bind(body)]
///     text: String,
/// }
///
/// async fn save(Bound(note): Bound<Note>) -> String {
///     format!("{}: {}", note.id, note.text)
/// }
///
/// # actix_web::rt::System::new().block_on(async {
/// let app = test::init_service(App::new().route("/notes/{id}", web::post().to(save))).await;
/// let req = test::TestRequest::post()
///     .uri("/notes/7")
///     .insert_header(("content-type", "application/json"))
///     .set_payload(r#"{"text":"hi"}"#)
///     .to_request();
/// let body = test::call_and_read_body(&app, req).await;
/// assert_eq!(body, "7: hi");
/// # });
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Bound<T>(pub T);

/// Why [`Bound`] rejected a request: the one error type of every binder
/// adapter, [`binder_http::Error`], to match on (`rejection.0` or through
/// `Deref`) or to answer with as it is. As an actix `ResponseError` it is a
/// 400, 413 or 415 with an `application/problem+json` body listing every
/// failing field.
///
/// To answer in an application's own shape, turn it into another error in
/// the extractor's error handler, or take `Result<Bound<T>, BoundRejection>`
/// in the handler:
///
/// ```
/// use actix_web::{HttpResponse, ResponseError};
/// use binder_actix::{Bound, BoundRejection};
/// use binder_http::Bind;
///
/// #[derive(Bind)]
/// struct Page {
///     #[bind(query)]
///     page: u32,
/// }
///
/// async fn list(page: Result<Bound<Page>, BoundRejection>) -> HttpResponse {
///     match page {
///         Ok(Bound(p)) => HttpResponse::Ok().body(format!("page {}", p.page)),
///         // Field errors: the application's own shape.
///         Err(rejection) if rejection.fields().is_some() => HttpResponse::UnprocessableEntity()
///             .body(format!("{} fields to fix", rejection.fields().unwrap().as_slice().len())),
///         // Anything else (too large, malformed, 415): the default.
///         Err(rejection) => rejection.error_response(),
///     }
/// }
///
/// # actix_web::rt::System::new().block_on(async {
/// use actix_web::{test, web, App};
///
/// let app = test::init_service(App::new().route("/", web::get().to(list))).await;
/// let res = test::call_service(&app, test::TestRequest::get().uri("/?page=x").to_request()).await;
/// assert_eq!(res.status(), 422);
/// assert_eq!(test::read_body(res).await, "1 fields to fix");
/// // Not a field error: binder's own response.
/// let req = test::TestRequest::get()
///     .uri("/?page=2")
///     .insert_header(("content-length", "+5"))
///     .to_request();
/// let res = test::call_service(&app, req).await;
/// assert_eq!(res.status(), 400);
/// assert_eq!(res.headers().get("content-type").unwrap(), binder_http::PROBLEM_JSON);
/// # });
/// ```
#[derive(Debug)]
pub struct BoundRejection(pub binder_http::Error);

impl std::ops::Deref for BoundRejection {
    type Target = binder_http::Error;

    fn deref(&self) -> &binder_http::Error {
        &self.0
    }
}

impl From<binder_http::Error> for BoundRejection {
    fn from(e: binder_http::Error) -> Self {
        BoundRejection(e)
    }
}

impl std::fmt::Display for BoundRejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.0, f)
    }
}

impl std::error::Error for BoundRejection {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

impl ResponseError for BoundRejection {
    /// [`binder_http::Error::status`], carried from `http` 1 to actix's
    /// `http` 0.2 by its number.
    fn status_code(&self) -> StatusCode {
        StatusCode::from_u16(self.0.status().as_u16()).unwrap_or(StatusCode::BAD_REQUEST)
    }

    /// The status, `Content-Type: application/problem+json` and
    /// [`binder_http::Error::problem_json`].
    fn error_response(&self) -> HttpResponse {
        HttpResponse::build(self.status_code())
            .insert_header((header::CONTENT_TYPE, binder_http::PROBLEM_JSON))
            .body(self.0.problem_json())
    }
}

/// Binds `T` from `req` with `body`.
#[inline]
fn bind_view<T: OwnedBind>(req: &HttpRequest, body: &[u8], limits: &Limits) -> Result<T, Error> {
    let view = ActixRequest::new(req, body);
    // `#[bind(context)]` fields: the `ContextValues` a middleware put in
    // the request's extensions (looked up only for a type that has them).
    if T::READS_CONTEXT {
        let extensions = actix_web::HttpMessage::extensions(req);
        if let Some(values) = extensions.get::<binder_http::ContextValues>() {
            let with = binder_http::WithContext::new(view, values);
            return T::bind_with(&with, limits).map_err(Error::from);
        }
    }
    T::bind_with(&view, limits).map_err(Error::from)
}

/// binder's limits for `req`: `Limits`, then `web::Data<Limits>`, in the
/// app data, else [`Limits::DEFAULT`].
fn limits(req: &HttpRequest) -> Limits {
    req.app_data::<Limits>()
        .or_else(|| req.app_data::<web::Data<Limits>>().map(|d| d.as_ref()))
        .copied()
        .unwrap_or_default()
}

impl<T> FromRequest for Bound<T>
where
    T: OwnedBind,
{
    type Error = BoundRejection;
    type Future = BoundFuture<T>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let limits = limits(req);
        let headers = req.headers();
        let declared = binder_http::length::parse(
            headers
                .get_all(header::CONTENT_LENGTH)
                .map(header::HeaderValue::as_bytes),
            headers.contains_key(header::TRANSFER_ENCODING),
        )
        .map_err(Error::from)
        .and_then(|declared| {
            payload::limit_for(req, limits.max_body_bytes, declared).map(|l| (declared, l))
        });
        let state = match declared {
            Ok((declared, limit)) => State::Reading {
                req: req.clone(),
                payload: payload.take(),
                reader: Reader::new(declared, limit),
                limits,
            },
            Err(e) => State::Refused(e),
        };
        BoundFuture {
            state,
            _bound: PhantomData,
        }
    }
}

/// The future of [`Bound`]'s extraction: reads the payload, then binds.
/// A named type, so extracting boxes nothing.
///
/// ```
/// use actix_web::{test::TestRequest, FromRequest};
/// use binder_actix::{Bound, BoundFuture};
/// use binder_http::Bind;
///
/// #[derive(Bind)]
/// struct Ping {
///     #[bind(body)]
///     n: u32,
/// }
///
/// # actix_web::rt::System::new().block_on(async {
/// let (req, mut payload) = TestRequest::post()
///     .insert_header(("content-type", "application/x-www-form-urlencoded"))
///     .set_payload("n=7")
///     .to_http_parts();
/// let fut: BoundFuture<Ping> = Bound::<Ping>::from_request(&req, &mut payload);
/// let Bound(ping) = fut.await.unwrap();
/// assert_eq!(ping.n, 7);
/// # });
/// ```
#[must_use = "futures do nothing unless polled"]
pub struct BoundFuture<T> {
    state: State,
    _bound: PhantomData<fn() -> T>,
}

impl<T> std::fmt::Debug for BoundFuture<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BoundFuture").finish_non_exhaustive()
    }
}

enum State {
    /// Refused before reading (the declared length).
    Refused(Error),
    Reading {
        req: HttpRequest,
        payload: Payload,
        reader: Reader,
        limits: Limits,
    },
    Done,
}

impl<T> Future for BoundFuture<T>
where
    T: OwnedBind,
{
    type Output = Result<Bound<T>, BoundRejection>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.get_mut();
        if let State::Reading {
            payload, reader, ..
        } = &mut this.state
        {
            loop {
                match Pin::new(&mut *payload).poll_next(cx) {
                    Poll::Pending => return Poll::Pending,
                    Poll::Ready(None) => break,
                    Poll::Ready(Some(Ok(chunk))) => {
                        if let Err(e) = reader.push(chunk) {
                            this.state = State::Refused(e);
                            break;
                        }
                    }
                    Poll::Ready(Some(Err(e))) => {
                        this.state = State::Refused(reader.failed(e));
                        break;
                    }
                }
            }
        }
        Poll::Ready(match std::mem::replace(&mut this.state, State::Done) {
            State::Refused(e) => Err(BoundRejection(e)),
            State::Reading {
                req,
                reader,
                limits,
                ..
            } => reader
                .finish()
                .and_then(|body| bind_view::<T>(&req, &body, &limits))
                .map(Bound)
                .map_err(BoundRejection),
            State::Done => panic!("BoundFuture polled after it completed"),
        })
    }
}
