#!/usr/bin/env python3
"""Random playouts per second of an OpenSpiel game, played by OpenSpiel itself
(pyspiel: C++ driven from Python), to set beside `ludolog bench GAME`:

    python3 bench/openspiel_playouts.py GAME [--seconds S] [--param KEY=VALUE ...]

GAME is an OpenSpiel game name (breakthrough, connect_four, tic_tac_toe, othello,
clobber, hex...) or a rule file's path naming one (rules/breakthrough.pl). A playout
starts at the initial state and plays uniformly random legal actions to the end,
as ludolog's playouts do; the figure is playouts per second on one core, with the
plies per second beside it. It prints one line:

    GAME playouts/s PLAYOUTS plies/s PLIES

Requires `pip install open_spiel` (tested with open_spiel 2.0.2).
"""
import argparse
import os
import random
import time

import pyspiel


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--param", action="append", default=[],
                        help="an OpenSpiel game parameter, e.g. columns=5")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    name = os.path.basename(args.game)
    if name.endswith(".pl"):
        name = name[:-3]
    params = {}
    for p in args.param:
        key, _, value = p.partition("=")
        params[key] = int(value) if value.lstrip("-").isdigit() else value
    game = pyspiel.load_game(name, params)
    rng = random.Random(args.seed)
    playouts = plies = 0
    start = time.perf_counter()
    deadline = start + args.seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
        playouts += 1
    elapsed = time.perf_counter() - start
    print(f"{name} playouts/s {playouts / elapsed:.1f} plies/s {plies / elapsed:.0f}")


if __name__ == "__main__":
    main()
