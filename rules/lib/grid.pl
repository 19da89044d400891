%% grid — board geometry for any rule file: square grids with 4 or 8 neighbours,
% the hex rhombus, irregular hex boards given by their cells, and triangles.
%
% The neighbour relation of each kind of board is written once, as offsets:
%
%   square4    (C+-1, R), (C, R+-1)
%   square8    square4 and the four diagonals
%   hex_right  rows drawn half a cell RIGHT of the row above (a hex rhombus):
%              (C+-1, R), (C, R+-1), (C+1, R-1), (C-1, R+1)
%   hex_left   rows drawn half a cell LEFT of the row above (a hex board drawn leaning left):
%              (C+-1, R), (C, R+-1), (C-1, R-1), (C+1, R+1)
%
% Cells are (C, R): column C from the left, row R from the top, both from 0.
% A shape names a common set of cells:
%
%   rectangle(Cols, Rows)  every cell of the rectangle
%   triangle(N)            N rows, row R holding columns 0..R: with hex_left
%                          neighbours, the triangular board of the game of Y,
%                          whose three sides are C = 0, C = R and R = N - 1
% A rule file may use the offsets directly (offset/3, the cheapest way on a
% fixed rectangle), or build a grid: an adjacency table over the board's cells,
% numbered 1..N row by row, for boards with holes or any board whose
% neighbours are asked for often:
%
%   grid(Kind, Cols, Rows, N, Index, Coords, Steps)
%     Index   rows(Row0, Row1, ...), each row a compound of Cols cell numbers
%             (0 for a hole), read with arg/3
%     Coords  c(C1-R1, ..., CN-RN): the coordinates of each cell number
%     Steps   s(Dir1, Dir2, ...): for each direction (in offset/3's order) a
%             compound of N cell numbers: the neighbour that way, 0 off the board
%
% Boards are terms, changed by copying: replace/4 (a list with its N-th element
% replaced) and put_arg/4 (a compound with its I-th argument replaced).
% A player who moves up or down the board has forward_dirs/3 as its forward directions.

:- module(grid, [offsets/2, offset/3, directions/2, grid/4, grid_size/2, cell_number/3,
                 cell_coords/3, directions_of/2, forward_dirs/3, neighbour/3, neighbours/3, step/4, step_table/3, shape_cells/3, in_shape/2, border_marks/2,
                 replace/4, put_arg/4]).

:- use_module(library(lists)).
:- use_module(library(between)).

%% offsets(?Kind, ?Offsets)  the steps DC-DR to the neighbours on a board of Kind,
% in direction order (direction 1 first).
offsets(square4, [1-0, 0-(-1), (-1)-0, 0-1]).
offsets(square8, [1-0, 1-(-1), 0-(-1), (-1)-(-1), (-1)-0, (-1)-1, 0-1, 1-1]).
offsets(hex_right, [1-0, 1-(-1), 0-(-1), (-1)-0, (-1)-1, 0-1]).
offsets(hex_left, [1-0, 0-(-1), (-1)-(-1), (-1)-0, 0-1, 1-1]).

%% offset(?Kind, ?DC, ?DR)  a step to a neighbour on a board of Kind, in direction order.
offset(Kind, DC, DR) :- offsets(Kind, Os), member(DC-DR, Os).

%% directions(+Kind, -Count)  how many directions a board of Kind has.
directions(Kind, N) :- offsets(Kind, Os), length(Os, N).

%% shape_cells(+Shape, -Size, -Cells)  the bounding rectangle Cols-Rows of a shape
% and its cells, row by row (as grid/4 takes them).
shape_cells(rectangle(Cols, Rows), Cols-Rows, Cells) :-
    board_cells(all, Cols, Rows, Cells).
shape_cells(triangle(N), N-N, Cells) :-
    Last is N - 1,
    findall(C-R, ( between(0, Last, R), between(0, R, C) ), Cells).

%% in_shape(+Shape, +C-R)  (C, R) is a cell of the shape.
in_shape(rectangle(Cols, Rows), C-R) :-
    integer(C), integer(R), C >= 0, C < Cols, R >= 0, R < Rows.
in_shape(triangle(N), C-R) :-
    integer(C), integer(R), R >= 0, R < N, C >= 0, C =< R.

%% grid(+Kind, +Size, +Cells, -Grid)  the grid of a board of Kind whose bounding
% rectangle is Size = Cols-Rows and whose cells are Cells: `all`, or a list of
% C-R (any order; the cells are numbered row by row).
grid(Kind, Cols-Rows, Cells0, grid(Kind, Cols, Rows, N, Index, Coords, Steps)) :-
    directions(Kind, _),
    board_cells(Cells0, Cols, Rows, Cells),
    length(Cells, N),
    Coords =.. [c|Cells],
    index(Cells, Cols, Rows, Index),
    offsets(Kind, Offsets),
    steps(Offsets, Cells, Cols, Rows, Index, StepList),
    Steps =.. [s|StepList].

%% board_cells(+Cells0, +Cols, +Rows, -Cells)  the cells, row by row.
board_cells(all, Cols, Rows, Cells) :- !,
    C1 is Cols - 1, R1 is Rows - 1,
    findall(C-R, ( between(0, R1, R), between(0, C1, C) ), Cells).
board_cells(Cells0, Cols, Rows, Cells) :-
    findall(R-C, ( member(C-R, Cells0), integer(C), integer(R),
                   C >= 0, C < Cols, R >= 0, R < Rows ), RCs0),
    sort(RCs0, RCs),
    findall(C-R, member(R-C, RCs), Cells).

%% index(+Cells, +Cols, +Rows, -Index)  rows(...) of cell numbers, 0 for holes.
index(Cells, Cols, Rows, Index) :-
    R1 is Rows - 1, C1 is Cols - 1,
    findall(Row,
            ( between(0, R1, R),
              findall(K, ( between(0, C1, C), ( nth1(K0, Cells, C-R) -> K = K0 ; K = 0 ) ), Ks),
              Row =.. [r|Ks] ),
            RowList),
    Index =.. [rows|RowList].

%% steps(+Offsets, +Cells, +Cols, +Rows, +Index, -Tables)  per direction, each cell's neighbour.
steps([], _, _, _, _, []).
steps([DC-DR|Os], Cells, Cols, Rows, Index, [Table|Ts]) :-
    findall(J, ( member(C-R, Cells), C1 is C + DC, R1 is R + DR,
                 ( number_at(Index, Cols, Rows, C1, R1, J0) -> J = J0 ; J = 0 ) ), Js),
    Table =.. [t|Js],
    steps(Os, Cells, Cols, Rows, Index, Ts).

%% number_at(+Index, +Cols, +Rows, +C, +R, -K)  the number of cell (C, R); fails off the board.
number_at(Index, Cols, Rows, C, R, K) :-
    C >= 0, C < Cols, R >= 0, R < Rows,
    R1 is R + 1, C1 is C + 1,
    arg(R1, Index, Row), arg(C1, Row, K),
    K > 0.

%% grid_size(+Grid, -N)  the number of cells.
grid_size(grid(_, _, _, N, _, _, _), N).

%% cell_number(+Grid, +C-R, -K)  the number of cell (C, R); fails for a hole or off the board.
cell_number(grid(_, Cols, Rows, _, Index, _, _), C-R, K) :-
    number_at(Index, Cols, Rows, C, R, K).

%% cell_coords(+Grid, +K, -C-R)  the coordinates of cell number K.
cell_coords(grid(_, _, _, _, _, Coords, _), K, CR) :-
    arg(K, Coords, CR).

%% step(+Grid, +K, +Dir, -J)  J is the neighbour of cell K in direction Dir; fails off the board.
step(grid(_, _, _, _, _, _, Steps), K, Dir, J) :-
    arg(Dir, Steps, Table), arg(K, Table, J),
    J > 0.

%% step_table(+Grid, +Dir, -Table)  the neighbours of every cell in direction Dir:
% a compound whose K-th argument is step/4's J, 0 off the board.
step_table(grid(_, _, _, _, _, _, Steps), Dir, Table) :- arg(Dir, Steps, Table).

%% forward_dirs(+Kind, ?Way, -Dirs)  the directions of a board of Kind that go
% up (towards row 0) or down (towards the last row), in direction order: a
% player who moves up the board has the `up` ones as its forward directions.
forward_dirs(Kind, Way, Dirs) :-
    offsets(Kind, Offsets),
    way(Way, Sign),
    findall(D, ( nth1(D, Offsets, _-DR), DR * Sign > 0 ), Dirs).

%% way(?Way, ?Sign)  the sign of the row step that goes Way.
way(up, -1).
way(down, 1).

%% directions_of(+Grid, -D)  how many directions Grid has.
directions_of(grid(_, _, _, _, _, _, Steps), D) :- functor(Steps, _, D).

%% neighbour(+Grid, +K, -J)  each neighbour J of cell K, in direction order.
neighbour(grid(_, _, _, _, _, _, Steps), K, J) :-
    functor(Steps, _, D),
    between(1, D, Dir),
    arg(Dir, Steps, Table), arg(K, Table, J),
    J > 0.

%% neighbours(+Grid, +K, -Js)  the neighbours of cell K, in direction order.
neighbours(Grid, K, Js) :-
    findall(J, neighbour(Grid, K, J), Js).

%% border_marks(+Grid, -Marks)  m(...) of each cell's borders: bit D - 1 is set when
% the cell has no neighbour in direction D (grid.pl's direction order), so the cells
% of an edge share a bit: on a rectangle or a rhombus, the top row has no neighbour
% upwards, the left column none to the left.
border_marks(Grid, Marks) :-
    grid:grid_size(Grid, N),
    grid:directions_of(Grid, D),
    findall(M, ( between(1, N, K), cell_borders(Grid, K, D, M) ), Ms),
    Marks =.. [m|Ms].

%% cell_borders(+Grid, +K, +D, -M)  the border bits of cell K on a grid of D directions.
cell_borders(Grid, K, D, M) :-
    findall(B, ( between(1, D, Dir), \+ grid:step(Grid, K, Dir, _), B is 1 << (Dir - 1) ), Bs),
    sum_list(Bs, M).

%% replace(+N, +Xs, +Y, -Ys)  Ys is Xs with its N-th element (from 1) replaced by Y.
replace(1, [_|Xs], Y, [Y|Xs]) :- !.
replace(N, [X|Xs], Y, [X|Ys]) :- N1 is N - 1, replace(N1, Xs, Y, Ys).

%% put_arg(+I, +Term, +X, -Term1)  Term1 is Term with X as its I-th argument.  For a
% compound of a name and arity seen before, one clause per argument, made on first
% use (put_args/2), copies it by unification in one step: in scryer that is about
% ten times faster than walking the arguments, which the other compounds do.
put_arg(I, T, X, T1) :-
    functor(T, F, A),
    (  integer(I), arg_put(I, F, A, T, X, T1) -> true
    ;  integer(I), I >= 1, I =< A, put_args(F, A) -> arg_put(I, F, A, T, X, T1)
    ;  functor(T1, F, A), copy_args(A, I, T, X, T1)
    ).

:- dynamic((arg_put/6, args_put/2)).

%% put_args(+F, +A)  make arg_put/6's clauses for compounds F/A, one per argument,
% when they were never tried, for at most 16 names and arities of at most 200
% arguments (a rule file's boards and rows, not any compound it copies; a clause
% holds two compounds of A arguments, and scryer's machine has 256 registers);
% fails when they are not made.
put_args(F, A) :-
    \+ args_put(F, A), atom(F), A =< 200,
    \+ ( findall(x, args_put(_, _), Xs), length(Xs, L), L >= 16 ),
    assertz(args_put(F, A)),
    catch(arg_puts(A, F, A), _, ( retractall(arg_put(_, F, A, _, _, _)), fail )).

%% arg_puts(+I, +F, +A)  arg_put/6's clauses for arguments I down to 1 of F/A.
arg_puts(0, _, _) :- !.
arg_puts(I, F, A) :-
    functor(T, F, A), functor(T1, F, A), copy_args(A, I, T, X, T1),
    assertz(arg_put(I, F, A, T, X, T1)),
    I1 is I - 1,
    arg_puts(I1, F, A).

%% copy_args(+K, +I, +Term, +X, +Term1)  arguments 1..K of Term1 are those of Term, X at I.
copy_args(0, _, _, _, _) :- !.
copy_args(K, I, T, X, T1) :-
    (  K =:= I -> arg(K, T1, X) ; arg(K, T, Y), arg(K, T1, Y) ),
    K1 is K - 1,
    copy_args(K1, I, T, X, T1).
