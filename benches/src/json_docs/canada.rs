//! `canada.json`: a GeoJSON FeatureCollection of polygons.

use binder_http::{Bind, FromText};
use serde::Deserialize;
use std::collections::BTreeMap;

/// The GeoJSON object types the document holds.
#[derive(FromText, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObjType {
    /// The root.
    FeatureCollection,
    /// Each feature.
    Feature,
    /// Each geometry.
    Polygon,
}

/// A polygon's rings of `[longitude, latitude]` pairs, `f32` as
/// json-benchmark binds them.
pub type Rings = Vec<Vec<(f32, f32)>>;

/// The document, owned.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct Canada {
    #[bind(body = "type")]
    #[serde(rename = "type")]
    pub obj_type: ObjType,
    pub features: Vec<Feature>,
}

/// One feature, owned.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct Feature {
    #[bind(body = "type")]
    #[serde(rename = "type")]
    pub obj_type: ObjType,
    pub properties: BTreeMap<String, String>,
    pub geometry: Geometry,
}

/// A feature's polygon (no text: the same in both variants).
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct Geometry {
    #[bind(body = "type")]
    #[serde(rename = "type")]
    pub obj_type: ObjType,
    pub coordinates: Rings,
}

/// The document, borrowed.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct CanadaRef<'r> {
    #[bind(body = "type")]
    #[serde(rename = "type")]
    pub obj_type: ObjType,
    #[serde(borrow)]
    pub features: Vec<FeatureRef<'r>>,
}

/// One feature, borrowed (its properties have no escapes).
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct FeatureRef<'r> {
    #[bind(body = "type")]
    #[serde(rename = "type")]
    pub obj_type: ObjType,
    #[serde(borrow)]
    pub properties: BTreeMap<&'r str, &'r str>,
    pub geometry: Geometry,
}

/// Every coordinate's bits, in order: floats compared exactly.
pub fn coordinate_bits(features: impl IntoIterator<Item = impl AsRef<Rings>>) -> Vec<u32> {
    let mut out = Vec::new();
    for rings in features {
        for ring in rings.as_ref() {
            for &(lon, lat) in ring {
                out.push(lon.to_bits());
                out.push(lat.to_bits());
            }
        }
    }
    out
}

impl AsRef<Rings> for Feature {
    fn as_ref(&self) -> &Rings {
        &self.geometry.coordinates
    }
}

impl AsRef<Rings> for FeatureRef<'_> {
    fn as_ref(&self) -> &Rings {
        &self.geometry.coordinates
    }
}
