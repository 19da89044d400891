//! Perft: count the leaves of the game tree to a depth, for any native `Game`.

use crate::game::Game;

/// What one level of the tree reuses from node to node: the legal moves, and
/// the child position, refreshed with `clone_from` (a game copies into the
/// tables it has, with no allocation).
struct Level<G: Game> {
    moves: Vec<G::Move>,
    child: Option<G>,
}

/// Leaves of the game tree below `game` to `depth`; a finished game is a leaf
/// wherever it ends, and the last ply is counted without being played.
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    let mut levels: Vec<Level<G>> = (0..=depth)
        .map(|_| Level {
            moves: Vec::new(),
            child: None,
        })
        .collect();
    perft_in(game, depth, &mut levels)
}

fn perft_in<G: Game>(game: &G, depth: u32, levels: &mut [Level<G>]) -> u64 {
    if depth == 0 || game.outcome().is_some() {
        return 1;
    }
    let (level, rest) = match levels.split_first_mut() {
        Some(split) => split,
        None => return 1,
    };
    game.legal_moves(&mut level.moves);
    if depth == 1 {
        return level.moves.len() as u64;
    }
    let next = level.child.get_or_insert_with(|| game.clone());
    let mut total = 0;
    for &m in level.moves.iter() {
        next.clone_from(game);
        next.play(m);
        total += perft_in(next, depth - 1, rest);
    }
    total
}
