%% mitsudomoe — the rules of Mitsudomoe (see shared/rules/mitsudomoe.md), the ludolog game protocol.
%
% State: mitsudomoe(ToMove, Board, Supply, Status)
%   ToMove  white or black; White moves first
%   Board   board(FileA, FileB, FileC, FileD, FileE), each file(S1, ..., S5) the squares
%           of that file from rank 1 up; a square is s(Rings, Ball): Rings the colours
%           of its rings TOP FIRST (white, black), Ball none, white or black (a ball
%           always lies on top of the rings)
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
% Extension surface (for variants such as variants/mitsudomoe_source.pl): two rules
% of the rulebook are data, Rules = rules(LimWhite, LimBlack), each side's
% lim(Frozen, Shielded): the squares on which its own balls never move (its goal
% squares) and those on which an opponent ball cannot be vaulted over (the
% opponent's goal squares).  A variant makes its own and calls:
%   rules(-Rules)                              the rulebook's
%   legal_with(+Rules, +State, -Move)          the legal turns under Rules
%   play_with(+Rules, +State, +Move, -Next)    a turn and the end-of-turn checks
%   explain_with(+Rules, +State, +Move, -Reason)   why a turn is refused
%   position_with(+Rules, ?State)//            the position text (read under Rules)
% and the helpers goal/2 and home/2.

:- module(mitsudomoe, [
    initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2, explain_illegal/3,
    rules/1, legal_with/3, play_with/4, explain_with/4, position_with//2, goal/2, home/2,
    position_error_with/3, set_to_move/3
]).

%% requires(?Library)  the eight directions come from grid.pl, the " won=" mark of
% the text from notation.pl.
requires(grid).
requires(notation).

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
start_board(Board) :- phrase(ranks_in(Board), "3,bB,bB/4,bB/5/wW,4/wW,wW,3").

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

%% square(+Board, +F-R, -Stack)  the stack on a square of the board.
square(Board, F-R, X) :- arg(F, Board, File), arg(R, File, X).

%% square_at(+Board, ?Square, -Stack)  a square and its stack: every square in name
% order (a1, a2, ..., e5) when Square is unbound.
square_at(Board, F-R, X) :-
    line(F), line(R),
    square(Board, F-R, X).

%% line(?I)  the files and the ranks, 1 to 5 in order.
line(1). line(2). line(3). line(4). line(5).

%% set_square(+Board, +F-R, +Stack, -Board1)  Board1 has Stack on square F-R.
set_square(Board, F-R, X, Board1) :-
    arg(F, Board, File),
    put_rank(R, File, X, File1),
    put_file(F, Board, File1, Board1).

%% put_rank(+R, +File, +Stack, -File1)  File1 is File with Stack on rank R (one clause a
% rank: a copy by unification, much faster in scryer than grid:put_arg/4's loop).
put_rank(1, file(_, B, C, D, E), X, file(X, B, C, D, E)).
put_rank(2, file(A, _, C, D, E), X, file(A, X, C, D, E)).
put_rank(3, file(A, B, _, D, E), X, file(A, B, X, D, E)).
put_rank(4, file(A, B, C, _, E), X, file(A, B, C, X, E)).
put_rank(5, file(A, B, C, D, _), X, file(A, B, C, D, X)).

%% put_file(+F, +Board, +File, -Board1)  Board1 is Board with File as its file F.
put_file(1, board(_, B, C, D, E), X, board(X, B, C, D, E)).
put_file(2, board(A, _, C, D, E), X, board(A, X, C, D, E)).
put_file(3, board(A, B, _, D, E), X, board(A, B, X, D, E)).
put_file(4, board(A, B, C, _, E), X, board(A, B, C, X, E)).
put_file(5, board(A, B, C, D, _), X, board(A, B, C, D, X)).

%% supply(+Colour, +Supply, -N)  the rings in Colour's supply.
supply(white, W-_, W).
supply(black, _-B, B).

%% take_ring(+Colour, +Supply, -Supply1)  one ring fewer in Colour's supply.
take_ring(white, W-B, W1-B) :- W1 is W - 1.
take_ring(black, W-B, W-B1) :- B1 is B - 1.

%% legal(+State, -Move)  every legal turn of the side to move, each outcome once:
% ring steps (placements, then moves), for each the ball steps, for each vault the
% sets of relocation targets.
legal(S, M) :-
    rules(R),
    legal_with(R, S, M).

%% legal_with(+Rules, +State, -Move)  every legal turn under Rules.
legal_with(R, S, turn(Ring, Ball, Targets)) :-
    turn_steps(R, S, Ring, Ball, Targets, _, _, _).

%% turn_steps(+Rules, +State, ?Ring, ?Ball, ?Targets, -Vaulted, -Board1, -Supply1)  a
% legal turn: its ring step, ball step and relocation targets, with the vaulted
% opponent balls' squares and the board and supplies after the ring step.
% A ring step moves no ball, so the lines the balls may take (ball_line/7) are the
% same after every ring step: they are found once, and after each ring step only
% their landing squares are tested (ball_step/6 in two parts).
turn_steps(R, mitsudomoe(P, Board, Supply, ongoing), Ring, ball(From, To), Targets, Vaulted, Board1, Supply1) :-
    limits(P, R, Frozen, Shielded),
    findall(line(From, To, V), ball_line(P, Board, Frozen, Shielded, From, To, V), Lines),
    Lines \== [],
    ring_step(P, Board, Supply, Ring, Board1, Supply1),
    member(line(From, To, Vaulted), Lines),
    square(Board1, To, s([P|_], none)),
    relocation(P, Board1, From, To, Vaulted, Targets).

%% given_turn(+Rules, +State, +Ring, +Ball, +Targets, -Vaulted, -Board1, -Supply1)
% turn_steps/8 for a turn whose steps are all given: only the given ball's line is
% walked (the other lines can only make turn_steps/8's list of lines non-empty,
% which this one does), then the ring step is made and the landing and the targets
% are tested as there.
given_turn(R, mitsudomoe(P, Board, Supply, ongoing), Ring, ball(From, To), Targets, Vaulted, Board1, Supply1) :-
    limits(P, R, Frozen, Shielded),
    ball_line(P, Board, Frozen, Shielded, From, To, Vaulted),
    ring_step(P, Board, Supply, Ring, Board1, Supply1),
    square(Board1, To, s([P|_], none)),
    relocation(P, Board1, From, To, Vaulted, Targets).

%% ring_step(+Colour, +Board, +Supply, ?Ring, -Board1, -Supply1)  the first step of a
% turn: a ring from the supply onto a square without a ball, or an exposed own ring
% (the top item of its stack) moved onto another square without a ball.
ring_step(P, Board, Supply, place(Sq), Board1, Supply1) :-
    supply(P, Supply, N), N > 0,
    square_at(Board, Sq, s(Rs, none)),
    set_square(Board, Sq, s([P|Rs], none), Board1),
    take_ring(P, Supply, Supply1).
ring_step(P, Board, Supply, shift(From, To), Board2, Supply) :-
    square_at(Board, From, s([P|Rs], none)),
    set_square(Board, From, s(Rs, none), Board1),
    square_at(Board1, To, s(Rs1, none)),
    To \== From,
    set_square(Board1, To, s([P|Rs1], none), Board2).

%% ball_step(+Colour, +Board, +Frozen, +Shielded, ?Ball, -Vaulted)  the second step: a
% ball of Colour that is not on a Frozen square (by the rulebook, its goal squares)
% steps onto an adjacent square whose top item is a ring of Colour, or vaults in one
% direction over the whole line of balls that starts on the adjacent square, onto the
% first square after it, which must be on the board and topped by a ring of Colour.
% Vaulted lists the squares of the opponent balls in the line, sorted ([] for a
% step); a line holding an opponent ball on a Shielded square (by the rulebook, one
% of the opponent's goal squares) cannot be vaulted.
ball_step(P, Board, Frozen, Shielded, ball(From, To), Vaulted) :-
    ball_line(P, Board, Frozen, Shielded, From, To, Vaulted),
    square(Board, To, s([P|_], none)).

%% ball_line(+Colour, +Board, +Frozen, +Shielded, ?From, ?To, -Vaulted)  ball_step/6
% but for the ring on its landing square: a ball of Colour not on a Frozen square
% steps to the adjacent square To, which holds no ball, or vaults the line of balls
% from the adjacent square onto the square To after it (on the board), Vaulted the
% opponent balls passed (sorted), none of them on a Shielded square.
ball_line(P, Board, Frozen, Shielded, From, To, Vaulted) :-
    square_at(Board, From, s(_, P)),
    \+ memberchk(From, Frozen),
    From = F-R,
    direction(DF, DR),
    F1 is F + DF, R1 is R + DR,
    on_board(F1, R1),
    square(Board, F1-R1, s(_, B)),
    (  B == none
    -> To = F1-R1, Vaulted = []
    ;  other(P, Q),
       vault_line(Board, Q, Shielded, F1, R1, DF, DR, To, [], Vaulted0),
       sort(Vaulted0, Vaulted)
    ).

%% vault_line(+Board, +Opponent, +Shielded, +F, +R, +DF, +DR, -Landing, +V0, -V)  walk
% the line of balls from F-R in direction DF, DR: Landing is the first square without
% a ball (it must be on the board), V is V0 plus the squares of Opponent's balls
% passed; fails at an Opponent ball standing on a Shielded square.
vault_line(Board, Q, Shielded, F, R, DF, DR, To, V0, V) :-
    square(Board, F-R, s(_, B)),
    (  B == none
    -> To = F-R, V = V0
    ;  (  B == Q
       -> \+ memberchk(F-R, Shielded), V1 = [F-R|V0]
       ;  V1 = V0
       ),
       F1 is F + DF, R1 is R + DR,
       on_board(F1, R1),
       vault_line(Board, Q, Shielded, F1, R1, DF, DR, To, V1, V)
    ).

%% relocation(+Colour, +Board, +From, +To, +Vaulted, ?Targets)  where the vaulted opponent
% balls may end up once Colour's ball has landed (Board is the board before the ball
% moves): each moves once onto a ball-free square topped by a ring of its own colour,
% in any order, so the outcomes are the sets of K squares out of Vaulted and the free
% squares F topped by an opponent ring, other than Vaulted itself (rules §3; there is
% none when F is empty, and then the vault is illegal).
relocation(_, _, _, _, [], []).
relocation(P, Board, From, To, [V|Vs], Targets) :-
    move_ball(Board, P, From, To, Board1),
    other(P, Q),
    findall(Sq, square_at(Board1, Sq, s([Q|_], none)), Free),
    Free \== [],
    append([V|Vs], Free, U0),
    sort(U0, U),
    length([V|Vs], K),
    k_subset(K, U, Targets),   % K of U, in U's order
    Targets \== [V|Vs].

%% k_subset(+K, +List, ?Subset)  Subset holds K elements of List, in List's order.
k_subset(0, _, []).
k_subset(K, [X|Xs], [X|Ys]) :- K > 0, K1 is K - 1, k_subset(K1, Xs, Ys).
k_subset(K, [_|Xs], Ys) :- K > 0, k_subset(K, Xs, Ys).

%% move_ball(+Board, +Colour, +From, +To, -Board1)  Colour's ball taken from From to To.
move_ball(Board, P, From, To, Board2) :-
    square(Board, From, s(Rs, P)),
    set_square(Board, From, s(Rs, none), Board1),
    square(Board1, To, s(Rs1, none)),
    set_square(Board1, To, s(Rs1, P), Board2).

%% lift_balls(+Squares, +Board, -Board1)  the balls on Squares taken off the board.
lift_balls([], B, B).
lift_balls([Sq|Sqs], B0, B) :-
    square(B0, Sq, s(Rs, _)),
    set_square(B0, Sq, s(Rs, none), B1),
    lift_balls(Sqs, B1, B).

%% drop_balls(+Squares, +Colour, +Board, -Board1)  a ball of Colour set on each of Squares.
drop_balls([], _, B, B).
drop_balls([Sq|Sqs], Q, B0, B) :-
    square(B0, Sq, s(Rs, none)),
    set_square(B0, Sq, s(Rs, Q), B1),
    drop_balls(Sqs, Q, B1, B).

%% play(+State, +Move, -Next)  the state after a legal turn; fails on any other term.
play(S, M, Next) :-
    rules(R),
    play_with(R, S, M, Next).

%% play_with(+Rules, +State, +Move, -Next)  the state after a turn legal under Rules.
play_with(R, S, M, mitsudomoe(Q, Board, Supply, Status)) :-
    S = mitsudomoe(P, _, _, ongoing),
    move_shape(M),
    M = turn(Ring, ball(From, To), Targets),
    once(given_turn(R, S, Ring, ball(From, To), Targets, Vaulted, Board1, Supply)),
    move_ball(Board1, P, From, To, Board2),
    other(P, Q),
    lift_balls(Vaulted, Board2, Board3),
    drop_balls(Targets, Q, Board3, Board),
    status_after(R, P, Board, Supply, Status).

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

%% status_after(+Rules, +Mover, +Board, +Supply, -Status)  the end-of-turn
% checks for the player who just moved (rules §4, in this order): all three of its
% balls on its goal squares wins; else its three home squares all holding balls loses;
% else an opponent with no complete legal turn (under Rules) loses.
status_after(R, P, Board, Supply, Status) :-
    other(P, Q),
    (  findall(Sq, ( goal(P, Sq), square(Board, Sq, s(_, P)) ), [_, _, _])
    -> Status = won(P)
    ;  \+ ( home(P, Sq), square(Board, Sq, s(_, none)) )
    -> Status = won(Q)
    ;  \+ turn_steps(R, mitsudomoe(Q, Board, Supply, ongoing), _, _, _, _, _, _)
    -> Status = won(P)
    ;  Status = ongoing
    ).

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
    findall(X, ( square_at(Board, Sq, s(_, P)), goal_distance(P, Sq, X) ), Xs),
    sum_list(Xs, D),
    findall(Sq, ( goal(P, Sq), square(Board, Sq, s(_, P)) ), Gs),
    length(Gs, G).

%% goal_distance(+Colour, +Square, -D)  the king-move distance from Square to the
% nearest of Colour's goal squares.
goal_distance(P, F-R, D) :-
    findall(X, ( goal(P, GF-GR), X is max(abs(F - GF), abs(R - GR)) ), Xs),
    sort(Xs, [D|_]).

%% explain_illegal(+State, +Move, -Reason)  why a turn is refused, in words.
explain_illegal(S, M, Reason) :-
    rules(R),
    explain_with(R, S, M, Reason).

%% explain_with(+Rules, +State, +Move, -Reason)  why a turn is refused under Rules.
explain_with(_, mitsudomoe(_, _, _, won(W)), _, Reason) :- !,
    phrase(("the game is over: ", atom(W), " has won"), Reason).
explain_with(R, S, M, Reason) :-
    S = mitsudomoe(P, Board, Supply, ongoing),
    limits(P, R, Frozen, Shielded),
    (  \+ move_shape(M)
    -> Reason = "not a turn on this board"
    ;  M = turn(Ring, Ball, Targets),
       (  ring_problem(P, Board, Supply, Ring, Reason) -> true
       ;  once(ring_step(P, Board, Supply, Ring, Board1, _)),
          ball_problem(P, Board1, Frozen, Shielded, Ball, Reason) -> true
       ;  once(ring_step(P, Board, Supply, Ring, Board1, _)),
          once(ball_step(P, Board1, Frozen, Shielded, Ball, Vaulted)),
          Ball = ball(From, To),
          targets_problem(P, Board1, From, To, Vaulted, Targets, Reason) -> true
       ;  phrase((move(M), " is not legal here"), Reason)
       )
    ).

%% ring_problem(+Colour, +Board, +Supply, +Ring, -Reason)  why the ring step cannot be made.
ring_problem(P, _, Supply, place(_), Reason) :-
    supply(P, Supply, 0),
    phrase((atom(P), " has no ring left in its supply"), Reason).
ring_problem(_, Board, _, place(Sq), Reason) :-
    square(Board, Sq, s(_, B)), B \== none,
    holds_ball(Sq, Reason).
ring_problem(P, Board, _, shift(From, _), Reason) :-
    square(Board, From, X),
    X \= s([P|_], none),
    (  X = s([], none)
    -> phrase((square_name(From), " has no ring"), Reason)
    ;  X = s(_, B), B \== none
    -> phrase(("the rings on ", square_name(From), " are not exposed: a ball lies on them"), Reason)
    ;  X = s([C|_], none),
       phrase(("the top ring on ", square_name(From), " is ", atom(C), ", not ", atom(P)), Reason)
    ).
ring_problem(_, _, _, shift(Sq, Sq), "a ring must move to another square").
ring_problem(_, Board, _, shift(_, To), Reason) :-
    square(Board, To, s(_, B)), B \== none,
    holds_ball(To, Reason).

%% holds_ball(+Square, -Reason)  the reason for a ring put on a square with a ball.
holds_ball(Sq, Reason) :-
    phrase((square_name(Sq), " holds a ball: a ring goes only on a square without one"), Reason).

%% ball_problem(+Colour, +Board, +Frozen, +Shielded, +Ball, -Reason)  why the ball step
% cannot be made on Board, the board after the ring step.
ball_problem(P, Board, _, _, ball(From, _), Reason) :-
    \+ square(Board, From, s(_, P)), !,
    phrase(("no ", atom(P), " ball on ", square_name(From)), Reason).
ball_problem(P, _, Frozen, _, ball(From, _), Reason) :-
    memberchk(From, Frozen), !,
    phrase(("the ", atom(P), " ball on ", square_name(From),
            " stands on its goal square and never moves again"), Reason).
ball_problem(_, _, _, _, ball(F-R, G-H), Reason) :-
    \+ ( direction(DF, DR), between(1, 4, T), G =:= F + T * DF, H =:= R + T * DR ), !,
    phrase((square_name(F-R), "-", square_name(G-H),
            " is neither a step nor a vault: the squares are not on one line"), Reason).
ball_problem(P, Board, _, Shielded, ball(F-R, G-H), Reason) :-
    direction(DF, DR), between(1, 4, T), G =:= F + T * DF, H =:= R + T * DR, !,
    other(P, Q),
    (  T =:= 1, square(Board, G-H, s(_, B)), B \== none
    -> phrase((square_name(G-H), " holds a ball"), Reason)
    ;  T > 1, between(1, T, I), I < T, F1 is F + I * DF, R1 is R + I * DR,
       square(Board, F1-R1, s(_, none))
    -> phrase(("a vault jumps a line of balls without a gap: ", square_name(F1-R1), " holds no ball"), Reason)
    ;  T > 1, square(Board, G-H, s(_, B)), B \== none
    -> phrase(("the line of balls goes on past ", square_name(G-H),
               ": a vault lands on the first square after the line"), Reason)
    ;  T > 1, between(1, T, I), I < T, F1 is F + I * DF, R1 is R + I * DR,
       square(Board, F1-R1, s(_, Q)), memberchk(F1-R1, Shielded)
    -> phrase(("the ", atom(Q), " ball on ", square_name(F1-R1),
               " stands on its goal square and cannot be vaulted over"), Reason)
    ;  \+ square(Board, G-H, s([P|_], none))
    -> (  T =:= 1
       -> phrase((square_name(G-H), " is not topped by a ", atom(P), " ring"), Reason)
       ;  phrase(("the landing square ", square_name(G-H), " is not topped by a ", atom(P), " ring"), Reason)
       )
    ).

%% targets_problem(+Colour, +Board, +From, +To, +Vaulted, +Targets, -Reason)  why the
% relocation targets are not an outcome of the ball step From-To on Board (the board
% after the ring step), which vaulted the opponent balls on Vaulted.
targets_problem(P, _, From, To, [], [_|_], Reason) :-
    other(P, Q),
    phrase((square_name(From), "-", square_name(To), " vaults over no ", atom(Q),
            " ball: nothing to relocate"), Reason).
targets_problem(P, Board, From, To, [V|Vs], Targets, Reason) :-
    move_ball(Board, P, From, To, Board1),
    other(P, Q),
    findall(Sq, square_at(Board1, Sq, s([Q|_], none)), Free),
    length([V|Vs], K),
    (  Free == []
    -> phrase(("no ball-free square is topped by a ", atom(Q), " ring: the vaulted ", atom(Q),
               " balls cannot be relocated, so the vault is illegal"), Reason)
    ;  Targets == []
    -> phrase(("the vaulted ", atom(Q), " balls must be relocated: name their target squares after ';'"), Reason)
    ;  \+ sort(Targets, Targets)
    -> Reason = "the targets must be listed sorted by name, each once"
    ;  \+ length(Targets, K)
    -> phrase(("name exactly ", number(K), " target squares, one for each vaulted ", atom(Q), " ball"), Reason)
    ;  member(T, Targets), \+ memberchk(T, [V|Vs]), \+ memberchk(T, Free)
    -> phrase(("a relocated ", atom(Q), " ball cannot go to ", square_name(T),
               ": it needs a square without a ball topped by a ", atom(Q), " ring"), Reason)
    ;  Targets == [V|Vs]
    -> Reason = "every vaulted ball must move: the targets cannot be the squares they stand on"
    ).

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

%% position(?State)//  the canonical one-line position text, both ways.
position(S) --> { rules(R) }, position_with(R, S).

%% position_with(+Rules, ?State)//  the position text; read, the end-of-turn checks
% are made under Rules.
position_with(_, S) --> { nonvar(S) }, !, position_out(S).
position_with(R, S) --> position_in(R, S).

%% position_out(+State)//  the text of a state.
position_out(mitsudomoe(P, Board, W-B, Status)) -->
    ranks_out(Board), " ", atom(P), " supply=", number(W), ",", number(B),
    notation:won(Status, [white, black]).

%% number(?N)//  a natural number (0 too) in decimal; read, any run of digits,
% leading zeros too (as the native engine reads the supplies).
number(N) --> { integer(N) }, !, notation:count(N).
number(N) --> notation:digits([D|Ds]), { number_chars(N, [D|Ds]) }.

%% files(?Ranks, ?Board)  Ranks lists the ranks 1 to 5, each the list of its squares
% from file a; Board holds the same squares file by file.
files([[A1, B1, C1, D1, E1], [A2, B2, C2, D2, E2], [A3, B3, C3, D3, E3],
       [A4, B4, C4, D4, E4], [A5, B5, C5, D5, E5]],
      board(file(A1, A2, A3, A4, A5), file(B1, B2, B3, B4, B5), file(C1, C2, C3, C4, C5),
            file(D1, D2, D3, D4, D5), file(E1, E2, E3, E4, E5))).

%% ranks_out(+Board)//  the five ranks, rank 5 first, separated by "/".
ranks_out(Board) -->
    { files([R1, R2, R3, R4, R5], Board) },
    rank_out(R5), "/", rank_out(R4), "/", rank_out(R3), "/", rank_out(R2), "/", rank_out(R1).

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

%% position_in(+Rules, -State)//  the state a position text names.  Whether real play
% reaches it (three balls of each colour, each on a ring of its colour, at most 8 rings
% of a colour, supplies of 8 minus the rings on the board, a " won=" the board agrees
% with) is position_error/2's question, so that the reason can be given.
position_in(R, mitsudomoe(P, Board, W-B, Status)) -->
    ranks_in(Board), " ", side(P), " supply=", number(W), ",", number(B),
    notation:won(Claim, [white, black]),
    {  Claim = won(_) -> Status = Claim
    ;  board_problem(Board, W-B, _) -> Status = ongoing
    ;  position_status(R, P, Board, W-B, Status)
    }.

%% side(?Colour)//  white or black.
side(white) --> "white".
side(black) --> "black".

%% ranks_in(-Board)//  five ranks, rank 5 first, separated by "/".
ranks_in(Board) -->
    rank_in(R5), "/", rank_in(R4), "/", rank_in(R3), "/", rank_in(R2), "/", rank_in(R1),
    { files([R1, R2, R3, R4, R5], Board) }.

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
    findall(C, ( square_at(Board, _, s(Rs, _)), member(C, Rs) ), Rings),
    count_balls(Rings, white, NW),
    count_balls(Rings, black, NB),
    findall(C, ( square_at(Board, _, s(_, C)), C \== none ), Balls),
    (  member(C-N, [white-NW, black-NB]), N > 8
    -> phrase((atom(C), " has more than 8 rings on the board: a side has 8"), Reason)
    ;  member(C, [white, black]),
       (  count_balls(Balls, C, K), K =\= 3
       -> number_chars(K, Ks),
          phrase((atom(C), " has ", seq(Ks), " balls on the board, not 3"), Reason)
       ;  square_at(Board, Sq, s(Rs, C)), Rs \= [C|_]
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
    (  P == white, Supply == 5-5, start_board(Board)
    -> Status = ongoing
    ;  other(P, Q),
       status_after(R, Q, Board, Supply, Status)
    ).

%% view(+State, -View)  the 25 squares, a5 at the top left, each with its stack bottom
% to top, the home squares marked; the supplies in the info.
view(mitsudomoe(P, Board, W-B, Status),
     view(square, 5, 5, Cells, [to_move(P), status(Status), supply(white-W, black-B)])) :-
    findall(cell(C, Row, Name, Contents, Marks),
            ( between(0, 4, Row), between(0, 4, C),
              F is C + 1, R is 5 - Row,
              square(Board, F-R, X),
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
