//! `ludolog why GAME [POSITION] MOVE`: why a move is refused, or what it does,
//! read from the game's rule file.

use super::{read_position, PositionArg};
use crate::authoring::{explain, Workbench};
use crate::game::Engine;
use crate::registry::EngineSpec;
use anyhow::Result;
use std::io::Write;

/// Explains `mv` in the position the user gave.
pub fn why(spec: &EngineSpec, pos: &PositionArg, mv: &str, out: &mut dyn Write) -> Result<()> {
    if spec.needs_worker() {
        // rules from disk: read and explained in a worker
        let mut engine = crate::worker::why_engine(spec)?;
        let at = read_position(&mut engine, pos)?;
        let text = engine.text(at)?;
        writeln!(out, "{}", engine.why(&text, mv)?)?;
        return Ok(());
    }
    let mut wb = Workbench::open(spec)?;
    let at = read_position(&mut wb.engine, pos)?;
    let explanation = explain(&mut wb, at, mv)?;
    writeln!(out, "{explanation}")?;
    Ok(())
}
