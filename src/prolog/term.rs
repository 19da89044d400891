//! Moving data between Rust and Prolog: quoting texts into query syntax, reading answer terms.

use scryer_prolog::Term;

/// A Rust string as a Prolog double-quoted string (a list of chars), escaped.
pub fn quote_string(s: &str) -> String {
    quote(s, '"')
}

/// A Rust string as a quoted Prolog atom, escaped.
pub fn quote_atom(s: &str) -> String {
    quote(s, '\'')
}

fn quote(s: &str, q: char) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push(q);
    for ch in s.chars() {
        match ch {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c == q => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push_str(&format!("\\x{:x}\\", c as u32)),
            c => out.push(c),
        }
    }
    out.push(q);
    out
}

/// The text of a term that holds a string: a Prolog string, a list of
/// one-char atoms (or `'.'`-pairs of them), or an atom.
pub fn term_text(t: &Term) -> Option<String> {
    let mut out = String::new();
    let mut cur = t;
    loop {
        match cur {
            Term::String(s) => {
                out.push_str(s);
                return Some(out);
            }
            Term::Atom(a) if a == "[]" => return Some(out),
            Term::Atom(a) if out.is_empty() => return Some(a.clone()),
            Term::List(items) => {
                for item in items {
                    match item {
                        Term::Atom(c) if c.chars().count() == 1 => out.push_str(c),
                        _ => return None,
                    }
                }
                return Some(out);
            }
            Term::Compound(f, args) if f == "." && args.len() == 2 => match &args[0] {
                Term::Atom(c) if c.chars().count() == 1 => {
                    out.push_str(c);
                    cur = &args[1];
                }
                _ => return None,
            },
            _ => return None,
        }
    }
}

/// A refusal's reason as the rules gave it, where it is made of atoms, integers,
/// lists and compounds (a list of characters is a list of one-character atoms).
pub fn reason(t: &Term) -> Option<crate::game::Reason> {
    use crate::game::Reason;
    Some(match t {
        Term::Atom(a) if a == "[]" => Reason::List(Vec::new()),
        Term::Atom(a) => Reason::Atom(a.clone()),
        Term::Integer(_) => Reason::Int(term_integer(t)?),
        Term::String(s) => Reason::List(s.chars().map(|c| Reason::Atom(c.to_string())).collect()),
        Term::List(items) => Reason::List(items.iter().map(reason).collect::<Option<_>>()?),
        Term::Compound(f, args) if f == "." && args.len() == 2 => {
            let mut items = vec![reason(&args[0])?];
            match reason(&args[1])? {
                Reason::List(rest) => items.extend(rest),
                _ => return None,
            }
            Reason::List(items)
        }
        Term::Compound(f, args) => {
            Reason::Term(f.clone(), args.iter().map(reason).collect::<Option<_>>()?)
        }
        _ => return None,
    })
}

/// A term as a person reads it, in Prolog's own notation (atoms quoted where they
/// must be), never Rust's: what messages about a rule file's answers show.  Deep or
/// long terms are cut with `…`.
pub fn shown(t: &Term) -> String {
    let mut out = String::new();
    write_shown(&mut out, t, 0);
    out
}

/// The most characters and the deepest nesting `shown` writes.
const SHOWN_CHARS: usize = 400;
const SHOWN_DEPTH: usize = 32;

fn write_shown(out: &mut String, t: &Term, depth: usize) {
    if depth > SHOWN_DEPTH || out.len() > SHOWN_CHARS {
        out.push('…');
        return;
    }
    let args = |out: &mut String, items: &[Term]| {
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            write_shown(out, item, depth + 1);
            if out.len() > SHOWN_CHARS {
                out.push('…');
                return;
            }
        }
    };
    match t {
        Term::Integer(i) => out.push_str(&i.to_string()),
        Term::Float(f) => out.push_str(&format!("{f:?}")),
        Term::Atom(a) => out.push_str(&atom_shown(a)),
        Term::String(s) => out.push_str(&quote_string(s)),
        Term::List(items) => {
            out.push('[');
            args(out, items);
            out.push(']');
        }
        Term::Compound(f, items) => {
            out.push_str(&atom_shown(f));
            out.push('(');
            args(out, items);
            out.push(')');
        }
        Term::Var(v) if v.is_empty() => out.push('_'),
        Term::Var(v) => out.push_str(v),
        _ => out.push_str("(a number)"),
    }
}

/// An atom as Prolog writes it: bare when it may be, else quoted.
fn atom_shown(a: &str) -> String {
    let bare = a.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && a.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    let symbolic = !a.is_empty() && a.chars().all(|c| "+-*/\\^<>=~:.?@#&$".contains(c));
    if bare || symbolic || a == "[]" || a == "!" || a == ";" || a == "{}" {
        a.to_string()
    } else {
        quote_atom(a)
    }
}

/// The value of an integer term, if it fits.
pub fn term_integer(t: &Term) -> Option<i64> {
    match t {
        Term::Integer(i) => i.to_string().parse().ok(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_escapes_what_would_end_the_literal() {
        assert_eq!(quote_string(r#"a"b\c"#), r#""a\"b\\c""#);
        assert_eq!(quote_atom("it's"), r"'it\'s'");
        assert_eq!(quote_string("x\ny"), "\"x\\ny\"");
        assert_eq!(quote_string("\u{7}"), "\"\\x7\\\"");
    }

    #[test]
    fn terms_are_shown_as_prolog_writes_them() {
        let t = Term::compound(
            "error",
            [
                Term::compound(
                    "existence_error",
                    [
                        Term::atom("procedure"),
                        Term::compound("/", [Term::atom("foo"), Term::integer(2)]),
                    ],
                ),
                Term::list([Term::atom("A b"), Term::string("x"), Term::atom("[]")]),
            ],
        );
        assert_eq!(
            shown(&t),
            "error(existence_error(procedure, /(foo, 2)), ['A b', \"x\", []])"
        );
        let deep = (0..100).fold(Term::atom("x"), |t, _| Term::compound("f", [t]));
        assert!(shown(&deep).ends_with('…') || shown(&deep).contains('…'));
    }

    #[test]
    fn strings_come_back_in_several_shapes() {
        let pairs = Term::compound(
            ".",
            [
                Term::atom("a"),
                Term::compound(".", [Term::atom("b"), Term::string("cd")]),
            ],
        );
        assert_eq!(term_text(&pairs).as_deref(), Some("abcd"));
        assert_eq!(
            term_text(&Term::list([Term::atom("x")])).as_deref(),
            Some("x")
        );
        assert_eq!(term_text(&Term::atom("[]")).as_deref(), Some(""));
        assert_eq!(term_text(&Term::integer(3)), None);
    }
}
