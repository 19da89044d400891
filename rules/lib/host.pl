%% host — the entry points the Rust host calls; every text arrives as data.
%
% The host never builds a query from user text.  It calls
%   host:request(+Game, +Limit, +Request, -Reply)
% where Request holds only strings (char lists) and integers, and Reply is
% ok(Value) or error(Kind, Text); a refused position's Kind is position(K), K one
% of unreadable (its text does not read), unreachable (position_error/2: no game
% reaches it) and no_setup (the move cannot be given out of turn).  Every request runs inside catch/3 and an
% inference limit, and is deterministic, so no exception or choicepoint
% outlives it.

:- module(host, [request/4, check_protocol/2, clear/0, foreign_functions/2]).

%% foreign_functions(?Library, -Bindings)  the foreign functions Library binds, as
% '$load_foreign_lib'/2 takes them.  Its facts are not written here: the host adds
% them when it loads this module, from the one declaration of the functions
% (src/prolog/foreign_table.rs), which the compiler holds the Rust functions to.

:- use_module(library(lists)).
:- use_module(library(dcgs)).
:- use_module(library(iso_ext)).
:- use_module(library(charsio)).

%% clear  a query that succeeds and leaves nothing behind.
clear.

%% request(+Game, +Limit, +Request, -Reply)  run Request on Game's rules, safely;
% Limit 0 runs it with no inference limit (the work requests a user sized: perft,
% playouts, search), since counting inferences against a limit costs a playout
% about a fifth of its time.
request(G, 0, Req, Reply) :- !,
    (  catch(handle(G, Req, V), E, true)
    -> (  nonvar(E) -> exception_reply(E, Reply) ; Reply = ok(V) )
    ;  Reply = error(failed, "the request failed")
    ).
request(G, Limit, Req, Reply) :-
    (  catch(call_with_inference_limit(handle(G, Req, V), Limit, R), E, true)
    -> (  nonvar(E) -> exception_reply(E, Reply)
       ;  R == inference_limit_exceeded
       -> step_limit_text(Limit, Text), Reply = error(limit, Text)
       ;  Reply = ok(V)
       )
    ;  Reply = error(failed, "the request failed")
    ).

%% formatted(+Format, +Args, -Text)  Text is what format_//2 writes for Format and
% Args.  library(format) is loaded the first time a message is written, not at
% start-up: it takes about 60 ms to load, more than the rest of a rule tier.
formatted(F, As, Text) :-
    % meta-calls: a call compiled before the module existed would not find it;
    % current_predicate/1 is no test (it finds format_/4 before the load)
    % format_//2 alone imported: loaded while a REPL query runs, the whole library would
    % land in user, where its listing/1 would hide the REPL's (and with nothing
    % imported, scryer 0.10 leaves the module unknown)
    catch(call(format:format_(F, As, Text, [])), error(existence_error(procedure, _), _),
          ( use_module(library(format), [format_//2]), call(format:format_(F, As, Text, [])) )).

%% limit_text(+Limit, -Text)  the message for a request that ran past its inference limit.
limit_text(Limit, Text) :-
    formatted("the query ran past its inference limit of ~d (a loop in the rules?)", [Limit], Text).

%% step(+Name)  the protocol predicate a request runs now, named if it runs away.
step(Name) :- bb_put(host_step, Name).

%% step_limit_text(+Limit, -Text)  the message for a request that ran past its limit, naming the step.
step_limit_text(Limit, Text) :-
    (  catch(bb_get(host_step, Step), _, fail)
    -> formatted("~s ran past the inference limit of ~d (a loop in the rules? --inference-limit N raises it)", [Step, Limit], Text)
    ;  limit_text(Limit, Text)
    ).

%% exception_reply(+Exception, -Reply)  a thrown term as an error reply.
exception_reply(ludolog(Kind, Text), error(Kind, Text)) :- !.
exception_reply(sandbox(G, Why), error(sandbox, Text)) :- !, sandbox:refusal_text(G, Why, Text).
exception_reply(error(E, Ctx), error(exception, Text)) :-
    error_text(E, Text0), !,
    (  context_pi(Ctx, PI), E \= existence_error(procedure, _)
    -> formatted("~s (in ~q", [Text0, PI], Text1), Sep = ", "
    ;  Text1 = Text0, Sep = " ("
    ),
    (  catch(bb_get(host_step, Step), _, fail)
    -> formatted("~s~swhile running ~s)", [Text1, Sep, Step], Text)
    ;  Sep == ", " -> formatted("~s)", [Text1], Text)
    ;  Text = Text1
    ).
exception_reply(E, error(exception, Text)) :-
    formatted("uncaught exception ~q", [E], Text).

%% context_pi(+Context, -PI)  the predicate an error's context names: Name/Arity
% itself, or inside context(Name/Arity, _).
context_pi(Ctx, N/A) :- nonvar(Ctx), Ctx = N/A, atom(N), integer(A), !.
context_pi(Ctx, PI) :- nonvar(Ctx), Ctx = context(PI0, _), nonvar(PI0), context_pi(PI0, PI).

%% shown(+Culprit, -Text)  the culprit of an error as a person reads it: a text (a
% list of characters, such as a file name) in double quotes, anything else as written.
shown(V, T) :-
    (  V = [_|_], catch(atom_chars(_, V), _, fail)
    -> formatted("\"~s\"", [V], T)
    ;  formatted("~q", [V], T)
    ).

%% error_text(+Error, -Text)  an ISO error term, said in words (no Prolog terms of the
% engine's own: the names in them are shown with spaces).
error_text(domain_error(D, V), T) :-
    atom(D), value_domain(D), !,
    words(D, Ws), formatted("expected a value ~s, found ~q", [Ws, V], T).
error_text(domain_error(D, V), T) :-
    atom(D), atom_chars(D, [n, o, n, '_'|_]), !,
    words(D, Ws), formatted("expected a ~s, found ~q", [Ws, V], T).
error_text(domain_error(D, V), T) :- words(D, Ws), formatted("~q is not a valid ~s", [V, Ws], T).
error_text(type_error(evaluable, PI), T) :- !, formatted("~q is not an arithmetic function", [PI], T).
error_text(type_error(Ty, V), T) :- words(Ty, Ws), formatted("expected ~s, found ~q", [Ws, V], T).
error_text(existence_error(procedure, PI), T) :- !, formatted("unknown procedure ~q", [PI], T).
error_text(existence_error(source_sink, V), T) :- !, shown(V, Vs), formatted("there is no file ~s", [Vs], T).
error_text(existence_error(K, V), T) :- words(K, Ws), shown(V, Vs), formatted("there is no ~s ~s", [Ws, Vs], T).
error_text(instantiation_error, "arguments are not sufficiently instantiated (a variable where a value is needed)").
error_text(evaluation_error(zero_divisor), "arithmetic error: division by zero") :- !.
error_text(evaluation_error(E), T) :- words(E, Ws), formatted("arithmetic error: ~s", [Ws], T).
error_text(representation_error(R), T) :- words(R, Ws), formatted("cannot represent ~s", [Ws], T).
error_text(resource_error(R), T) :- words(R, Ws), formatted("out of ~s", [Ws], T).
error_text(permission_error(A, K, V), T) :-
    words(A, As), words(K, Ks), shown(V, Vs), formatted("not allowed to ~s the ~s ~s", [As, Ks, Vs], T).
error_text(syntax_error(W), T) :- syntax_words(W, Ws), formatted("syntax error: ~s", [Ws], T).
error_text(E, T) :- formatted("~q", [E], T).

%% value_domain(+Domain)  an ISO domain that bounds a value (not_less_than_zero):
% said as "expected a value not less than zero", not as a kind of thing; a domain
% that excludes one (non_empty_list) is said as "expected a non empty list".
value_domain(D) :-
    atom_chars(D, Cs),
    (  append("not_", _, Cs) ; append("less_", _, Cs) ; append("greater_", _, Cs) ),
    !.

%% words(+Name, -Chars)  a name as written by the engine, with spaces for underscores.
words(Name, Ws) :-
    formatted("~w", [Name], Cs),
    underscores_spaced(Cs, Ws).

%% underscores_spaced(+Chars, -Spaced)  the characters, each '_' a space.
underscores_spaced([], []).
underscores_spaced([C|Cs], [D|Ds]) :-
    (  C == '_' -> D = ' ' ; D = C ),
    underscores_spaced(Cs, Ds).

%% fail_with(+Kind, +Format, +Args)  throw ludolog(Kind, Text), Text formatted from Args.
fail_with(Kind, Fmt, Args) :-
    formatted(Fmt, Args, Text),
    throw(ludolog(Kind, Text)).

% Held positions.  The Rust side names each position it holds here by a slot
% number, and reuses the slots of released positions.  A slot is a global
% variable (bb_put/2), not a clause: in scryer 0.10 the memory of a retracted
% clause is never given back (scryer-prolog issue #1871; measured here: assertz
% + retract of a small term in a loop grew the process by about 5 KB a cycle),
% while overwriting a global variable keeps memory flat.

%% slot_key(+Slot, -Key)  the name of the global variable of slot Slot.
slot_key(N, K) :- number_chars(N, Cs), atom_chars(K, ['$', h, e, l, d, '_'|Cs]).

%% hold(+Slot, +State)  keep State in slot Slot.
hold(N, S) :- slot_key(N, K), bb_put(K, held(S)).

%% hold_from(+States, +Slot, +N0, -N)  keep States in slots Slot, Slot+1, ...; N0
% plus their number is N.
hold_from([], _, N, N).
hold_from([S|Ss], Slot, N0, N) :-
    hold(Slot, S),
    Slot1 is Slot + 1, N1 is N0 + 1,
    hold_from(Ss, Slot1, N1, N).

%% release_from(+Slot, +N)  empty the N slots from Slot.
release_from(_, 0) :- !.
release_from(Slot, N) :-
    slot_key(Slot, K), bb_put(K, free),
    Slot1 is Slot + 1, N1 is N - 1,
    release_from(Slot1, N1).

%% held(+Slot, -State)  the state kept in slot Slot; fails for an empty slot.
held(N, S) :- slot_key(N, K), catch(bb_get(K, held(S0)), _, fail), S = S0.

%% state(+Slot, -State)  the state kept in slot Slot, or an error naming it.
state(N, S) :-
    (  held(N, S0) -> S = S0
    ;  fail_with(handle, "no position is held in slot ~d", [N])
    ).

%% handle(+Game, +Request, -Value)  one request, answered once.
handle(G, initial(Options, Id), ok) :-
    step("initial/2"),
    (  call(G:initial(Options, S)) -> true
    ;  Options == []
    -> fail_with(options, "initial/2 fails: the rule file gives no start position", [])
    ;  fail_with(options, "initial/2 refused the options ~q", [Options])
    ),
    hold(Id, S).
handle(G, parse(PosText, Id), ok) :-
    step("position//1 (reading a position)"),
    parse_position(G, PosText, S),
    hold(Id, S).
handle(G, set_to_move(Id, P, Id1), ok) :-
    state(Id, S),
    step("set_to_move/3"),
    given_the_move(G, S, P, S1),
    hold(Id1, S1).
handle(_, release(Id), Found) :-
    (  held(Id, _) -> slot_key(Id, K), bb_put(K, free), Found = true ; Found = false ).
handle(_, copy(Id, Id1), ok) :-
    state(Id, S),
    hold(Id1, S).
handle(G, text(Id), Text) :-
    state(Id, S),
    step("position//1 (writing a position)"),
    position_text(G, S, Text).
handle(G, describe(Id), D) :-
    state(Id, S),
    describe(G, S, D).
% reread: the description of the state read back from slot Id's text, or `same`
% when it reads back as that very state (==); the engine then gives the
% description it has, or asks again.
handle(G, reread(Id), D) :-
    state(Id, S0),
    position_text(G, S0, Text0),
    parse_position(G, Text0, S),
    (  S == S0 -> D = same ; describe(G, S, D) ).
handle(G, play(Id, MoveText, Id1), ok) :-
    state(Id, S),
    step("play/3"),
    parse_move(G, MoveText, M),
    checked_play(G, S, M, MoveText, S1),
    hold(Id1, S1).
handle(G, after(Id, MoveTexts, Id1), ok) :-
    state(Id, S0),
    step("play/3"),
    replay_texts(MoveTexts, 1, G, S0, S),
    hold(Id1, S).
handle(G, legal_count(Id), N) :-
    state(Id, S),
    step("legal/2"),
    protocol:legal_count(G, S, N).
handle(G, perft(Id, Depth), N) :-
    state(Id, S),
    step("perft (legal/2 and play/3)"),
    protocol:perft(G, S, Depth, N).
handle(G, expand(Id, First), R) :-
    state(Id, S),
    step("perft (legal/2 and play/3)"),
    (  dispatch:outcome(G, S, _) -> R = over
    ;  protocol:legal_moves(G, S, Ms),
       findall(S1, ( member(M, Ms), dispatch:play(G, S, M, S1) ), Ss),
       hold_from(Ss, First, 0, R)
    ).
handle(_, release_from(First, N), ok) :-
    release_from(First, N).
handle(G, perft_counts(Id, Depth), Ns) :-
    state(Id, S),
    step("perft (legal/2 and play/3)"),
    protocol:perft_counts(G, S, Depth, Ns).
handle(G, playouts(Id, N, Seed, MaxPlies), Plies) :-
    state(Id, S),
    step("the random playouts (legal/2, play/3 and outcome/2)"),
    protocol:playouts(G, S, N, Seed, MaxPlies, Plies).
handle(G, rollout(Id, Seed, MaxPlies), Outcome) :-
    state(Id, S),
    step("a random playout (legal/2, play/3 and outcome/2)"),
    protocol:random_playout(G, S, Seed, MaxPlies, _, O),
    (  O == none -> Outcome = "none" ; plain_text(O, Outcome) ).
handle(G, mcts_leaf(Id, Path, Seed, MaxPlies), leaf(Mover, N, Outcome)) :-
    state(Id, S0),
    step("a step of the tree search (legal/2, play/3 and outcome/2)"),
    follow(Path, G, S0, "", Mover, S),
    (  dispatch:outcome(G, S, _) -> N = 0 ; protocol:legal_count(G, S, N) ),
    protocol:random_playout(G, S, Seed, MaxPlies, _, O),
    (  O == none -> Outcome = "none" ; plain_text(O, Outcome) ).
handle(G, turn_board(Id), Board) :-
    state(Id, S),
    step("turns/3"),
    (  protocol:accelerated,
       dispatch:turns(G, S, board(_, _, _, n(_, H, _, _)), Ts),
       board_accel:owned(H),
       Ts = [turn(P, _, _), turn(Q, _, _)],
       board_accel:turns_id(Ts, TurnsId)
    -> plain_text(P, PT), plain_text(Q, QT), Board = turns(H, TurnsId, PT, QT)
    ;  Board = none
    ).
handle(G, best(Id, Depth), Best) :-
    state(Id, S),
    step("the alpha-beta search (legal/2, play/3 and evaluate/3)"),
    (  search:alphabeta(G, S, Depth, M, Score, Nodes)
    -> move_text(G, M, Text), Best = b(Text, Score, Nodes)
    ;  Best = none
    ).
handle(G, evaluate(Id, PlayerText), Score) :-
    state(Id, S),
    atom_chars(P, PlayerText),
    step("evaluate/3"),
    once(dispatch:evaluate(G, S, P, Score)).
handle(G, words(Reason), Words) :-
    step("refusal//1"),
    reason_words(G, Reason, Words).
handle(G, view(Id), View) :-
    state(Id, S),
    step("view/2"),
    once(call(G:view(S, View))),
    view_bounded(View).
handle(G, info, info(Summary, Options)) :-
    (  catch(call(G:summary(S0)), error(existence_error(procedure, _), _), fail)
    -> Summary = S0
    ;  Summary = none
    ),
    findall(option(K, Kind, D, M),
            catch(call(G:option(K, Kind, D, M)), error(existence_error(procedure, _), _), fail),
            Options).

%% view_bounded(+View)  a view small enough to hand to the host, or an error saying its size.
view_bounded(View) :-
    (  View = view(_, C, R, Cells, _), integer(C), integer(R), C * R > 4096
    -> fail_with(protocol, "view/2 describes ~d x ~d cells, more than the 4096 a view may have", [C, R])
    ;  View = view(_, _, _, Cells, _), '$skip_max_list'(N, 4097, Cells, _), N > 4096
    -> fail_with(protocol, "view/2 lists more than the 4096 cells a view may have", [])
    ;  true
    ).

%% describe(+Game, +State, -Description)  d(Text, Player, Outcome, Moves): the texts
% of a state's position, side to move, outcome (none while the game goes on) and
% legal moves.
describe(G, S, d(Text, Player, Outcome, Moves)) :-
    step("position//1 (writing a position)"),
    position_text(G, S, Text),
    step("to_move/2"),
    once(dispatch:to_move(G, S, P)), plain_text(P, Player),
    step("outcome/2"),
    (  dispatch:outcome(G, S, O) -> plain_text(O, Outcome) ; Outcome = none ),
    step("legal/2"),
    protocol:legal_moves(G, S, Ms),
    step("move//1 (writing a move)"),
    maplist(move_text(G), Ms, Moves).

%% follow(+Path, +Game, +State0, +Mover0, -Mover, -State)  State0 after the K-th legal
% move (from 0, in legal/2's order) for each K of Path in turn; Mover is the text of
% the player who made the last of them (Mover0 for an empty Path).  A tree search
% held by the host names a position by its path from the root (mcts_leaf).
follow([], _, S, M, M, S).
follow([K|Ks], G, S0, _, M, S) :-
    once(dispatch:to_move(G, S0, P)), plain_text(P, M1),
    protocol:nth_legal(G, S0, K, Mv),
    dispatch:play(G, S0, Mv, S1),
    follow(Ks, G, S1, M1, M, S).

%% replay_texts(+MoveTexts, +Index, +Game, +State0, -State)  play move texts in order.
replay_texts([], _, _, S, S).
replay_texts([T|Ts], K, G, S0, S) :-
    catch(( parse_move(G, T, M), checked_play(G, S0, M, T, S1) ),
          ludolog(Kind, Text),
          ( at_move(K, Text, Text1), throw(ludolog(Kind, Text1)) )),
    K1 is K + 1,
    replay_texts(Ts, K1, G, S1, S).

%% at_move(+K, +Text, -Text1)  an error's text, or a refusal's words, said at move K.
at_move(K, refused(R, W), refused(R, W1)) :- !, formatted("move ~d: ~s", [K, W], W1).
at_move(K, Text, Text1) :- formatted("move ~d: ~s", [K, Text], Text1).

%% checked_play(+Game, +State, +Move, +MoveText, -Next)  play Move or say why not.
checked_play(G, S, M, _, S1) :- dispatch:play(G, S, M, S1), !.
checked_play(G, S, M, T, _) :-
    (  catch(call(G:explain_illegal(S, M, Why)), _, fail)
    -> refused(G, Why)
    ;  call(G:outcome(S, O))
    -> fail_with(illegal, "~s: the game is over (~q)", [T, O])
    ;  fail_with(illegal, "~s is not legal in this position", [T])
    ).

%% refused(+Game, +Reason)  throw the refusal explain_illegal/3 gave: a string is
% its words; a term is the reason itself (compared by check, the same in every
% tier), thrown with the words the game's refusal//1 gives it.
refused(_, Why) :-
    (  Why = [] ; Why = [_|_] ), !,
    fail_with(illegal, "~s", [Why]).
refused(_, Why) :-
    \+ ground(Why), !,
    fail_with(illegal, "explain_illegal/3 gave a reason with variables: ~q", [Why]).
refused(G, Why) :-
    reason_words(G, Why, Words),
    throw(ludolog(illegal, refused(Why, Words))).

%% reason_words(+Game, +Reason, -Words)  the words the game's refusal//1 gives a
% reason, else those of a game it builds on (a variant handing its refusals to its
% base game's explain_illegal/3 need not word them again); none ("", and the host
% shows the term) where none does.
reason_words(G, R, Words) :-
    (  worded_by(G, R, Words0) -> Words = Words0
    ;  catch(call(G:requires(B)), _, fail), worded_by(B, R, Words0) -> Words = Words0
    ;  Words = []
    ).

%% worded_by(+Module, +Reason, -Words)  Module's refusal//1 words Reason.
worded_by(M, R, Words) :- catch(call(M:refusal(R, Words, [])), _, fail), !.

%% parse_position(+Game, +Text, -State)  the state the position text names.
parse_position(G, Text, S) :-
    read_position(G, Text, S),
    (  catch(call(G:position_error(S, Why)), error(existence_error(procedure, _), _), fail)
    -> fail_with(position(unreachable), "~s", [Why])
    ;  true
    ).

%% given_the_move(+Game, +State, +Player, -State1)  State with Player to move: State
% itself when it is Player's turn, else the rule file's set_to_move/3 (a position set
% up by hand, as GTP's out-of-turn moves make), judged by position_error/2.
given_the_move(G, S, P, S1) :-
    (  call(G:to_move(S, P0)), P0 == P -> S1 = S
    ;  call(G:outcome(S, O))
    -> fail_with(position(no_setup), "the game is over (~q): the move cannot go to ~q", [O, P])
    ;  \+ catch(current_predicate(G:set_to_move/3), _, fail)
    -> fail_with(position(no_setup), "~a has no set_to_move/3: the move cannot go out of turn", [G])
    ;  call(G:set_to_move(S, P, S0))
    -> (  catch(call(G:position_error(S0, Why)), error(existence_error(procedure, _), _), fail)
       -> fail_with(position(no_setup), "~s", [Why])
       ;  S1 = S0
       )
    ;  fail_with(position(no_setup), "set_to_move/3 of ~a gives no position with ~q to move", [G, P])
    ).

%% read_position(+Game, +Text, -State)  the state a position text names, whether or not
% a game reaches it (parse_position/3 then asks position_error/2).
read_position(G, Text, S) :-
    (  catch(dispatch:position(G, S0, Text, []), _, fail)
    -> S = S0
    ;  elided(Text, Shown),
       fail_with(position(unreadable), "not a ~a position: \"~s\"", [G, Shown])
    ).

%% elided(+Text, -Shown)  Text, cut to 40 characters with the count of the rest.
elided(Text, Shown) :-
    length(Text, N),
    (  N =< 40 -> Shown = Text
    ;  length(Head, 40), append(Head, _, Text),
       formatted("~s… (~d characters)", [Head, N], Shown)
    ).

%% parse_move(+Game, +Text, -Move)  the move the move text names.
parse_move(G, Text, M) :-
    (  catch(dispatch:move(G, M0, Text, []), _, fail)
    -> M = M0
    ;  elided(Text, Shown),
       fail_with(move, "not a ~a move: \"~s\"", [G, Shown])
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
term_text(T, Text) :- write_term_to_chars(T, [quoted(true)], Text).

%% plain_text(+Term, -Text)  a player or outcome as the protocol texts show it: win(SandyBrown).
plain_text(T, Text) :- write_term_to_chars(T, [quoted(false)], Text).

%% check_protocol(+Game, -Missing)  the protocol predicates Game does not define.
check_protocol(G, Missing) :-
    findall(Text,
            ( protocol:protocol_predicate(P),
              \+ catch(current_predicate(G:P), _, fail),
              term_text(P, Text) ),
            Missing).

%% syntax_words(+What, -Words)  a scryer syntax error in plain words.  Compared as
% text written by format: in scryer 0.10 the reader's error atom unifies with no
% atom in a clause, and atom_chars/2 or atom_codes/2 on it panic.
syntax_words(W, Words) :-
    host:formatted("~w", [W], Cs),
    (  syntax_word(Cs, Words0) -> Words = Words0 ; Words = Cs ).

syntax_word("incomplete_reduction", "a bracket, a quote or a /* comment is not closed, or an operator lacks an argument").
syntax_word("cannot_parse_big_int", "a number is malformed").
syntax_word("missing_quote", "a quote is not closed").
syntax_word("unclosed_comment", "a /* comment is not closed").
syntax_word("unexpected_eof", "the file ends inside a term (a missing '.' at the end of a clause?)").
syntax_word("unexpected_end_of_file", "the file ends inside a term (a missing '.' at the end of a clause?)").
syntax_word("invalid_single_quoted_character", "a quoted atom holds an invalid character").
syntax_word("unexpected_char", "an unexpected character").
