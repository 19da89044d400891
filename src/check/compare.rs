//! The lockstep comparison of two engines over seeded random games.

use super::report::Mismatch;
use super::shrink::shrink;
use super::timed::TimedEngine;
use crate::game::{Engine, EngineError, PositionInfo};
use indicatif::{ProgressBar, ProgressStyle};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;

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

/// One position as both engines see it.
pub(super) enum Step {
    /// Both agree; these are the legal moves (sorted), empty once the game is over.
    Agree(Vec<String>),
    Differ(Mismatch),
}

fn set(moves: &[String]) -> BTreeSet<&str> {
    moves.iter().map(String::as_str).collect()
}

fn error_mismatch(moves: &[String], position: &str, who: &str, e: &EngineError) -> Mismatch {
    Mismatch {
        moves: moves.to_vec(),
        position: position.to_string(),
        what: vec![format!("{who} failed: {e}")],
        only_a: vec![],
        only_b: vec![],
        outcome_a: None,
        outcome_b: None,
        next_move: None,
        next_a: None,
        next_b: None,
    }
}

/// Compares one position: texts, side to move, outcome and the set of legal moves.
pub(super) fn compare_position(
    a: &mut dyn Engine,
    b: &mut dyn Engine,
    pos_a: &str,
    pos_b: &str,
    moves: &[String],
) -> Step {
    let ia = match a.describe(pos_a) {
        Ok(i) => i,
        Err(e) => return Step::Differ(error_mismatch(moves, pos_a, &a.label(), &e)),
    };
    let ib = match b.describe(pos_b) {
        Ok(i) => i,
        Err(e) => return Step::Differ(error_mismatch(moves, pos_a, &b.label(), &e)),
    };
    let what = differences(&ia, &ib);
    if what.is_empty() {
        let mut legal = ia.legal;
        legal.sort();
        return Step::Agree(legal);
    }
    let (sa, sb) = (set(&ia.legal), set(&ib.legal));
    Step::Differ(Mismatch {
        moves: moves.to_vec(),
        position: ia.position.clone(),
        what,
        only_a: sa.difference(&sb).map(|s| s.to_string()).collect(),
        only_b: sb.difference(&sa).map(|s| s.to_string()).collect(),
        outcome_a: ia.outcome,
        outcome_b: ib.outcome,
        next_move: None,
        next_a: None,
        next_b: None,
    })
}

fn differences(a: &PositionInfo, b: &PositionInfo) -> Vec<String> {
    let mut what = Vec::new();
    if a.position != b.position {
        what.push(format!(
            "position text differs: {:?} vs {:?}",
            a.position, b.position
        ));
    }
    if a.to_move != b.to_move {
        what.push(format!(
            "side to move differs: {} vs {}",
            a.to_move, b.to_move
        ));
    }
    if a.outcome != b.outcome {
        what.push("outcome differs".to_string());
    }
    if set(&a.legal) != set(&b.legal) {
        what.push("legal moves differ".to_string());
    }
    if a.legal.len() != set(&a.legal).len() || b.legal.len() != set(&b.legal).len() {
        what.push("a move is listed twice".to_string());
    }
    what
}

/// Plays `mv` in both engines; gives the two next positions, or the mismatch.
pub(super) fn play_both(
    a: &mut dyn Engine,
    b: &mut dyn Engine,
    pos_a: &str,
    pos_b: &str,
    mv: &str,
    moves: &[String],
) -> Result<(String, String), Mismatch> {
    let na = a
        .play(pos_a, mv)
        .map_err(|e| error_mismatch(moves, pos_a, &a.label(), &e))?;
    let nb = b
        .play(pos_b, mv)
        .map_err(|e| error_mismatch(moves, pos_a, &b.label(), &e))?;
    if na == nb {
        return Ok((na, nb));
    }
    let mut m = error_mismatch(moves, pos_a, "", &EngineError::Rules(String::new()));
    m.what = vec![format!("the position after {mv} differs")];
    m.next_move = Some(mv.to_string());
    m.next_a = Some(na);
    m.next_b = Some(nb);
    Err(m)
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
    let start_a = ta.initial()?;
    let start_b = tb.initial()?;
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
    'games: for g in 0..config.games {
        let mut rng =
            SmallRng::seed_from_u64(config.seed.wrapping_mul(1_000_003).wrapping_add(g as u64));
        let (mut pos_a, mut pos_b) = (start_a.clone(), start_b.clone());
        let mut moves: Vec<String> = Vec::new();
        report.games += 1;
        loop {
            report.positions += 1;
            let legal = match compare_position(&mut ta, &mut tb, &pos_a, &pos_b, &moves) {
                Step::Agree(legal) => legal,
                Step::Differ(m) => {
                    found = Some(m);
                    break 'games;
                }
            };
            report.moves_compared += legal.len();
            if let Some(depth) = config.perft_depth {
                if moves.len() == 4 && report.perft_positions < 10 || (g == 0 && moves.is_empty()) {
                    let pa = ta.perft_counts(&pos_a, depth)?;
                    let pb = tb.perft_counts(&pos_b, depth)?;
                    report.perft_positions += 1;
                    report.perft_counts += pa.len();
                    if pa != pb {
                        let mut m =
                            error_mismatch(&moves, &pos_a, "", &EngineError::Rules(String::new()));
                        m.what = vec![format!("perft counts differ: {pa:?} vs {pb:?}")];
                        found = Some(m);
                        break 'games;
                    }
                }
            }
            if legal.is_empty() || moves.len() >= config.max_plies {
                break;
            }
            let mv = legal[rng.gen_range(0..legal.len())].clone();
            match play_both(&mut ta, &mut tb, &pos_a, &pos_b, &mv, &moves) {
                Ok((na, nb)) => {
                    pos_a = na;
                    pos_b = nb;
                    moves.push(mv);
                }
                Err(m) => {
                    found = Some(m);
                    break 'games;
                }
            }
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
        report.mismatch = Some(shrink(&mut ta, &mut tb, &start_a, &start_b, m));
    }
    report.seconds_a = ta.spent.as_secs_f64();
    report.seconds_b = tb.spent.as_secs_f64();
    Ok(report)
}
