//! Floors at the limit: for each workload, code written for exactly its
//! struct, as an ideal code generator would emit it (safe Rust, the same
//! strictness as binder, the same allocations as binder's result), so the
//! distance from binder to the limit is measured in the same run as every
//! other row. Each module's tests hold its floor to binder's answers on the
//! workload and on many variants of it (accepted or refused alike, and the
//! same values when accepted).

pub mod cookie;
pub mod json;
pub mod mixed;
pub mod multipart;
pub mod urlencoded;
