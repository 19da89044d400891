//! `ludolog bench`: the tiers measured side by side.

use super::args::{GameArgs, ThreadArgs};
use ludolog::cli::values::{bench_positions, bench_seconds, search_depth};
use ludolog::cli::{self, BenchPlan};
use ludolog::game::{defaults, Tier};
use std::io::Write;
use std::process::ExitCode;

/// Measure the tiers side by side: random playouts/s and perft nodes/s.
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Seconds to spend on each measurement, 0.01 to 600.
    #[arg(long, default_value_t = defaults::BENCH_SECONDS, value_parser = bench_seconds)]
    seconds: f64,
    /// Tiers to measure, comma-separated (default: all that exist).
    #[arg(long, value_delimiter = ',')]
    tiers: Vec<Tier>,
    /// Depth of the native search timed on sampled positions, 1 to 40.
    #[arg(long, default_value_t = defaults::SEARCH_DEPTH, value_parser = search_depth)]
    search_depth: u32,
    /// How many positions from random games to time that search on, 0 (skip) to 1000.
    #[arg(long, default_value_t = defaults::BENCH_POSITIONS, value_parser = bench_positions)]
    positions: usize,
    // playouts and perft on this many threads too, for the speed-up
    #[command(flatten)]
    threads: ThreadArgs,
    #[arg(long)]
    json: bool,
}

pub(crate) fn exec(args: Args, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let spec = args.game.spec()?;
    let tiers = if !args.tiers.is_empty() {
        args.tiers
    } else {
        spec.default_tiers()
    };
    let plan = BenchPlan {
        seconds: args.seconds,
        search_depth: args.search_depth,
        positions: args.positions,
        threads: args.threads.count(),
    };
    cli::bench(&spec, &tiers, &plan, args.json, out)?;
    Ok(ExitCode::SUCCESS)
}
