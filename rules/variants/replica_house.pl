%% replica_house — Replica with the designer's house rules as options: a variant of
% rules/replica.pl through its extension surface (its rays and helpers) only.
%
% Replica's designer, Alek Erickson, suggests house rules for players who want
% more from the kings; the readings used here (see shared/rules/replica.md §7):
% * kings=all: a king steps and jumps along all eight directions (men keep their
%   three forward ones); a king's step or jump works as a man's: past friendly
%   pieces, onto the first square that is not friendly.
% * twice=true: after a step or jump of a king that does not win, the same king may
%   step or jump once more in the same turn (a second action, along its rays on the
%   board the first one left); the move is written with both steps, "a1-e1-e5".
%   The single step stays a move of its own.
% * backward=true: every piece may also capture backwards: a step or jump along one
%   of its side's three backward directions, allowed only when it ends on an enemy
%   piece (which it captures).
% With every option off this is Replica exactly (the same moves, texts and
% outcomes; tests/variants.rs checks it against the native engine).  With kings
% moving backwards a game need not end: `check` and `lint` cut games off.
%
% State: house(rules(Kings, Twice, Backward), Replica), Replica a state of
% replica.pl.  Position text: Replica's, then the house rules that are on:
% " kings=all", " twice", " backward" (e.g. "... white kings=all twice").
% Moves: Replica's (a1-e1, b2*) and twice(Step1, Step2), written "a1-e1-e5".
% Playouts count and pick the moves with the board library (house_kinds/3: each
% ray a run of its pieces, and with twice on a king running on after its run),
% natively in the accelerated tier.

:- module(replica_house, [
    initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2, explain_illegal/3, refusal//1,
    legal_count/2, nth_legal/3, random_legal/3, play_legal/3
]).

:- use_module(library(lists)).
:- use_module(library(dcgs)).

%% requires(?Game)  the house rules build on Replica's rule file.
requires(replica).

%% summary(-Text)  one line for `ludolog games`.
summary("Replica with the designer's house rules: kings move in all directions or twice, backward captures").

%% option(?Key, ?Kind, ?Default, ?Meaning)  Replica's option and the three house rules.
option(sight, choice([forward, all]), forward, "the rays along which a king sees").
option(kings, choice([forward, all]), forward, "the directions a king steps and jumps in").
option(twice, bool, false, "a king may step or jump a second time in its turn").
option(backward, bool, false, "pieces may also capture backwards").

%% initial(+Options, -State)  Replica's start under the house rules chosen.
initial(Options, house(rules(Kings, Twice, Back), S)) :-
    protocol:options([sight(Sight), kings(Kings), twice(Twice), backward(Back)], Options),
    replica:initial([sight(Sight)], S).

%% rays(+Rules, +Colour, -Rays)  replica.pl's rays under the house rules: backward
% captures for every piece, all eight directions for kings.
rays(rules(Kings, _, Back), P, rays(Men, KingRays)) :-
    findall(DF-DR-any, replica:forward(P, DF, DR), Forward),
    (  Back == true
    -> findall(DF-DR-capture, ( replica:forward(P, F, R), DF is -F, DR is -R ), Backward)
    ;  Backward = []
    ),
    append(Forward, Backward, Men),
    (  Kings == all
    -> findall(DF-DR-any, replica:compass(DF, DR), KingRays)
    ;  KingRays = Men
    ).

%% to_move(+State, -Colour)  whose turn it is.
to_move(house(_, S), P) :- replica:to_move(S, P).

%% legal(+State, -Move)  the moves the rays allow, each step of a king followed, when
% twice is on, by its second steps; then the transforms.
legal(house(R, S), M) :-
    S = replica(_, P, Board, ongoing),
    rays(R, P, Rays),
    replica:legal_with(S, Rays, M0),
    (  M = M0
    ;  R = rules(_, true, _), M0 = step(From, To),
       replica:square(Board, From, king(P)),
       second_step(S, Rays, From, To, Step2),
       M = twice(M0, Step2)
    ).

%% legal_count(+State, -N)  how many moves legal/2 gives.
legal_count(S, N) :-
    (  house_kinds(S, Board, Kinds) -> board:moves_count(Board, Kinds, N) ; N = 0 ).

%% nth_legal(+State, +I, -Move)  the I-th move (from 0) legal/2 gives.
nth_legal(S, I, M) :-
    house_kinds(S, Board, Kinds),
    board:nth_move(Board, Kinds, I, M0),
    house_move(M0, M).

%% random_legal(+State, +R, -Move)  the (R mod N)-th of the N moves legal/2 gives.
random_legal(S, R, M) :-
    house_kinds(S, Board, Kinds),
    board:pick_move(Board, Kinds, R, M0),
    house_move(M0, M).

%% house_move(+KindMove, -Move)  a move of the board library's as legal/2 gives it: a
% king's run and its run on, again(K-J-L), as its two steps; the others Replica's.
house_move(again(K-J-L), twice(step(A, B), step(B, C))) :- !,
    replica:cell_square(K, A), replica:cell_square(J, B), replica:cell_square(L, C).
house_move(M0, M) :- replica:kind_move(M0, M).

%% play_legal(+State, +Move, -Next)  play/3 for a move legal/2 gave, without the
% check of a step or a transform.
play_legal(house(R, S), M, house(R, Next)) :-
    S = replica(Sight, P, Board, ongoing),
    (  M = twice(Step1, Step2)
    -> replica:apply(Step1, P, Board, Board1, _),
       replica:resolve(replica(Sight, P, Board1, ongoing), Step2, Next)
    ;  replica:resolve(S, M, Next)
    ).

%% house_kinds(+State, -Board, -Kinds)  legal/2's moves as the board library's
% board:moves_count/3 takes them, while the game goes on: the steps and jumps along
% each piece's rays, piece by piece, each of a king followed, when twice is on, by
% its second ones unless the first won (took the enemy king, or came to its corner);
% then the transforms of the men a king sees (replica.pl's runs/3 and seen_args/6
% name the letters).
house_kinds(house(R, replica(Sight, P, Board, ongoing)), Board,
            [Steps, sight([King], Sees, Through, [Man])]) :-
    rays(R, P, rays(MenRays, KingRays)),
    replica:runs(P, Past, _), replica:other(P, Q), replica:runs(Q, Enemies, _),
    replica:seen_args(Sight, P, King, Sees, Through, Man),
    ray_runs(KingRays, King, Past, Enemies, KingRuns, []),
    ray_runs(MenRays, Man, Past, Enemies, Runs, KingRuns),
    (  R = rules(_, true, _)
    -> replica:square_letter(king(Q), Enemy),
       replica:corner(P, Corner), replica:cell_square(C, Corner),
       Steps = runs(Runs, again([King], KingRuns, stop([Enemy], [C])))
    ;  Steps = runs(Runs)
    ).

%% ray_runs(+Rays, +Letter, +Past, +Enemies, -Runs, ?Tail)  the runs of the board
% library's along the rays of the piece Letter, in order, past the side's pieces
% (Past): onto any square (any), or onto an enemy piece only (capture), one run
% for the rays of a kind that follow each other; then Tail.
ray_runs([], _, _, _, Rs, Rs).
ray_runs([DF-DR-Kind|Rays], L, Past, Enemies, [Run|Rs], Tail) :-
    replica:dir(DF, DR, D),
    kind_dirs(Rays, Kind, Ds, Rest),
    ray_run(Kind, [L], [D|Ds], Past, Enemies, Run),
    ray_runs(Rest, L, Past, Enemies, Rs, Tail).

%% kind_dirs(+Rays, +Kind, -Dirs, -Rest)  the directions of the rays of Kind that
% lead Rays, and the rays after them.
kind_dirs([DF-DR-K|Rays], Kind, [D|Ds], Rest) :-
    K == Kind, !,
    replica:dir(DF, DR, D),
    kind_dirs(Rays, Kind, Ds, Rest).
kind_dirs(Rays, _, [], Rays).

%% ray_run(+Kind, +Letters, +Dirs, +Past, +Enemies, -Run)  the run of a ray of Kind.
ray_run(any, Ls, Ds, Past, _, run(Ls, Ds, Past)).
ray_run(capture, Ls, Ds, Past, Enemies, run(Ls, Ds, Past, Enemies)).

%% second_step(+State, +Rays, +From, +To, -Step)  after the king's step From-To, if
% it did not win, a second step or jump of that king.
second_step(replica(_, P, Board, _), Rays, From, To, step(To, To2)) :-
    replica:apply(step(From, To), P, Board, Board1, Captured),
    \+ replica:won(Captured, P, Board1),
    replica:step_with(Board1, P, Rays, To, To2).

%% play(+State, +Move, -Next)  the state after a move the house rules allow; fails otherwise.
play(house(R, S), M, house(R, Next)) :-
    S = replica(Sight, P, Board, ongoing),
    rays(R, P, Rays),
    (  M = twice(step(From, To), step(To1, To2))
    -> R = rules(_, true, _), To1 == To,
       replica:square(Board, From, king(P)),
       replica:allowed_with(S, Rays, step(From, To)),
       once(second_step(S, Rays, From, To, step(To, To2))),
       replica:apply(step(From, To), P, Board, Board1, _),
       replica:resolve(replica(Sight, P, Board1, ongoing), step(To, To2), Next)
    ;  replica:allowed_with(S, Rays, M),
       replica:resolve(S, M, Next)
    ).

%% outcome(+State, -Outcome)  Replica's.
outcome(house(_, S), O) :- replica:outcome(S, O).

%% evaluate(+State, +Colour, -Score)  Replica's evaluation.
evaluate(house(_, S), P, Score) :- replica:evaluate(S, P, Score).

%% explain_illegal(+State, +Move, -Reason)  why a move is refused under the house rules.
explain_illegal(house(R, S), M, Reason) :-
    S = replica(_, P, Board, _),
    rays(R, P, Rays),
    (  M = twice(step(From, _), _), S = replica(_, _, _, ongoing)
    -> (  R \= rules(_, true, _)
       -> Reason = twice_off
       ;  \+ replica:square(Board, From, king(P))
       -> replica:named(From, Name), Reason = no_king(P, Name)
       ;  M = twice(Step1, _), \+ replica:allowed_with(S, Rays, Step1)
       -> replica:explain_with(S, Rays, Step1, Reason)
       ;  phrase(move(M), Cs), atom_chars(Name, Cs), Reason = not_second(Name)
       )
    ;  replica:explain_with(S, Rays, M, Reason)
    ).

%% refusal(+Reason)//  the words of each reason: Replica's, and the moves twice.
refusal(twice_off) --> !, "a king moves twice only under the house rule twice=true".
refusal(no_king(P, Sq)) --> !, "no ", replica:atom(P), " king on ", replica:atom(Sq), " to move twice".
refusal(not_second(M)) --> !, replica:atom(M), " is not a second step or jump the king may make".
refusal(R) --> replica:refusal(R).

%% position(?State)//  Replica's text, then the house rules that are on.
position(house(rules(K, T, B), S)) --> replica:position(S), kings(K), twice(T), backward(B).

%% kings(?Kings)//  " kings=all", or nothing.
kings(all) --> " kings=all", !.
kings(forward) --> [].

%% twice(?Twice)//  " twice", or nothing.
twice(true) --> " twice", !.
twice(false) --> [].

%% backward(?Backward)//  " backward", or nothing.
backward(true) --> " backward", !.
backward(false) --> [].

%% move(?Move)//  Replica's moves, and a king's two steps "a1-e1-e5".
move(M) --> { nonvar(M), M = twice(step(A, B), step(B, C)) }, !,
    replica:square_name(A), "-", replica:square_name(B), "-", replica:square_name(C).
move(M) --> { var(M) }, replica:square_name(A), "-", replica:square_name(B), "-",
    replica:square_name(C), !, { M = twice(step(A, B), step(B, C)) }.
move(M) --> replica:move(M).

%% view(+State, -View)  Replica's view.
view(house(_, S), V) :- replica:view(S, V).
