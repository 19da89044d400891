%% notation — the text of positions and moves that most games share: natural
% numbers, run-length rows of cells, and the " won=P" mark.  A rule file that
% says `requires(notation).` calls these as notation:natural(N) and so on.

:- module(notation, []).

:- use_module(library(lists)).
:- use_module(library(dcgs)).

%% natural(?N)//  a positive integer without leading zeros.
natural(N) --> { integer(N) }, !, { number_chars(N, Ds) }, seq(Ds).
natural(N) --> [D], { member(D, "123456789") }, digits(Ds), { number_chars(N, [D|Ds]) }.

%% digits(-Digits)//  the longest run of decimal digits, as chars.
digits([D|Ds]) --> [D], { member(D, "0123456789") }, !, digits(Ds).
digits([]) --> [].
