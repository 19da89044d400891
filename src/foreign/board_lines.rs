//! Board queries along lines of cells: pieces that run along a direction past
//! other pieces (steps, and jumps over a run of pieces), the pieces a piece sees along its
//! directions (sight along rays), and the longest line of like cells through a
//! cell (K in a row).  Their pure twins are in rules/lib/board_lines.pl (a part of board.pl).

use super::board_table::{Code, Refused, View};

/// One run of board.pl's move kind `runs(Runs)`: the pieces it moves, its
/// directions, the pieces it runs past, and what the cell it stops on must hold
/// for the move to count (`None`: anything not run past; a capture: an enemy).
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    /// The codes of the pieces this run moves.
    pub pieces: Vec<Code>,
    /// Its directions, in order.
    pub dirs: Vec<i64>,
    /// The codes it runs past.
    pub past: Vec<Code>,
    /// The codes the cell it stops on must hold, or `None` for any.
    pub onto: Option<Vec<Code>>,
}

/// The second part of board.pl's move kind `runs(Runs, again(Pieces, Runs2,
/// stop(Takes, Cells)))`: the pieces that run on, their runs, and what stops them
/// (a run that took one of `takes` or stopped on one of `cells`).
pub struct Again<'a> {
    /// The codes of the pieces that run on.
    pub pieces: &'a [Code],
    /// Their second runs.
    pub runs: &'a [Run],
    /// The codes whose taking ends the move.
    pub takes: &'a [Code],
    /// The cells whose reaching ends the move.
    pub cells: &'a [i64],
}

impl View<'_> {
    /// The directions `dirs`, each checked to be one of the grid's.
    fn dirs(&self, dirs: &[i64]) -> Result<Vec<usize>, Refused> {
        dirs.iter().map(|&d| self.dir(d)).collect()
    }

    /// The cells holding one of `codes`, ascending.
    fn holding<'s>(&'s self, codes: &'s [Code]) -> impl Iterator<Item = usize> + 's {
        (1..=self.grid.n).filter(move |&k| codes.contains(&self.cells[k - 1]))
    }

    /// Each run: `(k, j)` for each cell k, ascending, holding one of `pieces`, and
    /// each direction d of `dirs` in turn, j the first cell from k that way that
    /// holds none of `past` (no run when the board ends first).
    pub fn run_moves(
        &self,
        pieces: &[Code],
        dirs: &[i64],
        past: &[Code],
    ) -> Result<Vec<(usize, usize)>, Refused> {
        let dirs = self.dirs(dirs)?;
        let mut out = Vec::new();
        for k in self.holding(pieces) {
            for &d in &dirs {
                let mut c = k;
                // a grid has no cycles; the bound makes sure of it
                for _ in 0..self.grid.n {
                    let Some(j) = self.grid.step(c, d) else { break };
                    if !past.contains(&self.cells[j - 1]) {
                        out.push((k, j));
                        break;
                    }
                    c = j;
                }
            }
        }
        Ok(out)
    }

    /// The end of the run from cell `k` in direction `d` (checked): the first cell
    /// that way holding none of `past`, or none when the board ends first.
    fn run_end(&self, k: usize, d: usize, past: &[Code]) -> Option<usize> {
        let mut c = k;
        // a grid has no cycles; the bound makes sure of it
        for _ in 0..self.grid.n {
            let j = self.grid.step(c, d)?;
            if !past.contains(&self.cells[j - 1]) {
                return Some(j);
            }
            c = j;
        }
        None
    }

    /// The moves of several runs, piece by piece: `(k, j)` for each cell k,
    /// ascending, each run of `runs` that moves what k holds, in turn, and each of
    /// its directions in turn, j the end of the run that way (see `run_end`) when
    /// it holds one of the run's `onto` (or the run has none).  Pieces whose
    /// directions differ (men and kings), or whose moves along some directions
    /// only capture, listed as one generator lists them.
    pub fn piece_runs(&self, runs: &[Run]) -> Result<Vec<(usize, usize)>, Refused> {
        let dirs = self.runs_dirs(runs)?;
        let mut out = Vec::new();
        let mut ends = Vec::new();
        for k in 1..=self.grid.n {
            ends.clear();
            self.cell_runs(k, self.cells[k - 1], runs, &dirs, &mut ends);
            out.extend(ends.iter().map(|&j| (k, j)));
        }
        Ok(out)
    }

    /// The directions of each of `runs`, checked.
    fn runs_dirs(&self, runs: &[Run]) -> Result<Vec<Vec<usize>>, Refused> {
        runs.iter().map(|r| self.dirs(&r.dirs)).collect()
    }

    /// The ends, in order, of the runs of `runs` (their directions `dirs`, checked)
    /// that move the piece `x` standing on cell `k`, pushed onto `out`.
    fn cell_runs(
        &self,
        k: usize,
        x: Code,
        runs: &[Run],
        dirs: &[Vec<usize>],
        out: &mut Vec<usize>,
    ) {
        for (run, dirs) in runs.iter().zip(dirs) {
            if !run.pieces.contains(&x) {
                continue;
            }
            for &d in dirs {
                let Some(j) = self.run_end(k, d, &run.past) else {
                    continue;
                };
                if run
                    .onto
                    .as_ref()
                    .is_none_or(|o| o.contains(&self.cells[j - 1]))
                {
                    out.push(j);
                }
            }
        }
    }

    /// The moves of the kind `runs(Runs, Again)`: each of `piece_runs`' moves
    /// `(k, j, None)`, then, when the piece x it moved is one of `again.pieces`, and
    /// the cell it ran to held none of `again.takes` and is none of `again.cells`,
    /// `(k, j, Some(l))` for each end l of `again.runs` moving x from j on the cells
    /// the first run left (k empty, x on j).
    pub fn runs_again(
        &self,
        runs: &[Run],
        again: &Again<'_>,
    ) -> Result<Vec<(usize, usize, Option<usize>)>, Refused> {
        let first = self.piece_runs(runs)?;
        let dirs = self.runs_dirs(again.runs)?;
        let mut after = self.cells.to_vec();
        let mut ends = Vec::new();
        let mut out = Vec::with_capacity(first.len());
        for (k, j) in first {
            out.push((k, j, None));
            let (x, y) = (self.cells[k - 1], self.cells[j - 1]);
            if !again.pieces.contains(&x)
                || again.takes.contains(&y)
                || again.cells.contains(&(j as i64))
            {
                continue;
            }
            after[k - 1] = 0;
            after[j - 1] = x;
            let v = View {
                grid: self.grid,
                cells: &after,
            };
            ends.clear();
            v.cell_runs(j, x, again.runs, &dirs, &mut ends);
            out.extend(ends.iter().map(|&l| (k, j, Some(l))));
            after[k - 1] = x;
            after[j - 1] = y;
        }
        Ok(out)
    }

    /// Whether `(k, j)` is one of `run_moves`: cell k holds one of `pieces`, and
    /// its run along one of `dirs` ends on j.  A k that is no cell is refused.
    pub fn run_move(
        &self,
        k: i64,
        j: i64,
        pieces: &[Code],
        dirs: &[i64],
        past: &[Code],
    ) -> Result<bool, Refused> {
        let k = self.cell(k)?;
        let dirs = self.dirs(dirs)?;
        if !pieces.contains(&self.cells[k - 1]) {
            return Ok(false);
        }
        Ok(dirs.iter().any(|&d| {
            let mut c = k;
            for _ in 0..self.grid.n {
                let Some(next) = self.grid.step(c, d) else {
                    return false;
                };
                if !past.contains(&self.cells[next - 1]) {
                    return i64::try_from(next) == Ok(j);
                }
                c = next;
            }
            false
        }))
    }

    /// The cells holding one of `seen` that a cell holding one of `from` sees along
    /// a direction of `dirs`: every cell strictly between holds one of `through`.
    /// Ascending, each once.
    pub fn sight(
        &self,
        from: &[Code],
        dirs: &[i64],
        through: &[Code],
        seen: &[Code],
    ) -> Result<Vec<usize>, Refused> {
        let dirs = self.dirs(dirs)?;
        let mut hit = vec![false; self.grid.n + 1];
        for k in self.holding(from) {
            for &d in &dirs {
                let mut c = k;
                for _ in 0..self.grid.n {
                    let Some(j) = self.grid.step(c, d) else { break };
                    let x = self.cells[j - 1];
                    if seen.contains(&x) {
                        hit[j] = true;
                    }
                    if !through.contains(&x) {
                        break;
                    }
                    c = j;
                }
            }
        }
        Ok((1..=self.grid.n).filter(|&j| hit[j]).collect())
    }

    /// The longest line through cell `k` of cells holding what `k` holds, over the
    /// directions `dirs`, each taken both ways: d and its opposite, d + D/2 around
    /// the grid's D directions (grid.pl lists each direction's opposite half a turn
    /// later).  At least 1: `k` alone.
    pub fn line_at(&self, k: i64, dirs: &[i64]) -> Result<usize, Refused> {
        let k = self.cell(k)?;
        let dirs = self.dirs(dirs)?;
        let n = self.grid.dirs;
        if !n.is_multiple_of(2) {
            return Err(Refused::Bad);
        }
        let x = self.cells[k - 1];
        let run = |d: usize| {
            let (mut c, mut count) = (k, 0);
            for _ in 0..self.grid.n {
                match self.grid.step(c, d) {
                    Some(j) if self.cells[j - 1] == x => (c, count) = (j, count + 1),
                    _ => break,
                }
            }
            count
        };
        Ok(dirs
            .iter()
            .map(|&d| 1 + run(d) + run((d - 1 + n / 2) % n + 1))
            .max()
            .unwrap_or(1))
    }
}

#[cfg(test)]
mod tests {
    use super::super::board_table::{with_table, Code};

    /// Five cells in a row, two directions (right, left).
    const LINE: &str = "5 2 0 0 0 0 0  2 0  3 1  4 2  5 3  0 4";

    #[test]
    fn runs_pass_their_pieces_and_sight_stops_at_the_rest() {
        with_table(|t| {
            let g = t.grid(LINE).unwrap();
            // w w b e W
            let b = t.board(g, "w w b e W").unwrap();
            let known = |n: &str| t.known(n).unwrap();
            let (w, bl, k, e) = (known("w"), known("b"), known("W"), 0);
            let v = t.view(b).unwrap();
            assert_eq!(v.run_moves(&[w], &[1], &[w]), Ok(vec![(1, 3), (2, 3)]));
            assert_eq!(v.run_moves(&[w, k], &[2], &[w, k]), Ok(vec![(5, 4)]));
            assert_eq!(v.run_moves(&[bl], &[1, 2], &[]), Ok(vec![(3, 4), (3, 2)]));
            assert_eq!(v.run_moves(&[w], &[3], &[]), Err(super::Refused::Bad));
            // piece by piece: w runs right past w, W left past w and W, and both
            // run both ways onto b only (captures): W's run left ends on e
            let run =
                |pieces: &[Code], dirs: &[i64], past: &[Code], onto: Option<&[Code]>| super::Run {
                    pieces: pieces.to_vec(),
                    dirs: dirs.to_vec(),
                    past: past.to_vec(),
                    onto: onto.map(<[Code]>::to_vec),
                };
            let runs = [
                run(&[w], &[1], &[w], None),
                run(&[k], &[2], &[w, k], None),
                run(&[w, k], &[2, 1], &[w, k], Some(&[bl])),
            ];
            assert_eq!(
                v.piece_runs(&runs),
                Ok(vec![(1, 3), (1, 3), (2, 3), (2, 3), (5, 4)])
            );
            assert_eq!(v.piece_runs(&runs[..2]), Ok(vec![(1, 3), (2, 3), (5, 4)]));
            assert_eq!(v.piece_runs(&[]), Ok(vec![]));
            assert_eq!(
                v.piece_runs(&[run(&[w], &[3], &[], None)]),
                Err(super::Refused::Bad)
            );
            // W runs left onto the empty 4, then on from 4 on the board it left
            // (w w b W e): left onto b on 3, right onto the 5 it came from
            let again = |takes: &[Code], cells: &[i64]| {
                let runs = [run(&[k], &[2, 1], &[], None)];
                let again = super::Again {
                    pieces: &[k],
                    runs: &runs,
                    takes,
                    cells,
                };
                v.runs_again(&[run(&[k], &[2], &[w, k], None)], &again)
            };
            assert_eq!(
                again(&[], &[]),
                Ok(vec![(5, 4, None), (5, 4, Some(3)), (5, 4, Some(5))])
            );
            // no run on after taking e, or after reaching cell 4
            assert_eq!(again(&[e], &[]), Ok(vec![(5, 4, None)]));
            assert_eq!(again(&[], &[4]), Ok(vec![(5, 4, None)]));
            // the king on 5 looks left: e, then b stops it
            assert_eq!(v.sight(&[k], &[2], &[e, w], &[w]), Ok(vec![]));
            assert_eq!(v.sight(&[k], &[2], &[e, w], &[bl]), Ok(vec![3]));
            assert_eq!(v.sight(&[bl], &[2], &[e, w], &[w]), Ok(vec![1, 2]));
            assert_eq!(v.sight(&[bl], &[1, 2], &[e], &[k, w]), Ok(vec![2, 5]));
            // w w b e W: the line through 1 and 2 is 2 long, through 3 only 1
            assert_eq!(v.line_at(1, &[1]), Ok(2));
            assert_eq!(v.line_at(2, &[2]), Ok(2));
            assert_eq!(v.line_at(3, &[1]), Ok(1));
            assert_eq!(v.line_at(3, &[]), Ok(1));
            assert_eq!(v.line_at(6, &[1]), Err(super::Refused::Bad));
            assert_eq!(v.line_at(1, &[3]), Err(super::Refused::Bad));
        });
    }
}
