//! Connectivity on a hex rhombus given as one byte per cell: group spans, spanning groups, distances.
//!
//! These answer the accelerated predicates of rules/lib/hexgrid.pl (through
//! src/foreign/) and the native evaluation; they mean exactly what the pure
//! Prolog definitions there mean.

use super::board::{Axis, Board, DIRECTIONS};
use std::collections::VecDeque;

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

/// How many empty cells `player` must still fill to join the edges of `axis`,
/// through their own stones for free and never through the opponent's; 1000 when
/// they can no longer join them.  Same as hexgrid:distance/6.
pub fn distance(board: &Board, player: usize, axis: Axis) -> u32 {
    let (cols, rows) = (board.cols(), board.rows());
    let n = board.len();
    let cost = |i: usize| -> Option<u32> {
        match board.stone(i) {
            None => Some(1),
            Some(p) if p == player => Some(0),
            Some(_) => None,
        }
    };
    let mut dist = vec![u32::MAX; n];
    let mut queue = VecDeque::new();
    for i in 0..n {
        if edges(cols, rows, i, axis).0 {
            if let Some(c) = cost(i) {
                dist[i] = c;
                if c == 0 {
                    queue.push_front(i);
                } else {
                    queue.push_back(i);
                }
            }
        }
    }
    let mut done = vec![false; n];
    while let Some(i) = queue.pop_front() {
        if done[i] {
            continue;
        }
        done[i] = true;
        if edges(cols, rows, i, axis).1 {
            return dist[i];
        }
        for j in neighbours(cols, rows, i) {
            if let Some(c) = cost(j) {
                let d = dist[i] + c;
                if d < dist[j] {
                    dist[j] = d;
                    if c == 0 {
                        queue.push_front(j);
                    } else {
                        queue.push_back(j);
                    }
                }
            }
        }
    }
    1000
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
