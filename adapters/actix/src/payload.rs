//! Reading the payload under the body policy, and the limit it is read
//! under (binder's and actix's, the smaller).

use actix_web::dev::Payload;
use actix_web::error::PayloadError;
use actix_web::http::header::{self, HeaderValue};
use actix_web::web::{self, Bytes, PayloadConfig};
use actix_web::{FromRequest, HttpRequest};
use binder_http::Error;
use std::future::Future;
use std::task::{Context, Poll, Waker};

/// actix-web's payload limit when no `PayloadConfig` is in the app data:
/// 256 KiB (`PayloadConfig::default()`; a test holds it to what actix's
/// own `web::Bytes` extractor refuses).
///
/// Without a `PayloadConfig`, it is the body limit even when binder's
/// [`Limits::max_body_bytes`](binder_http::Limits::max_body_bytes) is
/// larger:
///
/// ```
/// use actix_web::{test::TestRequest, FromRequest};
/// use binder_actix::{Bound, ACTIX_DEFAULT_LIMIT};
/// use binder_http::Bind;
///
/// #[derive(Bind)]
/// struct Note {
///     #[bind(body)]
///     text: String,
/// }
///
/// # actix_web::rt::System::new().block_on(async {
/// let (req, mut payload) = TestRequest::post()
///     .insert_header(("content-length", ACTIX_DEFAULT_LIMIT + 1))
///     .to_http_parts();
/// let err = Bound::<Note>::from_request(&req, &mut payload).await.err().unwrap();
/// assert!(matches!(err.0, binder_http::Error::TooLarge { limit: ACTIX_DEFAULT_LIMIT }));
/// assert_eq!(ACTIX_DEFAULT_LIMIT, 256 * 1024);
/// # });
/// ```
pub const ACTIX_DEFAULT_LIMIT: usize = 262_144;

/// Bytes reserved up front at most, whatever `Content-Length` says.
const MAX_PRESIZE: usize = 64 * 1024;

/// The `PayloadConfig` actix's own body extractors would use for `req`:
/// `PayloadConfig`, then `Data<PayloadConfig>`, in the app data.
fn payload_config(req: &HttpRequest) -> Option<&PayloadConfig> {
    req.app_data::<PayloadConfig>().or_else(|| {
        req.app_data::<web::Data<PayloadConfig>>()
            .map(|d| d.as_ref())
    })
}

/// What actix's `web::Bytes` extractor says of a declared length.
#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    /// Over the `PayloadConfig` limit.
    TooLarge,
    /// Not over it.
    Fits,
    /// actix refused the request for another reason (a `Content-Length`
    /// it reads otherwise than binder, a `PayloadConfig` mime type).
    Other,
}

/// Asks actix's own `web::Bytes` extractor about `req` without its
/// payload: actix refuses a declared length over its `PayloadConfig` limit
/// before reading (its future is ready at the first poll, on an empty
/// payload). `PayloadConfig` keeps its limit private, and this is the one
/// public way to it.
fn ask_actix(req: &HttpRequest) -> Verdict {
    let fut = web::Bytes::from_request(req, &mut Payload::None);
    let mut fut = std::pin::pin!(fut);
    match fut.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(Ok(_)) => Verdict::Fits,
        Poll::Ready(Err(e)) => match e.as_error::<PayloadError>() {
            Some(PayloadError::Overflow) => Verdict::TooLarge,
            _ => Verdict::Other,
        },
        // An empty payload never keeps it waiting.
        Poll::Pending => Verdict::Other,
    }
}

/// [`ask_actix`] about a request built for the purpose: `cfg`, the real
/// request's `Content-Type` (for a config with a mime type) and a
/// `Content-Length` of `n`.
fn over_config(cfg: &PayloadConfig, content_type: Option<&HeaderValue>, n: usize) -> bool {
    let mut probe = actix_web::test::TestRequest::default()
        .app_data(cfg.clone())
        .insert_header((header::CONTENT_LENGTH, n));
    if let Some(ct) = content_type {
        probe = probe.insert_header((header::CONTENT_TYPE, ct.clone()));
    }
    ask_actix(&probe.to_http_request()) == Verdict::TooLarge
}

std::thread_local! {
    /// The limit this thread found last: a guess to try first, checked by
    /// two questions before it is used, so it is never taken stale.
    static LAST_FOUND: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
}

/// The smaller of `cfg`'s limit and `upto`: one question when the limit is
/// at least `upto`; else two more when it is the limit last found on this
/// thread (actix refuses one byte more, and not it); else a binary search
/// (about log2(upto) questions).
fn config_limit(cfg: &PayloadConfig, content_type: Option<&HeaderValue>, upto: usize) -> usize {
    let over = |n| over_config(cfg, content_type, n);
    if !over(upto) {
        return upto;
    }
    if let Some(guess) = LAST_FOUND.get().filter(|&g| g < upto) {
        if over(guess + 1) && !over(guess) {
            return guess;
        }
    }
    // `lo` fits, `hi` does not.
    let (mut lo, mut hi) = (0, upto);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if over(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    LAST_FOUND.set(Some(lo));
    lo
}

/// The limit to read `req`'s body under: the smaller of `binder` (binder's
/// `Limits::max_body_bytes`) and actix's payload limit for `req`, or a 413
/// when `declared` passes it (nothing is read then).
///
/// Without a `PayloadConfig` in the app data, actix's limit is
/// [`ACTIX_DEFAULT_LIMIT`] and this costs a comparison. With one, its
/// limit is private: a declared length within `binder` is put to actix's
/// own `web::Bytes` extractor on the request itself (one 8 KiB buffer that
/// actix allocates and frees); a body of unknown length, or a refused one
/// (to report the limit), makes binder search the limit out with requests
/// built for the purpose (three of them when the limit is the one last
/// found on this thread).
pub(crate) fn limit_for(
    req: &HttpRequest,
    binder: usize,
    declared: Option<u64>,
) -> Result<usize, Error> {
    let limit = match payload_config(req) {
        None => binder.min(ACTIX_DEFAULT_LIMIT),
        Some(cfg) => {
            let ct = req.headers().get(header::CONTENT_TYPE);
            match declared {
                Some(d) if d <= binder as u64 => {
                    let d = d as usize;
                    let over = match ask_actix(req) {
                        Verdict::TooLarge => true,
                        Verdict::Fits => false,
                        Verdict::Other => over_config(cfg, ct, d),
                    };
                    if !over {
                        // Within both: reading never passes `d`.
                        return Ok(binder);
                    }
                    return Err(Error::TooLarge {
                        limit: config_limit(cfg, ct, d - 1),
                    });
                }
                _ => config_limit(cfg, ct, binder),
            }
        }
    };
    if declared.is_some_and(|d| d > limit as u64) {
        return Err(Error::TooLarge { limit });
    }
    Ok(limit)
}

/// A body read chunk by chunk under the policy of `binder_hyper::read_body`.
#[derive(Debug)]
pub(crate) struct Reader {
    declared: Option<u64>,
    limit: usize,
    /// The first chunk, kept as it is: a body of one chunk is not copied.
    first: Option<Bytes>,
    buf: Vec<u8>,
    received: u64,
}

impl Reader {
    /// A reader of a body declared `declared` bytes long, under `limit`
    /// (which `declared` does not pass: see [`limit_for`]).
    pub(crate) fn new(declared: Option<u64>, limit: usize) -> Self {
        Reader {
            declared,
            limit,
            first: None,
            buf: Vec::new(),
            received: 0,
        }
    }

    /// Takes the next chunk. An error ends the read: no chunk after it is
    /// polled.
    pub(crate) fn push(&mut self, data: Bytes) -> Result<(), Error> {
        if data.is_empty() {
            return Ok(());
        }
        self.received += data.len() as u64;
        if let Some(declared) = self.declared.filter(|&n| self.received > n) {
            return Err(Error::LongerThanDeclared { declared });
        }
        if self.received > self.limit as u64 {
            return Err(Error::TooLarge { limit: self.limit });
        }
        if self.first.is_none() && self.buf.is_empty() {
            self.first = Some(data);
            return Ok(());
        }
        if let Some(f) = self.first.take() {
            let declared = self
                .declared
                .map_or(0, |n| usize::try_from(n).unwrap_or(usize::MAX));
            let want = declared.min(MAX_PRESIZE).max(f.len() + data.len());
            self.buf.reserve_exact(want);
            self.buf.extend_from_slice(&f);
        }
        grow(&mut self.buf, data.len(), self.limit);
        self.buf.extend_from_slice(&data);
        Ok(())
    }

    /// The payload failed: a connection closed before the declared length
    /// is [`Error::Incomplete`], anything else [`Error::Read`].
    pub(crate) fn failed(&self, e: PayloadError) -> Error {
        match (e, self.declared) {
            (PayloadError::Incomplete(_), Some(declared)) => Error::Incomplete {
                declared,
                received: self.received,
            },
            (e, _) => Error::Read(Box::new(e)),
        }
    }

    /// The whole body, once the payload ended.
    pub(crate) fn finish(self) -> Result<Bytes, Error> {
        if let Some(n) = self.declared {
            if self.received < n {
                return Err(Error::Incomplete {
                    declared: n,
                    received: self.received,
                });
            }
        }
        Ok(match self.first {
            Some(f) => f,
            None => Bytes::from(self.buf),
        })
    }
}

/// Makes room for `more` bytes by doubling, never past `limit`.
fn grow(buf: &mut Vec<u8>, more: usize, limit: usize) {
    let need = buf.len() + more;
    if need <= buf.capacity() {
        return;
    }
    let target = need.max(buf.capacity() * 2).min(limit.max(need));
    buf.reserve_exact(target - buf.len());
}
