%% board_turns — a part of board.pl: turns stated in the board library's words (what
% a player may do, and what ends the game after a move), their pure definitions (the
% spec tier's), and random playouts of them.
%
% A game whose every turn is one of these states it once, as data, and its legal/2
% and play/3 ask turn_moves/3 and turn_play/5; the host then plays whole random
% games of it without coming back to Prolog between the plies (board.pl's
% turn_playout/6 in the accelerated tier, src/foreign/board_turns.rs), with the same
% moves in the same order.
%
% A turn is turn(Player, Kinds, Ends):
%   Player  the name a won game gives (won(Player))
%   Kinds   what the player may do, a list; the moves come kind by kind:
%     put(X)           X onto an empty cell, ascending: the move put(K)
%     drop(X, Dir)     X dropped in at each entry cell (one with no neighbour the
%                      other way from Dir, half a turn round, as line_at/4 pairs
%                      them), ascending, when it is empty: the move drop(K), K the
%                      entry cell; X falls along Dir to the last empty cell
%     step(X, Steps)   X from its cell K to the neighbour J, one move go(K, J) for
%                      each K-J of board:steps_of/4 with Steps (Dir-Targets, e for
%                      an empty cell): what was on J is taken
%     flank(X, Y)      X onto an empty cell that flanks a line of Y's (flank.pl,
%                      which the game then requires), ascending: the move flank(K);
%                      every Y of every line it flanks turns to X
%     pass             the move pass, when the kinds before it give no move
%     stack, lift, hop, then   moves of stacks of pieces (board_stacks.pl, which the
%                      game then requires)
%   Ends    what a move by Player ends the game with, a list tried in order (the
%           first that holds decides; none: the game goes on):
%     line(N, Dirs)    the piece moved, put or dropped (where it came to rest)
%                      makes a line of N or more over Dirs
%                      (board:line_at/4): Player wins
%     arrive(Cells)    the piece comes to one of Cells: Player wins
%     edge(Dir)        the piece comes to a cell with no neighbour along Dir (the
%                      far edge, for a piece that moves along Dir): Player wins
%     joins(Mask)      the group of the piece put (board:group_marks/3) touches
%                      every edge whose bit is in Mask: Player wins
%     gone(X)          no cell holds X (the last one was taken): Player wins
%     full             no cell is empty: a draw
%     stuck            the next player has no move: Player wins
%     count(X, Y)      neither player has a move but a pass: more X than Y on the
%                      board, Player wins; more Y, the next player wins; else a draw
%     gather, filled   ends read on stacks of pieces (board_stacks.pl)
%     lose(End)        End (one of line, arrive, edge, joins, gone, stuck, gather, filled) holds:
%                      the next player wins (a misère game: Player lost by it)
% The turns of a game are a list, the player to move's first, then the others in
% their order; after each move the next one plays.  A status is ongoing, won(P) or
% draw.

:- module(board_turns, [turn_moves/3, turn_count/3, turn_nth/4, turn_move/3, turn_play/5,
                        turn_status/3, turn_playout/6]).

:- use_module(library(lists)).
:- use_module(library(between)).

%% turn_moves(+Board, +Turn, -Moves)  board:turn_moves/3's pure definition.
turn_moves(B, turn(_, Kinds, _), Ms) :-
    kinds_moves(Kinds, B, Ms).

%% kinds_moves(+Kinds, +Board, -Moves)  the moves of each kind, kind by kind.
kinds_moves(Kinds, B, Ms) :-
    kinds_moves(Kinds, B, [], Ms).

%% kinds_moves(+Kinds, +Board, +Before, -Moves)  the moves of each kind, kind by kind;
% Before is [] while the kinds before gave none (a pass is a move only then).
kinds_moves([], _, _, []).
kinds_moves([pass|Kinds], B, Before, Ms) :- !,
    (  Before == [] -> Ms = [pass|Ms1] ; Ms = Ms1 ),
    kinds_moves(Kinds, B, [pass], Ms1).
kinds_moves([Kind|Kinds], B, Before, Ms) :-
    kind_moves(Kind, B, Ms, Ms1),
    (  Ms == Ms1 -> Before1 = Before ; Before1 = [moved] ),
    kinds_moves(Kinds, B, Before1, Ms1).

%% kind_moves(+Kind, +Board, -Moves, ?Tail)  the moves of one kind, then Tail.
kind_moves(put(_), B, Ms, Tail) :-
    board:cells_of(B, e, Ks),
    puts(Ks, Ms, Tail).
kind_moves(drop(_, Dir), B, Ms, Tail) :-
    entry_cells(B, Dir, Ks),
    drops(Ks, B, Ms, Tail).
kind_moves(step(X, Steps), B, Ms, Tail) :-
    board:steps_of(B, X, Steps, KJs),
    goes(KJs, Ms, Tail).
kind_moves(flank(X, Y), B, Ms, Tail) :-
    flank:flank_moves(B, X, Y, Ks),
    flanks(Ks, Ms, Tail).
kind_moves(Kind, B, Ms, Tail) :-              % stacks (board_stacks.pl)
    stacks_kind(Kind),
    board_stacks:stack_moves(Kind, B, Ms, Tail).

%% flanks(+Ks, -Moves, ?Tail)  flank(K) for each of Ks, then Tail.
flanks([], Ms, Ms).
flanks([K|Ks], [flank(K)|Ms], Tail) :- flanks(Ks, Ms, Tail).

%% puts(+Ks, -Moves, ?Tail)  put(K) for each of Ks, then Tail.
puts([], Ms, Ms).
puts([K|Ks], [put(K)|Ms], Tail) :- puts(Ks, Ms, Tail).

%% goes(+KJs, -Moves, ?Tail)  go(K, J) for each K-J, then Tail.
goes([], Ms, Ms).
goes([K-J|KJs], [go(K, J)|Ms], Tail) :- goes(KJs, Ms, Tail).

%% drops(+Ks, +Board, -Moves, ?Tail)  drop(K) for each empty cell K of Ks, then Tail.
drops([], _, Ms, Ms).
drops([K|Ks], B, Ms, Tail) :-
    (  board:board_cell(B, K, e) -> Ms = [drop(K)|Ms1] ; Ms = Ms1 ),
    drops(Ks, B, Ms1, Tail).

%% landing(+Board, +K0, +Dir, -K)  where a piece dropped in at K0 comes to rest: the
% last empty cell from K0 along Dir, or K0.
landing(B, K0, Dir, K) :-
    board:ray(B, K0, Dir, Es, _),
    last_or(Es, K0, K).

%% last_or(+Ks, +K0, -K)  the last of Ks, or K0 when there are none.
last_or([], K, K).
last_or([K0|Ks], _, K) :- last_or(Ks, K0, K).

%% entry_cells(+Board, +Dir, -Ks)  the cells with no neighbour the other way from Dir,
% ascending: where a piece dropped along Dir comes in.  Worked out once for a grid
% (its kind and its rows of cells name it) and kept, for 64 grids and directions:
% they are the grid's, whatever the cells hold.
entry_cells(B, Dir, Ks) :-
    board:board_grid(B, G),
    G = grid(Kind, _, _, _, Index, _, _),
    (  entries(Kind, Index, Dir, Ks0)
    -> Ks = Ks0
    ;  grid:directions_of(G, D),
       Back is (Dir - 1 + D // 2) mod D + 1,
       grid:grid_size(G, N),
       findall(K, ( between(1, N, K), \+ grid:step(G, K, Back, _) ), Ks),
       findall(x, entries(_, _, _, _), Xs), length(Xs, L),
       (  integer(Dir), L < 64 -> assertz(entries(Kind, Index, Dir, Ks)) ; true )
    ).

:- dynamic(entries/4).

%% turn_count(+Board, +Turn, -N)  how many moves turn_moves/3 gives, counted kind by
% kind with the board's counting queries (native in the accelerated tier).
turn_count(B, turn(_, Kinds, _), N) :-
    kinds_count(Kinds, B, 0, N).

%% kinds_count(+Kinds, +Board, +N0, -N)  N0 plus the moves of each kind.
kinds_count([], _, N, N).
kinds_count([pass|Kinds], B, N0, N) :- !,
    (  N0 =:= 0 -> N1 = 1 ; N1 = N0 ),
    kinds_count(Kinds, B, N1, N).
kinds_count([Kind|Kinds], B, N0, N) :-
    kind_count(Kind, B, N1),
    N2 is N0 + N1,
    kinds_count(Kinds, B, N2, N).

%% kind_count(+Kind, +Board, -N)  how many moves one kind gives.
kind_count(put(_), B, N) :- board:count_of(B, e, N).
kind_count(drop(_, Dir), B, N) :-
    entry_cells(B, Dir, Ks),
    empties(Ks, B, 0, N).
kind_count(step(X, Steps), B, N) :- board:step_count(B, X, Steps, N).
kind_count(flank(X, Y), B, N) :- flank:flank_count(B, X, Y, N).
kind_count(Kind, B, N) :-
    stacks_kind(Kind),
    board_stacks:stack_count(Kind, B, N).

%% empties(+Ks, +Board, +N0, -N)  N0 plus how many of Ks are empty.
empties([], _, N, N).
empties([K|Ks], B, N0, N) :-
    (  board:board_cell(B, K, e) -> N1 is N0 + 1 ; N1 = N0 ),
    empties(Ks, B, N1, N).

%% turn_nth(+Board, +Turn, +I, -Move)  the I-th move (from 0) turn_moves/3 gives,
% without listing them; fails when there are I or fewer.
turn_nth(B, turn(_, Kinds, _), I, M) :-
    integer(I), I >= 0,
    kinds_nth(Kinds, B, I, 0, M).

%% kinds_nth(+Kinds, +Board, +I, +Before, -Move)  the I-th move of the kinds together;
% Before moves came from the kinds before them (a pass is a move only when none did).
kinds_nth([pass|Kinds], B, I, Before, M) :- !,
    (  Before > 0 -> kinds_nth(Kinds, B, I, Before, M)
    ;  I =:= 0 -> M = pass
    ;  I1 is I - 1, kinds_nth(Kinds, B, I1, 1, M)
    ).
kinds_nth([Kind|Kinds], B, I, Before, M) :-
    kind_count(Kind, B, N),
    (  I < N -> kind_nth(Kind, B, I, M)
    ;  I1 is I - N, Before1 is Before + N, kinds_nth(Kinds, B, I1, Before1, M)
    ).

%% kind_nth(+Kind, +Board, +I, -Move)  the I-th move of one kind (there are more).
kind_nth(put(_), B, I, put(K)) :- board:nth_of(B, e, I, K).
kind_nth(drop(_, Dir), B, I, M) :-
    entry_cells(B, Dir, Ks),
    drops(Ks, B, Ms, []),
    nth0(I, Ms, M).
kind_nth(step(X, Steps), B, I, go(K, J)) :- board:nth_step(B, X, Steps, I, K-J).
kind_nth(flank(X, Y), B, I, flank(K)) :- flank:nth_flank(B, X, Y, I, K).
kind_nth(Kind, B, I, M) :-
    stacks_kind(Kind),
    board_stacks:stack_moves(Kind, B, Ms, []), nth0(I, Ms, M).

%% turn_move(+Board, +Turn, +Move)  Move is one of the turn's moves, asked of the move
% alone (a cell or two), not by listing them all.
turn_move(B, turn(_, Kinds, _), M) :-
    (  M == pass
    -> memberchk(pass, Kinds),
       append(Before, [pass|_], Kinds), !,
       kinds_count(Before, B, 0, 0)
    ;  member(Kind, Kinds),
       kind_move(Kind, B, M),
       !
    ).

%% kind_move(+Kind, +Board, +Move)  Move is a move of Kind.
kind_move(put(_), B, put(K)) :-
    board:board_cell(B, K, e).
kind_move(drop(_, Dir), B, drop(K)) :-
    entry_cells(B, Dir, Ks),
    memberchk(K, Ks),
    board:board_cell(B, K, e).
kind_move(flank(X, Y), B, flank(K)) :-
    board:board_cell(B, K, e),
    flank:flanked(B, K, X, Y, [_|_]).
kind_move(step(X, Steps), B, go(K, J)) :-
    board:board_cell(B, K, X),
    member(Dir-Ts, Steps),
    grid_step(B, K, Dir, J1), J1 == J,
    board:board_cell(B, J, T), memberchk(T, Ts),
    !.
kind_move(Kind, B, M) :-
    stacks_kind(Kind),
    board_stacks:stack_move(Kind, B, M).

%% grid_step(+Board, +K, +Dir, -J)  J is K's neighbour in direction Dir.
grid_step(B, K, Dir, J) :-
    board:board_grid(B, G),
    grid:step(G, K, Dir, J).

%% turn_play(+Board, +Turns, +Move, -Board1, -Status)  board:turn_play/5's pure
% definition.
turn_play(B, [Turn|Next], M, B1, Status) :-
    (  nonvar(M), M = then(_, _)  % each part checked on the board it is played on
    -> Turn = turn(_, Kinds, Ends),
       board_stacks:then_played(M, Kinds, B, K, B1),
       next_turn(Next, Turn, Turn1),
       ended(Ends, B1, K, Turn, Turn1, Status)
    ;  (  nonvar(M), M = flank(_)
       -> true                    % moved/5 checks it as it finds the discs to turn
       ;  turn_move(B, Turn, M)
       ),
       turn_done(B, [Turn|Next], M, B1, Status)
    ).

%% turn_done(+Board, +Turns, +Move, -Board1, -Status)  the board after a move of the
% first turn (one of its moves), and the status its ends give.
turn_done(B, [Turn|Next], M, B1, Status) :-
    Turn = turn(_, Kinds, Ends),
    moved(M, Kinds, B, K, B1),
    next_turn(Next, Turn, Turn1),
    ended(Ends, B1, K, Turn, Turn1, Status).

%% turn_status(+Board, +Turns, -Status)  the status a board shows when the player of
% the first turn has just moved, as a position read from its text has no last move:
% an end that reads the board as a whole (gone, full, stuck, count) is read as after
% a pass (cell 0), and one that reads the moved piece's cell (line, arrive, edge,
% joins) holds when it holds for some cell of a piece the turn moves, put or drops.
turn_status(B, [Turn|Next], Status) :-
    Turn = turn(_, Kinds, Ends),
    next_turn(Next, Turn, Turn1),
    findall(K, ( member(Kind, Kinds), kind_piece(Kind, X),
                 board:cells_of(B, X, Ks), member(K, Ks) ), Cells),
    standing(Ends, B, Cells, Turn, Turn1, Status).

%% kind_piece(+Kind, -X)  the piece a kind of move puts, drops, steps or flanks with.
kind_piece(put(X), X).
kind_piece(drop(X, _), X).
kind_piece(step(X, _), X).
kind_piece(flank(X, _), X).

%% standing(+Ends, +Board, +Cells, +Turn, +Next, -Status)  the status the first end
% that holds gives, else ongoing: an end of a moved piece's cell at one of Cells, any
% other end once, as after a pass (cell 0).
standing([], _, _, _, _, ongoing).
standing([End|Ends], B, Ks, Turn, Next, Status) :-
    (  end_cell(End, Ks, K), end_holds(End, B, K, Turn, Next, Status0)
    -> Status = Status0
    ;  standing(Ends, B, Ks, Turn, Next, Status)
    ).

%% end_cell(+End, +Cells, -K)  the cells an end is read at: each of Cells for an end of
% the moved piece's cell (line, arrive, edge, joins, or lose of one), else 0.
end_cell(End, Ks, K) :-
    (  piece_end(End) -> member(K, Ks) ; K = 0 ).

%% piece_end(+End)  End reads the cell the moved piece came to.
piece_end(line(_, _)).
piece_end(arrive(_)).
piece_end(edge(_)).
piece_end(joins(_)).
piece_end(lose(End)) :- piece_end(End).

%% moved(+Move, +Kinds, +Board, -K, -Board1)  the board after Move, and the cell its
% piece came to: put(K) puts the piece of the first kind that puts one, drop(K0)
% drops the piece of the first kind that drops one.
moved(put(K), Kinds, B, K, B1) :-
    memberchk(put(X), Kinds),
    board:board_set(B, K, X, B1).
moved(drop(K0), Kinds, B, K, B1) :-
    memberchk(drop(X, Dir), Kinds),
    landing(B, K0, Dir, K),
    board:board_set(B, K, X, B1).
moved(flank(K), Kinds, B, K, B1) :-
    memberchk(flank(X, Y), Kinds),
    board:board_cell(B, K, e),
    flank:flanked(B, K, X, Y, Ks), Ks = [_|_],
    board:board_fill(B, [K|Ks], X, B1).
moved(pass, _, B, 0, B).
moved(go(K0, K), _, B, K, B1) :-
    board:board_cell(B, K0, X),
    board:board_sets(B, [K0-e, K-X], B1).
moved(stack(K0), Kinds, B, K, B1) :- board_stacks:stacked(stack(K0), Kinds, B, K, B1).
moved(lift(K0, J), Kinds, B, K, B1) :- board_stacks:stacked(lift(K0, J), Kinds, B, K, B1).
moved(hop(K0, J, Ts), Kinds, B, K, B1) :- board_stacks:stacked(hop(K0, J, Ts), Kinds, B, K, B1).
moved(then(MA, MB), Kinds, B, K, B1) :- board_stacks:stacked(then(MA, MB), Kinds, B, K, B1).

%% next_turn(+Next, +Turn, -Turn1)  who plays after Turn: the first of Next, or Turn
% itself when it is alone.
next_turn([], T, T).
next_turn([T|_], _, T).

%% ended(+Ends, +Board, +K, +Turn, +Next, -Status)  the status the first end of the
% mover's Turn that holds gives after its move to cell K (0 for a pass), else ongoing.
ended([], _, _, _, _, ongoing).
ended([End|Ends], B, K, Turn, Next, Status) :-
    (  end_holds(End, B, K, Turn, Next, Status0)
    -> Status = Status0
    ;  ended(Ends, B, K, Turn, Next, Status)
    ).

%% end_holds(+End, +Board, +K, +Turn, +Next, -Status)  End holds after the move.
end_holds(line(N, Dirs), B, K, turn(P, _, _), _, won(P)) :-
    K > 0, board:line_at(B, K, Dirs, L), L >= N.
end_holds(arrive(Ks), _, K, turn(P, _, _), _, won(P)) :-
    memberchk(K, Ks).
end_holds(edge(Dir), B, K, turn(P, _, _), _, won(P)) :-
    K > 0, \+ grid_step(B, K, Dir, _).
end_holds(joins(Mask), B, K, turn(P, _, _), _, won(P)) :-
    K > 0, board:group_marks(B, K, M), M /\ Mask =:= Mask.
end_holds(gone(X), B, _, turn(P, _, _), _, won(P)) :-
    \+ board:nth_of(B, X, 0, _).
end_holds(full, B, _, _, _, draw) :-
    \+ board:nth_of(B, e, 0, _).
end_holds(gather(X, Mask), B, _, turn(P, _, _), _, won(P)) :-
    board_stacks:stack_end(gather(X, Mask), B).
end_holds(filled(Mask, Tops), B, _, turn(P, _, _), _, won(P)) :-
    board_stacks:stack_end(filled(Mask, Tops), B).
end_holds(stuck, B, _, turn(P, _, _), Next, won(P)) :-
    \+ some_move(B, Next).
end_holds(lose(End), B, K, Turn, Next, won(Q)) :-
    End \= full, End \= count(_, _), End \= lose(_),
    end_holds(End, B, K, Turn, Next, won(_)),
    Next = turn(Q, _, _).
end_holds(count(X, Y), B, _, Turn, Next, Status) :-
    \+ placing(B, Next), \+ placing(B, Turn),
    board:count_of(B, X, NX), board:count_of(B, Y, NY),
    (  NX > NY -> Turn = turn(P, _, _), Status = won(P)
    ;  NY > NX -> Next = turn(Q, _, _), Status = won(Q)
    ;  Status = draw
    ).

%% stacks_kind(+Kind)  Kind is one of board_stacks.pl's (a library the game requires).
stacks_kind(stack(_, _, _)).
stacks_kind(lift(_, _)).
stacks_kind(hop(_, _, _, _)).
stacks_kind(then(_, _)).

%% some_move(+Board, +Turn)  the turn has a move.
some_move(B, turn(_, Kinds, _)) :-
    member(Kind, Kinds),
    (  Kind == pass -> true
    ;  stacks_kind(Kind) -> board_stacks:stack_some(Kind, B)
    ;  kind_count(Kind, B, N), N > 0
    ), !.

%% placing(+Board, +Turn)  the turn has a move other than a pass.
placing(B, turn(_, Kinds, _)) :-
    member(Kind, Kinds), Kind \== pass,
    kind_count(Kind, B, N), N > 0, !.

%% turn_playout(+Board, +Turns, +Seed, +Max, -Plies, -Status)  board:turn_playout/6's
% pure definition: ply by ply, the same random numbers as protocol's playouts.
turn_playout(B, Turns, Seed, Max, Plies, Status) :-
    playout(B, Turns, Seed, Max, 0, Plies, Status).

%% playout(+Board, +Turns, +Seed, +Max, +P0, -P, -Status)  the playout from ply P0.
playout(B, Turns, Seed, Max, P0, P, Status) :-
    Turns = [Turn|Next],
    (  P0 >= Max -> P = P0, Status = ongoing
    ;  turn_moves(B, Turn, Ms), length(Ms, N), N > 0
    -> protocol:lcg_next(Seed, Seed1),
       I is (Seed1 >> 8) mod N, nth0(I, Ms, M),
       turn_done(B, Turns, M, B1, Status1),
       P1 is P0 + 1,
       (  Status1 == ongoing
       -> append(Next, [Turn], Turns1),
          playout(B1, Turns1, Seed1, Max, P1, P, Status)
       ;  P = P1, Status = Status1
       )
    ;  P = P0, Status = ongoing
    ).
