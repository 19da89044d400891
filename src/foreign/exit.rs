//! Ending the process at once, running no exit handler: what a worker does when its
//! parent is gone or a limit is reached. A handler registered with `atexit` (by code
//! that got past the sandbox, through a foreign call) could otherwise keep it alive.

/// Ends the process now with `code`; standard output is flushed first (standard
/// error is not buffered).
pub fn exit_now(code: i32) -> ! {
    let _ = std::io::Write::flush(&mut std::io::stdout());
    // SAFETY: _exit ends the process at once; nothing after it runs.
    unsafe { libc::_exit(code) }
}
