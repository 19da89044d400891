//! The vendored engine's loader keeps a clause body that expands to itself as it is
//! (`'$plain_body'/2`), and still offers every goal to the goal expansion hooks
//! whose clauses may take it (`'$unhooked_goal'/2`, and for a whole body
//! `'$unhooked_body'/2`), and every term to the term expansion hooks whose clauses
//! may take it (`'$unhooked_term'/1`); and it reads each clause with its
//! singletons only (`'$read_clause'/3`).

use crate::common;

/// Runs `ludolog repl hex --trust` on a session that consults a hook file (into
/// `user`), loads a module with `use_module/1`, then asks `queries` (one a line):
/// gives the exit code, standard output and standard error.
fn run_with_hook_and_module(hook: &str, module: &str, queries: &str) -> (i32, String, String) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let hook_file = dir.path().join("hook.pl");
    let used = dir.path().join("used.pl");
    std::fs::write(&hook_file, hook).expect("the hook's file");
    std::fs::write(&used, module).expect("the module's file");
    let input = format!(
        "consult('{}').\nuse_module('{}').\n{queries}",
        hook_file.display(),
        used.display()
    );
    common::run(&["repl", "hex", "-O", "size=3", "--trust"], Some(&input))
}

/// A user's `goal_expansion/2` whose first argument is a variable rewrites the goal
/// `magic` wherever a loaded module's clause body has it: alone, in an if-then-else,
/// qualified by the module, and beside a meta-predicate (a body the loader expands in
/// full). Without the hook each call would be an unknown procedure.
#[test]
fn goal_expansion_hooks_still_rewrite_the_goals_of_plain_bodies() {
    let (code, out, err) = run_with_hook_and_module(
        "goal_expansion(G, write(expanded)) :- G == magic.\n",
        ":- module(used, [p/0, q/0, r/0, s/0]).\n\
         p :- magic.\n\
         q :- ( true -> magic ; fail ).\n\
         r :- used:magic.\n\
         s :- findall(x, true, _), magic.\n",
        "p, nl.\nq, nl.\nr, nl.\ns, nl.\n",
    );
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out.matches("expanded").count(), 4, "{out}{err}");
    assert!(!err.contains("unknown procedure"), "{err}");
}

/// A user's `goal_expansion/2` whose clauses name their goals in the head (an atom, a
/// compound, and a compound no body has) rewrites the goals they name: alone, in an
/// if-then-else, qualified, and as the goal argument of a meta-predicate. The loader
/// leaves out only the offers no clause can take, by the index of its first argument.
#[test]
fn goal_expansion_hooks_indexed_on_their_goal_still_rewrite_it() {
    let (code, out, err) = run_with_hook_and_module(
        "goal_expansion(other(_), fail).\n\
         goal_expansion(magic, write(expanded)).\n\
         goal_expansion(spell(X), write(X)).\n",
        ":- module(used, [p/0, q/0, r/0, s/0]).\n\
         p :- magic.\n\
         q :- ( true -> spell(cast) ; fail ).\n\
         r :- used:spell(qualified).\n\
         s :- findall(x, spell(inside), _).\n",
        "p, nl.\nq, nl.\nr, nl.\ns, nl.\n",
    );
    assert_eq!(code, 0, "{out}{err}");
    for word in ["expanded", "cast", "qualified", "inside"] {
        assert!(out.contains(word), "{word}: {out}{err}");
    }
    assert!(!err.contains("unknown procedure"), "{err}");
}

/// A body in which no hook can take anything is kept in one step
/// (`'$unhooked_body'/2`); one with a single part a hook may take is offered every
/// part: here a user's hook indexed on a control construct (`;/2`), and a module's
/// own `goal_expansion/2` (defined before the clauses it rewrites), reached under
/// `\+` and inside a conjunction whose other goals no hook takes.
#[test]
fn goal_expansion_hooks_on_control_constructs_and_in_modules_still_rewrite() {
    let (code, out, err) = run_with_hook_and_module(
        "goal_expansion((either ; _), write(either)).\n",
        ":- module(used, [t/0, u/0, v/0]).\n\
         goal_expansion(local_magic, write(local)).\n\
         t :- true, ( either ; fail ).\n\
         u :- true, \\+ \\+ local_magic.\n\
         v :- true, ( true -> used:local_magic ; fail ), true.\n",
        "t, nl.\nu, nl.\nv, nl.\n",
    );
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out.matches("either").count(), 1, "{out}{err}");
    assert_eq!(out.matches("local").count(), 2, "{out}{err}");
    assert!(!err.contains("unknown procedure"), "{err}");
}

/// A user's `term_expansion/2` rewrites the terms its clauses take: one named in
/// the head as an atom, one as a compound, one taken by a variable first argument;
/// and library(dcgs)'s and library(atts)'s own hooks, which name what they take in
/// the head, still turn grammar rules (one with a pushback, `Head, Terminals -->`)
/// and an `:- attribute` directive into clauses.
/// The loader leaves out only the offers no clause can take, by the index of its
/// first argument.
#[test]
fn term_expansion_hooks_still_rewrite_the_terms_they_take() {
    let (code, out, err) = run_with_hook_and_module(
        "term_expansion(make_facts, [fact(1), fact(2)]).\n\
         term_expansion(twice(N), [count(N), count(N)]).\n\
         term_expansion(T, seen(by_variable)) :- T == plain_fact.\n",
        ":- module(used, [fact/1, count/1, seen/1, greeting//0, look//0, coloured/1]).\n\
         :- use_module(library(atts)).\n\
         :- attribute colour/1.\n\
         make_facts.\n\
         twice(3).\n\
         plain_fact.\n\
         greeting --> [hello].\n\
         look, [x] --> [x].\n\
         coloured(C) :- \\+ \\+ ( put_atts(V, colour(C)), get_atts(V, colour(D)), D == C ).\n",
        "findall(X, fact(X), Facts).\n\
         findall(N, count(N), Counts).\n\
         seen(Who).\n\
         phrase(greeting, [hello]).\n\
         phrase(look, [x], Rest).\n\
         coloured(red).\n",
    );
    assert_eq!(code, 0, "{out}{err}");
    for answer in [
        "Facts = [1,2]",
        "Counts = [3,3]",
        "Who = by_variable",
        "Rest = [x]",
    ] {
        assert!(out.contains(answer), "{answer}: {out}{err}");
    }
    // the consult, the use_module, the phrase and the attribute
    assert_eq!(out.matches("true.").count(), 4, "{out}{err}");
    assert!(!err.contains("unknown procedure"), "{err}");
}

/// A cyclic body given to the loader's expansion (`--trust` reaches it) never ends:
/// the time limit stops it, and the session goes on as it was.
#[test]
fn a_cyclic_body_under_expansion_is_stopped_by_the_time_limit() {
    let input = "X = (a, X), loader:expand_goal(X, user, E, [], []).\nY = 1.\n";
    let (_, out, err) = common::run(
        &[
            "repl",
            "hex",
            "-O",
            "size=3",
            "--trust",
            "--time-limit",
            "1",
        ],
        Some(input),
    );
    assert!(err.contains("ran past the time limit of 1 s"), "{out}{err}");
    assert!(out.contains("Y = 1."), "{out}{err}");
}

/// The loader reads each clause with `'$read_clause'/3`, which finds the singletons
/// of a clause read into a fresh variable from how often the reader wrote each
/// variable, and of one read onto a bound term by walking it: both as `read_term/3`
/// with `singletons/1` gives them, names beginning with `_` and the end of the file
/// among them.
#[test]
fn the_loaders_read_gives_the_singletons_read_term_gives() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let text = dir.path().join("two.pl");
    std::fs::write(&text, "f(X, Y, X).\ng(A, _B, _).\n").expect("the text's file");
    let open = format!("open('{}', read, S)", text.display());
    let input = format!(
        "[user].\n\
         rc(S, T, Sg) :- '$read_clause'(S, T, Sg).\n\
         end_of_file.\n\
         {open}, rc(S, T, Sg), rc(S, U, Sg2), rc(S, E, Sg3), close(S).\n\
         {open}, read_term(S, T, [singletons(Sg)]), read_term(S, U, [singletons(Sg2)]), \
         read_term(S, E, [singletons(Sg3)]), close(S).\n\
         {open}, rc(S, f(a, B, C), Sg), close(S).\n\
         {open}, read_term(S, f(a, B, C), [singletons(Sg)]), close(S).\n"
    );
    let (code, out, err) = common::run(&["repl", "hex", "-O", "size=3", "--trust"], Some(&input));
    assert_eq!(code, 0, "{out}{err}");
    for answer in [
        "T = f(_A,_B,_A),\nSg = ['Y'=_B],",
        "U = g(_C,_D,_E),\nSg2 = ['A'=_C,'_B'=_D],",
        "E = end_of_file,\nSg3 = [].",
        "C = a,\nSg = ['Y'=B].",
    ] {
        assert_eq!(out.matches(answer).count(), 2, "{answer}: {out}{err}");
    }
}
