//! `ludolog lint FILE|DIR`: the findings of each rule file, as text or JSON; whether
//! there were none.

use crate::authoring::{rule_files, FileReport, Playouts};
use crate::game::{GameOptions, Tier};
use crate::worker::lint_file;
use anyhow::{Context, Result};
use std::io::Write;
use std::path::Path;

/// Lints the rule files `path` names; gives whether nothing was found.
pub fn lint(
    path: &Path,
    options: &GameOptions,
    plan: Playouts,
    limit: Option<u64>,
    tier: Tier,
    json: bool,
    out: &mut dyn Write,
) -> Result<bool> {
    if !path.exists() {
        anyhow::bail!("{}: no such rule file or directory", path.display());
    }
    let files = rule_files(path)
        .with_context(|| format!("{}: cannot list the rule files", path.display()))?;
    if files.is_empty() {
        anyhow::bail!("{}: no rule file (*.pl) there", path.display());
    }
    let reports: Vec<FileReport> = files
        .iter()
        .map(|f| lint_file(f, options, plan, limit, tier))
        .collect();
    let count: usize = reports.iter().map(|r| r.findings.len()).sum();
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(&reports)?)?;
        return Ok(count == 0);
    }
    for r in &reports {
        if r.findings.is_empty() {
            let played = if plan.games == 0 {
                String::new()
            } else {
                format!(
                    "; {} random game{}, {} positions",
                    r.games,
                    if r.games == 1 { "" } else { "s" },
                    r.positions
                )
            };
            writeln!(out, "{}: ok (static checks{played})", r.file)?;
        }
        for f in &r.findings {
            writeln!(out, "{f}")?;
        }
        if let Some(why) = &r.skipped {
            writeln!(out, "{}: {why}", r.file)?;
        }
    }
    let bad = reports.iter().filter(|r| !r.findings.is_empty()).count();
    if count > 0 {
        writeln!(
            out,
            "{count} finding{} in {bad} of {} file{}",
            if count == 1 { "" } else { "s" },
            reports.len(),
            if reports.len() == 1 { "" } else { "s" }
        )?;
    }
    Ok(count == 0)
}
