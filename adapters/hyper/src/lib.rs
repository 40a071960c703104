//! binder for hyper 1. Not implemented yet (tracked by the adapters issue).
#![forbid(unsafe_code)]
#![deny(missing_docs)]
