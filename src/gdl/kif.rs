//! The KIF text of a GDL rule sheet read into s-expressions: symbols (case folded
//! to lower case, as GDL's symbols are case-insensitive), variables (`?x`) and
//! lists, each with the line it starts on; `;` starts a comment to the end of its line.

use super::GdlError;

/// One s-expression of a rule sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sexp {
    /// A symbol (lower case), with its line.
    Symbol(String, usize),
    /// A variable's name without its `?` (lower case), with its line.
    Var(String, usize),
    /// A parenthesised list, with the line of its `(`.
    List(Vec<Sexp>, usize),
}

impl Sexp {
    /// The line it starts on.
    pub fn line(&self) -> usize {
        match self {
            Sexp::Symbol(_, l) | Sexp::Var(_, l) | Sexp::List(_, l) => *l,
        }
    }

    /// The symbol, if it is one.
    pub fn symbol(&self) -> Option<&str> {
        match self {
            Sexp::Symbol(s, _) => Some(s),
            _ => None,
        }
    }
}

/// Reads every top-level s-expression of `text`.
pub fn read(text: &str) -> Result<Vec<Sexp>, GdlError> {
    let mut tokens = tokenize(text)?.into_iter().peekable();
    let mut out = Vec::new();
    while tokens.peek().is_some() {
        out.push(expression(&mut tokens)?);
    }
    Ok(out)
}

#[derive(Debug)]
enum Token {
    Open(usize),
    Close(usize),
    Word(String, usize),
}

fn tokenize(text: &str) -> Result<Vec<Token>, GdlError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let code = line.split(';').next().unwrap_or("");
        let mut word = String::new();
        let flush = |word: &mut String, out: &mut Vec<Token>| {
            if !word.is_empty() {
                out.push(Token::Word(std::mem::take(word).to_lowercase(), line_no));
            }
        };
        for c in code.chars() {
            match c {
                '(' => {
                    flush(&mut word, &mut out);
                    out.push(Token::Open(line_no));
                }
                ')' => {
                    flush(&mut word, &mut out);
                    out.push(Token::Close(line_no));
                }
                c if c.is_whitespace() => flush(&mut word, &mut out),
                c if c.is_control() => {
                    return Err(GdlError::at(line_no, "a control character in the text"))
                }
                c => word.push(c),
            }
        }
        flush(&mut word, &mut out);
    }
    Ok(out)
}

fn expression(
    tokens: &mut std::iter::Peekable<std::vec::IntoIter<Token>>,
) -> Result<Sexp, GdlError> {
    match tokens.next() {
        Some(Token::Word(w, line)) => word(w, line),
        Some(Token::Close(line)) => Err(GdlError::at(line, "a ')' closes nothing")),
        Some(Token::Open(line)) => {
            let mut items = Vec::new();
            loop {
                match tokens.peek() {
                    None => return Err(GdlError::at(line, "this '(' is never closed")),
                    Some(Token::Close(_)) => {
                        tokens.next();
                        return Ok(Sexp::List(items, line));
                    }
                    Some(_) => items.push(expression(tokens)?),
                }
            }
        }
        None => Err(GdlError::at(0, "the text ends inside an expression")),
    }
}

fn word(w: String, line: usize) -> Result<Sexp, GdlError> {
    match w.strip_prefix('?') {
        Some("") => Err(GdlError::at(line, "a '?' names no variable")),
        Some(name) => Ok(Sexp::Var(name.to_string(), line)),
        None => Ok(Sexp::Symbol(w, line)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_symbols_and_variables_with_their_lines() {
        let got = read("; a comment\n(<= (Legal ?W noop)\n  (true (control ?w)))").unwrap();
        assert_eq!(got.len(), 1);
        let Sexp::List(items, 2) = &got[0] else {
            panic!("{got:?}")
        };
        assert_eq!(items[0], Sexp::Symbol("<=".into(), 2));
        assert_eq!(
            items[1],
            Sexp::List(
                vec![
                    Sexp::Symbol("legal".into(), 2),
                    Sexp::Var("w".into(), 2),
                    Sexp::Symbol("noop".into(), 2)
                ],
                2
            )
        );
        assert_eq!(items[2].line(), 3);
    }

    #[test]
    fn unbalanced_text_is_refused_with_its_line() {
        assert_eq!(read("(a\n(b)").unwrap_err().line, 1);
        assert_eq!(read("(a)\n)").unwrap_err().line, 2);
        assert!(read("(f ?)").is_err());
    }
}
