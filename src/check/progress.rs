//! A check's progress on standard error: games done of all, positions, mismatches
//! so far — a bar redrawn in place on a terminal; elsewhere (a log, CI) one line
//! every `LINE_EVERY`, so that a long check is never silent and its log stays short.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often a line is printed when standard error is no terminal: often enough
/// that a log shows a check alive long before a CI's silence timeout (commonly 10
/// minutes), rarely enough that an hour of checking writes 120 lines.
pub const LINE_EVERY: Duration = Duration::from_secs(30);

/// Where the lines of a check that is not on a terminal go.
pub type Say = Box<dyn Fn(&str) + Send + Sync>;

/// How the progress is shown.
enum Shown {
    Nothing,
    Bar(ProgressBar),
    /// A line now and then: when the last one was said, how often, and where to.
    Lines(Mutex<Instant>, Duration, Say),
}

/// The progress of the games of one check (shared by its threads).
pub struct Progress {
    shown: Shown,
    total: usize,
    games: AtomicUsize,
    positions: AtomicUsize,
    mismatches: AtomicUsize,
    started: Instant,
}

impl Progress {
    /// The progress of `total` games: shown (as a bar on a terminal, else as lines)
    /// when `shown`.
    pub fn new(total: usize, shown: bool) -> Progress {
        let shown = match (shown, std::io::stderr().is_terminal()) {
            (false, _) => Shown::Nothing,
            (true, true) => Shown::Bar(progress_bar(total, true)),
            (true, false) => {
                return Progress::lines(total, LINE_EVERY, Box::new(|line| eprintln!("{line}")))
            }
        };
        Progress::shown_as(total, shown, Instant::now())
    }

    /// The progress of `total` games said as lines, one at most every `every`, to
    /// `say` (standard error's, in `new`).
    pub fn lines(total: usize, every: Duration, say: Say) -> Progress {
        let started = Instant::now();
        Progress::shown_as(
            total,
            Shown::Lines(Mutex::new(started), every, say),
            started,
        )
    }

    fn shown_as(total: usize, shown: Shown, started: Instant) -> Progress {
        Progress {
            shown,
            total,
            games: AtomicUsize::new(0),
            positions: AtomicUsize::new(0),
            mismatches: AtomicUsize::new(0),
            started,
        }
    }

    /// One game done, with its positions, and whether it found a mismatch.
    pub fn game_done(&self, positions: usize, mismatch: bool) {
        let games = self.games.fetch_add(1, Ordering::Relaxed) + 1;
        let positions = self.positions.fetch_add(positions, Ordering::Relaxed) + positions;
        let mismatches = self
            .mismatches
            .fetch_add(usize::from(mismatch), Ordering::Relaxed)
            + usize::from(mismatch);
        let secs = self.started.elapsed().as_secs_f64().max(1e-9);
        let words = format!(
            "{positions} positions, {:.0} positions/s, {mismatches} mismatch{}",
            positions as f64 / secs,
            if mismatches == 1 { "" } else { "es" }
        );
        match &self.shown {
            Shown::Nothing => {}
            Shown::Bar(bar) => {
                bar.inc(1);
                bar.set_message(words);
            }
            Shown::Lines(last, every, say) => {
                let mut last = last.lock().unwrap_or_else(|p| p.into_inner());
                if last.elapsed() >= *every {
                    *last = Instant::now();
                    say(&format!(
                        "check: {games}/{} games, {words}, {:.0} s",
                        self.total,
                        self.started.elapsed().as_secs_f64()
                    ));
                }
            }
        }
    }

    /// The sweep before the games has compared `positions` positions, to `depth`
    /// plies, of at most `budget`: the bar's message on a terminal; elsewhere a line
    /// every `LINE_EVERY`, as for the games.
    pub fn swept(&self, positions: usize, depth: usize, budget: usize) {
        let words = format!(
            "sweep: {positions} of at most {budget} positions, every line to depth {depth}"
        );
        match &self.shown {
            Shown::Nothing => {}
            Shown::Bar(bar) => bar.set_message(words),
            Shown::Lines(last, every, say) => {
                let mut last = last.lock().unwrap_or_else(|p| p.into_inner());
                if last.elapsed() >= *every {
                    *last = Instant::now();
                    say(&format!(
                        "check: {words}, {:.0} s",
                        self.started.elapsed().as_secs_f64()
                    ));
                }
            }
        }
    }

    /// Clears the bar (the report follows).
    pub fn finish(&self) {
        if let Shown::Bar(bar) = &self.shown {
            bar.finish_and_clear();
        }
    }
}

/// A progress bar over `games` games (hidden unless asked for).
pub fn progress_bar(games: usize, shown: bool) -> ProgressBar {
    let bar = if shown {
        ProgressBar::new(games as u64)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// A progress whose lines are kept, one at most every `every`.
    fn kept(total: usize, every: Duration) -> (Progress, Arc<Mutex<Vec<String>>>) {
        let lines = Arc::new(Mutex::new(Vec::new()));
        let to = lines.clone();
        let say: Say = Box::new(move |l| to.lock().unwrap().push(l.to_string()));
        (Progress::lines(total, every, say), lines)
    }

    #[test]
    fn a_check_off_a_terminal_says_its_games_positions_and_mismatches_in_lines() {
        let (p, lines) = kept(3, Duration::ZERO);
        p.swept(40, 2, 1000);
        p.game_done(10, false);
        p.game_done(20, true);
        let lines = lines.lock().unwrap();
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert!(
            lines[0]
                .starts_with("check: sweep: 40 of at most 1000 positions, every line to depth 2, "),
            "{lines:?}"
        );
        assert!(
            lines[1].starts_with("check: 1/3 games, 10 positions, "),
            "{lines:?}"
        );
        assert!(
            lines[2].starts_with("check: 2/3 games, 30 positions, ")
                && lines[2].contains(", 1 mismatch, "),
            "{lines:?}"
        );
    }

    #[test]
    fn lines_come_no_oftener_than_their_interval() {
        let (p, lines) = kept(100, Duration::from_secs(3600));
        for _ in 0..100 {
            p.game_done(5, false);
        }
        assert!(lines.lock().unwrap().is_empty());
    }
}
