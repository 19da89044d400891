#!/usr/bin/env python3
"""Any OpenSpiel game the engine adapter knows: ludolog (over GTP) against OpenSpiel's MCTS.

Requires `pip install open_spiel` (tested with open_spiel 2.0.2).  The Hex match
with its own board checks is bench/gtp_vs_openspiel.py; this one plays the rule
files OpenSpiel also has (Connect Four, Breakthrough, Clobber, Othello,
Tic-tac-toe), translating moves and boards with the adapter of
examples/engines/openspiel.py (the one `ludolog check --against` uses), so both
programs play the same game and a disagreement is caught:

  * after every move, ludolog's position text (`ludolog-position`) must be the
    one the adapter writes from OpenSpiel's own board;
  * every move ludolog plays must be one of OpenSpiel's legal actions, and every
    move OpenSpiel plays must be accepted by ludolog;
  * the game ends for both at the same move, with the same winner.

ludolog plays first in even games and second in odd ones.  Both use the same
number of simulations a move (`--simulations N`, ludolog's `--player mcts:N`
unless `--player` says otherwise); OpenSpiel's MCTSBot runs with uct_c 2, one
random rollout a leaf and its solver on, as in OpenSpiel's examples/mcts.py.

Example:
    python3 bench/mcts_vs_openspiel.py --ludolog target/release/ludolog \\
        --game connect_four --games 20 --simulations 10000
    python3 bench/mcts_vs_openspiel.py --ludolog target/release/ludolog \\
        --game breakthrough --option rows=6 --option cols=6 --games 20
"""

import argparse
import importlib.util
import os
import shlex
import statistics
import sys
import time

import pyspiel

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from gtp_vs_openspiel import Gtp, GtpError  # noqa: E402  (the GTP client)

UCT_C = 2.0
ROLLOUTS = 1
MAX_MEMORY_MB = 1000


def adapter_module():
    """examples/engines/openspiel.py, loaded as a module."""
    path = os.path.join(HERE, "..", "examples", "engines", "openspiel.py")
    spec = importlib.util.spec_from_file_location("openspiel_adapter", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def status_of(gtp):
    for line in gtp.send("showboard").splitlines():
        if "status:" in line:
            # "won(x), ending: 4 in a line": the status, then how it came
            return line.split("status:", 1)[1].split(",", 1)[0].strip()
    raise AssertionError("no status in showboard")


def check_agree(gtp, session, where):
    ours = gtp.send("ludolog-position")
    theirs = session.describe()
    if "position" in theirs and ours != theirs["position"]:
        raise AssertionError(f"{where}: positions disagree\n  ludolog:   {ours}\n"
                             f"  openspiel: {theirs['position']}\n{session.state}")
    status, outcome = status_of(gtp), theirs["outcome"]
    if outcome is None:
        if status != "ongoing":
            raise AssertionError(f"{where}: ludolog says {status}, OpenSpiel goes on")
    elif isinstance(outcome, dict) and "win" in outcome:
        if status != f"won({outcome['win']})":
            raise AssertionError(f"{where}: OpenSpiel: {outcome}, ludolog: {status}")
    elif status != "draw":
        raise AssertionError(f"{where}: OpenSpiel: {outcome}, ludolog: {status}")


def play_game(index, args, adapter, module):
    ludolog_first = index % 2 == 0
    lud_player = 0 if ludolog_first else 1
    seed = args.seed + index
    argv = [args.ludolog, "gtp", args.game, "--tier", args.tier,
            "--player", args.player or f"mcts:{args.simulations}", "--seed", str(seed)]
    for o in args.option:
        argv += ["-O", o]
    gtp = Gtp(argv)
    session = module.Session(adapter)
    bot = pyspiel.MCTSBot(adapter.game, pyspiel.RandomRolloutEvaluator(ROLLOUTS, seed),
                          UCT_C, args.simulations, MAX_MEMORY_MB, True, seed, False)
    times = {"ludolog": [], "openspiel": []}
    moves, resigned = [], False
    try:
        check_agree(gtp, session, f"game {index} start")
        while not session.state.is_terminal():
            player = session.state.current_player()
            name = adapter.players[player]
            t0 = time.perf_counter()
            if player == lud_player:
                text = gtp.send(f"genmove {name}")
                times["ludolog"].append(time.perf_counter() - t0)
                if text.lower() == "resign":
                    resigned = True
                    moves.append("resign")
                    break
                session.play(text)  # refuses a move OpenSpiel does not have
            else:
                action = bot.step(session.state)
                times["openspiel"].append(time.perf_counter() - t0)
                text = adapter.move(session.state.action_to_string(player, action))
                gtp.send(f"play {name} {text}")
                session.play(text)
            moves.append(text)
            check_agree(gtp, session, f"game {index} move {len(moves)} ({text})")
    finally:
        gtp.close()
    if resigned:
        result = "loss"
    else:
        returns = session.state.returns()
        mine, theirs = returns[lud_player], returns[1 - lud_player]
        result = "win" if mine > theirs else "loss" if mine < theirs else "draw"
    return {"first": ludolog_first, "result": result, "resigned": resigned,
            "moves": len(moves), "times": times, "record": " ".join(moves)}


def row(label, games):
    n = len(games)
    wins = sum(g["result"] == "win" for g in games)
    draws = sum(g["result"] == "draw" for g in games)
    lud = [t for g in games for t in g["times"]["ludolog"]]
    osp = [t for g in games for t in g["times"]["openspiel"]]
    mean = lambda xs: statistics.mean(xs) if xs else 0.0
    score = (wins + draws / 2) / n
    return (f"| {label} | {wins}/{n} | {draws} | {100 * score:.0f}% | {mean(lud):.2f} "
            f"| {mean(osp):.2f} | {mean([g['moves'] for g in games]):.0f} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ludolog", required=True, help="the ludolog binary")
    ap.add_argument("--game", required=True, help="connect_four, breakthrough, ...")
    ap.add_argument("--option", action="append", default=[],
                    help="a game option KEY=VALUE, for both programs (repeat)")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--simulations", type=int, default=10000)
    ap.add_argument("--player", default=None, help="ludolog's --player (default mcts:SIMULATIONS)")
    ap.add_argument("--tier", default="accelerated")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    module = adapter_module()
    if args.game not in module.GAMES:
        sys.exit(f"the adapter does not know {args.game}: {', '.join(module.GAMES)}")
    options = {k: module.parse_value(v) for k, v in (o.split("=", 1) for o in args.option)}
    adapter = module.GAMES[args.game](options)

    results = []
    for i in range(args.games):
        t0 = time.perf_counter()
        r = play_game(i, args, adapter, module)
        results.append(r)
        print(f"game {i}: ludolog {'first' if r['first'] else 'second'}, {r['result']}"
              f"{' (resigned)' if r['resigned'] else ''}, {r['moves']} moves, "
              f"{time.perf_counter() - t0:.0f} s\n  {r['record']}", flush=True)

    print()
    print(f"ludolog ({args.player or f'mcts:{args.simulations}'}, {args.tier}) vs OpenSpiel "
          f"MCTSBot ({args.simulations} simulations, uct_c {UCT_C}, solver on), "
          f"{args.game} {' '.join(args.option)}")
    print()
    print("| ludolog plays | wins | draws | score | ludolog s/move | OpenSpiel s/move | moves/game |")
    print("|---|---|---|---|---|---|---|")
    for first, label in ((True, "first"), (False, "second")):
        games = [g for g in results if g["first"] == first]
        if games:
            print(row(label, games))
    print(row("total", results))
    print()
    print("Command: " + " ".join(shlex.quote(a) for a in ["python3"] + sys.argv))


if __name__ == "__main__":
    try:
        main()
    except GtpError as e:
        sys.exit(f"error: {e}")
