//! `ludolog lint FILE|DIR`: the findings of each rule file, as text (each printed as
//! soon as it is found) or JSON; whether there were none.

use crate::authoring::{rule_files, FileReport, Playouts};
use crate::game::{GameOptions, Tier};
use crate::worker::lint_file_telling;
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
    // findings are printed as they are found (static ones first); JSON waits for
    // the whole report
    let mut reports: Vec<FileReport> = Vec::new();
    for f in &files {
        let mut printed: std::io::Result<()> = Ok(());
        let report = lint_file_telling(f, options, plan, limit, tier, &mut |finding| {
            if !json && printed.is_ok() {
                printed = writeln!(out, "{finding}").and_then(|()| out.flush());
            }
        });
        printed?;
        if !json {
            if report.findings.is_empty() {
                let played = if plan.games == 0 {
                    String::new()
                } else {
                    format!(
                        "; {} random game{}, {} positions",
                        report.games,
                        if report.games == 1 { "" } else { "s" },
                        report.positions
                    )
                };
                writeln!(out, "{}: ok (static checks{played})", report.file)?;
            }
            for why in [&report.skipped, &report.stopped].into_iter().flatten() {
                writeln!(out, "{}: {why}", report.file)?;
            }
        }
        reports.push(report);
    }
    let count: usize = reports.iter().map(|r| r.findings.len()).sum();
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(&reports)?)?;
        return Ok(count == 0);
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
