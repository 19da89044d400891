%% protocol — the ludolog game protocol, and helpers every rule file reuses.
%
% A rule file is a module named after its game that exports:
%
%   initial(+Options, -State)       start position; Options like [size(11), swap(false)]:
%                                   the host passes every option the game takes
%                                   (declared by its descriptor in src/games/<game>/
%                                   or by its option/4 facts), validated, defaults
%                                   filled in; read them with protocol:options/2,
%                                   which also refuses an option it does not take
%                                   (an unknown option is an error)
%   to_move(+State, -Player)        whose turn it is
%   legal(+State, -Move)            each distinct legal move exactly once;
%                                   no moves once the game is over
%   play(+State, +Move, -Next)      deterministic; fails when Move is not legal
%   outcome(+State, -Outcome)       win(Player), draw, or scores(Scores): each
%                                   player's score, Player-Value (an integer from
%                                   0; GDL's goal values are 0 to 100) in the order
%                                   of the players; fails while the game goes on
%   position(?State)//              the canonical one-line position text, both ways;
%                                   LOSSLESS: for every state S, parsing the text
%                                   of S gives a state with the same text, side to
%                                   move, outcome and legal moves.  Whatever the
%                                   board alone does not determine (who has won, a
%                                   supply, a counter) is written in the text;
%                                   `ludolog check` asserts this at every position
%   move(?Move)//                   the move notation, both ways.  It sees the
%                                   move alone, never the state: the host reads
%                                   and writes moves where it holds no position
%                                   (a record's moves, --after, check's reports),
%                                   so a move term must carry all its text
%                                   needs.  Keep what the board size decides in
%                                   the state, not in the move: write at(Col,
%                                   Row) (d3 by notation:square//1), not a
%                                   cell number that
%                                   needs the width to name its column; play/3
%                                   turns at(Col, Row) into the cell index
%   view(+State, -View)             view(Shape, Cols, Rows, Cells, Info) for renderers:
%                                   Shape square, hex(right) (a rhombus
%                                   leaning right; `hex` says the same) or hex(left) (each row
%                                   half a cell left of the one above); Cells a
%                                   list of cell(Col, Row, Name, Contents) or
%                                   cell(Col, Row, Name, Contents, Marks), Row 0
%                                   on top, a missing (Col, Row) a hole; Contents
%                                   empty, a piece Kind(Owner), or a stack: a list
%                                   of pieces bottom to top; Marks atoms such as
%                                   gold or home(white); Info a list of Key(Value),
%                                   with glyphs([Piece = Char, ...]) to choose the
%                                   letters of text drawings and colours([Player =
%                                   Colour, ...]) the colours of players whose
%                                   names are not colours (x = red); at the end,
%                                   highlight([Name, ...]) the cells the game was
%                                   won by (a chain, a line), drawn through in
%                                   order, and ending(Words) how it ended, as the
%                                   page says it after who won ("joined top and
%                                   bottom"); text(Line) entries, each a line
%                                   of text drawn under the board (a GDL
%                                   position's facts; with no cells, alone)
%
% and may export
%
%   evaluate(+State, +Player, -S)   integer heuristic from Player's point of view,
%                                   for alpha-beta (without it every position
%                                   that goes on scores 0; finished games score
%                                   by their outcome)
%   explain_illegal(+State, +Move, -Reason)   why a move is refused, as a
%                                   term of atoms, integers and lists
%                                   (occupied(a1, red)); `check` asks both
%                                   tiers to refuse a move no longer legal
%                                   for the same reason, and a native engine
%                                   gives the same term (a text is taken
%                                   too, as its own words)
%   refusal(+Reason)//              the words of each reason: `ludolog why`,
%                                   play and serve show them (a native
%                                   engine's too); without it, the words of
%                                   a game the file requires, else the term
%   position_error(+State, -Reason) why no game reaches a state read from a
%                                   position text (an impossible stone count,
%                                   a won= the board denies), as a text; fails
%                                   when a game does reach it.  The host asks
%                                   after every position it reads and after
%                                   set_to_move/3, and refuses with Reason
%   set_to_move(+State, +Player, -State1)  State with Player to move instead,
%                                   as a position set up by hand (GTP's moves
%                                   out of turn, a record's setup stones).  A
%                                   state no game reaches must say so in its
%                                   text (a mark such as " setup"), so that its text
%                                   reads back; the host asks it only when the
%                                   game is not over and it is the other
%                                   player's turn.  Without it, no move goes
%                                   out of turn
%   legal_moves(+State, -Moves)     the moves legal/2 gives, in its order, as
%                                   one list built at once; the accelerated
%                                   tier lists moves with it (findall/3 costs
%                                   a backtrack per move), the spec tier never
%                                   does, so checking spec against accelerated
%                                   compares the two
%   legal_count(+State, -N)         how many moves legal/2 gives, and
%   nth_legal(+State, +K, -Move)    the K-th of them (from 0, in legal/2's
%                                   order), both without listing them all:
%                                   the accelerated tier's playouts and perft
%                                   leaves use them when a game has both
%   random_legal(+State, +R, -Move)   the (R mod N)-th of legal/2's N moves, for
%                                   a random number R >= 0; fails when there are
%                                   none: the pick of the accelerated tier's
%                                   playouts in one query (else legal_count/2
%                                   and nth_legal/3)
%   turns(+State, -Board, -Turns)   for a game whose every turn the board library
%                                   can state (board.pl's turn_play/5: put,
%                                   drop and step moves; line, arrive, edge, joins, gone, full
%                                   and stuck ends), the board and the turns of a
%                                   position that goes on, the player to move's
%                                   first; fails when it is over.  Its legal/2
%                                   and play/3 must be turn_moves/3's and
%                                   turn_play/5's: the accelerated tier's
%                                   playouts are then played whole by the host
%   play_legal(+State, +Move, -Next)  the state after Move, one of legal/2's,
%                                   without play/3's check that it is legal:
%                                   the accelerated tier's playouts play the
%                                   move nth_legal/3 picked with it (perft,
%                                   check and every front end use play/3)
%
% A game written only as rules (no descriptor in src/games/) describes itself
% with two more predicates, which the host reads (they need not be exported):
%
%   summary(-Text)                  one line for `ludolog games`
%   option(?Key, ?Kind, ?Default, ?Meaning)   each option initial/2 takes: Kind
%                                   int(Min, Max), bool, choice([Word, ...]) or
%                                   name; Default as a user writes it; Meaning a
%                                   noun phrase ("the board size").  The host
%                                   refuses unknown keys and bad values, fills in
%                                   the defaults, and `ludolog games` lists them
%
% and any rule file may name the libraries and games it builds on, one fact each,
% which the host loads before it (from the file's directory when there is one, else
% ludolog's own copy):
%
%   requires(+Name)                 requires(grid), requires(notation),
%                                   requires(board), requires(Game), ...
%
% The helpers below take the game's module name as first argument and call the
% game through dispatch:P(Game, ...), a module the host generates after loading
% the rules (call(G:P(...)) with G known only at run time is slow in scryer).

:- module(protocol, [
    protocol_predicate/1, optional_predicate/1, replay/4, perft/4, perft_counts/4, playouts/6, random_playout/6,
    legal_moves/3, lcg_next/2, accelerated/0, option/2, options/2,
    formatted/3
]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(error)).

:- dynamic(accelerated/0).

%% set_acceleration(+OnOff)  the accelerated tier on or off (for the host alone, which
% calls it qualified: no export, so untrusted code cannot reach it): the accelerated
% predicates of rules/lib answer natively, and legal moves come from the
% game's legal_moves/2 when it has one.
set_acceleration(on) :- ( accelerated -> true ; assertz(accelerated) ).
set_acceleration(off) :- retractall(accelerated).

%% protocol_predicate(?PI)  the predicates every rule file must export.
%% optional_predicate(?PI)  the predicates a rule file may export (see the header).
optional_predicate(evaluate/3).
optional_predicate(explain_illegal/3).
optional_predicate(refusal/3).   % refusal//1
optional_predicate(position_error/2).
optional_predicate(set_to_move/3).
optional_predicate(legal_moves/2).
optional_predicate(legal_count/2).
optional_predicate(nth_legal/3).
optional_predicate(play_legal/3).
optional_predicate(random_legal/3).

protocol_predicate(initial/2).
protocol_predicate(to_move/2).
protocol_predicate(legal/2).
protocol_predicate(play/3).
protocol_predicate(outcome/2).
protocol_predicate(position/3).
protocol_predicate(move/3).
protocol_predicate(view/2).

%% option(?Option, +Options)  the value of an option in the list initial/2 received;
% an error naming the option when the list lacks it.
option(O, Options) :-
    functor(O, Name, 1), functor(Q, Name, 1),
    (  memberchk(Q, Options) -> O = Q
    ;  throw(error(existence_error(option, Name), initial/2))
    ).

%% options(+Wanted, +Options)  the value of each option in Wanted, a list like
% [size(N), swap(S)], from the list initial/2 received; an error names an
% option of Options that Wanted does not take (so unknown options are refused
% however the rule file is given its options), or one Wanted needs and lacks.
options(Wanted, Options) :-
    must_be(list, Options),
    maplist(wanted(Options), Wanted),
    (  member(O, Options), \+ known_option(O, Wanted)
    -> throw(error(domain_error(game_option, O), initial/2))
    ;  true
    ).

%% wanted(+Options, ?Option)  Option's value from Options (see option/2).
wanted(Options, O) :- option(O, Options).

%% known_option(+Option, +Wanted)  Option is a Key(Value) whose key Wanted takes.
known_option(O, Wanted) :-
    compound(O), functor(O, Name, 1), functor(W, Name, 1),
    memberchk(W, Wanted).

%% replay(+Game, +State0, +Moves, -State)  play a list of moves from State0.
replay(_, S, [], S).
replay(G, S0, [M|Ms], S) :-
    dispatch:play(G, S0, M, S1),
    replay(G, S1, Ms, S).

%% legal_moves(+Game, +State, -Moves)  all legal moves, in the order legal/2 gives them
% (accelerated: from Game's legal_moves/2 when it has one).
legal_moves(G, S, Ms) :- accelerated, !, dispatch:legal_moves(G, S, Ms).
legal_moves(G, S, Ms) :- findall(M, dispatch:legal(G, S, M), Ms).

% Memory.  scryer reclaims heap only on backtracking, so every walk of the tree
% below computes each child inside findall/3: the child's work is undone when
% findall backtracks for the next one, and a walk to any depth runs in memory
% bounded by its depth, not by the number of nodes.

%% legal_count(+Game, +State, -N)  how many legal moves there are (accelerated:
% Game's legal_count/2 when it has one).
legal_count(G, S, N) :- accelerated, !, dispatch:legal_count(G, S, N).
legal_count(G, S, N) :- legal_moves(G, S, Ms), length(Ms, N).

%% nth_legal(+Game, +State, +K, -Move)  the K-th legal move, from 0, in legal/2's
% order (accelerated: Game's nth_legal/3 when it has one).
nth_legal(G, S, K, M) :- accelerated, !, dispatch:nth_legal(G, S, K, M).
nth_legal(G, S, K, M) :- legal_moves(G, S, Ms), nth0(K, Ms, M).

%% perft(+Game, +State, +Depth, -Count)  leaves of the game tree to Depth;
% a finished game is a leaf wherever it ends.
perft(_, _, 0, 1) :- !.
perft(G, S, _, 1) :- dispatch:outcome(G, S, _), !.
perft(G, S, 1, N) :- !, legal_count(G, S, N).
perft(G, S, D, N) :-
    D1 is D - 1,
    legal_moves(G, S, Ms),
    findall(N1, ( member(M, Ms), dispatch:play(G, S, M, S1), perft(G, S1, D1, N1) ), Ns),
    sum_list(Ns, N).

%% perft_counts(+Game, +State, +Depth, -Counts)
% Counts = [perft(1), ..., perft(Depth)], all from one walk of the tree.
perft_counts(G, S, D, Counts) :-
    perft_vector(G, S, D, [_|Counts]).

%% perft_vector(+Game, +State, +Depth, -Vector)  [perft(0), ..., perft(Depth)].
perft_vector(_, _, 0, [1]) :- !.
perft_vector(G, S, D, V) :-
    dispatch:outcome(G, S, _), !,
    D1 is D + 1, length(V, D1), maplist(=(1), V).
perft_vector(G, S, 1, [1, N]) :- !,
    legal_count(G, S, N).
perft_vector(G, S, D, [1|Sum]) :-
    D1 is D - 1,
    legal_moves(G, S, Ms),
    findall(V, ( member(M, Ms), dispatch:play(G, S, M, S1), perft_vector(G, S1, D1, V) ), Vs),
    length(Sum0, D), maplist(=(0), Sum0),
    foldl(add_vectors, Vs, Sum0, Sum).

%% add_vectors(+As, +Bs, -Cs)  Cs is the element-wise sum of As and Bs.
add_vectors([], [], []).
add_vectors([A|As], [B|Bs], [C|Cs]) :- C is A + B, add_vectors(As, Bs, Cs).

%% lcg_next(+Seed, -Seed1)  a 31-bit linear congruential generator: reproducible anywhere.
lcg_next(S0, S) :- S is (S0 * 1103515245 + 12345) mod 2147483648.

%% random_playout(+Game, +State, +Seed, +MaxPlies, -Plies, -Outcome)
% play uniformly random legal moves to the end of the game, or until MaxPlies
% have been played (outcome, legal, pick and play every ply); Outcome is the last
% position's outcome, or none.  Accelerated, a game that states its turns in the
% board library's words (turns/3) is played whole by the host; else a game with
% legal_count/2 and nth_legal/3 picks each move without listing them all, and
% plays it with play_legal/3 (its own, or play/3).  The same moves every way.
random_playout(G, S, Seed, Max, Plies, Outcome) :-
    (  accelerated, dispatch:turns(G, S, B, Ts)
    -> board:turn_playout(B, Ts, Seed, Max, Plies, Status),
       status_outcome(Status, Outcome)
    ;  (  accelerated, dispatch:counted(G)
       -> counted_playout_(G, S, Seed, Max, 0, Plies, Final)
       ;  playout_(G, S, Seed, Max, 0, Plies, Final)
       ),
       (  dispatch:outcome(G, Final, O) -> Outcome = O ; Outcome = none )
    ).

%% status_outcome(+Status, -Outcome)  the outcome of a turn's status (board.pl).
status_outcome(won(P), win(P)).
status_outcome(draw, draw).
status_outcome(ongoing, none).

%% playout_(+Game, +State, +Seed, +Max, +P0, -P, -Final)  a random playout from State;
% P is P0 plus its plies, Final its last state.
playout_(G, S, Seed, Max, P0, P, Final) :-
    (  ( P0 >= Max ; dispatch:outcome(G, S, _) )
    -> P = P0, Final = S
    ;  random_move(G, S, Seed, Seed1, M)
    -> dispatch:play(G, S, M, S1),
       P1 is P0 + 1,
       playout_(G, S1, Seed1, Max, P1, P, Final)
    ;  P = P0, Final = S
    ).

%% random_move(+Game, +State, +Seed0, -Seed, -Move)  a uniformly random legal move
% (the (Seed >> 8) mod N-th of legal/2's N moves); fails when there is none.
random_move(G, S, Seed0, Seed, M) :-
    legal_moves(G, S, Ms), length(Ms, L), L > 0,
    lcg_next(Seed0, Seed), K is (Seed >> 8) mod L,
    nth0(K, Ms, M).

%% counted_playout_(+Game, +State, +Seed, +Max, +P0, -P, -Final)  playout_/7 for a
% game with legal_count/2 and nth_legal/3, in the accelerated tier: the same moves
% (the (Seed >> 8) mod N-th of N), picked without listing them (random_legal/3:
% the game's own, else counted and picked), and played with play_legal/3.
counted_playout_(G, S, Seed, Max, P0, P, Final) :-
    (  P0 >= Max -> P = P0, Final = S
    ;  dispatch:outcome(G, S, _) -> P = P0, Final = S
    ;  lcg_next(Seed, Seed1), R is Seed1 >> 8,
       dispatch:random_legal(G, S, R, M)
    -> dispatch:play_legal(G, S, M, S1),
       P1 is P0 + 1,
       counted_playout_(G, S1, Seed1, Max, P1, P, Final)
    ;  P = P0, Final = S
    ).

%% playouts(+Game, +State, +N, +Seed, +MaxPlies, -Plies)  N random playouts, each
% cut off after MaxPlies; Plies is their total length.  Each runs inside
% findall/3, so its heap is reclaimed before the next.
playouts(G, S, N, Seed, Max, Plies) :-
    findall(P, ( between(1, N, K), Seed1 is Seed + K,
                 random_playout(G, S, Seed1, Max, P, _) ), Ps),
    sum_list(Ps, Plies).

%% foreign_text(@T)  T is an atom or a list of characters without NUL, as the text
% arguments of ludolog's foreign functions must be.  Scryer hands an integer given
% where text is declared to the host as a memory address, and panics on a NUL.
% board_accel.pl, hexgrid_accel.pl and native.pl check text with this; a cell name
% asked at every move (board_accel's set/4, count_of/3, ...) is only checked to be an
% atom, and one holding NUL makes scryer panic: the host then replaces the machine.
foreign_text(T) :-
    (  atom(T) -> atom_codes(T, Cs), \+ memberchk(0, Cs)
    ;  nonvar(T), T = [_|_], char_code(Nul, 0), \+ memberchk(Nul, T)
    ).

%% formatted(+Format, +Args, -Text)  Text is what format_//2 writes for Format and Args,
% for the messages of rule files (library(format) is loaded on the first message, not
% at start-up, where it would cost about 60 ms).
formatted(F, As, Text) :- host:formatted(F, As, Text).
