//! Recursions that read neither the position nor the moves (`less` over `succ`, a
//! way over a fixed map of roads), worked out once when a sheet is translated.  GDL
//! means the least set of facts a sheet's rules give, and for these it is the same
//! in every state; a Prolog asking such a recursion top down never ends when it runs
//! round a cycle.  So their facts are made here, bottom up (semi-naive rounds, each
//! stratum after the relations it uses), and the translation lists them, their
//! rules beside them as comments.

use super::sheet::{Literal, Rule, Sheet, Term};
use std::cell::Cell;
use std::collections::{BTreeMap, BTreeSet};

/// The facts of a relation: its argument lists, sorted.
pub type Facts = BTreeSet<Vec<Term>>;

/// At most this many facts are made (of every relation the recursions use); a
/// sheet with more keeps its recursions asked top down, as they are written.
pub const MOST_FACTS: usize = 100_000;

/// At most this many facts of the recursions are listed: scryer compiles some
/// 20,000 facts a second, and a recursion over a larger domain (`less` over 300
/// numbers is 44,850 facts: 2.5 s more to load) is more often a chain than a cycle,
/// so it is asked top down, as written.
pub const MOST_LISTED: usize = 10_000;

/// At most this many facts are compared while making them (under a second; every
/// sheet of tests/data/gdl needs far fewer).
const MOST_STEPS: u64 = 2_000_000;

/// Terms nested deeper than this give up the working out (a valid sheet's
/// recursions stay finite; this keeps an invalid one from growing a term forever).
const DEEPEST: usize = 32;

/// The facts of every recursion of `sheet` that reads neither the position nor
/// the moves (no relation of it is in `dynamic`), by relation; `None` when making
/// them passes the bounds above (then they are asked top down).
pub fn work_out(
    sheet: &Sheet,
    recursive: &BTreeSet<(String, String)>,
    dynamic: &BTreeSet<String>,
) -> Option<BTreeMap<String, Facts>> {
    let targets: BTreeSet<&str> = recursive
        .iter()
        .flat_map(|(a, b)| [a.as_str(), b.as_str()])
        .filter(|n| !dynamic.contains(*n))
        .collect();
    if targets.is_empty() {
        return Some(BTreeMap::new());
    }
    let uses = uses(sheet);
    // every relation the recursions use, and the order to make them in
    let mut needed: BTreeSet<&str> = BTreeSet::new();
    let mut stack: Vec<&str> = targets.iter().copied().collect();
    while let Some(r) = stack.pop() {
        if needed.insert(r) {
            stack.extend(uses.get(r).into_iter().flatten().copied());
        }
    }
    let mut model = Model {
        facts: BTreeMap::new(),
        steps: Cell::new(0),
        count: 0,
    };
    for stratum in strata(&needed, &uses) {
        let rules: Vec<&Rule> = sheet
            .rules
            .iter()
            .filter(|r| stratum.contains(r.head.name.as_str()))
            .collect();
        model.stratum(&rules, &stratum)?;
    }
    let listed: BTreeMap<String, Facts> = targets
        .iter()
        .map(|&t| (t.to_string(), model.facts.remove(t).unwrap_or_default()))
        .collect();
    (listed.values().map(BTreeSet::len).sum::<usize>() <= MOST_LISTED).then_some(listed)
}

/// The translation of a recursion worked out here: its rules (`rules`, the clauses
/// they would be) as a comment, then its facts (`facts`, as clauses).
pub(super) fn listed(
    name: &str,
    arity: usize,
    lines: &[String],
    rules: &[String],
    facts: &[String],
) -> String {
    let atom = super::names::relation_atom(name);
    let mut out = format!(
        "\n%% {atom}/{arity}  the sheet's `{name}`, line{} {}: a recursion that reads neither\n\
         % the position nor the moves, so its facts are the same in every state.  Asked top\n\
         % down, a recursion round a cycle never ends: they were worked out once, when the\n\
         % sheet was translated, from its rules:\n",
        if lines.len() == 1 { "" } else { "s" },
        lines.join(", "),
    );
    for r in rules {
        for line in r.lines() {
            out.push_str("%   ");
            out.push_str(line);
            out.push('\n');
        }
    }
    if facts.is_empty() {
        let args = vec!["_"; arity].join(", ");
        let head = if arity == 0 {
            atom
        } else {
            format!("{atom}({args})")
        };
        out.push_str(&format!("% They give no fact.\n{head} :- false.\n"));
    } else {
        out.push_str(&format!("% They give these {}:\n", facts.len()));
        // several to a line, up to 88 characters
        let mut line = String::new();
        for f in facts {
            if !line.is_empty() && line.len() + f.len() + 2 > 88 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(f);
            line.push('.');
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Each relation to the relations its rules' bodies use.
fn uses(sheet: &Sheet) -> BTreeMap<&str, BTreeSet<&str>> {
    let mut map: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for r in &sheet.rules {
        let out = map.entry(r.head.name.as_str()).or_default();
        r.body.iter().for_each(|l| l.relations(out));
    }
    map
}

/// The relations of `needed` in groups that use each other, each group after
/// every group it uses (so a `not` reads a relation already made: the sheet's
/// negation is stratified).
fn strata<'a>(
    needed: &BTreeSet<&'a str>,
    uses: &BTreeMap<&'a str, BTreeSet<&'a str>>,
) -> Vec<BTreeSet<&'a str>> {
    let reach = |from: &'a str| -> BTreeSet<&'a str> {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<&str> = uses.get(from).into_iter().flatten().copied().collect();
        while let Some(r) = stack.pop() {
            if seen.insert(r) {
                stack.extend(uses.get(r).into_iter().flatten().copied());
            }
        }
        seen
    };
    let reaches: BTreeMap<&str, BTreeSet<&str>> = needed.iter().map(|&r| (r, reach(r))).collect();
    let mut left: Vec<BTreeSet<&str>> = Vec::new();
    for &r in needed {
        if left.iter().any(|g| g.contains(r)) {
            continue;
        }
        let mut group: BTreeSet<&str> = needed
            .iter()
            .copied()
            .filter(|&o| reaches[r].contains(o) && reaches[o].contains(r))
            .collect();
        group.insert(r);
        left.push(group);
    }
    let mut ordered = Vec::new();
    while !left.is_empty() {
        let ready = (0..left.len())
            .find(|&i| {
                left[i]
                    .iter()
                    .flat_map(|r| reaches[r].iter())
                    .all(|u| left[i].contains(u) || !left.iter().any(|g| g.contains(u)))
            })
            .unwrap_or(0);
        ordered.push(left.remove(ready));
    }
    ordered
}

/// Variables bound so far, in the order they were bound.
type Binding = Vec<(String, Term)>;

/// The facts made so far, and the work done making them.
struct Model {
    facts: BTreeMap<String, Facts>,
    /// The facts compared so far (counted while the facts are read, not changed).
    steps: Cell<u64>,
    count: usize,
}

/// Which facts a literal of the stratum being made is read from.
#[derive(Clone, Copy)]
enum From<'a> {
    /// All facts known.
    All,
    /// Those the round before found, for the literal at this place in the body.
    New(usize, &'a BTreeMap<String, Facts>),
}

impl Model {
    /// Makes every fact of one stratum: a first round of every rule, then rounds that
    /// apply each rule with one of its literals of the stratum read from the facts
    /// the round before found, until a round finds none.
    fn stratum(&mut self, rules: &[&Rule], stratum: &BTreeSet<&str>) -> Option<()> {
        let mut new: BTreeMap<String, Facts> = BTreeMap::new();
        for r in rules {
            for f in self.apply(r, From::All)? {
                new.entry(r.head.name.clone()).or_default().insert(f);
            }
        }
        loop {
            new = self.keep_new(new)?;
            if new.values().all(BTreeSet::is_empty) {
                return Some(());
            }
            let mut found: BTreeMap<String, Facts> = BTreeMap::new();
            for r in rules {
                // a literal of the stratum inside an `or`: the rule reads all facts
                let inner = r.body.iter().any(|l| {
                    matches!(l, Literal::Or(_) | Literal::Not(_))
                        && ls_of(l).iter().any(
                            |q| matches!(q, Literal::Rel(x) if stratum.contains(x.name.as_str())),
                        )
                });
                let places: Vec<usize> = r
                    .body
                    .iter()
                    .enumerate()
                    .filter(
                        |(_, l)| matches!(l, Literal::Rel(x) if stratum.contains(x.name.as_str())),
                    )
                    .map(|(i, _)| i)
                    .collect();
                let runs: Vec<From> = if inner {
                    vec![From::All]
                } else {
                    places.iter().map(|&i| From::New(i, &new)).collect()
                };
                for from in runs {
                    for f in self.apply(r, from)? {
                        found.entry(r.head.name.clone()).or_default().insert(f);
                    }
                }
            }
            new = found;
        }
    }

    /// The facts of `new` not known yet, added to those known.
    fn keep_new(&mut self, new: BTreeMap<String, Facts>) -> Option<BTreeMap<String, Facts>> {
        let mut kept = BTreeMap::new();
        for (name, fs) in new {
            let known = self.facts.entry(name.clone()).or_default();
            let fresh: Facts = fs.into_iter().filter(|f| !known.contains(f)).collect();
            self.count += fresh.len();
            if self.count > MOST_FACTS {
                return None;
            }
            known.extend(fresh.iter().cloned());
            kept.insert(name, fresh);
        }
        Some(kept)
    }

    /// The heads rule `r` gives from the facts known (one literal read from `from`).
    fn apply(&self, r: &Rule, from: From) -> Option<Vec<Vec<Term>>> {
        // positive literals first, then an `or` of positive literals (they may bind
        // variables), then an `or` with a test in it, then the tests, which GDL's safe
        // rules let bind nothing (a stable sort keeps the sheet's order within each),
        // as the translation orders them
        let mut body: Vec<(usize, &Literal)> = r.body.iter().enumerate().collect();
        body.sort_by_key(|(_, l)| match l {
            Literal::Rel(_) => 0,
            Literal::Or(_) if !has_test(l) => 1,
            Literal::Or(_) => 2,
            _ => 3,
        });
        let mut out = Vec::new();
        let mut binding = Binding::new();
        let mut fine = true;
        self.solve(&body, from, &mut binding, &mut |b| match r
            .head
            .args
            .iter()
            .map(|t| ground(t, b))
            .collect::<Option<Vec<Term>>>()
        {
            Some(f) if out.len() < MOST_FACTS && f.iter().all(|t| depth(t) <= DEEPEST) => {
                out.push(f)
            }
            _ => fine = false,
        });
        (fine && self.steps.get() <= MOST_STEPS).then_some(out)
    }

    /// Calls `found` with each binding that satisfies the literals of `body`.
    fn solve(
        &self,
        body: &[(usize, &Literal)],
        from: From,
        b: &mut Binding,
        found: &mut dyn FnMut(&Binding),
    ) {
        let Some(((at, l), rest)) = body.split_first() else {
            found(b);
            return;
        };
        // past the bound, every join stops at once (`apply` then gives up the rule)
        if self.steps.get() > MOST_STEPS {
            return;
        }
        let mark = b.len();
        match l {
            Literal::Rel(rel) => {
                let source = match from {
                    From::New(i, new) if i == *at => new.get(&rel.name),
                    _ => self.facts.get(&rel.name),
                };
                let Some(source) = source else { return };
                // the facts whose first argument is the one bound, when it is
                let first = rel.args.first().and_then(|t| ground(t, b));
                let candidates: Box<dyn Iterator<Item = &Vec<Term>>> = match &first {
                    Some(t) => Box::new(
                        source
                            .range(vec![t.clone()]..)
                            .take_while(move |f| f.first() == Some(t)),
                    ),
                    None => Box::new(source.iter()),
                };
                for f in candidates {
                    self.steps.set(self.steps.get() + 1);
                    if f.len() == rel.args.len()
                        && rel.args.iter().zip(f).all(|(p, g)| matches(p, g, b))
                    {
                        self.solve(rest, from, b, found);
                    }
                    b.truncate(mark);
                }
            }
            Literal::Or(ls) => {
                for branch in ls {
                    let mut body = vec![(usize::MAX, branch)];
                    body.extend_from_slice(rest);
                    self.solve(&body, from, b, found);
                    b.truncate(mark);
                }
            }
            Literal::Not(inner) => {
                let mut any = false;
                self.solve(&[(usize::MAX, inner)], From::All, b, &mut |_| any = true);
                b.truncate(mark);
                if !any {
                    self.solve(rest, from, b, found);
                }
            }
            Literal::Distinct(x, y) => {
                if let (Some(x), Some(y)) = (ground(x, b), ground(y, b)) {
                    if x != y {
                        self.solve(rest, from, b, found);
                    }
                }
            }
            // a static relation reads neither
            Literal::True(_) | Literal::Does(..) => {}
        }
    }
}

/// Whether a literal is, or holds, a test (`not`, `distinct`).
fn has_test(l: &Literal) -> bool {
    match l {
        Literal::Not(_) | Literal::Distinct(..) => true,
        Literal::Or(ls) => ls.iter().any(has_test),
        _ => false,
    }
}

/// The literals inside an `or` or a `not`.
fn ls_of(l: &Literal) -> Vec<&Literal> {
    match l {
        Literal::Or(ls) => ls.iter().flat_map(ls_of).collect(),
        Literal::Not(inner) => ls_of(inner),
        other => vec![other],
    }
}

/// Whether pattern `p` matches the ground term `g` (made by `ground`, so a
/// function of no arguments is its symbol), binding its variables.
fn matches(p: &Term, g: &Term, b: &mut Binding) -> bool {
    match p {
        // `(a)` is the atom `a`, as Prolog reads the translation
        Term::Fn(f, args) if args.is_empty() => matches!(g, Term::Sym(h) if h == f),
        Term::Var(v) => match b.iter().find(|(n, _)| n == v) {
            Some((_, t)) => t == g,
            None => {
                b.push((v.clone(), g.clone()));
                true
            }
        },
        Term::Sym(s) => matches!(g, Term::Sym(h) if h == s),
        Term::Fn(f, args) => match g {
            Term::Fn(h, gargs) if h == f && gargs.len() == args.len() => {
                args.iter().zip(gargs).all(|(p, g)| matches(p, g, b))
            }
            _ => false,
        },
    }
}

/// The term with its variables replaced by what they are bound to, if all are; a
/// function of no arguments, `(a)`, is its symbol `a`, as Prolog reads both.
fn ground(t: &Term, b: &Binding) -> Option<Term> {
    match t {
        Term::Var(v) => b.iter().find(|(n, _)| n == v).map(|(_, t)| t.clone()),
        Term::Sym(_) => Some(t.clone()),
        Term::Fn(f, args) if args.is_empty() => Some(Term::Sym(f.clone())),
        Term::Fn(f, args) => Some(Term::Fn(
            f.clone(),
            args.iter().map(|a| ground(a, b)).collect::<Option<_>>()?,
        )),
    }
}

fn depth(t: &Term) -> usize {
    match t {
        Term::Fn(_, args) => 1 + args.iter().map(depth).max().unwrap_or(0),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn worked_out(text: &str, dynamic: &[&str]) -> Option<BTreeMap<String, Facts>> {
        let s = Sheet::read(&crate::gdl::kif::read(text).unwrap()).unwrap();
        let recursive = crate::gdl::check::recursive_pairs(&s);
        let dynamic: BTreeSet<String> = dynamic.iter().map(|s| s.to_string()).collect();
        work_out(&s, &recursive, &dynamic)
    }

    fn pairs(fs: &Facts) -> Vec<String> {
        fs.iter()
            .map(|f| {
                f.iter()
                    .map(|t| match t {
                        Term::Sym(s) => s.clone(),
                        other => format!("{other:?}"),
                    })
                    .collect::<Vec<_>>()
                    .join("")
            })
            .collect()
    }

    #[test]
    fn a_way_round_a_cycle_is_every_town_the_roads_reach() {
        let facts = worked_out(
            "(role a) (road 1 2) (road 2 3) (road 3 1) (road 3 4)\n\
             (<= (reach ?x ?y) (road ?x ?y))\n\
             (<= (reach ?x ?z) (reach ?x ?y) (road ?y ?z))",
            &[],
        )
        .unwrap();
        assert_eq!(
            pairs(&facts["reach"]),
            ["11", "12", "13", "14", "21", "22", "23", "24", "31", "32", "33", "34"]
        );
        assert!(
            !facts.contains_key("road"),
            "the roads are listed as written"
        );
    }

    #[test]
    fn negation_reads_a_stratum_already_made_and_the_moves_keep_theirs_top_down() {
        // odd/even over succ, `not` of a lower stratum, `or`, `distinct`; `far` reads
        // the position and is not worked out here
        let facts = worked_out(
            "(role a) (succ 0 1) (succ 1 2) (succ 2 3) (num 0) (num 1) (num 2) (num 3)\n\
             (<= (even 0))\n\
             (<= (even ?y) (succ ?x ?y) (odd ?x))\n\
             (<= (odd ?y) (succ ?x ?y) (even ?x))\n\
             (<= (less ?x ?y) (succ ?x ?y))\n\
             (<= (less ?x ?z) (less ?x ?y) (succ ?y ?z))\n\
             (<= (gap ?x ?y) (less ?x ?y) (or (even ?x) (even ?y)) (not (odd ?x)) (distinct ?x 2))\n\
             (<= (far ?x) (true (at ?x)))\n\
             (<= (far ?y) (far ?x) (less ?x ?y))",
            &["far"],
        )
        .unwrap();
        assert_eq!(pairs(&facts["even"]), ["0", "2"]);
        assert_eq!(pairs(&facts["odd"]), ["1", "3"]);
        assert_eq!(pairs(&facts["less"]).len(), 6);
        assert!(
            !facts.contains_key("gap"),
            "not a recursion: it stays a rule"
        );
        assert!(!facts.contains_key("far"), "it reads the position");
    }

    #[test]
    fn an_or_with_a_test_waits_for_the_or_that_binds_and_a_constant_is_one_term() {
        // the first `or` tests ?z, which only the second binds; `(a)` is the atom `a`
        let facts = worked_out(
            "(role a) (road 1 2) (road 2 3) (blocked 9) (mark (a)) (tag a)\n\
             (<= (reach ?x ?y) (road ?x ?y))\n\
             (<= (reach ?x ?z) (reach ?x ?y) (or (not (blocked ?z)) (distinct ?z ?y))\n\
                 (or (road ?y ?z) (road ?y ?z)))\n\
             (<= (same ?x) (tag ?x))\n\
             (<= (same ?x) (mark ?x) (same ?x))",
            &[],
        )
        .unwrap();
        assert_eq!(pairs(&facts["reach"]), ["12", "13", "23"]);
        assert_eq!(pairs(&facts["same"]), ["a"]);
    }

    #[test]
    fn a_recursion_past_the_bounds_is_left_to_be_asked_top_down() {
        // a term that grows forever (GDL's restriction on recursion refuses this
        // sheet; the working out must end anyway)
        let grows = worked_out(
            "(role a) (num z)\n(<= (num (s ?x)) (num ?x))\n(<= (big ?x) (num ?x) (big ?x))",
            &[],
        );
        assert!(grows.is_none());
        assert!(worked_out("(role a) (p 1)", &[]).unwrap().is_empty());
        // `less` over 200 numbers: 19,900 facts, more than are listed
        let succ: String = (1..200).map(|i| format!("(succ {i} {})", i + 1)).collect();
        let less = "(<= (less ?x ?y) (succ ?x ?y))\n\
                    (<= (less ?x ?z) (less ?x ?y) (succ ?y ?z))";
        assert!(worked_out(&format!("(role a) {succ}\n{less}"), &[]).is_none());
        let succ: String = (1..100).map(|i| format!("(succ {i} {})", i + 1)).collect();
        let listed = worked_out(&format!("(role a) {succ}\n{less}"), &[]).unwrap();
        assert_eq!(listed["less"].len(), 4950);
        // a join of seven literals over 40 facts: 40^7 bindings, which the bound on
        // the work stops long before (every binding would take hours)
        let nums: String = (0..40).map(|i| format!("(n {i})")).collect();
        let wide =
            "(<= (r ?a ?b ?c ?d ?e ?f ?g) (n ?a) (n ?b) (n ?c) (n ?d) (n ?e) (n ?f) (n ?g))\n\
                    (<= (r ?a ?b ?c ?d ?e ?f ?g) (r ?b ?a ?c ?d ?e ?f ?g))";
        assert!(worked_out(&format!("(role a) {nums}\n{wide}"), &[]).is_none());
    }
}
