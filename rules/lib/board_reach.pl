%% board_reach — part of the module board (rules/lib/board.pl, whose head describes
% the board term and the two tiers): the moves of pieces that step to a neighbour,
% slide along a ray, reach cells up to a range through empty cells (or over pieces
% they pass), and jump.  The host loads this file after board.pl, into the same
% module, as include/1 would.

%% steps_of(+Board, +X, +Steps, -Moves)  K-J for each cell K holding X, ascending,
% and each Dir-Targets of Steps in turn (Dir a direction of the grid, Targets a
% list of atoms), where the neighbour J of K in direction Dir holds one of
% Targets: the one-step moves of a game's pieces (a pawn's steps forward, say).
steps_of(board(_, _, _, n(_, H, _, _)), X, Steps, Ms) :-
    board_accel:steps_of(H, X, Steps, Ms0), !, Ms = Ms0.
steps_of(B, X, Steps, Ms) :-
    board_grid(B, G),
    must_be_steps(Steps, G),
    board_cells(B, Cells),
    functor(Cells, _, N),
    step_tables(Steps, G, Tables),
    steps_from(N, Cells, X, Tables, [], Ms).

%% step_tables(+Steps, +Grid, -Tables)  for each Dir-Targets of Steps, the grid's
% table of the neighbours in direction Dir (see grid:step/4) with Targets.
step_tables([], _, []).
step_tables([Dir-Ts|Steps], G, [Table-Ts|Tables]) :-
    grid:step_table(G, Dir, Table),
    step_tables(Steps, G, Tables).

%% steps_from(+K, +Cells, +X, +Tables, +Ms0, -Ms)  steps_of/4's moves from the
% cells 1..K, then Ms0: the cells walked from the last, each move list built in
% place (a findall/3 over the cells costs twice as much in the spec tier).
steps_from(0, _, _, _, Ms, Ms) :- !.
steps_from(K, Cells, X, Tables, Ms0, Ms) :-
    arg(K, Cells, Y),
    (  Y == X -> cell_steps(Tables, K, Cells, Ms1, Ms0) ; Ms1 = Ms0 ),
    K1 is K - 1,
    steps_from(K1, Cells, X, Tables, Ms1, Ms).

%% cell_steps(+Tables, +K, +Cells, -Ms, ?Tail)  the moves K-J from cell K, one for
% each Table-Targets in order whose neighbour J of K holds one of Targets, then Tail.
cell_steps([], _, _, Ms, Ms).
cell_steps([Table-Ts|Tables], K, Cells, Ms, Tail) :-
    arg(K, Table, J),
    (  J > 0, arg(J, Cells, T), memberchk(T, Ts)
    -> Ms = [K-J|Ms1]
    ;  Ms = Ms1
    ),
    cell_steps(Tables, K, Cells, Ms1, Tail).

%% must_be_steps(+Steps, +Grid)  Steps is a list of Dir-Targets, each Dir a
% direction of Grid and Targets a list of atoms; else a clear error.
must_be_steps(Steps, G) :-
    grid:directions_of(G, D),
    (  proper_list(Steps),
       \+ ( member(S, Steps),
             \+ ( nonvar(S), S = Dir-Ts, integer(Dir), Dir >= 1, Dir =< D,
                   proper_list(Ts), \+ ( member(T, Ts), \+ atom(T) ) ) )
    -> true
    ;  throw(error(domain_error(steps(1, D), Steps), steps_of/4))
    ).

%% step_count(+Board, +X, +Steps, -N)  how many moves steps_of/4 gives.
step_count(board(_, _, _, n(_, H, _, _)), X, Steps, N) :-
    board_accel:step_count(H, X, Steps, N0), !, N = N0.
step_count(B, X, Steps, N) :- steps_of(B, X, Steps, Ms), length(Ms, N).

%% nth_step(+Board, +X, +Steps, +I, -Move)  the I-th move K-J (from 0) of
% steps_of/4; fails when there are I or fewer.
nth_step(board(_, _, _, n(_, H, _, _)), X, Steps, I, M) :-
    board_accel:nth_step(H, X, Steps, I, M0), !, M0 \== none, M = M0.
nth_step(B, X, Steps, I, M) :- integer(I), steps_of(B, X, Steps, Ms), nth0(I, Ms, M).

%% ray(+Board, +K, +Dir, -Empties, -Hit)  from cell K in direction Dir: the empty
% cells passed, in order, and the first cell that holds something (0 when the
% ray leaves the board first).
ray(board(_, _, _, n(_, H, _, _)), K, Dir, Es, Hit) :- board_accel:ray(H, K, Dir, Es0, Hit0), !,
    Es = Es0, Hit = Hit0.
ray(B, K, Dir, Es, Hit) :-
    board_grid(B, G), board_cells(B, Cells),
    must_be_step(G, K, Dir, ray/5),
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

%% reach(+Board, +K, +Max, -Reached)  K1-D for each empty cell K1 reached from cell
% K in at most Max steps through empty cells, D its distance, in breadth-first
% order (neighbours in direction order); K itself is not among them.
reach(board(_, _, _, n(_, H, _, _)), K, Max, Ps) :- board_accel:reach(H, K, Max, Ps0), !, Ps = Ps0.
reach(B, K, Max, Ps) :-
    board_grid(B, G), board_cells(B, Cells),
    must_be_step(G, K, 1, reach/4),
    (  integer(Max), Max >= 0 -> true ; throw(error(type_error(nonneg, Max), reach/4)) ),
    reach_levels([K], [K], 0, Max, G, Cells, Ps).

%% reach_levels(+Frontier, +Seen, +D, +Max, +Grid, +Cells, -Reached)  the cells
% reached beyond distance D from the cells of Frontier.
reach_levels(Frontier, Seen, D, Max, G, Cells, Ps) :-
    (  ( Frontier == [] ; D >= Max )
    -> Ps = []
    ;  D1 is D + 1,
       next_level(Frontier, G, Cells, Seen, Seen1, Next),
       level_pairs(Next, D1, Ps, Ps1),
       reach_levels(Next, Seen1, D1, Max, G, Cells, Ps1)
    ).

%% next_level(+Frontier, +Grid, +Cells, +Seen, -Seen1, -Next)  the empty cells next
% to Frontier and not in Seen, in the order they are found.
next_level([], _, _, Seen, Seen, []).
next_level([K|Ks], G, Cells, Seen0, Seen, Next) :-
    findall(J, grid:neighbour(G, K, J), Js),
    new_empties(Js, Cells, Seen0, Seen1, Next, Next1),
    next_level(Ks, G, Cells, Seen1, Seen, Next1).

%% new_empties(+Js, +Cells, +Seen0, -Seen, -Next, ?Tail)  the cells of Js that are
% empty and unseen, in order, then Tail.
new_empties([], _, Seen, Seen, Next, Next).
new_empties([J|Js], Cells, Seen0, Seen, Next, Tail) :-
    (  arg(J, Cells, e), \+ memberchk(J, Seen0)
    -> Next = [J|Next1], new_empties(Js, Cells, [J|Seen0], Seen, Next1, Tail)
    ;  new_empties(Js, Cells, Seen0, Seen, Next, Tail)
    ).

%% level_pairs(+Ks, +D, -Pairs, ?Tail)  K-D for each K of Ks, then Tail.
level_pairs([], _, Ps, Ps).
level_pairs([K|Ks], D, [K-D|Ps], T) :- level_pairs(Ks, D, Ps, T).

%% reach_met(+Board, +K, +Max, -Empties, -Met)  the empty cells reached from cell K
% in at most Max steps through empty cells, and the occupied cells met on the way:
% those next to K or to an empty cell reached in fewer than Max steps; each list
% ascending (a piece that moves up to Max steps and may take a piece it meets).
reach_met(board(_, _, _, n(_, H, _, _)), K, Max, Es, Met) :-
    board_accel:reach_met(H, K, Max, Es0, Met0), !,
    Es = Es0, Met = Met0.
reach_met(B, K, Max, Es, Met) :- met_walk(B, K, Max, [], reach_met/5, Es, Met).

%% reach_met(+Board, +K, +Max, +Through, -Empties, -Met)  reach_met/5 for a piece
% that also passes over the cells holding one of Through (a list of atoms): such a
% cell costs a step like an empty one and is walked on from, and is met (it is in
% Met, not in Empties); a piece that jumps over some kinds of piece.
reach_met(B, K, Max, Through, Es, Met) :-
    Through == [], !,
    reach_met(B, K, Max, Es, Met).
reach_met(board(_, _, _, n(_, H, _, _)), K, Max, Through, Es, Met) :-
    board_accel:reach_met(H, K, Max, Through, Es0, Met0), !,
    Es = Es0, Met = Met0.
reach_met(B, K, Max, Through, Es, Met) :- met_walk(B, K, Max, Through, reach_met/6, Es, Met).

%% met_walk(+Board, +K, +Max, +Through, +Pred, -Empties, -Met)  reach_met/6's pure
% definition; errors name Pred.
met_walk(B, K, Max, Through, Pred, Es, Met) :-
    board_grid(B, G), board_cells(B, Cells),
    must_be_step(G, K, 1, Pred),
    (  integer(Max), Max >= 0 -> true ; throw(error(type_error(nonneg, Max), Pred)) ),
    must_be_names(Through, Pred),
    grid:directions_of(G, D),
    findall(T, ( between(1, D, Dir), grid:step_table(G, Dir, T) ), Tables),
    functor(Cells, _, N), functor(Seen, seen, N),
    arg(K, Seen, met),
    met_levels([K], Max, Tables, Cells, Through, Seen, Es0, [], Met0),
    sort(Es0, Es), sort(Met0, Met).

%% must_be_names(+Names, +Pred)  Names is a proper list of atoms; else a clear
% error naming Pred.
must_be_names(Names, Pred) :-
    (  nonvar(Names), names_list(Names) -> true
    ;  throw(error(type_error(list_of_atoms, Names), Pred))
    ).

%% names_list(+Names)  a proper list of atoms.
names_list([]).
names_list([X|Xs]) :- atom(X), nonvar(Xs), names_list(Xs).

%% met_levels(+Frontier, +Left, +Tables, +Cells, +Through, +Seen, -Empties, +Met0, -Met)
% the empty cells reached and the occupied cells met in at most Left more steps
% from the cells of Frontier.  Tables are the grid's step tables
% (grid:step_table/3); Seen has an argument per cell, bound to met once the walk
% meets the cell (a set that costs one arg/3 to ask, where a list costs a walk).
met_levels(Frontier, Left, Ts, Cells, Through, Seen, Es, Met0, Met) :-
    (  ( Frontier == [] ; Left =< 0 )
    -> Es = [], Met = Met0
    ;  around_all(Frontier, Ts, Cells, Through, Seen, Next, [], Passed, [], Met0, Met1),
       append(Next, Es1, Es),
       append(Next, Passed, Frontier1),
       Left1 is Left - 1,
       met_levels(Frontier1, Left1, Ts, Cells, Through, Seen, Es1, Met1, Met)
    ).

%% around_all(+Us, +Tables, +Cells, +Through, +Seen, -Next, ?Tail, -Passed, ?PTail,
%            +Met0, -Met)  around/12 of each cell of Us.
around_all([], _, _, _, _, Next, Next, P, P, Met, Met).
around_all([U|Us], Ts, Cells, Th, Seen, Next, Tail, P, PT, Met0, Met) :-
    around(Ts, U, Cells, Th, Seen, Next, Next1, P, P1, Met0, Met1),
    around_all(Us, Ts, Cells, Th, Seen, Next1, Tail, P1, PT, Met1, Met).

%% around(+Tables, +U, +Cells, +Through, +Seen, -Next, ?Tail, -Passed, ?PTail, +Met0,
%        -Met)  the neighbours of U, direction by direction, not met before: marked
% met in Seen, the empty ones in Next (then Tail), the occupied ones added to Met0,
% and those holding one of Through also in Passed (then PTail).
around([], _, _, _, _, Next, Next, P, P, Met, Met).
around([T|Ts], U, Cells, Th, Seen, Next, Tail, P, PT, Met0, Met) :-
    arg(U, T, J),
    (  J > 0, arg(J, Seen, S), var(S)
    -> S = met,
       arg(J, Cells, X),
       (  X == e
       -> Next = [J|Next1], P = P1, Met1 = Met0
       ;  Next = Next1, Met1 = [J|Met0],
          (  memberchk(X, Th) -> P = [J|P1] ; P = P1 )
       )
    ;  Next = Next1, P = P1, Met1 = Met0
    ),
    around(Ts, U, Cells, Th, Seen, Next1, Tail, P1, PT, Met1, Met).

%% reach_moves(+Board, +Movers, -Moves)  the moves of pieces that move up to a
% range through empty cells and take what they meet.  Movers is a list of
% X-Range-Takes: the piece X, how many steps it moves, the pieces it may take.
% Moves are K-J for each cell K, ascending, holding the X of a mover, and each
% J, ascending, among the empty cells reached from K in at most Range steps and
% the cells met holding one of Takes (reach_met/5).
reach_moves(board(_, _, _, n(_, H, _, _)), Movers, Ms) :-
    board_accel:reach_moves(H, Movers, Ms0), !, Ms = Ms0.
reach_moves(B, Movers, Ms) :-
    must_be_movers(Movers),
    findall(M, a_reach_move(B, Movers, M), Ms).

%% a_reach_move(+Board, +Movers, -Move)  each of reach_moves/3's moves in turn, on
% backtracking (the spec tier's first move is found without listing the others).
a_reach_move(B, Movers, K-J) :-
    board_cells(B, Cells),
    functor(Cells, _, N),
    between(1, N, K), arg(K, Cells, X),
    member(X0-R-Ts, Movers), X0 == X,
    reach_met(B, K, R, Es, Met),
    findall(T, ( member(T, Met), arg(T, Cells, Y), memberchk(Y, Ts) ), Taken),
    append(Es, Taken, Js0), sort(Js0, Js),
    member(J, Js).

%% reach_move(+Board, +Movers, +K-J)  K-J is one of reach_moves/3's moves (the
% piece on cell K may move to J).
reach_move(board(_, _, _, n(_, H, _, _)), Movers, K-J) :-
    board_accel:reach_move(H, Movers, K, J, V), !, V =:= 1.
reach_move(B, Movers, K-J) :-
    must_be_movers(Movers),
    board_cells(B, Cells),
    board_grid(B, G),
    must_be_step(G, K, 1, reach_move/3),
    arg(K, Cells, X),
    member(X0-R-Ts, Movers), X0 == X,
    reach_met(B, K, R, Es, Met),
    (  memberchk(J, Es) -> true ; memberchk(J, Met), arg(J, Cells, Y), memberchk(Y, Ts) ),
    !.

%% must_be_movers(+Movers)  Movers is a list of X-Range-Takes, X an atom, Range an
% integer >= 0, Takes a list of atoms; else a clear error.
must_be_movers(Movers) :-
    (  proper_list(Movers),
       \+ ( member(M, Movers),
             \+ ( nonvar(M), M = X-R-Ts, atom(X), integer(R), R >= 0,
                   proper_list(Ts), \+ ( member(T, Ts), \+ atom(T) ) ) )
    -> true
    ;  throw(error(domain_error(movers, Movers), reach_moves/3))
    ).

%% reach_count(+Board, +Movers, -N)  how many moves reach_moves/3 gives.
reach_count(board(_, _, _, n(_, H, _, _)), Movers, N) :-
    board_accel:reach_count(H, Movers, N0), !, N = N0.
reach_count(B, Movers, N) :- reach_moves(B, Movers, Ms), length(Ms, N).

%% nth_reach(+Board, +Movers, +I, -Move)  the I-th move K-J (from 0) of
% reach_moves/3; fails when there are I or fewer.
nth_reach(board(_, _, _, n(_, H, _, _)), Movers, I, M) :-
    board_accel:nth_reach(H, Movers, I, M0), !, M0 \== none, M = M0.
nth_reach(B, Movers, I, M) :-
    integer(I),
    (  I =:= 0
    -> must_be_movers(Movers), once(a_reach_move(B, Movers, M))
    ;  reach_moves(B, Movers, Ms), nth0(I, Ms, M)
    ).

%% reach_any(+Board, +Movers)  some piece has one of reach_moves/3's moves: a piece
% of a mover with a range of at least 1 next to an empty cell or to a cell holding
% one of its Takes (every move's first step is one of these), so the pure definition
% looks at neighbours only.
reach_any(board(_, _, _, n(_, H, _, _)), Movers) :-
    board_accel:nth_reach(H, Movers, 0, M0), !,
    M0 \== none.
reach_any(B, Movers) :-
    must_be_movers(Movers),
    board_cells(B, Cells),
    board_grid(B, G),
    functor(Cells, _, N),
    between(1, N, K), arg(K, Cells, X),
    member(X0-R-Ts, Movers), X0 == X, R >= 1,
    grid:neighbour(G, K, J), arg(J, Cells, Y),
    (  Y == e -> true ; memberchk(Y, Ts) ),
    !.

%% jumps(+Board, +K, -Jumps)  Over-To for each direction in order where the
% neighbour Over of cell K holds something and the cell To beyond it is empty.
jumps(board(_, _, _, n(_, H, _, _)), K, Js) :- board_accel:jumps(H, K, Js0), !, Js = Js0.
jumps(B, K, Js) :-
    board_grid(B, G), board_cells(B, Cells),
    must_be_step(G, K, 1, jumps/3),
    grid:directions_of(G, D),
    findall(O-T, ( between(1, D, Dir), grid:step(G, K, Dir, O),
                   arg(O, Cells, X), X \== e,
                   grid:step(G, O, Dir, T), arg(T, Cells, e) ), Js).

%% must_be_step(+Grid, +K, +Dir, +Pred)  K is a cell and Dir a direction of Grid,
% or a clear error naming Pred.
must_be_step(G, K, Dir, Pred) :-
    grid:grid_size(G, N),
    (  integer(K), K >= 1, K =< N -> true
    ;  throw(error(domain_error(cell(1, N), K), Pred))
    ),
    grid:directions_of(G, D),
    (  integer(Dir), Dir >= 1, Dir =< D -> true
    ;  throw(error(domain_error(direction(1, D), Dir), Pred))
    ).
