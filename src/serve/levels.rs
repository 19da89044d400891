//! The named strengths the page's player menu offers (easy, medium, strong), each a
//! player spec and the time a move of it takes, measured on this machine for this
//! game: easy is `random`; on a native engine medium and strong are MCTS with as many
//! playouts as about one and four seconds allow (timed on the game's start), and on
//! rule files alpha-beta for one and four seconds.

use super::caps::MAX_SERVED_PLAYOUTS;
use crate::game::{Engine, Pos, SearchSpec, Tier};
use serde::Serialize;
use std::time::Instant;

/// One named strength.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Level {
    /// `easy`, `medium` or `strong`.
    pub name: &'static str,
    /// The player spec it stands for (`mcts:20000`), as the page sends it.
    pub player: String,
    /// About how long a move takes, in seconds.
    pub seconds: f64,
}

/// The seconds a medium and a strong move take.
const MEDIUM_SECONDS: f64 = 1.0;
const STRONG_SECONDS: f64 = 4.0;
/// How long the playouts are timed for, at most (a little more once).
const PROBE_SECONDS: f64 = 0.25;

/// How many games' levels the server keeps (the oldest goes first).
const KEPT: usize = 64;

/// The levels timed already, by game, options, tier and start.
static TIMED: std::sync::Mutex<Vec<(String, Vec<Level>)>> = std::sync::Mutex::new(Vec::new());

/// The levels kept under `key` (a game, its options, tier and start), or those
/// `time` gives, then kept: a game opened again, or on a second page, is not timed
/// again (a quarter of a second of playouts each time).
pub fn kept_levels(key: String, time: impl FnOnce() -> Vec<Level>) -> Vec<Level> {
    let kept = |timed: &Vec<(String, Vec<Level>)>| {
        timed
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, l)| l.clone())
    };
    if let Some(l) = kept(&TIMED.lock().unwrap_or_else(|p| p.into_inner())) {
        return l;
    }
    let levels = time();
    let mut timed = TIMED.lock().unwrap_or_else(|p| p.into_inner());
    if kept(&timed).is_none() {
        if timed.len() >= KEPT {
            timed.remove(0);
        }
        timed.push((key, levels.clone()));
    }
    levels
}

/// The levels of a game played on `tier`, timed at position `at` of `engine`.
pub fn levels(tier: Tier, engine: &mut dyn Engine, at: Pos) -> Vec<Level> {
    let easy = Level {
        name: "easy",
        player: "random".to_string(),
        seconds: 0.0,
    };
    let rate = match tier {
        Tier::Native => playout_rate(engine, at),
        _ => None,
    };
    let named = [("medium", MEDIUM_SECONDS), ("strong", STRONG_SECONDS)];
    let others = named.into_iter().map(|(name, seconds)| match rate {
        Some(rate) => {
            let playouts = round_nicely(rate * seconds).clamp(100, MAX_SERVED_PLAYOUTS);
            Level {
                name,
                player: format!("mcts:{playouts}"),
                seconds: playouts as f64 / rate,
            }
        }
        None => Level {
            name,
            player: format!("alphabeta:{seconds}s"),
            seconds,
        },
    });
    std::iter::once(easy).chain(others).collect()
}

/// MCTS playouts a second on `engine` from `at`: searches twice as long each time
/// until one takes a noticeable time (`None`: the position has no move, or the
/// engine failed).
fn playout_rate(engine: &mut dyn Engine, at: Pos) -> Option<f64> {
    let mut playouts = 32u64;
    let mut spent = 0.0;
    loop {
        let started = Instant::now();
        let best = engine
            .best(
                at,
                SearchSpec::Mcts {
                    playouts,
                    seed: 1,
                    threads: 1,
                    time: None,
                    rave: false,
                },
            )
            .ok()?;
        best.mv.as_ref()?;
        let took = started.elapsed().as_secs_f64();
        spent += took;
        if took >= PROBE_SECONDS / 2.0 || spent >= PROBE_SECONDS || playouts >= 1 << 20 {
            return Some(playouts as f64 / took.max(1e-6));
        }
        playouts *= 2;
    }
}

/// `n` rounded to 1, 2 or 5 times a power of ten (at least 1).
fn round_nicely(n: f64) -> u64 {
    if n < 1.0 {
        return 1;
    }
    let scale = 10f64.powi(n.log10().floor() as i32);
    let mantissa = n / scale;
    let nearest = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .min_by(|a: &f64, b: &f64| (a - mantissa).abs().total_cmp(&(b - mantissa).abs()))
        .unwrap_or(1.0);
    (nearest * scale).round() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_timed_once_are_kept_by_their_key() {
        let easy = || {
            vec![Level {
                name: "easy",
                player: "random".into(),
                seconds: 0.0,
            }]
        };
        let first = kept_levels("a game kept once".into(), easy);
        let again = kept_levels("a game kept once".into(), || panic!("timed again"));
        assert_eq!(first, again);
    }

    #[test]
    fn playouts_are_rounded_to_one_two_or_five() {
        let rounded: Vec<u64> = [0.3, 1.0, 1.4, 1.6, 3.4, 3.6, 7.4, 8.0, 23_456.0, 61_000.0]
            .into_iter()
            .map(round_nicely)
            .collect();
        assert_eq!(
            rounded,
            [1, 1, 1, 2, 2, 5, 5, 10, 20_000, 50_000],
            "{rounded:?}"
        );
    }
}
