//! Writes the `Bind` impl from the checked model.
//!
//! The generated `bind_with` keeps one slot per field and one stack bit set
//! of which fields took a value, walks each source that has fields exactly
//! once (body, path parameters, query, headers with cookies), dispatching
//! each key with a `match` on its bytes, stops a query, form or cookie scan
//! once every field it feeds is bound (unless one collects repeats), and
//! only then builds `Self` or the error list. It names nothing but
//! `<crate>::__private_0_1`.

use crate::attr::Source;
use crate::valid::{self, FieldModel, Model, Wrap};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::{DeriveInput, Ident, LitByteStr};

pub fn derive(input: &DeriveInput, default_crate: &str) -> syn::Result<TokenStream> {
    let model = valid::model(input, default_crate)?;
    Ok(expand(&model))
}

fn source_variant(source: Source) -> Ident {
    Ident::new(
        match source {
            Source::Path => "Path",
            Source::Query => "Query",
            Source::Header => "Header",
            Source::Cookie => "Cookie",
            Source::Body => "Body",
        },
        Span::call_site(),
    )
}

struct Ctx<'m> {
    p: TokenStream,
    lt: TokenStream,
    fields: &'m [FieldModel<'m>],
}

impl Ctx<'_> {
    fn of(&self, source: Source) -> impl Iterator<Item = (usize, &FieldModel<'_>)> {
        self.fields
            .iter()
            .enumerate()
            .filter(move |(_, f)| f.bound.as_ref().is_some_and(|b| b.source == source))
    }

    fn has(&self, source: Source) -> bool {
        self.of(source).next().is_some()
    }

    /// `match` arms dispatching a key to its field, with `__raw` in scope
    /// (or bound first to `raw`), without the catch-all.
    fn arms(&self, source: Source, raw: Option<TokenStream>) -> TokenStream {
        let arms = self.of(source).map(|(i, f)| {
            let key = &f.bound.as_ref().expect("bound").key;
            let lit = LitByteStr::new(key.as_bytes(), Span::call_site());
            let bind_raw = raw.as_ref().map(|r| quote!(let __raw = #r;));
            let offer = self.offer(source, i, f);
            quote! { #lit => { #bind_raw #offer } }
        });
        quote! { #(#arms)* }
    }

    /// Offers `__raw` to field `i` (once, unless its type takes repeats).
    fn offer(&self, source: Source, i: usize, f: &FieldModel<'_>) -> TokenStream {
        let Ctx { p, lt, .. } = self;
        let b = f.bound.as_ref().expect("bound");
        let ty = &f.ty;
        let slot = format_ident!("__s{}", i);
        let key = &b.key;
        let required = b.required;
        let src = source_variant(source);
        quote! {
            if __seen.insert(#i) || <#ty as #p::Field<#lt>>::REPEATS {
                #p::offer::<#ty>(&mut #slot, __raw, #required, &mut __errors, #i, #p::Source::#src, #key);
            }
        }
    }

    /// One pass over urlencoded `input` (a query string or a form body):
    /// a piece whose start is a field's `key=` as sent is recognised by
    /// its first byte and one fixed-size compare, then only its value is
    /// scanned; any other piece a field's key may start is split and its
    /// key decoded; the rest are skipped with a search for their `&`.
    fn pairs_loop(&self, source: Source, input: TokenStream, words: &TokenStream) -> TokenStream {
        let p = &self.p;
        let src = source_variant(source);
        let arms = self.arms(source, None);
        let entry_arms = self.entry_arms(source);
        let stop = self.stop_set(source, words);
        let fast = self.of(source).filter_map(|(i, f)| {
            let key = &f.bound.as_ref().expect("bound").key;
            // `%` and `+` decode, `&` and `=` end a key: such keys are only
            // ever recognised decoded.
            if key.bytes().any(|b| matches!(b, b'%' | b'+' | b'&' | b'=')) {
                return None;
            }
            let first = key.as_bytes()[0];
            let key_eq = LitByteStr::new(format!("{key}=").as_bytes(), Span::call_site());
            let n = key.len() + 1;
            let offer = self.offer(source, i, f);
            Some(quote! {
                #first if __c.starts_with(#key_eq) => {
                    let __raw = __c.value(#n);
                    #offer
                }
            })
        });
        // `%` and `+` may decode to any key's first byte.
        let firsts = self.first_bytes(source, b"%+");
        quote! {
            let (__stop, __all) = #stop;
            let mut __c = #input;
            let __malformed = |__e| #p::BindError::Malformed { source: #p::Source::#src, error: __e };
            while let #p::Some(__b) = __c.next().map_err(__malformed)? {
                match __b {
                    #(#fast)*
                    #(#firsts)|* => {
                        let __pair = __c.pair_raw().map_err(__malformed)?;
                        #p::with_key(__pair, |__key, __raw| {
                            match &*__key { #arms _ => { #entry_arms } }
                        });
                    }
                    _ => {
                        __c.skip().map_err(__malformed)?;
                        continue;
                    }
                }
                if __stop && __seen.is_superset(&__all) {
                    break;
                }
            }
        }
    }

    /// The first bytes of `source`'s keys, and `more`, sorted and once each:
    /// the pieces a scan takes whole rather than skips.
    fn first_bytes(&self, source: Source, more: &[u8]) -> Vec<u8> {
        let mut firsts: Vec<u8> = self
            .of(source)
            .filter_map(|(_, f)| f.bound.as_ref()?.key.bytes().next())
            .chain(more.iter().copied())
            .collect();
        firsts.sort_unstable();
        firsts.dedup();
        firsts
    }

    /// One pass over a `Cookie` header value (`__value`), its fields'
    /// `name=` recognised by first byte and one fixed-size compare; any
    /// other piece a field's name may start is taken whole; the rest are
    /// skipped (still counted against the limit, `__cookies_left`).
    fn cookie_loop(&self, words: &TokenStream) -> TokenStream {
        let p = &self.p;
        let arms = self.of(Source::Cookie).map(|(i, f)| {
            let b = f.bound.as_ref().expect("bound");
            let lit = LitByteStr::new(b.key.as_bytes(), Span::call_site());
            let value = if b.keep_quotes {
                quote!(value_as_sent)
            } else {
                quote!(value)
            };
            let offer = self.offer(Source::Cookie, i, f);
            quote! { #lit => { let __raw = #p::Raw::plain(__cookie.#value()); #offer } }
        });
        let arms = quote! { #(#arms)* };
        let stop = self.stop_set(Source::Cookie, words);
        let fast = self.of(Source::Cookie).filter_map(|(i, f)| {
            let key = &f.bound.as_ref().expect("bound").key;
            // A name with `;`, `=` or whitespace never arrives as it is.
            if key
                .bytes()
                .any(|b| matches!(b, b';' | b'=') || b.is_ascii_whitespace())
            {
                return None;
            }
            let first = key.as_bytes()[0];
            let name_eq = LitByteStr::new(format!("{key}=").as_bytes(), Span::call_site());
            let n = key.len() + 1;
            let offer = self.offer(Source::Cookie, i, f);
            let value = if f.bound.as_ref().expect("bound").keep_quotes {
                quote!(value_as_sent)
            } else {
                quote!(value)
            };
            Some(quote! {
                #first if __c.starts_with(#name_eq) => {
                    let __raw = #p::Raw::plain(__c.#value(#n)?);
                    #offer
                }
            })
        });
        let firsts = self.first_bytes(Source::Cookie, &[]);
        quote! {
            let (__stop, __all) = #stop;
            let mut __c = #p::CookieCursor::new(__value, __cookies_left);
            while let #p::Some(__b) = __c.next() {
                match __b {
                    #(#fast)*
                    #(#firsts)|* => {
                        if let #p::Some(__cookie) = __c.cookie()? {
                            match __cookie.name() { #arms _ => {} }
                        }
                    }
                    _ => {
                        __c.skip()?;
                        continue;
                    }
                }
                if __stop && __seen.is_superset(&__all) {
                    __cookies_done = true;
                    break;
                }
            }
            __cookies_left = __c.remaining();
            #p::Ok(())
        }
    }

    /// `match` arms dispatching a multipart part name to its body field,
    /// with `__part` in scope, without the catch-all.
    fn part_arms(&self) -> TokenStream {
        let Ctx { p, lt, .. } = self;
        let arms = self.of(Source::Body).map(|(i, f)| {
            let b = f.bound.as_ref().expect("bound");
            let ty = &f.ty;
            let slot = format_ident!("__s{}", i);
            let key = &b.key;
            let lit = LitByteStr::new(key.as_bytes(), Span::call_site());
            let required = b.required;
            quote! {
                #lit => {
                    if __seen.insert(#i) || <#ty as #p::Field<#lt>>::REPEATS {
                        #p::offer_part::<#ty>(&mut #slot, __part, #required, &mut __errors, #i, #key);
                    }
                }
            }
        });
        quote! { #(#arms)* }
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
            let lit = LitByteStr::new(key.as_bytes(), Span::call_site());
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
        quote! {
            if let #p::Some(__at) = #p::path_start(&__key) {
                match &__key[..__at] { #(#arms)* _ => {} }
            }
        }
    }

    /// `match` arms dispatching a JSON member, by its field's index, to
    /// its body field, with `__r` (the reader) in scope and `cx` building
    /// each field's `JsonCx`.
    fn json_arms(&self, cx_of: impl Fn(usize, &str) -> TokenStream) -> TokenStream {
        let Ctx { p, .. } = self;
        let arms = self.of(Source::Body).map(|(i, f)| {
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

    /// The two lookups from a JSON member's name to its body field's
    /// index (`__private::members`): by the word packed from a short
    /// name's first bytes, then by the decoded name.
    fn json_lookups(&self) -> (TokenStream, TokenStream) {
        let Ctx { p, .. } = self;
        // The words come from the runtime's own packing, as `const`s: a
        // name it cannot pack has the word 0, which no short name packs to
        // and which is refused before the match.
        let consts = self.of(Source::Body).map(|(i, f)| {
            let key = &f.bound.as_ref().expect("bound").key;
            let w = format_ident!("__W{}", i);
            quote! { const #w: u64 = #p::json_word(#key); }
        });
        let words = self.of(Source::Body).map(|(i, _)| {
            let w = format_ident!("__W{}", i);
            quote! { #w => #i, }
        });
        let names = self.of(Source::Body).map(|(i, f)| {
            let key = &f.bound.as_ref().expect("bound").key;
            let lit = LitByteStr::new(key.as_bytes(), Span::call_site());
            quote! { #lit => #i, }
        });
        (
            quote! {
                |__w: u64| -> usize {
                    #(#consts)*
                    if __w == 0 {
                        return #p::NO_FIELD;
                    }
                    match __w { #(#words)* _ => #p::NO_FIELD }
                }
            },
            quote! { |__k: &[u8]| -> usize { match __k { #(#names)* _ => #p::NO_FIELD } } },
        )
    }

    /// `(stop, all)`: whether a scan of `source` may stop early, and the
    /// bits of the fields it feeds.
    fn stop_set(&self, source: Source, words: &TokenStream) -> TokenStream {
        let Ctx { p, lt, .. } = self;
        let tys = self.of(source).map(|(_, f)| &f.ty);
        let idx = self.of(source).map(|(i, _)| i);
        quote! {
            (
                !(false #(|| <#tys as #p::Field<#lt>>::REPEATS)*),
                {
                    let mut __all = #p::Bits::<#words>::new();
                    #( __all.insert(#idx); )*
                    __all
                },
            )
        }
    }
}

/// The statements that settle every field's value (`__v{i}`), given how
/// to reach the error list, each field's ordinal and each field's path.
fn finish_stmts(
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
            };
            let default = match &b.default {
                None => quote!(#p::None),
                Some(None) => quote!(#p::Some(<#declared as #p::Default>::default)),
                Some(Some(expr)) => quote!(#p::Some(|| -> #declared { #expr })),
            };
            let key = &b.key;
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
                        &mut #p::JsonCx::with_source(&mut __errors, #i, #key, #p::Source::#src),
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

fn expand(m: &Model<'_>) -> TokenStream {
    let krate = &m.krate;
    // The runtime's private module, named with its version: generated code
    // from one version of the derive fails to compile against another's
    // runtime instead of misbehaving.
    let p = quote!(#krate::__private_0_1);
    let ident = m.ident;
    let (impl_lt, ty_generics, lt) = match m.lifetime {
        Some(l) => (quote!(#l), quote!(<#l>), quote!(#l)),
        None => (quote!('__r), quote!(), quote!('__r)),
    };
    let n = m.fields.len();
    let words = quote!({ #p::words_for(#n) });
    let cx = Ctx {
        p: p.clone(),
        lt: lt.clone(),
        fields: &m.fields,
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
            quote! { let mut #slot = <#ty as #p::Field<#lt>>::slot(); }
        })
        .collect();

    let path = cx.has(Source::Path).then(|| {
        let arms = cx.arms(Source::Path, None);
        quote! {
            __req.path_params(|__name, __value| {
                let __raw = if <__R as #p::Request<#lt>>::PATH_DECODED {
                    #p::Raw::decoded_text(__value)
                } else {
                    #p::Raw::path_text(__value)
                };
                match __name.as_bytes() { #arms _ => {} }
            });
        }
    });

    let query = cx.has(Source::Query).then(|| {
        let scan = cx.pairs_loop(
            Source::Query,
            quote!(#p::Cursor::text(__q, __limits)),
            &words,
        );
        quote! {
            if let #p::Some(__q) = __req.query() {
                #scan
            }
        }
    });

    let headers = (cx.has(Source::Header) || cx.has(Source::Cookie)).then(|| {
        let header_arms = cx.arms(Source::Header, Some(quote!(#p::Raw::plain(__value))));
        let cookie_arm = cx.has(Source::Cookie).then(|| {
            let scan = cx.cookie_loop(&words);
            quote! {
                b"cookie" if !__cookies_done => {
                    let mut __scan = || -> #p::Result<(), #p::Error> { #scan };
                    if let #p::Err(__e) = __scan() {
                        __failed = #p::Some(#p::BindError::Malformed { source: #p::Source::Cookie, error: __e });
                        return false;
                    }
                }
            }
        });
        let header_match = quote! { match __name { #header_arms #cookie_arm _ => {} } };
        quote! {
            let mut __cookies_left = __limits.max_cookies;
            let mut __cookies_done = false;
            let mut __failed: #p::Option<#p::BindError> = #p::None;
            __req.headers(|__name, __value| {
                #header_match
                true
            });
            if let #p::Some(__e) = __failed {
                return #p::Err(__e);
            }
        }
    });

    // The body's format is checked first, so that a body of a format the
    // type or the service does not accept (or a charset other than UTF-8)
    // answers 415 before any field is read; it is scanned last (measured:
    // scanning it first costs the mixed bind about 2% more, in register
    // pressure). Only the scans of the formats the type accepts are
    // generated; the others fall to the catch-all.
    let body = cx.has(Source::Body).then(|| {
        let accept = m.accept;
        let accepted = [
            (accept.json, quote!(JSON)),
            (accept.form, quote!(FORM)),
            (accept.multipart, quote!(MULTIPART)),
        ];
        let accepted = accepted
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, name)| quote!(.union(#p::Formats::#name)));
        let form = accept.form.then(|| {
            let scan = cx.pairs_loop(Source::Body, quote!(#p::Cursor::new(__bytes, __limits)), &words);
            quote! {
                #p::Body::Form(__bytes) if __limits.formats.contains(#p::Formats::FORM) => {
                    #scan
                }
            }
        });
        let json = accept.json.then(|| {
            let json_arms = cx.json_arms(|i, key| quote!(&mut #p::JsonCx::new(&mut __errors, #i, #key)));
            let (json_known, json_named) = cx.json_lookups();
            quote! {
                #p::Body::Json(__bytes) if __limits.formats.contains(#p::Formats::JSON) => {
                    #p::scan_json(__bytes, __limits, #json_known, #json_named, |__field, __r| {
                        match __field {
                            #json_arms
                            _ => __r.skip_value()?,
                        }
                        #p::Ok(())
                    })?;
                }
            }
        });
        let multipart = accept.multipart.then(|| {
            let body_entry_arms = cx.entry_arms(Source::Body);
            let part_arms = cx.part_arms();
            quote! {
                #p::Body::Multipart { body: __bytes, boundary: __boundary }
                    if __limits.formats.contains(#p::Formats::MULTIPART) =>
                {
                    #p::scan_parts(__bytes, &__boundary, __limits, |__name, __part| {
                        match __name {
                            #part_arms
                            // A text part named by a path (`items[0][sku]`).
                            _ if !__part.is_file() => {
                                let __key = #p::Ref::Copied(__name);
                                let __raw = #p::Raw::plain(__part.data());
                                #body_entry_arms
                            }
                            _ => {}
                        }
                    })?;
                }
                // A multipart type without a valid boundary.
                #p::Body::Invalid(__e) if __limits.formats.contains(#p::Formats::MULTIPART) => {
                    return #p::Err(#p::BindError::Malformed { source: #p::Source::Body, error: __e });
                }
            }
        });
        let charset = (accept.json || accept.form).then(|| {
            quote! {
                #p::Body::UnsupportedCharset { format: __format, .. }
                    if #p::Formats::NONE #(#accepted)*
                        .intersection(__limits.formats)
                        .contains(__format) =>
                {
                    return #p::Err(#p::BindError::UnsupportedCharset);
                }
            }
        });
        let check = |arms: Option<TokenStream>| arms.map(|_| quote!(=> {}));
        let (form_ok, json_ok, multipart_ok) = (
            check(form.clone()).map(|ok| {
                quote! { #p::Body::Form(_) if __limits.formats.contains(#p::Formats::FORM) #ok }
            }),
            check(json.clone()).map(|ok| {
                quote! { #p::Body::Json(_) if __limits.formats.contains(#p::Formats::JSON) #ok }
            }),
            check(multipart.clone()).map(|ok| {
                quote! {
                    #p::Body::Multipart { .. } if __limits.formats.contains(#p::Formats::MULTIPART) #ok
                    #p::Body::Invalid(__e) if __limits.formats.contains(#p::Formats::MULTIPART) => {
                        return #p::Err(#p::BindError::Malformed { source: #p::Source::Body, error: __e });
                    }
                }
            }),
        );
        let check = quote! {
            let __body = __req.body();
            match __body {
                #p::Body::None => {}
                #form_ok
                #json_ok
                #multipart_ok
                #charset
                _ => return #p::Err(#p::BindError::UnsupportedMediaType),
            }
        };
        let scan = quote! {
            match __body {
                #form
                #json
                #multipart
                _ => {}
            }
        };
        (check, scan)
    });
    let (body_check, body_scan) = match body {
        Some((check, scan)) => (Some(check), Some(scan)),
        None => (None, None),
    };

    let finishes = finish_stmts(m, &p, &lt, false);
    let vs: Vec<Ident> = (0..n).map(|i| format_ident!("__v{}", i)).collect();
    let fs: Vec<Ident> = (0..n).map(|i| format_ident!("__f{}", i)).collect();
    let members = m.fields.iter().map(|f| f.member);
    let validate = m.validate.as_ref().map(|f| {
        quote! {
            #f(&__bound, &mut __errors);
            if !__errors.is_empty() {
                return #p::Err(#p::BindError::Fields(__errors));
            }
        }
    });

    let nested_slots = &slots;
    let nested_arms = cx.json_arms(|_, key| quote!(&mut __cx.at(#p::Segment::Key(#key))));
    let (nested_known, nested_named) = cx.json_lookups();
    let nested_finishes = finish_stmts(m, &p, &lt, true);
    let nested_members = m.fields.iter().map(|f| f.member);
    let longest = m
        .fields
        .iter()
        .filter_map(|f| f.bound.as_ref().map(|b| b.key.len()))
        .max()
        .unwrap_or(0)
        .max(1);
    let nested_members_again = m.fields.iter().map(|f| f.member);
    let nested_finishes_again = finish_stmts(m, &p, &lt, true);
    let bound: Vec<(usize, &FieldModel<'_>)> = m
        .fields
        .iter()
        .enumerate()
        .filter(|(_, f)| f.bound.is_some())
        .collect();
    let bound_tys: Vec<&syn::Type> = bound.iter().map(|(_, f)| &f.ty).collect();
    let bound_slots: Vec<Ident> = bound
        .iter()
        .map(|(i, _)| format_ident!("__s{}", i))
        .collect();
    let member_arms = bound.iter().enumerate().map(|(n, (i, f))| {
        let b = f.bound.as_ref().expect("bound");
        let ty = &f.ty;
        let key = &b.key;
        let lit = LitByteStr::new(key.as_bytes(), Span::call_site());
        let idx = syn::Index::from(n);
        quote! {
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
        }
    });
    let nested_impl = quote! {
        /// The pieces of a value of this struct sent by keys
        /// (`address[city]=..`): a struct of its own, so that a struct that
        /// holds itself (`Vec<Self>`, `Option<Box<Self>>`) names a type,
        /// not an endless tuple of its fields' slots.
        #[doc(hidden)]
        #[allow(non_camel_case_types)]
        pub struct __Partial<#impl_lt> {
            __seen: #p::Bits<#words>,
            __slots: (#(<#bound_tys as #p::Field<#lt>>::Slot,)*),
            __lt: #p::PhantomData<&#lt ()>,
        }

        /// A nested struct binds from a JSON object, its `body` fields by
        /// their keys; text where an object is due is refused.
        #[automatically_derived]
        impl<#impl_lt> #p::Value<#lt> for #ident #ty_generics {
            const MEMBERS: bool = true;

            #[inline]
            fn from_raw(_: #p::Raw<#lt>) -> #p::Result<Self, #p::ValueError> {
                #p::Err(#p::ValueError::new(#p::ValueErrorKind::ExpectedObject))
            }

            type Partial = __Partial<#lt>;

            #[inline]
            fn partial() -> Self::Partial {
                __Partial {
                    __seen: #p::Bits::new(),
                    __slots: (#(<#bound_tys as #p::Field<#lt>>::slot(),)*),
                    __lt: #p::PhantomData,
                }
            }

            #[allow(unused_mut, unused_variables, clippy::all, clippy::pedantic)]
            fn offer_member(
                __partial: &mut Self::Partial,
                __path: #p::Ref<#lt, '_, [u8]>,
                __raw: #p::Raw<#lt>,
                __cx: &mut #p::JsonCx<'_, #lt>,
            ) -> bool {
                let #p::Some((__seg, __rest)) = #p::split_path(__path) else {
                    return false;
                };
                let __Partial { __seen, __slots, .. } = __partial;
                match &*__seg {
                    #(#member_arms)*
                    _ => false,
                }
            }

            #[allow(unused_mut, unused_variables, clippy::all, clippy::pedantic)]
            fn finish_partial(
                __partial: Self::Partial,
                __cx: &mut #p::JsonCx<'_, #lt>,
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
                __cx: &mut #p::JsonCx<'_, #lt>,
            ) -> #p::Result<#p::Option<Self>, #p::Error> {
                if !#p::begin_nested(__r, __cx)? {
                    return #p::Ok(#p::None);
                }
                let mut __seen = #p::Bits::<#words>::new();
                #(#nested_slots)*
                #p::members::<#longest>(__r, #nested_known, #nested_named, |__field, __r| {
                    match __field {
                        #nested_arms
                        _ => __r.skip_value()?,
                    }
                    #p::Ok(())
                })?;
                #(#nested_finishes)*
                #p::Ok(match (#(#vs,)*) {
                    (#(#p::Some(#fs),)*) => #p::Some(Self { #(#nested_members: #fs,)* }),
                    _ => #p::None,
                })
            }
        }
    };

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

    // A struct without a lifetime owns what it holds.
    let owned = m.lifetime.is_none().then(|| {
        quote! {
            #[automatically_derived]
            impl #p::OwnedBind for #ident {}
        }
    });

    quote! {
        const _: () = {
            #(#key_checks)*

            #nested_impl

            #owned

            #[automatically_derived]
            impl<#impl_lt> #p::Bind<#lt> for #ident #ty_generics {
                #[allow(unused_mut, unused_variables, unreachable_patterns, clippy::all, clippy::pedantic)]
                fn bind_with<__R: #p::Request<#lt>>(
                    __req: &__R,
                    __limits: &#p::Limits,
                ) -> #p::Result<Self, #p::BindError> {
                    let mut __errors = #p::Errors::new(__limits.max_errors);
                    let mut __seen = #p::Bits::<#words>::new();
                    #(#slots)*
                    #body_check
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

#[cfg(test)]
mod tests {
    use super::derive;

    fn expand(input: syn::DeriveInput) -> String {
        derive(&input, "binder_http").expect("expands").to_string()
    }

    /// The scans a format needs, as they appear in an expansion.
    const FORM: &[&str] = &["Body :: Form", "Cursor :: new"];
    const MULTIPART: &[&str] = &["Body :: Multipart", "scan_parts", "Body :: Invalid"];
    const JSON: &[&str] = &["Body :: Json", "scan_json"];

    #[test]
    fn only_the_accepted_formats_scans_are_generated() {
        let json_only = expand(syn::parse_quote! {
            #[bind(accept = "json")]
            struct Api {
                #[bind(query)]
                page: u32,
                #[bind(body)]
                to: String,
            }
        });
        let forms = expand(syn::parse_quote! {
            #[bind(accept = "form, multipart")]
            struct Html {
                #[bind(query)]
                page: u32,
                #[bind(body)]
                to: String,
            }
        });
        let every = expand(syn::parse_quote! {
            struct Any {
                #[bind(query)]
                page: u32,
                #[bind(body)]
                to: String,
            }
        });
        for scan in FORM.iter().chain(MULTIPART) {
            assert!(!json_only.contains(scan), "{scan} in a JSON-only expansion");
            assert!(forms.contains(scan) && every.contains(scan), "{scan}");
        }
        for scan in JSON {
            assert!(!forms.contains(scan), "{scan} in a form-only expansion");
            assert!(json_only.contains(scan) && every.contains(scan), "{scan}");
        }
        // The query's scan is there whatever the body formats.
        assert!(json_only.contains("Cursor :: text"));
        assert!(json_only.len() < every.len() && forms.len() < every.len());
    }
}
