//! How a check's random games choose their moves: uniformly, or biased towards the
//! situations rules get wrong (edges and corners, captures, full columns and long
//! games, the ply before a win), judged only by what the engine protocol shows:
//! the legal moves, their texts, and what playing one does to the outcome, the
//! number of legal moves and the position text.

use super::mismatch::Mismatch;
use super::step::{compare_position, failure, play_both, Step};
use crate::game::{Engine, Pos};
use rand::Rng;

/// The ways a check's games may choose their moves (`check --strategy`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Strategy {
    /// Every legal move alike.
    Uniform,
    /// Moves whose coordinates are the extremes seen (edges, corners, end columns).
    Edges,
    /// Moves whose result is unusual: the game ends, the number of legal moves
    /// changes otherwise than by the move itself (captures, full columns, passes),
    /// the position text changes in more places (captures, flips).
    Seek,
    /// Long games: moves that do not end the game (full boards, last rows).
    Avoid,
    /// The games take turns: uniform, seek, avoid, edges.
    Mixed,
    /// `mixed`, and the moves the seek and avoid games look at are also compared in
    /// both engines (the ply before a win is checked for every win they pass by).
    #[default]
    Probe,
}

impl Strategy {
    /// Every strategy, in the order `--help` lists them.
    pub const ALL: [Strategy; 6] = [
        Strategy::Uniform,
        Strategy::Edges,
        Strategy::Seek,
        Strategy::Avoid,
        Strategy::Mixed,
        Strategy::Probe,
    ];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Uniform => "uniform",
            Strategy::Edges => "edges",
            Strategy::Seek => "seek",
            Strategy::Avoid => "avoid",
            Strategy::Mixed => "mixed",
            Strategy::Probe => "probe",
        }
    }

    /// The strategy named `name`.
    pub fn from_name(name: &str) -> Option<Strategy> {
        Strategy::ALL.into_iter().find(|s| s.name() == name)
    }

    /// How game `g` chooses: mixed strategies take turns by game.
    fn mode(self, g: usize) -> Strategy {
        match self {
            Strategy::Mixed | Strategy::Probe => [
                Strategy::Uniform,
                Strategy::Seek,
                Strategy::Avoid,
                Strategy::Edges,
            ][g % 4],
            s => s,
        }
    }
}

/// How many moves a position's lookahead plays (a sample of the legal moves).
const LOOK: usize = 6;

/// What playing one move shows.
struct Child {
    /// Its index in the legal moves.
    index: usize,
    ends: bool,
    legal: usize,
    changed: usize,
}

/// In how many places two texts differ (a longer text differs in every extra place).
fn changed(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let same = a.iter().zip(b).filter(|(x, y)| x == y).count();
    a.len().max(b.len()) - same
}

/// The parts of a move's text, letters and digits apart: `a1-b12` is a, 1, b, 12.
fn parts(mv: &str) -> Vec<(bool, u64, &str)> {
    let mut out = Vec::new();
    let bytes = mv.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let digit = bytes[i].is_ascii_digit();
        let kind = |c: u8| {
            if digit {
                c.is_ascii_digit()
            } else {
                c.is_ascii_alphabetic()
            }
        };
        if !kind(bytes[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && kind(bytes[i]) {
            i += 1;
        }
        let text = &mv[start..i];
        let value = if digit {
            text.parse().unwrap_or(u64::MAX)
        } else {
            text.len() as u64
        };
        out.push((digit, value, text));
    }
    out
}

/// The move chooser of one game.
pub(super) struct Picker {
    mode: Strategy,
    /// Whether the moves looked at are compared in both engines too.
    probe: bool,
    /// The least and greatest value seen at each place of a move's text.
    extremes: Vec<(String, String)>,
    /// Positions compared by probing.
    pub probed: usize,
}

/// A key that orders a part of a move's text: numbers by value, letters by length
/// then alphabet.
fn key(part: &(bool, u64, &str)) -> String {
    format!("{}{:020}{}", u8::from(part.0), part.1, part.2)
}

impl Picker {
    /// The chooser of game `g` of a check that uses `strategy`.
    pub fn new(strategy: Strategy, g: usize) -> Picker {
        Picker {
            mode: strategy.mode(g),
            probe: strategy == Strategy::Probe,
            extremes: Vec::new(),
            probed: 0,
        }
    }

    /// Chooses one of `legal` (not empty) at the position `at` (text `position`,
    /// after `moves`); a mismatch when probing finds one.
    pub fn pick(
        &mut self,
        rng: &mut impl Rng,
        (a, b): (&mut dyn Engine, &mut dyn Engine),
        at: (Pos, Pos),
        (position, moves): (&str, &[String]),
        legal: &[String],
    ) -> Result<usize, Box<Mismatch>> {
        let looks = matches!(self.mode, Strategy::Seek | Strategy::Avoid);
        if looks && legal.len() > 1 {
            let children = self.look(rng, (a, b), at, (position, moves), legal)?;
            if looks && rng.gen_bool(0.75) {
                if let Some(i) = self.best(rng, &children, legal.len()) {
                    return Ok(i);
                }
            }
        }
        if self.mode == Strategy::Edges {
            let edges = self.edges(legal);
            if !edges.is_empty() && rng.gen_bool(0.5) {
                return Ok(edges[rng.gen_range(0..edges.len())]);
            }
        }
        Ok(rng.gen_range(0..legal.len()))
    }

    /// The indices of the moves whose text has, at some place, the least or the
    /// greatest value seen there this game.
    fn edges(&mut self, legal: &[String]) -> Vec<usize> {
        for mv in legal {
            for (k, p) in parts(mv).iter().enumerate() {
                let kp = key(p);
                if self.extremes.len() <= k {
                    self.extremes.push((kp.clone(), kp.clone()));
                }
                let (lo, hi) = &mut self.extremes[k];
                if kp < *lo {
                    *lo = kp.clone();
                }
                if kp > *hi {
                    *hi = kp;
                }
            }
        }
        (0..legal.len())
            .filter(|&i| {
                parts(&legal[i]).iter().enumerate().any(|(k, p)| {
                    let (lo, hi) = &self.extremes[k];
                    lo != hi && (key(p) == *lo || key(p) == *hi)
                })
            })
            .collect()
    }

    /// Plays a sample of the legal moves in engine A (and compares them in both when
    /// probing): what each does.
    fn look(
        &mut self,
        rng: &mut impl Rng,
        (a, b): (&mut dyn Engine, &mut dyn Engine),
        (pos_a, pos_b): (Pos, Pos),
        (position, moves): (&str, &[String]),
        legal: &[String],
    ) -> Result<Vec<Child>, Box<Mismatch>> {
        let mut order: Vec<usize> = (0..legal.len()).collect();
        let n = LOOK.min(order.len());
        for k in 0..n {
            let j = rng.gen_range(k..order.len());
            order.swap(k, j);
        }
        let mut children = Vec::with_capacity(n);
        let mut line = moves.to_vec();
        for &index in &order[..n] {
            let mv = &legal[index];
            line.push(mv.clone());
            let info = if self.probe {
                let (na, nb) = play_both(a, b, (pos_a, pos_b), position, mv, moves)?;
                let step = compare_position(a, b, na, nb, &line);
                a.release(na);
                b.release(nb);
                self.probed += 1;
                match step {
                    Step::Agree { position, legal } => (position, legal),
                    Step::Differ(m) => return Err(m),
                }
            } else {
                let on = |mut m: Box<Mismatch>| {
                    m.on_move = Some(mv.clone());
                    m
                };
                let next = a
                    .play(pos_a, mv)
                    .map_err(|e| on(failure(moves, position, &a.label(), &e)))?;
                let info = a.describe(next);
                a.release(next);
                let info = info.map_err(|e| failure(&line, "", &a.label(), &e))?;
                (info.position, info.legal)
            };
            line.pop();
            children.push(Child {
                index,
                // the protocol lists no moves once the game is over
                ends: info.1.is_empty(),
                legal: info.1.len(),
                changed: changed(position, &info.0),
            });
        }
        Ok(children)
    }

    /// The child the mode prefers (ties broken at random), if any stands out.
    fn best(&self, rng: &mut impl Rng, children: &[Child], legal: usize) -> Option<usize> {
        let least = children.iter().map(|c| c.changed).min()?;
        // the number of legal moves after most moves: any other is unusual
        let mut counts: Vec<usize> = children.iter().map(|c| c.legal).collect();
        counts.sort_unstable();
        let usual = counts[counts.len() / 2];
        let score = |c: &Child| {
            let unusual = i32::from(c.legal != usual && !c.ends) * 2
                + i32::from(c.changed > least)
                + i32::from(c.legal + 1 != legal && !c.ends);
            match self.mode {
                Strategy::Avoid => unusual - 8 * i32::from(c.ends),
                _ => unusual + 4 * i32::from(c.ends),
            }
        };
        let top = children.iter().map(score).max()?;
        let best: Vec<&Child> = children.iter().filter(|c| score(c) == top).collect();
        Some(best[rng.gen_range(0..best.len())].index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_read_as_letters_and_numbers() {
        let p: Vec<&str> = parts("a1-b12").iter().map(|p| p.2).collect();
        assert_eq!(p, ["a", "1", "b", "12"]);
        assert!(key(&parts("9")[0]) < key(&parts("10")[0]));
    }

    #[test]
    fn edge_moves_are_the_extremes_at_some_place() {
        let mut p = Picker::new(Strategy::Edges, 0);
        let legal: Vec<String> = ["a", "b", "c", "d"].map(String::from).to_vec();
        assert_eq!(p.edges(&legal), [0, 3]);
        let grid: Vec<String> = ["a1", "a2", "b1", "b2", "c3", "b3"]
            .map(String::from)
            .to_vec();
        let mut p = Picker::new(Strategy::Edges, 0);
        // b2 alone is in the middle on both counts
        assert_eq!(p.edges(&grid), [0, 1, 2, 4, 5]);
    }

    #[test]
    fn strategies_are_named_and_mixed_ones_take_turns() {
        for s in Strategy::ALL {
            assert_eq!(Strategy::from_name(s.name()), Some(s));
        }
        assert_eq!(Strategy::Mixed.mode(1), Strategy::Seek);
        assert_eq!(Strategy::Probe.mode(4), Strategy::Uniform);
        assert_eq!(changed("abc", "abd"), 1);
        assert_eq!(changed("abc", "abcde"), 2);
    }
}
