//! The lockstep run: seeded random games played through two engines at once, every
//! position compared (and each engine checked against its own text), the first
//! disagreement shrunk.

use super::mismatch::Mismatch;
use super::shrink::shrink;
use super::step::{compare_position, play_both, Step};
use super::timed::TimedEngine;
use crate::game::{Engine, EngineError, Pos};
use indicatif::{ProgressBar, ProgressStyle};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// What to check.
#[derive(Clone, Debug)]
pub struct CheckConfig {
    /// Random games to play.
    pub games: usize,
    /// A game is cut off after this many plies.
    pub max_plies: usize,
    /// Games are reproducible from this seed.
    pub seed: u64,
    /// Also compare perft counts to this depth, from the start and sampled positions.
    pub perft_depth: Option<u32>,
    /// Show a progress bar (on a terminal).
    pub progress: bool,
}

impl Default for CheckConfig {
    fn default() -> Self {
        CheckConfig {
            games: 100,
            max_plies: 1000,
            seed: 1,
            perft_depth: None,
            progress: false,
        }
    }
}

/// The result of a check.
#[derive(Clone, Debug, serde::Serialize)]
pub struct CheckReport {
    pub engine_a: String,
    pub engine_b: String,
    pub games: usize,
    pub positions: usize,
    pub moves_compared: usize,
    pub perft_positions: usize,
    pub perft_counts: usize,
    pub mismatch: Option<Mismatch>,
    pub seconds_a: f64,
    pub seconds_b: f64,
}

/// Both engines' positions of one game, released together.
struct Pair {
    a: Pos,
    b: Pos,
}

impl Pair {
    fn release(self, a: &mut dyn Engine, b: &mut dyn Engine) {
        a.release(self.a);
        b.release(self.b);
    }
}

/// Plays one random game in lockstep; gives the first mismatch, if any.
fn one_game(
    a: &mut dyn Engine,
    b: &mut dyn Engine,
    start: &Pair,
    rng: &mut SmallRng,
    config: &CheckConfig,
    report: &mut CheckReport,
    first_game: bool,
) -> Result<Option<Mismatch>, EngineError> {
    let mut at = Pair {
        a: a.copy(start.a)?,
        b: b.copy(start.b)?,
    };
    let mut moves: Vec<String> = Vec::new();
    let found = loop {
        report.positions += 1;
        let legal = match compare_position(a, b, at.a, at.b, &moves) {
            Step::Agree(legal) => legal,
            Step::Differ(m) => break Some(*m),
        };
        report.moves_compared += legal.len();
        if let Some(depth) = config.perft_depth {
            if moves.len() == 4 && report.perft_positions < 10 || (first_game && moves.is_empty()) {
                let pa = a.perft_counts(at.a, depth)?;
                let pb = b.perft_counts(at.b, depth)?;
                report.perft_positions += 1;
                report.perft_counts += pa.len();
                if pa != pb {
                    let position = a.text(at.a)?;
                    break Some(Mismatch::new(
                        &moves,
                        &position,
                        format!("perft counts differ: {pa:?} vs {pb:?}"),
                    ));
                }
            }
        }
        if legal.is_empty() || moves.len() >= config.max_plies {
            break None;
        }
        let mv = legal[rng.gen_range(0..legal.len())].clone();
        match play_both(a, b, at.a, at.b, &mv, &moves) {
            Ok((na, nb)) => {
                std::mem::replace(&mut at, Pair { a: na, b: nb }).release(a, b);
                moves.push(mv);
            }
            Err(m) => break Some(*m),
        }
    };
    at.release(a, b);
    Ok(found)
}

/// Plays `config.games` seeded random games through both engines in lockstep and
/// compares every position; the first mismatch is shrunk and reported.
pub fn compare(
    a: &mut dyn Engine,
    b: &mut dyn Engine,
    config: &CheckConfig,
) -> Result<CheckReport, EngineError> {
    let mut ta = TimedEngine::new(a);
    let mut tb = TimedEngine::new(b);
    let mut report = CheckReport {
        engine_a: ta.label(),
        engine_b: tb.label(),
        games: 0,
        positions: 0,
        moves_compared: 0,
        perft_positions: 0,
        perft_counts: 0,
        mismatch: None,
        seconds_a: 0.0,
        seconds_b: 0.0,
    };
    let start = Pair {
        a: ta.initial()?,
        b: tb.initial()?,
    };
    let bar = if config.progress {
        ProgressBar::new(config.games as u64)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let started = std::time::Instant::now();
    let mut found = None;
    for g in 0..config.games {
        let mut rng =
            SmallRng::seed_from_u64(config.seed.wrapping_mul(1_000_003).wrapping_add(g as u64));
        report.games += 1;
        found = one_game(
            &mut ta,
            &mut tb,
            &start,
            &mut rng,
            config,
            &mut report,
            g == 0,
        )?;
        if found.is_some() {
            break;
        }
        bar.inc(1);
        let secs = started.elapsed().as_secs_f64().max(1e-9);
        bar.set_message(format!(
            "{} positions, {:.0} positions/s",
            report.positions,
            report.positions as f64 / secs
        ));
    }
    bar.finish_and_clear();
    if let Some(m) = found {
        report.mismatch = Some(shrink(&mut ta, &mut tb, start.a, start.b, m));
    }
    start.release(&mut ta, &mut tb);
    report.seconds_a = ta.spent.as_secs_f64();
    report.seconds_b = tb.spent.as_secs_f64();
    Ok(report)
}
