//! Monte Carlo tree search over any `Engine` (`mcts:N` on a rule file, in the spec
//! and accelerated tiers): UCT whose tree is kept here, naming each node by its path
//! of move numbers from the root; each iteration is one request to the engine (play
//! the path, count the moves there, run one random playout), so no position is held
//! per node and the engine's per-request cost is paid once a playout.  A solver as the
//! native search's (`mcts_solver`): a finished game is proven, a position is proven
//! once one move wins for the player to move or every move is proven, and the search
//! stops once the root is proven.  (A rule file whose turns are stated in the board
//! library's words is searched in the host instead, in the accelerated tier: see
//! `RulesEngine::native_mcts`.)

use crate::game::{BestMove, Ending, Engine, EngineError, Pos};
use std::time::Instant;

/// A playout still going after this many plies counts as a draw.
const MAX_PLIES: u64 = super::MAX_PLAYOUT_PLIES;

/// The exploration constant of UCB1: the native search's, on the same rewards in
/// [0, 1] (OpenSpiel's `uct_c` 2 on rewards in [-1, 1]; see `search::EXPLORE`).
use super::EXPLORE;

/// What the engine says of the position a path reaches.
#[derive(Debug, Clone, PartialEq)]
pub struct Leaf {
    /// The player who made the path's last move (empty for the root).
    pub mover: String,
    /// How many legal moves the position has (0 once the game is over).
    pub moves: usize,
    /// The outcome of one random playout from it (`win(P)`, `draw`, `scores(..)`;
    /// anything else, such as `none` for a playout cut off, counts as a draw).
    pub outcome: String,
}

/// Plays the path (each the K-th legal move, from 0) from the root, and answers
/// for the position it reaches with a random playout seeded and cut off as given.
pub type LeafStep<E> = fn(&mut E, Pos, &[usize], u64, u64) -> Result<Leaf, EngineError>;

struct Node {
    /// The number of the move that led here among its parent's legal moves.
    k: usize,
    /// The player who made that move.
    mover: String,
    /// How many legal moves this position has, and how many were tried.
    moves: usize,
    tried: usize,
    children: Vec<usize>,
    visits: f64,
    /// Wins of `mover` (a draw is half a win).
    wins: f64,
    /// The outcome best play reaches from here: a finished game's own, or proven
    /// from the children.
    proven: Option<Ending>,
}

impl Node {
    /// What the proof is worth to the player who moved here (none: not proven).
    fn proven_reward(&self) -> Option<f64> {
        self.proven.as_ref().map(|e| e.reward(&self.mover))
    }
}

/// Runs `playouts` iterations from `root` (fewer at `deadline`, after one at least);
/// the most visited move, its win rate (in thousandths, as the native MCTS scores it)
/// and the playouts run.
pub fn engine_mcts<E: Engine>(
    engine: &mut E,
    leaf: LeafStep<E>,
    root: Pos,
    (playouts, deadline): (u64, Option<Instant>),
    seed: u64,
) -> Result<BestMove, EngineError> {
    let top = leaf(engine, root, &[], seed >> 1, MAX_PLIES)?;
    let mut nodes = vec![Node {
        k: 0,
        mover: String::new(),
        moves: top.moves,
        tried: 0,
        children: Vec::new(),
        visits: 0.0,
        wins: 0.0,
        // a finished game is its own proof: no playout is run
        proven: if top.moves == 0 {
            Ending::parse(&top.outcome)
        } else {
            None
        },
    }];
    let ran = search(engine, leaf, root, &mut nodes, (playouts, deadline), seed)?;
    // a proven win at once; else the most visited move not proven lost
    let rank = |n: &Node| match n.proven_reward() {
        Some(r) if r >= 1.0 => 2,
        Some(r) if r <= 0.0 => 0,
        _ => 1,
    };
    let best = nodes[0].children.iter().copied().max_by(|&a, &b| {
        (rank(&nodes[a]), nodes[a].visits)
            .partial_cmp(&(rank(&nodes[b]), nodes[b].visits))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let mv = match best {
        Some(b) => engine.describe(root)?.legal.get(nodes[b].k).cloned(),
        None => None,
    };
    Ok(BestMove {
        mv: mv.clone(),
        score: best.map_or(0, |b| {
            (nodes[b].wins / nodes[b].visits.max(1.0) * 1000.0) as i32
        }),
        verdict: None,
        pv: mv.into_iter().collect(),
        depth: 0,
        nodes: if best.is_some() { ran } else { 0 },
    })
}

fn search<E: Engine>(
    engine: &mut E,
    leaf: LeafStep<E>,
    root: Pos,
    nodes: &mut Vec<Node>,
    (playouts, deadline): (u64, Option<Instant>),
    seed: u64,
) -> Result<u64, EngineError> {
    let mut seed = seed;
    let mut ks = Vec::new();
    for ran in 0..playouts {
        if nodes[0].proven.is_some() || (ran > 0 && deadline.is_some_and(|d| Instant::now() >= d)) {
            return Ok(ran);
        }
        // selection: down through fully tried nodes by UCB1 (a proven node by its
        // proof), to a node with a move not tried yet or a proven one
        let mut path = vec![0usize];
        ks.clear();
        loop {
            let at = path[path.len() - 1];
            let proven = at > 0 && nodes[at].proven.is_some();
            if proven || nodes[at].tried < nodes[at].moves || nodes[at].children.is_empty() {
                break;
            }
            let parent = nodes[at].visits.max(1.0);
            let ucb = |n: &Node| {
                n.proven_reward().unwrap_or_else(|| {
                    n.wins / n.visits.max(1e-9)
                        + EXPLORE * (parent.ln() / n.visits.max(1e-9)).sqrt()
                })
            };
            let pick = nodes[at]
                .children
                .iter()
                .copied()
                .max_by(|&a, &b| ucb(&nodes[a]).total_cmp(&ucb(&nodes[b])));
            match pick {
                Some(c) => {
                    ks.push(nodes[c].k);
                    path.push(c);
                }
                None => break,
            }
        }
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let at = path[path.len() - 1];
        let outcome = if let Some(proof) = nodes[at].proven.as_ref().filter(|_| at > 0) {
            proof.to_string()
        } else if nodes[at].tried < nodes[at].moves {
            // expansion: the next untried move, in legal/2's order, and its playout
            let k = nodes[at].tried;
            nodes[at].tried += 1;
            ks.push(k);
            let step = leaf(engine, root, &ks, seed >> 1, MAX_PLIES)?;
            let proven = if step.moves == 0 {
                Ending::parse(&step.outcome)
            } else {
                None
            };
            nodes.push(Node {
                k,
                mover: step.mover,
                moves: step.moves,
                tried: 0,
                children: Vec::new(),
                visits: 0.0,
                wins: 0.0,
                proven,
            });
            let child = nodes.len() - 1;
            nodes[at].children.push(child);
            path.push(child);
            step.outcome
        } else {
            // the root of a finished game, or a position the engine gave no moves
            leaf(engine, root, &ks, seed >> 1, MAX_PLIES)?.outcome
        };
        // backpropagation: each node scores for the player who moved into it
        let ending = Ending::parse(&outcome);
        for &n in &path {
            let node = &mut nodes[n];
            node.visits += 1.0;
            // what the mover takes: 1 for a win, 0.5 for a draw, a score's share
            node.wins += ending.as_ref().map_or(0.5, |e| e.reward(&node.mover));
        }
        prove_up(nodes, &path);
    }
    Ok(playouts)
}

/// Proofs climb the path from the leaf: a node is proven once a move wins for the
/// player to move there (who made its children's moves), or once every move is tried
/// and proven (the best of them for that player).
fn prove_up(nodes: &mut [Node], path: &[usize]) {
    for &at in path.iter().rev().skip(1) {
        if nodes[at].proven.is_some() {
            continue;
        }
        let mut best: Option<(f64, Ending)> = None;
        let mut all = nodes[at].tried == nodes[at].moves;
        for &c in &nodes[at].children {
            match (&nodes[c].proven, nodes[c].proven_reward()) {
                (Some(e), Some(r)) => {
                    if best.as_ref().is_none_or(|(b, _)| r > *b) {
                        best = Some((r, e.clone()));
                    }
                }
                _ => all = false,
            }
        }
        match best {
            Some((r, e)) if r >= 1.0 || all => nodes[at].proven = Some(e),
            _ => return,
        }
    }
}
