//! Where in a clause a name stands: the line of a variable or a called goal's name
//! in a clause's text, found by reading the clause's tokens from its first line
//! (comments, quoted atoms and strings skipped), so a finding about one goal or one
//! variable is placed at the goal's line, not at the clause's first.

/// The line (1-based) of the first token `name` in the clause that starts on line
/// `first` of `text`, if the clause holds it; the clause ends at its end token (a
/// `.` followed by white space, a `%` or the end of the text).
pub fn line_of(text: &str, first: usize, name: &str) -> Option<usize> {
    if first == 0 || name.is_empty() {
        return None;
    }
    let start = line_start(text, first)?;
    let chars: Vec<char> = text[start..].chars().collect();
    let mut line = first;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => {
                line += 1;
                i += 1;
            }
            '%' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if chars.get(i + 1) == Some(&'*') => {
                i += 2;
                while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
                i += 2;
            }
            '\'' | '"' | '`' => {
                // a quoted atom or string: skipped whole (a doubled quote or a
                // backslash escape stays inside)
                i += 1;
                while i < chars.len() {
                    match chars[i] {
                        '\\' => i += 2,
                        q if q == c && chars.get(i + 1) == Some(&c) => i += 2,
                        q if q == c => {
                            i += 1;
                            break;
                        }
                        '\n' => {
                            line += 1;
                            i += 1;
                        }
                        _ => i += 1,
                    }
                }
            }
            '0' if chars.get(i + 1) == Some(&'\'') => {
                // a character code 0'c (0''' and 0'\n too)
                i += 2;
                if chars.get(i) == Some(&'\\') || chars.get(i) == Some(&'\'') {
                    i += 1;
                }
                i += 1;
            }
            '.' if chars
                .get(i + 1)
                .is_none_or(|n| n.is_whitespace() || *n == '%') =>
            {
                return None;
            }
            c if c.is_alphanumeric() || c == '_' => {
                let begin = i;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
                if chars[begin..i].iter().copied().eq(name.chars()) {
                    return Some(line);
                }
            }
            _ => i += 1,
        }
    }
    None
}

/// The byte offset at which line `n` (1-based) of `text` starts.
fn line_start(text: &str, n: usize) -> Option<usize> {
    if n == 1 {
        return Some(0);
    }
    text.match_indices('\n').nth(n - 2).map(|(i, _)| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "% turn
turn(at(C, R), N, Board, X, Y, Board1) :-
    integer(C), % a comment naming Board2
    I is R * N + C + 1,
    atom_length('Board2 in quotes', _),
    board:board_cel(Board, I, e),
    board:board_fill(Board, [I], X, Board2).
turn(pass, _, B, _, _, B) :- Board2 = 0'a.
";

    #[test]
    fn a_name_is_placed_at_its_line_in_the_clause() {
        assert_eq!(line_of(TEXT, 2, "board_cel"), Some(6));
        assert_eq!(line_of(TEXT, 2, "Board2"), Some(7));
        assert_eq!(line_of(TEXT, 2, "Board1"), Some(2));
        // not past the clause's end, nor in comments or quotes
        assert_eq!(line_of(TEXT, 2, "pass"), None);
        assert_eq!(line_of(TEXT, 8, "Board2"), Some(8));
        assert_eq!(line_of(TEXT, 2, "Board"), Some(2));
        // a part of a longer name is not the name
        assert_eq!(line_of(TEXT, 2, "board"), Some(6));
        assert_eq!(line_of(TEXT, 2, "oard"), None);
        assert_eq!(line_of(TEXT, 99, "turn"), None);
        assert_eq!(line_of(TEXT, 0, "turn"), None);
    }
}
