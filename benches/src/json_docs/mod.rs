//! The json-benchmark documents (`workloads/json-benchmark/`: canada,
//! citm_catalog, twitter) bound strictly into typed structs, the shapes
//! serde-rs/json-benchmark binds them into: every struct refuses unknown
//! members (`deny_unknown_fields`), string enums are enums, members that
//! are always `null` are `()`, maps keyed by numbers written as strings
//! have integer keys, a colour is parsed from its hex string, a status
//! holds the status it retweets (`Option<Box<Status>>`).
//!
//! Each document has an owned variant (`String`) and a borrowed one
//! (`&'r str` where the document has no escapes in that member, `Cow<'r,
//! str>` where it has some). Each type derives binder's `Bind` and
//! serde's `Deserialize` side by side, with the same names and the same
//! strictness, so binder, serde_json, sonic-rs and simd-json bind exactly
//! the same shape.
//!
//! Where binder is less strict than serde on these shapes (it does not
//! matter for the documents, which are valid): a `Vec` or a map member not
//! sent binds empty (serde: missing), a lone value where a list is expected
//! is a list of one and a `null` element is no element (serde: refused),
//! and a `String` member takes a JSON number or boolean as its text
//! (serde: refused). The hand-written [`IdStr`] and [`Color`] refuse JSON
//! numbers, as serde's do.

pub mod canada;
pub mod citm;
pub mod twitter;

pub use canada::{Canada, CanadaRef};
pub use citm::{CitmCatalog, CitmCatalogRef};
pub use twitter::{Twitter, TwitterRef};

use binder_http::convert::{FromText, Text};
use binder_http::field::ValueError;
use serde::de::{self, Deserialize, Deserializer};
use std::fmt;

/// `canada.json`: GeoJSON, a FeatureCollection of polygons (2.2 MB, about
/// 111,000 `[lon, lat]` pairs).
pub const CANADA: &[u8] = include_bytes!("../../workloads/json-benchmark/canada.json");
/// `citm_catalog.json`: maps keyed by numeric strings, arrays of ids, `null`
/// members (1.7 MB).
pub const CITM_CATALOG: &[u8] = include_bytes!("../../workloads/json-benchmark/citm_catalog.json");
/// `twitter.json`: 100 statuses, escaped and non-ASCII text, u64 ids (0.6 MB).
pub const TWITTER: &[u8] = include_bytes!("../../workloads/json-benchmark/twitter.json");

/// simd-json (through serde) into `T`. It parses in place, so it needs a
/// mutable copy of the body: the copy is made here, in the measured call,
/// as a server holding the request's body (shared, immutable) must.
pub fn simd_json_into<T: serde::de::DeserializeOwned>(body: &[u8]) -> T {
    let mut copy = body.to_vec();
    simd_json::serde::from_slice(&mut copy).expect("parses")
}

/// A number sent as a JSON string (`"id_str": "505874924095815681"`):
/// json-benchmark's `PrimStr`. A JSON number is refused, as serde refuses
/// it (binder's numeric types would take both).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct IdStr<T>(pub T);

/// A JSON number or `true`/`false` where [`IdStr`] or [`Color`] wants a
/// string.
const EXPECTED_STRING: &str = "expected a string";

impl<'a, T: FromText<'a>> FromText<'a> for IdStr<T> {
    fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError> {
        T::from_text(text).map(IdStr)
    }
    fn from_json_number(_: binder_http::json::Number<'a>) -> Result<Self, ValueError> {
        Err(ValueError::custom(EXPECTED_STRING))
    }
    fn from_json_bool(_: bool) -> Result<Self, ValueError> {
        Err(ValueError::custom(EXPECTED_STRING))
    }
}

impl<'de, T: std::str::FromStr> Deserialize<'de> for IdStr<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<T: std::str::FromStr> de::Visitor<'_> for V<T> {
            type Value = IdStr<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number in a string")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<IdStr<T>, E> {
                v.parse()
                    .map(IdStr)
                    .map_err(|_| E::invalid_value(de::Unexpected::Str(v), &self))
            }
        }
        d.deserialize_str(V(std::marker::PhantomData))
    }
}

/// A colour sent as exactly six hex digits (`"C0DEED"`), as an RGB value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Color(pub u32);

impl Color {
    /// Six hex digits, either case; anything else is `None`.
    pub fn parse(s: &str) -> Option<Color> {
        let b = s.as_bytes();
        if b.len() != 6 {
            return None;
        }
        let mut rgb = 0u32;
        for &c in b {
            let d = (c as char).to_digit(16)?;
            rgb = rgb << 4 | d;
        }
        Some(Color(rgb))
    }
}

const EXPECTED_COLOR: &str = "expected a colour of six hex digits";

/// binder: from the text, decoded if it was escaped.
impl<'a> FromText<'a> for Color {
    fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError> {
        Color::parse(&text).ok_or(ValueError::custom(EXPECTED_COLOR))
    }
    fn from_json_number(_: binder_http::json::Number<'a>) -> Result<Self, ValueError> {
        Err(ValueError::custom(EXPECTED_STRING))
    }
    fn from_json_bool(_: bool) -> Result<Self, ValueError> {
        Err(ValueError::custom(EXPECTED_STRING))
    }
}

/// serde: the same parse.
impl<'de> Deserialize<'de> for Color {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl de::Visitor<'_> for V {
            type Value = Color;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(EXPECTED_COLOR)
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Color, E> {
                Color::parse(v).ok_or_else(|| E::invalid_value(de::Unexpected::Str(v), &self))
            }
        }
        d.deserialize_str(V)
    }
}

/// Which document a bench row binds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Doc {
    /// `canada.json`.
    Canada,
    /// `citm_catalog.json`.
    CitmCatalog,
    /// `twitter.json`.
    Twitter,
}

impl Doc {
    /// The document's bytes.
    pub const fn bytes(self) -> &'static [u8] {
        match self {
            Doc::Canada => CANADA,
            Doc::CitmCatalog => CITM_CATALOG,
            Doc::Twitter => TWITTER,
        }
    }
}

/// One document bound into its owned types.
#[derive(Debug, PartialEq)]
pub enum Owned {
    /// `canada.json`.
    Canada(Canada),
    /// `citm_catalog.json`.
    CitmCatalog(CitmCatalog),
    /// `twitter.json`.
    Twitter(Twitter),
}

/// One document bound into its borrowed types.
#[derive(Debug, PartialEq)]
pub enum Borrowed<'r> {
    /// `canada.json`.
    Canada(CanadaRef<'r>),
    /// `citm_catalog.json`.
    CitmCatalog(CitmCatalogRef<'r>),
    /// `twitter.json`.
    Twitter(TwitterRef<'r>),
}

/// serde_json into the owned types: the reference the bench rows are
/// checked against.
pub fn serde_json_owned(doc: Doc) -> Owned {
    let b = doc.bytes();
    match doc {
        Doc::Canada => Owned::Canada(crate::serde_json_into(b)),
        Doc::CitmCatalog => Owned::CitmCatalog(crate::serde_json_into(b)),
        Doc::Twitter => Owned::Twitter(crate::serde_json_into(b)),
    }
}

/// serde_json into the borrowed types.
pub fn serde_json_borrowed(doc: Doc) -> Borrowed<'static> {
    let b = doc.bytes();
    match doc {
        Doc::Canada => Borrowed::Canada(crate::serde_json_into(b)),
        Doc::CitmCatalog => Borrowed::CitmCatalog(crate::serde_json_into(b)),
        Doc::Twitter => Borrowed::Twitter(crate::serde_json_into(b)),
    }
}

/// How many times a `json_docs` bench's setup runs the measured call's
/// code first. Fewer than [`crate::WARM_RUNS`]: each run binds megabytes
/// (tens of millions of instructions under valgrind), and the allocator
/// reaches its steady state for these documents after the first run.
pub const DOC_WARM_RUNS: usize = 3;

/// A `json_docs` bench's setup: `run`'s result on `doc` checked equal to
/// serde_json's (`reference`), then `run` [`DOC_WARM_RUNS`] times, each
/// result dropped; `doc` back for the measured call.
pub fn warmed_doc<T: PartialEq + fmt::Debug>(
    doc: Doc,
    reference: impl Fn(Doc) -> T,
    run: impl Fn(Doc) -> T,
) -> Doc {
    {
        let want = reference(doc);
        let got = run(doc);
        assert!(
            got == want,
            "{doc:?}: the contender's values differ from serde_json's"
        );
    }
    for _ in 0..DOC_WARM_RUNS {
        drop(std::hint::black_box(run(doc)));
    }
    doc
}
