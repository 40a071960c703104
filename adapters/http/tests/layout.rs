//! Two rules of the source tree that no compiler checks, read from the
//! files of the workspace (skipped in a packaged binder-http, where the
//! other crates' sources are absent):
//! - no Rust file under `core/src`, `derive/src` or `adapters/*/src` is over
//!   [`MAX_LINES`] lines: a longer one holds more than one concern, to be
//!   split along them;
//! - binder-core forces a helper inline in optimised builds only: every
//!   `inline(always)` there is written
//!   `#[cfg_attr(not(debug_assertions), inline(always))]`, so a debug build
//!   of a crate of derived structs does not inline the readers at every
//!   field (ARCHITECTURE.md, "The corridor, file by file").

use std::path::{Path, PathBuf};

/// The most lines a source file may have.
const MAX_LINES: usize = 700;

/// The attribute binder-core writes where a helper is forced inline.
const OPTIMISED_ONLY: &str = "#[cfg_attr(not(debug_assertions), inline(always))]";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `.rs` file under `dir`, at any depth.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The source directories the rules cover: binder-core's, the derive's and
/// each adapter's.
fn source_dirs() -> Vec<PathBuf> {
    let root = root();
    let mut dirs = vec![root.join("core/src"), root.join("derive/src")];
    let mut adapters: Vec<_> = std::fs::read_dir(root.join("adapters"))
        .expect("adapters/")
        .map(|e| e.expect("a directory entry").path().join("src"))
        .filter(|src| src.is_dir())
        .collect();
    adapters.sort();
    dirs.extend(adapters);
    dirs
}

fn in_workspace() -> bool {
    let here = root().join("core/src/lib.rs").is_file();
    if !here {
        eprintln!("not in binder's workspace: the sources to check are not here");
    }
    here
}

/// The files of `files` over `max` lines, each with its count.
fn too_long(files: &[PathBuf], max: usize) -> Vec<String> {
    files
        .iter()
        .filter_map(|f| {
            let lines = std::fs::read_to_string(f)
                .expect("a source file")
                .lines()
                .count();
            (lines > max).then(|| format!("{}: {lines} lines", f.display()))
        })
        .collect()
}

/// The lines of `source` that force inlining in every build.
fn forced_everywhere(source: &str) -> Vec<usize> {
    source
        .lines()
        .enumerate()
        .filter(|(_, l)| {
            let l = l.trim_start();
            l.starts_with("#[") && l.contains("inline(always)") && l != OPTIMISED_ONLY
        })
        .map(|(n, _)| n + 1)
        .collect()
}

#[test]
fn no_source_file_is_over_the_line_limit() {
    if !in_workspace() {
        return;
    }
    let mut files = Vec::new();
    for dir in source_dirs() {
        rust_files(&dir, &mut files);
    }
    assert!(files.len() > 50, "found only {} files", files.len());
    let long = too_long(&files, MAX_LINES);
    assert!(
        long.is_empty(),
        "over {MAX_LINES} lines:\n{}",
        long.join("\n")
    );
    // The rule bites: the longest file fails a limit one line below it.
    let longest = files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap().lines().count())
        .max()
        .unwrap();
    assert_eq!(too_long(&files, longest - 1).len(), 1);
}

#[test]
fn binder_core_forces_inlining_in_optimised_builds_only() {
    if !in_workspace() {
        return;
    }
    let mut files = Vec::new();
    rust_files(&root().join("core/src"), &mut files);
    let mut found = 0;
    let mut failures = Vec::new();
    for f in &files {
        let source = std::fs::read_to_string(f).expect("a source file");
        found += source.matches(OPTIMISED_ONLY).count();
        for n in forced_everywhere(&source) {
            failures.push(format!("{}:{n}", f.display()));
        }
    }
    assert!(found > 100, "only {found} helpers forced inline");
    assert!(
        failures.is_empty(),
        "inline(always) in every build; write {OPTIMISED_ONLY}:\n{}",
        failures.join("\n")
    );
    // What the rule refuses, and what it lets by.
    assert_eq!(
        forced_everywhere("    #[inline(always)]\n    #[cfg_attr(not(debug_assertions), inline(always))]\n// #[inline(always)] in a comment\n#[inline]"),
        [1]
    );
    assert_eq!(
        forced_everywhere("#[cfg_attr(feature = \"x\", inline(always))]"),
        [1]
    );
}
