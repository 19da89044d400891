%% stacks — ring-and-ball turns on a board of stacks: a ring
% placed or moved, then a ball that steps or vaults a line of balls, then the
% opponent balls it vaulted relocated onto their own rings.
%
% The board is a board.pl board whose cells name stacks by their letters, bottom to
% top: `wbW` is a w ring, a b ring on it and a W ball on top; `e` is the empty
% stack.  Only the top two letters of a stack matter to a turn, so a rule file may
% name a stack by those alone.  A side is
%   side(Ring, Ball, TheirRing, TheirBall, Place, Frozen, Shielded, Dirs)
%     Ring, Ball            the side's ring and ball letters (one-letter atoms)
%     TheirRing, TheirBall  the opponent's (the four are distinct, none is e)
%     Place                 true when a ring may come from the supply, else false
%     Frozen                the cells on which the side's balls never move
%     Shielded              the cells on which an opponent ball cannot be vaulted
%     Dirs                  the grid's directions a ball takes, in order
% and a turn is turn(Ring, From-To, Targets):
%     Ring     place(K): a Ring ring onto cell K, which holds no ball; or
%              shift(K, J): the exposed Ring ring on K (its stack's top) onto
%              another cell J holding no ball
%     From-To  a Ball ball not on a Frozen cell steps to the adjacent cell To, or
%              vaults the line of balls that starts there onto the first cell To
%              after it; To has a Ring ring on top once the ring has moved; no
%              opponent ball of the line stands on a Shielded cell
%     Targets  where the vaulted opponent balls end, ascending: each moves once onto
%              a cell with no ball and a TheirRing ring on top, in any order, so the
%              outcomes are the sets of as many cells out of the vaulted ones and
%              those free cells, other than the vaulted cells themselves (none when
%              no cell is free); [] after a step
% Turns come in this order: ring steps (placements by cell, then moves by cell
% and target cell), for each the balls' steps (by cell, then direction in Dirs'
% order), for each the targets (k_subset/3's order).
%
% Each query has this pure definition; in the accelerated tier a board with a
% native copy is asked of the host (src/foreign/board_stacks.rs), which counts the
% turns and picks the I-th without listing them.

:- module(stacks, [stack_turns/3, stack_turn_count/3, nth_stack_turn/4, k_subset/3]).

:- use_module(library(lists)).
:- use_module(library(between)).

%% requires(?Library)  boards come from board.pl.
requires(board).

%% stack_turns(+Board, +Side, -Turns)  every turn of Side on Board, in order.
stack_turns(board(_, _, _, n(_, H, _, _)), Side, Ts) :-
    board_accel:stack_turns(H, Side, Ts0), !, Ts = Ts0.
stack_turns(B, Side, Ts) :-
    must_be_side(B, Side, stack_turns/3),
    findall(T, stack_turn(B, Side, T), Ts).

%% stack_turn_count(+Board, +Side, -N)  how many turns stack_turns/3 gives.
stack_turn_count(board(_, _, _, n(_, H, _, _)), Side, N) :-
    board_accel:stack_turn_count(H, Side, N0), !, N = N0.
stack_turn_count(B, Side, N) :- stack_turns(B, Side, Ts), length(Ts, N).

%% nth_stack_turn(+Board, +Side, +I, -Turn)  the I-th turn (from 0) of
% stack_turns/3; fails when there are I or fewer.
nth_stack_turn(board(_, _, _, n(_, H, _, _)), Side, I, T) :-
    board_accel:nth_stack_turn(H, Side, I, T0), !, T0 \== none, T = T0.
nth_stack_turn(B, Side, I, T) :- integer(I), stack_turns(B, Side, Ts), nth0(I, Ts, T).

%% must_be_side(+Board, +Side, +Pred)  Side is a side for Board's grid; else a clear
% error naming Pred.
must_be_side(B, Side, Pred) :-
    board:board_grid(B, G),
    grid:directions_of(G, D),
    (  nonvar(Side),
       Side = side(R, Ball, OR, OBall, Place, Frozen, Shielded, Dirs),
       letters([R, Ball, OR, OBall]), sort([R, Ball, OR, OBall], [_, _, _, _]),
       ( Place == true ; Place == false ),
       integers(Frozen), integers(Shielded), integers(Dirs),
       \+ ( member(Dir, Dirs), \+ ( Dir >= 1, Dir =< D ) )
    -> true
    ;  throw(error(domain_error(stack_side(1, D), Side), Pred))
    ).

%% letters(+Atoms)  each is a one-letter atom other than e.
letters(Ls) :- \+ ( member(L, Ls), \+ ( atom(L), atom_length(L, 1), L \== e ) ).

%% integers(+List)  a proper list of integers.
integers(L) :- nonvar(L), ( L == [] -> true ; L = [X|T], integer(X), integers(T) ).

%% stack_turn(+Board, +Side, -Turn)  each turn of Side, in stack_turns/3's order.
% The ball lines do not depend on the ring step (which moves no ball), so they are
% found once; after each ring step only their landing cells are looked at.
stack_turn(B, side(R, Ball, OR, OBall, Place, Frozen, Shielded, Dirs), turn(Ring, K-J, Targets)) :-
    board:board_grid(B, G),
    board:board_cells(B, Cells),
    Cells =.. [_|Names],
    maplist(top_first, Names, Tops),
    S =.. [s|Tops],
    findall(line(K0, J0, V0), ball_line(G, S, Ball, OBall, Frozen, Shielded, Dirs, K0, J0, V0), Lines),
    Lines \== [],
    ring_step(S, R, [Ball, OBall], Place, Ring, S1),
    member(line(K, J, V), Lines),
    arg(J, S1, [R|_]),
    relocation(S1, K, J, V, Ball, OR, Targets).

%% top_first(+Name, -Letters)  a stack's letters, top first.
top_first(e, []) :- !.
top_first(Name, Ls) :- atom_chars(Name, Cs), reverse(Cs, Ls).

%% has_ball(+Letters, +Balls)  the stack has one of the ball letters on top.
has_ball([X|_], Balls) :- memberchk(X, Balls).

%% ring_step(+Stacks, +Ring, +Balls, +Place, -Step, -Stacks1)  a ring placed on a cell
% without a ball (when Place is true), or the exposed Ring ring of a cell moved to
% another cell without a ball.
ring_step(S, R, Balls, true, place(K), S1) :-
    functor(S, _, N),
    between(1, N, K), arg(K, S, L), \+ has_ball(L, Balls),
    grid:put_arg(K, S, [R|L], S1).
ring_step(S, R, Balls, _, shift(K, J), S2) :-
    functor(S, _, N),
    between(1, N, K), arg(K, S, [R|L]),
    grid:put_arg(K, S, L, S1),
    between(1, N, J), J =\= K, arg(J, S1, LJ), \+ has_ball(LJ, Balls),
    grid:put_arg(J, S1, [R|LJ], S2).

%% ball_line(+Grid, +Stacks, +Ball, +TheirBall, +Frozen, +Shielded, +Dirs, -K, -J, -V)
% a Ball ball on cell K, not Frozen, steps in a direction of Dirs to the cell J
% next to it, which holds no ball, or vaults the line of balls from there onto the
% first cell J after it; V the line's opponent balls (ascending), none Shielded.
ball_line(G, S, Ball, OBall, Frozen, Shielded, Dirs, K, J, V) :-
    functor(S, _, N),
    between(1, N, K), arg(K, S, [Ball|_]), \+ memberchk(K, Frozen),
    member(D, Dirs),
    grid:step(G, K, D, J0),
    line_end(G, S, [Ball, OBall], OBall, Shielded, D, J0, J, [], V0),
    sort(V0, V).

%% line_end(+Grid, +Stacks, +Balls, +TheirBall, +Shielded, +Dir, +J0, -J, +V0, -V)
% J is the first cell from J0 in direction Dir without a ball (on the board), V is
% V0 and the opponent balls passed; fails at one on a Shielded cell.
line_end(G, S, Balls, OBall, Shielded, D, J0, J, V0, V) :-
    arg(J0, S, L),
    (  \+ has_ball(L, Balls) -> J = J0, V = V0
    ;  (  L = [OBall|_] -> \+ memberchk(J0, Shielded), V1 = [J0|V0] ; V1 = V0 ),
       grid:step(G, J0, D, J1),
       line_end(G, S, Balls, OBall, Shielded, D, J1, J, V1, V)
    ).

%% relocation(+Stacks, +K, +J, +V, +Ball, +TheirRing, -Targets)  where the opponent
% balls on V end once the ball has gone from K to J: the sets of |V| cells out of V
% and the cells with no ball and a TheirRing ring on top, other than V itself.
relocation(_, _, _, [], _, _, []) :- !.
relocation(S, K, J, V, Ball, OR, Targets) :-
    arg(K, S, [_|LK]), grid:put_arg(K, S, LK, S1),
    arg(J, S1, LJ), grid:put_arg(J, S1, [Ball|LJ], S2),
    functor(S2, _, N),
    findall(C, ( between(1, N, C), arg(C, S2, [OR|_]) ), Free),
    Free \== [],
    append(V, Free, U0), sort(U0, U),
    length(V, Count),
    k_subset(Count, U, Targets),
    Targets \== V.

%% k_subset(+K, +List, ?Subset)  Subset holds K elements of List, in List's order
% (a rule file may choose relocation targets with it too).
k_subset(0, _, []).
k_subset(K, [X|Xs], [X|Ys]) :- K > 0, K1 is K - 1, k_subset(K1, Xs, Ys).
k_subset(K, [_|Xs], Ys) :- K > 0, k_subset(K, Xs, Ys).
