//! The over-HTTP harness: `mixed.http` bound by binder in a hyper 1
//! service (`binder`), by the hand-specialised floor for exactly that
//! struct in the same service (`ideal`, `ideal::mixed`), by axum's
//! extractors in an axum router (`axum`), by `binder_axum::Bound` in the
//! same router (`binder-axum`), and by nothing in a hyper service that
//! reads the body (the reference) — each checked for a correct answer
//! first, then driven by a built-in load generator on loopback: `conns`
//! keep-alive connections, each sending the next request when the last
//! answer arrives, the same connections throughout. Warm-up, then `rounds`
//! rounds; in each, the servers take turns 250 ms at a time (in a rotating
//! order), so drift in what else the shared machine does falls on all five
//! alike. Reports each server's median round (requests/s over the time it
//! was driven) and that round's p99 latency.
//!
//! The binder and ideal services answer as the reference does (`ok`) when
//! they bound exactly what `mixed.http` sends, and otherwise what they
//! bound, so the check before the load proves the bind and the load
//! measures binding, not the formatting of an answer. The axum routes
//! both answer the bound values, summarised: compare them with each other,
//! and the binder and ideal services with the reference, not across.
//! (Until the ideal
//! row came, the binder service answered a `format!`ted summary and cut
//! its team out of a copied path: 0.924x the reference where the same
//! bind answering `ok` made 0.956x, in one run.)

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use serde_json::{json, Value};
use std::convert::Infallible;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// The request every connection sends: `mixed.http`, byte for byte.
pub(crate) const REQUEST: &[u8] = include_bytes!("../workloads/mixed.http");
/// What the axum routes answer for it: the bound values, summarised.
const BOUND_ANSWER: &str = "42 true 10 SKU-1234 3";
/// What the reference server answers, and the binder and ideal services
/// when they bound exactly what `mixed.http` sends.
const PLAIN_ANSWER: &str = "ok";

/// The harness's knobs.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub conns: usize,
    pub warmup: Duration,
    pub duration: Duration,
    pub rounds: usize,
}

impl Options {
    pub fn parse(args: &[String]) -> Result<Self, String> {
        let mut o = Options {
            conns: 64,
            warmup: Duration::from_secs(10),
            duration: Duration::from_secs(10),
            rounds: 3,
        };
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
            let n: u64 = value
                .parse()
                .map_err(|_| format!("{flag}: not a number: {value}"))?;
            match flag.as_str() {
                "--conns" => o.conns = n.max(1) as usize,
                "--warmup" => o.warmup = Duration::from_secs(n),
                "--duration" => o.duration = Duration::from_secs(n.max(1)),
                "--rounds" => o.rounds = n.max(1) as usize,
                _ => return Err(format!("unknown flag {flag}")),
            }
        }
        Ok(o)
    }
}

fn text(s: String) -> http::Response<Full<Bytes>> {
    http::Response::new(Full::new(Bytes::from(s)))
}

/// The team from `/teams/{team}/orders`, as a router would give it.
fn team_of(path: &str) -> Option<&str> {
    path.strip_prefix("/teams/")?.strip_suffix("/orders")
}

/// Whether `o` holds exactly what `mixed.http` sends.
fn bound_exactly(o: &binder_bench::CreateOrder) -> bool {
    o.team_id == 42
        && o.dry_run
        && o.limit == 10
        && o.trace == "7f3c2a9e-1b4d-4c8e-9f00-2a6b8d1e5c77"
        && o.session == "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl"
        && o.email == "ada@example.org"
        && o.sku == "SKU-1234"
        && o.qty == 3
        && o.note.as_deref() == Some("gift wrap")
        && !o.express
}

/// The answer of a service that bound `o`: the reference's when it is
/// exactly what `mixed.http` sends, else the values, summarised.
fn answer(o: &binder_bench::CreateOrder) -> http::Response<Full<Bytes>> {
    if bound_exactly(std::hint::black_box(o)) {
        text(PLAIN_ANSWER.into())
    } else {
        text(format!(
            "{} {} {} {} {}",
            o.team_id, o.dry_run, o.limit, o.sku, o.qty
        ))
    }
}

async fn binder_service(
    req: http::Request<hyper::body::Incoming>,
) -> Result<http::Response<Full<Bytes>>, Infallible> {
    // The URI shares its bytes: cloned, not copied, so the team can be
    // cut out of it while the request moves into the bind.
    let uri = req.uri().clone();
    let Some(team) = team_of(uri.path()) else {
        return Ok(text("not found".into()));
    };
    let limits = binder_http::Limits::default();
    Ok(
        match binder_hyper::bind::<binder_bench::CreateOrder, _>(req, &[("team", team)], &limits)
            .await
        {
            Ok((o, _)) => answer(&o),
            Err(e) => e.to_response(),
        },
    )
}

async fn ideal_service(
    req: http::Request<hyper::body::Incoming>,
) -> Result<http::Response<Full<Bytes>>, Infallible> {
    let uri = req.uri().clone();
    let Some(team) = team_of(uri.path()) else {
        return Ok(text("not found".into()));
    };
    // The body read as the reference reads it, then the floor's bind.
    let (parts, body) = req.into_parts();
    let Ok(body) = body.collect().await.map(|b| b.to_bytes()) else {
        return Ok(text("unreadable".into()));
    };
    let req = http::Request::from_parts(parts, body);
    Ok(
        match binder_bench::ideal::mixed::ideal_order(&req, &[("team", team)]) {
            Ok(o) => answer(&o),
            Err(_) => text("refused".into()),
        },
    )
}

async fn reference_service(
    req: http::Request<hyper::body::Incoming>,
) -> Result<http::Response<Full<Bytes>>, Infallible> {
    // Reads the body, as every server must, and binds nothing.
    let body = req
        .into_body()
        .collect()
        .await
        .map(|b| b.to_bytes())
        .unwrap_or_default();
    std::hint::black_box(body);
    Ok(text(PLAIN_ANSWER.into()))
}

async fn serve_hyper<F, Fut>(listener: TcpListener, handle: F)
where
    F: Fn(http::Request<hyper::body::Incoming>) -> Fut + Copy + Send + 'static,
    Fut: std::future::Future<Output = Result<http::Response<Full<Bytes>>, Infallible>>
        + Send
        + 'static,
{
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            return;
        };
        let _ = stream.set_nodelay(true);
        tokio::spawn(async move {
            let _ = http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service_fn(handle))
                .await;
        });
    }
}

async fn start() -> Result<Vec<(&'static str, SocketAddr, &'static str)>, String> {
    let bind = || async {
        TcpListener::bind("127.0.0.1:0")
            .await
            .map_err(|e| e.to_string())
    };
    let (b, a, ba, r) = (bind().await?, bind().await?, bind().await?, bind().await?);
    let i = bind().await?;
    let addr = |l: &TcpListener| l.local_addr().map_err(|e| e.to_string());
    let addrs = [
        ("binder", addr(&b)?, PLAIN_ANSWER),
        ("ideal", addr(&i)?, PLAIN_ANSWER),
        ("axum", addr(&a)?, BOUND_ANSWER),
        ("binder-axum", addr(&ba)?, BOUND_ANSWER),
        ("reference", addr(&r)?, PLAIN_ANSWER),
    ];
    tokio::spawn(serve_hyper(b, binder_service));
    tokio::spawn(serve_hyper(i, ideal_service));
    tokio::spawn(serve_hyper(r, reference_service));
    let app = binder_bench::axum_extractor_router();
    tokio::spawn(async move {
        let _ = axum::serve(a, app).await;
    });
    let app = binder_bench::axum_bound_answer_router();
    tokio::spawn(async move {
        let _ = axum::serve(ba, app).await;
    });
    Ok(addrs.to_vec())
}

/// Reads one response (one with a `Content-Length`, as every server here
/// sends); returns its status and body. What follows it stays in `buf`.
pub(crate) async fn read_response<R: AsyncRead + Unpin>(
    s: &mut R,
    buf: &mut Vec<u8>,
) -> Result<(u16, Vec<u8>), String> {
    loop {
        if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = std::str::from_utf8(&buf[..end]).map_err(|e| e.to_string())?;
            let status: u16 = head
                .get(9..12)
                .and_then(|s| s.parse().ok())
                .ok_or("bad status line")?;
            let len = head
                .lines()
                .find_map(|l| {
                    let (n, v) = l.split_once(':')?;
                    n.eq_ignore_ascii_case("content-length")
                        .then(|| v.trim().parse::<usize>().ok())?
                })
                .ok_or("no content-length")?;
            let total = end + 4 + len;
            while buf.len() < total {
                read_more(s, buf).await?;
            }
            let body = buf[end + 4..total].to_vec();
            buf.drain(..total);
            return Ok((status, body));
        }
        read_more(s, buf).await?;
    }
}

async fn read_more<R: AsyncRead + Unpin>(s: &mut R, buf: &mut Vec<u8>) -> Result<(), String> {
    let mut chunk = [0u8; 4096];
    let n = s.read(&mut chunk).await.map_err(|e| e.to_string())?;
    if n == 0 {
        return Err("connection closed".into());
    }
    buf.extend_from_slice(&chunk[..n]);
    Ok(())
}

/// One request on a fresh connection: the answer must be `expected`.
async fn check(addr: SocketAddr, expected: &str) -> Result<(), String> {
    let mut s = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    s.write_all(REQUEST).await.map_err(|e| e.to_string())?;
    let (status, body) = read_response(&mut s, &mut Vec::new()).await?;
    let body = String::from_utf8_lossy(&body);
    if status == 200 && body == expected {
        Ok(())
    } else {
        Err(format!(
            "{addr} answered {status} {body:?}, expected 200 {expected:?}"
        ))
    }
}

/// One keep-alive connection of the load generator and its read buffer.
struct Conn {
    stream: TcpStream,
    buf: Vec<u8>,
}

/// Opens `conns` keep-alive connections to `addr`.
async fn connect(addr: SocketAddr, conns: usize) -> Result<Vec<Conn>, String> {
    let mut out = Vec::with_capacity(conns);
    for _ in 0..conns {
        let stream = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
        let _ = stream.set_nodelay(true);
        out.push(Conn {
            stream,
            buf: Vec::with_capacity(8192),
        });
    }
    Ok(out)
}

/// Drives `conns` for `duration`, each connection sending the next request
/// when the last answer arrives; gives the connections back, the latency of
/// every answered request (µs) and the time it took (the last answers
/// arrive a little after the deadline).
async fn drive(
    conns: Vec<Conn>,
    duration: Duration,
) -> Result<(Vec<Conn>, Vec<u32>, Duration), String> {
    let start = Instant::now();
    let deadline = start + duration;
    let mut tasks = Vec::with_capacity(conns.len());
    for mut c in conns {
        tasks.push(tokio::spawn(async move {
            let mut lat = Vec::new();
            while Instant::now() < deadline {
                let t = Instant::now();
                c.stream
                    .write_all(REQUEST)
                    .await
                    .map_err(|e| e.to_string())?;
                let (status, _) = read_response(&mut c.stream, &mut c.buf).await?;
                if status != 200 {
                    return Err(format!("status {status} under load"));
                }
                lat.push(t.elapsed().as_micros().min(u128::from(u32::MAX)) as u32);
            }
            Ok::<_, String>((c, lat))
        }));
    }
    let mut back = Vec::with_capacity(tasks.len());
    let mut all = Vec::new();
    for t in tasks {
        let (c, lat) = t.await.map_err(|e| e.to_string())??;
        back.push(c);
        all.extend(lat);
    }
    Ok((back, all, start.elapsed()))
}

/// Drives `addr` for `duration` with `conns` fresh connections; the
/// latencies of every answered request, in microseconds.
pub(crate) async fn load(
    addr: SocketAddr,
    conns: usize,
    duration: Duration,
) -> Result<Vec<u32>, String> {
    let conns = connect(addr, conns).await?;
    drive(conns, duration).await.map(|(_, lat, _)| lat)
}

/// How long one server is driven before the next takes over: a round's
/// time is cut into slices this long, the servers taking turns (in a
/// rotating order), so that whatever else the machine does meanwhile
/// falls on all of them alike.
const SLICE: Duration = Duration::from_millis(250);

/// Runs the harness; returns the results as JSON and prints a table.
pub fn run(o: Options) -> Result<Value, String> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    rt.block_on(async move {
        let servers = start().await?;
        for (name, addr, expected) in &servers {
            check(*addr, expected).await.map_err(|e| format!("{name}: {e}"))?;
        }
        println!("every server answered correctly; load: {} connections, warm-up {:?}, {} round(s) of {:?}", o.conns, o.warmup, o.rounds, o.duration);
        let mut conns = Vec::with_capacity(servers.len());
        for (_, addr, _) in &servers {
            conns.push(Some(connect(*addr, o.conns).await?));
        }
        // Warm-up, then each round: the servers take turns a slice at a
        // time. rounds[server] = [(req/s, p99 µs)]
        let slices = |d: Duration| (d.as_secs_f64() / SLICE.as_secs_f64()).round().max(1.0) as usize;
        let mut rounds: Vec<Vec<(f64, u32)>> = vec![Vec::new(); servers.len()];
        for round in 0..=o.rounds {
            let (n, warm) = if round == 0 { (slices(o.warmup), true) } else { (slices(o.duration), false) };
            if warm && o.warmup.is_zero() {
                continue;
            }
            let mut lat: Vec<Vec<u32>> = vec![Vec::new(); servers.len()];
            let mut took = vec![Duration::ZERO; servers.len()];
            for slice in 0..n {
                for turn in 0..servers.len() {
                    let k = (slice + turn) % servers.len();
                    let c = conns[k].take().ok_or("connections lost")?;
                    let (c, l, t) = drive(c, SLICE).await?;
                    conns[k] = Some(c);
                    lat[k].extend(l);
                    took[k] += t;
                }
            }
            if warm {
                continue;
            }
            for k in 0..servers.len() {
                let l = &mut lat[k];
                l.sort_unstable();
                let p99 = l.get(l.len().saturating_sub(1) * 99 / 100).copied().unwrap_or(0);
                rounds[k].push((l.len() as f64 / took[k].as_secs_f64(), p99));
            }
        }
        let mut out = Vec::new();
        println!("| server | requests/s (median round) | p99 |");
        println!("|---|---:|---:|");
        for (k, (name, _, _)) in servers.iter().enumerate() {
            let mut r = rounds[k].clone();
            r.sort_by(|a, b| a.0.total_cmp(&b.0));
            let (rps, p99) = r[r.len() / 2];
            println!("| {name} | {rps:.0} | {:.2} ms |", f64::from(p99) / 1000.0);
            out.push(json!({"server": name, "requests_per_s": rps.round(), "p99_us": p99}));
        }
        let rps = |name: &str| out.iter().find(|v| v["server"] == name).and_then(|v| v["requests_per_s"].as_f64()).unwrap_or(0.0);
        println!(
            "binder / reference: {:.2}x; ideal / reference: {:.2}x; binder / ideal: {:.2}x; binder-axum / axum: {:.2}x",
            rps("binder") / rps("reference").max(1.0),
            rps("ideal") / rps("reference").max(1.0),
            rps("binder") / rps("ideal").max(1.0),
            rps("binder-axum") / rps("axum").max(1.0)
        );
        Ok(json!({
            "conns": o.conns,
            "warmup_s": o.warmup.as_secs(),
            "duration_s": o.duration.as_secs(),
            "rounds": o.rounds,
            "servers": out,
        }))
    })
}

/// The example server (`adapters/hyper/examples/orders.rs`), built in
/// release mode: when run by cargo, it is built first, so it is never
/// stale.
pub(crate) fn example_binary() -> Result<std::path::PathBuf, String> {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| crate::root().join("../target"));
    if let Some(cargo) = std::env::var_os("CARGO") {
        let ok = std::process::Command::new(cargo)
            .args([
                "build",
                "--quiet",
                "--release",
                "-p",
                "binder-hyper",
                "--example",
                "orders",
            ])
            .current_dir(crate::root())
            .status()
            .map_err(|e| format!("cargo build of the example: {e}"))?
            .success();
        if !ok {
            return Err("cargo build --release -p binder-hyper --example orders failed".into());
        }
    }
    let binary = target.join("release/examples/orders");
    if binary.exists() {
        Ok(binary)
    } else {
        Err(format!(
            "{}: missing (build it: cargo build --release -p binder-hyper --example orders)",
            binary.display()
        ))
    }
}

/// A running example server on a free loopback port, killed when dropped.
pub(crate) struct Example {
    child: std::process::Child,
    pub(crate) addr: SocketAddr,
}

impl Example {
    /// Starts `binary` on 127.0.0.1 with `env` added to its environment and
    /// its standard error going to `stderr` (not waiting for it to answer:
    /// see [`Example::first_answer`]).
    pub(crate) fn start(
        binary: &std::path::Path,
        env: &[(&str, &str)],
        stderr: std::process::Stdio,
    ) -> Result<Example, String> {
        let addr = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| e.to_string())?;
        let child = std::process::Command::new(binary)
            .env("BINDER_ADDR", addr.to_string())
            .envs(env.iter().copied())
            .stdout(std::process::Stdio::null())
            .stderr(stderr)
            .spawn()
            .map_err(|e| format!("{}: {e}", binary.display()))?;
        Ok(Example { child, addr })
    }

    pub(crate) fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Its standard error, when started with `Stdio::piped()`.
    pub(crate) fn take_stderr(&mut self) -> Option<std::process::ChildStderr> {
        self.child.stderr.take()
    }

    /// Whether it is still running.
    pub(crate) fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// A `kB` figure of its `/proc/<pid>/status` (`VmRSS:`, `VmHWM:`).
    pub(crate) fn status_kib(&self, field: &str) -> u64 {
        std::fs::read_to_string(format!("/proc/{}/status", self.pid()))
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with(field))
                    .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
            })
            .unwrap_or(0)
    }

    /// Its open file descriptors (`/proc/<pid>/fd`).
    pub(crate) fn fds(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/fd", self.pid()))
            .map(|d| d.count())
            .unwrap_or(0)
    }

    /// Sends `mixed.http` until it answers 200 (trying every millisecond
    /// for up to 20 s); the time that took.
    pub(crate) async fn first_answer(&self) -> Result<Duration, String> {
        let start = Instant::now();
        loop {
            // Not up yet: try until it answers 200.
            if let Ok(mut s) = TcpStream::connect(self.addr).await {
                if s.write_all(REQUEST).await.is_ok() {
                    if let Ok((200, _)) = read_response(&mut s, &mut Vec::new()).await {
                        return Ok(start.elapsed());
                    }
                }
            }
            if start.elapsed() > Duration::from_secs(20) {
                return Err("the server did not answer within 20 s".to_string());
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }
}

impl Drop for Example {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The example server's footprint: cold start to first answer (median of
/// 5), peak RSS under load and RSS 2 s after, and the binary's size.
pub fn footprint(o: Options) -> Result<Value, String> {
    use std::process::Stdio;
    let binary = example_binary()?;
    let size = std::fs::metadata(&binary)
        .map_err(|e| format!("{}: {e}", binary.display()))?
        .len();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let mut starts = Vec::new();
    for _ in 0..5 {
        let server = Example::start(&binary, &[], Stdio::null())?;
        starts.push(rt.block_on(server.first_answer())?);
    }
    starts.sort();
    let cold = starts[2];
    let server = Example::start(&binary, &[], Stdio::null())?;
    rt.block_on(server.first_answer())?;
    rt.block_on(load(server.addr, o.conns, o.duration))?;
    let peak_kib = server.status_kib("VmHWM:");
    std::thread::sleep(Duration::from_secs(2));
    let after_kib = server.status_kib("VmRSS:");
    drop(server);
    println!("| binary | cold start to first answer (median of 5) | peak RSS under load | RSS 2 s after |");
    println!("|---:|---:|---:|---:|");
    println!(
        "| {:.1} MiB | {:.1} ms | {:.1} MiB | {:.1} MiB |",
        size as f64 / (1 << 20) as f64,
        cold.as_secs_f64() * 1000.0,
        peak_kib as f64 / 1024.0,
        after_kib as f64 / 1024.0
    );
    Ok(json!({
        "binary_bytes": size,
        "cold_start_ms": (cold.as_secs_f64() * 1000.0 * 10.0).round() / 10.0,
        "peak_rss_kib": peak_kib,
        "rss_after_kib": after_kib,
        "load_conns": o.conns,
        "load_s": o.duration.as_secs(),
    }))
}
