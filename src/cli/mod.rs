//! What the `ludolog` commands do, apart from parsing their arguments (that is the
//! binary's `commands`): each command's work, and the policy of running it (`process`).

mod analyse;
mod bench;
mod bench_threads;
mod check;
mod contactix;
mod engine;
mod gdl;
mod gtp;
pub mod limits;
mod lint;
mod memory;
mod merge;
mod new_game;
mod perft;
mod play;
mod position;
pub mod process;
mod record_file;
mod records;
mod render;
mod solve;
pub mod values;
mod why;

pub use analyse::{
    analyse, pairings_or_default, parse_pairing, parse_stronger, AnalyseArgs, AnalyseRun,
};
pub use bench::{bench, BenchPlan};
pub use check::{check, check_against, Against};
pub use contactix::{contactix, parse_contactix_args, ContactixArgs};
pub use engine::engine;
pub use gdl::gdl;
pub use gtp::gtp;
pub use lint::lint;
pub use merge::merge;
pub use new_game::{board_summary, new_game, starter_text, BOARDS};
pub use perft::{perft, perft_against, perft_every_depth, PerftResult};
pub use play::{flag_pairs, play, PlayConfig};
pub use position::{after_moves, read_position, split_moves, PositionArg};
pub use records::{game_name, read_record};
pub use render::render;
pub use solve::{solve, SolvePlan};
pub use why::why;

use crate::game::{Engine, Pos, SearchSpec};
use crate::parallel::Shard;
use crate::registry::EngineSpec;
use anyhow::{Context, Result};
use std::io::Write;
use std::time::Instant;

/// How a command spreads its work: over threads here, and which shard of a run split
/// between machines it does.
#[derive(Clone, Copy, Debug)]
pub struct Split {
    pub threads: usize,
    pub shard: Shard,
}

impl Split {
    /// One thread, the whole run.
    pub const ONE: Split = Split {
        threads: 1,
        shard: Shard::WHOLE,
    };
}

/// Opens the engine a command runs on and reads the position the user gave (with a
/// `--record`, the engine runs with the record's options).
fn open_at(spec: &EngineSpec, pos: &PositionArg) -> Result<(Box<dyn Engine>, Pos)> {
    let (_, engine, position) = open_spec_at(spec, pos)?;
    Ok((engine, position))
}

/// As `open_at`, with the spec the engine was opened from (a record's options
/// included), for commands that open more engines of the same game.
fn open_spec_at(
    spec: &EngineSpec,
    pos: &PositionArg,
) -> Result<(EngineSpec, Box<dyn Engine>, Pos)> {
    let (spec, record) = with_record(spec, pos)?;
    let mut engine = spec.open()?;
    if let (Some(record), Some(path)) = (&record, &pos.record) {
        records::check_record(&spec, engine.as_mut(), record, path)?;
    }
    let position = position_in(engine.as_mut(), pos, record.as_ref())?;
    position::check_options(&spec, engine.as_mut(), position, pos)?;
    Ok((spec, engine, position))
}

/// The spec a command runs with: the record's options added when a `--record` is
/// given (its notes go to standard error), and the record.
fn with_record(
    spec: &EngineSpec,
    pos: &PositionArg,
) -> Result<(EngineSpec, Option<crate::record::Record>)> {
    match &pos.record {
        None => Ok((spec.clone(), None)),
        Some(_) if pos.text.is_some() => anyhow::bail!("give a position or --record, not both"),
        Some(path) => {
            let (record, spec) = read_record(spec, path, &mut std::io::stderr())?;
            Ok((spec, Some(record)))
        }
    }
}

/// The position the user gave: the record's (to `--ply`) or `read_position`'s.
fn position_in(
    engine: &mut dyn Engine,
    pos: &PositionArg,
    record: Option<&crate::record::Record>,
) -> Result<Pos> {
    let Some(record) = record else {
        return read_position(engine, pos);
    };
    let at = record.position(engine, pos.ply).with_context(|| {
        let path = pos.record.as_deref().unwrap_or(std::path::Path::new("-"));
        path.display().to_string()
    })?;
    after_moves(engine, at, pos)
}

/// `ludolog moves`: the position, side to move, outcome and legal moves.
pub fn moves(spec: &EngineSpec, pos: &PositionArg, json: bool, out: &mut dyn Write) -> Result<()> {
    let (mut engine, position) = open_at(spec, pos)?;
    let info = engine.describe(position)?;
    if json {
        writeln!(out, "{}", serde_json::to_string(&info)?)?;
    } else {
        writeln!(out, "position: {}", info.position)?;
        writeln!(out, "to move:  {}", info.to_move)?;
        if let Some(o) = &info.outcome {
            writeln!(out, "outcome:  {o}")?;
        }
        writeln!(
            out,
            "legal ({}): {}",
            info.legal.len(),
            info.legal.join(" ")
        )?;
    }
    Ok(())
}

/// `ludolog best`: the move a search chooses, its score, principal variation and speed.
/// How `best` searches: MCTS with `mcts` playouts on `threads` threads, else
/// alpha-beta to `depth` within `time` (the default depth when neither is given); MCTS
/// with `mcts` playouts, within `time` when given.
pub fn best_search(
    depth: Option<u32>,
    time: Option<std::time::Duration>,
    mcts: Option<u64>,
    threads: usize,
) -> SearchSpec {
    match mcts {
        Some(playouts) => SearchSpec::Mcts {
            playouts,
            seed: crate::game::defaults::SEED,
            threads,
            time,
            rave: false,
        },
        None => SearchSpec::AlphaBeta(crate::game::Limits {
            depth: depth.or(match time {
                Some(_) => None,
                None => Some(crate::game::defaults::SEARCH_DEPTH),
            }),
            time,
            nodes: None,
        }),
    }
}

/// `ludolog best`: the best move from a position, by the given search.
pub fn best(
    spec: &EngineSpec,
    pos: &PositionArg,
    how: SearchSpec,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let (mut engine, at) = open_at(spec, pos)?;
    let start = Instant::now();
    let b = engine.best(at, how)?;
    let secs = start.elapsed().as_secs_f64();
    if json {
        let position = engine.text(at)?;
        let mut v = serde_json::to_value(&b)?;
        v["seconds"] = serde_json::json!(secs);
        v["nodes_per_second"] = serde_json::json!(b.nodes as f64 / secs.max(1e-9));
        v["position"] = serde_json::json!(position);
        writeln!(out, "{v}")?;
        return Ok(());
    }
    match &b.mv {
        None => writeln!(out, "no move: the game is over")?,
        Some(m) => {
            writeln!(out, "best:  {m}")?;
            match &b.verdict {
                Some(v) => writeln!(out, "score: {v}")?,
                None => writeln!(out, "score: {:+}", b.score)?,
            }
            if b.pv.len() > 1 {
                writeln!(out, "pv:    {}", b.pv.join(" "))?;
            }
            writeln!(
                out,
                "depth {}, {} nodes in {:.3}s ({:.0} nodes/s)",
                b.depth,
                b.nodes,
                secs,
                b.nodes as f64 / secs.max(1e-9)
            )?;
        }
    }
    Ok(())
}

/// `ludolog games`: the built-in games (also those written only as rules), their
/// tiers and options.
pub fn games(out: &mut dyn Write) -> Result<()> {
    let (games, broken) = crate::registry::all_games();
    for g in games {
        let tiers: Vec<&str> = g.tiers().iter().map(|t| t.name()).collect();
        writeln!(out, "{:<10} {}", g.name, g.summary)?;
        writeln!(out, "{:<10} tiers: {}", "", tiers.join(", "))?;
        for o in g.options {
            writeln!(
                out,
                "{:<10} -O {}=…  {}: {} (default {})",
                "",
                o.key,
                o.meaning,
                o.kind.describe(),
                o.default
            )?;
        }
    }
    for (name, why) in broken {
        writeln!(out, "{name:<10} (its rule file does not load: {why})")?;
    }
    Ok(())
}
