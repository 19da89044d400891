"""Time from starting `ludolog repl GAME` on a terminal to its first prompt `?- `.

Usage: python3 bench/repl_first_prompt.py target/release/ludolog repl hex
Prints the times of five starts, in milliseconds, sorted.
"""
import os, pty, select, sys, time


def first_prompt(args):
    """Seconds from the start of the program on a pseudo-terminal to `?- `."""
    t0 = time.time()
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(args[0], args)
    seen = b""
    while b"?- " not in seen:
        ready, _, _ = select.select([fd], [], [], 5)
        if not ready:
            break
        try:
            seen += os.read(fd, 1024)
        except OSError:
            break
    elapsed = time.time() - t0
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    return elapsed


if __name__ == "__main__":
    times = sorted(int(first_prompt(sys.argv[1:]) * 1000) for _ in range(5))
    print("first prompt (ms):", times)
