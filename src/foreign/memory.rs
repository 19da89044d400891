//! The memory limit: a global allocator that counts the bytes the process holds and
//! ends the process with a plain message when an allocation would pass the limit
//! (the binary installs it; see `LimitedAlloc`).
//!
//! A built-in such as `length(L, 100000000)` or `X is 2^(10^7)` allocates inside
//! scryer without counting an inference, so only the allocator sees it.  There is
//! no way back into the engine from here (a failed allocation in scryer aborts), so
//! reaching the limit says which limit it was and how to raise it on standard
//! error, and leaves with `EXIT_MEMORY`: the REPL starts a fresh engine process
//! with the session as it was; a command stops.  The limit is off (0) until
//! `set_memory_limit` turns it on.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};

pub use crate::game::EXIT_MEMORY;

/// Bytes held through the allocator now.
static HELD: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// Bytes this thread has allocated minus those it has freed (a Prolog machine
    /// lives on one thread: its growth shows here).
    static THREAD_HELD: Cell<isize> = const { Cell::new(0) };
}

/// Adds `delta` to this thread's count (nothing once the thread is ending).
#[inline]
fn thread_count(delta: isize) {
    let _ = THREAD_HELD.try_with(|c| c.set(c.get().wrapping_add(delta)));
}

/// Bytes this thread has allocated minus those it has freed, since it started.
pub fn thread_held() -> isize {
    THREAD_HELD.try_with(Cell::get).unwrap_or(0)
}
/// The most bytes the process may hold (0: no limit).
static LIMIT: AtomicUsize = AtomicUsize::new(0);

/// The system allocator, counted.  The library installs no allocator: a program
/// that wants the memory limit and the per-thread counts (the binary, the test and
/// bench programs) makes this its `#[global_allocator]`; without it the limit is
/// never reached and a thread holds 0 bytes.
pub struct LimitedAlloc;

/// The library's own unit tests run with the counted allocator, as the binary does.
#[cfg(test)]
#[global_allocator]
static GLOBAL: LimitedAlloc = LimitedAlloc;

/// Sets the memory limit in bytes (0: none).
pub fn set_memory_limit(bytes: usize) {
    LIMIT.store(bytes, Ordering::Relaxed);
}

/// The memory limit in bytes (0: none).
pub fn memory_limit() -> usize {
    LIMIT.load(Ordering::Relaxed)
}

/// Bytes the process holds through the allocator now.
pub fn memory_held() -> usize {
    HELD.load(Ordering::Relaxed)
}

/// Counts `size` more bytes; false (and nothing counted) when that passes the limit.
#[inline]
fn take(size: usize) -> bool {
    let held = HELD.fetch_add(size, Ordering::Relaxed) + size;
    let limit = LIMIT.load(Ordering::Relaxed);
    if limit != 0 && held > limit {
        HELD.fetch_sub(size, Ordering::Relaxed);
        return false;
    }
    thread_count(size as isize);
    true
}

/// Says that the limit was reached and ends the process, allocating nothing.
#[cold]
fn over_limit(size: usize) -> ! {
    let mut buf = [0u8; 256];
    let mut cursor = std::io::Cursor::new(&mut buf[..]);
    let mb = LIMIT.load(Ordering::Relaxed) >> 20;
    let _ = writeln!(
        cursor,
        "error: stopped at the memory limit of {mb} MB (an allocation of {} MB more was asked for); \
         raise it with --memory-limit MB",
        size >> 20
    );
    let n = cursor.position() as usize;
    let _ = std::io::stderr().write_all(&buf[..n]);
    // SAFETY: _exit ends the process at once, running no destructor that could allocate.
    unsafe { libc::_exit(EXIT_MEMORY) }
}

// SAFETY: every method forwards to the system allocator with the same layout; the
// counting never changes what is allocated.
unsafe impl GlobalAlloc for LimitedAlloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if !take(layout.size()) {
            over_limit(layout.size());
        }
        System.alloc(layout)
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if !take(layout.size()) {
            over_limit(layout.size());
        }
        System.alloc_zeroed(layout)
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
        thread_count(-(layout.size() as isize));
        System.dealloc(ptr, layout)
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() {
            if !take(new_size - layout.size()) {
                over_limit(new_size - layout.size());
            }
        } else {
            HELD.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            thread_count(-((layout.size() - new_size) as isize));
        }
        System.realloc(ptr, layout, new_size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocations_are_counted_and_given_back() {
        // other test threads allocate and free too: a large block and rough bounds
        const BIG: usize = 512 << 20;
        let before = memory_held();
        let v: Vec<u8> = Vec::with_capacity(BIG);
        let during = memory_held();
        assert!(during > before + BIG / 2, "{before} then {during}");
        drop(v);
        let after = memory_held();
        assert!(after + BIG / 2 < during, "{during} then {after}");
    }

    #[test]
    fn each_thread_counts_what_it_holds() {
        const BIG: usize = 64 << 20;
        let before = thread_held();
        let v: Vec<u8> = Vec::with_capacity(BIG);
        assert!(thread_held() - before >= BIG as isize);
        let other = std::thread::spawn(thread_held).join().unwrap_or(isize::MAX);
        assert!(other < BIG as isize, "a new thread holds {other}");
        drop(v);
        assert!(thread_held() - before < (BIG / 2) as isize);
    }
}
