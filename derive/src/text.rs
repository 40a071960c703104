//! `#[derive(FromText)]`: a unit enum from one text value, in every source
//! (a query or form value, a header, a cookie, a path segment, a multipart
//! text part, a JSON string). Each variant is spelled as written, or as
//! the enum's `rename_all` or its own `rename` says, plus any `alias`; the
//! generated `from_text` is one `match` on the decoded text, and a value
//! that is none of them is refused with the list of spellings (never the
//! value itself).

use crate::attr::{set_once, ErrorSink, RenameRule};
use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields, Ident, LitStr, Path};

/// One variant: its name and every spelling that selects it (the first is
/// the one errors list).
struct Variant<'a> {
    ident: &'a Ident,
    spellings: Vec<(String, Span)>,
}

pub fn derive(input: &DeriveInput, default_crate: &str) -> syn::Result<TokenStream> {
    if let Data::Struct(s) = &input.data {
        if let Fields::Unnamed(f) = &s.fields {
            if f.unnamed.len() == 1 {
                return newtype(input, &f.unnamed[0].ty, default_crate);
            }
        }
    }
    let mut errors = ErrorSink::default();
    let (krate, rename_all) = container(input, &mut errors);
    if !input.generics.params.is_empty() {
        errors.push(syn::Error::new(
            input.generics.span(),
            "FromText is derived for an enum without lifetimes or type parameters",
        ));
    }
    let data = match &input.data {
        Data::Enum(e) => Some(e),
        _ => {
            errors.push(syn::Error::new(
                input.ident.span(),
                "FromText can be derived for an enum of unit variants (`enum Sort { Asc, Desc }`) or a newtype (`struct UserId(u64)`); for another struct, implement `FromText` by hand or bind its fields with `#[derive(Bind)]`",
            ));
            None
        }
    };
    let mut variants = Vec::new();
    for v in data.into_iter().flat_map(|e| &e.variants) {
        if !matches!(v.fields, Fields::Unit) {
            errors.push(syn::Error::new(
                v.fields.span(),
                "FromText reads a variant from one text value, so every variant must be a unit variant (no fields)",
            ));
        }
        let (rename, aliases) = variant_attrs(v, &mut errors);
        let name = v.ident.to_string();
        let first = match rename {
            Some(lit) => (lit.value(), lit.span()),
            None => (
                rename_all.map_or_else(|| name.clone(), |r| variant_name(r, &name)),
                v.ident.span(),
            ),
        };
        let mut spellings = vec![first];
        spellings.extend(aliases.iter().map(|a| (a.value(), a.span())));
        variants.push(Variant {
            ident: &v.ident,
            spellings,
        });
    }
    if data.is_some_and(|e| e.variants.is_empty()) {
        errors.push(syn::Error::new(
            input.ident.span(),
            "FromText needs at least one variant to read",
        ));
    }
    let mut seen: Vec<(&str, &Ident)> = Vec::new();
    for v in &variants {
        for (s, span) in &v.spellings {
            if let Some((_, other)) = seen.iter().find(|(t, _)| *t == s.as_str()) {
                errors.push(syn::Error::new(
                    *span,
                    format!("`{s}` already selects `{other}`: each spelling selects one variant"),
                ));
            } else {
                seen.push((s, v.ident));
            }
        }
    }
    errors.finish()?;

    let krate = crate::attr::crate_path(krate, default_crate);
    let p = quote!(#krate::__private_0_1);
    let ty = &input.ident;
    let arms = variants.iter().map(|v| {
        let ident = v.ident;
        let pats = v.spellings.iter().map(|(s, _)| s);
        quote!(#(#pats)|* => #p::Ok(#ty::#ident),)
    });
    let accepted: Vec<&str> = variants.iter().map(|v| v.spellings[0].0.as_str()).collect();
    let expected = format!("expected one of: {}", accepted.join(", "));
    Ok(quote! {
        #[automatically_derived]
        impl<'__a> #p::FromText<'__a> for #ty {
            const JSON: #p::JsonKinds = #p::JsonKinds::STRING;
            #[inline]
            fn from_text(
                __text: #p::Text<'__a, '_>,
            ) -> #p::Result<Self, #p::ValueError> {
                match &*__text {
                    #(#arms)*
                    _ => #p::Err(#p::ValueError::not_one_of(#expected, &[#(#accepted),*])),
                }
            }
        }
    })
}

/// A newtype (`struct UserId(u64)`, `struct Name<'a>(Cow<'a, str>)`): its
/// one field's `FromText`, every method, wrapped.
fn newtype(
    input: &DeriveInput,
    inner: &syn::Type,
    default_crate: &str,
) -> syn::Result<TokenStream> {
    let mut errors = ErrorSink::default();
    let (krate, rename_all) = container(input, &mut errors);
    if rename_all.is_some() {
        errors.push(syn::Error::new(
            input.ident.span(),
            "`rename_all` spells an enum's variants; a newtype reads its field's value as it is",
        ));
    }
    let mut lifetimes = Vec::new();
    for param in &input.generics.params {
        match param {
            syn::GenericParam::Lifetime(l) => lifetimes.push(&l.lifetime),
            other => errors.push(syn::Error::new(
                other.span(),
                "FromText is derived for a newtype with at most one lifetime and no type parameters",
            )),
        }
    }
    if lifetimes.len() > 1 {
        errors.push(syn::Error::new(
            input.generics.span(),
            "FromText is derived for a newtype with at most one lifetime, the request's",
        ));
    }
    errors.finish()?;
    let krate = crate::attr::crate_path(krate, default_crate);
    let p = quote!(#krate::__private_0_1);
    let ty = &input.ident;
    let (lt, self_ty) = match lifetimes.first() {
        Some(l) => (quote!(#l), quote!(#ty<#l>)),
        None => (quote!('__a), quote!(#ty)),
    };
    let from = quote!(<#inner as #p::FromText<#lt>>);
    Ok(quote! {
        #[automatically_derived]
        impl<#lt> #p::FromText<#lt> for #self_ty {
            const IS_TEXT: bool = #from::IS_TEXT;
            const JSON: #p::JsonKinds = #from::JSON;
            #[inline]
            fn from_text(__v: #p::Text<#lt, '_>) -> #p::Result<Self, #p::ValueError> {
                #from::from_text(__v).map(Self)
            }
            #[inline]
            fn from_raw(__v: #p::Raw<#lt>) -> #p::Result<Self, #p::ValueError> {
                #from::from_raw(__v).map(Self)
            }
            #[inline]
            fn from_json_number(__v: #p::Number<#lt>) -> #p::Result<Self, #p::ValueError> {
                #from::from_json_number(__v).map(Self)
            }
            #[inline]
            fn from_json_str(__v: #p::JsonStr<#lt>) -> #p::Result<Self, #p::ValueError> {
                #from::from_json_str(__v).map(Self)
            }
            #[inline]
            fn from_json_bool(__v: bool) -> #p::Result<Self, #p::ValueError> {
                #from::from_json_bool(__v).map(Self)
            }
        }
    })
}

/// `crate = "..."` and `rename_all = "..."` on the enum.
fn container(input: &DeriveInput, errors: &mut ErrorSink) -> (Option<Path>, Option<RenameRule>) {
    let (mut krate, mut rename_all) = (None, None);
    for attr in input.attrs.iter().filter(|a| a.path().is_ident("bind")) {
        let result = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("crate") {
                let lit: LitStr = meta.value()?.parse()?;
                set_once(&mut krate, lit.parse::<Path>()?, meta.path.span(), "crate", errors);
            } else if meta.path.is_ident("rename_all") {
                let lit: LitStr = meta.value()?.parse()?;
                match RenameRule::parse(&lit.value()) {
                    Some(rule) => set_once(&mut rename_all, rule, meta.path.span(), "rename_all", errors),
                    None => errors.push(syn::Error::new(lit.span(), RenameRule::UNKNOWN)),
                }
            } else {
                errors.push(meta.error(
                    "unknown attribute for FromText on an enum: expected `rename_all = \"...\"` or `crate = \"...\"`",
                ));
                crate::attr::skip_value(&meta)?;
            }
            Ok(())
        });
        if let Err(e) = result {
            errors.push(e);
        }
    }
    (krate, rename_all)
}

/// A variant's `rename = "..."` and every `alias = "..."`.
fn variant_attrs(v: &syn::Variant, errors: &mut ErrorSink) -> (Option<LitStr>, Vec<LitStr>) {
    let (mut rename, mut aliases) = (None, Vec::new());
    for attr in v.attrs.iter().filter(|a| a.path().is_ident("bind")) {
        let result = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("rename") {
                let lit: LitStr = meta.value()?.parse()?;
                set_once(&mut rename, lit, meta.path.span(), "rename", errors);
            } else if meta.path.is_ident("alias") {
                aliases.push(meta.value()?.parse()?);
            } else {
                errors.push(meta.error(
                    "unknown attribute for a FromText variant: expected `rename = \"...\"` or `alias = \"...\"`",
                ));
                crate::attr::skip_value(&meta)?;
            }
            Ok(())
        });
        if let Err(e) = result {
            errors.push(e);
        }
    }
    (rename, aliases)
}

/// A PascalCase variant name under `rule`, as serde spells variants:
/// `InProgress` is `inprogress`, `INPROGRESS`, `InProgress`, `inProgress`,
/// `in_progress`, `IN_PROGRESS` or `in-progress`.
pub(crate) fn variant_name(rule: RenameRule, name: &str) -> String {
    match rule {
        RenameRule::Lower => name.to_ascii_lowercase(),
        RenameRule::Upper => name.to_ascii_uppercase(),
        RenameRule::Pascal => name.to_owned(),
        RenameRule::Camel => {
            let mut out = name.to_owned();
            if let Some(first) = out.get_mut(..1) {
                first.make_ascii_lowercase();
            }
            out
        }
        RenameRule::Snake | RenameRule::ScreamingSnake | RenameRule::Kebab => {
            let mut snake = String::new();
            for (i, c) in name.char_indices() {
                if i > 0 && c.is_uppercase() {
                    snake.push('_');
                }
                snake.extend(c.to_lowercase());
            }
            rule.apply(&snake)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::variant_name;
    use crate::attr::RenameRule::*;

    #[test]
    fn variants_are_renamed_as_serde_renames_them() {
        let all = |n| {
            [Lower, Upper, Pascal, Camel, Snake, ScreamingSnake, Kebab].map(|r| variant_name(r, n))
        };
        assert_eq!(
            all("InProgress"),
            [
                "inprogress",
                "INPROGRESS",
                "InProgress",
                "inProgress",
                "in_progress",
                "IN_PROGRESS",
                "in-progress"
            ]
        );
        assert_eq!(all("A"), ["a", "A", "A", "a", "a", "A", "a"]);
    }
}
