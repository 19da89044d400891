//! The wall clock for the REPL's `time/1` and `statistics/2` (rules/lib/repl_time.pl),
//! which scryer 0.10 gives no builtin for: it only reads the clock.

use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds since the Unix epoch (0 if the clock is before it).
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_wall_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_moves_forward() {
        // SAFETY: every text argument is a C string of this test, alive for the call
        unsafe {
            let a = ludolog_wall_ms();
            assert!(a > 1_600_000_000_000, "{a}");
            assert!(ludolog_wall_ms() >= a);
        }
    }
}
