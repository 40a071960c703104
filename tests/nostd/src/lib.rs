//! A `#![no_std]` crate with no allocator: derives `Bind` on a borrowed
//! struct and binds a query string and a form or JSON body into it. CI builds it for
//! `thumbv7em-none-eabihf`, where std does not exist.
#![no_std]
#![forbid(unsafe_code)]

use binder_core::bind::{Body, Parts};
use binder_core::{Bind, BindError};

/// A borrowed struct: nothing in it can allocate.
#[derive(Bind, Debug, PartialEq)]
pub struct Reading<'r> {
    /// From the query.
    #[bind(query)]
    pub sensor: &'r str,
    /// From the query.
    #[bind(query)]
    pub celsius: i16,
    /// From the body.
    #[bind(body)]
    pub note: Option<&'r str>,
}

/// A nested borrowed struct, bound from a JSON object.
#[derive(Bind, Debug, PartialEq)]
pub struct Place<'r> {
    /// From the object's `room` member.
    #[bind(body)]
    pub room: &'r str,
    /// From the object's `floor` member.
    #[bind(body)]
    pub floor: i8,
}

/// The probe that took a reading: an enum with data, bound from JSON
/// (internally tagged, the tag anywhere: no buffer to allocate).
#[derive(Bind, Debug, PartialEq)]
#[bind(tag = "kind", rename_all = "lowercase")]
pub enum Probe<'r> {
    /// A thermometer, by its id.
    Thermo {
        /// The thermometer's id.
        id: &'r str,
    },
    /// A place's own probe.
    Fixed(Place<'r>),
    /// No probe.
    Manual,
}

/// A reading with a JSON body: query fields and nested body fields.
#[derive(Bind, Debug, PartialEq)]
pub struct JsonReading<'r> {
    /// From the query.
    #[bind(query)]
    pub sensor: &'r str,
    /// From the JSON body.
    #[bind(body)]
    pub celsius: f32,
    /// A nested object of the JSON body.
    #[bind(body)]
    pub place: Option<Place<'r>>,
    /// An enum with data of the JSON body.
    #[bind(body)]
    pub probe: Option<Probe<'r>>,
}

/// Binds a reading from a raw query string and a JSON body.
///
/// # Errors
/// Every failing field, as [`BindError`].
pub fn read_json<'r>(query: &'r str, body: &'r [u8]) -> Result<JsonReading<'r>, BindError> {
    JsonReading::bind(&Parts {
        query: Some(query),
        body: Body::Json(body),
        ..Parts::default()
    })
}

/// Binds a reading from a raw query string and an urlencoded body.
///
/// # Errors
/// Every failing field, as [`BindError`].
pub fn read<'r>(query: &'r str, body: &'r [u8]) -> Result<Reading<'r>, BindError> {
    Reading::bind(&Parts {
        query: Some(query),
        body: Body::Form(body),
        ..Parts::default()
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn binds_without_std() {
        let r = super::read("sensor=t1&celsius=-4", b"note=ok").unwrap();
        assert_eq!((r.sensor, r.celsius, r.note), ("t1", -4, Some("ok")));
        let e = super::read("celsius=x", b"").unwrap_err();
        assert_eq!(e.fields().unwrap().as_slice().len(), 2);
    }

    #[test]
    fn binds_a_json_body_without_std() {
        let body = br#"{"celsius": -4.5, "place": {"room": "lab", "floor": -1}, "extra": [1, {}]}"#;
        let r = super::read_json("sensor=t1", body).unwrap();
        assert_eq!((r.sensor, r.celsius), ("t1", -4.5));
        assert_eq!(
            r.place,
            Some(super::Place {
                room: "lab",
                floor: -1
            })
        );
        assert_eq!(r.probe, None);
        let body = br#"{"celsius": 1, "probe": {"id": "t9", "kind": "thermo"}}"#;
        let r = super::read_json("sensor=t1", body).unwrap();
        assert_eq!(r.probe, Some(super::Probe::Thermo { id: "t9" }));
        let body = br#"{"celsius": 1, "probe": {"kind": "fixed", "room": "b", "floor": 2}}"#;
        let fixed = super::read_json("sensor=t1", body).unwrap().probe;
        assert_eq!(
            fixed,
            Some(super::Probe::Fixed(super::Place {
                room: "b",
                floor: 2
            }))
        );
        let e = super::read_json("sensor=t1", br#"{"celsius":"hot","place":{"floor":300}}"#)
            .unwrap_err();
        assert_eq!(e.fields().unwrap().as_slice().len(), 3);
        let e = super::read_json("sensor=t1", br#"{"celsius":1,"probe":{"kind":"laser"}}"#)
            .unwrap_err();
        assert_eq!(e.fields().unwrap().as_slice().len(), 1);
    }
}
