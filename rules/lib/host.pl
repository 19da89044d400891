%% host — the entry points the Rust host calls; every text arrives as data.
%
% The host never builds a query from user text.  It calls
%   host:request(+Game, +Limit, +Request, -Reply)
% where Request holds only strings (char lists) and integers, and Reply is
% ok(Value) or error(Kind, Text).  Every request runs inside catch/3 and an
% inference limit, and is deterministic, so no exception or choicepoint
% outlives it.

:- module(host, [request/4, check_protocol/2, check_syntax/2, clear/0]).

:- use_module(library(lists)).
:- use_module(library(dcgs)).
:- use_module(library(format)).
:- use_module(library(iso_ext)).
:- use_module(library(charsio)).

%% clear  a query that succeeds and leaves nothing behind.
clear.

%% request(+Game, +Limit, +Request, -Reply)  run Request on Game's rules, safely.
request(G, Limit, Req, Reply) :-
    (  catch(call_with_inference_limit(handle(G, Req, V), Limit, R), E, true)
    -> (  nonvar(E) -> exception_reply(E, Reply)
       ;  R == inference_limit_exceeded
       -> limit_text(Limit, Text), Reply = error(limit, Text)
       ;  Reply = ok(V)
       )
    ;  Reply = error(failed, "the request failed")
    ).

%% limit_text(+Limit, -Text)  the message for a request that ran past its inference limit.
limit_text(Limit, Text) :-
    phrase(format_("the query ran past its inference limit of ~d (a loop in the rules?)", [Limit]), Text).

%% exception_reply(+Exception, -Reply)  a thrown term as an error reply.
exception_reply(ludolog(Kind, Text), error(Kind, Text)) :- !.
exception_reply(error(E, _), error(exception, Text)) :-
    error_text(E, Text), !.
exception_reply(E, error(exception, Text)) :-
    phrase(format_("uncaught exception ~q", [E]), Text).

%% error_text(+Error, -Text)  an ISO error term, said in words.
error_text(domain_error(D, V), T) :- phrase(format_("~q is not a valid ~q", [V, D]), T).
error_text(type_error(Ty, V), T) :- phrase(format_("expected ~q, got ~q", [Ty, V]), T).
error_text(existence_error(procedure, PI), T) :- phrase(format_("unknown procedure ~q", [PI]), T).
error_text(instantiation_error, T) :- phrase(format_("arguments are not sufficiently instantiated", []), T).
error_text(evaluation_error(E), T) :- phrase(format_("arithmetic error: ~q", [E]), T).
error_text(E, T) :- phrase(format_("~q", [E]), T).

%% fail_with(+Kind, +Format, +Args)  throw ludolog(Kind, Text), Text formatted from Args.
fail_with(Kind, Fmt, Args) :-
    phrase(format_(Fmt, Args), Text),
    throw(ludolog(Kind, Text)).

%% held(?Id, ?State)  the positions the host holds for the Rust side, by handle.
:- dynamic(held/2).

%% hold(+Id, +State)  keep State under the handle Id.
hold(Id, S) :- assertz(held(Id, S)).

%% state(+Id, -State)  the state held under Id, or an error naming the handle.
state(Id, S) :-
    (  held(Id, S0) -> S = S0
    ;  fail_with(handle, "no position is held under handle ~d", [Id])
    ).

%% handle(+Game, +Request, -Value)  one request, answered once.
handle(G, initial(Options, Id), ok) :-
    (  call(G:initial(Options, S)) -> true
    ;  fail_with(options, "initial/2 refused the options ~q", [Options])
    ),
    hold(Id, S).
handle(G, parse(PosText, Id), ok) :-
    parse_position(G, PosText, S),
    hold(Id, S).
handle(_, release(Id), Found) :-
    (  retract(held(Id, _)) -> Found = true ; Found = false ).
handle(_, copy(Id, Id1), ok) :-
    state(Id, S),
    hold(Id1, S).
handle(G, text(Id), Text) :-
    state(Id, S),
    position_text(G, S, Text).
handle(G, describe(Id), d(Text, Player, Outcome, Moves)) :-
    state(Id, S),
    position_text(G, S, Text),
    once(dispatch:to_move(G, S, P)), plain_text(P, Player),
    (  dispatch:outcome(G, S, O) -> plain_text(O, Outcome) ; Outcome = none ),
    protocol:legal_moves(G, S, Ms),
    maplist(move_text(G), Ms, Moves).
handle(G, play(Id, MoveText, Id1), ok) :-
    state(Id, S),
    parse_move(G, MoveText, M),
    checked_play(G, S, M, MoveText, S1),
    hold(Id1, S1).
handle(G, after(Id, MoveTexts, Id1), ok) :-
    state(Id, S0),
    replay_texts(MoveTexts, 1, G, S0, S),
    hold(Id1, S).
handle(G, perft(Id, Depth), N) :-
    state(Id, S),
    protocol:perft(G, S, Depth, N).
handle(G, perft_counts(Id, Depth), Ns) :-
    state(Id, S),
    protocol:perft_counts(G, S, Depth, Ns).
handle(G, playouts(Id, N, Seed, MaxPlies), Plies) :-
    state(Id, S),
    protocol:playouts(G, S, N, Seed, MaxPlies, Plies).
handle(G, best(Id, Depth), Best) :-
    state(Id, S),
    (  search:alphabeta(G, S, Depth, M, Score, Nodes)
    -> move_text(G, M, Text), Best = b(Text, Score, Nodes)
    ;  Best = none
    ).
handle(G, evaluate(Id, PlayerText), Score) :-
    state(Id, S),
    atom_chars(P, PlayerText),
    once(dispatch:evaluate(G, S, P, Score)).
handle(G, view(Id), View) :-
    state(Id, S),
    once(call(G:view(S, View))).

%% replay_texts(+MoveTexts, +Index, +Game, +State0, -State)  play move texts in order.
replay_texts([], _, _, S, S).
replay_texts([T|Ts], K, G, S0, S) :-
    catch(( parse_move(G, T, M), checked_play(G, S0, M, T, S1) ),
          ludolog(Kind, Text),
          ( phrase(format_("move ~d: ~s", [K, Text]), Text1), throw(ludolog(Kind, Text1)) )),
    K1 is K + 1,
    replay_texts(Ts, K1, G, S1, S).

%% checked_play(+Game, +State, +Move, +MoveText, -Next)  play Move or say why not.
checked_play(G, S, M, _, S1) :- dispatch:play(G, S, M, S1), !.
checked_play(G, S, M, T, _) :-
    (  catch(call(G:explain_illegal(S, M, Why)), _, fail)
    -> fail_with(illegal, "~s", [Why])
    ;  call(G:outcome(S, O))
    -> fail_with(illegal, "~s: the game is over (~q)", [T, O])
    ;  fail_with(illegal, "~s is not legal in this position", [T])
    ).

%% parse_position(+Game, +Text, -State)  the state the position text names.
parse_position(G, Text, S) :-
    (  catch(dispatch:position(G, S0, Text, []), _, fail)
    -> S = S0
    ;  fail_with(position, "not a ~a position: \"~s\"", [G, Text])
    ).

%% parse_move(+Game, +Text, -Move)  the move the move text names.
parse_move(G, Text, M) :-
    (  catch(dispatch:move(G, M0, Text, []), _, fail)
    -> M = M0
    ;  fail_with(move, "not a ~a move: \"~s\"", [G, Text])
    ).

%% position_text(+Game, +State, -Text)  the position text of State, or a protocol error.
position_text(G, S, Text) :-
    (  dispatch:position(G, S, Text, []) -> true
    ;  fail_with(protocol, "position//1 of ~a cannot print this state", [G])
    ).

%% move_text(+Game, +Move, -Text)  the move text of Move, or a protocol error.
move_text(G, M, Text) :-
    (  dispatch:move(G, M, Text, []) -> true
    ;  fail_with(protocol, "move//1 of ~a cannot print the move ~q", [G, M])
    ).

%% term_text(+Term, -Text)  Term written quoted, as a char list.
term_text(T, Text) :- phrase(format_("~q", [T]), Text).

%% plain_text(+Term, -Text)  a player or outcome as the protocol texts show it: win(SandyBrown).
plain_text(T, Text) :- phrase(format_("~w", [T]), Text).

%% check_protocol(+Game, -Missing)  the protocol predicates Game does not define.
check_protocol(G, Missing) :-
    findall(Text,
            ( protocol:protocol_predicate(P),
              \+ catch(current_predicate(G:P), _, fail),
              term_text(P, Text) ),
            Missing).

%% check_syntax(+Path, -Result)  ok, or error(Line, Text) for the first term of
% the file that does not read; op/3 directives are obeyed as the file is read.
check_syntax(Path, Result) :-
    catch(open(Path, read, S), E, true),
    (  nonvar(E)
    -> term_text(E, Text), Result = error(0, Text)
    ;  catch(read_terms(S), E2, true),
       close(S),
       (  var(E2) -> Result = ok
       ;  E2 = error(syntax_error(What), _:Line) -> term_text(What, Text), Result = error(Line, Text)
       ;  E2 = error(syntax_error(What), _) -> term_text(What, Text), Result = error(0, Text)
       ;  term_text(E2, Text), Result = error(0, Text)
       )
    ).

%% read_terms(+Stream)  read every term to the end, obeying op/3 directives as they come.
read_terms(S) :-
    read_term(S, T, []),
    (  T == end_of_file -> true
    ;  (  nonvar(T), T = (:- op(P, Type, Names)) -> catch(op(P, Type, Names), _, true) ; true ),
       read_terms(S)
    ).
