//! Decompositions (after Henderson, Arneson and Hayward, "Solving 8x8 Hex", 2009):
//! an empty region — a connected set of empty cells with stones all round it —
//! whose colour the position settles as a whole.  A player's *terminals* by a
//! region are the player's edges and groups that touch it, a group on an edge
//! counting as that edge.  A winning chain that enters a region from one terminal
//! and leaves it to the same one can go round through the terminal, so:
//!
//! - a region that touches at most one terminal of each player is dead: no colour
//!   in it can decide the game;
//! - a region that touches two terminals of player P, A and B, is P's whole when P
//!   joins A to B inside it whoever moves first (a full virtual connection whose
//!   carrier lies in the region) and the opponent cannot use the region once A and
//!   B are joined.  That holds when the region touches at most one terminal of the
//!   opponent (its chains through the region go nowhere), and when A and B each
//!   touch both of the opponent's edges: then A and B are walls across the
//!   opponent's way, the region lies between them, and a chain of P's from one to
//!   the other cuts every chain of the opponent's between its edges that passes
//!   there.  (P's own edge always spans the opponent's, through its corners, so
//!   with one edge terminal the test asks only that the other terminal spans.  A
//!   review found the fill sound without this condition too: P answers inside the
//!   carrier, and the filled position's chains are rebuilt through A and B.  It is
//!   kept as the narrower claim the exhaustive test holds.)  P answers each of the opponent's moves in the region inside the
//!   carrier, so filling the region with P's stones keeps the position's value.
//!
//! Stones added outside a region keep it a region and can only merge terminals,
//! which keeps a dead region dead and turns a region P holds dead; so a move on a
//! cell outside it keeps the fill right, as `fill` requires.

use super::board::Axis;
use super::cells::Cells;
use super::vc::links_between;

/// A region settled as a whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settled {
    /// No colour in these cells decides the game.
    Dead(u64),
    /// These cells are this player's, who holds them against any play.
    Held(u64, usize),
}

/// One player's terminals: its two edges (the cells along them, with its groups
/// on them) and its other groups.
struct Terminals {
    /// Per terminal: its stones and, for an edge, the edge's cells.
    masks: Vec<u64>,
}

impl Terminals {
    /// The terminals of `player`, who joins `axis`; `None` when a group joins the
    /// player's edges (the game is over).
    fn of(cells: &Cells, player: usize, axis: Axis) -> Option<Terminals> {
        let own = cells.stones[player];
        let (low, high) = cells.edge_pair(axis);
        let mut masks = vec![low, high];
        let mut left = own;
        while left != 0 {
            let g = cells.group_of(own, left.trailing_zeros() as usize);
            left &= !g;
            match (g & low != 0, g & high != 0) {
                (true, true) => return None,
                (true, false) => masks[0] |= g,
                (false, true) => masks[1] |= g,
                (false, false) => masks.push(g),
            }
        }
        Some(Terminals { masks })
    }

    /// The terminals that touch `region`: an edge when a cell of the region lies
    /// on it, a group when a stone of it is next to the region.
    fn touching(&self, cells: &Cells, region: u64) -> Vec<usize> {
        let near = cells.around(region);
        (0..self.masks.len())
            .filter(|&t| {
                let m = self.masks[t];
                let on_edge = t < 2 && m & region != 0;
                on_edge || m & near & !cells.empty != 0
            })
            .collect()
    }
}

/// The connected sets of empty cells of `cells`.
fn regions(cells: &Cells) -> Vec<u64> {
    let mut out = Vec::new();
    let mut left = cells.empty;
    while left != 0 {
        let r = cells.group_of(cells.empty, left.trailing_zeros() as usize);
        left &= !r;
        out.push(r);
    }
    out
}

/// Whether terminal `mask` of a player touches both edges of the opponent, who
/// joins `axis`.
fn spans(cells: &Cells, mask: u64, axis: Axis) -> bool {
    let (low, high) = cells.edge_pair(axis);
    mask & low != 0 && mask & high != 0
}

/// Whether `player` joins the terminals `a` and `b` inside `region` whoever moves
/// first: the board with every other empty cell the opponent's.
fn held_between(cells: &Cells, player: usize, region: u64, a: u64, b: u64) -> bool {
    let inside = Cells {
        cols: cells.cols,
        rows: cells.rows,
        nb: cells.nb,
        edges: cells.edges,
        stones: {
            let mut s = cells.stones;
            s[1 - player] |= cells.empty & !region;
            s
        },
        empty: region,
    };
    links_between(&inside, player, (a, b)).is_some_and(|l| l.full.is_some())
}

/// The first region of `cells` that a decomposition settles, the players joining
/// `axes`; `None` when there is none or the game is over.
pub fn settled_region(cells: &Cells, axes: [Axis; 2]) -> Option<Settled> {
    let terminals = [
        Terminals::of(cells, 0, axes[0])?,
        Terminals::of(cells, 1, axes[1])?,
    ];
    for region in regions(cells) {
        let touching = [
            terminals[0].touching(cells, region),
            terminals[1].touching(cells, region),
        ];
        if touching[0].len() <= 1 && touching[1].len() <= 1 {
            return Some(Settled::Dead(region));
        }
        for p in 0..2 {
            // (a region between the player's own edges is the whole game, whose
            // connections the solver's knowledge reads itself)
            let &[a, b] = touching[p].as_slice() else {
                continue;
            };
            if (a, b) == (0, 1) {
                continue;
            }
            let (a, b) = (terminals[p].masks[a], terminals[p].masks[b]);
            let walls = spans(cells, a, axes[1 - p]) && spans(cells, b, axes[1 - p]);
            if (touching[1 - p].len() <= 1 || walls) && held_between(cells, p, region, a, b) {
                return Some(Settled::Held(region, p));
            }
        }
    }
    None
}

#[cfg(test)]
#[path = "decompose_tests.rs"]
mod tests;
