//! Tab completion on a session: command names, rule files after `:load `, the legal
//! moves after `:play ` and `:why ` (after the moves typed before them), games,
//! tiers and settings, and elsewhere the predicates a query can call.

use super::commands::COMMANDS;
use super::session::Session;
use crate::game::Tier;
use std::path::Path;

/// Builtins worth completing that are not listed as predicates of the user module.
const BUILTINS: &[&str] = &[
    "atom_chars",
    "atom_codes",
    "atom_length",
    "between",
    "call",
    "catch",
    "copy_term",
    "dif",
    "findall",
    "forall",
    "format",
    "freeze",
    "functor",
    "length",
    "msort",
    "number_codes",
    "once",
    "setof",
    "bagof",
    "sort",
    "sub_atom",
    "use_module",
    "write",
    "writeq",
    "assertz",
    "asserta",
    "retract",
];

/// The commands whose arguments are moves.
const MOVE_COMMANDS: &[&str] = &["play", "p", "why"];

/// The file completion of `:load FILE` on `line[..pos]`, if that is what is being
/// typed: the start of the word and its candidates.  The frontend computes it itself:
/// the engine process, confined, may not list directories.
pub fn load_completion(line: &str, pos: usize) -> Option<(usize, Vec<String>)> {
    let head = line.get(..pos)?;
    let rest = head
        .strip_prefix(":load ")
        .or_else(|| head.strip_prefix(":l "))?;
    let start = head.rfind(char::is_whitespace).map_or(0, |i| i + 1);
    (!rest.trim_start().contains(char::is_whitespace)).then(|| (start, files(&head[start..])))
}

/// The entries of the directory `word` points into whose names continue it:
/// directories (with a `/`) and Prolog files.
fn files(word: &str) -> Vec<String> {
    let (dir, prefix) = match word.rfind('/') {
        Some(i) => (&word[..=i], &word[i + 1..]),
        None => ("", word),
    };
    let read = std::fs::read_dir(if dir.is_empty() {
        Path::new(".")
    } else {
        Path::new(dir)
    });
    let mut out: Vec<String> = match read {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().to_string();
                if !name.starts_with(prefix) || (name.starts_with('.') && !prefix.starts_with('.'))
                {
                    return None;
                }
                if e.file_type().ok()?.is_dir() {
                    Some(format!("{dir}{name}/"))
                } else if name.ends_with(".pl") {
                    Some(format!("{dir}{name}"))
                } else {
                    None
                }
            })
            .collect(),
        Err(_) => Vec::new(),
    };
    out.sort();
    out
}

impl Session {
    /// Completion candidates for the word being typed at `line[..pos]`: the start
    /// of that word and what may replace it.
    pub fn complete(&mut self, line: &str, pos: usize) -> (usize, Vec<String>) {
        let mut pos = pos.min(line.len());
        while !line.is_char_boundary(pos) {
            pos -= 1;
        }
        let head = &line[..pos];
        let command = head
            .strip_prefix(':')
            .filter(|_| !head.starts_with(":-"))
            .map(|rest| rest.split_whitespace().next().unwrap_or(""));
        let start = if command.is_some() {
            head.rfind(char::is_whitespace).map_or(0, |i| i + 1)
        } else {
            head.rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(0, |i| i + c_len(head, i))
        };
        let word = &head[start..];
        let candidates: Vec<String> = match command {
            Some(_) if !head.contains(char::is_whitespace) => COMMANDS
                .iter()
                .map(|(n, args, _)| {
                    if args.is_empty() {
                        format!(":{n}")
                    } else {
                        format!(":{n} ")
                    }
                })
                .collect(),
            Some("load" | "l") => return (start, files(word)),
            Some(c) if MOVE_COMMANDS.contains(&c) => {
                let before: Vec<String> = head[..start]
                    .split_whitespace()
                    .skip(1)
                    .map(String::from)
                    .collect();
                self.moves_after(&before)
            }
            Some("game" | "g") => crate::games::ALL
                .iter()
                .map(|g| g.name.to_string())
                .collect(),
            Some("tier" | "t") => Tier::ALL.iter().map(|t| t.name().to_string()).collect(),
            Some("help" | "h") => COMMANDS.iter().map(|(n, _, _)| n.to_string()).collect(),
            Some("set") => ["strings", "depth", "notation", "on", "off"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            Some("listing") => self.rules().visible_predicates().unwrap_or_default(),
            Some(_) => Vec::new(),
            None if word.starts_with(|c: char| c.is_ascii_lowercase()) => {
                let mut names = self.rules().visible_predicates().unwrap_or_default();
                names.extend(BUILTINS.iter().map(|s| s.to_string()));
                names.sort();
                names.dedup();
                names.into_iter().map(|n| format!("{n}(")).collect()
            }
            None => Vec::new(),
        };
        (
            start,
            candidates
                .into_iter()
                .filter(|c| c.starts_with(word))
                .collect(),
        )
    }

    /// The legal moves after playing `before` from the current position (none
    /// when one of them is not legal).
    fn moves_after(&mut self, before: &[String]) -> Vec<String> {
        let cur = self.current();
        let engine = self.engine();
        let at = match engine.play_all(cur, before) {
            Ok(p) => p,
            Err(_) => return Vec::new(),
        };
        let legal = engine.describe(at).map(|i| i.legal).unwrap_or_default();
        engine.release(at);
        legal
    }
}

/// The length of the character at byte `i` of `s`.
fn c_len(s: &str, i: usize) -> usize {
    s[i..].chars().next().map_or(1, char::len_utf8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_continue_the_word() {
        let found = files("rules/he");
        assert_eq!(found, ["rules/hex.pl"]);
        assert!(files("rules/").contains(&"rules/lib/".to_string()));
        assert!(files("no/such/dir/").is_empty());
    }
}
