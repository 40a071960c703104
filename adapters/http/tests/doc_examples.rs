//! Every public item of binder-http, binder-hyper, binder-axum and
//! binder-actix, and of binder-core's tier-1 API, carries a runnable
//! example in its doc comment.
//!
//! Read from the source of the five crates, line by line, with a small
//! lexer (comments, strings, raw strings and char literals blanked, so
//! that a brace in one is not counted).
//!
//! # What is an item
//! A declaration that starts `pub fn` (`pub const fn`, `pub async fn`, ...),
//! `pub struct`, `pub enum`, `pub trait`, `pub const`, `pub type` or
//! `pub static`, either at the top level of a file in [`CHECKED`] or
//! directly inside an inherent `impl` of a public type of those files.
//! Left out: `pub(crate)` and `pub(super)` items; anything under a
//! `#[doc(hidden)]` or `#[cfg(test)]` item or module; items inside private
//! inline modules, function bodies and trait impls (`Display`, `From`,
//! ...: no example needed); enum variants and struct fields (the type's
//! example covers them); `pub use` and `pub mod` (a re-export shows the
//! docs of the item it names, which is checked where it is declared); the
//! members of a public trait, which are not declared `pub` (the trait's
//! own example shows them in use). Files of the five crates not in
//! [`CHECKED`] are listed in [`NOT_CHECKED`] with why; a file in neither
//! fails the test, so a new file cannot slip past.
//!
//! # What is an example
//! The item's own doc block (its `///` lines, with attributes between
//! them) holds a fenced code block that rustdoc runs: no info string, or
//! only `rust`, `should_panic` and `editionNNNN` in it, and an `assert` in
//! its body (an example that only compiles does not count). `no_run`
//! counts only for the items in [`NO_RUN`] (each needs a server or a
//! network), and then needs no `assert`. An `ignore` block anywhere in the
//! checked files' docs fails the test. An item in [`ALLOWLIST`] may go
//! without an example of its own when its owner's example calls it
//! (`.name(` or `::name` in the owner type's runnable code); the test
//! checks that it does, and that every entry of every table still matches
//! something.
//!
//! Run alone, with the counts: `cargo test -p binder-http --test
//! doc_examples -- --nocapture`. (Outside the workspace, in a packaged
//! binder-http, the other crates' sources are absent and the check is
//! skipped.)

use binder_test_support::sources::{in_workspace, root, rs_files};
use std::collections::{BTreeMap, BTreeSet};

/// Which public items of a file are public API.
enum Scope {
    /// Every one.
    All,
    /// Only these top-level items and the methods of these types; the
    /// file's other public items are reachable only as binder-core's own
    /// tier-2 API or through its `#[doc(hidden)]` module (the reason says
    /// which).
    Only(&'static [&'static str]),
}

/// A file whose items are checked: its path from the workspace root, which
/// of them, and why (for [`Scope::Only`], why the rest are left out).
struct Checked {
    path: &'static str,
    scope: Scope,
    why: &'static str,
}

const fn all(path: &'static str, why: &'static str) -> Checked {
    Checked {
        path,
        scope: Scope::All,
        why,
    }
}

const fn only(path: &'static str, items: &'static [&'static str], why: &'static str) -> Checked {
    Checked {
        path,
        scope: Scope::Only(items),
        why,
    }
}

/// The checked files.
const CHECKED: &[Checked] = &[
    // binder-http: every file.
    all("adapters/http/src/lib.rs", "binder-http's root"),
    all("adapters/http/src/error.rs", "binder_http::Error"),
    all("adapters/http/src/field.rs", "binder_http::field"),
    all("adapters/http/src/guide/mod.rs", "binder_http::guide"),
    all(
        "adapters/http/src/guide/types.rs",
        "binder_http::guide::types",
    ),
    all(
        "adapters/http/src/guide/bodies.rs",
        "binder_http::guide::bodies",
    ),
    all("adapters/http/src/length.rs", "binder_http::length"),
    all("adapters/http/src/problem.rs", "binder_http::PROBLEM_JSON"),
    all(
        "adapters/http/src/request.rs",
        "binder_http::request and the bind functions",
    ),
    // binder-hyper: every file.
    all("adapters/hyper/src/lib.rs", "binder-hyper's root"),
    all("adapters/hyper/src/body.rs", "read_body, read_request"),
    all(
        "adapters/hyper/src/spool/mod.rs",
        "bind_spooled, spool_body, SpoolOptions, SpoolError, SpooledBody (feature spool)",
    ),
    all(
        "adapters/hyper/src/spool/file.rs",
        "SpooledFile, StoredFile (feature spool)",
    ),
    all(
        "adapters/hyper/src/spool/sink.rs",
        "Sink, FileHead, TempFiles, Store (feature spool)",
    ),
    all(
        "adapters/hyper/src/spool/disk.rs",
        "crate-private, checked in case that changes",
    ),
    all(
        "adapters/hyper/src/spool/stream.rs",
        "crate-private, checked in case that changes",
    ),
    // binder-axum: every file.
    all("adapters/axum/src/lib.rs", "binder-axum's root"),
    all(
        "adapters/axum/src/limit.rs",
        "crate-private, checked in case that changes",
    ),
    all(
        "adapters/axum/src/path.rs",
        "crate-private, checked in case that changes",
    ),
    all(
        "adapters/axum/src/spool.rs",
        "Spooled, SpooledRejection (feature spool)",
    ),
    // binder-actix: every file.
    all("adapters/actix/src/lib.rs", "binder-actix's root"),
    all("adapters/actix/src/payload.rs", "ACTIX_DEFAULT_LIMIT"),
    all("adapters/actix/src/request.rs", "ActixRequest"),
    all(
        "adapters/actix/src/spool.rs",
        "Spooled, SpooledTo, SpooledRejection (feature spool)",
    ),
    // binder-core: what binder-http re-exports, and the tier-1 API.
    all("core/src/lib.rs", "binder-core's root"),
    all(
        "core/src/error.rs",
        "Error, ErrorKind, ValueError, ValueErrorKind",
    ),
    all("core/src/limits.rs", "Limits, Formats"),
    all(
        "core/src/bind/body.rs",
        "Body as binder_http::request::Body",
    ),
    all(
        "core/src/bind/context.rs",
        "Context, WithContext (binder-http's root)",
    ),
    all(
        "core/src/bind/mod.rs",
        "Bind, OwnedBind, FromBody; Parts, Request as binder_http::request",
    ),
    all(
        "core/src/bind/errors.rs",
        "BindError, Errors, FieldError, FieldErrorKind, Source (binder-http's root)",
    ),
    all(
        "core/src/bind/field_path.rs",
        "FieldPath (root); Segment, next_segment, split_path, parse_index and \
         KeyBytes (binder_http::field)",
    ),
    all(
        "core/src/bind/file.rs",
        "FilePart, UploadedFile (binder-http's root)",
    ),
    all(
        "core/src/bind/format.rs",
        "TextFormat, WithFormat (binder-http's root)",
    ),
    all(
        "core/src/bind/patch.rs",
        "Field for Option<Option<T>> (a trait impl), checked in case that changes",
    ),
    all("core/src/bind/raw_json.rs", "RawJson (binder-http's root)"),
    all(
        "core/src/bind/tuple.rs",
        "Value for tuples, arrays and () (trait impls), checked in case that changes",
    ),
    all(
        "core/src/bind/list.rs",
        "binder_http::field's Element; Field for Vec<T> and Option<Vec<T>> (trait impls)",
    ),
    all(
        "core/src/bind/map_field.rs",
        "map field impls (trait impls only), checked in case that changes",
    ),
    only(
        "core/src/bind/field.rs",
        &["Rejected", "Value", "Field"],
        "binder_http::field's Field, Value, Rejected; segment_text and \
         offer_in sit in a crate-private module, reachable \
         only through the #[doc(hidden)] module generated code names",
    ),
    all("core/src/bind/cx.rs", "binder_http::field's FieldCx"),
    only(
        "core/src/bind/json.rs",
        &[],
        "scalar, scalar_with and begin_nested are binder_core::bind::json \
         helpers for generated code, binder-core's tier 2, not re-exported \
         by binder-http",
    ),
    all(
        "core/src/convert/mod.rs",
        "binder_http::convert (FromText, parse_text, from_str, Parsed)",
    ),
    all(
        "core/src/convert/raw.rs",
        "binder_http::convert (Raw, Escapes)",
    ),
    all(
        "core/src/convert/serde.rs",
        "binder_http::convert::Serde (feature serde); the text deserializer \
         is crate-private",
    ),
    all(
        "core/src/convert/ext.rs",
        "FromText for IP and socket addresses, uuid, time, chrono, rust_decimal (trait impls only)",
    ),
    all(
        "core/src/convert/impls.rs",
        "FromText impls (trait impls only)",
    ),
    all(
        "core/src/borrow.rs",
        "binder_http::convert (Ref, Text, utf8)",
    ),
    all("core/src/json/mod.rs", "binder_http::json"),
    all(
        "core/src/json/number.rs",
        "binder_http::json (Number, FromNumber)",
    ),
    all(
        "core/src/json/string.rs",
        "binder_http::json (JsonStr, Name)",
    ),
    all(
        "core/src/json/reader/mod.rs",
        "binder_http::json (Reader, MAX_DEPTH)",
    ),
    all("core/src/json/reader/members.rs", "json::Reader's methods"),
    all("core/src/json/reader/scalars.rs", "json::Reader's methods"),
    all("core/src/json/reader/skip.rs", "json::Reader's methods"),
    all(
        "core/src/multipart/mod.rs",
        "multipart::parts* (tier 1), and the Input they read",
    ),
    all(
        "core/src/multipart/boundary.rs",
        "the Boundary multipart::parts* take",
    ),
    all(
        "core/src/multipart/part.rs",
        "Part, Param (binder_http::field, and what parts* yield)",
    ),
    all("core/src/multipart/parts.rs", "the iterator parts* return"),
    all(
        "core/src/multipart/feed.rs",
        "multipart::Feed, the resumable scan",
    ),
    all(
        "core/src/multipart/feed/event.rs",
        "what multipart::Feed hands out: Chunk, Event, PartHead, CarryTooSmall",
    ),
    all("core/src/cookie.rs", "cookie::* (tier 1)"),
    only(
        "core/src/form/mod.rs",
        &["pairs", "pairs_with", "Pairs"],
        "form::pairs and query::pairs (tier 1); \
         walk and Cursor are the single-pass matcher generated code drives \
         (through the #[doc(hidden)] module), binder-core's tier 2",
    ),
    all(
        "core/src/form/pair.rs",
        "form::Pair: what form::pairs and query::pairs yield (tier 1)",
    ),
    all(
        "core/src/form/feed.rs",
        "form::Feed and form::Keep: a form body read in chunks",
    ),
    all("core/src/query.rs", "query::pairs (tier 1)"),
    all("core/src/percent.rs", "percent::* (tier 1)"),
];

/// The files of the five crates that are not checked, and why.
const NOT_CHECKED: &[(&str, &str)] = &[
    (
        "core/src/__private.rs",
        "#[doc(hidden)]: what generated code names",
    ),
    (
        "core/src/bits.rs",
        "binder_core::bits (Bits, ByteSet): the derive's bookkeeping, \
         binder-core's tier 2, not re-exported by binder-http",
    ),
    (
        "core/src/bind/boxed.rs",
        "crate-private module (Boxed reaches users only through #[doc(hidden)])",
    ),
    (
        "core/src/bind/flatten.rs",
        "crate-private module: #[bind(flatten)]'s slot and helpers, named \
         only by generated code through #[doc(hidden)] __private",
    ),
    (
        "core/src/bind/variant.rs",
        "crate-private module: the JSON walks of enums with data, reached \
         only through #[doc(hidden)] __private_0_1 by #[derive(Bind)] on an \
         enum (shown in the guide)",
    ),
    (
        "core/src/bind/de/mod.rs",
        "crate-private module (feature serde): Value for Serde (a trait \
         impl) and the JSON deserializer behind it",
    ),
    (
        "core/src/bind/de/access.rs",
        "crate-private module (feature serde): the deserializer's \
         SeqAccess, MapAccess and EnumAccess",
    ),
    (
        "core/src/bind/de/error.rs",
        "crate-private module (feature serde): the deserializer's error",
    ),
    ("core/src/num.rs", "private module"),
    ("core/src/num/lemire.rs", "private module"),
    ("core/src/multipart/search.rs", "private module"),
    ("core/src/swar.rs", "private module"),
    ("core/src/text.rs", "private module"),
    ("core/src/convert/tests.rs", "unit tests"),
    ("core/src/json/reader/tests.rs", "unit tests"),
];

/// Why a getter or constructor may lean on its type's example.
const GETTER: &str = "a field getter or plain constructor: the type's example calls it";
/// Why a bit-set member may lean on its type's example.
const MEMBER: &str = "one of the set's named members: the type's example combines them";

/// Items that may go without an example of their own: their owner's
/// example calls them (the test checks it does). `(file, Owner::item,
/// why)`.
const ALLOWLIST: &[(&str, &str, &str)] = &[
    (
        "adapters/hyper/src/spool/file.rs",
        "SpooledFile::path",
        GETTER,
    ),
    (
        "adapters/hyper/src/spool/file.rs",
        "SpooledFile::filename",
        GETTER,
    ),
    (
        "adapters/hyper/src/spool/file.rs",
        "SpooledFile::content_type",
        GETTER,
    ),
    (
        "adapters/hyper/src/spool/file.rs",
        "SpooledFile::len",
        GETTER,
    ),
    (
        "adapters/hyper/src/spool/file.rs",
        "SpooledFile::is_empty",
        GETTER,
    ),
    (
        "adapters/hyper/src/spool/file.rs",
        "StoredFile::value",
        GETTER,
    ),
    (
        "adapters/hyper/src/spool/file.rs",
        "StoredFile::into_value",
        GETTER,
    ),
    (
        "adapters/hyper/src/spool/file.rs",
        "StoredFile::filename",
        GETTER,
    ),
    (
        "adapters/hyper/src/spool/file.rs",
        "StoredFile::content_type",
        GETTER,
    ),
    (
        "adapters/hyper/src/spool/file.rs",
        "StoredFile::len",
        GETTER,
    ),
    (
        "adapters/hyper/src/spool/file.rs",
        "StoredFile::is_empty",
        GETTER,
    ),
    ("adapters/hyper/src/spool/sink.rs", "FileHead::new", GETTER),
    ("adapters/hyper/src/spool/sink.rs", "FileHead::name", GETTER),
    (
        "adapters/hyper/src/spool/sink.rs",
        "FileHead::filename",
        GETTER,
    ),
    (
        "adapters/hyper/src/spool/sink.rs",
        "FileHead::content_type",
        GETTER,
    ),
    (
        "adapters/hyper/src/spool/mod.rs",
        "SpoolError::status",
        GETTER,
    ),
    (
        "adapters/hyper/src/spool/mod.rs",
        "SpoolError::request",
        GETTER,
    ),
    (
        "adapters/hyper/src/spool/mod.rs",
        "SpoolError::to_response",
        GETTER,
    ),
    (
        "adapters/hyper/src/spool/mod.rs",
        "SpooledBody::bytes",
        GETTER,
    ),
    (
        "adapters/hyper/src/spool/mod.rs",
        "SpooledBody::files",
        GETTER,
    ),
    ("core/src/error.rs", "Error::kind", GETTER),
    ("core/src/error.rs", "Error::offset", GETTER),
    ("core/src/error.rs", "ValueError::kind", GETTER),
    ("core/src/limits.rs", "Formats::NONE", MEMBER),
    ("core/src/limits.rs", "Formats::JSON", MEMBER),
    ("core/src/limits.rs", "Formats::FORM", MEMBER),
    ("core/src/limits.rs", "Formats::MULTIPART", MEMBER),
    ("core/src/limits.rs", "Formats::CUSTOM", MEMBER),
    ("core/src/limits.rs", "Formats::ALL", MEMBER),
    ("core/src/bind/format.rs", "WithFormat::new", GETTER),
    ("core/src/bind/context.rs", "WithContext::new", GETTER),
    ("core/src/bind/context.rs", "ContextValues::new", GETTER),
    ("core/src/bind/context.rs", "ContextValues::insert", GETTER),
    ("core/src/bind/context.rs", "ContextValues::get", GETTER),
    ("core/src/bind/context.rs", "WithContext::request", GETTER),
    ("core/src/bind/format.rs", "WithFormat::request", GETTER),
    ("core/src/bind/errors.rs", "FieldError::source", GETTER),
    ("core/src/bind/errors.rs", "FieldError::path", GETTER),
    ("core/src/bind/errors.rs", "FieldError::kind", GETTER),
    ("core/src/bind/errors.rs", "Errors::is_empty", GETTER),
    ("core/src/bind/errors.rs", "Errors::as_slice", GETTER),
    ("core/src/bind/errors.rs", "Errors::dropped", GETTER),
    ("core/src/bind/errors.rs", "Errors::is_full", GETTER),
    ("core/src/bind/file.rs", "FilePart::raw_filename", GETTER),
    ("core/src/bind/file.rs", "FilePart::content_type", GETTER),
    ("core/src/bind/file.rs", "FilePart::data", GETTER),
    ("core/src/bind/file.rs", "UploadedFile::filename", GETTER),
    (
        "core/src/bind/file.rs",
        "UploadedFile::content_type",
        GETTER,
    ),
    ("core/src/bind/file.rs", "UploadedFile::data", GETTER),
    ("core/src/bind/file.rs", "UploadedFile::len", GETTER),
    ("core/src/json/string.rs", "Name::key", GETTER),
    ("core/src/json/string.rs", "Name::raw", GETTER),
    ("core/src/multipart/mod.rs", "Input::new", GETTER),
    ("core/src/multipart/mod.rs", "Input::bytes", GETTER),
    (
        "core/src/multipart/boundary.rs",
        "Boundary::as_bytes",
        GETTER,
    ),
    ("core/src/multipart/part.rs", "Part::name", GETTER),
    ("core/src/multipart/part.rs", "Part::filename", GETTER),
    ("core/src/multipart/part.rs", "Part::is_file", GETTER),
    ("core/src/multipart/part.rs", "Part::content_type", GETTER),
    ("core/src/multipart/part.rs", "Part::headers", GETTER),
    ("core/src/multipart/part.rs", "Part::data", GETTER),
    ("core/src/multipart/part.rs", "Part::offset", GETTER),
    ("core/src/multipart/part.rs", "Param::raw", GETTER),
    ("core/src/multipart/feed/event.rs", "PartHead::name", GETTER),
    (
        "core/src/multipart/feed/event.rs",
        "PartHead::filename",
        GETTER,
    ),
    (
        "core/src/multipart/feed/event.rs",
        "PartHead::is_file",
        GETTER,
    ),
    (
        "core/src/multipart/feed/event.rs",
        "PartHead::content_type",
        GETTER,
    ),
    (
        "core/src/multipart/feed/event.rs",
        "PartHead::headers",
        GETTER,
    ),
    (
        "core/src/multipart/feed/event.rs",
        "PartHead::offset",
        GETTER,
    ),
    (
        "core/src/multipart/feed/event.rs",
        "CarryTooSmall::carry",
        GETTER,
    ),
    (
        "core/src/multipart/feed/event.rs",
        "CarryTooSmall::delimiter",
        GETTER,
    ),
    (
        "core/src/multipart/feed/event.rs",
        "CarryTooSmall::header_block",
        GETTER,
    ),
    (
        "core/src/multipart/feed/event.rs",
        "CarryTooSmall::needed",
        GETTER,
    ),
    ("core/src/cookie.rs", "Cursor::new", GETTER),
    ("core/src/cookie.rs", "Cursor::remaining", GETTER),
    ("core/src/cookie.rs", "Cookie::name", GETTER),
    ("core/src/cookie.rs", "Cookie::value", GETTER),
    ("core/src/cookie.rs", "Cookie::offset", GETTER),
    ("core/src/form/pair.rs", "Pair::key_as_sent", GETTER),
    ("core/src/form/pair.rs", "Pair::value_as_sent", GETTER),
    ("core/src/form/pair.rs", "Pair::offset", GETTER),
    ("core/src/form/pair.rs", "Pair::key_needs_decoding", GETTER),
    (
        "core/src/form/pair.rs",
        "Pair::value_needs_decoding",
        GETTER,
    ),
    ("core/src/form/feed.rs", "Feed::new", STEP),
    ("core/src/form/feed.rs", "Feed::input", STEP),
    ("core/src/form/feed.rs", "Feed::finish", STEP),
    ("core/src/form/feed.rs", "Input::next", STEP),
    ("core/src/form/feed.rs", "Keep::for_bind", STEP),
    ("core/src/form/feed.rs", "Keep::push", STEP),
    ("core/src/form/feed.rs", "Keep::finish", STEP),
];

/// Why a step of a pull scanner may lean on its type's example.
const STEP: &str = "one step of the read loop the type's example runs whole";

/// Items whose example may be `no_run`, and why. `(file, item, why)`.
const NO_RUN: &[(&str, &str, &str)] = &[];

/// Where a lexer stands between two characters.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Lex {
    Code,
    /// Inside `/* */`, this deep.
    Block(u32),
    /// Inside a string literal.
    Str,
    /// Inside a raw string literal closed by `"` and this many `#`.
    Raw(usize),
}

/// The code of `line`, with comments dropped and the contents of string
/// and char literals blanked (a literal is kept as `""` or `' '`), given
/// the lexer's state at its start; the state at its end.
fn code_of(line: &str, mut lex: Lex) -> (String, Lex) {
    let c: Vec<char> = line.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    let ident = |ch: char| ch.is_alphanumeric() || ch == '_';
    while i < c.len() {
        match lex {
            Lex::Block(d) => {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    lex = Lex::Block(d + 1);
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    lex = if d == 1 { Lex::Code } else { Lex::Block(d - 1) };
                    i += 2;
                } else {
                    i += 1;
                }
            }
            Lex::Str => {
                if c[i] == '\\' {
                    i += 2;
                } else {
                    if c[i] == '"' {
                        out.push('"');
                        lex = Lex::Code;
                    }
                    i += 1;
                }
            }
            Lex::Raw(n) => {
                if c[i] == '"' && (1..=n).all(|k| c.get(i + k) == Some(&'#')) {
                    out.push('"');
                    lex = Lex::Code;
                    i += 1 + n;
                } else {
                    i += 1;
                }
            }
            Lex::Code => {
                let ch = c[i];
                let prev_ident = i > 0 && ident(c[i - 1]);
                if ch == '/' && c.get(i + 1) == Some(&'/') {
                    break;
                } else if ch == '/' && c.get(i + 1) == Some(&'*') {
                    lex = Lex::Block(1);
                    i += 2;
                } else if ch == '"' {
                    out.push('"');
                    lex = Lex::Str;
                    i += 1;
                } else if (ch == 'r' || (ch == 'b' && c.get(i + 1) == Some(&'r')))
                    && (!prev_ident || (i >= 1 && c[i - 1] == 'b' && !(i >= 2 && ident(c[i - 2]))))
                {
                    // `r"`, `r#"`, `br"`: a raw string; else an identifier.
                    let start = if ch == 'b' { i + 2 } else { i + 1 };
                    let hashes = c[start..].iter().take_while(|&&h| h == '#').count();
                    if c.get(start + hashes) == Some(&'"') {
                        out.push('"');
                        lex = Lex::Raw(hashes);
                        i = start + hashes + 1;
                    } else {
                        out.push(ch);
                        i += 1;
                    }
                } else if ch == '\'' {
                    if c.get(i + 1) == Some(&'\\') {
                        // An escaped char literal: to its closing quote.
                        let close = (i + 3..c.len()).find(|&k| c[k] == '\'').unwrap_or(c.len());
                        out.push_str("' '");
                        i = close + 1;
                    } else if c.get(i + 2) == Some(&'\'') {
                        out.push_str("' '");
                        i += 3;
                    } else {
                        out.push(ch); // a lifetime
                        i += 1;
                    }
                } else {
                    out.push(ch);
                    i += 1;
                }
            }
        }
    }
    (out, lex)
}

/// What a `{` opens.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Ctx {
    /// Items are declared here: a file's top level, or an inherent impl of
    /// `owner`.
    Items { owner: Option<String> },
    /// Anything else: a body, a trait, a trait impl, a private or test
    /// module, a hidden item.
    Skip,
}

/// One public item found.
#[derive(Clone, Debug)]
struct Item {
    file: String,
    line: usize,
    /// `name`, or `Owner::name` for a method or associated const.
    name: String,
    kind: String,
    owner: Option<String>,
    doc: Vec<String>,
}

/// A statement at an items level, from its first line to its `;` or `{`.
struct Stmt {
    head: String,
    attrs: Vec<String>,
}

/// The kind and name of the item `line` declares, if it is a `pub` one
/// this test checks.
fn declared(line: &str) -> Option<(String, String)> {
    let rest = line.trim_start().strip_prefix("pub ")?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    let mut i = 0;
    let qualifier = |w: &str| matches!(w, "async" | "unsafe" | "extern" | "\"\"" | "default");
    loop {
        while words.get(i).is_some_and(|w| qualifier(w)) {
            i += 1;
        }
        // `const fn` (and `const unsafe fn`) is a function; `const X` a const.
        if words.get(i) == Some(&"const")
            && words
                .get(i + 1)
                .is_some_and(|w| matches!(*w, "fn" | "unsafe" | "async" | "extern"))
        {
            i += 1;
            continue;
        }
        break;
    }
    let kind = *words.get(i)?;
    if !matches!(
        kind,
        "fn" | "struct" | "enum" | "trait" | "const" | "type" | "static" | "union"
    ) {
        return None;
    }
    let mut next = *words.get(i + 1)?;
    if kind == "static" && next == "mut" {
        next = words.get(i + 2)?;
    }
    let name: String = next
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty()).then(|| (kind.to_owned(), name))
}

/// Whether `attrs` hide what they are on from the docs, or compile it only
/// for tests.
fn hidden(attrs: &[String]) -> bool {
    attrs.iter().any(|a| {
        let a: String = a.chars().filter(|c| !c.is_whitespace()).collect();
        a.contains("doc(hidden)") || a.starts_with("#[cfg(test)") || a.starts_with("#[cfg(all(test")
    })
}

/// What a statement's `{` opens.
fn opens(stmt: &Stmt) -> Ctx {
    if hidden(&stmt.attrs) {
        return Ctx::Skip;
    }
    let head = stmt.head.trim();
    let head = head.strip_prefix("unsafe ").unwrap_or(head);
    if let Some(mut rest) = head.strip_prefix("impl") {
        // The impl's own generics.
        if rest.starts_with('<') {
            let mut depth = 0;
            let mut end = rest.len();
            for (k, ch) in rest.char_indices() {
                match ch {
                    '<' => depth += 1,
                    '>' => {
                        depth -= 1;
                        if depth == 0 {
                            end = k + 1;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            rest = &rest[end..];
        }
        let rest = rest.split(" where").next().unwrap_or(rest);
        // A trait impl names `for` outside angle brackets.
        let mut depth = 0;
        let mut top = String::new();
        for ch in rest.chars() {
            match ch {
                '<' => depth += 1,
                '>' => depth -= 1,
                _ if depth == 0 => top.push(ch),
                _ => {}
            }
        }
        if top.split_whitespace().any(|w| w == "for") {
            return Ctx::Skip;
        }
        let ty = rest.trim().split('<').next().unwrap_or("").trim();
        let ty = ty.rsplit("::").next().unwrap_or(ty).to_owned();
        return Ctx::Items { owner: Some(ty) };
    }
    if head.starts_with("pub mod ") {
        return Ctx::Items { owner: None };
    }
    Ctx::Skip
}

/// Every public item of `text` (see the crate docs), and every line of its
/// docs (`///` and `//!`) with its number.
fn items_of(file: &str, text: &str) -> (Vec<Item>, Vec<(usize, String)>) {
    let mut items = Vec::new();
    let mut docs = Vec::new();
    let mut stack: Vec<Ctx> = vec![Ctx::Items { owner: None }];
    let mut lex = Lex::Code;
    let mut doc: Vec<String> = Vec::new();
    let mut attrs: Vec<String> = Vec::new();
    // An attribute being read across lines, and its bracket depth.
    let mut attr: Option<(String, i32)> = None;
    let mut stmt: Option<Stmt> = None;
    for (n, line) in text.lines().enumerate() {
        let n = n + 1;
        let trimmed = line.trim();
        let at_items = matches!(stack.last(), Some(Ctx::Items { .. }));
        if lex == Lex::Code && (trimmed.starts_with("///") || trimmed.starts_with("//!")) {
            docs.push((n, trimmed[3..].to_owned()));
            if at_items && trimmed.starts_with("///") && !trimmed.starts_with("////") {
                doc.push(trimmed[3..].to_owned());
            }
            continue;
        }
        let start = lex;
        let (code, end) = code_of(line, lex);
        lex = end;
        // A line that starts inside a literal or comment is no statement's
        // start; its code after the literal still counts for braces.
        if at_items && start == Lex::Code {
            if let Some((mut text, mut depth)) = attr.take() {
                text.push_str(&code);
                depth += code.matches('[').count() as i32 - code.matches(']').count() as i32;
                if depth > 0 {
                    attr = Some((text, depth));
                } else {
                    attrs.push(text);
                }
                continue;
            }
            if stmt.is_none() {
                if trimmed.is_empty() || code.trim().is_empty() {
                    continue;
                }
                if trimmed.starts_with("#!") {
                    continue;
                }
                if trimmed.starts_with("#[") {
                    let depth = code.matches('[').count() as i32 - code.matches(']').count() as i32;
                    if depth > 0 {
                        attr = Some((code.clone(), depth));
                    } else {
                        attrs.push(code.clone());
                    }
                    continue;
                }
                let s = Stmt {
                    head: String::new(),
                    attrs: std::mem::take(&mut attrs),
                };
                let owner = match stack.last() {
                    Some(Ctx::Items { owner }) => owner.clone(),
                    _ => None,
                };
                if let Some((kind, name)) = declared(&code) {
                    if !hidden(&s.attrs) {
                        items.push(Item {
                            file: file.to_owned(),
                            line: n,
                            name: match &owner {
                                Some(o) => format!("{o}::{name}"),
                                None => name,
                            },
                            kind,
                            owner,
                            doc: std::mem::take(&mut doc),
                        });
                    }
                }
                doc.clear();
                stmt = Some(s);
            }
        }
        for ch in code.chars() {
            let items_level = matches!(stack.last(), Some(Ctx::Items { .. }));
            match ch {
                '{' if items_level => {
                    let ctx = stmt.take().map_or(Ctx::Skip, |s| opens(&s));
                    stack.push(ctx);
                }
                '{' => stack.push(Ctx::Skip),
                '}' => {
                    stack.pop();
                    assert!(!stack.is_empty(), "{file}:{n}: unbalanced braces");
                    stmt = None;
                }
                ';' if items_level => stmt = None,
                _ if items_level => {
                    if let Some(s) = stmt.as_mut() {
                        s.head.push(ch);
                    }
                }
                _ => {}
            }
        }
        if let Some(s) = stmt.as_mut() {
            s.head.push(' ');
        }
    }
    assert_eq!(stack.len(), 1, "{file}: unbalanced braces");
    (items, docs)
}

/// A fenced code block in a doc block: its info string and its body.
struct Fence {
    info: String,
    body: String,
}

fn fences(doc: &[String]) -> Vec<Fence> {
    let mut out = Vec::new();
    let mut open: Option<Fence> = None;
    for line in doc {
        let t = line.trim();
        if let Some(info) = t.strip_prefix("```") {
            match open.take() {
                Some(f) => out.push(f),
                None => {
                    open = Some(Fence {
                        info: info.trim().to_owned(),
                        body: String::new(),
                    })
                }
            }
        } else if let Some(f) = open.as_mut() {
            f.body.push_str(line);
            f.body.push('\n');
        }
    }
    out
}

/// The info-string words of a fence.
fn words(info: &str) -> Vec<&str> {
    info.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect()
}

/// Whether rustdoc runs (or, with `no_run`, builds) a fence as Rust.
fn rust(f: &Fence) -> bool {
    words(&f.info)
        .iter()
        .all(|w| matches!(*w, "rust" | "no_run" | "should_panic") || w.starts_with("edition"))
}

fn no_run(f: &Fence) -> bool {
    words(&f.info).contains(&"no_run")
}

/// The crate a path is in.
fn crate_of(path: &str) -> &'static str {
    match path.split('/').nth(1) {
        _ if path.starts_with("core/") => "binder-core",
        Some("http") => "binder-http",
        Some("hyper") => "binder-hyper",
        Some("axum") => "binder-axum",
        Some("actix") => "binder-actix",
        _ => unreachable!("{path}"),
    }
}

#[test]
fn every_public_item_has_a_runnable_example() {
    // Run from a packaged binder-http (crates.io's tarball), the other
    // crates' sources are not there to read: nothing to check.
    if !in_workspace() {
        return;
    }
    let mut failures: Vec<String> = Vec::new();

    // Every file of the five crates is in one table or the other.
    let mut all_files = Vec::new();
    for dir in [
        "core/src",
        "adapters/http/src",
        "adapters/hyper/src",
        "adapters/axum/src",
        "adapters/actix/src",
    ] {
        rs_files(dir, &mut all_files);
    }
    for (file, why) in CHECKED
        .iter()
        .map(|c| (c.path, c.why))
        .chain(NOT_CHECKED.iter().copied())
    {
        if why.trim().is_empty() {
            failures.push(format!("{file}: listed without a reason"));
        }
    }
    let checked: BTreeSet<&str> = CHECKED.iter().map(|c| c.path).collect();
    let not_checked: BTreeSet<&str> = NOT_CHECKED.iter().map(|c| c.0).collect();
    for f in &all_files {
        match (
            checked.contains(f.as_str()),
            not_checked.contains(f.as_str()),
        ) {
            (false, false) => failures.push(format!(
                "{f}: in neither CHECKED nor NOT_CHECKED (add it to one, with why)"
            )),
            (true, true) => failures.push(format!("{f}: in both CHECKED and NOT_CHECKED")),
            _ => {}
        }
    }
    for f in checked.iter().chain(&not_checked) {
        if !all_files.iter().any(|a| a == f) {
            failures.push(format!("{f}: listed, but no such file"));
        }
    }

    // Every public item of the checked files, in scope.
    let mut found: Vec<Item> = Vec::new();
    let mut excluded: Vec<String> = Vec::new();
    for c in CHECKED {
        let text = std::fs::read_to_string(root().join(c.path)).unwrap();
        let (items, docs) = items_of(c.path, &text);
        for (n, line) in &docs {
            if let Some(info) = line.trim().strip_prefix("```") {
                if words(info).contains(&"ignore") {
                    failures.push(format!("{}:{n}: an `ignore` example", c.path));
                }
            }
        }
        for item in items {
            let top = item.owner.as_deref().unwrap_or(&item.name).to_owned();
            match &c.scope {
                Scope::Only(names) if !names.contains(&top.as_str()) => {
                    excluded.push(format!("{}:{} {}", item.file, item.line, item.name))
                }
                _ => found.push(item),
            }
        }
        if let Scope::Only(names) = &c.scope {
            for name in *names {
                if !found.iter().any(|i| i.file == c.path && i.name == *name) {
                    failures.push(format!("{}: `{name}` is listed but not found", c.path));
                }
            }
        }
    }
    // Methods of a type that is not public (or out of scope) are not API.
    let types: BTreeSet<String> = found
        .iter()
        .filter(|i| {
            i.owner.is_none()
                && matches!(
                    i.kind.as_str(),
                    "struct" | "enum" | "type" | "trait" | "union"
                )
        })
        .map(|i| i.name.clone())
        .collect();
    found.retain(|i| i.owner.as_ref().is_none_or(|o| types.contains(o)));

    // The runnable code of each type's own doc block, for the allowlist,
    // by file and name.
    let mut owner_code: BTreeMap<(String, String), String> = BTreeMap::new();
    for i in found.iter().filter(|i| types.contains(&i.name)) {
        let code: String = fences(&i.doc)
            .into_iter()
            .filter(|f| rust(f) && !no_run(f))
            .map(|f| f.body)
            .collect();
        owner_code.insert((i.file.clone(), i.name.clone()), code);
    }
    // A member's owner: declared in its file, else the one type of that
    // name in its crate (an impl in another file).
    let code_of_owner = |item: &Item, owner: &str| -> Option<&String> {
        if let Some(code) = owner_code.get(&(item.file.clone(), owner.to_owned())) {
            return Some(code);
        }
        let mut same = owner_code
            .iter()
            .filter(|((f, n), _)| n == owner && crate_of(f) == crate_of(&item.file));
        match (same.next(), same.next()) {
            (Some((_, code)), None) => Some(code),
            _ => None,
        }
    };

    let mut used_allow = BTreeSet::new();
    let mut used_no_run = BTreeSet::new();
    // Per crate: items checked, with an example of their own, allowlisted.
    let mut counts: BTreeMap<&str, (usize, usize, usize)> = BTreeMap::new();
    for item in &found {
        let count = counts.entry(crate_of(&item.file)).or_default();
        count.0 += 1;
        let fs = fences(&item.doc);
        let may_no_run = NO_RUN
            .iter()
            .position(|(f, n, _)| *f == item.file && *n == item.name);
        let mut ok = false;
        let mut why_not = "no example";
        for f in fs.iter().filter(|f| rust(f)) {
            if no_run(f) {
                match may_no_run {
                    Some(k) => {
                        used_no_run.insert(k);
                        ok = true;
                    }
                    None => why_not = "a `no_run` example, and the item is not in NO_RUN",
                }
            } else if f.body.contains("assert") {
                ok = true;
            } else {
                why_not = "an example that asserts nothing";
            }
        }
        if ok {
            count.1 += 1;
            continue;
        }
        let allowed = ALLOWLIST
            .iter()
            .position(|(f, n, _)| *f == item.file && *n == item.name);
        if let (Some(k), Some(owner)) = (allowed, &item.owner) {
            let member = item.name.rsplit("::").next().unwrap();
            let code = code_of_owner(item, owner).map_or("", String::as_str);
            if code.contains(&format!(".{member}(")) || code.contains(&format!("::{member}")) {
                used_allow.insert(k);
                count.2 += 1;
                continue;
            }
            why_not = "allowlisted, but its owner's example does not call it";
        }
        failures.push(format!(
            "{}:{} {} ({}): {why_not}",
            item.file, item.line, item.name, item.kind
        ));
    }
    for (k, (f, n, _)) in ALLOWLIST.iter().enumerate() {
        if !used_allow.contains(&k) && !found.iter().any(|i| i.file == *f && i.name == *n) {
            failures.push(format!("ALLOWLIST: {f} {n} matches no item"));
        }
    }
    for (k, (f, n, _)) in NO_RUN.iter().enumerate() {
        if !used_no_run.contains(&k) {
            failures.push(format!("NO_RUN: {f} {n} matches no `no_run` example"));
        }
    }

    println!("crate: items checked, with an example of their own, allowlisted");
    for (krate, (n, ex, al)) in &counts {
        println!("  {krate}: {n}, {ex}, {al}");
    }
    println!("left out by a file's scope ({}):", excluded.len());
    for e in &excluded {
        println!("  {e}");
    }
    assert!(
        failures.is_empty(),
        "{} public items or entries fail the rule (see this file's docs):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_lexer_blanks_literals_and_comments() {
    let (code, lex) = code_of(r#"let a = "{"; let b = '{'; // {"#, Lex::Code);
    assert_eq!((code.matches('{').count(), lex), (0, Lex::Code));
    let (code, _) = code_of(r##"f(r#"}"#, b'}', '\'', 'a: loop {"##, Lex::Code);
    assert_eq!(
        (code.matches('}').count(), code.matches('{').count()),
        (0, 1)
    );
    let (_, lex) = code_of(r#"let s = "open"#, Lex::Code);
    assert_eq!(lex, Lex::Str);
    let (code, lex) = code_of(r#"still" { /* x"#, Lex::Str);
    assert_eq!((code.matches('{').count(), lex), (1, Lex::Block(1)));
}

#[test]
fn declarations_are_read_as_items() {
    let d = |s: &str| declared(s).map(|(k, n)| format!("{k} {n}"));
    assert_eq!(d("pub const fn new() -> Self {").as_deref(), Some("fn new"));
    assert_eq!(d("pub const MAX: usize = 1;").as_deref(), Some("const MAX"));
    assert_eq!(d("pub async fn bind<T>(").as_deref(), Some("fn bind"));
    assert_eq!(
        d("pub struct Bound<T>(pub T);").as_deref(),
        Some("struct Bound")
    );
    assert_eq!(d("pub(crate) fn x() {}"), None);
    assert_eq!(d("pub use a::b;"), None);
    assert_eq!(d("pub mod guide;"), None);
    let (items, _) = items_of(
        "x.rs",
        "/// A.\n/// ```\n/// assert!(true);\n/// ```\npub struct A;\n\
         impl A {\n    /// New.\n    pub fn new() -> A { A }\n    fn private() {}\n}\n\
         impl Clone for A {\n    fn clone(&self) -> A { A }\n}\n\
         #[cfg(test)]\nmod tests {\n    pub fn hidden() {}\n}\n\
         #[doc(hidden)]\npub fn also_hidden() {}\n\
         pub trait T {\n    fn member(&self);\n}\n",
    );
    let names: Vec<_> = items.iter().map(|i| i.name.as_str()).collect();
    assert_eq!(names, ["A", "A::new", "T"]);
    assert_eq!(fences(&items[0].doc).len(), 1);
}
