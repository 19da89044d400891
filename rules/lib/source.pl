%% source — the text of rule files, clause by clause with their lines, for the tools
% that talk about a rule file rather than play it (lint.pl, why.pl).
%
% The host cuts each file into clauses (src/prolog/clauses.rs) and hands them over
% as c(Line, Chars); each is read here, with its variable names, and kept:
%   term_at(Module, Line, Term, Singletons)  every term, directives too, in file
%                                            order; Singletons the names of the
%                                            variables it uses once
%   clause_at(Module, Head, Body, Line)      every clause, grammar rules translated
%   has_source(Module), game_source(Module)  the modules kept, and which are games
% (kept with assertz: the text of the rule files, never the state of a game).

:- module(source, [add_file/5, term_at/4, clause_at/4, has_source/1, game_source/1]).

:- use_module(library(lists)).
:- use_module(library(format)).
:- use_module(library(charsio)).
:- use_module(library(dcgs)).

:- dynamic(term_at/4).
:- dynamic(clause_at/4).
:- dynamic(has_source/1).
:- dynamic(game_source/1).

%% add_file(+Module, +Kind, +Chunks, +Trust, -Errors)  reads and keeps the clauses of
% Module's file, a game or a library (Kind), replacing what was kept of it; Errors
% lists error(Line, Text) for each clause that does not read.  Trust is the host's
% (true with --trust: any op/3 directive of the file is obeyed).
add_file(M, Kind, Chunks, Trust, Errors) :-
    retractall(term_at(M, _, _, _)),
    retractall(clause_at(M, _, _, _)),
    retractall(has_source(M)),
    retractall(game_source(M)),
    assertz(has_source(M)),
    (  Kind == game -> assertz(game_source(M)) ; true ),
    add_chunks(Chunks, M, Trust, Errors).

%% add_chunks(+Chunks, +Module, +Trust, -Errors)  reads and keeps each chunk in order.
add_chunks([], _, _, []).
add_chunks([c(Line, Cs)|Rest], M, Trust, Errors) :-
    catch(read_term_from_chars(Cs, T, [singletons(Ss)]), E, true),
    (  nonvar(E)
    -> read_error_text(E, Text), Errors = [error(Line, Text)|Errors1]
    ;  keep(M, Line, T, Ss, Trust), Errors = Errors1
    ),
    add_chunks(Rest, M, Trust, Errors1).

%% read_error_text(+Exception, -Text)  a read error, in words.
read_error_text(error(syntax_error(What), _), T) :- !,
    phrase(format_("syntax error: ~q", [What]), T).
read_error_text(E, T) :- phrase(format_("~q", [E]), T).

%% keep(+Module, +Line, +Term, +Singletons, +Trust)  keeps a term (obeying an op/3
% directive for the terms after it) and, for a clause, its head and body.
keep(M, Line, T, Ss, Trust) :-
    findall(Name, member(Name=_, Ss), Names),
    % operators are global: only one the sandbox allows changes how the host reads
    (  nonvar(T), T = (:- op(P, Type, Ops)),
       ( Trust == true -> true ; catch(sandbox:safe_op(op(P, Type, Ops)), _, fail) )
    -> catch(op(P, Type, Ops), _, true)
    ;  true
    ),
    assertz(term_at(M, Line, T, Names)),
    (  clause_term(T, H, B) -> assertz(clause_at(M, H, B, Line)) ; true ).

%% clause_term(+Term, -Head, -Body)  the clause a term stands for; fails for a
% directive or a term that is no clause.
clause_term(T, _, _) :- var(T), !, fail.
clause_term((:- _), _, _) :- !, fail.
clause_term((H --> B), H1, B1) :- !,
    catch(dcgs:dcg_rule((H --> B), (H1 :- B1)), _, fail).
clause_term((H :- B), H, B) :- !, callable(H).
clause_term(H, H, true) :- callable(H).
