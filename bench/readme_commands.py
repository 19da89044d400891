"""Runs the README's commands on a fresh clone and reports how long each took.

Usage: python3 bench/readme_commands.py [--repo PATH] [--timeout S] [--skip-tests]

Clones the repository (default: the one this script is in) into a temporary
directory, times `cargo build --release` and `cargo test` there (the two commands
of "The two commands"; --skip-tests leaves the second out), then every `ludolog ...`
line of the README's ```sh blocks, run in order with the fresh release binary in one
working directory (where rules/, examples/ and tests/ are the clone's) and with
standard input closed (`ludolog serve` lines,
servers that run until stopped, are listed but not run). A command that runs
past --timeout seconds (default 600) is stopped and reported as such. Prints one
row per command: seconds, exit code, the command.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time


def sh_lines(readme):
    """The `ludolog` command lines of the README's sh blocks, continuations joined,
    comments cut."""
    lines, block, joined = [], False, ""
    for raw in readme.splitlines():
        if raw.startswith("```"):
            block = raw.strip() == "```sh"
            continue
        if not block:
            continue
        line = joined + raw.strip()
        if line.endswith("\\"):
            joined = line[:-1] + " "
            continue
        joined = ""
        line = re.sub(r"\s+#.*$", "", line)
        if line.startswith("ludolog "):
            lines.append(line)
    return lines


def timed(args, cwd, timeout, shell=False, env=None):
    """Seconds, exit code (None when stopped at the timeout)."""
    t0 = time.time()
    try:
        p = subprocess.run(args, cwd=cwd, shell=shell, env=env, timeout=timeout,
                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        code = p.returncode
    except subprocess.TimeoutExpired:
        code = None
    return time.time() - t0, code


def main():
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", default=here)
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--skip-tests", action="store_true")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="ludolog-readme-")
    clone = os.path.join(tmp, "ludolog")
    subprocess.run(["git", "clone", "-q", a.repo, clone], check=True)
    shared = os.path.join(os.path.dirname(a.repo), "shared")
    if os.path.isdir(shared):
        shutil.copytree(shared, os.path.join(tmp, "shared"))
    rows = []
    secs, code = timed(["cargo", "build", "--release"], clone, None)
    rows.append((secs, code, "cargo build --release (what cargo run --release builds)"))
    print(f"{secs:8.1f}  {code}  cargo build --release", flush=True)
    if not a.skip_tests:
        secs, code = timed(["cargo", "test"], clone, None)
        rows.append((secs, code, "cargo test"))
        print(f"{secs:8.1f}  {code}  cargo test", flush=True)
    binary = os.path.join(clone, "target", "release", "ludolog")
    with open(os.path.join(clone, "README.md"), encoding="utf-8") as f:
        commands = sh_lines(f.read())
    # one working directory for all, as a reader's: a record saved by one command
    # is loaded by the next; relative paths in the README are the clone's
    work = os.path.join(tmp, "work")
    os.makedirs(work)
    for name in ("rules", "examples", "tests"):
        os.symlink(os.path.join(clone, name), os.path.join(work, name))
    env = dict(os.environ, PATH=os.path.dirname(binary) + os.pathsep + os.environ["PATH"])
    for line in commands:
        if line.startswith("ludolog serve"):
            # a server runs until it is stopped: nothing to time
            rows.append((0.0, "-", line + "   (a server: not run)"))
            continue
        secs, code = timed(line, work, a.timeout, shell=True, env=env)
        shown = "timeout" if code is None else code
        rows.append((secs, shown, line))
        print(f"{secs:8.1f}  {shown}  {line}", flush=True)
    shutil.rmtree(tmp, ignore_errors=True)
    print("\nseconds  exit  command")
    for secs, code, line in rows:
        print(f"{secs:8.1f}  {code}  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
