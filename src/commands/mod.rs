//! The `ludolog` command line as clap parses it: the global options, the commands
//! (a module each, holding its arguments and its `exec`, which hands the work to
//! `ludolog::cli`), and the dispatch to them.

mod analyse;
mod args;
mod bench;
mod best;
mod check;
mod contactix;
mod engine;
mod games;
mod gdl;
mod gtp;
mod lint;
mod merge;
mod moves;
mod new;
mod perft;
mod play;
mod processes;
mod render;
mod repl;
mod serve;
mod solve;
mod why;

use clap::{Parser, Subcommand};
use ludolog::cli;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "ludolog",
    version,
    about = "Board game rules in Prolog, native engines in Rust, and proof that they agree"
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Option<Command>,
    /// Stop when the process holds more memory than this, in MB, 0 for none (default
    /// 2048): a rule file or query that allocates without end stops, named.
    #[arg(long, global = true, value_name = "MB", value_parser = cli::limits::memory_limit)]
    pub(crate) memory_limit: Option<u64>,
    /// Stop a rule-file request or REPL answer that runs longer than this, in seconds,
    /// 0 for none (default 10). Perft on a rule file from disk is bounded step by
    /// step (each position's legal moves), never as a whole; given, the limit also
    /// bounds playouts, search, and perft on built-in rules, as a whole.
    #[arg(long, global = true, value_name = "SECONDS", value_parser = cli::limits::time_limit)]
    pub(crate) time_limit: Option<f64>,
}

/// The commands, in the order `--help` lists them; each one's help text is on its
/// `Args` (the hidden processes' and `games`' here).
#[derive(Subcommand)]
pub(crate) enum Command {
    Repl(repl::Args),
    /// The REPL's engine process, started by the REPL itself (a line protocol on stdin/stdout).
    #[command(hide = true)]
    ReplWorker,
    /// A worker process that runs untrusted rules for its parent (a line protocol on
    /// stdin/stdout; everything about it comes in its first message).
    #[command(hide = true)]
    Worker,
    #[command(hide = true, name = "engine-process")]
    EngineProcess(processes::EngineProcessArgs),
    Moves(moves::Args),
    Perft(perft::Args),
    Check(check::Args),
    Merge(merge::Args),
    Best(best::Args),
    Analyse(analyse::Args),
    Solve(solve::Args),
    Play(play::Args),
    Serve(serve::Args),
    Engine(engine::Args),
    Gtp(gtp::Args),
    Render(render::Args),
    Contactix(contactix::Args),
    /// List the built-in games and their options.
    Games,
    Gdl(gdl::Args),
    New(new::Args),
    Lint(lint::Args),
    Why(why::Args),
    Bench(bench::Args),
}

/// Runs a process ludolog starts of itself (a worker, an external engine's keeper)
/// at once, before anything else, and gives its exit code; `None` for a command.
pub(crate) fn run_alone(command: Option<&Command>) -> Option<ExitCode> {
    match command {
        Some(Command::ReplWorker) => processes::exec_repl_worker(),
        Some(Command::Worker) => processes::exec_worker(),
        Some(Command::EngineProcess(args)) => Some(processes::exec_engine_process(args)),
        _ => None,
    }
}

/// Runs a command (none: the REPL on the default game), once the process's limits
/// are set.
pub(crate) fn exec(command: Option<Command>) -> anyhow::Result<ExitCode> {
    // what rule files, records and positions say is shown, never acted on, by the
    // terminal (play, the REPL, GTP and serve write their own way)
    let mut out = ludolog::render::TerminalWriter::new(std::io::stdout().lock());
    let out = &mut out;
    let Some(command) = command else {
        return repl::exec_default();
    };
    match command {
        Command::Repl(args) => repl::exec(args),
        // run by `run_alone`, before any command
        Command::ReplWorker | Command::Worker | Command::EngineProcess(_) => Ok(ExitCode::SUCCESS),
        Command::Moves(args) => moves::exec(args, out),
        Command::Perft(args) => perft::exec(args, out),
        Command::Check(args) => check::exec(args, out),
        Command::Merge(args) => merge::exec(args, out),
        Command::Best(args) => best::exec(args, out),
        Command::Analyse(args) => analyse::exec(args, out),
        Command::Solve(args) => solve::exec(args, out),
        Command::Play(args) => play::exec(args),
        Command::Serve(args) => serve::exec(args, out),
        Command::Engine(args) => engine::exec(args),
        Command::Gtp(args) => gtp::exec(args, out),
        Command::Render(args) => render::exec(args, out),
        Command::Contactix(args) => contactix::exec(args, out),
        Command::Games => games::exec(out),
        Command::Gdl(args) => gdl::exec(args, out),
        Command::New(args) => new::exec(args, out),
        Command::Lint(args) => lint::exec(args, out),
        Command::Why(args) => why::exec(args, out),
        Command::Bench(args) => bench::exec(args, out),
    }
}
