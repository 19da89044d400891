//! Depth-first proof-number search (df-pn, Nagai 2002) for one question: can the
//! prover force a win from here?  Proof and disproof numbers live in the bounded
//! table; children are searched within thresholds, with Pawlewicz and Lew's 1+ε
//! trick on the sibling threshold.
//!
//! A repeated position (on the current path) and the depth cap count as disproofs
//! for the question being asked.  A proof never rests on them — it needs won games
//! at its leaves — so a proved win is always sound; a disproof may not be, and the
//! search says so (`cut`), so that no draw is claimed from it.
//!
//! While no leaf of the search has been anything but a won game (no draw, no
//! position without moves, no repetition, no depth cap: `decisive`), a disproof of
//! one player's win is a proof of the other's, so each question reads the other's
//! settled answers and one question settles a position's value (Hex has no draws).

#[path = "proof_sets.rs"]
mod proof_sets;
pub use proof_sets::ProofSets;

use super::table::{Numbers, Table, INF};
use super::tree::{Status, Tree};
use crate::game::{Budget, EngineError, Insight, Outcome};
use rustc_hash::FxHashSet;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// The deepest a search goes; deeper positions count as disproofs, flagged as cut.
pub const MAX_DEPTH: usize = 1000;

/// Why a search stopped before it settled its question.
#[derive(Debug)]
pub enum Stop {
    /// The budget ran out: says what stopped it, as a whole phrase.
    Budget(String),
    /// The engine failed on a position.
    Engine(EngineError),
}

impl From<EngineError> for Stop {
    fn from(e: EngineError) -> Stop {
        Stop::Engine(e)
    }
}

/// The state shared by the questions of one solve: table, counters, budget.
pub struct Search<T: Tree> {
    pub tree: T,
    pub table: Table,
    /// Expansions so far.
    pub nodes: u64,
    /// Whether a disproof rested on a repeated position or the depth cap.
    pub cut: bool,
    /// Whether every leaf met so far was a won game: then a disproof of one player's
    /// win proves the other's.
    pub decisive: bool,
    /// Whether moves are settled by their siblings' proof sets, where the tree
    /// gives them (see `proof_sets`).
    pub use_proof_sets: bool,
    /// The proof sets known, and how many moves they settled.
    pub proofs: ProofSets,
    budget: Budget,
    deadline: Option<Instant>,
    path: FxHashSet<u64>,
    depth: usize,
}

/// One move of an expanded position, with the status of the position it makes.
struct Kid<M> {
    mv: M,
    status: Status,
}

/// The table key of a position for one player's question: the position's hash
/// mixed with the question, so that the two questions stay apart in one table.
fn slot_key(hash: u64, prover: usize) -> u64 {
    crate::game::zobrist_key(hash ^ crate::game::zobrist_key(0xdf_0000 + prover as u64))
}

/// The threshold a sibling's number allows: one more than it, grown by a quarter.
fn grow(second: u64) -> u64 {
    if second >= INF {
        INF
    } else {
        second + second / 4 + 1
    }
}

/// The numbers of a position the game's knowledge settles, for the question asked
/// (`or`: the prover is the side to move), or `None` when it settles nothing.
pub fn settled_by<M>(insight: Insight<M>, or: bool) -> Option<Numbers> {
    match insight {
        Insight::Open => None,
        // a win for the side to move proves the question of the side to move
        Insight::Win(_) if or => Some(Numbers::PROVED),
        Insight::Win(_) => Some(Numbers::DISPROVED),
        Insight::Loss if or => Some(Numbers::DISPROVED),
        Insight::Loss => Some(Numbers::PROVED),
    }
}

/// A sum of proof or disproof numbers: infinite when any is.
fn sum(values: impl Iterator<Item = u64>) -> u64 {
    let mut total = 0u64;
    for v in values {
        if v >= INF {
            return INF;
        }
        total += v;
    }
    total.min(INF - 1)
}

impl<T: Tree> Search<T> {
    /// A search over `tree` with a table of `table_bytes` bytes.
    pub fn new(tree: T, table_bytes: usize, budget: Budget) -> Self {
        Search {
            tree,
            table: Table::with_bytes(table_bytes),
            nodes: 0,
            cut: false,
            decisive: true,
            use_proof_sets: true,
            proofs: ProofSets::new(),
            deadline: budget.time.map(|t| Instant::now() + t),
            budget,
            path: FxHashSet::default(),
            depth: 0,
        }
    }

    /// Counts an expansion; stops when the budget is spent.
    fn tick(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        if let Some(n) = self.budget.nodes {
            if self.nodes > n {
                return Err(Stop::Budget(format!("the budget of {n} positions ran out")));
            }
        }
        if self.nodes.is_multiple_of(1024) {
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    let secs = self.budget.time.map_or(0.0, |t| t.as_secs_f64());
                    return Err(Stop::Budget(format!("the time ({secs} s) ran out")));
                }
            }
            if let Some(c) = &self.budget.cancel {
                if c.load(Ordering::Relaxed) {
                    return Err(Stop::Budget(
                        "the search was interrupted (Ctrl-C)".to_string(),
                    ));
                }
            }
        }
        Ok(())
    }

    /// The numbers a game's end gives, or `None` while it goes on.
    fn ended(status: Status, prover: usize) -> Option<Numbers> {
        match status.outcome {
            Some(Outcome::Win(p)) if p == prover => Some(Numbers::PROVED),
            Some(_) => Some(Numbers::DISPROVED),
            // no legal move and no outcome: the prover has not won
            None if status.stuck => Some(Numbers::DISPROVED),
            None => None,
        }
    }

    /// The numbers of a game's end, noting an end that is no win (a draw, no move).
    fn end(&mut self, status: Status, prover: usize) -> Option<Numbers> {
        let n = Self::ended(status, prover)?;
        if !matches!(status.outcome, Some(Outcome::Win(_))) {
            self.decisive = false;
        }
        Some(n)
    }

    /// The numbers the table holds for the question, or, while every leaf has been
    /// a won game, the other player's settled answer turned round.
    fn stored(&self, key: u64, prover: usize) -> Option<Numbers> {
        let own = self.table.get(slot_key(key, prover));
        if !self.decisive || own.is_some_and(Numbers::settled) {
            return own;
        }
        match self.table.get(slot_key(key, 1 - prover)) {
            Some(n) if n.pn == 0 => Some(Numbers::DISPROVED),
            Some(n) if n.dn == 0 => Some(Numbers::PROVED),
            _ => own,
        }
    }

    /// The numbers known for a position: its end, a repetition, the table's, or none.
    fn numbers(&mut self, status: Status, prover: usize) -> Option<Numbers> {
        if let Some(n) = self.end(status, prover) {
            return Some(n);
        }
        if self.path.contains(&status.key) {
            self.cut = true;
            self.decisive = false;
            return Some(Numbers::DISPROVED);
        }
        self.stored(status.key, prover)
    }

    /// The numbers a position has now for the question, from the table or its end.
    pub fn known(&mut self, status: Status, prover: usize) -> Numbers {
        self.end(status, prover)
            .or_else(|| self.stored(status.key, prover))
            .unwrap_or(Numbers::FRESH)
    }

    /// Settles the question "does `prover` force a win from `node`?" (or stops).
    pub fn prove(&mut self, node: &T::Node, prover: usize) -> Result<Numbers, Stop> {
        let status = self.tree.status(node)?;
        if let Some(n) = self.end(status, prover) {
            return Ok(n);
        }
        if let Some(n) = self.stored(status.key, prover).filter(|n| n.settled()) {
            return Ok(n);
        }
        loop {
            let n = self.mid(node, status, prover, INF, INF)?;
            if n.settled() {
                return Ok(n);
            }
        }
    }

    /// Searches `node` until its numbers reach a threshold; stores and gives them.
    fn mid(
        &mut self,
        node: &T::Node,
        status: Status,
        prover: usize,
        thpn: u64,
        thdn: u64,
    ) -> Result<Numbers, Stop> {
        self.tick()?;
        if self.depth >= MAX_DEPTH {
            self.cut = true;
            self.decisive = false;
            return Ok(Numbers::DISPROVED);
        }
        let before = self.nodes;
        let mut moves = self.tree.moves(node)?;
        let or = status.to_move == prover;
        // the game's knowledge: a position it settles is a leaf of the proof
        if let Some(numbers) = settled_by(self.tree.insight(node, &mut moves)?, or) {
            self.table.put(slot_key(status.key, prover), numbers, 1);
            return Ok(numbers);
        }
        let mut kids = Vec::with_capacity(moves.len());
        let mut scores = Vec::with_capacity(moves.len());
        for mv in moves {
            let (status, score) = self.tree.child_status_scored(node, &mv)?;
            scores.push(score);
            kids.push(Kid { mv, status });
        }
        // the most promising moves first: among equal numbers the first is searched
        let mut order: Vec<usize> = (0..kids.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(scores[i]));
        // df-pn+: a fresh child starts with numbers from the heuristic, larger the
        // worse the move looks to its player (whose number it is: pn where the prover
        // moves, dn where the opponent does)
        let top = scores.iter().copied().max().unwrap_or(0);
        let mut slots: Vec<Option<Kid<T::Move>>> = kids.into_iter().map(Some).collect();
        let kids: Vec<Kid<T::Move>> = order.iter().filter_map(|&i| slots[i].take()).collect();
        let fresh: Vec<Numbers> = order
            .iter()
            .map(|&i| {
                let behind = 1
                    + (u64::try_from(i64::from(top) - i64::from(scores[i])).unwrap_or(0) / 10)
                        .min(8);
                if or {
                    Numbers { pn: behind, dn: 1 }
                } else {
                    Numbers { pn: 1, dn: behind }
                }
            })
            .collect();
        self.path.insert(status.key);
        self.depth += 1;
        let result = self.search_kids(node, &kids, fresh, status, prover, thpn, thdn);
        self.depth -= 1;
        self.path.remove(&status.key);
        let numbers = result?;
        self.table.put(
            slot_key(status.key, prover),
            numbers,
            self.nodes - before + 1,
        );
        Ok(numbers)
    }

    /// The loop of `mid` over an expanded position's children.
    fn search_kids(
        &mut self,
        node: &T::Node,
        kids: &[Kid<T::Move>],
        mut numbers: Vec<Numbers>,
        status: Status,
        prover: usize,
        thpn: u64,
        thdn: u64,
    ) -> Result<Numbers, Stop> {
        let or = status.to_move == prover;
        // the cells of the moves, where proof sets may settle some of them: those
        // pinned to a sibling's loss
        let cells = self.cells_of(node, kids.iter().map(|k| k.mv.clone()));
        let mut pinned = vec![false; kids.len()];
        let mut examined = vec![false; kids.len()];
        // each child's numbers: what its own search last gave, or what the table says
        // now (a transposition may have moved them since)
        loop {
            for (i, (k, n)) in kids.iter().zip(numbers.iter_mut()).enumerate() {
                if pinned[i] {
                    continue;
                }
                if let Some(now) = self.numbers(k.status, prover) {
                    *n = now;
                }
            }
            if let Some(cells) = cells.as_deref().filter(|_| self.decisive) {
                self.settle_by_proofs(
                    node,
                    kids,
                    cells,
                    or,
                    &mut numbers,
                    &mut pinned,
                    &mut examined,
                )?;
            }
            // at an OR node the prover picks the least proof number, at an AND node
            // the opponent the least disproof number
            let key = |n: &Numbers| if or { n.pn } else { n.dn };
            let mut best = 0;
            let mut second = INF;
            for i in 1..numbers.len() {
                let v = key(&numbers[i]);
                if v < key(&numbers[best]) {
                    second = key(&numbers[best]);
                    best = i;
                } else {
                    second = second.min(v);
                }
            }
            let (pn, dn) = if numbers.is_empty() {
                (INF, 0)
            } else if or {
                (numbers[best].pn, sum(numbers.iter().map(|n| n.dn)))
            } else {
                (sum(numbers.iter().map(|n| n.pn)), numbers[best].dn)
            };
            if pn >= thpn || dn >= thdn || pn == 0 || dn == 0 {
                if pn == 0 || dn == 0 {
                    if let Some(cells) = cells.as_deref().filter(|_| self.decisive) {
                        self.note_proof(node, kids, cells, or, &numbers, &pinned)?;
                    }
                }
                return Ok(Numbers { pn, dn });
            }
            let b = numbers[best];
            let (cpn, cdn) = if or {
                (thpn.min(grow(second)), thdn - dn + b.dn)
            } else {
                (thpn - pn + b.pn, thdn.min(grow(second)))
            };
            let kid = &kids[best];
            let child = self.tree.child(node, &kid.mv)?;
            let r = self.mid(&child, kid.status, prover, cpn, cdn);
            self.tree.release(child);
            numbers[best] = r?;
        }
    }

    /// Settles the open moves outside the proof set of each move just found to
    /// lose for the side to move (see `proof_sets`).
    #[allow(clippy::too_many_arguments)]
    fn settle_by_proofs(
        &mut self,
        node: &T::Node,
        kids: &[Kid<T::Move>],
        cells: &[usize],
        or: bool,
        numbers: &mut [Numbers],
        pinned: &mut [bool],
        examined: &mut [bool],
    ) -> Result<(), Stop> {
        let lost = |n: &Numbers| if or { n.dn == 0 } else { n.pn == 0 };
        for i in 0..kids.len() {
            if examined[i] || pinned[i] || !lost(&numbers[i]) {
                continue;
            }
            examined[i] = true;
            let open = |numbers: &[Numbers], pinned: &[bool]| {
                (0..kids.len()).any(|j| !pinned[j] && !numbers[j].settled())
            };
            if !open(numbers, pinned) {
                continue;
            }
            let Some(set) = self.kid_proof(node, &kids[i].mv)? else {
                continue;
            };
            for j in 0..kids.len() {
                if !pinned[j] && !numbers[j].settled() && set >> cells[j] & 1 == 0 {
                    numbers[j] = numbers[i];
                    pinned[j] = true;
                    self.proofs.settled += 1;
                }
            }
        }
        Ok(())
    }
}
