//! Proof sets (Henderson, Arneson and Hayward, "Solving 8x8 Hex", 2009), for games
//! in which an extra stone never hurts its owner and each move fills one cell.
//!
//! A proof set of a position won by W is a set of its empty cells such that W
//! still wins when every other empty cell holds a stone of the loser, L.  When L's
//! move on cell m loses with proof set P, so does L's move on any cell outside P:
//! the position it makes has L's stones on fewer cells than the one P's test
//! fills, and fewer stones never help their owner.  So one losing move settles the
//! siblings outside its proof set without a search of their own.
//!
//! Where the sets come from:
//! - a game already won: the empty set;
//! - a position the game's knowledge settles: the set it vouches for
//!   (`Game::insight_support`; Hex's holds the carriers of the connections that
//!   settle it and the cells fill-in coloured, checked on the test position);
//! - W to move, winning by its move on cell m: the set of the position m makes,
//!   and m;
//! - L to move, every move losing: the union of the sets of the moves searched,
//!   with their cells.  Moves a sibling's set settled need nothing more; moves the
//!   knowledge left out had reasons of their own, so when it left any out, the
//!   union is kept only when the knowledge, asked about the test position, leaves
//!   L no move outside the moves this position listed.

use super::{Kid, Numbers, Search, Stop, Tree};
use crate::game::{Insight, Outcome};

/// Proof sets by the exact key of their position: a direct-mapped cache.
pub struct ProofSets {
    slots: Vec<(u64, u64)>,
    /// Moves settled by a sibling's proof set so far.
    pub settled: u64,
}

/// The cache's slots (16 bytes each): 16 MB.
const SLOTS: usize = 1 << 20;

impl ProofSets {
    /// An empty cache; it takes its memory at the first store.
    pub fn new() -> Self {
        ProofSets {
            slots: Vec::new(),
            settled: 0,
        }
    }

    fn get(&self, key: u64) -> Option<u64> {
        let key = key.max(1);
        let &(k, set) = self.slots.get(key as usize & (SLOTS - 1))?;
        (k == key).then_some(set)
    }

    fn put(&mut self, key: u64, set: u64) {
        if self.slots.is_empty() {
            self.slots = vec![(0, 0); SLOTS];
        }
        let key = key.max(1);
        self.slots[key as usize & (SLOTS - 1)] = (key, set);
    }
}

impl Default for ProofSets {
    fn default() -> Self {
        ProofSets::new()
    }
}

impl<T: Tree> Search<T> {
    /// The cells the moves fill, or `None` when one fills none (no proof sets).
    pub(super) fn cells_of(
        &mut self,
        node: &T::Node,
        moves: impl Iterator<Item = T::Move>,
    ) -> Option<Vec<usize>> {
        if !self.use_proof_sets {
            return None;
        }
        moves.map(|m| self.tree.move_cell(node, &m)).collect()
    }

    /// The proof set of the settled position `mv` makes from `node`, if known.
    pub(super) fn kid_proof(&mut self, node: &T::Node, mv: &T::Move) -> Result<Option<u64>, Stop> {
        if let Some(set) = self
            .tree
            .child_exact_key(node, mv)
            .and_then(|k| self.proofs.get(k))
        {
            return Ok(Some(set));
        }
        let child = self.tree.child(node, mv)?;
        let set = self.node_proof(&child);
        self.tree.release(child);
        set
    }

    /// The proof set of a settled position: the cache's, a won game's, or the one
    /// the game's knowledge vouches for.
    fn node_proof(&mut self, node: &T::Node) -> Result<Option<u64>, Stop> {
        let Some(key) = self.tree.exact_key(node) else {
            return Ok(None);
        };
        if let Some(set) = self.proofs.get(key) {
            return Ok(Some(set));
        }
        let status = self.tree.status(node)?;
        match status.outcome {
            Some(Outcome::Win(_)) => return Ok(Some(0)),
            Some(_) => return Ok(None),
            None => {}
        }
        let Some(set) = self.tree.insight_support(node) else {
            return Ok(None);
        };
        self.proofs.put(key, set);
        Ok(Some(set))
    }

    /// Whether `winner` wins `node` (whose legal moves are `all`) with every empty
    /// cell outside `set` given to the loser, as the knowledge sees the test
    /// position: over and won, settled for the winner, or, the loser to move, its
    /// moves narrowed to cells of `covered`.
    fn holds(
        &mut self,
        node: &T::Node,
        all: &[T::Move],
        winner: usize,
        set: u64,
        covered: &[usize],
    ) -> Result<bool, Stop> {
        let Some(cells) = self.cells_of(node, all.iter().cloned()) else {
            return Ok(false);
        };
        let empty = cells.iter().fold(0u64, |acc, &c| acc | 1 << c);
        let Some(test) = self.tree.with_stones(node, 1 - winner, empty & !set) else {
            return Ok(false);
        };
        let status = self.tree.status(&test)?;
        let holds = match status.outcome {
            Some(Outcome::Win(w)) => w == winner,
            Some(_) => false,
            None => {
                let mut moves = self.tree.moves(&test)?;
                match self.tree.insight(&test, &mut moves)? {
                    Insight::Win(_) => status.to_move == winner,
                    Insight::Loss => status.to_move != winner,
                    Insight::Open => {
                        status.to_move != winner
                            && self
                                .cells_of(&test, moves.into_iter())
                                .is_some_and(|c| c.iter().all(|x| covered.contains(x)))
                    }
                }
            }
        };
        self.tree.release(test);
        Ok(holds)
    }

    /// Keeps the proof set of `node`, just settled, when its moves' sets give one:
    /// the side to move won by a move, or lost every move (`pinned`: the moves a
    /// sibling's set settled).  `or`: the question's prover moves here.
    pub(super) fn note_proof(
        &mut self,
        node: &T::Node,
        kids: &[Kid<T::Move>],
        cells: &[usize],
        or: bool,
        numbers: &[Numbers],
        pinned: &[bool],
    ) -> Result<(), Stop> {
        let won = |n: &Numbers| if or { n.pn == 0 } else { n.dn == 0 };
        let moves: Vec<T::Move> = kids.iter().map(|k| k.mv.clone()).collect();
        let won = match (0..kids.len()).find(|&i| !pinned[i] && won(&numbers[i])) {
            Some(i) => Some(i),
            None if numbers.iter().all(|n| n.settled()) => None,
            None => return Ok(()),
        };
        let Some(key) = self.tree.exact_key(node) else {
            return Ok(());
        };
        if let Some(i) = won {
            if let Some(set) = self.kid_proof(node, &moves[i])? {
                self.proofs.put(key, set | 1 << cells[i]);
            }
            return Ok(());
        }
        let mut set = 0u64;
        for (i, mv) in moves.iter().enumerate() {
            if pinned[i] {
                continue;
            }
            match self.kid_proof(node, mv)? {
                Some(s) => set |= s | 1 << cells[i],
                None => return Ok(()),
            }
        }
        let all = self.tree.moves(node)?;
        // every legal move searched or settled by a sibling: the union holds as it is
        // (the loser's moves in the test position are moves of the union)
        let status = self.tree.status(node)?;
        if all.len() == kids.len() || self.holds(node, &all, 1 - status.to_move, set, cells)? {
            self.proofs.put(key, set);
        }
        Ok(())
    }
}
