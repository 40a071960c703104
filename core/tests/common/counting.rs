//! A counting global allocator that counts per thread, so that nothing
//! another thread does (the test harness, another test) is ever counted.
//! Included with `#[path]` by the allocation tests; it installs itself as
//! the test binary's global allocator.
#![allow(dead_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub allocations: usize,
    pub deallocations: usize,
    pub reallocations: usize,
    pub bytes_allocated: usize,
}

thread_local! {
    static STATS: Cell<Stats> = const {
        Cell::new(Stats { allocations: 0, deallocations: 0, reallocations: 0, bytes_allocated: 0 })
    };
}

fn bump(f: impl FnOnce(&mut Stats)) {
    // `try_with`: the allocator also runs while threads are torn down.
    let _ = STATS.try_with(|s| {
        let mut v = s.get();
        f(&mut v);
        s.set(v);
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        bump(|s| {
            s.allocations += 1;
            s.bytes_allocated += layout.size();
        });
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        bump(|s| s.deallocations += 1);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new: usize) -> *mut u8 {
        bump(|s| {
            s.reallocations += 1;
            s.bytes_allocated += new;
        });
        unsafe { System.realloc(ptr, layout, new) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// What this thread allocates from `new()` on.
pub struct Region(Stats);

impl Region {
    pub fn new() -> Self {
        Region(STATS.with(Cell::get))
    }

    pub fn change(&self) -> Stats {
        let now = STATS.with(Cell::get);
        Stats {
            allocations: now.allocations - self.0.allocations,
            deallocations: now.deallocations - self.0.deallocations,
            reallocations: now.reallocations - self.0.reallocations,
            bytes_allocated: now.bytes_allocated - self.0.bytes_allocated,
        }
    }
}
