//! `ludolog perft`: the leaves of the game tree to a depth, here or through an
//! external engine.

use super::args::{GameArgs, PositionArgs, SplitArgs};
use ludolog::cli::values::perft_depth;
use ludolog::cli::{self, Against};
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

/// Count the leaves of the game tree to a depth.
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    pos: PositionArgs,
    /// Count to this many plies, 0 to 20.
    #[arg(long, short, value_parser = perft_depth)]
    depth: u32,
    #[command(flatten)]
    split: SplitArgs,
    /// Print the count and what it is as JSON (the input of `ludolog merge`).
    #[arg(long)]
    json: bool,
    /// Count through an external engine (examples/engines/README.md) from the
    /// start, for a perft table of someone else's engine.
    #[arg(long, value_name = "COMMAND", conflicts_with = "json")]
    against: Option<String>,
    /// With --against: the seconds the engine may take to answer one request,
    /// 0.01 to 86400; an engine silent longer is stopped, and that is a finding.
    #[arg(long, value_name = "SECONDS", default_value_t = ludolog::game::defaults::ANSWER_TIMEOUT_SECONDS, value_parser = cli::limits::answer_timeout, requires = "against")]
    answer_timeout: f64,
    /// Print the count at every depth from 1 to --depth, on one line: a row of a
    /// perft table.
    #[arg(long, conflicts_with_all = ["json", "shard", "against"])]
    every_depth: bool,
}

pub(crate) fn exec(args: Args, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let split = args.split.split();
    let pos = args.pos.position();
    if let Some(command) = &args.against {
        // an external engine is one process, and speaks no position text
        if !split.shard.is_whole() {
            anyhow::bail!("perft --against counts on one engine process: no --shard");
        }
        if pos.text.is_some() || pos.record.is_some() || pos.after.is_some() {
            anyhow::bail!(
                "perft --against counts from the start: an external engine reads no position"
            );
        }
        let engine = Against {
            command,
            timeout: Duration::from_secs_f64(args.answer_timeout),
        };
        cli::perft_against(&args.game.spec()?, engine, args.depth, out)?;
    } else if args.every_depth {
        cli::perft_every_depth(&args.game.spec()?, &pos, args.depth, split, out)?;
    } else {
        cli::perft(&args.game.spec()?, &pos, args.depth, split, args.json, out)?;
    }
    Ok(ExitCode::SUCCESS)
}
