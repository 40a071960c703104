//! The scans of the request's parts before the body: the path parameters,
//! the query, and the headers with the `Cookie` header's cookies. The
//! urlencoded scan serves a form body too (`body`).

use super::{byte_lit, key_arm, source_variant, Ctx};
use crate::attr::Source;
use crate::valid::FieldModel;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

impl Ctx<'_> {
    /// The path parameters' scan, each value raw (percent-encoded) unless
    /// the request says its router decoded it.
    pub(super) fn path_scan(&self) -> TokenStream {
        let Ctx { p, lt, .. } = self;
        let arms = self.arms(Source::Path, None, false);
        // A name no field has: offered to the flattened fields.
        let other = self.flats(Source::Path).next().is_some().then(|| {
            let offers = self.flat_offers(Source::Path);
            quote! {
                let __key = __name.as_bytes();
                let _ = #offers;
            }
        });
        quote! {
            __req.path_params(|__name, __value| {
                let __raw = if <__R as #p::Request<#lt>>::PATH_DECODED {
                    #p::Raw::decoded_text(__value)
                } else {
                    #p::Raw::path_text(__value)
                };
                match __name.as_bytes() { #arms _ => { #other } }
            });
        }
    }

    /// The context's values (what the service adds about the request),
    /// each taken as the context hands it over.
    pub(super) fn context_scan(&self) -> TokenStream {
        let arms = self.arms(Source::Context, None, false);
        quote! {
            __req.context(|__name, __raw| {
                match __name.as_bytes() { #arms _ => {} }
            });
        }
    }

    /// The query's scan, if a query was sent.
    pub(super) fn query_scan(&self, words: &TokenStream) -> TokenStream {
        let p = &self.p;
        let scan = self.pairs_loop(
            Source::Query,
            quote!(#p::Cursor::text(__q, __limits)),
            words,
        );
        quote! {
            if let #p::Some(__q) = __req.query() {
                #scan
            }
        }
    }

    /// One pass over the headers: each header field's value, and the
    /// `Cookie` header's cookies until every cookie field is bound; a
    /// malformed `Cookie` header ends the pass and fails the bind.
    pub(super) fn header_scan(&self, words: &TokenStream) -> TokenStream {
        let p = &self.p;
        let header_arms = self.arms(Source::Header, Some(quote!(#p::Raw::plain(__value))), false);
        let cookie_arm = self.has(Source::Cookie).then(|| {
            let scan = self.cookie_loop(words);
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
            let mut __cookies_last: #p::Option<#p::CookieCursor<'_>> = #p::None;
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
    }

    /// `match` arms dispatching a key to its field, with `__raw` in scope
    /// (or bound first to `raw`), without the catch-all; `rare`: through
    /// [`offer`](Self::offer)'s out-of-line call.
    pub(super) fn arms(&self, source: Source, raw: Option<TokenStream>, rare: bool) -> TokenStream {
        let arms = self.of(source).map(|(i, f)| {
            let key = &f.bound.as_ref().expect("bound").key;
            // A rare arm keeps the byte-string pattern: its code sits in
            // the pairs loop, whose registers the guards' compares cost
            // (the large form, every key fast, +0.22% with guards there).
            let key = if rare {
                let lit = byte_lit(key);
                quote!(#lit)
            } else {
                key_arm(key)
            };
            let bind_raw = raw.as_ref().map(|r| quote!(let __raw = #r;));
            let offer = self.offer(source, i, f, rare);
            quote! { #key => { #bind_raw #offer } }
        });
        quote! { #(#arms)* }
    }

    /// Offers `__raw` to field `i` (once, unless its type takes repeats).
    /// `rare`: on a path a clean request seldom takes, through
    /// `offer_shared`, one out-of-line copy per field type for every
    /// struct, instead of `offer` inlined at the call.
    fn offer(&self, source: Source, i: usize, f: &FieldModel<'_>, rare: bool) -> TokenStream {
        let Ctx { p, lt, .. } = self;
        let b = f.bound.as_ref().expect("bound");
        let ty = &f.ty;
        let slot = format_ident!("__s{}", i);
        let key = &b.key;
        let required = b.required;
        let src = source_variant(source);
        let offer = if rare {
            format_ident!("offer_shared")
        } else {
            format_ident!("offer")
        };
        quote! {
            if __seen.insert(#i) || <#ty as #p::Field<#lt>>::REPEATS {
                #p::#offer::<#ty>(&mut #slot, __raw, #required, &mut __errors, #i, #p::Source::#src, #key);
            }
        }
    }

    /// One pass over urlencoded `input` (a query string or a form body):
    /// a piece whose start is a field's `key=` as sent is recognised by
    /// its first byte and one fixed-size compare, then only its value is
    /// scanned; any other piece a field's key may start is split and its
    /// key decoded; the rest are skipped with a search for their `&`.
    pub(super) fn pairs_loop(
        &self,
        source: Source,
        input: TokenStream,
        words: &TokenStream,
    ) -> TokenStream {
        let p = &self.p;
        let src = source_variant(source);
        // Reached only by a key sent encoded (or a longer key sharing a
        // field's first byte): each field's offer is a call, not a copy.
        let arms = self.arms(source, None, true);
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
            let key_eq = byte_lit(&format!("{key}="));
            let n = key.len() + 1;
            let offer = self.offer(source, i, f, false);
            Some(quote! {
                #first if __c.starts_with(#key_eq) => {
                    let __raw = __c.value(#n);
                    #offer
                }
            })
        });
        // `%` and `+` may decode to any key's first byte.
        let firsts = self.first_bytes(source, b"%+");
        // A piece no key starts like: skipped, or for a type that denies
        // unknown fields, read to be refused by its key, or with flattened
        // fields, read to be offered to them.
        let skip = if self.deny_unknown || self.flats(source).next().is_some() {
            quote! {
                let __pair = __c.pair_raw().map_err(__malformed)?;
                #p::with_key(__pair, |__key, __raw| {
                    match &*__key { #arms _ => { #entry_arms } }
                });
            }
        } else {
            // Every piece up to the next one a key may start: one loop.
            quote! {
                const __WANTED: #p::ByteSet = #p::ByteSet::new() #(.with(#firsts))*;
                __c.skip_unwanted(&__WANTED).map_err(__malformed)?;
                continue;
            }
        };
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
                    _ => { #skip }
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
    /// skipped (still counted against the limit, unless the header is too
    /// short to pass it).
    fn cookie_loop(&self, words: &TokenStream) -> TokenStream {
        let p = &self.p;
        let arms = self.of(Source::Cookie).map(|(i, f)| {
            let b = f.bound.as_ref().expect("bound");
            let lit = byte_lit(&b.key);
            let value = if b.keep_quotes {
                quote!(value_as_sent)
            } else {
                quote!(value)
            };
            // Reached only by a name the fast compare missed.
            let offer = self.offer(Source::Cookie, i, f, true);
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
            let name_eq = byte_lit(&format!("{key}="));
            let n = key.len() + 1;
            let offer = self.offer(Source::Cookie, i, f, false);
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
            let __left = match __cookies_last.take() {
                #p::Some(__last) => __last.remaining(),
                #p::None => __limits.max_cookies,
            };
            let mut __c = #p::CookieCursor::new(__value, __left);
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
                    return #p::Ok(());
                }
            }
            // What is left of the limit is counted only if another
            // `Cookie` header comes.
            __cookies_last = #p::Some(__c);
            #p::Ok(())
        }
    }

    /// `(stop, all)`: whether a scan of `source` may stop early, and the
    /// bits of the fields it feeds.
    fn stop_set(&self, source: Source, words: &TokenStream) -> TokenStream {
        let Ctx { p, lt, .. } = self;
        let tys = self.of(source).map(|(_, f)| &f.ty);
        let idx = self.of(source).map(|(i, _)| i);
        // Every key is read by a type that denies unknown fields, or that
        // has flattened fields (they may take any key).
        let deny = self.deny_unknown || self.flats(source).next().is_some();
        quote! {
            (
                !(#deny #(|| <#tys as #p::Field<#lt>>::REPEATS)*),
                {
                    let mut __all = #p::Bits::<#words>::new();
                    #( __all.insert(#idx); )*
                    __all
                },
            )
        }
    }
}
