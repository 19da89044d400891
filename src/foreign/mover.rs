//! A piece that moves up to a range through empty cells and takes what it meets: one
//! mover of a movers list (board.pl's reach_moves/3), as the board table walks it
//! (`Table::reach_moves`) and the registry of lists holds it (`board_movers`).

use super::board_table::Code;

/// A piece that moves up to a range through empty cells (and the cells holding
/// one of `through`) and takes what it meets (board.pl's reach_moves/3).
#[derive(Debug, Clone, PartialEq)]
pub struct Mover {
    /// The code of the piece.
    pub code: Code,
    /// The cells the piece must stand on for this mover to fit it; none for any.
    pub on: Option<Vec<usize>>,
    /// How many steps it moves.
    pub range: i64,
    /// The codes it may take.
    pub takes: Vec<Code>,
    /// The codes it passes over.
    pub through: Vec<Code>,
}

impl Mover {
    /// A mover of `code` on any cell, passing over nothing.
    #[cfg(test)]
    pub fn new(code: Code, range: i64, takes: Vec<Code>) -> Mover {
        Mover {
            code,
            on: None,
            range,
            takes,
            through: Vec::new(),
        }
    }

    /// Whether this mover fits the piece `code` on cell `k`.
    pub fn fits(&self, code: Code, k: usize) -> bool {
        self.code == code && self.on.as_ref().is_none_or(|ks| ks.contains(&k))
    }
}
