%% tactigon_refusals — the words of each reason a Tactigon move is refused for.
% A part of rules/tactigon.pl, whose explain_with/4 gives the reasons as terms
% (the native engine gives the same terms, and these words are shown for both).

:- module(tactigon_refusals, [refusal//1]).

%% part_of(?Game)  this file holds a part of Tactigon's rules: its refusals' words.
part_of(tactigon).

:- use_module(library(dcgs)).

%% refusal(+Reason)//  the words of each reason explain_with/4 gives.
refusal(game_over(W)) --> "the game is over: ", atom(W), " has won".
refusal(not_a_move) --> "not a Tactigon move (a move is From-To, two cell numbers)".
refusal(not_a_cell(N)) --> number(N), " is not a cell of the board".
refusal(no_piece(P, N)) --> "no ", atom(P), " piece on ", number(N).
refusal(stays) --> "a piece must move to another cell".
refusal(onto_own(P, Kind, N)) --> atom(P), " cannot move onto its own ", atom(Kind), " on ", number(N).
refusal(combat(P, KA, Q, KD)) -->
    "the combat table does not let a ", atom(P), " ", atom(KA), " attack a ", atom(Q), " ", atom(KD).
refusal(out_of_range(From, To, Dist, KA, K)) -->
    number(To), " is ", number(Dist), " steps from ", number(From),
    ", but the ", atom(KA), " on ", number(From), " has a range of ", number(K).
refusal(no_path(From, To, K, Way)) -->
    "no open path of at most ", number(K), " steps from ", number(From), " to ",
    number(To), "; in the way: ", way_parts(Way).

%% way_parts(+Way)//  "red on 37 49, blue on 39, the edge of the board".
way_parts([Part]) --> !, way_part(Part).
way_parts([Part|Parts]) --> way_part(Part), ", ", way_parts(Parts).

%% way_part(+Part)//  one owner's cells, or the edge of the board.
way_part(edge) --> "the edge of the board".
way_part(on(X, Cells)) --> atom(X), " on", cells_out(Cells).

%% cells_out(+Cells)//  each cell number after a space.
cells_out([]) --> [].
cells_out([N|Ns]) --> " ", number(N), cells_out(Ns).

%% atom(+Atom)//  the characters of Atom.
atom(A) --> { atom_chars(A, Cs) }, seq(Cs).

%% number(+N)//  the decimal digits of N.
number(N) --> { number_chars(N, Cs) }, seq(Cs).
