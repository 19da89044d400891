//! Connectivity on a hex rhombus given as one byte per cell: group spans, spanning groups, distances.
//!
//! These answer the accelerated predicates of rules/lib/hexgrid.pl (through
//! src/foreign/) and the native evaluation; they mean exactly what the pure
//! Prolog definitions there mean.

use super::board::{word_at, Axis, Board, Geometry, Plane, NO_CELL, WORDS};

/// Flood from `seeds` through cells equal to `stone`; true once both edges are touched.
fn flood(cells: &[u8], cols: usize, rows: usize, stone: u8, axis: Axis, seeds: &[usize]) -> bool {
    let g = Geometry::of(cols, rows);
    let (low, high) = axis.edge_bits();
    let mut seen = vec![false; cells.len()];
    let mut stack: Vec<usize> = Vec::with_capacity(cells.len());
    let mut touched = 0u8;
    for &s in seeds {
        seen[s] = true;
        stack.push(s);
    }
    while let Some(i) = stack.pop() {
        touched |= g.cells[i].edges;
        if touched & (low | high) == low | high {
            return true;
        }
        for &j in g.cells[i].neighbours.iter().take_while(|&&j| j != NO_CELL) {
            let j = j as usize;
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
    let g = Geometry::of(cols, rows);
    let low = axis.edge_bits().0;
    let seeds: Vec<usize> = (0..cells.len())
        .filter(|&i| cells[i] == stone && g.cells[i].edges & low != 0)
        .collect();
    !seeds.is_empty() && flood(cells, cols, rows, stone, axis, &seeds)
}

/// hexgrid:distance/6 on a board given as one byte per cell, row by row: how many
/// empty cells (`e`) `stone` must still fill to join the edges of `axis`, through
/// its own stones for free and never through any other cell; 1000 if it cannot.
pub fn cells_distance(
    cells: &[u8],
    cols: usize,
    rows: usize,
    stone: u8,
    other: u8,
    axis: Axis,
) -> u32 {
    let (low, high) = axis.edge_bits();
    let g = Geometry::of(cols, rows);
    let cost = |i: usize| match cells[i] {
        x if x == other => None,
        b'e' => Some(1),
        x if x == stone => Some(0),
        _ => None,
    };
    let mut dist = vec![u32::MAX; cells.len()];
    let mut deque = std::collections::VecDeque::with_capacity(cells.len());
    for i in (0..cells.len()).filter(|&i| g.cells[i].edges & low != 0) {
        if let Some(c) = cost(i) {
            dist[i] = c;
            if c == 0 {
                deque.push_front(i);
            } else {
                deque.push_back(i);
            }
        }
    }
    // 0-1 breadth-first search: a cell leaves the deque with its final distance
    while let Some(i) = deque.pop_front() {
        if g.cells[i].edges & high != 0 {
            return dist[i];
        }
        for &j in g.cells[i].neighbours.iter().take_while(|&&j| j != NO_CELL) {
            let j = j as usize;
            if let Some(c) = cost(j) {
                if dist[i] + c < dist[j] {
                    dist[j] = dist[i] + c;
                    if c == 0 {
                        deque.push_front(j);
                    } else {
                        deque.push_back(j);
                    }
                }
            }
        }
    }
    1000
}

/// How many empty cells `player` must still fill to join the edges of `axis`,
/// through their own stones for free and never through the opponent's; 1000 when
/// they can no longer join them.  Same as hexgrid:distance/6, computed on bit
/// planes: the cells within distance d, d = 0, 1, ..., each set closed under
/// steps onto the player's own stones.
pub fn distance(board: &Board, player: usize, axis: Axis) -> u32 {
    // the fewest words that hold the board: the work is a few shifts per word
    match board.geometry().words {
        1 => distance_in::<1>(board, player, axis),
        2 => distance_in::<2>(board, player, axis),
        3 => distance_in::<3>(board, player, axis),
        4 => distance_in::<4>(board, player, axis),
        5 | 6 => distance_in::<6>(board, player, axis),
        7 | 8 => distance_in::<8>(board, player, axis),
        _ => distance_in::<WORDS>(board, player, axis),
    }
}

/// A plane cut to its first `W` words.
type Bits<const W: usize> = [u64; W];

fn first<const W: usize>(p: &Plane) -> Bits<W> {
    std::array::from_fn(|w| word_at(p, w * 8))
}

/// `x` shifted `k` bits towards higher cells (0 < k < 64).
#[inline(always)]
fn up<const W: usize>(x: &Bits<W>, k: usize) -> Bits<W> {
    let mut out = [0; W];
    for w in 0..W {
        out[w] = x[w] << k | if w > 0 { x[w - 1] >> (64 - k) } else { 0 };
    }
    out
}

/// `x` shifted `k` bits towards lower cells (0 < k < 64).
#[inline(always)]
fn down<const W: usize>(x: &Bits<W>, k: usize) -> Bits<W> {
    let mut out = [0; W];
    for w in 0..W {
        out[w] = x[w] >> k | if w + 1 < W { x[w + 1] << (64 - k) } else { 0 };
    }
    out
}

/// Every cell next to a cell of `x` (and some off-board bits, for the caller to mask):
/// (c+-1, r); (c, r+1) and (c-1, r+1) in the row below; (c, r-1) and (c+1, r-1) above.
/// Plain loops: `std::array::from_fn` here was left as a call per word.
#[inline(always)]
fn spread<const W: usize>(x: &Bits<W>, stride: usize) -> Bits<W> {
    let (right, left) = (up(x, 1), down(x, 1));
    let mut x_left = *x;
    let mut x_right = *x;
    for w in 0..W {
        x_left[w] |= left[w];
        x_right[w] |= right[w];
    }
    let (below, above) = (up(&x_left, stride), down(&x_right, stride));
    let mut out = [0; W];
    for w in 0..W {
        out[w] = right[w] | left[w] | below[w] | above[w];
    }
    out
}

fn is_zero<const W: usize>(x: &Bits<W>) -> bool {
    x.iter().all(|&v| v == 0)
}

fn distance_in<const W: usize>(board: &Board, player: usize, axis: Axis) -> u32 {
    let g = board.geometry();
    let own: Bits<W> = first(board.plane(player));
    let opp: Bits<W> = first(board.plane(1 - player));
    let (lo, hi) = match axis {
        Axis::Vertical => (0, 1),
        Axis::Horizontal => (2, 3),
    };
    let low: Bits<W> = first(&g.edge_planes[lo]);
    let high: Bits<W> = first(&g.edge_planes[hi]);
    let mut empty: Bits<W> = first(&g.valid);
    for w in 0..W {
        empty[w] &= !own[w] & !opp[w];
    }
    let s = g.stride;
    // `reach`: the cells within distance d; `layer`: those at distance exactly d
    let mut layer: Bits<W> = [0; W];
    for w in 0..W {
        layer[w] = low[w] & own[w];
    }
    let mut reach = layer;
    let mut d = 0;
    loop {
        // close the layer under steps onto own stones (free)
        let mut new = layer;
        loop {
            let n = spread(&new, s);
            for w in 0..W {
                new[w] = n[w] & own[w] & !reach[w];
                reach[w] |= new[w];
                layer[w] |= new[w];
            }
            if is_zero(&new) {
                break;
            }
        }
        if (0..W).any(|w| reach[w] & high[w] != 0) {
            return d;
        }
        // one more empty cell: next to the layer, or on the low edge
        let n = spread(&layer, s);
        for w in 0..W {
            layer[w] = (n[w] | low[w]) & empty[w] & !reach[w];
            reach[w] |= layer[w];
        }
        if is_zero(&layer) {
            return 1000;
        }
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

    /// The board as one byte per cell: `e`, or `0` / `1` for each player's stones.
    fn board_bytes(b: &Board) -> Vec<u8> {
        (0..b.len())
            .map(|i| match b.stone(i) {
                None => b'e',
                Some(p) => b'0' + p as u8,
            })
            .collect()
    }

    /// The distance by the plain 0-1 breadth-first search over cell bytes, to check the planes.
    fn reference_distance(b: &Board, player: usize, axis: Axis) -> u32 {
        let cells = board_bytes(b);
        let (stone, other) = (b'0' + player as u8, b'0' + 1 - player as u8);
        cells_distance(&cells, b.cols(), b.rows(), stone, other, axis)
    }

    #[test]
    fn plane_distance_matches_a_plain_search_on_every_shape() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        let shapes = [
            (1, 1),
            (1, 26),
            (26, 1),
            (2, 3),
            (7, 3),
            (3, 7),
            (11, 11),
            (13, 9),
            (19, 19),
            (26, 26),
        ];
        for (cols, rows) in shapes {
            for _ in 0..40 {
                let mut b = Board::new(cols, rows);
                let fill = rng.gen_range(0..=b.len());
                for _ in 0..fill {
                    let e = b.empties();
                    let i = e[rng.gen_range(0..e.len())] as usize;
                    let p = rng.gen_range(0..2);
                    b.place(
                        i,
                        p,
                        if p == 0 {
                            Axis::Vertical
                        } else {
                            Axis::Horizontal
                        },
                    );
                }
                for (p, axis) in [(0, Axis::Vertical), (1, Axis::Horizontal)] {
                    assert_eq!(
                        distance(&b, p, axis),
                        reference_distance(&b, p, axis),
                        "{cols}x{rows}, player {p}"
                    );
                }
            }
        }
    }

    #[test]
    fn union_find_wins_match_a_flood_on_every_shape() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(6);
        for (cols, rows) in [(1, 1), (1, 5), (5, 1), (4, 6), (11, 11), (26, 26)] {
            for _ in 0..20 {
                let mut b = Board::new(cols, rows);
                while !b.empties().is_empty() {
                    let e = b.empties();
                    let i = e[rng.gen_range(0..e.len())] as usize;
                    let p = rng.gen_range(0..2);
                    let axis = if p == 0 {
                        Axis::Vertical
                    } else {
                        Axis::Horizontal
                    };
                    let won = b.place(i, p, axis);
                    let cells = board_bytes(&b);
                    assert_eq!(
                        won,
                        group_spans(&cells, cols, rows, i, axis),
                        "{cols}x{rows}"
                    );
                }
            }
        }
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
