//! `ludolog repl` (and `ludolog` alone): a Prolog top level on a game's rules.

use super::args::RunArgs;
use ludolog::game::{defaults, GameOptions};
use ludolog::registry::EngineSpec;
use std::process::ExitCode;

/// A Prolog top level on a game's rules (the default: ludolog alone = repl hex).
#[derive(clap::Args)]
pub(crate) struct Args {
    /// A built-in game or the path of a rule file.
    #[arg(default_value = defaults::GAME)]
    game: String,
    #[command(flatten)]
    run: RunArgs,
    /// Reload the rule files when they change on disk, replaying the game so far.
    #[arg(long)]
    watch: bool,
}

pub(crate) fn exec(args: Args) -> anyhow::Result<ExitCode> {
    let code = ludolog::repl::run_watching(args.run.spec(args.game)?, args.watch)?;
    Ok(ExitCode::from(code))
}

/// `ludolog` with no command: the REPL on the default game.
pub(crate) fn exec_default() -> anyhow::Result<ExitCode> {
    let code = ludolog::repl::run(EngineSpec::new(defaults::GAME, GameOptions::default()))?;
    Ok(ExitCode::from(code))
}
