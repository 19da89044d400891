%% tic_tac_toe — Tic-tac-toe as OpenSpiel plays it: x and o mark the empty cells of
% a 3 x 3 board in turn, x first; three of one's marks in a row, a column or a
% diagonal win, and a full board without one is a draw.  A mark that makes a line
% on the last empty cell wins.
%
% State: tic_tac_toe(ToMove, Board, Status)
%   ToMove  x or o; x moves first
%   Board   a board.pl board of the 3 x 3 square (8 neighbours), its cells b(X1, ...,
%           X9) row by row from the bottom, each e (empty), x or o; cell (C, K),
%           column C from 0 and row K from 1 (the bottom), is cell (K - 1) * 3 + C + 1
%   Status  ongoing, won(Player) or draw
% Move: place(C, K); its text is the column letter and the row number, a1 the lower
% left and c3 the upper right (OpenSpiel's x(0,2), row 0 being its top row).
% Position text: "ROWS SIDE": the rows from the top separated by "/" (x and o for
% marks, a number for a run of empty cells, as notation.pl writes them) and the side
% to move; who has won is read from the board.  The start: "3/3/3 x".

:- module(tic_tac_toe, [
    initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2, explain_illegal/3, refusal//1, position_error/2,
    turns/3, legal_count/2, nth_legal/3
]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(dcgs)).

%% requires(?Library)  the square comes from grid.pl, the board and its moves from
% board.pl (native in the accelerated tier), texts are written with notation.pl.
requires(grid).
requires(board).
requires(notation).

%% summary(-Text)  one line for `ludolog games`.
summary("Tic-tac-toe (OpenSpiel's rules): three in a row on a 3 x 3 board").

%% initial(+Options, -State)  the empty board, x to move; there are no options.
initial(Options, tic_tac_toe(x, Board, ongoing)) :-
    protocol:options([], Options),
    square_board(b(e, e, e, e, e, e, e, e, e), Board).

%% square_board(+Cells, -Board)  the board of the 3 x 3 square holding Cells.
square_board(Cells, Board) :-
    board:kept_grid(square8, 3-3, all, Grid),
    board:board_new(Grid, none, Cells, Board).

%% to_move(+State, -Player)  whose turn it is.
to_move(tic_tac_toe(P, _, _), P).

%% other(?Player, ?Opponent)  the two players.
other(x, o).
other(o, x).

%% line(?I, ?J, ?K)  the cells of each of the eight lines.
line(1, 2, 3).
line(4, 5, 6).
line(7, 8, 9).
line(1, 4, 7).
line(2, 5, 8).
line(3, 6, 9).
line(1, 5, 9).
line(3, 5, 7).

%% turn(?Player, ?Turn)  Player's turn in the board library's words (board.pl's
% turns): a mark on an empty cell; three of the mover's marks in a row, a column or
% a diagonal win, else a full board is a draw.
turn(x, turn(x, [put(x)], [line(3, [1, 2, 3, 4]), full])).
turn(o, turn(o, [put(o)], [line(3, [1, 2, 3, 4]), full])).

%% turns(+State, -Board, -Turns)  the board and the two turns of a game that goes on,
% the side to move's first.
turns(tic_tac_toe(P, Board, ongoing), Board, [T, U]) :-
    turn(P, T), other(P, Q), turn(Q, U).

%% legal(+State, -Move)  every empty cell, row by row from a1.
legal(tic_tac_toe(P, Board, ongoing), M) :-
    turn(P, T),
    board:turn_moves(Board, T, Moves),
    member(put(I), Moves),
    cell_move(I, M).

%% legal_count(+State, -N)  how many moves legal/2 gives, counted by the library.
legal_count(tic_tac_toe(P, Board, ongoing), N) :- !,
    turn(P, T), board:turn_count(Board, T, N).
legal_count(_, 0).

%% nth_legal(+State, +I, -Move)  the I-th move (from 0) legal/2 gives.
nth_legal(tic_tac_toe(P, Board, ongoing), I, M) :-
    turn(P, T),
    board:turn_nth(Board, T, I, put(K)),
    cell_move(K, M).

%% cell_move(+I, -Move)  the mark on cell I.
cell_move(I, place(C, K)) :- C is (I - 1) mod 3, K is (I - 1) // 3 + 1.

%% play(+State, +Move, -Next)  a mark of the side to move on an empty cell; the game
% is won by a line of three, drawn when the board is full.  Fails on any other move.
play(tic_tac_toe(P, Board, ongoing), place(C, K), tic_tac_toe(Q, Board1, Status)) :-
    integer(C), integer(K), C >= 0, C < 3, K >= 1, K =< 3,
    I is (K - 1) * 3 + C + 1,
    turns(tic_tac_toe(P, Board, ongoing), Board, Turns),
    board:turn_play(Board, Turns, put(I), Board1, Status),
    other(P, Q).

%% status(+Board, +Player, -Status)  the status of a board read with Player to move:
% the ends of the other player's turn (turn/2), read on the board as a whole.
status(Board, P, Status) :-
    other(P, Q), turn(Q, U), turn(P, T),
    board:turn_status(Board, [U, T], Status).

%% three(+Board, ?Player)  Player has a line of three: its turn's ends, read on the
% board, give it the win.
three(Board, P) :-
    other(P, Q), status(Board, Q, won(P)).

%% outcome(+State, -Outcome)  win(Player) or draw once the game is over.
outcome(tic_tac_toe(_, _, won(P)), win(P)).
outcome(tic_tac_toe(_, _, draw), draw).

%% evaluate(+State, +Player, -Score)  a heuristic for alpha-beta: the lines Player
% can still make minus those the opponent can.
evaluate(tic_tac_toe(_, _, won(W)), P, Score) :- !,
    (  W == P -> Score = 100 ; Score = -100 ).
evaluate(tic_tac_toe(_, _, draw), _, 0) :- !.
evaluate(tic_tac_toe(_, Board, ongoing), P, Score) :-
    other(P, Q),
    board:board_cells(Board, Cells),
    open_lines(Cells, Q, NP), open_lines(Cells, P, NQ),
    Score is NP - NQ.

%% open_lines(+Cells, +Blocker, -N)  how many lines hold no mark of Blocker's.
open_lines(Board, B, N) :-
    findall(I, ( line(I, J, K), arg(I, Board, X), X \== B,
                 arg(J, Board, Y), Y \== B, arg(K, Board, Z), Z \== B ), Is),
    length(Is, N).

%% explain_illegal(+State, +Move, -Reason)  why a move is refused, as a term worded
% by refusal//1; cells are named as moves write them.
explain_illegal(tic_tac_toe(_, _, Status), _, game_over(Status)) :-
    Status \== ongoing, !.
explain_illegal(tic_tac_toe(_, Board, ongoing), place(C, K), Reason) :-
    phrase(move_out(place(C, K)), Cs), atom_chars(Name, Cs),
    (  ( C < 0 ; C >= 3 ; K < 1 ; K > 3 ) -> Reason = off_board(Name)
    ;  I is (K - 1) * 3 + C + 1, board:board_cell(Board, I, X), X \== e -> Reason = taken(Name, X)
    ).

%% refusal(+Reason)//  the words of each reason explain_illegal/3 gives.
refusal(game_over(won(W))) --> "the game is over: ", atom(W), " has won".
refusal(game_over(draw)) --> "the game is over: a draw".
refusal(off_board(C)) --> atom(C), " is off the board".
refusal(taken(C, X)) --> atom(C), " is taken by ", atom(X).

%% atom(+Atom)//  the characters of Atom.
atom(A) --> { atom_chars(A, Cs) }, seq(Cs).

%% move(?Move)//  a column letter and a row number from the bottom: a1 to c3.
move(M) --> { ground(M) }, !, move_out(M).
move(place(C, K)) --> notation:square(C-K).

%% move_out(+Move)//  the text of a ground move.
move_out(place(C, K)) --> notation:square(C-K).

%% position(?State)//  the canonical one-line position text, both ways.
position(S) --> { nonvar(S) }, !, position_out(S).
position(S) --> position_in(S).

%% position_out(+State)//  the text of a state.
position_out(tic_tac_toe(P, Board, _)) -->
    { board:board_cells(Board, b(A1, B1, C1, A2, B2, C2, A3, B3, C3)) },
    notation:rows_out([[A3, B3, C3], [A2, B2, C2], [A1, B1, C1]], [x-x, o-o]), " ", side(P).

%% position_in(-State)//  the state a position text names.
position_in(tic_tac_toe(P, Board, Status)) -->
    notation:rows_in([3, 3, 3], [[A3, B3, C3], [A2, B2, C2], [A1, B1, C1]], [x-x, o-o]),
    " ", side(P),
    {  square_board(b(A1, B1, C1, A2, B2, C2, A3, B3, C3), Board),
       status(Board, P, Status) }.

%% side(?Player)//  x or o.
side(x) --> "x".
side(o) --> "o".

%% position_error(+State, -Reason)  why no game reaches a state read from a text; fails
% when one does: x moves first and the players alternate, so x has as many marks as
% o (x to move) or one more (o to move); not both have a line; the side with a line
% is not to move; and its line was made by its last mark (one whose removal leaves
% it without a line).
position_error(tic_tac_toe(P, Board, Status), Reason) :-
    board:board_cells(Board, Cells),
    Cells =.. [_|Xs],
    count(Xs, x, NX), count(Xs, o, NO),
    (  NX =\= NO, NX =\= NO + 1
    -> noun(NX, mark, marks, Word),
       protocol:formatted("x has ~d ~a and o ~d: no game reaches that (x moves first and the players alternate)", [NX, Word, NO], Reason)
    ;  NX =:= NO, P \== x
    -> noun(NX, mark, marks, Word),
       protocol:formatted("with ~d ~a each, x is to move, not ~a", [NX, Word, P], Reason)
    ;  NX =:= NO + 1, P \== o
    -> protocol:formatted("with ~d x and ~d o, o is to move, not ~a", [NX, NO, P], Reason)
    ;  three(Board, x), three(Board, o)
    -> Reason = "both x and o have a line of three: the game ends with the first"
    ;  three(Board, P)
    -> other(P, Q),
       protocol:formatted("~a has a line of three, so the game ended with its move and ~a is to move, not ~a", [P, Q, P], Reason)
    ;  Status = won(W), \+ last_mark(Board, W)
    -> protocol:formatted("~a has a line of three even with any one of its marks taken away, so no move was the last: no game reaches that", [W], Reason)
    ).

%% last_mark(+Board, +Winner)  some mark of Winner's whose removal leaves Winner
% without a line: the last move could have been it.
last_mark(Board, W) :-
    board:cells_of(Board, W, Is), member(I, Is),
    board:board_set(Board, I, e, Board1),
    \+ three(Board1, W),
    !.

%% noun(+N, +One, +Many, -Word)  the noun for a count of N: One for 1, else Many.
noun(1, One, _, One) :- !.
noun(_, _, Many, Many).

%% count(+Cells, +Mark, -N)  how many of Cells hold Mark.
count([], _, 0).
count([C|Cs], S, N) :- count(Cs, S, N0), ( C == S -> N is N0 + 1 ; N = N0 ).

%% view(+State, -View)  the board, a1 at the bottom left; text drawings use the
% letters of the position text, drawings blue for x and red for o.
view(tic_tac_toe(P, Board, Status),
     view(square, 3, 3, Cells, [to_move(P), status(Status), glyphs([mark(x) = x, mark(o) = o]), colours([x = blue, o = red])|Ended])) :-
    findall(cell(C, Row, Name, Piece),
            ( between(1, 9, I), cell_name(I, Name),
              C is (I - 1) mod 3, K is (I - 1) // 3 + 1, Row is 3 - K,
              board:board_cell(Board, I, X), cell_piece(X, Piece) ),
            Cells),
    board:board_cells(Board, Marks),
    ended_info(Status, Marks, Ended).

%% cell_name(+I, -Name)  the name of cell I (a1 is 1, c3 is 9).
cell_name(I, Name) :-
    C is (I - 1) mod 3, K is (I - 1) // 3 + 1,
    phrase(move_out(place(C, K)), Cs), atom_chars(Name, Cs).

%% ended_info(+Status, +Cells, -Info)  how the game ended, for the renderers and the
% page: a won game's line of three (highlighted) and the words; nothing while it goes on.
ended_info(won(P), Board, [highlight(Names), ending("three in a line")]) :-
    line(I, J, K), arg(I, Board, P), arg(J, Board, P), arg(K, Board, P), !,
    maplist(cell_name, [I, J, K], Names).
ended_info(draw, _, [ending("the board is full")]) :- !.
ended_info(_, _, []).

%% cell_piece(?Cell, ?Piece)  the renderers' piece for each cell.
cell_piece(e, empty).
cell_piece(x, mark(x)).
cell_piece(o, mark(o)).
