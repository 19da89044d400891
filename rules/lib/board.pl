%% board — boards of any grid, with the queries abstract games ask every ply:
% cells of a kind, rays, bounded reach through empty cells, groups and the edges
% a group touches, jumps.
%
% A board is board(Grid, Marks, Cells, Native):
%   Grid    a grid.pl grid (cells numbered 1..N row by row, neighbours by
%           direction): square 4 or 8, hex rhombus, triangle, or any cells; or
%           kept(Kind, Size, Cells), the grid kept_grid/4 keeps (see real_grid/2)
%   Marks   m(M1, ..., MN): an integer >= 0 per cell, bits the rule file gives
%           meaning to (the edges a cell touches, say), or `none` for all 0
%   Cells   c(X1, ..., XN): an atom per cell, `e` for an empty cell; read it with
%           board_cell/3 or arg/3 on board_cells/2
%   Native  `none`, or n(GridId, Handle, Log, Length): the host's copy of the
%           same board (accelerated tier only, see below)
%
% Every query below has this pure definition, which the spec tier runs.  In the
% accelerated tier (protocol:accelerated), a board carries a native copy of
% itself kept in step by board_set/4, and the queries ask the host about it
% (board_accel.pl, src/foreign/board_table.rs): the same answers in the same
% order, without walking the cells in Prolog.  Copying a compound of N cells
% costs N steps in Prolog, so there board_set/4 does not copy Cells: it adds
% K-X to Log (newest first), and Cells with Log applied are the board's cells
% (board_cell/3 reads the log first; every 16 changes, or every N / 4 on a board of
% N cells, the log is applied: applying costs N steps).
% A copy the host has dropped (it keeps the most recent ones) is read the pure
% way from the cells, and made again on the next board_set/4.  Acceleration swaps the
% definition, never the meaning; `ludolog check GAME --tiers spec,accelerated`
% compares the two on a game, tests/board_library.rs on generated boards.
%
% Cell contents are atoms: a stack or a piece with attributes is named by an
% atom (`king_red`, `s3`) or kept in a second board.
%
% The module is three files: this one (the board term, its changes, the cells of a
% kind, the host's text of a grid), board_reach.pl (steps to neighbours, rays,
% bounded reach, jumps) and board_lines.pl (runs, sight, the moves of several kinds
% together, lines, groups).  The host loads them as one module, in that order, as
% include/1 would.  A rules directory's lib/board.pl, when there is one, is the
% whole module in one file instead.

:- module(board, [board_new/4, board_cell/3, board_set/4, board_cells/2, board_grid/2,
                  board_marks/2, board_sets/3, cells_of/3, count_of/3, nth_of/4,
                  steps_of/4, step_count/4, nth_step/5, ray/5, reach/4, reach_met/5, reach_met/6, reach_moves/3,
                  reach_count/3, nth_reach/4, reach_move/3, reach_any/2, run_moves/5, run_count/5,
                  nth_run/6, run_move/6, sight_of/6, sight_count/6, nth_sight/7, moves_count/3,
                  nth_move/4, pick_move/4, line_at/4, group/3,
                  group_marks/3, jumps/3, kept_grid/4]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(dcgs)).

%% requires(?Library)  cells and neighbours come from grid.pl.
requires(grid).

%% board_new(+Grid, +Marks, +Cells, -Board)  the board of a grid.pl grid whose cells
% hold the atoms of the compound Cells (one per cell), with Marks (m(...) or none).
board_new(Grid0, Marks, Cells, board(Grid0, Marks, Cells, Native)) :-
    real_grid(Grid0, Grid),
    grid:grid_size(Grid, N),
    must_be_cells(Cells, N),
    must_be_marks(Marks, N),
    native_copy(Grid0, Marks, Cells, Native).

%% real_grid(+Grid0, -Grid)  the grid a board names: itself, or for kept(Kind, Size,
% Cells) the grid kept_grid/4 keeps.  A board that names its grid this way is small
% to copy (a board in a game's state is copied with every position a host holds),
% and its pure queries fetch the grid at each call, from a fact.
real_grid(kept(Kind, Size, Cells), Grid) :- !, kept_grid(Kind, Size, Cells, Grid).
real_grid(Grid, Grid).

%% must_be_cells(+Cells, +N)  Cells is a compound of N atoms, or a clear error.
must_be_cells(Cells, N) :-
    (  compound(Cells), functor(Cells, _, N),
       \+ ( between(1, N, K), arg(K, Cells, X), \+ atom(X) )
    -> true
    ;  throw(error(domain_error(board_cells(N), Cells), board_new/4))
    ).

%% must_be_marks(+Marks, +N)  Marks is none or a compound of N integers >= 0.
must_be_marks(none, _) :- !.
must_be_marks(Marks, N) :-
    (  compound(Marks), functor(Marks, _, N),
       \+ ( between(1, N, K), arg(K, Marks, M), \+ ( integer(M), M >= 0, M < 4294967296 ) )
    -> true
    ;  throw(error(domain_error(board_marks(N), Marks), board_new/4))
    ).

%% native_copy(+Grid, +Marks, +Cells, -Native)  the host's copy when accelerated, else none.
% The host takes names with no white space; a board with other names, or one the
% host refuses, is read the pure way.  The names go to the host as a list of
% characters, not an atom: scryer never frees an atom, and a new atom for every
% copy made again would grow the process without bound.
native_copy(Grid, Marks, Cells, n(G, H, [], 0)) :-
    protocol:accelerated,
    Cells =.. [_|Xs],
    names_chars(Xs, Names),
    host_grid(Grid, Marks, G),
    board_accel:new(G, Names, H),
    !.
native_copy(_, _, _, none).

%% host_grid(+Grid, +Marks, -G)  the host's id of the grid with these marks: its text
% is written and read once per engine (it costs milliseconds), for at most 16 grids.
host_grid(Grid, Marks, G) :-
    (  grid_id_kept(Grid, Marks, G0)
    -> G = G0
    ;  real_grid(Grid, Grid1),
       grid_text(Grid1, Marks, Text),
       board_accel:grid(Text, G),
       keep_fact(grid_id_kept(Grid, Marks, G))
    ).

:- dynamic(grid_id_kept/3).

%% keep_fact(+Fact)  assert Fact, a grid_kept/4 or grid_id_kept/3 fact (never a
% clause: a module-qualified call can reach this predicate, and it must not assert
% a body the sandbox has not seen), while fewer than 16 of its kind are kept; a
% fact too large for a clause (scryer compiles a clause of a grid of 253 cells
% into more than 255 registers) is not kept.
keep_fact(Fact) :-
    (  Fact = grid_kept(_, _, _, _) -> true
    ;  Fact = grid_id_kept(_, _, _) -> true
    ;  throw(error(domain_error(kept_fact, Fact), keep_fact/1))
    ),
    functor(Fact, N, A), functor(Pattern, N, A),
    (  \+ ( findall(x, Pattern, Xs), length(Xs, L), L >= 16 )
    -> catch(assertz(Fact), error(_, _), true)
    ;  true
    ).

%% kept_grid(+Kind, +Size, +Cells, -Grid)  grid:grid/4's grid, built once per engine
% for at most 16 ground Kind, Size and Cells: a rule file that makes its board from
% text at every position (check reads every position) then builds its grid once.
kept_grid(Kind, Size, Cells, Grid) :-
    (  ground(Kind-Size-Cells), grid_kept(Kind, Size, Cells, G0)
    -> Grid = G0
    ;  grid:grid(Kind, Size, Cells, Grid),
       (  ground(Kind-Size-Cells)
       -> keep_fact(grid_kept(Kind, Size, Cells, Grid))
       ;  true
       )
    ).

:- dynamic(grid_kept/4).

%% board_cell(+Board, +K, -X)  X is on cell K: its newest change in the log, else
% the cell of Cells (a read costs less here than a call to the host).
board_cell(board(_, _, Cells, Native), K, X) :- cell_of(Native, Cells, K, X).

%% cell_of(+Native, +Cells, +K, -X)  X is on cell K of Cells with Native's log applied.
cell_of(none, Cells, K, X) :- arg(K, Cells, X).
cell_of(n(_, _, Log, _), Cells, K, X) :-
    (  memberchk(K-X0, Log) -> X = X0 ; arg(K, Cells, X) ).

%% board_cells(+Board, -Cells)  the compound of the cells.  A query whose native copy
% did not answer reads them here: a copy the host has dropped is read the pure way,
% but a handle the host never made (a board term carried from another engine or run)
% is an error, as it would be a sign of a board not made by this library.
board_cells(board(_, _, Cells, none), Cells).
board_cells(board(_, _, Cells0, n(_, H, Log, _)), Cells) :-
    own_copy(H),
    apply_log(Log, Cells0, Cells).

%% own_copy(+H)  in the accelerated tier, H is a handle of this engine's host; else
% an error naming the handle.
own_copy(H) :-
    (  \+ protocol:accelerated -> true
    ;  board_accel:owned(H) -> true
    ;  throw(error(domain_error(board_handle_of_this_engine, H), board_cells/2))
    ).

%% apply_log(+Log, +Cells0, -Cells)  Cells0 with the changes K-X of Log (newest
% first), each cell taking its newest value: the log sorted by cell (keysort/2
% keeps the newest first within a cell), then one walk of the cells.
apply_log([], Cells, Cells) :- !.
apply_log(Log, Cells0, Cells) :-
    keysort(Log, Changes),
    Cells0 =.. [F|Xs0],
    logged(Xs0, 1, Changes, Xs),
    Cells =.. [F|Xs].

%% logged(+Xs0, +K, +Changes, -Xs)  cells K, K+1, ... of Xs0, each its first value
% in Changes (sorted by cell) when it has one.
logged([], _, _, []).
logged([X0|Xs0], K, Changes, [X|Xs]) :-
    (  Changes = [K-X1|Changes0]
    -> X = X1, later_changes(Changes0, K, Changes1)
    ;  X = X0, Changes1 = Changes
    ),
    K1 is K + 1,
    logged(Xs0, K1, Changes1, Xs).

%% later_changes(+Changes0, +K, -Changes)  Changes0 without its older changes of cell K.
later_changes([K0-_|Cs], K, Cs1) :- K0 == K, !, later_changes(Cs, K, Cs1).
later_changes(Cs, _, Cs).

%% board_grid(+Board, -Grid)  the board's grid.
board_grid(board(Grid0, _, _, _), Grid) :- real_grid(Grid0, Grid).

%% board_marks(+Board, -Marks)  the board's marks.
board_marks(board(_, Marks, _, _), Marks).

%% board_set(+Board, +K, +X, -Board1)  Board1 is Board with the atom X on cell K.
board_set(B, K, X, B1) :-
    (  atom(X) -> true ; throw(error(type_error(atom, X), board_set/4)) ),
    set_cell(B, K, X, B1).

%% board_sets(+Board, +Changes, -Board1)  Board1 is Board with the atom X on cell K
% for each K-X of Changes, in order: one copy of the cells for a move that
% changes several (a step that empties one cell and fills another).
board_sets(B, Changes, B1) :-
    (  changes(Changes) -> true ; throw(error(type_error(changes, Changes), board_sets/3)) ),
    sets(B, Changes, B1).

%% changes(@Changes)  Changes is a proper list of K-X, each X an atom (in one pass: a
% move asks it every ply).
changes(Cs) :-
    nonvar(Cs),
    (  Cs == [] -> true
    ;  Cs = [C|Cs1], nonvar(C), C = _-X, atom(X), changes(Cs1)
    ).

%% sets(+Board, +Changes, -Board1)  board_sets/3 once Changes are checked: each
% change logged in the accelerated tier, the cells copied once otherwise.
sets(B, Changes, B1) :-
    B = board(_, _, _, n(_, _, _, _)), !,
    (  Changes = [K1-X1, K2-X2], set_two(B, K1, X1, K2, X2, B2)
    -> B1 = B2
    ;  foldl(set_change, Changes, B, B1)
    ).
sets(board(G, M, Cells, none), Changes, board(G, M, Cells1, none)) :-
    functor(Cells, F, N), functor(Cells1, F, N),
    reverse(Changes, Newest),
    put_changes(Newest, N, Cells1),
    copy_unset(N, Cells, Cells1).

%% put_changes(+Changes, +N, +Cells1)  each K-X of Changes (newest first) put on
% cell K of the fresh compound Cells1 of N cells, unless a newer change put one
% there; a cell that is no integer >= 1 is an error, one past the last a failure.
% Walking the arguments costs less here than =../2 on a large compound.
put_changes([], _, _).
put_changes([K-X|Changes], N, Cells1) :-
    (  integer(K), K >= 1 -> true ; throw(error(type_error(cell, K), board_sets/3)) ),
    K =< N,
    arg(K, Cells1, Y),
    (  var(Y) -> Y = X ; true ),
    put_changes(Changes, N, Cells1).

%% copy_unset(+K, +Cells, +Cells1)  each of the arguments 1..K of Cells1 still unset
% is that of Cells.
copy_unset(0, _, _) :- !.
copy_unset(K, Cells, Cells1) :-
    arg(K, Cells1, X),
    (  var(X) -> arg(K, Cells, X) ; true ),
    K1 is K - 1,
    copy_unset(K1, Cells, Cells1).

%% set_change(+K-X, +Board0, -Board)  Board0 with X on cell K: as put_changes/3 takes it, a
% cell that is no integer >= 1 an error, one past the last a failure.
set_change(K-X, B0, B) :-
    (  integer(K), K >= 1 -> true ; throw(error(type_error(cell, K), board_sets/3)) ),
    B0 = board(_, _, Cells, _),
    functor(Cells, _, N),
    K =< N,
    set_cell(B0, K, X, B).

%% set_two(+Board, +K1, +X1, +K2, +X2, -Board1)  board_sets/3 of two changes in the
% accelerated tier: the host's copy changed in one call and both changes logged;
% fails (set_change/3 then says why) when K1 or K2 is not one of the board's cells.
set_two(board(G, M, Cells, n(Id, H, Log, Len)), K1, X1, K2, X2, B1) :-
    integer(K1), K1 >= 1, arg(K1, Cells, _),
    integer(K2), K2 >= 1, arg(K2, Cells, _),
    board_accel:set_two(H, K1, X1, K2, X2, H1), !,
    Len1 is Len + 2,
    with_log(G, M, Cells, n(Id, H1, [K2-X2, K1-X1|Log], Len1), B1).

%% with_log(+G, +M, +Cells, +Native, -Board)  the board of Cells and the host's copy
% Native, whose log is flushed into the cells once it is longer than
% max(16, N // 4) for N cells.
with_log(G, M, Cells, n(Id, H, Log, Len), B) :-
    functor(Cells, _, N),
    (  Len > max(16, N // 4)
    -> flushed(H, Log, Cells, Cells1), B = board(G, M, Cells1, n(Id, H, [], 0))
    ;  B = board(G, M, Cells, n(Id, H, Log, Len))
    ).

%% set_cell(+Board, +K, +X, -Board1)  board_set/4 once X is known to be an atom:
% the host's copy changed in one call and the change logged, or the cells copied.
set_cell(board(G, M, Cells, n(Id, H, Log, Len)), K, X, B1) :-
    integer(K), K >= 1, arg(K, Cells, _),
    board_accel:set(H, K, X, H1), !,
    Len1 is Len + 1,
    with_log(G, M, Cells, n(Id, H1, [K-X|Log], Len1), B1).
set_cell(B, K, X, board(G, M, Cells1, Native)) :-
    B = board(G, M, _, Native0),
    board_cells(B, Cells),
    grid:put_arg(K, Cells, X, Cells1),
    renewed(Native0, Cells1, Native).

%% flushed(+H, +Log, +Cells0, -Cells)  Cells0 with the changes of Log, which made the
% host's copy H: read from the copy in one call when every cell's name is one
% character (the log of a 64-cell board is applied every 17 moves, and the walk
% of apply_log/3 cost more than the moves' queries), else applied.
flushed(H, Log, Cells0, Cells) :-
    functor(Cells0, F, _),
    (  board_accel:letters(H, F, Cells1) -> Cells = Cells1
    ;  apply_log(Log, Cells0, Cells)
    ).

%% renewed(+Native0, +Cells, -Native)  a new copy of Cells on the grid of Native0
% (the host keeps its grids), or none.
renewed(n(Id, _, _, _), Cells, n(Id, H, [], 0)) :-
    Cells =.. [_|Xs],
    names_chars(Xs, Names),
    board_accel:new(Id, Names, H),
    !.
renewed(_, _, none).

%% cells_of(+Board, +X, -Ks)  the cells holding X, ascending.
cells_of(board(_, _, _, n(_, H, _, _)), X, Ks) :- board_accel:cells_of(H, X, Ks0), !, Ks = Ks0.
cells_of(B, X, Ks) :-
    board_cells(B, Cells),
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

%% count_of(+Board, +X, -N)  how many cells hold X.
count_of(board(_, _, _, n(_, H, _, _)), X, N) :- board_accel:count_of(H, X, N0), !, N = N0.
count_of(B, X, N) :- cells_of(B, X, Ks), length(Ks, N).

%% nth_of(+Board, +X, +I, -K)  K is the I-th cell (from 0, ascending) holding X;
% fails when fewer than I + 1 cells hold X.
nth_of(board(_, _, _, n(_, H, _, _)), X, I, K) :- board_accel:nth_of(H, X, I, K0), !, K0 \== none, K = K0.
nth_of(B, X, I, K) :-
    integer(I), I >= 0,
    board_cells(B, Cells),
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

%% grid_text(+Grid, +Marks, -Text)  the grid as the host reads it: "N D", each
% cell's marks, then each cell's neighbours in direction order (0 for none).
grid_text(G, Marks, Text) :-
    grid:grid_size(G, N),
    grid:directions_of(G, D),
    phrase(grid_chars(G, Marks, N, D), Cs),
    atom_chars(Text, Cs).

%% grid_chars(+Grid, +Marks, +N, +D)//  the characters of grid_text/3.
grid_chars(G, Marks, N, D) -->
    number_text(N), " ", number_text(D),
    mark_chars(1, N, Marks),
    step_chars(1, N, G, D).

%% mark_chars(+K, +N, +Marks)//  the marks of cells K..N.
mark_chars(K, N, _) --> { K > N }, !.
mark_chars(K, N, Marks) -->
    { ( Marks == none -> M = 0 ; arg(K, Marks, M) ), K1 is K + 1 },
    " ", number_text(M),
    mark_chars(K1, N, Marks).

%% step_chars(+K, +N, +Grid, +D)//  the neighbours of cells K..N.
step_chars(K, N, _, _) --> { K > N }, !.
step_chars(K, N, G, D) -->
    { findall(J, ( between(1, D, Dir), ( grid:step(G, K, Dir, J0) -> J = J0 ; J = 0 ) ), Js),
      K1 is K + 1 },
    numbers_text(Js),
    step_chars(K1, N, G, D).

%% numbers_text(+Ns)//  each number after a space.
numbers_text([]) --> [].
numbers_text([N|Ns]) --> " ", number_text(N), numbers_text(Ns).

%% number_text(+N)//  the digits of N.
number_text(N) --> { number_chars(N, Cs) }, Cs.

%% names_chars(+Atoms, -Chars)  the atoms' names, each after a space; fails for a
% name that is empty or holds white space.  (A board made from text, as check
% makes one at every position, writes all its cells: this costs about sixteen
% inferences a one-letter name, where a DCG cost fifty.)
names_chars([], []).
names_chars([X|Xs], [' '|Cs]) :-
    atom_chars(X, Name),
    name_chars(Name, Cs, Cs1),
    names_chars(Xs, Cs1).

%% name_chars(+Name, -Chars, ?Tail)  the characters of Name, then Tail; fails for a
% name that is empty or holds white space (a one-letter name, the usual one, first).
name_chars([C], [C|Cs], Cs) :- !, char_code(C, Code), Code > 32.
name_chars(Name, Cs, Tail) :-
    Name \== [], \+ ( member(C, Name), char_code(C, Code), Code =< 32 ),
    append(Name, Tail, Cs).

%% proper_list(@Term)  Term is a list with an end (not a partial list).
proper_list(L) :- nonvar(L), proper_list_(L).

%% proper_list_(+L)  L, bound, is [] or a cell whose tail is a proper list.
proper_list_([]).
proper_list_([_|T]) :- proper_list(T).
