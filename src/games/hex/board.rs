//! A Hex board of up to 26 x 26 cells: stones, a union-find with edge sentinels, and the empty cells.

use std::cell::RefCell;
use std::sync::Arc;

/// The largest number of columns or rows.
pub const MAX_SIDE: usize = 26;
/// The largest number of cells.
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// The four edge sentinels in the union-find, after the cells.
const TOP: usize = MAX_CELLS;
const BOTTOM: usize = MAX_CELLS + 1;
const LEFT: usize = MAX_CELLS + 2;
const RIGHT: usize = MAX_CELLS + 3;

/// Which pair of edges a player joins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// Top row to bottom row.
    Vertical,
    /// Left column to right column.
    Horizontal,
}

/// The six neighbour offsets (dc, dr): (c+-1, r), (c, r+-1), (c+1, r-1), (c-1, r+1).
pub const DIRECTIONS: [(i32, i32); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

/// The neighbours and edges of every cell of one board size.
pub struct Geometry {
    /// Six neighbour slots per cell, `u16::MAX` after the last one.
    pub neighbours: Vec<[u16; 6]>,
    /// Per cell: bit 0 top row, 1 bottom row, 2 left column, 3 right column.
    pub edges: Vec<u8>,
}

impl Geometry {
    fn build(cols: usize, rows: usize) -> Geometry {
        let n = cols * rows;
        let mut g = Geometry {
            neighbours: vec![[u16::MAX; 6]; n],
            edges: vec![0; n],
        };
        for i in 0..n {
            let (c, r) = (i % cols, i / cols);
            let mut k = 0;
            for (dc, dr) in DIRECTIONS {
                let (c1, r1) = (c as i32 + dc, r as i32 + dr);
                if c1 >= 0 && r1 >= 0 && (c1 as usize) < cols && (r1 as usize) < rows {
                    g.neighbours[i][k] = (r1 as usize * cols + c1 as usize) as u16;
                    k += 1;
                }
            }
            g.edges[i] = u8::from(r == 0)
                | u8::from(r + 1 == rows) << 1
                | u8::from(c == 0) << 2
                | u8::from(c + 1 == cols) << 3;
        }
        g
    }

    /// The shared geometry of a board size (built once per size and thread).
    fn of(cols: usize, rows: usize) -> Arc<Geometry> {
        thread_local! {
            static CACHE: RefCell<Vec<((usize, usize), Arc<Geometry>)>> = const { RefCell::new(Vec::new()) };
        }
        CACHE.with(|cache| {
            let mut cache = cache.borrow_mut();
            if let Some((_, g)) = cache.iter().find(|(k, _)| *k == (cols, rows)) {
                return g.clone();
            }
            let g = Arc::new(Geometry::build(cols, rows));
            cache.push(((cols, rows), g.clone()));
            g
        })
    }
}

/// Stones on a C x R rhombus; cell (c, r) has index r * cols + c.
#[derive(Clone)]
pub struct Board {
    geometry: Arc<Geometry>,
    cols: u8,
    rows: u8,
    /// 0 empty, 1 + player index otherwise.
    cells: [u8; MAX_CELLS],
    parent: [u16; MAX_CELLS + 4],
    /// The empty cells (in no particular order) and where each sits in that list.
    empties: [u16; MAX_CELLS],
    empty_at: [u16; MAX_CELLS],
    n_empty: u16,
}

impl Board {
    /// An empty board; `cols` and `rows` in 1..=26.
    pub fn new(cols: usize, rows: usize) -> Board {
        debug_assert!((1..=MAX_SIDE).contains(&cols) && (1..=MAX_SIDE).contains(&rows));
        let mut b = Board {
            geometry: Geometry::of(cols, rows),
            cols: cols as u8,
            rows: rows as u8,
            cells: [0; MAX_CELLS],
            parent: [0; MAX_CELLS + 4],
            empties: [0; MAX_CELLS],
            empty_at: [0; MAX_CELLS],
            n_empty: (cols * rows) as u16,
        };
        for (i, p) in b.parent.iter_mut().enumerate() {
            *p = i as u16;
        }
        for i in 0..cols * rows {
            b.empties[i] = i as u16;
            b.empty_at[i] = i as u16;
        }
        b
    }

    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cols() * self.rows()
    }

    /// Always false: a board has at least one cell.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The cell index of (c, r).
    pub fn index(&self, c: usize, r: usize) -> usize {
        r * self.cols() + c
    }

    /// The (c, r) of a cell index.
    pub fn coords(&self, i: usize) -> (usize, usize) {
        // 32-bit division: cheaper than 64-bit on the playout hot path
        let (i, cols) = (i as u32, u32::from(self.cols));
        ((i % cols) as usize, (i / cols) as usize)
    }

    /// What stands on cell `i`: `None` or `Some(player)`.
    pub fn stone(&self, i: usize) -> Option<usize> {
        match self.cells[i] {
            0 => None,
            s => Some(s as usize - 1),
        }
    }

    /// The empty cells, in no particular order.
    pub fn empties(&self) -> &[u16] {
        &self.empties[..self.n_empty as usize]
    }

    /// The number of stones on the board.
    pub fn stone_count(&self) -> usize {
        self.len() - self.n_empty as usize
    }

    /// The neighbours of cell `i` on this board.
    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let (c, r) = self.coords(i);
        DIRECTIONS.iter().filter_map(move |&(dc, dr)| {
            let (c1, r1) = (c as i32 + dc, r as i32 + dr);
            if c1 >= 0 && r1 >= 0 && (c1 as usize) < self.cols() && (r1 as usize) < self.rows() {
                Some(self.index(c1 as usize, r1 as usize))
            } else {
                None
            }
        })
    }

    fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] as usize != x {
            let grand = self.parent[self.parent[x] as usize];
            self.parent[x] = grand;
            x = grand as usize;
        }
        x
    }

    /// Links the group of `x` under `root`, a root itself.
    fn link_under(&mut self, x: usize, root: usize) {
        let rx = self.find(x);
        if rx != root {
            self.parent[rx] = root as u16;
        }
    }

    /// Puts a stone of `player`, who joins the edges of `axis`, on empty cell `i`.
    /// Returns true when that player's edges are now joined.
    pub fn place(&mut self, i: usize, player: usize, axis: Axis) -> bool {
        debug_assert_eq!(self.cells[i], 0);
        self.cells[i] = player as u8 + 1;
        // take i out of the empty list
        let at = self.empty_at[i] as usize;
        let last = self.empties[self.n_empty as usize - 1];
        self.empties[at] = last;
        self.empty_at[last as usize] = at as u16;
        self.n_empty -= 1;
        // join the group
        let geometry = self.geometry.clone();
        let (low_bit, high_bit, low_edge, high_edge) = match axis {
            Axis::Vertical => (1, 2, TOP, BOTTOM),
            Axis::Horizontal => (4, 8, LEFT, RIGHT),
        };
        // the new stone is a root: every group it touches is linked under it
        let edges = geometry.edges[i];
        if edges & low_bit != 0 {
            self.link_under(low_edge, i);
        }
        if edges & high_bit != 0 {
            self.link_under(high_edge, i);
        }
        let stone = self.cells[i];
        for &j in &geometry.neighbours[i] {
            if j == u16::MAX {
                break;
            }
            if self.cells[j as usize] == stone {
                self.link_under(j as usize, i);
            }
        }
        self.find(low_edge) == self.find(high_edge)
    }

    /// Whether the player with `axis` has joined the edges.
    pub fn joined(&mut self, axis: Axis) -> bool {
        match axis {
            Axis::Vertical => self.find(TOP) == self.find(BOTTOM),
            Axis::Horizontal => self.find(LEFT) == self.find(RIGHT),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_neighbour_counts() {
        let b = Board::new(11, 11);
        assert_eq!(b.neighbours(b.index(0, 0)).count(), 2); // a1, acute
        assert_eq!(b.neighbours(b.index(10, 10)).count(), 2); // k11, acute
        assert_eq!(b.neighbours(b.index(10, 0)).count(), 3); // k1, obtuse
        assert_eq!(b.neighbours(b.index(0, 10)).count(), 3); // a11, obtuse
        assert_eq!(b.neighbours(b.index(5, 5)).count(), 6);
        assert_eq!(b.neighbours(b.index(5, 0)).count(), 4);
    }

    #[test]
    fn one_cell_board_is_won_by_the_first_stone() {
        let mut b = Board::new(1, 1);
        assert!(b.place(0, 0, Axis::Vertical));
    }

    #[test]
    fn wins_along_the_up_right_diagonal() {
        // a1-c3-style anti-diagonal: a3 (0,2), b2 (1,1), c1 (2,0) joins left and right
        let mut b = Board::new(3, 3);
        assert!(!b.place(b.index(0, 2), 1, Axis::Horizontal));
        assert!(!b.place(b.index(1, 1), 1, Axis::Horizontal));
        assert!(b.place(b.index(2, 0), 1, Axis::Horizontal));
    }

    #[test]
    fn the_other_diagonal_is_not_adjacent() {
        let mut b = Board::new(3, 3);
        b.place(b.index(0, 0), 1, Axis::Horizontal);
        b.place(b.index(1, 1), 1, Axis::Horizontal);
        assert!(!b.place(b.index(2, 2), 1, Axis::Horizontal));
    }
}
