%% native — the native engines, callable from rule files and REPL queries.
%
% native_best/4 asks a built-in game's native engine for its alpha-beta move on
% a position text (a second opinion for a rule file's own search, or a strong
% opponent in a rule-file game written for a native one).  It is bound in the
% accelerated tier only (load/0); in the spec tier it is an existence error.
% The foreign function is bound and called through scryer's system predicates,
% as in hexgrid_accel.pl (library(ffi) would cost start-up time).

:- module(native, [native_best/4]).

:- use_module(library(lists)).

%% load  bind the foreign functions, once they are callable (the host calls it by
% its module; not an export, so no rule file or query binds them again).
load :-
    host:foreign_functions(native, Bindings),
    '$load_foreign_lib'("", Bindings).

%% text(@T)  T is text the host can take (protocol:foreign_text/1), else a type error.
text(T) :-
    (  protocol:foreign_text(T) -> true
    ;  throw(error(type_error(text, T), native_best/4))
    ).

%% native_best(+Game, +PositionText, +Depth, -MoveText)
% the native engine's alpha-beta choice on a position text (MoveText is "none"
% when the game is over); a bad game or position throws.
native_best(Game, Position, Depth, Move) :-
    % scryer hands an integer given where text is declared to the host as a memory
    % address, and panics on a NUL: text only (an export, which untrusted code may call)
    text(Game), text(Position),
    '$foreign_call'(ludolog_native_best, [Game, Position, Depth], Move0),
    (  append("error: ", Why, Move0)
    -> throw(error(domain_error(native_position, Position), context(native_best/4, Why)))
    ;  Move = Move0
    ).
