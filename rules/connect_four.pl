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
% State: connect_four(Cols, Rows, Line, ToMove, Board, Status)
%   Cols, Rows  the board (options cols and rows), Line the line that wins (option line)
%   ToMove      x or o; x moves first
%   Board       a board of board.pl on a square8 grid, its cells row by row from the
%               top, each e (empty), x or o: cell (C, R), column C from the left and
%               row R from the bottom (both from 0), is cell (Rows - 1 - R) * Cols +
%               C + 1; the top row is cells 1 to Cols
%   Status      ongoing, won(Player) or draw
% Move: drop(C), a stone into column C (from 0); its text is the column's letter,
% a to g on the standard board.
% Position text: "CxR ROWS SIDE[ line=L]": the columns and rows, the rows from the
% top separated by "/" (x and o for stones, a number for a run of empty cells, as
% notation.pl writes them), the side to move, and the line that wins when it is not
% 4; who has won is read from the board.  The start: "7x6 7/7/7/7/7/7 x".

:- module(connect_four, [
    initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2, explain_illegal/3, refusal//1, position_error/2, turns/3,
    legal_count/2, nth_legal/3
]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(dcgs)).

%% requires(?Library)  the board is board.pl's on a grid of grid.pl; texts are
% written with notation.pl.
requires(grid).
requires(board).
requires(notation).

%% summary(-Text)  one line for `ludolog games`.
summary("Connect Four (OpenSpiel's rules): stones fall down the columns; four in a line win").

%% option(?Key, ?Kind, ?Default, ?Meaning)  the board and the line that wins, as
% OpenSpiel's parameters columns, rows and x_in_row; at most 15 columns and rows.
option(cols, int(1, 15), 7, "the number of columns").
option(rows, int(1, 15), 6, "the number of rows").
option(line, int(1, 15), 4, "how many stones in a line win").

%% initial(+Options, -State)  the empty board, x to move.
initial(Options, connect_four(Cols, Rows, Line, x, Board, ongoing)) :-
    protocol:options([cols(Cols), rows(Rows), line(Line)], Options),
    N is Cols * Rows,
    length(Es, N), maplist(=(e), Es),
    upright_board(Cols, Rows, Es, Board).

%% upright_board(+Cols, +Rows, +Cells, -Board)  the board whose cells, row by row
% from the top, are Cells.
upright_board(Cols, Rows, Cells, Board) :-
    board:kept_grid(square8, Cols-Rows, all, Grid),
    Compound =.. [b|Cells],
    board:board_new(Grid, none, Compound, Board).

%% to_move(+State, -Player)  whose turn it is.
to_move(connect_four(_, _, _, P, _, _), P).

%% other(?Player, ?Opponent)  the two players.
other(x, o).
other(o, x).

%% down(?Dir)  the direction of a falling stone on a square8 grid: (0, +1), a row
% nearer the bottom.
down(7).

%% lines(?Dirs)  the four directions of a line, each taken both ways by line_at/4: a
% row, a rising diagonal, a column, a falling diagonal.
lines([1, 2, 3, 4]).

%% turn(+Player, +Line, -Turn)  Player's turn in the board library's words (board.pl's
% turns): a stone dropped into a column that is not full falls along down/1 to the
% lowest empty cell; a line of Line or more of the mover's stones (a row, a column
% or a diagonal) wins, else a full board is a draw.
turn(P, Line, turn(P, [drop(P, Down)], [line(Line, Dirs), full])) :-
    down(Down), lines(Dirs).

%% turns(+State, -Board, -Turns)  the board and the two turns of a game that goes on,
% the side to move's first.
turns(connect_four(_, _, Line, P, Board, ongoing), Board, [T, U]) :-
    turn(P, Line, T), other(P, Q), turn(Q, Line, U).

%% legal(+State, -Move)  every column that is not full, from the left: a stone
% comes in at its top cell, cell C + 1 of column C.
legal(connect_four(_, _, Line, P, Board, ongoing), drop(C)) :-
    turn(P, Line, T),
    board:turn_moves(Board, T, Moves),
    member(drop(Top), Moves),
    C is Top - 1.

%% legal_count(+State, -N)  how many moves legal/2 gives, counted by the library.
legal_count(connect_four(_, _, Line, P, Board, ongoing), N) :- !,
    turn(P, Line, T), board:turn_count(Board, T, N).
legal_count(_, 0).

%% nth_legal(+State, +I, -Move)  the I-th move (from 0) legal/2 gives.
nth_legal(connect_four(_, _, Line, P, Board, ongoing), I, drop(C)) :-
    turn(P, Line, T),
    board:turn_nth(Board, T, I, drop(Top)),
    C is Top - 1.

%% play(+State, +Move, -Next)  a stone of the side to move dropped into a column that
% is not full; the game is won by a line through where it rests, drawn when it
% fills the board.  Fails on any other move.
play(connect_four(Cols, Rows, Line, P, Board, ongoing), drop(C),
     connect_four(Cols, Rows, Line, Q, Board1, Status)) :-
    integer(C), C >= 0, C < Cols,
    Top is C + 1,
    turns(connect_four(Cols, Rows, Line, P, Board, ongoing), Board, Turns),
    board:turn_play(Board, Turns, drop(Top), Board1, Status),
    other(P, Q).

%% outcome(+State, -Outcome)  win(Player) or draw once the game is over.
outcome(connect_four(_, _, _, _, _, won(P)), win(P)).
outcome(connect_four(_, _, _, _, _, draw), draw).

%% evaluate(+State, +Player, -Score)  a heuristic for alpha-beta: Player's stones
% weighted by how central their column is, minus the opponent's.
evaluate(connect_four(_, _, _, _, _, won(W)), P, Score) :- !,
    (  W == P -> Score = 10000 ; Score = -10000 ).
evaluate(connect_four(_, _, _, _, _, draw), _, 0) :- !.
evaluate(connect_four(Cols, Rows, _, _, Board, ongoing), P, Score) :-
    N is Cols * Rows,
    findall(W, ( between(1, N, I), board:board_cell(Board, I, X), X \== e,
                 C is (I - 1) mod Cols, W0 is Cols - abs(2 * C - Cols + 1),
                 ( X == P -> W = W0 ; W is -W0 ) ), Ws),
    sum_list(Ws, Score).

%% explain_illegal(+State, +Move, -Reason)  why a move is refused, as a term worded
% by refusal//1; columns are named as moves write them.
explain_illegal(connect_four(_, _, _, _, _, Status), _, game_over(Status)) :-
    Status \== ongoing, !.
explain_illegal(connect_four(Cols, _, _, _, Board, ongoing), drop(C), Reason) :-
    phrase(move_out(drop(C)), Cs), atom_chars(Name, Cs),
    (  ( C < 0 ; C >= Cols ) -> Reason = no_column(Name)
    ;  Top is C + 1, \+ board:board_cell(Board, Top, e) -> Reason = full(Name)
    ).

%% refusal(+Reason)//  the words of each reason explain_illegal/3 gives.
refusal(game_over(won(W))) --> "the game is over: ", atom(W), " has won".
refusal(game_over(draw)) --> "the game is over: a draw".
refusal(no_column(C)) --> "there is no column ", atom(C).
refusal(full(C)) --> "column ", atom(C), " is full".

%% atom(+Atom)//  the characters of Atom.
atom(A) --> { atom_chars(A, Cs) }, seq(Cs).

%% move(?Move)//  the column's letter, a for the leftmost.
move(M) --> { ground(M) }, !, move_out(M).
move(drop(C)) --> notation:column(C).

%% move_out(+Move)//  the text of a ground move.
move_out(drop(C)) --> notation:column(C).

%% position(?State)//  the canonical one-line position text, both ways.
position(S) --> { nonvar(S) }, !, position_out(S).
position(S) --> position_in(S).

%% position_out(+State)//  the text of a state.
position_out(connect_four(Cols, Rows, Line, P, Board, _)) -->
    { board:board_cells(Board, Compound), Compound =.. [_|Xs], rows(Cols, Xs, Top) },
    notation:natural(Cols), "x", notation:natural(Rows), " ",
    notation:rows_out(Top, [x-x, o-o]), " ", side(P), line(Line).

%% position_in(-State)//  the state a position text names.
position_in(connect_four(Cols, Rows, Line, P, Board, Status)) -->
    notation:natural(Cols), "x", notation:natural(Rows),
    { Cols =< 15, Rows =< 15, length(Lengths, Rows), maplist(=(Cols), Lengths) }, " ",
    notation:rows_in(Lengths, Top, [x-x, o-o]), " ", side(P), line(Line),
    {  Line =< 15,
       append(Top, Xs), upright_board(Cols, Rows, Xs, Board),
       status(Line, Board, P, Status) }.

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

%% height(+Cols, +Rows, +Board, +C, -H)  how high the stones of column C stand:
% one more than the row of its top stone, 0 for an empty column.
height(_, Rows, Board, C, H) :-
    Top is C + 1,
    (  board:board_cell(Board, Top, e)
    -> down(Down), board:ray(Board, Top, Down, Below, _),
       length(Below, L), H is Rows - 1 - L
    ;  H = Rows
    ).

%% cell(+Cols, +Rows, ?C-R, ?K)  cell K of the board is (C, R), row R from the bottom.
cell(Cols, Rows, C-R, K) :-
    (  integer(K)
    -> C is (K - 1) mod Cols, R is Rows - 1 - (K - 1) // Cols
    ;  K is (Rows - 1 - R) * Cols + C + 1
    ).

%% status(+Line, +Board, +Player, -Status)  the status of a board read with Player to
% move: the ends of the other player's turn (turn/3), read on the board as a whole.
status(Line, Board, P, Status) :-
    other(P, Q), turn(Q, Line, U), turn(P, Line, T),
    board:turn_status(Board, [U, T], Status).

%% winner(+Line, +Board, ?Player)  Player has a line of Line: its turn's ends, read on
% the board, give it the win.
winner(Line, Board, P) :-
    other(P, Q), status(Line, Board, Q, won(P)).

%% position_error(+State, -Reason)  why no game reaches a state read from a text; fails
% when the board passes these tests: no stone above an empty cell, x with as many
% stones as o (x to move) or one more (o to move), not both with a line, the side
% with a line not to move, and a line made by the last stone (one on top of its
% column whose removal leaves no line).
position_error(connect_four(Cols, Rows, Line, P, Board, Status), Reason) :-
    board:count_of(Board, x, NX), board:count_of(Board, o, NO),
    (  floating(Cols, Rows, Board, C-R)
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
    ;  winner(Line, Board, x), winner(Line, Board, o)
    -> protocol:formatted("both x and o have a line of ~d: the game ends with the first", [Line], Reason)
    ;  winner(Line, Board, P)
    -> other(P, Q),
       protocol:formatted("~a has a line of ~d, so the game ended with its move and ~a is to move, not ~a", [P, Line, Q, P], Reason)
    ;  Status = won(W), \+ last_stone(Cols, Rows, Line, Board, W)
    -> protocol:formatted("~a has a line of ~d even with any one of its stones on top of a column taken away, so no move was the last: no game reaches that", [W, Line], Reason)
    ).

%% floating(+Cols, +Rows, +Board, -C-R)  an empty cell (C, R) under the top stone
% of its column (the lowest of the leftmost such column).
floating(Cols, Rows, Board, C-R) :-
    C1 is Cols - 1, between(0, C1, C),
    height(Cols, Rows, Board, C, H),
    H1 is H - 1, between(0, H1, R),
    cell(Cols, Rows, C-R, K), board:board_cell(Board, K, e),
    !.

%% last_stone(+Cols, +Rows, +Line, +Board, +Winner)  some stone of Winner's on top
% of its column whose removal leaves Winner without a line: the last move could
% have been it.
last_stone(Cols, Rows, Line, Board, W) :-
    C1 is Cols - 1, between(0, C1, C),
    height(Cols, Rows, Board, C, H), H > 0,
    R is H - 1, cell(Cols, Rows, C-R, K),
    board:board_cell(Board, K, X), X == W,
    board:board_set(Board, K, e, Board1),
    \+ winner(Line, Board1, W),
    !.

%% noun(+N, +One, +Many, -Word)  the noun for a count of N: One for 1, else Many.
noun(1, One, _, One) :- !.
noun(_, _, Many, Many).

%% view(+State, -View)  the upright board, a1 at the bottom left; text drawings use
% the letters of the position text, drawings red for x and gold for o.
view(connect_four(Cols, Rows, Line, P, Board, Status),
     view(square, Cols, Rows, Cells, [to_move(P), status(Status), glyphs([stone(x) = x, stone(o) = o]), colours([x = red, o = gold])|Ended])) :-
    N is Cols * Rows,
    findall(cell(C, Row, Name, Piece),
            ( between(1, N, I), cell(Cols, Rows, C-R, I),
              Row is Rows - 1 - R, board:board_cell(Board, I, X), cell_piece(X, Piece),
              R1 is R + 1, phrase(cell_name(C-R1), Cs), atom_chars(Name, Cs) ),
            Cells),
    ended_info(Status, Cols-Rows, Line, Board, Ended).

%% ended_info(+Status, +Cols-Rows, +Line, +Board, -Info)  how the game ended, for the
% renderers and the page: a won game's line (highlighted) and the words; nothing while
% it goes on.
ended_info(won(P), Size, Line, Board, [highlight(Names), ending(Words)]) :-
    winning_line(Size, Line, Board, P, Line1), !,
    findall(Name, ( member(C-R, Line1), R1 is R + 1, phrase(cell_name(C-R1), Cs), atom_chars(Name, Cs) ), Names),
    protocol:formatted("~d in a line", [Line], Words).
ended_info(draw, _, _, _, [ending("the board is full")]) :- !.
ended_info(_, _, _, _, []).

%% winning_line(+Cols-Rows, +Line, +Board, +P, -Cells)  Line cells C-R (R from the
% bottom) in a row, a column or a diagonal, each holding P's stone.
winning_line(Cols-Rows, Line, Board, P, Cells) :-
    member(DC-DR, [1-0, 0-1, 1-1, 1-(-1)]),
    between(1, Cols, C1), C0 is C1 - 1,
    between(1, Rows, R1), R0 is R1 - 1,
    Last is Line - 1,
    findall(C-R, ( between(0, Last, J), C is C0 + J * DC, R is R0 + J * DR ), Cells),
    \+ ( member(C-R, Cells),
          \+ ( C >= 0, C < Cols, R >= 0, R < Rows,
                cell(Cols, Rows, C-R, I), board:board_cell(Board, I, P) ) ).

%% cell_name(+C-K)//  the name of the cell in column C and row K from the bottom: b3.
cell_name(CK) --> notation:square(CK).

%% cell_piece(?Cell, ?Piece)  the renderers' piece for each cell.
cell_piece(e, empty).
cell_piece(x, stone(x)).
cell_piece(o, stone(o)).
