//! Scripted `ludolog play` sessions: computer against computer, and a human's
//! moves piped in (mistakes, undo, a saved record that resumes).

use crate::common;

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

#[test]
fn a_record_that_cannot_be_saved_is_refused_before_the_game() {
    let (code, out, err) = run(
        &[
            "play",
            "hex",
            "--save",
            "/nonexistent-dir/game.txt",
            "--red",
            "random",
            "--blue",
            "random",
        ],
        None,
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("/nonexistent-dir/game.txt: cannot save the game record: there is no directory /nonexistent-dir"),
        "{err}"
    );
    assert!(!out.contains("plays"), "the game started: {out}");
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().display().to_string();
    let (code, _, err) = run(&["play", "hex", "--save", &d], None);
    assert_eq!(code, 1);
    assert!(err.contains("it is a directory"), "{err}");
}

#[test]
fn saving_replaces_the_record_whole_and_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("game.txt");
    std::fs::write(&save, "old record\n").unwrap();
    let s = save.display().to_string();
    let (code, _, err) = run(
        &[
            "play", "hex", "-O", "size=2", "--red", "random", "--blue", "random", "--save", &s,
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let record = std::fs::read_to_string(&save).unwrap();
    assert!(
        record.starts_with("[Game \"hex\"]\n[Options \"size=2\"]\n"),
        "{record}"
    );
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
}

#[test]
fn a_record_is_loaded_with_its_game_and_options_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.display().to_string()
    };
    let fails = |args: &[&str], needle: &str| {
        let (code, _, err) = run(args, None);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(
            err.contains(needle),
            "{args:?}: expected {needle:?} in {err}"
        );
        assert_eq!(err.matches(needle).count(), 1, "said twice: {err}");
    };
    let replica = write(
        "replica.txt",
        "[Game \"replica\"]\n[Start \"4bbbB/4bbbb/6bb/6bb/ww6/ww6/wwww4/Wwww4 white\"]\n",
    );
    fails(
        &["play", "hex", "--load", &replica],
        &format!("{replica}: the record is a game of replica, not of hex"),
    );
    // the record's options are used without -O; other options are an error
    let small = write(
        "small.txt",
        "[Game \"hex\"]\n[Options \"size=3\"]\n\n1. a1 b2\n",
    );
    let (code, out, err) = run(
        &[
            "play",
            "hex",
            "--load",
            &small,
            "--red",
            "alphabeta:9",
            "--blue",
            "alphabeta:9",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("result: win("), "{out}");
    fails(
        &["play", "hex", "-O", "size=5", "--load", &small],
        "option size: the record says 3, the command says 5",
    );
    // errors name the file and the move
    let bad = write(
        "bad.txt",
        "[Game \"hex\"]\n[Options \"size=3\"]\n\n1. a1 a1\n",
    );
    fails(
        &["play", "hex", "--load", &bad],
        &format!("{bad}: move 2 (a1): "),
    );
    let start = write("start.txt", "[Game \"hex\"]\n[Start \"3x3 3/3/3 green\"]\n");
    fails(
        &["play", "hex", "--load", &start],
        &format!("{start}: the start position: "),
    );
    let junk = write("junk.txt", "hello\n");
    fails(&["play", "hex", "--load", &junk], &format!("{junk}: "));
}

#[test]
fn an_error_that_stops_the_game_keeps_the_moves_so_far() {
    // a rule file that lists a move its play/3 refuses, after one good move
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("broken.pl");
    std::fs::write(
        &rules,
        ":- module(broken, [initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3, position//1, move//1, view/2]).\n\
         initial(_, s).\nto_move(s, a).\nto_move(t, b).\nlegal(s, m).\nlegal(t, n).\nplay(s, m, t).\n\
         outcome(_, _) :- fail.\nevaluate(_, _, 0).\nposition(s) --> \"s\".\nposition(t) --> \"t\".\n\
         move(m) --> \"m\".\nmove(n) --> \"n\".\nview(_, view(square, 1, 1, [], [])).\n",
    )
    .unwrap();
    let save = dir.path().join("game.txt");
    let (code, _, err) = run(
        &[
            "play",
            &rules.display().to_string(),
            "--a",
            "random",
            "--b",
            "random",
            "--save",
            &save.display().to_string(),
        ],
        None,
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("n is not legal in this position"), "{err}");
    let record = std::fs::read_to_string(&save).unwrap();
    assert!(record.contains("1. m"), "{record}");
}
