%% board_stacks — a part of board.pl: stacks of pieces on cells, and the kinds of move
% and the ends of board_turns.pl that read and change them (their pure definitions,
% the spec tier's; src/foreign/board_stacks.rs plays them in the host).
%
% A cell holds a stack: the atom `e` when it is empty, else an atom whose characters
% are its pieces, bottom first (`wbW`: a w, a b on it, a W on top).  A piece is one
% character other than `e`.  The top of a stack is its last piece, `e` for none.
%
% Kinds of move (in a turn's Kinds, board_turns.pl):
%   stack(X, Max, Onto)   X from the player's hand onto each cell whose top is one of
%                         Onto (`e` for an empty cell), ascending, while fewer than Max
%                         X stand on the board: the move stack(K)
%   lift(X, Onto)         the X on top of cell K onto each other cell J whose top is
%                         one of Onto, K then J ascending: the move lift(K, J)
%   hop(X, Onto, Over, Opts)
%                         the X on top of cell K, in each direction: one step to the
%                         neighbour J when J's top is not one of Over, or over the whole
%                         line of cells topped by one of Over that starts at the
%                         neighbour, to the first cell J after it (on the board); J's
%                         top must be one of Onto.  The move hop(K, J, Ts).  Opts, a list:
%                           still(Mask)       an X on a cell with a mark in Mask never moves
%                           guard(Y, Mask)    a line holding a Y on a cell with a mark in
%                                             Mask cannot be hopped over
%                           relocate(Y, OntoY)  every Y hopped over moves, each once, to
%                                             a cell topped by one of OntoY once X has
%                                             landed: Ts is the set of cells they end on,
%                                             ascending, any set of as many cells out of
%                                             theirs and those cells but their own (none
%                                             when no such cell is free); else Ts = []
%   then(KindsA, KindsB)  a move of KindsA, then one of KindsB on the board it leaves:
%                         the move then(MA, MB), for each MA the MBs in order; an MA
%                         that leaves no MB is no move
% Ends:
%   gather(X, Mask)       some cell holds an X, and every one that does has a mark in
%                         Mask: Player wins
%   filled(Mask, Tops)    some cell has a mark in Mask, and every one that does is
%                         topped by one of Tops: Player wins (lose(filled(...)): the
%                         next player wins)

:- module(board_stacks, [stack_kind/1, stack_moves/4, stack_some/2, stack_move/3, stacked/5, stack_end/2,
                         stack_top/2, stack_push/3, stack_pop/3]).

:- use_module(library(lists)).
:- use_module(library(between)).

%% stack_kind(+Kind)  Kind is one of this part's kinds of move.
stack_kind(stack(_, _, _)).
stack_kind(lift(_, _)).
stack_kind(hop(_, _, _, _)).
stack_kind(then(_, _)).

%% stack_top(+Stack, -Top)  the top piece of a stack, e for an empty one (through the
% stack's characters: sub_atom/5 and atom_concat/3 cost ten times as many steps).
stack_top(e, e) :- !.
stack_top(S, T) :- atom_chars(S, [C|Cs]), last_of(Cs, C, T).

%% last_of(+Cs, +C0, -C)  the last of [C0|Cs].
last_of([], C, C).
last_of([C|Cs], _, T) :- last_of(Cs, C, T).

%% stack_push(+Stack, +X, -Stack1)  X put on top of the stack.
stack_push(e, X, X) :- !.
stack_push(S, X, S1) :- atom_chars(S, Cs), append(Cs, [X], Cs1), atom_chars(S1, Cs1).

%% stack_pop(+Stack, -X, -Stack1)  the top piece X taken off the stack (fails on e).
stack_pop(S, X, S1) :-
    S \== e,
    atom_chars(S, [C|Cs]),
    popped(Cs, C, X, Rest),
    (  Rest == [] -> S1 = e ; atom_chars(S1, Rest) ).

%% popped(+Cs, +C0, -X, -Rest)  X the last of [C0|Cs], Rest the others.
popped([], C, C, []).
popped([C|Cs], C0, X, [C0|Rest]) :- popped(Cs, C, X, Rest).

%% top_of(+Board, +K, -Top)  the top piece on cell K.
top_of(B, K, T) :- board:board_cell(B, K, S), stack_top(S, T).

%% mark(+Board, +K, -M)  cell K's marks (0 on a board without marks).
mark(B, K, M) :-
    board:board_marks(B, Marks),
    (  Marks == none -> M = 0 ; arg(K, Marks, M) ).

%% cell_count(+Board, -N)  how many cells the board has.
cell_count(B, N) :- board:board_grid(B, G), grid:grid_size(G, N).

%% stack_moves(+Kind, +Board, -Moves, ?Tail)  the moves of one of this part's kinds,
% then Tail.
stack_moves(Kind, board(_, _, _, n(_, H, _, _)), Ms, Tail) :-    % the host's copy
    board_accel:stack_moves(H, Kind, Ms0), !,
    append(Ms0, Tail, Ms).
stack_moves(stack(X, Max, Onto), B, Ms, Tail) :-
    pieces(B, X, N),
    (  N < Max -> cell_count(B, C), topped(1, C, B, Onto, Ks), wrap_stack(Ks, Ms, Tail)
    ;  Ms = Tail
    ).
stack_moves(lift(X, Onto), B, Ms, Tail) :-
    cell_count(B, C),
    topped(1, C, B, [X], Ks),
    topped(1, C, B, Onto, Js),
    lifts(Ks, Js, Ms, Tail).
stack_moves(hop(X, Onto, Over, Opts), B, Ms, Tail) :-
    hop_table(B, X, Over, Opts, Tab),
    live_lines(Tab, Live),
    live_moves(Live, B, X, Onto, Opts, Ms, Tail).
stack_moves(then(KindsA, KindsB), B, Ms, Tail) :-
    board_turns:kinds_moves(KindsA, B, MAs),
    (  KindsB = [hop(X, Onto, Over, Opts)]
    -> hop_table(B, X, Over, Opts, Tab),
       free_cells(Opts, B, Free),
       landed_lines(Tab, B, X, Onto, Opts, Free, Live),
       Hop = hop(X, Onto, Over, Opts),
       hop_thens(MAs, KindsA, Tab, Live-Free, Hop, B, Ms, Tail)
    ;  thens(MAs, KindsA, KindsB, B, Ms, Tail)
    ).

%% stack_some(+Kind, +Board)  one of this part's kinds has a move on the board (its
% first, for a then(A, B): the first move of A after which B has one).
stack_some(Kind, board(_, _, _, n(_, H, _, _))) :-
    board_accel:stack_moves(H, Kind, Ms), !,
    Ms \== [].
stack_some(then(KindsA, KindsB), B) :-
    KindsB = [hop(X, Onto, Over, Opts)], !,
    hop_table(B, X, Over, Opts, Tab),
    live_lines(Tab, Live0),
    Live0 \== [],
    free_cells(Opts, B, Free),
    landed_lines(Tab, B, X, Onto, Opts, Free, Live),
    first_moves(KindsA, B, MA),
    after_hops(MA, KindsA, Tab, Live-Free, hop(X, Onto, Over, Opts), B, [_|_]), !.
stack_some(Kind, B) :-
    stack_moves(Kind, B, [_|_], _), !.

%% wrap_stack(+Ks, -Moves, ?Tail)  stack(K) for each of Ks, then Tail.
wrap_stack([], Ms, Ms).
wrap_stack([K|Ks], [stack(K)|Ms], Tail) :- wrap_stack(Ks, Ms, Tail).

%% lifts(+Ks, +Js, -Moves, ?Tail)  lift(K, J) for each K of Ks and each other J of Js.
lifts([], _, Ms, Ms).
lifts([K|Ks], Js, Ms, Tail) :-
    lifts_to(Js, K, Ms, Ms1),
    lifts(Ks, Js, Ms1, Tail).

%% lifts_to(+Js, +K, -Moves, ?Tail)  lift(K, J) for each J of Js but K, then Tail.
lifts_to([], _, Ms, Ms).
lifts_to([J|Js], K, Ms, Tail) :-
    (  J == K -> Ms = Ms1 ; Ms = [lift(K, J)|Ms1] ),
    lifts_to(Js, K, Ms1, Tail).

%% thens(+MAs, +KindsA, +KindsB, +Board, -Moves, ?Tail)  then(MA, MB) for each MA and
% each move MB of KindsB on the board MA leaves, then Tail.
thens([], _, _, _, Ms, Ms).
thens([MA|MAs], KindsA, KindsB, B, Ms, Tail) :-
    board_turns:moved(MA, KindsA, B, _, B1),
    board_turns:kinds_moves(KindsB, B1, MBs),
    wrap_then(MBs, MA, Ms, Ms1),
    thens(MAs, KindsA, KindsB, B, Ms1, Tail).

%% first_moves(+Kinds, +Board, -Move)  the moves of Kinds one by one, in order, each
% found as it is asked for (a stack's and a lift's without listing them first).
first_moves(Kinds, B, M) :-
    (  memberchk(pass, Kinds)
    -> board_turns:kinds_moves(Kinds, B, Ms), member(M, Ms)
    ;  member(Kind, Kinds), kind_first(Kind, B, M)
    ).

%% kind_first(+Kind, +Board, -Move)  the moves of one kind, one by one.
kind_first(stack(X, Max, Onto), B, stack(K)) :- !,
    pieces(B, X, N), N < Max,
    cell_count(B, C), between(1, C, K),
    top_of(B, K, T), memberchk(T, Onto).
kind_first(lift(X, Onto), B, lift(K, J)) :- !,
    cell_count(B, C), between(1, C, K), top_of(B, K, X),
    between(1, C, J), J =\= K, top_of(B, J, T), memberchk(T, Onto).
kind_first(Kind, B, M) :-
    board_turns:kind_moves(Kind, B, Ms, []), member(M, Ms).

%% hop_thens(+MAs, +KindsA, +Table, +Live-Free, +Hop, +Board, -Moves, ?Tail)  thens/6
% for one hop kind after each MA: its lines, walked once on Board (Table, Live the
% lines that land, Free the cells relocated pieces may go to), are walked again on the board MA leaves only when MA changed how
% they run (after_hops/7).
hop_thens([], _, _, _, _, _, Ms, Ms).
hop_thens([MA|MAs], KindsA, Tab, Live, Hop, B, Ms, Tail) :-
    after_hops(MA, KindsA, Tab, Live, Hop, B, MBs),
    wrap_then(MBs, MA, Ms, Ms1),
    hop_thens(MAs, KindsA, Tab, Live, Hop, B, Ms1, Tail).

%% after_hops(+MA, +KindsA, +Table, +Live-Free, +Hop, +Board, -MBs)  the hops on the board
% MA leaves.  A changed cell whose top neither is nor was X or one of Over can only
% be a landing: then the lines run as on Board and only their landings are tested
% again; else the lines through a changed cell are walked again (table_hops/9).
after_hops(MA, KindsA, Tab, Live-Free, hop(X, Onto, Over, Opts), B, MBs) :-
    board_turns:moved(MA, KindsA, B, _, B1),
    changed(MA, B, B1, Cs),
    (  landings_only(Cs, B, B1, [X|Over])
    -> free_after(Opts, Free, Cs, B1, Free1),
       (  Free1 == Free -> Same = same ; Same = other ),
       live_again(Live, Cs, Same, B1, X, Onto, Opts, Free1, MBs, [])
    ;  table_hops(Tab, B1, Cs, X, Onto, Over, Opts, MBs, [])
    ).

%% landed_lines(+Table, +Board, +X, +Onto, +Opts, +Free, -Landed)  for each line of
% the table that lands, l(K, J, Vs, Hops): its hops on Board (none when the landing
% is not topped by one of Onto).
landed_lines(Tab, B, X, Onto, Opts, Free, Landed) :-
    live_lines(Tab, Live),
    maplist(landed(B, X, Onto, Opts, Free), Live, Landed).

%% landed(+Board, +X, +Onto, +Opts, +Free, +Line, -Landed)  a line with its hops.
landed(B, X, Onto, Opts, Free, l(K, J, Vs), l(K, J, Vs, Hs)) :-
    live_moves([l(K, J, Vs)], B, X, Onto, Opts, Free, Hs, []).

%% live_again(+Landed, +Changed, +Same, +Board1, +X, +Onto, +Opts, +Free1, -Moves, ?Tail)
% the hops of the landed lines on Board1, which differs from their board only in
% cells that are not on their way (landings_only/4): a line whose landing changed,
% or that relocates pieces when the free cells changed (Same is other), is tested
% again; any other keeps its hops.
live_again([], _, _, _, _, _, _, _, Ms, Ms).
live_again([l(K, J, Vs, Hs)|Live], Cs, Same, B1, X, Onto, Opts, Free1, Ms, Tail) :-
    (  memberchk(J, Cs)
    -> live_moves([l(K, J, Vs)], B1, X, Onto, Opts, Free1, Ms, Ms1)
    ;  Vs \== [], Same == other
    -> live_moves([l(K, J, Vs)], B1, X, Onto, Opts, Free1, Ms, Ms1)
    ;  append(Hs, Ms1, Ms)
    ),
    live_again(Live, Cs, Same, B1, X, Onto, Opts, Free1, Ms1, Tail).

%% landings_only(+Cells, +Board, +Board1, +Runners)  each of Cells has the same top on
% both boards, or a top on neither that is one of Runners (the hopping piece and
% those it hops over).
landings_only([], _, _, _).
landings_only([C|Cs], B, B1, Rs) :-
    top_of(B, C, T), top_of(B1, C, T1),
    (  T == T1 -> true ; \+ memberchk(T, Rs), \+ memberchk(T1, Rs) ),
    landings_only(Cs, B, B1, Rs).

%% changed(+Move, +Board, +Board1, -Cells)  the cells a move changed: read off the move
% for a stack, lift, put or go, else found by comparing the two boards' cells.
changed(stack(K), _, _, [K]) :- !.
changed(lift(K, J), _, _, [K, J]) :- !.
changed(put(K), _, _, [K]) :- !.
changed(go(K, J), _, _, [K, J]) :- !.
changed(_, B, B1, Cs) :-
    cell_count(B, C),
    findall(K, ( between(1, C, K), board:board_cell(B, K, S), board:board_cell(B1, K, S1),
                 S \== S1 ), Cs).

%% wrap_then(+MBs, +MA, -Moves, ?Tail)  then(MA, MB) for each of MBs, then Tail.
wrap_then([], _, Ms, Ms).
wrap_then([MB|MBs], MA, [then(MA, MB)|Ms], Tail) :- wrap_then(MBs, MA, Ms, Tail).

%% topped(+K, +N, +Board, +Tops, -Ks)  the cells K..N whose top is one of Tops.
topped(K, N, _, _, []) :- K > N, !.
topped(K, N, B, Tops, Ks) :-
    top_of(B, K, T),
    (  memberchk(T, Tops) -> Ks = [K|Ks1] ; Ks = Ks1 ),
    K1 is K + 1,
    topped(K1, N, B, Tops, Ks1).

%% pieces(+Board, +X, -N)  how many X stand on the board, in every stack.
pieces(B, X, N) :-
    cell_count(B, C),
    pieces(1, C, B, X, 0, N).

%% pieces(+K, +C, +Board, +X, +N0, -N)  N0 plus the X on cells K..C.
pieces(K, C, _, _, N, N) :- K > C, !.
pieces(K, C, B, X, N0, N) :-
    board:board_cell(B, K, S),
    (  S == e -> N1 = N0
    ;  atom_chars(S, Cs), count_in(Cs, X, N0, N1)
    ),
    K1 is K + 1,
    pieces(K1, C, B, X, N1, N).

%% count_in(+Chars, +X, +N0, -N)  N0 plus how many of Chars are X.
count_in([], _, N, N).
count_in([C|Cs], X, N0, N) :-
    (  C == X -> N1 is N0 + 1 ; N1 = N0 ),
    count_in(Cs, X, N1, N).

%% hop_table(+Board, +X, +Over, +Opts, -Table)  for each cell K topped by X that may
% move (ascending), K-Lines: for each direction, line(Dir, Read, Result), Read the
% cells the line's walk read and Result to(J, Vs) (the landing, whatever its top,
% and the hopped cells to relocate) or none.
hop_table(B, X, Over, Opts, Tab) :-
    cell_count(B, C),
    topped(1, C, B, [X], Ks),
    board:board_grid(B, G),
    grid:directions_of(G, D),
    movers(Ks, G, D, B, Over, Opts, Tab).

%% movers(+Ks, +Grid, +D, +Board, +Over, +Opts, -Table)  K-Lines for each of Ks that
% may move.
movers([], _, _, _, _, _, []).
movers([K|Ks], G, D, B, Over, Opts, Tab) :-
    (  memberchk(still(SM), Opts), mark(B, K, M), M /\ SM =\= 0
    -> Tab = Tab1
    ;  numlist(1, D, Dirs),
       maplist(hop_dir(G, B, Over, Opts, K), Dirs, Lines),
       Tab = [K-Lines|Tab1]
    ),
    movers(Ks, G, D, B, Over, Opts, Tab1).

%% hop_dir(+Grid, +Board, +Over, +Opts, +K, +Dir, -Line)  the line from K along Dir.
hop_dir(G, B, Over, Opts, K, Dir, line(Dir, Read, Result)) :-
    (  grid:step(G, K, Dir, J1)
    -> top_of(B, J1, T1),
       (  memberchk(T1, Over)
       -> hop_line(G, B, Over, Opts, J1, Dir, [J1], Read0, [], Result)
       ;  Read0 = [J1], Result = to(J1, [])
       ),
       Read = [K|Read0]
    ;  Read = [K], Result = none
    ).

%% hop_line(+Grid, +Board, +Over, +Opts, +K, +Dir, +Read0, -Read, +Vs0, -Result)  the
% line topped by Over from K along Dir: to(J, Vs), J the first cell after it, Vs the
% hopped cells topped by a relocated piece (descending); none off the board or at a
% guarded piece.  Read is Read0 and the cells read after K.
hop_line(G, B, Over, Opts, K, Dir, Read0, Read, Vs0, Result) :-
    top_of(B, K, T),
    (  memberchk(T, Over)
    -> (  memberchk(guard(T, GM), Opts), mark(B, K, M), M /\ GM =\= 0
       -> Read = Read0, Result = none
       ;  (  memberchk(relocate(T, _), Opts) -> Vs1 = [K|Vs0] ; Vs1 = Vs0 ),
          (  grid:step(G, K, Dir, K1)
          -> hop_line(G, B, Over, Opts, K1, Dir, [K1|Read0], Read, Vs1, Result)
          ;  Read = Read0, Result = none
          )
       )
    ;  Read = Read0, Result = to(K, Vs0)
    ).

%% table_hops(+Table, +Board, +Changed, +X, +Onto, +Over, +Opts, -Moves, ?Tail)  the
% hops on Board, which is the table's board but for the cells Changed: a line that
% read none of them is as it was, any other is walked again, and a changed cell now
% topped by X has its lines walked; then each landing is tested (its top one of Onto)
% and the relocations worked out on Board.
table_hops(Tab, B, Cs, X, Onto, Over, Opts, Ms, Tail) :-
    (  Cs == []
    -> Tab1 = Tab
    ;  board:board_grid(B, G),
       grid:directions_of(G, D),
       kept_lines(Tab, Cs, G, B, Over, Opts, Kept),
       sort(Cs, Cs1),
       findall(K, ( member(K, Cs1), top_of(B, K, X) ), New),
       movers(New, G, D, B, Over, Opts, Fresh),
       append(Kept, Fresh, Tab0),
       keysort(Tab0, Tab1)
    ),
    tab_moves(Tab1, B, X, Onto, Opts, Ms, Tail).

%% kept_lines(+Table, +Changed, +Grid, +Board, +Over, +Opts, -Table1)  the table's
% movers on cells not Changed, each line that read a changed cell walked again.
kept_lines([], _, _, _, _, _, []).
kept_lines([K-Lines|Tab], Cs, G, B, Over, Opts, Tab1) :-
    (  memberchk(K, Cs)
    -> Tab1 = Tab2
    ;  maplist(line_again(Cs, G, B, Over, Opts, K), Lines, Lines1),
       Tab1 = [K-Lines1|Tab2]
    ),
    kept_lines(Tab, Cs, G, B, Over, Opts, Tab2).

%% line_again(+Changed, +Grid, +Board, +Over, +Opts, +K, +Line, -Line1)  Line, or walked
% again on Board when it read a changed cell.
line_again(Cs, G, B, Over, Opts, K, line(Dir, Read, Result), Line1) :-
    (  member(C, Cs), memberchk(C, Read)
    -> hop_dir(G, B, Over, Opts, K, Dir, Line1)
    ;  Line1 = line(Dir, Read, Result)
    ).

%% tab_moves(+Table, +Board, +X, +Onto, +Opts, -Moves, ?Tail)  hop(K, J, Ts) for each
% line of the table that lands on a cell topped by one of Onto, with each set of
% targets of its relocations, then Tail.
tab_moves(Tab, B, X, Onto, Opts, Ms, Tail) :-
    live_lines(Tab, Live),
    live_moves(Live, B, X, Onto, Opts, Ms, Tail).

%% live_lines(+Table, -Live)  l(K, J, Vs) for each line of the table that lands, in order.
live_lines([], []).
live_lines([K-Lines|Tab], Live) :-
    live_of(Lines, K, Live, Live1),
    live_lines(Tab, Live1).

%% live_of(+Lines, +K, -Live, ?Tail)  l(K, J, Vs) for each of Lines that lands, then Tail.
live_of([], _, L, L).
live_of([line(_, _, Result)|Lines], K, Live, Tail) :-
    (  Result = to(J, Vs) -> Live = [l(K, J, Vs)|Live1] ; Live = Live1 ),
    live_of(Lines, K, Live1, Tail).

%% live_moves(+Live, +Board, +X, +Onto, +Opts, -Moves, ?Tail)  the hops of the lines
% whose landing is topped by one of Onto, each with its sets of targets, then Tail.
live_moves(Live, B, X, Onto, Opts, Ms, Tail) :-
    free_cells(Opts, B, Free),
    live_moves(Live, B, X, Onto, Opts, Free, Ms, Tail).

%% live_moves(+Live, +Board, +X, +Onto, +Opts, +Free, -Moves, ?Tail)  live_moves/7 with
% the cells a relocated piece may go to on Board (free_cells/3).
live_moves([], _, _, _, _, _, Ms, Ms).
live_moves([l(K, J, Vs)|Live], B, X, Onto, Opts, Free, Ms, Tail) :-
    top_of(B, J, T),
    (  memberchk(T, Onto)
    -> (  Vs == []
       -> Ms = [hop(K, J, [])|Ms1]
       ;  findall(hop(K, J, Ts), relocated(Opts, Free, B, X, K, J, Vs, Ts), Hs),
          append(Hs, Ms1, Ms)
       )
    ;  Ms = Ms1
    ),
    live_moves(Live, B, X, Onto, Opts, Free, Ms1, Tail).

%% free_cells(+Opts, +Board, -Free)  the cells topped by one of OntoY of a relocate
% option (descending), [] without one.
free_cells(Opts, B, Free) :-
    (  memberchk(relocate(_, OntoY), Opts)
    -> cell_count(B, C), topped(1, C, B, OntoY, Free0), reverse(Free0, Free)
    ;  Free = []
    ).

%% free_after(+Opts, +Free0, +Changed, +Board1, -Free)  free_cells/3 on Board1, which
% is Free0's board but for the cells Changed.
free_after(Opts, Free0, Cs, B1, Free) :-
    (  memberchk(relocate(_, OntoY), Opts)
    -> foldl(free_again(B1, OntoY), Cs, Free0, Free)
    ;  Free = []
    ).

%% free_again(+Board, +OntoY, +C, +Free0, -Free)  Free0 with C in it exactly when its
% top on Board is one of OntoY.
free_again(B, OntoY, C, Free0, Free) :-
    top_of(B, C, T),
    (  memberchk(T, OntoY)
    -> (  memberchk(C, Free0) -> Free = Free0 ; Free = [C|Free0] )
    ;  without(Free0, C, Free)
    ).

%% without(+List, +X, -List1)  List without X.
without([], _, []).
without([Y|Ys], X, Zs) :-
    (  Y == X -> Zs = Ys ; Zs = [Y|Zs1], without(Ys, X, Zs1) ).

%% relocated(+Opts, +Free, +Board, +X, +K, +J, +Vs, -Ts)  where the hopped pieces Vs
% may end up once X has gone from K to J on Board (Free its cells topped by OntoY):
% each set of as many cells out of Vs and the cells topped by OntoY after the hop,
% other than Vs itself; none when no cell is so topped.
relocated(Opts, Free, B, X, K, J, Vs0, Ts) :-
    memberchk(relocate(_, OntoY), Opts),
    sort(Vs0, Vs),
    board:board_cell(B, K, SK), stack_pop(SK, X, SK1), stack_top(SK1, TK),
    without(Free, K, F1), without(F1, J, F2),
    (  memberchk(TK, OntoY) -> F3 = [K|F2] ; F3 = F2 ),
    (  memberchk(X, OntoY) -> F4 = [J|F3] ; F4 = F3 ),
    F4 \== [],
    append(Vs, F4, U0),
    sort(U0, U),
    length(Vs, N),
    k_subset(N, U, Ts),
    Ts \== Vs.

%% k_subset(+K, +List, ?Subset)  Subset holds K elements of List, in List's order.
k_subset(0, _, []).
k_subset(K, [X|Xs], [X|Ys]) :- K > 0, K1 is K - 1, k_subset(K1, Xs, Ys).
k_subset(K, [_|Xs], Ys) :- K > 0, k_subset(K, Xs, Ys).

%% moved_piece(+Board, +X, +K, +J, -Board1)  the X on top of K put on top of J.
moved_piece(B, X, K, J, B1) :-
    board:board_cell(B, K, S), stack_pop(S, X, S1),
    board:board_cell(B, J, SJ), stack_push(SJ, X, SJ1),
    board:board_sets(B, [K-S1, J-SJ1], B1).

%% stack_move(+Kind, +Board, +Move)  Move is a move of one of this part's kinds, asked
% of the move (the moves of a then(A, B) looked for in A's, then in B's after it).
stack_move(stack(X, Max, Onto), B, stack(K)) :-
    top_of(B, K, T), memberchk(T, Onto),
    pieces(B, X, N), N < Max.
stack_move(lift(X, Onto), B, lift(K, J)) :-
    K \== J,
    top_of(B, K, X),
    top_of(B, J, T), memberchk(T, Onto).
stack_move(hop(X, Onto, Over, Opts), B, hop(K, J, Ts)) :-
    top_of(B, K, X),
    hop_table_at(B, K, Over, Opts, Tab),
    tab_moves(Tab, B, X, Onto, Opts, Ms, []),
    memberchk(hop(K, J, Ts), Ms).
stack_move(then(KindsA, KindsB), B, then(MA, MB)) :-
    member(KA, KindsA), board_turns:kind_move(KA, B, MA), !,
    board_turns:moved(MA, KindsA, B, _, B1),
    member(KB, KindsB), board_turns:kind_move(KB, B1, MB), !.

%% hop_table_at(+Board, +K, +Over, +Opts, -Table)  hop_table/5's table of cell K alone.
hop_table_at(B, K, Over, Opts, Tab) :-
    board:board_grid(B, G),
    grid:directions_of(G, D),
    movers([K], G, D, B, Over, Opts, Tab).

%% stacked(+Move, +Kinds, +Board, -K, -Board1)  the board after a move of this part's
% kinds, and the cell its piece came to.
stacked(stack(K), Kinds, B, K, B1) :-
    memberchk(stack(X, _, _), Kinds),
    board:board_cell(B, K, S), stack_push(S, X, S1),
    board:board_set(B, K, S1, B1).
stacked(lift(K, J), Kinds, B, J, B1) :-
    memberchk(lift(X, _), Kinds),
    moved_piece(B, X, K, J, B1).
stacked(hop(K, J, Ts), Kinds, B, J, B1) :-
    memberchk(hop(X, _, Over, Opts), Kinds),
    board:board_grid(B, G),
    line_between(G, B, Over, K, J, Line),
    moved_piece(B, X, K, J, B2),
    relocations(Opts, Line, Ts, B2, B1).
stacked(then(MA, MB), Kinds, B, K, B1) :-
    memberchk(then(KindsA, KindsB), Kinds),
    board_turns:moved(MA, KindsA, B, _, B2),
    board_turns:moved(MB, KindsB, B2, K, B1).

%% line_between(+Grid, +Board, +Over, +K, +J, -Line)  the cells a hop from K to J
% passed over ([] for a step), in the direction that reaches J.
line_between(G, B, Over, K, J, Line) :-
    grid:directions_of(G, D),
    between(1, D, Dir),
    grid:step(G, K, Dir, J1),
    over_to(G, B, Over, J1, Dir, J, Line), !.

%% over_to(+Grid, +Board, +Over, +K, +Dir, +J, -Line)  K..J along Dir: the cells
% before J, each topped by one of Over.
over_to(_, _, _, J, _, J, []) :- !.
over_to(G, B, Over, K, Dir, J, [K|Line]) :-
    top_of(B, K, T), memberchk(T, Over),
    grid:step(G, K, Dir, K1),
    over_to(G, B, Over, K1, Dir, J, Line).

%% relocations(+Opts, +Line, +Ts, +Board0, -Board)  the relocated pieces of Line
% taken off and set on top of the cells Ts.
relocations(Opts, Line, Ts, B0, B) :-
    (  memberchk(relocate(Y, _), Opts)
    -> findall(V, ( member(V, Line), top_of(B0, V, Y) ), Vs),
       foldl(take_top, Vs, B0, B1),
       foldl(put_top(Y), Ts, B1, B)
    ;  Ts == [], B = B0
    ).

%% take_top(+K, +Board0, -Board)  the top piece of K taken off.
take_top(K, B0, B) :-
    board:board_cell(B0, K, S), stack_pop(S, _, S1),
    board:board_set(B0, K, S1, B).

%% put_top(+Y, +K, +Board0, -Board)  Y put on top of K.
put_top(Y, K, B0, B) :-
    board:board_cell(B0, K, S), stack_push(S, Y, S1),
    board:board_set(B0, K, S1, B).

%% stack_end(+End, +Board)  one of this part's ends holds on the board.
stack_end(gather(X, Mask), B) :-
    cell_count(B, C),
    once(( between(1, C, K0), holds_piece(B, K0, X) )),
    \+ ( between(1, C, K), holds_piece(B, K, X), mark(B, K, M), M /\ Mask =:= 0 ).
stack_end(filled(Mask, Tops), B) :-
    cell_count(B, C),
    once(( between(1, C, K0), mark(B, K0, M0), M0 /\ Mask =\= 0 )),
    \+ ( between(1, C, K), mark(B, K, M), M /\ Mask =\= 0,
         top_of(B, K, T), \+ memberchk(T, Tops) ).

%% holds_piece(+Board, +K, +X)  the stack on cell K holds an X.
holds_piece(B, K, X) :-
    board:board_cell(B, K, S), S \== e,
    atom_chars(S, Cs), memberchk(X, Cs).
