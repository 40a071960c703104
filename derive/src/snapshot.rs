//! Expansion snapshots: what the derive writes for three representative
//! structs, pretty-printed and compared with the files committed in
//! `tests/expand/`, so that any change to the generated code shows in a
//! diff and is reviewed as one. The structs are never compiled here (only
//! parsed), so their field types need not exist.
//!
//! A change that is meant: `BLESS=1 cargo test -p binder-derive snapshot`
//! (or `BINDER_BLESS=1`) rewrites the files; review them with `git diff`.
//! The files sit in a subdirectory of `tests/`, where cargo looks for no
//! test targets, and each starts with its input as a comment.

use crate::expand;
use std::path::{Path, PathBuf};
use syn::{parse_quote, DeriveInput};

/// Every source but the body, in an owned struct (so `OwnedBind` is
/// generated): `Option`, `Vec`, `from_str`, both kinds of `default`,
/// `required`, `skip`, `keep_quotes`, `rename_all`, explicit names and
/// `validate`.
#[test]
fn query_path_header_cookie() {
    check(
        "query_path_header_cookie",
        parse_quote! {
            #[bind(rename_all = "camelCase", validate = Search::check)]
            struct Search {
                #[bind(path = "team")]
                team_id: u32,
                #[bind(query, required)]
                q: String,
                #[bind(query)]
                page_size: Option<u32>,
                #[bind(query = "tag")]
                tags: Vec<String>,
                #[bind(query, default = 20)]
                limit: u32,
                #[bind(query, default)]
                offset: u64,
                #[bind(query, from_str)]
                allow: Vec<IpAddr>,
                #[bind(header = "X-Request-ID")]
                trace: Option<String>,
                #[bind(header)]
                x_api_version: u8,
                #[bind(cookie)]
                session: String,
                #[bind(cookie, keep_quotes)]
                pref: Option<String>,
                #[bind(skip)]
                computed: Vec<u8>,
            }
        },
    );
}

/// A JSON-only body borrowing from the request: `&'r str`, `Cow`, an
/// optional member, a nested struct and a list of them, and the raw body
/// beside the parsed one (a signed webhook).
#[test]
fn json_body_nested_borrowed() {
    check(
        "json_body_nested_borrowed",
        parse_quote! {
            #[bind(accept = "json")]
            struct Transfer<'r> {
                #[bind(body)]
                to: &'r str,
                #[bind(body)]
                cents: u64,
                #[bind(body)]
                memo: Option<Cow<'r, str>>,
                #[bind(body)]
                payee: Address<'r>,
                #[bind(body = "items")]
                lines: Vec<Line<'r>>,
                #[bind(raw_body)]
                signed: &'r [u8],
            }
        },
    );
}

/// Forms only (urlencoded and multipart), every field from the body by the
/// struct's source: text, a list, a required file and a list of files
/// under an explicit name, and a defaulted flag.
#[test]
fn multipart_form_files() {
    check(
        "multipart_form_files",
        parse_quote! {
            #[bind(body, accept = "form, multipart")]
            struct Upload<'r> {
                title: &'r str,
                tags: Vec<&'r str>,
                avatar: FilePart<'r>,
                #[bind(body = "attachment")]
                attachments: Vec<FilePart<'r>>,
                #[bind(default)]
                notify: bool,
            }
        },
    );
}

/// The names `check` is called with: a file in `tests/expand/` that is
/// none of them pins nothing and is refused.
const CASES: &[&str] = &[
    "query_path_header_cookie",
    "json_body_nested_borrowed",
    "multipart_form_files",
];

#[test]
fn no_stale_snapshots() {
    for entry in std::fs::read_dir(dir()).expect("tests/expand/ is readable") {
        let name = entry.expect("a directory entry").file_name();
        let name = name.to_string_lossy();
        let case = name.strip_suffix(".expanded.rs");
        assert!(
            case.is_some_and(|case| CASES.contains(&case)),
            "derive/tests/expand/{name} is no snapshot of src/snapshot.rs: delete it, or add its case to CASES"
        );
    }
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/expand")
}

/// Whether the run rewrites the snapshots instead of comparing.
fn blessing() -> bool {
    ["BLESS", "BINDER_BLESS"]
        .iter()
        .any(|var| std::env::var_os(var).is_some_and(|v| !v.is_empty() && v != "0"))
}

/// Compares (or, blessing, writes) `tests/expand/<name>.expanded.rs`.
fn check(name: &str, input: DeriveInput) {
    assert!(CASES.contains(&name), "add {name} to CASES");
    let actual = render(&input);
    let path = dir().join(format!("{name}.expanded.rs"));
    let shown = format!("derive/tests/expand/{name}.expanded.rs");
    if blessing() {
        std::fs::create_dir_all(dir()).expect("tests/expand/ can be created");
        std::fs::write(&path, &actual).expect("the snapshot can be written");
        return;
    }
    let bless = "to take the expansion as it is, rerun with BLESS=1 (`BLESS=1 cargo test -p binder-derive snapshot`) and review the file with `git diff`";
    let expected = match std::fs::read_to_string(&path) {
        // A checkout that turned `\n` into `\r\n` changes nothing.
        Ok(text) => text.replace("\r\n", "\n"),
        Err(e) => panic!("{shown} cannot be read ({e}): {bless}"),
    };
    if let Some(diff) = first_difference(&expected, &actual) {
        panic!("{shown} differs from the expansion {diff}\n{bless}");
    }
}

/// The snapshot's text: a header with the input, then the expansion, as
/// `#[derive(Bind)]` from binder_http writes it.
fn render(input: &DeriveInput) -> String {
    let output = expand::derive(input, "binder_http").expect("the input expands");
    let input = quote::ToTokens::to_token_stream(input);
    let mut text = String::from(
        "// The expansion of `#[derive(Bind)]` (binder_http) for the struct below,\n\
         // checked by derive/src/snapshot.rs; rewrite with BLESS=1.\n//\n",
    );
    for line in pretty(input).lines() {
        text.push_str(if line.is_empty() { "//" } else { "// " });
        text.push_str(line);
        text.push('\n');
    }
    text.push('\n');
    text.push_str(&pretty(output));
    text
}

fn pretty(tokens: proc_macro2::TokenStream) -> String {
    let file: syn::File = syn::parse2(tokens).expect("a file of items");
    prettyplease::unparse(&file)
}

/// Where `actual` first departs from `expected`, line by line, or `None`
/// when they are the same.
fn first_difference(expected: &str, actual: &str) -> Option<String> {
    if expected == actual {
        return None;
    }
    let (mut e, mut a) = (expected.lines(), actual.lines());
    let mut line = 1;
    loop {
        match (e.next(), a.next()) {
            (Some(x), Some(y)) if x == y => line += 1,
            (None, None) => return Some("in its line ends or final newline".to_owned()),
            (x, y) => {
                let show = |l: Option<&str>| l.map_or("(the end)".to_owned(), |l| format!("`{l}`"));
                return Some(format!(
                    "at line {line}:\n  committed: {}\n  generated: {}",
                    show(x),
                    show(y)
                ));
            }
        }
    }
}
