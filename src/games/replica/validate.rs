//! Which Replica positions a game can reach: at most 12 pieces a side, a king on
//! each side unless one was just captured, and no side to move that has already
//! won (the rule file's `position_error/2` says the same words).

/// The side names, white first.
const NAMES: [&str; 2] = ["white", "black"];
/// The corner each side's king must reach: h8 for White, a1 for Black.
const TARGET: [(usize, &str); 2] = [(63, "h8"), (0, "a1")];

/// Why no game reaches the position of these bitboards, or `Ok`.
pub fn position_error(men: [u64; 2], kings: [u64; 2], to_move: usize) -> Result<(), String> {
    for side in 0..2 {
        let n = (men[side] | kings[side]).count_ones();
        if n > 12 {
            return Err(format!(
                "{} has {n} pieces: a side has 12 at most",
                NAMES[side]
            ));
        }
    }
    if kings[0] == 0 && kings[1] == 0 {
        return Err("neither white nor black has a king: no game reaches that".into());
    }
    let on_target = [0, 1].map(|s| kings[s] >> TARGET[s].0 & 1 == 1);
    if on_target[0] && on_target[1] {
        return Err("white has a king on h8 and black one on a1: no game reaches that".into());
    }
    let (p, q) = (to_move, 1 - to_move);
    if kings[q] == 0 {
        return Err(format!(
            "{} has no king: the game ended when {} captured it, so {} is to move, not {}",
            NAMES[q], NAMES[p], NAMES[q], NAMES[p]
        ));
    }
    if on_target[p] {
        return Err(format!(
            "{} has a king on {}: the game ended with that move, so {} is to move, not {}",
            NAMES[p], TARGET[p].1, NAMES[q], NAMES[p]
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn impossible_positions() {
        assert!(position_error([1 << 9, 1 << 50], [1, 1 << 63], 0).is_ok());
        assert!(position_error([0, 0], [0, 0], 0)
            .unwrap_err()
            .starts_with("neither"));
        assert!(position_error([0, 0], [1 << 63, 1], 0)
            .unwrap_err()
            .starts_with("white has a king on h8 and black one on a1"));
        assert_eq!(
            position_error([0, 0], [0, 1 << 5], 1).unwrap_err(),
            "white has no king: the game ended when black captured it, so white is to move, not black"
        );
        assert!(position_error([0, 0], [1 << 5, 0], 1).is_ok());
        assert!(position_error([0, 0], [1 << 63, 1 << 5], 0)
            .unwrap_err()
            .starts_with("white has a king on h8: the game ended"));
        assert!(position_error([(1 << 13) - 1, 0], [0, 1], 1)
            .unwrap_err()
            .starts_with("white has 13 pieces"));
    }
}
