//! `ludolog repl` with piped input: answers on stdout, errors on stderr and in the exit
//! code, `read/1` from what follows a query, the limits, and where errors are placed.

use crate::common;

#[test]
fn the_binary_with_piped_input() {
    let input = "current(S), to_move(S, P).\nbetween(1, 3, X).\n:play b2\nfindall(M, (current(S),\n  legal(S, M)), Ms).\n[user].\nf(1).\nend_of_file.\nf(X).\nfoo(\n";
    let (code, out, err) = common::run(&["repl", "hex", "-O", "size=3"], Some(input));
    assert_eq!(code, 1, "the input that ended inside a query fails: {err}");
    insta::assert_snapshot!(format!("{out}--- stderr ---\n{err}"));
}

/// read/1 and read_term/2 take the term on the input's next lines, as SWI-Prolog's
/// read/1 at its top level (issue 46 item 9): each line read is shown after its `|: `,
/// a term may take several lines, what follows a term on its line is the query's next
/// read, a syntax error is the query's error, and at the end of input a read gives
/// end_of_file; read/2 on a stream other than user_input stays refused.
#[test]
fn read_takes_a_term_from_the_input() {
    let input = "read(X).\nfoo(bar).\nread_term(user_input, T, [variable_names(Vs)]).\n\
                 f(A,\n  B, A).\nread(X), read(Y).\na. b.\nread(user_error, X).\n\
                 read(X).\nfoo(.\nX = 1.\nread(X).\n";
    let (code, out, err) = common::run(&["repl", "hex", "-O", "size=3"], Some(input));
    assert_eq!(
        code, 1,
        "the refused read and the syntax error fail the run: {err}"
    );
    insta::assert_snapshot!(format!("{out}--- stderr ---\n{err}"));
}

/// A read/1 first reads what follows its query on the line, as SWI-Prolog's top level
/// does (the queries it does not take run after it), and under --trust, where the
/// sandbox that sends reads to the input is off, it still reads the input (issue 46):
/// in a query, and in a clause typed at the prompt.
#[test]
fn a_read_takes_what_follows_its_query_also_under_trust() {
    // a read the goal's text names, or one that a variable or call/N names only
    // when it runs
    let input = "read(X). foo(1). Y = 2.\nread(A), read(B). a.\nb. C = 3.\n\
                 r(T) :- read(T).\nr(T).\nhello.\n\
                 m(G) :- call(G).\nm(read(Z)).\nthere.\ncall(read, W).\nagain.\n\
                 G = read(V), findall(V, G, L).\nlast.\n";
    let mut shown = String::new();
    for trust in [false, true] {
        let mut args = vec!["repl", "hex", "-O", "size=3"];
        if trust {
            args.push("--trust");
        }
        let (code, out, err) = common::run(&args, Some(input));
        assert_eq!(code, 0, "{out}{err}");
        let label = if trust { "with --trust" } else { "checked" };
        shown.push_str(&format!("--- {label} ---\n{out}"));
    }
    insta::assert_snapshot!(shown);
}

#[test]
fn piped_errors_go_to_stderr_and_fail_the_run() {
    let (code, out, err) = common::run(
        &["repl", "hex", "-O", "size=3"],
        Some("X = 1.\nfoo(X).\nY = 2.\n:set\n"),
    );
    assert_eq!(code, 1);
    // piped input (a script) keeps the default limits; a terminal has none
    assert!(
        out.contains("limits: 30000000 inferences a query") && out.contains("10 s a query"),
        "{out}"
    );
    assert!(err.contains("unknown procedure foo/1"), "{err}");
    assert!(!out.contains("unknown procedure"), "{out}");
    assert!(out.contains("Y = 2."), "the session goes on: {out}");
    let (code, _, err) = common::run(&["repl", "hex", "-O", "size=3"], Some("X = 1.\nfalse.\n"));
    assert_eq!(code, 0, "false is an answer, not an error: {err}");
    let (code, _, _) = common::run(&["repl", "hex", "-O", "size=3"], Some("halt(4).\nX = 1.\n"));
    assert_eq!(code, 4);
}

#[test]
fn the_binary_honours_the_inference_limit() {
    let (code, out, err) = common::run(
        &["repl", "hex", "-O", "size=3", "--inference-limit", "1000"],
        Some("repeat, fail.\nX = 1.\n"),
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("inference limit of 1000"), "{err}");
    assert!(out.contains("X = 1."), "the session goes on: {out}");
}

/// An error keeps the predicate its context names, as SWI-Prolog says it; the user's own
/// predicates behave as SWI's under the sandbox (dynamic, assert, retract, abolish,
/// listing); call(1) is a type error; halt inside a query leaves after its output.
#[test]
fn errors_keep_their_context_and_own_predicates_are_the_users() {
    let (code, out, err) = common::run(
        &["repl", "hex", "-O", "size=3"],
        Some(
            "throw(error(type_error(integer, a), context(foo/2, _))).\n\
             :- dynamic(counter/1).\nassertz(counter(0)).\ncounter(X).\n\
             assertz(foo(1)).\nassertz(foo(2)).\nretract(foo(1)).\nlisting(foo).\n\
             abolish(foo/1).\ncall(1).\nassertz(legal(a, b)).\n\
             write(bye), nl, halt(4).\nX = never.\n",
        ),
    );
    assert!(
        err.contains("expected integer, found a (in foo/2)"),
        "{err}"
    );
    assert!(out.contains("X = 0."), "{out}");
    assert!(out.contains("foo(2).") && !out.contains("foo(1)."), "{out}");
    assert!(err.contains("expected callable, found 1"), "{err}");
    assert!(err.contains("legal/2 is not yours to change"), "{err}");
    assert!(out.contains("bye") && !out.contains("never"), "{out}");
    assert_eq!(code, 4, "{out}{err}");
    assert!(!err.contains("refused by the sandbox"), "{err}");
}

#[test]
fn syntax_errors_say_where_and_what_was_expected() {
    // What SWI-Prolog 9 says of each, for comparison:
    //   X = a b.       Syntax error: Operator expected  (X = a \n** here **\n b .)
    //   X = [1,2,,3].  Syntax error: Illegal start of term
    //   X = f(a)).     Syntax error: Illegal start of term (or: Unbalanced operator)
    //   X = \+ a.      X = (\+a).  (SWI relaxes the priority; ISO and scryer refuse it)
    //   X = (a.        Syntax error: Unexpected end of clause
    //   X = 'abc.      (SWI waits for the closing quote on the next lines)
    //   X = 1e.        X = 1.0e. (SWI reads 1e as a float, 1e10 too; ISO and scryer do not)
    //   X = 1.0Inf.    X = inf. (no infinite float in scryer)
    let (_, out, err) = common::run(
        &["repl", "hex", "-O", "size=3"],
        Some("X = a b.\nX = [1,2,,3].\nX = f(a)).\nX = \\+ a.\nX = (a.\nX = 1e.\nX = 1.0Inf.\nX = 1.\n"),
    );
    assert!(out.contains("X = 1."), "the session goes on: {out}");
    insta::assert_snapshot!(err);
}
