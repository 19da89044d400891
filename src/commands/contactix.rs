//! `ludolog contactix`: the UGent assignment's command.

use std::io::Write;
use std::process::ExitCode;

/// The UGent assignment's command: ludolog contactix [best] [test] [svg] [FILE|-]
#[derive(clap::Args)]
pub(crate) struct Args {
    /// `best` (the default): the board after the best move; `test`: every next
    /// board, separated by lines holding only `~`; `svg`: SVG instead of text;
    /// FILE or - (the default): the position file.
    words: Vec<String>,
}

pub(crate) fn exec(args: Args, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    ludolog::cli::contactix(&ludolog::cli::parse_contactix_args(&args.words)?, out)?;
    Ok(ExitCode::SUCCESS)
}
