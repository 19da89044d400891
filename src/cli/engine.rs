//! `ludolog engine`: ludolog as an external engine, the engine protocol spoken on
//! standard input and output by any tier of a game.

use crate::external::{speak, MoveTable};
use crate::registry::EngineSpec;
use anyhow::Result;
use std::io::{BufRead, Write};
use std::path::Path;

/// Answers the engine protocol's requests of `input` on `out` for `spec`'s game,
/// its names and moves said as the table at `moves` says them when there is one.
/// The game is opened once first, so that a bad game or option is an error, not an
/// answer.
pub fn engine(
    spec: &EngineSpec,
    moves: Option<&Path>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    spec.open()?;
    let table = moves
        .map(MoveTable::read)
        .transpose()
        .map_err(anyhow::Error::msg)?;
    speak(spec, table.as_ref(), input, out)?;
    Ok(())
}
