//! Dead cells of Hex: empty cells whose colour can never decide the game, found
//! from the ring of six around each cell.  A move there is no better than passing,
//! and passing never helps in Hex, so a solver need not try it while another move
//! is left.
//!
//! The rule, for one player: walk the ring of the cell's six neighbours (off the
//! board: the player's own edge, or the other player's).  A neighbour is *owned* when
//! it holds the player's stone or is the player's edge, *usable* when owned or
//! empty.  If every two usable neighbours are joined by an arc of the ring whose
//! inner neighbours are all owned, any chain of the player's through the cell can go
//! round it (ring neighbours touch each other), so the cell is useless to the
//! player.  A cell useless to both players is dead: no minimal winning chain of
//! either holds it.

use super::board::Axis;
use super::cells::{bit, Cells};

/// The ring of six neighbours, in order around the cell.
const RING: [(i32, i32); 6] = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)];

/// What one ring neighbour is to one player.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Spot {
    /// The player's stone or edge.
    Owned,
    /// An empty cell.
    Free,
    /// The other player's stone or edge.
    Blocked,
}

/// The ring around cell `i` as the player with stones `own` (joining `axis`) sees it.
pub(super) fn ring(cells: &Cells, i: usize, own: u64, axis: Axis) -> [Spot; 6] {
    let (c, r) = ((i % cells.cols) as i32, (i / cells.cols) as i32);
    let (cols, rows) = (cells.cols as i32, cells.rows as i32);
    RING.map(|(dc, dr)| {
        let (c1, r1) = (c + dc, r + dr);
        let off_rows = r1 < 0 || r1 >= rows;
        let off_cols = c1 < 0 || c1 >= cols;
        if off_rows || off_cols {
            let mine = match axis {
                Axis::Vertical => off_rows,
                Axis::Horizontal => off_cols,
            };
            return if mine { Spot::Owned } else { Spot::Blocked };
        }
        let j = (r1 * cols + c1) as usize;
        if own & bit(j) != 0 {
            Spot::Owned
        } else if cells.empty & bit(j) != 0 {
            Spot::Free
        } else {
            Spot::Blocked
        }
    })
}

/// Whether every two usable spots of a ring are joined by an arc of owned spots.
pub(super) fn useless(ring: &[Spot; 6]) -> bool {
    let usable = |k: usize| ring[k % 6] != Spot::Blocked;
    // the arc from a to b (going up the ring), its inner spots all owned
    let arc_owned = |a: usize, b: usize| {
        let mut k = a + 1;
        while k % 6 != b {
            if ring[k % 6] != Spot::Owned {
                return false;
            }
            k += 1;
        }
        true
    };
    (0..6)
        .all(|a| (a + 1..6).all(|b| !usable(a) || !usable(b) || arc_owned(a, b) || arc_owned(b, a)))
}

/// Whether empty cell `i` is dead: useless to both players (boards at least two
/// cells across).
pub fn is_dead(cells: &Cells, i: usize, axes: [Axis; 2]) -> bool {
    (0..2).all(|p| useless(&ring(cells, i, cells.stones[p], axes[p])))
}

/// The dead empty cells of a position whose players join `axes` (the solver finds
/// them by fill-in, see `fill`).  Boards less than two cells across either way have
/// none (a cell there touches both of an edge pair).
#[cfg(test)]
pub fn dead_cells(cells: &Cells, axes: [Axis; 2]) -> u64 {
    if cells.cols < 2 || cells.rows < 2 {
        return 0;
    }
    let mut dead = 0;
    let mut empty = cells.empty;
    while empty != 0 {
        let i = empty.trailing_zeros() as usize;
        empty &= empty - 1;
        if is_dead(cells, i, axes) {
            dead |= bit(i);
        }
    }
    dead
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::hex::{Hex, HexRules};

    fn position(text: &str) -> Hex {
        Hex::new(HexRules::hex(), 5, 5, false)
            .parse_position(text)
            .unwrap()
    }

    fn dead_names(text: &str) -> Vec<String> {
        let g = position(text);
        let cells = Cells::of(g.board()).unwrap();
        super::super::cells::cells_of(dead_cells(&cells, [Axis::Vertical, Axis::Horizontal]))
            .map(|i| g.move_text(i as u16))
            .collect()
    }

    #[test]
    fn four_stones_in_a_row_around_a_cell_kill_it() {
        // c3 ringed by blue on c2, d2, d3, c4 (four consecutive neighbours); d1 too,
        // between the top edge and blue's c2, d2
        assert_eq!(dead_names("5x5 5/2bb1/3b1/2b2/5 red setup"), ["d1", "c3"]);
        // three of them: c3 lives
        assert_eq!(dead_names("5x5 5/2bb1/3b1/5/5 red setup"), ["d1"]);
    }

    #[test]
    fn an_empty_board_has_no_dead_cell() {
        assert!(dead_names("5x5 5/5/5/5/5 red").is_empty());
    }
}
