//! Connectivity on a hex rhombus given as one byte per cell: group spans, spanning groups, distances.
//!
//! These answer the accelerated predicates of rules/lib/hexgrid.pl (through
//! src/foreign/) and the native evaluation; they mean exactly what the pure
//! Prolog definitions there mean.

use super::board::{Axis, Board, DIRECTIONS};
use std::cell::RefCell;

/// Where cell `i` lies across `axis`: (on the low edge, on the high edge).
fn edges(cols: usize, rows: usize, i: usize, axis: Axis) -> (bool, bool) {
    let (c, r) = (i % cols, i / cols);
    match axis {
        Axis::Vertical => (r == 0, r + 1 == rows),
        Axis::Horizontal => (c == 0, c + 1 == cols),
    }
}

fn neighbours(cols: usize, rows: usize, i: usize) -> impl Iterator<Item = usize> {
    let (c, r) = ((i % cols) as i32, (i / cols) as i32);
    DIRECTIONS.iter().filter_map(move |&(dc, dr)| {
        let (c1, r1) = (c + dc, r + dr);
        (c1 >= 0 && r1 >= 0 && (c1 as usize) < cols && (r1 as usize) < rows)
            .then(|| r1 as usize * cols + c1 as usize)
    })
}

/// Flood from `seeds` through cells equal to `stone`; true once both edges are touched.
fn flood(cells: &[u8], cols: usize, rows: usize, stone: u8, axis: Axis, seeds: &[usize]) -> bool {
    let mut seen = vec![false; cells.len()];
    let mut stack: Vec<usize> = Vec::with_capacity(cells.len());
    let (mut lo, mut hi) = (false, false);
    for &s in seeds {
        seen[s] = true;
        stack.push(s);
    }
    while let Some(i) = stack.pop() {
        let (l, h) = edges(cols, rows, i, axis);
        lo |= l;
        hi |= h;
        if lo && hi {
            return true;
        }
        for j in neighbours(cols, rows, i) {
            if !seen[j] && cells[j] == stone {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    false
}

/// Whether the group of the stone on `seed` touches both edges of `axis`.
/// `cells` has one byte per cell, row by row.
pub fn group_spans(cells: &[u8], cols: usize, rows: usize, seed: usize, axis: Axis) -> bool {
    flood(cells, cols, rows, cells[seed], axis, &[seed])
}

/// Whether some group of `stone` cells joins both edges of `axis`.
pub fn spanning(cells: &[u8], cols: usize, rows: usize, stone: u8, axis: Axis) -> bool {
    let seeds: Vec<usize> = (0..cells.len())
        .filter(|&i| cells[i] == stone && edges(cols, rows, i, axis).0)
        .collect();
    !seeds.is_empty() && flood(cells, cols, rows, stone, axis, &seeds)
}

/// Neighbour and edge tables of one board size, for the distance search.
#[derive(Default)]
struct Geometry {
    size: (usize, usize),
    /// Six neighbour slots per cell; `u16::MAX` marks a missing neighbour.
    neighbours: Vec<[u16; 6]>,
    /// Per cell: bit 0 top row, 1 bottom row, 2 left column, 3 right column.
    edges: Vec<u8>,
}

impl Geometry {
    fn build(cols: usize, rows: usize) -> Geometry {
        let n = cols * rows;
        let mut g = Geometry {
            size: (cols, rows),
            neighbours: vec![[u16::MAX; 6]; n],
            edges: vec![0; n],
        };
        for i in 0..n {
            for (k, j) in neighbours(cols, rows, i).enumerate() {
                g.neighbours[i][k] = j as u16;
            }
            let (vl, vh) = edges(cols, rows, i, Axis::Vertical);
            let (hl, hh) = edges(cols, rows, i, Axis::Horizontal);
            g.edges[i] = u8::from(vl) | u8::from(vh) << 1 | u8::from(hl) << 2 | u8::from(hh) << 3;
        }
        g
    }
}

/// Reused state of `distance`: the geometry and the buffers.
#[derive(Default)]
struct Scratch {
    geometry: Geometry,
    dist: Vec<u16>,
    cur: Vec<u16>,
    next: Vec<u16>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// How many empty cells `player` must still fill to join the edges of `axis`,
/// through their own stones for free and never through the opponent's; 1000 when
/// they can no longer join them.  Same as hexgrid:distance/6: a breadth-first
/// search one distance at a time, each layer closed under free moves.
pub fn distance(board: &Board, player: usize, axis: Axis) -> u32 {
    SCRATCH.with(|scratch| {
        let s = &mut *scratch.borrow_mut();
        let size = (board.cols(), board.rows());
        if s.geometry.size != size {
            s.geometry = Geometry::build(size.0, size.1);
        }
        distance_with(board, player, axis, s)
    })
}

fn distance_with(board: &Board, player: usize, axis: Axis, s: &mut Scratch) -> u32 {
    let n = board.len();
    let (low_bit, high_bit) = match axis {
        Axis::Vertical => (1u8, 2u8),
        Axis::Horizontal => (4u8, 8u8),
    };
    let cost = |i: usize| -> Option<u16> {
        match board.stone(i) {
            None => Some(1),
            Some(p) if p == player => Some(0),
            Some(_) => None,
        }
    };
    let Scratch {
        geometry,
        dist,
        cur,
        next,
    } = s;
    dist.clear();
    dist.resize(n, u16::MAX);
    cur.clear();
    next.clear();
    for i in 0..n {
        if geometry.edges[i] & low_bit != 0 {
            match cost(i) {
                Some(0) => {
                    dist[i] = 0;
                    cur.push(i as u16);
                }
                Some(c) => {
                    dist[i] = c;
                    next.push(i as u16);
                }
                None => {}
            }
        }
    }
    let mut d: u16 = 0;
    loop {
        while let Some(i) = cur.pop() {
            let i = i as usize;
            if dist[i] != d {
                continue;
            }
            if geometry.edges[i] & high_bit != 0 {
                return u32::from(d);
            }
            for &j in &geometry.neighbours[i] {
                if j == u16::MAX {
                    break;
                }
                let j = j as usize;
                if let Some(c) = cost(j) {
                    let nd = d + c;
                    if nd < dist[j] {
                        dist[j] = nd;
                        if c == 0 {
                            cur.push(j as u16);
                        } else {
                            next.push(j as u16);
                        }
                    }
                }
            }
        }
        if next.is_empty() {
            return 1000;
        }
        std::mem::swap(cur, next);
        next.clear();
        d += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_and_spanning_agree_on_a_small_board() {
        // 3x3, rows from the top: "r.." "r.." "r.." — column a joins top and bottom
        let cells = b"reereeree";
        assert!(group_spans(cells, 3, 3, 0, Axis::Vertical));
        assert!(!group_spans(cells, 3, 3, 0, Axis::Horizontal));
        assert!(spanning(cells, 3, 3, b'r', Axis::Vertical));
        assert!(!spanning(cells, 3, 3, b'b', Axis::Horizontal));
    }

    #[test]
    fn distance_counts_empty_cells_to_fill() {
        let mut b = Board::new(3, 3);
        assert_eq!(distance(&b, 0, Axis::Vertical), 3);
        b.place(b.index(1, 1), 0, Axis::Vertical);
        assert_eq!(distance(&b, 0, Axis::Vertical), 2);
        // blue fills the bottom row of a 2x2 board: red can no longer connect
        let mut w = Board::new(2, 2);
        w.place(w.index(0, 1), 1, Axis::Horizontal);
        w.place(w.index(1, 1), 1, Axis::Horizontal);
        assert_eq!(distance(&w, 0, Axis::Vertical), 1000);
    }
}
