%% board_hops_after — a part of board.pl: the hops of a then(A, [Hop]) after each first
% step of A (a stack or a lift), worked out from the lines found once before the first
% steps (board_hops.pl's hop_prepared/3): the pure definition, the spec tier's.
%
% A first step changes the tops of one or two cells.  The lines read a cell in one of
% two ways: as a landing (is its top one of Onto?) and as a free cell for a relocated
% piece (is its top one of OntoY?); a cell topped by the hopping piece or by one it
% hops over is read as a part of a line.  So each top is put in a class once
% (class/4): m for a part of a line, else c(L, F), L 1 for a landing and F 1 for a
% free cell.  After a first step whose changed cells keep their class, the hops are
% the board's.  Where a cell's L changed, the lines landing on it are added or
% dropped; where an F changed, the lines that relocate are tested again; where a cell
% of class m changed, every line is walked again.

:- module(board_hops_after, [after_prepared/4, then_hops/7]).

:- use_module(library(lists)).

%% requires(?Library)  the lines and their hops come from board_hops.pl.
requires(board).
requires(board_hops).

%% after_prepared(+Board, +Hop, +KindsA, -Prepared)  what then_hops/7 reads for every
% first step of KindsA on Board: after(Prep, Classes, Unders, Steps), Prep
% board_hops:hop_prepared/3's; Classes the class of each cell's top (a compound,
% argument K cell K's); Unders, for each cell topped by the piece of the first lift
% kind, the piece under its top and its class, U-C, none for the other cells; Steps
% s(StackX, StackC, LiftX, LiftC), the piece the first stack and the first lift kind
% of KindsA put and its class (none without such a kind).
after_prepared(B, Hop, KindsA, after(Prep, Classes, Unders, Steps)) :-
    board_hops:hop_prepared(B, Hop, Prep),
    Prep = prep(v(_, Tops, _), lines(_, _, _, OntoY), _),
    Tops =.. [_|Ts],
    sort(Ts, Distinct),
    classes_of(Distinct, Hop, OntoY, Pieces),
    cell_classes(Ts, Pieces, Cs),
    Classes =.. [c|Cs],
    (  memberchk(stack(SX, _, _), KindsA) -> class(SX, Hop, OntoY, SC) ; SX = none, SC = none ),
    (  memberchk(lift(LX, _), KindsA)
    -> class(LX, Hop, OntoY, LC),
       board:board_cells(B, Cells),
       unders(Ts, 1, LX, Cells, Hop, OntoY, Us),
       Unders =.. [u|Us]
    ;  LX = none, LC = none, Unders = none
    ),
    Steps = s(SX, SC, LX, LC).

%% classes_of(+Pieces, +Hop, +OntoY, -Classes)  Piece-Class for each of Pieces.
classes_of([], _, _, []).
classes_of([P|Ps], Hop, OntoY, [P-C|Cs]) :-
    class(P, Hop, OntoY, C),
    classes_of(Ps, Hop, OntoY, Cs).

%% cell_classes(+Tops, +Pieces, -Classes)  the class of each top (Pieces holds each
% top's).
cell_classes([], _, []).
cell_classes([T|Ts], Pieces, [C|Cs]) :-
    memberchk(T-C, Pieces),
    cell_classes(Ts, Pieces, Cs).

%% unders(+Tops, +K, +LX, +Cells, +Hop, +OntoY, -Unders)  for each cell from K on,
% the piece under its top and that piece's class, U-C, when its top is LX (the piece
% the first lift kind moves), else none.
unders([], _, _, _, _, _, []).
unders([T|Ts], K, LX, Cells, Hop, OntoY, [U|Us]) :-
    (  T == LX
    -> arg(K, Cells, S),
       board_stacks:under_top(S, _, UT),
       class(UT, Hop, OntoY, UC),
       U = UT-UC
    ;  U = none
    ),
    K1 is K + 1,
    unders(Ts, K1, LX, Cells, Hop, OntoY, Us).

%% class(+Top, +Hop, +OntoY, -Class)  how the lines read a cell with this top: m as
% a part of a line (the hopping piece, or one of Over), else c(L, F): L 1 for a
% landing (one of Onto), F 1 for a free cell (one of OntoY).
class(T, hop(X, Onto, Over, _), OntoY, C) :-
    (  T == X -> C = m
    ;  memberchk(T, Over) -> C = m
    ;  ( memberchk(T, Onto) -> L = 1 ; L = 0 ),
       ( memberchk(T, OntoY) -> F = 1 ; F = 0 ),
       C = c(L, F)
    ).

%% tagged(+Records, +Act, -Edits)  x(I, Act, R) for each record R, I its place.
tagged([], _, []).
tagged([R|Rs], Act, [x(I, Act, R)|Xs]) :-
    arg(1, R, I),
    tagged(Rs, Act, Xs).

%% then_hops(+Prepared, +Hop, +MA, +KindsA, +Board, -Moves, ?Tail)  then(MA, MB) for
% each hop MB on the board the first step MA of KindsA leaves (in hop_moves/4's
% order), then Tail.
then_hops(P, Hop, MA, KindsA, B, Ms, Tail) :-
    P = after(prep(_, lines(_, Reloc, All, _), Free), _, _, _),
    (  cell_tops(MA, P, CTs),
       changes(CTs, P, Hop, [], Xs0, same, Same)
    -> (  Same == same -> Xs = Xs0, Free1 = Free
       ;  Reloc == [] -> Xs = Xs0, Free1 = Free    % no line reads the free cells
       ;  tagged(Reloc, again, Again),
          edits_merged(Xs0, Again, Xs),
          tops_of(CTs, Tops1),
          board_hops:free_after(Hop, Free, Tops1, Free1)
       ),
       (  Xs == []
       -> board_stacks:wrap_then(All, MA, Ms, Tail)
       ;  edited(Xs, 0, All, P, Hop, Free1, B, MA, Ms, Tail)
       )
    ;  board_turns:moved(MA, KindsA, B, _, B1),
       board_hops:hop_moves(B1, Hop, MBs, []),
       board_stacks:wrap_then(MBs, MA, Ms, Tail)
    ).

%% cell_tops(+MA, +Prepared, -Changes)  C-T-Class for each cell C a stack or a lift
% changes, T its new top and Class T's class.
cell_tops(stack(K), after(_, _, _, s(X, C, _, _)), [K-X-C]) :-
    X \== none.
cell_tops(lift(K, J), after(_, _, Unders, s(_, _, X, C)), [K-U-UC, J-X-C]) :-
    X \== none,
    arg(K, Unders, Under),
    Under = U-UC.

%% tops_of(+Changes, -CellTops)  C-T for each C-T-Class.
tops_of([], []).
tops_of([C-T-_|Cs], [C-T|CTs]) :- tops_of(Cs, CTs).

%% changes(+Changes, +Prepared, +Hop, +Xs0, -Xs, +Same0, -Same)  what the lines read of
% a first step's changed cells: fails when a cell of class m changes (every line is
% then walked again); Xs is Xs0 with the lines landing on each cell whose L changed,
% to add or to drop, ascending, and Same is other when some cell's F changed.
changes([], _, _, Xs, Xs, Same, Same).
changes([C-T1-C1|CTs], P, Hop, Xs0, Xs, Same0, Same) :-
    P = after(prep(v(_, Tops, _), lines(At, _, _, _), _), Classes, _, _),
    arg(C, Classes, C0),
    (  C0 == C1
    -> (  C0 == m -> arg(C, Tops, T), T == T1, Hop = hop(X, _, _, _), T \== X ; true ),
       Xs1 = Xs0, Same1 = Same0
    ;  C0 = c(L0, F0), C1 = c(L1, F1),
       (  L0 == L1 -> Xs1 = Xs0
       ;  arg(C, At, Landing),
          (  L1 == 1 -> tagged(Landing, add, Ys) ; tagged(Landing, drop, Ys) ),
          edits_merged(Ys, Xs0, Xs1)
       ),
       (  F0 == F1 -> Same1 = Same0 ; Same1 = other )
    ),
    changes(CTs, P, Hop, Xs1, Xs, Same1, Same).

%% edits_merged(+Xs1, +Xs2, -Xs)  two lists of edits, each ascending, as one; of two
% edits of one line, the first list's.
edits_merged([], Xs, Xs) :- !.
edits_merged(Xs, [], Xs) :- !.
edits_merged([X1|Xs1], [X2|Xs2], Xs) :-
    arg(1, X1, I1), arg(1, X2, I2),
    (  I1 < I2 -> Xs = [X1|Xs3], edits_merged(Xs1, [X2|Xs2], Xs3)
    ;  I2 < I1 -> Xs = [X2|Xs3], edits_merged([X1|Xs1], Xs2, Xs3)
    ;  Xs = [X1|Xs3], edits_merged(Xs1, Xs2, Xs3)
    ).

%% wrapped_n(+N, +MBs, +MA, -Moves, ?Tail)  then(MA, MB) for the first N of MBs, then
% Tail.
wrapped_n(0, _, _, Ms, Ms) :- !.
wrapped_n(N, [MB|MBs], MA, [then(MA, MB)|Ms], Tail) :-
    N1 is N - 1,
    wrapped_n(N1, MBs, MA, Ms, Tail).

%% edited(+Xs, +Pos, +Rest, +Prepared, +Hop, +Free1, +Board, +MA, -Moves, ?Tail)  the
% hops of every line, each then(MA, MB), from the one at position Pos of the board's
% hops (Rest from there), with the edits Xs (ascending) made: a line added gets its
% hops, a line dropped none, a line that relocates is tested again.
edited([], _, Rest, _, _, _, _, MA, Ms, Tail) :-
    board_stacks:wrap_then(Rest, MA, Ms, Tail).
edited([x(_, Act, r(_, K, J, Vs, Start, End, After))|Xs], Pos, Rest, P, Hop, Free1, B, MA, Ms, Tail) :-
    N is Start - Pos,
    wrapped_n(N, Rest, MA, Ms, Ms1),
    (  Act == drop -> Ms1 = Ms2
    ;  Act == again, \+ landing(P, Hop, J) -> Ms1 = Ms2
    ;  Vs == [] -> Ms1 = [then(MA, hop(K, J, []))|Ms2]
    ;  Hop = hop(X, _, _, Opts),
       findall(then(MA, hop(K, J, Ts)),
               board_hops:relocated(Opts, Free1, B, X, K, J, Vs, Ts), Hs),
       append(Hs, Ms2, Ms1)
    ),
    edited(Xs, End, After, P, Hop, Free1, B, MA, Ms2, Tail).

%% landing(+Prepared, +Hop, +J)  cell J, whose L no first step changed, is topped by
% one of Onto (as its class says, or, for a top of class m, as asked).
landing(P, Hop, J) :-
    P = after(prep(v(_, Tops, _), _, _), Classes, _, _),
    arg(J, Classes, C),
    (  C = c(L, _) -> L == 1
    ;  arg(J, Tops, T), Hop = hop(_, Onto, _, _), memberchk(T, Onto)
    ).
