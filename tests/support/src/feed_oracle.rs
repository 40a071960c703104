//! `form::Feed` (an urlencoded body in chunks) and `form::Keep` (the
//! pairs a type reads, kept in a small buffer) against the one-shot
//! `form::Pairs` on the whole body: the tests and the `form_feed` fuzz
//! target run the same checks.

use binder_core::{form, Error, ErrorKind, Limits};

/// A pair as the checks compare it: key, value, offset, and whether each
/// needs decoding.
pub type Owned = (Vec<u8>, Vec<u8>, usize, bool, bool);

fn owned(p: &form::Pair<'_>) -> Owned {
    (
        p.key_as_sent().to_vec(),
        p.value_as_sent().to_vec(),
        p.offset(),
        p.key_needs_decoding(),
        p.value_needs_decoding(),
    )
}

/// The length of the piece at `offset`: up to its `&` or the end.
fn piece_len(input: &[u8], offset: usize) -> usize {
    input[offset..]
        .iter()
        .position(|&b| b == b'&')
        .unwrap_or(input.len() - offset)
}

/// What a feed with a `cap`-byte carry must give, stated on whole pieces
/// from the one-shot scan: its pairs up to the first piece longer than
/// `cap`, which fails with `PairTooLong`; a `KeyTooLong` is one only when
/// the key limit is within the carry (else the piece, longer than the
/// limit, is longer than the carry first).
pub fn feed_reference(input: &[u8], limits: &Limits, cap: usize) -> (Vec<Owned>, Option<Error>) {
    let mut pairs = Vec::new();
    for item in form::pairs_with(input, limits) {
        match item {
            Ok(p) if piece_len(input, p.offset()) > cap => {
                return (pairs, Some(Error::new(ErrorKind::PairTooLong, p.offset())));
            }
            Ok(p) => pairs.push(owned(&p)),
            Err(e) if e.kind() == ErrorKind::KeyTooLong && limits.max_key_len > cap => {
                return (pairs, Some(Error::new(ErrorKind::PairTooLong, e.offset())));
            }
            Err(e) => return (pairs, Some(e)),
        }
    }
    (pairs, None)
}

/// `input` cut into chunks of the lengths in `lens`, in order (0 gives an
/// empty chunk; a length past the end takes the rest), then the rest in
/// one chunk.
pub fn chunks<'a>(input: &'a [u8], lens: &[usize]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    let mut rest = input;
    for &len in lens {
        let (chunk, after) = rest.split_at(len.min(rest.len()));
        out.push(chunk);
        rest = after;
    }
    if !rest.is_empty() {
        out.push(rest);
    }
    out
}

/// Feeds `chunks` through a `form::Feed` with a `cap`-byte carry: its
/// pairs and its error. Checks on the way that a pair is borrowed from its
/// chunk exactly when the pair and the `&` ending it lie in that chunk,
/// and that nothing comes after an error.
pub fn run_feed(
    input: &[u8],
    chunks: &[&[u8]],
    limits: &Limits,
    cap: usize,
) -> (Vec<Owned>, Option<Error>) {
    let mut carry = vec![0u8; cap];
    let mut feed = form::Feed::new(&mut carry, limits);
    let mut pairs = Vec::new();
    let mut error = None;
    let range = input.as_ptr_range();
    let mut start = 0;
    for chunk in chunks {
        let end = start + chunk.len();
        let mut it = feed.input(chunk);
        loop {
            match it.next() {
                Ok(Some(p)) => {
                    assert!(error.is_none(), "a pair after an error in {input:?}");
                    let in_chunk =
                        p.offset() >= start && p.offset() + piece_len(input, p.offset()) < end;
                    let borrowed = range.contains(&p.key_as_sent().as_ptr());
                    assert_eq!(borrowed, in_chunk, "borrowed or copied: {p:?} of {input:?}");
                    pairs.push(owned(&p));
                }
                Ok(None) => break,
                Err(e) => {
                    assert!(error.is_none(), "two errors in {input:?}");
                    error = Some(e);
                }
            }
        }
        start = end;
    }
    assert_eq!(feed.fed(), input.len());
    match feed.finish() {
        Ok(Some(p)) => {
            assert!(error.is_none(), "a last pair after an error in {input:?}");
            assert!(!range.contains(&p.key_as_sent().as_ptr()) || input.is_empty());
            pairs.push(owned(&p));
        }
        Ok(None) => {}
        Err(e) => error = Some(e),
    }
    (pairs, error)
}

/// A feed of `input` cut at `lens` with a `cap`-byte carry gives exactly
/// [`feed_reference`]; with a carry as long as the input, exactly the
/// one-shot scan.
pub fn check_feed(input: &[u8], lens: &[usize], limits: &Limits, cap: usize) {
    let chunks = chunks(input, lens);
    let got = run_feed(input, &chunks, limits, cap);
    let want = feed_reference(input, limits, cap);
    assert_eq!(
        got, want,
        "feed of {input:?} cut {lens:?}, carry {cap}, {limits:?}"
    );
    if cap >= input.len() {
        let whole: Vec<Result<Owned, Error>> = form::pairs_with(input, limits)
            .map(|p| p.map(|p| owned(&p)))
            .collect();
        let mut fed: Vec<Result<Owned, Error>> = got.0.into_iter().map(Ok).collect();
        fed.extend(got.1.map(Err));
        assert_eq!(
            fed, whole,
            "feed of {input:?} cut {lens:?}: the one-shot scan"
        );
    }
}

/// Whether `Keep` with `keys` keeps a pair with key `key` (as sent), stated
/// on its own: `+` and `%XX` decoded by `percent_encoding` (a key that
/// needs decoding and decodes past 128 bytes, the derive's longest key,
/// names no field), then the whole key or its name before the first `[`
/// or `.` (a name of at least one byte) is one of `keys`.
fn keeps(keys: Option<&[&str]>, key: &[u8]) -> bool {
    let Some(keys) = keys else {
        return true;
    };
    let escaped = key.iter().any(|&b| b == b'%' || b == b'+');
    let plus: Vec<u8> = key
        .iter()
        .map(|&b| if b == b'+' { b' ' } else { b })
        .collect();
    let decoded: Vec<u8> = percent_encoding::percent_decode(&plus).collect();
    if escaped && decoded.len() > 128 {
        return false;
    }
    let name = match decoded.iter().position(|&b| b == b'[' || b == b'.') {
        Some(at) if at > 0 => &decoded[..at],
        _ => &decoded[..],
    };
    keys.iter()
        .any(|k| k.as_bytes() == decoded || k.as_bytes() == name)
}

/// What `form::Keep` with a `cap`-byte buffer must keep of `input`, stated
/// on whole pieces from the one-shot scan: each kept piece followed by `&`
/// while there is room; a kept piece longer than the room left (`cap` less
/// the kept bytes), or with `keys` any piece whose key is, fails with
/// `PairTooLong`, the key limit first when it is within the room (as
/// `feed_reference`).
pub fn keep_reference(
    input: &[u8],
    limits: &Limits,
    cap: usize,
    keys: Option<&[&str]>,
) -> Result<Vec<u8>, Error> {
    let mut kept = Vec::new();
    for item in form::pairs_with(input, limits) {
        let room = cap - kept.len();
        match item {
            Ok(p) => {
                let len = piece_len(input, p.offset());
                // With keys, a pair is kept or dropped by its key, which
                // must fit; a dropped pair costs nothing past it.
                if keys.is_some() && p.key_as_sent().len() > room {
                    return Err(Error::new(ErrorKind::PairTooLong, p.offset()));
                }
                if !keeps(keys, p.key_as_sent()) {
                    continue;
                }
                if len > room {
                    return Err(Error::new(ErrorKind::PairTooLong, p.offset()));
                }
                {
                    kept.extend_from_slice(&input[p.offset()..p.offset() + len]);
                    if len < room {
                        kept.push(b'&');
                    }
                }
            }
            Err(e) if e.kind() == ErrorKind::KeyTooLong && limits.max_key_len > room => {
                return Err(Error::new(ErrorKind::PairTooLong, e.offset()));
            }
            Err(e) => return Err(e),
        }
    }
    if kept.last() == Some(&b'&') {
        kept.pop();
    }
    Ok(kept)
}

/// `form::Keep` fed `input` cut at `lens` keeps exactly [`keep_reference`],
/// with `keys` and with every key.
pub fn check_keep(input: &[u8], lens: &[usize], limits: &Limits, cap: usize) {
    for keys in [None, Some(&["a", "ab", "a.b"][..])] {
        let mut buf = vec![0u8; cap];
        let mut keep = form::Keep::new(&mut buf, keys, limits);
        let mut failed = None;
        for chunk in chunks(input, lens) {
            if let Err(e) = keep.push(chunk) {
                assert!(failed.is_none_or(|f| f == e), "two errors in {input:?}");
                failed = Some(e);
            }
        }
        let got = keep.finish().map(<[u8]>::to_vec);
        if let Some(e) = failed {
            assert_eq!(got, Err(e), "finish after an error in {input:?}");
        }
        let want = keep_reference(input, limits, cap, keys);
        assert_eq!(
            got, want,
            "kept of {input:?} cut {lens:?}, buffer {cap}, keys {keys:?}, {limits:?}"
        );
    }
}
