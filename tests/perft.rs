//! Checks every row of tests/data/perft.txt in every tier it lists.

use crate::common;

use ludolog::game::{Engine, GameOptions, Tier};
use ludolog::prolog::RulesEngine;
use ludolog::registry::EngineSpec;
use std::collections::HashMap;

struct Row {
    line: usize,
    game: String,
    options: String,
    position: Option<String>,
    tiers: Vec<Tier>,
    counts: Vec<u64>,
}

fn table() -> Vec<Row> {
    rows(include_str!("data/perft.txt"))
}

fn rows(text: &str) -> Vec<Row> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| {
            let cols: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(cols.len(), 5, "perft.txt line {}: five columns", i + 1);
            Row {
                line: i + 1,
                game: cols[0].to_string(),
                options: cols[1].to_string(),
                position: (cols[2] != "start").then(|| cols[2].to_string()),
                tiers: cols[3]
                    .split_whitespace()
                    .map(|t| t.parse().expect("a tier name"))
                    .collect(),
                counts: cols[4]
                    .split_whitespace()
                    .map(|n| n.parse().expect("a count"))
                    .collect(),
            }
        })
        .collect()
}

fn check_tier(tier: Tier) {
    check_rows(&table(), tier);
}

fn check_rows(rows: &[Row], tier: Tier) {
    // one engine a game: a rule tier's start-up costs more than most rows, and the
    // rows of other options start over in the same machine
    let mut native: HashMap<(&str, &str), Box<dyn Engine>> = HashMap::new();
    let mut rules: HashMap<&str, (&str, RulesEngine)> = HashMap::new();
    for row in rows.iter().filter(|r| r.tiers.contains(&tier)) {
        let (game, options) = (row.game.as_str(), row.options.as_str());
        let engine: &mut dyn Engine = if tier == Tier::Native {
            native
                .entry((game, options))
                .or_insert_with(|| common::engine(game, options, tier))
                .as_mut()
        } else {
            let opts: Vec<&str> = options.split_whitespace().collect();
            let spec = EngineSpec::new(game, GameOptions::parse(&opts).expect("options parse"));
            let opened = match rules.remove(game) {
                Some((o, e)) if o == options => Ok(e),
                Some((_, e)) => spec.reopen_rules(tier, e),
                None => spec.open_rules(tier),
            };
            let e = opened.unwrap_or_else(|e| panic!("{game} {options} ({tier}): {e}"));
            &mut rules.entry(game).or_insert((options, e)).1
        };
        let at = match &row.position {
            Some(p) => engine.parse(p).expect("the table's position parses"),
            None => engine.initial().expect("a start position"),
        };
        let position = engine.text(at).expect("the position's text");
        let counts = engine
            .perft_counts(at, row.counts.len() as u32)
            .expect("perft runs");
        assert_eq!(
            counts, row.counts,
            "perft.txt line {} ({} {} {position}) in the {tier} tier",
            row.line, row.game, row.options
        );
        engine.release(at);
    }
}

#[test]
fn perft_table_native() {
    check_tier(Tier::Native);
}

#[test]
fn perft_table_spec() {
    check_tier(Tier::Spec);
}

#[test]
fn perft_table_accelerated() {
    check_tier(Tier::Accelerated);
}

#[test]
#[ignore = "slow: minutes in the rule tiers; run with --ignored"]
fn perft_table_slow_rows() {
    let slow = rows(include_str!("data/perft_slow.txt"));
    for tier in Tier::ALL {
        check_rows(&slow, tier);
    }
}

#[test]
fn every_depth_prints_a_row_of_the_table_on_any_number_of_threads() {
    for threads in ["1", "2"] {
        let (code, out, err) = crate::common::run(
            &[
                "perft",
                "tic_tac_toe",
                "--depth",
                "5",
                "--every-depth",
                "--threads",
                threads,
            ],
            None,
        );
        assert_eq!(code, 0, "{err}");
        assert_eq!(out, "9 72 504 3024 15120\n", "{threads} threads");
    }
    let (code, _, err) = crate::common::run(
        &["perft", "hex", "--depth", "2", "--every-depth", "--json"],
        None,
    );
    assert_eq!(code, 2);
    assert!(err.contains("cannot be used with"), "{err}");
}

/// Hex's rule file under another module name in `dir`, with `slow` (Prolog
/// clauses) called first thing in legal/2.
fn hex_with_slow_legal(dir: &std::path::Path, slow: &str) -> String {
    let rules = std::fs::read_to_string("rules/hex.pl").unwrap();
    let legal = "legal(hex(_, _, _, Board, ongoing, _), place(C, R)) :-\n";
    assert!(rules.contains(legal), "hex.pl's legal/2");
    let text = rules
        .replacen(":- module(hex,", ":- module(hex_slow,", 1)
        .replacen(legal, &format!("{legal}    slow(Board),\n"), 1)
        + &format!("\n%% slow(+Board)  takes its time.\n{slow}\n");
    let file = dir.join("hex_slow.pl");
    std::fs::write(&file, text).unwrap();
    file.display().to_string()
}

#[test]
fn perft_on_a_rule_file_is_bounded_step_by_step_not_as_a_whole() {
    let dir = tempfile::tempdir().unwrap();
    // each legal/2 takes a while: the 17 positions of depth 2 on 4x4 take longer
    // than the time limit in all, each far less
    let file = hex_with_slow_legal(
        dir.path(),
        "slow(_) :- ( between(1, 150000, _), fail ; true ).",
    );
    // on one thread: the count is one perft request (more split the root)
    let args = [
        "perft",
        &file,
        "-O",
        "size=4",
        "--tier",
        "spec",
        "--depth",
        "2",
        "--threads",
        "1",
    ];
    let (code, out, err) = common::run(&[&args[..], &["--time-limit", "1.5"]].concat(), None);
    assert_eq!((code, out.trim()), (0, "240"), "{err}");
    // a legal/2 that runs away two plies in still stops, named
    let file = hex_with_slow_legal(
        dir.path(),
        "slow(B) :- findall(x, hexgrid:empty_cell(B, _, _), Es), length(Es, N),\n    ( N >= 8 -> true ; slow(B) ).",
    );
    // on one thread: the count is one perft request (more split the root)
    let args = [
        "perft",
        &file,
        "-O",
        "size=3",
        "--tier",
        "spec",
        "--depth",
        "3",
        "--threads",
        "1",
    ];
    let (code, _, err) = common::run(&[&args[..], &["--time-limit", "1"]].concat(), None);
    assert_eq!(code, 87, "{err}");
    assert!(
        err.contains("(answering perft) ran past the time limit of 1 s"),
        "{err}"
    );
}
