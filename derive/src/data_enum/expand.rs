//! Writes an enum's `Value` impl. The JSON walks are the runtime's
//! (`__private_0_1::open_external`, `open_internal`, `adjacent`, `members`,
//! `Piece`, ...); generated code holds only what is the enum's own: the
//! `match` from a name to a variant, and per variant how its value is read
//! and built.

use super::{Boxed, Enum, Kind, StructField, Tagging, Ty, Variant};
use crate::expand::byte_lit as bytes;
use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::Ident;

struct Cx {
    p: TokenStream,
    lt: TokenStream,
    deny: bool,
}

/// The value bound for `ty`, as its declared type.
fn unwrap(ty: &Ty, v: &Ident) -> TokenStream {
    match ty.boxed {
        Boxed::No => quote!(#v),
        Boxed::Box => quote!(#v.0),
        Boxed::OptionBox => quote!(#v.map(|__b| __b.0)),
    }
}

pub(super) fn expand(e: &Enum<'_>) -> TokenStream {
    let krate = &e.krate;
    let p = quote!(#krate::__private_0_1);
    let ident = e.ident;
    let (impl_lt, ty_generics, lt) = match e.lifetime {
        Some(l) => (quote!(#l), quote!(<#l>), quote!(#l)),
        None => (quote!('__r), quote!(), quote!('__r)),
    };
    let cx = Cx {
        p: p.clone(),
        lt: lt.clone(),
        deny: e.deny_unknown,
    };

    let accepted: Vec<&str> = e.variants.iter().map(|v| v.spellings[0].as_str()).collect();
    let expected = format!("expected one of: {}", accepted.join(", "));
    let lookup_arms = e.variants.iter().enumerate().map(|(i, v)| {
        let lits = v.spellings.iter().map(|s| bytes(s));
        quote!(#(#lits)|* => #p::Some(#i),)
    });
    // The scratch a name is decoded into: the longest name matched.
    let extra: &[&String] = match &e.tagging {
        Tagging::External => &[],
        Tagging::Internal(t) => &[t],
        Tagging::Adjacent(t, c) => &[t, c],
    };
    let longest = e
        .variants
        .iter()
        .flat_map(|v| &v.spellings)
        .chain(extra.iter().copied())
        .map(String::len)
        .max()
        .unwrap_or(0)
        .max(1);

    let all_unit = e.variants.iter().all(|v| matches!(v.kind, Kind::Unit));
    let from_raw = if all_unit && matches!(e.tagging, Tagging::External) {
        let arms = e.variants.iter().map(|v| {
            let vi = v.ident;
            let names = &v.spellings;
            quote!(#(#names)|* => #p::Ok(Self::#vi),)
        });
        quote! {
            __raw.with_text(|__t| match &*__t {
                #(#arms)*
                _ => #p::Err(__UNKNOWN),
            })
        }
    } else {
        quote!(#p::Err(#p::ValueError::new(#p::ValueErrorKind::ExpectedObject)))
    };

    let body = match &e.tagging {
        Tagging::External => external(&cx, e, longest),
        Tagging::Internal(tag) => internal(&cx, e, tag, longest),
        Tagging::Adjacent(tag, content) => adjacent(&cx, e, tag, content, longest),
    };

    let key_checks = e.variants.iter().flat_map(|v| match &v.kind {
        Kind::Struct(fields) => fields.iter().flat_map(|f| &f.keys).collect(),
        _ => Vec::new(),
    });
    let key_checks = key_checks.map(|key| {
        quote_spanned! {ident.span()=>
            const _: () = ::core::assert!(
                #p::key_fits(#key),
                "binder: this key is longer than a field's key may be (binder_core::__private_0_1::MAX_KEY bytes)"
            );
        }
    });

    quote! {
        const _: () = {
            #(#key_checks)*

            /// A name that is no variant's.
            const __UNKNOWN: #p::ValueError = #p::ValueError::not_one_of(#expected, &[#(#accepted),*]);

            /// An enum binds from JSON (and, of unit variants only,
            /// externally tagged, from text).
            #[automatically_derived]
            impl<#impl_lt> #p::Value<#lt> for #ident #ty_generics {
                #[inline]
                fn from_raw(__raw: #p::Raw<#lt>) -> #p::Result<Self, #p::ValueError> {
                    #from_raw
                }

                #[allow(unused_mut, unused_variables, unreachable_patterns, clippy::all, clippy::pedantic)]
                fn from_json(
                    __r: &mut #p::Reader<#lt>,
                    __cx: &mut #p::FieldCx<'_, #lt>,
                ) -> #p::Result<#p::Option<Self>, #p::Error> {
                    let __lookup = |__k: &[u8]| -> #p::Option<usize> {
                        match __k {
                            #(#lookup_arms)*
                            _ => #p::None,
                        }
                    };
                    #body
                }

                // Sent whole, never in pieces (`shape[r]=1` names nothing).
                type Partial = ();

                #[inline]
                fn partial() {}

                #[inline]
                fn offer_member(
                    _: &mut (),
                    _: #p::Ref<#lt, '_, [u8]>,
                    _: #p::Raw<#lt>,
                    _: &mut #p::FieldCx<'_, #lt>,
                ) -> bool {
                    false
                }

                #[inline]
                fn finish_partial(_: (), _: &mut #p::FieldCx<'_, #lt>) -> #p::Option<Self> {
                    #p::None
                }
            }
        };
    }
}

/// `{"Variant": value}` or `"Unit"`.
fn external(cx: &Cx, e: &Enum<'_>, longest: usize) -> TokenStream {
    let p = &cx.p;
    let named = e.variants.iter().enumerate().filter_map(|(i, v)| {
        let vi = v.ident;
        matches!(v.kind, Kind::Unit).then(|| quote!(#i => #p::Some(Self::#vi),))
    });
    let members = e.variants.iter().enumerate().map(|(i, v)| {
        let name = &v.spellings[0];
        let content = content(cx, v);
        quote! {
            #i => {
                let mut __at = __cx.at(#p::Segment::Key(#name));
                let __at = &mut __at;
                #content
            }
        }
    });
    quote! {
        match #p::open_external::<#longest>(__r, __cx, __lookup, __UNKNOWN)? {
            #p::Tagged::Name(__i) => #p::Ok(match __i {
                #(#named)*
                _ => {
                    #p::needs_value(__cx);
                    #p::None
                }
            }),
            #p::Tagged::Member(__i) => {
                let __v: #p::Option<Self> = match __i {
                    #(#members)*
                    _ => {
                        __r.skip_value()?;
                        #p::None
                    }
                };
                if !#p::close_external(__r, __cx)? {
                    return #p::Ok(#p::None);
                }
                #p::Ok(__v)
            }
            #p::Tagged::None => #p::Ok(#p::None),
        }
    }
}

/// `{"tag": "Variant", ..members}`.
fn internal(cx: &Cx, e: &Enum<'_>, tag: &str, longest: usize) -> TokenStream {
    let Cx { p, deny, .. } = cx;
    let arms = e.variants.iter().enumerate().map(|(i, v)| {
        let vi = v.ident;
        let build = match &v.kind {
            Kind::Unit => quote! {{
                let __read = __tag.members(__r)?;
                if #p::rest_of_tagged::<#longest>(__r, __cx, #tag, __read, #deny)? {
                    #p::Some(Self::#vi)
                } else {
                    #p::None
                }
            }},
            Kind::Newtype(ty) => {
                let newtype = newtype(cx, v, ty);
                quote! {{
                    if !__tag.whole(__r, __cx, #tag)? {
                        return #p::Ok(#p::None);
                    }
                    let __at = &mut *__cx;
                    #newtype
                }}
            }
            Kind::Struct(fields) => {
                let walk = struct_walk(cx, v, fields, &quote!(__cx), Some(tag));
                quote! {{
                    let mut __tag_read = __tag.members(__r)?;
                    #walk
                }}
            }
            // Refused by the model: a tuple's values have no names.
            Kind::Tuple(_) => quote! {{
                __tag.restart(__r);
                __r.skip_value()?;
                #p::None
            }},
        };
        quote!(#i => #build,)
    });
    quote! {
        let #p::Some(__tag) = #p::open_internal::<#longest>(__r, __cx, #tag, __lookup, __UNKNOWN)? else {
            return #p::Ok(#p::None);
        };
        #p::Ok(match __tag.variant() {
            #(#arms)*
            _ => {
                __tag.restart(__r);
                __r.skip_value()?;
                #p::None
            }
        })
    }
}

/// `{"tag": "Variant", "content": value}`.
fn adjacent(cx: &Cx, e: &Enum<'_>, tag: &str, content_key: &str, longest: usize) -> TokenStream {
    let Cx { p, lt, deny, .. } = cx;
    let reads = e.variants.iter().enumerate().map(|(i, v)| {
        let content = content(cx, v);
        quote!(#i => #content,)
    });
    let units = e.variants.iter().enumerate().filter_map(|(i, v)| {
        let vi = v.ident;
        matches!(v.kind, Kind::Unit).then(|| quote!(#i => #p::Some(Self::#vi),))
    });
    quote! {
        #p::adjacent::<#longest, Self>(
            __r,
            __cx,
            (#tag, #content_key),
            __lookup,
            __UNKNOWN,
            #deny,
            |__i: usize, __r: &mut #p::Reader<#lt>, __at: &mut #p::FieldCx<'_, #lt>| -> #p::Result<#p::Option<Self>, #p::Error> {
                #p::Ok(match __i {
                    #(#reads)*
                    _ => {
                        __r.skip_value()?;
                        #p::None
                    }
                })
            },
            |__i: usize| -> #p::Option<Self> {
                match __i {
                    #(#units)*
                    _ => #p::None,
                }
            },
        )
    }
}

/// A variant's value at `__r`, its failures at `__at` (a `&mut FieldCx`):
/// an expression of type `Option<Self>`, `?` on syntax errors.
fn content(cx: &Cx, v: &Variant<'_>) -> TokenStream {
    let Cx { p, lt, .. } = cx;
    let vi = v.ident;
    match &v.kind {
        Kind::Unit => quote! {
            if #p::unit_json(__r, __at)? { #p::Some(Self::#vi) } else { #p::None }
        },
        Kind::Newtype(ty) => newtype(cx, v, ty),
        Kind::Tuple(tys) => {
            let n = tys.len();
            let expected = match n {
                0 => "expected an empty array".to_owned(),
                1 => "expected an array of 1 value".to_owned(),
                n => format!("expected an array of {n} values"),
            };
            let pieces: Vec<Ident> = (0..n).map(|i| format_ident!("__p{}", i)).collect();
            let fs: Vec<Ident> = (0..n).map(|i| format_ident!("__f{}", i)).collect();
            let decls = tys.iter().zip(&pieces).map(|(t, piece)| {
                let ty = &t.ty;
                quote!(let mut #piece = #p::Piece::<#lt, #ty>::new();)
            });
            let offers = pieces
                .iter()
                .enumerate()
                .map(|(i, piece)| quote!(#piece.element(__r, __at, #i)?));
            let finishes = pieces
                .iter()
                .enumerate()
                .map(|(i, piece)| quote!(#piece.finish_at(__at, #i)));
            let values = tys.iter().zip(&fs).map(|(t, f)| unwrap(t, f));
            quote! {{
                #(#decls)*
                if #p::seq_open(__r, __at, #expected)? {
                    let __full = true #(&& #offers)*;
                    if #p::seq_close(__r, __at, __full, #expected)? {
                        match (#(#finishes,)*) {
                            (#(#p::Some(#fs),)*) => #p::Some(Self::#vi(#(#values),*)),
                            _ => #p::None,
                        }
                    } else {
                        #p::None
                    }
                } else {
                    #p::None
                }
            }}
        }
        Kind::Struct(fields) => {
            let walk = struct_walk(cx, v, fields, &quote!(__at), None);
            quote! {
                if #p::object_open(__r, __at)? {
                    #walk
                } else {
                    #p::None
                }
            }
        }
    }
}

/// A newtype variant's value at `__r`, failures at `__at`.
fn newtype(cx: &Cx, v: &Variant<'_>, ty: &Ty) -> TokenStream {
    let p = &cx.p;
    let vi = v.ident;
    let t = &ty.ty;
    let f = format_ident!("__f");
    let value = unwrap(ty, &f);
    quote!(#p::newtype_json::<#t>(__r, __at)?.map(|#f| Self::#vi(#value)))
}

/// A struct variant's members, walked from where `__r` stands inside its
/// object (to its `}`), and settled: a block of type `Option<Self>`. `at`
/// is the `&mut FieldCx` of the object; `tag`, for an internally tagged
/// enum, the member skipped once (`__tag_read` in scope says whether it
/// was read already).
fn struct_walk(
    cx: &Cx,
    v: &Variant<'_>,
    fields: &[StructField<'_>],
    at: &TokenStream,
    tag: Option<&str>,
) -> TokenStream {
    let Cx { p, lt, deny, .. } = cx;
    let vi = v.ident;
    let n = fields.len();
    let bound: Vec<(usize, &StructField<'_>)> = fields
        .iter()
        .enumerate()
        .filter(|(_, f)| !f.keys.is_empty())
        .collect();
    let slots = bound.iter().map(|(i, f)| {
        let s = format_ident!("__s{}", i);
        let ty = &f.ty.ty;
        quote!(let mut #s = <#ty as #p::Field<#lt>>::slot();)
    });
    let arms = bound.iter().map(|(i, f)| {
        let s = format_ident!("__s{}", i);
        let ty = &f.ty.ty;
        let key = &f.keys[0];
        quote! {
            #i => {
                let __first = __seen.insert(#i);
                #p::offer_json::<#ty>(&mut #s, __first, __r, false, &mut #at.at(#p::Segment::Key(#key)))?;
            }
        }
    });
    let tag_arm = tag.map(|t| quote!(#n => #p::tag_again(&mut __tag_read, __r, #at, #t)?,));
    // Every name that selects a field (its aliases too), and the tag.
    let mut names: Vec<(usize, &str)> = bound
        .iter()
        .flat_map(|(i, f)| f.keys.iter().map(move |k| (*i, k.as_str())))
        .collect();
    if let Some(t) = tag {
        names.push((n, t));
    }
    let longest = names.iter().map(|(_, k)| k.len()).max().unwrap_or(0).max(1);
    let word_consts = names.iter().enumerate().map(|(j, (_, k))| {
        let w = format_ident!("__W{}", j);
        quote!(const #w: u64 = #p::json_word(#k);)
    });
    let word_arms = names.iter().enumerate().map(|(j, (i, _))| {
        let w = format_ident!("__W{}", j);
        quote!(#w => #i,)
    });
    let name_arms = names.iter().map(|(i, k)| {
        let lit = bytes(k);
        quote!(#lit => #i,)
    });
    let known = quote! {
        |__w: u64| -> usize {
            #(#word_consts)*
            if __w == 0 {
                return #p::NO_FIELD;
            }
            match __w { #(#word_arms)* _ => #p::NO_FIELD }
        }
    };
    let named = quote!(|__k: &[u8]| -> usize { match __k { #(#name_arms)* _ => #p::NO_FIELD } });
    // The members expected first: each field under its first name, in
    // declaration order (an internally tagged enum's tag, which a
    // serializer writes first, is read before this walk starts).
    let expects = bound
        .iter()
        .map(|(i, f)| (*i, f.keys[0].as_str()))
        .map(|(i, k)| quote!(#p::json_expect(#k, #i),));
    let order = quote! {{
        const __ORDER: &[#p::JsonExpect] = &[#(#expects)*];
        __ORDER
    }};
    let (walk, params, unknown) = if *deny {
        (
            quote!(members_or_unknown),
            quote!(__field, __name, __r),
            quote!({
                #at.at(#p::Segment::Member(__name)).fail(#p::FieldErrorKind::Unknown);
                __r.skip_value()?;
            }),
        )
    } else {
        (
            quote!(members),
            quote!(__field, __r),
            quote!(__r.skip_value()?,),
        )
    };
    let settles = fields.iter().enumerate().map(|(i, f)| {
        let v = format_ident!("__v{}", i);
        let declared = f.declared;
        let Some(key) = f.keys.first() else {
            return quote!(let #v: #p::Option<#declared> = #p::Some(<#declared as #p::Default>::default()););
        };
        let s = format_ident!("__s{}", i);
        let ty = &f.ty.ty;
        let unwrap = match f.ty.boxed {
            Boxed::No => quote!(),
            Boxed::Box => quote!(.map(|__b| __b.0)),
            Boxed::OptionBox => quote!(.map(|__o| __o.map(|__b| __b.0))),
        };
        let default = match &f.default {
            None => quote!(#p::None),
            Some(None) => quote!(#p::Some(<#declared as #p::Default>::default)),
            Some(Some(expr)) => quote!(#p::Some(|| -> #declared { #expr })),
        };
        quote! {
            let #v: #p::Option<#declared> = #p::settle_in(
                <#ty as #p::Field<#lt>>::finish(#s, &mut #at.at(#p::Segment::Key(#key)))#unwrap,
                __seen.contains(#i),
                #default,
                #at,
                #key,
            );
        }
    });
    let vs: Vec<Ident> = (0..n).map(|i| format_ident!("__v{}", i)).collect();
    let fs: Vec<Ident> = (0..n).map(|i| format_ident!("__f{}", i)).collect();
    let members = fields.iter().map(|f| f.member);
    quote! {{
        let mut __seen = #p::Bits::<{ #p::words_for(#n) }>::new();
        #(#slots)*
        #p::#walk::<#longest>(__r, #order, #known, #named, |#params| {
            match __field {
                #(#arms)*
                #tag_arm
                _ => #unknown
            }
            #p::Ok(())
        })?;
        #(#settles)*
        match (#(#vs,)*) {
            (#(#p::Some(#fs),)*) => #p::Some(Self::#vi { #(#members: #fs,)* }),
            _ => #p::None,
        }
    }}
}
