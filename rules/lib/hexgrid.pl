%% hexgrid — cells, neighbours, boards and connectivity on a C x R hex rhombus.
%
% A board holds the list of its rows, top first, and each row the list of its
% cells: [[e,e,e],[e,r,e],[e,e,e]] is a 3 x 3 board with one stone.  Cell
% (C, R) is 0-based: column C from the left, row R from the top.  A cell holds
% e (empty) or a one-letter stone name (r, b).  Rows are drawn shifted half a
% cell to the right, so the six neighbours of (C, R) are (C+-1, R), (C, R+-1),
% (C+1, R-1) and (C-1, R+1).
%
% Why lists and not a compound b(Row1, ..., RowR) read with arg/3: boards are
% read cell by cell but also rebuilt on every move, and in scryer 0.10 a new
% compound costs =.. both ways (about 5 us each for 11 rows), while a new list
% shares every row after the changed one.  nth0/3 on a row of at most 26 cells
% reads as fast as arg/3 there (measured: setting a cell 3-5 us against 15 us).
%
% Beside its rows a board keeps two things a placement game asks every ply,
% each kept in step by board_set/5: board(Cols-Rows, Rows, Empties, Reach).
% - Empties: the empty cells C-R in reading order (row by row, left to right);
%   a scan of the rows costs about four inferences a cell where the list costs one.
% - Reach: rows like Rows, holding for each stone the edges its group touches,
%   as bits (1 top, 2 bottom, 4 left, 8 right; 0 on an empty cell).  A group is a
%   connected set of cells holding the same stone.  A new stone's group touches
%   its own edges and those of the groups it joins (join_groups/6), so whether a
%   move joins a player's edges is read off one cell, where a flood of the group
%   (flood/6, kept as the definition and for plain rows) costs the group's size
%   every move.  Each stone's bits only grow, so the spreading of the new bits
%   costs a few cells a move on average.
% What it cost: two fields, and about sixty lines here.  A plain list of rows is
% a board too, read by scanning and flooding it.
%
% The predicates marked "accelerated" have this pure definition and a native
% one (rules/lib/hexgrid_accel.pl, backed by src/foreign/); protocol:accelerated/0
% (set by protocol:set_acceleration/2) says which one runs.  Acceleration swaps the definition, never the meaning.
%
% With acceleration on, a board carries a native copy of itself: it is
% native(Rows, H), where H is the handle of the same board held by the host.
% The accelerated predicates ask the host about H instead of walking the rows;
% board_set/5 makes the new board's copy from the old one's in one call.  A
% plain list of rows (a board built by hand, or before acceleration was
% switched on) is read the pure way, and a handle the host has since dropped
% is rebuilt from the rows.

:- module(hexgrid, [
    empty_board/3, cell/4, board_set/5, empty_cell/3, neighbour/3,
    spans/5, spanning/5, winning_path/5, distance/6, board_cells/2,
    cells_board/3, board_rows/2, board_size/3, placements/3, place_stone/7,
    empty_count/2, nth_empty/4, cell_edges/3, axis_bits/2
]).

:- use_module(library(lists)).
:- use_module(library(between)).

%% requires(?Library)  hexgrid builds on grid.pl's neighbour relation (hex_right).
requires(grid).

%% empty_board(+Cols, +Rows, -Board)  a board with every cell empty.
empty_board(Cols, Rows, Board) :-
    length(Row, Cols), maplist(=(e), Row),
    length(RowList, Rows), maplist(=(Row), RowList),
    rows_board(RowList, Board).

%% rows_board(+Rows, -Board)  the board of a list of rows (with its native copy
% when acceleration is on).
rows_board(Rows, Board) :-
    protocol:accelerated, !,
    % the cells go as a list of characters: an atom per board would never be freed
    append(Rows, Cells),
    Rows = [Row|_], length(Row, Cols), length(Rows, N),
    hexgrid_accel:board_new(Cells, Cols, N, H),
    Board = native(Rows, H).
rows_board(Rows, board(Cols-N, Rows, Empties, unknown)) :-
    Rows = [Row|_], length(Row, Cols), length(Rows, N),
    rows_empties(Rows, Empties).

%% reach_layer(+Reach0, +Size, +Rows, -Reach)  the reach layer of Rows: Reach0
% unless it is still unknown.  A board read from a text gets its layer on its
% first move, not when it is read: a text read only to be compared (check's
% round trip) or shown never needs it.
reach_layer(unknown, Cols-N, Rows, Reach) :- !,
    length(Zeros, Cols), maplist(=(0), Zeros),
    length(Reach0, N), maplist(=(Zeros), Reach0),
    findall(C-R-X, ( nth0(R, Rows, Rw), nth0(C, Rw, X), X \== e ), Stones),
    groups_reach(Stones, Cols-N, Rows, Reach0, Reach).
reach_layer(Reach, _, _, Reach).

%% groups_reach(+Stones, +Size, +Rows, +Reach0, -Reach)  the reach layer of Rows:
% each stone C-R-X of Stones joins its group in turn (as if placed in that order;
% a group's stones say the same at every step, so the spread rule holds).
groups_reach([], _, _, Reach, Reach).
groups_reach([C-R-X|Ss], Size, Rows, Reach0, Reach) :-
    join_groups(Size, Rows, Reach0, C-R, X, Reach1),
    groups_reach(Ss, Size, Rows, Reach1, Reach).

%% board_rows(+Board, -Rows)  the rows of Board, top first.
board_rows(native(Rows, _), Rows).
board_rows(board(_, Rows, _, _), Rows).
board_rows([Row|Rows], [Row|Rows]).

%% board_empties(+Board, -Empties)  the empty cells C-R of Board in reading order.
board_empties(board(_, _, Empties, _), Empties) :- !.
board_empties(Board, Empties) :-
    board_rows(Board, Rows),
    rows_empties(Rows, Empties).

%% rows_empties(+Rows, -Empties)  the empty cells C-R of Rows in reading order.
rows_empties(Rows, Empties) :-
    findall(C-R, empty_in_rows(Rows, 0, C, R), Empties).

%% board_size(+Board, -Cols, -Rows)  the number of columns and rows.
board_size(Board, Cols, Rows) :-
    board_rows(Board, Rs),
    Rs = [R|_], length(R, Cols), length(Rs, Rows).

%% cell(+Board, +C, +R, -X)  X stands on cell (C, R).
cell(native(Rows, _), C, R, X) :-
    nth0(R, Rows, Row), nth0(C, Row, X).
cell(board(_, Rows, _, _), C, R, X) :-
    nth0(R, Rows, Row), nth0(C, Row, X).
cell([Row0|Rows], C, R, X) :-
    nth0(R, [Row0|Rows], Row), nth0(C, Row, X).

%% board_set(+Board, +C, +R, +X, -Board1)  Board1 is Board with X on cell (C, R)
% (accelerated: the native copy of Board1 is made from Board's).
board_set(native(Rows, H), C, R, X, native(Rows1, H1)) :-
    protocol:accelerated, !,
    set_in_rows(R, Rows, C, X, Rows1),
    Rows = [Row|_], length(Row, Cols),
    Index is R * Cols + C, char_code(X, Code),
    (  hexgrid_accel:board_set(H, Index, Code, H1) -> true
    ;  % the host dropped H: a new native copy from the rows
       rows_board(Rows1, native(_, H1))
    ).
board_set(board(Size, Rows, Es, Reach0), C, R, X, Board) :- !,
    nth0(R, Rows, Row), nth0(C, Row, Old),
    set_in_rows(R, Rows, C, X, Rows1),
    (  Old == X
    -> Board = board(Size, Rows, Es, Reach0)
    ;  Old == e
    -> del_empty(Es, C-R, Es1),
       reach_layer(Reach0, Size, Rows, Reach),
       join_groups(Size, Rows1, Reach, C-R, X, Reach1),
       Board = board(Size, Rows1, Es1, Reach1)
    ;  % a stone taken off or replaced: its group may fall apart, so the board
       % is built again (a swap, or a board set up by hand: never in a playout)
       rows_board(Rows1, Board)
    ).
board_set(Board, C, R, X, Rows1) :-
    board_rows(Board, Rows),
    set_in_rows(R, Rows, C, X, Rows1).

%% join_groups(+Size, +Rows, +Reach0, +C-R, +X, -Reach)  the reach layer once
% stone X on the empty cell (C, R) of Rows has joined its neighbours holding X:
% the new group touches the cell's edges and every edge its neighbours' groups
% touch, and every stone of it says so.
join_groups(Size, Rows, Reach0, C-R, X, Reach) :-
    cell_edges(Size, C-R, E0),
    directions(Ds),
    joined_edges(Ds, C-R, Size, Rows, Reach0, X, E0, E, Joined),
    nth0(R, Reach0, RRow), nth0(C, RRow, Was),
    (  Was =:= E
    -> Reach = Reach0
    ;  set_in_rows(R, Reach0, C, E, Reach1),
       learners(Joined, E, Reach1, Reach2, Stack),
       spread(Stack, Size, Rows, X, E, Reach2, Reach)
    ).

%% learners(+Joined, +E, +Reach0, -Reach, -Stack)  the neighbours C-R-E1 of Joined
% that do not say E yet now say E, and are the cells the spread starts from.
learners([], _, Reach, Reach, []).
learners([C-R-E1|Js], E, Reach0, Reach, Stack) :-
    (  E1 =\= E
    -> set_in_rows(R, Reach0, C, E, Reach1), Stack = [C-R|Stack1]
    ;  Reach1 = Reach0, Stack = Stack1
    ),
    learners(Js, E, Reach1, Reach, Stack1).

%% cell_edges(+Cols-Rows, +C-R, -Edges)  the edges cell (C, R) lies on, as bits.
cell_edges(Cols-Rows, C-R, E) :-
    (  R =:= 0 -> T = 1 ; T = 0 ),
    (  R =:= Rows - 1 -> B = 2 ; B = 0 ),
    (  C =:= 0 -> L = 4 ; L = 0 ),
    (  C =:= Cols - 1 -> Rt = 8 ; Rt = 0 ),
    E is T \/ B \/ L \/ Rt.

%% joined_edges(+Dirs, +C-R, +Size, +Rows, +Reach, +X, +E0, -E, -Joined)  E0 and
% the edges of the groups of X next to (C, R); Joined: those neighbours, as C1-R1-E1.
joined_edges([], _, _, _, _, _, E, E, []).
joined_edges([DC-DR|Ds], C-R, Cols-Rs, Rows, Reach, X, E0, E, Joined) :-
    C1 is C + DC, R1 is R + DR,
    (  C1 >= 0, C1 < Cols, R1 >= 0, R1 < Rs,
       nth0(R1, Rows, Row), nth0(C1, Row, X)
    -> nth0(R1, Reach, RRow), nth0(C1, RRow, E1), E2 is E0 \/ E1,
       Joined = [C1-R1-E1|Joined1]
    ;  E2 = E0, Joined = Joined1
    ),
    joined_edges(Ds, C-R, Cols-Rs, Rows, Reach, X, E2, E, Joined1).

%% spread(+Stack, +Size, +Rows, +X, +E, +Reach0, -Reach)  every stone X connected to
% the cells of Stack says E; a stone that says E already stops the spread, since
% all of its group does.
spread([], _, _, _, _, Reach, Reach).
spread([P|Ps], Size, Rows, X, E, Reach0, Reach) :-
    directions(Ds),
    relabel(Ds, P, Size, Rows, X, E, Reach0, Reach1, Ps, Stack),
    spread(Stack, Size, Rows, X, E, Reach1, Reach).

%% relabel(+Dirs, +C-R, +Size, +Rows, +X, +E, +Reach0, -Reach, +Stack0, -Stack)
% the neighbours of (C, R) holding X that do not say E yet now say E, and are pushed.
relabel([], _, _, _, _, _, Reach, Reach, Stack, Stack).
relabel([DC-DR|Ds], C-R, Cols-Rs, Rows, X, E, Reach0, Reach, Stack0, Stack) :-
    C1 is C + DC, R1 is R + DR,
    (  C1 >= 0, C1 < Cols, R1 >= 0, R1 < Rs,
       nth0(R1, Rows, Row), nth0(C1, Row, X),
       nth0(R1, Reach0, RRow), nth0(C1, RRow, E1), E1 =\= E
    -> set_in_rows(R1, Reach0, C1, E, Reach1), Stack1 = [C1-R1|Stack0]
    ;  Reach1 = Reach0, Stack1 = Stack0
    ),
    relabel(Ds, C-R, Cols-Rs, Rows, X, E, Reach1, Reach, Stack1, Stack).

%% axis_bits(?Axis, ?Bits)  the edge bits of the two edges of Axis.
axis_bits(vertical, 3).
axis_bits(horizontal, 12).

%% del_empty(+Empties0, +C-R, -Empties)  Empties0 without (C, R).
del_empty([P|Es], P, Es) :- !.
del_empty([Q|Es], P, [Q|Es1]) :- del_empty(Es, P, Es1).

%% set_in_rows(+R, +Rows, +C, +X, -Rows1)  Rows1 is Rows with X on cell (C, R);
% the rows after row R are shared, not copied.
set_in_rows(0, [Row|Rows], C, X, [Row1|Rows]) :- !,
    replace_nth0(C, Row, X, Row1).
set_in_rows(R, [Row|Rows], C, X, [Row|Rows1]) :-
    R1 is R - 1,
    set_in_rows(R1, Rows, C, X, Rows1).

%% replace_nth0(+I, +Xs, +Y, -Ys)  Ys is Xs with its I-th element (from 0) replaced by Y.
replace_nth0(0, [_|Xs], Y, [Y|Xs]) :- !.
replace_nth0(I, [X|Xs], Y, [X|Ys]) :- I1 is I - 1, replace_nth0(I1, Xs, Y, Ys).

%% board_cells(+Board, -Cells)  the cells of Board, row by row.
board_cells(Board, Cells) :-
    board_rows(Board, Rows),
    append(Rows, Cells).

%% cells_board(+Cols, +Cells, -Board)  the board whose cells, row by row, are Cells.
cells_board(Cols, Cells, Board) :-
    cells_rows(Cells, Cols, Rows),
    rows_board(Rows, Board).

%% cells_rows(+Cells, +Cols, -Rows)  Cells cut into rows of Cols cells.
cells_rows([], _, []) :- !.
cells_rows(Cells, Cols, [Row|Rows]) :-
    length(Row, Cols),
    append(Row, Rest, Cells),
    cells_rows(Rest, Cols, Rows).

%% empty_cell(+Board, -C, -R)  (C, R) is empty; row by row, left to right (accelerated).
empty_cell(native(_, H), C, R) :-
    protocol:accelerated, hexgrid_accel:placements(H, Moves, []), !,
    member(place(C, R), Moves).
empty_cell(Board, C, R) :-
    board_empties(Board, Es),
    member(C-R, Es).

%% empty_in_rows(+Rows, +R0, -C, -R)  an empty cell (C, R) of Rows, the first of them row R0.
empty_in_rows([Row|Rows], R0, C, R) :-
    (  empty_in_row(Row, 0, C), R = R0
    ;  R1 is R0 + 1, empty_in_rows(Rows, R1, C, R)
    ).

%% empty_in_row(+Cells, +C0, -C)  an empty cell C of a row, the first of Cells column C0.
empty_in_row([X|Xs], C0, C) :-
    (  X == e, C = C0
    ;  C1 is C0 + 1, empty_in_row(Xs, C1, C)
    ).

%% empty_count(+Board, -N)  how many cells are empty (accelerated).
empty_count(native(_, H), N) :-
    protocol:accelerated, hexgrid_accel:empty_count(H, N0), !,
    N = N0.
empty_count(Board, N) :-
    board_empties(Board, Es),
    length(Es, N).

%% nth_empty(+Board, +K, -C, -R)  (C, R) is the K-th empty cell (from 0), row by
% row, left to right: the order of empty_cell/3 (accelerated).
nth_empty(native(_, H), K, C, R) :-
    protocol:accelerated, hexgrid_accel:nth_empty(H, K, C0, R0), !,
    C = C0, R = R0.
nth_empty(Board, K, C, R) :-
    board_empties(Board, Es),
    nth0(K, Es, C-R).

%% placements(+Board, -Moves, ?Tail)  the move place(C, R) for each empty cell
% (C, R), row by row, left to right, then Tail: the moves of a placement game on
% this grid, listed at once (accelerated).
placements(native(_, H), Moves, Tail) :-
    protocol:accelerated, hexgrid_accel:placements(H, Moves0, Tail0), !,
    Moves = Moves0, Tail = Tail0.
placements(Board, Moves, Tail) :-
    board_empties(Board, Es),
    empties_places(Es, Moves, Tail).

%% empties_places(+Empties, -Moves, ?Tail)  place(C, R) for each C-R of Empties, then Tail.
empties_places([], Tail, Tail).
empties_places([C-R|Es], [place(C, R)|Moves], Tail) :-
    empties_places(Es, Moves, Tail).

%% place_stone(+Board, +Cols-Rows, +C-R, +Stone, +Axis, -Board1, -Spans)
% Board1 is Board with Stone on the empty cell (C, R); Spans is true if the
% group of that stone touches both edges of Axis, else false (accelerated: one
% native call for both).
place_stone(native(Rows, H), _, C-R, Stone, Axis, native(Rows1, H1), Spans) :-
    protocol:accelerated,
    char_code(Stone, Code), axis_code(Axis, A),
    hexgrid_accel:place(H, C, R, Code, A, H2, Spans0), !,
    set_in_rows(R, Rows, C, Stone, Rows1),
    H1 = H2, Spans = Spans0.
place_stone(Board, Size, C-R, Stone, Axis, Board1, Spans) :-
    board_set(Board, C, R, Stone, Board1),
    spans(Board1, Size, Axis, C-R, Spans).

%% directions(-Ds)  the six hex directions DC-DR of the rhombus, grid.pl's hex_right:
% (C+-1, R), (C, R+-1), (C+1, R-1) and (C-1, R+1); (C+1, R+1) and (C-1, R-1) are
% not neighbours.
directions(Ds) :- grid:offsets(hex_right, Ds).

%% direction(?DC, ?DR)  one of the six hex directions.
direction(DC, DR) :- grid:offset(hex_right, DC, DR).

%% neighbour(+Cols-Rows, +C-R, -C1-R1)  (C1, R1) is a neighbour of (C, R) on the board.
neighbour(Cols-Rows, C-R, C1-R1) :-
    direction(DC, DR),
    C1 is C + DC, C1 >= 0, C1 < Cols,
    R1 is R + DR, R1 >= 0, R1 < Rows.

%% axis_edge(+Axis, +Cols-Rows, +C-R, -Edge)  which edge of Axis the cell lies on:
% low (top row or left column), high, both or none.
axis_edge(vertical, _-Rows, _-R, E) :- edge_of(R, Rows, E).
axis_edge(horizontal, Cols-_, C-_, E) :- edge_of(C, Cols, E).

%% edge_of(+K, +Len, -Edge)  which end of 0..Len-1 the index K is at: low, high, both or none.
edge_of(K, Len, E) :-
    Last is Len - 1,
    (  K =:= 0, K =:= Last -> E = both
    ;  K =:= 0 -> E = low
    ;  K =:= Last -> E = high
    ;  E = none
    ).

%% touch(+Edge, +Lo0-Hi0, -Lo-Hi)  record that a group reaches Edge.
touch(none, T, T).
touch(low, _-H, yes-H).
touch(high, L-_, L-yes).
touch(both, _, yes-yes).

%% spans(+Board, +Cols-Rows, +Axis, +C-R, -Spans)
% Spans is true if the group of the stone on (C, R) touches both edges of Axis
% (vertical: top and bottom rows; horizontal: left and right columns), else
% false.  Accelerated.
spans(native(_, H), Cols-_, Axis, C-R, Spans) :-
    protocol:accelerated,
    axis_code(Axis, A),
    Seed is R * Cols + C,
    hexgrid_accel:group_spans(H, Seed, A, Answer), !,
    Spans = Answer.
spans(board(_, _, _, Reach), _, Axis, C-R, Spans) :- Reach \== unknown, !,
    nth0(R, Reach, Row), nth0(C, Row, E),
    axis_bits(Axis, Bits),
    (  E /\ Bits =:= Bits -> Spans = true ; Spans = false ).
spans(Board, Size, Axis, C-R, Spans) :-
    cell(Board, C, R, Stone),
    board_rows(Board, Rows),
    mark_seen([C-R], Rows, Seen),
    (  flood([C-R], Seen, Size, Stone, Axis, no-no)
    -> Spans = true
    ;  Spans = false
    ).

%% axis_code(?Axis, ?Code)  the axis as the foreign functions number it.
axis_code(vertical, 0).
axis_code(horizontal, 1).

%% mark_seen(+Cells, +Rows0, -Rows)  Rows0 with each of Cells marked `seen`.
mark_seen([], Rows, Rows).
mark_seen([C-R|Ps], Rows0, Rows) :-
    set_in_rows(R, Rows0, C, seen, Rows1),
    mark_seen(Ps, Rows1, Rows).

%% flood(+ToVisit, +Rows, +Size, +Stone, +Axis, +Touched)
% succeeds as soon as the Stone cells reached from ToVisit have touched both
% edges (depth first: ToVisit is a stack).  Rows is the board with every cell
% the flood has reached marked `seen` (a mark where a list of seen cells
% would cost a search of that list per neighbour).
flood([P|Ps], Rows, Size, Stone, Axis, T0) :-
    axis_edge(Axis, Size, P, E),
    touch(E, T0, T),
    (  T == yes-yes
    -> true
    ;  directions(Ds),
       unseen_stones(Ds, P, Rows, Size, Stone, Rows1, Ps, Queue),
       flood(Queue, Rows1, Size, Stone, Axis, T)
    ).

%% unseen_stones(+Dirs, +C-R, +Rows0, +Size, +Stone, -Rows, +Stack0, -Stack)
% pushes the neighbours of (C, R) that hold Stone (not yet seen) and marks them seen.
unseen_stones([], _, Rows, _, _, Rows, Stack, Stack).
unseen_stones([DC-DR|Ds], C-R, Rows0, Cols-Rs, Stone, Rows, Stack0, Stack) :-
    C1 is C + DC, R1 is R + DR,
    (  C1 >= 0, C1 < Cols, R1 >= 0, R1 < Rs,
       nth0(R1, Rows0, Row), nth0(C1, Row, Stone)
    -> set_in_rows(R1, Rows0, C1, seen, Rows1), Stack1 = [C1-R1|Stack0]
    ;  Rows1 = Rows0, Stack1 = Stack0
    ),
    unseen_stones(Ds, C-R, Rows1, Cols-Rs, Stone, Rows, Stack1, Stack).

%% spanning(+Board, +Cols-Rows, +Stone, +Axis, -Spans)
% Spans is true if some group of Stone cells joins both edges of Axis, else
% false.  Accelerated.
spanning(native(_, H), _, Stone, Axis, Spans) :-
    protocol:accelerated,
    axis_code(Axis, A),
    char_code(Stone, Code),
    hexgrid_accel:spanning(H, Code, A, Answer), !,
    Spans = Answer.
spanning(board(Size, Rows, _, Reach), _, Stone, Axis, Spans) :- Reach \== unknown, !,
    axis_bits(Axis, Bits),
    (  low_edge_cell(Axis, Size, C-R),
       nth0(R, Rows, Row), nth0(C, Row, Stone),
       nth0(R, Reach, RRow), nth0(C, RRow, E), E /\ Bits =:= Bits
    -> Spans = true
    ;  Spans = false
    ).
spanning(Board, Size, Stone, Axis, Spans) :-
    % every seed lies on the low edge, so the flood of all of them at once
    % reaches the high edge exactly when one group joins both edges
    findall(C-R, ( low_edge_cell(Axis, Size, C-R), cell(Board, C, R, Stone) ), Seeds),
    board_rows(Board, Rows),
    mark_seen(Seeds, Rows, Seen),
    (  Seeds \== [],
       flood(Seeds, Seen, Size, Stone, Axis, yes-no)
    -> Spans = true
    ;  Spans = false
    ).

%% low_edge_cell(+Axis, +Cols-Rows, -C-R)  a cell of the top row (vertical) or left column.
low_edge_cell(vertical, Cols-_, C-0) :- Last is Cols - 1, between(0, Last, C).
low_edge_cell(horizontal, _-Rows, 0-R) :- Last is Rows - 1, between(0, Last, R).

%% winning_path(+Board, +Cols-Rows, +Stone, +Axis, -Path)  the cells C-R of a
% shortest chain of Stone cells joining both edges of Axis, low edge first; fails
% when none joins them.  For drawing a won game: a breadth-first search, run once.
winning_path(Board, Size, Stone, Axis, Path) :-
    findall(P-start, ( low_edge_cell(Axis, Size, P), P = C-R, cell(Board, C, R, Stone) ), Starts),
    path_search(Starts, Starts, Board, Size, Stone, Axis, Path).

%% path_search(+Queue, +Seen, +Board, +Size, +Stone, +Axis, -Path)  Queue and Seen
% hold Cell-Parent pairs (the first cells' parent is start), Queue in the order found.
path_search([P-_|Queue], Seen, Board, Size, Stone, Axis, Path) :-
    (  axis_edge(Axis, Size, P, E), far(E)
    -> path_back(P, Seen, [], Path)
    ;  findall(Q-P, ( neighbour(Size, P, Q), \+ memberchk(Q-_, Seen),
                      Q = C-R, cell(Board, C, R, Stone) ), New),
       append(New, Seen, Seen1),
       append(Queue, New, Queue1),
       path_search(Queue1, Seen1, Board, Size, Stone, Axis, Path)
    ).

%% path_back(+Cell, +Seen, +Path0, -Path)  the cells from a first cell to Cell.
path_back(start, _, Path, Path) :- !.
path_back(P, Seen, Path0, Path) :-
    memberchk(P-From, Seen),
    path_back(From, Seen, [P|Path0], Path).

%% distance(+Board, +Cols-Rows, +Stone, +Other, +Axis, -D)
% D is the least number of empty cells Stone must still fill to join the edges
% of Axis, walking through its own stones for free and never through Other's;
% 1000 when it can no longer join them.  Used by evaluate/3.  Accelerated.
distance(native(_, H), _, Stone, Other, Axis, D) :-
    protocol:accelerated,
    axis_code(Axis, A),
    char_code(Stone, S), char_code(Other, O),
    hexgrid_accel:distance(H, S, O, A, D0), !,
    D = D0.
distance(Board, Size, Stone, Other, Axis, D) :-
    findall(Cost-P, ( low_edge_cell(Axis, Size, P), P = C-R, cell(Board, C, R, X),
                      X \== Other, cell_cost(X, Stone, Cost) ), Starts),
    partition_cost(Starts, Zero, One),
    layers(Zero, One, 0, Board, Size, Stone, Other, Axis, Zero, D).

%% cell_cost(+X, +Stone, -Cost)  entering a cell: 1 if empty, 0 if Stone's.
cell_cost(e, _, 1) :- !.
cell_cost(S, S, 0).

%% partition_cost(+CostCells, -Zero, -One)  the cells of cost 0 and of cost 1.
partition_cost([], [], []).
partition_cost([0-P|Xs], [P|Zs], Os) :- !, partition_cost(Xs, Zs, Os).
partition_cost([_-P|Xs], Zs, [P|Os]) :- partition_cost(Xs, Zs, Os).

%% layers(+Layer, +Next, +K, +Board, +Size, +Stone, +Other, +Axis, +Seen, -D)
% 0-1 breadth-first search: Layer holds cells at distance K still to expand,
% Next the cells found at distance K+1.
layers([], [], _, _, _, _, _, _, _, 1000) :- !.
layers([], Next, K, Board, Size, Stone, Other, Axis, Seen, D) :- !,
    K1 is K + 1,
    exclude_seen(Next, Seen, Layer),
    append(Layer, Seen, Seen1),
    layers(Layer, [], K1, Board, Size, Stone, Other, Axis, Seen1, D).
layers(Layer, Next, K, Board, Size, Stone, Other, Axis, Seen, D) :-
    (  member(P, Layer), axis_edge(Axis, Size, P, E), far(E)
    -> D = K
    ;  expand(Layer, Board, Size, Stone, Other, Seen, Seen1, [], Same, Next, Next1),
       layers(Same, Next1, K, Board, Size, Stone, Other, Axis, Seen1, D)
    ).

%% far(?Edge)  Edge is on the far side of the axis.
far(high).
far(both).

%% exclude_seen(+Cells, +Seen, -New)  Cells not in Seen, each once.
exclude_seen([], _, []).
exclude_seen([P|Ps], Seen, Out) :-
    (  memberchk(P, Seen) -> Out = Out1 ; Out = [P|Out1] ),
    exclude_seen(Ps, [P|Seen], Out1).

%% expand(+Layer, ..., -Same, +Next0, -Next)  neighbours at the same and the next distance.
expand([], _, _, _, _, Seen, Seen, Same, Same, Next, Next).
expand([P|Ps], Board, Size, Stone, Other, Seen0, Seen, Same0, Same, Next0, Next) :-
    findall(X-Q, ( neighbour(Size, P, Q), \+ memberchk(Q, Seen0),
                   Q = C-R, cell(Board, C, R, X), X \== Other ), Ns),
    add_neighbours(Ns, Stone, Seen0, Seen1, Same0, Same1, Next0, Next1),
    expand(Ps, Board, Size, Stone, Other, Seen1, Seen, Same1, Same, Next1, Next).

%% add_neighbours(+XQs, +Stone, +Seen0, -Seen, +Same0, -Same, +Next0, -Next)
% files each neighbour Q holding X: a Stone at the same distance, else the next.
add_neighbours([], _, Seen, Seen, Same, Same, Next, Next).
add_neighbours([X-Q|Ns], Stone, Seen0, Seen, Same0, Same, Next0, Next) :-
    (  X == Stone
    -> (  memberchk(Q, Seen0) -> Seen1 = Seen0, Same1 = Same0
       ;  Seen1 = [Q|Seen0], Same1 = [Q|Same0]
       ),
       Next1 = Next0
    ;  Seen1 = Seen0, Same1 = Same0, Next1 = [Q|Next0]
    ),
    add_neighbours(Ns, Stone, Seen1, Seen, Same1, Same, Next1, Next).
