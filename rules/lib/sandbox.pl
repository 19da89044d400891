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
%% library_export(?Module, ?Name, ?Arity)  a predicate a rule library exports.
:- dynamic(library_export/3).

%% check_file(+Path, +Module, +Check, +Limit, -Result, -Text, -Notes)
% Reads the file term by term.  Result is rewrite (load Text, an atom (a long list
% would cost the host a deep recursion): the checked terms,
% each on its original line, with its variables' own names) or error(Line,
% Message).  The first term must declare Module, and no other term a module.
% With Check = false only the syntax is checked (--trust) and Result may be ok
% (load the file's own text).  Initialization goals run within Limit inferences.
% A predicate whose clauses are not together is declared discontiguous, so that
% all its clauses count (scryer would keep only the last group), and Notes say so.
check_file(Path, Module, Check, Limit, Result, Text, Notes) :-
    catch(open(Path, read, S), E, true),
    (  nonvar(E)
    -> host:formatted("cannot open the file: ~q", [E], Msg), Result = error(0, Msg), Text = [], Notes = []
    ;  catch(read_all(S, Check, Terms0), E2, true),
       close(S),
       (  nonvar(E2) -> read_error(E2, Result), Text = [], Notes = []
       ;  discontiguous_terms(Terms0, Terms, Notes),
          check_read(Check, Module, Limit, Terms, Terms0, Result, Text)
       )
    ).

%% check_read(+Check, +Module, +Limit, +Terms, +Terms0, -Result, -Text)  check_file/7
% on the terms read (Terms0 as the file has them, Terms with the declarations added).
check_read(false, Module, Limit, Terms, Terms0, Result, Text) :- !,
    wrap_inits(Terms, Module-Limit, Wrapped, false, Changed0),
    (  Changed0 == false, Terms == Terms0 -> Result = ok, Text = []
    ;  Result = rewrite, emit(Wrapped, 1, Cs), atom_chars(Text, Cs)
    ).
check_read(true, Module, Limit, Terms, _, Result, Text) :-
    catch(( module_first(Terms, Module),
            check_terms(Module-Limit, Terms, Checked) ), Refusal, true),
    (  var(Refusal) -> catch(emit(Checked, 1, Cs), Refusal, true) ; true ),
    (  nonvar(Refusal) -> refusal_result(Refusal, Result), Text = []
    ;  Result = rewrite, atom_chars(Text, Cs)
    ).

%% discontiguous_terms(+Terms0, -Terms, -Notes)  Terms0 with a discontiguous/1
% directive after its first term for each predicate whose clauses are apart, and a
% note for each: "to_move/2: its clauses are not together (lines 3 and 11) ...".
discontiguous_terms(Terms0, Terms, Notes) :-
    findall(PI-L, ( member(t(L, T, _), Terms0), clause_key(T, PI) ), Keys),
    apart(Keys, none, [], [], Apart0),
    reverse(Apart0, Apart),
    (  Apart == [] -> Terms = Terms0, Notes = []
    ;  findall(PI, member(PI-_-_, Apart), PIs),
       findall(Note,
               ( member(N/A-L1-L2, Apart),
                 host:formatted("~a/~d: its clauses are not together (lines ~d and ~d): all of them count, as if declared discontiguous", [N, A, L1, L2], Note) ),
               Notes),
       (  Terms0 = [t(L0, T0, V0)|Rest]
       -> Terms = [t(L0, T0, V0), t(L0, (:- discontiguous(PIs)), [])|Rest]
       ;  Terms = Terms0
       )
    ).

%% clause_key(+Term, -PI)  the predicate a clause or grammar rule of the file defines.
clause_key(T, _) :- var(T), !, fail.
clause_key((:- _), _) :- !, fail.
clause_key((H --> _), N/A) :- !,
    nonvar(H), ( H = (H0, _) -> true ; H0 = H ), callable(H0), H0 \= _:_,
    functor(H0, N, A0), A is A0 + 2.
clause_key((H :- _), N/A) :- !, callable(H), H \= _:_, functor(H, N, A).
clause_key(H, N/A) :- callable(H), H \= _:_, functor(H, N, A).

%% apart(+Keys, +Current, +Closed, +Apart0, -Apart)  the predicates whose clauses come
% back after another predicate's (with the line where they ended and came back);
% Closed holds PI-LastLine of the groups that have ended.
apart([], _, _, A, A).
apart([PI-L|Ks], Cur, Closed, A0, A) :-
    (  Cur = PI-_ -> apart(Ks, PI-L, Closed, A0, A)
    ;  ( Cur = P-CL -> Closed1 = [P-CL|Closed] ; Closed1 = Closed ),
       (  memberchk(PI-Last, Closed1), \+ memberchk(PI-_-_, A0)
       -> apart(Ks, PI-L, Closed1, [PI-Last-L|A0], A)
       ;  apart(Ks, PI-L, Closed1, A0, A)
       )
    ).

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
read_error(at(Line, sandbox(G, Why)), error(Line, Msg)) :- !, refusal_text(G, Why, Msg).
read_error(E, error(0, Msg)) :- host:formatted("cannot read the file: ~q", [E], Msg).

%% read_failure(+Exception, -Failure)  syntax(What, Line) or other(E), taken apart step by
% step (in scryer 0.10 a read error does not unify with a nested pattern in one go).
read_failure(E, syntax(W, End)) :-
    functor(E, error, 2), arg(1, E, SE), functor(SE, syntax_error, 1), arg(1, SE, W),
    arg(2, E, Ctx),
    (  functor(Ctx, :, 2), arg(2, Ctx, End0), integer(End0) -> End = End0 ; End = 0 ), !.
read_failure(E, other(E)).

%% read_all(+Stream, +Check, -Terms)  the terms of the file as t(Line, Term, VarNames),
% obeying op/3 as they come (operators are global: when checking, only an op/3 the
% sandbox allows runs, so no file can change how the host's own queries read).
read_all(S, Check, Terms) :- read_all(S, Check, 0, Terms).

% scryer counts the lines read_term/3 reads, not those get_char/2 reads: Skipped
% counts the newlines skipped between terms.
read_all(S, Check, Skipped0, Terms) :-
    skip_layout(S, Skipped0, Skipped),
    stream_property(S, position(position_and_lines_read(_, L0))),
    Line is L0 + Skipped + 1,
    (  peek_char(S, C), C == end_of_file -> Terms = []
    ;  catch(read_term(S, T, [variable_names(Vs)]), E, ( read_failure(E, F), throw(at(Line, Skipped, F)) )),
       (  T == end_of_file -> Terms = []
       ;  (  nonvar(T), T = (:- op(P, Type, Names))
          -> (  Check == false -> true
             ;  catch(safe_op(op(P, Type, Names)), Refusal, throw(at(Line, Refusal)))
             ),
             catch(op(P, Type, Names), _, true)
          ;  nonvar(T), T = (:- D), nonvar(D), ( D = use_module(library(L)) ; D = use_module(library(L), _) )
          -> % its operators (clpz's #=, in, ..) are declared as it loads: the terms after need them
             (  Check == false -> catch(use_module(library(L)), _, true)
             ;  sandbox_lists:load_library(L)
             )
          ;  true
          ),
          Terms = [t(Line, T, Vs)|Ts],
          read_all(S, Check, Skipped, Ts)
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
       (  star(C2)
       -> get_char(S, _),
          stream_property(S, position(position_and_lines_read(_, L0))),
          Line is L0 + N0 + 1,
          skip_block(S, N0, N1, Line), skip_layout(S, N1, N)
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

%% skip_block(+Stream, +N0, -N, +Line)  skip to the end of a block comment that starts
% on Line, counting newlines; the file ending first is a syntax error there (scryer
% would read nothing after it, and the check would pass a file cut short).
skip_block(S, N0, N, Line) :-
    get_char(S, C),
    (  C == end_of_file -> throw(at(Line, 0, syntax(unclosed_comment, 0)))
    ;  star(C), peek_char(S, C2), slash(C2) -> get_char(S, _), N = N0
    ;  C == '\n' -> N1 is N0 + 1, skip_block(S, N1, N, Line)
    ;  skip_block(S, N0, N, Line)
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
goal_name(module(N, _), Text) :- !, host:formatted(":- module(~q, ...)", [N], Text).
goal_name(end_of_file, "the end of the file") :- !.
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
why_words(attributes, "attaches attributes, whose hooks run goals the sandbox cannot check").
why_words(modify(M), W) :- host:formatted("changes the clauses of the module ~q, which is not this rule file's", [M], W).
why_words(clauses(ludolog), "reads clauses of ludolog's own code, which are neither the user's nor the rules'") :- !.
why_words(clauses(M), W) :- host:formatted("reads clauses of the module ~q, which are neither the user's nor the rules'", [M], W).
why_words(module(M), W) :- host:formatted("calls into the module ~q, which is not part of the rules", [M], W).
why_words(private(M), W) :- host:formatted("is not among the exports of the library ~q, which are all a rule file or query may call there", [M], W).
why_words(expansion, "defines a term or goal expansion, which would rewrite code after the sandbox checked it").
why_words(rewritten, "is rewritten by a library's term expansion as it loads, into code the sandbox never checked").
why_words(undeclared, "adds or removes clauses of a predicate the rule file does not declare dynamic").
why_words(unbound, "is a goal not known when it runs").
why_words(unknown, "is neither defined in the rules nor a predicate known to be safe").
why_words(directive, "is not a directive a rule file may run").
why_words(library, "is not a library known to be safe").
why_words(meta, "calls a goal the sandbox cannot check").
why_words(reread, "does not read back as itself once written (an operator of the file changes it)").
why_words(builtin, "is a builtin or library predicate, which a rule file may not define or declare").
why_words(control, "is a control construct, which a rule file may not define").
why_words(syntax, "is syntax that a meta-predicate reads (a control construct, the ^ of bagof/setof, a grammar body behind a module), never a predicate of anyone's own").
why_words(modify_builtin, "changes a builtin or library predicate").
why_words(module_name(N), W) :- host:formatted("declares the module ~q, not the module its first declaration names", [N], W).
why_words(module_again, "is a second module declaration: a rule file declares its one module in its first term").
why_words(module_first(M), W) :- host:formatted("comes before the module declaration: a rule file starts with :- module(~q, [...])", [M], W).

%% emit(+Terms, +Line, -Text)  the terms written canonically, each starting on its
% original line, its variables named as the file named them (so scryer's singleton
% warnings still say the file's names) and the variables the check added _S1, _S2, ...
emit([], _, []).
emit([t(L, T, Vs)|Ts], Line0, Text) :-
    (  L > Line0 -> N is L - Line0, length(NLs, N), maplist(=('\n'), NLs), Line = L
    ;  NLs = [' '], Line = Line0
    ),
    term_variables(T, All), unnamed(All, Vs, Fresh), name_vars(Fresh, 1, Names0),
    append(Vs, Names0, Names),
    term_chars(T, L, Names, Cs),
    append(NLs, Cs, Text0),
    % " ." as term_chars/4 checked it: a term ending in a symbol char (the atom
    % +) would otherwise run into its full stop and be read as another token
    append(Text0, [' ', '.'|Rest], Text),
    emit(Ts, Line, Rest).

%% term_chars(+Term, +Line, +Names, -Chars)  Term written canonically (no operators:
% scryer reads the text with the operators of the file as they are at that term, the
% check read it with all of them, so only a text no operator changes reads the same
% both ways); a term that does not read back as itself is refused at its line.
term_chars(T, L, Names, Cs) :-
    write_term_to_chars(T, [quoted(true), ignore_ops(true), double_quotes(false), variable_names(Names)], Cs),
    append(Cs, " .", Text),
    (  catch(read_term_from_chars(Text, T2, []), _, fail),
       subsumes_term(T, T2), subsumes_term(T2, T)
    -> true
    ;  throw(at(L, sandbox(T, reread)))
    ).

%% unnamed(+Vars, +Names, -Fresh)  the variables of Vars that no Name=Var of Names names.
unnamed([], _, []).
unnamed([V|Vs], Names, Fresh) :-
    (  member(_=W, Names), W == V -> Fresh = Fresh1 ; Fresh = [V|Fresh1] ),
    unnamed(Vs, Names, Fresh1).

%% name_vars(+Vars, +K, -Names)  names _S1, _S2, ... for the variables (no singleton warnings).
name_vars([], _, []).
name_vars([V|Vs], K, [A=V|Ns]) :-
    number_chars(K, Ds), atom_chars(A, ['_', 'S'|Ds]),
    K1 is K + 1, name_vars(Vs, K1, Ns).

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
reserved_head(H, builtin) :- database(H), !.

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
    meta_args(M, G, Specs, Out0),
    % scryer runs a meta argument of Lib:Meta(...) in Lib: each goal argument, checked
    % as a goal of M, is qualified with M so that it runs there
    Out0 =.. [F|Args0], qualify_goals(Specs, Args0, M, Args), Out =.. [F|Args].
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
goal(M, G, Out) :- sandbox_lists:meta(G, Specs), !, meta_args(M, G, Specs, Out).
goal(M, G, Out) :- database(G), !, database_goal(M, G, Out).
goal(M, G, G) :- functor(G, N, A), sandbox_lists:safe(N, A), !, not_hidden_meta(M, G).
goal(_, G, _) :- functor(G, N, _), sandbox_lists:syntax(N), !, throw(sandbox(G, syntax)).
goal(_, G, _) :- functor(G, N, _), atom_chars(N, ['$'|_]), !, throw(sandbox(G, unknown)).
goal(M, G, G) :- functor(G, N, A), own(N, A, M), !.
goal(M, G, G) :- trusted_module(M), local_predicate(M, G), !.
goal(user, G, G) :- functor(G, N, A), user_own(N/A), \+ expands(G), !.
goal(user, G, G) :- user_game(Game), local_predicate(Game, G), !.
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
% file is read (read_all/4), so their goal expansions are known when its clauses are checked.
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

%% meta_args(+Module, +Goal, +Specs, -Checked)  check each goal argument.
%% qualify_goals(+Specs, +Args0, +Module, -Args)  the goal arguments (by Specs) qualified with Module.
qualify_goals([], [], _, []).
qualify_goals([S|Ss], [A0|As0], M, [A|As]) :-
    (  ( integer(S) ; S == (^) ; S == dcg ) -> qualify_goal(S, A0, M, A) ; A = A0 ),
    qualify_goals(Ss, As0, M, As).

qualify_goal(^, A0, M, A) :- !, strip_carets(A0, Vs, G0), qualify_goal(0, G0, M, G), carets(Vs, G, A).
qualify_goal(S, A0, M, A) :-
    (  nonvar(A0), A0 = _:_ -> A = A0               % qualified already (a check wrapper)
    ;  integer(S), listed_closure(A0, S) -> A = A0    % a whitelisted predicate: the same anywhere
    ;  A = M:A0
    ).

%% listed_closure(+Closure, +Extra)  Closure, called with Extra more arguments, is a
% predicate of the tables (safe, or a meta-predicate whose goals were checked).
listed_closure(C, K) :-
    callable(C), functor(C, N, A0), A is A0 + K,
    (  sandbox_lists:safe(N, A) -> true ; functor(H, N, A), sandbox_lists:meta(H, _) ).

meta_args(M, G, Specs, Out) :-
    G =.. [F|Args],
    meta_each(Args, Specs, M, Args1),
    Out =.. [F|Args1].

meta_each([], _, _, []).
meta_each([A|As], [S|Ss], M, [A1|As1]) :-
    meta_arg(S, M, A, A1),
    meta_each(As, Ss, M, As1).

meta_arg(K, M, A, A1) :- integer(K), !, closure(M, K, A, A1).
meta_arg(^, M, A, A1) :- !, caret_arg(M, A, A1).
meta_arg(dcg, M, A, A1) :- !, dcg_arg(M, A, A1).
meta_arg(_, _, A, A).

strip_carets(A, [], A) :- var(A), !.
strip_carets(V^G0, [V|Vs], G) :- !, strip_carets(G0, Vs, G).
strip_carets(G, [], G).

carets([], G, G).
carets([V|Vs], G0, V^G) :- carets(Vs, G0, G).

%% stripped(+Goal, +Module, -Inner, -Plain)  Goal without its module qualifications, as
% scryer's strip_module/3 takes them off a goal argument: Inner is the innermost
% module named (Module when none is).  Fails when a module is not an atom now.
stripped(A, M, M, A) :- var(A), !.
stripped(Q:A, _, Q1, G) :- !, atom(Q), stripped(A, Q, Q1, G).
stripped(A, M, M, A).

%% caret_arg(+Module, +Goal, -Checked)  the goal argument of bagof/3 or setof/3 given by
% Module, judged as they run it.  When Goal without its qualifications is V^G, scryer
% takes off the carets (and the one qualification each may have before it, see
% powers/3) and runs what is left in the module named last; any other goal it calls.
% Checked is Goal when the check leaves what runs as it is, else the existential
% variables before the checked goal.  A caret under a module or a goal not known now
% is not taken off: the goal it is part of is checked when it runs, and refused there.
caret_arg(M, A, A1) :-
    (  stripped(A, M, Q, G0), nonvar(G0), G0 = _^_
    -> powers(G0, Vs, G),
       body(M, Q:G, G1),
       (  G1 == Q:G -> A1 = A ; carets(Vs, G1, A1) )
    ;  closure(M, 0, A, A1)
    ).

%% powers(+Goal, -Vars, -Left)  scryer's rightmost_power/3 on Goal = V^G, binding
% nothing: the variables before the carets, and the goal left, with the qualification
% of the last caret that had one before it (M:(V^G) leaves M:G).
powers(V^G, [V|Vs], L) :- !, ( var(G) -> Vs = [], L = G ; powers(G, Vs, L) ).
powers(Q:G, [V|Vs], L) :- nonvar(G), G = V^G1, !,
    ( var(G1) -> Vs = [], L = Q:G1 ; powers(Q:G1, Vs, L) ).
powers(G, [], G).

%% closure(+Module, +Extra, +Closure, -Checked)
% a goal argument called with Extra more arguments; one that cannot be checked
% now is wrapped in safe_call/2+Extra, which checks it when it runs.
closure(M, 0, A, A1) :- !, body(M, A, A1).
closure(M, K, A, sandbox:safe_call(M, A)) :- var(A), !, ( K =< 7 -> true ; throw(sandbox(A, unbound)) ).
closure(M, K, A, Out) :-
    length(Extra, K),
    (  catch(add_args(A, Extra, G), _, fail) -> true ; throw(sandbox(A, unknown)) ),
    body(M, G, G1),
    (  G1 == G -> Out = A
    ;  K =< 7 -> Out = sandbox:safe_call(M, A)
    ;  throw(sandbox(A, unbound))
    ).

%% dcg_arg(+Module, +Body, -Checked)  a grammar body given to phrase/2,3 by Module:
% the goal phrase/3 runs for it (dcg_goal/5) is checked now, Checked being Body itself
% when the check leaves that goal as it is; a body not known now is checked when it
% runs, as is one the check changed; a body phrase/3 cannot translate is refused.
dcg_arg(M, A, A1) :-
    (  catch(dcg_goal(M, A, _, _, G), _, throw(sandbox(A, unknown)))
    -> body(M, G, G1),
       (  G1 == G -> A1 = A ; A1 = call(sandbox:dcg_call(M, A)) )
    ;  A1 = call(sandbox:dcg_call(M, A))
    ).

%% dcg_goal(+Module, +Body, ?S0, ?S, -Goal)  the goal that phrase/3 runs for the
% grammar body Body given by Module, as scryer runs it: the qualifications taken off
% first (the innermost names the module, else Module), then a grammar construct
% translated ({G} runs G, a list is terminals, (A, B) each part, ...) and anything
% else called as a non-terminal with S0 and S; Goal is Inner:Translated.  Fails when
% Body or a module is not known now; throws when phrase/3 would (\+, ->, a partial list).
dcg_goal(M, A, S0, S, Q:G) :-
    nonvar(A), stripped(A, M, Q, B), nonvar(B),
    (  dcgs:dcg_constr(B) -> dcgs:dcg_body(B, S0, S, G)
    ;  callable(B) -> add_args(B, [S0, S], G)
    ;  G = B
    ).

%% database(+Goal)  the goals that change clauses.
database(assert(_)). database(asserta(_)). database(assertz(_)).
database(retract(_)). database(retractall(_)). database(abolish(_)).

%% database_goal(+Module, +Goal, -Checked)  a change to the module's own clauses.
% The clause is taken apart whatever its qualification (M:(H :- B), (M:H :- B),
% M:(M2:H :- B)): every module named must be Module, the head one Module may
% change, and the body is checked as a clause body of Module.
database_goal(M, G, sandbox:safe_call(M, G)) :- arg(1, G, C), \+ ground_enough(C), !.
database_goal(M, abolish(PI), abolish(PI)) :- !,
    unqualify(M, PI, N/A),
    (  atom(N), integer(A) -> functor(H, N, A), db_head(M, H, abolish(PI))
    ;  throw(sandbox(abolish(PI), unknown))
    ).
database_goal(M, G, Out) :-
    G =.. [F, Cl0],
    unqualify(M, Cl0, Cl),
    (  nonvar(Cl), Cl = (H0 :- B) -> true ; H0 = Cl, B = true ),
    unqualify(M, H0, H),
    db_head(M, H, G),
    (  ( F == retract ; F == retractall ) -> Out = G
    ;  body(M, B, B1),
       (  B1 == B -> Out = G ; Cl1 = (H :- B1), Out =.. [F, Cl1] )
    ).

%% ground_enough(+Clause)  the modules and head of Clause are known now.
ground_enough(C) :- var(C), !, fail.
ground_enough(Q:C) :- !, atom(Q), ground_enough(C).
ground_enough((H :- _)) :- !, nonvar(H), ( H = Q:H1 -> atom(Q), nonvar(H1) ; true ).
ground_enough(N/A) :- !, atom(N), integer(A).
ground_enough(_).

%% unqualify(+Module, +Term, -Plain)  Term without its qualifications, each of which must be Module.
unqualify(M, T, P) :-
    (  nonvar(T), T = Q:T1
    -> (  Q == M -> unqualify(M, T1, P) ; throw(sandbox(T, modify(Q))) )
    ;  P = T
    ).

%% db_head(+Module, +Head, +Goal)  a head that Goal may change: a predicate the
% untrusted file defines or declares dynamic, or a new one of its module; in
% the REPL's user module, the user's own; never a builtin, a hook, a library's
% or the rules'.
db_head(_, H, G) :- \+ callable(H), !, throw(sandbox(G, unknown)).
db_head(_, H, G) :- reserved_head(H, _), !, throw(sandbox(G, modify_builtin)).
db_head(user, H, _) :- !, functor(H, N, A), user_may_define(N/A).
db_head(M, H, _) :- functor(H, N, A), own(N, A, M), !.
db_head(M, H, G) :-
    functor(H, N, A),
    (  \+ rule_module(M) -> throw(sandbox(G, modify(M)))
    ;  trusted_module(M) -> throw(sandbox(G, modify(M)))
    ;  sandbox_lists:safe(N, A) -> throw(sandbox(G, modify_builtin))
    ;  library_predicate(N, A) -> throw(sandbox(G, modify_builtin))
    ;  catch(current_predicate(M:N/A), _, fail) -> throw(sandbox(G, undeclared))
    ;  true
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
    (  dcg_goal(M, A, S0, S, G) -> safe_call(M, G)
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
    retractall(library_export(M, _, _)),
    (  How == checked -> true
    ;  How == trusted -> assertz(trusted_module(M))
    ;  How = library(module(M, Exports)), nonvar(Exports)
    -> assertz(trusted_module(M)), assertz(rule_library(M)), add_exports(Exports, M)
    ;  throw(error(domain_error(rule_module_kind, How), add_rule_module/2))
    ).

%% add_exports(+Exports, +Module)  a library_export/3 fact for each predicate of the
% export list (Name/Arity or a grammar's Name//Arity; an operator is no predicate).
add_exports(Es, _) :- var(Es), !.
add_exports([], _).
add_exports([E|Es], M) :-
    (  E = N/A -> assertz(library_export(M, N, A))
    ;  E = N//A0 -> A is A0 + 2, assertz(library_export(M, N, A))
    ;  true
    ),
    add_exports(Es, M).
