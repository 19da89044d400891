%% why — why play/3 refuses a move, read from the rule files' own clauses.
%
% A small meta-interpreter runs Game:play(State, Move, _) over the clauses that
% source.pl keeps of the game's file and the games it builds on; goals of other
% modules (board libraries, builtins) run as they are, so that the explanation
% names a goal of a rule file.  Whenever a goal on the way
% fails outright — a library goal with no answer, or a call that no clause head
% matches — the interpreter notes it with its depth (how many clauses deep it was
% called) and the clause it was called from; the deepest one is the explanation.
% Conditions of if-then-else and negations run as they are and are never noted:
% their failing is how the rules choose, not why a move is refused.
%
% A cut at the top level of a clause body commits as it does in Prolog; a cut
% anywhere else (inside a disjunction) is read as true.

:- module(why, [explain/5]).

:- use_module(library(lists)).
:- use_module(library(format)).
:- use_module(library(iso_ext)).
:- use_module(library(charsio)).
:- use_module(library(dcgs)).

%% explain(+Game, +Id, +MoveText, +Trust, -Reply)  why the move MoveText cannot be played
% in the position held in slot Id; the goals of the rules run checked by the sandbox
% unless the host says Trust = true (--trust).  Reply is
%   not_a_move                the text is no move of the game
%   legal                     play/3 accepts it
%   reason(Text)              explain_illegal/3 says why (a reason's words)
%   deepest(Goal, Module, Line, Pred)   the deepest goal that failed, as text, in
%                             the clause of Pred at Module's Line (0: the call itself)
%   unknown                   nothing failed where the interpreter could see it
%   refused(Text)             the sandbox refused a goal on the way
explain(G, Id, Text, Trust, Reply) :-
    catch(explain_(G, Id, Text, Trust, Reply), sandbox(Goal, Why),
          ( sandbox:refusal_text(Goal, Why, T), Reply = refused(T) )).

explain_(G, Id, Text, Trust, Reply) :-
    host:held(Id, S),
    (  catch(dispatch:move(G, M, Text, []), _, fail)
    -> (  catch(dispatch:play(G, S, M, _), _, fail)
       -> Reply = legal
       ;  catch(call(G:explain_illegal(S, M, Why)), _, fail)
       -> reason_reply(G, Why, Reply)
       ;  deepest(G, S, M, Trust, Reply)
       )
    ;  Reply = not_a_move
    ).

%% reason_reply(+Game, +Reason, -Reply)  reason(Text): a string reason itself, a
% term's words (the game's refusal//1), or the term as written where none words it.
reason_reply(_, Why, reason(Why)) :- ( Why == [] ; Why = [_|_] ), !.
reason_reply(G, Why, reason(Text)) :-
    host:reason_words(G, Why, Words),
    (  Words == [] -> host:formatted("~q", [Why], Text) ; Text = Words ).

%% deepest(+Game, +State, +Move, +Trust, -Reply)  the deepest failing goal of play/3.
deepest(G, S, M, Trust, Reply) :-
    bb_put(why_deepest, none),
    % a goal the sandbox refuses is said as such, not read as a move that fails
    (  catch(solve(play(S, M, _), G, 0, top, Trust), E, ( E = sandbox(_, _) -> throw(E) ; true )) -> true ; true ),
    bb_get(why_deepest, D),
    (  D = failed(_, Goal, Mod, Line, Pred) -> Reply = deepest(Goal, Mod, Line, Pred)
    ;  Reply = unknown
    ).

%% note(+Goal, +Module, +Depth, +Where)  a goal failed outright at Depth, called
% from Where (c(Module, Line, Pred) or top); keeps the deepest (the first of equals).
note(Goal, M, D, Where) :-
    bb_get(why_deepest, Old),
    (  Old = failed(D0, _, _, _, _), D0 >= D
    -> true
    ;  goal_text(M, Goal, Text),
       (  Where = c(Mod, Line, Pred) -> true ; Mod = M, Line = 0, Pred = "" ),
       bb_put(why_deepest, failed(D, Text, Mod, Line, Pred))
    ).

%% goal_text(+Module, +Goal, -Text)  the goal as it was called, big terms elided.
goal_text(M, G, Text) :-
    (  G = no_clause(G0)
    -> functor(G0, N, A),
       write_term_to_chars(G0, [quoted(true), max_depth(4)], Cs),
       phrase(format_("no clause of ~a/~d matches ~s", [N, A, Cs]), Text)
    ;  qualified(M, G, QG),
       write_term_to_chars(QG, [quoted(true), max_depth(4)], Text)
    ).

%% qualified(+Module, +Goal, -Shown)  Goal as written in a file of Module: bare when
% Module has sources (a rule file), else Module:Goal.
qualified(M, G, G) :- source:game_source(M), !.
qualified(M, G, M:G).

%% solve(+Goal, +Module, +Depth, +Where, +Trust)  Goal, run in Module, called Depth
% clauses deep from Where; Trust is the host's (true with --trust).
solve(V, _, _, _, _) :- var(V), !, fail.
solve(true, _, _, _, _) :- !.
solve(!, _, _, _, _) :- !.
solve(Q:G, M, D, W, T) :- !,
    % into another game module of the rules: its clauses, interpreted; anywhere else
    % (a library of ludolog's, whose exports alone may be called, or a module known
    % only now): run as the sandbox runs a qualified call from M
    (  atom(Q), sandbox:rule_module(Q), \+ sandbox:rule_library(Q) -> solve(G, Q, D, W, T)
    ;  (  \+ run(M, Q:G, T) -> note(Q:G, M, D, W), fail ; run(M, Q:G, T) )
    ).
solve((A, B), M, D, W, T) :- !, solve(A, M, D, W, T), solve(B, M, D, W, T).
solve((C -> Th ; E), M, D, W, T) :- !,
    (  run(M, C, T) -> solve(Th, M, D, W, T) ; solve(E, M, D, W, T) ).
solve((C -> Th), M, D, W, T) :- !,
    (  run(M, C, T) -> solve(Th, M, D, W, T) ).
solve((A ; B), M, D, W, T) :- !,
    (  solve(A, M, D, W, T) ; solve(B, M, D, W, T) ).
solve(\+ A, M, D, W, T) :- !,
    (  run(M, A, T) -> note(\+ A, M, D, W), fail ; true ).
solve(G, M, D, W, T) :-
    source:game_source(M), is_user(M, G), !,
    findall(cl(G, B, L), source:clause_at(M, G, B, L), Cls),
    (  Cls == []
    -> note(no_clause(G), M, D, W), fail
    ;  functor(G, N, A), phrase(format_("~a/~d", [N, A]), Pred),
       D1 is D + 1,
       clauses(Cls, G, M, D1, Pred, T)
    ).
solve(G, M, D, W, T) :-
    (  \+ run(M, G, T) -> note(G, M, D, W), fail ; run(M, G, T) ).

%% run(+Module, +Goal, +Trust)  Goal run in Module as the sandbox lets it run: the
% clauses interpreted here are the file's text, read again, not the checked clauses
% scryer loaded, so each goal is checked as it runs (any goal, with Trust = true).
run(M, G, Trust) :- ( Trust == true -> call(M:G) ; sandbox:safe_call(M, G) ).

%% is_user(+Module, +Goal)  the file of Module has clauses of Goal's predicate.
is_user(M, G) :-
    functor(G, N, A), functor(H, N, A),
    source:clause_at(M, H, _, _), !.

%% clauses(+Clauses, +Goal, +Module, +Depth, +Pred, +Trust)  Goal by each clause in turn
% (copies whose heads unify with it), a cut at the top of a body committing.
clauses([cl(H, B, L)|Cls], G, M, D, Pred, T) :-
    W = c(M, L, Pred),
    (  cut_split(B, Before, After)
    -> (  G = H, solve(Before, M, D, W, T)
       -> solve(After, M, D, W, T)
       ;  clauses(Cls, G, M, D, Pred, T)
       )
    ;  (  G = H, solve(B, M, D, W, T)
       ;  clauses(Cls, G, M, D, Pred, T)
       )
    ).

%% cut_split(+Body, -Before, -After)  Body is Before, !, After (the first cut at the
% top level of the conjunction).
cut_split(B, _, _) :- var(B), !, fail.
cut_split(!, true, true) :- !.
cut_split((A, B), Before, After) :- !,
    (  A == !
    -> Before = true, After = B
    ;  cut_split(B, Before1, After) -> Before = (A, Before1)
    ).
