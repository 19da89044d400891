//! What the `ludolog` commands do, apart from parsing their arguments (that is main.rs).

mod bench;
mod check;
mod contactix;
mod lint;
mod play;
mod position;
mod render;
mod why;

pub use bench::{bench, BenchPlan};
pub use check::check;
pub use contactix::{contactix, parse_contactix_args, ContactixArgs};
pub use lint::lint;
pub use play::{flag_pairs, play, PlayConfig};
pub use position::{read_position, split_moves, PositionArg};
pub use render::render;
pub use why::why;

use crate::game::{Engine, Pos, SearchSpec};
use crate::registry::EngineSpec;
use anyhow::Result;
use std::io::Write;
use std::time::Instant;

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

/// `ludolog perft`: leaves of the game tree to a depth.
pub fn perft(
    spec: &EngineSpec,
    pos: &PositionArg,
    depth: u32,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let (mut engine, at) = open_at(spec, pos)?;
    let start = Instant::now();
    let nodes = engine.perft(at, depth)?;
    let secs = start.elapsed().as_secs_f64();
    if json {
        let position = engine.text(at)?;
        let v = serde_json::json!({
            "position": position, "depth": depth, "nodes": nodes, "tier": spec.effective_tier().name(),
            "seconds": secs, "nodes_per_second": nodes as f64 / secs.max(1e-9),
        });
        writeln!(out, "{v}")?;
    } else {
        writeln!(out, "{nodes}")?;
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
