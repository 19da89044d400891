%% connect_four — Connect Four as OpenSpiel plays it: two players drop stones in
% turn into the columns of an upright board of 7 columns and 6 rows; a stone falls
% to the lowest empty cell of its column.  Four of one's stones in a line (a row, a
% column or a diagonal) win; a full board without one is a draw.
%
% OpenSpiel's choices (open_spiel/games/connect_four), kept here so that `ludolog
% check rules/connect_four.pl --against "python3 examples/engines/openspiel.py
% rules/connect_four.pl"` agrees with OpenSpiel: its player 0 (x) moves first, and
% its parameters rows, columns and x_in_row are the options rows, cols and line.  A
% move that makes a line on the last empty cell wins.
%
% State: connect_four(Cols, Rows, Line, ToMove, Board, Heights, Status)
%   Cols, Rows  the board (options cols and rows), Line the line that wins (option line)
%   ToMove      x or o; x moves first
%   Board       b(X1, ..., XN): the cells row by row from the bottom, each e (empty),
%               x or o; cell (C, R), column C and row R from 0, is argument
%               R * Cols + C + 1, read with arg/3, changed with grid:put_arg/4
%   Heights     h(H1, ..., HCols): how many stones each column holds
%   Status      ongoing, won(Player) or draw
% Move: drop(C), a stone into column C (from 0); its text is the column's letter,
% a to g on the standard board.
% Position text: "CxR ROWS SIDE[ line=L]": the columns and rows, the rows from the
% top separated by "/" (x and o for stones, a number for a run of empty cells, as
% notation.pl writes them), the side to move, and the line that wins when it is not
% 4; who has won is read from the board.  The start: "7x6 7/7/7/7/7/7 x".

:- module(connect_four, [
    initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2, explain_illegal/3, position_error/2
]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(dcgs)).

%% requires(?Library)  cells are changed with grid.pl, texts written with notation.pl.
requires(grid).
requires(notation).

%% summary(-Text)  one line for `ludolog games`.
summary("Connect Four (OpenSpiel's rules): stones fall down the columns; four in a line win").

%% option(?Key, ?Kind, ?Default, ?Meaning)  the board and the line that wins, as
% OpenSpiel's parameters columns, rows and x_in_row; at most 15 columns and rows, as
% the board is one term of at most 255 cells.
option(cols, int(1, 15), 7, "the number of columns").
option(rows, int(1, 15), 6, "the number of rows").
option(line, int(1, 15), 4, "how many stones in a line win").

%% initial(+Options, -State)  the empty board, x to move.
initial(Options, connect_four(Cols, Rows, Line, x, Board, Heights, ongoing)) :-
    protocol:options([cols(Cols), rows(Rows), line(Line)], Options),
    N is Cols * Rows,
    length(Es, N), maplist(=(e), Es), Board =.. [b|Es],
    length(Zs, Cols), maplist(=(0), Zs), Heights =.. [h|Zs].

%% to_move(+State, -Player)  whose turn it is.
to_move(connect_four(_, _, _, P, _, _, _), P).

%% other(?Player, ?Opponent)  the two players.
other(x, o).
other(o, x).

%% legal(+State, -Move)  every column that is not full, from the left.
legal(connect_four(Cols, Rows, _, _, _, Heights, ongoing), drop(C)) :-
    between(1, Cols, A),
    arg(A, Heights, H), H < Rows,
    C is A - 1.

%% play(+State, +Move, -Next)  a stone of the side to move on the lowest empty cell of
% a column that is not full; the game is won by a line through it, drawn when it
% fills the board.  Fails on any other move.
play(connect_four(Cols, Rows, Line, P, Board, Heights, ongoing), drop(C),
     connect_four(Cols, Rows, Line, Q, Board1, Heights1, Status)) :-
    integer(C), C >= 0, C < Cols,
    A is C + 1, arg(A, Heights, H), H < Rows,
    I is H * Cols + A,
    grid:put_arg(I, Board, P, Board1),
    H1 is H + 1, grid:put_arg(A, Heights, H1, Heights1),
    other(P, Q),
    (  line_through(Cols, Rows, Line, Board1, C-H, P) -> Status = won(P)
    ;  full(Cols, Rows, Heights1) -> Status = draw
    ;  Status = ongoing
    ).

%% direction(?DC, ?DR)  the four directions of a line: a row, a column, two diagonals.
direction(1, 0).
direction(0, 1).
direction(1, 1).
direction(1, -1).

%% line_through(+Cols, +Rows, +Line, +Board, +C-R, +Player)  Player's stone on (C, R)
% is part of a line of at least Line of Player's stones.
line_through(Cols, Rows, Line, Board, C-R, P) :-
    direction(DC, DR),
    run(Cols, Rows, Board, C-R, DC-DR, P, A),
    BC is -DC, BR is -DR,
    run(Cols, Rows, Board, C-R, BC-BR, P, B),
    A + B + 1 >= Line,
    !.

%% run(+Cols, +Rows, +Board, +C-R, +DC-DR, +Player, -Count)  how many of Player's
% stones follow (C, R) in direction DC-DR before another cell or the edge.
run(Cols, Rows, Board, C-R, DC-DR, P, Count) :-
    C1 is C + DC, R1 is R + DR,
    (  C1 >= 0, C1 < Cols, R1 >= 0, R1 < Rows,
       I is R1 * Cols + C1 + 1, arg(I, Board, X), X == P
    -> run(Cols, Rows, Board, C1-R1, DC-DR, P, Count0), Count is Count0 + 1
    ;  Count = 0
    ).

%% full(+Cols, +Rows, +Heights)  every column holds Rows stones.
full(Cols, Rows, Heights) :-
    \+ ( between(1, Cols, A), arg(A, Heights, H), H < Rows ).

%% outcome(+State, -Outcome)  win(Player) or draw once the game is over.
outcome(connect_four(_, _, _, _, _, _, won(P)), win(P)).
outcome(connect_four(_, _, _, _, _, _, draw), draw).

%% evaluate(+State, +Player, -Score)  a heuristic for alpha-beta: Player's stones
% weighted by how central their column is, minus the opponent's.
evaluate(connect_four(_, _, _, _, _, _, won(W)), P, Score) :- !,
    (  W == P -> Score = 10000 ; Score = -10000 ).
evaluate(connect_four(_, _, _, _, _, _, draw), _, 0) :- !.
evaluate(connect_four(Cols, Rows, _, _, Board, _, ongoing), P, Score) :-
    N is Cols * Rows,
    findall(W, ( between(1, N, I), arg(I, Board, X), X \== e,
                 C is (I - 1) mod Cols, W0 is Cols - abs(2 * C - Cols + 1),
                 ( X == P -> W = W0 ; W is -W0 ) ), Ws),
    sum_list(Ws, Score).

%% explain_illegal(+State, +Move, -Reason)  why a move is refused.
explain_illegal(connect_four(_, _, _, _, _, _, Status), _, Reason) :-
    Status \== ongoing, !,
    (  Status = won(W)
    -> protocol:formatted("the game is over: ~a has won", [W], Reason)
    ;  Reason = "the game is over: a draw"
    ).
explain_illegal(connect_four(Cols, Rows, _, _, _, Heights, ongoing), drop(C), Reason) :-
    phrase(move_out(drop(C)), Name),
    (  ( C < 0 ; C >= Cols )
    -> protocol:formatted("there is no column ~s", [Name], Reason)
    ;  A is C + 1, arg(A, Heights, Rows)
    -> protocol:formatted("column ~s is full", [Name], Reason)
    ).

%% move(?Move)//  the column's letter, a for the leftmost.
move(M) --> { ground(M) }, !, move_out(M).
move(drop(C)) --> [L], { char_code(L, Code), Code >= 0'a, Code =< 0'z, C is Code - 0'a }.

%% move_out(+Move)//  the text of a ground move.
move_out(drop(C)) --> { Code is 0'a + C, char_code(L, Code) }, [L].

%% position(?State)//  the canonical one-line position text, both ways.
position(S) --> { nonvar(S) }, !, position_out(S).
position(S) --> position_in(S).

%% position_out(+State)//  the text of a state.
position_out(connect_four(Cols, Rows, Line, P, Board, _, _)) -->
    { Board =.. [_|Xs], rows(Cols, Xs, Bottom), reverse(Bottom, Top) },
    notation:natural(Cols), "x", notation:natural(Rows), " ",
    notation:rows_out(Top, [x-x, o-o]), " ", side(P), line(Line).

%% position_in(-State)//  the state a position text names.
position_in(connect_four(Cols, Rows, Line, P, Board, Heights, Status)) -->
    notation:natural(Cols), "x", notation:natural(Rows),
    { Cols =< 15, Rows =< 15, length(Lengths, Rows), maplist(=(Cols), Lengths) }, " ",
    notation:rows_in(Lengths, Top, [x-x, o-o]), " ", side(P), line(Line),
    {  Line =< 15,
       reverse(Top, Bottom), append(Bottom, Xs), Board =.. [b|Xs],
       heights(Cols, Rows, Board, Heights),
       board_status(Cols, Rows, Line, Board, Heights, Status) }.

%% side(?Player)//  x or o.
side(x) --> "x".
side(o) --> "o".

%% line(?Line)//  " line=L" when the line that wins is not 4, else nothing.
line(L) --> { integer(L) }, !, ( { L =:= 4 } -> [] ; " line=", notation:natural(L) ).
line(L) --> " line=", !, notation:natural(L), { L =\= 4 }.
line(4) --> [].

%% rows(+Cols, +Cells, -Rows)  Cells cut into rows of Cols, in order.
rows(_, [], []) :- !.
rows(Cols, Xs, [Row|Rows]) :-
    length(Row, Cols), append(Row, Rest, Xs),
    rows(Cols, Rest, Rows).

%% heights(+Cols, +Rows, +Board, -Heights)  each column's height: one more than the
% row of its highest stone, 0 for an empty column.
heights(Cols, Rows, Board, Heights) :-
    findall(H, ( between(1, Cols, A), column_height(Cols, Rows, Board, A, H) ), Hs),
    Heights =.. [h|Hs].

%% column_height(+Cols, +R, +Board, +A, -H)  the height of column A counting rows
% 0..R-1 only.
column_height(_, 0, _, _, 0) :- !.
column_height(Cols, R, Board, A, H) :-
    I is (R - 1) * Cols + A,
    (  arg(I, Board, e) -> R1 is R - 1, column_height(Cols, R1, Board, A, H) ; H = R ).

%% board_status(+Cols, +Rows, +Line, +Board, +Heights, -Status)  who has a line, else
% draw on a full board, else ongoing.
board_status(Cols, Rows, Line, Board, Heights, Status) :-
    (  winner(Cols, Rows, Line, Board, P) -> Status = won(P)
    ;  full(Cols, Rows, Heights) -> Status = draw
    ;  Status = ongoing
    ).

%% winner(+Cols, +Rows, +Line, +Board, ?Player)  Player has a line of Line somewhere.
winner(Cols, Rows, Line, Board, P) :-
    N is Cols * Rows,
    other(P, _),
    between(1, N, I), arg(I, Board, X), X == P,
    C is (I - 1) mod Cols, R is (I - 1) // Cols,
    line_through(Cols, Rows, Line, Board, C-R, P).

%% position_error(+State, -Reason)  why no game reaches a state read from a text; fails
% when the board passes these tests: no stone above an empty cell, x with as many
% stones as o (x to move) or one more (o to move), not both with a line, the side
% with a line not to move, and a line made by the last stone (one on top of its
% column whose removal leaves no line).
position_error(connect_four(Cols, Rows, Line, P, Board, Heights, Status), Reason) :-
    Board =.. [_|Xs],
    count(Xs, x, NX), count(Xs, o, NO),
    (  floating(Cols, Board, Heights, C-R)
    -> phrase(move_out(drop(C)), Name), R1 is R + 1,
       protocol:formatted("column ~s has an empty cell on row ~d under a stone: stones fall to the bottom", [Name, R1], Reason)
    ;  NX =\= NO, NX =\= NO + 1
    -> noun(NX, stone, stones, Word),
       protocol:formatted("x has ~d ~a and o ~d: no game reaches that (x moves first and the players alternate)", [NX, Word, NO], Reason)
    ;  NX =:= NO, P \== x
    -> noun(NX, stone, stones, Word),
       protocol:formatted("with ~d ~a each, x is to move, not ~a", [NX, Word, P], Reason)
    ;  NX =:= NO + 1, P \== o
    -> protocol:formatted("with ~d x and ~d o, o is to move, not ~a", [NX, NO, P], Reason)
    ;  winner(Cols, Rows, Line, Board, x), winner(Cols, Rows, Line, Board, o)
    -> protocol:formatted("both x and o have a line of ~d: the game ends with the first", [Line], Reason)
    ;  Status = won(P)
    -> other(P, Q),
       protocol:formatted("~a has a line of ~d, so the game ended with its move and ~a is to move, not ~a", [P, Line, Q, P], Reason)
    ;  Status = won(W), \+ last_stone(Cols, Rows, Line, Board, Heights, W)
    -> protocol:formatted("~a has a line of ~d even with any one of its stones on top of a column taken away, so no move was the last: no game reaches that", [W, Line], Reason)
    ).

%% floating(+Cols, +Board, +Heights, -C-R)  an empty cell (C, R) under the top stone
% of its column.
floating(Cols, Board, Heights, C-R) :-
    between(1, Cols, A), arg(A, Heights, H),
    H1 is H - 1, between(0, H1, R),
    I is R * Cols + A, arg(I, Board, e),
    C is A - 1,
    !.

%% last_stone(+Cols, +Rows, +Line, +Board, +Heights, +Winner)  some stone of
% Winner's on top of its column whose removal leaves Winner without a line: the
% last move could have been it.
last_stone(Cols, Rows, Line, Board, Heights, W) :-
    between(1, Cols, A), arg(A, Heights, H), H > 0,
    I is (H - 1) * Cols + A, arg(I, Board, X), X == W,
    grid:put_arg(I, Board, e, Board1),
    \+ winner(Cols, Rows, Line, Board1, W),
    !.

%% noun(+N, +One, +Many, -Word)  the noun for a count of N: One for 1, else Many.
noun(1, One, _, One) :- !.
noun(_, _, Many, Many).

%% count(+Cells, +Stone, -N)  how many of Cells hold Stone.
count([], _, 0).
count([C|Cs], S, N) :- count(Cs, S, N0), ( C == S -> N is N0 + 1 ; N = N0 ).

%% view(+State, -View)  the upright board, a1 at the bottom left; text drawings use
% the letters of the position text, drawings red for x and gold for o.
view(connect_four(Cols, Rows, _, P, Board, _, Status),
     view(square, Cols, Rows, Cells, [to_move(P), status(Status), glyphs([stone(x) = x, stone(o) = o]), colours([x = red, o = gold])])) :-
    N is Cols * Rows,
    findall(cell(C, Row, Name, Piece),
            ( between(1, N, I), C is (I - 1) mod Cols, R is (I - 1) // Cols,
              Row is Rows - 1 - R, arg(I, Board, X), cell_piece(X, Piece),
              Code is 0'a + C, R1 is R + 1,
              number_chars(R1, Ds), char_code(L, Code), atom_chars(Name, [L|Ds]) ),
            Cells).

%% cell_piece(?Cell, ?Piece)  the renderers' piece for each cell.
cell_piece(e, empty).
cell_piece(x, stone(x)).
cell_piece(o, stone(o)).
