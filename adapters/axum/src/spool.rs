//! [`Spooled<T>`] and [`SpooledTo<K, T>`]: uploads larger than memory
//! (feature `spool`), to temporary files or to a sink of the service's own.

use crate::path;
use crate::{bind_to, Limits, OwnedBind};
use axum::extract::{FromRequest, FromRequestParts, RawPathParams, Request};
use axum::response::{IntoResponse, Response};
use binder_http::{Decoded, HttpRequest};
use binder_hyper::spool::{Sink, Store, TempFiles};
use binder_hyper::{SpoolError, SpoolOptions};
use std::marker::PhantomData;

/// An owned `T` bound from the request with its file parts streamed to
/// temporary files as they arrive ([`SpooledFile`](crate::SpooledFile)
/// fields): uploads larger than memory. Text fields, path parameters,
/// query, headers and cookies bind as [`Bound`](crate::Bound) binds them.
///
/// The limits are a [`SpoolOptions`] in the request's extensions
/// (`.layer(axum::Extension(options))`), else [`SpoolOptions::default`]
/// with the [`Limits`] in the extensions, if any: bytes per file
/// (`max_file_bytes`, 1 GiB), in the whole body (`max_total_bytes`, 1
/// GiB), files (`max_files`, 20), parts (`limits.max_parts`) and the bytes
/// held in memory (text parts and part headers, `limits.max_body_bytes`,
/// 2 MiB). axum's `DefaultBodyLimit` is not applied: it bounds what an
/// extractor holds in memory, and a spooled upload is meant to be larger
/// than that; the spool's own limits replace it. A body that is not
/// multipart is read whole under `limits.max_body_bytes`.
///
/// How it works, and what is deleted when: `binder_hyper::spool`.
///
/// ```
/// use axum::{body::Body, routing::post, Router};
/// use binder_axum::{Bind, Spooled, SpooledFile};
/// use tower::ServiceExt;
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
/// let app = Router::new().route("/teams/{team}/docs", post(upload));
/// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
/// let body = "--B\r\nContent-Disposition: form-data; name=title\r\n\r\nQ3\r\n\
///             --B\r\nContent-Disposition: form-data; name=doc; filename=plan.txt\r\n\r\nhello\r\n--B--\r\n";
/// let req = http::Request::post("/teams/7/docs")
///     .header("content-type", "multipart/form-data; boundary=B")
///     .body(Body::from(body))?;
/// let res = app.clone().oneshot(req).await?;
/// assert_eq!(axum::body::to_bytes(res.into_body(), 1024).await?, "7: Q3 (5 bytes at plan.txt)");
///
/// // A file past the limit: 413.
/// let mut options = binder_axum::SpoolOptions::default();
/// options.max_file_bytes = 4;
/// let app = app.layer(axum::Extension(options));
/// let req = http::Request::post("/teams/7/docs")
///     .header("content-type", "multipart/form-data; boundary=B")
///     .body(Body::from(body))?;
/// assert_eq!(app.oneshot(req).await?.status(), 413);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// # })?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Spooled<T>(pub T);

/// Why [`Spooled`] rejected a request: a [`SpoolError`], the request's
/// fault (400, 413, 415, as [`BoundRejection`](crate::BoundRejection)) or
/// the server's (a temporary file could not be written: 500). Answers with
/// `application/problem+json`.
///
/// ```
/// use axum::response::IntoResponse;
/// use binder_axum::{SpoolError, SpooledRejection};
///
/// let r = SpooledRejection(SpoolError::Request(binder_axum::Error::TooLarge { limit: 8 }));
/// assert_eq!(r.status(), 413);
/// let r = SpooledRejection(SpoolError::Io(std::io::Error::other("disk full")));
/// assert_eq!(r.into_response().status(), 500);
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

impl IntoResponse for SpooledRejection {
    fn into_response(self) -> Response {
        self.0.to_response::<axum::body::Body>()
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

impl<T, S> FromRequest<S> for Spooled<T>
where
    T: OwnedBind,
    S: Send + Sync,
{
    type Rejection = SpooledRejection;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        extract::<T, TempFiles, S>(req, state, temp_files)
            .await
            .map(Spooled)
    }
}

/// As [`Spooled<T>`], each file part written as it arrives to the sink `K`
/// in the request's extensions (`.layer(axum::Extension(sink))`), whose
/// outputs [`StoredFile<K::Output>`](crate::StoredFile) fields take: an
/// object store's upload, a hasher, ... (see [`Sink`] for what is called
/// when, and on a failure). Without a `K` in the extensions the request is
/// a 500 ([`SpoolError::Io`]).
///
/// ```
/// use axum::{body::Body, routing::post, Extension, Router};
/// use binder_axum::spool::{FileHead, Sink};
/// use binder_axum::{Bind, SpooledTo, StoredFile};
/// use tower::ServiceExt;
///
/// /// Each file's bytes in memory (an object store's client would start
/// /// an upload in `open`).
/// #[derive(Clone)]
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
/// let app = Router::new().route("/docs", post(upload)).layer(Extension(Memory));
/// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
/// let body = "--B\r\nContent-Disposition: form-data; name=doc; filename=plan.txt\r\n\r\nhello\r\n--B--\r\n";
/// let req = http::Request::post("/docs")
///     .header("content-type", "multipart/form-data; boundary=B")
///     .body(Body::from(body))?;
/// let res = app.oneshot(req).await?;
/// assert_eq!(axum::body::to_bytes(res.into_body(), 1024).await?, r#"plan.txt: "hello""#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// # })?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct SpooledTo<K, T>(pub T, pub PhantomData<fn() -> K>);

impl<K, T, S> FromRequest<S> for SpooledTo<K, T>
where
    K: Sink + Send + 'static,
    T: OwnedBind,
    S: Send + Sync,
{
    type Rejection = SpooledRejection;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        extract::<T, K, S>(req, state, sink_in::<K>)
            .await
            .map(|t| SpooledTo(t, PhantomData))
    }
}

/// The store of a [`Spooled`] request.
fn temp_files(_: &http::Extensions) -> Option<&TempFiles> {
    Some(&TempFiles)
}

/// The store of a [`SpooledTo`] request: the sink in its extensions.
fn sink_in<K: Sink + Send + 'static>(extensions: &http::Extensions) -> Option<&K> {
    extensions.get::<K>()
}

/// Reads the body with its file parts written to `K`, then binds `T`.
async fn extract<T, K, S>(
    req: Request,
    state: &S,
    find: fn(&http::Extensions) -> Option<&K>,
) -> Result<T, SpooledRejection>
where
    T: OwnedBind,
    K: Store,
    S: Send + Sync,
{
    let (mut parts, body) = req.into_parts();
    let raw = match path::Matched::of(&parts) {
        Some(_) => None,
        None => RawPathParams::from_request_parts(&mut parts, state)
            .await
            .ok(),
    };
    let default;
    let options = match parts.extensions.get::<SpoolOptions>() {
        Some(options) => options,
        None => {
            let mut options = SpoolOptions::default();
            if let Some(limits) = parts.extensions.get::<Limits>() {
                options.limits = *limits;
            }
            default = options;
            &default
        }
    };
    let Some(store) = find(&parts.extensions) else {
        return Err(SpooledRejection(SpoolError::Io(std::io::Error::other(
            "no sink of the extractor's type in the request's extensions",
        ))));
    };
    let spooled = binder_hyper::spool_body_to(&parts, body, options, store).await?;
    let limits = &options.limits;
    let bound = spooled.bind_with(store, |bytes| match path::Matched::of(&parts) {
        Some(matched) => {
            let req = HttpRequest::with_bytes(&parts, bytes, matched);
            bind_to::<T>(req, &parts.extensions, limits)
        }
        None => {
            let req = HttpRequest::with_bytes(&parts, bytes, Decoded(path::Raw(raw.as_ref())));
            bind_to::<T>(req, &parts.extensions, limits)
        }
    });
    bound.map_err(|e| SpooledRejection(SpoolError::Request(e.0)))
}
