%% repl_tools — builtins of SWI-Prolog's top level that scryer lacks or has narrower,
% for the REPL's prompt: between/3 counting without end (High = inf or infinite).
%
% The user module imports between/3 from here instead of library(between), so a
% query, a typed clause and a [user] block all see it; the sandbox knows it as the
% library's between/3 (it calls no goal).

:- module(repl_tools, [between/3]).

:- use_module(library(between), []).
:- use_module(library(error)).

%% between(+Low, +High, ?X)  Low =< X =< High for integers, as SWI-Prolog has it: High
% may be inf or infinite, and X then counts up from Low without end.
between(L, H, X) :-
    (  ( H == inf ; H == infinite )
    -> catch(( must_be(integer, L), can_be(integer, X) ), error(E, _),
             throw(error(E, context(between/3, _)))),
       (  integer(X) -> X >= L ; count_from(L, X) )
    ;  between:between(L, H, X)
    ).

%% count_from(+Low, -X)  X is Low, then Low + 1, and so on.
count_from(L, L).
count_from(L, X) :- L1 is L + 1, count_from(L1, X).
