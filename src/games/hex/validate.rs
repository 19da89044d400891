//! Which Hex and Con-Tac-Tix positions a game can reach: stone counts, the side to
//! move and the winner, checked when a position text is read (the rule files'
//! `position_error/2` says the same words).

use super::board::Board;
use super::{Hex, Style};

/// Who moves first, which fixes the stone counts a game can reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum First {
    /// The first player moves first (Hex); `swap`: the pie rule is on.
    Fixed { swap: bool },
    /// Either colour may start (Con-Tac-Tix positions carry `turn:`), or the stones
    /// were set up by hand.
    Either,
}

fn stones(n: usize) -> &'static str {
    if n == 1 {
        "stone"
    } else {
        "stones"
    }
}

/// The sides that may be to move with these stone counts (empty: no game has them).
fn sides(first: First, counts: [usize; 2]) -> Vec<usize> {
    let [x, y] = counts;
    match first {
        First::Fixed { swap } => {
            if x == y {
                if swap && y >= 1 {
                    vec![0, 1]
                } else {
                    vec![0]
                }
            } else if x == y + 1 {
                vec![1]
            } else if swap && y == x + 1 {
                vec![0]
            } else {
                vec![]
            }
        }
        // Con-Tac-Tix takes any position of an input file: its rules (contactix.md
        // section 3) say the stones per colour need not be balanced
        First::Either => vec![0, 1],
    }
}

/// Why no game reaches a position with these facts, or `Ok` when one does.
/// `names` are the players in turn order (index 0 joins top and bottom),
/// `won[p]`: player p's stones join its edges.
pub fn position_error(
    names: [&str; 2],
    first: First,
    counts: [usize; 2],
    won: [bool; 2],
    to_move: usize,
) -> Result<(), String> {
    let [x, y] = names;
    let allowed = sides(first, counts);
    if allowed.is_empty() {
        let why = match first {
            First::Fixed { swap: false } => format!("{x} moves first and the players alternate"),
            First::Fixed { swap: true } => format!(
                "{x} moves first, the players alternate, and a swap gives {y} one stone more"
            ),
            First::Either => "the players alternate".to_string(),
        };
        return Err(format!(
            "{x} has {} {} and {y} {}: no game reaches that ({why})",
            counts[0],
            stones(counts[0]),
            counts[1]
        ));
    }
    if won[0] && won[1] {
        return Err(format!(
            "both {x} and {y} join their edges: no game reaches that"
        ));
    }
    for w in 0..2 {
        if won[w] && to_move == w {
            let (winner, loser) = (names[w], names[1 - w]);
            return Err(format!(
                "{winner} joins its edges, so the game ended with its move and {loser} is to move, not {winner}"
            ));
        }
    }
    if !allowed.contains(&to_move) {
        return Err(format!(
            "with {} {x} and {} {y} {}, {} is to move, not {}",
            counts[0],
            counts[1],
            stones(counts[1]),
            names[allowed[0]],
            names[to_move]
        ));
    }
    Ok(())
}

impl Hex {
    /// Why no game reaches this position (read from a text), or `Ok`: a position
    /// marked ` setup` must be one no game reaches, and need only obey the winners' rules.
    pub(crate) fn validate(&self) -> Result<(), String> {
        if self.setup && self.rules.style == Style::Hex {
            if self.reached_by_play() {
                return Err(
                    "a game reaches this position: only a position no game reaches is marked ` setup`"
                        .to_string(),
                );
            }
            return self.error_under(First::Either);
        }
        let first = match self.rules.style {
            // Con-Tac-Tix takes any stones with either side to move (contactix.md section 3)
            Style::ConTacTix => First::Either,
            Style::Hex => First::Fixed { swap: self.swap },
        };
        self.error_under(first)
    }

    /// Whether a game of Hex reaches this position (its ` setup` mark aside).
    pub(crate) fn reached_by_play(&self) -> bool {
        self.error_under(First::Fixed { swap: self.swap }).is_ok()
    }

    /// Why no game with this turn order reaches the position, or `Ok`.
    fn error_under(&self, first: First) -> Result<(), String> {
        // the stones again, on a fresh board: a group's last stone reports its span
        let (cols, rows) = (self.board.cols(), self.board.rows());
        let mut fresh = Board::new(cols, rows);
        let mut counts = [0usize; 2];
        let mut won = [false; 2];
        for i in 0..cols * rows {
            if let Some(p) = self.board.stone(i) {
                counts[p] += 1;
                won[p] |= fresh.place(i, p, self.axes[p]);
            }
        }
        let names = [self.rules.names[0].as_str(), self.rules.names[1].as_str()];
        position_error(names, first, counts, won, self.to_move)?;
        match (first, won.iter().position(|&w| w)) {
            (First::Fixed { .. }, Some(w)) if !self.has_last_stone(w) => Err(format!(
                "{} joins its edges even with any one of its stones taken away, so no move \
                 was the last: no game reaches that",
                names[w]
            )),
            _ => Ok(()),
        }
    }

    /// Whether some stone of `player` leaves its edges unjoined when taken away: the
    /// stone the game's last move could have placed.
    fn has_last_stone(&self, player: usize) -> bool {
        let (cols, rows) = (self.board.cols(), self.board.rows());
        let mine: Vec<usize> = (0..cols * rows)
            .filter(|&i| self.board.stone(i) == Some(player))
            .collect();
        mine.iter().any(|&gone| {
            let mut fresh = Board::new(cols, rows);
            let mut joined = false;
            for &i in mine.iter().filter(|&&i| i != gone) {
                joined |= fresh.place(i, player, self.axes[player]);
            }
            !joined
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RB: [&str; 2] = ["red", "blue"];
    const NO_SWAP: First = First::Fixed { swap: false };

    #[test]
    fn counts_and_sides() {
        assert!(position_error(RB, NO_SWAP, [0, 0], [false; 2], 0).is_ok());
        assert!(position_error(RB, NO_SWAP, [1, 0], [false; 2], 1).is_ok());
        assert_eq!(
            position_error(RB, NO_SWAP, [3, 1], [false; 2], 1).unwrap_err(),
            "red has 3 stones and blue 1: no game reaches that (red moves first and the players alternate)"
        );
        assert_eq!(
            position_error(RB, NO_SWAP, [1, 1], [false; 2], 1).unwrap_err(),
            "with 1 red and 1 blue stone, red is to move, not blue"
        );
        let swap = First::Fixed { swap: true };
        assert!(position_error(RB, swap, [0, 1], [false; 2], 0).is_ok());
        assert!(position_error(RB, swap, [1, 1], [false; 2], 1).is_ok());
        assert!(position_error(RB, swap, [0, 0], [false; 2], 1).is_err());
        // Con-Tac-Tix: any counts, either side to move (contactix.md section 3), both ways
        assert!(position_error(RB, First::Either, [2, 3], [false; 2], 0).is_ok());
        for (counts, to_move) in [
            ([2, 4], 0),
            ([2, 4], 1),
            ([5, 1], 0),
            ([5, 1], 1),
            ([0, 3], 1),
        ] {
            assert!(position_error(RB, First::Either, counts, [false; 2], to_move).is_ok());
        }
    }

    #[test]
    fn a_join_no_last_stone_made_is_refused() {
        use crate::game::Game;
        let hex =
            Hex::from_options(&crate::game::GameOptions::parse(&["size=4"]).unwrap()).unwrap();
        // red's columns a and d both join top and bottom: no last move made the join
        let twice = hex.parse_position("4x4 rbbr/rbbr/rb1r/rbbr blue");
        assert_eq!(
            twice.err().map(|e| e.to_string()).as_deref(),
            Some("bad position: red joins its edges even with any one of its stones taken away, so no move was the last: no game reaches that")
        );
        assert!(hex.parse_position("4x4 rb2/rb2/rb2/r3 blue").is_ok());
    }

    #[test]
    fn winners() {
        assert_eq!(
            position_error(RB, NO_SWAP, [2, 2], [true, true], 0).unwrap_err(),
            "both red and blue join their edges: no game reaches that"
        );
        assert_eq!(
            position_error(RB, NO_SWAP, [2, 2], [false, true], 1).unwrap_err(),
            "blue joins its edges, so the game ended with its move and red is to move, not blue"
        );
    }
}
