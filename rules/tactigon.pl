%% tactigon — the rules of Tactigon (see shared/rules/tactigon.md), the ludolog game protocol.
%
% State: tactigon(ToMove, Board, Status)
%   ToMove  red or blue; Red moves first
%   Board   a board.pl board of the 7 x 11 matrix on grid.pl's hex_left
%           neighbours, cell N (below) its cell N + 1, holding e (empty), the
%           letter of a piece (letter/2: C T S P for Red's circle, triangle,
%           square and pentagon, c t s p for Blue's) or x where the matrix has
%           no cell (a hole: never read, never written).  at/3 reads a cell as
%           e or a piece term Kind(Owner).
%   Status  ongoing or won(Player)
% Cells are numbered N = 11 * R + C (row R = 0..6 from the top, column C = 0..10):
% 3 4 / 11..19 / 22..31 / 33..43 / 45..54 / 57..65 / 72 73; the gold cells are 15 and 61.
% Move: move(From, To), the cell numbers of the piece and of where it ends.
%
% Position text: "ROWS SIDE[ won=P]".  ROWS lists the 7 rows from the top,
% separated by "/", each row its own cells left to right (2, 9, 10, 11, 10, 9
% and 2 of them): C T S P for Red's circle, triangle, square and pentagon, c t s p
% for Blue's, a number (1 to 11) for a run of empty cells.  SIDE is red or blue;
% " won=P" ends the text of a finished game.
% Start: "2/C1C3c1c/1ST4ts1/CTPSC1csptc/1ST4ts1/C1C3c1c/2 red".
% Move text: "36-38"; an attack may be written "36x38" too (printed with "-").
%
% The winner is judged after each move, in this order: the mover took the enemy
% pentagon; else the player who did not move holds both gold cells; else the
% player to move has no legal move and loses.  A state records the result, and
% a position text determines it (a board without a pentagon, or with the side
% to move on both gold cells or without a move, is a finished game).
%
% Extension surface (for rule variants such as variants/tactigon_advanced.pl):
% the moves of a side come from its limits, a list lim(From, Range, Over) with
% one entry per own piece: the piece on From moves at most Range steps, passing
% through empty cells and the cells holding one of the pieces listed in Over
% (piece terms, such as circle(red)).  A variant defines
% its own limits/3 and calls the predicates below with them:
%   limits(+Board, +Player, -Limits)            the limits of this file's rules
%   reach(+Board, +From, +Range, +Over, -Targets)   where one piece may go
%   legal_with(+State, +Limits, -Move)          the legal moves the limits allow
%   allowed_with(+State, +Limits, +Move)        one move is legal under the limits
%   resolve(+State, +Move, -Next)               combat, pentagon and gold wins
%   settle(+State0, +Limits, -State)            the side to move loses without a move
%   explain_with(+State, +Limits, +Move, -Reason)   why a move is refused
%   evaluate_with(+State, +Player, +LimitsP, +LimitsQ, -Score)   the evaluation
%   read_position(-State0, -Won)//, won_agrees(+Won, +State)   reading positions
%   board_problem(+State, -Reason)              why no game reaches a board
% and the helpers range/2, gold/1, other/2, piece_kind/3, at/3 (what stands on a cell),
% piece_on/3 (the pieces on a board), letter_piece/2 (a cell's letter) and movers/2
% (the moves as the board library counts them).

:- module(tactigon, [
    initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2, explain_illegal/3, refusal//1, legal_count/2, nth_legal/3,
    limits/3, reach/5, legal_with/3, allowed_with/3, resolve/3, settle/3,
    explain_with/4, evaluate_with/5, read_position//2, won_agrees/2, board_problem/2,
    gold/1, other/2, at/3, piece_on/3, set_to_move/3, movers/2, letter_piece/2
]).

%% requires(?Library)  the board and its reach come from board.pl (native in the
% accelerated tier), on grid.pl's hex_left neighbours; the rows and the " won="
% mark of the text come from notation.pl; the pieces and the combat table from
% tactigon_pieces.pl, the words of its refusals from tactigon_refusals.pl.
requires(grid).
requires(notation).
requires(board).
requires(tactigon_pieces).
requires(tactigon_refusals).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(dcgs)).
:- use_module(library(error)).

%% initial(+Options, -State)  the start position; Tactigon has no options.
initial(Options, State) :-
    must_be(list, Options),
    no_options(Options),
    start_text(Text),
    phrase(position(State), Text).

%% no_options(+Options)  Options is empty; else a domain error naming the first.
no_options([]).
no_options([O|_]) :- domain_error(tactigon_option, O).

%% start_text(-Text)  the position text of the start.
start_text("2/C1C3c1c/1ST4ts1/CTPSC1csptc/1ST4ts1/C1C3c1c/2 red").

%% to_move(+State, -Player)  whose turn it is.
to_move(tactigon(P, _, _), P).

%% other(?Player, ?Opponent)  the two players.
other(red, blue).
other(blue, red).

%% cell(?N, ?R, ?C)  the 53 cells: number N = 11 * R + C, row R, column C.
cell(3, 0, 3).   cell(4, 0, 4).
cell(11, 1, 0).  cell(12, 1, 1).  cell(13, 1, 2).  cell(14, 1, 3).  cell(15, 1, 4).
cell(16, 1, 5).  cell(17, 1, 6).  cell(18, 1, 7).  cell(19, 1, 8).
cell(22, 2, 0).  cell(23, 2, 1).  cell(24, 2, 2).  cell(25, 2, 3).  cell(26, 2, 4).
cell(27, 2, 5).  cell(28, 2, 6).  cell(29, 2, 7).  cell(30, 2, 8).  cell(31, 2, 9).
cell(33, 3, 0).  cell(34, 3, 1).  cell(35, 3, 2).  cell(36, 3, 3).  cell(37, 3, 4).
cell(38, 3, 5).  cell(39, 3, 6).  cell(40, 3, 7).  cell(41, 3, 8).  cell(42, 3, 9).
cell(43, 3, 10).
cell(45, 4, 1).  cell(46, 4, 2).  cell(47, 4, 3).  cell(48, 4, 4).  cell(49, 4, 5).
cell(50, 4, 6).  cell(51, 4, 7).  cell(52, 4, 8).  cell(53, 4, 9).  cell(54, 4, 10).
cell(57, 5, 2).  cell(58, 5, 3).  cell(59, 5, 4).  cell(60, 5, 5).  cell(61, 5, 6).
cell(62, 5, 7).  cell(63, 5, 8).  cell(64, 5, 9).  cell(65, 5, 10).
cell(72, 6, 6).  cell(73, 6, 7).

%% row(?R, ?Cells)  the cells of row R, left to right.
row(0, [3, 4]).
row(1, [11, 12, 13, 14, 15, 16, 17, 18, 19]).
row(2, [22, 23, 24, 25, 26, 27, 28, 29, 30, 31]).
row(3, [33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43]).
row(4, [45, 46, 47, 48, 49, 50, 51, 52, 53, 54]).
row(5, [57, 58, 59, 60, 61, 62, 63, 64, 65]).
row(6, [72, 73]).

%% gold(?N)  the two gold cells.
gold(15).
gold(61).

%% at(+Board, +N, -X)  what stands on cell N: e or a piece.
at(Board, N, X) :-
    cell(N, _, _),
    K is N + 1,
    board:board_cell(Board, K, L),
    letter_piece(L, X).

%% letter_piece(?Letter, ?X)  what a cell holds on the board (a letter), as at/3
% gives it: e for an empty cell, else a piece, capitals for Red's and small letters
% for Blue's (the letters of the position text).
letter_piece(e, e).
letter_piece('C', circle(red)).
letter_piece('T', triangle(red)).
letter_piece('S', square(red)).
letter_piece('P', pentagon(red)).
letter_piece(c, circle(blue)).
letter_piece(t, triangle(blue)).
letter_piece(s, square(blue)).
letter_piece(p, pentagon(blue)).

%% moved(+Board, +From, +To, +X, -Board1)  Board1 is Board with cell From empty and
% X (e or a piece) on cell To.
moved(Board, From, To, X, Board1) :-
    K is From + 1, J is To + 1,
    letter_piece(L, X),
    board:board_sets(Board, [K-e, J-L], Board1).

%% new_board(+Rows, -Board)  the board holding Rows, the contents of each row's
% cells (row/2), holes x.
new_board(Rows, Board) :-
    rows_letters(0, Rows, Ls),
    Cells =.. [c|Ls],
    board:kept_grid(hex_left, 11-7, all, Grid),
    board:board_new(Grid, none, Cells, Board).

%% rows_letters(+R, +Rows, -Letters)  the letters of the matrix places of rows R..6,
% row by row, holes x.
rows_letters(_, [], []).
rows_letters(R, [Xs|Rows], Ls) :-
    columns(0, R, Xs, Ls, Ls1),
    R1 is R + 1,
    rows_letters(R1, Rows, Ls1).

%% columns(+C, +R, +Xs, -Letters, ?Tail)  the letters of columns C..10 of row R, those
% of its cells taken in order from Xs, then Tail.
columns(11, _, [], Ls, Ls) :- !.
columns(C, R, Xs, [L|Ls], Tail) :-
    N is 11 * R + C,
    (  cell(N, R, C) -> Xs = [X|Xs1], letter_piece(L, X) ; L = x, Xs1 = Xs ),
    C1 is C + 1,
    columns(C1, R, Xs1, Ls, Tail).

%% piece_on(+Board, -N, -Piece)  the pieces on the board, by cell number.
piece_on(Board, N, Piece) :-
    cell(N, _, _),
    at(Board, N, Piece),
    Piece \== e.

%% limits(+Board, +Player, -Limits)  lim(From, Range, []) for each piece of Player, by
% cell number: it moves as far as its range, through empty cells only.
limits(B, P, Limits) :-
    board:board_cells(B, Cells),
    findall(lim(N, K, []),
            ( cell(N, _, _), I is N + 1, arg(I, Cells, L), L \== e,
              letter_piece(L, Piece),
              tactigon_pieces:piece_kind(Piece, Kind, P), tactigon_pieces:range(Kind, K) ),
            Limits).

%% limit(+Board, +Player, +From, -Limit)  lim(From, Range, []) for the piece of Player
% on From; fails when From holds none.
limit(Board, P, N, lim(N, K, [])) :-
    at(Board, N, Piece),
    tactigon_pieces:piece_kind(Piece, Kind, P), tactigon_pieces:range(Kind, K).

%% reach(+Board, +From, +Range, +Over, -Targets)  the cells the piece on From may
% move to: a breadth-first search from From to depth Range, through the empty
% cells and the cells holding one of the pieces Over (a passed cell costs a step).
% Targets, sorted, are the empty cells it meets and the enemy pieces it may attack
% that lie next to From or to a passed cell at most Range - 1 steps away.
reach(Board, From, Range, Over, Targets) :-
    at(Board, From, Piece),
    tactigon_pieces:piece_kind(Piece, Kind, P),
    findall(L, ( member(X, Over), letter_piece(L, X) ), Through),
    K is From + 1,
    board:reach_met(Board, K, Range, Through, Es, Met),
    met_targets(Es, Met, Board, Kind-P, Found),
    sort(Found, Targets).

%% met_targets(+Empties, +Met, +Board, +Mover, -Found)  reach/5's targets from
% board:reach_met/6 (board cells, N + 1): the empty cells, and the cells met that
% the moving piece Mover = Kind-Owner may attack.
met_targets([], Met, B, Mover, Found) :- met_attacks(Met, B, Mover, Found).
met_targets([K|Ks], Met, B, Mover, [N|Found]) :-
    N is K - 1,
    met_targets(Ks, Met, B, Mover, Found).

%% met_attacks(+Met, +Board, +Mover, -Found)  the cells of Met (board cells, N + 1)
% holding a piece Mover may attack (a hole is no piece).
met_attacks([], _, _, []).
met_attacks([K|Ks], B, KA-P, Found) :-
    N is K - 1,
    (  at(B, N, X), tactigon_pieces:may_attack(KA, P, X) -> Found = [N|Found1] ; Found = Found1 ),
    met_attacks(Ks, B, KA-P, Found1).

%% legal(+State, -Move)  every move of the side to move, by cell number from and to.
legal(S, M) :-
    S = tactigon(P, B, ongoing),
    limits(B, P, L),
    legal_with(S, L, M).

%% legal_with(+State, +Limits, -Move)  the moves the limits of the side to move allow.
legal_with(tactigon(_, B, ongoing), Limits, move(From, To)) :-
    member(lim(From, K, Over), Limits),
    reach(B, From, K, Over, Targets),
    member(To, Targets).

%% legal_count(+State, -N)  how many moves legal/2 gives: the board library counts
% the same moves (natively in the accelerated tier) from movers/2.
legal_count(tactigon(P, B, ongoing), N) :- !,
    movers(P, Ms),
    board:reach_count(B, Ms, N).
legal_count(_, 0).

%% nth_legal(+State, +I, -Move)  the I-th move (from 0) legal/2 gives.
nth_legal(tactigon(P, B, ongoing), I, move(From, To)) :-
    movers(P, Ms),
    board:nth_reach(B, Ms, I, K-J),
    From is K - 1, To is J - 1.

%% movers(?Player, ?Movers)  this file's limits and combat table as board.pl's
% reach_moves/3 takes them: each of Player's pieces by its letter, its range, and
% the letters of the enemy pieces the combat table lets it attack
% (tests/tactigon.rs checks them against range/2 and combat/3).
movers(red, ['C'-1-[c, t, s, p], 'T'-3-[c, t, s, p], 'S'-4-[t, s, p], 'P'-5-[p]]).
movers(blue, [c-1-['C', 'T', 'S', 'P'], t-3-['C', 'T', 'S', 'P'], s-4-['T', 'S', 'P'],
              p-5-['P']]).

%% allowed_with(+State, +Limits, +Move)  Move is one of legal_with/3's moves.
allowed_with(tactigon(_, B, ongoing), Limits, move(From, To)) :-
    integer(From), integer(To),
    memberchk(lim(From, K, Over), Limits),
    reach(B, From, K, Over, Targets),
    memberchk(To, Targets).

%% play(+State, +Move, -Next)  the state after a legal move; fails otherwise (the
% limits of the moving piece alone: allowed_with/3 reads no other).
play(S, M, Next) :-
    S = tactigon(P, B, ongoing),
    M = move(From, To), integer(From), integer(To),
    allowed(B, P, From, To), !,
    resolve(S, M, Next0),
    settle_by_rules(Next0, Next).

%% allowed(+Board, +Player, +From, +To)  Player's piece on From may move to To:
% one of the board library's moves from movers/2 (allowed_with/3 under its limit).
allowed(B, P, From, To) :-
    limit(B, P, From, _),
    movers(P, Ms),
    K is From + 1, J is To + 1,
    board:reach_move(B, Ms, K-J).

%% settle_by_rules(+State0, -State)  settle/3 with this file's limits, taken piece by
% piece (by cell number) until one has a move: usually the first does.
settle_by_rules(S0, S) :-
    S0 = tactigon(P, B, ongoing),
    \+ has_a_move(B, P), !,
    other(P, Q),
    S = tactigon(P, B, won(Q)).
settle_by_rules(S, S).

%% has_a_move(+Board, +Player)  some piece of Player has a move (board:reach_any/2
% from movers/2).
has_a_move(B, P) :-
    movers(P, Ms),
    board:reach_any(B, Ms).

%% resolve(+State, +Move, -Next)  the state after an allowed move: the combat on
% its target cell, then the pentagon win of the mover, then the gold win of the
% other player (who holds both gold cells after the move); the no-move loss is settle/3's.
resolve(tactigon(P, B, ongoing), move(From, To), tactigon(Q, B2, Status)) :-
    at(B, From, A), at(B, To, D),
    (  D == e -> Y = A
    ;  tactigon_pieces:piece_kind(A, KA, _), tactigon_pieces:piece_kind(D, KD, _),
       tactigon_pieces:combat(KA, KD, R),
       (  R == d -> Y = A ; R == b, Y = e )
    ),
    moved(B, From, To, Y, B2),
    other(P, Q),
    (  D = pentagon(Q) -> Status = won(P)
    ;  holds_gold(B2, Q) -> Status = won(Q)
    ;  Status = ongoing
    ).

%% holds_gold(+Board, +Player)  Player's pieces stand on both gold cells (on
% every gold cell).
holds_gold(B, P) :-
    \+ ( gold(G), \+ ( at(B, G, X), tactigon_pieces:piece_kind(X, _, P) ) ).

%% settle(+State0, +Limits, -State)  State0 with the side to move, whose limits are
% Limits, lost when it has no legal move.
settle(S0, Limits, S) :-
    S0 = tactigon(P, B, ongoing),
    \+ ( member(L, Limits), has_move(B, L) ), !,
    other(P, Q),
    S = tactigon(P, B, won(Q)).
settle(S, _, S).

%% has_move(+Board, +Limit)  the piece of the limit lim(From, Range, Over) has a move.
% When it passes no occupied cell (Over = []), every path starts on an empty cell or
% ends on an adjacent enemy, both targets one step away: a search one step deep
% answers.
has_move(B, lim(From, K, Over)) :-
    (  Over == [] -> K1 = 1 ; K1 = K ),
    reach(B, From, K1, Over, [_|_]).

%% outcome(+State, -Outcome)  win(Player) once a player has won.
outcome(tactigon(_, _, won(P)), win(P)).

%% evaluate(+State, +Player, -Score)  evaluate_with/5 with this file's limits.
evaluate(S, P, Score) :-
    S = tactigon(_, B, _),
    other(P, Q),
    limits(B, P, LP), limits(B, Q, LQ),
    evaluate_with(S, P, LP, LQ, Score).

%% evaluate_with(+State, +Player, +LimitsP, +LimitsQ, -Score)  10000 or -10000 for
% a finished game; else V(Player) - V(Opponent), where for a side X with limits L
%   V(X) = material + 40 * threats + 15 * gold + (30 if gold = 2)
%          + (1000 if X is to move and threats > 0),
% material the sum of X's pieces (circle 10, triangle 30, square 40, pentagon 0),
% threats the number of X's pieces whose moves under L include the cell of the
% enemy pentagon, gold the number of gold cells X occupies.  (The native engine
% computes exactly this.)
evaluate_with(tactigon(_, _, won(W)), P, _, _, Score) :- !,
    (  W == P -> Score = 10000 ; Score = -10000 ).
evaluate_with(tactigon(ToMove, B, ongoing), P, LP, LQ, Score) :-
    other(P, Q),
    side_value(B, ToMove, P, LP, VP),
    side_value(B, ToMove, Q, LQ, VQ),
    Score is VP - VQ.

%% side_value(+Board, +ToMove, +Side, +Limits, -V)  V(Side) of evaluate_with/5.
side_value(B, ToMove, X, L, V) :-
    findall(W, ( piece_on(B, _, Piece), tactigon_pieces:piece_kind(Piece, Kind, X),
                 tactigon_pieces:value(Kind, W) ), Ws),
    sum_list(Ws, Material),
    other(X, Y),
    (  piece_on(B, Pc, pentagon(Y)) -> threats(L, B, Pc, 0, T) ; T = 0 ),
    findall(G, ( gold(G), at(B, G, Z), tactigon_pieces:piece_kind(Z, _, X) ), Gs),
    length(Gs, NG),
    (  NG =:= 2 -> Both = 30 ; Both = 0 ),
    (  ToMove == X, T > 0 -> Tempo = 1000 ; Tempo = 0 ),
    V is Material + 40 * T + 15 * NG + Both + Tempo.

%% threats(+Limits, +Board, +Cell, +T0, -T)  T0 plus the number of pieces whose
% moves under Limits reach Cell.
threats([], _, _, T, T).
threats([lim(From, K, Over)|Ls], B, Pc, T0, T) :-
    (  distance(From, Pc, D), D =< K,
       reach(B, From, K, Over, Targets), memberchk(Pc, Targets)
    -> T1 is T0 + 1
    ;  T1 = T0
    ),
    threats(Ls, B, Pc, T1, T).

%% distance(+N1, +N2, -D)  the number of steps between two cells on an empty board
% (the hex distance: the board has no detour).
distance(N1, N2, D) :-
    cell(N1, R1, C1), cell(N2, R2, C2),
    hex_distance(R1, C1, R2, C2, D).

%% hex_distance(+R1, +C1, +R2, +C2, -D)  the hex distance between two matrix places.
hex_distance(R1, C1, R2, C2, D) :-
    DR is R1 - R2, DC is C1 - C2, DQ is DC - DR,
    D is max(max(abs(DR), abs(DC)), abs(DQ)).

%% explain_illegal(+State, +Move, -Reason)  explain_with/4 with this file's limits.
explain_illegal(S, M, Reason) :-
    S = tactigon(P, B, _),
    limits(B, P, L),
    explain_with(S, L, M, Reason).

%% explain_with(+State, +Limits, +Move, -Reason)  why Move is refused under the
% limits of the side to move, as a term worded by refusal//1 (fails for a legal move).
explain_with(tactigon(_, _, won(W)), _, _, game_over(W)) :- !.
explain_with(tactigon(P, B, ongoing), Limits, M, Reason) :-
    (  M = move(From, To), integer(From), integer(To)
    -> why(From, To, P, B, Limits, Reason)
    ;  Reason = not_a_move
    ).

%% why(+From, +To, +Player, +Board, +Limits, -Reason)  the first rule the move
% From-To breaks: both cells exist, an own piece stands on From, the piece
% moves, it does not end on an own piece, the combat table allows the attack,
% To is in range, and an open path leads there.
why(From, To, P, B, Limits, Reason) :-
    (  \+ cell(From, _, _) -> Reason = not_a_cell(From)
    ;  \+ cell(To, _, _) -> Reason = not_a_cell(To)
    ;  \+ memberchk(lim(From, _, _), Limits) -> Reason = no_piece(P, From)
    ;  From =:= To -> Reason = stays
    ;  at(B, To, D), tactigon_pieces:piece_kind(D, Kind, P)
    -> Reason = onto_own(P, Kind, To)
    ;  at(B, From, A), at(B, To, D), D \== e, \+ tactigon_pieces:attackable(A, D)
    -> tactigon_pieces:piece_kind(A, KA, _), tactigon_pieces:piece_kind(D, KD, Q),
       Reason = combat(P, KA, Q, KD)
    ;  memberchk(lim(From, K, Over), Limits),
       at(B, From, A), tactigon_pieces:piece_kind(A, KA, _),
       (  distance(From, To, Dist), Dist > K
       -> Reason = out_of_range(From, To, Dist, KA, K)
       ;  reach(B, From, K, Over, Targets), \+ memberchk(To, Targets)
       -> blocked(B, P, From, To, K, Over, Reason)
       )
    ).

%% blocked(+Board, +Player, +From, +To, +K, +Over, -Reason)  no_path(From, To, K, Way):
% the cells in the way of every path of at most K steps from From to To, those that
% lie on such a path (their distances from From and to To add up to at most K) and
% hold a piece not in Over, by owner (Player's first, on(Owner, Cells)), and edge if
% a hole does.
blocked(B, P, From, To, K, Over, no_path(From, To, K, Way)) :-
    other(P, Q),
    in_the_way(B, P, From, To, K, Over, Own),
    in_the_way(B, Q, From, To, K, Over, Enemy),
    (  edge_in_the_way(From, To, K) -> Edge = [edge] ; Edge = [] ),
    findall(on(X, Cells), ( member(X-Cells, [P-Own, Q-Enemy]), Cells = [_|_] ), Parts),
    append(Parts, Edge, Way).

%% refusal(+Reason)//  the words of each reason explain_with/4 gives
% (tactigon_refusals.pl).
refusal(R) --> tactigon_refusals:refusal(R).

%% in_the_way(+Board, +Owner, +From, +To, +K, +Over, -Cells)  Owner's pieces not in
% Over on a path of at most K steps from From to To, sorted.
in_the_way(B, X, From, To, K, Over, Cells) :-
    cell(From, R1, C1), cell(To, R2, C2),
    findall(N, ( cell(N, R, C), N =\= From, N =\= To,
                 hex_distance(R1, C1, R, C, D1), hex_distance(R, C, R2, C2, D2), D1 + D2 =< K,
                 at(B, N, Y), tactigon_pieces:piece_kind(Y, _, X), \+ memberchk(Y, Over) ),
            Cells).

%% edge_in_the_way(+From, +To, +K)  a place of the 11-column hex grid that is not a
% cell of the board lies on a path of at most K steps from From to To.
edge_in_the_way(From, To, K) :-
    cell(From, R1, C1), cell(To, R2, C2),
    RA is R1 - K, RB is R1 + K, CA is C1 - K, CB is C1 + K,
    between(RA, RB, R), between(CA, CB, C),
    \+ ( N is 11 * R + C, R >= 0, R =< 6, C >= 0, C =< 10, cell(N, R, C) ),
    hex_distance(R1, C1, R, C, D1), hex_distance(R, C, R2, C2, D2), D1 + D2 =< K, !.

%% atom(+Atom)//  the characters of Atom.
atom(A) --> { atom_chars(A, Cs) }, seq(Cs).

%% number(+N)//  the decimal digits of N.
number(N) --> { number_chars(N, Cs) }, seq(Cs).

%% move(?Move)//  N1-N2 (N1xN2 is read too), cell numbers.
move(M) --> { ground(M) }, !, { M = move(From, To) }, number(From), "-", number(To).
move(move(From, To)) --> cell_in(From), ( "-" ; "x" ), cell_in(To).

%% cell_in(-N)//  a cell number, without leading zeros.
cell_in(N) --> notation:natural(N), { cell(N, _, _) }.

%% position(?State)//  the canonical one-line position text.
position(S) --> { nonvar(S) }, !, position_out(S).
% A " won=" is taken as written; position_error/2 says when the board disagrees.
position(S) --> read_position(S0, Won), { claimed(Won, S0, S) }.

%% claimed(+Won, +State0, -State)  State0 settled when the text names no winner, else
% with the winner it names.
claimed(ongoing, S0, S) :- settle_by_rules(S0, S).
claimed(won(W), tactigon(P, B, _), tactigon(P, B, won(W))).

%% set_to_move(+State, +Colour, -State1)  State with Colour to move (set up by hand,
% as GTP's moves out of turn); who has won is judged from the board again.
set_to_move(tactigon(P, B, ongoing), Q, S) :-
    other(P, Q),
    board_status(B, Q, Status0),
    settle_by_rules(tactigon(Q, B, Status0), S).

%% position_error(+State, -Reason)  why no game reaches a state read from a text; fails
% when one does (the host asks after reading a position; the native engine says the same).
position_error(S, Reason) :-
    (  board_problem(S, Reason) -> true
    ;  S = tactigon(P, B, won(W)),
       board_status(B, P, Status0),
       settle_by_rules(tactigon(P, B, Status0), tactigon(_, _, Status)),
       Status \== won(W),
       (  Status = won(V)
       -> phrase(("won=", atom(W), " contradicts the board: ", atom(V), " has won"), Reason)
       ;  phrase(("won=", atom(W), " contradicts the board: the game goes on"), Reason)
       )
    ).

%% board_problem(+State, -Reason)  the first reason no game reaches this board, in the
% native engine's order: more pieces of a kind than a side has, no pentagon at all, a
% side without its pentagon that is not to move (only the mover takes a pentagon, and
% never loses its own on its move).
board_problem(tactigon(P, B, _), Reason) :-
    (  member(X, [red, blue]), member(Kind, [circle, triangle, square, pentagon]),
       tactigon_pieces:most(Kind, Most), count_pieces(B, Kind, X, N), N > Most
    -> phrase((atom(X), " has ", number(N), " ", atom(Kind), "s (at most ", number(Most), ")"),
              Reason)
    ;  \+ piece_on(B, _, pentagon(_))
    -> Reason = "neither side has its pentagon"
    ;  other(P, Q), \+ piece_on(B, _, pentagon(Q))
    -> phrase((atom(Q), " has no pentagon: the game ended when ", atom(P), " took it, so ",
               atom(Q), " is to move, not ", atom(P)), Reason)
    ).

%% position_out(+State)//  the text of a state.
position_out(tactigon(P, B, Status)) -->
    {  findall(Xs, ( row(_, Ns), findall(X, ( member(N, Ns), at(B, N, X) ), Xs) ), Rows),
       letters(Ls) },
    notation:rows_out(Rows, Ls), " ", atom(P), notation:won(Status, [red, blue]).

%% letter(?Piece, ?Letter)  a piece's letter (letter_piece/2).
letter(Piece, L) :- letter_piece(L, Piece), Piece \== e.

%% letters(-Letters)  the Piece-Letter pairs of letter/2, for notation.pl.
letters(Ls) :- findall(Piece-L, letter(Piece, L), Ls).

%% read_position(-State0, -Won)//  a position text: State0 with the status its board
% shows (a missing pentagon, the gold cells; the no-move loss is settle/3's), Won
% the status the text claims: won(P) after " won=P", else ongoing.  Whether a game
% reaches the board is board_problem/2's question.
read_position(tactigon(P, B, Status), Won) -->
    {  findall(K, ( row(_, Ns), length(Ns, K) ), Lengths), letters(Ls) },
    notation:rows_in(Lengths, Rows, Ls), " ", side(P), notation:won(Won, [red, blue]),
    {  new_board(Rows, B),
       board_status(B, P, Status) }.

%% count_pieces(+Board, +Kind, +Owner, -Count)  how many pieces of Kind Owner has.
count_pieces(B, Kind, X, Count) :-
    findall(N, ( piece_on(B, N, Piece), tactigon_pieces:piece_kind(Piece, Kind, X) ), Ns),
    length(Ns, Count).

%% board_status(+Board, +ToMove, -Status)  the winner the board shows: the opponent of
% a side without its pentagon (not both), else the side to move on both gold cells.
board_status(B, P, Status) :-
    (  piece_on(B, _, pentagon(red)) -> RedP = yes ; RedP = no ),
    (  piece_on(B, _, pentagon(blue)) -> BlueP = yes ; BlueP = no ),
    (  RedP == no, BlueP == no -> Status = ongoing  % board_problem/2 refuses it
    ;  RedP == no -> Status = won(blue)
    ;  BlueP == no -> Status = won(red)
    ;  holds_gold(B, P) -> Status = won(P)
    ;  Status = ongoing
    ).

%% won_agrees(+Won, +State)  the won= of a text (ongoing if absent) agrees with the state.
won_agrees(ongoing, _).
won_agrees(won(W), tactigon(_, _, won(W))).

%% side(?Player)//  red or blue.
side(red) --> "red".
side(blue) --> "blue".

%% view(+State, -View)  the cells in the hex(left) layout, gold cells marked; text
% drawings use the letters of the position text.
view(tactigon(P, B, Status), view(hex(left), 11, 7, Cells, [to_move(P), status(Status), glyphs(Gs)])) :-
    findall(Piece = L, letter(Piece, L), Gs),
    findall(cell(C, R, Name, Contents, Marks),
            ( cell(N, R, C), at(B, N, X),
              (  X == e -> Contents = empty ; Contents = X ),
              (  gold(N) -> Marks = [gold] ; Marks = [] ),
              number_chars(N, Cs), atom_chars(Name, Cs) ),
            Cells).
