//! The solver against exhaustive minimax on small boards, and its budget.

use super::*;
use crate::game::{Game, GameOptions, Outcome};
use crate::games::hex::{Hex, HexRules};

fn hex(size: usize) -> Hex {
    Hex::new(HexRules::hex(), size, size, false)
}

fn contactix(cols: usize, rows: usize) -> Hex {
    Hex::new(HexRules::contactix("red", "blue"), cols, rows, false)
}

/// The value for the side to move by plain minimax over every line (no table).
fn minimax<G: Game>(g: &G) -> Value {
    if let Some(o) = g.outcome() {
        return match o {
            Outcome::Win(p) if p == g.to_move() => Value::Win,
            Outcome::Win(_) => Value::Loss,
            Outcome::Draw => Value::Draw,
        };
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut best = Value::Loss;
    for m in moves {
        let mut c = g.clone();
        c.play(m);
        match minimax(&c).flip() {
            Value::Win => return Value::Win,
            Value::Draw => best = Value::Draw,
            Value::Loss => {}
        }
    }
    best
}

fn spec(every_move: bool) -> SolveSpec {
    SolveSpec {
        table_bytes: 1 << 20,
        every_move,
        ..SolveSpec::default()
    }
}

fn solved<G: Game>(g: &G, every_move: bool) -> Solution {
    solve(GameTree::new(g), g, &spec(every_move)).unwrap()
}

/// Solved without the game's own knowledge: plain df-pn.
fn solved_plain<G: Game>(g: &G, every_move: bool) -> Solution {
    let tree = GameTree::new(g).with_knowledge(false);
    solve(tree, g, &spec(every_move)).unwrap()
}

#[test]
fn hex_one_and_two_are_first_player_wins_with_the_winning_openings_named() {
    let s = solved(&hex(1), true);
    assert_eq!(s.value, Some(Value::Win));
    assert_eq!(
        s.moves,
        vec![MoveValue {
            mv: "a1".into(),
            value: Some(Value::Win)
        }]
    );
    // the start and the won position after a1
    assert_eq!(s.proof_size, Some(2));
    let s = solved(&hex(2), true);
    assert_eq!(s.value, Some(Value::Win));
    let wins: Vec<&str> = s
        .moves
        .iter()
        .filter(|m| m.value == Some(Value::Win))
        .map(|m| m.mv.as_str())
        .collect();
    // red joins top and bottom: the obtuse corners a2 and b1 reach both rows' neighbours
    assert_eq!(wins, ["b1", "a2"]);
    assert!(s.moves.iter().all(|m| m.value.is_some()));
}

#[test]
fn every_hex_three_opening_agrees_with_minimax() {
    let g = hex(3);
    let s = solved(&g, true);
    assert_eq!(s.value, Some(minimax(&g)));
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    moves.sort();
    assert_eq!(s.moves.len(), moves.len());
    for (m, mv) in moves.into_iter().zip(&s.moves) {
        let mut c = g.clone();
        c.play(m);
        assert_eq!(mv.mv, g.move_text(m));
        assert_eq!(mv.value, Some(minimax(&c).flip()), "opening {}", mv.mv);
    }
}

#[test]
fn positions_from_random_hex_four_games_agree_with_minimax() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    for _ in 0..40 {
        let mut g = hex(4);
        // 5 to 9 random stones, then the solver against minimax
        let plies = rng.gen_range(5..10);
        let mut moves = Vec::new();
        for _ in 0..plies {
            g.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            g.play(moves[rng.gen_range(0..moves.len())]);
        }
        let s = solved(&g, false);
        assert_eq!(s.value, Some(minimax(&g)), "{}", g.position_text());
        let plain = solved_plain(&g, false);
        assert_eq!(plain.value, s.value, "{}", g.position_text());
        if s.value == Some(Value::Win) {
            // the move named keeps the win
            let m = g.parse_move(&s.moves[0].mv).unwrap();
            let mut c = g.clone();
            c.play(m);
            assert_eq!(
                minimax(&c),
                Value::Loss,
                "{} {}",
                g.position_text(),
                s.moves[0].mv
            );
        }
    }
}

#[test]
fn contactix_one_by_n_is_won_by_the_first_stone_and_n_by_one_by_the_side_that_spans() {
    // one column: red (top-bottom) needs every cell, blue (left-right) any one cell
    for rows in 1..=5 {
        let s = solved(&contactix(1, rows), true);
        let expected = if rows == 1 { Value::Win } else { Value::Loss };
        assert_eq!(s.value, Some(expected), "1x{rows}");
    }
    // one row: red joins top and bottom with any one stone
    for cols in 1..=5 {
        let s = solved(&contactix(cols, 1), true);
        assert_eq!(s.value, Some(Value::Win), "{cols}x1");
        assert!(
            s.moves.iter().all(|m| m.value == Some(Value::Win)),
            "{cols}x1"
        );
    }
}

#[test]
fn the_engine_tree_gives_what_the_game_tree_gives() {
    let options = GameOptions::parse(&["size=3"]).unwrap();
    let mut engine = crate::registry::EngineSpec::new("hex", options)
        .open()
        .unwrap();
    let start = engine.initial().unwrap();
    let by_engine = solve(EngineTree::new(engine.as_mut()), &start, &spec(true)).unwrap();
    let by_game = solved(&hex(3), true);
    assert_eq!(by_engine.value, by_game.value);
    assert_eq!(by_engine.moves, by_game.moves);
    assert_eq!(
        engine.held(),
        1,
        "the solve released every position it made"
    );
}

#[test]
fn a_budget_that_runs_out_gives_unknown_and_what_was_proved() {
    // (the knowledge settles 5x5 in a handful of positions)
    let g = hex(7);
    let s = solve(
        GameTree::new(&g),
        &g,
        &SolveSpec {
            budget: Budget {
                nodes: Some(200),
                ..Budget::default()
            },
            table_bytes: 1 << 20,
            every_move: true,
            plain: false,
            no_proof_sets: false,
        },
    )
    .unwrap();
    assert_eq!(s.value, None);
    assert!(
        s.stopped.as_deref().unwrap().contains("200 positions"),
        "{s:?}"
    );
    assert!(s.proof_size.is_none());
}

#[test]
fn on_boards_longer_than_wide_the_side_with_the_shorter_crossing_wins_moving_first_or_not() {
    // red joins top and bottom: across more rows than columns red loses even moving
    // first, across fewer it wins (the classical result for n x m Hex, n != m)
    for (cols, rows, red) in [
        (2, 3, Value::Loss),
        (3, 2, Value::Win),
        (3, 4, Value::Loss),
        (4, 3, Value::Win),
        (2, 4, Value::Loss),
    ] {
        let s = solved(&contactix(cols, rows), false);
        assert_eq!(s.value, Some(red), "{cols}x{rows}");
    }
}

#[test]
fn knowledge_and_plain_search_value_every_hex_four_opening_alike() {
    let g = hex(4);
    let with = solved(&g, true);
    let without = solved_plain(&g, true);
    assert_eq!(with.value, Some(Value::Win));
    assert_eq!(with.moves, without.moves);
    // the knowledge settles the start at once: red has a semi connection
    assert!(
        with.nodes * 100 < without.nodes,
        "{} {}",
        with.nodes,
        without.nodes
    );
}

#[test]
fn sparse_hex_five_positions_keep_their_values_and_named_moves_under_the_knowledge() {
    sparse_hex_five_positions(4);
}

#[test]
#[ignore = "slow: ten positions proved twice each (half a minute in the test profile)"]
fn ten_sparse_hex_five_positions_keep_their_values_and_named_moves_under_the_knowledge() {
    sparse_hex_five_positions(10);
}

/// `count` positions of random 8 to 11 ply Hex 5x5 games: the knowledge leaves
/// each one's value, and the winning move it names wins.
fn sparse_hex_five_positions(count: usize) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(8);
    for _ in 0..count {
        let mut g = hex(5);
        let plies = rng.gen_range(8..12);
        let mut moves = Vec::new();
        for _ in 0..plies {
            g.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            g.play(moves[rng.gen_range(0..moves.len())]);
        }
        let text = g.position_text();
        let s = solved(&g, false);
        let plain = solved_plain(&g, false);
        assert_eq!(s.value, plain.value, "{text}");
        if let (Some(Value::Win), Some(named)) = (s.value, s.moves.first()) {
            let m = g.parse_move(&named.mv).unwrap();
            let mut c = g.clone();
            c.play(m);
            assert_eq!(
                solved_plain(&c, false).value,
                Some(Value::Loss),
                "{text} {}",
                named.mv
            );
        }
    }
}

#[test]
fn under_the_swap_rule_every_opening_loses_with_the_knowledge_as_without_it() {
    // with the pie rule the second player wins: a winning opening is swapped, a
    // losing one answered; the knowledge waits until the swap is past
    let g = Hex::new(HexRules::hex(), 3, 3, true);
    let s = solved(&g, true);
    assert_eq!(s.value, Some(minimax(&g)));
    assert_eq!(s.value, Some(Value::Loss));
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    moves.sort();
    for (m, mv) in moves.into_iter().zip(&s.moves) {
        let mut c = g.clone();
        c.play(m);
        assert_eq!(mv.value, Some(minimax(&c).flip()), "opening {}", mv.mv);
    }
    // on 4x4 every opening loses too: the winning ones (d1 c2 b3 a4) to the swap
    let g = Hex::new(HexRules::hex(), 4, 4, true);
    let with = solved(&g, true);
    assert_eq!(with.value, Some(Value::Loss));
    assert!(with.moves.iter().all(|m| m.value == Some(Value::Loss)));
}

/// Solved with the game's knowledge but no proof sets.
fn solved_without_proof_sets<G: Game>(g: &G, every_move: bool) -> Solution {
    let spec = SolveSpec {
        no_proof_sets: true,
        ..spec(every_move)
    };
    solve(GameTree::new(g), g, &spec).unwrap()
}

/// Positions of random Hex games on `size`x`size` of `plies` plies.
fn random_hex_positions(
    seed: u64,
    size: usize,
    plies: std::ops::Range<usize>,
    count: usize,
) -> Vec<Hex> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    while out.len() < count {
        let mut g = hex(size);
        for _ in 0..rng.gen_range(plies.clone()) {
            g.legal_moves(&mut moves);
            g.play(moves[rng.gen_range(0..moves.len())]);
            if g.outcome().is_some() {
                break;
            }
        }
        if g.outcome().is_none() {
            out.push(g);
        }
    }
    out
}

#[test]
fn moves_settled_by_proof_sets_have_the_values_exhaustive_search_gives() {
    let mut memo = rustc_hash::FxHashMap::default();
    for g in random_hex_positions(48, 4, 3..7, 40) {
        let s = solved(&g, true);
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        moves.sort();
        for (&m, valued) in moves.iter().zip(&s.moves) {
            let mut c = g.clone();
            c.play(m);
            let truth = if crate::games::hex::exhaustive::wins(&c, &mut memo) {
                Value::Loss
            } else {
                Value::Win
            };
            assert_eq!(
                valued.value,
                Some(truth),
                "{} {}",
                g.position_text(),
                valued.mv
            );
        }
    }
    // (small boards are mostly settled by the knowledge at once: the sets settle
    // moves on larger ones, below)
}

#[test]
fn proof_sets_leave_every_move_of_sparse_hex_five_positions_its_value() {
    let mut settled = 0;
    for g in random_hex_positions(49, 5, 2..6, 30) {
        let with = solved(&g, true);
        let without = solved_without_proof_sets(&g, true);
        settled += with.by_proof_sets;
        assert_eq!(with.value, without.value, "{}", g.position_text());
        assert_eq!(with.moves, without.moves, "{}", g.position_text());
    }
    assert!(settled > 40, "{settled} moves settled by proof sets");
}
