//! Tests of PrologMachine: when the sandbox is loaded, and what it knows.

use super::*;
use crate::prolog::rules::{rule_set, RuleFile, SourceError};

/// Whether the machine has the sandbox loaded.
fn has_sandbox(pm: &mut PrologMachine) -> bool {
    let q = "(current_predicate(sandbox:check_file/7) -> R = yes ; R = no).";
    pm.answer(q, "R").unwrap() == Term::atom("yes")
}

fn no_file(name: &str) -> Result<RuleFile, SourceError> {
    Err(SourceError::UnknownGame(name.to_string()))
}

#[test]
fn embedded_rules_start_without_the_sandbox_and_files_from_disk_with_it() {
    let game = RuleFile::embedded(
        "g",
        "g.pl",
        ":- module(g, [initial/2]).\nrequires(hexgrid).\ninitial(_, s).\n",
    );
    let set = rule_set(game, &no_file, None).unwrap();
    let mut pm = PrologMachine::load_with(&set, false, false).unwrap();
    assert!(!has_sandbox(&mut pm));

    // a rule file from disk is checked, and may call into the modules loaded before
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("d.pl");
    std::fs::write(
        &path,
        ":- module(d, [initial/2]).\nrequires(hexgrid).\n\
         initial(_, B) :- hexgrid:empty_board(2, 2, B).\n",
    )
    .unwrap();
    let set = rule_set(RuleFile::read(&path).unwrap(), &no_file, None).unwrap();
    let mut pm = PrologMachine::load_with(&set, false, false).unwrap();
    assert!(has_sandbox(&mut pm));
    let q = "(sandbox:rule_module(hexgrid), sandbox:rule_module(d) -> R = yes ; R = no).";
    assert_eq!(pm.answer(q, "R").unwrap(), Term::atom("yes"));

    // so is a REPL or authoring tool, which runs what a user types
    let game = RuleFile::embedded("g", "g.pl", ":- module(g, [initial/2]).\ninitial(_, s).\n");
    let mut pm =
        PrologMachine::load_with(&rule_set(game, &no_file, None).unwrap(), false, false).unwrap();
    pm.load_library(&RuleFile::embedded("t", "t.pl", ":- module(t, []).\n"))
        .unwrap();
    let q = "(sandbox:rule_module(g) -> R = yes ; R = no).";
    assert_eq!(pm.answer(q, "R").unwrap(), Term::atom("yes"));
    // the tool itself is no module of the rules: untrusted code may not call into it
    let q = "(sandbox:rule_module(t) -> R = yes ; R = no).";
    assert_eq!(pm.answer(q, "R").unwrap(), Term::atom("no"));
}

/// A machine with the sandbox loaded (a tool library brings it).
fn sandboxed_machine() -> PrologMachine {
    let game = RuleFile::embedded("g", "g.pl", ":- module(g, [initial/2]).\ninitial(_, s).\n");
    let mut pm =
        PrologMachine::load_with(&rule_set(game, &no_file, None).unwrap(), false, false).unwrap();
    pm.load_library(&RuleFile::embedded("t", "t.pl", ":- module(t, []).\n"))
        .unwrap();
    pm
}

/// No whitelisted predicate is a meta-predicate of a library the sandbox lets rule
/// files load, unless the tables check its goals (it would run them unchecked).
#[test]
fn sandbox_lists_agree_with_scryer() {
    let mut pm = sandboxed_machine();
    let t = pm.answer("sandbox_lists:audit(P).", "P").unwrap();
    assert_eq!(t, Term::List(Vec::new()), "safe but meta: {t:?}");
}

/// The table of library names holds every predicate of every library the sandbox
/// lets rule files load (so a name is never taken for nobody's, or the REPL user's
/// own, before its library is loaded).
#[test]
fn sandbox_names_cover_the_safe_libraries() {
    let mut pm = sandboxed_machine();
    let q = "findall(L:N/A, ( sandbox_lists:safe_lib(L), L \\== apply, \
             catch(use_module(library(L)), _, fail), current_predicate(L:N/A), \
             \\+ sandbox_names:library_name(N, A) ), Missing).";
    let t = pm.answer(q, "Missing").unwrap();
    assert_eq!(
        t,
        Term::List(Vec::new()),
        "names missing from sandbox_names.pl: {t:?}"
    );
}

/// Whether the sandbox is on is the host's to say, with each request: the sandbox has
/// no predicate that turns it off for later queries, and `query_goal/4` checks a goal
/// unless the request itself says `true`.
#[test]
fn only_the_host_turns_the_sandbox_off() {
    let mut pm = sandboxed_machine();
    assert!(!pm.is_trusted());
    let q =
        "findall(N/A, ( lists:member(N, [trust, trusted]), current_predicate(sandbox:N/A) ), Ps).";
    assert_eq!(pm.answer(q, "Ps").unwrap(), Term::List(Vec::new()));
    let goal = "open('/nonexistent/ludolog', write, _)";
    let q = format!(
        "catch((sandbox:query_goal({goal}, user, false, _), R = ran), sandbox(_, W), R = W)."
    );
    assert_eq!(pm.answer(&q, "R").unwrap(), Term::atom("files"));
    let q = format!("sandbox:query_goal({goal}, user, true, G), G = open(_, _, _), R = as_is.");
    assert_eq!(pm.answer(&q, "R").unwrap(), Term::atom("as_is"));
    let q = format!("catch(sandbox:query_goal({goal}, user, yes, _), error(E, _), R = E).");
    let t = pm.answer(&q, "R").unwrap();
    assert!(format!("{t:?}").contains("domain_error"), "{t:?}");
}

/// The vendored engine remembers the pairs of compound terms it has unified only after
/// the first few (`vendor/README.md`): a cyclic term, a long cycle and a term whose
/// parts are shared many times over still unify and fail as before, and end.
#[test]
fn unification_of_cyclic_and_shared_terms_ends() {
    let game = RuleFile::embedded(
        "g",
        "g.pl",
        ":- module(g, [initial/2, dag/2, wrap/3]).\ninitial(_, s).\n\
         dag(0, a) :- !.\ndag(N, f(T, T)) :- N1 is N - 1, dag(N1, T).\n\
         wrap(0, X, X) :- !.\nwrap(N, X, f(T)) :- N1 is N - 1, wrap(N1, X, T).\n",
    );
    let mut pm =
        PrologMachine::load_with(&rule_set(game, &no_file, None).unwrap(), false, false).unwrap();
    for (query, expected) in [
        ("X = f(X, a), Y = f(Y, a), X = Y", "yes"),
        ("X = f(X, a), Y = f(Y, b), X = Y", "no"),
        ("X = [a|X], Y = [a|Y], X = Y", "yes"),
        ("X = [a,b|X], Y = [a|Y], X = Y", "no"),
        // cycles longer than the pairs unified before any is remembered
        (
            "g:wrap(50, X, T), X = T, g:wrap(70, Y, U), Y = U, X = Y",
            "yes",
        ),
        (
            "g:wrap(50, X, T), X = T, g:wrap(70, Y, U), Y = g(U), X = Y",
            "no",
        ),
        // 2^60 paths through 60 shared parts, built twice apart
        ("g:dag(60, A), g:dag(60, B), A = B", "yes"),
        ("g:dag(60, A), g:dag(59, B), A = f(B, B)", "yes"),
        ("g:dag(60, A), g:dag(59, B), A = f(B, g)", "no"),
    ] {
        // the answer names R alone: scryer cannot hand a cyclic term to the host
        let q = format!("( \\+ \\+ ( {query} ) -> R = yes ; R = no ).");
        assert_eq!(pm.answer(&q, "R").unwrap(), Term::atom(expected), "{query}");
    }
}
