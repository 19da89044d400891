%% misere_hex — misère Hex: whoever joins their two edges loses.
%
% A variant of rules/hex.pl, through that file's extension surface only.  All is
% Hex's (the board, the moves, the pie rule, the position and move texts) except
% who wins: a chain joining a player's two edges ends the game, as in Hex, and the
% OTHER player wins it.  Hex cannot end in a draw, so neither can misère Hex: a full
% board always holds someone's chain, and that someone has lost.
%
% State: misere(Hex), Hex a state of hex.pl.
% Position text: Hex's, e.g. "3x3 r2/rbb/3 red"; move text: Hex's, e.g. b2 or swap.

:- module(misere_hex, [
    initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2, explain_illegal/3, refusal//1, legal_moves/2, set_to_move/3, turns/3
]).

:- use_module(library(lists)).
:- use_module(library(dcgs)).

%% requires(?Game)  misère Hex builds on Hex's rule file.
requires(hex).

%% summary(-Text)  one line for `ludolog games`.
summary("Misère Hex: join your two edges and you lose").

%% option(?Key, ?Kind, ?Default, ?Meaning)  Hex's options, as hex.pl states them.
option(Key, Kind, Default, Meaning) :- hex:option(Key, Kind, Default, Meaning).

%% initial(+Options, -State)  Hex's empty board.
initial(Options, misere(H)) :- hex:initial(Options, H).

%% to_move(+State, -Player)  whose turn it is.
to_move(misere(H), P) :- hex:to_move(H, P).

%% legal(+State, -Move)  Hex's moves.
legal(misere(H), M) :- hex:legal(H, M).

%% legal_moves(+State, -Moves)  Hex's moves as one list.
legal_moves(misere(H), Ms) :- hex:legal_moves(H, Ms).

%% play(+State, +Move, -Next)  Hex's play; fails when Move is not legal.
play(misere(H), M, misere(H1)) :- hex:play(H, M, H1).

%% turns(+State, -Board, -Turns)  Hex's board and turns (hex:turns/3), where the group
% that joins the mover's edges loses instead.
turns(misere(H), B, Ts) :- hex:turns(H, B, Ts0), maplist(misere_turn, Ts0, Ts).

%% misere_turn(+Turn, -MisereTurn)  a turn of Hex with its end turned into a loss.
misere_turn(turn(P, Kinds, [End]), turn(P, Kinds, [lose(End)])).

%% outcome(+State, -Outcome)  the player who did NOT join their edges wins.
outcome(misere(H), win(W)) :- hex:outcome(H, win(L)), hex:other(L, W).

%% evaluate(+State, +Player, -Score)  Hex's evaluation turned round: being close to
% joining one's edges is bad.
evaluate(misere(H), P, Score) :- hex:evaluate(H, P, S), Score is -S.

%% explain_illegal(+State, +Move, -Reason)  why a move is refused: Hex's reasons,
% but a game over is won by the player who did not join its edges.
explain_illegal(misere(H), M, Reason) :-
    (  hex:outcome(H, win(L))
    -> hex:other(L, W), Reason = joined(L, W)
    ;  hex:explain_illegal(H, M, Reason)
    ).

%% refusal(+Reason)//  the words of each reason: Hex's, and the misère ending.
refusal(joined(L, W)) --> !,
    "the game is over: ", hex:atom_text(L), " joined its edges, so ", hex:atom_text(W), " has won".
refusal(R) --> hex:refusal(R).

%% position(?State)//  Hex's position text.
position(misere(H)) --> hex:position(H).

%% move(?Move)//  Hex's move text.
move(M) --> hex:move(M).

%% position_error(+State, -Reason)  Hex's: a joined chain ends the game with the move
% that made it, whoever wins it, so the stone counts and turns are Hex's.
position_error(misere(H), Reason) :- hex:position_error(H, Reason).

%% set_to_move(+State, +Player, -State1)  Hex's setup: State with Player to move.
set_to_move(misere(H), P, misere(H1)) :- hex:set_to_move(H, P, H1).

%% view(+State, -View)  Hex's view, with the misère winner, and the loser's chain
% (highlighted) in words that say whose it is.
view(misere(H), view(Shape, C, R, Cells, Info)) :-
    hex:view(H, view(Shape, C, R, Cells, Info0)),
    (  outcome(misere(H), win(W))
    -> select(status(_), Info0, Info1),
       hex:other(W, L),
       (  select(ending(_), Info1, Info2)
       -> protocol:formatted("~a joined its edges", [L], Words),
          Info = [status(won(W)), ending(Words)|Info2]
       ;  Info = [status(won(W))|Info1]
       )
    ;  Info = Info0
    ).
