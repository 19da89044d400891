%% repl_tools — builtins of SWI-Prolog's top level that scryer lacks or has narrower,
% for the REPL's prompt: between/3 counting without end (High = inf or infinite), the
% top-level variables $X (the value X had in the latest answer that bound it),
% read/1 and read_term/2 reading a term the user types after |: (typed_term/1,2: the
% sandbox sends a query's read/1, read_term/2 and their user_input forms there, and
% terminal_reads/2 does under --trust), and
% library(format)'s format_//2, format/2,3 and portray_clause/1, which load it when
% first called, as SWI-Prolog autoloads: it takes about 27 ms to load, a tenth of the
% REPL's start, and the first answer needs none of it.  The other REPL modules print
% through these too (loaded first, this module calls none of theirs).
%
% The user module imports between/3 from here instead of library(between), so a
% query, a typed clause and a [user] block all see it; the sandbox knows it as the
% library's between/3 (it calls no goal).  A $X is replaced by its value before the
% sandbox judges the query, so a goal that comes from an earlier answer is checked
% as the query runs it.

:- module(repl_tools, [between/3, format_//2, format/2, format/3, portray_clause/1]).

:- use_module(library(between), []).
:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(iso_ext), [bb_get/2, bb_put/2]).
:- use_module(library(dcgs)).
:- use_module(library(charsio), [read_term_from_chars/3]).

%% between(+Low, +High, ?X)  Low =< X =< High for integers, as SWI-Prolog has it: High
% may be inf or infinite, and X then counts up from Low without end.
between(L, H, X) :-
    (  ( H == inf ; H == infinite )
    -> catch(( must_be(integer, L), can_be(integer, X) ), error(E, _),
             throw(error(E, context(between/3, _)))),
       (  integer(X) -> X >= L ; count_from(L, X) )
    ;  between:between(L, H, X)
    ).

%% typed_term(-Term)  read/1 at the prompt: the next term the user types after |: , as
% SWI-Prolog's read/1 reads at its top level (a term may take several lines);
% end_of_file at the end of input.  The host gives the text (ludolog_repl_read/1,
% src/foreign/input.rs).  (A module may not define read/1: it is scryer's builtin.)
typed_term(T) :- typed_term(T, []).

%% typed_term(-Term, +Options)  read_term/2 at the prompt: as typed_term/1, with
% read_term/2's options (variable_names/1, variables/1, singletons/1).
typed_term(T, Os) :-
    must_be(list, Os),
    catch(typed_text('|: ', Cs), _, Cs = []),
    (  Cs == []
    -> read_term_from_chars("end_of_file.", T, Os)
    ;  read_term_from_chars(Cs, T, Os)
    ).

%% terminal_reads(+Goal, -Goal1)  Goal with its read/1 and read_term/2 (also on
% user_input) reading what the user types, as the sandbox has them read: for --trust,
% where the sandbox is off and user_input is the engine's own, always at its end.
% The goals of control constructs and of the all-solutions, once, catch and call/1
% meta-calls are rewritten too; a predicate of the user's reads as it was defined
% (a typed clause's body is rewritten here when it is added).  A goal known only
% when it runs (a variable, call/2 and up) is rewritten then (trusted/1).
terminal_reads(G, repl_tools:trusted(G)) :- var(G), !.
terminal_reads(G, repl_tools:trusted(G)) :- functor(G, call, N), N >= 2, !.
terminal_reads((A, B), (A1, B1)) :- !, terminal_reads(A, A1), terminal_reads(B, B1).
terminal_reads((A ; B), (A1 ; B1)) :- !, terminal_reads(A, A1), terminal_reads(B, B1).
terminal_reads((A -> B), (A1 -> B1)) :- !, terminal_reads(A, A1), terminal_reads(B, B1).
terminal_reads(\+ A, \+ A1) :- !, terminal_reads(A, A1).
terminal_reads(call(A), call(A1)) :- !, terminal_reads(A, A1).
terminal_reads(once(A), once(A1)) :- !, terminal_reads(A, A1).
terminal_reads(catch(A, E, B), catch(A1, E, B1)) :- !, terminal_reads(A, A1), terminal_reads(B, B1).
terminal_reads(findall(T, A, L), findall(T, A1, L)) :- !, terminal_reads(A, A1).
terminal_reads(forall(A, B), forall(A1, B1)) :- !, terminal_reads(A, A1), terminal_reads(B, B1).
terminal_reads(bagof(T, A, L), bagof(T, A1, L)) :- !, terminal_reads(A, A1).
terminal_reads(setof(T, A, L), setof(T, A1, L)) :- !, terminal_reads(A, A1).
terminal_reads(V^A, V^A1) :- !, terminal_reads(A, A1).
terminal_reads(read(T), repl_tools:typed_term(T)) :- !.
terminal_reads(read_term(T, Os), repl_tools:typed_term(T, Os)) :- !.
terminal_reads(read(S, T), repl_tools:typed_term(T)) :- S == user_input, !.
terminal_reads(read_term(S, T, Os), repl_tools:typed_term(T, Os)) :- S == user_input, !.
terminal_reads(G, G).

%% trusted(+Goal)  Goal as it is when it runs (a variable of a query or a typed
% clause, or call/N's goal and its extra arguments), called in user with its reads
% rewritten by terminal_reads/2.
trusted(G) :-
    with_arguments(G, G0),
    (  var(G0) -> call(user:G0)
    ;  functor(G0, call, N), N >= 2 -> call(user:G0)
    ;  terminal_reads(G0, G1), call(user:G1)
    ).

%% with_arguments(+Goal, -Goal1)  call(F, A1, ...) as the goal it calls, F's
% arguments then A1, ...; any other goal (a qualified or unbound F too) as it is.
with_arguments(G, G1) :-
    (  nonvar(G), G =.. [call, F|As], As \== [], callable(F), F \= _:_
    -> F =.. L0, append(L0, As, L1), G0 =.. L1, with_arguments(G0, G1)
    ;  G1 = G
    ).

%% format_(+Format, +Args)//  library(format)'s format_//2, the library loaded first.
format_(F, As, Cs0, Cs) :- format_loaded, call(format:format_(F, As, Cs0, Cs)).

%% format(+Format, +Args)  library(format)'s format/2, the library loaded first.
format(F, As) :- current_output(S), format(S, F, As).

%% format(+Stream, +Format, +Args)  library(format)'s format/3, the library loaded
% first.  (The library's own format/2,3 are goal expansions, which a call does not
% see: format_//2 writes the text here.)
format(S, F, As) :-
    format_loaded,
    call(format:format_(F, As, Cs, [])),
    atom_chars(A, Cs),
    write(S, A),
    flush_output(S).

%% portray_clause(+Clause)  library(format)'s portray_clause/1, the library loaded first.
portray_clause(C) :- format_loaded, call(format:portray_clause(C)).

%% format_loaded  library(format) is loaded (by this call, the first time, through the
% host's formatted/3, which imports none of it).  Its predicates are called as
% format:P(...) through call/1: a call compiled before the module existed would not
% find it.
format_loaded :-
    (  bb_get(repl_format_loaded, true)
    -> true
    ;  host:formatted("", [], _),
       bb_put(repl_format_loaded, true)
    ).

%% typed_text(+Prompt, -Chars)  the text of the term the user types after Prompt (the
% empty list at the end of input): a system call is compiled in place, so it is called
% from a clause, not through catch/3.
typed_text(Prompt, Cs) :- '$foreign_call'(ludolog_repl_read, [Prompt], Cs).

%% count_from(+Low, -X)  X is Low, then Low + 1, and so on.
count_from(L, L).
count_from(L, X) :- L1 is L + 1, count_from(L1, X).

%% remember_bindings(+Goals)  keep the values an answer gave its variables (its
% binding(Name, Value) goals), for $Name in the queries after it; a name keeps the
% latest value, as in SWI-Prolog.
remember_bindings(Goals) :-
    (  bb_get(repl_vars, Old) -> true ; Old = [] ),
    findall(N-V, member(binding(N, V), Goals), New),
    foldl(keep_binding, New, Old, Kept),
    bb_put(repl_vars, Kept).

%% keep_binding(+Name-Value, +Pairs0, -Pairs)  Pairs0 with Name's value replaced.
keep_binding(N-V, Ps0, [N-V|Ps]) :- findall(P, ( member(P, Ps0), P \= N-_ ), Ps).

%% expand_vars(+Term0, +VarNames0, -Term, -VarNames)  each $X of a typed term replaced
% by X's value in the latest answer that bound it (a fresh copy); VarNames without
% the names only a $ used.  A $X no answer bound is an error that names it.
expand_vars(T0, Vs0, T, Vs) :-
    (  bb_get(repl_vars, Ps) -> true ; Ps = [] ),
    expand(T0, Vs0, Ps, T),
    term_variables(T, Left),
    still_there(Vs0, Left, Vs).

%% still_there(+VarNames0, +Vars, -VarNames)  the Name = Var pairs whose Var is among Vars.
still_there([], _, []).
still_there([N = V|Vs0], Left, Vs) :-
    (  member(W, Left), W == V -> Vs = [N = V|Vs1] ; Vs = Vs1 ),
    still_there(Vs0, Left, Vs1).

%% expand(+Term0, +VarNames, +Pairs, -Term)  Term0 with each $X replaced by X's value in Pairs.
expand(V, _, _, V) :- var(V), !.
expand($(V), Vs, Ps, T) :- var(V), !,
    (  member(N = W, Vs), W == V -> true ; N = '_' ),
    (  member(N1-Value, Ps), N1 == N
    -> copy_term(Value, T)
    ;  host:formatted("$~a was not bound by an earlier answer", [N], M),
       throw(repl_message(M))
    ).
expand(T0, Vs, Ps, T) :-
    compound(T0), !,
    T0 =.. [F|As0],
    maplist(expand_arg(Vs, Ps), As0, As),
    T =.. [F|As].
expand(T, _, _, T).

%% expand_arg(+VarNames, +Pairs, +Arg0, -Arg)  expand/4 on one argument (for maplist/3).
expand_arg(Vs, Ps, A0, A) :- expand(A0, Vs, Ps, A).
