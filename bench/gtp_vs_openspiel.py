#!/usr/bin/env python3
"""Hex match: ludolog (over GTP) against OpenSpiel's C++ MCTS (in-process).

Requires `pip install open_spiel` (tested with open_spiel 2.0.2).

Conventions (checked by hand on 3x3 boards in both programs, and asserted
after every move of every game by comparing the two boards):

  * ludolog: `black` = red = first player, joins TOP and BOTTOM (rows 1..N);
    `white` = blue, joins LEFT and RIGHT (columns a..).  Vertex = column
    letter + row number counted from the top, e.g. f6.  Rows of the board
    shift right as they go down, so cell (r, c) touches (r-1, c),
    (r-1, c+1), (r, c-1), (r, c+1), (r+1, c-1), (r+1, c).
  * OpenSpiel `hex`: player 0 (`x`) moves first and joins top and bottom;
    player 1 (`o`) joins left and right.  Action id = row * N + col
    (row-major, row 0 at the top), and `str(state)` draws rows shifting right
    as they go down: the same geometry.  So ludolog red = OpenSpiel player 0
    and a cell maps to the same (row, col) without transposition.
  * No pie rule: ludolog gets `-O swap=false`, OpenSpiel `swap=False`.

ludolog plays black (first) in even games and white in odd games.  A
`resign` from ludolog ends the game as a loss for ludolog.  Any disagreement
between the two programs (board, side to move, end of game, winner, an
illegal move, a GTP error) aborts the run with an error: it is a bug.
"""

import argparse
import shlex
import statistics
import subprocess
import sys
import time

import pyspiel

LETTERS = "abcdefghijklmnopqrstuvwxyz"  # GTP for Hex keeps the letter i
UCT_C = 2.0          # the exploration constant of OpenSpiel's examples/mcts.py
ROLLOUTS = 1         # random rollouts per leaf evaluation
MAX_MEMORY_MB = 1000


class GtpError(Exception):
    pass


class Gtp:
    """A GTP engine in a subprocess, one command at a time."""

    def __init__(self, argv):
        self.argv = argv
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True,
                                     bufsize=1)

    def send(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise GtpError(f"engine closed its output after {command!r}"
                               f" (exit code {self.proc.poll()})")
            line = line.rstrip("\r\n")
            if line.strip() == "" and lines:
                break
            if line.strip() == "" and not lines:
                continue
            lines.append(line)
        head = lines[0]
        if head.startswith("?"):
            raise GtpError(f"{command!r} -> {' / '.join(lines)}")
        if not head.startswith("="):
            raise GtpError(f"{command!r} -> unexpected answer {lines!r}")
        lines[0] = head[1:].strip()
        return "\n".join(lines).strip()

    def close(self):
        try:
            self.send("quit")
        except (GtpError, BrokenPipeError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def vertex_to_action(vertex, size):
    col = LETTERS.index(vertex[0].lower())
    row = int(vertex[1:]) - 1
    if not (0 <= col < size and 0 <= row < size):
        raise ValueError(f"vertex {vertex!r} off a {size}x{size} board")
    return row * size + col


def action_to_vertex(action, size):
    row, col = divmod(action, size)
    return f"{LETTERS[col]}{row + 1}"


def openspiel_position(state, size):
    """OpenSpiel's board in ludolog's `ludolog-position` notation.

    Read from str(state) (its own drawing of the board), not from our move
    list, so that the comparison really tests both programs.
    """
    rows = [line.split() for line in str(state).strip("\n").split("\n")]
    if len(rows) != size or any(len(r) != size for r in rows):
        raise AssertionError(f"unexpected OpenSpiel board:\n{state}")
    encoded = []
    for r in rows:
        out, run = "", 0
        for cell in r:
            if cell == ".":
                run += 1
                continue
            if cell not in ("x", "o"):
                raise AssertionError(f"unexpected OpenSpiel cell {cell!r}")
            if run:
                out += str(run)
                run = 0
            out += "r" if cell == "x" else "b"
        if run:
            out += str(run)
        encoded.append(out)
    return f"{size}x{size} " + "/".join(encoded)


def ludolog_status(gtp):
    board = gtp.send("showboard")
    for line in board.splitlines():
        if "status:" in line:
            return line.split("status:", 1)[1].strip()
    raise AssertionError(f"no status in showboard:\n{board}")


def check_agree(gtp, state, size, where):
    lud = gtp.send("ludolog-position")
    lud_board, lud_side = lud.rsplit(" ", 1) if lud.count(" ") >= 2 else (lud, "")
    osp_board = openspiel_position(state, size)
    if lud_board != osp_board:
        raise AssertionError(f"{where}: boards disagree\n  ludolog:   {lud}\n"
                             f"  openspiel: {osp_board}\n{state}")
    status = ludolog_status(gtp)
    if state.is_terminal():
        winner = "red" if state.returns()[0] > 0 else "blue"
        # the status may go on to say how the game ended ("won(red), ending: ...")
        if status.split(",")[0] != f"won({winner})":
            raise AssertionError(f"{where}: OpenSpiel says {winner} won, "
                                 f"ludolog says {status!r}")
    else:
        side = "red" if state.current_player() == 0 else "blue"
        if status != "ongoing" or lud_side != side:
            raise AssertionError(f"{where}: ludolog says {lud!r} status "
                                 f"{status!r}, OpenSpiel: {side} to move")


def play_game(index, args, game):
    size = args.size
    ludolog_first = index % 2 == 0
    lud_colour = "black" if ludolog_first else "white"
    lud_player = 0 if ludolog_first else 1
    seed = args.seed + index
    argv = [args.ludolog, "gtp", "hex", "-O", f"size={size}",
            "-O", "swap=false", "--player", args.player, "--seed", str(seed)]
    gtp = Gtp(argv)
    evaluator = pyspiel.RandomRolloutEvaluator(ROLLOUTS, seed)
    bot = pyspiel.MCTSBot(game, evaluator, UCT_C, args.simulations,
                          MAX_MEMORY_MB, True, seed, False)
    state = game.new_initial_state()
    lud_times, osp_times = [], []
    moves, resigned = [], False
    try:
        gtp.send(f"boardsize {size}")
        gtp.send("clear_board")
        check_agree(gtp, state, size, f"game {index} start")
        while not state.is_terminal():
            player = state.current_player()
            colour = "black" if player == 0 else "white"
            if player == lud_player:
                t0 = time.perf_counter()
                answer = gtp.send(f"genmove {colour}")
                lud_times.append(time.perf_counter() - t0)
                if answer.lower() == "resign":
                    resigned = True
                    moves.append("resign")
                    break
                action = vertex_to_action(answer, size)
                if action not in state.legal_actions():
                    raise AssertionError(f"game {index}: ludolog played "
                                         f"illegal {answer} (action {action})")
                state.apply_action(action)
                moves.append(answer)
            else:
                t0 = time.perf_counter()
                action = bot.step(state)
                osp_times.append(time.perf_counter() - t0)
                vertex = action_to_vertex(action, size)
                gtp.send(f"play {colour} {vertex}")
                state.apply_action(action)
                moves.append(vertex)
            check_agree(gtp, state, size,
                        f"game {index} move {len(moves)} ({moves[-1]})")
    finally:
        gtp.close()
    if resigned:
        winner = 1 - lud_player
    else:
        winner = 0 if state.returns()[0] > 0 else 1
    placed = len(moves) - (1 if resigned else 0)
    return {
        "game": index,
        "ludolog_colour": lud_colour,
        "winner": "black" if winner == 0 else "white",
        "ludolog_won": winner == lud_player,
        "resigned": resigned,
        "moves": placed,
        "lud_mean": statistics.mean(lud_times) if lud_times else 0.0,
        "lud_max": max(lud_times) if lud_times else 0.0,
        "osp_mean": statistics.mean(osp_times) if osp_times else 0.0,
        "osp_max": max(osp_times) if osp_times else 0.0,
        "lud_times": lud_times,
        "osp_times": osp_times,
        "record": " ".join(moves),
    }


def simulations_in(game, seconds, seed):
    """The simulations OpenSpiel's MCTSBot runs in `seconds` from the empty board:
    the median rate of three searches of 2,000 simulations, scaled."""
    rates = []
    for i in range(3):
        evaluator = pyspiel.RandomRolloutEvaluator(ROLLOUTS, seed + i)
        bot = pyspiel.MCTSBot(game, evaluator, UCT_C, 2000, MAX_MEMORY_MB, True,
                              seed + i, False)
        t0 = time.perf_counter()
        bot.step(game.new_initial_state())
        rates.append(2000 / (time.perf_counter() - t0))
    return max(1, int(statistics.median(rates) * seconds))


def summary_row(label, games):
    n = len(games)
    wins = sum(g["ludolog_won"] for g in games)
    lud = [t for g in games for t in g["lud_times"]]
    osp = [t for g in games for t in g["osp_times"]]
    mean = lambda xs: statistics.mean(xs) if xs else 0.0
    return (f"| {label} | {wins}/{n} | {100.0 * wins / n:.0f}% "
            f"| {mean(lud):.2f} | {max(lud, default=0):.2f} "
            f"| {mean(osp):.2f} | {mean([g['moves'] for g in games]):.0f} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ludolog", required=True, help="the ludolog binary")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--size", type=int, default=11)
    ap.add_argument("--simulations", type=int, default=10000,
                    help="OpenSpiel MCTS simulations per move")
    ap.add_argument("--player", default="mcts:100000",
                    help="ludolog's --player (default mcts:100000)")
    ap.add_argument("--seed", type=int, default=1,
                    help="base seed; game i uses seed+i for both programs")
    ap.add_argument("--seconds", type=float, default=None,
                    help="equal time per move: ludolog plays mcts:Ss (unless "
                         "--player is given), OpenSpiel the simulations it runs "
                         "in S seconds on the empty board, timed before the games")
    args = ap.parse_args()

    game = pyspiel.load_game("hex", {"board_size": args.size, "swap": False})
    params = game.get_parameters()
    assert params.get("swap") is False, params
    assert params["num_rows"] == params["num_cols"] == args.size, params
    if args.seconds is not None:
        if "--player" not in sys.argv:
            args.player = f"mcts:{args.seconds:g}s"
        args.simulations = simulations_in(game, args.seconds, args.seed)
        print(f"OpenSpiel runs {args.simulations} simulations in "
              f"{args.seconds:g} s on the empty board", flush=True)

    results = []
    for i in range(args.games):
        t0 = time.perf_counter()
        r = play_game(i, args, game)
        results.append(r)
        print(f"game {i}: ludolog {r['ludolog_colour']}, winner {r['winner']}"
              f"{' (ludolog resigned)' if r['resigned'] else ''}, "
              f"{r['moves']} moves, ludolog {r['lud_mean']:.2f} s/move "
              f"(max {r['lud_max']:.2f}), openspiel {r['osp_mean']:.2f} s/move "
              f"(max {r['osp_max']:.2f}), {time.perf_counter() - t0:.0f} s"
              f"\n  {r['record']}", flush=True)

    print()
    print(f"ludolog ({args.player}) vs OpenSpiel MCTSBot ({args.simulations} "
          f"simulations, uct_c {UCT_C}, {ROLLOUTS} random rollout, solver on), "
          f"Hex {args.size}x{args.size}, no swap")
    print()
    print("| ludolog plays | ludolog wins | win rate | ludolog s/move "
          "| ludolog max s/move | OpenSpiel s/move | mean moves/game |")
    print("|---|---|---|---|---|---|---|")
    for colour, label in (("black", "black (first, top-bottom)"),
                          ("white", "white (second, left-right)")):
        games = [g for g in results if g["ludolog_colour"] == colour]
        if games:
            print(summary_row(label, games))
    print(summary_row("total", results))
    resigns = sum(g["resigned"] for g in results)
    print()
    print(f"ludolog resignations: {resigns}")
    print()
    print("Command: " + " ".join(shlex.quote(a) for a in
                                 ["python3"] + sys.argv))


if __name__ == "__main__":
    main()
