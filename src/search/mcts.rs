//! Monte Carlo tree search (UCT with random playouts, and an MCTS-solver in the
//! tree) over any `Game`: the player for Hex, where alpha-beta with a heuristic is
//! weak on big boards.

use super::mcts_solver::{prove_node, rank, Proof};
use crate::game::{Game, Outcome};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::Instant;

/// A playout still going after this many plies is scored as a draw (games such as
/// Mitsudomoe and Tactigon can go round in circles; this is not a rule of theirs).
pub const MAX_PLAYOUT_PLIES: u64 = 1000;

/// The exploration constant of UCB1, on rewards in [0, 1] (a win 1, a draw 1/2):
/// OpenSpiel's `uct_c` 2 on rewards in [-1, 1].  It was 1.4, which explored more
/// and lost to OpenSpiel at equal simulations on 11x11 Hex (bench/README.md).
pub const EXPLORE: f64 = 1.0;

/// What MCTS chose.
#[derive(Clone, Debug)]
pub struct MctsResult<M> {
    pub best: Option<M>,
    /// The best move's win rate for the mover, in thousandths (1000 for a proven
    /// win, 500 for a proven draw, 0 for a proven loss).
    pub score: i32,
    /// Playouts run (fewer than asked when the root was proven first).
    pub nodes: u64,
    /// What the search proved of the best move, for the mover.
    pub proof: Option<Proof>,
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
    /// What is proven of this node for `mover`.
    proof: Option<Proof>,
}

/// A move at the root of a search tree, and what the playouts through it gave.
#[derive(Clone, Copy, Debug)]
pub struct RootChild<M> {
    pub mv: M,
    pub visits: u64,
    /// Wins for the player who made the move (a draw is half a win).
    pub wins: f64,
    /// What the search proved of the move, for the player who made it.
    pub proof: Option<Proof>,
}

/// Runs up to `playouts` iterations of UCT from `game` (fewer once the root is
/// proven); the best move is a proven win, else the most visited move not proven lost.
pub fn mcts<G: Game>(game: &G, playouts: u64, seed: u64) -> MctsResult<G::Move> {
    let children = root_children(game, playouts, seed, None);
    let run = children.iter().map(|c| c.visits).sum();
    pick(&children, run)
}

/// The root move to play: a proven win, else the most visited of the moves not
/// proven lost, else (every move loses) the most visited; the last of equals, in
/// the order given. `nodes` is the number of playouts run.
pub fn pick<M: Copy>(children: &[RootChild<M>], nodes: u64) -> MctsResult<M> {
    let best = children.iter().max_by_key(|c| (rank(c.proof), c.visits));
    MctsResult {
        best: best.map(|c| c.mv),
        score: best
            .map(|c| match c.proof {
                Some(Proof::Win) => 1000,
                Some(Proof::Draw) => 500,
                Some(Proof::Loss) => 0,
                None => (c.wins / c.visits.max(1) as f64 * 1000.0) as i32,
            })
            .unwrap_or(0),
        nodes: if best.is_some() { nodes } else { 0 },
        proof: best.and_then(|c| c.proof),
    }
}

/// The child of `at` to descend to: the best by UCB1 of those not proven lost for
/// the player choosing (the last of equals); none when every child is.
fn select<M>(nodes: &[Node<M>], at: usize) -> Option<usize> {
    let log_visits = f64::from(nodes[at].visits.max(1)).ln();
    let ucb = |i: usize| {
        let n = &nodes[i];
        let v = f64::from(n.visits.max(1));
        n.wins / v + EXPLORE * (log_visits / v).sqrt()
    };
    nodes[at]
        .children
        .iter()
        .copied()
        .filter(|&i| nodes[i].proof != Some(Proof::Loss))
        .max_by(|&a, &b| ucb(a).total_cmp(&ucb(b)))
}

/// Tries to prove node `at` from its children (each proven, if at all, for the
/// player choosing there); gives whether it is now proven.
fn try_prove<M>(nodes: &mut [Node<M>], at: usize) -> bool {
    let Some(&first) = nodes[at].children.first() else {
        return false;
    };
    let kids = nodes[at].children.iter().map(|&i| nodes[i].proof);
    let proof = prove_node(
        kids,
        nodes[at].untried.is_empty(),
        nodes[first].mover,
        nodes[at].mover,
    );
    nodes[at].proof = proof;
    proof.is_some()
}

/// Runs up to `playouts` iterations of UCT from `game` with a seeded generator,
/// stopping early once the root is proven; gives the root's children in the order
/// they were expanded (none once the game is over).  The tree is an MCTS-solver: a
/// finished game in the tree is proven, a node is proven won as soon as one move
/// wins and lost once every move loses, selection passes over proven losses and
/// stops at a proven node (its proof is the iteration's result, no playout).  With a
/// `deadline`, it stops there too, after one iteration at least.
pub fn root_children<G: Game>(
    game: &G,
    playouts: u64,
    seed: u64,
    deadline: Option<Instant>,
) -> Vec<RootChild<G::Move>> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut root_moves = Vec::new();
    game.legal_moves(&mut root_moves);
    if root_moves.is_empty() || game.outcome().is_some() {
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
        proof: None,
    }];
    let mut buf = Vec::new();
    // every iteration plays in this one copy, refreshed from the root
    let mut g = game.clone();
    for ran in 0..playouts {
        if nodes[0].proof.is_some() || (ran > 0 && deadline.is_some_and(|d| Instant::now() >= d)) {
            break;
        }
        // selection
        let mut at = 0;
        g.clone_from(game);
        while nodes[at].proof.is_none()
            && nodes[at].untried.is_empty()
            && !nodes[at].children.is_empty()
        {
            let Some(best) = select(&nodes, at) else {
                break;
            };
            at = best;
            if let Some(m) = nodes[at].mv {
                g.play(m);
            }
        }
        // expansion
        if nodes[at].proof.is_none() && !nodes[at].untried.is_empty() {
            let k = rng.gen_range(0..nodes[at].untried.len());
            let m = nodes[at].untried.swap_remove(k);
            let mover = g.to_move();
            g.play(m);
            let mut untried = Vec::new();
            let proof = Proof::of_outcome(g.outcome(), mover);
            if proof.is_none() {
                g.legal_moves(&mut untried);
            }
            nodes.push(Node {
                mv: Some(m),
                parent: Some(at),
                children: vec![],
                untried,
                visits: 0,
                wins: 0.0,
                mover,
                proof,
            });
            let child = nodes.len() - 1;
            nodes[at].children.push(child);
            at = child;
        }
        let winner = match nodes[at].proof {
            // a proven node needs no playout: its proof is the result
            Some(p) => p.winner(nodes[at].mover),
            None => {
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
                match g.outcome() {
                    Some(Outcome::Win(p)) => Some(p),
                    _ => None,
                }
            }
        };
        // back-propagation, and a new proof as far up as it goes
        let mut proving = nodes[at].proof.is_some();
        let mut cur = Some(at);
        while let Some(i) = cur {
            if proving && i != at && nodes[i].proof.is_none() {
                proving = try_prove(&mut nodes, i);
            }
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
                proof: n.proof,
            })
        })
        .collect()
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::games::hex::{Hex, HexRules};

    /// The Hex position of a position text ("3x3 r1b/r1b/3 red").
    pub(in crate::search) fn hex(text: &str) -> Hex {
        let size = text.split('x').next().and_then(|n| n.parse().ok()).unwrap();
        Hex::new(HexRules::hex(), size, size, false)
            .parse_position(text)
            .unwrap()
    }

    #[test]
    fn a_win_in_one_is_proven_and_the_search_stops() {
        // red (top to bottom) wins at a3, and blue threatens c3
        let g = hex("3x3 r1b/r1b/3 red");
        let r = mcts(&g, 1000, 3);
        assert_eq!(r.best.map(|m| g.move_text(m)).as_deref(), Some("a3"));
        assert_eq!((r.proof, r.score), (Some(Proof::Win), 1000));
        // found once a3 was expanded: at most one iteration per empty cell
        assert!(r.nodes <= 5, "{} playouts", r.nodes);
    }

    #[test]
    fn a_forced_loss_is_proven() {
        // blue to move cannot stop both a3 and c3
        let g = hex("3x3 rbr/rbr/1b1 blue");
        let children = root_children(&g, 1000, 5, None);
        assert_eq!(children.len(), 2);
        assert!(children.iter().all(|c| c.proof == Some(Proof::Loss)));
        let r = pick(&children, 0);
        assert_eq!((r.proof, r.score), (Some(Proof::Loss), 0));
    }

    #[test]
    fn a_proven_win_is_chosen_over_busier_moves() {
        // red wins at a5 on 5x5; 17 cells are empty, so 17 playouts expand every
        // move once, and the win is played though no playout count singles it out
        let g = hex("5x5 r3b/r3b/r3b/r3b/5 red");
        for seed in 0..8 {
            let r = mcts(&g, 17, seed);
            assert_eq!(r.best.map(|m| g.move_text(m)).as_deref(), Some("a5"));
            assert_eq!(r.proof, Some(Proof::Win));
        }
    }

    #[test]
    fn a_proven_loss_is_never_chosen_while_another_move_remains() {
        let children = [
            RootChild {
                mv: 0,
                visits: 900,
                wins: 800.0,
                proof: Some(Proof::Loss),
            },
            RootChild {
                mv: 1,
                visits: 10,
                wins: 1.0,
                proof: None,
            },
            RootChild {
                mv: 2,
                visits: 50,
                wins: 5.0,
                proof: Some(Proof::Loss),
            },
        ];
        assert_eq!(pick(&children, 960).best, Some(1));
        let lost = [children[0], children[2]];
        assert_eq!(pick(&lost, 950).best, Some(0));
    }

    #[test]
    fn the_solver_keeps_a_search_deterministic() {
        let g = hex("5x5 5/5/2r2/5/5 blue");
        let a = mcts(&g, 2000, 9);
        let b = mcts(&g, 2000, 9);
        assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes));
    }
}
