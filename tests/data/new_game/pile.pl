%% pile — Nim on one pile, the tiny game tests/new_native_game.rs adds a native
% engine to (a test only, not a shipped game): the players take one, two or three
% stones in turn, and who takes the last stone wins.
%
% State: pile(Stones, ToMove), ToMove first or second.
% Move: take(K), written as the digit K.
% Position text: "STONES SIDE", e.g. "7 first"; with no stones left the game is over
% and the player who took the last one (the one not to move) has won.

:- module(pile, [
    initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2, explain_illegal/3, refusal//1
]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(dcgs)).

%% requires(?Library)  numbers are read and written by notation.pl.
requires(notation).

%% summary(-Text)  one line for `ludolog games`.
summary("Pile: Nim on one pile; take one to three stones, who takes the last wins").

%% option(?Key, ?Kind, ?Default, ?Meaning)  the size of the pile.
option(stones, int(1, 99), 7, "the stones in the pile at the start").

%% initial(+Options, -State)  the whole pile, the first player to move.
initial(Options, pile(N, first)) :- protocol:options([stones(N)], Options).

%% to_move(+State, -Player)  whose turn it is.
to_move(pile(_, P), P).

%% other(?Player, ?Opponent)  the two players.
other(first, second).
other(second, first).

%% legal(+State, -Move)  take one to three stones, no more than are left.
legal(pile(N, _), take(K)) :- N > 0, Max is min(3, N), between(1, Max, K).

%% play(+State, +Move, -Next)  the pile after a legal take.
play(pile(N, P), take(K), pile(N1, Q)) :-
    legal(pile(N, P), take(K)), N1 is N - K, other(P, Q).

%% outcome(+State, -Outcome)  with no stones left, the player not to move took the last.
outcome(pile(0, P), win(W)) :- other(P, W).

%% evaluate(+State, +Player, -Score)  a pile that is a multiple of four loses for the mover.
evaluate(pile(N, ToMove), P, S) :-
    (  N mod 4 =:= 0 -> V = -1 ; V = 1 ),
    (  ToMove == P -> S = V ; S is -V ).

%% explain_illegal(+State, +Move, -Reason)  why a take is refused, as a term.
explain_illegal(pile(0, _), _, pile_empty) :- !.
explain_illegal(pile(N, _), take(K), cannot_take(N, K)).

%% refusal(+Reason)//  the words of each reason.
refusal(pile_empty) --> "the pile is empty: the game is over".
refusal(cannot_take(N, K)) -->
    "only ", notation:natural(N), " stones are left, and a take is 1 to 3, not ", notation:natural(K).

%% position(?State)//  "STONES SIDE".
position(pile(N, P)) --> count(N), " ", side(P).

%% count(?N)//  the stones left, 0 too.
count(0) --> "0", !.
count(N) --> notation:natural(N).

%% side(?Player)//  first or second.
side(first) --> "first".
side(second) --> "second".

%% move(?Move)//  the stones taken, one digit.
move(take(K)) --> notation:natural(K).

%% view(+State, -View)  one cell holding the pile's count as its info.
view(pile(N, P), view(square, 1, 1, [cell(0, 0, pile, empty)], [stones(N), to_move(P)])).
