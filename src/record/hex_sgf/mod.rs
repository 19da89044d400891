//! Hex's conventions of SGF (GM[11]), read and written for Hex and Con-Tac-Tix.
//!
//! `SZ[n]` or `SZ[c:r]`; `;B[a1]` and `;W[b2]` (column letter, row number from the
//! top); Black moves first and joins top and bottom: Black is the first player (red in
//! Hex), White the second.  `swap-pieces` is this program's swap (the first stone
//! mirrored in the long diagonal and recoloured, then Black moves), `swap-sides` has
//! the players change colours: it is read as the same swap with the rest of the game
//! mirrored, so every record becomes a game of the fixed-colour rules.  `AB`/`AW`/`PL`
//! set up a position before the first move; `RE[B+]`, `PB`, `PW`, `DT` carry the result,
//! the players and the date.
//!
//! Read leniently, saying what was read unusually: Little Golem's files have no `GM`,
//! write the first player's moves as `W` (while `PB` and `RE` still name the first
//! player Black), use Go-style cells (`mf`: column m, row f), `swap` for swap-pieces,
//! and URL-encoded names; older HexGui and Benzene releases wrote `swap-pieces` for
//! swap-sides (`dialect` holds every such decision).

mod dialect;
mod read;
mod write;

pub use read::read;
pub use write::write;

use super::RecordError;
use crate::game::GameOptions;
use crate::games::notation::{cell_name, letter_column, Letters, MAX_COLUMNS};
use crate::games::scan::Scan;

/// The largest board side (Hex and Con-Tac-Tix cells are lettered a to z).
pub(super) const MAX_SIDE: usize = MAX_COLUMNS;

/// Whether a game's records may be SGF (GM[11]).
pub fn speaks_sgf(game: &str) -> bool {
    matches!(game, "hex" | "contactix")
}

/// The two player names of `game` with the user's options (Con-Tac-Tix names its colours).
pub(super) fn player_names(game: &str, options: &GameOptions) -> [String; 2] {
    match game {
        "contactix" => [
            options.get("vertical").unwrap_or("red").to_string(),
            options.get("horizontal").unwrap_or("blue").to_string(),
        ],
        _ => ["red".to_string(), "blue".to_string()],
    }
}

/// A tag name for a player: `red` → `Red` (names with capitals stay as they are).
pub fn player_tag(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(c) if name.chars().all(|c| !c.is_ascii_uppercase()) => {
            c.to_ascii_uppercase().to_string() + chars.as_str()
        }
        _ => name.to_string(),
    }
}

pub(super) fn invalid(line: usize, what: String) -> RecordError {
    RecordError::Syntax { line, what }
}

/// The name of cell (c, r) in `game`'s notation: `a1` in Hex, `A1` in Con-Tac-Tix.
pub(super) fn cell_text(game: &str, c: usize, r: usize) -> String {
    let case = if game == "contactix" {
        Letters::Upper
    } else {
        Letters::Lower
    };
    cell_name(c, r, case)
}

/// A cell of an SGF move or setup value: `a1` (Hex's notation) or `mf` (Go's, as Little
/// Golem writes); whether it was Go-style.
pub(super) fn read_cell(
    value: &str,
    cols: usize,
    rows: usize,
) -> Result<((usize, usize), bool), String> {
    let v = value.trim().to_ascii_lowercase();
    let letter = |x: u8| letter_column(x, Letters::Lower);
    let cell = match v.as_bytes() {
        [x, y] if letter(*y).is_some() => letter(*x).zip(letter(*y)).map(|c| (c, true)),
        _ => {
            let mut s = Scan::new(&v);
            s.cell(Letters::Lower)
                .filter(|_| s.at_end())
                .map(|c| (c, false))
        }
    };
    match cell {
        Some(((c, r), go)) if c < cols && r < rows => Ok(((c, r), go)),
        Some(_) => Err(format!("`{value}` is off the {cols}x{rows} board")),
        None => Err(format!("`{value}` is not a cell like a1 (or mf)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_read_either_way() {
        assert_eq!(read_cell("c2", 5, 5), Ok(((2, 1), false)));
        assert_eq!(read_cell("MF", 13, 13), Ok(((12, 5), true)));
        assert!(read_cell("f6", 5, 5)
            .unwrap_err()
            .contains("off the 5x5 board"));
        assert!(read_cell("a0", 5, 5).is_err());
        assert!(read_cell("swap", 5, 5).is_err());
    }
}
