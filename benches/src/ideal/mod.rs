//! Floors at the limit: for each workload, code written for exactly its
//! struct, as an ideal code generator would emit it (safe Rust, the same
//! strictness as binder, the same allocations as binder's result), so the
//! distance from binder to the limit is measured in the same run as every
//! other row. Each module's tests hold its floor to binder's answers on the
//! workload and on many variants of it (accepted or refused alike, and the
//! same values when accepted).
//!
//! Every floor's entry point is `#[inline]` (or generic), as a derived
//! `Bind` impl is generic over its request: a bench crate calling a floor
//! then compiles it into the call as it compiles binder's bind, so neither
//! pays a call across crates the other does not. The `mixed`, `json` and
//! `multipart` floors were out-of-line functions of this crate until
//! then; inlined, they cost (instructions, owned / borrowed): mixed 2,588 /
//! 2,187 -> 2,449 / 2,032, json5 826 / 651 -> 795 / 629, items1000
//! 636,393 / 404,361 -> 627,871 / 393,354, multipart4k 3,555 / 3,221 ->
//! 2,924 / 2,677. (The `cookie` and `urlencoded` floors were `#[inline]`
//! already.)

pub mod cookie;
pub mod json;
pub mod mixed;
pub mod multipart;
pub mod urlencoded;
