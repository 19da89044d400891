//! The REPL's answer-by-answer step: what the user asked for after an answer (the
//! next one, this one in full, or stop), read by `rules/lib/repl.pl` through
//! `ludolog_repl_step()` when the query resumes.
//!
//! A Prolog query that is waiting between two answers cannot be given data by a
//! second query, so the host sets the step here, on the thread that runs the
//! machine, before it resumes the query; the Prolog side asks for it at once.

use crate::prolog::ReplStep;
use std::cell::Cell;

thread_local! {
    static STEP: Cell<ReplStep> = const { Cell::new(ReplStep::Stop) };
}

/// Sets the step the query on this thread reads when it resumes.
pub fn set_repl_step(step: ReplStep) {
    STEP.with(|s| s.set(step));
}

/// The step set for this thread: 0 next, 1 full, 2 stop.  Reading it resets it to
/// stop, so a query that resumes without being told stops.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_repl_step() -> i64 {
    let step = STEP.with(|s| s.replace(ReplStep::Stop));
    match step {
        ReplStep::Next => 0,
        ReplStep::Full => 1,
        ReplStep::Stop => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_is_read_once() {
        // SAFETY: every text argument is a C string of this test, alive for the call
        unsafe {
            set_repl_step(ReplStep::Next);
            assert_eq!(ludolog_repl_step(), 0);
            assert_eq!(ludolog_repl_step(), 2);
            set_repl_step(ReplStep::Full);
            assert_eq!(ludolog_repl_step(), 1);
        }
    }
}
