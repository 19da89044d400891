//! The lockstep run: seeded random games played through two engines at once, every
//! position compared (and each engine checked against its own text), the first
//! disagreement shrunk.

use super::explore::{Picker, Strategy};
use super::mismatch::Mismatch;
use super::progress::Progress;
use super::seen_lines::{Line, SeenLines};
use super::shrink::{same_kind, seekable, shrink};
use super::step::{compare_position, compare_refusal, failure, play_both, refusal_candidate, Step};
use super::sweep::{sweep, Swept};
use super::timed::TimedEngine;
use crate::game::{defaults, Engine, EngineError, Pos};
use rand::rngs::SmallRng;
use rand::SeedableRng;

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
    /// Show the progress on standard error (a bar on a terminal, else a line now
    /// and then).
    pub progress: bool,
    /// How the random games choose their moves.
    pub strategy: Strategy,
    /// Before the random games, compare every line breadth-first, whole depths while
    /// they fit in this many positions (0: none).
    pub sweep: usize,
}

impl Default for CheckConfig {
    fn default() -> Self {
        CheckConfig {
            games: defaults::CHECK_GAMES,
            max_plies: defaults::MAX_PLIES,
            seed: defaults::SEED,
            perft_depth: None,
            progress: false,
            strategy: Strategy::default(),
            sweep: defaults::CHECK_SWEEP,
        }
    }
}

/// The result of a check.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct CheckReport {
    pub engine_a: String,
    pub engine_b: String,
    pub games: usize,
    pub positions: usize,
    pub moves_compared: usize,
    /// Moves both engines refused, and for the same reason.
    #[serde(default)]
    pub refusals_compared: usize,
    pub perft_positions: usize,
    pub perft_counts: usize,
    /// Positions the sweep before the random games compared (counted in `positions`
    /// too), and the depth to which it compared every line.
    #[serde(default)]
    pub sweep_positions: usize,
    #[serde(default)]
    pub sweep_depth: usize,
    pub mismatch: Option<Mismatch>,
    /// The index of the game the mismatch was found in (its seed is derived from it).
    #[serde(default)]
    pub mismatch_game: Option<usize>,
    /// Seconds spent in each engine (on all threads together).
    pub seconds_a: f64,
    pub seconds_b: f64,
    /// Seconds the check took from start to end (summed over merged shards).
    #[serde(default)]
    pub wall_seconds: f64,
    /// Why the check stopped before its games were all played (its time ran out),
    /// if it did: what it compared up to then is the report.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

impl CheckReport {
    /// A report of nothing checked yet.
    pub fn empty(engine_a: String, engine_b: String) -> CheckReport {
        CheckReport {
            engine_a,
            engine_b,
            games: 0,
            positions: 0,
            moves_compared: 0,
            refusals_compared: 0,
            perft_positions: 0,
            perft_counts: 0,
            sweep_positions: 0,
            sweep_depth: 0,
            mismatch: None,
            mismatch_game: None,
            seconds_a: 0.0,
            seconds_b: 0.0,
            wall_seconds: 0.0,
            stopped: None,
        }
    }

    /// Adds what the sweep before the games compared, and found.
    pub(super) fn add_sweep(&mut self, s: Swept) {
        self.positions += s.positions;
        self.sweep_positions += s.positions;
        self.sweep_depth = s.depth;
        self.moves_compared += s.moves_compared;
        self.refusals_compared += s.refusals_compared;
        if s.mismatch.is_some() {
            self.mismatch = s.mismatch;
        }
    }

    /// Adds the counts of one game, `g`, played after those already added.
    pub(super) fn add(&mut self, g: usize, r: GameResult) {
        self.games += 1;
        self.positions += r.positions;
        self.moves_compared += r.moves_compared;
        self.refusals_compared += r.refusals_compared;
        self.perft_positions += r.perft_positions;
        self.perft_counts += r.perft_counts;
        if r.mismatch.is_some() {
            self.mismatch = r.mismatch;
            self.mismatch_game = Some(g);
        }
    }
}

/// What one game of a check found (the mismatch not yet shrunk).
#[derive(Clone, Debug, Default)]
pub(super) struct GameResult {
    pub positions: usize,
    pub moves_compared: usize,
    pub refusals_compared: usize,
    pub perft_positions: usize,
    pub perft_counts: usize,
    pub mismatch: Option<Mismatch>,
}

/// The games that seek a shorter mismatch than the one shrunk are numbered from here
/// (their seeds come from their numbers, past any game a check plays).
const SHORTER_FROM: usize = 1 << (usize::BITS - 2);

/// The most mismatches the games seeking a shorter one shrink.
const SHORTER_SHRINKS: usize = 8;

/// The fewest positions the games seeking a shorter mismatch may compare.
const SHORTER_POSITIONS: usize = 2_000;

/// The least time the games seeking a shorter mismatch may take: a guard against
/// slow engines, long enough that it does not cut a check of engines answering in
/// milliseconds (whose reports the positions alone decide, the same on every run).
const SHORTER_TIME: std::time::Duration = std::time::Duration::from_secs(30);

/// The random generator of game `g`: the same game, whichever thread or shard plays it.
fn game_rng(seed: u64, g: usize) -> SmallRng {
    SmallRng::seed_from_u64(defaults::game_seed(seed, g))
}

/// Whether game `g` compares perft counts after `ply` plies: the start of game 0,
/// and ply 4 of games 0 to 8 (at most ten positions, the same in every split run).
fn perft_here(g: usize, ply: usize) -> bool {
    (g == 0 && ply == 0) || (g < 9 && ply == 4)
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

/// Both engines of a check, timed, and their start positions: what one thread holds.
pub(super) struct Lockstep<'a> {
    pub a: TimedEngine<'a>,
    pub b: TimedEngine<'a>,
    start: Pair,
}

impl<'a> Lockstep<'a> {
    /// Times both engines and computes their start positions.
    pub fn new(a: &'a mut dyn Engine, b: &'a mut dyn Engine) -> Result<Lockstep<'a>, EngineError> {
        let mut a = TimedEngine::new(a);
        let mut b = TimedEngine::new(b);
        let start = Pair {
            a: a.initial()?,
            b: b.initial()?,
        };
        Ok(Lockstep { a, b, start })
    }

    /// Plays game `g` of the check (seeded from `config.seed` and `g`) in lockstep.
    pub fn game(&mut self, g: usize, config: &CheckConfig) -> Result<GameResult, EngineError> {
        self.game_seen(g, config, None)
    }

    /// `game`, where the lines in `seen` (of earlier games seeking a shorter
    /// mismatch) are not compared again: a line is one position in each engine,
    /// agreed on already. A line it agrees on joins them. The positions count all
    /// the same, and a game's moves depend only on the lines' texts and legal
    /// moves, so with the same budget of positions the games played, and what they
    /// find, are those played without it (where the seek's time runs out first,
    /// it plays more games with it).
    pub(super) fn game_seen(
        &mut self,
        g: usize,
        config: &CheckConfig,
        mut seen: Option<&mut SeenLines>,
    ) -> Result<GameResult, EngineError> {
        let (a, b) = (&mut self.a, &mut self.b);
        let mut rng = game_rng(config.seed, g);
        let mut r = GameResult::default();
        let mut at = Pair {
            a: a.copy(self.start.a)?,
            b: b.copy(self.start.b)?,
        };
        let mut moves: Vec<String> = Vec::new();
        let mut before: Vec<String> = Vec::new();
        let mut picker = Picker::new(config.strategy, g);
        // the agreed line of `seen` these moves are, and the one before them
        let mut here = seen.as_ref().and_then(|s| s.start());
        let mut from: Option<Line> = None;
        let found = loop {
            r.positions += 1;
            let known = here.zip(seen.as_ref()).map(|(line, s)| s.agreed(line));
            let (position, legal) = match known {
                Some(agreed) => agreed,
                None => {
                    let (position, legal) = match compare_position(a, b, at.a, at.b, &moves) {
                        Step::Agree { position, legal } => (position, legal),
                        Step::Differ(m) => break Some(*m),
                    };
                    r.moves_compared += legal.len();
                    if let Some(mv) = refusal_candidate(&before, &legal, moves.len()) {
                        r.refusals_compared += 1;
                        if let Err(m) = compare_refusal(a, b, (at.a, at.b), &position, &mv, &moves)
                        {
                            break Some(*m);
                        }
                    }
                    if let Some(s) = seen.as_mut() {
                        // every line before this one was agreed on, and is `from`
                        let last = from.zip(moves.last().map(String::as_str));
                        here = Some(s.agree(last, &position, &legal));
                    }
                    (position, legal)
                }
            };
            if let Some(depth) = config.perft_depth.filter(|_| perft_here(g, moves.len())) {
                // an engine that fails on the way is a finding, as anywhere else
                let pa = match a.perft_counts(at.a, depth) {
                    Ok(p) => p,
                    Err(e) => break Some(*failure(&moves, &position, &a.label(), &e)),
                };
                let pb = match b.perft_counts(at.b, depth) {
                    Ok(p) => p,
                    Err(e) => break Some(*failure(&moves, &position, &b.label(), &e)),
                };
                r.perft_positions += 1;
                r.perft_counts += pa.len();
                if pa != pb {
                    break Some(Mismatch::new(
                        &moves,
                        &position,
                        format!("perft counts differ: {pa:?} vs {pb:?}"),
                    ));
                }
            }
            if legal.is_empty() || moves.len() >= config.max_plies {
                break None;
            }
            let both = (&mut *a as &mut dyn Engine, &mut *b as &mut dyn Engine);
            let pick = picker.pick(&mut rng, both, (at.a, at.b), (&position, &moves), &legal);
            let mv = match pick {
                Ok(i) => legal[i].clone(),
                Err(m) => break Some(*m),
            };
            match play_both(a, b, (at.a, at.b), &position, &mv, &moves) {
                Ok((na, nb)) => {
                    std::mem::replace(&mut at, Pair { a: na, b: nb }).release(a, b);
                    from = here;
                    here = here
                        .zip(seen.as_ref())
                        .and_then(|(line, s)| s.after(line, &mv));
                    moves.push(mv);
                    before = legal;
                }
                Err(m) => break Some(*m),
            }
        };
        at.release(a, b);
        r.positions += picker.probed;
        r.mismatch = found;
        Ok(r)
    }

    /// Compares every line from the start breadth-first within `budget` positions.
    pub fn sweep(&mut self, budget: usize, progress: &Progress) -> Result<Swept, EngineError> {
        sweep(
            &mut self.a,
            &mut self.b,
            (self.start.a, self.start.b),
            budget,
            progress,
        )
    }

    /// Shrinks a mismatch found by `game` to a short reproduction, then seeks a
    /// shorter one: more seeded games (past every game a check plays), each cut off
    /// a ply before the shortest line so far, while they have compared fewer
    /// positions than the check did before (`spent`: positions and time; at least
    /// `SHORTER_POSITIONS`), shrunk fewer than `SHORTER_SHRINKS` finds, and taken
    /// less time than the check (at least `SHORTER_TIME`, and never past `until`, a
    /// check's own time); a mismatch of the same kind they find is shrunk in turn,
    /// and kept when shorter.  A crash, a hang or a perft count is not sought shorter
    /// (`same_kind`); nor is anything once an engine fails in these games.
    pub fn shrink(
        &mut self,
        found: Mismatch,
        config: &CheckConfig,
        spent: (usize, std::time::Duration),
        until: Option<std::time::Instant>,
    ) -> Mismatch {
        let mut best = shrink(&mut self.a, &mut self.b, self.start.a, self.start.b, found);
        let budget = spent.0.max(SHORTER_POSITIONS);
        let mut deadline = std::time::Instant::now() + spent.1.max(SHORTER_TIME);
        if let Some(t) = until {
            deadline = deadline.min(t);
        }
        let mut cut = config.clone();
        cut.perft_depth = None;
        let (mut used, mut shrinks) = (0, 0);
        let mut g = SHORTER_FROM;
        let mut seen = SeenLines::default();
        while used < budget
            && shrinks < SHORTER_SHRINKS
            && best.moves.len() > 1
            && seekable(&best)
            && std::time::Instant::now() < deadline
        {
            cut.max_plies = best.moves.len() - 1;
            let Ok(r) = self.game_seen(g, &cut, Some(&mut seen)) else {
                break;
            };
            g += 1;
            used += r.positions.max(1);
            if let Some(m) = r.mismatch.filter(|m| same_kind(m, &best)) {
                shrinks += 1;
                let s = shrink(&mut self.a, &mut self.b, self.start.a, self.start.b, m);
                if s.moves.len() < best.moves.len() {
                    best = s;
                }
            }
        }
        best
    }

    /// Releases the start positions; gives the seconds spent in each engine.
    pub fn finish(mut self) -> (f64, f64) {
        self.start.release(&mut self.a, &mut self.b);
        (self.a.spent.as_secs_f64(), self.b.spent.as_secs_f64())
    }
}

/// Plays `config.games` seeded random games through both engines in lockstep and
/// compares every position; the first mismatch is shrunk and reported.
pub fn compare(
    a: &mut dyn Engine,
    b: &mut dyn Engine,
    config: &CheckConfig,
) -> Result<CheckReport, EngineError> {
    compare_until(a, b, config, None)
}

/// As `compare`, but no game starts after `until`: a check given a time reports
/// the games it played by then, and says that it stopped (`CheckReport::stopped`).
pub fn compare_until(
    a: &mut dyn Engine,
    b: &mut dyn Engine,
    config: &CheckConfig,
    until: Option<std::time::Instant>,
) -> Result<CheckReport, EngineError> {
    let mut report = CheckReport::empty(a.label(), b.label());
    let mut both = Lockstep::new(a, b)?;
    let progress = Progress::new(config.games, config.progress);
    let started = std::time::Instant::now();
    report.add_sweep(both.sweep(config.sweep, &progress)?);
    let games = if report.mismatch.is_some() {
        0
    } else {
        config.games
    };
    for g in 0..games {
        if until.is_some_and(|t| std::time::Instant::now() >= t) {
            report.stopped = Some(format!("its time ran out after {g} of its {games} games"));
            break;
        }
        let r = both.game(g, config)?;
        progress.game_done(r.positions, r.mismatch.is_some());
        report.add(g, r);
        if report.mismatch.is_some() {
            break;
        }
    }
    progress.finish();
    // the sweep's mismatch is on a shortest line already
    if let Some(m) = report.mismatch.take_if(|_| report.mismatch_game.is_some()) {
        let spent = (report.positions, started.elapsed());
        report.mismatch = Some(both.shrink(m, config, spent, until));
    }
    (report.seconds_a, report.seconds_b) = both.finish();
    report.wall_seconds = started.elapsed().as_secs_f64();
    Ok(report)
}
