//! Turns stated in the board library's words (rules/lib/board_turns.pl), played in
//! whole random games on the host: the accelerated tier's playouts of a game whose
//! every turn is put, drop, step, flank or pass moves with line, arrive, edge, joins, gone, full,
//! stuck and count ends.
//!
//! A list of turns is registered once by its text, as board_accel.pl writes it: a
//! Prolog list of words, `[turn,x,1,drop,x,7,2,line,4,4,1,2,3,4,full,...]`.  Each
//! turn: `turn`, the player, how many kinds, each kind, how many ends, each end.
//! Kinds: `put X`, `drop X Dir`, `step X N` then N times `Dir M T1 .. TM`,
//! `flank X Y`, `pass`.  Ends: `line N M D1 .. DM`, `arrive M K1 .. KM`, `edge Dir`,
//! `joins Mask`, `gone X`, `full`, `stuck`, `count X Y`.  A playout makes the moves board_turns.pl
//! lists, in its order, picked with protocol.pl's random numbers, so the host and
//! the pure definition play the same game from the same seed.

use super::board_movers::is_name;
use super::board_table::{Code, Grid, Refused, Table, View};
use std::sync::Mutex;

/// A turn as registered: names as text.
#[derive(Debug, PartialEq, Clone)]
pub(super) struct Turn<N> {
    kinds: Vec<Kind<N>>,
    ends: Vec<End<N>>,
}

/// What a player may do, with its pieces named by `N` (text, or a table's code).
#[derive(Debug, PartialEq, Clone)]
enum Kind<N> {
    /// The piece onto any empty cell.
    Put(N),
    /// The piece dropped in at an empty entry cell, falling along the direction.
    Drop(N, usize),
    /// The piece one step along a direction onto a cell holding one of the targets.
    Step(N, Vec<(usize, Vec<N>)>),
    /// The first piece onto an empty cell that flanks lines of the second's.
    Flank(N, N),
    /// A pass, when the kinds before it give no move.
    Pass,
}

/// What a move ends the game with, with pieces named by `N`.
#[derive(Debug, PartialEq, Clone)]
pub(super) enum End<N> {
    /// A line of at least this many over these directions: the mover wins.
    Line(usize, Vec<i64>),
    /// The piece comes to one of these cells: the mover wins.
    Arrive(Vec<usize>),
    /// The piece comes to a cell with no neighbour along this direction: the
    /// mover wins.
    Edge(usize),
    /// The group of the piece put touches every edge of this mask: the mover wins.
    Joins(i64),
    /// No cell holds this piece: the mover wins.
    Gone(N),
    /// No empty cell: a draw.
    Full,
    /// The next player has no move: the mover wins.
    Stuck,
    /// Neither player has a move but a pass: more of the first piece than of the
    /// second, the mover wins; fewer, the next player; else a draw.
    Count(N, N),
    /// The end inside holds (one that a mover wins by): the next player wins.
    Lose(Box<End<N>>),
}

/// A move: a piece put on a cell, or a piece from a cell to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    Put(Code, usize),
    Go(usize, usize),
    Flank(Code, Code, usize),
    Pass,
}

/// How a playout ended: still going (cut off, or no move), drawn, or won by the
/// player of the turn at this index of the list.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Status {
    Ongoing,
    Draw,
    Won(usize),
}

/// At most this many distinct lists of turns.
const MAX_TURNS: usize = 4096;

/// The most plies a playout asked of the host may run to: a call to the host cannot
/// be interrupted, so a longer one is refused and board.pl plays it the pure way,
/// where the time limit and Ctrl-C reach every ply (turns that only pass, say, never
/// end by themselves).
const MAX_NATIVE_PLIES: i64 = 100_000;

/// The registered lists, id `i` at index `i - 1`.
static TURNS: Mutex<Vec<Vec<Turn<String>>>> = Mutex::new(Vec::new());

/// The id of the turns written in `text`: the same id for the same turns.  Turns of
/// stacks of pieces are the host's `board_stacks` (ids from `board_stacks::FIRST_ID`).
pub fn register(text: &str) -> Result<i64, Refused> {
    let turns = match parse(text) {
        Ok(turns) => turns,
        Err(_) => return super::board_stacks::register(text),
    };
    let mut kept = TURNS.lock().map_err(|_| Refused::Bad)?;
    if let Some(i) = kept.iter().position(|k| *k == turns) {
        return Ok(i as i64 + 1);
    }
    if kept.len() >= MAX_TURNS {
        return Err(Refused::Bad);
    }
    kept.push(turns);
    Ok(kept.len() as i64)
}

/// The words of `text`, a Prolog list of plain names and numbers.
pub(super) fn words(text: &str) -> Result<Vec<&str>, Refused> {
    let inner = text
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .ok_or(Refused::Bad)?;
    Ok(inner.split(',').collect())
}

/// Reads the words one by one.
pub(super) struct Words<'a> {
    pub(super) words: std::slice::Iter<'a, &'a str>,
}

impl<'a> Words<'a> {
    pub(super) fn word(&mut self) -> Result<&'a str, Refused> {
        self.words.next().copied().ok_or(Refused::Bad)
    }
    pub(super) fn name(&mut self) -> Result<String, Refused> {
        let w = self.word()?;
        is_name(w).then(|| w.to_string()).ok_or(Refused::Bad)
    }
    pub(super) fn number(&mut self) -> Result<usize, Refused> {
        self.word()?.parse().map_err(|_| Refused::Bad)
    }
    /// A count, then that many of what `f` reads.
    pub(super) fn counted<T>(
        &mut self,
        f: impl Fn(&mut Self) -> Result<T, Refused>,
    ) -> Result<Vec<T>, Refused> {
        let n = self.number()?;
        if n > 4096 {
            return Err(Refused::Bad);
        }
        (0..n).map(|_| f(self)).collect()
    }
}

/// The turns written in `text`.
fn parse(text: &str) -> Result<Vec<Turn<String>>, Refused> {
    let all = words(text)?;
    let mut w = Words { words: all.iter() };
    let mut turns = Vec::new();
    while let Some(&first) = w.words.clone().next() {
        if first != "turn" {
            return Err(Refused::Bad);
        }
        w.word()?;
        w.name()?; // the player: the Prolog side names the winner from the index
        let kinds = w.counted(kind)?;
        let ends = w.counted(end)?;
        turns.push(Turn { kinds, ends });
    }
    if turns.is_empty() {
        return Err(Refused::Bad);
    }
    Ok(turns)
}

/// One kind of move.
fn kind(w: &mut Words<'_>) -> Result<Kind<String>, Refused> {
    Ok(match w.word()? {
        "put" => Kind::Put(w.name()?),
        "drop" => Kind::Drop(w.name()?, w.number()?),
        "step" => {
            let x = w.name()?;
            Kind::Step(
                x,
                w.counted(|w| Ok((w.number()?, w.counted(Words::name)?)))?,
            )
        }
        "flank" => Kind::Flank(w.name()?, w.name()?),
        "pass" => Kind::Pass,
        _ => return Err(Refused::Bad),
    })
}

/// One end.
fn end(w: &mut Words<'_>) -> Result<End<String>, Refused> {
    Ok(match w.word()? {
        "line" => End::Line(w.number()?, w.counted(|w| Ok(w.number()? as i64))?),
        "arrive" => End::Arrive(w.counted(Words::number)?),
        "edge" => End::Edge(w.number()?),
        "joins" => End::Joins(w.word()?.parse().map_err(|_| Refused::Bad)?),
        "gone" => End::Gone(w.name()?),
        "full" => End::Full,
        "stuck" => End::Stuck,
        "count" => End::Count(w.name()?, w.name()?),
        "lose" => match end(w)? {
            End::Full | End::Count(..) | End::Lose(_) => return Err(Refused::Bad),
            e => End::Lose(Box::new(e)),
        },
        _ => return Err(Refused::Bad),
    })
}

/// The turns `id` with the codes of `t`'s names (a piece put is given a code if it
/// has none yet; a direction off the grid is refused when it is used).
pub(super) fn turns_of(t: &mut Table, id: i64) -> Result<Vec<Turn<Code>>, Refused> {
    let i = usize::try_from(id - 1).map_err(|_| Refused::Bad)?;
    let named = TURNS
        .lock()
        .map_err(|_| Refused::Bad)?
        .get(i)
        .cloned()
        .ok_or(Refused::Bad)?;
    named
        .into_iter()
        .map(|turn| {
            let kinds = turn
                .kinds
                .into_iter()
                .map(|k| {
                    Ok(match k {
                        Kind::Put(x) => Kind::Put(t.code(&x)?),
                        Kind::Drop(x, d) => Kind::Drop(t.code(&x)?, d),
                        Kind::Flank(x, y) => Kind::Flank(t.code(&x)?, t.code(&y)?),
                        Kind::Pass => Kind::Pass,
                        Kind::Step(x, steps) => Kind::Step(
                            t.code(&x)?,
                            steps
                                .into_iter()
                                .map(|(d, ts)| {
                                    Ok((d, ts.iter().map(|n| t.code(n)).collect::<Result<_, _>>()?))
                                })
                                .collect::<Result<_, Refused>>()?,
                        ),
                    })
                })
                .collect::<Result<_, Refused>>()?;
            let ends = turn
                .ends
                .into_iter()
                .map(|e| coded_end(t, e))
                .collect::<Result<_, Refused>>()?;
            Ok(Turn { kinds, ends })
        })
        .collect()
}

/// An end with its pieces' codes.
fn coded_end(t: &mut Table, e: End<String>) -> Result<End<Code>, Refused> {
    Ok(match e {
        End::Line(n, ds) => End::Line(n, ds),
        End::Arrive(ks) => End::Arrive(ks),
        End::Edge(d) => End::Edge(d),
        End::Joins(m) => End::Joins(m),
        End::Gone(x) => End::Gone(t.code(&x)?),
        End::Full => End::Full,
        End::Stuck => End::Stuck,
        End::Count(x, y) => End::Count(t.code(&x)?, t.code(&y)?),
        End::Lose(e) => End::Lose(Box::new(coded_end(t, *e)?)),
    })
}

/// A random playout of board `handle` under turns `id` (the player to move's
/// first): how many plies, and how it ended.
pub fn playout_on(
    t: &mut Table,
    handle: i64,
    id: i64,
    seed: i64,
    max: i64,
) -> Result<(u64, Status), Refused> {
    if max > MAX_NATIVE_PLIES {
        return Err(Refused::Bad);
    }
    if id >= super::board_stacks::FIRST_ID {
        return super::board_stacks::playout_on(t, handle, id, seed, max);
    }
    let turns = turns_of(t, id)?;
    let v = t.view(handle)?;
    for turn in &turns {
        check_dirs(v.grid, turn)?;
    }
    let mut cells = v.cells.to_vec();
    Ok(playout(v.grid, &mut cells, &turns, seed, max))
}

/// Refuses a turn whose directions are not the grid's.
pub(super) fn check_dirs(g: &Grid, turn: &Turn<Code>) -> Result<(), Refused> {
    let ok = |d: usize| (1..=g.dirs).contains(&d);
    let kinds_ok = turn.kinds.iter().all(|k| match k {
        Kind::Put(_) | Kind::Flank(..) | Kind::Pass => true,
        Kind::Drop(_, d) => ok(*d),
        Kind::Step(_, steps) => steps.iter().all(|(d, _)| ok(*d)),
    });
    let ends_ok = turn.ends.iter().all(|e| end_fits(g, e));
    (kinds_ok && ends_ok).then_some(()).ok_or(Refused::Bad)
}

/// Whether an end's directions and cells are the grid's.
fn end_fits(g: &Grid, e: &End<Code>) -> bool {
    let ok = |d: usize| (1..=g.dirs).contains(&d);
    match e {
        End::Line(_, ds) => {
            g.dirs.is_multiple_of(2) && ds.iter().all(|&d| usize::try_from(d).is_ok_and(ok))
        }
        End::Arrive(ks) => ks.iter().all(|&k| (1..=g.n).contains(&k)),
        End::Edge(d) => ok(*d),
        End::Lose(e) => end_fits(g, e),
        _ => true,
    }
}

/// protocol.pl's random numbers: a 31-bit linear congruential generator.
pub(super) fn lcg_next(s: i64) -> i64 {
    (s.rem_euclid(1 << 31) * 1103515245 + 12345).rem_euclid(1 << 31)
}

/// Plays from `cells` until an end holds, no move is left, or `max` plies.
fn playout(
    g: &Grid,
    cells: &mut [Code],
    turns: &[Turn<Code>],
    mut seed: i64,
    max: i64,
) -> (u64, Status) {
    let mut moves = Vec::new();
    let (mut plies, mut at) = (0u64, 0usize);
    loop {
        if plies as i64 >= max {
            return (plies, Status::Ongoing);
        }
        let turn = &turns[at];
        moves.clear();
        moves_of(g, cells, turn, &mut moves);
        if moves.is_empty() {
            return (plies, Status::Ongoing);
        }
        seed = lcg_next(seed);
        let m = moves[((seed >> 8) as usize) % moves.len()];
        let k = make(g, cells, m);
        plies += 1;
        let next = (at + 1) % turns.len();
        match ended(g, cells, k, turn, &turns[next]) {
            None => at = next,
            Some(End::Full) => return (plies, Status::Draw),
            Some(End::Count(x, y)) => {
                let status = match count(cells, *x).cmp(&count(cells, *y)) {
                    std::cmp::Ordering::Greater => Status::Won(at),
                    std::cmp::Ordering::Less => Status::Won(next),
                    std::cmp::Ordering::Equal => Status::Draw,
                };
                return (plies, status);
            }
            Some(End::Lose(_)) => return (plies, Status::Won(next)),
            Some(_) => return (plies, Status::Won(at)),
        }
    }
}

/// How many cells hold `x`.
fn count(cells: &[Code], x: Code) -> usize {
    cells.iter().filter(|&&c| c == x).count()
}

/// Makes a move; gives the cell its piece came to (0 for a pass).
pub(super) fn make(g: &Grid, cells: &mut [Code], m: Move) -> usize {
    match m {
        Move::Pass => 0,
        Move::Flank(x, y, k) => {
            let turned = View { grid: g, cells }
                .flanked(k as i64, Some(x), Some(y))
                .unwrap_or_default();
            cells[k - 1] = x;
            for j in turned {
                cells[j - 1] = x;
            }
            k
        }
        Move::Put(x, k) => {
            cells[k - 1] = x;
            k
        }
        Move::Go(k, j) => {
            cells[j - 1] = cells[k - 1];
            cells[k - 1] = 0;
            j
        }
    }
}

/// The first end of `turn` that holds after its move to `k` (0 for a pass), if
/// any: `Full` a draw, `Count` decided by the count, any other the mover's win.
pub(super) fn ended<'t>(
    g: &Grid,
    cells: &[Code],
    k: usize,
    turn: &'t Turn<Code>,
    next: &Turn<Code>,
) -> Option<&'t End<Code>> {
    turn.ends.iter().find(|e| holds(g, cells, k, e, turn, next))
}

/// Whether `e` holds after the move of `turn` to `k`.
fn holds(
    g: &Grid,
    cells: &[Code],
    k: usize,
    e: &End<Code>,
    turn: &Turn<Code>,
    next: &Turn<Code>,
) -> bool {
    match e {
        End::Line(n, dirs) => {
            let v = View { grid: g, cells };
            k > 0 && v.line_at(k as i64, dirs).unwrap_or(1) >= *n
        }
        End::Arrive(ks) => ks.contains(&k),
        End::Edge(d) => k > 0 && g.step(k, *d).is_none(),
        End::Joins(mask) => {
            let v = View { grid: g, cells };
            k > 0 && v.group_marks(k as i64).is_ok_and(|m| m & mask == *mask)
        }
        End::Gone(x) => !cells.contains(x),
        End::Full => !cells.contains(&0),
        End::Stuck => {
            let mut ms = Vec::new();
            moves_of(g, cells, next, &mut ms);
            ms.is_empty()
        }
        End::Count(..) => !placing(g, cells, next) && !placing(g, cells, turn),
        End::Lose(e) => holds(g, cells, k, e, turn, next),
    }
}

/// Whether `turn` has a move other than a pass.
fn placing(g: &Grid, cells: &[Code], turn: &Turn<Code>) -> bool {
    let mut ms = Vec::new();
    moves_of(g, cells, turn, &mut ms);
    ms.iter().any(|m| *m != Move::Pass)
}

/// The moves of `turn`, kind by kind, in board_turns.pl's order.
pub(super) fn moves_of(g: &Grid, cells: &[Code], turn: &Turn<Code>, out: &mut Vec<Move>) {
    for kind in &turn.kinds {
        match kind {
            Kind::Put(x) => out.extend(
                (1..=g.n)
                    .filter(|&k| cells[k - 1] == 0)
                    .map(|k| Move::Put(*x, k)),
            ),
            Kind::Drop(x, d) => {
                let back = (d - 1 + g.dirs / 2) % g.dirs + 1;
                for k in (1..=g.n).filter(|&k| g.step(k, back).is_none() && cells[k - 1] == 0) {
                    let mut at = k;
                    while let Some(j) = g.step(at, *d).filter(|&j| cells[j - 1] == 0) {
                        at = j;
                    }
                    out.push(Move::Put(*x, at));
                }
            }
            Kind::Flank(x, y) => {
                let v = View { grid: g, cells };
                let ks = v.flank_moves(Some(*x), Some(*y));
                out.extend(ks.into_iter().map(|k| Move::Flank(*x, *y, k)));
            }
            Kind::Pass => {
                if out.is_empty() {
                    out.push(Move::Pass);
                }
            }
            Kind::Step(x, steps) => {
                for k in (1..=g.n).filter(|&k| cells[k - 1] == *x) {
                    for (d, targets) in steps {
                        if let Some(j) = g.step(k, *d) {
                            if targets.contains(&cells[j - 1]) {
                                out.push(Move::Go(k, j));
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::foreign::board_table::with_table;

    /// A 3 x 3 square with 8 directions (grid.pl's square8 order: east first,
    /// then counter-clockwise), no marks.
    pub(in crate::foreign) fn square3() -> String {
        let dirs: [(i64, i64); 8] = [
            (1, 0),
            (1, -1),
            (0, -1),
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
        ];
        let mut s = String::from("9 8");
        s.push_str(&" 0".repeat(9));
        for k in 0..9i64 {
            let (c, r) = (k % 3, k / 3);
            for (dc, dr) in dirs {
                let (c1, r1) = (c + dc, r + dr);
                let j = if (0..3).contains(&c1) && (0..3).contains(&r1) {
                    r1 * 3 + c1 + 1
                } else {
                    0
                };
                s.push_str(&format!(" {j}"));
            }
        }
        s
    }

    #[test]
    fn a_turn_text_reads_or_is_refused() {
        let ok = "[turn,x,1,put,x,2,line,3,4,1,2,3,4,full,turn,o,1,put,o,2,line,3,4,1,2,3,4,full]";
        let id = register(ok).unwrap();
        assert_eq!(register(ok), Ok(id));
        for bad in [
            "[]",
            "[turn,x,1,put,x]",
            "[turn,x,1,fly,x,0]",
            "[turn,1x,0,0]",
            "turn,x,0,0",
            "[turn,x,0,0,extra]",
        ] {
            assert_eq!(register(bad), Err(Refused::Bad), "{bad}");
        }
    }

    #[test]
    fn noughts_and_crosses_fill_or_win() {
        let id = register(
            "[turn,x,1,put,x,2,line,3,4,1,2,3,4,full,turn,o,1,put,o,2,line,3,4,1,2,3,4,full]",
        )
        .unwrap();
        with_table(|t| {
            let g = t.grid(&square3()).unwrap();
            let b = t.board(g, "e e e e e e e e e").unwrap();
            for seed in 0..50 {
                let (plies, status) = playout_on(t, b, id, seed, 100).unwrap();
                assert!((5..=9).contains(&plies), "{plies}");
                match status {
                    Status::Won(i) => assert_eq!(i as u64, (plies + 1) % 2, "the mover won"),
                    Status::Draw => assert_eq!(plies, 9),
                    Status::Ongoing => panic!("a game of noughts and crosses ends"),
                }
            }
            assert_eq!(playout_on(t, b, id, 7, 2).unwrap(), (2, Status::Ongoing));
            // a playout longer than the host runs uninterrupted is the pure way's
            assert_eq!(playout_on(t, b, id, 7, 100_001), Err(Refused::Bad));
            assert_eq!(playout_on(t, b, 99, 7, 2), Err(Refused::Bad));
        });
    }

    #[test]
    fn a_drop_rests_on_what_is_below() {
        // along direction 7, (0, +1): in at cells 1-3 (no neighbour along 3),
        // falling towards cells 7-9; cell 8 holds x, so column 2 stops on 5
        let id = register("[turn,x,1,drop,x,7,0]").unwrap();
        with_table(|t| {
            let g = t.grid(&square3()).unwrap();
            let b = t.board(g, "e e e e e e e x e").unwrap();
            let turns = turns_of(t, id).unwrap();
            let v = t.view(b).unwrap();
            let mut ms = Vec::new();
            moves_of(v.grid, v.cells, &turns[0], &mut ms);
            let x = t.known("x").unwrap();
            assert_eq!(ms, vec![Move::Put(x, 7), Move::Put(x, 5), Move::Put(x, 9)]);
        });
    }
}
