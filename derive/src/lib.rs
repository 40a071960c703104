//! `#[derive(Bind)]`: binds one struct from every source of an HTTP request.
//!
//! Use it through the binder crate an application depends on, which
//! re-exports it as `Bind`: `binder-http`, `binder-hyper`, `binder-axum`
//! or, without `http`, `binder-core` with its `derive` feature; the
//! attributes are documented in `binder_http::guide`. Each re-exports its
//! own entry here, whose output names that crate's `__private_0_1` (the only
//! path generated code names), so an application needs no other binder
//! crate in its `Cargo.toml`. This crate only generates code: each
//! struct gets a `Bind` impl that walks every source once and dispatches each
//! key with a `match` on its bytes.
//!
//! Layout, after serde_derive and thiserror: `attr` reads attributes
//! (each keeping its span), `valid` checks the whole struct and collects
//! every error before reporting, `expand` writes the impl; `snapshot`
//! (a test) pins what it writes for three structs.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod attr;
mod data_enum;
mod expand;
#[cfg(test)]
mod snapshot;
mod text;
mod valid;

use proc_macro::TokenStream;
use syn::{parse_macro_input, DeriveInput};

/// `Bind` on a struct: a `Bind` impl (and a `Value` impl, for the struct
/// as another's field); on an enum: a `Value` impl, the enum bound from
/// JSON in serde's shapes (`data_enum`).
fn bind(input: &DeriveInput, default_crate: &str) -> syn::Result<proc_macro2::TokenStream> {
    match &input.data {
        syn::Data::Enum(data) => data_enum::derive(input, data, default_crate),
        syn::Data::Union(_) => Err(syn::Error::new(
            input.ident.span(),
            "Bind is derived for a struct with named fields (bound from a request, or as another's field) or for an enum (a field's type, bound from JSON), not a union",
        )),
        syn::Data::Struct(_) => expand::derive(input, default_crate),
    }
}

/// Derives `Bind` with generated code naming `::binder_http::__private_0_1`
/// (override with `#[bind(crate = "path")]`).
#[proc_macro_derive(Bind, attributes(bind))]
pub fn derive_bind(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    bind(&input, "binder_http")
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Derives `Bind` with generated code naming `::binder_core::__private_0_1`;
/// re-exported by `binder-core` (feature `derive`) as `Bind`.
#[proc_macro_derive(BindCore, attributes(bind))]
pub fn derive_bind_core(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    bind(&input, "binder_core")
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Derives `Bind` with generated code naming `::binder_hyper::__private_0_1`;
/// re-exported by `binder-hyper` as `Bind`.
#[proc_macro_derive(BindHyper, attributes(bind))]
pub fn derive_bind_hyper(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    bind(&input, "binder_hyper")
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Derives `Bind` with generated code naming `::binder_axum::__private_0_1`;
/// re-exported by `binder-axum` as `Bind`.
#[proc_macro_derive(BindAxum, attributes(bind))]
pub fn derive_bind_axum(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    bind(&input, "binder_axum")
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Derives `FromText` for an enum of unit variants, read from one text
/// value, with generated code naming `::binder_http::__private_0_1`
/// (override with `#[bind(crate = "path")]`).
#[proc_macro_derive(FromText, attributes(bind))]
pub fn derive_from_text(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    text::derive(&input, "binder_http")
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// [`FromText`](macro@FromText) naming `::binder_core::__private_0_1`;
/// re-exported by `binder-core` (feature `derive`) as `FromText`.
#[proc_macro_derive(FromTextCore, attributes(bind))]
pub fn derive_from_text_core(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    text::derive(&input, "binder_core")
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// [`FromText`](macro@FromText) naming `::binder_hyper::__private_0_1`;
/// re-exported by `binder-hyper` as `FromText`.
#[proc_macro_derive(FromTextHyper, attributes(bind))]
pub fn derive_from_text_hyper(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    text::derive(&input, "binder_hyper")
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// [`FromText`](macro@FromText) naming `::binder_axum::__private_0_1`;
/// re-exported by `binder-axum` as `FromText`.
#[proc_macro_derive(FromTextAxum, attributes(bind))]
pub fn derive_from_text_axum(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    text::derive(&input, "binder_axum")
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}
