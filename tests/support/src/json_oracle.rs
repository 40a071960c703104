//! The differential check of binder-core's JSON reader against serde_json.
//! Shared by binder-core's tests and the `json_diff` fuzz target, so the
//! tests and the fuzzer check exactly the same thing. Each check panics on a
//! difference.
//!
//! Intended divergences, each handled where it is checked below:
//! - Numbers beyond `f64`'s range (`1e400`): grammar-valid for us (only
//!   `Number::parse::<f64>` refuses them), a document error for serde_json.
//!   Such a document is checked again with each of those numbers replaced
//!   by `0`, and then must agree in full.
//! - `-0`: serde_json reads the float `-0.0`; we give the integer 0 to
//!   signed types (as `str::parse` does), and `-0.0` to floats.
//! - Depth: serde_json refuses 128 levels of nesting, so we compare under
//!   `max_json_depth = 127` (our limit is the deepest nesting allowed).

use binder_core::convert::{FromText, Ref};
use binder_core::json::{JsonStr, Kind, Name, Number, Reader};
use binder_core::{Error, ErrorKind, Limits, ValueErrorKind};
use serde_json::Value;
use std::borrow::Cow;
use std::collections::BTreeMap;

/// serde_json's nesting limit, in our terms: it refuses 128 levels.
pub const SERDE_DEPTH: usize = 127;

/// Scratch for member names in the walk: short, so that escaped names that
/// do not fit are exercised too.
const NAME_SCRATCH: usize = 8;

/// A document as our reader sees it.
#[derive(Clone, Debug, PartialEq)]
pub enum J {
    Null,
    Bool(bool),
    /// The number as written.
    Num(String),
    Str(String),
    Arr(Vec<J>),
    /// Members in order, repeats kept.
    Obj(Vec<(String, J)>),
}

/// Limits with serde_json's depth.
pub fn serde_limits() -> Limits {
    let mut l = Limits::DEFAULT;
    l.max_json_depth = SERDE_DEPTH;
    l
}

/// Reads the whole of `input` with our reader, checking every value's
/// decodings against each other and against independent references on the
/// way. Numbers beyond `f64`'s range are recorded in `huge` (byte spans).
pub fn ours(input: &[u8], limits: &Limits, huge: &mut Vec<(usize, usize)>) -> Result<J, Error> {
    let mut r = Reader::with_limits(input, limits);
    let doc = walk(&mut r, huge)?;
    r.finish()?;
    Ok(doc)
}

/// Recursive, but only as deep as the reader's limit lets it go.
fn walk(r: &mut Reader<'_>, huge: &mut Vec<(usize, usize)>) -> Result<J, Error> {
    Ok(match r.peek()? {
        Kind::Object => {
            r.begin_object()?;
            let mut members = Vec::new();
            let mut scratch = [0u8; NAME_SCRATCH];
            while let Some(name) = r.next_member(&mut scratch)? {
                let key = check_name(name);
                members.push((key, walk(r, huge)?));
            }
            J::Obj(members)
        }
        Kind::Array => {
            r.begin_array()?;
            let mut items = Vec::new();
            while r.next_element()? {
                items.push(walk(r, huge)?);
            }
            J::Arr(items)
        }
        Kind::String => J::Str(check_str(r.read_str()?)),
        Kind::Number => {
            let start = r.offset();
            let n = r.read_number()?;
            if check_number(n) {
                huge.push((start, r.offset()));
            }
            J::Num(n.as_str().to_owned())
        }
        Kind::Bool => J::Bool(r.read_bool()?),
        Kind::Null => {
            r.read_null()?;
            J::Null
        }
    })
}

/// A member name: its key is the decoded name when that fits the scratch
/// (always when written without escapes), else `None`.
fn check_name(name: Name<'_, '_>) -> String {
    let full = check_str(name.raw());
    match name.key() {
        Some(key) => assert_eq!(key, full.as_bytes(), "name key"),
        None => assert!(name.raw().has_escapes() && full.len() > NAME_SCRATCH),
    }
    assert_eq!(name.text().map(|t| t.len()), name.key().map(<[u8]>::len));
    full
}

/// Every way of decoding a string agrees; the decoded text.
fn check_str(s: JsonStr<'_>) -> String {
    let raw = s.raw();
    assert_eq!(s.has_escapes(), raw.contains('\\'));
    assert_eq!(s.as_str().is_some(), !s.has_escapes());
    let cow = s.to_cow();
    assert_eq!(matches!(cow, Cow::Borrowed(_)), !s.has_escapes());
    let decoded = cow.into_owned();
    // Scratch: exactly long enough, and one byte too short.
    let mut scratch = vec![0u8; decoded.len()];
    let text = s
        .decode(&mut scratch)
        .expect("a scratch as long as the text");
    assert_eq!(&*text, decoded);
    assert_eq!(matches!(text, Ref::Borrowed(_)), !s.has_escapes());
    if s.has_escapes() && !decoded.is_empty() {
        let mut short = vec![0u8; decoded.len() - 1];
        let err = s.decode(&mut short).unwrap_err();
        assert_eq!(err.kind(), ValueErrorKind::TooLong);
    }
    let mut long = vec![0u8; raw.len()];
    assert_eq!(&*s.decode(&mut long).unwrap(), decoded);
    // As a `Raw`, into every text type.
    assert_eq!(String::from_raw(s.to_raw()).unwrap(), decoded);
    assert_eq!(Cow::<str>::from_raw(s.to_raw()).unwrap(), decoded);
    match <&str>::from_raw(s.to_raw()) {
        Ok(b) => assert!(!s.has_escapes() && b == decoded),
        Err(e) => assert!(s.has_escapes() && e.kind() == ValueErrorKind::NeedsDecoding),
    }
    assert_eq!(s.to_raw().bytes(), raw.as_bytes());
    // The JSON shortcuts the bind takes agree with the `Raw` conversions.
    assert_eq!(String::from_json_str(s).unwrap(), decoded);
    let cow = Cow::<str>::from_json_str(s).unwrap();
    assert_eq!(matches!(cow, Cow::Borrowed(_)), !s.has_escapes());
    assert_eq!(cow, decoded);
    assert_eq!(
        <&str>::from_json_str(s).map_err(|e| e.kind()),
        <&str>::from_raw(s.to_raw()).map_err(|e| e.kind())
    );
    decoded
}

/// `text`, a JSON number, read whole by the reader and converted into
/// every integer width, `f32` and `f64` as `str::parse` does (correctly
/// rounded floats, bit for bit; beyond the float's range refused), and
/// into `f32` and `f64` by text conversion alike (the `float_diff` test and
/// fuzz target, over numbers from `generate::decimal`).
pub fn check_number_text(text: &str) {
    let mut r = Reader::new(text.as_bytes());
    let n = r.read_number().unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(n.as_str(), text, "read whole");
    r.finish().unwrap_or_else(|e| panic!("{text}: {e}"));
    check_number(n);
    macro_rules! texts {
        ($($t:ty),*) => {$(
            let want: $t = text.parse().unwrap();
            match binder_core::convert::parse_text::<$t>(text.as_bytes()) {
                Ok(v) => assert_eq!(v.to_bits(), want.to_bits(), "text {} of {text}", stringify!($t)),
                Err(e) => assert!(want.is_infinite(), "text {} of {text}: {e}", stringify!($t)),
            }
        )*};
    }
    texts!(f32, f64);
}

/// Every conversion of a number agrees with `str::parse` (the reference
/// for integers and for correctly rounded floats). Whether it is beyond
/// `f64`'s range.
fn check_number(n: Number<'_>) -> bool {
    let text = n.as_str();
    assert_eq!(n.is_integer(), !text.contains(['.', 'e', 'E']));
    macro_rules! ints {
        ($kind:ident: $($t:ty),*) => {$(
            let want: Result<$t, ValueErrorKind> = if !n.is_integer() {
                Err(ValueErrorKind::$kind)
            } else {
                text.parse::<$t>().map_err(|_| {
                    if text.starts_with('-') && <$t>::MIN == 0 {
                        ValueErrorKind::$kind
                    } else {
                        ValueErrorKind::OutOfRange
                    }
                })
            };
            assert_eq!(n.parse::<$t>().map_err(|e| e.kind()), want, "{} of {text}", stringify!($t));
        )*};
    }
    ints!(NotUnsigned: u8, u16, u32, u64, u128, usize);
    ints!(NotSigned: i8, i16, i32, i64, i128, isize);
    macro_rules! floats {
        ($($t:ty),*) => {$(
            let want: $t = text.parse().unwrap();
            match n.parse::<$t>() {
                Ok(v) => assert_eq!(v.to_bits(), want.to_bits(), "{} of {text}", stringify!($t)),
                Err(e) => assert!(
                    want.is_infinite() && e.kind() == ValueErrorKind::OutOfRange,
                    "{} of {text}: {e}", stringify!($t)
                ),
            }
        )*};
    }
    floats!(f32, f64);
    text.parse::<f64>().unwrap().is_infinite()
}

/// Skipping the document checks exactly what walking it checks.
pub fn skipped(input: &[u8], limits: &Limits) -> Result<(), Error> {
    let mut r = Reader::with_limits(input, limits);
    r.skip_value()?;
    r.finish()
}

/// Our reader and serde_json agree on `input`: both accept or both refuse
/// (but for the divergences in this file's docs), and what both accept
/// reads as the same values.
pub fn check_json(input: &[u8]) {
    let limits = serde_limits();
    let mut huge = Vec::new();
    let ours = ours(input, &limits, &mut huge);
    check_members(input, &ours, &limits);
    assert_eq!(
        skipped(input, &limits),
        ours.as_ref().map(|_| ()).map_err(|e| *e),
        "skip_value and the walk disagree on {input:?}"
    );
    let theirs = serde_json::from_slice::<Value>(input);
    match (&ours, &theirs) {
        (Err(e), Ok(_)) => panic!("we refuse what serde_json accepts ({e}): {input:?}"),
        (Ok(_), Err(e)) if huge.is_empty() => {
            panic!("we accept what serde_json refuses ({e}): {input:?}")
        }
        (Ok(doc), Err(_)) => {
            // The one divergence: numbers beyond f64. Without them the two
            // must agree in full.
            let mut tamed = Vec::with_capacity(input.len());
            let mut at = 0;
            for &(start, end) in &huge {
                tamed.extend_from_slice(&input[at..start]);
                tamed.push(b'0');
                at = end;
            }
            tamed.extend_from_slice(&input[at..]);
            let theirs = serde_json::from_slice::<Value>(&tamed)
                .unwrap_or_else(|e| panic!("serde_json refuses {tamed:?} too: {e}"));
            let mut doc = doc.clone();
            tame(&mut doc);
            assert_same(&doc, &theirs, input);
        }
        (Ok(doc), Ok(theirs)) => assert_same(doc, theirs, input),
        (Err(e), Err(_)) => assert_ne!(e.kind(), ErrorKind::JsonOutOfOrder),
    }
}

/// Replaces every number beyond `f64`'s range with `0`.
fn tame(doc: &mut J) {
    match doc {
        J::Num(text) if text.parse::<f64>().unwrap().is_infinite() => *text = "0".into(),
        J::Arr(items) => items.iter_mut().for_each(tame),
        J::Obj(members) => members.iter_mut().for_each(|(_, v)| tame(v)),
        _ => {}
    }
}

fn assert_same(ours: &J, theirs: &Value, input: &[u8]) {
    match (ours, theirs) {
        (J::Null, Value::Null) => {}
        (J::Bool(a), Value::Bool(b)) => assert_eq!(a, b, "{input:?}"),
        (J::Str(a), Value::String(b)) => assert_eq!(a, b, "{input:?}"),
        (J::Num(text), Value::Number(n)) => same_number(text, n, input),
        (J::Arr(a), Value::Array(b)) => {
            assert_eq!(a.len(), b.len(), "{input:?}");
            for (a, b) in a.iter().zip(b) {
                assert_same(a, b, input);
            }
        }
        (J::Obj(members), Value::Object(b)) => {
            // serde_json's map keeps the last of repeated names.
            let last: BTreeMap<&str, &J> = members.iter().map(|(k, v)| (k.as_str(), v)).collect();
            assert_eq!(last.len(), b.len(), "{input:?}");
            for (k, v) in &last {
                let theirs = b.get(*k).unwrap_or_else(|| panic!("{k:?} in {input:?}"));
                assert_same(v, theirs, input);
            }
        }
        _ => panic!("{ours:?} is not {theirs:?} in {input:?}"),
    }
}

/// serde_json keeps an integer as `u64` or `i64` when it fits and as `f64`
/// otherwise; a fraction or exponent is always `f64`.
fn same_number(text: &str, theirs: &serde_json::Number, input: &[u8]) {
    let n = Reader::new(text.as_bytes()).read_number().unwrap();
    if let Some(v) = theirs.as_u64() {
        assert_eq!(n.parse::<u64>(), Ok(v), "{text} in {input:?}");
    } else if let Some(v) = theirs.as_i64() {
        assert_eq!(n.parse::<i64>(), Ok(v), "{text} in {input:?}");
    } else {
        let v = theirs.as_f64().unwrap();
        assert_eq!(
            n.parse::<f64>().map(f64::to_bits),
            Ok(v.to_bits()),
            "{text} in {input:?}"
        );
        if n.is_integer() && text != "-0" {
            // Only integers past 64 bits become floats in serde_json.
            assert!(
                n.parse::<u64>().is_err() && n.parse::<i64>().is_err(),
                "{text}"
            );
        }
    }
}

/// Body fields whose names the derive recognises in each of its ways: by
/// their first bytes (short names), by the decoded name (eight bytes or
/// more, or holding `"`, `\` or a control byte, or not ASCII), and both.
#[derive(binder_derive::BindCore, Debug, PartialEq)]
#[bind(crate = "binder_core")]
struct Members {
    #[bind(body)]
    a: Option<String>,
    #[bind(body)]
    age: Option<String>,
    #[bind(body = "seven77")]
    seven: Option<String>,
    #[bind(body = "eight888")]
    eight: Option<String>,
    #[bind(body = "\u{e9}")]
    e_acute: Option<String>,
    #[bind(body = "q\"")]
    quote: Option<String>,
    #[bind(body = "x\\")]
    backslash: Option<String>,
    #[bind(body = "t\t")]
    tab: Option<String>,
}

/// `Members`' body keys, in declaration order.
const MEMBER_KEYS: [&str; 8] = [
    "a", "age", "seven77", "eight888", "\u{e9}", "q\"", "x\\", "t\t",
];

/// The derive's walk of the body matches what the reader's walk read: a
/// document the reader refuses is malformed; otherwise each field takes
/// the first member with its decoded name (text as is, a number as
/// written, a boolean as its word, `null` as none, an array or object a
/// type error), and every later one is a duplicate.
fn check_members(input: &[u8], ours: &Result<J, Error>, limits: &Limits) {
    use binder_core::bind::{Bind, BindError, Body, FieldErrorKind, Parts, Segment};
    let mut limits = *limits;
    limits.max_errors = usize::MAX;
    let parts = Parts {
        body: Body::Json(input),
        ..Parts::default()
    };
    let got = Members::bind_with(&parts, &limits);
    let members = match ours {
        Err(_) | Ok(J::Null | J::Bool(_) | J::Num(_) | J::Str(_) | J::Arr(_)) => {
            let malformed = !matches!(ours, Ok(J::Null));
            match &got {
                Err(BindError::Malformed { .. }) => assert!(malformed, "{input:?}: {got:?}"),
                Ok(m) => assert!(!malformed && m.a.is_none(), "{input:?}: {got:?}"),
                _ => panic!("{input:?}: {got:?}"),
            }
            return;
        }
        Ok(J::Obj(members)) => members,
    };
    let mut values: Vec<Option<String>> = vec![None; MEMBER_KEYS.len()];
    let mut seen = [false; MEMBER_KEYS.len()];
    let mut want_errors = Vec::new();
    for (name, value) in members {
        let Some(i) = MEMBER_KEYS.iter().position(|k| k == name) else {
            continue;
        };
        if std::mem::replace(&mut seen[i], true) {
            want_errors.push((MEMBER_KEYS[i], "duplicate"));
            continue;
        }
        values[i] = match value {
            J::Str(text) | J::Num(text) => Some(text.clone()),
            J::Bool(b) => Some(b.to_string()),
            J::Null => None,
            J::Arr(_) | J::Obj(_) => {
                want_errors.push((MEMBER_KEYS[i], "wrong_type"));
                None
            }
        };
    }
    match got {
        Ok(m) => {
            assert!(want_errors.is_empty(), "{input:?}: want {want_errors:?}");
            let got = [
                m.a,
                m.age,
                m.seven,
                m.eight,
                m.e_acute,
                m.quote,
                m.backslash,
                m.tab,
            ];
            assert_eq!(got.as_slice(), values.as_slice(), "{input:?}");
        }
        Err(BindError::Fields(errors)) => {
            let mut got_errors: Vec<(&str, &str)> = errors
                .as_slice()
                .iter()
                .map(|e| {
                    let segments: Vec<Segment<'_>> = e.path().segments().collect();
                    let key = match segments[..] {
                        [Segment::Key(k)] => k,
                        ref other => panic!("{input:?}: path {other:?}"),
                    };
                    let kind = match e.kind() {
                        FieldErrorKind::Duplicate => "duplicate",
                        FieldErrorKind::WrongType(_) => "wrong_type",
                        other => panic!("{input:?}: {other:?}"),
                    };
                    (key, kind)
                })
                .collect();
            got_errors.sort_unstable();
            want_errors.sort_unstable();
            assert_eq!(got_errors, want_errors, "{input:?}");
        }
        Err(e) => panic!("{input:?}: {e:?}"),
    }
}
