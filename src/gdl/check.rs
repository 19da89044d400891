//! The restrictions of the GGP specification on a rule sheet, each refused with the
//! line of the rule that breaks it: roles (each with a `legal` rule), one arity per
//! relation, safe rules, stratified negation, the restriction on recursion, and
//! `legal`, `goal` and `terminal` independent of `does`.

use super::sheet::{Literal, Relation, Sheet, Term};
use super::GdlError;
use std::collections::{BTreeMap, BTreeSet};

/// The relations every game defines.
const REQUIRED: [&str; 5] = ["role", "legal", "next", "terminal", "goal"];

/// Refuses a sheet that breaks a restriction, naming the first rule that does.
pub fn check(sheet: &Sheet) -> Result<(), GdlError> {
    arities(sheet)?;
    for name in REQUIRED {
        if !sheet.rules.iter().any(|r| r.head.name == name) {
            return Err(GdlError::at(0, format!("the sheet defines no `{name}`")));
        }
    }
    for r in &sheet.rules {
        if r.head.name == "role" && (!r.body.is_empty() || r.head.args.len() != 1) {
            return Err(GdlError::at(r.head.line, "a role is a fact `(role name)`"));
        }
        safe(r.head.line, &r.head, &r.body)?;
    }
    roles_move(sheet)?;
    stratified(sheet)?;
    recursion(sheet)?;
    let needs_does = depends_on(sheet, |l| matches!(l, Literal::Does(..)));
    for name in ["legal", "goal", "terminal", "init"] {
        if needs_does.contains(name) {
            let line = sheet
                .rules
                .iter()
                .find(|r| r.head.name == name)
                .map_or(0, |r| r.head.line);
            return Err(GdlError::at(
                line,
                format!("`{name}` depends on `does`: what is legal, the goals and the end of the game follow from the position alone"),
            ));
        }
    }
    let needs_true = depends_on(sheet, |l| matches!(l, Literal::True(_)));
    if needs_true.contains("init") {
        let line = sheet
            .rules
            .iter()
            .find(|r| r.head.name == "init")
            .map_or(0, |r| r.head.line);
        return Err(GdlError::at(
            line,
            "`init` depends on `true`: the start is no position's",
        ));
    }
    Ok(())
}

/// Every relation is used with one arity.
fn arities(sheet: &Sheet) -> Result<(), GdlError> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut visit = |r: &Relation| -> Result<(), GdlError> {
        let n = *seen.entry(r.name.clone()).or_insert(r.args.len());
        if n == r.args.len() {
            Ok(())
        } else {
            Err(GdlError::at(
                r.line,
                format!(
                    "`{}` has {} arguments here and {n} elsewhere",
                    r.name,
                    r.args.len()
                ),
            ))
        }
    };
    for rule in &sheet.rules {
        visit(&rule.head)?;
        let mut rels = Vec::new();
        rule.body
            .iter()
            .for_each(|l| relations(l, false, &mut rels));
        for (r, _) in rels {
            visit(r)?;
        }
    }
    Ok(())
}

/// The relations a literal uses, each with whether it is under a `not`.
fn relations<'a>(l: &'a Literal, negative: bool, out: &mut Vec<(&'a Relation, bool)>) {
    match l {
        Literal::Rel(r) => out.push((r, negative)),
        Literal::Not(inner) => relations(inner, true, out),
        Literal::Or(ls) => ls.iter().for_each(|l| relations(l, negative, out)),
        Literal::True(_) | Literal::Does(..) | Literal::Distinct(..) => {}
    }
}

/// GDL's safety rule: each variable of the head, of a negated literal and of a
/// `distinct` appears in a positive literal of the body.
fn safe(line: usize, head: &Relation, body: &[Literal]) -> Result<(), GdlError> {
    let mut bound = Vec::new();
    body.iter().for_each(|l| l.bound(&mut bound));
    let mut needed = Vec::new();
    head.args.iter().for_each(|t| t.vars(&mut needed));
    for l in body {
        match l {
            Literal::Not(_) | Literal::Distinct(..) | Literal::Or(_) => l.vars(&mut needed),
            _ => {}
        }
    }
    match needed.iter().find(|v| !bound.contains(v)) {
        Some(v) => Err(GdlError::at(
            line,
            format!(
                "the rule for `{}` is not safe: ?{v} appears in no positive literal of its body",
                head.name
            ),
        )),
        None => Ok(()),
    }
}

/// Every role has a `legal` rule that may give it a move: one whose role is the
/// role's name or a variable.
fn roles_move(sheet: &Sheet) -> Result<(), GdlError> {
    let legal: Vec<&Relation> = sheet
        .rules
        .iter()
        .map(|r| &r.head)
        .filter(|h| h.name == "legal")
        .collect();
    for r in sheet.rules.iter().filter(|r| r.head.name == "role") {
        let Some(Term::Sym(role)) = r.head.args.first() else {
            continue;
        };
        let moves = legal.iter().any(|h| match h.args.first() {
            Some(Term::Sym(s)) => s == role,
            Some(Term::Var(_)) => true,
            _ => false,
        });
        if !moves {
            return Err(GdlError::at(
                r.head.line,
                format!("the role `{role}` has no moves: no `legal` rule is for it"),
            ));
        }
    }
    Ok(())
}

/// The dependency graph: each relation to those its rules' bodies use, each with
/// whether under a `not` and the line of the rule.
type Edges<'a> = BTreeMap<&'a str, Vec<(&'a str, bool, usize)>>;

/// The dependency edges of the sheet's rules.
fn edges(sheet: &Sheet) -> Edges<'_> {
    let mut edges: Edges = BTreeMap::new();
    for rule in &sheet.rules {
        let mut rels = Vec::new();
        rule.body
            .iter()
            .for_each(|l| relations(l, false, &mut rels));
        let from = edges.entry(rule.head.name.as_str()).or_default();
        for (r, negative) in rels {
            from.push((r.name.as_str(), negative, rule.head.line));
        }
    }
    edges
}

/// GDL's restriction on recursion, which keeps every relation finite: in a rule for
/// `r`, each argument of a positive literal whose relation is in a cycle with `r` is
/// ground, or an argument of the head, or a variable of a positive literal whose
/// relation is in no cycle with `r`.
fn recursion(sheet: &Sheet) -> Result<(), GdlError> {
    let edges = edges(sheet);
    let cycle = |a: &str, b: &str| {
        edges
            .get(a)
            .is_some_and(|outs| outs.iter().any(|e| reaches(&edges, e.0, b)))
            && edges
                .get(b)
                .is_some_and(|outs| outs.iter().any(|e| reaches(&edges, e.0, a)))
    };
    for rule in &sheet.rules {
        let head = rule.head.name.as_str();
        let mut rels = Vec::new();
        rule.body
            .iter()
            .for_each(|l| relations(l, false, &mut rels));
        let recursive: Vec<&Relation> = rels
            .iter()
            .filter(|(r, negative)| !negative && cycle(head, &r.name))
            .map(|(r, _)| *r)
            .collect();
        if recursive.is_empty() {
            continue;
        }
        let mut allowed = Vec::new();
        for l in &rule.body {
            let in_cycle = |l: &Literal| match l {
                Literal::Rel(r) => cycle(head, &r.name),
                _ => false,
            };
            match l {
                Literal::Rel(r) if !cycle(head, &r.name) => l.vars(&mut allowed),
                Literal::True(_) | Literal::Does(..) => l.vars(&mut allowed),
                Literal::Or(ls) if !ls.iter().any(in_cycle) => l.bound(&mut allowed),
                _ => {}
            }
        }
        for r in recursive {
            for t in &r.args {
                let mut vars = Vec::new();
                t.vars(&mut vars);
                let fine = vars.is_empty()
                    || rule.head.args.contains(t)
                    || matches!(t, Term::Var(v) if allowed.contains(v));
                if !fine {
                    return Err(GdlError::at(
                        rule.head.line,
                        format!(
                            "the rule for `{head}` breaks GDL's restriction on recursion: \
                             in (`{}` ...), which depends on `{head}`, {} is neither ground, \
                             nor an argument of the head, nor bound by a literal outside the recursion",
                            r.name,
                            term_text(t)
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// A term as KIF writes it.
fn term_text(t: &Term) -> String {
    match t {
        Term::Sym(s) => s.clone(),
        Term::Var(v) => format!("?{v}"),
        Term::Fn(f, args) => {
            let args: Vec<String> = args.iter().map(term_text).collect();
            format!("({f} {})", args.join(" "))
        }
    }
}

/// No relation depends on itself through a `not` (stratified negation).
fn stratified(sheet: &Sheet) -> Result<(), GdlError> {
    let edges = edges(sheet);
    for (&from, outs) in &edges {
        for &(to, negative, line) in outs {
            if negative && reaches(&edges, to, from) {
                return Err(GdlError::at(
                    line,
                    format!("negation is not stratified: `{from}` uses (not {to}) and `{to}` depends on `{from}`"),
                ));
            }
        }
    }
    Ok(())
}

/// Whether relation `to` is reached from `from` along the dependency edges.
fn reaches(edges: &Edges, from: &str, to: &str) -> bool {
    let mut seen = BTreeSet::new();
    let mut stack = vec![from];
    while let Some(r) = stack.pop() {
        if r == to {
            return true;
        }
        if seen.insert(r) {
            if let Some(outs) = edges.get(r) {
                stack.extend(outs.iter().map(|e| e.0));
            }
        }
    }
    false
}

/// The pairs (head, relation) where a rule for head uses relation in its body and
/// the two are in a cycle of the dependency graph (the rule recurses through it).
pub fn recursive_pairs(sheet: &Sheet) -> BTreeSet<(String, String)> {
    let edges = edges(sheet);
    let mut out = BTreeSet::new();
    for (&from, outs) in &edges {
        for &(to, _, _) in outs {
            if reaches(&edges, to, from) {
                out.insert((from.to_string(), to.to_string()));
            }
        }
    }
    out
}

/// The relations whose rules use a literal `direct` picks, or a relation that does.
pub fn depends_on(sheet: &Sheet, direct: impl Fn(&Literal) -> bool) -> BTreeSet<String> {
    fn uses(l: &Literal, direct: &dyn Fn(&Literal) -> bool, set: &BTreeSet<String>) -> bool {
        direct(l)
            || match l {
                Literal::Rel(r) => set.contains(&r.name),
                Literal::Not(inner) => uses(inner, direct, set),
                Literal::Or(ls) => ls.iter().any(|l| uses(l, direct, set)),
                _ => false,
            }
    }
    let mut set = BTreeSet::new();
    loop {
        let before = set.len();
        for rule in &sheet.rules {
            if !set.contains(&rule.head.name) && rule.body.iter().any(|l| uses(l, &direct, &set)) {
                set.insert(rule.head.name.clone());
            }
        }
        if set.len() == before {
            return set;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{kif, Sheet};
    use super::*;

    fn checked(text: &str) -> Result<(), GdlError> {
        check(&Sheet::read(&kif::read(text)?)?)
    }

    const BASE: &str = "(role a) (init (c 1)) (<= (legal a x) (true (c 1))) \
                        (<= (next (c 1)) (does a x)) (<= terminal (true (c 2))) (goal a 100)\n";

    #[test]
    fn a_small_game_passes() {
        assert_eq!(checked(BASE), Ok(()));
    }

    #[test]
    fn unsafe_rules_are_refused_with_their_line() {
        let e = checked(&format!("{BASE}(<= (p ?x) (not (q ?x)))\n(q 1)")).unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("?x"), "{e}");
        let e = checked(&format!("{BASE}(<= (p ?x) (q ?x) (distinct ?x ?y))\n(q 1)")).unwrap_err();
        assert!(e.message.contains("?y"), "{e}");
        // a variable bound in every branch of an `or` is bound
        assert_eq!(
            checked(&format!(
                "{BASE}(<= (p ?x) (or (q ?x) (r ?x)))\n(q 1) (r 2)"
            )),
            Ok(())
        );
    }

    #[test]
    fn unstratified_negation_and_does_in_legal_are_refused() {
        let e = checked(&format!("{BASE}\n(<= p (not q))\n(<= q p)")).unwrap_err();
        assert_eq!(e.line, 3);
        let e = checked(&BASE.replace(
            "(<= (legal a x) (true (c 1)))",
            "(<= (legal a x) (does a x))",
        ))
        .unwrap_err();
        assert!(e.message.contains("`legal` depends on `does`"), "{e}");
    }

    #[test]
    fn recursion_that_could_grow_without_end_is_refused() {
        // ?y of (p ?y) is bound by nothing outside the recursion
        let e = checked(&format!("{BASE}(p 1)\n(<= (p ?x) (p ?y) (q ?x))\n(q 1)")).unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.message.contains("restriction on recursion"), "{e}");
        assert!(e.message.contains("?y"), "{e}");
        // a variable inside a term of the head is not an argument of the head: (p (s ?x))
        // from (p ?x) grows terms without end
        let e = checked(&format!("{BASE}(p 1)\n(<= (p (s ?x)) (p ?x))")).unwrap_err();
        assert!(e.message.contains("?x is neither"), "{e}");
        let e = checked(&format!("{BASE}(p 1) (q 1)\n(<= (p ?x) (p (s ?x)) (q ?x))")).unwrap_err();
        assert!(e.message.contains("(s ?x) is neither"), "{e}");
        // through a second relation of the cycle too
        let e = checked(&format!(
            "{BASE}(p 1)\n(<= (p ?x) (q ?x))\n(<= (q ?x) (p ?y) (n ?x))\n(n 1)"
        ))
        .unwrap_err();
        assert_eq!(e.line, 4);
        // the transitive closure of a fact is fine
        assert_eq!(
            checked(&format!(
                "{BASE}(s 1 2) (s 2 3)\n(<= (lt ?x ?y) (s ?x ?y))\n(<= (lt ?x ?z) (s ?x ?y) (lt ?y ?z))"
            )),
            Ok(())
        );
    }

    #[test]
    fn a_role_without_moves_is_refused_at_its_line() {
        let e = checked(&BASE.replace("(role a)", "(role a)\n(role b)")).unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("the role `b` has no moves"), "{e}");
        // a legal rule for any role covers every role
        assert_eq!(
            checked(&format!(
                "{}(<= (legal ?r wait) (role ?r))",
                BASE.replace("(role a)", "(role a)\n(role b)")
            )),
            Ok(())
        );
    }

    #[test]
    fn missing_relations_and_arity_changes_are_refused() {
        assert!(checked("(role a)").unwrap_err().message.contains("`legal`"));
        let e = checked(&format!("{BASE}(p 1)\n(p 1 2)")).unwrap_err();
        assert_eq!(e.line, 3);
    }
}
