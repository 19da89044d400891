%% mitsudomoe — the rules of Mitsudomoe (see shared/rules/mitsudomoe.md), the ludolog game protocol.
%
% State: mitsudomoe(ToMove, Board, Supply, Status)
%   ToMove  white or black; White moves first
%   Board   a board of the board library (board.pl) on the 5 x 5 grid, each cell a
%           stack (board_stacks.pl): its rings bottom first as w and b, then its
%           ball, W or B (a ball always lies on top of the rings), e for none;
%           mitsudomoe_board.pl reads a square as s(Rings, Ball), Rings the colours
%           of its rings TOP FIRST (white, black), Ball none, white or black
%   Supply  W-B: the rings left in White's and in Black's supply (8 minus those on the board)
%   Status  ongoing or won(Colour)
% Squares are F-R, file F and rank R from 1 (a1 = 1-1, e5 = 5-5).
%
% Move: turn(Ring, Ball, Targets), the outcome of one whole turn:
%   Ring     place(Sq): a ring from the supply onto Sq, or
%            shift(From, To): the exposed own ring on From moved onto To
%   Ball     ball(From, To): a step onto an adjacent square, or a vault
%   Targets  the squares where the vaulted opponent balls end up, sorted (file, then
%            rank); [] when the ball step vaulted over no opponent ball
% Move text: "+c3/a1-a3" (a ring placed on c3, the ball on a1 to a3) or
% "d2>c3/a2-c4;b5,e2" (ring d2 to c3, ball a2 to c4, the vaulted balls relocated so
% that they stand on b5 and e2).
%
% Position text: "RANKS SIDE supply=W,B[ won=P]".  RANKS lists ranks 5 to 1, separated
% by "/"; a rank lists its squares from file a, tokens separated by ",": a digit 1-5 is
% a run of empty squares (printed as maximal runs), any other token is one stack: its
% rings bottom to top as w/b, then its ball, if any, as W/B.  SIDE is the side to move,
% W and B the two supplies (each must be 8 minus that colour's rings on the board), and
% " won=P" ends the text of a finished game.
% Start: "3,bB,bB/4,bB/5/wW,4/wW,wW,3 white supply=5,5".
%
% The game is over after a turn by P when (rules §4, in order) all three of P's balls
% stand on P's goal squares (P wins), else all three of P's home squares hold balls
% (P loses), else the opponent has no complete legal turn (P wins).  A position text is
% judged the same way for the player who is not to move, except the start position,
% after which nobody has moved yet (both homes hold balls there).
%
% A turn is stated once, as data (turn/3): the board library lists and plays it, and
% in the accelerated tier the host plays whole random games of it.
%
% Extension surface (for variants such as variants/mitsudomoe_source.pl): two rules
% of the rulebook are data, Rules = rules(LimWhite, LimBlack), each side's
% lim(Frozen, Shielded): the squares on which its own balls never move (its goal
% squares) and those on which an opponent ball cannot be vaulted over (the
% opponent's goal squares), each [] or a side's three home squares.  A variant
% makes its own and calls:
%   rules(-Rules)                              the rulebook's
%   legal_with(+Rules, +State, -Move)          the legal turns under Rules
%   play_with(+Rules, +State, +Move, -Next)    a turn and the end-of-turn checks
%   turns_with(+Rules, +State, -Board, -Turns) the turns, as the board library says them
%   explain_with(+Rules, +State, +Move, -Reason)   why a turn is refused
%   position_with(+Rules, ?State)//            the position text (read under Rules)
% and the helpers goal/2 and home/2.

:- module(mitsudomoe, [
    initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2, explain_illegal/3, refusal//1,
    rules/1, legal_with/3, play_with/4, explain_with/4, position_with//2, goal/2, home/2,
    position_error_with/3, set_to_move/3, turns/3, turns_with/4
]).

%% requires(?Library)  the board and its turns come from board.pl and its stacks
% from board_stacks.pl, the eight directions from grid.pl, numbers in words from
% notation.pl; the board's squares and the move and position texts are
% mitsudomoe_board.pl's, the words of its refusals mitsudomoe_refusals.pl's.
requires(board).
requires(board_stacks).
requires(grid).
requires(notation).
requires(mitsudomoe_board).
requires(mitsudomoe_refusals).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(dcgs)).
:- use_module(library(error)).

%% initial(+Options, -State)  the start position; there are no options.
initial(Options, mitsudomoe(white, Board, 5-5, ongoing)) :-
    must_be(list, Options),
    no_options(Options),
    start_board(Board).

%% no_options(+Options)  Options is empty; any option is a domain error.
no_options([]).
no_options([O|_]) :- domain_error(mitsudomoe_option, O).

%% start_board(-Board)  the board of the start position.
start_board(Board) :- phrase(mitsudomoe_board:ranks_in(Board), "3,bB,bB/4,bB/5/wW,4/wW,wW,3").

%% to_move(+State, -Colour)  whose turn it is.
to_move(mitsudomoe(P, _, _, _), P).

%% other(?Colour, ?Opponent)  the two sides.
other(white, black).
other(black, white).

%% home(?Colour, ?Square)  a side's home squares, where its balls start.
home(white, 1-1).
home(white, 1-2).
home(white, 2-1).
home(black, 5-5).
home(black, 5-4).
home(black, 4-5).

%% goal(?Colour, ?Square)  a side's goal squares: the opponent's home squares.
goal(white, Sq) :- home(black, Sq).
goal(black, Sq) :- home(white, Sq).

%% rules(-Rules)  the rulebook's: a ball on one of its goal squares never moves again,
% and an opponent ball on one of the opponent's goal squares cannot be vaulted over.
% White's goal squares (goal/2: Black's home) come first, then Black's; they are
% written out, as play/3 asks for them at every turn (tests/mitsudomoe.rs holds
% them to goal/2).
rules(rules(lim([5-5, 5-4, 4-5], [1-1, 1-2, 2-1]), lim([1-1, 1-2, 2-1], [5-5, 5-4, 4-5]))).

%% limits(+Colour, +Rules, -Frozen, -Shielded)  the side's part of the rules.
limits(white, rules(lim(F, S), _), F, S).
limits(black, rules(_, lim(F, S)), F, S).

%% direction(?DF, ?DR)  the eight directions (file step, rank step): the king-move
% neighbours of grid.pl's square8 board.
direction(DF, DR) :- grid:offset(square8, DF, DR).

%% on_board(+F, +R)  file F and rank R lie on the 5 x 5 board.
on_board(F, R) :- F >= 1, F =< 5, R >= 1, R =< 5.

%% is_square(+Term)  Term is a square F-R of the board.
is_square(F-R) :- integer(F), integer(R), on_board(F, R).

%% supply(+Colour, +Supply, -N)  the rings in Colour's supply.
supply(white, W-_, W).
supply(black, _-B, B).

%% take_ring(+Colour, +Supply, -Supply1)  one ring fewer in Colour's supply.
take_ring(white, W-B, W1-B) :- W1 is W - 1.
take_ring(black, W-B, W-B1) :- B1 is B - 1.

%% turn(+Colour, +Rules, -Turn)  a side's turn in the board library's words (rules §3,
% §4): a ring (w or b) from the supply (8 rings, less those on the board) onto a
% square without a ball, or the side's exposed ring onto another such square; then
% its ball (W or B) not on a Frozen square steps to a neighbour topped by its ring,
% or vaults over the line of balls there onto the first square after it, topped by
% its ring, unless the line holds an opponent ball on a Shielded square; each
% opponent ball vaulted over is relocated onto a square topped by a ring of its
% colour.  After the turn (§4, in order): all the side's balls on its goal squares
% win; its home squares all holding balls lose; an opponent with no turn loses.
turn(P, R, turn(P, [then([stack(Ring, 8, [e, w, b]), lift(Ring, [e, w, b])],
                         [hop(Ball, [Ring], ['W', 'B'],
                              [still(FM), guard(OBall, SM), relocate(OBall, [ORing])])])],
                [gather(Ball, GM), lose(filled(HM, ['W', 'B'])), stuck])) :-
    pieces(P, Ring, Ball), other(P, Q), pieces(Q, ORing, OBall),
    limits(P, R, Frozen, Shielded),
    squares_mask(Frozen, FM), squares_mask(Shielded, SM),
    home_mask(Q, GM), home_mask(P, HM).

%% home_mask(?Colour, ?Mask)  the board's mark of a side's home squares (its
% opponent's goal squares).
home_mask(white, 1).
home_mask(black, 2).

%% pieces(?Colour, ?Ring, ?Ball)  a side's ring and ball, as the board's stacks name them.
pieces(white, w, 'W').
pieces(black, b, 'B').

%% squares_mask(+Squares, -Mask)  the board's mark of a side's home squares (1
% White's, 2 Black's; mitsudomoe_board.pl), 0 for none.
squares_mask(Sqs, M) :-
    sort(Sqs, Sorted),
    (  Sorted == [] -> M = 0
    ;  Sorted == [1-1, 1-2, 2-1] -> M = 1
    ;  Sorted == [4-5, 5-4, 5-5] -> M = 2
    ;  domain_error(home_squares, Sqs)
    ).

%% turns(+State, -Board, -Turns)  the board and the turns of a game that goes on, the
% side to move's first (the host plays whole random games of them).
turns(S, Board, Turns) :- rules(R), turns_with(R, S, Board, Turns).

%% turns_with(+Rules, +State, -Board, -Turns)  turns/3 under Rules.
turns_with(R, mitsudomoe(P, Board, _, ongoing), Board, [T, U]) :-
    turn(P, R, T), other(P, Q), turn(Q, R, U).

%% legal(+State, -Move)  every legal turn of the side to move, each outcome once:
% ring steps (placements, then moves), for each the ball steps, for each vault the
% sets of relocation targets.
legal(S, M) :-
    rules(R),
    legal_with(R, S, M).

%% legal_with(+Rules, +State, -Move)  every legal turn under Rules.
legal_with(R, S, M) :-
    turns_with(R, S, Board, [T, _]),
    board:turn_moves(Board, T, Ms),
    member(LM, Ms),
    turn_move(LM, M).

%% turn_move(?Library, ?Move)  the board library's move (cells) and the turn it is:
% then(stack(K), hop(K1, J, Ts)) is turn(place(Sq), ball(From, To), Targets), lift(K, J)
% a shift(From, To); Targets sorted by square (file, then rank).  Either may be given.
turn_move(then(LR, hop(K, J, Ts)), turn(Ring, ball(From, To), Targets)) :-
    (  integer(K)
    -> ring_named(LR, Ring), square(K, From), square(J, To),
       (  Ts == [] -> Targets = [] ; maplist(square, Ts, Sqs), sort(Sqs, Targets) )
    ;  ring_cells(Ring, LR), cell(From, K), cell(To, J),
       sort(Targets, Targets), maplist(cell, Targets, Ts0), sort(Ts0, Ts)
    ).

%% ring_named(+Library, -Ring)  a ring step in cells, named in squares.
ring_named(stack(K), place(Sq)) :- square(K, Sq).
ring_named(lift(K, J), shift(From, To)) :- square(K, From), square(J, To).

%% ring_cells(+Ring, -Library)  a ring step in squares, in cells.
ring_cells(place(Sq), stack(K)) :- cell(Sq, K).
ring_cells(shift(From, To), lift(K, J)) :- cell(From, K), cell(To, J).

%% square(+K, -Square)  the square of the board's cell K (mitsudomoe_board.pl's table).
square(K, Sq) :- mitsudomoe_board:cell_square(K, Sq).

%% cell(+Square, -K)  the board's cell of a square (mitsudomoe_board.pl).
cell(Sq, K) :- mitsudomoe_board:cell(Sq, K).

%% play(+State, +Move, -Next)  the state after a legal turn; fails on any other term.
play(S, M, Next) :-
    rules(R),
    play_with(R, S, M, Next).

%% play_with(+Rules, +State, +Move, -Next)  the state after a turn legal under Rules,
% and the end-of-turn checks (rules §4).
play_with(R, S, M, mitsudomoe(Q, Board1, Supply1, Status)) :-
    S = mitsudomoe(P, _, Supply, ongoing),
    move_shape(M),
    turn_move(LM, M),
    turns_with(R, S, Board, Turns),
    board:turn_play(Board, Turns, LM, Board1, Status),
    other(P, Q),
    M = turn(Ring, _, _),
    (  Ring = place(_) -> take_ring(P, Supply, Supply1) ; Supply1 = Supply ).

%% move_shape(+Move)  Move is a ground turn term whose squares are squares of the board.
move_shape(M) :-
    ground(M),
    M = turn(Ring, ball(From, To), Targets),
    ring_shape(Ring),
    is_square(From), is_square(To),
    squares(Targets).

%% ring_shape(+Ring)  a placement or a ring move between squares of the board.
ring_shape(place(Sq)) :- is_square(Sq).
ring_shape(shift(From, To)) :- is_square(From), is_square(To).

%% squares(+List)  a list of squares of the board.
squares([]).
squares([Sq|Sqs]) :- is_square(Sq), squares(Sqs).

%% outcome(+State, -Outcome)  win(Colour) once the game is over.
outcome(mitsudomoe(_, _, _, won(P)), win(P)).

%% evaluate(+State, +Colour, -Score)  10000 / -10000 for a finished game; else
%   10 * (D(Opponent) - D(Colour)) + 5 * (G(Colour) - G(Opponent)) + S(Colour) - S(Opponent)
% where D(X) sums, over X's three balls, the king-move distance to the nearest of X's
% goal squares, G(X) counts X's balls on its goal squares and S(X) the rings in X's supply.
evaluate(mitsudomoe(_, _, _, won(W)), P, Score) :- !,
    (  W == P -> Score = 10000 ; Score = -10000 ).
evaluate(mitsudomoe(_, Board, Supply, ongoing), P, Score) :-
    other(P, Q),
    progress(Board, P, DP, GP),
    progress(Board, Q, DQ, GQ),
    supply(P, Supply, SP),
    supply(Q, Supply, SQ),
    Score is 10 * (DQ - DP) + 5 * (GP - GQ) + SP - SQ.

%% progress(+Board, +Colour, -D, -G)  the summed goal distances of Colour's balls, and
% how many of them stand on a goal square.
progress(Board, P, D, G) :-
    findall(X, ( mitsudomoe_board:square_at(Board, Sq, s(_, P)), goal_distance(P, Sq, X) ), Xs),
    sum_list(Xs, D),
    findall(Sq, ( goal(P, Sq), mitsudomoe_board:square(Board, Sq, s(_, P)) ), Gs),
    length(Gs, G).

%% goal_distance(+Colour, +Square, -D)  the king-move distance from Square to the
% nearest of Colour's goal squares.
goal_distance(P, F-R, D) :-
    findall(X, ( goal(P, GF-GR), X is max(abs(F - GF), abs(R - GR)) ), Xs),
    sort(Xs, [D|_]).

%% explain_illegal(+State, +Move, -Reason)  why a turn is refused, as a term.
explain_illegal(S, M, Reason) :-
    rules(R),
    explain_with(R, S, M, Reason).

%% explain_with(+Rules, +State, +Move, -Reason)  why a turn is refused under Rules, as
% a term worded by refusal//1; squares are named as moves write them.
explain_with(_, mitsudomoe(_, _, _, won(W)), _, game_over(W)) :- !.
explain_with(R, S, M, Reason) :-
    S = mitsudomoe(P, Board, Supply, ongoing),
    limits(P, R, Frozen, Shielded),
    (  \+ move_shape(M)
    -> Reason = not_a_turn
    ;  M = turn(Ring, Ball, Targets),
       (  ring_problem(P, Board, Supply, Ring, Reason) -> true
       ;  ring_board(R, P, Board, Ring, Board1),
          ball_problem(P, Board1, Frozen, Shielded, Ball, Reason) -> true
       ;  ring_board(R, P, Board, Ring, Board1),
          Ball = ball(From, To),
          vaulted(P, Board1, From, To, Vaulted),
          targets_problem(P, Board1, From, To, Vaulted, Targets, Reason) -> true
       ;  phrase(move(M), Cs), atom_chars(Name, Cs), Reason = not_legal(Name)
       )
    ).

%% ring_board(+Rules, +Colour, +Board, +Ring, -Board1)  the board after a legal ring
% step: the first part of the side's turn (turn/3), played alone.
ring_board(R, P, Board, Ring, Board1) :-
    turn(P, R, turn(P, [then(RingKinds, _)], _)),
    ring_cells(Ring, LR),
    once(board:turn_play(Board, [turn(P, RingKinds, [])], LR, Board1, _)).

%% vaulted(+Colour, +Board, +From, +To, -Vaulted)  the squares of the opponent balls
% between From and To, on a line (sorted; [] for a step).
vaulted(P, Board, F-R, G-H, Vaulted) :-
    other(P, Q),
    DF is sign(G - F), DR is sign(H - R), T is max(abs(G - F), abs(H - R)),
    findall(F1-R1, ( between(1, T, I), I < T, F1 is F + I * DF, R1 is R + I * DR,
                     mitsudomoe_board:square(Board, F1-R1, s(_, Q)) ), Vaulted0),
    sort(Vaulted0, Vaulted).

%% move_ball(+Board, +Colour, +From, +To, -Board1)  Colour's ball taken from From to To.
move_ball(Board, P, From, To, Board2) :-
    mitsudomoe_board:square(Board, From, s(Rs, P)),
    mitsudomoe_board:set_square(Board, From, s(Rs, none), Board1),
    mitsudomoe_board:square(Board1, To, s(Rs1, none)),
    mitsudomoe_board:set_square(Board1, To, s(Rs1, P), Board2).

%% ring_problem(+Colour, +Board, +Supply, +Ring, -Reason)  why the ring step cannot be made.
ring_problem(P, _, Supply, place(_), no_rings_left(P)) :-
    supply(P, Supply, 0).
ring_problem(_, Board, _, place(Sq), holds_ball(Name)) :-
    mitsudomoe_board:square(Board, Sq, s(_, B)), B \== none,
    named(Sq, Name).
ring_problem(P, Board, _, shift(From, _), Reason) :-
    mitsudomoe_board:square(Board, From, X),
    X \= s([P|_], none),
    named(From, Name),
    (  X = s([], none) -> Reason = no_ring(Name)
    ;  X = s(_, B), B \== none -> Reason = rings_covered(Name)
    ;  X = s([C|_], none), Reason = top_ring(Name, C, P)
    ).
ring_problem(_, _, _, shift(Sq, Sq), ring_stays).
ring_problem(_, Board, _, shift(_, To), holds_ball(Name)) :-
    mitsudomoe_board:square(Board, To, s(_, B)), B \== none,
    named(To, Name).

%% ball_problem(+Colour, +Board, +Frozen, +Shielded, +Ball, -Reason)  why the ball step
% cannot be made on Board, the board after the ring step.
ball_problem(P, Board, _, _, ball(From, _), no_ball(P, Name)) :-
    \+ mitsudomoe_board:square(Board, From, s(_, P)), !,
    named(From, Name).
ball_problem(P, _, Frozen, _, ball(From, _), home_ball(P, Name)) :-
    memberchk(From, Frozen), !,
    named(From, Name).
ball_problem(_, _, _, _, ball(F-R, G-H), not_in_line(A, B)) :-
    \+ ( direction(DF, DR), between(1, 4, T), G =:= F + T * DF, H =:= R + T * DR ), !,
    named(F-R, A), named(G-H, B).
ball_problem(P, Board, _, Shielded, ball(F-R, G-H), Reason) :-
    direction(DF, DR), between(1, 4, T), G =:= F + T * DF, H =:= R + T * DR, !,
    other(P, Q),
    (  T =:= 1, mitsudomoe_board:square(Board, G-H, s(_, B)), B \== none
    -> named(G-H, Name), Reason = step_onto_ball(Name)
    ;  T > 1, between(1, T, I), I < T, F1 is F + I * DF, R1 is R + I * DR,
       mitsudomoe_board:square(Board, F1-R1, s(_, none))
    -> named(F1-R1, Name), Reason = vault_gap(Name)
    ;  T > 1, mitsudomoe_board:square(Board, G-H, s(_, B)), B \== none
    -> named(G-H, Name), Reason = vault_past(Name)
    ;  T > 1, between(1, T, I), I < T, F1 is F + I * DF, R1 is R + I * DR,
       mitsudomoe_board:square(Board, F1-R1, s(_, Q)), memberchk(F1-R1, Shielded)
    -> named(F1-R1, Name), Reason = shielded(Q, Name)
    ;  \+ mitsudomoe_board:square(Board, G-H, s([P|_], none))
    -> named(G-H, Name),
       (  T =:= 1 -> Reason = not_topped(Name, P) ; Reason = landing_not_topped(Name, P) )
    ).

%% targets_problem(+Colour, +Board, +From, +To, +Vaulted, +Targets, -Reason)  why the
% relocation targets are not an outcome of the ball step From-To on Board (the board
% after the ring step), which vaulted the opponent balls on Vaulted.
targets_problem(P, _, From, To, [], [_|_], nothing_vaulted(A, B, Q)) :-
    other(P, Q),
    named(From, A), named(To, B).
targets_problem(P, Board, From, To, [V|Vs], Targets, Reason) :-
    move_ball(Board, P, From, To, Board1),
    other(P, Q),
    findall(Sq, mitsudomoe_board:square_at(Board1, Sq, s([Q|_], none)), Free),
    length([V|Vs], K),
    (  Free == [] -> Reason = no_relocation(Q)
    ;  Targets == [] -> Reason = targets_missing(Q)
    ;  \+ sort(Targets, Targets) -> Reason = targets_unsorted
    ;  \+ length(Targets, K) -> Reason = targets_count(K, Q)
    ;  member(T, Targets), \+ memberchk(T, [V|Vs]), \+ memberchk(T, Free)
    -> named(T, Name), Reason = bad_target(Q, Name)
    ;  Targets == [V|Vs] -> Reason = targets_unmoved
    ).

%% refusal(+Reason)//  the words of each reason explain_with/4 gives
% (mitsudomoe_refusals.pl).
refusal(R) --> mitsudomoe_refusals:refusal(R).

%% named(+Square, -Name)  a square's name as an atom (c3).
named(Sq, Name) :- phrase(square_name(Sq), Cs), atom_chars(Name, Cs).

%% move(?Move)//  the move text ("+c3/a1-a3", "d2>c3/a2-c4;b5,e2"; mitsudomoe_board.pl).
move(M) --> mitsudomoe_board:move(M).

%% square_name(?Square)//  a square's name, a1 to e5 (mitsudomoe_board.pl).
square_name(Sq) --> mitsudomoe_board:square_name(Sq).

%% atom(+Atom)//  the characters of Atom.
atom(A) --> { atom_chars(A, Cs) }, seq(Cs).

%% position(?State)//  the canonical one-line position text, both ways.
position(S) --> { rules(R) }, position_with(R, S).

%% position_with(+Rules, ?State)//  the position text; read, the end-of-turn checks
% are made under Rules.
position_with(_, S) --> { nonvar(S) }, !, mitsudomoe_board:position_out(S).
position_with(R, S) --> position_in(R, S).

%% position_in(+Rules, -State)//  the state a position text names.  Whether real play
% reaches it (three balls of each colour, each on a ring of its colour, at most 8 rings
% of a colour, supplies of 8 minus the rings on the board, a " won=" the board agrees
% with) is position_error/2's question, so that the reason can be given.
position_in(R, mitsudomoe(P, Board, W-B, Status)) -->
    mitsudomoe_board:position_fields(P, Board, W-B, Claim),
    {  Claim = won(_) -> Status = Claim
    ;  board_problem(Board, W-B, _) -> Status = ongoing
    ;  position_status(R, P, Board, W-B, Status)
    }.

%% set_to_move(+State, +Colour, -State1)  State with Colour to move (set up by hand,
% as GTP's moves out of turn); the end-of-turn checks are made again.
set_to_move(mitsudomoe(P, Board, Supply, ongoing), Q,
            mitsudomoe(Q, Board, Supply, Status)) :-
    other(P, Q),
    rules(R),
    position_status(R, Q, Board, Supply, Status).

%% position_error(+State, -Reason)  why no game reaches a state read from a text; fails
% when one does (the host asks after reading a position; the native engine says the same).
position_error(S, Reason) :- rules(R), position_error_with(R, S, Reason).

%% position_error_with(+Rules, +State, -Reason)  position_error/2 under these rules (for
% variants that read positions with position_with/2).
position_error_with(R, mitsudomoe(P, Board, Supply, Status), Reason) :-
    (  board_problem(Board, Supply, Reason) -> true
    ;  Status = won(W),
       position_status(R, P, Board, Supply, Status0),
       Status0 \== Status,
       (  Status0 = won(X)
       -> phrase(("won=", atom(W), " contradicts the board: ", atom(X), " has won"), Reason)
       ;  phrase(("won=", atom(W), " contradicts the board: the game goes on"), Reason)
       )
    ).

%% board_problem(+Board, +Supply, -Reason)  the first reason no game reaches this board
% and supply, in the native engine's order: too many rings of a colour, then for each
% colour its ball count and a ball not on a ring of its colour, then the supplies.
board_problem(Board, W-B, Reason) :-
    findall(C, ( mitsudomoe_board:square_at(Board, _, s(Rs, _)), member(C, Rs) ), Rings),
    count_balls(Rings, white, NW),
    count_balls(Rings, black, NB),
    findall(C, ( mitsudomoe_board:square_at(Board, _, s(_, C)), C \== none ), Balls),
    (  member(C-N, [white-NW, black-NB]), N > 8
    -> phrase((atom(C), " has more than 8 rings on the board: a side has 8"), Reason)
    ;  member(C, [white, black]),
       (  count_balls(Balls, C, K), K =\= 3
       -> number_chars(K, Ks),
          phrase((atom(C), " has ", seq(Ks), " balls on the board, not 3"), Reason)
       ;  mitsudomoe_board:square_at(Board, Sq, s(Rs, C)), Rs \= [C|_]
       -> phrase(("the ", atom(C), " ball on ", square_name(Sq), " does not stand on a ",
                  atom(C), " ring"), Reason)
       )
    -> true
    ;  EW is 8 - NW, EB is 8 - NB, W-B \== EW-EB
    -> number_chars(EW, Ws), number_chars(EB, Bs),
       phrase(("the supplies must be ", seq(Ws), ",", seq(Bs),
               " (8 minus the rings of each colour on the board)"), Reason)
    ).

%% count_balls(+Items, +Colour, -N)  how many of Items are Colour.
count_balls([], _, 0).
count_balls([X|Xs], C, N) :-
    count_balls(Xs, C, N0),
    (  X == C -> N is N0 + 1 ; N = N0 ).

%% position_status(+Rules, +ToMove, +Board, +Supply, -Status)  the end-of-turn checks
% for the player who is not to move, except in the start position, where nobody has moved.
position_status(R, P, Board, Supply, Status) :-
    (  P == white, Supply == 5-5, start_board(Start),
       board:board_cells(Start, Cells), board:board_cells(Board, Cells)
    -> Status = ongoing
    ;  other(P, Q), turn(P, R, T), turn(Q, R, U),
       board:turn_status(Board, [U, T], Status)
    ).

%% view(+State, -View)  the 25 squares, a5 at the top left, each with its stack bottom
% to top, the home squares marked; the supplies in the info.
view(mitsudomoe(P, Board, W-B, Status),
     view(square, 5, 5, Cells, [to_move(P), status(Status), supply(white-W, black-B)])) :-
    findall(cell(C, Row, Name, Contents, Marks),
            ( between(0, 4, Row), between(0, 4, C),
              F is C + 1, R is 5 - Row,
              mitsudomoe_board:square(Board, F-R, X),
              stack_view(X, Contents),
              square_marks(F-R, Marks),
              phrase(square_name(F-R), Cs), atom_chars(Name, Cs) ),
            Cells).

%% stack_view(+Stack, -Contents)  the pieces of a stack, bottom to top.
stack_view(s(Rs, Ball), Contents) :-
    reverse(Rs, Bottom),
    ring_pieces(Bottom, Contents, Tail),
    (  Ball == none -> Tail = [] ; Tail = [ball(Ball)] ).

%% ring_pieces(+Colours, -Pieces, ?Tail)  ring(C) for each colour, then Tail.
ring_pieces([], T, T).
ring_pieces([C|Cs], [ring(C)|Ps], T) :- ring_pieces(Cs, Ps, T).

%% square_marks(+Square, -Marks)  home(Colour) on a home square, else nothing.
square_marks(Sq, Marks) :-
    (  home(C, Sq) -> Marks = [home(C)] ; Marks = [] ).
