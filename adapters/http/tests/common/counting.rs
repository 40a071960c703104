//! A counting global allocator for allocation budgets: it counts, per
//! thread, the blocks and bytes allocated and the peak of live bytes.
#![allow(dead_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// Counts this thread's allocations (tests run on several threads).
struct Counting;

thread_local! {
    static BLOCKS: Cell<usize> = const { Cell::new(0) };
    static BYTES: Cell<usize> = const { Cell::new(0) };
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn count(size: usize) {
    // `try_with`: the allocator runs during thread teardown too.
    let _ = BLOCKS.try_with(|b| b.set(b.get() + 1));
    let _ = BYTES.try_with(|b| b.set(b.get() + size));
    live(size as isize);
}

fn live(delta: isize) {
    let _ = LIVE.try_with(|l| {
        let now = l.get() + delta;
        l.set(now);
        let _ = PEAK.try_with(|p| p.set(p.get().max(now)));
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        live(-(layout.size() as isize));
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new: usize) -> *mut u8 {
        live(-(layout.size() as isize));
        count(new);
        unsafe { System.realloc(ptr, layout, new) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// `(blocks, bytes)` allocated on this thread while running `f`.
pub fn measure<T>(f: impl FnOnce() -> T) -> (T, usize, usize) {
    let (b0, y0) = (BLOCKS.with(Cell::get), BYTES.with(Cell::get));
    let out = f();
    (out, BLOCKS.with(Cell::get) - b0, BYTES.with(Cell::get) - y0)
}

/// The most bytes live at once on this thread while running `f`, above
/// what was live before it.
pub fn peak<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let out = f();
    (out, (PEAK.with(Cell::get) - base).max(0) as usize)
}
