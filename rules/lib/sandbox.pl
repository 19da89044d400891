%% sandbox — untrusted rule files and REPL queries run only goals known to be safe.
%
% Modelled on SWI-Prolog's library(sandbox).  A rule file from disk is read
% term by term before scryer loads it (check_file/4): every clause body and
% directive is walked, a call into the file's own predicates is allowed (their
% clauses are walked too), and any other goal must be a builtin or library
% predicate on the whitelist (safe/2) or a call into a module of the rules.
% A meta-call whose goal is not known when the file loads (call(G), findall/3
% on a variable, maplist(P, ...) with P unbound) is wrapped in safe_call/2..9,
% which checks the goal when it runs.  REPL queries go through query_goal/3.
% A refusal throws sandbox(Goal, Reason); the host says it with file:line.

:- module(sandbox, [check_file/5, query_goal/3, safe_call/2, safe_call/3, safe_call/4,
                    safe_call/5, safe_call/6, safe_call/7, safe_call/8, safe_call/9,
                    rule_module/1, refusal_text/3, trust/0, add_rule_module/1]).

:- use_module(library(lists)).
:- use_module(library(dcgs)).
:- use_module(library(charsio)).

%% own(?Module, ?Name, ?Arity)  the predicates an untrusted file defines (or declares dynamic).
:- dynamic(own/3).
%% rule_module(?Module)  a module of the loaded rules (trusted or checked): qualified calls go there.
:- dynamic(rule_module/1).

%% check_file(+Path, +Module, +Check, -Result, -Text)
% Reads the file term by term.  Result is ok (load the file's own text), rewrite
% (load Text: the checked terms, each on its original line), or error(Line, Message).
% With Check = false only the syntax is checked (--trust).
check_file(Path, Module, Check, Result, Text) :-
    catch(open(Path, read, S), E, true),
    (  nonvar(E)
    -> host:formatted("cannot open the file: ~q", [E], Msg), Result = error(0, Msg), Text = []
    ;  catch(read_all(S, Terms), E2, true),
       close(S),
       (  nonvar(E2) -> read_error(E2, Result), Text = []
       ;  Check == false
       -> wrap_inits(Terms, Module, Wrapped, false, Changed0),
          ( Changed0 == true -> Result = rewrite, emit(Wrapped, 1, Text) ; Result = ok, Text = [] )
       ;  catch(check_terms(Module, Terms, Checked, Changed), Refusal, true),
          (  nonvar(Refusal) -> refusal_result(Refusal, Result), Text = []
          ;  Changed == true -> Result = rewrite, emit(Checked, 1, Text)
          ;  Result = ok, Text = []
          )
       )
    ).

%% read_error(+Exception, -Result)  a read error as error(Line, Message).
read_error(at(Start, Skipped, syntax(What, End0)), error(Start, Msg)) :- !,
    host:syntax_words(What, Words),
    End is End0 + Skipped,
    (  End0 > 0, End > Start
    -> host:formatted("syntax error: ~s (in the term that starts here; the reader gave up at line ~d)", [Words, End], Msg)
    ;  host:formatted("syntax error: ~s", [Words], Msg)
    ).
read_error(at(Start, _, other(E)), error(Start, Msg)) :- !, host:formatted("cannot read the term: ~q", [E], Msg).
read_error(at(_, syntax(What, _)), error(0, Msg)) :- !,
    host:syntax_words(What, Words), host:formatted("syntax error: ~s", [Words], Msg).
read_error(E, error(0, Msg)) :- host:formatted("cannot read the file: ~q", [E], Msg).

%% read_failure(+Exception, -Failure)  syntax(What, Line) or other(E), taken apart step by
% step (in scryer 0.10 a read error does not unify with a nested pattern in one go).
read_failure(E, syntax(W, End)) :-
    functor(E, error, 2), arg(1, E, SE), functor(SE, syntax_error, 1), arg(1, SE, W),
    arg(2, E, Ctx),
    (  functor(Ctx, :, 2), arg(2, Ctx, End0), integer(End0) -> End = End0 ; End = 0 ), !.
read_failure(E, other(E)).

%% read_all(+Stream, -Terms)  the terms of the file as t(Line, Term), obeying op/3 as they come.
read_all(S, Terms) :- read_all(S, 0, Terms).

% scryer counts the lines read_term/3 reads, not those get_char/2 reads: Skipped
% counts the newlines skipped between terms.
read_all(S, Skipped0, Terms) :-
    skip_layout(S, Skipped0, Skipped),
    stream_property(S, position(position_and_lines_read(_, L0))),
    Line is L0 + Skipped + 1,
    (  peek_char(S, C), C == end_of_file -> Terms = []
    ;  catch(read_term(S, T, []), E, ( read_failure(E, F), throw(at(Line, Skipped, F)) )),
       (  T == end_of_file -> Terms = []
       ;  (  nonvar(T), T = (:- op(P, Type, Names)) -> catch(op(P, Type, Names), _, true) ; true ),
          Terms = [t(Line, T)|Ts],
          read_all(S, Skipped, Ts)
       )
    ).

%% skip_layout(+Stream, +N0, -N)  skip white space and comments up to the next term, counting newlines.
skip_layout(S, N0, N) :-
    peek_char(S, C),
    (  C == end_of_file -> N = N0
    ;  C == '\n' -> get_char(S, _), N1 is N0 + 1, skip_layout(S, N1, N)
    ;  char_type(C, whitespace) -> get_char(S, _), skip_layout(S, N0, N)
    ;  C == '%' -> skip_line(S), N1 is N0 + 1, skip_layout(S, N1, N)
    ;  slash(C) -> get_char(S, _), peek_char(S, C2),
       (  star(C2) -> get_char(S, _), skip_block(S, N0, N1), skip_layout(S, N1, N)
       ;  throw(at(0, syntax('a term starts with /', 0)))
       )
    ;  N = N0
    ).

slash(/).
star(*).

%% skip_line(+Stream)  skip to the end of the line.
skip_line(S) :-
    get_char(S, C),
    (  C == end_of_file -> true ; C == '\n' -> true ; skip_line(S) ).

%% skip_block(+Stream, +N0, -N)  skip to the end of a block comment, counting newlines.
skip_block(S, N0, N) :-
    get_char(S, C),
    (  C == end_of_file -> N = N0
    ;  star(C), peek_char(S, C2), slash(C2) -> get_char(S, _), N = N0
    ;  C == '\n' -> N1 is N0 + 1, skip_block(S, N1, N)
    ;  skip_block(S, N0, N)
    ).

%% refusal_result(+Refusal, -Result)  a refusal as error(Line, Message).
refusal_result(at(Line, sandbox(G, Why)), error(Line, Msg)) :- !,
    refusal_text(G, Why, Msg).
refusal_result(at(Line, E), error(Line, Msg)) :- !,
    host:formatted("cannot check the term: ~q", [E], Msg).
refusal_result(E, error(0, Msg)) :- host:formatted("cannot check the file: ~q", [E], Msg).

%% refusal_text(+Goal, +Why, -Text)  a refusal said in words.
refusal_text(G, Why, Text) :-
    goal_name(G, Name),
    why_words(Why, Words),
    host:formatted("refused by the sandbox: ~s ~s (run ludolog with --trust to allow it)", [Name, Words], Text).

%% goal_name(+Goal, -Text)  a goal as Name/Arity (qualified when it was).
goal_name(G, Text) :- var(G), !, Text = "an unbound goal".
goal_name(library(L), Text) :- !, host:formatted("library(~q)", [L], Text).
goal_name(M:G, Text) :- atom(M), callable(G), !,
    functor(G, N, A), host:formatted("~q:~q/~d", [M, N, A], Text).
goal_name(G, Text) :- callable(G), !, functor(G, N, A), host:formatted("~q/~d", [N, A], Text).
goal_name(G, Text) :- host:formatted("~q", [G], Text).

%% why_words(+Why, -Words)  the reason of a refusal.
why_words(files, "reads or writes files and directories").
why_words(os, "reaches the operating system").
why_words(process, "runs programs").
why_words(sockets, "opens network connections").
why_words(ffi, "loads foreign libraries").
why_words(halt, "stops the program").
why_words(load, "loads code from outside the rules being loaded").
why_words(streams, "reads or writes streams other than the standard output").
why_words(flags, "changes a global flag").
why_words(ops, "redefines a standard operator").
why_words(global, "changes global variables").
why_words(modify(M), W) :- host:formatted("changes the clauses of the module ~q, which is not this rule file's", [M], W).
why_words(module(M), W) :- host:formatted("calls into the module ~q, which is not part of the rules", [M], W).
why_words(expansion, "defines a term or goal expansion, which would rewrite code after the sandbox checked it").
why_words(undeclared, "adds or removes clauses of a predicate the rule file does not declare dynamic").
why_words(unbound, "is a goal not known when it runs").
why_words(unknown, "is neither defined in the rules nor a predicate known to be safe").
why_words(directive, "is not a directive a rule file may run").
why_words(library, "is not a library known to be safe").

%% emit(+Terms, +Line, -Text)  the terms written canonically, each starting on its original line.
emit([], _, []).
emit([t(L, T)|Ts], Line0, Text) :-
    (  L > Line0 -> N is L - Line0, length(NLs, N), maplist(=('\n'), NLs), Line = L
    ;  NLs = [' '], Line = Line0
    ),
    term_variables(T, Vs), name_vars(Vs, 1, Names),
    write_term_to_chars(T, [quoted(true), ignore_ops(true), double_quotes(false), variable_names(Names)], Cs),
    append(NLs, Cs, Text0),
    append(Text0, ['.'|Rest], Text),
    emit(Ts, Line, Rest).

%% name_vars(+Vars, +K, -Names)  names _G1, _G2, ... for the variables (no singleton warnings).
name_vars([], _, []).
name_vars([V|Vs], K, [A=V|Ns]) :-
    number_chars(K, Ds), atom_chars(A, ['_', 'G'|Ds]),
    K1 is K + 1, name_vars(Vs, K1, Ns).

%% wrap_inits(+Terms, +Module, -Wrapped, +Changed0, -Changed)  with --trust: only the
% initialization goals are wrapped, so that an exception in one is a load error.
wrap_inits([], _, [], C, C).
wrap_inits([t(L, T)|Ts], M, [t(L, T1)|Ws], C0, C) :-
    (  nonvar(T), T = (:- initialization(G)) -> T1 = (:- initialization(sandbox:init_goal(M, G))), C1 = true
    ;  nonvar(T), T = (:- initialization(G, W)) -> T1 = (:- initialization(sandbox:init_goal(M, G), W)), C1 = true
    ;  T1 = T, C1 = C0
    ),
    wrap_inits(Ts, M, Ws, C1, C).

%% check_terms(+Module, +Terms, -Checked, -Changed)  every clause and directive checked.
check_terms(M, Terms, Checked, Changed) :-
    retractall(own(M, _, _)),
    maplist(declare_own(M), Terms),
    check_each(Terms, M, Checked, false, Changed).

%% declare_own(+Module, +LineTerm)  record the predicate a clause or declaration defines.
declare_own(M, t(_, T)) :-
    (  var(T) -> true
    ;  T = (:- D) -> declared(M, D)
    ;  T = (H --> _) -> ( nonvar(H), H = (H1, _) -> true ; H1 = H ), dcg_head(M, H1)
    ;  T = (H :- _) -> head(M, H)
    ;  head(M, T)
    ).

declared(M, D) :-
    (  nonvar(D), D = dynamic(Specs) -> own_specs(M, Specs)
    ;  nonvar(D), D = discontiguous(Specs) -> own_specs(M, Specs)
    ;  true
    ).

own_specs(_, V) :- var(V), !.
own_specs(M, (A, B)) :- !, own_specs(M, A), own_specs(M, B).
own_specs(M, [S|Ss]) :- !, own_specs(M, S), own_specs(M, Ss).
own_specs(_, []) :- !.
own_specs(M, N/A) :- atom(N), integer(A), !, add_own(M, N, A).
own_specs(M, N//A) :- atom(N), integer(A), !, A2 is A + 2, add_own(M, N, A2).
own_specs(_, _).

head(M, H) :- callable(H), H \= _:_, !, functor(H, N, A), add_own(M, N, A).
head(_, _).

dcg_head(M, H) :- callable(H), H \= _:_, !, functor(H, N, A), A2 is A + 2, add_own(M, N, A2).
dcg_head(_, _).

add_own(M, N, A) :- ( own(M, N, A) -> true ; assertz(own(M, N, A)) ).

%% check_each(+Terms, +Module, -Checked, +Changed0, -Changed)  check the terms in order.
check_each([], _, [], C, C).
check_each([t(L, T)|Ts], M, [t(L, T1)|Cs], C0, C) :-
    catch(check_term(M, T, T1, C0, C1), E, throw(at(L, E))),
    check_each(Ts, M, Cs, C1, C).

%% check_term(+Module, +Term, -Checked, +Changed0, -Changed)  one clause or directive.
check_term(_, T, _, _, _) :- var(T), !, throw(sandbox(T, unknown)).
check_term(M, (:- D), (:- D1), C0, C) :- !, directive(M, D, D1, C0, C).
check_term(M, (H --> B), T1, C0, C) :- !,
    (  catch(dcgs:dcg_rule((H --> B), Clause), _, fail) -> true ; throw(sandbox((H --> B), unknown)) ),
    check_term(M, Clause, T2, C0, C1),
    (  C1 == true -> T1 = T2, C = true ; T1 = (H --> B), C = C0 ).
check_term(M, (H :- B), (H :- B1), C0, C) :- !,
    clause_head(M, H),
    body(M, B, B1, C0, C).
check_term(M, H, H, C, C) :- clause_head(M, H).

%% clause_head(+Module, +Head)  a head the file may define: its own, unqualified, no hook.
clause_head(_, H) :- var(H), !, throw(sandbox(H, unknown)).
clause_head(M, Q:H) :- !, ( Q == M -> clause_head(M, H) ; throw(sandbox(Q:H, modify(Q))) ).
clause_head(_, H) :- functor(H, N, 2), expansion_hook(N), !, throw(sandbox(H, expansion)).
clause_head(_, _).

expansion_hook(term_expansion).
expansion_hook(goal_expansion).

%% directive(+Module, +Directive, -Checked, +Changed0, -Changed)  a directive the file may run.
directive(_, D, _, _, _) :- var(D), !, throw(sandbox(D, unbound)).
directive(_, module(N, E), module(N, E), C, C) :- !.  % the host checks the name
directive(_, use_module(library(L)), use_module(library(L)), C, C) :- !, safe_library(L).
directive(_, use_module(library(L), Is), use_module(library(L), Is), C, C) :- !, safe_library(L).
directive(_, use_module(F), _, _, _) :- !, throw(sandbox(use_module(F), load)).
directive(_, use_module(F, I), _, _, _) :- !, throw(sandbox(use_module(F, I), load)).
directive(M, dynamic(S), dynamic(S), C, C) :- !, own_module_specs(M, S).
directive(M, discontiguous(S), discontiguous(S), C, C) :- !, own_module_specs(M, S).
directive(_, op(P, T, Ns), op(P, T, Ns), C, C) :- !, safe_op(op(P, T, Ns)).
directive(_, set_prolog_flag(double_quotes, V), set_prolog_flag(double_quotes, V), C, C) :- !.
directive(_, set_prolog_flag(F, V), _, _, _) :- !, throw(sandbox(set_prolog_flag(F, V), flags)).
directive(M, initialization(G), initialization(sandbox:init_goal(M, G1)), _, true) :- !,
    body(M, G, G1, false, _).
directive(M, initialization(G, W), initialization(sandbox:init_goal(M, G1), W), _, true) :- !,
    body(M, G, G1, false, _).
directive(_, meta_predicate(S), meta_predicate(S), C, C) :- !.
directive(M, D, D1, C0, C) :- body(M, D, D1, C0, C).

own_module_specs(_, S) :- var(S), !.
own_module_specs(M, (A, B)) :- !, own_module_specs(M, A), own_module_specs(M, B).
own_module_specs(M, [S|Ss]) :- !, own_module_specs(M, S), own_module_specs(M, Ss).
own_module_specs(M, Q:S) :- !, ( Q == M -> true ; throw(sandbox(dynamic(Q:S), modify(Q))) ).
own_module_specs(_, _).

%% safe_op(+Op)  op/3 may add operators, not change the standard ones.
safe_op(op(P, T, Ns)) :-
    (  ( var(P) ; var(T) ; var(Ns) ) -> throw(sandbox(op(P, T, Ns), unbound))
    ;  atom(Ns) -> safe_op_name(op(P, T, Ns), Ns)
    ;  is_list(Ns) -> maplist(safe_op_name(op(P, T, Ns)), Ns)
    ;  true
    ).

safe_op_name(Op, N) :-
    (  atom(N), \+ current_op(_, _, N) -> true
    ;  atom(N), Op = op(P, T, _), current_op(P, T, N) -> true   % the same again: harmless
    ;  throw(sandbox(Op, ops))
    ).

%% safe_library(+Library)  a library whose exports the whitelist covers.
safe_library(L) :- atom(L), safe_lib(L), !.
safe_library(L) :- throw(sandbox(library(L), library)).

safe_lib(lists). safe_lib(between). safe_lib(dcgs). safe_lib(error). safe_lib(format).
safe_lib(iso_ext). safe_lib(charsio). safe_lib(si). safe_lib(ordsets). safe_lib(assoc).
safe_lib(pairs). safe_lib(random). safe_lib(reif). safe_lib(clpz). safe_lib(dif).
safe_lib(when). safe_lib(freeze). safe_lib(arithmetic). safe_lib(terms). safe_lib(ugraphs).
safe_lib(queues). safe_lib(tabling). safe_lib(apply).

%% body(+Module, +Goal, -Checked, +Changed0, -Changed)
% Goal checked in Module; a part not known until it runs is wrapped in
% safe_call/2 (Changed becomes true).  Unsafe goals throw sandbox(Goal, Why).
body(M, G, sandbox:safe_call(M, G), _, true) :- var(G), !.
body(M, (A, B), (A1, B1), C0, C) :- !, body(M, A, A1, C0, C1), body(M, B, B1, C1, C).
body(M, (A ; B), (A1 ; B1), C0, C) :- !, body(M, A, A1, C0, C1), body(M, B, B1, C1, C).
body(M, (A -> B), (A1 -> B1), C0, C) :- !, body(M, A, A1, C0, C1), body(M, B, B1, C1, C).
body(M, '*->'(A, B), '*->'(A1, B1), C0, C) :- !, body(M, A, A1, C0, C1), body(M, B, B1, C1, C).
body(M, \+ A, \+ A1, C0, C) :- !, body(M, A, A1, C0, C).
body(M, Q:G, Out, C0, C) :- !, qualified(M, Q, G, Out, C0, C).
body(M, G, Out, C0, C) :- goal(M, G, Out, C0, C).

%% qualified(+Module, +Q, +Goal, -Checked, +Changed0, -Changed)  a call Q:Goal.
% Into a module of the rules: a predicate it defines (builtins are visible in
% every module, so hex:open/3 is still open/3 and checked as such); into a
% library: a whitelisted predicate.
qualified(M, Q, G, sandbox:safe_call(M, Q:G), _, true) :- ( var(Q) ; var(G) ), !.
qualified(M, M, G, Out, C0, C) :- !, body(M, G, Out0, C0, C), requalify(M, Out0, Out).
qualified(_, Q, G, Out, C0, C) :-
    atom(Q), ( rule_module(Q) ; safe_lib(Q) ), !,
    (  Q \== sandbox, callable(G), functor(G, N, A), \+ unsafe(N, A, _),
       \+ meta(G, _), \+ database(G),
       ( own(Q, N, A) ; rule_module(Q), \+ safe(N, A), catch(current_predicate(Q:N/A), _, fail) )
    -> Out = Q:G, C = C0
    ;  goal(none, G, Out0, C0, C), requalify(Q, Out0, Out)
    ).
qualified(_, Q, G, _, _, _) :- throw(sandbox(Q:G, module(Q))).

requalify(_, sandbox:G, sandbox:G) :- !.
requalify(Q, G, Q:G).

%% goal(+Module, +Goal, -Checked, +Changed0, -Changed)  a goal that is no control construct.
% Allowed: the module's own predicates, the whitelist, and (in a module of the rules)
% the predicates the module defines.  Refused: the blacklist, any other builtin and
% '$' system predicate.  A name that is none of these is left to run: at worst it is
% an existence error (a rule file imports only the libraries safe_lib/1 lists).
goal(_, G, _, _, _) :- \+ callable(G), !, throw(sandbox(G, unknown)).
goal(M, G, G, C, C) :- functor(G, N, A), own(M, N, A), !.
goal(M, G, Out, C0, C) :- meta(G, Specs), !, meta_args(M, G, Specs, Out, C0, C).
goal(M, G, Out, C0, C) :- database(G), !, database_goal(M, G, Out, C0, C).
goal(_, use_module(library(L)), use_module(library(L)), C, C) :- !, safe_library(L).
goal(_, use_module(library(L), Is), use_module(library(L), Is), C, C) :- !, safe_library(L).
goal(_, op(P, T, Ns), op(P, T, Ns), C, C) :- !, safe_op(op(P, T, Ns)).
goal(_, G, G, C, C) :- functor(G, N, A), safe(N, A), !.
goal(_, G, _, _, _) :- functor(G, N, A), unsafe(N, A, Why), !, throw(sandbox(G, Why)).
goal(_, G, _, _, _) :- functor(G, N, _), atom_chars(N, ['$'|_]), !, throw(sandbox(G, unknown)).
goal(_, G, _, _, _) :- catch(predicate_property(G, built_in), _, fail), !, throw(sandbox(G, unknown)).
goal(M, G, G, C, C) :- rule_module(M), functor(G, N, A), catch(current_predicate(M:N/A), _, fail), !.
goal(none, G, _, _, _) :- !, throw(sandbox(G, unknown)).
goal(_, G, G, C, C).

%% meta_args(+Module, +Goal, +Specs, -Checked, +Changed0, -Changed)  check each goal argument.
meta_args(M, G, Specs, Out, C0, C) :-
    G =.. [F|Args],
    meta_each(Args, Specs, M, Args1, C0, C),
    Out =.. [F|Args1].

meta_each([], _, _, [], C, C).
meta_each([A|As], [S|Ss], M, [A1|As1], C0, C) :-
    meta_arg(S, M, A, A1, C0, C1),
    meta_each(As, Ss, M, As1, C1, C).

meta_arg(K, M, A, A1, C0, C) :- integer(K), !, closure(M, K, A, A1, C0, C).
meta_arg(^, M, A, A1, C0, C) :- !, strip_carets(A, Vs, G), closure(M, 0, G, G1, C0, C), carets(Vs, G1, A1).
meta_arg(dcg, M, A, A1, C0, C) :- !, dcg_arg(M, A, A1, C0, C).
meta_arg(_, _, A, A, C, C).

strip_carets(A, [], A) :- var(A), !.
strip_carets(V^G0, [V|Vs], G) :- !, strip_carets(G0, Vs, G).
strip_carets(G, [], G).

carets([], G, G).
carets([V|Vs], G0, V^G) :- carets(Vs, G0, G).

%% closure(+Module, +Extra, +Closure, -Checked, +Changed0, -Changed)
% a goal argument called with Extra more arguments; one that cannot be checked
% now is wrapped in safe_call/2+Extra, which checks it when it runs.
closure(M, 0, A, A1, C0, C) :- !, body(M, A, A1, C0, C).
closure(M, K, A, sandbox:safe_call(M, A), _, true) :- var(A), !, K =< 7.
closure(M, K, A, Out, C0, C) :-
    length(Extra, K),
    (  catch(add_args(A, Extra, G), _, fail) -> true ; throw(sandbox(A, unknown)) ),
    body(M, G, _, false, Changed),
    (  Changed == false -> Out = A, C = C0
    ;  K =< 7 -> Out = sandbox:safe_call(M, A), C = true
    ;  throw(sandbox(A, unbound))
    ).

%% dcg_arg(+Module, +Body, -Checked, +Changed0, -Changed)  a grammar body given to phrase/2,3.
dcg_arg(M, A, call(sandbox:dcg_call(M, A)), _, true) :- var(A), !.
dcg_arg(M, A, Out, C0, C) :-
    (  catch(dcgs:dcg_body(A, _, _, B), _, fail) -> true ; throw(sandbox(A, unknown)) ),
    body(M, B, _, false, Changed),
    (  Changed == false -> Out = A, C = C0
    ;  Out = call(sandbox:dcg_call(M, A)), C = true
    ).

%% database(+Goal)  the goals that change clauses.
database(assert(_)). database(asserta(_)). database(assertz(_)).
database(retract(_)). database(retractall(_)). database(abolish(_)).

%% database_goal(+Module, +Goal, -Checked, +Changed0, -Changed)  a change to the file's own clauses.
database_goal(M, G, sandbox:safe_call(M, G), _, true) :- arg(1, G, C), var(C), !.
database_goal(M, G, Out, C0, C) :-
    G =.. [F, Cl],
    (  Cl = (H :- B) -> true ; H = Cl, B = true ),
    (  ( var(H) ; H = Q:_, var(Q) ) -> Out = sandbox:safe_call(M, G), C = true
    ;  H = Q:_, Q \== M -> throw(sandbox(G, modify(Q)))
    ;  ( H = _:H1 -> true ; H1 = H ), db_head(M, H1, G),
       (  ( F == retract ; F == retractall ; F == abolish ) -> Out = G, C = C0
       ;  body(M, B, B1, C0, C), ( B1 == B -> Out = G ; Cl1 = (H :- B1), Out =.. [F, Cl1] )
       )
    ).

%% db_head(+Module, +Head, +Goal)  a head that asserting may add to: a predicate the
% untrusted file defines or declares dynamic, or a new one of its module (a REPL user's
% own facts); not a builtin, not a hook, not the host's.
db_head(M, H, G) :-
    (  H = N/A, G = abolish(_) -> ( atom(N), integer(A) -> functor(H1, N, A), db_head(M, H1, G) ; throw(sandbox(G, unknown)) )
    ;  \+ callable(H) -> throw(sandbox(G, unknown))
    ;  functor(H, N, A), ( safe(N, A) ; unsafe(N, A, _) ; expansion_hook(N) ) -> throw(sandbox(G, modify(M)))
    ;  functor(H, N, A), own(M, N, A) -> true
    ;  functor(H, N, A), \+ catch(current_predicate(M:N/A), _, fail) -> true
    ;  throw(sandbox(G, undeclared))
    ).

%% safe_call(+Module, +Goal)  Goal checked now that it is known, then called in Module.
safe_call(M, G) :-
    (  var(G) -> throw(error(instantiation_error, sandbox:safe_call/2)) ; true ),
    body(M, G, G1, false, _),
    call(M:G1).

safe_call(M, G, A) :- add_args(G, [A], G1), safe_call(M, G1).
safe_call(M, G, A, B) :- add_args(G, [A, B], G1), safe_call(M, G1).
safe_call(M, G, A, B, C) :- add_args(G, [A, B, C], G1), safe_call(M, G1).
safe_call(M, G, A, B, C, D) :- add_args(G, [A, B, C, D], G1), safe_call(M, G1).
safe_call(M, G, A, B, C, D, E) :- add_args(G, [A, B, C, D, E], G1), safe_call(M, G1).
safe_call(M, G, A, B, C, D, E, F) :- add_args(G, [A, B, C, D, E, F], G1), safe_call(M, G1).
safe_call(M, G, A, B, C, D, E, F, H) :- add_args(G, [A, B, C, D, E, F, H], G1), safe_call(M, G1).

%% init_goal(+Module, +Goal)  an initialization goal whose exception is printed as a load
% error (an exception escaping initialization/1 aborts scryer 0.10).
init_goal(M, G) :-
    catch(M:G, E, ( init_error(E), fail )).

init_error(sandbox(G, Why)) :- !,
    refusal_text(G, Why, T), host:formatted("error: initialization/1: ~s~n", [T], Cs),
    put_chars(Cs).
init_error(E) :- host:formatted("error: initialization/1 threw ~q~n", [E], Cs), put_chars(Cs).

%% put_chars(+Cs)  writes the characters Cs to the current output.
put_chars([]).
put_chars([C|Cs]) :- put_char(C), put_chars(Cs).

%% dcg_call(+Module, +Body, ?S0, ?S)  a grammar body checked when it runs.
dcg_call(M, A, S0, S) :- dcgs:dcg_body(A, S0, S, B), safe_call(M, B).

%% add_args(+Closure, +Args, -Goal)  the closure with more arguments.
add_args(G, _, _) :- var(G), !, throw(error(instantiation_error, sandbox:safe_call/2)).
add_args(Q:G, As, Q:G1) :- !, add_args(G, As, G1).
add_args(G, As, G1) :- G =.. L0, append(L0, As, L1), G1 =.. L1.

%% query_goal(+Goal, +Module, -Checked)  a REPL query, checked like a clause body of
% the game's Module and run there (as it is when the sandbox is off).
query_goal(G, M, G1) :- ( trusted -> G1 = G ; body(M, G, G2, false, _), G1 = M:G2 ).

%% trusted  the sandbox is off (--trust).
:- dynamic(trusted/0).

%% trust  turn the sandbox off for REPL queries (files are then loaded unchecked by the host).
trust :- ( trusted -> true ; assertz(trusted) ).

%% add_rule_module(+Module)  Module is part of the loaded rules: qualified calls may go there.
add_rule_module(M) :- ( rule_module(M) -> true ; assertz(rule_module(M)) ).

%% meta(+Goal, -Specs)  the goal arguments of the meta-predicates the whitelist allows.
meta(call(_), [0]).
meta(call(_, _), [1, ?]).
meta(call(_, _, _), [2, ?, ?]).
meta(call(_, _, _, _), [3, ?, ?, ?]).
meta(call(_, _, _, _, _), [4, ?, ?, ?, ?]).
meta(call(_, _, _, _, _, _), [5, ?, ?, ?, ?, ?]).
meta(call(_, _, _, _, _, _, _), [6, ?, ?, ?, ?, ?, ?]).
meta(call(_, _, _, _, _, _, _, _), [7, ?, ?, ?, ?, ?, ?, ?]).
meta(once(_), [0]).
meta(ignore(_), [0]).
meta(not(_), [0]).
meta(forall(_, _), [0, 0]).
meta(findall(_, _, _), [?, 0, ?]).
meta(findall(_, _, _, _), [?, 0, ?, ?]).
meta(bagof(_, _, _), [?, ^, ?]).
meta(setof(_, _, _), [?, ^, ?]).
meta(catch(_, _, _), [0, ?, 0]).
meta(call_cleanup(_, _), [0, 0]).
meta(setup_call_cleanup(_, _, _), [0, 0, 0]).
meta(call_with_inference_limit(_, _, _), [0, ?, ?]).
meta(call_nth(_, _), [0, ?]).
meta(maplist(_, _), [1, ?]).
meta(maplist(_, _, _), [2, ?, ?]).
meta(maplist(_, _, _, _), [3, ?, ?, ?]).
meta(maplist(_, _, _, _, _), [4, ?, ?, ?, ?]).
meta(maplist(_, _, _, _, _, _), [5, ?, ?, ?, ?, ?]).
meta(maplist(_, _, _, _, _, _, _), [6, ?, ?, ?, ?, ?, ?]).
meta(maplist(_, _, _, _, _, _, _, _), [7, ?, ?, ?, ?, ?, ?, ?]).
meta(foldl(_, _, _, _), [3, ?, ?, ?]).
meta(foldl(_, _, _, _, _), [4, ?, ?, ?, ?]).
meta(foldl(_, _, _, _, _, _), [5, ?, ?, ?, ?, ?]).
meta(foldl(_, _, _, _, _, _, _), [6, ?, ?, ?, ?, ?, ?]).
meta(include(_, _, _), [1, ?, ?]).
meta(exclude(_, _, _), [1, ?, ?]).
meta(partition(_, _, _, _), [1, ?, ?, ?]).
meta(partition(_, _, _, _, _, _), [2, ?, ?, ?, ?, ?]).
meta(predsort(_, _, _), [3, ?, ?]).
meta(map_list_to_pairs(_, _, _), [2, ?, ?]).
meta(freeze(_, _), [?, 0]).
meta(when(_, _), [?, 0]).
meta(if_(_, _, _), [1, 0, 0]).
meta(tfilter(_, _, _), [2, ?, ?]).
meta(tpartition(_, _, _, _), [2, ?, ?, ?]).
meta(phrase(_, _), [dcg, ?]).
meta(phrase(_, _, _), [dcg, ?, ?]).

%% safe(?Name, ?Arity)  the builtins and library predicates with no effect outside the query.
safe(true, 0). safe(fail, 0). safe(false, 0). safe(!, 0). safe(throw, 1).
safe(=, 2). safe(\=, 2). safe(==, 2). safe(\==, 2). safe(@<, 2). safe(@>, 2).
safe(@=<, 2). safe(@>=, 2). safe(compare, 3). safe(unify_with_occurs_check, 2).
safe(subsumes_term, 2). safe(dif, 2).
safe(var, 1). safe(nonvar, 1). safe(atom, 1). safe(number, 1). safe(integer, 1).
safe(float, 1). safe(atomic, 1). safe(compound, 1). safe(callable, 1). safe(is_list, 1).
safe(ground, 1). safe(functor, 3). safe(arg, 3). safe(=.., 2). safe(copy_term, 2).
safe(copy_term, 3). safe(term_variables, 2). safe(term_variables, 3).
safe(is, 2). safe(=:=, 2). safe(=\=, 2). safe(<, 2). safe(>, 2). safe(=<, 2). safe(>=, 2).
safe(succ, 2). safe(plus, 3). safe(between, 3). safe(numlist, 3). safe(numlist, 2).
safe(atom_codes, 2). safe(atom_chars, 2). safe(char_code, 2). safe(atom_length, 2).
safe(atom_concat, 3). safe(sub_atom, 5). safe(number_codes, 2). safe(number_chars, 2).
safe(atom_number, 2). safe(char_type, 2). safe(code_type, 2). safe(upcase_atom, 2).
safe(downcase_atom, 2). safe(term_to_atom, 2). safe(atomic_list_concat, 2).
safe(atomic_list_concat, 3). safe(partial_string, 1). safe(partial_string, 3).
safe(partial_string_tail, 2). safe(variant, 2).
safe(write, 1). safe(print, 1). safe(writeq, 1). safe(write_canonical, 1).
safe(write_term, 2). safe(nl, 0). safe(tab, 1). safe(put_char, 1).
safe(format, 1). safe(format, 2). safe(portray_clause, 1). safe(format_, 4).
safe(read_term_from_chars, 3). safe(read_from_chars, 2). safe(write_term_to_chars, 3).
safe(number_vars, 3). safe(numbervars, 3). safe(keysort, 2). safe(sort, 2). safe(sort, 4).
safe(msort, 2). safe(length, 2).
safe(append, 2). safe(append, 3). safe(member, 2). safe(memberchk, 2). safe(reverse, 2).
safe(nth0, 3). safe(nth1, 3). safe(nth0, 4). safe(nth1, 4). safe(last, 2).
safe(permutation, 2). safe(select, 3). safe(selectchk, 3). safe(select, 4).
safe(subtract, 3). safe(delete, 3). safe(sum_list, 2). safe(sumlist, 2).
safe(max_list, 2). safe(min_list, 2). safe(list_max, 2). safe(list_min, 2).
safe(list_to_set, 2). safe(same_length, 2). safe(transpose, 2). safe(max_member, 2).
safe(min_member, 2). safe(exclude_one, 3).
safe(pairs_keys_values, 3). safe(pairs_keys, 2). safe(pairs_values, 2).
safe(group_pairs_by_key, 2).
safe(seq, 3). safe(seqq, 3). safe('...', 2).
safe(must_be, 2). safe(can_be, 2). safe(domain_error, 2). safe(domain_error, 3).
safe(type_error, 2). safe(type_error, 3). safe(instantiation_error, 0).
safe(instantiation_error, 1). safe(existence_error, 2). safe(permission_error, 3).
safe(representation_error, 1). safe(resource_error, 1).
safe(is_ordset, 1). safe(list_to_ord_set, 2). safe(ord_add_element, 3).
safe(ord_del_element, 3). safe(ord_selectchk, 3). safe(ord_intersect, 2).
safe(ord_intersect, 3). safe(ord_intersection, 3). safe(ord_intersection, 2).
safe(ord_disjoint, 2). safe(ord_subtract, 3). safe(ord_union, 2). safe(ord_union, 3).
safe(ord_union, 4). safe(ord_subset, 2). safe(ord_empty, 1). safe(ord_memberchk, 2).
safe(ord_symdiff, 3). safe(ord_seteq, 2).
safe(empty_assoc, 1). safe(is_assoc, 1). safe(assoc_to_list, 2). safe(assoc_to_keys, 2).
safe(assoc_to_values, 2). safe(gen_assoc, 3). safe(get_assoc, 3). safe(get_assoc, 5).
safe(list_to_assoc, 2). safe(put_assoc, 4). safe(max_assoc, 3). safe(min_assoc, 3).
safe(del_assoc, 4). safe(pairs_to_assoc, 2).
safe(maybe, 0). safe(random, 1). safe(random_integer, 3). safe(set_random, 1).
safe(random_between, 3). safe(random_member, 2). safe(random_permutation, 2).
safe(atom_si, 1). safe(integer_si, 1). safe(atomic_si, 1). safe(list_si, 1).
safe(character_si, 1). safe(term_si, 1). safe(chars_si, 1). safe(dif_si, 2).
safe(=, 3). safe(',', 3). safe(;, 3). safe(cond_t, 3). safe(dif, 3). safe(memberd_t, 3).
safe(tmember, 2). safe(tmember_t, 3).
safe(#=, 2). safe(#\=, 2). safe(#<, 2). safe(#>, 2). safe(#=<, 2). safe(#>=, 2).
safe(in, 2). safe(ins, 2). safe(label, 1). safe(labeling, 2). safe(sum, 3).
safe(all_different, 1). safe(all_distinct, 1). safe(tuples_in, 2). safe(#<==>, 2).
safe(#==>, 2). safe(#<==, 2). safe(#\/, 2). safe(#\, 1). safe(#\, 2). safe(#/\, 2).
safe(zcompare, 3). safe(fd_dom, 2). safe(fd_inf, 2). safe(fd_sup, 2). safe(fd_size, 2).
safe(vertices_edges_to_ugraph, 3). safe(vertices, 2). safe(edges, 2). safe(add_edges, 3).
safe(neighbours, 3). safe(neighbors, 3). safe(top_sort, 2). safe(transitive_closure, 2).
safe(reachable, 3).
safe(empty_queue, 1). safe(queue_append, 3). safe(head_queue, 2).
safe(length_queue, 2). safe(list_queue, 2). safe(put_queue, 3).
safe(countall, 2). safe(current_op, 3). safe(current_predicate, 1).
safe(atom_to_term, 3). safe(number_string, 2). safe(repeat, 0). safe(gen_int, 1).
safe(gen_nat, 1). safe(call_residue_vars, 2).

%% unsafe(?Name, ?Arity, -Why)  what the sandbox refuses, by what it reaches.
unsafe(open, 3, files). unsafe(open, 4, files). unsafe(close, 1, streams). unsafe(close, 2, streams).
unsafe(see, 1, files). unsafe(tell, 1, files). unsafe(append, 1, files).
unsafe(delete_file, 1, files). unsafe(rename_file, 2, files). unsafe(exists_file, 1, files).
unsafe(file_exists, 1, files). unsafe(directory_files, 2, files). unsafe(directory_exists, 1, files).
unsafe(make_directory, 1, files). unsafe(make_directory_path, 1, files).
unsafe(delete_directory, 1, files). unsafe(working_directory, 2, files).
unsafe(file_size, 2, files). unsafe(file_modification_time, 2, files).
unsafe(file_access_time, 2, files). unsafe(file_creation_time, 2, files).
unsafe(path_canonical, 2, files). unsafe(path_segments, 2, files).
unsafe(absolute_file_name, 2, files). unsafe(absolute_file_name, 3, files).
unsafe(shell, 1, process). unsafe(shell, 2, process). unsafe(process_create, 3, process).
unsafe(process_wait, 2, process). unsafe(process_kill, 1, process). unsafe(process_kill, 2, process).
unsafe(process_id, 2, process).
unsafe(getenv, 2, os). unsafe(setenv, 2, os). unsafe(unsetenv, 1, os). unsafe(pid, 1, os).
unsafe(raw_argv, 1, os). unsafe(argv, 1, os).
unsafe(socket_client_open, 3, sockets). unsafe(socket_server_open, 2, sockets).
unsafe(socket_server_accept, 4, sockets). unsafe(socket_server_close, 1, sockets).
unsafe(current_hostname, 1, sockets).
unsafe(use_foreign_module, 2, ffi). unsafe(foreign_struct, 2, ffi). unsafe(with_locals, 2, ffi).
unsafe(allocate, 4, ffi). unsafe(deallocate, 3, ffi). unsafe(read_ptr, 3, ffi). unsafe(array_type, 3, ffi).
unsafe(halt, 0, halt). unsafe(halt, 1, halt).
unsafe(consult, 1, load). unsafe(use_module, 1, load). unsafe(use_module, 2, load).
unsafe(ensure_loaded, 1, load). unsafe(load_files, 2, load). unsafe(include, 1, load).
unsafe('.', 2, load). unsafe(load_module_string, 2, load).
unsafe(read, 1, streams). unsafe(read_term, 2, streams). unsafe(read_term, 3, streams).
unsafe(read, 2, streams). unsafe(get_char, 1, streams). unsafe(get_char, 2, streams).
unsafe(peek_char, 1, streams). unsafe(peek_char, 2, streams). unsafe(put_char, 2, streams).
unsafe(write, 2, streams). unsafe(writeq, 2, streams). unsafe(write_term, 3, streams).
unsafe(print, 2, streams). unsafe(nl, 1, streams). unsafe(format, 3, streams).
unsafe(portray_clause, 2, streams). unsafe(get_line_to_chars, 3, streams).
unsafe(get_n_chars, 3, streams). unsafe(get_single_char, 1, streams). unsafe(set_input, 1, streams).
unsafe(set_output, 1, streams). unsafe(flush_output, 1, streams). unsafe(set_stream_position, 2, streams).
unsafe(stream_property, 2, streams). unsafe(current_input, 1, streams). unsafe(current_output, 1, streams).
unsafe(set_prolog_flag, 2, flags). unsafe(op, 3, ops).
unsafe(bb_put, 2, global). unsafe(bb_b_put, 2, global). unsafe(bb_get, 2, global).
unsafe(nb_setval, 2, global). unsafe(b_setval, 2, global). unsafe(nb_getval, 2, global).
unsafe(b_getval, 2, global).
unsafe(listing, 1, streams).
unsafe(term_expansion, 2, expansion). unsafe(goal_expansion, 2, expansion).
