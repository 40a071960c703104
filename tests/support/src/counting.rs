//! A counting global allocator that counts per thread, so that nothing
//! another thread does (the test harness, another test) is ever counted:
//! blocks and bytes allocated, blocks freed, and the peak of live bytes.
//!
//! A library cannot install a global allocator for its users, so each test
//! binary (or fuzz target) that counts installs it itself, in one line:
//!
//! ```ignore
//! #[global_allocator]
//! static ALLOC: binder_test_support::counting::Counting = Counting;
//! ```
//!
//! Reading the counts in a binary that did not install it panics (rather
//! than measure nothing and pass every budget).
//!
//! What is counted: every `alloc` is an allocation of its size; every
//! `realloc` is a reallocation of its new size (the whole block, not the
//! growth); every `dealloc` is a deallocation. A block ([`Stats::blocks`])
//! is an allocation or a reallocation.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};

/// The system allocator, counting what each thread does.
pub struct Counting;

/// What a thread allocated and freed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// `alloc` calls.
    pub allocations: usize,
    /// `dealloc` calls.
    pub deallocations: usize,
    /// `realloc` calls.
    pub reallocations: usize,
    /// Bytes asked for by `alloc` and `realloc` (a reallocation's new size).
    pub bytes_allocated: usize,
}

impl Stats {
    /// Blocks handed out: allocations and reallocations.
    pub fn blocks(&self) -> usize {
        self.allocations + self.reallocations
    }
}

/// One thread's counts.
#[derive(Clone, Copy)]
struct Counts {
    stats: Stats,
    /// Bytes live on this thread (negative when it frees what another
    /// thread allocated).
    live: isize,
    /// The most `live` has been since [`peak`] last reset it.
    peak: isize,
}

thread_local! {
    static COUNTS: Cell<Counts> = const {
        Cell::new(Counts {
            stats: Stats { allocations: 0, deallocations: 0, reallocations: 0, bytes_allocated: 0 },
            live: 0,
            peak: 0,
        })
    };
}

/// Whether [`Counting`] has ever run: the binary installed it.
static INSTALLED: AtomicBool = AtomicBool::new(false);

fn bump(f: impl FnOnce(&mut Counts)) {
    // `try_with`: the allocator also runs while threads are torn down.
    let _ = COUNTS.try_with(|c| {
        let mut v = c.get();
        f(&mut v);
        v.peak = v.peak.max(v.live);
        c.set(v);
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if !INSTALLED.load(Ordering::Relaxed) {
            INSTALLED.store(true, Ordering::Relaxed);
        }
        bump(|c| {
            c.stats.allocations += 1;
            c.stats.bytes_allocated += layout.size();
            c.live += layout.size() as isize;
        });
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        bump(|c| {
            c.stats.deallocations += 1;
            c.live -= layout.size() as isize;
        });
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new: usize) -> *mut u8 {
        bump(|c| {
            c.stats.reallocations += 1;
            c.stats.bytes_allocated += new;
            c.live += new as isize - layout.size() as isize;
        });
        unsafe { System.realloc(ptr, layout, new) }
    }
}

/// Panics unless [`Counting`] is this binary's global allocator.
fn assert_installed() {
    if !INSTALLED.load(Ordering::Relaxed) {
        // Nothing may have been allocated yet: allocate once to find out.
        drop(std::hint::black_box(Box::new(0u8)));
        assert!(
            INSTALLED.load(Ordering::Relaxed),
            "binder_test_support::counting::Counting is not this binary's \
             #[global_allocator]: nothing would be counted"
        );
    }
}

fn now() -> Counts {
    COUNTS.with(Cell::get)
}

/// What this thread allocates from [`Region::new`] on.
pub struct Region(Stats);

impl Region {
    /// Starts counting here.
    pub fn new() -> Self {
        assert_installed();
        Region(now().stats)
    }

    /// What this thread did since [`Region::new`].
    pub fn change(&self) -> Stats {
        let now = now().stats;
        Stats {
            allocations: now.allocations - self.0.allocations,
            deallocations: now.deallocations - self.0.deallocations,
            reallocations: now.reallocations - self.0.reallocations,
            bytes_allocated: now.bytes_allocated - self.0.bytes_allocated,
        }
    }
}

impl Default for Region {
    fn default() -> Self {
        Region::new()
    }
}

/// `(blocks, bytes)` allocated on this thread while running `f`.
pub fn measure<T>(f: impl FnOnce() -> T) -> (T, usize, usize) {
    let region = Region::new();
    let out = f();
    let change = region.change();
    (out, change.blocks(), change.bytes_allocated)
}

/// The most bytes live at once on this thread while running `f`, above
/// what was live before it.
pub fn peak<T>(f: impl FnOnce() -> T) -> (T, usize) {
    assert_installed();
    let base = now().live;
    let _ = COUNTS.try_with(|c| {
        let mut v = c.get();
        v.peak = base;
        c.set(v);
    });
    let out = f();
    (out, (now().peak - base).max(0) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[global_allocator]
    static ALLOC: Counting = Counting;

    #[test]
    fn counts_this_threads_blocks_bytes_and_peak() {
        let (v, blocks, bytes) = measure(|| {
            let mut v: Vec<u8> = Vec::with_capacity(10);
            v.reserve_exact(20);
            std::hint::black_box(v)
        });
        assert_eq!(v.capacity(), 20);
        assert_eq!((blocks, bytes), (2, 30));
        let region = Region::new();
        drop(v);
        let change = region.change();
        assert_eq!((change.deallocations, change.blocks()), (1, 0));
        let ((), peak) = peak(|| {
            let a = std::hint::black_box(vec![0u8; 100]);
            drop(a);
            let b = std::hint::black_box(vec![0u8; 60]);
            drop(b);
        });
        assert_eq!(peak, 100);
        // Another thread's allocations are its own.
        let ((), _, bytes) = measure(|| {
            std::thread::scope(|s| {
                s.spawn(|| std::hint::black_box(vec![1u8; 4096]));
            })
        });
        assert!(bytes < 4096, "{bytes}");
    }
}
