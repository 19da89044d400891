//! `Limits`: when a search stops (depth, time, nodes).

use std::time::Duration;

/// When to stop searching.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Limits {
    /// The deepest iteration (plies).
    pub depth: Option<u32>,
    /// Wall-clock time for the whole search.
    pub time: Option<Duration>,
    /// Nodes for the whole search.
    pub nodes: Option<u64>,
}

impl Limits {
    /// A search to a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }
}

/// The exit code of a process that reached the memory limit (`foreign::memory`'s
/// allocator leaves with it).
pub const EXIT_MEMORY: i32 = 86;
/// The exit code of a process stopped at the time limit (`prolog::limits`' watchdog
/// leaves with it).
pub const EXIT_TIME: i32 = 87;

/// The deepest alpha-beta search anyone may ask for (plies): deeper never ends on a
/// real board, and a smaller board ends its search at the last ply anyway.
pub const MAX_SEARCH_DEPTH: u32 = 40;
/// The deepest perft anyone may ask for.
pub const MAX_PERFT_DEPTH: u32 = 20;
/// The most MCTS playouts one search may ask for.
pub const MAX_MCTS_PLAYOUTS: u64 = 100_000_000;
/// The longest a timed search may run.
pub const MAX_SEARCH_TIME: Duration = Duration::from_secs(3600);

/// A search depth given by a user, checked: 1 to `MAX_SEARCH_DEPTH`.
pub fn search_depth(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(d) if (1..=MAX_SEARCH_DEPTH).contains(&d) => Ok(d),
        _ => Err(format!(
            "`{}` is not a search depth (a whole number from 1 to {MAX_SEARCH_DEPTH})",
            elide(text)
        )),
    }
}

/// A perft depth given by a user, checked: 0 to `MAX_PERFT_DEPTH`.
pub fn perft_depth(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(d) if d <= MAX_PERFT_DEPTH => Ok(d),
        _ => Err(format!(
            "`{}` is not a perft depth (a whole number from 0 to {MAX_PERFT_DEPTH})",
            elide(text)
        )),
    }
}

/// A number of MCTS playouts given by a user, checked: 1 to `MAX_MCTS_PLAYOUTS`.
pub fn mcts_playouts(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(n) if (1..=MAX_MCTS_PLAYOUTS).contains(&n) => Ok(n),
        _ => Err(format!(
            "`{}` is not a number of playouts (a whole number from 1 to {MAX_MCTS_PLAYOUTS})",
            elide(text)
        )),
    }
}

/// A search time given by a user: "2s", "500ms" or a number of seconds, from 1 ms to an hour.
pub fn search_time(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let (num, scale) = if let Some(ms) = t.strip_suffix("ms") {
        (ms, 0.001)
    } else if let Some(s) = t.strip_suffix('s') {
        (s, 1.0)
    } else {
        (t, 1.0)
    };
    match num.trim().parse::<f64>() {
        Ok(v)
            if v.is_finite()
                && v * scale >= 0.001
                && v * scale <= MAX_SEARCH_TIME.as_secs_f64() =>
        {
            Ok(Duration::from_secs_f64(v * scale))
        }
        _ => Err(format!(
            "`{}` is not a search time (like 2s or 500ms, from 1ms to 3600s)",
            elide(text)
        )),
    }
}

/// A whole number given by a user for `what`, checked against a range.
pub fn count_in(
    text: &str,
    what: &str,
    range: std::ops::RangeInclusive<u64>,
) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => Err(format!(
            "`{}` is not {what} (a whole number from {} to {})",
            elide(text),
            range.start(),
            range.end()
        )),
    }
}

/// A user's text shortened for a message: at most 40 characters, the rest elided;
/// other characters as typed, control characters escaped (`\u{1}`).
pub fn elide(text: &str) -> String {
    const MAX: usize = 40;
    let shown = |s: &mut dyn Iterator<Item = char>| -> String {
        s.map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
    };
    let n = text.chars().count();
    if n <= MAX {
        shown(&mut text.chars())
    } else {
        format!("{}… ({n} characters)", shown(&mut text.chars().take(MAX)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_checked() {
        assert_eq!(search_depth("4"), Ok(4));
        assert!(search_depth("0").unwrap_err().contains("from 1 to 40"));
        assert!(search_depth("1000").is_err());
        assert_eq!(perft_depth("0"), Ok(0));
        assert!(perft_depth("1000").unwrap_err().contains("from 0 to 20"));
        assert!(mcts_playouts("0").is_err());
        assert_eq!(search_time("500ms"), Ok(Duration::from_millis(500)));
        assert!(search_time("0s").is_err());
        assert!(search_time("1e300").is_err());
        assert!(search_time("NaNs").is_err());
        assert!(elide(&"x".repeat(100)).ends_with("(100 characters)"));
        assert_eq!(elide("3×3"), "3×3");
    }
}
