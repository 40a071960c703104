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
