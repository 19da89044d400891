%% repl_source — clause/2 and listing/1 at the REPL's prompt, on the user's own
% predicates and on the rules', as SWI-Prolog has them.
%
% scryer gives the clauses of dynamic predicates only, and every predicate the user
% defines at the prompt is dynamic (rules/lib/repl.pl asserts them).  The rules'
% predicates are compiled: their clauses are read again, term by term, from the very
% text scryer loaded (the host keeps it: ludolog_rule_term/2, src/foreign/sources.rs),
% once per module, the first time a query asks.  A rule file from disk was loaded as
% the sandbox rewrote it: the checks it put around meta-calls (sandbox:safe_call/2..9,
% sandbox:dcg_call/4) are shown as the goals they check (call/N, phrase/3).
%
% Reading clauses runs no goal.  clause/2 answers for the user's predicates and the
% rules' modules; a builtin's or a library's is a permission error, as in SWI-Prolog.

:- module(repl_source, [listing/1]).

:- use_module(library(lists)).
:- use_module(library(charsio)).
:- use_module(library(dcgs)).
:- use_module(library(iso_ext), [bb_get/2]).

%% held(?Module, ?Head, ?Body)  a clause of a rule module, as its text has it.
:- dynamic(held/3).
%% read_module(?Module)  the clauses of Module's text are in held/3.
:- dynamic(read_module/1).

%% source_clause(+Module, ?Head, -Body)  a clause of Module's predicate Head: its
% current clauses when it is dynamic, else as the text scryer loaded has them.
source_clause(M, H, B) :-
    (  catch(predicate_property(M:H, dynamic), _, fail)
    -> catch(clause(M:H, B), _, fail)
    ;  read_source(M),
       held(M, H, B)
    ).

%% read_source(+Module)  read Module's text into held/3, once.
read_source(M) :-
    (  read_module(M) -> true
    ;  host:foreign_functions(repl_source, Bindings),
       '$load_foreign_lib'("", Bindings),
       atom(M),
       read_terms(M, 0),
       assertz(read_module(M))
    ).

%% read_terms(+Module, +N)  the terms of Module's text from the N-th on, into held/3.
read_terms(M, N) :-
    '$foreign_call'(ludolog_rule_term, [M, N], Cs),
    (  Cs == []
    -> true
    ;  (  catch(read_term_from_chars(Cs, T, []), _, fail) -> hold(M, T) ; true ),
       N1 is N + 1,
       read_terms(M, N1)
    ).

%% hold(+Module, +Term)  keep Term of Module's text when it is a clause of Module.
hold(_, T) :- var(T), !.
hold(_, (:- _)) :- !.
hold(M, (H --> B)) :- !,
    (  catch(dcgs:dcg_rule((H --> B), C), _, fail) -> hold(M, C) ; true ).
hold(M, (H0 :- B)) :- !,
    (  own_head(M, H0, H) -> assertz(held(M, H, B)) ; true ).
hold(M, H0) :-
    (  own_head(M, H0, H) -> assertz(held(M, H, true)) ; true ).

%% own_head(+Module, +Head0, -Head)  Head0 is a head of Module's own (M:H qualified so or not).
own_head(M, H0, H) :-
    nonvar(H0),
    (  H0 = Q:H1 -> Q == M, own_head(M, H1, H) ; callable(H0), H = H0 ).

%% user_clause(+Head, ?Body)  clause/2 at the prompt: Head's clauses, the user's own or the
% rules' (Module:Head for another module of the rules), bodies as they were written.
user_clause(H, B) :-
    (  var(H) -> throw(error(instantiation_error, context(clause/2, _)))
    ;  \+ callable(H) -> throw(error(type_error(callable, H), context(clause/2, _)))
    ;  H = M:H1
    -> (  var(M) -> throw(error(instantiation_error, context(clause/2, _)))
       ;  atom(M) -> module_clause(M, H1, B)
       ;  throw(error(type_error(atom, M), context(clause/2, _)))
       )
    ;  prompt_clause(H, B)
    ).

%% prompt_clause(+Head, ?Body)  a clause of the predicate an unqualified Head names at the prompt.
prompt_clause(H, B) :-
    (  user_head(H) -> clause(H, B0), plain(B0, B)
    ;  game_module(G), has_source(G, H) -> source_clause(G, H, B0), plain(B0, B)
    ;  not_visible(user, H)
    ).

%% module_clause(+Module, +Head, ?Body)  a clause of Module:Head.
module_clause(user, H, B) :- !, prompt_clause(H, B).
module_clause(M, H, B) :-
    (  var(H) -> throw(error(instantiation_error, context(clause/2, _)))
    ;  \+ callable(H) -> throw(error(type_error(callable, H), context(clause/2, _)))
    ;  sandbox:rule_module(M) -> ( has_source(M, H) -> source_clause(M, H, B0), plain(B0, B) ; not_visible(M, H) )
    ;  sandbox:library_module(M) -> not_visible(M, H)
    ;  throw(sandbox(clause(M:H, B), clauses(M)))
    ).

%% not_visible(+Module, +Head)  Head has no clauses to give: fails for a predicate
% nobody defines (as clause/2 does); a builtin's or a library's is SWI-Prolog's
% permission error; one of ludolog's own modules (the top level, the sandbox) is
% refused by the sandbox: only the user's and the rules' clauses are read.
not_visible(M, H) :-
    functor(H, N, A),
    (  (  catch(predicate_property(H, built_in), _, fail)
       ;  catch(sandbox:library_predicate(N, A), _, fail)
       )
    -> throw(error(permission_error(access, private_procedure, N/A), context(clause/2, _)))
    ;  catch(current_predicate(M:N/A), _, fail)
    -> throw(sandbox(clause(H, _), clauses(ludolog)))
    ;  fail
    ).

%% user_head(+Head)  Head is a predicate the user defined or declared at the prompt.
user_head(H) :-
    functor(H, N, A),
    catch(sandbox:user_own(N/A), _, fail),
    catch(predicate_property(user:H, dynamic), _, fail).

%% game_module(-Module)  the game of the session.
game_module(G) :- bb_get(repl_game, G), atom(G).

%% has_source(+Module, +Head)  Module defines Head (dynamic, or with clauses in its text).
has_source(M, H) :-
    (  catch(predicate_property(M:H, dynamic), _, fail) -> true
    ;  read_source(M), functor(H, N, A), functor(H1, N, A), held(M, H1, _) -> true
    ).

%% plain(+Body0, -Body)  a body as it was written: the sandbox's run-time checks shown
% as the calls they check.
plain(V, V) :- var(V), !.
plain(sandbox:G, P) :- compound(G), G =.. [F, _|Args], wrapped(F, Args, P0), !, plain(P0, P).
plain(call(sandbox:dcg_call(_, A), S0, S), phrase(A1, S0, S)) :- !, plain(A, A1).
plain(T, T) :- \+ compound(T), !.
plain(T, P) :- T =.. [F|As], maplist(plain, As, Ps), P =.. [F|Ps].

%% wrapped(+Name, +Args, -Goal)  the goal a check sandbox:Name(Module, Args...) runs.
wrapped(safe_call, [G], G).
wrapped(safe_call, [G|Extra], C) :- Extra = [_|_], C =.. [call, G|Extra].
wrapped(dcg_call, [A, S0, S], phrase(A, S0, S)).

%% listing(+Spec)  print the clauses of the predicates Spec names (Name, Name/Arity,
% Name//Arity, Module:Spec): the user's, then the game's, as SWI-Prolog lists them
% (another module's clauses with their module before the head).
listing(Spec) :-
    (  var(Spec) -> throw(error(instantiation_error, context(listing/1, _))) ; true ),
    spec(Spec, M, N, A),
    findall(Q-H, listed(M, N, A, Q, H), Ps0),
    sort(Ps0, Ps),
    (  Ps == []
    -> listing_elsewhere(N, A)
    ;  maplist(list_predicate, Ps)
    ).

%% spec(+Spec, -Module, -Name, -Arity)  what a listing names (Module and Arity may stay unbound).
spec(M:S, M, N, A) :- !, atom(M), spec(S, _, N, A).
spec(N/A, _, N, A) :- !, atom(N).
spec(N//A0, _, N, A) :- !, atom(N), integer(A0), A is A0 + 2.
spec(N, _, N, _) :- atom(N), !.
spec(S, _, _, _) :- throw(error(type_error(predicate_indicator, S), context(listing/1, _))).

%% listed(?Module, +Name, ?Arity, -Where, -Head)  a predicate to list: the user's own
% (Where = user) or one of the rules' (the game's when no module is named).
listed(M, N, A, user, H) :-
    ( var(M) ; M == user ),
    repl:user_predicate(H), functor(H, N, A).
listed(M, N, A, M1, H) :-
    (  var(M) -> game_module(M1) ; M \== user, sandbox:rule_module(M), M1 = M ),
    read_source(M1),
    findall(N/A1, ( held(M1, H0, _), functor(H0, N, A1) ), PIs0),
    sort(PIs0, PIs),
    member(N/A, PIs),
    functor(H, N, A).

%% list_predicate(+Where-Head)  print one predicate's clauses (a dynamic declaration
% when it has none), its module before each head unless it is the user's.
list_predicate(user-H) :- !,
    findall(H-B, ( clause(H, B0), plain(B0, B) ), Cs),
    (  Cs == []
    -> functor(H, N, A), repl_tools:format(":- dynamic(~q).~n~n", [N/A])
    ;  maplist(list_clause, Cs), nl
    ).
list_predicate(M-H) :-
    findall((M:H)-B, ( source_clause(M, H, B0), plain(B0, B) ), Cs),
    maplist(list_clause, Cs), nl.

%% list_clause(+Head-Body)  print one clause.
list_clause(H-true) :- !, repl_tools:portray_clause(H).
list_clause(H-B) :- repl_tools:portray_clause((H :- B)).

%% listing_elsewhere(+Name, ?Arity)  say where a predicate with no clauses to list comes from.
listing_elsewhere(N, A) :-
    (  library_module(L), catch(current_predicate(L:N/A), _, fail)
    -> repl_tools:format("% ~q comes from library(~q), whose clauses are not listed~n", [N/A, L])
    ;  repl_tools:format("% no predicate ~q is defined at the prompt or in the rules~n", [N])
    ).

%% library_module(?Module)  a library whose predicates the user module may see.
library_module(lists).
library_module(between).
library_module(dcgs).
library_module(format).
library_module(iso_ext).
library_module(charsio).
library_module(dif).
library_module(freeze).
library_module(error).
library_module(pairs).
library_module(clpz).
library_module(reif).
library_module(assoc).
library_module(ordsets).
