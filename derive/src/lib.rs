//! `#[derive(Bind)]` for binder. Not implemented yet: the derive is tracked by
//! the derive issue; this crate exists so the workspace has its final shape.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
