//! Unit tests of native Tactigon: the rules text's hand-checkable facts (58 moves
//! each side at the start, per-piece counts), the combat table, the three ways a
//! game ends, blocked paths, the advanced rules, and the texts.

use super::board::{hex_distance, rc, NEIGHBOURS};
use super::*;

const START_TEXT: &str = "2/C1C3c1c/1ST4ts1/CTPSC1csptc/1ST4ts1/C1C3c1c/2 red";

/// The cells of each row, as in the position text.
const ROWS: [&[u32]; 7] = [
    &[3, 4],
    &[11, 12, 13, 14, 15, 16, 17, 18, 19],
    &[22, 23, 24, 25, 26, 27, 28, 29, 30, 31],
    &[33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43],
    &[45, 46, 47, 48, 49, 50, 51, 52, 53, 54],
    &[57, 58, 59, 60, 61, 62, 63, 64, 65],
    &[72, 73],
];

/// A position text built by hand from (cell, letter) pairs.
fn text(pieces: &[(u32, char)], side: &str) -> String {
    let rows: Vec<String> = ROWS
        .iter()
        .map(|row| {
            let (mut out, mut run) = (String::new(), 0);
            for n in row.iter() {
                match pieces.iter().find(|p| p.0 == *n) {
                    Some(&(_, l)) => {
                        if run > 0 {
                            out += &run.to_string();
                            run = 0;
                        }
                        out.push(l);
                    }
                    None => run += 1,
                }
            }
            if run > 0 {
                out += &run.to_string();
            }
            out
        })
        .collect();
    format!("{} {side}", rows.join("/"))
}

fn pos(t: &str, advanced: bool) -> Tactigon {
    Tactigon::start(advanced).parse_position(t).unwrap()
}

fn moves(g: &Tactigon) -> Vec<String> {
    let mut buf = Vec::new();
    g.legal_moves(&mut buf);
    buf.iter().map(|&m| g.move_text(m)).collect()
}

fn has(g: &Tactigon, m: &str) -> bool {
    moves(g).iter().any(|x| x == m)
}

fn after(g: &Tactigon, m: &str) -> Tactigon {
    let mut g = g.clone();
    let mv = g.parse_move(m).unwrap();
    g.play(mv);
    g
}

/// The reason `m` is refused, as its term's text (rules/tactigon.pl words it).
fn illegal(g: &Tactigon, m: &str) -> String {
    match g.parse_move(m) {
        Err(EngineError::Illegal(why)) => why.to_string(),
        other => panic!("{m}: {other:?}"),
    }
}

#[test]
fn the_board_has_53_cells_and_symmetric_neighbours() {
    assert_eq!(CELL_NUMBER.len(), 53);
    for (i, &ni) in NEIGHBOURS.iter().enumerate() {
        for (j, &nj) in NEIGHBOURS.iter().enumerate() {
            let adjacent = ni >> j & 1 == 1;
            assert_eq!(adjacent, nj >> i & 1 == 1);
            assert_eq!(adjacent, hex_distance(rc(i), rc(j)) == 1);
        }
    }
    let g = Tactigon::start(false);
    assert_eq!(g.position_text(), START_TEXT);
    assert_eq!((g.sides[0] | g.sides[1]).count_ones(), 26);
}

#[test]
fn red_has_58_moves_at_the_start_with_the_counts_of_the_rules_text() {
    let g = Tactigon::start(false);
    let all = moves(&g);
    assert_eq!(all.len(), 58);
    #[rustfmt::skip]
    let counts = [
        (11, 2), (13, 3), (23, 2), (24, 8), (33, 2), (34, 2), (35, 0), (36, 19), (37, 5),
        (46, 2), (47, 8), (57, 2), (59, 3),
    ];
    for (from, n) in counts {
        let prefix = format!("{from}-");
        assert_eq!(
            all.iter().filter(|m| m.starts_with(&prefix)).count(),
            n,
            "piece on {from}"
        );
    }
    let square: Vec<&str> = all.iter().filter_map(|m| m.strip_prefix("36-")).collect();
    assert_eq!(
        square.join(" "),
        "3 4 14 15 16 25 26 27 28 38 48 49 50 51 60 61 62 72 73"
    );
    // no attack on move 1; four moves reach a gold cell
    assert!(all.iter().all(|m| g
        .piece_on(m[m.find('-').unwrap() + 1..].parse().unwrap())
        .is_none()));
    let gold: Vec<&String> = all
        .iter()
        .filter(|m| m.ends_with("-15") || m.ends_with("-61"))
        .collect();
    assert_eq!(gold.len(), 4);
}

#[test]
fn blue_has_58_moves_on_the_start_with_blue_to_move_the_mirror_of_reds() {
    let g = pos(&START_TEXT.replace("red", "blue"), false);
    let blue = moves(&g);
    assert_eq!(blue.len(), 58);
    // left-right mirror (r, c) -> (r, 7 + r - c) maps Red's moves onto Blue's
    let mirror = |n: u32| {
        let (r, c) = (n / 11, n % 11);
        11 * r + 7 + r - c
    };
    let mut mirrored: Vec<TactigonMove> = moves(&Tactigon::start(false))
        .iter()
        .map(|m| {
            let (f, t) = m.split_once('-').unwrap();
            TactigonMove {
                from: mirror(f.parse().unwrap()) as u8,
                to: mirror(t.parse().unwrap()) as u8,
            }
        })
        .collect();
    mirrored.sort();
    let text: Vec<String> = mirrored.iter().map(|&m| g.move_text(m)).collect();
    assert_eq!(text, blue);
}

#[test]
fn each_cell_of_the_combat_table() {
    let kinds = ['C', 'T', 'S', 'P'];
    let table = ["DDDD", "BDDD", "XBDD", "XXXD"];
    for (a, row) in kinds.iter().zip(table) {
        for (d, result) in kinds.iter().zip(row.chars()) {
            let defender = d.to_ascii_lowercase();
            let mut pieces = vec![(37, *a), (38, defender)];
            if *a != 'P' {
                pieces.push((35, 'P'));
            }
            if *d != 'P' {
                pieces.push((41, 'p'));
            }
            let g = pos(&text(&pieces, "red"), false);
            let case = format!("{a} attacks {defender}: {result}");
            if result == 'X' {
                assert!(!has(&g, "37-38"), "{case}");
                assert!(illegal(&g, "37x38").starts_with("combat(red,"));
                continue;
            }
            let next = after(&g, "37x38");
            let mut left: Vec<(u32, char)> = pieces
                .iter()
                .copied()
                .filter(|p| p.0 != 37 && p.0 != 38)
                .collect();
            if result == 'D' {
                left.push((38, *a));
            }
            let mut expect = text(&left, "blue");
            if *d == 'P' {
                expect += " won=red";
                assert_eq!(next.outcome(), Some(Outcome::Win(0)), "{case}");
            } else {
                assert_eq!(next.outcome(), None, "{case}");
            }
            assert_eq!(next.position_text(), expect, "{case}");
        }
    }
}

#[test]
fn taking_the_pentagon_wins() {
    let g = pos("2/9/10/2PT2p3c/10/9/2 red", false);
    let next = after(&g, "36-39");
    assert_eq!(next.outcome(), Some(Outcome::Win(0)));
    assert_eq!(next.position_text(), "2/9/10/2P3T3c/10/9/2 blue won=red");
    assert_eq!(next.evaluate(0), 10_000);
    assert_eq!(next.evaluate(1), -10_000);
    assert!(moves(&next).is_empty());
    // the text without won= is read as finished
    let read = pos("2/9/10/2P3T3c/10/9/2 blue", false);
    assert_eq!(read.outcome(), Some(Outcome::Win(0)));
    assert_eq!(illegal(&read, "43-42"), "game_over(red)");
}

#[test]
fn gold_cells_win_at_the_end_of_the_opponents_turn() {
    // red takes its second gold cell: not yet a win
    let g = pos("2/4C4/10/2P5p1c/4T4c/9/2 red", false);
    let held = after(&g, "49-61");
    assert_eq!(held.outcome(), None);
    assert_eq!(held.position_text(), "2/4C4/10/2P5p1c/9c/4T4/2 blue");
    // (a) blue's reply leaves both gold cells to red: red wins
    let kept = after(&held, "43-42");
    assert_eq!(kept.outcome(), Some(Outcome::Win(0)));
    assert_eq!(kept.position_text(), "2/4C4/10/2P5pc1/9c/4T4/2 red won=red");
    // (b) blue's reply takes a gold holder: no win
    let g = pos("2/4C4/10/2P5p1c/5c4/4T4/2 blue", false);
    let broken = after(&g, "50x61");
    assert_eq!(broken.outcome(), None);
    assert_eq!(broken.position_text(), "2/4C4/10/2P5p1c/10/4c4/2 red");
    // the pentagon capture is judged first
    let g = pos("2/4C4/10/3P2t1p1c/10/4T4/2 blue", false);
    assert_eq!(after(&g, "39-36").outcome(), Some(Outcome::Win(1)));
    // a text with the side to move on both gold cells is a finished game
    let read = pos("2/4C4/10/2P5p1c/9c/4T4/2 red", false);
    assert_eq!(read.outcome(), Some(Outcome::Win(0)));
    assert_eq!(read.position_text(), "2/4C4/10/2P5p1c/9c/4T4/2 red won=red");
}

#[test]
fn a_player_without_a_legal_move_loses() {
    let g = pos("Pc/3cc4/10/8p2/10/9/2 red", false);
    assert!(moves(&g).is_empty());
    assert_eq!(g.outcome(), Some(Outcome::Win(1)));
    assert_eq!(g.position_text(), "Pc/3cc4/10/8p2/10/9/2 red won=blue");
    let g = pos("pC/3C5/4C5/2P8/10/9/2 red", false);
    let boxed = after(&g, "26-15");
    assert_eq!(boxed.outcome(), Some(Outcome::Win(0)));
    assert_eq!(boxed.position_text(), "pC/3CC4/10/2P8/10/9/2 blue won=red");
}

#[test]
fn paths_are_blocked_by_own_pieces_enemy_pieces_and_holes() {
    // a triangle on the corner 33 reaches 23 only through 22 or 34
    let own = pos("2/9/C9/TCP5p2/10/9/2 red", false);
    assert!(has(&own, "33-46") && !has(&own, "33-23") && !has(&own, "33-12"));
    assert_eq!(
        illegal(&own, "33-23"),
        "no_path(33,23,3,[on(red,[22,34,35]),edge])"
    );
    assert_eq!(illegal(&own, "33-34"), "onto_own(red,circle,34)");
    let enemy = pos("2/9/s9/TsP5p2/10/9/2 red", false);
    assert!(has(&enemy, "33-22") && has(&enemy, "33-34") && !has(&enemy, "33-23"));
    // with 16 taken, 4-17 and 4-18 would need the missing cell (0, 5)
    let hole = pos("1T/5C3/10/2P5p2/10/9/2 red", false);
    assert!(has(&hole, "4-27") && has(&hole, "4-28") && !has(&hole, "4-17") && !has(&hole, "4-18"));
    assert!(illegal(&hole, "4-17").ends_with(",[on(red,[16]),edge])"));
    let free = pos("1T/9/10/2P5p2/10/9/2 red", false);
    assert!(has(&free, "4-17") && has(&free, "4-18"));
    let edge = pos("2/9/10/2P5p1C/10/9/2 red", false);
    let circle: Vec<String> = moves(&edge)
        .into_iter()
        .filter(|m| m.starts_with("43-"))
        .collect();
    assert_eq!(circle, ["43-31", "43-42", "43-54"]);
}

#[test]
fn advanced_squares_jump_every_piece_but_enemy_squares() {
    assert_eq!(moves(&Tactigon::start(true)).len(), 87);
    let t = "2/9/10/2PSCct1p2/10/9/2 red";
    let base = pos(t, false);
    assert!(!has(&base, "36-40") && has(&base, "36-39"));
    let adv = pos(t, true);
    assert!(has(&adv, "36-40") && has(&adv, "36-39"));
    assert!(!has(&adv, "36-37") && !has(&adv, "36-38") && !has(&adv, "36-41"));
    assert_eq!(
        after(&adv, "36-40").position_text(),
        "2/9/10/2P1CctSp2/10/9/2 blue"
    );
    assert_eq!(
        after(&adv, "36x39").position_text(),
        "2/9/10/2P1Cc2p2/10/9/2 blue"
    );
    // an enemy square on the only short path blocks
    let adv = pos("2/9/10/2PSCs2p2/10/9/2 red", true);
    assert!(has(&adv, "36-38") && !has(&adv, "36-40"));
    assert_eq!(illegal(&adv, "36-40"), "no_path(36,40,4,[on(blue,[38])])");
    // boxed in by own pieces: no move in the base rules, out by jumping in the advanced
    let t = "2/9/C9/SCP5p2/T9/9/2 red";
    assert!(!moves(&pos(t, false)).iter().any(|m| m.starts_with("33-")));
    let adv = pos(t, true);
    for m in ["33-23", "33-11", "33-57", "33-46", "33-12"] {
        assert!(has(&adv, m), "{m}");
    }
}

#[test]
fn advanced_pieces_on_a_gold_cell_have_one_more_step() {
    let t = "2/4C4/10/2P5p2/10/9/2 red";
    assert!(!has(&pos(t, false), "15-38"));
    let adv = pos(t, true);
    assert!(has(&adv, "15-38") && !has(&adv, "15-40"));
    assert_eq!(illegal(&adv, "15-40"), "out_of_range(15,40,3,circle,2)");
    assert!(!has(&pos("2/9/4C5/2P5p2/10/9/2 red", true), "26-16"));
    let t = "2/9/10/2P6p1/10/4S4/2 red";
    assert!(!has(&pos(t, false), "61-42"));
    let win = after(&pos(t, true), "61x42");
    assert_eq!(win.position_text(), "2/9/10/2P6S1/10/9/2 blue won=red");
}

#[test]
fn position_texts_are_checked() {
    let g = Tactigon::start(false);
    let err = |t: &str| match g.parse_position(t) {
        Err(EngineError::Position(m)) => m.message,
        other => panic!("{t}: {other:?}"),
    };
    assert_eq!(
        err("2/C1C3c1c/1ST4ts1/CTPSC1csptc/1ST4ts1/C1C3c1c/2 green"),
        "column 49: expected the side to move (red or blue), found 'g'"
    );
    assert_eq!(
        err("2/C1C3c1c/1ST4ts1/CTPSC1csptc/1ST9ts1/C1C3c1c/2 red"),
        "column 34: expected a run of at most 7 empty cells in row 4, found '9'"
    );
    assert_eq!(
        err("3/9/10/11/10/9/2 red"),
        "column 1: expected a run of at most 2 empty cells in row 0, found '3'"
    );
    assert_eq!(
        err("2/9/10/2Pq7/10/9/2 red"),
        "column 10: expected a piece (C T S P c t s p) or a run of empty cells in row 3, found 'q'"
    );
    assert_eq!(err("2/9/10/11/10/9/2 red"), "neither side has its pentagon");
    assert_eq!(
        err("PP/9/10/9pp/10/9/2 red"),
        "red has 2 pentagons (at most 1)"
    );
    assert_eq!(
        err("2/CCCCCCC2/10/2P5p2/10/9/2 red"),
        "red has 7 circles (at most 6)"
    );
    assert_eq!(
        err("2/9/10/2P8/10/9/2 red"),
        "blue has no pentagon: the game ended when red took it, so blue is to move, not red"
    );
    assert_eq!(
        err("2/9/10/2P5p2/10/9/2 red won=red"),
        "won=red contradicts the board: the game goes on"
    );
    assert_eq!(
        err("2/9/10/2P3T3c/10/9/2 blue won=blue"),
        "won=blue contradicts the board: red has won"
    );
    assert_eq!(
        err("2/9/10/2P5p2/10/9/2 red "),
        "column 24: expected ' won=red', ' won=blue' or the end of the text, found ' '"
    );
    assert!(g.parse_position("").is_err() && g.parse_position("é").is_err());
    // consistent won= is accepted; runs of 10 and 11 are read
    let won = pos("2/9/10/2P3T3c/10/9/2 blue won=red", false);
    assert_eq!(won.outcome(), Some(Outcome::Win(0)));
    assert_eq!(
        pos("2/9/10/P10/10/p8/2 blue", false).position_text(),
        "2/9/10/P10/10/p8/2 blue"
    );
}

#[test]
fn moves_read_both_ways_and_illegal_ones_say_why() {
    let g = Tactigon::start(false);
    assert_eq!(g.parse_move("36-38"), g.parse_move("36x38"));
    assert_eq!(g.move_text(g.parse_move(" 36x38 ").unwrap()), "36-38");
    for bad in [
        "", "36", "36-", "-38", "36-038", "36+38", "a-b", "36-99", "36-5", "36--38",
    ] {
        assert!(
            matches!(g.parse_move(bad), Err(EngineError::Move(_))),
            "{bad:?}"
        );
    }
    assert_eq!(illegal(&g, "38-49"), "no_piece(red,38)");
    assert_eq!(illegal(&g, "39-38"), "no_piece(red,39)");
    assert_eq!(illegal(&g, "36-36"), "stays");
    assert_eq!(illegal(&g, "36-37"), "onto_own(red,circle,37)");
    assert_eq!(illegal(&g, "36x39"), "combat(red,square,blue,circle)");
    assert_eq!(illegal(&g, "35-41"), "out_of_range(35,41,6,pentagon,5)");
    assert_eq!(
        illegal(&g, "35-38"),
        "no_path(35,38,5,[on(red,[13,23,24,34,36,37,46,47,59]),on(blue,[39])])"
    );
    assert_eq!(
        illegal(&g, "36-40"),
        "no_path(36,40,4,[on(red,[37]),on(blue,[39])])"
    );
}

#[test]
fn the_hash_follows_the_pieces_and_the_side_to_move() {
    let mut g = Tactigon::start(false);
    let h0 = g.hash();
    assert_ne!(h0, pos(&START_TEXT.replace("red", "blue"), false).hash());
    assert_ne!(h0, Tactigon::start(true).hash());
    for m in ["36-38", "40-28", "38-27", "28x27"] {
        g = after(&g, m);
        assert_eq!(g.hash(), pos(&g.position_text(), false).hash());
    }
}

#[test]
fn evaluate_counts_material_threats_and_gold() {
    assert_eq!(Tactigon::start(false).evaluate(0), 0);
    // red: circle 15 (gold), triangle 61 (gold), pentagon 35; blue: pentagon 41, circles 43 and 50.
    // red V = 40 + 15*2 + 30 = 100; blue V = 20 + threats: the circle on 50 can't reach 35: 20
    let g = pos("2/4C4/10/2P5p1c/5c4/4T4/2 blue", false);
    assert_eq!(g.evaluate(0), 80);
    assert_eq!(g.evaluate(1), -80);
    let g = pos("2/9/10/2PT2p3c/10/9/2 red", false);
    // red: triangle 30, threats 2 (the triangle, and the pentagon round it by 24-25-26-27)
    // = 80, to move = 1000: 1110; blue: circle 10, its pentagon reaches 35 by 27-26-25-24: 40
    assert_eq!(g.evaluate(0), 1110 - 50);
}
