//! A GTP time control (`time_settings`, `time_left`): main time, then Canadian
//! byo-yomi (a period of so many seconds for so many moves), and the share of it a
//! `genmove` may think for.

use std::time::Duration;

/// What `time_settings` set: main time, then periods of `period` seconds, each for
/// `stones` moves (`stones` 0 with `period` 0: sudden death at the end of main time).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeSettings {
    pub main: f64,
    pub period: f64,
    pub stones: u32,
}

/// One side's clock: the seconds left, and the moves they are for (0: main time, or
/// sudden death when there is no byo-yomi).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Clock {
    pub settings: TimeSettings,
    pub left: f64,
    pub stones: u32,
}

/// The part of the time left a move keeps in reserve for the controller's own
/// overhead and the engine's start and answer.
const MARGIN: f64 = 0.1;

/// The longest a move may think, whatever the clock says: an hour.
const LONGEST: f64 = 3600.0;

/// The fewest and the most moves the main time is shared out over.
const MOVES_AHEAD: (usize, usize) = (8, 60);

impl TimeSettings {
    /// `time_settings MAIN PERIOD STONES`; `None` when they mean no time limit (a
    /// period with no moves in it, as GTP v2 has it).
    pub fn parse(args: &[&str]) -> Result<Option<TimeSettings>, String> {
        let [main, period, stones] = args else {
            return Err(usage());
        };
        let (Some(main), Some(period), Ok(stones)) =
            (seconds(main), seconds(period), stones.parse())
        else {
            return Err(usage());
        };
        if period > 0.0 && stones == 0 {
            return Ok(None);
        }
        Ok(Some(TimeSettings {
            main,
            period,
            stones,
        }))
    }

    /// A side's clock at the start of a game.
    pub fn start(self) -> Clock {
        Clock {
            settings: self,
            left: self.main,
            stones: 0,
        }
    }
}

impl Clock {
    /// `time_left COLOR SECONDS STONES` for this side: `stones` 0 is main time.
    pub fn set_left(&mut self, left: &str, stones: &str) -> Result<(), String> {
        let (Some(left), Ok(stones)) = (seconds(left), stones.parse()) else {
            return Err("syntax error: time_left takes a color, seconds and stones \
                        (time_left black 30 0)"
                .into());
        };
        self.left = left;
        self.stones = stones;
        Ok(())
    }

    /// How long the next move may take, with `legal` moves to choose from.
    pub fn budget(&self, legal: usize) -> Duration {
        let s = &self.settings;
        let share = if self.stones > 0 {
            // in byo-yomi: the period's time left, shared by the moves it is for
            self.left / f64::from(self.stones)
        } else if self.left > 0.0 {
            // main time, shared over the moves likely left (about half the legal
            // moves are the side's own on a board that fills), and a period's move
            let ahead = (legal / 2).clamp(MOVES_AHEAD.0, MOVES_AHEAD.1) as f64;
            let period = if s.stones > 0 {
                s.period / f64::from(s.stones)
            } else {
                0.0
            };
            self.left / ahead + period
        } else if s.stones > 0 {
            s.period / f64::from(s.stones)
        } else {
            0.0
        };
        // at most an hour, as any search time a user gives (a controller may say 1e300)
        Duration::from_secs_f64((share * (1.0 - MARGIN)).clamp(0.01, LONGEST))
    }

    /// The clock after a move that took `took`: main time runs down, then a period
    /// starts; a period whose moves are made starts again.
    pub fn spend(&mut self, took: Duration) {
        let s = self.settings;
        self.left -= took.as_secs_f64();
        if self.stones > 0 {
            self.stones -= 1;
            if self.stones == 0 {
                self.left = s.period;
                self.stones = s.stones;
            }
        } else if self.left <= 0.0 && s.stones > 0 {
            // main time ran out during the move: its overrun comes out of a period
            self.left += s.period;
            self.stones = s.stones;
        }
        self.left = self.left.max(0.0);
    }
}

/// A number of seconds a controller wrote (a whole number in GTP v2; a fraction is
/// taken too).
fn seconds(text: &str) -> Option<f64> {
    text.parse::<f64>()
        .ok()
        .filter(|t| t.is_finite() && *t >= 0.0)
}

fn usage() -> String {
    "syntax error: time_settings takes main time, byo-yomi time and stones \
     (time_settings 300 30 5)"
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(main: f64, period: f64, stones: u32) -> TimeSettings {
        TimeSettings {
            main,
            period,
            stones,
        }
    }

    #[test]
    fn settings_are_read_as_gtp_v2_writes_them() {
        assert_eq!(
            TimeSettings::parse(&["300", "30", "5"]),
            Ok(Some(settings(300.0, 30.0, 5)))
        );
        // a period with no stones in it: no time limit
        assert_eq!(TimeSettings::parse(&["0", "1", "0"]), Ok(None));
        assert!(TimeSettings::parse(&["300", "-1", "5"]).is_err());
        assert!(TimeSettings::parse(&["300", "30"]).is_err());
        assert!(TimeSettings::parse(&["x", "30", "5"]).is_err());
    }

    #[test]
    fn main_time_is_shared_over_the_moves_ahead_and_a_period_over_its_stones() {
        let mut c = settings(60.0, 0.0, 0).start();
        // 121 legal moves: 60 moves ahead, a second each, less the margin
        assert_eq!(c.budget(121), Duration::from_secs_f64(0.9));
        // few moves left: shared over at least 8
        assert_eq!(c.budget(3), Duration::from_secs_f64(60.0 / 8.0 * 0.9));
        c.set_left("10", "5").unwrap();
        assert_eq!(c.budget(121), Duration::from_secs_f64(1.8));
        assert!(c.set_left("ten", "5").is_err());
    }

    #[test]
    fn a_clock_runs_from_main_time_into_its_periods() {
        let mut c = settings(2.0, 10.0, 2).start();
        c.spend(Duration::from_secs(1));
        assert_eq!((c.left, c.stones), (1.0, 0));
        // main time runs out mid-move: the overrun comes out of the first period
        c.spend(Duration::from_secs(2));
        assert_eq!((c.left, c.stones), (9.0, 2));
        c.spend(Duration::from_secs(4));
        assert_eq!((c.left, c.stones), (5.0, 1));
        // the period's last move: a new period starts
        c.spend(Duration::from_secs(3));
        assert_eq!((c.left, c.stones), (10.0, 2));
        // a controller's absurd clock: an hour at the most, never a panic
        let mut e = settings(1e300, 1e300, 1).start();
        assert_eq!(e.budget(121), Duration::from_secs(3600));
        e.set_left("1e308", "1").unwrap();
        assert_eq!(e.budget(1), Duration::from_secs(3600));
        // sudden death: a hundredth of a second at the least
        let mut d = settings(1.0, 0.0, 0).start();
        d.spend(Duration::from_secs(2));
        assert_eq!(d.budget(10), Duration::from_secs_f64(0.01));
    }
}
