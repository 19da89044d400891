//! `ludolog new`: the starter rule file it writes passes lint, plays, searches by
//! time and by MCTS, and checks; a second `new` with the same name does not
//! overwrite it, and a bad name is refused.

use crate::common;

use std::path::Path;

fn ok(args: &[&str]) -> String {
    let (code, out, err) = common::run(args, None);
    assert_eq!(code, 0, "{args:?}: {out}\n{err}");
    out
}

#[test]
fn a_new_game_lints_plays_searches_and_checks() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let said = ok(&["new", "tac", "--dir", d]);
    assert!(said.contains("tac.pl"), "{said}");
    let file = dir.path().join("tac.pl");
    let f = file.to_str().unwrap();
    assert!(ok(&["lint", f]).contains("ok"), "lint");
    let moves = ok(&["moves", f]);
    assert!(moves.contains("position: 3 3/3/3 x k=3"), "{moves}");
    let game = ok(&[
        "play",
        f,
        "--x",
        "alphabeta:3",
        "--o",
        "random",
        "--seed",
        "2",
    ]);
    assert!(game.contains("result:"), "{game}");
    let timed = ok(&["best", f, "--time", "300ms"]);
    assert!(timed.contains("best:"), "{timed}");
    let mcts = ok(&["best", f, "--mcts", "200"]);
    assert!(mcts.contains("best:"), "{mcts}");
    let bigger = ok(&["perft", f, "-O", "size=4", "-O", "line=4", "--depth", "2"]);
    assert!(bigger.contains("240"), "{bigger}");
    ok(&["check", f, "--games", "3", "--sweep", "0"]);
    // a position no game reaches is refused with the reason, as in every game
    let (code, _, err) = common::run(&["moves", f, "3 xxx/3/3 x k=3"], None);
    assert_eq!(code, 1);
    assert!(
        err.contains("x has 3 stones and o 0: no game reaches that"),
        "{err}"
    );
    // the file is kept, not written over; a name that is no atom is refused
    let (code, _, err) = common::run(&["new", "tac", "--dir", d], None);
    assert_ne!(code, 0);
    assert!(err.contains("cannot write the new game"), "{err}");
    let (code, _, err) = common::run(&["new", "Tac-Toe", "--dir", d], None);
    assert_ne!(code, 0);
    assert!(err.contains("is no name for a game"), "{err}");
    assert!(!Path::new(d).join("Tac-Toe.pl").exists());
}

#[test]
fn a_new_hex_game_lints_plays_searches_and_agrees_with_hex() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let said = ok(&["new", "links", "--board", "hex", "--dir", d]);
    assert!(said.contains("Hex-style connection"), "{said}");
    assert!(said.contains("--red human --blue"), "{said}");
    let file = dir.path().join("links.pl");
    let f = file.to_str().unwrap();
    // on a 5x5 board: what is checked is the starter, not the size (its default is
    // Hex's 11x11, where the rule tiers take seconds a game)
    assert!(ok(&["lint", f, "-O", "size=5"]).contains("ok"), "lint");
    let game = ok(&[
        "play",
        f,
        "-O",
        "size=5",
        "--red",
        "alphabeta:2",
        "--blue",
        "random",
        "--seed",
        "3",
    ]);
    assert!(game.contains("result:"), "{game}");
    assert!(ok(&["best", f, "-O", "size=5", "--time", "300ms"]).contains("best:"));
    assert!(ok(&["best", f, "-O", "size=5", "--mcts", "200"]).contains("best:"));
    // Hex itself, on the same rhombus: the same tree
    let ours = ok(&["perft", f, "-O", "size=3", "--every-depth", "--depth", "5"]);
    let hex = ok(&[
        "perft",
        "hex",
        "-O",
        "size=3",
        "--every-depth",
        "--depth",
        "5",
    ]);
    assert_eq!(ours, hex);
    ok(&["check", f, "-O", "size=5", "--games", "3", "--sweep", "0"]);
}
