//! The lines the games seeking a shorter mismatch have compared and agreed on: those
//! games start alike (every one at the start, most at one of its few first moves),
//! and a line agreed on is not compared again.

use std::collections::HashMap;

/// The agreed lines of a search for a shorter mismatch, each with its position's
/// text and its legal moves (sorted). Their positions are not held: a game still
/// plays its moves (holding thousands of positions made the spec tier slower:
/// Replica's lossy-text check 10.7 s with them played, 16.5 s with them held).
#[derive(Default)]
pub(super) struct SeenLines {
    lines: HashMap<Vec<String>, (String, Vec<String>)>,
}

impl SeenLines {
    /// The position text and the legal moves of an agreed line.
    pub fn agreed(&self, line: &[String]) -> Option<(String, Vec<String>)> {
        self.lines.get(line).cloned()
    }

    /// Records a line both engines agreed on.
    pub fn agree(&mut self, line: &[String], position: &str, legal: &[String]) {
        self.lines
            .entry(line.to_vec())
            .or_insert_with(|| (position.to_string(), legal.to_vec()));
    }
}

#[cfg(test)]
mod tests {
    use super::super::mismatch::Mismatch;
    use super::super::run::{CheckConfig, Lockstep};
    use super::super::test_lines::Lines;
    use super::super::Strategy;

    /// Distinct letters in any order; the game is won once `x` and `y` are both
    /// played, except in the `blind` engine (a wrong one that never sees it).
    fn letters(played: &[String], blind: bool) -> (Vec<String>, Option<String>) {
        let won = !blind && ["x", "y"].iter().all(|m| played.iter().any(|p| p == m));
        let legal = "abcdefxy"
            .chars()
            .map(String::from)
            .filter(|m| !won && !played.contains(m))
            .collect();
        (legal, won.then(|| "win(one)".to_string()))
    }

    #[test]
    fn the_games_seeking_a_shorter_mismatch_compare_each_line_once() {
        let (mut a, mut b) = (
            Lines::new(|p| letters(p, false)),
            Lines::new(|p| letters(p, true)),
        );
        let config = CheckConfig {
            games: 1,
            max_plies: 100,
            seed: 1,
            perft_depth: None,
            progress: false,
            strategy: Strategy::Uniform,
            sweep: 0,
        };
        let line: Vec<String> = "a b c x d e f y".split(' ').map(String::from).collect();
        let found = Mismatch::new(&line, "a b c x d e f y", "outcome differs".into());
        let mut both = Lockstep::new(&mut a, &mut b).expect("the starts");
        let spent = (0, std::time::Duration::ZERO);
        let m = both.shrink(found, &config, spent, None);
        both.finish();
        assert_eq!(m.moves, ["x", "y"], "{m:?}");
        // the games after the shrink are cut at one ply: 2,000 positions are a
        // thousand games of the start and one of its eight moves, nine lines
        // compared once each, besides the shrink's own descriptions (fewer than 70)
        assert!(a.described < 70 + 2 * 9, "{} descriptions", a.described);
        use crate::game::Engine;
        assert_eq!((a.held(), b.held()), (0, 0));
    }
}
