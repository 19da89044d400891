//! Why a move is refused, as a term both tiers give alike (`occupied(a1, red)`), and
//! the words it reads as, which only the game's rule file writes (its `refusal//1`).
//!
//! A rule file's `explain_illegal/3` gives the reason as a Prolog term; a native
//! engine builds the same term in Rust.  `check` compares the terms; a person reads
//! the words.  A native engine's words come from its rule file (see
//! `registry::drawn`), so each game's refusals are worded once.

use std::fmt;

/// A refusal's reason: a Prolog term of atoms, integers and lists (no operators, no
/// variables), so it reads the same whichever tier built it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Reason {
    Atom(String),
    Int(i64),
    List(Vec<Reason>),
    /// A compound term: its name and arguments (at least one).
    Term(String, Vec<Reason>),
}

impl Reason {
    /// The compound `name(args...)`, or the atom `name` when there are no arguments.
    pub fn term(name: &str, args: impl IntoIterator<Item = Reason>) -> Reason {
        let args: Vec<Reason> = args.into_iter().collect();
        if args.is_empty() {
            Reason::Atom(name.to_string())
        } else {
            Reason::Term(name.to_string(), args)
        }
    }

    /// The atom `name`.
    pub fn atom(name: impl Into<String>) -> Reason {
        Reason::Atom(name.into())
    }

    /// The integer `n`.
    pub fn int(n: impl Into<i64>) -> Reason {
        Reason::Int(n.into())
    }

    /// The list of `items`.
    pub fn list(items: impl IntoIterator<Item = Reason>) -> Reason {
        Reason::List(items.into_iter().collect())
    }
}

/// The reason as Prolog reads it back (`writeq/1`'s form): `occupied(a1,red)`,
/// `'A1'`, `[37,49]`.  Also the query syntax the host reads it from.
impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Atom(a) => write!(f, "{}", atom_syntax(a)),
            Reason::Int(n) => write!(f, "{n}"),
            Reason::List(items) => {
                f.write_str("[")?;
                for (i, x) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str("]")
            }
            Reason::Term(name, args) => {
                write!(f, "{}(", atom_syntax(name))?;
                for (i, x) in args.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// An atom as Prolog writes it quoted: bare when it is a plain name (`a1`, `red`)
/// or `[]`, else in single quotes.
fn atom_syntax(a: &str) -> String {
    let mut chars = a.chars();
    let plain = matches!(chars.next(), Some(c) if c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain || a == "[]" {
        a.to_string()
    } else {
        let mut out = String::from("'");
        for c in a.chars() {
            match c {
                '\\' | '\'' => {
                    out.push('\\');
                    out.push(c);
                }
                '\n' => out.push_str("\\n"),
                c => out.push(c),
            }
        }
        out.push('\'');
        out
    }
}

/// A refused move: why (a term, where the engine gives one) and the words a person
/// reads.  Engines outside ludolog, and rule files whose `explain_illegal/3` gives a
/// string, give words only.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Refusal {
    pub reason: Option<Reason>,
    /// The words; empty when nothing has worded the reason yet (a native engine's
    /// refusal before its rule file words it), and then the reason is shown.
    pub words: String,
    /// Where in a line of moves it was refused (`move 3: `), shown before the words.
    pub at: String,
}

impl Refusal {
    /// A refusal said in words only.
    pub fn words(words: impl Into<String>) -> Refusal {
        Refusal {
            reason: None,
            words: words.into(),
            at: String::new(),
        }
    }

    /// A refusal for `reason`, not worded yet.
    pub fn reason(reason: Reason) -> Refusal {
        Refusal {
            reason: Some(reason),
            words: String::new(),
            at: String::new(),
        }
    }

    /// Whether the reason still waits for its words.
    pub fn unworded(&self) -> bool {
        self.words.is_empty() && self.reason.is_some()
    }

    /// The same refusal said at `at` (`move 3: `), before where it was said before.
    pub fn prefixed(mut self, at: &str) -> Refusal {
        self.at.insert_str(0, at);
        self
    }

    /// Whether two engines refused for the same reason: the same term where both
    /// give one, else the same words.
    pub fn agrees(&self, other: &Refusal) -> bool {
        match (&self.reason, &other.reason) {
            (Some(a), Some(b)) => a == b,
            _ => self.said() == other.said(),
        }
    }

    /// The words, or the reason's term while it has none, without where.
    pub fn said(&self) -> String {
        match (&self.reason, self.words.is_empty()) {
            (Some(r), true) => r.to_string(),
            _ => self.words.clone(),
        }
    }
}

/// Where, then the words (or the reason's term while it has none).
impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.at, self.said())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_is_written_as_writeq_writes_it() {
        let r = Reason::term(
            "in_the_way",
            [
                Reason::atom("A1"),
                Reason::list([Reason::int(37), Reason::int(-2)]),
                Reason::atom("[]"),
                Reason::atom("it's"),
            ],
        );
        assert_eq!(r.to_string(), r"in_the_way('A1',[37,-2],[],'it\'s')");
        assert_eq!(Reason::term("swap_off", []), Reason::atom("swap_off"));
    }

    #[test]
    fn refusals_agree_on_their_terms_and_else_on_their_words() {
        let worded = |r: &str, w: &str| Refusal {
            words: w.into(),
            ..Refusal::reason(Reason::atom(r))
        };
        let (a, b) = (worded("x", "one"), worded("x", "two"));
        assert!(a.agrees(&b));
        assert!(!a.agrees(&Refusal::reason(Reason::atom("y"))));
        assert!(Refusal::words("one").agrees(&a));
        assert_eq!(Refusal::reason(Reason::atom("y")).to_string(), "y");
        assert_eq!(a.prefixed("move 3: ").to_string(), "move 3: one");
    }
}
