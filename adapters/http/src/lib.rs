//! binder for the `http` crate: the one crate users depend on.
//!
//! Not implemented yet (tracked by the adapters issue). Until then it
//! re-exports [`binder_core`] so its scanners can be reached through it.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub use binder_core as core;
