//! Bad input gets one clear error and a non-zero exit, never a panic: malformed
//! positions, illegal moves, unknown games and options, broken rule files, and
//! runaway queries.

use crate::common;

use common::run;
use std::fs;

fn fails_with(args: &[&str], needle: &str) {
    let (code, out, err) = run(args, None);
    assert!(
        code == 1 || code == 2,
        "{args:?} should fail with 1 (or 2 for a usage error), got {code}; stdout: {out}"
    );
    assert!(
        err.contains(needle),
        "{args:?}: expected {needle:?} in stderr, got: {err}"
    );
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
}

#[test]
fn malformed_position_names_the_column() {
    fails_with(
        &["moves", "hex", "3x3 r2/3/3 green"],
        "column 12: expected the side to move (red or blue), found 'g'",
    );
    fails_with(
        &["moves", "hex", "3x3 r2/3/3 green", "--tier", "spec"],
        "not a hex position: \"3x3 r2/3/3 green\"",
    );
}

#[test]
fn position_from_stdin() {
    let (code, out, _) = run(&["moves", "hex", "-", "--json"], Some("2x2 r1/2 blue\n"));
    assert_eq!(code, 0);
    assert_eq!(
        out.trim(),
        r#"{"position":"2x2 r1/2 blue","to_move":"blue","outcome":null,"legal":["b1","a2","b2"]}"#
    );
}

#[test]
fn illegal_moves_say_why_in_every_tier() {
    for tier in ["native", "spec", "accelerated"] {
        fails_with(
            &[
                "moves", "hex", "-O", "size=3", "--after", "a1 a1", "--tier", tier,
            ],
            "move 2: a1 is occupied by red",
        );
        fails_with(
            &[
                "moves", "hex", "-O", "size=3", "--after", "d1", "--tier", tier,
            ],
            "move 1: d1 is off the board",
        );
        fails_with(
            &[
                "moves", "hex", "-O", "size=1", "--after", "a1 a1", "--tier", tier,
            ],
            "the game is over",
        );
        fails_with(
            &["moves", "hex", "--after", "a1 x", "--tier", tier],
            "move 2:",
        );
    }
}

#[test]
fn unknown_game_and_options() {
    fails_with(&["moves", "chess"], "unknown game `chess`");
    fails_with(
        &["moves", "hex", "-O", "sise=3"],
        "unknown option `sise` for hex",
    );
    fails_with(
        &["moves", "hex", "-O", "size=30"],
        "option size=30: the board size is a whole number from 1 to 26",
    );
    fails_with(
        &["moves", "hex", "-O", "size"],
        "option `size` is not of the form key=value",
    );
    // the rule tiers check options against the same descriptor: the same words
    fails_with(
        &["moves", "hex", "-O", "sise=3", "--tier", "spec"],
        "unknown option `sise` for hex (it takes: size, swap)",
    );
    fails_with(
        &["moves", "hex", "-O", "size=30", "--tier", "spec"],
        "option size=30: the board size is a whole number from 1 to 26",
    );
    fails_with(
        &["moves", "hex", "--tier", "quantum"],
        "unknown tier `quantum`",
    );
}

fn rule_file(name: &str, text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join(name);
    fs::write(&path, text).expect("write the rule file");
    let shown = path.display().to_string();
    (dir, shown)
}

/// rules/hex.pl with one line replaced.
fn hex_with(old: &str, new: &str) -> String {
    let text = include_str!("../rules/hex.pl");
    assert!(text.contains(old), "hex.pl has {old:?}");
    text.replacen(old, new, 1)
}

#[test]
fn rule_file_with_a_syntax_error_names_file_and_line() {
    let text = hex_with(
        "to_move(hex(_, _, P, _, _, _), P).",
        "to_move(hex(_, _, P, _, _, _), P.",
    );
    let line = text
        .lines()
        .position(|l| l.starts_with("to_move(hex("))
        .expect("the line")
        + 1;
    let (_dir, path) = rule_file("hex.pl", &text);
    // the place is the column where the term goes wrong, with what was expected
    let placed =
        format!("{path}:{line}:33: syntax error: the full stop comes before `)` closes the `(`");
    fails_with(&["moves", &path], &placed);
    // the same through --rules with a built-in game name
    fails_with(&["moves", "hex", "--rules", &path], &placed);
}

#[test]
fn rule_file_without_a_protocol_predicate() {
    let text = hex_with(
        "outcome(hex(_, _, _, _, won(P), _), win(P)).",
        "won(hex(_, _, _, _, won(P), _), win(P)).",
    );
    let (_dir, path) = rule_file("hex.pl", &text);
    fails_with(
        &["moves", &path],
        "does not define the protocol predicate outcome/2",
    );
}

#[test]
fn rule_file_whose_directive_throws() {
    let text = hex_with(
        ":- use_module(library(error)).",
        ":- use_module(library(error)).\n:- throw(broken).",
    );
    let (_dir, path) = rule_file("hex.pl", &text);
    fails_with(&["moves", &path], &path);
}

#[test]
fn rule_file_without_a_module_declaration() {
    let (_dir, path) = rule_file("game.pl", "legal(_, m).\n");
    fails_with(
        &["moves", &path],
        "a rule file starts with `:- module(Name, [...])`",
    );
}

#[test]
fn missing_rule_file() {
    fails_with(
        &["moves", "/no/such/game.pl"],
        "/no/such/game.pl: no such rule file or directory",
    );
}

#[test]
fn runaway_query_stops_at_the_inference_limit() {
    let text = hex_with(
        "to_move(hex(_, _, P, _, _, _), P).",
        "to_move(S, P) :- to_move(S, P).",
    );
    let (_dir, path) = rule_file("hex.pl", &text);
    fails_with(
        &["moves", &path, "--inference-limit", "100000"],
        "to_move/2 ran past the inference limit of 100000",
    );
}

#[test]
fn rule_file_from_disk_runs() {
    let (code, out, err) = run(&["moves", "rules/hex.pl", "-O", "size=5", "--json"], None);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(r#""position":"5x5 5/5/5/5/5 red""#), "{out}");
    assert_eq!(out.matches("\",\"").count() + 1 - 2, 25, "{out}");
}

/// Impossible positions of every game, refused with the same reason by the native
/// engine and the rule file.
#[test]
fn impossible_positions_are_refused_alike_in_every_tier() {
    let table = [
        (
            "hex",
            "3x3 rr1/3/3 red",
            "red has 2 stones and blue 0: no game reaches that",
        ),
        (
            "replica",
            "8/8/8/8/8/8/8/8 white",
            "neither white nor black has a king: no game reaches that",
        ),
        (
            "mitsudomoe",
            "3,bB,bB/4,bB/5/w,4/wW,wW,3 white supply=5,5",
            "white has 2 balls on the board, not 3",
        ),
        (
            "mitsudomoe",
            "3,bB,bB/4,bB/5/bW,4/wW,wW,3 white supply=6,4",
            "the white ball on a2 does not stand on a white ring",
        ),
        (
            "mitsudomoe",
            "wwwwwwwww,bB,bB,2/4,bB/5/wW,4/wW,wW,3 white supply=0,5",
            "white has more than 8 rings on the board: a side has 8",
        ),
        (
            "mitsudomoe",
            "3,bB,bB/4,bB/5/wW,4/wW,wW,3 white supply=5,4",
            "the supplies must be 5,5 (8 minus the rings of each colour on the board)",
        ),
        (
            "mitsudomoe",
            "3,bB,bB/4,bB/5/wW,4/wW,wW,3 white supply=5,5 won=white",
            "won=white contradicts the board: the game goes on",
        ),
        (
            "tactigon",
            "2/9/10/11/10/9/2 red",
            "neither side has its pentagon",
        ),
        (
            "tactigon",
            "2/CCCCCCC2/10/2P5p2/10/9/2 red",
            "red has 7 circles (at most 6)",
        ),
        (
            "tactigon",
            "2/9/10/2P8/10/9/2 red",
            "blue has no pentagon: the game ended when red took it, so blue is to move, not red",
        ),
        (
            "tactigon",
            "2/9/10/2P5p2/10/9/2 red won=red",
            "won=red contradicts the board: the game goes on",
        ),
        (
            "tactigon",
            "2/9/10/2P3T3c/10/9/2 blue won=blue",
            "won=blue contradicts the board: red has won",
        ),
    ];
    for (game, position, reason) in table {
        for tier in ["native", "spec"] {
            fails_with(&["moves", game, position, "--tier", tier], reason);
        }
    }
}

#[test]
fn a_required_file_misnamed_missing_or_in_a_cycle_is_refused_and_named() {
    // helper.pl, copied from the game, still declares the game's module: it would
    // have stood in for the game (the game's own file passed over as loaded)
    let dir = tempfile::tempdir().expect("a directory");
    let text = fs::read_to_string("rules/tic_tac_toe.pl").expect("tic_tac_toe.pl");
    let game = text
        .replace(":- module(tic_tac_toe,", ":- module(ttt,")
        .replace(
            "requires(notation).",
            "requires(notation).\nrequires( helper ).",
        );
    assert!(
        game.contains("requires( helper )."),
        "the game requires helper (spaces inside, as a reader allows)"
    );
    fs::write(dir.path().join("ttt.pl"), game).expect("the game is written");
    let helper = "% a helper, copied from ttt.pl\n:- module(ttt, [h/1]).\nh(1).\n";
    fs::write(dir.path().join("helper.pl"), helper).expect("the helper is written");
    let game = dir.path().join("ttt.pl").display().to_string();
    fails_with(
        &["moves", &game],
        "helper.pl:2: required as `helper`, but its module is `ttt`",
    );
    // requiring the game back is a cycle, named file by file
    let named = helper.replace("(ttt,", "(helper,");
    fs::write(
        dir.path().join("helper.pl"),
        format!("{named}requires(ttt).\n"),
    )
    .expect("the helper is written");
    fails_with(
        &["moves", &game],
        "ttt.pl: the rule files require each other in a cycle: ttt requires helper requires ttt",
    );
    // a name that is nothing is refused at the line that requires it
    fs::remove_file(dir.path().join("helper.pl")).expect("the helper is removed");
    let line = fs::read_to_string(&game)
        .expect("the game")
        .lines()
        .position(|l| l == "requires( helper ).")
        .expect("the game requires helper")
        + 1;
    fails_with(
        &["moves", &game],
        &format!(
            "ttt.pl:{line}: requires `helper`: no board library, built-in game or rule \
             file beside the game has that name"
        ),
    );
    // named as it is required, it loads, and the game is the game
    fs::write(dir.path().join("helper.pl"), named).expect("the helper is written");
    let (code, out, err) = run(&["moves", &game], None);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("a1"), "{out}");
}
