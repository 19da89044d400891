//! Random playouts: legal moves, a uniform random pick, play, outcome, every ply.

use crate::game::Game;
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// Plays uniformly random moves in `g` until the game ends or `max_plies` have
/// been played; gives the plies played.
fn play_out<G: Game>(g: &mut G, rng: &mut SmallRng, buf: &mut Vec<G::Move>, max_plies: u64) -> u64 {
    let mut plies = 0;
    while g.outcome().is_none() && plies < max_plies {
        let Some(m) = g.random_legal(rng, buf) else {
            break;
        };
        g.play(m);
        plies += 1;
    }
    plies
}

/// Plays uniformly random moves from `game` until the game ends or `max_plies`
/// have been played; gives the plies played and the last position.
pub fn random_playout<G: Game>(
    game: &G,
    rng: &mut SmallRng,
    buf: &mut Vec<G::Move>,
    max_plies: u64,
) -> (u64, G) {
    let mut g = game.clone();
    let plies = play_out(&mut g, rng, buf, max_plies);
    (plies, g)
}

/// Plays `count` random games from `game` with a seeded generator, each cut off
/// after `max_plies`; gives the total plies.  (Every game is played in one copy,
/// refreshed from the start with `clone_from`, which copies into the tables the
/// copy has: no allocation per game.)
pub fn random_playouts<G: Game>(game: &G, count: u64, seed: u64, max_plies: u64) -> u64 {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut buf = Vec::new();
    let mut total = 0;
    let mut g = game.clone();
    for _ in 0..count {
        // into the same copy each time: a game may copy only what it uses
        g.clone_from(game);
        total += play_out(&mut g, &mut rng, &mut buf, max_plies);
    }
    total
}
