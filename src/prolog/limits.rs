//! The limits every Prolog engine runs under, each with its one default: inferences
//! per request, wall-clock time per request (a watchdog), and memory (counted by the
//! global allocator in `foreign::memory`, set by the binary at start).
//!
//! An inference limit stops a looping rule inside the engine, named, and the command
//! or session goes on.  A built-in such as `length(L, 10^9)` counts no inference, so
//! time and memory are bounded from outside the engine: the watchdog thread ends the
//! process when a request runs past its deadline, saying which limit and how to
//! raise it.  The REPL runs its engine in a process of its own, which its frontend
//! starts again with the session as it was.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};

use crate::game::defaults::TIME_LIMIT;
pub use crate::game::EXIT_TIME;
/// The environment variables that hand the limits to the REPL's engine process.
pub const TIME_LIMIT_ENV: &str = "LUDOLOG_TIME_LIMIT_MS";
pub const MEMORY_LIMIT_ENV: &str = "LUDOLOG_MEMORY_LIMIT_MB";

/// The time limit in milliseconds (0: none).
static TIME_LIMIT_MS: AtomicU64 = AtomicU64::new(TIME_LIMIT.as_millis() as u64);
/// Whether the user set the time limit: then it bounds work requests too (perft,
/// playouts, search), whose size the user chose and which have none otherwise.
static TIME_EXPLICIT: AtomicBool = AtomicBool::new(false);

/// Sets the wall-clock limit of a request (`None`: no limit); `explicit` when the
/// user gave it, so it bounds the work they sized too.
pub fn set_time_limit(limit: Option<Duration>, explicit: bool) {
    let ms = limit.map_or(0, |d| d.as_millis().max(1) as u64);
    TIME_LIMIT_MS.store(ms, Ordering::Relaxed);
    TIME_EXPLICIT.store(explicit, Ordering::Relaxed);
}

/// The time limit as it is set: milliseconds (0: none), and whether the user gave it.
pub fn time_limit_setting() -> (u64, bool) {
    (
        TIME_LIMIT_MS.load(Ordering::Relaxed),
        TIME_EXPLICIT.load(Ordering::Relaxed),
    )
}

/// The wall-clock limit of a request, if any.
pub fn time_limit() -> Option<Duration> {
    match TIME_LIMIT_MS.load(Ordering::Relaxed) {
        0 => None,
        ms => Some(Duration::from_millis(ms)),
    }
}

/// A running request's deadline; the watchdog ends the process when it passes
/// while this is alive.  Dropping it disarms it.
pub struct Deadline {
    id: u64,
}

struct Slot {
    id: u64,
    at: Instant,
    what: String,
}

static SLOTS: Mutex<Vec<Slot>> = Mutex::new(Vec::new());
static NEXT_ID: AtomicU64 = AtomicU64::new(1);
static WATCHDOG: Once = Once::new();

/// Arms the time limit for `what` (said in the message: "legal/2 of rules/foo.pl").
/// A work request (`work`) is bounded only when the user set the limit.
pub fn arm(what: impl Into<String>, work: bool) -> Option<Deadline> {
    if work && !TIME_EXPLICIT.load(Ordering::Relaxed) {
        return None;
    }
    let limit = time_limit()?;
    WATCHDOG.call_once(|| {
        let _ = std::thread::Builder::new()
            .name("ludolog-watchdog".into())
            .spawn(watch);
    });
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    let slot = Slot {
        id,
        at: Instant::now() + limit,
        what: what.into(),
    };
    SLOTS.lock().unwrap_or_else(|p| p.into_inner()).push(slot);
    Some(Deadline { id })
}

impl Drop for Deadline {
    fn drop(&mut self) {
        let mut slots = SLOTS.lock().unwrap_or_else(|p| p.into_inner());
        slots.retain(|s| s.id != self.id);
    }
}

/// When the clocks of the running requests were stopped (see `pause`), if they are.
static PAUSED: Mutex<Option<Instant>> = Mutex::new(None);

/// Stops the clocks of the running requests while the guard lives: a query waiting
/// for the user to type (`read/1` at the REPL's prompt) is doing no work.  Their
/// deadlines move on by the wait when it ends.  A pause inside a pause adds nothing.
pub fn pause() -> Paused {
    let mut paused = PAUSED.lock().unwrap_or_else(|p| p.into_inner());
    let outermost = paused.is_none();
    if outermost {
        *paused = Some(Instant::now());
    }
    Paused { outermost }
}

/// The clocks stopped by `pause`, started again on drop.
pub struct Paused {
    outermost: bool,
}

impl Drop for Paused {
    fn drop(&mut self) {
        if !self.outermost {
            return;
        }
        // the slots before the pause: the watchdog's lock order
        let mut slots = SLOTS.lock().unwrap_or_else(|p| p.into_inner());
        let mut paused = PAUSED.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(since) = paused.take() {
            let waited = since.elapsed();
            for slot in slots.iter_mut() {
                slot.at += waited;
            }
        }
    }
}

/// The watchdog: ends the process when a deadline passes.
fn watch() {
    loop {
        std::thread::sleep(Duration::from_millis(50));
        let now = Instant::now();
        let late = {
            let slots = SLOTS.lock().unwrap_or_else(|p| p.into_inner());
            let paused = PAUSED.lock().unwrap_or_else(|p| p.into_inner()).is_some();
            let mut late = slots.iter().filter(|_| !paused).filter(|s| s.at <= now);
            late.next().map(|s| s.what.clone())
        };
        if let Some(what) = late {
            let limit = time_limit().unwrap_or_default();
            eprintln!(
                "error: {what} ran past the time limit of {} s; raise it with --time-limit SECONDS",
                limit.as_secs_f64()
            );
            // at once: no exit handler runs, which rules past the sandbox could hold up
            crate::foreign::exit::exit_now(EXIT_TIME);
        }
    }
}
