//! Differential check of `binder_core::multipart` against multer 3, and a
//! round-trip check against bodies built from known parts. Shared by
//! binder-core's tests and the `multipart` fuzz target. Each check panics on
//! a difference.
//!
//! multer is driven with `futures::executor::block_on` over a one-chunk
//! stream of the whole body. The intended divergences listed in the
//! `multipart` module docs are excluded here, each at the one place where
//! it can show, and nowhere else:
//! 1. first delimiter mid-line in the preamble: [`multer_starts_elsewhere`];
//! 2. a part we refuse for its Content-Disposition (multer checks none):
//!    `InvalidContentDisposition` / `MissingPartName` in [`divergence_allows`];
//! 3. names and filenames multer reads by text search: compared only when
//!    [`multer_reads_disposition_like_us`];
//! 4. repeated Content-Disposition / Content-Type (multer: last wins):
//!    `DuplicatePartHeader` in [`divergence_allows`];
//! 5. a bare LF ending a part header line (httparse accepts it):
//!    `PartHeaderSyntax` at an LF in [`divergence_allows`];
//! 6. content types are compared as the raw header value multer keeps, not
//!    as its parsed `Mime`;
//! 7. limits: [`multer_limits`] matches multer's 32 headers a part and lifts
//!    the rest (limits are tested on their own).

use binder_core::multipart::{self, Boundary, Param};
use binder_core::{Error, ErrorKind, Limits};

use crate::generate::Rng;

/// multer's own bounds: 32 headers a part (httparse's buffer), no others.
pub fn multer_limits() -> Limits {
    let mut l = Limits::DEFAULT;
    l.max_parts = usize::MAX;
    l.max_part_header_bytes = usize::MAX;
    l.max_part_headers = 32;
    l
}

/// One part as we scanned it, decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Got {
    pub name: Vec<u8>,
    pub filename: Option<Vec<u8>>,
    pub content_type: Option<Vec<u8>>,
    pub data: Vec<u8>,
    /// `(lower-cased name, value)` for each header line, as sent.
    pub headers: Vec<(String, Vec<u8>)>,
}

impl Got {
    fn header(&self, name: &str) -> Option<&[u8]> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| &v[..])
    }
}

/// A parameter decoded both ways (scratch and `Cow`), which must agree.
pub(crate) fn decode(param: Param<'_>) -> Vec<u8> {
    let cow = param.to_cow().into_owned();
    let mut scratch = vec![0u8; param.raw().len()];
    let copied = param
        .decoded(&mut scratch)
        .expect("a scratch as long as raw fits");
    assert_eq!(&*copied, &cow[..]);
    // Borrowed exactly when nothing needs decoding.
    assert_eq!(
        matches!(copied, binder_core::convert::Ref::Borrowed(_)),
        !param.needs_decoding()
    );
    if !param.needs_decoding() {
        assert_eq!(cow, param.raw());
    }
    cow
}

/// Splits raw header lines (each ending in CRLF) into `(name, value)`.
pub(crate) fn header_lines(raw: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut rest = raw;
    while !rest.is_empty() {
        let end = rest.windows(2).position(|w| w == b"\r\n").expect("CRLF");
        let line = &rest[..end];
        let colon = line.iter().position(|&b| b == b':').expect("a colon");
        let value = line[colon + 1..].trim_ascii();
        out.push((
            String::from_utf8(line[..colon].to_ascii_lowercase()).expect("a token"),
            value.to_vec(),
        ));
        rest = &rest[end + 2..];
    }
    out
}

/// Our scan of `body`: the parts before any error, and the error. Checks on
/// the way what must hold of every scan: parts are slices of the body in
/// order, names are never empty, the iterator is fused after an error.
pub fn ours(body: &[u8], boundary: &Boundary, limits: &Limits) -> (Vec<Got>, Option<Error>) {
    let range = body.as_ptr_range();
    let inside = |s: &[u8]| {
        let r = s.as_ptr_range();
        range.start <= r.start && r.end <= range.end
    };
    let mut out = Vec::new();
    let mut last_offset = 0;
    let mut parts = multipart::parts_with(body, boundary, limits);
    while let Some(part) = parts.next() {
        let part = match part {
            Ok(part) => part,
            Err(e) => {
                assert!(parts.next().is_none(), "fused after an error");
                assert!(e.offset() <= body.len());
                return (out, Some(e));
            }
        };
        assert!(inside(part.data()) && inside(part.headers()) && inside(part.name().raw()));
        assert!(part.offset() >= last_offset && part.offset() <= body.len());
        last_offset = part.offset();
        assert!(!part.name().raw().is_empty());
        let filename = part.filename().map(decode);
        assert_eq!(
            part.is_empty_file(),
            filename.as_deref() == Some(b"") && part.data().is_empty()
        );
        let headers = header_lines(part.headers());
        let got = Got {
            name: decode(part.name()),
            filename,
            content_type: part.content_type().map(<[u8]>::to_vec),
            data: part.data().to_vec(),
            headers,
        };
        assert_eq!(
            got.content_type.as_deref(),
            got.header("content-type"),
            "content type is the header's value"
        );
        out.push(got);
    }
    (out, None)
}

/// One field as multer read it.
#[derive(Clone, Debug)]
pub struct Theirs {
    pub name: Option<String>,
    pub filename: Option<String>,
    pub data: Vec<u8>,
    /// `(name, value)` as multer's `HeaderMap` holds them (last wins).
    pub headers: Vec<(String, Vec<u8>)>,
}

/// multer's reading of `body`: the fields before any error, and whether
/// there was one.
pub fn theirs(body: &[u8], boundary: &str) -> (Vec<Theirs>, bool) {
    let chunk = bytes::Bytes::copy_from_slice(body);
    let stream = futures::stream::once(async move { Ok::<_, std::convert::Infallible>(chunk) });
    let mut multipart = multer::Multipart::new(stream, boundary);
    futures::executor::block_on(async move {
        let mut out = Vec::new();
        loop {
            let field = match multipart.next_field().await {
                Ok(Some(field)) => field,
                Ok(None) => return (out, false),
                Err(_) => return (out, true),
            };
            let name = field.name().map(str::to_owned);
            let filename = field.file_name().map(str::to_owned);
            let headers = field
                .headers()
                .iter()
                .map(|(n, v)| (n.as_str().to_owned(), v.as_bytes().to_vec()))
                .collect();
            match field.bytes().await {
                Ok(data) => out.push(Theirs {
                    name,
                    filename,
                    data: data.to_vec(),
                    headers,
                }),
                Err(_) => return (out, true),
            }
        }
    })
}

/// Divergence 1: multer takes the first `--boundary` anywhere in the body
/// as the first delimiter; we take it only at the start of the body or of a
/// line. True when the first occurrence is mid-line, so the two disagree
/// about where the body starts.
pub fn multer_starts_elsewhere(body: &[u8], boundary: &[u8]) -> bool {
    let dash = [b"--", boundary].concat();
    match memchr::memmem::find(body, &dash) {
        Some(0) | None => false,
        Some(at) => at < 2 || &body[at - 2..at] != b"\r\n",
    }
}

/// Divergence 3: whether multer's text search reads the `name` and
/// `filename` of this Content-Disposition value as our parser does: UTF-8,
/// no quoted pairs (multer unescapes only `\"` and ends a string at `\\"`),
/// no HTML escapes (multer decodes none), no tab (multer's unquoted values
/// end only at `;` or space), and every `name` in the text, in any case, is
/// the lower-case name of one of the parameters we took (no decoy in another
/// value, no `filename*`, no `NAME=`).
pub fn multer_reads_disposition_like_us(value: &[u8], has_filename: bool) -> bool {
    let Ok(text) = std::str::from_utf8(value) else {
        return false;
    };
    let lower = text.to_ascii_lowercase();
    !text.contains(['\\', '\t'])
        && !["%22", "%0d", "%0a"].iter().any(|e| lower.contains(e))
        && lower.matches("name").count() == text.matches("name").count()
        // multer matches `filename` by its exact case (`filEname` still
        // holds a lower-case `name`, so the line above lets it through).
        && lower.matches("filename").count() == text.matches("filename").count()
        && text.matches("name").count() == 1 + usize::from(has_filename)
}

/// Divergences 2, 4 and 5: errors of ours that multer, by design, does not
/// raise.
pub fn divergence_allows(body: &[u8], err: Error) -> bool {
    match err.kind() {
        ErrorKind::InvalidContentDisposition
        | ErrorKind::MissingPartName
        | ErrorKind::DuplicatePartHeader => true,
        ErrorKind::PartHeaderSyntax => {
            body.get(err.offset()) == Some(&b'\n')
                && (err.offset() == 0 || body[err.offset() - 1] != b'\r')
        }
        _ => false,
    }
}

/// What one [`check_multipart`] compared, so tests can insist that the
/// generated inputs reach every case.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Both accepted the body.
    pub both_accept: bool,
    /// Both refused it.
    pub both_reject: bool,
    /// We refused it for a documented divergence; multer accepted it.
    pub divergent: bool,
    /// Skipped for divergence 1.
    pub skipped: bool,
    /// Parts compared (data, headers, content type).
    pub parts: usize,
    /// Parts whose name and filename were compared too.
    pub names: usize,
}

/// Compares one part; returns whether names and filenames were compared.
fn compare_part(i: usize, ours: &Got, theirs: &Theirs, body: &[u8]) -> bool {
    let ctx = || format!("part {i} of {:?}", String::from_utf8_lossy(body));
    assert_eq!(ours.data, theirs.data, "data of {}", ctx());
    // Header by header: ours as sent, multer's last-wins map.
    let mut want: Vec<(String, Vec<u8>)> = Vec::new();
    for (n, v) in &ours.headers {
        match want.iter_mut().find(|(wn, _)| wn == n) {
            Some(slot) => slot.1 = v.clone(),
            None => want.push((n.clone(), v.clone())),
        }
    }
    let mut have = theirs.headers.clone();
    want.sort();
    have.sort();
    assert_eq!(want, have, "headers of {}", ctx());
    // The content type: the raw value multer holds (divergence 6).
    let ct = theirs
        .headers
        .iter()
        .find(|(n, _)| n == "content-type")
        .map(|(_, v)| &v[..]);
    assert_eq!(
        ours.content_type.as_deref(),
        ct,
        "content type of {}",
        ctx()
    );
    let cd = ours.header("content-disposition").expect("we require one");
    if multer_reads_disposition_like_us(cd, ours.filename.is_some()) {
        assert_eq!(
            Some(&ours.name[..]),
            theirs.name.as_deref().map(str::as_bytes),
            "name of {}",
            ctx()
        );
        assert_eq!(
            ours.filename.as_deref(),
            theirs.filename.as_deref().map(str::as_bytes),
            "filename of {}",
            ctx()
        );
        return true;
    }
    false
}

/// `multipart::parts` agrees with multer on `body`: the same parts (data,
/// headers, content types; names and filenames where multer can read them)
/// or both reject, except for the documented divergences.
pub fn check_multipart(body: &[u8], boundary: &Boundary) -> Outcome {
    let mut outcome = Outcome::default();
    let (ours, our_err) = ours(body, boundary, &multer_limits());
    let b = std::str::from_utf8(boundary.as_bytes()).expect("bchars are ASCII");
    if multer_starts_elsewhere(body, boundary.as_bytes()) {
        outcome.skipped = true; // divergence 1: the scans start at different places
        return outcome;
    }
    let (theirs, their_err) = theirs(body, b);
    for (i, (o, t)) in ours.iter().zip(&theirs).enumerate() {
        outcome.parts += 1;
        outcome.names += usize::from(compare_part(i, o, t, body));
    }
    let ctx = || format!("{:?} with boundary {b:?}", String::from_utf8_lossy(body));
    match (our_err, their_err) {
        (None, false) => {
            assert_eq!(ours.len(), theirs.len(), "part count of {}", ctx());
            outcome.both_accept = true;
        }
        (Some(_), true) => outcome.both_reject = true,
        (Some(e), false) => {
            assert!(
                divergence_allows(body, e) && theirs.len() > ours.len(),
                "we refuse ({e:?}), multer accepts: {}",
                ctx()
            );
            outcome.divergent = true;
        }
        (None, true) => panic!("we accept, multer refuses: {}", ctx()),
    }
    outcome
}

/// `Boundary::from_content_type` on any bytes: no panic; a boundary it
/// returns is valid; where multer (through the `mime` crate) reads a
/// boundary too, it is the same one (returns whether both read one).
pub fn check_content_type(value: &[u8]) -> bool {
    match Boundary::from_content_type(value) {
        Ok(b) => {
            assert_eq!(Boundary::new(b.as_bytes()), Ok(b));
            if let Ok(text) = std::str::from_utf8(value) {
                if let Ok(theirs) = multer::parse_boundary(text) {
                    assert_eq!(theirs.as_bytes(), b.as_bytes(), "boundary of {text:?}");
                    return true;
                }
            }
        }
        Err(e) => assert!(e.offset() <= value.len(), "{e:?} in {value:?}"),
    }
    false
}

/// Parts to build a body from, as a test or the fuzzer chooses them.
#[derive(Clone, Debug, Default)]
pub struct Spec {
    pub boundary: Vec<u8>,
    pub preamble: Vec<u8>,
    pub epilogue: Vec<u8>,
    pub parts: Vec<SpecPart>,
    /// Drives every choice of how to write the parts (quoting, escapes,
    /// case, whitespace, decoy parameters, near-miss delimiters in data).
    pub seed: u64,
}

/// One part of a [`Spec`]. Bytes that cannot be sent in a header are
/// dropped by [`build`].
#[derive(Clone, Debug, Default)]
pub struct SpecPart {
    pub name: Vec<u8>,
    pub filename: Option<Vec<u8>>,
    pub content_type: Option<Vec<u8>>,
    pub data: Vec<u8>,
}

/// The builder's choices, drawn from a seeded [`Rng`].
struct Choices(Rng);

impl Choices {
    fn new(seed: u64) -> Self {
        Choices(Rng::new(seed))
    }
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n)
    }
    fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
    fn ows(&mut self) -> &'static [u8] {
        const OWS: [&[u8]; 10] = [b"", b"", b"", b"", b"", b"", b" ", b" ", b"\t", b"  "];
        OWS[self.below(OWS.len())]
    }
    fn case(&mut self, s: &[u8]) -> Vec<u8> {
        match self.below(8) {
            0 => s.to_ascii_uppercase(),
            1 => s
                .iter()
                .enumerate()
                .map(|(i, b)| {
                    if i % 2 == 0 {
                        b.to_ascii_uppercase()
                    } else {
                        *b
                    }
                })
                .collect(),
            _ => s.to_vec(),
        }
    }
}

fn is_tchar(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}

/// Writes `value` as a Content-Disposition parameter value that decodes back
/// to it, mixing the HTML standard's `%22`/`%0D`/`%0A`, RFC quoted pairs and,
/// for tokens, no quotes at all.
fn encode_param(c: &mut Choices, value: &[u8], out: &mut Vec<u8>) {
    if !value.is_empty() && value.iter().all(|&b| is_tchar(b)) && c.one_in(3) {
        out.extend_from_slice(value);
        return;
    }
    out.push(b'"');
    for (i, &b) in value.iter().enumerate() {
        match b {
            b'"' if c.one_in(2) => out.extend_from_slice(b"%22"),
            b'"' | b'\\' => out.extend_from_slice(&[b'\\', b]),
            b'\r' => out.extend_from_slice(if c.one_in(2) { b"%0D" } else { b"%0d" }),
            b'\n' => out.extend_from_slice(if c.one_in(2) { b"%0A" } else { b"%0a" }),
            // A `%` that could start an escape with what follows is escaped.
            b'%' if matches!(value.get(i + 1), Some(b'2' | b'0')) || c.one_in(4) => {
                out.extend_from_slice(b"\\%")
            }
            _ if c.one_in(16) => out.extend_from_slice(&[b'\\', b]),
            _ => out.push(b),
        }
    }
    out.push(b'"');
}

/// A parameter we do not take, some of them decoys for a sloppy parser.
fn extra_param(c: &mut Choices, out: &mut Vec<u8>) {
    const EXTRA: &[&[u8]] = &[
        b"size=123",
        b"x=\"; name=\\\"evil\\\"; filename=evil.exe\"",
        b"note=\"name=evil\"",
        b"filename*=UTF-8''evil%20name.txt",
        b"FileName*=utf-8''%E2%82%AC.txt",
        b"creation-date=\"Wed, 12 Feb 1997 16:29:51 -0500\"",
        b"names=\"not-it\"",
    ];
    out.push(b';');
    out.extend_from_slice(c.ows());
    out.extend_from_slice(EXTRA[c.below(EXTRA.len())]);
    out.extend_from_slice(c.ows());
}

/// Bytes a header value can carry (no CTL but HTAB, no DEL).
fn header_safe(b: u8) -> bool {
    b == b'\t' || (b >= 0x20 && b != 0x7f)
}

/// Builds a body from `spec`, returning it with the parts a correct scanner
/// must find, or `None` when the chosen data happens to hold the delimiter.
pub fn build(spec: &Spec) -> Option<(Boundary, Vec<u8>, Vec<Got>)> {
    let mut c = Choices::new(spec.seed);
    let boundary = Boundary::new(&spec.boundary).ok()?;
    let b = boundary.as_bytes();
    let delimiter = [b"\r\n--", b].concat();
    let mut body = Vec::new();
    if !spec.preamble.is_empty() {
        body.extend_from_slice(&spec.preamble);
        body.extend_from_slice(b"\r\n");
    }
    let mut want = Vec::new();
    for part in &spec.parts {
        body.extend_from_slice(b"--");
        body.extend_from_slice(b);
        for _ in 0..c.below(3) {
            body.push(if c.one_in(2) { b' ' } else { b'\t' });
        }
        body.extend_from_slice(b"\r\n");
        // Names and filenames: CR and LF are sent escaped, other CTLs not at all.
        let keep = |b: &u8| header_safe(*b) || *b == b'\r' || *b == b'\n';
        let mut name: Vec<u8> = part.name.iter().copied().filter(keep).collect();
        if name.is_empty() {
            name.push(b'f');
        }
        let filename: Option<Vec<u8>> = part
            .filename
            .as_ref()
            .map(|f| f.iter().copied().filter(keep).collect());
        let content_type: Option<Vec<u8>> = part.content_type.as_ref().map(|t| {
            let t: Vec<u8> = t.iter().copied().filter(|&b| header_safe(b)).collect();
            t.trim_ascii().to_vec()
        });
        let mut cd = c.case(b"form-data");
        let mut params: Vec<Vec<u8>> = Vec::new();
        let mut p = c.case(b"name");
        p.extend_from_slice(c.ows());
        p.push(b'=');
        p.extend_from_slice(c.ows());
        encode_param(&mut c, &name, &mut p);
        params.push(p);
        if let Some(f) = &filename {
            let mut p = c.case(b"filename");
            p.extend_from_slice(c.ows());
            p.push(b'=');
            p.extend_from_slice(c.ows());
            encode_param(&mut c, f, &mut p);
            params.insert(c.below(2), p);
        }
        if c.one_in(3) {
            let mut p = Vec::new();
            extra_param(&mut c, &mut p);
            params.insert(c.below(params.len() + 1), p[1..].to_vec());
        }
        for p in params {
            cd.extend_from_slice(c.ows());
            cd.push(b';');
            cd.extend_from_slice(c.ows());
            cd.extend_from_slice(&p);
        }
        let mut headers: Vec<Vec<u8>> = Vec::new();
        let mut line = c.case(b"Content-Disposition");
        line.extend_from_slice(b":");
        line.extend_from_slice(c.ows());
        line.extend_from_slice(&cd);
        line.extend_from_slice(c.ows());
        headers.push(line);
        if let Some(t) = &content_type {
            let mut line = c.case(b"Content-Type");
            line.extend_from_slice(b":");
            line.extend_from_slice(c.ows());
            line.extend_from_slice(t);
            line.extend_from_slice(c.ows());
            headers.insert(c.below(2), line);
        }
        if c.one_in(4) {
            let extra: &[u8] = match c.below(3) {
                0 => b"Content-Transfer-Encoding: binary",
                1 => b"X-Note:\t\xc3\xa9t\xc3\xa9 ",
                _ => b"Content-Length: 5",
            };
            headers.insert(c.below(headers.len() + 1), extra.to_vec());
        }
        let mut raw_headers = Vec::new();
        for h in &headers {
            body.extend_from_slice(h);
            body.extend_from_slice(b"\r\n");
            raw_headers.extend_from_slice(h);
            raw_headers.extend_from_slice(b"\r\n");
        }
        body.extend_from_slice(b"\r\n");
        // Data, with near misses of the delimiter spliced in.
        let mut data = part.data.clone();
        for _ in 0..c.below(4) {
            let cut = c.below(b.len());
            let mut miss: Vec<u8> = match c.below(5) {
                0 => [&b"\r\n--"[..], &b[..cut]].concat(),
                1 => [&b"--"[..], b].concat(),
                2 => [&b"\n--"[..], b].concat(),
                3 => {
                    let mut m = delimiter.clone();
                    let at = 4 + cut;
                    m[at] = if m[at] == b'x' { b'y' } else { b'x' };
                    m
                }
                _ => [&b"\r\n-"[..], b].concat(),
            };
            if c.one_in(2) {
                miss.extend_from_slice(b"\r\n");
            }
            let at = c.below(data.len() + 1);
            data.splice(at..at, miss);
        }
        if memchr::memmem::find(&data, &delimiter).is_some() {
            return None;
        }
        body.extend_from_slice(&data);
        body.extend_from_slice(b"\r\n");
        want.push(Got {
            name,
            filename,
            content_type,
            data,
            headers: header_lines(&raw_headers),
        });
    }
    body.extend_from_slice(b"--");
    body.extend_from_slice(b);
    body.extend_from_slice(b"--");
    if !spec.epilogue.is_empty() || c.one_in(2) {
        body.extend_from_slice(b"\r\n");
        body.extend_from_slice(&spec.epilogue);
    }
    if memchr::memmem::find(&spec.preamble, &delimiter[2..]).is_some() {
        return None; // the preamble holds a delimiter of its own
    }
    Some((boundary, body, want))
}

/// Builds a body from `spec` and checks we read back exactly its parts, and
/// that multer agrees (`check_multipart`). Returns the body, if one was
/// built, with what the comparison with multer covered.
pub fn check_roundtrip(spec: &Spec) -> Option<(Vec<u8>, Outcome)> {
    let (boundary, body, want) = build(spec)?;
    let (got, err) = ours(&body, &boundary, &multer_limits());
    let ctx = || format!("{:?} from {spec:?}", String::from_utf8_lossy(&body));
    assert_eq!(err, None, "refused a valid body: {}", ctx());
    assert_eq!(got, want, "round trip of {}", ctx());
    let outcome = check_multipart(&body, &boundary);
    assert!(
        outcome.both_accept,
        "multer refused a valid body: {}",
        ctx()
    );
    Some((body, outcome))
}

/// Mangles a valid body in place with `ops`-driven edits (cuts, splices,
/// CRLF to LF, doubled lines), for the differential check of near-valid
/// input.
pub fn mangle(body: &mut Vec<u8>, boundary: &[u8], seed: u64, ops: usize) {
    let mut c = Choices::new(seed);
    for _ in 0..ops {
        if body.is_empty() {
            return;
        }
        let at = c.below(body.len());
        match c.below(8) {
            0 => body.truncate(at),
            1 => {
                let n = c.below(8).min(body.len() - at);
                body.drain(at..at + n);
            }
            2 => body.insert(at, c.next() as u8),
            3 => body[at] = c.next() as u8,
            4 => {
                if let Some(k) = body[at..].windows(2).position(|w| w == b"\r\n") {
                    body.remove(at + k);
                }
            }
            5 => {
                let piece: &[u8] = match c.below(6) {
                    0 => b"\r\n",
                    1 => b"\n",
                    2 => b"--",
                    3 => b"Content-Disposition: form-data; name=\"dup\"\r\n",
                    4 => b"\r\n\r\n",
                    _ => b" \t",
                };
                body.splice(at..at, piece.iter().copied());
            }
            6 => {
                let d = [&b"\r\n--"[..], boundary].concat();
                body.splice(at..at, d);
            }
            _ => {
                // Double the line around `at`.
                let start = body[..at]
                    .windows(2)
                    .rposition(|w| w == b"\r\n")
                    .map_or(0, |p| p + 2);
                if let Some(len) = body[start..].windows(2).position(|w| w == b"\r\n") {
                    let line = body[start..start + len + 2].to_vec();
                    body.splice(start..start, line);
                }
            }
        }
    }
}

const NAME_PIECES: &[&[u8]] = &[
    b"a",
    b"title",
    b"tags[]",
    b"name",
    b"filename",
    b"\"",
    b"\\",
    b"%22",
    b"%0D",
    b"%0a",
    b"%",
    b"%2",
    b"\r",
    b"\n",
    b";",
    b"=",
    b" ",
    b"\t",
    b"caf\xc3\xa9",
    b"\xff",
    b"\x01",
    b"*",
    b"'",
];

fn name_text(rng: &mut Rng, max: usize) -> Vec<u8> {
    if rng.below(2) == 0 {
        let plain: &[&[u8]] = &[
            b"title",
            b"tags[]",
            b"avatar",
            b"a",
            b"caf\xc3\xa9",
            b"x y.txt",
        ];
        return rng.pick(plain).to_vec();
    }
    let mut out = Vec::new();
    for _ in 0..rng.below(max + 1) {
        out.extend_from_slice(rng.pick::<&[u8]>(NAME_PIECES));
    }
    out
}

fn bchars(rng: &mut Rng, len: usize) -> Vec<u8> {
    const B: &[u8] = b"abcXYZ0129'()+_,-./:=? ";
    let mut out: Vec<u8> = (0..len).map(|_| rng.pick(B)).collect();
    if out.last() == Some(&b' ') {
        *out.last_mut().unwrap() = b'z';
    }
    out
}

fn data(rng: &mut Rng, boundary: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 0..rng.below(12) {
        match rng.below(6) {
            0 => out.extend((0..rng.below(40)).map(|_| rng.next_u64() as u8)),
            1 => out.extend_from_slice(&boundary[..rng.below(boundary.len() + 1)]),
            2 => out.extend_from_slice(rng.pick::<&[u8]>(&[
                &b"\r\n"[..],
                b"\r",
                b"\n",
                b"--",
                b"\r\n--",
                b"\r\n\r\n",
            ])),
            _ => out.extend_from_slice(b"text "),
        }
    }
    out
}

/// A random [`Spec`]: boundaries of every length, names and filenames
/// with escapes and bytes that need them, data dense with near misses of
/// the delimiter, sometimes a preamble and an epilogue.
pub fn random_spec(rng: &mut Rng) -> Spec {
    let len = match rng.below(4) {
        0 => 1,
        1 => 70,
        _ => 1 + rng.below(40),
    };
    let boundary = bchars(rng, len);
    let parts = (0..rng.below(5))
        .map(|_| SpecPart {
            name: name_text(rng, 4),
            filename: match rng.below(3) {
                0 => None,
                1 => Some(Vec::new()),
                _ => Some(name_text(rng, 4)),
            },
            content_type: match rng.below(4) {
                0 => Some(b"image/png".to_vec()),
                1 => Some(b" text/plain; charset=\"utf-8\" ".to_vec()),
                2 => Some(name_text(rng, 3)),
                _ => None,
            },
            data: data(rng, &boundary),
        })
        .collect();
    Spec {
        preamble: if rng.below(4) == 0 {
            data(rng, b"-")
        } else {
            Vec::new()
        },
        epilogue: if rng.below(4) == 0 {
            data(rng, &boundary)
        } else {
            Vec::new()
        },
        boundary,
        parts,
        seed: rng.next_u64(),
    }
}
