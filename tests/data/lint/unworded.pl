%% take — ok.pl whose refusal//1 words one of the two reasons its explain_illegal/3
% gives, and not the other (the pile is too small for a take of two).

:- module(unworded, [
    initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2, explain_illegal/3, refusal//1
]).

:- use_module(library(lists)).
:- use_module(library(dcgs)).

%% option(?Key, ?Kind, ?Default, ?Meaning)  the size of the pile.
option(pile, int(1, 20), 5, "the stones in the pile").

%% initial(+Options, -State)  the whole pile, first to move.
initial(Options, take(N, first)) :-
    protocol:options([pile(N)], Options).

%% to_move(+State, -Player)  whose turn it is.
to_move(take(_, P), P).

%% other(?Player, ?Opponent)  the two players.
other(first, second).
other(second, first).

%% legal(+State, -Move)  take one or two stones, no more than there are.
legal(take(N, _), take(K)) :-
    member(K, [1, 2]),
    K =< N.

%% play(+State, +Move, -Next)  the pile after a legal move; fails on others.
play(take(N, P), take(K), take(N1, Q)) :-
    legal(take(N, P), take(K)),
    N1 is N - K,
    other(P, Q).

%% explain_illegal(+State, +Move, -Reason)  why a take is refused, as a term.
explain_illegal(take(0, _), _, game_over) :- !.
explain_illegal(take(N, _), take(K), too_few(N, K)).

%% refusal(+Reason)//  the words of the reasons (one forgotten).
refusal(game_over) --> "the pile is empty".

%% outcome(+State, -Outcome)  the player who took the last stone has won.
outcome(take(0, P), win(Q)) :-
    other(P, Q).

%% evaluate(+State, +Player, -Score)  a pile that is a multiple of 3 loses for the side to move.
evaluate(take(N, ToMove), P, Score) :-
    (  N mod 3 =:= 0 -> V = -1 ; V = 1 ),
    (  ToMove == P -> Score = V ; Score is -V ).

%% position(?State)//  "5 first": the pile, then the side to move.
position(S) --> { nonvar(S) }, !, { S = take(N, P), number_chars(N, Ds) }, seq(Ds), " ", player(P).
position(take(N, P)) --> digits(Ds), { Ds = [_|_], number_chars(N, Ds) }, " ", player(P).

%% player(?Player)//  first or second.
player(first) --> "first".
player(second) --> "second".

%% digits(-Digits)//  a run of decimal digits.
digits([D|Ds]) --> [D], { member(D, "0123456789") }, !, digits(Ds).
digits([]) --> [].

%% move(?Move)//  1 or 2.
move(take(1)) --> "1".
move(take(2)) --> "2".

%% view(+State, -View)  one cell: the pile, if any stone is left.
view(take(N, P), view(square, 1, 1, [cell(0, 0, pile, Piece)], [to_move(P), stones(N)])) :-
    (  N > 0 -> Piece = stone(pile) ; Piece = empty ).
