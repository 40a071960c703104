//! `large`: the large-body workloads in wall time (issue 17), beside their
//! instruction counts: binder's multipart scan of a 1 MiB and a 64 MiB
//! file against `memchr::memmem` finding the boundary in the same bytes,
//! and the 1 MB form bound once against the 10 KB one bound 100 times.
//!
//! Each pair of contenders is timed in alternating rounds (A then B, then
//! B then A), each round a fixed number of calls; the median round of
//! each is kept, as the machine is shared and noisy. Ratios are of the
//! same run.

use binder_bench::*;
use serde_json::{json, Value};
use std::hint::black_box;
use std::time::Instant;

/// Seconds a run of `f` `calls` times takes, per call.
fn per_call(calls: usize, mut f: impl FnMut() -> usize) -> f64 {
    let start = Instant::now();
    let mut sink = 0;
    for _ in 0..calls {
        sink += black_box(f());
    }
    black_box(sink);
    start.elapsed().as_secs_f64() / calls as f64
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Medians of `rounds` alternating rounds of `a` and `b`, `calls` calls a
/// round, after one warm-up round: (a's seconds a call, b's).
fn alternate(
    rounds: usize,
    calls: usize,
    mut a: impl FnMut() -> usize,
    mut b: impl FnMut() -> usize,
) -> (f64, f64) {
    per_call(calls, &mut a);
    per_call(calls, &mut b);
    let (mut ta, mut tb) = (Vec::new(), Vec::new());
    for round in 0..rounds {
        if round % 2 == 0 {
            ta.push(per_call(calls, &mut a));
            tb.push(per_call(calls, &mut b));
        } else {
            tb.push(per_call(calls, &mut b));
            ta.push(per_call(calls, &mut a));
        }
    }
    (median(ta), median(tb))
}

/// Runs the wall-time comparisons; the report `results.json` keeps under
/// `large`.
pub fn run() -> Result<Value, String> {
    let started = Instant::now();
    let ct = large_multipart_type();
    let mut uploads = Vec::new();
    for (name, file, rounds, calls) in [
        ("multipart1m", 1usize << 20, 21, 200),
        ("multipart64m", 64 << 20, 11, 3),
    ] {
        let body = large_multipart(file);
        let (binder, memmem) = alternate(
            rounds,
            calls,
            || binder_large_upload(black_box(body), &ct),
            || memmem_boundaries(black_box(body)),
        );
        let gib_s = |s: f64| body.len() as f64 / s / f64::from(1 << 30);
        println!(
            "{name}: binder {:.2} GiB/s, memmem {:.2} GiB/s: {:.2}x memmem's bytes per second",
            gib_s(binder),
            gib_s(memmem),
            memmem / binder
        );
        uploads.push(json!({
            "workload": name,
            "bytes": body.len(),
            "binder_s": binder,
            "memmem_s": memmem,
            "ratio": memmem / binder,
        }));
    }
    let (big, small) = (large_form(10_000), large_form(100));
    let (big_limits, small_limits) = (large_form_limits(10_000), large_form_limits(100));
    let (one, hundred) = alternate(
        21,
        10,
        || binder_bulk(black_box(big), &big_limits),
        || {
            (0..100)
                .map(|_| binder_bulk(black_box(small), &small_limits))
                .sum()
        },
    );
    println!(
        "form1m: the 1 MB form bound once {:.0} us, the 10 KB one 100 times {:.0} us: {:.2}x a byte",
        one * 1e6,
        hundred * 1e6,
        one / hundred
    );
    Ok(json!({
        "command": "cargo run --release -p binder-bench -- large",
        "uploads": uploads,
        "form": {"one_1m_s": one, "hundred_10k_s": hundred, "ratio": one / hundred},
        "seconds": (started.elapsed().as_secs_f64() * 10.0).round() / 10.0,
    }))
}

/// The wall-time table for BENCHMARKS.md, from the `large` record.
pub fn table(large: &Value) -> String {
    let mut out = format!(
        "\nLarge bodies in wall time (`{}`, medians of alternating rounds, one run):\n\n| workload | binder | floor | binder's bytes per second / the floor's |\n|---|---:|---:|---:|\n",
        large["command"].as_str().unwrap_or("cargo run --release -p binder-bench -- large")
    );
    for u in large["uploads"].as_array().into_iter().flatten() {
        let bytes = u["bytes"].as_f64().unwrap_or_default();
        let gib = |s: &Value| bytes / s.as_f64().unwrap_or(f64::NAN) / f64::from(1 << 30);
        out.push_str(&format!(
            "| {} | {:.2} GiB/s | memmem {:.2} GiB/s | {:.2}x |\n",
            u["workload"].as_str().unwrap_or("?"),
            gib(&u["binder_s"]),
            gib(&u["memmem_s"]),
            u["ratio"].as_f64().unwrap_or(f64::NAN)
        ));
    }
    let f = &large["form"];
    out.push_str(&format!(
        "| form1m | 1 MB once: {:.0} us | 10 KB x 100: {:.0} us | {:.2}x a byte's time |\n",
        f["one_1m_s"].as_f64().unwrap_or(f64::NAN) * 1e6,
        f["hundred_10k_s"].as_f64().unwrap_or(f64::NAN) * 1e6,
        f["ratio"].as_f64().unwrap_or(f64::NAN)
    ));
    out
}

/// Medians of `rounds` rounds over every contender, `calls` calls a
/// contender a round, after one warm-up round; each round runs the
/// contenders in a rotated order (the first goes last next round), so
/// whatever else the machine does falls on all alike. Seconds a call, in
/// the contenders' order.
fn rotate(rounds: usize, calls: usize, fs: &mut [&mut dyn FnMut() -> usize]) -> Vec<f64> {
    for f in fs.iter_mut() {
        per_call(calls, &mut **f);
    }
    let mut times = vec![Vec::new(); fs.len()];
    for round in 0..rounds {
        for k in 0..fs.len() {
            let i = (round + k) % fs.len();
            times[i].push(per_call(calls, &mut *fs[i]));
        }
    }
    times.into_iter().map(median).collect()
}

/// The json-benchmark documents in wall time: binder against serde_json,
/// sonic-rs and simd-json, owned (and borrowed against serde_json
/// borrowed), every contender binding into the same strict types
/// (`binder_bench::json_docs`); medians of rounds in a rotating order,
/// one process. The report `results.json` keeps under `json_docs`.
pub fn json_docs() -> Result<Value, String> {
    use binder_bench::json_docs::*;
    let started = Instant::now();
    let mut docs = Vec::new();
    for (doc, calls) in [
        (Doc::Canada, 10),
        (Doc::CitmCatalog, 20),
        (Doc::Twitter, 50),
    ] {
        let b = doc.bytes();
        // Each contender binds and drops what it bound; the count it
        // hands back only keeps the call from being optimised away.
        macro_rules! bind {
            ($f:ident, $o:ty, $r:ty, $c:ty) => {
                match doc {
                    Doc::Canada => $f::<$o>(black_box(b)).features.len(),
                    Doc::CitmCatalog => $f::<$r>(black_box(b)).performances.len(),
                    Doc::Twitter => $f::<$c>(black_box(b)).statuses.len(),
                }
            };
        }
        let names = [
            "binder_owned",
            "serde_json_owned",
            "sonic_rs_owned",
            "simd_json",
            "binder_borrowed",
            "serde_json_borrowed",
        ];
        let medians = rotate(
            11,
            calls,
            &mut [
                &mut || bind!(binder_json, Canada, CitmCatalog, Twitter),
                &mut || bind!(serde_json_into, Canada, CitmCatalog, Twitter),
                &mut || bind!(sonic_rs_into, Canada, CitmCatalog, Twitter),
                &mut || bind!(simd_json_into, Canada, CitmCatalog, Twitter),
                &mut || bind!(binder_json, CanadaRef, CitmCatalogRef, TwitterRef),
                &mut || bind!(serde_json_into, CanadaRef, CitmCatalogRef, TwitterRef),
            ],
        );
        let name = match doc {
            Doc::Canada => "canada",
            Doc::CitmCatalog => "citm_catalog",
            Doc::Twitter => "twitter",
        };
        let mb_s = |s: f64| b.len() as f64 / s / 1e6;
        print!("{name}:");
        for (n, s) in names.iter().zip(&medians) {
            print!(" {n} {:.0} us ({:.0} MB/s);", s * 1e6, mb_s(*s));
        }
        println!(
            " binder/serde_json {:.2}x owned, {:.2}x borrowed",
            medians[0] / medians[1],
            medians[4] / medians[5]
        );
        let rows: Vec<Value> = names
            .iter()
            .zip(&medians)
            .map(|(n, s)| json!({"contender": n, "s": s}))
            .collect();
        docs.push(json!({"workload": name, "bytes": b.len(), "rows": rows}));
    }
    Ok(json!({
        "command": "cargo run --release -p binder-bench -- json-docs",
        "docs": docs,
        "seconds": (started.elapsed().as_secs_f64() * 10.0).round() / 10.0,
    }))
}

/// The json-benchmark documents' wall-time table for BENCHMARKS.md, from
/// the `json_docs` record.
pub fn json_docs_table(record: &Value) -> String {
    let mut out = format!(
        "\nThe json-benchmark documents in wall time (`{}`, medians of 11 rounds in a rotating order, one run; noisy: compare within a row): microseconds a document, and binder's time over each peer's (owned against owned, borrowed against borrowed).\n\n| workload | contender | median | MB/s | binder / this |\n|---|---|---:|---:|---:|\n",
        record["command"]
            .as_str()
            .unwrap_or("cargo run --release -p binder-bench -- json-docs")
    );
    for d in record["docs"].as_array().into_iter().flatten() {
        let bytes = d["bytes"].as_f64().unwrap_or(f64::NAN);
        let rows = d["rows"].as_array().cloned().unwrap_or_default();
        let time = |name: &str| {
            rows.iter()
                .find(|r| r["contender"] == name)
                .and_then(|r| r["s"].as_f64())
        };
        for r in &rows {
            let name = r["contender"].as_str().unwrap_or("?");
            let s = r["s"].as_f64().unwrap_or(f64::NAN);
            let binder = if name.contains("borrowed") {
                time("binder_borrowed")
            } else {
                time("binder_owned")
            };
            let ratio = match binder {
                Some(b) if !name.starts_with("binder") => format!("{:.2}x", b / s),
                _ => String::new(),
            };
            out.push_str(&format!(
                "| {} | {} | {:.0} us | {:.0} | {} |\n",
                d["workload"].as_str().unwrap_or("?"),
                name,
                s * 1e6,
                bytes / s / 1e6,
                ratio
            ));
        }
    }
    out
}
