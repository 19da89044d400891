//! The `ludolog` binary: parses the command line and runs the command the way every
//! command runs (`ludolog::cli::process`: its limits, a deep-stacked thread, its
//! error said and mapped to an exit code). Each command, its arguments and what it
//! hands the library are a module of `commands`.

/// The process's allocator: the system's, counted against the memory limit.
#[global_allocator]
static ALLOCATOR: ludolog::foreign::memory::LimitedAlloc = ludolog::foreign::memory::LimitedAlloc;

mod commands;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = commands::Cli::parse();
    if let Some(code) = commands::run_alone(cli.command.as_ref()) {
        return code;
    }
    let commands::Cli {
        command,
        memory_limit,
        time_limit,
    } = cli;
    ludolog::cli::process::run(move || {
        ludolog::cli::process::start(memory_limit, time_limit);
        commands::exec(command)
    })
}
