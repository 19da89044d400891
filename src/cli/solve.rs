//! `ludolog solve`: the value of a position under perfect play, by proof-number
//! search, with the moves that keep it (every move with `--openings`) and a map of
//! the moves' values drawn on the board as SVG.

use super::{open_spec_at, PositionArg};
use crate::game::TextOps;
use crate::registry::EngineSpec;
use crate::render::render_svg_tinted;
use crate::solve::{Budget, MoveValue, Solution, SolveSpec, Value};
use anyhow::{bail, Context, Result};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What `ludolog solve` was asked.
pub struct SolvePlan {
    /// The transposition table, in MB.
    pub memory_mb: u64,
    pub time: Option<Duration>,
    pub nodes: Option<u64>,
    /// The value of every move, not only one that keeps the value.
    pub openings: bool,
    /// Search without the game's own knowledge (Hex: virtual connections, dead cells).
    pub plain: bool,
    /// Search every move, even one a sibling's proof set settles.
    pub no_proof_sets: bool,
    pub svg: Option<PathBuf>,
    pub json: bool,
}

/// The colour of a move's value on the map.
fn colour(value: Option<Value>) -> &'static str {
    match value {
        Some(Value::Win) => "#5aae61",
        Some(Value::Draw) => "#bbbbbb",
        Some(Value::Loss) => "#d6604d",
        None => "#ffffff",
    }
}

/// The table's size, checked against the process's memory limit.
fn table_bytes(mb: u64) -> Result<usize> {
    let bytes = usize::try_from(mb << 20).unwrap_or(usize::MAX);
    let limit = crate::foreign::memory::memory_limit();
    let held = crate::foreign::memory::memory_held();
    // the engines and the proof's bookkeeping need room beside the table
    if limit > 0 && bytes.saturating_add(held).saturating_add(64 << 20) > limit {
        bail!(
            "a table of {mb} MB does not fit under the memory limit of {} MB: give a smaller --memory or a larger --memory-limit",
            limit >> 20
        );
    }
    Ok(bytes)
}

/// `ludolog solve`: solves the position and prints what it proved.
pub fn solve(
    spec: &EngineSpec,
    pos: &PositionArg,
    plan: &SolvePlan,
    out: &mut dyn Write,
) -> Result<bool> {
    let table_bytes = table_bytes(plan.memory_mb)?;
    let (spec, mut engine, at) = open_spec_at(spec, pos)?;
    let cancel = Arc::new(AtomicBool::new(false));
    {
        let flag = cancel.clone();
        // Ctrl-C stops the search; what was proved is still printed
        let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, flag);
    }
    let solve_spec = SolveSpec {
        budget: Budget {
            nodes: plan.nodes,
            time: plan.time,
            cancel: Some(cancel),
        },
        table_bytes,
        every_move: plan.openings,
        plain: plan.plain,
        no_proof_sets: plan.no_proof_sets,
    };
    let start = Instant::now();
    let s = engine.solve(at, &solve_spec)?;
    let secs = start.elapsed().as_secs_f64();
    if let Some(path) = &plan.svg {
        let svg = map_svg(&spec, &s)?;
        std::fs::write(path, svg)
            .with_context(|| format!("{}: cannot write the SVG", path.display()))?;
    }
    if plan.json {
        let mut v = serde_json::to_value(&s)?;
        v["game"] = serde_json::json!(spec.game_name());
        v["engine"] = serde_json::json!(engine.label());
        v["seconds"] = serde_json::json!(secs);
        v["nodes_per_second"] = serde_json::json!(s.nodes as f64 / secs.max(1e-9));
        writeln!(out, "{v}")?;
    } else {
        write!(out, "{}", report(&s, &engine.label(), secs, plan.openings))?;
        if let Some(path) = &plan.svg {
            writeln!(out, "wrote {}", path.display())?;
        }
    }
    Ok(s.value.is_some())
}

/// The moves with a given value, by name.
fn with_value(moves: &[MoveValue], v: Option<Value>) -> Vec<&str> {
    moves
        .iter()
        .filter(|m| m.value == v)
        .map(|m| m.mv.as_str())
        .collect()
}

/// The report a person reads.
pub fn report(s: &Solution, label: &str, secs: f64, openings: bool) -> String {
    let mut o = String::new();
    let who = &s.to_move;
    o.push_str(&format!("{label}: {who} to move\n"));
    match s.value {
        Some(Value::Win) => o.push_str(&format!("value:  win for {who}\n")),
        Some(Value::Loss) => o.push_str(&format!("value:  loss for {who}: every move loses\n")),
        Some(Value::Draw) => o.push_str("value:  draw: neither side can force a win\n"),
        None => {
            let why = match &s.stopped {
                Some(what) => what.clone(),
                None => "positions repeat, so no draw can be proved".to_string(),
            };
            o.push_str(&format!("value:  unknown within the budget: {why}\n"));
        }
    }
    if openings || s.value.is_none() {
        for (v, word) in [
            (Some(Value::Win), "win:   "),
            (Some(Value::Draw), "draw:  "),
            (Some(Value::Loss), "loss:  "),
        ] {
            let ms = with_value(&s.moves, v);
            if !ms.is_empty() {
                o.push_str(&format!("{word} {}\n", ms.join(" ")));
            }
        }
        if openings {
            let open = with_value(&s.moves, None);
            if !open.is_empty() {
                o.push_str(&format!("open:   {}\n", open.join(" ")));
            }
        }
    } else if let Some(m) = s.moves.first() {
        let kept = match s.value {
            Some(Value::Draw) => "keeps the draw",
            _ => "wins",
        };
        o.push_str(&format!(
            "move:   {} {kept} (--openings gives every move's value)\n",
            m.mv
        ));
    }
    if let Some(p) = s.proof_size {
        o.push_str(&format!("proof:  {p} positions\n"));
    }
    o.push_str(&format!(
        "search: {} positions expanded in {secs:.2}s ({:.0}/s), table of {} MB ({} entries)\n",
        s.nodes,
        s.nodes as f64 / secs.max(1e-9),
        s.table_bytes >> 20,
        s.table_entries
    ));
    if s.by_proof_sets > 0 {
        o.push_str(&format!(
            "        {} moves settled by their siblings' proof sets\n",
            s.by_proof_sets
        ));
    }
    o
}

/// The board drawn from the rule file's `view/2`, each cell a move names painted by
/// that move's value: green wins, grey draws, red loses, white unknown.
fn map_svg(spec: &EngineSpec, s: &Solution) -> Result<String> {
    let mut rules = spec.open_viewer()?;
    let view = rules.view_text(&s.position)?;
    let by_cell: std::collections::HashMap<&str, Option<Value>> =
        s.moves.iter().map(|m| (m.mv.as_str(), m.value)).collect();
    if !view
        .cells
        .iter()
        .any(|c| by_cell.contains_key(c.name.as_str()))
    {
        bail!("the moves of this game do not name cells, so there is no map to draw (--svg)");
    }
    let board = render_svg_tinted(&view, &|cell| {
        by_cell
            .get(cell.name.as_str())
            .map(|v| colour(*v).to_string())
    });
    let who = &s.to_move;
    let value = match s.value {
        Some(Value::Win) => format!("proved: {who}, to move, wins"),
        Some(Value::Loss) => format!("proved: {who}, to move, loses"),
        Some(Value::Draw) => "proved: a draw".to_string(),
        None => "not proved".to_string(),
    };
    let stopped = s
        .stopped
        .as_ref()
        .map(|why| format!(" (stopped early: {why})"))
        .unwrap_or_default();
    let notes = [s.position.clone(), format!("{value}{stopped}")];
    Ok(crate::analyse::framed_map_svg(
        &format!("{}: the value of each move for {who}", spec.game_name()),
        &notes,
        &board,
        crate::analyse::Key::Swatches {
            caption: "the move's value for the player who makes it",
            items: &[
                (colour(Some(Value::Win)), "wins"),
                (colour(Some(Value::Draw)), "draws"),
                (colour(Some(Value::Loss)), "loses"),
                (colour(None), "not proved"),
            ],
        },
    ))
}
