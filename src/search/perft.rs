//! Perft: count the leaves of the game tree to a depth, for any native `Game`.

use crate::game::Game;

/// Leaves of the game tree below `game` to `depth`; a finished game is a leaf
/// wherever it ends, and the last ply is counted without being played.
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<G::Move>> = (0..=depth).map(|_| Vec::new()).collect();
    perft_in(game, depth, &mut buffers)
}

fn perft_in<G: Game>(game: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 || game.outcome().is_some() {
        return 1;
    }
    let (buf, rest) = match buffers.split_first_mut() {
        Some(split) => split,
        None => return 1,
    };
    game.legal_moves(buf);
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut total = 0;
    for &m in buf.iter() {
        let mut next = game.clone();
        next.play(m);
        total += perft_in(&next, depth - 1, rest);
    }
    total
}
