//! Virtual connections of one Hex player, by a bounded H-search (Anshelevich 2002) on
//! boards of at most 64 cells: which of the player's groups, edges and empty cells
//! the player can join whoever moves first (a full connection), or by moving first
//! (a semi connection, with its key move), each with the empty cells it needs (its
//! carrier).
//!
//! Full connections start from adjacency (carrier empty).  The AND rule chains two
//! full connections with disjoint carriers through a middle point: through one of
//! the player's groups it is a full connection, through an empty cell a semi one
//! whose key is that cell.  The OR rule joins semi connections of one pair whose
//! carriers have no cell in common into a full one (the opponent cannot block them
//! all at once).  These rules find bridges, edge templates II to IV and chains of
//! them.  Every connection found is real; the search only misses some, because it
//! keeps a few carriers per pair (the smallest) and stops after a few rounds.
//!
//! Connections are kept for pairs with at least one group (the two edges count as
//! groups, with the stones that touch them); between two empty cells only adjacency
//! and the bridge are used.

use super::board::Axis;
use super::cells::{bit, cells_of, Cells, MAX_MASK_CELLS};
use std::cell::RefCell;

/// The full connections kept per pair.
const MAX_FULL: usize = 4;
/// The semi connections kept per pair.
const MAX_SEMI: usize = 8;
/// The rounds of the AND and OR rules at most.
const MAX_ROUNDS: usize = 4;

/// A few carriers (with key cells for semi connections), the smallest kept.
#[derive(Clone, Copy)]
struct Carriers<const K: usize> {
    len: u8,
    carrier: [u64; K],
    key: [u8; K],
    /// The round each carrier was found in.
    round: [u8; K],
}

impl<const K: usize> Default for Carriers<K> {
    fn default() -> Self {
        Carriers {
            len: 0,
            carrier: [0; K],
            key: [0; K],
            round: [0; K],
        }
    }
}

impl<const K: usize> Carriers<K> {
    fn carriers(&self) -> &[u64] {
        &self.carrier[..self.len as usize]
    }

    /// Adds a carrier unless one held lies inside it; drops those that hold it.
    /// When full, it takes the place of the largest if smaller.  Gives whether it
    /// was added.
    fn add(&mut self, c: u64, key: u8, round: u8) -> bool {
        let n = self.len as usize;
        if self.carrier[..n].iter().any(|&e| e & !c == 0) {
            return false;
        }
        let mut kept = 0;
        for i in 0..n {
            if c & !self.carrier[i] != 0 {
                self.carrier[kept] = self.carrier[i];
                self.key[kept] = self.key[i];
                self.round[kept] = self.round[i];
                kept += 1;
            }
        }
        if kept < K {
            self.carrier[kept] = c;
            self.key[kept] = key;
            self.round[kept] = round;
            self.len = kept as u8 + 1;
            return true;
        }
        self.len = kept as u8;
        let (largest, size) = (0..kept)
            .map(|i| (i, self.carrier[i].count_ones()))
            .max_by_key(|&(_, s)| s)
            .unwrap_or((0, 0));
        if c.count_ones() < size {
            self.carrier[largest] = c;
            self.key[largest] = key;
            self.round[largest] = round;
            true
        } else {
            false
        }
    }
}

/// What the H-search found between one player's two edges.
#[derive(Clone, Debug, Default)]
pub struct EdgeLinks {
    /// The cells where the player joins the edges at once.
    pub win_now: u64,
    /// The smallest carrier of a connection that joins the edges whoever moves
    /// first, if the search found one.
    pub full: Option<u64>,
    /// Semi connections between the edges: (carrier with the key, key cell).
    pub semi: Vec<(u64, usize)>,
}

/// The H-search of one player: groups (0: low edge, 1: high edge, then the rest) and
/// empty cells as points; point `p < groups` is a group, else cell `p - groups`.
struct Search<'a> {
    cells: &'a Cells,
    groups: usize,
    points: usize,
    /// Per group: its empty neighbours (an edge's: also the empty cells on it).
    liberties: Vec<u64>,
    /// Per cell: the empty cells it bridges to (two empty cells between).
    bridges: [u64; MAX_MASK_CELLS],
    full: Vec<Carriers<MAX_FULL>>,
    semi: Vec<Carriers<MAX_SEMI>>,
    /// Pairs whose semi connections grew in this round.
    grown: Vec<bool>,
    /// The round: connections found in it are stamped with it, and a round
    /// combines only pairs of which one is new (stamped with the round before).
    round: u8,
}

impl Search<'_> {
    fn at(&self, g: usize, p: usize) -> usize {
        g * self.points + p
    }

    /// The point of cell `i`.
    fn point(&self, i: usize) -> usize {
        self.groups + i
    }

    /// Adds a full connection between group `g` and point `p` (both ways between groups).
    fn add_full(&mut self, g: usize, p: usize, c: u64) -> bool {
        let (k, r) = (self.at(g, p), self.round);
        let added = self.full[k].add(c, 0, r);
        if added && p < self.groups {
            let k = self.at(p, g);
            self.full[k].add(c, 0, r);
        }
        added
    }

    /// Adds a semi connection between group `g` and point `p` with key cell `key`.
    fn add_semi(&mut self, g: usize, p: usize, c: u64, key: usize) {
        let (k, r) = (self.at(g, p), self.round);
        if self.semi[k].add(c, key as u8, r) {
            self.grown[k] = true;
            if p < self.groups {
                let k = self.at(p, g);
                if self.semi[k].add(c, key as u8, r) {
                    self.grown[k] = true;
                }
            }
        }
    }

    /// The full connections of pair `k` with their rounds (copied out, few).
    fn fulls(&self, k: usize) -> ([u64; MAX_FULL], [u8; MAX_FULL], usize) {
        let f = &self.full[k];
        (f.carrier, f.round, f.len as usize)
    }

    /// The AND rule from group `g` through every middle point, on pairs of full
    /// connections of which one is new.
    fn and_rule(&mut self, g: usize) -> bool {
        let mut grew = false;
        let new = self.round - 1;
        for z in 0..self.points {
            if z == g || self.full[self.at(g, z)].len == 0 {
                continue;
            }
            let (a_set, a_round, a_len) = self.fulls(self.at(g, z));
            let first_new = a_round[..a_len].contains(&new);
            if z < self.groups {
                // through a group: full connections
                for y in 0..self.points {
                    if y == g || y == z {
                        continue;
                    }
                    let k = self.at(z, y);
                    if self.full[k].len == 0 {
                        continue;
                    }
                    let (b_set, b_round, b_len) = self.fulls(k);
                    if !first_new && !b_round[..b_len].contains(&new) {
                        continue;
                    }
                    let y_cell = if y < self.groups {
                        0
                    } else {
                        bit(y - self.groups)
                    };
                    for i in 0..a_len {
                        for j in 0..b_len {
                            let (a, b) = (a_set[i], b_set[j]);
                            if (a_round[i] == new || b_round[j] == new)
                                && a & b == 0
                                && a & y_cell == 0
                            {
                                grew |= self.add_full(g, y, a | b);
                            }
                        }
                    }
                }
            } else {
                // through an empty cell: semi connections keyed by it
                let zc = z - self.groups;
                let zb = bit(zc);
                for i in 0..a_len {
                    let a = a_set[i];
                    if a & zb != 0 {
                        continue;
                    }
                    let a_new = a_round[i] == new;
                    for h in 0..self.groups {
                        let k = self.at(h, z);
                        if h == g || self.full[k].len == 0 {
                            continue;
                        }
                        let (b_set, b_round, b_len) = self.fulls(k);
                        for j in 0..b_len {
                            let b = b_set[j];
                            if (a_new || b_round[j] == new) && a & b == 0 && b & zb == 0 {
                                self.add_semi(g, h, a | b | zb, zc);
                            }
                        }
                    }
                    // the links between empty cells are there from the start
                    if !a_new {
                        continue;
                    }
                    for y in cells_of(self.cells.nb[zc] & self.cells.empty) {
                        if a & bit(y) == 0 {
                            let p = self.point(y);
                            self.add_semi(g, p, a | zb, zc);
                        }
                    }
                    for y in cells_of(self.bridges[zc]) {
                        let b = self.cells.nb[zc] & self.cells.nb[y] & self.cells.empty;
                        if a & b == 0 && a & bit(y) == 0 {
                            let p = self.point(y);
                            self.add_semi(g, p, a | b | zb, zc);
                        }
                    }
                }
            }
        }
        grew
    }

    /// The OR rule on every pair whose semi connections grew.
    fn or_rule(&mut self) -> bool {
        let mut grew = false;
        for k in 0..self.grown.len() {
            if !std::mem::take(&mut self.grown[k]) {
                continue;
            }
            let semi = self.semi[k];
            let s = semi.carriers();
            let mut found = Vec::new();
            for j in 0..s.len() {
                disjoint_unions(s, j + 1, s[j], s[j], &mut found);
            }
            let (g, p) = (k / self.points, k % self.points);
            for c in found {
                grew |= self.add_full(g, p, c);
            }
        }
        grew
    }
}

/// The unions of `s[j]` with sets of later carriers whose common cells run out,
/// each set grown only by carriers that shrink what they share.
fn disjoint_unions(s: &[u64], from: usize, common: u64, union: u64, out: &mut Vec<u64>) {
    for j in from..s.len() {
        let shared = common & s[j];
        if shared == common {
            continue;
        }
        if shared == 0 {
            out.push(union | s[j]);
        } else {
            disjoint_unions(s, j + 1, shared, union | s[j], out);
        }
    }
}

/// The connections between the two edges of the player with stones `player`'s,
/// who joins `axis`.  `None` when the player has joined them already.
pub fn edge_links(cells: &Cells, player: usize, axis: Axis) -> Option<EdgeLinks> {
    links_between(cells, player, cells.edge_pair(axis))
}

/// The connections of `player` between two ends that act as its edges: each end a
/// mask of cells, and the player's groups with a stone on an end join it (an end
/// may be an edge's cells, or a group's stones).  `None` when one group is on both.
pub fn links_between(cells: &Cells, player: usize, ends: (u64, u64)) -> Option<EdgeLinks> {
    let own = cells.stones[player];
    let empty = cells.empty;
    let (low_edge, high_edge) = ends;
    // the groups: those on an edge join it
    let (mut low, mut high) = (0u64, 0u64);
    let mut others = Vec::new();
    let mut left = own;
    while left != 0 {
        let g = cells.group_of(own, left.trailing_zeros() as usize);
        left &= !g;
        let (on_low, on_high) = (g & low_edge != 0, g & high_edge != 0);
        match (on_low, on_high) {
            (true, true) => return None,
            (true, false) => low |= g,
            (false, true) => high |= g,
            (false, false) => others.push(g),
        }
    }
    let mut liberties = vec![
        (low_edge | cells.around(low)) & empty,
        (high_edge | cells.around(high)) & empty,
    ];
    liberties.extend(others.iter().map(|&g| cells.around(g) & empty));
    let groups = liberties.len();
    let n = cells.cols * cells.rows;
    let points = groups + n;
    let win_now = liberties[0] & liberties[1];
    let mut bridges = [0u64; MAX_MASK_CELLS];
    for z in cells_of(empty) {
        let near = cells.nb[z] | bit(z);
        for y in cells_of(cells.around(cells.nb[z]) & empty & !near) {
            if (cells.nb[z] & cells.nb[y] & empty).count_ones() == 2 {
                bridges[z] |= bit(y);
            }
        }
    }
    // the tables, kept from call to call (a search runs at every position)
    let (mut full, mut semi, mut grown) = SCRATCH.with(|t| std::mem::take(&mut *t.borrow_mut()));
    let size = groups * points;
    if full.len() < size {
        full.resize(size, Carriers::default());
        semi.resize(size, Carriers::default());
        grown.resize(size, false);
    }
    for k in 0..size {
        full[k].len = 0;
        semi[k].len = 0;
        grown[k] = false;
    }
    full.truncate(size);
    semi.truncate(size);
    grown.truncate(size);
    let mut s = Search {
        cells,
        groups,
        points,
        liberties,
        bridges,
        full,
        semi,
        grown,
        round: 0,
    };
    // adjacency: a group and each of its liberties
    for g in 0..groups {
        for i in cells_of(s.liberties[g]) {
            let p = s.point(i);
            s.add_full(g, p, 0);
        }
    }
    for round in 1..=MAX_ROUNDS {
        s.round = round as u8;
        let mut grew = false;
        for g in 0..groups {
            grew |= s.and_rule(g);
        }
        grew |= s.or_rule();
        if !grew {
            break;
        }
    }
    let k = s.at(0, 1);
    let semi = s.semi[k];
    let links = EdgeLinks {
        win_now,
        full: s.full[k]
            .carriers()
            .iter()
            .copied()
            .min_by_key(|c| c.count_ones()),
        semi: semi
            .carriers()
            .iter()
            .zip(semi.key.iter())
            .map(|(&c, &key)| (c, key as usize))
            .collect(),
    };
    SCRATCH.with(|t| *t.borrow_mut() = (s.full, s.semi, s.grown));
    Some(links)
}

/// The tables of a thread's searches: full and semi connections, pairs grown.
type Tables = (Vec<Carriers<MAX_FULL>>, Vec<Carriers<MAX_SEMI>>, Vec<bool>);

thread_local! {
    static SCRATCH: RefCell<Tables> = const { RefCell::new((Vec::new(), Vec::new(), Vec::new())) };
}
