//! Measures the stack `bind_slice` uses, on the host (x86-64), without
//! `unsafe`: a child process runs, in a thread with a fixed 256 KiB stack,
//! a recursion `depth` frames deep and then the function under test; an
//! overflow kills the child. The parent finds by bisection the deepest
//! recursion that still passes, once with the bind at the bottom and once
//! with a call that does nothing; the difference, times the size of one
//! recursion frame (measured from the addresses of its locals), is the
//! bind's stack, to within one frame.
//!
//! `cargo run --release -p binder-nostd-stream-check --example stack`

use binder_nostd_stream_check::{bind_slice, BUF};
use std::hint::black_box;
use std::process::{Command, Stdio};

const STACK: usize = 256 * 1024;

/// A body of about 20 KiB: the four settings among 600 other pairs.
fn body() -> Vec<u8> {
    let mut body = Vec::new();
    for i in 0..300 {
        body.extend_from_slice(format!("ui_state_{i}=xxxxxxxxxxxxxxxxxxx&").as_bytes());
    }
    body.extend_from_slice(b"device=probe-7&interval=30&enabled=on&threshold=-12");
    for i in 0..300 {
        body.extend_from_slice(format!("&csrf_{i}=yyyyyyyyyyyyyyyyyyyy").as_bytes());
    }
    body
}

/// `depth` frames of a small recursion, then `f`; the addresses of the
/// first two frames' locals go to `at`.
#[inline(never)]
fn eat(depth: usize, at: &mut Vec<usize>, f: &mut dyn FnMut()) {
    let pad = black_box([0u8; 32]);
    if at.len() < 2 {
        at.push(&pad as *const _ as usize);
    }
    if depth == 0 {
        f();
    } else {
        eat(depth - 1, at, f);
    }
    black_box(&pad);
}

/// Runs in the child: whether `depth` frames then the call fit.
fn child(bind: bool, depth: usize) {
    let body = body();
    // The caller's buffer, off the measured stack.
    let mut buf = Box::new([0u8; BUF]);
    let t = std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || {
            let mut at = Vec::with_capacity(2);
            let mut f = || {
                if bind {
                    let s = bind_slice(black_box(&body), &mut buf);
                    assert_eq!(s.unwrap().interval, 30);
                } else {
                    black_box(&body);
                }
            };
            eat(depth, &mut at, &mut f);
            at[0] - at[1]
        })
        .unwrap();
    println!("{}", t.join().unwrap());
}

fn passes(bind: bool, depth: usize) -> Option<usize> {
    let out = Command::new(std::env::current_exe().unwrap())
        .args([if bind { "bind" } else { "none" }, &depth.to_string()])
        .stderr(Stdio::null())
        .output()
        .unwrap();
    out.status.success().then(|| {
        String::from_utf8(out.stdout)
            .unwrap()
            .trim()
            .parse()
            .unwrap()
    })
}

/// The deepest recursion that passes, and the frame size.
fn deepest(bind: bool) -> (usize, usize) {
    let (mut lo, mut hi) = (1, STACK / 16);
    let mut frame = passes(bind, lo).expect("one frame passes");
    assert!(passes(bind, hi).is_none());
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        match passes(bind, mid) {
            Some(f) => {
                lo = mid;
                frame = f;
            }
            None => hi = mid,
        }
    }
    (lo, frame)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() == 3 {
        return child(args[1] == "bind", args[2].parse().unwrap());
    }
    let (none, frame) = deepest(false);
    let (bind, _) = deepest(true);
    let bytes = (none - bind) * frame;
    println!(
        "size_of Result<Settings, BindError>: {} B (no allocator: at most 16 field errors, kept inline)",
        std::mem::size_of::<Result<binder_nostd_stream_check::Settings<'_>, binder_core::BindError>>()
    );
    println!(
        "frame {frame} B; deepest recursion {none} frames alone, {bind} with the bind: \
         the bind uses {bytes} B of stack (+/- {frame} B), the caller's {BUF}-byte buffer not counted"
    );
}
