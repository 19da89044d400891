%% sandbox_database — a part of sandbox.pl: the goals that change clauses (assert,
% retract, abolish), each allowed only on a predicate its caller may change: the
% untrusted file's own (defined or declared dynamic) or a new one of its module, the
% REPL user's own in user; never a builtin, a hook, a library's or the rules'.

:- module(sandbox_database, [database/1, database_goal/3]).

%% database(+Goal)  the goals that change clauses.
database(assert(_)). database(asserta(_)). database(assertz(_)).
database(retract(_)). database(retractall(_)). database(abolish(_)).

%% database_goal(+Module, +Goal, -Checked)  a change to the module's own clauses.
% The clause is taken apart whatever its qualification (M:(H :- B), (M:H :- B),
% M:(M2:H :- B)): every module named must be Module, the head one Module may
% change, and the body is checked as a clause body of Module.
database_goal(M, G, sandbox:safe_call(M, G)) :- arg(1, G, C), \+ ground_enough(C), !.
database_goal(M, abolish(PI), abolish(PI)) :- !,
    unqualify(M, PI, N/A),
    (  atom(N), integer(A) -> functor(H, N, A), db_head(M, H, abolish(PI))
    ;  throw(sandbox(abolish(PI), unknown))
    ).
database_goal(M, G, Out) :-
    G =.. [F, Cl0],
    unqualify(M, Cl0, Cl),
    (  nonvar(Cl), Cl = (H0 :- B) -> true ; H0 = Cl, B = true ),
    unqualify(M, H0, H),
    db_head(M, H, G),
    (  ( F == retract ; F == retractall ) -> Out = G
    ;  sandbox:body(M, B, B1),
       (  B1 == B -> Out = G ; Cl1 = (H :- B1), Out =.. [F, Cl1] )
    ).

%% ground_enough(+Clause)  the modules and head of Clause are known now.
ground_enough(C) :- var(C), !, fail.
ground_enough(Q:C) :- !, atom(Q), ground_enough(C).
ground_enough((H :- _)) :- !, nonvar(H), ( H = Q:H1 -> atom(Q), nonvar(H1) ; true ).
ground_enough(N/A) :- !, atom(N), integer(A).
ground_enough(_).

%% unqualify(+Module, +Term, -Plain)  Term without its qualifications, each of which must be Module.
unqualify(M, T, P) :-
    (  nonvar(T), T = Q:T1
    -> (  Q == M -> unqualify(M, T1, P) ; throw(sandbox(T, modify(Q))) )
    ;  P = T
    ).

%% db_head(+Module, +Head, +Goal)  a head that Goal may change: a predicate the
% untrusted file defines or declares dynamic, or a new one of its module; in
% the REPL's user module, the user's own; never a builtin, a hook, a library's
% or the rules'.
db_head(_, H, G) :- \+ callable(H), !, throw(sandbox(G, unknown)).
db_head(_, H, G) :- sandbox:reserved_head(H, _), !, throw(sandbox(G, modify_builtin)).
db_head(user, H, _) :- !, functor(H, N, A), sandbox:user_may_define(N/A).
db_head(M, H, _) :- functor(H, N, A), sandbox:own(N, A, M), !.
db_head(M, H, G) :-
    functor(H, N, A),
    (  \+ sandbox:rule_module(M) -> throw(sandbox(G, modify(M)))
    ;  sandbox:trusted_module(M) -> throw(sandbox(G, modify(M)))
    ;  sandbox_lists:safe(N, A) -> throw(sandbox(G, modify_builtin))
    ;  sandbox:library_predicate(N, A) -> throw(sandbox(G, modify_builtin))
    ;  catch(current_predicate(M:N/A), _, fail) -> throw(sandbox(G, undeclared))
    ;  true
    ).
