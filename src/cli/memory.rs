//! The process's memory as Linux reports it (/proc/self): the resident size and its
//! peak, which can be reset, so that a bench can measure what one run needs.

/// A field of /proc/self/status in kilobytes (`VmRSS`, `VmHWM`).
fn status_kb(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// The resident memory now, in kilobytes.
pub fn resident_kb() -> Option<u64> {
    status_kb("VmRSS")
}

/// The peak resident memory since the last reset, in kilobytes.
pub fn peak_kb() -> Option<u64> {
    status_kb("VmHWM")
}

/// Resets the peak to the memory resident now (Linux 4.0 and later).
pub fn reset_peak() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

/// How many kilobytes above what was resident before `f` ran its peak reached,
/// if the system tells.
pub fn peak_growth_kb<T>(f: impl FnOnce() -> T) -> (T, Option<u64>) {
    let ok = reset_peak();
    let before = resident_kb();
    let out = f();
    let growth = match (ok, before, peak_kb()) {
        (true, Some(b), Some(p)) => Some(p.saturating_sub(b)),
        _ => None,
    };
    (out, growth)
}
