//! binder-core's modules form no cycle.
//!
//! Read from the source: every `crate::…` path a file names (and every name
//! inside a `use crate::{…}` group) is an edge from the file's top-level
//! module to the top-level module the path lands in, a crate-root name
//! (`crate::Limits`) landing where `lib.rs` re-exports it from. `super::`
//! paths stay inside their top-level module. Comments, doc comments and
//! unit-test modules (which may name anything) are left out; `lib.rs` and
//! the private module for generated code, which only re-export, are not
//! nodes. Inside a directory module the same rule holds one level down: its
//! files form no cycle among themselves either.
//!
//! Run alone: `cargo test -p binder-core --test module_graph`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

type Graph = BTreeMap<String, BTreeSet<String>>;
/// For each edge between top-level modules, the files that make it.
type Reasons = BTreeMap<(String, String), BTreeSet<String>>;

/// Every `.rs` file under `dir` as its module path (`["bind", "field"]`)
/// and its code.
fn files(dir: &Path, prefix: &[String], out: &mut BTreeMap<Vec<String>, String>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_stem().unwrap().to_str().unwrap().to_owned();
        let mut module = prefix.to_vec();
        if path.is_dir() {
            module.push(name);
            files(&path, &module, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            if name != "mod" && name != "lib" {
                module.push(name);
            }
            out.insert(module, code_of(&std::fs::read_to_string(&path).unwrap()));
        }
    }
}

/// The text without comments and without the unit-test module.
fn code_of(text: &str) -> String {
    let code = text
        .find("#[cfg(test)]\nmod ")
        .map_or(text, |at| &text[..at]);
    code.lines()
        .map(|l| l.find("//").map_or(l, |at| &l[..at]))
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The paths after each `anchor` (`crate::` or `super::`) in `code`, with a
/// `{…}` group expanded one name per path (nested groups too).
fn paths_after(code: &str, anchor: &str) -> Vec<Vec<String>> {
    fn expand(rest: &str, base: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
        let mut path = base;
        let mut i = 0;
        let b = rest.as_bytes();
        loop {
            if rest[i..].starts_with('{') {
                i += 1;
                // A group: each comma-separated item is a path of its own.
                loop {
                    while i < b.len() && (b[i] as char).is_whitespace() {
                        i += 1;
                    }
                    if i >= b.len() || b[i] == b'}' {
                        return i + 1;
                    }
                    i += expand(&rest[i..], path.clone(), out);
                    while i < b.len() && b[i] != b',' && b[i] != b'}' {
                        i += 1;
                    }
                    if i < b.len() && b[i] == b',' {
                        i += 1;
                    }
                }
            }
            let start = i;
            while i < b.len() && is_ident(b[i] as char) {
                i += 1;
            }
            if i > start {
                path.push(rest[start..i].to_owned());
            }
            if rest[i..].starts_with("::") {
                i += 2;
                continue;
            }
            out.push(path);
            return i;
        }
    }
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find(anchor) {
        let at = from + at;
        from = at + anchor.len();
        if code[..at].chars().next_back().is_some_and(is_ident) {
            continue;
        }
        expand(&code[from..], Vec::new(), &mut out);
    }
    out
}

/// The names `lib.rs` re-exports at the root, each with the top-level
/// module it comes from.
fn root_exports(lib: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for line in lib.lines().map(str::trim) {
        let Some(rest) = line.strip_prefix("pub use ") else {
            continue;
        };
        for path in paths_after(&format!("crate::{rest}"), "crate::") {
            if let (Some(first), Some(last)) = (path.first(), path.last()) {
                let last = match line.find(" as ") {
                    Some(at) => line[at + 4..].trim_end_matches(';').to_owned(),
                    None => last.clone(),
                };
                out.insert(last, first.clone());
            }
        }
    }
    out
}

/// The strongly connected components of more than one node (Tarjan).
fn cycles(graph: &Graph) -> Vec<Vec<String>> {
    struct State<'a> {
        graph: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on.insert(v);
        for w in s.graph.get(v).into_iter().flatten() {
            if !s.index.contains_key(w.as_str()) {
                visit(s, w);
                let l = s.low[w.as_str()].min(s.low[v]);
                s.low.insert(v, l);
            } else if s.on.contains(w.as_str()) {
                let l = s.index[w.as_str()].min(s.low[v]);
                s.low.insert(v, l);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            loop {
                let w = s.stack.pop().unwrap();
                s.on.remove(w);
                component.push(w.to_owned());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.out.push(component);
            }
        }
    }
    let mut s = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.out
}

/// The edges of every cycle, each with the files that make it.
fn explain(cycle: &[String], why: &Reasons) -> String {
    let mut out = cycle.join(" <-> ");
    for ((from, to), files) in why {
        if cycle.contains(from) && cycle.contains(to) {
            let files: Vec<_> = files.iter().map(String::as_str).collect();
            out.push_str(&format!("\n  {from} -> {to} (in {})", files.join(", ")));
        }
    }
    out
}

fn graphs() -> (Graph, BTreeMap<String, Graph>, Reasons) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = BTreeMap::new();
    files(&src, &[], &mut all);
    let exports = root_exports(&all[&Vec::new()]);
    let private = |m: &str| m.starts_with("__private");
    let mut top = Graph::new();
    let mut inner: BTreeMap<String, Graph> = BTreeMap::new();
    let mut why = Reasons::new();
    for (module, code) in &all {
        let Some(from) = module.first() else { continue };
        if private(from) {
            continue;
        }
        top.entry(from.clone()).or_default();
        let file = module.join("::");
        for path in paths_after(code, "crate::") {
            let Some(first) = path.first() else { continue };
            let to = exports.get(first).unwrap_or(first);
            if private(to) {
                continue;
            }
            if to != from {
                top.entry(from.clone()).or_default().insert(to.clone());
                why.entry((from.clone(), to.clone()))
                    .or_default()
                    .insert(file.clone());
            } else if module.len() == 2 && path.len() >= 2 && path[1] != module[1] {
                // Inside a directory module, by its full path.
                inner
                    .entry(from.clone())
                    .or_default()
                    .entry(module[1].clone())
                    .or_default()
                    .insert(path[1].clone());
            }
        }
        if module.len() == 2 {
            for path in paths_after(code, "super::") {
                if let Some(sibling) = path.first().filter(|s| **s != module[1]) {
                    inner
                        .entry(from.clone())
                        .or_default()
                        .entry(module[1].clone())
                        .or_default()
                        .insert(sibling.clone());
                }
            }
        }
    }
    // A sibling name that is no file (a name `mod.rs` defines or
    // re-exports) is not a node.
    for (dir, graph) in &mut inner {
        let siblings: BTreeSet<String> = all
            .keys()
            .filter(|m| m.len() == 2 && m[0] == *dir)
            .map(|m| m[1].clone())
            .collect();
        for targets in graph.values_mut() {
            targets.retain(|t| siblings.contains(t));
        }
    }
    (top, inner, why)
}

#[test]
fn binder_core_has_no_module_cycle() {
    let (top, inner, why) = graphs();
    // The reading found the graph (a broken reader must not pass).
    assert!(top.len() >= 10, "modules read: {:?}", top.keys());
    assert!(
        top["bind"].contains("json") && top["bind"].contains("limits"),
        "{top:?}"
    );
    let mut found: Vec<String> = cycles(&top).iter().map(|c| explain(c, &why)).collect();
    for (dir, graph) in &inner {
        for c in cycles(graph) {
            found.push(format!("inside {dir}: {}", c.join(" <-> ")));
        }
    }
    assert!(found.is_empty(), "module cycles:\n{}", found.join("\n"));
}

#[test]
fn the_reader_sees_a_cycle_when_there_is_one() {
    let mut g = Graph::new();
    g.entry("a".into()).or_default().insert("b".into());
    g.entry("b".into()).or_default().insert("c".into());
    g.entry("c".into()).or_default().insert("a".into());
    g.entry("c".into()).or_default().insert("d".into());
    assert_eq!(
        cycles(&g),
        vec![vec!["a".to_owned(), "b".into(), "c".into()]]
    );
    let paths = paths_after(
        "use crate::{error::{Error, ValueError}, Limits};",
        "crate::",
    );
    assert_eq!(
        paths,
        vec![
            vec!["error".to_owned(), "Error".into()],
            vec!["error".into(), "ValueError".into()],
            vec!["Limits".into()]
        ]
    );
}
