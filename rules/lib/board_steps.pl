%% board_steps — a part of board.pl: the pure definitions (the spec tier's) of the
% queries about cells of a kind and moves of one step: the cells holding a piece,
% counted and picked, a piece's steps to a neighbour, and jumps over a neighbour.
%
% board.pl is the interface: each of these predicates is board:Name there, which
% asks the host's copy of the board in the accelerated tier and comes here when
% there is none (or the host dropped it), with the same answers in the same order.
% What a query means is written there; a query asked here of another query calls
% board.pl's, as a rule file would.

:- module(board_steps, [cells_of/3, count_of/3, nth_of/4, steps_of/4, step_count/4,
                        nth_step/5, jumps/3]).

:- use_module(library(lists)).
:- use_module(library(between)).

%% cells_of(+Board, +X, -Ks)  board:cells_of/3's pure definition.
cells_of(B, X, Ks) :-
    board:board_cells(B, Cells),
    functor(Cells, _, N),
    holding(N, Cells, X, [], Ks).

%% holding(+K, +Cells, +X, +Ks0, -Ks)  the cells 1..K of Cells that hold X, ascending,
% then Ks0 (the arguments walked from the last: cheaper than =../2 on a large compound).
holding(0, _, _, Ks, Ks) :- !.
holding(K, Cells, X, Ks0, Ks) :-
    arg(K, Cells, Y),
    (  Y == X -> Ks1 = [K|Ks0] ; Ks1 = Ks0 ),
    K1 is K - 1,
    holding(K1, Cells, X, Ks1, Ks).

%% count_of(+Board, +X, -N)  board:count_of/3's pure definition.
count_of(B, X, N) :- board:cells_of(B, X, Ks), length(Ks, N).

%% nth_of(+Board, +X, +I, -K)  board:nth_of/4's pure definition.
nth_of(B, X, I, K) :-
    integer(I), I >= 0,
    board:board_cells(B, Cells),
    functor(Cells, _, N),
    nth_holding(1, N, Cells, X, I, K).

%% nth_holding(+K0, +N, +Cells, +X, +I, -K)  K is the I-th cell (from 0) from K0 on
% holding X: the walk stops there (a game asks whether any cell holds a piece).
nth_holding(K0, N, Cells, X, I, K) :-
    K0 =< N,
    arg(K0, Cells, Y),
    K1 is K0 + 1,
    (  Y \== X -> nth_holding(K1, N, Cells, X, I, K)
    ;  I =:= 0 -> K = K0
    ;  I1 is I - 1, nth_holding(K1, N, Cells, X, I1, K)
    ).

%% steps_of(+Board, +X, +Steps, -Moves)  board:steps_of/4's pure definition.
steps_of(B, X, Steps, Ms) :-
    board:board_grid(B, G),
    must_be_steps(Steps, G),
    board:board_cells(B, Cells),
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
    (  board:proper_list(Steps),
       \+ ( member(S, Steps),
             \+ ( nonvar(S), S = Dir-Ts, integer(Dir), Dir >= 1, Dir =< D,
                   board:proper_list(Ts), \+ ( member(T, Ts), \+ atom(T) ) ) )
    -> true
    ;  throw(error(domain_error(steps(1, D), Steps), steps_of/4))
    ).

%% step_count(+Board, +X, +Steps, -N)  board:step_count/4's pure definition.
step_count(B, X, Steps, N) :- board:steps_of(B, X, Steps, Ms), length(Ms, N).

%% nth_step(+Board, +X, +Steps, +I, -Move)  board:nth_step/5's pure definition.
nth_step(B, X, Steps, I, M) :- integer(I), board:steps_of(B, X, Steps, Ms), nth0(I, Ms, M).

%% jumps(+Board, +K, -Jumps)  board:jumps/3's pure definition.
jumps(B, K, Js) :-
    board:board_grid(B, G), board:board_cells(B, Cells),
    board:must_be_step(G, K, 1, jumps/3),
    grid:directions_of(G, D),
    findall(O-T, ( between(1, D, Dir), grid:step(G, K, Dir, O),
                   arg(O, Cells, X), X \== e,
                   grid:step(G, O, Dir, T), arg(T, Cells, e) ), Js).
