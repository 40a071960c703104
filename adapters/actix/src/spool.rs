//! [`Spooled<T>`] and [`SpooledTo<K, T>`]: uploads larger than memory
//! (feature `spool`), binder-hyper's spooled read over actix's payload.

use crate::{bind_view, limits};
use actix_web::dev::Payload;
use actix_web::error::PayloadError;
use actix_web::http::{header, StatusCode};
use actix_web::web::Bytes;
use actix_web::{web, FromRequest, HttpRequest, HttpResponse, ResponseError};
use binder_http::Error;
use binder_hyper::spool::{Sink, Store, TempFiles};
use binder_hyper::{SpoolError, SpoolOptions};
use futures_core::Stream;
use std::future::Future;
use std::marker::PhantomData;
use std::pin::Pin;
use std::task::{Context, Poll};

/// An owned `T` bound from the request with its file parts streamed to
/// temporary files as they arrive ([`SpooledFile`](crate::SpooledFile)
/// fields): uploads larger than memory. Text fields, path parameters,
/// query, headers and cookies bind as [`Bound`](crate::Bound) binds them.
///
/// The limits are a [`SpoolOptions`] in the app data (as `SpoolOptions` or
/// `web::Data<SpoolOptions>`), else [`SpoolOptions::default`] with the
/// [`Limits`](binder_http::Limits) of the app data, if any: bytes per file
/// (`max_file_bytes`, 1 GiB), in the whole body (`max_total_bytes`, 1
/// GiB), files (`max_files`, 20), parts (`limits.max_parts`) and the bytes
/// held in memory (text parts and part headers, `limits.max_body_bytes`,
/// 2 MiB). actix's `PayloadConfig` is not applied: it bounds what an
/// extractor holds in memory, and a spooled upload is meant to be larger
/// than that. A body that is not multipart is read whole under
/// `limits.max_body_bytes`. A failed upload (a limit, a malformed body,
/// the connection lost, the request dropped, a failed bind) leaves no
/// temporary file behind, nor does a file part no field takes.
///
/// How it works: `binder_hyper::spool`.
///
/// ```
/// use actix_web::{test, web, App};
/// use binder_actix::{SpoolOptions, Spooled, SpooledFile};
/// use binder_http::Bind;
///
/// #[derive(Bind)]
/// struct Upload {
///     #[bind(path)]
///     team: u32,
///     #[bind(body)]
///     title: String,
///     #[bind(body)]
///     doc: SpooledFile,
/// }
///
/// async fn upload(Spooled(up): Spooled<Upload>) -> String {
///     // Keep it: `up.doc.persist("/srv/docs/...")`. Dropped, it is deleted.
///     format!("{}: {} ({} bytes at {})", up.team, up.title, up.doc.len(), up.doc.filename())
/// }
///
/// # actix_web::rt::System::new().block_on(async {
/// let mut options = SpoolOptions::default();
/// options.max_file_bytes = 5;
/// let app = test::init_service(
///     App::new().app_data(options).route("/teams/{team}/docs", web::post().to(upload)),
/// )
/// .await;
/// let body = "--B\r\nContent-Disposition: form-data; name=title\r\n\r\nQ3\r\n\
///             --B\r\nContent-Disposition: form-data; name=doc; filename=plan.txt\r\n\r\nhello\r\n--B--\r\n";
/// let req = test::TestRequest::post()
///     .uri("/teams/7/docs")
///     .insert_header(("content-type", "multipart/form-data; boundary=B"))
///     .set_payload(body)
///     .to_request();
/// assert_eq!(test::call_and_read_body(&app, req).await, "7: Q3 (5 bytes at plan.txt)");
///
/// // A file past the limit: 413.
/// let req = test::TestRequest::post()
///     .uri("/teams/7/docs")
///     .insert_header(("content-type", "multipart/form-data; boundary=B"))
///     .set_payload(body.replace("hello", "hello!"))
///     .to_request();
/// assert_eq!(test::call_service(&app, req).await.status(), 413);
/// # });
/// ```
#[derive(Debug)]
pub struct Spooled<T>(pub T);

/// As [`Spooled<T>`], each file part written as it arrives to the sink `K`
/// in the app data (as `K` or `web::Data<K>`), whose outputs
/// [`StoredFile<K::Output>`](crate::StoredFile) fields take: an object
/// store's upload, a hasher, ... (see [`Sink`] for what is called when,
/// and on a failure). Without a `K` in the app data the request is a 500
/// ([`SpoolError::Io`]).
///
/// ```
/// use actix_web::{test, web, App};
/// use binder_actix::spool::{FileHead, Sink};
/// use binder_actix::{SpooledTo, StoredFile};
/// use binder_http::Bind;
///
/// /// Each file's bytes in memory (an object store's client would start
/// /// an upload in `open`).
/// struct Memory;
///
/// impl Sink for Memory {
///     type Writer = Vec<u8>;
///     type Output = Vec<u8>;
///     async fn open(&self, _: &FileHead<'_>) -> std::io::Result<Vec<u8>> {
///         Ok(Vec::new())
///     }
///     async fn finish(&self, bytes: Vec<u8>, _: u64) -> std::io::Result<Vec<u8>> {
///         Ok(bytes)
///     }
/// }
///
/// #[derive(Bind)]
/// struct Upload {
///     #[bind(body)]
///     doc: StoredFile<Vec<u8>>,
/// }
///
/// async fn upload(SpooledTo(up, _): SpooledTo<Memory, Upload>) -> String {
///     format!("{}: {:?}", up.doc.filename(), String::from_utf8_lossy(up.doc.value()))
/// }
///
/// # actix_web::rt::System::new().block_on(async {
/// let app = test::init_service(
///     App::new().app_data(web::Data::new(Memory)).route("/docs", web::post().to(upload)),
/// )
/// .await;
/// let req = test::TestRequest::post()
///     .uri("/docs")
///     .insert_header(("content-type", "multipart/form-data; boundary=B"))
///     .set_payload("--B\r\nContent-Disposition: form-data; name=doc; filename=plan.txt\r\n\r\nhello\r\n--B--\r\n")
///     .to_request();
/// assert_eq!(test::call_and_read_body(&app, req).await, r#"plan.txt: "hello""#);
/// # });
/// ```
#[derive(Debug)]
pub struct SpooledTo<K, T>(pub T, pub PhantomData<fn() -> K>);

/// Why [`Spooled`] or [`SpooledTo`] rejected a request: a [`SpoolError`],
/// the request's fault (400, 413, 415, as [`BoundRejection`](crate::BoundRejection))
/// or the server's (a file could not be written: 500). As an actix
/// `ResponseError`, an `application/problem+json` answer (a bare 500 that
/// says nothing of the server's filesystem).
///
/// ```
/// use actix_web::ResponseError;
/// use binder_actix::{SpoolError, SpooledRejection};
///
/// let r = SpooledRejection(SpoolError::Request(binder_actix::Error::TooLarge { limit: 8 }));
/// assert_eq!(r.status_code(), 413);
/// let r = SpooledRejection(SpoolError::Io(std::io::Error::other("disk full")));
/// assert_eq!(r.error_response().status(), 500);
/// ```
#[derive(Debug)]
pub struct SpooledRejection(pub SpoolError);

impl std::ops::Deref for SpooledRejection {
    type Target = SpoolError;

    fn deref(&self) -> &SpoolError {
        &self.0
    }
}

impl From<SpoolError> for SpooledRejection {
    fn from(e: SpoolError) -> Self {
        SpooledRejection(e)
    }
}

impl std::fmt::Display for SpooledRejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.0, f)
    }
}

impl std::error::Error for SpooledRejection {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

impl ResponseError for SpooledRejection {
    /// [`SpoolError::status`], carried to actix's `http` 0.2 by its number.
    fn status_code(&self) -> StatusCode {
        StatusCode::from_u16(self.0.status().as_u16()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    /// The status, `Content-Type: application/problem+json` and the
    /// request error's problem, or a bare 500.
    fn error_response(&self) -> HttpResponse {
        let body = match &self.0 {
            SpoolError::Request(e) => e.problem_json(),
            _ => {
                r#"{"type":"about:blank","title":"Internal Server Error","status":500}"#.to_owned()
            }
        };
        HttpResponse::build(self.status_code())
            .insert_header((header::CONTENT_TYPE, binder_http::PROBLEM_JSON))
            .body(body)
    }
}

/// The future of [`Spooled`] and [`SpooledTo`] (boxed: a spooled upload
/// is not a hot path).
type SpooledFuture<T> = Pin<Box<dyn Future<Output = Result<T, SpooledRejection>>>>;

impl<T> FromRequest for Spooled<T>
where
    T: binder_http::OwnedBind + 'static,
{
    type Error = SpooledRejection;
    type Future = SpooledFuture<Self>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let (req, payload) = (req.clone(), payload.take());
        Box::pin(async move {
            extract::<T, _>(&req, payload, Some(&TempFiles))
                .await
                .map(Spooled)
        })
    }
}

impl<K, T> FromRequest for SpooledTo<K, T>
where
    K: Sink + 'static,
    T: binder_http::OwnedBind + 'static,
{
    type Error = SpooledRejection;
    type Future = SpooledFuture<Self>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let (req, payload) = (req.clone(), payload.take());
        Box::pin(async move {
            let sink = req
                .app_data::<K>()
                .or_else(|| req.app_data::<web::Data<K>>().map(|d| d.as_ref()));
            extract::<T, K>(&req, payload, sink)
                .await
                .map(|t| SpooledTo(t, PhantomData))
        })
    }
}

/// actix's payload as an `http_body::Body` of data frames.
struct PayloadBody(Payload);

impl http_body::Body for PayloadBody {
    type Data = Bytes;
    type Error = PayloadError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, PayloadError>>> {
        Pin::new(&mut self.0)
            .poll_next(cx)
            .map(|chunk| chunk.map(|r| r.map(http_body::Frame::data)))
    }
}

/// Reads the payload with its file parts written to `store`, then binds.
async fn extract<T, S>(
    req: &HttpRequest,
    payload: Payload,
    store: Option<&S>,
) -> Result<T, SpooledRejection>
where
    T: binder_http::OwnedBind,
    S: Store,
{
    let Some(store) = store else {
        return Err(SpooledRejection(SpoolError::Io(std::io::Error::other(
            "no sink of the extractor's type in the app data",
        ))));
    };
    let default;
    let options = match req.app_data::<SpoolOptions>().or_else(|| {
        req.app_data::<web::Data<SpoolOptions>>()
            .map(|d| d.as_ref())
    }) {
        Some(options) => options,
        None => {
            let mut options = SpoolOptions::default();
            options.limits = limits(req);
            default = options;
            &default
        }
    };
    let headers = req.headers();
    let declared = binder_http::length::parse(
        headers
            .get_all(header::CONTENT_LENGTH)
            .map(header::HeaderValue::as_bytes),
        headers.contains_key(header::TRANSFER_ENCODING),
    )
    .map_err(Error::from)
    .map_err(SpoolError::Request)?;
    let content_type = headers.get(header::CONTENT_TYPE).map(|t| t.as_bytes());
    let body = PayloadBody(payload);
    let spooled =
        binder_hyper::spool::spool_body_from(content_type, declared, body, options, store).await?;
    let limits = &options.limits;
    spooled
        .bind_with(store, |bytes| bind_view::<T>(req, bytes, limits))
        .map_err(|e| SpooledRejection(SpoolError::Request(e)))
}
