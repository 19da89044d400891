//! `ludolog render`: a position drawn from the rule file's view/2.

use super::args::{GameArgs, PositionArgs};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Draw a position from the rule file's view/2: --svg FILE (or -) or --ascii.
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    pos: PositionArgs,
    /// Write SVG to this file (- for standard output).
    #[arg(long, value_name = "FILE", conflicts_with = "ascii")]
    svg: Option<PathBuf>,
    /// Draw the board as text (the default).
    #[arg(long)]
    ascii: bool,
}

pub(crate) fn exec(args: Args, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let (spec, pos) = (args.game.spec()?, args.pos.position());
    ludolog::cli::render(&spec, &pos, args.svg.as_ref(), out)?;
    Ok(ExitCode::SUCCESS)
}
