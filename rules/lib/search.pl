%% search — a pure-Prolog negamax alpha-beta that works on any rule file.
%
% It needs only the protocol: legal/2, play/3, outcome/2, to_move/2 and
% evaluate/3.  This is how a game that exists only as a rule file gets a
% computer opponent.  Scores are from the mover's point of view; a win in N
% plies scores 1000000 - N.

:- module(search, [alphabeta/6, win_score/1]).

:- use_module(library(lists)).

%% win_score(-W)  the score of a win found at the root.
win_score(1000000).

%% alphabeta(+Game, +State, +Depth, -Move, -Score, -Nodes)
% Move is a best move of State searched Depth plies deep; fails when there is none.
alphabeta(G, S, D, Move, Score, Nodes) :-
    \+ dispatch:outcome(G, S, _),
    protocol:legal_moves(G, S, Ms),
    Ms = [First|_],
    D1 is D - 1,
    win_score(W), Lo is -W - 1, Hi is W + 1,
    dispatch:to_move(G, S, P),
    best_move(Ms, G, S, P, D1, Lo, Hi, 1, Lo, First, Score, Move, 1, Nodes).

%% best_move(+Moves, +G, +S, +P, +Depth, +Alpha, +Beta, +Ply, +Best0, +Move0, -Best, -Move, +N0, -N)
% the best of Moves for P, the side to move in S, with alpha-beta cut-offs.
best_move([], _, _, _, _, _, _, _, Best, Move, Best, Move, N, N).
best_move([M|Ms], G, S, P, D, Alpha, Beta, Ply, Best0, Move0, Best, Move, N0, N) :-
    child_value(G, S, P, M, D, Alpha, Beta, Ply, V, N0, N1),
    (  V > Best0 -> Best1 = V, Move1 = M ; Best1 = Best0, Move1 = Move0 ),
    Alpha1 is max(Alpha, V),
    (  Alpha1 >= Beta
    -> Best = Best1, Move = Move1, N = N1
    ;  best_move(Ms, G, S, P, D, Alpha1, Beta, Ply, Best1, Move1, Best, Move, N1, N)
    ).

%% child_value(+G, +S, +P, +Move, +Depth, +Alpha, +Beta, +Ply, -Score, +N0, -N)
% the value for P of the position after Move: the negamax value of its side to
% move, negated when that side is not P (a game may give P the next move too, as
% a GDL sheet whose other roles have only noop does).  It is computed inside
% findall/3 so that its heap is reclaimed at once (scryer frees heap only on
% backtracking): a search of any size runs in memory bounded by its depth.
child_value(G, S, P, M, D, Alpha, Beta, Ply, V, N0, N) :-
    findall(V1-N1, ( dispatch:play(G, S, M, S1),
                     (  dispatch:to_move(G, S1, P)
                     -> negamax(G, S1, D, Alpha, Beta, Ply, V1, N0, N1)
                     ;  NA is -Beta, NB is -Alpha,
                        negamax(G, S1, D, NA, NB, Ply, V0, N0, N1),
                        V1 is -V0
                     ) ), [V-N]).

%% negamax(+G, +S, +Depth, +Alpha, +Beta, +Ply, -Score, +N0, -N)
% the value of S for its side to move; Ply is the distance from the root.
negamax(G, S, D, Alpha, Beta, Ply, Score, N0, N) :-
    N1 is N0 + 1,
    dispatch:to_move(G, S, P),
    (  dispatch:outcome(G, S, O)
    -> terminal_score(O, P, Ply, Score), N = N1
    ;  D =:= 0
    -> dispatch:evaluate(G, S, P, Score), N = N1
    ;  protocol:legal_moves(G, S, Ms),
       (  Ms == []
       -> Score = 0, N = N1
       ;  D1 is D - 1, Ply1 is Ply + 1,
          Lo is Alpha - 1, Ms = [First|_],
          best_move(Ms, G, S, P, D1, Alpha, Beta, Ply1, Lo, First, Score, _, N1, N)
       )
    ).

%% terminal_score(+Outcome, +ToMove, +Ply, -Score)  the score of a finished game: a
% win or a loss proven (sooner is better), a draw 0, and scores what the side to
% move has over the best of the others, times 100 (never a proven win: a score of
% 100 to 0 is a win only when the game says win(P)).
terminal_score(win(W), P, Ply, Score) :-
    win_score(Win),
    (  W == P -> Score is Win - Ply ; Score is Ply - Win ).
terminal_score(draw, _, _, 0).
terminal_score(scores(Ps), P, _, Score) :-
    (  memberchk(P-V, Ps) -> true ; V = 0 ),
    findall(W, ( member(Q-W, Ps), Q \== P ), Ws),
    foldl(higher, Ws, 0, Best),
    Score is (V - Best) * 100.

%% higher(+X, +Y0, -Y)  Y is the higher of X and Y0.
higher(X, Y0, Y) :- Y is max(X, Y0).
