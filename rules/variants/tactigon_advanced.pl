%% tactigon_advanced — the advanced rules of Tactigon (see shared/rules/tactigon.md), the ludolog game protocol.
%
% The official optional rules (§6 of the rules text), written as a variant of
% rules/tactigon.pl through its extension surface (see that file's header).
%
% What differs from Tactigon, and is all this file defines (its limits/3):
% * A square may jump: its path may pass through cells that hold any piece
%   except an enemy square (own pieces of every kind, enemy circles, triangles
%   and pentagons).  Reading of "jump" used here: a passed-over cell costs one
%   step exactly like an empty cell, the path may turn at every cell (also at a
%   passed-over one), and the pieces passed over are not affected.  Where the
%   move ENDS is unchanged: an empty cell, or an enemy piece the combat table
%   lets the square attack (never an own piece).  Enemy squares block a square
%   as every piece blocks the other kinds.
% * A piece that starts its move on a gold cell (15 or 61) has its range plus
%   one (a circle 2, a triangle 4, a square 5, a pentagon 6).
% Everything else (board, pieces, combat, the three ways to win and their
% order, the evaluation formula, the texts) is Tactigon's; the no-move loss and
% the evaluation's threats are judged with these moves.
%
% State: a tactigon.pl state, tactigon(ToMove, Board, Status).  Move: move(From, To).
% Position text and move text: Tactigon's, e.g. the start
% "2/C1C3c1c/1ST4ts1/CTPSC1csptc/1ST4ts1/C1C3c1c/2 red" and the move "36-38".

:- module(tactigon_advanced, [
    initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2, explain_illegal/3, refusal//1, limits/3,
    legal_count/2, nth_legal/3
]).

%% requires(?Game)  this file builds on Game's rule file; the host loads that
% file first (from the same directory when there is one, else the built-in copy).
requires(tactigon).

:- use_module(library(lists)).
:- use_module(library(dcgs)).
:- use_module(library(error)).

%% limits(+Board, +Player, -Limits)  lim(From, Range, Over) for each piece of
% Player: Tactigon's range, plus one on a gold cell; a square passes over every piece
% but the enemy squares, the other kinds over none.
limits(B, P, Limits) :-
    tactigon:limits(B, P, Basic),
    tactigon:other(P, Q),
    findall(X, ( tactigon:other(O, _), tactigon_pieces:piece_kind(X, _, O), X \== square(Q) ), Over),
    findall(lim(N, K, O),
            ( member(lim(N, K0, []), Basic),
              tactigon:at(B, N, Piece), tactigon_pieces:piece_kind(Piece, Kind, P),
              (  tactigon:gold(N) -> K is K0 + 1 ; K = K0 ),
              (  Kind == square -> O = Over ; O = [] ) ),
            Limits).

%% initial(+Options, -State)  Tactigon's start; the variant has no options.
initial(Options, State) :-
    must_be(list, Options),
    (  Options = [O|_] -> domain_error(tactigon_advanced_option, O) ; true ),
    tactigon:initial([], State).

%% to_move(+State, -Player)  whose turn it is.
to_move(S, P) :- tactigon:to_move(S, P).

%% legal(+State, -Move)  the moves these limits allow.
legal(S, M) :-
    S = tactigon(P, B, ongoing),
    limits(B, P, L),
    tactigon:legal_with(S, L, M).

%% play(+State, +Move, -Next)  Tactigon's combat and wins after a move these
% limits allow; fails otherwise.
play(S, M, Next) :-
    S = tactigon(P, B, ongoing),
    M = move(From, To), integer(From), integer(To),
    movers(P, Ms),
    K is From + 1, J is To + 1,
    board:reach_move(B, Ms, K-J), !,
    tactigon:resolve(S, M, Next0),
    settle(Next0, Next).

%% settle(+State0, -State)  State0 with the side to move lost when it has no move
% (Tactigon's settle/3 under these moves).
settle(S0, S) :-
    S0 = tactigon(P, B, ongoing),
    movers(P, Ms),
    \+ board:reach_any(B, Ms), !,
    tactigon:other(P, Q),
    S = tactigon(P, B, won(Q)).
settle(S, S).

%% legal_count(+State, -N)  how many moves legal/2 gives: the board library counts
% the same moves (natively in the accelerated tier) from movers/2.
legal_count(tactigon(P, B, ongoing), N) :- !,
    movers(P, Ms),
    board:reach_count(B, Ms, N).
legal_count(_, 0).

%% nth_legal(+State, +I, -Move)  the I-th move (from 0) legal/2 gives.
nth_legal(tactigon(P, B, ongoing), I, move(From, To)) :-
    movers(P, Ms),
    board:nth_reach(B, Ms, I, K-J),
    From is K - 1, To is J - 1.

%% movers(+Player, -Movers)  limits/3 as the board library's movers
% (board:reach_moves/3; its cells are Tactigon's cell numbers plus one): each of
% Tactigon's movers on a gold cell first, a step further, then anywhere else; a
% square passes over the pieces passed/2 names.
movers(P, Ms) :-
    tactigon:movers(P, Basic),
    findall(K, ( tactigon:gold(G), K is G + 1 ), Golds),
    passed(P, Over),
    advanced_movers(Basic, Golds, Over, Ms).

%% advanced_movers(+Basic, +Golds, +Over, -Movers)  each Tactigon mover X-R-Takes as
% two: on a gold cell with range R + 1, and anywhere with R; each passing over Over
% when X is a square, else over nothing.
advanced_movers([], _, _, []).
advanced_movers([X-R-Ts|Bs], Golds, Over, [on(X, Golds)-R1-Ts-Th, X-R-Ts-Th|Ms]) :-
    R1 is R + 1,
    (  tactigon:letter_piece(X, square(_)) -> Th = Over ; Th = [] ),
    advanced_movers(Bs, Golds, Over, Ms).

%% passed(+Player, -Letters)  the letters of the pieces Player's squares pass over:
% every piece but the enemy square.
passed(P, Over) :-
    tactigon:other(P, Q),
    findall(L, ( tactigon:letter_piece(L, X), X \== e, X \== square(Q) ), Over).

outcome(S, O) :- tactigon:outcome(S, O).

%% evaluate(+State, +Player, -Score)  Tactigon's evaluation, threats judged with these limits.
evaluate(S, P, Score) :-
    S = tactigon(_, B, _),
    tactigon:other(P, Q),
    limits(B, P, LP), limits(B, Q, LQ),
    tactigon:evaluate_with(S, P, LP, LQ, Score).

%% explain_illegal(+State, +Move, -Reason)  why a move is refused under these limits.
explain_illegal(S, M, Reason) :-
    S = tactigon(P, B, _),
    limits(B, P, L),
    tactigon:explain_with(S, L, M, Reason).

%% refusal(+Reason)//  Tactigon's words for each reason.
refusal(R) --> tactigon:refusal(R).

%% position(?State)//  Tactigon's position text; reading it, the no-move loss is
% judged with these limits.
position(S) --> { nonvar(S) }, !, tactigon:position(S).
position(S) --> tactigon:read_position(S0, Won), { settle(S0, S), tactigon:won_agrees(Won, S) }.

%% position_error(+State, -Reason)  why no game reaches a state read from a text.
position_error(S, Reason) :- tactigon:board_problem(S, Reason).

%% move(?Move)//  Tactigon's move text.
move(M) --> tactigon:move(M).

%% view(+State, -View)  Tactigon's view.
view(S, V) :- tactigon:view(S, V).
