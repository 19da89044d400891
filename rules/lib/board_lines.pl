%% board_lines — a part of board.pl: the pure definitions (the spec tier's) of the
% queries that walk along a direction: rays, runs past pieces, what a piece sees,
% runs and sight together as one list of moves (counted and picked), and the
% longest line through a cell.
%
% board.pl is the interface: each of these predicates is board:Name there, which
% asks the host's copy of the board in the accelerated tier and comes here when
% there is none (or the host dropped it), with the same answers in the same order.
% What a query means is written there; a query asked here of another query calls
% board.pl's, as a rule file would.

:- module(board_lines, [ray/5, run_moves/5, run_count/5, nth_run/6, run_move/6, sight_of/6,
                        sight_count/6, nth_sight/7, moves_count/3, nth_move/4, pick_move/4,
                        line_at/4]).

:- use_module(library(lists)).
:- use_module(library(between)).

%% ray(+Board, +K, +Dir, -Empties, -Hit)  board:ray/5's pure definition.
ray(B, K, Dir, Es, Hit) :-
    board:board_grid(B, G), board:board_cells(B, Cells),
    board:must_be_step(G, K, Dir, ray/5),
    ray_from(G, Cells, K, Dir, Es, Hit).

%% ray_from(+Grid, +Cells, +K, +Dir, -Empties, -Hit)  the ray from K, K excluded.
ray_from(G, Cells, K, Dir, Es, Hit) :-
    (  grid:step(G, K, Dir, J)
    -> (  arg(J, Cells, e)
       -> Es = [J|Es1], ray_from(G, Cells, J, Dir, Es1, Hit)
       ;  Es = [], Hit = J
       )
    ;  Es = [], Hit = 0
    ).

%% run_moves(+Board, +Pieces, +Dirs, +Past, -Moves)  board:run_moves/5's pure definition.
run_moves(B, Ps, Ds, Past, Ms) :-
    board:board_grid(B, G), board:board_cells(B, Cells),
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
    (  \+ ( member(L, Lists), \+ ( board:proper_list(L), \+ ( member(X, L), \+ atom(X) ) ) ),
       board:proper_list(Ds), \+ ( member(Dir, Ds), \+ ( integer(Dir), Dir >= 1, Dir =< D ) )
    -> true
    ;  throw(error(domain_error(lines(1, D), Lists-Ds), Pred))
    ).

%% run_count(+Board, +Pieces, +Dirs, +Past, -N)  board:run_count/5's pure definition.
run_count(B, Ps, Ds, Past, N) :- board:run_moves(B, Ps, Ds, Past, Ms), length(Ms, N).

%% nth_run(+Board, +Pieces, +Dirs, +Past, +I, -Move)  board:nth_run/6's pure definition.
nth_run(B, Ps, Ds, Past, I, M) :-
    integer(I), board:run_moves(B, Ps, Ds, Past, Ms), nth0(I, Ms, M).

%% run_move(+Board, +Pieces, +Dirs, +Past, +K, +J)  board:run_move/6's pure definition.
run_move(B, Ps, Ds, Past, K, J) :-
    board:board_grid(B, G), board:board_cells(B, Cells),
    must_be_lines(G, [Ps, Past], Ds, run_move/6),
    board:must_be_step(G, K, 1, run_move/6),
    arg(K, Cells, X), memberchk(X, Ps),
    member(D, Ds), run_end(G, Cells, K, D, Past, J0), J0 == J, !.

%% sight_of(+Board, +From, +Dirs, +Through, +Seen, -Ks)  board:sight_of/6's pure definition.
sight_of(B, From, Ds, Through, Seen, Ks) :-
    board:board_grid(B, G), board:board_cells(B, Cells),
    must_be_lines(G, [From, Through, Seen], Ds, sight_of/6),
    functor(Cells, _, N),
    findall(J, ( between(1, N, K), arg(K, Cells, X), memberchk(X, From),
                 member(D, Ds), seen_along(G, Cells, K, D, Through, Seen, J) ), Js),
    sort(Js, Ks).

%% seen_along(+Grid, +Cells, +K, +Dir, +Through, +Seen, -J)  a cell J holding one of
% Seen from K in direction Dir, every cell before it holding one of Through.
seen_along(G, Cells, K, D, Through, Seen, J) :-
    grid:step(G, K, D, J0),
    arg(J0, Cells, Y),
    (  memberchk(Y, Seen), J = J0
    ;  memberchk(Y, Through), seen_along(G, Cells, J0, D, Through, Seen, J)
    ).

%% sight_count(+Board, +From, +Dirs, +Through, +Seen, -N)  board:sight_count/6's pure
% definition.
sight_count(B, From, Ds, Through, Seen, N) :-
    board:sight_of(B, From, Ds, Through, Seen, Ks), length(Ks, N).

%% nth_sight(+Board, +From, +Dirs, +Through, +Seen, +I, -K)  board:nth_sight/7's pure
% definition.
nth_sight(B, From, Ds, Through, Seen, I, K) :-
    integer(I), board:sight_of(B, From, Ds, Through, Seen, Ks), nth0(I, Ks, K).

%% moves_count(+Board, +Kinds, -N)  board:moves_count/3's pure definition.
moves_count(B, Kinds, N) :- kinds_moves(B, Kinds, moves_count/3, Ms), length(Ms, N).

%% nth_move(+Board, +Kinds, +I, -Move)  board:nth_move/4's pure definition.
nth_move(B, Kinds, I, M) :-
    kinds_moves(B, Kinds, nth_move/4, Ms), integer(I), nth0(I, Ms, M).

%% pick_move(+Board, +Kinds, +R, -Move)  board:pick_move/4's pure definition.
pick_move(B, Kinds, R, M) :-
    kinds_moves(B, Kinds, pick_move/4, Ms),
    (  integer(R) -> true ; throw(error(type_error(integer, R), pick_move/4)) ),
    length(Ms, N), N > 0,
    K is R mod N, nth0(K, Ms, M).

%% kinds_moves(+Board, +Kinds, +PI, -Moves)  the moves of each of Kinds, in order; an
% error (of PI) for Kinds that is no list, or a kind that is none of runs/3, runs/1,
% runs/2 and sight/4.
kinds_moves(B, Kinds, PI, Ms) :-
    (  board:proper_list(Kinds) -> true ; throw(error(type_error(list, Kinds), PI)) ),
    foldl(kind_moves(B, PI), Kinds, Ms, []).

%% kind_moves(+Board, +PI, +Kind, -Moves, ?Tail)  the moves of one kind, then Tail.
kind_moves(_, PI, Kind, _, _) :- var(Kind), !, throw(error(instantiation_error, PI)).
kind_moves(B, _, runs(Ps, Ds, Past), Ms, Tail) :- !,
    board:run_moves(B, Ps, Ds, Past, Rs), tagged(Rs, run, Ms, Tail).
kind_moves(B, PI, runs(Runs), Ms, Tail) :- !,
    piece_runs(B, Runs, PI, Rs), tagged(Rs, run, Ms, Tail).
kind_moves(B, PI, runs(Runs, Again), Ms, Tail) :- !,
    piece_runs(B, Runs, PI, Rs),
    board:board_grid(B, G), board:board_cells(B, Cells),
    again_parts(G, PI, Again, A),
    runs_again(Rs, G, Cells, A, Ms, Tail).
kind_moves(B, _, sight(F, Ds, T, S), Ms, Tail) :- !,
    board:sight_of(B, F, Ds, T, S, Ks), tagged(Ks, sight, Ms, Tail).
kind_moves(_, PI, Kind, _, _) :- throw(error(domain_error(move_kind, Kind), PI)).

%% piece_runs(+Board, +Runs, +PI, -Moves)  the moves of the kind runs(Runs): K-J for
% each cell K, ascending, each of Runs that moves what K holds, in turn, and each of
% its directions in turn, J the first cell that way holding none of the run's Past,
% when J holds one of its Onto: a run is run(Pieces, Dirs, Past), onto any such cell,
% or run(Pieces, Dirs, Past, Onto) (a capture, say).  Pieces of one side whose
% directions differ (men and kings), listed as one move generator lists them; an
% error (of PI) for Runs that is no list of runs.
piece_runs(B, Runs, PI, Ms) :-
    board:board_grid(B, G), board:board_cells(B, Cells),
    (  board:proper_list(Runs) -> true ; throw(error(type_error(list, Runs), PI)) ),
    maplist(run_parts(G, PI), Runs, Parts),
    functor(Cells, _, N),
    findall(K-J, ( between(1, N, K), arg(K, Cells, X), cell_run(G, Cells, Parts, K, X, J) ), Ms).

%% cell_run(+Grid, +Cells, +Parts, +K, +X, -J)  each end J, in order, of the runs of
% Parts (run_parts/4's) that move the piece X standing on cell K: each run in turn,
% each of its directions in turn, when J holds one of the run's Onto.
cell_run(G, Cells, Parts, K, X, J) :-
    member(r(Ps, Ds, Past, Onto), Parts), memberchk(X, Ps),
    member(D, Ds), run_end(G, Cells, K, D, Past, J),
    ( Onto == any -> true ; arg(J, Cells, Y), memberchk(Y, Onto) ).

%% again_parts(+Grid, +PI, +Again, -Parts)  the kind runs(Runs, Again)'s second part,
% again(Pieces, Runs, Stop) with Stop stop(Takes, Cells), as a(Pieces, Parts, Takes,
% Cells), Parts its runs' run_parts/4; an error (of PI) for another term.
again_parts(G, PI, Again, a(Ps, Parts, Takes, Ks)) :-
    (  nonvar(Again), Again = again(Ps, Runs, Stop), nonvar(Stop), Stop = stop(Takes, Ks),
       board:proper_list(Runs), board:proper_list(Ks), \+ ( member(K, Ks), \+ integer(K) )
    -> true
    ;  throw(error(domain_error(again, Again), PI))
    ),
    must_be_lines(G, [Ps, Takes], [], PI),
    maplist(run_parts(G, PI), Runs, Parts).

%% runs_again(+Runs, +Grid, +Cells, +Again, -Moves, ?Tail)  for each run K-J of Runs,
% run(K-J), then, when the piece X it moved is one of Again's pieces and the run took
% none of its Takes and stopped on none of its cells, again(K-J-L) for each end L of
% Again's runs that move X from J on the cells the run left (K empty, X on J); then Tail.
runs_again([], _, _, _, Tail, Tail).
runs_again([K-J|Rs], G, Cells, A, [run(K-J)|Ms], Tail) :-
    A = a(Ps, Parts, Takes, Ks),
    arg(K, Cells, X), arg(J, Cells, Y),
    (  memberchk(X, Ps), \+ memberchk(Y, Takes), \+ memberchk(J, Ks)
    -> Cells =.. [F|Xs0],
       cells_after(Xs0, 1, K, J, X, Xs1),
       Cells1 =.. [F|Xs1],
       findall(again(K-J-L), cell_run(G, Cells1, Parts, J, X, L), Ms, Ms1)
    ;  Ms1 = Ms
    ),
    runs_again(Rs, G, Cells, A, Ms1, Tail).

%% cells_after(+Xs0, +I, +K, +J, +X, -Xs)  the cells from cell I on after X ran from K
% to J: K empty, J holding X, the others as in Xs0.
cells_after([], _, _, _, _, []).
cells_after([X0|Xs0], I, K, J, X, [X1|Xs]) :-
    (  I =:= K -> X1 = e ; I =:= J -> X1 = X ; X1 = X0 ),
    I1 is I + 1,
    cells_after(Xs0, I1, K, J, X, Xs).

%% run_parts(+Grid, +PI, +Run, -Parts)  a run as r(Pieces, Dirs, Past, Onto), Onto any
% for a run of three lists; an error (of PI) for another term, or lists of Grid's
% names and directions that are not.
run_parts(_, PI, Run, _) :- var(Run), !, throw(error(instantiation_error, PI)).
run_parts(G, PI, run(Ps, Ds, Past), r(Ps, Ds, Past, any)) :- !,
    must_be_lines(G, [Ps, Past], Ds, PI).
run_parts(G, PI, run(Ps, Ds, Past, Onto), r(Ps, Ds, Past, Onto)) :- !,
    must_be_lines(G, [Ps, Past, Onto], Ds, PI).
run_parts(_, PI, Run, _) :- throw(error(domain_error(run, Run), PI)).

%% tagged(+Xs, +Tag, -Moves, ?Tail)  Tag(X) for each X of Xs, then Tail.
tagged([], _, Tail, Tail).
tagged([X|Xs], Tag, [M|Ms], Tail) :- M =.. [Tag, X], tagged(Xs, Tag, Ms, Tail).

%% line_at(+Board, +K, +Dirs, -N)  board:line_at/4's pure definition.
line_at(B, K, Dirs, N) :-
    board:board_grid(B, G), board:board_cells(B, Cells),
    board:must_be_step(G, K, 1, line_at/4),
    must_be_lines(G, [], Dirs, line_at/4),
    grid:directions_of(G, D),
    (  D mod 2 =:= 0 -> true ; throw(error(domain_error(even_directions, D), line_at/4)) ),
    arg(K, Cells, X),
    longest_line(Dirs, G, Cells, K, X, D, 1, N).

%% longest_line(+Dirs, +Grid, +Cells, +K, +X, +D, +N0, -N)  the longest of N0 and the
% lines through K of cells holding X along each of Dirs, both ways (D directions).
longest_line([], _, _, _, _, _, N, N).
longest_line([Dir|Dirs], G, Cells, K, X, D, N0, N) :-
    Back is (Dir - 1 + D // 2) mod D + 1,
    like_run(G, Cells, K, Dir, X, A), like_run(G, Cells, K, Back, X, Z),
    N1 is max(N0, A + Z + 1),
    longest_line(Dirs, G, Cells, K, X, D, N1, N).

%% like_run(+Grid, +Cells, +K, +Dir, +X, -N)  how many cells after K in direction Dir
% hold X, before one that does not or the edge.
like_run(G, Cells, K, Dir, X, N) :-
    (  grid:step(G, K, Dir, J), arg(J, Cells, Y), Y == X
    -> like_run(G, Cells, J, Dir, X, N0), N is N0 + 1
    ;  N = 0
    ).
