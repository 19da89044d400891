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
