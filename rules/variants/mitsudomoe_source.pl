%% mitsudomoe_source — Mitsudomoe as the source project played it: a variant of
% rules/mitsudomoe.pl through its extension surface (its rules data) only.
%
% The FEUP project this game's rules were checked against (see
% shared/rules/mitsudomoe.md §6) left out two rules of the rulebook, and so does
% this variant:
% * a ball on one of its goal squares may move again (the rulebook freezes it);
% * an opponent ball on one of the opponent's goal squares may be vaulted over
%   (and relocated, like any vaulted ball).
% Everything else is the rulebook's, the end-of-turn checks included (an opponent
% with no complete turn is judged by these rules too).
%
% State, position text and move text: Mitsudomoe's, e.g. the start
% "3,bB,bB/4,bB/5/wW,4/wW,wW,3 white supply=5,5" and the turn "+a3/a1-a3".

:- module(mitsudomoe_source, [
    initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3,
    position//1, move//1, view/2, explain_illegal/3, refusal//1, turns/3
]).

%% requires(?Game)  the variant builds on Mitsudomoe's rule file.
requires(mitsudomoe).

%% summary(-Text)  one line for `ludolog games`.
summary("Mitsudomoe as its source project played it: balls on goal squares move and may be vaulted over").

%% rules(-Rules)  no square freezes a ball, none shields one from a vault.
rules(rules(lim([], []), lim([], []))).

%% initial(+Options, -State)  Mitsudomoe's start; no options.
initial(Options, S) :- mitsudomoe:initial(Options, S).

%% to_move(+State, -Colour)  whose turn it is.
to_move(S, P) :- mitsudomoe:to_move(S, P).

%% legal(+State, -Move)  the turns these rules allow.
legal(S, M) :- rules(R), mitsudomoe:legal_with(R, S, M).

%% turns(+State, -Board, -Turns)  the turns these rules allow, as the board library
% says them (the host plays whole random games of them).
turns(S, B, Ts) :- rules(R), mitsudomoe:turns_with(R, S, B, Ts).

%% play(+State, +Move, -Next)  a turn these rules allow, and the end-of-turn checks.
play(S, M, Next) :- rules(R), mitsudomoe:play_with(R, S, M, Next).

%% outcome(+State, -Outcome)  Mitsudomoe's.
outcome(S, O) :- mitsudomoe:outcome(S, O).

%% evaluate(+State, +Colour, -Score)  Mitsudomoe's evaluation.
evaluate(S, P, Score) :- mitsudomoe:evaluate(S, P, Score).

%% explain_illegal(+State, +Move, -Reason)  why a turn is refused under these rules.
explain_illegal(S, M, Reason) :- rules(R), mitsudomoe:explain_with(R, S, M, Reason).

%% refusal(+Reason)//  Mitsudomoe's words for each reason.
refusal(R) --> mitsudomoe:refusal(R).

%% position(?State)//  Mitsudomoe's text, read under these rules.
position(S) --> { rules(R) }, mitsudomoe:position_with(R, S).

%% position_error(+State, -Reason)  why no game reaches a state read from a text.
position_error(S, Reason) :- rules(R), mitsudomoe:position_error_with(R, S, Reason).

%% move(?Move)//  Mitsudomoe's move text.
move(M) --> mitsudomoe:move(M).

%% view(+State, -View)  Mitsudomoe's view.
view(S, V) :- mitsudomoe:view(S, V).
