//! Every default a front end falls back on when the user does not say, each written
//! once: the game, search depths and playouts, the seed, the plans of `check`,
//! `lint`, `analyse` and `solve`, the limits every Prolog engine runs under, and how
//! the REPL writes answers.  The default tier is the registry's
//! (`EngineSpec::effective_tier`), and a game's options are its rule file's
//! (`option/4`, read into the native descriptors by build.rs).

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

/// The playouts of a GTP engine's MCTS with RAVE: about 0.8 s a move on 11x11 Hex
/// (the time `mcts:250000`, the default before, takes; a RAVE playout costs more).
/// At equal time RAVE won 27 of 40 games against plain UCT on 9x9 and 11x11, and
/// 36 of 40 against OpenSpiel's MCTS where plain UCT won 64 of 80 (bench/README.md).
pub const GTP_RAVE_PLAYOUTS: u64 = 70_000;

/// The playouts of a GTP engine's MCTS with RAVE on a rule file whose turns are
/// data (accelerated tier): about a second a move on 11x11 Hex, where the host's
/// playouts of `rules/hex.pl` take some six times a native engine's.
pub const GTP_RULES_RAVE_PLAYOUTS: u64 = 15_000;

/// The player a GTP engine is when `--player` is not given: MCTS with RAVE on an
/// engine that plays its random playouts in the host (a native engine, or a rule
/// file whose turns are data in the accelerated tier, with fewer playouts), else a
/// shallow alpha-beta.
pub fn gtp_player(playouts_in_host: bool, native: bool) -> String {
    if native {
        format!("rave:{GTP_RAVE_PLAYOUTS}")
    } else if playouts_in_host {
        format!("rave:{GTP_RULES_RAVE_PLAYOUTS}")
    } else {
        format!("alphabeta:{RULES_SEARCH_DEPTH}")
    }
}

/// Inference limit of a request on one position (initial/2, legal/2, play/3, view/2,
/// a REPL answer) unless the user gives another: about two seconds of scryer, so a
/// looping rule stops soon, named, while the largest real position needs far less.
pub const INFERENCE_LIMIT: u64 = 30_000_000;
/// Wall-clock limit of one request (a REPL answer, a query about one position, a
/// rule file's loading) unless `--time-limit` says otherwise.
pub const TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);
/// Memory limit of the whole process (MB) unless `--memory-limit` says otherwise.
pub const MEMORY_LIMIT_MB: u64 = 2048;

/// How the REPL writes answers until `:set` says otherwise: char lists as lists
/// (`[f,x,y]`), as SWI-Prolog prints them with double_quotes=chars (in scryer a
/// list of one-char atoms and a double-quoted text are the same term, and `X =..
/// L`, `X = [a]` or a board's row read as lists; `:set strings on` shows every
/// char list as "text", never cut inside its quotes); terms elided as SWI elides
/// them, at a depth of 30 (a list after 30 elements, `[1,2,...|...]`, a term nested
/// deeper than 30, `...`); and the game's states and moves in its own notation
/// (`<a1>`, `<POSITION>`), as a board program shows them.
pub const ANSWER_SETTINGS: [(&str, &str); 3] =
    [("strings", "off"), ("depth", "30"), ("notation", "on")];

/// The pairings `analyse` plays when none is given: random play, and MCTS on both
/// sides.
pub const ANALYSE_PAIRINGS: &str = "random,random mcts:1000,mcts:1000";
/// The player `analyse` pits against random play for decisiveness, by default.
pub const ANALYSE_STRONGER: &str = "mcts:1000";

/// The transposition table's size of `solve` when `--memory` is not given, in MB.
pub const SOLVE_TABLE_MB: u64 = 256;

/// How many games `analyse` plays of each pairing.
pub const ANALYSE_GAMES: usize = 100;

/// The seconds `bench` times each figure for.
pub const BENCH_SECONDS: f64 = 2.0;
/// The positions `bench` times alpha-beta and playouts on.
pub const BENCH_POSITIONS: usize = 12;

/// How `check` plays its random games (`--strategy`).
pub const CHECK_STRATEGY: &str = "probe";

/// The seconds an external engine may take to answer one request (`--answer-timeout`
/// of `check` and `perft --against`).
pub const ANSWER_TIMEOUT_SECONDS: f64 = 10.0;

/// The tier `lint` loads a rule file in.
pub const LINT_TIER: &str = "spec";

/// The board of the starter rule file `new` writes.
pub const NEW_BOARD: &str = "square";

/// Where `serve` listens: this machine only, on this port.
pub const SERVE_ADDRESS: &str = "127.0.0.1";
pub const SERVE_PORT: u16 = 7878;
