//! axum's `DefaultBodyLimit`, read through its one public door.
//!
//! axum keeps the limit in a request extension whose type is private; the
//! public way to apply it is `RequestExt::with_limited_body`, which wraps
//! the body in `http_body_util::Limited`. Wrapped around a body that says
//! nothing of its size, `Limited`'s size hint has the limit as its upper
//! bound: that is how the limit is read here, on a probe request that
//! borrows the real request's extensions for the call.

use axum::body::{Body, Bytes};
use axum::RequestExt;
use http_body::{Body as _, Frame, SizeHint};
use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};

/// A body that ends at once and claims no size: its hint is `0..`.
struct Unsized;

impl http_body::Body for Unsized {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        Poll::Ready(None)
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::new()
    }
}

/// The body limit axum's own extractors would apply to a request with
/// these extensions: `DefaultBodyLimit::max(n)`'s `n`, axum's default of
/// 2,097,152 bytes when no `DefaultBodyLimit` layer ran, `None` after
/// `DefaultBodyLimit::disable()`.
///
/// Costs one short-lived allocation (the box `with_limited_body` puts the
/// `Limited` body in; the probe body itself is zero-sized and boxing it
/// allocates nothing). The extensions are moved, not copied.
pub(crate) fn axum_limit(extensions: &mut http::Extensions) -> Option<usize> {
    let mut probe = http::Request::new(Body::new(Unsized));
    std::mem::swap(probe.extensions_mut(), extensions);
    let (mut parts, body) = probe.with_limited_body().into_parts();
    std::mem::swap(&mut parts.extensions, extensions);
    body.size_hint()
        .upper()
        .map(|n| usize::try_from(n).unwrap_or(usize::MAX))
}
