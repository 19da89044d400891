//! `ludolog gtp`: a GTP engine on standard input and output.

use super::args::GameArgs;
use ludolog::cli::values::seed_value;
use ludolog::game::defaults;
use ludolog::gtp::GtpConfig;
use std::io::Write;
use std::process::ExitCode;

/// A GTP engine on standard input and output (for HexGui and other controllers).
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Who chooses the moves: random, greedy, alphabeta:N, alphabeta:Ns, mcts:N, mcts:Ns, rave:N or rave:Ns
    /// (default: rave:70000 on a native engine, rave:15000 on a rule file whose turns
    /// are data in the accelerated tier, else alphabeta:2).
    #[arg(long, value_name = "KIND")]
    player: Option<String>,
    /// Seed of the random choices.
    #[arg(long, default_value_t = defaults::SEED, value_parser = seed_value)]
    seed: u64,
    /// Play on when the search proves the game lost, instead of answering `resign`.
    #[arg(long)]
    never_resign: bool,
    /// With an MCTS player, answer `resign` when the best move wins fewer
    /// playouts than this percent (0: never).
    #[arg(long, value_name = "PERCENT", default_value_t = defaults::MCTS_RESIGN_PERCENT,
          value_parser = clap::value_parser!(u32).range(0..=100))]
    resign_below: u32,
}

pub(crate) fn exec(args: Args, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let spec = args.game.spec()?;
    let player = match args.player {
        Some(p) => Some(p.parse().map_err(anyhow::Error::msg)?),
        None => None,
    };
    let config = GtpConfig {
        spec,
        player,
        seed: args.seed,
        resign: !args.never_resign,
        resign_below: if args.never_resign {
            0
        } else {
            args.resign_below
        },
    };
    ludolog::cli::gtp(config, &mut std::io::stdin().lock(), out)?;
    Ok(ExitCode::SUCCESS)
}
