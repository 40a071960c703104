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

use binder_test_support::sources::{in_workspace, root, rs_files};

/// The most lines a source file may have.
const MAX_LINES: usize = 700;

/// The attribute binder-core writes where a helper is forced inline.
const OPTIMISED_ONLY: &str = "#[cfg_attr(not(debug_assertions), inline(always))]";

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).expect("a source file")
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
    // binder-core's, the derive's and each adapter's sources.
    let mut dirs = vec!["core/src".to_owned(), "derive/src".to_owned()];
    let mut adapters: Vec<_> = std::fs::read_dir(root().join("adapters"))
        .expect("adapters/")
        .map(|e| e.expect("a directory entry").file_name())
        .map(|name| format!("adapters/{}/src", name.to_str().expect("a name")))
        .filter(|src| root().join(src).is_dir())
        .collect();
    adapters.sort();
    dirs.extend(adapters);
    let mut files = Vec::new();
    for dir in &dirs {
        rs_files(dir, &mut files);
    }
    assert!(files.len() > 50, "found only {} files", files.len());
    let lines: Vec<(usize, &String)> = files.iter().map(|f| (read(f).lines().count(), f)).collect();
    let too_long = |max: usize| -> Vec<String> {
        lines
            .iter()
            .filter(|(n, _)| *n > max)
            .map(|(n, f)| format!("{f}: {n} lines"))
            .collect()
    };
    let long = too_long(MAX_LINES);
    assert!(
        long.is_empty(),
        "over {MAX_LINES} lines:\n{}",
        long.join("\n")
    );
    // The rule bites: the longest file fails a limit one line below it.
    let longest = lines.iter().map(|(n, _)| *n).max().unwrap();
    assert_eq!(too_long(longest - 1).len(), 1);
}

#[test]
fn binder_core_forces_inlining_in_optimised_builds_only() {
    if !in_workspace() {
        return;
    }
    let mut files = Vec::new();
    rs_files("core/src", &mut files);
    let mut found = 0;
    let mut failures = Vec::new();
    for f in &files {
        let source = read(f);
        found += source.matches(OPTIMISED_ONLY).count();
        for n in forced_everywhere(&source) {
            failures.push(format!("{f}:{n}"));
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
