//! The tests' oracle for Hex: whether the side to move wins, by exhaustive search
//! with a table (no knowledge, no pruning); and the random positions it judges.

use super::{Hex, HexRules};
use crate::game::{Game, Outcome};
use rand::rngs::SmallRng;
use rand::Rng;
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// Whether the side to move wins `g`, searching every line; `memo` keeps the
/// values of the positions met (one table per board size: the hash does not say
/// the size).
pub fn wins(g: &Hex, memo: &mut FxHashMap<u64, bool>) -> bool {
    if let Some(Outcome::Win(p)) = g.outcome() {
        return p == g.to_move();
    }
    if let Some(&v) = memo.get(&g.hash()) {
        return v;
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let v = moves.iter().any(|&m| {
        let mut c = g.clone();
        c.play(m);
        !wins(&c, memo)
    });
    memo.insert(g.hash(), v);
    v
}

/// A random position: `stones` stones of random colours on random cells, either
/// side to move (set up by hand, so the counts need not fit the turns).
pub fn random_position(
    rng: &mut SmallRng,
    rules: &Arc<HexRules>,
    cols: usize,
    rows: usize,
    stones: usize,
) -> Hex {
    let mut cells = vec![None; cols * rows];
    let mut free: Vec<usize> = (0..cells.len()).collect();
    for _ in 0..stones.min(free.len()) {
        let i = free.swap_remove(rng.gen_range(0..free.len()));
        cells[i] = Some(rng.gen_range(0..2));
    }
    Hex::from_cells(
        rules.clone(),
        cols,
        rows,
        &cells,
        rng.gen_range(0..2),
        false,
    )
}
