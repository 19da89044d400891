//! MCTS with RAVE (rapid action value estimation, "all moves as first"): besides
//! its own playouts, a move in the tree learns from every playout below its parent in
//! which its player made the same move later on, and that estimate leads while the
//! move's own playouts are few. The tree opens a node's every move at once (its
//! second visit), picks among them by the blend, and keeps the MCTS-solver's proofs.

use super::mcts::{RootChild, MAX_PLAYOUT_PLIES};
use super::mcts_solver::{prove_node, Proof};
use crate::game::{Game, Outcome};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use rustc_hash::FxHashMap;
use std::time::Instant;

/// Playouts after which a move's own value and its RAVE value weigh the same, about
/// (the blend's weight on RAVE is `sqrt(K / (3 n + K))` after `n` playouts).
const RAVE_EQUIVALENCE: f64 = 500.0;

/// The exploration constant beside RAVE: small, as the RAVE value already spreads
/// the playouts over the moves that look good.
const RAVE_EXPLORE: f64 = 0.2;

struct Node<M> {
    mv: Option<M>,
    /// The player who made `mv`.
    mover: usize,
    /// Every legal move's node, made when the node is visited a second time.
    children: Vec<usize>,
    opened: bool,
    visits: f64,
    /// Wins for `mover` (a draw is half a win).
    wins: f64,
    /// Playouts below the parent in which `mover` made `mv` later on, and its wins.
    rave_visits: f64,
    rave_wins: f64,
    /// What is proven of this node for `mover`.
    proof: Option<Proof>,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, mover: usize) -> Node<M> {
        Node {
            mv,
            mover,
            children: Vec::new(),
            opened: false,
            visits: 0.0,
            wins: 0.0,
            rave_visits: 0.0,
            rave_wins: 0.0,
            proof: None,
        }
    }

    /// The blend of the node's own value and its RAVE value, with an exploration
    /// term; a node never tried nor seen ranks by its RAVE value alone, or first.
    fn value(&self, log_parent: f64) -> f64 {
        let explore = RAVE_EXPLORE * (log_parent / (self.visits + 1.0)).sqrt();
        if self.rave_visits == 0.0 && self.visits == 0.0 {
            return 1.0 + explore;
        }
        let own = if self.visits > 0.0 {
            self.wins / self.visits
        } else {
            0.5
        };
        let rave = if self.rave_visits > 0.0 {
            self.rave_wins / self.rave_visits
        } else {
            own
        };
        let beta = (RAVE_EQUIVALENCE / (3.0 * self.visits + RAVE_EQUIVALENCE)).sqrt();
        (1.0 - beta) * own + beta * rave + explore
    }
}

/// The reward of a playout's winner for `player`.
fn reward(winner: Option<usize>, player: usize) -> f64 {
    match winner {
        Some(w) if w == player => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// As `mcts::root_children`, with RAVE in the tree: up to `playouts` iterations from
/// `game` (fewer once the root is proven, or at `deadline`, after one at least).
pub fn rave_root_children<G: Game>(
    game: &G,
    playouts: u64,
    seed: u64,
    deadline: Option<Instant>,
) -> Vec<RootChild<G::Move>> {
    if game.outcome().is_some() {
        return Vec::new();
    }
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut nodes: Vec<Node<G::Move>> = vec![Node::new(None, 1 - game.to_move())];
    let mut g = game.clone();
    open(&mut nodes, 0, &g);
    if nodes[0].children.is_empty() {
        return Vec::new();
    }
    let mut buf = Vec::new();
    let mut played: Vec<(usize, G::Move)> = Vec::new();
    let mut path: Vec<usize> = Vec::new();
    let mut first: FxHashMap<G::Move, (usize, usize)> = FxHashMap::default();
    for ran in 0..playouts {
        if nodes[0].proof.is_some() || (ran > 0 && deadline.is_some_and(|d| Instant::now() >= d)) {
            break;
        }
        g.clone_from(game);
        played.clear();
        path.clear();
        path.push(0);
        let mut at = 0;
        // selection: down while the node is open, its first visit ends the descent
        loop {
            if nodes[at].proof.is_some() {
                break;
            }
            if !nodes[at].opened {
                if nodes[at].visits == 0.0 {
                    break;
                }
                open(&mut nodes, at, &g);
            }
            let Some(next) = select(&nodes, at) else {
                break;
            };
            let (mover, mv) = (nodes[next].mover, nodes[next].mv);
            let Some(mv) = mv else {
                break;
            };
            g.play(mv);
            played.push((mover, mv));
            path.push(next);
            at = next;
            if nodes[at].visits == 0.0 {
                nodes[at].proof = Proof::of_outcome(g.outcome(), mover);
            }
        }
        let tree_moves = played.len();
        let winner = match nodes[at].proof {
            Some(p) => p.winner(nodes[at].mover),
            None => {
                let mut plies = 0;
                while g.outcome().is_none() && plies < MAX_PLAYOUT_PLIES {
                    plies += 1;
                    let mover = g.to_move();
                    let Some(m) = g.random_legal(&mut rng, &mut buf) else {
                        break;
                    };
                    g.play(m);
                    played.push((mover, m));
                }
                match g.outcome() {
                    Some(Outcome::Win(p)) => Some(p),
                    _ => None,
                }
            }
        };
        // each move's first play in this iteration: where, and by whom
        first.clear();
        for (i, &(p, m)) in played.iter().enumerate() {
            first.entry(m).or_insert((i, p));
        }
        // RAVE: the moves of each node on the path that were played after it by the
        // player to move there
        for (depth, &node) in path.iter().enumerate().take(tree_moves + 1) {
            for k in 0..nodes[node].children.len() {
                let c = nodes[node].children[k];
                let Some(mv) = nodes[c].mv else {
                    continue;
                };
                if let Some(&(i, p)) = first.get(&mv) {
                    if i >= depth && p == nodes[c].mover {
                        let r = reward(winner, nodes[c].mover);
                        let child = &mut nodes[c];
                        child.rave_visits += 1.0;
                        child.rave_wins += r;
                    }
                }
            }
        }
        // the playout's own result, and a proof as far up as it goes
        let mut proving = nodes[at].proof.is_some();
        for &i in path.iter().rev() {
            if proving && i != at && nodes[i].proof.is_none() {
                proving = try_prove(&mut nodes, i);
            }
            let n = &mut nodes[i];
            n.visits += 1.0;
            n.wins += reward(winner, n.mover);
        }
    }
    nodes[0]
        .children
        .iter()
        .filter_map(|&i| {
            let n = &nodes[i];
            n.mv.map(|mv| RootChild {
                mv,
                visits: n.visits as u64,
                wins: n.wins,
                proof: n.proof,
            })
        })
        .collect()
}

/// Makes a node for every legal move of `g`, the position of node `at`.
fn open<G: Game>(nodes: &mut Vec<Node<G::Move>>, at: usize, g: &G) {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mover = g.to_move();
    for m in moves {
        nodes.push(Node::new(Some(m), mover));
        let child = nodes.len() - 1;
        nodes[at].children.push(child);
    }
    nodes[at].opened = true;
}

/// The child of `at` with the best blend, of those not proven lost for the player
/// choosing (the last of equals); none when every child is.
fn select<M>(nodes: &[Node<M>], at: usize) -> Option<usize> {
    let log_parent = nodes[at].visits.max(1.0).ln();
    nodes[at]
        .children
        .iter()
        .copied()
        .filter(|&i| nodes[i].proof != Some(Proof::Loss))
        .max_by(|&a, &b| {
            nodes[a]
                .value(log_parent)
                .total_cmp(&nodes[b].value(log_parent))
        })
}

/// Tries to prove node `at` from its children; gives whether it is now proven.
fn try_prove<M>(nodes: &mut [Node<M>], at: usize) -> bool {
    let Some(&first) = nodes[at].children.first() else {
        return false;
    };
    let kids = nodes[at].children.iter().map(|&i| nodes[i].proof);
    let proof = prove_node(kids, nodes[at].opened, nodes[first].mover, nodes[at].mover);
    nodes[at].proof = proof;
    proof.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::mcts::pick;
    use crate::search::mcts::tests::hex;

    #[test]
    fn a_win_in_one_is_found_and_proven() {
        // red (top to bottom) wins at a3, and blue threatens c3
        let g = hex("3x3 r1b/r1b/3 red");
        let children = rave_root_children(&g, 1000, 3, None);
        let r = pick(&children, children.iter().map(|c| c.visits).sum());
        assert_eq!(r.best.map(|m| g.move_text(m)).as_deref(), Some("a3"));
        assert_eq!(r.proof, Some(Proof::Win));
    }

    #[test]
    fn a_forced_loss_is_proven_and_every_move_is_searched_once_at_least() {
        // blue to move cannot stop both a3 and c3
        let g = hex("3x3 rbr/rbr/1b1 blue");
        let children = rave_root_children(&g, 1000, 5, None);
        assert!(!children.is_empty());
        assert!(
            children.iter().all(|c| c.proof == Some(Proof::Loss)),
            "{children:?}"
        );
    }

    #[test]
    fn the_same_seed_gives_the_same_search() {
        let g = hex("5x5 5/5/5/5/5 red");
        let a = rave_root_children(&g, 2000, 9, None);
        let b = rave_root_children(&g, 2000, 9, None);
        let visits = |c: &[RootChild<_>]| c.iter().map(|c| c.visits).collect::<Vec<_>>();
        assert_eq!(visits(&a), visits(&b));
        assert_eq!(a.iter().map(|c| c.visits).sum::<u64>(), 2000);
    }
}
