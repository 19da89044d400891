//! The solver's Hex knowledge (`Game::insight`): a position is won when the side to
//! move joins its edges at once, holds a full virtual connection between them, or a
//! semi one (whose key it plays); it is lost when the opponent holds a full one.
//! Otherwise the moves narrow to the opponent's must-play region — the cells common
//! to the carriers of all its semi connections between its edges, since a move
//! outside one of them lets the opponent play its key and join.  All of it is read
//! from the board after fill-in (see `fill`): dead and captured cells take their
//! colours first, which strengthens the connections, and no move into a filled
//! cell is searched (it is no better than passing, or than the move it answers).
//! Of the moves left, one that another move kept dominates (its stone there would
//! make the cell dead or captured: see `dominated`) is not searched either.

use super::board::Axis;
use super::cells::{bit, Cells};
use super::dominated::undominated;
use super::fill::fill_in;
use super::memo::{self, Verdict};
use super::vc::edge_links;
use super::{Hex, HexMove};
use crate::game::Insight;

/// What Hex knowledge settles at `hex`, whose legal moves are `moves` (see
/// `Game::insight`).  Boards of more than 64 cells, or less than two cells across,
/// get no knowledge, nor does the opening under the swap rule while a swap may still
/// come (the first move, and the second player's choice to swap); once it is past,
/// the game is Hex.
pub fn insight(hex: &Hex, moves: &mut Vec<HexMove>) -> Insight<HexMove> {
    if hex.winner.is_some()
        || (hex.swap && (hex.board.stone_count() == 0 || hex.swap_cell().is_some()))
    {
        return Insight::Open;
    }
    let Some(mut cells) = Cells::of(&hex.board) else {
        return Insight::Open;
    };
    if cells.cols < 2 || cells.rows < 2 {
        return Insight::Open;
    }
    let me = hex.to_move;
    let key = memo::Key::of(&cells, me);
    let verdict = match memo::get(&key) {
        Some(v) => v,
        None => {
            let v = verdict(&mut cells, me, hex.axes);
            memo::put(&key, v);
            v
        }
    };
    match verdict {
        Verdict::Win(key) => Insight::Win(key.map(|k| k as HexMove)),
        Verdict::Loss => Insight::Loss,
        Verdict::Keep(must) => {
            moves.retain(|&m| (m as usize) < 64 && must & bit(m as usize) != 0);
            Insight::Open
        }
    }
}

/// The verdict on `cells` (filled in place) for `me` to move, the players joining
/// `axes`.
fn verdict(cells: &mut Cells, me: usize, axes: [Axis; 2]) -> Verdict {
    fill_in(cells, axes, 1 - me);
    // a chain the filled board joins is a won game
    let Some(mine) = edge_links(cells, me, axes[me]) else {
        return Verdict::Win(None);
    };
    if mine.win_now != 0 {
        return Verdict::Win(Some(mine.win_now.trailing_zeros() as u8));
    }
    if mine.full.is_some() {
        // a full connection holds whatever the side to move plays (an extra stone of
        // one's own never hurts in Hex)
        return Verdict::Win(None);
    }
    if let Some(&(_, key)) = mine.semi.iter().min_by_key(|(c, _)| c.count_ones()) {
        return Verdict::Win(Some(key as u8));
    }
    let Some(theirs) = edge_links(cells, 1 - me, axes[1 - me]) else {
        return Verdict::Loss;
    };
    if theirs.full.is_some() {
        return Verdict::Loss;
    }
    let mut must = cells.empty;
    if theirs.win_now != 0 {
        // two cells where the opponent joins at once cannot both be blocked
        must &= if theirs.win_now.count_ones() == 1 {
            theirs.win_now
        } else {
            0
        };
    }
    for &(carrier, _) in &theirs.semi {
        must &= carrier;
    }
    if must == 0 {
        return Verdict::Loss;
    }
    Verdict::Keep(undominated(cells, me, axes, must))
}
