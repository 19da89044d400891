//! Game records at the command line: reading one for a command's game (its options
//! merged with the command's, the notes of a lenient read shown).

use crate::record::{self, Record};
use crate::registry::EngineSpec;
use anyhow::{Context, Result};
use std::io::Write;

/// The name a record gives the game of `spec`.
pub fn game_name(spec: &EngineSpec) -> String {
    spec.game_name()
}

/// Reads a record for `spec`'s game: the record and the spec with the record's options;
/// prints the notes of a lenient read.
pub fn read_record(
    spec: &EngineSpec,
    path: &std::path::Path,
    notes: &mut dyn Write,
) -> Result<(Record, EngineSpec)> {
    let name = game_name(spec);
    let loaded = record::load(path, &name, &spec.options)?;
    for n in &loaded.notes {
        writeln!(notes, "note: {}: {n}", path.display())?;
    }
    let context = || format!("{}", path.display());
    loaded.record.check_game(&name).with_context(context)?;
    let options = loaded
        .record
        .merge_options(&spec.options)
        .with_context(context)?;
    let spec = EngineSpec {
        options,
        ..spec.clone()
    };
    Ok((loaded.record, spec))
}
