//! What the `ludolog` commands do, apart from parsing their arguments (that is main.rs).

mod bench;
mod bench_threads;
mod check;
mod contactix;
mod memory;
mod merge;
mod perft;
mod play;
mod position;
mod render;

pub use bench::{bench, BenchPlan};
pub use check::check;
pub use contactix::{contactix, parse_contactix_args, ContactixArgs};
pub use merge::merge;
pub use perft::{perft, PerftResult};
pub use play::{flag_pairs, play, PlayConfig};
pub use position::{read_position, split_moves, PositionArg};
pub use render::render;

use crate::game::{Engine, Pos, SearchSpec};
use crate::parallel::Shard;
use crate::registry::EngineSpec;
use anyhow::Result;
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

/// Opens the engine a command runs on and reads the position the user gave.
fn open_at(spec: &EngineSpec, pos: &PositionArg) -> Result<(Box<dyn Engine>, Pos)> {
    let mut engine = spec.open()?;
    let position = read_position(engine.as_mut(), pos)?;
    Ok((engine, position))
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

/// `ludolog games`: the built-in games, their tiers and options.
pub fn games(out: &mut dyn Write) -> Result<()> {
    for g in crate::games::ALL {
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
    Ok(())
}
