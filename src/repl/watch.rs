//! `ludolog repl --watch`: notices when the session's rule files change on disk, and
//! then reloads them as `:reload` does — the game record replayed on the new rules,
//! and where it no longer applies said.  The frontend has the engine process `tick`
//! before each prompt and each input (never while a query runs: the engine answers
//! one message at a time); the files to watch follow the session's game (`:load`,
//! `:game`).

use super::session::{Pager, Reply, Session};
use crate::prolog::ReplStep;
use crate::registry::EngineSpec;
use std::path::PathBuf;

/// The session's rule files on disk and what they held when last read.
pub struct Watch {
    spec: Option<EngineSpec>,
    files: Vec<(PathBuf, Option<String>)>,
}

/// The disk files of a game's rule set (none for built-in rules).
fn disk_files(spec: &EngineSpec) -> Vec<PathBuf> {
    match spec.resolve() {
        Ok(r) => r
            .rules
            .files
            .iter()
            .filter_map(|f| f.disk.clone())
            .collect(),
        Err(_) => Vec::new(),
    }
}

impl Watch {
    /// Watches nothing yet; the first `tick` takes the session's files.
    pub fn new() -> Watch {
        Watch {
            spec: None,
            files: Vec::new(),
        }
    }

    /// What a session on `spec` will watch, as one line for the banner.
    pub fn describe(spec: &EngineSpec) -> String {
        let files = disk_files(spec);
        if files.is_empty() {
            "--watch: the rules are built in, nothing to watch (give a rule file or --rules DIR)"
                .to_string()
        } else {
            let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
            format!("--watch: reloading on changes to {}", names.join(", "))
        }
    }

    /// Starts watching the files of `spec` as they are now.
    fn follow(&mut self, spec: &EngineSpec) {
        if self.spec.as_ref().is_some_and(|s| same_rules(s, spec)) {
            return;
        }
        self.spec = Some(spec.clone());
        self.files = disk_files(spec)
            .into_iter()
            .map(|p| {
                let text = crate::prolog::read_rule_text(&p).ok();
                (p, text)
            })
            .collect();
    }

    /// The watched files whose text changed since they were last read.
    fn changed(&mut self) -> Vec<PathBuf> {
        let mut out = Vec::new();
        for (path, seen) in &mut self.files {
            let now = crate::prolog::read_rule_text(path).ok();
            if now != *seen {
                *seen = now;
                out.push(path.clone());
            }
        }
        out
    }

    /// Reloads the session if one of its rule files changed; gives what to tell
    /// the user.
    pub fn tick(&mut self, session: &mut Session) -> Option<String> {
        self.follow(session.spec());
        let changed = self.changed();
        if changed.is_empty() {
            return None;
        }
        let names: Vec<String> = changed.iter().map(|p| p.display().to_string()).collect();
        let reply = match session.eval(":reload", &mut NoAnswers) {
            Reply::Text(t) | Reply::Error(t) => t,
            other => format!("{other:?}"),
        };
        // the files as the reload read them (a new game may have new files)
        self.spec = None;
        self.follow(session.spec());
        Some(format!("{} changed: reloaded\n{reply}", names.join(", ")))
    }
}

/// The pager of a reload, which shows no answers.
struct NoAnswers;

impl Pager for NoAnswers {
    fn output(&mut self, _: &str) {}
    fn answer(&mut self, _: &str, _: bool) -> ReplStep {
        ReplStep::Stop
    }
}

impl Default for Watch {
    fn default() -> Self {
        Watch::new()
    }
}

/// Whether two specs load the same rule files.
fn same_rules(a: &EngineSpec, b: &EngineSpec) -> bool {
    a.game == b.game && a.rules == b.rules
}

/// The note after a game record of `total` moves replayed in full on new rules
/// (`kept` short of `total`: the reload already said where it stopped).
pub(super) fn replayed(kept: usize, total: usize) -> String {
    if kept < total || total == 0 {
        return String::new();
    }
    if total == 1 {
        return "\nreplayed the game record: its one move still applies".into();
    }
    format!("\nreplayed the game record: all {total} moves still apply")
}
