//! Checks a struct's attributes as a whole and builds the model the
//! expansion writes from. Every problem is reported, each at its own tokens.

use crate::attr::{self, Accept, ErrorSink, Source};
use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Expr, Fields, GenericParam, Ident, Lifetime, Path, Type};

pub struct Model<'a> {
    pub ident: &'a Ident,
    /// The struct's lifetime, used as the request's.
    pub lifetime: Option<&'a Lifetime>,
    /// The struct's generics, as declared.
    pub generics: &'a syn::Generics,
    pub krate: Path,
    pub fields: Vec<FieldModel<'a>>,
    pub validate: Option<Path>,
    /// The body formats `body` fields bind from.
    pub accept: Accept,
    /// `deny_unknown_fields`: a JSON member no field has is refused.
    pub deny_unknown: bool,
    /// `strict`: JSON scalars of another kind than a field's type takes
    /// are refused.
    pub strict: bool,
}

pub struct FieldModel<'a> {
    pub member: &'a Ident,
    /// `#[bind(raw_body)]`: the whole body, named by the field for errors.
    pub raw_body: Option<String>,
    /// The field's declared type.
    pub declared: &'a Type,
    /// The type that takes values: the declared one, or for `from_str`
    /// the declared one with its value type wrapped in `Parsed`.
    pub ty: Type,
    /// How a `from_str` or `serde` field's value is unwrapped from
    /// `Parsed` or `Serde`.
    pub wrap: Wrap,
    pub bound: Option<Bound>,
    /// `#[bind(serde)]`'s span: the generated code checks there that the
    /// runtime has its `serde` feature.
    pub serde: Option<Span>,
}

/// Where `Parsed` (`Serde`) sits in a `from_str` (`serde`) field's type.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Wrap {
    None,
    Scalar,
    Option,
    Vec,
    /// `Box<T>`, bound as `Boxed<T>`.
    Boxed,
    /// `Option<Box<T>>`, bound as `Option<Boxed<T>>`.
    OptionBoxed,
}

/// The one type argument of `ty` when its last segment is `name`
/// (`Box<T>` -> `T`).
fn single_arg<'t>(ty: &'t Type, name: &str) -> Option<&'t Type> {
    let Type::Path(tp) = ty else { return None };
    let last = tp.path.segments.last()?;
    if last.ident != name {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match (args.args.len(), args.args.first()) {
        (1, Some(syn::GenericArgument::Type(inner))) => Some(inner),
        _ => None,
    }
}

/// A `Box<T>` or `Option<Box<T>>` field binds through core's `Boxed<T>`
/// (`Box` itself cannot be a `Value`: see `core/src/bind/boxed.rs`).
pub(crate) fn wrap_box(ty: &Type, krate: &Path) -> Option<(Type, Wrap)> {
    if let Some(inner) = single_arg(ty, "Box") {
        return Some((
            syn::parse_quote!(#krate::__private_0_1::Boxed<#inner>),
            Wrap::Boxed,
        ));
    }
    let inner = single_arg(single_arg(ty, "Option")?, "Box")?;
    Some((
        syn::parse_quote!(#krate::__private_0_1::Option<#krate::__private_0_1::Boxed<#inner>>),
        Wrap::OptionBoxed,
    ))
}

/// The `from_str` (`serde`) type for `ty`: `T` -> `Parsed<T>`,
/// `Option<T>` -> `Option<Parsed<T>>`, `Vec<T>` -> `Vec<Parsed<T>>`
/// (`Serde` in place of `Parsed`).
fn wrap_value(ty: &Type, krate: &Path, wrapper: &str) -> (Type, Wrap) {
    let wrapper = Ident::new(wrapper, Span::call_site());
    if let Type::Path(tp) = ty {
        if let Some(last) = tp.path.segments.last() {
            let outer = last.ident.to_string();
            if outer == "Option" || outer == "Vec" {
                if let syn::PathArguments::AngleBracketed(args) = &last.arguments {
                    if let (1, Some(syn::GenericArgument::Type(inner))) =
                        (args.args.len(), args.args.first())
                    {
                        let mut wrapped = tp.clone();
                        let seg = wrapped.path.segments.last_mut().expect("a segment");
                        seg.arguments = syn::PathArguments::AngleBracketed(
                            syn::parse_quote!(<#krate::__private_0_1::#wrapper<#inner>>),
                        );
                        let wrap = if outer == "Option" {
                            Wrap::Option
                        } else {
                            Wrap::Vec
                        };
                        return (Type::Path(wrapped), wrap);
                    }
                }
            }
        }
    }
    (
        syn::parse_quote!(#krate::__private_0_1::#wrapper<#ty>),
        Wrap::Scalar,
    )
}

pub struct Bound {
    pub source: Source,
    pub key: String,
    pub required: bool,
    /// `Some(None)`: `Default::default()`; `Some(Some(e))`: `e`.
    pub default: Option<Option<Expr>>,
    /// A cookie's value with its quotes kept, as sent.
    pub keep_quotes: bool,
    /// `flatten`: the field's members are read as the struct's own keys.
    pub flatten: bool,
    /// `whole_body`: the field takes the whole JSON body as its value.
    pub whole: bool,
}

pub fn model<'a>(input: &'a DeriveInput, default_crate: &str) -> syn::Result<Model<'a>> {
    let mut errors = ErrorSink::default();
    let container = attr::container(&input.attrs, &mut errors);

    let mut lifetime = None;
    for param in &input.generics.params {
        match param {
            GenericParam::Lifetime(l) if lifetime.is_none() => lifetime = Some(&l.lifetime),
            GenericParam::Lifetime(l) => errors.push(syn::Error::new(
                l.span(),
                "Bind supports one lifetime, the request's; remove the others",
            )),
            // Type and const parameters: the impls carry them, with a
            // bound for each field type that names one (`expand::generics`).
            GenericParam::Type(_) | GenericParam::Const(_) => {}
        }
    }

    let named = match &input.data {
        Data::Struct(s) => match &s.fields {
            Fields::Named(named) => Some(named),
            _ => {
                errors.push(syn::Error::new(
                    input.ident.span(),
                    "Bind needs a struct with named fields: each field names its source",
                ));
                None
            }
        },
        _ => {
            errors.push(syn::Error::new(
                input.ident.span(),
                "Bind can only be derived for a struct with named fields; for an enum of unit variants read from one value (`?sort=asc`), derive `FromText` and use the enum as a field's type",
            ));
            None
        }
    };

    let krate: Path = attr::crate_path(container.krate.clone(), default_crate);
    let mut fields = Vec::new();
    let mut keys: Vec<(Source, String)> = Vec::new();
    for f in named.into_iter().flat_map(|n| &n.named) {
        let member = f.ident.as_ref().expect("named field");
        let a = attr::field(&f.attrs, &mut errors);
        if let Some(span) = a.raw_body {
            if a.skip.is_some()
                || a.source.is_some()
                || a.required.is_some()
                || a.default.is_some()
                || a.from_str.is_some()
                || a.serde.is_some()
                || a.keep_quotes.is_some()
                || a.flatten.is_some()
                || a.whole_body.is_some()
            {
                errors.push(syn::Error::new(
                    span,
                    "`raw_body` takes the whole body and no other attribute",
                ));
            }
            let name = member.to_string();
            fields.push(FieldModel {
                member,
                raw_body: Some(name.strip_prefix("r#").unwrap_or(&name).to_owned()),
                declared: &f.ty,
                ty: f.ty.clone(),
                wrap: Wrap::None,
                bound: None,
                serde: None,
            });
            continue;
        }
        // `whole_body` is a source of its own: the body, under the
        // field's name (for errors).
        if let Some(span) = a.whole_body {
            if a.source.is_some() || a.skip.is_some() || a.flatten.is_some() {
                errors.push(syn::Error::new(
                    span,
                    "`whole_body` is the field's source (the whole JSON body): drop the other source, `skip` or `flatten`",
                ));
            }
        }
        // A field without a source of its own takes the struct's (not a
        // skipped one: it has none), named at the field.
        let source = match (a.skip, a.source, a.whole_body) {
            (None, None, Some(span)) => {
                let name = member.to_string();
                let name = name.strip_prefix("r#").unwrap_or(&name).to_owned();
                Some((Source::Body, Some(syn::LitStr::new(&name, span)), span))
            }
            (None, None, None) => container
                .source
                .map(|(source, _)| (source, None, member.span())),
            (_, own, _) => own,
        };
        let bound = match (a.skip, source) {
            (Some(span), source) => {
                if source.is_some()
                    || a.required.is_some()
                    || a.default.is_some()
                    || a.serde.is_some()
                    || a.flatten.is_some()
                {
                    errors.push(syn::Error::new(
                        span,
                        "a skipped field takes its Default and no other attribute",
                    ));
                }
                None
            }
            (None, None) => {
                errors.push(syn::Error::new(
                    member.span(),
                    format!(
                        "binder needs to know where `{member}` comes from: add #[bind(path)], #[bind(query)], #[bind(header)], #[bind(cookie)], #[bind(body)] or #[bind(raw_body)], or #[bind(skip)]; or give the struct a source for every such field, e.g. #[bind(body)] on the struct"
                    ),
                ));
                None
            }
            (None, Some((source, lit, span))) => {
                if let (Some(kq), false) = (a.keep_quotes, source == Source::Cookie) {
                    errors.push(syn::Error::new(
                        kq,
                        "`keep_quotes` is for cookie fields: only a cookie value has quotes to keep",
                    ));
                }
                if let (Some(req), Some(_)) = (a.required, &a.default) {
                    errors.push(syn::Error::new(
                        req,
                        "`required` and `default` contradict each other: a default is used when the value is missing",
                    ));
                }
                if let Some(flat) = a.flatten {
                    let others = a.required.is_some()
                        || a.default.is_some()
                        || a.from_str.is_some()
                        || a.serde.is_some();
                    flatten_checks(flat, source, lit.as_ref(), others, &mut errors);
                }
                let key_span = lit.as_ref().map_or(span, |l| l.span());
                let key = key_for(
                    source,
                    lit.map(|l| l.value()),
                    member,
                    &container,
                    key_span,
                    &mut errors,
                );
                // Header names and cookie names live in their own spaces;
                // JSON, form and multipart bodies share one. A flattened
                // field has no key: its members' keys are its struct's.
                if a.flatten.is_some() {
                } else if keys.iter().any(|(s, k)| *s == source && *k == key) {
                    errors.push(syn::Error::new(
                        key_span,
                        format!("two fields bind the {} key `{key}`", source.name()),
                    ));
                }
                if a.flatten.is_none() {
                    keys.push((source, key.clone()));
                }
                Some(Bound {
                    source,
                    key,
                    required: a.required.is_some(),
                    default: a.default.map(|(e, _)| e),
                    keep_quotes: a.keep_quotes.is_some(),
                    flatten: a.flatten.is_some(),
                    whole: a.whole_body.is_some(),
                })
            }
        };
        if let (Some(serde), Some(_)) = (a.serde, a.from_str) {
            errors.push(syn::Error::new(
                serde,
                "`serde` and `from_str` both say how the value converts: keep one (`from_str` parses text through `FromStr`; `serde` reads text and JSON through `Deserialize`)",
            ));
        }
        if let (Some(required), Some(_), true) = (a.required, a.serde, bound.is_some()) {
            errors.push(syn::Error::new(
                required,
                "`required` refuses an empty text value, and a `serde` field's type decides for itself what it accepts: check for an empty value in its `Deserialize`, or in `#[bind(validate = ...)]`",
            ));
        }
        let (ty, wrap) = match (a.from_str, a.serde) {
            (Some(_), _) if bound.is_some() => wrap_value(&f.ty, &krate, "Parsed"),
            (None, Some(_)) if bound.is_some() => wrap_value(&f.ty, &krate, "Serde"),
            (None, None) if bound.is_some() => {
                wrap_box(&f.ty, &krate).unwrap_or_else(|| (f.ty.clone(), Wrap::None))
            }
            _ => (f.ty.clone(), Wrap::None),
        };
        fields.push(FieldModel {
            member,
            raw_body: None,
            declared: &f.ty,
            ty,
            wrap,
            serde: a.serde.filter(|_| bound.is_some()),
            bound,
        });
    }

    let has_body = fields
        .iter()
        .any(|f| f.bound.as_ref().is_some_and(|b| b.source == Source::Body));
    if let (Some((_, span)), false) = (container.accept, has_body) {
        errors.push(syn::Error::new(
            span,
            "`accept` restricts the formats `body` fields bind from, and this struct has none (a `raw_body` field takes any body as sent)",
        ));
    }
    let mut accept = container.accept.map_or(Accept::ALL, |(a, _)| a);
    if whole_body_checks(&fields, container.accept, &mut errors) {
        // Only a JSON body is read: any other is refused (415).
        accept = Accept {
            json: true,
            form: false,
            multipart: false,
            custom: false,
        };
    }
    if let Some(deny) = container.deny_unknown_fields {
        let json_flat = fields.iter().any(|f| {
            f.bound
                .as_ref()
                .is_some_and(|b| b.flatten && b.source == Source::Body)
        });
        if json_flat && accept.json {
            errors.push(syn::Error::new(
                deny,
                "`deny_unknown_fields` cannot refuse a JSON member a flattened struct may take (it reads the body on its own): restrict the body to forms, e.g. #[bind(accept = \"form, multipart\")], or drop one of them",
            ));
        }
    }
    let validate = container.validate.clone();
    errors.finish()?;
    Ok(Model {
        ident: &input.ident,
        lifetime,
        generics: &input.generics,
        krate,
        fields,
        validate,
        accept,
        deny_unknown: container.deny_unknown_fields.is_some(),
        strict: container.strict.is_some(),
    })
}

/// A `whole_body` field is the struct's one body field, and the body is
/// JSON: returns whether the struct has one.
fn whole_body_checks(
    fields: &[FieldModel<'_>],
    accept: Option<(Accept, Span)>,
    errors: &mut ErrorSink,
) -> bool {
    let whole = fields
        .iter()
        .filter(|f| f.bound.as_ref().is_some_and(|b| b.whole))
        .collect::<Vec<_>>();
    let Some(first) = whole.first() else {
        return false;
    };
    for f in fields.iter().filter(|f| !std::ptr::eq(*f, *first)) {
        if f.bound.as_ref().is_some_and(|b| b.source == Source::Body) {
            errors.push(syn::Error::new(
                f.member.span(),
                format!(
                    "`{}` takes the whole body (`whole_body`): no other field binds from the body (a `raw_body` field may still take its bytes as sent)",
                    first.member
                ),
            ));
        }
    }
    if let Some((a, span)) = accept {
        if a.form || a.multipart || a.custom {
            errors.push(syn::Error::new(
                span,
                "a `whole_body` field reads a JSON body, and any other is refused: drop `accept`, or leave only `json`",
            ));
        }
    }
    true
}

/// What `flatten` allows: a query, body or path field, with no key of its
/// own and no option (the member struct's fields have theirs).
fn flatten_checks(
    span: Span,
    source: Source,
    key: Option<&syn::LitStr>,
    others: bool,
    errors: &mut ErrorSink,
) {
    if !matches!(source, Source::Query | Source::Body | Source::Path) {
        errors.push(syn::Error::new(
            span,
            format!(
                "a {} field cannot be flattened: `flatten` reads a struct's members as keys of the query, the body or the path values",
                source.name()
            ),
        ));
    }
    if let Some(key) = key {
        errors.push(syn::Error::new(
            key.span(),
            "a flattened field has no name of its own: its struct's members are read under their own names",
        ));
    }
    if others {
        errors.push(syn::Error::new(
            span,
            "`flatten` takes no other option: the flattened struct's fields say which members are required or defaulted",
        ));
    }
}

fn key_for(
    source: Source,
    explicit: Option<String>,
    member: &Ident,
    container: &attr::ContainerAttrs,
    span: Span,
    errors: &mut ErrorSink,
) -> String {
    let name = member.to_string();
    let name = name.strip_prefix("r#").unwrap_or(&name).to_owned();
    let key = match (explicit, source) {
        (Some(k), Source::Header) => k.to_ascii_lowercase(),
        (Some(k), _) => k,
        (None, Source::Header) => name.replace('_', "-"),
        (None, _) => match container.rename_all {
            Some((rule, _)) => rule.apply(&name),
            None => name,
        },
    };
    if key.is_empty() {
        errors.push(syn::Error::new(span, "a key cannot be empty"));
    }
    if source == Source::Header {
        if !key.bytes().all(is_token_byte) {
            errors.push(syn::Error::new(
                span,
                "not a valid header name (RFC 9110 token characters only)",
            ));
        }
        if key == "cookie" {
            errors.push(syn::Error::new(
                span,
                "bind cookies with #[bind(cookie = \"name\")], not the Cookie header",
            ));
        }
    }
    key
}

fn is_token_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}
