//! What a person sees of a GDL rule sheet's position: its board, when its facts are
//! shaped like one (`(cell X Y Mark)`), with the other facts listed under it, and a
//! listing of the facts when they are not; as text and SVG (insta snapshots), and on
//! the web board, where a click on a square picks the move that marks it.

use crate::common;
use common::server::Server;

/// `ludolog render SHEET --after MOVES FORMAT...`: its standard output.
fn render(sheet: &str, after: &str, format: &[&str]) -> String {
    let path = format!("tests/data/gdl/{sheet}.kif");
    let mut args = vec!["render", &path];
    if !after.is_empty() {
        args.extend(["--after", after]);
    }
    args.extend_from_slice(format);
    let (code, out, err) = common::run(&args, None);
    assert_eq!(code, 0, "{sheet}: {err}");
    out
}

/// (snapshot name, sheet, moves from the start)
const POSITIONS: &[(&str, &str, &str)] = &[
    // a board in the initial facts: x on (1 1) and (3 1), o on (2 2)
    ("tictactoe", "tictactoe", "(mark 1 1) (mark 2 2) (mark 3 1)"),
    // a board no initial fact names, found through the moves: stones in columns 2 and 3
    ("connect3", "connect3", "(drop 2) (drop 3) (drop 2)"),
    // no board: the facts listed
    ("pennies", "pennies", ""),
];

#[test]
fn a_sheet_draws_its_board_or_lists_its_facts_as_text() {
    for (name, sheet, after) in POSITIONS {
        let out = render(sheet, after, &["--ascii"]);
        insta::assert_snapshot!(format!("gdl_ascii_{name}"), out);
    }
}

#[test]
fn a_sheet_draws_its_board_or_lists_its_facts_as_svg() {
    for (name, sheet, after) in POSITIONS {
        let out = render(sheet, after, &["--svg", "-"]);
        roxmltree::Document::parse(&out).unwrap_or_else(|e| panic!("{name}: {e}"));
        insta::assert_snapshot!(format!("gdl_svg_{name}"), out);
    }
}

#[test]
fn a_board_of_words_and_numbers_keeps_its_names_and_blank_squares_stay_empty() {
    // columns named by words, rows by numbers from 0, marks that are no role (a
    // function term drawn by its first letter), a blank square, a square no fact
    // names, and a fact that is no square
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("words.kif");
    std::fs::write(
        &path,
        "(role p)\n\
         (init (square left 0 wp)) (init (square right 0 blank))\n\
         (init (square left 1 (king black))) (init (turn 1))\n\
         (<= (legal p wait) (true (turn 1)))\n\
         (<= (next (turn 2)) (true (turn 1)))\n\
         (<= (next (square ?x ?y ?m)) (true (square ?x ?y ?m)))\n\
         (<= terminal (true (turn 2)))\n\
         (<= (goal p 100) (true (turn 2)))\n",
    )
    .expect("the sheet is written");
    let (code, out, err) = common::run(&["render", path.to_str().expect("a path")], None);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "    left right\n 1  k .\n 0  w .\n(turn 1)\n", "{out}");
}

#[test]
fn the_web_board_draws_the_squares_and_a_click_finds_the_move() {
    let s = Server::start(&["tests/data/gdl/tictactoe.kif"]);
    let st = s.ok("POST", "/api/sessions", Some("{}"));
    let id = st["id"].as_str().expect("an id");
    let svg = st["svg"].as_str().expect("an svg");
    assert_eq!(svg.matches("data-cell=").count(), 9, "{svg}");
    let st = s.ok(
        "POST",
        &format!("/api/sessions/{id}/play"),
        Some(r#"{"move":"(mark 2 3)"}"#),
    );
    let svg = st["svg"].as_str().expect("an svg");
    assert!(svg.contains(r#"<g data-cell="b3">"#), "{svg}");
    // the page picks a move by the squares it changes
    let feet = s.ok("GET", &format!("/api/sessions/{id}/footprints"), None);
    let text = feet.to_string();
    assert!(text.contains(r#""(mark 1 1)":["a1"]"#), "{text}");
}
