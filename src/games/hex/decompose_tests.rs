//! Decompositions against an exhaustive solver: every region they settle keeps the
//! value of the position filled as they say, and of every move outside it.

use super::*;
use crate::game::Game;
use crate::games::hex::cells::{bit, cells_of};
use crate::games::hex::exhaustive::{random_position, wins};
use crate::games::hex::{Hex, HexRules};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// `g` with the cells of `region` given to `player`.
fn filled(g: &Hex, region: u64, player: usize) -> Hex {
    let cells = Cells::of(g.board()).expect("a small board");
    let stones: Vec<Option<usize>> = (0..g.board().len())
        .map(|i| {
            if region & bit(i) != 0 {
                Some(player)
            } else {
                (0..2).find(|&p| cells.stones[p] & bit(i) != 0)
            }
        })
        .collect();
    let (c, r) = (g.board().cols(), g.board().rows());
    Hex::from_cells(
        Arc::new(g.rules().clone()),
        c,
        r,
        &stones,
        g.to_move(),
        false,
    )
}

/// Asserts that `f` (`g` filled) has `g`'s value, and so has each move of both on
/// an empty cell of `f`.
fn same_values(g: &Hex, f: &Hex, memo: &mut FxHashMap<u64, bool>, what: &str) {
    let text = g.position_text();
    assert_eq!(wins(g, memo), wins(f, memo), "{what} in {text}");
    let empty = Cells::of(f.board()).expect("a small board").empty;
    for m in cells_of(empty) {
        let (mut a, mut b) = (g.clone(), f.clone());
        a.play(m as u16);
        b.play(m as u16);
        assert_eq!(
            wins(&a, memo),
            wins(&b, memo),
            "{what} in {text} then {}",
            g.move_text(m as u16)
        );
    }
}

/// The settled regions met, by kind.
#[derive(Default, Debug)]
struct Seen {
    dead: u32,
    held_alone: u32,
    held_between_walls: u32,
}

#[test]
fn settled_regions_keep_the_value_of_the_position_and_of_every_move_outside_them() {
    let mut rng = SmallRng::seed_from_u64(44);
    let mut seen = Seen::default();
    for rules in [HexRules::hex(), HexRules::contactix("red", "blue")] {
        let rules = Arc::new(rules);
        for (cols, rows, count) in [(4, 4, 1500), (5, 4, 1200), (5, 5, 900)] {
            // one table per board size (the hash does not say the size)
            let mut memo = FxHashMap::default();
            let n = cols * rows;
            for _ in 0..count {
                let count = rng.gen_range(n / 2..n * 4 / 5);
                let g = random_position(&mut rng, &rules, cols, rows, count);
                if g.outcome().is_some() {
                    continue;
                }
                let cells = Cells::of(g.board()).expect("a small board");
                let axes = [g.axes[0], g.axes[1]];
                match settled_region(&cells, axes) {
                    None => {}
                    Some(Settled::Dead(region)) => {
                        seen.dead += 1;
                        for p in 0..2 {
                            same_values(&g, &filled(&g, region, p), &mut memo, "a dead region");
                        }
                    }
                    Some(Settled::Held(region, p)) => {
                        let opponent = Terminals::of(&cells, 1 - p, axes[1 - p])
                            .expect("the game is on")
                            .touching(&cells, region)
                            .len();
                        if opponent <= 1 {
                            seen.held_alone += 1;
                        } else {
                            seen.held_between_walls += 1;
                        }
                        same_values(&g, &filled(&g, region, p), &mut memo, "a held region");
                    }
                }
            }
        }
    }
    assert!(
        seen.dead > 100 && seen.held_alone > 30 && seen.held_between_walls > 30,
        "{seen:?}"
    );
}

/// The masks of a position text of Hex (red joins top and bottom).
fn hex_cells(text: &str) -> (Hex, Cells) {
    let (cols, rows) = (5, 5);
    let g = Hex::new(HexRules::hex(), cols, rows, false)
        .parse_position(text)
        .expect("a position");
    let cells = Cells::of(g.board()).expect("a small board");
    (g, cells)
}

#[test]
fn a_strip_between_two_walls_that_a_bridge_crosses_is_held() {
    // red's walls across blue's way: its top edge, and its row of stones on the
    // fourth rank; the bridge c2-b3... here the strip of ranks 2 and 3 touches both,
    // and red joins them inside it whoever moves first
    let (g, cells) = hex_cells("5x5 5/5/5/rrrrr/5 blue setup");
    let axes = [g.axes[0], g.axes[1]];
    let settled = settled_region(&cells, axes);
    let Some(Settled::Held(region, 0)) = settled else {
        panic!("{settled:?}");
    };
    let names: Vec<String> = cells_of(region).map(|i| g.move_text(i as u16)).collect();
    assert_eq!(names.len(), 15, "{names:?}");
}

#[test]
fn the_open_board_is_not_settled() {
    let (g, cells) = hex_cells("5x5 5/5/5/5/5 red");
    assert_eq!(settled_region(&cells, [g.axes[0], g.axes[1]]), None);
}
