//! The resumable multipart scan (`binder_core::multipart::Feed`) against
//! the one-shot scan ([`ours`]): the body cut into chunks anywhere, the
//! same parts and the same error at the same offset. Shared by
//! binder-core's tests and the `multipart_feed` fuzz target; each check
//! panics on a difference.

use binder_core::multipart::{Boundary, Event, Feed};
use binder_core::{Error, Limits};

use crate::generate::Rng;
use crate::multipart_oracle::{decode, header_lines, ours, Got};

/// What one feed read, and how.
#[derive(Debug, Default)]
pub struct Fed {
    /// The parts read to their end, and the first error.
    pub parts: Vec<Got>,
    pub error: Option<Error>,
    /// Data pieces handed out from the carry (held-back delimiter bytes
    /// that were data), and header blocks read there.
    pub held_pieces: usize,
    pub carried_heads: usize,
}

/// The chunks of `body` cut at `cuts` (ascending offsets, repeats and
/// offsets past the end allowed: empty chunks are fed too).
pub fn chunks<'a>(body: &'a [u8], cuts: &[usize]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    let mut from = 0;
    for &c in cuts {
        let c = c.clamp(from, body.len());
        out.push(&body[from..c]);
        from = c;
    }
    out.push(&body[from..]);
    out
}

/// Reads `body` with a [`Feed`] in the chunks `cuts` makes, checking on
/// the way what must hold of every feed: events in order (a head, data,
/// an end), data never empty and borrowed from the chunk (or, at most the
/// delimiter's length less one, from the carry), offsets in the body,
/// nothing after an error, and `finish` repeating it.
pub fn feed(body: &[u8], boundary: &Boundary, limits: &Limits, cuts: &[usize]) -> Fed {
    let mut carry = vec![0u8; Feed::carry_len(limits)];
    let carry_range = carry.as_ptr_range();
    let in_carry = move |s: &[u8]| {
        let r = s.as_ptr_range();
        carry_range.start <= r.start && r.end <= carry_range.end
    };
    let dlen = 4 + boundary.as_bytes().len();
    let mut feed = Feed::new(boundary, &mut carry, limits).expect("carry_len fits");
    let mut out = Fed::default();
    let mut current: Option<Got> = None;
    let mut last_offset = 0;
    let mut base = 0;
    for chunk in chunks(body, cuts) {
        let range = chunk.as_ptr_range();
        let in_chunk = |s: &[u8]| {
            let r = s.as_ptr_range();
            range.start <= r.start && r.end <= range.end
        };
        let mut input = feed.input(chunk);
        loop {
            let event = match input.next() {
                Ok(Some(e)) => e,
                Ok(None) => break,
                Err(e) => {
                    assert!(out.error.is_none(), "one error");
                    assert!(e.offset() <= body.len());
                    assert_eq!(input.next(), Ok(None), "nothing after an error");
                    out.error = Some(e);
                    break;
                }
            };
            assert!(out.error.is_none());
            match event {
                Event::Part(head) => {
                    assert!(current.is_none(), "a head inside a part");
                    assert!(head.offset() >= last_offset && head.offset() <= base + chunk.len());
                    last_offset = head.offset();
                    let carried = in_carry(head.headers());
                    assert!(carried || in_chunk(head.headers()));
                    out.carried_heads += usize::from(carried);
                    assert_eq!(
                        &body[head.offset()..][..head.headers().len()],
                        head.headers()
                    );
                    assert!(!head.name().raw().is_empty());
                    assert_eq!(head.is_file(), head.filename().is_some());
                    current = Some(Got {
                        name: decode(head.name()),
                        filename: head.filename().map(decode),
                        content_type: head.content_type().map(<[u8]>::to_vec),
                        data: Vec::new(),
                        headers: header_lines(head.headers()),
                    });
                }
                Event::Data(bytes) => {
                    assert!(!bytes.is_empty(), "an empty data piece");
                    if in_carry(bytes) {
                        assert!(bytes.len() < dlen && bytes[0] == b'\r', "{bytes:?}");
                        out.held_pieces += 1;
                    } else {
                        assert!(in_chunk(bytes), "data neither in the chunk nor the carry");
                    }
                    current
                        .as_mut()
                        .expect("data inside a part")
                        .data
                        .extend_from_slice(bytes);
                }
                Event::End => out
                    .parts
                    .push(current.take().expect("an end inside a part")),
            }
        }
        base += chunk.len();
    }
    let finished = feed.finish();
    match out.error {
        Some(e) => assert_eq!(finished, Err(e), "finish repeats the error"),
        None => out.error = finished.err(),
    }
    assert_eq!(feed.finish(), out.error.map_or(Ok(()), Err), "finish again");
    out
}

/// Checks the feed, chunked at `cuts`, reads `body` as the one-shot scan
/// does under `limits`.
pub fn check_feed(body: &[u8], boundary: &Boundary, limits: &Limits, cuts: &[usize]) -> Fed {
    let want = ours(body, boundary, limits);
    let got = feed(body, boundary, limits, cuts);
    assert_eq!(
        (&got.parts, got.error),
        (&want.0, want.1),
        "{:?} in chunks at {cuts:?} under {limits:?}",
        String::from_utf8_lossy(body)
    );
    got
}

/// Random ascending cuts: `n` of them, anywhere in `0..=len`.
pub fn random_cuts(rng: &mut Rng, len: usize, n: usize) -> Vec<usize> {
    let mut cuts: Vec<usize> = (0..n).map(|_| rng.below(len + 1)).collect();
    cuts.sort_unstable();
    cuts
}

/// Every way to read `body` in two chunks, one byte at a time, and in
/// `rounds` random multi-way splits: each as the one-shot scan reads it.
pub fn check_feed_splits(
    body: &[u8],
    boundary: &Boundary,
    limits: &Limits,
    rng: &mut Rng,
    rounds: usize,
) {
    for cut in 0..=body.len() {
        check_feed(body, boundary, limits, &[cut]);
    }
    let ones: Vec<usize> = (1..body.len()).collect();
    check_feed(body, boundary, limits, &ones);
    for _ in 0..rounds {
        let n = 1 + rng.below(8);
        let cuts = random_cuts(rng, body.len(), n);
        check_feed(body, boundary, limits, &cuts);
    }
}
