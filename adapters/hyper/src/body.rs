//! Reading a body under the size policy.

use binder_http::length::LengthError;
use bytes::{Buf, Bytes};
use http::StatusCode;
use http_body_util::{BodyExt, Full};

/// Bytes reserved up front at most, whatever `Content-Length` says.
const MAX_PRESIZE: usize = 64 * 1024;

/// Why reading or binding a request failed.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// The body is larger than the limit (declared or sent): 413.
    TooLarge {
        /// The limit, in bytes.
        limit: usize,
    },
    /// The declared length is refused: a `Content-Length` that is not
    /// `1*DIGIT`, values that differ, or a `Content-Length` with a
    /// `Transfer-Encoding` (see [`binder_http::length`]): 400. Nothing is
    /// read.
    Length(LengthError),
    /// The body went on past its `Content-Length`: 400. Reading stopped at
    /// the frame that passed it.
    LongerThanDeclared {
        /// Bytes declared.
        declared: u64,
    },
    /// The body ended before its `Content-Length`: 400.
    Incomplete {
        /// Bytes declared.
        declared: u64,
        /// Bytes received.
        received: u64,
    },
    /// The transport failed while reading: 400.
    Read(Box<dyn std::error::Error + Send + Sync>),
    /// Binding failed: the status and the problem+json body, rendered when
    /// it failed (the bind error borrows the request, which is gone).
    Bind {
        /// 400, or 415 for a body binder does not read.
        status: StatusCode,
        /// The RFC 9457 problem details body.
        problem: String,
    },
}

impl Error {
    /// A bind error rendered while the request it borrows is still alive.
    pub fn from_bind(e: &binder_http::BindError<'_>) -> Self {
        Error::Bind {
            status: binder_http::status_of(e),
            problem: binder_http::problem_json(e),
        }
    }

    /// The HTTP status this error answers with.
    pub fn status(&self) -> StatusCode {
        match self {
            Error::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Error::Length(_)
            | Error::LongerThanDeclared { .. }
            | Error::Incomplete { .. }
            | Error::Read(_) => StatusCode::BAD_REQUEST,
            Error::Bind { status, .. } => *status,
        }
    }

    /// The error as an `application/problem+json` response.
    pub fn into_response(self) -> http::Response<Full<Bytes>> {
        let status = self.status();
        let body = match self {
            Error::Bind { problem, .. } => problem,
            other => format!(
                r#"{{"type":"about:blank","title":"{}","status":{},"detail":"{}"}}"#,
                status.canonical_reason().unwrap_or("Error"),
                status.as_u16(),
                other
            ),
        };
        let mut res = http::Response::new(Full::new(Bytes::from(body)));
        *res.status_mut() = status;
        res.headers_mut().insert(
            http::header::CONTENT_TYPE,
            http::HeaderValue::from_static(binder_http::PROBLEM_JSON),
        );
        res
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::TooLarge { limit } => write!(f, "the body is larger than the limit of {limit} bytes"),
            Error::Length(e) => std::fmt::Display::fmt(e, f),
            Error::LongerThanDeclared { declared } => write!(
                f,
                "the body is longer than the {declared} bytes its Content-Length declared"
            ),
            Error::Incomplete { declared, received } => write!(
                f,
                "the body ended after {received} of the {declared} bytes its Content-Length declared"
            ),
            Error::Read(_) => f.write_str("the body could not be read"),
            Error::Bind { problem, .. } => f.write_str(problem),
        }
    }
}

impl From<LengthError> for Error {
    fn from(e: LengthError) -> Self {
        Error::Length(e)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Read(e) => Some(&**e),
            Error::Length(e) => Some(e),
            _ => None,
        }
    }
}

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
