//! Monte Carlo tree search over any `Engine` (`mcts:N` on a rule file, in the spec
//! and accelerated tiers): UCT whose tree is kept here, naming each node by its path
//! of move numbers from the root; each iteration is one request to the engine (play
//! the path, count the moves there, run one random playout), so no position is held
//! per node and the engine's per-request cost is paid once a playout.

use crate::game::{BestMove, Ending, Engine, EngineError, Pos};

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
    /// A finished game's outcome, known from the playout that reached it.
    over: Option<String>,
}

/// Runs `playouts` iterations from `root`; the most visited move, its win rate (in
/// thousandths, as the native MCTS scores it) and the playouts run.
pub fn engine_mcts<E: Engine>(
    engine: &mut E,
    leaf: LeafStep<E>,
    root: Pos,
    playouts: u64,
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
        over: None,
    }];
    search(engine, leaf, root, &mut nodes, playouts, seed)?;
    let best = nodes[0]
        .children
        .iter()
        .copied()
        .max_by(|&a, &b| nodes[a].visits.total_cmp(&nodes[b].visits));
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
        nodes: if best.is_some() { playouts } else { 0 },
    })
}

fn search<E: Engine>(
    engine: &mut E,
    leaf: LeafStep<E>,
    root: Pos,
    nodes: &mut Vec<Node>,
    playouts: u64,
    seed: u64,
) -> Result<(), EngineError> {
    let mut seed = seed;
    let mut ks = Vec::new();
    for _ in 0..playouts {
        // selection: down through fully tried nodes by UCB1
        let mut path = vec![0usize];
        ks.clear();
        loop {
            let at = path[path.len() - 1];
            if nodes[at].tried < nodes[at].moves || nodes[at].children.is_empty() {
                break;
            }
            let parent = nodes[at].visits.max(1.0);
            let ucb = |n: &Node| {
                n.wins / n.visits.max(1e-9) + EXPLORE * (parent.ln() / n.visits.max(1e-9)).sqrt()
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
        let outcome = if nodes[at].tried < nodes[at].moves {
            // expansion: the next untried move, in legal/2's order, and its playout
            let k = nodes[at].tried;
            nodes[at].tried += 1;
            ks.push(k);
            let step = leaf(engine, root, &ks, seed >> 1, MAX_PLIES)?;
            let over = (step.moves == 0).then(|| step.outcome.clone());
            nodes.push(Node {
                k,
                mover: step.mover,
                moves: step.moves,
                tried: 0,
                children: Vec::new(),
                visits: 0.0,
                wins: 0.0,
                over,
            });
            let child = nodes.len() - 1;
            nodes[at].children.push(child);
            path.push(child);
            step.outcome
        } else if let Some(over) = &nodes[at].over {
            over.clone()
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
    }
    Ok(())
}
