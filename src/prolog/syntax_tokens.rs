//! The tokenizer of `syntax_hint`: a Prolog text as names, variables, numbers,
//! quoted items and punctuation, each with its line and column (an unclosed quote
//! is itself a hint).

use super::*;

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
    /// A name; `functor` when `(` follows at once.
    Name {
        text: String,
        functor: bool,
    },
    Var(String),
    Number,
    Str,
    Open(char),
    Close(char),
    Comma,
    Bar,
    End,
}

pub(super) struct Token {
    pub(super) tok: Tok,
    pub(super) line: usize,
    pub(super) column: usize,
}

/// About how many columns a token takes (for a mark just after it).
pub(super) fn token_width(t: &Token) -> usize {
    match &t.tok {
        Tok::Name { text, .. } | Tok::Var(text) => text.chars().count(),
        _ => 1,
    }
}

pub(super) fn tokenize(text: &str, first_line: usize) -> Result<Vec<Token>, SyntaxHint> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line, mut column) = (0usize, first_line, 1usize);
    let advance = |i: &mut usize, line: &mut usize, column: &mut usize, n: usize| {
        for _ in 0..n {
            if chars.get(*i) == Some(&'\n') {
                *line += 1;
                *column = 1;
            } else {
                *column += 1;
            }
            *i += 1;
        }
    };
    while i < chars.len() {
        let c = chars[i];
        let (l0, c0) = (line, column);
        let push = |out: &mut Vec<Token>, tok| {
            out.push(Token {
                tok,
                line: l0,
                column: c0,
            })
        };
        if c.is_whitespace() {
            advance(&mut i, &mut line, &mut column, 1);
        } else if c == '%' {
            while i < chars.len() && chars[i] != '\n' {
                advance(&mut i, &mut line, &mut column, 1);
            }
        } else if c == '/' && chars.get(i + 1) == Some(&'*') {
            let start = (line, column);
            advance(&mut i, &mut line, &mut column, 2);
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                advance(&mut i, &mut line, &mut column, 1);
            }
            if i >= chars.len() {
                return Err(SyntaxHint {
                    line: start.0,
                    column: start.1,
                    what: "this /* comment is never closed with */".into(),
                });
            }
            advance(&mut i, &mut line, &mut column, 2);
        } else if c == '"' || c == '\'' || c == '`' {
            let mut j = i + 1;
            loop {
                match chars.get(j) {
                    None => {
                        return Err(SyntaxHint {
                            line: l0,
                            column: c0,
                            what: format!("the quote {c} opened here is never closed"),
                        })
                    }
                    Some('\\') => j += 2,
                    Some(&q) if q == c && chars.get(j + 1) == Some(&c) => j += 2,
                    Some(&q) if q == c => break,
                    Some(_) => j += 1,
                }
            }
            let body: String = chars[i + 1..j].iter().collect();
            let n = j + 1 - i;
            advance(&mut i, &mut line, &mut column, n);
            let functor = chars.get(i) == Some(&'(');
            push(
                &mut out,
                if c == '\'' {
                    Tok::Name {
                        text: body,
                        functor,
                    }
                } else {
                    Tok::Str
                },
            );
        } else if c.is_ascii_digit() {
            let mut j = i;
            if c == '0' && chars.get(i + 1) == Some(&'\'') {
                // 0'c; a quote's code written 0''', and an escape, 0'\n or 0'\'
                j += match (chars.get(i + 2), chars.get(i + 3)) {
                    (Some('\''), Some('\'')) | (Some('\\'), Some(_)) => 4,
                    _ => 3,
                };
            } else {
                while j < chars.len() && (chars[j].is_ascii_alphanumeric() || chars[j] == '_') {
                    j += 1;
                }
                if chars.get(j) == Some(&'.') && chars.get(j + 1).is_some_and(char::is_ascii_digit)
                {
                    j += 1;
                    while j < chars.len() && (chars[j].is_ascii_alphanumeric() || chars[j] == '_') {
                        j += 1;
                    }
                    // a signed exponent: 1.0e-3
                    if matches!(chars[j - 1], 'e' | 'E')
                        && matches!(chars.get(j), Some('+' | '-'))
                        && chars.get(j + 1).is_some_and(char::is_ascii_digit)
                    {
                        j += 1;
                        while j < chars.len() && chars[j].is_ascii_digit() {
                            j += 1;
                        }
                    }
                }
                let word: String = chars[i..j].iter().collect();
                if let Some(what) = malformed_number(&word) {
                    return Err(SyntaxHint {
                        line: l0,
                        column: c0,
                        what,
                    });
                }
            }
            let n = j.min(chars.len()) - i;
            advance(&mut i, &mut line, &mut column, n);
            push(&mut out, Tok::Number);
        } else if c.is_alphabetic() || c == '_' {
            let mut j = i;
            while j < chars.len() && (chars[j].is_alphanumeric() || chars[j] == '_') {
                j += 1;
            }
            let word: String = chars[i..j].iter().collect();
            let n = j - i;
            advance(&mut i, &mut line, &mut column, n);
            let functor = chars.get(i) == Some(&'(');
            push(
                &mut out,
                if c.is_uppercase() || c == '_' {
                    Tok::Var(word)
                } else {
                    Tok::Name {
                        text: word,
                        functor,
                    }
                },
            );
        } else if c == '.'
            && chars
                .get(i + 1)
                .is_none_or(|n| n.is_whitespace() || *n == '%')
        {
            advance(&mut i, &mut line, &mut column, 1);
            push(&mut out, Tok::End);
        } else if SYMBOL_CHARS.contains(c) {
            let mut j = i;
            while j < chars.len() && SYMBOL_CHARS.contains(chars[j]) {
                j += 1;
            }
            // a symbol name does not swallow the full stop that ends the clause
            if chars[j - 1] == '.'
                && j - i > 1
                && chars.get(j).is_none_or(|n| n.is_whitespace() || *n == '%')
            {
                j -= 1;
            }
            let word: String = chars[i..j].iter().collect();
            let n = j - i;
            advance(&mut i, &mut line, &mut column, n);
            let functor = chars.get(i) == Some(&'(');
            push(
                &mut out,
                Tok::Name {
                    text: word,
                    functor,
                },
            );
        } else {
            advance(&mut i, &mut line, &mut column, 1);
            let functor = chars.get(i) == Some(&'(');
            push(
                &mut out,
                match c {
                    '(' | '[' | '{' => Tok::Open(c),
                    ')' | ']' | '}' => Tok::Close(c),
                    ',' => Tok::Comma,
                    '|' => Tok::Bar,
                    _ => Tok::Name {
                        text: c.to_string(),
                        functor,
                    },
                },
            );
        }
    }
    Ok(out)
}

/// What is wrong with a token that starts with a digit, if it is no number scryer
/// reads: 12, 1_000, 0x1F, 0o17, 0b101, 1.5, 1.5e3, 1.0e-3.
fn malformed_number(word: &str) -> Option<String> {
    let digits = |s: &str, radix: u32| {
        !s.is_empty()
            && !s.starts_with('_')
            && !s.ends_with('_')
            && !s.contains("__")
            && s.chars().all(|c| c == '_' || c.is_digit(radix))
    };
    let radix = [("0x", 16), ("0o", 8), ("0b", 2)]
        .into_iter()
        .find_map(|(p, r)| word.strip_prefix(p).map(|rest| (rest, r)));
    let ok = match radix {
        Some((rest, r)) => digits(rest, r),
        None => match word.split_once('.') {
            None => digits(word, 10),
            Some((whole, fraction)) => {
                let (fraction, exponent) = match fraction.find(['e', 'E']) {
                    Some(k) => (&fraction[..k], Some(&fraction[k + 1..])),
                    None => (fraction, None),
                };
                digits(whole, 10)
                    && !fraction.is_empty()
                    && fraction.chars().all(|c| c.is_ascii_digit())
                    && exponent.is_none_or(|e| {
                        let e = e.strip_prefix(['+', '-']).unwrap_or(e);
                        !e.is_empty() && e.chars().all(|c| c.is_ascii_digit())
                    })
            }
        },
    };
    if ok {
        return None;
    }
    let shown = crate::game::elide(word);
    let lower = word.to_ascii_lowercase();
    Some(if lower.ends_with("inf") || lower.ends_with("nan") {
        format!("`{shown}` is not a number: scryer-prolog has no literal for an infinite or undefined float (SWI-Prolog's 1.0Inf, 1.5NaN)")
    } else if word
        .split_once(['e', 'E'])
        .is_some_and(|(m, e)| m.chars().chain(e.chars()).all(|c| c.is_ascii_digit()))
    {
        format!("`{shown}` is not a number: a float needs digits on both sides of its point, as in 1.0e10")
    } else {
        format!(
            "`{shown}` is not a number: a letter follows its digits (a missing operator or space?)"
        )
    })
}
