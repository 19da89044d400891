//! The tests' oracle for Hex: whether the side to move wins, by exhaustive search
//! with a table (no knowledge, no pruning).

use super::Hex;
use crate::game::{Game, Outcome};
use rustc_hash::FxHashMap;

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
