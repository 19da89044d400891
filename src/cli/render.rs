//! `ludolog render`: draw any game's position, from its rule file's `view/2`, as SVG or ASCII.

use super::{position_in, with_record, PositionArg};

use crate::registry::EngineSpec;
use crate::render::{render_ascii, render_svg};
use anyhow::{Context, Result};
use std::io::Write;
use std::path::PathBuf;

/// Writes the SVG to `svg` (or `-` for standard output), else draws ASCII.
pub fn render(
    spec: &EngineSpec,
    pos: &PositionArg,
    svg: Option<&PathBuf>,
    out: &mut dyn Write,
) -> Result<()> {
    let (spec, record) = with_record(spec, pos)?;
    let mut rules = spec.open_viewer()?;
    let position = position_in(&mut *rules, pos, record.as_ref())?;
    super::position::check_options(&spec, &mut *rules, position, pos)?;
    let view = rules.view(position)?;
    match svg {
        Some(path) if path.as_os_str() == "-" => write!(out, "{}", render_svg(&view))?,
        Some(path) => {
            std::fs::write(path, render_svg(&view))
                .with_context(|| format!("{}: cannot write the SVG", path.display()))?;
            writeln!(out, "wrote {}", path.display())?;
        }
        None => write!(out, "{}", render_ascii(&view, false))?,
    }
    Ok(())
}
