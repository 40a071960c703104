//! JSON members to fields: the dispatch shared by a JSON body and a nested
//! struct's JSON object.

use super::{byte_lit, Ctx};
use crate::attr::Source;
use crate::valid::FieldModel;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

impl Ctx<'_> {
    /// The fields a JSON object's members bind: a body's `body` fields; for
    /// a nested struct, every bound field, as its pieces sent by keys
    /// (`paging[size]=20`) bind every bound field whatever its source.
    fn json_fields(&self, nested: bool) -> impl Iterator<Item = (usize, &FieldModel<'_>)> {
        self.fields.iter().enumerate().filter(move |(_, f)| {
            f.bound
                .as_ref()
                .is_some_and(|b| !b.flatten && (nested || (b.source == Source::Body && !b.whole)))
        })
    }

    /// The longest name of a member `json_fields` takes (at least 1): the
    /// scratch a name sent with escapes is decoded into, as the walk
    /// matches no longer name.
    pub(super) fn json_longest(&self, nested: bool) -> usize {
        self.json_fields(nested)
            .map(|(_, f)| f.bound.as_ref().map_or(0, |b| b.key.len()))
            .max()
            .unwrap_or(0)
            .max(1)
    }

    /// `match` arms dispatching a JSON member, by its field's index, to
    /// its field (see `json_fields`), with `__r` (the reader) in scope and
    /// `cx` building each field's `FieldCx`.
    pub(super) fn json_arms(
        &self,
        nested: bool,
        cx_of: impl Fn(usize, &str) -> TokenStream,
    ) -> TokenStream {
        let Ctx { p, .. } = self;
        let arms = self.json_fields(nested).map(|(i, f)| {
            let b = f.bound.as_ref().expect("bound");
            let ty = &f.ty;
            let slot = format_ident!("__s{}", i);
            let required = b.required;
            let cx = cx_of(i, &b.key);
            quote! {
                #i => {
                    let __first = __seen.insert(#i);
                    #p::offer_json::<#ty>(&mut #slot, __first, __r, #required, #cx)?;
                }
            }
        });
        quote! { #(#arms)* }
    }

    /// The members in declaration order, then the two lookups from a JSON
    /// member's name to its field's index (`__private::members`): by the
    /// word packed from a short name's first bytes, then by the decoded
    /// name.
    pub(super) fn json_lookups(&self, nested: bool) -> (TokenStream, TokenStream, TokenStream) {
        let Ctx { p, .. } = self;
        // The words come from the runtime's own packing, as `const`s: a
        // name it cannot pack has the word 0, which no short name packs to
        // and which is refused before the match.
        let consts = self.json_fields(nested).map(|(i, f)| {
            let key = &f.bound.as_ref().expect("bound").key;
            let w = format_ident!("__W{}", i);
            quote! { const #w: u64 = #p::json_word(#key); }
        });
        let words = self.json_fields(nested).map(|(i, _)| {
            let w = format_ident!("__W{}", i);
            quote! { #w => #i, }
        });
        // By length, then each name of that length compared whole: a
        // compare a word or two, where byte-string patterns are lowered to
        // a compare a byte (a long name, which no word packs, is looked up
        // here on every member of a document that is not compact).
        let mut by_len = std::collections::BTreeMap::<usize, Vec<TokenStream>>::new();
        for (i, f) in self.json_fields(nested) {
            let key = &f.bound.as_ref().expect("bound").key;
            let lit = byte_lit(key);
            by_len
                .entry(key.len())
                .or_default()
                .push(quote! { if __k == #lit { return #i; } });
        }
        let names = by_len.iter().map(|(len, tests)| {
            quote! { #len => { #(#tests)* } }
        });
        // The members in declaration order, which the walk tries first.
        let expects = self.json_fields(nested).map(|(i, f)| {
            let key = &f.bound.as_ref().expect("bound").key;
            quote! { #p::json_expect(#key, #i), }
        });
        (
            quote! {{
                const __ORDER: &[#p::JsonExpect] = &[#(#expects)*];
                __ORDER
            }},
            quote! {
                |__w: u64| -> usize {
                    #(#consts)*
                    if __w == 0 {
                        return #p::NO_FIELD;
                    }
                    match __w { #(#words)* _ => #p::NO_FIELD }
                }
            },
            quote! {
                |__k: &[u8]| -> usize {
                    match __k.len() { #(#names)* _ => {} }
                    #p::NO_FIELD
                }
            },
        )
    }
}
