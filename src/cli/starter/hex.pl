%% {NAME} — a new game written from `ludolog new`: Hex-style connection on a rhombus.
%
% Two players, red and blue, place a stone in turn on any empty cell of an N x N
% rhombus of hexagons; red wins by joining the top and bottom edges with a chain of
% its stones, blue by joining the left and right edges.  A full board always has a
% chain (no draws in Hex).  Change the rules below to make the game yours;
% `ludolog lint {NAME}.pl` checks the protocol, `ludolog play {NAME}.pl` plays it,
% `ludolog check {NAME}.pl` checks its tiers.
%
% A turn is stated once, as data in the board library's words (turn/2: what a
% player may do and what ends the game; board.pl lists the words), and legal/2
% and play/3 ask the library for it.  So the same text is the rules in the spec
% tier (pure Prolog) and in the accelerated tier, where the library answers
% natively and the host plays whole random games and searches without coming
% back to this file between the plies.
%
% State: {NAME}(N, ToMove, Board, Status)
%   N       the side of the rhombus (option size)
%   ToMove  red or blue; red moves first
%   Board   a board.pl board of the N x N rhombus of hexagons (grid.pl's
%           hex_right), its cells row by row from the top, each e (empty), r (red)
%           or b (blue), each marked with its borders: the directions (grid.pl's
%           hex_right order, 1 to 6) in which it has no neighbour
%   Status  ongoing or won(Player)
% Cells are (C, R): column C from the left, row R from the top, both from 0.  Each
% row is drawn half a cell right of the row above, so the six neighbours of (C, R)
% are (C+-1, R), (C, R+-1), (C+1, R-1) and (C-1, R+1).
% Move: place(C, R); its text is the column letter and the row number, a1 at the
% top left.
% Position text: "NxN ROWS SIDE": the size, the rows from the top separated by "/"
% (r and b for stones, a number for a run of empty cells, as notation.pl writes
% them) and the side to move; who has won is read from the board.  The start of the
% default game: "5x5 5/5/5/5/5 red" (the text of the built-in hex).

:- module({NAME}, [
    initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2, explain_illegal/3, refusal//1, legal_count/2, nth_legal/3,
    turns/3
]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(dcgs)).

%% requires(?Library)  the rhombus comes from grid.pl, the board and its turns from
% board.pl, the texts' rows and numbers from notation.pl.
requires(grid).
requires(board).
requires(notation).

%% summary(-Text)  one line for `ludolog games`.
summary("{NAME}: Hex-style connection on a rhombus (a starter from ludolog new)").

%% option(?Key, ?Kind, ?Default, ?Meaning)  the size of the board.
option(size, int(1, 15), 5, "the side of the rhombus").

%% initial(+Options, -State)  the empty board, red to move.
initial(Options, {NAME}(N, red, Board, ongoing)) :-
    protocol:options([size(N)], Options),
    Cells is N * N,
    length(Es, Cells), maplist(=(e), Es),
    rhombus_board(N, Es, Board).

%% rhombus_board(+N, +Cells, -Board)  the board of the N x N rhombus holding Cells,
% row by row from the top, each cell marked with its borders.
rhombus_board(N, Cells, Board) :-
    Compound =.. [b|Cells],
    board:board_new(kept(hex_right, N-N, all), borders, Compound, Board).

%% to_move(+State, -Player)  whose turn it is.
to_move({NAME}(_, P, _, _), P).

%% other(?Player, ?Opponent)  the two players.
other(red, blue).
other(blue, red).

%% player(?Player, ?Stone, ?Axis)  each player's stone and the edges it joins.
player(red, r, vertical).
player(blue, b, horizontal).

%% turn(?Player, ?Turn)  Player's turn in the board library's words: a stone onto an
% empty cell (put); a group of the mover's stones that touches both its edges
% (joins: the borders of its cells hold both directions of beyond/3) wins.
turn(P, turn(P, [put(S)], [joins(Mask)])) :-
    player(P, S, Axis), beyond(Axis, D1, D2),
    Mask is 1 << (D1 - 1) \/ 1 << (D2 - 1).

%% beyond(?Axis, ?Dir1, ?Dir2)  the two directions (grid.pl's hex_right order) that
% leave the board over an axis's edges: up and down past the top and bottom rows,
% right and left past the side columns.
beyond(vertical, 3, 6).
beyond(horizontal, 1, 4).

%% turns(+State, -Board, -Turns)  the board and the two turns of a game that goes on,
% the side to move's first: the host plays random games and searches with them.
turns({NAME}(_, P, Board, ongoing), Board, [T, U]) :-
    turn(P, T), other(P, Q), turn(Q, U).

%% legal(+State, -Move)  every move the turn gives: each empty cell, row by row from
% the top.
legal({NAME}(N, P, Board, ongoing), M) :-
    turn(P, T),
    board:turn_moves(Board, T, Steps),
    member(Step, Steps),
    move_of(N, Step, M).

%% legal_count(+State, -N)  how many moves legal/2 gives, counted by the library.
% With nth_legal/3 it lets random playouts pick a move without listing them all.
legal_count({NAME}(_, P, Board, ongoing), N) :- !,
    turn(P, T), board:turn_count(Board, T, N).
legal_count(_, 0).

%% nth_legal(+State, +I, -Move)  the I-th move (from 0) legal/2 gives.
nth_legal({NAME}(N, P, Board, ongoing), I, M) :-
    turn(P, T),
    board:turn_nth(Board, T, I, Step),
    move_of(N, Step, M).

%% move_of(+N, ?Step, ?Move)  the library's move and the game's: put(I), a stone on
% cell I, is place(C, R), column C and row R (from 0) of the N x N rhombus.
move_of(N, put(I), place(C, R)) :-
    (  integer(I)
    -> C is (I - 1) mod N, R is (I - 1) // N
    ;  integer(C), integer(R), C >= 0, C < N, R >= 0, R < N,
       I is R * N + C + 1
    ).

%% play(+State, +Move, -Next)  a move the turn gives, made by the library: the status
% after it is the turn's end (won or ongoing).
play({NAME}(N, P, Board, ongoing), M, {NAME}(N, Q, Board1, Status)) :-
    move_of(N, Step, M),
    turns({NAME}(N, P, Board, ongoing), Board, Turns),
    board:turn_play(Board, Turns, Step, Board1, Status),
    other(P, Q).

%% joins(+Board, ?Player)  Player's stones join its two edges: its turn's end, read
% on the board as a whole, gives it the win.
joins(Board, P) :-
    player(P, _, _), other(P, Q), turn(P, T), turn(Q, U),
    board:turn_status(Board, [T, U], won(P)).

%% stone(+N, +Board, +C, +R, +Stone)  cell (C, R) is on the board and holds Stone.
stone(N, Board, C, R, S) :-
    C >= 0, C < N, R >= 0, R < N,
    I is R * N + C + 1, board:board_cell(Board, I, X), X == S.

%% outcome(+State, -Outcome)  win(Player) once the game is over.
outcome({NAME}(_, _, _, won(P)), win(P)).

%% evaluate(+State, +Player, -Score)  a heuristic for alpha-beta: Player's value
% minus the opponent's (edit to taste; without it every position that goes on
% scores 0).
evaluate({NAME}(N, _, Board, _), P, Score) :-
    other(P, Q),
    value(N, Board, P, A), value(N, Board, Q, B),
    Score is A - B.

%% value(+N, +Board, +Player, -Value)  N for each line across Player's way (each row
% for red, each column for blue) that holds one of its stones, and for each stone
% how central it is: a chain must cross every such line, and central stones reach
% further.
value(N, Board, P, Value) :-
    player(P, S, Axis), Last is N - 1,
    findall(K, ( between(0, Last, K),
                 \+ \+ ( between(0, Last, J), line_cell(Axis, K, J, C, R),
                         stone(N, Board, C, R, S) ) ), Ks),
    length(Ks, Lines),
    findall(W, ( between(0, Last, R), between(0, Last, C), stone(N, Board, C, R, S),
                 centre_weight(N, C, R, W) ), Ws),
    sum_list(Ws, Centre),
    Value is N * Lines + Centre.

%% centre_weight(+N, +C, +R, -W)  N minus the hex distance of (C, R) from the middle.
centre_weight(N, C, R, W) :-
    DC is 2 * C - N + 1, DR is 2 * R - N + 1,
    W is N - (abs(DC) + abs(DR) + abs(DC + DR)) // 4.

%% line_cell(+Axis, +K, +J, -C, -R)  the J-th cell of row K (vertical) or column K.
line_cell(vertical, K, J, J, K).
line_cell(horizontal, K, J, K, J).

%% explain_illegal(+State, +Move, -Reason)  why a move is refused, as a term
% (refusal//1 words it; check compares the terms); fails when it knows no reason
% (`ludolog why` then traces play/3).
explain_illegal({NAME}(_, _, _, Status), _, game_over) :- Status \== ongoing, !.
explain_illegal({NAME}(N, _, Board, _), place(C, R), Reason) :-
    (  C >= 0, C < N, R >= 0, R < N
    -> I is R * N + C + 1, board:board_cell(Board, I, X), player(P, X, _),
       Reason = taken(P)
    ;  Reason = off_board
    ).

%% refusal(+Reason)//  the words of each reason.
refusal(game_over) --> "the game is over".
refusal(taken(P)) --> "the cell is taken by ", atom_text(P).
refusal(off_board) --> "the cell is off the board".

%% atom_text(+Atom)//  the characters of Atom.
atom_text(A) --> { atom_chars(A, Cs) }, seq(Cs).

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
position_out({NAME}(N, P, Board, _)) -->
    { board:board_cells(Board, Compound), Compound =.. [_|Cells], rows(N, Cells, Rows) },
    notation:natural(N), "x", notation:natural(N), " ",
    notation:rows_out(Rows, [r-r, b-b]), " ", atom_text(P).

%% position_in(-State)//  the state a position text names (a rhombus of N x N).
position_in({NAME}(N, P, Board, Status)) -->
    notation:natural(N), "x", notation:natural(N1),
    { N1 == N, N =< 15, length(Lengths, N), maplist(=(N), Lengths) }, " ",
    notation:rows_in(Lengths, Rows, [r-r, b-b]), " ", side(P),
    {  append(Rows, Cells), rhombus_board(N, Cells, Board),
       (  joins(Board, W) -> Status = won(W) ; Status = ongoing ) }.

%% side(?Player)//  red or blue.
side(red) --> "red".
side(blue) --> "blue".

%% rows(+N, +Cells, -Rows)  Cells cut into rows of N.
rows(_, [], []) :- !.
rows(N, Cells, [Row|Rows]) :- length(Row, N), append(Row, Rest, Cells), rows(N, Rest, Rows).

%% position_error(+State, -Reason)  why no game reaches a state read from a text; fails
% when one does: red moves first and the players alternate, so red has as many
% stones as blue (red to move) or one more (blue to move), at most one player joins
% its edges, and the winner is not to move.
position_error({NAME}(_, P, Board, Status), Reason) :-
    board:count_of(Board, r, NR), board:count_of(Board, b, NB),
    (  NR =\= NB, NR =\= NB + 1
    -> protocol:formatted("red has ~d stones and blue ~d: no game reaches that (red moves first and the players alternate)", [NR, NB], Reason)
    ;  NR =:= NB, P \== red
    -> protocol:formatted("with ~d stones each, red is to move, not ~a", [NR, P], Reason)
    ;  NR =:= NB + 1, P \== blue
    -> protocol:formatted("with ~d red and ~d blue, blue is to move, not ~a", [NR, NB, P], Reason)
    ;  joins(Board, red), joins(Board, blue)
    -> Reason = "both red and blue join their edges: no game reaches that"
    ;  Status = won(P)
    -> other(P, Q),
       protocol:formatted("~a joins its edges, so the game ended with its move and ~a is to move, not ~a", [P, Q, P], Reason)
    ).

%% view(+State, -View)  the rhombus, a1 at the top left, with each player's edges.
view({NAME}(N, P, Board, Status), view(hex, N, N, Cells, Info)) :-
    Last is N * N,
    findall(cell(C, R, Name, Piece),
            ( between(1, Last, I), C is (I - 1) mod N, R is (I - 1) // N,
              board:board_cell(Board, I, X), cell_piece(X, Piece),
              phrase(cell(C, R), Cs), atom_chars(Name, Cs) ),
            Cells),
    Info = [to_move(P), status(Status), edges([top-red, bottom-red, left-blue, right-blue])].

%% cell_piece(?Cell, ?Piece)  the renderers' piece for each cell.
cell_piece(e, empty).
cell_piece(r, stone(red)).
cell_piece(b, stone(blue)).
