//! binder-core's modules form no cycle, at every level.
//!
//! Read from the source: every path a file names after `crate::`,
//! `super::` or `self::` (and every name inside a `use …::{…}` group) is
//! resolved to the module it lands in, a name that a module file
//! re-exports (`crate::Limits`, `bind::Value`) landing in the child it
//! comes from. For each directory (the crate root included), a file in
//! child `a` naming something in child `b` is an edge `a -> b`, and each
//! directory's graph must be acyclic: `convert` and `json` may not use each
//! other, nor `json/reader/members.rs` and `json/reader/scalars.rs`.
//! Comments, doc comments and unit-test modules (which may name anything)
//! are left out; the private module for generated code, which only
//! re-exports, is not a node.
//!
//! Run alone: `cargo test -p binder-core --test module_graph`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

type Graph = BTreeMap<String, BTreeSet<String>>;
/// For each edge between two modules of one directory, the files that
/// make it.
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
    // An inline unit-test module (`#[cfg(test)]` then `mod tests {`) runs to
    // the end of the file; `#[cfg(test)] mod tests;` is a declaration.
    let mut end = text.len();
    let mut lines = text.lines().scan(0, |at, l| {
        let start = *at;
        *at += l.len() + 1;
        Some((start, l.trim()))
    });
    while let Some((start, line)) = lines.next() {
        if line.starts_with("#[cfg(test)]") || line.starts_with("#[cfg(all(test") {
            if let Some((_, next)) = lines.next() {
                if next.starts_with("mod ") && next.ends_with('{') {
                    end = start;
                    break;
                }
            }
        }
    }
    text[..end]
        .lines()
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

/// The names a module file re-exports from its own children
/// (`pub use errors::{BindError, ..}` in `bind/mod.rs`, `pub use
/// bind::Bind` in `lib.rs`), each with the child it comes from.
fn exports_of(code: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for line in code.lines().map(str::trim) {
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

/// For every directory module (the crate root is `""`), the graph of its
/// children: an edge from child `a` to child `b` when a file in `a` (or
/// under it) names a path in `b` (or under it), a name a module file
/// re-exports counting as the child it comes from. A module file naming
/// its own children makes no edge.
fn graphs() -> (BTreeMap<String, Graph>, Reasons) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = BTreeMap::new();
    files(&src, &[], &mut all);
    let exports: BTreeMap<Vec<String>, BTreeMap<String, String>> = all
        .iter()
        .map(|(m, code)| (m.clone(), exports_of(code)))
        .collect();
    // A path with each re-exported name replaced by its origin, one level
    // at a time (`crate::Limits` -> `limits::Limits`).
    let resolve = |path: &[String]| -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for seg in path {
            match exports.get(&out).and_then(|e| e.get(seg)) {
                Some(child)
                    if child != seg
                        && all.contains_key(&[&out[..], std::slice::from_ref(child)].concat()) =>
                {
                    out.push(child.clone());
                    out.push(seg.clone());
                }
                _ => out.push(seg.clone()),
            }
        }
        out
    };
    let is_module = |m: &[String]| all.contains_key(m);
    let private = |m: &[String]| m.first().is_some_and(|f| f.starts_with("__private"));
    let mut graphs: BTreeMap<String, Graph> = BTreeMap::new();
    let mut why = Reasons::new();
    for (module, code) in &all {
        if module.is_empty() || private(module) {
            continue;
        }
        let mut named = paths_after(code, "crate::");
        let parent = &module[..module.len() - 1];
        for p in paths_after(code, "super::") {
            named.push([parent, &p[..]].concat());
        }
        for p in paths_after(code, "self::") {
            named.push([&module[..], &p[..]].concat());
        }
        for path in named {
            let path = resolve(&path);
            if private(&path) {
                continue;
            }
            // The directory both live in, and the child of it each is in.
            let common = module.iter().zip(&path).take_while(|(a, b)| a == b).count();
            if common >= module.len() || common >= path.len() {
                continue; // the module itself, or one of its ancestors
            }
            let dir = &module[..common];
            let (from, to) = (&module[common], &path[common]);
            if !is_module(&[dir, std::slice::from_ref(to)].concat()) {
                continue; // a name the directory's own file defines
            }
            let key = dir.join("::");
            graphs
                .entry(key.clone())
                .or_default()
                .entry(from.clone())
                .or_default()
                .insert(to.clone());
            why.entry((format!("{key}/{from}"), format!("{key}/{to}")))
                .or_default()
                .insert(module.join("::"));
        }
        // Every module is a node of its directory's graph.
        let dir = parent.join("::");
        graphs
            .entry(dir)
            .or_default()
            .entry(module[module.len() - 1].clone())
            .or_default();
    }
    (graphs, why)
}

#[test]
fn binder_core_has_no_module_cycle() {
    let (graphs, why) = graphs();
    // The reading found the graph (a broken reader must not pass).
    let top = &graphs[""];
    assert!(top.len() >= 10, "modules read: {:?}", top.keys());
    assert!(
        top["bind"].contains("json") && top["bind"].contains("limits"),
        "{top:?}"
    );
    assert!(
        graphs.contains_key("json::reader") && graphs.contains_key("bind"),
        "{:?}",
        graphs.keys()
    );
    let mut found = Vec::new();
    for (dir, graph) in &graphs {
        for c in cycles(graph) {
            let named: Vec<String> = c.iter().map(|m| format!("{dir}/{m}")).collect();
            found.push(format!("in `{dir}`: {}", explain(&named, &why)));
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
