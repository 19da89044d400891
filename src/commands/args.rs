//! The argument groups several commands share (which game and how to run it, a
//! position, threads and shards), and what each becomes for the library.

use clap::Args;
use ludolog::cli::{self, PositionArg};
use ludolog::game::{GameOptions, Tier};
use ludolog::parallel::{thread_count, Shard};
use ludolog::registry::EngineSpec;
use std::path::PathBuf;

/// Which game, with which options, rules and tier.
#[derive(Args, Clone)]
pub(crate) struct GameArgs {
    /// A built-in game (see `ludolog games`) or the path of a rule file.
    pub(crate) game: String,
    #[command(flatten)]
    pub(crate) run: RunArgs,
}

impl GameArgs {
    /// The engine the command runs on.
    pub(crate) fn spec(&self) -> anyhow::Result<EngineSpec> {
        self.run.spec(self.game.clone())
    }
}

/// How to run a game: its options, tier, rule files and query limit.
#[derive(Args, Clone)]
pub(crate) struct RunArgs {
    /// A game option, key=value (repeatable), e.g. -O size=5.
    #[arg(short = 'O', long = "option", value_name = "KEY=VALUE")]
    pub(crate) options: Vec<String>,
    /// Run on this tier: spec, accelerated or native (default: native where it exists).
    #[arg(long)]
    pub(crate) tier: Option<Tier>,
    /// Load the rules from this file or directory instead of the built-in copy.
    #[arg(long, value_name = "PATH")]
    pub(crate) rules: Option<PathBuf>,
    /// Stop each rule-file query after this many inferences, 1000 to 10^12 (default:
    /// 30 million for a query on one position, about two seconds). Perft, playouts and
    /// search, whose size the user chose, have none by default; perft on a rule file
    /// from disk is still bounded step by step (each position's legal moves) by
    /// --time-limit, never as a whole.
    #[arg(long, value_name = "N", value_parser = cli::values::inference_limit)]
    pub(crate) inference_limit: Option<u64>,
    /// Run rule files and REPL queries without the sandbox: they may then reach
    /// files, programs, the network and foreign libraries.
    #[arg(long)]
    pub(crate) trust: bool,
}

impl RunArgs {
    /// `game` run this way (a bad option is an error; --trust is said on standard
    /// error, every time).
    pub(crate) fn spec(&self, game: String) -> anyhow::Result<EngineSpec> {
        if self.trust {
            eprintln!(
                "warning: --trust: the sandbox is off; rule files and queries can reach files, programs, the network and foreign libraries"
            );
        }
        Ok(EngineSpec {
            game,
            options: GameOptions::parse(&self.options)?,
            tier: self.tier,
            rules: self.rules.clone(),
            limit: self.inference_limit,
            trust: self.trust,
            text: None,
        })
    }
}

/// How many threads to run.
#[derive(Args, Clone)]
pub(crate) struct ThreadArgs {
    /// Threads to run on (default: every core), each with engines of its own.
    #[arg(long, value_name = "N", value_parser = cli::values::parse_threads)]
    pub(crate) threads: Option<usize>,
}

impl ThreadArgs {
    /// The threads to run on.
    pub(crate) fn count(&self) -> usize {
        thread_count(self.threads)
    }
}

/// Threads, and the part of a run split between machines.
#[derive(Args, Clone)]
pub(crate) struct SplitArgs {
    #[command(flatten)]
    pub(crate) threads: ThreadArgs,
    /// Do shard K of N of the run (e.g. 2/8), for `ludolog merge` to add up.
    #[arg(long, value_name = "K/N")]
    pub(crate) shard: Option<Shard>,
}

impl SplitArgs {
    pub(crate) fn split(&self) -> cli::Split {
        cli::Split {
            threads: self.threads.count(),
            shard: self.shard.unwrap_or(Shard::WHOLE),
        }
    }
}

#[derive(Args, Clone)]
pub(crate) struct PositionArgs {
    /// A position text, or - to read it from standard input (default: the start).
    pub(crate) position: Option<String>,
    #[command(flatten)]
    pub(crate) from: FromArgs,
}

impl PositionArgs {
    /// The position the command starts from.
    pub(crate) fn position(&self) -> PositionArg {
        self.from.position(self.position.clone())
    }
}

/// Where a position starts besides its text: moves played first, or a game record.
#[derive(Args, Clone)]
pub(crate) struct FromArgs {
    /// Moves to play first, from the position (or the start), e.g. --after "a1 b2".
    #[arg(long, value_name = "MOVES")]
    pub(crate) after: Option<String>,
    /// Start from a game record (text, or SGF for Hex), played to its end or to --ply.
    #[arg(long, value_name = "FILE")]
    pub(crate) record: Option<PathBuf>,
    /// Play only the record's first N moves.
    #[arg(long, value_name = "N", requires = "record")]
    pub(crate) ply: Option<usize>,
}

impl FromArgs {
    /// The position a command starts from: its text (or the start) and these.
    pub(crate) fn position(&self, text: Option<String>) -> PositionArg {
        PositionArg {
            text,
            after: self.after.clone(),
            record: self.record.clone(),
            ply: self.ply,
        }
    }
}
