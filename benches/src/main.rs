//! binder-bench: turns iai-callgrind results into `benches/results.json`,
//! guards them against `benches/baseline.json`, and writes the tables.
//!
//! ```text
//! cargo bench -p binder-bench --benches -- --save-summary=json
//! cargo run -p binder-bench -- collect    # target/iai/**/summary.json -> benches/results.json
//! cargo run -p binder-bench -- check      # results.json against baseline.json: fails on a regression
//! cargo run -p binder-bench -- baseline   # results.json becomes the new baseline (on purpose only)
//! cargo run -p binder-bench -- docs       # BENCHMARKS.md and the README's table from results.json
//! cargo run --release -p binder-bench -- http [--conns 64] [--warmup 10] [--duration 10] [--rounds 3]
//! cargo run --release -p binder-bench -- footprint   # the example server: size, cold start, RSS
//! cargo run --release -p binder-bench -- large       # the large bodies in wall time
//! cargo run --release -p binder-bench -- json-docs   # the json-benchmark documents in wall time
//! cargo run --release -p binder-bench -- soak [--requests 200000] [--warmup 20000] [--conns 64] [--max-time 45]
//! cargo run --release -p binder-bench -- buildcost [--structs 10,50,100] [--reps 3] [--flavours binder,binder-accept,serde] [--quick]
//! ```
//!
//! `soak` drives the example server with a fixed mix of valid and hostile
//! requests and fails when an answer, its memory or its file descriptors
//! are not what they must be (see `soak.rs`).
//!
//! The gate: a binder row fails when it allocates more blocks than its
//! baseline, or costs more than 2% more instructions. Peer rows are
//! recorded for the ratios but never gate.
#![forbid(unsafe_code)]

mod buildcost;
mod http;
mod soak;
mod spool;
mod wall;

use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Instructions may grow this much over the baseline before the gate fails.
const IR_TOLERANCE: f64 = 0.02;

/// One benchmark's figures.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    bench: String,
    function: String,
    workload: String,
    ir: u64,
    blocks: u64,
    bytes: u64,
}

impl Row {
    fn key(&self) -> String {
        format!("{}::{} {}", self.bench, self.function, self.workload)
    }

    /// binder's own rows (the bind, or the JSON reader alone); the rest
    /// are peers and floors.
    fn is_binder(&self) -> bool {
        self.function.starts_with("binder") || self.function.starts_with("reader")
    }

    fn to_json(&self) -> Value {
        json!({
            "bench": self.bench, "function": self.function, "workload": self.workload,
            "instructions": self.ir, "blocks": self.blocks, "bytes": self.bytes,
        })
    }

    fn from_json(v: &Value) -> Option<Row> {
        Some(Row {
            bench: v["bench"].as_str()?.to_owned(),
            function: v["function"].as_str()?.to_owned(),
            workload: v["workload"].as_str()?.to_owned(),
            ir: v["instructions"].as_u64()?,
            blocks: v["blocks"].as_u64()?,
            bytes: v["bytes"].as_u64()?,
        })
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// The newest value of `metric` in a profile's summary.
fn metric(profile: &Value, tool: &str, metric: &str) -> Option<u64> {
    let m = &profile["summaries"]["parts"][0]["metrics_summary"][tool][metric]["metrics"];
    // `Left` alone holds the new value; `Both` holds [new, old].
    let new = match m.get("Both") {
        Some(both) => both.get(0)?,
        None => m.get("Left")?,
    };
    new.get("Int")?.as_u64()
}

fn summaries(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            summaries(&p, out);
        } else if p.file_name().is_some_and(|n| n == "summary.json") {
            out.push(p);
        }
    }
}

fn collect() -> Result<Vec<Row>, String> {
    let iai = root().join("../target/iai/binder-bench");
    let mut files = Vec::new();
    summaries(&iai, &mut files);
    if files.is_empty() {
        return Err(format!(
            "no summaries under {}: run `cargo bench -p binder-bench --benches -- --save-summary=json` first",
            iai.display()
        ));
    }
    let mut rows = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).map_err(|e| format!("{}: {e}", f.display()))?;
        let v: Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", f.display()))?;
        let module = v["module_path"].as_str().unwrap_or_default();
        let mut parts = module.split("::");
        let bench = parts.next().unwrap_or_default().to_owned();
        let function = v["function_name"].as_str().unwrap_or_default().to_owned();
        let workload = v["id"].as_str().unwrap_or_default().to_owned();
        let profiles = v["profiles"].as_array().cloned().unwrap_or_default();
        let find = |tool: &str, name: &str| profiles.iter().find_map(|p| metric(p, tool, name));
        let (Some(ir), Some(blocks), Some(bytes)) = (
            find("Callgrind", "Ir"),
            find("Dhat", "TotalBlocks"),
            find("Dhat", "TotalBytes"),
        ) else {
            return Err(format!("{}: missing Ir or DHAT totals", f.display()));
        };
        rows.push(Row {
            bench,
            function,
            workload,
            ir,
            blocks,
            bytes,
        });
    }
    rows.sort_by_key(Row::key);
    Ok(rows)
}

fn read_rows(path: &Path) -> Result<Vec<Row>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let v: Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    v["rows"]
        .as_array()
        .ok_or_else(|| format!("{}: no rows", path.display()))?
        .iter()
        .map(|r| Row::from_json(r).ok_or_else(|| format!("{}: a malformed row", path.display())))
        .collect()
}

/// The records `collect` keeps from the results file it rewrites: each
/// written by its own subcommand, not by the iai-callgrind rows.
const KEPT: [&str; 6] = [
    "http",
    "footprint",
    "buildcost",
    "large",
    "json_docs",
    "spool",
];

fn write_rows(path: &Path, rows: &[Row]) -> Result<(), String> {
    let rustc = std::process::Command::new("rustc")
        .arg("-V")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_default();
    let mut doc = json!({
        "tool": "iai-callgrind 0.16.1 (callgrind Ir; DHAT totals inside the benchmark function)",
        "toolchain": rustc,
        "machine": format!("{} {}", std::env::consts::ARCH, std::env::consts::OS),
        "rows": rows.iter().map(Row::to_json).collect::<Vec<_>>(),
    });
    // Keep the last over-HTTP run recorded beside the rows.
    let earlier: Option<Value> = std::fs::read_to_string(path)
        .ok()
        .and_then(|t| serde_json::from_str::<Value>(&t).ok());
    for kept in KEPT {
        if let Some(v) = earlier.as_ref().and_then(|e| e.get(kept)) {
            doc[kept] = v.clone();
        }
    }
    let text = serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())? + "\n";
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Regressions of `now` against `base`, one line each.
fn regressions(now: &[Row], base: &[Row]) -> Vec<String> {
    let base: BTreeMap<String, &Row> = base.iter().map(|r| (r.key(), r)).collect();
    let mut out = Vec::new();
    for r in now.iter().filter(|r| r.is_binder()) {
        let Some(b) = base.get(&r.key()) else {
            out.push(format!(
                "{}: no baseline (run `-- baseline` to add it)",
                r.key()
            ));
            continue;
        };
        if r.blocks > b.blocks {
            out.push(format!(
                "{}: {} allocations, baseline {}",
                r.key(),
                r.blocks,
                b.blocks
            ));
        }
        let limit = b.ir as f64 * (1.0 + IR_TOLERANCE);
        if r.ir as f64 > limit {
            out.push(format!(
                "{}: {} instructions, baseline {} (+{:.2}%, over {:.0}%)",
                r.key(),
                r.ir,
                b.ir,
                (r.ir as f64 / b.ir as f64 - 1.0) * 100.0,
                IR_TOLERANCE * 100.0
            ));
        }
    }
    out
}

/// The cost targets of the benches issue: (bench, workload, binder row,
/// peer row, the highest ratio of their instructions that meets it). The
/// floors' targets are "below": a ratio under 1. `axum_extraction` is the
/// extractor router minus the same router without extractors.
const TARGETS: &[(&str, &str, &str, &str, f64)] = &[
    (
        "sources",
        "query5",
        "binder_owned",
        "serde_urlencoded_owned",
        0.33,
    ),
    (
        "sources",
        "query5",
        "binder_borrowed",
        "serde_urlencoded_borrowed",
        0.33,
    ),
    ("sources", "query5", "binder_owned", "floor_owned", 0.999),
    (
        "sources",
        "query5",
        "binder_borrowed",
        "floor_borrowed",
        0.999,
    ),
    (
        "sources",
        "form5",
        "binder_form_owned",
        "serde_urlencoded_owned",
        0.33,
    ),
    (
        "sources",
        "form5",
        "binder_form_borrowed",
        "serde_urlencoded_borrowed",
        0.33,
    ),
    (
        "sources",
        "form5",
        "binder_form_owned",
        "floor_owned",
        0.999,
    ),
    (
        "sources",
        "form5",
        "binder_form_borrowed",
        "floor_borrowed",
        0.999,
    ),
    (
        "sources",
        "query100",
        "binder_owned",
        "serde_urlencoded_owned",
        0.15,
    ),
    (
        "sources",
        "query100",
        "binder_borrowed",
        "serde_urlencoded_borrowed",
        0.15,
    ),
    (
        "json",
        "json5",
        "binder_user_owned",
        "serde_json_user_owned",
        0.6,
    ),
    (
        "json",
        "json5",
        "binder_user_borrowed",
        "serde_json_user_borrowed",
        0.6,
    ),
    (
        "json",
        "items1000",
        "binder_cart_owned",
        "serde_json_cart_owned",
        0.7,
    ),
    (
        "json",
        "items1000",
        "binder_cart_borrowed",
        "serde_json_cart_borrowed",
        0.7,
    ),
    (
        "sources",
        "cookie6",
        "binder_cookie_owned",
        "cookie_crate_owned",
        0.15,
    ),
    (
        "sources",
        "cookie6",
        "binder_cookie_borrowed",
        "cookie_crate_borrowed",
        0.15,
    ),
    ("multipart", "multipart4k", "binder_owned", "multer", 0.1),
    ("multipart", "multipart4k", "binder_borrowed", "multer", 0.1),
    ("mixed", "mixed", "binder_owned", "axum_extraction", 0.2),
    ("mixed", "mixed", "binder_borrowed", "axum_extraction", 0.2),
    (
        "mixed",
        "mixed",
        "binder_axum_extraction",
        "axum_extraction",
        0.2,
    ),
    ("mixed", "mixed", "binder_actix", "actix_extraction", 0.2),
    // Issue 17, large bodies: binder's multipart scan at >= 0.8x the bytes
    // per instruction of `memmem` finding the boundary in the same bytes;
    // a 1 MB form at most 10% more instructions a byte than a 10 KB one.
    ("large", "multipart1m", "binder_borrowed", "memmem", 1.25),
    ("large", "multipart64m", "binder_borrowed", "memmem", 1.25),
    // The same for the resumable scan (`multipart::Feed`) fed 64 KiB
    // chunks, as a streamed upload is read.
    ("large", "multipart1m", "binder_feed", "memmem", 1.25),
    ("large", "multipart64m", "binder_feed", "memmem", 1.25),
    ("large", "form1m", "binder_1m", "binder_10k_x100", 1.1),
    // Issue 17, the limit: binder within 5% of code written for exactly
    // each workload's struct (`binder_bench::ideal`, as strict, the same
    // allocations).
    ("sources", "query5", "binder_owned", "ideal_owned", 1.05),
    (
        "sources",
        "query5",
        "binder_borrowed",
        "ideal_borrowed",
        1.05,
    ),
    ("sources", "query100", "binder_owned", "ideal_owned", 1.05),
    (
        "sources",
        "query100",
        "binder_borrowed",
        "ideal_borrowed",
        1.05,
    ),
    (
        "sources",
        "form5",
        "binder_form_owned",
        "ideal_form_owned",
        1.05,
    ),
    (
        "sources",
        "form5",
        "binder_form_borrowed",
        "ideal_form_borrowed",
        1.05,
    ),
    (
        "sources",
        "cookie6",
        "binder_cookie_owned",
        "ideal_cookie_owned",
        1.05,
    ),
    (
        "sources",
        "cookie6",
        "binder_cookie_borrowed",
        "ideal_cookie_borrowed",
        1.05,
    ),
    (
        "json",
        "json5",
        "binder_user_owned",
        "ideal_user_owned",
        1.05,
    ),
    (
        "json",
        "json5",
        "binder_user_borrowed",
        "ideal_user_borrowed",
        1.05,
    ),
    (
        "json",
        "items1000",
        "binder_cart_owned",
        "ideal_cart_owned",
        1.05,
    ),
    (
        "json",
        "items1000",
        "binder_cart_borrowed",
        "ideal_cart_borrowed",
        1.05,
    ),
    (
        "multipart",
        "multipart4k",
        "binder_owned",
        "ideal_owned",
        1.05,
    ),
    (
        "multipart",
        "multipart4k",
        "binder_borrowed",
        "ideal_borrowed",
        1.05,
    ),
    ("mixed", "mixed", "binder_owned", "ideal_owned", 1.05),
    ("mixed", "mixed", "binder_borrowed", "ideal_borrowed", 1.05),
    // Issue 16, the JSON benchmark strictly: json-benchmark's documents
    // into typed structs refusing unknown members, binder at most 0.6x
    // serde_json, owned against owned and borrowed against borrowed.
    (
        "json_docs",
        "canada",
        "binder_owned",
        "serde_json_owned",
        0.6,
    ),
    (
        "json_docs",
        "canada",
        "binder_borrowed",
        "serde_json_borrowed",
        0.6,
    ),
    (
        "json_docs",
        "citm_catalog",
        "binder_owned",
        "serde_json_owned",
        0.6,
    ),
    (
        "json_docs",
        "citm_catalog",
        "binder_borrowed",
        "serde_json_borrowed",
        0.6,
    ),
    (
        "json_docs",
        "twitter",
        "binder_owned",
        "serde_json_owned",
        0.6,
    ),
    (
        "json_docs",
        "twitter",
        "binder_borrowed",
        "serde_json_borrowed",
        0.6,
    ),
];

/// Targets recorded and tabled but not yet gated: each is an open issue's
/// goal, measured every run, that `-- check` reports without failing on.
/// A target leaves this list when it is met.
const OPEN_TARGETS: &[&str] = &[
    // Issue 15: binder-axum's extraction (the limits probe, Content-Length,
    // the path walk, the body read) on top of the bind itself (0.16x alone).
    "mixed: binder_axum_extraction <= 0.2x axum_extraction",
    // Issue 18: binder-actix's extraction; the bind alone is 0.21x of
    // actix's extraction (actix's hash-map HeaderMap walk is a third of it).
    "mixed: binder_actix <= 0.2x actix_extraction",
    // Issue 17, the limit: the floors (`binder_bench::ideal`) run 1.1x to
    // 2.1x faster than binder (cookie6 is within them: gated). Where the
    // distance is (see BENCHMARKS.md):
    // JSON (about 2x: the floors expect members in declaration order,
    // compare `,"qty":` a word at a time and convert numbers while
    // scanning), multipart (1.8x: a whole-delimiter Horspool search built
    // per call, about 1,000 instructions against binder's 2,400), query100
    // (1.6x: an unknown pair skipped with one word's look).
    "query5: binder_owned <= 1.05x ideal_owned",
    "query5: binder_borrowed <= 1.05x ideal_borrowed",
    "query100: binder_owned <= 1.05x ideal_owned",
    "query100: binder_borrowed <= 1.05x ideal_borrowed",
    "form5: binder_form_owned <= 1.05x ideal_form_owned",
    "form5: binder_form_borrowed <= 1.05x ideal_form_borrowed",
    "json5: binder_user_owned <= 1.05x ideal_user_owned",
    "json5: binder_user_borrowed <= 1.05x ideal_user_borrowed",
    "items1000: binder_cart_owned <= 1.05x ideal_cart_owned",
    "items1000: binder_cart_borrowed <= 1.05x ideal_cart_borrowed",
    "multipart4k: binder_owned <= 1.05x ideal_owned",
    "multipart4k: binder_borrowed <= 1.05x ideal_borrowed",
    "mixed: binder_owned <= 1.05x ideal_owned",
    "mixed: binder_borrowed <= 1.05x ideal_borrowed",
    // Issue 16: json-benchmark's documents, strictly. canada 1.02x
    // serde_json (Eisel-Lemire floats; 2.4x before the digits were rounded
    // by the reader), twitter 0.70x to 0.73x (BENCHMARKS.md, `json_docs`);
    // citm_catalog (0.54x) is met and gated.
    "canada: binder_owned <= 0.6x serde_json_owned",
    "canada: binder_borrowed <= 0.6x serde_json_borrowed",
    "twitter: binder_owned <= 0.6x serde_json_owned",
    "twitter: binder_borrowed <= 0.6x serde_json_borrowed",
];

/// Rows that are the difference of two measured rows: (name, minuend,
/// subtrahend). A framework's extraction is its extractor route minus its
/// bare route; binder-actix's cost is its `Bound` route minus actix's bare
/// route.
const DERIVED: &[(&str, &str, &str)] = &[
    ("axum_extraction", "axum_extractors", "axum_no_extractors"),
    (
        "actix_extraction",
        "actix_extractors",
        "actix_no_extractors",
    ),
    (
        "binder_axum_extraction",
        "binder_axum",
        "axum_no_extractors",
    ),
    ("binder_actix", "binder_actix_bound", "actix_no_extractors"),
];

/// How a derived row is labelled in the tables.
fn derived_label(name: &str, with: &str) -> String {
    let what = if with.starts_with("binder") {
        "Bound"
    } else {
        "extractors"
    };
    format!("{name} ({what} - no extractors)")
}

/// Each target with its measured ratio: `(target, ratio or why there is
/// none, met)`.
fn targets(rows: &[Row]) -> Vec<(String, Result<f64, String>, bool)> {
    let ir = |bench: &str, workload: &str, function: &str| -> Option<u64> {
        let find = |f: &str| {
            rows.iter()
                .find(|r| r.bench == bench && r.workload == workload && r.function == f)
                .map(|r| r.ir)
        };
        if let Some(&(_, with, without)) = DERIVED.iter().find(|d| d.0 == function) {
            return Some(find(with)?.saturating_sub(find(without)?));
        }
        find(function)
    };
    TARGETS
        .iter()
        .map(|&(bench, workload, binder, peer, max)| {
            let goal = if max < 1.0 && max > 0.99 {
                format!("{workload}: {binder} below {peer}")
            } else {
                format!("{workload}: {binder} <= {max}x {peer}")
            };
            match (ir(bench, workload, binder), ir(bench, workload, peer)) {
                (Some(b), Some(p)) if p > 0 => {
                    let ratio = b as f64 / p as f64;
                    (goal, Ok(ratio), ratio <= max)
                }
                _ => (goal, Err("rows missing".into()), false),
            }
        })
        .collect()
}

/// The targets as a table.
fn targets_table(rows: &[Row]) -> String {
    let mut out = String::from(
        "Targets (the benches issue), instructions, as checked by `-- check`:\n\n| target | ratio | met |\n|---|---:|---|\n",
    );
    for (goal, ratio, met) in targets(rows) {
        let ratio = match ratio {
            Ok(r) => format!("{r:.3}x"),
            Err(e) => e,
        };
        let _ = writeln!(
            out,
            "| {goal} | {ratio} | {} |",
            if met {
                "yes"
            } else if OPEN_TARGETS.contains(&goal.as_str()) {
                "**no** (open, not gated)"
            } else {
                "**no**"
            }
        );
    }
    out + "\n"
}

/// The markdown tables: per bench and workload, every row with the ratio of
/// each binder row to each peer row of the same workload and variant.
fn tables(rows: &[Row]) -> String {
    let mut out = String::new();
    let mut groups: BTreeMap<(String, String), Vec<&Row>> = BTreeMap::new();
    for r in rows {
        groups
            .entry((r.bench.clone(), r.workload.clone()))
            .or_default()
            .push(r);
    }
    let _ = writeln!(out, "| bench | workload | contender | instructions | blocks | bytes | vs peers (instructions) |");
    let _ = writeln!(out, "|---|---|---|---:|---:|---:|---|");
    for ((bench, workload), group) in &mut groups {
        // A framework's extraction alone: its extractor route's run minus
        // the same app with a handler that extracts nothing; binder-actix's
        // `Bound` route minus that bare route likewise.
        let mut derived: Vec<&Row> = Vec::new();
        let mut inputs: Vec<&Row> = Vec::new();
        for &(name, with, without) in DERIVED {
            let find = |f: &str| group.iter().find(|r| r.function == f).copied();
            let (Some(w), Some(n)) = (find(with), find(without)) else {
                continue;
            };
            derived.push(Box::leak(Box::new(Row {
                bench: w.bench.clone(),
                function: derived_label(name, with),
                workload: w.workload.clone(),
                ir: w.ir.saturating_sub(n.ir),
                blocks: w.blocks.saturating_sub(n.blocks),
                bytes: w.bytes.saturating_sub(n.bytes),
            })));
            for r in [w, n] {
                if !inputs.iter().any(|i| std::ptr::eq(*i, r)) {
                    inputs.push(r);
                }
            }
        }
        let has_derived = !derived.is_empty();
        if has_derived {
            group.retain(|r| !inputs.iter().any(|i| std::ptr::eq(*i, *r)));
            group.extend(derived.iter().copied());
            group.extend(inputs.iter().copied());
        }
        // A measured row that a derived row is made of is shown as it is,
        // without ratios: it counts routing and the response too.
        let is_input = |r: &Row| inputs.iter().any(|i| std::ptr::eq(*i, r));
        for r in group.iter() {
            let variant = |f: &str| {
                if f.contains("borrowed") {
                    "borrowed"
                } else if f.contains("owned") {
                    "owned"
                } else {
                    ""
                }
            };
            let bold = r.is_binder() && !is_input(r);
            let vs: Vec<String> = if bold {
                group
                    .iter()
                    .filter(|p| !p.is_binder())
                    // With derived extraction rows, compare against them alone.
                    .filter(|p| !has_derived || p.function.contains("_extraction ("))
                    .filter(|p| {
                        variant(&p.function) == variant(&r.function)
                            || variant(&p.function).is_empty()
                    })
                    .map(|p| format!("{:.2}x {}", r.ir as f64 / p.ir as f64, p.function))
                    .collect()
            } else {
                Vec::new()
            };
            let _ = writeln!(
                out,
                "| {bench} | {workload} | {}{}{} | {} | {} | {} | {} |",
                if bold { "**" } else { "" },
                r.function,
                if bold { "**" } else { "" },
                r.ir,
                r.blocks,
                r.bytes,
                vs.join(", ")
            );
        }
    }
    out
}

/// The over-HTTP run recorded in `results.json`, as a table.
fn http_table(results: &Path) -> String {
    let Some(http) = std::fs::read_to_string(results)
        .ok()
        .and_then(|t| serde_json::from_str::<Value>(&t).ok())
        .and_then(|d| d.get("http").cloned())
    else {
        return String::new();
    };
    let mut out = format!(
        "\nOver HTTP (`cargo run --release -p binder-bench -- http`): `mixed.http` on loopback, {} keep-alive connections, {} round(s) of {} s each after a {} s warm-up each (the servers take turns 250 ms at a time), the median round:\n\n| server | requests/s | p99 |\n|---|---:|---:|\n",
        http["conns"], http["rounds"], http["duration_s"], http["warmup_s"]
    );
    let servers = http["servers"].as_array().cloned().unwrap_or_default();
    let rps = |name: &str| {
        servers
            .iter()
            .find(|s| s["server"] == name)
            .and_then(|s| s["requests_per_s"].as_f64())
    };
    for s in &servers {
        let _ = writeln!(
            out,
            "| {} | {} | {:.2} ms |",
            s["server"].as_str().unwrap_or_default(),
            s["requests_per_s"].as_f64().unwrap_or_default() as u64,
            s["p99_us"].as_f64().unwrap_or_default() / 1000.0
        );
    }
    let ratio = |a: &str, b: &str| Some(rps(a)? / rps(b)?);
    if let (Some(r), Some(a)) = (ratio("binder", "reference"), ratio("binder-axum", "axum")) {
        let _ = writeln!(
            out,
            "\nbinder / reference: {r:.2}x requests/s (issue 17's target: 0.97x); binder-axum / axum: {a:.2}x (target: above 1)."
        );
    }
    if let (Some(i), Some(b)) = (ratio("ideal", "reference"), ratio("binder", "ideal")) {
        let _ = writeln!(
            out,
            "The hand-specialised floor for exactly this struct (`ideal`, in the same service): ideal / reference {i:.2}x, binder / ideal {b:.2}x. The binder and ideal services answer `ok`, as the reference does, when they bound exactly what `mixed.http` sends (the check before the load proves it); the axum routes both answer the bound values, summarised, so compare axum with binder-axum, and binder and ideal with the reference, not across."
        );
    }
    out
}

/// The example server's footprint recorded in `results.json`, as a table.
fn footprint_table(results: &Path) -> String {
    let Some(f) = std::fs::read_to_string(results)
        .ok()
        .and_then(|t| serde_json::from_str::<Value>(&t).ok())
        .and_then(|d| d.get("footprint").cloned())
    else {
        return String::new();
    };
    format!(
        "\nThe example server (`cargo run --release -p binder-bench -- footprint`): binary {:.1} MiB, cold start to first answer {} ms (median of 5), peak RSS {:.1} MiB under {} connections for {} s, {:.1} MiB 2 s after.\n",
        f["binary_bytes"].as_f64().unwrap_or_default() / f64::from(1 << 20),
        f["cold_start_ms"],
        f["peak_rss_kib"].as_f64().unwrap_or_default() / 1024.0,
        f["load_conns"],
        f["load_s"],
        f["rss_after_kib"].as_f64().unwrap_or_default() / 1024.0,
    )
}

/// Records `report` in `results.json` under `key`, beside the iai rows
/// and the other records.
fn record(results: &Path, key: &str, report: Value) -> Result<(), String> {
    let mut doc: Value = std::fs::read_to_string(results)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_else(|| json!({"rows": []}));
    doc[key] = report;
    let text = serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())? + "\n";
    std::fs::write(results, text).map_err(|e| e.to_string())
}

fn docs(rows: &[Row]) -> Result<(), String> {
    let results = root().join("results.json");
    let large = std::fs::read_to_string(&results)
        .ok()
        .and_then(|t| serde_json::from_str::<Value>(&t).ok())
        .and_then(|d| d.get("large").map(wall::table))
        .unwrap_or_default();
    let json_docs = std::fs::read_to_string(&results)
        .ok()
        .and_then(|t| serde_json::from_str::<Value>(&t).ok())
        .and_then(|d| d.get("json_docs").map(wall::json_docs_table))
        .unwrap_or_default();
    let table = targets_table(rows)
        + &tables(rows)
        + &large
        + &json_docs
        + &http_table(&results)
        + &footprint_table(&results)
        + &std::fs::read_to_string(&results)
            .ok()
            .and_then(|t| serde_json::from_str::<Value>(&t).ok())
            .and_then(|d| d.get("spool").map(spool::table))
            .unwrap_or_default();
    let buildcost = buildcost::docs(&results);
    let md = format!(
        "# Benchmarks\n\nGenerated by `cargo run -p binder-bench -- docs` from `benches/results.json`; do not edit by hand.\n\
         Instructions are callgrind's `Ir` for the benchmark function; blocks and bytes are DHAT's totals\n\
         allocated inside it. Workloads: `benches/workloads/`. Peers: serde_urlencoded (axum's `Query`/`Form`),\n\
         serde_json (axum's `Json`), sonic-rs, the cookie crate, multer (axum's `Multipart`), axum's and actix-web's extractors, and hand-written floors.\n\n{table}{buildcost}"
    );
    let root = root().join("..");
    std::fs::write(root.join("BENCHMARKS.md"), md).map_err(|e| e.to_string())?;
    let readme_path = root.join("README.md");
    let readme = std::fs::read_to_string(&readme_path).map_err(|e| e.to_string())?;
    let (start, end) = ("<!-- bench:start -->", "<!-- bench:end -->");
    let (Some(a), Some(b)) = (readme.find(start), readme.find(end)) else {
        return Err("README.md has no <!-- bench:start --> / <!-- bench:end --> markers".into());
    };
    let new = format!("{}{start}\n{table}{}", &readme[..a], &readme[b..]);
    std::fs::write(readme_path, new).map_err(|e| e.to_string())
}

fn run() -> Result<(), String> {
    let results = root().join("results.json");
    let baseline = root().join("baseline.json");
    match std::env::args().nth(1).as_deref() {
        Some("collect") => {
            let rows = collect()?;
            write_rows(&results, &rows)?;
            println!("{} rows -> {}", rows.len(), results.display());
            Ok(())
        }
        Some("check") => {
            let now = read_rows(&results)?;
            let base = read_rows(&baseline)?;
            let mut bad = regressions(&now, &base);
            for (goal, ratio, met) in targets(&now) {
                if met {
                    continue;
                }
                if OPEN_TARGETS.contains(&goal.as_str()) {
                    println!("open target, not gated: {goal} ({ratio:?})");
                } else {
                    bad.push(format!("target missed: {goal} ({ratio:?})"));
                }
            }
            if bad.is_empty() {
                println!(
                    "bench gate: {} binder rows within their baseline, {} targets met ({} open)",
                    now.iter().filter(|r| r.is_binder()).count(),
                    TARGETS.len() - OPEN_TARGETS.len(),
                    OPEN_TARGETS.len()
                );
                Ok(())
            } else {
                Err(format!(
                    "bench gate: {} regression(s)\n  {}",
                    bad.len(),
                    bad.join("\n  ")
                ))
            }
        }
        Some("baseline") => {
            let rows = read_rows(&results)?;
            write_rows(&baseline, &rows)?;
            println!("{} rows -> {}", rows.len(), baseline.display());
            Ok(())
        }
        Some("docs") => docs(&read_rows(&results)?),
        Some("footprint") => {
            let args: Vec<String> = std::env::args().skip(2).collect();
            let mut o = http::Options::parse(&args)?;
            if !args.iter().any(|a| a == "--duration") {
                o.duration = std::time::Duration::from_secs(5);
            }
            let report = http::footprint(o)?;
            record(&results, "footprint", report)
        }
        Some("soak") => {
            let args: Vec<String> = std::env::args().skip(2).collect();
            soak::run(soak::Options::parse(&args)?)
        }
        Some("buildcost") => {
            let args: Vec<String> = std::env::args().skip(2).collect();
            let options = buildcost::Options::parse(&args)?;
            let report = buildcost::run(&options, &root().join(".."))?;
            println!("{}", buildcost::table(&report));
            match options.probe() {
                Some(why) => {
                    eprintln!("a probe, not recorded in results.json: {why}");
                    Ok(())
                }
                None => record(&results, "buildcost", report),
            }
        }
        Some("large") => {
            let report = wall::run()?;
            record(&results, "large", report)
        }
        Some("json-docs") => {
            let report = wall::json_docs()?;
            record(&results, "json_docs", report)
        }
        Some("spool") => {
            let args: Vec<String> = std::env::args().skip(2).collect();
            let (report, met) = spool::run(spool::Options::parse(&args)?)?;
            record(&results, "spool", report)?;
            met
        }
        Some("http") => {
            let args: Vec<String> = std::env::args().skip(2).collect();
            let report = http::run(http::Options::parse(&args)?)?;
            // Keep the iai rows; record the HTTP run beside them.
            record(&results, "http", report)
        }
        _ => Err("usage: binder-bench collect | check | baseline | docs | large | json-docs | http [--conns N] [--warmup S] [--duration S] [--rounds N] | footprint | soak [--requests N] [--warmup N] [--conns N] [--max-time S] [--rss-slack-kib K] | buildcost [--structs 10,50,100] [--reps 3] [--flavours binder,binder-accept,serde] [--quick] | spool [--mib 1024] [--rounds 5]".into()),
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(function: &str, ir: u64, blocks: u64) -> Row {
        Row {
            bench: "b".into(),
            function: function.into(),
            workload: "w".into(),
            ir,
            blocks,
            bytes: 0,
        }
    }

    #[test]
    fn targets_are_met_at_their_ratio_and_missed_past_it() {
        let mk = |bench: &str, workload: &str, function: &str, ir: u64| Row {
            bench: bench.into(),
            function: function.into(),
            workload: workload.into(),
            ir,
            blocks: 0,
            bytes: 0,
        };
        let met = |rows: &[Row], goal: &str| {
            targets(rows)
                .into_iter()
                .find(|(g, _, _)| g == goal)
                .map(|(_, _, met)| met)
                .expect("a target")
        };
        let (peer, floor, axum, actix) = (
            "form5: binder_form_owned <= 0.33x serde_urlencoded_owned",
            "form5: binder_form_owned below floor_owned",
            "mixed: binder_owned <= 0.2x axum_extraction",
            "mixed: binder_actix <= 0.2x actix_extraction",
        );
        let mut rows = vec![
            mk("sources", "form5", "binder_form_owned", 330),
            mk("sources", "form5", "serde_urlencoded_owned", 1000),
            mk("sources", "form5", "floor_owned", 331),
            mk("mixed", "mixed", "binder_owned", 400),
            mk("mixed", "mixed", "axum_extractors", 3000),
            mk("mixed", "mixed", "axum_no_extractors", 1000),
            // binder_actix: 1400 - 1000; actix_extraction: 3000 - 1000.
            mk("mixed", "mixed", "binder_actix_bound", 1400),
            mk("mixed", "mixed", "actix_extractors", 3000),
            mk("mixed", "mixed", "actix_no_extractors", 1000),
        ];
        assert!(met(&rows, peer) && met(&rows, floor) && met(&rows, axum) && met(&rows, actix));
        rows[0].ir = 331;
        rows[3].ir = 401;
        rows[6].ir = 1401;
        assert!(!met(&rows, peer) && !met(&rows, floor) && !met(&rows, axum) && !met(&rows, actix));
        // A target whose rows are missing is not met.
        assert!(!met(
            &rows,
            "json5: binder_user_owned <= 0.6x serde_json_user_owned"
        ));
    }

    #[test]
    fn collect_keeps_the_http_footprint_buildcost_large_and_json_docs_records() {
        let path =
            std::env::temp_dir().join(format!("binder-bench-keep-{}.json", std::process::id()));
        let earlier = json!({"rows": [], "http": {"a": 1}, "footprint": {"b": 2}, "buildcost": {"c": 3}, "large": {"d": 4}, "json_docs": {"e": 5}, "spool": {"f": 6}});
        std::fs::write(&path, earlier.to_string()).unwrap();
        write_rows(&path, &[row("binder_owned", 1, 0)]).unwrap();
        let now: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        std::fs::remove_file(&path).unwrap();
        for kept in KEPT {
            assert_eq!(now[kept], earlier[kept], "{kept}");
        }
        assert_eq!(now["rows"].as_array().map(Vec::len), Some(1));
    }

    #[test]
    fn the_gate_fails_on_one_more_allocation_or_over_two_percent() {
        let base = [row("binder_owned", 1000, 2), row("peer", 500, 9)];
        assert!(regressions(&[row("binder_owned", 1020, 2)], &base).is_empty());
        assert_eq!(regressions(&[row("binder_owned", 1021, 2)], &base).len(), 1);
        assert_eq!(regressions(&[row("binder_owned", 900, 3)], &base).len(), 1);
        // Peers never gate; a binder row without a baseline does.
        assert!(regressions(&[row("peer", 5000, 90)], &base).is_empty());
        assert_eq!(regressions(&[row("binder_new", 1, 0)], &base).len(), 1);
    }

    #[test]
    fn sonic_rs_rows_are_peers_of_the_same_variant_and_never_gate() {
        let now = [
            row("binder_user_owned", 2000, 2),
            row("binder_user_borrowed", 1800, 0),
            row("serde_json_user_owned", 2700, 2),
            row("sonic_rs_user_owned", 4000, 2),
            row("sonic_rs_user_borrowed", 3600, 0),
        ];
        let base = [
            row("binder_user_owned", 2000, 2),
            row("binder_user_borrowed", 1800, 0),
        ];
        // No baseline for the sonic-rs rows, and they gate nothing.
        assert!(now[3..].iter().all(|r| !r.is_binder()));
        assert!(regressions(&now, &base).is_empty());
        let t = tables(&now);
        let line = |f: &str| {
            t.lines()
                .find(|l| l.contains(&format!("| **{f}** |")))
                .unwrap_or_else(|| panic!("no row {f} in\n{t}"))
                .to_owned()
        };
        let owned = line("binder_user_owned");
        assert!(owned.contains("0.74x serde_json_user_owned"), "{owned}");
        assert!(owned.contains("0.50x sonic_rs_user_owned"), "{owned}");
        assert!(!owned.contains("sonic_rs_user_borrowed"), "{owned}");
        let borrowed = line("binder_user_borrowed");
        assert!(
            borrowed.contains("0.50x sonic_rs_user_borrowed"),
            "{borrowed}"
        );
        assert!(!borrowed.contains("_owned"), "{borrowed}");
    }
}
