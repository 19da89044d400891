//! Unit tests of native Hex: texts, moves, wins, swap.

use super::*;
use crate::game::GameOptions;
use crate::search::random_playout;
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn hex(options: &[&str]) -> Hex {
    Hex::from_options(&GameOptions::parse(options).unwrap()).unwrap()
}

fn after(options: &[&str], moves: &str) -> Hex {
    let mut g = hex(options);
    for m in moves.split_whitespace() {
        let mv = g.parse_move(m).unwrap();
        g.play(mv);
    }
    g
}

#[test]
fn empty_boards_list_every_cell() {
    let mut buf = Vec::new();
    hex(&[]).legal_moves(&mut buf);
    assert_eq!(buf.len(), 121);
    hex(&["size=3"]).legal_moves(&mut buf);
    assert_eq!(buf.len(), 9);
    assert_eq!(hex(&["size=3"]).position_text(), "3x3 3/3/3 red");
}

#[test]
fn the_first_stone_wins_on_one_cell() {
    let g = after(&["size=1"], "a1");
    assert_eq!(g.outcome(), Some(Outcome::Win(0)));
    let mut buf = Vec::new();
    g.legal_moves(&mut buf);
    assert!(buf.is_empty());
}

#[test]
fn blue_wins_along_the_up_right_diagonal() {
    // blue: a3, b2, c1 — each (c+1, r-1) from the last
    let g = after(&["size=3"], "a1 a3 b1 b2 a2 c1");
    assert_eq!(g.outcome(), Some(Outcome::Win(1)));
    assert_eq!(g.position_text(), "3x3 rrb/rb1/b2 red");
}

#[test]
fn the_worked_example_has_five_moves_and_one_win() {
    let g = hex(&["size=3"]).parse_position("3x3 r2/rbb/3 red").unwrap();
    let mut buf = Vec::new();
    g.legal_moves(&mut buf);
    assert_eq!(buf.len(), 5);
    let wins: Vec<String> = buf
        .iter()
        .filter(|&&m| {
            let mut n = g.clone();
            n.play(m);
            n.outcome().is_some()
        })
        .map(|&m| g.move_text(m))
        .collect();
    assert_eq!(wins, ["a3"]);
}

#[test]
fn position_text_round_trips_on_random_playouts() {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut buf = Vec::new();
    for options in [
        &["size=5"][..],
        &["size=11"],
        &["size=4", "swap=true"],
        &["size=1"],
    ] {
        let start = hex(options);
        for _ in 0..50 {
            let (_, end) = random_playout(&start, &mut rng, &mut buf, u64::MAX);
            let text = end.position_text();
            let back = start.parse_position(&text).unwrap();
            assert_eq!(back.position_text(), text);
            assert_eq!(back.outcome(), end.outcome(), "{text}");
        }
    }
}

#[test]
fn swap_mirrors_reds_stone_for_blue() {
    let g = after(&["size=3", "swap=true"], "b1");
    let mut buf = Vec::new();
    g.legal_moves(&mut buf);
    assert_eq!(buf.len(), 9, "8 placements and swap");
    let s = after(&["size=3", "swap=true"], "b1 swap");
    assert_eq!(s.position_text(), "3x3 3/b2/3 red swap");
    assert!(hex(&["size=3"]).parse_move("swap").is_err());
    let later = after(&["size=3", "swap=true"], "b1 a1");
    assert!(matches!(
        later.parse_move("swap"),
        Err(EngineError::Illegal(_))
    ));
}

/// Refusals are terms (rules/hex.pl words them: a native engine opened through the
/// registry asks its rule file for the words).
#[test]
fn illegal_moves_say_why() {
    let g = after(&["size=3"], "a1");
    let msg = |t: &str| g.parse_move(t).unwrap_err().to_string();
    assert_eq!(msg("a1"), "illegal move: occupied(a1,red)");
    assert_eq!(msg("d1"), "illegal move: off_board(d1)");
    assert_eq!(
        msg("a0"),
        "bad move: \"a0\" is not a cell like d5 or the move swap"
    );
    assert_eq!(
        msg("?"),
        "bad move: \"?\" is not a cell like d5 or the move swap"
    );
    let won = after(&["size=1"], "a1");
    assert_eq!(
        won.parse_move("a1").unwrap_err().to_string(),
        "illegal move: game_over(red)"
    );
}

#[test]
fn malformed_positions_name_the_column_and_what_was_expected() {
    let g = hex(&[]);
    let err = |t: &str| {
        g.parse_position(t)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    };
    assert_eq!(
        err("3x3 r2/3/3 green"),
        "bad position: column 12: expected the side to move (red or blue), found 'g'"
    );
    assert_eq!(err("3x3 r2/3/3"), "bad position: column 11: expected a space before the side to move, found the end of the text");
    assert_eq!(
        err("3x3 r4/3/3 red"),
        "bad position: column 6: expected at most 2 more cells in row 1 (it has 3), found '4'"
    );
    assert_eq!(
        err("3x4 3/3/3/3 red"),
        "bad position: column 3: expected 3 rows: hex boards are square, found '4'"
    );
    assert_eq!(
        err("27x27 27 red"),
        "bad position: column 1: expected the number of columns (1 to 26), found '2'"
    );
    assert_eq!(
        err("3x3 r2/3/3 red x"),
        "bad position: column 15: expected ' swap', ' setup' or the end of the text, found ' '"
    );
    assert_eq!(err("3x3 rx1/3/3 red"), "bad position: column 6: expected 'r', 'b' or a run of empty cells (row 1 has 3 cells), found 'x'");
}

#[test]
fn evaluation_prefers_the_shorter_connection() {
    let g = after(&["size=5"], "c3");
    assert!(g.evaluate(0) > 0);
    assert!(g.evaluate(1) < 0);
}

#[test]
fn random_legal_picks_as_from_the_legal_move_list() {
    use crate::game::Game;
    for options in [&["size=4", "swap=true"][..], &["size=7"][..]] {
        let start = hex(options);
        let (mut a, mut b) = (SmallRng::seed_from_u64(3), SmallRng::seed_from_u64(3));
        let mut buf = Vec::new();
        for _ in 0..30 {
            let mut g = start.clone();
            loop {
                let fast = g.random_legal(&mut a, &mut buf);
                g.legal_moves(&mut buf);
                let listed =
                    (!buf.is_empty()).then(|| buf[crate::game::uniform_index(&mut b, buf.len())]);
                assert_eq!(fast, listed, "{}", g.position_text());
                match fast {
                    Some(m) => g.play(m),
                    None => break,
                }
            }
        }
    }
}

#[test]
fn a_position_and_its_half_turn_share_the_symmetric_hash() {
    // red a1, blue c2 on 4x4, and turned: red d4, blue b3
    let g = after(&["size=4"], "a1 c2");
    let turned = after(&["size=4"], "d4 b3");
    assert_ne!(g.hash(), turned.hash());
    assert_eq!(g.symmetric_hash(), turned.symmetric_hash());
    // the mirror in the long diagonal swaps the players' edges: not a symmetry
    let mirrored = after(&["size=4"], "a1 b3");
    assert_ne!(g.symmetric_hash(), mirrored.symmetric_hash());
    // Con-Tac-Tix boards turn too
    let opts = GameOptions::parse(&["cols=3", "rows=2"]).unwrap();
    let start = Hex::contactix_from_options(&opts).unwrap();
    let (mut x, mut y) = (start.clone(), start);
    x.play(x.parse_move("A1").unwrap());
    y.play(y.parse_move("C2").unwrap());
    assert_eq!(x.symmetric_hash(), y.symmetric_hash());
}
