//! Reading `#[bind(...)]` attributes. Every attribute keeps its span, a
//! repeated or unknown one is an error at its own tokens, and every error
//! is collected before any is reported.

use proc_macro2::Span;
use syn::{Attribute, Expr, LitStr, Path};

/// Where a field's value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Path,
    Query,
    Header,
    Cookie,
    Body,
    Context,
}

impl Source {
    pub fn name(self) -> &'static str {
        match self {
            Source::Path => "path",
            Source::Query => "query",
            Source::Header => "header",
            Source::Cookie => "cookie",
            Source::Body => "body",
            Source::Context => "context",
        }
    }

    fn from_ident(s: &str) -> Option<Self> {
        Some(match s {
            "path" => Source::Path,
            "query" => Source::Query,
            "header" => Source::Header,
            "cookie" => Source::Cookie,
            "body" => Source::Body,
            "context" => Source::Context,
            _ => return None,
        })
    }
}

/// A field's attributes.
pub struct FieldAttrs {
    /// The source, the key if one was written (with its span), and the
    /// attribute's span.
    pub source: Option<(Source, Option<LitStr>, Span)>,
    pub required: Option<Span>,
    pub default: Option<(Option<Expr>, Span)>,
    pub skip: Option<Span>,
    pub from_str: Option<Span>,
    /// `serde`: the value through the type's `Deserialize` (core's `Serde`).
    pub serde: Option<Span>,
    pub raw_body: Option<Span>,
    pub keep_quotes: Option<Span>,
    /// `flatten`: a struct's members read as the parent's own keys.
    pub flatten: Option<Span>,
    /// `whole_body`: the whole JSON body is the field's value.
    pub whole_body: Option<Span>,
}

/// The container's attributes.
pub struct ContainerAttrs {
    pub krate: Option<Path>,
    pub rename_all: Option<(RenameRule, Span)>,
    /// A function `fn(&Self, &mut Errors)` run after a successful bind.
    pub validate: Option<Path>,
    /// `deny_unknown_fields`: a JSON member no field has is refused.
    pub deny_unknown_fields: Option<Span>,
    /// `strict`: a JSON scalar of another kind than the field's type takes
    /// is refused, not converted.
    pub strict: Option<Span>,
    /// The source of every field that names none, and the attribute's span.
    pub source: Option<(Source, Span)>,
    /// The body formats the type binds from, and the attribute's span.
    pub accept: Option<(Accept, Span)>,
}

/// The body formats a type accepts (`#[bind(accept = "json, form")]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accept {
    pub json: bool,
    pub form: bool,
    pub multipart: bool,
    pub custom: bool,
}

impl Accept {
    /// Every format: the default.
    pub const ALL: Accept = Accept {
        json: true,
        form: true,
        multipart: true,
        custom: false,
    };

    /// Reads a comma-separated list of `json`, `form` and `multipart`, each
    /// once; every problem is reported at the literal.
    fn parse(lit: &LitStr, errors: &mut ErrorSink) -> Option<Accept> {
        const FORMATS: &str = "`json` (application/json and +json types), `form` (application/x-www-form-urlencoded), `multipart` (multipart/form-data) or `custom` (a `TextFormat` of the service's own)";
        let mut out = Accept {
            json: false,
            form: false,
            multipart: false,
            custom: false,
        };
        let mut ok = true;
        let value = lit.value();
        for item in value.split(',').map(str::trim) {
            let slot = match item {
                "json" => &mut out.json,
                "form" => &mut out.form,
                "multipart" => &mut out.multipart,
                "custom" => &mut out.custom,
                "" => {
                    errors.push(syn::Error::new(
                        lit.span(),
                        format!("`accept` lists body formats separated by commas, each one of {FORMATS}; this list has an empty one"),
                    ));
                    ok = false;
                    continue;
                }
                other => {
                    let lower = other.to_ascii_lowercase();
                    let hint = if lower.contains("json") {
                        " (did you mean `json`?)"
                    } else if lower.contains("urlencoded") {
                        " (did you mean `form`?)"
                    } else if lower.contains("multipart") || lower.contains("form-data") {
                        " (did you mean `multipart`?)"
                    } else {
                        ""
                    };
                    errors.push(syn::Error::new(
                        lit.span(),
                        format!("unknown body format `{other}` in `accept`{hint}: use {FORMATS}, separated by commas"),
                    ));
                    ok = false;
                    continue;
                }
            };
            if *slot {
                errors.push(syn::Error::new(
                    lit.span(),
                    format!("`{item}` is listed twice in `accept`"),
                ));
                ok = false;
            }
            *slot = true;
        }
        ok.then_some(out)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RenameRule {
    Lower,
    Upper,
    Pascal,
    Camel,
    Snake,
    ScreamingSnake,
    Kebab,
}

impl RenameRule {
    /// The error for a rule that is none of these.
    pub const UNKNOWN: &'static str = "unknown rename rule: use one of lowercase, UPPERCASE, PascalCase, camelCase, snake_case, SCREAMING_SNAKE_CASE, kebab-case";

    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "lowercase" => RenameRule::Lower,
            "UPPERCASE" => RenameRule::Upper,
            "PascalCase" => RenameRule::Pascal,
            "camelCase" => RenameRule::Camel,
            "snake_case" => RenameRule::Snake,
            "SCREAMING_SNAKE_CASE" => RenameRule::ScreamingSnake,
            "kebab-case" => RenameRule::Kebab,
            _ => return None,
        })
    }

    /// Applies the rule to a snake_case field name.
    pub fn apply(self, field: &str) -> String {
        match self {
            RenameRule::Lower | RenameRule::Snake => field.to_owned(),
            RenameRule::Upper | RenameRule::ScreamingSnake => field.to_ascii_uppercase(),
            RenameRule::Kebab => field.replace('_', "-"),
            RenameRule::Pascal | RenameRule::Camel => {
                let mut out = String::new();
                let mut upper = self == RenameRule::Pascal;
                for c in field.chars() {
                    if c == '_' {
                        upper = true;
                    } else if upper {
                        out.extend(c.to_uppercase());
                        upper = false;
                    } else {
                        out.push(c);
                    }
                }
                out
            }
        }
    }
}

/// Keeps the first error and combines the rest into it.
#[derive(Default)]
pub struct ErrorSink(Option<syn::Error>);

impl ErrorSink {
    pub fn push(&mut self, e: syn::Error) {
        match &mut self.0 {
            Some(first) => first.combine(e),
            None => self.0 = Some(e),
        }
    }

    pub fn finish(self) -> syn::Result<()> {
        self.0.map_or(Ok(()), Err)
    }
}

pub fn set_once<T>(slot: &mut Option<T>, value: T, span: Span, what: &str, errors: &mut ErrorSink) {
    if slot.is_some() {
        errors.push(syn::Error::new(
            span,
            format!("duplicate `{what}` attribute"),
        ));
    } else {
        *slot = Some(value);
    }
}

/// The crate generated code names: `crate = "..."`'s path, else
/// `::default_crate`.
pub fn crate_path(krate: Option<Path>, default_crate: &str) -> Path {
    krate.unwrap_or_else(|| {
        let ident = syn::Ident::new(default_crate, Span::call_site());
        syn::parse_quote!(::#ident)
    })
}

pub fn container(attrs: &[Attribute], errors: &mut ErrorSink) -> ContainerAttrs {
    let mut out = ContainerAttrs {
        krate: None,
        rename_all: None,
        validate: None,
        deny_unknown_fields: None,
        strict: None,
        source: None,
        accept: None,
    };
    for attr in attrs.iter().filter(|a| a.path().is_ident("bind")) {
        let result = attr.parse_nested_meta(|meta| {
            let span = meta.path.span_of_ident();
            let ident = meta.path.get_ident().map(ToString::to_string).unwrap_or_default();
            if let Some(source) = Source::from_ident(&ident) {
                if meta.input.peek(syn::Token![=]) {
                    errors.push(meta.error(format!(
                        "a struct's source takes no name: `#[bind({})]` on the struct gives each field without a source of its own that source, under the field's own name",
                        source.name()
                    )));
                    skip_value(&meta)?;
                }
                match &out.source {
                    Some((first, _)) => errors.push(syn::Error::new(
                        span,
                        format!(
                            "a struct has one default source: `{}` is already given, so `{}` cannot be",
                            first.name(),
                            source.name()
                        ),
                    )),
                    None => out.source = Some((source, span)),
                }
            } else if meta.path.is_ident("accept") {
                let lit: LitStr = meta.value()?.parse()?;
                if let Some(accept) = Accept::parse(&lit, errors) {
                    set_once(&mut out.accept, (accept, span), span, "accept", errors);
                }
            } else if meta.path.is_ident("crate") {
                let lit: LitStr = meta.value()?.parse()?;
                let path: Path = lit.parse()?;
                set_once(&mut out.krate, path, span, "crate", errors);
            } else if meta.path.is_ident("deny_unknown_fields") {
                set_once(&mut out.deny_unknown_fields, span, span, "deny_unknown_fields", errors);
            } else if meta.path.is_ident("strict") {
                set_once(&mut out.strict, span, span, "strict", errors);
            } else if meta.path.is_ident("validate") {
                let path: Path = meta.value()?.parse()?;
                set_once(&mut out.validate, path, span, "validate", errors);
            } else if meta.path.is_ident("rename_all") {
                let lit: LitStr = meta.value()?.parse()?;
                match RenameRule::parse(&lit.value()) {
                    Some(rule) => set_once(&mut out.rename_all, (rule, span), span, "rename_all", errors),
                    None => errors.push(syn::Error::new(lit.span(), RenameRule::UNKNOWN)),
                }
            } else {
                errors.push(meta.error(
                    "unknown container attribute: expected a source for every field without one (`path`, `query`, `header`, `cookie`, `body` or `context`), `accept = \"...\"`, `crate = \"...\"`, `deny_unknown_fields`, `rename_all = \"...\"`, `strict` or `validate = path::to::fn`",
                ));
                skip_value(&meta)?;
            }
            Ok(())
        });
        if let Err(e) = result {
            errors.push(e);
        }
    }
    out
}

pub fn field(attrs: &[Attribute], errors: &mut ErrorSink) -> FieldAttrs {
    let mut out = FieldAttrs {
        source: None,
        required: None,
        default: None,
        skip: None,
        from_str: None,
        serde: None,
        raw_body: None,
        keep_quotes: None,
        flatten: None,
        whole_body: None,
    };
    for attr in attrs.iter().filter(|a| a.path().is_ident("bind")) {
        let result = attr.parse_nested_meta(|meta| {
            let span = meta.path.span_of_ident();
            let ident = meta.path.get_ident().map(ToString::to_string).unwrap_or_default();
            if let Some(source) = Source::from_ident(&ident) {
                let key = if meta.input.peek(syn::Token![=]) {
                    Some(meta.value()?.parse::<LitStr>()?)
                } else {
                    None
                };
                match &out.source {
                    Some((first, _, _)) => errors.push(syn::Error::new(
                        span,
                        format!(
                            "a field binds from one source: `{}` is already given, so `{}` cannot be",
                            first.name(),
                            source.name()
                        ),
                    )),
                    None => out.source = Some((source, key, span)),
                }
            } else if ident == "required" {
                set_once(&mut out.required, span, span, "required", errors);
            } else if ident == "raw_body" {
                set_once(&mut out.raw_body, span, span, "raw_body", errors);
            } else if ident == "whole_body" {
                set_once(&mut out.whole_body, span, span, "whole_body", errors);
            } else if ident == "flatten" {
                set_once(&mut out.flatten, span, span, "flatten", errors);
            } else if ident == "keep_quotes" {
                set_once(&mut out.keep_quotes, span, span, "keep_quotes", errors);
            } else if ident == "from_str" {
                set_once(&mut out.from_str, span, span, "from_str", errors);
            } else if ident == "serde" {
                set_once(&mut out.serde, span, span, "serde", errors);
            } else if ident == "skip" {
                set_once(&mut out.skip, span, span, "skip", errors);
            } else if ident == "default" {
                let expr = if meta.input.peek(syn::Token![=]) {
                    Some(meta.value()?.parse::<Expr>()?)
                } else {
                    None
                };
                set_once(&mut out.default, (expr, span), span, "default", errors);
            } else {
                errors.push(meta.error(
                    "unknown field attribute: expected a source (`path`, `query`, `header`, `cookie`, `body`, `context`, each with an optional `= \"name\"`), `required`, `default`, `default = expr`, `from_str`, `serde`, `keep_quotes`, `flatten`, `raw_body`, `whole_body` or `skip`",
                ));
                skip_value(&meta)?;
            }
            Ok(())
        });
        if let Err(e) = result {
            errors.push(e);
        }
    }
    out
}

/// Consumes `= value` after an unknown name so parsing can go on.
pub fn skip_value(meta: &syn::meta::ParseNestedMeta<'_>) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        meta.value()?.parse::<Expr>()?;
    }
    Ok(())
}

trait SpanOfIdent {
    fn span_of_ident(&self) -> Span;
}

impl SpanOfIdent for Path {
    fn span_of_ident(&self) -> Span {
        self.segments
            .last()
            .map_or_else(Span::call_site, |s| s.ident.span())
    }
}
