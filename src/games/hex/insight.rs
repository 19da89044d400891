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
    verdict_on(cells, me, axes).0
}

/// The verdict on `cells` (filled in place) for `me` to move, with the empty cells
/// of the filled board a win or loss rests on: the carriers of the connections
/// that settle it.
fn verdict_on(cells: &mut Cells, me: usize, axes: [Axis; 2]) -> (Verdict, u64) {
    fill_in(cells, axes, 1 - me);
    // a chain the filled board joins is a won game
    let Some(mine) = edge_links(cells, me, axes[me]) else {
        return (Verdict::Win(None), 0);
    };
    if mine.win_now != 0 {
        let key = mine.win_now.trailing_zeros() as usize;
        return (Verdict::Win(Some(key as u8)), bit(key));
    }
    if let Some(carrier) = mine.full {
        // a full connection holds whatever the side to move plays (an extra stone of
        // one's own never hurts in Hex)
        return (Verdict::Win(None), carrier);
    }
    if let Some(&(carrier, key)) = mine.semi.iter().min_by_key(|(c, _)| c.count_ones()) {
        return (Verdict::Win(Some(key as u8)), carrier);
    }
    let Some(theirs) = edge_links(cells, 1 - me, axes[1 - me]) else {
        return (Verdict::Loss, 0);
    };
    if let Some(carrier) = theirs.full {
        return (Verdict::Loss, carrier);
    }
    let mut must = cells.empty;
    let mut used = 0;
    if theirs.win_now != 0 {
        // two cells where the opponent joins at once cannot both be blocked
        used |= theirs.win_now;
        must &= if theirs.win_now.count_ones() == 1 {
            theirs.win_now
        } else {
            0
        };
    }
    for &(carrier, _) in &theirs.semi {
        must &= carrier;
        used |= carrier;
    }
    if must == 0 {
        return (Verdict::Loss, used);
    }
    (Verdict::Keep(undominated(cells, me, axes, must)), 0)
}

/// For a position `insight` settles, a proof set: empty cells such that the winner
/// still wins when every other empty cell holds the loser's stone.  The carriers
/// of the connections that settle it, with the cells fill-in gave a colour; when
/// fill-in gave any, the verdict is worked out again on the board with the loser's
/// stones added, and the set is kept only if it still holds.  `None` when the
/// knowledge settles nothing here, the set does not hold, or the game is played
/// with the swap rule.
pub fn insight_support(hex: &Hex) -> Option<u64> {
    // (not under the swap rule, whose test positions are no games of it)
    if hex.winner.is_some() || hex.swap {
        return None;
    }
    let original = Cells::of(&hex.board)?;
    if original.cols < 2 || original.rows < 2 {
        return None;
    }
    let me = hex.to_move;
    let mut cells = Cells::of(&hex.board)?;
    let (verdict, carriers) = verdict_on(&mut cells, me, hex.axes);
    let winner = match verdict {
        Verdict::Win(_) => me,
        Verdict::Loss => 1 - me,
        Verdict::Keep(_) => return None,
    };
    let filled = original.empty & !cells.empty;
    let set = (carriers | filled) & original.empty;
    if filled == 0 {
        // a connection's carrier alone: the loser's stones elsewhere cannot touch it
        return Some(set);
    }
    let mut test = original;
    test.stones[1 - winner] |= test.empty & !set;
    test.empty = set;
    // (a test board the loser's stones join is read as the loser's win)
    let again = match verdict_on(&mut test, me, hex.axes).0 {
        Verdict::Win(_) => me,
        Verdict::Loss => 1 - me,
        Verdict::Keep(_) => return None,
    };
    (again == winner).then_some(set)
}
