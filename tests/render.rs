//! What a person sees of every game: the ASCII board and the SVG drawing of a position
//! with stacks (Mitsudomoe), holes, gold cells and four kinds of piece (Tactigon),
//! kings (Replica) and edges (Hex), and the chain or line a won game is won by (Hex,
//! Tic-tac-toe, Connect Four), as insta snapshots; every SVG is well-formed XML.

use crate::common;

/// (name, game, position: moves from the start)
const POSITIONS: &[(&str, &str, &str)] = &[
    ("hex", "hex", "-O size=4 --after c2 b3 a4"),
    ("replica", "replica", "--after b1* h8-f6 a1-c3 g8-g4"),
    (
        "mitsudomoe",
        "mitsudomoe",
        "--after +b2/a1-b2 +d4/e5-d4 +c3/b2-c3 e5>b2/d4-b2;a1",
    ),
    ("tactigon", "tactigon", "--after 36-61 40x15 47-49"),
];

fn run_render(game: &str, args: &str, kind: &[&str]) -> String {
    let mut all: Vec<&str> = vec!["render", game];
    let mut words = args.split(' ');
    while let Some(w) = words.next() {
        if w == "--after" {
            all.push(w);
            let rest: Vec<&str> = words.by_ref().collect();
            let joined = rest.join(" ");
            let (code, out, err) = {
                let mut a = all.clone();
                a.push(&joined);
                a.extend_from_slice(kind);
                common::run(&a, None)
            };
            assert_eq!(code, 0, "{game}: {err}");
            return out;
        }
        all.push(w);
    }
    all.extend_from_slice(kind);
    let (code, out, err) = common::run(&all, None);
    assert_eq!(code, 0, "{game}: {err}");
    out
}

#[test]
fn every_game_draws_as_text() {
    for (name, game, args) in POSITIONS {
        let out = run_render(game, args, &["--ascii"]);
        insta::assert_snapshot!(format!("ascii_{name}"), out);
    }
}

#[test]
fn every_game_draws_as_svg() {
    for (name, game, args) in POSITIONS {
        let out = run_render(game, args, &["--svg", "-"]);
        roxmltree::Document::parse(&out).unwrap_or_else(|e| panic!("{name}: {e}"));
        insta::assert_snapshot!(format!("svg_{name}"), out);
    }
}

#[test]
fn tactigon_draws_each_cells_number_and_a_click_passes_through_it() {
    // its moves name cells by number: each of the 53 cells shows its own
    let (code, svg, err) = common::run(&["render", "tactigon", "--svg", "-"], None);
    assert_eq!(code, 0, "{err}");
    let numbers: Vec<&str> = svg
        .lines()
        .filter(|l| l.contains(r#"pointer-events="none""#) && l.contains("<text"))
        .collect();
    assert_eq!(numbers.len(), 53, "{svg}");
    assert!(numbers.iter().any(|l| l.ends_with(">36</text>")), "{svg}");
    // a board named by letters and digits keeps its coordinates on the edges
    let hex = run_render("hex", "-O size=3", &["--svg", "-"]);
    assert!(!hex.contains(r#"pointer-events="none""#), "{hex}");
}

/// The fills of the pieces (the discs) of an SVG drawing, in order.
fn piece_fills(svg: &str) -> Vec<String> {
    svg.lines()
        .filter(|l| l.trim_start().starts_with("<circle") && !l.contains(r#"fill="none""#))
        .filter_map(|l| l.split(r#"fill=""#).nth(1)?.split('"').next())
        .map(String::from)
        .collect()
}

#[test]
fn players_named_x_and_o_are_drawn_in_two_real_colours() {
    // x and o are not colours: the rule files choose some (`colours/1` in the view)
    for (game, moves, x, o) in [
        ("connect_four", "d e", "red", "gold"),
        ("tic_tac_toe", "b2 a1", "blue", "red"),
    ] {
        let svg = run_render(game, &format!("--after {moves}"), &["--svg", "-"]);
        let mut fills = piece_fills(&svg);
        fills.sort();
        let mut want = [x, o];
        want.sort();
        assert_eq!(fills, want, "{game}: {svg}");
    }
    let svg = run_render("clobber", "-O cols=2 -O rows=1", &["--svg", "-"]);
    assert_eq!(piece_fills(&svg), ["white", "black"], "{svg}");
}

#[test]
fn a_won_game_draws_its_joining_chain_or_its_line() {
    let won = [
        ("hex_won", "hex", "-O size=3 --after b1 a1 b2 a2 b3"),
        ("tic_tac_toe_won", "tic_tac_toe", "--after a1 b1 b2 c1 c3"),
        (
            "connect_four_won",
            "connect_four",
            "-O cols=4 -O rows=4 --after a b a b a b a",
        ),
        // Y: a group touching the three sides, drawn along its branches
        ("y_won", "y", "-O size=4 --after b3 a4 a3 d4 c3 a1 b4"),
    ];
    for (name, game, args) in won {
        let out = run_render(game, args, &["--svg", "-"]);
        roxmltree::Document::parse(&out).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(out.contains(r#"<g class="highlight""#), "{name}: {out}");
        insta::assert_snapshot!(format!("svg_{name}"), out);
    }
    // a game going on has nothing picked out
    let on = run_render("hex", "-O size=3 --after b1 a1", &["--svg", "-"]);
    assert!(!on.contains("highlight"), "{on}");
}
