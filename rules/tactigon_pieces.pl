%% tactigon_pieces — the pieces of Tactigon (shared/rules/tactigon.md): their kinds,
% how far each moves, how many a side has, the combat table, and what each is worth
% to a search (evaluate/3).  A part of rules/tactigon.pl, which keeps the board and
% the rules and asks these facts by their module's name.

:- module(tactigon_pieces, [range/2, piece_kind/3, most/2, combat/3, attackable/2,
                            may_attack/3, value/2]).

%% part_of(?Game)  this file holds a part of Tactigon's rules: its pieces.
part_of(tactigon).

%% range(?Kind, ?Steps)  how far each kind of piece moves: its number of sides, a circle 1.
range(circle, 1).
range(triangle, 3).
range(square, 4).
range(pentagon, 5).

%% piece_kind(?Piece, ?Kind, ?Owner)  a piece term, its kind and its owner.
piece_kind(circle(P), circle, P).
piece_kind(triangle(P), triangle, P).
piece_kind(square(P), square, P).
piece_kind(pentagon(P), pentagon, P).

%% most(?Kind, ?Count)  how many pieces of each kind a side has at the start (and at most).
most(circle, 6).
most(triangle, 3).
most(square, 3).
most(pentagon, 1).

%% combat(?Attacker, ?Defender, ?Result)  the combat table: d (the defender is
% removed, the attacker takes its cell), b (both are removed, the cell is left
% empty) or x (the attack is not allowed).
combat(circle, circle, d).
combat(circle, triangle, d).
combat(circle, square, d).
combat(circle, pentagon, d).
combat(triangle, circle, b).
combat(triangle, triangle, d).
combat(triangle, square, d).
combat(triangle, pentagon, d).
combat(square, circle, x).
combat(square, triangle, b).
combat(square, square, d).
combat(square, pentagon, d).
combat(pentagon, circle, x).
combat(pentagon, triangle, x).
combat(pentagon, square, x).
combat(pentagon, pentagon, d).

%% attackable(+Attacker, +Defender)  the piece Attacker may attack the piece Defender:
% an enemy, and the combat table allows it.
attackable(A, D) :-
    piece_kind(A, KA, P),
    may_attack(KA, P, D).

%% may_attack(+Kind, +Owner, +Defender)  a piece of Kind and Owner may attack the piece
% Defender: an enemy, and the combat table allows it.
may_attack(KA, P, D) :-
    piece_kind(D, KD, Q),
    P \== Q,
    combat(KA, KD, R), R \== x.

%% value(?Kind, ?Points)  the material value of each kind of piece.
value(circle, 10).
value(triangle, 30).
value(square, 40).
value(pentagon, 0).
