//! The `extern "C"` functions behind rules/lib/board_accel.pl: the board library's
//! grids and boards by handle (see `board_table`).
//!
//! Integer results are -1 for arguments the function refused and -2 for a board
//! the ring has dropped.  A list of cells comes back as text: "k", then one
//! character per number (U+0100 + the number, so every number is one character);
//! "s" for a dropped board and "x" for refused arguments.

use super::board_table::{with_table, Refused, Table, View};
use super::{input, output};
use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The text of a C string argument, or `None`.
fn text<'a>(ptr: *const c_char) -> Option<&'a str> {
    std::str::from_utf8(input(ptr)?).ok()
}

/// Runs `f` without letting a panic out; -1 or -2 for a refusal, -1 for a panic.
fn number(f: impl FnOnce(&mut Table) -> Result<i64, Refused>) -> i64 {
    match catch_unwind(AssertUnwindSafe(|| with_table(f))) {
        Ok(Ok(v)) => v,
        Ok(Err(Refused::Dropped)) => -2,
        _ => -1,
    }
}

/// Runs `f` on board `handle` and writes the numbers it gives as text.
fn numbers(
    handle: i64,
    f: impl FnOnce(&View<'_>, &Table) -> Result<Vec<usize>, Refused>,
) -> *const c_char {
    let text = catch_unwind(AssertUnwindSafe(|| {
        with_table(|t| {
            let t: &Table = t;
            let v = t.view(handle)?;
            f(&v, t)
        })
    }));
    output(match text {
        Ok(Ok(ns)) => {
            let mut s = String::with_capacity(1 + 2 * ns.len());
            s.push('k');
            s.extend(ns.iter().filter_map(|&n| char::from_u32(0x100 + n as u32)));
            s
        }
        Ok(Err(Refused::Dropped)) => "s".into(),
        _ => "x".into(),
    })
}

/// The id of the grid written in `text` ("N D marks.. neighbours.."), -1 if malformed.
#[no_mangle]
pub extern "C" fn ludolog_board_grid(text_ptr: *const c_char) -> i64 {
    number(|t| t.grid(text(text_ptr).ok_or(Refused::Bad)?))
}

/// A new board on grid `grid` whose cells hold the space-separated `names`.
#[no_mangle]
pub extern "C" fn ludolog_board_new(grid: i64, names: *const c_char) -> i64 {
    number(|t| t.board(grid, text(names).ok_or(Refused::Bad)?))
}

/// A copy of board `handle` with `name` on cell `k` (from 1).
#[no_mangle]
pub extern "C" fn ludolog_board_set(handle: i64, k: i64, name: *const c_char) -> i64 {
    number(|t| t.set(handle, k, text(name).ok_or(Refused::Bad)?))
}

/// The cells of board `handle` holding `name`, ascending.
#[no_mangle]
pub extern "C" fn ludolog_board_cells_of(handle: i64, name: *const c_char) -> *const c_char {
    let name = text(name);
    numbers(handle, |v, t| {
        Ok(v.cells_of(t.known(name.ok_or(Refused::Bad)?)))
    })
}

/// The ray from cell `k` in direction `d`: the cell that stops it (0 if none), then the empty cells passed.
#[no_mangle]
pub extern "C" fn ludolog_board_ray(handle: i64, k: i64, d: i64) -> *const c_char {
    numbers(handle, |v, _| {
        let (empties, hit) = v.ray(k, d)?;
        Ok(std::iter::once(hit).chain(empties).collect())
    })
}

/// The empty cells within `max` steps of cell `k`, each followed by its distance.
#[no_mangle]
pub extern "C" fn ludolog_board_reach(handle: i64, k: i64, max: i64) -> *const c_char {
    numbers(handle, |v, _| {
        Ok(v.reach(k, max)?
            .into_iter()
            .flat_map(|(c, d)| [c, d])
            .collect())
    })
}

/// The group of cell `k`, ascending.
#[no_mangle]
pub extern "C" fn ludolog_board_group(handle: i64, k: i64) -> *const c_char {
    numbers(handle, |v, _| v.group(k))
}

/// The marks of the group of cell `k`, or-ed.
#[no_mangle]
pub extern "C" fn ludolog_board_group_marks(handle: i64, k: i64) -> i64 {
    number(|t| t.view(handle)?.group_marks(k))
}

/// The jumps from cell `k`: for each, the cell jumped over, then the cell landed on.
#[no_mangle]
pub extern "C" fn ludolog_board_jumps(handle: i64, k: i64) -> *const c_char {
    numbers(handle, |v, _| {
        Ok(v.jumps(k)?.into_iter().flat_map(|(o, t)| [o, t]).collect())
    })
}

/// The name on cell `k` of board `handle`: "k" then the name; "s" or "x".
#[no_mangle]
pub extern "C" fn ludolog_board_cell(handle: i64, k: i64) -> *const c_char {
    let text = catch_unwind(AssertUnwindSafe(|| {
        with_table(|t| {
            let t: &Table = t;
            let code = t.view(handle)?.code_at(k)?;
            Ok(format!("k{}", t.name(code)))
        })
    }));
    output(match text {
        Ok(Ok(s)) => s,
        Ok(Err(Refused::Dropped)) => "s".into(),
        _ => "x".into(),
    })
}

/// How many cells of board `handle` hold `name`.
#[no_mangle]
pub extern "C" fn ludolog_board_count(handle: i64, name: *const c_char) -> i64 {
    let name = text(name);
    number(|t| Ok(t.view(handle)?.count(t.known(name.ok_or(Refused::Bad)?))))
}

/// The `i`-th cell (from 0, ascending) of board `handle` holding `name`; -1 if there is none.
#[no_mangle]
pub extern "C" fn ludolog_board_nth(handle: i64, name: *const c_char, i: i64) -> i64 {
    let name = text(name);
    number(|t| {
        let code = t.known(name.ok_or(Refused::Bad)?);
        Ok(t.view(handle)?.nth(code, i)? as i64)
    })
}
