//! Hex knowledge (`Game::insight`) against an exhaustive solver: on random positions
//! of small boards every win, loss and narrowing it claims holds, and the key moves
//! it names keep the win.

use super::*;
use crate::game::Insight;
use crate::games::hex::exhaustive::{random_position, wins};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rustc_hash::FxHashMap;

/// How often each kind of verdict came, to show the test reaches them all.
#[derive(Default, Debug)]
struct Seen {
    win_by_key: u32,
    win_any: u32,
    loss: u32,
    narrowed: u32,
    /// Proof sets checked, and those smaller than the empty cells.
    proof_sets: u32,
    smaller: u32,
}

/// Checks the proof set the knowledge gives for `g`, which it settles for
/// `winner`: with the loser's stones on every other empty cell, the winner wins.
fn check_proof_set(g: &Hex, winner: usize, memo: &mut FxHashMap<u64, bool>, seen: &mut Seen) {
    let Some(set) = insight::insight_support(g) else {
        return;
    };
    seen.proof_sets += 1;
    let empty: u64 = g.board().empties().iter().fold(0u64, |a, &i| a | 1u64 << i);
    assert_eq!(set & !empty, 0, "{}", g.position_text());
    if set != empty {
        seen.smaller += 1;
    }
    let test = g
        .with_stones(1 - winner, empty & !set)
        .expect("a small board");
    let won = match test.outcome() {
        Some(Outcome::Win(p)) => p == winner,
        _ => wins(&test, memo) == (test.to_move() == winner),
    };
    assert!(
        won,
        "{}: the proof set {set:#x} does not hold",
        g.position_text()
    );
}

/// Checks the insight of `g` against exhaustive search.
fn check(g: &Hex, memo: &mut FxHashMap<u64, bool>, seen: &mut Seen) {
    if g.outcome().is_some() {
        return;
    }
    let truth = wins(g, memo);
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let all = moves.clone();
    let text = g.position_text();
    match g.insight(&mut moves) {
        Insight::Win(key) => {
            assert!(truth, "{text}: claimed a win");
            check_proof_set(g, g.to_move(), memo, seen);
            let keys: Vec<HexMove> = match key {
                Some(k) => {
                    seen.win_by_key += 1;
                    vec![k]
                }
                None => {
                    seen.win_any += 1;
                    all.clone()
                }
            };
            for k in keys {
                assert!(all.contains(&k), "{text}: key {k} is not legal");
                let mut c = g.clone();
                c.play(k);
                assert!(
                    !wins(&c, memo),
                    "{text}: {} does not keep the win",
                    g.move_text(k)
                );
            }
        }
        Insight::Loss => {
            seen.loss += 1;
            assert!(!truth, "{text}: claimed a loss");
            check_proof_set(g, 1 - g.to_move(), memo, seen);
        }
        Insight::Open => {
            assert!(!moves.is_empty(), "{text}: no move left");
            assert!(moves.iter().all(|m| all.contains(m)), "{text}");
            if moves.len() < all.len() {
                seen.narrowed += 1;
            }
            let kept_wins = moves.iter().any(|&m| {
                let mut c = g.clone();
                c.play(m);
                !wins(&c, memo)
            });
            assert_eq!(kept_wins, truth, "{text}: the narrowing lost the win");
        }
    }
}

fn check_board(
    seed: u64,
    rules: HexRules,
    cols: usize,
    rows: usize,
    stones: std::ops::Range<usize>,
    count: usize,
) -> Seen {
    let rules = Arc::new(rules);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut memo = FxHashMap::default();
    let mut seen = Seen::default();
    for _ in 0..count {
        let n = rng.gen_range(stones.clone());
        let g = random_position(&mut rng, &rules, cols, rows, n);
        check(&g, &mut memo, &mut seen);
        // and a position further on, from a random game out of it
        let mut h = g.clone();
        let mut buf = Vec::new();
        for _ in 0..rng.gen_range(0..4) {
            h.legal_moves(&mut buf);
            if buf.is_empty() {
                break;
            }
            h.play(buf[rng.gen_range(0..buf.len())]);
        }
        check(&h, &mut memo, &mut seen);
    }
    seen
}

#[test]
fn the_knowledge_is_exact_on_random_hex_four_positions() {
    let seen = check_board(11, HexRules::hex(), 4, 4, 4..12, 400);
    assert!(seen.win_by_key > 20 && seen.win_any > 20, "{seen:?}");
    assert!(seen.loss > 20 && seen.narrowed > 5, "{seen:?}");
}

#[test]
fn the_knowledge_is_exact_on_random_hex_five_positions() {
    let seen = check_board(12, HexRules::hex(), 5, 5, 15..22, 200);
    assert!(seen.win_by_key > 20 && seen.win_any > 2, "{seen:?}");
    assert!(seen.loss > 20 && seen.narrowed > 2, "{seen:?}");
    assert!(seen.proof_sets > 40 && seen.smaller > 20, "{seen:?}");
}

#[test]
fn the_knowledge_is_exact_on_boards_wider_or_longer_than_square() {
    knowledge_exact_on(&[(13, 5, 3), (14, 3, 5), (17, 2, 6)]);
}

#[test]
#[ignore = "slow: two larger boards more (ten seconds in the test profile)"]
fn the_knowledge_is_exact_on_larger_boards_wider_or_longer_than_square() {
    knowledge_exact_on(&[(15, 4, 5), (16, 6, 3)]);
}

/// The knowledge is exact on random Con-Tac-Tix positions of each (seed, cols, rows).
fn knowledge_exact_on(boards: &[(u64, usize, usize)]) {
    for &(seed, cols, rows) in boards {
        let stones = cols * rows / 3..cols * rows - 2;
        let seen = check_board(
            seed,
            HexRules::contactix("red", "blue"),
            cols,
            rows,
            stones,
            150,
        );
        assert!(
            seen.win_by_key + seen.win_any + seen.loss > 10,
            "{cols}x{rows} {seen:?}"
        );
    }
}

#[test]
fn a_full_connection_of_the_side_to_move_is_a_win_and_the_opponents_a_loss() {
    let g = Hex::new(HexRules::hex(), 5, 5, false);
    let mut buf = Vec::new();
    g.legal_moves(&mut buf);
    // c3 on the empty 5x5 board: two edge templates (ziggurats), one each way
    let c3 = g.parse_move("c3").unwrap();
    let mut after = g.clone();
    after.play(c3);
    after.legal_moves(&mut buf);
    assert_eq!(after.insight(&mut buf), Insight::Loss);
    g.legal_moves(&mut buf);
    assert!(matches!(g.insight(&mut buf), Insight::Win(Some(_))));
}

#[test]
fn a_threat_to_join_narrows_the_moves_to_the_cells_that_stop_it() {
    // red b2 on 3x3: bridges to both edges, a full connection, so blue has lost
    let g = Hex::new(HexRules::hex(), 3, 3, false)
        .parse_position("3x3 3/1r1/3 blue")
        .unwrap();
    let mut buf = Vec::new();
    g.legal_moves(&mut buf);
    assert_eq!(g.insight(&mut buf), Insight::Loss);
    // red d2 on 4x4 threatens to join: blue must play where it stops every threat,
    // a4, b3, b4, c2 or d1; of those, a4 and c2 are dominated by moves kept
    let g = Hex::new(HexRules::hex(), 4, 4, false)
        .parse_position("4x4 4/3r/4/4 blue")
        .unwrap();
    g.legal_moves(&mut buf);
    let all = buf.clone();
    assert_eq!(g.insight(&mut buf), Insight::Open);
    let mut names: Vec<String> = buf.iter().map(|&m| g.move_text(m)).collect();
    names.sort();
    assert_eq!(names, ["b3", "b4", "d1"]);
    // and every move left out outside the five loses
    let must = ["a4", "b3", "b4", "c2", "d1"];
    let mut memo = FxHashMap::default();
    for m in all
        .into_iter()
        .filter(|m| !must.contains(&g.move_text(*m).as_str()))
    {
        let mut c = g.clone();
        c.play(m);
        assert!(wins(&c, &mut memo), "{} does not lose", g.move_text(m));
    }
}

#[test]
fn under_the_swap_rule_the_knowledge_waits_for_the_swap_and_is_exact_after_it() {
    let mut rng = SmallRng::seed_from_u64(13);
    let mut memo = FxHashMap::default();
    let mut seen = Seen::default();
    let mut buf = Vec::new();
    for _ in 0..150 {
        let mut g = Hex::new(HexRules::hex(), 4, 4, true);
        g.legal_moves(&mut buf);
        let all = buf.clone();
        assert_eq!(g.insight(&mut buf), Insight::Open, "the first move");
        assert_eq!(buf, all);
        g.play(all[rng.gen_range(0..all.len())]);
        g.legal_moves(&mut buf);
        let all = buf.clone();
        assert_eq!(g.insight(&mut buf), Insight::Open, "the choice to swap");
        assert_eq!(buf, all);
        // swapped or not, then random moves: Hex from there on
        if rng.gen_bool(0.5) {
            g.play(SWAP);
        }
        for _ in 0..rng.gen_range(5..10) {
            g.legal_moves(&mut buf);
            if buf.is_empty() {
                break;
            }
            g.play(buf[rng.gen_range(0..buf.len())]);
        }
        check(&g, &mut memo, &mut seen);
    }
    assert!(
        seen.win_by_key + seen.win_any > 10 && seen.loss > 10,
        "{seen:?}"
    );
}

#[test]
fn every_domination_the_knowledge_finds_holds_by_exhaustive_search() {
    // on random positions, every pair the knowledge calls dominated, by capture or
    // by a killer: the dominating move keeps the win whenever the dominated one does
    use super::cells::{bit, cells_of, Cells};
    use super::dominated::{dominated_by, killers};
    let rules = Arc::new(HexRules::hex());
    let mut rng = SmallRng::seed_from_u64(17);
    let (mut captured, mut vulnerable) = (0, 0);
    for (cols, rows, stones, count) in [(4, 4, 4..12, 300), (5, 5, 13..21, 120)] {
        // one table per board size (the hash does not say the size)
        let mut memo = FxHashMap::default();
        for _ in 0..count {
            let n = rng.gen_range(stones.clone());
            let g = random_position(&mut rng, &rules, cols, rows, n);
            if g.outcome().is_some() {
                continue;
            }
            let mut cells = Cells::of(g.board()).unwrap();
            let axes = [g.axes[0], g.axes[1]];
            let me = g.to_move();
            let text = g.position_text();
            let mut wins_after = |m: usize| {
                let mut c = g.clone();
                c.play(m as HexMove);
                !wins(&c, &mut memo)
            };
            for x in cells_of(cells.empty) {
                for y in cells_of(dominated_by(&mut cells, x, me, axes) & !bit(x)) {
                    captured += 1;
                    if wins_after(y) {
                        assert!(wins_after(x), "{text}: {x} captures {y}");
                    }
                }
                for k in cells_of(killers(&mut cells, x, me, axes)) {
                    vulnerable += 1;
                    if wins_after(x) {
                        assert!(wins_after(k), "{text}: {k} kills {x}");
                    }
                }
            }
        }
    }
    assert!(
        captured > 2000 && vulnerable > 500,
        "{captured} {vulnerable}"
    );
}
