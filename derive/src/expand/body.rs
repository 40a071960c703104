//! The body: its format checked before any source is read, and scanned
//! last, in the formats the type accepts.

use super::{key_arm, Ctx};
use crate::attr::{Accept, Source};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

impl Ctx<'_> {
    /// `(check, scan)`: the body's format check and its scan.
    ///
    /// The body's format is checked first, so that a body of a format the
    /// type or the service does not accept (or a charset other than UTF-8)
    /// answers 415 before any field is read; it is scanned last (measured:
    /// scanning it first costs the mixed bind about 2% more, in register
    /// pressure). Only the scans of the formats the type accepts are
    /// generated; the others fall to the catch-all.
    pub(super) fn body(&self, accept: Accept, words: &TokenStream) -> (TokenStream, TokenStream) {
        let p = &self.p;
        let accepted = [
            (accept.json, quote!(JSON)),
            (accept.form, quote!(FORM)),
            (accept.multipart, quote!(MULTIPART)),
            (accept.custom, quote!(CUSTOM)),
        ];
        let accepted = accepted
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, name)| quote!(.union(#p::Formats::#name)));
        let form = accept.form.then(|| self.form_scan(words));
        let json = accept.json.then(|| self.json_scan());
        let multipart = accept.multipart.then(|| self.multipart_scan());
        let custom = accept.custom.then(|| self.custom_scan());
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
        let custom_ok = check(custom.clone()).map(|ok| {
            quote! { #p::Body::Custom(_) if __limits.formats.contains(#p::Formats::CUSTOM) #ok }
        });
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
                #custom_ok
                #charset
                _ => return #p::Err(#p::BindError::UnsupportedMediaType),
            }
        };
        let scan = quote! {
            match __body {
                #form
                #json
                #multipart
                #custom
                _ => {}
            }
        };
        (check, scan)
    }

    /// The scan of a urlencoded body: the query's, over the body's bytes.
    fn form_scan(&self, words: &TokenStream) -> TokenStream {
        let p = &self.p;
        let scan = self.pairs_loop(
            Source::Body,
            quote!(#p::Cursor::new(__bytes, __limits)),
            words,
        );
        quote! {
            #p::Body::Form(__bytes) if __limits.formats.contains(#p::Formats::FORM) => {
                #scan
            }
        }
    }

    /// The scan of a JSON body, each member dispatched to its field; or
    /// the whole body read as one field's value.
    fn json_scan(&self) -> TokenStream {
        let p = &self.p;
        if let Some((i, f)) = self.whole() {
            let b = f.bound.as_ref().expect("bound");
            let ty = &f.ty;
            let slot = format_ident!("__s{}", i);
            let required = b.required;
            let strict = self.strict;
            let key = &b.key;
            return quote! {
                #p::Body::Json(__bytes) if __limits.formats.contains(#p::Formats::JSON) => {
                    #p::scan_whole_json::<#ty, #strict>(&mut #slot, __bytes, __limits, #required, &mut __errors, #i, #key)?;
                    __seen.insert(#i);
                }
            };
        }
        let json_arms = self.json_arms(
            false,
            |i, key| quote!(&mut #p::FieldCx::new(&mut __errors, #i, #key)),
        );
        let (json_order, json_known, json_named) = self.json_lookups(false);
        let longest = self.json_longest(false);
        // A member no field has: skipped, or refused under its name.
        let (scan, params, unknown) = if self.strict {
            let deny = self.deny_unknown;
            let unknown = if deny {
                quote!({
                    #p::unknown_member(&mut __errors, #p::Source::Body, __name);
                    __r.skip_value()?;
                })
            } else {
                quote!(__r.skip_value()?,)
            };
            (
                quote!(scan_json_strict::<#longest, #deny>),
                quote!(__field, __name, __r),
                unknown,
            )
        } else if self.deny_unknown {
            (
                quote!(scan_json_or_unknown::<#longest>),
                quote!(__field, __name, __r),
                quote!({
                    #p::unknown_member(&mut __errors, #p::Source::Body, __name);
                    __r.skip_value()?;
                }),
            )
        } else {
            (
                quote!(scan_json::<#longest>),
                quote!(__field, __r),
                quote!(__r.skip_value()?,),
            )
        };
        // Each flattened struct reads the body again, taking its members.
        let strict = self.strict;
        let flats = self.flats(Source::Body).map(|(i, f)| {
            let ty = &f.ty;
            let slot = format_ident!("__s{}", i);
            quote! { #p::flat_json_body::<#ty>(&mut #slot, __bytes, __limits, #strict, &mut __errors, #i)?; }
        });
        quote! {
            #p::Body::Json(__bytes) if __limits.formats.contains(#p::Formats::JSON) => {
                #p::#scan(__bytes, __limits, #json_order, #json_known, #json_named, |#params| {
                    match __field {
                        #json_arms
                        _ => #unknown
                    }
                    #p::Ok(())
                })?;
                #(#flats)*
            }
        }
    }

    /// The walk of a body in a format of the service's own (a `TextFormat`
    /// the request carries): each key dispatched as a urlencoded body's
    /// key sent encoded is, through one out-of-line offer per field type.
    fn custom_scan(&self) -> TokenStream {
        let p = &self.p;
        let arms = self.arms(Source::Body, None, true);
        let entry_arms = self.entry_arms(Source::Body);
        quote! {
            #p::Body::Custom(__bytes) if __limits.formats.contains(#p::Formats::CUSTOM) => {
                __req
                    .walk_custom(__bytes, __limits, |__key, __raw| {
                        match &*__key { #arms _ => { #entry_arms } }
                    })
                    .map_err(|__e| #p::BindError::Malformed { source: #p::Source::Body, error: __e })?;
            }
        }
    }

    /// The scan of a multipart body, each part dispatched by its name, and
    /// the refusal of a multipart type without a valid boundary.
    fn multipart_scan(&self) -> TokenStream {
        let p = &self.p;
        let body_entry_arms = self.entry_arms(Source::Body);
        let part_arms = self.part_arms();
        let unknown_file = if self.deny_unknown {
            quote!(#p::unknown_key(&mut __errors, #p::Source::Body, __name);)
        } else {
            quote!()
        };
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
                        _ => { #unknown_file }
                    }
                })?;
            }
            // A multipart type without a valid boundary.
            #p::Body::Invalid(__e) if __limits.formats.contains(#p::Formats::MULTIPART) => {
                return #p::Err(#p::BindError::Malformed { source: #p::Source::Body, error: __e });
            }
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
            let arm = key_arm(key);
            let required = b.required;
            // An empty file input is no value: it does not make the field
            // seen, so a file sent after it under the same name binds. A
            // `required` field is offered it, to be refused as empty.
            let taken = if required {
                quote!(true)
            } else {
                quote!(!__part.is_empty_file())
            };
            quote! {
                #arm => {
                    if #taken && (__seen.insert(#i) || <#ty as #p::Field<#lt>>::REPEATS) {
                        #p::offer_part::<#ty>(&mut #slot, __part, #required, &mut __errors, #i, #key);
                    }
                }
            }
        });
        quote! { #(#arms)* }
    }
}

#[cfg(test)]
mod tests {
    use crate::expand::derive;

    fn expand(input: syn::DeriveInput) -> String {
        derive(&input, "binder_http").expect("expands").to_string()
    }

    /// The scans a format needs, as they appear in an expansion.
    const FORM: &[&str] = &["Body :: Form", "Cursor :: new"];
    const MULTIPART: &[&str] = &["Body :: Multipart", "scan_parts", "Body :: Invalid"];
    const JSON: &[&str] = &["Body :: Json", "scan_json"];
    const CUSTOM: &[&str] = &["Body :: Custom", "walk_custom", "Formats :: CUSTOM"];

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
        // A custom format only where the type names it.
        let custom = expand(syn::parse_quote! {
            #[bind(accept = "json, custom")]
            struct Lines {
                #[bind(body)]
                to: String,
            }
        });
        for scan in CUSTOM {
            assert!(custom.contains(scan), "{scan}");
            for other in [&json_only, &forms, &every] {
                assert!(!other.contains(scan), "{scan} where custom is not named");
            }
        }
        assert!(custom.contains("scan_json") && !custom.contains("Cursor :: new"));
    }
}
