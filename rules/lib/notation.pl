%% notation — the text of positions and moves that most games share: natural
% numbers, cell names such as "b3", run-length rows of cells, and the " won=P"
% mark.  A rule file that says `requires(notation).` calls these as
% notation:natural(N) and so on.
%
% Cells: a column letter (a for column 0, one letter, so at most 26 columns) and a
% row number from 1.  Which row a number names, counted from the top or from the
% bottom, is the game's; so is the case of the letter (lower, upper, or when read,
% either).
%
% Rows: a board is written as its rows, top first, separated by "/"; in a row
% each maximal run of empty cells (e) is its length (no leading zero) and any
% other cell its letter: "r2/3/1b1" is three rows of 3 cells.
% A game names its letters as a list of Cell-Letter pairs, such as [r-r, b-b]
% or [circle(red)-'C', ...].  The letters are data, not a closure: the built-in
% copy of this library is not checked by the sandbox, so it calls no goal that
% a rule file hands it.

:- module(notation, [natural//1, count//1, digits//1, column//1, column//2, square//1,
                     square//2, rows_out//2, rows_in//3, won//2]).

:- use_module(library(lists)).
:- use_module(library(dcgs)).

%% square(?C-K)//  a square as a file letter (a is column 0) and a rank number
% (from 1), both ways: "b3" is 1-3.  (square(lower, C-K) written out, as column//1
% is column(lower, C): one call less in every move text.)
square(C-K) --> { integer(C) }, !, { Code is 0'a + C, char_code(L, Code) }, [L], natural(K).
square(C-K) --> [L], { char_code(L, Code), Code >= 0'a, Code =< 0'z, C is Code - 0'a }, natural(K).

%% square(+Case, ?C-K)//  a square with its file letter in Case (see column//2).
square(Case, C-K) --> { integer(C) }, !,
    { letter_base(Case, Base), Code is Base + C, char_code(L, Code) }, [L], natural(K).
square(Case, C-K) --> [L], { char_code(L, Code), letter_column(Case, Code, C) }, natural(K).

%% column(?C)//  a column's letter, a for column 0, both ways.
column(C) --> { integer(C) }, !, { Code is 0'a + C, char_code(L, Code) }, [L].
column(C) --> [L], { char_code(L, Code), Code >= 0'a, Code =< 0'z, C is Code - 0'a }.

%% column(+Case, ?C)//  a column's letter in Case, lower (a for column 0) or upper
% (A); read, also either (a or A).
column(Case, C) --> { integer(C) }, !,
    { letter_base(Case, Base), Code is Base + C, char_code(L, Code) }, [L].
column(Case, C) --> [L], { char_code(L, Code), letter_column(Case, Code, C) }.

%% letter_base(+Case, -Code)  the code of the letter of column 0 as Case writes it.
letter_base(lower, 0'a).
letter_base(upper, 0'A).
letter_base(either, 0'a).

%% letter_column(+Case, +Code, -C)  the column (from 0) of a letter's code read in Case.
letter_column(lower, Code, C) :- Code >= 0'a, Code =< 0'z, C is Code - 0'a.
letter_column(upper, Code, C) :- Code >= 0'A, Code =< 0'Z, C is Code - 0'A.
letter_column(either, Code, C) :-
    (  letter_column(lower, Code, C0) -> C = C0
    ;  letter_column(upper, Code, C)
    ).

%% natural(?N)//  a positive integer without leading zeros (read digit by digit: a
% cell name's row is read in every move text).
natural(N) --> { integer(N), N > 0, N < 10 }, !, { Code is 0'0 + N, char_code(D, Code) }, [D].
natural(N) --> { integer(N) }, !, { number_chars(N, Ds) }, seq(Ds).
natural(N) --> [D], { digit(D, V), V > 0 }, more_digits(V, N).

%% more_digits(+V0, -N)//  the value N of the digits read so far (V0) and the longest
% run of digits that follows.
more_digits(V0, N) --> [D], { digit(D, V) }, !, { V1 is V0 * 10 + V }, more_digits(V1, N).
more_digits(N, N) --> [].

%% count(?N)//  a natural number, 0 included, without leading zeros.
count(0) --> "0", !.
count(N) --> natural(N).

%% digits(-Digits)//  the longest run of decimal digits, as chars.
digits([D|Ds]) --> [D], { digit(D, _) }, !, digits(Ds).
digits([]) --> [].

%% digit(?Char, ?Value)  a decimal digit and its value (a table: one indexed look-up).
digit('0', 0).
digit('1', 1).
digit('2', 2).
digit('3', 3).
digit('4', 4).
digit('5', 5).
digit('6', 6).
digit('7', 7).
digit('8', 8).
digit('9', 9).

%% rows_out(+Rows, +Letters)//  Rows, each a list of cells, written as rows (see
% above); a cell other than e is written as its letter L, X-L in Letters.
rows_out([Row|Rows], Ls) --> row_out(Row, 0, Ls), more_rows_out(Rows, Ls).

%% more_rows_out(+Rows, +Letters)//  each further row after a "/".
more_rows_out([], _) --> [].
more_rows_out([Row|Rows], Ls) --> "/", row_out(Row, 0, Ls), more_rows_out(Rows, Ls).

%% row_out(+Cells, +Run, +Letters)//  the cells of a row after a run of Run empty cells.
row_out([], Run, _) --> run_out(Run).
row_out([e|Xs], Run, Ls) --> !, { Run1 is Run + 1 }, row_out(Xs, Run1, Ls).
row_out([X|Xs], Run, Ls) --> run_out(Run), { memberchk(X-L, Ls) }, [L], row_out(Xs, 0, Ls).

%% run_out(+Run)//  a run of empty cells as its length; nothing for 0.
run_out(0) --> !.
run_out(N) --> natural(N).

%% rows_in(+Lengths, -Rows, +Letters)//  the rows rows_out//2 writes, one of each
% length in Lengths; a run must fit in its row and be followed by a letter or the
% row's end (runs are maximal), so every board has exactly one text.
rows_in([K|Ks], [Row|Rows], Ls) --> row_in(K, Row, Ls), more_rows_in(Ks, Rows, Ls).

%% more_rows_in(+Lengths, -Rows, +Letters)//  each further row after a "/".
more_rows_in([], [], _) --> [].
more_rows_in([K|Ks], [Row|Rows], Ls) --> "/", row_in(K, Row, Ls), more_rows_in(Ks, Rows, Ls).

%% row_in(+K, -Cells, +Letters)//  the next K cells of a row, letters and runs.
row_in(0, [], _) --> !.
row_in(K, [X|Xs], Ls) --> [L], { memberchk(X-L, Ls) }, !, { K1 is K - 1 }, row_in(K1, Xs, Ls).
row_in(K, Xs, Ls) -->
    natural(Run),
    { Run =< K, empties(Run, Xs, Xs1), K1 is K - Run },
    after_run(K1, Xs1, Ls).

%% after_run(+K, -Cells, +Letters)//  the K cells after a run: none, or a letter first.
after_run(0, [], _) --> !.
after_run(K, [X|Xs], Ls) --> [L], { memberchk(X-L, Ls) }, { K1 is K - 1 }, row_in(K1, Xs, Ls).

%% empties(+N, -Cells, ?Tail)  N empty cells, then Tail.
empties(0, Xs, Xs) :- !.
empties(N, [e|Es], Xs) :- N1 is N - 1, empties(N1, Es, Xs).

%% won(?Status, +Players)//  " won=P" for the status won(P), nothing for ongoing;
% read, won(P) for P one of Players after " won=", else ongoing.
won(Status, Ps) --> { var(Status) }, !, won_in(Status, Ps).
won(ongoing, _) --> [].
won(won(P), _) --> " won=", { atom_chars(P, Cs) }, seq(Cs).

%% won_in(-Status, +Players)//  won(P) after " won=P", else ongoing.
won_in(won(P), Ps) --> " won=", !, { member(P, Ps), atom_chars(P, Cs) }, seq(Cs).
won_in(ongoing, _) --> [].
