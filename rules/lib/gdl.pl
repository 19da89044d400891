%% gdl — the KIF text of GDL facts and moves, for rule files translated from GDL
% rule sheets (src/gdl/): a symbol is written as itself, a number in decimal, a
% function term as "(name arg ...)".  Symbols of digits alone (without a leading
% zero) are numbers, as the translation makes them.  And the renderers' view of a
% position: its board, if the sheet has one, and its facts as text.

:- module(gdl, [facts//1, move//1, kif//1, view/4]).

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

%% view(+Facts, +Board, +Roles, -View)  the renderers' view of a position's facts.
% With Board board(Name, Xs, Ys) (the sheet's fact of a square and the columns and
% rows it can name), a square board: each fact (Name X Y Mark) puts a piece named
% Mark on the square of column X (left to right) and row Y (bottom to top), the
% common convention of GGP sheets; b, blank, empty or no
% fact leave it empty; columns and rows in the standard order of terms (numbers by
% value, then symbols in alphabetical order).  The other facts are listed under it,
% one text(Line) each.  With Board none, or a board of more than 4096 squares,
% every fact is listed.
view(Fs, board(Name, Xs0, Ys0), Rs, view(square, NX, NY, Cells, Info)) :-
    findall(X-Y-M, ( member(F, Fs), square_fact(F, Name, X, Y, M) ), On),
    findall(X, member(X-_-_, On), Xs1), append(Xs0, Xs1, Xs2), sort(Xs2, Xs),
    findall(Y, member(_-Y-_, On), Ys1), append(Ys0, Ys1, Ys2), sort(Ys2, Ys),
    length(Xs, NX), length(Ys, NY), NX > 0, NY > 0, NX * NY =< 4096, !,
    column_labels(Xs, Cs), row_labels(Ys, Ls),
    findall(cell(C, R, Square, Pieces),
            ( nth0(C, Xs, X), nth0(K, Ys, Y), R is NY - 1 - K,
              nth0(C, Cs, CL), nth0(K, Ls, RL), atom_concat(CL, RL, Square),
              findall(P, ( member(X-Y-M, On), mark_piece(M, P) ), Pieces) ),
            Cells),
    findall(M, ( member(_-_-M, On), \+ blank(M) ), Ms0), sort(Ms0, Ms),
    findall(P = G, ( member(M, Ms), mark_piece(M, P), mark_glyph(M, G) ), Glyphs),
    findall(A = Colour, ( member(M, Ms), mark_name(M, A), mark_colour(A, Rs, Colour) ), Colours),
    findall(text(T), ( member(F, Fs), \+ square_fact(F, Name, _, _, _), fact_text(F, T) ), Texts),
    append([glyphs(Glyphs), colours(Colours)], Texts, Info).
view(Fs, _, _, view(square, 1, 1, [], Info)) :-
    findall(text(T), ( member(F, Fs), fact_text(F, T) ), Info0),
    (  Info0 == [] -> Info = [text('no fact is true')] ; Info = Info0 ).

%% square_fact(+Fact, +Name, -X, -Y, -Mark)  Fact is (Name X Y Mark), X and Y symbols.
square_fact(F, Name, X, Y, M) :-
    compound(F), F =.. [Name, X, Y, M], atomic(X), atomic(Y).

%% blank(+Mark)  Mark leaves its square empty.
blank(b).
blank(blank).
blank(empty).

%% mark_piece(+Mark, -Piece)  the piece Mark puts on a square: Kind(Owner), both
% the mark's name; fails for a blank.
mark_piece(M, P) :- \+ blank(M), mark_name(M, A), P =.. [A, A].

%% mark_name(+Mark, -Name)  the name of a mark: its symbol, or its text in KIF.
mark_name(M, M) :- atom(M), !.
mark_name(M, A) :- fact_text(M, A).

%% fact_text(+Fact, -Text)  a fact (or any term) in KIF, as an atom.
fact_text(F, T) :- phrase(kif_out(F), Cs), atom_chars(T, Cs).

%% mark_glyph(+Mark, -Glyph)  the letter text drawings show a mark by: the first
% letter or digit of its name, else ?.
mark_glyph(M, G) :-
    mark_name(M, A), atom_chars(A, Cs),
    (  member(G, Cs), letter_or_digit(G) -> true ; G = '?' ).

%% letter_or_digit(+Char)  Char is an ASCII letter or digit.
letter_or_digit(C) :-
    char_code(C, K),
    ( K >= 0'a, K =< 0'z ; K >= 0'A, K =< 0'Z ; K >= 0'0, K =< 0'9 ), !.

%% mark_colour(+Name, +Roles, -Colour)  the colour of a mark not named by a colour:
% a role's by the role's place in the sheet, any other's by its letters.
mark_colour(A, Rs, Colour) :-
    \+ colour_name(A),
    palette(P), length(P, N),
    (  nth0(I0, Rs, A) -> I = I0
    ;  atom_codes(A, Codes), sum_list(Codes, S), I = S
    ),
    K is I mod N, nth0(K, P, Colour).

%% palette(-Colours)  the colours marks are drawn in, a role's the first ones.
palette([red, blue, gold, green, purple, orange, teal, brown, magenta, navy]).

%% colour_name(?Name)  marks drawn in the colour they name.
colour_name(white).
colour_name(black).
colour_name(red).
colour_name(blue).
colour_name(green).
colour_name(yellow).
colour_name(gold).
colour_name(orange).
colour_name(purple).
colour_name(brown).
colour_name(pink).

%% column_labels(+Xs, -Labels)  the letters naming the columns: their own names
% when every one is a word of lower-case letters, else a, b, c, ... in order.
column_labels(Xs, Xs) :- maplist(word, Xs), !.
column_labels(Xs, Ls) :- length(Xs, N), N1 is N - 1, findall(L, ( between(0, N1, I), letters(I, L) ), Ls).

%% word(+X)  X is an atom of lower-case ASCII letters.
word(X) :-
    atom(X), atom_chars(X, Cs), Cs \== [],
    \+ ( member(C, Cs), \+ ( char_code(C, K), K >= 0'a, K =< 0'z ) ).

%% letters(+I, -Label)  the I-th column's letters (from 0): a to z, then aa, ab, ...
letters(I, L) :- I < 26, !, C is 0'a + I, atom_codes(L, [C]).
letters(I, L) :- Hi is I // 26 - 1, Lo is I mod 26, letters(Hi, H), letters(Lo, T), atom_concat(H, T, L).

%% row_labels(+Ys, -Labels)  the numbers naming the rows: their own when every one
% is a whole number from 0, else 1, 2, 3, ... from the bottom.
row_labels(Ys, Ls) :-
    \+ ( member(Y, Ys), \+ ( integer(Y), Y >= 0 ) ), !,
    findall(L, ( member(Y, Ys), number_codes(Y, Cs), atom_codes(L, Cs) ), Ls).
row_labels(Ys, Ls) :-
    length(Ys, N),
    findall(L, ( between(1, N, K), number_codes(K, Cs), atom_codes(L, Cs) ), Ls).
