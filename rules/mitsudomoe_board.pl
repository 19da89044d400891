%% mitsudomoe_board — the board of Mitsudomoe (rules §1) and its texts: the stack
% on each square, the square names, the move notation (§5) and the position text.
% A part of rules/mitsudomoe.pl, which keeps the rules and reaches the board through
% the exports below; the board and the texts are described at its head.

:- module(mitsudomoe_board, [square/3, square_at/3, set_square/4, ranks_in//1, cell/2, cell_square/2,
                             stack_term/2, new_board/2,
                             move//1, square_name//1, position_out//1, position_fields//4]).

%% part_of(?Game)  this file holds a part of Mitsudomoe's rules: its board and texts.
part_of(mitsudomoe).

%% requires(?Library)  the " won=" mark and the numbers of the text come from notation.pl,
% the board and its stacks from board.pl.
requires(notation).
requires(board).

:- use_module(library(lists)).
:- use_module(library(dcgs)).

%% square(+Board, +F-R, -Stack)  the stack on a square of the board, as s(Rings, Ball).
square(Board, Sq, X) :- cell(Sq, K), board:board_cell(Board, K, A), stack_term(A, X).

%% square_at(+Board, ?Square, -Stack)  a square and its stack: every square in name
% order (a1, a2, ..., e5) when Square is unbound.
square_at(Board, F-R, X) :-
    line(F), line(R),
    square(Board, F-R, X).

%% line(?I)  the files and the ranks, 1 to 5 in order.
line(1). line(2). line(3). line(4). line(5).

%% cell(?F-R, ?K)  the board library's cell of a square: rank by rank from a1.
cell(F-R, K) :- integer(F), !, K is (R - 1) * 5 + F.
cell(Sq, K) :- cell_square(K, Sq).

%% cell_square(?K, ?F-R)  the square of the board library's cell K, drawn rank by rank
% from a1 (a table, indexed on the cell: legal/2 names hundreds of turns a position).
cell_square(1, 1-1). cell_square(2, 2-1). cell_square(3, 3-1). cell_square(4, 4-1). cell_square(5, 5-1).
cell_square(6, 1-2). cell_square(7, 2-2). cell_square(8, 3-2). cell_square(9, 4-2). cell_square(10, 5-2).
cell_square(11, 1-3). cell_square(12, 2-3). cell_square(13, 3-3). cell_square(14, 4-3). cell_square(15, 5-3).
cell_square(16, 1-4). cell_square(17, 2-4). cell_square(18, 3-4). cell_square(19, 4-4). cell_square(20, 5-4).
cell_square(21, 1-5). cell_square(22, 2-5). cell_square(23, 3-5). cell_square(24, 4-5). cell_square(25, 5-5).

%% set_square(+Board, +F-R, +Stack, -Board1)  Board1 has Stack on square F-R.
set_square(Board, Sq, X, Board1) :-
    cell(Sq, K), stack_term(A, X), board:board_set(Board, K, A, Board1).

%% stack_term(?Atom, ?Stack)  a cell's atom (board_stacks.pl: its pieces bottom first,
% rings w and b, then the ball W or B; e for none) and the stack s(Rings, Ball).
stack_term(A, S) :- atom(A), !, ( A == e -> S = s([], none) ; atom_chars(A, Cs), phrase(stack_in(S), Cs) ).
stack_term(A, S) :- ( S == s([], none) -> A = e ; stack_chars(S, Cs), atom_chars(A, Cs) ).

%% new_board(+Atoms, -Board)  the board of 25 cells' atoms, a1 to e1, then rank 2 up;
% each home square marked (1 White's, 2 Black's).
new_board(Atoms, Board) :-
    Cells =.. [c|Atoms],
    board:kept_grid(square8, 5-5, all, Grid),
    board:board_new(Grid, m(1,1,0,0,0, 1,0,0,0,0, 0,0,0,0,0, 0,0,0,0,2, 0,0,0,2,2), Cells, Board).

%% position_fields(-Colour, -Board, -Supply, -Claim)//  the fields of a position text
% read: the board, the side to move, the two supplies W-B and what its " won=" mark
% claims (won(P) or ongoing); whether a game reaches them is for the rules to say.
position_fields(P, Board, W-B, Claim) -->
    ranks_in(Board), " ", side(P), " supply=", number(W), ",", number(B),
    notation:won(Claim, [white, black]).

%% atom(+Atom)//  the characters of Atom.
atom(A) --> { atom_chars(A, Cs) }, seq(Cs).

%% move(?Move)//  the move text: ring step, "/", ball step, then ";" and the sorted
% relocation targets when there are any ("+c3/a1-a3", "d2>c3/a2-c4;b5,e2").
move(M) --> { ground(M) }, !, move_out(M).
move(M) --> move_in(M).

%% move_out(+Move)//  the text of a ground move.
move_out(turn(Ring, ball(From, To), Targets)) -->
    ring_out(Ring), "/", square_name(From), "-", square_name(To), targets_out(Targets).

%% ring_out(+Ring)//  "+c3" for a placement, "d2>c3" for a ring move.
ring_out(place(Sq)) --> "+", square_name(Sq).
ring_out(shift(From, To)) --> square_name(From), ">", square_name(To).

%% targets_out(+Targets)//  nothing, or ";" and the targets separated by ",".
targets_out([]) --> [].
targets_out([T|Ts]) --> ";", square_name(T), more_targets(Ts).

%% more_targets(?Targets)//  each further target after a ",".
more_targets([]) --> [].
more_targets([T|Ts]) --> ",", square_name(T), more_targets(Ts).

%% move_in(-Move)//  a move read from its text (targets as written).
move_in(turn(Ring, ball(From, To), Targets)) -->
    ring_in(Ring), "/", square_name(From), "-", square_name(To), targets_in(Targets).

%% ring_in(-Ring)//  a placement "+c3" or a ring move "d2>c3".
ring_in(place(Sq)) --> "+", !, square_name(Sq).
ring_in(shift(From, To)) --> square_name(From), ">", square_name(To).

%% targets_in(-Targets)//  ";" and the targets, or nothing.
targets_in([T|Ts]) --> ";", !, square_name(T), more_targets_in(Ts).
targets_in([]) --> [].

%% more_targets_in(-Targets)//  each further target after a ",".
more_targets_in([T|Ts]) --> ",", !, square_name(T), more_targets_in(Ts).
more_targets_in([]) --> [].

%% square_name(?F-R)//  a file letter a-e and a rank digit 1-5.
square_name(F-R) --> { integer(F) }, !,
    { C is 0'a + F - 1, char_code(L, C), D is 0'0 + R, char_code(N, D) }, [L, N].
square_name(F-R) --> [L, N],
    { char_code(L, C), C >= 0'a, C =< 0'e, F is C - 0'a + 1,
      char_code(N, D), D >= 0'1, D =< 0'5, R is D - 0'0 }.

%% position_out(+State)//  the text of a state.
position_out(mitsudomoe(P, Board, W-B, Status)) -->
    ranks_out(Board), " ", atom(P), " supply=", number(W), ",", number(B),
    notation:won(Status, [white, black]).

%% number(?N)//  a natural number (0 too) in decimal; read, any run of digits,
% leading zeros too (as the native engine reads the supplies).
number(N) --> { integer(N) }, !, notation:count(N).
number(N) --> notation:digits([D|Ds]), { number_chars(N, [D|Ds]) }.

%% ranks_out(+Board)//  the five ranks, rank 5 first, separated by "/".
ranks_out(Board) -->
    { board:board_cells(Board, Cells), Cells =.. [_|Atoms], maplist(stack_term, Atoms, Sqs),
      ranks(Sqs, [R1, R2, R3, R4, R5]) },
    rank_out(R5), "/", rank_out(R4), "/", rank_out(R3), "/", rank_out(R2), "/", rank_out(R1).

%% ranks(?Squares, ?Ranks)  the 25 cells in order, rank 1 first, as five ranks of five.
ranks([A, B, C, D, E|Xs], [[A, B, C, D, E]|Rs]) :- ranks(Xs, Rs).
ranks([], []).

%% rank_out(+Squares)//  one rank: its tokens separated by ",".
rank_out(Sqs) --> { rank_tokens(Sqs, 0, Ts) }, tokens_out(Ts).

%% rank_tokens(+Squares, +Run, -Tokens)  the tokens of a rank after Run empty squares:
% each maximal run of empty squares as its digit, each stack as its letters.
rank_tokens([], 0, []).
rank_tokens([], N, [[D]]) :- N > 0, number_chars(N, [D]).
rank_tokens([s([], none)|Xs], N, Ts) :- !, N1 is N + 1, rank_tokens(Xs, N1, Ts).
rank_tokens([X|Xs], N, Ts) :-
    stack_chars(X, Cs),
    (  N > 0 -> number_chars(N, [D]), Ts = [[D], Cs|Ts1] ; Ts = [Cs|Ts1] ),
    rank_tokens(Xs, 0, Ts1).

%% tokens_out(+Tokens)//  the tokens separated by ",".
tokens_out([T]) --> seq(T).
tokens_out([T1, T2|Ts]) --> seq(T1), ",", tokens_out([T2|Ts]).

%% stack_chars(+Stack, -Chars)  the letters of a stack: rings bottom to top, then the ball.
stack_chars(s(Rs, Ball), Cs) :-
    reverse(Rs, Bottom),
    ring_letters_out(Bottom, Cs, Tail),
    (  Ball == none -> Tail = [] ; ball_letter(L, Ball), Tail = [L] ).

%% ring_letters_out(+Colours, -Chars, ?Tail)  the letters of rings, then Tail.
ring_letters_out([], T, T).
ring_letters_out([C|Cs], [L|Ls], T) :- ring_letter(L, C), ring_letters_out(Cs, Ls, T).

%% ring_letter(?Letter, ?Colour)  w and b for rings.
ring_letter(w, white).
ring_letter(b, black).

%% ball_letter(?Letter, ?Colour)  W and B for balls.
ball_letter('W', white).
ball_letter('B', black).

%% side(?Colour)//  white or black.
side(white) --> "white".
side(black) --> "black".

%% ranks_in(-Board)//  five ranks, rank 5 first, separated by "/".
ranks_in(Board) -->
    rank_in(R5), "/", rank_in(R4), "/", rank_in(R3), "/", rank_in(R2), "/", rank_in(R1),
    { append([R1, R2, R3, R4, R5], Sqs), maplist(stack_term, Atoms, Sqs), new_board(Atoms, Board) }.

%% rank_in(-Squares)//  the five squares of a rank.
rank_in(Sqs) --> rank_tokens_in(5, Sqs).

%% rank_tokens_in(+K, -Squares)//  the next K squares of a rank, tokens separated by ",".
rank_tokens_in(K, Sqs) --> token_in(K, Sqs, Rest, K1), rank_more(K1, Rest).

%% rank_more(+K, -Squares)//  nothing when the rank is full, else "," and K more squares.
rank_more(0, []) --> [].
rank_more(K, Sqs) --> { K > 0 }, ",", rank_tokens_in(K, Sqs).

%% token_in(+K, -Squares, ?Rest, -K1)//  one token of at most K squares: a run of empty
% squares or one stack; K1 squares remain.
token_in(K, Sqs, Rest, K1) -->
    [D], { member(D-N, ['1'-1, '2'-2, '3'-3, '4'-4, '5'-5]) }, !,
    { N =< K, K1 is K - N, empties(N, Sqs, Rest) }.
token_in(K, [S|Rest], Rest, K1) --> { K > 0 }, stack_in(S), { K1 is K - 1 }.

%% empties(+N, -Squares, ?Rest)  N empty squares, then Rest.
empties(0, Rest, Rest) :- !.
empties(N, [s([], none)|Sqs], Rest) :- N1 is N - 1, empties(N1, Sqs, Rest).

%% stack_in(-Stack)//  ring letters bottom to top, then at most one ball letter; not nothing.
stack_in(s(Rs, Ball)) -->
    rings_in(Bottom), ball_in(Ball),
    { Bottom-Ball \== []-none, reverse(Bottom, Rs) }.

%% rings_in(-Colours)//  the longest run of ring letters.
rings_in([C|Cs]) --> [L], { ring_letter(L, C) }, !, rings_in(Cs).
rings_in([]) --> [].

%% ball_in(-Ball)//  a ball letter, or none.
ball_in(C) --> [L], { ball_letter(L, C) }, !.
ball_in(none) --> [].
