%% flank — placements that flank: a piece put on an empty cell turns the lines of
% enemy pieces it closes in, in any direction, against a piece of its own.  The queries work on any board of board.pl, in every
% direction its grid has.
%
% A line is flanked from cell K in direction Dir when the cells after K in Dir hold
% one or more pieces Y and then, right after them, a piece X: placing X on K turns
% those Y into X.  A placement is a flanking move when K is empty and it flanks at
% least one line.
%
% Each query has this pure definition, which the spec tier runs; in the accelerated
% tier a board carries the host's copy of itself, and the queries ask the host
% (board_accel.pl), with the same answers in the same order.

:- module(flank, [flank_moves/4, flank_count/4, nth_flank/5, flanked/5]).

:- use_module(library(lists)).
:- use_module(library(between)).

%% requires(?Library)  boards and their grids come from board.pl and grid.pl (whose
% accelerator, board_accel.pl, answers these queries natively too).
requires(board).

%% flank_moves(+Board, +X, +Y, -Ks)  the empty cells, ascending, where a piece X
% flanks at least one line of pieces Y.
flank_moves(board(_, _, _, n(_, H, _, _)), X, Y, Ks) :-
    board_accel:flank_moves(H, X, Y, Ks0), !, Ks = Ks0.
flank_moves(B, X, Y, Ks) :-
    board:board_grid(B, G),
    board:board_cells(B, Cells),
    board:cells_of(B, e, Es),
    findall(K, ( member(K, Es), flanks(G, Cells, K, X, Y) ), Ks).

%% flank_count(+Board, +X, +Y, -N)  how many moves flank_moves/4 gives.
flank_count(board(_, _, _, n(_, H, _, _)), X, Y, N) :-
    board_accel:flank_count(H, X, Y, N0), !, N = N0.
flank_count(B, X, Y, N) :- flank_moves(B, X, Y, Ks), length(Ks, N).

%% nth_flank(+Board, +X, +Y, +I, -K)  the I-th cell (from 0) of flank_moves/4;
% fails when there are I or fewer.
nth_flank(board(_, _, _, n(_, H, _, _)), X, Y, I, K) :-
    board_accel:nth_flank(H, X, Y, I, K0), !, K0 \== none, K = K0.
nth_flank(B, X, Y, I, K) :- integer(I), flank_moves(B, X, Y, Ks), nth0(I, Ks, K).

%% flanked(+Board, +K, +X, +Y, -Ks)  the cells of the pieces Y that a piece X put on
% cell K turns, direction by direction in the grid's order, each line from K
% outwards; empty when it flanks nothing.
flanked(board(_, _, _, n(_, H, _, _)), K, X, Y, Ks) :-
    board_accel:flanked(H, K, X, Y, Ks0), !, Ks = Ks0.
flanked(B, K, X, Y, Ks) :-
    board:board_grid(B, G),
    board:board_cells(B, Cells),
    grid:directions_of(G, D),
    findall(Line, ( between(1, D, Dir), line(G, Cells, K, Dir, X, Y, Line) ), Lines),
    append(Lines, Ks).

%% flanks(+Grid, +Cells, +K, +X, +Y)  a piece X on cell K flanks a line of Y in some
% direction.
flanks(G, Cells, K, X, Y) :-
    grid:directions_of(G, D),
    between(1, D, Dir),
    line(G, Cells, K, Dir, X, Y, [_|_]),
    !.

%% line(+Grid, +Cells, +K, +Dir, +X, +Y, -Line)  the cells of Y that a piece X on K
% flanks in direction Dir: one or more Y right after K, then an X; fails otherwise.
line(G, Cells, K, Dir, X, Y, [J|Js]) :-
    grid:step(G, K, Dir, J),
    arg(J, Cells, Y),
    rest_of_line(G, Cells, J, Dir, X, Y, Js).

%% rest_of_line(+Grid, +Cells, +J, +Dir, +X, +Y, -Js)  after the Y on cell J, more Y
% (Js) and then an X.
rest_of_line(G, Cells, J, Dir, X, Y, Js) :-
    grid:step(G, J, Dir, J1),
    arg(J1, Cells, Z),
    (  Z == X -> Js = []
    ;  Z == Y -> Js = [J1|Js1], rest_of_line(G, Cells, J1, Dir, X, Y, Js1)
    ).
