//! Writes the `Bind` impl from the checked model.
//!
//! The generated `bind_with` keeps one slot per field and one stack bit set
//! of which fields took a value, walks each source that has fields exactly
//! once (body, path parameters, query, headers with cookies), dispatching
//! each key with a `match` on its bytes, stops a query, form or cookie scan
//! once every field it feeds is bound (unless one collects repeats), and
//! only then builds `Self` or the error list. It names nothing but
//! `<crate>::__private_0_1`.
//!
//! `expand` assembles the impl from pieces written by concern: `sources`
//! scans the path parameters, the query and the headers with their
//! cookies; `body` checks the body's format and scans the formats the type
//! accepts; `json` dispatches a JSON object's members, for the body and
//! for a nested struct alike; `nested` lets the struct be another's field;
//! `finish` settles each field's value once every source is read.

mod body;
mod finish;
mod generics;
mod json;
mod nested;
mod sources;

use crate::attr::Source;
use crate::valid::{self, FieldModel, Model};
use finish::{finish_stmts, settled};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::{DeriveInput, Ident, LitByteStr};

pub fn derive(input: &DeriveInput, default_crate: &str) -> syn::Result<TokenStream> {
    let model = valid::model(input, default_crate)?;
    Ok(expand(&model))
}

/// The head of a `match` arm taking a name or key (a `&[u8]`) equal to
/// `key`: a guard comparing the whole slice, not a byte-string pattern.
/// rustc lowers a byte-string pattern to a compare a byte (`x-request-id`:
/// twelve compares and branches); `==` is one length test and, the length
/// known, a compare a word.
fn key_arm(key: &str) -> TokenStream {
    let lit = byte_lit(key);
    quote! { __k if __k == #lit }
}

/// `s` as a byte-string literal (`b"..."`).
pub(crate) fn byte_lit(s: &str) -> LitByteStr {
    LitByteStr::new(s.as_bytes(), Span::call_site())
}

fn source_variant(source: Source) -> Ident {
    Ident::new(
        match source {
            Source::Path => "Path",
            Source::Query => "Query",
            Source::Header => "Header",
            Source::Cookie => "Cookie",
            Source::Body => "Body",
            Source::Context => "Context",
        },
        Span::call_site(),
    )
}

struct Ctx<'m> {
    p: TokenStream,
    lt: TokenStream,
    fields: &'m [FieldModel<'m>],
    /// `deny_unknown_fields`: JSON members no field has are refused.
    deny_unknown: bool,
    /// `strict`: the body's JSON reader refuses scalars of another kind.
    strict: bool,
}

impl Ctx<'_> {
    /// The fields `source`'s keys name (not the flattened ones).
    fn of(&self, source: Source) -> impl Iterator<Item = (usize, &FieldModel<'_>)> {
        self.fields.iter().enumerate().filter(move |(_, f)| {
            f.bound
                .as_ref()
                .is_some_and(|b| b.source == source && !b.flatten && !b.whole)
        })
    }

    /// The field that takes the whole JSON body, if one does.
    fn whole(&self) -> Option<(usize, &FieldModel<'_>)> {
        self.fields
            .iter()
            .enumerate()
            .find(|(_, f)| f.bound.as_ref().is_some_and(|b| b.whole))
    }

    /// The flattened fields of `source`: offered the keys no field takes.
    fn flats(&self, source: Source) -> impl Iterator<Item = (usize, &FieldModel<'_>)> {
        self.fields.iter().enumerate().filter(move |(_, f)| {
            f.bound
                .as_ref()
                .is_some_and(|b| b.source == source && b.flatten)
        })
    }

    fn has(&self, source: Source) -> bool {
        self.of(source).next().is_some()
            || self.flats(source).next().is_some()
            || (source == Source::Body && self.whole().is_some())
    }

    /// Offers `__key` (bytes), a key no field took, to each flattened
    /// field of `source` in turn: whether one took it.
    fn flat_offers(&self, source: Source) -> TokenStream {
        let p = &self.p;
        let src = source_variant(source);
        let offers = self.flats(source).map(|(i, f)| {
            let ty = &f.ty;
            let slot = format_ident!("__s{}", i);
            quote! {
                #p::offer_flat::<#ty>(&mut #slot, &__key, __raw, &mut __errors, #i, #p::Source::#src)
            }
        });
        quote!(#(#offers)||*)
    }

    /// The fallback for a key that is no field's name: `name[key]` offered
    /// to the field `name` (a map's entry, or a list's `name[]`).
    fn entry_arms(&self, source: Source) -> TokenStream {
        let Ctx { p, .. } = self;
        let src = source_variant(source);
        let arms = self.of(source).map(|(i, f)| {
            let b = f.bound.as_ref().expect("bound");
            let ty = &f.ty;
            let slot = format_ident!("__s{}", i);
            let key = &b.key;
            let lit = byte_lit(key);
            quote! {
                #lit => {
                    // `name[]`, a list's `name[3]`, a map's `name[key]`, a
                    // nested struct's `name[member]` or `name.member`.
                    if #p::offer_path::<#ty>(&mut #slot, __key, __at, __raw, &mut __errors, #i, #p::Source::#src, #key) {
                        __seen.insert(#i);
                    }
                }
            }
        });
        let flat = self.flats(source).next().is_some();
        if self.deny_unknown || flat {
            // Whether the key named a field's value or member; if not, it
            // is offered to the flattened fields, then refused.
            let taking = self.of(source).map(|(i, f)| {
                let b = f.bound.as_ref().expect("bound");
                let ty = &f.ty;
                let slot = format_ident!("__s{}", i);
                let key = &b.key;
                let lit = byte_lit(key);
                quote! {
                    #lit => {
                        let __took = #p::offer_path::<#ty>(&mut #slot, __key, __at, __raw, &mut __errors, #i, #p::Source::#src, #key);
                        if __took {
                            __seen.insert(#i);
                        }
                        __took
                    }
                }
            });
            let offers = flat.then(|| {
                let offers = self.flat_offers(source);
                quote! { let __taken = __taken || #offers; }
            });
            let unknown = self.deny_unknown.then(|| {
                quote! {
                    if !__taken {
                        #p::unknown_key(&mut __errors, #p::Source::#src, &__key);
                    }
                }
            });
            return quote! {
                let __taken = match #p::path_start(&__key) {
                    #p::Some(__at) => match &__key[..__at] { #(#taking)* _ => false },
                    #p::None => false,
                };
                #offers
                #unknown
            };
        }
        quote! {
            if let #p::Some(__at) = #p::path_start(&__key) {
                match &__key[..__at] { #(#arms)* _ => {} }
            }
        }
    }
}

/// `Bind::FORM_KEYS`: the names of the body fields, when they are all
/// the form keys the type reads; left to its default (`None`, any key)
/// when it may read any: `deny_unknown_fields` (every unknown key is
/// reported), a flattened body field, a whole-body or `raw_body` field.
fn form_keys(m: &Model<'_>, cx: &Ctx<'_>) -> Option<TokenStream> {
    let any = m.deny_unknown
        || cx.flats(Source::Body).next().is_some()
        || cx.whole().is_some()
        || m.fields.iter().any(|f| f.raw_body.is_some());
    if any {
        return None;
    }
    let p = &cx.p;
    let keys = cx.of(Source::Body).map(|(_, f)| {
        let key = &f.bound.as_ref().expect("a bound field").key;
        quote!(#key)
    });
    Some(quote! {
        const FORM_KEYS: #p::Option<&'static [&'static str]> = #p::Some(&[#(#keys),*]);
    })
}

fn expand(m: &Model<'_>) -> TokenStream {
    let krate = &m.krate;
    // The runtime's private module, named with its version: generated code
    // from one version of the derive fails to compile against another's
    // runtime instead of misbehaving.
    let p = quote!(#krate::__private_0_1);
    let ident = m.ident;
    let lt = match m.lifetime {
        Some(l) => quote!(#l),
        None => quote!('__r),
    };
    let g = generics::generics(m, &p, &lt);
    let n = m.fields.len();
    let words = quote!({ #p::words_for(#n) });
    let cx = Ctx {
        p: p.clone(),
        lt: lt.clone(),
        fields: &m.fields,
        deny_unknown: m.deny_unknown,
        strict: m.strict,
    };

    // One `let mut __s{i} = ...slot();` per bound field: for the bind and
    // for the nested-struct Value impl alike.
    let slots: Vec<TokenStream> = m
        .fields
        .iter()
        .enumerate()
        .filter(|(_, f)| f.bound.is_some())
        .map(|(i, f)| {
            let slot = format_ident!("__s{}", i);
            let ty = &f.ty;
            if f.bound.as_ref().is_some_and(|b| b.flatten) {
                return quote! { let mut #slot = #p::flat_slot::<#ty>(); };
            }
            quote! { let mut #slot = <#ty as #p::Field<#lt>>::slot(); }
        })
        .collect();

    let context = cx.has(Source::Context).then(|| cx.context_scan());
    let reads_context = cx
        .has(Source::Context)
        .then(|| quote! { const READS_CONTEXT: bool = true; });
    let form_keys = form_keys(m, &cx);
    let path = cx.has(Source::Path).then(|| cx.path_scan());
    let query = cx.has(Source::Query).then(|| cx.query_scan(&words));
    let headers =
        (cx.has(Source::Header) || cx.has(Source::Cookie)).then(|| cx.header_scan(&words));

    // Checked first, scanned last: see `body`.
    let body = cx.has(Source::Body).then(|| cx.body(m.accept, &words));
    let (body_check, body_scan) = match body {
        Some((check, scan)) => (Some(check), Some(scan)),
        None => (None, None),
    };

    let finishes = finish_stmts(m, &p, &lt, false);
    let (vs, fs) = settled(n);
    let members = m.fields.iter().map(|f| f.member);
    let validate = m.validate.as_ref().map(|f| {
        quote! {
            #f(&__bound, &mut __errors);
            if !__errors.is_empty() {
                return #p::Err(#p::BindError::Fields(__errors));
            }
        }
    });

    let nested_impl = nested::value_impl(m, &cx, &slots, &words, &g);

    // Keys past the runtime's longest are refused at compile time, at the
    // field.
    let key_checks = m.fields.iter().filter_map(|f| {
        let key = &f.bound.as_ref()?.key;
        Some(quote_spanned! {f.member.span()=>
            const _: () = ::core::assert!(
                #p::key_fits(#key),
                "binder: this key is longer than a field's key may be (binder_core::__private_0_1::MAX_KEY bytes)"
            );
        })
    });

    // `#[bind(serde)]` needs the runtime's `serde` feature: one error, at
    // the attribute, when it is off.
    let serde_checks = m.fields.iter().filter_map(|f| {
        let span = f.serde?;
        Some(quote_spanned! {span=> #p::require_serde!{} })
    });

    // A struct without a lifetime owns what it holds.
    let owned = &g.owned;
    let generics::Generics {
        impl_params,
        ty_args,
        where_clause,
        ..
    } = &g;

    quote! {
        const _: () = {
            #(#key_checks)*
            #(#serde_checks)*

            #nested_impl

            #owned

            #[automatically_derived]
            impl<#impl_params> #p::Bind<#lt> for #ident #ty_args #where_clause {
                #reads_context
                #form_keys
                #[allow(unused_mut, unused_variables, unreachable_patterns, clippy::all, clippy::pedantic)]
                fn bind_with<__R: #p::Request<#lt>>(
                    __req: &__R,
                    __limits: &#p::Limits,
                ) -> #p::Result<Self, #p::BindError> {
                    let mut __errors = #p::Errors::new(__limits.max_errors);
                    let mut __seen = #p::Bits::<#words>::new();
                    #(#slots)*
                    #body_check
                    #context
                    #path
                    #query
                    #headers
                    #body_scan
                    #(#finishes)*
                    if !__errors.is_empty() {
                        __errors.sort_by_field();
                        return #p::Err(#p::BindError::Fields(__errors));
                    }
                    let __bound = match (#(#vs,)*) {
                        (#(#p::Some(#fs),)*) => Self { #(#members: #fs,)* },
                        _ => return #p::Err(#p::BindError::Fields(__errors)),
                    };
                    #validate
                    #p::Ok(__bound)
                }
            }
        };
    }
}
