//! The values of command-line options, each read with its range in the error message
//! (clap's `value_parser`s for the binary's `commands`).

use crate::game::count_in;

/// `--depth` of best and bench (1 to `MAX_SEARCH_DEPTH`), `--depth` of perft (0 to
/// `MAX_PERFT_DEPTH`), `--time` (1 ms to an hour), `--mcts` (1 to `MAX_MCTS_PLAYOUTS`).
pub use crate::game::{mcts_playouts, perft_depth, search_depth, search_time};

/// `--inference-limit`: 1000 to 10^12 inferences.
pub fn inference_limit(text: &str) -> Result<u64, String> {
    count_in(text, "an inference limit", 1000..=1_000_000_000_000)
}

/// `--games`: 1 to 10 million games.
pub fn games_count(text: &str) -> Result<usize, String> {
    count_in(text, "a number of games", 1..=10_000_000).map(|n| n as usize)
}

/// `--max-plies`: 1 to a million plies.
pub fn max_plies(text: &str) -> Result<usize, String> {
    count_in(text, "a number of plies", 1..=1_000_000).map(|n| n as usize)
}

/// `--sweep` of check: 0 to 10^7 positions.
pub fn sweep_positions(text: &str) -> Result<usize, String> {
    count_in(text, "a number of positions", 0..=10_000_000).map(|n| n as usize)
}

/// `--strategy` of check: a strategy's name.
pub fn check_strategy(text: &str) -> Result<crate::check::Strategy, String> {
    crate::check::Strategy::from_name(text.trim()).ok_or_else(|| {
        let names: Vec<&str> = crate::check::Strategy::ALL
            .iter()
            .map(|s| s.name())
            .collect();
        format!(
            "`{}` is not a strategy (one of {})",
            crate::game::elide(text),
            names.join(", ")
        )
    })
}

/// `--positions` of bench: 0 to 1000.
pub fn bench_positions(text: &str) -> Result<usize, String> {
    count_in(text, "a number of positions", 0..=1000).map(|n| n as usize)
}

/// `--seconds` of bench: 0.01 to 600.
pub fn bench_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(v) if (0.01..=600.0).contains(&v) => Ok(v),
        _ => Err(format!(
            "`{}` is not a number of seconds (from 0.01 to 600)",
            crate::game::elide(text)
        )),
    }
}

/// `--seed`: any whole number that fits in 64 bits.
pub fn seed_value(text: &str) -> Result<u64, String> {
    count_in(text, "a seed", 0..=u64::MAX)
}

/// Reads a number of threads, 1 or more.
pub fn parse_threads(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!(
            "`{}` is not a number of threads (1 or more)",
            crate::game::elide(text)
        )),
    }
}

/// `--memory` of solve: a table of 1 MB to 64 GB.
pub fn table_mb(text: &str) -> Result<u64, String> {
    count_in(text, "a table size in MB", 1..=65536)
}

/// `--nodes` of solve: 1 to 10^15 positions.
pub fn solve_nodes(text: &str) -> Result<u64, String> {
    count_in(text, "a number of positions", 1..=1_000_000_000_000_000)
}

/// `--time` of solve: 1 ms to a week, in ms, s (the default unit), m or h.
pub fn solve_time(text: &str) -> Result<std::time::Duration, String> {
    let t = text.trim();
    let (num, scale) = [("ms", 0.001), ("s", 1.0), ("m", 60.0), ("h", 3600.0)]
        .iter()
        .find_map(|&(unit, scale)| t.strip_suffix(unit).map(|n| (n, scale)))
        .unwrap_or((t, 1.0));
    match num.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v * scale >= 0.001 && v * scale <= 7.0 * 86400.0 => {
            Ok(std::time::Duration::from_secs_f64(v * scale))
        }
        _ => Err(format!(
            "`{}` is not a time (like 30s, 500ms, 10m or 2h, from 1ms to a week)",
            crate::game::elide(text)
        )),
    }
}
