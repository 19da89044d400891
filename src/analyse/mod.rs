//! `ludolog analyse`: is a variant a good game?  Plays many games between chosen
//! players and measures balance, completion, length, branching, decisiveness and
//! the value of each first move — per game, seeded per game so that a run gives the
//! same figures on any number of threads and shards.

mod board_map;
mod plot;
mod stats;

pub use board_map::{framed_map_svg, Key};
pub use plot::{bar_chart_svg, line_chart_svg, Series};
pub use stats::{quartiles, wilson, LineStats, MoveStats};

use crate::game::{Engine, EngineError};
use crate::parallel::{on_threads, PoolError, Queue, Shard};
use crate::registry::EngineSpec;
use crate::search::{choose_move, PlayerKind};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// One pairing of players: the first plays the side that moves first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pairing {
    pub first: PlayerKind,
    pub second: PlayerKind,
}

impl std::fmt::Display for Pairing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} vs {}", self.first, self.second)
    }
}

/// One game played: what the metrics are made of.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Played {
    /// The game's number in the run (its seed comes from it).
    pub index: usize,
    /// The first move, if any was made.
    pub first_move: Option<String>,
    /// The number of legal moves at each ply played.
    pub branching: Vec<u32>,
    /// 0: the first player won, 1: the second, `None`: a draw or unfinished.
    pub winner: Option<u8>,
    /// Whether the game hit the ply cap.
    pub capped: bool,
    /// Whether the game ended in scores (a GDL sheet's goal values), no one's win.
    pub scored: bool,
}

impl Played {
    /// The number of plies played.
    pub fn plies(&self) -> usize {
        self.branching.len()
    }
}

/// The seed of game `index` of pairing `line` in a run seeded `seed`: every game has
/// its own, so that the games do not depend on which thread or shard plays them.
pub fn game_seed(seed: u64, line: usize, index: usize) -> u64 {
    crate::game::zobrist_key(seed ^ crate::game::zobrist_key(((line as u64) << 40) ^ index as u64))
}

/// Plays game `index` of a pairing from the start, cut off at `max_plies`.
pub fn play_one(
    engine: &mut dyn Engine,
    pairing: Pairing,
    seed: u64,
    index: usize,
    max_plies: usize,
) -> Result<Played, EngineError> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut at = engine.initial()?;
    let first_player = engine.describe(at)?.to_move;
    let mut played = Played {
        index,
        first_move: None,
        branching: Vec::new(),
        winner: None,
        capped: false,
        scored: false,
    };
    let result = (|| loop {
        let info = engine.describe(at)?;
        if let Some(o) = &info.outcome {
            // a draw or scores count as no one's win
            played.winner = match o {
                crate::game::Ending::Win(w) if first_player == *w => Some(0),
                crate::game::Ending::Win(_) => Some(1),
                _ => None,
            };
            played.scored = matches!(o, crate::game::Ending::Scores(_));
            return Ok(());
        }
        if info.legal.is_empty() {
            return Ok(());
        }
        if played.plies() >= max_plies {
            played.capped = true;
            return Ok(());
        }
        let kind = if info.to_move == first_player {
            pairing.first
        } else {
            pairing.second
        };
        let mv = choose_move(kind, engine, at, &mut rng)?
            .ok_or_else(|| EngineError::Rules("a player chose no move".to_string()))?;
        played.branching.push(info.legal.len() as u32);
        if played.first_move.is_none() {
            played.first_move = Some(mv.clone());
        }
        let next = engine.play(at, &mv)?;
        engine.release(at);
        at = next;
    })();
    engine.release(at);
    result.map(|()| played)
}

/// What to analyse.
#[derive(Clone, Debug)]
pub struct AnalysePlan {
    pub pairings: Vec<Pairing>,
    /// Games per pairing (the whole run, before sharding).
    pub games: usize,
    pub max_plies: usize,
    pub seed: u64,
    pub threads: usize,
    pub shard: Shard,
    pub progress: bool,
    /// Set (by Ctrl-C) to stop: no game starts after it, the games played are kept.
    pub cancel: Option<Arc<AtomicBool>>,
}

/// The games a run played, by pairing in order, and why it stopped early if it did:
/// Ctrl-C, or a game that failed (the games before it are kept).
#[derive(Debug)]
pub struct RunGames {
    pub lines: Vec<Vec<Played>>,
    pub stopped: Option<String>,
}

/// A run's failure.
#[derive(Debug, thiserror::Error)]
pub enum AnalyseError {
    #[error("{0}")]
    Open(#[from] crate::registry::OpenError),
    #[error("game {index} of {pairing}: {error}")]
    Game {
        index: usize,
        pairing: String,
        error: EngineError,
    },
    #[error("{0}")]
    Pool(#[from] PoolError),
}

/// Plays this shard's games of every pairing on `plan.threads` threads; gives each
/// pairing's games in order.  Ctrl-C (`plan.cancel`) or a game that fails stops the
/// run: the games finished are kept, and `stopped` says why.
pub fn run(spec: &EngineSpec, plan: &AnalysePlan) -> Result<RunGames, AnalyseError> {
    let range = plan.shard.range(plan.games);
    let work: Vec<(usize, usize)> = (0..plan.pairings.len())
        .flat_map(|l| range.clone().map(move |i| (l, i)))
        .collect();
    let queue = Queue::new(work.len());
    let results: Mutex<Vec<Option<Played>>> = Mutex::new(vec![None; work.len()]);
    let bar = crate::check::progress_bar(work.len(), plan.progress);
    let failed = AtomicBool::new(false);
    let stop_now = || {
        failed.load(Ordering::SeqCst)
            || plan
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(Ordering::SeqCst))
    };
    let worker =
        |engine: Result<Box<dyn Engine>, crate::registry::OpenError>| -> Result<(), AnalyseError> {
            let mut engine = engine?;
            while !stop_now() {
                let Some(k) = queue.take() else { break };
                let (line, index) = work[k];
                let pairing = plan.pairings[line];
                let seed = game_seed(plan.seed, line, index);
                let played = play_one(engine.as_mut(), pairing, seed, index, plan.max_plies)
                    .map_err(|error| {
                        failed.store(true, Ordering::SeqCst);
                        AnalyseError::Game {
                            index: index + 1,
                            pairing: pairing.to_string(),
                            error,
                        }
                    })?;
                if let Ok(mut slots) = results.lock() {
                    slots[k] = Some(played);
                }
                bar.inc(1);
            }
            Ok(())
        };
    let (first, others) = on_threads(
        plan.threads,
        || worker(spec.open()),
        |_| worker(spec.open()),
    )?;
    bar.finish_and_clear();
    // the first failure, if any, is why the run stopped; an engine that would not
    // open is an error of the whole run
    let mut stopped = None;
    for r in std::iter::once(first).chain(others) {
        match r {
            Ok(()) => {}
            Err(e @ AnalyseError::Game { .. }) => {
                stopped.get_or_insert(e.to_string());
            }
            Err(e) => return Err(e),
        }
    }
    let slots = results.into_inner().unwrap_or_else(|e| e.into_inner());
    let done = slots.iter().filter(|s| s.is_some()).count();
    if stopped.is_none() && done < work.len() {
        stopped = Some("stopped by Ctrl-C".to_string());
    }
    let stopped = stopped.map(|why| format!("{why}; {done} of {} games played", work.len()));
    let mut lines: Vec<Vec<Played>> = vec![Vec::new(); plan.pairings.len()];
    for ((line, _), p) in work.into_iter().zip(slots) {
        if let Some(p) = p {
            lines[line].push(p);
        }
    }
    Ok(RunGames { lines, stopped })
}
