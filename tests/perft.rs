//! Checks every row of tests/data/perft.txt in every tier it lists.

use crate::common;

use ludolog::game::Tier;

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
    for row in rows.iter().filter(|r| r.tiers.contains(&tier)) {
        let mut engine = common::engine(&row.game, &row.options, tier);
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
