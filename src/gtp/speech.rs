//! How GTP's colours and vertices map to a game's players and moves.
//!
//! Colours: a game whose players are named `white` and `black` (Replica, Mitsudomoe)
//! keeps them by name; in every other game `black` is the first player and `white`
//! the second (Hex: black = red, joining top and bottom).  A player's own name
//! (`red`, `blue`) is a colour too.  Vertices are the game's own move notation, read
//! without regard to case; Hex and Con-Tac-Tix speak HexGui's dialect: lower-case
//! cells, `swap-pieces` for the swap (and `swap-sides`, the players trading colours).

/// The two dialects of vertices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// Hex and Con-Tac-Tix, as HexGui speaks them.
    Hex,
    /// The game's move notation as it is.
    Plain,
}

impl Dialect {
    /// The dialect of a game (by its name).
    pub fn of(game: &str) -> Dialect {
        if crate::record::speaks_sgf(game) {
            Dialect::Hex
        } else {
            Dialect::Plain
        }
    }
}

/// The player (0 or 1) a GTP colour names, given the game's player names.
pub fn player_of(colour: &str, names: &[String; 2]) -> Option<usize> {
    if let Some(i) = names.iter().position(|n| n.eq_ignore_ascii_case(colour)) {
        return Some(i);
    }
    let by_name =
        |name: &str, default: usize| names.iter().position(|n| n == name).unwrap_or(default);
    match colour.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(by_name("black", 0)),
        "w" | "white" => Some(by_name("white", 1)),
        _ => None,
    }
}

/// The GTP colour of a player: `B` or `W` (for final_score).
pub fn colour_letter(player: usize, names: &[String; 2]) -> char {
    match names[player].as_str() {
        "black" => 'B',
        "white" => 'W',
        _ if player == 0 => 'B',
        _ => 'W',
    }
}

/// The game's move for a vertex: a legal move that matches it without regard to
/// case, else the vertex as it is (for the engine to say what is wrong with it).
pub fn move_in(dialect: Dialect, vertex: &str, legal: &[String]) -> String {
    let v = match (dialect, vertex.to_ascii_lowercase().as_str()) {
        (Dialect::Hex, "swap-pieces") => "swap".to_string(),
        _ => vertex.to_string(),
    };
    legal
        .iter()
        .find(|m| m.eq_ignore_ascii_case(&v))
        .cloned()
        .unwrap_or(v)
}

/// The vertex of a move.
pub fn move_out(dialect: Dialect, mv: &str) -> String {
    match dialect {
        Dialect::Hex if mv == "swap" => "swap-pieces".to_string(),
        Dialect::Hex => mv.to_ascii_lowercase(),
        Dialect::Plain => mv.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(a: &str, b: &str) -> [String; 2] {
        [a.to_string(), b.to_string()]
    }

    #[test]
    fn colours_name_players_by_order_or_by_name() {
        let hex = names("red", "blue");
        assert_eq!(player_of("black", &hex), Some(0));
        assert_eq!(player_of("W", &hex), Some(1));
        assert_eq!(player_of("Blue", &hex), Some(1));
        assert_eq!(player_of("green", &hex), None);
        let replica = names("white", "black");
        assert_eq!(player_of("b", &replica), Some(1));
        assert_eq!(player_of("white", &replica), Some(0));
        assert_eq!(colour_letter(1, &replica), 'B');
        assert_eq!(colour_letter(0, &hex), 'B');
    }

    #[test]
    fn vertices_in_the_hex_dialect() {
        let legal = vec!["A1".to_string(), "swap".to_string()];
        assert_eq!(move_in(Dialect::Hex, "a1", &legal), "A1");
        assert_eq!(move_in(Dialect::Hex, "SWAP-PIECES", &legal), "swap");
        assert_eq!(move_in(Dialect::Hex, "z9", &legal), "z9");
        assert_eq!(move_out(Dialect::Hex, "swap"), "swap-pieces");
        assert_eq!(move_out(Dialect::Hex, "C3"), "c3");
        assert_eq!(move_out(Dialect::Plain, "B2*"), "B2*");
    }
}
