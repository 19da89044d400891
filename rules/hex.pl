%% hex — the rules of Hex (see shared/rules/hex.md), the ludolog game protocol.
%
% State: hex(Cols-Rows, Swap, ToMove, Board, Status, Setup)
%   Cols-Rows  the board size (Hex itself is square: Cols = Rows = N)
%   Swap       true when the pie rule is on (option swap(true))
%   ToMove     red or blue; red moves first and joins top and bottom,
%              blue joins left and right
%   Board      a hexgrid board: the list of rows, top first, each a list of
%              cells e (empty), r or b (see rules/lib/hexgrid.pl)
%   Status     ongoing or won(Player)
%   Setup      true for a position set up by hand where no game leads (GTP's moves
%              out of turn, a record's setup stones): its stones need not fit
%              the turns; else false
% Move: place(C, R) puts a stone on column C, row R (0-based; a1 = place(0, 0));
%       swap replaces Red's only stone by a Blue stone on the mirrored cell.
%
% Position text (one line, canonical): "NxN ROWS SIDE[ swap][ setup]" where ROWS
% lists the rows from the top, separated by "/", each cell as r or b and each run
% of empty cells as its length; " swap" is there when the pie rule is on, " setup"
% for a position set up by hand that no game reaches (its stones need not fit the
% turns; the winner's rules still hold).
% Example, 3x3 after a1: "3x3 r2/3/3 blue"; two Blue stones set up: "3x3 b2/3/3 red setup".
%
% Extension surface (for games built on Hex, such as contactix.pl and
% variants/misere_hex.pl): besides the protocol, this file exports
%   other(?Player, ?Opponent)                 the two players
%   player(?Player, ?Stone, ?Axis)            each player's stone letter and edges
%   atom_text(+Atom)//                        the characters of an atom
%   position_error(+State, -Reason)           why no game reaches a state
%   move_name(+Move, -Name)                   a move's notation as an atom
%   option(?Key, ?Kind, ?Default, ?Meaning)   Hex's options, for a variant that takes them
% A game built on Hex calls these (and hexgrid.pl and notation.pl, which writes
% the rows) and nothing else of this file.

:- module(hex, [
    initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2, explain_illegal/3, refusal//1, legal_moves/2,
    legal_count/2, nth_legal/3, set_to_move/3, position_error/2, turns/3,
    other/2, player/3, atom_text//1, move_name/2, turn/2, turn_board/2,
    stone_facts/4, names_error/6, option/4
]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(dcgs)).
:- use_module(library(error)).

%% requires(?Library)  Hex is played on hexgrid.pl's rhombus; its turns are said in
% board.pl's words; its text uses notation.pl.
requires(hexgrid).
requires(board).
requires(notation).

%% option(?Key, ?Kind, ?Default, ?Meaning)  Hex's two options.  The native
% descriptor (src/games/hex/) declares the same; tests/variants.rs holds the two
% to each other.
option(size, int(1, 26), 11, "the board size").
option(swap, bool, false, "the pie rule (blue may swap as its first move)").

%% initial(+Options, -State)  the empty board of option size(N), with the pie rule
% when option swap(true); the host passes both validated, defaults filled in.
initial(Options, hex(N-N, Swap, red, Board, ongoing, false)) :-
    protocol:options([size(N), swap(Swap)], Options),
    hexgrid:empty_board(N, N, Board).

%% to_move(+State, -Player)  whose turn it is.
to_move(hex(_, _, P, _, _, _), P).

%% player(?Player, ?Stone, ?Axis)  each player's stone letter and the edges it joins.
player(red, r, vertical).
player(blue, b, horizontal).

%% other(?Player, ?Opponent)  the two players.
other(red, blue).
other(blue, red).

%% turn(?Player, ?Turn)  Player's turn in the board library's words (board.pl's
% turns): a stone on an empty cell (section 4); a group of the mover's that touches
% both its edges wins (section 5).  A cell's marks are its borders (grid.pl's
% border_marks/2): the directions in which it has no neighbour.
turn(P, turn(P, [put(S)], [joins(Mask)])) :-
    player(P, S, Axis), beyond(Axis, D1, D2),
    Mask is 1 << (D1 - 1) \/ 1 << (D2 - 1).

%% beyond(?Axis, ?Dir1, ?Dir2)  the directions (grid.pl's hex_right order) that leave the board
% over an axis's two edges: up and down past the top and bottom rows, right and left
% past the side columns.
beyond(vertical, 3, 6).
beyond(horizontal, 1, 4).

%% turns(+State, -Board, -Turns)  the board library's board of a game that goes on and
% the two turns, the side to move's first; none under the pie rule while a swap may
% still come (at most one stone on the board: section 6's swap is not a kind of the
% library's), nor for a board of more than 255 cells.
turns(hex(Size, Swap, P, Board, ongoing, _), B, [T, U]) :-
    \+ ( Swap == true, Size = Cols-Rows, hexgrid:empty_count(Board, N), N >= Cols * Rows - 1 ),
    turn_board(hex(Size, Swap, P, Board, ongoing, false), B),
    turn(P, T), other(P, Q), turn(Q, U).

%% turn_board(+State, -Board)  the stones of State on a board.pl board of the same
% rhombus (grid.pl's hex_right), each cell marked with its borders.
turn_board(hex(Cols-Rows, _, _, Board, _, _), B) :-
    Cols * Rows =< 255,
    hexgrid:board_cells(Board, Cells),
    Cs =.. [c|Cells],
    board:board_new(kept(hex_right, Cols-Rows, all), borders, Cs, B).

%% legal(+State, -Move)  every empty cell, then swap where the pie rule allows it.
legal(hex(_, _, _, Board, ongoing, _), place(C, R)) :-
    hexgrid:empty_cell(Board, C, R).
legal(hex(_, true, blue, Board, ongoing, _), swap) :-
    swap_stone(Board, _).

%% legal_moves(+State, -Moves)  the moves of legal/2, in its order, as one list
% (the accelerated tier lists moves this way: one native call, no backtracking).
legal_moves(hex(_, _, _, _, won(_), _), []).
legal_moves(hex(_, Swap, P, Board, ongoing, _), Moves) :-
    hexgrid:placements(Board, Moves, Tail),
    (  Swap == true, P == blue, swap_stone(Board, _) -> Tail = [swap] ; Tail = [] ).

%% legal_count(+State, -N)  how many moves legal/2 gives: the empty cells, and the
% swap where the pie rule allows it.
legal_count(hex(_, _, _, _, won(_), _), 0).
legal_count(hex(_, Swap, P, Board, ongoing, _), N) :-
    hexgrid:empty_count(Board, N0),
    (  Swap == true, P == blue, swap_stone(Board, _) -> N is N0 + 1 ; N = N0 ).

%% nth_legal(+State, +K, -Move)  the K-th move of legal/2 (from 0), found without
% listing them: the K-th empty cell, or the swap after them all.
nth_legal(hex(_, Swap, P, Board, ongoing, _), K, M) :-
    hexgrid:empty_count(Board, N),
    (  K < N
    -> hexgrid:nth_empty(Board, K, C, R), M = place(C, R)
    ;  K =:= N, Swap == true, P == blue, swap_stone(Board, _), M = swap
    ).

%% swap_stone(+Board, -C-R)  Red's stone on (C, R) is the only stone on the board.
swap_stone(Board, C-R) :-
    hexgrid:board_cells(Board, Cells),
    findall(K, ( nth0(K, Cells, X), X \== e ), [I]),
    nth0(I, Cells, r),
    hexgrid:board_size(Board, Cols, _),
    C is I mod Cols, R is I // Cols.

%% play(+State, +Move, -Next)  the state after Move; fails when Move is not legal.
play(hex(Cols-Rows, Swap, P, Board, ongoing, Setup), place(C, R), Next) :-
    integer(C), integer(R),
    C >= 0, C < Cols, R >= 0, R < Rows,
    hexgrid:cell(Board, C, R, e),
    player(P, Stone, Axis),
    hexgrid:place_stone(Board, Cols-Rows, C-R, Stone, Axis, Board1, Spans),
    other(P, Q),
    status(Spans, P, Status),
    after_setup(Setup, hex(Cols-Rows, Swap, Q, Board1, Status, Setup), Next).
play(hex(Size, true, blue, Board, ongoing, Setup), swap, Next) :-
    swap_stone(Board, C-R),
    hexgrid:board_set(Board, C, R, e, Board1),
    hexgrid:board_set(Board1, R, C, b, Board2),
    hexgrid:spans(Board2, Size, horizontal, R-C, Spans),
    status(Spans, blue, Status),
    after_setup(Setup, hex(Size, true, red, Board2, Status, Setup), Next).

%% after_setup(+Setup, +State, -Next)  State after a move: a setup that a game now
% reaches is marked as one no more (" setup" marks exactly the positions no game reaches).
after_setup(false, S, S).
after_setup(true, hex(Size, Swap, P, Board, Status, true), hex(Size, Swap, P, Board, Status, Setup)) :-
    (  position_error(hex(Size, Swap, P, Board, Status, false), _) -> Setup = true ; Setup = false ).

%% status(+Spans, +Player, -Status)  won(Player) when the move joined its edges, else ongoing.
status(true, P, won(P)).
status(false, _, ongoing).

%% outcome(+State, -Outcome)  win(Player) once a player's stones join their edges.
outcome(hex(_, _, _, _, won(P), _), win(P)).

%% evaluate(+State, +Player, -Score)  two shortest-path distances: the opponent's minus Player's.
evaluate(hex(_, _, _, _, won(W), _), P, Score) :- !,
    (  W == P -> Score = 10000 ; Score = -10000 ).
evaluate(hex(Size, _, ToMove, Board, ongoing, _), P, Score) :-
    other(P, Q),
    player(P, S, A), player(Q, T, B),
    hexgrid:distance(Board, Size, S, T, A, DP),
    hexgrid:distance(Board, Size, T, S, B, DQ),
    (  ToMove == P -> Tempo = 1 ; Tempo = 0 ),
    Score is (DQ - DP) * 10 + Tempo.

%% explain_illegal(+State, +Move, -Reason)  why Move cannot be played here, as a
% term (worded by refusal//1); cells are named as moves are written.
explain_illegal(hex(_, _, _, _, won(W), _), _, game_over(W)) :- !.
explain_illegal(hex(Cols-Rows, _, _, _, _, _), place(C, R), off_board(Name)) :-
    \+ ( C >= 0, C < Cols, R >= 0, R < Rows ), !,
    move_name(place(C, R), Name).
explain_illegal(hex(_, _, _, Board, _, _), place(C, R), occupied(Name, P)) :-
    hexgrid:cell(Board, C, R, X), X \== e, !,
    player(P, X, _),
    move_name(place(C, R), Name).
explain_illegal(hex(_, false, _, _, _, _), swap, swap_off) :- !.
explain_illegal(hex(_, true, _, _, _, _), swap, swap_too_late).

%% refusal(+Reason)//  the words of each reason explain_illegal/3 gives.
refusal(game_over(W)) --> "the game is over: ", atom_text(W), " has won".
refusal(off_board(Name)) --> atom_text(Name), " is off the board".
refusal(occupied(Name, P)) --> atom_text(Name), " is occupied by ", atom_text(P).
refusal(swap_off) --> "the swap rule is off (option swap=true turns it on)".
refusal(swap_too_late) --> "swap is only legal as Blue's first move, with one Red stone on the board".

%% move_name(+Move, -Name)  the move as an atom of its notation (d5).
move_name(M, Name) :- phrase(move(M), Cs), atom_chars(Name, Cs).

%% atom_text(+Atom)//  the characters of Atom.
atom_text(A) --> { atom_chars(A, Cs) }, seq(Cs).

%% move(?Move)//  move notation: a column letter and a row number (d5), or swap.
move(M) --> { ground(M) }, !, move_out(M).
move(M) --> move_in(M).

%% move_out(+Move)//  the notation of a ground move.
move_out(swap) --> "swap".
move_out(place(C, R)) --> { R1 is R + 1 }, notation:square(C-R1).

%% move_in(-Move)//  a move read from its notation, column letter in either case.
move_in(swap) --> "swap", !.
move_in(place(C, R)) --> notation:square(either, C-R1), { R is R1 - 1 }.

%% position(?State)//  the canonical one-line position text.
position(S) --> { nonvar(S) }, !, position_out(S).
position(S) --> position_in(S).

%% position_out(+State)//  the position text of a state.
position_out(hex(N-N, Swap, P, Board, _, Setup)) -->
    notation:natural(N), "x", notation:natural(N), " ",
    { hexgrid:board_rows(Board, Rows) },
    notation:rows_out(Rows, [r-r, b-b]), " ", atom_text(P), swap_out(Swap), setup_out(Setup).

%% swap_out(+Swap)//  " swap" when the pie rule is on, else nothing.
swap_out(true) --> " swap".
swap_out(false) --> [].

%% setup_out(+Setup)//  " setup" for a position set up by hand, else nothing.
setup_out(true) --> " setup".
setup_out(false) --> [].

%% position_in(-State)//  the state a position text names (a square board, at most 26).
position_in(hex(N-N, Swap, P, Board, Status, Setup)) -->
    notation:natural(N), "x", notation:natural(N1), { N1 == N, N =< 26 }, " ",
    { length(Lengths, N), maplist(=(N), Lengths) },
    notation:rows_in(Lengths, Rows, [r-r, b-b]), " ",
    side_in(P), swap_in(Swap), setup_in(Setup),
    {  append(Rows, Cells),
       hexgrid:cells_board(N, Cells, Board),
       position_status(Board, N-N, Status) }.

%% side_in(-Player)//  the side to move, red or blue.
side_in(red) --> "red".
side_in(blue) --> "blue".

%% swap_in(-Swap)//  true after " swap", else false.
swap_in(true) --> " swap".
swap_in(false) --> [].

%% setup_in(-Setup)//  true after " setup", else false.
setup_in(true) --> " setup".
setup_in(false) --> [].

%% position_status(+Board, +Size, -Status)  who, if anyone, has joined their edges.
position_status(Board, Size, Status) :-
    (  player(P, S, A), hexgrid:spanning(Board, Size, S, A, true)
    -> Status = won(P)
    ;  Status = ongoing
    ).

%% position_error(+State, -Reason)  why no game reaches a state read from a text; fails
% when one does (the host asks after reading a position; the native engine says the same).
position_error(hex(Size, Swap, P, Board, _, Setup), Reason) :-
    stone_facts(Board, Size, Counts, Won),
    (  Setup == false
    -> play_error(Board, Size, Swap, P, Counts, Won, Reason)
    ;  \+ play_error(Board, Size, Swap, P, Counts, Won, _)
    -> Reason = "a game reaches this position: only a position no game reaches is marked ` setup`"
    ;  names_error([red, blue], either, P, Counts, Won, Reason)
    ).

%% play_error(+Board, +Size, +Swap, +ToMove, +Counts, +Won, -Reason)  why no game of
% Hex reaches these stones with ToMove to move: the counts and turns, the winners, or
% a winner's join that no last stone made.
play_error(Board, Size, Swap, P, Counts, Won, Reason) :-
    (  names_error([red, blue], fixed(Swap), P, Counts, Won, Reason0) -> Reason = Reason0
    ;  no_last_stone(Board, Size, Won, Reason)
    ).

%% no_last_stone(+Board, +Size, +WR-WB, -Reason)  the winner still joins its edges
% with any one of its stones taken away: no move of the game made the join.
no_last_stone(Board, Size, WR-WB, Reason) :-
    (  WR == true -> W = red ; WB == true -> W = blue ),
    player(W, S, Axis),
    hexgrid:board_rows(Board, Rows),
    \+ ( hexgrid:cell(Rows, C, R, X), X == S,
          hexgrid:board_set(Rows, C, R, e, Rows1),
          hexgrid:spanning(Rows1, Size, S, Axis, false) ),
    protocol:formatted("~a joins its edges even with any one of its stones taken away, so no move was the last: no game reaches that", [W], Reason).

%% set_to_move(+State, +Player, -State1)  State with Player to move, set up by hand:
% marked as a setup exactly when no game reaches it.
set_to_move(hex(Size, Swap, P, Board, Status, _), Q, hex(Size, Swap, Q, Board, Status, Setup)) :-
    other(P, Q),
    (  position_error(hex(Size, Swap, Q, Board, Status, false), _) -> Setup = true ; Setup = false ).

%% stone_facts(+Board, +Size, -NR-NB, -WR-WB)  the stones of each player and whether they join their edges.
stone_facts(Board, Size, NR-NB, WR-WB) :-
    hexgrid:board_cells(Board, Cells),
    count_stones(Cells, r, NR), count_stones(Cells, b, NB),
    (  hexgrid:spanning(Board, Size, r, vertical, true) -> WR = true ; WR = false ),
    (  hexgrid:spanning(Board, Size, b, horizontal, true) -> WB = true ; WB = false ).

%% count_stones(+Cells, +Stone, -N)  how many cells hold Stone.
count_stones([], _, 0).
count_stones([C|Cs], X, N) :- count_stones(Cs, X, N0), ( C == X -> N is N0 + 1 ; N = N0 ).

%% names_error(+[X, Y], +First, +ToMove, +NX-NY, +WX-WY, -Reason)  why no game reaches
% these stone counts, winners and side to move: First is fixed(Swap) when X moves
% first (Hex), either when either may start (Con-Tac-Tix) or the stones were set up.
names_error([X, Y], First, P, NX-NY, WX-WY, Reason) :-
    plural(NX, SX), plural(NY, SY),
    (  sides(First, NX, NY, X, Y, []) -> counts_why(First, X, Y, Why),
       protocol:formatted("~a has ~d ~a and ~a ~d: no game reaches that (~s)", [X, NX, SX, Y, NY, Why], Reason0)
    ;  WX == true, WY == true
    -> protocol:formatted("both ~a and ~a join their edges: no game reaches that", [X, Y], Reason0)
    ;  WX == true, P == X -> winner_why(X, Y, Reason0)
    ;  WY == true, P == Y -> winner_why(Y, X, Reason0)
    ;  sides(First, NX, NY, X, Y, [E|Es]), \+ memberchk(P, [E|Es])
    -> protocol:formatted("with ~d ~a and ~d ~a ~a, ~a is to move, not ~a", [NX, X, NY, Y, SY, E, P], Reason0)
    ),
    !,
    Reason = Reason0.

%% plural(+N, -Word)  stone or stones.
plural(N, S) :- ( N =:= 1 -> S = stone ; S = stones ).

%% sides(+First, +NX, +NY, +X, +Y, -Sides)  who may be to move with these counts ([]: nobody).
sides(fixed(Swap), NX, NY, X, Y, Sides) :-
    (  NX =:= NY -> ( Swap == true, NY >= 1 -> Sides = [X, Y] ; Sides = [X] )
    ;  NX =:= NY + 1 -> Sides = [Y]
    ;  Swap == true, NY =:= NX + 1 -> Sides = [X]
    ;  Sides = []
    ).
% Con-Tac-Tix takes any position of an input file: its rules (contactix.md section 3)
% say the stones per colour need not be balanced, so any counts and either side to move.
sides(either, _, _, X, Y, [X, Y]).

counts_why(fixed(false), X, _, W) :- protocol:formatted("~a moves first and the players alternate", [X], W).
counts_why(fixed(true), X, Y, W) :-
    protocol:formatted("~a moves first, the players alternate, and a swap gives ~a one stone more", [X, Y], W).
counts_why(either, _, _, "the players alternate").

winner_why(W, L, Reason) :-
    protocol:formatted("~a joins its edges, so the game ended with its move and ~a is to move, not ~a", [W, L, W], Reason).

%% view(+State, -View)  the cells, coordinates and pieces, for the renderers.
view(hex(Cols-Rows, _, P, Board, Status, _), view(hex, Cols, Rows, Cells, Info)) :-
    findall(cell(C, R, Name, Piece),
            ( between(0, Rows, R), R < Rows, between(0, Cols, C), C < Cols,
              hexgrid:cell(Board, C, R, X),
              cell_piece(X, Piece),
              phrase(move(place(C, R)), Cs), atom_chars(Name, Cs) ),
            Cells),
    won_info(Status, Board, Cols-Rows, Won),
    Info = [to_move(P), status(Status), edges([top-red, bottom-red, left-blue, right-blue])|Won].

%% won_info(+Status, +Board, +Size, -Info)  a won game's joining chain, to draw, and
% how it was won, in words; nothing while the game goes on.
won_info(won(P), Board, Size, [highlight(Names), ending(Words)]) :-
    player(P, Stone, Axis),
    hexgrid:winning_path(Board, Size, Stone, Axis, Path), !,
    findall(Name, ( member(C-R, Path), phrase(move(place(C, R)), Cs), atom_chars(Name, Cs) ), Names),
    axis_words(Axis, Words).
won_info(_, _, _, []).

%% axis_words(?Axis, ?Words)  what joining an axis's edges is, in words.
axis_words(vertical, "joined top and bottom").
axis_words(horizontal, "joined left and right").

%% cell_piece(?Cell, ?Piece)  the renderers' piece for each cell letter.
cell_piece(e, empty).
cell_piece(r, stone(red)).
cell_piece(b, stone(blue)).
