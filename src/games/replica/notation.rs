//! Replica position text ("4bbbB/.../Wwww4 white[ sight=all][ won=white]") and move
//! text ("a1-e1", "b2*").

use super::{square, Replica, ReplicaMove, NAMES};
use crate::game::{EngineError, Game, Outcome, PositionError, Reason, Refusal};
use crate::games::notation::{cell_name, push_row, Letters, RowText};
use crate::games::scan::{check_won, Scan};

/// The name of a square, `a1` .. `h8`.
fn square_name(sq: usize) -> String {
    cell_name(sq % 8, sq / 8, Letters::Lower)
}

/// The notation of a move.
pub fn move_text(mv: ReplicaMove) -> String {
    match mv {
        ReplicaMove::Step(from, to) => format!(
            "{}-{}",
            square_name(from as usize),
            square_name(to as usize)
        ),
        ReplicaMove::Transform(sq) => format!("{}*", square_name(sq as usize)),
    }
}

/// The canonical position text: ranks 8 to 1, side to move, the sight option, and
/// the winner once there is one (a king captured while others remain leaves no
/// trace on the board, so the text says it).
pub fn position_text(g: &Replica) -> String {
    let mut out = String::new();
    for r in (0..8).rev() {
        let rank = (0..8).map(|f| {
            g.piece(r * 8 + f).map(|piece| match piece {
                (0, false) => 'w',
                (0, true) => 'W',
                (_, false) => 'b',
                (_, true) => 'B',
            })
        });
        push_row(&mut out, rank);
        if r > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push_str(g.player_names()[g.to_move()]);
    if g.sight_all() {
        out.push_str(" sight=all");
    }
    if let Some(Outcome::Win(w)) = g.outcome() {
        out.push_str(" won=");
        out.push_str(g.player_names()[w]);
    }
    out
}

/// The ranks of a Replica position text: w/b for men, W/B for kings (side, king),
/// runs of 1 to 8 squares, and ranks numbered from 8 down.
struct Ranks;

impl RowText for Ranks {
    type Piece = (usize, bool);

    fn piece(&self, letter: u8) -> Option<(usize, bool)> {
        match letter {
            b'w' => Some((0, false)),
            b'W' => Some((0, true)),
            b'b' => Some((1, false)),
            b'B' => Some((1, true)),
            _ => None,
        }
    }

    fn one_digit_runs(&self) -> bool {
        true
    }

    fn slash(&self, row: usize, _: usize) -> String {
        format!("'/' after the 8 squares of rank {}", 9 - row)
    }

    fn run_too_long(&self, row: usize, most: usize, _: usize) -> String {
        format!("at most {most} more squares in rank {}", 8 - row)
    }

    fn not_a_cell(&self, row: usize, _: usize, after_run: bool) -> String {
        let what = if after_run {
            "a piece (w, b, W or B)"
        } else {
            "a piece (w, b, W or B) or a run of empty squares"
        };
        format!("{what} in rank {}", 8 - row)
    }
}

/// Reads a position text.
pub fn parse_position(template: &Replica, text: &str) -> Result<Replica, PositionError> {
    let mut s = Scan::new(text);
    let (mut men, mut kings) = ([0u64; 2], [0u64; 2]);
    let cells = s.rows([8; 8], &Ranks)?;
    for (i, cell) in cells.into_iter().enumerate() {
        // rank 8 first, each from file a
        let sq = (7 - i / 8) * 8 + i % 8;
        match cell {
            Some((side, false)) => men[side] |= 1 << sq,
            Some((side, true)) => kings[side] |= 1 << sq,
            None => {}
        }
    }
    s.expect(" ", "a space before the side to move")?;
    let to_move = s
        .one_of(&NAMES)
        .ok_or_else(|| s.error("the side to move (white or black)"))?;
    let sight_all = s.eat(" sight=all");
    let others: &[&str] = if sight_all { &[] } else { &[" sight=all"] };
    let won = s.won(NAMES, others)?;
    let _ = template;
    super::validate::position_error(men, kings, to_move).map_err(PositionError::unreachable)?;
    let mut g = Replica::from_parts(men, kings, to_move, sight_all);
    if let Some(w) = won {
        if let Some(Outcome::Win(b)) = g.outcome() {
            check_won(NAMES, w, Some(b))?;
        }
        if w == to_move {
            return Err(PositionError::unreachable(format!(
                "won={} with {} to move: only the side that has just moved can have won",
                NAMES[w], NAMES[w]
            )));
        }
        g.set_winner(w);
    }
    Ok(g)
}

/// Reads a square name (`a1` .. `h8`, the file also in capitals).
fn read_square(s: &mut Scan<'_>) -> Option<usize> {
    let (f, r) = s.cell(Letters::Either)?;
    square(i32::try_from(f).ok()?, i32::try_from(r).ok()?)
}

/// Reads a move as written: `a1-e1`, `d4xe4` or `b2*`.
fn read_move(text: &str) -> Option<ReplicaMove> {
    let mut s = Scan::new(text);
    let from = read_square(&mut s)? as u8;
    let mv = if s.eat("*") {
        ReplicaMove::Transform(from)
    } else if s.eat("-") || s.eat("x") {
        ReplicaMove::Step(from, read_square(&mut s)? as u8)
    } else {
        return None;
    };
    s.at_end().then_some(mv)
}

/// Reads a move (`a1-e1`, `d4xe4` or `b2*`) and checks that it is legal.
pub fn parse_move(g: &Replica, text: &str) -> Result<ReplicaMove, EngineError> {
    let t = text.trim();
    let not_a_move = || {
        EngineError::Move(format!(
            "\"{}\" is not a move like a1-e1 or b2*",
            crate::game::elide(t)
        ))
    };
    let mv = read_move(t).ok_or_else(not_a_move)?;
    let side = g.to_move();
    let player = Reason::atom(g.player_names()[side]);
    let refused = |name: &str, args: Vec<Reason>| {
        EngineError::from(Refusal::reason(Reason::term(name, args)))
    };
    if let Some(w) = g.outcome() {
        let Outcome::Win(w) = w else {
            return Err(refused("game_over", vec![]));
        };
        return Err(refused(
            "game_over",
            vec![Reason::atom(g.player_names()[w])],
        ));
    }
    let mut legal = Vec::new();
    g.legal_moves(&mut legal);
    if legal.contains(&mv) {
        return Ok(mv);
    }
    let square = |sq: u8| Reason::atom(square_name(sq as usize));
    // the reasons of explain_with/4 in rules/replica.pl, which words them
    Err(match mv {
        ReplicaMove::Step(from, _) if g.piece(from as usize).is_none_or(|(s, _)| s != side) => {
            refused("no_piece", vec![player, square(from)])
        }
        ReplicaMove::Transform(sq) if g.piece(sq as usize) != Some((side, false)) => {
            refused("no_man", vec![player, square(sq)])
        }
        ReplicaMove::Transform(sq) => refused("unseen", vec![player, square(sq)]),
        ReplicaMove::Step(..) if g.sight_all() => {
            refused("not_allowed", vec![Reason::atom(move_text(mv))])
        }
        ReplicaMove::Step(..) => refused("not_forward", vec![Reason::atom(move_text(mv))]),
    })
}
