//! Root-parallel MCTS: independent trees on many threads (rayon), each with its own
//! seed and share of the playouts, their root visits and wins summed move by move.

use super::mcts::{pick, root_children, MctsResult, RootChild};
use super::mcts_rave::rave_root_children;
use crate::game::Game;
use rayon::prelude::*;
use std::time::Instant;

/// The playouts of tree `i` of `trees` when `playouts` are shared out (the first
/// trees take one more when they do not divide evenly).
fn share(playouts: u64, trees: u64, i: u64) -> u64 {
    playouts / trees + u64::from(i < playouts % trees)
}

/// The root children of several trees, summed move by move, in the order the moves
/// first appear (tree 0's order first); a move any tree proved is proven.
fn sum_roots<M: Copy + Eq>(trees: Vec<Vec<RootChild<M>>>) -> Vec<RootChild<M>> {
    let mut all: Vec<RootChild<M>> = Vec::new();
    for child in trees.into_iter().flatten() {
        match all.iter_mut().find(|c| c.mv == child.mv) {
            Some(c) => {
                c.visits += child.visits;
                c.wins += child.wins;
                c.proof = c.proof.or(child.proof);
            }
            None => all.push(child),
        }
    }
    all
}

/// MCTS with `playouts` in all, shared between `threads` independent trees seeded
/// `seed`, `seed + 1`, …; the best move is chosen as `pick` does over all trees
/// (a tree stops early once it proves its root, and at `deadline` when given), each
/// tree with RAVE when `rave`.  One thread without RAVE or a deadline is exactly
/// `mcts(game, playouts, seed)`.
pub fn mcts_root_parallel<G: Game>(
    game: &G,
    playouts: u64,
    seed: u64,
    (threads, rave): (usize, bool),
    deadline: Option<Instant>,
) -> MctsResult<G::Move> {
    let trees = threads.max(1) as u64;
    let grow = |i: u64| {
        let (n, seed) = (share(playouts, trees, i), seed.wrapping_add(i));
        if rave {
            rave_root_children(game, n, seed, deadline)
        } else {
            root_children(game, n, seed, deadline)
        }
    };
    let roots: Vec<Vec<RootChild<G::Move>>> = if trees == 1 {
        vec![grow(0)]
    } else {
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(|| (0..trees).into_par_iter().map(grow).collect()),
            // no threads to be had: the same trees, one after another
            Err(_) => (0..trees).map(grow).collect(),
        }
    };
    let summed = sum_roots(roots);
    let run = summed.iter().map(|c| c.visits).sum();
    pick(&summed, run)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hex::{Hex, HexRules};
    use crate::search::mcts;

    fn hex(size: usize) -> Hex {
        Hex::new(HexRules::hex(), size, size, false)
    }

    #[test]
    fn a_search_ends_at_its_deadline_after_one_playout_at_least() {
        let g = hex(5);
        // a deadline already past: each tree runs its one playout, and stops
        let r = mcts_root_parallel(&g, 1_000_000, 3, (2, false), Some(Instant::now()));
        assert_eq!(r.nodes, 2);
        assert!(r.best.is_some());
    }

    #[test]
    fn playouts_are_shared_out_exactly() {
        for (p, t) in [(10, 3), (2, 4), (0, 2), (20000, 2)] {
            assert_eq!((0..t).map(|i| share(p, t, i)).sum::<u64>(), p);
        }
    }

    #[test]
    fn one_thread_is_plain_mcts() {
        let g = hex(5);
        let a = mcts_root_parallel(&g, 500, 7, (1, false), None);
        let b = mcts(&g, 500, 7);
        assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes));
    }

    #[test]
    fn root_visits_add_up_over_the_trees() {
        let g = hex(4);
        let roots: Vec<_> = (0..3)
            .map(|i| root_children(&g, 100, 5 + i, None))
            .collect();
        let summed = sum_roots(roots);
        assert_eq!(summed.iter().map(|c| c.visits).sum::<u64>(), 300);
        let r = mcts_root_parallel(&g, 301, 5, (3, false), None);
        assert_eq!(r.nodes, 301);
        assert!(r.best.is_some());
    }

    #[test]
    fn many_threads_give_the_same_answer_every_time() {
        let g = hex(5);
        let a = mcts_root_parallel(&g, 800, 11, (4, false), None);
        let b = mcts_root_parallel(&g, 800, 11, (4, false), None);
        assert_eq!((a.best, a.score), (b.best, b.score));
    }
}
