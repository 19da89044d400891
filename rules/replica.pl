%% replica — the rules of Replica (see shared/rules/replica.md), the ludolog game protocol.
%
% State: replica(Sight, ToMove, Board, Status)
%   Sight    forward (a king sees along its side's forward rays) or all (8 directions)
%   ToMove   white or black; White moves first
%   Board    a board.pl board of the 8 x 8 square with 8 neighbours whose grid rows
%            are the ranks from 1: square F-R is cell (R - 1) * 8 + F, holding e
%            (empty) or the letter of a piece (w and b for men, W and B for kings,
%            as in the position text); square/3 reads it as e, man(Colour) or
%            king(Colour)
%   Status   ongoing or won(Colour)
% Squares are F-R, file F and rank R from 1 (a1 = 1-1, the lower left).
% Moves: step(From, To) for a step or a jump (with a capture when To holds an
% enemy), transform(Square) for flipping a man into a king.
%
% Position text: "RANKS SIDE[ sight=all][ won=COLOUR]", ranks 8 to 1 separated by
% "/", w and b for men, W and B for kings, a digit for a run of empty squares;
% " won=COLOUR" once a side has won (always printed then: capturing one of
% several enemy kings wins but leaves no trace on the board).
% Start: "4bbbB/4bbbb/6bb/6bb/ww6/ww6/wwww4/Wwww4 white".
%
% Extension surface (for variants such as variants/replica_house.pl): the steps and
% jumps of a side come from its rays, rays(ManRays, KingRays), each a list of
% DF-DR-Kind: a direction, and whether a step or jump that way may end on any
% square that is not friendly (any) or only on an enemy piece (capture).  This
% file's rays are the side's three forward directions, any, for men and kings
% (rays/2 lists them; legal/2 and play/3 name them forward instead, see ray/5).
% A board is opaque to a variant: it reads squares with square/3.
% A variant makes its own rays and calls:
%   rays(+Colour, -Rays)                          this file's rays
%   legal_with(+State, +Rays, -Move)              the moves the rays allow
%   allowed_with(+State, +Rays, +Move)            one move is legal under the rays
%   step_with(+Board, +Colour, +Rays, ?From, ?To)   one step or jump (From, To given or not)
%   transform(+State, ?Square)                    a transform
%   resolve(+State, +Move, -Next)                 the state after an allowed move
%   apply(+Move, +Colour, +Board, -Board1, -Captured), won(+Captured, +Colour, +Board)
%   explain_with(+State, +Rays, +Move, -Reason)   why a move is refused
% and the helpers other/2, forward/3, compass/2 (the eight directions), square/3,
% friendly/2, square_name//1 and atom//1; to count moves with the board library, runs/3,
% seen_args/6, dir/3, kind_move/2, cell_square/2, square_letter/2 and corner/2.

:- module(replica, [
    initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2, explain_illegal/3, refusal//1, legal_count/2, nth_legal/3,
    legal_moves/2, named/2, move_name/2,
    play_legal/3, random_legal/3,
    rays/2, legal_with/3, allowed_with/3, step_with/5, transform/2, resolve/3,
    apply/5, won/3, explain_with/4,
    other/2, forward/3, compass/2, square/3, friendly/2, square_name//1, atom//1, set_to_move/3,
    runs/3, seen_args/6, dir/3, kind_move/2, cell_square/2, square_letter/2, corner/2
]).

%% requires(?Library)  the rows and the " won=" mark of the text come from notation.pl;
% the board, its runs and its sight from board.pl (native in the accelerated tier).
requires(notation).
requires(board).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(dcgs)).
:- use_module(library(error)).

%% option(?Key, ?Kind, ?Default, ?Meaning)  Replica's option (declared the same by
% the native descriptor in src/games/replica/; tests/variants.rs holds the two to
% each other).
option(sight, choice([forward, all]), forward, "the rays along which a king sees").

%% initial(+Options, -State)  the start position with option sight(forward|all).
initial(Options, replica(Sight, white, Board, ongoing)) :-
    protocol:options([sight(Sight)], Options),
    start_text(Text),
    phrase(ranks_in(Rows), Text),
    rows_board(Rows, Board).

%% start_text(-Ranks)  the ranks of the start position, as position text.
start_text("4bbbB/4bbbb/6bb/6bb/ww6/ww6/wwww4/Wwww4").

%% to_move(+State, -Colour)  whose turn it is.
to_move(replica(_, P, _, _), P).

%% other(?Colour, ?Opponent)  the two sides.
other(white, black).
other(black, white).

%% forward(?Colour, ?DF, ?DR)  the three forward directions of each side.
forward(white, 0, 1).
forward(white, 1, 0).
forward(white, 1, 1).
forward(black, 0, -1).
forward(black, -1, 0).
forward(black, -1, -1).

%% compass(?DF, ?DR)  the eight directions.
compass(DF, DR) :-
    member(DF-DR, [0-1, 1-0, 1-1, 0-(-1), (-1)-0, (-1)-(-1), 1-(-1), (-1)-1]).

%% sight_direction(+Sight, +Colour, -DF, -DR)  the rays along which a king sees.
sight_direction(forward, P, DF, DR) :- forward(P, DF, DR).
sight_direction(all, _, DF, DR) :- compass(DF, DR).

%% corner(?Colour, ?Square)  the corner a side must reach: the opponent's home.
corner(white, 8-8).
corner(black, 1-1).

%% square(+Board, +F-R, -X)  what stands on a square: e, man(Colour) or king(Colour)
% (fails off the board).
square(Board, F-R, X) :-
    F >= 1, F =< 8, R >= 1, R =< 8,
    K is (R - 1) * 8 + F,
    board:board_cell(Board, K, L),
    letter_square(L, X).

%% line(?I)  the files and the ranks, 1 to 8 in order.
line(1). line(2). line(3). line(4). line(5). line(6). line(7). line(8).

%% piece(+Board, -F-R, -X)  the pieces on the board, rank by rank from a1.
piece(Board, F-R, X) :-
    line(R), line(F),
    square(Board, F-R, X),
    X \== e.

%% own_pieces(+Board, +Colour, -Pieces)  F-R-Piece for each piece of Colour, rank by
% rank from a1.
own_pieces(Board, P, Pieces) :-
    findall(Sq-X, ( piece(Board, Sq, X), friendly(X, P) ), Pieces).

%% letter_square(?Letter, ?X)  a cell of the board and what stands on the square:
% the letters of the position text.
letter_square(e, e).
letter_square(w, man(white)).
letter_square('W', king(white)).
letter_square(b, man(black)).
letter_square('B', king(black)).

%% square_letter(?X, ?Letter)  letter_square/2 the other way round.
square_letter(X, L) :- letter_square(L, X).

%% cell_square(?K, ?F-R)  the board's cell K is square F-R.
cell_square(K, F-R) :-
    (  integer(K) -> R is (K - 1) // 8 + 1, F is (K - 1) mod 8 + 1 ; K is (R - 1) * 8 + F ).

%% new_board(+Squares, -Board)  the board whose squares, rank by rank from a1, hold
% Squares (e or pieces).
new_board(Xs, Board) :-
    maplist(square_letter, Xs, Ls),
    Cells =.. [c|Ls],
    board:kept_grid(square8, 8-8, all, Grid),
    board:board_new(Grid, none, Cells, Board).

%% friendly(+X, +Colour)  X is a piece of Colour.
friendly(man(P), P).
friendly(king(P), P).

%% rays(+Colour, -Rays)  men and kings step and jump along the side's three forward
% directions, onto any square that is not friendly.
rays(P, rays(Rs, Rs)) :-
    findall(DF-DR-any, forward(P, DF, DR), Rs).

%% legal(+State, -Move)  the steps and jumps, then the transforms (along the rays of
% rays/2, named forward rather than listed: see ray/5).
legal(S, M) :-
    legal_with(S, rays(forward, forward), M).

%% legal_with(+State, +Rays, -Move)  the steps and jumps the rays allow (piece by
% piece from a1, ray by ray), then the transforms (rank by rank from a1).
legal_with(replica(Sight, P, Board, ongoing), Rays, M) :-
    own_pieces(Board, P, Pieces),
    (  member(From-X, Pieces),
       piece_step(Board, P, Rays, From, X, To),
       M = step(From, To)
    ;  seen_men(Sight, Board, P, Pieces, Men),
       member(R-F, Men),
       M = transform(F-R)
    ).

%% legal_moves(+State, -Moves)  the moves legal/2 gives, in its order, as one list:
% the board library lists them (natively in the accelerated tier) from move_kinds/3.
legal_moves(replica(Sight, P, Board, ongoing), Ms) :- !,
    runs(P, Pieces, Dirs),
    board:run_moves(Board, Pieces, Dirs, Pieces, Runs),
    seen_args(Sight, P, King, Sees, Through, Man),
    board:sight_of(Board, [King], Sees, Through, [Man], Ks),
    run_steps(Runs, Ms, Ts),
    cell_transforms(Ks, Ts).
legal_moves(_, []).

%% run_steps(+Runs, -Moves, ?Tail)  step(From, To) for each run K-J of the board, then Tail.
run_steps([], Ts, Ts).
run_steps([K-J|Rs], [step(From, To)|Ms], Ts) :-
    cell_square(K, From), cell_square(J, To),
    run_steps(Rs, Ms, Ts).

%% cell_transforms(+Ks, -Moves)  transform(Square) for each of the board's cells Ks.
cell_transforms([], []).
cell_transforms([K|Ks], [transform(Sq)|Ms]) :-
    cell_square(K, Sq),
    cell_transforms(Ks, Ms).

%% legal_count(+State, -N)  how many moves legal/2 gives: the board library counts
% them from move_kinds/3.
legal_count(replica(Sight, P, Board, ongoing), N) :- !,
    move_kinds(Sight, P, Kinds),
    board:moves_count(Board, Kinds, N).
legal_count(_, 0).

%% nth_legal(+State, +I, -Move)  the I-th move (from 0) legal/2 gives.
nth_legal(replica(Sight, P, Board, ongoing), I, M) :-
    move_kinds(Sight, P, Kinds),
    board:nth_move(Board, Kinds, I, M0),
    kind_move(M0, M).

%% random_legal(+State, +R, -Move)  the (R mod N)-th of the N moves legal/2 gives
% (the playouts pick with it: the board library picks in one query).
random_legal(replica(Sight, P, Board, ongoing), R, M) :-
    move_kinds(Sight, P, Kinds),
    board:pick_move(Board, Kinds, R, M0),
    kind_move(M0, M).

%% move_kinds(+Sight, +Colour, -Kinds)  legal/2's moves as the board library's
% board:moves_count/3 takes them: the steps and jumps (runs/3), then the
% transforms of the men the king sees (seen_args/6).
move_kinds(Sight, P, [runs(Pieces, Dirs, Pieces), sight([King], Sees, Through, [Man])]) :-
    runs(P, Pieces, Dirs),
    seen_args(Sight, P, King, Sees, Through, Man).

%% kind_move(+KindMove, -Move)  a move of the board library's as legal/2 gives it.
kind_move(run(K-J), step(From, To)) :- cell_square(K, From), cell_square(J, To).
kind_move(sight(K), transform(Sq)) :- cell_square(K, Sq).

%% runs(?Colour, ?Pieces, ?Dirs)  legal/2's steps and jumps as the board library's
% board:run_moves/5 takes them: a side's men and kings run past its own pieces
% along its forward directions, in forward/3's order, as square8 directions (dir/3).
runs(white, [w, 'W'], [7, 1, 8]).
runs(black, [b, 'B'], [3, 5, 4]).

%% seen_args(?Sight, ?Colour, ?King, ?Dirs, ?Through, ?Man)  seen_men/5 as the
% board library's board:sight_of/6 takes it: the cells of the men of Colour (letter Man)
% that a king of Colour (letter King) sees along Dirs (runs/3's with forward sight,
% all eight with sight=all), the sight passing empty squares and men of Colour
% (Through).  A table, as the accelerated tier asks it every move; tests/replica.rs
% holds it to square_letter/2, runs/3 and compass/2.
seen_args(forward, white, 'W', [7, 1, 8], [e, w], w).
seen_args(forward, black, 'B', [3, 5, 4], [e, b], b).
seen_args(all, white, 'W', [1, 2, 3, 4, 5, 6, 7, 8], [e, w], w).
seen_args(all, black, 'B', [1, 2, 3, 4, 5, 6, 7, 8], [e, b], b).

%% dir(?DF, ?DR, ?Dir)  a file and rank step, and its number among grid.pl's square8
% directions (whose rows are the ranks from 1): runs/3 and seen_args/6 name
% forward/3 and compass/2 this way (tests/replica.rs holds them to each other).
dir(1, 0, 1).
dir(1, -1, 2).
dir(0, -1, 3).
dir(-1, -1, 4).
dir(-1, 0, 5).
dir(-1, 1, 6).
dir(0, 1, 7).
dir(1, 1, 8).

%% step_with(+Board, +Colour, +Rays, ?From, ?To)  the piece of Colour on From steps or
% jumps along one of its rays to To (both given, or enumerated; a given step along
% this file's rays is the board library's run_move/6: see runs/3).
step_with(Board, P, rays(forward, forward), F-R, F1-R1) :-
    integer(F), integer(R), integer(F1), integer(R1), !,
    line(F), line(R), line(F1), line(R1),
    runs(P, Pieces, Dirs),
    cell_square(K, F-R), cell_square(J, F1-R1),
    board:run_move(Board, Pieces, Dirs, Pieces, K, J).
step_with(Board, P, Rays, From, To) :-
    (  nonvar(From) -> square(Board, From, X) ; piece(Board, From, X) ),
    friendly(X, P),
    piece_step(Board, P, Rays, From, X, To).

%% piece_step(+Board, +Colour, +Rays, +From, +Piece, ?To)  the piece Piece of Colour on
% From steps or jumps to To, ray by ray.
piece_step(Board, P, Rays, From, X, To) :-
    piece_rays(X, Rays, Rs),
    ray(Rs, P, DF, DR, Kind),
    destination(Board, P, From, DF, DR, To),
    ends_well(Kind, Board, To).

%% ray(+Rs, +Colour, -DF, -DR, -Kind)  each ray of Rs, a list of DF-DR-Kind, or forward:
% the side's forward directions, any (the list rays/2 makes, without making it).
ray(forward, P, DF, DR, any) :- forward(P, DF, DR).
ray([R|Rs], _, DF, DR, Kind) :- member(DF-DR-Kind, [R|Rs]).

%% piece_rays(+Piece, +Rays, -Rs)  the rays of a man or of a king.
piece_rays(man(_), rays(Rs, _), Rs).
piece_rays(king(_), rays(_, Rs), Rs).

%% ends_well(+Kind, +Board, +To)  a step of Kind may end on To (which is not friendly):
% any such square, or (capture) only one that holds a piece.
ends_well(any, _, _).
ends_well(capture, Board, To) :- square(Board, To, X), X \== e.

%% destination(+Board, +Colour, +From, +DF, +DR, ?To)  walk from From (on the board)
% past friendly pieces; To is the first square that is not friendly (on the board).
destination(Board, P, F-R, DF, DR, To) :-
    F1 is F + DF, R1 is R + DR,
    square(Board, F1-R1, X),
    walk_past(X, Board, P, F1, R1, DF, DR, To).

%% walk_past(+X, +Board, +Colour, +F, +R, +DF, +DR, ?To)  destination/6 on meeting X on
% F-R: past a piece of Colour, else F-R is the destination.
walk_past(e, _, _, F, R, _, _, F-R).
walk_past(man(Q), Board, P, F, R, DF, DR, To) :-
    (  Q == P -> destination(Board, P, F-R, DF, DR, To) ; To = F-R ).
walk_past(king(Q), Board, P, F, R, DF, DR, To) :-
    (  Q == P -> destination(Board, P, F-R, DF, DR, To) ; To = F-R ).

%% transform(+State, ?Square)  the man of the side to move on Square may become a king:
% a friendly king sees it (enumerated rank by rank from a1).
transform(replica(Sight, P, Board, ongoing), Sq) :-
    (  nonvar(Sq)
    -> square(Board, Sq, man(P)),
       once(seen(Sight, Board, P, Sq))
    ;  own_pieces(Board, P, Pieces),
       seen_men(Sight, Board, P, Pieces, Men),
       member(R-F, Men),
       Sq = F-R
    ).

%% seen_men(+Sight, +Board, +Colour, +Pieces, -Men)  R-F for each square F-R of a man
% of Colour that a king of Colour (among Pieces, as own_pieces/3 lists them) sees,
% each once, rank by rank from a1.
seen_men(Sight, Board, P, Pieces, Men) :-
    findall(R-F, ( member(KF-KR-king(P), Pieces),
                   sight_direction(Sight, P, DF, DR),
                   king_sight(Board, P, KF, KR, DF, DR, F-R) ), RFs),
    sort(RFs, Men).

%% king_sight(+Board, +Colour, +F, +R, +DF, +DR, -Man)  a man of Colour that the king
% on F-R sees along the ray DF, DR: on the ray, with no enemy piece strictly between
% (empty squares and friendly pieces never block the sight).  The walk stops at a
% friendly king, which sees all that lies beyond it itself.
king_sight(Board, P, F, R, DF, DR, Man) :-
    F1 is F + DF, R1 is R + DR,
    square(Board, F1-R1, X),
    sight_past(X, Board, P, F1, R1, DF, DR, Man).

%% sight_past(+X, +Board, +Colour, +F, +R, +DF, +DR, -Man)  king_sight/7 on meeting X
% on F-R: an empty square lets the sight through; a man of Colour is seen and lets it
% through; anything else stops it.
sight_past(e, Board, P, F, R, DF, DR, Man) :-
    king_sight(Board, P, F, R, DF, DR, Man).
sight_past(man(Q), Board, P, F, R, DF, DR, Man) :-
    Q == P,
    (  Man = F-R
    ;  king_sight(Board, P, F, R, DF, DR, Man)
    ).

%% seen(+Sight, +Board, +Colour, +Square)  king sight: a friendly king sees the man on
% Square, which lies on one of the king's rays with no enemy piece strictly between.
seen(Sight, Board, P, M) :-
    sight_direction(Sight, P, DF, DR),
    M = MF-MR,
    KF is MF - DF, KR is MR - DR,
    looking_back(Board, P, KF-KR, DF, DR).

%% looking_back(+Board, +Colour, +Square, +DF, +DR)  walking back from the man
% against the ray, a friendly king comes before any enemy piece.
looking_back(Board, P, F-R, DF, DR) :-
    square(Board, F-R, X),
    (  X == king(P) -> true
    ;  (  X == e -> true ; friendly(X, P) ),
       F1 is F - DF, R1 is R - DR,
       looking_back(Board, P, F1-R1, DF, DR)
    ).

%% play(+State, +Move, -Next)  the state after a legal move; fails otherwise.
play(S, M, Next) :-
    allowed_with(S, rays(forward, forward), M), !,
    resolve(S, M, Next).

%% play_legal(+State, +Move, -Next)  play/3 for a move legal/2 gave, without its
% check (the accelerated tier's playouts play nth_legal/3's pick with it).
play_legal(S, M, Next) :- resolve(S, M, Next).

%% allowed_with(+State, +Rays, +Move)  Move is legal under the rays: the same test as
% legal_with/3, made for one given move.
allowed_with(replica(_, P, Board, ongoing), Rays, step(From, To)) :-
    ground(From-To),
    step_with(Board, P, Rays, From, To), !.
allowed_with(S, _, transform(Sq)) :-
    ground(Sq),
    transform(S, Sq).

%% resolve(+State, +Move, -Next)  the state after an allowed move: the board, who
% has won, the other side to move.
resolve(replica(Sight, P, Board, ongoing), M, replica(Sight, Q, Board1, Status)) :-
    apply(M, P, Board, Board1, Captured),
    other(P, Q),
    (  won(Captured, P, Board1) -> Status = won(P) ; Status = ongoing ).

%% apply(+Move, +Colour, +Board, -Board1, -Captured)  the board after Move, and what
% stood on its target square (e when nothing did).
apply(step(From, To), P, Board, Board1, Captured) :-
    square(Board, From, X), square(Board, To, Captured),
    friendly(X, P),
    cell_square(K, From), cell_square(J, To), square_letter(X, L),
    board:board_sets(Board, [K-e, J-L], Board1).
apply(transform(Sq), P, Board, Board1, e) :-
    cell_square(K, Sq), square_letter(king(P), L),
    board:board_set(Board, K, L, Board1).

%% won(+Captured, +Colour, +Board)  the mover captured a king or has a king on its corner.
won(king(_), _, _) :- !.
won(_, P, Board) :- corner(P, C), square(Board, C, king(P)).

%% outcome(+State, -Outcome)  win(Colour) once a side has won.
outcome(replica(_, _, _, won(P)), win(P)).

%% evaluate(+State, +Colour, -Score)  material (man 10, king 30) and advancement
% towards the opponent's corner (file + rank distance gained), Colour's minus the other's.
evaluate(replica(_, _, _, won(W)), P, Score) :- !,
    (  W == P -> Score = 10000 ; Score = -10000 ).
evaluate(replica(_, _, Board, ongoing), P, Score) :-
    other(P, Q),
    side_value(Board, P, V), side_value(Board, Q, W),
    Score is V - W.

%% side_value(+Board, +Colour, -V)  the total value of Colour's pieces.
side_value(Board, P, V) :-
    findall(X, ( letter_square(L, Piece), friendly(Piece, P),
                 board:cells_of(Board, L, Ks), member(K, Ks), cell_square(K, Sq),
                 piece_value(Piece, P, Sq, X) ), Xs),
    sum_list(Xs, V).

%% piece_value(+Piece, +Colour, +Square, -V)  material plus advancement of a piece on Square.
piece_value(man(white), _, F-R, V) :- V is 10 + F + R - 2.
piece_value(king(white), _, F-R, V) :- V is 30 + F + R - 2.
piece_value(man(black), _, F-R, V) :- V is 10 + 16 - F - R.
piece_value(king(black), _, F-R, V) :- V is 30 + 16 - F - R.

%% explain_illegal(+State, +Move, -Reason)  why a move is refused.
explain_illegal(S, M, Reason) :-
    S = replica(_, P, _, _),
    rays(P, Rays),
    explain_with(S, Rays, M, Reason).

%% explain_with(+State, +Rays, +Move, -Reason)  why a move is refused under the rays,
% as a term (worded by refusal//1); squares and moves named as they are written.
explain_with(replica(_, _, _, won(W)), _, _, game_over(W)) :- !.
explain_with(replica(_, P, Board, _), Rays, M, Reason) :-
    (  M = step(From, _), \+ ( square(Board, From, X), friendly(X, P) )
    -> named(From, Name), Reason = no_piece(P, Name)
    ;  M = transform(Sq), \+ square(Board, Sq, man(P))
    -> named(Sq, Name), Reason = no_man(P, Name)
    ;  M = transform(Sq)
    -> named(Sq, Name), Reason = unseen(P, Name)
    ;  rays(P, Rays)
    -> move_name(M, Name), Reason = not_forward(Name)
    ;  move_name(M, Name), Reason = not_allowed(Name)
    ).

%% refusal(+Reason)//  the words of each reason explain_with/4 gives.
refusal(game_over(W)) --> "the game is over: ", atom(W), " has won".
refusal(no_piece(P, Sq)) --> "no ", atom(P), " piece on ", atom(Sq).
refusal(no_man(P, Sq)) --> "no ", atom(P), " man on ", atom(Sq), " to transform".
refusal(unseen(P, Sq)) --> "no ", atom(P), " king sees ", atom(Sq).
refusal(not_forward(M)) --> atom(M), " is not a forward step or jump".
refusal(not_allowed(M)) --> atom(M), " is not a step or jump these rules allow the piece".

%% named(+Square, -Name)  a square's name as an atom (e4).
named(Sq, Name) :- phrase(square_name(Sq), Cs), atom_chars(Name, Cs).

%% move_name(+Move, -Name)  a move's notation as an atom (a1-e1).
move_name(M, Name) :- phrase(move(M), Cs), atom_chars(Name, Cs).

%% atom(+Atom)//  the characters of Atom.
atom(A) --> { atom_chars(A, Cs) }, seq(Cs).

%% move(?Move)//  a1-e1 (a step or jump; d4xe4 is read too) or b2* (a transform).
move(M) --> { ground(M) }, !, move_out(M).
move(M) --> move_in(M).

%% move_out(+Move)//  the notation of a ground move.
move_out(step(From, To)) --> square_name(From), "-", square_name(To).
move_out(transform(Sq)) --> square_name(Sq), "*".

%% move_in(-Move)//  a move read from its notation.
move_in(M) --> square_name(From), ( "*" -> { M = transform(From) } ; ( "-" ; "x" ), square_name(To), { M = step(From, To) } ).

%% square_name(?F-R)//  a file letter a-h and a rank digit 1-8.
square_name(F-R) --> { integer(F) }, !, { C is 0'a + F - 1, char_code(L, C), D is 0'0 + R, char_code(N, D) }, [L, N].
square_name(F-R) --> [L, N], { char_code(L, C), C >= 0'a, C =< 0'h, F is C - 0'a + 1,
                               char_code(N, D), D >= 0'1, D =< 0'8, R is D - 0'0 }.

%% position(?State)//  the canonical one-line position text.
position(S) --> { nonvar(S) }, !, position_out(S).
position(S) --> position_in(S).

%% position_out(+State)//  the position text of a state.
position_out(replica(Sight, P, Board, Status)) -->
    { rows_board(Rows, Board) },
    ranks_out(Rows), " ", atom(P), sight_out(Sight), notation:won(Status, [white, black]).

%% sight_out(+Sight)//  " sight=all" when kings see in all 8 directions, else nothing.
sight_out(forward) --> [].
sight_out(all) --> " sight=all".

%% ranks_out(+Rows)//  the ranks, top first, separated by "/" (see notation.pl).
ranks_out(Rows) --> { piece_letters(Ls) }, notation:rows_out(Rows, Ls).

%% piece_letters(-Letters)  w/b for men, W/B for kings.
piece_letters([man(white)-w, king(white)-'W', man(black)-b, king(black)-'B']).

%% rows_board(?Rows, ?Board)  Rows lists the ranks top first, each the list of its
% squares from file a; Board holds the same squares.
rows_board(Rows, Board) :-
    (  nonvar(Board)
    -> findall(Rank, ( between(1, 8, R0), R is 9 - R0,
                       findall(X, ( line(F), square(Board, F-R, X) ), Rank) ), Rows)
    ;  reverse(Rows, Ranks), append(Ranks, Xs),
       new_board(Xs, Board)
    ).

%% position_in(-State)//  the state a position text names.
position_in(replica(Sight, P, Board, Status)) -->
    ranks_in(Rows), " ", side(P), sight_in(Sight), notation:won(Claim, [white, black]),
    {  rows_board(Rows, Board),
       position_status(P, Board, Status0),
       stated_status(Claim, P, Status0, Status) }.

%% stated_status(+Claim, +ToMove, +BoardStatus, -Status)  the status of a text: what
% the board shows, or the win the text states (only the side that has just
% moved can have won, and not against what the board shows).
stated_status(ongoing, _, S, S).
stated_status(won(W), P, S0, won(W)) :-
    W \== P,
    (  S0 == ongoing -> true ; S0 == won(W) ).

%% side(-Colour)//  the side to move, white or black.
side(white) --> "white".
side(black) --> "black".

%% sight_in(-Sight)//  all after " sight=all", else forward.
sight_in(all) --> " sight=all", !.
sight_in(forward) --> [].

%% ranks_in(-Rows)//  8 ranks of 8 squares, top first, separated by "/" (see notation.pl).
ranks_in(Rows) --> { piece_letters(Ls) }, notation:rows_in([8, 8, 8, 8, 8, 8, 8, 8], Rows, Ls).

%% position_status(+ToMove, +Board, -Status)  who has won, judged from the board:
% the side that just moved, if it has no enemy king left to face or a king on its corner.
position_status(P, Board, Status) :-
    other(P, Q),
    (  side_won(Q, Board) -> Status = won(Q)
    ;  side_won(P, Board) -> Status = won(P)
    ;  Status = ongoing
    ).

%% side_won(+Colour, +Board)  no enemy king is left, or Colour has a king on its corner.
side_won(P, Board) :-
    other(P, Q),
    (  \+ piece(Board, _, king(Q)) -> true
    ;  corner(P, C), square(Board, C, king(P))
    ).

%% set_to_move(+State, +Colour, -State1)  State with Colour to move (set up by hand,
% as GTP's moves out of turn); who has won is judged from the board again.
set_to_move(replica(Sight, P, Board, ongoing), Q, replica(Sight, Q, Board, Status)) :-
    other(P, Q),
    position_status(Q, Board, Status).

%% position_error(+State, -Reason)  why no game reaches a state read from a text; fails
% when one does (the host asks after reading a position; the native engine says the same).
position_error(replica(_, P, Board, _), Reason) :-
    other(P, Q),
    findall(C, piece(Board, _, man(C)), Men), findall(C, piece(Board, _, king(C)), Kings),
    append(Men, Kings, All),
    (  member(S, [white, black]), count_of(All, S, N), N > 12
    -> protocol:formatted("~a has ~d pieces: a side has 12 at most", [S, N], Reason)
    ;  Kings == []
    -> Reason = "neither white nor black has a king: no game reaches that"
    ;  square(Board, 8-8, king(white)), square(Board, 1-1, king(black))
    -> Reason = "white has a king on h8 and black one on a1: no game reaches that"
    ;  \+ memberchk(Q, Kings)
    -> protocol:formatted("~a has no king: the game ended when ~a captured it, so ~a is to move, not ~a", [Q, P, Q, P], Reason)
    ;  corner(P, Sq), square(Board, Sq, king(P))
    -> phrase(square_name(Sq), Name),
       protocol:formatted("~a has a king on ~s: the game ended with that move, so ~a is to move, not ~a", [P, Name, Q, P], Reason)
    ),
    !.

%% count_of(+Colours, +Colour, -N)  how many times Colour is in the list.
count_of([], _, 0).
count_of([X|Xs], C, N) :- count_of(Xs, C, N0), ( X == C -> N is N0 + 1 ; N = N0 ).

%% view(+State, -View)  the squares, a8 at the top left, for the renderers.
view(replica(_, P, Board, Status), view(square, 8, 8, Cells, [to_move(P), status(Status)])) :-
    findall(cell(C, Row, Name, Piece),
            ( between(1, 8, R), between(1, 8, F), C is F - 1, Row is 8 - R,
              square(Board, F-R, X), view_piece(X, Piece),
              phrase(square_name(F-R), Cs), atom_chars(Name, Cs) ),
            Cells).

%% view_piece(?Square, ?Piece)  the renderers' piece for what stands on a square.
view_piece(e, empty).
view_piece(man(P), man(P)).
view_piece(king(P), king(P)).
