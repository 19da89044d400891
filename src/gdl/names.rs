//! The Prolog names of a rule sheet's words: relations (a `_` after a name Prolog
//! or the protocol already has), symbols (numbers or atoms), atoms and variables.

/// Names a relation cannot keep in Prolog: the protocol's and this translation's
/// own predicates, and Prolog's built-in and library ones a sheet may well use
/// (`succ`, `member`, ...).  Such a relation gets a `_` after its name.
pub const TAKEN: &[&str] = &[
    "initial",
    "to_move",
    "play",
    "outcome",
    "evaluate",
    "position",
    "move",
    "view",
    "explain_illegal",
    "summary",
    "requires",
    "option",
    "roles",
    "choices",
    "mover",
    "turn",
    "joint",
    "does_list",
    "goal_values",
    "ranked",
    "true",
    "does",
    "holds",
    "member",
    "memberchk",
    "append",
    "length",
    "succ",
    "plus",
    "between",
    "sort",
    "msort",
    "keysort",
    "nth0",
    "nth1",
    "last",
    "reverse",
    "select",
    "sum_list",
    "max_list",
    "min_list",
    "maplist",
    "foldl",
    "findall",
    "forall",
    "atom",
    "number",
    "integer",
    "var",
    "nonvar",
    "compound",
    "callable",
    "is_list",
    "ground",
    "functor",
    "arg",
    "call",
    "not",
    "fail",
    "false",
    "halt",
    "catch",
    "throw",
    "once",
    "ignore",
    "write",
    "nl",
    "read",
    "phrase",
    "copy_term",
    "exclude",
    "include",
    "delete",
    "subtract",
    "numlist",
    "format",
    "print",
    "assert",
    "asserta",
    "assertz",
    "retract",
    "abolish",
    "open",
    "close",
    "compare",
    "dif",
    "repeat",
    "list_to_set",
    "permutation",
    "partition",
    "atom_length",
    "legal_moves",
    "legal_count",
    "nth_legal",
    "position_error",
    "set_to_move",
    "is",
    "state",
    "squares",
    "square_marks",
    "add_mark",
    "closed",
    "square",
    "board_column",
    "board_row",
    "term_variables",
    "recursions",
    "recursions_from",
    "recursion",
    "fixpoint",
    "derived",
    "new_facts",
    "made",
    "made_from",
    "moved",
];

/// A relation's predicate name: its own, or with a `_` after a name Prolog has.
pub fn relation_atom(name: &str) -> String {
    if TAKEN.contains(&name) {
        atom(&format!("{name}_"))
    } else {
        atom(name)
    }
}

/// A symbol: a number when it is one (GDL's `1` and Prolog's `1` compare alike),
/// else an atom.
pub fn symbol(s: &str) -> String {
    let numeric = !s.is_empty()
        && s.chars().all(|c| c.is_ascii_digit())
        && (s == "0" || !s.starts_with('0'))
        && s.parse::<i64>().is_ok();
    if numeric {
        s.to_string()
    } else {
        atom(s)
    }
}

/// An atom as Prolog reads it: bare when it is a plain name, else quoted.
pub fn atom(s: &str) -> String {
    let plain = s.starts_with(|c: char| c.is_ascii_lowercase())
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
    }
}

/// A variable's Prolog name: capitalised, other characters than letters and digits
/// as `_`.
pub fn var(v: &str) -> String {
    let mut out = String::new();
    for (i, c) in v.chars().enumerate() {
        let c = if c.is_ascii_alphanumeric() { c } else { '_' };
        if i == 0 {
            if c.is_ascii_digit() || c == '_' {
                out.push('V');
                out.push(c);
            } else {
                out.push(c.to_ascii_uppercase());
            }
        } else {
            out.push(c);
        }
    }
    if out.is_empty() {
        out.push('V');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_prolog_names() {
        assert_eq!(atom("cell"), "cell");
        assert_eq!(atom("x-player"), "'x-player'");
        assert_eq!(atom("Big"), "'Big'");
        assert_eq!(symbol("10"), "10");
        assert_eq!(symbol("007"), "'007'");
        assert_eq!(var("x"), "X");
        assert_eq!(var("my-var"), "My_var");
        assert_eq!(var("1st"), "V1st");
        assert_eq!(relation_atom("succ"), "succ_");
    }
}
