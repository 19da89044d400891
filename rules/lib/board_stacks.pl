%% board_stacks — a part of board.pl: stacks of pieces on cells, and the kinds of move
% and the ends of board_turns.pl that read and change them (their pure definitions,
% the spec tier's; src/foreign/board_stacks.rs plays them in the host).
%
% A game whose turns use these kinds requires this library.  A cell holds a stack: the atom `e` when it is empty, else an atom whose characters
% are its pieces, bottom first (`wbW`: a w, a b on it, a W on top).  A piece is one
% character other than `e`.  The top of a stack is its last piece, `e` for none.
%
% Kinds of move (in a turn's Kinds, board_turns.pl):
%   stack(X, Max, Onto)   X from the player's hand onto each cell whose top is one of
%                         Onto (`e` for an empty cell), ascending, while fewer than Max
%                         X stand on the board: the move stack(K)
%   lift(X, Onto)         the X on top of cell K onto each other cell J whose top is
%                         one of Onto, K then J ascending: the move lift(K, J)
%   hop(X, Onto, Over, Opts)   (its definition: board_hops.pl)
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
% A move names its cells, not its kind: a list of kinds has at most one of each shape
% (stack, lift, hop, then), a then's first kinds no pass, and a hop's options at most
% one still, one relocate and one guard a piece; the host refuses other lists (the
% pure definition takes the first).
% Ends:
%   gather(X, Mask)       some cell holds an X, and every one that does has a mark in
%                         Mask: Player wins
%   filled(Mask, Tops)    some cell has a mark in Mask, and every one that does is
%                         topped by one of Tops: Player wins (lose(filled(...)): the
%                         next player wins)

:- module(board_stacks, [stack_kind/1, stack_moves/4, stack_count/3, stack_some/2, stack_move/3, stacked/5, stack_end/2,
                         stack_top/2, stack_push/3, stack_pop/3, top_of/3, moved_piece/5,
                         first_moves/4, stack_tops/2, topped/4, under_top/3, then_played/5]).

:- use_module(library(lists)).
:- use_module(library(between)).

%% requires(?Library)  boards come from board.pl, hops from board_hops.pl (each loaded
% before this library).
requires(board).
requires(board_hops).
requires(board_hops_after).

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

%% under_top(+Stack, -X, -Top)  X the top piece of the stack, Top the one under it (e
% for none), with no new stack made.
under_top(S, X, T) :-
    S \== e,
    atom_chars(S, [C|Cs]),
    under_of(Cs, C, e, X, T).

%% under_of(+Cs, +C0, +Under0, -X, -Under)  X the last of [C0|Cs], Under the one before.
under_of([], C, U, C, U).
under_of([C|Cs], C0, _, X, U) :- under_of(Cs, C, C0, X, U).

%% popped(+Cs, +C0, -X, -Rest)  X the last of [C0|Cs], Rest the others.
popped([], C, C, []).
popped([C|Cs], C0, X, [C0|Rest]) :- popped(Cs, C, X, Rest).

%% top_of(+Board, +K, -Top)  the top piece on cell K.
top_of(B, K, T) :- board:board_cell(B, K, S), stack_top(S, T).

%% mark(+Board, +K, -M)  cell K's marks (0 on a board without marks).
mark(B, K, M) :-
    board:board_marks(B, Marks),
    marked(Marks, K, M).

%% cell_count(+Board, -N)  how many cells the board has.
cell_count(B, N) :- board:board_grid(B, G), grid:grid_size(G, N).

%% tops(+Board, -Tops)  the top of each cell, ascending.
tops(B, Tops) :-
    board:board_cells(B, Cells),
    Cells =.. [_|Ss],
    stack_tops(Ss, Tops).

%% stack_tops(+Stacks, -Tops)  the top of each stack.
stack_tops([], []).
stack_tops([S|Ss], [T|Ts]) :- stack_top(S, T), stack_tops(Ss, Ts).

%% stack_moves(+Kind, +Board, -Moves, ?Tail)  the moves of one of this part's kinds,
% then Tail.
stack_moves(Kind, board(_, _, _, n(_, H, _, _)), Ms, Tail) :-    % the host's copy
    board_accel:stack_moves(H, Kind, Ms0), !,
    append(Ms0, Tail, Ms).
stack_moves(stack(X, Max, Onto), B, Ms, Tail) :-
    pieces(B, X, N),
    (  N < Max -> tops(B, Tops), topped(Tops, 1, Onto, Ks), wrap_stack(Ks, Ms, Tail)
    ;  Ms = Tail
    ).
stack_moves(lift(X, Onto), B, Ms, Tail) :-
    tops(B, Tops),
    topped(Tops, 1, [X], Ks),
    topped(Tops, 1, Onto, Js),
    lifts(Ks, Js, Ms, Tail).
stack_moves(hop(X, Onto, Over, Opts), B, Ms, Tail) :-
    board_hops:hop_moves(B, hop(X, Onto, Over, Opts), Ms, Tail).
stack_moves(then(KindsA, KindsB), B, Ms, Tail) :-
    (  KindsB = [Hop], Hop = hop(_, _, _, _)
    -> board_hops_after:after_prepared(B, Hop, KindsA, Prep),
       Prep = after(prep(v(_, Tops, _), _, _), _, _, _),
       first_steps(KindsA, B, Tops, MAs),
       hop_thens(MAs, KindsA, Prep, Hop, B, Ms, Tail)
    ;  board_turns:kinds_moves(KindsA, B, MAs),
       thens(MAs, KindsA, KindsB, B, Ms, Tail)
    ).

%% first_steps(+KindsA, +Board, +Tops, -MAs)  the moves of the first kinds of a then,
% kind by kind: stacks and lifts read off Tops, the top of each cell (a compound),
% read once for them and the hops after them; any other kinds as
% board_turns:kinds_moves/3 lists them.
first_steps(KindsA, B, Tops, MAs) :-
    (  tops_kinds(KindsA)
    -> Tops =.. [_|Ts],
       tops_steps(KindsA, B, Ts, MAs)
    ;  board_turns:kinds_moves(KindsA, B, MAs)
    ).

%% tops_kinds(+Kinds)  each of Kinds is a stack or a lift.
tops_kinds([]).
tops_kinds([K|Ks]) :-
    (  K = stack(_, _, _) -> true ; K = lift(_, _) ),
    tops_kinds(Ks).

%% tops_steps(+Kinds, +Board, +Tops, -MAs)  the stacks and lifts of Kinds, kind by
% kind, their cells read off Tops (a list, from cell 1).
tops_steps([], _, _, []).
tops_steps([stack(X, Max, Onto)|Kinds], B, Ts, Ms) :-
    pieces(B, X, N),
    (  N < Max -> topped(Ts, 1, Onto, Ks), wrap_stack(Ks, Ms, Ms1) ; Ms = Ms1 ),
    tops_steps(Kinds, B, Ts, Ms1).
tops_steps([lift(X, Onto)|Kinds], B, Ts, Ms) :-
    topped(Ts, 1, [X], Ks),
    topped(Ts, 1, Onto, Js),
    lifts(Ks, Js, Ms, Ms1),
    tops_steps(Kinds, B, Ts, Ms1).

%% stack_count(+Kind, +Board, -N)  how many moves stack_moves/4 gives of one of this
% part's kinds.
stack_count(Kind, board(_, _, _, n(_, H, _, _)), N) :-     % the host counts them
    board_accel:stack_count(H, Kind, N0), !,
    N = N0.
stack_count(Kind, B, N) :-
    stack_moves(Kind, B, Ms, []),
    length(Ms, N).

%% stack_some(+Kind, +Board)  one of this part's kinds has a move on the board (for
% a then(A, B), some move of A after which B has one).
stack_some(Kind, board(_, _, _, n(_, H, _, _))) :-     % the host counts them
    board_accel:stack_count(H, Kind, N), !,
    N > 0.
stack_some(then(KindsA, [Hop]), B) :-
    Hop = hop(_, _, _, _), !,
    board_hops:hop_after_some(B, Hop, KindsA).
stack_some(Kind, B) :-
    stack_moves(Kind, B, Ms, []), !,
    Ms \== [].

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

%% hop_thens(+MAs, +KindsA, +Prepared, +Hop, +Board, -Moves, ?Tail)  thens/6 for a
% hop after each MA, from the hop's lines found once on Board (board_hops_after.pl).
hop_thens([], _, _, _, _, Ms, Ms).
hop_thens([MA|MAs], KindsA, Prep, Hop, B, Ms, Tail) :-
    board_hops_after:then_hops(Prep, Hop, MA, KindsA, B, Ms, Ms1),
    hop_thens(MAs, KindsA, Prep, Hop, B, Ms1, Tail).

%% wrap_then(+MBs, +MA, -Moves, ?Tail)  then(MA, MB) for each of MBs, then Tail.
wrap_then([], _, Ms, Ms).
wrap_then([MB|MBs], MA, [then(MA, MB)|Ms], Tail) :- wrap_then(MBs, MA, Ms, Tail).

%% first_moves(+Kinds, +Board, +View, -Move)  the moves of Kinds one by one, in order,
% each found as it is asked for (a stack's and a lift's without listing them first,
% their cells' tops read off View, a view of the board of board_hops.pl's).
first_moves(Kinds, B, V, M) :-
    (  memberchk(pass, Kinds)
    -> board_turns:kinds_moves(Kinds, B, Ms), member(M, Ms)
    ;  member(Kind, Kinds), kind_first(Kind, B, V, M)
    ).

%% kind_first(+Kind, +Board, +View, -Move)  the moves of one kind, one by one.
kind_first(stack(X, Max, Onto), B, V, stack(K)) :- !,
    pieces(B, X, N), N < Max,
    cell_count(B, C), between(1, C, K),
    board_hops:top_at(V, K, T), memberchk(T, Onto).
kind_first(lift(X, Onto), B, V, lift(K, J)) :- !,
    cell_count(B, C), between(1, C, K), board_hops:top_at(V, K, X),
    between(1, C, J), J =\= K, board_hops:top_at(V, J, T), memberchk(T, Onto).
kind_first(Kind, B, _, M) :-
    board_turns:kind_moves(Kind, B, Ms, []), member(M, Ms).

%% topped(+Tops, +K, +Wanted, -Ks)  the cells from K whose top (in Tops, from cell K
% on) is one of Wanted.
topped([], _, _, []).
topped([T|Ts], K, Wanted, Ks) :-
    (  memberchk(T, Wanted) -> Ks = [K|Ks1] ; Ks = Ks1 ),
    K1 is K + 1,
    topped(Ts, K1, Wanted, Ks1).

%% pieces(+Board, +X, -N)  how many X stand on the board, in every stack.
pieces(B, X, N) :-
    board:board_cells(B, Cells),
    Cells =.. [_|Ss],
    pieces_in(Ss, X, 0, N).

%% pieces_in(+Stacks, +X, +N0, -N)  N0 plus the X in Stacks.
pieces_in([], _, N, N).
pieces_in([S|Ss], X, N0, N) :-
    (  S == e -> N1 = N0
    ;  atom_chars(S, Cs), count_in(Cs, X, N0, N1)
    ),
    pieces_in(Ss, X, N1, N).

%% count_in(+Chars, +X, +N0, -N)  N0 plus how many of Chars are X.
count_in([], _, N, N).
count_in([C|Cs], X, N0, N) :-
    (  C == X -> N1 is N0 + 1 ; N1 = N0 ),
    count_in(Cs, X, N1, N).

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
    board_hops:hop_move(B, hop(X, Onto, Over, Opts), hop(K, J, Ts)).
stack_move(then(KindsA, KindsB), B, then(MA, MB)) :-
    member(KA, KindsA), board_turns:kind_move(KA, B, MA), !,
    board_turns:moved(MA, KindsA, B, _, B1),
    member(KB, KindsB), board_turns:kind_move(KB, B1, MB), !.

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
    memberchk(hop(X, Onto, Over, Opts), Kinds),
    board_hops:hop_played(B, hop(X, Onto, Over, Opts), hop(K, J, Ts), B1).
stacked(then(MA, MB), Kinds, B, K, B1) :-
    memberchk(then(KindsA, KindsB), Kinds),
    board_turns:moved(MA, KindsA, B, _, B2),
    board_turns:moved(MB, KindsB, B2, K, B1).

%% then_played(+Move, +Kinds, +Board, -K, -Board1)  the board after then(MA, MB) of
% the then of Kinds, and the cell MB's piece came to, each part asked of its move
% on the board it is played on (as stack_move/3 and stacked/5 together, each part
% played once); fails when MA or MB is not a move.
then_played(then(MA, MB), Kinds, B, K, B1) :-
    memberchk(then(KindsA, KindsB), Kinds),
    member(KA, KindsA), board_turns:kind_move(KA, B, MA), !,
    board_turns:moved(MA, KindsA, B, _, B2),
    member(KB, KindsB), kind_played(KB, KindsB, B2, MB, K, B1), !.

%% kind_played(+Kind, +Kinds, +Board, +Move, -K, -Board1)  the board after a move of
% Kind (one of Kinds), and the cell its piece came to; fails when it is not one.
kind_played(hop(X, Onto, Over, Opts), _, B, hop(K0, J, Ts), J, B1) :- !,
    board_hops:hop_played(B, hop(X, Onto, Over, Opts), hop(K0, J, Ts), B1).
kind_played(Kind, Kinds, B, M, K, B1) :-
    board_turns:kind_move(Kind, B, M),
    board_turns:moved(M, Kinds, B, K, B1).

%% stack_end(+End, +Board)  one of this part's ends holds on the board: each reads
% the cells in one walk (in the accelerated tier a cell read alone looks through
% the board's log of changes first; filled reads a cell's stack only where Mask
% marks it).
stack_end(gather(X, Mask), B) :-
    board:board_cells(B, Cells),
    board:board_marks(B, Marks),
    functor(Cells, _, C),
    gathered(1, C, Cells, Marks, X, Mask, no, yes).
stack_end(filled(Mask, Tops), B) :-
    board:board_marks(B, Marks),
    Marks \== none,
    functor(Marks, _, C),
    filled(1, C, Marks, B, Mask, Tops, no, yes).

%% gathered(+K, +C, +Cells, +Marks, +X, +Mask, +Seen0, -Seen)  no cell from K to C
% holds an X without a mark in Mask; Seen is yes when one of them (or Seen0) holds one.
gathered(K, C, Cells, Marks, X, Mask, Seen0, Seen) :-
    (  K > C -> Seen = Seen0
    ;  arg(K, Cells, S),
       K1 is K + 1,
       (  holds_piece(S, X)
       -> marked(Marks, K, M), M /\ Mask =\= 0,
          gathered(K1, C, Cells, Marks, X, Mask, yes, Seen)
       ;  gathered(K1, C, Cells, Marks, X, Mask, Seen0, Seen)
       )
    ).

%% filled(+K, +C, +Marks, +Board, +Mask, +Tops, +Seen0, -Seen)  every cell from K to C
% with a mark in Mask is topped by one of Tops; Seen is yes when there is one (or
% Seen0 is yes).
filled(K, C, Marks, B, Mask, Tops, Seen0, Seen) :-
    (  K > C -> Seen = Seen0
    ;  arg(K, Marks, M),
       K1 is K + 1,
       (  M /\ Mask =\= 0
       -> top_of(B, K, T), memberchk(T, Tops),
          filled(K1, C, Marks, B, Mask, Tops, yes, Seen)
       ;  filled(K1, C, Marks, B, Mask, Tops, Seen0, Seen)
       )
    ).

%% marked(+Marks, +K, -M)  cell K's marks in a board's Marks (0 for none).
marked(Marks, K, M) :- ( Marks == none -> M = 0 ; arg(K, Marks, M) ).

%% holds_piece(+Stack, +X)  the stack holds an X.
holds_piece(S, X) :-
    S \== e,
    atom_chars(S, Cs), memberchk(X, Cs).
