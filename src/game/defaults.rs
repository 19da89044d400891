//! Every default a front end falls back on when the user does not say, each written
//! once: the game, search depths and playouts, the seed, and the plans of `check`
//! and `lint`.  The default tier is the registry's (`EngineSpec::effective_tier`),
//! the limits are the engine's (`prolog::limits`), and a game's options are its
//! descriptor's.

/// The game the REPL opens when none is named.
pub const GAME: &str = "hex";

/// The depth of alpha-beta when none is given: `alphabeta`, `best`, the REPL's
/// `:best`, `bench`'s timed search.
pub const SEARCH_DEPTH: u32 = 4;

/// The depth a rule tier searches to when given only a time (it searches one depth,
/// not deeper and deeper).
pub const RULES_SEARCH_DEPTH: u32 = 2;

/// The playouts of `mcts` when none are given.
pub const MCTS_PLAYOUTS: u64 = 10_000;

/// The seed of every random choice when none is given.
pub const SEED: u64 = 1;

/// How many random games `check` plays.
pub const CHECK_GAMES: usize = 100;

/// The positions `check` compares on every line from the start, breadth-first,
/// before its random games (whole depths: Connect Four to 3 plies, Tic-tac-toe to 3,
/// 11x11 Hex to 1).
pub const CHECK_SWEEP: usize = 1000;

/// How many random games `lint` plays.
pub const LINT_GAMES: usize = 5;
/// `lint`'s random games stop after this many seconds in all (a note says so):
/// a minute shows most defects, and a run never goes on without a word.
pub const LINT_BUDGET_SECONDS: f64 = 60.0;

/// The plies after which a random game of `check` or `lint` is cut off.
pub const MAX_PLIES: usize = 1000;

/// A GTP engine playing MCTS resigns when its best move wins fewer playouts than
/// this percent (`gtp --resign-below`).
pub const MCTS_RESIGN_PERCENT: u32 = 5;

/// The random generator's seed of game `g` of a run seeded `seed`: the same game,
/// whichever thread or shard plays it, in `check` and `lint` alike.
pub fn game_seed(seed: u64, g: usize) -> u64 {
    seed.wrapping_mul(1_000_003).wrapping_add(g as u64)
}

/// The playouts of a GTP engine's MCTS: about 0.8 s a move on 11x11 Hex on a
/// shared 2-core machine, where it beat OpenSpiel's MCTS of 10,000 simulations in
/// every game of bench/README.md's match (100,000 won 85 of 100).
pub const GTP_MCTS_PLAYOUTS: u64 = 250_000;

/// The player a GTP engine is when `--player` is not given: MCTS on a native
/// engine, a shallow alpha-beta in a rule tier.
pub fn gtp_player(native: bool) -> String {
    if native {
        format!("mcts:{GTP_MCTS_PLAYOUTS}")
    } else {
        format!("alphabeta:{RULES_SEARCH_DEPTH}")
    }
}
