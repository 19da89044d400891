//! The restrictions of the GGP specification on a rule sheet, each refused with the
//! line of the rule that breaks it: roles, one arity per relation, safe rules,
//! stratified negation, and `legal`, `goal` and `terminal` independent of `does`.

use super::sheet::{Literal, Relation, Sheet};
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
    stratified(sheet)?;
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

/// No relation depends on itself through a `not` (stratified negation).
fn stratified(sheet: &Sheet) -> Result<(), GdlError> {
    let mut edges: BTreeMap<&str, Vec<(&str, bool, usize)>> = BTreeMap::new();
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
fn reaches(edges: &BTreeMap<&str, Vec<(&str, bool, usize)>>, from: &str, to: &str) -> bool {
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
    fn missing_relations_and_arity_changes_are_refused() {
        assert!(checked("(role a)").unwrap_err().message.contains("`legal`"));
        let e = checked(&format!("{BASE}(p 1)\n(p 1 2)")).unwrap_err();
        assert_eq!(e.line, 3);
    }
}
