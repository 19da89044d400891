%% sandbox_words — a part of sandbox.pl: its refusals said in words.  A refusal is
% the term sandbox(Goal, Why) (at(Line, ...) around it in a file); the host, the
% REPL and the authoring tools say it through sandbox:refusal_text/3, which is
% refusal_text/3 here: "refused by the sandbox: open/3 reads or writes files and
% directories (run ludolog with --trust to allow it)".

:- module(sandbox_words, [refusal_result/2, refusal_text/3]).

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
