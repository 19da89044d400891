//! Cutting a Prolog text into its clauses and directives, each with the line it
//! starts on, so that each can be read on its own (by the Prolog reader, which does
//! the parsing) and named by file:line.  A clause ends at an end token: a `.` that is
//! not part of a longer symbol (`=..`) and is followed by layout, `%` or the end.

/// One clause or directive: its first line (from 1) and its text, ending with `.`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    pub line: usize,
    pub text: String,
}

/// What splitting a text gives: the chunks, the first line of a last clause that
/// has no end `.` (if there is one), and what follows the last end `.` (that
/// unfinished clause from its first token, or only layout and comments).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Split {
    pub chunks: Vec<Chunk>,
    pub unterminated: Option<usize>,
    pub rest: String,
}

const SYMBOL: &str = "+-*/\\^<>=~:.?@#&$";

fn is_alnum(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The index after the escape sequence that starts with the backslash at `i`
/// inside a quoted item: `\x41\` and `\101\` (a character code in hex or octal,
/// up to a closing backslash), else the backslash and one character (`\n`, `\'`).
fn escape_end(cs: &[char], i: usize) -> usize {
    let at = |j: usize| cs.get(j).copied();
    let digits: fn(char) -> bool = match at(i + 1) {
        Some('x') => |d| d.is_ascii_hexdigit(),
        Some('0'..='7') => |d| ('0'..='7').contains(&d),
        _ => return i + 2,
    };
    let mut j = if at(i + 1) == Some('x') { i + 2 } else { i + 1 };
    while at(j).is_some_and(digits) {
        j += 1;
    }
    if at(j) == Some('\\') {
        j + 1
    } else {
        j
    }
}

/// Splits `text` into clauses and directives.
pub fn split_clauses(text: &str) -> Split {
    let cs: Vec<char> = text.chars().collect();
    let n = cs.len();
    let at = |i: usize| cs.get(i).copied();
    let mut out = Split::default();
    let (mut i, mut line) = (0, 1);
    // where the text after the last end token starts
    let mut after_end = 0;
    // the index and line where the current chunk starts
    let mut start: Option<(usize, usize)> = None;
    while i < n {
        let c = cs[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '%' {
            while i < n && cs[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == Some('*') {
            i += 2;
            while i < n && !(cs[i] == '*' && at(i + 1) == Some('/')) {
                if cs[i] == '\n' {
                    line += 1;
                }
                i += 1;
            }
            i = (i + 2).min(n);
        } else if c == '\'' || c == '"' || c == '`' {
            start.get_or_insert((i, line));
            i += 1;
            while i < n {
                match cs[i] {
                    '\\' => {
                        if at(i + 1) == Some('\n') {
                            line += 1;
                        }
                        i = escape_end(&cs, i);
                    }
                    q if q == c && at(i + 1) == Some(c) => i += 2,
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
        } else if is_alnum(c) {
            start.get_or_insert((i, line));
            let from = i;
            while i < n && is_alnum(cs[i]) {
                i += 1;
            }
            // 0'c: the code of a character, which may be a quote or an escape
            if i - from == 1 && c == '0' && at(i) == Some('\'') {
                i += 1;
                match at(i) {
                    Some('\\') => i = escape_end(&cs, i),
                    Some('\'') if at(i + 1) == Some('\'') => i += 2,
                    Some(_) => i += 1,
                    None => {}
                }
            }
        } else if SYMBOL.contains(c) {
            start.get_or_insert((i, line));
            let from = i;
            while i < n && SYMBOL.contains(cs[i]) {
                i += 1;
            }
            let end = i - from == 1
                && c == '.'
                && at(i).is_none_or(|next| next.is_whitespace() || next == '%');
            if end {
                if let Some((s, l)) = start.take() {
                    out.chunks.push(Chunk {
                        line: l,
                        text: cs[s..i].iter().collect(),
                    });
                }
                after_end = i;
            }
        } else {
            start.get_or_insert((i, line));
            i += 1;
        }
    }
    out.unterminated = start.map(|(_, l)| l);
    // the unfinished clause from its first token, or the layout after the last end
    let from = start.map_or(after_end, |(s, _)| s);
    out.rest = cs[from.min(n)..].iter().collect();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines_and_texts(text: &str) -> Vec<(usize, String)> {
        split_clauses(text)
            .chunks
            .into_iter()
            .map(|c| (c.line, c.text))
            .collect()
    }

    #[test]
    fn clauses_end_at_an_end_token_only() {
        let text = "% a comment.\n:- module(m, [a/1]).\n\na(X) :- X =.. [f|_], Y = 'it''s. ok', Z = \"a. b\", W = 1.5.\n/* a\n block. */ b --> \"x\", [0'.].\nc(0'a, 0''', 0'\\n).";
        assert_eq!(
            lines_and_texts(text),
            vec![
                (2, ":- module(m, [a/1]).".to_string()),
                (
                    4,
                    "a(X) :- X =.. [f|_], Y = 'it''s. ok', Z = \"a. b\", W = 1.5.".to_string()
                ),
                (6, "b --> \"x\", [0'.].".to_string()),
                (7, "c(0'a, 0''', 0'\\n).".to_string()),
            ]
        );
    }

    #[test]
    fn a_code_escape_ends_at_its_closing_backslash() {
        // '\x0\' is one character: its closing backslash escapes no quote
        let text = r#"a('\x0\').
b("\101\\\").    % \101\ then an escaped backslash
c(0'\x41\, '\x').
d."#;
        assert_eq!(
            lines_and_texts(text),
            vec![
                (1, r#"a('\x0\')."#.to_string()),
                (2, r#"b("\101\\\")."#.to_string()),
                (3, r#"c(0'\x41\, '\x')."#.to_string()),
                (4, "d.".to_string()),
            ]
        );
    }

    #[test]
    fn an_unterminated_clause_is_reported() {
        let s = split_clauses("a.\nb :-\n  c\n");
        assert_eq!(s.chunks.len(), 1);
        assert_eq!(s.unterminated, Some(2));
        assert_eq!(split_clauses("a. % end").unterminated, None);
    }
}
