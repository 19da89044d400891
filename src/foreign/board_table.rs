//! The native side of rules/lib/board.pl: grids (neighbour tables), boards held by
//! handle, and the board queries, in safe Rust.
//!
//! A grid is what grid.pl builds: cells numbered 1..N, and for each cell and
//! direction the neighbour that way (0 off the board), plus one integer of marks
//! per cell (the edges it touches, say).  A board is a grid and one code per cell;
//! the codes stand for the atoms the rule file puts on its cells (`e`, empty, is
//! code 0).  Boards are changed by copying, kept in the rings of `ring` (a handle
//! always names the same cells).  Every query answers exactly what its pure twin
//! in board.pl answers, in the same order.

use super::mover::Mover;
use super::ring::Rings;
use std::cell::RefCell;
use std::collections::HashMap;
/// At most this many distinct grids a thread: each size of each board is one.
const MAX_GRIDS: usize = 4096;
/// A compound term holds at most 255 arguments, so a board at most 255 cells.
pub const MAX_CELLS: usize = 255;
/// At most this many directions.
const MAX_DIRS: usize = 16;

/// The code of a cell name in the table (`e` is 0): a board keeps one per cell.
/// Sixteen bits, so that a game whose cells hold many distinct atoms (stacks named by
/// their pieces, say) keeps its boards here; the table refuses a name past the last
/// code, and the Prolog side then answers the pure way.
pub type Code = u16;

/// Why a board call was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The handle names a board the ring has dropped (the Prolog side reads the cells).
    Dropped,
    /// The arguments make no sense (an unknown grid, a cell off the board, ...).
    Bad,
}

/// A grid: `n` cells and `dirs` directions.
#[derive(Debug, Clone)]
pub struct Grid {
    pub n: usize,
    pub dirs: usize,
    /// `steps[(k - 1) * dirs + (d - 1)]`: the neighbour of cell k in direction d, 0 for none.
    steps: Vec<u8>,
    /// The marks of cell k at `marks[k - 1]`.
    marks: Vec<i64>,
}

impl Grid {
    /// Reads "N D M1 .. MN S(1,1) .. S(1,D) S(2,1) .. S(N,D)": the cells, the
    /// directions, each cell's marks, then each cell's neighbours in direction order.
    pub fn parse(text: &str) -> Option<Grid> {
        let mut it = text.split_ascii_whitespace();
        let n: usize = it.next()?.parse().ok()?;
        let dirs: usize = it.next()?.parse().ok()?;
        if !(1..=MAX_CELLS).contains(&n) || !(1..=MAX_DIRS).contains(&dirs) {
            return None;
        }
        let marks = (0..n)
            .map(|_| it.next()?.parse::<u32>().ok().map(i64::from))
            .collect::<Option<Vec<_>>>()?;
        let steps = (0..n * dirs)
            .map(|_| it.next()?.parse::<u8>().ok().filter(|&j| j as usize <= n))
            .collect::<Option<Vec<_>>>()?;
        it.next().is_none().then_some(Grid {
            n,
            dirs,
            steps,
            marks,
        })
    }

    /// The marks of cell `k` (1-based).
    pub(super) fn mark(&self, k: usize) -> i64 {
        self.marks[k - 1]
    }

    /// The neighbour of cell `k` (1-based) in direction `d` (1-based), if any.
    pub(super) fn step(&self, k: usize, d: usize) -> Option<usize> {
        let j = self.steps[(k - 1) * self.dirs + (d - 1)] as usize;
        (j > 0).then_some(j)
    }
}

/// This thread's grids, cell names and board copies.
#[derive(Default)]
pub struct Table {
    grids: Vec<Grid>,
    grid_ids: HashMap<String, usize>,
    names: Vec<String>,
    name_ids: HashMap<String, Code>,
    /// The copies, each with its grid's id.
    rings: Rings<usize, Code>,
}

thread_local! {
    static TABLE: RefCell<Table> = RefCell::new(Table::default());
}

/// Runs `f` on this thread's table.
pub fn with_table<T>(f: impl FnOnce(&mut Table) -> T) -> T {
    TABLE.with(|t| f(&mut t.borrow_mut()))
}

/// A board's cells and grid, borrowed for a query.
pub struct View<'a> {
    pub grid: &'a Grid,
    pub cells: &'a [Code],
}

impl Table {
    /// The id (from 1) of the grid written in `text`, made once per distinct text.
    pub fn grid(&mut self, text: &str) -> Result<i64, Refused> {
        if let Some(&id) = self.grid_ids.get(text) {
            return Ok(id as i64);
        }
        if self.grids.len() >= MAX_GRIDS {
            return Err(Refused::Bad);
        }
        let grid = Grid::parse(text).ok_or(Refused::Bad)?;
        self.grids.push(grid);
        let id = self.grids.len();
        self.grid_ids.insert(text.to_string(), id);
        Ok(id as i64)
    }

    /// The code of the cell name `name` (`e` is 0), given one the first time it is seen.
    pub fn code(&mut self, name: &str) -> Result<Code, Refused> {
        if self.names.is_empty() {
            self.names.push("e".into());
            self.name_ids.insert("e".into(), 0);
        }
        if let Some(&c) = self.name_ids.get(name) {
            return Ok(c);
        }
        let c = Code::try_from(self.names.len()).map_err(|_| Refused::Bad)?;
        if name.is_empty() || name.len() > 64 {
            return Err(Refused::Bad);
        }
        self.names.push(name.to_string());
        self.name_ids.insert(name.to_string(), c);
        Ok(c)
    }

    /// A new board on grid `grid` whose cells hold the names in `names` (space separated).
    pub fn board(&mut self, grid: i64, names: &str) -> Result<i64, Refused> {
        let g = self.grid_of(grid)?;
        let n = self.grids[g - 1].n;
        let mut cells = Vec::with_capacity(n);
        for name in names.split_ascii_whitespace() {
            if cells.len() == n {
                return Err(Refused::Bad);
            }
            cells.push(self.code(name)?);
        }
        if cells.len() != n {
            return Err(Refused::Bad);
        }
        Ok(self.insert(g, &cells, true))
    }

    fn grid_of(&self, grid: i64) -> Result<usize, Refused> {
        usize::try_from(grid)
            .ok()
            .filter(|&g| g >= 1 && g <= self.grids.len())
            .ok_or(Refused::Bad)
    }

    /// Keeps a copy of `cells` on `grid` in the ring of boards made whole (`whole`)
    /// or of copies made by a change; gives its handle.
    fn insert(&mut self, grid: usize, cells: &[Code], whole: bool) -> i64 {
        self.rings.keep(grid, cells, whole) as i64
    }

    /// The grid and cells of board `handle`.
    fn copy(&self, handle: i64) -> Result<(usize, &[Code]), Refused> {
        if !self.rings.owns(handle) {
            return Err(Refused::Bad);
        }
        let c = self.rings.get(handle).ok_or(Refused::Dropped)?;
        Ok((c.shape, &c.cells))
    }

    /// Whether `handle` is one this table gave (its copy kept or dropped since).
    pub fn owns(&self, handle: i64) -> bool {
        self.rings.owns(handle)
    }

    /// Board `handle`, to query.
    pub fn view(&self, handle: i64) -> Result<View<'_>, Refused> {
        let (grid, cells) = self.copy(handle)?;
        Ok(View {
            grid: &self.grids[grid - 1],
            cells,
        })
    }

    /// A copy of board `handle` with the name `name` on cell `k` (from 1).
    pub fn set(&mut self, handle: i64, k: i64, name: &str) -> Result<i64, Refused> {
        self.set_all(handle, &[(k, name)])
    }

    /// A copy of board `handle` with each name of `changes` on its cell (from 1), in
    /// order: the changes of a move, in one copy.
    pub fn set_all(&mut self, handle: i64, changes: &[(i64, &str)]) -> Result<i64, Refused> {
        let mut coded = Vec::with_capacity(changes.len());
        for &(k, name) in changes {
            let index = usize::try_from(k)
                .ok()
                .and_then(|k| k.checked_sub(1))
                .ok_or(Refused::Bad)?;
            coded.push((index, self.code(name)?));
        }
        self.copy(handle)?;
        match self.rings.changed_at(handle, &coded) {
            Ok(Some(h)) => Ok(h as i64),
            Ok(None) => Err(Refused::Dropped),
            Err(()) => Err(Refused::Bad),
        }
    }

    /// The name of the code `code`.
    pub fn name(&self, code: Code) -> &str {
        self.names.get(code as usize).map_or("e", String::as_str)
    }

    /// How many names the table has learned (it only ever learns more).
    pub fn name_count(&self) -> usize {
        self.names.len()
    }

    /// The code a name has, if it has been seen (a name never seen is on no cell).
    pub fn known(&self, name: &str) -> Option<Code> {
        if name == "e" {
            return Some(0);
        }
        self.name_ids.get(name).copied()
    }
}

impl View<'_> {
    pub(super) fn cell(&self, k: i64) -> Result<usize, Refused> {
        usize::try_from(k)
            .ok()
            .filter(|&k| k >= 1 && k <= self.grid.n)
            .ok_or(Refused::Bad)
    }

    pub(super) fn dir(&self, d: i64) -> Result<usize, Refused> {
        usize::try_from(d)
            .ok()
            .filter(|&d| d >= 1 && d <= self.grid.dirs)
            .ok_or(Refused::Bad)
    }

    /// The cells holding `code`, ascending.
    pub fn cells_of(&self, code: Option<Code>) -> Vec<usize> {
        let Some(code) = code else { return Vec::new() };
        (1..=self.grid.n)
            .filter(|&k| self.cells[k - 1] == code)
            .collect()
    }

    /// The code on cell `k`.
    pub fn code_at(&self, k: i64) -> Result<Code, Refused> {
        Ok(self.cells[self.cell(k)? - 1])
    }

    /// How many cells hold `code`.
    pub fn count(&self, code: Option<Code>) -> i64 {
        code.map_or(0, |c| self.cells.iter().filter(|&&x| x == c).count() as i64)
    }

    /// The `i`-th cell (from 0, ascending) holding `code`.
    pub fn nth(&self, code: Option<Code>, i: i64) -> Result<usize, Refused> {
        let i = usize::try_from(i).map_err(|_| Refused::Bad)?;
        // a name never seen is on no cell
        let Some(code) = code else { return Ok(0) };
        Ok((1..=self.grid.n)
            .filter(|&k| self.cells[k - 1] == code)
            .nth(i)
            .unwrap_or(0))
    }

    /// Each step of a piece `code`: `(k, j)` for each cell k holding `code`,
    /// ascending, and each `(d, targets)` of `steps` in turn, where the neighbour
    /// j of k in direction d holds one of `targets`.  The steps' directions must
    /// be the grid's.
    pub fn steps_of(
        &self,
        code: Option<Code>,
        steps: &[(i64, Vec<Code>)],
    ) -> Result<Vec<(usize, usize)>, Refused> {
        let steps = steps
            .iter()
            .map(|(d, ts)| Ok((self.dir(*d)?, ts)))
            .collect::<Result<Vec<_>, Refused>>()?;
        let Some(code) = code else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for k in (1..=self.grid.n).filter(|&k| self.cells[k - 1] == code) {
            for (d, targets) in &steps {
                if let Some(j) = self.grid.step(k, *d) {
                    if targets.contains(&self.cells[j - 1]) {
                        out.push((k, j));
                    }
                }
            }
        }
        Ok(out)
    }

    /// From cell `k` in direction `d`: the empty cells passed, then the first
    /// non-empty cell (0 if the ray leaves the board first).
    pub fn ray(&self, k: i64, d: i64) -> Result<(Vec<usize>, usize), Refused> {
        let (mut k, d) = (self.cell(k)?, self.dir(d)?);
        let mut empties = Vec::new();
        while let Some(j) = self.grid.step(k, d) {
            if self.cells[j - 1] != 0 {
                return Ok((empties, j));
            }
            empties.push(j);
            k = j;
        }
        Ok((empties, 0))
    }

    /// The empty cells reached from cell `k` in at most `max` steps through empty
    /// cells, each with its distance, in breadth-first order (neighbours in
    /// direction order); `k` itself is not among them.
    pub fn reach(&self, k: i64, max: i64) -> Result<Vec<(usize, usize)>, Refused> {
        let k = self.cell(k)?;
        let max = usize::try_from(max).map_err(|_| Refused::Bad)?;
        let mut seen = [false; MAX_CELLS + 1];
        seen[k] = true;
        let mut out: Vec<(usize, usize)> = Vec::new();
        let mut frontier = vec![k];
        let mut dist = 0;
        while !frontier.is_empty() && dist < max {
            dist += 1;
            let mut next = Vec::new();
            for &c in &frontier {
                for d in 1..=self.grid.dirs {
                    if let Some(j) = self.grid.step(c, d) {
                        if !seen[j] && self.cells[j - 1] == 0 {
                            seen[j] = true;
                            out.push((j, dist));
                            next.push(j);
                        }
                    }
                }
            }
            frontier = next;
        }
        Ok(out)
    }

    /// The empty cells reached from cell `k` in at most `max` steps through empty
    /// cells, and the occupied cells met on the way: those next to `k` or to an
    /// empty cell reached in fewer than `max` steps.  Each list ascending.
    pub fn reach_met(&self, k: i64, max: i64) -> Result<(Vec<usize>, Vec<usize>), Refused> {
        self.reach_through(k, max, &[])
    }

    /// `reach_met` for a piece that also passes over the cells holding one of the
    /// codes `through`: such a cell costs a step like an empty one and is walked on
    /// from, and is among the cells met (never among the empty cells).
    pub fn reach_through(
        &self,
        k: i64,
        max: i64,
        through: &[Code],
    ) -> Result<(Vec<usize>, Vec<usize>), Refused> {
        let k = self.cell(k)?;
        let max = usize::try_from(max).map_err(|_| Refused::Bad)?;
        let mut seen = [false; MAX_CELLS + 1];
        seen[k] = true;
        let (mut empties, mut met) = (Vec::new(), Vec::new());
        let mut frontier = vec![k];
        let mut dist = 0;
        while !frontier.is_empty() && dist < max {
            dist += 1;
            let mut next = Vec::new();
            for &c in &frontier {
                for d in 1..=self.grid.dirs {
                    if let Some(j) = self.grid.step(c, d) {
                        if !seen[j] {
                            seen[j] = true;
                            let code = self.cells[j - 1];
                            if code == 0 {
                                empties.push(j);
                                next.push(j);
                            } else {
                                met.push(j);
                                if through.contains(&code) {
                                    next.push(j);
                                }
                            }
                        }
                    }
                }
            }
            frontier = next;
        }
        empties.sort_unstable();
        met.sort_unstable();
        Ok((empties, met))
    }

    /// The moves of pieces that move up to a range and take what they meet: for
    /// each cell k, ascending, holding a piece a mover fits (the first that fits
    /// moves it), each j, ascending, among the empty cells reached from k in at
    /// most its range steps, passing over its `through`, and the cells met that
    /// hold one of its `takes` (see `reach_through`).
    pub fn reach_moves(&self, movers: &[Mover]) -> Result<Vec<(usize, usize)>, Refused> {
        let mut out = Vec::new();
        for k in 1..=self.grid.n {
            for j in self.reach_targets(k, movers)? {
                out.push((k, j));
            }
        }
        Ok(out)
    }

    /// The cells the piece on cell `k` moves to under `movers`, ascending (see
    /// `reach_moves`); none when no mover fits it.
    pub fn reach_targets(&self, k: usize, movers: &[Mover]) -> Result<Vec<usize>, Refused> {
        let code = *self.cells.get(k.wrapping_sub(1)).ok_or(Refused::Bad)?;
        let Some(m) = movers.iter().find(|m| m.fits(code, k)) else {
            return Ok(Vec::new());
        };
        let (empties, met) = self.reach_through(k as i64, m.range, &m.through)?;
        let taken = met
            .into_iter()
            .filter(|&j| m.takes.contains(&self.cells[j - 1]));
        let mut js: Vec<usize> = empties.into_iter().chain(taken).collect();
        js.sort_unstable();
        Ok(js)
    }

    /// The cells connected to cell `k` through cells holding what `k` holds, ascending.
    pub fn group(&self, k: i64) -> Result<Vec<usize>, Refused> {
        let k = self.cell(k)?;
        let code = self.cells[k - 1];
        let mut seen = [false; MAX_CELLS + 1];
        seen[k] = true;
        let mut stack = vec![k];
        while let Some(c) = stack.pop() {
            for d in 1..=self.grid.dirs {
                if let Some(j) = self.grid.step(c, d) {
                    if !seen[j] && self.cells[j - 1] == code {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        Ok((1..=self.grid.n).filter(|&j| seen[j]).collect())
    }

    /// The marks of the cells of cell `k`'s group, or-ed together.
    pub fn group_marks(&self, k: i64) -> Result<i64, Refused> {
        Ok(self
            .group(k)?
            .iter()
            .fold(0, |m, &j| m | self.grid.marks[j - 1]))
    }

    /// For each direction in order: the neighbour of `k` that way when it holds
    /// something, and the cell beyond it when that is empty.
    pub fn jumps(&self, k: i64) -> Result<Vec<(usize, usize)>, Refused> {
        let k = self.cell(k)?;
        Ok((1..=self.grid.dirs)
            .filter_map(|d| {
                let over = self.grid.step(k, d)?;
                let to = self.grid.step(over, d)?;
                (self.cells[over - 1] != 0 && self.cells[to - 1] == 0).then_some((over, to))
            })
            .collect())
    }
}

#[cfg(test)]
#[path = "board_table_tests.rs"]
mod tests;
