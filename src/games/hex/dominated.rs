//! Dominated moves (Hayward and others' inferior-cell analysis), two kinds:
//!
//! - capture-domination: a move X of the side to move dominates each empty cell Y
//!   that its stone on X makes dead, or captured by it.  After X, Y may take X's
//!   player's colour without changing the value (see `fill`), and a position with
//!   stones on X and Y is at least as good for that player as one with a stone on Y
//!   alone (an extra stone never hurts in Hex): so Y is no better than X.
//! - a vulnerable cell: a cell C that the opponent's stone on a neighbour K would
//!   kill (make dead) is dominated by K.  Whatever the opponent plays after the
//!   player's K, the player answers as it would after C, reading an opponent's stone
//!   on C as one on K: C is then dead, so its colour does not matter, and a stone of
//!   the player's on K where the opponent's was read never hurts.
//!
//! A move is left out only while a move that dominates it is kept: the moves are
//! taken in order, and each one left out points at a dominator kept at the time, so
//! following them ends at a kept move (domination is transitive; two moves that
//! dominate each other leave one of them in).

use super::board::Axis;
use super::cells::{bit, cells_of, Cells};
use super::dead::is_dead;
use super::fill::{captured_pair, kills, put, take};

/// The moves of `candidates` (empty cells of `cells`, a board already filled in) worth
/// trying for `me`: those no kept move dominates.  At least one is kept.
pub fn undominated(cells: &mut Cells, me: usize, axes: [Axis; 2], candidates: u64) -> u64 {
    let mut kept = candidates;
    for x in cells_of(candidates) {
        if kept & bit(x) == 0 {
            continue;
        }
        kept &= !(dominated_by(cells, x, me, axes) & !bit(x));
        if killers(cells, x, me, axes) & kept & !bit(x) != 0 {
            kept &= !bit(x);
        }
    }
    kept
}

/// The empty neighbours of empty cell `c` whose stone of `me`'s opponent would kill
/// `c` (each dominates `c` for `me`).
pub fn killers(cells: &mut Cells, c: usize, me: usize, axes: [Axis; 2]) -> u64 {
    cells_of(cells.nb[c] & cells.empty)
        .filter(|&k| kills(cells, k, c, 1 - me, axes))
        .fold(0, |acc, k| acc | bit(k))
}

/// The empty cells that `me`'s stone on `x` makes dead or captured by `me`, found
/// from `x` outwards (a cell's fate reads only its ring of neighbours, so only the
/// neighbours of a cell filled can change).  `cells` is left as it was.
pub fn dominated_by(cells: &mut Cells, x: usize, me: usize, axes: [Axis; 2]) -> u64 {
    put(cells, x, me);
    let mut filled = 0;
    let mut frontier = cells.nb[x] & cells.empty;
    while frontier != 0 {
        let i = frontier.trailing_zeros() as usize;
        frontier &= frontier - 1;
        if cells.empty & bit(i) == 0 {
            continue;
        }
        if is_dead(cells, i, axes) {
            put(cells, i, me);
            filled |= bit(i);
            frontier |= cells.nb[i] & cells.empty;
            continue;
        }
        for y in cells_of(cells.nb[i] & cells.empty) {
            if captured_pair(cells, i, y, me, axes) {
                put(cells, i, me);
                put(cells, y, me);
                filled |= bit(i) | bit(y);
                frontier |= (cells.nb[i] | cells.nb[y]) & cells.empty;
                break;
            }
        }
    }
    for c in cells_of(filled | bit(x)) {
        take(cells, c, me);
    }
    filled
}

#[cfg(test)]
mod tests {
    use super::super::fill::fill_in;
    use super::*;
    use crate::game::Game;
    use crate::games::hex::{Hex, HexRules};

    fn name(g: &Hex, i: usize) -> String {
        g.move_text(i as u16)
    }

    /// The cells a chain of dominations reaches from `kept` within `candidates`.
    fn reached(cells: &mut Cells, me: usize, axes: [Axis; 2], kept: u64, candidates: u64) -> u64 {
        let mut covered = kept;
        loop {
            let before = covered;
            for x in cells_of(covered) {
                covered |= dominated_by(cells, x, me, axes) & candidates;
            }
            if covered == before {
                return covered;
            }
        }
    }

    #[test]
    fn a_stone_that_kills_a_cell_dominates_it_and_every_move_left_out_has_a_kept_dominator() {
        // blue on c2, d2, d3 ring three sides of c3: a blue stone on b3 or c4 makes
        // four in a row round it, and c3 is dead
        let g = Hex::new(HexRules::hex(), 5, 5, false)
            .parse_position("5x5 5/2bb1/3b1/5/5 blue setup")
            .unwrap();
        let mut cells = Cells::of(g.board()).unwrap();
        let axes = [g.axes[0], g.axes[1]];
        fill_in(&mut cells, axes, 0);
        let (empty, stones) = (cells.empty, cells.stones);
        let at = |s: &str| g.parse_move(s).unwrap() as usize;
        let blue = 1;
        for killer in ["b3", "c4"] {
            let by = dominated_by(&mut cells, at(killer), blue, axes);
            assert_ne!(by & bit(at("c3")), 0, "{killer} kills c3");
        }
        assert_eq!(
            (cells.empty, cells.stones),
            (empty, stones),
            "left as it was"
        );
        let kept = undominated(&mut cells, blue, axes, empty);
        assert_eq!(kept & bit(at("c3")), 0, "c3 is left out");
        assert_eq!((cells.empty, cells.stones), (empty, stones));
        // blue's first row: b1 captures a1 and a2 (its stone on either kills the
        // other), so both are left out
        let names: Vec<String> = cells_of(kept).map(|i| name(&g, i)).collect();
        assert!(names.contains(&"b1".to_string()), "{names:?}");
        assert_eq!(kept & (bit(at("a1")) | bit(at("a2"))), 0, "{names:?}");
        assert_eq!(reached(&mut cells, blue, axes, kept, empty), empty);
    }

    #[test]
    fn moves_that_dominate_each_other_leave_one_in() {
        // the empty 2x2 board: every cell is someone's; nothing is ever emptied
        let g = Hex::new(HexRules::hex(), 2, 2, false);
        let mut cells = Cells::of(g.board()).unwrap();
        let axes = [g.axes[0], g.axes[1]];
        for me in 0..2 {
            let empty = cells.empty;
            let kept = undominated(&mut cells, me, axes, empty);
            assert_ne!(kept, 0);
        }
    }
}
