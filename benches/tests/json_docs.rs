//! The json-benchmark documents bound by every contender of the
//! `json_docs` bench into the same types, value for value: binder (owned
//! and borrowed) against serde_json, sonic-rs and simd-json; floats by
//! their bits. And strictness: an unknown member in a nested object is
//! refused by binder (under its path) as serde refuses it.

use binder_bench::json_docs::canada::coordinate_bits;
use binder_bench::json_docs::twitter::{StatusRef, TwitterRef};
use binder_bench::json_docs::*;
use binder_bench::{serde_json_into, sonic_rs_into};
use binder_http::request::{Body, Parts};
use binder_http::{Bind, BindError};
use std::borrow::Cow;

fn binder<'r, T: Bind<'r>>(body: &'r [u8]) -> Result<T, BindError> {
    T::bind(&Parts {
        body: Body::Json(body),
        ..Parts::default()
    })
}

/// binder's owned and borrowed results, and serde_json's, sonic-rs's and
/// simd-json's, all equal; floats compared by their bits by `bits`.
fn all_equal<O, B>(
    doc: &'static [u8],
    bits_o: impl Fn(&O) -> Vec<u32>,
    bits_b: impl Fn(&B) -> Vec<u32>,
) where
    O: for<'r> Bind<'r> + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
    B: Bind<'static> + serde::Deserialize<'static> + PartialEq + std::fmt::Debug,
{
    let owned: O = binder(doc).expect("binder binds the owned types");
    let want: O = serde_json_into(doc);
    assert!(owned == want, "binder (owned) and serde_json differ");
    assert_eq!(bits_o(&owned), bits_o(&want));
    let sonic: O = sonic_rs_into(doc);
    assert!(sonic == want, "sonic-rs and serde_json differ");
    assert_eq!(bits_o(&sonic), bits_o(&want));
    let simd: O = simd_json_into(doc);
    assert!(simd == want, "simd-json and serde_json differ");
    assert_eq!(bits_o(&simd), bits_o(&want));
    let borrowed: B = binder(doc).expect("binder binds the borrowed types");
    let want_b: B = serde_json_into(doc);
    assert!(
        borrowed == want_b,
        "binder (borrowed) and serde_json differ"
    );
    assert_eq!(bits_b(&borrowed), bits_b(&want_b));
    assert_eq!(bits_b(&borrowed), bits_o(&owned));
}

#[test]
fn canada_binds_as_serde_json_binds_it() {
    all_equal::<Canada, CanadaRef>(
        CANADA,
        |c| coordinate_bits(&c.features),
        |c| coordinate_bits(&c.features),
    );
    let c: Canada = binder(CANADA).unwrap();
    assert_eq!(c.features.len(), 1);
    let rings = &c.features[0].geometry.coordinates;
    assert_eq!(rings.len(), 480);
    assert_eq!(rings.iter().map(Vec::len).sum::<usize>(), 55_563);
    assert_eq!(c.features[0].properties["name"], "Canada");
}

#[test]
fn citm_catalog_binds_as_serde_json_binds_it() {
    all_equal::<CitmCatalog, CitmCatalogRef>(CITM_CATALOG, |_| vec![], |_| vec![]);
    let c: CitmCatalog = binder(CITM_CATALOG).unwrap();
    assert_eq!((c.events.len(), c.performances.len()), (184, 243));
    assert_eq!(c.area_names[&205_705_993], "Arrière-scène central");
    // The borrowed names point into the document, but the one event name
    // with an escape, owned (as serde_json's `Cow` owns it).
    let b: CitmCatalogRef = binder(CITM_CATALOG).unwrap();
    let s: CitmCatalogRef = serde_json_into(CITM_CATALOG);
    let owned = |c: &CitmCatalogRef| {
        c.events
            .values()
            .filter(|e| matches!(e.name, Cow::Owned(_)))
            .count()
    };
    assert_eq!((owned(&b), owned(&s)), (1, 1));
    assert!(CITM_CATALOG
        .as_ptr_range()
        .contains(&b.venue_names.values().next().unwrap().as_ptr()));
}

fn twitter_bits(completed_in: f32) -> Vec<u32> {
    vec![completed_in.to_bits()]
}

#[test]
fn twitter_binds_as_serde_json_binds_it() {
    all_equal::<Twitter, TwitterRef>(
        TWITTER,
        |t| twitter_bits(t.search_metadata.completed_in),
        |t| twitter_bits(t.search_metadata.completed_in),
    );
    let t: Twitter = binder(TWITTER).unwrap();
    assert_eq!(t.statuses.len(), 100);
    let retweets = t
        .statuses
        .iter()
        .filter(|s| s.retweeted_status.is_some())
        .count();
    assert!(retweets > 0);
    assert_eq!(t.statuses[0].id_str, IdStr(505_874_924_095_815_681));
    assert_eq!(t.statuses[0].user.profile_background_color, Color(0xC0DEED));
    // Text with escapes is owned, the rest borrowed, as serde_json does it.
    let b: TwitterRef = binder(TWITTER).unwrap();
    let s: TwitterRef = serde_json_into(TWITTER);
    let owned = |t: &TwitterRef| {
        let all = t
            .statuses
            .iter()
            .flat_map(|s: &StatusRef| std::iter::once(s).chain(s.retweeted_status.as_deref()));
        all.map(|s| {
            [&s.text, &s.source, &s.user.description]
                .into_iter()
                .filter(|c| matches!(c, Cow::Owned(_)))
                .count()
        })
        .sum::<usize>()
    };
    assert_eq!(owned(&b), owned(&s));
    assert!(owned(&b) > 0);
}

/// `doc` with `"extra":1,` inserted after the `n`th occurrence of `after`
/// (the opening of a nested object).
fn with_unknown(doc: &[u8], after: &str, n: usize) -> Vec<u8> {
    let text = std::str::from_utf8(doc).unwrap();
    let at = text
        .match_indices(after)
        .nth(n)
        .map(|(i, m)| i + m.len())
        .expect("the marker is in the document");
    let mut out = text[..at].to_owned();
    out.push_str("\"extra\":1,");
    out.push_str(&text[at..]);
    out.into_bytes()
}

/// binder refuses the unknown member under `path`, and serde_json refuses
/// it too.
fn refused<'a, O, B>(body: &'a [u8], path: &str)
where
    O: for<'r> Bind<'r> + serde::de::DeserializeOwned + std::fmt::Debug,
    B: Bind<'a> + std::fmt::Debug,
{
    let err = binder::<O>(body).unwrap_err();
    let fields = err.fields().expect("a field error");
    let first = &fields.as_slice()[0];
    assert_eq!(
        (first.path().to_string(), first.kind().code()),
        (path.to_owned(), "unknown"),
        "{err}"
    );
    assert_eq!(fields.as_slice().len(), 1, "{err}");
    let err = binder::<B>(body).unwrap_err();
    assert_eq!(err.fields().unwrap().as_slice()[0].path().to_string(), path);
    let serde = serde_json::from_slice::<O>(body).unwrap_err();
    assert!(
        serde.to_string().starts_with("unknown field `extra`"),
        "{serde}"
    );
}

#[test]
fn an_unknown_member_deep_in_each_document_is_refused() {
    // The feature's geometry.
    let canada = with_unknown(CANADA, "\"geometry\": {", 0);
    refused::<Canada, CanadaRef>(&canada, "features[0].geometry.extra");
    // An area of a seat category of the first performance.
    let citm = with_unknown(CITM_CATALOG, "\"areas\": [\n                        {", 0);
    refused::<CitmCatalog, CitmCatalogRef>(
        &citm,
        "performances[0].seatCategories[0].areas[0].extra",
    );
    // The second status's user's entities.
    let twitter = with_unknown(TWITTER, "\"entities\": {", 2);
    refused::<Twitter, TwitterRef>(&twitter, "statuses[1].user.entities.extra");
}
