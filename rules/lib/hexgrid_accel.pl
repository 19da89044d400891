%% hexgrid_accel — the native definitions of hexgrid's accelerated predicates.
%
% Each predicate here answers exactly what its pure twin in hexgrid.pl answers,
% by calling a function of the running ludolog program (src/foreign/) through
% scryer's FFI.  The empty library name opens the main program itself.
%
% scryer's library(ffi) wraps two system predicates, '$load_foreign_lib'/2 and
% '$foreign_call'/3; they are called here directly: loading library(ffi) costs
% about 20 ms of start-up (it loads library(format)), and each wrapped call one
% append/3 more.  Rule files from disk may call neither (the sandbox refuses them).
%
% The host keeps native copies of boards and names each by an integer handle
% (see hexgrid.pl).  It keeps the most recent ones only: a predicate asked
% about a handle it has dropped fails, and hexgrid falls back to the rows.

:- module(hexgrid_accel, [board_new/4, board_set/4, placements/3, place/7,
                          group_spans/4, spanning/4, distance/5, letter/2,
                          empty_count/2, nth_empty/4]).

:- use_module(library(lists)).

%% load  bind the foreign functions, once they are callable (the host calls it by
% its module; not an export, so no rule file or query binds them again).
load :-
    host:foreign_functions(hexgrid_accel, Bindings),
    '$load_foreign_lib'("", Bindings).

%% board_new(+Cells, +Cols, +Rows, -H)  a native copy of the board whose cells,
% row by row, are the characters of Cells (a list of characters, or an atom).
board_new(Cells, Cols, Rows, H) :-
    % scryer hands an integer given where text is declared to the host as a memory
    % address, and panics on a NUL: text only (an export, which untrusted code may call)
    protocol:foreign_text(Cells),
    '$foreign_call'(ludolog_hex_board_new, [Cells, Cols, Rows], H0),
    refused(H0, ludolog_hex_board_new),
    H = H0.

%% board_set(+H, +Index, +Code, -H1)  H1: the board H with the character Code on
% cell Index (row by row from 0); fails when H was dropped.
board_set(H, Index, Code, H1) :-
    '$foreign_call'(ludolog_hex_board_set, [H, Index, Code], H0),
    answer(H0, ludolog_hex_board_set),
    H1 = H0.

%% placements(+H, -Moves, ?Tail)  place(C, R) for each empty cell of board H, row
% by row, then Tail; fails when H was dropped.  The host writes the empty cells
% as letters (a = 0): for each row with empty cells, the row's letter, its empty
% columns' letters, then "/".
placements(H, Moves, Tail) :-
    '$foreign_call'(ludolog_hex_board_empties, [H], Text),
    (  Text = [k|Letters] -> rows_places(Letters, Moves, Tail)
    ;  Text = [s|_] -> fail
    ;  refused(-1, ludolog_hex_board_empties)
    ).

%% rows_places(+Letters, -Moves, ?Tail)  the moves of the rows written in Letters.
rows_places([], T, T).
rows_places([L, C|Ls], Ms, T) :- letter(L, R), column_place(C, Ls, R, Ms, T).

%% column_place(+Letter, +Letters, +R, -Moves, ?Tail)  the move on column Letter
% of row R, then those of the letters after it, up to "/".  One clause per
% letter, so that first-argument indexing picks it: a table lookup and a
% second call per cell cost a third more.
column_place('/', Ls, _, Ms, T) :- rows_places(Ls, Ms, T).
column_place(a, [L|Ls], R, [place(0,  R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(b, [L|Ls], R, [place(1,  R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(c, [L|Ls], R, [place(2,  R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(d, [L|Ls], R, [place(3,  R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(e, [L|Ls], R, [place(4,  R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(f, [L|Ls], R, [place(5,  R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(g, [L|Ls], R, [place(6,  R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(h, [L|Ls], R, [place(7,  R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(i, [L|Ls], R, [place(8,  R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(j, [L|Ls], R, [place(9,  R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(k, [L|Ls], R, [place(10, R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(l, [L|Ls], R, [place(11, R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(m, [L|Ls], R, [place(12, R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(n, [L|Ls], R, [place(13, R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(o, [L|Ls], R, [place(14, R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(p, [L|Ls], R, [place(15, R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(q, [L|Ls], R, [place(16, R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(r, [L|Ls], R, [place(17, R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(s, [L|Ls], R, [place(18, R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(t, [L|Ls], R, [place(19, R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(u, [L|Ls], R, [place(20, R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(v, [L|Ls], R, [place(21, R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(w, [L|Ls], R, [place(22, R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(x, [L|Ls], R, [place(23, R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(y, [L|Ls], R, [place(24, R)|Ms], T) :- column_place(L, Ls, R, Ms, T).
column_place(z, [L|Ls], R, [place(25, R)|Ms], T) :- column_place(L, Ls, R, Ms, T).

%% place(+H, +C, +R, +Code, +AxisCode, -H1, -Spans)  H1: board H with the stone
% of character code Code on the empty cell (C, R); Spans is true if that stone's
% group touches both edges of the axis, else false; fails when H was dropped.
place(H, C, R, Code, Axis, H1, Spans) :-
    '$foreign_call'(ludolog_hex_board_place, [H, C, R, Code, Axis], V),
    answer(V, ludolog_hex_board_place),
    H1 is V >> 1, B is V /\ 1,
    truth(B, Spans).

%% group_spans(+H, +Seed, +AxisCode, -Spans)  Spans is true if the group of the
% stone on cell Seed touches both edges of the axis (0 = vertical), else false.
group_spans(H, Seed, Axis, Spans) :-
    '$foreign_call'(ludolog_hex_board_group_spans, [H, Seed, Axis], R),
    answer(R, ludolog_hex_board_group_spans),
    truth(R, Spans).

%% spanning(+H, +StoneCode, +AxisCode, -Spans)  Spans is true if some group of
% the stone with character code StoneCode joins both edges of the axis.
spanning(H, Code, Axis, Spans) :-
    '$foreign_call'(ludolog_hex_board_spanning, [H, Code, Axis], R),
    answer(R, ludolog_hex_board_spanning),
    truth(R, Spans).

%% distance(+H, +StoneCode, +OtherCode, +AxisCode, -D)  hexgrid:distance/6 on board H.
distance(H, Stone, Other, Axis, D) :-
    '$foreign_call'(ludolog_hex_board_distance, [H, Stone, Other, Axis], D0),
    answer(D0, ludolog_hex_board_distance),
    D = D0.

%% empty_count(+H, -N)  how many cells of board H are empty; fails when H was dropped.
empty_count(H, N) :-
    '$foreign_call'(ludolog_hex_board_empty_count, [H], N0),
    answer(N0, ludolog_hex_board_empty_count),
    N = N0.

%% nth_empty(+H, +K, -C, -R)  (C, R) is the K-th empty cell of board H (from 0, row
% by row); fails when H was dropped.
nth_empty(H, K, C, R) :-
    '$foreign_call'(ludolog_hex_board_nth_empty, [H, K], V),
    answer(V, ludolog_hex_board_nth_empty),
    C is V /\ 255, R is V >> 8.

%% truth(?Int, ?Bool)  a foreign 1 or 0 as true or false.
truth(1, true).
truth(0, false).

%% answer(+Result, +Function)  fails for a dropped handle (-2); throws for
% arguments the function refused (-1).
answer(-2, _) :- !, fail.
answer(R, F) :- refused(R, F).

%% refused(+Result, +Function)  throws when the foreign function refused its arguments (-1).
refused(-1, F) :- !,
    throw(error(system_error(foreign_function_refused_its_arguments(F)), F)).
refused(_, _).

%% letter(?Letter, ?N)  letters a to z stand for 0 to 25.
letter(a, 0).  letter(b, 1).  letter(c, 2).  letter(d, 3).  letter(e, 4).
letter(f, 5).  letter(g, 6).  letter(h, 7).  letter(i, 8).  letter(j, 9).
letter(k, 10). letter(l, 11). letter(m, 12). letter(n, 13). letter(o, 14).
letter(p, 15). letter(q, 16). letter(r, 17). letter(s, 18). letter(t, 19).
letter(u, 20). letter(v, 21). letter(w, 22). letter(x, 23). letter(y, 24).
letter(z, 25).
