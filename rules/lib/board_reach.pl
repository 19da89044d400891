%% board_reach — a part of board.pl: the pure definitions (the spec tier's) of the
% queries that spread from a cell: bounded reach through empty cells (and the cells
% met on the way), the moves of pieces that move up to a range and take what they
% meet, and groups of like cells with the marks (edges) they touch.
%
% board.pl is the interface: each of these predicates is board:Name there, which
% asks the host's copy of the board in the accelerated tier and comes here when
% there is none (or the host dropped it), with the same answers in the same order.
% What a query means is written there; a query asked here of another query calls
% board.pl's, as a rule file would.

:- module(board_reach, [reach/4, reach_met/5, reach_met/6, reach_moves/3, reach_move/3,
                        reach_count/3, nth_reach/4, reach_any/2, group/3, group_marks/3]).

:- use_module(library(lists)).
:- use_module(library(between)).

%% reach(+Board, +K, +Max, -Reached)  board:reach/4's pure definition.
reach(B, K, Max, Ps) :-
    board:board_grid(B, G), board:board_cells(B, Cells),
    board:must_be_step(G, K, 1, reach/4),
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

%% reach_met(+Board, +K, +Max, -Empties, -Met)  board:reach_met/5's pure definition.
reach_met(B, K, Max, Es, Met) :- met_walk(B, K, Max, [], reach_met/5, Es, Met).

%% reach_met(+Board, +K, +Max, +Through, -Empties, -Met)  board:reach_met/6's pure
% definition.
reach_met(B, K, Max, Through, Es, Met) :- met_walk(B, K, Max, Through, reach_met/6, Es, Met).

%% met_walk(+Board, +K, +Max, +Through, +Pred, -Empties, -Met)  reach_met/6's pure
% definition; errors name Pred.
met_walk(B, K, Max, Through, Pred, Es, Met) :-
    board:board_grid(B, G), board:board_cells(B, Cells),
    board:must_be_step(G, K, 1, Pred),
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

%% reach_moves(+Board, +Movers, -Moves)  board:reach_moves/3's pure definition.
reach_moves(B, Movers, Ms) :-
    must_be_movers(Movers),
    findall(M, a_reach_move(B, Movers, M), Ms).

%% a_reach_move(+Board, +Movers, -Move)  each of reach_moves/3's moves in turn, on
% backtracking (the spec tier's first move is found without listing the others).
a_reach_move(B, Movers, K-J) :-
    board:board_cells(B, Cells),
    functor(Cells, _, N),
    between(1, N, K), arg(K, Cells, X),
    targets(B, Cells, Movers, K, X, Js),
    member(J, Js).

%% targets(+Board, +Cells, +Movers, +K, +X, -Js)  the cells, ascending, the piece X on
% cell K moves to under the first of Movers that fits it (fitting/5); fails when none
% fits.
targets(B, Cells, Movers, K, X, Js) :-
    fitting(Movers, K, X, R, Ts-Th),
    board:reach_met(B, K, R, Th, Es, Met),
    findall(T, ( member(T, Met), arg(T, Cells, Y), memberchk(Y, Ts) ), Taken),
    append(Es, Taken, Js0), sort(Js0, Js).

%% fitting(+Movers, +K, +X, -Range, -Takes-Through)  the range, the pieces taken and
% the pieces passed over of the first of Movers that fits the piece X on cell K: a
% mover X0-R-Ts or X0-R-Ts-Th fits when X0 is X, or is on(X, Ks) with K among Ks.
fitting([M|Ms], K, X, R, Ts-Th) :-
    mover_parts(M, X0, R0, Ts0, Th0),
    (  fits(X0, K, X) -> R = R0, Ts = Ts0, Th = Th0
    ;  fitting(Ms, K, X, R, Ts-Th)
    ).

%% mover_parts(+Mover, -Piece, -Range, -Takes, -Through)  the parts of a mover, with
% no pieces passed over when it names none.
mover_parts(X-R-Ts-Th, X, R, Ts, Th) :- !.
mover_parts(X-R-Ts, X, R, Ts, []).

%% fits(+Piece, +K, +X)  a mover's Piece fits the piece X on cell K.
fits(X0, _, X) :- X0 == X, !.
fits(on(X0, Ks), K, X) :- X0 == X, memberchk(K, Ks).

%% reach_move(+Board, +Movers, +K-J)  board:reach_move/3's pure definition.
reach_move(B, Movers, K-J) :-
    must_be_movers(Movers),
    board:board_cells(B, Cells),
    board:board_grid(B, G),
    board:must_be_step(G, K, 1, reach_move/3),
    arg(K, Cells, X),
    targets(B, Cells, Movers, K, X, Js),
    memberchk(J, Js),
    !.

%% must_be_movers(+Movers)  Movers is a list of X-Range-Takes or
% X-Range-Takes-Through, X an atom or on(Atom, Cells) (Cells a list of integers),
% Range an integer >= 0, Takes and Through lists of atoms; else a clear error.
must_be_movers(Movers) :-
    (  board:proper_list(Movers),
       \+ ( member(M, Movers), \+ good_mover(M) )
    -> true
    ;  throw(error(domain_error(movers, Movers), reach_moves/3))
    ).

%% good_mover(@Mover)  Mover is a mover as must_be_movers/1 says.
good_mover(M) :-
    nonvar(M), mover_parts(M, X, R, Ts, Th),
    mover_piece(X), integer(R), R >= 0,
    atoms(Ts), atoms(Th).

%% mover_piece(@X)  an atom, or on(Atom, Cells) with Cells a proper list of integers.
mover_piece(X) :- atom(X), !.
mover_piece(on(X, Ks)) :-
    atom(X), board:proper_list(Ks), \+ ( member(K, Ks), \+ integer(K) ).

%% atoms(@Xs)  a proper list of atoms.
atoms(Xs) :- board:proper_list(Xs), \+ ( member(X, Xs), \+ atom(X) ).

%% reach_count(+Board, +Movers, -N)  board:reach_count/3's pure definition.
reach_count(B, Movers, N) :- board:reach_moves(B, Movers, Ms), length(Ms, N).

%% nth_reach(+Board, +Movers, +I, -Move)  board:nth_reach/4's pure definition.
nth_reach(B, Movers, I, M) :-
    integer(I),
    (  I =:= 0
    -> must_be_movers(Movers), once(a_reach_move(B, Movers, M))
    ;  board:reach_moves(B, Movers, Ms), nth0(I, Ms, M)
    ).

%% reach_any(+Board, +Movers)  board:reach_any/2's pure definition: it looks at
% neighbours only (every move's first step is to an empty cell or a taken one)
% unless a mover passes over pieces, when it looks for a first move.
reach_any(B, Movers) :-
    must_be_movers(Movers),
    (  member(M, Movers), mover_parts(M, _, _, _, [_|_])
    -> once(a_reach_move(B, Movers, _))
    ;  board:board_cells(B, Cells),
       board:board_grid(B, G),
       functor(Cells, _, N),
       between(1, N, K), arg(K, Cells, X),
       fitting(Movers, K, X, R, Ts-_), R >= 1,
       grid:neighbour(G, K, J), arg(J, Cells, Y),
       (  Y == e -> true ; memberchk(Y, Ts) )
    ),
    !.

%% group(+Board, +K, -Ks)  board:group/3's pure definition.
group(B, K, Ks) :-
    board:board_grid(B, G), board:board_cells(B, Cells),
    board:must_be_step(G, K, 1, group/3),
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

%% group_marks(+Board, +K, -Mask)  board:group_marks/3's pure definition.
group_marks(B, K, M) :-
    board:group(B, K, Ks),
    board:board_marks(B, Marks),
    foldl(or_mark(Marks), Ks, 0, M).

%% or_mark(+Marks, +K, +M0, -M)  M0 with the marks of cell K.
or_mark(none, _, M, M).
or_mark(Marks, K, M0, M) :- Marks \== none, arg(K, Marks, X), M is M0 \/ X.
