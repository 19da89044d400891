//! Recursive relations that read the position or the moves, worked out bottom up:
//! GDL means the least set of facts its rules give, and a recursion over a cycle
//! (stones joined across a board) never ends when Prolog asks it top down.  So each
//! such recursion (a group of relations that use each other) has its facts made
//! round after round until a round gives no new one, and its relations read them:
//! one that reads the position when a state is made, one that reads the moves
//! (`does`) when a move is played, before `next` is asked.  A round applies a rule
//! that uses one fact of the recursion to the facts the round before found new only
//! (semi-naive evaluation: any other fact was tried then), a rule that uses none in
//! the first round only, and any other rule to all the facts known.

use super::check::depends_on;
use super::names::relation_atom;
use super::sheet::{Literal, Sheet};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The recursions a sheet's translation works out bottom up, in the order they are
/// made (one before any that uses it), each the names of its relations: those that
/// read the position only, made with a state, and those that read the moves, made
/// with a move.
pub struct Recursions {
    pub groups: Vec<BTreeSet<String>>,
    pub moves: Vec<BTreeSet<String>>,
}

/// Which recursion a relation is in: the K-th (from 1) of a state's, or of a move's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    pub k: usize,
    pub moves: bool,
}

impl fmt::Display for Key {
    /// As `recursion/6` and `fixpoint/6` name it: `K`, or `moves(K)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.moves {
            write!(f, "moves({})", self.k)
        } else {
            write!(f, "{}", self.k)
        }
    }
}

impl Recursions {
    /// The recursion relation `name` is in, if any.
    pub fn of(&self, name: &str) -> Option<(Key, &BTreeSet<String>)> {
        let find = |moves: bool| {
            let list = if moves { &self.moves } else { &self.groups };
            list.iter()
                .enumerate()
                .find(|(_, g)| g.contains(name))
                .map(|(i, g)| (Key { k: i + 1, moves }, g))
        };
        find(false).or_else(|| find(true))
    }
}

/// The recursions of `sheet` whose relations read the position or the moves
/// (`dynamic`), from the pairs of relations that use each other.
pub fn recursions(
    sheet: &Sheet,
    recursive: &BTreeSet<(String, String)>,
    dynamic: &BTreeSet<String>,
) -> Recursions {
    let moves = depends_on(sheet, |l| matches!(l, Literal::Does(..)));
    // each pair is in one group: join the groups of its two relations
    let mut group_of: BTreeMap<String, usize> = BTreeMap::new();
    let mut groups: Vec<BTreeSet<String>> = Vec::new();
    for (a, b) in recursive {
        match (group_of.get(a).copied(), group_of.get(b).copied()) {
            (Some(i), Some(j)) if i != j => {
                let moved = std::mem::take(&mut groups[j]);
                for n in &moved {
                    group_of.insert(n.clone(), i);
                }
                groups[i].extend(moved);
            }
            (Some(i), None) => {
                group_of.insert(b.clone(), i);
                groups[i].insert(b.clone());
            }
            (None, Some(j)) => {
                group_of.insert(a.clone(), j);
                groups[j].insert(a.clone());
            }
            (None, None) => {
                groups.push([a.clone(), b.clone()].into());
                group_of.insert(a.clone(), groups.len() - 1);
                group_of.insert(b.clone(), groups.len() - 1);
            }
            _ => {}
        }
    }
    let (on_moves, on_state): (Vec<_>, Vec<_>) = groups
        .into_iter()
        .filter(|g| !g.is_empty())
        .filter(|g| g.iter().all(|n| dynamic.contains(n)))
        .partition(|g| g.iter().any(|n| moves.contains(n)));
    Recursions {
        groups: ordered(sheet, on_state),
        moves: ordered(sheet, on_moves),
    }
}

/// The groups, one before any that uses it: a group waits while a rule of its
/// relations reaches a relation of another group still left.
fn ordered(sheet: &Sheet, mut left: Vec<BTreeSet<String>>) -> Vec<BTreeSet<String>> {
    let mut ordered = Vec::new();
    while !left.is_empty() {
        let ready = (0..left.len()).find(|&i| {
            left.iter().enumerate().all(|(j, other)| {
                j == i || {
                    let users = depends_on(sheet, |l| match l {
                        Literal::Rel(r) => other.contains(&r.name),
                        _ => false,
                    });
                    !left[i].iter().any(|n| users.contains(n))
                }
            })
        });
        ordered.push(left.remove(ready.unwrap_or(0)));
    }
    ordered
}

/// The clauses that make a state's recursions (`recursions/3`, `count` of them) and
/// a move's (`made/3`, `moves` of them), and read them (`derived/3`, `moved/4`).
pub fn clauses(count: usize, moves: usize) -> String {
    let mut out = if count == 0 {
        "\n%% recursions(+Facts, +Squares, -Derived)  the sheet has no recursion that \
         reads the\n% position: none.\nrecursions(_, _, none).\n"
            .to_string()
    } else {
        format!(
            "\n%% recursions(+Facts, +Squares, -Derived)  derived(F1, ..., F{count}): the facts of each\n\
             % recursion that reads the position, sorted, each worked out after those it uses.\n\
             recursions(Fs, Sq, Derived) :-\n    \
                 functor(Derived, derived, {count}),\n    \
                 recursions_from(1, gdl(Fs, Sq, Derived, _, _)).\n\
             \n%% recursions_from(+K, +State)  the facts of the K-th recursion on, in State's Derived.\n\
             recursions_from(K, S) :-\n    \
                 S = gdl(_, _, Derived, _, _),\n    \
                 (  arg(K, Derived, Fs)\n    \
                 -> fixpoint(K, S, [], [], [], Fs),\n       \
                    K1 is K + 1,\n       \
                    recursions_from(K1, S)\n    \
                 ;  true\n    \
                 ).\n\
             \n%% derived(+State, +K, -Facts)  the facts of the K-th recursion in State.\n\
             derived(gdl(_, _, Derived, _, _), K, Fs) :- arg(K, Derived, Fs).\n"
        )
    };
    if moves == 0 {
        out.push_str(
            "\n%% made(+State, +Does, -Made)  the sheet has no recursion that reads the moves:\n\
             % the moves themselves.\nmade(_, D, D).\n",
        );
    } else {
        out.push_str(&format!(
            "\n%% made(+State, +Does, -Made)  does_made(Does, moved(F1, ..., F{moves})): the joint\n\
             % move, and the facts of each recursion that reads the moves, sorted, each worked\n\
             % out after those it uses.\n\
             made(S, D, does_made(D, Moved)) :-\n    \
                 functor(Moved, moved, {moves}),\n    \
                 made_from(1, S, does_made(D, Moved)).\n\
             \n%% made_from(+K, +State, +Made)  the facts of the K-th recursion on the moves on.\n\
             made_from(K, S, Made) :-\n    \
                 Made = does_made(_, Moved),\n    \
                 (  arg(K, Moved, Fs)\n    \
                 -> fixpoint(moves(K), S, Made, [], [], Fs),\n       \
                    K1 is K + 1,\n       \
                    made_from(K1, S, Made)\n    \
                 ;  true\n    \
                 ).\n\
             \n%% moved(+State, +Does, +K, -Facts)  the facts of the K-th recursion on the moves\n\
             % Does (made/3 gives them, or they are worked out here for a list of moves).\n\
             moved(_, does_made(_, Moved), K, Fs) :- !, arg(K, Moved, Fs).\n\
             moved(S, D, K, Fs) :- made(S, D, Made), moved(S, Made, K, Fs).\n"
        ));
    }
    if count + moves > 0 {
        out.push_str(
            "\n%% fixpoint(+K, +State, +Does, +Known, +New, -Facts)  Known and every fact the\n\
             % recursion K's rules give from it, round after round until a round gives nothing\n\
             % new; New are the facts the round before found (recursion/6 reads them).\n\
             fixpoint(K, S, D, Known, New, Facts) :-\n    \
                 findall(F, recursion(K, S, D, Known, New, F), Found0),\n    \
                 sort(Found0, Found),\n    \
                 new_facts(Found, Known, New1),\n    \
                 (  New1 == []\n    \
                 -> Facts = Known\n    \
                 ;  append(Known, New1, All), sort(All, Known1),\n       \
                    fixpoint(K, S, D, Known1, New1, Facts)\n    \
                 ).\n\
             \n%% new_facts(+Found, +Known, -New)  the facts of Found not in Known (both sorted).\n\
             new_facts([], _, []).\n\
             new_facts([F|Fs], Known, New) :-\n    \
                 (  Known = [G|Gs]\n    \
                 -> compare(O, F, G),\n       \
                    (  O = (<) -> New = [F|New1], new_facts(Fs, Known, New1)\n       \
                    ;  O = (=) -> new_facts(Fs, Gs, New)\n       \
                    ;  new_facts([F|Fs], Gs, New)\n       \
                    )\n    \
                 ;  New = [F|Fs]\n    \
                 ).\n",
        );
    }
    out
}

/// What a rule of a recursion reads of the recursion's facts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reads {
    /// None: the rule gives its facts in the first round only.
    Nothing,
    /// One, a literal of its body: the facts the round before found.
    New,
    /// More, or one under `or`: all the facts known.
    Known,
}

impl Reads {
    /// What rule `r` of the recursion `members` reads.
    pub fn of(r: &super::sheet::Rule, members: &BTreeSet<String>) -> Reads {
        let top = r
            .body
            .iter()
            .filter(|l| matches!(l, Literal::Rel(q) if members.contains(&q.name)))
            .count();
        let all = r.body.iter().filter(|l| reads_known(l, members)).count();
        match (top, all) {
            (0, 0) => Reads::Nothing,
            (1, 1) => Reads::New,
            _ => Reads::Known,
        }
    }

    /// The known and the new facts' arguments of the rule's `recursion/6` head.
    pub fn head_lists(self) -> (&'static str, &'static str) {
        match self {
            Reads::Nothing => ("[]", "_"),
            Reads::New => ("_", "New"),
            Reads::Known => ("Known", "_"),
        }
    }

    /// The list the rule's literals of the recursion are read from.
    pub fn list(self) -> &'static str {
        match self {
            Reads::New => "New",
            Reads::Nothing | Reads::Known => "Known",
        }
    }
}

/// The clause of a relation of a recursion worked out bottom up: its facts read from
/// those the state holds for recursion `k`.
pub(super) fn derived_relation(name: &str, arity: usize, key: Key, lines: &[String]) -> String {
    let args: Vec<String> = (1..=arity).map(|i| format!("A{i}")).collect();
    let atom = relation_atom(name);
    let (state, read) = if key.moves {
        (
            "GState, GDoes",
            format!("moved(GState, GDoes, {}, Fs)", key.k),
        )
    } else {
        ("GState, _", format!("derived(GState, {}, Fs)", key.k))
    };
    let (head, fact) = if arity == 0 {
        (format!("{atom}({state})"), atom.clone())
    } else {
        let a = args.join(", ");
        (format!("{atom}({state}, {a})"), format!("{atom}({a})"))
    };
    let (over, when) = if key.moves {
        ("the moves", "a move is played")
    } else {
        ("the position", "a state is made")
    };
    format!(
        "\n%% {atom}/{}  the sheet's `{name}`, line{} {}: a recursion over {over}, so\n\
         % its facts are worked out bottom up when {when} (recursion/6: its rules\n\
         % below, which read the recursion's facts from Known, or from New, those the round\n\
         % before found) and read here.\n\
         {head} :-\n    {read},\n    member({fact}, Fs).\n",
        arity + 2,
        if lines.len() == 1 { "" } else { "s" },
        lines.join(", "),
    )
}

/// Whether a literal reads a relation of the recursion `members`.
pub(super) fn reads_known(l: &Literal, members: &BTreeSet<String>) -> bool {
    match l {
        Literal::Rel(r) => members.contains(&r.name),
        Literal::Not(inner) => reads_known(inner, members),
        Literal::Or(ls) => ls.iter().any(|l| reads_known(l, members)),
        _ => false,
    }
}

/// `uses/2`, but a relation of the recursion `members` (read from the facts known)
/// reads neither.
pub(super) fn uses_outside(
    l: &Literal,
    dynamic: &BTreeSet<String>,
    members: Option<&BTreeSet<String>>,
) -> (bool, bool) {
    match (l, members) {
        (Literal::Rel(r), Some(m)) if m.contains(&r.name) => (false, false),
        (Literal::Not(inner), _) => uses_outside(inner, dynamic, members),
        (Literal::Or(ls), _) => ls.iter().fold((false, false), |(s, d), l| {
            let (s1, d1) = uses_outside(l, dynamic, members);
            (s || s1, d || d1)
        }),
        _ => super::goal_text::uses(l, dynamic),
    }
}

/// `literal/3` in a rule of a recursion worked out bottom up: a literal of one of
/// its relations is a fact of `list` (`Known` or `New`).
pub(super) fn known_literal(
    l: &Literal,
    dynamic: &BTreeSet<String>,
    names: &dyn Fn(&str) -> String,
    members: &BTreeSet<String>,
    list: &str,
) -> String {
    match l {
        Literal::Rel(r) if members.contains(&r.name) => {
            format!(
                "member({}, {list})",
                super::goal_text::relation(r, dynamic, names)
            )
        }
        Literal::Or(ls) => {
            let parts: Vec<String> = ls
                .iter()
                .map(|l| known_literal(l, dynamic, names, members, list))
                .collect();
            format!("( {} )", parts.join(" ; "))
        }
        _ => super::goal_text::literal(l, dynamic, names),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(text: &str) -> Sheet {
        Sheet::read(&crate::gdl::kif::read(text).unwrap()).unwrap()
    }

    #[test]
    fn relations_that_use_each_other_are_one_recursion_made_after_the_one_they_use() {
        // even/odd use each other (one group); far uses conn, a group of its own,
        // which must be made first although the sheet writes far first
        let s = sheet(
            "(role a) (adj 1 2) (adj 2 1)\n\
             (<= (far ?x ?y) (conn ?x ?y))\n\
             (<= (far ?x ?z) (true (on ?y)) (far ?x ?y) (conn ?y ?z))\n\
             (<= (conn ?x ?y) (true (on ?x)) (adj ?x ?y))\n\
             (<= (conn ?x ?z) (true (on ?y)) (conn ?x ?y) (adj ?y ?z))\n\
             (<= (even ?x) (true (start ?x)))\n\
             (<= (odd ?y) (true (on ?y)) (even ?x) (adj ?x ?y))\n\
             (<= (even ?y) (true (on ?y)) (odd ?x) (adj ?x ?y))",
        );
        let recursive = super::super::check::recursive_pairs(&s);
        let dynamic: BTreeSet<String> = ["conn", "far", "even", "odd"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let r = recursions(&s, &recursive, &dynamic);
        assert_eq!(r.groups.len(), 3);
        let (even, _) = r.of("even").unwrap();
        assert_eq!(r.of("odd").map(|(k, _)| k), Some(even), "one group");
        let (conn, _) = r.of("conn").unwrap();
        let (far, _) = r.of("far").unwrap();
        assert!(conn.k < far.k, "conn is made before far uses it");
    }

    #[test]
    fn a_rule_that_uses_one_fact_of_its_recursion_reads_the_new_ones_only() {
        let s = sheet(
            "(role a) (adj 1 2)\n\
             (<= (conn ?x ?y) (true (on ?x)) (adj ?x ?y))\n\
             (<= (conn ?x ?z) (true (on ?y)) (conn ?x ?y) (adj ?y ?z))\n\
             (<= (conn ?x ?z) (conn ?x ?y) (conn ?y ?z))",
        );
        let members: BTreeSet<String> = ["conn".to_string()].into();
        let reads: Vec<Reads> = s
            .rules
            .iter()
            .filter(|r| r.head.name == "conn")
            .map(|r| Reads::of(r, &members))
            .collect();
        assert_eq!(reads, [Reads::Nothing, Reads::New, Reads::Known]);
        assert_eq!(Reads::Nothing.head_lists(), ("[]", "_"));
        assert_eq!(Reads::New.list(), "New");
    }

    #[test]
    fn a_recursion_on_the_position_is_made_with_a_state_one_on_the_moves_with_a_move() {
        let s = sheet(
            "(role a) (adj 1 2) (adj 2 1)\n\
             (<= (conn ?x ?y) (true (on ?x)) (adj ?x ?y))\n\
             (<= (conn ?x ?z) (true (on ?y)) (conn ?x ?y) (adj ?y ?z))\n\
             (<= (far ?x ?y) (does a (go ?x)) (adj ?x ?y))\n\
             (<= (far ?x ?z) (adj ?y ?z) (far ?x ?y))\n\
             (<= (less ?x ?y) (adj ?x ?y)) (<= (less ?x ?z) (adj ?y ?z) (less ?x ?y))",
        );
        let recursive = super::super::check::recursive_pairs(&s);
        let dynamic: BTreeSet<String> = ["conn", "far"].iter().map(|s| s.to_string()).collect();
        let r = recursions(&s, &recursive, &dynamic);
        assert_eq!((r.groups.len(), r.moves.len()), (1, 1));
        let key = |name: &str| r.of(name).map(|(k, _)| k.to_string());
        assert_eq!(key("conn").as_deref(), Some("1"));
        assert_eq!(
            key("far").as_deref(),
            Some("moves(1)"),
            "it reads the moves"
        );
        assert!(r.of("less").is_none(), "it reads neither");
    }
}
