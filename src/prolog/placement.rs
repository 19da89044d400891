//! Where rules from disk may load: in a worker process (confined, see `worker`), or
//! in a program that embeds the library and allowed it; and, in a test build's
//! worker, whether the Prolog-level check is off.  Flags of the process, kept below
//! the engines that read them.

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether this process is a worker (its engines then open here, confined).
static IN_WORKER: AtomicBool = AtomicBool::new(false);
/// A test build's switch: the Prolog-level check off in this worker.
static PROLOG_CHECK_OFF: AtomicBool = AtomicBool::new(false);

/// Whether a program that embeds the library chose to hold rules from disk in its
/// own process (`allow_rules_here`).
static RULES_HERE: AtomicBool = AtomicBool::new(false);

/// Whether this process is a confined worker.
pub fn in_worker() -> bool {
    IN_WORKER.load(Ordering::SeqCst)
}

/// Lets this process load rules from disk into engines it holds itself (a
/// `Session`, a `Workbench`, `EngineSpec::open_rules`), with the Prolog-level check
/// as their only wall: for a program that embeds ludolog and chooses so (the
/// library's own tests of those parts do). `EngineSpec::open` still starts workers,
/// and the `ludolog` program never calls this.
pub fn allow_rules_here() {
    RULES_HERE.store(true, Ordering::SeqCst);
}

/// Whether rules from disk may load in this process: it is a worker, or the program
/// that embeds the library allowed it.
pub fn rules_may_load_here() -> bool {
    in_worker() || RULES_HERE.load(Ordering::SeqCst)
}

/// Whether the Prolog-level check is off here (a test build's worker, asked to).
pub fn prolog_check_off() -> bool {
    cfg!(debug_assertions) && PROLOG_CHECK_OFF.load(Ordering::SeqCst)
}

/// Marks this process as a confined worker, with the Prolog-level check off when a
/// test build asks (never in a release build).
pub fn mark_worker(prolog_check_off: bool) {
    IN_WORKER.store(true, Ordering::SeqCst);
    PROLOG_CHECK_OFF.store(prolog_check_off && cfg!(debug_assertions), Ordering::SeqCst);
}
