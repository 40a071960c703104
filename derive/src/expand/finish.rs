//! Settling each field's value once every source is read: its slot
//! finished, its default taken or its absence recorded.

use super::source_variant;
use crate::valid::{Model, Wrap};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::Ident;

/// The statements that settle every field's value (`__v{i}`), given how
/// to reach the error list, each field's ordinal and each field's path.
pub(super) fn finish_stmts(
    m: &Model<'_>,
    p: &TokenStream,
    lt: &TokenStream,
    nested: bool,
) -> Vec<TokenStream> {
    m.fields
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let v = format_ident!("__v{}", i);
            let declared = f.declared;
            let ty = &f.ty;
            if let Some(name) = &f.raw_body {
                if nested {
                    // Inside a JSON object there is no whole body to take.
                    return quote! { let #v: #p::Option<#declared> = #p::None; };
                }
                return quote! {
                    let #v: #p::Option<#declared> = #p::raw_body::<#declared>(__req.raw_body(), &mut __errors, #i, #name);
                };
            }
            let Some(b) = &f.bound else {
                return quote! { let #v = #p::Some(<#declared as #p::Default>::default()); };
            };
            let slot = format_ident!("__s{}", i);
            let src = source_variant(b.source);
            let unwrap = match f.wrap {
                Wrap::None => quote!(),
                Wrap::Scalar => quote!(.map(|__p| __p.0)),
                Wrap::Option => quote!(.map(|__o| __o.map(|__p| __p.0))),
                Wrap::Vec => quote!(.map(|__l| __l.into_iter().map(|__p| __p.0).collect())),
                Wrap::Boxed => quote!(.map(|__b| __b.0)),
                Wrap::OptionBoxed => quote!(.map(|__o| __o.map(|__b| __b.0))),
            };
            let default = match &b.default {
                None => quote!(#p::None),
                Some(None) => quote!(#p::Some(<#declared as #p::Default>::default)),
                Some(Some(expr)) => quote!(#p::Some(|| -> #declared { #expr })),
            };
            let key = &b.key;
            if b.flatten {
                return if nested {
                    // Members under the parent's path (`search.page`).
                    quote! {
                        let #v: #p::Option<#declared> = #p::finish_flat_in::<#ty>(#slot, __cx);
                    }
                } else {
                    quote! {
                        let #v: #p::Option<#declared> = #p::finish_flat::<#ty>(#slot, &mut __errors, #i, #p::Source::#src, #key);
                    }
                };
            }
            if nested {
                return quote! {
                    let #v: #p::Option<#declared> = #p::settle_in(
                        <#ty as #p::Field<#lt>>::finish(#slot, &mut __cx.at(#p::Segment::Key(#key)))#unwrap,
                        __seen.contains(#i),
                        #default,
                        __cx,
                        #key,
                    );
                };
            }
            quote! {
                let #v: #p::Option<#declared> = #p::settle(
                    <#ty as #p::Field<#lt>>::finish(
                        #slot,
                        &mut #p::FieldCx::with_source(&mut __errors, #i, #key, #p::Source::#src),
                    )#unwrap,
                    __seen.contains(#i),
                    #default,
                    &mut __errors,
                    #i,
                    #p::Source::#src,
                    #key,
                );
            }
        })
        .collect()
}

/// The names `finish_stmts` binds, `__v{i}`, and those a `match` on all of
/// them binds, `__f{i}`, for a struct of `n` fields.
pub(super) fn settled(n: usize) -> (Vec<Ident>, Vec<Ident>) {
    let vs: Vec<Ident> = (0..n).map(|i| format_ident!("__v{}", i)).collect();
    let fs: Vec<Ident> = (0..n).map(|i| format_ident!("__f{}", i)).collect();
    (vs, fs)
}
