#!/usr/bin/env python3
"""Random GDL playouts/s of ludolog beside a Rust port of ggp-base's logic prover
(ggp-rs 0.1.2, built as bench/ggp_prover), in one run, on the same rule sheets:

    python3 bench/gdl_vs_prover.py [--seconds S] [--ludolog PATH] [SHEET ...]

For each sheet (default: tictactoe, connect_four, breakthrough from tests/data/gdl)
it runs, one after the other on one thread,

    ludolog bench tests/data/gdl/SHEET.kif --positions 0 --seconds S --threads 1 --json
    bench/ggp_prover/target/release/ggp_prover tests/data/gdl/SHEET.kif S

and prints a table of both playouts/s (the first tier ludolog measures: for a GDL
sheet, spec), the ratio ludolog/prover, and the mean plies of a playout on each side
(the same rules played at random should give about the same). A playout is uniformly
random legal moves (joint moves in ggp_prover) from the initial state to the end.
ggp_prover's figure is over the time inside its playouts, not the loopback HTTP it
needs to reach ggp-rs (see bench/ggp_prover/src/main.rs).

It builds ggp_prover first (bench/ggp_prover/prepare.sh, then cargo build --release,
a no-op when up to date). Run it on an otherwise idle machine: both sides are
single-threaded, and a build beside them slows either.
"""
import argparse
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROVER_DIR = os.path.join(ROOT, "bench", "ggp_prover")
PROVER = os.path.join(PROVER_DIR, "target", "release", "ggp_prover")


def build_prover():
    """prepare.sh, then cargo build; their output only if one fails (the patched
    gdl-parser, a path dependency, repeats its 2015-era warnings on every build)."""
    for cmd in ([os.path.join(PROVER_DIR, "prepare.sh")],
                ["cargo", "build", "--release", "--locked", "--quiet", "--manifest-path",
                 os.path.join(PROVER_DIR, "Cargo.toml")]):
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"{' '.join(cmd)} failed:\n{run.stdout}{run.stderr}")


def ludolog_bench(ludolog, sheet, seconds):
    """(tier, playouts/s, plies/s) of `ludolog bench`'s first tier."""
    cmd = [ludolog, "bench", sheet, "--positions", "0", "--seconds", str(seconds),
           "--threads", "1", "--json"]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=ROOT).stdout
    tier = json.loads(out)["tiers"][0]
    return tier["tier"], tier["playouts_per_second"], tier["plies_per_second"]


def prover_bench(sheet, seconds):
    """(playouts/s, mean plies per playout) of ggp_prover, or None and the reason."""
    run = subprocess.run([PROVER, sheet, str(seconds)], capture_output=True, text=True, cwd=ROOT)
    rate = re.search(r"playouts in [\d.]+ s = ([\d.]+) playouts/s", run.stdout)
    plies = re.search(r"mean ([\d.]+);", run.stderr)
    if run.returncode != 0 or not rate or not plies:
        last = (run.stderr.strip().splitlines() or ["no output"])[-1]
        return None, last
    return float(rate.group(1)), float(plies.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sheets", nargs="*", default=["tictactoe", "connect_four", "breakthrough"],
                        help="sheet names in tests/data/gdl, or paths of .kif files")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--ludolog", default=os.path.join(ROOT, "target", "release", "ludolog"))
    args = parser.parse_args()
    if not os.access(args.ludolog, os.X_OK):
        sys.exit(f"no ludolog binary at {args.ludolog} (cargo build --release, or pass --ludolog)")
    build_prover()

    print(f"random playouts/s, one thread, {args.seconds:g} s each; prover: ggp-rs 0.1.2 (ggp-base's prover, ported)")
    head = ("sheet", "ludolog tier", "ludolog playouts/s", "ggp-rs playouts/s", "ludolog/ggp-rs",
            "plies/playout ludolog", "plies/playout ggp-rs")
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for name in args.sheets:
        sheet = name if name.endswith(".kif") else os.path.join("tests", "data", "gdl", name + ".kif")
        tier, rate, plies_rate = ludolog_bench(args.ludolog, sheet, args.seconds)
        prover_rate, prover_plies = prover_bench(sheet, args.seconds)
        label = os.path.splitext(os.path.basename(sheet))[0]
        plies = f"{plies_rate / rate:.1f}" if rate else "-"
        if prover_rate is None:
            cells = (label, tier, f"{rate:.1f}", "failed", "-", plies, prover_plies)
        else:
            ratio = f"{rate / prover_rate:.1f}x" if prover_rate else "-"
            cells = (label, tier, f"{rate:.1f}", f"{prover_rate:.1f}", ratio, plies, f"{prover_plies:.1f}")
        print("| " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
