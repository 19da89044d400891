//! The moves of a text of moves separated by spaces, where one move may itself hold
//! spaces: words inside one pair of parentheses (a GDL move, `(mark 1 1)`) and moves
//! joined by `&` (a joint move, `(show heads) & (show tails)`) are one move.

/// The moves of `words`, taken in order.
pub fn move_words<'a>(words: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    // first the words inside parentheses together
    let mut units: Vec<String> = Vec::new();
    let mut depth = 0i64;
    for w in words {
        match units.last_mut() {
            Some(last) if depth > 0 => {
                last.push(' ');
                last.push_str(w);
            }
            _ => units.push(w.to_string()),
        }
        depth = (depth + w.matches('(').count() as i64 - w.matches(')').count() as i64).max(0);
    }
    // then the moves joined by `&`
    let mut moves: Vec<String> = Vec::new();
    let mut join = false;
    for u in units {
        match moves.last_mut() {
            Some(last) if join || u == "&" => {
                last.push(' ');
                last.push_str(&u);
                join = u == "&";
            }
            _ => moves.push(u),
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::move_words;

    #[test]
    fn a_move_in_parentheses_and_a_joint_move_are_one_move() {
        let t = "a1 (mark 1 1) (show heads) & (show tails) (f (g x) y) b2";
        assert_eq!(
            move_words(t.split_whitespace()),
            [
                "a1",
                "(mark 1 1)",
                "(show heads) & (show tails)",
                "(f (g x) y)",
                "b2"
            ]
        );
        assert_eq!(move_words("a1 b2".split_whitespace()), ["a1", "b2"]);
    }
}
