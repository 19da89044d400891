%% board_lines — part of the module board (rules/lib/board.pl, whose head describes
% the board term and the two tiers): runs along lines to their end, the pieces in
% sight along lines, the moves of several kinds counted and picked together, the
% longest line through a cell, and groups with the marks they touch.  The host loads
% this file after board_reach.pl, into the same module, as include/1 would.

%% run_moves(+Board, +Pieces, +Dirs, +Past, -Moves)  K-J for each cell K, ascending,
% holding one of Pieces, and each direction Dir of Dirs in turn, J the first cell
% from K that way holding none of Past (no move when the board ends first): a
% piece that steps, or runs past pieces of Past (steps, and jumps over a run).
run_moves(board(_, _, _, n(_, H, _, _)), Ps, Ds, Past, Ms) :-
    board_accel:run_moves(H, Ps, Ds, Past, Ms0), !, Ms = Ms0.
run_moves(B, Ps, Ds, Past, Ms) :-
    board_grid(B, G), board_cells(B, Cells),
    must_be_lines(G, [Ps, Past], Ds, run_moves/5),
    functor(Cells, _, N),
    findall(K-J, ( between(1, N, K), arg(K, Cells, X), memberchk(X, Ps),
                   member(D, Ds), run_end(G, Cells, K, D, Past, J) ), Ms).

%% run_end(+Grid, +Cells, +K, +Dir, +Past, -J)  the first cell from K in direction Dir
% that holds none of Past; fails when the board ends first.
run_end(G, Cells, K, D, Past, J) :-
    grid:step(G, K, D, J0),
    arg(J0, Cells, Y),
    (  memberchk(Y, Past) -> run_end(G, Cells, J0, D, Past, J) ; J = J0 ).

%% must_be_lines(+Grid, +NameLists, +Dirs, +Pred)  each of NameLists is a list of
% atoms and Dirs a list of directions of Grid; else a clear error naming Pred.
must_be_lines(G, Lists, Ds, Pred) :-
    grid:directions_of(G, D),
    (  \+ ( member(L, Lists), \+ ( proper_list(L), \+ ( member(X, L), \+ atom(X) ) ) ),
       proper_list(Ds), \+ ( member(Dir, Ds), \+ ( integer(Dir), Dir >= 1, Dir =< D ) )
    -> true
    ;  throw(error(domain_error(lines(1, D), Lists-Ds), Pred))
    ).

%% run_count(+Board, +Pieces, +Dirs, +Past, -N)  how many moves run_moves/5 gives.
run_count(board(_, _, _, n(_, H, _, _)), Ps, Ds, Past, N) :-
    board_accel:run_count(H, Ps, Ds, Past, N0), !, N = N0.
run_count(B, Ps, Ds, Past, N) :- run_moves(B, Ps, Ds, Past, Ms), length(Ms, N).

%% nth_run(+Board, +Pieces, +Dirs, +Past, +I, -Move)  the I-th move K-J (from 0) of
% run_moves/5; fails when there are I or fewer.
nth_run(board(_, _, _, n(_, H, _, _)), Ps, Ds, Past, I, M) :-
    board_accel:nth_run(H, Ps, Ds, Past, I, M0), !, M0 \== none, M = M0.
nth_run(B, Ps, Ds, Past, I, M) :-
    integer(I), run_moves(B, Ps, Ds, Past, Ms), nth0(I, Ms, M).

%% run_move(+Board, +Pieces, +Dirs, +Past, +K, +J)  K-J is one of run_moves/5's moves:
% cell K holds one of Pieces, and J ends its run along one of Dirs (a given move
% checked without listing them all).
run_move(board(_, _, _, n(_, H, _, _)), Ps, Ds, Past, K, J) :-
    board_accel:run_move(H, Ps, Ds, Past, K, J, V), !, V =:= 1.
run_move(B, Ps, Ds, Past, K, J) :-
    board_grid(B, G), board_cells(B, Cells),
    must_be_lines(G, [Ps, Past], Ds, run_move/6),
    must_be_step(G, K, 1, run_move/6),
    arg(K, Cells, X), memberchk(X, Ps),
    member(D, Ds), run_end(G, Cells, K, D, Past, J0), J0 == J, !.

%% sight_of(+Board, +From, +Dirs, +Through, +Seen, -Ks)  the cells holding one of Seen
% that a cell holding one of From sees along a direction of Dirs: every cell
% strictly between holds one of Through.  Ascending, each once.
sight_of(board(_, _, _, n(_, H, _, _)), From, Ds, Through, Seen, Ks) :-
    board_accel:sight_of(H, From, Ds, Through, Seen, Ks0), !, Ks = Ks0.
sight_of(B, From, Ds, Through, Seen, Ks) :-
    board_grid(B, G), board_cells(B, Cells),
    must_be_lines(G, [From, Through, Seen], Ds, sight_of/6),
    functor(Cells, _, N),
    findall(J, ( between(1, N, K), arg(K, Cells, X), memberchk(X, From),
                 member(D, Ds), seen_along(G, Cells, K, D, Through, Seen, J) ), Js),
    sort(Js, Ks).

%% sight_count(+Board, +From, +Dirs, +Through, +Seen, -N)  how many cells sight_of/6 gives.
sight_count(board(_, _, _, n(_, H, _, _)), From, Ds, Through, Seen, N) :-
    board_accel:sight_count(H, From, Ds, Through, Seen, N0), !, N = N0.
sight_count(B, From, Ds, Through, Seen, N) :-
    sight_of(B, From, Ds, Through, Seen, Ks), length(Ks, N).

%% nth_sight(+Board, +From, +Dirs, +Through, +Seen, +I, -K)  the I-th cell (from 0)
% sight_of/6 gives; fails when there are I or fewer.
nth_sight(board(_, _, _, n(_, H, _, _)), From, Ds, Through, Seen, I, K) :-
    board_accel:nth_sight(H, From, Ds, Through, Seen, I, K0), !, K0 \== none, K = K0.
nth_sight(B, From, Ds, Through, Seen, I, K) :-
    integer(I), sight_of(B, From, Ds, Through, Seen, Ks), nth0(I, Ks, K).

%% moves_count(+Board, +Kinds, -N)  how many moves the Kinds give together: a move
% generator of several kinds, counted (and picked by nth_move/4) in one query.  Each
% of Kinds is runs(Pieces, Dirs, Past), whose moves are run_moves/5's, each as
% run(K-J), or sight(From, Dirs, Through, Seen), whose moves are sight_of/6's cells,
% each as sight(K); the moves come kind by kind, in the order of Kinds.
moves_count(board(_, _, _, n(_, H, _, _)), Kinds, N) :-
    board_accel:kinds_count(H, Kinds, N0), !, N = N0.
moves_count(B, Kinds, N) :- kinds_moves(B, Kinds, moves_count/3, Ms), length(Ms, N).

%% nth_move(+Board, +Kinds, +I, -Move)  the I-th move (from 0) the Kinds give together
% (see moves_count/3); fails when there are I or fewer.
nth_move(board(_, _, _, n(_, H, _, _)), Kinds, I, M) :-
    board_accel:nth_kind(H, Kinds, I, M0), !, M0 \== none, M = M0.
nth_move(B, Kinds, I, M) :-
    kinds_moves(B, Kinds, nth_move/4, Ms), integer(I), nth0(I, Ms, M).

%% pick_move(+Board, +Kinds, +R, -Move)  the (R mod N)-th of the N moves the Kinds give
% together (see moves_count/3), for a random number R: a random pick in one query;
% fails when there is no move.
pick_move(board(_, _, _, n(_, H, _, _)), Kinds, R, M) :-
    board_accel:pick_kind(H, Kinds, R, M0), !, M0 \== none, M = M0.
pick_move(B, Kinds, R, M) :-
    kinds_moves(B, Kinds, pick_move/4, Ms),
    (  integer(R) -> true ; throw(error(type_error(integer, R), pick_move/4)) ),
    length(Ms, N), N > 0,
    K is R mod N, nth0(K, Ms, M).

%% kinds_moves(+Board, +Kinds, +PI, -Moves)  the moves of each of Kinds, in order; an
% error (of PI) for Kinds that is no list, or a kind that is none of the above.
kinds_moves(B, Kinds, PI, Ms) :-
    (  proper_list(Kinds) -> true ; throw(error(type_error(list, Kinds), PI)) ),
    foldl(kind_moves(B, PI), Kinds, Ms, []).

%% kind_moves(+Board, +PI, +Kind, -Moves, ?Tail)  the moves of one kind, then Tail.
kind_moves(_, PI, Kind, _, _) :- var(Kind), !, throw(error(instantiation_error, PI)).
kind_moves(B, _, runs(Ps, Ds, Past), Ms, Tail) :- !,
    run_moves(B, Ps, Ds, Past, Rs), tagged(Rs, run, Ms, Tail).
kind_moves(B, _, sight(F, Ds, T, S), Ms, Tail) :- !,
    sight_of(B, F, Ds, T, S, Ks), tagged(Ks, sight, Ms, Tail).
kind_moves(_, PI, Kind, _, _) :- throw(error(domain_error(move_kind, Kind), PI)).

%% tagged(+Xs, +Tag, -Moves, ?Tail)  Tag(X) for each X of Xs, then Tail.
tagged([], _, Tail, Tail).
tagged([X|Xs], Tag, [M|Ms], Tail) :- M =.. [Tag, X], tagged(Xs, Tag, Ms, Tail).

%% seen_along(+Grid, +Cells, +K, +Dir, +Through, +Seen, -J)  a cell J holding one of
% Seen from K in direction Dir, every cell before it holding one of Through.
seen_along(G, Cells, K, D, Through, Seen, J) :-
    grid:step(G, K, D, J0),
    arg(J0, Cells, Y),
    (  memberchk(Y, Seen), J = J0
    ;  memberchk(Y, Through), seen_along(G, Cells, J0, D, Through, Seen, J)
    ).

%% line_at(+Board, +K, +Dirs, -N)  the longest line through cell K of cells holding
% what K holds, over the directions Dirs, each taken both ways: Dir and its opposite,
% half a turn later among the grid's directions (square8: 1 east and 5 west, 2 and
% 6, ...).  N >= 1 (K alone): a K-in-a-row win is line_at(B, K, [1, 2, 3, 4], N),
% N >= K on a square8 board.
line_at(board(_, _, _, n(_, H, _, _)), K, Dirs, N) :-
    board_accel:line_at(H, K, Dirs, N0), !, N = N0.
line_at(B, K, Dirs, N) :-
    board_grid(B, G), board_cells(B, Cells),
    must_be_step(G, K, 1, line_at/4),
    must_be_lines(G, [], Dirs, line_at/4),
    grid:directions_of(G, D),
    (  D mod 2 =:= 0 -> true ; throw(error(domain_error(even_directions, D), line_at/4)) ),
    arg(K, Cells, X),
    findall(L, ( member(Dir, Dirs), Back is (Dir - 1 + D // 2) mod D + 1,
                 like_run(G, Cells, K, Dir, X, A), like_run(G, Cells, K, Back, X, Z),
                 L is A + Z + 1 ), Ls),
    foldl(longer, Ls, 1, N).

%% like_run(+Grid, +Cells, +K, +Dir, +X, -N)  how many cells after K in direction Dir
% hold X, before one that does not or the edge.
like_run(G, Cells, K, Dir, X, N) :-
    (  grid:step(G, K, Dir, J), arg(J, Cells, Y), Y == X
    -> like_run(G, Cells, J, Dir, X, N0), N is N0 + 1
    ;  N = 0
    ).

%% longer(+L, +N0, -N)  the larger of L and N0.
longer(L, N0, N) :- N is max(L, N0).

%% group(+Board, +K, -Ks)  the cells joined to cell K through cells holding what
% K holds (K among them), ascending.
group(board(_, _, _, n(_, H, _, _)), K, Ks) :- board_accel:group(H, K, Ks0), !, Ks = Ks0.
group(B, K, Ks) :-
    board_grid(B, G), board_cells(B, Cells),
    must_be_step(G, K, 1, group/3),
    arg(K, Cells, X),
    flood([K], G, Cells, X, [K], Seen),
    sort(Seen, Ks).

%% flood(+Stack, +Grid, +Cells, +X, +Seen0, -Seen)  Seen0 and the cells holding X
% joined to those of Stack.
flood([], _, _, _, Seen, Seen).
flood([K|Ks], G, Cells, X, Seen0, Seen) :-
    findall(J, ( grid:neighbour(G, K, J), arg(J, Cells, Y), Y == X,
                 \+ memberchk(J, Seen0) ), Js),
    append(Js, Seen0, Seen1),
    append(Js, Ks, Stack),
    flood(Stack, G, Cells, X, Seen1, Seen).

%% group_marks(+Board, +K, -Mask)  the marks of the cells of K's group, or-ed.
group_marks(board(_, _, _, n(_, H, _, _)), K, M) :- board_accel:group_marks(H, K, M0), !, M = M0.
group_marks(B, K, M) :-
    group(B, K, Ks),
    board_marks(B, Marks),
    foldl(or_mark(Marks), Ks, 0, M).

%% or_mark(+Marks, +K, +M0, -M)  M0 with the marks of cell K.
or_mark(none, _, M, M).
or_mark(Marks, K, M0, M) :- Marks \== none, arg(K, Marks, X), M is M0 \/ X.
