//! `citm_catalog.json`: maps keyed by numeric strings, arrays of ids,
//! members that are always `null`.

use binder_http::Bind;
use serde::Deserialize;
use std::borrow::Cow;
use std::collections::BTreeMap;

/// The catalog, owned. Maps keyed by ids written as strings
/// (`"205705993": "..."`) have `u32` keys, parsed from the key's text.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields, rename_all = "camelCase")]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CitmCatalog {
    pub area_names: BTreeMap<u32, String>,
    pub audience_sub_category_names: BTreeMap<u32, String>,
    pub block_names: BTreeMap<u32, String>,
    pub events: BTreeMap<u32, Event>,
    pub performances: Vec<Performance>,
    pub seat_category_names: BTreeMap<u32, String>,
    pub sub_topic_names: BTreeMap<u32, String>,
    pub subject_names: BTreeMap<u32, String>,
    pub topic_names: BTreeMap<u32, String>,
    pub topic_sub_topics: BTreeMap<u32, Vec<u32>>,
    pub venue_names: BTreeMap<String, String>,
}

/// An event, owned. `()`: members always sent as `null`.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields, rename_all = "camelCase")]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Event {
    pub description: (),
    pub id: u32,
    pub logo: Option<String>,
    pub name: String,
    pub sub_topic_ids: Vec<u32>,
    pub subject_code: (),
    pub subtitle: (),
    pub topic_ids: Vec<u32>,
}

/// A performance, owned.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields, rename_all = "camelCase")]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Performance {
    pub event_id: u32,
    pub id: u32,
    pub logo: Option<String>,
    pub name: (),
    pub prices: Vec<Price>,
    pub seat_categories: Vec<SeatCategory>,
    pub seat_map_image: (),
    pub start: u64,
    pub venue_code: String,
}

/// A price (no text: the same in both variants).
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields, rename_all = "camelCase")]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Price {
    pub amount: u32,
    pub audience_sub_category_id: u32,
    pub seat_category_id: u32,
}

/// A seat category.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields, rename_all = "camelCase")]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SeatCategory {
    pub areas: Vec<Area>,
    pub seat_category_id: u32,
}

/// An area: `blockIds` is always `[]` (an array of exactly no ids).
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields, rename_all = "camelCase")]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Area {
    pub area_id: u32,
    pub block_ids: [u32; 0],
}

/// The catalog, borrowed: every name borrows (none has escapes) but an
/// event's, which may have them.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields, rename_all = "camelCase")]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CitmCatalogRef<'r> {
    #[serde(borrow)]
    pub area_names: BTreeMap<u32, &'r str>,
    #[serde(borrow)]
    pub audience_sub_category_names: BTreeMap<u32, &'r str>,
    #[serde(borrow)]
    pub block_names: BTreeMap<u32, &'r str>,
    #[serde(borrow)]
    pub events: BTreeMap<u32, EventRef<'r>>,
    #[serde(borrow)]
    pub performances: Vec<PerformanceRef<'r>>,
    #[serde(borrow)]
    pub seat_category_names: BTreeMap<u32, &'r str>,
    #[serde(borrow)]
    pub sub_topic_names: BTreeMap<u32, &'r str>,
    #[serde(borrow)]
    pub subject_names: BTreeMap<u32, &'r str>,
    #[serde(borrow)]
    pub topic_names: BTreeMap<u32, &'r str>,
    pub topic_sub_topics: BTreeMap<u32, Vec<u32>>,
    #[serde(borrow)]
    pub venue_names: BTreeMap<&'r str, &'r str>,
}

/// An event, borrowed.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields, rename_all = "camelCase")]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct EventRef<'r> {
    pub description: (),
    pub id: u32,
    #[serde(borrow)]
    pub logo: Option<&'r str>,
    #[serde(borrow)]
    pub name: Cow<'r, str>,
    pub sub_topic_ids: Vec<u32>,
    pub subject_code: (),
    pub subtitle: (),
    pub topic_ids: Vec<u32>,
}

/// A performance, borrowed.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields, rename_all = "camelCase")]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PerformanceRef<'r> {
    pub event_id: u32,
    pub id: u32,
    #[serde(borrow)]
    pub logo: Option<&'r str>,
    pub name: (),
    pub prices: Vec<Price>,
    pub seat_categories: Vec<SeatCategory>,
    pub seat_map_image: (),
    pub start: u64,
    pub venue_code: &'r str,
}
