//! `ludolog best`: the best move of a position by a search.

use super::args::{GameArgs, PositionArgs, ThreadArgs};
use ludolog::cli;
use ludolog::cli::values::{mcts_playouts, search_depth, search_time};
use std::io::Write;
use std::process::ExitCode;

/// The best move of a position by alpha-beta (or MCTS), its score and principal variation.
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    pos: PositionArgs,
    /// Search this many plies deep, 1 to 40 (default 4 without --time).
    #[arg(long, short, value_parser = search_depth)]
    depth: Option<u32>,
    /// Search for this long, e.g. 2s or 500ms, 1ms to 3600s.
    #[arg(long, value_parser = search_time)]
    time: Option<std::time::Duration>,
    /// Use MCTS with this many playouts instead of alpha-beta, 1 to 10^8 (every tier; far slower on rule files).
    #[arg(long, value_parser = mcts_playouts)]
    mcts: Option<u64>,
    // with --mcts: one tree per thread (root-parallel), the playouts shared out
    #[command(flatten)]
    threads: ThreadArgs,
    #[arg(long)]
    json: bool,
}

pub(crate) fn exec(args: Args, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let how = cli::best_search(args.depth, args.time, args.mcts, args.threads.count());
    let (spec, pos) = (args.game.spec()?, args.pos.position());
    cli::best(&spec, &pos, how, args.json, out)?;
    Ok(ExitCode::SUCCESS)
}
