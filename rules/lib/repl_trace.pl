%% repl_trace — trace/0 at the REPL's prompt: a box-model trace (Call, Exit, Fail,
% Redo) of the user's predicates and the rules', as SWI-Prolog prints it unleashed.
%
% trace/0 turns tracing on (for the rest of its query and the queries after, until
% notrace/0 or nodebug/0).  A query is then run by solve/4, an interpreter over the
% goal the sandbox checked: control constructs and cuts are interpreted (current_cp/1
% and '$set_cp'/1 give each clause its cut barrier), a predicate of the user's or of
% a game's module is entered clause by clause (the user's clauses with clause/2, a
% game's as its loaded text has them, rules/lib/repl_source.pl), and every other goal
% is called as one box.  The sandbox's run-time checks (sandbox:safe_call/2..9) are
% made here before their goal is interpreted, as they are made when it runs; the
% clauses entered are the ones that would run, in their own module.

:- module(repl_trace, [trace/0, notrace/0, nodebug/0]).

:- use_module(library(lists)).
:- use_module(library(iso_ext), [bb_get/2, bb_put/2, copy_term_nat/2]).

%% trace  trace the goals that follow, in this query and the next ones.
trace :- bb_put(repl_trace, on).

%% notrace  stop tracing.
notrace :- bb_put(repl_trace, off).

%% nodebug  stop tracing (as notrace/0; there is no debug mode besides).
nodebug :- notrace.

%% tracing  the trace is on.
tracing :- catch(bb_get(repl_trace, on), _, fail).

%% wanted(+Goal)  a query to interpret: tracing is on, or the query turns it on.
wanted(G) :- ( tracing -> true ; mentions_trace(G) ).

%% mentions_trace(+Goal)  trace/0 is among Goal's goals (through control constructs).
mentions_trace(G) :- var(G), !, fail.
mentions_trace(trace) :- !.
mentions_trace(_:G) :- !, mentions_trace(G).
mentions_trace((A, B)) :- !, ( mentions_trace(A) -> true ; mentions_trace(B) ).
mentions_trace((A ; B)) :- !, ( mentions_trace(A) -> true ; mentions_trace(B) ).
mentions_trace((A -> B)) :- !, ( mentions_trace(A) -> true ; mentions_trace(B) ).

%% run(+Goal)  Goal (checked, Module:Goal) interpreted, its boxes traced while tracing is on.
run(G) :- current_cp(C), solve(G, user, C, 0).

%% current_cp(-B)  the newest choicepoint now (scryer's '$get_cp'/1 gives the one its
% caller was called with, so called from a predicate of its own it gives the caller's now).
current_cp(B) :- '$get_cp'(B).

%% solve(+Goal, +Module, +CutBarrier, +Depth)  Goal run in Module; a cut cuts back to CutBarrier.
solve(V, _, _, _) :- var(V), !, throw(error(instantiation_error, call/1)).
solve(sandbox:W, _, _, D) :- compound(W), W =.. [safe_call, M, G0|Extra], !,
    sandbox:add_args(G0, Extra, G1),
    sandbox:checked_goal(M, G1, G),
    current_cp(C),
    solve(G, M, C, D).
solve(Q:G, _, C, D) :- !,
    (  atom(Q) -> solve(G, Q, C, D) ; throw(error(type_error(atom, Q), call/1)) ).
solve(!, _, C, _) :- !, '$set_cp'(C).
solve(true, _, _, _) :- !.
solve((A, B), M, C, D) :- !, solve(A, M, C, D), solve(B, M, C, D).
solve((If -> Then ; Else), M, C, D) :- !,
    (  current_cp(C1), solve(If, M, C1, D) -> solve(Then, M, C, D) ; solve(Else, M, C, D) ).
solve(('*->'(If, Then) ; Else), M, C, D) :- !,
    (  '*->'(( current_cp(C1), solve(If, M, C1, D) ), solve(Then, M, C, D)) ; solve(Else, M, C, D) ).
solve((A ; B), M, C, D) :- !, ( solve(A, M, C, D) ; solve(B, M, C, D) ).
solve((If -> Then), M, C, D) :- !,
    (  current_cp(C1), solve(If, M, C1, D) -> solve(Then, M, C, D) ).
solve('*->'(If, Then), M, C, D) :- !,
    '*->'(( current_cp(C1), solve(If, M, C1, D) ), solve(Then, M, C, D)).
solve(\+ A, M, _, D) :- !, \+ ( current_cp(C1), solve(A, M, C1, D) ).
solve(call(G), M, _, D) :- !, current_cp(C1), solve(G, M, C1, D).
solve(G, M, _, D) :- G =.. [call, G0|Extra], Extra = [_|_], !,
    sandbox:add_args(G0, Extra, G1),
    current_cp(C1),
    solve(G1, M, C1, D).
solve(trace, _, _, _) :- !, trace.
solve(notrace, _, _, _) :- !, notrace.
solve(nodebug, _, _, _) :- !, notrace.
solve(G, M, _, D) :- box(G, M, D).

%% box(+Goal, +Module, +Depth)  Goal's box one level deeper: Call, then Exit (and Redo
% when it left choices) for each answer, Fail when no more come.  A goal that exits
% without choices is done: nothing comes back to its box, as in SWI-Prolog.
box(G, M, D0) :-
    D is D0 + 1,
    current_cp(Before),
    (  port('Call', G, M, D) ; port('Fail', G, M, D), fail ),
    current_cp(B0),
    enter(G, M, D),
    current_cp(B1),
    (  B1 == B0
    -> '$set_cp'(Before), port('Exit', G, M, D)
    ;  (  port('Exit', G, M, D) ; port('Redo', G, M, D), fail )
    ).

%% enter(+Goal, +Module, +Depth)  Goal's clauses interpreted when it is the user's or
% a game's, else Goal called in Module.
enter(G, M, D) :-
    (  callable(G), clauses_module(M, G, M1)
    -> current_cp(C),
       clause_in(M1, G, B),
       solve(B, M1, C, D)
    ;  call(M:G)
    ).

%% clauses_module(+Module, +Goal, -Where)  Goal called in Module is a predicate whose
% clauses the trace enters: the user's own (Where = user) or a game's.
clauses_module(user, G, user) :- repl_source:user_head(G), !.
clauses_module(user, G, Game) :- !,
    repl_source:game_module(Game), repl_source:has_source(Game, G).
clauses_module(M, G, M) :-
    sandbox:rule_module(M), \+ sandbox:rule_library(M),
    repl_source:has_source(M, G).

%% clause_in(+Where, +Head, -Body)  a clause of Head as it runs.
clause_in(user, H, B) :- !, clause(H, B).
clause_in(M, H, B) :- repl_source:source_clause(M, H, B).

%% port(+Port, +Goal, +Module, +Depth)  print a port while tracing is on.
port(P, G, M, D) :-
    (  tracing
    -> (  ( M == user ; catch(predicate_property(G, built_in), _, fail) ) -> T = G ; T = M:G ),
       copy_term_nat(T, T1),
       goal_text(T1, Cs),
       repl_tools:format("   ~a: (~d) ~s~n", [P, D, Cs])
    ;  true
    ).

%% goal_text(+Goal, -Text)  Goal written as an answer writes a goal: the game's states
% and moves in its notation (unless :set notation off), variables _A, _B, ..., elided
% below a depth of 10.
goal_text(G, Cs) :-
    (  bb_get(repl_notation, true), bb_get(repl_game, Game),
       bb_get(repl_current, Id), host:held(Id, S), functor(S, F, A)
    -> repl_answer:shown(G, Game-(F/A), 3, G1, Names, [])
    ;  G1 = G, Names = []
    ),
    repl_answer:goals_text([goal(G1)], Names, 10, Cs, _).
