#!/usr/bin/env python3
"""Perft of an OpenSpiel game, counted by OpenSpiel itself, to compare with
`ludolog perft`:

    python3 bench/openspiel_perft.py GAME DEPTH [ROWS COLS [LINE]] [--after "ACTIONS"]

GAME is breakthrough, clobber, connect_four, othello or tic_tac_toe (a rule
file's path, such as rules/breakthrough.pl, names its game too); ROWS and COLS are
OpenSpiel's rows and columns (breakthrough, clobber, connect four), LINE connect
four's x_in_row.  It prints the
counts of depths 1 to DEPTH on one line, as tests/data/perft.txt lists them: the
leaves of the game tree at each depth, a finished game being a leaf wherever it ends
(ludolog's convention; OpenSpiel's own perft counts only the nodes at the depth).
--after counts from the position that OpenSpiel's actions, as it writes them
("a7a6", "x3", "x(1,1)"), separated by spaces, reach from the start.

Requires `pip install open_spiel` (tested with open_spiel 2.0.2).
"""
import os
import sys
import time

import pyspiel


def load(name, dims):
    """The OpenSpiel game a name (or a rule file's path) and the dimensions name."""
    game = os.path.basename(name)
    if game.endswith(".pl"):
        game = game[:-3]
    params = {}
    if dims:
        if game not in ("breakthrough", "clobber", "connect_four") or len(dims) not in (2, 3) \
                or (len(dims) == 3 and game != "connect_four"):
            sys.exit("usage: openspiel_perft.py GAME DEPTH [ROWS COLS [LINE]] "
                     "(ROWS COLS for breakthrough, clobber and connect_four, LINE for "
                     "connect_four)")
        params = {"rows": dims[0], "columns": dims[1]}
        if len(dims) == 3:
            params["x_in_row"] = dims[2]
    return pyspiel.load_game(game, params)


def counts(state, depth):
    """[perft(1), ..., perft(depth)] below state, from one walk of the tree."""
    if state.is_terminal():
        return [1] * depth
    actions = state.legal_actions()
    if depth == 1:
        return [len(actions)]
    total = [len(actions)] + [0] * (depth - 1)
    for a in actions:
        below = counts(state.child(a), depth - 1)
        for k, n in enumerate(below):
            total[k + 1] += n
    return total


def after(game, texts):
    """The state OpenSpiel's action texts reach from the start."""
    state = game.new_initial_state()
    for text in texts:
        named = {state.action_to_string(state.current_player(), a): a
                 for a in state.legal_actions()}
        if text not in named:
            sys.exit(f"{text} is not legal here (legal: {' '.join(named)})")
        state.apply_action(named[text])
    return state


def main():
    args = sys.argv[1:]
    moves = []
    if "--after" in args:
        k = args.index("--after")
        moves = args[k + 1].split() if k + 1 < len(args) else []
        del args[k:k + 2]
    if len(args) < 2:
        sys.exit(__doc__)
    game = load(args[0], [int(x) for x in args[2:]])
    depth = int(args[1])
    start = time.time()
    result = counts(after(game, moves), depth)
    print(" ".join(str(n) for n in result))
    print(f"{game}: depth {depth} in {time.time() - start:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
