//! The `extern "C"` functions behind rules/lib/board_accel.pl's queries that take
//! registered lists (see `board_movers`): runs, sight, moves of several kinds
//! together, and lines.  Results are written as in `board_calls`.

use super::board_calls::{number, numbers, text};
use super::board_lines::{Again, Run};
use super::board_movers::{codes_of, lists_len, numbers_of};
use super::board_table::{Refused, Table, View};
use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::c_char;
use std::rc::Rc;

/// The id of the turns written in `text` (see `board_turns`), -1 if malformed.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_turns(text_ptr: *const c_char) -> i64 {
    number(|_| super::board_turns::register(text(text_ptr).ok_or(Refused::Bad)?))
}

/// A random playout of board `handle` under turns `turns` (the player to move's
/// first), from `seed`, cut off after `max` plies: its plies times 256 plus how it
/// ended (0 going on, 1 a draw, 2 + i won by the player of the i-th turn).
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_playout(
    handle: i64,
    turns: i64,
    seed: i64,
    max: i64,
) -> i64 {
    use super::board_turns::{playout_on, Status};
    number(|t| {
        let (plies, status) = playout_on(t, handle, turns, seed, max)?;
        let code = match status {
            Status::Ongoing => 0,
            Status::Draw => 1,
            Status::Won(i) => 2 + i as i64,
        };
        i64::try_from(plies)
            .ok()
            .filter(|&p| p < 1 << 40 && code < 256)
            .map(|p| p * 256 + code)
            .ok_or(Refused::Bad)
    })
}

/// The moves of the first turn of the stack turns `turns` on board `handle`, as
/// numbers (see `board_stacks::move_numbers`).
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_stack_moves(
    handle: i64,
    turns: i64,
) -> *const c_char {
    numbers(handle, |v, t| {
        super::board_stacks::move_numbers(v, t, turns)
    })
}

/// How many moves the first turn of the stack turns `turns` has on board `handle`
/// (see `board_stacks::move_count`); -1 if refused, -2 if the board was dropped.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_stack_count(handle: i64, turns: i64) -> i64 {
    number(|t| {
        let t: &Table = t;
        let v = t.view(handle)?;
        let n = super::board_stacks::move_count(&v, t, turns)?;
        i64::try_from(n).map_err(|_| Refused::Bad)
    })
}

/// The id of the lists written in `text` (see `board_movers`), -1 if malformed.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_lists(text_ptr: *const c_char) -> i64 {
    number(|_| super::board_movers::register_lists(text(text_ptr).ok_or(Refused::Bad)?))
}

/// The empty cells within `max` steps of cell `k` of board `handle` and the
/// occupied cells met, passing over the cells holding the pieces of lists
/// `through` (one list): how many empty cells, then the empty cells, then the
/// cells met.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_reach_through(
    handle: i64,
    k: i64,
    max: i64,
    through: i64,
) -> *const c_char {
    numbers(handle, |v, t| {
        let (empties, met) = v.reach_through(k, max, &codes_of(t, through, 0)?)?;
        Ok(std::iter::once(empties.len())
            .chain(empties)
            .chain(met)
            .collect())
    })
}

/// The runs of board `handle` under lists `runs` (pieces, directions, pieces run
/// past): for each, the cell run from, then the cell run to.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_run_moves(handle: i64, runs: i64) -> *const c_char {
    numbers(handle, |v, t| {
        let (pieces, dirs, past) = (
            codes_of(t, runs, 0)?,
            numbers_of(runs, 1)?,
            codes_of(t, runs, 2)?,
        );
        Ok(v.run_moves(&pieces, &dirs, &past)?
            .into_iter()
            .flat_map(|(k, j)| [k, j])
            .collect())
    })
}

/// How many runs `ludolog_board_run_moves` gives.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_run_count(handle: i64, runs: i64) -> i64 {
    number(|t| {
        let (pieces, dirs, past) = (
            codes_of(t, runs, 0)?,
            numbers_of(runs, 1)?,
            codes_of(t, runs, 2)?,
        );
        Ok(t.view(handle)?.run_moves(&pieces, &dirs, &past)?.len() as i64)
    })
}

/// The `i`-th run (from 0) of `ludolog_board_run_moves` as `k * 256 + j`; 0 past the last.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_nth_run(handle: i64, runs: i64, i: i64) -> i64 {
    number(|t| {
        let (pieces, dirs, past) = (
            codes_of(t, runs, 0)?,
            numbers_of(runs, 1)?,
            codes_of(t, runs, 2)?,
        );
        let i = usize::try_from(i).map_err(|_| Refused::Bad)?;
        let all = t.view(handle)?.run_moves(&pieces, &dirs, &past)?;
        Ok(all.get(i).map_or(0, |(k, j)| (k * 256 + j) as i64))
    })
}

/// The cells seen on board `handle` under lists `sight` (pieces that see,
/// directions, what the sight passes, what is seen), ascending.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_sight(handle: i64, sight: i64) -> *const c_char {
    numbers(handle, |v, t| seen(v, t, sight))
}

/// Reads lists `sight` (pieces that see, directions, what the sight passes, what
/// is seen) and gives the cells seen on `v`, ascending.
fn seen(v: &View<'_>, t: &Table, sight: i64) -> Result<Vec<usize>, Refused> {
    v.sight(
        &codes_of(t, sight, 0)?,
        &numbers_of(sight, 1)?,
        &codes_of(t, sight, 2)?,
        &codes_of(t, sight, 3)?,
    )
}

/// How many cells `ludolog_board_sight` gives.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_sight_count(handle: i64, sight: i64) -> i64 {
    number(|t| Ok(seen(&t.view(handle)?, t, sight)?.len() as i64))
}

/// The `i`-th cell (from 0) `ludolog_board_sight` gives; 0 past the last.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_nth_sight(handle: i64, sight: i64, i: i64) -> i64 {
    number(|t| {
        let i = usize::try_from(i).map_err(|_| Refused::Bad)?;
        let all = seen(&t.view(handle)?, t, sight)?;
        Ok(all.get(i).map_or(0, |&k| k as i64))
    })
}

/// 1 if the piece on cell `k` runs to cell `j` under lists `runs` (see
/// `ludolog_board_run_moves`), else 0; -1 for refused arguments.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_run_move(
    handle: i64,
    runs: i64,
    k: i64,
    j: i64,
) -> i64 {
    number(|t| {
        let (pieces, dirs, past) = (
            codes_of(t, runs, 0)?,
            numbers_of(runs, 1)?,
            codes_of(t, runs, 2)?,
        );
        let yes = t.view(handle)?.run_move(k, j, &pieces, &dirs, &past)?;
        Ok(i64::from(yes))
    })
}

/// Runs decoded by lists id: how many names the table knew, and the runs.
type DecodedRuns = HashMap<i64, (usize, Rc<Vec<Run>>)>;

thread_local! {
    /// `runs_of`'s answers on this thread, with how many names its table knew then.
    static RUNS: RefCell<DecodedRuns> = RefCell::new(HashMap::new());
}

/// The runs of lists `id`, five lists each: the pieces, the directions, the
/// pieces run past, `[0]` (any end) or `[1]` (an end holding one of the next list),
/// and the pieces an end may hold (board.pl's `runs(Runs)` kind).  Decoded once
/// per thread while the table learns no new name, as a game asks every ply.
fn runs_of(t: &Table, id: i64) -> Result<Rc<Vec<Run>>, Refused> {
    let learned = t.name_count();
    if let Some(runs) = RUNS.with(|c| {
        c.borrow()
            .get(&id)
            .filter(|(n, _)| *n == learned)
            .map(|(_, runs)| Rc::clone(runs))
    }) {
        return Ok(runs);
    }
    let runs = Rc::new(decode_runs(t, id)?);
    RUNS.with(|c| c.borrow_mut().insert(id, (learned, Rc::clone(&runs))));
    Ok(runs)
}

/// The runs of lists `id` (see `runs_of`), decoded.
fn decode_runs(t: &Table, id: i64) -> Result<Vec<Run>, Refused> {
    let len = lists_len(id)?;
    if len % 5 != 0 {
        return Err(Refused::Bad);
    }
    (0..len / 5)
        .map(|r| {
            let i = r * 5;
            let onto = match numbers_of(id, i + 3)?.as_slice() {
                [0] => None,
                [1] => Some(codes_of(t, id, i + 4)?),
                _ => return Err(Refused::Bad),
            };
            Ok(Run {
                pieces: codes_of(t, id, i)?,
                dirs: numbers_of(id, i + 1)?,
                past: codes_of(t, id, i + 2)?,
                onto,
            })
        })
        .collect()
}

/// What the number of a run on (kind 4's `(k, j, l)`) adds to `(k << 16) + (j << 8) + l`.
const AGAIN: i64 = 1 << 24;

/// The moves of several kinds on board `handle`, in order: lists `kinds` holds one
/// list of numbers, a kind and a lists id for each (1: `ludolog_board_run_moves`'
/// runs, each `k * 256 + j`; 2: `ludolog_board_sight`'s cells, each
/// `65536 + k`; 3: `runs_of`'s runs piece by piece, as 1's; 4: a list of the ids of
/// two runs lists, then the pieces, takes and cells of `Again`: `runs_again`'s
/// moves, a first run as 1's, a run on `AGAIN + (k << 16) + (j << 8) + l`), so that
/// every move is one number above 0.  A board of more than 255 cells is refused (a run's number
/// would not hold its cells), and the pure definition answers.
fn kinds_moves(v: &View<'_>, t: &Table, kinds: i64) -> Result<Vec<i64>, Refused> {
    let pairs = numbers_of(kinds, 0)?;
    if pairs.len() % 2 != 0 || v.grid.n > 255 {
        return Err(Refused::Bad);
    }
    let mut out = Vec::new();
    for pair in pairs.chunks(2) {
        match (pair[0], pair[1]) {
            (1, runs) => out.extend(
                v.run_moves(
                    &codes_of(t, runs, 0)?,
                    &numbers_of(runs, 1)?,
                    &codes_of(t, runs, 2)?,
                )?
                .into_iter()
                .map(|(k, j)| (k * 256 + j) as i64),
            ),
            (2, sight) => out.extend(seen(v, t, sight)?.into_iter().map(|k| 65536 + k as i64)),
            (3, runs) => out.extend(
                v.piece_runs(&runs_of(t, runs)?)?
                    .into_iter()
                    .map(|(k, j)| (k * 256 + j) as i64),
            ),
            (4, again) => {
                let [first, second] = numbers_of(again, 0)?[..] else {
                    return Err(Refused::Bad);
                };
                let runs = runs_of(t, second)?;
                let again = Again {
                    pieces: &codes_of(t, again, 1)?,
                    runs: &runs,
                    takes: &codes_of(t, again, 2)?,
                    cells: &numbers_of(again, 3)?,
                };
                out.extend(v.runs_again(&runs_of(t, first)?, &again)?.into_iter().map(
                    |(k, j, l)| match l {
                        None => (k * 256 + j) as i64,
                        Some(l) => AGAIN + ((k << 16) + (j << 8) + l) as i64,
                    },
                ));
            }
            _ => return Err(Refused::Bad),
        }
    }
    Ok(out)
}

/// How many moves `kinds_moves` gives on board `handle`.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_kinds_count(handle: i64, kinds: i64) -> i64 {
    number(|t| Ok(kinds_moves(&t.view(handle)?, t, kinds)?.len() as i64))
}

/// The `i`-th move (from 0) `kinds_moves` gives on board `handle`; 0 past the last.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_nth_kind(handle: i64, kinds: i64, i: i64) -> i64 {
    number(|t| {
        let i = usize::try_from(i).map_err(|_| Refused::Bad)?;
        let all = kinds_moves(&t.view(handle)?, t, kinds)?;
        Ok(all.get(i).copied().unwrap_or(0))
    })
}

/// The `(r mod n)`-th of the `n` moves `kinds_moves` gives on board `handle` (a
/// random pick in one call); 0 when there is none.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_pick_kind(handle: i64, kinds: i64, r: i64) -> i64 {
    number(|t| {
        let all = kinds_moves(&t.view(handle)?, t, kinds)?;
        let n = i64::try_from(all.len()).map_err(|_| Refused::Bad)?;
        Ok(match n {
            0 => 0,
            n => all[r.rem_euclid(n) as usize],
        })
    })
}

/// The longest line through cell `k` of board `handle` along the directions of
/// lists `dirs` (one list) and their opposites; -1 for refused arguments.
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_board_line(handle: i64, k: i64, dirs: i64) -> i64 {
    number(|t| Ok(t.view(handle)?.line_at(k, &numbers_of(dirs, 0)?)? as i64))
}
