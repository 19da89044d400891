%% othello — Othello as OpenSpiel plays it, on any even square board.
%
% §1 The board is N x N (N even, 8 by default).  At the start the four centre cells
%    hold two discs of each colour, each colour on a diagonal: white on the upper
%    left and lower right of them, black on the others.
% §2 Black moves first, then the players alternate.
% §3 A move puts a disc of the mover's colour on an empty cell so that it flanks at
%    least one line of the opponent's discs: in one of the eight directions, one
%    or more of them right next to the cell, then a disc of the mover's.  Every
%    disc of every line it flanks is turned to the mover's colour.
% §4 A player with no such move passes; passing is the only move then.
% §5 The game ends when neither player can move.  The player with more discs on the
%    board wins; as many each is a draw.
%
% OpenSpiel's choices (open_spiel/games/othello), kept so that `ludolog check othello
% --against "python3 examples/engines/openspiel.py othello"` agrees: its player 0 is
% black (x), rows are numbered from the top (a1 the top left, as Othello players
% write them), and the pass is a move of its own ("pass").  OpenSpiel plays 8 x 8
% only; the option size gives the same game on other even boards.
%
% State: othello(N, ToMove, Board, Status)
%   N       the side of the board (option size)
%   ToMove  black or white
%   Board   a board.pl board of the N x N square (8 neighbours); cell I (from 1, row
%           by row from the top) holds e, x (black) or o (white)
%   Status  ongoing, won(Player) or draw (§5)
% Move: at(C, R), a disc on column C and row R (both from 0, row 0 the top); its
% text is the cell's column letter and row number from 1 ("d3"); or pass (§4),
% written "pass".
% Position text: "N ROWS SIDE": the side of the board, the rows from the top
% separated by "/" (x and o for discs, a number for a run of empty cells, as
% notation.pl writes them) and the side to move.  The start of the default game:
%   "8 8/8/8/3ox3/3xo3/8/8/8 black".

:- module(othello, [
    initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2, explain_illegal/3, refusal//1, legal_count/2, nth_legal/3,
    turns/3
]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(dcgs)).

%% requires(?Library)  the square comes from grid.pl, the board from board.pl, the
% flanking placements from flank.pl, the texts' rows from notation.pl.
requires(grid).
requires(board).
requires(flank).
requires(notation).

%% summary(-Text)  one line for `ludolog games`.
summary("Othello (OpenSpiel's rules): a disc turns the lines of discs it flanks; passes; most discs win").

%% option(?Key, ?Kind, ?Default, ?Meaning)  the side of the board (OpenSpiel's is 8).
option(size, int(4, 14), 8, "the side of the square board (an even number)").

%% initial(+Options, -State)  the four centre discs (§1), black to move (§2).
initial(Options, othello(N, black, Board, ongoing)) :-
    protocol:options([size(N)], Options),
    (  N mod 2 =:= 0 -> true
    ;  throw(error(domain_error(even_size, N), size))
    ),
    Cells is N * N,
    findall(X, ( between(1, Cells, I), start_disc(N, I, X) ), Xs),
    square_board(N, Xs, Board).

%% start_disc(+N, +I, -X)  what cell I holds at the start (§1): of the four centre
% cells, white on the upper left and lower right, black on the others.
start_disc(N, I, X) :-
    C is (I - 1) mod N, R is (I - 1) // N, M is N // 2,
    (  ( C =:= M - 1 ; C =:= M ), ( R =:= M - 1 ; R =:= M )
    -> ( C =:= R -> X = o ; X = x )
    ;  X = e
    ).

%% square_board(+N, +Cells, -Board)  the board of the N x N square (8 neighbours)
% holding Cells, row by row from the top.
square_board(N, Cells, Board) :-
    board:kept_grid(square8, N-N, all, Grid),
    Compound =.. [c|Cells],
    board:board_new(Grid, none, Compound, Board).

%% to_move(+State, -Player)  whose turn it is.
to_move(othello(_, P, _, _), P).

%% other(?Player, ?Opponent)  the two players.
other(black, white).
other(white, black).

%% disc(?Player, ?Disc)  each player's disc.
disc(black, x).
disc(white, o).

%% discs(+Player, -X, -Y)  the mover's disc and the opponent's.
discs(P, X, Y) :- disc(P, X), other(P, Q), disc(Q, Y).

%% turn(?Player, ?Turn)  Player's turn in the board library's words (board.pl's
% turns): a disc onto an empty cell that flanks a line of the opponent's discs,
% every disc of every line it flanks turned (§3), else a pass (§4); when neither
% player can place a disc, the one with more discs wins, as many is a draw (§5).
turn(P, turn(P, [flank(X, Y), pass], [count(X, Y)])) :-
    discs(P, X, Y).

%% turns(+State, -Board, -Turns)  the board and the two turns of a game that goes on,
% the side to move's first.
turns(othello(_, P, Board, ongoing), Board, [T, U]) :-
    turn(P, T), other(P, Q), turn(Q, U).

%% legal(+State, -Move)  the flanking placements of the side to move (§3), cell by
% cell from the top left; the pass when there is none (§4).
legal(othello(N, P, Board, ongoing), M) :-
    turn(P, T),
    board:turn_moves(Board, T, Moves),
    member(G, Moves),
    board_move(N, G, M).

%% board_move(+N, ?Turned, ?Move)  the move a turn's move is: a disc on cell I, or
% the pass.
board_move(N, flank(I), at(C, R)) :-
    (  integer(I)
    -> C is (I - 1) mod N, R is (I - 1) // N
    ;  integer(C), integer(R), C >= 0, C < N, R >= 0, R < N,
       I is R * N + C + 1
    ).
board_move(_, pass, pass).

%% legal_count(+State, -N)  how many moves legal/2 gives, counted by the library.
legal_count(othello(_, P, Board, ongoing), N) :- !,
    turn(P, T), board:turn_count(Board, T, N).
legal_count(_, 0).

%% nth_legal(+State, +K, -Move)  the K-th move (from 0) legal/2 gives.
nth_legal(othello(N, P, Board, ongoing), K, M) :-
    turn(P, T),
    board:turn_nth(Board, T, K, G),
    board_move(N, G, M).

%% play(+State, +Move, -Next)  a disc that flanks, and the discs it turns (§3), or
% the pass of a player who cannot place one (§4); then the game ends if neither
% player can move (§5).  Fails on any other move.
play(othello(N, P, Board, ongoing), M, othello(N, Q, Board1, Status)) :-
    board_move(N, G, M),
    turns(othello(N, P, Board, ongoing), Board, Turns),
    board:turn_play(Board, Turns, G, Board1, Status),
    other(P, Q).

%% status(+Board, +ToMove, -Status)  the status the board shows with ToMove to move:
% the end of the other player's turn (turn/2: §4 and §5) read on it.
status(Board, P, Status) :-
    other(P, Q), turn(Q, U), turn(P, T),
    board:turn_status(Board, [U, T], Status).

%% outcome(+State, -Outcome)  win(Player) or draw once the game is over.
outcome(othello(_, _, _, won(P)), win(P)).
outcome(othello(_, _, _, draw), draw).

%% evaluate(+State, +Player, -Score)  a heuristic for alpha-beta: Player's discs minus
% the opponent's, corners counting ten (they are never turned).
evaluate(othello(_, _, _, won(W)), P, Score) :- !,
    (  W == P -> Score = 10000 ; Score = -10000 ).
evaluate(othello(_, _, _, draw), _, 0) :- !.
evaluate(othello(N, _, Board, ongoing), P, Score) :-
    discs(P, X, Y),
    board:count_of(Board, X, NX), board:count_of(Board, Y, NY),
    Last is N * N, Low is Last - N + 1, Corners = [1, N, Low, Last],
    findall(W, ( member(K, Corners), board:board_cell(Board, K, Z),
                 ( Z == X -> W = 10 ; Z == Y -> W = -10 ; W = 0 ) ), Ws),
    sum_list(Ws, C),
    Score is NX - NY + C.

%% explain_illegal(+State, +Move, -Reason)  why a move is refused, as a term worded
% by refusal//1; cells are named as moves write them.
explain_illegal(othello(_, _, _, Status), _, game_over(Status)) :-
    Status \== ongoing, !.
explain_illegal(othello(N, P, Board, ongoing), M, Reason) :-
    discs(P, X, Y), other(P, Q),
    (  M == pass -> Reason = pass_not_allowed
    ;  M = at(C, R), C >= 0, C < N, R >= 0, R < N
    -> I is R * N + C + 1, phrase(cell(N, I), Cs), atom_chars(Name, Cs),
       (  \+ board:board_cell(Board, I, e) -> Reason = taken(Name)
       ;  flank:flank_count(Board, X, Y, 0) -> Reason = must_pass(P)
       ;  Reason = flanks_nothing(Name, Q)
       )
    ;  Reason = off_board
    ).

%% refusal(+Reason)//  the words of each reason explain_illegal/3 gives.
refusal(game_over(won(W))) --> "the game is over: ", atom(W), " has won".
refusal(game_over(draw)) --> "the game is over: a draw".
refusal(pass_not_allowed) --> "a player passes only when no disc can be placed".
refusal(taken(C)) --> atom(C), " is taken".
refusal(must_pass(P)) --> atom(P), " cannot place a disc anywhere, so ", atom(P), " passes".
refusal(flanks_nothing(C, Q)) --> "a disc on ", atom(C), " flanks no line of ", atom(Q), " discs".
refusal(off_board) --> "the cell is off the board".

%% atom(+Atom)//  the characters of Atom.
atom(A) --> { atom_chars(A, Cs) }, seq(Cs).

%% move(?Move)//  a cell's column letter and row number from the top ("d3"), or
% "pass".
move(pass) --> "pass", !.
move(M) --> { ground(M) }, !, move_out(M).
move(at(C, R)) --> notation:square(C-R1), { R is R1 - 1 }.

%% move_out(+Move)//  the text of a ground move.
move_out(pass) --> "pass".
move_out(at(C, R)) --> { R1 is R + 1 }, notation:square(C-R1).

%% cell(+N, +I)//  the name of cell I of an N x N board.
cell(N, I) --> { C is (I - 1) mod N, R is (I - 1) // N }, move_out(at(C, R)).

%% position(?State)//  the canonical one-line position text, both ways.
position(S) --> { nonvar(S) }, !, position_out(S).
position(S) --> position_in(S).

%% position_out(+State)//  the text of a state.
position_out(othello(N, P, Board, _)) -->
    { board:board_cells(Board, Compound), Compound =.. [_|Xs], rows(N, Xs, Rows) },
    notation:natural(N), " ", notation:rows_out(Rows, [x-x, o-o]), " ", side(P).

%% position_in(-State)//  the state a position text names.
position_in(othello(N, P, Board, Status)) -->
    notation:natural(N), { N =< 14, length(Lengths, N), maplist(=(N), Lengths) }, " ",
    notation:rows_in(Lengths, Rows, [x-x, o-o]), " ", side(P),
    {  append(Rows, Xs), square_board(N, Xs, Board), status(Board, P, Status) }.

%% side(?Player)//  black or white.
side(black) --> "black".
side(white) --> "white".

%% rows(+N, +Cells, -Rows)  Cells cut into rows of N.
rows(_, [], []) :- !.
rows(N, Xs, [Row|Rows]) :- length(Row, N), append(Row, Rest, Xs), rows(N, Rest, Rows).

%% view(+State, -View)  the square board, a1 at the top left.
view(othello(N, P, Board, Status), view(square, N, N, Cells, [to_move(P), status(Status)])) :-
    Last is N * N,
    findall(cell(C, R, Name, Piece),
            ( between(1, Last, I), C is (I - 1) mod N, R is (I - 1) // N,
              board:board_cell(Board, I, X), view_piece(X, Piece),
              phrase(cell(N, I), Cs), atom_chars(Name, Cs) ),
            Cells).

%% view_piece(?Cell, ?Piece)  the renderers' piece for what a cell holds.
view_piece(e, empty).
view_piece(x, disc(black)).
view_piece(o, disc(white)).
