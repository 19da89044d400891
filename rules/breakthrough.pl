%% breakthrough — Breakthrough (Dan Troyka, 2000) as OpenSpiel plays it: pawns on a
% C x R board race to the far rank.  A pawn moves one square forward, straight or
% diagonally, onto an empty square, or captures an enemy pawn diagonally forward
% (never straight).  The first side to bring a pawn to the far rank, or to capture
% every enemy pawn, wins.  There are no draws.
%
% OpenSpiel's choices (open_spiel/games/breakthrough), kept here so that `ludolog
% check rules/breakthrough.pl --against "python3 examples/engines/openspiel.py
% rules/breakthrough.pl"` agrees with OpenSpiel: black starts on the top ranks and
% moves first, down the board; white starts on the bottom ranks and moves up.  Each
% side fills two ranks when the board has 6 ranks or more, one rank otherwise.
% The side to move always has a move: its most advanced pawn has an empty or enemy
% square diagonally ahead (there are at least two columns), unless that pawn
% already stands on the far rank, which ended the game.
%
% State: breakthrough(Cols, Rows, ToMove, Board, Status)
%   Cols, Rows  the board (options cols and rows)
%   ToMove      black or white; black moves first
%   Board       a board.pl board of the Cols x Rows square with 8 neighbours whose
%               grid rows are the ranks from 1 (the bottom); each cell holds e
%               (empty), b or w; square (C, K), column C from 0 and rank K from 1,
%               is cell (K - 1) * Cols + C + 1
%   Status      ongoing or won(Player)
% Move: step(C, K, C2, K2), the pawn on (C, K) to (C2, K2); its text is the two
% squares' names, file letter and rank number, joined by "-": "a7-a6", "a7-b6"
% (a capture is written the same; "a7xb6" is read too).
% Position text: "CxR RANKS SIDE": the columns and rows, the ranks from the top
% separated by "/" (b and w for pawns, a number for a run of empty squares, as
% notation.pl writes them) and the side to move; who has won is read from the
% board.  The start of the default game:
%   "8x8 bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww black".

:- module(breakthrough, [
    initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2, explain_illegal/3, refusal//1, position_error/2,
    turns/3, legal_count/2, nth_legal/3
]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(dcgs)).

%% requires(?Library)  the numbers and ranks of the text come from notation.pl, the
% board and its steps from board.pl (native in the accelerated tier).
requires(notation).
requires(board).

%% summary(-Text)  one line for `ludolog games`.
summary("Breakthrough (OpenSpiel's rules): pawns race to the far rank, capturing diagonally").

%% option(?Key, ?Kind, ?Default, ?Meaning)  the board, as OpenSpiel's parameters
% columns and rows; at most 15 each, as the board is one term of at most 255 squares.
option(cols, int(2, 15), 8, "the number of columns (files)").
option(rows, int(2, 15), 8, "the number of rows (ranks)").

%% initial(+Options, -State)  the pawns on their home ranks, black to move.
initial(Options, breakthrough(Cols, Rows, black, Board, ongoing)) :-
    protocol:options([cols(Cols), rows(Rows)], Options),
    N is Cols * Rows,
    findall(X, ( between(1, N, I), K is (I - 1) // Cols + 1, start_square(Rows, K, X) ), Xs),
    ranks_board(Cols, Rows, Xs, Board).

%% ranks_board(+Cols, +Rows, +Squares, -Board)  the board holding Squares, rank by
% rank from rank 1: a square grid with 8 neighbours whose rows are the ranks.
ranks_board(Cols, Rows, Xs, Board) :-
    board:kept_grid(square8, Cols-Rows, all, Grid),
    Cells =.. [c|Xs],
    board:board_new(Grid, none, Cells, Board).

%% home_ranks(+Rows, -H)  how many ranks each side fills at the start.
home_ranks(Rows, H) :- ( Rows >= 6 -> H = 2 ; H = 1 ).

%% start_square(+Rows, +K, -X)  what stands on a square of rank K at the start.
start_square(Rows, K, X) :-
    home_ranks(Rows, H),
    (  K =< H -> X = w
    ;  K > Rows - H -> X = b
    ;  X = e
    ).

%% to_move(+State, -Player)  whose turn it is.
to_move(breakthrough(_, _, P, _, _), P).

%% other(?Player, ?Opponent)  the two players.
other(black, white).
other(white, black).

%% pawn(?Player, ?Pawn)  each player's pawn letter.
pawn(black, b).
pawn(white, w).

%% forward(?Player, ?D)  the change of rank of a player's step: black moves down.
forward(black, -1).
forward(white, 1).

%% steps(?Player, ?Steps)  where a player's pawn may step, as board:steps_of/4
% takes it: forward to the left, straight forward and forward to the right (grid
% directions of a board whose rows are the ranks from 1: black's forward is down
% the ranks, white's up), each with what the pawn may enter there: an empty square,
% or an enemy pawn diagonally, never straight ahead.
steps(black, [4-[e, w], 3-[e], 2-[e, w]]).
steps(white, [6-[e, b], 7-[e], 8-[e, b]]).

%% turn(?Player, -Turn)  Player's turn in the board library's words (board.pl's
% turns): a pawn steps as steps/2 says, taking an enemy pawn it steps onto; a pawn
% that comes to the far edge (no square straight ahead) wins, and so does taking the
% last enemy pawn.
turn(P, turn(P, [step(X, Steps)], [edge(Ahead), gone(Y)])) :-
    pawn(P, X), steps(P, Steps), ahead(P, Ahead), other(P, Q), pawn(Q, Y).

%% ahead(?Player, ?Dir)  the direction straight ahead of a player's pawns (the
% straight step of steps/2).
ahead(black, 3).
ahead(white, 7).

%% turns(+State, -Board, -Turns)  the board and the two turns of a game that goes on,
% the side to move's first.
turns(breakthrough(_, _, P, Board, ongoing), Board, [T, U]) :-
    turn(P, T), other(P, Q), turn(Q, U).

%% legal(+State, -Move)  every step of a pawn of the side to move, square by square
% from a1, rank by rank, each pawn's steps in steps/2's order.
legal(breakthrough(Cols, _, P, Board, ongoing), M) :-
    turn(P, T),
    board:turn_moves(Board, T, Moves),
    member(go(I, J), Moves),
    cells_move(Cols, I, J, M).

%% legal_count(+State, -N)  how many moves legal/2 gives, counted by the library.
legal_count(breakthrough(_, _, P, Board, ongoing), N) :- !,
    turn(P, T), board:turn_count(Board, T, N).
legal_count(_, 0).

%% nth_legal(+State, +I, -Move)  the I-th move (from 0) legal/2 gives.
nth_legal(breakthrough(Cols, _, P, Board, ongoing), I, M) :-
    turn(P, T),
    board:turn_nth(Board, T, I, go(K, J)),
    cells_move(Cols, K, J, M).

%% cells_move(+Cols, +I, +J, -Move)  the step of the pawn on cell I to cell J.
cells_move(Cols, I, J, step(C, K, C2, K2)) :-
    square_of(Cols, I, C-K), square_of(Cols, J, C2-K2).

%% square_of(+Cols, +I, -C-K)  the column and rank of cell I.
square_of(Cols, I, C-K) :- C is (I - 1) mod Cols, K is (I - 1) // Cols + 1.

%% cell_of(+Cols, +C-K, -I)  the cell of column C and rank K.
cell_of(Cols, C-K, I) :- I is (K - 1) * Cols + C + 1.

%% play(+State, +Move, -Next)  a pawn of the side to move one square forward; the
% game is won on the far rank or by capturing the last enemy pawn.  Fails on any
% other move.
play(breakthrough(Cols, Rows, P, Board, ongoing), step(C, K, C2, K2),
     breakthrough(Cols, Rows, Q, Board1, Status)) :-
    integer(C), integer(K), integer(C2), integer(K2),
    on_board(Cols, Rows, C-K), on_board(Cols, Rows, C2-K2),
    cell_of(Cols, C-K, I), cell_of(Cols, C2-K2, J),
    turns(breakthrough(Cols, Rows, P, Board, ongoing), Board, Turns),
    board:turn_play(Board, Turns, go(I, J), Board1, Status),
    other(P, Q).

%% outcome(+State, -Outcome)  win(Player) once the game is over (there are no draws).
outcome(breakthrough(_, _, _, _, won(P)), win(P)).

%% evaluate(+State, +Player, -Score)  a heuristic for alpha-beta: each pawn is worth
% 10 plus the square of the ranks it has advanced, Player's minus the opponent's.
evaluate(breakthrough(_, _, _, _, won(W)), P, Score) :- !,
    (  W == P -> Score = 10000 ; Score = -10000 ).
evaluate(breakthrough(Cols, Rows, _, Board, ongoing), P, Score) :-
    other(P, Q),
    side_value(Cols, Rows, Board, P, V),
    side_value(Cols, Rows, Board, Q, W),
    Score is V - W.

%% side_value(+Cols, +Rows, +Board, +Player, -V)  the worth of Player's pawns.
side_value(Cols, Rows, Board, P, V) :-
    pawn(P, X),
    board:cells_of(Board, X, Is),
    findall(W, ( member(I, Is), square_of(Cols, I, _-K),
                 advance(P, Rows, K, A), W is 10 + A * A ), Ws),
    sum_list(Ws, V).

%% advance(+Player, +Rows, +K, -A)  how many ranks a pawn on rank K is from its
% side's back rank.
advance(black, Rows, K, A) :- A is Rows - K.
advance(white, _, K, A) :- A is K - 1.

%% explain_illegal(+State, +Move, -Reason)  why a move is refused, as a term worded
% by refusal//1; squares are named as moves write them.
explain_illegal(breakthrough(_, _, _, _, won(W)), _, game_over(W)) :- !.
explain_illegal(breakthrough(Cols, Rows, P, Board, ongoing), step(C, K, C2, K2), Reason) :-
    pawn(P, X), forward(P, D), other(P, Q), pawn(Q, Y),
    named(C-K, From), named(C2-K2, To),
    (  \+ on_board(Cols, Rows, C-K) -> Reason = off_board(From)
    ;  \+ on_board(Cols, Rows, C2-K2) -> Reason = off_board(To)
    ;  cell_of(Cols, C-K, I), \+ board:board_cell(Board, I, X) -> Reason = no_pawn(P, From)
    ;  ( K2 =\= K + D ; abs(C2 - C) > 1 )
    -> ( D < 0 -> Way = down ; Way = up ), Reason = not_forward(P, Way)
    ;  cell_of(Cols, C2-K2, J), board:board_cell(Board, J, T),
       (  T == X -> Reason = own_pawn(To, P)
       ;  T == Y, C2 =:= C -> Reason = straight_capture(To)
       )
    ).

%% refusal(+Reason)//  the words of each reason explain_illegal/3 gives.
refusal(game_over(W)) --> "the game is over: ", atom(W), " has won".
refusal(off_board(Sq)) --> atom(Sq), " is off the board".
refusal(no_pawn(P, Sq)) --> "no ", atom(P), " pawn on ", atom(Sq).
refusal(not_forward(P, Way)) -->
    "a ", atom(P), " pawn moves one square ", atom(Way), " the board, straight or diagonally".
refusal(own_pawn(Sq, P)) --> atom(Sq), " holds a ", atom(P), " pawn".
refusal(straight_capture(Sq)) --> "a pawn captures only diagonally, and ", atom(Sq), " is straight ahead".

%% named(+Square, -Name)  a square's name as an atom (c3).
named(Sq, Name) :- phrase(square(Sq), Cs), atom_chars(Name, Cs).

%% atom(+Atom)//  the characters of Atom.
atom(A) --> { atom_chars(A, Cs) }, seq(Cs).

%% on_board(+Cols, +Rows, +C-K)  (C, K) is a square of the board.
on_board(Cols, Rows, C-K) :- integer(C), integer(K), C >= 0, C < Cols, K >= 1, K =< Rows.

%% move(?Move)//  the two squares joined by "-" ("x" read too): "a7-a6".
move(M) --> { ground(M) }, !, move_out(M).
move(step(C, K, C2, K2)) --> square(C-K), separator, square(C2-K2).

%% move_out(+Move)//  the text of a ground move.
move_out(step(C, K, C2, K2)) --> square(C-K), "-", square(C2-K2).

%% separator//  what joins the two squares of a move as read.
separator --> "-".
separator --> "x".

%% square(?C-K)//  a file letter (a is column 0) and a rank number (from 1).
square(CK) --> notation:square(CK).

%% position(?State)//  the canonical one-line position text, both ways.
position(S) --> { nonvar(S) }, !, position_out(S).
position(S) --> position_in(S).

%% position_out(+State)//  the text of a state.
position_out(breakthrough(Cols, Rows, P, Board, _)) -->
    { board:board_cells(Board, Cells), Cells =.. [_|Xs], ranks(Cols, Xs, Ranks), reverse(Ranks, Top) },
    notation:natural(Cols), "x", notation:natural(Rows), " ",
    notation:rows_out(Top, [b-b, w-w]), " ", side(P).

%% position_in(-State)//  the state a position text names.
position_in(breakthrough(Cols, Rows, P, Board, Status)) -->
    notation:natural(Cols), "x", notation:natural(Rows),
    { Cols =< 15, Cols >= 2, Rows =< 15, Rows >= 2,
      length(Lengths, Rows), maplist(=(Cols), Lengths) }, " ",
    notation:rows_in(Lengths, Top, [b-b, w-w]), " ", side(P),
    {  reverse(Top, Ranks), append(Ranks, Xs),
       ranks_board(Cols, Rows, Xs, Board),
       status(Board, P, Status) }.

%% side(?Player)//  black or white.
side(black) --> "black".
side(white) --> "white".

%% ranks(+Cols, +Squares, -Ranks)  Squares cut into ranks of Cols, rank 1 first.
ranks(_, [], []) :- !.
ranks(Cols, Xs, [Rank|Ranks]) :-
    length(Rank, Cols), append(Rank, Rest, Xs),
    ranks(Cols, Rest, Ranks).

%% status(+Board, +Player, -Status)  the status of a board read with Player to move:
% the ends of the other player's turn (turn/2), read on the board as a whole.
status(Board, P, Status) :-
    other(P, Q), turn(Q, U), turn(P, T),
    board:turn_status(Board, [U, T], Status).

%% has_won(+Board, ?Player)  Player has won on the board (a pawn on its far rank, or
% no enemy pawn left): its turn's ends, read on the board, give it the win.
has_won(Board, P) :-
    other(P, Q), status(Board, Q, won(P)).

%% on_rank(+Cols, +Board, +Pawn, +K, -N)  how many squares of rank K hold Pawn.
on_rank(Cols, Board, X, K, N) :-
    board:cells_of(Board, X, Is),
    findall(I, ( member(I, Is), square_of(Cols, I, _-K) ), Js),
    length(Js, N).

%% tally(+Cols, +Board, -NB-SB, -NW-SW)  how many black and white pawns there are,
% and the sum of their ranks.
tally(Cols, Board, NB-SB, NW-SW) :-
    pawns(Cols, Board, b, NB, SB),
    pawns(Cols, Board, w, NW, SW).

%% pawns(+Cols, +Board, +Pawn, -N, -RankSum)  how many squares hold Pawn, and the
% sum of their ranks.
pawns(Cols, Board, X, N, S) :-
    board:cells_of(Board, X, Is),
    length(Is, N),
    findall(K, ( member(I, Is), square_of(Cols, I, _-K) ), Ks),
    sum_list(Ks, S).

%% position_error(+State, -Reason)  why no game reaches a state read from a text;
% fails when the board passes these tests (all a game must pass, not all it could):
% no side has more pawns than it starts with, someone has a pawn, at most one
% pawn stands on its far rank, not both sides have won, the winner is not to move,
% and the moves each side has made agree with the side to move.  Every move takes
% one pawn one rank forward, so the ranks a side's pawns have advanced (those
% captured having advanced some, as far as the square they were taken on) bound
% its number of moves; black moves first, so it has made as many moves as white
% (black to move) or one more (white to move).
position_error(breakthrough(Cols, Rows, P, Board, _), Reason) :-
    home_ranks(Rows, H), Start is H * Cols,
    tally(Cols, Board, NB-SB, NW-SW),
    on_rank(Cols, Board, b, 1, B1),
    on_rank(Cols, Board, w, Rows, WR),
    (  member(Who-N, [black-NB, white-NW]), N > Start
    -> protocol:formatted("~a has ~d pawns, more than the ~d it starts with", [Who, N, Start], Reason)
    ;  NB =:= 0, NW =:= 0
    -> Reason = "neither side has a pawn: no game reaches that"
    ;  B1 > 1
    -> protocol:formatted("~d black pawns stand on rank 1, but the game ends when the first arrives", [B1], Reason)
    ;  WR > 1
    -> protocol:formatted("~d white pawns stand on rank ~d, but the game ends when the first arrives", [WR, Rows], Reason)
    ;  has_won(Board, black), has_won(Board, white)
    -> Reason = "both sides have won (a pawn on the far rank, or no enemy pawn left): no game reaches that"
    ;  has_won(Board, P)
    -> other(P, Q),
       protocol:formatted("~a has won, so the game ended with its move and ~a is to move, not ~a", [P, Q, P], Reason)
    ;  move_bounds(Cols, Rows, Start, NB-SB, NW-SW, BLo-BHi, WLo-WHi),
       ( P == black -> Delta = 0 ; Delta = 1 ),
       Lo is max(max(BLo, WLo + Delta), max(Start - NW, Start - NB + Delta)),
       Hi is min(BHi, WHi + Delta),
       Lo > Hi
    -> protocol:formatted("no game reaches this board with ~a to move: from how far the pawns have advanced and how many were captured, black has made ~d to ~d moves and white ~d to ~d, and black moves first", [P, BLo, BHi, WLo, WHi], Reason)
    ).

%% move_bounds(+Cols, +Rows, +Start, +NB-SB, +NW-SW, -BLo-BHi, -WLo-WHi)  the
% fewest and most moves black and white can have made: black's are the ranks its
% pawns came down, the sum of its start ranks minus those of its pawns on the
% board and of its pawns captured (each on rank 2 to Rows); white's likewise up
% (its pawns captured on rank 1 to Rows - 1).
move_bounds(Cols, Rows, Start, NB-SB, NW-SW, BLo-BHi, WLo-WHi) :-
    home_ranks(Rows, H),
    BStart is Cols * (Rows + (H - 1) * (Rows - 1)),
    WStart is Cols * (1 + (H - 1) * 2),
    LostB is Start - NB, LostW is Start - NW,
    BLo is BStart - SB - Rows * LostB,
    BHi is BStart - SB - 2 * LostB,
    WLo is SW - WStart + LostW,
    WHi is SW - WStart + (Rows - 1) * LostW.

%% view(+State, -View)  the square board, rank 1 at the bottom; text drawings use
% the letters of the position text.
view(breakthrough(Cols, Rows, P, Board, Status),
     view(square, Cols, Rows, Cells, [to_move(P), status(Status), glyphs([pawn(black) = b, pawn(white) = w])])) :-
    N is Cols * Rows,
    findall(cell(C, Row, Name, Piece),
            ( between(1, N, I), C is (I - 1) mod Cols, K is (I - 1) // Cols + 1,
              Row is Rows - K, board:board_cell(Board, I, X), view_piece(X, Piece),
              phrase(square(C-K), Cs), atom_chars(Name, Cs) ),
            Cells).

%% view_piece(?Square, ?Piece)  the renderers' piece for what stands on a square.
view_piece(e, empty).
view_piece(b, pawn(black)).
view_piece(w, pawn(white)).
