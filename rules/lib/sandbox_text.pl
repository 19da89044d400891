%% sandbox_text — a part of sandbox.pl: a rule file's text as the sandbox reads it,
% term by term with each term's line (obeying op/3 and the libraries' operators as
% they come), and the checked terms written back as the text scryer loads, each on
% its original line; and the discontiguous/1 declarations a file's scattered
% clauses need, with the notes that say so.
%
% sandbox.pl's check_file/7 calls these; the checks themselves are its own.

:- module(sandbox_text, [read_all/3, read_error/2, discontiguous_terms/3, emit/3]).

:- use_module(library(lists)).
:- use_module(library(charsio)).

%% discontiguous_terms(+Terms0, -Terms, -Notes)  Terms0 with a discontiguous/1
% directive after its first term for each predicate whose clauses are apart, and a
% note for each: "to_move/2: its clauses are not together (lines 3 and 11) ...".
discontiguous_terms(Terms0, Terms, Notes) :-
    findall(PI-L, ( member(t(L, T, _), Terms0), clause_key(T, PI) ), Keys),
    apart(Keys, none, [], [], Apart0),
    % declared discontiguous before its first clause: as the file asks (a later
    % declaration comes too late for the clauses before it)
    findall(PI-DL, ( member(t(DL, (:- discontiguous(S)), _), Terms0), nonvar(S), spec_member(PI, S) ), Declared),
    findall(A, ( member(A, Apart0), A = PI-_-_,
                 \+ ( memberchk(PI-First, Keys), member(PI-DL, Declared), DL < First ) ),
            Apart1),
    reverse(Apart1, Apart),
    (  Apart == [] -> Terms = Terms0, Notes = []
    ;  findall(PI, member(PI-_-_, Apart), PIs),
       findall(Note,
               ( member(N/A-L1-L2, Apart),
                 host:formatted("~a/~d: its clauses are not together (lines ~d and ~d): all of them count, as if declared discontiguous", [N, A, L1, L2], Note) ),
               Notes),
       (  Terms0 = [t(L0, T0, V0)|Rest]
       -> Terms = [t(L0, T0, V0), t(L0, (:- discontiguous(PIs)), [])|Rest]
       ;  Terms = Terms0
       )
    ).

%% spec_member(-PI, +Specs)  PI is one of the predicates discontiguous/1 names
% (`N/A`, or a list or conjunction of them).
spec_member(_, S) :- var(S), !, fail.
spec_member(PI, (A, B)) :- !, ( spec_member(PI, A) ; spec_member(PI, B) ).
spec_member(PI, [S|Ss]) :- !, ( spec_member(PI, S) ; spec_member(PI, Ss) ).
spec_member(N/A, N/A).

%% clause_key(+Term, -PI)  the predicate a clause or grammar rule of the file defines.
clause_key(T, _) :- var(T), !, fail.
clause_key((:- _), _) :- !, fail.
clause_key((H --> _), N/A) :- !,
    nonvar(H), ( H = (H0, _) -> true ; H0 = H ), callable(H0), H0 \= _:_,
    functor(H0, N, A0), A is A0 + 2.
clause_key((H :- _), N/A) :- !, callable(H), H \= _:_, functor(H, N, A).
clause_key(H, N/A) :- callable(H), H \= _:_, functor(H, N, A).

%% apart(+Keys, +Current, +Closed, +Apart0, -Apart)  the predicates whose clauses come
% back after another predicate's (with the line where they ended and came back);
% Closed holds PI-LastLine of the groups that have ended.
apart([], _, _, A, A).
apart([PI-L|Ks], Cur, Closed, A0, A) :-
    (  Cur = PI-_ -> apart(Ks, PI-L, Closed, A0, A)
    ;  ( Cur = P-CL -> Closed1 = [P-CL|Closed] ; Closed1 = Closed ),
       (  memberchk(PI-Last, Closed1), \+ memberchk(PI-_-_, A0)
       -> apart(Ks, PI-L, Closed1, [PI-Last-L|A0], A)
       ;  apart(Ks, PI-L, Closed1, A0, A)
       )
    ).

%% read_error(+Exception, -Result)  a read error as error(Line, Message).
read_error(at(Start, syntax(What, End)), error(Start, Msg)) :- !,
    host:syntax_words(What, Words),
    (  End > Start
    -> host:formatted("syntax error: ~s (in the term that starts here; the reader gave up at line ~d)", [Words, End], Msg)
    ;  host:formatted("syntax error: ~s", [Words], Msg)
    ).
read_error(at(Start, other(E)), error(Start, Msg)) :- !, host:formatted("cannot read the term: ~q", [E], Msg).
read_error(at(Line, sandbox(G, Why)), error(Line, Msg)) :- !, sandbox_words:refusal_text(G, Why, Msg).
read_error(E, error(0, Msg)) :- host:formatted("cannot read the file: ~q", [E], Msg).

%% read_failure(+Exception, -Failure)  syntax(What, Line) or other(E), taken apart step by
% step (in scryer 0.10 a read error does not unify with a nested pattern in one go).
read_failure(E, syntax(W, End)) :-
    functor(E, error, 2), arg(1, E, SE), functor(SE, syntax_error, 1), arg(1, SE, W),
    arg(2, E, Ctx),
    (  functor(Ctx, :, 2), arg(2, Ctx, End0), integer(End0) -> End = End0 ; End = 0 ), !.
read_failure(E, other(E)).

%% read_all(+Stream, +Check, -Terms)  the terms of the file as t(Line, Term, VarNames),
% obeying op/3 as they come (operators are global: when checking, only an op/3 the
% sandbox allows runs, so no file can change how the host's own queries read).
read_all(S, Check, Terms) :-
    (  term_line(S, Line)
    -> catch(read_term(S, T, [variable_names(Vs)]), E, ( read_failure(E, F), throw(at(Line, F)) )),
       (  T == end_of_file -> Terms = []
       ;  (  nonvar(T), T = (:- op(P, Type, Names))
          -> (  Check == false -> true
             ;  catch(sandbox:safe_op(op(P, Type, Names)), Refusal, throw(at(Line, Refusal)))
             ),
             catch(op(P, Type, Names), _, true)
          ;  nonvar(T), T = (:- D), nonvar(D), ( D = use_module(library(L)) ; D = use_module(library(L), _) )
          -> % its operators (clpz's #=, in, ..) are declared as it loads: the terms after need them
             (  Check == false -> catch(use_module(library(L)), _, true)
             ;  sandbox_lists:load_library(L)
             )
          ;  true
          ),
          Terms = [t(Line, T, Vs)|Ts],
          read_all(S, Check, Ts)
       )
    ;  Terms = []
    ).

%% term_line(+Stream, -Line)  skip the layout and comments before the next term, as
% scryer's loader does, and give the line it starts on (failing at the end of the file).
%
% Scryer's reader skips them in Rust, counting the lines it passes: read a character
% at a time in Prolog, a rule file's comments took half the time of reading it.  A
% comment never closed is a syntax error where the layout began (the host finds the
% comment from there); a text that ends in a / or /* with nothing after it, which
% this skipping takes for the end of the file, the host refuses before the check
% (syntax_hint::open_end, in Rust).
term_line(S, Line) :-
    stream_property(S, position(position_and_lines_read(_, L0))),
    catch(layout_skipped(S, More), E, ( read_failure(E, F), layout_failure(F, L0, F1), Start is L0 + 1, throw(at(Start, F1)) )),
    More == true,
    stream_property(S, position(position_and_lines_read(_, L))),
    Line is L + 1.

%% layout_failure(+Failure, +Lines, -Failure1)  a failure to skip layout, with the line
% the reader gave up at counted from the file's start (it counts from the layout's).
layout_failure(syntax(W, End), L0, syntax(W, End1)) :- !, End1 is L0 + End.
layout_failure(F, _, F).

%% layout_skipped(+Stream, -More)  skip the layout and comments before the next term,
% More false at the end of the file (the system call, as a clause's own goal: scryer
% knows it only so).
layout_skipped(S, More) :-
    (  '$devour_whitespace'(S) -> More = true ; More = false ).

%% emit(+Terms, +Line, -Text)  the terms written canonically, each starting on its
% original line, its variables named as the file named them (so scryer's singleton
% warnings still say the file's names) and the variables the check added _S1, _S2, ...
emit(Terms, Line, Text) :- emit(Terms, Line, Text, []).

%% emit(+Terms, +Line, -Text, ?Tail)  emit/3, then Tail (each term's characters
% copied once, onto the text so far).
emit([], _, Text, Text).
emit([t(L, T, Vs)|Ts], Line0, Text, Tail) :-
    (  L > Line0 -> N is L - Line0, newlines(N, Text, Text1), Line = L
    ;  Text = [' '|Text1], Line = Line0
    ),
    term_variables(T, All), unnamed(All, Vs, Fresh), name_vars(Fresh, 1, Names0),
    append(Vs, Names0, Names),
    term_chars(T, L, Names, Cs),
    append(Cs, Text2, Text1),
    emit(Ts, Line, Text2, Tail).

%% newlines(+N, -Text, ?Tail)  N newlines, then Tail.
newlines(0, T, T) :- !.
newlines(N, ['\n'|T0], T) :- N1 is N - 1, newlines(N1, T0, T).

%% term_chars(+Term, +Line, +Names, -Chars)  Term written canonically (no operators:
% scryer reads the text with the operators of the file as they are at that term, the
% check read it with all of them, so only a text no operator changes reads the same
% both ways), then " ." (a term ending in a symbol char, the atom +, would otherwise
% run into its full stop and be read as another token); a term that does not read
% back as itself is refused at its line.
term_chars(T, L, Names, Text) :-
    write_term_to_chars(T, [quoted(true), ignore_ops(true), double_quotes(false), variable_names(Names)], Cs),
    append(Cs, " .", Text),
    (  catch(read_term_from_chars(Text, T2, []), _, fail),
       subsumes_term(T, T2), subsumes_term(T2, T)
    -> true
    ;  throw(at(L, sandbox(T, reread)))
    ).

%% unnamed(+Vars, +Names, -Fresh)  the variables of Vars that no Name=Var of Names names.
unnamed([], _, []).
unnamed([V|Vs], Names, Fresh) :-
    (  member(_=W, Names), W == V -> Fresh = Fresh1 ; Fresh = [V|Fresh1] ),
    unnamed(Vs, Names, Fresh1).

%% name_vars(+Vars, +K, -Names)  names _S1, _S2, ... for the variables (no singleton warnings).
name_vars([], _, []).
name_vars([V|Vs], K, [A=V|Ns]) :-
    number_chars(K, Ds), atom_chars(A, ['_', 'S'|Ds]),
    K1 is K + 1, name_vars(Vs, K1, Ns).
