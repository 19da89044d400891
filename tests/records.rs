//! Game records: SGF from Little Golem (read leniently, with notes) and HexGui (its
//! main line), text ↔ SGF round trips through `play --load/--save`, and `--record`
//! with `--ply` on the commands that take a position, for any game.

use crate::common;

use common::run;

const LITTLE_GOLEM: &str = "tests/data/records/littlegolem.sgf";
const HEXGUI: &str = "tests/data/records/hexgui.sgf";

#[test]
fn a_little_golem_record_is_read_leniently_and_says_what_it_ignored() {
    let (code, out, err) = run(&["render", "hex", "--record", LITTLE_GOLEM], None);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(format!("{err}\n{out}"));
    // the game ended by a resignation: play shows it and asks nothing
    let (code, out, err) = run(&["play", "hex", "--load", LITTLE_GOLEM], None);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("result: win(red) (blue resigned)"), "{out}");
}

#[test]
fn a_hexgui_record_is_followed_along_its_main_line() {
    let (code, out, err) = run(&["moves", "hex", "--record", HEXGUI, "--ply", "3"], None);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("position: 6x6 6/6/2rb2/6/6/6 blue swap\n"),
        "the swap put Blue's stone on d3:\n{out}"
    );
    assert!(err.contains("1 other variation ignored"), "{err}");
    let (code, out, _) = run(&["moves", "hex", "--record", HEXGUI], None);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("position: 6x6 6/3rb1/2rb2/1b4/1rb3/r5 blue swap\n"),
        "{out}"
    );
}

#[test]
fn text_and_sgf_records_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).display().to_string();
    let text = "[Game \"hex\"]\n[Options \"size=4 swap=true\"]\n[Date \"2025.06.01\"]\n\
                [Red \"alice\"]\n[Blue \"bob\"]\n[Result \"win(red)\"]\n\
                [Start \"4x4 4/4/4/4 red swap\"]\n\n\
                1. b2 swap 2. c1 a1 3. c2 a2 4. c3 a3 5. c4 win(red)\n";
    std::fs::write(path("game.txt"), text).unwrap();
    let play = |load: &str, save: &str| {
        let (code, out, err) = run(&["play", "hex", "--load", load, "--save", save], None);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("result: win(red)\n"), "{out}");
    };
    play(&path("game.txt"), &path("game.sgf"));
    let sgf = std::fs::read_to_string(path("game.sgf")).unwrap();
    insta::assert_snapshot!(sgf.replace(env!("CARGO_PKG_VERSION"), "VERSION"));
    play(&path("game.sgf"), &path("back.txt"));
    let back = std::fs::read_to_string(path("back.txt")).unwrap();
    assert_eq!(back, text);
    // the same position either way, at every ply asked
    for ply in ["2", "5"] {
        let at = |file: &str| run(&["moves", "hex", "--record", file, "--ply", ply], None).1;
        assert_eq!(at(&path("game.txt")), at(&path("game.sgf")));
    }
}

#[test]
fn any_game_saves_and_replays_to_any_ply() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("replica.txt");
    let file_s = file.display().to_string();
    let (code, out, err) = run(
        &[
            "play", "replica", "--white", "random", "--black", "random", "--seed", "4", "--save",
            &file_s,
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let record = std::fs::read_to_string(&file).unwrap();
    assert!(record.starts_with("[Game \"replica\"]\n"), "{record}");
    assert!(
        record.contains("[White \"random\"]\n[Black \"random\"]\n"),
        "{record}"
    );
    let moves: Vec<&str> = out
        .lines()
        .find_map(|l| l.strip_prefix("moves: "))
        .unwrap()
        .split(' ')
        .collect();
    let five = moves[..5].join(" ");
    let by_record = run(
        &["moves", "replica", "--record", &file_s, "--ply", "5"],
        None,
    );
    let by_moves = run(&["moves", "replica", "--after", &five], None);
    assert_eq!(by_record.0, 0, "{}", by_record.2);
    assert_eq!(by_record.1, by_moves.1);
}

#[test]
fn records_that_do_not_fit_the_command_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.txt");
    std::fs::write(
        &file,
        "[Game \"hex\"]\n[Options \"size=4\"]\n\n1. a1 b2 *\n",
    )
    .unwrap();
    let f = file.display().to_string();
    let refused = |args: &[&str], says: &str| {
        let (code, _, err) = run(args, None);
        assert_ne!(code, 0, "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    };
    refused(
        &["moves", "hex", "--record", &f, "--ply", "3"],
        "there is no ply 3",
    );
    refused(
        &["moves", "hex", "4x4 4/4/4/4 red", "--record", &f],
        "not both",
    );
    refused(
        &["moves", "replica", "--record", &f],
        "a game of hex, not of replica",
    );
    refused(
        &["moves", "hex", "-O", "size=5", "--record", &f],
        "the record says 4, the command says 5",
    );
    refused(
        &["moves", "replica", "--record", HEXGUI],
        "replica cannot read it",
    );
    refused(&["moves", "hex", "--ply", "2"], "--record");
    refused(
        &["play", "replica", "--save", "x.sgf"],
        "SGF records are for Hex",
    );
    refused(
        &["moves", "hex", "--record", "no/such/file.sgf"],
        "cannot read the record",
    );
}
