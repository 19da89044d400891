//! Fill-in (Henderson and Hayward's inferior-cell analysis): cells whose colour is
//! settled without changing the position's value, given their colour before any
//! search.  A dead cell (see `dead`) takes either colour; a pair of empty
//! neighbours each of which the other's stone of one player kills is captured by
//! that player — whatever the opponent plays in it, the player answers in the
//! other cell and the opponent's stone is dead — so both take the player's colour.
//! Filled cells change other cells' rings, so the rules run until nothing changes.
//!
//! The filled position has the value of the position, and so has each position a
//! move on an unfilled cell makes (a dead cell stays dead and a captured pair stays
//! captured as stones are added round them), so the solver's knowledge may read
//! the filled board: a move into a filled cell is no better than passing.

use super::board::Axis;
use super::cells::{bit, cells_of, Cells};
use super::dead::is_dead;

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
    pub fn all(&self) -> u64 {
        self.dead | self.captured[0] | self.captured[1]
    }
}

/// The cells after `x`.
fn above(x: usize) -> u64 {
    u64::MAX.checked_shl(x as u32 + 1).unwrap_or(0)
}

/// Gives `cell` to `player` on the masks.
fn put(cells: &mut Cells, cell: usize, player: usize) {
    cells.stones[player] |= bit(cell);
    cells.empty &= !bit(cell);
}

/// Takes a stone of `player` off `cell` on the masks.
fn take(cells: &mut Cells, cell: usize, player: usize) {
    cells.stones[player] &= !bit(cell);
    cells.empty |= bit(cell);
}

/// Whether `player`'s stone on `x` kills `y` (both empty).
fn kills(cells: &mut Cells, x: usize, y: usize, player: usize, axes: [Axis; 2]) -> bool {
    put(cells, x, player);
    let dead = is_dead(cells, y, axes);
    take(cells, x, player);
    dead
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
                // a cell with three empty neighbours or more besides the other stays
                // alive after one stone beside it
                let free =
                    |c: usize, other: usize| (cells.nb[c] & cells.empty & !bit(other)).count_ones();
                if free(x, y) > 2 || free(y, x) > 2 {
                    continue;
                }
                for p in 0..2 {
                    if kills(cells, x, y, p, axes) && kills(cells, y, x, p, axes) {
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
            return filled;
        }
    }
}
