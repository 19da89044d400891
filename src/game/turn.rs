//! Out-of-turn play through the position text: the same position with the other
//! player to move, for GTP controllers and record setups that place stones for
//! either side.
//!
//! Every game's position text is lossless and names the side to move as one word of
//! its own (documented in each rule file's header: `3x3 r2/3/3 blue`, `… white
//! supply=5,5`, `… red`).  Giving the move to the other player is replacing that word
//! and reading the text back: the engine's own parser judges the new position, so no
//! engine is bent to allow a move out of turn.

use super::engine::{Engine, EngineError, Pos};

/// A handle to `pos` with `player` to move: a copy when it is already `player`'s
/// turn, else the position read from its text with the side-to-move word replaced.
/// The engine's parser judges the new text (it may find the game over).
pub fn with_side_to_move(
    engine: &mut dyn Engine,
    pos: Pos,
    player: &str,
) -> Result<Pos, EngineError> {
    let info = engine.describe(pos)?;
    if info.to_move == player {
        return engine.copy(pos);
    }
    let text = swap_side_word(&info.position, &info.to_move, player)?;
    let next = engine.parse(&text)?;
    match engine.describe(next) {
        Ok(i) if i.to_move == player => Ok(next),
        Ok(i) => {
            engine.release(next);
            Err(EngineError::Position(format!(
                "cannot give the move to {player}: the position `{text}` has {} to move",
                i.to_move
            )))
        }
        Err(e) => {
            engine.release(next);
            Err(e)
        }
    }
}

/// The position text with its one word `from` (the side to move) replaced by `to`.
fn swap_side_word(text: &str, from: &str, to: &str) -> Result<String, EngineError> {
    let words: Vec<&str> = text.split(' ').collect();
    let at: Vec<usize> = (0..words.len()).filter(|&i| words[i] == from).collect();
    match at.as_slice() {
        [i] => {
            let mut out = words.clone();
            out[*i] = to;
            Ok(out.join(" "))
        }
        _ => Err(EngineError::Position(format!(
            "cannot give the move to {to}: the position `{text}` does not name the side to move \
             ({from}) by one word of its own"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_side_word_is_replaced_once() {
        assert_eq!(
            swap_side_word("3x3 r2/3/3 blue swap", "blue", "red").unwrap(),
            "3x3 r2/3/3 red swap"
        );
        assert_eq!(
            swap_side_word("3x3 x2/3/3 red red*blue", "red", "blue").unwrap(),
            "3x3 x2/3/3 blue red*blue"
        );
        assert!(swap_side_word("1x1 x x x*y", "x", "y").is_err());
        assert!(swap_side_word("3x3 3/3/3", "red", "blue").is_err());
    }
}
