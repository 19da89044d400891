%% private — Hex again, as a variant of rules/hex.pl; one defect: it reaches into
% a predicate hex.pl does not export.

:- module(private, [
    initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2
]).

%% requires(?Game)  the game it builds on.
requires(hex).

%% option(?Key, ?Kind, ?Default, ?Meaning)  Hex's options.
option(size, int(1, 26), 5, "the board size").
option(swap, bool, false, "the pie rule").

%% initial(+Options, -State)  Hex's start.
initial(Options, S) :- hex:initial(Options, S).

%% to_move(+State, -Player)  Hex's.
to_move(S, P) :- hex:to_move(S, P).

%% legal(+State, -Move)  Hex's.
legal(S, M) :- hex:legal(S, M).

%% play(+State, +Move, -Next)  Hex's.
play(S, M, S1) :- hex:play(S, M, S1).

%% outcome(+State, -Outcome)  Hex's.
outcome(S, O) :- hex:outcome(S, O).

%% evaluate(+State, +Player, -Score)  Hex's.
evaluate(S, P, V) :- hex:evaluate(S, P, V).

%% position(?State)//  Hex's.
position(S) --> hex:position(S).

%% move(?Move)//  Hex's.
move(M) --> hex:move(M).

%% view(+State, -View)  Hex's, once the empty cell's piece is known.
view(S, V) :- hex:cell_piece(e, empty), hex:view(S, V).
