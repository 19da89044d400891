//! Con-Tac-Tix: the assignment's command on its worked example, the position file
//! in both Rust and Prolog, every file error, SVG output, the tiers agreeing on
//! non-square boards, and a mutant rule file caught by the checker.

use crate::common;

use common::run;
use ludolog::check::{compare, CheckConfig};
use ludolog::game::{Game, GameOptions};
use ludolog::game::{TextOps, Tier};
use ludolog::games::hex::{contactix_file, Hex};
use ludolog::prolog::{quote_string, term_text};
use ludolog::registry::EngineSpec;

const EXAMPLE: &str = "size: 3 * 3\nturn: red\norientation: red * blue\nstate: undecided\ntiles: 4\n    (A2) -> red\n    (B2) -> blue\n    (A1) -> red\n    (C2) -> blue\n";

fn example_file() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("example.txt");
    std::fs::write(&path, EXAMPLE).unwrap();
    let p = path.display().to_string();
    (dir, p)
}

#[test]
fn test_prints_the_five_next_boards() {
    let (_dir, path) = example_file();
    let (code, out, err) = run(&["contactix", "test", &path], None);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().filter(|l| *l == "~").count(),
        4,
        "five boards, four separators:\n{out}"
    );
    assert_eq!(out.matches("state: won by red").count(), 1);
    insta::assert_snapshot!(out);
}

#[test]
fn best_plays_the_winning_a3() {
    let (code, out, err) = run(&["contactix", "best"], Some(EXAMPLE));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("(A3) -> red"), "{out}");
    assert!(out.contains("state: won by red"), "{out}");
    let (code, out2, _) = run(&["contactix"], Some(EXAMPLE));
    assert_eq!(code, 0);
    assert_eq!(out, out2, "best is the default");
}

#[test]
fn svg_output_is_well_formed() {
    let (code, out, err) = run(&["contactix", "svg", "-"], Some(EXAMPLE));
    assert_eq!(code, 0, "{err}");
    roxmltree::Document::parse(&out).expect("the SVG parses as XML");
    insta::assert_snapshot!(out);
    let (code, out, err) = run(&["contactix", "test", "svg", "-"], Some(EXAMPLE));
    assert_eq!(code, 0, "{err}");
    for svg in out.split("~\n") {
        roxmltree::Document::parse(svg).expect("each SVG parses as XML");
    }
}

#[test]
fn render_draws_every_game_as_svg_or_ascii() {
    let (code, out, err) = run(
        &[
            "render", "hex", "-O", "size=4", "--after", "b2 c3", "--svg", "-",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    roxmltree::Document::parse(&out).expect("the SVG parses as XML");
    insta::assert_snapshot!("render_hex_svg", out);
    let (_dir, path) = example_file();
    let (code, out, err) = run(&["render", "contactix", &path, "--ascii"], None);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("render_contactix_ascii", out);
}

#[test]
fn every_bad_file_is_a_clear_error() {
    let cases = [
        (
            EXAMPLE.replace("tiles: 4", "tiles: 3"),
            "`tiles: 3` but the file lists 4 tiles",
        ),
        (
            EXAMPLE.replace("(C2) -> blue", "(C2) -> green"),
            "the colour `green` is not in the orientation red * blue",
        ),
        (
            EXAMPLE.replace("size: 3 * 3", "size: 3 by 3"),
            "malformed size",
        ),
        (
            EXAMPLE.replace("(C2)", "(C7)"),
            "the tile C7 is off the 3 * 3 board",
        ),
        (
            EXAMPLE.replace("(C2)", "(A2)"),
            "the tile A2 is given twice",
        ),
        (
            EXAMPLE.replace("(C2)", "(C+2)"),
            "`C+2` is not a cell like A2",
        ),
        (
            EXAMPLE.replace("(C2)", "(C02)"),
            "`C02` is not a cell like A2",
        ),
        (
            EXAMPLE.replace("orientation: red * blue\n", ""),
            "the field `orientation:` is missing",
        ),
        (
            EXAMPLE.replace("turn: red", "turn: re d"),
            "is not a colour name",
        ),
    ];
    for (text, needle) in cases {
        let (code, _, err) = run(&["contactix", "test", "-"], Some(&text));
        assert_eq!(code, 1, "{needle}");
        assert!(err.contains(needle), "expected {needle:?} in {err}");
        assert!(
            err.contains("<stdin>: line") || err.contains("<stdin>: the field"),
            "{err}"
        );
    }
}

#[test]
fn the_file_round_trips_in_rust_and_in_prolog() {
    let native = Hex::contactix_from_options(&GameOptions::default()).unwrap();
    let game = native.parse_position(EXAMPLE).unwrap();
    let written = contactix_file::write(&game);
    assert_eq!(
        contactix_file::write(&native.parse_position(&written).unwrap()),
        written
    );
    // the rule file reads the same file to the same position, and writes the same file
    let spec = EngineSpec::new("contactix", GameOptions::default());
    let mut rules = spec.open_rules(Tier::Spec).unwrap();
    assert_eq!(rules.normalize(EXAMPLE).unwrap(), game.position_text());
    let q = format!(
        "contactix:position(S, {}, []), contactix:file(S, Cs, []).",
        quote_string(&game.position_text())
    );
    let cs = rules.machine().answer(&q, "Cs").unwrap();
    assert_eq!(term_text(&cs).unwrap(), written);
}

#[test]
fn tiers_agree_on_non_square_boards_with_named_colours() {
    for options in [
        "cols=4 rows=3",
        "cols=3 rows=5 vertical=SandyBrown horizontal=lime",
        "cols=10 rows=5",
        "cols=6 rows=1",
        "cols=1 rows=4",
    ] {
        let mut a = common::engine("contactix", options, Tier::Spec);
        let mut b = common::engine("contactix", options, Tier::Native);
        let config = CheckConfig {
            games: 6,
            max_plies: 1000,
            seed: 7,
            perft_depth: Some(2),
            progress: false,
            strategy: ludolog::check::Strategy::Uniform,
            sweep: 0,
        };
        let report = compare(a.as_mut(), b.as_mut(), &config).unwrap();
        assert!(
            report.mismatch.is_none(),
            "{options}: {:?}",
            report.mismatch
        );
    }
}

#[test]
fn a_mutant_that_forgets_the_turn_is_caught() {
    // the mutant gives the first move to the second colour
    let old = "initial(Options, contactix(X*Y, hex(C-R, false, red, Board, ongoing, false))) :-";
    let m = common::mutant_mismatch(
        "contactix",
        "cols=4 rows=3",
        "contactix.pl",
        (old, &old.replace("false, red,", "false, blue,")),
        (5, 100, 1),
    );
    assert!(m.moves.is_empty(), "caught at the start: {m:?}");
}

/// The rules text (contactix.md section 3) says an input file's stone counts need not
/// be balanced: files with more red than blue, more blue than red, and either side
/// to move all load, in the native engine and through the Prolog rules alike.
#[test]
fn unbalanced_files_load_whichever_side_is_to_move() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("red", "    (A1) -> red\n    (B1) -> red\n"),
        ("blue", "    (A1) -> red\n    (B1) -> red\n"),
        ("red", "    (A1) -> blue\n    (B1) -> blue\n    (C3) -> blue\n"),
        ("blue", "    (A1) -> blue\n    (B1) -> blue\n    (C3) -> blue\n"),
        ("blue", "    (A1) -> red\n    (A2) -> red\n    (C1) -> red\n    (C2) -> red\n    (B3) -> blue\n"),
    ];
    for (i, (turn, tiles)) in cases.iter().enumerate() {
        let n = tiles.lines().count();
        let text = format!(
            "size: 3 * 3\nturn: {turn}\norientation: red * blue\nstate: undecided\ntiles: {n}\n{tiles}"
        );
        let path = dir.path().join(format!("unbalanced{i}.txt"));
        std::fs::write(&path, &text).unwrap();
        let p = path.display().to_string();
        let (code, out, err) = run(&["contactix", "test", &p], None);
        assert_eq!(code, 0, "case {i}: {err}");
        let boards = out.lines().filter(|l| *l == "~").count() + 1;
        assert_eq!(boards, 9 - n, "case {i}: one board per empty cell:\n{out}");
        assert!(
            out.contains(&format!(
                "turn: {}",
                if *turn == "red" { "blue" } else { "red" }
            )),
            "case {i}: {out}"
        );
        for tier in ["native", "spec"] {
            let (code, out, err) = run(&["moves", "contactix", &p, "--tier", tier], None);
            assert_eq!(code, 0, "case {i}, {tier}: {err}");
            assert!(
                out.contains(&format!("legal ({})", 9 - n)),
                "case {i}, {tier}: {out}"
            );
        }
    }
}
