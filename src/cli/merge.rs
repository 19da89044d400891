//! `ludolog merge FILE…`: the JSON results of the shards of one `check` or `perft`
//! run, put back together into the report that one machine would give.

use super::PerftResult;
use crate::check::{merge as merge_checks, print_report, CheckShard};
use crate::parallel::{in_order, overflow, MergeError, Shard};
use anyhow::{bail, Context, Result};
use std::io::Write;
use std::path::PathBuf;

/// One file's result.
enum Part {
    Check(Box<CheckShard>),
    Perft(PerftResult),
    Analyse(Box<super::analyse::AnalyseRun>),
}

/// Reads one result file of `check --json` or `perft --json`.
fn read(path: &PathBuf) -> Result<Part> {
    let name = path.display();
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {name}"))?;
    let value: serde_json::Value = serde_json::from_str(&text).with_context(|| {
        format!("{name}: not JSON from `ludolog check --json` or `perft --json`")
    })?;
    let broken = |what: &str| format!("{name}: a broken {what} result");
    let part = match value.get("kind").and_then(|k| k.as_str()) {
        Some("check") => {
            Part::Check(serde_json::from_value(value).with_context(|| broken("check"))?)
        }
        Some("perft") => {
            Part::Perft(serde_json::from_value(value).with_context(|| broken("perft"))?)
        }
        Some("analyse") => {
            Part::Analyse(serde_json::from_value(value).with_context(|| broken("analyse"))?)
        }
        _ => bail!(
            "{name}: not a result of `ludolog check --json`, `perft --json` or `analyse --json` (no \"kind\")"
        ),
    };
    Ok(part)
}

/// The shards of one perft run summed.
fn merge_perfts(parts: Vec<(String, PerftResult)>) -> Result<PerftResult, MergeError> {
    if let Some((first, p0)) = parts.first() {
        for (file, p) in &parts {
            if p.run() != p0.run() {
                return Err(MergeError::Different {
                    file: file.clone(),
                    first: first.clone(),
                    what: format!(
                        "{} {} ({}), {} to depth {} vs {} {} ({}), {} to depth {}",
                        p.game,
                        p.options,
                        p.tier,
                        p.position,
                        p.depth,
                        p0.game,
                        p0.options,
                        p0.tier,
                        p0.position,
                        p0.depth
                    ),
                });
            }
        }
    }
    let ordered = in_order(parts.into_iter().map(|(f, p)| (f, p.shard, p)).collect())?;
    let count = ordered.len();
    let mut all = ordered.into_iter().map(|(_, _, p)| p);
    let mut merged = all.next().ok_or(MergeError::Empty)?;
    for p in all {
        merged.nodes = merged
            .nodes
            .checked_add(p.nodes)
            .ok_or_else(|| overflow("perft count"))?;
        merged.seconds += p.seconds;
        merged.threads = merged.threads.max(p.threads);
    }
    merged.shard = Shard::WHOLE;
    merged.shards = count;
    merged.nodes_per_second = merged.nodes as f64 / merged.seconds.max(1e-9);
    Ok(merged)
}

/// `ludolog merge`: prints the merged report (or JSON); returns whether a merged
/// check found no mismatch.
pub fn merge(files: &[PathBuf], json: bool, out: &mut dyn Write) -> Result<bool> {
    if files.is_empty() {
        bail!("merge takes the result files of the shards, e.g. ludolog merge shard-*.json");
    }
    let mut checks = Vec::new();
    let mut perfts = Vec::new();
    let mut analyses = Vec::new();
    for f in files {
        match read(f)? {
            Part::Check(c) => checks.push((f.display().to_string(), *c)),
            Part::Perft(p) => perfts.push((f.display().to_string(), p)),
            Part::Analyse(a) => analyses.push((f.display().to_string(), *a)),
        }
    }
    if !analyses.is_empty() {
        if let Some((other, _)) = checks
            .first()
            .map(|c| (&c.0, ()))
            .or(perfts.first().map(|p| (&p.0, ())))
        {
            bail!(
                "cannot merge analyse results ({}) with {other}",
                analyses[0].0
            );
        }
        let merged = super::analyse::merge_runs(analyses)?;
        if json {
            writeln!(out, "{}", serde_json::to_string(&merged)?)?;
        } else {
            write!(out, "{}", super::analyse::report(&merged))?;
        }
        return Ok(true);
    }
    if !checks.is_empty() && !perfts.is_empty() {
        bail!(
            "cannot merge check results ({}) with perft results ({})",
            checks[0].0,
            perfts[0].0
        );
    }
    if !perfts.is_empty() {
        let merged = merge_perfts(perfts)?;
        if json {
            writeln!(out, "{}", serde_json::to_string(&merged)?)?;
        } else {
            writeln!(out, "{}", merged.nodes)?;
        }
        return Ok(true);
    }
    let merged = merge_checks(checks)?;
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(&merged)?)?;
    } else {
        match (merged.mismatch_shard, merged.report.mismatch_game) {
            (Some(s), Some(g)) => writeln!(
                out,
                "merged {} shards; the mismatch is from shard {s}, game {g}",
                merged.shards
            )?,
            _ => writeln!(out, "merged {} shards", merged.shards)?,
        }
        print_report(&merged.report, out)?;
    }
    Ok(merged.report.mismatch.is_none())
}
