%% accel — the native definitions of hexgrid's accelerated predicates.
%
% Each predicate here answers exactly what its pure twin in hexgrid.pl answers,
% by calling a function of the running ludolog program (src/foreign/) through
% scryer's FFI.  The empty library name opens the main program itself.

:- module(accel, [load/0, empty_cells/3, group_spans/5, spanning/5, native_best/4]).

:- use_module(library(ffi)).
:- use_module(library(charsio)).
:- use_module(library(lists)).

%% load  bind the foreign functions; succeeds once they are callable.
load :-
    use_foreign_module("", [
        ludolog_hex_empty_cells([cstr, i64], cstr),
        ludolog_hex_group_spans([cstr, i64, i64, i64, i64], i64),
        ludolog_hex_spanning([cstr, i64, i64, i64, i64], i64),
        ludolog_native_best([cstr, cstr, i64], cstr)
    ]).

%% empty_cells(+BoardAtom, +Cols, -Cells)  the empty cells C-R, row by row.
empty_cells(Atom, Cols, Cells) :-
    ffi:ludolog_hex_empty_cells(Atom, Cols, Chars),
    read_term_from_chars(Chars, Cells0, []),
    answer(Cells0, Cells, ludolog_hex_empty_cells).

%% group_spans(+BoardAtom, +Cols, +Rows, +Seed, +AxisCode)
% the group of the stone on Seed touches both edges of the axis (0 = vertical).
group_spans(Atom, Cols, Rows, Seed, Axis) :-
    ffi:ludolog_hex_group_spans(Atom, Cols, Rows, Seed, Axis, R),
    answer(R, 1, ludolog_hex_group_spans).

%% spanning(+BoardAtom, +Cols, +Rows, +StoneCode, +AxisCode)
% some group of the stone with character code StoneCode joins both edges.
spanning(Atom, Cols, Rows, Code, Axis) :-
    ffi:ludolog_hex_spanning(Atom, Cols, Rows, Code, Axis, R),
    answer(R, 1, ludolog_hex_spanning).

%% answer(+Result, ?Value, +Function)  a foreign result; its error value becomes an exception.
answer(R, _, F) :- ( R == -1 ; R == error ), !,
    throw(error(system_error(foreign_function_refused_its_arguments(F)), F)).
answer(R, R, _).

%% native_best(+Game, +PositionText, +Depth, -MoveText)
% the native engine's alpha-beta choice on a position text (MoveText is "none"
% when the game is over); a bad game or position throws.
native_best(Game, Position, Depth, Move) :-
    ffi:ludolog_native_best(Game, Position, Depth, Move0),
    (  append("error: ", Why, Move0)
    -> throw(error(domain_error(native_position, Position), context(native_best/4, Why)))
    ;  Move = Move0
    ).
