//! A Hex board of at most 64 cells as 64-bit masks (neighbours, edges, stones): the
//! form the solver's knowledge (virtual connections, dead cells) works on.

use super::board::{Axis, Board};

/// The most cells a board may have for the masks.
pub const MAX_MASK_CELLS: usize = 64;

/// The bit of cell `i`.
#[inline]
pub fn bit(i: usize) -> u64 {
    1 << i
}

/// The cells of a mask, lowest first.
pub fn cells_of(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

/// One position as masks.
pub struct Cells {
    pub cols: usize,
    pub rows: usize,
    /// Per cell: its neighbours.
    pub nb: [u64; MAX_MASK_CELLS],
    /// The cells of the top row, bottom row, left column and right column.
    pub edges: [u64; 4],
    /// Each player's stones.
    pub stones: [u64; 2],
    /// The empty cells.
    pub empty: u64,
}

impl Cells {
    /// The masks of a board, or `None` when it has more than 64 cells.
    pub fn of(board: &Board) -> Option<Cells> {
        let (cols, rows) = (board.cols(), board.rows());
        let n = cols * rows;
        if n > MAX_MASK_CELLS {
            return None;
        }
        let mut cells = Cells {
            cols,
            rows,
            nb: [0; MAX_MASK_CELLS],
            edges: [0; 4],
            stones: [0; 2],
            empty: 0,
        };
        for i in 0..n {
            for j in board.neighbours(i) {
                cells.nb[i] |= bit(j);
            }
            let (c, r) = (i % cols, i / cols);
            for (e, on) in [r == 0, r + 1 == rows, c == 0, c + 1 == cols]
                .into_iter()
                .enumerate()
            {
                if on {
                    cells.edges[e] |= bit(i);
                }
            }
        }
        for &i in board.empties() {
            cells.empty |= bit(i as usize);
        }
        for i in 0..n {
            if let Some(p) = board.stone(i) {
                cells.stones[p] |= bit(i);
            }
        }
        Some(cells)
    }

    /// The low and the high edge of an axis, as masks of cells.
    pub fn edge_pair(&self, axis: Axis) -> (u64, u64) {
        match axis {
            Axis::Vertical => (self.edges[0], self.edges[1]),
            Axis::Horizontal => (self.edges[2], self.edges[3]),
        }
    }

    /// The cells next to any cell of `mask`.
    pub fn around(&self, mask: u64) -> u64 {
        cells_of(mask).fold(0, |acc, i| acc | self.nb[i])
    }

    /// The group of stones of `stones` that holds cell `i` (a flood fill).
    pub fn group_of(&self, stones: u64, i: usize) -> u64 {
        let mut group = bit(i);
        let mut frontier = group;
        while frontier != 0 {
            let next = self.around(frontier) & stones & !group;
            group |= next;
            frontier = next;
        }
        group
    }
}
