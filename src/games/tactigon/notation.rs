//! Tactigon position text ("2/C1C3c1c/.../2 red[ won=P]") and move text ("36-38",
//! an attack also read as "36x38"), the same as rules/tactigon.pl.

use super::board::{index_of, index_rc, Kind, ROW_SPAN};
use super::{explain, Tactigon, TactigonMove, NAMES};
use crate::game::{EngineError, Game, Outcome, PositionError, Reason, Refusal};
use crate::games::notation::{push_row, RowText};
use crate::games::scan::{check_won, Scan};

/// The notation of a move: `from-to`.
pub fn move_text(mv: TactigonMove) -> String {
    format!("{}-{}", mv.from, mv.to)
}

/// The canonical position text: the 7 rows from the top, the side to move,
/// and ` won=P` once the game is over.
pub fn position_text(g: &Tactigon) -> String {
    let mut out = String::new();
    for (r, &(first, last)) in ROW_SPAN.iter().enumerate() {
        if r > 0 {
            out.push('/');
        }
        let row = (first..=last).map(|c| {
            index_rc(r as i32, c)
                .and_then(|i| g.piece(i))
                .map(|(side, kind)| kind.letter(side))
        });
        push_row(&mut out, row);
    }
    out.push(' ');
    out.push_str(NAMES[g.to_move]);
    if let Some(w) = g.winner {
        out.push_str(" won=");
        out.push_str(NAMES[w]);
    }
    out
}

/// The rows of a Tactigon position text: the piece letters (red's in capitals), rows
/// numbered from 0.
struct Pieces;

impl RowText for Pieces {
    type Piece = (Kind, usize);

    fn piece(&self, letter: u8) -> Option<(Kind, usize)> {
        Kind::from_letter(letter)
    }

    fn slash(&self, row: usize, len: usize) -> String {
        format!("'/' after the {len} cells of row {}", row - 1)
    }

    fn run_too_long(&self, row: usize, most: usize, _: usize) -> String {
        format!("a run of at most {most} empty cells in row {row}")
    }

    fn not_a_cell(&self, row: usize, _: usize, after_run: bool) -> String {
        let what = if after_run {
            "a piece (C T S P c t s p)"
        } else {
            "a piece (C T S P c t s p) or a run of empty cells"
        };
        format!("{what} in row {row}")
    }
}

/// Reads a position text; `advanced` selects the rules (the texts are the same,
/// but whether the side to move has a move depends on them).
pub fn parse_position(advanced: bool, text: &str) -> Result<Tactigon, PositionError> {
    let mut s = Scan::new(text);
    let (mut sides, mut kinds) = ([0u64; 2], [0u64; 4]);
    let lengths = ROW_SPAN.map(|(first, last)| (last - first + 1) as usize);
    let mut cells = s.rows(lengths, &Pieces)?.into_iter();
    for (r, &(first, last)) in ROW_SPAN.iter().enumerate() {
        for c in first..=last {
            let Some((kind, side)) = cells.next().flatten() else {
                continue;
            };
            let i = index_rc(r as i32, c)
                .ok_or_else(|| PositionError::unreadable(format!("row {r} has no cell {c}")))?;
            sides[side] |= 1 << i;
            kinds[kind as usize] |= 1 << i;
        }
    }
    s.expect(" ", "a space before the side to move")?;
    let to_move = s
        .one_of(&NAMES)
        .ok_or_else(|| s.error("the side to move (red or blue)"))?;
    let won = s.won(NAMES, &[])?;
    for side in 0..2 {
        for kind in Kind::ALL {
            let n = (sides[side] & kinds[kind as usize]).count_ones();
            if n > kind.most() {
                return Err(PositionError::unreachable(format!(
                    "{} has {n} {}s (at most {})",
                    NAMES[side],
                    kind.name(),
                    kind.most()
                )));
            }
        }
    }
    if kinds[Kind::Pentagon as usize] == 0 {
        return Err(PositionError::unreachable("neither side has its pentagon"));
    }
    // Only the mover takes a pentagon, and never loses its own on its move: a side
    // without its pentagon is the side to move.
    let (p, q) = (to_move, 1 - to_move);
    if sides[q] & kinds[Kind::Pentagon as usize] == 0 {
        return Err(PositionError::unreachable(format!(
            "{} has no pentagon: the game ended when {} took it, so {} is to move, not {}",
            NAMES[q], NAMES[p], NAMES[q], NAMES[p]
        )));
    }
    let g = Tactigon::from_parts(sides, kinds, to_move, advanced);
    if let Some(w) = won {
        check_won(NAMES, w, g.winner)?;
    }
    Ok(g)
}

/// Reads a cell number as the notation writes it (no sign, no leading zero, at most
/// two digits), if it is a cell.
fn read_cell(s: &mut Scan<'_>) -> Option<u8> {
    let n = u8::try_from(s.natural()?).ok().filter(|&n| n <= 99)?;
    index_of(u32::from(n)).map(|_| n)
}

/// Reads a move as written: two cell numbers joined by `-` or `x`.
fn read_move(text: &str) -> Option<TactigonMove> {
    let mut s = Scan::new(text);
    let from = read_cell(&mut s)?;
    if !(s.eat("-") || s.eat("x")) {
        return None;
    }
    let to = read_cell(&mut s)?;
    s.at_end().then_some(TactigonMove { from, to })
}

/// Reads a move (`36-38` or `36x38`) and checks that it is legal here.
pub fn parse_move(g: &Tactigon, text: &str) -> Result<TactigonMove, EngineError> {
    let t = text.trim();
    let unreadable = || {
        EngineError::Move(format!(
            "\"{}\" is not a move like 36-38 (two cell numbers of the board)",
            crate::game::elide(t)
        ))
    };
    let mv = read_move(t).ok_or_else(unreadable)?;
    let refused = |r: Reason| EngineError::from(Refusal::reason(r));
    if let Some(Outcome::Win(w)) = g.outcome() {
        return Err(refused(Reason::term("game_over", [Reason::atom(NAMES[w])])));
    }
    let mut legal = Vec::new();
    g.legal_moves(&mut legal);
    if legal.contains(&mv) {
        return Ok(mv);
    }
    Err(match explain::why(g, mv) {
        Some(r) => refused(r),
        None => EngineError::from(Refusal::words(format!(
            "{} is not legal in this position",
            move_text(mv)
        ))),
    })
}
