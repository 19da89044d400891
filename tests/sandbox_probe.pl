%% sandbox_probe — the harness of tests/sandbox_meta.rs: goals that wrap a forbidden
% goal in control constructs, meta-predicates and module qualifications, each checked
% as the REPL checks a query or as the sandbox checks a rule file's clause and, when
% the check lets it, run.  A forbidden goal that runs leaves a mark; the test asserts
% that no case leaves one.  Loaded by the host as a tool library: no module of the
% rules, so untrusted code may not call into it.

:- module(probe, [run_cases/3]).

:- use_module(library(lists)).
:- use_module(library(charsio)).
:- use_module(library(iso_ext)).

%% hit  the forbidden goal: marks that it ran (hit/1..8 for closures given more arguments).
hit :- bb_put(probe_hit, yes).
hit(_) :- hit.
hit(_, _) :- hit.
hit(_, _, _) :- hit.
hit(_, _, _, _) :- hit.
hit(_, _, _, _, _) :- hit.
hit(_, _, _, _, _, _) :- hit.
hit(_, _, _, _, _, _, _) :- hit.
hit(_, _, _, _, _, _, _, _) :- hit.

%% run_cases(+Cases, +Limit, -Report)  each case c(Context, Text) read, checked in its
% Context (repl: a query typed at the prompt; file: a clause body of the game's rule
% file) and run within Limit inferences when the check lets it.  Report is
% report(Refused, Ran, Escaped): how many the check refused, how many ran (their
% forbidden goal refused or failing when it came to run), and the texts of those
% that left a mark.
run_cases(Cases, Limit, report(Refused, Ran, Escaped)) :-
    reset,
    foldl(run_case(Limit), Cases, r(0, 0, []), r(Refused, Ran, Escaped0)),
    reverse(Escaped0, Escaped).

%% run_case(+Limit, +Case, +Tally0, -Tally)  one case, counted.
run_case(Limit, c(Ctx, Text), r(F0, R0, E0), r(F, R, E)) :-
    append(Text, " .", Full),
    catch(read_term_from_chars(Full, G, []), E, throw(unread(Text, E))),
    (  catch(checked(Ctx, G, Limit, G1), _, fail)
    -> F = F0, R is R0 + 1,
       (  catch(call_with_inference_limit(G1, Limit, _), _, true) -> true ; true )
    ;  F is F0 + 1, R = R0
    ),
    (  marked -> E = [Ctx-Text|E0], reset ; E = E0 ).

%% checked(+Context, +Goal, +Limit, -Checked)  Goal as the sandbox lets it run in
% Context; throws sandbox(Goal, Why) when the check refuses it.
checked(repl, G, _, G1) :- repl:sandboxed(G, false, G1).
checked(file, G, Limit, mygame:G1) :-
    sandbox:check_term(mygame-Limit, (probe_case :- G), (probe_case :- G1)).

%% marked  a forbidden goal ran: hit/N, bb_put/2 on the mark, or a sandbox predicate
% that made the module probe_made part of the rules.
marked :- bb_get(probe_hit, V), V \== no, !.
marked :- sandbox:rule_module(probe_made).

%% reset  no mark.
reset :-
    bb_put(probe_hit, no),
    retractall(sandbox:rule_module(probe_made)),
    retractall(sandbox:trusted_module(probe_made)).
