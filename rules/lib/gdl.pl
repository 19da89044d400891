%% gdl — the KIF text of GDL facts and moves, for rule files translated from GDL
% rule sheets (src/gdl/): a symbol is written as itself, a number in decimal, a
% function term as "(name arg ...)".  Symbols of digits alone (without a leading
% zero) are numbers, as the translation makes them.

:- module(gdl, [facts//1, move//1, kif//1]).

:- use_module(library(lists)).
:- use_module(library(dcgs)).
:- use_module(library(charsio)).
:- use_module(library(between)).

%% facts(?Facts)//  the facts separated by one space; read, any blanks between
% them, and the facts sorted (a position's facts form a set).
facts(Fs) --> { nonvar(Fs) }, !, facts_out(Fs).
facts(Fs) --> blanks, facts_in(Fs0), { sort(Fs0, Fs) }.

%% facts_out(+Facts)//  each fact, a space between two.
facts_out([]) --> [].
facts_out([F|Fs]) --> kif(F), more_facts_out(Fs).

%% more_facts_out(+Facts)//  each further fact after a space.
more_facts_out([]) --> [].
more_facts_out([F|Fs]) --> " ", kif(F), more_facts_out(Fs).

%% facts_in(-Facts)//  facts up to the end of the text.
facts_in([F|Fs]) --> kif_in(F), !, blanks, facts_in(Fs).
facts_in([]) --> [].

%% move(?Move)//  a move in KIF; joint(Moves) as the moves separated by " & ".
move(M) --> { nonvar(M) }, !, move_out(M).
move(M) --> blanks, kif_in(M0), blanks, joint_in(M0, M).

%% move_out(+Move)//  the text of a move.
move_out(joint([M|Ms])) --> !, kif(M), joint_out(Ms).
move_out(M) --> kif(M).

%% joint_out(+Moves)//  each further move of a joint move after " & ".
joint_out([]) --> [].
joint_out([M|Ms]) --> " & ", kif(M), joint_out(Ms).

%% joint_in(+First, -Move)//  First alone, or joint([First, ...]) after " & ".
joint_in(M0, joint([M0|Ms])) --> "&", !, blanks, kif_in(M1), blanks, more_joint(M1, Ms).
joint_in(M, M) --> [].

%% more_joint(+M, -Moves)//  M and the moves after it.
more_joint(M, [M|Ms]) --> "&", !, blanks, kif_in(M1), blanks, more_joint(M1, Ms).
more_joint(M, [M]) --> [].

%% kif(?Term)//  a term in KIF, both ways.
kif(T) --> { nonvar(T) }, !, kif_out(T).
kif(T) --> kif_in(T).

%% kif_out(+Term)//  the text of a ground term.
kif_out(T) --> { integer(T) }, !, { number_chars(T, Cs) }, seq(Cs).
kif_out(T) --> { atom(T) }, !, { atom_chars(T, Cs) }, seq(Cs).
kif_out(T) --> { compound(T), T =.. [F|As] }, "(", kif_out(F), args_out(As), ")".

%% args_out(+Terms)//  each argument after a space.
args_out([]) --> [].
args_out([A|As]) --> " ", kif_out(A), args_out(As).

%% kif_in(-Term)//  a term read from its text.
kif_in(T) --> "(", !, blanks, symbol(F), args_in(As), ")", { atom(F), T =.. [F|As] }.
kif_in(T) --> symbol(T).

%% args_in(-Terms)//  terms up to the closing parenthesis.
args_in([A|As]) --> blanks, kif_in(A), !, args_in(As).
args_in([]) --> blanks.

%% symbol(-Symbol)//  a run of symbol characters: a number when all are digits
% (without a leading zero), else an atom.
symbol(S) --> symbol_chars([C|Cs]), { chars_symbol([C|Cs], S) }.

%% chars_symbol(+Chars, -Symbol)  the symbol the characters name.
chars_symbol(Cs, S) :-
    (  digits(Cs), ( Cs = ['0'] ; Cs \= ['0'|_] )
    -> number_chars(S, Cs)
    ;  atom_chars(S, Cs)
    ).

%% digits(+Chars)  every character is a decimal digit.
digits([]).
digits([C|Cs]) :- char_type(C, decimal_digit), digits(Cs).

%% symbol_chars(-Chars)//  the longest run of characters other than blanks,
% parentheses and "&".
symbol_chars([C|Cs]) --> [C], { \+ member(C, [' ', '\t', '\n', '(', ')', '&']) }, !, symbol_chars(Cs).
symbol_chars([]) --> [].

%% blanks//  any spaces, tabs and newlines.
blanks --> [C], { member(C, [' ', '\t', '\n']) }, !, blanks.
blanks --> [].
