%% y — the game of Y (Schensted and Titus, 1953; also John Nash and Claude Shannon):
% a triangle of hexagons, two players place stones in turn, and a chain of one's
% stones touching all three sides wins.  A game written only as rules (no native
% engine, no Rust code) to show that the protocol is general.
%
% Board: grid.pl's triangle(N) with hex_left neighbours, held as a board.pl board
% whose marks are the sides each cell touches: the library answers the empty
% cells and the sides a chain touches (natively in the accelerated tier).  Row R (0 at the top)
% holds the cells (0, R) .. (R, R); the sides are the left (C = 0), the right
% (C = R) and the bottom (R = N - 1); each corner touches two sides.  There are no
% draws: on a full board exactly one player has a Y (as in Hex, which is a special
% case of Y).
%
% State: y(N, Grid, ToMove, Board, Status)
%   N       the side of the triangle (option size)
%   Grid    the triangle as a grid.pl grid (cells numbered 1..K row by row)
%   ToMove  red or blue; red moves first
%   Board   a board.pl board of the grid: e (empty), r or b on each cell
%   Status  ongoing or won(Player)
% Move: place(C, R); its text is the column letter and the row number counted
% from the top: a1 is the top cell, a3 b3 c3 the bottom row of a side-3 board.
% Position text: "N ROWS SIDE", ROWS the rows from the top separated by "/", r
% and b for stones and a number for a run of empty cells; who has won is read
% from the board.  The start of side 3: "3 1/2/3 red".
%
% Y has no explain_illegal/3: `ludolog why` explains a refused move from these
% clauses (the deepest goal of play/3 that fails, with its line).
% Perft of the smallest boards, counted by hand: see tests/data/perft.txt.

:- module(y, [
    initial/2, to_move/2, legal/2, legal_count/2, nth_legal/3, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2, turns/3
]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(dcgs)).

%% requires(?Library)  the triangle's cells and neighbours come from grid.pl, its
% empty cells and chains from board.pl, the numbers and rows of the text from
% notation.pl.
requires(grid).
requires(board).
requires(notation).

%% summary(-Text)  one line for `ludolog games`.
summary("Y: stones on a triangle of hexagons; a chain touching all three sides wins").

%% option(?Key, ?Kind, ?Default, ?Meaning)  the side of the triangle, up to 22: the
% board is one term of N(N+1)/2 arguments, and a term holds at most 255 of them
% (side 22 has 253 cells, side 23 would have 276).
option(size, int(1, 22), 5, "the side of the triangle").

%% initial(+Options, -State)  the empty triangle of side size(N).
initial(Options, y(N, G, red, Board, ongoing)) :-
    protocol:options([size(N)], Options),
    triangle(N, G),
    grid:grid_size(G, K),
    length(Es, K), maplist(=(e), Es),
    Cells =.. [b|Es],
    triangle_board(N, G, Cells, Board).

%% triangle_board(+N, +Grid, +Cells, -Board)  the board of the triangle of side N
% holding Cells, each cell marked with the sides it touches.
triangle_board(N, G, Cells, Board) :-
    grid:grid_size(G, K),
    findall(M, ( between(1, K, I), side_mask(N, G, I, M) ), Ms),
    Marks =.. [m|Ms],
    board:board_new(G, Marks, Cells, Board).

%% triangle(+N, -Grid)  the grid of the triangle of side N.
triangle(N, G) :-
    grid:shape_cells(triangle(N), Size, Cells),
    board:kept_grid(hex_left, Size, Cells, G).

%% to_move(+State, -Player)  whose turn it is.
to_move(y(_, _, P, _, _), P).

%% other(?Player, ?Opponent)  the two players.
other(red, blue).
other(blue, red).

%% stone(?Player, ?Stone)  each player's stone letter.
stone(red, r).
stone(blue, b).

%% turn(?Player, ?Turn)  Player's turn in the board library's words (board.pl's
% turns): a stone on an empty cell; a chain of the mover's that touches all three
% sides (the marks 1, 2 and 4 of side_mask/4) wins.
turn(P, turn(P, [put(S)], [joins(7)])) :- stone(P, S).

%% turns(+State, -Board, -Turns)  the board and the two turns of a game that goes on,
% the side to move's first.
turns(y(_, _, P, Board, ongoing), Board, [T, U]) :-
    turn(P, T), other(P, Q), turn(Q, U).

%% legal(+State, -Move)  every empty cell, row by row from the top.
legal(y(_, G, P, Board, ongoing), place(C, R)) :-
    turn(P, T),
    board:turn_moves(Board, T, Moves),
    member(put(I), Moves),
    grid:cell_coords(G, I, C-R).

%% legal_count(+State, -N)  how many moves legal/2 gives, counted by the library.
legal_count(y(_, _, P, Board, ongoing), N) :- !,
    turn(P, T), board:turn_count(Board, T, N).
legal_count(_, 0).

%% nth_legal(+State, +K, -Move)  the K-th move of legal/2 (from 0): the K-th empty cell.
nth_legal(y(_, G, P, Board, ongoing), K, place(C, R)) :-
    turn(P, T),
    board:turn_nth(Board, T, K, put(I)),
    grid:cell_coords(G, I, C-R).

%% play(+State, +Move, -Next)  a stone of the side to move on an empty cell; the
% game is won when its chain touches all three sides.  Fails on any other move.
play(y(N, G, P, Board, ongoing), place(C, R), y(N, G, Q, Board1, Status)) :-
    grid:in_shape(triangle(N), C-R),
    grid:cell_number(G, C-R, K),
    % the turn puts a stone on an empty cell; read here too, so that `why` names it
    board:board_cell(Board, K, e),
    turns(y(N, G, P, Board, ongoing), Board, Turns),
    board:turn_play(Board, Turns, put(K), Board1, Status),
    other(P, Q).

%% side_mask(+N, +Grid, +K, -Mask)  the sides cell K touches: 1 left, 2 right, 4 bottom.
side_mask(N, G, K, Mask) :-
    grid:cell_coords(G, K, C-R),
    (  C =:= 0 -> L = 1 ; L = 0 ),
    (  C =:= R -> Rt = 2 ; Rt = 0 ),
    (  R =:= N - 1 -> B = 4 ; B = 0 ),
    Mask is L \/ Rt \/ B.

%% outcome(+State, -Outcome)  win(Player) once a chain of Player's touches all three sides.
outcome(y(_, _, _, _, won(P)), win(P)).

%% evaluate(+State, +Player, -Score)  the most sides one chain of Player's touches,
% minus the same for the opponent, times 10, plus 1 for the side to move.
evaluate(y(_, _, _, _, won(W)), P, Score) :- !,
    (  W == P -> Score = 10000 ; Score = -10000 ).
evaluate(y(N, G, ToMove, Board, ongoing), P, Score) :-
    other(P, Q),
    most_sides(N, G, Board, P, SP),
    most_sides(N, G, Board, Q, SQ),
    (  ToMove == P -> Tempo = 1 ; Tempo = 0 ),
    Score is (SP - SQ) * 10 + Tempo.

%% most_sides(+N, +Grid, +Board, +Player, -Count)  the most sides (0 to 3) one chain
% of Player's touches.
most_sides(_, _, Board, P, Count) :-
    stone(P, S),
    board:cells_of(Board, S, Is),
    findall(C, ( member(I, Is), board:group_marks(Board, I, M), bits(M, C) ), Cs),
    foldl(larger, Cs, 0, Count).

%% larger(+X, +Y, -Z)  Z is the larger of X and Y.
larger(X, Y, Z) :- Z is max(X, Y).

%% bits(+Mask, -Count)  how many of the three side bits are set.
bits(M, C) :- C is (M /\ 1) + (M /\ 2) // 2 + (M /\ 4) // 4.

%% move(?Move)//  a column letter and a row number from the top (a1 is the top cell).
move(M) --> { ground(M) }, !, move_out(M).
move(place(C, R)) --> notation:square(C-R1), { R is R1 - 1 }.

%% move_out(+Move)//  the text of a ground move.
move_out(place(C, R)) --> { R1 is R + 1 }, notation:square(C-R1).

%% position(?State)//  the canonical one-line position text, both ways.
position(S) --> { nonvar(S) }, !, position_out(S).
position(S) --> position_in(S).

%% position_out(+State)//  the text of a state.
position_out(y(N, _, P, Board, _)) -->
    notation:natural(N), " ",
    { board:board_cells(Board, Cells), Cells =.. [b|Xs], numlist(1, N, Lengths), rows_cells(Lengths, Rows, Xs) },
    notation:rows_out(Rows, [r-r, b-b]), " ", side(P).

%% rows_cells(+Lengths, ?Rows, ?Cells)  Rows, of these Lengths, hold Cells row by row.
rows_cells([], [], []).
rows_cells([K|Ks], [Row|Rows], Cells) :-
    length(Row, K), append(Row, Rest, Cells),
    rows_cells(Ks, Rows, Rest).

%% side(?Player)//  red or blue.
side(red) --> "red".
side(blue) --> "blue".

%% position_in(-State)//  the state a position text names.
position_in(y(N, G, P, Board, Status)) -->
    notation:natural(N), { N >= 1, N =< 22, numlist(1, N, Lengths) }, " ",
    notation:rows_in(Lengths, Rows, [r-r, b-b]), " ", side(P),
    {  rows_cells(Lengths, Rows, Xs),
       triangle(N, G),
       Cells =.. [b|Xs],
       triangle_board(N, G, Cells, Board),
       position_status(N, G, Board, Status) }.

%% position_status(+N, +Grid, +Board, -Status)  who, if anyone, has a chain touching
% all three sides (every such chain touches the bottom row, so it is searched from there).
position_status(N, G, Board, Status) :-
    (  stone(P, S),
       grid:grid_size(G, K), First is K - N + 1,
       between(First, K, I), board:board_cell(Board, I, S),
       board:group_marks(Board, I, 7)
    -> Status = won(P)
    ;  Status = ongoing
    ).

%% position_error(+State, -Reason)  why no game reaches a state read from a text; fails
% when one does.  Red moves first and the players alternate, so red has as many
% stones as blue with red to move, or one more with blue to move; a chain touching
% all three sides ends the game, so its owner has just moved.
position_error(y(N, G, P, Board, Status), Reason) :-
    board:board_cells(Board, Cells), Cells =.. [_|Xs],
    count_stones(Xs, r, NR), count_stones(Xs, b, NB),
    (  NR =\= NB, NR =\= NB + 1
    -> ( NR =:= 1 -> Word = stone ; Word = stones ),
       protocol:formatted("red has ~d ~a and blue ~d: no game reaches that (red moves first and the players alternate)", [NR, Word, NB], Reason)
    ;  Status = won(W), \+ last_stone(N, G, Board, W)
    -> protocol:formatted("~a has a chain touching all three sides even with any one of its stones taken away, so no move was the last: no game reaches that", [W], Reason)
    ;  Status = won(P)
    -> other(P, Q),
       protocol:formatted("~a has a chain touching all three sides, so the game ended with its move and ~a is to move, not ~a", [P, Q, P], Reason)
    ;  NR =:= NB, P \== red
    -> protocol:formatted("with ~d red and ~d blue stones, red is to move, not ~a", [NR, NB, P], Reason)
    ;  NR =:= NB + 1, P \== blue
    -> protocol:formatted("with ~d red and ~d blue stones, blue is to move, not ~a", [NR, NB, P], Reason)
    ).

%% last_stone(+N, +Grid, +Board, +Winner)  some stone of Winner's whose removal
% leaves it without a chain touching all three sides: the last move could have been it.
last_stone(N, G, Board, W) :-
    stone(W, S),
    grid:grid_size(G, K),
    between(1, K, I), board:board_cell(Board, I, X), X == S,
    board:board_set(Board, I, e, Board1),
    \+ position_status(N, G, Board1, won(W)),
    !.

%% count_stones(+Cells, +Stone, -N)  how many of Cells hold Stone.
count_stones([], _, 0).
count_stones([C|Cs], S, N) :- count_stones(Cs, S, N0), ( C == S -> N is N0 + 1 ; N = N0 ).

%% view(+State, -View)  the triangle, each row half a cell left of the one above;
% a won game's chain is drawn (highlight/1) and its win said (ending/1).
view(y(N, G, P, Board, Status), view(hex(left), N, N, Cells, [to_move(P), status(Status)|Won])) :-
    grid:grid_size(G, K),
    findall(cell(C, R, Name, Piece),
            ( between(1, K, I), grid:cell_coords(G, I, C-R),
              board:board_cell(Board, I, X), cell_piece(X, Piece),
              cell_name(G, I, Name) ),
            Cells),
    won_info(Status, N, G, Board, Won).

%% cell_name(+Grid, +I, -Name)  the name of cell I, as its move is written.
cell_name(G, I, Name) :-
    grid:cell_coords(G, I, C-R),
    phrase(move_out(place(C, R)), Cs), atom_chars(Name, Cs).

%% won_info(+Status, +N, +Grid, +Board, -Info)  a won game's winning chain, to draw,
% and its win in words; nothing while the game goes on.  The chain is a group
% touching the three sides; it is given as a walk through it (tree_walk/5), so the
% line drawn through the cells in their order runs along the chain's branches.
won_info(won(P), N, G, Board, [highlight(Names), ending("joined the three sides")]) :-
    stone(P, S),
    grid:grid_size(G, K), First is K - N + 1,
    between(First, K, I), board:board_cell(Board, I, S),
    board:group_marks(Board, I, 7), !,
    board:group(Board, I, Group),
    tree_walk(G, Group, I, [I], _, Walk),
    findall(Name, ( member(J, Walk), cell_name(G, J, Name) ), Names).
won_info(_, _, _, _, []).

%% tree_walk(+Grid, +Group, +K, +Seen0, -Seen, -Walk)  a walk from cell K through
% the cells of Group not in Seen0, depth first, that comes back to K after each
% branch: K, a branch, K, the next branch, K, ...
tree_walk(G, Group, K, Seen0, Seen, [K|Walk]) :-
    findall(J, ( grid:neighbour(G, K, J), memberchk(J, Group) ), Js),
    branches(Js, G, Group, K, Seen0, Seen, Walk).

%% branches(+Js, +Grid, +Group, +K, +Seen0, -Seen, -Walk)  the walks into each of the
% neighbours Js of K not yet seen, each followed by K again.
branches([], _, _, _, Seen, Seen, []).
branches([J|Js], G, Group, K, Seen0, Seen, Walk) :-
    (  memberchk(J, Seen0)
    -> Walk = Walk1, Seen1 = Seen0
    ;  tree_walk(G, Group, J, [J|Seen0], Seen1, Branch),
       append(Branch, [K|Walk1], Walk)
    ),
    branches(Js, G, Group, K, Seen1, Seen, Walk1).

%% cell_piece(?Cell, ?Piece)  the renderers' piece for each cell letter.
cell_piece(e, empty).
cell_piece(r, stone(red)).
cell_piece(b, stone(blue)).
