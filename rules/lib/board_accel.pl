%% board_accel — the native definitions of board.pl's queries.
%
% Each predicate asks the running ludolog program (src/foreign/board_calls.rs)
% about a board it holds by handle, through scryer's FFI system predicates (as
% hexgrid_accel.pl does, for the same reasons).  Each fails when the host has
% dropped the board or refused the arguments; board.pl then reads the cells the
% pure way, which gives the answer, or the error, its pure definition gives.
%
% Lists of cells come back as text: "k", then one character per number, U+0100
% plus the number; "s" (dropped) or "x" (refused) otherwise.

:- module(board_accel, [owned/1, grid/2, new/3, set/4, set_two/6, fill/4, cell/3, letters/3, cells_of/3, count_of/3,
                        nth_of/4, steps_of/4, step_count/4, nth_step/5, ray/5, reach/4, reach_met/5, reach_met/6,
                        reach_moves/3, reach_count/3, nth_reach/4, reach_move/5,
                        run_moves/5, run_count/5, nth_run/6, run_move/7, sight_of/6,
                        sight_count/6, nth_sight/7, kinds_count/3, nth_kind/4, pick_kind/4, line_at/4,
                        group/3, group_marks/3, jumps/3, flank_moves/4, flank_count/4, nth_flank/5, flanked/5,
                        turn_playout/6, stack_moves/3, stack_count/3]).

:- use_module(library(lists)).
:- use_module(library(charsio)).
:- use_module(library(dcgs)).

%% load  bind the foreign functions, once they are callable (the host calls it by
% its module; not an export, so no rule file or query binds them again).
load :-
    host:foreign_functions(board_accel, Bindings),
    '$load_foreign_lib'("", Bindings).

%% small(@N)  N is an integer the host's 64-bit arguments hold (a larger one is for
% the pure definition: scryer would refuse to pass it).
small(N) :- integer(N), N >= -9223372036854775808, N =< 9223372036854775807.

%% name(@X)  X is an atom the host can be asked about as a cell name: not [] (which
% scryer passes as the empty text, a name no cell has).
name(X) :- atom(X), X \== [].

%% plain(@Term)  Term, written unquoted, reads back in the host as itself: lists,
% pairs A-B, on(A, B) (a mover on some cells), integers, and atoms of letters, digits and _ only, not starting with a
% digit (written unquoted, '1' would be read as the number 1).  An atom with a
% comma, a bracket or a NUL in it would be read as something else (or make scryer
% panic), so such a term is never sent: the pure definition answers for it.
plain(T) :- integer(T), !.
plain(T) :- T == [], !.
plain(T) :- atom(T), !, atom_chars(T, [C|Cs]), \+ char_type(C, decimal_digit), plain_chars([C|Cs]).
plain(T) :- nonvar(T), ( T = [H|R] ; T = H-R ; T = on(H, R) ), !, plain(H), plain(R).

%% plain_chars(+Chars)  each is a letter, a digit or _.
plain_chars([]).
plain_chars([C|Cs]) :- ( char_type(C, alnum) -> true ; C == '_' ), plain_chars(Cs).

%% owned(+H)  H is the handle of a board this engine's host made (its copy kept, or
% dropped since), not one carried from another engine or run.
owned(H) :-
    small(H),
    '$foreign_call'(ludolog_board_owned, [H], 1).

%% grid(+Text, -G)  the host's id of the grid written in Text.
grid(Text, G) :-
    protocol:foreign_text(Text),
    '$foreign_call'(ludolog_board_grid, [Text], G0), G0 > 0, G = G0.

%% new(+G, +Names, -H)  a board on grid G whose cells hold the names of Names.
new(G, Names, H) :-
    protocol:foreign_text(Names),
    '$foreign_call'(ludolog_board_new, [G, Names], H0), H0 > 0, H = H0.

%% set(+H, +K, +X, -H1)  board H with the atom X on cell K (called at every move, it
% checks only that X is an atom, not protocol:foreign_text/1's NUL: a name holding NUL
% makes scryer panic, and the host replaces the machine; board.pl checks that K is
% one of the board's cells, and scryer refuses an integer past 64 bits).
set(H, K, X, H1) :-
    name(X),
    '$foreign_call'(ludolog_board_set, [H, K, X], H0), H0 > 0, H1 = H0.

%% set_two(+H, +K1, +X1, +K2, +X2, -H1)  board H with the atom X1 on cell K1, then X2
% on cell K2, in one call and one copy (a step's two changes), checked as set/4.
set_two(H, K1, X1, K2, X2, H1) :-
    atom(X1), X1 \== [], atom(X2), X2 \== [],
    '$foreign_call'(ludolog_board_set_two, [H, K1, X1, K2, X2], H0), H0 > 0, H1 = H0.

%% fill(+H, +Ks, +X, -H1)  board H with the atom X on every cell of Ks, in one call
% and one copy; Ks go to the host one character each (U+0100 plus the cell), so
% each must be a cell number the host can name (1 to 65535).
fill(H, Ks, X, H1) :-
    atom(X), X \== [], Ks = [_|_],
    cells_chars(Ks, Cs),
    '$foreign_call'(ludolog_board_fill, [H, Cs, X], H0), H0 > 0, H1 = H0.

%% cells_chars(+Ks, -Chars)  each cell number as its character, U+0100 plus it.
cells_chars([], []).
cells_chars([K|Ks], [C|Cs]) :-
    integer(K), K >= 1, K =< 65535,
    Code is K + 256, char_code(C, Code),
    cells_chars(Ks, Cs).

%% cell(+H, +K, -X)  X is on cell K of board H.
cell(H, K, X) :-
    small(K),
    '$foreign_call'(ludolog_board_cell, [H, K], [k|Cs]),
    atom_chars(X, Cs).

%% letters(+H, +F, -Cells)  the cells of board H as the compound F(X1, ..., XN), when
% every cell's name is one character (a character is the atom of that name); fails
% when a name is longer, or the host has dropped H.
letters(H, F, Cells) :-
    '$foreign_call'(ludolog_board_letters, [H], [k|Xs]),
    Cells =.. [F|Xs].

%% count_of(+H, +X, -N)  how many cells of board H hold X.
count_of(H, X, N) :-
    name(X),
    '$foreign_call'(ludolog_board_count, [H, X], N0), N0 >= 0, N = N0.

%% nth_of(+H, +X, +I, -K)  the I-th cell (from 0) of board H holding X, or none past
% the last (so board.pl fails at once, without reading the cells the pure way).
nth_of(H, X, I, K) :-
    name(X), small(I),
    '$foreign_call'(ludolog_board_nth, [H, X, I], K0), K0 >= 0,
    (  K0 =:= 0 -> K = none ; K = K0 ).

%% steps_of(+H, +X, +Steps, -Moves)  board.pl's steps_of/4 on board H.
steps_of(H, X, Steps, Ms) :-
    name(X), steps_id(Steps, Id),
    '$foreign_call'(ludolog_board_steps, [H, X, Id], [k|Cs]),
    pairs(Cs, Ms).

%% step_count(+H, +X, +Steps, -N)  board.pl's step_count/4 on board H.
step_count(H, X, Steps, N) :-
    name(X), steps_id(Steps, Id),
    '$foreign_call'(ludolog_board_step_count, [H, X, Id], N0), N0 >= 0, N = N0.

%% nth_step(+H, +X, +Steps, +I, -Move)  board.pl's nth_step/5 on board H, or none past the last.
nth_step(H, X, Steps, I, M) :-
    name(X), small(I), steps_id(Steps, Id),
    '$foreign_call'(ludolog_board_nth_step, [H, X, Id, I], V), V >= 0,
    move(V, M).

%% flank_moves(+H, +X, +Y, -Ks)  flank.pl's flank_moves/4 on board H.
flank_moves(H, X, Y, Ks) :-
    name(X), name(Y),
    '$foreign_call'(ludolog_board_flank_moves, [H, X, Y], [k|Cs]),
    numbers(Cs, Ks).

%% flank_count(+H, +X, +Y, -N)  flank.pl's flank_count/4 on board H.
flank_count(H, X, Y, N) :-
    name(X), name(Y),
    '$foreign_call'(ludolog_board_flank_count, [H, X, Y], N0), N0 >= 0, N = N0.

%% nth_flank(+H, +X, +Y, +I, -K)  flank.pl's nth_flank/5 on board H, or none past
% the last.
nth_flank(H, X, Y, I, K) :-
    name(X), name(Y), small(I),
    '$foreign_call'(ludolog_board_nth_flank, [H, X, Y, I], K0), K0 >= 0,
    (  K0 =:= 0 -> K = none ; K = K0 ).

%% flanked(+H, +K, +X, +Y, -Ks)  flank.pl's flanked/5 on board H.
flanked(H, K, X, Y, Ks) :-
    small(K), name(X), name(Y),
    '$foreign_call'(ludolog_board_flanked, [H, K, X, Y], [k|Cs]),
    numbers(Cs, Ks).

%% steps_id(+Steps, -Id)  the host's id of a steps list, "[D-[t,t],D-[t]]" as
% written (src/foreign/board_movers.rs): registered once, and the id kept (known/3),
% as a game passes the same steps every ply and writing them costs more than the
% query.  The host refuses anything but a list of Dir-Atoms, and board.pl then
% says why.
steps_id(Steps, Id) :-
    (  known(steps, Steps, Id0)
    -> Id = Id0
    ;  plain(Steps),
       write_term_to_chars(Steps, [quoted(false)], Text),
       '$foreign_call'(ludolog_board_steps_id, [Text], Id0), Id0 > 0,
       Id = Id0,
       keep(steps, Steps, Id)
    ).

%% known(+Kind, @Key, -Value)  the Value kept for the ground Key of Kind:
% the host's id of some steps, of a movers list or of lists (a game passes the same
% ones every ply, and writing them costs more than the query).
known(Kind, Key, Value) :-
    ground(Key), kept(Kind, Key, Value0), !,
    Value = Value0.

%% keep(+Kind, @Key, +Value)  keep Value for Key, when Key is ground and fewer than 64
% of Kind are kept (else nothing).
keep(Kind, Key, Value) :-
    (  ground(Key), \+ ( findall(x, kept(Kind, _, _), Xs), length(Xs, L), L >= 64 )
    -> assertz(kept(Kind, Key, Value))
    ;  true
    ).

:- dynamic(kept/3).

%% cells_of(+H, +X, -Ks)  the cells of board H holding X, ascending.
cells_of(H, X, Ks) :-
    name(X),
    '$foreign_call'(ludolog_board_cells_of, [H, X], [k|Cs]),
    numbers(Cs, Ks).

%% ray(+H, +K, +Dir, -Empties, -Hit)  board.pl's ray/5 on board H.
ray(H, K, Dir, Es, Hit) :-
    small(K), small(Dir),
    '$foreign_call'(ludolog_board_ray, [H, K, Dir], [k, C|Cs]),
    number(C, Hit),
    numbers(Cs, Es).

%% reach(+H, +K, +Max, -Reached)  board.pl's reach/4 on board H.
reach(H, K, Max, Ps) :-
    small(K), small(Max),
    '$foreign_call'(ludolog_board_reach, [H, K, Max], [k|Cs]),
    pairs(Cs, Ps).

%% reach_met(+H, +K, +Max, -Empties, -Met)  board.pl's reach_met/5 on board H.
reach_met(H, K, Max, Es, Met) :-
    small(K), small(Max),
    '$foreign_call'(ludolog_board_reach_met, [H, K, Max], [k, C|Cs]),
    number(C, L),
    numbers(Cs, Ns),
    length(Es, L),
    append(Es, Met, Ns).

%% reach_met(+H, +K, +Max, +Through, -Empties, -Met)  board.pl's reach_met/6 on board H.
reach_met(H, K, Max, Through, Es, Met) :-
    small(K), small(Max),
    lists_id([Through], Id),
    '$foreign_call'(ludolog_board_reach_through, [H, K, Max, Id], [k, C|Cs]),
    number(C, L),
    numbers(Cs, Ns),
    length(Es, L),
    append(Es, Met, Ns).

%% reach_moves(+H, +Movers, -Moves)  board.pl's reach_moves/3 on board H.
reach_moves(H, Movers, Ms) :-
    movers_id(Movers, Id),
    '$foreign_call'(ludolog_board_reach_moves, [H, Id], [k|Cs]),
    pairs(Cs, Ms).

%% reach_count(+H, +Movers, -N)  board.pl's reach_count/3 on board H.
reach_count(H, Movers, N) :-
    movers_id(Movers, Id),
    '$foreign_call'(ludolog_board_reach_count, [H, Id], N0), N0 >= 0, N = N0.

%% nth_reach(+H, +Movers, +I, -Move)  board.pl's nth_reach/4 on board H, or none past the last.
nth_reach(H, Movers, I, M) :-
    small(I), movers_id(Movers, Id),
    '$foreign_call'(ludolog_board_nth_reach, [H, Id, I], V), V >= 0,
    move(V, M).

%% reach_move(+H, +Movers, +K, +J, -V)  V is 1 when K-J is one of board.pl's
% reach_moves/3 on board H, else 0.
reach_move(H, Movers, K, J, V) :-
    small(K), small(J), movers_id(Movers, Id),
    '$foreign_call'(ludolog_board_reach_move, [H, Id, K, J], V0), V0 >= 0, V = V0.

%% movers_id(+Movers, -Id)  the host's id of a movers list (src/foreign/board_movers.rs):
% its text is registered once, and the id kept (known/3).
movers_id(Movers, Id) :-
    (  known(movers, Movers, Id0)
    -> Id = Id0
    ;  plain(Movers),
       write_term_to_chars(Movers, [quoted(false)], Text),
       '$foreign_call'(ludolog_board_movers, [Text], Id0), Id0 > 0,
       Id = Id0,
       keep(movers, Movers, Id)
    ).

%% run_moves(+H, +Pieces, +Dirs, +Past, -Moves)  board.pl's run_moves/5 on board H.
run_moves(H, Pieces, Dirs, Past, Ms) :-
    lists_id([Pieces, Dirs, Past], Id),
    '$foreign_call'(ludolog_board_run_moves, [H, Id], [k|Cs]),
    pairs(Cs, Ms).

%% run_count(+H, +Pieces, +Dirs, +Past, -N)  board.pl's run_count/5 on board H.
run_count(H, Pieces, Dirs, Past, N) :-
    lists_id([Pieces, Dirs, Past], Id),
    '$foreign_call'(ludolog_board_run_count, [H, Id], N0), N0 >= 0, N = N0.

%% nth_run(+H, +Pieces, +Dirs, +Past, +I, -Move)  board.pl's nth_run/6 on board H, or
% none past the last.
nth_run(H, Pieces, Dirs, Past, I, M) :-
    small(I), lists_id([Pieces, Dirs, Past], Id),
    '$foreign_call'(ludolog_board_nth_run, [H, Id, I], V), V >= 0,
    move(V, M).

%% move(+V, -Move)  the move K-J the host wrote as K * 256 + J, or none for 0 (past
% the last move: board.pl then fails at once, without listing the moves the pure way).
move(0, none) :- !.
move(V, K-J) :- K is V >> 8, J is V /\ 255.

%% run_move(+H, +Pieces, +Dirs, +Past, +K, +J, -V)  V is 1 when K-J is one of
% board.pl's run_moves/5 on board H, else 0.
run_move(H, Pieces, Dirs, Past, K, J, V) :-
    small(K), small(J), lists_id([Pieces, Dirs, Past], Id),
    '$foreign_call'(ludolog_board_run_move, [H, Id, K, J], V0), V0 >= 0, V = V0.

%% sight_count(+H, +From, +Dirs, +Through, +Seen, -N)  board.pl's sight_count/6 on board H.
sight_count(H, From, Dirs, Through, Seen, N) :-
    lists_id([From, Dirs, Through, Seen], Id),
    '$foreign_call'(ludolog_board_sight_count, [H, Id], N0), N0 >= 0, N = N0.

%% nth_sight(+H, +From, +Dirs, +Through, +Seen, +I, -K)  board.pl's nth_sight/7 on board
% H, or none past the last.
nth_sight(H, From, Dirs, Through, Seen, I, K) :-
    small(I), lists_id([From, Dirs, Through, Seen], Id),
    '$foreign_call'(ludolog_board_nth_sight, [H, Id, I], K0), K0 >= 0,
    (  K0 =:= 0 -> K = none ; K = K0 ).

%% kinds_count(+H, +Kinds, -N)  board.pl's moves_count/3 on board H.
kinds_count(H, Kinds, N) :-
    kinds_id(Kinds, Id),
    '$foreign_call'(ludolog_board_kinds_count, [H, Id], N0), N0 >= 0, N = N0.

%% nth_kind(+H, +Kinds, +I, -Move)  board.pl's nth_move/4 on board H, or none past the
% last.
nth_kind(H, Kinds, I, M) :-
    small(I), kinds_id(Kinds, Id),
    '$foreign_call'(ludolog_board_nth_kind, [H, Id, I], V), V >= 0,
    kind_move(V, M).

%% pick_kind(+H, +Kinds, +R, -Move)  board.pl's pick_move/4 on board H, or none when
% there is no move.
pick_kind(H, Kinds, R, M) :-
    small(R), kinds_id(Kinds, Id),
    '$foreign_call'(ludolog_board_pick_kind, [H, Id, R], V), V >= 0,
    kind_move(V, M).

%% kind_move(+V, -Move)  the move the host wrote as V: again(K-J-L) for 2^24 + K *
% 65536 + J * 256 + L, sight(K) for 65536 + K, run(K-J) for K * 256 + J, none for 0
% (past the last).
kind_move(0, none) :- !.
kind_move(V, again(K-J-L)) :- V >= 16777216, !,
    W is V - 16777216, K is W >> 16, J is (W >> 8) /\ 255, L is W /\ 255.
kind_move(V, sight(K)) :- V >= 65536, !, K is V - 65536.
kind_move(V, run(K-J)) :- K is V >> 8, J is V /\ 255.

%% kinds_id(+Kinds, -Id)  the host's id of a list of move kinds: each kind's lists
% registered (lists_id/2), then the kinds as one list of numbers, a kind (1 runs,
% 2 sight) and the id of its lists for each; kept (known/3).  Fails for a kind it
% does not know, which board.pl's pure definition then names.
kinds_id(Kinds, Id) :-
    (  known(kinds, Kinds, Id0)
    -> Id = Id0
    ;  ground(Kinds),
       maplist(kind_ids, Kinds, Pairs),
       append(Pairs, Ns),
       lists_id([Ns], Id0),
       Id = Id0,
       keep(kinds, Kinds, Id)
    ).

%% kind_ids(+Kind, -Pair)  a move kind as the host reads it: [1, Id] for
% runs(Pieces, Dirs, Past), [2, Id] for sight(From, Dirs, Through, Seen), [3, Id]
% for runs(Runs) (five lists a run, run_lists//1), [4, Id] for runs(Runs, again(Ps,
% Runs2, stop(Takes, Cells))) (the ids of the two runs' lists, then Ps, Takes, Cells).
kind_ids(Kind, [1, Id]) :- nonvar(Kind), Kind = runs(Ps, Ds, Past), lists_id([Ps, Ds, Past], Id).
kind_ids(Kind, [3, Id]) :-
    nonvar(Kind), Kind = runs(Runs), phrase(run_lists(Runs), Lists), lists_id(Lists, Id).
kind_ids(Kind, [2, Id]) :- nonvar(Kind), Kind = sight(F, Ds, T, S), lists_id([F, Ds, T, S], Id).
kind_ids(Kind, [4, Id]) :-
    nonvar(Kind), Kind = runs(Runs, Again),
    nonvar(Again), Again = again(Ps, Runs2, Stop), nonvar(Stop), Stop = stop(Takes, Cells),
    phrase(run_lists(Runs), L1), lists_id(L1, Id1),
    phrase(run_lists(Runs2), L2), lists_id(L2, Id2),
    lists_id([[Id1, Id2], Ps, Takes, Cells], Id).

%% run_lists(+Runs)//  the lists of each run as the host reads them (src/foreign/
% board_list_calls.rs): its pieces, directions and pieces run past, then [0] and []
% for run/3, [1] and what the end may hold for run/4; fails on anything else.
run_lists([]) --> [].
run_lists([R|Rs]) --> { nonvar(R) }, run_list(R), run_lists(Rs).

%% run_list(+Run)//  one run's five lists.
run_list(run(Ps, Ds, Past)) --> [Ps, Ds, Past, [0], []].
run_list(run(Ps, Ds, Past, Onto)) --> [Ps, Ds, Past, [1], Onto].

%% sight_of(+H, +From, +Dirs, +Through, +Seen, -Ks)  board.pl's sight_of/6 on board H.
sight_of(H, From, Dirs, Through, Seen, Ks) :-
    lists_id([From, Dirs, Through, Seen], Id),
    '$foreign_call'(ludolog_board_sight, [H, Id], [k|Cs]),
    numbers(Cs, Ks).

%% line_at(+H, +K, +Dirs, -N)  board.pl's line_at/4 on board H.
line_at(H, K, Dirs, N) :-
    small(K), lists_id([Dirs], Id),
    '$foreign_call'(ludolog_board_line, [H, K, Id], N0), N0 >= 0, N = N0.

%% lists_id(+Lists, -Id)  the host's id of a list of lists of names and numbers,
% kept like movers_id/2's.
lists_id(Lists, Id) :-
    (  known(lists, Lists, Id0)
    -> Id = Id0
    ;  plain(Lists),
       write_term_to_chars(Lists, [quoted(false)], Text),
       '$foreign_call'(ludolog_board_lists, [Text], Id0), Id0 > 0,
       Id = Id0,
       keep(lists, Lists, Id)
    ).

%% group(+H, +K, -Ks)  board.pl's group/3 on board H.
group(H, K, Ks) :-
    small(K),
    '$foreign_call'(ludolog_board_group, [H, K], [k|Cs]),
    numbers(Cs, Ks).

%% group_marks(+H, +K, -M)  board.pl's group_marks/3 on board H.
group_marks(H, K, M) :-
    small(K),
    '$foreign_call'(ludolog_board_group_marks, [H, K], M0), M0 >= 0, M = M0.

%% jumps(+H, +K, -Jumps)  board.pl's jumps/3 on board H.
jumps(H, K, Js) :-
    small(K),
    '$foreign_call'(ludolog_board_jumps, [H, K], [k|Cs]),
    pairs(Cs, Js).

%% numbers(+Chars, -Ns)  the numbers the characters stand for.
numbers([], []).
numbers([C|Cs], [N|Ns]) :- number(C, N), numbers(Cs, Ns).

%% pairs(+Chars, -Pairs)  A-B for each two numbers in turn.
pairs([], []).
pairs([A, B|Cs], [X-Y|Ps]) :- number(A, X), number(B, Y), pairs(Cs, Ps).

%% number(+Char, -N)  the number a character stands for.
number(C, N) :- char_code(C, Code), N is Code - 256.

%% turn_playout(+H, +Turns, +Seed, +Max, -Plies, -Status)  board.pl's turn_playout/6 on
% board H: one call, the whole game played by the host (src/foreign/board_turns.rs).
turn_playout(H, Turns, Seed, Max, Plies, Status) :-
    small(Seed), small(Max),
    turns_id(Turns, Id),
    '$foreign_call'(ludolog_board_playout, [H, Id, Seed, Max], R), R >= 0,
    Plies is R >> 8, Code is R /\ 255,
    turn_status(Code, Turns, Status).

%% stack_moves(+H, +Kind, -Moves)  board_stacks.pl's moves of one of its kinds on
% board H, listed by the host (src/foreign/board_stacks.rs), in the same order.
stack_moves(H, Kind, Ms) :-
    turns_id([turn(p, [Kind], [])], Id),
    '$foreign_call'(ludolog_board_stack_moves, [H, Id], [k|Cs]),
    numbers(Cs, Ns),
    phrase(stack_move_list(Ms), Ns).

%% stack_count(+H, +Kind, -N)  how many moves stack_moves/3 gives, without listing them.
stack_count(H, Kind, N) :-
    turns_id([turn(p, [Kind], [])], Id),
    '$foreign_call'(ludolog_board_stack_count, [H, Id], N0), N0 >= 0, N = N0.

%% stack_move_list(-Moves)//  the moves the host wrote as numbers: each step 1 K (a
% stack), 2 K J (a lift) or 3 K J N T1..TN (a hop), two steps led by 4 (a then).
stack_move_list([]) --> [].
stack_move_list([M|Ms]) --> stack_move(M), stack_move_list(Ms).

%% stack_move(-Move)//  one move.
stack_move(then(A, B)) --> [4], !, stack_step(A), stack_step(B).
stack_move(M) --> stack_step(M).

%% stack_step(-Step)//  one step.
stack_step(stack(K)) --> [1, K].
stack_step(lift(K, J)) --> [2, K, J].
stack_step(hop(K, J, Ts)) --> [3, K, J, N], { length(Ts, N) }, seq(Ts).

%% turn_status(+Code, +Turns, -Status)  the status the host's code names: 0 going on,
% 1 a draw, 2 + I won by the player of the I-th turn.
turn_status(0, _, ongoing).
turn_status(1, _, draw).
turn_status(C, Turns, won(P)) :- C >= 2, I is C - 2, nth0(I, Turns, turn(P, _, _)).

%% turns_id(+Turns, -Id)  the host's id of a list of turns, written once as words
% (turn_words//1) and the id kept (known/3).
turns_id(Turns, Id) :-
    (  known(turns, Turns, Id0)
    -> Id = Id0
    ;  ground(Turns), phrase(turn_words(Turns), Words), plain(Words),
       write_term_to_chars(Words, [quoted(false)], Text),
       '$foreign_call'(ludolog_board_turns, [Text], Id0), Id0 > 0,
       Id = Id0,
       keep(turns, Turns, Id)
    ).

%% turn_words(+Turns)//  the words of turns, as src/foreign/board_turns.rs reads them:
% each list led by its length.
turn_words([]) --> [].
turn_words([turn(P, Kinds, Ends)|Ts]) -->
    [turn, P], counted(Kinds, kind_words), counted(Ends, end_words), turn_words(Ts).

%% counted(+Items, +Words)//  the length of Items, then each item's words.
counted(Items, Words) --> { length(Items, N) }, [N], each(Items, Words).

%% each(+Items, +Words)//  each item's words in turn.
each([], _) --> [].
each([I|Is], Words) --> call(Words, I), each(Is, Words).

%% kind_words(+Kind)//  a kind of move.
kind_words(put(X)) --> [put, X].
kind_words(drop(X, Dir)) --> [drop, X, Dir].
kind_words(step(X, Steps)) --> [step, X], counted(Steps, step_words).
kind_words(flank(X, Y)) --> [flank, X, Y].
kind_words(pass) --> [pass].
kind_words(stack(X, Max, Onto)) --> [stack, X, Max], counted(Onto, name_word).
kind_words(lift(X, Onto)) --> [lift, X], counted(Onto, name_word).
kind_words(hop(X, Onto, Over, Opts)) -->
    [hop, X], counted(Onto, name_word), counted(Over, name_word), counted(Opts, option_words).
kind_words(then(KindsA, KindsB)) --> [then], counted(KindsA, kind_words), counted(KindsB, kind_words).

%% option_words(+Option)//  an option of a hop.
option_words(still(M)) --> [still, M].
option_words(guard(Y, M)) --> [guard, Y, M].
option_words(relocate(Y, Onto)) --> [relocate, Y], counted(Onto, name_word).

%% step_words(+Dir-Targets)//  a step.
step_words(Dir-Ts) --> [Dir], counted(Ts, name_word).

%% name_word(+X)//  a name, or a number.
name_word(X) --> [X].

%% end_words(+End)//  an end.
end_words(line(N, Dirs)) --> [line, N], counted(Dirs, name_word).
end_words(arrive(Ks)) --> [arrive], counted(Ks, name_word).
end_words(edge(Dir)) --> [edge, Dir].
end_words(joins(Mask)) --> [joins, Mask].
end_words(gone(X)) --> [gone, X].
end_words(full) --> [full].
end_words(stuck) --> [stuck].
end_words(count(X, Y)) --> [count, X, Y].
end_words(gather(X, M)) --> [gather, X, M].
end_words(filled(M, Tops)) --> [filled, M], counted(Tops, name_word).
end_words(lose(End)) --> [lose], end_words(End).
