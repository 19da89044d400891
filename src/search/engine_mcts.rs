//! Monte Carlo tree search over any `Engine` (`mcts:N` on a rule file, in the spec
//! and accelerated tiers): UCT over positions the engine holds, each random playout
//! run by the engine as one request (`rollout`, giving the outcome's text).  Far
//! slower than the native search, but it runs on any engine.

use crate::game::{BestMove, Engine, EngineError, Pos};

/// A playout still going after this many plies counts as a draw.
const MAX_PLIES: u64 = super::MAX_PLAYOUT_PLIES;

/// The exploration constant of UCB1: the native search's, on the same rewards in
/// [0, 1] (OpenSpiel's `uct_c` 2 on rewards in [-1, 1]; see `search::EXPLORE`).
use super::EXPLORE;

struct Node {
    pos: Pos,
    /// The move that led here, and the player who made it.
    mv: Option<String>,
    mover: String,
    children: Vec<usize>,
    /// Moves not tried yet (known once the node is first visited).
    untried: Option<Vec<String>>,
    visits: f64,
    /// Wins of `mover` (a draw is half a win).
    wins: f64,
}

/// Plays a random game from a position (seeded, cut off after a number of plies) and
/// gives its outcome's text (`win(P)`, `draw`, `scores(..)`; anything else counts as
/// a draw).
pub type Rollout<E> = fn(&mut E, Pos, u64, u64) -> Result<String, EngineError>;

/// Runs `playouts` iterations from `root`; the most visited move, its win rate (in
/// thousandths, as the native MCTS scores it) and the playouts run.
pub fn engine_mcts<E: Engine>(
    engine: &mut E,
    rollout: Rollout<E>,
    root: Pos,
    playouts: u64,
    seed: u64,
) -> Result<BestMove, EngineError> {
    let start = engine.copy(root)?;
    let mut nodes = vec![Node {
        pos: start,
        mv: None,
        mover: String::new(),
        children: Vec::new(),
        untried: None,
        visits: 0.0,
        wins: 0.0,
    }];
    let result = search(engine, rollout, &mut nodes, playouts, seed);
    for n in &nodes {
        engine.release(n.pos);
    }
    result?;
    let best = nodes[0]
        .children
        .iter()
        .copied()
        .max_by(|&a, &b| nodes[a].visits.total_cmp(&nodes[b].visits));
    Ok(BestMove {
        mv: best.and_then(|b| nodes[b].mv.clone()),
        score: best.map_or(0, |b| {
            (nodes[b].wins / nodes[b].visits.max(1.0) * 1000.0) as i32
        }),
        verdict: None,
        pv: best.and_then(|b| nodes[b].mv.clone()).into_iter().collect(),
        depth: 0,
        nodes: if best.is_some() { playouts } else { 0 },
    })
}

fn search<E: Engine>(
    engine: &mut E,
    rollout: Rollout<E>,
    nodes: &mut Vec<Node>,
    playouts: u64,
    seed: u64,
) -> Result<(), EngineError> {
    let mut seed = seed;
    for _ in 0..playouts {
        // selection: down through fully tried nodes by UCB1
        let mut path = vec![0usize];
        loop {
            let at = *path.last().unwrap_or(&0);
            if nodes[at].untried.is_none() {
                let info = engine.describe(nodes[at].pos)?;
                let moves = if info.outcome.is_some() {
                    Vec::new()
                } else {
                    info.legal
                };
                nodes[at].untried = Some(moves.into_iter().rev().collect());
            }
            let untried = nodes[at].untried.as_ref().is_some_and(|u| !u.is_empty());
            if untried || nodes[at].children.is_empty() {
                break;
            }
            let parent = nodes[at].visits.max(1.0);
            let pick = nodes[at].children.iter().copied().max_by(|&a, &b| {
                let ucb = |n: &Node| {
                    n.wins / n.visits.max(1e-9)
                        + EXPLORE * (parent.ln() / n.visits.max(1e-9)).sqrt()
                };
                ucb(&nodes[a]).total_cmp(&ucb(&nodes[b]))
            });
            match pick {
                Some(c) => path.push(c),
                None => break,
            }
        }
        // expansion: one untried move
        let at = *path.last().unwrap_or(&0);
        if let Some(mv) = nodes[at].untried.as_mut().and_then(Vec::pop) {
            let mover = String::from(engine.describe(nodes[at].pos)?.to_move);
            let pos = engine.play(nodes[at].pos, &mv)?;
            nodes.push(Node {
                pos,
                mv: Some(mv),
                mover,
                children: Vec::new(),
                untried: None,
                visits: 0.0,
                wins: 0.0,
            });
            let child = nodes.len() - 1;
            nodes[at].children.push(child);
            path.push(child);
        }
        // simulation: a random playout in the host
        let leaf = *path.last().unwrap_or(&0);
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let outcome = rollout(engine, nodes[leaf].pos, seed >> 1, MAX_PLIES)?;
        // backpropagation: each node scores for the player who moved into it
        for &n in &path {
            let node = &mut nodes[n];
            node.visits += 1.0;
            // what the mover takes: 1 for a win, 0.5 for a draw, a score's share
            node.wins +=
                crate::game::Ending::parse(&outcome).map_or(0.5, |e| e.reward(&node.mover));
        }
    }
    Ok(())
}
