//! `ludolog lint FILE|DIR`: does a rule file keep the protocol?  The static checks
//! of its text, then the dynamic checks on seeded random games, as separate passes;
//! a directory is every rule file in it (and below it, but for `lib/`).

use super::finding::Finding;
use super::lint_dynamic::{dynamic_findings, LintEvent, Playouts};
use super::lint_static::static_findings;
use super::workbench::Workbench;
use crate::game::GameOptions;
use crate::registry::EngineSpec;
use std::path::{Path, PathBuf};

/// What was linted in one file, and what was found.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct FileReport {
    pub file: String,
    /// The game's module, once the file loaded.
    pub game: Option<String>,
    pub findings: Vec<Finding>,
    pub games: usize,
    pub positions: usize,
    /// Why the random games were not played, if they were not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skipped: Option<String>,
    /// Why the random games stopped before all were played (the budget), if they did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

/// Whether the file at `path` is a part of a game's rules (`part_of(Game).`).
fn is_part(path: &Path) -> bool {
    std::fs::read_to_string(path).is_ok_and(|t| crate::prolog::part_of(&t).is_some())
}

/// The rule files a path names: the file itself, or the `.pl` files of a
/// directory and its subdirectories (but `lib/`, the board libraries, and the
/// parts of a game's rules, linted with their game), sorted.
pub fn rule_files(path: &Path) -> std::io::Result<Vec<PathBuf>> {
    if !path.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut out = Vec::new();
    let mut dirs = vec![path.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let p = entry?.path();
            if p.is_dir() {
                if p.file_name().is_some_and(|n| n != "lib") {
                    dirs.push(p);
                }
            } else if p.extension().is_some_and(|e| e == "pl") && !is_part(&p) {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Lints one rule file: the static checks, then (if it has no static finding that
/// stops play, and `plan.games` > 0) the random games, in the rule tier `tier`.
pub fn lint_file(
    path: &Path,
    options: &GameOptions,
    plan: Playouts,
    limit: Option<u64>,
    tier: crate::game::Tier,
) -> FileReport {
    lint_file_telling(path, options, plan, limit, tier, &mut |_| {})
}

/// `lint_file`, telling `tell` each finding as soon as it is known (the static
/// ones first) and each position the random games reach.
pub fn lint_file_telling(
    path: &Path,
    options: &GameOptions,
    plan: Playouts,
    limit: Option<u64>,
    tier: crate::game::Tier,
    tell: &mut dyn FnMut(LintEvent),
) -> FileReport {
    let spec = EngineSpec {
        game: path.display().to_string(),
        options: options.clone(),
        tier: Some(tier),
        rules: None,
        limit,
        trust: false,
        text: None,
    };
    lint_spec_telling(&spec, plan, tell)
}

/// `lint_file_telling` of the rule file `spec` names (by path, or a text given).
pub fn lint_spec_telling(
    spec: &EngineSpec,
    plan: Playouts,
    tell: &mut dyn FnMut(LintEvent),
) -> FileReport {
    let shown = spec.game.clone();
    let mut report = FileReport {
        file: shown.clone(),
        game: None,
        findings: Vec::new(),
        games: 0,
        positions: 0,
        skipped: None,
        stopped: None,
    };
    let mut wb = match Workbench::open(spec) {
        Ok(wb) => wb,
        Err(e) => {
            let f = load_finding(&shown, &e.to_string());
            tell(LintEvent::Found(f.clone()));
            report.findings.push(f);
            return report;
        }
    };
    report.game = Some(wb.module().to_string());
    match static_findings(&mut wb) {
        Ok(fs) => report.findings.extend(fs),
        Err(e) => report
            .findings
            .push(Finding::at(&shown, 0, "", "engine", e.to_string())),
    }
    for f in &report.findings {
        tell(LintEvent::Found(f.clone()));
    }
    if plan.games == 0 {
        return report;
    }
    if let Some(f) = report
        .findings
        .iter()
        .find(|f| ["exports", "syntax", "load", "together"].contains(&f.check.as_str()))
    {
        report.skipped = Some(format!(
            "the random games are not played until the {} finding is fixed{}",
            f.check,
            if f.check == "together" {
                " (scryer keeps only the last run of a predicate's clauses)"
            } else {
                ""
            }
        ));
        return report;
    }
    match dynamic_findings(&mut wb, plan, tell) {
        Ok(d) => {
            report.findings.extend(d.findings);
            report.games = d.games;
            report.positions = d.positions;
            report.stopped = d.stopped;
        }
        Err(e) => {
            let f = Finding::at(&shown, 0, "", "engine", e.to_string());
            tell(LintEvent::Found(f.clone()));
            report.findings.push(f);
        }
    }
    report
}

/// A file that does not load: its error as a finding at the line it names.
fn load_finding(file: &str, error: &str) -> Finding {
    // errors read "path:LINE: what" when the loader knows the line
    let rest = error.strip_prefix(file).and_then(|r| r.strip_prefix(':'));
    let (line, message) = match rest.and_then(|r| r.split_once(':')) {
        Some((l, m)) if l.chars().all(|c| c.is_ascii_digit()) && !l.is_empty() => {
            // a syntax error placed by its column reads "path:LINE:COLUMN: what"
            let m = match m.split_once(':') {
                Some((c, what)) if !c.is_empty() && c.chars().all(|c| c.is_ascii_digit()) => {
                    format!("column {c}: {}", what.trim())
                }
                _ => m.trim().to_string(),
            };
            (l.parse().unwrap_or(0), m)
        }
        _ => (0, rest.map_or(error, str::trim).to_string()),
    };
    let check = if message.contains("syntax") {
        "syntax"
    } else {
        "load"
    };
    Finding::at(file, line, "", check, message)
}
