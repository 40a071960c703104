//! `#[derive(Bind)]`: binds one struct from every source of an HTTP request.
//!
//! Use it through `binder-http` (`binder_http::Bind`) or, without `http`,
//! through `binder-core` with its `derive` feature (`binder_core::Bind`); the
//! attributes are documented there. This crate only generates code: each
//! struct gets a `Bind` impl that walks every source once and dispatches each
//! key with a `match` on its bytes.
//!
//! Layout, after serde_derive and thiserror: `attr` reads attributes
//! (each keeping its span), `valid` checks the whole struct and collects
//! every error before reporting, `expand` writes the impl.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod attr;
mod expand;
mod valid;

use proc_macro::TokenStream;
use syn::{parse_macro_input, DeriveInput};

/// Derives `Bind` with generated code naming `::binder_http::__private`
/// (override with `#[bind(crate = "path")]`).
#[proc_macro_derive(Bind, attributes(bind))]
pub fn derive_bind(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand::derive(&input, "binder_http")
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Derives `Bind` with generated code naming `::binder_core::__private`;
/// re-exported by `binder-core` (feature `derive`) as `Bind`.
#[proc_macro_derive(BindCore, attributes(bind))]
pub fn derive_bind_core(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand::derive(&input, "binder_core")
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}
