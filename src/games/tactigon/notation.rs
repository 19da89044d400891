//! Tactigon position text ("2/C1C3c1c/.../2 red[ won=P]") and move text ("36-38",
//! an attack also read as "36x38"), the same as rules/tactigon.pl.

use super::board::{index_of, index_rc, Kind, ROW_SPAN};
use super::{explain, Tactigon, TactigonMove, NAMES};
use crate::game::{EngineError, Game, Outcome};

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
        let mut run = 0;
        for c in first..=last {
            match index_rc(r as i32, c).and_then(|i| g.piece(i)) {
                None => run += 1,
                Some((side, kind)) => {
                    if run > 0 {
                        out.push_str(&run.to_string());
                        run = 0;
                    }
                    out.push(kind.letter(side));
                }
            }
        }
        if run > 0 {
            out.push_str(&run.to_string());
        }
    }
    out.push(' ');
    out.push_str(NAMES[g.to_move]);
    if let Some(w) = g.winner {
        out.push_str(" won=");
        out.push_str(NAMES[w]);
    }
    out
}

fn fail<T>(text: &[u8], at: usize, expected: &str) -> Result<T, String> {
    Err(crate::game::expected_at(text, at, expected))
}

/// Reads a position text; `advanced` selects the rules (the texts are the same,
/// but whether the side to move has a move depends on them).
pub fn parse_position(advanced: bool, text: &str) -> Result<Tactigon, String> {
    let t = text.as_bytes();
    let mut at = 0;
    let (mut sides, mut kinds) = ([0u64; 2], [0u64; 4]);
    for (r, &(first, last)) in ROW_SPAN.iter().enumerate() {
        let count = (last - first + 1) as usize;
        if r > 0 {
            if t.get(at) != Some(&b'/') {
                return fail(
                    t,
                    at,
                    &format!("'/' after the {count} cells of row {}", r - 1),
                );
            }
            at += 1;
        }
        let mut k = 0;
        let mut after_run = false;
        while k < count {
            let letter = t.get(at).and_then(|&l| Kind::from_letter(l));
            match (t.get(at), letter) {
                (_, Some((kind, side))) => {
                    let Some(i) = index_rc(r as i32, first + k as i32) else {
                        return fail(t, at, "a cell");
                    };
                    sides[side] |= 1 << i;
                    kinds[kind as usize] |= 1 << i;
                    k += 1;
                    at += 1;
                    after_run = false;
                }
                (Some(b'1'..=b'9'), None) if !after_run => {
                    let start = at;
                    let mut n = 0usize;
                    while let Some(d @ b'0'..=b'9') = t.get(at) {
                        n = n.saturating_mul(10).saturating_add(usize::from(d - b'0'));
                        at += 1;
                    }
                    if n > count - k {
                        return fail(
                            t,
                            start,
                            &format!("a run of at most {} empty cells in row {r}", count - k),
                        );
                    }
                    k += n;
                    after_run = true;
                }
                _ => {
                    let what = if after_run {
                        "a piece (C T S P c t s p)"
                    } else {
                        "a piece (C T S P c t s p) or a run of empty cells"
                    };
                    return fail(t, at, &format!("{what} in row {r}"));
                }
            }
        }
    }
    if t.get(at) != Some(&b' ') {
        return fail(t, at, "a space before the side to move");
    }
    at += 1;
    let rest = &t[at..];
    let (to_move, rest) = if let Some(r) = rest.strip_prefix(b"red") {
        (0, r)
    } else if let Some(r) = rest.strip_prefix(b"blue") {
        (1, r)
    } else {
        return fail(t, at, "the side to move (red or blue)");
    };
    let won = match rest {
        b"" => None,
        b" won=red" => Some(0),
        b" won=blue" => Some(1),
        _ => {
            return fail(
                t,
                t.len() - rest.len(),
                "' won=red', ' won=blue' or the end of the text",
            )
        }
    };
    for side in 0..2 {
        for kind in Kind::ALL {
            let n = (sides[side] & kinds[kind as usize]).count_ones();
            if n > kind.most() {
                return Err(format!(
                    "{} has {n} {}s (at most {})",
                    NAMES[side],
                    kind.name(),
                    kind.most()
                ));
            }
        }
    }
    if kinds[Kind::Pentagon as usize] == 0 {
        return Err("neither side has its pentagon".to_string());
    }
    // Only the mover takes a pentagon, and never loses its own on its move: a side
    // without its pentagon is the side to move.
    let (p, q) = (to_move, 1 - to_move);
    if sides[q] & kinds[Kind::Pentagon as usize] == 0 {
        return Err(format!(
            "{} has no pentagon: the game ended when {} took it, so {} is to move, not {}",
            NAMES[q], NAMES[p], NAMES[q], NAMES[p]
        ));
    }
    let g = Tactigon::from_parts(sides, kinds, to_move, advanced);
    if let Some(w) = won {
        if g.winner != Some(w) {
            let board = match g.winner {
                None => "the game goes on".to_string(),
                Some(v) => format!("{} has won", NAMES[v]),
            };
            return Err(format!("won={} contradicts the board: {board}", NAMES[w]));
        }
    }
    Ok(g)
}

/// A cell number as the notation writes it (no sign, no leading zero), if it is a cell.
fn cell_number(s: &str) -> Option<u8> {
    let b = s.as_bytes();
    if b.is_empty() || b.len() > 2 || b[0] == b'0' || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let n: u32 = s.parse().ok()?;
    index_of(n).map(|_| n as u8)
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
    let (from, to) = t.split_once(['-', 'x']).ok_or_else(unreadable)?;
    let mv = TactigonMove {
        from: cell_number(from).ok_or_else(unreadable)?,
        to: cell_number(to).ok_or_else(unreadable)?,
    };
    if let Some(Outcome::Win(w)) = g.outcome() {
        return Err(EngineError::Illegal(format!(
            "the game is over: {} has won",
            NAMES[w]
        )));
    }
    let mut legal = Vec::new();
    g.legal_moves(&mut legal);
    if legal.contains(&mv) {
        return Ok(mv);
    }
    Err(EngineError::Illegal(explain::why(g, mv).unwrap_or_else(
        || format!("{} is not legal in this position", move_text(mv)),
    )))
}
