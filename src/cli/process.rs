//! How the `ludolog` process runs a command: its limits and confinement, a deep stack
//! on every thread, a panic said in words instead of a Rust message, and the exit
//! code of an error (a reader that went away is no error).

use anyhow::Result;
use std::process::ExitCode;

/// Runs `command` the way every `ludolog` command runs, and gives the process's exit
/// code: errors are printed as `error: …`, a panic as an internal error.
pub fn run(command: impl FnOnce() -> Result<ExitCode> + Send + 'static) -> ExitCode {
    // a panic is caught where it can be (a rule file that breaks scryer) and said in
    // words there; none prints a Rust message or backtrace to the user
    if std::env::var_os("RUST_BACKTRACE").is_none() {
        std::panic::set_hook(Box::new(|_| {}));
    }
    // deep terms (a rule file's million-deep view, a long list literal, nested SGF
    // variations) recurse on the Rust stack: every thread gets a deep one, whose
    // untouched pages cost nothing
    std::env::set_var("RUST_MIN_STACK", (256usize << 20).to_string());
    let main = std::thread::Builder::new()
        .name("ludolog".into())
        .stack_size(1 << 30)
        .spawn(move || std::panic::catch_unwind(std::panic::AssertUnwindSafe(command)));
    let result = match main {
        Ok(thread) => thread.join().unwrap_or_else(Err),
        Err(e) => Ok(Err(anyhow::anyhow!("cannot start the main thread: {e}"))),
    };
    let result = result.unwrap_or_else(|p| {
        let what = p
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        Err(anyhow::anyhow!(
            "internal error in ludolog ({what}); please report it"
        ))
    });
    match result {
        Ok(code) => code,
        // a worker stopped at a limit of its whole process: said, with the exit
        // code a command stopped at that limit has
        Err(e) if exceeded(&e).is_some() => {
            let text = format!("{e:#}");
            eprintln!("error: {}", crate::render::terminal_text(&text));
            ExitCode::from(exceeded(&e).map_or(1, |l| l.exit_code()))
        }
        // the reader of our output went away (`ludolog moves hex | head -1`): stop
        // quietly, as other command-line tools do
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // an error quotes what the user or a rule file gave: shown, never acted on
            let text = format!("{e:#}");
            eprintln!("error: {}", crate::render::terminal_text(&text));
            ExitCode::FAILURE
        }
    }
}

/// Sets the process's memory and time limits (`None`: the defaults) and confines
/// the engines it will open; first thing every command does.
pub fn start(memory_limit: Option<u64>, time_limit: Option<f64>) {
    super::limits::install(memory_limit, time_limit);
}

/// The limit of a whole process an error reports, if it does.
fn exceeded(e: &anyhow::Error) -> Option<crate::game::Exceeded> {
    e.chain()
        .find_map(|c| match c.downcast_ref::<crate::game::EngineError>() {
            Some(crate::game::EngineError::Exceeded { limit, .. }) => Some(*limit),
            _ => None,
        })
}

/// Whether an error comes from writing to a pipe whose reader has closed it.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
