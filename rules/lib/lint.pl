%% lint — the checks of `ludolog lint` that look at terms: the static checks of a
% rule file's clauses (kept by source.pl), and the checks of one position of a
% random game that need the game's own terms (the rest, such as the lossless
% position text, the host makes through the engine, as `ludolog check` does).
%
% A finding is f(Line, Pred, Check, Text): the line of the file it is about (0
% when none; near(Line, Name) for a finding about one name in the clause that
% starts at Line, which the host places at the name's own line), the predicate (as text, "play/3" or "position//1"), the name of the
% check and a sentence saying what is wrong.

:- module(lint, [static/2, static_part/2, unknown_option/3, position/6, pred_line/3]).

:- use_module(library(lists)).
:- use_module(library(format)).
:- use_module(library(dcgs)).
:- use_module(library(iso_ext)).
:- use_module(library(between)).

%% say(+Format, +Args, -Text)  Text is Format filled in with Args.
say(F, Args, Text) :- phrase(format_(F, Args), Text).

%% static(+Module, -Findings)  the static findings of Module's file, by line: the
% protocol's exports, calls to predicates defined nowhere (or not exported by the
% game they belong to), singleton variables, and clauses not kept together.
static(M, Findings) :-
    findall(F, static_finding(M, F), Fs),
    first_of_each(Fs, Findings).

%% static_part(+Module, -Findings)  static/2's findings of a file holding a part of a
% game's rules (part_of/1), but the protocol's exports, which are its game's.
static_part(M, Findings) :-
    findall(F, ( static_finding(M, F), F \= f(_, _, exports, _) ), Fs),
    first_of_each(Fs, Findings).

%% first_of_each(+Findings, -Unique)  by line; of findings that differ only in their
% line, the first.
first_of_each(Fs, Unique) :-
    sort(Fs, Sorted),
    first_of_each_(Sorted, [], Unique).

%% first_of_each_(+Findings, +Seen, -Unique)  Findings without those whose
% predicate, check and text are in Seen or come earlier.
first_of_each_([], _, []).
first_of_each_([f(L, P, C, T)|Fs], Seen, Out) :-
    (  memberchk(P-C-T, Seen) -> Out = Out1 ; Out = [f(L, P, C, T)|Out1] ),
    first_of_each_(Fs, [P-C-T|Seen], Out1).

%% static_finding(?Module, -Finding)  each static finding, once or more.
static_finding(M, F) :- export_finding(M, F).
static_finding(M, F) :- call_finding(M, F).
static_finding(M, F) :- singleton_finding(M, F).
static_finding(M, F) :- contiguity_finding(M, F).

% ---- exports ------------------------------------------------------------------

%% module_decl(+Module, -Line, -Exports)  the file's module directive.
module_decl(M, Line, Exports) :-
    (  source:term_at(M, L, (:- module(_, Es)), _), proper_list(Es)
    -> Line = L, Exports = Es
    ;  Line = 1, Exports = []
    ).

%% proper_list(+Term)  Term is a list ending in [].
proper_list(L) :- nonvar(L), ( L == [] -> true ; L = [_|T], proper_list(T) ).

%% export_pi(+Export, -Name/Arity)  the predicate an export list entry names.
export_pi(N/A, N/A) :- atom(N), integer(A).
export_pi(N//A, N/A2) :- atom(N), integer(A), A2 is A + 2.

%% exported(+Name/Arity, +Exports)  Exports names the predicate.
exported(PI, Exports) :- member(E, Exports), export_pi(E, PI), !.

%% defined(+Module, +Name/Arity)  the file has a clause of the predicate.
defined(M, N/A) :-
    functor(H, N, A),
    source:clause_at(M, H, _, _), !.

%% pi_text(+Module, +Name/Arity, -Text)  "position//1" for a grammar rule, else "play/3".
pi_text(M, N/A, Text) :-
    (  dcg_pi(M, N/A, K) -> say("~a//~d", [N, K], Text) ; say("~a/~d", [N, A], Text) ).

%% dcg_pi(+Module, +Name/Arity, -K)  the predicate is a grammar rule of K arguments
% (exported as Name//K, or written with -->, or the protocol's position//1, move//1).
dcg_pi(M, N/A, K) :-
    A >= 2, K is A - 2,
    (  module_decl(M, _, Es), memberchk(N//K, Es) -> true
    ;  source:term_at(M, _, (H --> _), _), nonvar(H), H \= (_, _), functor(H, N, K) -> true
    ;  memberchk(N/K, [position/1, move/1])
    ).

%% export_finding(+Module, -Finding)  a protocol predicate not exported, or an
% exported predicate with no clause.
export_finding(M, f(Line, PT, exports, Text)) :-
    module_decl(M, Line, Exports),
    protocol:protocol_predicate(N/A),
    \+ exported(N/A, Exports),
    pi_text(M, N/A, PT),
    (  source:clause_at(M, H, _, _), functor(H, N, B), B \== A
    -> say("~s is not exported; ~a/~d is defined, but the protocol's ~s has ~d arguments",
           [PT, N, B, PT, A], Text)
    ;  defined(M, N/A)
    -> say("~s is defined but not exported (every protocol predicate is exported)", [PT], Text)
    ;  say("~s is neither exported nor defined (the protocol: rules/lib/protocol.pl)", [PT], Text)
    ).
export_finding(M, f(Line, PT, exports, Text)) :-
    module_decl(M, Line, Exports),
    protocol:optional_predicate(N/A),
    \+ exported(N/A, Exports),
    member(E, Exports), export_pi(E, N/B), B \== A,
    pi_text(M, N/A, PT),
    say("~a/~d is exported, but the protocol's optional ~s has ~d arguments", [N, B, PT, A], Text).
export_finding(M, f(Line, PT, exports, Text)) :-
    module_decl(M, Line, Exports),
    member(E, Exports), export_pi(E, N/A),
    \+ defined(M, N/A),
    pi_text(M, N/A, PT),
    say("~s is exported but the file has no clause of it", [PT], Text).

% ---- calls --------------------------------------------------------------------

%% call_finding(+Module, -Finding)  a goal of a clause that calls a predicate that
% is defined nowhere, or is not exported by the game whose file defines it.
call_finding(M, f(near(Line, GN), PT, calls, Text)) :-
    source:clause_at(M, H, B, Line),
    functor(H, N, A), pi_text(M, N/A, PT),
    called(B, M, Ctx, G),
    missing(M, Ctx, G, Text),
    functor(G, GN, _).

%% called(+Body, +Context, -Module, -Goal)  each goal Body calls, with the module it
% is called in: through control constructs, module qualifications and the goal
% arguments of meta-predicates (grammar bodies of phrase/2,3 translated).
called(V, _, _, _) :- var(V), !, fail.
called(Ctx:G, _, C, Goal) :- !, atom(Ctx), called(G, Ctx, C, Goal).
called((A, B), Ctx, C, G) :- !, ( called(A, Ctx, C, G) ; called(B, Ctx, C, G) ).
called((A ; B), Ctx, C, G) :- !, ( called(A, Ctx, C, G) ; called(B, Ctx, C, G) ).
called((A -> B), Ctx, C, G) :- !, ( called(A, Ctx, C, G) ; called(B, Ctx, C, G) ).
called('*->'(A, B), Ctx, C, G) :- !, ( called(A, Ctx, C, G) ; called(B, Ctx, C, G) ).
called(\+ A, Ctx, C, G) :- !, called(A, Ctx, C, G).
called(_^A, Ctx, C, G) :- !, called(A, Ctx, C, G).
called(G, Ctx, Ctx, G) :- callable(G).
called(G, Ctx, C, Goal) :-
    callable(G),
    meta_goal(G, Ctx, G1),
    called(G1, Ctx, C, Goal).

%% meta_goal(+Goal, +Context, -Called)  a goal that a meta-argument of Goal calls.
meta_goal(G, _, Called) :-
    functor(G, phrase, A), A >= 2, !,
    arg(1, G, Body), nonvar(Body),
    catch(dcgs:dcg_rule((lint_phrase --> Body), (_ :- Called)), _, fail).
meta_goal(G, Ctx, Called) :-
    catch(predicate_property(Ctx:G, meta_predicate(Spec)), _, fail),
    functor(Spec, _, A), between(1, A, I),
    arg(I, Spec, S), integer(S),
    arg(I, G, Arg), nonvar(Arg),
    extended(Arg, S, Called).

%% extended(+Goal, +N, -Goal1)  Goal with N more arguments (a closure called with N).
extended(G, 0, G) :- !.
extended(M:G, N, M:G1) :- !, nonvar(G), extended(G, N, G1).
extended(G, N, G1) :-
    callable(G), G =.. L,
    length(Xs, N), append(L, Xs, L1),
    G1 =.. L1.

%% control(?Name/Arity)  the control constructs (never predicates).
control((',')/2).
control((;)/2).
control((->)/2).
control('*->'/2).
control((\+)/1).
control((!)/0).
control((:)/2).
control((^)/2).

%% missing(+Module, +Context, +Goal, -Text)  Goal, called in Context from Module's
% file, names no predicate, or reaches into a game's unexported predicate.
missing(M, Ctx, G, Text) :-
    functor(G, N, A),
    \+ control(N/A),
    (  Ctx == M
    -> \+ known(M, G),
       say("~a/~d is called but defined nowhere (not in this file, not imported from a library, not a builtin)",
           [N, A], Text)
    ;  \+ catch(current_predicate(Ctx:_/_), _, fail)
    -> say("calls ~a:~a/~d, but no module ~a is loaded (a requires(~a). fact loads a game or a board library)",
           [Ctx, N, A, Ctx, Ctx], Text)
    ;  \+ known(Ctx, G)
    -> say("calls ~a:~a/~d, which ~a does not define", [Ctx, N, A, Ctx], Text)
    ;  source:has_source(Ctx), Ctx \== M,
       module_decl(Ctx, _, Es), \+ exported(N/A, Es)
    -> pi_text(Ctx, N/A, PT),
       say("calls ~a:~s, which ~a does not export: build on a game through what it exports",
           [Ctx, PT, Ctx], Text)
    ).

%% known(+Module, +Goal)  Goal names a predicate callable in Module: for a module
% whose text is kept, one it defines, declares dynamic or imports from a library,
% or a builtin; for another, one it has.  (current_predicate/1 alone will not do:
% it also holds for a predicate that is only called.)
known(M, G) :-
    functor(G, N, A),
    (  catch(predicate_property(M:G, built_in), _, fail) -> true
    ;  source:has_source(M)
    -> (  defined(M, N/A) -> true
       ;  declared(M, dynamic, N/A) -> true
       ;  imported(M, N/A)
       )
    ;  catch(current_predicate(M:N/A), _, fail)
    ).

%% declared(+Module, +Directive, +Name/Arity)  a directive such as dynamic/1 names it.
declared(M, D, PI) :-
    source:term_at(M, _, (:- T), _), nonvar(T),
    T =.. [D, Spec],
    spec_member(PI, Spec), !.

%% imported(+Module, +Name/Arity)  a library the file uses defines the predicate.
imported(M, N/A) :-
    source:term_at(M, _, (:- T), _), nonvar(T),
    used_library(T, L),
    catch(current_predicate(L:N/A), _, fail), !.

%% used_library(+Directive, -Module)  the library module a use_module/1,2 directive loads.
used_library(use_module(library(L)), L) :- atom(L).
used_library(use_module(library(L), _), L) :- atom(L).

% ---- singletons and contiguity -------------------------------------------------

%% singleton_finding(+Module, -Finding)  a variable a clause uses once (not named _X).
singleton_finding(M, f(near(Line, Name), PT, singleton, Text)) :-
    source:term_at(M, Line, T, Names),
    member(Name, Names),
    \+ atom_chars(Name, ['_'|_]),
    term_pred_text(M, T, PT),
    say("singleton variable ~a: it is used only once (a typo? name it _~a if it is meant)",
        [Name, Name], Text).

%% term_pred_text(+Module, +Term, -Text)  the predicate a clause belongs to, or "a directive".
term_pred_text(M, T, Text) :-
    (  clause_key(T, PI) -> pi_text(M, PI, Text) ; Text = "a directive" ).

%% clause_key(+Term, -Name/Arity)  the predicate of a clause; fails for a directive.
clause_key(T, _) :- var(T), !, fail.
clause_key((:- _), _) :- !, fail.
clause_key((H, _ --> _), N/A) :- !, nonvar(H), functor(H, N, A0), A is A0 + 2.
clause_key((H --> _), N/A) :- !, nonvar(H), functor(H, N, A0), A is A0 + 2.
clause_key((H :- _), N/A) :- !, nonvar(H), functor(H, N, A).
clause_key(H, N/A) :- callable(H), functor(H, N, A).

%% contiguity_finding(+Module, -Finding)  a clause separated from the earlier
% clauses of its predicate by another predicate's (unless declared discontiguous).
contiguity_finding(M, f(Line, PT, together, Text)) :-
    findall(K-L, ( source:term_at(M, L, T, _), clause_key(T, K) ), KLs),
    runs(KLs, none, Runs),
    append(Before, [K-Line|_], Runs),
    memberchk(K-First, Before),
    \+ ( append(Before0, [K-_|_], Before), memberchk(K-_, Before0) ),
    \+ declared_discontiguous(M, K),
    pi_text(M, K, PT),
    say("this clause of ~s is apart from its others (the first at line ~d): keep a predicate's clauses together",
        [PT, First], Text).

%% runs(+KeyLines, +Previous, -Runs)  the first Key-Line of each run of clauses of one predicate.
runs([], _, []).
runs([K-L|KLs], Prev, Runs) :-
    (  K == Prev -> Runs = Runs1 ; Runs = [K-L|Runs1] ),
    runs(KLs, K, Runs1).

%% declared_discontiguous(+Module, +Name/Arity)  a discontiguous/1 directive names it.
declared_discontiguous(M, PI) :- declared(M, discontiguous, PI).

%% spec_member(?PI, +Spec)  PI is among the predicate indicators of a directive's argument.
spec_member(PI, (A, B)) :- !, ( spec_member(PI, A) ; spec_member(PI, B) ).
spec_member(PI, L) :- proper_list(L), !, member(X, L), spec_member(PI, X).
spec_member(PI, X) :- export_pi(X, PI).

% ---- options ------------------------------------------------------------------

%% unknown_option(+Game, +Options, -Findings)  initial/2 given Options and an option
% no game takes: a finding when it accepts that (an unknown option is an error).
unknown_option(G, Options, Findings) :-
    append(Options, [lint_unknown_option(1)], Options1),
    (  catch(call(G:initial(Options1, _)), _, fail)
    -> pred_line(G, initial/2, L),
       say("initial/2 accepts the unknown option lint_unknown_option(1): refuse options it does not take (protocol:options/2 does)",
           [], Text),
       Findings = [f(L, "initial/2", options, Text)]
    ;  Findings = []
    ).

%% pred_line(+Module, +Name/Arity, -Line)  the line of the predicate's first clause (0: none).
pred_line(M, N/A, Line) :-
    functor(H, N, A),
    (  source:clause_at(M, H, _, L) -> Line = L ; Line = 0 ).

% ---- one position of a random game ---------------------------------------------

%% guard(+Goal, -Result)  runs Goal once: true, false, limit (it ran away) or error(E).
guard(G, R) :-
    (  catch(call_with_inference_limit(G, 200000000, R0), E, R = error(E1)),
       ( nonvar(E), E = sandbox(Goal, Why) -> sandbox:refusal_text(Goal, Why, T), atom_chars(E1, T) ; E1 = E )
    -> (  nonvar(R) -> true ; R0 == inference_limit_exceeded -> R = limit ; R = true )
    ;  R = false
    ).

%% finding(+Game, +PI, +Check, +Format, +Args, -Finding)  a finding about a predicate.
finding(G, PI, Check, F, Args, f(L, PT, Check, Text)) :-
    pred_line(G, PI, L), pi_text(G, PI, PT), say(F, Args, Text).

%% position(+Game, +Id, +Pool, +Players, +Cap, -Findings)  the term-level checks of
% the position held in slot Id: legal/2 (no duplicates, none once the game is over, at
% least one while it goes on), to_move/2, evaluate/3 (an integer for each of
% Players, whom the host names every few plies), play/3 (exactly one next state for
% each legal move, at most Cap of them; failing on each move of Pool, move texts
% seen elsewhere, that legal/2 does not list here), the move text of each legal move (read back to the same move),
% and where the game defines them legal_moves/2 (the list legal/2 gives),
% legal_count/2 (its length), nth_legal/3 (its I-th move, and none past the last)
% play_legal/3 (the position play/3 gives), random_legal/3 (legal/2's
% (R mod N)-th move, and none when there is none) and turns/3 (as many moves as
% legal/2, and 8 random plies from each position as legal/2 and play/3 play them).
position(G, Id, Pool, Players, Cap, Findings) :-
    host:held(Id, S), !,
    guard(findall(M, dispatch:legal(G, S, M), L), R),
    (  R \== true
    -> finding(G, legal/2, legal, "legal/2 gave no list of moves here (~q)", [R], F),
       Findings = [F]
    ;  findall(F, position_finding(G, S, L, Pool, Players, Cap, F), Findings)
    ).
position(_, Id, _, _, _, [f(0, "", host, Text)]) :-
    say("no position is held in slot ~d", [Id], Text).

%% position_finding(+Game, +State, +Legal, +Pool, +Players, +Cap, -Finding)  each finding.
position_finding(G, _, L, _, _, _, F) :-
    once(( append(_, [M|Rest], L), memberchk_eq(M, Rest) )),
    move_text(G, M, T),
    finding(G, legal/2, legal, "legal/2 lists the move ~s twice", [T], F).
position_finding(G, S, L, _, _, _, F) :-
    guard(dispatch:outcome(G, S, O), R),
    (  R == true, L \== []
    -> length(L, N),
       finding(G, legal/2, over, "legal/2 lists ~d moves in a finished game (outcome/2 gives ~q)", [N, O], F)
    ;  R == false, L == []
    -> finding(G, outcome/2, over, "legal/2 lists no move, yet outcome/2 fails (the game goes on?)", [], F)
    ;  R \== true, R \== false
    -> finding(G, outcome/2, over, "outcome/2 did not answer (~q)", [R], F)
    ).
position_finding(G, S, _, _, _, _, F) :-
    guard(findall(P, dispatch:to_move(G, S, P), Ps), R),
    (  R \== true -> finding(G, to_move/2, to_move, "to_move/2 did not answer (~q)", [R], F)
    ;  Ps = [_, _|_] -> finding(G, to_move/2, to_move, "to_move/2 gives ~q: more than one player", [Ps], F)
    ;  Ps == [] -> finding(G, to_move/2, to_move, "to_move/2 fails", [], F)
    ).
position_finding(G, S, _, _, Players, _, F) :-
    member(P, Players),
    guard(dispatch:evaluate(G, S, P, V), R),
    (  R \== true -> finding(G, evaluate/3, evaluate, "evaluate/3 for ~a: ~q", [P, R], F)
    ;  \+ integer(V) -> finding(G, evaluate/3, evaluate, "evaluate/3 gives ~q for ~a: not an integer", [V, P], F)
    ).
position_finding(G, S, L, _, _, Cap, F) :-
    sample(L, Cap, Ms),
    member(M, Ms),
    move_text(G, M, T),
    guard(findall(S1, dispatch:play(G, S, M, S1), Ns), R),
    (  R \== true -> finding(G, play/3, play, "play/3 on the legal move ~s: ~q", [T, R], F)
    ;  Ns == [] -> finding(G, play/3, play, "play/3 fails on ~s, a move legal/2 lists", [T], F)
    ;  Ns = [_, _|_] -> length(Ns, K),
       finding(G, play/3, play, "play/3 gives ~d next states for ~s: it must be deterministic", [K, T], F)
    ).
position_finding(G, _, L, _, _, Cap, F) :-
    sample(L, Cap, Ms),
    member(M, Ms),
    guard(dispatch:move(G, M, T, []), R),
    (  R \== true
    -> finding(G, move/3, text, "move//1 cannot write the legal move ~q (~q)", [M, R], F)
    ;  guard(dispatch:move(G, M2, T, []), R2),
       (  R2 \== true -> finding(G, move/3, text, "move//1 does not read back \"~s\", its own text of ~q", [T, M], F)
       ;  M2 \== M -> finding(G, move/3, text, "move//1 reads \"~s\" back as ~q, not ~q", [T, M2, M], F)
       )
    ).
position_finding(G, S, L, Pool, _, _, F) :-
    member(T, Pool),
    guard(dispatch:move(G, M, T, []), true),
    \+ memberchk_eq(M, L),
    guard(dispatch:play(G, S, M, _), R),
    (  R == true -> finding(G, play/3, refuse, "play/3 accepts ~s, a move legal/2 does not list here", [T], F)
    ;  R \== false -> finding(G, play/3, refuse, "play/3 on ~s, a move legal/2 does not list here: ~q (it should fail)", [T, R], F)
    ).
position_finding(G, S, L, Pool, _, _, F) :-
    catch(current_predicate(G:explain_illegal/3), _, fail),
    member(T, Pool),
    guard(dispatch:move(G, M, T, []), true),
    \+ memberchk_eq(M, L),
    guard(call(G:explain_illegal(S, M, Why)), R),
    (  R \== true, R \== false
    -> finding(G, explain_illegal/3, refusal, "explain_illegal/3 on ~s, a move legal/2 does not list here: ~q", [T, R], F)
    ;  R == true, Why \== [], Why \= [_|_],
       (  \+ ground(Why)
       -> finding(G, explain_illegal/3, refusal, "explain_illegal/3 gives ~q for ~s: a reason has no variables", [Why, T], F)
       ;  host:reason_words(G, Why, []),
          finding(G, refusal/3, refusal, "refusal//1 gives no words for ~q, the reason explain_illegal/3 gives for ~s", [Why, T], F)
       )
    ).
position_finding(G, S, L, _, _, _, F) :-
    catch(current_predicate(G:legal_moves/2), _, fail),
    guard(call(G:legal_moves(S, Ms)), R),
    (  R \== true -> finding(G, legal_moves/2, legal_moves, "legal_moves/2: ~q", [R], F)
    ;  Ms \== L -> finding(G, legal_moves/2, legal_moves, "legal_moves/2 differs from the list legal/2 gives (moves or order)", [], F)
    ).

position_finding(G, S, L, _, _, _, F) :-
    catch(current_predicate(G:legal_count/2), _, fail),
    length(L, N0),
    guard(call(G:legal_count(S, N)), R),
    (  R \== true -> finding(G, legal_count/2, counted, "legal_count/2: ~q", [R], F)
    ;  N \== N0 -> finding(G, legal_count/2, counted, "legal_count/2 gives ~q, but legal/2 lists ~d (the count must be its length)", [N, N0], F)
    ).
position_finding(G, S, L, _, _, Cap, F) :-
    catch(current_predicate(G:nth_legal/3), _, fail),
    length(L, N0),
    findall(I, between(0, N0, I), Is0),
    sample(Is0, Cap, Is),
    member(I, Is),
    guard(call(G:nth_legal(S, I, M)), R),
    (  I =:= N0
    -> R \== false,
       (  R == true -> move_text(G, M, T),
          finding(G, nth_legal/3, counted, "nth_legal/3 gives ~s for I = ~d, past the last of legal/2's ~d moves (it should fail)", [T, I, N0], F)
       ;  finding(G, nth_legal/3, counted, "nth_legal/3 for I = ~d: ~q (it should fail)", [I, R], F)
       )
    ;  R \== true -> finding(G, nth_legal/3, counted, "nth_legal/3 for I = ~d: ~q", [I, R], F)
    ;  nth0(I, L, M0), M \== M0
    -> move_text(G, M, T), move_text(G, M0, T0),
       finding(G, nth_legal/3, counted, "nth_legal/3 gives ~s for I = ~d, but legal/2's move ~d is ~s (the moves or their order differ)", [T, I, I, T0], F)
    ).

position_finding(G, S, L, _, _, Cap, F) :-
    catch(current_predicate(G:play_legal/3), _, fail),
    sample(L, Cap, Ms),
    member(M, Ms),
    guard(dispatch:play(G, S, M, S2), true),
    guard(call(G:play_legal(S, M, S1)), R),
    move_text(G, M, T),
    (  R \== true -> finding(G, play_legal/3, counted, "play_legal/3 on the legal move ~s: ~q", [T, R], F)
    ;  state_text(G, S1, T1), state_text(G, S2, T2), T1 \== T2
    -> finding(G, play_legal/3, counted, "play_legal/3 after ~s gives the position ~s, but play/3 gives ~s", [T, T1, T2], F)
    ).

position_finding(G, S, L, _, _, _, F) :-
    catch(current_predicate(G:random_legal/3), _, fail),
    length(L, N),
    member(R, [0, 1, 2, 7, 12345, 8388607]),
    guard(call(G:random_legal(S, R, M)), Res),
    (  N =:= 0
    -> Res \== false,
       (  Res == true -> move_text(G, M, T),
          finding(G, random_legal/3, counted, "random_legal/3 gives ~s for R = ~d, but legal/2 lists no move (it should fail)", [T, R], F)
       ;  finding(G, random_legal/3, counted, "random_legal/3 for R = ~d: ~q (it should fail)", [R, Res], F)
       )
    ;  Res \== true -> finding(G, random_legal/3, counted, "random_legal/3 for R = ~d: ~q", [R, Res], F)
    ;  K is R mod N, nth0(K, L, M0), M \== M0
    -> move_text(G, M, T), move_text(G, M0, T0),
       finding(G, random_legal/3, counted, "random_legal/3 gives ~s for R = ~d, but the ~d-th of legal/2's ~d moves is ~s", [T, R, K, N, T0], F)
    ).

position_finding(G, S, L, _, _, _, F) :-
    catch(current_predicate(G:turns/3), _, fail),
    L \== [],
    guard(call(G:turns(S, B, Ts)), R),
    (  R \== true, R \== false -> finding(G, turns/3, turns, "turns/3: ~q", [R], F)
    ;  R == true,
       (  \+ ( Ts = [T|_], guard(board:turn_moves(B, T, Ms), true) )
       -> finding(G, turns/3, turns, "turns/3 gives no list of turns the board library reads: ~q", [Ts], F)
       ;  Ts = [T|_], board:turn_moves(B, T, Ms),
          length(L, N0), length(Ms, N), N =\= N0
       -> finding(G, turns/3, turns, "the first of the turns turns/3 states has ~d moves, but legal/2 lists ~d", [N, N0], F)
       ;  Seed = 1,
          guard(protocol:playout_(G, S, Seed, 8, 0, P0, Final), true),
          (  dispatch:outcome(G, Final, O0) -> true ; O0 = none ),
          guard(board_turns:turn_playout(B, Ts, Seed, 8, P1, St), true),
          protocol:status_outcome(St, O1),
          P0-O0 \== P1-O1
       -> finding(G, turns/3, turns, "a random game from here (seed ~d): legal/2 and play/3 play ~d plies to ~q, the turns turns/3 states ~d plies to ~q (the host plays the turns)", [Seed, P0, O0, P1, O1], F)
       )
    ).

%% state_text(+Game, +State, -Text)  the state's position text and outcome, as text:
% two states a host cannot tell apart have the same (their terms may differ, as the
% handles of an accelerated tier's boards do).
state_text(G, S, T) :-
    (  guard(dispatch:position(G, S, T0, []), true) -> true ; T0 = "?" ),
    (  guard(dispatch:outcome(G, S, O), true) -> true ; O = ongoing ),
    say("~s (~q)", [T0, O], T).

%% move_text(+Game, +Move, -Text)  the move's text, or the term written when it has none.
move_text(G, M, T) :-
    (  guard(dispatch:move(G, M, T0, []), true) -> T = T0 ; say("~q", [M], T) ).

%% memberchk_eq(+X, +List)  X is identical to an element of List.
memberchk_eq(X, [Y|Ys]) :- ( X == Y -> true ; memberchk_eq(X, Ys) ).

%% sample(+List, +Cap, -Sample)  List when it has at most Cap elements, else Cap of
% them spread evenly (every K-th).
sample(L, Cap, L) :- length(L, N), N =< Cap, !.
sample(L, Cap, S) :-
    length(L, N), K is (N + Cap - 1) // Cap,
    findall(X, ( nth0(I, L, X), I mod K =:= 0 ), S).
