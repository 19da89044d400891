%% board — boards of any grid, with the queries abstract games ask every ply:
% cells of a kind, rays, bounded reach through empty cells, groups and the edges
% a group touches, jumps.  A board is board(Grid, Marks, Cells, Native):
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
% Every query below has a pure definition, which the spec tier runs, written in a
% part of this library by concept: board_steps.pl (cells of a kind, steps and
% jumps), board_reach.pl (bounded reach and groups), board_lines.pl (rays, runs,
% sight and lines), board_turns.pl (turns as data); board.pl
% itself is the interface, and chooses.  In the
% accelerated tier (protocol:accelerated), a board carries a native copy of
% itself kept in step by board_set/4, and the queries ask the host about it
% (board_accel.pl, src/foreign/board_table.rs): the same answers in the same
% order, without walking the cells in Prolog (board_text.pl writes the grid and
% the cells' names for the host).  Copying a compound of N cells costs N steps in
% Prolog, so there board_set/4 does not copy Cells: it adds K-X to Log (newest
% first), and Cells with Log applied are the board's cells (board_cell/3 reads the
% log first; every 16 changes, or every N / 4 on a board of N cells, the log is
% applied: applying costs N steps).  A copy the host has dropped (it keeps the most
% recent ones) is read the pure way from the cells, and made again on the next
% board_set/4.  Acceleration swaps the definition, never the meaning: `ludolog check
% GAME --tiers spec,accelerated` compares the two, tests/board_library.rs too.
%
% Cell contents are atoms: a piece with attributes is named by one (`king_red`); a
% stack of pieces is the atom of their characters (board_stacks.pl).

:- module(board, [board_new/4, board_cell/3, board_set/4, board_cells/2, board_grid/2,
                  board_marks/2, board_sets/3, board_fill/4, cells_of/3, count_of/3, nth_of/4,
                  steps_of/4, step_count/4, nth_step/5, ray/5, reach/4, reach_met/5, reach_met/6, reach_moves/3,
                  reach_count/3, nth_reach/4, reach_move/3, reach_any/2, run_moves/5, run_count/5,
                  nth_run/6, run_move/6, sight_of/6, sight_count/6, nth_sight/7, moves_count/3,
                  nth_move/4, pick_move/4, line_at/4, group/3, group_marks/3, jumps/3, kept_grid/4,
                  turn_moves/3, turn_count/3, turn_nth/4, turn_move/3, turn_play/5, turn_status/3, turn_playout/6]).

:- use_module(library(lists)).
:- use_module(library(between)).

%% requires(?Library)  cells and neighbours come from grid.pl; the queries' pure
% definitions and the host's texts from the parts of this library, each loaded
% before it, always the built-in copy (a part calls board:Name at run time, and
% requires nothing itself).
requires(grid).
requires(board_steps).
requires(board_reach).
requires(board_lines).
requires(board_text).
requires(board_turns).

%% board_new(+Grid, +Marks, +Cells, -Board)  the board of a grid.pl grid whose cells
% hold the atoms of the compound Cells (one per cell), with Marks: m(...), none, or
% borders (grid.pl's border_marks/2: the edges of the board, kept per grid).
board_new(Grid0, Marks0, Cells, board(Grid0, Marks, Cells, Native)) :-
    real_grid(Grid0, Grid),
    grid:grid_size(Grid, N),
    must_be_cells(Cells, N),
    (  Marks0 == borders -> kept_borders(Grid0, Grid, Marks) ; must_be_marks(Marks0, N), Marks = Marks0 ),
    native_copy(Grid0, Marks, Cells, Native).

%% kept_borders(+Grid0, +Grid, -Marks)  grid.pl's border_marks/2, made once per ground Grid0.
kept_borders(G0, G, Marks) :-
    (  ground(G0), borders_kept(G0, M0) -> Marks = M0
    ;  grid:border_marks(G, Marks), ( ground(G0) -> keep_fact(borders_kept(G0, Marks)) ; true )
    ).

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
    board_text:names_chars(Xs, Names),
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
       board_text:grid_text(Grid1, Marks, Text),
       board_accel:grid(Text, G),
       keep_fact(grid_id_kept(Grid, Marks, G))
    ).

:- dynamic((grid_id_kept/3, borders_kept/2, grid_kept/4)).

%% keep_fact(+Fact)  assert Fact, a grid_kept/4, grid_id_kept/3 or borders_kept/2 fact (never
% a clause: a module-qualified call can reach this predicate, and it must not assert a body the
% sandbox has not seen) while fewer than 16 of its kind are kept; not one too large for a clause.
keep_fact(Fact) :-
    (  nonvar(Fact), memberchk(Fact, [grid_kept(_, _, _, _), grid_id_kept(_, _, _), borders_kept(_, _)]) -> true
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

%% board_fill(+Board, +Ks, +X, -Board1)  Board1 is Board with the atom X on every
% cell of Ks: a placement and the pieces it turns, or the cells a capture
% empties, in one copy.
board_fill(B, Ks, X, B1) :-
    (  atom(X) -> true ; throw(error(type_error(atom, X), board_fill/4)) ),
    (  proper_list(Ks) -> true ; throw(error(type_error(list, Ks), board_fill/4)) ),
    (  B = board(G, M, Cells, n(Id, H, Log, Len)), board_accel:fill(H, Ks, X, H1)
    -> filled_log(Ks, X, Log, Log1, Len, Len1),
       with_log(G, M, Cells, n(Id, H1, Log1, Len1), B1)
    ;  findall(K-X, member(K, Ks), Changes),
       board_sets(B, Changes, B1)
    ).

%% filled_log(+Ks, +X, +Log0, -Log, +Len0, -Len)  Log0 with K-X for each of Ks on
% top, newest first, and its length.
filled_log([], _, Log, Log, Len, Len).
filled_log([K|Ks], X, Log0, Log, Len0, Len) :-
    Len1 is Len0 + 1,
    filled_log(Ks, X, [K-X|Log0], Log, Len1, Len).

%% changes(@Changes)  Changes is a proper list of K-X, each X an atom (in one pass).
changes(Cs) :-
    nonvar(Cs),
    (  Cs == [] -> true
    ;  Cs = [C|Cs1], nonvar(C), C = _-X, atom(X), changes(Cs1)
    ).

%% sets(+Board, +Changes, -Board1)  board_sets/3 once Changes are checked (their cells
% oldest first, as in every tier): each change logged in the accelerated tier, else
% copied in, or more than four copied in at once.
sets(B, Changes, B1) :-
    B = board(_, _, _, n(_, _, _, _)), !,
    (  Changes = [K1-X1, K2-X2], set_two(B, K1, X1, K2, X2, B2)
    -> B1 = B2
    ;  foldl(set_change, Changes, B, B1)
    ).
sets(B, Changes, B1) :-            % up to four: a copy each, in one step (grid:put_arg/4)
    B = board(_, _, _, none), \+ Changes = [_, _, _, _, _|_], !,
    foldl(set_change, Changes, B, B1).
sets(board(G, M, Cells, none), Changes, board(G, M, Cells1, none)) :-
    functor(Cells, F, N), functor(Cells1, F, N),
    maplist(cell_change(N), Changes),
    reverse(Changes, Newest),
    put_changes(Newest, Cells1),
    copy_unset(N, Cells, Cells1).

%% cell_change(+N, +K-X)  K is one of N cells: no integer >= 1 an error, past N a failure.
cell_change(N, K-_) :-
    (  integer(K), K >= 1 -> true ; throw(error(type_error(cell, K), board_sets/3)) ),
    K =< N.

%% put_changes(+Changes, +Cells1)  each K-X (newest first) on cell K of Cells1, unless set.
put_changes([], _).
put_changes([K-X|Changes], Cells1) :-
    arg(K, Cells1, Y),
    (  var(Y) -> Y = X ; true ),
    put_changes(Changes, Cells1).

%% copy_unset(+K, +Cells, +Cells1)  each of the arguments 1..K of Cells1 still unset
% is that of Cells.
copy_unset(0, _, _) :- !.
copy_unset(K, Cells, Cells1) :-
    arg(K, Cells1, X),
    (  var(X) -> arg(K, Cells, X) ; true ),
    K1 is K - 1,
    copy_unset(K1, Cells, Cells1).

%% set_change(+K-X, +Board0, -Board)  Board0 with X on cell K (see cell_change/2).
set_change(K-X, B0, B) :-
    B0 = board(_, _, Cells, _),
    functor(Cells, _, N),
    cell_change(N, K-X),
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
    board_text:names_chars(Xs, Names),
    board_accel:new(Id, Names, H),
    !.
renewed(_, _, none).

% The queries.  Each asks the host's copy of the board first, when there is one;
% the pure definition, in a part of this library by concept (board_steps.pl: cells
% of a kind, steps and jumps; board_reach.pl: reach and groups; board_lines.pl:
% rays, runs, sight and lines), answers when there is none or the host dropped it.

%% cells_of(+Board, +X, -Ks)  the cells holding X, ascending.
cells_of(board(_, _, _, n(_, H, _, _)), X, Ks) :- board_accel:cells_of(H, X, Ks0), !, Ks = Ks0.
cells_of(B, X, Ks) :- board_steps:cells_of(B, X, Ks).

%% steps_of(+Board, +X, +Steps, -Moves)  K-J for each cell K holding X, ascending,
% and each Dir-Targets of Steps in turn (Dir a direction of the grid, Targets a
% list of atoms), where the neighbour J of K in direction Dir holds one of
% Targets: the one-step moves of a game's pieces (a pawn's steps forward, say).
steps_of(board(_, _, _, n(_, H, _, _)), X, Steps, Ms) :-
    board_accel:steps_of(H, X, Steps, Ms0), !, Ms = Ms0.
steps_of(B, X, Steps, Ms) :- board_steps:steps_of(B, X, Steps, Ms).

%% step_count(+Board, +X, +Steps, -N)  how many moves steps_of/4 gives.
step_count(board(_, _, _, n(_, H, _, _)), X, Steps, N) :-
    board_accel:step_count(H, X, Steps, N0), !, N = N0.
step_count(B, X, Steps, N) :- board_steps:step_count(B, X, Steps, N).

%% nth_step(+Board, +X, +Steps, +I, -Move)  the I-th move K-J (from 0) of
% steps_of/4; fails when there are I or fewer.
nth_step(board(_, _, _, n(_, H, _, _)), X, Steps, I, M) :-
    board_accel:nth_step(H, X, Steps, I, M0), !, M0 \== none, M = M0.
nth_step(B, X, Steps, I, M) :- board_steps:nth_step(B, X, Steps, I, M).

%% count_of(+Board, +X, -N)  how many cells hold X.
count_of(board(_, _, _, n(_, H, _, _)), X, N) :- board_accel:count_of(H, X, N0), !, N = N0.
count_of(B, X, N) :- board_steps:count_of(B, X, N).

%% nth_of(+Board, +X, +I, -K)  K is the I-th cell (from 0, ascending) holding X;
% fails when fewer than I + 1 cells hold X.
nth_of(board(_, _, _, n(_, H, _, _)), X, I, K) :- board_accel:nth_of(H, X, I, K0), !, K0 \== none, K = K0.
nth_of(B, X, I, K) :- board_steps:nth_of(B, X, I, K).

%% ray(+Board, +K, +Dir, -Empties, -Hit)  from cell K in direction Dir: the empty
% cells passed, in order, and the first cell that holds something (0 when the
% ray leaves the board first).
ray(board(_, _, _, n(_, H, _, _)), K, Dir, Es, Hit) :- board_accel:ray(H, K, Dir, Es0, Hit0), !,
    Es = Es0, Hit = Hit0.
ray(B, K, Dir, Es, Hit) :- board_lines:ray(B, K, Dir, Es, Hit).

%% reach(+Board, +K, +Max, -Reached)  K1-D for each empty cell K1 reached from cell
% K in at most Max steps through empty cells, D its distance, in breadth-first
% order (neighbours in direction order); K itself is not among them.
reach(board(_, _, _, n(_, H, _, _)), K, Max, Ps) :- board_accel:reach(H, K, Max, Ps0), !, Ps = Ps0.
reach(B, K, Max, Ps) :- board_reach:reach(B, K, Max, Ps).

%% reach_met(+Board, +K, +Max, -Empties, -Met)  the empty cells reached from cell K
% in at most Max steps through empty cells, and the occupied cells met on the way:
% those next to K or to an empty cell reached in fewer than Max steps; each list
% ascending (a piece that moves up to Max steps and may take a piece it meets).
reach_met(board(_, _, _, n(_, H, _, _)), K, Max, Es, Met) :-
    board_accel:reach_met(H, K, Max, Es0, Met0), !,
    Es = Es0, Met = Met0.
reach_met(B, K, Max, Es, Met) :- board_reach:reach_met(B, K, Max, Es, Met).

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
reach_met(B, K, Max, Through, Es, Met) :- board_reach:reach_met(B, K, Max, Through, Es, Met).

%% reach_moves(+Board, +Movers, -Moves)  the moves of pieces that move up to a
% range through empty cells and take what they meet.  Movers is a list of
% X-Range-Takes or X-Range-Takes-Through: the piece X, how many steps it moves, the
% pieces it may take, and the pieces it passes over (reach_met/6; none when not
% given).  X is an atom, or on(Atom, Cells) for that piece standing on one of the
% cells Cells (terrain: a piece that moves further from some cells).  A piece moves
% by the first mover that fits it.  Moves are K-J for each cell K, ascending,
% holding a piece a mover fits, and each J, ascending, among the empty cells reached
% from K in at most Range steps and the cells met holding one of Takes.
reach_moves(board(_, _, _, n(_, H, _, _)), Movers, Ms) :-
    board_accel:reach_moves(H, Movers, Ms0), !, Ms = Ms0.
reach_moves(B, Movers, Ms) :- board_reach:reach_moves(B, Movers, Ms).

%% reach_move(+Board, +Movers, +K-J)  K-J is one of reach_moves/3's moves (the
% piece on cell K may move to J).
reach_move(board(_, _, _, n(_, H, _, _)), Movers, K-J) :-
    board_accel:reach_move(H, Movers, K, J, V), !, V =:= 1.
reach_move(B, Movers, M) :- board_reach:reach_move(B, Movers, M).

%% reach_count(+Board, +Movers, -N)  how many moves reach_moves/3 gives.
reach_count(board(_, _, _, n(_, H, _, _)), Movers, N) :-
    board_accel:reach_count(H, Movers, N0), !, N = N0.
reach_count(B, Movers, N) :- board_reach:reach_count(B, Movers, N).

%% nth_reach(+Board, +Movers, +I, -Move)  the I-th move K-J (from 0) of
% reach_moves/3; fails when there are I or fewer.
nth_reach(board(_, _, _, n(_, H, _, _)), Movers, I, M) :-
    board_accel:nth_reach(H, Movers, I, M0), !, M0 \== none, M = M0.
nth_reach(B, Movers, I, M) :- board_reach:nth_reach(B, Movers, I, M).

%% reach_any(+Board, +Movers)  some piece has one of reach_moves/3's moves: a piece
% of a mover with a range of at least 1 next to an empty cell or to a cell holding
% one of its Takes (every move's first step is one of these), so the pure definition
% looks at neighbours only.
reach_any(board(_, _, _, n(_, H, _, _)), Movers) :-
    board_accel:nth_reach(H, Movers, 0, M0), !,
    M0 \== none.
reach_any(B, Movers) :- board_reach:reach_any(B, Movers).

%% run_moves(+Board, +Pieces, +Dirs, +Past, -Moves)  K-J for each cell K, ascending,
% holding one of Pieces, and each direction Dir of Dirs in turn, J the first cell
% from K that way holding none of Past (no move when the board ends first): a
% piece that steps, or runs past pieces of Past (steps, and jumps over a run).
run_moves(board(_, _, _, n(_, H, _, _)), Ps, Ds, Past, Ms) :-
    board_accel:run_moves(H, Ps, Ds, Past, Ms0), !, Ms = Ms0.
run_moves(B, Ps, Ds, Past, Ms) :- board_lines:run_moves(B, Ps, Ds, Past, Ms).

%% run_count(+Board, +Pieces, +Dirs, +Past, -N)  how many moves run_moves/5 gives.
run_count(board(_, _, _, n(_, H, _, _)), Ps, Ds, Past, N) :-
    board_accel:run_count(H, Ps, Ds, Past, N0), !, N = N0.
run_count(B, Ps, Ds, Past, N) :- board_lines:run_count(B, Ps, Ds, Past, N).

%% nth_run(+Board, +Pieces, +Dirs, +Past, +I, -Move)  the I-th move K-J (from 0) of
% run_moves/5; fails when there are I or fewer.
nth_run(board(_, _, _, n(_, H, _, _)), Ps, Ds, Past, I, M) :-
    board_accel:nth_run(H, Ps, Ds, Past, I, M0), !, M0 \== none, M = M0.
nth_run(B, Ps, Ds, Past, I, M) :- board_lines:nth_run(B, Ps, Ds, Past, I, M).

%% run_move(+Board, +Pieces, +Dirs, +Past, +K, +J)  K-J is one of run_moves/5's moves:
% cell K holds one of Pieces, and J ends its run along one of Dirs (a given move
% checked without listing them all).
run_move(board(_, _, _, n(_, H, _, _)), Ps, Ds, Past, K, J) :-
    board_accel:run_move(H, Ps, Ds, Past, K, J, V), !, V =:= 1.
run_move(B, Ps, Ds, Past, K, J) :- board_lines:run_move(B, Ps, Ds, Past, K, J).

%% sight_of(+Board, +From, +Dirs, +Through, +Seen, -Ks)  the cells holding one of Seen
% that a cell holding one of From sees along a direction of Dirs: every cell
% strictly between holds one of Through.  Ascending, each once.
sight_of(board(_, _, _, n(_, H, _, _)), From, Ds, Through, Seen, Ks) :-
    board_accel:sight_of(H, From, Ds, Through, Seen, Ks0), !, Ks = Ks0.
sight_of(B, From, Ds, Through, Seen, Ks) :- board_lines:sight_of(B, From, Ds, Through, Seen, Ks).

%% sight_count(+Board, +From, +Dirs, +Through, +Seen, -N)  how many cells sight_of/6 gives.
sight_count(board(_, _, _, n(_, H, _, _)), From, Ds, Through, Seen, N) :-
    board_accel:sight_count(H, From, Ds, Through, Seen, N0), !, N = N0.
sight_count(B, From, Ds, Through, Seen, N) :-
    board_lines:sight_count(B, From, Ds, Through, Seen, N).

%% nth_sight(+Board, +From, +Dirs, +Through, +Seen, +I, -K)  the I-th cell (from 0)
% sight_of/6 gives; fails when there are I or fewer.
nth_sight(board(_, _, _, n(_, H, _, _)), From, Ds, Through, Seen, I, K) :-
    board_accel:nth_sight(H, From, Ds, Through, Seen, I, K0), !, K0 \== none, K = K0.
nth_sight(B, From, Ds, Through, Seen, I, K) :-
    board_lines:nth_sight(B, From, Ds, Through, Seen, I, K).

%% moves_count(+Board, +Kinds, -N)  how many moves the Kinds give together: a move
% generator of several kinds, counted (and picked by nth_move/4) in one query.  Each
% of Kinds is runs(Pieces, Dirs, Past), run_moves/5's moves, each as run(K-J); runs(Runs),
% runs of several pieces (board_lines.pl's piece_runs/3), each as run(K-J), and with
% runs(Runs, Again) a piece running on after each, again(K-J-L) (runs_again/6 there);
% or sight(From, Dirs, Through, Seen), sight_of/6's cells, each as sight(K).
moves_count(board(_, _, _, n(_, H, _, _)), Kinds, N) :-
    board_accel:kinds_count(H, Kinds, N0), !, N = N0.
moves_count(B, Kinds, N) :- board_lines:moves_count(B, Kinds, N).

%% nth_move(+Board, +Kinds, +I, -Move)  the I-th move (from 0) the Kinds give together
% (see moves_count/3); fails when there are I or fewer.
nth_move(board(_, _, _, n(_, H, _, _)), Kinds, I, M) :-
    board_accel:nth_kind(H, Kinds, I, M0), !, M0 \== none, M = M0.
nth_move(B, Kinds, I, M) :- board_lines:nth_move(B, Kinds, I, M).

%% pick_move(+Board, +Kinds, +R, -Move)  the (R mod N)-th of the N moves the Kinds give
% together (see moves_count/3), for a random number R: a random pick in one query;
% fails when there is no move.
pick_move(board(_, _, _, n(_, H, _, _)), Kinds, R, M) :-
    board_accel:pick_kind(H, Kinds, R, M0), !, M0 \== none, M = M0.
pick_move(B, Kinds, R, M) :- board_lines:pick_move(B, Kinds, R, M).

%% line_at(+Board, +K, +Dirs, -N)  the longest line through cell K of cells holding
% what K holds, over the directions Dirs, each taken both ways: Dir and its opposite,
% half a turn later among the grid's directions (square8: 1 east and 5 west, 2 and
% 6, ...).  N >= 1 (K alone): a K-in-a-row win is line_at(B, K, [1, 2, 3, 4], N),
% N >= K on a square8 board.
line_at(board(_, _, _, n(_, H, _, _)), K, Dirs, N) :-
    board_accel:line_at(H, K, Dirs, N0), !, N = N0.
line_at(B, K, Dirs, N) :- board_lines:line_at(B, K, Dirs, N).

%% group(+Board, +K, -Ks)  the cells joined to cell K through cells holding what
% K holds (K among them), ascending.
group(board(_, _, _, n(_, H, _, _)), K, Ks) :- board_accel:group(H, K, Ks0), !, Ks = Ks0.
group(B, K, Ks) :- board_reach:group(B, K, Ks).

%% group_marks(+Board, +K, -Mask)  the marks of the cells of K's group, or-ed.
group_marks(board(_, _, _, n(_, H, _, _)), K, M) :- board_accel:group_marks(H, K, M0), !, M = M0.
group_marks(B, K, M) :- board_reach:group_marks(B, K, M).

%% jumps(+Board, +K, -Jumps)  Over-To for each direction in order where the
% neighbour Over of cell K holds something and the cell To beyond it is empty.
jumps(board(_, _, _, n(_, H, _, _)), K, Js) :- board_accel:jumps(H, K, Js0), !, Js = Js0.
jumps(B, K, Js) :- board_steps:jumps(B, K, Js).

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

%% proper_list(@Term)  Term is a list with an end (not a partial list), and
%% proper_list_(+L)  L, bound, is [] or a cell whose tail is a proper list.
proper_list(L) :- nonvar(L), proper_list_(L).
proper_list_([]).
proper_list_([_|T]) :- proper_list(T).

% Turns (board_turns.pl): what a player may do and what ends the game, as data.

%% turn_moves(+Board, +Turn, -Moves)  the moves of a turn(Player, Kinds, Ends), kind
% by kind: put(K) for a piece put on cell K, drop(K) for one dropped in at cell K,
% go(K, J) for a step.
turn_moves(B, Turn, Ms) :- board_turns:turn_moves(B, Turn, Ms).

%% turn_count(+Board, +Turn, -N)  how many moves turn_moves/3 gives, and
%% turn_nth(+Board, +Turn, +I, -Move)  its I-th (from 0), both without listing them.
turn_count(B, Turn, N) :- board_turns:turn_count(B, Turn, N).
turn_nth(B, Turn, I, M) :- board_turns:turn_nth(B, Turn, I, M).

%% turn_move(+Board, +Turn, +Move)  Move is one of turn_moves/3's, asked of the move's
% own cells.
turn_move(B, Turn, M) :- board_turns:turn_move(B, Turn, M).

%% turn_play(+Board, +Turns, +Move, -Board1, -Status)  Board1 after Move, one of the
% first turn's, and the status its ends give (ongoing, won(Player) or draw); the
% next of Turns is who plays after (for the end `stuck`).  Fails on another move.
%% turn_status(+Board, +Turns, -Status)  the status Board shows when the first of
% Turns has just moved, its ends read on the board as a whole (a read position's).
turn_play(B, Turns, M, B1, Status) :- board_turns:turn_play(B, Turns, M, B1, Status).
turn_status(B, Turns, Status) :- board_turns:turn_status(B, Turns, Status).

%% turn_playout(+Board, +Turns, +Seed, +Max, -Plies, -Status)  a random game from
% Board, Turns the player to move's first: each ply the (R mod N)-th of the N moves,
% R from protocol's random numbers as its playouts draw them, until an end holds, no
% move is left (ongoing), or Max plies (ongoing).  In the accelerated tier the host
% plays it whole, in one call.
turn_playout(board(_, _, _, n(_, H, _, _)), Turns, Seed, Max, Plies, Status) :-
    board_accel:turn_playout(H, Turns, Seed, Max, Plies0, Status0), !,
    Plies = Plies0, Status = Status0.
turn_playout(B, Turns, Seed, Max, Plies, Status) :-
    board_turns:turn_playout(B, Turns, Seed, Max, Plies, Status).
