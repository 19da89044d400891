//! `ludolog why`: why a move is illegal, or what it does when it is legal.

use super::args::{FromArgs, GameArgs};
use std::io::Write;
use std::process::ExitCode;

/// Why a move is illegal (or, when it is legal, what it does): why GAME [POSITION] MOVE
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// [POSITION] MOVE: a position text (or - for standard input; default: the
    /// start, after --after) and the move.
    #[arg(num_args = 1..=2, required = true, value_name = "[POSITION] MOVE")]
    words: Vec<String>,
    #[command(flatten)]
    from: FromArgs,
}

pub(crate) fn exec(args: Args, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let (text, mv) = match args.words.as_slice() {
        [mv] => (None, mv.clone()),
        [p, mv] => (Some(p.clone()), mv.clone()),
        _ => anyhow::bail!("why takes [POSITION] MOVE"),
    };
    let pos = args.from.position(text);
    ludolog::cli::why(&args.game.spec()?, &pos, &mv, out)?;
    Ok(ExitCode::SUCCESS)
}
