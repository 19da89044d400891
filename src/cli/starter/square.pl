%% {NAME} — a new game written from `ludolog new`: K in a row on a square board.
%
% Two players, x and o, place a stone in turn on any empty cell of an N x N board;
% whoever first has K stones in a line (a row, a column or a diagonal) wins, and a
% full board with no such line is a draw.  Change the rules below to make the game
% yours; `ludolog lint {NAME}.pl` checks the protocol, `ludolog play {NAME}.pl`
% plays it, `ludolog check {NAME}.pl` checks its tiers.
%
% A turn is stated once, as data in the board library's words (turn/3: what a
% player may do and what ends the game; board.pl lists the words), and legal/2
% and play/3 ask the library for it.  So the same text is the rules in the spec
% tier (pure Prolog) and in the accelerated tier, where the library answers
% natively and the host plays whole random games and searches without coming
% back to this file between the plies.
%
% State: {NAME}(N, K, ToMove, Board, Status)
%   N       the side of the board (option size), K the line that wins (option line)
%   ToMove  x or o; x moves first
%   Board   a board.pl board of the N x N square (8 neighbours): cell I (from 1,
%           row by row from the top) holds e (empty), x or o; read it with
%           board:board_cell/3, change it with board:board_set/4, list a
%           player's stones with board:cells_of/3.  In the accelerated tier the
%           library answers these natively (`ludolog check` compares the tiers).
%   Status  ongoing, won(Player) or draw
% Move: place(C, R): column C from the left, row R from the top, both from 0; its
% text is the column letter and the row number, a1 at the top left.
% Position text: "N ROWS SIDE k=K": the side of the board, the rows from the top
% separated by "/" (x and o for stones, a number for a run of empty cells, as
% notation.pl writes them), the side to move and the line that wins; who has won
% is read from the board.  The start of the default game: "3 3/3/3 x k=3".

:- module({NAME}, [
    initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2, explain_illegal/3, refusal//1, legal_count/2, nth_legal/3,
    turns/3
]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(dcgs)).

%% requires(?Library)  the square comes from grid.pl, the board and its queries
% from board.pl, the texts' rows and numbers from notation.pl.  grid.pl also has
% forward_dirs/3, the directions up or down the board, for games whose pieces
% move forward.
requires(grid).
requires(board).
requires(notation).

%% summary(-Text)  one line for `ludolog games`.
summary("{NAME}: K in a row on a square board (a starter from ludolog new)").

%% option(?Key, ?Kind, ?Default, ?Meaning)  the board and the line that wins.
option(size, int(1, 15), 3, "the side of the square board").
option(line, int(1, 15), 3, "how many stones in a line win").

%% initial(+Options, -State)  the empty board, x to move.
initial(Options, {NAME}(N, K, x, Board, ongoing)) :-
    protocol:options([size(N), line(K)], Options),
    Cells is N * N,
    length(Es, Cells), maplist(=(e), Es),
    square_board(N, Es, Board).

%% square_board(+N, +Cells, -Board)  the board of the N x N square holding Cells,
% row by row from the top.
square_board(N, Cells, Board) :-
    board:kept_grid(square8, N-N, all, Grid),
    Compound =.. [b|Cells],
    board:board_new(Grid, none, Compound, Board).

%% to_move(+State, -Player)  whose turn it is.
to_move({NAME}(_, _, P, _, _), P).

%% other(?Player, ?Opponent)  the two players.
other(x, o).
other(o, x).

%% turn(+Player, +K, -Turn)  Player's turn in the board library's words: a stone
% onto an empty cell (put); a line of K or more of the mover's stones through it (a
% row, a column or a diagonal: the square8 directions 1 to 4, east, north-east,
% north and north-west, each with its opposite) wins, else a full board is a draw.
turn(P, K, turn(P, [put(P)], [line(K, [1, 2, 3, 4]), full])).

%% turns(+State, -Board, -Turns)  the board and the two turns of a game that goes on,
% the side to move's first: the host plays random games and searches with them.
turns({NAME}(_, K, P, Board, ongoing), Board, [T, U]) :-
    turn(P, K, T), other(P, Q), turn(Q, K, U).

%% legal(+State, -Move)  every move the turn gives, in the library's order (a put:
% each empty cell, row by row from the top).  (In a game where a player can be left without a move while the game
% goes on, that player's one legal move is a pass: the turn's kinds end with
% `pass`, as rules/othello.pl's do; the protocol has no turn without a move, as in
% OpenSpiel.)
legal({NAME}(N, K, P, Board, ongoing), M) :-
    turn(P, K, T),
    board:turn_moves(Board, T, Steps),
    member(Step, Steps),
    move_of(N, Step, M).

%% legal_count(+State, -N)  how many moves legal/2 gives, counted by the library.
% With nth_legal/3 it lets random playouts pick a move without listing them all.
legal_count({NAME}(_, K, P, Board, ongoing), N) :- !,
    turn(P, K, T), board:turn_count(Board, T, N).
legal_count(_, 0).

%% nth_legal(+State, +I, -Move)  the I-th move (from 0) legal/2 gives.
nth_legal({NAME}(N, K, P, Board, ongoing), I, M) :-
    turn(P, K, T),
    board:turn_nth(Board, T, I, Step),
    move_of(N, Step, M).

%% move_of(+N, ?Step, ?Move)  the library's move and the game's: put(I), a stone on
% cell I, is place(C, R), column C and row R (from 0) of the N x N board.
move_of(N, put(I), place(C, R)) :-
    (  integer(I)
    -> C is (I - 1) mod N, R is (I - 1) // N
    ;  integer(C), integer(R), C >= 0, C < N, R >= 0, R < N,
       I is R * N + C + 1
    ).

%% play(+State, +Move, -Next)  a move the turn gives, made by the library: the status
% after it is the turn's ends (won, drawn or ongoing).
play({NAME}(N, K, P, Board, ongoing), M, {NAME}(N, K, Q, Board1, Status)) :-
    move_of(N, Step, M),
    turns({NAME}(N, K, P, Board, ongoing), Board, Turns),
    board:turn_play(Board, Turns, Step, Board1, Status),
    other(P, Q).

%% outcome(+State, -Outcome)  win(Player) or draw once the game is over.
outcome({NAME}(_, _, _, _, won(P)), win(P)).
outcome({NAME}(_, _, _, _, draw), draw).

%% evaluate(+State, +Player, -Score)  a heuristic for alpha-beta: the stones of
% Player minus the opponent's on the centre cells (edit to taste; without it every
% position that goes on scores 0).
evaluate({NAME}(N, _, _, Board, _), P, Score) :-
    other(P, Q),
    board:cells_of(Board, P, Ps),
    board:cells_of(Board, Q, Qs),
    findall(W, ( member(I, Ps), centre_weight(N, I, W) ), Ws),
    findall(W, ( member(I, Qs), centre_weight(N, I, W) ), Vs),
    sum_list(Ws, SP), sum_list(Vs, SQ),
    Score is SP - SQ.

%% centre_weight(+N, +I, -W)  how central cell I is: N minus its distance from the middle.
centre_weight(N, I, W) :-
    C is (I - 1) mod N, R is (I - 1) // N,
    D is max(abs(2 * C - N + 1), abs(2 * R - N + 1)) // 2,
    W is N - D.

%% explain_illegal(+State, +Move, -Reason)  why a move is refused, as a term
% (refusal//1 words it; check compares the terms); fails when it knows no reason
% (`ludolog why` then traces play/3).
explain_illegal({NAME}(_, _, _, _, Status), _, game_over) :- Status \== ongoing, !.
explain_illegal({NAME}(N, _, _, Board, _), place(C, R), Reason) :-
    (  C >= 0, C < N, R >= 0, R < N
    -> I is R * N + C + 1, board:board_cell(Board, I, X), X \== e,
       Reason = taken(X)
    ;  Reason = off_board
    ).

%% refusal(+Reason)//  the words of each reason.
refusal(game_over) --> "the game is over".
refusal(taken(X)) --> "the cell is taken by ", [X].
refusal(off_board) --> "the cell is off the board".

%% move(?Move)//  a column letter and a row number from the top (a1 is the top left).
move(M) --> { ground(M) }, !, move_out(M).
move(place(C, R)) --> notation:square(C-R1), { R is R1 - 1 }.

%% move_out(+Move)//  the text of a ground move.
move_out(place(C, R)) --> cell(C, R).

%% cell(+C, +R)//  a cell's name: its column letter and its row number from the top.
cell(C, R) --> { R1 is R + 1 }, notation:square(C-R1).

%% position(?State)//  the canonical one-line position text, both ways.
position(S) --> { nonvar(S) }, !, position_out(S).
position(S) --> position_in(S).

%% position_out(+State)//  the text of a state.
position_out({NAME}(N, K, P, Board, _)) -->
    { board:board_cells(Board, Compound), Compound =.. [_|Cells], rows(N, Cells, Rows) },
    notation:natural(N), " ", notation:rows_out(Rows, [x-x, o-o]), " ", [P],
    " k=", notation:natural(K).

%% position_in(-State)//  the state a position text names (a square board).
position_in({NAME}(N, K, P, Board, Status)) -->
    notation:natural(N), { N =< 15, length(Lengths, N), maplist(=(N), Lengths) }, " ",
    notation:rows_in(Lengths, Rows, [x-x, o-o]),
    " ", side(P), " k=", notation:natural(K),
    {  append(Rows, Cells), square_board(N, Cells, Board),
       board_status(N, K, Board, Status) }.

%% side(?Player)//  x or o.
side(x) --> "x".
side(o) --> "o".

%% rows(+N, +Cells, -Rows)  Cells cut into rows of N.
rows(_, [], []) :- !.
rows(N, Cells, [Row|Rows]) :- length(Row, N), append(Row, Rest, Cells), rows(N, Rest, Rows).

%% board_status(+N, +K, +Board, -Status)  who, if anyone, has a line of K, or draw.
board_status(_, K, Board, Status) :-
    (  member(P, [x, o]),
       board:cells_of(Board, P, Stones), member(I, Stones),
       board:line_at(Board, I, [1, 2, 3, 4], Line), Line >= K
    -> Status = won(P)
    ;  board:count_of(Board, e, 0)
    -> Status = draw
    ;  Status = ongoing
    ).

%% position_error(+State, -Reason)  why no game reaches a state read from a text; fails
% when one does: x moves first and the players alternate, so x has as many stones as
% o (x to move) or one more (o to move), and a line of K is the last move's.
position_error({NAME}(_, K, P, Board, Status), Reason) :-
    board:count_of(Board, x, NX), board:count_of(Board, o, NO),
    (  NX =\= NO, NX =\= NO + 1
    -> protocol:formatted("x has ~d stones and o ~d: no game reaches that (x moves first and the players alternate)", [NX, NO], Reason)
    ;  NX =:= NO, P \== x
    -> protocol:formatted("with ~d stones each, x is to move, not ~a", [NX, P], Reason)
    ;  NX =:= NO + 1, P \== o
    -> protocol:formatted("with ~d x and ~d o, o is to move, not ~a", [NX, NO, P], Reason)
    ;  Status = won(P)
    -> other(P, Q),
       protocol:formatted("~a has a line of ~d, so the game ended with its move and ~a is to move, not ~a", [P, K, Q, P], Reason)
    ).

%% view(+State, -View)  the square board, a1 at the top left.
view({NAME}(N, _, P, Board, Status), view(square, N, N, Cells, [to_move(P), status(Status)])) :-
    Last is N * N,
    findall(cell(C, R, Name, Piece),
            ( between(1, Last, I), C is (I - 1) mod N, R is (I - 1) // N,
              board:board_cell(Board, I, X), cell_piece(X, Piece),
              phrase(cell(C, R), Cs), atom_chars(Name, Cs) ),
            Cells).

%% cell_piece(?Cell, ?Piece)  the renderers' piece for each cell.
cell_piece(e, empty).
cell_piece(x, stone(x)).
cell_piece(o, stone(o)).
