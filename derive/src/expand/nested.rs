//! The struct as a field of another: a `Value` impl binding it from a JSON
//! object or from keys like `address[city]`, with its partial state a
//! struct of its own.

use super::finish::{finish_stmts, settled};
use super::generics::Generics;
use super::{byte_lit, Ctx};
use crate::valid::{FieldModel, Model};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::Ident;

/// The `__Partial` struct and the `Value` impl, given the slots'
/// declarations the bind uses too.
pub(super) fn value_impl(
    m: &Model<'_>,
    cx: &Ctx<'_>,
    slots: &[TokenStream],
    words: &TokenStream,
    g: &Generics,
) -> TokenStream {
    let Generics {
        impl_params,
        ty_args,
        partial_args,
        phantom,
        where_clause,
        ..
    } = g;
    let Ctx { p, lt, .. } = cx;
    let ident = m.ident;
    let (vs, fs) = settled(m.fields.len());
    let nested_slots = slots;
    let nested_arms = cx.json_arms(true, |_, key| quote!(&mut __cx.at(#p::Segment::Key(#key))));
    let (nested_order, nested_known, nested_named) = cx.json_lookups(true);
    let nested_finishes = finish_stmts(m, p, lt, true);
    let nested_members = m.fields.iter().map(|f| f.member);
    let longest = cx.json_longest(true);
    // A member no field has: skipped, or refused under its name.
    // A struct with flattened fields does not refuse a member it has no
    // field for: a flattened struct, reading the object again, may take it.
    let flats: Vec<(usize, usize, &FieldModel<'_>)> = m
        .fields
        .iter()
        .enumerate()
        .filter(|(_, f)| f.bound.is_some())
        .enumerate()
        .filter(|(_, (_, f))| f.bound.as_ref().is_some_and(|b| b.flatten))
        .map(|(n, (i, f))| (n, i, f))
        .collect();
    let (walk, params, unknown) = if cx.deny_unknown && flats.is_empty() {
        (
            quote!(members_or_unknown),
            quote!(__field, __name, __r),
            quote!({
                __cx.at(#p::Segment::Member(__name)).fail(#p::FieldErrorKind::Unknown);
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
    let nested_walk = quote! {
        #p::#walk::<#longest>(__r, #nested_order, #nested_known, #nested_named, |#params| {
            match __field {
                #nested_arms
                _ => #unknown
            }
            #p::Ok(())
        })?;
    };
    let nested_members_again = m.fields.iter().map(|f| f.member);
    let nested_finishes_again = finish_stmts(m, p, lt, true);
    let bound: Vec<(usize, &FieldModel<'_>)> = m
        .fields
        .iter()
        .enumerate()
        .filter(|(_, f)| f.bound.is_some())
        .collect();
    let bound_tys: Vec<TokenStream> = bound
        .iter()
        .map(|(_, f)| {
            let ty = &f.ty;
            if f.bound.as_ref().is_some_and(|b| b.flatten) {
                quote!(#p::Flat<#lt, #ty>)
            } else {
                quote!(<#ty as #p::Field<#lt>>::Slot)
            }
        })
        .collect();
    let bound_inits = bound.iter().map(|(_, f)| {
        let ty = &f.ty;
        if f.bound.as_ref().is_some_and(|b| b.flatten) {
            quote!(#p::flat_slot::<#ty>())
        } else {
            quote!(<#ty as #p::Field<#lt>>::slot())
        }
    });
    let bound_slots: Vec<Ident> = bound
        .iter()
        .map(|(i, _)| format_ident!("__s{}", i))
        .collect();
    let member_arms = bound.iter().enumerate().filter_map(|(n, (i, f))| {
        let b = f.bound.as_ref().expect("bound");
        if b.flatten {
            return None;
        }
        let ty = &f.ty;
        let key = &b.key;
        let lit = byte_lit(key);
        let idx = syn::Index::from(n);
        Some(quote! {
            #lit => {
                let mut __at = __cx.at(#p::Segment::Key(#key));
                if __rest.is_empty() {
                    if __seen.insert(#i) || <#ty as #p::Field<#lt>>::REPEATS {
                        #p::offer_in::<#ty>(&mut __slots.#idx, __raw, &mut __at);
                    }
                    true
                } else if <#ty as #p::Field<#lt>>::offer_path(&mut __slots.#idx, __rest, __raw, &mut __at) {
                    __seen.insert(#i);
                    true
                } else {
                    false
                }
            }
        })
    });
    // A member no field has: offered to each flattened field, under this
    // struct's path.
    let other_member = if flats.is_empty() {
        quote!(false)
    } else {
        let offers = flats.iter().map(|(n, _, f)| {
            let ty = &f.ty;
            let idx = syn::Index::from(*n);
            quote!(#p::offer_flat_in::<#ty>(&mut __slots.#idx, __path, __raw, __cx))
        });
        quote!(#(#offers)||*)
    };
    // From JSON, each flattened struct reads the object again.
    let (json_again, json_flats) = if flats.is_empty() {
        (None, Vec::new())
    } else {
        let reads = flats
            .iter()
            .map(|(_, i, f)| {
                let ty = &f.ty;
                let slot = format_ident!("__s{}", i);
                quote! { #p::flat_json::<#ty>(&mut #slot, &mut __again.clone(), __cx)?; }
            })
            .collect();
        (Some(quote! { let __again = __r.clone(); }), reads)
    };
    quote! {
        /// The pieces of a value of this struct sent by keys
        /// (`address[city]=..`): a struct of its own, so that a struct that
        /// holds itself (`Vec<Self>`, `Option<Box<Self>>`) names a type,
        /// not an endless tuple of its fields' slots.
        #[doc(hidden)]
        #[allow(non_camel_case_types)]
        pub struct __Partial<#impl_params> #where_clause {
            __seen: #p::Bits<#words>,
            __slots: (#(#bound_tys,)*),
            __lt: #p::PhantomData<#phantom>,
        }

        /// A nested struct binds from a JSON object, each bound field by
        /// its key (as from keys like `address[city]`); text where an
        /// object is due is refused.
        #[automatically_derived]
        impl<#impl_params> #p::Value<#lt> for #ident #ty_args #where_clause {
            const MEMBERS: bool = true;

            #[inline]
            fn from_raw(_: #p::Raw<#lt>) -> #p::Result<Self, #p::ValueError> {
                #p::Err(#p::ValueError::new(#p::ValueErrorKind::ExpectedObject))
            }

            type Partial = __Partial #partial_args;

            #[inline]
            fn partial() -> Self::Partial {
                __Partial {
                    __seen: #p::Bits::new(),
                    __slots: (#(#bound_inits,)*),
                    __lt: #p::PhantomData,
                }
            }

            #[allow(unused_mut, unused_variables, clippy::all, clippy::pedantic)]
            fn offer_member(
                __partial: &mut Self::Partial,
                __path: #p::Ref<#lt, '_, [u8]>,
                __raw: #p::Raw<#lt>,
                __cx: &mut #p::FieldCx<'_, #lt>,
            ) -> bool {
                let #p::Some((__seg, __rest)) = #p::split_path(__path) else {
                    return false;
                };
                let __Partial { __seen, __slots, .. } = __partial;
                match &*__seg {
                    #(#member_arms)*
                    _ => #other_member,
                }
            }

            #[allow(unused_mut, unused_variables, clippy::all, clippy::pedantic)]
            fn finish_partial(
                __partial: Self::Partial,
                __cx: &mut #p::FieldCx<'_, #lt>,
            ) -> #p::Option<Self> {
                let __Partial { __seen, __slots: (#(mut #bound_slots,)*), .. } = __partial;
                #(#nested_finishes_again)*
                match (#(#vs,)*) {
                    (#(#p::Some(#fs),)*) => #p::Some(Self { #(#nested_members_again: #fs,)* }),
                    _ => #p::None,
                }
            }

            #[allow(unused_mut, unused_variables, clippy::all, clippy::pedantic)]
            fn from_json(
                __r: &mut #p::Reader<#lt>,
                __cx: &mut #p::FieldCx<'_, #lt>,
            ) -> #p::Result<#p::Option<Self>, #p::Error> {
                #json_again
                if !#p::begin_nested(__r, __cx)? {
                    return #p::Ok(#p::None);
                }
                let mut __seen = #p::Bits::<#words>::new();
                #(#nested_slots)*
                #nested_walk
                #(#json_flats)*
                #(#nested_finishes)*
                #p::Ok(match (#(#vs,)*) {
                    (#(#p::Some(#fs),)*) => #p::Some(Self { #(#nested_members: #fs,)* }),
                    _ => #p::None,
                })
            }
        }
    }
}
