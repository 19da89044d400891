//! Scripted `ludolog play` sessions: computer against computer, and a human's
//! moves piped in (mistakes, undo, a saved record that resumes).

mod common;

use common::run;

#[test]
fn alphabeta_against_random_on_3x3() {
    let (code, out, err) = run(
        &[
            "play",
            "hex",
            "-O",
            "size=3",
            "--red",
            "alphabeta:9",
            "--blue",
            "random",
            "--seed",
            "3",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("result: win(red)"),
        "the first player wins 3x3 with perfect play:\n{out}"
    );
    insta::assert_snapshot!(out);
}

#[test]
fn greedy_against_mcts_on_4x4() {
    let (code, out, err) = run(
        &[
            "play", "hex", "-O", "size=4", "--red", "greedy", "--blue", "mcts:300",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("result: win("), "{out}");
}

#[test]
fn a_human_plays_with_mistakes_and_undo() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("game.txt");
    let save_s = save.display().to_string();
    let input = "b2\nb2\nz9\nundo\nmoves\nc2\nquit\n";
    let (code, out, err) = run(
        &[
            "play",
            "hex",
            "-O",
            "size=3",
            "--blue",
            "alphabeta:2",
            "--save",
            &save_s,
        ],
        Some(input),
    );
    assert_eq!(code, 0, "{err}");
    let shown = out.replace(&save_s, "GAME.txt");
    insta::assert_snapshot!(shown);
    let record = std::fs::read_to_string(&save).unwrap();
    assert!(record.contains("[Start \"3x3 3/3/3 red\"]"), "{record}");
    // the record resumes where it stopped
    let (code, out, err) = run(
        &[
            "play",
            "hex",
            "--load",
            &save_s,
            "--red",
            "alphabeta:9",
            "--blue",
            "alphabeta:9",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("result: win("), "{out}");
}

#[test]
fn bad_player_specs_are_refused() {
    let (code, _, err) = run(&["play", "hex", "--red", "wizard"], None);
    assert_eq!(code, 1);
    assert!(err.contains("`wizard` is not a player"), "{err}");
    let (code, _, err) = run(&["play", "hex", "--green", "random"], None);
    assert_eq!(code, 1);
    assert!(err.contains("no player named `green`"), "{err}");
}
