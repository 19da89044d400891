//! The OpenSpiel adapter's generic path (`examples/engines/openspiel.py --game`):
//! any OpenSpiel game by its name, its moves translated by a table the user gives,
//! compared by the moves played.  Run against a stand-in `pyspiel`
//! (tests/data/fake_pyspiel: Tic-tac-toe with OpenSpiel's action strings), so it
//! needs python3 only.

use std::process::Command;

/// `ludolog check tic_tac_toe --against` the adapter with these arguments.
fn check_against(adapter_args: &str, games: &str) -> (i32, String, String) {
    let against = format!("python3 examples/engines/openspiel.py {adapter_args}");
    let out = Command::new(env!("CARGO_BIN_EXE_ludolog"))
        .args([
            "check",
            "tic_tac_toe",
            "--against",
            &against,
            "--games",
            games,
        ])
        .env("PYTHONPATH", "tests/data/fake_pyspiel")
        .output()
        .expect("ludolog runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_game_by_its_name_with_a_move_table_agrees() {
    let (code, out, err) = check_against(
        "--game tic_tac_toe --players x,o --moves examples/engines/maps/tic_tac_toe.txt",
        "30",
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("mismatches   0"), "{out}");
}

#[test]
fn without_the_table_the_untranslated_moves_are_the_mismatch() {
    let (code, out, err) = check_against("--game tic_tac_toe --players x,o", "2");
    assert_ne!(code, 0, "{out}{err}");
    assert!(
        out.contains("only in openspiel.py (external): x(0,0) x(0,1)"),
        "{out}{err}"
    );
}

#[test]
fn a_table_with_patterns_translates_too_and_a_bad_table_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    // the centre by name, every other cell by patterns (one per row)
    let table = dir.path().join("ttt.txt");
    std::fs::write(
        &table,
        "# a comment\nx(1,1) b2\no(1,1) b2\n\
         re:[xo]\\(0,(\\d)\\) \\1-3\nre:[xo]\\(1,(\\d)\\) \\1-2\nre:[xo]\\(2,(\\d)\\) \\1-1\n",
    )
    .unwrap();
    // the patterns give "0-3" where the rule file says "a3": a mismatch that shows
    // the table's own texts (the centre's b2 agrees)
    let (code, out, err) = check_against(
        &format!(
            "--game tic_tac_toe --players x,o --moves {}",
            table.display()
        ),
        "1",
    );
    assert_ne!(code, 0, "{out}{err}");
    assert!(
        out.contains("0-1 0-2 0-3 1-1 1-3 2-1 2-2 2-3"),
        "{out}{err}"
    );
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "x(0,0)\n").unwrap();
    let out = Command::new("python3")
        .args([
            "examples/engines/openspiel.py",
            "--game",
            "tic_tac_toe",
            "--moves",
        ])
        .arg(&bad)
        .env("PYTHONPATH", "tests/data/fake_pyspiel")
        .output()
        .expect("python3 runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("bad.txt:1: a line is THEIRS OURS"), "{err}");
}
