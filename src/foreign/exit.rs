//! Ending the process at once, running no exit handler: what a worker does when its
//! parent is gone or a limit is reached. A handler registered with `atexit` (by code
//! that got past the sandbox, through a foreign call) could otherwise keep it alive.

/// Ends the process now with `code`; standard output is flushed first (standard
/// error is not buffered), for at most 0.2 s: another thread may hold standard
/// output's lock for as long as it runs (a command printing as it goes), and a flush
/// waiting on it kept the process running past its time limit.
pub fn exit_now(code: i32) -> ! {
    let (done, flushed) = std::sync::mpsc::channel();
    let _ = std::thread::Builder::new().spawn(move || {
        let _ = std::io::Write::flush(&mut std::io::stdout());
        let _ = done.send(());
    });
    let _ = flushed.recv_timeout(std::time::Duration::from_millis(200));
    // SAFETY: _exit ends the process at once; nothing after it runs.
    unsafe { libc::_exit(code) }
}
