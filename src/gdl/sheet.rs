//! A GDL rule sheet as rules: facts and `(<= head body...)` rules over relations,
//! terms and the literals GDL has (`true`, `does`, `not`, `distinct`, `or`).

use super::kif::Sexp;
use super::GdlError;

/// A term: a symbol, a variable, or a function of terms.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Term {
    Sym(String),
    Var(String),
    Fn(String, Vec<Term>),
}

/// A relation applied to terms, with the line it is written on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Relation {
    pub name: String,
    pub args: Vec<Term>,
    pub line: usize,
}

/// A literal of a rule's body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Literal {
    Rel(Relation),
    True(Term),
    Does(Term, Term),
    Not(Box<Literal>),
    Distinct(Term, Term),
    Or(Vec<Literal>),
}

/// A rule (a fact has an empty body).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    pub head: Relation,
    pub body: Vec<Literal>,
}

/// The rules of a sheet, in its order.
#[derive(Clone, Debug, Default)]
pub struct Sheet {
    pub rules: Vec<Rule>,
}

/// The words GDL gives a meaning of its own: no rule may define them.
const KEYWORDS: [&str; 6] = ["<=", "true", "does", "not", "distinct", "or"];

impl Sheet {
    /// The rules of the sheet's s-expressions.
    pub fn read(exprs: &[Sexp]) -> Result<Sheet, GdlError> {
        let mut rules = Vec::new();
        for e in exprs {
            rules.push(rule(e)?);
        }
        Ok(Sheet { rules })
    }
}

fn rule(e: &Sexp) -> Result<Rule, GdlError> {
    if let Sexp::List(items, line) = e {
        if items.first().and_then(Sexp::symbol) == Some("<=") {
            let head = items
                .get(1)
                .ok_or_else(|| GdlError::at(*line, "a rule `(<= head body...)` without a head"))?;
            let head = relation(head, "the head of a rule")?;
            let body = items[2..].iter().map(literal).collect::<Result<_, _>>()?;
            return Ok(Rule { head, body });
        }
    }
    Ok(Rule {
        head: relation(e, "a fact")?,
        body: Vec::new(),
    })
}

/// A relation written as a head or a fact.
fn relation(e: &Sexp, what: &str) -> Result<Relation, GdlError> {
    let (name, args, line) = match e {
        Sexp::Symbol(s, line) => (s.clone(), Vec::new(), *line),
        Sexp::List(items, line) => match items.split_first() {
            Some((Sexp::Symbol(s, _), rest)) => (
                s.clone(),
                rest.iter().map(term).collect::<Result<_, _>>()?,
                *line,
            ),
            _ => {
                return Err(GdlError::at(
                    *line,
                    format!("{what} starts with a relation's name"),
                ))
            }
        },
        Sexp::Var(v, line) => {
            return Err(GdlError::at(
                *line,
                format!("{what} cannot be the variable ?{v}"),
            ))
        }
    };
    if KEYWORDS.contains(&name.as_str()) {
        return Err(GdlError::at(
            line,
            format!("{what} cannot be `{name}`: GDL gives it its own meaning"),
        ));
    }
    Ok(Relation { name, args, line })
}

fn term(e: &Sexp) -> Result<Term, GdlError> {
    match e {
        Sexp::Symbol(s, _) => Ok(Term::Sym(s.clone())),
        Sexp::Var(v, _) => Ok(Term::Var(v.clone())),
        Sexp::List(items, line) => match items.split_first() {
            Some((Sexp::Symbol(f, _), rest)) => Ok(Term::Fn(
                f.clone(),
                rest.iter().map(term).collect::<Result<_, _>>()?,
            )),
            _ => Err(GdlError::at(*line, "a function term starts with its name")),
        },
    }
}

fn literal(e: &Sexp) -> Result<Literal, GdlError> {
    let (items, line) = match e {
        Sexp::List(items, line) => (items, *line),
        _ => return relation(e, "a literal").map(Literal::Rel),
    };
    let arity = |n: usize, word: &str| -> Result<(), GdlError> {
        if items.len() == n + 1 {
            Ok(())
        } else {
            Err(GdlError::at(
                line,
                format!(
                    "`{word}` takes {n} argument{}",
                    if n == 1 { "" } else { "s" }
                ),
            ))
        }
    };
    match items.first().and_then(Sexp::symbol) {
        Some("true") => {
            arity(1, "true")?;
            Ok(Literal::True(term(&items[1])?))
        }
        Some("does") => {
            arity(2, "does")?;
            Ok(Literal::Does(term(&items[1])?, term(&items[2])?))
        }
        Some("not") => {
            arity(1, "not")?;
            Ok(Literal::Not(Box::new(literal(&items[1])?)))
        }
        Some("distinct") => {
            arity(2, "distinct")?;
            Ok(Literal::Distinct(term(&items[1])?, term(&items[2])?))
        }
        Some("or") if items.len() > 1 => Ok(Literal::Or(
            items[1..].iter().map(literal).collect::<Result<_, _>>()?,
        )),
        _ => relation(e, "a literal").map(Literal::Rel),
    }
}

impl Literal {
    /// The relations the literal reads (inside `not` and `or` too), added to `out`.
    pub fn relations<'a>(&'a self, out: &mut std::collections::BTreeSet<&'a str>) {
        match self {
            Literal::Rel(r) => {
                out.insert(r.name.as_str());
            }
            Literal::Not(inner) => inner.relations(out),
            Literal::Or(ls) => ls.iter().for_each(|l| l.relations(out)),
            _ => {}
        }
    }

    /// The variables of the literal, each once, in order.
    pub fn vars(&self, out: &mut Vec<String>) {
        match self {
            Literal::Rel(r) => r.args.iter().for_each(|t| t.vars(out)),
            Literal::True(t) => t.vars(out),
            Literal::Does(a, b) | Literal::Distinct(a, b) => {
                a.vars(out);
                b.vars(out);
            }
            Literal::Not(l) => l.vars(out),
            Literal::Or(ls) => ls.iter().for_each(|l| l.vars(out)),
        }
    }

    /// The variables a literal binds when it succeeds: those of a positive literal,
    /// and of a disjunction those every branch binds.
    pub fn bound(&self, out: &mut Vec<String>) {
        match self {
            Literal::Rel(_) | Literal::True(_) | Literal::Does(..) => self.vars(out),
            Literal::Not(_) | Literal::Distinct(..) => {}
            Literal::Or(ls) => {
                let sets: Vec<Vec<String>> = ls
                    .iter()
                    .map(|l| {
                        let mut v = Vec::new();
                        l.bound(&mut v);
                        v
                    })
                    .collect();
                if let Some((first, rest)) = sets.split_first() {
                    for v in first {
                        if rest.iter().all(|s| s.contains(v)) && !out.contains(v) {
                            out.push(v.clone());
                        }
                    }
                }
            }
        }
    }
}

impl Term {
    /// The variables of the term, each once, in order.
    pub fn vars(&self, out: &mut Vec<String>) {
        match self {
            Term::Sym(_) => {}
            Term::Var(v) => {
                if !out.contains(v) {
                    out.push(v.clone());
                }
            }
            Term::Fn(_, args) => args.iter().for_each(|t| t.vars(out)),
        }
    }
}
