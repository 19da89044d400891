//! The `extern "C"` functions behind stacks.pl's ring-and-ball turns
//! (`stack_turns/3`, `stack_turn_count/3`, `nth_stack_turn/4`), on a board held
//! by handle; results as in `board_calls`.

use super::board_calls::{number, numbers};
use super::board_movers::{names_of, numbers_of};
use super::board_stacks::{turn_numbers, Side, Top, Turns};
use super::board_table::{Refused, Table, View};

/// The side written in lists `id`: `[[Ring, Ball, TheirRing, TheirBall], [Place],
/// Frozen, Shielded, Dirs]`, letters one character each, Place 0 or 1.
fn side_of(id: i64) -> Result<Side, Refused> {
    let letters = names_of(id, 0)?
        .iter()
        .map(|n| match n.as_bytes() {
            // one letter (a digit is a number Prolog wrote: stacks.pl refuses it)
            [c] if *c != b'e' && !c.is_ascii_digit() => Ok(*c),
            _ => Err(Refused::Bad),
        })
        .collect::<Result<Vec<u8>, Refused>>()?;
    let [ring, ball, their_ring, their_ball] = letters[..] else {
        return Err(Refused::Bad);
    };
    let place = match numbers_of(id, 1)?[..] {
        [0] => false,
        [1] => true,
        _ => return Err(Refused::Bad),
    };
    let cells = |index| -> Result<Vec<usize>, Refused> {
        // a number that is no cell is on no cell: it changes nothing
        Ok(numbers_of(id, index)?
            .into_iter()
            .filter_map(|k| usize::try_from(k).ok())
            .collect())
    };
    let dirs = numbers_of(id, 4)?
        .into_iter()
        .map(|d| usize::try_from(d).map_err(|_| Refused::Bad))
        .collect::<Result<Vec<usize>, Refused>>()?;
    Ok(Side {
        ring,
        ball,
        their_ring,
        their_ball,
        place,
        frozen: cells(2)?,
        shielded: cells(3)?,
        dirs,
    })
}

/// Runs `f` on the turns of side `id` on board `view`.
fn with_turns<T>(
    view: &View<'_>,
    t: &Table,
    id: i64,
    f: impl FnOnce(&Turns<'_>) -> Result<T, Refused>,
) -> Result<T, Refused> {
    let side = side_of(id)?;
    let tops = view
        .cells
        .iter()
        .map(|&c| Top::of_name(t.name(c)))
        .collect();
    f(&Turns::new(view, &side, tops)?)
}

/// How many turns side `side` has on board `handle`.
#[no_mangle]
pub extern "C" fn ludolog_board_stack_count(handle: i64, side: i64) -> i64 {
    number(|t| {
        let view = t.view(handle)?;
        let n = with_turns(&view, t, side, |turns| turns.count())?;
        i64::try_from(n).map_err(|_| Refused::Bad)
    })
}

/// The `i`-th turn (from 0) of side `side` on board `handle`, as `turn_numbers`
/// gives it; no numbers when there are `i` or fewer.
#[no_mangle]
pub extern "C" fn ludolog_board_nth_stack(
    handle: i64,
    side: i64,
    i: i64,
) -> *const std::ffi::c_char {
    numbers(handle, |view, t| {
        let i = u64::try_from(i).map_err(|_| Refused::Bad)?;
        let turn = with_turns(view, t, side, |turns| turns.nth(i))?;
        Ok(turn.map_or_else(Vec::new, |turn| turn_numbers(&turn)))
    })
}

/// Every turn of side `side` on board `handle`, in order, each as its length
/// and then `turn_numbers`.
#[no_mangle]
pub extern "C" fn ludolog_board_stack_turns(handle: i64, side: i64) -> *const std::ffi::c_char {
    numbers(handle, |view, t| {
        let all = with_turns(view, t, side, |turns| turns.all())?;
        let mut out = Vec::new();
        for turn in &all {
            let ns = turn_numbers(turn);
            out.push(ns.len());
            out.extend(ns);
        }
        Ok(out)
    })
}

#[cfg(test)]
mod tests {
    use super::super::board_calls::{ludolog_board_grid, ludolog_board_new};
    use super::super::board_list_calls::ludolog_board_lists;
    use super::*;
    use std::ffi::{CStr, CString};

    fn text(ptr: *const std::ffi::c_char) -> String {
        // SAFETY: the functions return a pointer into the thread's result buffer
        unsafe { CStr::from_ptr(ptr) }
            .to_string_lossy()
            .into_owned()
    }

    fn c(s: &str) -> CString {
        CString::new(s).expect("no nul")
    }

    #[test]
    fn stack_turns_answer_and_refuse_without_panicking() {
        // three cells in a row, directions east and west
        let grid = ludolog_board_grid(c("3 2 0 0 0 2 0 3 1 0 2").as_ptr());
        assert!(grid > 0);
        let b = ludolog_board_new(grid, c("wW bB w").as_ptr());
        assert!(b > 0);
        let side = ludolog_board_lists(c("[[w,W,b,B],[0],[],[],[1,2]]").as_ptr());
        assert!(side > 0);
        // the ring on 3 may only move off it, and then nothing can land: no turn
        assert_eq!(ludolog_board_stack_count(b, side), 0);
        assert_eq!(
            text(ludolog_board_nth_stack(b, side, 0)),
            "k",
            "past the last"
        );
        let placing = ludolog_board_lists(c("[[w,W,b,B],[1],[],[],[1,2]]").as_ptr());
        // a ring on 3 (already a w ring: one more), then W vaults B onto 3: no
        // free b ring, so no relocation and no vault
        assert_eq!(ludolog_board_stack_count(b, placing), 0);
        for bad in [
            "[[w,W,b,W],[1],[],[],[1]]",
            "[[w,W,b],[1],[],[],[1]]",
            "[[w,W,b,B],[2],[],[],[1]]",
            "[[w,W,b,B],[1],[],[],[3]]",
            "[[ww,W,b,B],[1],[],[],[1]]",
            "[[e,W,b,B],[1],[],[],[1]]",
        ] {
            let id = ludolog_board_lists(c(bad).as_ptr());
            assert!(id > 0, "{bad}");
            assert_eq!(ludolog_board_stack_count(b, id), -1, "{bad}");
            assert_eq!(text(ludolog_board_stack_turns(b, id)), "x", "{bad}");
        }
        assert_eq!(ludolog_board_stack_count(b, 0), -1);
        assert_eq!(ludolog_board_stack_count(-3, side), -1);
        assert_eq!(text(ludolog_board_nth_stack(b, placing, -1)), "x");
    }

    #[test]
    fn a_step_onto_a_placed_ring_is_a_turn() {
        let grid = ludolog_board_grid(c("3 2 0 0 0 2 0 3 1 0 2").as_ptr());
        let b = ludolog_board_new(grid, c("wW e e").as_ptr());
        let side = ludolog_board_lists(c("[[w,W,b,B],[1],[],[],[1,2]]").as_ptr());
        assert_eq!(ludolog_board_stack_count(b, side), 1);
        // place on 2 (then 0), ball 1 to 2, no targets
        assert_eq!(
            text(ludolog_board_nth_stack(b, side, 0)),
            "k\u{101}\u{102}\u{100}\u{101}\u{102}"
        );
        assert_eq!(
            text(ludolog_board_stack_turns(b, side)),
            "k\u{105}\u{101}\u{102}\u{100}\u{101}\u{102}"
        );
    }
}
