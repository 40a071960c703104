//! `#[derive(Bind)]` on an enum: a `Value` impl (an enum is a field's
//! type, not a request's) binding it from JSON in serde's shapes:
//! externally tagged (the default: `"Unit"`, `{"Circle": {"r": 1.5}}`),
//! internally tagged (`tag = "type"`: `{"type": "circle", "r": 1.5}`) or
//! adjacently tagged (`tag = "t", content = "c"`).
//!
//! Variants are named as `FromText` names them (`rename_all`, `rename`,
//! `alias`, serde's rules); a struct variant's fields by `rename`, `alias`,
//! the variant's `rename_all` or the enum's `rename_all_fields` (serde's
//! rules for fields), and may take `default` or `skip`. An externally
//! tagged enum of unit variants only binds from text too (a query value,
//! as `FromText` would); any other enum refuses text (`expected an
//! object`). This module reads and checks the attributes; `expand` writes
//! the impl.

mod expand;

use crate::attr::{crate_path, set_once, skip_value, ErrorSink, RenameRule};
use proc_macro2::{Span, TokenStream};
use syn::spanned::Spanned;
use syn::{
    Attribute, DataEnum, DeriveInput, Expr, Fields, GenericParam, Ident, Lifetime, LitStr, Path,
    Type,
};

/// How the enum's variant is told apart.
pub(crate) enum Tagging {
    /// `{"Variant": value}`, or `"Variant"` for a unit variant.
    External,
    /// `{"tag": "Variant", ..members}`.
    Internal(String),
    /// `{"tag": "Variant", "content": value}`.
    Adjacent(String, String),
}

pub(crate) struct Enum<'a> {
    pub ident: &'a Ident,
    pub lifetime: Option<&'a Lifetime>,
    pub krate: Path,
    pub tagging: Tagging,
    pub deny_unknown: bool,
    pub variants: Vec<Variant<'a>>,
}

pub(crate) struct Variant<'a> {
    pub ident: &'a Ident,
    /// Every spelling that selects it; the first is the one errors list.
    pub spellings: Vec<String>,
    pub kind: Kind<'a>,
}

pub(crate) enum Kind<'a> {
    Unit,
    /// `V(T)`.
    Newtype(Box<Ty>),
    /// `V(A, B, ..)` (or `V()`).
    Tuple(Vec<Ty>),
    /// `V { a: A, .. }`.
    Struct(Vec<StructField<'a>>),
}

/// A value's type as bound: its declared type, or `Box<T>` through core's
/// `Boxed<T>` (and unwrapped after).
pub(crate) struct Ty {
    pub ty: Type,
    pub boxed: Boxed,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Boxed {
    No,
    /// `Box<T>`, bound as `Boxed<T>`.
    Box,
    /// `Option<Box<T>>`, bound as `Option<Boxed<T>>`.
    OptionBox,
}

pub(crate) struct StructField<'a> {
    pub member: &'a Ident,
    pub declared: &'a Type,
    pub ty: Ty,
    /// The member names that select it (the first is its path in errors);
    /// empty for a skipped field (its `Default`).
    pub keys: Vec<String>,
    /// `Some(None)`: `Default::default()`; `Some(Some(e))`: `e`.
    pub default: Option<Option<Expr>>,
}

pub fn derive(
    input: &DeriveInput,
    data: &DataEnum,
    default_crate: &str,
) -> syn::Result<TokenStream> {
    let e = model(input, data, default_crate)?;
    Ok(expand::expand(&e))
}

/// The enum's own attributes.
#[derive(Default)]
struct Container {
    krate: Option<Path>,
    rename_all: Option<RenameRule>,
    rename_all_fields: Option<RenameRule>,
    tag: Option<LitStr>,
    content: Option<LitStr>,
    deny_unknown: Option<Span>,
}

fn rule(lit: &LitStr, errors: &mut ErrorSink) -> Option<RenameRule> {
    let rule = RenameRule::parse(&lit.value());
    if rule.is_none() {
        errors.push(syn::Error::new(lit.span(), RenameRule::UNKNOWN));
    }
    rule
}

/// Runs `f` on each `#[bind(..)]` item, collecting every error.
fn each_bind(
    attrs: &[Attribute],
    errors: &mut ErrorSink,
    mut f: impl FnMut(&syn::meta::ParseNestedMeta<'_>, &str, &mut ErrorSink) -> syn::Result<()>,
) {
    for attr in attrs.iter().filter(|a| a.path().is_ident("bind")) {
        let mut inner = ErrorSink::default();
        let result = attr.parse_nested_meta(|meta| {
            let name = meta
                .path
                .get_ident()
                .map(ToString::to_string)
                .unwrap_or_default();
            f(&meta, &name, &mut inner)
        });
        if let Err(e) = inner.finish() {
            errors.push(e);
        }
        if let Err(e) = result {
            errors.push(e);
        }
    }
}

fn container(input: &DeriveInput, errors: &mut ErrorSink) -> Container {
    let mut c = Container::default();
    each_bind(&input.attrs, errors, |meta, name, errors| {
        let span = meta.path.span();
        match name {
            "crate" => {
                let lit: LitStr = meta.value()?.parse()?;
                set_once(&mut c.krate, lit.parse::<Path>()?, span, "crate", errors);
            }
            "rename_all" | "rename_all_fields" => {
                let lit: LitStr = meta.value()?.parse()?;
                if let Some(r) = rule(&lit, errors) {
                    let slot = if name == "rename_all" {
                        &mut c.rename_all
                    } else {
                        &mut c.rename_all_fields
                    };
                    set_once(slot, r, span, name, errors);
                }
            }
            "tag" | "content" => {
                let lit: LitStr = meta.value()?.parse()?;
                if lit.value().is_empty() {
                    errors.push(syn::Error::new(lit.span(), "a member's name cannot be empty"));
                }
                let slot = if name == "tag" { &mut c.tag } else { &mut c.content };
                set_once(slot, lit, span, name, errors);
            }
            "deny_unknown_fields" => {
                set_once(&mut c.deny_unknown, span, span, name, errors);
            }
            "untagged" => errors.push(meta.error(
                "`untagged` is not supported: an enum binds from JSON externally tagged (the default), with `tag = \"..\"` (internally tagged) or with `tag` and `content` (adjacently tagged)",
            )),
            _ => {
                errors.push(meta.error(
                    "unknown attribute for Bind on an enum: expected `tag = \"...\"`, `content = \"...\"`, `rename_all = \"...\"`, `rename_all_fields = \"...\"`, `deny_unknown_fields` or `crate = \"...\"`",
                ));
                skip_value(meta)?;
            }
        }
        Ok(())
    });
    c
}

/// A variant's `rename`, `alias`es and `rename_all` (for its fields).
fn variant_attrs(
    v: &syn::Variant,
    errors: &mut ErrorSink,
) -> (Option<LitStr>, Vec<LitStr>, Option<RenameRule>) {
    let (mut rename, mut aliases, mut rename_all) = (None, Vec::new(), None);
    each_bind(&v.attrs, errors, |meta, name, errors| {
        let span = meta.path.span();
        match name {
            "rename" => set_once(&mut rename, meta.value()?.parse()?, span, name, errors),
            "alias" => aliases.push(meta.value()?.parse()?),
            "rename_all" => {
                let lit: LitStr = meta.value()?.parse()?;
                if let Some(r) = rule(&lit, errors) {
                    set_once(&mut rename_all, r, span, name, errors);
                }
            }
            _ => {
                errors.push(meta.error(
                    "unknown attribute for an enum's variant: expected `rename = \"...\"`, `alias = \"...\"` or `rename_all = \"...\"` (for a struct variant's fields)",
                ));
                skip_value(meta)?;
            }
        }
        Ok(())
    });
    (rename, aliases, rename_all)
}

/// A struct variant's field: its `rename`, `alias`es, `default` and `skip`.
struct FieldAttrs {
    rename: Option<LitStr>,
    aliases: Vec<LitStr>,
    default: Option<Option<Expr>>,
    skip: Option<Span>,
}

fn field_attrs(f: &syn::Field, named: bool, errors: &mut ErrorSink) -> FieldAttrs {
    let mut a = FieldAttrs {
        rename: None,
        aliases: Vec::new(),
        default: None,
        skip: None,
    };
    each_bind(&f.attrs, errors, |meta, name, errors| {
        let span = meta.path.span();
        if !named {
            errors.push(
                meta.error("a tuple variant's values are read by position and take no attributes"),
            );
            return skip_value(meta);
        }
        match name {
            "rename" => set_once(&mut a.rename, meta.value()?.parse()?, span, name, errors),
            "alias" => a.aliases.push(meta.value()?.parse()?),
            "skip" => set_once(&mut a.skip, span, span, name, errors),
            "default" => {
                let expr = if meta.input.peek(syn::Token![=]) {
                    Some(meta.value()?.parse::<Expr>()?)
                } else {
                    None
                };
                set_once(&mut a.default, expr, span, name, errors);
            }
            _ => {
                errors.push(meta.error(
                    "unknown attribute for a struct variant's field: expected `rename = \"...\"`, `alias = \"...\"`, `default`, `default = expr` or `skip` (a variant's fields come from its JSON object, so they name no source)",
                ));
                skip_value(meta)?;
            }
        }
        Ok(())
    });
    a
}

/// How a value of type `ty` binds: `Box<T>` and `Option<Box<T>>` through
/// core's `Boxed<T>` (as a struct's fields do), anything else as it is.
fn bound_ty(ty: &Type, krate: &Path) -> Ty {
    match crate::valid::wrap_box(ty, krate) {
        Some((ty, crate::valid::Wrap::Boxed)) => Ty {
            ty,
            boxed: Boxed::Box,
        },
        Some((ty, _)) => Ty {
            ty,
            boxed: Boxed::OptionBox,
        },
        None => Ty {
            ty: ty.clone(),
            boxed: Boxed::No,
        },
    }
}

fn model<'a>(
    input: &'a DeriveInput,
    data: &'a DataEnum,
    default_crate: &str,
) -> syn::Result<Enum<'a>> {
    let mut errors = ErrorSink::default();
    let c = container(input, &mut errors);
    let krate = crate_path(c.krate.clone(), default_crate);

    let mut lifetime = None;
    for param in &input.generics.params {
        match param {
            GenericParam::Lifetime(l) if lifetime.is_none() => lifetime = Some(&l.lifetime),
            other => errors.push(syn::Error::new(
                other.span(),
                "Bind on an enum supports one lifetime, the request's, and no type or const parameters",
            )),
        }
    }
    if data.variants.is_empty() {
        errors.push(syn::Error::new(
            input.ident.span(),
            "Bind needs an enum with at least one variant",
        ));
    }
    let tagging = match (&c.tag, &c.content) {
        (None, None) => Tagging::External,
        (Some(t), None) => Tagging::Internal(t.value()),
        (Some(t), Some(content)) => {
            if t.value() == content.value() {
                errors.push(syn::Error::new(
                    content.span(),
                    "`tag` and `content` must be different members",
                ));
            }
            Tagging::Adjacent(t.value(), content.value())
        }
        (None, Some(content)) => {
            errors.push(syn::Error::new(
                content.span(),
                "`content` names the member holding the variant's value beside its `tag`: add `tag = \"...\"`",
            ));
            Tagging::External
        }
    };

    let mut variants = Vec::new();
    let mut seen: Vec<(String, &Ident)> = Vec::new();
    for v in &data.variants {
        let (rename, aliases, rename_fields) = variant_attrs(v, &mut errors);
        let name = v.ident.to_string();
        let name = name.strip_prefix("r#").unwrap_or(&name).to_owned();
        let first = match &rename {
            Some(lit) => (lit.value(), lit.span()),
            None => (
                c.rename_all
                    .map_or_else(|| name.clone(), |r| crate::text::variant_name(r, &name)),
                v.ident.span(),
            ),
        };
        let mut spellings = vec![first];
        spellings.extend(aliases.iter().map(|a| (a.value(), a.span())));
        for (s, span) in &spellings {
            if let Some((_, other)) = seen.iter().find(|(t, _)| t == s) {
                errors.push(syn::Error::new(
                    *span,
                    format!("`{s}` already selects `{other}`: each spelling selects one variant"),
                ));
            } else {
                seen.push((s.clone(), &v.ident));
            }
        }
        let field_rule = rename_fields.or(c.rename_all_fields);
        let kind = match &v.fields {
            Fields::Unit => Kind::Unit,
            Fields::Unnamed(f) => {
                for field in &f.unnamed {
                    field_attrs(field, false, &mut errors);
                }
                let tys: Vec<Ty> = f.unnamed.iter().map(|f| bound_ty(&f.ty, &krate)).collect();
                if tys.len() == 1 {
                    Kind::Newtype(Box::new(tys.into_iter().next().expect("one")))
                } else {
                    if c.tag.is_some() && c.content.is_none() {
                        errors.push(syn::Error::new(
                            v.fields.span(),
                            "an internally tagged enum's variant holds members beside its tag, so it is a unit, struct or newtype variant (serde's rule): a tuple variant's values have no names; use `content = \"...\"` too (adjacently tagged) or a struct variant",
                        ));
                    }
                    Kind::Tuple(tys)
                }
            }
            Fields::Named(f) => Kind::Struct(struct_fields(f, field_rule, &c, &krate, &mut errors)),
        };
        variants.push(Variant {
            ident: &v.ident,
            spellings: spellings.into_iter().map(|(s, _)| s).collect(),
            kind,
        });
    }
    errors.finish()?;
    Ok(Enum {
        ident: &input.ident,
        lifetime,
        krate,
        tagging,
        deny_unknown: c.deny_unknown.is_some(),
        variants,
    })
}

fn struct_fields<'a>(
    f: &'a syn::FieldsNamed,
    rule: Option<RenameRule>,
    c: &Container,
    krate: &Path,
    errors: &mut ErrorSink,
) -> Vec<StructField<'a>> {
    let mut fields = Vec::new();
    let mut keys: Vec<String> = Vec::new();
    // Internally tagged, the tag shares the object with the fields.
    if c.content.is_none() {
        if let Some(tag) = &c.tag {
            keys.push(tag.value());
        }
    }
    for field in &f.named {
        let member = field.ident.as_ref().expect("named field");
        let a = field_attrs(field, true, errors);
        let mut names: Vec<(String, Span)> = Vec::new();
        if let Some(span) = a.skip {
            if a.rename.is_some() || a.default.is_some() || !a.aliases.is_empty() {
                errors.push(syn::Error::new(
                    span,
                    "a skipped field takes its Default and no other attribute",
                ));
            }
        } else {
            let ident = member.to_string();
            let ident = ident.strip_prefix("r#").unwrap_or(&ident).to_owned();
            names.push(match &a.rename {
                Some(lit) => (lit.value(), lit.span()),
                None => (
                    rule.map_or_else(|| ident.clone(), |r| r.apply(&ident)),
                    member.span(),
                ),
            });
            names.extend(a.aliases.iter().map(|l| (l.value(), l.span())));
        }
        for (key, span) in &names {
            if key.is_empty() {
                errors.push(syn::Error::new(*span, "a key cannot be empty"));
            } else if keys.contains(key) {
                let what = match &c.tag {
                    Some(tag) if c.content.is_none() && tag.value() == *key => "the enum's tag",
                    _ => "another field",
                };
                errors.push(syn::Error::new(
                    *span,
                    format!("`{key}` already names {what} in this variant's object"),
                ));
            }
            keys.push(key.clone());
        }
        fields.push(StructField {
            member,
            declared: &field.ty,
            ty: bound_ty(&field.ty, krate),
            keys: names.into_iter().map(|(k, _)| k).collect(),
            default: a.default,
        });
    }
    fields
}
