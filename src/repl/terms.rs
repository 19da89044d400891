//! Where typed Prolog text ends: splits input into terms at their full stops (a `.`
//! followed by layout, `%` or the end), skipping quoted text, `0'c` characters and
//! comments, so the REPL knows when a query is complete and where each clause of a
//! `[user]` block starts.

/// The characters that make up symbol-char tokens (`=..`, `-->`): a `.` among
/// them is part of the token, not a full stop.
fn symbol_char(c: char) -> bool {
    "#$&*+-./:<=>?@^~\\".contains(c)
}

/// The complete terms of `text`, each with the line (from 1) it starts on, and
/// what follows the last full stop (an unfinished term, or only layout).
pub fn split(text: &str) -> (Vec<(usize, String)>, String) {
    let chars: Vec<char> = text.chars().collect();
    let mut terms = Vec::new();
    let mut start = 0;
    let mut line = 1;
    let mut start_line = None;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c == '%' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '/' && chars.get(i + 1) == Some(&'*') {
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                if chars[i] == '\n' {
                    line += 1;
                }
                i += 1;
            }
            i += 2;
            continue;
        }
        if start_line.is_none() {
            start_line = Some(line);
            start = i;
        }
        match c {
            '\'' | '"' | '`' => {
                i += 1;
                while i < chars.len() {
                    match chars[i] {
                        '\\' => i += 2,
                        q if q == c && chars.get(i + 1) == Some(&c) => i += 2,
                        q if q == c => break,
                        '\n' => {
                            line += 1;
                            i += 1
                        }
                        _ => i += 1,
                    }
                }
                i += 1;
            }
            '0' if chars.get(i + 1) == Some(&'\'') => {
                // 0'c, 0'\n, 0''' (the quote itself)
                i += 2;
                match chars.get(i) {
                    Some('\\') => i += 2,
                    Some('\'') if chars.get(i + 1) == Some(&'\'') => i += 2,
                    Some(_) => i += 1,
                    None => {}
                }
            }
            '.' => {
                let before = if i > 0 { chars[i - 1] } else { ' ' };
                let after = chars.get(i + 1).copied();
                let ends = after.is_none_or(|a| a.is_whitespace() || a == '%');
                if ends && !symbol_char(before) {
                    let term: String = chars[start..=i].iter().collect();
                    terms.push((start_line.unwrap_or(line), term.trim().to_string()));
                    start = i + 1;
                    start_line = None;
                }
                i += 1;
            }
            _ => {
                // a run of symbol chars is one token: `=..` is not a full stop
                if symbol_char(c) {
                    while i < chars.len() && symbol_char(chars[i]) {
                        if chars[i] == '.'
                            && chars
                                .get(i + 1)
                                .is_none_or(|a| a.is_whitespace() || a == &'%')
                            && i > 0
                            && !symbol_char(chars[i - 1])
                        {
                            break;
                        }
                        i += 1;
                    }
                } else {
                    i += 1;
                }
            }
        }
    }
    let rest: String = chars[start.min(chars.len())..].iter().collect();
    (terms, rest)
}

/// Whether `rest` (what follows the last full stop) holds nothing but layout and comments.
pub fn is_blank(rest: &str) -> bool {
    let (terms, _) = split(&format!("{rest} ."));
    terms.len() == 1 && terms[0].1 == "."
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(text: &str) -> Vec<String> {
        split(text).0.into_iter().map(|(_, t)| t).collect()
    }

    #[test]
    fn full_stops_end_terms() {
        assert_eq!(texts("a. b.\n"), ["a.", "b."]);
        assert_eq!(texts("X = 'a. b'."), ["X = 'a. b'."]);
        assert_eq!(texts("X = \"end. \"."), ["X = \"end. \"."]);
        assert_eq!(texts("X =.. Y."), ["X =.. Y."]);
        assert_eq!(texts("X = 0'. ."), ["X = 0'. ."]);
        assert_eq!(texts("X = 0''', Y = 1."), ["X = 0''', Y = 1."]);
        assert_eq!(texts("a --> [x]. % done. really\nb."), ["a --> [x].", "b."]);
        assert_eq!(texts("/* a. b. */ c."), ["c."]);
        assert_eq!(texts("X = 1.5."), ["X = 1.5."]);
        assert_eq!(texts("X = 'it''s'. "), ["X = 'it''s'."]);
    }

    #[test]
    fn an_unfinished_term_is_left_over() {
        let (terms, rest) = split("a.\nfoo(X,\n  Y");
        assert_eq!(terms, [(1, "a.".to_string())]);
        assert_eq!(rest, "foo(X,\n  Y");
        assert!(!is_blank(&rest));
        assert!(is_blank("  % a comment\n"));
        assert!(is_blank(""));
        assert!(!split("X = 'a.").1.is_empty());
    }

    #[test]
    fn terms_know_their_lines() {
        let (terms, _) = split("a.\n\n% c\nb :-\n  c.\n");
        assert_eq!(terms, [(1, "a.".into()), (4, "b :-\n  c.".into())]);
    }
}
