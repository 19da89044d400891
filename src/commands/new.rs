//! `ludolog new`: a starter rule file to change into a new game.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Write a starter rule file NAME.pl (K in a row on a square board, or Hex on a
/// rhombus with --board hex) that passes lint and plays, to change into a new game.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The game's name: a lowercase letter, then letters, digits or _.
    name: String,
    /// The board of the starter: square (K in a row) or hex (Hex-style connection).
    #[arg(long, default_value = ludolog::game::defaults::NEW_BOARD, value_parser = clap::builder::PossibleValuesParser::new(ludolog::cli::BOARDS))]
    board: String,
    /// The directory to write it in.
    #[arg(long, default_value = ".")]
    dir: PathBuf,
}

pub(crate) fn exec(args: Args, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    ludolog::cli::new_game(&args.name, &args.board, &args.dir, out)?;
    Ok(ExitCode::SUCCESS)
}
