//! The generics every generated item carries: the request's lifetime, the
//! struct's own parameters, and for a struct with type or const
//! parameters, one bound per field type that names one (`Vec<T>:
//! Field<'r>`), so that the impls hold for exactly the arguments whose
//! fields bind. A struct without type or const parameters gets the tokens
//! it always had.

use crate::valid::Model;
use proc_macro2::{TokenStream, TokenTree};
use quote::{quote, ToTokens};
use syn::{GenericParam, Ident};

pub(super) struct Generics {
    /// Inside `impl<...>`: the request's lifetime, then the struct's other
    /// parameters with their bounds (no defaults).
    pub impl_params: TokenStream,
    /// After the struct's name: `<'r, T>`, or nothing.
    pub ty_args: TokenStream,
    /// After `__Partial`: `<'__r, T>`.
    pub partial_args: TokenStream,
    /// What `__Partial` holds to use every parameter.
    pub phantom: TokenStream,
    /// `where ...` for the `Bind` and `Value` impls and `__Partial`, or
    /// nothing.
    pub where_clause: TokenStream,
    /// The `OwnedBind` impl, for a struct without a lifetime.
    pub owned: Option<TokenStream>,
}

/// Whether `tokens` name any of `params` (a path segment, anywhere).
fn mentions(tokens: TokenStream, params: &[&Ident]) -> bool {
    tokens.into_iter().any(|t| match t {
        TokenTree::Ident(i) => params.contains(&&i),
        TokenTree::Group(g) => mentions(g.stream(), params),
        _ => false,
    })
}

pub(super) fn generics(m: &Model<'_>, p: &TokenStream, lt: &TokenStream) -> Generics {
    let ident = m.ident;
    let g = m.generics;
    let params: Vec<&Ident> = g
        .params
        .iter()
        .filter_map(|param| match param {
            GenericParam::Type(t) => Some(&t.ident),
            GenericParam::Const(c) => Some(&c.ident),
            GenericParam::Lifetime(_) => None,
        })
        .collect();
    let user_where = g.where_clause.as_ref().map(|w| {
        let preds = w.predicates.iter();
        quote!(#(#preds,)*)
    });
    if params.is_empty() {
        // As before generics: the struct's one lifetime, or `'__r`.
        let (impl_params, ty_args) = match m.lifetime {
            Some(l) => (quote!(#l), quote!(<#l>)),
            None => (quote!('__r), quote!()),
        };
        let where_clause = user_where
            .clone()
            .map(|w| quote!(where #w))
            .unwrap_or_default();
        let owned = m.lifetime.is_none().then(|| {
            quote! {
                #[automatically_derived]
                impl #p::OwnedBind for #ident #where_clause {}
            }
        });
        return Generics {
            impl_params,
            ty_args,
            partial_args: quote!(<#lt>),
            phantom: quote!(&#lt ()),
            where_clause,
            owned,
        };
    }

    // Each parameter with its bounds, without its default.
    let declared: Vec<TokenStream> = g
        .params
        .iter()
        .map(|param| match param {
            GenericParam::Type(t) => {
                let mut t = t.clone();
                t.eq_token = None;
                t.default = None;
                t.attrs.clear();
                t.into_token_stream()
            }
            GenericParam::Const(c) => {
                let mut c = c.clone();
                c.eq_token = None;
                c.default = None;
                c.attrs.clear();
                c.into_token_stream()
            }
            GenericParam::Lifetime(l) => {
                let mut l = l.clone();
                l.attrs.clear();
                l.into_token_stream()
            }
        })
        .collect();
    let names: Vec<TokenStream> = g
        .params
        .iter()
        .map(|param| match param {
            GenericParam::Type(t) => t.ident.to_token_stream(),
            GenericParam::Const(c) => c.ident.to_token_stream(),
            GenericParam::Lifetime(l) => l.lifetime.to_token_stream(),
        })
        .collect();
    let own_lt = m.lifetime.is_none().then(|| quote!('__r,));
    let impl_params = quote!(#own_lt #(#declared),*);
    let ty_args = quote!(<#(#names),*>);
    let partial_args = quote!(<#own_lt #(#names),*>);
    let phantom = quote!((&#lt (), fn() -> #ident #ty_args));

    // One bound per field type that names a parameter: what the generated
    // code asks of it.
    let field_bounds: Vec<TokenStream> = m
        .fields
        .iter()
        .filter_map(|f| {
            let declared = f.declared;
            if f.raw_body.is_some() {
                return mentions(declared.to_token_stream(), &params)
                    .then(|| quote!(#declared: #p::FromBody<#lt>));
            }
            let Some(b) = &f.bound else {
                return mentions(declared.to_token_stream(), &params)
                    .then(|| quote!(#declared: #p::Default));
            };
            let ty = &f.ty;
            // A type holding the struct itself (`Vec<Tree<T>>`) is bound
            // through the struct's own impl, whose bounds are the other
            // fields': bounding it too would ask the compiler to prove the
            // impl from itself.
            if !mentions(ty.to_token_stream(), &params) || mentions(ty.to_token_stream(), &[ident])
            {
                return None;
            }
            let default = matches!(b.default, Some(None)).then(|| quote!(#declared: #p::Default,));
            Some(if b.flatten {
                quote!(#default #ty: #p::Flatten<#lt>)
            } else {
                quote!(#default #ty: #p::Field<#lt>)
            })
        })
        .collect();
    let where_clause = quote!(where #user_where #(#field_bounds,)*);
    let owned = m.lifetime.is_none().then(|| {
        quote! {
            #[automatically_derived]
            impl<#(#declared),*> #p::OwnedBind for #ident #ty_args
            where
                #user_where
                Self: for<'__o> #p::Bind<'__o>,
            {}
        }
    });
    Generics {
        impl_params,
        ty_args,
        partial_args,
        phantom,
        where_clause,
        owned,
    }
}
