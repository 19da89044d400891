//! `ludolog moves`: the legal moves of a position.

use super::args::{GameArgs, PositionArgs};
use std::io::Write;
use std::process::ExitCode;

/// The legal moves of a position.
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    pos: PositionArgs,
    /// Print {"position", "to_move", "outcome", "legal"} as JSON.
    #[arg(long)]
    json: bool,
}

pub(crate) fn exec(args: Args, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    ludolog::cli::moves(&args.game.spec()?, &args.pos.position(), args.json, out)?;
    Ok(ExitCode::SUCCESS)
}
