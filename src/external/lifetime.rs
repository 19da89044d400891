//! Every engine process ludolog starts ends when ludolog ends, however it ends:
//!
//! - each engine runs in a process group of its own, so that ludolog, not the
//!   terminal, decides when it ends, and killing the group also ends whatever the
//!   engine started (a shell script's Python, say);
//! - it is started through ludolog itself (`ludolog engine-process PROGRAM ARGS…`),
//!   which asks the kernel to kill it when the thread that started it ends
//!   (`PR_SET_PDEATHSIG`, kept across `exec`) and then becomes the engine: a
//!   ludolog killed by SIGKILL or a crash leaves no engine behind;
//! - Ctrl-C, SIGTERM and SIGHUP kill every engine group still alive, then end
//!   ludolog with the usual status (128 + the signal);
//! - a finished engine's group is killed when it is dropped (`EngineProcess`).

use std::collections::BTreeSet;
use std::process::Command;
use std::sync::{Mutex, Once};

/// The process groups of the engines alive now (each the engine's process id).
static LIVE: Mutex<BTreeSet<i32>> = Mutex::new(BTreeSet::new());

/// The hidden subcommand that starts an engine (see the module's words).
pub const SUBCOMMAND: &str = "engine-process";

/// The command that starts `program` with `args` as an engine: through ludolog, in
/// a process group of its own.
pub fn command(program: &str, args: &[&str]) -> std::io::Result<Command> {
    use std::os::unix::process::CommandExt;
    let mut c = Command::new(crate::worker::process::program()?);
    c.arg(SUBCOMMAND).arg("--").arg(program).args(args);
    c.process_group(0);
    Ok(c)
}

/// Notes that the engine whose process (and group) id is `pid` is alive; the first
/// call also starts the thread that ends them all on a signal.
pub fn register(pid: u32) {
    static WATCH: Once = Once::new();
    WATCH.call_once(watch_signals);
    if let Ok(pid) = i32::try_from(pid) {
        LIVE.lock().unwrap_or_else(|p| p.into_inner()).insert(pid);
    }
}

/// Kills the group of the engine `pid` (its leader, if not yet waited for, keeps
/// the group's id from being reused) and forgets it.
pub fn kill_group(pid: u32) {
    let Ok(pid) = i32::try_from(pid) else { return };
    LIVE.lock().unwrap_or_else(|p| p.into_inner()).remove(&pid);
    let _ = nix::sys::signal::killpg(
        nix::unistd::Pid::from_raw(pid),
        nix::sys::signal::Signal::SIGKILL,
    );
}

/// On SIGINT, SIGTERM or SIGHUP: every engine group still alive is killed, and
/// ludolog ends with 128 + the signal, as the signal alone would have ended it.
fn watch_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        // no watcher: the engines still die with ludolog (their death signal)
        return;
    };
    let _ = std::thread::Builder::new()
        .name("ludolog-engine-reaper".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                let live = std::mem::take(&mut *LIVE.lock().unwrap_or_else(|p| p.into_inner()));
                for pid in live {
                    let _ = nix::sys::signal::killpg(
                        nix::unistd::Pid::from_raw(pid),
                        nix::sys::signal::Signal::SIGKILL,
                    );
                }
                std::process::exit(128 + signal);
            }
        });
}

/// The body of `ludolog engine-process PROGRAM ARGS…`: dies with the thread that
/// started it, then becomes `PROGRAM`. Gives the exit status when it cannot.
pub fn become_engine(words: &[String]) -> i32 {
    let Some(program) = words.first() else {
        eprintln!("{SUBCOMMAND} needs a program to run");
        return 2;
    };
    if let Err(e) = crate::worker::die_with_parent() {
        eprintln!("cannot start `{program}`: {e}");
        return 127;
    }
    let args: Result<Vec<std::ffi::CString>, _> = words
        .iter()
        .map(|w| std::ffi::CString::new(w.as_bytes()))
        .collect();
    let Ok(args) = args else {
        eprintln!("cannot start `{program}`: a word holds a NUL byte");
        return 127;
    };
    match nix::unistd::execvp(&args[0], &args) {
        Err(e) => {
            eprintln!("cannot start `{program}`: {}", e.desc());
            127
        }
        Ok(never) => match never {},
    }
}
