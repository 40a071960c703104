//! Support shared by the integration tests.
#![allow(dead_code)]

pub mod counting;
pub mod orders;
