%% board_text — a part of board.pl: the texts the host reads to make its copy of a
% board (accelerated tier only): the grid, written once per engine and kept by the
% host under an id, and the names of a board's cells, written for each copy made.

:- module(board_text, [grid_text/3, names_chars/2]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(dcgs)).

%% grid_text(+Grid, +Marks, -Text)  the grid as the host reads it: "N D", each
% cell's marks, then each cell's neighbours in direction order (0 for none).
grid_text(G, Marks, Text) :-
    grid:grid_size(G, N),
    grid:directions_of(G, D),
    phrase(grid_chars(G, Marks, N, D), Cs),
    atom_chars(Text, Cs).

%% grid_chars(+Grid, +Marks, +N, +D)//  the characters of grid_text/3.
grid_chars(G, Marks, N, D) -->
    number_text(N), " ", number_text(D),
    mark_chars(1, N, Marks),
    step_chars(1, N, G, D).

%% mark_chars(+K, +N, +Marks)//  the marks of cells K..N.
mark_chars(K, N, _) --> { K > N }, !.
mark_chars(K, N, Marks) -->
    { ( Marks == none -> M = 0 ; arg(K, Marks, M) ), K1 is K + 1 },
    " ", number_text(M),
    mark_chars(K1, N, Marks).

%% step_chars(+K, +N, +Grid, +D)//  the neighbours of cells K..N.
step_chars(K, N, _, _) --> { K > N }, !.
step_chars(K, N, G, D) -->
    { findall(J, ( between(1, D, Dir), ( grid:step(G, K, Dir, J0) -> J = J0 ; J = 0 ) ), Js),
      K1 is K + 1 },
    numbers_text(Js),
    step_chars(K1, N, G, D).

%% numbers_text(+Ns)//  each number after a space.
numbers_text([]) --> [].
numbers_text([N|Ns]) --> " ", number_text(N), numbers_text(Ns).

%% number_text(+N)//  the digits of N.
number_text(N) --> { number_chars(N, Cs) }, Cs.

%% names_chars(+Atoms, -Chars)  the atoms' names, each after a space; fails for a
% name that is empty or holds white space.  (A board made from text, as check
% makes one at every position, writes all its cells: this costs about sixteen
% inferences a one-letter name, where a DCG cost fifty.)
names_chars([], []).
names_chars([X|Xs], [' '|Cs]) :-
    atom_chars(X, Name),
    name_chars(Name, Cs, Cs1),
    names_chars(Xs, Cs1).

%% name_chars(+Name, -Chars, ?Tail)  the characters of Name, then Tail; fails for a
% name that is empty or holds white space (a one-letter name, the usual one, first).
name_chars([C], [C|Cs], Cs) :- !, char_code(C, Code), Code > 32.
name_chars(Name, Cs, Tail) :-
    Name \== [], \+ ( member(C, Name), char_code(C, Code), Code =< 32 ),
    append(Name, Tail, Cs).
