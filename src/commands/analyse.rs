//! `ludolog analyse`: is a variant a good game? Games between players, measured.

use super::args::{RunArgs, SplitArgs};
use ludolog::analyse::{AnalysePlan, Pairing};
use ludolog::cli::values::{games_count, max_plies, seed_value};
use ludolog::cli::{self, AnalyseArgs};
use ludolog::game::defaults;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Is a variant a good game?  Plays games between players and reports balance,
/// length, branching, decisiveness and each first move, game by game side by side.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Built-in games or rule files, compared side by side (the same -O for all).
    #[arg(required = true, value_name = "GAME")]
    games: Vec<String>,
    #[command(flatten)]
    run: RunArgs,
    /// Games per pairing of players.
    #[arg(long = "games", value_name = "N", default_value_t = defaults::ANALYSE_GAMES, value_parser = games_count)]
    games_count: usize,
    /// A pairing FIRST,SECOND of players (repeatable; default random,random and
    /// mcts:1000,mcts:1000).
    #[arg(long = "players", value_name = "FIRST,SECOND", value_parser = cli::parse_pairing)]
    players: Vec<Pairing>,
    /// The player whose wins against random play measure decisiveness, or none.
    #[arg(long, value_name = "PLAYER", default_value = defaults::ANALYSE_STRONGER)]
    stronger: String,
    /// Cut each game off after this many plies, 1 to 10^6.
    #[arg(long, default_value_t = defaults::MAX_PLIES, value_parser = max_plies)]
    max_plies: usize,
    /// Seed of the games (each game has its own seed from it).
    #[arg(long, default_value_t = defaults::SEED, value_parser = seed_value)]
    seed: u64,
    #[command(flatten)]
    split: SplitArgs,
    /// Draw the charts as SVG files into this directory.
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,
    #[arg(long)]
    json: bool,
}

pub(crate) fn exec(args: Args, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let specs = args
        .games
        .into_iter()
        .map(|g| args.run.spec(g))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let split = args.split.split();
    let analyse = AnalyseArgs {
        pairings: cli::pairings_or_default(args.players)?,
        stronger: cli::parse_stronger(&args.stronger)?,
        plan: AnalysePlan {
            pairings: Vec::new(),
            games: args.games_count,
            max_plies: args.max_plies,
            seed: args.seed,
            threads: split.threads,
            shard: split.shard,
            progress: !args.json && std::io::stderr().is_terminal(),
            cancel: None,
        },
        svg: args.svg,
        json: args.json,
    };
    cli::analyse(&specs, &analyse, out)?;
    Ok(ExitCode::SUCCESS)
}
