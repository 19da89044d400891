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
    for n in record::grouped_notes(&loaded.notes) {
        let said = format!("note: {}: {n}", path.display());
        writeln!(notes, "{}", crate::render::terminal_text(&said))?;
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

/// Fails when a record contradicts itself: its options and its start position (an
/// `Options "size=3"` tag with a 4x4 `Start`), or its result and its moves.
pub fn check_record(
    spec: &EngineSpec,
    engine: &mut dyn crate::game::Engine,
    record: &Record,
    path: &std::path::Path,
) -> Result<()> {
    if let (Some(start), Some(d)) = (&record.start, spec.descriptor()) {
        if let Some((key, said, in_text)) = d.contradicted(&record.options, start).first() {
            anyhow::bail!(
                "{}: the record's options say {key}={said}, but its start position has {key}={in_text}",
                path.display()
            );
        }
    }
    record
        .check_result(engine)
        .with_context(|| format!("{}", path.display()))
}
