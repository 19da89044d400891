//! Where a rule sheet keeps a board, for its drawing: a fact `(cell X Y Mark)` (or
//! `cellholds`, `square`, `location`, `board`) of its positions, and every column X
//! and row Y such facts can name, found by following the sheet's rules from its
//! constants (the domains GGP players compute), so that the board is drawn whole
//! even where no fact names a square yet (Connect Four's empty columns).

use super::sheet::{Literal, Rule, Sheet, Term};
use std::collections::{BTreeMap, BTreeSet};

/// The names GGP rule sheets give the fact of a board's square, in the order one is
/// chosen when a sheet has several.
pub const BOARD_NAMES: [&str; 5] = ["cell", "cellholds", "square", "location", "board"];

/// The most values one argument of a relation takes in the analysis, and the most
/// instances of one argument of a rule's head: a sheet past them (a chess sheet's
/// moves) is followed no further there.
const MAX_VALUES: usize = 20_000;

/// The most rounds of the analysis (a sheet whose terms nest without end would
/// otherwise grow its domains for ever).
const MAX_ROUNDS: usize = 64;

/// The most values the analysis matches a literal against or makes of a head, over
/// all its rounds: a larger sheet is drawn from what was found by then (and the
/// facts of its positions) rather than delay its loading (the full Breakthrough
/// takes some 57,000).
const MAX_WORK: usize = 1_000_000;

/// A sheet's board: the name of the fact of a square, and the columns (its first
/// argument) and rows (its second) such facts can name, as the sheet writes them.
#[derive(Debug, PartialEq, Eq)]
pub struct Board {
    pub name: String,
    pub cols: Vec<String>,
    pub rows: Vec<String>,
}

/// The values each argument of each relation (name, arity) can take.
type Domains = BTreeMap<(String, usize), Vec<BTreeSet<Term>>>;

/// What variables of a rule's body can be bound to.
type Bindings = BTreeMap<String, BTreeSet<Term>>;

/// The board of a sheet, if its positions can hold the facts of one.
pub fn board(sheet: &Sheet) -> Option<Board> {
    let domains = domains(sheet);
    let facts = fluents(&domains);
    BOARD_NAMES.iter().find_map(|name| {
        let mut cols = BTreeSet::new();
        let mut rows = BTreeSet::new();
        for t in &facts {
            if let Term::Fn(f, args) = t {
                if f == name && args.len() == 3 {
                    if let (Term::Sym(x), Term::Sym(y)) = (&args[0], &args[1]) {
                        cols.insert(x.clone());
                        rows.insert(y.clone());
                    }
                }
            }
        }
        (!cols.is_empty()).then(|| Board {
            name: name.to_string(),
            cols: cols.into_iter().collect(),
            rows: rows.into_iter().collect(),
        })
    })
}

/// The facts a position can hold: those `init` and `next` can give.
fn fluents(d: &Domains) -> BTreeSet<Term> {
    let mut out = BTreeSet::new();
    for key in ["init", "next"] {
        if let Some(slots) = d.get(&(key.to_string(), 1)) {
            out.extend(slots[0].iter().cloned());
        }
    }
    out
}

/// The domains of the sheet's relations: from its facts, each rule adds the heads its
/// body's values give, round after round, until none adds anything.  A variable takes
/// the values every positive literal it stands in allows (those under `or` and `not`
/// are left aside), so a value may be missed but none is made up of nothing.
fn domains(sheet: &Sheet) -> Domains {
    let mut d = Domains::new();
    let mut work = 0;
    for _ in 0..MAX_ROUNDS {
        let facts = fluents(&d);
        let mut changed = false;
        for rule in &sheet.rules {
            if work > MAX_WORK {
                return d;
            }
            let Some(heads) = heads(rule, &d, &facts, &mut work) else {
                continue;
            };
            work += heads.iter().map(BTreeSet::len).sum::<usize>();
            let key = (rule.head.name.clone(), rule.head.args.len());
            let slots = d
                .entry(key)
                .or_insert_with(|| vec![BTreeSet::new(); rule.head.args.len()]);
            for (slot, values) in slots.iter_mut().zip(heads) {
                for t in values {
                    if slot.len() >= MAX_VALUES {
                        break;
                    }
                    changed |= slot.insert(t);
                }
            }
        }
        if !changed {
            break;
        }
    }
    d
}

/// The values of each argument of a rule's head, or None while its body allows none
/// (or one of them has too many).
fn heads(
    rule: &Rule,
    d: &Domains,
    facts: &BTreeSet<Term>,
    work: &mut usize,
) -> Option<Vec<BTreeSet<Term>>> {
    let mut bound = Bindings::new();
    for l in &rule.body {
        let pairs: Vec<(&Term, &BTreeSet<Term>)> = match l {
            Literal::Rel(r) => {
                let slots = d.get(&(r.name.clone(), r.args.len()))?;
                r.args.iter().zip(slots.iter()).collect()
            }
            Literal::True(t) => vec![(t, facts)],
            Literal::Does(role, mv) => {
                let slots = d.get(&("legal".to_string(), 2))?;
                vec![(role, &slots[0]), (mv, &slots[1])]
            }
            _ => continue,
        };
        for (pattern, values) in pairs {
            *work += values.len();
            let mut found = Bindings::new();
            for t in values {
                let mut b = Vec::new();
                if matches(pattern, t, &mut b) {
                    for (v, value) in b {
                        found
                            .entry(v.to_string())
                            .or_default()
                            .insert(value.clone());
                    }
                }
            }
            let mut vars = Vec::new();
            pattern.vars(&mut vars);
            for v in vars {
                let here = found.remove(&v).unwrap_or_default();
                match bound.get_mut(&v) {
                    Some(set) => set.retain(|t| here.contains(t)),
                    None => {
                        bound.insert(v, here);
                    }
                }
            }
        }
    }
    rule.head
        .args
        .iter()
        .map(|a| instances(a, &bound))
        .collect()
}

/// Whether the ground term `t` has the shape of `pattern`, with what each variable
/// of the pattern stands for in it.
fn matches<'a>(pattern: &'a Term, t: &'a Term, b: &mut Vec<(&'a str, &'a Term)>) -> bool {
    match (pattern, t) {
        (Term::Var(v), _) => match b.iter().find(|(w, _)| w == v) {
            Some((_, earlier)) => *earlier == t,
            None => {
                b.push((v, t));
                true
            }
        },
        (Term::Sym(a), Term::Sym(c)) => a == c,
        (Term::Fn(f, ps), Term::Fn(g, ts)) if f == g && ps.len() == ts.len() => {
            ps.iter().zip(ts).all(|(p, t)| matches(p, t, b))
        }
        _ => false,
    }
}

/// The ground terms `t` stands for with its variables bound so, or None when a
/// variable is unbound or there are too many.
fn instances(t: &Term, bound: &Bindings) -> Option<BTreeSet<Term>> {
    match t {
        Term::Sym(_) => Some(BTreeSet::from([t.clone()])),
        Term::Var(v) => bound.get(v).cloned(),
        Term::Fn(f, args) => {
            let mut out: Vec<Vec<Term>> = vec![Vec::new()];
            for a in args {
                let values = instances(a, bound)?;
                if out.len() * values.len() > MAX_VALUES {
                    return None;
                }
                out = out
                    .iter()
                    .flat_map(|prefix| {
                        values.iter().map(move |v| {
                            let mut next = prefix.clone();
                            next.push(v.clone());
                            next
                        })
                    })
                    .collect();
            }
            Some(
                out.into_iter()
                    .map(|args| Term::Fn(f.clone(), args))
                    .collect(),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gdl::kif;

    fn board_of(text: &str) -> Option<Board> {
        board(&Sheet::read(&kif::read(text).unwrap()).unwrap())
    }

    #[test]
    fn the_squares_come_from_the_initial_facts() {
        let b = board_of(
            "(role x) (init (cell 1 1 b)) (init (cell 2 1 b)) (init (cell 1 2 b))\n\
             (init (control x)) (<= (legal x noop) (true (control x)))",
        )
        .unwrap();
        assert_eq!(b.name, "cell");
        assert_eq!(b.cols, ["1", "2"]);
        assert_eq!(b.rows, ["1", "2"]);
    }

    #[test]
    fn a_board_empty_at_the_start_is_found_through_the_moves() {
        // Connect Four's way: no square at the start, a stone falls where the moves
        // and the rows say
        let b = board_of(
            "(role x) (init (control x)) (col 1) (col 2) (col 3) (succ 1 2)\n\
             (<= (legal ?p (drop ?c)) (true (control ?p)) (col ?c))\n\
             (<= (low ?c 1) (col ?c))\n\
             (<= (low ?c ?s) (low ?c ?r) (succ ?r ?s))\n\
             (<= (next (cell ?c ?r ?p)) (does ?p (drop ?c)) (low ?c ?r))\n\
             (<= (next (cell ?c ?r ?p)) (true (cell ?c ?r ?p)))",
        )
        .unwrap();
        assert_eq!(b.cols, ["1", "2", "3"]);
        assert_eq!(b.rows, ["1", "2"]);
    }

    #[test]
    fn terms_that_nest_without_end_are_followed_no_further() {
        let b = board_of(
            "(role a) (init (cell 1 1 (s 0))) (init (count 0))\n\
             (<= (next (count (s ?x))) (true (count ?x)))\n\
             (<= (next (cell 1 1 ?x)) (true (count ?x)))\n\
             (<= (legal a go) (true (count ?x)))",
        )
        .unwrap();
        assert_eq!(
            (b.cols, b.rows),
            (vec!["1".to_string()], vec!["1".to_string()])
        );
    }

    #[test]
    fn a_sheet_without_squares_has_no_board() {
        assert_eq!(
            board_of("(role a) (init (count 0)) (<= (legal a go) (true (count 0)))"),
            None
        );
    }
}
