//! A `#![no_std]` crate with no allocator: derives `Bind` on a borrowed
//! struct and binds a query string and a body into it. CI builds it for
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

/// Binds a reading from a raw query string and an urlencoded body.
///
/// # Errors
/// Every failing field, as [`BindError`].
pub fn read<'r>(query: &'r [u8], body: &'r [u8]) -> Result<Reading<'r>, BindError<'r>> {
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
        let r = super::read(b"sensor=t1&celsius=-4", b"note=ok").unwrap();
        assert_eq!((r.sensor, r.celsius, r.note), ("t1", -4, Some("ok")));
        let e = super::read(b"celsius=x", b"").unwrap_err();
        assert_eq!(e.fields().unwrap().as_slice().len(), 2);
    }
}
