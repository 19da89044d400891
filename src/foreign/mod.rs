//! The `extern "C"` functions behind the foreign predicates of rules/lib
//! (board_accel.pl, hexgrid_accel.pl, native.pl, repl.pl, repl_source.pl,
//! repl_tools.pl).
//!
//! scryer's FFI finds them in the running executable (build.rs exports every
//! `ludolog_*` symbol).  Arguments are integers and C strings; a returned string
//! lives in a thread-local buffer until the next call.  No panic crosses this
//! boundary: every body runs under `catch_unwind`, and bad input gives -1 (or
//! a string the Prolog side knows as an error) for it to turn into an exception.
//! Boards are passed by handle (see `boards`), not as text, so a call costs
//! next to nothing on the Prolog side.
#![allow(unsafe_code)]

mod board_calls;
mod board_flanks;
mod board_lines;
mod board_list_calls;
mod board_movers;
mod board_stacks;
mod board_table;
mod board_turns;
mod boards;
pub mod channel;
mod clock;
pub mod exit;
mod input;
pub mod memory;
mod mover;
mod ring;
mod sources;
mod step;
pub mod turn_game;

pub use input::{set_input_reader, Reader};
pub use sources::remember_rule_text;
pub use step::set_repl_step;

use crate::games::hex::{cells_distance, group_spans, spanning, Axis, MAX_SIDE};
use board_calls::{
    ludolog_board_cell, ludolog_board_cells_of, ludolog_board_count, ludolog_board_fill,
    ludolog_board_grid, ludolog_board_group, ludolog_board_group_marks, ludolog_board_jumps,
    ludolog_board_letters, ludolog_board_movers, ludolog_board_new, ludolog_board_nth,
    ludolog_board_nth_reach, ludolog_board_nth_step, ludolog_board_owned, ludolog_board_ray,
    ludolog_board_reach, ludolog_board_reach_count, ludolog_board_reach_met,
    ludolog_board_reach_move, ludolog_board_reach_moves, ludolog_board_set, ludolog_board_set_two,
    ludolog_board_step_count, ludolog_board_steps, ludolog_board_steps_id,
};
use board_flanks::{
    ludolog_board_flank_count, ludolog_board_flank_moves, ludolog_board_flanked,
    ludolog_board_nth_flank,
};
use board_list_calls::{
    ludolog_board_kinds_count, ludolog_board_line, ludolog_board_lists, ludolog_board_nth_kind,
    ludolog_board_nth_run, ludolog_board_nth_sight, ludolog_board_pick_kind, ludolog_board_playout,
    ludolog_board_reach_through, ludolog_board_run_count, ludolog_board_run_move,
    ludolog_board_run_moves, ludolog_board_sight, ludolog_board_sight_count,
    ludolog_board_stack_count, ludolog_board_stack_moves, ludolog_board_turns,
};
use boards::{with_table, BoardCopy};
use clock::ludolog_wall_ms;
use input::ludolog_repl_read;
use sources::ludolog_rule_term;
use std::cell::RefCell;
use std::ffi::{c_char, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use step::ludolog_repl_step;

thread_local! {
    static RESULT: RefCell<CString> = RefCell::new(CString::default());
}

/// The bytes of a C string from Prolog, or `None` for a null pointer.
///
/// # Safety
/// `ptr` is null or points to a NUL-terminated string that stays valid and
/// unchanged for `'a`: a `cstr` argument of the foreign function being called,
/// used only during that call.
unsafe fn input<'a>(ptr: *const c_char) -> Option<&'a [u8]> {
    if ptr.is_null() {
        return None;
    }
    // SAFETY: the caller's contract.  scryer passes a valid NUL-terminated string
    // that outlives the call when the Prolog side gives text (an atom or a list of
    // characters).  Given an integer, scryer passes it as an address: every
    // predicate of rules/lib that makes a foreign call with a text argument accepts
    // text only there (protocol:foreign_text/1; a name is at least an atom), and
    // tests/escapes/549-554 try the integers.
    Some(unsafe { CStr::from_ptr(ptr) }.to_bytes())
}

/// Stores `text` in the result buffer and returns a pointer to it.
fn output(text: String) -> *const c_char {
    let c = CString::new(text).unwrap_or_default();
    RESULT.with(|r| {
        *r.borrow_mut() = c;
        r.borrow().as_ptr()
    })
}

fn axis(code: i64) -> Option<Axis> {
    match code {
        0 => Some(Axis::Vertical),
        1 => Some(Axis::Horizontal),
        _ => None,
    }
}

/// Runs `f` without letting a panic out: `None` (bad arguments) or a panic give -1.
fn guarded(f: impl FnOnce() -> Option<i64>) -> i64 {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Some(v)) => v,
        _ => -1,
    }
}

/// What a function gives for a handle the table has dropped.
const DROPPED: i64 = -2;

/// A native copy of the board whose cells, row by row, are the bytes of
/// `cells` (`cols` x `rows`, each 1 to 26): its handle, or -1 for bad arguments.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_hex_board_new(
    cells: *const c_char,
    cols: i64,
    rows: i64,
) -> i64 {
    guarded(|| {
        let cells = input(cells)?;
        let side = |v: i64| {
            usize::try_from(v)
                .ok()
                .filter(|v| (1..=MAX_SIDE).contains(v))
        };
        let (c, r) = (side(cols)?, side(rows)?);
        (c * r == cells.len()).then(|| with_table(|t| t.insert(c, r, cells) as i64))
    })
}

/// A copy of board `handle` with the character `code` on cell `index` (row by
/// row from 0): the new handle, -2 if `handle` was dropped, -1 for bad arguments.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_hex_board_set(handle: i64, index: i64, code: i64) -> i64 {
    guarded(|| {
        let index = usize::try_from(index).ok()?;
        let byte = u8::try_from(code).ok().filter(|&b| b != 0)?;
        match with_table(|t| t.set(handle, index, byte)) {
            Ok(Some(h)) => Some(h as i64),
            Ok(None) => Some(DROPPED),
            Err(()) => None,
        }
    })
}

/// A copy of board `handle` with the stone of character code `code` on cell
/// (`c`, `r`), and whether that stone's group touches both edges of `axis`:
/// the new handle times 2, plus 1 if it does; -2 if `handle` was dropped, -1
/// for bad arguments.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_hex_board_place(
    handle: i64,
    c: i64,
    r: i64,
    code: i64,
    axis_code: i64,
) -> i64 {
    guarded(|| {
        let (c, r) = (usize::try_from(c).ok()?, usize::try_from(r).ok()?);
        let byte = u8::try_from(code).ok().filter(|&b| b != 0)?;
        let axis = axis(axis_code)?;
        with_table(|t| {
            let cols = t.get(handle).map(|b| b.shape.cols);
            let Some(cols) = cols else {
                return Some(DROPPED);
            };
            if c >= cols {
                return None;
            }
            let seed = r * cols + c;
            let h1 = t.set(handle, seed, byte).ok()??;
            let b = t.get(h1 as i64)?;
            let spans = group_spans(&b.cells, b.shape.cols, b.shape.rows, seed, axis);
            Some(h1 as i64 * 2 + i64::from(spans))
        })
    })
}

/// The empty cells (`e`) of board `handle` as letters (a = 0): "k", then for
/// each row with empty cells the row's letter, its empty columns' letters and
/// "/" ("kaac/" : a1 and c1 on row a); "s" if `handle` was dropped.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_hex_board_empties(handle: i64) -> *const c_char {
    let text = catch_unwind(AssertUnwindSafe(|| {
        with_table(|t| match t.get(handle) {
            None => "s".to_string(),
            Some(b) => {
                let mut out = String::with_capacity(1 + 2 * b.cells.len());
                out.push('k');
                for (r, row) in b.cells.chunks(b.shape.cols).enumerate() {
                    if row.contains(&b'e') {
                        out.push((b'a' + r as u8) as char);
                        for (c, _) in row.iter().enumerate().filter(|(_, &x)| x == b'e') {
                            out.push((b'a' + c as u8) as char);
                        }
                        out.push('/');
                    }
                }
                out
            }
        })
    }));
    output(text.unwrap_or_else(|_| "x".to_string()))
}

/// Runs `f` on board `handle`: its result, -2 if the handle was dropped, -1 for
/// bad arguments (`f` gives `None`).
fn on_board(handle: i64, f: impl FnOnce(&BoardCopy) -> Option<i64>) -> i64 {
    guarded(|| with_table(|t| t.get(handle).map_or(Some(DROPPED), f)))
}

/// 1 if the group of the stone on cell `seed` of board `handle` touches both
/// edges of `axis` (0 vertical, 1 horizontal), else 0; -2 dropped, -1 bad arguments.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_hex_board_group_spans(
    handle: i64,
    seed: i64,
    axis_code: i64,
) -> i64 {
    on_board(handle, |b| {
        let seed = usize::try_from(seed).ok().filter(|&s| s < b.cells.len())?;
        Some(i64::from(group_spans(
            &b.cells,
            b.shape.cols,
            b.shape.rows,
            seed,
            axis(axis_code)?,
        )))
    })
}

/// 1 if some group of the stone with character code `stone` on board `handle`
/// joins both edges of `axis`, else 0; -2 dropped, -1 bad arguments.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_hex_board_spanning(
    handle: i64,
    stone: i64,
    axis_code: i64,
) -> i64 {
    on_board(handle, |b| {
        let stone = u8::try_from(stone).ok()?;
        Some(i64::from(spanning(
            &b.cells,
            b.shape.cols,
            b.shape.rows,
            stone,
            axis(axis_code)?,
        )))
    })
}

/// hexgrid:distance/6 on board `handle`: the empty cells `stone` must still fill
/// to join the edges of `axis`, never through `other`; 1000 if it cannot;
/// -2 dropped, -1 bad arguments.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_hex_board_distance(
    handle: i64,
    stone: i64,
    other: i64,
    axis_code: i64,
) -> i64 {
    on_board(handle, |b| {
        let (stone, other) = (u8::try_from(stone).ok()?, u8::try_from(other).ok()?);
        let d = cells_distance(
            &b.cells,
            b.shape.cols,
            b.shape.rows,
            stone,
            other,
            axis(axis_code)?,
        );
        Some(i64::from(d))
    })
}

/// How many cells of board `handle` are empty; -2 dropped.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_hex_board_empty_count(handle: i64) -> i64 {
    on_board(handle, |b| {
        Some(b.cells.iter().filter(|&&x| x == b'e').count() as i64)
    })
}

/// The `k`-th empty cell of board `handle` (from 0, row by row) as `c + 256 * r`;
/// -2 dropped, -1 when there are not that many empty cells.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_hex_board_nth_empty(handle: i64, k: i64) -> i64 {
    on_board(handle, |b| {
        let k = usize::try_from(k).ok()?;
        let i = b
            .cells
            .iter()
            .enumerate()
            .filter(|(_, &x)| x == b'e')
            .nth(k)?
            .0;
        Some((i % b.shape.cols + 256 * (i / b.shape.cols)) as i64)
    })
}

/// The native engine's best move for a position text of `game`, searched
/// `depth` plies deep: the move text, "none" when the game is over, or
/// "error: ..." for a bad game name or position.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_native_best(
    game: *const c_char,
    position: *const c_char,
    depth: i64,
) -> *const c_char {
    let text = catch_unwind(AssertUnwindSafe(|| -> Result<String, String> {
        let game =
            std::str::from_utf8(input(game).ok_or("no game name")?).map_err(|e| e.to_string())?;
        let position = std::str::from_utf8(input(position).ok_or("no position")?)
            .map_err(|e| e.to_string())?;
        let depth = u32::try_from(depth)
            .ok()
            .filter(|d| (1..=64).contains(d))
            .ok_or("depth must be 1 to 64")?;
        let d = crate::games::find(game).ok_or_else(|| format!("no built-in game {game}"))?;
        let open = d
            .native
            .ok_or_else(|| format!("{game} has no native engine"))?;
        let values = d
            .values(&crate::game::GameOptions::default())
            .map_err(|e| e.to_string())?;
        let mut engine = open(&values).map_err(|e| e.to_string())?;
        let pos = engine.parse(position).map_err(|e| e.to_string())?;
        let limits = crate::game::Limits::depth(depth);
        let best = engine
            .best(pos, crate::game::SearchSpec::AlphaBeta(limits))
            .map_err(|e| e.to_string())?;
        Ok(best.mv.unwrap_or_else(|| "none".to_string()))
    }));
    output(match text {
        Ok(Ok(t)) => t,
        Ok(Err(e)) => format!("error: {e}"),
        Err(_) => "error: the native search failed".to_string(),
    })
}

/// The C type of a type in the declaration of the foreign functions.
macro_rules! c_type {
    (i64) => { i64 };
    (cstr) => { *const c_char };
}

/// `[(name, address)]` of every function of a foreign table, each cast to the type
/// its declaration says (a function whose signature differs does not compile).
macro_rules! symbols_of {
    ($($lib:ident: [$($f:ident($($arg:ident),*) -> $ret:ident),* $(,)?]),* $(,)?) => {
        vec![$($(
            (stringify!($f), ($f as unsafe extern "C" fn($(c_type!($arg)),*) -> c_type!($ret)) as usize)
        ),*),*]
    };
}

/// The names and addresses of the foreign functions (the one declaration in
/// `prolog::foreign_table`), used so that the linker keeps them.
pub(crate) fn exported_symbols() -> Vec<(&'static str, usize)> {
    crate::prolog::foreign_table::with_foreign_table!(symbols_of)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_foreign_function_written_is_declared_once() {
        let sources = [
            include_str!("board_calls.rs"),
            include_str!("board_flanks.rs"),
            include_str!("board_list_calls.rs"),
            include_str!("clock.rs"),
            include_str!("input.rs"),
            include_str!("mod.rs"),
            include_str!("sources.rs"),
            include_str!("step.rs"),
        ];
        let mut written: Vec<&str> = sources
            .iter()
            .flat_map(|s| s.split("extern \"C\" fn ").skip(1))
            .filter_map(|rest| rest.split('(').next())
            .filter(|name| name.starts_with("ludolog_"))
            .collect();
        written.sort();
        let mut declared: Vec<&str> = exported_symbols().iter().map(|(n, _)| *n).collect();
        declared.sort();
        assert_eq!(written, declared);
    }

    fn text(ptr: *const c_char) -> String {
        // SAFETY: the functions return a pointer into the thread's result buffer
        unsafe { CStr::from_ptr(ptr) }
            .to_string_lossy()
            .into_owned()
    }

    #[test]
    fn boards_by_handle_answer_and_refuse_bad_input() {
        // SAFETY: every text argument is a C string of this test, alive for the call
        unsafe {
            let cells = CString::new("eeeeeeeee").unwrap();
            let h = ludolog_hex_board_new(cells.as_ptr(), 3, 3);
            assert!(h > 0);
            assert_eq!(text(ludolog_hex_board_empties(h)), "kaabc/babc/cabc/");
            // red on b1, b2, b3: joins top and bottom
            let mut b = h;
            for r in 0..3 {
                let v = ludolog_hex_board_place(b, 1, r, i64::from(b'r'), 0);
                assert!(v > 0);
                b = v / 2;
                assert_eq!(v % 2, i64::from(r == 2), "row {r}");
            }
            assert_eq!(text(ludolog_hex_board_empties(b)), "kaac/bac/cac/");
            assert_eq!(ludolog_hex_board_empty_count(b), 6);
            assert_eq!(ludolog_hex_board_nth_empty(b, 0), 0);
            assert_eq!(ludolog_hex_board_nth_empty(b, 3), 2 + 256);
            assert_eq!(ludolog_hex_board_nth_empty(b, 6), -1);
            assert_eq!(ludolog_hex_board_nth_empty(-9, 0), -2);
            assert_eq!(ludolog_hex_board_spanning(b, i64::from(b'r'), 0), 1);
            assert_eq!(ludolog_hex_board_spanning(b, i64::from(b'r'), 1), 0);
            assert_eq!(ludolog_hex_board_group_spans(b, 4, 0), 1);
            assert_eq!(
                ludolog_hex_board_distance(h, i64::from(b'r'), i64::from(b'b'), 0),
                3
            );
            assert_eq!(
                ludolog_hex_board_distance(b, i64::from(b'b'), i64::from(b'r'), 1),
                1000
            );
            // bad arguments: -1; a handle never given: -2 (or "s")
            assert_eq!(ludolog_hex_board_new(std::ptr::null(), 3, 3), -1);
            assert_eq!(ludolog_hex_board_new(cells.as_ptr(), 2, 3), -1);
            assert_eq!(ludolog_hex_board_new(cells.as_ptr(), 0, 9), -1);
            assert_eq!(ludolog_hex_board_set(h, 9, i64::from(b'r')), -1);
            assert_eq!(ludolog_hex_board_set(h, 0, 0), -1);
            assert_eq!(ludolog_hex_board_place(h, 3, 0, i64::from(b'r'), 0), -1);
            assert_eq!(ludolog_hex_board_place(h, 0, 0, i64::from(b'r'), 7), -1);
            assert_eq!(ludolog_hex_board_group_spans(h, 99, 0), -1);
            assert_eq!(ludolog_hex_board_set(-4, 0, i64::from(b'r')), -2);
            assert_eq!(ludolog_hex_board_group_spans(i64::MAX, 0, 0), -2);
            assert_eq!(text(ludolog_hex_board_empties(0)), "s");
        }
    }
}
