//! How a GDL literal, relation or term is written as a Prolog goal: the words
//! the translation (`emit`) and the recursions worked out at play (`fixpoint`)
//! both write.

use super::names::{atom, relation_atom, symbol};
use super::sheet::{Literal, Relation, Term};
use std::collections::BTreeSet;

/// `name(A, B)` with the state arguments put first: `name(S, D, A, B)`.
pub(super) fn insert_state(text: &str, name: &str, s: &str, d: &str) -> String {
    match text
        .strip_prefix(name)
        .and_then(|rest| rest.strip_prefix('('))
    {
        Some(args) => format!("{name}({s}, {d}, {args}"),
        None => format!("{name}({s}, {d})"),
    }
}

/// Whether a literal reads the position and the moves.
pub(super) fn uses(l: &Literal, dynamic: &BTreeSet<String>) -> (bool, bool) {
    match l {
        Literal::True(_) => (true, false),
        Literal::Does(..) => (false, true),
        Literal::Rel(r) if dynamic.contains(&r.name) => (true, true),
        Literal::Not(inner) => uses(inner, dynamic),
        Literal::Or(ls) => ls.iter().fold((false, false), |(s, d), l| {
            let (s1, d1) = uses(l, dynamic);
            (s || s1, d || d1)
        }),
        _ => (false, false),
    }
}

pub(super) fn literal(
    l: &Literal,
    dynamic: &BTreeSet<String>,
    names: &dyn Fn(&str) -> String,
) -> String {
    match l {
        Literal::Rel(r) => {
            let text = relation(r, dynamic, names);
            if dynamic.contains(&r.name) {
                insert_state(&text, &relation_atom(&r.name), "GState", "GDoes")
            } else {
                text
            }
        }
        Literal::True(t) => format!("holds(GState, {})", term(t, names)),
        Literal::Does(a, b) => format!("does(GDoes, {}, {})", term(a, names), term(b, names)),
        Literal::Not(inner) => format!("\\+ {}", literal(inner, dynamic, names)),
        Literal::Distinct(a, b) => format!("{} \\== {}", term(a, names), term(b, names)),
        Literal::Or(ls) => {
            let parts: Vec<String> = ls.iter().map(|l| literal(l, dynamic, names)).collect();
            format!("( {} )", parts.join(" ; "))
        }
    }
}

pub(super) fn relation(
    r: &Relation,
    _dynamic: &BTreeSet<String>,
    names: &dyn Fn(&str) -> String,
) -> String {
    let name = relation_atom(&r.name);
    if r.args.is_empty() {
        name
    } else {
        let args: Vec<String> = r.args.iter().map(|t| term(t, names)).collect();
        format!("{name}({})", args.join(", "))
    }
}

pub(super) fn term(t: &Term, names: &dyn Fn(&str) -> String) -> String {
    match t {
        Term::Var(v) => names(v),
        Term::Sym(s) => symbol(s),
        Term::Fn(f, args) => {
            if args.is_empty() {
                return atom(f);
            }
            let args: Vec<String> = args.iter().map(|a| term(a, names)).collect();
            format!("{}({})", atom(f), args.join(", "))
        }
    }
}
