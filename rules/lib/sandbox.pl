%% sandbox — untrusted rule files and REPL queries run only goals known to be safe.
%
% Modelled on SWI-Prolog's library(sandbox), and like it closed by default: a goal
% runs only if every predicate it can reach is known to be safe.  A rule file
% from disk is read term by term before scryer loads it (check_file/5): every
% clause body and directive is walked; a call into the file's own predicates is
% allowed (their clauses are walked too), and any other goal must be a builtin or
% library predicate of the tables in sandbox_lists.pl, or a predicate of a module
% of the rules.  Anything else -- a predicate nobody listed, a meta-predicate whose
% goal cannot be checked, a clause for another module -- is refused.  A meta-call
% whose goal is not known when the file loads (call(G), findall/3 on a variable,
% maplist(P, ...) with P unbound) is wrapped in safe_call/2..9, which checks the
% goal when it runs.  What scryer loads is the text of the checked terms, written
% here, never the file again (so the file cannot change between check and load).
% REPL queries go through query_goal/4.  A refusal throws sandbox(Goal, Why); the
% host says it with file:line.
%
% A goal argument is judged as the meta-predicate that receives it runs it: scryer
% takes every module qualification off a goal argument (the innermost one names the
% module), bagof/3 and setof/3 take off the carets of V^G with the module before
% each, and phrase/2,3 translate the grammar body left; the check resolves the
% qualifications the same way, at any depth, before it judges what runs.  The names
% those meta-predicates read as syntax (sandbox_lists:syntax/1: ^/2, {}/3, ','/4, ...)
% are never anyone's own predicates.  Whether the sandbox is on is the host's to say,
% with each request (Check of check_file/7, Trust of query_goal/4): no predicate
% turns it off.
%
% The sandbox is this module and its parts, each a module the host loads before it
% and no rule file or query may call into: sandbox_text.pl (a file read term by
% term, and the checked terms written back), sandbox_meta.pl (the goal arguments of
% meta-predicates), sandbox_database.pl (assert, retract, abolish) and
% sandbox_words.pl (refusals in words); its tables are sandbox_lists.pl and
% sandbox_names.pl.

:- module(sandbox, [check_file/7, query_goal/4, safe_call/2, safe_call/3, safe_call/4,
                    safe_call/5, safe_call/6, safe_call/7, safe_call/8, safe_call/9,
                    rule_module/1, refusal_text/3, add_rule_module/2,
                    user_may_define/1, init_goal/3, safe_op/1]).

:- use_module(library(lists)).
:- use_module(library(dcgs)).
:- use_module(library(charsio)).
:- use_module(library(iso_ext), [bb_get/2, call_with_inference_limit/3]).

%% own(?Name, ?Arity, ?Module)  the predicates an untrusted file defines (or declares
% dynamic), first-argument indexed by name so that a file of many facts checks in linear time.
:- dynamic(own/3).
%% rule_module(?Module)  a module of the loaded rules (trusted or checked): qualified calls go there.
:- dynamic(rule_module/1).
%% trusted_module(?Module)  a rule module loaded from ludolog's own embedded files.
:- dynamic(trusted_module/1).
%% rule_library(?Module)  a library of ludolog's own among the rule modules: untrusted
% code reaches only its exports.
:- dynamic(rule_library/1).
%% library_exports(?Module, ?Indicators)  the predicates a rule library exports, as a
% list of Name/Arity (one fact a library: a registration asserts once, not once an export).
:- dynamic(library_exports/2).

%% check_file(+Path, +Module, +Check, +Limit, -Result, -Text, -Notes)
% Reads the file term by term (Path = user_input: a text a user gave, which the
% host made the machine's input, as no file holds it).  Result is rewrite (load Text, an atom (a long list
% would cost the host a deep recursion): the checked terms,
% each on its original line, with its variables' own names) or error(Line,
% Message).  The first term must declare Module, and no other term a module.
% With Check = false only the syntax is checked (--trust) and Result may be ok
% (load the file's own text).  Initialization goals run within Limit inferences.
% A predicate whose clauses are not together is declared discontiguous, so that
% all its clauses count (scryer would keep only the last group), and Notes say so.
check_file(Path, Module, Check, Limit, Result, Text, Notes) :-
    (  Path == user_input -> S = user_input
    ;  catch(open(Path, read, S), E, true)
    ),
    (  nonvar(E)
    -> host:formatted("cannot open the file: ~q", [E], Msg), Result = error(0, Msg), Text = [], Notes = []
    ;  catch(sandbox_text:read_all(S, Check, Terms0), E2, true),
       (  Path == user_input -> true ; close(S) ),
       (  nonvar(E2) -> sandbox_text:read_error(E2, Result), Text = [], Notes = []
       ;  sandbox_text:discontiguous_terms(Terms0, Terms, Notes),
          check_read(Check, Module, Limit, Terms, Terms0, Result, Text)
       )
    ).

%% check_read(+Check, +Module, +Limit, +Terms, +Terms0, -Result, -Text)  check_file/7
% on the terms read (Terms0 as the file has them, Terms with the declarations added).
check_read(false, Module, Limit, Terms, Terms0, Result, Text) :- !,
    wrap_inits(Terms, Module-Limit, Wrapped, false, Changed0),
    (  Changed0 == false, Terms == Terms0 -> Result = ok, Text = []
    ;  Result = rewrite, sandbox_text:emit(Wrapped, 1, Cs), atom_chars(Text, Cs)
    ).
check_read(true, Module, Limit, Terms, _, Result, Text) :-
    catch(( module_first(Terms, Module),
            check_terms(Module-Limit, Terms, Checked) ), Refusal, true),
    (  var(Refusal) -> catch(sandbox_text:emit(Checked, 1, Cs), Refusal, true) ; true ),
    (  nonvar(Refusal) -> sandbox_words:refusal_result(Refusal, Result), Text = []
    ;  Result = rewrite, atom_chars(Text, Cs)
    ).

%% refusal_text(+Goal, +Why, -Text)  a refusal said in words (sandbox_words.pl's).
refusal_text(G, Why, Text) :- sandbox_words:refusal_text(G, Why, Text).

%% module_first(+Terms, +Module)  the file's first term declares Module (the name
% the host gave it, read from the same text): scryer loads what the file says,
% so a comment or a later declaration must not decide which module it replaces.
module_first([t(L, T, _)|_], M) :-
    nonvar(T), T = (:- D), nonvar(D), D = module(N, Es), !,
    (  N == M -> true ; throw(at(L, sandbox(module(N, M), module_name(N)))) ),
    catch(exports(Es), E, throw(at(L, E))).

module_first([t(L, T, _)|_], M) :- !, throw(at(L, sandbox(T, module_first(M)))).
module_first([], M) :- throw(at(1, sandbox(end_of_file, module_first(M)))).

%% exports(+Exports)  a module's export list: predicate indicators, and operators
% (which scryer declares when it loads the file) only as op/3 may add them.
exports(Es) :- var(Es), !, throw(sandbox(module(exports, Es), unbound)).
exports([]) :- !.
exports([E|Es]) :- !, export(E), exports(Es).
exports(Es) :- throw(sandbox(module(exports, Es), unknown)).

export(E) :- var(E), !, throw(sandbox(E, unbound)).
export(N/A) :- atom(N), integer(A), !.
export(N//A) :- atom(N), integer(A), !.
export(op(P, T, N)) :- !, safe_op(op(P, T, N)).
export(E) :- throw(sandbox(E, unknown)).

%% wrap_inits(+Terms, +Module, -Wrapped, +Changed0, -Changed)  with --trust: only the
% initialization goals are wrapped, so that an exception in one is a load error.
wrap_inits([], _, [], C, C).
wrap_inits([t(L, T, Vs)|Ts], M-Lim, [t(L, T1, Vs)|Ws], C0, C) :-
    (  nonvar(T), T = (:- initialization(G)) -> T1 = (:- initialization(sandbox:init_goal(M, G, Lim))), C1 = true
    ;  nonvar(T), T = (:- initialization(G, W)) -> T1 = (:- initialization(sandbox:init_goal(M, G, Lim), W)), C1 = true
    ;  T1 = T, C1 = C0
    ),
    wrap_inits(Ts, M-Lim, Ws, C1, C).

%% check_terms(+Module, +Terms, -Checked)  every clause and directive checked.
check_terms(M-Lim, Terms, Checked) :-
    retractall(own(_, _, M)),
    foldl(declare_own(M), Terms, [], Heads0),
    sort(Heads0, Heads),
    maplist(add_own(M), Heads),
    Terms = [Module|Rest],                  % checked by module_first/2
    Checked = [Module|Checked1],
    check_each(Rest, M-Lim, Checked1).

%% declare_own(+Module, +LineTerm, +Heads0, -Heads)  the predicates a clause or
% declaration defines, as Name/Arity, added to Heads0.  A builtin, a control
% construct or a hook is never the file's own: that is refused here, at its line.
declare_own(M, t(L, T, _), Hs0, Hs) :-
    catch(own_heads(M, T, Hs0, Hs), E, throw(at(L, E))).

own_heads(_, T, Hs, Hs) :- var(T), !.
own_heads(M, (:- D), Hs0, Hs) :- !, declared(M, D, Hs0, Hs).
own_heads(M, (?- D), Hs0, Hs) :- !, declared(M, D, Hs0, Hs).
own_heads(_, (H --> _), Hs0, Hs) :- !,
    ( nonvar(H), H = (H1, _) -> true ; H1 = H ),
    ( callable(H1), H1 \= _:_ -> functor(H1, N, A0), A is A0 + 2, own_name(N/A, Hs0, Hs) ; Hs = Hs0 ).
own_heads(M, (H :- _), Hs0, Hs) :- !, head(M, H, Hs0, Hs).
own_heads(M, H, Hs0, Hs) :- head(M, H, Hs0, Hs).

declared(M, D, Hs0, Hs) :-
    (  nonvar(D), D = dynamic(Specs) -> own_specs(M, Specs, Hs0, Hs)
    ;  nonvar(D), D = discontiguous(Specs) -> own_specs(M, Specs, Hs0, Hs)
    ;  Hs = Hs0
    ).

own_specs(_, V, Hs, Hs) :- var(V), !.
own_specs(M, (A, B), Hs0, Hs) :- !, own_specs(M, A, Hs0, Hs1), own_specs(M, B, Hs1, Hs).
own_specs(M, [S|Ss], Hs0, Hs) :- !, own_specs(M, S, Hs0, Hs1), own_specs(M, Ss, Hs1, Hs).
own_specs(_, [], Hs, Hs) :- !.
own_specs(M, Q:S, Hs0, Hs) :- !, ( Q == M -> own_specs(M, S, Hs0, Hs) ; throw(sandbox(dynamic(Q:S), modify(Q))) ).
own_specs(_, N/A, Hs0, Hs) :- atom(N), integer(A), !, own_name(N/A, Hs0, Hs).
own_specs(_, N//A, Hs0, Hs) :- atom(N), integer(A), !, A2 is A + 2, own_name(N/A2, Hs0, Hs).
own_specs(_, _, Hs, Hs).

head(M, Q:H, Hs0, Hs) :- !, ( Q == M -> head(M, H, Hs0, Hs) ; Hs = Hs0 ).
head(_, H, Hs0, Hs) :- callable(H), !, functor(H, N, A), own_name(N/A, Hs0, Hs).
head(_, _, Hs, Hs).

%% own_name(+Name/Arity, +Heads0, -Heads)  a predicate the file may define as its own.
own_name(N/A, Hs, [N/A|Hs]) :- functor(H, N, A), \+ reserved_head(H, _), !.
own_name(N/A, _, _) :- functor(H, N, A), reserved_head(H, Why), throw(sandbox(H, Why)).

%% reserved_head(+Head, -Why)  a predicate that no untrusted code may define, declare or assert.
reserved_head(H, control) :- sandbox_lists:control(H), !.
reserved_head(H, syntax) :- functor(H, N, _), sandbox_lists:syntax(N), !.
reserved_head(H, expansion) :- functor(H, N, 2), expansion_hook(N), !.
reserved_head(H, builtin) :- functor(H, N, A), sandbox_lists:unsafe(N, A, _), !.
reserved_head(H, builtin) :- catch(predicate_property(H, built_in), _, fail), !.
reserved_head(H, builtin) :- functor(H, N, _), atom_chars(N, ['$'|_]), !.
reserved_head(H, builtin) :- sandbox_lists:meta(H, _), !.
reserved_head(H, builtin) :- sandbox_database:database(H), !.

add_own(M, N/A) :- assertz(own(N, A, M)).

expansion_hook(term_expansion).
expansion_hook(goal_expansion).

%% check_each(+Terms, +Module, -Checked)  check the terms in order.
check_each([], _, []).
check_each([t(L, T, Vs)|Ts], M-Lim, [t(L, T1, Vs)|Cs]) :-
    catch(check_term(M-Lim, T, T1), E, throw(at(L, E))),
    check_each(Ts, M-Lim, Cs).

%% check_term(+Module, +Term, -Checked)  one clause or directive.  A term that a
% library's term expansion would rewrite when scryer loads it (clpz's `++>` rules,
% atts's `:- attribute` directive: the libraries a file uses are loaded as it is
% read) is refused: what it becomes is code this check never saw.  DCG rules are
% translated here instead, and the translation is what loads.
check_term(_, T, _) :- var(T), !, throw(sandbox(T, unknown)).
check_term(_, T, _) :- T \= (_ --> _), rewritten(T), !, throw(sandbox(T, rewritten)).
check_term(M-Lim, (:- D), (:- D1)) :- !, directive(M-Lim, D, D1).
check_term(M-Lim, (?- D), (:- D1)) :- !, directive(M-Lim, D, D1).
check_term(M-Lim, (H --> B), T1) :- !,
    (  catch(dcgs:dcg_rule((H --> B), Clause), _, fail) -> true ; throw(sandbox((H --> B), unknown)) ),
    check_term(M-Lim, Clause, T1).
check_term(M-_, (H :- B), (H :- B1)) :- !,
    clause_head(M, H),
    body(M, B, B1).
check_term(M-_, H, H) :- clause_head(M, H).

%% clause_head(+Module, +Head)  a head the file may define: its own, unqualified, no hook.
clause_head(_, H) :- var(H), !, throw(sandbox(H, unknown)).
clause_head(M, Q:H) :- !, ( Q == M -> clause_head(M, H) ; throw(sandbox(Q:H, modify(Q))) ).
clause_head(_, H) :- \+ callable(H), !, throw(sandbox(H, unknown)).
clause_head(_, H) :- reserved_head(H, Why), !, throw(sandbox(H, Why)).
clause_head(_, _).

%% directive(+Module-Limit, +Directive, -Checked)  a directive the file may run.
directive(_, D, _) :- var(D), !, throw(sandbox(D, unbound)).
directive(_, module(N, E), _) :- !, throw(sandbox(module(N, E), module_again)).
directive(_, use_module(library(L)), use_module(library(L))) :- !, safe_library(L).
directive(_, use_module(library(L), Is), use_module(library(L), Is)) :- !, safe_library(L).
directive(_, use_module(F), _) :- !, throw(sandbox(use_module(F), load)).
directive(_, use_module(F, I), _) :- !, throw(sandbox(use_module(F, I), load)).
directive(M-_, dynamic(S), dynamic(S)) :- !, own_module_specs(M, S).
directive(M-_, discontiguous(S), discontiguous(S)) :- !, own_module_specs(M, S).
directive(_, op(P, T, Ns), op(P, T, Ns)) :- !, safe_op(op(P, T, Ns)).
directive(_, set_prolog_flag(double_quotes, V), set_prolog_flag(double_quotes, V)) :-
    atom(V), memberchk(V, [chars, codes, atom]), !.
directive(_, set_prolog_flag(F, V), _) :- !, throw(sandbox(set_prolog_flag(F, V), flags)).
directive(M-Lim, initialization(G), initialization(sandbox:init_goal(M, G1, Lim))) :- !, body(M, G, G1).
directive(M-Lim, initialization(G, W), initialization(sandbox:init_goal(M, G1, Lim), W)) :- !,
    (  atom(W), memberchk(W, [now, after_load, main]) -> true ; throw(sandbox(initialization(G, W), directive)) ),
    body(M, G, G1).
directive(_, D, _) :- declaration(D), !, throw(sandbox(D, directive)).
directive(M-_, D, D1) :- body(M, D, D1).

own_module_specs(_, S) :- var(S), !, throw(sandbox(dynamic(S), unbound)).
own_module_specs(M, (A, B)) :- !, own_module_specs(M, A), own_module_specs(M, B).
own_module_specs(M, [S|Ss]) :- !, own_module_specs(M, S), own_module_specs(M, Ss).
own_module_specs(_, []) :- !.
own_module_specs(M, Q:S) :- !, ( Q == M -> own_module_specs(M, S) ; throw(sandbox(dynamic(Q:S), modify(Q))) ).
own_module_specs(_, N/A) :- atom(N), integer(A), !.
own_module_specs(_, N//A) :- atom(N), integer(A), !.
own_module_specs(_, S) :- throw(sandbox(dynamic(S), unknown)).

%% safe_op(+Op)  op/3 may add operators, not change the standard ones.
safe_op(op(P, T, Ns)) :-
    (  ( var(P) ; var(T) ; var(Ns) ) -> throw(sandbox(op(P, T, Ns), unbound))
    ;  atom(Ns) -> safe_op_name(op(P, T, Ns), Ns)
    ;  Ns = [_|_], catch(length(Ns, _), _, fail) -> maplist(safe_op_name(op(P, T, Ns)), Ns)
    ;  throw(sandbox(op(P, T, Ns), ops))
    ).

safe_op_name(Op, N) :-
    (  atom(N), \+ standard_op(N), \+ special_op(N) -> true
    ;  throw(sandbox(Op, ops))
    ).

%% standard_op(?Name)  an operator of scryer's and ludolog's own, as they were when the
% sandbox loaded (before any untrusted file): no file or query may change one, even to
% what it is (scryer's loader mishandles some such declarations).
:- dynamic(standard_op/1).

%% note_standard_ops  remembers the operators there are now as the standard ones.
note_standard_ops :-
    retractall(standard_op(_)),
    findall(N, current_op(_, _, N), Ns0),
    sort(Ns0, Ns),
    maplist(note_standard_op, Ns).

note_standard_op(N) :- assertz(standard_op(N)).

:- initialization(note_standard_ops).

%% special_op(?Name)  names whose reading the sandbox itself depends on.
special_op('|'). special_op('{}'). special_op('[]'). special_op(',').

%% safe_library(+Library)  a library whose exports the tables cover.
safe_library(L) :- atom(L), sandbox_lists:safe_lib(L), !.
safe_library(L) :- throw(sandbox(library(L), library)).

%% body(+Module, +Goal, -Checked)
% Goal checked in Module; a part not known until it runs is wrapped in
% safe_call/2, which checks it when it runs.  Unsafe goals throw sandbox(Goal, Why).
body(M, G, sandbox:safe_call(M, G)) :- var(G), !.
body(M, (A, B), (A1, B1)) :- !, body(M, A, A1), body(M, B, B1).
body(M, (A ; B), (A1 ; B1)) :- !, body(M, A, A1), body(M, B, B1).
body(M, (A -> B), (A1 -> B1)) :- !, body(M, A, A1), body(M, B, B1).
body(M, '*->'(A, B), '*->'(A1, B1)) :- !, body(M, A, A1), body(M, B, B1).
body(M, \+ A, \+ A1) :- !, body(M, A, A1).
body(M, sandbox:G, sandbox:G) :- wrapper(M, G), !.     % checked already: it checks again
body(M, Q:G, Out) :- !, qualified(M, Q, G, Out).
body(M, G, Out) :- goal(M, G, Out).

%% wrapper(+Module, +Goal)  a check this sandbox put in Module's clause (a user's clause
% saved and restored holds them): it checks its goal when it runs, in Module.
wrapper(M, G) :-
    compound(G), G =.. [F, M1|_], M1 == M,
    memberchk(F, [safe_call, dcg_call]).

%% qualified(+Module, +Q, +Goal, -Checked)  a call Q:Goal.
% Into the module itself: as unqualified.  Into a module of the rules: a
% predicate it defines (builtins are visible in every module, so hex:open/3 is
% still open/3 and checked as such).  Into a library the tables cover: a
% whitelisted predicate.  Anywhere else: refused.
qualified(M, Q, G, sandbox:safe_call(M, Q:G)) :- ( var(Q) ; var(G) ), !.
qualified(_, Q, G, _) :- \+ atom(Q), !, throw(sandbox(Q:G, unknown)).
qualified(M, M, G, Out) :- !, body(M, G, Out0), requalify(M, Out0, Out).
qualified(M, Q, G, Out) :- rule_library(Q), !, library_call(M, Q, G, Out).
qualified(_, Q, G, Out) :- rule_module(Q), !, body(Q, G, Out0), requalify(Q, Out0, Out).
qualified(M, Q, G, Out) :- sandbox_lists:safe_lib(Q), !, library_goal(M, G, Out0), requalify(Q, Out0, Out).
qualified(_, Q, G, _) :- throw(sandbox(Q:G, module(Q))).

%% library_call(+Module, +Library, +Goal, -Checked)  a call Library:Goal into a library
% of ludolog's own: one of its exports.  Its other predicates are plumbing written for
% the host's calls (protocol:set_acceleration/1 among them), and builtins called there
% run there, so both are refused (a control construct is taken apart, each part a
% call into Library).
library_call(M, Q, G, Out) :- qualified_parts(Q, G, G1), !, body(M, G1, Out).
library_call(_, Q, G, Q:G) :-
    callable(G), functor(G, N, A),
    library_export(Q, N, A), !.
library_call(_, Q, G, _) :- throw(sandbox(Q:G, private(Q))).

%% library_export(?Module, ?Name, ?Arity)  a predicate a rule library exports.
library_export(M, N, A) :- library_exports(M, PIs), member(N/A, PIs).

%% qualified_parts(+Module, +Control, -Goal)  Module:Control as a control construct
% of calls into Module.
qualified_parts(Q, (A, B), (Q:A, Q:B)).
qualified_parts(Q, (A ; B), (Q:A ; Q:B)).
qualified_parts(Q, (A -> B), (Q:A -> Q:B)).
qualified_parts(Q, '*->'(A, B), '*->'(Q:A, Q:B)).
qualified_parts(Q, \+ A, \+ Q:A).

%% library_goal(+Module, +Goal, -Checked)  a goal called in a library module: one of
% the tables, nothing else (neither the caller's own predicates nor a name nobody defines).
library_goal(_, G, G) :- \+ callable(G), !.
library_goal(_, G, _) :- functor(G, N, A), sandbox_lists:unsafe(N, A, Why), !, throw(sandbox(G, Why)).
library_goal(M, G, Out) :-
    sandbox_lists:meta(G, Specs), !,
    sandbox_meta:meta_args(M, G, Specs, Out0),
    % scryer runs a meta argument of Lib:Meta(...) in Lib: each goal argument, checked
    % as a goal of M, is qualified with M so that it runs there
    Out0 =.. [F|Args0], sandbox_meta:qualify_goals(Specs, Args0, M, Args), Out =.. [F|Args].
library_goal(_, G, G) :- functor(G, N, A), sandbox_lists:safe(N, A), !.
library_goal(_, G, _) :- throw(sandbox(G, unknown)).

requalify(_, sandbox:G, sandbox:G) :- !.
requalify(Q, G, Q:G).

%% goal(+Module, +Goal, -Checked)  a goal that is no control construct.
% Allowed: the whitelist (a meta-predicate with its goals checked), the module's
% own predicates, and in a module of the rules the predicates it defines.
% Everything else is refused: the sandbox fails closed.
goal(_, G, G) :- \+ callable(G), !.                    % a type error when it runs
goal(M, G, Out) :- user_tool(M, G), !, Out = G.
goal(user, halt, repl:halt_session(0)) :- !.        % the REPL ends once the query stops
goal(user, halt(C), repl:halt_session(C)) :- integer(C), C >= 0, C =< 255, !.
% the REPL's time/1 (its goal checked) and statistics/2: they only read clocks and
% counters (rules/lib/repl_time.pl); library(time) at the prompt is those two
goal(user, time(G0), repl_time:time(G)) :- !, body(user, G0, G).
goal(user, statistics(K, V), repl_time:statistics(K, V)) :- !.
% clause/2 on the user's and the rules' predicates: it reads clauses, runs none
goal(user, clause(H, B), repl_source:user_clause(H, B)) :- !.
goal(user, use_module(library(time)), true) :- !.
% read/1 and read_term/2 read a term the user types (rules/lib/repl_tools.pl), as at
% SWI-Prolog's top level: user_input is the terminal; every other stream stays refused
goal(user, read(T), repl_tools:typed_term(T)) :- !.
goal(user, read_term(T, Os), repl_tools:typed_term(T, Os)) :- !.
goal(user, read(S, T), repl_tools:typed_term(T)) :- S == user_input, !.
goal(user, read_term(S, T, Os), repl_tools:typed_term(T, Os)) :- S == user_input, !.
% library(between) is imported already, with the REPL's between/3 (rules/lib/repl_tools.pl)
goal(user, use_module(library(between)), true) :- !.
goal(user, use_module(library(between), _), true) :- !.
goal(_, use_module(library(L)), use_module(library(L))) :- !, safe_library(L).
goal(_, use_module(library(L), Is), use_module(library(L), Is)) :- !, safe_library(L).
goal(_, op(P, T, Ns), op(P, T, Ns)) :- !, safe_op(op(P, T, Ns)).
goal(_, G, _) :- functor(G, N, A), sandbox_lists:unsafe(N, A, Why), !, throw(sandbox(G, Why)).
goal(M, G, Out) :- sandbox_lists:meta(G, Specs), !, sandbox_meta:meta_args(M, G, Specs, Out).
goal(M, G, Out) :- sandbox_database:database(G), !, sandbox_database:database_goal(M, G, Out).
goal(M, G, G) :- functor(G, N, A), sandbox_lists:safe(N, A), !, not_hidden_meta(M, G).
goal(_, G, _) :- functor(G, N, _), sandbox_lists:syntax(N), !, throw(sandbox(G, syntax)).
goal(_, G, _) :- functor(G, N, _), atom_chars(N, ['$'|_]), !, throw(sandbox(G, unknown)).
goal(M, G, G) :- functor(G, N, A), own(N, A, M), !.
goal(M, G, G) :- trusted_module(M), local_predicate(M, G), !.
goal(user, G, G) :- functor(G, N, A), user_own(N/A), \+ expands(G), !.
goal(user, G, G) :- user_game(Game), local_predicate(Game, G), !.
% a predicate a checked rule file defines itself (own/3, its clauses checked as it
% loaded) whose name a library has too (a GDL translation's true/2, a name
% library(clpfd) uses inside): run as the file's, qualified, never a library's
goal(user, G, Game:G) :- user_game(Game), functor(G, N, A), own(N, A, Game), !.
goal(M, G, G) :- M \== user, nobodys(M, G), !.
goal(_, G, _) :- throw(sandbox(G, unknown)).

%% rewritten(+Term)  a term expansion of a loaded library applies to Term.
rewritten(T) :- catch(user:term_expansion(T, _), _, fail), !.

%% expands(+Goal)  a goal expansion (a library's, in user) rewrites Goal: what it
% becomes is known only when the file loads, so it is not nobody's (put_atts/3 becomes
% Module:put_atts/2, with the module taken from the goal's arguments).
expands(G) :- catch(user:goal_expansion(G, _), _, fail), !.

%% declaration(?Directive)  declarations scryer's loader knows that a rule file may not make.
declaration(meta_predicate(_)). declaration(multifile(_)). declaration(non_counted_backtracking(_)).
declaration(include(_)). declaration(ensure_loaded(_)). declaration(table(_)).

%% nobodys(+Module, +Goal)  Goal names a predicate nothing defines: not Module, no
% builtin, no library, no system predicate, no goal expansion.  Calling it is an
% existence error (lint reports it); were the file to assert clauses for it later,
% those are checked like any other.  The libraries a file imports are loaded as the
% file is read (sandbox_text:read_all/3), so their goal expansions are known when its clauses are checked.
nobodys(M, G) :-
    \+ declaration(G),
    functor(G, N, A),
    \+ catch(current_predicate(M:N/A), _, fail),
    \+ expands(G),
    \+ member(N, [dynamic, discontiguous, initialization, module, use_module, op, set_prolog_flag]),
    \+ catch(predicate_property(G, built_in), _, fail),
    \+ library_predicate(N, A),
    \+ sandbox_lists:safe(N, A),
    \+ sandbox_lists:unsafe(N, A, _).

%% not_hidden_meta(+Module, +Goal)  Goal, on the whitelist, is not a meta-predicate where
% it is called (a library that declares one the tables do not know is refused, not run).
not_hidden_meta(M, G) :-
    (  atom(M), M \== none, catch(predicate_property(M:G, meta_predicate(S)), _, fail),
       S =.. [_|Specs], member(Sp, Specs), ( integer(Sp) ; Sp == (^) ; Sp == (:) )
    -> throw(sandbox(G, meta))
    ;  true
    ).

%% local_predicate(+Module, +Goal)  Goal is a predicate defined in Module, one of
% ludolog's own rule files, and no builtin or library predicate imported there.
local_predicate(M, G) :-
    functor(G, N, A),
    catch(current_predicate(M:N/A), _, fail),
    \+ catch(predicate_property(G, built_in), _, fail),
    \+ library_predicate(N, A).

%% library_predicate(+Name, +Arity)  Name/Arity is defined by a library the sandbox lets
% rule files load (loaded or not), or by any other library of scryer's that is loaded.
library_predicate(N, A) :- sandbox_names:library_name(N, A), !.
library_predicate(N, A) :-
    library_module(L), catch(current_predicate(L:N/A), _, fail), !.

library_module(L) :- sandbox_lists:safe_lib(L).
library_module(L) :- member(L, [os, files, sockets, ffi, process, format, iso_ext, charsio,
                                tabling, lambda, cont, debug, diag, atts, '$atts', '$project_atts',
                                clpb, simplex, tls, http_open, crypto, uuid, time, pio, json,
                                sgml, xpath, csv, gensym, serialization, builtins, loader]).

%% user_tool(+Module, +Goal)  the REPL's own commands, callable at the prompt.
user_tool(user, current(_)).
user_tool(user, listing(_)).
user_tool(user, dynamic(_)).
user_tool(user, trace).
user_tool(user, notrace).
user_tool(user, nodebug).

%% user_game(-Game)  the game module of a REPL session (its predicates are callable at the prompt).
user_game(G) :- catch(bb_get(repl_game, G), _, fail), atom(G).

%% user_own(+Name/Arity)  a predicate of the REPL user's own: not there before the user
% added one (not the game's, a library's or a builtin), and dynamic or not yet defined.
% A name the user's clauses only call (scryer then knows it, with no property and no
% clause) is not yet defined: Prolog is written top-down.
user_own(N/A) :-
    atom(N), integer(A),
    functor(H, N, A),
    \+ reserved_head(H, _),
    \+ sandbox_lists:safe(N, A),
    \+ library_predicate(N, A),
    catch(bb_get(repl_preds, Base), _, fail),
    \+ memberchk(N/A, Base),
    (  catch(current_predicate(user:N/A), _, fail)
    -> (  catch(predicate_property(user:H, dynamic), _, fail) -> true
       ;  \+ catch(predicate_property(user:H, _), _, fail)
       )
    ;  true
    ).

%% user_may_define(+Name/Arity)  the REPL user may declare, define or assert Name/Arity.
user_may_define(N/A) :-
    (  user_own(N/A) -> true
    ;  throw(error(permission_error(modify, static_procedure, N/A), _))
    ).

%% safe_call(+Module, +Goal)  Goal checked now that it is known, then called in Module.
safe_call(M, G) :- checked_goal(M, G, G1), call(M:G1).

%% checked_goal(+Module, +Goal, -Checked)  safe_call/2's check (the REPL's tracer makes it too).
checked_goal(M, G, G1) :-
    (  var(G) -> throw(error(instantiation_error, sandbox:safe_call/2)) ; true ),
    (  M == user -> true ; atom(M), rule_module(M) -> true ; throw(sandbox(M:G, module(M))) ),
    body(M, G, G1).

safe_call(M, G, A) :- add_args(G, [A], G1), safe_call(M, G1).
safe_call(M, G, A, B) :- add_args(G, [A, B], G1), safe_call(M, G1).
safe_call(M, G, A, B, C) :- add_args(G, [A, B, C], G1), safe_call(M, G1).
safe_call(M, G, A, B, C, D) :- add_args(G, [A, B, C, D], G1), safe_call(M, G1).
safe_call(M, G, A, B, C, D, E) :- add_args(G, [A, B, C, D, E], G1), safe_call(M, G1).
safe_call(M, G, A, B, C, D, E, F) :- add_args(G, [A, B, C, D, E, F], G1), safe_call(M, G1).
safe_call(M, G, A, B, C, D, E, F, H) :- add_args(G, [A, B, C, D, E, F, H], G1), safe_call(M, G1).

%% init_goal(+Module, +Goal, +Limit)  an initialization goal whose exception is printed as a load
% error (an exception escaping initialization/1 aborts scryer 0.10); it runs within the
% inference limit of a request, so a loop at load time stops.
init_goal(M, G, Limit) :-
    catch(( call_with_inference_limit(M:G, Limit, R),
            ( R == inference_limit_exceeded -> throw(init_limit(Limit)) ; true ) ),
          E, ( init_error(E), fail )).

init_error(sandbox(G, Why)) :- !,
    refusal_text(G, Why, T), host:formatted("error: initialization/1: ~s~n", [T], Cs),
    put_chars(Cs).
init_error(init_limit(N)) :- !,
    host:formatted("error: initialization/1: the goal ran past the inference limit (~d inferences) while the file loaded; raise it with --inference-limit~n", [N], Cs),
    put_chars(Cs).
init_error(E) :- host:formatted("error: initialization/1 threw ~q~n", [E], Cs), put_chars(Cs).

%% put_chars(+Cs)  writes the characters Cs to the current output.
put_chars([]).
put_chars([C|Cs]) :- put_char(C), put_chars(Cs).

%% dcg_call(+Module, +Body, ?S0, ?S)  a grammar body checked when it runs, as phrase/3
% runs it (dcg_goal/5); one still not known is an instantiation error.
dcg_call(M, A, S0, S) :-
    (  sandbox_meta:dcg_goal(M, A, S0, S, G) -> safe_call(M, G)
    ;  throw(error(instantiation_error, phrase/3))
    ).

%% add_args(+Closure, +Args, -Goal)  the closure with more arguments.
add_args(G, _, _) :- var(G), !, throw(error(instantiation_error, sandbox:safe_call/2)).
add_args(Q:G, As, Q:G1) :- !, add_args(G, As, G1).
add_args(G, As, G1) :- callable(G), !, G =.. L0, append(L0, As, L1), G1 =.. L1.
add_args(G, _, _) :- throw(error(type_error(callable, G), sandbox:safe_call/2)).

%% query_goal(+Goal, +Module, +Trust, -Checked)  a REPL query, checked like a clause body
% of Module and run there; as it is when the host says Trust = true (--trust).
query_goal(G, M, Trust, G1) :-
    (  Trust == false -> body(M, G, G2), G1 = M:G2
    ;  Trust == true -> G1 = G
    ;  throw(error(domain_error(trust, Trust), query_goal/4))
    ).

%% add_rule_module(+Module, +How)  Module is part of the loaded rules: qualified calls
% may go there.  How is checked (a file from disk, each clause of which was checked),
% trusted (a game of ludolog's own: untrusted code may call its predicates, which are
% game logic) or library(module(Module, Exports)) (a library of ludolog's own:
% untrusted code may call its exports and nothing else, see library_call/4).
add_rule_module(M, How) :-
    ( rule_module(M) -> true ; assertz(rule_module(M)) ),
    retractall(trusted_module(M)),
    retractall(rule_library(M)),
    retractall(library_exports(M, _)),
    (  How == checked -> true
    ;  How == trusted -> assertz(trusted_module(M))
    ;  How = library(module(M, Exports)), nonvar(Exports)
    -> assertz(trusted_module(M)), assertz(rule_library(M)),
       export_indicators(Exports, PIs), assertz(library_exports(M, PIs))
    ;  throw(error(domain_error(rule_module_kind, How), add_rule_module/2))
    ).

%% export_indicators(+Exports, -Indicators)  the Name/Arity of each predicate of an
% export list (Name/Arity, or a grammar's Name//Arity; an operator is no predicate).
export_indicators(Es, []) :- var(Es), !.
export_indicators([], []).
export_indicators([E|Es], PIs) :-
    (  nonvar(E), E = N/A -> PIs = [N/A|PIs1]
    ;  nonvar(E), E = N//A0 -> A is A0 + 2, PIs = [N/A|PIs1]
    ;  PIs = PIs1
    ),
    export_indicators(Es, PIs1).
