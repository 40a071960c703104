//! Helpers shared by this crate's tests (and, by path, binder-axum's).
pub mod frames;
