//! Flanking placements on a board the host holds: the native definitions of
//! rules/lib/flank.pl's queries (the placements that flank and the pieces they turn), with the
//! same answers in the same order as the pure ones.
//!
//! A piece `x` on an empty cell k flanks direction d when the cells after k in d
//! hold one or more pieces `y` and then a piece `x`.

use super::board_calls::{number, numbers, text};
use super::board_table::{Code, Refused, View};
use std::ffi::c_char;

impl View<'_> {
    /// How many pieces `y` a piece `x` on cell `k` flanks in direction `d` (0: none).
    fn flanked_in(&self, k: usize, d: usize, x: Code, y: Code) -> usize {
        let mut at = k;
        let mut run = 0;
        while let Some(j) = self.grid.step(at, d) {
            let c = self.cells[j - 1];
            if c == y {
                run += 1;
                at = j;
            } else {
                return if c == x { run } else { 0 };
            }
        }
        0
    }

    /// Whether a piece `x` on cell `k` flanks a line of `y` in some direction.
    fn flanks(&self, k: usize, x: Code, y: Code) -> bool {
        (1..=self.grid.dirs).any(|d| self.flanked_in(k, d, x, y) > 0)
    }

    /// The empty cells, ascending, where a piece `x` flanks a line of `y`; none when
    /// either name is on no cell.
    pub fn flank_moves(&self, x: Option<Code>, y: Option<Code>) -> Vec<usize> {
        let (Some(x), Some(y)) = (x, y) else {
            return Vec::new();
        };
        (1..=self.grid.n)
            .filter(|&k| self.cells[k - 1] == 0 && self.flanks(k, x, y))
            .collect()
    }

    /// The cells of the pieces `y` that a piece `x` on cell `k` turns, direction by
    /// direction in the grid's order, each line from `k` outwards.
    pub fn flanked(&self, k: i64, x: Option<Code>, y: Option<Code>) -> Result<Vec<usize>, Refused> {
        let k = self.cell(k)?;
        let (Some(x), Some(y)) = (x, y) else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for d in 1..=self.grid.dirs {
            let run = self.flanked_in(k, d, x, y);
            let mut at = k;
            for _ in 0..run {
                if let Some(j) = self.grid.step(at, d) {
                    out.push(j);
                    at = j;
                }
            }
        }
        Ok(out)
    }
}

/// The codes of two names, as a query takes them (`None`: a name on no cell).
fn names(
    t: &super::board_table::Table,
    x: Option<&str>,
    y: Option<&str>,
) -> Result<(Option<Code>, Option<Code>), Refused> {
    let (x, y) = (x.ok_or(Refused::Bad)?, y.ok_or(Refused::Bad)?);
    Ok((t.known(x), t.known(y)))
}

/// The flanking placements of `x` against `y` on board `handle` (flank_moves/4).
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_flank_moves(
    handle: i64,
    x: *const c_char,
    y: *const c_char,
) -> *const c_char {
    let (x, y) = (text(x), text(y));
    numbers(handle, |v, t| {
        let (x, y) = names(t, x, y)?;
        Ok(v.flank_moves(x, y))
    })
}

/// How many placements `ludolog_board_flank_moves` gives.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_flank_count(
    handle: i64,
    x: *const c_char,
    y: *const c_char,
) -> i64 {
    let (x, y) = (text(x), text(y));
    number(|t| {
        let (x, y) = names(t, x, y)?;
        Ok(t.view(handle)?.flank_moves(x, y).len() as i64)
    })
}

/// The `i`-th placement (from 0) of `ludolog_board_flank_moves`; 0 past the last.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_nth_flank(
    handle: i64,
    x: *const c_char,
    y: *const c_char,
    i: i64,
) -> i64 {
    let (x, y) = (text(x), text(y));
    number(|t| {
        let (x, y) = names(t, x, y)?;
        let i = usize::try_from(i).map_err(|_| Refused::Bad)?;
        let all = t.view(handle)?.flank_moves(x, y);
        Ok(all.get(i).map_or(0, |&k| k as i64))
    })
}

/// The cells a piece `x` on cell `k` of board `handle` turns (flanked/5).
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_flanked(
    handle: i64,
    k: i64,
    x: *const c_char,
    y: *const c_char,
) -> *const c_char {
    let (x, y) = (text(x), text(y));
    numbers(handle, |v, t| {
        let (x, y) = names(t, x, y)?;
        v.flanked(k, x, y)
    })
}
