#!/usr/bin/env python3
"""Time two or more builds' spec tier of one game on the same positions.

A random playout from the start is a poor yardstick between two rule files of one
game: each lists the moves in its own order, so the same seeds give other games,
and a game's length (and so the mix of cheap early plies and dear late ones) moves
the plies/s more than the code does.  This script plays GAMES random games with the
first build, keeps every position they pass through (as position texts), and then
has every build, at its REPL, list legal/2 at each position and play its middle
legal move with play/3, ROUNDS times over.  A build's time is that of the whole
session less the time of the same session with no rounds (start-up and reading the
positions), divided by the number of positions listed and played.

    python3 bench/spec_same_positions.py mitsudomoe BUILD... [--games 30] [--seed 11]
        [--rounds 2] [--repeat 3]

Each build is a `ludolog` binary; they run in turn, REPEAT times, and the medians
are printed.  Only the REPL's standard queries are used (no time/1), so an older
build can be timed too.
"""
import argparse
import re
import statistics
import subprocess
import sys
import time

FLAGS = ["--tier", "spec", "--trust", "--inference-limit", "1000000000000", "--time-limit", "0"]


def session(build, game, text):
    """Runs one REPL session on `text`; returns (seconds, output)."""
    start = time.monotonic()
    out = subprocess.run([build, "repl", game, *FLAGS], input=text, capture_output=True,
                         text=True, check=False).stdout
    return time.monotonic() - start, out


def positions(build, game, games, seed):
    """The position texts of `games` random games from the start, played by `build`."""
    text = f"""use_module(library(random)).
[user].
walk(S, Acc, All) :- ( outcome(S, _) -> All = Acc
    ; findall(M, legal(S, M), Ms), length(Ms, L), random_integer(0, L, I), nth0(I, Ms, M),
      play(S, M, S1), walk(S1, [S|Acc], All) ).
end_of_file.
set_random(seed({seed})), current(S0), between(1, {games}, _), walk(S0, [], All), member(P, All), phrase(position(P), Cs), atom_chars(A, Cs), writeq(pos(A)), nl, fail.
"""
    _, out = session(build, game, text)
    found = re.findall(r"^pos\((.*)\)$", out, re.M)
    if not found:
        sys.exit(f"no positions from {build}:\n{out[-2000:]}")
    return found


def rounds_text(texts, rounds):
    """A session that reads the positions, then lists and plays at each ROUNDS times."""
    facts = "".join(f"p({t}).\n" for t in texts)
    return f"""[user].
{facts}states(Ss) :- findall(S, (p(A), atom_chars(A, Cs), phrase(position(S), Cs)), Ss).
ply(Ss) :- member(S, Ss), findall(M, legal(S, M), Ms), length(Ms, N), N > 0,
    I is N // 2, nth0(I, Ms, M), play(S, M, _), fail.
ply(_).
rounds(0, _) :- !.
rounds(K, Ss) :- ply(Ss), K1 is K - 1, rounds(K1, Ss).
end_of_file.
states(Ss), length(Ss, Count), rounds({rounds}, Ss).
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("builds", nargs="+")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    texts = positions(a.builds[0], a.game, a.games, a.seed)
    print(f"{len(texts)} positions from {a.games} games (seed {a.seed}), {a.rounds} rounds each")
    base, full = rounds_text(texts, 0), rounds_text(texts, a.rounds)
    per = {b: [] for b in a.builds}
    for _ in range(a.repeat):
        for b in a.builds:
            t0, _ = session(b, a.game, base)
            t1, out = session(b, a.game, full)
            if f"Count = {len(texts)}" not in out:
                sys.exit(f"{b} did not read every position:\n{out[-2000:]}")
            per[b].append((t1 - t0) / (len(texts) * a.rounds))
    first = statistics.median(per[a.builds[0]])
    for b in a.builds:
        m = statistics.median(per[b])
        runs = ", ".join(f"{1000 * x:.3f}" for x in per[b])
        print(f"{b}: {1000 * m:.3f} ms a position listed and played "
              f"({runs}); {m / first:.2f}x the first build")


if __name__ == "__main__":
    main()
