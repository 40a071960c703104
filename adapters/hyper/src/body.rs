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
