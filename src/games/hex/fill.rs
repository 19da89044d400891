//! Fill-in (Henderson and Hayward's inferior-cell analysis): cells whose colour is
//! settled without changing the position's value, given their colour before any
//! search.  A dead cell (see `dead`) takes either colour; a pair of empty
//! neighbours each of which the other's stone of one player kills is captured by
//! that player — whatever the opponent plays in it, the player answers in the
//! other cell and the opponent's stone is dead — so both take the player's colour.
//! Filled cells change other cells' rings, so the rules run until nothing changes;
//! when they settle no cell, a decomposition may settle a whole region (see
//! `decompose`), and they run again.
//!
//! The filled position has the value of the position, and so has each position a
//! move on an unfilled cell makes (a dead cell stays dead and a captured pair stays
//! captured as stones are added round them), so the solver's knowledge may read
//! the filled board: a move into a filled cell is no better than passing.

use super::board::Axis;
use super::cells::{bit, cells_of, Cells};
use super::dead::is_dead;
use super::decompose::{settled_region, Settled};

/// What fill-in settled: the cells it gave each player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Filled {
    /// Dead cells, given the colour of the player `dead_to` names.
    pub dead: u64,
    /// Cells captured by each player.
    pub captured: [u64; 2],
}

impl Filled {
    /// Every filled cell.
    #[cfg(test)]
    pub fn all(&self) -> u64 {
        self.dead | self.captured[0] | self.captured[1]
    }
}

/// The cells after `x`.
fn above(x: usize) -> u64 {
    u64::MAX.checked_shl(x as u32 + 1).unwrap_or(0)
}

/// Gives `cell` to `player` on the masks.
pub(super) fn put(cells: &mut Cells, cell: usize, player: usize) {
    cells.stones[player] |= bit(cell);
    cells.empty &= !bit(cell);
}

/// Takes a stone of `player` off `cell` on the masks.
pub(super) fn take(cells: &mut Cells, cell: usize, player: usize) {
    cells.stones[player] &= !bit(cell);
    cells.empty |= bit(cell);
}

/// Whether `player`'s stone on `x` kills `y` (both empty).
pub(super) fn kills(cells: &mut Cells, x: usize, y: usize, player: usize, axes: [Axis; 2]) -> bool {
    put(cells, x, player);
    let dead = is_dead(cells, y, axes);
    take(cells, x, player);
    dead
}

/// Whether the empty neighbours `x` and `y` are captured by `player`: its stone on
/// either kills the other, so it answers a stone on one with the other.
pub(super) fn captured_pair(
    cells: &mut Cells,
    x: usize,
    y: usize,
    player: usize,
    axes: [Axis; 2],
) -> bool {
    // a cell with three empty neighbours or more besides the other stays alive after
    // one stone beside it
    let free = |cells: &Cells, c: usize, other: usize| {
        (cells.nb[c] & cells.empty & !bit(other)).count_ones()
    };
    free(cells, x, y) <= 2
        && free(cells, y, x) <= 2
        && kills(cells, x, y, player, axes)
        && kills(cells, y, x, player, axes)
}

/// Fills the dead and captured cells of `cells` in place until none is left, dead
/// cells in the colour of `dead_to`; gives what it filled.  Boards less than two
/// cells across either way are left as they are.
pub fn fill_in(cells: &mut Cells, axes: [Axis; 2], dead_to: usize) -> Filled {
    let mut filled = Filled::default();
    if cells.cols < 2 || cells.rows < 2 {
        return filled;
    }
    loop {
        let mut changed = false;
        for i in cells_of(cells.empty) {
            if cells.empty & bit(i) != 0 && is_dead(cells, i, axes) {
                put(cells, i, dead_to);
                filled.dead |= bit(i);
                changed = true;
            }
        }
        for x in cells_of(cells.empty) {
            for y in cells_of(cells.nb[x] & cells.empty & above(x)) {
                if cells.empty & bit(x) == 0 || cells.empty & bit(y) == 0 {
                    continue;
                }
                for p in 0..2 {
                    if captured_pair(cells, x, y, p, axes) {
                        put(cells, x, p);
                        put(cells, y, p);
                        filled.captured[p] |= bit(x) | bit(y);
                        changed = true;
                        break;
                    }
                }
            }
        }
        if !changed {
            // the rules above settle no cell: a region may be settled as a whole
            match settled_region(cells, axes) {
                None => return filled,
                Some(Settled::Dead(region)) => {
                    for i in cells_of(region) {
                        put(cells, i, dead_to);
                    }
                    filled.dead |= region;
                }
                Some(Settled::Held(region, p)) => {
                    for i in cells_of(region) {
                        put(cells, i, p);
                    }
                    filled.captured[p] |= region;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::hex::exhaustive::{random_position, wins};
    use crate::games::hex::{Hex, HexRules};
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    use rustc_hash::FxHashMap;
    use std::sync::Arc;

    /// The position of `g` with the filled cells given their colours.
    fn with_filled(g: &Hex, cells: &Cells) -> Hex {
        let stones: Vec<Option<usize>> = (0..g.board().len())
            .map(|i| (0..2).find(|&p| cells.stones[p] & bit(i) != 0))
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

    #[test]
    fn filled_positions_keep_their_value_and_so_does_every_move_on_an_unfilled_cell() {
        let mut rng = SmallRng::seed_from_u64(21);
        let (mut dead, mut captured, mut checked) = (0, 0, 0);
        for (cols, rows, count) in [(4, 4, 300), (5, 4, 200), (5, 5, 150)] {
            // one table per board size (the hash does not say the size)
            let mut memo = FxHashMap::default();
            let rules = Arc::new(HexRules::contactix("red", "blue"));
            let n = cols * rows;
            for _ in 0..count {
                // 6 to 10 empty cells on 5x5, fewer on the smaller boards
                let count = rng.gen_range(n * 3 / 5..n * 4 / 5);
                let g = random_position(&mut rng, &rules, cols, rows, count);
                if g.outcome().is_some() {
                    continue;
                }
                let mut cells = Cells::of(g.board()).unwrap();
                let filled = fill_in(&mut cells, [g.axes[0], g.axes[1]], 1 - g.to_move());
                if filled.all() == 0 {
                    continue;
                }
                dead += filled.dead.count_ones();
                captured += (filled.captured[0] | filled.captured[1]).count_ones();
                checked += 1;
                let f = with_filled(&g, &cells);
                let text = g.position_text();
                assert_eq!(wins(&g, &mut memo), wins(&f, &mut memo), "{text}");
                for m in cells_of(cells.empty) {
                    let (mut a, mut b) = (g.clone(), f.clone());
                    a.play(m as u16);
                    b.play(m as u16);
                    assert_eq!(
                        wins(&a, &mut memo),
                        wins(&b, &mut memo),
                        "{text} then {}",
                        g.move_text(m as u16)
                    );
                }
            }
        }
        assert!(
            checked > 100 && dead > 100 && captured > 50,
            "{checked} {dead} {captured}"
        );
    }
}
