//! What each contender allocates binding the json-benchmark documents,
//! against what its result owns: blocks allocated during the bind
//! (`realloc` counts as a block, as DHAT counts it) and blocks still live
//! once it returned (the result's own). iai's DHAT rows give the first
//! (inside the bench function); this gives the second, which iai cannot.
//! Run with `--nocapture` to see the table.
//!
//! Only the measuring thread's allocations count (the test harness's main
//! thread allocates when it likes), and each contender runs once before it
//! is counted, as a server's thousandth request finds it (a first call's
//! one-off initialisations are not the result's).

use binder_bench::json_docs::*;
use binder_bench::{binder_json, serde_json_into, sonic_rs_into};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

struct Counting;

static ALLOCS: AtomicU64 = AtomicU64::new(0);
static FREES: AtomicU64 = AtomicU64::new(0);

std::thread_local! {
    /// Set while this thread measures: no other thread's blocks count.
    static MEASURING: Cell<bool> = const { Cell::new(false) };
}

fn counted(counter: &AtomicU64) {
    if MEASURING.try_with(Cell::get).unwrap_or(false) {
        counter.fetch_add(1, Relaxed);
    }
}

// SAFETY: every call is forwarded to `System` unchanged; the counters are
// atomics that allocate nothing.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        counted(&ALLOCS);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        counted(&FREES);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        counted(&ALLOCS);
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // A new block, the old one freed (DHAT counts it so).
        counted(&ALLOCS);
        counted(&FREES);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// (blocks allocated, blocks the result owns) of one call of `f`, after
/// one call not counted.
fn count<T>(f: impl Fn() -> T) -> (u64, u64) {
    drop(std::hint::black_box(f()));
    let (a0, f0) = (ALLOCS.load(Relaxed), FREES.load(Relaxed));
    MEASURING.set(true);
    let result = std::hint::black_box(f());
    MEASURING.set(false);
    let (a1, f1) = (ALLOCS.load(Relaxed), FREES.load(Relaxed));
    drop(result);
    let allocated = a1 - a0;
    (allocated, allocated - (f1 - f0))
}

#[test]
fn allocations_against_what_the_result_owns() {
    let mut table = String::from("| workload | contender | blocks allocated | blocks the result owns |\n|---|---|---:|---:|\n");
    for doc in [Doc::Canada, Doc::CitmCatalog, Doc::Twitter] {
        let b = doc.bytes();
        macro_rules! rows {
            ($($name:literal => $f:ident::<$o:ident, $r:ident, $c:ident>),*) => {[$(
                ($name, match doc {
                    Doc::Canada => count(|| $f::<$o>(b)),
                    Doc::CitmCatalog => count(|| $f::<$r>(b)),
                    Doc::Twitter => count(|| $f::<$c>(b)),
                }),
            )*]};
        }
        let rows = rows![
            "binder_owned" => binder_json::<Canada, CitmCatalog, Twitter>,
            "serde_json_owned" => serde_json_into::<Canada, CitmCatalog, Twitter>,
            "sonic_rs_owned" => sonic_rs_into::<Canada, CitmCatalog, Twitter>,
            "simd_json" => simd_json_into::<Canada, CitmCatalog, Twitter>,
            "binder_borrowed" => binder_json::<CanadaRef, CitmCatalogRef, TwitterRef>,
            "serde_json_borrowed" => serde_json_into::<CanadaRef, CitmCatalogRef, TwitterRef>
        ];
        for (name, (allocated, owned)) in rows {
            table += &format!("| {doc:?} | {name} | {allocated} | {owned} |\n");
        }
        let get = |n: &str| rows.iter().find(|r| r.0 == n).map(|r| r.1).unwrap();
        // The same types own the same blocks, whoever bound them.
        assert_eq!(get("binder_owned").1, get("serde_json_owned").1, "{doc:?}");
        assert_eq!(
            get("binder_borrowed").1,
            get("serde_json_borrowed").1,
            "{doc:?}"
        );
        // binder allocates no more than serde_json for them.
        assert!(
            get("binder_owned").0 <= get("serde_json_owned").0,
            "{doc:?}\n{table}"
        );
        assert!(
            get("binder_borrowed").0 <= get("serde_json_borrowed").0,
            "{doc:?}\n{table}"
        );
    }
    println!("{table}");
}
