//! How answers are laid out on a terminal: long lines broken after a comma (outside
//! quotes) to fit the width, continued with an indent, and the full stop that ends
//! the last answer.

/// The indent of a continued line.
const INDENT: &str = "    ";

/// The pieces of `line` that may not be broken: each ends after a `,` or `|` that
/// is outside quotes.
fn pieces(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut quote: Option<char> = None;
    let mut start = 0;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        if let Some(q) = quote {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            '\'' | '"' | '`' => quote = Some(c),
            ',' | '|' => {
                out.push(&line[start..i + 1]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < line.len() {
        out.push(&line[start..]);
    }
    out
}

/// `text` with every line longer than `width` broken after commas, the rest of
/// it indented (a piece longer than the width stays whole).
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    for (n, line) in text.lines().enumerate() {
        if n > 0 {
            out.push('\n');
        }
        if line.chars().count() <= width {
            out.push_str(line);
            continue;
        }
        let mut used = 0;
        for piece in pieces(line) {
            let len = piece.chars().count();
            if used > INDENT.len() && used + len > width {
                out.push('\n');
                out.push_str(INDENT);
                used = INDENT.len();
                let piece = piece.trim_start();
                out.push_str(piece);
                used += piece.chars().count();
            } else {
                out.push_str(piece);
                used += len;
            }
        }
    }
    out
}

/// How an answer that ends a query is closed: `.`, or ` .` when its last
/// character would run into the full stop (`X = #` would read as `#.`).
pub fn full_stop(text: &str) -> &'static str {
    match text.chars().last() {
        Some(c) if "#$&*+-./:<=>?@^~\\".contains(c) => " .",
        _ => ".",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_break_after_commas() {
        let text = "L = [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]";
        let wrapped = wrap(text, 24);
        for line in wrapped.lines() {
            assert!(line.chars().count() <= 24, "{line:?} in {wrapped}");
        }
        assert_eq!(wrapped.replace("\n    ", ""), text);
        assert!(wrapped.lines().nth(1).unwrap().starts_with(INDENT));
    }

    #[test]
    fn quoted_commas_stay_and_short_lines_are_kept() {
        assert_eq!(wrap("X = 'a,b,c,d'", 5), "X = 'a,b,c,d'");
        assert_eq!(wrap("X = 1,\nY = 2", 80), "X = 1,\nY = 2");
    }

    #[test]
    fn a_trailing_symbol_gets_a_space_before_the_stop() {
        assert_eq!(full_stop("X = 1"), ".");
        assert_eq!(full_stop("X = #"), " .");
    }
}
