//! A check on many threads: the seeded games of a range dealt to workers (each with
//! its own pair of engines), the first mismatch by game index kept and shrunk once —
//! the same report as one thread gives.

use super::progress::Progress;
use super::run::{CheckConfig, CheckReport, GameResult, Lockstep};
use crate::game::{Engine, EngineError};
use crate::parallel::{on_threads, PoolError, Queue};
use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Opens the two engines of a check on the thread that calls it.
pub type OpenPair<'a, E> = dyn Fn() -> Result<(Box<dyn Engine>, Box<dyn Engine>), E> + Sync + 'a;

/// The games one worker played: (index in the range, result).
type Played = Vec<(usize, GameResult)>;

/// What the workers share: the games to hand out and the first mismatch so far.
struct Shared<'a> {
    queue: Queue,
    /// The lowest index (in the range) of a game with a mismatch; `usize::MAX` for none.
    first_bad: AtomicUsize,
    range: Range<usize>,
    config: &'a CheckConfig,
    progress: Progress,
    started: std::time::Instant,
}

impl Shared<'_> {
    /// Plays games from the queue until it is empty, or every game left comes after
    /// a mismatch already found.
    fn work(&self, both: &mut Lockstep) -> Result<Played, EngineError> {
        let mut played = Vec::new();
        while let Some(i) = self.queue.take() {
            if i > self.first_bad.load(Ordering::Relaxed) {
                break;
            }
            let r = both
                .game(self.range.start + i, self.config)
                .inspect_err(|_| {
                    self.queue.close();
                })?;
            if r.mismatch.is_some() {
                self.first_bad.fetch_min(i, Ordering::Relaxed);
            }
            self.progress.game_done(r.positions, r.mismatch.is_some());
            played.push((i, r));
        }
        Ok(played)
    }
}

/// Plays the games `games` of a check on `threads` threads: the calling thread with
/// engines `a` and `b`, every other thread with a pair from `open`.  The counts are
/// those of the games up to the first mismatch (by game index), which is shrunk on
/// the calling thread: the report is the one a single thread gives.
pub fn compare_games<E>(
    a: &mut dyn Engine,
    b: &mut dyn Engine,
    open: &OpenPair<E>,
    config: &CheckConfig,
    games: Range<usize>,
    threads: usize,
) -> Result<CheckReport, E>
where
    E: From<EngineError> + From<PoolError> + Send,
{
    let mut report = CheckReport::empty(a.label(), b.label());
    // the sweep belongs to the shard that plays game 0, and goes before its games
    let started = std::time::Instant::now();
    if games.start == 0 && !games.is_empty() && config.sweep > 0 {
        let mut both = Lockstep::new(&mut *a, &mut *b)?;
        let progress = Progress::new(games.len(), config.progress);
        let swept = both.sweep(config.sweep, &progress);
        progress.finish();
        (report.seconds_a, report.seconds_b) = both.finish();
        report.add_sweep(swept?);
        if report.mismatch.is_some() {
            report.wall_seconds = started.elapsed().as_secs_f64();
            return Ok(report);
        }
    }
    let shared = Shared {
        queue: Queue::new(games.len()),
        first_bad: AtomicUsize::new(usize::MAX),
        range: games.clone(),
        config,
        progress: Progress::new(games.len(), config.progress),
        started,
    };
    let threads = threads.clamp(1, games.len().max(1));
    let sh = &shared;
    let (here, others) = on_threads(
        threads,
        move || -> Result<_, EngineError> {
            let mut both = Lockstep::new(a, b)?;
            let played = sh.work(&mut both)?;
            Ok((both, played))
        },
        |_| -> Result<(Played, (f64, f64)), E> {
            let (mut a, mut b) = open().inspect_err(|_| shared.queue.close())?;
            let mut both = Lockstep::new(a.as_mut(), b.as_mut())?;
            let played = shared.work(&mut both);
            let seconds = both.finish();
            Ok((played?, seconds))
        },
    )?;
    shared.progress.finish();
    let (mut both, mut all) = here?;
    let (mut seconds_a, mut seconds_b) = (0.0, 0.0);
    for part in others {
        let (played, (sa, sb)) = part?;
        all.extend(played);
        seconds_a += sa;
        seconds_b += sb;
    }
    // the games up to the first mismatch, in order: every one of them was played
    all.sort_by_key(|(i, _)| *i);
    let last = shared.first_bad.load(Ordering::Relaxed);
    for (i, r) in all.into_iter().take_while(|(i, _)| *i <= last) {
        report.add(games.start + i, r);
    }
    if let Some(m) = report.mismatch.take() {
        let spent = (report.positions, shared.started.elapsed());
        report.mismatch = Some(both.shrink(m, config, spent, None));
    }
    let (sa, sb) = both.finish();
    report.seconds_a += seconds_a + sa;
    report.seconds_b += seconds_b + sb;
    report.wall_seconds = shared.started.elapsed().as_secs_f64();
    Ok(report)
}
