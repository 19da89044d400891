%% tic_tac_toe — Tic-tac-toe as OpenSpiel plays it: x and o mark the empty cells of
% a 3 x 3 board in turn, x first; three of one's marks in a row, a column or a
% diagonal win, and a full board without one is a draw.  A mark that makes a line
% on the last empty cell wins.
%
% State: tic_tac_toe(ToMove, Board, Status)
%   ToMove  x or o; x moves first
%   Board   b(X1, ..., X9): the cells row by row from the bottom, each e (empty), x
%           or o; cell (C, K), column C from 0 and row K from 1 (the bottom), is
%           argument (K - 1) * 3 + C + 1, read with arg/3, changed with grid:put_arg/4
%   Status  ongoing, won(Player) or draw
% Move: place(C, K); its text is the column letter and the row number, a1 the lower
% left and c3 the upper right (OpenSpiel's x(0,2), row 0 being its top row).
% Position text: "ROWS SIDE": the rows from the top separated by "/" (x and o for
% marks, a number for a run of empty cells, as notation.pl writes them) and the side
% to move; who has won is read from the board.  The start: "3/3/3 x".

:- module(tic_tac_toe, [
    initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2, explain_illegal/3, refusal//1, position_error/2
]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(dcgs)).

%% requires(?Library)  cells are changed with grid.pl, texts written with notation.pl.
requires(grid).
requires(notation).

%% summary(-Text)  one line for `ludolog games`.
summary("Tic-tac-toe (OpenSpiel's rules): three in a row on a 3 x 3 board").

%% initial(+Options, -State)  the empty board, x to move; there are no options.
initial(Options, tic_tac_toe(x, b(e, e, e, e, e, e, e, e, e), ongoing)) :-
    protocol:options([], Options).

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

%% legal(+State, -Move)  every empty cell, row by row from a1.
legal(tic_tac_toe(_, Board, ongoing), place(C, K)) :-
    between(1, 9, I),
    arg(I, Board, e),
    C is (I - 1) mod 3, K is (I - 1) // 3 + 1.

%% play(+State, +Move, -Next)  a mark of the side to move on an empty cell; the game
% is won by a line of three, drawn when the board is full.  Fails on any other move.
play(tic_tac_toe(P, Board, ongoing), place(C, K), tic_tac_toe(Q, Board1, Status)) :-
    integer(C), integer(K), C >= 0, C < 3, K >= 1, K =< 3,
    I is (K - 1) * 3 + C + 1,
    arg(I, Board, e),
    grid:put_arg(I, Board, P, Board1),
    other(P, Q),
    (  line_through(I, Board1, P) -> Status = won(P)
    ;  full(Board1) -> Status = draw
    ;  Status = ongoing
    ).

%% line_through(+I, +Board, +Player)  a line through cell I holds three of Player's marks.
line_through(I, Board, P) :-
    through(I, J, K),
    arg(J, Board, X), X == P,
    arg(K, Board, Y), Y == P,
    !.

%% through(?I, ?J, ?K)  cells J and K make a line with cell I: each line of line/3
% once for each of its three cells, by cell.
through(1, 2, 3).
through(1, 4, 7).
through(1, 5, 9).
through(2, 1, 3).
through(2, 5, 8).
through(3, 1, 2).
through(3, 6, 9).
through(3, 5, 7).
through(4, 5, 6).
through(4, 1, 7).
through(5, 4, 6).
through(5, 2, 8).
through(5, 1, 9).
through(5, 3, 7).
through(6, 4, 5).
through(6, 3, 9).
through(7, 8, 9).
through(7, 1, 4).
through(7, 3, 5).
through(8, 7, 9).
through(8, 2, 5).
through(9, 7, 8).
through(9, 3, 6).
through(9, 1, 5).

%% board_status(+Board, -Status)  won(Player) when Player has a line (x first), draw
% on a full board, else ongoing.
board_status(Board, Status) :-
    (  other(P, _), three(Board, P) -> Status = won(P)
    ;  full(Board) -> Status = draw
    ;  Status = ongoing
    ).

%% three(+Board, +Player)  Player has a line of three.
three(Board, P) :-
    line(I, J, K),
    arg(I, Board, X), X == P,
    arg(J, Board, Y), Y == P,
    arg(K, Board, Z), Z == P,
    !.

%% full(+Board)  no cell is empty.
full(Board) :- \+ ( between(1, 9, I), arg(I, Board, e) ).

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
    open_lines(Board, Q, NP), open_lines(Board, P, NQ),
    Score is NP - NQ.

%% open_lines(+Board, +Blocker, -N)  how many lines hold no mark of Blocker's.
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
    ;  I is (K - 1) * 3 + C + 1, arg(I, Board, X), X \== e -> Reason = taken(Name, X)
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
position_out(tic_tac_toe(P, b(A1, B1, C1, A2, B2, C2, A3, B3, C3), _)) -->
    notation:rows_out([[A3, B3, C3], [A2, B2, C2], [A1, B1, C1]], [x-x, o-o]), " ", side(P).

%% position_in(-State)//  the state a position text names.
position_in(tic_tac_toe(P, Board, Status)) -->
    notation:rows_in([3, 3, 3], [[A3, B3, C3], [A2, B2, C2], [A1, B1, C1]], [x-x, o-o]),
    " ", side(P),
    {  Board = b(A1, B1, C1, A2, B2, C2, A3, B3, C3),
       board_status(Board, Status) }.

%% side(?Player)//  x or o.
side(x) --> "x".
side(o) --> "o".

%% position_error(+State, -Reason)  why no game reaches a state read from a text; fails
% when one does: x moves first and the players alternate, so x has as many marks as
% o (x to move) or one more (o to move); not both have a line; the side with a line
% is not to move; and its line was made by its last mark (one whose removal leaves
% it without a line).
position_error(tic_tac_toe(P, Board, Status), Reason) :-
    Board =.. [_|Xs],
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
    ;  Status = won(P)
    -> other(P, Q),
       protocol:formatted("~a has a line of three, so the game ended with its move and ~a is to move, not ~a", [P, Q, P], Reason)
    ;  Status = won(W), \+ last_mark(Board, W)
    -> protocol:formatted("~a has a line of three even with any one of its marks taken away, so no move was the last: no game reaches that", [W], Reason)
    ).

%% last_mark(+Board, +Winner)  some mark of Winner's whose removal leaves Winner
% without a line: the last move could have been it.
last_mark(Board, W) :-
    between(1, 9, I), arg(I, Board, X), X == W,
    grid:put_arg(I, Board, e, Board1),
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
              arg(I, Board, X), cell_piece(X, Piece) ),
            Cells),
    ended_info(Status, Board, Ended).

%% cell_name(+I, -Name)  the name of cell I (a1 is 1, c3 is 9).
cell_name(I, Name) :-
    C is (I - 1) mod 3, K is (I - 1) // 3 + 1,
    phrase(move_out(place(C, K)), Cs), atom_chars(Name, Cs).

%% ended_info(+Status, +Board, -Info)  how the game ended, for the renderers and the
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
