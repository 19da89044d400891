//! Turns of stacks of pieces (rules/lib/board_stacks.pl) played in whole random games
//! on the host: a cell holds the characters of its pieces, bottom first; the kinds
//! are stack, lift, hop and then, the ends gather, filled, stuck and lose.
//!
//! A list of such turns is registered by its text as board_accel.pl writes it (the
//! words of `board_turns`, with these kinds and ends):
//! `stack X Max N T1..TN`, `lift X N T1..TN`, `hop X N Onto.. N Over.. N Opts..`
//! (each option `still M`, `guard Y M` or `relocate Y N T1..TN`), `then N Kinds.. N
//! Kinds..`; ends `gather X M`, `filled M N T1..TN`, `stuck`, `lose End`.  A playout
//! makes the moves board_stacks.pl and board_hops.pl list, in their order, picked with
//! protocol.pl's random numbers, so the host and the pure definition play the same
//! game.  A list of kinds with two of one shape, a then inside a then, or a hop with
//! two `still` or two guards of one piece is refused (the pure definition plays it).

use super::board_table::{Grid, Refused, Table, View};
use super::board_turns::{lcg_next, words, Status, Words};
use std::sync::Mutex;

/// The ids of stack turns start here (those below are `board_turns`' own).
pub const FIRST_ID: i64 = 1 << 20;

/// At most this many distinct lists of stack turns.
const MAX_TURNS: usize = 4096;

/// The most moves the host lists for one position: a longer listing (relocations on
/// a large board grow as binomials) is refused, and the pure definition, which the
/// time limit and Ctrl-C reach, lists it.
const MAX_MOVES: usize = 1 << 16;

/// An empty cell's top, and the name of an empty cell.
const EMPTY: u8 = b'e';

/// A hop: the piece, the tops it may land on and hop over, and its options.
#[derive(Debug, Clone, PartialEq)]
struct Hop {
    x: u8,
    onto: Vec<u8>,
    over: Vec<u8>,
    /// A piece on a cell with one of these marks never moves.
    still: i64,
    /// A line holding this piece on a cell with one of these marks cannot be hopped.
    guards: Vec<(u8, i64)>,
    /// The hopped pieces that are relocated, and the tops they may go onto.
    relocate: Option<(u8, Vec<u8>)>,
}

/// What a player may do.
#[derive(Debug, Clone, PartialEq)]
enum Kind {
    Stack { x: u8, max: usize, onto: Vec<u8> },
    Lift { x: u8, onto: Vec<u8> },
    Hop(Hop),
    Then(Vec<Kind>, Vec<Kind>),
}

/// What a move ends the game with.
#[derive(Debug, Clone, PartialEq)]
enum End {
    Gather(u8, i64),
    Filled(i64, Vec<u8>),
    Stuck,
    Lose(Box<End>),
}

/// A turn of stacks.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct StackTurn {
    kinds: Vec<Kind>,
    ends: Vec<End>,
}

/// One step of a move, with the pieces it moves.
#[derive(Debug, Clone, PartialEq)]
enum Step {
    Stack(usize, u8),
    Lift(usize, usize),
    Hop {
        k: usize,
        j: usize,
        /// The hopped cells whose piece `y` is relocated onto the cells `ts`.
        vs: Vec<usize>,
        ts: Vec<usize>,
        y: u8,
    },
}

/// A move: its steps (two for a then).
type Move = Vec<Step>;

/// The registered lists, id `FIRST_ID + i` at index `i`.
static TURNS: Mutex<Vec<Vec<StackTurn>>> = Mutex::new(Vec::new());

/// The id of the stack turns written in `text`: the same id for the same turns.
pub fn register(text: &str) -> Result<i64, Refused> {
    let all = words(text)?;
    let mut w = Words { words: all.iter() };
    let mut turns = Vec::new();
    while w.words.clone().next().is_some() {
        if w.word()? != "turn" {
            return Err(Refused::Bad);
        }
        w.name()?;
        let kinds = kinds(&mut w)?;
        let ends = w.counted(end)?;
        turns.push(StackTurn { kinds, ends });
    }
    if turns.is_empty() {
        return Err(Refused::Bad);
    }
    let mut kept = TURNS.lock().map_err(|_| Refused::Bad)?;
    if let Some(i) = kept.iter().position(|k| *k == turns) {
        return Ok(FIRST_ID + i as i64);
    }
    if kept.len() >= MAX_TURNS {
        return Err(Refused::Bad);
    }
    kept.push(turns);
    Ok(FIRST_ID + kept.len() as i64 - 1)
}

/// A piece: a name of one character other than `e`.
fn piece(w: &mut Words<'_>) -> Result<u8, Refused> {
    match w.name()?.as_bytes() {
        &[c] if c != EMPTY => Ok(c),
        _ => Err(Refused::Bad),
    }
}

/// A top: a piece, or `e` for an empty cell.
fn top(w: &mut Words<'_>) -> Result<u8, Refused> {
    match w.name()?.as_bytes() {
        &[c] => Ok(c),
        _ => Err(Refused::Bad),
    }
}

/// A mask of marks.
fn mask(w: &mut Words<'_>) -> Result<i64, Refused> {
    w.word()?.parse().map_err(|_| Refused::Bad)
}

/// One kind of move.
fn kind(w: &mut Words<'_>) -> Result<Kind, Refused> {
    Ok(match w.word()? {
        "stack" => Kind::Stack {
            x: piece(w)?,
            max: w.number()?,
            onto: w.counted(top)?,
        },
        "lift" => Kind::Lift {
            x: piece(w)?,
            onto: w.counted(top)?,
        },
        "hop" => {
            let mut hop = Hop {
                x: piece(w)?,
                onto: w.counted(top)?,
                over: w.counted(top)?,
                still: 0,
                guards: Vec::new(),
                relocate: None,
            };
            let mut stills = 0;
            for _ in 0..w.number()? {
                match w.word()? {
                    "still" if stills == 0 => {
                        stills += 1;
                        hop.still = mask(w)?
                    }
                    "guard" => {
                        let (y, m) = (piece(w)?, mask(w)?);
                        if hop.guards.iter().any(|&(g, _)| g == y) {
                            return Err(Refused::Bad);
                        }
                        hop.guards.push((y, m))
                    }
                    "relocate" if hop.relocate.is_none() => {
                        hop.relocate = Some((piece(w)?, w.counted(top)?))
                    }
                    _ => return Err(Refused::Bad),
                }
            }
            Kind::Hop(hop)
        }
        "then" => {
            let (a, b) = (kinds(w)?, kinds(w)?);
            if a.iter().chain(&b).any(|k| matches!(k, Kind::Then(..))) {
                return Err(Refused::Bad);
            }
            Kind::Then(a, b)
        }
        _ => return Err(Refused::Bad),
    })
}

/// A counted list of kinds, at most one of each shape (a move names its cells, not
/// the kind it is of).
fn kinds(w: &mut Words<'_>) -> Result<Vec<Kind>, Refused> {
    let ks = w.counted(kind)?;
    let shape = |k: &Kind| std::mem::discriminant(k);
    for (i, k) in ks.iter().enumerate() {
        if ks[..i].iter().any(|j| shape(j) == shape(k)) {
            return Err(Refused::Bad);
        }
    }
    Ok(ks)
}

/// One end.
fn end(w: &mut Words<'_>) -> Result<End, Refused> {
    Ok(match w.word()? {
        "gather" => End::Gather(piece(w)?, mask(w)?),
        "filled" => End::Filled(mask(w)?, w.counted(top)?),
        "stuck" => End::Stuck,
        "lose" => match end(w)? {
            End::Lose(_) => return Err(Refused::Bad),
            e => End::Lose(Box::new(e)),
        },
        _ => return Err(Refused::Bad),
    })
}

/// The stack turns registered as `id`.
fn turns_of(id: i64) -> Result<Vec<StackTurn>, Refused> {
    let i = usize::try_from(id - FIRST_ID).map_err(|_| Refused::Bad)?;
    TURNS
        .lock()
        .map_err(|_| Refused::Bad)?
        .get(i)
        .cloned()
        .ok_or(Refused::Bad)
}

/// The stacks of a board: each cell's name as its pieces, bottom first.
fn stacks(v: &View<'_>, t: &Table) -> Vec<Vec<u8>> {
    v.cells
        .iter()
        .map(|&code| match t.name(code).as_bytes() {
            [EMPTY] => Vec::new(),
            name => name.to_vec(),
        })
        .collect()
}

/// A random playout of board `handle` under the stack turns `id`.
pub fn playout_on(
    t: &mut Table,
    handle: i64,
    id: i64,
    seed: i64,
    max: i64,
) -> Result<(u64, Status), Refused> {
    let turns = turns_of(id)?;
    let v = t.view(handle)?;
    let mut cells = stacks(&v, t);
    playout(v.grid, &mut cells, &turns, seed, max)
}

/// The moves of the first turn of the stack turns `id` on board `v`, as numbers
/// board_accel.pl reads back into board_stacks.pl's terms: each step `1 K` (a
/// stack), `2 K J` (a lift) or `3 K J N T1..TN` (a hop and its targets), a move of
/// two steps (a then) led by 4.
pub fn move_numbers(v: &View<'_>, t: &Table, id: i64) -> Result<Vec<usize>, Refused> {
    let moves = first_turn_moves(v, t, id)?;
    let mut out = Vec::new();
    for m in moves {
        if m.len() == 2 {
            out.push(4);
        }
        for step in m {
            match step {
                Step::Stack(k, _) => out.extend([1, k]),
                Step::Lift(k, j) => out.extend([2, k, j]),
                Step::Hop { k, j, ts, .. } => {
                    out.extend([3, k, j, ts.len()]);
                    out.extend(ts);
                }
            }
        }
    }
    Ok(out)
}

/// How many moves the first turn of the stack turns `id` has on board `v` (the
/// `stuck` end asks it after every move: listing them for Prolog cost far more).
pub fn move_count(v: &View<'_>, t: &Table, id: i64) -> Result<usize, Refused> {
    Ok(first_turn_moves(v, t, id)?.len())
}

/// The moves of the first turn of the stack turns `id` on board `v`; refused at
/// `MAX_MOVES` moves or more (the listing stops there: the pure definition lists and
/// counts them all).
fn first_turn_moves(v: &View<'_>, t: &Table, id: i64) -> Result<Vec<Move>, Refused> {
    let turns = turns_of(id)?;
    let turn = turns.first().ok_or(Refused::Bad)?;
    let cells = stacks(v, t);
    let mut moves = Vec::new();
    kinds_moves(v.grid, &cells, &turn.kinds, &mut moves);
    if moves.len() >= MAX_MOVES {
        return Err(Refused::Bad);
    }
    Ok(moves)
}

/// Plays from `cells` until an end holds, no move is left, or `max` plies; refused
/// at a position with `MAX_MOVES` moves or more.
fn playout(
    g: &Grid,
    cells: &mut [Vec<u8>],
    turns: &[StackTurn],
    mut seed: i64,
    max: i64,
) -> Result<(u64, Status), Refused> {
    let (mut plies, mut at) = (0u64, 0usize);
    let mut moves = Vec::new();
    loop {
        if plies as i64 >= max {
            return Ok((plies, Status::Ongoing));
        }
        let turn = &turns[at];
        moves.clear();
        kinds_moves(g, cells, &turn.kinds, &mut moves);
        if moves.len() >= MAX_MOVES {
            return Err(Refused::Bad);
        }
        if moves.is_empty() {
            return Ok((plies, Status::Ongoing));
        }
        seed = lcg_next(seed);
        let m = &moves[((seed >> 8) as usize) % moves.len()];
        for step in m {
            make(cells, step);
        }
        plies += 1;
        let next = (at + 1) % turns.len();
        match turn.ends.iter().find(|e| holds(g, cells, e, &turns[next])) {
            None => at = next,
            Some(End::Lose(_)) => return Ok((plies, Status::Won(next))),
            Some(_) => return Ok((plies, Status::Won(at))),
        }
    }
}

/// The top of a stack, `e` for none.
fn top_of(s: &[u8]) -> u8 {
    s.last().copied().unwrap_or(EMPTY)
}

/// Makes one step.
fn make(cells: &mut [Vec<u8>], step: &Step) {
    match step {
        Step::Stack(k, x) => cells[k - 1].push(*x),
        Step::Lift(k, j) => {
            if let Some(x) = cells[k - 1].pop() {
                cells[j - 1].push(x);
            }
        }
        Step::Hop { k, j, vs, ts, y } => {
            if let Some(x) = cells[k - 1].pop() {
                cells[j - 1].push(x);
            }
            for v in vs {
                cells[v - 1].pop();
            }
            for t in ts {
                cells[t - 1].push(*y);
            }
        }
    }
}

/// The moves of each kind, kind by kind, in board_stacks.pl's and board_hops.pl's order.
fn kinds_moves(g: &Grid, cells: &[Vec<u8>], kinds: &[Kind], out: &mut Vec<Move>) {
    for kind in kinds {
        kind_moves(g, cells, kind, out);
    }
}

/// The moves of one kind.
fn kind_moves(g: &Grid, cells: &[Vec<u8>], kind: &Kind, out: &mut Vec<Move>) {
    let topped = |k: usize, tops: &[u8]| tops.contains(&top_of(&cells[k - 1]));
    match kind {
        Kind::Stack { x, max, onto } => {
            let n: usize = cells
                .iter()
                .map(|s| s.iter().filter(|&c| c == x).count())
                .sum();
            if n < *max {
                out.extend(
                    (1..=g.n)
                        .filter(|&k| topped(k, onto))
                        .map(|k| vec![Step::Stack(k, *x)]),
                );
            }
        }
        Kind::Lift { x, onto } => {
            for k in (1..=g.n).filter(|&k| top_of(&cells[k - 1]) == *x) {
                out.extend(
                    (1..=g.n)
                        .filter(|&j| j != k && topped(j, onto))
                        .map(|j| vec![Step::Lift(k, j)]),
                );
            }
        }
        Kind::Hop(hop) => hops(g, cells, hop, out),
        Kind::Then(a, b) => {
            let mut firsts = Vec::new();
            kinds_moves(g, cells, a, &mut firsts);
            let mut after = cells.to_vec();
            let mut seconds = Vec::new();
            for first in firsts {
                after.clone_from_slice(cells);
                for step in &first {
                    make(&mut after, step);
                }
                if out.len() >= MAX_MOVES {
                    return;
                }
                seconds.clear();
                kinds_moves(g, &after, b, &mut seconds);
                for second in seconds.drain(..) {
                    let mut m = first.clone();
                    m.extend(second);
                    out.push(m);
                }
            }
        }
    }
}

/// The hops: each cell topped by the piece that may move, ascending, each direction
/// in order, each landing topped by one of `onto`, each set of relocation targets.
fn hops(g: &Grid, cells: &[Vec<u8>], hop: &Hop, out: &mut Vec<Move>) {
    for k in 1..=g.n {
        if top_of(&cells[k - 1]) != hop.x || g.mark(k) & hop.still != 0 {
            continue;
        }
        for d in 1..=g.dirs {
            let Some((j, vs)) = line(g, cells, hop, k, d) else {
                continue;
            };
            if !hop.onto.contains(&top_of(&cells[j - 1])) {
                continue;
            }
            match &hop.relocate {
                Some((y, onto_y)) if !vs.is_empty() => {
                    relocations(g, cells, hop.x, k, j, &vs, *y, onto_y, out)
                }
                _ => out.push(vec![Step::Hop {
                    k,
                    j,
                    vs: Vec::new(),
                    ts: Vec::new(),
                    y: EMPTY,
                }]),
            }
        }
    }
}

/// The line from `k` along `d`: the landing (the neighbour, or the first cell after
/// the cells topped by `over` that start there) and the hopped cells whose piece is
/// relocated; none off the board or at a guarded piece.
fn line(g: &Grid, cells: &[Vec<u8>], hop: &Hop, k: usize, d: usize) -> Option<(usize, Vec<usize>)> {
    let mut at = g.step(k, d)?;
    let mut vs = Vec::new();
    loop {
        let t = top_of(&cells[at - 1]);
        if !hop.over.contains(&t) {
            return Some((at, vs));
        }
        if hop
            .guards
            .iter()
            .any(|&(y, m)| y == t && g.mark(at) & m != 0)
        {
            return None;
        }
        if hop.relocate.as_ref().is_some_and(|(y, _)| *y == t) {
            vs.push(at);
        }
        at = g.step(at, d)?;
    }
}

/// The hops from `k` to `j` with each set of targets of the pieces on `vs`: as many
/// cells out of `vs` and the cells topped by `onto_y` once `x` has moved, other
/// than `vs` itself, the sets in board_hops.pl's order.
#[allow(clippy::too_many_arguments)]
fn relocations(
    g: &Grid,
    cells: &[Vec<u8>],
    x: u8,
    k: usize,
    j: usize,
    vs: &[usize],
    y: u8,
    onto_y: &[u8],
    out: &mut Vec<Move>,
) {
    let top_after = |c: usize| match c {
        _ if c == j => x,
        _ if c == k => cells[k - 1]
            .len()
            .checked_sub(2)
            .map_or(EMPTY, |i| cells[k - 1][i]),
        _ => top_of(&cells[c - 1]),
    };
    let free: Vec<usize> = (1..=g.n)
        .filter(|&c| onto_y.contains(&top_after(c)))
        .collect();
    if free.is_empty() {
        return;
    }
    let mut sorted_vs = vs.to_vec();
    sorted_vs.sort_unstable();
    let mut u: Vec<usize> = sorted_vs.iter().chain(&free).copied().collect();
    u.sort_unstable();
    u.dedup();
    let mut chosen = Vec::new();
    subsets(&u, sorted_vs.len(), &mut chosen, &mut |ts: &[usize]| {
        if ts != sorted_vs.as_slice() {
            out.push(vec![Step::Hop {
                k,
                j,
                vs: sorted_vs.clone(),
                ts: ts.to_vec(),
                y,
            }]);
        }
        out.len() < MAX_MOVES
    });
}

/// Each set of `n` of `items`, in their order, the first item taken before it is left
/// out (board_hops.pl's k_subset/3), while `f` asks for more; gives whether it did.
fn subsets(
    items: &[usize],
    n: usize,
    chosen: &mut Vec<usize>,
    f: &mut impl FnMut(&[usize]) -> bool,
) -> bool {
    if n == 0 {
        return f(chosen);
    }
    let Some((&first, rest)) = items.split_first() else {
        return true;
    };
    chosen.push(first);
    let more = subsets(rest, n - 1, chosen, f);
    chosen.pop();
    more && subsets(rest, n, chosen, f)
}

/// Whether `e` holds after a move; `next` is the next player's turn.
fn holds(g: &Grid, cells: &[Vec<u8>], e: &End, next: &StackTurn) -> bool {
    match e {
        End::Gather(x, mask) => {
            let mut holding = (1..=g.n).filter(|&k| cells[k - 1].contains(x)).peekable();
            holding.peek().is_some() && holding.all(|k| g.mark(k) & mask != 0)
        }
        End::Filled(mask, tops) => {
            let mut marked = (1..=g.n).filter(|&k| g.mark(k) & mask != 0).peekable();
            marked.peek().is_some() && marked.all(|k| tops.contains(&top_of(&cells[k - 1])))
        }
        End::Stuck => {
            let mut ms = Vec::new();
            kinds_moves(g, cells, &next.kinds, &mut ms);
            ms.is_empty()
        }
        End::Lose(e) => holds(g, cells, e, next),
    }
}

#[cfg(test)]
#[path = "board_stacks_tests.rs"]
mod tests;
