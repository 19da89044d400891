//! `ludolog play`: a game played in the terminal.

use super::args::GameArgs;
use ludolog::cli::values::seed_value;
use ludolog::cli::PlayConfig;
use ludolog::game::defaults;
use std::path::PathBuf;
use std::process::ExitCode;

/// Play a game in the terminal: ludolog play hex --red human --blue alphabeta:4
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Seed of the random players.
    #[arg(long, default_value_t = defaults::SEED, value_parser = seed_value)]
    seed: u64,
    /// Save the game record here on exit (SGF when FILE ends in .sgf: Hex and Con-Tac-Tix).
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Resume a saved game record (text, or SGF from HexGui or Little Golem).
    #[arg(long, value_name = "FILE")]
    load: Option<PathBuf>,
    /// Players by name: --red human --blue alphabeta:4 (human, random, greedy,
    /// alphabeta:N, alphabeta:Ns, mcts:N, mcts:Ns, rave:N, rave:Ns); a side not named is played by a human.
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "--PLAYER KIND"
    )]
    players: Vec<String>,
}

/// Writes to standard output itself: it colours its board, escaping what the rules
/// say on its own.
pub(crate) fn exec(args: Args) -> anyhow::Result<ExitCode> {
    let config = PlayConfig::from_command_line(args.seed, args.save, args.load, &args.players)?;
    ludolog::cli::play(
        &args.game.spec()?,
        &config,
        &mut std::io::stdin().lock(),
        &mut std::io::stdout(),
    )?;
    Ok(ExitCode::SUCCESS)
}
