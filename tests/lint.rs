//! `ludolog lint`: each broken rule file of tests/data/lint (one defect each) gives
//! exactly the finding its defect causes, at its line (tests/data/lint/expected.txt);
//! every built-in rule file lints clean; findings of the random games come with the
//! shortest moves that show them; the command's exit code and JSON.

use crate::common;

use ludolog::authoring::Playouts;
use ludolog::game::{GameOptions, Tier};
use ludolog::worker::lint_file;
use std::path::Path;

const PLAN: Playouts = Playouts {
    games: 3,
    seed: 1,
    max_plies: 50,
    budget: None,
};

struct Expected {
    file: String,
    check: String,
    line: usize,
    predicate: String,
}

fn expected() -> Vec<Expected> {
    include_str!("data/lint/expected.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let cols: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(cols.len(), 4, "expected.txt: four columns in {l:?}");
            Expected {
                file: cols[0].to_string(),
                check: cols[1].to_string(),
                line: cols[2].parse().unwrap_or(0),
                predicate: cols[3].to_string(),
            }
        })
        .collect()
}

#[test]
fn each_seeded_defect_is_found_at_its_line_and_nothing_else() {
    let table = expected();
    // every file of the directory is in the table
    let mut files: Vec<String> = std::fs::read_dir("tests/data/lint")
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".pl"))
        .collect();
    files.sort();
    let mut listed: Vec<String> = table.iter().map(|e| e.file.clone()).collect();
    listed.sort();
    assert_eq!(
        files, listed,
        "expected.txt lists every rule file of tests/data/lint"
    );
    for e in &table {
        let path = Path::new("tests/data/lint").join(&e.file);
        let report = lint_file(&path, &GameOptions::default(), PLAN, None, Tier::Spec);
        let got: Vec<String> = report.findings.iter().map(|f| f.to_string()).collect();
        if e.check.is_empty() {
            assert!(
                got.is_empty(),
                "{}: expected no finding, got {got:#?}",
                e.file
            );
            continue;
        }
        assert_eq!(
            report.findings.len(),
            1,
            "{}: one finding, got {got:#?}",
            e.file
        );
        let f = &report.findings[0];
        assert_eq!(
            (f.check.as_str(), f.line, f.predicate.as_str()),
            (e.check.as_str(), e.line, e.predicate.as_str()),
            "{}: {got:#?}",
            e.file
        );
        assert!(f.file.ends_with(&e.file), "{}: named {}", e.file, f.file);
    }
}

#[test]
fn findings_of_random_games_come_with_their_shortest_moves() {
    let report = lint_file(
        Path::new("tests/data/lint/play_fails.pl"),
        &GameOptions::default(),
        PLAN,
        None,
        Tier::Spec,
    );
    let f = &report.findings[0];
    // taking the last stones fails: two moves reach a pile of 1 or 2 (5 -> 3 -> 1 or 2)
    let moves = f.moves.as_ref().expect("a dynamic finding has moves");
    assert_eq!(moves.len(), 2, "{f}");
    assert!(f.position.is_some(), "{f}");
    let never = lint_file(
        Path::new("tests/data/lint/never_over.pl"),
        &GameOptions::default(),
        PLAN,
        None,
        Tier::Spec,
    );
    // an empty pile is reached in 3 moves at the soonest (5 = 2 + 2 + 1)
    assert_eq!(never.findings[0].moves.as_ref().map(Vec::len), Some(3));
}

fn lint_clean(file: &str, options: &[&str], games: usize) {
    lint_clean_in(Tier::Spec, file, options, games);
}

fn lint_clean_in(tier: Tier, file: &str, options: &[&str], games: usize) {
    let plan = Playouts {
        games,
        seed: 7,
        max_plies: 1000,
        budget: None,
    };
    let options = GameOptions::parse(options).unwrap();
    let report = lint_file(Path::new(file), &options, plan, None, tier);
    let got: Vec<String> = report.findings.iter().map(|f| f.to_string()).collect();
    assert!(got.is_empty(), "{file} ({tier}): {got:#?}");
    assert_eq!(report.games, games, "{file}: {:?}", report.skipped);
}

#[test]
fn the_board_library_games_lint_clean_in_the_accelerated_tier() {
    // there legal_count/2 and nth_legal/3 ask the native helpers: lint holds them to legal/2
    lint_clean_in(Tier::Accelerated, "rules/replica.pl", &[], 1);
    lint_clean_in(Tier::Accelerated, "rules/tactigon.pl", &[], 1);
    lint_clean_in(
        Tier::Accelerated,
        "rules/variants/tactigon_advanced.pl",
        &[],
        1,
    );
    lint_clean_in(Tier::Accelerated, "rules/y.pl", &["size=5"], 2);
    // a king's run on (twice=true) is counted by the board library too
    lint_clean_in(
        Tier::Accelerated,
        "rules/variants/replica_house.pl",
        &["twice=true", "kings=all"],
        1,
    );
}

#[test]
fn lint_in_the_accelerated_tier_finds_a_count_that_drifts() {
    let (code, out, _) = common::run(
        &[
            "lint",
            "tests/data/lint/nth.pl",
            "--games",
            "1",
            "--tier",
            "accelerated",
        ],
        None,
    );
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("nth_legal/3 gives"), "{out}");
    let (code, _, err) = common::run(&["lint", "rules/hex.pl", "--tier", "native"], None);
    assert_ne!(code, 0, "{err}");
    assert!(err.contains("spec or accelerated"), "{err}");
}

#[test]
fn the_hex_family_lints_clean() {
    lint_clean("rules/hex.pl", &["size=5", "swap=true"], 2);
    lint_clean("rules/contactix.pl", &["cols=4", "rows=3"], 2);
    lint_clean("rules/variants/misere_hex.pl", &["size=4"], 2);
    lint_clean("rules/y.pl", &["size=4"], 2);
}

#[test]
fn replica_and_its_house_rules_lint_clean() {
    lint_clean("rules/replica.pl", &[], 2);
    lint_clean("rules/variants/replica_house.pl", &["twice=true"], 1);
}

#[test]
fn mitsudomoe_lints_clean() {
    lint_clean("rules/mitsudomoe.pl", &[], 1);
}

#[test]
fn tactigon_and_its_advanced_rules_lint_clean() {
    lint_clean("rules/tactigon.pl", &[], 1);
    lint_clean("rules/variants/tactigon_advanced.pl", &[], 1);
}

#[test]
fn every_rule_file_passes_the_static_checks() {
    let (code, out, err) = common::run(&["lint", "rules", "--games", "0"], None);
    assert_eq!(code, 0, "{out}{err}");
    let files = ludolog::authoring::rule_files(Path::new("rules")).unwrap();
    assert!(files.len() >= 8, "{files:?}");
    for f in files {
        assert!(
            out.contains(&format!("{}: ok", f.display())),
            "{} not linted clean:\n{out}",
            f.display()
        );
    }
}

#[test]
fn the_command_exits_1_on_findings_and_speaks_json() {
    let (code, out, _) = common::run(
        &[
            "lint",
            "tests/data/lint/singleton.pl",
            "--games",
            "1",
            "--json",
        ],
        None,
    );
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let f = &v[0]["findings"][0];
    assert_eq!(f["check"], "singleton");
    assert_eq!(f["line"], 19);
    assert_eq!(f["predicate"], "to_move/2");
    let (code, out, _) = common::run(&["lint", "tests/data/lint/ok.pl", "--games", "1"], None);
    assert_eq!(code, 0, "{out}");
    let (code, _, err) = common::run(&["lint", "no/such/file.pl"], None);
    assert_eq!(code, 1);
    assert!(
        err.contains("no/such/file.pl: no such rule file or directory"),
        "{err}"
    );
}

#[test]
fn a_part_of_a_games_rules_is_linted_with_it_and_is_no_game_of_its_own() {
    // Mitsudomoe's board and texts are a part (rules/mitsudomoe_board.pl): a copy of
    // the two files with a singleton planted in the part is found at the part's line
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy("rules/mitsudomoe.pl", dir.path().join("mitsudomoe.pl")).unwrap();
    let part = std::fs::read_to_string("rules/mitsudomoe_board.pl").unwrap();
    let planted =
        "square(Board, Sq, X) :- cell(Sq, K), board:board_cell(Board, K, A), stack_term(A, X).";
    assert!(part.contains(planted), "the part has {planted:?}");
    let line = part[..part.find(planted).unwrap()].lines().count() + 1;
    let mutated = part.replacen(
        planted,
        "square(Board, Sq, X) :- cell(Sq, K), board:board_cell(Board, K, A), stack_term(A, X), true(Lost).\ntrue(_).",
        1,
    );
    let part_path = dir.path().join("mitsudomoe_board.pl");
    std::fs::write(&part_path, mutated).unwrap();
    let game = dir.path().join("mitsudomoe.pl");
    let (code, out, err) = common::run(&["lint", game.to_str().unwrap(), "--games", "0"], None);
    assert_eq!(code, 1, "{out}{err}");
    let at = format!("{}:{line}:", part_path.display());
    assert!(
        out.lines()
            .any(|l| l.starts_with(&at) && l.contains("Lost")),
        "the singleton at {at}:\n{out}{err}"
    );
    // a part is not a game: not listed, not loaded on its own, not linted alone
    let (_, games, _) = common::run(&["games"], None);
    assert!(games.contains("mitsudomoe") && !games.contains("mitsudomoe_board"));
    let (code, _, err) = common::run(&["moves", "rules/mitsudomoe_board.pl"], None);
    assert_ne!(code, 0);
    assert!(
        err.contains("a part of mitsudomoe's rules, not a game"),
        "{err}"
    );
    let files = ludolog::authoring::rule_files(dir.path()).unwrap();
    assert_eq!(files, [game]);
}
