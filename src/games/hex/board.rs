//! A Hex board of up to 26 x 26 cells, its tables sized to it: each player's stones as a bit plane, a union-find whose roots know the edges their group touches, and the empty cells.

use std::sync::Mutex;

/// The largest number of columns or rows.
pub const MAX_SIDE: usize = 26;
/// The largest number of cells.
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// The bits of a plane of the largest board: a row of padding above the
/// top row, the rows, and a row of padding below the bottom row, each row
/// `cols + 1` bits long (see `Geometry::bit`).
pub const MAX_BITS: usize = (MAX_SIDE + 2) * (MAX_SIDE + 1);

/// The 64-bit words of a plane: every bit of the largest board, and one word
/// more, so that an eight-byte read at any cell's neighbourhood stays inside.
pub const WORDS: usize = MAX_BITS.div_ceil(64) + 1;

/// One bit per cell, at bit `Geometry::bit`, stored as little-endian bytes: a
/// cell's six neighbours are read in one eight-byte load (see `Board::place`).
pub type Plane = [u8; WORDS * 8];

/// Sets bit `b` of a plane.
#[inline]
fn set_bit(p: &mut Plane, b: usize) {
    p[b / 8] |= 1 << (b % 8);
}

/// Whether bit `b` of a plane is set.
#[inline]
fn has_bit(p: &Plane, b: usize) -> bool {
    p[b / 8] & (1 << (b % 8)) != 0
}

/// The terminator of a cell's neighbour slots.
pub const NO_CELL: u16 = MAX_CELLS as u16;

/// Which pair of edges a player joins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// Top row to bottom row.
    Vertical,
    /// Left column to right column.
    Horizontal,
}

impl Axis {
    /// The edge bits (see `Geometry::edges`) of the low and the high edge.
    pub fn edge_bits(self) -> (u8, u8) {
        match self {
            Axis::Vertical => (1, 2),
            Axis::Horizontal => (4, 8),
        }
    }
}

/// The six neighbour offsets (dc, dr): (c+-1, r), (c, r+-1), (c+1, r-1), (c-1, r+1).
pub const DIRECTIONS: [(i32, i32); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

/// What a board size fixes about one cell.
#[derive(Clone, Copy)]
pub struct CellGeometry {
    /// Six neighbour slots; after the last neighbour, `NO_CELL`.
    pub neighbours: [u16; 6],
    /// Its bit in a plane (see `Geometry::bit`), kept to spare a division.
    pub bit: u16,
    /// Bit 0 top row, 1 bottom row, 2 left column, 3 right column.
    pub edges: u8,
}

/// The neighbours and edges of every cell of one board size, and its bit planes.
pub struct Geometry {
    pub cols: usize,
    pub rows: usize,
    /// Per cell: its neighbours, edges and bit (one record, one cache line).
    pub cells: Vec<CellGeometry>,
    /// Bits apart of two cells one row apart in a plane: `cols + 1`.
    pub stride: usize,
    /// For each pattern of a player's stones around a cell (see
    /// `neighbour_pattern`), where each run of adjacent ones starts, as
    /// offsets from the cell's bit less `stride`: stones adjacent around the
    /// ring touch each other, so one stone of each run names all the groups
    /// the cell touches.  Entry `[n, a, b, c]`: `n` runs, starting at `a`, `b`, `c`.
    pub runs: [[u8; 4]; 128],
    /// The words of a plane that hold cells of this size.
    pub words: usize,
    /// Every cell of the board, as a plane.
    pub valid: Plane,
    /// The top row, bottom row, left column and right column, as planes.
    pub edge_planes: [Plane; 4],
}

impl Geometry {
    fn build(cols: usize, rows: usize) -> Geometry {
        let n = cols * rows;
        let stride = cols + 1;
        let mut g = Geometry {
            cols,
            rows,
            cells: (0..n)
                .map(|i| CellGeometry {
                    neighbours: [NO_CELL; 6],
                    bit: ((i / cols + 1) * stride + i % cols) as u16,
                    edges: 0,
                })
                .collect(),
            stride,
            runs: [[0; 4]; 128],
            words: ((rows + 2) * stride).div_ceil(64),
            valid: [0; WORDS * 8],
            edge_planes: [[0; WORDS * 8]; 4],
        };
        for (pattern, entry) in g.runs.iter_mut().enumerate() {
            *entry = runs_of(pattern, stride);
        }
        for i in 0..n {
            let (c, r) = (i % cols, i / cols);
            let mut k = 0;
            for (dc, dr) in DIRECTIONS {
                let (c1, r1) = (c as i32 + dc, r as i32 + dr);
                if c1 >= 0 && r1 >= 0 && (c1 as usize) < cols && (r1 as usize) < rows {
                    g.cells[i].neighbours[k] = (r1 as usize * cols + c1 as usize) as u16;
                    k += 1;
                }
            }
            g.cells[i].edges = u8::from(r == 0)
                | u8::from(r + 1 == rows) << 1
                | u8::from(c == 0) << 2
                | u8::from(c + 1 == cols) << 3;
            let bit = g.bit(i);
            set_bit(&mut g.valid, bit);
            for (e, plane) in g.edge_planes.iter_mut().enumerate() {
                if g.cells[i].edges & (1 << e) != 0 {
                    set_bit(plane, bit);
                }
            }
        }
        g
    }

    /// The pattern of set bits around the cell at bit `b` of a plane, given
    /// the plane's bits from `b - stride` on: bit 0 (c, r-1), 1 (c+1, r-1),
    /// 2 (c-1, r), 3 the cell itself, 4 (c+1, r), 5 (c-1, r+1), 6 (c, r+1).
    /// Off the board they fall on padding bits, which are never set.
    #[inline]
    pub fn neighbour_pattern(&self, window: u64) -> usize {
        let s = self.stride;
        (window & 3 | (window >> (s - 1) & 7) << 2 | (window >> (2 * s - 1) & 3) << 5) as usize
    }

    /// The bit of cell `i` = (c, r) in a plane: `(r + 1) * stride + c`.
    pub fn bit(&self, i: usize) -> usize {
        self.cells[i].bit as usize
    }

    /// The shared geometry of a board size, built once per size for the whole program.
    pub fn of(cols: usize, rows: usize) -> &'static Geometry {
        static CACHE: Mutex<Vec<&'static Geometry>> = Mutex::new(Vec::new());
        let mut cache = CACHE
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(g) = cache.iter().find(|g| (g.cols, g.rows) == (cols, rows)) {
            return g;
        }
        // at most 26 x 26 sizes, each a few kilobytes: kept for the program's life
        let g: &'static Geometry = Box::leak(Box::new(Geometry::build(cols, rows)));
        cache.push(g);
        g
    }
}

/// The `Geometry::runs` entry of one neighbour pattern on a board `stride` bits wide.
fn runs_of(pattern: usize, stride: usize) -> [u8; 4] {
    // the six neighbours in order around the ring, as (pattern bit, offset)
    let ring = [
        (0, 0),
        (1, 1),
        (4, stride + 1),
        (6, 2 * stride),
        (5, 2 * stride - 1),
        (2, stride - 1),
    ];
    let set = |k: usize| pattern >> ring[k % 6].0 & 1 == 1;
    let mut entry = [0u8; 4];
    let mut n = 0;
    for (k, &(_, offset)) in ring.iter().enumerate() {
        if set(k) && !set(k + 5) {
            n += 1;
            entry[n] = offset as u8;
        }
    }
    if n == 0 && (0..6).all(set) {
        // all six: one run with no start
        (n, entry[1]) = (1, 0);
    }
    entry[0] = n as u8;
    entry
}

/// Stones on a C x R rhombus; cell (c, r) has index r * cols + c.  The tables
/// are sized to the board (a kilobyte at 11 x 11); the two planes have room for
/// the largest board, for the one eight-byte read of a neighbourhood.
pub struct Board {
    geometry: &'static Geometry,
    /// Each player's stones as a bit plane.
    planes: [Plane; 2],
    /// Union-find over the stones, indexed by plane bit: each group's stones
    /// lead to its root.
    parent: Vec<u16>,
    /// At a group's root: the edges (as in `Geometry::edges`) the group touches.
    reach: Vec<u8>,
    /// The empty cells (in no particular order) and where each sits in that list.
    empties: Vec<u16>,
    empty_at: Vec<u16>,
    n_empty: u16,
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            geometry: self.geometry,
            planes: self.planes,
            parent: self.parent.clone(),
            reach: self.reach.clone(),
            empties: self.empties.clone(),
            empty_at: self.empty_at.clone(),
            n_empty: self.n_empty,
        }
    }

    /// Copies `source` into this board's own tables when they are the same
    /// size (no allocation): a playout, a perft node and a search node each
    /// start from such a copy.
    fn clone_from(&mut self, source: &Board) {
        if !std::ptr::eq(self.geometry, source.geometry) {
            *self = source.clone();
            return;
        }
        self.planes = source.planes;
        self.parent.copy_from_slice(&source.parent);
        self.reach.copy_from_slice(&source.reach);
        self.empties.copy_from_slice(&source.empties);
        self.empty_at.copy_from_slice(&source.empty_at);
        self.n_empty = source.n_empty;
    }
}

impl Board {
    /// An empty board; `cols` and `rows` in 1..=26.
    pub fn new(cols: usize, rows: usize) -> Board {
        debug_assert!((1..=MAX_SIDE).contains(&cols) && (1..=MAX_SIDE).contains(&rows));
        let (bits, cells) = ((rows + 2) * (cols + 1), cols * rows);
        Board {
            geometry: Geometry::of(cols, rows),
            planes: [[0; WORDS * 8]; 2],
            parent: vec![0; bits],
            reach: vec![0; bits],
            empties: (0..cells as u16).collect(),
            empty_at: (0..cells as u16).collect(),
            n_empty: cells as u16,
        }
    }

    pub fn cols(&self) -> usize {
        self.geometry.cols
    }

    pub fn rows(&self) -> usize {
        self.geometry.rows
    }

    /// The neighbour, edge and plane tables of this board's size.
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
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
        let (i, cols) = (i as u32, self.geometry.cols as u32);
        ((i % cols) as usize, (i / cols) as usize)
    }

    /// What stands on cell `i`: `None` or `Some(player)`.
    pub fn stone(&self, i: usize) -> Option<usize> {
        let bit = self.geometry.bit(i);
        (0..2).find(|&p| has_bit(&self.planes[p], bit))
    }

    /// The stones of `player` as a bit plane.
    pub fn plane(&self, player: usize) -> &Plane {
        &self.planes[player]
    }

    /// The empty cells, in no particular order.
    #[inline]
    pub fn empties(&self) -> &[u16] {
        &self.empties[..self.n_empty as usize]
    }

    /// The number of stones on the board.
    pub fn stone_count(&self) -> usize {
        self.len() - self.n_empty as usize
    }

    /// The neighbours of cell `i` on this board.
    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.geometry.cells[i]
            .neighbours
            .iter()
            .take_while(|&&j| j != NO_CELL)
            .map(|&j| j as usize)
    }

    /// The root of the group of the stone at plane bit `x`.
    #[inline]
    fn find(&mut self, x: usize) -> usize {
        // most groups are at most two links deep: take both links without a
        // test, which the branch predictor would miss as often as not
        let grand = self.parent[self.parent[x] as usize];
        self.parent[x] = grand;
        let mut x = grand as usize;
        while self.parent[x] as usize != x {
            let grand = self.parent[self.parent[x] as usize];
            self.parent[x] = grand;
            x = grand as usize;
        }
        x
    }

    /// Links the group of the stone at plane bit `x` under `root`; gives the
    /// edges that group touched.
    #[inline]
    fn link(&mut self, x: usize, root: usize) -> u8 {
        let r = self.find(x);
        self.parent[r] = root as u16;
        self.reach[r]
    }

    /// Puts a stone of `player`, who joins the edges of `axis`, on empty cell `i`.
    /// Returns true when that stone's group joins the edges of `axis`.
    /// (Inlined always, for the playout loop: see `Hex::play`.)
    #[inline(always)]
    pub fn place(&mut self, i: usize, player: usize, axis: Axis) -> bool {
        debug_assert_eq!(self.stone(i), None);
        let g = self.geometry;
        let cell = &g.cells[i];
        let bit = cell.bit as usize;
        // the player's stones among the six neighbours, in one read of the
        // plane from the row above on (no load and no branch per neighbour)
        let base = bit - g.stride;
        let plane = &mut self.planes[player];
        let window = word_at(plane, base / 8) >> (base % 8);
        let runs = &g.runs[g.neighbour_pattern(window) & 127];
        set_bit(plane, bit);
        // take i out of the empty list
        let at = self.empty_at[i] as usize;
        let last = self.empties[self.n_empty as usize - 1];
        self.empties[at] = last;
        self.empty_at[last as usize] = at as u16;
        self.n_empty -= 1;
        // the stone joins the group of the first run of its own stones around it
        // (a shallow tree: it hangs right under that root); the groups of the
        // other runs are linked under the same root
        let [n, first, second, third] = *runs;
        let (mut root, mut reach) = (bit, cell.edges);
        if n > 0 {
            root = self.find(base + first as usize);
            reach |= self.reach[root];
            if n > 1 {
                reach |= self.link(base + second as usize, root);
                if n > 2 {
                    reach |= self.link(base + third as usize, root);
                }
            }
        }
        self.parent[bit] = root as u16;
        self.reach[root] = reach;
        let (low, high) = axis.edge_bits();
        reach & (low | high) == low | high
    }
}

/// The eight bytes of a plane from byte `at` on, as a little-endian word.
#[inline]
pub fn word_at(p: &Plane, at: usize) -> u64 {
    let mut bytes = [0; 8];
    bytes.copy_from_slice(&p[at..at + 8]);
    u64::from_le_bytes(bytes)
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

    /// Everything a board says: stones, empty cells in order, and the group
    /// spans after one more stone of each player on each empty cell.
    fn everything(b: &Board) -> (Vec<Option<usize>>, Vec<u16>, Vec<[bool; 2]>) {
        let stones = (0..b.len()).map(|i| b.stone(i)).collect();
        let wins = b
            .empties()
            .iter()
            .map(|&i| {
                [(0, Axis::Vertical), (1, Axis::Horizontal)].map(|(p, axis)| {
                    let mut after = b.clone();
                    after.place(i as usize, p, axis)
                })
            })
            .collect();
        (stones, b.empties().to_vec(), wins)
    }

    #[test]
    fn clone_from_gives_the_same_board_over_any_board() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
        let mut random_board = |cols, rows, fill| {
            let mut b = Board::new(cols, rows);
            for _ in 0..fill {
                let e = b.empties();
                let i = e[rng.gen_range(0..e.len())] as usize;
                let p = rng.gen_range(0..2);
                b.place(i, p, [Axis::Vertical, Axis::Horizontal][p]);
            }
            b
        };
        // the hard instances: boards of another size both ways (the copy must
        // take the source's tables, not keep its own), and a fuller board of the
        // same size
        for (from, onto) in [
            (random_board(5, 5, 12), random_board(26, 26, 676)),
            (random_board(5, 5, 3), random_board(5, 5, 25)),
            (random_board(26, 26, 300), random_board(3, 4, 12)),
        ] {
            let mut copy = onto;
            copy.clone_from(&from);
            assert_eq!(everything(&copy), everything(&from));
        }
    }

    #[test]
    fn one_stone_of_each_run_around_the_ring() {
        // pattern bits: 0 (c, r-1), 1 (c+1, r-1), 2 (c-1, r), 3 the cell,
        // 4 (c+1, r), 5 (c-1, r+1), 6 (c, r+1); offsets on a stride of 12
        let s = 12;
        assert_eq!(runs_of(0, s), [0, 0, 0, 0]);
        assert_eq!(
            runs_of(0b1000, s),
            [0, 0, 0, 0],
            "the cell itself is no neighbour"
        );
        // all six: one run
        assert_eq!(runs_of(0b111_0111, s)[..2], [1, 0]);
        // every other one around the ring: three runs
        assert_eq!(runs_of(0b011_0001, s), [3, 0, s as u8 + 1, 2 * s as u8 - 1]);
        // (c+1, r) and (c, r+1) are adjacent: two runs
        assert_eq!(runs_of(0b101_0001, s), [2, 0, s as u8 + 1, 0]);
        // (c-1, r) and (c, r-1) are adjacent across the ring's end: one run,
        // starting at (c-1, r)
        assert_eq!(runs_of(0b000_0101, s), [1, s as u8 - 1, 0, 0]);
        // (c+1, r-1) and (c+1, r) one run; (c-1, r+1) another
        assert_eq!(runs_of(0b011_0010, s), [2, 1, 2 * s as u8 - 1, 0]);
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
