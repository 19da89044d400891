//! `ludolog why GAME [POSITION] MOVE`: why a move is refused, or what it does,
//! read from the game's rule file.

use super::{read_position, PositionArg};
use crate::authoring::{explain, Workbench};
use crate::registry::EngineSpec;
use anyhow::Result;
use std::io::Write;

/// Explains `mv` in the position the user gave.
pub fn why(spec: &EngineSpec, pos: &PositionArg, mv: &str, out: &mut dyn Write) -> Result<()> {
    let mut wb = Workbench::open(spec)?;
    let at = read_position(&mut wb.engine, pos)?;
    let explanation = explain(&mut wb, at, mv)?;
    writeln!(out, "{explanation}")?;
    Ok(())
}
