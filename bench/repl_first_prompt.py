"""Time from starting a Prolog top level on a terminal to its first prompt `?- `, and
to the answer of a query typed as soon as the prompt shows.

Usage: python3 bench/repl_first_prompt.py target/release/ludolog repl hex
       python3 bench/repl_first_prompt.py /usr/bin/swipl
Prints the times of seven starts, in milliseconds, sorted: to the prompt, and to the
answer of `Y is 6*7.` (the line `Y = 42`), typed the moment the prompt shows.  Any
top level that prints `?- ` and answers as SWI-Prolog does can be timed side by side.
"""
import os, pty, select, sys, time

QUERY = b"Y is 6*7.\r"
ANSWER = b"Y = 42"


def first_answer(args):
    """Seconds from the start of the program on a pseudo-terminal to `?- `, and to
    the answer of QUERY typed then (None when it never comes)."""
    t0 = time.time()
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(args[0], args)
    seen, prompt, answer = b"", None, None
    while answer is None:
        ready, _, _ = select.select([fd], [], [], 5)
        if not ready:
            break
        try:
            seen += os.read(fd, 1024)
        except OSError:
            break
        if prompt is None and b"?- " in seen:
            prompt = time.time() - t0
            os.write(fd, QUERY)
        if prompt is not None and ANSWER in seen:
            answer = time.time() - t0
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    return prompt, answer


def ms(times):
    """The times in milliseconds, sorted; `-` for each that never came."""
    done = sorted(int(t * 1000) for t in times if t is not None)
    return done + ["-"] * sum(t is None for t in times)


if __name__ == "__main__":
    runs = [first_answer(sys.argv[1:]) for _ in range(7)]
    print("first prompt (ms):", ms([p for p, _ in runs]))
    print("first answer (ms):", ms([a for _, a in runs]))
