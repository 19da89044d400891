//! The processes ludolog starts of itself (hidden commands): the REPL's engine, a
//! worker for untrusted rules, an external engine's keeper. Each is a process of
//! its own, run at once, before the limits and the thread of a command.

use std::process::ExitCode;

/// An external engine started by ludolog: dies with its parent, then runs the
/// program (`ludolog engine-process -- PROGRAM ARGS…`).
#[derive(clap::Args)]
pub(crate) struct EngineProcessArgs {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    words: Vec<String>,
}

/// The REPL's engine process: exits when it is done, running no exit handler.
pub(crate) fn exec_repl_worker() -> ! {
    quiet_panics();
    // at once: no exit handler runs (rules past the sandbox could register one)
    ludolog::foreign::exit::exit_now(ludolog::repl::run_worker())
}

/// A worker for untrusted rules: exits when it is done, running no exit handler.
pub(crate) fn exec_worker() -> ! {
    // confined first thing, on the process's only thread: nothing of the
    // command line's limits or the environment applies (it has none)
    quiet_panics();
    ludolog::foreign::exit::exit_now(ludolog::worker::run_worker())
}

/// The keeper of an external engine: it becomes the engine program.
pub(crate) fn exec_engine_process(args: &EngineProcessArgs) -> ExitCode {
    ExitCode::from(u8::try_from(ludolog::external::become_engine(&args.words)).unwrap_or(1))
}

/// No Rust panic message unless RUST_BACKTRACE asks for one.
fn quiet_panics() {
    if std::env::var_os("RUST_BACKTRACE").is_none() {
        std::panic::set_hook(Box::new(|_| {}));
    }
}
