//! Monte Carlo tree search (UCT with random playouts) over any `Game`: the player
//! for Hex, where alpha-beta with a heuristic is weak on big boards.

use crate::game::{Game, Outcome};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A playout still going after this many plies is scored as a draw (games such as
/// Mitsudomoe and Tactigon can go round in circles; this is not a rule of theirs).
pub const MAX_PLAYOUT_PLIES: u64 = 1000;

/// What MCTS chose.
#[derive(Clone, Debug)]
pub struct MctsResult<M> {
    pub best: Option<M>,
    /// The best move's win rate for the mover, in thousandths.
    pub score: i32,
    /// Playouts run.
    pub nodes: u64,
}

struct Node<M> {
    mv: Option<M>,
    parent: Option<usize>,
    children: Vec<usize>,
    untried: Vec<M>,
    visits: u32,
    /// Wins for the player who made `mv` (who moved into this node).
    wins: f64,
    /// The player who made `mv`.
    mover: usize,
}

/// A move at the root of a search tree, and what the playouts through it gave.
#[derive(Clone, Copy, Debug)]
pub struct RootChild<M> {
    pub mv: M,
    pub visits: u64,
    /// Wins for the player who made the move (a draw is half a win).
    pub wins: f64,
}

/// Runs `playouts` iterations of UCT from `game`; the best move is the most visited.
pub fn mcts<G: Game>(game: &G, playouts: u64, seed: u64) -> MctsResult<G::Move> {
    pick(&root_children(game, playouts, seed), playouts)
}

/// The most visited root move (the last of equals, in the order given) and its win
/// rate; `nodes` is the number of playouts run.
pub fn pick<M: Copy>(children: &[RootChild<M>], nodes: u64) -> MctsResult<M> {
    let best = children.iter().max_by_key(|c| c.visits);
    MctsResult {
        best: best.map(|c| c.mv),
        score: best
            .map(|c| (c.wins / c.visits.max(1) as f64 * 1000.0) as i32)
            .unwrap_or(0),
        nodes: if best.is_some() { nodes } else { 0 },
    }
}

/// Runs `playouts` iterations of UCT from `game` with a seeded generator; gives the
/// root's children in the order they were expanded (none once the game is over).
pub fn root_children<G: Game>(game: &G, playouts: u64, seed: u64) -> Vec<RootChild<G::Move>> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut root_moves = Vec::new();
    game.legal_moves(&mut root_moves);
    if root_moves.is_empty() {
        return Vec::new();
    }
    let mut nodes = vec![Node {
        mv: None,
        parent: None,
        children: vec![],
        untried: root_moves,
        visits: 0,
        wins: 0.0,
        mover: 1 - game.to_move(),
    }];
    let mut buf = Vec::new();
    // every iteration plays in this one copy, refreshed from the root
    let mut g = game.clone();
    for _ in 0..playouts {
        // selection
        let mut at = 0;
        g.clone_from(game);
        while nodes[at].untried.is_empty() && !nodes[at].children.is_empty() {
            let parent_visits = f64::from(nodes[at].visits.max(1)).ln();
            let best = nodes[at]
                .children
                .iter()
                .copied()
                .max_by(|&a, &b| {
                    let ucb = |i: usize| {
                        let n = &nodes[i];
                        let v = f64::from(n.visits.max(1));
                        n.wins / v + 1.4 * (parent_visits / v).sqrt()
                    };
                    ucb(a).total_cmp(&ucb(b))
                })
                .unwrap_or(at);
            if best == at {
                break;
            }
            at = best;
            if let Some(m) = nodes[at].mv {
                g.play(m);
            }
        }
        // expansion
        if !nodes[at].untried.is_empty() {
            let k = rng.gen_range(0..nodes[at].untried.len());
            let m = nodes[at].untried.swap_remove(k);
            let mover = g.to_move();
            g.play(m);
            let mut untried = Vec::new();
            g.legal_moves(&mut untried);
            nodes.push(Node {
                mv: Some(m),
                parent: Some(at),
                children: vec![],
                untried,
                visits: 0,
                wins: 0.0,
                mover,
            });
            let child = nodes.len() - 1;
            nodes[at].children.push(child);
            at = child;
        }
        // simulation (a game that has not ended after MAX_PLAYOUT_PLIES counts as a draw)
        let mut plies = 0;
        while g.outcome().is_none() && plies < MAX_PLAYOUT_PLIES {
            plies += 1;
            // the random playouts' pick (an engine may pick without listing)
            let Some(m) = g.random_legal(&mut rng, &mut buf) else {
                break;
            };
            g.play(m);
        }
        let winner = match g.outcome() {
            Some(Outcome::Win(p)) => Some(p),
            _ => None,
        };
        // back-propagation
        let mut cur = Some(at);
        while let Some(i) = cur {
            let n = &mut nodes[i];
            n.visits += 1;
            n.wins += match winner {
                Some(p) if p == n.mover => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            cur = n.parent;
        }
    }
    nodes[0]
        .children
        .iter()
        .filter_map(|&i| {
            let n = &nodes[i];
            n.mv.map(|mv| RootChild {
                mv,
                visits: u64::from(n.visits),
                wins: n.wins,
            })
        })
        .collect()
}
