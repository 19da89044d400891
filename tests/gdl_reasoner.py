#!/usr/bin/env python3
"""An independent GDL reasoner for ludolog's tests: bottom-up Datalog with stratified
negation, written apart from ludolog's translation into Prolog (nothing shared).

  gdl_reasoner.py perft SHEET DEPTH      leaves at depths 1..DEPTH, one line (a
                                         finished game is a leaf wherever it ends)
  gdl_reasoner.py walk SHEET SEED PLIES  a seeded random game: for each position
                                         "legal M1 | M2 | ..." then "play M", and
                                         at the end "goals R=V ..." if terminal,
                                         in the order of the roles (0 if none)

A move is written as ludolog writes it: the move of the role to move when every
other role has one legal move (the first role with more than one move, else the
first whose one move is not noop, else the first role), else the moves of all
roles joined by " & ".  Terms are KIF; symbols of digits are numbers."""

import random
import sys


def tokens(text):
    out = []
    for line in text.splitlines():
        line = line.split(";", 1)[0]
        for part in line.replace("(", " ( ").replace(")", " ) ").split():
            out.append(part.lower())
    return out


def parse(text):
    toks = tokens(text)
    pos = 0

    def expr():
        nonlocal pos
        t = toks[pos]
        pos += 1
        if t == "(":
            items = []
            while toks[pos] != ")":
                items.append(expr())
            pos += 1
            return tuple(items)
        return t

    exprs = []
    while pos < len(toks):
        exprs.append(expr())
    return exprs


def is_var(t):
    return isinstance(t, str) and t.startswith("?")


def name_of(lit):
    return lit[0] if isinstance(lit, tuple) else lit


def expand_or(body):
    """Bodies without `or`: one per choice of a disjunct of each `or`."""
    bodies = [[]]
    for lit in body:
        if isinstance(lit, tuple) and lit[0] == "or":
            bodies = [b + [d] for b in bodies for d in lit[1:]]
        else:
            bodies = [b + [lit] for b in bodies]
    if any(isinstance(l, tuple) and l[0] == "or" for b in bodies for l in b):
        return [nb for b in bodies for nb in expand_or(b)]
    return bodies


class Sheet:
    def __init__(self, text):
        self.rules = []
        for e in parse(text):
            if isinstance(e, tuple) and e[0] == "<=":
                for body in expand_or(list(e[2:])):
                    self.rules.append((e[1], body))
            else:
                self.rules.append((e, []))
        self.strata = self.stratify()

    def stratify(self):
        heads = {name_of(h) for h, _ in self.rules}
        level = {h: 0 for h in heads}
        changed = True
        while changed:
            changed = False
            for h, body in self.rules:
                for lit in body:
                    neg = isinstance(lit, tuple) and lit[0] == "not"
                    inner = lit[1] if neg else lit
                    n = name_of(inner)
                    if n in level:
                        need = level[n] + (1 if neg else 0)
                        if level[name_of(h)] < need:
                            level[name_of(h)] = need
                            changed = True
        top = max(level.values(), default=0)
        return [[r for r in self.rules if level[name_of(r[0])] == s] for s in range(top + 1)]

    def model(self, state, does):
        facts = {}

        def add(f):
            facts.setdefault(name_of(f), set()).add(f)

        for f in state:
            add(("true", f))
        for r, m in does:
            add(("does", r, m))
        for stratum in self.strata:
            changed = True
            while changed:
                changed = False
                for head, body in stratum:
                    for env in solve(body, {}, facts):
                        f = subst(head, env)
                        if f not in facts.get(name_of(f), ()):
                            add(f)
                            changed = True
        return facts


def subst(t, env):
    if is_var(t):
        return env.get(t, t)
    if isinstance(t, tuple):
        return tuple(subst(x, env) for x in t)
    return t


def match(pat, t, env):
    if is_var(pat):
        if pat in env:
            return env if env[pat] == t else None
        e = dict(env)
        e[pat] = t
        return e
    if isinstance(pat, tuple):
        if not isinstance(t, tuple) or len(t) != len(pat):
            return None
        for p, x in zip(pat, t):
            env = match(p, x, env)
            if env is None:
                return None
        return env
    return env if pat == t else None


def solve(body, env, facts):
    positives = [l for l in body if not (isinstance(l, tuple) and l[0] in ("not", "distinct"))]
    tests = [l for l in body if isinstance(l, tuple) and l[0] in ("not", "distinct")]

    def go(i, env):
        if i == len(positives):
            for t in tests:
                if t[0] == "distinct":
                    if subst(t[1], env) == subst(t[2], env):
                        return
                else:
                    g = subst(t[1], env)
                    if g in facts.get(name_of(g), ()):
                        return
            yield env
            return
        lit = positives[i]
        for f in list(facts.get(name_of(lit), ())):
            e = match(lit, f, env)
            if e is not None:
                yield from go(i + 1, e)

    yield from go(0, env)


def text(t):
    if isinstance(t, tuple):
        return "(" + " ".join(text(x) for x in t) + ")"
    return t


def key(t):
    """Prolog's standard order of the translated terms: numbers before atoms before
    compounds; compounds by arity, then name, then arguments."""
    if isinstance(t, tuple):
        return (2, len(t) - 1, t[0], tuple(key(x) for x in t[1:]))
    if t.isdigit() and (t == "0" or not t.startswith("0")):
        return (0, int(t))
    return (1, t)


class Game:
    def __init__(self, text):
        self.sheet = Sheet(text)
        base = self.sheet.model(set(), [])
        self.roles = [f[1] for f in sorted(base.get("role", ()), key=key)]
        order = [e[1] for e in parse(text) if isinstance(e, tuple) and e[0] == "role"]
        self.roles = order
        self.start = frozenset(f[1] for f in base.get("init", ()))

    def choices(self, state):
        m = self.sheet.model(state, [])
        if "terminal" in m:
            return m, None
        legal = m.get("legal", set())
        return m, [(r, sorted({f[2] for f in legal if f[1] == r}, key=key)) for r in self.roles]

    def moves(self, choices):
        mover = next((r for r, ms in choices if len(ms) > 1), None)
        if mover is None:
            mover = next((r for r, ms in choices if len(ms) == 1 and ms[0] != "noop"), choices[0][0])
        if all(len(ms) == 1 for r, ms in choices if r != mover):
            ms = dict(choices)[mover]
            return [(text(m), [(r, m if r == mover else dict(choices)[r][0]) for r, _ in choices]) for m in ms]
        joints = [[]]
        for r, ms in choices:
            joints = [j + [(r, m)] for j in joints for m in ms]
        return [(" & ".join(text(m) for _, m in j), j) for j in joints]

    def next(self, state, does):
        m = self.sheet.model(state, does)
        return frozenset(f[1] for f in m.get("next", ()))


def perft(game, state, depth):
    """Leaves of the game tree to `depth`; a finished game is a leaf wherever it ends."""
    _, choices = game.choices(state)
    if choices is None:
        return 1
    moves = game.moves(choices)
    if depth == 1:
        return len(moves)
    return sum(perft(game, game.next(state, does), depth - 1) for _, does in moves)


def main():
    cmd, path = sys.argv[1], sys.argv[2]
    game = Game(open(path).read())
    if cmd == "perft":
        depth = int(sys.argv[3])
        print(" ".join(str(perft(game, game.start, d)) for d in range(1, depth + 1)))
    elif cmd == "walk":
        rng = random.Random(int(sys.argv[3]))
        state = game.start
        for _ in range(int(sys.argv[4])):
            m, choices = game.choices(state)
            if choices is None:
                values = {f[1]: f[2] for f in m.get("goal", ())}
                print("goals " + " ".join(f"{r}={values.get(r, 0)}" for r in game.roles))
                return
            moves = game.moves(choices)
            print("legal " + " | ".join(sorted(t for t, _ in moves)))
            t, does = moves[rng.randrange(len(moves))]
            print("play " + t)
            state = game.next(state, does)
    else:
        sys.exit(f"unknown command {cmd}")


if __name__ == "__main__":
    main()
