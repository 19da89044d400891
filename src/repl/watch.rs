//! `ludolog repl --watch`: notices when the session's rule files change on disk, and
//! then reloads them as `:reload` does — the game record replayed on the new rules,
//! and where it no longer applies said.  The frontend has the session thread `tick`
//! before each prompt and each input; the files to watch follow the session's game
//! (`:load`, `:game`).

use super::session::{Reply, Session};
use crate::prolog::RulesEngine;
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
                let text = std::fs::read_to_string(&p).ok();
                (p, text)
            })
            .collect();
    }

    /// The watched files whose text changed since they were last read.
    fn changed(&mut self) -> Vec<PathBuf> {
        let mut out = Vec::new();
        for (path, seen) in &mut self.files {
            let now = std::fs::read_to_string(&*path).ok();
            if now != *seen {
                *seen = now;
                out.push(path.clone());
            }
        }
        out
    }

    /// Reloads the session if one of its rule files changed (not while it is showing
    /// the answers of a query); gives what to tell the user.
    pub fn tick(&mut self, session: &mut Session) -> Option<String> {
        self.follow(session.spec());
        if session.answering() {
            return None;
        }
        let changed = self.changed();
        if changed.is_empty() {
            return None;
        }
        let names: Vec<String> = changed.iter().map(|p| p.display().to_string()).collect();
        let reply = match session.eval(":reload") {
            Reply::Text(t) => t,
            other => format!("{other:?}"),
        };
        // the files as the reload read them (a new game may have new files)
        self.spec = None;
        self.follow(session.spec());
        Some(format!("{} changed: reloaded\n{reply}", names.join(", ")))
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

/// Carries the user's own definitions (what their queries asserted) from the old
/// session's rules to a fresh session's; gives a note for the user.
pub(super) fn carry_definitions(old: &mut RulesEngine, fresh: &mut RulesEngine) -> String {
    let texts = match old.user_definitions() {
        Ok(t) => t,
        Err(e) => return format!("\nyour own definitions could not be read: {e}"),
    };
    let count = texts.iter().filter(|t| t.starts_with("d(")).count();
    match fresh.add_user_definitions(&texts) {
        Ok(()) if count == 0 => String::new(),
        Ok(()) => format!(
            "\nkept your own definitions ({count} predicate{})",
            if count == 1 { "" } else { "s" }
        ),
        Err(e) => format!("\nyour own definitions could not be kept: {e}"),
    }
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
