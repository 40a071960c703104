//! binder-bench: the benchmark harness. The iai-callgrind benches and the
//! over-HTTP harness are tracked by the benchmarks issue; for now this binary
//! only lists the workloads it will bind.
#![forbid(unsafe_code)]

fn main() {
    println!("binder-bench: no benchmarks yet (see the benchmarks issue)");
}
