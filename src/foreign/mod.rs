//! The `extern "C"` functions behind the accelerated predicates of rules/lib/accel.pl.
//!
//! scryer's FFI finds them in the running executable (build.rs exports every
//! `ludolog_*` symbol).  Arguments are integers and C strings; a returned string
//! lives in a thread-local buffer until the next call.  No panic crosses this
//! boundary: every body runs under `catch_unwind`, and bad input gives -1 (or
//! the string "error") for the Prolog side to turn into an exception.
#![allow(unsafe_code)]

use crate::games::hex::{group_spans, spanning, Axis};
use std::cell::RefCell;
use std::ffi::{c_char, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

thread_local! {
    static RESULT: RefCell<CString> = RefCell::new(CString::default());
}

/// The bytes of a C string from Prolog, or `None` for a null pointer.
fn input<'a>(ptr: *const c_char) -> Option<&'a [u8]> {
    if ptr.is_null() {
        return None;
    }
    // SAFETY: scryer passes a valid NUL-terminated string that outlives the call.
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

/// Checks the board string and the size; gives (cells, cols, rows).
fn board_args(board: *const c_char, cols: i64, rows: i64) -> Option<(&'static [u8], usize, usize)> {
    let cells = input(board)?;
    let (c, r) = (usize::try_from(cols).ok()?, usize::try_from(rows).ok()?);
    (c >= 1 && r >= 1 && c.checked_mul(r)? == cells.len()).then_some((cells, c, r))
}

fn axis(code: i64) -> Option<Axis> {
    match code {
        0 => Some(Axis::Vertical),
        1 => Some(Axis::Horizontal),
        _ => None,
    }
}

fn guarded(f: impl FnOnce() -> Option<bool>) -> i64 {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Some(true)) => 1,
        Ok(Some(false)) => 0,
        _ => -1,
    }
}

/// The empty cells (`e`) of a board string with `cols` columns, as the text of
/// a Prolog list of C-R pairs, "[0-0,2-0]."; "error." for bad arguments.
#[no_mangle]
pub extern "C" fn ludolog_hex_empty_cells(board: *const c_char, cols: i64) -> *const c_char {
    let text = catch_unwind(AssertUnwindSafe(|| {
        let cells = input(board)?;
        let cols = usize::try_from(cols)
            .ok()
            .filter(|&c| c >= 1 && cells.len() % c == 0)?;
        let mut out = String::with_capacity(cells.len() * 6);
        out.push('[');
        for (i, _) in cells.iter().enumerate().filter(|(_, &b)| b == b'e') {
            if out.len() > 1 {
                out.push(',');
            }
            out.push_str(&format!("{}-{}", i % cols, i / cols));
        }
        out.push_str("].");
        Some(out)
    }));
    output(match text {
        Ok(Some(t)) => t,
        _ => "error.".to_string(),
    })
}

/// 1 if the group of the stone on `seed` touches both edges of `axis` (0 vertical,
/// 1 horizontal), 0 if not, -1 for bad arguments.
#[no_mangle]
pub extern "C" fn ludolog_hex_group_spans(
    board: *const c_char,
    cols: i64,
    rows: i64,
    seed: i64,
    axis_code: i64,
) -> i64 {
    guarded(|| {
        let (cells, c, r) = board_args(board, cols, rows)?;
        let seed = usize::try_from(seed).ok().filter(|&s| s < cells.len())?;
        Some(group_spans(cells, c, r, seed, axis(axis_code)?))
    })
}

/// 1 if some group of the stone with character code `stone` joins both edges of
/// `axis`, 0 if not, -1 for bad arguments.
#[no_mangle]
pub extern "C" fn ludolog_hex_spanning(
    board: *const c_char,
    cols: i64,
    rows: i64,
    stone: i64,
    axis_code: i64,
) -> i64 {
    guarded(|| {
        let (cells, c, r) = board_args(board, cols, rows)?;
        let stone = u8::try_from(stone).ok()?;
        Some(spanning(cells, c, r, stone, axis(axis_code)?))
    })
}

/// The native engine's best move for a position text of `game`, searched
/// `depth` plies deep: the move text, "none" when the game is over, or
/// "error: ..." for a bad game name or position.
#[no_mangle]
pub extern "C" fn ludolog_native_best(
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
        let spec = crate::games::EngineSpec::new(game, crate::game::GameOptions::default());
        let mut s = spec;
        s.tier = Some(crate::prolog::Tier::Native);
        let mut engine = s.open().map_err(|e| e.to_string())?;
        let limits = crate::search::Limits {
            depth: Some(depth),
            ..Default::default()
        };
        let best = engine
            .best(position, crate::game::SearchSpec::AlphaBeta(limits))
            .map_err(|e| e.to_string())?;
        Ok(best.mv.unwrap_or_else(|| "none".to_string()))
    }));
    output(match text {
        Ok(Ok(t)) => t,
        Ok(Err(e)) => format!("error: {e}"),
        Err(_) => "error: the native search failed".to_string(),
    })
}

/// The addresses of the exported functions, used so the linker keeps them.
pub fn exported_symbols() -> [(&'static str, usize); 4] {
    [
        (
            "ludolog_native_best",
            ludolog_native_best as *const () as usize,
        ),
        (
            "ludolog_hex_empty_cells",
            ludolog_hex_empty_cells as *const () as usize,
        ),
        (
            "ludolog_hex_group_spans",
            ludolog_hex_group_spans as *const () as usize,
        ),
        (
            "ludolog_hex_spanning",
            ludolog_hex_spanning as *const () as usize,
        ),
    ]
}
