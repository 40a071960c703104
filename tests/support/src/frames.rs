//! A request body built in the test: it yields the frames it is given (or a
//! transport error), always ready, and counts what it hands out, so a test
//! can say how far the reader read. Used by binder-hyper's and binder-axum's
//! tests.

use bytes::Bytes;
use http_body::{Body, Frame};
use std::collections::VecDeque;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};

/// What a [`Frames`] body handed out.
#[derive(Debug, Default)]
pub struct Tally {
    frames: AtomicUsize,
    bytes: AtomicUsize,
    polls: AtomicUsize,
}

impl Tally {
    /// Data frames handed out.
    pub fn frames(&self) -> usize {
        self.frames.load(Ordering::Relaxed)
    }
    /// Data bytes handed out.
    pub fn bytes(&self) -> usize {
        self.bytes.load(Ordering::Relaxed)
    }
    /// Times the body was polled (the end and errors count too).
    pub fn polls(&self) -> usize {
        self.polls.load(Ordering::Relaxed)
    }
}

/// One step of a [`Frames`] body.
enum Step {
    Data(Bytes),
    Fail,
}

/// A body that yields its frames in order, then ends.
pub struct Frames {
    steps: VecDeque<Step>,
    tally: Arc<Tally>,
}

impl Frames {
    /// A body of these data frames.
    pub fn new<I, B>(frames: I) -> Self
    where
        I: IntoIterator<Item = B>,
        B: Into<Bytes>,
    {
        Frames {
            steps: frames.into_iter().map(|f| Step::Data(f.into())).collect(),
            tally: Arc::default(),
        }
    }

    /// Then a transport error instead of the end.
    pub fn then_fail(mut self) -> Self {
        self.steps.push_back(Step::Fail);
        self
    }

    /// The counts, readable after the body is gone.
    pub fn tally(&self) -> Arc<Tally> {
        Arc::clone(&self.tally)
    }
}

impl Body for Frames {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        self.tally.polls.fetch_add(1, Ordering::Relaxed);
        Poll::Ready(match self.steps.pop_front() {
            None => None,
            Some(Step::Fail) => Some(Err(std::io::Error::new(
                std::io::ErrorKind::ConnectionReset,
                "reset",
            ))),
            Some(Step::Data(data)) => {
                self.tally.frames.fetch_add(1, Ordering::Relaxed);
                self.tally.bytes.fetch_add(data.len(), Ordering::Relaxed);
                Some(Ok(Frame::data(data)))
            }
        })
    }
}

/// Polls a future that never waits (the bodies here are always ready).
pub fn ready<F: std::future::Future>(f: F) -> F::Output {
    let mut cx = Context::from_waker(std::task::Waker::noop());
    let mut f = std::pin::pin!(f);
    loop {
        if let Poll::Ready(v) = f.as_mut().poll(&mut cx) {
            return v;
        }
    }
}
