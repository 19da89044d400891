%% repl — the Prolog top level behind the REPL: typed queries answered one at a
% time, definitions in the user module, listings, and the user's definitions as
% texts to carry them to another machine.
%
% The host never builds a query from typed text: it calls answer/5 with the
% text as data.  answer/5 gives one reply per answer.  When the host resumes the
% query after a reply, the query first asks the host what the user wants
% (ludolog_repl_step/0, set by the host on this thread before it resumes): the
% next answer (0), the same answer without eliding (1), or stop (2).  Stopping
% throws a ball caught here, which cuts every choicepoint of the query, so the
% host always reads a query to its end and no exception escapes it.
%
% Typed clauses and the terms of a [user] block are added to the user module
% with assertz/1, so every predicate the user defines is dynamic: user_state/1 reads
% them back with clause/2, as listing/1 and clause/2 at the prompt do
% (rules/lib/repl_source.pl, which lists the rules' predicates too).
%
% How an answer is written (notation, strings, eliding) is rules/lib/repl_answer.pl.
%
% Whether the sandbox is off (--trust) is the host's to say: it passes Trust (true or
% false) with every request that runs or adds what the user typed (answer/5,
% consult/3, restore/3); nothing here remembers it.

:- module(repl, [current/1, (dynamic)/1]).

:- use_module(library(lists)).
:- use_module(library(charsio)).
:- use_module(library(iso_ext)).
:- use_module(library(dcgs)).
:- use_module(library('$project_atts')).

%% imported(?Spec)  a library the user loaded with use_module/1, to load again in a new machine.
:- dynamic(imported/1).

%% declared(?Name/Arity)  a predicate the user defined or declared dynamic at the prompt.
:- dynamic(declared/1).

%% setup(+Game)  binds the step function, makes the game, this module and the
% usual libraries visible in user, and remembers the operators and predicates
% that exist before the user adds any.
setup(G) :-
    % bound as hexgrid_accel.pl binds its own: library(ffi) would load library(format)
    host:foreign_functions(repl, Bindings), '$load_foreign_lib'("", Bindings),
    repl_time:start,
    Libraries = [G, repl, repl_time, repl_tools, repl_source, repl_trace, lists, dcgs, iso_ext, charsio, dif, freeze,
                 error, pairs],
    maplist(import_library, Libraries),
    % between/3 is repl_tools' (High may be inf), the rest of library(between) as it is
    user:use_module(library(between), [gen_int/1, gen_nat/1, numlist/2, numlist/3, repeat/1]),
    % format_//2, format/2,3 and portray_clause/1 are repl_tools', which load
    % library(format) when first called (format's own listing/1 takes Name/Arity only:
    % the user gets repl_source's)
    % SWI-Prolog's operator for the bitwise function xor/2 (7 xor 2), which scryer
    % evaluates but does not declare
    op(500, yfx, xor),
    % SWI-Prolog's prefix operator of the top-level variables ($X, rules/lib/repl_tools.pl)
    op(1, fx, $),
    findall(op(P, T, N), current_op(P, T, N), Ops),
    bb_put(repl_ops, Ops),
    findall(PI, current_predicate(user:PI), PIs0),
    sort(PIs0, PIs),
    bb_put(repl_preds, PIs),
    bb_put(repl_game, G),
    bb_put(repl_last, none).
    % the answer settings (repl_strings, repl_depth) are set next by the host,
    % from its one table of defaults (ANSWER_DEFAULTS in src/prolog/toplevel.rs)

%% import_library(+Name)  use_module(library(Name)) in user (a loaded module is imported).
import_library(L) :- user:use_module(library(L)).

%% set(+Key, +Value)  a setting of the answers: strings (true/false), depth (N, 0 for
% all), notation (true/false: the game's states and moves in its own text).
set(strings, V) :- memberchk(V, [true, false]), bb_put(repl_strings, V).
set(depth, D) :- integer(D), D >= 0, bb_put(repl_depth, D).
set(notation, V) :- memberchk(V, [true, false]), bb_put(repl_notation, V).

%% current(-State)  the REPL's current position.
current(S) :-
    bb_get(repl_current, Id),
    host:held(Id, S0),
    !,
    S = S0.

%% answer(+Text, +Id, +Limit, +Trust, -Reply)  the replies to Text typed at the prompt,
% one per answer, with the position held under Id as current/1; each answer may use
% Limit inferences, checked by the sandbox unless Trust = true.  Replies:
% answer(Text) (more may follow), last(Text), full(Text), false, error(Text),
% defined(Name/Arity, Clauses), read_clauses, halt(Code), and stopped once the user stops.
answer(Text, Id, Limit, Trust, Reply) :-
    bb_put(repl_current, Id),
    catch(reply(Text, Limit, Trust, Reply), '$repl_stop', Reply = stopped).

%% reply(+Text, +Limit, +Trust, -Reply)  read Text and answer it, reply by reply.
reply(Text, Limit, Trust, Reply) :-
    catch(read_term_from_chars(Text, T, [variable_names(Vs), singletons(Ss)]), E, true),
    (  nonvar(E)
    -> exception_text(E, M), yield(error(M), none, Reply)
    ;  catch(repl_tools:expand_vars(T, Vs, T1, Vs1), E1, true),
       (  nonvar(E1)
       -> exception_text(E1, M), yield(error(M), none, Reply)
       ;  (  clause_term(T1) -> warn_singletons(1, Ss) ; true ),
          typed(T1, Vs1, Limit, Trust, Reply)
       )
    ).

%% clause_term(+Term)  Term typed at the prompt is a rule or a grammar rule (it defines).
clause_term(T) :- nonvar(T), ( T = (_ :- _) ; T = (_ --> _) ), \+ T = (:- _).

%% warn_singletons(+Line, +Singletons)  print SWI-Prolog's warning for the named
% variables a clause uses once (not those starting with _).
warn_singletons(Line, Ss) :-
    findall(N, ( member(N = _, Ss), \+ atom_chars(N, ['_'|_]) ), Ns),
    (  Ns == []
    -> true
    ;  repl_tools:format("warning: user:~d: singleton variables: [", [Line]),
       names_text(Ns),
       repl_tools:format("]~n", [])
    ).

%% names_text(+Names)  print variable names separated by commas.
names_text([N]) :- !, write(N).
names_text([N|Ns]) :- write(N), write(','), names_text(Ns).

%% typed(+Term, +VarNames, +Limit, +Trust, -Reply)  what a typed term is: a clause to
% add, [user], halt, or a query.
typed(T, _, _, _, Reply) :-
    var(T), !,
    yield(error("the query is a variable: type a goal ending in a full stop"), none, Reply).
typed((H :- B), _, _, Trust, Reply) :- !, define((H :- B), Trust, R), yield(R, none, Reply).
typed((H --> B), _, _, Trust, Reply) :- !, define((H --> B), Trust, R), yield(R, none, Reply).
typed((:- D), _, _, Trust, Reply) :- !,
    catch(( directive(D, Trust), R = last("true") ), E, ( exception_text(E, M), R = error(M) )),
    yield(R, none, Reply).
typed([user], _, _, _, Reply) :- !, yield(read_clauses, none, Reply).
typed([_|_], _, _, _, Reply) :- !,
    yield(error("[File] does not load files here: :load FILE loads a rule file, [user]. reads clauses"), none, Reply).
typed(halt, _, _, _, Reply) :- !, yield(halt(0), none, Reply).
typed(halt(C), _, _, _, Reply) :-
    integer(C), C >= 0, C =< 255, !,
    yield(halt(C), none, Reply).
typed(G, Vs, Limit, Trust, Reply) :- solve(G, Vs, Limit, Trust, Reply).

%% solve(+Goal, +VarNames, +Limit, +Trust, -Reply)  Goal's answers one by one, then false.
solve(G, Vs, Limit, Trust, Reply) :-
    bb_put(repl_halt, none),
    catch(( sandboxed(G, Trust, G1),
            % traced, the checked goal runs in the tracer's interpreter
            (  repl_trace:wanted(G) -> G2 = repl_trace:run(G1) ; G2 = G1 ),
            call_with_inference_limit(call_residue_vars(G2, RVs), Limit, R) ), E, true),
    (  halt_asked(C)
    -> yield(halt(C), none, Reply)
    ;  nonvar(E)
    -> exception_text(E, M), yield(error(M), none, Reply)
    ;  R == inference_limit_exceeded
    -> limit_text(Limit, M), yield(error(M), none, Reply)
    ;  note_imports(G),
       answer_goals(Vs, RVs, Goals),
       bb_get(repl_depth, D),
       repl_answer:goals_text(Goals, Vs, D, Text, Elided),
       remember(Elided, Goals, Vs),
       repl_tools:remember_bindings(Goals),
       (  R == ! -> R0 = last(Text) ; R0 = answer(Text) ),
       yield(R0, full(Goals, Vs), Reply)
    ).
solve(_, _, _, _, Reply) :-
    (  halt_asked(C) -> yield(halt(C), none, Reply) ; yield(false, none, Reply) ).

%% halt_session(+Code)  halt/0,1 in a query: the session ends with Code once the query stops
% (even if a catch/3 in it went on), after what it printed; a ball no handler needs.
halt_session(C) :- bb_put(repl_halt, C), throw('$repl_halt'(C)).

%% halt_asked(-Code)  the query called halt(Code).
halt_asked(C) :- bb_get(repl_halt, C), integer(C).

%% sandboxed(+Goal, +Trust, -Checked)  Goal in user as the sandbox lets it run
% (rules/lib/sandbox.pl): unsafe goals throw sandbox(Goal, Why), meta-calls are checked
% when they run; the goal itself when the host says the sandbox is off (Trust = true),
% its reads of user_input still reading what the user types (repl_tools).
sandboxed(G, Trust, G1) :-
    (  Trust == true -> repl_tools:terminal_reads(G, G2) ; G2 = G ),
    sandbox:query_goal(G2, user, Trust, G0),
    (  G0 = user:_ -> G1 = G0 ; G1 = user:G0 ).

%% yield(+Reply0, +Full, -Reply)  Reply0; when resumed, what the host asks for:
% fail for the next answer, full(Text) for this one without eliding, or stop.
yield(R0, _, R) :-
    flush_output(user_output),
    R = R0.
yield(_, Full, R) :-
    catch(step(Step), _, Step = 2),
    (  Step =:= 0
    -> fail
    ;  Step =:= 1, Full = full(Goals, Vs)
    -> repl_answer:goals_text(Goals, Vs, 0, Text, _),
       yield(full(Text), Full, R)
    ;  throw('$repl_stop')
    ).

%% step(-Step)  what the host asks for after an answer (ludolog_repl_step/0): a system
% call is compiled in place, so it is called from a clause, not through catch/3.
step(Step) :- '$foreign_call'(ludolog_repl_step, [], Step).

%% limit_text(+Limit, -Text)  the message for an answer that ran past its inference limit.
limit_text(Limit, Text) :-
    host:formatted("the query ran past its inference limit of ~d (a loop? --inference-limit N raises it)", [Limit], Text).

%% answer_goals(+VarNames, +ResidueVars, -Goals)  what an answer says: binding(Name,
% Value) for each bound query variable, same(Name1, Name2) for two names of one
% variable, and goal(G) for each residual goal (dif/2, freeze/2, clpz).
answer_goals(Vs, RVs, Goals) :-
    free_vars(Vs, Fs),
    term_variables(Fs, QVs),
    '$project_atts':project_attributes(QVs, RVs),
    copy_term([QVs, RVs], [QVs, RVs], Residual),
    bindings(Vs, QVs, Bs),
    residual_goals(Residual, Rs),
    append(Bs, Rs, Goals).

%% free_vars(+VarNames, -Vars)  the query variables still unbound.
free_vars([], []).
free_vars([_=V|Vs], Fs) :-
    (  var(V) -> Fs = [V|Fs1] ; Fs = Fs1 ),
    free_vars(Vs, Fs1).

%% residual_goals(+Goals, -Wrapped)  each residual goal as goal(G), without the
% module of the library that made it (dif:dif(X, a) shows as dif(X, a)).
residual_goals([], []).
residual_goals([G0|Gs], [goal(G)|Ws]) :-
    (  nonvar(G0), G0 = _:G1 -> G = G1 ; G = G0 ),
    residual_goals(Gs, Ws).

%% bindings(+VarNames, +QueryVars, -Goals)  the bindings worth showing (names
% starting with _ are hidden), and X = Y for query variables that became one.
bindings([], _, []).
bindings([N=V|Ns], QVs, Gs) :-
    (  atom_chars(N, ['_'|_])
    -> bindings(Ns, QVs, Gs)
    ;  var(V)
    -> same_names(Ns, V, Others, Rest),
       chain([N|Others], Gs, Gs1),
       bindings(Rest, QVs, Gs1)
    ;  Gs = [binding(N, V)|Gs1],
       bindings(Ns, QVs, Gs1)
    ).

%% same_names(+VarNames, +Var, -Names, -Rest)  the other shown names of Var, and the pairs left.
same_names([], _, [], []).
same_names([N=V|Ns], X, Same, Rest) :-
    (  V == X, \+ atom_chars(N, ['_'|_])
    -> Same = [N|Same1], same_names(Ns, X, Same1, Rest)
    ;  Rest = [N=V|Rest1], same_names(Ns, X, Same, Rest1)
    ).

%% chain(+Names, -Goals, ?Tail)  X = Y, Y = Z for the names of one variable.
chain([_], Gs, Gs).
chain([A, B|Ns], [same(A, B)|Gs], Tail) :- chain([B|Ns], Gs, Tail).

%% remember(+Elided, +Goals, +VarNames)  keep an elided answer for full_text/1.
remember(Elided, Goals, Vs) :-
    (  Elided == true
    -> copy_term_nat(Goals-Vs, Copy), bb_put(repl_last, Copy)
    ;  bb_put(repl_last, none)
    ).

%% full_text(-Text)  the last elided answer, in full.
full_text(Text) :-
    bb_get(repl_last, Last),
    (  Last = Goals-Vs
    -> repl_answer:goals_text(Goals, Vs, 0, Text, _)
    ;  Text = "the last answer was shown in full"
    ).

%% note_imports(+Goal)  remember the use_module/1,2 goals of a query that succeeded.
note_imports(G) :- var(G), !.
note_imports((A, B)) :- !, note_imports(A), note_imports(B).
note_imports((A ; B)) :- !, note_imports(A), note_imports(B).
note_imports((A -> B)) :- !, note_imports(A), note_imports(B).
note_imports(use_module(S)) :- !, note_import(S).
note_imports(use_module(S, _)) :- !, note_import(S).
note_imports(_).

%% note_import(+Spec)  remember one library the user loaded.
note_import(S) :-
    (  ground(S), \+ imported(S) -> assertz(imported(S)) ; true ).

%% define(+Clause, +Trust, -Reply)  add a typed clause (or grammar rule) to the user module.
define(C0, Trust, Reply) :-
    catch(( clause_form(C0, C1), checked_clause(C1, Trust, C), add_clause(C, Trust, PI) ), E, true),
    (  nonvar(E)
    -> exception_text(E, M), Reply = error(M)
    ;  clause_count(PI, K),
       Reply = defined(PI, K)
    ).

%% checked_clause(+Clause, +Trust, -Checked)  a typed rule with its body checked by the sandbox.
checked_clause((H :- B), Trust, (H :- B1)) :- !, sandboxed(B, Trust, user:B1).
checked_clause(C, _, C).

%% clause_form(+Typed, -Clause)  a grammar rule translated; a clause checked for a plain head.
clause_form((H --> B), C) :- !, dcgs:dcg_rule((H --> B), C).
clause_form(C, C).

%% add_clause(+Clause, +Trust, -Name/Arity)  assertz Clause in user; refuses a qualified
% or variable head.
add_clause(C, Trust, N/A) :-
    (  C = (H :- _) -> true ; H = C ),
    (  var(H) -> throw(error(instantiation_error, define/1))
    ;  H = _:_ -> throw(repl_message("define predicates in the user module: leave out the module"))
    ;  callable(H) -> true
    ;  throw(error(type_error(callable, H), define/1))
    ),
    functor(H, N, A),
    may_define(N/A, Trust),
    assertz(user:C),
    note_declared(N/A).

%% may_define(+Name/Arity, +Trust)  the user may add clauses to Name/Arity: their own
% predicate, not the game's, a library's or a builtin (any, with Trust = true).
may_define(PI, Trust) :- ( Trust == true -> true ; sandbox:user_may_define(PI) ).

%% note_declared(+Name/Arity)  remember a predicate the user defined.
note_declared(PI) :-
    (  declared(PI) -> true ; assertz(declared(PI)) ).

%% clause_count(+Name/Arity, -Count)  how many clauses the user's predicate has.
clause_count(N/A, K) :-
    functor(H, N, A),
    findall(x, catch(clause(H, _), _, fail), Xs),
    length(Xs, K).

%% declare_dynamic(+Name/Arity)  make Name/Arity a dynamic predicate of user (it may have no clauses).
declare_dynamic(N/A) :-
    functor(H, N, A),
    assertz(user:(H :- '$repl_declared')),
    retract(user:(H :- '$repl_declared')),
    note_declared(N/A).

%% user_predicate(-Head)  a predicate the user defined (dynamic in user, not there before).
user_predicate(H) :-
    bb_get(repl_preds, Base),
    findall(PI, current_predicate(user:PI), Now0),
    sort(Now0, Now),
    sorted_minus(Now, Base, PIs0),
    findall(PI, declared(PI), PIs1),
    append(PIs0, PIs1, PIs2),
    sort(PIs2, PIs),
    member(N/A, PIs),
    functor(H, N, A),
    catch(predicate_property(user:H, dynamic), _, fail).

%% sorted_minus(+Set, +Minus, -Rest)  the elements of the sorted list Set that are not in
% the sorted list Minus, in one walk of both (the state is read after every input).
sorted_minus([], _, []).
sorted_minus([X|Xs], Ys, Zs) :- sorted_minus(Ys, X, Xs, Zs).

%% sorted_minus(+Minus, +X, +Xs, -Rest)  sorted_minus([X|Xs], Minus, Rest).
sorted_minus([], X, Xs, [X|Xs]).
sorted_minus([Y|Ys], X, Xs, Zs) :-
    compare(O, X, Y),
    (  O = (<) -> Zs = [X|Zs1], sorted_minus(Xs, [Y|Ys], Zs1)
    ;  O = (=) -> sorted_minus(Xs, Ys, Zs)
    ;  sorted_minus(Ys, X, Xs, Zs)
    ).

%% consult(+Terms, +Trust, -Reply)  a [user] block: Terms are Line-Text pairs, read and
% handled in order (directives at once, so an op/3 directive shapes the terms
% after it); a predicate with clauses in the block is replaced by them.
% Reply is consulted(Defined, Errors): Name/Arity-Clauses pairs, and one text per
% term that could not be read or added.  Trust is the host's: true with --trust.
consult(Terms, Trust, consulted(Defined, Errors)) :-
    consult_terms(Terms, Trust, [], PIs, Errors),
    reverse(PIs, PIs1),
    findall(PI-K, ( member(PI, PIs1), clause_count(PI, K) ), Defined).

%% consult_terms(+Terms, +Trust, +Seen, -Defined, -Errors)  handle the terms of a block in order.
consult_terms([], _, Seen, Seen, []).
consult_terms([Line-Text|Ts], Trust, Seen0, Seen, Errors) :-
    catch(( read_term_from_chars(Text, T, [singletons(Ss)]),
            (  T \= (:- _), T \== end_of_file -> warn_singletons(Line, Ss) ; true ),
            consult_term(T, Trust, Seen0, Seen1) ), E, true),
    (  nonvar(E)
    -> exception_text(E, M),
       host:formatted("user:~d: ~s", [Line, M], Msg),
       Errors = [Msg|Errors1],
       Seen2 = Seen0
    ;  Errors = Errors1,
       Seen2 = Seen1
    ),
    (  T == end_of_file -> Seen = Seen2, Errors1 = []
    ;  consult_terms(Ts, Trust, Seen2, Seen, Errors1)
    ).

%% consult_term(+Term, +Trust, +Seen, -Seen1)  one term of a [user] block.
consult_term(T, _, _, _) :- var(T), !, throw(error(instantiation_error, consult/1)).
consult_term(end_of_file, _, Seen, Seen) :- !.
consult_term((:- D), Trust, Seen, Seen) :- !, directive(D, Trust).
consult_term(T, Trust, Seen0, Seen) :-
    clause_form(T, C0),
    checked_clause(C0, Trust, C),
    (  C = (H :- _) -> true ; H = C ),
    (  callable(H), H \= _:_, functor(H, N, A), \+ memberchk(N/A, Seen0)
    -> functor(G, N, A),
       (  user_predicate(G) -> retractall(user:G) ; true ),
       Seen = [N/A|Seen0]
    ;  Seen = Seen0
    ),
    add_clause(C, Trust, _).

%% directive(+Goal, +Trust)  a directive of a [user] block or of a saved state, run in user.
directive(G, _) :- var(G), !, throw(error(instantiation_error, directive/1)).
directive(dynamic(Spec), Trust) :- !, dynamic_specs(Spec, Trust).
directive(use_module(library(time)), _) :- !.   % time/1 and statistics/2 are there (repl_time)
directive(use_module(library(between)), _) :- !.   % imported, with repl_tools' between/3
directive(use_module(library(between), _), _) :- !.
directive(use_module(S), Trust) :- !, safe_module(S, Trust), user:use_module(S), note_import(S).
directive(use_module(S, Is), Trust) :- !, safe_module(S, Trust), user:use_module(S, Is), note_import(S).
directive(G, Trust) :-
    (  sandboxed(G, Trust, G1), call(G1) -> true
    ;  host:formatted("the directive ~q failed", [G], M), throw(repl_message(M))
    ).

%% safe_module(+Spec, +Trust)  a library the sandbox allows (any, with Trust = true).
safe_module(S, Trust) :-
    (  Trust == true -> true
    ;  S = library(L) -> sandbox:safe_library(L)
    ;  throw(sandbox(use_module(S), load))
    ).

%% dynamic(+Specs)  declare predicates of user dynamic, as the directive does (at the
% prompt it is a goal, which no request of the host's vouches for: the user's own
% predicates only, even with --trust).
dynamic(Specs) :- dynamic_specs(Specs, false).

%% dynamic_specs(+Specs, +Trust)  declare Name/Arity, (A, B) or [A, B] dynamic.
dynamic_specs(S, _) :- var(S), !, throw(error(instantiation_error, dynamic/1)).
dynamic_specs((A, B), T) :- !, dynamic_specs(A, T), dynamic_specs(B, T).
dynamic_specs([], _) :- !.
dynamic_specs([S|Ss], T) :- !, dynamic_specs(S, T), dynamic_specs(Ss, T).
dynamic_specs(N/A, T) :- atom(N), integer(A), !, may_define(N/A, T), declare_dynamic(N/A).
dynamic_specs(S, _) :- throw(error(type_error(predicate_indicator, S), dynamic/1)).

%% user_state(-Texts)  the user's libraries, operators and predicates, the values of
% $Name and whether it traces, as term texts (written without operators, so they
% read back whatever operators exist).
user_state(Texts) :-
    findall(T, catch(state_term(T), _, fail), Terms),
    maplist(canonical_text, Terms, Texts).

%% state_term(-Term)  one term of the user's state, in the order to restore them.
state_term((:- use_module(S))) :- imported(S).
state_term((:- op(P, T, N))) :-
    bb_get(repl_ops, Ops),
    current_op(P, T, N),
    \+ memberchk(op(P, T, N), Ops).
state_term(Term) :-
    user_predicate(H),
    functor(H, N, A),
    (  Term = (:- dynamic(N/A))
    ;  clause(H, B), Term = (H :- B)
    ).
state_term(repl_vars(Ps)) :-
    catch(bb_get(repl_vars, Ps0), _, fail),
    small_bindings(Ps0, Ps), Ps \== [].
state_term(repl_trace(on)) :- catch(bb_get(repl_trace, on), _, fail).

%% small_bindings(+Pairs0, -Pairs)  the Name-Value pairs whose value is small enough to
% carry over to a new machine (under 10,000 subterms): the state is written after
% every input.
small_bindings([], []).
small_bindings([N-V|Ps0], Ps) :-
    (  small(V, 10000, _) -> Ps = [N-V|Ps1] ; Ps = Ps1 ),
    small_bindings(Ps0, Ps1).

%% small(+Term, +Budget0, -Budget)  Term has fewer than Budget0 subterms (each atom,
% number, variable and compound counts one); Budget is what is left.
small(T, B0, B) :-
    B0 > 0, B1 is B0 - 1,
    (  compound(T) -> T =.. [_|As], foldl(small, As, B1, B) ; B = B1 ).

%% canonical_text(+Term, -Text)  Term written quoted, without operators.
canonical_text(T, Text) :-
    write_term_to_chars(T, [quoted(true), ignore_ops(true)], Text0),
    append(Text0, ".", Text).

%% restore(+Texts, +Trust, -Errors)  the terms of a user state, restored in order (checked
% unless the host says Trust = true); Errors has one text per term that could not be restored.
restore([], _, []).
restore([Text|Ts], Trust, Errors) :-
    catch(( read_term_from_chars(Text, T, []), restore_term(T, Trust) ), E, true),
    (  nonvar(E)
    -> exception_text(E, M), Errors = [M|Errors1]
    ;  Errors = Errors1
    ),
    restore(Ts, Trust, Errors1).

%% restore_term(+Term, +Trust)  one term of a user state: the values of $Name and
% the tracing (never clauses: those are written as H :- B), or a directive or clause.
restore_term(repl_vars(Ps), _) :- !, bb_put(repl_vars, Ps).
restore_term(repl_trace(on), _) :- !, bb_put(repl_trace, on).
restore_term((:- D), Trust) :- !, directive(D, Trust).
restore_term(C0, Trust) :- clause_form(C0, C1), checked_clause(C1, Trust, C), add_clause(C, Trust, _).

%% visible(-Names)  the names of the predicates a query can call unqualified, for completion.
visible(Names) :-
    findall(N, ( current_predicate(user:N/_), \+ atom_chars(N, ['$'|_]) ), Ns),
    sort(Ns, Names0),
    maplist(atom_chars, Names0, Names).

%% exception_text(+Exception, -Text)  an exception as one line of text.
exception_text(repl_message(M), M) :- !.
exception_text(sandbox(G, Why), T) :- !, sandbox:refusal_text(G, Why, T).
exception_text(error(existence_error(procedure, PI), _), T) :- !,
    error_text(existence_error(procedure, PI), T).
exception_text(error(E, Ctx), T) :- !, error_text(E, T0), in_context(Ctx, T0, T).
exception_text(E, T) :- host:formatted("uncaught exception ~q", [E], T).

%% in_context(+Context, +Text0, -Text)  an error's text with the predicate its context
% names (foo/2, or context(foo/2, _) as throw/1 in user code writes it), as SWI-Prolog
% names it: the builtin that raised it (atom_length/2), never one of scryer's own
% or the checks of library(error) that a library predicate called.
in_context(Ctx, T0, T) :-
    (  host:context_pi(Ctx, PI), PI = N/_, \+ atom_chars(N, ['$'|_]),
       \+ memberchk(PI, [must_be/2, can_be/2])   % library(error)'s, not the user's call
    -> host:formatted("~s (in ~q)", [T0, PI], T)
    ;  T = T0
    ).

%% error_text(+Error, -Text)  an ISO error term, said in words: the host's one
% table (host:error_text/2, which the rule tiers' errors use too), with a hint for
% the two errors a person at the prompt meets first.
error_text(existence_error(procedure, PI), T) :- !,
    host:formatted("unknown procedure ~q (a fact is defined with [user]. or assertz/1; Head :- Body. defines a rule)", [PI], T).
error_text(permission_error(modify, static_procedure, PI), T) :- !,
    host:formatted("~q is not yours to change: it is a builtin, or the game's rule file or a library defines it (pick another name)", [PI], T).
error_text(E, T) :- host:error_text(E, T).
