%% contactix — Con-Tac-Tix (see shared/rules/contactix.md): Hex on a C x R board
% with named colours, written as a variant of rules/hex.pl.
%
% What differs from Hex, and is all this file defines: the board is C x R, the
% players are two colour names, the orientation X*Y says that X joins top and
% bottom (and moves first in a new game) and Y joins left and right, the side to
% move comes from the position, there is no swap rule, and positions are also
% read from (and written as) the UGent assignment's position file.
%
% It builds on hex.pl through that file's extension surface (the protocol,
% stone_facts/4 and names_error/6), on hexgrid.pl, and on notation.pl for the text.
%
% State: contactix(X*Y, Hex) where Hex is a state of hex.pl in which red plays
% for X and blue for Y.  Moves are Hex's placements, written with capitals (A3).
%
% Position text: "CxR ROWS TURN X*Y", rows from the top separated by "/", x and y
% for the stones of X and Y, a number for a run of empty cells.
% Example: "3x3 x2/xyy/3 red red*blue".

:- module(contactix, [
    initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2, explain_illegal/3, refusal//1, file//1, legal_moves/2,
    legal_count/2, nth_legal/3, set_to_move/3, turns/3
]).

%% requires(?Name)  this file builds on Hex's rule file (the host loads that file
% first, from the same directory when there is one, else the built-in copy), and
% the numbers and rows of its text come from notation.pl.
requires(hex).
requires(notation).

:- use_module(library(lists)).
:- use_module(library(dcgs)).
:- use_module(library(error)).
:- use_module(library(between)).
:- use_module(library(iso_ext)).

%% option(?Key, ?Kind, ?Default, ?Meaning)  the board and the two colours (the
% native descriptor in src/games/hex/ declares the same; tests/variants.rs holds
% the two to each other).
option(cols, int(1, 26), 11, "the number of columns").
option(rows, int(1, 26), 11, "the number of rows").
option(vertical, name, red, "the colour joining top and bottom (it moves first)").
option(horizontal, name, blue, "the colour joining left and right").

%% initial(+Options, -State)  the empty board with the options above, passed
% validated by the host; the two colours must differ.
initial(Options, contactix(X*Y, hex(C-R, false, red, Board, ongoing, false))) :-
    protocol:options([cols(C), rows(R), vertical(X), horizontal(Y)], Options),
    (  X == Y -> domain_error(two_different_colours, X*Y) ; true ),
    hexgrid:empty_board(C, R, Board).

%% alnum(+Ch)  Ch is an ASCII letter or digit.
alnum(Ch) :- char_code(Ch, K),
    (  K >= 0'a, K =< 0'z -> true ; K >= 0'A, K =< 0'Z -> true ; K >= 0'0, K =< 0'9 ).

%% colour(?HexPlayer, +X*Y, ?Colour)  red plays for X, blue for Y.
colour(red, X*_, X).
colour(blue, _*Y, Y).

%% to_move(+State, -Colour)  the colour to move.
to_move(contactix(O, H), P) :- hex:to_move(H, Q), colour(Q, O, P).

%% legal(+State, -Move)  every empty cell (Hex's moves; the swap rule is off).
legal(contactix(_, H), M) :- hex:legal(H, M).

%% legal_moves(+State, -Moves)  Hex's moves as one list (see hex:legal_moves/2).
legal_moves(contactix(_, H), Ms) :- hex:legal_moves(H, Ms).

%% legal_count(+State, -N)  how many moves there are (see hex:legal_count/2).
legal_count(contactix(_, H), N) :- hex:legal_count(H, N).

%% nth_legal(+State, +K, -Move)  the K-th move (see hex:nth_legal/3).
nth_legal(contactix(_, H), K, M) :- hex:nth_legal(H, K, M).

%% turns(+State, -Board, -Turns)  Hex's board and turns (hex:turns/3), each played
% by its colour.
turns(contactix(O, H), B, [T, U]) :-
    hex:turns(H, B, [T0, U0]),
    coloured(T0, O, T), coloured(U0, O, U).

%% coloured(+Turn0, +X*Y, -Turn)  Hex's turn of red or blue as the turn of its colour.
coloured(turn(Q, Kinds, Ends), O, turn(P, Kinds, Ends)) :- colour(Q, O, P).

%% play(+State, +Move, -Next)  Hex's play; fails when Move is not legal.
play(contactix(O, H), M, contactix(O, H1)) :- hex:play(H, M, H1).

%% outcome(+State, -Outcome)  win(Colour) once that colour joins its edges.
outcome(contactix(O, H), win(P)) :- hex:outcome(H, win(Q)), colour(Q, O, P).

%% evaluate(+State, +Colour, -Score)  Hex's two-distance evaluation.
evaluate(contactix(O, H), P, Score) :- colour(Q, O, P), hex:evaluate(H, Q, Score).

%% explain_illegal(+State, +Move, -Reason)  why a move is refused, as Hex's reasons
% (worded by refusal//1), in this game's colours and notation.
explain_illegal(contactix(O, H), M, Reason) :-
    (  hex:outcome(H, win(Q)) -> colour(Q, O, P), Reason = game_over(P)
    ;  M = place(C, R), H = hex(_, _, _, Board, _, _), hexgrid:cell(Board, C, R, X), X \== e
    -> stone_player(X, Q), colour(Q, O, P), move_name(M, Name), Reason = occupied(Name, P)
    ;  M == swap -> Reason = swap_off
    ;  move_name(M, Name), Reason = off_board(Name)
    ).

%% refusal(+Reason)//  the words of each reason: Hex's, but for the swap rule.
refusal(swap_off) --> !, "Con-Tac-Tix has no swap rule".
refusal(R) --> hex:refusal(R).

%% move_name(+Move, -Name)  the move as an atom of its notation (D5).
move_name(M, Name) :- phrase(move(M), Cs), atom_chars(Name, Cs).

%% stone_player(?Stone, ?HexPlayer)  the Hex player of each stone letter.
stone_player(r, red).
stone_player(b, blue).

%% atom(+Atom)//  the characters of Atom.
atom(A) --> { atom_chars(A, Cs) }, seq(Cs).

%% move(?Move)//  a cell, column letter (A = left) and row number (1 = top): A3.
move(M, S0, S) :-
    ground(M), !,
    M = place(C, R), R1 is R + 1,
    notation:square(upper, C-R1, S0, S).
move(M, S0, S) :-
    hex:move(M, S0, S), M \== swap.

%% position(?State)//  the one-line position text; also reads the position file.
position(S) --> { nonvar(S) }, !, position_out(S).
position(S) --> position_in(S), !.
position(S) --> file(S).

%% position_out(+State)//  the one-line position text of a state.
position_out(contactix(X*Y, hex(C-R, _, P, Board, _, _))) -->
    notation:natural(C), "x", notation:natural(R), " ",
    { hexgrid:board_rows(Board, Rows), letters(Ls) },
    notation:rows_out(Rows, Ls), " ",
    { colour(P, X*Y, T) }, atom(T), " ", atom(X), "*", atom(Y).

%% position_in(-State)//  the state a one-line position text names.
position_in(contactix(X*Y, hex(C-R, false, P, Board, Status, false))) -->
    notation:natural(C), "x", notation:natural(R), { C =< 26, R =< 26 }, " ",
    { length(Lengths, R), maplist(=(C), Lengths), letters(Ls) },
    notation:rows_in(Lengths, Rows, Ls), " ",
    name(T), " ", name(X), "*", name(Y),
    {  X \== Y, colour(P, X*Y, T),
       append(Rows, Cells),
       hexgrid:cells_board(C, Cells, Board),
       status(Board, C-R, Status) }.

%% position_error(+State, -Reason)  why no game reaches a state read from a text (either
% colour may start); fails when a game does.
position_error(contactix(X*Y, hex(Size, _, P, Board, _, _)), Reason) :-
    hex:stone_facts(Board, Size, Counts, Won),
    colour(P, X*Y, T),
    hex:names_error([X, Y], either, T, Counts, Won, Reason).

%% set_to_move(+State, +Colour, -State1)  State with Colour to move: any Con-Tac-Tix
% position may have either colour to move (contactix.md section 3), so no setup mark.
set_to_move(contactix(O, hex(Size, Swap, Q0, Board, Status, Setup)), T, contactix(O, hex(Size, Swap, Q, Board, Status, Setup))) :-
    colour(Q, O, T), Q \== Q0.

%% letters(-Letters)  Hex's stones r and b are written x and y.
letters([r-x, b-y]).

%% name(-Colour)//  a colour name, letters and digits.
name(C) --> name_chars(Cs), { Cs \== [], atom_chars(C, Cs) }.
%% name_chars(-Chars)//  the longest run of letters and digits.
name_chars([Ch|Cs]) --> [Ch], { alnum(Ch) }, !, name_chars(Cs).
name_chars([]) --> [].

%% status(+Board, +Size, -Status)  who, if anyone, has joined their edges.
status(Board, Size, Status) :-
    (  hexgrid:spanning(Board, Size, r, vertical, true) -> Status = won(red)
    ;  hexgrid:spanning(Board, Size, b, horizontal, true) -> Status = won(blue)
    ;  Status = ongoing
    ).

%% file(?State)//  the assignment's position file: size, turn, orientation,
% state and tiles lines in any order, spaces ignorable; written in that order.
file(S) --> { nonvar(S) }, !, file_out(S).
file(S) --> file_lines(Fields), { fields_state(Fields, S) }.

%% file_out(+State)//  the position file of a state, its fields in the usual order.
file_out(contactix(X*Y, hex(C-R, _, P, Board, Status, _))) -->
    "size: ", notation:natural(C), " * ", notation:natural(R), "\n",
    { colour(P, X*Y, T) }, "turn: ", atom(T), "\n",
    "orientation: ", atom(X), " * ", atom(Y), "\n",
    "state: ", state_out(Status, X*Y), "\n",
    { findall(tile(Col, Row, Who),
              ( between(1, C, Col1), Col is Col1 - 1, between(1, R, Row1), Row is Row1 - 1,
                hexgrid:cell(Board, Col, Row, Ch), Ch \== e, stone_player(Ch, Q), colour(Q, X*Y, Who) ),
              Tiles),
      length(Tiles, N) },
    "tiles: ", notation:count(N), "\n",
    tiles_out(Tiles).

%% state_out(+Status, +X*Y)//  the state field's value: undecided or won by a colour.
state_out(ongoing, _) --> "undecided".
state_out(won(Q), O) --> { colour(Q, O, W) }, "won by ", atom(W).

%% tiles_out(+Tiles)//  one "(A3) -> colour" line per tile.
tiles_out([]) --> [].
tiles_out([tile(C, R, Who)|Ts]) --> "    (", move(place(C, R)), ") -> ", atom(Who), "\n", tiles_out(Ts).

%% file_lines(-Fields)//  the fields of the file's lines, blank space around them skipped.
file_lines([F|Fs]) --> blanks, field(F), !, file_lines(Fs).
file_lines([]) --> blanks.

%% blanks//  any run of spaces, tabs and line breaks.
blanks --> [Ch], { memberchk(Ch, [' ', '\t', '\n', '\r']) }, !, blanks.
blanks --> [].

%% ws//  any run of spaces and tabs.
ws --> [Ch], { memberchk(Ch, [' ', '\t']) }, !, ws.
ws --> [].

%% eol//  the end of a line: trailing blanks, then a newline or the end of the input.
eol --> ws, ( "\n" ; "\r\n" ; call(eos) ).

%% eos//  the end of the input.
eos([], []).

%% field(-Field)//  one line of the position file, as a term such as size(C, R).
field(size(C, R)) --> "size", ws, ":", ws, notation:natural(C), ws, "*", ws, notation:natural(R), eol.
field(turn(T)) --> "turn", ws, ":", ws, name(T), eol.
field(orientation(X, Y)) --> "orientation", ws, ":", ws, name(X), ws, "*", ws, name(Y), eol.
field(state(undecided)) --> "state", ws, ":", ws, "undecided", eol.
field(state(won(W))) --> "state", ws, ":", ws, "won", ws, "by", ws, name(W), eol.
field(tiles(N)) --> "tiles", ws, ":", ws, notation:count(N), eol.
field(tile(C, R, Who)) --> "(", ws, move(M), { M = place(C, R) }, ws, ")", ws, "->", ws, name(Who), eol.

%% fields_state(+Fields, -State)  the state the file's fields describe; fails
% on a missing or repeated field, a tile count that differs from tiles:, a
% colour not in the orientation, a tile off the board or given twice.
fields_state(Fields, contactix(X*Y, hex(C-R, false, P, Board, Status, false))) :-
    once_field(size(C, R), Fields), C =< 26, R =< 26,
    once_field(orientation(X, Y), Fields), X \== Y,
    once_field(turn(T), Fields), colour(P, X*Y, T),
    once_field(state(St), Fields), ( St = won(W) -> memberchk(W, [X, Y]) ; true ),
    once_field(tiles(N), Fields),
    findall(t(Col, Row, Who), member(tile(Col, Row, Who), Fields), Tiles),
    length(Tiles, N),
    hexgrid:empty_board(C, R, Board0),
    place_tiles(Tiles, X*Y, C-R, Board0, Board),
    status(Board, C-R, Status).

%% once_field(?Field, +Fields)  Field occurs exactly once in Fields.
once_field(F, Fields) :-
    findall(F, member(F, Fields), [F]).

%% place_tiles(+Tiles, +X*Y, +Size, +Board0, -Board)  Board0 with each tile's stone on
% its empty cell; fails on a tile off the board or on a taken cell.
place_tiles([], _, _, B, B).
place_tiles([t(Col, Row, Who)|Ts], O, Cols-Rows, B0, B) :-
    Col < Cols, Row < Rows,
    colour(Q, O, Who), stone_player(Ch, Q),
    hexgrid:cell(B0, Col, Row, e),
    hexgrid:board_set(B0, Col, Row, Ch, B1),
    place_tiles(Ts, O, Cols-Rows, B1, B).

%% view(+State, -View)  Hex's view with the colour names.
view(contactix(O, H), view(hex, C, R, Cells, [to_move(P), status(St), edges([top-X, bottom-X, left-Y, right-Y])|Won])) :-
    O = X*Y,
    hex:view(H, view(hex, C, R, Cells0, Info0)),
    maplist(cell_colour(O), Cells0, Cells),
    to_move(contactix(O, H), P),
    (  outcome(contactix(O, H), win(W)) -> St = won(W) ; St = ongoing ),
    won_info(Info0, Cells0, Cells, Won).

%% won_info(+HexInfo, +HexCells, +Cells, -Info)  Hex's joining chain, named as this
% game names its cells, and its words; nothing while the game goes on.
won_info(Info0, Cells0, Cells, [highlight(Names), ending(Words)]) :-
    memberchk(highlight(Names0), Info0), memberchk(ending(Words), Info0), !,
    findall(N, ( member(N0, Names0), nth0(I, Cells0, cell(_, _, N0, _)),
                 nth0(I, Cells, cell(_, _, N, _)) ), Names).
won_info(_, _, _, []).

%% cell_colour(+X*Y, +Cell0, -Cell)  a Hex view cell, named as a move (A3), stones in colours.
cell_colour(O, cell(C, R, _, Piece0), cell(C, R, Name, Piece)) :-
    phrase(move(place(C, R)), Cs), atom_chars(Name, Cs),
    (  Piece0 = stone(Q) -> colour(Q, O, P), Piece = stone(P) ; Piece = Piece0 ).
