//! Where a Prolog text that scryer's reader refused goes wrong, and what was expected
//! there: scryer's syntax errors name no position, so the text is scanned again with
//! a small tokenizer that knows the standard operators and finds the first token that
//! cannot follow the ones before it.
//!
//! It finds unclosed quotes and brackets, brackets that close nothing or the wrong
//! bracket, empty arguments (`[1,2,,3]`), two terms with no operator between them
//! (`X = a b`, a missing comma, a missing full stop before the next clause), and an
//! operator too strong for where it stands (`X = \+ a`, `f(a :- b)`).  It says nothing
//! when it finds nothing: the reader's own words stand then.  One check runs before
//! any reader (`open_end`): a text that ends in a `/` or `/*` with nothing after it.

#[path = "syntax_tokens.rs"]
mod tokens;
use tokens::{token_width, tokenize, Tok, Token};

/// A place in a text and what goes wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxHint {
    /// 1-based line and column (in characters).
    pub line: usize,
    pub column: usize,
    /// What was expected, or what is wrong, in words.
    pub what: String,
}

impl SyntaxHint {
    /// The hint with the line of `text` it points into, marked: `  X = a b.` then
    /// `        ^` (the line cut to 80 characters around the mark).
    pub fn marked(&self, text: &str) -> String {
        let line = text.lines().nth(self.line - 1).unwrap_or("");
        let chars: Vec<char> = line.chars().collect();
        let from = self.column.saturating_sub(60);
        let shown: String = chars.iter().skip(from).take(80).collect();
        let shown = crate::render::terminal_text(&shown).into_owned();
        format!(
            "  {shown}\n  {}^",
            " ".repeat(self.column.saturating_sub(1 + from))
        )
    }
}

const SYMBOL_CHARS: &str = "+-*/\\^<>=~:.?@#&$";

/// The standard operators (scryer's, clpz's): (name, priority, type).  Not `xor`,
/// which is SWI-Prolog's operator and only a function in scryer (`xor(7, 2)`); the
/// REPL declares it, as SWI does.
const OPS: &[(&str, u32, &str)] = &[
    (":-", 1200, "xfx"),
    ("-->", 1200, "xfx"),
    (":-", 1200, "fx"),
    ("?-", 1200, "fx"),
    (";", 1100, "xfy"),
    ("|", 1100, "xfy"),
    ("->", 1050, "xfy"),
    ("*->", 1050, "xfy"),
    (":=", 990, "xfx"),
    ("\\+", 900, "fy"),
    ("#<==>", 760, "yfx"),
    ("#==>", 750, "xfy"),
    ("#<==", 750, "yfx"),
    ("#\\/", 740, "yfx"),
    ("#\\", 730, "yfx"),
    ("#/\\", 720, "yfx"),
    ("#\\", 710, "fy"),
    ("=", 700, "xfx"),
    ("\\=", 700, "xfx"),
    ("==", 700, "xfx"),
    ("\\==", 700, "xfx"),
    ("@<", 700, "xfx"),
    ("@>", 700, "xfx"),
    ("@=<", 700, "xfx"),
    ("@>=", 700, "xfx"),
    ("=..", 700, "xfx"),
    ("is", 700, "xfx"),
    ("=:=", 700, "xfx"),
    ("=\\=", 700, "xfx"),
    ("<", 700, "xfx"),
    (">", 700, "xfx"),
    ("=<", 700, "xfx"),
    (">=", 700, "xfx"),
    ("#=", 700, "xfx"),
    ("#\\=", 700, "xfx"),
    ("#<", 700, "xfx"),
    ("#>", 700, "xfx"),
    ("#=<", 700, "xfx"),
    ("#>=", 700, "xfx"),
    ("in", 700, "xfx"),
    ("ins", 700, "xfx"),
    (":", 200, "xfy"),
    ("+", 500, "yfx"),
    ("-", 500, "yfx"),
    ("/\\", 500, "yfx"),
    ("\\/", 500, "yfx"),
    ("..", 450, "xfx"),
    ("*", 400, "yfx"),
    ("/", 400, "yfx"),
    ("//", 400, "yfx"),
    ("rem", 400, "yfx"),
    ("mod", 400, "yfx"),
    ("div", 400, "yfx"),
    ("<<", 400, "yfx"),
    (">>", 400, "yfx"),
    ("**", 200, "xfx"),
    ("^", 200, "xfy"),
    ("-", 200, "fy"),
    ("+", 200, "fy"),
    ("\\", 200, "fy"),
    ("dynamic", 1150, "fx"),
    ("discontiguous", 1150, "fx"),
    ("initialization", 1150, "fx"),
    ("meta_predicate", 1150, "fx"),
    ("multifile", 1150, "fx"),
    ("table", 1150, "fx"),
];

/// The infix operator `name`: its priority and the most its right side may have.
fn infix(name: &str) -> Option<(u32, u32)> {
    OPS.iter()
        .find(|(n, _, t)| *n == name && t.len() == 3)
        .map(|&(_, p, t)| (p, if t == "xfy" { p } else { p - 1 }))
}

/// The prefix operator `name`: its priority.
fn prefix(name: &str) -> Option<u32> {
    OPS.iter()
        .find(|(n, _, t)| *n == name && t.len() == 2)
        .map(|&(_, p, _)| p)
}

/// The byte offset at which line `line` (from 1) of `text` starts.
fn line_start(text: &str, line: usize) -> usize {
    text.split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum()
}

/// The first problem in `text`, if the scan finds one.
pub fn find(text: &str) -> Option<SyntaxHint> {
    find_from(text, 1)
}

/// The first problem in `text` from its line `first_line` on (where the term the
/// reader refused starts); lines are counted in the whole text.
pub fn find_from(text: &str, first_line: usize) -> Option<SyntaxHint> {
    let start = line_start(text, first_line);
    let tokens = match tokenize(&text[start..], first_line) {
        Ok(t) => t,
        Err(h) => return Some(h),
    };
    check(&tokens)
}

/// A text that ends in a `/` or `/*` with nothing after it, in layout: scryer's
/// skipping of layout, which the sandbox reads with, takes it for the end of the
/// text, while its loader (given the text with a newline at its end) finds a comment
/// never closed or a term cut short.  Where it stands and what it is, if so.
pub fn open_end(text: &str) -> Option<SyntaxHint> {
    if !text.ends_with('/') {
        return open_comment_at_end(text);
    }
    // a scan that goes wrong before the end says nothing of it: the reader's own
    // words stand then
    let tokens = tokenize(&format!("{text}\n"), 1).ok()?;
    tokens
        .last()
        .filter(|t| matches!(&t.tok, Tok::Name { text, .. } if text == "/"))
        .map(|t| SyntaxHint {
            line: t.line,
            column: t.column,
            what: "the text ends at this /: a term cut short".into(),
        })
}

/// A text that ends in a `/*` that opens a comment (not one inside a comment, a
/// quote or a line comment): where it stands.
fn open_comment_at_end(text: &str) -> Option<SyntaxHint> {
    let body = text.strip_suffix("/*")?;
    let line = body.matches('\n').count() + 1;
    let column = body.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    match tokenize(&format!("{text}\n"), 1) {
        Err(h) if (h.line, h.column) == (line, column) && h.what.contains("/*") => Some(h),
        _ => None,
    }
}

/// The line of the goal `goal` (as written when it ran: `1=\=1`, `member(x, [])`) in
/// the body of the clause that starts at line `first_line` of `text`: the first
/// place after the clause's `:-` where its principal functor stands, if any.
pub fn goal_line(text: &str, first_line: usize, goal: &str) -> Option<usize> {
    let goal_tokens = tokenize(goal, 1).ok()?;
    let name = principal(&goal_tokens)?;
    // a qualified goal `m:g(...)` is found by its module and name, not by the `:`
    let name_of = |t: &Token| match &t.tok {
        Tok::Name { text, .. } => Some(text.clone()),
        _ => None,
    };
    let wanted: Vec<String> = match goal_tokens.get(..3) {
        Some([m, colon, g]) if name == ":" && name_of(colon).as_deref() == Some(":") => {
            vec![name_of(m)?, ":".into(), name_of(g)?]
        }
        _ => vec![name],
    };
    let start = line_start(text, first_line);
    let tokens = tokenize(&text[start..], first_line).ok()?;
    let body = tokens
        .iter()
        .position(|t| matches!(&t.tok, Tok::Name { text, .. } if text == ":-" || text == "-->"))?;
    let body: Vec<&Token> = tokens[body + 1..]
        .iter()
        .take_while(|t| t.tok != Tok::End)
        .collect();
    body.windows(wanted.len())
        .find(|w| {
            w.iter()
                .zip(&wanted)
                .all(|(t, n)| name_of(t).as_ref() == Some(n))
        })
        .map(|w| w[0].line)
}

/// The principal functor of a term's tokens: the name of `f(...)` that spans the
/// term, else the strongest infix operator outside brackets.
fn principal(tokens: &[Token]) -> Option<String> {
    let mut depth = 0usize;
    let mut best: Option<(u32, &str)> = None;
    for (k, t) in tokens.iter().enumerate() {
        match &t.tok {
            Tok::Open(_) => depth += 1,
            Tok::Close(_) => depth = depth.saturating_sub(1),
            Tok::Name { text, .. } if depth == 0 && k > 0 => {
                if let Some((p, _)) = infix(text) {
                    if best.is_none_or(|(q, _)| p > q) {
                        best = Some((p, text.as_str()));
                    }
                }
            }
            _ => {}
        }
    }
    match (best, tokens.first().map(|t| &t.tok)) {
        (Some((_, op)), _) => Some(op.to_string()),
        (None, Some(Tok::Name { text, .. })) => Some(text.clone()),
        _ => None,
    }
}

fn hint(t: &Token, what: String) -> Option<SyntaxHint> {
    Some(SyntaxHint {
        line: t.line,
        column: t.column,
        what,
    })
}

/// How a token reads in a message.
fn shown(t: &Tok) -> String {
    match t {
        Tok::Name { text, .. } => format!("`{}`", crate::game::elide(text)),
        Tok::Var(v) => format!("`{}`", crate::game::elide(v)),
        Tok::Number => "a number".into(),
        Tok::Str => "a quoted text".into(),
        Tok::Open(c) | Tok::Close(c) => format!("`{c}`"),
        Tok::Comma => "`,`".into(),
        Tok::Bar => "`|`".into(),
        Tok::End => "the full stop".into(),
    }
}

/// An open bracket: its closer, whether it holds arguments (at most 999 each), and
/// where it was opened.
struct Open<'a> {
    close: char,
    arguments: bool,
    at: &'a Token,
}

fn check(tokens: &[Token]) -> Option<SyntaxHint> {
    let mut stack: Vec<Open> = Vec::new();
    let mut want_term = true;
    // the infix operator just read, with the most its right side may have
    let mut after_infix: Option<(&str, u32)> = None;
    for (k, t) in tokens.iter().enumerate() {
        let next = tokens.get(k + 1).map(|n| &n.tok);
        let starts_term = |tok: &Tok| {
            matches!(
                tok,
                Tok::Name { .. } | Tok::Var(_) | Tok::Number | Tok::Str | Tok::Open(_)
            )
        };
        if want_term {
            match &t.tok {
                Tok::Name { text, functor } => {
                    let as_prefix =
                        !functor && prefix(text).is_some() && next.is_some_and(starts_term);
                    if as_prefix {
                        let p = prefix(text).unwrap_or(0);
                        if let Some((op, most)) = after_infix.filter(|(_, most)| p > *most) {
                            return hint(t, format!(
                                "`{text}` (priority {p}) cannot stand right of `{op}`, which takes at most {most} there: put it in parentheses, `({text} …)`"
                            ));
                        }
                        after_infix = None;
                        continue;
                    }
                    if *functor {
                        continue;
                    }
                    // an operator that only stands between terms, where a term must be
                    if infix(text).is_some()
                        && prefix(text).is_none()
                        && next.is_some_and(starts_term)
                    {
                        let before = if k > 0 {
                            shown(&tokens[k - 1].tok)
                        } else {
                            "the start".into()
                        };
                        return hint(
                            t,
                            format!("expected a term after {before}, found the operator `{text}`"),
                        );
                    }
                    want_term = false;
                }
                Tok::Var(_) | Tok::Number | Tok::Str => want_term = false,
                Tok::Open(c) => {
                    let functor =
                        k > 0 && matches!(&tokens[k - 1].tok, Tok::Name { functor: true, .. });
                    let close = match c {
                        '(' => ')',
                        '[' => ']',
                        _ => '}',
                    };
                    if next == Some(&Tok::Close(close)) && *c != '(' {
                        // [] and {} are atoms
                        want_term = true;
                    }
                    stack.push(Open {
                        close,
                        arguments: functor || *c == '[',
                        at: t,
                    });
                }
                Tok::Close(c)
                    if matches!(c, ']' | '}')
                        && k > 0
                        && tokens[k - 1].tok == Tok::Open(if *c == ']' { '[' } else { '{' }) =>
                {
                    stack.pop();
                    want_term = false;
                }
                other => {
                    let before = if k > 0 {
                        shown(&tokens[k - 1].tok)
                    } else {
                        "the start".into()
                    };
                    return hint(
                        t,
                        format!("expected a term after {before}, found {}", shown(other)),
                    );
                }
            }
            after_infix = None;
            continue;
        }
        // after a term: an operator, a separator, a closing bracket or the end
        match &t.tok {
            Tok::Name { text, .. } if infix(text).is_some() => {
                let (p, most) = infix(text).unwrap_or((0, 0));
                if p > 999 && stack.last().is_some_and(|o| o.arguments) {
                    return hint(t, format!(
                        "`{text}` (priority {p}) inside an argument, which takes at most 999: put the argument in parentheses"
                    ));
                }
                want_term = true;
                after_infix = Some((text.as_str(), most));
            }
            Tok::Comma => {
                want_term = true;
                after_infix = (!stack.last().is_some_and(|o| o.arguments)).then_some((",", 1000));
            }
            Tok::Bar => {
                want_term = true;
                after_infix = None;
            }
            Tok::Close(c) => match stack.pop() {
                Some(o) if o.close == *c => {}
                Some(o) => {
                    return hint(
                        t,
                        format!(
                            "`{c}` where `{}` should close the `{}` opened at {}:{}",
                            o.close,
                            opener(o.close),
                            o.at.line,
                            o.at.column
                        ),
                    )
                }
                None => return hint(t, format!("`{c}` closes nothing")),
            },
            Tok::End => {
                if let Some(o) = stack.last() {
                    return hint(
                        t,
                        format!(
                            "the full stop comes before `{}` closes the `{}` opened at {}:{}",
                            o.close,
                            opener(o.close),
                            o.at.line,
                            o.at.column
                        ),
                    );
                }
                want_term = true;
            }
            other => {
                let before = shown(&tokens[k - 1].tok);
                let mut what = format!(
                    "expected an operator or `,` between {before} and {}",
                    shown(other)
                );
                if matches!(other, Tok::Name { text, .. } if text == "xor") {
                    what.push_str(" (`xor` is no operator in scryer-prolog: write xor(A, B))");
                }
                if t.line > tokens[k - 1].line {
                    what = if t.column == 1 {
                        format!(
                            "expected `.` at the end of line {} (a clause seems to start at {}:1)",
                            tokens[k - 1].line,
                            t.line
                        )
                    } else {
                        format!(
                            "expected `,` or an operator at the end of line {}, before {} on line {}",
                            tokens[k - 1].line,
                            shown(other),
                            t.line
                        )
                    };
                    return hint(&tokens[k - 1], what).map(|mut h| {
                        h.column += token_width(&tokens[k - 1]);
                        h
                    });
                }
                return hint(t, what);
            }
        }
    }
    let o = stack.last()?;
    hint(o.at, format!("`{}` is never closed", opener(o.close)))
}

/// The opening bracket of a closing one.
fn opener(close: char) -> char {
    match close {
        ')' => '(',
        ']' => '[',
        _ => '{',
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> (usize, usize, String) {
        let h = find(text).unwrap_or_else(|| panic!("no hint for {text}"));
        (h.line, h.column, h.what)
    }

    #[test]
    fn the_repl_queries_of_the_issue() {
        assert_eq!(at("X = a b.").1, 7);
        assert!(at("X = a b.").2.contains("between `a` and `b`"));
        let (_, col, what) = at("X = [1,2,,3].");
        assert_eq!(col, 10);
        assert!(what.contains("expected a term after `,`"), "{what}");
        let (_, col, what) = at("X = f(a)).");
        assert_eq!(col, 9);
        assert_eq!(what, "`)` closes nothing");
        let (_, col, what) = at("X = \\+ a.");
        assert_eq!(col, 5);
        assert!(what.contains("priority 900"), "{what}");
        assert!(find("X = f(a), \\+ g(X), Y = [1|T], Z = 'a b', W = \"x\".").is_none());
        assert!(find("X = (a :- b), Y = - 1, Z = a- -1, f(- , a).").is_none());
        assert!(find("X = [], Y = {}, Z = 0'a, W = 1.5e3, V = a:b:c.").is_none());
        assert!(find("X = 1_000, Y = 0x1F, Z = 0b101, W = 1.0e-3, V = 2.5E+2.").is_none());
        let (_, col, what) = at("X = 1e.");
        assert_eq!(col, 5);
        assert!(what.contains("`1e` is not a number"), "{what}");
        assert!(at("X = 1e10.").2.contains("digits on both sides"));
        assert!(at("X = 1.0Inf.").2.contains("infinite"));
        assert!(at("X = 12abc.").2.contains("a letter follows"));
        assert!(at("Z is 7 xor 2.").2.contains("write xor(A, B)"));
        let (_, col, what) = at("X is 1 + * 2.");
        assert_eq!(
            (col, what.as_str()),
            (10, "expected a term after `+`, found the operator `*`")
        );
    }

    #[test]
    fn clauses_of_a_file() {
        let missing_stop = "p(a) :-\n    q(a)\nr(b) :- s.\n";
        let (line, col, what) = at(missing_stop);
        assert_eq!((line, col), (2, 9));
        assert!(what.contains("expected `.` at the end of line 2"), "{what}");
        let missing_comma = "p(X) :-\n    q(X)\n    r(X).\n";
        let (line, col, what) = at(missing_comma);
        assert_eq!((line, col), (2, 9));
        assert!(
            what.contains("expected `,` or an operator at the end of line 2, before `r`"),
            "{what}"
        );
        let (line, col, what) = at("p :- f(a, [1, 2).\n");
        assert_eq!((line, col), (1, 16));
        assert!(what.contains("where `]` should close"), "{what}");
        assert_eq!(
            at("p :- 'abc.\n").2,
            "the quote ' opened here is never closed"
        );
        assert!(at("p(a :- b).").2.contains("inside an argument"));
        assert!(find("p(X) :- X = \"a.b\", q. % a comment.\n/* c */ r.").is_none());
    }

    #[test]
    fn goals_are_found_at_their_lines() {
        let text = "p(X) :-\n    q(X),\n    X =\\= 1,\n    r(X).\n";
        assert_eq!(goal_line(text, 1, "1=\\=1"), Some(3));
        assert_eq!(goal_line(text, 1, "r(2)"), Some(4));
        assert_eq!(goal_line(text, 1, "q([a,b])"), Some(2));
        assert_eq!(goal_line(text, 1, "s(1)"), None);
        // qualified goals by module and name, not at the first `:`
        let text = "p(B) :-\n    grid:in(B),\n    board:cell(B, 1, e),\n    board:set(B).\n";
        assert_eq!(goal_line(text, 1, "board:cell(b(e),1,e)"), Some(3));
        assert_eq!(goal_line(text, 1, "board:set(b(e))"), Some(4));
        assert_eq!(goal_line(text, 1, "grid:in(b)"), Some(2));
    }

    #[test]
    fn the_mark_points_at_the_column() {
        let h = find("X = a b.").unwrap();
        assert_eq!(h.marked("X = a b."), "  X = a b.\n        ^");
    }

    #[test]
    fn a_slash_or_an_opened_comment_at_the_very_end_is_found_and_nothing_else() {
        let slash = open_end("a.\n/").expect("a slash");
        assert_eq!((slash.line, slash.column), (2, 1));
        let opened = open_end("a.\n  /*").expect("a comment opened");
        assert_eq!((opened.line, opened.column), (2, 3));
        assert!(opened.what.contains("never closed"), "{opened:?}");
        // a comment closed, a slash in a line comment or a quote, a text that ends
        // in a newline: nothing
        for text in [
            "a.\n/* x */",
            "a.\n% a/",
            "a.\n% b /*",
            "a.\n/* x /*",
            "a.\n/\n",
            "a.\n",
            // a quote's code, written either way, opens no quote
            "p(X) :- X = 0'\\', X == 39.\n% end /",
            "p(X) :- X = 0''', X == 39.\n% end /*",
        ] {
            assert_eq!(open_end(text), None, "{text:?}");
        }
        // a comment opened at the end after a closed one, and after a quote's code
        assert!(open_end("a.\n/* x *//*").is_some());
        assert!(open_end("p(0''').\n/*").is_some());
    }
}
