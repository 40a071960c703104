//! The body-reading step, `binder_hyper::read_request`: arbitrary
//! `Content-Length` lines (every malformed form: signs, hex, stray bytes,
//! empty values and list elements, values past `u64`, lists, several lines,
//! lengths that lie by a little), an optional `Transfer-Encoding`,
//! arbitrary body bytes cut into arbitrary frames (empty ones too, trailers,
//! a transport error at the end), arbitrary limits.
//!
//! Checked against a naive model of the rules written here from the RFCs
//! (RFC 9110 §8.6, RFC 9112 §6.1 and §6.3): the same result (the same bytes,
//! or the same error with the same fields) for the arbitrary framing, for the
//! whole body in one frame and for one byte a frame; the body is never
//! polled once the bytes it handed out pass the limit or the declared
//! length, nor at all when the length is refused or over the limit; a body
//! that arrives in one frame comes back as that frame, not copied.
#![no_main]

use arbitrary::Arbitrary;
use binder_http::length::LengthError;
use binder_hyper::Error;
use bytes::Bytes;
use http_body::Frame;
use libfuzzer_sys::fuzz_target;
use std::collections::VecDeque;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};

/// One element of a `Content-Length` value. Most are written from the
/// body's real length, so a lenient reader would often get it "right".
#[derive(Debug, Arbitrary)]
enum Elem {
    /// The body's length.
    Body,
    /// The body's length plus a small lie.
    Off(i8),
    /// Any number.
    Number(u64),
    /// The body's length after leading zeros.
    Zeros(u8),
    /// Past `u64::MAX` by a little.
    PastU64(u16),
    /// `+` and the body's length.
    Plus,
    /// `-` and the body's length.
    Minus,
    /// `0x` and the body's length in hex.
    Hex,
    /// The body's length, then a byte.
    Trailing(u8),
    /// A byte, then the body's length.
    Leading(u8),
    /// The body's length with a byte inside it.
    Inner(u8),
    /// Nothing.
    Empty,
    /// Any bytes.
    Raw(Vec<u8>),
}

#[derive(Debug, Arbitrary)]
struct Input {
    /// `Content-Length` lines: list elements, each with OWS around it.
    lines: Vec<Vec<(Elem, u8)>>,
    transfer_encoding: bool,
    body: Vec<u8>,
    /// Frame sizes (0 is an empty frame); the rest of the body is one more.
    cuts: Vec<u8>,
    trailers: bool,
    fail_at_end: bool,
    limit: u16,
}

fn write_elem(e: &Elem, len: u64, out: &mut Vec<u8>) {
    let n = len.to_string();
    match e {
        Elem::Body => out.extend_from_slice(n.as_bytes()),
        Elem::Off(d) => out.extend_from_slice(
            len.saturating_add_signed(i64::from(*d))
                .to_string()
                .as_bytes(),
        ),
        Elem::Number(x) => out.extend_from_slice(x.to_string().as_bytes()),
        Elem::Zeros(z) => {
            out.extend(std::iter::repeat_n(b'0', usize::from(*z % 32)));
            out.extend_from_slice(n.as_bytes());
        }
        Elem::PastU64(d) => {
            let v = u128::from(u64::MAX) + 1 + u128::from(*d);
            out.extend_from_slice(v.to_string().as_bytes());
        }
        Elem::Plus => {
            out.push(b'+');
            out.extend_from_slice(n.as_bytes());
        }
        Elem::Minus => {
            out.push(b'-');
            out.extend_from_slice(n.as_bytes());
        }
        Elem::Hex => out.extend_from_slice(format!("0x{len:x}").as_bytes()),
        Elem::Trailing(b) => {
            out.extend_from_slice(n.as_bytes());
            out.push(*b);
        }
        Elem::Leading(b) => {
            out.push(*b);
            out.extend_from_slice(n.as_bytes());
        }
        Elem::Inner(b) => {
            let (a, z) = n.as_bytes().split_at(n.len() / 2);
            out.extend_from_slice(a);
            out.push(*b);
            out.extend_from_slice(z);
        }
        Elem::Empty => {}
        Elem::Raw(r) => out.extend_from_slice(r),
    }
}

/// Spaces and tabs: the low bits pick how many of each, before and after.
fn ows(bits: u8) -> (&'static [u8], &'static [u8]) {
    const PADS: [&[u8]; 4] = [b"", b" ", b"\t", b" \t "];
    (
        PADS[usize::from(bits & 3)],
        PADS[usize::from((bits >> 2) & 3)],
    )
}

/// The naive model of a declared length: every element of every line in
/// order; the first that is not `1*DIGIT` (after OWS), passes `u64`, or
/// differs from the first decides.
fn model_length(lines: &[Vec<u8>], te: bool) -> Result<Option<u64>, LengthError> {
    if lines.is_empty() {
        return Ok(None);
    }
    if te {
        return Err(LengthError::WithTransferEncoding);
    }
    let mut first: Option<u64> = None;
    for line in lines {
        for elem in line.split(|&b| b == b',') {
            let mut e = elem;
            while let [b' ' | b'\t', rest @ ..] = e {
                e = rest;
            }
            while let [rest @ .., b' ' | b'\t'] = e {
                e = rest;
            }
            if e.is_empty() || e.iter().any(|b| !b.is_ascii_digit()) {
                return Err(LengthError::NotDigits);
            }
            let digits = std::str::from_utf8(e).unwrap().trim_start_matches('0');
            let v: u64 = if digits.is_empty() {
                0
            } else if digits.len() > 20 {
                return Err(LengthError::Overflow);
            } else {
                match digits.parse::<u128>().unwrap().try_into() {
                    Ok(v) => v,
                    Err(_) => return Err(LengthError::Overflow),
                }
            };
            match first {
                None => first = Some(v),
                Some(f) if f != v => return Err(LengthError::Conflicting),
                Some(_) => {}
            }
        }
    }
    Ok(first)
}

/// A result, comparable.
#[derive(Debug, PartialEq)]
enum Outcome {
    Ok(Vec<u8>),
    Length(LengthError),
    TooLarge(usize),
    Longer(u64),
    Incomplete(u64, u64),
    Read,
}

fn outcome(r: &Result<Bytes, Error>) -> Outcome {
    match r {
        Ok(b) => Outcome::Ok(b.to_vec()),
        Err(Error::Length(k)) => Outcome::Length(*k),
        Err(Error::TooLarge { limit }) => Outcome::TooLarge(*limit),
        Err(Error::LongerThanDeclared { declared }) => Outcome::Longer(*declared),
        Err(Error::Incomplete { declared, received }) => Outcome::Incomplete(*declared, *received),
        Err(Error::Read(_)) => Outcome::Read,
        Err(e) => panic!("read_request returned {e:?}"),
    }
}

/// What the rules say the read gives, whatever the framing.
fn model(
    declared: Result<Option<u64>, LengthError>,
    body: &[u8],
    limit: usize,
    fail: bool,
) -> Outcome {
    let n = body.len() as u64;
    match declared {
        Err(k) => Outcome::Length(k),
        Ok(Some(d)) if d > limit as u64 => Outcome::TooLarge(limit),
        Ok(Some(d)) if n > d => Outcome::Longer(d),
        Ok(None) if n > limit as u64 => Outcome::TooLarge(limit),
        _ if fail => Outcome::Read,
        Ok(Some(d)) if n < d => Outcome::Incomplete(d, n),
        _ => Outcome::Ok(body.to_vec()),
    }
}

/// A body of given frames that refuses to be polled once it has handed
/// out more than `bound` bytes, and counts its polls where the test can
/// read them after the read consumed it.
struct Frames {
    frames: VecDeque<Frame<Bytes>>,
    fail_at_end: bool,
    bound: u64,
    handed: u64,
    polls: Arc<AtomicUsize>,
}

impl http_body::Body for Frames {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        assert!(
            self.handed <= self.bound,
            "polled after {} bytes, past the bound {}",
            self.handed,
            self.bound
        );
        self.polls.fetch_add(1, Ordering::Relaxed);
        Poll::Ready(match self.frames.pop_front() {
            Some(f) => {
                if let Some(d) = f.data_ref() {
                    self.handed += d.len() as u64;
                }
                Some(Ok(f))
            }
            None if std::mem::take(&mut self.fail_at_end) => {
                Some(Err(std::io::Error::other("reset")))
            }
            None => None,
        })
    }
}

/// Reads one request whose body is `frames`; returns the result and the
/// number of polls. The body is always ready, so one poll must finish it.
fn read(
    lines: &[Vec<u8>],
    te: bool,
    frames: Vec<Bytes>,
    input: &Input,
    bound: u64,
) -> (Result<Bytes, Error>, usize) {
    let mut frames: VecDeque<Frame<Bytes>> = frames.into_iter().map(Frame::data).collect();
    if input.trailers {
        frames.push_back(Frame::trailers(http::HeaderMap::new()));
    }
    let polls = Arc::new(AtomicUsize::new(0));
    let body = Frames {
        frames,
        fail_at_end: input.fail_at_end,
        bound,
        handed: 0,
        polls: Arc::clone(&polls),
    };
    let mut req = http::Request::post("/").body(body).unwrap();
    for l in lines {
        req.headers_mut().append(
            http::header::CONTENT_LENGTH,
            http::HeaderValue::from_bytes(l).unwrap(),
        );
    }
    if te {
        req.headers_mut().append(
            http::header::TRANSFER_ENCODING,
            http::HeaderValue::from_static("chunked"),
        );
    }
    let fut = binder_hyper::read_request(req, usize::from(input.limit));
    let mut fut = std::pin::pin!(fut);
    let mut cx = Context::from_waker(std::task::Waker::noop());
    let Poll::Ready(r) = fut.as_mut().poll(&mut cx) else {
        panic!("an always-ready body left the read pending");
    };
    (r.map(|(_, b)| b), polls.load(Ordering::Relaxed))
}

fuzz_target!(|input: Input| {
    let body = &input.body;
    let len = body.len() as u64;
    // Every line as sent.
    let raw: Vec<Vec<u8>> = input
        .lines
        .iter()
        .map(|elems| {
            let mut line = Vec::new();
            for (i, (e, pad)) in elems.iter().enumerate() {
                if i > 0 {
                    line.push(b',');
                }
                let (before, after) = ows(*pad);
                line.extend_from_slice(before);
                write_elem(e, len, &mut line);
                line.extend_from_slice(after);
            }
            line
        })
        .collect();
    let te = input.transfer_encoding;
    // The helper reads bytes, whatever stack they come from: the model on
    // every line, control bytes included.
    assert_eq!(
        binder_http::length::parse(raw.iter().map(Vec::as_slice), te),
        model_length(&raw, te),
        "{raw:?} te={te}"
    );
    // A line `http` cannot carry (control bytes) is left out of the
    // request, as a server could not have received it either.
    let lines: Vec<Vec<u8>> = raw
        .into_iter()
        .filter(|l| http::HeaderValue::from_bytes(l).is_ok())
        .collect();
    let limit = usize::from(input.limit);
    let declared = model_length(&lines, te);
    assert_eq!(
        binder_http::length::parse(lines.iter().map(Vec::as_slice), te),
        declared,
        "{lines:?} te={te}"
    );
    let expected = model(declared, body, limit, input.fail_at_end);
    // Polling stops once the bytes handed out pass this.
    let bound = match declared {
        Ok(Some(d)) => d.min(limit as u64),
        _ => limit as u64,
    };
    // Refused on its headers alone: nothing may be polled.
    let refused_before_reading = match declared {
        Err(_) => true,
        Ok(Some(d)) => d > limit as u64,
        Ok(None) => false,
    };

    let whole = Bytes::from(body.clone());
    let mut framings: Vec<(&str, Vec<Bytes>)> = Vec::new();
    // The arbitrary framing.
    let mut cut = Vec::new();
    let mut rest = whole.clone();
    for &c in &input.cuts {
        let c = usize::from(c).min(rest.len());
        cut.push(rest.split_to(c));
    }
    cut.push(rest);
    framings.push(("arbitrary", cut));
    framings.push(("one frame", vec![whole.clone()]));
    framings.push((
        "one byte a frame",
        (0..whole.len()).map(|i| whole.slice(i..=i)).collect(),
    ));
    for (name, frames) in framings {
        let nonempty: Vec<&Bytes> = frames.iter().filter(|f| !f.is_empty()).collect();
        let single = (nonempty.len() == 1).then(|| nonempty[0].as_ptr());
        let (got, polls) = read(&lines, te, frames.clone(), &input, bound);
        assert_eq!(
            outcome(&got),
            expected,
            "{name} framing, lines {lines:?}, te={te}, limit {limit}, {} body bytes",
            body.len()
        );
        if refused_before_reading {
            assert_eq!(polls, 0, "{name}: polled a body refused before reading");
        }
        if let (Ok(b), Some(ptr)) = (&got, single) {
            assert_eq!(b.as_ptr(), ptr, "{name}: a one-frame body was copied");
        }
    }
});
