%% repl_time — time/1 and statistics/2 at the REPL's prompt, as SWI-Prolog has them.
%
% scryer's library(time) keeps its state in asserted clauses and prints for scryer's
% own top level; these only read the clocks (CPU time and the inference count from
% scryer's builtins, the wall clock from the host: ludolog_wall_ms/0, bound by
% repl:setup/1) and the blackboard entry repl_runtime (statistics(runtime, _)'s
% last reading).  The sandbox lets the prompt call them (time/1 with its goal checked).

:- module(repl_time, [time/1, statistics/2]).

:- use_module(library(lists)).
:- use_module(library(iso_ext)).

%% time(:Goal)  call Goal in user; after each answer, when no more come and when it
% throws, print SWI-Prolog's line: % N inferences, C CPU in W seconds (P% CPU, L Lips).
time(G) :-
    stamp(S0),
    stamp(S1),
    overhead(S0, S1, K),
    stamp(Start),
    (  call_cleanup(catch(user:G, E, ( report(Start, K), throw(E) )), Det = true),
       report(Start, K),
       (  Det == true -> ! ; true )
    ;  report(Start, K),
       fail
    ).

%% stamp(-Stamp)  the inference count, CPU seconds and wall milliseconds now.
stamp(s(I, C, W)) :-
    '$inference_count'(I),
    '$cpu_now'(C),
    '$foreign_call'(ludolog_wall_ms, [], W).

%% overhead(+Stamp0, +Stamp1, -Inferences)  the inferences stamp/1 itself counts.
overhead(s(I0, _, _), s(I1, _, _), K) :- K is max(0, I1 - I0).

%% report(+Start, +Overhead)  print the time/1 line for the work since Start.
report(s(I0, C0, W0), K) :-
    stamp(s(I1, C1, W1)),
    I is max(0, I1 - I0 - 2 * K),
    C is max(0.0, C1 - C0),
    W is max(0, W1 - W0) / 1000,
    (  W > 0 -> P is round(100 * C / W), repl_tools:format("% ~D inferences, ~3f CPU in ~3f seconds (~d% CPU, ", [I, C, W, P])
    ;  repl_tools:format("% ~D inferences, ~3f CPU in ~3f seconds (?% CPU, ", [I, C, W])
    ),
    (  C > 0 -> L is round(I / C), repl_tools:format("~d Lips)~n", [L])
    ;  repl_tools:format("Infinite Lips)~n", [])
    ).

%% statistics(?Key, -Value)  runtime ([CPU ms, ms since the last runtime]), cputime
% (CPU seconds), process_cputime (the same), walltime ([ms since the session began,
% ms since the last walltime]), real_time ([seconds since 1970, since the last]),
% inferences (the count so far), epoch (when the session began, seconds since 1970).
statistics(K, V) :- var(K), !, key(K), statistics(K, V).
statistics(K, V) :-
    (  key(K) -> true ; throw(error(domain_error(statistics_key, K), statistics/2)) ),
    value(K, V0),
    V = V0.

%% key(?Key)  a key statistics/2 answers.
key(runtime).
key(cputime).
key(process_cputime).
key(walltime).
key(real_time).
key(inferences).
key(epoch).

%% value(+Key, -Value)  the value of a statistics/2 key now.
value(runtime, [T, D]) :-
    '$cpu_now'(C), T is truncate(C * 1000), since(repl_runtime, T, D).
value(cputime, C) :- '$cpu_now'(C).
value(process_cputime, C) :- '$cpu_now'(C).
value(walltime, [T, D]) :-
    '$foreign_call'(ludolog_wall_ms, [], W), bb_get(repl_epoch_ms, E), T is W - E, since(repl_walltime, T, D).
value(real_time, [T, D]) :-
    '$foreign_call'(ludolog_wall_ms, [], W), T is W // 1000, since(repl_real_time, T, D).
value(inferences, I) :- '$inference_count'(I).
value(epoch, S) :- bb_get(repl_epoch_ms, E), S is E / 1000.

%% since(+Key, +Now, -Delta)  Now less the reading last kept under Key (0 at first); keeps Now.
since(Key, T, D) :-
    (  catch(bb_get(Key, T0), _, fail), integer(T0) -> D is T - T0 ; D = T ),
    bb_put(Key, T).

%% start  remember when the session began (for walltime and epoch).
start :- '$foreign_call'(ludolog_wall_ms, [], W), bb_put(repl_epoch_ms, W).
