//! Ring-and-ball turns on a board of stacks: a ring placed
//! or moved, then a ball that steps or vaults a line of balls, then the opponent
//! balls it vaulted relocated.  Counted and picked without listing them; the pure
//! twin, which says what each turn is, is `stack_turns/3` in rules/lib/stacks.pl.

use super::board_table::{Refused, View};

/// The letters and cells that say whose turn it is and what it may do.
pub struct Side {
    pub ring: u8,
    pub ball: u8,
    pub their_ring: u8,
    pub their_ball: u8,
    /// Whether a ring may be placed from the supply.
    pub place: bool,
    /// The cells on which the side's balls never move.
    pub frozen: Vec<usize>,
    /// The cells on which an opponent ball cannot be vaulted.
    pub shielded: Vec<usize>,
    /// The directions a ball steps or vaults in, in order.
    pub dirs: Vec<usize>,
}

/// A cell's stack as the turns see it: its top letter and the one under it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Top {
    pub last: Option<u8>,
    pub under: Option<u8>,
}

impl Top {
    /// The top of a stack named by its letters bottom to top (`e` is the empty stack).
    pub fn of_name(name: &str) -> Top {
        let b = if name == "e" {
            &[][..]
        } else {
            name.as_bytes()
        };
        Top {
            last: b.last().copied(),
            under: b.len().checked_sub(2).map(|i| b[i]),
        }
    }

    fn with(self, letter: u8) -> Top {
        Top {
            last: Some(letter),
            under: self.last,
        }
    }
}

/// The first step of a turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RingStep {
    Place(usize),
    Shift(usize, usize),
}

/// A whole turn: the ring step, the ball's cells, the relocation targets (sorted).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Turn {
    pub ring: RingStep,
    pub from: usize,
    pub to: usize,
    pub targets: Vec<usize>,
}

/// A ball's step or vault: from, to, and the opponent balls passed (sorted).
struct Line {
    from: usize,
    to: usize,
    vaulted: Vec<usize>,
}

/// The turns of one side on one board, with its stacks' tops.
pub struct Turns<'a> {
    view: &'a View<'a>,
    side: &'a Side,
    tops: Vec<Top>,
    lines: Vec<Line>,
    /// How many cells hold no ball and the opponent's ring on top.
    free0: usize,
}

/// `n` choose `k`, or `None` past u64.
fn choose(n: usize, k: usize) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut c: u64 = 1;
    for i in 0..k {
        c = c.checked_mul((n - i) as u64)? / (i as u64 + 1);
    }
    Some(c)
}

impl<'a> Turns<'a> {
    /// The turns of `side` on the board `view`, whose cell `k` has the top `tops[k - 1]`.
    pub fn new(view: &'a View<'a>, side: &'a Side, tops: Vec<Top>) -> Result<Turns<'a>, Refused> {
        for &d in &side.dirs {
            view.dir(d as i64)?;
        }
        let letters = [side.ring, side.ball, side.their_ring, side.their_ball];
        if (0..4).any(|i| (i + 1..4).any(|j| letters[i] == letters[j])) || tops.len() != view.grid.n
        {
            return Err(Refused::Bad);
        }
        let mut t = Turns {
            view,
            side,
            free0: tops
                .iter()
                .filter(|x| x.last == Some(side.their_ring))
                .count(),
            tops,
            lines: Vec::new(),
        };
        t.lines = t.ball_lines();
        Ok(t)
    }

    fn has_ball(&self, top: Top) -> bool {
        top.last == Some(self.side.ball) || top.last == Some(self.side.their_ball)
    }

    /// Each ball's step or vault, by cell ascending, then direction in order.
    fn ball_lines(&self) -> Vec<Line> {
        let (side, grid) = (self.side, self.view.grid);
        let mut lines = Vec::new();
        for k in 1..=grid.n {
            if self.tops[k - 1].last != Some(side.ball) || side.frozen.contains(&k) {
                continue;
            }
            'dirs: for &d in &side.dirs {
                let Some(j0) = grid.step(k, d) else { continue };
                let mut vaulted = Vec::new();
                let mut j = j0;
                // a grid has no cycles; the bound makes sure of it
                for _ in 0..grid.n {
                    let top = self.tops[j - 1];
                    if !self.has_ball(top) {
                        vaulted.sort_unstable();
                        lines.push(Line {
                            from: k,
                            to: j,
                            vaulted,
                        });
                        continue 'dirs;
                    }
                    if top.last == Some(side.their_ball) {
                        if side.shielded.contains(&j) {
                            continue 'dirs;
                        }
                        vaulted.push(j);
                    }
                    let Some(next) = grid.step(j, d) else {
                        continue 'dirs;
                    };
                    j = next;
                }
            }
        }
        lines
    }

    /// The ring steps in order, each with the cells it changes and their new tops.
    fn ring_steps(&self) -> Vec<(RingStep, [(usize, Top); 2])> {
        let (side, n) = (self.side, self.view.grid.n);
        let no_ball = |k: usize| !self.has_ball(self.tops[k - 1]);
        let mut steps = Vec::new();
        if side.place {
            for k in (1..=n).filter(|&k| no_ball(k)) {
                let top = self.tops[k - 1].with(side.ring);
                steps.push((RingStep::Place(k), [(k, top), (k, top)]));
            }
        }
        for a in (1..=n).filter(|&a| self.tops[a - 1].last == Some(side.ring)) {
            // the ring under the moved one is exposed (what lies below it does not matter)
            let left = Top {
                last: self.tops[a - 1].under,
                under: None,
            };
            for b in (1..=n).filter(|&b| b != a && no_ball(b)) {
                let top = self.tops[b - 1].with(side.ring);
                steps.push((RingStep::Shift(a, b), [(a, left), (b, top)]));
            }
        }
        steps
    }

    /// How many relocation outcomes line `l` has after a ring step that leaves
    /// `free` cells ball-free under an opponent ring (before the ball moves).
    fn outcomes(&self, l: &Line, free: usize) -> Result<u64, Refused> {
        let k = l.vaulted.len();
        if k == 0 {
            return Ok(1);
        }
        // the ball leaves its cell: the ring under it may be the opponent's
        let free = free + usize::from(self.tops[l.from - 1].under == Some(self.side.their_ring));
        if free == 0 {
            return Ok(0);
        }
        Ok(choose(k + free, k).ok_or(Refused::Bad)? - 1)
    }

    /// The top of cell `k` after a ring step that changed `changed`.
    fn top_after(&self, changed: &[(usize, Top); 2], k: usize) -> Top {
        match changed.iter().rev().find(|(c, _)| *c == k) {
            Some(&(_, top)) => top,
            None => self.tops[k - 1],
        }
    }

    /// Each line that may follow a ring step, with its number of outcomes.
    fn each_line(
        &self,
        changed: &[(usize, Top); 2],
        mut f: impl FnMut(&Line, u64) -> Result<bool, Refused>,
    ) -> Result<(), Refused> {
        let their = Some(self.side.their_ring);
        let mut free = self.free0;
        let cells = if changed[0].0 == changed[1].0 { 1 } else { 2 };
        for &(k, top) in &changed[..cells] {
            free -= usize::from(self.tops[k - 1].last == their);
            free += usize::from(top.last == their);
        }
        for l in &self.lines {
            if self.top_after(changed, l.to).last != Some(self.side.ring) {
                continue;
            }
            let n = self.outcomes(l, free)?;
            if n > 0 && !f(l, n)? {
                break;
            }
        }
        Ok(())
    }

    /// How many turns there are.
    pub fn count(&self) -> Result<u64, Refused> {
        if self.lines.is_empty() {
            return Ok(0);
        }
        let mut total: u64 = 0;
        for (_, changed) in self.ring_steps() {
            self.each_line(&changed, |_, n| {
                total = total.checked_add(n).ok_or(Refused::Bad)?;
                Ok(true)
            })?;
        }
        Ok(total)
    }

    /// The `i`-th turn (from 0), or `None` when there are `i` or fewer.
    pub fn nth(&self, mut i: u64) -> Result<Option<Turn>, Refused> {
        if self.lines.is_empty() {
            return Ok(None);
        }
        for (ring, changed) in self.ring_steps() {
            let mut found = None;
            self.each_line(&changed, |l, n| {
                if i < n {
                    found = Some((l.from, l.to, l.vaulted.clone(), i));
                    return Ok(false);
                }
                i -= n;
                Ok(true)
            })?;
            if let Some((from, to, vaulted, m)) = found {
                let targets = self.targets(&changed, from, to, &vaulted, m)?;
                return Ok(Some(Turn {
                    ring,
                    from,
                    to,
                    targets,
                }));
            }
        }
        Ok(None)
    }

    /// Every turn, in order: each line after each ring step, with each of its
    /// relocation outcomes.
    pub fn all(&self) -> Result<Vec<Turn>, Refused> {
        let mut out = Vec::new();
        if self.lines.is_empty() {
            return Ok(out);
        }
        for (ring, changed) in self.ring_steps() {
            let mut lines = Vec::new();
            self.each_line(&changed, |l, n| {
                lines.push((l.from, l.to, l.vaulted.clone(), n));
                Ok(true)
            })?;
            for (from, to, vaulted, n) in lines {
                for m in 0..n {
                    let targets = self.targets(&changed, from, to, &vaulted, m)?;
                    out.push(Turn {
                        ring,
                        from,
                        to,
                        targets,
                    });
                }
            }
        }
        Ok(out)
    }

    /// The `m`-th relocation outcome (from 0) of the ball from `from` to `to` over
    /// `vaulted`: the `m`-th set of |vaulted| cells, in the order of stacks.pl's
    /// k_subset/3, of the sorted union of `vaulted` and the free cells, skipping
    /// `vaulted` itself.
    fn targets(
        &self,
        changed: &[(usize, Top); 2],
        from: usize,
        to: usize,
        vaulted: &[usize],
        mut m: u64,
    ) -> Result<Vec<usize>, Refused> {
        let k = vaulted.len();
        if k == 0 {
            return Ok(Vec::new());
        }
        let their = Some(self.side.their_ring);
        let mut union: Vec<usize> = (1..=self.view.grid.n)
            .filter(|&c| {
                let top = self.top_after(changed, c);
                let last = if c == from { top.under } else { top.last };
                c != to && last == their
            })
            .chain(vaulted.iter().copied())
            .collect();
        union.sort_unstable();
        union.dedup();
        let n = union.len();
        // the rank of `vaulted` among the subsets, which is no outcome
        let (mut rank, mut left) = (0u64, k);
        for (i, c) in union.iter().enumerate() {
            if left == 0 {
                break;
            }
            if vaulted.contains(c) {
                left -= 1;
            } else {
                rank += choose(n - i - 1, left - 1).ok_or(Refused::Bad)?;
            }
        }
        if m >= rank {
            m += 1;
        }
        let (mut out, mut left) = (Vec::with_capacity(k), k);
        for (i, &c) in union.iter().enumerate() {
            if left == 0 {
                break;
            }
            let with = choose(n - i - 1, left - 1).ok_or(Refused::Bad)?;
            if m < with {
                out.push(c);
                left -= 1;
            } else {
                m -= with;
            }
        }
        if left > 0 {
            return Err(Refused::Bad);
        }
        Ok(out)
    }
}

/// A turn as numbers: 1 and the cell of a placement then 0, or 2 and the two cells
/// of a ring move; the ball's two cells; then the targets.
pub fn turn_numbers(t: &Turn) -> Vec<usize> {
    let mut out = match t.ring {
        RingStep::Place(k) => vec![1, k, 0],
        RingStep::Shift(a, b) => vec![2, a, b],
    };
    out.extend([t.from, t.to]);
    out.extend(&t.targets);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foreign::board_table::Grid;

    /// A 3x3 square8 grid: cells 1..9 row by row, directions E NE N NW W SW S SE.
    fn grid3() -> Grid {
        let mut text = String::from("9 8");
        for _ in 0..9 {
            text.push_str(" 0");
        }
        for k in 0..9i64 {
            let (r, c) = (k / 3, k % 3);
            for (dr, dc) in [
                (0, 1),
                (1, 1),
                (1, 0),
                (1, -1),
                (0, -1),
                (-1, -1),
                (-1, 0),
                (-1, 1),
            ] {
                let (r1, c1) = (r + dr, c + dc);
                let j = if (0..3).contains(&r1) && (0..3).contains(&c1) {
                    r1 * 3 + c1 + 1
                } else {
                    0
                };
                text.push_str(&format!(" {j}"));
            }
        }
        Grid::parse(&text).expect("a grid")
    }

    fn side(place: bool) -> Side {
        Side {
            ring: b'w',
            ball: b'W',
            their_ring: b'b',
            their_ball: b'B',
            place,
            frozen: vec![],
            shielded: vec![],
            dirs: (1..=8).collect(),
        }
    }

    fn tops(names: &[&str]) -> Vec<Top> {
        names.iter().map(|n| Top::of_name(n)).collect()
    }

    #[test]
    fn tops_read_the_last_two_letters() {
        assert_eq!(Top::of_name("e"), Top::default());
        assert_eq!(
            Top::of_name("bwW"),
            Top {
                last: Some(b'W'),
                under: Some(b'w')
            }
        );
    }

    #[test]
    fn choose_counts_and_overflows_to_none() {
        assert_eq!(choose(5, 2), Some(10));
        assert_eq!(choose(3, 5), Some(0));
        assert_eq!(choose(200, 100), None);
    }

    #[test]
    fn a_vault_relocates_onto_each_set_but_the_one_it_left() {
        let g = grid3();
        let cells = vec![0u8; 9];
        let view = View {
            grid: &g,
            cells: &cells,
        };
        // row 1: W (on a w ring), B (on a b ring), a w ring; b rings on 7 and 9
        let board = ["wW", "bB", "w", "e", "e", "e", "b", "e", "b"];
        let turn = |ring, from, to, targets: &[usize]| Turn {
            ring,
            from,
            to,
            targets: targets.to_vec(),
        };
        // no supply: only the ring on 3 moves, and then the ball can land only on it
        let s = side(false);
        let t = Turns::new(&view, &s, tops(&board)).expect("turns");
        assert_eq!(
            t.all().expect("all"),
            vec![
                turn(RingStep::Shift(3, 4), 1, 4, &[]),
                turn(RingStep::Shift(3, 5), 1, 5, &[]),
            ]
        );
        let s = side(true);
        let t = Turns::new(&view, &s, tops(&board)).expect("turns");
        let all = t.all().expect("all");
        let after =
            |ring| -> Vec<Turn> { all.iter().filter(|x| x.ring == ring).cloned().collect() };
        // a ring on 3: W vaults B onto 3, and B goes to 7 or 9 (not back to 2)
        assert_eq!(
            after(RingStep::Place(3)),
            vec![
                turn(RingStep::Place(3), 1, 3, &[7]),
                turn(RingStep::Place(3), 1, 3, &[9])
            ]
        );
        // a ring on 7 covers one free b ring: only 9 is left
        assert_eq!(
            after(RingStep::Place(7)),
            vec![turn(RingStep::Place(7), 1, 3, &[9])]
        );
        // a ring on 5: the vault, then the step onto 5
        assert_eq!(
            after(RingStep::Place(5)),
            vec![
                turn(RingStep::Place(5), 1, 3, &[7]),
                turn(RingStep::Place(5), 1, 3, &[9]),
                turn(RingStep::Place(5), 1, 5, &[]),
            ]
        );
        assert_eq!(t.count().expect("count"), all.len() as u64);
        assert_eq!(t.nth(all.len() as u64).expect("nth"), None);
    }

    #[test]
    fn bad_sides_are_refused() {
        let g = grid3();
        let cells = vec![0u8; 9];
        let view = View {
            grid: &g,
            cells: &cells,
        };
        let mut s = side(true);
        s.their_ball = b'W';
        assert!(Turns::new(&view, &s, tops(&["e"; 9])).is_err());
        let mut s = side(true);
        s.dirs = vec![9];
        assert!(Turns::new(&view, &s, tops(&["e"; 9])).is_err());
        let s = side(true);
        assert!(Turns::new(&view, &s, tops(&["e"; 8])).is_err());
    }
}
