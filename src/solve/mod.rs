//! `ludolog solve`: the value of a position under perfect play — win, loss or draw
//! for the side to move — by proof-number search, with the moves that keep it and
//! the size of the proof.  Any tree works: a native `Game` or any `Engine`.

mod dfpn;
mod table;
mod tree;

pub use crate::game::{Budget, MoveValue, Solution, SolveSpec, Value};
pub use dfpn::{settled_by, Search, Stop, MAX_DEPTH};
pub use table::{Numbers, Table, ENTRY_BYTES, INF};
pub use tree::{EngineTree, GameTree, Status, Tree};

use crate::game::{EngineError, Insight};
use rustc_hash::FxHashSet;

impl<T: Tree> Search<T> {
    /// The value of `node` for its side to move: a proved win, a proved loss, a draw
    /// when neither player can force a win (and no disproof rested on a repeated
    /// position), or `None` when repetitions leave it open.
    pub fn value(&mut self, node: &T::Node) -> Result<Option<Value>, Stop> {
        let status = self.tree.status(node)?;
        let me = status.to_move;
        if self.prove(node, me)?.pn == 0 {
            return Ok(Some(Value::Win));
        }
        if self.prove(node, 1 - me)?.pn == 0 {
            return Ok(Some(Value::Loss));
        }
        Ok((!self.cut).then_some(Value::Draw))
    }

    /// The number of distinct positions in the proof that `prover` wins from `node`
    /// (`proof`) or cannot (`!proof`): at the side that chooses one child, at the
    /// other side every child.  Positions the table no longer holds are proved again.
    pub fn certificate_size(
        &mut self,
        node: &T::Node,
        prover: usize,
        proof: bool,
    ) -> Result<u64, Stop> {
        let mut seen = FxHashSet::default();
        self.certificate(node, prover, proof, &mut seen)?;
        Ok(seen.len() as u64)
    }

    fn certificate(
        &mut self,
        node: &T::Node,
        prover: usize,
        proof: bool,
        seen: &mut FxHashSet<u64>,
    ) -> Result<(), Stop> {
        let status = self.tree.status(node)?;
        if !seen.insert(status.key) || status.stuck {
            return Ok(());
        }
        let settled = |n: Numbers| if proof { n.pn == 0 } else { n.dn == 0 };
        // the side that needs only one child: the prover in a proof, its opponent in
        // a disproof
        let one = (status.to_move == prover) == proof;
        let mut moves = self.tree.moves(node)?;
        // a position the game's knowledge settles is a leaf of the proof
        if let Some(n) = settled_by(
            self.tree.insight(node, &mut moves)?,
            status.to_move == prover,
        ) {
            return if settled(n) {
                Ok(())
            } else {
                Err(Stop::Engine(EngineError::Rules(
                    "the game's knowledge contradicts the proof".to_string(),
                )))
            };
        }
        if moves.is_empty() {
            return Ok(());
        }
        let mut known = Vec::with_capacity(moves.len());
        for mv in &moves {
            let s = self.tree.child_status(node, mv)?;
            known.push(self.known(s, prover));
        }
        // the side that picks one child: one the table holds settled, else the most
        // promising first (proving a child that does not hold can cost a whole search)
        let mut order: Vec<usize> = (0..moves.len()).collect();
        if one {
            let promise = |n: Numbers| {
                if settled(n) {
                    0
                } else if proof {
                    n.pn
                } else {
                    n.dn
                }
            };
            order.sort_by_key(|&i| promise(known[i]));
        }
        for i in order {
            let c = self.tree.child(node, &moves[i])?;
            let r = (|| -> Result<bool, Stop> {
                let mut n = known[i];
                if !n.settled() {
                    n = self.prove(&c, prover)?;
                }
                if settled(n) {
                    self.certificate(&c, prover, proof, seen)?;
                    Ok(true)
                } else if one {
                    Ok(false)
                } else {
                    // a child that breaks the proof: the table misled the search
                    Err(Stop::Engine(EngineError::Rules(
                        "the proof changed while it was counted".to_string(),
                    )))
                }
            })();
            self.tree.release(c);
            if r? && one {
                return Ok(());
            }
        }
        if one {
            return Err(Stop::Engine(EngineError::Rules(
                "no child keeps the proof".to_string(),
            )));
        }
        Ok(())
    }
}

/// Solves `root`: its value, the moves (one that keeps the value, or every move),
/// and the proof's size.  A budget that runs out gives what was proved so far.
pub fn solve<T: Tree>(tree: T, root: &T::Node, spec: &SolveSpec) -> Result<Solution, EngineError> {
    let mut search = Search::new(tree, spec.table_bytes, spec.budget.clone());
    search.use_proof_sets = !spec.no_proof_sets;
    let status = search.tree.status(root)?;
    let names = search.tree.player_names();
    let position = search.tree.text(root)?;
    let mut solution = Solution {
        position,
        to_move: names[status.to_move].clone(),
        value: None,
        moves: Vec::new(),
        proof_size: None,
        nodes: 0,
        by_proof_sets: 0,
        table_entries: search.table.capacity(),
        table_bytes: search.table.capacity() * ENTRY_BYTES,
        stopped: None,
        repeated: false,
    };
    let run = run_solve(&mut search, root, status, spec, &mut solution);
    solution.nodes = search.nodes;
    solution.by_proof_sets = search.proofs.settled;
    solution.repeated = search.cut;
    match run {
        Ok(()) => Ok(solution),
        Err(Stop::Budget(what)) => {
            solution.stopped = Some(what);
            Ok(solution)
        }
        Err(Stop::Engine(e)) => Err(e),
    }
}

fn run_solve<T: Tree>(
    search: &mut Search<T>,
    root: &T::Node,
    status: Status,
    spec: &SolveSpec,
    solution: &mut Solution,
) -> Result<(), Stop> {
    let me = status.to_move;
    let value = search.value(root)?;
    solution.value = value;
    let moves = if status.stuck {
        Vec::new()
    } else {
        search.tree.moves(root)?
    };
    solution.moves = moves
        .iter()
        .map(|m| MoveValue {
            mv: search.tree.move_text(root, m),
            value: None,
        })
        .collect();
    // the moves: every one, or until one keeps the value (a win: those the search
    // proved first)
    let wanted = match value {
        Some(Value::Loss) | None if !spec.every_move => None,
        v => v,
    };
    let mut order: Vec<usize> = (0..moves.len()).collect();
    if wanted == Some(Value::Win) && !spec.every_move {
        // the moves proved first, then one the game's knowledge names
        let mut narrowed = moves.clone();
        let key = match search.tree.insight(root, &mut narrowed)? {
            Insight::Win(Some(k)) => Some(k),
            _ => None,
        };
        let mut rank = Vec::with_capacity(moves.len());
        for m in &moves {
            let s = search.tree.child_status(root, m)?;
            rank.push(if search.known(s, me).pn == 0 {
                0
            } else if key.as_ref() == Some(m) {
                1
            } else {
                2
            });
        }
        order.sort_by_key(|&i| rank[i]);
    }
    let mut result = Ok(());
    if spec.every_move || wanted.is_some() {
        for i in order {
            let v = search
                .tree
                .child(root, &moves[i])
                .map_err(Stop::Engine)
                .and_then(|c| {
                    let v = search.value(&c);
                    search.tree.release(c);
                    v
                });
            match v {
                Ok(v) => {
                    let v = v.map(Value::flip);
                    solution.moves[i].value = v;
                    if !spec.every_move && v.is_some() && v == wanted {
                        break;
                    }
                }
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
    }
    if !spec.every_move {
        solution
            .moves
            .retain(|m| m.value.is_some() && m.value == wanted);
    }
    result?;
    // the proof of the value
    solution.proof_size = match value {
        Some(Value::Win) => Some(search.certificate_size(root, me, true)?),
        Some(Value::Loss) => Some(search.certificate_size(root, 1 - me, true)?),
        Some(Value::Draw) => Some(
            search.certificate_size(root, me, false)?
                + search.certificate_size(root, 1 - me, false)?,
        ),
        None => None,
    };
    Ok(())
}

#[cfg(test)]
mod tests;
