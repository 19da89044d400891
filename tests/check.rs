//! The checker: the tiers of every native game agree over 1,000+ positions, and
//! mutant rule files are caught and shrunk to a short reproduction.

use crate::common;

use ludolog::check::{compare, CheckConfig};
use ludolog::game::Tier;

fn config(games: usize, seed: u64) -> CheckConfig {
    CheckConfig {
        games,
        max_plies: 1000,
        seed,
        perft_depth: None,
        progress: false,
        strategy: ludolog::check::Strategy::Uniform,
        sweep: 0,
    }
}

#[test]
fn spec_and_native_hex_agree_on_1000_positions() {
    let mut a = common::engine("hex", "size=5", Tier::Spec);
    let mut b = common::engine("hex", "size=5", Tier::Native);
    let report = compare(
        a.as_mut(),
        b.as_mut(),
        &CheckConfig {
            perft_depth: Some(2),
            ..config(60, 1)
        },
    )
    .unwrap();
    assert!(report.mismatch.is_none(), "{:?}", report.mismatch);
    assert!(
        report.positions >= 1000,
        "only {} positions",
        report.positions
    );
    assert!(report.perft_positions >= 2);
}

#[test]
fn accelerated_and_native_hex_agree_on_1000_positions() {
    let mut a = common::engine("hex", "size=7 swap=true", Tier::Accelerated);
    let mut b = common::engine("hex", "size=7 swap=true", Tier::Native);
    let report = compare(a.as_mut(), b.as_mut(), &config(30, 2)).unwrap();
    assert!(report.mismatch.is_none(), "{:?}", report.mismatch);
    assert!(
        report.positions >= 1000,
        "only {} positions",
        report.positions
    );
}

#[test]
fn spec_and_accelerated_hex_agree() {
    let mut a = common::engine("hex", "size=6", Tier::Spec);
    let mut b = common::engine("hex", "size=6", Tier::Accelerated);
    let report = compare(a.as_mut(), b.as_mut(), &config(20, 3)).unwrap();
    assert!(report.mismatch.is_none(), "{:?}", report.mismatch);
}

fn check_mutant(file: &str, old: &str, new: &str) -> ludolog::check::Mismatch {
    common::mutant_mismatch("hex", "size=5", file, (old, new), (50, 1000, 5))
}

#[test]
fn wrong_diagonal_neighbour_is_caught_and_shrunk() {
    let m = check_mutant(
        "lib/grid.pl",
        "offsets(hex_right, [1-0, 1-(-1), 0-(-1), (-1)-0, (-1)-1, 0-1]).",
        "offsets(hex_right, [1-0, 1-1, 0-(-1), (-1)-0, (-1)-(-1), 0-1]).",
    );
    assert!(
        m.moves.len() <= 12,
        "shrunk to {} moves: {:?}",
        m.moves.len(),
        m.moves
    );
    assert!(
        m.what
            .iter()
            .any(|w| w.contains("outcome") || w.contains("legal")),
        "{:?}",
        m.what
    );
}

#[test]
fn win_test_on_the_wrong_edges_is_caught_and_shrunk() {
    let m = check_mutant(
        "hex.pl",
        "player(red, r, vertical).",
        "player(red, r, horizontal).",
    );
    assert!(
        m.moves.len() <= 12,
        "shrunk to {} moves: {:?}",
        m.moves.len(),
        m.moves
    );
    assert_ne!(m.outcome_a, m.outcome_b);
}

#[test]
fn the_check_command_reports_and_fails_on_a_mutant() {
    // the same mutant through the command line, as a rules directory
    let dir = tempfile::tempdir().unwrap();
    let hex = std::fs::read_to_string("rules/hex.pl").unwrap();
    std::fs::write(
        dir.path().join("hex.pl"),
        hex.replacen(
            "player(red, r, vertical).",
            "player(red, r, horizontal).",
            1,
        ),
    )
    .unwrap();
    let rules = dir.path().display().to_string();
    let (code, out, err) = common::run(
        &[
            "check", "hex", "-O", "size=5", "--rules", &rules, "--games", "20",
        ],
        None,
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("MISMATCH after"), "{out}");
    assert!(out.contains("moves from the start:"), "{out}");
    let (code, out, err) = common::run(
        &["check", "hex", "-O", "size=4", "--games", "5", "--json"],
        None,
    );
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["mismatch"].is_null());
    assert!(v["positions"].as_u64().unwrap() > 20);
}

#[test]
fn the_sweep_and_the_strategy_are_options_of_the_check_command() {
    // every line to depth 2 of Tic-tac-toe is 1 + 9 + 72 positions; depth 3 is 504 more
    let (code, out, err) = common::run(
        &["check", "tic_tac_toe", "--games", "2", "--sweep", "100"],
        None,
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains(
            "  sweep        82 of the positions, every line to depth 2 before the games\n"
        ),
        "{out}"
    );
    let (code, out, err) = common::run(
        &[
            "check",
            "tic_tac_toe",
            "--games",
            "2",
            "--strategy",
            "avoid",
            "--sweep",
            "0",
            "--json",
        ],
        None,
    );
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["run"]["strategy"], "avoid");
    assert_eq!(v["run"]["sweep"], 0);
    assert_eq!(v["sweep_positions"], 0);
    let (code, _, err) = common::run(&["check", "tic_tac_toe", "--strategy", "best"], None);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("`best` is not a strategy (one of uniform, edges, seek, avoid, mixed, probe)"),
        "{err}"
    );
}
