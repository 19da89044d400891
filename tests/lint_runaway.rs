//! `ludolog lint` on rule files whose random games run away: a query that loops is
//! a finding beside the static ones (which are never lost), a play/3 with two
//! answers on a large board is reported at once (a game stops at its first finding),
//! and the whole run stops at its budget with a note.

use crate::common;

use std::path::{Path, PathBuf};

/// `file` with `old` replaced by `new` (once), written into `dir` under `name`.
fn variant(dir: &Path, file: &str, name: &str, edits: &[(&str, &str)]) -> PathBuf {
    let mut text = std::fs::read_to_string(file).unwrap();
    for (old, new) in edits {
        assert!(text.contains(old), "{file} has {old:?}");
        text = text.replacen(old, new, 1);
    }
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_loop_in_play_is_a_finding_and_the_static_findings_stay() {
    let dir = tempfile::tempdir().unwrap();
    // a typo (Flip for Flips) leaves a variable unbound, and a helper waits for it
    let file = variant(
        dir.path(),
        "tests/data/lint/ok.pl",
        "flip.pl",
        &[
            (":- module(ok,", ":- module(flip,"),
            (
                "    N1 is N - K,\n    other(P, Q).",
                "    N1 is N - K,\n    wait_for(Flip),\n    other(P, Q).\n\n\
                 %% wait_for(?X)  X once it is bound.\n\
                 wait_for(X) :- var(X), !, wait_for(X).\n\
                 wait_for(_).",
            ),
        ],
    );
    let file = file.display().to_string();
    let (code, out, err) = common::run(&["lint", &file, "--time-limit", "1"], None);
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(
        out.contains("play/3: singleton variable Flip"),
        "the static finding is kept: {out}"
    );
    assert!(
        out.contains("a check of the random games stopped")
            && out.contains("ran past the time limit of 1 s")
            && out.contains("shown at the start position"),
        "{out}"
    );
    assert!(out.contains("2 findings in 1 of 1 file"), "{out}");
}

#[test]
fn a_second_answer_of_play_on_the_default_hex_board_is_found_at_the_start() {
    let dir = tempfile::tempdir().unwrap();
    // the first clause of play/3 twice: two equal next states for every move
    let rules = std::fs::read_to_string("rules/hex.pl").unwrap();
    let start = rules
        .find("play(hex(Cols-Rows")
        .expect("play/3's first clause");
    let end = start + rules[start..].find(".\n").expect("its end") + 2;
    let clause = rules[start..end].to_string();
    let file = variant(
        dir.path(),
        "rules/hex.pl",
        "hex_twice.pl",
        &[
            (":- module(hex,", ":- module(hex_twice,"),
            (&clause, &format!("{clause}{clause}")),
        ],
    );
    let (code, out, err) = common::run(&["lint", &file.display().to_string()], None);
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(
        out.contains("play/3 gives 2 next states for a1: it must be deterministic")
            && out.contains("shown at the start position"),
        "{out}"
    );
    assert!(out.contains("1 finding in 1 of 1 file"), "{out}");
}

#[test]
fn the_random_games_stop_at_the_budget_with_a_note() {
    // a million games of a clean file cannot be played in half a second
    let (code, out, err) = common::run(
        &[
            "lint",
            "tests/data/lint/ok.pl",
            "--games",
            "1000000",
            "--budget",
            "0.5",
        ],
        None,
    );
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        out.contains("tests/data/lint/ok.pl: ok (static checks;"),
        "{out}"
    );
    assert!(
        out.contains("the random games stopped at the budget of 0.5 s")
            && out.contains("--budget sets it"),
        "{out}"
    );
}
