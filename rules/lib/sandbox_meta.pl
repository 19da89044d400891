%% sandbox_meta — a part of sandbox.pl: the goal arguments of meta-predicates,
% judged as the meta-predicate that receives one runs it.  scryer takes every module
% qualification off a goal argument (the innermost names the module), bagof/3 and
% setof/3 take off the carets of V^G, phrase/2,3 translate a grammar body: each is
% resolved the same way here, then checked as a clause body (sandbox:body/3), and a
% goal not known until it runs is wrapped in sandbox:safe_call/2.. or
% sandbox:dcg_call/4, which check it then.

:- module(sandbox_meta, [meta_args/4, qualify_goals/4, dcg_goal/5]).

:- use_module(library(lists)).
:- use_module(library(dcgs)).

%% qualify_goals(+Specs, +Args0, +Module, -Args)  the goal arguments (by Specs) qualified with Module.
qualify_goals([], [], _, []).
qualify_goals([S|Ss], [A0|As0], M, [A|As]) :-
    (  ( integer(S) ; S == (^) ; S == dcg ) -> qualify_goal(S, A0, M, A) ; A = A0 ),
    qualify_goals(Ss, As0, M, As).

%% qualify_goal(+Spec, +Arg0, +Module, -Arg)  one goal argument qualified with Module
% (under its carets for ^), unless it is qualified already or a listed closure.
qualify_goal(^, A0, M, A) :- !, strip_carets(A0, Vs, G0), qualify_goal(0, G0, M, G), carets(Vs, G, A).
qualify_goal(S, A0, M, A) :-
    (  nonvar(A0), A0 = _:_ -> A = A0               % qualified already (a check wrapper)
    ;  integer(S), listed_closure(A0, S) -> A = A0    % a whitelisted predicate: the same anywhere
    ;  A = M:A0
    ).

%% listed_closure(+Closure, +Extra)  Closure, called with Extra more arguments, is a
% predicate of the tables (safe, or a meta-predicate whose goals were checked).
listed_closure(C, K) :-
    callable(C), functor(C, N, A0), A is A0 + K,
    (  sandbox_lists:safe(N, A) -> true ; functor(H, N, A), sandbox_lists:meta(H, _) ).

%% meta_args(+Module, +Goal, +Specs, -Checked)  check each goal argument.
meta_args(M, G, Specs, Out) :-
    G =.. [F|Args],
    meta_each(Args, Specs, M, Args1),
    Out =.. [F|Args1].

%% meta_each(+Args, +Specs, +Module, -Checked)  each argument checked by its spec.
meta_each([], _, _, []).
meta_each([A|As], [S|Ss], M, [A1|As1]) :-
    meta_arg(S, M, A, A1),
    meta_each(As, Ss, M, As1).

%% meta_arg(+Spec, +Module, +Arg, -Checked)  one argument: a goal or closure (an
% integer spec), a bagof/setof goal (^), a grammar body (dcg), or data as it is.
meta_arg(K, M, A, A1) :- integer(K), !, closure(M, K, A, A1).
meta_arg(^, M, A, A1) :- !, caret_arg(M, A, A1).
meta_arg(dcg, M, A, A1) :- !, dcg_arg(M, A, A1).
meta_arg(_, _, A, A).

%% strip_carets(+Goal, -Vars, -Inner)  V1^...^Inner taken apart: its variables and Inner.
strip_carets(A, [], A) :- var(A), !.
strip_carets(V^G0, [V|Vs], G) :- !, strip_carets(G0, Vs, G).
strip_carets(G, [], G).

%% carets(+Vars, +Goal, -Term)  V1^...^Goal, the carets of Vars put back on Goal.
carets([], G, G).
carets([V|Vs], G0, V^G) :- carets(Vs, G0, G).

%% stripped(+Goal, +Module, -Inner, -Plain)  Goal without its module qualifications, as
% scryer's strip_module/3 takes them off a goal argument: Inner is the innermost
% module named (Module when none is).  Fails when a module is not an atom now.
stripped(A, M, M, A) :- var(A), !.
stripped(Q:A, _, Q1, G) :- !, atom(Q), stripped(A, Q, Q1, G).
stripped(A, M, M, A).

%% caret_arg(+Module, +Goal, -Checked)  the goal argument of bagof/3 or setof/3 given by
% Module, judged as they run it.  When Goal without its qualifications is V^G, scryer
% takes off the carets (and the one qualification each may have before it, see
% powers/3) and runs what is left in the module named last; any other goal it calls.
% Checked is Goal when the check leaves what runs as it is, else the existential
% variables before the checked goal.  A caret under a module or a goal not known now
% is not taken off: the goal it is part of is checked when it runs, and refused there.
caret_arg(M, A, A1) :-
    (  stripped(A, M, Q, G0), nonvar(G0), G0 = _^_
    -> powers(G0, Vs, G),
       sandbox:body(M, Q:G, G1),
       (  G1 == Q:G -> A1 = A ; carets(Vs, G1, A1) )
    ;  closure(M, 0, A, A1)
    ).

%% powers(+Goal, -Vars, -Left)  scryer's rightmost_power/3 on Goal = V^G, binding
% nothing: the variables before the carets, and the goal left, with the qualification
% of the last caret that had one before it (M:(V^G) leaves M:G).
powers(V^G, [V|Vs], L) :- !, ( var(G) -> Vs = [], L = G ; powers(G, Vs, L) ).
powers(Q:G, [V|Vs], L) :- nonvar(G), G = V^G1, !,
    ( var(G1) -> Vs = [], L = Q:G1 ; powers(Q:G1, Vs, L) ).
powers(G, [], G).

%% closure(+Module, +Extra, +Closure, -Checked)
% a goal argument called with Extra more arguments; one that cannot be checked
% now is wrapped in safe_call/2+Extra, which checks it when it runs.
closure(M, 0, A, A1) :- !, sandbox:body(M, A, A1).
closure(M, K, A, sandbox:safe_call(M, A)) :- var(A), !, ( K =< 7 -> true ; throw(sandbox(A, unbound)) ).
closure(M, K, A, Out) :-
    length(Extra, K),
    (  catch(sandbox:add_args(A, Extra, G), _, fail) -> true ; throw(sandbox(A, unknown)) ),
    sandbox:body(M, G, G1),
    (  G1 == G -> Out = A
    ;  K =< 7 -> Out = sandbox:safe_call(M, A)
    ;  throw(sandbox(A, unbound))
    ).

%% dcg_arg(+Module, +Body, -Checked)  a grammar body given to phrase/2,3 by Module:
% the goal phrase/3 runs for it (dcg_goal/5) is checked now, Checked being Body itself
% when the check leaves that goal as it is; a body not known now is checked when it
% runs, as is one the check changed; a body phrase/3 cannot translate is refused.
dcg_arg(M, A, A1) :-
    (  catch(dcg_goal(M, A, _, _, G), _, throw(sandbox(A, unknown)))
    -> sandbox:body(M, G, G1),
       (  G1 == G -> A1 = A ; A1 = call(sandbox:dcg_call(M, A)) )
    ;  A1 = call(sandbox:dcg_call(M, A))
    ).

%% dcg_goal(+Module, +Body, ?S0, ?S, -Goal)  the goal that phrase/3 runs for the
% grammar body Body given by Module, as scryer runs it: the qualifications taken off
% first (the innermost names the module, else Module), then a grammar construct
% translated ({G} runs G, a list is terminals, (A, B) each part, ...) and anything
% else called as a non-terminal with S0 and S; Goal is Inner:Translated.  Fails when
% Body or a module is not known now; throws when phrase/3 would (\+, ->, a partial list).
dcg_goal(M, A, S0, S, Q:G) :-
    nonvar(A), stripped(A, M, Q, B), nonvar(B),
    (  dcgs:dcg_constr(B) -> dcgs:dcg_body(B, S0, S, G)
    ;  callable(B) -> sandbox:add_args(B, [S0, S], G)
    ;  G = B
    ).
