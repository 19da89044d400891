//! The lines the games seeking a shorter mismatch have compared and agreed on: those
//! games start alike (every one at the start, most at one of its few first moves),
//! and a line agreed on is not compared again.

use std::collections::HashMap;

/// A line agreed on, named by its number in `SeenLines`.
pub(super) type Line = usize;

/// The agreed lines of a search for a shorter mismatch, as a tree of moves from the
/// start (a line is agreed on only after the line it extends, so each one's parent
/// is here), each with its position's text and its legal moves (sorted). Their
/// positions are not held: a game still plays its moves (holding up to 4,096 of
/// them made the spec tier slower: Replica's lossy-text check took 16.3–16.6 s with
/// them held, 10.7–10.9 s with them played again).
#[derive(Default)]
pub(super) struct SeenLines {
    /// Each line's position text and legal moves; the start's is the first.
    agreed: Vec<(String, Vec<String>)>,
    /// The line a move extends a line to.
    next: HashMap<(Line, String), Line>,
}

impl SeenLines {
    /// The start, once agreed on.
    pub fn start(&self) -> Option<Line> {
        (!self.agreed.is_empty()).then_some(0)
    }

    /// The line `line` extended by `mv`, if it was agreed on.
    pub fn after(&self, line: Line, mv: &str) -> Option<Line> {
        self.next.get(&(line, mv.to_string())).copied()
    }

    /// The position text and the legal moves of an agreed line.
    pub fn agreed(&self, line: Line) -> (String, Vec<String>) {
        self.agreed[line].clone()
    }

    /// Records a line both engines agreed on, not agreed on before: the start
    /// (`from` is `None`), or the agreed line `from` extended by a move.
    pub fn agree(&mut self, from: Option<(Line, &str)>, position: &str, legal: &[String]) -> Line {
        debug_assert!(from.map_or(self.agreed.is_empty(), |(l, mv)| self
            .after(l, mv)
            .is_none()));
        self.agreed.push((position.to_string(), legal.to_vec()));
        let line = self.agreed.len() - 1;
        if let Some((parent, mv)) = from {
            self.next.insert((parent, mv.to_string()), line);
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::super::mismatch::Mismatch;
    use super::super::run::{CheckConfig, Lockstep};
    use super::super::test_lines::{letters, Lines};
    use super::super::Strategy;
    use super::SeenLines;
    use crate::game::Engine;

    fn config(strategy: Strategy, max_plies: usize) -> CheckConfig {
        CheckConfig {
            games: 1,
            max_plies,
            seed: 1,
            perft_depth: None,
            progress: false,
            strategy,
            sweep: 0,
        }
    }

    /// Game `g` of a check of `a` against `b`: its positions, and its mismatch's moves.
    fn play(
        (a, b): (&mut Lines, &mut Lines),
        g: usize,
        config: &CheckConfig,
        seen: Option<&mut SeenLines>,
    ) -> (usize, Option<Vec<String>>) {
        let mut both = Lockstep::new(a, b).expect("the starts");
        let r = both.game_seen(g, config, seen).expect("a game");
        both.finish();
        (r.positions, r.mismatch.map(|m| m.moves))
    }

    #[test]
    fn a_game_played_again_over_agreed_lines_is_the_same_game_and_compares_nothing() {
        for strategy in [Strategy::Uniform, Strategy::Probe] {
            for blind in [false, true] {
                let mut a = Lines::new(|p| letters(p, false));
                let mut b = Lines::new(if blind {
                    |p: &[String]| letters(p, true)
                } else {
                    |p: &[String]| letters(p, false)
                });
                let config = config(strategy, 100);
                let mut seen = SeenLines::default();
                for g in 0..6 {
                    let plain = play((&mut a, &mut b), g, &config, None);
                    let first = play((&mut a, &mut b), g, &config, Some(&mut seen));
                    let described = a.described;
                    let again = play((&mut a, &mut b), g, &config, Some(&mut seen));
                    assert_eq!(first, plain, "{strategy:?} blind {blind}, game {g}");
                    assert_eq!(again, plain, "{strategy:?} blind {blind}, game {g}");
                    assert_eq!(plain.1.is_some(), blind, "{strategy:?} game {g}");
                    // all of it agreed on: nothing described again (probe's look-ahead
                    // is not among the lines, and a mismatch is compared again)
                    if !blind && strategy == Strategy::Uniform {
                        assert_eq!(a.described, described, "game {g}");
                    }
                }
                assert_eq!((a.held(), b.held()), (0, 0));
            }
        }
    }

    #[test]
    fn the_games_seeking_a_shorter_mismatch_compare_each_line_once() {
        let (mut a, mut b) = (
            Lines::new(|p| letters(p, false)),
            Lines::new(|p| letters(p, true)),
        );
        let line: Vec<String> = "a b c x d e f y".split(' ').map(String::from).collect();
        let found = Mismatch::new(&line, "a b c x d e f y", "outcome differs".into());
        let mut both = Lockstep::new(&mut a, &mut b).expect("the starts");
        let spent = (0, std::time::Duration::ZERO);
        let m = both.shrink(found, &config(Strategy::Uniform, 100), spent, None);
        both.finish();
        assert_eq!(m.moves, ["x", "y"], "{m:?}");
        // the games after the shrink are cut at one ply: their 2,000 positions are
        // a thousand games of the start and one of its eight moves, nine lines,
        // each described once (twice with its text read back) where without the
        // memo each game's were: over 4,000 descriptions
        assert!(a.described < 1_000, "{} descriptions", a.described);
        assert_eq!((a.held(), b.held()), (0, 0));
    }
}
