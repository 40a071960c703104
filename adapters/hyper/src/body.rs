//! Reading a body under the size policy.

use binder_http::Error;
use bytes::{Buf, Bytes};
use http_body_util::BodyExt;

/// Bytes reserved up front at most, whatever `Content-Length` says.
const MAX_PRESIZE: usize = 64 * 1024;

/// Splits `req` and reads its whole body under `limit` bytes (see the
/// crate docs for the policy), its length declared by its headers as
/// [`binder_http::length::from_headers`] reads them.
///
/// Then bind a type that borrows from the request with
/// [`bind_parts`](crate::bind_parts):
///
/// ```
/// use binder_hyper::Bind;
/// use bytes::Bytes;
/// use http_body_util::Full;
///
/// #[derive(Bind)]
/// struct Note<'r> {
///     #[bind(body)]
///     text: &'r str,
/// }
///
/// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
/// let req = http::Request::post("/notes")
///     .header("content-type", "application/json")
///     .header("content-length", "14")
///     .body(Full::new(Bytes::from_static(br#"{"text":"hi!"}"#)))?;
/// let (parts, body) = binder_hyper::read_request(req, 1024).await?;
/// let note: Note = binder_hyper::bind_parts(&parts, &body, &[])?;
/// assert_eq!(note.text, "hi!");
///
/// // Two `Content-Length`s that disagree: a 400, and nothing is read.
/// let req = http::Request::post("/notes")
///     .header("content-length", "14")
///     .header("content-length", "15")
///     .body(Full::new(Bytes::from_static(br#"{"text":"hi!"}"#)))?;
/// let err = binder_hyper::read_request(req, 1024).await.unwrap_err();
/// assert!(matches!(err, binder_hyper::Error::Length(_)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// # })?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`Error::Length`] when the declared length is refused (nothing is
/// read); otherwise as [`read_body`].
pub async fn read_request<B>(
    req: http::Request<B>,
    limit: usize,
) -> Result<(http::request::Parts, Bytes), Error>
where
    B: http_body::Body,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    let (parts, body) = req.into_parts();
    let declared = binder_http::length::from_headers(&parts.headers)?;
    let bytes = read_body(body, declared, limit).await?;
    Ok((parts, bytes))
}

/// Reads `body` whole, under `limit` bytes, given its declared length.
///
/// No frame is polled once the bytes received pass `declared` or `limit`:
/// the frame that passes either is the last one read.
///
/// ```
/// use binder_hyper::{read_body, Error};
/// use bytes::Bytes;
/// use http_body_util::Full;
///
/// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
/// let body = || Full::new(Bytes::from_static(b"0123456789"));
/// assert_eq!(read_body(body(), Some(10), 64).await?, "0123456789");
/// // Over the limit, as declared or as sent: 413.
/// assert!(matches!(read_body(body(), Some(10), 8).await, Err(Error::TooLarge { limit: 8 })));
/// assert!(matches!(read_body(body(), None, 8).await, Err(Error::TooLarge { limit: 8 })));
/// // Not what its `Content-Length` declared: 400.
/// assert!(matches!(read_body(body(), Some(12), 64).await, Err(Error::Incomplete { declared: 12, received: 10 })));
/// assert!(matches!(read_body(body(), Some(4), 64).await, Err(Error::LongerThanDeclared { declared: 4 })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// # })?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`Error::TooLarge`] when `declared` or the bytes sent pass `limit`
/// (nothing is read when `declared` does); [`Error::LongerThanDeclared`]
/// when more bytes than `declared` arrive (checked first: a frame that
/// passes both is this error); [`Error::Incomplete`] when the body ends
/// before `declared`; [`Error::Read`] when the transport fails.
pub async fn read_body<B>(body: B, declared: Option<u64>, limit: usize) -> Result<Bytes, Error>
where
    B: http_body::Body,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    if declared.is_some_and(|n| n > limit as u64) {
        return Err(Error::TooLarge { limit });
    }
    let mut body = std::pin::pin!(body);
    // The first data frame is kept as it is: a body that arrives in one
    // frame is returned without a copy.
    let mut first: Option<Bytes> = None;
    let mut buf: Vec<u8> = Vec::new();
    let mut received: u64 = 0;
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|e| Error::Read(e.into()))?;
        let Ok(mut data) = frame.into_data() else {
            continue; // trailers
        };
        // Zero-copy for `Bytes` (hyper's `Incoming`, `Full<Bytes>`).
        let data = data.copy_to_bytes(data.remaining());
        if data.is_empty() {
            continue;
        }
        received += data.len() as u64;
        if let Some(declared) = declared.filter(|&n| received > n) {
            return Err(Error::LongerThanDeclared { declared });
        }
        if received > limit as u64 {
            return Err(Error::TooLarge { limit });
        }
        if first.is_none() && buf.is_empty() {
            first = Some(data);
            continue;
        }
        if let Some(f) = first.take() {
            let declared = declared.map_or(0, |n| usize::try_from(n).unwrap_or(usize::MAX));
            let want = declared.min(MAX_PRESIZE).max(f.len() + data.len());
            buf.reserve_exact(want);
            buf.extend_from_slice(&f);
        }
        grow(&mut buf, data.len(), limit);
        buf.extend_from_slice(&data);
    }
    if let Some(n) = declared {
        if received < n {
            return Err(Error::Incomplete {
                declared: n,
                received,
            });
        }
    }
    Ok(match first {
        Some(f) => f,
        None => Bytes::from(buf),
    })
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
