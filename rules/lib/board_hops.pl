%% board_hops — a part of board.pl: the hop of board_stacks.pl (a piece steps onto a
% neighbour, or vaults the line of pieces that starts there, and the pieces it passed
% may have to move), its pure definition, and the lines found once before the first
% steps of a then(A, [Hop]) (board_hops_after.pl reads them after each first step).
%
% The lines are read from a view of the board, v(Board, Tops, Marks): the top of
% each cell in the compound Tops (one step to read, where the board costs a few),
% and the board's marks; read(Board) is the board itself, each top read from its cell
% when it is asked for (for a question that reads a few cells, not all); after(View,
% CellTops) is View after a first step that gave each cell C of CellTops, C-T, the
% top T (the cells under its tops are View's).

:- module(board_hops, [hop_moves/4, hop_prepared/3, hop_after_some/3, hop_move/3,
                      hop_played/4]).

:- use_module(library(lists)).
:- use_module(library(between)).

%% requires(?Library)  boards come from board.pl; the stacks' tops from
% board_stacks.pl, which requires this library and calls it.
requires(board).

%% view(+Board, -View)  the board with the top of each of its cells, and its marks.
view(B, v(B, Tops, Marks)) :-
    board:board_cells(B, Cells),
    Cells =.. [_|Ss],
    board_stacks:stack_tops(Ss, Ts),
    Tops =.. [t|Ts],
    board:board_marks(B, Marks).

%% topped(+View, +Wanted, -Ks)  the cells whose top is one of Wanted, ascending.
topped(v(_, Tops, _), Wanted, Ks) :-
    Tops =.. [_|Ts],
    board_stacks:topped(Ts, 1, Wanted, Ks).
topped(read(B), Wanted, Ks) :-
    board_stacks:tops(B, Ts),
    board_stacks:topped(Ts, 1, Wanted, Ks).

%% top_at(+View, +K, -Top)  the top of cell K.
top_at(v(_, Tops, _), K, T) :- arg(K, Tops, T).
top_at(read(B), K, T) :- board_stacks:top_of(B, K, T).
top_at(after(V, CTs), K, T) :-
    (  memberchk(K-T0, CTs) -> T = T0 ; top_at(V, K, T) ).

%% mark_at(+View, +K, -M)  the marks of cell K.
mark_at(v(_, _, Marks), K, M) :- board_stacks:marked(Marks, K, M).
mark_at(read(B), K, M) :- board_stacks:mark(B, K, M).
mark_at(after(V, _), K, M) :- mark_at(V, K, M).

%% board_of(+View, -Board)  the board a view shows.
board_of(v(B, _, _), B).
board_of(read(B), B).
board_of(after(V, _), B) :- board_of(V, B).

%% cells_of(+View, -N)  how many cells the board a view shows has.
cells_of(V, N) :- board_of(V, B), board_stacks:cell_count(B, N).

%% hop_moves(+Board, +Hop, -Moves, ?Tail)  the moves of a hop kind, then Tail.
hop_moves(B, Hop, Ms, Tail) :-
    view(B, V),
    table(V, Hop, Tab),
    free(V, Hop, Free),
    live_lines(Tab, Live),
    live_moves(Live, V, Hop, Free, Ms, Tail).

%% hop_prepared(+Board, +Hop, -Prepared)  what board_hops_after.pl reads for every
% first step on Board: prep(View, Lines, Free), Free the cells a relocated piece may go to, and
% Lines = lines(At, Reloc, All, OntoY): the lines that land (live_lines/2), each as
% r(I, K, J, Vs, Start, End, After), the I-th in order, with its hops on Board from
% position Start to End of All (the hops of every line, in order) and After the rest
% of All; At the lines landing on each cell, Reloc those that relocate the pieces
% they pass, both ascending; OntoY the tops of a free cell ([] without a relocate
% option).
hop_prepared(B, Hop, prep(V, lines(At, Reloc, All, OntoY), Free)) :-
    view(B, V),
    table(V, Hop, Tab),
    free(V, Hop, Free),
    live_lines(Tab, Live),
    records(Live, 1, 0, V, Hop, Free, All, Rs),
    V = v(_, Tops, _),
    functor(Tops, _, N),
    functor(At, a, N),
    landings(Rs, At, Reloc),
    closed(N, At),
    Hop = hop(_, _, _, Opts),
    (  memberchk(relocate(_, OntoY0), Opts) -> OntoY = OntoY0 ; OntoY = [] ).

%% records(+Live, +I, +P, +View, +Hop, +Free, -All, -Records)  the record of each
% line from the I-th on (see hop_prepared/3), and All their hops, the first at
% position P of the whole list.
records([], _, _, _, _, _, [], []).
records([l(K, J, Vs)|Live], I, P, V, Hop, Free, All, [r(I, K, J, Vs, P, P1, After)|Rs]) :-
    live_moves([l(K, J, Vs)], V, Hop, Free, Hs, []),
    append(Hs, After, All),
    length(Hs, L),
    P1 is P + L,
    I1 is I + 1,
    records(Live, I1, P1, V, Hop, Free, After, Rs).

%% landings(+Records, +At, -Reloc)  each line added to the open list of the cell it
% lands on (argument J of At), in order; Reloc those that relocate.
landings([], _, []).
landings([R|Rs], At, Reloc) :-
    R = r(_, _, J, Vs, _, _, _),
    arg(J, At, Open),
    open_add(Open, R),
    (  Vs == [] -> Reloc = Reloc1 ; Reloc = [R|Reloc1] ),
    landings(Rs, At, Reloc1).

%% open_add(?Open, +R)  R added at the end of an open list.
open_add(Rs, R) :-
    (  var(Rs) -> Rs = [R|_] ; Rs = [_|Rs1], open_add(Rs1, R) ).

%% closed(+K, +At)  the open lists of arguments 1..K of At closed.
closed(0, _) :- !.
closed(K, At) :-
    arg(K, At, Rs),
    close_open(Rs),
    K1 is K - 1,
    closed(K1, At).

%% close_open(?Open)  an open list closed.
close_open(Rs) :-
    (  var(Rs) -> Rs = [] ; Rs = [_|Rs1], close_open(Rs1) ).

%% hop_after_some(+Board, +Hop, +KindsA)  some first step of KindsA leaves the hop a
% move.  The first step of each kind is tried first, in order, the cells read as
% they are asked for and the lines walked one by one until a hop is found; most
% often the first step has one.  Else every line is found once and the first steps
% tried in turn (some_after/4).
hop_after_some(B, Hop, KindsA) :-
    (  \+ memberchk(pass, KindsA),
       member(Kind, KindsA),
       once(board_stacks:first_moves([Kind], B, read(B), MA0)),
       first_has_hop(read(B), Hop, MA0, KindsA, B)
    -> true
    ;  view(B, V),
       some_after(V, Hop, KindsA, B)
    ).

%% first_has_hop(+View, +Hop, +MA, +KindsA, +Board)  the hop has a move after the
% first step MA, found by walking the lines one by one (fails too when MA changes
% more than landings: some_after/4 then asks afresh).
first_has_hop(V, Hop, MA, KindsA, B) :-
    Hop = hop(X, _, Over, _),
    step_tops(MA, KindsA, B, CTs),
    landings_only(CTs, V, X, Over),
    V1 = after(V, CTs),
    line_of(V, Hop, L),
    L = l(_, _, Vs),
    (  Vs == [] -> Free1 = []     % only a line that relocates reads the free cells
    ;  free(V, Hop, Free), free_after(Hop, Free, CTs, Free1)
    ),
    line_has_move(L, V1, Hop, Free1), !.

%% line_has_move(+Line, +View, +Hop, +Free)  the line gives a hop: as live_moves/6
% gives it one, with one set of targets found, not all.
line_has_move(l(K, J, Vs), V, Hop, Free) :-
    Hop = hop(X, Onto, _, Opts),
    top_at(V, J, T),
    memberchk(T, Onto),
    (  Vs == [] -> true
    ;  board_of(V, B), once(relocated(Opts, Free, B, X, K, J, Vs, _))
    ).

%% some_after(+View, +Hop, +KindsA, +Board)  some first step leaves the hop a move,
% every line found once on View.  A stack or a lift onto the landing of a line is
% tried first (where no first step tried before left a hop, a line most often
% lacks its landing), then every first step in turn.
some_after(V, Hop, KindsA, B) :-
    table(V, Hop, Tab),
    free(V, Hop, Free),
    live_lines(Tab, Live),
    (  onto_landing(KindsA, B, V, Live, MA)
    ;  board_stacks:first_moves(KindsA, B, V, MA)
    ),
    after_has_hop(MA, V, Hop, KindsA, B, Live, Free), !.

%% onto_landing(+KindsA, +Board, +View, +Live, -MA)  a stack or a lift of the first
% kinds onto the landing of one of the lines Live, one by one.
onto_landing(KindsA, B, V, Live, MA) :-
    (  memberchk(stack(X, Max, Onto), KindsA),
       board_stacks:pieces(B, X, N), N < Max
    -> MA = stack(J), member(l(_, J, _), Live), top_at(V, J, T), memberchk(T, Onto)
    ;  memberchk(lift(X, Onto), KindsA),
       MA = lift(K, J),
       member(l(_, J, _), Live), top_at(V, J, T), memberchk(T, Onto),
       cells_of(V, C), between(1, C, K), K =\= J, top_at(V, K, X)
    ).

%% after_has_hop(+MA, +View, +Hop, +KindsA, +Board, +Live, +Free)  the hop has a move
% after the first step MA: one of the lines Live, read after MA's changed cells when
% MA changes only landings, else the hops asked afresh on the board MA leaves.
after_has_hop(MA, V, Hop, KindsA, B, Live, Free) :-
    Hop = hop(X, _, Over, _),
    (  step_tops(MA, KindsA, B, CTs), landings_only(CTs, V, X, Over)
    -> V1 = after(V, CTs),
       free_after(Hop, Free, CTs, Free1),
       member(L, Live),
       line_has_move(L, V1, Hop, Free1), !
    ;  board_turns:moved(MA, KindsA, B, _, B2),
       hop_moves(B2, Hop, Ms, []), Ms \== []
    ).

%% step_tops(+MA, +KindsA, +Board, -CellTops)  C-T for each cell C a stack or a lift
% changes, T its new top (read off the move, with no new board made).
step_tops(stack(K), KindsA, _, [K-X]) :-
    memberchk(stack(X, _, _), KindsA).
step_tops(lift(K, J), KindsA, B, [K-TK, J-X]) :-
    memberchk(lift(X, _), KindsA),
    board:board_cell(B, K, S), board_stacks:under_top(S, X, TK).

%% landings_only(+CellTops, +View, +X, +Over)  each changed cell C-T1 is topped on the
% view's board (T) and after (T1) by neither X nor one of Over, or by the same piece
% other than X (what lies under a hopping piece decides whether its cell is free
% after it).
landings_only([], _, _, _).
landings_only([C-T1|CTs], V, X, Over) :-
    top_at(V, C, T),
    landing_only(T, T1, X, Over),
    landings_only(CTs, V, X, Over).

%% landing_only(+T, +T1, +X, +Over)  a cell topped T before a first step and T1 after
% it is read by the lines only as a landing (landings_only/4).
landing_only(T, T1, X, Over) :-
    (  T == T1 -> T \== X
    ;  T \== X, T1 \== X, \+ memberchk(T, Over), \+ memberchk(T1, Over)
    ).

%% table(+View, +Hop, -Table)  for each cell K topped by the hopping piece that may
% move (ascending), K-Lines: each direction's line(Dir, Result), Result to(J, Vs) (the
% landing, whatever its top, and the hopped cells to relocate) or none.
table(V, hop(X, _, Over, Opts), Tab) :-
    board_of(V, B),
    board:board_grid(B, G), grid:directions_of(G, D),
    topped(V, [X], Ks),
    movers(Ks, G, D, V, Over, Opts, Tab).

%% movers(+Ks, +Grid, +D, +View, +Over, +Opts, -Table)  K-Lines for each of Ks that may
% move.
movers([], _, _, _, _, _, []).
movers([K|Ks], G, D, V, Over, Opts, Tab) :-
    (  still(Opts, V, K)
    -> Tab = Tab1
    ;  numlist(1, D, Dirs),
       maplist(hop_dir(G, V, Over, Opts, K), Dirs, Lines),
       Tab = [K-Lines|Tab1]
    ),
    movers(Ks, G, D, V, Over, Opts, Tab1).

%% still(+Opts, +View, +K)  the piece on cell K never moves: K has a mark of the
% option still(Mask).
still(Opts, V, K) :-
    memberchk(still(SM), Opts), mark_at(V, K, M), M /\ SM =\= 0.

%% hop_dir(+Grid, +View, +Over, +Opts, +K, +Dir, -Line)  the line from K along Dir.
hop_dir(G, V, Over, Opts, K, Dir, line(Dir, Result)) :-
    (  grid:step(G, K, Dir, J1)
    -> hop_line(G, V, Over, Opts, J1, Dir, [], Result)
    ;  Result = none
    ).

%% hop_line(+Grid, +View, +Over, +Opts, +K, +Dir, +Vs0, -Result)  from K along Dir:
% to(K, Vs0) when K is not topped by one of Over, else on past the line topped by
% Over, adding to Vs0 the cells of relocated pieces; none off the board or at a
% guarded piece.
hop_line(G, V, Over, Opts, K, Dir, Vs0, Result) :-
    top_at(V, K, T),
    (  \+ memberchk(T, Over) -> Result = to(K, Vs0)
    ;  memberchk(guard(T, GM), Opts), mark_at(V, K, M), M /\ GM =\= 0 -> Result = none
    ;  (  memberchk(relocate(T, _), Opts) -> Vs1 = [K|Vs0] ; Vs1 = Vs0 ),
       (  grid:step(G, K, Dir, K1)
       -> hop_line(G, V, Over, Opts, K1, Dir, Vs1, Result)
       ;  Result = none
       )
    ).

%% line_of(+View, +Hop, -Line)  l(K, J, Vs) for each line that lands (as live_lines/2
% gives them from table/3), one by one, each cell read as it is come to.
line_of(V, hop(X, _, Over, Opts), l(K, J, Vs)) :-
    board_of(V, B),
    board:board_grid(B, G), grid:directions_of(G, D),
    cells_of(V, N),
    between(1, N, K),
    top_at(V, K, X),
    \+ still(Opts, V, K),
    between(1, D, Dir),
    hop_dir(G, V, Over, Opts, K, Dir, line(_, to(J, Vs))).

%% live_lines(+Table, -Live)  l(K, J, Vs) for each line of the table that lands, in order.
live_lines([], []).
live_lines([K-Lines|Tab], Live) :-
    live_of(Lines, K, Live, Live1),
    live_lines(Tab, Live1).

%% live_of(+Lines, +K, -Live, ?Tail)  l(K, J, Vs) for each of Lines that lands, then Tail.
live_of([], _, L, L).
live_of([line(_, Result)|Lines], K, Live, Tail) :-
    (  Result = to(J, Vs) -> Live = [l(K, J, Vs)|Live1] ; Live = Live1 ),
    live_of(Lines, K, Live1, Tail).

%% live_moves(+Live, +View, +Hop, +Free, -Moves, ?Tail)  the hops of the lines whose
% landing is topped by one of Onto, each with its sets of targets, then Tail.
live_moves([], _, _, _, Ms, Ms).
live_moves([l(K, J, Vs)|Live], V, Hop, Free, Ms, Tail) :-
    Hop = hop(X, Onto, _, Opts),
    top_at(V, J, T),
    (  memberchk(T, Onto)
    -> (  Vs == []
       -> Ms = [hop(K, J, [])|Ms1]
       ;  board_of(V, B),
          findall(hop(K, J, Ts), relocated(Opts, Free, B, X, K, J, Vs, Ts), Hs),
          append(Hs, Ms1, Ms)
       )
    ;  Ms = Ms1
    ),
    live_moves(Live, V, Hop, Free, Ms1, Tail).

%% free(+View, +Hop, -Free)  the cells topped by one of OntoY of the hop's relocate
% option, [] without one.
free(V, hop(_, _, _, Opts), Free) :-
    (  memberchk(relocate(_, OntoY), Opts) -> topped(V, OntoY, Free) ; Free = [] ).

%% free_after(+Hop, +Free0, +CellTops, -Free)  the free cells once each cell C of
% CellTops, C-T, is topped by T (the others as they were for Free0): Free0 itself
% when no changed cell came in or went out.
free_after(hop(_, _, _, Opts), Free0, CTs, Free) :-
    (  memberchk(relocate(_, OntoY), Opts)
    -> foldl(free_again(OntoY), CTs, Free0, Free)
    ;  Free = []
    ).

%% free_again(+OntoY, +C-T, +Free0, -Free)  Free0 with C in it exactly when its top
% T is one of OntoY.
free_again(OntoY, C-T, Free0, Free) :-
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
    board:board_cell(B, K, SK), board_stacks:stack_pop(SK, X, SK1),
    board_stacks:stack_top(SK1, TK),
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

%% hop_move(+Board, +Hop, +Move)  Move is one of the hop's moves (only the lines from
% its cell are walked).
hop_move(B, Hop, hop(K, J, Ts)) :-
    Hop = hop(X, _, Over, Opts),
    V = read(B),
    top_at(V, K, X),
    board:board_grid(B, G), grid:directions_of(G, D),
    movers([K], G, D, V, Over, Opts, Tab),
    live_lines(Tab, Live),
    member(l(K, J, Vs), Live), !,
    (  Vs == [] -> Free = [] ; free(V, Hop, Free) ),
    live_moves([l(K, J, Vs)], V, Hop, Free, Ms, []),
    memberchk(hop(K, J, Ts), Ms).

%% hop_played(+Board, +Hop, +Move, -Board1)  the board after one of the hop's moves
% (it fails on any other): the line from its cell that lands on its landing is
% walked once, cells read as they are come to, the piece set on its landing, and the
% relocated pieces it passed each moved to its target.
hop_played(B, Hop, hop(K, J, Ts), B1) :-
    Hop = hop(X, _, Over, Opts),
    V = read(B),
    top_at(V, K, X),
    \+ still(Opts, V, K),
    board:board_grid(B, G), grid:directions_of(G, D),
    between(1, D, Dir),
    hop_dir(G, V, Over, Opts, K, Dir, line(_, to(J1, Vs))),
    J1 = J, !,
    (  Vs == [] -> Free = [] ; free(V, Hop, Free) ),
    live_moves([l(K, J, Vs)], V, Hop, Free, Ms, []),
    memberchk(hop(K, J, Ts), Ms),
    board_stacks:moved_piece(B, X, K, J, B2),
    (  Vs == [] -> B1 = B2
    ;  memberchk(relocate(Y, _), Opts),
       foldl(take_top, Vs, B2, B3),
       foldl(put_top(Y), Ts, B3, B1)
    ).

%% take_top(+K, +Board0, -Board)  the top piece of K taken off.
take_top(K, B0, B) :-
    board:board_cell(B0, K, S), board_stacks:stack_pop(S, _, S1),
    board:board_set(B0, K, S1, B).

%% put_top(+Y, +K, +Board0, -Board)  Y put on top of K.
put_top(Y, K, B0, B) :-
    board:board_cell(B0, K, S), board_stacks:stack_push(S, Y, S1),
    board:board_set(B0, K, S1, B).
