//! The Prolog text of a checked rule sheet: its relations as clauses under their
//! own names (those that read the position or the moves take them as their first
//! two arguments, `GState` and `GDoes`), then the ludolog protocol played by them.

use super::check::{depends_on, recursive_pairs};
use super::goal_text::{insert_state, literal, relation};
use super::names::{atom, relation_atom, symbol, var, TAKEN};
use super::sheet::{Literal, Relation, Rule, Sheet, Term};
use super::{board, fixpoint, squares, static_facts};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// The relations that take the position and the moves: GDL's own that do, and
/// every relation that reads `true` or `does` or one of them.
fn dynamic(sheet: &Sheet) -> BTreeSet<String> {
    const PLAYED: [&str; 4] = ["legal", "next", "goal", "terminal"];
    let mut set = depends_on(sheet, |l| match l {
        Literal::True(_) | Literal::Does(..) => true,
        Literal::Rel(r) => PLAYED.contains(&r.name.as_str()),
        _ => false,
    });
    set.extend(PLAYED.iter().map(|s| s.to_string()));
    set
}

/// The rule file of `sheet` as module `module`.
pub fn rule_file(sheet: &Sheet, module: &str, source: &str) -> String {
    let dynamic = dynamic(sheet);
    let recursive = recursive_pairs(sheet);
    let recursions = fixpoint::recursions(sheet, &recursive, &dynamic);
    let statics = static_facts::work_out(sheet, &recursive, &dynamic).unwrap_or_default();
    // the file name goes into a comment and a string: no line break, quote or
    // backslash of it may end either
    let source: String = source
        .chars()
        .filter(|c| !c.is_control() && !matches!(c, '"' | '\\'))
        .collect();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "%% {module} — the GDL rule sheet {source}, translated by ludolog.\n\
         %\n\
         % Its relations follow, one clause per rule, under their own names; those that\n\
         % read the position (`true`, here holds/2) or the moves (`does`) take both as\n\
         % their first two arguments, GState and GDoes.  The ludolog protocol at the end\n\
         % plays them."
    );
    let renamed: Vec<&str> = relation_names(sheet)
        .into_iter()
        .filter(|n| TAKEN.contains(n))
        .collect();
    if !renamed.is_empty() {
        let _ = writeln!(
            out,
            "% Named with a `_` after them (Prolog has its own): {}.",
            renamed.join(", ")
        );
    }
    let mut exports: Vec<String> = [
        "initial/2",
        "to_move/2",
        "legal/2",
        "play/3",
        "outcome/2",
        "position//1",
        "move//1",
        "view/2",
        "holds/2",
        "true/2",
        "goal/3",
        "terminal/1",
        "roles/1",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for r in &sheet.rules {
        let extra = if dynamic.contains(&r.head.name) { 2 } else { 0 };
        let pi = format!(
            "{}/{}",
            relation_atom(&r.head.name),
            r.head.args.len() + extra
        );
        if !exports.contains(&pi) {
            exports.push(pi);
        }
    }
    let _ = writeln!(
        out,
        "\n:- module({}, [{}]).\n\n\
         :- use_module(library(lists)).\n:- use_module(library(dcgs)).\n\n\
         %% requires(?Library)  the KIF text of facts and moves comes from gdl.pl.\n\
         requires(gdl).\n\n\
         %% summary(-Text)  one line for `ludolog games`.\n\
         summary(\"the GDL rule sheet {}\").",
        atom(module),
        exports.join(", "),
        source
    );
    let mut groups: BTreeMap<(String, usize), Vec<&Rule>> = BTreeMap::new();
    let mut order = Vec::new();
    for r in &sheet.rules {
        let key = (r.head.name.clone(), r.head.args.len());
        if !groups.contains_key(&key) {
            order.push(key.clone());
        }
        groups.entry(key).or_default().push(r);
    }
    let mut recursion_declared = false;
    for key in order {
        let rules = &groups[&key];
        let mut lines: Vec<String> = rules.iter().map(|r| r.head.line.to_string()).collect();
        lines.dedup();
        let extra = if dynamic.contains(&key.0) { 2 } else { 0 };
        if let Some(facts) = statics.get(&key.0) {
            let rules: Vec<String> = rules
                .iter()
                .map(|r| clause(r, &dynamic, &recursive, None))
                .collect();
            let facts: Vec<String> = facts
                .iter()
                .map(|args| {
                    let fact = Relation {
                        name: key.0.clone(),
                        args: args.clone(),
                        line: 0,
                    };
                    relation(&fact, &dynamic, &var)
                })
                .collect();
            out.push_str(&static_facts::listed(&key.0, key.1, &lines, &rules, &facts));
            continue;
        }
        if let Some((k, members)) = recursions.of(&key.0) {
            if !recursion_declared {
                let _ = writeln!(out, "\n:- discontiguous(recursion/6).");
                recursion_declared = true;
            }
            out.push_str(&fixpoint::derived_relation(&key.0, key.1, k, &lines));
            for r in rules {
                let c = clause(r, &dynamic, &recursive, Some((k, members)));
                let _ = writeln!(out, "{c}");
            }
            continue;
        }
        let _ = writeln!(
            out,
            "\n%% {}/{}  the sheet's `{}`, line{} {}.",
            relation_atom(&key.0),
            key.1 + extra,
            key.0,
            if lines.len() == 1 { "" } else { "s" },
            lines.join(", ")
        );
        if rules.len() > 1 {
            let _ = writeln!(
                out,
                ":- discontiguous({}/{}).",
                relation_atom(&key.0),
                key.1 + extra
            );
        }
        for r in rules {
            let _ = writeln!(out, "{}", clause(r, &dynamic, &recursive, None));
        }
    }
    let board = board::board(sheet);
    out.push_str(PROTOCOL);
    out.push_str(&fixpoint::clauses(
        recursions.groups.len(),
        recursions.moves.len(),
    ));
    out.push_str(&squares::clauses(board.as_ref()));
    out.push_str(&view_clause(board.as_ref()));
    out
}

/// The clause of `view/2`: the sheet's board, if it has one, with the columns and
/// rows its facts can name, drawn by gdl.pl.
fn view_clause(board: Option<&board::Board>) -> String {
    let list = |symbols: &[String]| -> String {
        let items: Vec<String> = symbols.iter().map(|s| symbol(s)).collect();
        format!("[{}]", items.join(", "))
    };
    let (words, board) = match board {
        Some(b) => (
            format!(
                "the facts ({} X Y Mark) on a board of the columns X and rows Y they\n\
                 % can name, the other facts listed under it",
                b.name
            ),
            format!(
                "board({}, {}, {})",
                atom(&b.name),
                list(&b.cols),
                list(&b.rows)
            ),
        ),
        None => (
            "no fact of a board: the facts listed".to_string(),
            "none".to_string(),
        ),
    };
    format!(
        "\n%% view(+State, -View)  {words} (gdl:view/4 draws them).\n\
         view(gdl(Fs, _, _, _, _), View) :- roles(Rs), gdl:view(Fs, {board}, Rs, View).\n"
    )
}

/// Every relation name the sheet uses, once, sorted.
fn relation_names(sheet: &Sheet) -> Vec<&str> {
    let mut set = BTreeSet::new();
    for r in &sheet.rules {
        set.insert(r.head.name.as_str());
        r.body.iter().for_each(|l| l.relations(&mut set));
    }
    set.into_iter().collect()
}

/// One rule as a clause: positive literals in the sheet's order (those through which
/// the rule recurses after the others, which GDL's restriction on recursion says bind
/// their variables: so a left-recursive rule such as `(<= (lt ?x ?z) (lt ?x ?y) (succ
/// ?y ?z))` recurses on a bound argument and ends), then each `or` (those of positive
/// literals alone first: they may bind variables; one with a negated literal or a
/// `distinct` binds none), then the negated literals and `distinct` (Prolog tests
/// those once their variables are bound, wherever the sheet wrote them).
/// The clause of one rule: as it reads, or, for a rule of a recursion worked out
/// bottom up (`scc`: which it is, and its relations), a clause of `recursion/6` that gives
/// its head from the facts known so far (`fixpoint::Reads`), its recursion's literals
/// read from them first.
fn clause(
    r: &Rule,
    dynamic: &BTreeSet<String>,
    recursive: &BTreeSet<(String, String)>,
    scc: Option<(fixpoint::Key, &BTreeSet<String>)>,
) -> String {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut count = |t: &Term| count_vars(t, &mut counts);
    r.head.args.iter().for_each(&mut count);
    r.body.iter().for_each(|l| literal_terms(l, &mut count));
    let names = |v: &str| -> String {
        let name = var(v);
        if counts.get(v).copied().unwrap_or(0) == 1 {
            format!("_{name}")
        } else {
            name
        }
    };
    let members = scc.map(|(_, m)| m);
    let (state, does) = r.body.iter().fold((false, false), |(s, d), l| {
        let (s1, d1) = fixpoint::uses_outside(l, dynamic, members);
        (s || s1, d || d1)
    });
    let mut head = relation(&r.head, dynamic, &names);
    let reads = scc.map(|(_, m)| fixpoint::Reads::of(r, m));
    if let (Some((k, _)), Some(reads)) = (scc, reads) {
        let s = if state { "GState" } else { "_" };
        let d = if does { "GDoes" } else { "_" };
        let (known, new) = reads.head_lists();
        head = format!("recursion({k}, {s}, {d}, {known}, {new}, {head})");
    } else if dynamic.contains(&r.head.name) {
        let s = if state { "GState" } else { "_" };
        let d = if does { "GDoes" } else { "_" };
        head = insert_state(&head, &relation_atom(&r.head.name), s, d);
    }
    if r.body.is_empty() {
        return format!("{head}.");
    }
    let mut ordered: Vec<&Literal> = r.body.iter().collect();
    let recurses = |l: &Literal| match l {
        Literal::Rel(q) => recursive.contains(&(r.head.name.clone(), q.name.clone())),
        _ => false,
    };
    ordered.sort_by_key(|l| place(l, &recurses));
    if let Some(m) = members {
        // the recursion's own facts first: few, and each binds the rest
        ordered.sort_by_key(|l| !matches!(l, Literal::Rel(q) if m.contains(&q.name)));
    }
    let body: Vec<String> = ordered
        .into_iter()
        .map(|l| match (members, reads) {
            (Some(m), Some(reads)) => fixpoint::known_literal(l, dynamic, &names, m, reads.list()),
            _ => literal(l, dynamic, &names),
        })
        .collect();
    format!("{head} :-\n    {}.", body.join(",\n    "))
}

/// Where a body literal goes in its clause (a stable sort keeps the sheet's order
/// within each place): 0 a positive literal, 1 an `or` of positive literals, 2 a
/// literal or an `or` through which the rule recurses, 3 an `or` with a test in it,
/// 4 a test (`not`, `distinct`).
fn place(l: &Literal, recurses: &dyn Fn(&Literal) -> bool) -> u8 {
    let test = |l: &Literal| matches!(l, Literal::Not(_) | Literal::Distinct(..));
    match l {
        Literal::Not(_) | Literal::Distinct(..) => 4,
        Literal::Or(ls) if ls.iter().any(|l| test(l) || place(l, recurses) > 2) => 3,
        Literal::Or(ls) if ls.iter().any(|l| place(l, recurses) == 2) => 2,
        Literal::Or(_) => 1,
        l if recurses(l) => 2,
        _ => 0,
    }
}

fn literal_terms(l: &Literal, f: &mut dyn FnMut(&Term)) {
    match l {
        Literal::Rel(r) => r.args.iter().for_each(f),
        Literal::True(t) => f(t),
        Literal::Does(a, b) | Literal::Distinct(a, b) => {
            f(a);
            f(b);
        }
        Literal::Not(inner) => literal_terms(inner, f),
        Literal::Or(ls) => ls.iter().for_each(|l| literal_terms(l, f)),
    }
}

fn count_vars(t: &Term, counts: &mut BTreeMap<String, usize>) {
    match t {
        Term::Var(v) => *counts.entry(v.clone()).or_insert(0) += 1,
        Term::Fn(_, args) => args.iter().for_each(|a| count_vars(a, counts)),
        Term::Sym(_) => {}
    }
}

/// The protocol over the relations: states are the sorted lists of true facts.
const PROTOCOL: &str = r#"
% ---- the ludolog protocol, played by the relations above ----
% State: gdl(Facts, Squares, Derived, Over, Choices), Facts the sorted list of the
% facts that are true, Squares those of the board square by square (squares/2),
% Derived the facts of each recursion over the position (recursions/3); Over (true
% or false, the sheet's `terminal`) and Choices (each role's legal moves) are what
% the sheet says of them.  All are worked out once when the state is made, as
% legal/2, play/3, to_move/2 and outcome/2 each ask for them.
% Move: the move of the role to move when every other role has one legal move (a
% noop); else joint(Moves), one move per role in the order of the roles.

%% initial(+Options, -State)  the facts init/1 gives; a sheet has no options.
initial(Options, S) :-
    protocol:options([], Options),
    findall(F, init(F), Fs0), sort(Fs0, Fs),
    state(Fs, S).

%% state(+Facts, -State)  the state of these facts (sorted), with whether it is
% terminal and each role's legal moves in it.
state(Fs, gdl(Fs, Sq, Derived, Over, Cs)) :-
    squares(Fs, Sq),
    recursions(Fs, Sq, Derived),
    S = gdl(Fs, Sq, Derived, _, _),
    (  terminal(S, []) -> Over = true ; Over = false  ),
    choices(S, Cs).

%% does(+Does, ?Role, ?Move)  Role makes Move in the joint move Does (made/3 gives
% it with the facts of the recursions that read the moves, when the sheet has any).
does(does_made(D, _), R, M) :- !, member(does(R, M), D).
does(D, R, M) :- member(does(R, M), D).

%% roles(-Roles)  the roles, in the sheet's order.
roles(Rs) :- findall(R, role(R), Rs).

%% choices(+State, -Choices)  Role-Moves for each role: its legal moves, sorted.
choices(S, Cs) :-
    roles(Rs),
    findall(R-Ms, ( member(R, Rs), findall(M, legal(S, [], R, M), Ms0), sort(Ms0, Ms) ), Cs).

%% mover(+Choices, -Role)  the role to move: the first with more than one move,
% else the first whose one move is not noop, else the first with no move while the
% others wait (at a full board, the one whose turn it is), else the first.
mover(Cs, R) :-
    (  member(R-[_, _|_], Cs) -> true
    ;  member(R-[M], Cs), M \== noop -> true
    ;  member(R-[], Cs) -> true
    ;  Cs = [R-_|_]
    ).

%% to_move(+State, -Role)  the role to move.
to_move(gdl(_, _, _, _, Cs), R) :- mover(Cs, R).

%% legal(+State, -Move)  the moves of a position that is not terminal; a role
% without a legal move there breaks the sheet (GDL's playability: ggp-base's game
% would stop there too), and is an error that names the role.
legal(gdl(_, _, _, false, Cs), M) :-
    (  member(R-[], Cs)
    -> throw(error(existence_error(legal_move_of_the_role, R), gdl_playability))
    ;  turn(Cs, M)
    ).

%% turn(+Choices, ?Move)  a move: the mover's alone when every other role has one
% legal move, else a joint move.
turn(Cs, M) :-
    mover(Cs, R),
    (  \+ ( member(R1-Ms1, Cs), R1 \== R, Ms1 \= [_] )
    -> member(R-Ms, Cs), member(M, Ms)
    ;  M = joint(Js), joint(Cs, Js)
    ).

%% joint(+Choices, ?Moves)  one legal move of each role, in order.
joint([], []).
joint([_-Ms|Cs], [M|Js]) :- member(M, Ms), joint(Cs, Js).

%% does_list(+Choices, +Move, -Does)  does(Role, Move) for every role.
does_list(Cs, joint(Js), D) :- !, findall(does(R, M), ( nth0(I, Cs, R-_), nth0(I, Js, M) ), D).
does_list(Cs, M, D) :-
    mover(Cs, R),
    findall(does(R1, M1), ( member(R1-Ms, Cs), ( R1 == R -> M1 = M ; Ms = [M1] ) ), D).

%% play(+State, +Move, -Next)  the facts next/3 gives after a legal move (made/3
% works out first the recursions that read the moves, if the sheet has any).
play(S, M, S1) :-
    ground(M), S = gdl(_, _, _, false, Cs),
    once(turn(Cs, M)),
    does_list(Cs, M, D0),
    made(S, D0, D),
    findall(F, next(S, D, F), Fs0), sort(Fs0, Fs),
    state(Fs, S1).

%% true(+State, ?Fact)  Fact is true in State, as GDL's `true` says it (holds/2,
% the name the relations use: a library of scryer's has a true/2 of its own).
true(S, F) :- holds(S, F).

%% goal(+State, ?Role, ?Value)  Role's goal value in State (goal/4 without moves).
goal(S, R, V) :- goal(S, [], R, V).

%% terminal(+State)  the game is over in State.
terminal(gdl(_, _, _, true, _)).

%% goal_values(+State, -Values)  Role-V for each role in order, its goal value (0
% when the sheet gives none).
goal_values(S, Vs) :-
    roles(Rs),
    findall(R-V, ( member(R, Rs), ( goal(S, [], R, V0) -> V = V0 ; V = 0 ) ), Vs).

%% outcome(+State, -Outcome)  once terminal, the goal values as general game playing
% reads them: win(Role) when Role has 100 and every other role 0, draw when every
% role has 50, else scores(Values), each role's goal value.
outcome(S, O) :-
    S = gdl(_, _, _, true, _), !,
    goal_values(S, Vs),
    (  select(R-100, Vs, Others), \+ ( member(_-V, Others), V \== 0 ) -> O = win(R)
    ;  \+ ( member(_-V, Vs), V \== 50 ) -> O = draw
    ;  O = scores(Vs)
    ).

%% position(?State)//  the true facts in KIF, sorted, separated by spaces.
position(S) --> { nonvar(S) }, !, { S = gdl(Fs, _, _, _, _) }, gdl:facts(Fs).
position(S) --> gdl:facts(Fs), { state(Fs, S) }.

%% move(?Move)//  a move in KIF; a joint move as its moves separated by " & ".
move(M) --> gdl:move(M).
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_name_cannot_end_the_comment_or_the_string_it_is_written_in() {
        let sheet = Sheet::read(&crate::gdl::kif::read("(role a)").unwrap()).unwrap();
        let text = rule_file(&sheet, "m", "x\n:- halt.\"). evil.kif");
        assert!(!text.contains("\n:- halt."), "{text}");
        assert!(text.contains("summary(\"the GDL rule sheet x:- halt.). evil.kif\")."));
    }

    #[test]
    fn every_predicate_of_the_protocol_is_a_name_no_relation_takes() {
        // a sheet's relation of the same name and arity would add its clauses to the
        // protocol's: each name the protocol defines is renamed in a sheet
        let text = "(role a) (init (cell 1 1 b)) (<= (legal a noop) (true (cell 1 1 b)))\n\
                    (<= (next (cell 1 1 b)) (true (cell 1 1 b))) (<= terminal (true (cell 1 1 b)))\n\
                    (adj 1 2) (<= (conn ?x ?y) (true (cell ?x 1 b)) (adj ?x ?y))\n\
                    (<= (conn ?x ?z) (true (cell ?y 1 b)) (conn ?x ?y) (adj ?y ?z))";
        let sheet = Sheet::read(&crate::gdl::kif::read(text).unwrap()).unwrap();
        let file = rule_file(&sheet, "m", "t.kif");
        let (_, protocol) = file.split_once("% ---- the ludolog protocol").unwrap();
        assert!(
            protocol.contains("squares(Fs, Sq) :-"),
            "the sheet has a board: {file}"
        );
        for line in protocol.lines() {
            let head: String = line
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            // GDL's own legal, goal and terminal: the protocol's have two arguments
            // fewer than their translations (which take the state and the moves)
            let gdl_own = ["legal", "goal", "terminal"].contains(&head.as_str());
            if head.is_empty() || gdl_own || !line[head.len()..].starts_with(['(', ' ', '.']) {
                continue;
            }
            assert!(
                TAKEN.contains(&head.as_str()),
                "{head} is not in TAKEN: {line}"
            );
        }
    }

    #[test]
    fn a_rule_recurses_after_its_other_literals_and_tests_come_last() {
        let text = "(role a) (s 1 2) (s 2 3)\n\
                    (<= (lt ?x ?y) (s ?x ?y))\n\
                    (<= (lt ?x ?z) (lt ?x ?y) (s ?y ?z))\n\
                    (<= (far ?x ?z) (or (distinct ?x ?z) (not (s ?x ?z))) (lt ?x ?z))";
        let sheet = Sheet::read(&crate::gdl::kif::read(text).unwrap()).unwrap();
        let file = rule_file(&sheet, "m", "t.kif");
        assert!(
            file.contains("%   lt(X, Z) :-\n%       s(Y, Z),\n%       lt(X, Y).\n"),
            "{file}"
        );
        // a recursion over neither the position nor the moves is listed as facts
        assert!(file.contains("\nlt(1, 2). lt(1, 3). lt(2, 3).\n"), "{file}");
        assert!(
            file.contains("far(X, Z) :-\n    lt(X, Z),\n    ( X \\== Z ; \\+ s(X, Z) )."),
            "{file}"
        );
    }
}
