//! Load and faults: the example server (`adapters/hyper/examples/orders.rs`,
//! the release binary, on 127.0.0.1) driven from 64 keep-alive connections
//! with a fixed mix of valid and hostile requests, for a bounded count and
//! time. Checks that every valid request is answered 200 with the right
//! body, every hostile one 4xx (or a closed connection where the request
//! breaks the HTTP framing by design, each such kind saying so), that no
//! connection fails under a valid request, that the server never panics and
//! is still running, and that its resident memory and open file
//! descriptors after the run are back where they were after a warm-up.
//!
//! The server runs with glibc's mmap threshold pinned at 128 KiB
//! (`MALLOC_MMAP_THRESHOLD_`; `--pin-mmap-threshold 0` leaves it dynamic):
//! the mix's 2 MiB bodies are then mapped and unmapped, so the resident
//! figure measures what the server holds. With the dynamic threshold glibc
//! keeps freed 2 MiB buffers in its arenas, and the figure after the run
//! moved from -3 to +7 MiB of the one after the warm-up from run to run,
//! with no growth over a million requests.

use crate::http::{example_binary, read_response, Example, REQUEST as MIXED};
use std::collections::BTreeMap;
use std::io::BufRead as _;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

/// Its body alone (`mixed-body.json`).
const MIXED_BODY: &[u8] = include_bytes!("../workloads/mixed-body.json");
/// What the example answers for an order with `mixed.http`'s values.
const ORDER_ANSWER: &str = r#"{"team_id":42,"dry_run":true,"limit":10,"trace":"7f3c2a9e-1b4d-4c8e-9f00-2a6b8d1e5c77","session":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl","email":"ada@example.org","sku":"SKU-1234","qty":3,"note":"gift wrap","express":false}"#;
/// What it answers for `multipart4k.bin`.
const UPLOAD_ANSWER: &str = r#"{"title":"Quarterly report","tags":["finance","q3"],"avatar_bytes":4096,"avatar_type":"image/png"}"#;
/// The example's body limit (`Limits::default()`).
const LIMIT: usize = 2 << 20;

/// The soak's knobs.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub conns: usize,
    pub requests: usize,
    pub warmup: usize,
    pub max_time: Duration,
    /// How much more resident memory the server may hold after the run
    /// than after the warm-up.
    pub rss_slack_kib: u64,
    /// Runs the server with glibc's mmap threshold pinned at 128 KiB.
    pub pin_mmap_threshold: bool,
}

impl Options {
    pub fn parse(args: &[String]) -> Result<Self, String> {
        let mut o = Options {
            conns: 64,
            requests: 200_000,
            warmup: 20_000,
            max_time: Duration::from_secs(45),
            rss_slack_kib: 4 * 1024,
            pin_mmap_threshold: true,
        };
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
            let n: u64 = value
                .parse()
                .map_err(|_| format!("{flag}: not a number: {value}"))?;
            match flag.as_str() {
                "--conns" => o.conns = n.max(1) as usize,
                "--requests" => o.requests = n as usize,
                "--warmup" => o.warmup = n as usize,
                "--max-time" => o.max_time = Duration::from_secs(n.max(1)),
                "--rss-slack-kib" => o.rss_slack_kib = n,
                "--pin-mmap-threshold" => o.pin_mmap_threshold = n != 0,
                _ => return Err(format!("unknown flag {flag}")),
            }
        }
        Ok(o)
    }
}

/// What a kind of request must get.
#[derive(Clone, Copy, Debug)]
enum Expect {
    /// 200 with exactly this body.
    Answer(&'static str),
    /// This status.
    Status(u16),
    /// This status, or the connection closed without an answer: the
    /// request breaks the framing, and the server may hang up first.
    StatusOrClosed(u16),
}

/// One kind of request in the mix.
struct Kind {
    name: &'static str,
    /// How many in every 1,000 requests.
    per_mille: usize,
    bytes: Vec<u8>,
    /// Half-close after sending (the client hangs up mid-body).
    half_close: bool,
    /// The connection cannot carry another request after this one (the
    /// framing is broken by design): the client opens a new one.
    fresh_after: bool,
    expect: Expect,
    /// Why, when it is not plain.
    note: &'static str,
}

/// `mixed.http`'s head with another target, body headers and body.
fn order(target: &str, headers: &str, body: &[u8]) -> Vec<u8> {
    let mut r = format!(
        "POST {target} HTTP/1.1\r\nHost: api.example.org\r\nX-Request-ID: 7f3c2a9e-1b4d-4c8e-9f00-2a6b8d1e5c77\r\nCookie: theme=dark; session=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl; lang=en\r\n{headers}\r\n"
    )
    .into_bytes();
    r.extend_from_slice(body);
    r
}

const TARGET: &str = "/teams/42/orders?dry_run=true&limit=10";
const JSON: &str = "Content-Type: application/json\r\n";

/// A JSON order with a correct `Content-Length`.
fn json(body: &[u8]) -> Vec<u8> {
    order(
        TARGET,
        &format!("{JSON}Content-Length: {}\r\n", body.len()),
        body,
    )
}

/// `body` in chunked framing, cut into `size`-byte chunks.
fn chunked(body: &[u8], size: usize, end: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len() + body.len() / size * 10 + 16);
    for c in body.chunks(size) {
        out.extend_from_slice(format!("{:x}\r\n", c.len()).as_bytes());
        out.extend_from_slice(c);
        out.extend_from_slice(b"\r\n");
    }
    if end {
        out.extend_from_slice(b"0\r\n\r\n");
    }
    out
}

fn kinds() -> Vec<Kind> {
    let plain = |name, per_mille, bytes, expect| Kind {
        name,
        per_mille,
        bytes,
        half_close: false,
        fresh_after: false,
        expect,
        note: "",
    };
    let form = b"email=ada%40example.org&sku=SKU-1234&qty=3&note=gift+wrap";
    let multipart_type = String::from_utf8_lossy(binder_bench::MULTIPART4K_TYPE);
    let deep = vec![b'['; 100_000];
    let million_form = b"a&".repeat(1_000_000);
    let mut million_query = String::from("/teams/42/orders?");
    million_query.push_str(&"a=1&".repeat(1_000_000));
    // Under hyper's URI limit (64 KiB: longer is a 414 before binder).
    let mut ten_k_query = String::from("/teams/42/orders?");
    ten_k_query.push_str(&"a&".repeat(10_000));
    let oversize = vec![b'x'; LIMIT + 64 * 1024];
    vec![
        // Valid.
        plain("valid JSON", 720, MIXED.to_vec(), Expect::Answer(ORDER_ANSWER)),
        plain(
            "valid form",
            80,
            order(
                TARGET,
                &format!(
                    "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
                    form.len()
                ),
                form,
            ),
            Expect::Answer(ORDER_ANSWER),
        ),
        plain(
            "valid JSON, chunked (7 chunks)",
            50,
            order(
                TARGET,
                &format!("{JSON}Transfer-Encoding: chunked\r\n"),
                &chunked(MIXED_BODY, 13, true),
            ),
            Expect::Answer(ORDER_ANSWER),
        ),
        plain(
            "valid multipart upload",
            20,
            order(
                "/uploads",
                &format!(
                    "Content-Type: {}\r\nContent-Length: {}\r\n",
                    multipart_type.trim_end(),
                    binder_bench::MULTIPART4K.len()
                ),
                binder_bench::MULTIPART4K,
            ),
            Expect::Answer(UPLOAD_ANSWER),
        ),
        // Hostile, the connection kept.
        plain("malformed JSON", 40, json(br#"{"email": NOT JSON"#), Expect::Status(400)),
        plain(
            "field errors",
            20,
            order(
                "/teams/x/orders?dry_run=maybe",
                &format!("{JSON}Content-Length: 29\r\n"),
                br#"{"email":"","qty":-1,"qty":2}"#,
            ),
            Expect::Status(400),
        ),
        plain(
            "unsupported body type",
            10,
            order(TARGET, "Content-Type: text/plain\r\nContent-Length: 5\r\n", b"hello"),
            Expect::Status(415),
        ),
        plain(
            "truncated JSON (length matches)",
            20,
            json(&MIXED_BODY[..40]),
            Expect::Status(400),
        ),
        plain(
            "100,000 levels of [",
            5,
            json(&deep),
            Expect::Status(400),
        ),
        plain(
            "a million-pair form body (2 MB)",
            1,
            order(
                TARGET,
                &format!(
                    "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
                    million_form.len()
                ),
                &million_form,
            ),
            Expect::Status(400),
        ),
        plain(
            "a 10,000-pair query (20 KB)",
            2,
            order(&ten_k_query, &format!("{JSON}Content-Length: {}\r\n", MIXED_BODY.len()), MIXED_BODY),
            Expect::Status(400),
        ),
        // Hostile, the framing broken: a fresh connection after each.
        Kind {
            name: "a million-pair query (4 MB)",
            per_mille: 1,
            bytes: order(&million_query, &format!("{JSON}Content-Length: {}\r\n", MIXED_BODY.len()), MIXED_BODY),
            half_close: false,
            fresh_after: true,
            expect: Expect::StatusOrClosed(431),
            note: "hyper refuses a head past its 408 KiB buffer (431) before binder sees it, and closes",
        },
        Kind {
            name: "oversize, declared (3 MB, nothing sent)",
            per_mille: 10,
            bytes: order(TARGET, &format!("{JSON}Content-Length: 3000000\r\n"), b""),
            half_close: false,
            fresh_after: true,
            expect: Expect::Status(413),
            note: "413 before reading; the declared body never follows",
        },
        Kind {
            name: "oversize, chunked (2 MiB + 64 KiB)",
            per_mille: 1,
            bytes: order(
                TARGET,
                &format!("{JSON}Transfer-Encoding: chunked\r\n"),
                &chunked(&oversize, 64 * 1024, true),
            ),
            half_close: false,
            fresh_after: true,
            expect: Expect::StatusOrClosed(413),
            note: "413 at limit + 1 bytes; the rest is never read, so the server may reset the connection before the answer is read",
        },
        Kind {
            name: "lying length: 500 declared, 40 sent, then half-close",
            per_mille: 5,
            bytes: order(TARGET, &format!("{JSON}Content-Length: 500\r\n"), &MIXED_BODY[..40]),
            half_close: true,
            fresh_after: true,
            expect: Expect::StatusOrClosed(400),
            note: "the body ends early: hyper's read error is a 400, or hyper (no half-close support in the example) hangs up first",
        },
        Kind {
            name: "lying length: 20 declared, 87 sent",
            per_mille: 5,
            bytes: order(TARGET, &format!("{JSON}Content-Length: 20\r\n"), MIXED_BODY),
            half_close: false,
            fresh_after: true,
            expect: Expect::Status(400),
            note: "20 bytes are the body (malformed JSON, 400); the other 67 are a malformed next request, which hyper answers 400 and closes",
        },
        Kind {
            name: "truncated chunked body, then half-close",
            per_mille: 5,
            bytes: order(
                TARGET,
                &format!("{JSON}Transfer-Encoding: chunked\r\n"),
                &chunked(&MIXED_BODY[..40], 13, false),
            ),
            half_close: true,
            fresh_after: true,
            expect: Expect::StatusOrClosed(400),
            note: "no last chunk: a read error (400), or the server hangs up first",
        },
        Kind {
            name: "malformed Content-Length (+87)",
            per_mille: 5,
            bytes: order(TARGET, &format!("{JSON}Content-Length: +87\r\n"), MIXED_BODY),
            half_close: false,
            fresh_after: true,
            expect: Expect::StatusOrClosed(400),
            note: "hyper's own parser refuses it (400) before binder's helper would",
        },
    ]
}

/// What one request got.
#[derive(Debug)]
enum Got {
    Answer(u16, Vec<u8>),
    Closed(String),
    Timeout,
}

/// Figures of one kind.
#[derive(Default, Debug)]
struct Tally {
    sent: usize,
    as_expected: usize,
    statuses: BTreeMap<u16, usize>,
    closed: usize,
    timeouts: usize,
    wrong: Vec<String>,
}

/// Sends one request and reads its answer, writing and reading at once (a
/// server may answer before the body is all sent).
async fn exchange(stream: &mut TcpStream, buf: &mut Vec<u8>, kind: &Kind) -> Got {
    let (mut r, mut w) = stream.split();
    let write = async {
        let sent = w.write_all(&kind.bytes).await;
        if kind.half_close {
            let _ = w.shutdown().await;
        }
        sent
    };
    let read = read_response(&mut r, buf);
    match tokio::time::timeout(Duration::from_secs(10), async { tokio::join!(write, read) }).await {
        Err(_) => Got::Timeout,
        Ok((_, Ok((status, body)))) => Got::Answer(status, body),
        Ok((sent, Err(e))) => Got::Closed(match sent {
            Ok(()) => e,
            Err(w) => format!("{e} (writing: {w})"),
        }),
    }
}

/// The schedule of kinds for every 1,000 requests: each kind's share,
/// spread through the thousand by a fixed shuffle.
fn schedule(kinds: &[Kind]) -> Result<Vec<usize>, String> {
    let mut s: Vec<usize> = kinds
        .iter()
        .enumerate()
        .flat_map(|(i, k)| std::iter::repeat_n(i, k.per_mille))
        .collect();
    if s.len() != 1000 {
        return Err(format!("the mix adds up to {} per 1,000", s.len()));
    }
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for i in (1..s.len()).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        s.swap(i, (x % (i as u64 + 1)) as usize);
    }
    Ok(s)
}

/// Drives `count` requests of the mix (or until `deadline`) from `conns`
/// connections; each kind's figures, and how many connections were opened.
async fn drive(
    addr: SocketAddr,
    kinds: Arc<Vec<Kind>>,
    schedule: Arc<Vec<usize>>,
    conns: usize,
    count: usize,
    deadline: Instant,
) -> Result<(Vec<Tally>, usize), String> {
    let next = Arc::new(AtomicUsize::new(0));
    let opened = Arc::new(AtomicUsize::new(0));
    let tallies = Arc::new(Mutex::new(
        (0..kinds.len())
            .map(|_| Tally::default())
            .collect::<Vec<_>>(),
    ));
    let mut tasks = Vec::with_capacity(conns);
    for _ in 0..conns {
        let (kinds, schedule, next, opened, tallies) = (
            Arc::clone(&kinds),
            Arc::clone(&schedule),
            Arc::clone(&next),
            Arc::clone(&opened),
            Arc::clone(&tallies),
        );
        tasks.push(tokio::spawn(async move {
            let mut conn: Option<TcpStream> = None;
            let mut buf = Vec::with_capacity(8192);
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= count || Instant::now() >= deadline {
                    return Ok::<(), String>(());
                }
                let k = schedule[i % schedule.len()];
                let kind = &kinds[k];
                let stream = match &mut conn {
                    Some(s) => s,
                    None => {
                        let s = TcpStream::connect(addr)
                            .await
                            .map_err(|e| format!("connect: {e}"))?;
                        let _ = s.set_nodelay(true);
                        opened.fetch_add(1, Ordering::Relaxed);
                        buf.clear();
                        conn.insert(s)
                    }
                };
                let got = exchange(stream, &mut buf, kind).await;
                let keep = matches!(got, Got::Answer(..)) && !kind.fresh_after;
                if !keep {
                    conn = None;
                }
                let mut t = tallies.lock().map_err(|e| e.to_string())?;
                let t = &mut t[k];
                t.sent += 1;
                let ok = match (&got, kind.expect) {
                    (Got::Answer(200, body), Expect::Answer(want)) => body == want.as_bytes(),
                    (Got::Answer(s, _), Expect::Status(want) | Expect::StatusOrClosed(want)) => {
                        *s == want
                    }
                    (Got::Closed(_), Expect::StatusOrClosed(_)) => true,
                    _ => false,
                };
                match &got {
                    Got::Answer(s, _) => *t.statuses.entry(*s).or_default() += 1,
                    Got::Closed(_) => t.closed += 1,
                    Got::Timeout => t.timeouts += 1,
                }
                if ok {
                    t.as_expected += 1;
                } else if t.wrong.len() < 3 {
                    t.wrong.push(match got {
                        Got::Answer(s, body) => {
                            format!(
                                "{s} {:?}",
                                String::from_utf8_lossy(&body[..body.len().min(200)])
                            )
                        }
                        Got::Closed(e) => format!("closed: {e}"),
                        Got::Timeout => "no answer in 10 s".into(),
                    });
                }
            }
        }));
    }
    for t in tasks {
        t.await.map_err(|e| e.to_string())??;
    }
    let tallies = std::mem::take(&mut *tallies.lock().map_err(|e| e.to_string())?);
    Ok((tallies, opened.load(Ordering::Relaxed)))
}

/// The server's open descriptors once they stop changing (the same count
/// for 500 ms; at most 5 s): the connections the client closed are closed
/// on the server's side too.
fn settled_fds(server: &Example) -> usize {
    let start = Instant::now();
    let (mut last, mut since) = (server.fds(), Instant::now());
    while since.elapsed() < Duration::from_millis(500) && start.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(20));
        let n = server.fds();
        if n != last {
            (last, since) = (n, Instant::now());
        }
    }
    last
}

/// Runs the soak; prints the summary; `Err` when any check fails.
pub fn run(o: Options) -> Result<(), String> {
    let binary = example_binary()?;
    let kinds = Arc::new(kinds());
    let schedule = Arc::new(schedule(&kinds)?);
    let env: &[(&str, &str)] = if o.pin_mmap_threshold {
        &[("MALLOC_MMAP_THRESHOLD_", "131072")]
    } else {
        &[]
    };
    let mut server = Example::start(&binary, env, std::process::Stdio::piped())?;
    // Everything the server writes to stderr, counted: hyper's connection
    // errors (expected for the broken framings) and any panic.
    let stderr = server.take_stderr().ok_or("no stderr")?;
    let lines = Arc::new(Mutex::new((0usize, 0usize, Vec::<String>::new())));
    let reader = {
        let lines = Arc::clone(&lines);
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stderr)
                .lines()
                .map_while(Result::ok)
            {
                let mut l = lines.lock().expect("stderr tally");
                if line.contains("panicked") {
                    l.1 += 1;
                    if l.2.len() < 5 {
                        l.2.push(line);
                    }
                } else if line.starts_with("connection error") {
                    l.0 += 1;
                }
            }
        })
    };
    // The client on one thread: the server has the other core.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    rt.block_on(server.first_answer())?;
    let addr = server.addr;
    let fds_start = settled_fds(&server);

    // Warm-up: the same mix, so every buffer size it needs has been asked
    // for once before the "before" figures.
    let warm_deadline = Instant::now() + o.max_time;
    let (warm, _) = rt.block_on(drive(
        addr,
        Arc::clone(&kinds),
        Arc::clone(&schedule),
        o.conns,
        o.warmup,
        warm_deadline,
    ))?;
    let fds_before = settled_fds(&server);
    let rss_before = server.status_kib("VmRSS:");

    let start = Instant::now();
    let (tallies, opened) = rt.block_on(drive(
        addr,
        Arc::clone(&kinds),
        Arc::clone(&schedule),
        o.conns,
        o.requests,
        start + o.max_time,
    ))?;
    let took = start.elapsed();
    let fds_after = settled_fds(&server);
    let rss_after = server.status_kib("VmRSS:");
    let rss_peak = server.status_kib("VmHWM:");
    let running = server.running();
    drop(server);
    let _ = reader.join();
    let (conn_errors, panics, panic_lines) =
        std::mem::take(&mut *lines.lock().map_err(|e| e.to_string())?);

    let total: usize = tallies.iter().map(|t| t.sent).sum();
    println!(
        "soak: the example server ({}), {} connections, {} requests after a warm-up of {}, in {:.1} s ({:.0} req/s), {} connections opened",
        binary.display(),
        o.conns,
        total,
        warm.iter().map(|t| t.sent).sum::<usize>(),
        took.as_secs_f64(),
        total as f64 / took.as_secs_f64(),
        opened
    );
    println!();
    println!("| request | per 1,000 | sent | expected | as expected | answers | closed |");
    println!("|---|---:|---:|---|---:|---|---:|");
    let mut failures = Vec::new();
    for (k, t) in kinds.iter().zip(&tallies) {
        let expected = match k.expect {
            Expect::Answer(_) => "200 + body".to_string(),
            Expect::Status(s) => s.to_string(),
            Expect::StatusOrClosed(s) => format!("{s} or closed"),
        };
        let answers: Vec<String> = t
            .statuses
            .iter()
            .map(|(s, n)| format!("{s}: {n}"))
            .collect();
        println!(
            "| {} | {} | {} | {} | {} | {} | {} |",
            k.name,
            k.per_mille,
            t.sent,
            expected,
            t.as_expected,
            answers.join(", "),
            t.closed
        );
        if t.as_expected != t.sent {
            failures.push(format!(
                "{}: {} of {} not as expected ({} timeouts), e.g. {:?}",
                k.name,
                t.sent - t.as_expected,
                t.sent,
                t.timeouts,
                t.wrong
            ));
        }
    }
    println!();
    for k in kinds.iter().filter(|k| !k.note.is_empty()) {
        println!("- {}: {}", k.name, k.note);
    }
    let valid: usize = kinds
        .iter()
        .zip(&tallies)
        .filter(|(k, _)| matches!(k.expect, Expect::Answer(_)))
        .map(|(_, t)| t.sent)
        .sum();
    let valid_closed: usize = kinds
        .iter()
        .zip(&tallies)
        .filter(|(k, _)| matches!(k.expect, Expect::Answer(_)))
        .map(|(_, t)| t.closed + t.timeouts)
        .sum();
    println!();
    println!(
        "valid: {valid}, hostile: {}; connection errors under valid requests: {valid_closed}",
        total - valid
    );
    println!(
        "server: {conn_errors} connection errors logged (hyper's, for the broken framings), {panics} panics, {}",
        if running { "still running" } else { "NOT RUNNING" }
    );
    println!(
        "server RSS{}: {:.1} MiB after the warm-up, {:.1} MiB after the run ({:+.1} MiB; allowed {:+.1}), peak {:.1} MiB",
        if o.pin_mmap_threshold {
            " (glibc's mmap threshold pinned at 128 KiB)"
        } else {
            " (glibc's default, dynamic mmap threshold)"
        },
        rss_before as f64 / 1024.0,
        rss_after as f64 / 1024.0,
        (rss_after as f64 - rss_before as f64) / 1024.0,
        o.rss_slack_kib as f64 / 1024.0,
        rss_peak as f64 / 1024.0
    );
    println!(
        "server file descriptors: {fds_start} at the start, {fds_before} after the warm-up, {fds_after} after the run"
    );

    for (k, t) in kinds.iter().zip(&warm) {
        if t.as_expected != t.sent {
            failures.push(format!(
                "warm-up, {}: {} of {} not as expected, e.g. {:?}",
                k.name,
                t.sent - t.as_expected,
                t.sent,
                t.wrong
            ));
        }
    }
    if total < o.requests {
        failures.push(format!(
            "only {total} of {} requests in {:?}",
            o.requests, o.max_time
        ));
    }
    if valid_closed > 0 {
        failures.push(format!(
            "{valid_closed} valid requests met a closed connection or no answer"
        ));
    }
    if panics > 0 || !running {
        failures.push(format!(
            "the server panicked ({panics}: {panic_lines:?}) or stopped"
        ));
    }
    if rss_before == 0 || rss_after > rss_before + o.rss_slack_kib {
        failures.push(format!(
            "RSS {rss_before} KiB -> {rss_after} KiB, over the {} KiB allowed",
            o.rss_slack_kib
        ));
    }
    if fds_after > fds_before || fds_before > fds_start {
        failures.push(format!(
            "file descriptors {fds_start} -> {fds_before} -> {fds_after}"
        ));
    }
    if failures.is_empty() {
        println!("\nsoak: every check passed");
        Ok(())
    } else {
        Err(format!(
            "soak: {} check(s) failed\n  {}",
            failures.len(),
            failures.join("\n  ")
        ))
    }
}
