//! The `extern "C"` functions behind rules/lib/board_accel.pl: the board library's
//! grids and boards by handle (see `board_table`).
//!
//! Integer results are -1 for arguments the function refused and -2 for a board
//! the ring has dropped.  A list of cells comes back as text: "k", then one
//! character per number (U+0100 + the number, so every number is one character);
//! "s" for a dropped board and "x" for refused arguments.

use super::board_movers::{movers_of, steps_of};
use super::board_table::{with_table, Refused, Table, View};
use super::{input, output};
use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The text of a C string argument, or `None`.
///
/// # Safety
/// As `input`: `ptr` is null or a `cstr` argument of the call being made, used
/// only during it.
pub(super) unsafe fn text<'a>(ptr: *const c_char) -> Option<&'a str> {
    std::str::from_utf8(unsafe { input(ptr) }?).ok()
}

/// Runs `f` without letting a panic out; -1 or -2 for a refusal, -1 for a panic.
pub(super) fn number(f: impl FnOnce(&mut Table) -> Result<i64, Refused>) -> i64 {
    match catch_unwind(AssertUnwindSafe(|| with_table(f))) {
        Ok(Ok(v)) => v,
        Ok(Err(Refused::Dropped)) => -2,
        _ => -1,
    }
}

/// Runs `f` on board `handle` and writes the numbers it gives as text.
pub(super) fn numbers(
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
        // a number no character can carry (past u32, or in the surrogates) refuses
        // the whole answer, which the pure definition then gives: none is dropped
        Ok(Ok(ns)) => {
            let chars: Option<String> = ns
                .iter()
                .map(|&n| {
                    u32::try_from(n)
                        .ok()?
                        .checked_add(0x100)
                        .and_then(char::from_u32)
                })
                .collect();
            chars.map_or_else(|| "x".into(), |cs| format!("k{cs}"))
        }
        Ok(Err(Refused::Dropped)) => "s".into(),
        _ => "x".into(),
    })
}

/// The id of the grid written in `text` ("N D marks.. neighbours.."), -1 if malformed.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_grid(text_ptr: *const c_char) -> i64 {
    number(|t| t.grid(text(text_ptr).ok_or(Refused::Bad)?))
}

/// A new board on grid `grid` whose cells hold the space-separated `names`.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_new(grid: i64, names: *const c_char) -> i64 {
    number(|t| t.board(grid, text(names).ok_or(Refused::Bad)?))
}

/// A copy of board `handle` with `name` on cell `k` (from 1).
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_set(handle: i64, k: i64, name: *const c_char) -> i64 {
    number(|t| t.set(handle, k, text(name).ok_or(Refused::Bad)?))
}

/// A copy of board `handle` with `name1` on cell `k1`, then `name2` on cell `k2`.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_set_two(
    handle: i64,
    k1: i64,
    name1: *const c_char,
    k2: i64,
    name2: *const c_char,
) -> i64 {
    number(|t| {
        let first = (k1, text(name1).ok_or(Refused::Bad)?);
        let second = (k2, text(name2).ok_or(Refused::Bad)?);
        t.set_all(handle, &[first, second])
    })
}

/// A copy of board `handle` with `name` on each cell of `cells` (one character a
/// cell: U+0100 plus its number, as the lists the host gives back), in one copy: a
/// placement and the pieces it turns, or the pieces a capture takes off.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_fill(
    handle: i64,
    cells: *const c_char,
    name: *const c_char,
) -> i64 {
    let (cells, name) = (text(cells), text(name));
    number(|t| {
        let name = name.ok_or(Refused::Bad)?;
        let changes = cells
            .ok_or(Refused::Bad)?
            .chars()
            .map(|c| match (c as i64) - 0x100 {
                k if k >= 1 => Ok((k, name)),
                _ => Err(Refused::Bad),
            })
            .collect::<Result<Vec<_>, Refused>>()?;
        t.set_all(handle, &changes)
    })
}

/// The cells of board `handle` holding `name`, ascending.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_cells_of(
    handle: i64,
    name: *const c_char,
) -> *const c_char {
    let name = text(name);
    numbers(handle, |v, t| {
        Ok(v.cells_of(t.known(name.ok_or(Refused::Bad)?)))
    })
}

/// The ray from cell `k` in direction `d`: the cell that stops it (0 if none), then the empty cells passed.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_ray(handle: i64, k: i64, d: i64) -> *const c_char {
    numbers(handle, |v, _| {
        let (empties, hit) = v.ray(k, d)?;
        Ok(std::iter::once(hit).chain(empties).collect())
    })
}

/// The empty cells within `max` steps of cell `k`, each followed by its distance.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_reach(
    handle: i64,
    k: i64,
    max: i64,
) -> *const c_char {
    numbers(handle, |v, _| {
        Ok(v.reach(k, max)?
            .into_iter()
            .flat_map(|(c, d)| [c, d])
            .collect())
    })
}

/// The empty cells within `max` steps of cell `k` and the occupied cells met:
/// how many empty cells, then the empty cells, then the cells met.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_reach_met(
    handle: i64,
    k: i64,
    max: i64,
) -> *const c_char {
    numbers(handle, |v, _| {
        let (empties, met) = v.reach_met(k, max)?;
        Ok(std::iter::once(empties.len())
            .chain(empties)
            .chain(met)
            .collect())
    })
}

/// The group of cell `k`, ascending.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_group(handle: i64, k: i64) -> *const c_char {
    numbers(handle, |v, _| v.group(k))
}

/// The marks of the group of cell `k`, or-ed.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_group_marks(handle: i64, k: i64) -> i64 {
    number(|t| t.view(handle)?.group_marks(k))
}

/// The jumps from cell `k`: for each, the cell jumped over, then the cell landed on.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_jumps(handle: i64, k: i64) -> *const c_char {
    numbers(handle, |v, _| {
        Ok(v.jumps(k)?.into_iter().flat_map(|(o, t)| [o, t]).collect())
    })
}

/// The name on cell `k` of board `handle`: "k" then the name; "s" or "x".
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_cell(handle: i64, k: i64) -> *const c_char {
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

/// Every cell of board `handle`, each a one-character name: "k" then one character
/// per cell; "n" when some cell's name is longer (the Prolog side then applies its
/// log the pure way); "s" or "x".
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_letters(handle: i64) -> *const c_char {
    let text = catch_unwind(AssertUnwindSafe(|| {
        with_table(|t| {
            let t: &Table = t;
            let v = t.view(handle)?;
            let mut s = String::with_capacity(1 + v.cells.len());
            s.push('k');
            for &code in v.cells {
                let mut name = t.name(code).chars();
                match (name.next(), name.next()) {
                    (Some(c), None) => s.push(c),
                    _ => return Ok("n".to_string()),
                }
            }
            Ok(s)
        })
    }));
    output(match text {
        Ok(Ok(s)) => s,
        Ok(Err(Refused::Dropped)) => "s".into(),
        _ => "x".into(),
    })
}

/// 1 if `handle` is a board this thread's table made (its copy kept or dropped
/// since), 0 if not (another thread's or another run's, or no handle at all).
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_owned(handle: i64) -> i64 {
    number(|t| Ok(i64::from(t.owns(handle))))
}

/// How many cells of board `handle` hold `name`.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_count(handle: i64, name: *const c_char) -> i64 {
    let name = text(name);
    number(|t| Ok(t.view(handle)?.count(t.known(name.ok_or(Refused::Bad)?))))
}

/// The `i`-th cell (from 0, ascending) of board `handle` holding `name`; 0 past the last.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_nth(handle: i64, name: *const c_char, i: i64) -> i64 {
    let name = text(name);
    number(|t| {
        let code = t.known(name.ok_or(Refused::Bad)?);
        Ok(t.view(handle)?.nth(code, i)? as i64)
    })
}

/// The id of the steps list written in `text` (`[D-[t,t],D-[t]]`: a direction,
/// then the names it may step onto), -1 if malformed: registered once, so a move
/// generator does not pass its text each ply.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_steps_id(text_ptr: *const c_char) -> i64 {
    number(|_| super::board_movers::register_steps(text(text_ptr).ok_or(Refused::Bad)?))
}

/// The steps of the pieces `name` of board `handle` along the steps list `steps`
/// (an id of `ludolog_board_steps_id`): for each, the cell stepped from, then the
/// cell stepped onto.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_steps(
    handle: i64,
    name: *const c_char,
    steps: i64,
) -> *const c_char {
    let name = text(name);
    numbers(handle, |v, t| {
        let steps = steps_of(t, steps)?;
        let code = t.known(name.ok_or(Refused::Bad)?);
        Ok(v.steps_of(code, &steps)?
            .into_iter()
            .flat_map(|(k, j)| [k, j])
            .collect())
    })
}

/// How many steps `ludolog_board_steps` gives.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_step_count(
    handle: i64,
    name: *const c_char,
    steps: i64,
) -> i64 {
    let name = text(name);
    number(|t| {
        let steps = steps_of(t, steps)?;
        let code = t.known(name.ok_or(Refused::Bad)?);
        Ok(t.view(handle)?.steps_of(code, &steps)?.len() as i64)
    })
}

/// The `i`-th step (from 0) of `ludolog_board_steps` as `k * 256 + j`; 0 past the last.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_nth_step(
    handle: i64,
    name: *const c_char,
    steps: i64,
    i: i64,
) -> i64 {
    let name = text(name);
    number(|t| {
        let steps = steps_of(t, steps)?;
        let code = t.known(name.ok_or(Refused::Bad)?);
        let i = usize::try_from(i).map_err(|_| Refused::Bad)?;
        let all = t.view(handle)?.steps_of(code, &steps)?;
        Ok(all.get(i).map_or(0, |(k, j)| (k * 256 + j) as i64))
    })
}

/// The id of the movers list written in `text` (see `board_movers`), -1 if malformed.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_movers(text_ptr: *const c_char) -> i64 {
    number(|_| super::board_movers::register(text(text_ptr).ok_or(Refused::Bad)?))
}

/// The moves of the movers `movers` (an id) on board `handle`: for each, the cell
/// moved from, then the cell moved to.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_reach_moves(
    handle: i64,
    movers: i64,
) -> *const c_char {
    numbers(handle, |v, t| {
        let ms = movers_of(t, movers)?;
        Ok(v.reach_moves(&ms)?
            .into_iter()
            .flat_map(|(k, j)| [k, j])
            .collect())
    })
}

/// How many moves `ludolog_board_reach_moves` gives.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_reach_count(handle: i64, movers: i64) -> i64 {
    number(|t| {
        let ms = movers_of(t, movers)?;
        Ok(t.view(handle)?.reach_moves(&ms)?.len() as i64)
    })
}

/// The `i`-th move (from 0) of `ludolog_board_reach_moves` as `k * 256 + j`; 0 past the last.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_nth_reach(handle: i64, movers: i64, i: i64) -> i64 {
    number(|t| {
        let ms = movers_of(t, movers)?;
        let i = usize::try_from(i).map_err(|_| Refused::Bad)?;
        let all = t.view(handle)?.reach_moves(&ms)?;
        Ok(all.get(i).map_or(0, |(k, j)| (k * 256 + j) as i64))
    })
}

/// 1 if the piece on cell `k` moves to cell `j` under the movers (see
/// `ludolog_board_reach_moves`), else 0; -1 for refused arguments.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_reach_move(
    handle: i64,
    movers: i64,
    k: i64,
    j: i64,
) -> i64 {
    number(|t| {
        let ms = movers_of(t, movers)?;
        let k = usize::try_from(k).map_err(|_| Refused::Bad)?;
        let j = usize::try_from(j).map_err(|_| Refused::Bad)?;
        let targets = t.view(handle)?.reach_targets(k, &ms)?;
        Ok(i64::from(targets.contains(&j)))
    })
}

#[cfg(test)]
mod tests {
    use super::super::board_list_calls::*;
    use super::*;
    use std::ffi::{CStr, CString};
    use std::ptr::null;

    fn text(ptr: *const c_char) -> String {
        // SAFETY: the functions return a pointer into the thread's result buffer
        unsafe { CStr::from_ptr(ptr) }
            .to_string_lossy()
            .into_owned()
    }

    fn c(s: &[u8]) -> CString {
        CString::new(s).unwrap()
    }

    #[test]
    fn numbers_no_character_carries_refuse_the_answer_rather_than_drop_one() {
        // SAFETY: the text argument is a C string of this test, alive for the call
        let b = unsafe {
            let grid = ludolog_board_grid(c(b"3 2 1 0 2  2 0  3 1  0 2").as_ptr());
            ludolog_board_new(grid, c(b"r e e").as_ptr())
        };
        assert_eq!(text(numbers(b, |_, _| Ok(vec![1, 2]))), "k\u{101}\u{102}");
        for past in [0xD800 - 0x100, usize::MAX] {
            assert_eq!(text(numbers(b, |_, _| Ok(vec![1, past, 2]))), "x", "{past}");
        }
    }

    #[test]
    fn the_calls_answer_and_refuse_bad_input_without_panicking() {
        // SAFETY: every text argument is a C string of this test, alive for the call
        unsafe {
            let grid = ludolog_board_grid(c(b"3 2 1 0 2  2 0  3 1  0 2").as_ptr());
            assert!(grid > 0);
            let b = ludolog_board_new(grid, c(b"r e e").as_ptr());
            assert!(b > 0);
            assert_eq!(text(ludolog_board_cell(b, 1)), "kr");
            // no piece stops the ray (0), which passes the empty cells 2 and 3
            assert_eq!(text(ludolog_board_ray(b, 1, 1)), "k\u{100}\u{102}\u{103}");
            assert_eq!(ludolog_board_count(b, c(b"e").as_ptr()), 2);
            assert_eq!(ludolog_board_nth(b, c(b"e").as_ptr(), 1), 3);
            // null pointers, bad text, unknown grids and handles, cells and directions off the board
            assert_eq!(ludolog_board_grid(null()), -1);
            assert_eq!(ludolog_board_grid(c(b"\xff\xfe").as_ptr()), -1);
            assert_eq!(ludolog_board_grid(c(b"999 2").as_ptr()), -1);
            assert_eq!(ludolog_board_new(grid, null()), -1);
            assert_eq!(ludolog_board_new(0, c(b"e e e").as_ptr()), -1);
            assert_eq!(ludolog_board_new(grid, c(b"e e e e").as_ptr()), -1);
            assert_eq!(ludolog_board_set(b, 4, c(b"r").as_ptr()), -1);
            assert_eq!(ludolog_board_set(-7, 1, c(b"r").as_ptr()), -1);
            assert_eq!(ludolog_board_set(b, 1, null()), -1);
            assert_eq!(ludolog_board_set(i64::MAX, 1, c(b"r").as_ptr()), -1);
            assert_eq!(text(ludolog_board_cell(b, 0)), "x");
            assert_eq!(text(ludolog_board_cell(b, i64::MIN)), "x");
            assert_eq!(text(ludolog_board_ray(b, 1, 3)), "x");
            assert_eq!(text(ludolog_board_reach(b, 1, -1)), "x");
            assert_eq!(text(ludolog_board_reach_met(b, 1, -1)), "x");
            assert_eq!(text(ludolog_board_reach_met(-7, 1, 1)), "x");
            for bad in [
                "",
                "[",
                "[r-1-[e]",
                "[r- -1-[e]]",
                "[r-1-[e]],",
                "[r-x-[e]]",
                "['r s'-1-[]]",
                "[r-1-[e,]]",
            ] {
                let bad = c(bad.as_bytes());
                assert_eq!(ludolog_board_movers(bad.as_ptr()), -1);
            }
            assert_eq!(ludolog_board_movers(null()), -1);
            let ms = ludolog_board_movers(c(b"[r-1-[r],never-3-[],e-0-[]]").as_ptr());
            assert!(ms > 0);
            assert_eq!(
                ludolog_board_movers(c(b"[r-1-[r],never-3-[],e-0-[]]").as_ptr()),
                ms
            );
            for unknown in [0, -1, ms + 100_000] {
                assert_eq!(ludolog_board_reach_count(b, unknown), -1);
                assert_eq!(ludolog_board_nth_reach(b, unknown, 0), -1);
                assert_eq!(ludolog_board_reach_move(b, unknown, 1, 2), -1);
                assert_eq!(text(ludolog_board_reach_moves(b, unknown)), "x");
            }
            assert_eq!(ludolog_board_reach_count(b, ms), 1);
            assert_eq!(text(ludolog_board_reach_moves(b, ms)), "k\u{101}\u{102}");
            assert_eq!(ludolog_board_nth_reach(b, ms, 0), 256 + 2);
            assert_eq!(ludolog_board_nth_reach(b, ms, 1), 0, "past the last");
            assert_eq!(ludolog_board_nth_reach(b, ms, -1), -1);
            assert_eq!(text(ludolog_board_reach_moves(-3, ms)), "x");
            assert_eq!(ludolog_board_reach_move(b, ms, 1, 2), 1);
            assert_eq!(ludolog_board_reach_move(b, ms, 1, 3), 0);
            assert_eq!(ludolog_board_reach_move(b, ms, 2, 3), 0);
            assert_eq!(ludolog_board_reach_move(b, ms, 0, 1), -1);
            assert_eq!(ludolog_board_reach_move(b, ms, 9, 1), -1);
            // runs and sight on "r e e": lists of names and directions
            for bad in ["", "[[r]", "[[r],[1]]", "[[r],[x],[]]"] {
                let id = ludolog_board_lists(c(bad.as_bytes()).as_ptr());
                if id > 0 {
                    assert_eq!(ludolog_board_run_count(b, id), -1, "{bad}");
                }
            }
            let runs = ludolog_board_lists(c(b"[[r],[1,2],[e]]").as_ptr());
            assert!(runs > 0);
            assert_eq!(text(ludolog_board_run_moves(b, runs)), "k");
            assert_eq!(ludolog_board_run_count(b, runs), 0);
            let runs = ludolog_board_lists(c(b"[[r],[1,2],[]]").as_ptr());
            assert_eq!(text(ludolog_board_run_moves(b, runs)), "k\u{101}\u{102}");
            assert_eq!(ludolog_board_nth_run(b, runs, 0), 256 + 2);
            assert_eq!(ludolog_board_nth_run(b, runs, 1), 0, "past the last");
            assert_eq!(ludolog_board_run_count(b, 0), -1);
            assert_eq!(ludolog_board_run_count(-4, runs), -1);
            let bad_dir = ludolog_board_lists(c(b"[[r],[7],[]]").as_ptr());
            assert_eq!(ludolog_board_run_count(b, bad_dir), -1);
            let sight = ludolog_board_lists(c(b"[[r],[1],[e],[e,r]]").as_ptr());
            assert_eq!(text(ludolog_board_sight(b, sight)), "k\u{102}\u{103}");
            assert_eq!(text(ludolog_board_sight(b, runs)), "x");
            assert_eq!(ludolog_board_sight_count(b, sight), 2);
            assert_eq!(ludolog_board_nth_sight(b, sight, 1), 3);
            assert_eq!(ludolog_board_nth_sight(b, sight, 2), 0, "past the last");
            assert_eq!(ludolog_board_nth_sight(b, sight, -1), -1);
            assert_eq!(ludolog_board_sight_count(b, runs), -1);
            assert_eq!(ludolog_board_run_move(b, runs, 1, 2), 1);
            assert_eq!(ludolog_board_run_move(b, runs, 1, 3), 0);
            assert_eq!(ludolog_board_run_move(b, runs, 2, 3), 0, "no r on 2");
            assert_eq!(ludolog_board_run_move(b, runs, 0, 2), -1);
            assert_eq!(ludolog_board_run_move(b, runs, 99, 2), -1);
            assert_eq!(ludolog_board_run_move(b, bad_dir, 1, 2), -1);
            let dirs = ludolog_board_lists(c(b"[[1]]").as_ptr());
            assert_eq!(ludolog_board_line(b, 2, dirs), 2, "e e on 2 and 3");
            assert_eq!(ludolog_board_line(b, 9, dirs), -1);
            assert_eq!(ludolog_board_line(b, 1, sight), -1);
            // the moves of several kinds: the runs, then the sight, as one list
            let kinds =
                ludolog_board_lists(c(format!("[[1,{runs},2,{sight}]]").as_bytes()).as_ptr());
            assert_eq!(ludolog_board_kinds_count(b, kinds), 3);
            assert_eq!(ludolog_board_nth_kind(b, kinds, 0), 256 + 2);
            assert_eq!(ludolog_board_nth_kind(b, kinds, 2), 65536 + 3);
            assert_eq!(ludolog_board_nth_kind(b, kinds, 3), 0, "past the last");
            assert_eq!(ludolog_board_pick_kind(b, kinds, 5), 65536 + 3, "5 mod 3");
            assert_eq!(ludolog_board_pick_kind(b, kinds, -1), 65536 + 3, "-1 mod 3");
            let nothing = ludolog_board_lists(c(b"[[zz],[1],[e]]").as_ptr());
            let none = ludolog_board_lists(c(format!("[[1,{nothing}]]").as_bytes()).as_ptr());
            assert_eq!(ludolog_board_kinds_count(b, none), 0);
            assert_eq!(ludolog_board_pick_kind(b, none, 7), 0, "no move to pick");
            // runs piece by piece (kind 3): r runs right onto anything, and right
            // again onto r only (a capture), which the empty cell denies
            let piece_runs =
                ludolog_board_lists(c(b"[[r],[1],[],[0],[],[r],[1],[],[1],[r]]").as_ptr());
            let kinds3 = ludolog_board_lists(c(format!("[[3,{piece_runs}]]").as_bytes()).as_ptr());
            assert_eq!(ludolog_board_kinds_count(b, kinds3), 1);
            assert_eq!(ludolog_board_nth_kind(b, kinds3, 0), 256 + 2);
            for bad in ["[[r],[1],[],[2],[]]", "[[r],[1],[]]", "[[r],[9],[],[0],[]]"] {
                let runs = ludolog_board_lists(c(bad.as_bytes()).as_ptr());
                let id = ludolog_board_lists(c(format!("[[3,{runs}]]").as_bytes()).as_ptr());
                assert_eq!(ludolog_board_kinds_count(b, id), -1, "{bad}");
            }
            for bad in ["[[1]]", "[[9,1]]", "[[1,999999]]", "[[w]]"] {
                let id = ludolog_board_lists(c(bad.as_bytes()).as_ptr());
                assert_eq!(ludolog_board_kinds_count(b, id), -1, "{bad}");
            }
            assert_eq!(text(ludolog_board_group(b, 99)), "x");
            assert_eq!(text(ludolog_board_jumps(-1, 1)), "x");
            assert_eq!(text(ludolog_board_cells_of(b, null())), "x");
            assert_eq!(text(ludolog_board_cells_of(b, c(b"never").as_ptr())), "k");
            assert_eq!(ludolog_board_group_marks(b, 0), -1);
            assert_eq!(ludolog_board_count(b, null()), -1);
            assert_eq!(ludolog_board_owned(b), 1);
            assert_eq!(ludolog_board_owned(b + (1 << 32)), 0, "another table's");
            assert_eq!(ludolog_board_owned(0), 0);
            assert_eq!(
                ludolog_board_nth(b, c(b"e").as_ptr(), 5),
                0,
                "past the last"
            );
            assert_eq!(ludolog_board_nth(b, c(b"e").as_ptr(), -1), -1);
            let steps = ludolog_board_steps_id(c(b"[1-[e],2-[e,r]]").as_ptr());
            assert!(steps > 0);
            assert_eq!(
                text(ludolog_board_steps(b, c(b"r").as_ptr(), steps)),
                "k\u{101}\u{102}"
            );
            assert_eq!(ludolog_board_step_count(b, c(b"r").as_ptr(), steps), 1);
            assert_eq!(
                ludolog_board_nth_step(b, c(b"r").as_ptr(), steps, 0),
                256 + 2
            );
            assert_eq!(
                ludolog_board_nth_step(b, c(b"r").as_ptr(), steps, 1),
                0,
                "past the last"
            );
            assert_eq!(ludolog_board_steps_id(c(b"9 e").as_ptr()), -1);
            assert_eq!(ludolog_board_steps_id(c(b"x e").as_ptr()), -1);
            assert_eq!(ludolog_board_steps_id(null()), -1);
            assert_eq!(text(ludolog_board_steps(b, c(b"r").as_ptr(), 0)), "x");
            assert_eq!(ludolog_board_step_count(b, null(), steps), -1);
            let filled = ludolog_board_fill(
                b,
                c("\u{101}\u{103}".as_bytes()).as_ptr(),
                c(b"qq_fill").as_ptr(),
            );
            assert!(filled > 0);
            assert_eq!(
                text(ludolog_board_cells_of(filled, c(b"qq_fill").as_ptr())),
                "k\u{101}\u{103}"
            );
            assert_eq!(
                ludolog_board_fill(b, c("\u{1ff}".as_bytes()).as_ptr(), c(b"r").as_ptr()),
                -1,
                "off the board"
            );
            assert_eq!(
                ludolog_board_fill(b, c(b"a").as_ptr(), c(b"r").as_ptr()),
                -1,
                "not a cell"
            );
            assert_eq!(ludolog_board_fill(b, null(), c(b"r").as_ptr()), -1);
        }
    }
}
