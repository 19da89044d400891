//! `ludolog check`: two or more tiers (or an external engine) played in lockstep and
//! compared at every position.

use super::args::{GameArgs, SplitArgs};
use ludolog::check::{CheckConfig, Strategy};
use ludolog::cli::values::{
    check_strategy, games_count, max_plies, perft_depth, seed_value, sweep_positions,
};
use ludolog::cli::{self, Against};
use ludolog::game::{defaults, Tier};
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

/// Play seeded random games through two or more tiers in lockstep and compare every position.
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// The tiers to compare, each with the next (default: spec,native where a native engine exists).
    #[arg(long, value_delimiter = ',')]
    tiers: Vec<Tier>,
    /// Random games to play, 1 to 10^7.
    #[arg(long, default_value_t = defaults::CHECK_GAMES, value_parser = games_count)]
    games: usize,
    /// Cut each game off after this many plies, 1 to 10^6.
    #[arg(long, default_value_t = defaults::MAX_PLIES, value_parser = max_plies)]
    max_plies: usize,
    /// Seed of the random games.
    #[arg(long, default_value_t = defaults::SEED, value_parser = seed_value)]
    seed: u64,
    /// Also compare perft counts to this depth, 0 to 20.
    #[arg(long, value_parser = perft_depth)]
    perft: Option<u32>,
    /// How the random games choose moves: uniform, edges (extreme coordinates),
    /// seek (moves that end the game, capture, change the number of moves), avoid
    /// (long games), mixed (the four by turns), probe (mixed, and the moves looked
    /// at compared in both engines too).
    #[arg(long, default_value = defaults::CHECK_STRATEGY, value_parser = check_strategy)]
    strategy: Strategy,
    /// Before the random games, compare every line from the start breadth-first,
    /// whole depths while they fit in this many positions, 0 to 10^7 (0: none).
    #[arg(long, value_name = "POSITIONS", default_value_t = defaults::CHECK_SWEEP, value_parser = sweep_positions)]
    sweep: usize,
    #[command(flatten)]
    split: SplitArgs,
    /// Print the report as JSON (the input of `ludolog merge`).
    #[arg(long)]
    json: bool,
    /// Check an external engine against the game (in its default tier, or
    /// --tier): COMMAND speaks the engine protocol, examples/engines/README.md.
    #[arg(long, value_name = "COMMAND")]
    against: Option<String>,
    /// With --against: the seconds the engine may take to answer one request,
    /// 0.01 to 86400; an engine silent longer is stopped, and that is a finding.
    #[arg(long, value_name = "SECONDS", default_value_t = defaults::ANSWER_TIMEOUT_SECONDS, value_parser = cli::limits::answer_timeout, requires = "against")]
    answer_timeout: f64,
}

/// Fails when the engines disagree.
pub(crate) fn exec(args: Args, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let spec = args.game.spec()?;
    let config = CheckConfig {
        games: args.games,
        max_plies: args.max_plies,
        seed: args.seed,
        perft_depth: args.perft,
        progress: true,
        strategy: args.strategy,
        sweep: args.sweep,
    };
    let split = args.split.split();
    let agree = if let Some(command) = &args.against {
        if !args.tiers.is_empty() {
            anyhow::bail!("--against checks one tier (--tier), not --tiers");
        }
        let engine = Against {
            command,
            timeout: Duration::from_secs_f64(args.answer_timeout),
        };
        cli::check_against(&spec, engine, config, split, args.json, out)?
    } else {
        let tiers = if !args.tiers.is_empty() {
            args.tiers
        } else {
            let (tiers, note) = spec.check_tiers();
            if let Some(note) = note {
                eprintln!("{note}");
            }
            tiers
        };
        cli::check(&spec, &tiers, config, split, args.json, out)?
    };
    Ok(if agree {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
