//! The workspace's own source files, for the tests that read them
//! (binder-http's `doc_examples` and `layout`).

use std::path::{Path, PathBuf};

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Whether the workspace's sources are here to read; they are not in a
/// packaged crate, whose tests then have nothing to check (and say so).
pub fn in_workspace() -> bool {
    let here = root().join("core/src/lib.rs").is_file();
    if !here {
        eprintln!("not in binder's workspace: the sources to check are not here");
    }
    here
}

/// Every `.rs` file under `dir` (a path from the workspace root), at any
/// depth, as a path from the workspace root, in name order.
pub fn rs_files(dir: &str, out: &mut Vec<String>) {
    let mut entries: Vec<_> = std::fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_str().unwrap();
        let rel = format!("{dir}/{name}");
        if path.is_dir() {
            rs_files(&rel, out);
        } else if name.ends_with(".rs") {
            out.push(rel);
        }
    }
}
