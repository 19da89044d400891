%% repl_answer — how the REPL's top level writes an answer: the bindings and
% residual goals of rules/lib/repl.pl, with the game's states and moves in its own
% notation, char lists as lists (or "text" with `:set strings on`, never cut inside
% the quotes), and terms elided as SWI-Prolog elides them: a list after Depth
% elements ([1,2,...|...]), a term nested deeper than Depth (...).
%
% Elision is done here, before writing, by putting a variable named `...` where
% a part is left out (the states and moves are variables named by their text, and
% so are strings): scryer's own max_depth/1 cuts a string inside its quotes and
% counts each list element one level deeper, so a board's last rows were cut short.

:- module(repl_answer, [goals_text/5]).

:- use_module(library(lists)).
:- use_module(library(charsio)).
:- use_module(library(dcgs)).
:- use_module(library(iso_ext)).

%% goals_text(+Goals, +VarNames, +Depth, -Text, -Elided)  the answer as the top
% level shows it, elided below Depth (0: in full); Elided is true when a part was
% left out, else false.  VarNames are the query's names; other variables are
% named _A, _B, ... in the order the answer shows them.
goals_text([], _, _, "true", false) :- !.
goals_text(Goals0, Vs, D, Text, Elided) :-
    bb_get(repl_strings, DQ),
    (  bb_get(repl_notation, true), bb_get(repl_game, G)
    -> in_notation(Goals0, G, Goals1, Names1, Vs)
    ;  Goals1 = Goals0, Names1 = Vs
    ),
    (  D > 0
    -> elide_goals(Goals1, D, DQ, Goals, Names2, Names1)
    ;  Goals = Goals1, Names2 = Names1
    ),
    (  left_out(Names2, Names1) -> Elided = true ; Elided = false ),
    term_variables(Goals, Vars),
    charsio:extend_var_list(Vars, Names2, Names, fabricated),
    phrase(goals_chars(Goals, Names, D, DQ), Text).

%% left_out(+Names, +Tail)  a variable named `...` is among Names before Tail.
left_out(Ns, Tail) :-
    Ns \== Tail,
    Ns = [N = _|Ns1],
    (  N == '...' -> true ; left_out(Ns1, Tail) ).

%% elide_goals(+Goals0, +Depth, +Strings, -Goals, -Names, ?Tail)  each goal's term
% with its parts below Depth left out, and (Strings = true) its char lists as
% variables named by their "text"; Names the names of those variables, then Tail.
% A goal with a term nested deeper than Depth is deep(Goal, Elided): written by
% scryer with max_depth/1, which shows a cyclic term by the name bound to it
% (X = f(X)), its variables named as they are in Elided.
elide_goals([], _, _, [], Ns, Ns).
elide_goals([G0|Gs0], D, DQ, [G|Gs], Ns, Tail) :-
    (  G0 = binding(N, V0)
    -> elided(V0, D, DQ, V, Ns, Ns1), G1 = binding(N, V)
    ;  G0 = goal(T0)
    -> elided(T0, D, DQ, T, Ns, Ns1), G1 = goal(T)
    ;  G1 = G0, Ns = Ns1
    ),
    (  deep_cut(Ns, Ns1) -> G = deep(G0, G1) ; G = G1 ),
    elide_goals(Gs0, D, DQ, Gs, Ns1, Tail).

%% deep_cut(+Names, +Tail)  a term was cut at the depth (a `...` not ending a list).
deep_cut(Ns, Tail) :-
    Ns \== Tail,
    Ns = [N = _|Ns1],
    (  N == '$deep' -> true ; deep_cut(Ns1, Tail) ).

%% elided(+Term0, +Depth, +Strings, -Term, -Names, ?Tail)  Term0 down to Depth: a
% compound term below it is `...`, a list shows at most Depth elements, each one
% level down; a char list is its "text" when Strings = true.  Depth bounds the
% walk of a cyclic term.
elided(T, _, _, T, Ns, Ns) :- var(T), !.
elided(T, _, _, T, Ns, Ns) :- \+ compound(T), !.
elided(_, D, _, V, ['...' = V, '$deep' = V|Ns], Ns) :- D =< 0, !.
elided(T, _, true, V, [Name = V|Ns], Ns) :-
    T = [_|_], chars(T, 1000000), !,
    write_term_to_chars(T, [quoted(true), double_quotes(true), max_depth(0)], Cs),
    atom_chars(Name, Cs).
elided([H|T], D, DQ, L, Ns, Tail) :- !,
    D1 is D - 1,
    elided_list([H|T], D1, DQ, D, L, Ns, Tail).
elided(T, D, DQ, T2, Ns, Tail) :-
    D1 is D - 1,
    T =.. [F|Args],
    elided_args(Args, D1, DQ, Args1, Ns, Tail),
    T1 =.. [F|Args1],
    unchanged_or(T, Ns, Tail, T1, T2).

%% elided_list(+List0, +Depth, +Strings, +Left, -List, -Names, ?Tail)  elided/6 of
% each element of List0 (a list cell so far) at Depth; after Left elements the
% rest is `...`.
elided_list(L, D, DQ, Left, L2, Ns, Tail) :-
    (  var(L)
    -> L2 = L, Ns = Tail
    ;  L \= [_|_]
    -> elided(L, D, DQ, L2, Ns, Tail)
    ;  Left =< 0
    -> Ns = ['...' = L2|Tail]
    ;  L = [H|T],
       Left1 is Left - 1,
       elided(H, D, DQ, H1, Ns, Ns1),
       elided_list(T, D, DQ, Left1, T1, Ns1, Tail),
       unchanged_or(L, Ns, Tail, [H1|T1], L2)
    ).

%% elided_args(+Args0, +Depth, +Strings, -Args, -Names, ?Tail)  elided/6 of each argument.
elided_args([], _, _, [], Ns, Ns).
elided_args([A0|As0], D, DQ, [A|As], Ns, Tail) :-
    elided(A0, D, DQ, A, Ns, Ns1),
    elided_args(As0, D, DQ, As, Ns1, Tail).

%% chars(+List, +Left)  List is a proper list of one to Left one-char atoms.
chars([C|Cs], Left) :-
    Left > 0,
    atom(C),
    atom_length(C, 1),
    (  Cs == [] -> true
    ;  nonvar(Cs), Left1 is Left - 1, chars(Cs, Left1)
    ).

%% unchanged_or(+T, +Names, +Tail, +T1, -T2)  T itself when nothing in it was named
% (Names is Tail), else T1: a term is built again only around what is shown, as
% scryer 0.10 garbles a partial string (a text's list) built again cell by cell.
unchanged_or(T, Ns, Tail, T1, T2) :- ( Ns == Tail -> T2 = T ; T2 = T1 ).

%% in_notation(+Goals0, +Game, -Goals, -Names, +Names0)  Goals0 with each state and
% move of Game in a binding (or in a list or term it holds) replaced by a fresh
% variable named by its text in the game's notation between < and >: Names is
% Names0 after those names.  A state is a ground term with the functor of the
% current position that position//1 writes; a move, a ground compound that move//1
% writes and reads back as itself.
in_notation(Goals0, Game, Goals, Names, Names0) :-
    (  bb_get(repl_current, Id), host:held(Id, S), functor(S, F, A)
    -> Kind = Game-(F/A)
    ;  Kind = Game-none
    ),
    in_notation_(Goals0, Kind, Goals, Names, Names0).

%% in_notation_(+Goals0, +Game-StateFunctor, -Goals, -Names, +Names0)  in_notation/5
% once the state's functor is known.
in_notation_([], _, [], Names, Names).
in_notation_([G0|Gs0], Kind, [G|Gs], Names, Names0) :-
    (  G0 = binding(N, V0)
    -> shown(V0, Kind, 3, V, Names, Names1), G = binding(N, V)
    ;  G = G0, Names = Names1
    ),
    in_notation_(Gs0, Kind, Gs, Names1, Names0).

%% shown(+Term0, +Game-StateFunctor, +Depth, -Term, -Names, ?Tail)  Term0 with its
% states and moves down to Depth levels (each of the first 1000 elements of a list
% is one level down) replaced by named variables; Names their names, then Tail.
% Depth and the 1000 bound the walk of a cyclic term; acyclic_term/1 is not asked,
% as it garbles a partial string (a text's list) in scryer 0.10.
shown(T, _, _, T, Ns, Ns) :- var(T), !.
shown(T, Kind, _, V, [Name=V|Ns], Ns) :-
    notation_text(Kind, T, Cs), !,
    atom_chars(Name, Cs).
shown(T, _, D, T, Ns, Ns) :- D =< 0, !.
shown([H|T], Kind, D, L, Ns, Tail) :- !,
    D1 is D - 1,
    shown_list([H|T], Kind, D1, 1000, L, Ns, Tail).
shown(T, Kind, D, T2, Ns, Tail) :-
    compound(T), !,
    D1 is D - 1,
    T =.. [F|Args],
    shown_args(Args, Kind, D1, Args1, Ns, Tail),
    T1 =.. [F|Args1],
    unchanged_or(T, Ns, Tail, T1, T2).
shown(T, _, _, T, Ns, Ns).

%% shown_list(+List0, +Kind, +Depth, +Left, -List, -Names, ?Tail)  shown/6 of the
% first Left elements of List0 (a list cell so far), each at Depth.
shown_list(L, Kind, D, Left, L2, Ns, Tail) :-
    (  Left > 0, nonvar(L), L = [H|T]
    -> Left1 is Left - 1,
       shown(H, Kind, D, H1, Ns, Ns1),
       shown_list(T, Kind, D, Left1, T1, Ns1, Tail),
       unchanged_or(L, Ns, Tail, [H1|T1], L2)
    ;  L2 = L, Ns = Tail
    ).

%% shown_args(+Args0, +Kind, +Depth, -Args, -Names, ?Tail)  shown/6 of each argument.
shown_args([], _, _, [], Ns, Ns).
shown_args([A0|As0], Kind, D, [A|As], Ns, Tail) :-
    shown(A0, Kind, D, A, Ns, Ns1),
    shown_args(As0, Kind, D, As, Ns1, Tail).

%% notation_text(+Game-StateFunctor, +Term, -Chars)  the text a state or a move of
% Game is shown by: <POSITION> or <MOVE>; fails for any other term.
notation_text(Game-FA, T, Cs) :-
    compound(T), T \= [_|_], ground(T),
    (  functor(T, F, A), FA == F/A
    -> catch(phrase(Game:position(T), Text), _, fail)
    ;  catch(phrase(Game:move(T), Text), _, fail),
       catch(phrase(Game:move(T1), Text), _, fail), T1 == T
    ),
    !,
    append([[<], Text, [>]], Cs).

%% goals_chars(+Goals, +Names, +Depth, +Strings)//  the goals, separated by a comma and a newline.
goals_chars([G], Ns, D, DQ) --> !, goal_chars(G, Ns, D, DQ).
goals_chars([G|Gs], Ns, D, DQ) --> goal_chars(G, Ns, D, DQ), ",\n", goals_chars(Gs, Ns, D, DQ).

%% goal_chars(+Goal, +Names, +Depth, +Strings)//  one goal of an answer.
goal_chars(deep(G, _), Ns, D, DQ) --> written(G, Ns, D, DQ).
goal_chars(G, Ns, _, DQ) --> written(G, Ns, 0, DQ).

%% name_chars(+Name)//  a variable's name (an atom), as typed.
name_chars(N) --> { atom_chars(N, Cs) }, seq(Cs).

%% written(+Goal, +Names, +Depth, +Strings)//  one goal written with max_depth(Depth).
written(same(A, B), _, _, _) --> name_chars(A), " = ", name_chars(B).
written(binding(N, V), Ns, D, DQ) -->
    { write_term_to_chars(V, [quoted(true), variable_names(Ns), max_depth(D), double_quotes(DQ)], Cs) },
    name_chars(N), " = ",
    (  { needs_parens(V) } -> "(", seq(Cs), ")" ; seq(Cs) ).
written(goal(G), Ns, D, DQ) -->
    { write_term_to_chars(G, [quoted(true), variable_names(Ns), max_depth(D), double_quotes(DQ)], Cs) },
    seq(Cs).

%% needs_parens(+Value)  Value is an operator term that binds less tightly than =/2, or an operator atom.
needs_parens(V) :-
    nonvar(V),
    functor(V, F, A),
    atom(F),
    current_op(P, T, F),
    op_arity(T, A),
    (  A =:= 0 ; P > 699 ),
    !.

%% op_arity(?Type, ?Arity)  the arity of an operator of Type (0 for the atom alone).
op_arity(_, 0).
op_arity(fx, 1).
op_arity(fy, 1).
op_arity(xf, 1).
op_arity(yf, 1).
op_arity(xfx, 2).
op_arity(xfy, 2).
op_arity(yfx, 2).
