//! Uploads larger than memory, measured: a 1 GiB file posted on loopback to
//! the axum uploads example (`adapters/axum/examples/uploads.rs`, release,
//! `Spooled<T>`), against writing the same bytes to a temporary file
//! directly, in the same run and the same directory (and, reported beside
//! it, a direct write that allocates each MiB first as the spool's writer
//! does). Reports the server's
//! peak resident memory (`VmHWM`) and the two speeds, and fails when the
//! server's peak passes 32 MiB or the upload runs slower than half the
//! direct write (issue #19's acceptance).
//!
//! `cargo run --release -p binder-bench -- spool [--mib N] [--rounds N]`

use crate::http::{read_response, Example};
use serde_json::{json, Value};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

/// Bytes a write hands over, client and direct alike.
const WRITE: usize = 1 << 20;
/// The acceptance: the server's peak resident memory, at most.
const MAX_PEAK_KIB: u64 = 32 * 1024;
/// The acceptance: the upload's speed over the direct write's, at least.
const MIN_RATIO: f64 = 0.5;

/// The run's knobs.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The file's size in MiB.
    pub mib: usize,
    /// Uploads and direct writes each (the best of each is reported).
    pub rounds: usize,
}

impl Options {
    pub fn parse(args: &[String]) -> Result<Self, String> {
        let mut o = Options {
            mib: 1024,
            rounds: 5,
        };
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let v = it.next().ok_or(format!("{a} needs a value"))?;
            let n: usize = v.parse().map_err(|_| format!("{a}: not a number: {v}"))?;
            match a.as_str() {
                "--mib" => o.mib = n,
                "--rounds" => o.rounds = n.max(1),
                _ => return Err(format!("unknown option {a}")),
            }
        }
        Ok(o)
    }
}

/// A 1 MiB block of file bytes (no CR, so never a delimiter).
fn block() -> Vec<u8> {
    (0..WRITE)
        .map(|i| match (i as u8).wrapping_mul(31).wrapping_add(7) {
            b'\r' => b'r',
            b => b,
        })
        .collect()
}

/// Builds the example (release, feature `spool`); its path.
fn binary() -> Result<PathBuf, String> {
    let ok = std::process::Command::new(env!("CARGO"))
        .args([
            "build",
            "--quiet",
            "--release",
            "-p",
            "binder-axum",
            "--features",
            "spool",
            "--example",
            "uploads",
        ])
        .current_dir(crate::root())
        .status()
        .map_err(|e| format!("cargo build of the example: {e}"))?
        .success();
    if !ok {
        return Err(
            "cargo build --release -p binder-axum --features spool --example uploads failed".into(),
        );
    }
    Ok(crate::root().join("../target/release/examples/uploads"))
}

/// Files in `dir`.
fn files_in(dir: &Path) -> usize {
    std::fs::read_dir(dir).map(|d| d.count()).unwrap_or(0)
}

/// Posts one `mib`-MiB file; the time from the first byte sent to the
/// answer.
async fn upload(addr: std::net::SocketAddr, mib: usize, block: &[u8]) -> Result<Duration, String> {
    // curl's boundary shape.
    let head = b"--------------------------d74496d66958873e\r\n\
                 Content-Disposition: form-data; name=title\r\n\r\nbig\r\n\
                 --------------------------d74496d66958873e\r\n\
                 Content-Disposition: form-data; name=files; filename=big.bin\r\n\
                 Content-Type: application/octet-stream\r\n\r\n";
    let tail = b"\r\n--------------------------d74496d66958873e--\r\n";
    let len = head.len() + mib * WRITE + tail.len();
    let request = format!(
        "POST /teams/7/uploads HTTP/1.1\r\nHost: bench\r\n\
         Content-Type: multipart/form-data; boundary=------------------------d74496d66958873e\r\nContent-Length: {len}\r\n\r\n"
    );
    let mut s = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    let start = Instant::now();
    s.write_all(request.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    s.write_all(head).await.map_err(|e| e.to_string())?;
    for _ in 0..mib {
        s.write_all(block).await.map_err(|e| e.to_string())?;
    }
    s.write_all(tail).await.map_err(|e| e.to_string())?;
    let (status, body) = read_response(&mut s, &mut Vec::new()).await?;
    let took = start.elapsed();
    let body = String::from_utf8_lossy(&body);
    let want = format!("\"bytes\":{}", mib * WRITE);
    if status != 200 || !body.contains(&want) {
        return Err(format!("the upload answered {status}: {body}"));
    }
    Ok(took)
}

/// Writes `mib` MiB to a new file in `dir` (1 MiB writes, closed, not
/// synced), then deletes it; the time. With `allocate`, each MiB's blocks
/// are allocated before its write, as the spool's writer does.
fn direct(dir: &Path, mib: usize, block: &[u8], allocate: bool) -> Result<Duration, String> {
    let path = dir.join("direct.bin");
    let start = Instant::now();
    let mut f = std::fs::File::create(&path).map_err(|e| e.to_string())?;
    for i in 0..mib {
        if allocate {
            preallocate(&f, (i * WRITE) as u64)?;
        }
        f.write_all(block).map_err(|e| e.to_string())?;
    }
    drop(f);
    std::fs::remove_file(&path).map_err(|e| e.to_string())?;
    Ok(start.elapsed())
}

#[cfg(target_os = "linux")]
fn preallocate(f: &std::fs::File, at: u64) -> Result<(), String> {
    use rustix::fs::{fallocate, FallocateFlags};
    fallocate(f, FallocateFlags::KEEP_SIZE, at, WRITE as u64).map_err(|e| e.to_string())
}

#[cfg(not(target_os = "linux"))]
fn preallocate(_: &std::fs::File, _: u64) -> Result<(), String> {
    Ok(())
}

/// CPU seconds (user and system) process `pid` has used so far.
fn cpu_s(pid: &str) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // After the command's `)`: state is field 3, utime 14, stime 15.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<f64> = rest
        .split_whitespace()
        .map(|v| v.parse().unwrap_or(0.0))
        .collect();
    // Clock ticks: 100 a second on Linux.
    (f.get(11).copied().unwrap_or(0.0) + f.get(12).copied().unwrap_or(0.0)) / 100.0
}

fn mib_per_s(mib: usize, t: Duration) -> f64 {
    mib as f64 / t.as_secs_f64()
}

/// Runs the measurement; the report to record, and whether the targets
/// were met (`Err` with what was missed).
pub fn run(o: Options) -> Result<(Value, Result<(), String>), String> {
    let binary = binary()?;
    let dir = crate::root().join(format!("../target/spool-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let result = measure(&binary, &dir, o);
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// The section of BENCHMARKS.md, from `results.json`'s `spool` record.
pub fn table(r: &Value) -> String {
    let f = |k: &str| r[k].as_f64().unwrap_or_default();
    let all = |k: &str| {
        r[k].as_array()
            .map(|v| {
                v.iter()
                    .map(|t| format!("{:.2}", t.as_f64().unwrap_or_default()))
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .unwrap_or_default()
    };
    format!(
        "\nUploads larger than memory (`cargo run --release -p binder-bench -- spool`): a {} MiB file posted on loopback to the axum uploads example (`Spooled<T>`, each file part streamed to a temporary file), against writing the same bytes to a file directly in the same directory, taken in turns, best of {} each: upload {:.2} s ({:.0} MiB/s), direct write {:.2} s ({:.0} MiB/s), speed ratio {:.2} (issue 19's target: 0.5 at least); every round, in seconds: upload {}, direct write {} (on this virtual machine a write into memory the host has just taken back runs several times slower, whichever side it falls to: the best of each side is its undisturbed round); CPU a round: server {:.2} s, direct write {:.2} s. The spool's writer allocates each full MiB's blocks before writing it (`fallocate`, which spares ext4 its delayed-allocation bookkeeping); against a direct write that does the same (best {:.2} s, {:.0} MiB/s; rounds {}) the ratio is {:.2}. The server's peak resident memory (VmHWM) {:.1} MiB (target: under 32 MiB; {:.1} MiB listening). {} temporary files left. Machine: {} cpus, load average {:.1} (the run's own included) when it ended.\n",
        r["mib"],
        r["rounds"],
        f("upload_s"),
        f("mib") / f("upload_s"),
        f("direct_s"),
        f("mib") / f("direct_s"),
        f("ratio"),
        all("upload_all_s"),
        all("direct_all_s"),
        f("server_cpu_s"),
        f("direct_cpu_s"),
        f("alloc_s"),
        f("mib") / f("alloc_s"),
        all("alloc_all_s"),
        f("alloc_ratio"),
        f("peak_kib") / 1024.0,
        f("idle_kib") / 1024.0,
        r["files_left"],
        r["cpus"],
        f("load"),
    )
}

fn measure(binary: &Path, dir: &Path, o: Options) -> Result<(Value, Result<(), String>), String> {
    let spool_dir = dir.to_str().ok_or("a directory that is not UTF-8")?;
    let server = Example::start(
        binary,
        &[("BINDER_SPOOL_DIR", spool_dir)],
        std::process::Stdio::null(),
    )?;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let block = block();
    let idle_kib = rt.block_on(async {
        let start = Instant::now();
        while TcpStream::connect(server.addr).await.is_err() {
            if start.elapsed() > Duration::from_secs(20) {
                return Err("the server did not listen within 20 s".to_string());
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        Ok(server.status_kib("VmHWM:"))
    })?;
    // Taken in turns, so that both see the machine as it is.
    let (mut up_times, mut direct_times, mut alloc_times) = (Vec::new(), Vec::new(), Vec::new());
    let pid = server.pid().to_string();
    let (mut server_cpu, mut direct_cpu) = (0.0, 0.0);
    for _ in 0..o.rounds {
        let cpu = cpu_s(&pid);
        up_times.push(rt.block_on(upload(server.addr, o.mib, &block))?);
        server_cpu += cpu_s(&pid) - cpu;
        let cpu = cpu_s("self");
        direct_times.push(direct(dir, o.mib, &block, false)?);
        direct_cpu += cpu_s("self") - cpu;
        alloc_times.push(direct(dir, o.mib, &block, true)?);
    }
    let peak_kib = server.status_kib("VmHWM:");
    let left = files_in(dir);
    let best_up = up_times.iter().min().copied().unwrap_or_default();
    let best_direct = direct_times.iter().min().copied().unwrap_or_default();
    let best_alloc = alloc_times.iter().min().copied().unwrap_or_default();
    let ratio = best_direct.as_secs_f64() / best_up.as_secs_f64();
    let alloc_ratio = best_alloc.as_secs_f64() / best_up.as_secs_f64();
    println!(
        "spool: {} MiB upload on loopback, {} rounds each",
        o.mib, o.rounds
    );
    println!(
        "  upload through Spooled<T>: best {:.2} s ({:.0} MiB/s); all: {:?}",
        best_up.as_secs_f64(),
        mib_per_s(o.mib, best_up),
        up_times
    );
    println!(
        "  direct write to a file:    best {:.2} s ({:.0} MiB/s); all: {:?}",
        best_direct.as_secs_f64(),
        mib_per_s(o.mib, best_direct),
        direct_times
    );
    println!(
        "  direct, each MiB allocated first: best {:.2} s ({:.0} MiB/s); all: {:?}",
        best_alloc.as_secs_f64(),
        mib_per_s(o.mib, best_alloc),
        alloc_times
    );
    let rounds = o.rounds as f64;
    println!(
        "  CPU a round: server {:.2} s, direct write {:.2} s",
        server_cpu / rounds,
        direct_cpu / rounds
    );
    println!("  speed ratio (upload / direct): {ratio:.2} (target >= {MIN_RATIO}); {alloc_ratio:.2} against the allocating direct write");
    println!(
        "  server VmHWM: {peak_kib} KiB after the uploads ({idle_kib} KiB listening; target < {MAX_PEAK_KIB} KiB)"
    );
    println!("  temporary files left: {left}");
    let mut bad = Vec::new();
    if peak_kib >= MAX_PEAK_KIB || peak_kib == 0 {
        bad.push(format!("server peak {peak_kib} KiB"));
    }
    if ratio < MIN_RATIO {
        bad.push(format!("speed ratio {ratio:.2}"));
    }
    if left != 0 {
        bad.push(format!("{left} temporary files left"));
    }
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next()?.parse::<f64>().ok())
        .unwrap_or_default();
    let cpus = std::thread::available_parallelism().map_or(0, |n| n.get());
    let report = json!({
        "load": load,
        "cpus": cpus,
        "mib": o.mib,
        "rounds": o.rounds,
        "upload_s": best_up.as_secs_f64(),
        "upload_all_s": up_times.iter().map(Duration::as_secs_f64).collect::<Vec<_>>(),
        "direct_all_s": direct_times.iter().map(Duration::as_secs_f64).collect::<Vec<_>>(),
        "direct_s": best_direct.as_secs_f64(),
        "alloc_all_s": alloc_times.iter().map(Duration::as_secs_f64).collect::<Vec<_>>(),
        "alloc_s": best_alloc.as_secs_f64(),
        "alloc_ratio": alloc_ratio,
        "ratio": ratio,
        "server_cpu_s": server_cpu / rounds,
        "direct_cpu_s": direct_cpu / rounds,
        "peak_kib": peak_kib,
        "idle_kib": idle_kib,
        "files_left": left,
    });
    let met = if bad.is_empty() {
        Ok(())
    } else {
        Err(format!("spool: target missed: {}", bad.join(", ")))
    };
    Ok((report, met))
}
