%% clobber — Clobber (Albert, Grossman, Nowakowski and Wolfe, 2001) as OpenSpiel
% plays it: stones of two colours fill a board in a checkerboard pattern.
%
% §1 The board is Cols x Rows (OpenSpiel's default 6 x 5), every cell holding a
%    stone: o on the cells whose column and rank add up to an even number (a1 is
%    o), x on the others.
% §2 o moves first, then the players alternate.
% §3 A move takes one of the mover's stones one cell up, down, left or right onto
%    a cell holding an opponent's stone, which is removed (clobbered).  A stone
%    never moves onto an empty cell.
% §4 A player who cannot move loses.  There are no draws.
%
% OpenSpiel's choices (open_spiel/games/clobber), kept so that `ludolog check
% clobber --against "python3 examples/engines/openspiel.py clobber"` agrees: its
% player 0 moves the o stones, ranks are numbered from the bottom (a1 at the
% bottom left), and its parameters rows and columns are the options rows and cols.
%
% State: clobber(Cols, Rows, ToMove, Board, Status)
%   Cols, Rows  the board (options cols and rows)
%   ToMove      o or x
%   Board       a board.pl board of the Cols x Rows square (4 neighbours); cell I
%               (from 1, row by row from the top row, rank Rows) holds e, o or x
%   Status      ongoing or won(Player): the mover has won when the other side has
%               no move left (§4)
% Move: step(C, K, C2, K2), the stone on column C (from 0) and rank K (from 1, the
% bottom rank) onto column C2 and rank K2; its text is the two squares' names joined
% by "-": "a5-b5" ("a5b5", OpenSpiel's, is read too).
% Position text: "CxR RANKS SIDE": the columns and rows, the ranks from the top
% separated by "/" (o and x for stones, a number for a run of empty cells, as
% notation.pl writes them) and the side to move.  The start of the default game:
%   "6x5 oxoxox/xoxoxo/oxoxox/xoxoxo/oxoxox o".

:- module(clobber, [
    initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2, explain_illegal/3, refusal//1, turns/3,
    legal_count/2, nth_legal/3
]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(dcgs)).

%% requires(?Library)  the square comes from grid.pl, the board and its moves from
% board.pl (native in the accelerated tier), the texts' rows from notation.pl.
requires(grid).
requires(board).
requires(notation).

%% summary(-Text)  one line for `ludolog games`.
summary("Clobber (OpenSpiel's rules): a stone takes a neighbouring enemy stone; who cannot move loses").

%% option(?Key, ?Kind, ?Default, ?Meaning)  the board, as OpenSpiel's parameters
% columns and rows; at most 15 each.
option(cols, int(1, 15), 6, "the number of columns").
option(rows, int(1, 15), 5, "the number of rows (ranks)").

%% initial(+Options, -State)  the checkerboard of stones (§1), o to move (§2).
initial(Options, clobber(Cols, Rows, o, Board, Status)) :-
    protocol:options([cols(Cols), rows(Rows)], Options),
    N is Cols * Rows,
    findall(X, ( between(1, N, I), start_stone(Cols, Rows, I, X) ), Xs),
    square_board(Cols, Rows, Xs, Board),
    status(Board, o, Status).

%% start_stone(+Cols, +Rows, +I, -X)  the stone on cell I at the start (§1): o where
% column and rank (both from 0, rank 0 the bottom row) add up to an even number.
start_stone(Cols, Rows, I, X) :-
    C is (I - 1) mod Cols, Rank is Rows - 1 - (I - 1) // Cols,
    (  (C + Rank) mod 2 =:= 0 -> X = o ; X = x ).

%% square_board(+Cols, +Rows, +Cells, -Board)  the board of the Cols x Rows square
% (4 neighbours) holding Cells, row by row from the top.
square_board(Cols, Rows, Cells, Board) :-
    board:kept_grid(square4, Cols-Rows, all, Grid),
    Compound =.. [c|Cells],
    board:board_new(Grid, none, Compound, Board).

%% to_move(+State, -Player)  whose turn it is.
to_move(clobber(_, _, P, _, _), P).

%% other(?Player, ?Opponent)  the two players.
other(o, x).
other(x, o).

%% turn(?Player, ?Turn)  Player's turn in the board library's words (board.pl's
% turns): a stone steps east, north, west or south onto a cell holding an
% opponent's stone, which it takes (§3); a player left without a move loses (§4).
turn(o, turn(o, [step(o, [1-[x], 2-[x], 3-[x], 4-[x]])], [stuck])).
turn(x, turn(x, [step(x, [1-[o], 2-[o], 3-[o], 4-[o]])], [stuck])).

%% turns(+State, -Board, -Turns)  the board and the two turns of a game that goes
% on, the side to move's first.
turns(clobber(_, _, P, Board, ongoing), Board, [T, U]) :-
    turn(P, T), other(P, Q), turn(Q, U).

%% legal(+State, -Move)  every move of the side to move (§3), stone by stone from
% the top left, each stone's directions in turn/2's order.
legal(clobber(Cols, Rows, P, Board, ongoing), M) :-
    turn(P, T),
    board:turn_moves(Board, T, Moves),
    member(go(I, J), Moves),
    cells_move(Cols, Rows, I, J, M).

%% legal_count(+State, -N)  how many moves legal/2 gives, counted by the library.
legal_count(clobber(_, _, P, Board, ongoing), N) :- !,
    turn(P, T), board:turn_count(Board, T, N).
legal_count(_, 0).

%% nth_legal(+State, +I, -Move)  the I-th move (from 0) legal/2 gives.
nth_legal(clobber(Cols, Rows, P, Board, ongoing), I, M) :-
    turn(P, T),
    board:turn_nth(Board, T, I, go(K, J)),
    cells_move(Cols, Rows, K, J, M).

%% cells_move(+Cols, +Rows, +I, +J, -Move)  the move of the stone on cell I onto cell J.
cells_move(Cols, Rows, I, J, step(C, K, C2, K2)) :-
    square_of(Cols, Rows, I, C-K), square_of(Cols, Rows, J, C2-K2).

%% square_of(+Cols, +Rows, +I, -C-K)  the column and rank of cell I.
square_of(Cols, Rows, I, C-K) :- C is (I - 1) mod Cols, K is Rows - (I - 1) // Cols.

%% cell_of(+Cols, +Rows, +C-K, -I)  the cell of column C and rank K, which must be
% on the board.
cell_of(Cols, Rows, C-K, I) :-
    integer(C), integer(K), C >= 0, C < Cols, K >= 1, K =< Rows,
    I is (Rows - K) * Cols + C + 1.

%% play(+State, +Move, -Next)  a stone of the side to move onto a neighbouring
% enemy stone, which is removed (§3); the mover wins when the opponent is left
% without a move (§4).  Fails on any other move.
play(clobber(Cols, Rows, P, Board, ongoing), step(C, K, C2, K2),
     clobber(Cols, Rows, Q, Board1, Status)) :-
    cell_of(Cols, Rows, C-K, I), cell_of(Cols, Rows, C2-K2, J),
    turns(clobber(Cols, Rows, P, Board, ongoing), Board, Turns),
    board:turn_play(Board, Turns, go(I, J), Board1, Status),
    other(P, Q).

%% neighbours(+Cols, +I, +J)  cells I and J are next to each other in a row or a column.
neighbours(Cols, I, J) :-
    D is abs(I - J),
    (  D =:= Cols -> true
    ;  D =:= 1, (I - 1) // Cols =:= (J - 1) // Cols
    ).

%% status(+Board, +ToMove, -Status)  the status the board shows with ToMove to move:
% the end of the other player's turn (turn/2: §4) read on it.
status(Board, ToMove, Status) :-
    other(ToMove, Q), turn(Q, U), turn(ToMove, T),
    board:turn_status(Board, [U, T], Status).

%% outcome(+State, -Outcome)  win(Player) once the game is over.
outcome(clobber(_, _, _, _, won(P)), win(P)).

%% evaluate(+State, +Player, -Score)  a heuristic for alpha-beta: Player's moves
% minus the opponent's (who runs out of moves first loses).
evaluate(clobber(_, _, _, _, won(W)), P, Score) :- !,
    (  W == P -> Score = 10000 ; Score = -10000 ).
evaluate(clobber(_, _, _, Board, ongoing), P, Score) :-
    other(P, Q), turn(P, TP), turn(Q, TQ),
    board:turn_count(Board, TP, NP),
    board:turn_count(Board, TQ, NQ),
    Score is NP - NQ.

%% explain_illegal(+State, +Move, -Reason)  why a move is refused, as a term worded
% by refusal//1; cells are named as moves write them.
explain_illegal(clobber(_, _, _, _, won(W)), _, game_over(W)) :- !.
explain_illegal(clobber(Cols, Rows, P, Board, ongoing), step(C, K, C2, K2), Reason) :-
    other(P, Q),
    named(C-K, From), named(C2-K2, To),
    (  \+ cell_of(Cols, Rows, C-K, _) -> Reason = off_board(From)
    ;  \+ cell_of(Cols, Rows, C2-K2, _) -> Reason = off_board(To)
    ;  cell_of(Cols, Rows, C-K, I), cell_of(Cols, Rows, C2-K2, J),
       (  \+ board:board_cell(Board, I, P) -> Reason = no_stone(P, From)
       ;  \+ neighbours(Cols, I, J) -> Reason = not_next(To, From)
       ;  \+ board:board_cell(Board, J, Q) -> Reason = no_enemy(To, Q)
       )
    ).

%% refusal(+Reason)//  the words of each reason explain_illegal/3 gives.
refusal(game_over(W)) --> "the game is over: ", atom(W), " has won".
refusal(off_board(Sq)) --> atom(Sq), " is off the board".
refusal(no_stone(P, Sq)) --> "no ", atom(P), " stone on ", atom(Sq).
refusal(not_next(To, From)) -->
    atom(To), " is not next to ", atom(From), ": a stone moves one cell up, down, left or right".
refusal(no_enemy(To, Q)) -->
    atom(To), " holds no ", atom(Q), " stone: a stone moves only onto an enemy stone".

%% named(+Square, -Name)  a cell's name as an atom (c3).
named(Sq, Name) :- phrase(square(Sq), Cs), atom_chars(Name, Cs).

%% atom(+Atom)//  the characters of Atom.
atom(A) --> { atom_chars(A, Cs) }, seq(Cs).

%% move(?Move)//  the two squares joined by "-" ("a5b5" read too): "a5-b5".
move(M) --> { ground(M) }, !, move_out(M).
move(step(C, K, C2, K2)) --> square(C-K), separator, square(C2-K2).

%% move_out(+Move)//  the text of a ground move.
move_out(step(C, K, C2, K2)) --> square(C-K), "-", square(C2-K2).

%% separator//  what may join the two squares of a move as read.
separator --> "-".
separator --> [].

%% square(?C-K)//  a file letter (a is column 0) and a rank number (from 1).
square(CK) --> notation:square(CK).

%% cell(+Cols, +Rows, +I)//  the name of cell I: its file letter and rank number.
cell(Cols, Rows, I) --> { square_of(Cols, Rows, I, C-K) }, square(C-K).

%% position(?State)//  the canonical one-line position text, both ways.
position(S) --> { nonvar(S) }, !, position_out(S).
position(S) --> position_in(S).

%% position_out(+State)//  the text of a state.
position_out(clobber(Cols, Rows, P, Board, _)) -->
    { board:board_cells(Board, Compound), Compound =.. [_|Xs], rows(Cols, Xs, Top) },
    notation:natural(Cols), "x", notation:natural(Rows), " ",
    notation:rows_out(Top, [o-o, x-x]), " ", side(P).

%% position_in(-State)//  the state a position text names.
position_in(clobber(Cols, Rows, P, Board, Status)) -->
    notation:natural(Cols), "x", notation:natural(Rows),
    { Cols =< 15, Rows =< 15, length(Lengths, Rows), maplist(=(Cols), Lengths) }, " ",
    notation:rows_in(Lengths, Top, [o-o, x-x]), " ", side(P),
    {  append(Top, Xs), square_board(Cols, Rows, Xs, Board), status(Board, P, Status) }.

%% side(?Player)//  o or x.
side(o) --> "o".
side(x) --> "x".

%% rows(+Cols, +Cells, -Rows)  Cells cut into rows of Cols.
rows(_, [], []) :- !.
rows(Cols, Xs, [Row|Rows]) :- length(Row, Cols), append(Row, Rest, Xs), rows(Cols, Rest, Rows).

%% view(+State, -View)  the square board, rank 1 at the bottom; drawings white for o
% and black for x.
view(clobber(Cols, Rows, P, Board, Status),
     view(square, Cols, Rows, Cells, [to_move(P), status(Status), colours([o = white, x = black])])) :-
    N is Cols * Rows,
    findall(cell(C, Row, Name, Piece),
            ( between(1, N, I), C is (I - 1) mod Cols, Row is (I - 1) // Cols,
              board:board_cell(Board, I, X), view_piece(X, Piece),
              phrase(cell(Cols, Rows, I), Cs), atom_chars(Name, Cs) ),
            Cells).

%% view_piece(?Cell, ?Piece)  the renderers' piece for what a cell holds.
view_piece(e, empty).
view_piece(o, stone(o)).
view_piece(x, stone(x)).
