//! `ludolog engine`: the engine protocol spoken on standard input and output.

use super::args::GameArgs;
use std::process::ExitCode;

/// Speak the engine protocol (examples/engines/README.md) on standard input and
/// output, in any tier: for `check --against` and other tools.
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Say this game's name, moves and players as another game's rules say them,
    /// by a table of lines `THEIRS OURS` (a GDL sheet checked against a rule file:
    /// `connect3 connect_four`, `(drop 1) a`); no position text is given then, and
    /// `new` keeps this engine's own options.
    #[arg(long, value_name = "FILE")]
    moves: Option<std::path::PathBuf>,
}

/// Writes its answers to standard output as they are (JSON, escaped already).
pub(crate) fn exec(args: Args) -> anyhow::Result<ExitCode> {
    ludolog::cli::engine(
        &args.game.spec()?,
        args.moves.as_deref(),
        &mut std::io::stdin().lock(),
        &mut std::io::stdout(),
    )?;
    Ok(ExitCode::SUCCESS)
}
