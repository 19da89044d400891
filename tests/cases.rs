//! Hand-built positions of every game, from tests/data/cases/<game>.txt, checked in
//! every tier the game runs in: the side to move, the outcome, the legal moves
//! (how many, which must and must not be among them), and what a move leads to.
//! Each position is also read back from its own text (the lossless contract).
//!
//! A case is a block of lines `key: value`, blocks separated by blank lines:
//! `case:` (its name), `game:` (default: the file's name), `position:` (default:
//! the start) and `after:` (moves played from there), `to_move:`, `outcome:` (`none` or `win(P)`),
//! `legal:` (a count), `includes:`, `excludes:`, `play:` then `then-outcome:`
//! and `then-position:`.

use crate::common;

use ludolog::game::{Engine, TextOps};
use std::collections::BTreeMap;

struct Case {
    file: String,
    line: usize,
    fields: BTreeMap<String, String>,
}

impl Case {
    fn get(&self, key: &str) -> Option<&str> {
        self.fields.get(key).map(String::as_str)
    }

    fn name(&self) -> String {
        format!(
            "{}:{} ({})",
            self.file,
            self.line,
            self.get("case").unwrap_or("?")
        )
    }
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir("tests/data/cases")
        .expect("tests/data/cases")
        .map(|e| e.expect("an entry").path())
        .collect();
    files.sort();
    for path in files {
        let game = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let file = format!("tests/data/cases/{game}.txt");
        let mut current: Option<Case> = None;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.starts_with('#') {
                continue;
            }
            if line.is_empty() {
                out.extend(current.take());
                continue;
            }
            let (k, v) = line
                .split_once(':')
                .unwrap_or_else(|| panic!("{file}:{}: expected key: value", i + 1));
            let case = current.get_or_insert_with(|| {
                let mut fields = BTreeMap::new();
                fields.insert("game".to_string(), game.clone());
                Case {
                    file: file.clone(),
                    line: i + 1,
                    fields,
                }
            });
            case.fields
                .insert(k.trim().to_string(), v.trim().to_string());
        }
        out.extend(current.take());
    }
    out
}

fn words(s: Option<&str>) -> Vec<String> {
    s.map(|s| s.split_whitespace().map(String::from).collect())
        .unwrap_or_default()
}

fn outcome(s: &str) -> Option<String> {
    (s != "none").then(|| s.to_string())
}

fn check(case: &Case, e: &mut dyn Engine) {
    let name = format!("{} in {}", case.name(), e.label());
    let start = match case.get("position") {
        Some(p) => e.parse(p).unwrap_or_else(|err| panic!("{name}: {err}")),
        None => e.initial().unwrap(),
    };
    let at = e
        .play_all(start, &words(case.get("after")))
        .unwrap_or_else(|err| panic!("{name}: {err}"));
    e.release(start);
    let info = e.describe(at).unwrap();
    assert_eq!(
        e.describe_text(&info.position).unwrap(),
        info,
        "{name}: round trip"
    );
    if let Some(p) = case.get("to_move") {
        assert_eq!(info.to_move, p, "{name}: side to move");
    }
    if let Some(o) = case.get("outcome") {
        assert_eq!(text(&info.outcome), outcome(o), "{name}: outcome");
    }
    if let Some(n) = case.get("legal") {
        assert_eq!(info.legal.len().to_string(), n, "{name}: {:?}", info.legal);
    }
    for m in words(case.get("includes")) {
        assert!(
            info.legal.contains(&m),
            "{name}: {m} is missing from {:?}",
            info.legal
        );
    }
    for m in words(case.get("excludes")) {
        assert!(!info.legal.contains(&m), "{name}: {m} should not be legal");
        assert!(e.play(at, &m).is_err(), "{name}: {m} was played");
    }
    if let Some(m) = case.get("play") {
        let next = e
            .play(at, m)
            .unwrap_or_else(|err| panic!("{name}: {m}: {err}"));
        let after = e.describe(next).unwrap();
        if let Some(o) = case.get("then-outcome") {
            assert_eq!(
                text(&after.outcome),
                outcome(o),
                "{name}: outcome after {m}"
            );
        }
        if let Some(p) = case.get("then-position") {
            assert_eq!(after.position, p, "{name}: position after {m}");
        }
        assert_eq!(
            e.describe_text(&after.position).unwrap(),
            after,
            "{name}: round trip"
        );
        e.release(next);
    }
    e.release(at);
}

#[test]
fn every_case_holds_in_every_tier() {
    let all = cases();
    assert!(all.len() >= 60, "only {} cases", all.len());
    let mut names: Vec<String> = all
        .iter()
        .filter_map(|c| c.get("game").map(String::from))
        .collect();
    names.sort();
    names.dedup();
    for game in names {
        let d = ludolog::registry::find_game(&game).unwrap_or_else(|| panic!("no game {game}"));
        for tier in d.tiers() {
            let mut e = common::engine(&game, "", tier);
            for case in all.iter().filter(|c| c.get("game") == Some(game.as_str())) {
                check(case, e.as_mut());
            }
            assert_eq!(
                e.held(),
                0,
                "{game} ({tier}) holds positions no one released"
            );
        }
    }
}

/// An outcome as its text (`win(red)`), as the case files write it.
fn text(o: &Option<ludolog::game::Ending>) -> Option<String> {
    o.as_ref().map(ToString::to_string)
}
