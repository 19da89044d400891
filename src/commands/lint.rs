//! `ludolog lint`: does a rule file keep the protocol?

use ludolog::game::{defaults, GameOptions, Tier};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Does a rule file keep the protocol?  Static checks of its text, then checks
/// on seeded random games; a directory is every rule file in it.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// A rule file, or a directory of rule files.
    path: PathBuf,
    /// A game option, key=value (repeatable), e.g. -O size=5.
    #[arg(short = 'O', long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Random games to play (0: the static checks only).
    #[arg(long, default_value_t = defaults::LINT_GAMES)]
    games: usize,
    /// Seed of the random games.
    #[arg(long, default_value_t = defaults::SEED)]
    seed: u64,
    /// A game still going after this many plies is a finding.
    #[arg(long, default_value_t = defaults::MAX_PLIES)]
    max_plies: usize,
    /// Stop the random games (and the shrinking of their findings) after this
    /// many seconds in all, 0 for no bound, with a note saying so; each game
    /// also stops at its first finding, and each query at --time-limit.
    #[arg(long, value_name = "SECONDS", default_value_t = defaults::LINT_BUDGET_SECONDS, value_parser = ludolog::cli::limits::budget)]
    budget: f64,
    /// Stop a rule-file query after this many inferences.
    #[arg(long, value_name = "N")]
    inference_limit: Option<u64>,
    /// The rule tier to play the games in: spec, or accelerated (where the
    /// native helpers answer, so that legal_count/2 and nth_legal/3 written for
    /// them are held to legal/2 too).
    #[arg(long, default_value = defaults::LINT_TIER)]
    tier: Tier,
    #[arg(long)]
    json: bool,
}

/// Fails when lint has findings.
pub(crate) fn exec(args: Args, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let plan = ludolog::authoring::Playouts {
        games: args.games,
        seed: args.seed,
        max_plies: args.max_plies,
        budget: (args.budget > 0.0).then(|| std::time::Duration::from_secs_f64(args.budget)),
    };
    let options = GameOptions::parse(&args.options)?;
    if args.tier == Tier::Native {
        anyhow::bail!("lint checks a rule file: --tier takes spec or accelerated, not native");
    }
    let limit = args.inference_limit;
    if !ludolog::cli::lint(&args.path, &options, plan, limit, args.tier, args.json, out)? {
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}
