%% mitsudomoe_refusals — the words of each reason a Mitsudomoe turn is refused for.
% A part of rules/mitsudomoe.pl, whose explain_with/4 gives the reasons as terms
% (the native engine gives the same terms, and these words are shown for both).

:- module(mitsudomoe_refusals, [refusal//1]).

%% part_of(?Game)  this file holds a part of Mitsudomoe's rules: its refusals' words.
part_of(mitsudomoe).

%% requires(?Library)  numbers in words come from notation.pl.
requires(notation).

:- use_module(library(dcgs)).

%% refusal(+Reason)//  the words of each reason explain_with/4 gives.
refusal(game_over(W)) --> "the game is over: ", atom(W), " has won".
refusal(not_a_turn) --> "not a turn on this board".
refusal(not_legal(M)) --> atom(M), " is not legal here".
refusal(no_rings_left(P)) --> atom(P), " has no ring left in its supply".
refusal(holds_ball(Sq)) --> atom(Sq), " holds a ball: a ring goes only on a square without one".
refusal(no_ring(Sq)) --> atom(Sq), " has no ring".
refusal(rings_covered(Sq)) --> "the rings on ", atom(Sq), " are not exposed: a ball lies on them".
refusal(top_ring(Sq, C, P)) --> "the top ring on ", atom(Sq), " is ", atom(C), ", not ", atom(P).
refusal(ring_stays) --> "a ring must move to another square".
refusal(no_ball(P, Sq)) --> "no ", atom(P), " ball on ", atom(Sq).
refusal(home_ball(P, Sq)) -->
    "the ", atom(P), " ball on ", atom(Sq), " stands on its goal square and never moves again".
refusal(not_in_line(A, B)) -->
    atom(A), "-", atom(B), " is neither a step nor a vault: the squares are not on one line".
refusal(step_onto_ball(Sq)) --> atom(Sq), " holds a ball".
refusal(vault_gap(Sq)) --> "a vault jumps a line of balls without a gap: ", atom(Sq), " holds no ball".
refusal(vault_past(Sq)) -->
    "the line of balls goes on past ", atom(Sq), ": a vault lands on the first square after the line".
refusal(shielded(Q, Sq)) -->
    "the ", atom(Q), " ball on ", atom(Sq), " stands on its goal square and cannot be vaulted over".
refusal(not_topped(Sq, P)) --> atom(Sq), " is not topped by a ", atom(P), " ring".
refusal(landing_not_topped(Sq, P)) -->
    "the landing square ", atom(Sq), " is not topped by a ", atom(P), " ring".
refusal(nothing_vaulted(A, B, Q)) -->
    atom(A), "-", atom(B), " vaults over no ", atom(Q), " ball: nothing to relocate".
refusal(no_relocation(Q)) -->
    "no ball-free square is topped by a ", atom(Q), " ring: the vaulted ", atom(Q),
    " balls cannot be relocated, so the vault is illegal".
refusal(targets_missing(Q)) -->
    "the vaulted ", atom(Q), " balls must be relocated: name their target squares after ';'".
refusal(targets_unsorted) --> "the targets must be listed sorted by name, each once".
refusal(targets_count(K, Q)) -->
    "name exactly ", notation:count(K), " target squares, one for each vaulted ", atom(Q), " ball".
refusal(bad_target(Q, Sq)) -->
    "a relocated ", atom(Q), " ball cannot go to ", atom(Sq),
    ": it needs a square without a ball topped by a ", atom(Q), " ring".
refusal(targets_unmoved) -->
    "every vaulted ball must move: the targets cannot be the squares they stand on".

%% atom(+Atom)//  the characters of Atom.
atom(A) --> { atom_chars(A, Cs) }, seq(Cs).
