//! `ludolog solve`: the value of a position under perfect play.

use super::args::{GameArgs, PositionArgs};
use ludolog::cli::values::{solve_nodes, solve_time, table_mb};
use ludolog::cli::{self, SolvePlan};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// The value of a position under perfect play (win, loss or draw for the side to
/// move) by proof-number search, with the moves that keep it.
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    pos: PositionArgs,
    /// The transposition table's size in MB, 1 to 65536 (default 256).
    #[arg(long, value_name = "MB", value_parser = table_mb)]
    memory: Option<u64>,
    /// Stop after this long, e.g. 30s or 500ms (default: no limit; Ctrl-C stops too).
    #[arg(long, value_parser = solve_time)]
    time: Option<std::time::Duration>,
    /// Stop after expanding this many positions.
    #[arg(long, value_name = "N", value_parser = solve_nodes)]
    nodes: Option<u64>,
    /// Give the value of every move (from the start: every opening), not only one
    /// that keeps the position's value.
    #[arg(long)]
    openings: bool,
    /// Search without the game's own knowledge (Hex: virtual connections,
    /// must-play regions, dead cells): plain proof-number search.
    #[arg(long)]
    plain: bool,
    /// Search every move, even one that a losing sibling's proof set shows to lose
    /// too (Hex): to compare the search with proof sets and without.
    #[arg(long)]
    no_proof_sets: bool,
    /// Draw the moves' values on the board as SVG: green wins, grey draws, red loses.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    #[arg(long)]
    json: bool,
}

/// Exits with 2 when the search stopped before it found the value.
pub(crate) fn exec(args: Args, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let plan = SolvePlan {
        memory_mb: args
            .memory
            .unwrap_or(ludolog::game::defaults::SOLVE_TABLE_MB),
        time: args.time,
        nodes: args.nodes,
        openings: args.openings,
        plain: args.plain,
        no_proof_sets: args.no_proof_sets,
        svg: args.svg,
        json: args.json,
    };
    if !cli::solve(&args.game.spec()?, &args.pos.position(), &plan, out)? {
        return Ok(ExitCode::from(2));
    }
    Ok(ExitCode::SUCCESS)
}
