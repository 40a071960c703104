//! What binder's tests, benches and fuzz targets share, in one place, so
//! that a test and the fuzz target beside it check exactly the same thing:
//!
//! - [`counting`]: the counting global allocator, per thread. A library
//!   cannot install a global allocator for its users, so each binary that
//!   counts installs it in one line:
//!   `#[global_allocator] static ALLOC: Counting = Counting;`
//! - [`generate`]: a fixed-seed PRNG and input generators biased toward
//!   what each scanner must get right.
//! - `oracle`, `json_oracle`, `multipart_oracle` (feature `oracles`): the
//!   differential checks of binder-core's scanners against
//!   `form_urlencoded` and `cookie`, its JSON reader against `serde_json`
//!   and its multipart scanner against `multer`. Each check panics on a
//!   difference. `multipart_feed`: the resumable multipart scan
//!   (`multipart::Feed`) against the one-shot scan, chunk by chunk.
//! - `feed_oracle` (feature `oracles`): `form::Feed`, fed in chunks,
//!   against the one-shot scan of the whole body.
//! - `frames` (feature `frames`): a request body built in the test, for
//!   binder-hyper's and binder-axum's tests.
//! - `orders` (feature `orders`): the order of the `mixed.http` workload,
//!   owned and borrowed, as binder-http's tests and the benches bind it.
//! - [`sources`]: the workspace's own source files, for the tests that
//!   read them.
//!
//! Not published; a dev-dependency of the workspace's crates and a
//! dependency of the benches and the fuzz crate.

pub mod counting;
pub mod generate;
pub mod sources;

#[cfg(feature = "oracles")]
pub mod feed_oracle;
#[cfg(feature = "frames")]
pub mod frames;
#[cfg(feature = "oracles")]
pub mod json_oracle;
#[cfg(feature = "oracles")]
pub mod multipart_feed;
#[cfg(feature = "oracles")]
pub mod multipart_oracle;
#[cfg(feature = "oracles")]
pub mod numbers_oracle;
#[cfg(feature = "oracles")]
pub mod oracle;
#[cfg(feature = "orders")]
pub mod orders;
