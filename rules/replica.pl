%% replica — the rules of Replica (see shared/rules/replica.md), the ludolog game protocol.
%
% State: replica(Sight, ToMove, Board, Status)
%   Sight    forward (a king sees along its side's forward rays) or all (8 directions)
%   ToMove   white or black; White moves first
%   Board    b(Rank1, ..., Rank8), each rank the list of its 8 squares from file a:
%            e (empty), man(Colour) or king(Colour)
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
% file's rays are the side's three forward directions, any, for men and kings.
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
% friendly/2, square_name//1 and atom//1.

:- module(replica, [
    initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2, explain_illegal/3,
    rays/2, legal_with/3, allowed_with/3, step_with/5, transform/2, resolve/3,
    apply/5, won/3, explain_with/4,
    other/2, forward/3, compass/2, square/3, friendly/2, square_name//1, atom//1, set_to_move/3
]).

%% requires(?Library)  board updates come from grid.pl, the rows and the " won="
% mark of the text from notation.pl.
requires(grid).
requires(notation).

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
    reverse(Rows, Ranks),
    Board =.. [b|Ranks].

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

%% square(+Board, +F-R, -X)  what stands on a square (fails off the board).
square(Board, F-R, X) :-
    F >= 1, F =< 8, R >= 1, R =< 8,
    arg(R, Board, Rank), nth1(F, Rank, X).

%% piece(+Board, -F-R, -X)  the pieces on the board, rank by rank from a1.
piece(Board, F-R, X) :-
    Board =.. [b|Ranks],
    ranks_pieces(Ranks, 1, F-R, X).

%% ranks_pieces(+Ranks, +R0, -Square, -X)  the pieces on Ranks, the first of them rank R0.
ranks_pieces([Rank|Ranks], R0, Sq, X) :-
    (  rank_pieces(Rank, 1, R0, Sq, X)
    ;  R1 is R0 + 1, ranks_pieces(Ranks, R1, Sq, X)
    ).

%% rank_pieces(+Squares, +F0, +R, -Square, -X)  the pieces on rank R from file F0 on.
rank_pieces([Y|Ys], F0, R, Sq, X) :-
    (  Y \== e, Sq = F0-R, X = Y
    ;  F1 is F0 + 1, rank_pieces(Ys, F1, R, Sq, X)
    ).

%% set_square(+Board, +F-R, +X, -Board1)  Board1 has X on square F-R.
set_square(Board, F-R, X, Board1) :-
    arg(R, Board, Rank),
    grid:replace(F, Rank, X, Rank1),
    grid:put_arg(R, Board, Rank1, Board1).

%% friendly(+X, +Colour)  X is a piece of Colour.
friendly(man(P), P).
friendly(king(P), P).

%% rays(+Colour, -Rays)  men and kings step and jump along the side's three forward
% directions, onto any square that is not friendly.
rays(P, rays(Rs, Rs)) :-
    findall(DF-DR-any, forward(P, DF, DR), Rs).

%% legal(+State, -Move)  the steps and jumps, then the transforms.
legal(S, M) :-
    S = replica(_, P, _, ongoing),
    rays(P, Rays),
    legal_with(S, Rays, M).

%% legal_with(+State, +Rays, -Move)  the steps and jumps the rays allow (piece by
% piece from a1, ray by ray), then the transforms.
legal_with(replica(_, P, Board, ongoing), Rays, step(From, To)) :-
    step_with(Board, P, Rays, From, To).
legal_with(S, _, transform(Sq)) :-
    transform(S, Sq).

%% step_with(+Board, +Colour, +Rays, ?From, ?To)  the piece of Colour on From steps or
% jumps along one of its rays to To (both given, or enumerated).
step_with(Board, P, Rays, From, To) :-
    (  nonvar(From) -> square(Board, From, X) ; piece(Board, From, X) ),
    friendly(X, P),
    piece_rays(X, Rays, Rs),
    member(DF-DR-Kind, Rs),
    (  nonvar(To) -> From = F-R, To = F2-R2, on_ray(F, R, DF, DR, F2, R2) ; true ),
    destination(Board, P, From, DF, DR, To0),
    ends_well(Kind, Board, To0),
    To = To0.

%% piece_rays(+Piece, +Rays, -Rs)  the rays of a man or of a king.
piece_rays(man(_), rays(Rs, _), Rs).
piece_rays(king(_), rays(_, Rs), Rs).

%% ends_well(+Kind, +Board, +To)  a step of Kind may end on To (which is not friendly):
% any such square, or (capture) only one that holds a piece.
ends_well(any, _, _).
ends_well(capture, Board, To) :- square(Board, To, X), X \== e.

%% transform(+State, ?Square)  the man of the side to move on Square may become a king:
% a friendly king sees it.
transform(replica(Sight, P, Board, ongoing), Sq) :-
    (  nonvar(Sq) -> square(Board, Sq, man(P)) ; piece(Board, Sq, man(P)) ),
    once(seen(Sight, Board, P, Sq)).

%% destination(+Board, +Colour, +From, +DF, +DR, -To)  walk from From past
% friendly pieces; To is the first square that is not friendly (on the board).
destination(Board, P, F-R, DF, DR, To) :-
    F1 is F + DF, R1 is R + DR,
    square(Board, F1-R1, X),
    (  friendly(X, P) -> destination(Board, P, F1-R1, DF, DR, To) ; To = F1-R1 ).

%% seen(+Sight, +Board, +Colour, +Square)  a friendly king sees the man on Square:
% the man lies on one of the king's rays, with no enemy piece strictly between.
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
    ;  X == e -> true, step_back(Board, P, F-R, DF, DR)
    ;  friendly(X, P) -> step_back(Board, P, F-R, DF, DR)
    ).

%% step_back(+Board, +Colour, +F-R, +DF, +DR)  looking_back/5 from one square further back.
step_back(Board, P, F-R, DF, DR) :-
    F1 is F - DF, R1 is R - DR,
    looking_back(Board, P, F1-R1, DF, DR).

%% play(+State, +Move, -Next)  the state after a legal move; fails otherwise.
play(S, M, Next) :-
    S = replica(_, P, _, ongoing),
    rays(P, Rays),
    allowed_with(S, Rays, M), !,
    resolve(S, M, Next).

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

%% on_ray(+F, +R, +DF, +DR, +F2, +R2)  F2-R2 lies on the ray from F-R in direction DF, DR.
on_ray(F, R, DF, DR, F2, R2) :-
    T is max(abs(F2 - F), abs(R2 - R)), T > 0,
    F2 =:= F + T * DF, R2 =:= R + T * DR.

%% apply(+Move, +Colour, +Board, -Board1, -Captured)  the board after Move, and what
% stood on its target square (e when nothing did).
apply(step(From, To), P, Board, Board2, Captured) :-
    square(Board, From, X), square(Board, To, Captured),
    set_square(Board, From, e, Board1),
    set_square(Board1, To, X, Board2),
    friendly(X, P).
apply(transform(Sq), P, Board, Board1, e) :-
    set_square(Board, Sq, king(P), Board1).

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
    findall(X, ( piece(Board, Sq, Piece), friendly(Piece, P), piece_value(Piece, P, Sq, X) ), Xs),
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

%% explain_with(+State, +Rays, +Move, -Reason)  why a move is refused under the rays.
explain_with(replica(_, _, _, won(W)), _, _, Reason) :- !,
    phrase(("the game is over: ", atom(W), " has won"), Reason).
explain_with(replica(_, P, Board, _), Rays, M, Reason) :-
    (  M = step(From, _), \+ ( square(Board, From, X), friendly(X, P) )
    -> phrase(("no ", atom(P), " piece on ", square_name(From)), Reason)
    ;  M = transform(Sq), \+ square(Board, Sq, man(P))
    -> phrase(("no ", atom(P), " man on ", square_name(Sq), " to transform"), Reason)
    ;  M = transform(Sq)
    -> phrase(("no ", atom(P), " king sees ", square_name(Sq)), Reason)
    ;  rays(P, Rays)
    -> phrase((move(M), " is not a forward step or jump"), Reason)
    ;  phrase((move(M), " is not a step or jump these rules allow the piece"), Reason)
    ).

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
    { Board =.. [b|Ranks], reverse(Ranks, Rows) },
    ranks_out(Rows), " ", atom(P), sight_out(Sight), notation:won(Status, [white, black]).

%% sight_out(+Sight)//  " sight=all" when kings see in all 8 directions, else nothing.
sight_out(forward) --> [].
sight_out(all) --> " sight=all".

%% ranks_out(+Rows)//  the ranks, top first, separated by "/" (see notation.pl).
ranks_out(Rows) --> { piece_letters(Ls) }, notation:rows_out(Rows, Ls).

%% piece_letters(-Letters)  w/b for men, W/B for kings.
piece_letters([man(white)-w, king(white)-'W', man(black)-b, king(black)-'B']).

%% position_in(-State)//  the state a position text names.
position_in(replica(Sight, P, Board, Status)) -->
    ranks_in(Rows), " ", side(P), sight_in(Sight), notation:won(Claim, [white, black]),
    {  reverse(Rows, Ranks), Board =.. [b|Ranks],
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
